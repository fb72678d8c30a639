"""QR codes on the page (issue 38): segno's wheel, loaded the first time a screen asks.

The app starts without segno: nothing of it is fetched or imported until ``qr_code`` is
first awaited. build.py puts its wheel in the lock file next to the engine's, so
Pyodide's own loader fetches it from the app's origin (``pyodide/``), checks its sha256
against the lock file and installs it; the service worker keeps the wheel once fetched
(its ON_DEMAND list), so QR codes work offline from their first use on. An on-demand
wheel never joins a first visit's bytes.

Why Pyodide's loader, not micropip or the wheel on ``sys.path``: measured in Chromium
(benchmarks/qr_load.py --compare, docs/benchmarks.md), it is the quickest of the three
from the wheel's cold fetch to the first SVG (235 ms against 341 and 506 here, 1.2 s
against 1.7 and 2.5 with the CPU slowed 4x); micropip must first load and import itself,
and would ship its own wheel, and importing from a zip on ``sys.path`` is slower and needs
a hash check of its own.

Imported by the page only: this module needs PyScript (through ``ui.shell.platform``),
so the memory snapshot's Python (web/snapshot.js) leaves it out.
"""

from __future__ import annotations

import asyncio
import importlib.util

from ui.kit.html import Markup
from ui.net.qr import check_code, qr_svg
from ui.shell.platform import settle

__all__ = ["QrUnavailableError", "load_segno", "qr_code"]

PACKAGE = "segno"  # its entry in the build's lock file (build.ON_DEMAND_WHEELS)

_loading = asyncio.Lock()


class QrUnavailableError(RuntimeError):
    """segno could not be loaded: offline before the first QR code, or a wheel refused."""


async def load_segno() -> None:
    """Make ``import segno`` work: at once if it does, else by loading its wheel once."""
    async with _loading:
        if importlib.util.find_spec(PACKAGE) is not None:
            return
        import pyodide_js  # Pyodide's JavaScript API, on the page only

        settled = await settle(pyodide_js, "loadPackage", PACKAGE)
        importlib.invalidate_caches()
        if not settled.ok or importlib.util.find_spec(PACKAGE) is None:
            raise QrUnavailableError(f"{PACKAGE} did not load: {settled.error or 'see the console'}")


async def qr_code(code: str, label: str = "") -> Markup:
    """``ui.net.qr.qr_svg(code, label)``, loading segno first if need be.  Raises
    ``QrUnavailableError`` when it cannot load, and ``ui.net.qr.QrError`` for a text that
    is not a code (before anything is loaded)."""
    check_code(code)
    await load_segno()
    return qr_svg(code, label)
