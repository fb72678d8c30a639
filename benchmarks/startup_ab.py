"""Two builds of the app side by side: the same warm start of each, interleaved, in one run.

    .venv/bin/python benchmarks/startup_ab.py SITE_A SITE_B [--rounds 7] [--cpu-throttle 1,4]
                                              [--reloads 0] [--json PATH]

startup.py measures one build against the bare Pyodide page, and two of its runs minutes
apart drift (here, the same build's ready moved by 10-20% between runs of one session).
To tell whether a change moved the start, this serves two built sites (two dist/ folders:
build the other commit in a git worktree), each on a port and a warm profile of its own, and
opens them in turn, round after round (the order swapping every round), each time in a new
Chromium on its profile with both servers stopped: the installed app opened again, as
startup.py's "warm offline, new browser". With ``--reloads N`` each new browser then reloads
the page N times ("warm offline, reload"). Each load is timed by the app's own marks: its
first screen drawn (``ten-phases:shown``) and ready (``ten-phases:ready``).
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import Playwright, sync_playwright

import startup

Times = dict[str, list[float]]  # "new browser: ready" -> ms, one per load


def warm_profile(playwright: Playwright, site: Path, profile: Path) -> startup.Server:
    """The site's server (stopped again) and a profile its service worker controls."""
    server = startup.Server(0, site)
    with startup.running(server):
        startup.prepare_profile(playwright, server, "app", profile)
    return server


def loads(playwright: Playwright, server: startup.Server, profile: Path, reloads: int, into: Times) -> None:
    """One new browser on the profile: its load, then ``reloads`` reloads."""
    context = startup.launch_profile(playwright, profile)
    try:
        page = startup.throttled(context.new_page())
        watch = startup.Watch(page)
        for n in range(reloads + 1):
            scenario = "new browser" if n == 0 else "reload"
            navigate = startup.goto(page, server.url("app")) if n == 0 else page.reload
            load = watch.timed(navigate, f"{server.site}, {scenario}")
            if load.shown_ms is None:
                raise startup.BenchError(f"{server.site}: ready, but no first screen marked")
            into.setdefault(f"{scenario}: first screen", []).append(load.shown_ms)
            into.setdefault(f"{scenario}: ready", []).append(load.in_page_ms)
    finally:
        context.close()


def run(sites: tuple[Path, Path], rounds: int, reloads: int) -> tuple[Times, Times]:
    times: tuple[Times, Times] = ({}, {})
    workdir = Path(tempfile.mkdtemp(prefix="startup-ab-"))
    try:
        with sync_playwright() as playwright:
            profiles = (workdir / "a", workdir / "b")
            servers = [
                warm_profile(playwright, site, profile) for site, profile in zip(sites, profiles, strict=True)
            ]
            for round_ in range(rounds):
                for side in (0, 1) if round_ % 2 == 0 else (1, 0):
                    loads(playwright, servers[side], profiles[side], reloads, times[side])
                print(f"  round {round_ + 1}/{rounds} done", file=sys.stderr, flush=True)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    return times


def report(sites: tuple[Path, Path], times: tuple[Times, Times], rate: float) -> dict[str, Any]:
    print(f"\nChromium, CPU {rate:g}x, warm offline; A = {sites[0]}, B = {sites[1]}; median (range), ms")
    rows = {}
    for what in times[0]:
        a, b = times[0][what], times[1][what]
        change = statistics.median(b) / statistics.median(a) - 1
        rows[what] = {"a": a, "b": b, "change": change}
        print(f"  {what:<26} A {startup.median_range(a)}   B {startup.median_range(b)}   B/A {change:+.1%}")
    return {"cpu_throttle": rate, "sites": [str(site) for site in sites], "loads": rows}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Two builds' warm starts, interleaved, in one run.")
    parser.add_argument("sites", nargs=2, type=Path, help="two built sites (dist/ folders): A, then B")
    parser.add_argument("--rounds", type=int, default=7, help="rounds of one start of each (default 7)")
    parser.add_argument(
        "--cpu-throttle", default="1,4", help="CPU slowed by each factor in turn (default 1,4)"
    )
    parser.add_argument(
        "--reloads", type=int, default=0, help="reloads after each new browser's load (default 0)"
    )
    parser.add_argument("--json", type=Path, help="also write the results here as JSON")
    args = parser.parse_args(argv)
    throttles = startup.checked_rounds_and_throttles(parser, args.rounds, args.cpu_throttle)
    sites = (args.sites[0].resolve(), args.sites[1].resolve())
    if missing := [str(site) for site in sites if not (site / "index.html").is_file()]:
        parser.error(f"not a built site: {', '.join(missing)}")
    if args.reloads < 0:
        parser.error("--reloads must be 0 or more")
    return startup.at_each_throttle(
        "startup_ab.py",
        args.rounds,
        throttles,
        lambda rate: report(sites, run(sites, args.rounds, args.reloads), rate),
        args.json,
    )


if __name__ == "__main__":
    sys.exit(main())
