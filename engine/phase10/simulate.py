"""Whole games by random legal play, with every invariant checked after every action.

``random_choice`` is random legal play; ``guided_choice`` is random legal play that keeps
the cards its phase needs most of the time and picks the phase its hand is closest to.  A
table's own list may hold phases that random play would almost never make (a colour run of
ten: ruling 31), which would keep a hand going far past any cap; guided play makes them.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from .actions import Action, ChoosePhase, Discard, Hit, LayDown
from .bots import without
from .distance import cards_missing
from .game import apply, legal_actions, new_game
from .invariants import InvariantError, check_state, check_transition
from .notation import format_state
from .rules import GameConfig, Options
from .serialize import from_json, to_json
from .state import GameState

__all__ = [
    "GameReport",
    "Policy",
    "SimulationError",
    "guided_choice",
    "play_random_game",
    "random_choice",
]

# Hands per game beyond which something loops; random legal play finishes far sooner.
MAX_HANDS_PER_GAME = 400


class SimulationError(AssertionError):
    """A broken invariant, with what is needed to replay it."""


@dataclass(frozen=True, slots=True)
class GameReport:
    final: GameState
    actions: tuple[Action, ...]
    hands: int
    turns: int
    seconds: float


def random_choice(actions: Sequence[Action], rnd: random.Random) -> Action:
    """Random legal play that lays down and hits whenever it can, so hands end."""
    eager = [action for action in actions if isinstance(action, LayDown | Hit)]
    return rnd.choice(eager or list(actions))


# How a simulated player chooses: the state (its own hand, as a player would know it) and
# the legal actions, to one of them.
Policy = Callable[[GameState, Sequence[Action], random.Random], Action]

_CARELESS = 0.15  # how often guided play discards at random
A = TypeVar("A", bound=Action)


def guided_choice(state: GameState, actions: Sequence[Action], rnd: random.Random) -> Action:
    """Random legal play, guided: it lays down and hits whenever it can, picks the phase its
    hand is closest to (ruling 33), and most of the time discards a card its phase needs
    least (random among those), else any card.  A Flip card is weighed by the hand the flip
    would give it (the simulator knows its backs): flipping away a hand built for a large
    set at random would keep such a phase from ever being made."""
    eager = [action for action in actions if isinstance(action, LayDown | Hit)]
    if eager:
        return rnd.choice(eager)
    options = state.config.options
    hand = state.player.shown_hand
    picks = [action for action in actions if isinstance(action, ChoosePhase)]
    if picks:
        return _closest(picks, lambda pick: cards_missing(hand, options.phase_spec(pick.phase)), rnd)
    discards = [action for action in actions if isinstance(action, Discard)]
    if not discards:
        return rnd.choice(list(actions))
    if state.player.has_laid or rnd.random() < _CARELESS:
        return rnd.choice(discards)
    spec = state.phase_spec(state.current)
    flips = options.ruleset().two_sided
    held = state.player.hand

    def missing(discard: Discard) -> int:
        if flips and discard.card.flips:
            rest = without([card.shown for card in held], discard.card)
            backs = [card.turned().shown for card in held]
            backs.remove(next(card for card in held if card.shown == discard.card).turned().shown)
            return cards_missing(backs, spec) if len(rest) == len(backs) else cards_missing(rest, spec)
        return cards_missing(without(hand, discard.card), spec)

    return _closest(discards, missing, rnd)


def _closest(actions: Sequence[A], missing: Callable[[A], int], rnd: random.Random) -> A:
    """One of ``actions`` with the fewest cards ``missing``, at random among those."""
    scores = {action: missing(action) for action in actions}
    best = min(scores.values())
    return rnd.choice([action for action, score in scores.items() if score == best])


def _random_policy(state: GameState, actions: Sequence[Action], rnd: random.Random) -> Action:
    return random_choice(actions, rnd)


def play_random_game(
    config: GameConfig,
    rnd: random.Random,
    *,
    check: bool = True,
    round_trip_every: int = 97,
    policy: Policy = _random_policy,
) -> GameReport:
    """Play one game to its end by ``policy`` (random legal play unless told); with ``check``,
    verify every invariant after every action."""
    started = time.perf_counter()
    state = new_game(config)
    actions: list[Action] = []
    turns = 0
    while not state.is_over:
        legal = legal_actions(state)
        if not legal:
            _fail(config, actions, state, "a game that is not over has no legal action")
        action = policy(state, legal, rnd)
        try:
            following = apply(state, action)
            if check:
                check_state(following)
                check_transition(state, following)
                if (
                    round_trip_every
                    and len(actions) % round_trip_every == 0
                    and from_json(to_json(following)) != following
                ):
                    raise InvariantError("the state does not survive a JSON round trip")
        except (InvariantError, ValueError) as error:
            _fail(config, [*actions, action], state, str(error))
        if following.turns > state.turns or following.hand_number > state.hand_number:
            turns += 1
        actions.append(action)
        state = following
        if len(state.history) > MAX_HANDS_PER_GAME:
            _fail(
                config,
                actions,
                state,
                f"more than {MAX_HANDS_PER_GAME} hands: the game does not end",
            )
    return GameReport(state, tuple(actions), len(state.history), turns, time.perf_counter() - started)


def _fail(config: GameConfig, actions: Sequence[Action], state: GameState, reason: str) -> None:
    raise SimulationError(
        f"{reason}\nseed={config.seed} players={len(config.players)} options={config.options}\n"
        f"after {len(actions)} actions; last: {actions[-1] if actions else '-'}\n{format_state(state)}"
    )


def parse_variations(values: Sequence[str]) -> Options:
    """``ten-hands``, ``even-phases``, ``first-to-N``, ``el-chavo``, ``any-order``, ``standard``
    -> Options."""
    ten_hands = even = el_chavo = any_order = False
    first_to: int | None = None
    for value in (v for text in values for v in text.split(",") if v):
        name = value.strip().lower()
        if name == "standard":
            continue
        if name == "ten-hands":
            ten_hands = True
        elif name in ("even-phases", "even"):
            even = True
        elif name == "el-chavo":
            el_chavo = True
        elif name == "any-order":
            any_order = True
        elif name.startswith("first-to-") and name[9:].isdigit():
            first_to = int(name[9:])
        else:
            raise ValueError(
                f"unknown variation {value!r}: use standard, ten-hands, even-phases, first-to-N, el-chavo"
                " or any-order"
            )
    return Options(
        ten_hands=ten_hands, phases_to_win=first_to, even_phases=even, el_chavo=el_chavo, any_order=any_order
    )
