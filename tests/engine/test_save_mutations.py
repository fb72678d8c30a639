"""Issue 16: a saved game loads only if it is a state the rules reach, its score sheet
included.  Damaged real saves are refused with ``CorruptStateError`` and nothing else,
or play a whole random legal game to its end with every invariant holding."""

from __future__ import annotations

import json
import os
import random
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from phase10.game import new_game
from phase10.invariants import history_problems, state_problems
from phase10.rules import GameConfig, Options
from phase10.serialize import (
    MAX_SAVED_TURNS,
    SCHEMA_VERSION,
    CorruptStateError,
    NewerSaveError,
    from_json,
    state_from_dict,
    state_to_dict,
    to_json,
    upgrade,
)
from phase10.state import Step
from support.engine.mutations import BACKSTOP, mutants, outcome, play_out, real_saves, sheet_contradiction
from support.engine.strategies import configs, states_along

FIXTURES = Path(__file__).parent / "fixtures" / "saves"

# WebAssembly is several times slower: Pyodide's run damages fewer saves.
SLOW = sys.platform == "emscripten" or os.environ.get("HYPOTHESIS_PROFILE") == "pyodide"
MUTANTS = 300 if SLOW else 2000


def test_the_real_saves_cover_every_moment_of_a_game():
    labels = " ".join(label for label, _ in real_saves())
    for moment in ("deal", "draw", "play", "hand over", "tiebreak due", "tiebreak played", "game over"):
        assert moment in labels
    for text in (text for _, text in real_saves()):
        assert to_json(from_json(text)) == text


def test_every_damaged_save_is_refused_or_plays_to_the_end():
    counts: Counter[str] = Counter()
    failures = []
    for index, (label, text) in enumerate(mutants(MUTANTS, seed=2026)):
        result = outcome(text, seed=index)
        counts[result.kind] += 1
        if result.kind not in ("refused", "played"):
            failures.append(f"{label}: {result.kind}: {result.detail}\n{text}")
        elif result.detail.startswith(BACKSTOP):
            failures.append(f"{label}: refused only by the backstop: {result.detail}\n{text}")
    assert not failures, f"{len(failures)} of {MUTANTS}:\n" + "\n".join(failures[:3])
    assert counts["refused"] and counts["played"], counts


@given(configs(short=True), st.integers(0, 2**32))
def test_every_state_of_a_game_agrees_with_its_score_sheet(config, seed):
    for state in states_along(config, random.Random(seed), limit=300):
        assert history_problems(state) == []
        assert sheet_contradiction(state) is None


@given(
    st.integers(0, 2**32), st.sampled_from([Options(edition="flip"), Options(edition="flip", ten_hands=True)])
)
def test_every_state_of_a_flip_game_agrees_with_its_score_sheet(seed, options):
    config = GameConfig(("Ann", "Bo", "Cy"), seed, Options(options.ten_hands, 2, edition="flip"))
    for state in states_along(config, random.Random(seed), limit=300):
        assert history_problems(state) == []


# --- the saves of issue 16 ------------------------------------------------------------------


def _finished_hand():
    """A real save at the end of the first hand of a game of three."""
    for label, text in real_saves():
        if label.startswith("classic, first to 2: hand over"):
            return json.loads(text)
    raise AssertionError("no hand-over save")


def _in_play():
    for label, text in real_saves():
        if label.startswith("classic, first to 2: play"):
            return json.loads(text)
    raise AssertionError("no save in play")


def _refused(doc, match=None):
    with pytest.raises(CorruptStateError, match=match) as raised:
        from_json(json.dumps(doc))
    assert not str(raised.value).startswith(BACKSTOP)


def test_more_declined_cards_than_the_turns_allow_are_refused():
    doc = _in_play()
    doc["players"][0]["declined"] = ["R5"] * (2 * doc["turns"])
    _refused(doc, "more cards were declined")


def test_a_declined_card_with_its_back_is_refused():
    doc = _in_play()
    doc["players"][0]["declined"] = ["R7!/3"]
    _refused(doc, "without their backs")


def test_a_tiebreak_naming_any_seats_is_refused():
    doc = _in_play()
    doc["tiebreak"] = [0, 1]
    _refused(doc, "tiebreak")


@pytest.mark.parametrize("turns", [0, -1, MAX_SAVED_TURNS + 1, 5000, 10**18])
def test_turns_no_hand_can_have_are_refused(turns):
    doc = _in_play()
    doc["turns"] = turns
    _refused(doc, "turns")


def test_a_phase_index_the_score_sheet_does_not_lead_to_is_refused():
    doc = _in_play()
    doc["players"][2]["phase_index"] = 1 - doc["players"][2]["phase_index"]
    _refused(doc, "phase index")


@pytest.mark.parametrize("phase", [-1, 0, 11, 10**18, None])
def test_a_score_sheet_phase_no_seat_played_is_refused(phase):
    doc = _finished_hand()
    doc["history"][0]["phases"][1] = phase
    _refused(doc)


def test_a_card_moved_between_hands_at_hand_over_is_refused():
    doc = _finished_hand()
    giver, taker = [seat for seat, p in enumerate(doc["players"]) if p["hand"]][:2]
    doc["players"][taker]["hand"].append(doc["players"][giver]["hand"].pop())
    _refused(doc, "worth")


def test_a_forged_winner_is_refused():
    doc = _finished_hand()
    doc["winner"], doc["step"] = 1, "game-over"
    _refused(doc, "winner")


@pytest.mark.parametrize("version", [True, 1.0, "1", None, 0, -1, [1]])
def test_a_version_that_is_not_a_whole_number_from_1_is_corrupt(version):
    doc = _in_play()
    doc["version"] = version
    with pytest.raises(CorruptStateError, match="version") as raised:
        from_json(json.dumps(doc))
    assert not isinstance(raised.value, NewerSaveError)


def test_a_finished_hand_without_a_phase_for_a_seat_is_corrupt_not_a_crash():
    doc = _finished_hand()
    seat = next(seat for seat, p in enumerate(doc["players"]) if p["groups"])
    doc["history"][0]["phases"][seat] = None
    _refused(doc, "names no phase")
    # state_problems answers for such a state too, rather than failing an assert
    state = from_json(json.dumps(_finished_hand()))
    record = replace(state.history[0], phases=(None,) * len(state.players))
    assert any("names no phase" in problem for problem in state_problems(replace(state, history=(record,))))


# --- versions -------------------------------------------------------------------------------


def test_a_newer_save_says_it_is_not_damaged():
    doc = _in_play()
    doc["version"] = SCHEMA_VERSION + 1
    with pytest.raises(NewerSaveError) as raised:
        from_json(json.dumps(doc))
    error = raised.value
    assert (error.version, error.supported) == (SCHEMA_VERSION + 1, SCHEMA_VERSION)
    assert "newer version of the app" in str(error) and "not damaged" in str(error)
    assert isinstance(error, CorruptStateError)


def test_migrations_run_in_order_from_the_save_s_version():
    doc = state_to_dict(new_game(GameConfig(("Ann", "Bo"), 3)))
    seen = []

    def step(version):
        def migrate(document):
            seen.append((version, document["version"]))
            return {**document, f"from_{version}": True}

        return migrate

    table = {1: step(1), 2: step(2), 3: step(3)}
    upgraded = upgrade(doc, table, current=4)
    assert seen == [(1, 1), (2, 2), (3, 3)]
    assert upgraded["version"] == 4 and upgraded["from_1"] and upgraded["from_3"]
    assert doc["version"] == 1 and "from_1" not in doc  # the document given is left alone
    assert upgrade({**doc, "version": 3}, table, current=4)["version"] == 4
    assert seen[-1] == (3, 3)
    with pytest.raises(CorruptStateError, match="no upgrade"):
        upgrade(doc, {1: step(1)}, current=3)
    with pytest.raises(NewerSaveError):
        upgrade({**doc, "version": 5}, table, current=4)


def test_today_s_version_needs_no_migration():
    doc = state_to_dict(new_game(GameConfig(("Ann", "Bo"), 3)))
    assert upgrade(doc) == doc
    assert state_from_dict(doc) == new_game(GameConfig(("Ann", "Bo"), 3))


def _fixtures():
    return sorted(FIXTURES.glob("*.json"))


def test_there_are_saves_of_every_vintage_at_every_step():
    names = [path.name for path in _fixtures()]
    for vintage in (
        "v1-before-kinds-4ae76f2",
        "v1-before-flip-1fa6654",
        "v1-6f6dec4-classic",
        "v1-6f6dec4-flip",
    ):
        for step in Step:
            assert f"{vintage}-{step.value}.json" in names


@pytest.mark.parametrize("path", _fixtures(), ids=lambda path: path.stem)
def test_a_save_of_every_released_vintage_loads_and_plays_on(path):
    text = path.read_text()
    state = from_json(text)
    assert json.loads(text)["version"] == 1
    assert state.config.kinds == ("person",) * len(state.players)
    if "before" in path.name:
        assert state.config.options.edition == "classic"
    assert from_json(to_json(state)) == state
    assert play_out(state, random.Random(path.name)) is None
