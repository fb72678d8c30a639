"""Saved games: JSON round trips, and every corruption is refused with a clear error."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from phase10.actions import Discard, Draw
from phase10.game import apply, legal_actions, new_game
from phase10.rules import GameConfig, Options
from phase10.serialize import SCHEMA_VERSION, CorruptStateError, from_json, state_to_dict, to_json
from support.engine.strategies import game_states


@given(game_states())
def test_json_round_trips(state):
    text = to_json(state)
    assert from_json(text) == state
    assert to_json(from_json(text)) == text
    assert json.loads(text)["version"] == SCHEMA_VERSION


def _first_card_path(data):
    for key in ("draw_pile", "discard_pile"):
        if data[key]:
            return data[key]
    raise AssertionError("no card")


def _other_face(card: str) -> str:
    return "R1" if card != "R1" else "B1"


# Each mutation makes a document that no game can reach.
MUTATIONS = {
    "a card changed into another": lambda d: _first_card_path(d).__setitem__(
        0, _other_face(_first_card_path(d)[0])
    ),
    "a card removed": lambda d: _first_card_path(d).pop(),
    "a card added to a hand": lambda d: d["players"][0]["hand"].append("W"),
    "an unknown card": lambda d: d["players"][1]["hand"].__setitem__(0, "R13"),
    "a score raised": lambda d: d["players"][0].__setitem__("score", d["players"][0]["score"] + 5),
    "a negative phase": lambda d: d["players"][0].__setitem__("phase_index", -1),
    "a phase past the end": lambda d: d["players"][0].__setitem__("phase_index", 11),
    "a missing field": lambda d: d.pop("players"),
    "a wrong type": lambda d: d.__setitem__("dealer", "0"),
    "a bool for a number": lambda d: d.__setitem__("current", True),
    "an unknown step": lambda d: d.__setitem__("step", "dance"),
    "a newer version": lambda d: d.__setitem__("version", SCHEMA_VERSION + 1),
    "another format": lambda d: d.__setitem__("format", "chess"),
    "a seat that does not exist": lambda d: d.__setitem__("current", 9),
    "a renamed player": lambda d: d["players"][0].__setitem__("name", "Mallory"),
    "a winner mid-game": lambda d: d.__setitem__("winner", 0),
    "a bad seed": lambda d: d["config"].__setitem__("seed", "-1"),
    "one player": lambda d: d["config"].__setitem__("players", ["Solo"]),
    "a list for an object": lambda d: d.__setitem__("config", []),
    "an unknown kind of player": lambda d: d["config"].__setitem__("kinds", ["person", "genius", "hard"]),
    "a kind too few": lambda d: d["config"].__setitem__("kinds", ["person", "hard"]),
    "kinds that are no list": lambda d: d["config"].__setitem__("kinds", "hard"),
    "a Skip in a group": lambda d: d["players"][0].__setitem__(
        "groups", [{"kind": "set", "cards": ["S", "R1"]}]
    ),
}


@pytest.mark.parametrize("mutation", MUTATIONS.values(), ids=MUTATIONS.keys())
def test_a_corrupted_save_is_refused(mutation):
    state = new_game(GameConfig(("Ann", "Bo", "Cy"), 42))
    data = state_to_dict(state)
    mutation(data)
    with pytest.raises(CorruptStateError) as raised:
        from_json(json.dumps(data))
    assert str(raised.value)


@pytest.mark.parametrize(
    "text",
    ["", "{", "null", "[]", "42", '"x"', "\x00", b"\xff\xfe", "[" * 100_000, '{"a":' * 50_000, "9" * 5000],
)
def test_text_that_is_no_saved_game_is_refused(text):
    with pytest.raises(CorruptStateError):
        from_json(text)


@given(st.integers(0, 2**32), st.integers(1, 8))
def test_random_damage_never_crashes_the_loader(seed, flips):
    rnd = random.Random(seed)
    state = new_game(GameConfig(("Ann", "Bo"), seed, Options(el_chavo=True)))
    text = bytearray(to_json(state).encode())
    for _ in range(flips):
        text[rnd.randrange(len(text))] = rnd.randrange(32, 127)
    try:
        loaded = from_json(bytes(text))
    except CorruptStateError:
        return
    # The damage happened to leave a reachable state: it must then be complete and valid.
    assert loaded.config.players == state.config.players or len(loaded.players) == len(state.players)


def test_a_save_from_before_computer_players_loads_with_people_in_every_seat():
    state = new_game(GameConfig(("Ann", "Bo"), 5, kinds=("person", "hard")))
    data = state_to_dict(state)
    assert data["config"]["kinds"] == ["person", "hard"]
    del data["config"]["kinds"]
    loaded = from_json(json.dumps(data))
    assert loaded.config.kinds == ("person", "person")
    assert loaded == new_game(GameConfig(("Ann", "Bo"), 5))


def test_a_save_from_before_declined_cards_loads_with_none_recorded():
    state = new_game(GameConfig(("Ann", "Bo"), 5))
    while not any(player.declined for player in state.players):
        state = apply(state, next(a for a in legal_actions(state) if isinstance(a, Draw | Discard)))
    data = state_to_dict(state)
    assert [player["declined"] for player in data["players"]] == [
        [str(card) for card in player.declined] for player in state.players
    ]
    for player in data["players"]:
        del player["declined"]
    loaded = from_json(json.dumps(data))
    assert all(player.declined == () for player in loaded.players)
    assert loaded == replace(state, players=tuple(replace(p, declined=()) for p in state.players))


def test_error_names_the_field():
    data = state_to_dict(new_game(GameConfig(("Ann", "Bo"), 1)))
    data["players"][1]["hand"][3] = "X9"
    with pytest.raises(CorruptStateError, match=r"players\[1\]\.hand\[3\].*X9"):
        from_json(json.dumps(data))
