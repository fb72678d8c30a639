"""Reading the other phone's code with the camera (issue 38, ``ui.net.scanning``), as the
update loop sees it: Scan the code beside each code box asks the page to open the camera,
Cancel to close it, and a refused camera is said in plain words. A code the camera reads is
no new message: the page sends the box's own button, so it is the typed code's tap."""

from __future__ import annotations

import re

import pytest
from ui.effects import CloseCamera, OpenCamera
from ui.kit.i18n import NOTHING, text, words
from ui.net.pairing import Role
from ui.net.scanning import REFUSALS, why_refused
from ui.net.screens import SCANNER, scanner
from ui.screens import render
from ui.state import Event, Screen
from ui.taps import ScanCode, ScanRefused, StopScan, parse
from ui.update import update

from support.web.taps import handle, start
from support.web.tour import pairing_code, phone_screens


def _screens() -> dict[str, object]:
    return dict(phone_screens(start()))


def test_each_code_box_has_scan_the_code_beside_it_naming_the_box() -> None:
    screens = _screens()
    join = render(screens["join a table"])  # type: ignore[arg-type]
    assert re.search(r'<button[^>]*data-action="scan-code" data-value="host-code"', join)
    assert join.index('data-value="host-code"') < join.index('id="host-code"'), (
        "beside its label, above the box"
    )
    waiting = render(screens["phones at the table, a code shown"])  # type: ignore[arg-type]
    assert 'data-action="scan-code" data-value="answer-1"' in waiting
    assert 'data-field="answer-1"' in waiting, "and the box's own button sends what it reads"
    answered = render(screens["join a table, the answer shown"])  # type: ignore[arg-type]
    assert "scan-code" not in answered, "no box, nothing to scan"


def test_a_scan_opens_the_camera_for_its_box_and_clears_the_notice() -> None:
    joining = handle(start(), Event("join-table"))
    refused = handle(joining, Event("join-code", "NOT A CODE"))
    assert refused.message != NOTHING
    outcome = update(refused, ScanCode("host-code"))
    assert outcome.effects == (OpenCamera("host-code"),)
    assert outcome.ui.message == NOTHING and outcome.ui.screen is Screen.JOIN
    assert update(start(), ScanCode("host-code")).effects == (), "only where a code box is shown"


def test_cancel_closes_the_camera_and_changes_nothing_else() -> None:
    joining = handle(start(), Event("join-table"))
    outcome = update(joining, StopScan())
    assert outcome.effects == (CloseCamera(),)
    assert outcome.ui == joining


@pytest.mark.parametrize(
    ("error", "why", "said"),
    [
        ("NotAllowedError: Permission denied", "denied", "The camera was not allowed"),
        ("SecurityError: insecure", "denied", "The camera was not allowed"),
        ("NotFoundError: Requested device not found", "no-camera", "No camera could be used"),
        ("NotReadableError: Could not start video source", "no-camera", "No camera could be used"),
    ],
)
def test_a_refused_camera_is_said_in_plain_words(error: str, why: str, said: str) -> None:
    assert why_refused(error) == why
    joining = handle(start(), Event("join-table"))
    after = update(joining, ScanRefused(why)).ui
    assert after.message == text(REFUSALS[why])
    page = render(after)
    assert said in page and "Type the code in instead" in page
    assert 'id="host-code"' in page, "typing still works"


def test_a_reader_that_could_not_load_is_said_too() -> None:
    after = update(handle(start(), Event("join-table")), ScanRefused("no-reader")).ui
    assert "needs the network the first time" in render(after)


def test_only_a_code_box_can_be_scanned_for() -> None:
    assert parse(Event("scan-code", "host-code")) == ScanCode("host-code")
    assert parse(Event("scan-code", "answer-3")) == ScanCode("answer-3")
    for value in ("", "setup", "answer-", "answer-12", 'host-code"]'):
        assert parse(Event("scan-code", value)) is None, value
    assert parse(Event("stop-scan")) == StopScan()


def test_the_camera_view_is_a_labelled_dialog_with_cancel() -> None:
    for language in ("en", "es"):
        view = scanner(words(language))
        assert view.startswith(f'<dialog id="{SCANNER}"') and 'aria-labelledby="scanner-title"' in view
        assert '<video muted playsinline aria-hidden="true">' in view
        assert 'data-action="stop-scan"' in view and 'role="status"' in view
    assert ">Cancel</button>" in scanner(words("en"))


def test_a_scanned_code_is_the_typed_codes_tap() -> None:
    """The page sends the box's button with the code read (``shell/app._control_event``):
    the joining phone's is ``join-code``, the host's ``accept-phone`` with the seat."""
    code = pairing_code(Role.OFFER, bytes(range(8)))
    joining = handle(start(), Event("join-table"))
    assert handle(joining, Event("join-code", code)).joined is not None
