"""Hypothesis strategies and helpers shared by the engine's property tests."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import strategies as st

from phase10.actions import Action
from phase10.game import IllegalActionError, apply, legal_actions, new_game
from phase10.rng import shuffled
from phase10.rules import (
    CLASSIC,
    EDITIONS,
    MAX_LIST_NAME,
    MAX_LIST_PHASES,
    MAX_PHASE_GROUPS,
    PLAYER_KINDS,
    GameConfig,
    GroupSpec,
    Options,
    PhaseList,
    Ruleset,
)
from phase10.simulate import guided_choice, random_choice
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


# --- a table's own phase lists (rulings 31-34) -------------------------------------------


@st.composite
def allowed_phases(draw: st.DrawFn, rules: Ruleset = CLASSIC) -> tuple[GroupSpec, ...]:
    """The groups of one phase ruling 31 allows with ``rules``'s deck: 1 to 3 groups of its
    lists' kinds, each at least its kind's minimum, together at most a hand's cards."""
    kinds = draw(st.lists(st.sampled_from(rules.list_kinds), min_size=1, max_size=MAX_PHASE_GROUPS))
    least = [rules.list_min_size[kind] for kind in kinds]
    while sum(least) > rules.hand_size:  # three large minimums: drop a group
        kinds, least = kinds[:-1], least[:-1]
    spare = rules.hand_size - sum(least)
    groups = []
    for kind, size in zip(kinds, least, strict=True):
        extra = draw(st.integers(0, spare))
        spare -= extra
        groups.append(GroupSpec(kind, size + extra))
    return tuple(groups)


@st.composite
def phase_lists(draw: st.DrawFn, rules: Ruleset = CLASSIC, most: int = MAX_LIST_PHASES) -> PhaseList:
    """A list ruling 31 allows with ``rules``'s deck, of 1 to ``most`` phases."""
    phases = draw(st.lists(allowed_phases(rules), min_size=1, max_size=most))
    return PhaseList.of(draw(st.text(max_size=MAX_LIST_NAME)), *phases)


@st.composite
def list_options(draw: st.DrawFn, most: int = 6, any_order: bool | None = None) -> Options:
    """Options with an own list of at most ``most`` phases (either edition), phases in any
    order or not, and the ways to play that combine with them (ruling 34); "first to N"
    keeps most games short."""
    edition = draw(st.sampled_from(sorted(EDITIONS)))
    own = draw(phase_lists(EDITIONS[edition], most))
    anyhow = draw(st.booleans()) if any_order is None else any_order
    even = len(own.phases) >= 2 and draw(st.booleans())
    pool = len(own.phases) // 2 if even else len(own.phases)
    return Options(
        ten_hands=not anyhow and draw(st.booleans()),
        phases_to_win=draw(st.one_of(st.none(), st.integers(1, min(pool, 3)), st.integers(1, min(pool, 3)))),
        even_phases=even,
        edition=edition,
        phase_list=own,
        any_order=anyhow,
    )


@st.composite
def list_configs(draw: st.DrawFn, most: int = 6, any_order: bool | None = None) -> GameConfig:
    return seated(draw, draw(st.integers(2, 6)), draw(list_options(most, any_order)))


def guided_states_along(config: GameConfig, rnd: random.Random, limit: int = 400) -> list[GameState]:
    """States met in one game of guided random play (``simulate.guided_choice``)."""
    state = new_game(config)
    states = [state]
    while not state.is_over and len(states) < limit:
        state = apply(state, guided_choice(state, legal_actions(state), rnd))
        states.append(state)
    return states
