"""The text notation for cards, actions and states parses back to the same thing."""

from __future__ import annotations

import pytest
from hypothesis import given

from phase10.actions import ActionSyntaxError, parse_action
from phase10.cards import CardError, all_faces, parse_card, parse_cards
from phase10.game import legal_actions
from phase10.notation import format_state, parse_state
from phase10.serialize import CorruptStateError
from support.engine.strategies import game_states


def test_every_card_round_trips():
    for card in all_faces():
        assert parse_card(str(card)) == card
    assert [str(c) for c in parse_cards("R7 B12 Y1 G10 W S")] == [
        "R7",
        "B12",
        "Y1",
        "G10",
        "W",
        "S",
    ]


UNKNOWN_CARDS = [
    "R0",
    "R13",
    "X5",
    "",
    "RR",
    "W1",
    "S2",
    "r 7",
    "13",
    "R*!",
    "W!",
    "7/8",
    "R7/B7",
    "W/7",
    "R7/3/4",
]


@pytest.mark.parametrize("text", UNKNOWN_CARDS)
def test_unknown_cards_are_refused(text):
    with pytest.raises(CardError):
        parse_card(text)


@given(game_states())
def test_states_and_legal_actions_round_trip(state):
    text = format_state(state)
    assert parse_state(text) == state
    for action in legal_actions(state):
        assert parse_action(str(action)) == action


@pytest.mark.parametrize(
    "text",
    [
        "",
        "jump",
        "draw now",
        "lay",
        "lay set",
        "lay pair:R1,R1",
        "hit R7",
        "hit R7 @x:0",
        "discard",
        "discard S 2",
        "discard Q",
    ],
)
def test_bad_action_text_is_refused(text):
    with pytest.raises(ActionSyntaxError):
        parse_action(text)


def test_impossible_state_text_is_refused_with_the_reason():
    with pytest.raises(CorruptStateError, match="holds 9 cards"):
        parse_state(
            """
            game seed=1 current=0 step=draw
            seat 0 "Ann"
              hand: R1 R2 R3 R4 R5 R6 R7 R8 R9
            seat 1 "Bo"
              hand: B1 B2 B3 B4 B5 B6 B7 B8 B9 B10
            discard: G1
            """
        )
