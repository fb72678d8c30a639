"""The UI's logic on CPython: whole games by taps, refusals, privacy, set-up."""

from __future__ import annotations

import re

import pytest
from taps import next_taps
from ui.controller import Event, Screen, SetupForm, Ui, handle
from ui.screens import render

from phase10 import GameConfig, Options, Step, new_game
from phase10.notation import parse_state
from phase10.view import view

CARD = re.compile(r'data-card="([^"]+)"')


def start(names=("Ann", "Bo", "Cy"), variation="first-to-n", phases="1", seed="7") -> Ui:
    ui = handle(Ui(), Event("new-game"))
    assert ui.screen is Screen.SETUP
    values = (*names, variation, phases, "no", seed)
    return handle(ui, Event("start-game", "", values))


def cards_in(html: str) -> list[str]:
    return CARD.findall(html)


def check_privacy(ui: Ui) -> None:
    html = render(ui)
    if ui.screen is Screen.HANDOFF:
        assert cards_in(html) == [], "no card face at all while the phone is passed"
    if ui.screen is Screen.TABLE:
        assert ui.game is not None
        seen = view(ui.game, ui.game.current)
        public = [str(c) for p in seen.players for g in p.groups for c in g.cards]
        top = [str(seen.discard_top)] if seen.discard_top else []
        # A lay-down waiting to be confirmed shows the player's own cards once more.
        preview = [str(c) for c in ui.prompt.chosen.cards] if ui.prompt and ui.prompt.kind == "lay" else []
        shown = sorted(cards_in(html))
        assert shown == sorted([str(c) for c in seen.hand] + public + top + preview)


def play(ui: Ui, limit: int = 20_000) -> Ui:
    taps = 0
    while ui.screen is not Screen.GAME_OVER:
        events = next_taps(ui)
        assert events, f"no move on {ui.screen}"
        for event in events:
            before = ui.game
            ui = handle(ui, event)
            assert ui.message == "", f"{event} was refused: {ui.message}"
            check_privacy(ui)
            if ui.game is not before and before is not None and ui.game is not None:
                assert ui.game.turns >= 0
            taps += 1
            assert taps < limit, "the game by taps does not end"
    return ui


def test_a_short_game_by_taps_reaches_the_winner():
    ui = play(start())
    assert ui.game is not None and ui.game.is_over
    html = render(ui)
    assert "The winner is" in html and ui.game.players[ui.game.winner].name in html
    assert "score-sheet" in html


def test_a_standard_two_player_game_by_taps_ends():
    ui = play(start(names=("Ann", "Bo"), variation="standard", phases="5", seed="3"), limit=20_000)
    assert ui.game is not None and len(ui.game.history) >= 10


def test_the_setup_form_refuses_duplicate_names_and_bad_seeds():
    ui = start(names=("Ann", "ann"))
    assert ui.screen is Screen.SETUP and "different name" in ui.setup.error
    ui = start(seed="12x")
    assert ui.screen is Screen.SETUP and "seed" in ui.setup.error.lower()


def test_the_same_seed_deals_the_same_game():
    first, second = start(seed="99"), start(seed="99")
    assert first.game == second.game


def test_taking_a_skip_is_refused_with_a_reason_and_changes_nothing():
    state = parse_state(
        """
        game seed=1 current=0 step=draw
        seat 0 "Ann"
          hand: R1 R2 R3 R4 R5 R6 R7 R8 R9 R10
        seat 1 "Bo"
          hand: B1 B2 B3 B4 B5 B6 B7 B8 B9 B10
        discard: G1 S
        """
    )
    ui = Ui(screen=Screen.TABLE, game=state)
    after = handle(ui, Event("take"))
    assert after.game is state
    assert "Skip can never be taken" in after.message
    assert 'aria-disabled="true"' in render(ui)


def test_a_skip_asks_for_its_target_and_marks_them():
    state = parse_state(
        """
        game seed=1 current=0 step=play
        seat 0 "Ann"
          hand: R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 S
        seat 1 "Bo"
          hand: B1 B2 B3 B4 B5 B6 B7 B8 B9 B10
        seat 2 "Cy"
          hand: G1 G2 G3 G4 G5 G6 G7 G8 G9 G10
        discard: Y1
        """
    )
    ui = Ui(screen=Screen.TABLE, game=state)
    ui = handle(ui, Event("select", "10"))
    ui = handle(ui, Event("discard"))
    assert ui.prompt is not None and ui.prompt.kind == "skip"
    assert "Skip Bo" in render(ui) and "Skip Cy" in render(ui)
    ui = handle(ui, Event("choose", "1"))
    assert ui.game is not None and ui.game.players[2].skip_pending
    assert ui.screen is Screen.HANDOFF and ui.game.current == 1


def test_a_wild_on_a_run_with_both_ends_free_asks_for_the_end():
    state = parse_state(
        """
        game seed=1 current=0 step=play
        seat 0 "Ann" phase-index=1
          hand: W R12
          group: set:R1,B1,Y1
          group: run:R4,R5,R6,R7
        seat 1 "Bo" phase-index=1
          hand: B1 B2 B3 B4 B5 B6 B7 B8 B9 B10
        discard: Y2
        """
    )
    ui = Ui(screen=Screen.TABLE, game=state)
    ui = handle(ui, Event("select", "1"))  # the Wild sorts after R12
    ui = handle(ui, Event("hit", "0:1"))
    assert ui.prompt is not None and ui.prompt.kind == "end"
    html = render(ui)
    assert "Low end, as 3" in html and "High end, as 8" in html
    ui = handle(ui, Event("choose", "1"))
    assert ui.game is not None and str(ui.game.players[0].groups[1]) == "run:R4,R5,R6,R7,W"


def test_the_phone_first_setup_defaults():
    form = SetupForm()
    assert form.names == ("Player 1", "Player 2")
    assert form.options() == Options()


@pytest.mark.parametrize("step", [Step.DRAW, Step.PLAY])
def test_reopening_a_game_shows_the_handoff_first(step):
    game = new_game(GameConfig(("Ann", "Bo"), 5))
    if step is Step.PLAY:
        from phase10 import Draw, apply

        game = apply(game, Draw())
    from ui.controller import resume

    ui = resume(Ui(), game)
    assert ui.screen is Screen.HANDOFF
    assert cards_in(render(ui)) == []
    ui = handle(ui, Event("reveal"))
    assert ui.screen is Screen.TABLE and ui.game is game
