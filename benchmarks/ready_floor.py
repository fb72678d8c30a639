"""How soon a browser just opened can have the app ready at all: the app against the same
start with less and less on top of Pyodide's restore, and the bare boot, in one run (issue 35).

    .venv/bin/python benchmarks/ready_floor.py [--engine chromium|firefox] [--rounds 5]
                                               [--cpu-throttle 1] [--reloads 1]
                                               [--no-build] [--json PATH]

startup_plain.py times the app's warm start against the bare Pyodide page. This script asks
how much of the app's share is the app's to win back. Each round opens four pages, each in a
new browser on a warm profile of its own (the order turns every round), then reloads it,
with the server stopped, timed as startup_plain.py times them (nothing watching, the page's
own ``ten-phases:ready`` mark):

  app            the page as the service worker serves it (what startup_plain.py times).
  PyScript only  the same page, whose main.py in the profile's cache only marks ready:
                 PyScript starts, and the UI is never imported or drawn.
  Pyodide only   the cached index.html without PyScript and boot.js: interpreter.js
                 restores the same snapshot and writes the UI's files, as it does for
                 PyScript, and a module of a few lines (put in the cache) marks ready.
  bare           stock Pyodide from its npm package (startup.py's bare page).

The first three profiles are prepared as the app's (startup_plain.py's way: in Chromium a
returning player's, so each keeps the same compiled code for the WebAssembly), then their
caches are edited through the page. Every load of those three must have restored the
snapshot, or the run stops. ``--engine firefox`` does the same in Debian's Firefox.
"""

from __future__ import annotations

import argparse
import re
import shutil
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

import build
from playwright.sync_api import Playwright, sync_playwright

import startup
import startup_plain
from support.browser.engines import Firefox

PAGES = ("app", "PyScript only", "Pyodide only", "bare")
# PyScript's main.py on the "PyScript only" page: the marks the app's main.py and UI set.
MARK_ONLY_MAIN = """from pyscript import window

window.performance.mark("ten-phases:main")
window.document.documentElement.dataset.appReady = "1"
window.performance.mark("ten-phases:ready")
"""
# The "Pyodide only" page's one module of its own: Python as interpreter.js hands it to
# PyScript (restored, reseeded, the UI's files written), then ready.
FLOOR_MODULE_PATH = "ready-floor.js"
FLOOR_MODULE = """import { loadPyodide } from "./interpreter.js";

const python = await loadPyodide({ packages: [] });
python.runPython("1 + 1");
document.documentElement.dataset.appReady = "1";
performance.mark("ten-phases:ready");
"""
# What the "Pyodide only" page leaves out of index.html: boot.js, PyScript (its script, its
# preloads, its config, the module it imports for Python, and the Python it runs).
PYSCRIPT_PARTS = (
    re.compile(r'\s*<script type="module" src="\./boot\.js"></script>'),
    re.compile(
        r'\s*<link rel="(?:module)?preload" href="\./(?:pyscript/[^"]+|pyscript\.json|platform\.js)"[^>]*>'
    ),
    re.compile(r"\s*<mpy-config>.*?</mpy-config>", re.S),
    re.compile(r'\s*<script type="py"[^>]*></script>'),
)
# Every script, link and PyScript config tag of a page (comments may name PyScript).
TAGS = re.compile(r"<(?:script|link|mpy-config|py-config)\b[^>]*>")
PYSCRIPT_CORE = '<script type="module" src="./pyscript/core.js"></script>'
RESTORED = "document.documentElement.dataset.snapshot ?? ''"
HTML, PYTHON, JAVASCRIPT = "text/html; charset=utf-8", "text/x-python", "text/javascript"


def pyodide_only(page: str) -> str:
    """The app's index.html with PyScript and boot.js taken out and the floor's module in."""
    if page.count(PYSCRIPT_CORE) != 1:
        raise startup.BenchError("dist/index.html does not load PyScript's core.js once")
    page = page.replace(PYSCRIPT_CORE, f'<script type="module" src="./{FLOOR_MODULE_PATH}"></script>')
    for part in PYSCRIPT_PARTS:
        page = part.sub("", page)
    if any(re.search(r"pyscript|boot\.js|\bpy\b", tag, re.I) for tag in TAGS.findall(page)):
        raise startup.BenchError("PyScript or boot.js is still in the page after taking it out")
    return page


def edits(name: str) -> list[startup.CachedFile]:
    """What the page's profile has in its build's cache instead of (or beside) the build's files."""
    if name == "PyScript only":
        return [startup.CachedFile("main.py", MARK_ONLY_MAIN, PYTHON)]
    if name == "Pyodide only":
        page = pyodide_only((build.DIST / "index.html").read_text())
        return [
            startup.CachedFile("index.html", page, HTML),
            startup.CachedFile(FLOOR_MODULE_PATH, FLOOR_MODULE, JAVASCRIPT, replaces=False),
        ]
    return []


def prepare_firefox(server: startup.Server, name: str, profile: Path) -> None:
    """A warm Firefox profile for the page: the app's (or the bare page's), then its cache edited."""
    startup_plain.prepare_firefox_profile(server, "bare" if name == "bare" else "app", profile)
    if not (files := edits(name)):
        return
    firefox = Firefox(profile=profile)
    try:
        firefox.open(server.url("app"))
        firefox.run(startup.PUT_IN_CACHE, [[list(file) for file in files], startup.build_cache_name()])
    finally:
        firefox.close()


def prepare_chromium(playwright: Playwright, server: startup.Server, name: str, profile: Path) -> None:
    """A warm Chromium profile for the page: the app's (or the bare page's), a returning
    player's as startup_plain.py makes them, then its cache edited."""
    startup.prepare_profile(playwright, server, "bare" if name == "bare" else "app", profile)
    if files := edits(name):
        startup.put_in_cache(playwright, server, profile, files)


def restored(browser: startup_plain.PlainBrowser, what: str) -> None:
    """Raises unless the ready page restored the app's snapshot (each of the app's pages must)."""
    if (state := browser.evaluate(RESTORED)) != "restored":
        raise startup.BenchError(f"{what}: ready, but its snapshot was {state or 'not used'}")


def run(engine: type[startup_plain.PlainBrowser], rounds: int, reloads: int) -> startup_plain.Times:
    times: startup_plain.Times = {}
    workdir = Path(tempfile.mkdtemp(prefix="ready-floor-"))
    profiles = {name: workdir / name.replace(" ", "-") for name in PAGES}
    try:
        server = startup.Server(0)
        with startup.running(server):
            if engine is startup_plain.PlainFirefox:
                for name in PAGES:
                    prepare_firefox(server, name, profiles[name])
            else:
                with sync_playwright() as playwright:
                    for name in PAGES:
                        prepare_chromium(playwright, server, name, profiles[name])
        for round_ in range(rounds):
            order = PAGES[round_ % len(PAGES) :] + PAGES[: round_ % len(PAGES)]
            for name in order:
                url = server.url("bare" if name == "bare" else "app")
                check = None if name == "bare" else restored
                startup_plain.loads(engine, profiles[name], url, name, False, reloads, times, check)
            print(f"  {engine.name}: round {round_ + 1}/{rounds} done", file=sys.stderr, flush=True)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    return times


def report(
    engine: type[startup_plain.PlainBrowser], times: startup_plain.Times, rate: float
) -> dict[str, Any]:
    print(f"\n{engine.name}, CPU {rate:g}x, warm offline, nothing watching: ready, ms")
    rows: dict[str, Any] = {}
    for scenario in ("new browser", "reload"):
        if f"bare, plain, {scenario}: ready" not in times:
            continue
        medians = {name: statistics.median(times[f"{name}, plain, {scenario}: ready"]) for name in PAGES}
        print(f"  {scenario}:  {'median (range)':>22}  share of bare  over the next")
        for here, below in zip(PAGES, (*PAGES[1:], None), strict=True):
            values = times[f"{here}, plain, {scenario}: ready"]
            over = f"{medians[here] - medians[below]:+.0f}" if below else ""
            share = medians[here] / medians["bare"]
            print(f"    {here:<14} {startup.median_range(values):>22}  {share:>12.2f}x  {over:>12}")
        rows[scenario] = {
            "ready_ms": {name: times[f"{name}, plain, {scenario}: ready"] for name in PAGES},
            "share_of_bare": {name: medians[name] / medians["bare"] for name in PAGES},
            "steps_ms": {
                name: startup_plain.step_medians(times, f"{name}, plain, {scenario}") for name in PAGES[:-1]
            },
        }
    print("  the steps each page marks (median ms after the navigation began):")
    for scenario, row in rows.items():
        for name, marked in row["steps_ms"].items():
            line = "  ".join(f"{step} {at:.0f}" for step, at in marked.items())
            print(f"    {scenario:<11} {name:<14} {line}")
    return {"engine": engine.name, "cpu_throttle": rate, "loads": rows}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="How soon a browser just opened can have the app ready at all."
    )
    parser.add_argument("--engine", choices=("chromium", "firefox"), default="chromium")
    parser.add_argument("--rounds", type=int, default=5, help="rounds of the four pages (default 5)")
    parser.add_argument(
        "--cpu-throttle", default="", help="CPU slowed by each factor in turn, Chromium only (default 1)"
    )
    parser.add_argument(
        "--reloads", type=int, default=1, help="reloads after each new browser's start (default 1)"
    )
    parser.add_argument("--no-build", action="store_true", help="use dist/ as it is (default: build it)")
    parser.add_argument("--json", type=Path, help="also write the results here as JSON")
    args = parser.parse_args(argv)
    engine, throttles = startup_plain.checked_engine(parser, args, default_throttle="1")
    startup.built_site(parser, args.no_build)
    return startup.at_each_throttle(
        "ready_floor.py",
        args.rounds,
        throttles,
        lambda rate: report(engine, run(engine, args.rounds, args.reloads), rate),
        args.json,
    )


if __name__ == "__main__":
    sys.exit(main())
