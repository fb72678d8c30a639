"""The score sheet as a seam: hands scored and games decided by one copy of the rules,
and every impossible line named with its hand and reason."""

from __future__ import annotations

import pytest

from phase10.rules import CLASSIC, FLIP, Options
from phase10.scoresheet import (
    ScoreSheetError,
    can_be_left_in_hand,
    cards_left,
    opening,
    replay,
    score_hand,
)
from phase10.state import HandRecord

CLASSIC_OPTIONS = Options()


def hand(number, phases, points, completed, went_out, tiebreak=False):
    return HandRecord(number, tuple(phases), tuple(points), tuple(completed), went_out, tiebreak)


@pytest.mark.parametrize(
    ("rules", "points", "fewest", "most", "possible"),
    [
        (CLASSIC, 50, 10, 10, True),  # ten cards of 1-9
        (CLASSIC, 45, 10, 10, False),  # ten cards are worth at least 50
        (CLASSIC, 230, 10, 10, True),  # every Wild and two Skips
        (CLASSIC, 235, 10, 10, False),  # the deck has only 8 Wilds and 4 Skips
        (CLASSIC, 15, 1, 4, True),  # one Skip
        (CLASSIC, 7, 0, 10, False),  # points come in fives
        (CLASSIC, 0, 0, 0, True),
        (FLIP, 200, 10, 10, True),  # ten Stars
        (FLIP, 15, 1, 10, True),
        (FLIP, 25, 1, 1, False),  # no Flip card is worth 25
        (FLIP, 210, 10, 10, False),
    ],
)
def test_points_left_in_a_hand(rules, points, fewest, most, possible):
    assert can_be_left_in_hand(rules, points, fewest=fewest, most=most) is possible


def test_cards_left_come_from_the_rules():
    assert cards_left(CLASSIC_OPTIONS, 1, completed=False, went_out=False) == (10, 10)
    assert cards_left(CLASSIC_OPTIONS, 1, completed=True, went_out=False) == (1, 4)  # 6 cards laid
    assert cards_left(CLASSIC_OPTIONS, 6, completed=True, went_out=False) == (1, 1)  # a run of 9
    assert cards_left(Options(edition="flip"), 1, completed=True, went_out=False) == (1, 6)
    assert cards_left(CLASSIC_OPTIONS, 3, completed=True, went_out=True) == (0, 0)


def test_a_paper_game_scored_hand_by_hand():
    options = Options(phases_to_win=2)
    sheet = (
        hand(1, [1, 1, 1], [0, 50, 20], [True, False, True], 0),
        hand(2, [2, 1, 2], [55, 60, 0], [False, True, True], 2),
    )
    standings = replay(options, 3, sheet)
    assert standings.phase_index == (1, 1, 2)
    assert standings.scores == (55, 110, 20)
    assert standings.winner == 2 and standings.decided


def test_a_tie_calls_a_tiebreak_hand_and_its_winner_wins():
    options = Options(ten_hands=True, phases_to_win=1)
    # the draw pile ran out with seats 0 and 2 lowest
    first = hand(1, [1, 1, 1], [50, 60, 50], [False, False, False], None)
    standings = score_hand(options, opening(3), first)
    assert standings.winner is None and standings.tiebreak == (0, 2)
    # the draw pile ran out: the tied players play the tiebreak again
    again = hand(2, [1, None, 1], [50, None, 50], [False, False, False], None, tiebreak=True)
    assert score_hand(options, standings, again).tiebreak == (0, 2)
    last = hand(3, [1, None, 1], [0, None, 55], [True, False, False], 0, tiebreak=True)
    final = replay(options, 3, (first, again, last))
    assert final.winner == 0 and final.tiebreak == () and final.scores == (100, 60, 155)
    assert final.phase_index == (1, 1, 1)  # a tiebreak moves no one on


@pytest.mark.parametrize(
    ("record", "reason"),
    [
        (hand(2, [1, 1], [0, 50], [True, False], 0), "numbered 2, not 1"),
        (hand(1, [1, 1, 1], [0, 50, 50], [True, False, False], 0), "one entry per seat"),
        (hand(1, [2, 1], [0, 50], [True, False], 0), "seat 0: played for phase 1, not 2"),
        (hand(1, [1, None], [0, 50], [True, False], 0), "seat 1: played for phase 1, not None"),
        (hand(1, [1, 1], [0, None], [True, False], 0), "seat 1: was dealt in, so it has points"),
        (hand(1, [1, 1], [0, 45], [True, False], 0), "45 points cannot be left in a hand of 10"),
        (hand(1, [1, 1], [0, 50], [False, False], 0), "went out without completing"),
        (hand(1, [1, 1], [5, 50], [True, False], 0), "scores 0 exactly when it went out"),
        (hand(1, [1, 1], [0, 0], [True, True], 0), "did not go out, so it cannot score 0"),
        (hand(1, [1, 1], [0, 50], [True, False], 2), "seat 2 went out but was not dealt"),
        (hand(1, [1, 1], [0, 50], [True, False], 0, tiebreak=True), "marked a tiebreak, but none was due"),
        (hand(1, [1, 1], [0, 105], [True, True], 0), "105 points cannot be left in a hand of 1 to 4"),
    ],
)
def test_an_impossible_line_is_named_with_its_hand_and_reason(record, reason):
    with pytest.raises(ScoreSheetError, match=reason) as raised:
        replay(CLASSIC_OPTIONS, 2, (record,))
    assert raised.value.hand == 1 and reason in raised.value.reason
    assert str(raised.value).startswith("hand 1 of the score sheet: ")


def test_no_hand_after_the_game_is_won():
    options = Options(phases_to_win=1)
    won = hand(1, [1, 1], [0, 50], [True, False], 0)
    with pytest.raises(ScoreSheetError, match="already won by seat 0") as raised:
        replay(options, 2, (won, hand(2, [1, 1], [0, 50], [True, False], 0)))
    assert raised.value.hand == 2
