"""Whole games on the table in Chromium, by taps alone, checked against the engine.

Each tap made on the page is also fed to the UI's controller on CPython (the
mirror): after every tap, the page must show exactly what the mirror's game
holds, and never a card of a hand other than the one being shown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ui.state import Event, Screen, Ui
from ui.table.narration import deal_said

from phase10 import Step
from support.browser.driving import (
    HOLDS_SKIP,
    LocalServer,
    check_page,
    continue_saved,
    open_app,
    play_until,
    put_saved_game,
    resumed,
    start_game,
    tap,
    wait_ready,
)
from support.web.taps import handle, tapped

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Dialog, Page


def test_a_whole_hand_by_taps_from_the_deal_to_going_out(page: Page, server: LocalServer) -> None:
    mirror = start_game(page, server.url, ("Ann", "Bo", "Cy"), "standard", "5", "11")
    assert mirror.game is not None
    check_page(page, mirror, deal_said(mirror.game))
    mirror = play_until(page, mirror, {Screen.HAND_OVER, Screen.GAME_OVER})
    assert mirror.game is not None
    record = mirror.game.history[-1]
    assert record.went_out is not None
    text = page.inner_text("#app")
    assert f"{mirror.game.players[record.went_out].name} went out" in text
    for seat, player in enumerate(mirror.game.players):
        expected = "went out" if seat == record.went_out else f"+{record.points[seat]} points"
        assert f"{player.name} {expected}" in text
    # The table's next state is the engine's: deal the next hand by tapping too.
    tap(page, Event("next-hand"))
    dealt = tapped(mirror, Event("next-hand"))
    mirror = dealt.ui
    check_page(page, mirror, dealt.said)
    assert mirror.game is not None and mirror.game.hand_number == 2


def test_a_short_game_to_the_winner_and_the_score_sheet(page: Page, server: LocalServer) -> None:
    mirror = start_game(page, server.url, ("Ann", "Bo"), "first-to-n", "1", "5")
    mirror = play_until(page, mirror, {Screen.GAME_OVER})
    game = mirror.game
    assert game is not None and game.winner is not None
    assert page.inner_text(".winner") == game.players[game.winner].name
    totals = page.eval_on_selector_all(
        ".score-sheet tbody tr:last-child .total", "els => els.map(e => Number(e.textContent))"
    )
    assert totals == [player.score for player in game.players]
    done = page.eval_on_selector_all(".score-sheet tfoot td", "els => els.map(e => Number(e.textContent))")
    assert done == [sum(r.completed[seat] for r in game.history) for seat in range(len(game.players))]
    assert page.locator(".sheet-phase.done").count() == sum(done), "each phase completed is filled in"
    # Finished games keep their score sheets.
    tap(page, Event("home"))
    assert "Past games (1)" in page.inner_text("#app")
    assert page.get_by_role("button", name="Continue").count() == 0


def test_a_skip_against_a_chosen_player(page: Page, server: LocalServer) -> None:
    mirror = continue_saved(page, server.url, HOLDS_SKIP)
    # (Cy holds the other Skips, so Bo draws a Wild from the top of the pile, not a Skip.)
    check_page(page, mirror)
    for event in (Event("select", "10"), Event("discard")):
        tap(page, event)
        mirror = handle(mirror, event)
    assert page.get_by_role("button", name="Skip Bo").is_visible()
    tap(page, Event("choose", "1"))  # Cy
    chosen = tapped(mirror, Event("choose", "1"))
    mirror = chosen.ui
    assert mirror.game is not None and mirror.game.players[2].skip_pending
    check_page(page, mirror, chosen.said)
    # Bo plays a turn; Cy then loses theirs and the phone goes back to Ann.
    tap(page, Event("reveal"))
    mirror = handle(mirror, Event("reveal"))
    assert "Skip waiting" in page.inner_text(".opponent[data-seat='2']")
    mirror = play_until(page, mirror, {Screen.HANDOFF})
    assert mirror.game is not None and mirror.game.current == 0
    assert "Cy lost a turn to a Skip" in page.inner_text("#app")


def test_hits_on_another_players_phase_and_going_out_by_hitting(page: Page, server: LocalServer) -> None:
    mirror = continue_saved(
        page,
        server.url,
        """
        game seed=4 current=0 step=play
        seat 0 "Ann"
          hand: R7 B9
          group: set:R3,B3,Y3
          group: set:R4,B4,G4
        seat 1 "Bo"
          hand: B1 B2 B3 B5 B6
          group: set:Y7,G7,W
          group: set:R9,Y9,G9
        discard: Y1
        """,
    )
    check_page(page, mirror)
    tap(page, Event("select", "0"))
    mirror = handle(mirror, Event("select", "0"))
    lit = page.eval_on_selector_all(".group.hittable", "els => els.map(e => e.dataset.value)")
    assert lit == ["1:0"], "R7 fits only Bo's sevens"
    for event in (Event("hit", "1:0"), Event("select", "0"), Event("hit", "1:1")):
        tap(page, event)
        mirror = handle(mirror, event)
    assert mirror.game is not None and mirror.game.step is Step.HAND_OVER
    # The last play stays on the table a moment; then the scores, by a tap or the timer.
    # (Read and tapped in one script: the timer may show the scores at any moment.)
    closing = page.evaluate(
        """() => {
            const words = document.querySelector('.hand-end')?.textContent ?? '';
            document.querySelector('[data-action=scores]')?.click();
            return words;
        }"""
    )
    assert "Ann went out!" in closing
    page.wait_for_function("() => document.documentElement.dataset.screen === 'hand-over'")
    assert "Ann went out" in page.inner_text("#app")
    assert "Bo +25 points" in page.inner_text("#app")


def test_closing_the_page_mid_turn_loses_nothing(context: BrowserContext, server: LocalServer) -> None:
    page = context.new_page()
    mirror = start_game(page, server.url, ("Ann", "Bo", "Cy"), "standard", "5", "21")
    for event in (Event("reveal"), Event("draw"), Event("select", "2")):
        tap(page, event)
        mirror = handle(mirror, event)
    assert mirror.game is not None and mirror.game.step is Step.PLAY
    page.close()

    again = context.new_page()
    open_app(again, server.url)
    resumed(again)
    assert again.evaluate("() => document.documentElement.dataset.screen") == "handoff"
    assert mirror.game.player.name in again.inner_text(".handoff-name")
    tap(again, Event("reveal"))
    check_page(again, Ui(screen=Screen.TABLE, game=mirror.game))
    assert again.locator(".draw-pile").is_disabled(), "the card was already drawn: same step"
    assert again.get_by_role("button", name="Lay down").count() == 1


def test_a_name_with_html_is_shown_as_text_and_runs_nothing(page: Page, server: LocalServer) -> None:
    dialogs: list[str] = []

    def note_and_dismiss(dialog: Dialog) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", note_and_dismiss)
    name = "<img src=x onerror=alert(1)>"
    start_game(page, server.url, (name, "Bo"), "standard", "5", "1")
    tap(page, Event("reveal"))
    assert name in page.inner_text("#app")
    assert page.locator("#app img").count() == 0
    page.wait_for_timeout(300)
    assert dialogs == []


def test_a_corrupt_save_is_reported_and_kept_until_discarded(page: Page, server: LocalServer) -> None:
    open_app(page, server.url)
    damaged = '{"format": "ten-phases/game", "version": 1, "players": "lost"}'
    put_saved_game(page, server.url, damaged)
    assert page.evaluate("() => document.documentElement.dataset.screen") == "corrupt"
    assert "could not be read" in page.inner_text("#app")
    tap(page, Event("home"))
    assert page.evaluate("() => localStorage.getItem('ten-phases/game')") == damaged
    tap(page, Event("new-game"))  # a new game would overwrite it: ask first
    assert page.evaluate("() => document.documentElement.dataset.screen") == "corrupt"
    tap(page, Event("discard-save"))
    assert page.evaluate("() => localStorage.getItem('ten-phases/game')") is None
    tap(page, Event("new-game"))
    assert page.evaluate("() => document.documentElement.dataset.screen") == "setup"
    page.reload()
    wait_ready(page)
    assert page.evaluate("() => document.documentElement.dataset.screen") == "home"
