"""The Flip edition: every rule of flip-edition.txt and rulings 25-30, as tables.

Cards: a card as it lies is written face first, ``!`` on a side with the Flip
symbol, its other side after ``/`` (``R3!/1``); an action names a card as its
holder sees it, its face and Flip mark only (``R3!``).  Scenarios are written
in the engine's state notation (``edition=flip`` on the options line, ``side=``
on the game line).  Ids name the ruling (r25-r30) or the rulebook section.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest

from phase10 import judge
from phase10.actions import Discard, Draw, LayDown, NextHand, TakeDiscard, parse_action
from phase10.cards import (
    COLORS,
    NUMBERS,
    SKIP,
    WILD,
    Card,
    CardError,
    Side,
    all_faces,
    parse_card,
    parse_cards,
)
from phase10.finder import enumerate_laydowns, find_laydown
from phase10.game import apply, flip, hand_points, legal_actions, new_game, why_illegal
from phase10.groups import Group, can_form, group_problem, hit_ends, laydown_problem
from phase10.invariants import state_problems
from phase10.notation import format_state, parse_state
from phase10.rules import CLASSIC, EDITIONS, FLIP, FLIP_DECK_TABLE, GameConfig, GroupKind, Options, SetupError
from phase10.serialize import from_json, to_json
from phase10.state import Step
from support.engine.scenarios import check, illegal, play, scenario

FLIP_OPTIONS = Options(edition="flip")
COLOR_RUN = GroupKind.COLOR_RUN
SET = GroupKind.SET


def ask(request: dict[str, Any]) -> dict[str, Any]:
    return judge.answer(json.dumps(request))


def side_of(texts: list[str]) -> str:
    """The side a list of single faces is written on (Colour Side faces start with a letter)."""
    return "color" if any(text[0].isalpha() for text in texts) else "wild"


# --- faces and notation (rulings 25, 26) ----------------------------------------------------

FACE_CASES = [
    # text, side, fixed number, fixed colour, star, label
    ("R7", Side.COLOR, 7, "R", False, "Red 7"),
    ("G12", Side.COLOR, 12, "G", False, "Green 12"),
    ("B*", Side.COLOR, None, "B", True, "Blue Star"),
    ("7", Side.WILD, 7, None, False, "Wild 7"),
    ("12", Side.WILD, 12, None, False, "Wild 12"),
    ("*", Side.WILD, None, None, True, "Wild Star"),
]


@pytest.mark.parametrize(("text", "side", "number", "color", "star", "label"), FACE_CASES)
def test_faces_fix_what_ruling_26_says(
    text: str, side: Side, number: int | None, color: str | None, star: bool, label: str
) -> None:
    card = parse_card(text)
    assert card.side is side
    assert card.fixed_number == number
    assert (card.fixed_color.value if card.fixed_color else None) == color
    assert card.is_star is star
    assert card.is_numbered is (number is not None)
    assert card.label == label
    assert str(card) == text
    assert card.back is None and card.face == card and card.shown == card
    assert parse_card(text.lower()) == card


def test_every_face_and_every_deck_card_round_trips_through_its_text() -> None:
    for card in (*all_faces(), *FLIP.deck, *(card.turned() for card in FLIP.deck)):
        assert parse_card(str(card)) == card
        assert parse_card(str(card).lower()) == card


TWO_SIDED_CASES = [
    ("R3!/1", "R3!", "1", True, False),
    ("Y1/5!", "Y1", "5!", False, True),
    ("G7!/3!", "G7!", "3!", True, True),
    ("R*/*", "R*", "*", False, False),
    ("12/R7!", "12", "R7!", False, True),
]


@pytest.mark.parametrize(("text", "shown", "back", "face_flips", "back_flips"), TWO_SIDED_CASES)
def test_two_sided_cards(text: str, shown: str, back: str, face_flips: bool, back_flips: bool) -> None:
    card = parse_card(text)
    assert str(card.shown) == shown
    assert str(card.back) == back
    assert card.flips is face_flips
    assert card.turned().flips is back_flips
    assert str(card.turned()) == f"{back}/{shown}"
    assert card.turned().turned() == card
    assert card.facing(card.side) == card
    assert card.facing(card.side.other) == card.turned()
    assert card.face == parse_card(shown.rstrip("!"))


NOT_CARDS = [
    "R*!",
    "*!",
    "R7/B7",
    "7/3",
    "R7/W",
    "W/7",
    "R7/3/4",
    "R13",
    "13",
    "0",
    "R7!!",
    "**",
    "R7/",
    "/3",
]
NOT_CARDS.append("\uff327")  # a full-width R


@pytest.mark.parametrize("text", NOT_CARDS)
def test_texts_that_name_no_card(text: str) -> None:
    # Ruling 29: the Flip symbol is on numbered faces only; a card has one side of each kind.
    with pytest.raises(CardError):
        parse_card(text)


# --- the deck (ruling 29) -------------------------------------------------------------------


def test_the_deck_is_the_table_108_two_sided_cards_colour_side_up() -> None:
    assert Counter(FLIP.deck) == Counter(parse_cards(FLIP_DECK_TABLE))
    assert len(FLIP.deck) == 108
    for card in FLIP.deck:
        assert card.side is Side.COLOR
        assert card.back is not None and card.back.side is Side.WILD


@pytest.mark.parametrize("side", list(Side))
def test_each_side_has_96_numbered_cards_12_stars_and_8_flip_marks(side: Side) -> None:
    faces = [card.facing(side) for card in FLIP.deck]
    assert sum(card.is_numbered for card in faces) == 96
    assert sum(card.is_star for card in faces) == 12
    assert all(card.side is side for card in faces)
    flips = [card for card in faces if card.flips]
    assert len(flips) == 8
    assert all(card.is_numbered for card in flips)  # ruling 29: on numbered cards


def test_colour_side_numbers_are_4_colours_x_1_12_x_2() -> None:
    faces = Counter(card.face for card in FLIP.deck if card.is_numbered)
    assert faces == Counter({Card.number_card(color, n): 2 for color in COLORS for n in NUMBERS})


def test_wild_side_numbers_are_1_12_x_8_and_12_wild_stars() -> None:
    faces = Counter(card.turned().face for card in FLIP.deck)
    assert faces == Counter({**{parse_card(str(n)): 8 for n in NUMBERS}, parse_card("*"): 12})


def test_the_edition_is_data_next_to_classic() -> None:
    assert EDITIONS == {"classic": CLASSIC, "flip": FLIP}
    assert FLIP.two_sided and not CLASSIC.two_sided
    assert set(FLIP.kinds) == {SET, COLOR_RUN}
    assert FLIP.min_group_size == {SET: 2, COLOR_RUN: 2}
    assert WILD not in FLIP.deck and SKIP not in FLIP.deck  # ruling 28: no Skips (and no Wilds)
    assert Options(edition="flip").ruleset() is FLIP
    with pytest.raises(SetupError):
        Options(edition="flip", el_chavo=True)
    with pytest.raises(SetupError):
        Options(edition="backwards")


# --- groups (ruling 27) ---------------------------------------------------------------------

GROUP_CASES = [
    # Colour Side sets
    ("set", 2, "R7 B7", True, "two 7s"),
    ("set", 3, "R7 B7 G7", True, "set of 3 (rulebook: any three 7s)"),
    ("set", 1, "R7", False, "one card: sets are 2+"),
    ("set", 2, "R7 R*", True, "a Star is any number"),
    ("set", 3, "R7 B* G*", True, "Stars of any colour join a set"),
    ("set", 2, "R* B*", False, "Stars only: a numbered card is needed (r27)"),
    ("set", 2, "R7 B8", False, "two numbers"),
    ("set", 3, "R7 B7", False, "shorter than asked"),
    # Colour Side colour runs
    ("color_run", 2, "R3 R4", True, "red 3-4"),
    ("color_run", 3, "R4 R5 R6", True, "red 4, 5, 6 (rulebook)"),
    ("color_run", 3, "R6 R4 R5", True, "any order"),
    ("color_run", 1, "R3", False, "one card: colour runs are 2+"),
    ("color_run", 2, "R3 B4", False, "two colours"),
    ("color_run", 3, "R4 R* R6", True, "a red Star as the red 5 (rulebook)"),
    ("color_run", 3, "R4 B* R6", False, "a blue Star cannot be red (rulebook, r26)"),
    ("color_run", 2, "R3 R*", True, "a red Star extends a red run"),
    ("color_run", 2, "R* R*", False, "Stars only (r27)"),
    ("color_run", 3, "R11 R12 R*", True, "a Star below 11: run 10-12"),
    ("color_run", 2, "R12 R1", False, "no wrap-around 12 -> 1 (r27)"),
    ("color_run", 2, "R3 R3", False, "a number twice"),
    ("color_run", 2, "R3 R5", False, "a gap"),
    ("color_run", 12, "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12", True, "red 1-12"),
    ("color_run", 2, "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R*", False, "13 cards leave 1-12"),
    # Wild Side sets
    ("set", 2, "7 7", True, "Wild Side 7s"),
    ("set", 2, "7 *", True, "a Wild Side Star joins a set"),
    ("set", 6, "7 7 7 7 * *", True, "as many Stars as wanted"),
    ("set", 2, "* *", False, "Wild Side Stars only (r27)"),
    ("set", 2, "7 8", False, "two numbers, Wild Side"),
    # Wild Side colour runs: any colour, one for the whole run
    ("color_run", 3, "4 5 6", True, "4, 5, 6 all of one chosen colour"),
    ("color_run", 3, "4 * 6", True, "a Star in the gap"),
    ("color_run", 5, "1 * * * 5", True, "three Stars in the gaps"),
    ("color_run", 2, "* *", False, "Stars only, Wild Side"),
    ("color_run", 2, "12 1", False, "no wrap-around, Wild Side"),
    ("color_run", 2, "4 4", False, "a number twice, Wild Side"),
    ("color_run", 3, "11 12 *", True, "a Star below: run 10-12"),
    ("color_run", 12, "1 2 3 4 5 6 7 8 9 10 11 12", True, "1-12, Wild Side"),
    ("color_run", 2, "* 2 3 4 5 6 7 8 9 10 11 12 *", False, "13 cards, Wild Side"),
]


@pytest.mark.parametrize(
    ("kind", "size", "hand", "ok"), [c[:4] for c in GROUP_CASES], ids=[c[4] for c in GROUP_CASES]
)
def test_group(kind: str, size: int, hand: str, ok: bool) -> None:
    cards = parse_cards(hand)
    assert can_form(GroupKind(kind), cards, size, FLIP) is ok
    texts = hand.split()
    request = {
        "op": "group",
        "rules": "flip",
        "side": side_of(texts),
        "kind": kind,
        "size": size,
        "cards": texts,
    }
    assert ask(request) == {"ok": ok}


LAID_CASES = [
    # Laid groups keep their side (r25), so after hits across a flip a group may hold both sides.
    ("color_run", "R4 5 6", None, "a red 4 makes the Wild Side 5 and 6 red"),
    ("color_run", "4 5 R6", None, "a red 6 at the end"),
    ("color_run", "4 5 R*", None, "a red Star as 6"),
    ("color_run", "R4 5 B6", "mix colours", "red and blue"),
    ("color_run", "R* 5 *", None, "a red Star, a 5 and a Wild Side Star: red 4-6"),
    ("color_run", "6 5 4", "consecutive", "a run is listed low to high"),
    ("set", "R7 7 *", None, "a set of both sides"),
    ("set", "R* *", "numbered", "Stars of both sides only"),
    ("set", "R7 8", "one number", "a Colour 7 and a Wild Side 8"),
]


@pytest.mark.parametrize(("kind", "laid", "problem", "why"), LAID_CASES, ids=[c[3] for c in LAID_CASES])
def test_laid_groups_of_both_sides(kind: str, laid: str, problem: str | None, why: str) -> None:
    group = Group(GroupKind(kind), parse_cards(laid))
    found = group_problem(group, FLIP)
    if problem is None:
        assert found is None, found
    else:
        assert found is not None and problem in found


def test_a_wild_side_run_has_no_colour_until_a_colour_side_card_joins() -> None:
    run = Group(COLOR_RUN, parse_cards("4 5 6"))
    assert run.color is None
    assert run.describe() == "any-colour run 4-6"
    red = Group(COLOR_RUN, parse_cards("4 5 6 R7"))
    assert red.color is COLORS[0]
    assert red.describe() == "red run 4-7"
    assert red.number_at(0) == 4 and red.color is not None


# --- hits -----------------------------------------------------------------------------------

HIT_CASES = [
    # kind, laid group, side in play, card, ok
    ("color_run", "R4 R5 R6", "color", "R7", True, "a red 7 on red 4-6 (rulebook)"),
    ("color_run", "R4 R5 R6", "color", "R3", True, "a red 3 on the low end"),
    ("color_run", "R4 R5 R6", "color", "B7", False, "a blue 7 on a red run"),
    ("color_run", "R4 R5 R6", "color", "R*", True, "a red Star on a red run"),
    ("color_run", "R4 R5 R6", "color", "B*", False, "a blue Star on a red run (r26)"),
    ("color_run", "R4 R5 R6", "color", "R8", False, "a gap"),
    ("color_run", "R4 R5 R6", "color", "R5", False, "a number in the run"),
    ("color_run", "R4 R5 R6", "wild", "7", True, "a Wild Side 7 turns red on a red run"),
    ("color_run", "R4 R5 R6", "wild", "*", True, "a Wild Side Star on a red run"),
    ("color_run", "R4 R5 R6", "wild", "8", False, "a gap, Wild Side"),
    ("color_run", "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12", "color", "R*", False, "nothing on 1-12"),
    ("color_run", "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12", "wild", "*", False, "nothing on 1-12 (Wild)"),
    ("color_run", "R* R5 R6", "color", "R3", True, "the Star stands for 4: a 3 fits low"),
    ("color_run", "R* R5 R6", "color", "R4", False, "the Star already is the 4"),
    ("color_run", "4 5 6", "color", "R7", True, "a Wild Side run takes a red 7 after a flip"),
    ("color_run", "4 5 6", "color", "B3", True, "or a blue 3"),
    ("color_run", "4 5 6", "color", "G*", True, "or a green Star"),
    ("color_run", "4 5 6", "wild", "7", True, "a Wild Side run, Wild Side 7"),
    ("color_run", "R4 5 6", "color", "B7", False, "a red card made the Wild Side run red"),
    ("color_run", "R4 5 6", "color", "R7", True, "red stays red"),
    ("color_run", "R3 R4", "color", "R2", True, "a laid run of 2 takes hits"),
    ("color_run", "R4", "color", "R5", False, "one card is no laid colour run"),
    ("color_run", "R* R*", "color", "R5", False, "a laid run of Stars is not valid (r27)"),
    ("color_run", "R6 R5 R4", "color", "R7", False, "a run laid high to low is not valid"),
    ("set", "R7 B7", "color", "G7", True, "a 7 on 7s"),
    ("set", "R7 B7", "color", "G*", True, "a Star on a set"),
    ("set", "R7 B7", "color", "G8", False, "an 8 on 7s"),
    ("set", "R7 B7", "wild", "7", True, "a Wild Side 7 on Colour Side 7s"),
    ("set", "7 7", "color", "Y7", True, "a Colour Side 7 on Wild Side 7s"),
    ("set", "7 *", "wild", "*", True, "a Star on 7, Star"),
    ("set", "7 *", "wild", "8", False, "the Star is a 7 there"),
    ("set", "* *", "wild", "7", False, "a laid set of Stars is not valid (r27)"),
]


@pytest.mark.parametrize(
    ("kind", "laid", "side", "card", "ok"), [c[:5] for c in HIT_CASES], ids=[c[5] for c in HIT_CASES]
)
def test_hit(kind: str, laid: str, side: str, card: str, ok: bool) -> None:
    request = {"op": "hit", "rules": "flip", "side": side, "kind": kind, "group": laid.split(), "card": card}
    assert ask(request) == {"ok": ok}
    group = Group(GroupKind(kind), parse_cards(laid))
    if group_problem(group, FLIP) is None and len(group.cards) >= 2:
        assert bool(hit_ends(group, parse_card(card), FLIP)) is ok


# --- phases (rulebook list; ruling 27) ------------------------------------------------------

PHASE_CASES = [
    (1, ["R1 R2", "B5 B6"], True, "1: 2 colour runs of 2"),
    (1, ["1 2", "5 6"], True, "1: Wild Side"),
    (1, ["R1 R2", "B5 B5"], False, "1: a set is no colour run"),
    (1, ["R1 R2"], False, "1: one group"),
    (2, ["R1 R2", "B5 G5"], True, "2: colour run of 2 + set of 2"),
    (2, ["B5 G5", "R1 R2"], True, "2: groups in any order"),
    (2, ["R1 B2", "B5 G5"], False, "2: the run mixes colours"),
    (3, ["R1 R2", "B5 G5 Y5"], True, "3: colour run of 2 + set of 3"),
    (3, ["R1 R2", "B5 G5"], False, "3: set of 2"),
    (4, ["R4 R5 R6", "B9 G9"], True, "4: colour run of 3 + set of 2 (rulebook red 4, 5, 6)"),
    (4, ["4 * 6", "9 *"], True, "4: Wild Side with Stars"),
    (4, ["R4 R5", "B9 G9"], False, "4: colour run of 2"),
    (5, ["G1 G2 G3 G4", "R7 B7"], True, "5: colour run of 4 + set of 2"),
    (5, ["G1 G2 G3 Y4", "R7 B7"], False, "5: a yellow among greens"),
    (6, ["R1 R2 R3", "B10 B11 B12"], True, "6: 2 colour runs of 3"),
    (6, ["R1 R2 R3", "B10 B11"], False, "6: colour run of 2"),
    (7, ["Y7 Y8 Y9", "R3 B3 G3"], True, "7: colour run of 3 + set of 3"),
    (7, ["Y7 Y8 Y9", "R3 B3 G*"], True, "7: a Star in the set"),
    (7, ["Y7 Y8 Y9", "R* B* G*"], False, "7: a set of Stars (r27)"),
    (8, ["G5 G6 G7 G8 G9", "R3 B3"], True, "8: colour run of 5 + set of 2 (rulebook example)"),
    (8, ["G5 G6 G7 G8 G9", "R3 B4"], False, "8: no set"),
    (8, ["G6 G7 G8 G9", "R3 B3"], False, "8: green 6-9 without the 5"),
    (9, ["R1 R2", "B5 G5 Y5 R5"], True, "9: colour run of 2 + set of 4"),
    (9, ["R1 R2", "B5 G5 Y5"], False, "9: set of 3"),
    (10, ["R1 R2 R3", "B5 G5", "Y9 G9"], True, "10: colour run of 3 + 2 sets of 2"),
    (10, ["B5 G5", "Y9 G9", "R1 R2 R3"], True, "10: groups in any order"),
    (10, ["3 * 5", "* 9", "9 12 12"], False, "10: a set of 9 and 12"),
    (10, ["3 * 5", "* 9", "12 12"], True, "10: Wild Side"),
    (10, ["R1 R2 R3", "B5 G5"], False, "10: only two groups"),
    (10, ["R1 R2 R3", "B5 G5", "Y9 G9", "R7 B7"], False, "10: four groups"),
]


@pytest.mark.parametrize(
    ("phase", "groups", "ok"), [c[:3] for c in PHASE_CASES], ids=[c[3] for c in PHASE_CASES]
)
def test_phase(phase: int, groups: list[str], ok: bool) -> None:
    texts = [group.split() for group in groups]
    side = side_of([text for group in texts for text in group])
    assert ask({"op": "phase", "phase": phase, "rules": "flip", "side": side, "groups": texts}) == {"ok": ok}
    hand = [card for group in groups for card in parse_cards(group)]
    if ok:  # the finder finds a lay-down in the same cards (maybe another one)
        assert find_laydown(hand, FLIP.phase(phase), FLIP) is not None


def test_every_phase_is_the_rulebooks() -> None:
    assert [phase.describe() for phase in FLIP.phases] == [
        "2 colour runs of 2",
        "1 colour run of 2 + 1 set of 2",
        "1 colour run of 2 + 1 set of 3",
        "1 colour run of 3 + 1 set of 2",
        "1 colour run of 4 + 1 set of 2",
        "2 colour runs of 3",
        "1 colour run of 3 + 1 set of 3",
        "1 colour run of 5 + 1 set of 2",
        "1 colour run of 2 + 1 set of 4",
        "1 colour run of 3 + 2 sets of 2",
    ]


FIND_CASES = [
    (1, "color", "R1 R2 B5 B6 Y9 G11", True, "phase 1"),
    (8, "color", "R3 B3 G6 G7 G8 G9 G*", True, "phase 8: the rulebook example, a Star as green 5"),
    (8, "color", "R3 B3 G6 G7 G8 G9 R*", False, "phase 8: a red Star cannot be green"),
    (10, "wild", "7 7 1 * 4 5 9 12", False, "phase 10: one set only"),
    (10, "wild", "7 7 1 * 4 5 9 9 12", True, "phase 10: Wild Side, a Star in the run"),
    (10, "color", "R1 R2 R3 B5 G5 Y9 G9 Y*", True, "phase 10: three groups"),
    (6, "wild", "* * * *", False, "phase 6: Stars only (r27)"),
    (9, "color", "R1 R* B5 G5 Y5 Y*", True, "phase 9: a Star in each group"),
]


@pytest.mark.parametrize(
    ("phase", "side", "hand", "ok"), [c[:4] for c in FIND_CASES], ids=[c[4] for c in FIND_CASES]
)
def test_find(phase: int, side: str, hand: str, ok: bool) -> None:
    answer = ask({"op": "find", "phase": phase, "rules": "flip", "side": side, "hand": hand.split()})
    if not ok:
        assert answer == {"groups": None}
        return
    found = answer["groups"]
    assert found is not None
    specs = FLIP.phase(phase).groups
    assert len(found) == len(specs)
    assert not Counter(c for g in found for c in g) - Counter(hand.split())
    for group, spec in zip(found, specs, strict=True):  # in the phase's order, runs low to high
        laid = Group(spec.kind, parse_cards(" ".join(group)))
        assert len(group) >= spec.size and group_problem(laid, FLIP) is None, (group, spec)
    assert ask({"op": "phase", "phase": phase, "rules": "flip", "side": side, "groups": found}) == {
        "ok": True
    }


# --- scoring (ruling 28) --------------------------------------------------------------------

SCORE_CASES = [
    ("color", "", 0),
    ("color", "R1 B9", 10),
    ("color", "R10 G12", 20),
    ("color", "R* B*", 40),
    ("wild", "1 9 10 12 *", 50),
    ("color", "r1 r* y12", 35),
]


@pytest.mark.parametrize(("side", "hand", "points"), SCORE_CASES)
def test_score(side: str, hand: str, points: int) -> None:
    assert ask({"op": "score", "rules": "flip", "side": side, "cards": hand.split()}) == {"points": points}


def test_points_are_those_of_the_side_in_play() -> None:
    for card in FLIP.deck:
        for shown in (card, card.turned()):
            want = 20 if shown.is_star else 5 if shown.number <= 9 else 10
            assert FLIP.points(shown) == want
    # B6!/12: a Colour Side 6 (5 points) with a Wild Side 12 (10 points) behind it.
    card = parse_card("B6!/12")
    assert (FLIP.points(card), FLIP.points(card.turned())) == (5, 10)


# --- the judge's words for flip ---------------------------------------------------------------

JUDGE_ERRORS = [
    ({"op": "score", "rules": "flip", "cards": []}, "missing field 'side' for op 'score'"),
    ({"op": "score", "rules": "flip", "side": "colour", "cards": []}, "unknown side 'colour'"),
    ({"op": "score", "rules": "flip", "side": None, "cards": []}, "unknown side null"),
    ({"op": "score", "rules": "classic", "side": "color", "cards": []}, "side is only for the flip rules"),
    ({"op": "score", "rules": "flip", "side": "wild", "cards": ["R7"]}, "'R7' is a Colour Side card"),
    ({"op": "score", "rules": "flip", "side": "color", "cards": ["7"]}, "'7' is a Wild Side card"),
    ({"op": "score", "rules": "flip", "side": "color", "cards": ["*"]}, "cards[0]: '*' is a Wild Side"),
    ({"op": "score", "rules": "flip", "side": "wild", "cards": ["R*"]}, "'R*' is a Colour Side card"),
    (
        {"op": "score", "rules": "flip", "side": "color", "cards": ["W"]},
        "the flip rules have no Wild or Skip",
    ),
    (
        {"op": "score", "rules": "flip", "side": "color", "cards": ["s"]},
        "the flip rules have no Wild or Skip",
    ),
    ({"op": "score", "rules": "flip", "side": "color", "cards": ["R7/3"]}, "names both sides of a card"),
    ({"op": "score", "rules": "flip", "side": "color", "cards": ["R7!"]}, "without the Flip mark"),
    ({"op": "score", "rules": "flip", "side": "wild", "cards": ["*!"]}, "without the Flip mark"),
    ({"op": "score", "rules": "flip", "side": "color", "cards": ["R13"]}, "unknown card 'R13'"),
    ({"op": "score", "rules": "flip", "side": "color", "cards": [7]}, "unknown card 7"),
    ({"op": "score", "rules": "flip", "side": "color", "cards": "R7"}, 'like ["R7","R*"]'),
    (
        {"op": "group", "rules": "flip", "side": "color", "kind": "run", "size": 2, "cards": []},
        "unknown kind 'run'",
    ),
    (
        {"op": "group", "rules": "flip", "side": "color", "kind": "color", "size": 2, "cards": []},
        "set or color_run",
    ),
    ({"op": "group", "kind": "color_run", "size": 2, "cards": []}, "expected set, run or color"),
    (
        {"op": "hit", "rules": "flip", "side": "wild", "kind": "set", "group": ["7", "7"], "card": "R7"},
        "card: 'R7'",
    ),
    (
        {"op": "hit", "rules": "flip", "side": "wild", "kind": "set", "group": ["7", "W"], "card": "7"},
        "group[1]",
    ),
    ({"op": "phase", "phase": 1, "rules": "flip", "side": "color", "groups": [["R1", "2"]]}, "groups[0][1]"),
    ({"op": "find", "phase": 11, "rules": "flip", "side": "color", "hand": []}, "from 1 to 10, got 11"),
    ({"op": "find", "phase": 1, "rules": "flip", "hand": []}, "missing field 'side' for op 'find'"),
]


@pytest.mark.parametrize(("request_", "message"), JUDGE_ERRORS, ids=[m for _, m in JUDGE_ERRORS])
def test_judge_refuses_what_the_side_in_play_does_not_show(request_: dict[str, Any], message: str) -> None:
    response = ask(request_)
    assert list(response) == ["error"], response
    assert message in response["error"]


def test_judge_flip_stream() -> None:
    import io

    lines = [
        '{"op":"group","rules":"flip","side":"wild","kind":"color_run","size":3,"cards":["4","*","6"]}',
        '{"op":"score","rules":"flip","side":"wild","cards":["*","12"]}',
        '{"op":"hit","rules":"flip","side":"color","kind":"color_run","group":["4","5"],"card":"B6"}',
        '{"op":"find","rules":"flip","side":"color","phase":2,"hand":["R1","R2","B5","G5"]}',
    ]
    out = io.StringIO()
    assert judge.run(io.StringIO("\n".join(lines)), out) == 0
    assert out.getvalue().splitlines() == [
        '{"ok":true}',
        '{"points":30}',
        '{"ok":true}',
        '{"groups":[["R1","R2"],["B5","G5"]]}',
    ]


# --- the flip (rulings 25, 30) --------------------------------------------------------------

WATCHER = "Y11/5 Y11/9 G11/7 G11/5 Y10/6 Y10/11 G10/7 G10/3 Y8/8 Y8/2"


def table(
    ann: str,
    *,
    bo: str = WATCHER,
    discard: str = "G8/12",
    side: str = "color",
    phase: int = 1,
    step: str = "play",
    bo_phase: int = 1,
    extra: str = "",
) -> str:
    """Ann (seat 0) to play; Bo (seat 1) next.  ``ann`` and ``bo``: a hand line
    and any group lines, separated by ``;``."""

    def seat(n: int, name: str, text: str, phase_index: int) -> list[str]:
        hand, *groups = (part.strip() for part in text.split(";"))
        return [
            f'seat {n} "{name}" phase-index={phase_index}',
            f"  hand: {hand}",
            *[f"  group: {g}" for g in groups],
        ]

    return "\n".join(
        [
            f"game seed=100 dealer=1 current=0 step={step} side={side} {extra}".rstrip(),
            "options edition=flip",
            *seat(0, "Ann", ann, phase - 1),
            *seat(1, "Bo", bo, bo_phase - 1),
            f"discard: {discard}",
        ]
    )


ANN = "R4/1 R5/10 B2/7 B3/2 R3!/1 G6/2 G6/9 Y6/1 Y6/9 B9/* B9/11"


def test_a_flip_card_discarded_turns_the_piles_and_every_hand_but_not_laid_phases() -> None:
    state = scenario(table(ANN))
    state = play(state, ["lay color_run:R4,R5 color_run:B2,B3"])
    before = state
    state = play(state, ["discard R3!"])
    check(state, ["current=1", "step=draw", "discard=1/R3! 12/G8", "discard.top=12/G8"])
    assert state.side is Side.WILD
    # the discard pile turned over: the card just played is now at the bottom
    assert state.discard_pile == tuple(
        c.turned() for c in reversed((*before.discard_pile, parse_card("R3!/1")))
    )
    # the draw pile turned over: its bottom card is now on top, other side up
    assert state.draw_pile == tuple(c.turned() for c in reversed(before.draw_pile))
    assert state.draw_pile[-1] == before.draw_pile[0].turned()
    # every hand turned
    for seat in (0, 1):
        want = sorted(c.turned() for c in before.players[seat].hand if str(c) != "R3!/1")
        assert sorted(state.players[seat].hand) == want
    check(state, ["seat1.hand=5/Y11 9/Y11 7/G11 5/G11 6/Y10 11/Y10 7/G10 3/G10 8/Y8 2/Y8"])
    # laid phases stay as they were
    assert state.players[0].groups == before.players[0].groups
    assert [str(g) for g in state.players[0].groups] == ["color_run:B2/7,B3/2", "color_run:R4/1,R5/10"]


def test_a_discard_without_the_flip_symbol_turns_nothing() -> None:
    state = play(scenario(table(ANN)), ["lay color_run:R4,R5 color_run:B2,B3", "discard G6"])
    assert state.side is Side.COLOR
    check(state, ["discard=G8/12 G6/2"])


def test_a_flip_mark_on_the_back_does_nothing_until_its_side_is_up() -> None:
    # Y1/5!: the Flip symbol is on the Wild Side 5, not on the Colour Side Y1.
    ann = "Y1/5! R4/1 R5/10 B2/7 B3/2 G6/2 G6/9 Y6/1 Y6/9 B9/* B9/11"
    state = play(scenario(table(ann)), ["lay color_run:R4,R5 color_run:B2,B3", "discard Y1"])
    assert state.side is Side.COLOR
    check(state, ["discard.top=Y1/5!"])
    # On the Wild Side the same card flips the table back.
    wild_ann = "5!/Y1 1/R4 10/R5 7/B2 2/B3 2/G6 9/G6 1/Y6 9/Y6 */B9 11/B9"
    wild_bo = "5/Y11 9/Y11 7/G11 5/G11 6/Y10 11/Y10 7/G10 3/G10 8/Y8 2/Y8"
    state = scenario(table(wild_ann, side="wild", discard="12/G8", bo=wild_bo))
    state = play(state, ["discard 5!"])
    assert state.side is Side.COLOR
    check(state, ["discard=Y1/5! G8/12", "seat1.hand=" + WATCHER])


def test_the_wild_side_then_a_flip_back_and_a_wild_side_run_taking_a_colour_side_hit() -> None:
    # Bo plays the Wild Side: lays 5,6 and 7,8 (any colour), hits on Ann's red run, then
    # discards a Flip card; on the Colour Side Ann hits a blue 9 on Bo's Wild Side run.
    bo = "Y11/5 Y11/9 G11/7 G11/5 Y10/6 Y10/11 G10/7 Y8/8 B5/6! Y5/8!"
    state = scenario(table(ANN, bo=bo))
    state = play(state, ["lay color_run:R4,R5 color_run:B2,B3", "discard R3!"])
    assert state.side is Side.WILD
    check(state, ["seat1.hand=5/Y11 9/Y11 7/G11 5/G11 6/Y10 11/Y10 7/G10 8/Y8 6!/B5 8!/Y5"])
    state = play(state, ["draw", "lay color_run:5,6 color_run:7,8"])
    check(state, ["seat1.group0=color_run:5/Y11,6/Y10", "seat1.group1=color_run:7/G10,8/Y8"])
    assert state.players[1].groups[1].color is None
    state = play(state, ["hit 6! @0:1 high"])  # a Wild Side 6 on Ann's red 4-5 stands for the red 6
    check(state, ["seat0.group1=color_run:R4/1,R5/10,6!/B5"])
    illegal(state, "hit 9 @0:1 high", "does not fit")  # the red 7 is next
    state = play(state, ["discard 8!"])  # the Flip symbol on the Wild Side 8: back to the Colour Side
    assert state.side is Side.COLOR
    check(state, ["seat0.hand=G6/2 G6/9 Y6/1 Y6/9 B9/* B9/11", "discard=Y5/8! G8/12 R3!/1"])
    check(state, ["seat1.group1=color_run:7/G10,8/Y8", "seat0.group1=color_run:R4/1,R5/10,6!/B5"])
    state = play(state, ["draw"])
    assert why_illegal(state, parse_action("hit G6 @1:1 low")) is None  # 7-8 has no colour yet
    state = play(state, ["hit B9 @1:1 high"])
    laid = state.players[1].groups[1]
    assert str(laid) == "color_run:7/G10,8/Y8,B9/11"  # of B9/11 and B9/*, the first in hand order
    assert laid.describe() == "blue run 7-9"
    assert hit_ends(laid, parse_card("B10"), FLIP) and not hit_ends(laid, parse_card("G10"), FLIP)
    assert hit_ends(laid, parse_card("B6"), FLIP) and not hit_ends(laid, parse_card("Y6"), FLIP)
    illegal(state, "hit G6 @1:1 low", "does not fit")


def test_a_flip_card_turned_up_at_the_deal_does_nothing() -> None:
    # Ruling 30: the side stays the Colour Side, every card in hand and pile shows it.
    for seed in range(2000):
        state = new_game(GameConfig(("Ann", "Bo", "Cy"), seed, FLIP_OPTIONS))
        if state.discard_top is not None and state.discard_top.flips:
            break
    else:  # pragma: no cover
        raise AssertionError("no deal turns up a Flip card")
    assert state.side is Side.COLOR
    held = [*state.draw_pile, *state.discard_pile, *(c for p in state.players for c in p.hand)]
    assert all(card.side is Side.COLOR for card in held)
    # Taking it does not flip either: only a discard does.
    state = apply(state, TakeDiscard())
    assert state.side is Side.COLOR


GOING_OUT = """
game seed=100 dealer=1 current=0 step=play side=color turns=5
options edition=flip
seat 0 "Ann"
  hand: R3!/1
  group: color_run:R1/2,R2/10
  group: color_run:B1!/8,B*/1
seat 1 "Bo"
  hand: Y11/5 Y11/9 G11/7 G11/5 Y10/6 Y10/11 G10/7 G10/3 Y8/8 Y8/2
discard: G8/12
"""


def test_going_out_with_a_flip_card_flips_before_the_hand_is_scored() -> None:
    state = play(scenario(GOING_OUT), ["discard R3!"])
    assert state.side is Side.WILD
    # Bo's hand on the Wild Side: 5 9 7 5 6 11 7 3 8 2 is nine 1-9 cards (45) and an 11 (10).
    check(state, ["step=hand-over", "last.out=0", "last.points=0,55", "seat1.score=55", "seat0.phase=2"])
    # On the Colour Side the same hand is eight 10-12 cards and two 8s: 90.
    assert hand_points(state, [card.turned() for card in state.players[1].hand]) == 90


def test_a_hand_ending_on_the_colour_side_scores_the_colour_side() -> None:
    state = play(scenario(GOING_OUT.replace("R3!/1", "R3/8")), ["discard R3"])
    assert state.side is Side.COLOR
    check(state, ["last.points=0,90"])


def test_a_new_hand_is_dealt_colour_side_up() -> None:
    state = play(scenario(GOING_OUT), ["discard R3!"])
    assert state.side is Side.WILD and state.step is Step.HAND_OVER
    state = play(state, ["next"])
    assert state.side is Side.COLOR and state.step is Step.DRAW
    held = [*state.draw_pile, *state.discard_pile, *(c for p in state.players for c in p.hand)]
    assert all(card.side is Side.COLOR for card in held)
    assert Counter(held) == Counter(FLIP.deck)


RESHUFFLE = """
game seed=100 dealer=1 current=0 step=play side=wild turns=40
options edition=flip
seat 0 "Ann"
  hand: 2/G6 9/G6 1/Y6 9/Y6 */B9 11/B9 10/R5 1/R4 8/R3 2/B3 7/B2
seat 1 "Bo"
  hand: 5/Y11 9/Y11 7/G11 5/G11 6/Y10 11/Y10 7/G10 3/G10 8/Y8 2/Y8
discard: 12/G8
"""


def test_reshuffling_the_discard_pile_keeps_the_side_in_play() -> None:
    # The discard pile becomes the draw pile as it lies: the Wild Side stays up (ruling 10, r25).
    state = scenario(RESHUFFLE)
    # Every card of the draw pile under the discard pile's top: the next turn must reshuffle.
    state = replace(state, discard_pile=(*state.draw_pile, *state.discard_pile), draw_pile=())
    assert not state_problems(state), state_problems(state)
    state = play(state, ["discard 7"])
    assert state.side is Side.WILD and state.step is Step.DRAW and state.current == 1
    assert len(state.draw_pile) > 80 and len(state.discard_pile) == 1
    held = [*state.draw_pile, *state.discard_pile, *(c for p in state.players for c in p.hand)]
    assert all(card.side is Side.WILD for card in held)


def test_flip_itself_twice_is_the_same_table() -> None:
    state = new_game(GameConfig(("Ann", "Bo", "Cy"), 5, FLIP_OPTIONS))
    once = flip(state)
    assert once.side is Side.WILD
    assert flip(once) == state


# --- illegal actions name the reason and leave the state unchanged -------------------------

REFUSALS = [
    (
        ANN,
        ["lay color_run:R4,R5 color_run:B2,B3"],
        "discard 1",
        "you do not hold 1",
        "r25: a Wild Side face on the Colour Side",
    ),
    (ANN, [], "discard R3!/1", "you do not hold R3!/1", "actions name the face only"),
    (ANN, [], "discard R3", "you do not hold R3", "the Flip mark belongs to the face"),
    (ANN, [], "lay color_run:R4,B5 color_run:B2,B3", "do not hold", "not held"),
    (ANN, [], "lay color_run:R4,R5 set:G6,Y6", "do not make phase 1", "phase 1 is two colour runs"),
    (ANN, [], "lay run:R4,R5 color_run:B2,B3", "do not make phase 1", "classic kinds are not Flip groups"),
    (ANN, [], "lay color_run:R4,R5", "2 group(s), not 1", "one group"),
    (ANN, [], "hit R3! @0:0 high", "lay down your own phase before hitting", "no hit before laying"),
    (ANN, [], "draw", "already drawn", "one draw a turn"),
]


@pytest.mark.parametrize(
    ("ann", "before", "bad", "reason"), [c[:4] for c in REFUSALS], ids=[c[4] for c in REFUSALS]
)
def test_refusals(ann: str, before: list[str], bad: str, reason: str) -> None:
    state = play(scenario(table(ann)), before)
    illegal(state, bad, reason)


def test_a_group_of_stars_is_refused_with_the_reason() -> None:
    ann = "R*/1 R*/* B2/7 B3/2 R3!/1 G6/2 G6/9 Y6/1 Y6/9 B9/* B9/11"
    state = scenario(table(ann))
    illegal(state, "lay color_run:R*,R* color_run:B2,B3", "numbered card")
    assert not any(
        LayDown.of(("color_run", "R* R*"), ("color_run", "B2 B3")) == a for a in legal_actions(state)
    )


def test_cards_that_look_alike_to_their_holder_are_played_first_in_hand_order() -> None:
    # G6/2 and G6/9 both show G6 to Ann: the first in hand order goes.
    state = play(scenario(table(ANN)), ["lay color_run:R4,R5 color_run:B2,B3", "discard G6"])
    check(state, ["discard.top=G6/2", "seat0.hand=G6/9 Y6/1 Y6/9 B9/* B9/11 R3!/1"])
    assert LayDown.of(("color_run", "R4 R5"), ("color_run", "B2 B3")).cards == parse_cards("B2 B3 R4 R5")


def test_legal_actions_name_cards_as_their_holder_sees_them() -> None:
    state = scenario(table(ANN))
    for action in legal_actions(state):
        for card in getattr(action, "cards", ()) or ((action.card,) if hasattr(action, "card") else ()):
            assert card.back is None, action
    assert Discard(parse_card("G6")) in legal_actions(state)
    assert Discard(parse_card("R3!")) in legal_actions(state)
    assert all(isinstance(a, LayDown | Discard) for a in legal_actions(state))
    assert Draw() not in legal_actions(state) and NextHand() not in legal_actions(state)


def test_enumerated_laydowns_of_a_wild_side_hand() -> None:
    hand = parse_cards("4 5 * 9 9")
    laydowns = list(enumerate_laydowns(hand, FLIP.phase(4), FLIP))
    assert laydowns
    for groups in laydowns:
        assert laydown_problem(groups, FLIP.phase(4), FLIP) is None


# --- save, load and notation ------------------------------------------------------------------


def test_a_flip_state_round_trips_through_json_and_notation() -> None:
    # A save must be a reachable state: Bo (seat 1) dealt this first hand, so he was the first dealer.
    state = play(
        scenario(table(ANN, extra="first-dealer=1")), ["lay color_run:R4,R5 color_run:B2,B3", "discard R3!"]
    )
    assert from_json(to_json(state)) == state
    assert parse_state(format_state(state)) == state
    assert "side=wild" in format_state(state) and "edition=flip" in format_state(state)
    data = json.loads(to_json(state))
    assert data["side"] == "wild" and data["config"]["options"]["edition"] == "flip"


def test_a_classic_save_without_edition_or_side_loads_as_classic() -> None:
    state = new_game(GameConfig(("Ann", "Bo"), 1))
    data = json.loads(to_json(state))
    del data["side"]
    del data["config"]["options"]["edition"]
    loaded = from_json(json.dumps(data))
    assert loaded == state and loaded.config.options.edition == "classic" and loaded.side is Side.COLOR
