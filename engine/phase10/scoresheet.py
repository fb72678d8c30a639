"""The score sheet: the public scoring seam of the engine.

This is the one copy of the scoring rules (rulings 16, 17, 19 and 20, and the variations):
the points of the cards left in a hand, the phases completed, what a hand does
to the standings, and what the game decides after it (a winner, a tiebreak, or
play on).  ``game.py`` uses it as each hand ends, a saved game's sheet is
replayed through it on loading, and a score pad for paper games uses it to
check and score each hand a person writes down.  Everything here is a pure
function of plain values: the ``Options`` (or the edition's ``Ruleset``), the
``Standings`` and the sheet (a tuple of ``HandRecord``); nothing takes a
``GameState``.  The phases, the hand size and the points come from the rules
as data, never from numbers written here.

Import it as ``phase10.scoresheet`` (``from phase10 import scoresheet``).

``replay(options, seats, sheet)`` reads a whole sheet from the first hand and
returns the ``Standings`` it leads to, or raises ``ScoreSheetError`` naming the
first impossible hand and why.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from .cards import Card, Side
from .rules import Options, Ruleset
from .state import NO_PICK, HandRecord, completed_phases

__all__ = [
    "NO_PICK",
    "ScoreSheetError",
    "Standings",
    "can_be_left_in_hand",
    "cards_left",
    "completed_phases",
    "decide",
    "hand_points_range",
    "hand_problem",
    "opening",
    "phase_after",
    "phase_on",
    "phase_problem",
    "phases_completed",
    "point_step",
    "points_left",
    "record_hand",
    "replay",
    "score_hand",
]


@dataclass(frozen=True, slots=True)
class Standings:
    """Where a game stands after the hands on its sheet.

    ``tiebreak`` names the seats due a tiebreak hand (ruling 19), or playing
    it; ``winner`` is set once the game is decided.
    """

    phase_index: tuple[int, ...]  # per seat: index in the phase sequence of the phase worked on
    scores: tuple[int, ...]  # per seat: total points
    hands: int = 0  # hands on the sheet
    regular_hands: int = 0  # of those, the hands that were not tiebreaks: "ten hands" counts these
    tiebreak: tuple[int, ...] = ()
    winner: int | None = None
    # Per seat: the phases completed, as a set in order (a tiebreak completes none).  With
    # phases in any order ``phase_index`` counts them, and a seat picks from the others.
    done: tuple[tuple[int, ...], ...] = ()

    def completed(self, seat: int) -> tuple[int, ...]:
        """The phases ``seat`` has completed, as a set in order."""
        return self.done[seat] if self.done else ()

    @property
    def decided(self) -> bool:
        return self.winner is not None

    @property
    def dealt(self) -> tuple[int, ...]:
        """The seats dealt into the next hand: the tied players, or everyone."""
        return self.tiebreak or tuple(range(len(self.scores)))


class ScoreSheetError(ValueError):
    """A line of a score sheet that no game can write: ``hand`` is its number, from 1."""

    def __init__(self, hand: int, reason: str) -> None:
        super().__init__(f"hand {hand} of the score sheet: {reason}")
        self.hand = hand
        self.reason = reason


def opening(seats: int) -> Standings:
    """The standings before the first hand: everyone on the first phase, no points."""
    return Standings(phase_index=(0,) * seats, scores=(0,) * seats, done=((),) * seats)


def phase_on(options: Options, standings: Standings, seat: int) -> int:
    """The phase number ``seat`` plays in the next hand: in a tiebreak, the final phase (ruling 19).
    With phases in any order the seat picks it (``phase_problem`` checks a pick); this is the
    first it may pick."""
    tiebreak = seat in standings.tiebreak
    if not options.any_order or tiebreak:
        return options.phase_played(standings.phase_index[seat], tiebreak)
    return (options.open_phases(standings.completed(seat)) or options.phase_sequence()[-1:])[0]


def phase_problem(
    options: Options, standings: Standings, seat: int, phase: int, completed: bool
) -> str | None:
    """Why ``seat`` cannot have played for ``phase`` in the next hand (and ``completed`` it or
    not); None if it can.  With phases in any order (ruling 33) it is a phase the seat has not
    completed, or ``NO_PICK`` when the hand ended before its first turn; otherwise, and in a
    tiebreak, it is ``phase_on``'s."""
    expected = phase_on(options, standings, seat)
    if not options.any_order or seat in standings.tiebreak:
        return None if phase == expected else f"played for phase {expected}, not {phase}"
    if phase == NO_PICK:
        return "completed a phase it never picked" if completed else None
    if phase not in options.phase_sequence():
        return f"picked phase {phase}, which this game does not play"
    if phase in standings.completed(seat):
        return f"picked phase {phase}, which it had already completed"
    return None


def points_left(rules: Ruleset, cards: Iterable[Card]) -> int:
    """The penalty points of ``cards`` left in hand when a hand ends: of the faces they show."""
    return sum(rules.points(card) for card in cards)


def phases_completed(sheet: Sequence[HandRecord], seat: int) -> int:
    """The phases ``seat`` has completed by the hands on ``sheet``: a tiebreak hand, played
    on the final phase again, completes none."""
    return sum(1 for record in sheet if not record.tiebreak and record.completed[seat])


def record_hand(
    options: Options,
    standings: Standings,
    left: Sequence[Sequence[Card] | None],
    completed: Sequence[bool],
    went_out: int | None,
    picks: Sequence[int | None] = (),
) -> HandRecord:
    """The sheet's line for a hand that has just ended, from what the table shows.

    ``left`` holds each seat's cards left in hand, None for a seat not dealt in;
    ``completed`` says who laid their phase; ``went_out`` is None when the draw
    pile ran out (ruling 10).  The phases come from ``standings`` (``phase_on``), or
    with phases in any order from ``picks``, each seat's pick (None: ``NO_PICK``).
    """
    rules = options.ruleset()

    def phase(seat: int) -> int:
        if options.any_order and seat not in standings.tiebreak and picks:
            pick = picks[seat]
            return NO_PICK if pick is None else pick
        return phase_on(options, standings, seat)

    return HandRecord(
        number=standings.hands + 1,
        phases=tuple(None if cards is None else phase(seat) for seat, cards in enumerate(left)),
        points=tuple(None if cards is None else points_left(rules, cards) for cards in left),
        completed=tuple(cards is not None and done for cards, done in zip(left, completed, strict=True)),
        went_out=went_out,
        tiebreak=bool(standings.tiebreak),
    )


def phase_after(options: Options, phase_index: int, completed: bool, tiebreak_hand: bool) -> int:
    """A seat's phase index after a hand (ruling 17, and ruling 20's ten hands).

    A tiebreak hand is played on the final phase and moves no one on.
    """
    if tiebreak_hand or not (completed or options.ten_hands):
        return phase_index
    return min(phase_index + 1, options.phases_to_complete())


def decide(
    options: Options, standings: Standings, dealt: Sequence[int], went_out: int | None, tiebreak_hand: bool
) -> Standings:
    """Game end after a scored hand (rulings 19-20): a winner, a tiebreak due, or play on.

    ``standings`` already counts the hand; ``dealt`` are the seats it was dealt to.
    """
    if tiebreak_hand:
        if went_out is None:
            return standings  # nobody went out: the tied players play the tiebreak again
        return replace(standings, winner=went_out, tiebreak=())
    sequence_length = options.phases_to_complete()
    if options.ten_hands:
        everyone = range(len(standings.scores))
        contenders = list(everyone) if standings.regular_hands >= sequence_length else []
    else:
        contenders = [seat for seat in dealt if standings.phase_index[seat] >= sequence_length]
    if not contenders:
        return standings
    best = min(standings.scores[seat] for seat in contenders)
    leaders = tuple(seat for seat in contenders if standings.scores[seat] == best)
    if len(leaders) == 1:
        return replace(standings, winner=leaders[0])
    return replace(standings, tiebreak=leaders)


def score_hand(options: Options, standings: Standings, record: HandRecord) -> Standings:
    """The standings after ``record``, taken as written (``hand_problem`` checks it first)."""
    phase_index = list(standings.phase_index)
    scores = list(standings.scores)
    done = [standings.completed(seat) for seat in range(len(scores))]
    dealt = [seat for seat, phase in enumerate(record.phases) if phase is not None]
    for seat in dealt:
        scores[seat] += record.points[seat] or 0
        phase_index[seat] = phase_after(options, phase_index[seat], record.completed[seat], record.tiebreak)
        phase = record.phases[seat]
        if record.completed[seat] and not record.tiebreak and phase:
            done[seat] = tuple(sorted({*done[seat], phase}))
    scored = replace(
        standings,
        phase_index=tuple(phase_index),
        scores=tuple(scores),
        done=tuple(done),
        hands=standings.hands + 1,
        regular_hands=standings.regular_hands + (0 if record.tiebreak else 1),
    )
    return decide(options, scored, dealt, record.went_out, record.tiebreak)


def replay(options: Options, seats: int, sheet: Sequence[HandRecord]) -> Standings:
    """The standings a whole score sheet leads to; ``ScoreSheetError`` at its first impossible hand."""
    standings = opening(seats)
    for record in sheet:
        problem = hand_problem(options, standings, record)
        if problem is not None:
            raise ScoreSheetError(standings.hands + 1, problem)
        standings = score_hand(options, standings, record)
    return standings


def hand_problem(options: Options, standings: Standings, record: HandRecord) -> str | None:
    """Why ``record`` cannot be the next line of a sheet that stands at ``standings``; None if it can."""
    number = standings.hands + 1
    seats = len(standings.scores)
    if standings.decided:
        return f"the game was already won by seat {standings.winner}"
    if record.number != number:
        return f"it is numbered {record.number}, not {number}"
    if not len(record.phases) == len(record.points) == len(record.completed) == seats:
        return f"it should have one entry per seat ({seats}) for phases, points and completed"
    if record.tiebreak != bool(standings.tiebreak):
        due = (
            f"seats {list(standings.tiebreak)} were due a tiebreak" if standings.tiebreak else "none was due"
        )
        return f"it is {'' if record.tiebreak else 'not '}marked a tiebreak, but {due}"
    dealt = standings.dealt
    if record.went_out is not None and record.went_out not in dealt:
        return f"seat {record.went_out} went out but was not dealt into the hand"
    for seat in range(seats):
        problem = _seat_problem(options, standings, record, seat, seat in dealt)
        if problem is not None:
            return f"seat {seat}: {problem}"
    return None


def _seat_problem(
    options: Options, standings: Standings, record: HandRecord, seat: int, dealt: bool
) -> str | None:
    phase, points, completed = record.phases[seat], record.points[seat], record.completed[seat]
    if not dealt:
        if phase is not None or points is not None or completed:
            return "sat this hand out, so it has no phase, points or completed phase"
        return None
    if phase is None:
        return f"played for phase {phase_on(options, standings, seat)}, not None"
    problem = phase_problem(options, standings, seat, phase, completed)
    if problem is not None:
        return problem
    went_out = record.went_out == seat
    if went_out and not completed:
        return "went out without completing its phase"
    if points is None:
        return "was dealt in, so it has points"
    if went_out != (points == 0):
        return "scores 0 exactly when it went out" if went_out else "did not go out, so it cannot score 0"
    fewest, most = cards_left(options, phase, completed=completed, went_out=went_out)
    if not can_be_left_in_hand(options.ruleset(), points, fewest=fewest, most=most):
        held = f"{fewest}" if fewest == most else f"{fewest} to {most}"
        return f"{points} points cannot be left in a hand of {held} {options.ruleset().title} cards"
    return None


def cards_left(options: Options, phase: int, *, completed: bool, went_out: bool) -> tuple[int, int]:
    """The fewest and most cards a seat dealt into a hand of ``phase`` holds when it ends.

    A hand ends between turns (or as its last card is played), when everyone
    but the current player holds the hand size: a seat that has not laid its
    phase holds exactly that.  Laying down happens with one card drawn, so a
    seat that laid the phase's cards holds at most the hand size less them
    once it discards, and hits only lower that; it holds at least one card,
    or it would have gone out.
    """
    rules = options.ruleset()
    if went_out:
        return 0, 0
    if not completed:
        return rules.hand_size, rules.hand_size
    laid = sum(group.size for group in options.phase_spec(phase).groups)
    return 1, max(rules.hand_size - laid, 0)


def can_be_left_in_hand(rules: Ruleset, points: int, *, fewest: int = 0, most: int | None = None) -> bool:
    """Can some hand of ``fewest`` to ``most`` (default: the hand size) of the edition's cards,
    all showing one side, be worth exactly ``points``?  The deck's own counts are respected:
    a classic hand holds at most 4 Skips."""
    most = rules.hand_size if most is None else most
    sums = _hand_sums(rules)
    return any(points in sums[size] for size in range(max(fewest, 0), min(most, len(sums) - 1) + 1))


def point_step(rules: Ruleset) -> int:
    """What every total of the edition's cards is a multiple of (5 for both editions)."""
    return math.gcd(*rules.card_points.values())


def hand_points_range(rules: Ruleset, *, fewest: int = 0, most: int | None = None) -> tuple[int, int]:
    """The lowest and highest points a hand of ``fewest`` to ``most`` (default: the hand
    size) of the edition's cards can be worth."""
    most = rules.hand_size if most is None else most
    sums = _hand_sums(rules)
    totals = [total for size in range(max(fewest, 0), min(most, len(sums) - 1) + 1) for total in sums[size]]
    return (min(totals), max(totals)) if totals else (0, 0)


# The sums a hand of each size can make, per edition: small tables, worked out once.
_SUMS: dict[int, tuple[Ruleset, tuple[frozenset[int], ...]]] = {}


def _hand_sums(rules: Ruleset) -> tuple[frozenset[int], ...]:
    cached = _SUMS.get(id(rules))
    if cached is not None and cached[0] is rules:
        return cached[1]
    sides = tuple(Side) if rules.two_sided else (Side.COLOR,)
    by_size: list[set[int]] = [set() for _ in range(rules.hand_size + 1)]
    for side in sides:
        values = Counter(rules.points(card.facing(side)) for card in rules.deck)
        for size, sums in enumerate(_sums_by_size(values, rules.hand_size)):
            by_size[size] |= sums
    table = tuple(frozenset(sums) for sums in by_size)
    _SUMS[id(rules)] = (rules, table)
    return table


def _sums_by_size(values: Counter[int], most: int) -> list[set[int]]:
    """For each hand size up to ``most``, the totals of hands drawn from cards worth ``values``
    (point value -> how many cards of the deck are worth it)."""
    sums: list[set[int]] = [{0}] + [set() for _ in range(most)]
    for value, count in values.items():
        grown = [set(totals) for totals in sums]
        for size, totals in enumerate(sums):
            for extra in range(1, min(count, most - size) + 1):
                grown[size + extra] |= {total + extra * value for total in totals}
        sums = grown
    return sums
