"""The phase finder: lay-downs that a hand can make for a phase.

``find_laydown`` answers "can this hand make the phase, and how?" quickly: it
searches minimal groups on counts of numbers (or colours), where the colours of
a set or run do not matter, and only then picks concrete cards.
``enumerate_laydowns`` lists every distinct lay-down, extra cards included, for
``legal_actions`` and for the hints of the UI.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import combinations, product

from .cards import COLORS, NUMBERS, WILD, Card
from .groups import Group, add_to_group, arrange_run, hit_ends, holds_number, laydown_problem
from .rules import GroupKind, GroupSpec, PhaseSpec, Ruleset

__all__ = ["enumerate_laydowns", "find_laydown"]

Laydown = tuple[Group, ...]

# An abstract group: kind, the naturals it uses (by number, or by colour) and its wild count.
_Abstract = tuple[GroupKind, tuple[int, ...], int]


def find_laydown(hand: Sequence[Card], phase: PhaseSpec, rules: Ruleset) -> Laydown | None:
    """A valid lay-down of ``phase`` from ``hand``, using as few cards as it can, or None."""
    if not _counts_suffice(hand, phase):
        return _first_exact(hand, phase, rules)
    wilds = sum(1 for card in hand if card.is_wild)
    by_number = [0] * NUMBERS.stop  # indexed by card number
    by_color = [0] * len(COLORS)
    for card in hand:
        if card.is_natural:
            by_number[card.number] += 1
            by_color[card.color.index] += 1
    order = sorted(range(len(phase.groups)), key=lambda i: _difficulty(phase.groups[i]))
    specs = [phase.groups[i] for i in order]
    for abstract in _search(specs, 0, by_number, by_color, wilds, rules, ()):
        laydown = _materialize(abstract, hand, rules)
        if laydown is None:
            continue
        if phase.must_include is not None and not holds_number(laydown, phase.must_include):
            laydown = _supply_required(laydown, hand, phase.must_include, rules)
            if laydown is None:
                continue
        if laydown_problem(laydown, phase, rules) is None:
            return laydown
    return None


def _counts_suffice(hand: Sequence[Card], phase: PhaseSpec) -> bool:
    """Can the search on counts decide?  It can when every card fixes both its number and
    its colour or neither (the classic deck), and no group asks for both at once."""
    return all(card.is_natural or card.is_wild or card.is_skip for card in hand) and all(
        spec.kind is not GroupKind.COLOR_RUN for spec in phase.groups
    )


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
    # Runs and colour groups constrain most; try them first so failures come early.
    return (0 if spec.kind is not GroupKind.SET else 1, -spec.size)


def _search(
    specs: list[GroupSpec],
    index: int,
    by_number: list[int],
    by_color: list[int],
    wilds: int,
    rules: Ruleset,
    chosen: tuple[_Abstract, ...],
) -> Iterator[tuple[_Abstract, ...]]:
    if index == len(specs):
        yield chosen
        return
    spec = specs[index]
    previous = chosen[-1] if chosen and specs[index - 1] == spec else None
    for group in _abstract_groups(spec, by_number, by_color, wilds, rules):
        # Two groups of the same spec are interchangeable: take them in one order only.
        if previous is not None and group < previous:
            continue
        kind, naturals, used_wilds = group
        counts = by_color if kind is GroupKind.COLOR else by_number
        for key in naturals:
            counts[key] -= 1
        yield from _search(specs, index + 1, by_number, by_color, wilds - used_wilds, rules, (*chosen, group))
        for key in naturals:
            counts[key] += 1


def _abstract_groups(
    spec: GroupSpec, by_number: list[int], by_color: list[int], wilds: int, rules: Ruleset
) -> Iterator[_Abstract]:
    size = spec.size
    if spec.kind is GroupKind.SET:
        for number in sorted(NUMBERS, key=lambda n: -by_number[n]):
            have = by_number[number]
            for naturals in range(min(have, size), max(1, size - wilds) - 1, -1):
                yield (GroupKind.SET, (number,) * naturals, size - naturals)
    elif spec.kind is GroupKind.RUN:
        for start in range(1, rules.max_run_length - size + 2):
            span = range(start, start + size)
            present = tuple(n for n in span if by_number[n] > 0)
            missing = size - len(present)
            if present and missing <= wilds:
                yield (GroupKind.RUN, present, missing)
    else:
        for color in sorted(range(len(COLORS)), key=lambda c: -by_color[c]):
            have = by_color[color]
            for naturals in range(min(have, size), max(1, size - wilds) - 1, -1):
                yield (GroupKind.COLOR, (color,) * naturals, size - naturals)


def _materialize(abstract: tuple[_Abstract, ...], hand: Sequence[Card], rules: Ruleset) -> Laydown | None:
    """Concrete cards for abstract groups, taking colour groups' cards first.

    Colour groups care about colours and sets and runs about numbers; picking the
    colour groups' cards from the numbers nobody else needs keeps both satisfied.
    """
    pool = Counter(hand)
    groups: list[Group] = []
    needs_number = Counter(n for kind, keys, _ in abstract if kind is not GroupKind.COLOR for n in keys)
    for kind, keys, wild_count in sorted(abstract, key=lambda g: g[0] is not GroupKind.COLOR):
        cards: list[Card] = []
        for key in keys:
            card = _take(pool, kind, key, needs_number)
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


def _take(pool: Counter[Card], kind: GroupKind, key: int, needs_number: Counter[int]) -> Card | None:
    if kind is GroupKind.COLOR:
        color = COLORS[key]
        candidates = [c for c in pool if pool[c] > 0 and c.is_natural and c.color is color]
        # Spend the numbers that the other groups need least.
        candidates.sort(key=lambda c: (needs_number[c.number] - _spare(pool, c.number), c.code))
    else:
        candidates = [c for c in pool if pool[c] > 0 and c.is_natural and c.number == key]
        candidates.sort(key=lambda c: (-pool[c], c.code))
        if candidates:
            needs_number[key] -= 1
    if not candidates:
        return None
    card = candidates[0]
    pool[card] -= 1
    return card


def _spare(pool: Counter[Card], number: int) -> int:
    return sum(count for card, count in pool.items() if card.is_natural and card.number == number)


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
    for length in (spec.size,) if exact else range(spec.size, top + 1):
        for start in range(1, top - length + 2):
            span = range(start, start + length)
            covered = [n for n in span if n in by_number]
            forced = length - len(covered)
            if forced > filler_count or not covered:
                continue
            # A filler may also stand where a numbered card could: that keeps the numbered card in hand.
            for extra in range(min(filler_count - forced, len(covered) - 1) + 1):
                for filled_numbers in combinations(covered, extra):
                    numbers = [n for n in covered if n not in filled_numbers]
                    for filling in _fillings(fillers, pool, forced + extra, forced + extra):
                        for faces in product(*(by_number[n] for n in numbers)):
                            face_of = dict(zip(numbers, faces, strict=True))
                            free = iter(filling)
                            yield Group(spec.kind, tuple(face_of.get(n) or next(free) for n in span))
