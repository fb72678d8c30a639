"""The rules oracle ``phase10.judge``: every op, malformed requests, and the stream.

Cases come from the rulebooks' examples and from the rulings (docs/rulings.md); the
ruling or example behind a case is named in its id.
"""

from __future__ import annotations

import io
import json
import os
import random
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from itertools import combinations
from pathlib import Path
from typing import Any, TextIO, cast

import pytest

from phase10 import judge
from phase10.cards import Card
from phase10.groups import Group, can_form, group_problem
from phase10.rules import CLASSIC, Options

Request = dict[str, Any]

ENGINE = Path(__file__).resolve().parents[2] / "engine"
NO_PROCESSES = sys.platform in ("emscripten", "wasi")


def ask(request: Request) -> dict[str, Any]:
    return judge.answer(json.dumps(request))


def cards(text: str) -> list[str]:
    return text.split()


def run_lines(text: str) -> tuple[int, list[str]]:
    out = io.StringIO()
    code = judge.run(io.StringIO(text), out)
    return code, out.getvalue().splitlines()


# --- group ----------------------------------------------------------------------------------

GROUP_CASES = [
    # sets (ruling 2: 2+ cards of one number, colours free)
    ("set", 3, "R7 B7 G7", True, "three 7s (rulebook)"),
    ("set", 3, "R10 B10 G10 Y10 R10 B10", True, "six 10s are one set of at least 3"),
    ("set", 2, "R7 B7", True, "a set of 2"),
    ("set", 1, "R7", False, "one card is no set: sets are 2+"),
    ("set", 2, "R7 W", True, "a Wild completes a set"),
    ("set", 5, "R7 W W W W", True, "as many Wilds as wanted with one natural"),
    ("set", 3, "W W W", False, "Wilds only (ruling 3)"),
    ("set", 2, "W W", False, "two Wilds only (ruling 3)"),
    ("set", 2, "R7 B7 S", False, "a Skip in a set (ruling 6)"),
    ("set", 3, "R7 B8 G7", False, "two numbers"),
    ("set", 4, "R7 B7 G7", False, "fewer cards than the size"),
    ("set", 1, "", False, "no cards"),
    # runs (ruling 2: 4+ consecutive numbers, colours free; ruling 4: inside 1..12)
    ("run", 4, "R3 B4 Y5 G6", True, "run 3-6 (rulebook)"),
    ("run", 4, "R3 B4 W G6", True, "run 3,4,W,6 (rulebook Wild example)"),
    ("run", 4, "G6 R3 W B4", True, "card order does not matter"),
    ("run", 3, "R3 B4 Y5", False, "a run is 4+ even when asked for 3"),
    ("run", 3, "R3 B4 Y5 W", True, "the run minimum of 4 is met"),
    ("run", 4, "R11 R12 R1 R2", False, "no wrap-around 12 -> 1 (ruling 4)"),
    ("run", 4, "W W W W", False, "Wilds only (ruling 3)"),
    ("run", 4, "R3 R3 B4 Y5", False, "a number twice"),
    ("run", 4, "R1 R2 R3 R5", False, "a gap with no Wild"),
    ("run", 4, "R1 B2 S Y3 G4", False, "a Skip in a run (ruling 6)"),
    ("run", 7, "R1 R2 R3 R4", False, "too short for 7"),
    ("run", 7, "R1 R2 R3 R4 W W W", True, "Wilds extend a run"),
    ("run", 5, "R10 R11 R12 W W", True, "spare Wilds go below 10: run 8-12"),
    ("run", 4, "R12 W W W", True, "run 9-12 from one 12"),
    ("run", 4, "R1 W W W", True, "run 1-4 from one 1"),
    ("run", 12, "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12", True, "run 1-12, the longest"),
    ("run", 12, "W R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12", True, "a Wild as the 1"),
    ("run", 4, "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 W", False, "a run of 13 cannot exist"),
    ("run", 4, "R5 W W W W W W W W W W W W", False, "13 cards with Wilds cannot be a run"),
    # colour groups (ruling 2: one colour, numbers free; 1+)
    ("color", 7, "G1 G3 G5 G7 G9 G11 W", True, "6 greens and a Wild (rulebook)"),
    ("color", 7, "R1 R1 R2 R5 R9 R12 R12", True, "seven reds, numbers repeat freely"),
    ("color", 7, "R1 R2 R3 R4 R5 R6 B7", False, "a blue among reds"),
    ("color", 7, "R1 R2 R3 R4 R5 R6", False, "six cards are not seven"),
    ("color", 1, "R1", True, "a colour group may be 1 card"),
    ("color", 1, "W", False, "a Wild alone (ruling 3)"),
    ("color", 1, "R1 S", False, "a Skip in a colour group (ruling 6)"),
]


@pytest.mark.parametrize(
    ("kind", "size", "hand", "ok"),
    [case[:4] for case in GROUP_CASES],
    ids=[case[4] for case in GROUP_CASES],
)
def test_group(kind: str, size: int, hand: str, ok: bool) -> None:
    request = {"op": "group", "kind": kind, "size": size, "cards": cards(hand)}
    assert ask(request) == {"ok": ok}


# --- phase ----------------------------------------------------------------------------------

FIVE_5S = "R5 B5 G5 Y5 R5"
PHASE_CASES = [
    (1, ["R5 B5 G5", "R7 B7 G7"], None, True, "phase 1: three 5s and three 7s (rulebook)"),
    (1, ["R10 B10 G10", "Y10 R10 B10"], None, True, "phase 1: six 10s as two sets (rulebook)"),
    (1, ["R5 B5 G5 Y5 R5", "R7 B7 G7"], None, True, "phase 1: extra cards inside a group"),
    (1, ["R6 B6 G6", "R8 B8 G8", "R10 B10 G10"], None, False, "phase 1: three sets (rulebook)"),
    (1, ["R10 B10 G10 Y10 R10 B10"], None, False, "phase 1: one group of six"),
    (1, ["R5 B5", "R7 B7 G7"], None, False, "phase 1: a set of 2"),
    (1, ["R5 B5 W", "W W W"], None, False, "phase 1: a group of Wilds (ruling 3)"),
    (1, ["R5 B5 S", "R7 B7 G7"], None, False, "phase 1: a Skip (ruling 6)"),
    (1, ["R5 B5 G5 S", "R7 B7 G7"], None, False, "phase 1: a Skip as an extra card"),
    (1, [], None, False, "phase 1: no groups"),
    (1, ["R5 B5 G5", ""], None, False, "phase 1: an empty group"),
    (2, ["R7 B7 G7", "R3 B4 Y5 G6"], None, True, "phase 2: set then run"),
    (2, ["G6 R3 Y5 B4", "R7 B7 G7"], None, True, "phase 2: groups and cards in any order"),
    (2, ["R7 B7 G7", "R3 B4 W G6"], None, True, "phase 2: Wild as 5 (rulebook)"),
    (2, ["R7 B7 G7", "R3 B4 Y5"], None, False, "phase 2: a run of 3"),
    (2, ["R7 B7 G7", "R3 B3 Y3 G3"], None, False, "phase 2: two sets, no run"),
    (2, ["R7 B7 G7", "R11 R12 R1 R2"], None, False, "phase 2: a wrapped run (ruling 4)"),
    (3, ["R4 B4 G4 Y4", "R1 R2 R3 W"], None, True, "phase 3: set of 4 and run 1-4"),
    (3, ["R4 B4 G4", "R1 R2 R3 W"], None, False, "phase 3: set of 3"),
    (4, ["R1 R2 R3 R4 R5 R6 R7"], None, True, "phase 4: run of 7"),
    (4, ["R1 R2 R3 R4 R5 R6 R7 R8 R9"], None, True, "phase 4: a run of 9 counts (rulebook)"),
    (4, ["R1 W R3 W R5 W R7"], None, True, "phase 4: Wilds in the gaps"),
    (4, ["R1 R2 R3 R4", "R5 R6 R7"], None, False, "phase 4: two groups"),
    (4, ["R1 R2 R3 R4 R5 R6"], None, False, "phase 4: run of 6"),
    (5, ["R1 R2 R3 R4 R5 R6 R7 R8 R9"], None, True, "phase 5: a run of 9"),
    (6, ["R1 R2 R3 R4 R5 R6 R7 R8 R9"], None, True, "phase 6: run of 9"),
    (6, ["R1 R2 R3 R4 R5 R6 R7 R8"], None, False, "phase 6: run of 8"),
    (6, ["R5 R6 R7 R8 R9 R10 R11 R12 W"], None, True, "phase 6: a Wild as the 4"),
    (6, ["R6 R7 R8 R9 R10 R11 R12 W W"], None, True, "phase 6: Wilds below 6"),
    (7, ["R4 B4 G4 Y4", "R9 B9 G9 Y9"], None, True, "phase 7: two sets of 4"),
    (7, ["R4 B4 G4 Y4", "R9 B9 G9"], None, False, "phase 7: set of 3"),
    (8, ["G1 G3 G5 G7 G9 G11 G12"], None, True, "phase 8: seven greens"),
    (8, ["G1 G3 G5 G7 G9 G11 W"], None, True, "phase 8: six greens and a Wild (rulebook)"),
    (8, ["G1 G3 G5 G7 G9 G11 R1"], None, False, "phase 8: a red among greens"),
    (8, ["G1 G3 G5 G7 G9 G11 S"], None, False, "phase 8: a Skip (rulebook: never in phase 8)"),
    (8, ["G1 G3 G5", "G7 G9 G11 G12"], None, False, "phase 8: two groups"),
    (9, ["R7 B7 G7 Y7 R7", "R2 B2"], None, True, "phase 9: set of 5 and set of 2"),
    (9, ["R2 B2", "R7 B7 G7 Y7 R7"], None, True, "phase 9: the set of 2 first"),
    (9, ["R7 B7 G7 Y7 W", "W R2"], None, True, "phase 9: Wilds in both sets"),
    (9, ["R7 B7 G7 Y7", "R2 B2 G2"], None, False, "phase 9: no set of 5"),
    (10, [FIVE_5S, "R3 B3 G3"], None, True, "phase 10 classic: no 8 needed"),
    (10, [FIVE_5S, "R3 B3 G3"], "classic", True, "phase 10 classic, named"),
    (10, [FIVE_5S, "R3 B3"], None, False, "phase 10: set of 2"),
    (10, [FIVE_5S, "R3 B3 G3"], "el-chavo", False, "El Chavo phase 10 without 8 or Wild"),
    (10, ["R8 B8 G8 Y8 R8", "R3 B3 G3"], "el-chavo", True, "El Chavo: a set of 8s"),
    (10, [FIVE_5S, "R8 B8 G8"], "el-chavo", True, "El Chavo: 8s in the set of 3"),
    (10, [FIVE_5S, "R3 B3 W"], "el-chavo", True, "El Chavo: a Wild in a set (ruling 24)"),
    (10, [FIVE_5S + " W", "R3 B3 G3"], "el-chavo", True, "El Chavo: an extra Wild counts"),
    (10, [FIVE_5S, "R3 B3 G3 S"], "el-chavo", False, "El Chavo: a Skip is no help"),
    (1, ["R5 B5 G5", "R7 B7 G7"], "el-chavo", True, "El Chavo changes only phase 10"),
]


@pytest.mark.parametrize(
    ("phase", "groups", "rules", "ok"),
    [case[:4] for case in PHASE_CASES],
    ids=[case[4] for case in PHASE_CASES],
)
def test_phase(phase: int, groups: list[str], rules: str | None, ok: bool) -> None:
    request: Request = {"op": "phase", "phase": phase, "groups": [cards(g) for g in groups]}
    if rules is not None:
        request["rules"] = rules
    assert ask(request) == {"ok": ok}


# --- find -----------------------------------------------------------------------------------

FIND_IMPOSSIBLE = [
    (1, "R1 B2 G3 Y4 R5 B6 G7 Y8 R9 B10", "classic", "phase 1: all numbers differ"),
    (1, "W W W W W W W W W W", "classic", "phase 1: Wilds only (ruling 3)"),
    (1, "R5 R5 R5 S S S", "classic", "phase 1: Skips make no set"),
    (1, "", "classic", "phase 1: an empty hand"),
    (2, "R7 B7 G7 R3 B4 Y5 R10 R11 R12 B1", "classic", "phase 2: no run of 4"),
    (4, "R1 R2 R3 R4 R5 R6 R8 R9 R10 R11", "classic", "phase 4: a gap at 7"),
    (6, "R1 R2 R3 R4 R5 R6 R7 R8", "classic", "phase 6: 8 cards for a run of 9"),
    (8, "R1 R2 R3 B4 B5 B6 G7 G8 Y9 Y10", "classic", "phase 8: no colour reaches 7"),
    (9, "R7 B7 G7 Y7 R2 B3 G4 Y5 R6 B1", "classic", "phase 9: four 7s only"),
    (10, "R5 B5 G5 Y5 R5 R3 B3 G3 Y3 S", "el-chavo", "El Chavo phase 10: no 8, no Wild"),
    (10, "R5 B5 G5 Y5 R5 R3 B3 G3 R8 S", "el-chavo", "El Chavo: a lone 8 fits no set"),
]


@pytest.mark.parametrize(
    ("phase", "hand", "rules"),
    [case[:3] for case in FIND_IMPOSSIBLE],
    ids=[case[3] for case in FIND_IMPOSSIBLE],
)
def test_find_none(phase: int, hand: str, rules: str) -> None:
    request = {"op": "find", "phase": phase, "hand": cards(hand), "rules": rules}
    assert ask(request) == {"groups": None}


FIND_POSSIBLE = [
    (1, "R5 B5 G5 R7 B7 G7 Y1 Y2 Y3 S", "classic", "phase 1: 5s and 7s (rulebook)"),
    (1, "R10 R10 B10 B10 G10 G10 S S S S", "classic", "phase 1: six 10s, each face twice"),
    (1, "R5 B5 R7 B7 W W S S S S", "classic", "phase 1: a Wild in each set"),
    (2, "R3 B4 W G6 R7 B7 Y7 S G12 G1", "classic", "phase 2: the rulebook Wild run"),
    (2, "R4 B4 G4 Y4 R5 R6 R7 S S S", "classic", "phase 2: 4s shared by set and run"),
    (3, "R4 B4 G4 Y4 R1 R2 R3 W S S", "classic", "phase 3"),
    (4, "R6 R7 R8 R9 R10 R11 R12 S S S", "classic", "phase 4: run 6-12"),
    (5, "R12 W W W W W W W S S", "classic", "phase 5: one 12 and seven Wilds"),
    (6, "R1 R2 R3 R4 W R6 R7 R8 R9 S", "classic", "phase 6: a Wild as the 5"),
    (7, "R4 B4 G4 Y4 R9 B9 G9 W S S", "classic", "phase 7"),
    (8, "G1 G3 G5 G7 G9 G11 W R1 R2 S", "classic", "phase 8: six greens and a Wild"),
    (9, "R2 B2 R7 B7 Y7 G7 G7 S S S", "classic", "phase 9: the set of 5 listed first"),
    (9, "R2 B2 G2 Y2 R2 R7 B7 S S S", "classic", "phase 9: the set of 5 from the low number"),
    (10, "R5 B5 G5 Y5 R5 R3 B3 G3 S S", "classic", "phase 10 classic"),
    (10, "R5 B5 G5 Y5 R5 R3 B3 G3 W S", "el-chavo", "El Chavo: a spare Wild joins a set"),
    (10, "R8 B8 G8 Y8 R8 R3 B3 G3 Y3 S", "el-chavo", "El Chavo: a set of 8s"),
]


def check_found(phase: int, hand: list[str], rules: str, found: list[list[str]]) -> None:
    """A valid lay-down of ``phase`` from ``hand``, groups in the phase's order."""
    specs = Options(el_chavo=rules == "el-chavo").phase_spec(phase).groups
    assert len(found) == len(specs)
    assert not Counter(card for group in found for card in group) - Counter(hand), "cards not in hand"
    request = {"op": "phase", "phase": phase, "groups": found, "rules": rules}
    assert ask(request) == {"ok": True}
    for group, spec in zip(found, specs, strict=True):
        assert len(group) >= spec.size
        laid = Group.make(spec.kind, [judge_card(text) for text in group])
        # A run comes low to high, as laid: valid exactly as listed.
        assert group_problem(laid, CLASSIC) is None, (group, spec)


def judge_card(text: str) -> Card:
    return judge._TABLES["classic", None].cards[text]


@pytest.mark.parametrize(
    ("phase", "hand", "rules"),
    [case[:3] for case in FIND_POSSIBLE],
    ids=[case[3] for case in FIND_POSSIBLE],
)
def test_find_valid(phase: int, hand: str, rules: str) -> None:
    answer = ask({"op": "find", "phase": phase, "hand": cards(hand), "rules": rules})
    assert answer["groups"] is not None, answer
    check_found(phase, cards(hand), rules, answer["groups"])


def test_find_el_chavo_needs_what_classic_does_not() -> None:
    hand = cards("R5 B5 G5 Y5 R5 R3 B3 G3 R8 S")
    classic = ask({"op": "find", "phase": 10, "hand": hand})
    chavo = ask({"op": "find", "phase": 10, "hand": hand, "rules": "el-chavo"})
    assert classic["groups"] is not None
    assert chavo == {"groups": None}


def brute_force_possible(hand: list[Card], phase: int, rules: str) -> bool:
    """Whether some lay-down exists, by trying every choice of cards for each group."""
    spec = Options(el_chavo=rules == "el-chavo").phase_spec(phase)
    # One extra card in a group is enough to supply El Chavo's 8 or Wild.
    extra = 0 if spec.must_include is None else 1

    def includes(groups: list[tuple[Card, ...]]) -> bool:
        number = spec.must_include
        return number is None or any(
            card.is_wild or (card.is_natural and card.number == number) for group in groups for card in group
        )

    def search(index: int, left: list[Card], chosen: list[tuple[Card, ...]]) -> bool:
        if index == len(spec.groups):
            return includes(chosen)
        group_spec = spec.groups[index]
        for size in range(group_spec.size, group_spec.size + extra + 1):
            seen: set[tuple[Card, ...]] = set()
            for picked in combinations(range(len(left)), size):
                group = tuple(sorted(left[i] for i in picked))
                if group in seen or not can_form(group_spec.kind, group, group_spec.size, CLASSIC):
                    continue
                seen.add(group)
                rest = [card for i, card in enumerate(left) if i not in picked]
                if search(index + 1, rest, [*chosen, group]):
                    return True
        return False

    return search(0, list(hand), [])


def random_hands(seed: int, count: int) -> Iterator[tuple[int, list[Card], str]]:
    rnd = random.Random(seed)
    deck = list(CLASSIC.deck)
    for _ in range(count):
        phase = rnd.randint(1, 10)
        rules = rnd.choice(("classic", "el-chavo"))
        # Few numbers and some Wilds make hands that nearly make their phase.
        low = rnd.randint(1, 9)
        pool = [c for c in deck if not c.is_natural or low <= c.number <= low + rnd.randint(2, 5)]
        yield phase, rnd.sample(pool, rnd.randint(6, 11)), rules


@pytest.mark.parametrize("seed", range(4))
def test_find_agrees_with_brute_force(seed: int) -> None:
    for phase, hand, rules in random_hands(seed, 60):
        texts = [str(card) for card in hand]
        answer = ask({"op": "find", "phase": phase, "hand": texts, "rules": rules})
        possible = brute_force_possible(hand, phase, rules)
        assert (answer["groups"] is not None) == possible, (phase, texts, rules)
        if possible:
            check_found(phase, texts, rules, answer["groups"])


# --- hit ------------------------------------------------------------------------------------

HIT_CASES = [
    ("set", "R4 B4 G4", "Y4", True, "a 4 on a set of 4s (rulebook)"),
    ("set", "R4 B4 G4", "W", True, "a Wild on a set (rulebook)"),
    ("set", "R4 B4 W", "R5", False, "a 5 on a set of 4s"),
    ("set", "R4 B4 G4", "S", False, "a Skip is never hit (ruling 6)"),
    ("set", "R4", "R4", False, "one card is not a laid set"),
    ("set", "W W", "R4", False, "a laid group of Wilds is not valid (ruling 3)"),
    ("set", "R4 B4 S", "G4", False, "a group holding a Skip is not valid"),
    ("run", "R3 B4 Y5 G6", "R2", True, "a 2 on run 3-6 (rulebook)"),
    ("run", "R3 B4 Y5 G6", "B7", True, "a 7 on run 3-6 (rulebook)"),
    ("run", "R3 B4 Y5 G6", "R8", False, "an 8 leaves a gap"),
    ("run", "R3 B4 Y5 G6", "R4", False, "a number already in the run"),
    ("run", "R3 B4 Y5 G6", "W", True, "a Wild on a run (rulebook)"),
    ("run", "R3 B4 Y5 G6", "S", False, "a Skip on a run (ruling 6)"),
    ("run", "R9 B10 Y11 G12", "W", True, "Wild on 9-12: the low end is free (ruling 5)"),
    ("run", "R9 B10 Y11 G12", "R8", True, "an 8 on 9-12"),
    ("run", "R1 R2 R3 R4", "W", True, "Wild on 1-4: the high end is free"),
    ("run", "R1 R2 R3 R4", "G5", True, "a 5 on 1-4"),
    ("run", "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12", "W", False, "Wild on 1-12 (ruling 5)"),
    ("run", "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12", "R1", False, "nothing fits 1-12"),
    ("run", "W R2 R3 R4", "R1", False, "the laid Wild stands for 1 (ruling 5)"),
    ("run", "W R2 R3 R4", "R5", True, "a 5 on W,2,3,4"),
    ("run", "W R2 R3 R4", "W", True, "a Wild on the high end of W,2,3,4"),
    ("run", "R9 W W W", "W", True, "a run 9-12 of Wilds takes a Wild low"),
    ("run", "R9 W W W", "R12", False, "the Wilds of 9,W,W,W stand for 10-12"),
    ("run", "R9 W W W", "R8", True, "an 8 below 9,W,W,W"),
    ("run", "W W W R4", "R5", True, "W,W,W,4 is run 1-4"),
    ("run", "W W W R4", "W", True, "a Wild on the high end of 1-4"),
    ("run", "R6 R5 R4 R3", "R7", False, "a run laid high to low is not valid"),
    ("run", "R3 R4 R5", "R6", False, "three cards are not a laid run"),
    ("run", "R11 R12 R1 R2", "R3", False, "a wrapped run is not valid (ruling 4)"),
    ("run", "W W W W", "R5", False, "a run of Wilds is not valid (ruling 3)"),
    ("color", "G1 G2 G3 G4 G5 G6 G7", "G12", True, "a green on greens (rulebook)"),
    ("color", "G1 G2 G3 G4 G5 G6 W", "W", True, "a Wild on a colour group (rulebook)"),
    ("color", "G1 G2 G3 G4 G5 G6 G7", "R1", False, "a red on greens"),
    ("color", "G1 G2 G3 G4 G5 G6 G7", "S", False, "a Skip on greens (ruling 6)"),
    ("color", "G1", "G9", True, "a one-card colour group takes a hit"),
    ("color", "W W W", "G1", False, "a colour group of Wilds is not valid (ruling 3)"),
]


@pytest.mark.parametrize(
    ("kind", "group", "card", "ok"),
    [case[:4] for case in HIT_CASES],
    ids=[case[4] for case in HIT_CASES],
)
def test_hit(kind: str, group: str, card: str, ok: bool) -> None:
    request = {"op": "hit", "kind": kind, "group": cards(group), "card": card}
    assert ask(request) == {"ok": ok}


# --- score ----------------------------------------------------------------------------------

SCORE_CASES = [
    ("", 0, "an empty hand"),
    ("R1", 5, "1 is 5 points"),
    ("B9", 5, "9 is 5 points"),
    ("Y10", 10, "10 is 10 points"),
    ("G12", 10, "12 is 10 points"),
    ("S", 15, "a Skip is 15 points"),
    ("W", 25, "a Wild is 25 points"),
    ("R1 R10 S W", 55, "a mixed hand"),
    ("W W S S R12 R12 B1", 105, "repeated cards all count"),
    ("r7 w s", 45, "lower-case cards"),
]


@pytest.mark.parametrize(
    ("hand", "points"), [case[:2] for case in SCORE_CASES], ids=[case[2] for case in SCORE_CASES]
)
def test_score(hand: str, points: int) -> None:
    assert ask({"op": "score", "cards": cards(hand)}) == {"points": points}


# --- malformed requests ---------------------------------------------------------------------

GROUP = '"op":"group","kind":"set","size":3'
PHASE = '"op":"phase","groups":[["R1","B1","G1"],["R2","B2","G2"]]'
CARD_HELP = "write a colour R/B/Y/G and a number 1-12"
ERROR_CASES = [
    ("not json", "request is not valid JSON", "not JSON"),
    ('{"op":"score","cards":[]', "request is not valid JSON", "cut-off JSON"),
    ("[1, 2]", "request must be a JSON object, got an array", "an array"),
    ('"group"', "request must be a JSON object, got 'group'", "a string"),
    ("null", "request must be a JSON object, got null", "null"),
    ("42", "request must be a JSON object, got 42", "a number"),
    ("{}", "missing field 'op': expected group, phase, find, hit or score", "no op"),
    ('{"op":"foo"}', "unknown op 'foo': expected group, phase, find, hit or score", "unknown op"),
    ('{"op":5}', "unknown op 5: expected group", "op not a string"),
    ('{"op":"GROUP"}', "unknown op 'GROUP'", "ops are lower case"),
    ('{"op":"group","kind":"pair","size":3,"cards":[]}', "unknown kind 'pair'", "unknown kind"),
    ('{"op":"group","kind":"colour","size":3,"cards":[]}', "unknown kind 'colour'", "colour"),
    ('{"op":"group","kind":null,"size":3,"cards":[]}', "unknown kind null", "kind null"),
    ('{"op":"group","size":3,"cards":[]}', "missing field 'kind' for op 'group'", "no kind"),
    ('{"op":"group","kind":"set","cards":[]}', "missing field 'size'", "no size"),
    ("{" + GROUP + "}", "missing field 'cards' for op 'group'", "no cards"),
    ("{" + GROUP + ',"cards":["R13"]}', "cards[0]: unknown card 'R13': " + CARD_HELP, "R13"),
    ("{" + GROUP + ',"cards":["R1","X5"]}', "cards[1]: unknown card 'X5'", "X5"),
    ("{" + GROUP + ',"cards":["R7",7]}', "cards[1]: unknown card 7", "7 as a number"),
    ("{" + GROUP + ',"cards":["R0"]}', "unknown card 'R0'", "R0"),
    ("{" + GROUP + ',"cards":["R07"]}', "unknown card 'R07'", "R07"),
    ("{" + GROUP + ',"cards":[" R7"]}', "unknown card ' R7'", "a space in a card"),
    ("{" + GROUP + ',"cards":["\\u017f"]}', "unknown card", "long s is no Skip"),
    ("{" + GROUP + ',"cards":[null]}', "unknown card null", "null card"),
    ("{" + GROUP + ',"cards":[["R7"]]}', "unknown card an array", "nested list"),
    ("{" + GROUP + ',"cards":"R7 R8"}', "cards must be a list of cards", "cards a string"),
    (
        '{"op":"group","kind":"set","size":"3","cards":[]}',
        "size must be a positive integer, got '3'",
        "size text",
    ),
    (
        '{"op":"group","kind":"set","size":0,"cards":[]}',
        "size must be a positive integer, got 0",
        "size 0",
    ),
    ('{"op":"group","kind":"set","size":-2,"cards":[]}', "got -2", "size negative"),
    ('{"op":"group","kind":"set","size":2.5,"cards":[]}', "got 2.5", "size float"),
    ('{"op":"group","kind":"set","size":3.0,"cards":[]}', "got 3.0", "size 3.0"),
    ('{"op":"group","kind":"set","size":true,"cards":[]}', "got true", "size true"),
    ('{"op":"group","kind":"set","size":null,"cards":[]}', "got null", "size null"),
    ('{"op":"group","kind":"set","size":' + "9" * 5000 + ',"cards":[]}', "number too long", "huge"),
    ("{" + PHASE + "}", "missing field 'phase' for op 'phase'", "no phase"),
    ("{" + PHASE + ',"phase":0}', "phase must be an integer from 1 to 10, got 0", "phase 0"),
    ("{" + PHASE + ',"phase":11}', "phase must be an integer from 1 to 10, got 11", "phase 11"),
    ("{" + PHASE + ',"phase":"3"}', "phase must be an integer from 1 to 10, got '3'", "phase '3'"),
    (
        "{" + PHASE + ',"phase":true}',
        "phase must be an integer from 1 to 10, got true",
        "phase true",
    ),
    ("{" + PHASE + ',"phase":1.0}', "got 1.0", "phase 1.0"),
    ("{" + PHASE + ',"phase":1,"rules":"chavo"}', "unknown rules 'chavo'", "unknown rules"),
    ("{" + PHASE + ',"phase":1,"rules":null}', "unknown rules null", "rules null"),
    ('{"op":"phase","phase":1}', "missing field 'groups' for op 'phase'", "no groups"),
    ('{"op":"phase","phase":1,"groups":"R1 B1"}', "groups must be a list", "groups a string"),
    (
        '{"op":"phase","phase":1,"groups":["R1"]}',
        "groups[0] must be a list of cards",
        "flat groups",
    ),
    ('{"op":"phase","phase":1,"groups":[["R1"],["Q1"]]}', "groups[1][0]: unknown card 'Q1'", "Q1"),
    ('{"op":"find","phase":1}', "missing field 'hand' for op 'find'", "no hand"),
    ('{"op":"find","hand":[]}', "missing field 'phase' for op 'find'", "find without phase"),
    ('{"op":"find","phase":12,"hand":[]}', "got 12", "find phase 12"),
    ('{"op":"find","phase":1,"hand":["R1","G13"]}', "hand[1]: unknown card 'G13'", "G13"),
    (
        '{"op":"hit","kind":"set","group":["R1","B1"]}',
        "missing field 'card' for op 'hit'",
        "no card",
    ),
    ('{"op":"hit","kind":"set","card":"R1"}', "missing field 'group' for op 'hit'", "no group"),
    ('{"op":"hit","group":["R1","B1"],"card":"R1"}', "missing field 'kind'", "hit without kind"),
    (
        '{"op":"hit","kind":"set","group":["R1","B1"],"card":"R13"}',
        "card: unknown card 'R13'",
        "R13",
    ),
    (
        '{"op":"hit","kind":"set","group":["R1","B1"],"card":["R1"]}',
        "card: unknown card an array",
        "list",
    ),
    ('{"op":"hit","kind":"set","group":"R1 B1","card":"R1"}', "group must be a list", "group text"),
    ('{"op":"hit","kind":"sets","group":["R1","B1"],"card":"R1"}', "unknown kind 'sets'", "kind"),
    ('{"op":"score"}', "missing field 'cards' for op 'score'", "score without cards"),
    ('{"op":"score","cards":[true]}', "cards[0]: unknown card true", "a boolean card"),
    ('{"op":"score","cards":{"R1":1}}', "cards must be a list of cards", "cards an object"),
    # The Flip edition's words are refused by the classic rules (its own cases are in test_flip.py).
    (
        '{"op":"group","kind":"color_run","size":2,"cards":["R7","R8"]}',
        "unknown kind 'color_run': expected set, run or color",
        "color_run is a flip kind",
    ),
    ('{"op":"score","cards":["R*"]}', "cards[0]: unknown card 'R*'", "a Star is a flip card"),
    ('{"op":"score","cards":["7"]}', "cards[0]: unknown card '7'", "a Wild Side 7 is a flip card"),
    ('{"op":"score","cards":["R7/3"]}', "cards[0]: unknown card 'R7/3'", "a two-sided card"),
    ('{"op":"score","cards":[],"side":"color"}', "side is only for the flip rules", "side without flip"),
    ('{"op":"score","cards":[],"rules":"chavo"}', "unknown rules 'chavo'", "rules on every op"),
    ('{"op":"hit","kind":"set","group":[],"card":"W","rules":7}', "unknown rules 7", "rules on hit"),
]


@pytest.mark.parametrize(
    ("line", "message"), [case[:2] for case in ERROR_CASES], ids=[case[2] for case in ERROR_CASES]
)
def test_malformed_request_gets_an_error(line: str, message: str) -> None:
    response = judge.answer(line)
    assert list(response) == ["error"], response
    assert message in response["error"]


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ('{"op":"foo"}', "unknown op 'foo': expected group, phase, find, hit or score"),
        ('{"op":"find","phase":11,"hand":[]}', "phase must be an integer from 1 to 10, got 11"),
    ],
)
def test_error_messages_exactly(line: str, message: str) -> None:
    assert judge.answer(line) == {"error": message}


def test_extra_keys_are_ignored() -> None:
    request = {"op": "score", "cards": ["W"], "id": 7, "kind": "nonsense", "phase": 99}
    assert ask(request) == {"points": 25}


def test_a_very_deep_request_is_an_error_not_a_crash() -> None:
    # On Pyodide, json.loads of this would exhaust the JavaScript stack and kill the interpreter.
    assert "nested more than" in judge.answer("[" * 100_000)["error"]
    assert "nested more than" in judge.answer('{"a":' * 50_000)["error"]
    assert "op" in judge.answer('{"x": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}')["error"]


# --- the stream -----------------------------------------------------------------------------

STREAM = [
    '{"op":"group","kind":"run","size":4,"cards":["R3","B4","W","G6"]}',
    "[1]",
    '{"op":"score","cards":["W","S"]}',
    '{"op":"phase","phase":11,"groups":[]}',
    '{"op":"hit","kind":"run","group":["R9","B10","Y11","G12"],"card":"W"}',
    '{"op":"find","phase":8,"hand":["R1"]}',
]
EXPECTED = [
    '{"ok":true}',
    '{"error":"request must be a JSON object, got an array"}',
    '{"points":40}',
    '{"error":"phase must be an integer from 1 to 10, got 11"}',
    '{"ok":true}',
    '{"groups":null}',
]


def test_run_answers_every_line_in_order_and_returns_0() -> None:
    code, lines = run_lines("\n".join(STREAM) + "\n")
    assert code == 0
    assert lines == EXPECTED


def test_run_answers_a_last_line_without_newline() -> None:
    assert run_lines("\n".join(STREAM)) == (0, EXPECTED)


def test_run_skips_blank_lines_silently() -> None:
    text = "\n\n" + "\n  \t\n".join(STREAM) + "\r\n\n   "
    assert run_lines(text) == (0, EXPECTED)


def test_run_on_empty_input_writes_nothing() -> None:
    assert run_lines("") == (0, [])


def test_run_accepts_windows_line_ends() -> None:
    assert run_lines("\r\n".join(STREAM) + "\r\n") == (0, EXPECTED)


def test_run_writes_compact_single_lines() -> None:
    out = io.StringIO()
    judge.run(io.StringIO('{"op":"find","phase":1,"hand":["R5","B5","G5","R7","B7","G7"]}'), out)
    assert out.getvalue() == '{"groups":[["R5","B5","G5"],["R7","B7","G7"]]}\n'


class FlushedOutput(io.StringIO):
    """Records what had been flushed, so a test sees what a reader would have seen."""

    def __init__(self) -> None:
        super().__init__()
        self.flushed = ""

    def flush(self) -> None:
        super().flush()
        self.flushed = self.getvalue()


class CheckingInput:
    """Before handing out each line, checks every earlier line was answered and flushed."""

    def __init__(self, lines: list[str], out: FlushedOutput) -> None:
        self.lines = lines
        self.out = out
        self.handed = 0

    def readline(self, limit: int = -1) -> str:
        if self.handed == len(self.lines):
            return ""
        assert self.out.flushed.count("\n") == self.handed, "an answer was not flushed in time"
        self.handed += 1
        return self.lines[self.handed - 1] + "\n"


def test_run_flushes_each_answer_before_reading_on() -> None:
    out = FlushedOutput()
    stdin = CheckingInput(STREAM, out)
    # run() reads its input a line at a time.
    assert judge.run(cast(TextIO, stdin), out) == 0
    assert stdin.handed == len(STREAM)
    assert out.flushed.splitlines() == EXPECTED


def test_run_survives_an_internal_error(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(request: dict[str, Any]) -> dict[str, Any]:
        raise KeyError("boom")

    monkeypatch.setitem(judge._OPS, "score", broken)
    code, lines = run_lines(
        '{"op":"score","cards":[]}\n{"op":"hit","kind":"set","group":["R1","B1"],"card":"W"}\n'
    )
    assert code == 0
    assert json.loads(lines[0])["error"].startswith("internal error: KeyError")
    assert lines[1] == '{"ok":true}'


class LazyInput:
    """Lines, some of them too long to hold: made as they are read, and every read checked
    to ask for a bounded number of characters."""

    def __init__(self, parts: list[tuple[str, int]]) -> None:
        self.text = iter(part * times for part, times in parts)
        self.pending = ""
        self.largest_read = 0

    def readline(self, limit: int = -1) -> str:
        assert 0 < limit <= judge.MAX_REQUEST_LENGTH + 2, "a read without a bound"
        self.largest_read = max(self.largest_read, limit)
        line = ""
        while len(line) < limit:
            if not self.pending:
                self.pending = next(self.text, "")
                if not self.pending:
                    break
            end = self.pending.find("\n")
            take = min(limit - len(line), len(self.pending) if end < 0 else end + 1)
            line, self.pending = line + self.pending[:take], self.pending[take:]
            if line.endswith("\n"):
                break
        return line


def test_a_request_over_the_size_limit_is_refused_and_the_next_one_answered() -> None:
    limit = judge.MAX_REQUEST_LENGTH
    score = '{"op":"score","cards":["W"]}'
    stdin = LazyInput(
        [
            # 3 MB of one line, made a chunk at a time as it is read
            *[("x", limit)] * 3,
            ("\n" + score + "\n", 1),
            # exactly at the limit, then one character over it, with Windows line ends
            ('{"op":"score","cards":[]}' + " " * (limit - 25) + "\r\n", 1),
            ('{"op":"score","cards":[]}' + " " * (limit - 24) + "\r\n", 1),
            (score, 1),
        ]
    )
    out = io.StringIO()
    assert judge.run(cast(TextIO, stdin), out) == 0
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert lines[1:] == [{"points": 25}, {"points": 0}, lines[3], {"points": 25}]
    for refused in (lines[0], lines[3]):
        assert refused["error"] == "request longer than 1000000 characters: not read, skipped"


# --- the real process -----------------------------------------------------------------------

needs_processes = pytest.mark.skipif(NO_PROCESSES, reason="no subprocesses in WebAssembly")


def process_env() -> dict[str, str]:
    env = dict(os.environ)
    # Unbuffered output would hide a missing flush.
    env.pop("PYTHONUNBUFFERED", None)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ENGINE), env.get("PYTHONPATH")]))
    return env


@needs_processes
@pytest.mark.parametrize("command", [["-m", "phase10.judge"], ["-m", "phase10", "judge"]])
def test_process_answers_the_stream(command: list[str]) -> None:
    result = subprocess.run(
        [sys.executable, *command],
        input="\n".join(STREAM) + "\n\n",
        capture_output=True,
        text=True,
        env=process_env(),
        timeout=60,
        check=False,
    )
    assert result.returncode == 0
    assert result.stdout.splitlines() == EXPECTED
    assert result.stderr == ""


@needs_processes
def test_process_answers_bytes_that_are_not_utf8() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "phase10.judge"],
        input=b'{"op":"score","cards":["\xff"]}\n{"op":"score","cards":["W"]}',
        capture_output=True,
        env=process_env(),
        timeout=60,
        check=False,
    )
    assert result.returncode == 0
    lines = result.stdout.decode("ascii").splitlines()
    assert "unknown card" in json.loads(lines[0])["error"]
    assert lines[1:] == ['{"points":25}']


@needs_processes
@pytest.mark.skipif(sys.platform == "win32", reason="select() on pipes is POSIX only")
def test_process_answers_each_line_before_the_next_arrives() -> None:
    import select

    process = subprocess.Popen(
        [sys.executable, "-m", "phase10.judge"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=process_env(),
    )
    assert process.stdin is not None and process.stdout is not None
    try:
        for request, expected in zip(STREAM, EXPECTED, strict=True):
            process.stdin.write(request + "\n")
            process.stdin.flush()
            # The input stays open: an answer can only come from a flush per line.
            ready, _, _ = select.select([process.stdout], [], [], 30)
            assert ready, f"no answer to {request}"
            assert process.stdout.readline() == expected + "\n"
        process.stdin.close()
        assert process.wait(timeout=30) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
