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
# web/interpreter.js says what became of the memory snapshot (stored, restored, failed...).
SNAPSHOT_SETTLED = "document.documentElement.dataset.snapshot !== undefined"
SCENARIOS = {
    "first": "first visit, empty cache",
    "warm_new": "warm offline, new browser",
    "warm_reload": "warm offline, reload",
}
KINDS = ("app", "bare")


class Server(Protocol):
    """startup.Server: dist/ and the bare page, on one port, stopped and started at will."""

    def start(self) -> None: ...

    def stop(self) -> None: ...

    def url(self, kind: Any) -> str: ...


def ready_at(engine: Engine) -> float:
    """When the page said it was ready, in ms from its navigation start."""
    script = f"() => performance.getEntriesByName('{READY_MARK}')[0]?.startTime ?? null"
    return float(engine.wait_until(script, timeout=BOOT_TIMEOUT))


def run(name: str, rounds: int, server: Server) -> dict[str, Any]:
    """Time ``rounds`` rounds of app and bare loads in the engine ``name``."""
    lacking = missing(name)
    if lacking:
        raise RuntimeError(f"{name}: missing {', '.join(lacking)} (tests/run.py installs them)")
    loads: dict[str, dict[str, list[float]]] = {s: {k: [] for k in KINDS} for s in SCENARIOS}
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
                for scenario, value in times.items():
                    loads[scenario][kind].append(value)
            print(f"  {name}: round {round_}/{rounds} done", file=sys.stderr, flush=True)
    return {"engine": name, "version": versions()[name], "loads": loads, "problems": problems}


def _one_round(
    launch: Callable[[Path], Engine], server: Server, kind: str, profile: Path, problems: list[str]
) -> dict[str, float]:
    times: dict[str, float] = {}
    server.start()
    engine = launch(profile)
    try:
        engine.open(server.url(kind))
        times["first"] = ready_at(engine)
        engine.wait_for_worker()
        if kind == "app":  # the memory snapshot it makes once controlled, stored (or failed)
            engine.wait_until(f"() => {SNAPSHOT_SETTLED}", timeout=BOOT_TIMEOUT)
        server.stop()
        engine.reload()
        times["warm_reload"] = ready_at(engine)
        problems += engine.findings()[0]
    finally:
        engine.close()
        server.stop()
    if isinstance(engine, Firefox):  # the only engine whose driver reopens a profile
        engine = launch(profile)
        try:
            engine.open(server.url(kind))
            times["warm_new"] = ready_at(engine)
            problems += engine.findings()[0]
        finally:
            engine.close()
    return times


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
    if result["problems"]:
        write(f"  page errors or rejections: {result['problems']}")
    return {**result, "summary": table}
