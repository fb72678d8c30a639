"""How far a hand is from its phase: the cards it is missing, and the draws that would
bring it closer (its outs).  The computer players and the coach read hands with these.

The classic game's phases are counted by number and colour (``_missing``); the Flip
edition's, of sets and colour runs where a card may fix only one of number and colour, by a
search of the places its runs could go (``_runs_short``).  Both remember their answers: a
bot weighs the same few hands many times over in one decision, and again on the next turn.

A table's own list (ruling 31) may ask the classic deck for colour runs beside runs or
colour groups: ``_missing`` counts those too, by colour and number, and a count of none
missing is checked by the finder, so that 0 always means the hand makes the phase.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from .cards import COLORS, NUMBERS, Card, Side, parse_cards
from .finder import find_laydown
from .rules import CLASSIC, GroupKind, GroupSpec, PhaseSpec

__all__ = ["cards_missing", "has_outs", "most_outs", "outs", "probes"]


def outs(hand: tuple[Card, ...], phase: PhaseSpec, missing: int) -> int:
    """How many different cards, drawn next, would bring ``hand`` closer to ``phase``."""
    return _count_outs(hand, phase, missing)


def most_outs(hands: Sequence[tuple[Card, ...]], phase: PhaseSpec, missing: int) -> list[int]:
    """``outs`` of each hand where it is the most any of them has; less (not always
    exactly) for the others, which are given up as soon as they cannot catch up."""
    best = 0
    known: dict[tuple[Card, ...], int] = {}
    for hand in hands:
        key = tuple(sorted(hand))
        if key not in known:
            known[key] = _count_outs(hand, phase, missing, floor=best)
            best = max(best, known[key])
    return [known[tuple(sorted(hand))] for hand in hands]


def has_outs(hand: tuple[Card, ...], phase: PhaseSpec, missing: int, wanted: int) -> bool:
    """Whether ``outs(hand, phase, missing)`` is at least ``wanted``, counting no further
    than it takes to know."""
    return _count_outs(hand, phase, missing, floor=wanted, enough=wanted) >= wanted


def _count_outs(
    hand: tuple[Card, ...], phase: PhaseSpec, missing: int, floor: int = 0, enough: int | None = None
) -> int:
    """The outs of ``hand``, counted until there are ``enough``; -1 as soon as fewer than
    ``floor`` are certain (the probes left could not make up the difference)."""
    if missing == 0:
        return 0
    candidates = probes(hand, phase)
    found = 0
    for tried, probe in enumerate(candidates):
        if enough is not None and found >= enough:
            break
        if found + len(candidates) - tried < floor:
            return -1
        found += _closer((*hand, probe), phase, missing)
    return found if found >= floor else -1


def _closer(hand: Sequence[Card], phase: PhaseSpec, missing: int) -> bool:
    """Whether ``hand`` is fewer than ``missing`` cards short of ``phase``."""
    if _has_color_runs(phase):
        return _flip_closer(hand, phase, missing)
    return cards_missing(hand, phase) < missing


def _has_color_runs(phase: PhaseSpec) -> bool:
    """Phases of sets and colour runs (the Flip edition's), counted by their own search."""
    kinds = {spec.kind for spec in phase.groups}
    return GroupKind.COLOR_RUN in kinds and kinds <= {GroupKind.SET, GroupKind.COLOR_RUN}


def _mixes_color_runs(phase: PhaseSpec) -> bool:
    """An own list's classic phase with a colour run beside a run or a colour group (ruling 31)."""
    kinds = {spec.kind for spec in phase.groups}
    return GroupKind.COLOR_RUN in kinds and not kinds <= {GroupKind.SET, GroupKind.COLOR_RUN}


def probes(hand: tuple[Card, ...], phase: PhaseSpec) -> list[Card]:
    """One card of each kind a draw could bring, as far as the phase can tell them apart."""
    if _has_color_runs(phase):
        if any(card.side is Side.WILD for card in hand):
            return list(_WILD_NUMBERS)
        return _color_side_probes(hand, phase)
    if _mixes_color_runs(phase):
        found = set(_color_side_probes(hand, phase))
        if any(spec.kind is GroupKind.RUN for spec in phase.groups):
            found.update(Card.number_card(COLORS[0], n) for n in NUMBERS)
        if any(spec.kind is GroupKind.COLOR for spec in phase.groups):
            found.update(Card.number_card(color, 1) for color in COLORS)
        return sorted(found)
    if any(spec.kind is GroupKind.COLOR for spec in phase.groups):
        return [Card.number_card(color, 1) for color in COLORS]
    return [Card.number_card(COLORS[0], n) for n in NUMBERS]


def _color_side_probes(hand: tuple[Card, ...], phase: PhaseSpec) -> list[Card]:
    """The Colour Side cards that could bring a hand closer: a number it holds (for a set),
    or a card near one it holds of the same colour (for a colour run)."""
    reach = max(spec.size for spec in phase.groups if spec.kind is GroupKind.COLOR_RUN)
    held = [card for card in hand if card.is_natural]
    near = {Card.number_card(COLORS[0], card.number) for card in held}
    for card in held:
        low, high = max(NUMBERS[0], card.number - reach + 1), min(NUMBERS[-1], card.number + reach - 1)
        near.update(Card.number_card(card.color, n) for n in range(low, high + 1) if n != card.number)
    return sorted(near)


_WILD_NUMBERS = parse_cards(" ".join(str(n) for n in NUMBERS))


# Counts of cards by number are lists indexed by the number itself: slot 0 stays unused.
_SLOTS = NUMBERS.stop


def cards_missing(hand: Sequence[Card], phase: PhaseSpec) -> int:
    """How many more cards ``hand`` needs to make ``phase`` (0: it can lay down now)."""
    if _has_color_runs(phase):
        return _flip_missing(tuple(sorted(hand)), phase)
    return _classic_missing(tuple(sorted(hand)), phase)


# A hard bot weighs the same few hands many times over in one decision, and again on
# the next turn: remembering the answers makes its decisions several times faster.
@lru_cache(maxsize=1 << 16)
def _classic_missing(hand: tuple[Card, ...], phase: PhaseSpec) -> int:
    wilds = 0
    by_number = [0] * _SLOTS
    by_color = [0] * len(COLORS)
    for card in hand:
        if card.is_wild:
            wilds += 1
        elif card.is_natural:
            by_number[card.number] += 1
            by_color[card.color.index] += 1
    if _mixes_color_runs(phase):
        by_cell = [[0] * _SLOTS for _ in COLORS]
        for card in hand:
            if card.is_natural:
                by_cell[card.color.index][card.number] += 1
        best = _missing(_color_runs_first(phase.groups), 0, by_number, by_color, by_cell)
        if best - wilds <= 0 and not _makes(hand, phase):
            return 1  # counted apart, the groups fit; the cards cannot go to all of them at once
        return max(0, best - wilds)
    best = _missing(phase.groups, 0, by_number, by_color)
    return max(0, best - wilds)


def _color_runs_first(specs: tuple[GroupSpec, ...]) -> tuple[GroupSpec, ...]:
    """Colour runs first: they take cards out of the counts by number and by colour both."""
    return tuple(sorted(specs, key=lambda spec: spec.kind is not GroupKind.COLOR_RUN))


def _makes(hand: Sequence[Card], phase: PhaseSpec) -> bool:
    return find_laydown(hand, phase, CLASSIC) is not None


def _missing(
    specs: tuple[GroupSpec, ...],
    index: int,
    by_number: list[int],
    by_color: list[int],
    by_cell: list[list[int]] | None = None,
) -> int:
    """Fewest cards short of ``specs[index:]``, before Wilds (each group needs a natural card).
    ``by_cell`` counts the cards by colour and number, for colour runs (ruling 31)."""
    if index == len(specs):
        return 0
    spec = specs[index]
    size = spec.size
    best = 10**6
    if spec.kind is GroupKind.COLOR_RUN:
        assert by_cell is not None  # ``_classic_missing`` counts cells for a phase with colour runs
        best = _color_run_missing(specs, index, by_number, by_color, by_cell)
    elif spec.kind is GroupKind.SET:
        # The three numbers held most often are the only sets worth weighing.
        held = sorted((n for n in NUMBERS if by_number[n]), key=lambda n: -by_number[n])[:3]
        for number in held:
            used = min(by_number[number], size)
            by_number[number] -= used
            best = min(best, size - used + _missing(specs, index + 1, by_number, by_color, by_cell))
            by_number[number] += used
    elif spec.kind is GroupKind.RUN:
        for start in range(NUMBERS[0], _SLOTS + 1 - size):
            present = [n for n in range(start, start + size) if by_number[n]]
            if not present:
                continue
            for n in present:
                by_number[n] -= 1
            best = min(best, size - len(present) + _missing(specs, index + 1, by_number, by_color, by_cell))
            for n in present:
                by_number[n] += 1
    else:
        for color, held_count in enumerate(by_color):
            used = min(held_count, size)
            if used == 0:
                continue
            by_color[color] -= used
            best = min(best, size - used + _missing(specs, index + 1, by_number, by_color, by_cell))
            by_color[color] += used
    if best == 10**6:  # no natural card for this group yet: all of it is missing
        best = size + _missing(specs, index + 1, by_number, by_color, by_cell)
    return best


def _color_run_missing(
    specs: tuple[GroupSpec, ...],
    index: int,
    by_number: list[int],
    by_color: list[int],
    by_cell: list[list[int]],
) -> int:
    """``_missing`` for a colour run at ``specs[index]``: each colour's places worth weighing
    (``_run_windows``), its cards out of every count."""
    size = specs[index].size
    best = 10**6
    for color, row in enumerate(by_cell):
        for _, taken in _run_windows(_held(row), 0, size):
            for _, n in taken:
                row[n] -= 1
                by_number[n] -= 1
                by_color[color] -= 1
            rest = _missing(specs, index + 1, by_number, by_color, by_cell)
            best = min(best, size - len(taken) + rest)
            for _, n in taken:
                row[n] += 1
                by_number[n] += 1
                by_color[color] += 1
    return best


# --- the Flip edition's phases: sets and colour runs, of cards that may fix only one of number and colour


_ANY = 4  # the row of counts for numbered cards of any colour (the Wild Side's)

# Exact counts of the Flip edition's hands (the classic game's are cached by ``_classic_missing``);
# a dict rather than ``lru_cache``, so that ``_flip_closer`` can look up a count it did not make.
_FLIP_COUNTS: dict[tuple[tuple[Card, ...], PhaseSpec], int] = {}
_FLIP_COUNTS_KEPT = 1 << 16


def _flip_missing(hand: tuple[Card, ...], phase: PhaseSpec) -> int:
    """``cards_missing`` of a sorted hand for a phase of the Flip edition, remembered."""
    key = (hand, phase)
    found = _FLIP_COUNTS.get(key)
    if found is None:
        found = _cards_missing_flip(hand, phase, -1)
        _remember_flip_count(key, found)
    return found


def _flip_closer(hand: Sequence[Card], phase: PhaseSpec, missing: int) -> bool:
    """Whether ``hand`` is fewer than ``missing`` cards short of a Flip edition phase.

    The search stops at the first arrangement that is: a hand one card larger than a
    hand ``missing`` short is never more than one card better, so that is the answer.
    Most hands ``outs`` tries are that close, and only a full search is remembered."""
    key = (tuple(sorted(hand)), phase)
    found = _FLIP_COUNTS.get(key)
    if found is None:
        found = _cards_missing_flip(key[0], phase, missing - 1)
        if found >= missing:
            _remember_flip_count(key, found)
    return found < missing


def _remember_flip_count(key: tuple[tuple[Card, ...], PhaseSpec], count: int) -> None:
    if len(_FLIP_COUNTS) >= _FLIP_COUNTS_KEPT:
        _FLIP_COUNTS.clear()
    _FLIP_COUNTS[key] = count


def _cards_missing_flip(hand: tuple[Card, ...], phase: PhaseSpec, enough: int) -> int:
    """``cards_missing`` for sets and colour runs, where a Colour Side Star fills a run of
    its own colour only (or any set), and a Wild Side Star fills anything.  The search
    stops as soon as it finds the hand ``enough`` cards short or closer (-1: never)."""
    color_stars = [0] * _ANY
    free_stars = 0
    counts = [[0] * _SLOTS for _ in range(_ANY + 1)]
    for card in hand:
        color = card.fixed_color
        if card.is_numbered:
            counts[_ANY if color is None else color.index][card.number] += 1
        elif color is not None:
            color_stars[color.index] += 1
        elif not card.is_skip:
            free_stars += 1
    totals = [sum(row[n] for row in counts) for n in range(_SLOTS)]
    runs = tuple(spec.size for spec in phase.groups if spec.kind is GroupKind.COLOR_RUN)
    sets = sorted((spec.size for spec in phase.groups if spec.kind is GroupKind.SET), reverse=True)
    stars = _Stars(tuple(color_stars), free_stars)
    return _runs_short(runs, 0, counts, totals, sets, (-1, 0), (), stars, enough)


@dataclass(frozen=True, slots=True)
class _Stars:
    by_color: tuple[int, ...]  # Colour Side Stars, by colour index
    free: int  # Wild Side Stars


def _runs_short(
    runs: tuple[int, ...],
    index: int,
    counts: list[list[int]],
    totals: list[int],
    sets: list[int],
    after: tuple[int, int],
    placed: tuple[tuple[int | None, int], ...],
    stars: _Stars,
    enough: int,
) -> int:
    """Fewest cards short of the colour runs ``runs[index:]`` and then the sets.

    Runs are placed in turn (two runs of one size only in one order, ``after``), each
    on a colour and a start where the hand holds a card for it, or with no card yet;
    ``placed`` keeps each placed run's colour and how short it is.  The sets then take
    the numbers held most, and the Stars fill what they can (``_shortfall``).  Returns
    as soon as a placing is ``enough`` cards short or closer.
    """
    if index == len(runs):
        return _shortfall(placed, totals, sets, stars)
    size = runs[index]
    best = _NO_PLACING
    same_as_last = index > 0 and runs[index - 1] == size
    any_row = counts[_ANY]
    any_held = _held(any_row)
    for color in [c for c in range(_ANY) if any(counts[c])] or [0]:
        row_of_color = counts[color]
        for start, taken in _run_windows(_held(row_of_color), any_held, size):
            if same_as_last and (color, start) < after:
                continue
            rows = [(row_of_color if own else any_row, n) for own, n in taken]
            for row, n in rows:
                row[n] -= 1
                totals[n] -= 1
            placing = (*placed, (color, size - len(taken)))
            rest = _runs_short(runs, index + 1, counts, totals, sets, (color, start), placing, stars, enough)
            best = min(best, rest)
            for row, n in rows:
                row[n] += 1
                totals[n] += 1
            if best <= enough:
                return best
    # A run with no card yet comes last: it is seldom the best, and the search can stop
    # early only on a placing close enough.
    rest = _runs_short(runs, index + 1, counts, totals, sets, after, (*placed, (None, size)), stars, enough)
    return min(best, rest)


_NO_PLACING = 10**6  # more cards short than any hand can be


def _shortfall(
    placed: tuple[tuple[int | None, int], ...], totals: list[int], sets: list[int], stars: _Stars
) -> int:
    """Cards short once the sets take the numbers held most and the Stars fill in: each
    run takes Stars of its colour (a run with no card yet, of the colour with most left),
    the sets any colour's, and Wild Side Stars fill the rest.  A group with no card yet
    still needs one numbered card, which no Star can be."""
    left = list(stars.by_color)
    needs_number = 0
    colored = 0  # places in runs that no Colour Side Star fills
    flexible = 0  # places in sets, which any Star can fill
    for run_color, run_short in sorted(placed, key=lambda run: run[0] is None):
        color, short = run_color, run_short
        if color is None:  # a run still to start: one numbered card, and Stars of one colour
            needs_number += 1
            short -= 1
            color = max(range(_ANY), key=lambda c: left[c])
        used = min(short, left[color])
        left[color] -= used
        colored += short - used
    held = sorted(totals[1:], reverse=True)
    for have, size in zip(held, sets, strict=False):
        if have:
            flexible += size - min(size, have)
        else:
            needs_number += 1
            flexible += size - 1
    flexible = max(0, flexible - sum(left))
    return needs_number + max(0, colored + flexible - stars.free)


# A place for a run: its first number, and the held cards it uses as (of the run's colour?, number).
_Window = tuple[int, tuple[tuple[bool, int], ...]]


def _held(row: list[int]) -> int:
    """The numbers a row of counts holds, as bits (bit n for number n)."""
    return sum(1 << n for n in NUMBERS if row[n])


# The same few masks come up again and again while a hand is weighed: remembering each
# answer makes a Flip edition count several times faster.
@lru_cache(maxsize=1 << 14)
def _run_windows(colored: int, any_held: int, size: int) -> tuple[_Window, ...]:
    """The places worth weighing for a colour run of ``size``, given the numbers held in
    its colour (``colored``) and in any colour (``any_held``): each start and the held
    cards it would use, as (of its colour?, number), its colour's cards first.  A place
    using only some of the cards another place uses is left out: a card counts once, in a
    run or a set, so using more is never worse."""
    held = colored | any_held
    span = (1 << size) - 1
    last = _SLOTS - size
    windows: list[_Window] = []
    for start in range(1, last + 1):
        mask = held & span << start
        # The held cards a place uses run along with it: one using no more than the place
        # before it, or less than the place after it, is never the better choice.
        if not mask or (start > 1 and mask & ~(held & span << (start - 1)) == 0):
            continue
        after = held & span << (start + 1) if start < last else 0
        if mask != after and mask & ~after == 0:
            continue
        taken = tuple((bool(colored >> n & 1), n) for n in range(start, start + size) if mask >> n & 1)
        windows.append((start, taken))
    # The places using most cards first: the likeliest to be best, which lets a search
    # for a hand close enough stop soonest.
    return tuple(sorted(windows, key=lambda window: -len(window[1])))
