"""A table's own phases in Chromium (rulings 31-34): a list made in the editor on one phone
travels by its code, as a link, to a second phone, which opens set-up with it and plays a whole short
game on it, phases in any order, against two computer players, every pick made by taps.

The mirror (the update step on CPython) makes the same moves from the same seeds, and
after every render the page must show exactly the mirror's table, the person's hand and
no other."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ui import taps
from ui.state import Event, Screen, SetupInput, Ui
from ui.update import update

from phase10.phaselists import decode, encode
from support.browser.driving import LocalServer, RequestLog, Table, open_app, renders, saved_game, tap
from support.browser.engines import PHONE
from support.web.taps import handle

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page


NAMES = ("Ann", "Robo", "Hal")
KINDS = ("person", "normal", "hard")
WAYS = ("first-to-n", "any-order")


def _changed(page: Any, act: Any) -> None:
    """Do ``act`` on the page and wait for the render it causes."""
    before = renders(page)
    act()
    page.wait_for_function(f"() => Number(document.documentElement.dataset.renders) > {before}")


def _built_code(page: Page, url: str) -> str:
    """On the first phone: a list made in the editor from the edition's (phase 1 asks for a
    set of 2 more, phase 10 is removed, and the last phase moves up one), and its code."""
    open_app(page, url)
    tap(page, Event("new-game"))
    tap(page, Event("list-edit"))
    tap(page, Event("list-phase", "0"))
    tap(page, Event("list-add-group"))
    tap(page, Event("list-phase", "9"))
    tap(page, Event("list-remove-phase"))
    tap(page, Event("list-move", "up"))
    tap(page, Event("list-use"))
    code = page.inner_text(".phase-code").strip()
    made = decode(code)
    assert len(made.phases) == 9 and len(made.phases[0].groups) == 3, code
    return code


def test_a_list_made_on_one_phone_travels_by_its_link_and_a_whole_game_is_played_on_it_in_any_order(
    page: Page, server: LocalServer, browser: Browser, requests: RequestLog
) -> None:
    code = _built_code(page, server.url)
    second = browser.new_context(viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True)
    second.on("page", requests.watch)
    phone = second.new_page()
    phone.emulate_media(reduced_motion="reduce")
    try:
        open_app(phone, f"{server.url}?phases={code}")
        assert phone.evaluate("() => document.documentElement.dataset.screen") == "setup"
        assert phone.inner_text(".phase-code").strip() == code
        assert "phases=" not in phone.url, "taken once: a reload does not open set-up again"
        mirror = update(Ui(), taps.LinkedPhases(code)).ui
        while phone.locator("input[name=player]").count() < len(NAMES):
            _changed(phone, lambda: phone.locator("[data-action=add-player]").click())
        for seat, kind in enumerate(KINDS):
            if phone.locator("select[name=kind]").nth(seat).input_value() != kind:
                _changed(
                    phone,
                    lambda seat=seat, kind=kind: (
                        phone.locator("select[name=kind]").nth(seat).select_option(kind)
                    ),
                )
        for seat, name in enumerate(NAMES):
            phone.fill(f"#player-{seat}", name)
        for way in WAYS:
            _changed(phone, lambda way=way: phone.check(f"input[name=way][value={way}]"))
        phone.select_option("select[name=phases-to-win]", "1")
        phone.locator("details.more-options summary").click()
        phone.fill("input[name=seed]", "61")
        tap(phone, Event("start-game"))
        fields = SetupInput(NAMES, KINDS, "classic", WAYS, "1", seed="61")
        mirror = handle(mirror, Event("start-game", form=fields))
        game = mirror.game
        assert game is not None and game.config.options.any_order
        assert encode(game.config.options.played_list()) == code, "the game plays the list of the link"

        table = Table(phone, mirror)
        picks = 0
        while table.mirror.screen is not Screen.GAME_OVER:
            if table.mirror.screen is Screen.HAND_OVER:
                table.tap(Event("next-hand"))
                continue
            game = table.mirror.game
            assert game is not None
            person_picks = game.current == 0 and game.must_pick(0) and table.mirror.screen is Screen.TABLE
            if person_picks and not table.mirror.prompt:
                assert phone.locator("[data-action=draw]").is_disabled(), "no draw before the pick"
                picks += 1
            table.move()
        finished = table.mirror.game
        assert finished is not None and finished.winner is not None
        assert picks >= 1, "the person chose a phase by taps"
        assert phone.inner_text(".winner") == finished.players[finished.winner].name
        chosen = [record.phases[0] for record in finished.history]
        assert all(phase in game.config.options.phase_sequence() for phase in chosen if phase), chosen
    finally:
        second.close()


def test_a_list_kept_on_the_phone_survives_a_reload_travels_in_a_backup_and_plays_by_its_name(
    page: Page, server: LocalServer, browser: Browser, requests: RequestLog
) -> None:
    code = _built_code(page, server.url)
    page.fill("#list-name", "Sunday")
    tap(page, Event("keep-list"))
    assert "“Sunday” is kept on this phone." in page.inner_text("#app")
    page.reload()
    page.wait_for_function("() => document.documentElement.dataset.appReady === '1'")
    tap(page, Event("new-game"))
    kept = page.locator(f"[data-action=saved-list][data-value='{code}']")
    assert "Sunday" in kept.inner_text() and kept.get_attribute("aria-pressed") == "false"
    tap(page, Event("back"))
    tap(page, Event("settings"))
    with page.expect_download() as download:
        page.locator("[data-action=save-backup]").click()
    file = download.value.path()

    second = browser.new_context(viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True)
    second.on("page", requests.watch)
    try:
        phone = second.new_page()
        open_app(phone, server.url)
        tap(phone, Event("settings"))
        phone.set_input_files("input[type=file]", file)
        phone.wait_for_function("() => document.documentElement.dataset.screen === 'restore'")
        assert "1 phase list (Sunday)" in phone.inner_text("#app")
        tap(phone, Event("restore-confirm"))
        tap(phone, Event("new-game"))
        tap(phone, Event("saved-list", code))
        assert phone.input_value("#list-name") == "Sunday"
        assert "Kept on this phone as “Sunday”." in phone.inner_text("#app")
        tap(phone, Event("forget-list", code))
        assert phone.locator("[data-action=saved-list]").count() == 0
        assert phone.evaluate("() => localStorage.getItem('ten-phases/lists')") == "[]"
        tap(phone, Event("start-game"))  # forgotten from the phone, still the table's list
        game = saved_game(phone)
        assert game is not None and game.config.options.phase_list is not None
        assert game.config.options.phase_list.name == "Sunday"
        assert encode(game.config.options.phase_list) == code
    finally:
        second.close()
