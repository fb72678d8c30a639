"""A player's view holds what that player may see, and nothing else."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from strategies import game_states, reshuffle_hidden

from phase10.game import legal_actions
from phase10.state import Step
from phase10.view import view


@given(game_states(), st.integers(0, 2**32))
def test_a_view_does_not_depend_on_hidden_cards(state, seed):
    for seat in range(len(state.players)):
        other = reshuffle_hidden(state, seat, seed)
        assert view(other, seat) == view(state, seat)


@given(game_states())
def test_a_view_shows_the_viewers_hand_and_the_table(state):
    for seat, player in enumerate(state.players):
        seen = view(state, seat)
        assert seen.hand == player.hand
        assert [p.hand_count for p in seen.players] == [len(p.hand) for p in state.players]
        assert [p.groups for p in seen.players] == [p.groups for p in state.players]
        assert seen.discard_top == state.discard_top
        assert seen.draw_count == len(state.draw_pile)
        if seen.is_my_turn:
            assert seen.legal == legal_actions(state)
        elif state.step is not Step.HAND_OVER:
            assert seen.legal == ()


def test_view_fields_hold_no_other_hand():
    # Views have no field for other players' cards: only counts.
    from phase10.view import PublicPlayer

    assert "hand" not in PublicPlayer.__dataclass_fields__
    assert "hand_count" in PublicPlayer.__dataclass_fields__
