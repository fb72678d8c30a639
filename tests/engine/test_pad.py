"""The score pad of a game played with real cards: entries checked by the rules, scored
by the score sheet exactly as the app's own games are, mended, undone and saved."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from phase10 import GameConfig, Options, SetupError
from phase10.pad import (
    HandEntry,
    PadError,
    Refusal,
    ScorePad,
    add_hand,
    new_pad,
    records,
    replace_hand,
    standings,
    undo_hand,
)
from phase10.serialize import CorruptStateError, NewerSaveError, pad_from_dict, pad_to_dict, pad_to_json
from phase10.simulate import play_random_game
from support.engine.pads import pad_of_game

NAMES = ("Ann", "Bo", "Cy")


def entry(out: int | None, completed: str, *points: int | None) -> HandEntry:
    """An entry in short: who went out, "yyn" for who completed, then the points."""
    return HandEntry(() if out is None else (out,), tuple(c == "y" for c in completed), points)


def pad_of(options: Options, *entries: HandEntry, names: tuple[str, ...] = NAMES) -> ScorePad:
    pad = new_pad(names, options)
    for written in entries:
        pad = add_hand(pad, written)
    return pad


# Hand 1 of a classic game of three: Bo laid phase 1 (two sets of three) and holds 1-4
# cards (5-100 points); Cy did not and holds ten (50-230 points).
REFUSED_FIRST_HANDS = [
    pytest.param(HandEntry((0, 1), (True, True, False), (0, 0, 50)), Refusal.TWO_OUT, None, id="two-out"),
    pytest.param(entry(0, "nyn", 0, 25, 50), Refusal.OUT_WITHOUT_PHASE, 0, id="out-without-phase"),
    pytest.param(entry(0, "yyn", 10, 25, 50), Refusal.POINTS_FOR_OUT, 0, id="points-for-out"),
    pytest.param(entry(0, "yyn", 0, 0, 50), Refusal.ZERO_NOT_OUT, 1, id="zero-not-out"),
    pytest.param(entry(0, "yyn", 0, 27, 50), Refusal.NOT_A_STEP, 1, id="not-a-multiple-of-5"),
    pytest.param(entry(0, "yyn", 0, -5, 50), Refusal.NOT_A_STEP, 1, id="negative"),
    pytest.param(entry(0, "yyn", 0, 25, 235), Refusal.TOO_MANY, 2, id="more-than-ten-cards-hold"),
    pytest.param(entry(0, "yyn", 0, 105, 50), Refusal.TOO_MANY, 1, id="more-than-four-cards-hold"),
    pytest.param(entry(0, "yyn", 0, 25, 45), Refusal.TOO_FEW, 2, id="fewer-than-ten-cards-hold"),
    pytest.param(entry(0, "yyn", 0, None, 50), Refusal.POINTS_MISSING, 1, id="no-points"),
    pytest.param(HandEntry((0,), (True, True, False), (0, 25)), Refusal.SEATS, None, id="a-seat-short"),
]


@pytest.mark.parametrize(("written", "refusal", "seat"), REFUSED_FIRST_HANDS)
def test_an_entry_the_rules_cannot_produce_is_refused_with_its_reason(written, refusal, seat):
    pad = new_pad(NAMES, Options())
    with pytest.raises(PadError) as raised:
        add_hand(pad, written)
    assert (raised.value.hand, raised.value.refusal, raised.value.seat) == (1, refusal, seat)
    assert "hand 1" in str(raised.value)
    assert pad.entries == ()


def test_the_limits_of_a_refused_count_are_those_of_the_cards_held():
    with pytest.raises(PadError) as raised:
        add_hand(new_pad(NAMES, Options()), entry(0, "yyn", 0, 25, 235))
    assert raised.value.limits == (50, 230)  # ten cards: all 1-9 at least, 8 Wilds and 2 Skips at most


def test_points_no_hand_of_that_size_makes_are_refused():
    # Ten hands: everyone moves on each hand, so hand 6 is phase 6, a run of nine.  Laying
    # it leaves one card (of ten): worth 5, 10, 15 or 25, never 20.
    easy = [entry(0, "ynn", 0, 50, 50)] * 5
    pad = pad_of(Options(ten_hands=True), *easy)
    assert records(pad)[-1].phases == (5, 5, 5)
    with pytest.raises(PadError) as raised:
        add_hand(pad, entry(0, "yyn", 0, 20, 50))
    assert (raised.value.refusal, raised.value.limits) == (Refusal.IMPOSSIBLE, (5, 25))
    assert add_hand(pad, entry(0, "yyn", 0, 25, 50)).entries[-1].points == (0, 25, 50)


# First to 2 phases.  Hand 1: Ann out, Bo lays phase 1.  Hand 2: Bo out, Ann lays phase 2:
# both have 20 points and both have 2 phases, so they play a tiebreak without Cy.
TIED = (entry(0, "yyn", 0, 20, 50), entry(1, "yyn", 20, 0, 50))


def test_a_tie_is_played_off_by_the_tied_players_alone():
    pad = pad_of(Options(phases_to_win=2), *TIED)
    assert standings(pad).tiebreak == (0, 1)
    with pytest.raises(PadError) as raised:
        add_hand(pad, entry(1, "nyn", 50, 0, 50))
    assert (raised.value.refusal, raised.value.seat) == (Refusal.NOT_DEALT, 2)
    won = add_hand(pad, entry(1, "nyn", 50, 0, None))
    assert standings(won).winner == 1
    assert records(won)[-1].tiebreak and records(won)[-1].phases == (2, 2, None)
    with pytest.raises(PadError) as over:
        add_hand(won, entry(0, "yyy", 0, 50, 50))
    assert over.value.refusal is Refusal.GAME_OVER


def test_mending_an_earlier_hand_works_out_every_later_one_again():
    pad = pad_of(Options(phases_to_win=2), *TIED)
    # Bo did not lay phase 1 in hand 1 after all: ten cards, 50 points, still on phase 1.
    mended = replace_hand(pad, 1, entry(0, "ynn", 0, 50, 50))
    assert mended.entries[1] == pad.entries[1]
    assert records(mended)[1].phases == (2, 1, 1)
    assert standings(mended).winner == 0  # Ann alone has both phases, with 20 points
    assert pad.entries == TIED  # the pad mended is a new pad


def test_a_mend_that_makes_a_later_hand_impossible_is_refused_naming_that_hand():
    pad = pad_of(Options(phases_to_win=2), *TIED, entry(1, "nyn", 50, 0, None))
    with pytest.raises(PadError) as raised:
        replace_hand(pad, 1, entry(0, "ynn", 0, 50, 50))  # Ann wins at hand 2: no tiebreak
    assert (raised.value.hand, raised.value.refusal) == (3, Refusal.GAME_OVER)
    with pytest.raises(PadError) as missing:
        replace_hand(pad, 4, TIED[0])
    assert missing.value.refusal is Refusal.NO_HAND


def test_undo_takes_back_the_last_hand_only():
    pad = pad_of(Options(phases_to_win=2), *TIED)
    assert undo_hand(pad).entries == TIED[:1]
    assert standings(undo_hand(pad)).scores == (0, 20, 50)
    with pytest.raises(PadError) as raised:
        undo_hand(new_pad(NAMES, Options()))
    assert raised.value.refusal is Refusal.NO_HAND


def test_a_pad_needs_the_players_a_game_needs():
    with pytest.raises(SetupError):
        new_pad(("Ann",), Options())
    with pytest.raises(SetupError):
        new_pad(("Ann", " "), Options())


OPTIONS = [
    Options(),
    Options(phases_to_win=2),
    Options(even_phases=True, phases_to_win=2),
    Options(ten_hands=True),
    Options(el_chavo=True, phases_to_win=1),
    Options(edition="flip", phases_to_win=2),
    Options(edition="flip", ten_hands=True, even_phases=True),
    Options(any_order=True, phases_to_win=2),
    Options(edition="flip", any_order=True, phases_to_win=2),
]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.integers(2, 6), st.sampled_from(OPTIONS))
def test_a_played_games_hands_written_on_a_pad_reach_the_same_end(seed, players, options):
    config = GameConfig(("Ann", "Bo", "Cy", "Di", "Ed", "Flo")[:players], seed, options)
    game = play_random_game(config, random.Random(seed), check=False).final
    pad = pad_of_game(game)
    assert records(pad) == game.history
    end = standings(pad)
    assert end.winner == game.winner
    assert end.scores == tuple(player.score for player in game.players)


def test_a_saved_pad_reads_back_the_same():
    pad = pad_of(Options(phases_to_win=2, el_chavo=True), *TIED)
    assert pad_from_dict(json.loads(pad_to_json(pad))) == pad
    assert pad_from_dict(pad_to_dict(new_pad(NAMES, Options(edition="flip")))).options.edition == "flip"


def _saved(**changes: object) -> dict[str, object]:
    document = pad_to_dict(pad_of(Options(phases_to_win=2), *TIED))
    document.update(changes)
    return document


@pytest.mark.parametrize(
    ("document", "says"),
    [
        pytest.param(_saved(format="ten-phases/game"), "format", id="a-game-not-a-pad"),
        pytest.param(_saved(version=True), "version", id="version-true"),
        pytest.param(_saved(names=["Ann"]), "players", id="one-player"),
        pytest.param(_saved(entries="none"), "entries", id="entries-not-a-list"),
        pytest.param(
            _saved(entries=[{"went_out": [0], "completed": [True, True, False], "points": [0, "20", 50]}]),
            "points",
            id="points-as-text",
        ),
        pytest.param(
            _saved(entries=[{"went_out": [0], "completed": [True, True, False], "points": [0, 20, 5]}]),
            "hand 1, seat 2",
            id="a-hand-no-game-writes",
        ),
        pytest.param(_saved(entries=[{"went_out": [0]}] * 401), "at most", id="too-many-hands"),
        pytest.param([], "object", id="not-an-object"),
    ],
)
def test_a_damaged_pad_is_refused_with_a_reason(document, says):
    with pytest.raises(CorruptStateError, match=says):
        pad_from_dict(document)


def test_a_pad_from_a_newer_app_is_not_called_damaged():
    with pytest.raises(NewerSaveError):
        pad_from_dict(_saved(version=2))
