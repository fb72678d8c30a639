"""The phase finder: lay-downs that a hand can make for a phase.

``find_laydown`` answers "can this hand make the phase, and how?" quickly: it
searches minimal groups on counts of numbers (or colours), where the colours of
a set or run do not matter, cutting short every branch the counts show cannot
be finished, and only then picks concrete cards.
``enumerate_laydowns`` lists every distinct lay-down, extra cards included, for
``legal_actions`` and for the hints of the UI.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import Enum
from itertools import combinations, product

from .cards import COLORS, NUMBERS, WILD, Card
from .groups import Group, add_to_group, arrange_run, hit_ends, holds_number, laydown_problem
from .rules import GroupKind, GroupSpec, PhaseSpec, Ruleset

__all__ = ["can_make", "enumerate_laydowns", "find_laydown"]

Laydown = tuple[Group, ...]

# An abstract group: kind, the naturals it uses (by number, by colour, or for a colour run
# by cell: colour index * _CELLS + number) and its wild count.
_Abstract = tuple[GroupKind, tuple[int, ...], int]
_CELLS = 16  # a colour's row of cells, indexed by number (0 and 13-15 unused)


def find_laydown(hand: Sequence[Card], phase: PhaseSpec, rules: Ruleset) -> Laydown | None:
    """A valid lay-down of ``phase`` from ``hand``, using as few cards as it can, or None."""
    counted = _Counted.of(hand, phase)
    if counted is None:
        return _first_exact(hand, phase, rules)
    found = _by_counts(counted, hand, phase, rules)
    if found is None or phase not in rules.phases or (counted.plain and not _has_color_runs(phase)):
        return found
    # The edition's own phases that were always searched card by card keep that search's
    # lay-down (the search on counts only says when there is none): the Flip edition's bots
    # lay it, and their games must replay as they always did.
    return _first_exact(hand, phase, rules)


def _has_color_runs(phase: PhaseSpec) -> bool:
    return any(spec.kind is GroupKind.COLOR_RUN for spec in phase.groups)


def can_make(hand: Sequence[Card], phase: PhaseSpec, rules: Ruleset) -> bool:
    """Whether ``hand`` (of any size) makes ``phase``: ``find_laydown`` without choosing the
    lay-down an edition's own phase has always been given."""
    counted = _Counted.of(hand, phase)
    if counted is None:
        return _first_exact(hand, phase, rules) is not None
    return _by_counts(counted, hand, phase, rules) is not None


def _by_counts(counted: _Counted, hand: Sequence[Card], phase: PhaseSpec, rules: Ruleset) -> Laydown | None:
    """The search on counts: abstract groups on the hand's counts by number, colour and cell,
    each solution then given concrete cards and checked."""
    order = sorted(range(len(phase.groups)), key=lambda i: _difficulty(phase.groups[i]))
    specs = [phase.groups[i] for i in order]
    plain = counted.plain and not _mixes_keys(phase)
    # A run may need to leave a card it could use to another group that has no other card
    # fixing its key: ``_lent`` weighs that.  The classic edition's own phases do without
    # it, so that the lay-downs found there stay those its bots have always laid.
    lend = len(specs) > 1 and not (counted.plain and phase in rules.phases)
    # With colour groups beside other groups, the cards the chosen groups' places need are
    # weighed against the hand's at every step (``_places_fit``), as ``_matched`` would.
    kinds = {spec.kind for spec in specs}
    weigh = not plain and GroupKind.COLOR in kinds and len(kinds) > 1
    for abstract in _search(specs, 0, counted.counts(), counted.wilds(), rules, (), lend, weigh):
        laydown = _materialize(abstract, hand, rules) if plain else _matched(abstract, counted, rules)
        if laydown is None:
            continue
        if phase.must_include is not None and not holds_number(laydown, phase.must_include):
            laydown = _supply_required(laydown, hand, phase.must_include, rules)
            if laydown is None:
                continue
        if laydown_problem(laydown, phase, rules) is None:
            return laydown
    return None


@dataclass(frozen=True, slots=True)
class _Counted:
    """A hand sorted by what its cards fix: ``cells`` (by colour index * ``_CELLS`` + number)
    hold the cards that fix both, ``stars`` (by colour) those that fix only a colour, ``free``
    those that fix neither.  A hand of cards that fix only a number (the Flip edition's Wild
    Side) is counted with each card in a red cell of its number: no card in it fixes a colour,
    so every run it makes can be a red one."""

    cells: dict[int, list[Card]]
    stars: tuple[list[Card], ...]
    free: list[Card]
    plain: bool  # the classic deck's cards only: numbers with colours, Wilds, Skips

    @staticmethod
    def of(hand: Sequence[Card], phase: PhaseSpec) -> _Counted | None:
        """The hand counted, or None when its cards cannot be (numbers without colours next
        to cards with colours, or a colour group to make from numbers without colours)."""
        cells: dict[int, list[Card]] = {}
        stars: tuple[list[Card], ...] = tuple([] for _ in COLORS)
        free: list[Card] = []
        bare = colored = False  # cards that fix only a number; cards that fix a colour
        for card in hand:
            fixes, key = _FIXES.get(card.code) or _fixes(card)
            if fixes is _Fixes.BOTH:
                cells.setdefault(key, []).append(card)
                colored = True
            elif fixes is _Fixes.NUMBER:
                cells.setdefault(key, []).append(card)
                bare = True
            elif fixes is _Fixes.COLOR:
                stars[key].append(card)
                colored = True
            elif fixes is _Fixes.NEITHER:
                free.append(card)
        if bare and (colored or any(spec.kind is GroupKind.COLOR for spec in phase.groups)):
            return None
        plain = not bare and not any(stars) and all(card.is_wild for card in free)
        return _Counted(cells, stars, free, plain)

    def counts(self) -> _Counts:
        by_number = [0] * NUMBERS.stop  # indexed by card number
        by_color = [0] * len(COLORS)
        by_cell = [0] * (_CELLS * len(COLORS))
        numbers, rows = 0, [0] * len(COLORS)
        for key, cards in self.cells.items():
            number, color = key % _CELLS, key // _CELLS
            by_cell[key] = len(cards)
            by_number[number] += len(cards)
            by_color[color] += len(cards)
            numbers |= 1 << number
            rows[color] |= 1 << number
        return _Counts(by_number, by_color, by_cell, numbers, rows, sum(by_number))

    def wilds(self) -> _Wilds:
        stars = tuple(len(cards) for cards in self.stars)
        return _Wilds(len(self.free), stars if any(stars) else ())


class _Fixes(Enum):
    """What a card fixes, as ``_Counted`` sorts it."""

    BOTH = "both"  # a number and a colour: a natural card
    NUMBER = "number"  # the Flip edition's Wild Side numbers
    COLOR = "color"  # the Flip edition's Colour Side Stars
    NEITHER = "neither"  # Wilds, Wild Side Stars
    SKIP = "skip"


# What each card (by its code) fixes, and its key: its cell, or a Star's colour index.
_FIXES: dict[int, tuple[_Fixes, int]] = {}


def _fixes(card: Card) -> tuple[_Fixes, int]:
    number, color = card.fixed_number, card.fixed_color
    if card.is_skip:
        fixes = (_Fixes.SKIP, 0)
    elif number is None:
        fixes = (_Fixes.NEITHER, 0) if color is None else (_Fixes.COLOR, color.index)
    elif color is None:
        fixes = (_Fixes.NUMBER, number)  # counted in a red cell (see ``_Counted``)
    else:
        fixes = (_Fixes.BOTH, color.index * _CELLS + number)
    _FIXES[card.code] = fixes
    return fixes


def _counts_suffice(hand: Sequence[Card], phase: PhaseSpec) -> bool:
    """Can the search on counts decide with the classic deck's cards alone?  It can when every
    card fixes both its number and its colour or neither."""
    return all(card.is_natural or card.is_wild or card.is_skip for card in hand)


def _mixes_keys(phase: PhaseSpec) -> bool:
    """Whether the phase's groups pick cards by more than one key (number, colour, or both
    for a colour run, ruling 31): their cards are then matched by ``_matched``."""
    kinds = {spec.kind for spec in phase.groups}
    return GroupKind.COLOR_RUN in kinds or (GroupKind.COLOR in kinds and len(kinds) > 1)


def _first_exact(hand: Sequence[Card], phase: PhaseSpec, rules: Ruleset) -> Laydown | None:
    """The first lay-down of groups of exactly the phase's sizes, searched card by card.

    Exact sizes lose nothing: every valid group holds a valid group of any smaller
    size (keep a numbered card, and for a run a window around it).
    """
    specs = sorted(phase.groups, key=_difficulty)
    for groups in _all_groups(specs, 0, Counter(hand), rules, (), exact=True):
        laydown = _canonical(groups)
        if phase.must_include is None or holds_number(laydown, phase.must_include):
            return laydown
    return None


def _difficulty(spec: GroupSpec) -> tuple[int, int]:
    # Colour runs, then runs and colour groups, constrain most; try them first so failures
    # come early (and a colour run's cells are taken before the numbers and colours others count).
    if spec.kind is GroupKind.COLOR_RUN:
        return (-1, -spec.size)
    return (0 if spec.kind is not GroupKind.SET else 1, -spec.size)


@dataclass(slots=True)
class _Counts:
    """The hand's numbered cards counted by number, by colour and by cell (colour and number),
    with ``numbers`` (bit n: a number n is counted) and ``rows`` (by colour, bit n: a cell of
    number n is counted) for the windows of runs, and ``naturals``, the numbered cards that
    no group has taken yet."""

    by_number: list[int]
    by_color: list[int]
    by_cell: list[int]
    numbers: int
    rows: list[int]
    naturals: int

    def take(self, kind: GroupKind, keys: Sequence[int], step: int) -> None:
        """Count ``keys`` out of the hand (``step`` -1) or back in (+1).  A colour run's cells
        come out of every count; the other kinds' keys out of their own count only (their
        cards' other key is left to ``_matched``)."""
        self.naturals += step * len(keys)
        if kind is GroupKind.COLOR:
            for key in keys:
                self.by_color[key] += step
            return
        by_number = self.by_number
        if kind is GroupKind.COLOR_RUN:
            by_cell, rows = self.by_cell, self.rows
            for key in keys:
                number = key % _CELLS
                self.by_color[key // _CELLS] += step
                by_cell[key] += step
                by_number[number] += step
                if by_cell[key] == (step > 0):  # the cell's first card came back, or its last went
                    rows[key // _CELLS] ^= 1 << number
                if by_number[number] == (step > 0):
                    self.numbers ^= 1 << number
            return
        for key in keys:
            by_number[key] += step
            if by_number[key] == (step > 0):
                self.numbers ^= 1 << key


@dataclass(frozen=True, slots=True)
class _Wilds:
    """The cards that stand in for others, and what the groups chosen so far need of them:
    ``free`` fit anywhere; ``stars`` (the Flip edition's Colour Side Stars, by colour; empty
    when the hand has none) fit anything of their colour; ``colored`` counts the places of
    colour runs and colour groups still to fill (by colour), ``anywhere`` those of sets and
    runs."""

    free: int
    stars: tuple[int, ...] = ()
    colored: tuple[int, ...] = (0, 0, 0, 0)
    anywhere: int = 0

    def available(self, kind: GroupKind, color: int) -> int:
        """The most places a group of ``kind`` (of colour index ``color``) could still fill:
        for a colour run or colour group, the most ``x`` with ``_promised(color, x)._fits()``."""
        if not self.stars:
            return self.free - self.anywhere - sum(self.colored)
        deficit, leftover = self._balance()
        if kind is GroupKind.SET or kind is GroupKind.RUN:
            return self.free - deficit + leftover - self.anywhere
        # Stars of ``color`` go to its places first; past them each place takes a free card.
        have, need = self.stars[color], self.colored[color]
        own = have - need  # the colour's own Stars not yet promised (fewer than none: owed)
        owed = deficit - max(0, -own)  # free cards the other colours need
        if owed > self.free:
            return 0
        spare = leftover - max(0, own)  # the other colours' Stars left over
        if own > 0 and self.anywhere > spare + self.free - owed:
            # Its own Stars fill sets' and runs' places too: each given to it is one fewer there.
            return max(0, self.free - owed - self.anywhere + spare + own)
        loose = max(0, self.anywhere - spare)  # sets' and runs' places those Stars do not fill
        return max(0, self.free - owed + own - loose)

    def promise(self, kind: GroupKind, color: int, count: int) -> _Wilds:
        if kind is GroupKind.SET or kind is GroupKind.RUN:
            return _Wilds(self.free, self.stars, self.colored, self.anywhere + count)
        return self._promised(color, count)

    def _promised(self, color: int, count: int) -> _Wilds:
        colored = list(self.colored)
        colored[color] += count
        return _Wilds(self.free, self.stars, tuple(colored), self.anywhere)

    def _balance(self) -> tuple[int, int]:
        """The places of colour runs and colour groups their colour's Stars leave to free cards
        (the deficit), and the Stars their colour's places leave over (the leftover)."""
        deficit = leftover = 0
        for need, have in zip(self.colored, self.stars, strict=True):
            if need > have:
                deficit += need - have
            else:
                leftover += have - need
        return deficit, leftover

    def _fits(self) -> bool:
        """Stars go to places of their colour, then any place; free cards fill what is left."""
        deficit, leftover = self._balance()
        return deficit + max(0, self.anywhere - leftover) <= self.free


def _search(
    specs: list[GroupSpec],
    index: int,
    counts: _Counts,
    wilds: _Wilds,
    rules: Ruleset,
    chosen: tuple[_Abstract, ...],
    lend: bool = False,
    weigh: bool = False,
) -> Iterator[tuple[_Abstract, ...]]:
    """The abstract lay-downs of ``specs`` from ``counts`` and ``wilds``, the likeliest first.

    Three cuts keep it quick on hard phases (several colour runs, many stand-ins) without
    changing what it finds: ``_may_fit`` drops a branch whose groups cannot all be made
    from the counts left, ``_places_fit`` (with ``weigh``) one whose places no matching of
    the cards can fill, and a group met again is not searched twice.  Each drops only
    branches in which the caller would accept nothing, so the first lay-down accepted,
    and whether there is one, are what the whole search gives."""
    if weigh and index and not _places_fit(chosen, counts.by_cell):
        return
    if index == len(specs):
        yield chosen
        return
    if not _may_fit(specs, index, counts, wilds, rules):
        return
    spec = specs[index]
    previous = chosen[-1] if chosen and specs[index - 1] == spec else None
    tried: set[tuple[tuple[int, ...], int]] = set()  # the groups tried, by keys and stand-ins
    for group in _abstract_groups(spec, counts, wilds, rules, lend):
        # Two groups of the same spec are interchangeable: take them in one order only.  A
        # group met again (runs of windows that hold the same cards) would search the same
        # branch again: its first search found nothing, or the search has ended.
        kind, naturals, used_wilds = group
        if (previous is not None and group < previous) or (naturals, used_wilds) in tried:
            continue
        tried.add((naturals, used_wilds))
        counts.take(kind, naturals, -1)
        promised = wilds.promise(kind, _color_of(kind, naturals), used_wilds)
        yield from _search(specs, index + 1, counts, promised, rules, (*chosen, group), lend, weigh)
        counts.take(kind, naturals, +1)


def _may_fit(specs: list[GroupSpec], index: int, counts: _Counts, wilds: _Wilds, rules: Ruleset) -> bool:
    """Whether the cards left could at all make ``specs[index:]``: each group at least one
    numbered card of its own, and stand-ins enough for the places that the most numbered
    cards each group could hold on its own (``_most_naturals``) leave, and for all of them
    together.  The counts by number, colour and cell overcount what is left (a colour
    group's cards come out of the counts by colour only, a set's out of those by number
    only), so this never refuses what the search could make: it only cuts short a search
    that would find nothing.  Every group the search goes on to choose holds at most those
    numbered cards, and stand-ins for the rest, all out of ``wilds.available``."""
    naturals = counts.naturals
    if naturals < len(specs) - index:
        return False
    needed = most = 0
    for spec in specs[index:]:
        held = _most_naturals(spec, counts, rules)
        if held == 0:
            return False
        needed += spec.size
        most += held
    return min(naturals, most) + wilds.available(GroupKind.SET, 0) >= needed


def _places_fit(chosen: tuple[_Abstract, ...], by_cell: list[int]) -> bool:
    """Whether the cards left after the colour runs' cells (``by_cell``) can fill the places
    of the sets, runs and colour groups ``chosen``, each card one place: the matching
    ``_matched`` makes, weighed by Hall's condition.  A card (a cell: colour and number)
    fills a place of its number or one of its colour, so the places of the numbers, and of
    the colours in a set ``B``, need at most the cards of ``B``'s colours and, number by
    number, those of the other colours: ``need(B) + sum over n of max(0, need(n) -
    cards(n, not B)) <= cards(B)`` for every ``B`` among the colours that colour groups ask
    for (a colour no colour group asks for only ever eases the condition)."""
    colors: dict[int, int] = {}
    numbers: dict[int, int] = {}
    for kind, keys, _ in chosen:
        if kind is GroupKind.COLOR:
            colors[keys[0]] = colors.get(keys[0], 0) + len(keys)
        elif kind is not GroupKind.COLOR_RUN:
            for number in keys:
                numbers[number] = numbers.get(number, 0) + 1
    if not colors or not numbers:
        return True  # the counts by number or by colour alone answer for the places
    wanted = list(colors)
    for mask in range(1, 1 << len(wanted)):
        inside = [color for bit, color in enumerate(wanted) if mask >> bit & 1]
        outside = [color * _CELLS for color in range(len(COLORS)) if color not in inside]
        need = sum(colors[color] for color in inside)
        for number, places in numbers.items():
            need += max(0, places - sum(by_cell[row + number] for row in outside))
        if need > sum(sum(by_cell[color * _CELLS : (color + 1) * _CELLS]) for color in inside):
            return False
    return True


def _most_naturals(spec: GroupSpec, counts: _Counts, rules: Ruleset) -> int:
    """The most numbered cards a group of ``spec`` could hold from ``counts``, on its own:
    a set's of one number, a run's of different numbers in one window of its size, a colour
    group's of one colour, a colour run's of different cells in one window of one colour."""
    size = spec.size
    if spec.kind is GroupKind.SET:
        return min(size, max(counts.by_number))
    if spec.kind is GroupKind.COLOR:
        return min(size, max(counts.by_color))
    top = rules.max_run_length
    if spec.kind is GroupKind.RUN:
        return _window_most(counts.numbers, size, top)
    return max(_window_most(row, size, top) for row in counts.rows)


_WINDOW_MOST: dict[tuple[int, int, int], int] = {}


def _window_most(held: int, size: int, top: int) -> int:
    """The most of the numbers ``held`` (bit n for number n) in one window of ``size``
    numbers within 1 to ``top``."""
    key = (held, size, top)
    most = _WINDOW_MOST.get(key)
    if most is None:
        window = (1 << size) - 1
        most = max(((held >> start) & window).bit_count() for start in range(1, max(1, top - size + 1) + 1))
        _WINDOW_MOST[key] = most
    return most


def _color_of(kind: GroupKind, keys: tuple[int, ...]) -> int:
    """The colour index of a colour group's or colour run's abstract keys (0 for other kinds)."""
    if kind is GroupKind.COLOR:
        return keys[0]
    if kind is GroupKind.COLOR_RUN:
        return keys[0] // _CELLS
    return 0


def _abstract_groups(
    spec: GroupSpec, counts: _Counts, wilds: _Wilds, rules: Ruleset, lend: bool = False
) -> Iterator[_Abstract]:
    """The abstract groups of ``spec`` the counts allow, the likeliest first; with ``lend``,
    then the runs that leave one or two of their cards to other groups (``_lent``)."""
    found = _plain_groups(spec, counts, wilds, rules)
    if not lend or not spec.kind.is_run:
        yield from found
        return
    runs = list(found)
    yield from runs
    spares: dict[int, int] = {}  # by colour index (0 for a run)
    for kind, keys, missing in runs:
        color = _color_of(kind, keys)
        spare = spares.get(color)
        if spare is None:
            spare = spares[color] = wilds.available(kind, color)
        yield from _lent(kind, keys, missing, spare)


def _lent(kind: GroupKind, keys: tuple[int, ...], missing: int, spare: int) -> Iterator[_Abstract]:
    """A run of ``keys`` with one or two of them left out, stand-ins in their places.

    Whenever a lay-down exists, one exists whose runs leave out only cards that another
    group holds as its only card fixing its key (any other card can trade places with a
    stand-in in the run), so one for each other group, and a phase has at most three."""
    for dropped in (1, 2):
        if len(keys) - dropped < 1 or missing + dropped > spare:
            return
        for kept in combinations(keys, len(keys) - dropped):
            yield (kind, kept, missing + dropped)


def _plain_groups(spec: GroupSpec, counts: _Counts, wilds: _Wilds, rules: Ruleset) -> Iterator[_Abstract]:
    by_number, by_color = counts.by_number, counts.by_color
    size = spec.size
    if spec.kind is GroupKind.SET:
        spare = wilds.available(GroupKind.SET, 0)
        # The numbers held, most first (those not held give no set: it needs a numbered card).
        for number in sorted((n for n in NUMBERS if by_number[n] > 0), key=lambda n: -by_number[n]):
            have = by_number[number]
            for naturals in range(min(have, size), max(1, size - spare) - 1, -1):
                yield (GroupKind.SET, (number,) * naturals, size - naturals)
    elif spec.kind is GroupKind.RUN:
        spare = wilds.available(GroupKind.RUN, 0)
        for present, missing in _windows(counts.numbers, size, rules.max_run_length):
            if missing <= spare:
                yield (GroupKind.RUN, present, missing)
    elif spec.kind is GroupKind.COLOR_RUN:
        for color in sorted(range(len(COLORS)), key=lambda c: -by_color[c]):
            row, spare = color * _CELLS, wilds.available(GroupKind.COLOR_RUN, color)
            for present, missing in _windows(counts.rows[color], size, rules.max_run_length):
                if missing <= spare:
                    yield (GroupKind.COLOR_RUN, tuple(row + n for n in present), missing)
    else:
        for color in sorted(range(len(COLORS)), key=lambda c: -by_color[c]):
            have = by_color[color]
            spare = wilds.available(GroupKind.COLOR, color)
            for naturals in range(min(have, size), max(1, size - spare) - 1, -1):
                yield (GroupKind.COLOR, (color,) * naturals, size - naturals)


def _windows(held: int, size: int, top: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """The numbers of ``held`` (bit n for number n) in each window of ``size`` numbers within
    1 to ``top``, low to high, and how many of the window's numbers are missing: windows
    that hold none are left out, and so is a window that holds what the one before it held
    (the same group again)."""
    window = (1 << size) - 1
    last = 0
    for start in range(1, top - size + 2):
        bits = held & window << start
        if bits and bits != last:
            yield _NUMBERS_OF.get(bits) or _numbers_of(bits), size - bits.bit_count()
        last = bits


_NUMBERS_OF: dict[int, tuple[int, ...]] = {}


def _numbers_of(bits: int) -> tuple[int, ...]:
    numbers = _NUMBERS_OF[bits] = tuple(n for n in NUMBERS if bits >> n & 1)
    return numbers


def _materialize(abstract: tuple[_Abstract, ...], hand: Sequence[Card], rules: Ruleset) -> Laydown | None:
    """Concrete cards for abstract groups, taking colour groups' cards first.

    Colour groups care about colours and sets and runs about numbers; picking the
    colour groups' cards from the numbers nobody else needs keeps both satisfied.
    """
    pool = Counter(hand)
    groups: list[Group] = []
    needs_number = Counter(n for kind, keys, _ in abstract if kind is not GroupKind.COLOR for n in keys)
    # The natural cards left in the pool by number, kept as cards are taken.
    left = Counter(card.number for card in hand if card.is_natural)
    # The different natural cards of the hand, by number and by colour index.
    faces: tuple[dict[int, list[Card]], dict[int, list[Card]]] = ({}, {})
    for face in pool:
        if face.is_natural:
            faces[0].setdefault(face.number, []).append(face)
            faces[1].setdefault(face.color.index, []).append(face)
    for kind, keys, wild_count in sorted(abstract, key=lambda g: g[0] is not GroupKind.COLOR):
        cards: list[Card] = []
        for key in keys:
            card = _take(pool, kind, key, needs_number, left, faces)
            if card is None:
                return None
            cards.append(card)
        if pool[WILD] < wild_count:
            return None
        pool[WILD] -= wild_count
        cards.extend([WILD] * wild_count)
        if kind is GroupKind.RUN:
            arranged = arrange_run(cards, rules)
            if arranged is None:
                return None
            groups.append(Group(kind, arranged))
        else:
            groups.append(Group.make(kind, cards))
    return _canonical(groups)


def _take(
    pool: Counter[Card],
    kind: GroupKind,
    key: int,
    needs_number: Counter[int],
    left: Counter[int],
    faces: tuple[dict[int, list[Card]], dict[int, list[Card]]],
) -> Card | None:
    if kind is GroupKind.COLOR:
        candidates = [c for c in faces[1].get(key, ()) if pool[c] > 0]
        if not candidates:
            return None
        # Spend the numbers that the other groups need least.
        card = min(candidates, key=lambda c: (needs_number[c.number] - left[c.number], c.code))
    else:
        candidates = [c for c in faces[0].get(key, ()) if pool[c] > 0]
        if not candidates:
            return None
        card = min(candidates, key=lambda c: (-pool[c], c.code))
        needs_number[key] -= 1
    pool[card] -= 1
    left[card.number] -= 1
    return card


# A place in a group still to fill: the group's index, and the key a card must have there
# (a number for a set or run, a colour index for a colour group, as its kind says).
_Place = tuple[int, GroupKind, int]


def _matched(abstract: tuple[_Abstract, ...], counted: _Counted, rules: Ruleset) -> Laydown | None:
    """Concrete cards for abstract groups, from the hand as ``counted``: a colour run's cells
    take their own cards; the other groups' places (a number for a set or run, a colour for a
    colour group) are matched to the numbered cards left, each card to one place, by
    augmenting paths; then the places left to stand-ins take them, Stars of a colour going to
    their own colour's places first.  None when the cards cannot fill every place."""
    cells = {key: list(cards) for key, cards in counted.cells.items()}
    chosen: list[list[Card]] = [[] for _ in abstract]
    places: list[_Place] = []
    for index, (kind, keys, _) in enumerate(abstract):
        for key in keys:
            if kind is GroupKind.COLOR_RUN:
                if not cells.get(key):
                    return None
                chosen[index].append(cells[key].pop())
            else:
                places.append((index, kind, key))
    left = [(key, card) for key in sorted(cells) for card in cells[key]]
    filled = _fill_places(places, left)
    if filled is None:
        return None
    for (index, _, _), card in zip(places, filled, strict=True):
        chosen[index].append(card)
    if not _stand_ins(abstract, counted, chosen):
        return None
    groups: list[Group] = []
    for (kind, _, _), cards in zip(abstract, chosen, strict=True):
        if kind.is_run:
            arranged = arrange_run(cards, rules)
            if arranged is None:
                return None
            groups.append(Group(kind, arranged))
        else:
            groups.append(Group.make(kind, cards))
    return _canonical(groups)


def _stand_ins(abstract: tuple[_Abstract, ...], counted: _Counted, chosen: list[list[Card]]) -> bool:
    """Add to ``chosen`` the cards that stand in for others in each group: a colour's Stars to
    its colour runs and colour groups first, then any Stars left and the free cards."""
    stars = [list(cards) for cards in counted.stars]
    free = list(counted.free)
    anywhere: list[int] = []  # the groups, one entry per place, that any stand-in may fill
    for index, (kind, keys, wilds) in enumerate(abstract):
        if kind is GroupKind.COLOR or kind is GroupKind.COLOR_RUN:
            own = stars[_color_of(kind, keys)]
            for _ in range(wilds):
                if own:
                    chosen[index].append(own.pop())
                elif free:
                    chosen[index].append(free.pop())
                else:
                    return False
        else:
            anywhere += [index] * wilds
    spare = [card for cards in stars for card in cards] + free
    if len(spare) < len(anywhere):
        return False
    for index, card in zip(anywhere, spare, strict=False):
        chosen[index].append(card)
    return True


def _fill_places(places: list[_Place], cards: list[tuple[int, Card]]) -> list[Card] | None:
    """A card of ``cards`` (each with its cell key) for each place, no card used twice, or
    None: a bipartite matching, grown one augmenting path at a time (a hand holds few cards,
    so the graph stays tiny)."""

    def fits(place: _Place, cell: int) -> bool:
        _, kind, key = place
        return cell // _CELLS == key if kind is GroupKind.COLOR else cell % _CELLS == key

    owner: list[int | None] = [None] * len(cards)  # the place each card fills

    def augment(place: int, seen: set[int]) -> bool:
        for slot, (cell, _) in enumerate(cards):
            if slot in seen or not fits(places[place], cell):
                continue
            seen.add(slot)
            holder = owner[slot]
            if holder is None or augment(holder, seen):
                owner[slot] = place
                return True
        return False

    for place in range(len(places)):
        if not augment(place, set()):
            return None
    found: list[Card | None] = [None] * len(places)
    for slot, filled in enumerate(owner):
        if filled is not None:
            found[filled] = cards[slot][1]
    return [card for card in found if card is not None]


def _supply_required(laydown: Laydown, hand: Sequence[Card], number: int, rules: Ruleset) -> Laydown | None:
    """Add one spare Wild, or a spare natural ``number``, to a group it fits."""
    spare = Counter(hand)
    spare.subtract(card for group in laydown for card in group.cards)
    candidates = [
        card
        for card in spare
        if spare[card] > 0 and (card.is_wild or (card.is_natural and card.number == number))
    ]
    for card in candidates:
        for i, group in enumerate(laydown):
            ends = hit_ends(group, card, rules)
            if ends:
                grown = add_to_group(group, card, ends[-1])
                return _canonical([*laydown[:i], grown, *laydown[i + 1 :]])
    return None


def _canonical(groups: Sequence[Group]) -> Laydown:
    return tuple(sorted(groups, key=lambda g: g.sort_key))


# --- every lay-down -------------------------------------------------------------------------


def enumerate_laydowns(hand: Sequence[Card], phase: PhaseSpec, rules: Ruleset) -> Iterator[Laydown]:
    """Every distinct valid lay-down of ``phase`` from ``hand``, extra cards included.

    Each lay-down is a tuple of groups in canonical order (see ``Group.sort_key``);
    runs are listed low to high, so each Wild's number is fixed by its position.
    """
    if find_laydown(hand, phase, rules) is None:
        return
    seen: set[Laydown] = set()
    pool = Counter(hand)
    specs = list(phase.groups)
    for groups in _all_groups(specs, 0, pool, rules, ()):
        laydown = _canonical(groups)
        if laydown in seen:
            continue
        seen.add(laydown)
        if phase.must_include is not None and not holds_number(laydown, phase.must_include):
            continue
        yield laydown


def _all_groups(
    specs: list[GroupSpec],
    index: int,
    pool: Counter[Card],
    rules: Ruleset,
    chosen: tuple[Group, ...],
    *,
    exact: bool = False,
) -> Iterator[tuple[Group, ...]]:
    if index == len(specs):
        yield chosen
        return
    spec = specs[index]
    previous = chosen[-1] if chosen and specs[index - 1] == spec else None
    for group in _concrete_groups(spec, pool, rules, exact):
        if previous is not None and group.sort_key < previous.sort_key:
            continue
        pool.subtract(group.cards)
        yield from _all_groups(specs, index + 1, pool, rules, (*chosen, group), exact=exact)
        pool.update(group.cards)


def _concrete_groups(spec: GroupSpec, pool: Counter[Card], rules: Ruleset, exact: bool) -> Iterator[Group]:
    """Every group of ``spec`` the pool can give (of exactly its size when ``exact``).

    Cards that leave the group's key free (no number in a set or run, no colour in a
    colour group) fill it; a group needs at least one card that fixes the key.
    """
    cards = [card for card in sorted(pool) if pool[card] > 0 and not card.is_skip]
    if spec.kind.is_run:
        yield from _concrete_runs(spec, cards, pool, rules, exact)
        return
    families: dict[object, list[Card]] = {}
    fillers: list[Card] = []
    for card in cards:
        key = card.fixed_number if spec.kind is GroupKind.SET else card.fixed_color
        if key is None:
            fillers.append(card)
        else:
            families.setdefault(key, []).append(card)
    for faces in families.values():
        for counts in product(*(range(pool[face] + 1) for face in faces)):
            keyed = sum(counts)
            if keyed == 0 or (exact and keyed > spec.size):
                continue
            chosen = [face for face, count in zip(faces, counts, strict=True) for _ in range(count)]
            low = max(0, spec.size - keyed)
            for filling in _fillings(fillers, pool, low, low if exact else None):
                yield Group.make(spec.kind, [*chosen, *filling])


def _fillings(fillers: list[Card], pool: Counter[Card], low: int, high: int | None) -> Iterator[list[Card]]:
    """Every sub-multiset of ``fillers`` (as the pool holds them) with ``low`` to ``high`` cards."""
    for counts in product(*(range(pool[card] + 1) for card in fillers)):
        total = sum(counts)
        if total >= low and (high is None or total <= high):
            yield [card for card, count in zip(fillers, counts, strict=True) for _ in range(count)]


def _concrete_runs(
    spec: GroupSpec, cards: list[Card], pool: Counter[Card], rules: Ruleset, exact: bool
) -> Iterator[Group]:
    colors = () if spec.kind is GroupKind.RUN else {card.fixed_color for card in cards} - {None}
    if not colors:  # colours do not matter, or no card fixes one
        yield from _runs_of(spec, cards, pool, rules, exact)
        return
    seen: set[Group] = set()  # a run of colourless cards fits every colour: list it once
    for color in sorted(colors, key=COLORS.index):
        fitting = [card for card in cards if card.fixed_color in (None, color)]
        for group in _runs_of(spec, fitting, pool, rules, exact):
            if group not in seen:
                seen.add(group)
                yield group


def _runs_of(
    spec: GroupSpec, cards: list[Card], pool: Counter[Card], rules: Ruleset, exact: bool
) -> Iterator[Group]:
    by_number: dict[int, list[Card]] = {}
    fillers: list[Card] = []
    for card in cards:
        if card.is_numbered:
            by_number.setdefault(card.number, []).append(card)
        else:
            fillers.append(card)
    filler_count = sum(pool[card] for card in fillers)
    top = rules.max_run_length
    held = sum(1 << number for number in by_number)
    for length in (spec.size,) if exact else range(spec.size, top + 1):
        window = (1 << length) - 1
        for start in range(1, top - length + 2):
            count = (held & window << start).bit_count()
            forced = length - count
            if forced > filler_count or not count:
                continue
            span = range(start, start + length)
            covered = [n for n in span if n in by_number]
            # A filler may also stand where a numbered card could: that keeps the numbered card in hand.
            for extra in range(min(filler_count - forced, len(covered) - 1) + 1):
                for filled_numbers in combinations(covered, extra):
                    numbers = [n for n in covered if n not in filled_numbers]
                    for filling in _fillings(fillers, pool, forced + extra, forced + extra):
                        for faces in product(*(by_number[n] for n in numbers)):
                            face_of = dict(zip(numbers, faces, strict=True))
                            free = iter(filling)
                            yield Group(spec.kind, tuple(face_of.get(n) or next(free) for n in span))
