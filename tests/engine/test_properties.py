"""Property tests: random legal play keeps every invariant, and every illegal
action is refused with the state unchanged."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from phase10.actions import Action, Discard, Draw, Hit, LayDown, NextHand, TakeDiscard
from phase10.cards import all_faces
from phase10.game import apply, legal_actions, replay, why_illegal
from phase10.groups import End, Group
from phase10.invariants import check_state
from phase10.rules import GroupKind
from phase10.simulate import play_random_game
from phase10.state import GameState, Step
from support.engine.strategies import check_refused, configs, game_states


# A few hundred whole games in the default run (thousands with ``simulate``).
@settings(max_examples=3 * settings().max_examples)
@given(configs(), st.integers(0, 2**32))
def test_random_legal_games_keep_every_invariant_and_end(config, choice_seed):
    # play_random_game checks every invariant after every action and fails on a
    # game that does not end: 108 cards each in one place, scores equal to the
    # cards left in hand, phases that only advance, a legal action whenever the
    # game is not over, and a JSON round trip now and then.
    report = play_random_game(config, random.Random(choice_seed))
    final = report.final
    assert final.step is Step.GAME_OVER
    assert final.winner is not None
    assert legal_actions(final) == ()
    # The winner has the lowest total among those who could win, or won a tiebreak.
    last = final.history[-1]
    if last.tiebreak:
        assert last.went_out == final.winner
    else:
        sequence = len(config.options.phase_sequence())
        contenders = [
            seat
            for seat, player in enumerate(final.players)
            if config.options.ten_hands or player.phase_index >= sequence
        ]
        assert final.winner in contenders
        assert final.players[final.winner].score == min(final.players[s].score for s in contenders)
    # The game replays from its seed and its actions.
    assert replay(config, report.actions) == final


def _candidate_actions(state: GameState, rnd: random.Random) -> list[Action]:
    """Legal and illegal actions alike, to hold ``apply`` to ``legal_actions``."""
    faces = all_faces()
    seats = range(-1, len(state.players) + 1)
    candidates: list[Action] = [Draw(), TakeDiscard(), NextHand()]
    for card in rnd.sample(faces, 12) + list(state.player.hand):
        candidates.append(Discard(card))
        candidates.append(Discard(card, rnd.choice(seats)))
        candidates.append(
            Hit(card, rnd.choice(seats), rnd.randrange(-1, 3), rnd.choice([None, End.LOW, End.HIGH]))
        )
    for seat in state.active:
        for index in range(len(state.players[seat].groups)):
            for card in set(state.player.hand):
                for end in (None, End.LOW, End.HIGH):
                    candidates.append(Hit(card, seat, index, end))
    hand = list(state.player.hand)
    for _ in range(25):
        chosen = rnd.sample(hand, rnd.randint(1, len(hand))) if hand else [rnd.choice(faces)]
        cut = rnd.randint(0, len(chosen))
        kinds = list(GroupKind)
        groups = [Group(rnd.choice(kinds), tuple(part)) for part in (chosen[:cut], chosen[cut:]) if part]
        if rnd.random() < 0.5:
            groups = groups[:1]
        candidates.append(LayDown(tuple(groups)))
    return candidates


@given(game_states(), st.integers(0, 2**32))
def test_apply_accepts_exactly_the_legal_actions(state, seed):
    rnd = random.Random(seed)
    legal = set(legal_actions(state))
    assert len(legal) == len(legal_actions(state)), "legal actions are distinct"
    for action in legal:
        assert why_illegal(state, action) is None, action
        check_state(apply(state, action))
    for action in _candidate_actions(state, rnd):
        reason = why_illegal(state, action)
        assert (reason is None) == (action in legal), (action, reason)
        if reason is not None:
            check_refused(state, action, reason)


@given(game_states())
def test_laydowns_use_only_cards_in_hand_and_are_distinct(state):
    if state.step is not Step.PLAY or state.player.has_laid:
        return
    laydowns = [a for a in legal_actions(state) if isinstance(a, LayDown)]
    assert len(set(laydowns)) == len(laydowns)
    hand = Counter(state.player.hand)
    for action in laydowns:
        assert not Counter(action.cards) - hand
