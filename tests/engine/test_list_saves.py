"""Saves of games and score pads with a table's own rules (rulings 31-35): the list, the
any-order switch and the picks are saved only where used, older saves load as games of the
edition's list, a save with a list no game can play is refused with the reason phase by
phase, and damaged real saves are refused or play on to the end."""

from __future__ import annotations

import json
import os
import sys
from collections import Counter
from pathlib import Path

import pytest

from phase10.game import new_game
from phase10.pad import HandEntry, add_hand, new_pad
from phase10.phaselists import decode
from phase10.rules import GameConfig, ListProblem, Options
from phase10.serialize import (
    CorruptStateError,
    SavedListError,
    from_json,
    pad_from_dict,
    pad_to_dict,
    state_to_dict,
    to_json,
)
from support.engine.list_saves import list_mutants, list_outcome, list_saves
from support.engine.mutations import BACKSTOP

FIXTURES = Path(__file__).parent / "fixtures" / "saves"
SLOW = sys.platform == "emscripten" or os.environ.get("HYPOTHESIS_PROFILE") == "pyodide"
MUTANTS = 200 if SLOW else 1500

OWN = decode("P1-3S3S-4CR4R-3C3C-8R-K", "classic", "Ours")


def _saved(options: Options) -> dict:
    return state_to_dict(new_game(GameConfig(("Ann", "Bo", "Cy"), 42, options)))


def test_a_game_of_the_editions_list_in_order_is_saved_as_before():
    doc = _saved(Options())
    assert set(doc["config"]["options"]) == {
        "ten_hands",
        "phases_to_win",
        "even_phases",
        "el_chavo",
        "edition",
    }
    assert all("pick" not in player for player in doc["players"])
    assert doc["version"] == 1


def test_a_game_with_its_own_rules_saves_them():
    doc = _saved(Options(phase_list=OWN, any_order=True))
    options = doc["config"]["options"]
    assert options["any_order"] is True
    assert options["phase_list"]["name"] == "Ours"
    assert options["phase_list"]["phases"][1] == [
        {"kind": "color_run", "size": 4},
        {"kind": "run", "size": 4},
    ]
    assert [player["pick"] for player in doc["players"]] == [None, None, None]
    state = from_json(json.dumps(doc))
    assert state.config.options.phase_list == OWN and state.config.options.any_order


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("*.json")), ids=lambda path: path.stem)
def test_older_saves_load_as_games_of_the_editions_list_in_order(path):
    state = from_json(path.read_text())
    assert state.config.options.phase_list is None and not state.config.options.any_order
    assert all(player.pick is None for player in state.players)


IMPOSSIBLE_LISTS = [
    pytest.param(
        lambda listed: listed["phases"].extend(listed["phases"] * 12),
        ListProblem.TOO_MANY_PHASES,
        None,
        id="50-phases",
    ),
    pytest.param(
        lambda listed: listed["phases"][1][0].__setitem__("kind", "pair"),
        ListProblem.KIND,
        2,
        id="unknown-kind",
    ),
    pytest.param(
        lambda listed: listed["phases"][3][0].__setitem__("size", 13),
        ListProblem.TOO_MANY_CARDS,
        4,
        id="past-the-deck",
    ),
    pytest.param(
        lambda listed: listed["phases"][0].extend([{"kind": "set", "size": 2}] * 2),
        ListProblem.TOO_MANY_GROUPS,
        1,
        id="four-groups",
    ),
    pytest.param(
        lambda listed: listed["phases"][0][0].__setitem__("size", "3"),
        ListProblem.SHAPE,
        1,
        id="a-size-as-text",
    ),
    pytest.param(
        lambda listed: listed["phases"][0][0].__setitem__("size", True),
        ListProblem.SHAPE,
        1,
        id="a-size-as-true",
    ),
    pytest.param(
        lambda listed: listed["phases"][2].clear(), ListProblem.NO_GROUPS, 3, id="a-phase-of-no-group"
    ),
    pytest.param(lambda listed: listed["phases"].clear(), ListProblem.NO_PHASES, None, id="no-phase"),
    pytest.param(
        lambda listed: listed["phases"][1][0].__setitem__("size", 2),
        ListProblem.TOO_SMALL,
        2,
        id="a-colour-run-of-2",
    ),
    pytest.param(
        lambda listed: listed.__setitem__("name", "x" * 41), ListProblem.NAME, None, id="a-long-name"
    ),
]


@pytest.mark.parametrize(("damage", "problem", "phase"), IMPOSSIBLE_LISTS)
def test_a_hand_edited_save_with_an_impossible_list_is_refused_with_the_reason(damage, problem, phase):
    doc = _saved(Options(phase_list=OWN))
    damage(doc["config"]["options"]["phase_list"])
    text = json.dumps(doc)
    with pytest.raises(SavedListError) as raised:
        from_json(text)
    assert isinstance(raised.value, CorruptStateError)
    assert (raised.value.problem, raised.value.faults[0].phase) == (problem, phase)
    assert json.dumps(doc) == text  # nothing changed


@pytest.mark.parametrize(
    ("options", "damage", "words"),
    [
        (Options(phase_list=OWN), lambda o: o.__setitem__("el_chavo", True), "El Chavo"),
        (Options(any_order=True), lambda o: o.__setitem__("ten_hands", True), "ten hands"),
        (Options(any_order=True), lambda o: o.__setitem__("any_order", 1), "any_order should be bool"),
        (Options(phase_list=OWN), lambda o: o.__setitem__("phase_list", "P1-3S-X"), "should be an object"),
        (Options(phase_list=OWN), lambda o: o.__setitem__("edition", "flip"), "kinds"),
    ],
    ids=[
        "el-chavo-own-list",
        "any-order-ten-hands",
        "a-switch-that-is-no-bool",
        "a-code-for-a-list",
        "flip-deck",
    ],
)
def test_a_save_with_rules_that_do_not_combine_is_refused(options, damage, words):
    doc = _saved(options)
    damage(doc["config"]["options"])
    with pytest.raises(CorruptStateError) as raised:
        from_json(json.dumps(doc))
    assert words.lower() in str(raised.value).lower() or raised.value.__class__ is SavedListError


@pytest.mark.parametrize(
    ("options", "pick", "words"),
    [
        (Options(), 3, "in order"),
        (Options(any_order=True), 11, "does not play"),
        (Options(any_order=True), True, "should be int"),
    ],
    ids=["a-pick-in-order", "a-pick-of-no-phase", "a-pick-that-is-no-number"],
)
def test_a_save_with_a_pick_no_game_can_make_is_refused(options, pick, words):
    doc = _saved(options)
    doc["players"][0]["pick"] = pick
    with pytest.raises(CorruptStateError, match=words):
        from_json(json.dumps(doc))


def test_a_pad_saves_its_list_and_picks():
    pad = new_pad(("Ann", "Bo"), Options(phase_list=OWN, any_order=True))
    pad = add_hand(pad, HandEntry((0,), (True, False), (0, 50), (2, 4)))
    doc = pad_to_dict(pad)
    assert doc["entries"][0]["phases"] == [2, 4]
    assert pad_from_dict(json.loads(json.dumps(doc))) == pad
    doc["options"]["phase_list"]["phases"][0][0]["kind"] = "pair"
    with pytest.raises(SavedListError):
        pad_from_dict(doc)
    plain = pad_to_dict(add_hand(new_pad(("Ann", "Bo"), Options()), HandEntry((0,), (True, False), (0, 50))))
    assert "phases" not in plain["entries"][0] and "phase_list" not in plain["options"]


def test_the_real_list_saves_cover_picks_hand_ends_and_game_ends():
    labels = " ".join(label for label, _ in list_saves())
    for moment in ("draw", "hand-over", "game-over"):
        assert moment in labels
    for _, text in list_saves():
        assert to_json(from_json(text)) == text


def test_every_damaged_list_save_is_refused_or_plays_to_the_end():
    counts: Counter[str] = Counter()
    failures = []
    for index, (label, text) in enumerate(list_mutants(MUTANTS, seed=31)):
        result = list_outcome(text, seed=index)
        counts[result.kind] += 1
        if result.kind not in ("refused", "played") or result.detail.startswith(BACKSTOP):
            failures.append(f"{label}: {result.kind}: {result.detail}\n{text}")
    assert not failures, f"{len(failures)} of {MUTANTS}:\n" + "\n".join(failures[:3])
    assert counts["refused"] and counts["played"], counts
