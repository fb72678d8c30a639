"""The app shell in Chromium: it loads, installs, starts offline and updates."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import build
import pytest
from ui.state import Event, Screen, Ui

from support.browser.driving import (
    FIRST_SCREEN_COPY,
    UNSTARTED,
    UNSTARTED_TIME_PASSES,
    WATCH_PAGE,
    LocalServer,
    RequestLog,
    check_page,
    open_app,
    page_problems,
    start_game,
    tap,
    wait_for_controller,
    wait_ready,
)
from support.web.taps import handle

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page


def test_first_load_renders_the_home_screen_from_python(
    context: BrowserContext, server: LocalServer, requests: RequestLog
) -> None:
    context.add_init_script(WATCH_PAGE)
    page = context.new_page()
    open_app(page, server.url)
    assert page.locator("h1").first.inner_text() == "Ten Phases"
    assert page.get_by_role("button", name="Play against the computer").is_visible()
    assert page.get_by_role("button", name="Pass-and-play").is_visible()
    # The rule options and phases come from the engine, rendered by Python.
    options = page.locator("[aria-label='Rule options'] li strong").all_inner_texts()
    ways = ["Standard", "Ten hands", "First to N phases", "Even phases"]
    assert options == [*ways, "El Chavo Phase 10", "Phases in any order"]
    assert page.locator(".phase-list[data-edition=classic] li").count() == 10
    assert page.locator("#loading").is_hidden()
    assert page_problems(page) == []
    assert any(url.endswith("/pyodide/pyodide.asm.wasm") for url in requests.urls)
    # The context fixture fails the test if any request left this origin.


def test_a_start_that_stalls_fails_saying_where_it_stalled(page: Page, server: LocalServer) -> None:
    """A page that never gets ready fails with what a reader of CI's log needs to find why:
    how far the start got, which requests have not finished, and the console."""
    server.hold("/main.py")
    try:
        with pytest.raises(AssertionError) as failure:
            open_app(page, server.url, timeout=4_000)
    finally:
        server.release("/main.py")
    said = str(failure.value)
    assert said.startswith("the app was not ready in 4 s")
    assert "'readyState': 'complete'" in said
    assert "ten-phases:interpreter" in said  # the start's marks, so far
    assert re.search(r"unfinished requests: \['GET http://127\.0\.0\.1:\d+/main\.py'\]", said)


def test_a_boot_js_that_comes_late_takes_the_unstarted_notice_away(page: Page, server: LocalServer) -> None:
    """The notice for a start whose scripts never ran (test_every_engine shows it in each
    engine) waits its 20 s with reduced motion too, and goes once boot.js runs, however late."""
    page.emulate_media(reduced_motion="reduce")
    gate = server.hold("/boot.js")
    try:
        page.goto(server.url, wait_until="commit")  # its load waits for boot.js
        assert gate.asked.wait(30), "the page asked for boot.js"
        # Asked for as the page's head is read: the notice and its style may still be coming.
        page.wait_for_function(f"() => ({UNSTARTED})()?.delays.length === 3")
        delays = page.evaluate(UNSTARTED)["delays"]
        assert delays == [20_000] * 3, "not cancelled by the rule that stills animations"
        page.evaluate(UNSTARTED_TIME_PASSES)
        assert page.locator("#unstarted").is_visible()
        assert page.locator("#loading-step").is_hidden()
    finally:
        server.release("/boot.js")
    wait_ready(page)
    assert page.locator("#unstarted").count() == 0


def test_the_service_worker_controls_the_page_after_the_first_load(page: Page, server: LocalServer) -> None:
    open_app(page, server.url)
    wait_for_controller(page)
    script = page.evaluate("() => navigator.serviceWorker.controller.scriptURL")
    assert script == server.url + "sw.js"


def test_the_app_starts_offline_with_python_running(page: Page, server: LocalServer) -> None:
    open_app(page, server.url)
    wait_for_controller(page)
    page.wait_for_function("async () => (await caches.keys()).some((name) => name.startsWith('ten-phases-'))")
    server.stop()
    # The server is really gone: a file the app never cached cannot be fetched.
    assert page.evaluate("() => fetch('/not-cached.txt').then(() => 'reached', () => 'unreachable')") == (
        "unreachable"
    )
    page.reload()
    wait_ready(page)
    assert page.locator(".phase-list[data-edition=classic] li").count() == 10
    assert page.evaluate("() => document.documentElement.dataset.appReady") == "1"
    # Python answers: the engine's phase 7 is described by Python's own code.
    assert "2 sets of 4" in page.locator(".phase-list").first.inner_text()


def test_chromium_reports_the_app_installable(
    page: Page, server: LocalServer, context: BrowserContext
) -> None:
    open_app(page, server.url)
    wait_for_controller(page)
    session = context.new_cdp_session(page)
    errors = session.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert [e["errorId"] for e in errors if e["errorId"] != "in-incognito"] == []
    manifest = session.send("Page.getAppManifest")
    assert manifest["errors"] == []


@pytest.fixture
def first_build(tmp_path: Path) -> Iterator[tuple[Path, LocalServer]]:
    """A build of its own, noted "first build", and its server: a test builds the next over it."""
    folder = tmp_path / "dist"
    build.build(folder, note="first build")
    server = LocalServer(folder)
    server.start()
    yield folder, server
    server.stop()


def test_a_new_build_offers_an_update_and_accepting_shows_it(
    context: BrowserContext, first_build: tuple[Path, LocalServer]
) -> None:
    folder, server = first_build
    page = context.new_page()
    mirror = start_game(page, server.url, ("Ann", "Bo"), "standard", "5", "8")
    wait_for_controller(page)
    for event in (Event("reveal"), Event("draw")):  # a game in the middle of a turn
        tap(page, event)
        mirror = handle(mirror, event)
    tap(page, Event("settings"))
    assert page.locator(".version").inner_text().endswith("first build")
    old_build = page.locator("meta[name='app-build']").get_attribute("content")

    build.build(folder, note="second build")
    page.reload()  # a navigation makes the browser check for a new service worker
    wait_ready(page)
    banner = page.locator("#banner")
    banner.get_by_text("Update available").wait_for(timeout=30_000)
    assert page.locator(".version").inner_text().endswith("first build")

    with page.expect_event("load", timeout=30_000):
        banner.get_by_role("button", name="Update now").click()
    wait_ready(page)
    assert page.locator(".version").inner_text().endswith("second build")
    # The update kept the screen (Settings, opened from the table); Back returns to the
    # game in progress, in the same step of the same turn, through its hand-off.
    tap(page, Event("back"))
    tap(page, Event("reveal"))
    check_page(page, Ui(screen=Screen.TABLE, game=mirror.game))
    new_build = page.locator("meta[name='app-build']").get_attribute("content")
    assert new_build is not None
    assert re.fullmatch(r"[0-9a-f]{16}", new_build) and new_build != old_build
    keys = page.evaluate("() => caches.keys()")
    # The old build's cache is deleted; the copy of the kept screen the service worker serves
    # the page with (web/platform.js) is not a build's, and the new build's replaces it.
    assert sorted(keys) == ["ten-phases-" + new_build, "ten-phases/first-screen"]
    copied = f"async () => JSON.parse(await ({FIRST_SCREEN_COPY})() ?? 'null')?.build === '{new_build}'"
    page.wait_for_function(copied)


def test_an_app_brought_back_into_view_looks_for_a_new_build(
    context: BrowserContext, first_build: tuple[Path, LocalServer]
) -> None:
    """A phone resumes an installed app without navigating, so no browser check runs:
    the app looks for a new build itself whenever it comes back into view."""
    folder, server = first_build
    page = context.new_page()
    open_app(page, server.url)
    wait_for_controller(page)
    page.wait_for_function("() => document.documentElement.dataset.updateCheck === 'done'")
    tap(page, Event("settings"))  # where the build is named
    build.build(folder, note="second build")
    asked = len(server.paths)
    page.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")
    page.locator("#banner").get_by_text("Update available").wait_for(timeout=30_000)
    assert "/sw.js" in server.paths[asked:], "the new worker was found without a navigation"
    assert page.locator(".version").inner_text().endswith("first build")
