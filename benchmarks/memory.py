"""Memory over a long session: does the page grow game after game?

    .venv/bin/python benchmarks/memory.py [--games 8] [--seed 1] [--no-build] [--json PATH]

A phone kills a page that holds too much memory, and people leave the app open on the
table for an evening of games. This plays ``--games`` games in one page, by taps, the way
``interaction.py`` does (pass-and-play, 3 or 4 players, first to 3, 4 or 5 phases, each
tap mirrored on CPython and checked against the page), in Debian's Chromium at 390x844
through Playwright, and measures the page once it is ready and after each game, on the
game-over screen:

  python objects   ``len(gc.get_objects())`` after ``gc.collect()``, in the page's Python
  wasm memory      the size of the WebAssembly memory Python lives in (it only grows)
  js heap          V8's used heap after a full garbage collection (``HeapProfiler.collectGarbage``,
                   then ``Performance.getMetrics``' JSHeapUsedSize)
  dom nodes        ``Performance.getMetrics``' Nodes, after the same collection
  listeners        ``Performance.getMetrics``' JSEventListeners

and finally after a reload, which is where a phone that killed the page would restart.
Reported: the figures per game, and the growth per game from the first game's end to the
last one's (the first game also fills caches once: the coach, the catalogues, the wheel
of the table's rooms), with a least-squares slope over those games.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from pathlib import Path
from typing import Any

import build
from playwright.sync_api import CDPSession, Page, sync_playwright
from playwright.sync_api import Error as PlaywrightError
from ui.state import Screen, Ui

import interaction
import startup
from common import machine, private_site, write_json
from support.browser.driving import serving
from support.web.taps import next_taps

# The page's own Python, as PyScript runs it (web/interpreter.js exports the interpreter).
# (``sys.getallocatedblocks()`` answers 0 in Pyodide's Python: not used.)
PYTHON_FIGURES = """async () => {
  const { python } = await import('./interpreter.js');
  const pyodide = await python;
  const types = JSON.parse(pyodide.runPython(
    "import collections, gc, json\\ngc.collect()\\n"
    + "json.dumps(collections.Counter(type(o).__qualname__ for o in gc.get_objects()))"));
  return { types, wasm: pyodide._module.HEAP8.length };
}"""


@dataclasses.dataclass(frozen=True)
class Figures:
    """The page's memory at one moment."""

    when: str
    taps: int
    python_objects: int
    wasm_bytes: int
    js_heap_bytes: int
    dom_nodes: int
    listeners: int
    python_types: dict[str, int]  # how many objects of each type: where growth comes from


def measure(page: Page, cdp: CDPSession, when: str, taps: int) -> Figures:
    python = page.evaluate(PYTHON_FIGURES)  # first: its gc.collect() may free JavaScript proxies
    cdp.send("HeapProfiler.collectGarbage")
    metrics = {entry["name"]: entry["value"] for entry in cdp.send("Performance.getMetrics")["metrics"]}
    return Figures(
        when=when,
        taps=taps,
        python_objects=sum(python["types"].values()),
        wasm_bytes=int(python["wasm"]),
        js_heap_bytes=int(metrics["JSHeapUsedSize"]),
        dom_nodes=int(metrics["Nodes"]),
        listeners=int(metrics["JSEventListeners"]),
        python_types={str(name): int(count) for name, count in python["types"].items()},
    )


def play_and_measure(page: Page, cdp: CDPSession, games: int, seed: int) -> list[Figures]:
    run = interaction.Run()
    figures = [measure(page, cdp, "ready", 0)]
    mirror = Ui()
    for game in range(1, games + 1):
        setup = interaction.setup_for(game, seed)
        mirror = interaction.start_game(page, mirror, setup, run, game)
        while mirror.screen is not Screen.GAME_OVER:
            events = next_taps(mirror)
            if not events:
                raise interaction.BenchError(f"game {game}: nothing to tap on {mirror.screen.value}")
            for event in events:
                mirror, measured = interaction.measured_tap(page, event, mirror, game)
                run.add(measured)
        figures.append(measure(page, cdp, f"game {game}", len(run.taps)))
        print(f"  game {game}: {len(run.taps)} taps so far", file=sys.stderr, flush=True)
    page.reload(wait_until="commit")
    page.wait_for_selector(startup.READY, state="attached", timeout=startup.TIMEOUT_MS)
    figures.append(measure(page, cdp, "reloaded", len(run.taps)))
    return figures


def slope(points: list[tuple[float, float]]) -> float:
    """The least-squares slope of ``points`` (x, y)."""
    n = len(points)
    mean_x = sum(x for x, _ in points) / n
    mean_y = sum(y for _, y in points) / n
    spread = sum((x - mean_x) ** 2 for x, _ in points)
    return sum((x - mean_x) * (y - mean_y) for x, y in points) / spread if spread else 0.0


FIELDS = (
    ("python objects", "python_objects", 1),
    ("wasm memory (MB)", "wasm_bytes", 1e6),
    ("js heap (MB)", "js_heap_bytes", 1e6),
    ("dom nodes", "dom_nodes", 1),
    ("listeners", "listeners", 1),
)


def report(figures: list[Figures]) -> dict[str, Any]:
    print(f"\nMemory over a long session, Chromium, {machine()}\n")
    print("| | taps | " + " | ".join(label for label, _, _ in FIELDS) + " |")
    print("| --- " * (len(FIELDS) + 2) + "|")
    for row in figures:
        cells = [
            f"{getattr(row, name) / scale:.1f}" if scale != 1 else str(getattr(row, name))
            for _, name, scale in FIELDS
        ]
        print(f"| {row.when} | {row.taps} | " + " | ".join(cells) + " |")
    games = [row for row in figures if row.when.startswith("game ")]
    growth: dict[str, dict[str, float]] = {}
    if len(games) >= 2:
        first, last = games[0], games[-1]
        print(f"\nFrom the end of game 1 to the end of game {len(games)}:")
        for label, name, scale in FIELDS:
            points = [(float(index), getattr(row, name) / scale) for index, row in enumerate(games)]
            change = (getattr(last, name) - getattr(first, name)) / scale
            per_game = slope(points)
            growth[name] = {"change": change, "per_game": per_game}
            print(f"  {label}: {change:+.1f} in all, {per_game:+.2f} per game (least squares)")
        grown = {name: last.python_types.get(name, 0) - count for name, count in first.python_types.items()}
        grown |= {name: count for name, count in last.python_types.items() if name not in first.python_types}
        most = sorted(grown.items(), key=lambda item: -abs(item[1]))[:8]
        print("  Python's objects that changed most, by type: " + ", ".join(f"{n} {c:+d}" for n, c in most))
    return {"machine": machine(), "figures": [dataclasses.asdict(row) for row in figures], "growth": growth}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="The page's memory over many games, in Chromium.")
    parser.add_argument("--games", type=int, default=8, help="games to play in one page (default 8)")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed; then +1 each (default 1)")
    parser.add_argument("--json", type=Path, help="also write the figures here as JSON")
    parser.add_argument(
        "--no-build", action="store_true", help="serve a copy of dist/ (default: a fresh build)"
    )
    args = parser.parse_args(argv)
    if args.games < 2:
        parser.error("--games must be at least 2: growth is measured from the first game's end")
    if args.no_build and not (build.DIST / "index.html").exists():
        parser.error("dist/ has not been built: run without --no-build")
    began = time.monotonic()
    try:
        with private_site(args.no_build) as site, serving(site) as url, sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=startup.CHROMIUM, args=startup.CHROMIUM_ARGS, headless=True
            )
            try:
                context = browser.new_context(
                    viewport=interaction.VIEWPORT, device_scale_factor=1, is_mobile=True, has_touch=True
                )
                context.add_init_script(interaction.MEASURE)
                page = context.new_page()
                startup.goto(page, url)()
                page.wait_for_selector(startup.READY, state="attached", timeout=startup.TIMEOUT_MS)
                startup.wait_controlled(page, "opening the app")
                # The snapshot of Python, made in a worker once the page is controlled.
                page.wait_for_function(
                    "document.documentElement.dataset.snapshot", timeout=startup.TIMEOUT_MS
                )
                cdp = context.new_cdp_session(page)
                cdp.send("Performance.enable")
                figures = play_and_measure(page, cdp, args.games, args.seed)
            finally:
                browser.close()
    except (startup.BenchError, PlaywrightError) as error:
        print(f"memory.py: error: {error}", file=sys.stderr)
        return 1
    data = report(figures)
    print(f"\n({time.monotonic() - began:.0f} s in all)")
    write_json(args.json, data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
