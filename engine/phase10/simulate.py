"""Whole games by random legal play, with every invariant checked after every action."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from .actions import Action, Hit, LayDown
from .game import apply, legal_actions, new_game
from .invariants import InvariantError, check_state, check_transition
from .notation import format_state
from .rules import GameConfig, Options
from .serialize import from_json, to_json
from .state import GameState

__all__ = ["GameReport", "SimulationError", "play_random_game", "random_choice"]

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


def play_random_game(
    config: GameConfig, rnd: random.Random, *, check: bool = True, round_trip_every: int = 97
) -> GameReport:
    """Play one game to its end; with ``check``, verify every invariant after every action."""
    started = time.perf_counter()
    state = new_game(config)
    actions: list[Action] = []
    turns = 0
    while not state.is_over:
        legal = legal_actions(state)
        if not legal:
            _fail(config, actions, state, "a game that is not over has no legal action")
        action = random_choice(legal, rnd)
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
    """``ten-hands``, ``even-phases``, ``first-to-N``, ``el-chavo``, ``standard`` -> Options."""
    ten_hands = even = el_chavo = False
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
        elif name.startswith("first-to-") and name[9:].isdigit():
            first_to = int(name[9:])
        else:
            raise ValueError(
                f"unknown variation {value!r}: use standard, ten-hands, even-phases, first-to-N or el-chavo"
            )
    return Options(ten_hands=ten_hands, phases_to_win=first_to, even_phases=even, el_chavo=el_chavo)
