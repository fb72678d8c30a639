"""The expert computer player: legal moves only, replays, and decisions hard does not make.

Its decision time is measured in benchmarks (docs/benchmarks.md), not asserted here.
"""

from __future__ import annotations

import hashlib
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from phase10 import expert
from phase10.actions import Discard, LayDown
from phase10.bots import Bot, Level, seat_bot
from phase10.cards import parse_card, parse_cards
from phase10.distance import cards_missing
from phase10.expert import Knobs, expert_choice
from phase10.game import apply, legal_actions, new_game
from phase10.invariants import check_state
from phase10.notation import parse_state
from phase10.rules import FLIP, GameConfig, Options
from phase10.state import Step
from phase10.tournament import play_bot_game
from phase10.view import view
from support.engine.scenarios import denial_table
from support.engine.strategies import configs


@pytest.mark.parametrize("edition", ["classic", "flip"])
def test_a_seeded_game_of_four_experts_replays_identically(edition):
    config = GameConfig(("A", "B", "C", "D"), 23, Options(edition=edition, phases_to_win=2))
    first = play_bot_game(config, ["expert"] * 4, 5)
    second = play_bot_game(config, ["expert"] * 4, 5)
    assert first == second
    assert first.winner is not None


# Every action of a few seeded hands, hashed.  A change meant only to make the bots
# faster must leave each decision as it was; a change meant to alter their play
# updates these and says so.
PINNED_PLAY = [
    (("expert", "hard", "hard", "hard"), "flip", 2, "89dfa07fda62"),
    (("expert", "hard"), "flip", 3, "2d63f499b9c4"),
    (("expert", "hard", "normal"), "classic", 4, "8734270ff323"),
    # Two players, classic: the fifth hand has a discard kept back from the next player
    # (with ``deny_samples=0`` these five hands hash to e00637656f62).
    (("expert", "hard"), "classic", 5, "c3a078674278"),
]


@pytest.mark.parametrize(("kinds", "edition", "hands", "digest"), PINNED_PLAY)
def test_the_bots_play_the_pinned_moves_of_seeded_hands(kinds, edition, hands, digest):
    names = tuple(f"P{seat}" for seat in range(len(kinds)))
    config = GameConfig(names, 0, Options(edition=edition), kinds=kinds)
    players = {seat: seat_bot(config, seat) for seat in range(len(kinds))}
    state = new_game(config)
    played = hashlib.sha256()
    ended = 0
    while not state.is_over and ended < hands:
        seat = state.current if state.step is not Step.HAND_OVER else 0
        ended += state.step is Step.HAND_OVER
        action = players[seat].choose(view(state, seat))
        played.update(repr(action).encode())
        state = apply(state, action)
    assert played.hexdigest()[:12] == digest


@settings(max_examples=max(10, settings().max_examples // 2))
@given(configs(short=True), st.integers(0, 2**20), st.integers(0, 2**32))
def test_the_expert_only_ever_chooses_legal_actions(config, seed, choice_seed):
    """Experts in every other seat, random legal play in the rest: every position the
    game reaches is one the expert may face, and each of its choices must be legal."""
    state = new_game(config)
    rnd = random.Random(choice_seed)
    experts = {seat: Bot(Level.EXPERT, seed + seat) for seat in range(0, len(config.players), 2)}
    while not state.is_over:
        seat = state.current if state.step is not Step.HAND_OVER else 0
        legal = legal_actions(state)
        action = experts[seat].choose(view(state, seat)) if seat in experts else rnd.choice(legal)
        assert action in legal
        state = apply(state, action)
        check_state(state)


# Found in a 2-player game: the hard bot lays a long run with its Wilds and keeps B2 B4,
# which fit nowhere.  Laying the 2s as its set instead leaves B4 B5 Y5 B6, and all but
# one Y5 extend Ann's run of 7 to 11 at once (B6, then B5, then B4).
_LAY_TABLE = (
    "game seed=5 dealer=0 current=1 step=play side=color\n"
    "discard: Y11\n"
    'seat 0 "Ann" phase-index=1\n'
    "  hand: B1 G11\n"
    "  group: set:R3,B3,G3\n"
    "  group: run:R7,R8,Y9,B10,Y11\n"
    'seat 1 "Robo" phase-index=1\n'
    "  hand: B2 B4 B5 Y5 B6 B8 R10 R11 W W W\n"
)


def test_the_expert_lays_down_the_groups_that_leave_the_fewest_cards_after_hitting():
    seen = view(parse_state(_LAY_TABLE), 1)
    hard = Bot(Level.HARD, 1).choose(seen)
    chosen = expert_choice(seen, 1)
    assert isinstance(hard, LayDown) and isinstance(chosen, LayDown)
    assert sorted(parse_cards("B2 B4")) == sorted(_left(seen.hand, hard))
    assert sorted(parse_cards("B4 B5 Y5 B6")) == sorted(_left(seen.hand, chosen))
    assert expert_choice(seen, 1, Knobs(lay_hits=False)) == hard


def _left(hand, lay):
    rest = list(hand)
    for card in lay.cards:
        rest.remove(card)
    return rest


# Robo has laid a run of 3 to 9, and neither G4 nor Y11 fits anything.  Hard throws the
# costlier Y11; the expert keeps it, since a drawn 10 would make it fit (10, then 11).
_NEAR_TABLE = (
    "game seed=6 dealer=0 current=1 step=play side=color\n"
    "discard: G1\n"
    'seat 0 "Ann"\n'
    "  hand: B1 B2 Y2 G4 Y9 G10 R12 B12 Y6 G8\n"
    'seat 1 "Robo" phase-index=3\n'
    "  hand: G4 Y11\n"
    "  group: run:R3,B4,Y5,G6,R7,B8,Y9\n"
)


def test_once_laid_the_expert_keeps_a_card_one_draw_from_fitting():
    seen = view(parse_state(_NEAR_TABLE), 1)
    assert Bot(Level.HARD, 1).choose(seen) == Discard(parse_card("Y11"))
    assert expert_choice(seen, 1) == Discard(parse_card("G4"))
    assert expert_choice(seen, 1, Knobs(keep_near=False)) == Discard(parse_card("Y11"))


def test_the_expert_weighs_a_flip_by_sampling_its_own_backs():
    """Each face of the Flip deck has a printed list of backs: every sample the expert
    draws for its hand is one the deck could deal."""
    from phase10.expert import _backs_of, _sample_backs

    hand = tuple(card.shown for card in FLIP.deck[:10])
    rnd = random.Random(3)
    for _ in range(20):
        backs = _sample_backs(hand, rnd)
        assert len(backs) == len(hand)
        for face, back in zip(hand, backs, strict=True):
            assert back in _backs_of(face)
    assert cards_missing(_sample_backs(hand, rnd), FLIP.phase(1)) >= 0


def _discards(table: str, seeds: range) -> dict[str, int]:
    seen = view(parse_state(table), 0)
    counted: dict[str, int] = {}
    for seed in seeds:
        card = str(expert_choice(seen, seed).card)
        counted[card] = counted.get(card, 0) + 1
    return counted


def test_with_two_players_the_expert_does_not_throw_what_the_next_player_would_take():
    """Hard throws the 10 (its points, among cards as good for its phase); Ann holds 6 to
    9, so most hands she could hold take it.  The expert, sampling her hand, throws the 1."""
    seen = view(parse_state(denial_table("")), 0)
    assert Bot(Level.HARD, 1).choose(seen) == Discard(parse_card("G10"))
    assert expert_choice(seen, 1, Knobs(deny_samples=0)) == Discard(parse_card("G10"))
    counted = _discards(denial_table(""), range(40))
    assert counted.get("B1", 0) >= 24, counted


def test_the_expert_reads_what_the_next_player_declined():
    """Ann drew past a 10 on the discard pile: a hand that wanted one is not hers.  The
    hands left hold a 10 already, so throwing one is safe again."""
    assert _discards(denial_table("declined=Y10"), range(40)) == {"G10": 40}


def test_refusing_no_declined_card_reads_none(monkeypatch):
    """``_RECENT = 0`` (a benchmark's setting) refuses nothing declined: the Y10 Ann drew
    past then changes no sample, and every discard is as if she had declined nothing."""
    monkeypatch.setattr(expert, "_RECENT", 0)
    assert _discards(denial_table("declined=Y10"), range(40)) == _discards(denial_table(""), range(40))


def test_the_expert_weighs_denial_only_when_two_play():
    """With four players even a cheat that saw the next hand gained nothing measurable by
    denying it (docs/research/2026-11-expert.md); the expert does not spend the time with more than two."""
    assert _discards(denial_table("", third=True), range(20)) == {"G10": 20}
