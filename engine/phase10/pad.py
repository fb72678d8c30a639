"""The score pad: a game played with real cards, its scores checked by the rules.

People playing with a deck write down, after each hand, who went out, who
completed their phase and the points each other player was left holding.  A
``ScorePad`` keeps those entries (``HandEntry``) and nothing else: the phases,
totals, tiebreaks and the winner are worked out from them by ``scoresheet``,
the same code that scores the engine's own games, so a pad and a game played
in the app reach the same end from the same hands.

An entry the rules could not produce is refused with a ``PadError`` naming the
hand, the seat and the reason (a ``Refusal``, which the UI turns into words),
and the pad is left as it was.  Entries are kept as written, so an earlier hand
can be mended and every later one is worked out again; a change that would
make a later hand impossible is refused, naming that hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from . import scoresheet
from .rules import Options, Ruleset, check_players
from .scoresheet import Standings
from .state import NO_PICK, HandRecord

__all__ = [
    "CardKind",
    "HandEntry",
    "PadError",
    "Refusal",
    "ScorePad",
    "add_hand",
    "card_kinds",
    "new_pad",
    "pad_of_sheet",
    "records",
    "replace_hand",
    "standings",
    "undo_hand",
]


@dataclass(frozen=True, slots=True)
class HandEntry:
    """What the table writes down after a hand.

    ``went_out`` holds the seats marked as going out: one, or none when the draw
    pile ran out (ruling 10); ``completed`` says, per seat, who laid their phase;
    ``points`` the points left in each hand, None for a seat not dealt in (the
    players outside a tiebreak).  ``phases``: with phases in any order (ruling 33), the
    phase each seat played for (``NO_PICK`` for a seat whose first turn never came, None
    for a seat not dealt in); empty when the rules fix the phases (in order, a tiebreak).
    """

    went_out: tuple[int, ...]
    completed: tuple[bool, ...]
    points: tuple[int | None, ...]
    phases: tuple[int | None, ...] = ()


class Refusal(StrEnum):
    """Why an entry is refused; the UI words each one (``pad.refused.<value>``)."""

    GAME_OVER = "game-over"  # the game already has its winner
    SEATS = "seats"  # not one value per player
    TWO_OUT = "two-out"  # more than one player marked as going out
    NOT_DEALT = "not-dealt"  # a player outside a tiebreak marked out, completed or given points
    OUT_WITHOUT_PHASE = "out-without-phase"  # going out needs the phase on the table
    POINTS_MISSING = "points-missing"  # a player dealt in has no points written
    POINTS_FOR_OUT = "points-for-out"  # who went out scores 0
    ZERO_NOT_OUT = "zero-not-out"  # a player still holding cards cannot score 0
    NOT_A_STEP = "not-a-step"  # every card is worth a multiple of the step (5)
    TOO_MANY = "too-many"  # more points than the cards such a hand holds can be worth
    TOO_FEW = "too-few"  # fewer points than the cards such a hand holds must be worth
    IMPOSSIBLE = "impossible"  # between the two, but no such hand adds up to it
    NO_HAND = "no-hand"  # nothing to undo or mend at that place
    PHASE_MISSING = "phase-missing"  # any order: a player dealt in has no phase written
    PHASE_UNKNOWN = "phase-unknown"  # any order: not a phase of the list played
    PHASE_DONE = "phase-done"  # any order: the player had already completed that phase
    PHASE_FIXED = "phase-fixed"  # the rules fix this hand's phases (in order, or a tiebreak)


class PadError(ValueError):
    """An entry or change the score pad refuses; the pad is unchanged.

    ``hand`` is the hand's number (from 1), ``seat`` the player concerned (None
    when the whole entry is), ``limits`` the lowest and highest points allowed
    for a ``TOO_MANY``, ``TOO_FEW`` or ``IMPOSSIBLE`` refusal.
    """

    def __init__(
        self,
        hand: int,
        refusal: Refusal,
        reason: str,
        seat: int | None = None,
        limits: tuple[int, int] = (0, 0),
    ) -> None:
        where = f"hand {hand}" + ("" if seat is None else f", seat {seat}")
        super().__init__(f"score pad, {where}: {reason}")
        self.hand = hand
        self.refusal = refusal
        self.seat = seat
        self.limits = limits


@dataclass(frozen=True, slots=True)
class ScorePad:
    """The players, the options they play with, and the hands written down so far."""

    names: tuple[str, ...]
    options: Options
    entries: tuple[HandEntry, ...] = ()

    def __post_init__(self) -> None:
        check_players(self.names)

    @property
    def rules(self) -> Ruleset:
        return self.options.ruleset()


@dataclass(frozen=True, slots=True)
class CardKind:
    """Cards a player counts together, being worth the same: numbers ``low`` to ``high``
    (``kind`` "number"), or every "skip", "wild" or "star"."""

    kind: str
    points: int
    low: int = 0
    high: int = 0


def card_kinds(rules: Ruleset) -> tuple[CardKind, ...]:
    """The kinds of card of an edition by their points, cheapest first, for counting a hand
    left: 1-9, 10-12, Skip and Wild in the classic game."""
    numbers: dict[int, list[int]] = {}
    others: dict[tuple[str, int], None] = {}
    for face, points in rules.card_points.items():
        if face.is_numbered:
            numbers.setdefault(points, []).append(face.number)
        else:
            others[("skip" if face.is_skip else "star" if face.is_star else "wild", points)] = None
    kinds = [CardKind("number", points, min(seen), max(seen)) for points, seen in numbers.items()]
    kinds += [CardKind(kind, points) for kind, points in others]
    return tuple(sorted(kinds, key=lambda kind: (kind.points, kind.low)))


def new_pad(names: tuple[str, ...], options: Options) -> ScorePad:
    """An empty pad; ``SetupError`` for players that do not make a game."""
    return ScorePad(names, options)


def standings(pad: ScorePad) -> Standings:
    """Where the game stands after the pad's hands: phases, totals, a tiebreak, the winner."""
    return _worked_out(pad.options, len(pad.names), pad.entries)[1]


def records(pad: ScorePad) -> tuple[HandRecord, ...]:
    """The pad as score-sheet lines, the same lines a game played in the app writes."""
    return _worked_out(pad.options, len(pad.names), pad.entries)[0]


def pad_of_sheet(names: tuple[str, ...], options: Options, hands: Sequence[HandRecord]) -> ScorePad:
    """A game's score sheet written on a pad, hand by hand: the same lines (``records``
    gives ``hands`` back), for a phone that saw the game's public sheet but never held the
    game (a seat played on its own phone, issue 38).  ``PadError`` for lines no game writes."""
    pad = new_pad(names, options)
    for record in hands:
        went_out = () if record.went_out is None else (record.went_out,)
        pad = add_hand(pad, HandEntry(went_out, record.completed, record.points, record.phases))
    return pad


def add_hand(pad: ScorePad, entry: HandEntry) -> ScorePad:
    """The pad with ``entry`` as its next hand; ``PadError`` if the rules refuse it."""
    _worked_out(pad.options, len(pad.names), (*pad.entries, entry))
    return replace(pad, entries=(*pad.entries, entry))


def replace_hand(pad: ScorePad, number: int, entry: HandEntry) -> ScorePad:
    """The pad with hand ``number`` (from 1) written as ``entry`` and every later hand
    worked out again; ``PadError`` if that hand, or any later one, no longer fits."""
    if not 1 <= number <= len(pad.entries):
        raise PadError(number, Refusal.NO_HAND, f"the pad has hands 1 to {len(pad.entries)}")
    entries = (*pad.entries[: number - 1], entry, *pad.entries[number:])
    _worked_out(pad.options, len(pad.names), entries)
    return replace(pad, entries=entries)


def undo_hand(pad: ScorePad) -> ScorePad:
    """The pad without its last hand."""
    if not pad.entries:
        raise PadError(1, Refusal.NO_HAND, "there is no hand to undo")
    return replace(pad, entries=pad.entries[:-1])


def _worked_out(
    options: Options, seats: int, entries: tuple[HandEntry, ...]
) -> tuple[tuple[HandRecord, ...], Standings]:
    """The sheet's lines and the standings ``entries`` lead to; ``PadError`` at the first
    entry the rules refuse."""
    standing = scoresheet.opening(seats)
    lines: list[HandRecord] = []
    for entry in entries:
        record = _record(options, standing, entry)
        # The checks above are meant to be complete; the score sheet's own check backs them.
        problem = scoresheet.hand_problem(options, standing, record)
        if problem is not None:
            raise PadError(record.number, Refusal.IMPOSSIBLE, problem)
        lines.append(record)
        standing = scoresheet.score_hand(options, standing, record)
    return tuple(lines), standing


def _record(options: Options, standing: Standings, entry: HandEntry) -> HandRecord:
    """The sheet's line for ``entry`` as the next hand, or ``PadError`` saying why not."""
    hand = standing.hands + 1
    if standing.decided:
        raise PadError(hand, Refusal.GAME_OVER, "the game is over: it has its winner")
    seats = len(standing.scores)
    if not len(entry.completed) == len(entry.points) == seats:
        raise PadError(hand, Refusal.SEATS, f"it needs one entry per player ({seats})")
    if entry.phases and len(entry.phases) != seats:
        raise PadError(hand, Refusal.SEATS, f"it needs one phase per player ({seats}), or none")
    if len(entry.went_out) > 1:
        raise PadError(hand, Refusal.TWO_OUT, "only one player can go out in a hand")
    dealt = standing.dealt
    phases = tuple(_phase_of(options, standing, entry, seat, seat in dealt) for seat in range(seats))
    for seat in range(seats):
        _check_seat(options, standing, entry, seat, seat in dealt, phases[seat])
    return HandRecord(
        number=hand,
        phases=phases,
        points=tuple(entry.points[seat] if seat in dealt else None for seat in range(seats)),
        completed=tuple(entry.completed[seat] and seat in dealt for seat in range(seats)),
        went_out=entry.went_out[0] if entry.went_out else None,
        tiebreak=bool(standing.tiebreak),
    )


def _phase_of(options: Options, standing: Standings, entry: HandEntry, seat: int, dealt: bool) -> int | None:
    """The phase ``seat`` played for in the entry's hand: the one the rules fix, or with
    phases in any order the one written (ruling 33); ``PadError`` when it cannot be."""
    hand = standing.hands + 1
    written = entry.phases[seat] if entry.phases else None
    picked = options.any_order and dealt and seat not in standing.tiebreak
    if not picked:
        fixed = scoresheet.phase_on(options, standing, seat) if dealt else None
        if entry.phases and written != fixed:
            raise PadError(
                hand, Refusal.PHASE_FIXED, f"the rules fix its phase: {fixed}, not {written}", seat
            )
        return fixed
    if written is None or isinstance(written, bool) or not isinstance(written, int):
        raise PadError(hand, Refusal.PHASE_MISSING, "was dealt in: write the phase it played for", seat)
    if written == NO_PICK:
        if entry.completed[seat]:
            raise PadError(hand, Refusal.PHASE_MISSING, "completed a phase: write which one", seat)
        return written
    if written not in options.phase_sequence():
        raise PadError(hand, Refusal.PHASE_UNKNOWN, f"phase {written} is not one this game plays", seat)
    if written in standing.completed(seat):
        raise PadError(hand, Refusal.PHASE_DONE, f"had already completed phase {written}", seat)
    return written


def _check_seat(
    options: Options, standing: Standings, entry: HandEntry, seat: int, dealt: bool, phase: int | None
) -> None:
    hand = standing.hands + 1
    out = seat in entry.went_out
    completed, points = entry.completed[seat], entry.points[seat]
    if not dealt:
        if out or completed or points is not None:
            raise PadError(hand, Refusal.NOT_DEALT, "sat out the tiebreak: nothing to write", seat)
        return
    if out and not completed:
        raise PadError(hand, Refusal.OUT_WITHOUT_PHASE, "went out without completing the phase", seat)
    if points is None:
        raise PadError(hand, Refusal.POINTS_MISSING, "was dealt in, so it has points", seat)
    if out and points != 0:
        raise PadError(hand, Refusal.POINTS_FOR_OUT, f"went out, so it scores 0, not {points}", seat)
    if not out and points == 0:
        raise PadError(hand, Refusal.ZERO_NOT_OUT, "did not go out, so it holds cards worth points", seat)
    assert phase is not None  # a seat dealt in played for a phase (``_phase_of``)
    _check_points(options, standing, seat, points, phase, completed=completed, out=out)


def _check_points(
    options: Options, standing: Standings, seat: int, points: int, phase: int, *, completed: bool, out: bool
) -> None:
    rules = options.ruleset()
    step = scoresheet.point_step(rules)
    fewest, most = scoresheet.cards_left(options, phase, completed=completed, went_out=out)
    low, high = scoresheet.hand_points_range(rules, fewest=fewest, most=most)
    held = f"{fewest}" if fewest == most else f"{fewest} to {most}"
    if points < 0 or points % step:
        refusal, reason = Refusal.NOT_A_STEP, f"{points} is not a multiple of {step}"
    elif points > high:
        refusal, reason = Refusal.TOO_MANY, f"{points} points: {held} cards are worth at most {high}"
    elif points < low:
        refusal, reason = Refusal.TOO_FEW, f"{points} points: {held} cards are worth at least {low}"
    elif not scoresheet.can_be_left_in_hand(rules, points, fewest=fewest, most=most):
        refusal, reason = Refusal.IMPOSSIBLE, f"no hand of {held} cards is worth {points} points"
    else:
        return
    raise PadError(standing.hands + 1, refusal, reason, seat, (low, high))
