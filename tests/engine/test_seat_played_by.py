"""A seat handed to another kind of player mid-game (issue 38: a phone that left the
table, its seat given to a computer)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from phase10 import GameConfig, apply, legal_actions, new_game
from phase10.bots import seat_bot
from phase10.game import seat_played_by
from phase10.rules import SetupError


def _mid_hand():
    state = new_game(GameConfig(("Ann", "Bo", "Cy"), 4))
    for _ in range(7):
        state = apply(state, legal_actions(state)[0])
    return state


@pytest.mark.parametrize("kind", ["easy", "normal", "hard", "expert", "person"])
def test_a_seat_changes_hands_and_keeps_everything_else(kind):
    state = _mid_hand()
    after = seat_played_by(state, 1, kind)
    assert after.config.kinds == ("person", kind, "person")
    assert replace(after, config=state.config) == state, "the hands, the piles, the scores stay"
    assert (seat_bot(after.config, 1) is None) == (kind == "person")


@pytest.mark.parametrize("seat", [-1, 3, True, "1"])
def test_no_such_seat_is_refused(seat):
    with pytest.raises(SetupError, match="not a seat"):
        seat_played_by(_mid_hand(), seat, "normal")


def test_no_such_kind_is_refused():
    with pytest.raises(SetupError, match="played by one of"):
        seat_played_by(_mid_hand(), 1, "robot")
