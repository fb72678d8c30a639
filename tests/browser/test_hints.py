"""The coach in Chromium: a person asks for a hint on every turn and follows it, to the
end of a game against an expert and a hard computer; the page shows and reads out the
mirror's hint, its taps make the hinted move, and the score sheet says hints were used.
The Hint button works from the keyboard, and a table that turned hints off has none."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ui.kit.i18n import words
from ui.state import Event, Screen
from ui.table.model import closing
from ui.table.play import timer_event

from phase10 import Hit
from phase10.bots import bot_seed
from phase10.coach import advise
from phase10.view import view
from support.browser.driving import SNAPSHOT, LocalServer, Table, saved_game, start_game
from support.web.taps import hinted_taps

if TYPE_CHECKING:
    from playwright.sync_api import Page


def _persons_turn(table: Table) -> bool:
    mirror = table.mirror
    return mirror.screen is Screen.TABLE and not closing(mirror) and mirror.prompt is None


def test_a_person_follows_the_hints_to_the_end_of_a_game(page: Page, server: LocalServer) -> None:
    page.emulate_media(reduced_motion="reduce")
    names, kinds = ("Ann", "Ex", "Hal"), ("person", "expert", "hard")
    table = Table(page, start_game(page, server.url, names, "first-to-n", "1", "14", kinds=kinds))
    en = words("en")
    asked = 0
    while table.mirror.screen is not Screen.GAME_OVER:
        if table.mirror.screen is Screen.HAND_OVER:
            table.tap(Event("next-hand"))
            continue
        if timer_event(table.mirror) is not None:
            table.wait_for_computer()
            continue
        assert _persons_turn(table), table.mirror.screen
        game = table.mirror.game
        assert game is not None
        seat = game.current
        table.tap(Event("hint"))
        asked += 1
        advice = table.mirror.advice
        assert advice is not None
        assert advice == advise(view(game, seat), bot_seed(game.config, seat))
        shown = page.inner_text(".coach")
        assert page.evaluate(SNAPSHOT)["announcer"] == f"Hint: {shown}", "the hint is read out"
        # The cards a hint uses are ringed, or the pile it draws from; a card to add, and the
        # group it goes on.
        rung = len(advice.cards) + (0 if advice.cards else 1) + isinstance(advice.action, Hit)
        assert page.locator(".hinted").count() == rung
        for event in hinted_taps(table.mirror):
            table.tap(event)
        assert page.locator(".coach").count() == 0, "the hint goes once the player moves"
    over = page.inner_text("main, body")
    assert asked > 5
    assert en("sheet.hints", names=[en("sheet.hints_seat", name="Ann", count=asked)]) in over
    assert table.computer_moves > 10


def test_the_hint_button_works_from_the_keyboard_and_a_serious_table_has_none(
    page: Page, server: LocalServer
) -> None:
    page.emulate_media(reduced_motion="reduce")
    kinds = ("person", "hard")
    table = Table(page, start_game(page, server.url, ("Ann", "Hal"), "first-to-n", "1", "6", kinds=kinds))
    while not _persons_turn(table) or timer_event(table.mirror) is not None:
        table.move()
    page.locator("[data-action=hint]").focus()
    before = table.rendered
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => Number(document.documentElement.dataset.renders) > {before}")
    assert page.locator(".coach").count() == 1
    saved = saved_game(page)
    assert saved is not None and saved.hints_used == (1, 0)

    # A new table, from a phone with no game in progress (its set-up form starts blank).
    page.evaluate("() => localStorage.removeItem('ten-phases/game')")
    serious = Table(
        page, start_game(page, server.url, ("Ann", "Hal"), "first-to-n", "1", "6", kinds=kinds, hints=False)
    )
    assert serious.mirror.game is not None and serious.mirror.game.config.hints is False
    while not _persons_turn(serious) or timer_event(serious.mirror) is not None:
        serious.move()
    assert page.locator(".hand .card").count() > 0
    assert page.locator("[data-action=hint]").count() == 0
    saved = saved_game(page)
    assert saved is not None and saved.config.hints is False
