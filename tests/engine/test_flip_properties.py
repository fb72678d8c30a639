"""Property tests of the Flip edition: random legal Flip games keep every invariant.

Each card lies in exactly one place; every card in a hand or a pile shows the
side in play, and laid cards keep the side they were laid with (ruling 25);
``legal_actions`` and ``why_illegal`` agree on legal and illegal actions alike,
and an illegal action changes nothing; saves, notation and replays give back
the same game.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from phase10.actions import Action, Discard, Draw, Hit, LayDown, NextHand, TakeDiscard, parse_action
from phase10.cards import Card, Side, all_faces
from phase10.game import apply, legal_actions, new_game, replay, why_illegal
from phase10.groups import End, Group
from phase10.invariants import check_state
from phase10.notation import format_state, parse_state
from phase10.rules import FLIP, GameConfig, GroupKind, Options
from phase10.serialize import from_json, to_json
from phase10.simulate import play_random_game, random_choice
from phase10.state import GameState, Step
from support.engine.strategies import check_refused, seated


@st.composite
def flip_configs(draw: st.DrawFn, short: bool = True) -> GameConfig:
    players = draw(st.integers(2, 6))
    even = draw(st.booleans())
    limit = 5 if even else 10
    phases = draw(
        st.integers(1, 3 if short else limit) if short else st.one_of(st.none(), st.integers(1, limit))
    )
    options = Options(ten_hands=draw(st.booleans()), phases_to_win=phases, even_phases=even, edition="flip")
    return seated(draw, players, options)


def walk(config: GameConfig, rnd: random.Random, limit: int = 300) -> tuple[list[GameState], list[Action]]:
    """The states of one random legal game (at most ``limit``) and the actions between them."""
    state = new_game(config)
    states, actions = [state], []
    while not state.is_over and len(states) < limit:
        action = random_choice(legal_actions(state), rnd)
        state = apply(state, action)
        states.append(state)
        actions.append(action)
    return states, actions


def held(state: GameState) -> list[Card]:
    return [*state.draw_pile, *state.discard_pile, *(card for p in state.players for card in p.hand)]


def laid(state: GameState) -> list[Card]:
    return [card for p in state.players for group in p.groups for card in group.cards]


def check_sides(before: GameState, action: Action, after: GameState) -> None:
    """Ruling 25: hands and piles show the side in play; laid cards keep their side."""
    assert all(card.side is after.side for card in held(after)), format_state(after)
    assert Counter(card.facing(Side.COLOR) for card in (*held(after), *laid(after))) == Counter(FLIP.deck)
    if isinstance(action, NextHand):
        assert after.side is Side.COLOR  # every hand is dealt Colour Side up
        return
    flipped = isinstance(action, Discard) and action.card.flips
    assert after.side is (before.side.other if flipped else before.side), action
    # Laid groups only grow, and what joins them shows the side in play when it is played.
    for seat, (was, now) in enumerate(zip(before.players, after.players, strict=True)):
        if not was.groups:
            assert all(card.side is before.side for group in now.groups for card in group.cards)
            continue
        assert len(was.groups) == len(now.groups), seat
        for old, new in zip(was.groups, now.groups, strict=True):
            added = Counter(new.cards) - Counter(old.cards)
            assert not Counter(old.cards) - Counter(new.cards), "a laid card changed or left"
            assert all(card.side is before.side for card in added.elements())
            if old.kind.is_run:  # runs grow at their ends only
                assert new.cards[: len(old.cards)] == old.cards or new.cards[-len(old.cards) :] == old.cards


def check_round_trips(state: GameState) -> None:
    assert from_json(to_json(state)) == state
    assert parse_state(format_state(state)) == state


# Some hundred short games, and a few whole ones, in the default run.
@settings(max_examples=max(10, settings().max_examples // 2))
@given(flip_configs(), st.integers(0, 2**32))
def test_random_flip_games_keep_every_invariant_end_and_replay(config, choice_seed):
    # play_random_game checks check_state and check_transition after every action.
    report = play_random_game(config, random.Random(choice_seed), round_trip_every=0)
    final = report.final
    assert final.step is Step.GAME_OVER and final.winner is not None
    assert legal_actions(final) == ()
    assert replay(config, report.actions) == final
    check_round_trips(final)


@settings(max_examples=max(3, settings().max_examples // 10))
@given(flip_configs(short=False), st.integers(0, 2**32))
def test_whole_flip_games_end(config, choice_seed):
    report = play_random_game(config, random.Random(choice_seed), round_trip_every=0)
    assert report.final.step is Step.GAME_OVER


@given(flip_configs(), st.integers(0, 2**32))
def test_every_card_shows_the_side_in_play_or_its_laid_side_and_states_round_trip(config, seed):
    states, actions = walk(config, random.Random(seed), limit=150)
    for index, (before, action, after) in enumerate(zip(states, actions, states[1:], strict=False)):
        check_state(after)
        check_sides(before, action, after)
        if index % 20 == 0 or (isinstance(action, Discard) and action.card.flips):
            check_round_trips(after)
    assert replay(config, actions) == states[-1]


def test_a_laid_set_survives_a_json_round_trip() -> None:
    # A save must be reachable: Ann is on phase 2 because the score sheet says she made phase 1.
    state = parse_state(
        """
        game seed=100 first-dealer=0 dealer=1 current=0 step=play side=color
        options edition=flip
        seat 0 "Ann" phase-index=1
          hand: G7/4 G7!/3! Y7/11 R4/1 R5/10 G6/2 G6/9 Y6/1 Y6/9 B9/* B9/11
        seat 1 "Bo" score=50
          hand: Y11/5 Y11/9 G11/7 G11/5 Y10/6 Y10/11 G10/7 G10/3 Y8/8 Y8/2
        discard: G8/12
        history: 1 phases=1,1 points=0,50 completed=yes,no out=0 tiebreak=no
        """.replace("\n        ", "\n")
    )
    state = apply(state, parse_action("lay set:G7,G7!,Y7 color_run:R4,R5"))
    assert from_json(to_json(state)) == state


def candidate_actions(state: GameState, rnd: random.Random) -> list[Action]:
    """Legal and illegal actions alike: faces of both sides, classic faces, the physical
    cards themselves (with their backs), and groups of every kind."""
    faces = all_faces()
    seats = range(-1, len(state.players) + 1)
    player = state.player
    mine = sorted(set(player.shown_hand)) + sorted(set(player.hand))
    candidates: list[Action] = [Draw(), TakeDiscard(), NextHand()]
    for card in rnd.sample(faces, 10) + [card.turned().shown for card in player.hand] + mine:
        candidates.append(Discard(card))
        candidates.append(
            Hit(card, rnd.choice(seats), rnd.randrange(-1, 3), rnd.choice([None, End.LOW, End.HIGH]))
        )
    for seat in state.active:
        for index in range(len(state.players[seat].groups)):
            for card in mine:
                for end in (None, End.LOW, End.HIGH):
                    candidates.append(Hit(card, seat, index, end))
    hand = list(player.shown_hand)
    kinds = list(GroupKind)
    for _ in range(12):
        chosen = rnd.sample(hand, rnd.randint(1, len(hand))) if hand else [rnd.choice(faces)]
        cuts = sorted(rnd.randint(0, len(chosen)) for _ in range(2))
        parts = (chosen[: cuts[0]], chosen[cuts[0] : cuts[1]], chosen[cuts[1] :])
        groups = [Group(rnd.choice(kinds), tuple(part)) for part in parts if part]
        candidates.append(LayDown(tuple(groups[: rnd.randint(1, 3)])))
    return candidates


@st.composite
def flip_states(draw: st.DrawFn) -> GameState:
    config = draw(flip_configs())
    states, _ = walk(config, random.Random(draw(st.integers(0, 2**32))), limit=draw(st.integers(1, 250)))
    return states[-1]


@given(flip_states(), st.integers(0, 2**32))
def test_apply_accepts_exactly_the_legal_actions(state, seed):
    rnd = random.Random(seed)
    legal = legal_actions(state)
    assert len(set(legal)) == len(legal), "legal actions are distinct"
    for action in legal:
        assert why_illegal(state, action) is None, action
        after = apply(state, action)
        check_state(after)
        check_sides(state, action, after)
        for card in [
            *getattr(action, "cards", ()),
            *([action.card] if isinstance(action, Hit | Discard) else []),
        ]:
            assert card.back is None, f"{action} names a card with its back"
        if isinstance(action, LayDown):
            assert not Counter(action.cards) - Counter(state.player.shown_hand)
    legal_set = set(legal)
    for action in candidate_actions(state, rnd):
        reason = why_illegal(state, action)
        assert (reason is None) == (action in legal_set), (action, reason)
        if reason is not None:
            check_refused(state, action, reason)
