"""Start-up time: the app against a bare Pyodide boot, side by side in one run.

    .venv/bin/python benchmarks/startup.py [--rounds 7] [--engines chromium,firefox,webkit]
                                           [--cpu-throttle 1,4] [--port 0] [--no-build]
                                           [--json PATH]

Each engine is measured in a run of its own, app and bare alternating.  This file
measures Chromium, in detail; Firefox and WebKit are measured by startup_engines.py,
with the same pages and the same ready mark (see there for what each can measure).

Two pages, both served from the same dist/ (so the very same Pyodide files):

  app   dist/index.html: PyScript, micropip, the engine wheel, the UI, first screen.
  bare  benchmarks/bare/bare.html, served as /bench/bare.html next to dist/ (dist/ itself
        is not touched): loadPyodide() from ../pyodide/, one line of Python, done.

Both say they are ready with ``<html data-app-ready="1">`` and both register a service
worker that precaches their files with the same steps (benchmarks/bare/bare-sw.js is
the app's service_worker/sw.js cut down to the bare page's files), so they are
compared under the same conditions. Each round loads app and bare alternately (the
order swaps every round) in three scenarios:

  first visit      a fresh browser context (empty caches), server up.
  warm, new browser  a persistent profile that has loaded the page before (and is
                   controlled by its service worker, and has had a returning player's
                   session: prepare_profile), with the HTTP server STOPPED
                   (Chromium's offline emulation would not stop the worker's own
                   fetches): a new browser process on that profile opens the page.
  warm, reload     the same page reloaded, server still stopped.

Time is the page's own ``ten-phases:ready`` performance mark, which the app and the
bare page set as data-app-ready becomes "1", i.e. from the start of that
navigation; "wall" is ``time.perf_counter()`` around Playwright's navigate + wait.
The app also marks its first real screen: ``ten-phases:painted`` when boot.js paints
the screen stored by the last run (before Python starts), ``ten-phases:live`` when
Python's first render replaces it (or, with nothing stored, replaces the loading card);
"marked" is the earlier of the two. Both are set as the screen is put in the page, which
draws it only at its next frame: "drawn" is boot.js's ``ten-phases:shown``, the end of
that frame, what a player sees, and what the goals are held to. When the service worker
served the page with the stored screen already in it (sw.js's servedPage), "painted" is
the page's arrival and "shown" the browser's first contentful paint, which is that screen.

A phone is slower than this machine: ``--cpu-throttle 1,4`` (the default) runs the
Chromium rounds at full speed and again with the CPU slowed 4x
(``Emulation.setCPUThrottlingRate``, on every page, before it navigates), about a
mid-range Android phone.  Firefox and WebKit run at full speed only.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import hashlib
import http.server
import json
import os
import re
import shutil
import socket
import statistics
import sys
import tempfile
import threading
import time
import urllib.parse
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any, Literal, NamedTuple

import build
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, Request, sync_playwright
from playwright.sync_api import Error as PlaywrightError

import startup_engines
from common import machine, write_json
from support.browser import chromium
from support.browser.engines import SNAPSHOT_SETTLED

ROOT = build.ROOT

Kind = Literal["app", "bare"]
KINDS: tuple[Kind, Kind] = ("app", "bare")
SCENARIOS = {
    "first": "first visit, empty cache",
    "warm_new": "warm offline, new browser",
    "warm_reload": "warm offline, reload",
}
WARM_SCENARIOS = ("warm_new", "warm_reload")
# Issue 15's goals, as factors of a bare Pyodide boot: a warm offline start at most
# GOAL, a first visit at most FIRST_GOAL, and no more bytes over the network.
GOAL = 0.5
FIRST_GOAL = 0.8
# Issue 35's, for a warm offline start (the installed app opened again), by CPU throttle:
# ready at most this factor of the bare boot and this many ms, the first real screen on
# the page within this many ms.
WARM_GOALS: dict[float, dict[str, Any]] = {
    1.0: {"ready_ratio": 0.3, "ready_ms": None, "first_screen_ms": 250},
    4.0: {"ready_ratio": 0.25, "ready_ms": 2800, "first_screen_ms": 800},
}
ENGINES = ("chromium", "firefox", "webkit")

BARE = Path(__file__).resolve().parent / "bare"
BENCH = "/bench/"
PATHS: dict[Kind, str] = {"app": "/", "bare": f"{BENCH}bare.html"}
# What the bare page's service worker precaches (paths relative to /bench/): the page,
# its script, and everything loadPyodide() fetches.
BARE_PRECACHE = (
    "bare.html",
    "bare.mjs",
    *(f"../pyodide/{name}" for name in (*build.PYODIDE_FILES, "pyodide-lock.json")),
)

CHROMIUM = chromium.CHROMIUM
CHROMIUM_ARGS = list(chromium.CHROMIUM_ARGS)
TIMEOUT_MS = 60_000
READY = 'html[data-app-ready="1"]'
# Runs before any script of each new document: PyScript's progress steps (the app's
# only; the bare page has none).
INIT_SCRIPT = """
(() => {
  window.__steps = [];
  addEventListener("py:progress", (event) => window.__steps.push([performance.now(), String(event.detail)]));
})();
"""
READY_AT = f"performance.getEntriesByName('{startup_engines.READY_MARK}')[0]?.startTime ?? null"
# The app's first real screen: painted from storage before Python starts, or the first live
# render (the bare page has neither).
FIRST_SCREEN_AT = """(() => {
  const at = (name) => performance.getEntriesByName(name)[0]?.startTime ?? null;
  return [at('ten-phases:painted'), at('ten-phases:live')];
})()"""
# How much slower than this machine the CPU runs (Emulation.setCPUThrottlingRate): set by main.
THROTTLE = {"rate": 1.0}
CONTROLLED = "navigator.serviceWorker.controller !== null"


class BenchError(Exception):
    """The benchmark cannot go on (a page never became ready, the server would not stop...)."""


# --- the HTTP server: dist/ plus the bare page under /bench/ ----------------------------


@dataclasses.dataclass(frozen=True)
class Hit:
    """One request the server answered."""

    path: str
    status: int
    body_bytes: int


class BenchServer(http.server.ThreadingHTTPServer):
    def __init__(self, port: int, hits: list[Hit], bare_worker: bytes, site: Path) -> None:
        self.hits = hits
        self.hits_lock = threading.Lock()
        self.bare_worker = bare_worker
        super().__init__(("127.0.0.1", port), functools.partial(BenchHandler, directory=str(site)))


class BenchHandler(build.Handler):
    """build.py's handler (MIME types, headers) for dist/, plus benchmarks/bare/ as /bench/."""

    server: BenchServer
    _status = 0
    _body_bytes = 0

    def translate_path(self, path: str) -> str:
        if not urllib.parse.urlsplit(path).path.startswith(BENCH):
            return super().translate_path(path)
        dist, self.directory = self.directory, str(BARE)
        try:
            return super().translate_path(path.removeprefix(BENCH.rstrip("/")))
        finally:
            self.directory = dist

    def do_GET(self) -> None:  # noqa: N802 (the base class's name)
        if urllib.parse.urlsplit(self.path).path == f"{BENCH}bare-sw.js":
            self.send_response(200)
            self.send_header("Content-Type", "text/javascript")
            self.send_header("Content-Length", str(len(self.server.bare_worker)))
            self.end_headers()
            self.wfile.write(self.server.bare_worker)
            self._body_bytes = len(self.server.bare_worker)
        else:
            super().do_GET()
        with self.server.hits_lock:
            self.server.hits.append(Hit(self.path, int(self._status), self._body_bytes))

    def send_response(self, code: int, message: str | None = None) -> None:
        self._status = code
        super().send_response(code, message)

    def copyfile(self, source: IO[bytes], outputfile: IO[bytes]) -> None:  # type: ignore[override]
        start = source.tell()
        super().copyfile(source, outputfile)
        self._body_bytes += source.tell() - start

    def log_message(self, format: str, *args: object) -> None:
        pass


def bare_worker_source() -> bytes:
    """benchmarks/bare/bare-sw.js with its precache list (path -> sha256) filled in."""
    precache = {}
    for path in BARE_PRECACHE:
        file = build.DIST / path.removeprefix("../") if path.startswith("../") else BARE / path
        precache[path] = hashlib.sha256(file.read_bytes()).hexdigest()
    source = (BARE / "bare-sw.js").read_text()
    return source.replace("__PRECACHE__", json.dumps(precache, indent=1)).encode()


class Server:
    """The bench server on one fixed port, which can be stopped and started again: dist/, or
    another built site (startup_ab.py compares two)."""

    def __init__(self, port: int, site: Path | None = None) -> None:
        self.port = port
        self.site = build.DIST if site is None else site
        self.hits: list[Hit] = []
        self._bare_worker = bare_worker_source()
        self._running: tuple[BenchServer, threading.Thread] | None = None

    def start(self) -> None:
        server = BenchServer(self.port, self.hits, self._bare_worker, self.site)
        self.port = server.server_address[1]
        thread = threading.Thread(target=server.serve_forever, name="bench-server", daemon=True)
        thread.start()
        self._running = (server, thread)

    def stop(self) -> None:
        if self._running is None:
            return
        server, thread = self._running
        self._running = None
        server.shutdown()
        server.server_close()
        thread.join()
        try:  # make sure: a request must now fail
            socket.create_connection(("127.0.0.1", self.port), timeout=2).close()
        except OSError:
            return
        raise BenchError(f"the server on port {self.port} still accepts connections after stopping")

    def url(self, kind: Kind) -> str:
        return f"http://127.0.0.1:{self.port}{PATHS[kind]}"

    def body_bytes_since(self, mark: int) -> int:
        return sum(hit.body_bytes for hit in self.hits[mark:])


# --- loading a page ----------------------------------------------------------------------


@dataclasses.dataclass
class Load:
    in_page_ms: float
    wall_ms: float
    painted_ms: float | None = None  # the stored screen painted before Python started
    live_ms: float | None = None  # Python's first render
    shown_ms: float | None = None  # the end of the frame that drew the first of them

    @property
    def first_screen_ms(self) -> float | None:
        """When the first real screen was on the page: painted from storage, or live."""
        times = [t for t in (self.painted_ms, self.live_ms) if t is not None]
        return min(times) if times else None


def throttled(page: Page) -> Page:
    """The page with its CPU slowed as asked (``THROTTLE``); the CDP session that does it is
    kept with the page, for the throttle lasts as long as it."""
    if THROTTLE["rate"] != 1.0:
        session = page.context.new_cdp_session(page)
        session.send("Emulation.setCPUThrottlingRate", {"rate": THROTTLE["rate"]})
        page._throttle = session  # type: ignore[attr-defined]
    return page


@dataclasses.dataclass
class Fetched:
    """One request of the page itself (not its service worker's)."""

    path: str
    resource_type: str
    status: int | None  # 304 when the HTTP cache (filled by the service worker's precache) revalidated
    body_bytes: int
    from_service_worker: bool
    failed: str | None


class Watch:
    """A page's requests and console output: for byte counts, request lists, error messages."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.requests: list[Request] = []
        self.console: list[str] = []
        page.on("request", self._on_request)
        page.on("console", lambda message: self.console.append(f"{message.type}: {message.text}"))
        page.on("pageerror", lambda error: self.console.append(f"page error: {error}"))

    def _on_request(self, request: Request) -> None:
        self.requests.append(request)

    def fetched(self) -> list[Fetched]:
        result = []
        for request in self.requests:
            if not request.url.startswith("http"):
                continue
            response = request.response()
            failure = request.failure
            body = 0
            if response is not None and not response.from_service_worker and failure is None:
                body = request.sizes()["responseBodySize"]
            path = urllib.parse.urlsplit(request.url).path
            from_worker = response is not None and response.from_service_worker
            status = response.status if response is not None else None
            result.append(Fetched(path, request.resource_type, status, body, from_worker, failure))
        return result

    def timed(self, navigate: Callable[[], object], what: str) -> Load:
        """Navigate, wait for data-app-ready, and return both times."""
        start = time.perf_counter()
        try:
            navigate()
            self.page.wait_for_selector(READY, state="attached", timeout=TIMEOUT_MS)
        except PlaywrightError as error:
            log = "\n".join(f"    {line}" for line in self.console[-20:]) or "    (nothing)"
            raise BenchError(
                f"{what}: the page never became ready ({READY}) within {TIMEOUT_MS // 1000} s: "
                f"{str(error).splitlines()[0]}\n  console:\n{log}"
            ) from error
        wall = (time.perf_counter() - start) * 1000
        in_page = self.page.evaluate(READY_AT)
        if in_page is None:
            raise BenchError(f"{what}: ready, but without its {startup_engines.READY_MARK} mark")
        painted, live = self.page.evaluate(FIRST_SCREEN_AT)
        shown = None
        if painted is not None or live is not None:  # the app's page (the bare one has none)
            drawn = self.page.wait_for_function(startup_engines.SHOWN_AT, timeout=TIMEOUT_MS)
            shown = float(drawn.json_value())
        return Load(
            float(in_page),
            wall,
            None if painted is None else float(painted),
            None if live is None else float(live),
            shown,
        )


def goto(page: Page, url: str) -> Callable[[], object]:
    return lambda: page.goto(url, wait_until="commit", timeout=TIMEOUT_MS)


def wait_controlled(page: Page, what: str) -> None:
    try:
        page.wait_for_function(CONTROLLED, timeout=TIMEOUT_MS)
    except PlaywrightError as error:
        seconds = TIMEOUT_MS // 1000
        raise BenchError(f"{what}: no service worker controls the page after {seconds} s") from error


def launch_profile(playwright: Playwright, profile: Path) -> BrowserContext:
    context = playwright.chromium.launch_persistent_context(
        profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
    )
    context.add_init_script(INIT_SCRIPT)
    return context


@dataclasses.dataclass
class FirstVisit:
    load: Load
    page_bytes: int  # response bodies the page itself got over the network, until ready
    total_bytes: int  # every response body the server sent, service worker precache included
    fetched: list[Fetched]
    steps: list[tuple[float, str]]


def first_visit(browser: Browser, server: Server, kind: Kind, round_: int) -> FirstVisit:
    context = browser.new_context()
    try:
        context.add_init_script(INIT_SCRIPT)
        page = throttled(context.new_page())
        watch = Watch(page)
        mark = len(server.hits)
        what = f"round {round_}, {kind}, first visit"
        load = watch.timed(goto(page, server.url(kind)), what)
        fetched = watch.fetched()
        steps = [(float(t), str(s)) for t, s in page.evaluate("window.__steps")]
        wait_controlled(page, what)  # its worker has precached everything by now
        total = server.body_bytes_since(mark)
        return FirstVisit(load, sum(f.body_bytes for f in fetched), total, fetched, steps)
    finally:
        context.close()


def prepare_profile(
    playwright: Playwright, server: Server, kind: Kind, profile: Path, *, returning: bool = True
) -> None:
    """Visit once online until the service worker controls the page, then load it controlled
    once; then, unless told, a returning player's session (``returning_session``)."""
    context = launch_profile(playwright, profile)
    try:
        page = context.new_page()
        watch = Watch(page)
        watch.timed(goto(page, server.url(kind)), f"{kind}, preparing the warm profile")
        wait_controlled(page, f"{kind}, preparing the warm profile")
        if kind == "app":  # and the memory snapshot it makes once controlled is stored
            page.wait_for_function(SNAPSHOT_SETTLED, timeout=TIMEOUT_MS)
        watch.timed(page.reload, f"{kind}, preparing the warm profile (reload)")
    finally:
        context.close()
    if returning:
        returning_session(playwright, server, kind, profile)


class CachedFile(NamedTuple):
    """A file put in the build's cache of a warm profile, instead of (``replaces``: it must be
    there already) or beside the build's own."""

    path: str
    text: str
    content_type: str
    replaces: bool = True


PUT_IN_CACHE = """async ([files, cacheName]) => {
  const cache = await caches.open(cacheName);
  for (const [path, text, type, replaces] of files) {
    const url = new URL(path, location.href).href;
    if (replaces && !(await cache.match(url))) throw new Error(`${path} is not in ${cacheName}`);
    await cache.put(url, new Response(text, { headers: { 'Content-Type': type } }));
  }
}"""


def build_cache_name() -> str:
    """The service worker's cache of the build in dist/ (sw.js's CACHE)."""
    found = re.search(r'data-build="([0-9a-f]+)"', (build.DIST / "index.html").read_text())
    if found is None:
        raise BenchError("dist/index.html names no build")
    return f"ten-phases-{found[1]}"


def put_in_cache(playwright: Playwright, server: Server, profile: Path, files: list[CachedFile]) -> None:
    """The app opened on the warm profile puts ``files`` in its build's cache: what its next
    starts are served (the benchmarks that take parts of a start away)."""
    context = launch_profile(playwright, profile)
    try:
        page = context.new_page()
        Watch(page).timed(goto(page, server.url("app")), "editing the cache")
        page.evaluate(PUT_IN_CACHE, [[list(file) for file in files], build_cache_name()])
    finally:
        context.close()


# The same Python work for the app and the bare page, standing in for a game played: V8
# keeps compiled code for a WebAssembly module (beside the Cache API entry it was compiled
# from) only for the functions it has optimised, and writes it only once it has optimised
# enough of them in one page's life. A profile only visited and reloaded had that code for
# the bare page (whose Python starts from scratch) more often than for the app (whose Python
# is restored): in a browser just opened, the app without it was about 185 ms slower
# (docs/research/2026-11-startup-history.md, a thirteenth look). A player who has played has
# it; this work (about 2.4 s here) writes it for both pages alike.
RETURNING_WORK = r"""
import json, re
source = "\n".join(
    f"def f{i}(x):\n    return [str(x + k) for k in range({i % 7 + 1})]\n"
    f"class C{i}:\n    a = {i}\n    def m(self):\n        return {{'v': f{i}(self.a), 'n': self.a * 2}}\n"
    for i in range(200)
)
for _ in range(100):
    space = {}
    exec(compile(source, "session", "exec"), space)
    json.loads(json.dumps([space[f"C{i}"]().m() for i in range(200)]))
    re.findall(r"\d+", source)
"""
# Each page's module whose ``python`` export is its started Python (a dynamic import of a
# module the page has run answers the same module).
PYTHON_MODULE: dict[Kind, str] = {"app": "interpreter.js", "bare": "bare.mjs"}
RUN_PYTHON = """async ([module, source]) => {
  const { python } = await import(new URL(module, location).href);
  (await python).runPython(source);
}"""
# V8 writes its code cache some time after it last optimised a function (2 s in the V8 of
# this machine's Chromium, --wasm-caching-timeout-ms); the session stays open past that.
CODE_CACHE_WAIT_MS = 5000


def returning_session(playwright: Playwright, server: Server, kind: Kind, profile: Path) -> None:
    """A new browser on the profile opens the page and runs ``RETURNING_WORK`` in its Python."""
    context = launch_profile(playwright, profile)
    try:
        page = context.new_page()
        Watch(page).timed(goto(page, server.url(kind)), f"{kind}, a returning session")
        page.evaluate(RUN_PYTHON, [PYTHON_MODULE[kind], RETURNING_WORK])
        page.wait_for_timeout(CODE_CACHE_WAIT_MS)
    finally:
        context.close()


def wasm_code_cache_bytes(profile: Path) -> int | None:
    """The compiled code Chromium keeps beside the profile's cached Pyodide WebAssembly, in
    bytes (0: none), or None when no such entry is found. Read from Chromium's disk cache
    (the "simple" format: an entry's key, here the URL, near the start of its ``_0`` file;
    its side data, the code, in its ``_1`` file), for the benchmark's report only."""
    caches = profile / "Default" / "Service Worker" / "CacheStorage"
    for body in caches.rglob("*_0"):
        with body.open("rb") as file:
            if b"/pyodide/pyodide.asm.wasm" in file.read(1024):
                side = body.with_name(body.name[:-2] + "_1")
                return side.stat().st_size if side.exists() else 0
    return None


@dataclasses.dataclass
class WarmStart:
    new_browser: Load
    reload: Load
    fetched: list[Fetched]  # both loads
    steps: list[tuple[float, str]]  # the new browser's load
    resources: list[tuple[str, float, float]]  # the new browser's load: name, start, end


def warm_start(playwright: Playwright, server: Server, kind: Kind, profile: Path, round_: int) -> WarmStart:
    """With the server stopped: open the page in a new browser on a warm profile, then reload it."""
    context = launch_profile(playwright, profile)
    try:
        page = throttled(context.new_page())
        watch = Watch(page)
        what = f"round {round_}, {kind}, warm offline"
        new_browser = watch.timed(goto(page, server.url(kind)), f"{what} (new browser)")
        if not page.evaluate(CONTROLLED):
            raise BenchError(f"{what}: ready, but no service worker controls the page")
        steps = [(float(t), str(s)) for t, s in page.evaluate("window.__steps")]
        resources = [
            (str(name), float(start), float(end))
            for name, start, end in page.evaluate(
                "performance.getEntriesByType('resource').map(e => [e.name, e.startTime, e.responseEnd])"
            )
        ]
        reload = watch.timed(page.reload, f"{what} (reload)")
        fetched = watch.fetched()
        missed = [f.path for f in fetched if not f.from_service_worker]
        if missed:
            raise BenchError(f"{what}: requests not answered by the service worker: {missed}")
        return WarmStart(new_browser, reload, fetched, steps, resources)
    finally:
        context.close()


# --- the run -----------------------------------------------------------------------------


@dataclasses.dataclass
class Results:
    rounds: int
    loads: dict[str, dict[Kind, list[Load]]] = dataclasses.field(
        default_factory=lambda: {scenario: {"app": [], "bare": []} for scenario in SCENARIOS}
    )
    first_bytes: dict[Kind, list[tuple[int, int]]] = dataclasses.field(
        default_factory=lambda: {"app": [], "bare": []}
    )
    first_fetched: dict[Kind, list[Fetched]] = dataclasses.field(default_factory=dict)
    warm_fetched: dict[Kind, list[Fetched]] = dataclasses.field(default_factory=dict)
    app_paths_requested: set[str] = dataclasses.field(default_factory=set)
    server_paths: set[str] = dataclasses.field(default_factory=set)
    steps: dict[str, list[tuple[float, str]]] = dataclasses.field(default_factory=dict)
    resources: list[tuple[str, float, float]] = dataclasses.field(default_factory=list)


@contextmanager
def running(server: Server) -> Iterator[None]:
    server.start()
    try:
        yield
    finally:
        server.stop()


def run(rounds: int, port: int) -> Results:
    results = Results(rounds)
    server = Server(port)
    workdir = Path(tempfile.mkdtemp(prefix="startup-bench-"))
    profiles = {kind: workdir / kind for kind in KINDS}
    try:
        with sync_playwright() as playwright:
            with running(server):
                for kind in KINDS:
                    prepare_profile(playwright, server, kind, profiles[kind])
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            try:
                for round_ in range(1, rounds + 1):
                    order = KINDS if round_ % 2 else KINDS[::-1]
                    with running(server):
                        for kind in order:
                            visit = first_visit(browser, server, kind, round_)
                            results.loads["first"][kind].append(visit.load)
                            results.first_bytes[kind].append((visit.page_bytes, visit.total_bytes))
                            results.first_fetched.setdefault(kind, visit.fetched)
                            if kind == "app":
                                results.app_paths_requested.update(f.path for f in visit.fetched)
                                results.steps.setdefault("first visit", visit.steps)
                    # The server is stopped (and checked to refuse connections) from here.
                    for kind in order:
                        warm = warm_start(playwright, server, kind, profiles[kind], round_)
                        results.loads["warm_new"][kind].append(warm.new_browser)
                        results.loads["warm_reload"][kind].append(warm.reload)
                        results.warm_fetched.setdefault(kind, warm.fetched)
                        if kind == "app":
                            results.app_paths_requested.update(f.path for f in warm.fetched)
                            results.steps.setdefault("warm offline, new browser", warm.steps)
                            if not results.resources:
                                results.resources = warm.resources
                    print(f"  round {round_}/{rounds} done", file=sys.stderr, flush=True)
            finally:
                browser.close()
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    results.server_paths = {urllib.parse.urlsplit(hit.path).path for hit in server.hits}
    return results


# --- the report --------------------------------------------------------------------------


def summary(values: list[float]) -> dict[str, float]:
    return {"median": statistics.median(values), "min": min(values), "max": max(values)}


def median_range(values: list[float]) -> str:
    """``values`` as a table cell: "median (min-max)", in whole ms."""
    return f"{statistics.median(values):6.0f} ({min(values):.0f}-{max(values):.0f})"


def mb(size: float) -> str:
    return f"{size / 1e6:.2f} MB"


def report(results: Results) -> dict[str, Any]:
    print("\nTen Phases start-up: the app vs a bare Pyodide boot (same dist/pyodide/ files)")
    print(
        f"{results.rounds} rounds, app and bare alternating; Chromium headless, "
        f"{machine()}, {os.cpu_count()} CPUs, CPU throttled {THROTTLE['rate']:g}x"
    )
    print("time: performance.now() in the page when data-app-ready became 1, from navigation start")
    print("wall: time.perf_counter() around Playwright's navigation + wait\n")
    columns = ("app median (min-max)", "bare median (min-max)", "app/bare")
    header = f"{'scenario':<28}{'measure':<9}{columns[0]:>24}{columns[1]:>25}{columns[2]:>10}"
    print(header)
    print("-" * len(header))
    table: dict[str, Any] = {}
    for scenario, title in SCENARIOS.items():
        table[scenario] = {}
        for measure in ("in_page_ms", "wall_ms"):
            stats = {
                kind: summary([getattr(load, measure) for load in results.loads[scenario][kind]])
                for kind in KINDS
            }
            ratio = stats["app"]["median"] / stats["bare"]["median"]
            entry: dict[str, object] = {"app": stats["app"], "bare": stats["bare"], "ratio": ratio}
            table[scenario][measure] = entry
            cells = [f"{s['median']:.0f} ms ({s['min']:.0f}-{s['max']:.0f})" for s in stats.values()]
            label = title if measure == "in_page_ms" else ""
            name = "time" if measure == "in_page_ms" else "wall"
            print(f"{label:<28}{name:<9}{cells[0]:>24}{cells[1]:>25}{ratio:>9.2f}x")

    print("\nThe app's first real screen (stored and painted before Python, or the first live render), ms:")
    print("drawn (the end of the frame that drew it), and marked (as it was put in the page)")
    first_screens: dict[str, Any] = {}
    for scenario, title in SCENARIOS.items():
        loads = results.loads[scenario]["app"]
        times = [load.shown_ms for load in loads if load.shown_ms is not None]
        marks = [load.first_screen_ms for load in loads if load.first_screen_ms is not None]
        painted = sum(1 for load in loads if load.painted_ms is not None)
        if not times or not marks:
            print(f"  {title:<28}no mark")
            continue
        first_screens[scenario] = {
            **summary(times),
            "marked": summary(marks),
            "painted_from_storage": painted,
            "loads": len(loads),
        }
        drawn, marked = first_screens[scenario], first_screens[scenario]["marked"]
        print(
            f"  {title:<28}drawn {drawn['median']:.0f} ms ({drawn['min']:.0f}-{drawn['max']:.0f}); "
            f"marked {marked['median']:.0f} ms ({marked['min']:.0f}-{marked['max']:.0f}); "
            f"painted from storage in {painted} of {len(loads)}"
        )

    print("\nEach round (time, ms):")
    for scenario, title in SCENARIOS.items():
        for kind in KINDS:
            values = " ".join(f"{load.in_page_ms:5.0f}" for load in results.loads[scenario][kind])
            print(f"  {title:<28}{kind:<6}{values}")

    print("\nFirst visit, bytes over the network (response bodies; median over rounds; MB = 10^6 bytes):")
    first_bytes: dict[str, Any] = {}
    for kind in KINDS:
        page = statistics.median(p for p, _ in results.first_bytes[kind])
        total = statistics.median(t for _, t in results.first_bytes[kind])
        first_bytes[kind] = {"page_bytes": page, "total_bytes": total}
        print(f"  {kind:<5} page itself {mb(page):>10}; with its service worker's precache {mb(total):>10}")

    print("\nGoals, against a bare Pyodide boot (median, in-page time; bytes with the precache):")
    goal: dict[str, Any] = {}
    for scenario in (*WARM_SCENARIOS, "first"):
        limit = FIRST_GOAL if scenario == "first" else GOAL
        ratio = table[scenario]["in_page_ms"]["ratio"]
        goal[scenario] = {"ratio": ratio, "at_most": limit, "met": ratio <= limit}
        verdict = "met" if ratio <= limit else "NOT met"
        print(f"  {SCENARIOS[scenario]:<28}{ratio:.2f}x  at most {limit}x: {verdict}")
    fewer = first_bytes["app"]["total_bytes"] <= first_bytes["bare"]["total_bytes"]
    goal["first_bytes"] = {"met": fewer}
    print(f"  {'first-visit bytes':<28}no more than bare: {'met' if fewer else 'NOT met'}")
    warm = WARM_GOALS.get(THROTTLE["rate"])
    if warm is not None:
        print(f"\nIssue 35's goals at {THROTTLE['rate']:g}x CPU, warm offline (median):")
        for scenario in WARM_SCENARIOS:
            goal[f"issue35_{scenario}"] = _issue35_checks(
                table[scenario]["in_page_ms"], first_screens, scenario, warm
            )

    print("\nRequests of the page itself, first visit of round 1 (path, type, status, body bytes):")
    for kind in KINDS:
        print(f"  {kind}:")
        for f in results.first_fetched[kind]:
            note = " (service worker)" if f.from_service_worker else ""
            note += f" FAILED {f.failed}" if f.failed else ""
            print(f"    {f.path:<44}{f.resource_type:<11}{f.status or '-'!s:>4}{f.body_bytes:>11,}{note}")
    bare_paths = {f.path for f in results.first_fetched["bare"]}
    only_app = [f.path for f in results.first_fetched["app"] if f.path not in bare_paths]
    print(f"  only the app: {len(only_app)} requests, {', '.join(only_app)}")

    for title, steps in results.steps.items():
        print(f"\nThe app's PyScript steps, {title} of round 1 (ms from navigation start):")
        for at, step in steps:
            print(f"  {at:8.0f}  {step}")
    print("\nThe app's fetches, warm offline new browser of round 1 (ms from navigation start, start-end):")
    for name, start, end in results.resources:
        print(f"  {start:8.0f} {end:8.0f}  {urllib.parse.urlsplit(name).path}")

    watched = {
        "micropip wheel": "micropip-",
        "pyodide_graph chunk": "pyodide_graph",
    }
    print("\nRequested by the app page itself, in any load / by anyone (incl. service-worker precache):")
    requested = {}
    for label, needle in watched.items():
        by_page = sorted(p for p in results.app_paths_requested if needle in p)
        by_anyone = sorted(p for p in results.server_paths if needle in p)
        requested[label] = {"by_page": by_page, "by_server": by_anyone}
        page_list, server_list = ", ".join(by_page) or "never", ", ".join(by_anyone) or "never"
        print(f"  {label:<20} page: {page_list}; server: {server_list}")

    return {
        "rounds": results.rounds,
        "cpu_throttle": THROTTLE["rate"],
        "first_screen": first_screens,
        "cpus": os.cpu_count(),
        "machine": machine(),
        "scenarios": SCENARIOS,
        "summary": table,
        "loads": {
            scenario: {kind: [dataclasses.asdict(load) for load in loads] for kind, loads in by_kind.items()}
            for scenario, by_kind in results.loads.items()
        },
        "first_visit_bytes": first_bytes,
        "first_visit_bytes_per_round": results.first_bytes,
        "goal": goal,
        "first_visit_requests": {
            kind: [dataclasses.asdict(f) for f in fetched] for kind, fetched in results.first_fetched.items()
        },
        "app_steps": results.steps,
        "app_warm_resources": results.resources,
        "requested": requested,
    }


def _issue35_checks(
    ready: dict[str, Any], first_screens: dict[str, Any], scenario: str, warm: dict[str, Any]
) -> dict[str, Any]:
    """Print and return issue 35's checks of one warm scenario: ready against bare and in
    time, and the first real screen in time."""
    checks = [("ready / bare", ready["ratio"], warm["ready_ratio"], "x")]
    if warm["ready_ms"] is not None:
        checks.append(("ready", ready["app"]["median"], warm["ready_ms"], " ms"))
    if scenario in first_screens:
        checks.append(("screen drawn", first_screens[scenario]["median"], warm["first_screen_ms"], " ms"))
    for name, value, at_most, unit in checks:
        verdict = "met" if value <= at_most else "NOT met"
        shown = f"{value:.2f}{unit}" if unit == "x" else f"{value:.0f}{unit}"
        print(f"  {SCENARIOS[scenario]:<28}{name:<14}{shown:>10}  at most {at_most:g}{unit}: {verdict}")
    return {
        name: {"value": value, "at_most": at_most, "met": value <= at_most}
        for name, value, at_most, _ in checks
    }


def checked_rounds_and_throttles(parser: argparse.ArgumentParser, rounds: int, throttle: str) -> list[float]:
    """``--cpu-throttle``'s factors (``--rounds`` checked too), or the parser's error."""
    if rounds < 1:
        parser.error("--rounds must be at least 1")
    try:
        throttles = [float(rate) for rate in throttle.split(",") if rate.strip()]
    except ValueError:
        parser.error(f"--cpu-throttle takes factors such as 1,4, not {throttle!r}")
    if not throttles or any(rate < 1 for rate in throttles):
        parser.error("--cpu-throttle takes factors of 1 or more")
    return throttles


def at_each_throttle(
    name: str, rounds: int, throttles: list[float], measure: Callable[[float], Any], json_path: Path | None
) -> int:
    """A script's run: ``measure(rate)`` with the CPU slowed by each factor in turn, its
    results written (keyed "1x", "4x"...) as JSON if asked; the script's exit status (1,
    said on stderr, when the benchmark cannot go on)."""
    print(f"{machine()}, {rounds} rounds")
    results: dict[str, Any] = {}
    try:
        for rate in throttles:
            THROTTLE["rate"] = rate
            results[f"{rate:g}x"] = measure(rate)
    except BenchError as error:
        print(f"{name}: error: {error}", file=sys.stderr)
        return 1
    finally:
        THROTTLE["rate"] = 1.0
    write_json(json_path, results)
    return 0


def built_site(parser: argparse.ArgumentParser, no_build: bool) -> None:
    """dist/ built now, or (``--no-build``) as it is, if it has been built."""
    if not no_build:
        (ROOT / ".cache").mkdir(exist_ok=True)
        build.build(build.DIST)
    elif not (build.DIST / "index.html").exists():
        parser.error("dist/ has not been built: run without --no-build")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Start-up time of the app against a bare Pyodide boot.")
    parser.add_argument("--rounds", type=int, default=7, help="rounds of app + bare loads (default 7)")
    parser.add_argument(
        "--engines", default=",".join(ENGINES), help=f"which of {', '.join(ENGINES)} (default: all)"
    )
    parser.add_argument(
        "--cpu-throttle",
        default="1,4",
        help="Chromium's CPU slowed by each of these factors in turn (default 1,4: full speed, then 4x)",
    )
    parser.add_argument("--port", type=int, default=0, help="port to serve on (default: a free one)")
    parser.add_argument("--no-build", action="store_true", help="use dist/ as it is (default: build it)")
    parser.add_argument("--json", type=Path, help="also write the results here as JSON")
    args = parser.parse_args(argv)
    throttles = checked_rounds_and_throttles(parser, args.rounds, args.cpu_throttle)
    engines = [name.strip() for name in args.engines.split(",") if name.strip()]
    if not engines or set(engines) - set(ENGINES):
        parser.error(f"--engines takes some of {', '.join(ENGINES)}")
    built_site(parser, args.no_build)
    results: dict[str, Any] = {}
    try:
        for name in engines:
            if name == "chromium":
                for rate in throttles:
                    THROTTLE["rate"] = rate
                    key = name if rate == 1 else f"{name} {rate:g}x CPU"
                    results[key] = report(run(args.rounds, args.port))
                THROTTLE["rate"] = 1.0
            else:
                measured = startup_engines.run(name, args.rounds, Server(args.port))
                results[name] = startup_engines.report(measured)
    except (BenchError, RuntimeError) as error:
        print(f"startup.py: error: {error}", file=sys.stderr)
        return 1
    write_json(args.json, results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
