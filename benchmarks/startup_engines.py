"""Start-up in Firefox and WebKit: the app against the bare Pyodide page, side by side.

startup.py calls this for ``--engines firefox,webkit``; it measures Chromium itself,
in more detail (bytes, requests, PyScript's steps).  Here each engine is driven as
the end-to-end tests drive it (``support.browser.engines``, in tests/support/), and each load is timed by
the page's own ``ten-phases:ready`` performance mark, from navigation start: the app
and the bare page both set it when they are ready, so no script has to watch the
page from its first line (WebKitWebDriver cannot run one there).

Each round, for the app and the bare page in turn (the order swaps every round):

  first visit   a new browser on an empty profile, server up; then wait until the
                service worker is active and controls the page.
  warm, reload  the server stopped (its port checked to refuse connections), the
                same page reloaded.
  warm, new browser  Firefox only: a new browser on that profile, server still stopped.
                WebKitWebDriver's sessions keep no data once they end, so a new
                WebKit browser always starts cold.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from typing import Any, Protocol

from support.browser.engines import (
    BOOT_TIMEOUT,
    Engine,
    Firefox,
    WebKit,
    compile_locales,
    missing,
    versions,
    virtual_display,
)

READY_MARK = "ten-phases:ready"
SCENARIOS = {
    "first": "first visit, empty cache",
    "warm_new": "warm offline, new browser",
    "warm_reload": "warm offline, reload",
}
KINDS = ("app", "bare")
# Issue 35's goals for these engines, at full speed: a warm start ready in at most this
# factor of the bare boot, and the first real screen painted within this many ms.
WARM_READY_RATIO = 0.3
WARM_FIRST_SCREEN_MS = 250


class Server(Protocol):
    """startup.Server: dist/ and the bare page, on one port, stopped and started at will."""

    def start(self) -> None: ...

    def stop(self) -> None: ...

    def url(self, kind: Any) -> str: ...


def ready_at(engine: Engine) -> float:
    """When the page said it was ready, in ms from its navigation start."""
    script = f"() => performance.getEntriesByName('{READY_MARK}')[0]?.startTime ?? null"
    return float(engine.wait_until(script, timeout=BOOT_TIMEOUT))


# The app's first real screen: the stored one painted before Python, or Python's first render,
# as marked when it was put in the page; and the end of the frame that drew it (boot.js's
# "ten-phases:shown"; for a page served with the stored screen in it, the first contentful
# paint), which is what a player sees. The bare page has neither.
FIRST_SCREEN_AT = """() => {
  const at = (name) => performance.getEntriesByName(name)[0]?.startTime;
  const times = [at('ten-phases:painted'), at('ten-phases:live')].filter((t) => t !== undefined);
  return times.length ? Math.min(...times) : null;
}"""
# When that frame was out (ms from navigation start), or null until it is.
SHOWN_AT = "() => performance.getEntriesByName('ten-phases:shown')[0]?.startTime ?? null"


def first_screen_at(engine: Engine) -> tuple[float, float] | None:
    """When the app's first real screen was put in the page and when it was drawn (ms), or
    None (the bare page)."""
    at = engine.run(FIRST_SCREEN_AT)
    if at is None:
        return None
    return float(at), float(engine.wait_until(SHOWN_AT, timeout=BOOT_TIMEOUT))


def run(name: str, rounds: int, server: Server) -> dict[str, Any]:
    """Time ``rounds`` rounds of app and bare loads in the engine ``name``."""
    lacking = missing(name)
    if lacking:
        raise RuntimeError(f"{name}: missing {', '.join(lacking)} (tests/run.py installs them)")
    loads: dict[str, dict[str, list[float]]] = {s: {k: [] for k in KINDS} for s in SCENARIOS}
    first_screens: dict[str, list[float]] = {s: [] for s in SCENARIOS}  # drawn
    first_marks: dict[str, list[float]] = {s: [] for s in SCENARIOS}  # put in the page
    problems: list[str] = []
    with tempfile.TemporaryDirectory(prefix="startup-engines-") as work, ExitStack() as stack:
        folder = Path(work)
        if name == "webkit":
            display = stack.enter_context(virtual_display())
            locales = compile_locales(folder / "locales")

        def launch(profile: Path) -> Engine:
            if name == "firefox":
                profile.mkdir(exist_ok=True)
                return Firefox(profile=profile)
            return WebKit(display, locales)

        for round_ in range(1, rounds + 1):
            order = KINDS if round_ % 2 else KINDS[::-1]
            for kind in order:
                times = _one_round(launch, server, kind, folder / f"{kind}-{round_}", problems)
                for scenario, (ready, first) in times.items():
                    loads[scenario][kind].append(ready)
                    if kind == "app" and first is not None:
                        first_marks[scenario].append(first[0])
                        first_screens[scenario].append(first[1])
            print(f"  {name}: round {round_}/{rounds} done", file=sys.stderr, flush=True)
    return {
        "engine": name,
        "version": versions()[name],
        "loads": loads,
        "first_screens": first_screens,
        "first_marks": first_marks,
        "problems": problems,
    }


def _timed(engine: Engine) -> tuple[float, tuple[float, float] | None]:
    """Ready, and the first real screen (marked, drawn), in ms from navigation start."""
    return ready_at(engine), first_screen_at(engine)


def _one_round(
    launch: Callable[[Path], Engine], server: Server, kind: str, profile: Path, problems: list[str]
) -> dict[str, tuple[float, tuple[float, float] | None]]:
    times: dict[str, tuple[float, tuple[float, float] | None]] = {}
    server.start()
    engine = launch(profile)
    try:
        engine.open(server.url(kind))
        times["first"] = _timed(engine)
        if kind == "app":  # and the memory snapshot it makes once controlled, stored (or failed)
            engine.settle()
        else:  # the bare page makes no snapshot
            engine.wait_for_worker()
        server.stop()
        engine.reload(settle=False)  # settled above
        times["warm_reload"] = _timed(engine)
        problems += engine.findings()[0]
    finally:
        engine.close()
        server.stop()
    if isinstance(engine, Firefox):  # the only engine whose driver reopens a profile
        engine = launch(profile)
        try:
            engine.open(server.url(kind))
            times["warm_new"] = _timed(engine)
            problems += engine.findings()[0]
        finally:
            engine.close()
    return times


def _verdict(met: bool) -> str:
    return "met" if met else "NOT met"


def report(result: dict[str, Any], write: Callable[[str], None] = print) -> dict[str, Any]:
    """Print the engine's table (median, min-max, app/bare), and return it as data."""
    write(f"\n{result['engine']} ({result['version']}): the app vs a bare Pyodide boot, in-page time")
    header = f"{'scenario':<28}{'app median (min-max)':>24}{'bare median (min-max)':>25}{'app/bare':>10}"
    write(header)
    write("-" * len(header))
    table: dict[str, Any] = {}
    for scenario, title in SCENARIOS.items():
        by_kind = result["loads"][scenario]
        if not by_kind["app"]:
            write(f"{title:<28}{'not measurable: sessions keep no data':>59}")
            continue
        stats = {k: (statistics.median(v), min(v), max(v)) for k, v in by_kind.items()}
        ratio = stats["app"][0] / stats["bare"][0]
        table[scenario] = {"app": stats["app"], "bare": stats["bare"], "ratio": ratio}
        cells = [f"{m:.0f} ms ({lo:.0f}-{hi:.0f})" for m, lo, hi in stats.values()]
        write(f"{title:<28}{cells[0]:>24}{cells[1]:>25}{ratio:>9.2f}x")
    for scenario, title in SCENARIOS.items():
        for kind in KINDS:
            values = " ".join(f"{v:6.0f}" for v in result["loads"][scenario][kind])
            if values:
                write(f"  {title:<28}{kind:<6}{values}")
    write("  the app's first real screen (painted from storage, or the first live render), ms:")
    write("  drawn (the frame after it was put in the page), and marked as it was put in the page")
    for scenario, title in SCENARIOS.items():
        firsts, marks = result["first_screens"][scenario], result["first_marks"][scenario]
        if firsts:
            first = statistics.median(firsts)
            table.setdefault(scenario, {})["first_screen"] = first
            mark = table[scenario]["first_mark"] = statistics.median(marks)
            write(
                f"    {title:<28}drawn {first:.0f} ms ({min(firsts):.0f}-{max(firsts):.0f}); "
                f"marked {mark:.0f} ms ({min(marks):.0f}-{max(marks):.0f})"
            )
    write("  issue 35's goals, warm offline: ready at most 0.3x bare, the first screen drawn within 250 ms")
    for scenario in ("warm_new", "warm_reload"):
        row = table.get(scenario, {})
        if "ratio" in row:
            checks = [f"ready / bare {row['ratio']:.2f}x ({_verdict(row['ratio'] <= WARM_READY_RATIO)})"]
            if "first_screen" in row:
                first = row["first_screen"]
                checks.append(f"first screen {first:.0f} ms ({_verdict(first <= WARM_FIRST_SCREEN_MS)})")
            write(f"    {SCENARIOS[scenario]:<28}{'; '.join(checks)}")
    if result["problems"]:
        write(f"  page errors or rejections: {result['problems']}")
    return {**result, "summary": table}
