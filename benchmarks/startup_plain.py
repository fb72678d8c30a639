"""Warm starts in a browser that no automation watches, the app beside the bare boot.

    .venv/bin/python benchmarks/startup_plain.py [--engine chromium|firefox] [--rounds 5]
                                                 [--cpu-throttle 1,4] [--reloads 1]
                                                 [--just-installed] [--no-build] [--json PATH]

startup.py and startup_ab.py drive Chromium through Playwright, which turns on the
DevTools protocol's Page, Runtime and Network domains in every page it opens, injects its
own 330 KB script, and watches the page from it. A player's browser does none of that, and
some of it is costly: with the Network domain on, Chromium records for each request the
script stack that made it, and V8 must then reparse every function on that stack that it
ran from the code cache without source positions. Pyodide's module factory (1.2 MB) is on
the stack of the WebAssembly's fetch, so a browser just opened reparses it: about 100 ms of
the main thread at 4x, in a trace.

This script opens Chromium itself, with its DevTools port on, and sends only what it needs
to: the CPU throttle before the page is asked for, the navigation (``Page.navigate``,
``Page.reload``), and ``Runtime.evaluate`` to read whether the page is ready and its marks.
No domain is enabled. Each start is made twice, interleaved: "plain" as just said, and
"watched", with Page, Runtime and Network enabled first as Playwright does, which shows
what the watching costs. The app and the bare Pyodide page (startup.py's) are each on a
warm profile of their own (prepared through Playwright, as startup.py prepares them: a
visit, a reload, and a returning player's session, which ``--just-installed`` leaves out),
with the server stopped while they are measured: the installed app opened again. The report
says how much compiled code Chromium keeps for Pyodide's WebAssembly in each profile, which
moves the app's start in a new browser by up to a quarter.

``--engine firefox`` does the same in Debian's Firefox, which speaks WebDriver BiDi, not the
DevTools protocol: plain is a BiDi session that only navigates and evaluates; watched is
also subscribed to the events puppeteer-core subscribes to (the tests' Firefox bridge). Its
profiles are prepared as startup_engines.py prepares them. Firefox has no CPU throttle.
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import shutil
import socket
import statistics
import struct
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

import startup
from support.browser.engines import FIREFOX, Firefox

Times = dict[str, list[float]]  # "app, plain, new browser: ready" -> ms, one per load
CDP_WATCHING = ("Page.enable", "Runtime.enable", "Network.enable")  # what Playwright turns on
# What puppeteer-core subscribes a WebDriver BiDi session to (its BidiBrowser.subscribeModules).
BIDI_WATCHING = ("browsingContext", "network", "log", "script", "input")
MARKS = (
    "JSON.stringify(Object.fromEntries(performance.getEntriesByType('mark').map(m => [m.name, m.startTime])))"
)
# The document's ready flag, or "" while it is not ready or is still the one before a reload
# (marked as seen once read).
READY_STATE = "window.__plainSeen ? '' : (document.documentElement?.dataset.appReady || '')"
# The app's marks of each step of its start, in the order they usually come (web/boot.js,
# web/interpreter.js, web/main.py, the UI's first render), printed as where the time went.
STEPS = (
    "shown",
    "interpreter",
    "pyscript-asks",
    "snapshot-read",
    "python",
    "packages",
    "main",
    "live",
    "ready",
)
POLL_S = 0.2
SETTLE_S = 1.0  # after each browser closes, so the next does not start on a busy machine
SHOWN_WAIT_S = 5.0  # the first screen's mark, reported with the paint, may follow ready


class WebSocket:
    """Just enough of RFC 6455 for one local DevTools connection: text frames, no extensions."""

    def __init__(self, url: str) -> None:
        host_port, path = url.removeprefix("ws://").split("/", 1)
        host, port = host_port.rsplit(":", 1)
        self._socket = socket.create_connection((host, int(port)), timeout=startup.TIMEOUT_MS / 1000)
        key = base64.b64encode(os.urandom(16)).decode()
        handshake = (
            f"GET /{path} HTTP/1.1\r\nHost: {host_port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        self._socket.sendall(handshake.encode())
        self._buffer = b""
        self._ids = 0
        head = self._until(b"\r\n\r\n")
        if b" 101 " not in head.split(b"\r\n", 1)[0]:
            raise startup.BenchError(f"DevTools refused the connection: {head[:80]!r}")

    def _until(self, end: bytes) -> bytes:
        while end not in self._buffer:
            self._read_more()
        head, self._buffer = self._buffer.split(end, 1)
        return head

    def _read_more(self) -> None:
        chunk = self._socket.recv(1 << 16)
        if not chunk:
            raise startup.BenchError("DevTools closed the connection")
        self._buffer += chunk

    def _take(self, size: int) -> bytes:
        while len(self._buffer) < size:
            self._read_more()
        taken, self._buffer = self._buffer[:size], self._buffer[size:]
        return taken

    def send_text(self, text: str) -> None:
        data = text.encode()
        size = len(data)
        if size < 126:
            header = bytes([0x81, 0x80 | size])
        elif size < 1 << 16:
            header = bytes([0x81, 0x80 | 126]) + struct.pack(">H", size)
        else:
            header = bytes([0x81, 0x80 | 127]) + struct.pack(">Q", size)
        mask = os.urandom(4)  # a client must mask what it sends
        self._socket.sendall(header + mask + bytes(byte ^ mask[i % 4] for i, byte in enumerate(data)))

    def receive_text(self) -> str | None:
        """The next frame's text (None for a frame that is not text)."""
        first, second = self._take(2)
        size = second & 0x7F
        if size == 126:
            size = struct.unpack(">H", self._take(2))[0]
        elif size == 127:
            size = struct.unpack(">Q", self._take(8))[0]
        payload = self._take(size)
        return payload.decode() if first & 0x0F == 1 else None

    def call(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        """One JSON command (the DevTools protocol's and WebDriver BiDi's shape) and its
        answer; the events that arrive meanwhile are dropped."""
        self._ids += 1
        self.send_text(json.dumps({"id": self._ids, "method": method, "params": params}))
        while True:
            text = self.receive_text()
            message = json.loads(text) if text else {}
            if message.get("id") == self._ids:
                return dict(message)

    def close(self) -> None:
        self._socket.close()


class PlainChromium:
    """A Chromium started on a profile with its DevTools port on, and one page's connection:
    the CPU throttle set, and if ``watched``, the domains Playwright turns on."""

    name = "Chromium"

    def __init__(self, profile: Path, watched: bool) -> None:
        (profile / "DevToolsActivePort").unlink(missing_ok=True)
        self._process = subprocess.Popen(
            [
                startup.CHROMIUM,
                "--headless",
                "--remote-debugging-port=0",
                f"--user-data-dir={profile}",
                "--window-size=1280,720",
                *startup.CHROMIUM_ARGS,
                "about:blank",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            self._page = WebSocket(self._page_url(profile / "DevToolsActivePort"))
            if startup.THROTTLE["rate"] != 1.0:
                self.send("Emulation.setCPUThrottlingRate", {"rate": startup.THROTTLE["rate"]})
            for method in CDP_WATCHING if watched else ():
                self.send(method)
        except BaseException:
            self.close()
            raise

    def _page_url(self, port_file: Path) -> str:
        deadline = time.monotonic() + startup.TIMEOUT_MS / 1000
        while time.monotonic() < deadline:
            if port_file.exists() and (port := port_file.read_text().split("\n", 1)[0].strip()):
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list") as answer:
                    pages = [target for target in json.load(answer) if target["type"] == "page"]
                if pages:
                    return str(pages[0]["webSocketDebuggerUrl"])
            time.sleep(0.05)
        raise startup.BenchError("Chromium opened no DevTools port")

    def send(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        message = self._page.call(method, params or {})
        if "error" in message:
            raise startup.BenchError(f"{method}: {message['error']}")
        return dict(message.get("result", {}))

    def open(self, url: str) -> None:
        self.send("Page.navigate", {"url": url})

    def reload(self) -> None:
        self.send("Page.reload")

    def evaluate(self, expression: str) -> Any:
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        if "exceptionDetails" in result:
            raise startup.BenchError(f"{expression}: {json.dumps(result['exceptionDetails'])[:600]}")
        return result["result"].get("value")

    def close(self) -> None:
        if hasattr(self, "_page"):  # not when the connection itself failed
            self._page.close()
        _ended(self._process)


class PlainFirefox:
    """Debian's Firefox started on a profile with its remote agent on, and one WebDriver
    BiDi session (Firefox speaks no CDP): if ``watched``, subscribed to the events
    puppeteer-core subscribes to, as the tests' bridge drives it."""

    name = "Firefox"

    def __init__(self, profile: Path, watched: bool) -> None:
        port = _free_port()
        self._process = subprocess.Popen(
            [
                FIREFOX,
                "--headless",
                "--profile",
                str(profile),
                "--remote-debugging-port",
                str(port),
                "about:blank",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            self._session = self._connected(port)
            self.send("session.new", {"capabilities": {}})
            if watched:
                self.send("session.subscribe", {"events": list(BIDI_WATCHING)})
            self._context = self.send("browsingContext.getTree", {})["contexts"][0]["context"]
        except BaseException:
            self.close()
            raise

    def _connected(self, port: int) -> WebSocket:
        deadline = time.monotonic() + startup.TIMEOUT_MS / 1000
        while True:
            try:
                return WebSocket(f"ws://127.0.0.1:{port}/session")
            except (OSError, startup.BenchError):
                if time.monotonic() > deadline:
                    raise startup.BenchError("Firefox opened no WebDriver BiDi port") from None
                time.sleep(0.1)

    def send(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        message = self._session.call(method, params)
        if message.get("type") == "error":
            raise startup.BenchError(f"{method}: {message.get('error')}: {message.get('message')}")
        return dict(message.get("result", {}))

    def open(self, url: str) -> None:
        self.send("browsingContext.navigate", {"context": self._context, "url": url, "wait": "none"})

    def reload(self) -> None:
        self.send("browsingContext.reload", {"context": self._context, "wait": "none"})

    def evaluate(self, expression: str) -> Any:
        target = {"context": self._context}
        result = self.send(
            "script.evaluate", {"expression": expression, "target": target, "awaitPromise": False}
        )
        if result.get("type") != "success":
            raise startup.BenchError(f"{expression}: {json.dumps(result)[:600]}")
        return result["result"].get("value")

    def close(self) -> None:
        if hasattr(self, "_session"):
            self._session.close()
        _ended(self._process)


PlainBrowser = PlainChromium | PlainFirefox


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _ended(process: subprocess.Popen[bytes]) -> None:
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def wait_ready(browser: PlainBrowser, what: str) -> dict[str, float]:
    """The page's marks once it is ready (and, for the app, its first screen drawn)."""
    deadline = time.monotonic() + startup.TIMEOUT_MS / 1000
    while browser.evaluate(READY_STATE) != "1":
        if time.monotonic() > deadline:
            raise startup.BenchError(f"{what}: not ready within {startup.TIMEOUT_MS // 1000} s")
        time.sleep(POLL_S)
    marks: dict[str, float] = json.loads(browser.evaluate(MARKS))
    shown_by = time.monotonic() + SHOWN_WAIT_S
    while "ten-phases:painted" in marks and "ten-phases:shown" not in marks and time.monotonic() < shown_by:
        time.sleep(POLL_S)
        marks = json.loads(browser.evaluate(MARKS))
    browser.evaluate("window.__plainSeen = true")
    return marks


def record(into: Times, label: str, marks: dict[str, float], what: str) -> None:
    ready = marks.get("ten-phases:ready")
    if ready is None:
        raise startup.BenchError(f"{what}: ready without its ten-phases:ready mark")
    into.setdefault(f"{label}: ready", []).append(ready)
    if "ten-phases:shown" in marks:
        into.setdefault(f"{label}: first screen", []).append(marks["ten-phases:shown"])
    for name in STEPS:
        if f"ten-phases:{name}" in marks:
            into.setdefault(f"{label}: step {name}", []).append(marks[f"ten-phases:{name}"])


def step_medians(times: Times, label: str) -> dict[str, float]:
    """The median moment of each step the loads under ``label`` marked (``STEPS``), in order."""
    marked = {name: times.get(f"{label}: step {name}") for name in STEPS}
    return {name: statistics.median(values) for name, values in marked.items() if values}


def loads(
    engine: type[PlainBrowser],
    profile: Path,
    url: str,
    kind: str,
    watched: bool,
    reloads: int,
    into: Times,
    check: Callable[[PlainBrowser, str], None] | None = None,
) -> None:
    """One new browser on the profile: its start, then ``reloads`` reloads; ``check``, if
    given, is asked about each ready page (it raises BenchError if the load does not count)."""
    condition = "watched" if watched else "plain"
    browser = engine(profile, watched)
    try:
        for n in range(reloads + 1):
            scenario = "new browser" if n == 0 else "reload"
            if n == 0:
                browser.open(url)
            else:
                browser.reload()
            what = f"{engine.name}, {kind}, {condition}, {scenario}"
            marks = wait_ready(browser, what)
            if check is not None:
                check(browser, what)
            record(into, f"{kind}, {condition}, {scenario}", marks, what)
    finally:
        browser.close()
        time.sleep(SETTLE_S)


def prepare_firefox_profile(server: startup.Server, kind: startup.Kind, profile: Path) -> None:
    """As startup_engines.py's first round leaves it: visited online, the service worker in
    control (and, for the app, the snapshot settled), then reloaded once."""
    profile.mkdir()
    engine = Firefox(profile=profile)
    try:
        engine.open(server.url(kind))
        if kind == "app":
            engine.settle()
        else:
            engine.wait_for_worker()
        engine.reload(settle=False)
        if problems := engine.findings()[0]:
            raise startup.BenchError(f"Firefox, {kind}, preparing the warm profile: {problems}")
    finally:
        engine.close()


def run(
    engine: type[PlainBrowser], rounds: int, reloads: int, returning: bool
) -> tuple[Times, dict[str, Any]]:
    """The loads' times, and what the profiles were (``profiles``)."""
    times: Times = {}
    workdir = Path(tempfile.mkdtemp(prefix="startup-plain-"))
    try:
        server = startup.Server(0)
        with startup.running(server):
            if engine is PlainFirefox:
                for kind in startup.KINDS:
                    prepare_firefox_profile(server, kind, workdir / kind)
            else:
                with sync_playwright() as playwright:
                    for kind in startup.KINDS:
                        startup.prepare_profile(playwright, server, kind, workdir / kind, returning=returning)
        kept = profiles(engine, workdir, returning)
        for round_ in range(rounds):
            order = [(kind, watched) for kind in startup.KINDS for watched in (False, True)]
            for kind, watched in order if round_ % 2 == 0 else reversed(order):
                loads(engine, workdir / kind, server.url(kind), kind, watched, reloads, times)
            print(f"  {engine.name}: round {round_ + 1}/{rounds} done", file=sys.stderr, flush=True)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    return times, kept


def profiles(engine: type[PlainBrowser], workdir: Path, returning: bool) -> dict[str, Any]:
    """How the profiles were prepared and, in Chromium, the compiled code each keeps for
    Pyodide's WebAssembly (startup.wasm_code_cache_bytes), which moves a new browser's start.
    Firefox keeps none for a service worker's answers (the history's fourth look)."""
    kept: dict[str, Any] = {"returning_session": returning and engine is PlainChromium}
    if engine is PlainChromium:
        kept["wasm_code_cache_bytes"] = {
            kind: startup.wasm_code_cache_bytes(workdir / kind) for kind in startup.KINDS
        }
    return kept


def report(name: str, measured: tuple[Times, dict[str, Any]], rate: float) -> dict[str, Any]:
    times, kept = measured
    print(f"\n{name}, CPU {rate:g}x, warm offline; plain: nothing watching, watched: as its driver")
    print(f"  profiles: {profile_line(kept)}")
    print("  watches (Playwright's domains, puppeteer-core's subscriptions); median (range), ms")
    rows: dict[str, Any] = {}
    for condition in ("plain", "watched"):
        for scenario in ("new browser", "reload"):
            app = times.get(f"app, {condition}, {scenario}: ready")
            bare = times.get(f"bare, {condition}, {scenario}: ready")
            if not app or not bare:
                continue
            shown = times.get(f"app, {condition}, {scenario}: first screen", [])
            ratio = statistics.median(app) / statistics.median(bare)
            rows[f"{condition}, {scenario}"] = {
                "app": app,
                "bare": bare,
                "ratio": ratio,
                "first_screen": shown,
            }
            print(
                f"  {condition:<7} {scenario:<11}  ready: app {startup.median_range(app)}"
                f"  bare {startup.median_range(bare)}  {ratio:.2f}x"
                + (f"   first screen {startup.median_range(shown)}" if shown else "")
            )
    print("  the app's steps (median ms after the navigation began):")
    for condition in ("plain", "watched"):
        for scenario in ("new browser", "reload"):
            label = f"app, {condition}, {scenario}"
            line = "  ".join(f"{name} {at:.0f}" for name, at in step_medians(times, label).items())
            print(f"    {condition:<7} {scenario:<11}  {line}")
    return {"cpu_throttle": rate, "profiles": kept, "loads": rows}


def profile_line(kept: dict[str, Any]) -> str:
    session = "visited, reloaded" + (", then a returning session" if kept["returning_session"] else "")
    code = kept.get("wasm_code_cache_bytes")
    if code is None:
        return session
    sizes = ", ".join(f"{kind} {'?' if n is None else f'{n / 1e6:.2f} MB'}" for kind, n in code.items())
    return f"{session}; the WebAssembly's kept code: {sizes}"


def checked_engine(
    parser: argparse.ArgumentParser, args: argparse.Namespace, default_throttle: str
) -> tuple[type[PlainBrowser], list[float]]:
    """The browser ``--engine`` names and ``--cpu-throttle``'s factors (Chromium's default
    ``default_throttle``; Firefox has none), ``--rounds`` and ``--reloads`` checked, or the
    parser's error."""
    engine = PlainFirefox if args.engine == "firefox" else PlainChromium
    throttle = args.cpu_throttle or ("1" if engine is PlainFirefox else default_throttle)
    throttles = startup.checked_rounds_and_throttles(parser, args.rounds, throttle)
    if engine is PlainFirefox and throttles != [1.0]:
        parser.error("Firefox has no CPU throttle: --cpu-throttle 1 only")
    if args.reloads < 0:
        parser.error("--reloads must be 0 or more")
    return engine, throttles


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Warm starts in a browser no automation watches.")
    parser.add_argument("--engine", choices=("chromium", "firefox"), default="chromium")
    parser.add_argument("--rounds", type=int, default=5, help="rounds of each start (default 5)")
    parser.add_argument(
        "--cpu-throttle",
        help="Chromium's CPU slowed by each factor in turn (default 1,4; Firefox has no throttle: 1)",
    )
    parser.add_argument(
        "--reloads", type=int, default=1, help="reloads after each new browser's start (default 1)"
    )
    parser.add_argument(
        "--just-installed",
        action="store_true",
        help="profiles only visited and reloaded, without the returning session (startup.returning_session)",
    )
    parser.add_argument("--no-build", action="store_true", help="use dist/ as it is (default: build it)")
    parser.add_argument("--json", type=Path, help="also write the results here as JSON")
    args = parser.parse_args(argv)
    engine, throttles = checked_engine(parser, args, default_throttle="1,4")
    startup.built_site(parser, args.no_build)
    return startup.at_each_throttle(
        "startup_plain.py",
        args.rounds,
        throttles,
        lambda rate: report(
            engine.name, run(engine, args.rounds, args.reloads, not args.just_installed), rate
        ),
        args.json,
    )


if __name__ == "__main__":
    sys.exit(main())
