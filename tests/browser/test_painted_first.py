"""The first paint (web/boot.js, ui/shell/first_paint.py): the screen the last run kept is
painted before Python starts, inert until Python's first render replaces it.

Python is held back by holding the request for main.py (the service worker is kept out
of these pages, so that the request reaches the route): everything until then is what a
phone shows in the seconds Python takes to start.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest
from ui.state import Event, Screen

from support.browser.driving import (
    FIRST_SCREEN_COPY,
    FORGET_CACHED,
    READY,
    UNSTARTED,
    UNSTARTED_TIME_PASSES,
    LocalServer,
    RequestLog,
    Table,
    open_app,
    start_game,
    tap,
    wait_ready,
)

if TYPE_CHECKING:
    from playwright.sync_api import Page

KEPT = "ten-phases/screen"
CARD = re.compile(r'data-card="([^"]+)"')
PAINTED = "() => document.documentElement.dataset.painted ?? null"


@pytest.fixture
def held(browser: Any, server: LocalServer, requests: RequestLog) -> Iterator[Any]:
    """A phone-sized page with no service worker, whose requests for main.py can be held."""
    ctx = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, service_workers="block"
    )
    ctx.on("request", lambda request: requests.urls.append(request.url))
    ctx.on("page", requests.watch)
    yield ctx.new_page()
    ctx.close()
    assert requests.foreign() == []
    assert requests.problems == [], "no page error, unhandled rejection or Python exception"


class Held:
    """main.py's request, held until released: Python cannot run the app until then."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.routes: list[Any] = []
        page.route("**/main.py", self._hold)

    def _hold(self, route: Any) -> None:
        self.routes.append(route)

    def release(self) -> None:
        for _ in range(600):  # until PyScript asks for main.py (the route's handler runs meanwhile)
            if self.routes:
                break
            self.page.wait_for_timeout(100)
        assert len(self.routes) == 1, "main.py was asked for once"
        self.routes[0].continue_()
        self.page.unroute("**/main.py")
        wait_ready(self.page)


def kept(page: Any) -> dict[str, Any] | None:
    page.wait_for_function(f"() => localStorage.getItem('{KEPT}') !== null")
    text = page.evaluate(f"() => localStorage.getItem('{KEPT}')")
    return json.loads(text) if text else None


def reload_held(page: Any) -> Held:
    held = Held(page)
    page.reload(wait_until="domcontentloaded")
    return held


def test_home_is_painted_before_python_and_a_tap_on_it_is_carried_out_once_python_is_up(
    held: Page, server: LocalServer
) -> None:
    page = held
    open_app(page, server.url)
    home = kept(page)
    assert home is not None
    assert home["screen"] == "home"
    python = reload_held(page)
    page.wait_for_function(PAINTED)
    assert page.evaluate(PAINTED) == "home"
    assert page.locator(READY).count() == 0, "Python is not up"
    assert page.is_visible("#app") and page.is_hidden("#loading")
    assert page.get_attribute("#app", "aria-busy") == "true"
    new_game = page.locator("[data-action=new-game]:not([data-value])")
    new_game.click()
    assert "held" in (new_game.get_attribute("class") or ""), "the tap shows it is waiting"
    page.wait_for_timeout(300)
    assert page.evaluate("() => document.documentElement.dataset.screen") != "setup"
    python.release()
    page.wait_for_function("() => document.documentElement.dataset.screen === 'setup'")
    assert page.get_attribute("#app", "aria-busy") is None
    assert page.locator(".held").count() == 0


def test_a_tap_whose_control_is_gone_when_python_is_up_is_dropped_and_said(
    held: Page, server: LocalServer
) -> None:
    page = held
    start_game(page, server.url, ("Ann", "Bo"), "standard", "10", "5")
    page.wait_for_function(f"() => JSON.parse(localStorage.getItem('{KEPT}') ?? '{{}}').screen === 'handoff'")
    python = reload_held(page)
    page.wait_for_function(PAINTED)
    assert page.evaluate(PAINTED) == "handoff"
    # Meanwhile the game ends in another window: Python opens on Home, with no hand-off.
    page.evaluate("() => localStorage.removeItem('ten-phases/game')")
    page.locator("[data-action=reveal]").click()
    python.release()
    assert page.evaluate("() => document.documentElement.dataset.screen") == "home"
    page.wait_for_function("() => document.getElementById('announcer').textContent !== ''")
    assert "nothing was done" in page.inner_text("#announcer")


MARKS = "() => Object.fromEntries(performance.getEntriesByType('mark').map((m) => [m.name, m.startTime]))"


def test_the_first_screen_is_marked_again_once_a_frame_has_drawn_it(held: Page, server: LocalServer) -> None:
    """benchmarks/startup.py times what a player sees: the end of the frame that drew the
    first real screen (ten-phases:shown), which comes after the screen was put in the page."""
    page = held
    open_app(page, server.url)  # nothing kept yet: Python's first render is the first screen
    page.wait_for_function(f"() => 'ten-phases:shown' in ({MARKS})()")
    marks = page.evaluate(MARKS)
    assert "ten-phases:painted" not in marks
    assert marks["ten-phases:shown"] >= marks["ten-phases:ready"] >= marks["ten-phases:live"]
    assert kept(page) is not None
    python = reload_held(page)
    page.wait_for_function(f"() => 'ten-phases:shown' in ({MARKS})()")
    marks = page.evaluate(MARKS)
    assert marks["ten-phases:shown"] >= marks["ten-phases:painted"], "the kept screen, drawn"
    assert "ten-phases:live" not in marks and page.locator(READY).count() == 0, "before Python"
    python.release()
    assert page.evaluate(MARKS)["ten-phases:shown"] == marks["ten-phases:shown"], "marked once"


@pytest.mark.parametrize(
    "change",
    [
        "kept.build = 'another-build'",
        "kept.language = 'es'",
        "kept.large_type = true",
        "kept.game_seq = 99",
        'kept = \'{"format": 1, "html": \'',
    ],
    ids=["another-build", "another-language", "another-type-size", "other-saves", "damaged"],
)
def test_a_screen_kept_by_another_build_language_or_save_or_damaged_is_not_painted(
    held: Page, server: LocalServer, change: str
) -> None:
    page = held
    open_app(page, server.url)
    assert kept(page) is not None
    page.evaluate(
        f"""() => {{
          let kept = JSON.parse(localStorage.getItem('{KEPT}'));
          {change};
          localStorage.setItem('{KEPT}', typeof kept === 'string' ? kept : JSON.stringify(kept));
        }}"""
    )
    python = reload_held(page)
    page.wait_for_selector("#loading-step")
    page.wait_for_timeout(300)
    assert page.evaluate(PAINTED) is None
    assert page.is_visible("#loading") and page.is_hidden("#app"), "the loading card, as before"
    python.release()
    assert page.evaluate("() => document.documentElement.dataset.screen") == "home"


def test_a_pass_and_play_game_never_stores_a_hands_faces(page: Page, server: LocalServer) -> None:
    """The storage after every action of a whole game of two people: the kept screen is
    the hand-off or a screen with no card, never a table with a hand."""
    seen: list[str] = []

    def tap_and_look(page: Any, event: Event) -> None:
        tap(page, event)
        # The kept screen, and the copy the service worker serves the page with.
        for stored in (
            page.evaluate(f"() => localStorage.getItem('{KEPT}')"),
            page.evaluate(FIRST_SCREEN_COPY),
        ):
            if stored is not None:
                screen = json.loads(stored)
                seen.append(screen["screen"])
                assert screen["screen"] != "table", "no table is kept where two people share the phone"
                assert CARD.findall(screen["html"]) == [], f"a card face kept on {screen['screen']}"

    mirror = start_game(page, server.url, ("Ann", "Bo"), "first-to-n", "1", "5")
    table = Table(page, mirror, press=tap_and_look)
    table.play_until({Screen.GAME_OVER})
    assert "handoff" in seen
    assert page.evaluate(FIRST_SCREEN_COPY) is not None, "the copy was looked at too"


def test_the_served_screen_is_drawn_before_any_script_runs_and_ignores_taps_until_then(
    page: Page, server: LocalServer
) -> None:
    """The service worker serves the page with the kept screen in it (sw.js's servedPage): it
    is up before boot.js has run, inert, so a tap then does nothing at all, rather than act
    through a link or a control before boot.js can hold it; boot.js, finding it the screen
    localStorage keeps, keeps it and holds taps from then on."""
    open_app(page, server.url)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.wait_for_function(f"async () => (await ({FIRST_SCREEN_COPY})()) === localStorage.getItem('{KEPT}')")
    page.evaluate(FORGET_CACHED, "boot.js")
    gate = server.hold("/boot.js")
    try:
        page.reload(wait_until="commit")
        page.wait_for_selector("#app[data-served]", state="attached")
        assert gate.asked.wait(60), "the page asked for boot.js, which has not come"
        assert page.get_attribute("#app", "inert") == "" and page.get_attribute("#app", "aria-busy") == "true"
        assert page.evaluate("() => document.documentElement.lang") == "en"
        new_game = page.locator("[data-action=new-game]:not([data-value])")
        assert (
            new_game.is_visible() and page.is_hidden("#loading-step") and page.is_hidden("#loading-progress")
        )
        box = new_game.bounding_box()
        assert box is not None
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        assert page.locator(".held").count() == 0
        # Should boot.js never come, the page still says so in time, above the screen.
        page.evaluate(UNSTARTED_TIME_PASSES)
        assert page.evaluate(UNSTARTED)["shown"] and page.is_visible("#unstarted a")
    finally:
        server.release("/boot.js")
    wait_ready(page)
    assert page.evaluate("() => document.documentElement.dataset.served") == "home"
    assert page.evaluate("() => document.documentElement.dataset.screen") == "home", "the tap did nothing"
    assert page.get_attribute("#app", "inert") is None and page.is_hidden("#loading")


def test_a_reload_over_the_rules_is_served_as_the_loading_card_not_the_kept_screen(
    page: Page, server: LocalServer
) -> None:
    """A reload of a screen opened over another reopens that screen, which is never the kept
    one. The service worker cannot see the history's state that says so: the page marks the
    address instead (?over=rules), and the page is served as it is, with the loading card,
    rather than with Home for the moment until boot.js takes it back out."""
    open_app(page, server.url)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.wait_for_function(f"async () => (await ({FIRST_SCREEN_COPY})()) === localStorage.getItem('{KEPT}')")
    tap(page, Event("rules"))
    assert "over=rules" in page.url
    page.evaluate(FORGET_CACHED, "boot.js")
    gate = server.hold("/boot.js")
    try:
        page.reload(wait_until="commit")
        page.wait_for_selector("#announcer", state="attached")  # after #app: the page is parsed
        assert gate.asked.wait(60), "the page asked for boot.js, which has not come"
        assert page.locator("#app[data-served]").count() == 0, "no kept screen served"
        assert page.locator("#app").is_hidden() and page.is_visible("#loading-step")
    finally:
        server.release("/boot.js")
    wait_ready(page)
    assert page.evaluate("() => document.documentElement.dataset.screen") == "rules", (
        "the reload kept the rules"
    )
    page.go_back()
    page.wait_for_function("() => document.documentElement.dataset.screen === 'home'")
    assert "over=" not in page.url, "Home's address is not marked"
