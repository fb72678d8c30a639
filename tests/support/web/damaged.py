"""Damaged saved games, as a phone's storage could hold them: the cases that the app must
open on a screen with a way out (the CPython tests take every one, the browser two)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

from phase10 import GameConfig, GameState, Step, apply, legal_actions, new_game
from phase10.serialize import SCHEMA_VERSION, state_to_dict

DEEP = "[" * 100_000


def pass_and_play() -> GameState:
    return new_game(GameConfig(("Ann", "Bo"), 7))


def hand_over_with_a_null_phase() -> str:
    game, choose = pass_and_play(), random.Random(3).choice
    while game.step is not Step.HAND_OVER:
        game = apply(game, choose(legal_actions(game)))
    data = state_to_dict(game)
    data["history"][-1]["phases"][0] = None
    return json.dumps(data)


def newer_version() -> str:
    data = state_to_dict(pass_and_play())
    data["version"] = SCHEMA_VERSION + 1
    return json.dumps(data)


# Each case: how to make the stored text, and the words of the screen's title.
GAME_CASES: dict[str, tuple[Callable[[], str], str]] = {
    "null phase on the score sheet": (hand_over_with_a_null_phase, "Saved game damaged"),
    "deep nesting": (lambda: DEEP, "Saved game damaged"),
    "wrong types": (lambda: '{"format": "ten-phases/game", "version": 1, "players": "lost"}', "damaged"),
    "huge": (lambda: '"' + "x" * 3_000_000 + '"', "Saved game damaged"),
    "a newer version": (newer_version, "Saved by a newer version"),
}
