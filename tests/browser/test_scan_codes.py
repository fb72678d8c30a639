"""Reading a pairing code with the camera (issue 38), in Chromium with its fake camera
showing a QR code made at test time: two phones pair by scanning each other's code; a QR
code that is not a pairing code is looked past, and Cancel or Escape stops the camera; a
refused camera is said in plain words and typing still works; the decoder (jsQR: Debian's
Chromium has no BarcodeDetector) is fetched only by a first scan, from the app's own origin,
and works offline after it. Firefox, with its own fake camera, opens the view and runs jsQR
on its frames.

The camera's file is written before each scan (support/browser/camera.py); every stream the
page gets is noted, to check that each of its tracks was stopped."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import build
import pytest
from ui.net.pairing import Role
from ui.state import Event

from support.browser import chromium
from support.browser.a11y import axe_problems
from support.browser.camera import camera_args, show_nothing, show_qr
from support.browser.driving import RequestLog, open_app, renders, tap, wait_for_controller, wait_ready
from support.browser.engines import PHONE, Firefox, require
from support.browser.phones import code_on, dealt_and_linked
from support.web.tour import pairing_code

READER = f"/{build.QR_READER}"
BO = 1

# Every camera stream the page is given, noted so a test can see each track stopped.
NOTE_STREAMS = """(() => {
  const devices = navigator.mediaDevices;
  if (!devices) return;
  const ask = devices.getUserMedia.bind(devices);
  devices.getUserMedia = async (constraints) => {
    const stream = await ask(constraints);
    (window.__streams ??= []).push(stream);
    return stream;
  };
})();"""

STREAMS = """() => (window.__streams || []).map((stream) =>
  stream.getTracks().map((track) => track.readyState).join(","))"""

READER_KEPT = f"async () => Boolean(await caches.match(new URL('.{READER}', location.href).href))"


@pytest.fixture(scope="module")
def video(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("camera") / "code.y4m"
    show_nothing(path)
    return path


@pytest.fixture(scope="module")
def browser(playwright_instance: Any, video: Path) -> Iterator[Any]:
    """Chromium with a fake camera that plays ``video``, allowed without asking (this
    module's pages; conftest's ``context`` and ``page`` are made in it)."""
    launched = playwright_instance.chromium.launch(executable_path=chromium.CHROMIUM, args=camera_args(video))
    yield launched
    launched.close()


def _scanning(page: Any, box: str) -> None:
    """Tap Scan the code beside ``box``: the camera's view opens over the screen."""
    scan = page.locator(f"[data-action=scan-code][data-value='{box}']")
    assert scan.is_visible(), "offered: this browser has a camera"
    scan.click()
    page.wait_for_selector("dialog#scanner[open]")


def _stopped(page: Any) -> None:
    """The view is gone, and every track of every stream the page had is stopped."""
    page.wait_for_selector("#scanner", state="detached")
    streams = page.evaluate(STREAMS)
    assert streams and all(state == "ended" for stream in streams for state in stream.split(",")), streams


def test_two_phones_pair_by_scanning_each_others_code(
    context: Any, browser: Any, server: Any, video: Path
) -> None:
    """Bo's phone scans the host's code and joins; the host scans Bo's answer and connects:
    the same taps as typing, and the game goes on on Bo's phone."""
    context.add_init_script(NOTE_STREAMS)
    host = context.new_page()
    phone_context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    phone_context.add_init_script(NOTE_STREAMS)
    try:
        phone = phone_context.new_page()
        offer = dealt_and_linked(host, server.url, ("Ann", "Bo"), "11", BO)
        open_app(phone, server.url)
        tap(phone, Event("join-table"))
        assert READER not in server.paths, "the decoder is not fetched until a scan"

        show_qr(video, offer)
        _scanning(phone, "host-code")
        answer = code_on(phone)  # the join went through: this phone's answer is shown
        _stopped(phone)
        assert server.paths.count(READER) == 1, "fetched once, from the app's own origin"

        show_qr(video, answer)
        _scanning(host, f"answer-{BO}")
        host.wait_for_selector(".phone-linked", timeout=15_000)
        _stopped(host)
        phone.wait_for_selector("html[data-screen=table] .hand [data-card]", timeout=15_000)
    finally:
        phone_context.close()


def _view_fits(page: Any, width: int, height: int) -> None:
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_timeout(100)
    boxes = page.evaluate("""() => ['#scanner', '#scanner video', '#scanner [data-action=stop-scan]',
      '#scanner h2'].map((selector) => {
        const box = document.querySelector(selector).getBoundingClientRect();
        return [selector, box.left, box.top, box.right, box.bottom];
      })""")
    for selector, left, top, right, bottom in boxes:
        assert left >= 0 and top >= 0 and right <= width and bottom <= height, (selector, width, height)
    video = page.evaluate("() => document.querySelector('#scanner video').getBoundingClientRect().height")
    assert video >= height * 0.35, "the camera's picture is the view's largest part"


def test_a_qr_code_that_is_not_a_pairing_code_is_looked_past_and_cancel_stops_the_camera(
    context: Any, page: Any, server: Any, video: Path, tmp_path: Path
) -> None:
    context.add_init_script(NOTE_STREAMS)
    shots = Path(os.environ.get("TEN_PHASES_SHOTS", tmp_path))
    open_app(page, server.url)
    tap(page, Event("join-table"))
    page.set_viewport_size({"width": 360, "height": 640})
    page.screenshot(path=str(shots / "join-360x640.png"))
    show_qr(video, "HTTPS://EXAMPLE.COM/NOT-A-PAIRING-CODE")
    _scanning(page, "host-code")
    page.wait_for_selector("#scanner .scanner-not-ours:not([hidden])", timeout=20_000)
    assert page.locator("#host-code").input_value() == "", "nothing put in the box"
    assert page.evaluate("() => document.documentElement.dataset.screen") == "join"
    assert page.evaluate("() => document.activeElement.dataset.action") == "stop-scan", "focus in the view"
    assert axe_problems(page) == []
    for width, height in ((360, 640), (640, 360)):
        _view_fits(page, width, height)
        page.screenshot(path=str(shots / f"scanning-{width}x{height}.png"))

    before = renders(page)
    page.locator("#scanner [data-action=stop-scan]").click()
    _stopped(page)
    page.wait_for_function(f"() => Number(document.documentElement.dataset.renders) > {before}")
    focused = "() => document.activeElement.dataset.action + ':' + document.activeElement.dataset.value"
    assert page.evaluate(focused) == "scan-code:host-code", "the focus goes back where it was"

    _scanning(page, "host-code")  # Escape closes it as Cancel does
    page.keyboard.press("Escape")
    _stopped(page)
    assert page.evaluate("() => document.documentElement.dataset.screen") == "join"

    _scanning(page, "host-code")  # the phone's Back leaves the screen: the camera stops
    page.go_back()
    page.wait_for_function("() => document.documentElement.dataset.screen === 'home'")
    _stopped(page)


def test_the_reader_is_fetched_by_a_first_scan_only_then_works_offline(
    context: Any, page: Any, server: Any, video: Path
) -> None:
    context.add_init_script(NOTE_STREAMS)
    open_app(page, server.url)
    wait_for_controller(page)
    page.wait_for_function("() => document.documentElement.dataset.snapshot === 'stored'", timeout=60_000)
    tap(page, Event("join-table"))
    assert READER not in server.paths, "not on a normal start"

    show_qr(video, "NOT A PAIRING CODE")
    _scanning(page, "host-code")
    page.wait_for_selector("#scanner .scanner-not-ours:not([hidden])", timeout=20_000)
    page.locator("#scanner [data-action=stop-scan]").click()
    _stopped(page)
    assert server.paths.count(READER) == 1, "fetched once, from the app's own origin"
    assert page.evaluate(READER_KEPT), "the service worker kept it"

    server.stop()
    page.reload()
    wait_ready(page)
    tap(page, Event("join-table"))
    show_qr(video, pairing_code(Role.OFFER, bytes(range(8))))
    _scanning(page, "host-code")
    code_on(page)
    _stopped(page)


@pytest.fixture(scope="module")
def refusing(playwright_instance: Any, video: Path) -> Iterator[Any]:
    """Chromium whose camera is refused, as when the player says no."""
    launched = playwright_instance.chromium.launch(
        executable_path=chromium.CHROMIUM, args=camera_args(video, allow=False)
    )
    yield launched
    launched.close()


def _watched(browser: Any, requests: RequestLog) -> Any:
    """A phone-sized context whose page errors and requests are noted, as conftest's are."""
    made = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    requests.follow(made)
    return made


def test_a_refused_camera_is_said_in_plain_words_and_typing_still_works(
    refusing: Any, server: Any, video: Path, requests: RequestLog
) -> None:
    refused = _watched(refusing, requests)
    try:
        page = refused.new_page()
        open_app(page, server.url)
        tap(page, Event("join-table"))
        show_qr(video, pairing_code(Role.OFFER, bytes(range(8))))
        before = renders(page)
        page.locator("[data-action=scan-code][data-value=host-code]").click()
        page.wait_for_selector("#scanner", state="detached", timeout=15_000)
        page.wait_for_function(f"() => Number(document.documentElement.dataset.renders) > {before}")
        assert "The camera was not allowed" in page.locator("header").first.inner_text()

        page.fill("#host-code", pairing_code(Role.OFFER, bytes(range(8))))
        page.locator("[data-action=join-code]").click()
        code_on(page)  # joined by the typed code: the answer is shown
    finally:
        refused.close()
    assert requests.foreign() == [] and requests.problems == []


def test_without_a_camera_no_scan_is_offered(browser: Any, server: Any, requests: RequestLog) -> None:
    bare = _watched(browser, requests)
    bare.add_init_script(
        "Object.defineProperty(Navigator.prototype, 'mediaDevices', { get: () => undefined });"
    )
    try:
        page = bare.new_page()
        open_app(page, server.url)
        tap(page, Event("join-table"))
        assert page.locator("#host-code").is_visible()
        assert not page.locator("[data-action=scan-code]").is_visible(), "no camera, no Scan the code"
    finally:
        bare.close()
    assert requests.problems == []


# Firefox's own fake camera: a made-up moving picture (no QR code), allowed without asking.
FIREFOX_CAMERA: dict[str, object] = {
    "media.navigator.streams.fake": True,
    "media.navigator.permission.disabled": True,
}


def test_firefox_scans_with_the_self_hosted_reader_and_cancel_stops_it(server: Any) -> None:
    """Firefox has no BarcodeDetector: the view opens, the camera's picture plays, jsQR is
    fetched from the app's origin and looks at frames with no error, and Cancel stops it."""
    require("firefox")
    firefox = Firefox("en-US", prefs=FIREFOX_CAMERA)
    try:
        firefox.open(server.url)
        firefox.wait_ready()
        firefox.click("[data-action=join-table]")
        firefox.wait_until("() => document.querySelector('#host-code') !== null")
        firefox.click("[data-action=scan-code][data-value=host-code]")
        firefox.wait_until("() => document.querySelector('dialog#scanner[open] video')?.videoWidth > 0")
        firefox.wait_until(
            "(path) => performance.getEntriesByName(new URL('.' + path, location.href).href).length > 0",
            READER,
        )
        firefox.run("() => new Promise((done) => setTimeout(done, 1000))")  # frames looked at
        firefox.click("#scanner [data-action=stop-scan]")
        firefox.wait_until("() => document.getElementById('scanner') === null")
        assert firefox.run("() => document.querySelector('#host-code') !== null"), "typing still works"
        problems, foreign = firefox.findings()
        assert problems == [] and foreign == []
    finally:
        firefox.close()
    assert READER in server.paths
