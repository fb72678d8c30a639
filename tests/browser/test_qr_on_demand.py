"""QR codes for pairing phones (issue 38) in Chromium: segno's wheel is neither fetched nor
imported as the app starts; the first QR code a page's Python asks for loads it from the
app's own origin and draws the same SVG as CPython, which the page shows within its CSP;
and once used, QR codes are made with the server stopped, after an update too."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import build
from ui.net.pairing import Candidate, Role, Summary, write_code
from ui.net.qr import qr_svg

from support.browser.driving import (
    WATCH_PAGE,
    LocalServer,
    open_app,
    page_problems,
    wait_for_controller,
    wait_ready,
)

WHEEL = "/pyodide/segno-1.6.6-py3-none-any.whl"

CODE = write_code(
    Summary(
        Role.OFFER,
        bytes(range(8)),
        bytes(range(100, 132)),
        "j6VW",
        "FO7AMJfWmIaUSMfPDpMyrrDD",
        (Candidate("302d3c78-cad7-4d62-ae7c-f02ccd1c300e.local", 46725),),
    )
)

# The page's own Python: whether segno is imported yet.
SEGNO_IMPORTED = """async () => {
  const { python } = await import('./interpreter.js');
  return (await python).runPython("'segno' in __import__('sys').modules");
}"""

# The page's own Python asks for a QR code, as a screen will, and shows it; answers the SVG.
SHOW_QR = """async (code) => {
  const { python } = await import('./interpreter.js');
  const pyodide = await python;
  const globals = pyodide.toPy({ CODE: code });
  await pyodide.runPythonAsync(`
from pyscript import document
from ui.shell.qr_loader import qr_code

svg = await qr_code(CODE)
box = document.createElement("div")
box.id = "qr-box"
box.innerHTML = svg
document.body.replaceChildren(box)
`, { globals });
  return globals.get("svg");
}"""

DRAWN = """() => {
  const box = document.querySelector('#qr-box svg').getBoundingClientRect();
  return [box.width, box.height, document.body.getBoundingClientRect().width];
}"""

SNAPSHOT = "document.documentElement.dataset.snapshot"
WHEEL_KEPT = f"async () => Boolean(await caches.match(new URL('.{WHEEL}', location.href).href))"


def shown(page: Any) -> str:
    svg = str(page.evaluate(SHOW_QR, CODE))
    width, height, available = page.evaluate(DRAWN)
    assert width == height == available > 300, "square, as wide as its container"
    return svg


def test_segno_loads_only_when_a_qr_code_is_asked_for_then_works_offline(
    page: Any, server: Any, context: Any
) -> None:
    context.add_init_script(WATCH_PAGE)
    open_app(page, server.url)
    wait_for_controller(page)
    # The next start restores the memory snapshot, as a phone's would: segno loads there too.
    page.wait_for_function(f"() => {SNAPSHOT} === 'stored'", timeout=60_000)
    assert WHEEL not in server.paths and not page.evaluate(SEGNO_IMPORTED), "not on a normal start"

    svg = shown(page)
    assert svg == qr_svg(CODE), "the page draws what CPython draws, with the same segno"
    assert server.paths.count(WHEEL) == 1, "fetched once, from the app's own origin"
    assert page.evaluate(SEGNO_IMPORTED)
    assert shown(page) == svg and server.paths.count(WHEEL) == 1, "loaded once"
    assert page.evaluate(WHEEL_KEPT), "the service worker kept it"

    server.stop()
    page.reload()
    wait_ready(page)
    assert page.evaluate(f"() => {SNAPSHOT}") == "restored"
    assert not page.evaluate(SEGNO_IMPORTED)
    assert shown(page) == svg, "offline, from the wheel the service worker kept"
    assert page_problems(page) == [], "no CSP violation, no error"


def test_an_update_keeps_the_wheel_a_qr_code_already_loaded(context: Any, tmp_path: Path) -> None:
    """The new build's service worker carries the kept wheel over (same bytes): an update
    made online does not take QR codes away offline, and fetches nothing more for them."""
    folder = tmp_path / "dist"
    build.build(folder, note="first build")
    server = LocalServer(folder)
    server.start()
    try:
        page = context.new_page()
        open_app(page, server.url)
        wait_for_controller(page)
        svg = shown(page)

        build.build(folder, note="second build")
        page.reload()  # a navigation makes the browser check for a new service worker
        wait_ready(page)
        with page.expect_event("load", timeout=30_000):
            page.locator("#banner [data-action=apply-update]").click(timeout=30_000)
        wait_ready(page)
        new_build = page.locator("meta[name='app-build']").get_attribute("content")
        # The one build cache is the new build's (beside it, the copy of the kept screen).
        builds = [name for name in page.evaluate("() => caches.keys()") if name.startswith("ten-phases-")]
        assert builds == [f"ten-phases-{new_build}"]
        assert page.evaluate(WHEEL_KEPT), "carried over to the new build's cache"
        assert server.paths.count(WHEEL) == 1

        server.stop()
        page.reload()
        wait_ready(page)
        assert shown(page) == svg
    finally:
        server.stop()
