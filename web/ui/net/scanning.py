"""Reading the other phone's code with the camera (issue 38), as the UI sees it.

Scan the code (``taps.ScanCode``, beside each code box) asks the page to open the camera's
view (``OpenCamera``); Cancel or Escape closes it (``CloseCamera``). What the camera
finds never comes back here as a new kind of message: the page puts a pairing code in
the box and sends the tap of the button that carries the box's text, so a scanned code
is the very ``JoinWithCode`` or ``AcceptPhone`` a typed one is, checked by the same
handlers. A camera that cannot be used (``taps.ScanRefused``) is said in plain words,
and typing the code still works.

The page's part, the camera and the decoder, is ``shell/camera.py`` with
``web/scanner.js``; nothing of the view is kept in ``Ui``: it is the page's, like its
timers, and it closes itself when the screen changes.
"""

from __future__ import annotations

from dataclasses import replace

from .. import taps
from ..effects import CloseCamera, Handler, OpenCamera, Outcome
from ..kit.i18n import NOTHING, text
from ..state import Screen, Ui

__all__ = ["HANDLERS", "REFUSALS", "why_refused"]

# Why the camera read no code, and what the player is told.
REFUSALS = {
    "denied": "net.scan_denied",  # the player or the browser said no
    "no-camera": "net.scan_no_camera",  # none, or none that would start
    "no-reader": "net.scan_no_reader",  # the decoder could not be fetched (offline, first use)
}

# The browser's errors that mean the camera was not allowed (getUserMedia's DOMException
# names; SecurityError: a page the browser does not trust with a camera).
_NOT_ALLOWED = ("NotAllowedError", "PermissionDeniedError", "SecurityError")

# The screens that show a code box (``screens.code_box``).
_WITH_A_BOX = (Screen.JOIN, Screen.PHONES)


def why_refused(error: str) -> str:
    """The ``REFUSALS`` key for the browser's error when the camera was asked for
    (``"NotAllowedError: Permission denied"``)."""
    name = error.partition(":")[0].strip()
    return "denied" if name in _NOT_ALLOWED else "no-camera"


def _scan(ui: Ui, tap: taps.ScanCode) -> Ui | Outcome:
    if ui.screen not in _WITH_A_BOX:
        return ui
    return Outcome(replace(ui, message=NOTHING), (OpenCamera(tap.box),))


def _stop(ui: Ui, _tap: taps.StopScan) -> Outcome:
    return Outcome(ui, (CloseCamera(),))


def _refused(ui: Ui, tap: taps.ScanRefused) -> Ui:
    key = REFUSALS.get(tap.why, REFUSALS["no-camera"])
    return replace(ui, message=text(key))


HANDLERS: dict[type[taps.Tap], Handler] = {
    taps.ScanCode: _scan,
    taps.StopScan: _stop,
    taps.ScanRefused: _refused,
}
