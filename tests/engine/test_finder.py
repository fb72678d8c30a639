"""The phase finder against a brute-force oracle that tries every split of the hand."""

from __future__ import annotations

from collections import Counter
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from phase10.cards import COLORS, WILD, Card, parse_cards
from phase10.finder import enumerate_laydowns, find_laydown
from phase10.groups import Group, laydown_problem
from phase10.rules import CLASSIC, GroupKind, Options, PhaseSpec

PHASES = [CLASSIC.phase(n) for n in range(1, 11)] + [Options(el_chavo=True).phase_spec(10)]


@st.composite
def hands(draw: st.DrawFn, size: int = 11, low: int = 1, high: int = 12) -> tuple[Card, ...]:
    wilds = draw(st.integers(0, 4))
    naturals = [
        Card.number_card(draw(st.sampled_from(COLORS)), draw(st.integers(low, high)))
        for _ in range(size - wilds)
    ]
    hand = Counter([*naturals, *[WILD] * wilds])
    # At most two copies of a face exist in the deck.
    return tuple(sorted(card for card, n in hand.items() for _ in range(min(n, 2 if card != WILD else 8))))


def _arrangements(kind: GroupKind, cards: tuple[Card, ...]) -> list[Group]:
    """Every way to lay ``cards`` as one group of ``kind`` (runs: every Wild placement)."""
    if kind is not GroupKind.RUN:
        return [Group.make(kind, cards)]
    naturals = sorted((c for c in cards if c.is_natural), key=lambda c: c.number)
    wilds = len(cards) - len(naturals)
    if not naturals or len({c.number for c in naturals}) != len(naturals):
        return []
    low, high = naturals[0].number, naturals[-1].number
    spare = wilds - ((high - low + 1) - len(naturals))
    result = []
    for below in range(max(spare, -1) + 1):
        start = low - below
        by_number = {c.number: c for c in naturals}
        result.append(Group(kind, tuple(by_number.get(n, WILD) for n in range(start, start + len(cards)))))
    return result


def brute_force(hand: tuple[Card, ...], phase: PhaseSpec) -> set[tuple[Group, ...]]:
    """Every valid lay-down: each card goes to one of the groups or stays in hand."""
    found: set[tuple[Group, ...]] = set()
    slots = len(phase.groups)
    seen_assignments: set[tuple[tuple[Card, ...], ...]] = set()
    for assignment in product(range(slots + 1), repeat=len(hand)):
        parts = tuple(tuple(c for c, a in zip(hand, assignment, strict=True) if a == g) for g in range(slots))
        if parts in seen_assignments or any(not part for part in parts):
            continue
        seen_assignments.add(parts)
        options = [_arrangements(spec.kind, part) for spec, part in zip(phase.groups, parts, strict=True)]
        for groups in product(*options):
            if laydown_problem(groups, phase, CLASSIC) is None:
                found.add(tuple(sorted(groups, key=lambda g: g.sort_key)))
    return found


@pytest.mark.parametrize(
    "phase", PHASES, ids=lambda p: f"phase{p.number}{'-el-chavo' if p.must_include else ''}"
)
@given(hand=hands(size=7, low=3, high=9))
def test_enumeration_matches_brute_force_on_small_hands(phase, hand):
    expected = brute_force(hand, phase)
    enumerated = list(enumerate_laydowns(hand, phase, CLASSIC))
    assert len(enumerated) == len(set(enumerated))
    assert set(enumerated) == expected
    found = find_laydown(hand, phase, CLASSIC)
    assert (found is None) == (not expected)
    if found is not None:
        assert found in expected


@pytest.mark.parametrize(
    "phase", PHASES, ids=lambda p: f"phase{p.number}{'-el-chavo' if p.must_include else ''}"
)
@given(hand=hands())
def test_found_laydowns_are_valid_and_from_the_hand(phase, hand):
    found = find_laydown(hand, phase, CLASSIC)
    if found is None:
        return
    assert laydown_problem(found, phase, CLASSIC) is None
    assert not Counter(c for g in found for c in g.cards) - Counter(hand)
    assert found in set(enumerate_laydowns(hand, phase, CLASSIC))


@pytest.mark.parametrize(
    ("hand", "phase", "found"),
    [
        ("R5 B5 Y5 R7 B7 G7 R1 R2 Y3 G4 B9", 1, True),
        ("R5 B5 Y5 R7 B7 G9 R1 R2 Y3 G4 B10", 1, False),
        ("W W R5 B5 R7 G7 R1 R2 Y3 G4 B10", 1, True),  # one Wild in each set
        ("W W R5 R7 G9 R1 R2 Y3 G4 B10 B11", 1, False),  # two Wilds cannot fill two sets
        ("R3 R4 W R6 B9 B9 B9 G1 G1 Y12 Y11", 2, True),  # the rulebook's Wild as a 5
        ("R1 R2 R3 R4 R5 R6 B8 B9 B10 B11 B12", 4, False),  # 12 never wraps to 1
        ("R1 R2 R3 R4 R5 R6 R7 R8 R9 B1 B2", 6, True),
        ("R1 R2 R3 R4 R5 R6 R7 R8 W B1 B2", 6, True),
        ("G1 G3 G5 G7 G9 G11 W R1 R2 R3 R4", 8, True),
        ("G1 G3 G5 G7 G9 G11 S R1 R2 R3 R4", 8, False),  # a Skip never counts
        ("R2 B2 Y2 G2 R2 R6 B6 Y6 G1 G3 G4", 10, True),
        ("R2 B2 Y2 G2 R2 R6 B6 Y6 G1 G3 G4", "10-el-chavo", False),  # no 8, no Wild
        ("R8 B8 Y8 G8 R8 R6 B6 Y6 G1 G3 G4", "10-el-chavo", True),
        ("R2 B2 Y2 G2 R2 R6 B6 Y6 W G3 G4", "10-el-chavo", True),  # the Wild as an extra
    ],
)
def test_finder_examples(hand, phase, found):
    spec = Options(el_chavo=True).phase_spec(10) if phase == "10-el-chavo" else CLASSIC.phase(phase)
    result = find_laydown(parse_cards(hand), spec, CLASSIC)
    assert (result is not None) == found
    if result is not None:
        assert laydown_problem(result, spec, CLASSIC) is None
