"""The coach: the expert's move with its reason, from one player's view alone."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from phase10.actions import Discard, Hit, parse_action
from phase10.bots import Bot, Level
from phase10.cards import parse_card, parse_cards
from phase10.coach import CoachError, Holding, Why, advise, count_hint, explain, holding
from phase10.expert import expert_choice
from phase10.game import apply, legal_actions, new_game
from phase10.notation import format_state, parse_state
from phase10.rules import CLASSIC, GameConfig, GroupKind, Options
from phase10.serialize import CorruptStateError, from_json, state_from_dict, state_to_dict, to_json
from phase10.state import GameState, Step
from phase10.view import view
from support.engine.scenarios import denial_table
from support.engine.strategies import reshuffle_hidden

ANN = "R1 B2 Y3 G4 R5 B6 Y8 G9 R10 B11"


def _table(hand: str, discard: str, *, step: str = "draw", ann: str = "", ann_hand: str = ANN) -> str:
    """Robo (seat 0) to move against Ann, five turns into the hand; ``ann`` adds fields to
    Ann's seat line."""
    return (
        f"game seed=4 dealer=1 current=0 step={step} turns=5\n"
        f"discard: {discard}\n"
        f'seat 0 "Robo"\n  hand: {hand}\n'
        f'seat 1 "Ann" {ann}\n  hand: {ann_hand}\n'
    )


# Each row: a position, the move explained, and the reason the coach gives with its facts.
REASONS = [
    pytest.param(
        _table("R7 B7 G3 Y3 B1 R9 G11 Y12 B4 R2", "G7"),
        "take",
        Why.TAKE_CLOSER,
        {"card": "G7", "holding": Holding(GroupKind.SET, parse_cards("R7 B7 G7"))},
        id="the discard makes three 7s",
    ),
    pytest.param(
        _table("R7 B7 G7 Y3 B3 R9 G11 Y12 B4 R2", "G3"),
        "take",
        Why.TAKE_COMPLETES,
        {"number": 1},
        id="completes",
    ),
    pytest.param(_table("R7 B7 G3 Y3 B1 R9 G11 Y12 B4 R2", "W"), "take", Why.TAKE_WILD, {}, id="a wild"),
    pytest.param(
        _table("R7 B7 G3 Y3 B1 R9 G11 Y12 B4 R2", "G10"),
        "draw",
        Why.DRAW_NO_HELP,
        {"card": "G10"},
        id="no help",
    ),
    pytest.param(
        _table("R7 B7 G7 Y3 B3 G3 G11 Y12 B4 R2 R1", "G10", step="play"),
        "lay set:R7,B7,G7 set:Y3,B3,G3",
        Why.LAY,
        {"number": 1},
        id="lay down now",
    ),
    pytest.param(
        _table("R7 B7 G3 Y3 B1 R9 G11 Y12 B4 R2 R1", "G10", step="play"),
        "discard G11",
        Why.DISCARD_SPARE,
        {"card": "G11", "holding": Holding(GroupKind.SET, parse_cards("R7 B7"))},
        id="keeps the pair of 7s",
    ),
    pytest.param(
        _table("R7 B7 G3 Y3 B1 R9 G11 Y12 B4 R2 S", "G10", step="play"),
        "discard S @1",
        Why.SKIP,
        {"card": "S", "player": 1},
        id="skip",
    ),
    pytest.param(
        _table(
            "R7 B7 G3 Y3 B1 R8 G11 Y12 B9 R2 R1",
            "G10",
            step="play",
            ann="taken=Y9,G9",
            ann_hand="R1 B2 Y3 G4 R5 B6 Y9 G9 R10 B11",
        ),
        "discard G11",
        Why.DISCARD_NOT_FEED,
        {"card": "G11", "player": 1, "taken": parse_cards("Y9 G9")},
        id="not the 9s Ann took",
    ),
]


@pytest.mark.parametrize(("position", "move", "why", "facts"), REASONS)
def test_the_coach_gives_the_reason_of_a_move(position, move, why, facts):
    state = parse_state(position)
    advice = explain(view(state, 0), parse_action(move))
    assert advice.action == parse_action(move)
    assert advice.why is why
    for name, value in facts.items():
        expected = parse_card(value) if name == "card" else value
        assert getattr(advice, name) == expected, name


def test_a_hit_of_the_last_card_goes_out():
    state = parse_state(
        "game seed=4 dealer=1 current=0 step=play\n"
        "discard: G10\n"
        'seat 0 "Robo"\n  hand: R8\n  group: set:R7,B7,G7\n  group: set:Y8,B8,G8\n'
        'seat 1 "Ann"\n  hand: R1 B2 Y3 G4 R5 B6 Y8 G9 R10 B11\n'
    )
    hits = [a for a in legal_actions(state) if isinstance(a, Hit)]
    assert hits
    advice = explain(view(state, 0), hits[0])
    assert advice.why is Why.HIT_OUT and advice.cards == parse_cards("R8")


def test_a_move_that_is_not_legal_is_refused_with_its_name():
    seen = view(parse_state(_table("R7 B7 G3 Y3 B1 R9 G11 Y12 B4 R2", "G7")), 0)
    with pytest.raises(CoachError, match="'discard R7' is not a move"):
        explain(seen, Discard(parse_card("R7")))


def test_there_is_no_hint_for_a_player_who_is_not_to_move():
    state = parse_state(_table("R7 B7 G3 Y3 B1 R9 G11 Y12 B4 R2", "G7"))
    with pytest.raises(CoachError, match="no move to be coached"):
        advise(view(state, 1), 3)


@pytest.mark.parametrize(
    ("hand", "phase", "expected"),
    [
        ("R7 B7 G3 Y9", 1, ("set", "R7 B7")),
        ("R4 B5 G7 Y12 R12", 2, ("run", "R4 B5 G7")),  # a set of 3 + a run of 4: the run is longer
        ("R1 R5 R9 B2 G3", 8, ("color", "R1 R5 R9")),
        ("R1 B5 G9", 1, None),
    ],
)
def test_what_a_hand_holds_towards_its_phase(hand, phase, expected):
    found = holding(parse_cards(hand), CLASSIC.phase(phase))
    if expected is None:
        assert found is None
    else:
        assert found == Holding(GroupKind(expected[0]), parse_cards(expected[1]))


def _random_turn(seed: int, edition: str) -> GameState:
    rnd = random.Random(seed)
    state = new_game(GameConfig(("A", "B", "C"), seed, Options(edition=edition)))
    for _ in range(rnd.randrange(80)):
        if state.is_over:
            break
        state = apply(state, rnd.choice(legal_actions(state)))
    return state


@given(
    seed=st.integers(0, 2**32), reshuffle=st.integers(0, 2**32), edition=st.sampled_from(["classic", "flip"])
)
def test_a_hint_is_the_experts_legal_move_and_does_not_peek(seed, reshuffle, edition):
    """Advice comes from the player's view alone: the same however the hidden cards lie."""
    state = _random_turn(seed, edition)
    if state.step not in (Step.DRAW, Step.PLAY):
        return
    seat = state.current
    seen = view(state, seat)
    advice = advise(seen, 9)
    assert advice.action in seen.legal
    assert advice.action == expert_choice(seen, 9) == Bot(Level.EXPERT, 9).choose(seen)
    assert set(advice.cards) <= set(seen.hand)
    assert advice == advise(view(reshuffle_hidden(state, seat, reshuffle), seat), 9)


def test_asking_for_a_hint_is_counted_on_the_game_and_kept_in_its_save():
    state = new_game(GameConfig(("Ann", "Bo"), 3))
    asked = count_hint(count_hint(count_hint(state, 0), 1), 0)
    assert asked.hints_used == (2, 1) and state.hints_used == ()
    assert from_json(to_json(asked)) == asked
    assert parse_state(format_state(asked)) == asked
    # Nothing else about the game changes: the same moves stay legal.
    assert legal_actions(asked) == legal_actions(state)


def test_a_table_without_hints_gets_none():
    state = new_game(GameConfig(("Ann", "Bo"), 3, hints=False))
    with pytest.raises(CoachError, match="without hints"):
        count_hint(state, 0)
    assert "hints=no" in format_state(state)
    assert parse_state(format_state(state)) == state == from_json(to_json(state))


def test_a_save_from_before_the_coach_allows_hints_and_has_none_used():
    document = state_to_dict(new_game(GameConfig(("Ann", "Bo"), 3)))
    del document["config"]["hints"]
    del document["hints_used"]
    loaded = state_from_dict(document)
    assert loaded.config.hints is True and loaded.hints_used == ()


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"hints_used": [1]}, "not a count for each seat"),
        ({"hints_used": [1, -1]}, "not a count for each seat"),
        ({"hints_used": [1, "2"]}, "whole number"),
        ({"config": {"hints": "yes"}}, "hints"),
        ({"config": {"hints": False}, "hints_used": [1, 0]}, "turned them off"),
    ],
)
def test_a_damaged_hint_record_is_refused_with_its_reason(change, reason):
    document = state_to_dict(new_game(GameConfig(("Ann", "Bo"), 3)))
    for key, value in change.items():
        if isinstance(value, dict):
            document[key] = {**document[key], **value}
        else:
            document[key] = value
    with pytest.raises(CorruptStateError, match=reason):
        state_from_dict(document)


def test_the_expert_is_offered_as_a_seat_kind_and_plays_legally():
    config = GameConfig(("Ann", "Ex"), 2, Options(phases_to_win=1), kinds=("person", "expert"))
    state = new_game(config)
    bot = Bot(Level.EXPERT, 7)
    for _ in range(200):
        if state.is_over:
            break
        seat = state.current if state.step is not Step.HAND_OVER else 0
        action = bot.choose(view(state, seat))
        assert action in legal_actions(state)
        state = apply(state, action)


def test_a_discard_kept_from_the_next_player_is_explained_by_what_they_would_take():
    """Ann took a 6, 7, 8 and 9 on her run: the expert keeps its 10 from her when its
    samples of her hand say she would take it, and the hint says so."""
    seen = view(parse_state(denial_table("")), 0)
    reasons = {}
    for seed in range(12):
        advice = advise(seen, seed)
        assert advice.action == expert_choice(seen, seed)
        reasons[str(advice.card)] = advice
    denied = reasons["B1"]
    assert (denied.why, denied.player, denied.kept) == (Why.DISCARD_DENY, 1, parse_card("G10"))
    assert reasons["G10"].why is Why.DISCARD_SPARE and reasons["G10"].kept is None
