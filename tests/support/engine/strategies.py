"""Hypothesis strategies and helpers shared by the engine's property tests."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import strategies as st

from phase10.actions import Action
from phase10.game import IllegalActionError, apply, legal_actions, new_game
from phase10.rng import shuffled
from phase10.rules import PLAYER_KINDS, GameConfig, Options
from phase10.simulate import random_choice
from phase10.state import GameState

NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo")


@st.composite
def options(draw: st.DrawFn) -> Options:
    even = draw(st.booleans())
    limit = 5 if even else 10
    return Options(
        ten_hands=draw(st.booleans()),
        phases_to_win=draw(st.one_of(st.none(), st.integers(1, limit))),
        even_phases=even,
        el_chavo=draw(st.booleans()),
    )


@st.composite
def configs(draw: st.DrawFn, short: bool = False) -> GameConfig:
    players = draw(st.integers(2, 6))
    chosen = draw(options())
    if short and chosen.phases_to_win is None:
        chosen = Options(chosen.ten_hands, draw(st.integers(1, 3)), chosen.even_phases, chosen.el_chavo)
    return seated(draw, players, chosen)


def seated(draw: st.DrawFn, players: int, options: Options) -> GameConfig:
    """A game of ``players`` seats with these options: any seed, first dealer and seat kinds."""
    return GameConfig(
        NAMES[:players],
        draw(st.integers(0, 2**64 - 1)),
        options,
        first_dealer=draw(st.integers(0, players - 1)),
        kinds=tuple(draw(st.lists(st.sampled_from(PLAYER_KINDS), min_size=players, max_size=players))),
    )


def states_along(config: GameConfig, rnd: random.Random, limit: int = 400) -> list[GameState]:
    """States met in one random legal game, the first ``limit`` of them."""
    state = new_game(config)
    states = [state]
    while not state.is_over and len(states) < limit:
        state = apply(state, random_choice(legal_actions(state), rnd))
        states.append(state)
    return states


@st.composite
def game_states(draw: st.DrawFn) -> GameState:
    """A state somewhere in a random legal game."""
    config = draw(configs(short=True))
    rnd = random.Random(draw(st.integers(0, 2**32)))
    states = states_along(config, rnd)
    return states[draw(st.integers(0, len(states) - 1))]


def reshuffle_hidden(state: GameState, seat: int, seed: int) -> GameState:
    """The same table with every card ``seat`` cannot see dealt differently."""
    others = [i for i in state.active if i != seat]
    hidden = list(state.draw_pile) + [card for i in others for card in state.players[i].hand]
    mixed, _ = shuffled(hidden, seed)
    cards = list(mixed)
    draw = tuple(cards[: len(state.draw_pile)])
    del cards[: len(state.draw_pile)]
    players = list(state.players)
    for i in others:
        size = len(players[i].hand)
        players[i] = replace(players[i], hand=tuple(sorted(cards[:size])))
        del cards[:size]
    return replace(state, draw_pile=draw, players=tuple(players))


def check_refused(state: GameState, action: Action, reason: str) -> None:
    """``apply`` refuses ``action`` with a typed error naming it and ``reason``, and the state
    is unchanged."""
    before = repr(state)
    try:
        apply(state, action)
    except IllegalActionError as error:
        assert str(action) in str(error) and reason in str(error)
    else:
        raise AssertionError(f"{action} was applied although {reason}")
    assert repr(state) == before
