"""Reading the other phone's code with the camera (issue 38): the page's part.

``OpenCamera`` puts the camera's view (``net.screens.scanner``) over the screen as a modal
dialog, beside the app's own HTML, so that the renders under it (a phone linked, a move
made) leave the camera running; ``web/scanner.js`` runs the camera and the decoder, and
answers the text of each QR code it sees. A text that reads as a pairing code
(``net.pairing.read_code``) is handed to ``found``: the page puts it in the box and sends
the tap of that box's button, as if it had been typed. Any other QR code is said to be
none of ours, and the camera keeps looking. A camera that cannot be used goes to
``refused`` with why (``net.scanning.REFUSALS``), and the view closes.

The camera's tracks are stopped when a code is found, on Cancel or Escape, when the
screen changes or its box is gone (``follow``, after every render), and when the page is
hidden. Nothing of this is in ``Ui``: like the timers, it is the page's own bookkeeping.

Imported by the page only (it needs PyScript), so the memory snapshot's Python leaves it out.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import document, window
from pyscript.js_modules import platform as js_platform

from ..kit.html import Markup
from ..net import scanning
from ..net.pairing import PairingError, read_code
from ..net.screens import SCANNER
from ..state import Screen
from . import platform

__all__ = ["follow", "has_camera", "is_open", "open_view", "stop"]


@dataclass
class _Scan:
    """The camera's view open now: for which box, over which screen."""

    box: str
    screen: Screen
    dialog: Any
    module: Any = None  # web/scanner.js, once loaded


_scan: _Scan | None = None


def has_camera() -> bool:
    """Whether the browser has a camera to ask for (``navigator.mediaDevices.getUserMedia``)."""
    devices = getattr(window.navigator, "mediaDevices", None)
    return bool(devices) and bool(getattr(devices, "getUserMedia", None))


def open_view(
    box: str,
    screen: Screen,
    view: Markup,
    found: Callable[[str, str], None],
    refused: Callable[[str], None],
    cancelled: Callable[[], None],
) -> None:
    """Show ``view`` (the scanner's dialog) and start reading codes for the box ``box``."""
    stop()
    global _scan  # noqa: PLW0603 (the page's one camera view)
    document.body.insertAdjacentHTML("beforeend", str(view))
    dialog = document.getElementById(SCANNER)

    def on_cancel(event: Any) -> None:  # Escape, as Cancel
        event.preventDefault()
        cancelled()

    dialog.addEventListener("cancel", create_proxy(on_cancel))
    dialog.showModal()
    scan = _scan = _Scan(box, screen, dialog)
    platform.spawn(_read(scan, found, refused))


def is_open() -> bool:
    return _scan is not None


def stop(refocus: bool = True) -> None:
    """Stop the camera, and take its view away; ``refocus``: give the focus back to the
    box's Scan the code (the render under the view made it anew)."""
    global _scan
    scan, _scan = _scan, None
    if scan is None:
        return
    if scan.module is not None:
        scan.module.stop()
    scan.dialog.close()
    scan.dialog.remove()
    again = document.querySelector(f'[data-action="scan-code"][data-value="{scan.box}"]')
    if refocus and again:
        again.focus()


def follow(screen: Screen) -> None:
    """After a render: a view opened for another screen, or for a box no longer shown,
    is closed."""
    if _scan is not None and (screen is not _scan.screen or not document.getElementById(_scan.box)):
        stop(refocus=False)


async def _read(scan: _Scan, found: Callable[[str, str], None], refused: Callable[[str], None]) -> None:
    loaded = await platform.settle(js_platform, "loadScanner")
    if scan is not _scan:
        return
    if not loaded.ok:
        _refuse(refused, "no-reader", loaded.error)
        return
    scan.module = module = loaded.value
    opened = await module.open(scan.dialog.querySelector("video"))
    if scan is not _scan:
        return
    if not opened.ok:
        _refuse(refused, scanning.why_refused(str(opened.error)), str(opened.error))
        return
    skip = ""
    while scan is _scan:
        seen = await module.next(skip)
        if scan is not _scan:
            return
        if not seen.ok:
            _refuse(refused, "no-reader", str(seen.error))
            return
        text = str(seen.value)
        if not text:
            return
        try:
            read_code(text)
        except PairingError:
            skip = text  # another QR code: said once, and looked past
            scan.dialog.querySelector(".scanner-looking").hidden = True
            scan.dialog.querySelector(".scanner-not-ours").hidden = False
            continue
        stop()
        found(scan.box, text)


def _refuse(refused: Callable[[str], None], why: str, error: str) -> None:
    window.console.warn(f"ten-phases: no code from the camera ({why}): {error}")
    stop()
    refused(why)
