"""Computer players in Chromium: one person against the computers, offline, to the end.

The page's computer players move on its own timer.  The mirror (the controller
on CPython) makes the same moves from the same seeds, and after every render
the page must show exactly the mirror's table, the person's hand and no other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ui.state import Event, Screen, Ui
from ui.table.narration import narration
from ui.table.play import computer_due, resume

from support.browser.driving import (
    SNAPSHOT,
    LocalServer,
    Table,
    open_app,
    resumed,
    saved_game,
    start_game,
    wait_for_controller,
    wait_ready,
)
from support.web.english import said

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

SOLO = ("Ann", "Robo", "Hal")
SOLO_KINDS = ("person", "normal", "hard")


def test_one_person_plays_two_computers_to_the_end_offline(page: Page, server: LocalServer) -> None:
    page.emulate_media(reduced_motion="reduce")
    open_app(page, server.url)
    wait_for_controller(page)
    page.wait_for_function("async () => (await caches.keys()).some((name) => name.startsWith('ten-phases-'))")
    server.stop()
    mirror = start_game(page, server.url, SOLO, "first-to-n", "1", "31", kinds=SOLO_KINDS)
    assert page.evaluate("() => document.documentElement.dataset.screen") == "table"
    table = Table(page, mirror)
    while table.mirror.screen is not Screen.GAME_OVER:
        table.play_until({Screen.HAND_OVER, Screen.GAME_OVER})
        if table.mirror.screen is Screen.HAND_OVER:
            table.tap(Event("next-hand"))
    game = table.mirror.game
    assert game is not None and game.winner is not None and len(game.history) >= 1
    assert Screen.HANDOFF not in table.screens, "one person never passes the phone"
    assert page.inner_text(".winner") == game.players[game.winner].name
    assert table.computer_moves > 10, "the computers played their turns on the page"


def test_the_computers_moves_are_shown_one_by_one_with_their_names(page: Page, server: LocalServer) -> None:
    page.emulate_media(reduced_motion="reduce")
    mirror = start_game(page, server.url, SOLO, "standard", "5", "12", kinds=SOLO_KINDS)
    table = Table(page, mirror)
    told: list[str] = []
    while len(told) < 6:
        table.move()
        told = [said(line) for line in narration(table.mirror)] or told
    text = page.inner_text(".opponents")
    assert "Computer · Normal" in text and "Computer · Hard" in text
    # Since the person's turn: every move is named by its player, the computers' among them.
    assert all(line.split()[0] in SOLO for line in told) and any(
        line.startswith(("Robo", "Hal")) for line in told
    )


def test_closing_the_page_while_a_computer_plays_loses_nothing(
    context: BrowserContext, server: LocalServer
) -> None:
    page = context.new_page()
    mirror = start_game(page, server.url, ("Ann", "Robo"), "standard", "5", "44", kinds=("person", "hard"))
    table = Table(page, mirror)
    while not computer_due(table.mirror):
        table.move()
    page.close()  # the phone kills the page during the computer's turn
    page = context.new_page()
    open_app(page, server.url)
    game = saved_game(page)
    assert game is not None
    assert game.config.kinds == ("person", "hard")
    resumed(page)
    table = Table(page, resume(Ui(), game))
    table.catch_up(page.evaluate(SNAPSHOT))
    # The computer goes on from where it was, at its own pace, exactly as the engine replays it,
    # and hands the turn back to the person.
    while computer_due(table.mirror):
        table.move()
    assert table.computer_moves >= 1
    assert table.mirror.game is not None and table.mirror.game.current == 0
    page.reload()
    wait_ready(page)  # a reload keeps the screen: the table, at once
    table = Table(page, resume(Ui(), table.mirror.game))
    table.catch_up(page.evaluate(SNAPSHOT))
