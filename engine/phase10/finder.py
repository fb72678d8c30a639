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
from .groups import Group, _includes, add_to_group, arrange_run, hit_ends, laydown_problem
from .rules import CLASSIC, GroupKind, GroupSpec, PhaseSpec, Ruleset

__all__ = ["enumerate_laydowns", "find_laydown"]

Laydown = tuple[Group, ...]

# An abstract group: kind, the naturals it uses (by number, or by colour) and its wild count.
_Abstract = tuple[GroupKind, tuple[int, ...], int]


def find_laydown(hand: Sequence[Card], phase: PhaseSpec, rules: Ruleset = CLASSIC) -> Laydown | None:
    """A valid lay-down of ``phase`` from ``hand``, using as few cards as it can, or None."""
    wilds = sum(1 for card in hand if card.is_wild)
    by_number = [0] * 13
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
        if phase.must_include is not None and not _includes(laydown, phase.must_include):
            laydown = _supply_required(laydown, hand, phase.must_include, rules)
            if laydown is None:
                continue
        if laydown_problem(laydown, phase, rules) is None:
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


def enumerate_laydowns(hand: Sequence[Card], phase: PhaseSpec, rules: Ruleset = CLASSIC) -> Iterator[Laydown]:
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
        if phase.must_include is not None and not _includes(laydown, phase.must_include):
            continue
        yield laydown


def _all_groups(
    specs: list[GroupSpec],
    index: int,
    pool: Counter[Card],
    rules: Ruleset,
    chosen: tuple[Group, ...],
) -> Iterator[tuple[Group, ...]]:
    if index == len(specs):
        yield chosen
        return
    spec = specs[index]
    previous = chosen[-1] if chosen and specs[index - 1] == spec else None
    for group in _concrete_groups(spec, pool, rules):
        if previous is not None and group.sort_key < previous.sort_key:
            continue
        pool.subtract(group.cards)
        yield from _all_groups(specs, index + 1, pool, rules, (*chosen, group))
        pool.update(group.cards)


def _concrete_groups(spec: GroupSpec, pool: Counter[Card], rules: Ruleset) -> Iterator[Group]:
    wilds = pool[WILD]
    naturals = [card for card in sorted(pool) if card.is_natural and pool[card] > 0]
    if spec.kind is GroupKind.RUN:
        yield from _concrete_runs(spec.size, naturals, wilds, rules)
        return
    if spec.kind is GroupKind.SET:
        families: dict[int, list[Card]] = {}
        for card in naturals:
            families.setdefault(card.number, []).append(card)
    else:
        families = {}
        for card in naturals:
            families.setdefault(card.color.index, []).append(card)
    for faces in families.values():
        for counts in product(*(range(pool[face] + 1) for face in faces)):
            natural_count = sum(counts)
            if natural_count == 0:
                continue
            chosen = [face for face, count in zip(faces, counts, strict=True) for _ in range(count)]
            for wild_count in range(max(0, spec.size - natural_count), wilds + 1):
                yield Group.make(spec.kind, [*chosen, *([WILD] * wild_count)])


def _concrete_runs(size: int, naturals: list[Card], wilds: int, rules: Ruleset) -> Iterator[Group]:
    by_number: dict[int, list[Card]] = {}
    for card in naturals:
        by_number.setdefault(card.number, []).append(card)
    top = rules.max_run_length
    for length in range(size, top + 1):
        for start in range(1, top - length + 2):
            span = range(start, start + length)
            covered = [n for n in span if n in by_number]
            forced = length - len(covered)
            if forced > wilds or not covered:
                continue
            # A Wild may also stand where a natural card could: that keeps the natural in hand.
            for extra in range(min(wilds - forced, len(covered) - 1) + 1):
                for wild_numbers in combinations(covered, extra):
                    natural_numbers = [n for n in covered if n not in wild_numbers]
                    for faces in product(*(by_number[n] for n in natural_numbers)):
                        face_of = dict(zip(natural_numbers, faces, strict=True))
                        yield Group(GroupKind.RUN, tuple(face_of.get(n, WILD) for n in span))
