"""How soon a browser just started can draw the app's first screen at all: the served
page against the same page with less and less in it, side by side in one run (issue 35).

    .venv/bin/python benchmarks/first_paint_floor.py [--rounds 7] [--cpu-throttle 1,4]
                                                     [--no-build] [--json PATH]

startup.py times the first real screen of a warm start in a Chromium just started on a
warm profile ("warm offline, new browser"): the installed app opened again. This script
asks how much of that time is the app's to win back. Each round opens four pages, each in
a new Chromium on a warm profile of its own (the order turns every round), each with less
in it than the one before:

  app          the page as the service worker serves it: the kept Home screen in it,
               and every script and preload (what startup.py times).
  no scripts   the same page through the same service worker, with every script and
               preload taken out of the build's cached index.html: nothing runs before
               or beside the first frame.
  no worker    that served page's very text (the screen in it, no scripts), with the
               same app.css, over plain HTTP from the browser's cache: no service worker.
  heading      one heading, no stylesheet, over plain HTTP: the browser's own first frame.

Each is timed by the browser's first contentful paint, from navigation start, which on the
app's page is the served screen (boot.js marks the same moment ``ten-phases:shown``). The
service worker's pages are opened with the app's server stopped, as startup.py does; the
plain pages come from a server of their own, which stays up (the browser revalidates them:
304). ``--cpu-throttle`` slows the CPU as startup.py does.
"""

from __future__ import annotations

import argparse
import http.server
import re
import shutil
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import build
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, Playwright, sync_playwright

import startup

PAGES = ("app", "no scripts", "no worker", "heading")
# A pause after each browser closes, so that what it still does on its way out (writing its
# caches) is not charged to the next page.
SETTLE_S = 1.0
HTML = "text/html; charset=utf-8"
FIRST_PAINT = "performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null"
# What boot.js leaves on a page whose served screen it kept, and what the service worker
# puts on a page it served that no script has touched.
KEPT_SERVED = "document.documentElement.dataset.served ?? null"
SERVED_UNTOUCHED = "document.getElementById('app')?.dataset.served ?? null"
SCRIPTS = re.compile(r"<script\b[^>]*>.*?</script>\s*", re.S)
PRELOADS = re.compile(r'<link rel="(?:module)?preload"[^>]*>\s*')
HEADING = (
    "<!doctype html>\n<html lang='en'><head><meta charset='utf-8'><title>Ten Phases</title></head>\n"
    "<body><h1>Ten Phases</h1></body></html>\n"
)


def without_scripts(page: str) -> str:
    """The page with every script and preload taken out, and nothing else changed."""
    stripped = PRELOADS.sub("", SCRIPTS.sub("", page))
    if "<script" in stripped or re.search(r'rel="(?:module)?preload"', stripped):
        raise startup.BenchError("a script or preload is still in the page after taking them out")
    return stripped


@dataclass
class Plain:
    """The plain HTTP server of the "no worker" and "heading" pages."""

    root: Path
    port: int = 0

    def url(self, page: str) -> str:
        return f"http://127.0.0.1:{self.port}/{'heading.html' if page == 'heading' else 'index.html'}"


class CachedHandler(http.server.SimpleHTTPRequestHandler):
    """build.py's MIME types, and fresh for a day: the browser's cache answers on its own."""

    extensions_map = build.Handler.extensions_map

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "max-age=86400")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        pass


@contextmanager
def plain_server(root: Path) -> Iterator[Plain]:
    server = build.Server(("127.0.0.1", 0), partial(CachedHandler, directory=str(root)))
    thread = threading.Thread(target=server.serve_forever, name="plain-server", daemon=True)
    thread.start()
    try:
        yield Plain(root, server.server_address[1])
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def served_page(playwright: Playwright, server: startup.Server, profile: Path) -> str:
    """The text the service worker serves on that warm profile: the kept screen in it."""
    context = startup.launch_profile(playwright, profile)
    try:
        page = context.new_page()
        response = page.goto(server.url("app"), wait_until="commit", timeout=startup.TIMEOUT_MS)
        page.wait_for_selector(startup.READY, state="attached", timeout=startup.TIMEOUT_MS)
        if response is None or not response.from_service_worker:
            raise startup.BenchError("the warm profile's page did not come from its service worker")
        text = response.text()
        if 'id="app" class="app" inert' not in text:
            raise startup.BenchError("the service worker served the page without the kept screen in it")
        return text
    finally:
        context.close()


def strip_cached_page(playwright: Playwright, server: startup.Server, profile: Path) -> None:
    """Take the scripts and preloads out of the build's cached index.html on that profile."""
    page = without_scripts((build.DIST / "index.html").read_text())
    startup.put_in_cache(playwright, server, profile, [startup.CachedFile("index.html", page, HTML)])


def warm_plain(playwright: Playwright, plain: Plain, page_name: str, profile: Path) -> None:
    context = startup.launch_profile(playwright, profile)
    try:
        page = context.new_page()
        page.goto(plain.url(page_name), timeout=startup.TIMEOUT_MS)
        page.wait_for_function(FIRST_PAINT, timeout=startup.TIMEOUT_MS)
    finally:
        context.close()


def first_paint(playwright: Playwright, url: str, profile: Path, check: Callable[[Page], None]) -> float:
    """A new browser on the profile opens the page: its first contentful paint, in ms."""
    context = startup.launch_profile(playwright, profile)
    try:
        page = startup.throttled(context.new_page())
        try:
            page.goto(url, wait_until="commit", timeout=startup.TIMEOUT_MS)
            painted = float(page.wait_for_function(FIRST_PAINT, timeout=startup.TIMEOUT_MS).json_value())
        except PlaywrightError as error:
            raise startup.BenchError(
                f"{url}: no first contentful paint: {str(error).splitlines()[0]}"
            ) from error
        check(page)
        return painted
    finally:
        context.close()
        time.sleep(SETTLE_S)


def app_ready_and_kept(page: Page) -> None:
    page.wait_for_selector(startup.READY, state="attached", timeout=startup.TIMEOUT_MS)
    if page.evaluate(KEPT_SERVED) is None:
        raise startup.BenchError("app: ready, but not on the screen the service worker served")


def served_untouched(page: Page) -> None:
    if page.evaluate(SERVED_UNTOUCHED) is None:
        raise startup.BenchError("no scripts: the service worker did not serve the kept screen")


def nothing(page: Page) -> None:
    del page


def run(rounds: int) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {name: [] for name in PAGES}
    server = startup.Server(0)
    workdir = Path(tempfile.mkdtemp(prefix="first-paint-floor-"))
    profiles = {name: workdir / name.replace(" ", "-") for name in PAGES}
    site = workdir / "plain"
    try:
        with sync_playwright() as playwright:
            with startup.running(server):
                for name in ("app", "no scripts"):
                    startup.prepare_profile(playwright, server, "app", profiles[name])
                served = served_page(playwright, server, profiles["app"])
                strip_cached_page(playwright, server, profiles["no scripts"])
            site.mkdir()
            (site / "index.html").write_text(without_scripts(served))
            (site / "heading.html").write_text(HEADING)
            for part in ("app.css", "manifest.webmanifest"):
                shutil.copy(build.DIST / part, site / part)
            shutil.copytree(build.DIST / "icons", site / "icons")
            with plain_server(site) as plain:
                for name in ("no worker", "heading"):
                    warm_plain(playwright, plain, name, profiles[name])
            # Both servers are stopped from here: every page comes from the profile's caches.
            loads: dict[str, tuple[str, Callable[[Page], None]]] = {
                "app": (server.url("app"), app_ready_and_kept),
                "no scripts": (server.url("app"), served_untouched),
                "no worker": (plain.url("no worker"), nothing),
                "heading": (plain.url("heading"), nothing),
            }
            for round_ in range(rounds):
                order = PAGES[round_ % len(PAGES) :] + PAGES[: round_ % len(PAGES)]
                for name in order:
                    url, check = loads[name]
                    times[name].append(first_paint(playwright, url, profiles[name], check))
                print(f"  round {round_ + 1}/{rounds} done", file=sys.stderr, flush=True)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    return times


def report(times: dict[str, list[float]], rate: float) -> dict[str, Any]:
    goal = startup.WARM_GOALS[rate]["first_screen_ms"] if rate in startup.WARM_GOALS else None
    medians = {name: statistics.median(values) for name, values in times.items()}
    print(f"\nChromium, a new browser on a warm profile, CPU {rate:g}x: first contentful paint, ms")
    print(f"  {'page':<12} {'median':>7} {'range':>13}  {'over the next':>13}")
    for here, below in zip(PAGES, (*PAGES[1:], None), strict=True):
        values = times[here]
        over = f"{medians[here] - medians[below]:+.0f}" if below else ""
        print(f"  {here:<12} {medians[here]:>7.0f} {min(values):>6.0f}-{max(values):<6.0f}  {over:>13}")
    if goal is not None:
        verdict = "meets" if medians["app"] <= goal else "misses"
        reach = "within" if medians["no scripts"] <= goal else "beyond"
        print(
            f"  goal {goal} ms: the app {verdict} it; with no script at all the served page"
            f" is drawn at {medians['no scripts']:.0f} ms, {reach} it"
        )
    return {"cpu_throttle": rate, "goal_ms": goal, "first_paint_ms": times, "medians_ms": medians}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="How soon a browser just started can draw the app's first screen."
    )
    parser.add_argument("--rounds", type=int, default=7, help="rounds of the four pages (default 7)")
    parser.add_argument(
        "--cpu-throttle", default="1,4", help="CPU slowed by each factor in turn (default 1,4)"
    )
    parser.add_argument("--no-build", action="store_true", help="use dist/ as it is (default: build it)")
    parser.add_argument("--json", type=Path, help="also write the results here as JSON")
    args = parser.parse_args(argv)
    throttles = startup.checked_rounds_and_throttles(parser, args.rounds, args.cpu_throttle)
    startup.built_site(parser, args.no_build)
    return startup.at_each_throttle(
        "first_paint_floor.py", args.rounds, throttles, lambda rate: report(run(args.rounds), rate), args.json
    )


if __name__ == "__main__":
    sys.exit(main())
