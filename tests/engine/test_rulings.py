"""Table-driven tests for rulings 1-24 of docs/rulings.md (the classic game and the
El Chavo option).

Each table row is named after the ruling it checks ("r5-...") and, where a
rulebook makes the same point, after the rulebook section too.  The tests say
what the rules say; where the engine disagrees the row is marked
``xfail(strict=True, reason="ENGINE BUG: ...")``.

Abbreviations in ids and comments: reizen = classic-reizen.txt, 25th =
classic-25th-anniversary.txt, nam = classic-nam.txt, chavo =
el-chavo-edition-bilingual.txt.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from phase10.actions import Discard, Draw, Hit, LayDown, NextHand, TakeDiscard
from phase10.cards import COLORS, NUMBERS, SKIP, WILD, Card, CardError, parse_card
from phase10.finder import enumerate_laydowns, find_laydown
from phase10.game import apply, hand_points, legal_actions, new_game, skip_targets, why_illegal
from phase10.groups import End, can_form, group_problem, hit_ends, laydown_problem
from phase10.invariants import state_problems
from phase10.rules import CLASSIC, GameConfig, GroupKind, Options, SetupError
from phase10.state import GameState, Step
from support.engine.scenarios import cards, check, find_seed, group, illegal, play, scenario

SET, RUN, COLOR = GroupKind.SET, GroupKind.RUN, GroupKind.COLOR

# =============================================================================================
# Ruling 1: the deck
# =============================================================================================

DECK = Counter(CLASSIC.deck)


@pytest.mark.parametrize(
    ("what", "count", "expected"),
    [
        pytest.param("all cards", len(CLASSIC.deck), 108, id="r1-108-cards"),
        pytest.param("wild", DECK[WILD], 8, id="r1-8-wilds"),
        pytest.param("skip", DECK[SKIP], 4, id="r1-4-skips"),
        pytest.param("numbered", sum(n for c, n in DECK.items() if c.is_natural), 96, id="r1-96-numbered"),
        *[
            pytest.param(
                color.label,
                sum(n for c, n in DECK.items() if c.is_natural and c.color is color),
                24,
                id=f"r1-24-{color.label.lower()}-reizen-contents",
            )
            for color in COLORS
        ],
        pytest.param("colours", len(COLORS), 4, id="r1-four-colours"),
        pytest.param("numbers", len(NUMBERS), 12, id="r1-numbers-1-to-12"),
    ],
)
def test_r1_deck_counts(what: str, count: int, expected: int) -> None:
    assert count == expected, what


@pytest.mark.parametrize("number", list(NUMBERS), ids=lambda n: f"r1-two-of-each-colour-{n}")
def test_r1_each_number_twice_in_each_colour(number: int) -> None:
    for color in COLORS:
        assert DECK[Card.number_card(color, number)] == 2


@pytest.mark.parametrize("text", ["R0", "R13", "B20", "X5", "T", "13"], ids=lambda t: f"r1-no-card-{t}")
def test_r1_cards_outside_the_deck_do_not_exist(text: str) -> None:
    # reizen HITTING prints a garbled "T" and "13": no such card exists (25th reads 7 and 8).
    with pytest.raises(CardError):
        parse_card(text)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6], ids=lambda n: f"reizen-deal-{n}-players")
def test_r1_deal_ten_each_one_up_rest_to_draw(players: int) -> None:
    # reizen BEFORE PLAY: 10 cards each, one card turned up, the rest face down.
    names = tuple(f"P{i}" for i in range(players))
    state = new_game(GameConfig(names, seed=42))
    for player in state.players:
        held = len(player.hand) + (1 if player is state.player and state.step is Step.PLAY else 0)
        assert held == 10
    assert len(state.discard_pile) == 1
    assert len(state.draw_pile) == 108 - 10 * players - 1
    every = Counter(state.draw_pile) + Counter(state.discard_pile)
    for player in state.players:
        every.update(player.hand)
    assert every == DECK


@pytest.mark.parametrize("players", [1, 7], ids=lambda n: f"reizen-players-2-to-6-not-{n}")
def test_r1_two_to_six_players(players: int) -> None:
    with pytest.raises(SetupError):
        GameConfig(tuple(f"P{i}" for i in range(players)), seed=1)


# =============================================================================================
# Ruling 2: sets, runs and colour groups; a phase's sizes are minimums
# =============================================================================================

R2_CAN_FORM = [
    # (kind, cards, size, ok)
    (SET, "R7 B7", 2, True, "r2-set-of-two"),
    (SET, "R7", 1, False, "r2-one-card-is-no-set"),
    (SET, "R7 B7 G7", 3, True, "r2-set-any-colours-reizen-sets"),
    (SET, "R10 B10 G10 Y10 R10 B10", 3, True, "r2-set-larger-than-asked"),
    (SET, "R7 B7 G8", 3, False, "r2-set-mixed-numbers"),
    (SET, "R7 B7", 3, False, "r2-set-too-small-for-3"),
    (RUN, "R3 B4 G5 Y6", 4, True, "r2-run-any-colours-reizen-runs"),
    (RUN, "Y6 R3 G5 B4", 4, True, "r2-run-cards-in-any-order"),
    (RUN, "R3 R4 R5", 3, False, "r2-three-cards-is-no-run"),
    (RUN, "R3 R4 R5 R6 R7 R8", 4, True, "r2-run-longer-than-asked"),
    (RUN, "R3 R4 R5 R7", 4, False, "r2-run-with-a-gap"),
    (RUN, "R3 R4 R4 R5 R6", 4, False, "r2-run-repeats-a-number"),
    (RUN, "R3 R4 R5 R6", 5, False, "r2-run-too-short-for-5"),
    (COLOR, "G1 G12 G5 G5 G9 G2 G7", 7, True, "r2-colour-numbers-free-reizen-one-colour"),
    (COLOR, "R1 R2 R3 R4 R5 R6 R7", 7, True, "r2-colour-red"),
    (COLOR, "G1 G12 G5 G5 G9 G2 B7", 7, False, "r2-colour-mixed"),
    (COLOR, "G1 G12 G5 G5 G9 G2", 7, False, "r2-colour-too-few"),
    (COLOR, "G1 G2 G3 G4 G5 G6 G7 G8 G9", 7, True, "r2-colour-more-than-asked"),
]


@pytest.mark.parametrize(
    ("kind", "text", "size", "ok"),
    [pytest.param(k, t, s, ok, id=i) for k, t, s, ok, i in R2_CAN_FORM],
)
def test_r2_groups(kind: GroupKind, text: str, size: int, ok: bool) -> None:
    assert can_form(kind, cards(text), size, CLASSIC) is ok


R2_SIZES_ARE_MINIMUMS = [
    (1, [("set", "R4 B4 G4 Y4"), ("set", "R9 B9 G9")], "r2-p1-set-of-4-counts-as-3"),
    (2, [("set", "R4 B4 G4"), ("run", "R5 B6 G7 Y8 R9 B10")], "r2-p2-run-of-6-counts-as-4"),
    (4, [("run", "R1 B2 G3 Y4 R5 B6 G7 Y8 R9 B10 G11 Y12")], "r2-p4-run-of-12"),
    (8, [("color", "G1 G2 G3 G4 G5 G6 G7 G8 G9")], "r2-p8-nine-greens"),
    (9, [("set", "R4 B4 G4 Y4 R4 B4"), ("set", "R9 B9 G9")], "r2-p9-6-and-3"),
    (10, [("set", "R4 B4 G4 Y4 R4 B4"), ("set", "R9 B9 G9 Y9")], "r2-p10-6-and-4"),
]


@pytest.mark.parametrize(("phase", "groups"), [pytest.param(p, g, id=i) for p, g, i in R2_SIZES_ARE_MINIMUMS])
def test_r2_phase_sizes_are_minimums(phase: int, groups: list[tuple[str, str]]) -> None:
    laid = [group(kind, text) for kind, text in groups]
    assert laydown_problem(laid, CLASSIC.phase(phase), CLASSIC) is None


# =============================================================================================
# Ruling 3: Wilds stand for anything, but never alone
# =============================================================================================

R3_GROUPS = [
    # (kind, cards as laid, valid)
    ("set", "W W", False, "r3-two-wilds-no-set"),
    ("set", "W W W W W", False, "r3-five-wilds-no-set"),
    ("run", "W W W W", False, "r3-four-wilds-no-run"),
    ("color", "W W W W W W W", False, "r3-seven-wilds-no-colour"),
    ("set", "R7 W", True, "r3-wild-as-number-in-set"),
    ("set", "R9 W W W W", True, "r3-many-wilds-one-natural-reizen-wild"),
    ("run", "R3 R4 W R6", True, "r3-wild-as-5-reizen-wild-example"),
    ("run", "W W W R4 W W W", True, "r3-run-mostly-wilds"),
    ("color", "G1 G3 G5 G7 G9 G11 W", True, "r3-wild-as-green-reizen-wild-example"),
    ("color", "B1 W W W W W W", True, "r3-colour-one-natural"),
]


@pytest.mark.parametrize(("kind", "text", "valid"), [pytest.param(k, t, v, id=i) for k, t, v, i in R3_GROUPS])
def test_r3_wilds_in_groups(kind: str, text: str, valid: bool) -> None:
    assert (group_problem(group(kind, text), CLASSIC) is None) is valid
    assert (
        can_form(GroupKind(kind), cards(text), 2 if kind == "set" else 4 if kind == "run" else 1, CLASSIC)
        is valid
    )


@pytest.mark.parametrize(
    ("phase", "groups"),
    [
        pytest.param(1, [("set", "W W W"), ("set", "R3 B3 G3")], id="r3-p1-wild-only-set"),
        pytest.param(2, [("set", "R3 B3 G3"), ("run", "W W W W")], id="r3-p2-wild-only-run"),
        pytest.param(8, [("color", "W W W W W W W")], id="r3-p8-wild-only-colour"),
        pytest.param(9, [("set", "R3 B3 G3 Y3 R3"), ("set", "W W")], id="r3-p9-wild-only-pair"),
    ],
)
def test_r3_wild_only_group_never_makes_a_phase(phase: int, groups: list[tuple[str, str]]) -> None:
    laid = [group(kind, text) for kind, text in groups]
    assert laydown_problem(laid, CLASSIC.phase(phase), CLASSIC) is not None


@pytest.mark.parametrize(
    ("hand", "phase"),
    [
        pytest.param("W W W W W W W W R1 R2", 1, id="r3-finder-8-wilds-p1"),
        pytest.param("W W W W W W W W R1 R2", 8, id="r3-finder-8-wilds-p8"),
    ],
)
def test_r3_finder_uses_a_natural_in_every_group(hand: str, phase: int) -> None:
    found = find_laydown(cards(hand), CLASSIC.phase(phase), CLASSIC)
    assert found is not None
    for laid in found:
        assert any(card.is_natural for card in laid.cards)
    for laydown in enumerate_laydowns(cards(hand), CLASSIC.phase(phase), CLASSIC):
        for laid in laydown:
            assert any(card.is_natural for card in laid.cards)


# =============================================================================================
# Ruling 4: runs inside 1..12, no wrap, at most 12 cards
# =============================================================================================

R4_RUNS = [
    # (cards as laid, low to high; valid)
    ("R1 R2 R3 R4", True, "r4-starts-at-1"),
    ("R9 R10 R11 R12", True, "r4-ends-at-12"),
    ("W R1 R2 R3", False, "r4-no-zero"),
    ("R10 R11 R12 W", False, "r4-no-thirteen"),
    ("R11 R12 R1 R2", False, "r4-no-wrap-12-to-1"),
    ("R12 R1 R2 R3", False, "r4-no-wrap-from-12"),
    ("R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12", True, "r4-full-1-to-12"),
    ("W R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 W", True, "r4-twelve-with-wild-ends"),
    ("R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 W", False, "r4-thirteen-cards"),
    ("W R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12", False, "r4-thirteen-cards-low-wild"),
]


@pytest.mark.parametrize(("text", "valid"), [pytest.param(t, v, id=i) for t, v, i in R4_RUNS])
def test_r4_run_bounds(text: str, valid: bool) -> None:
    assert (group_problem(group("run", text), CLASSIC) is None) is valid


@pytest.mark.parametrize(
    ("text", "ok"),
    [
        pytest.param("R11 R12 W W", True, id="r4-wilds-fit-below-11"),
        pytest.param("R1 R2 W W", True, id="r4-wilds-fit-above-2"),
        pytest.param("R12 R1 R2 R3", False, id="r4-no-wrap-any-order"),
        pytest.param("R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 W", False, id="r4-13-cards-any-order"),
        pytest.param("R1 R12 W W W W W W W W R5", False, id="r4-span-too-wide"),
        pytest.param("R1 R12 W W W W W W W W R5 R6", True, id="r4-1-to-12-with-8-wilds"),
    ],
)
def test_r4_can_form_runs(text: str, ok: bool) -> None:
    assert can_form(RUN, cards(text), 4, CLASSIC) is ok


@pytest.mark.parametrize("card", ["R1", "B12", "W", "R6"], ids=lambda c: f"r4-no-hit-on-full-run-{c}")
def test_r4_full_run_takes_no_hit(card: str) -> None:
    full = group("run", "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12")
    assert hit_ends(full, parse_card(card), CLASSIC) == ()


# =============================================================================================
# Ruling 5: Wild values are fixed; Wild hits on runs
# =============================================================================================

LOW, HIGH = End.LOW, End.HIGH

R5_HITS = [
    # (kind, group as laid, card, expected ends)
    ("run", "R3 W R5 R6", "R4", (), "r5-wild-stays-4-natural-4-cannot-replace-it"),
    ("run", "R3 W R5 R6", "B2", (LOW,), "r5-natural-below"),
    ("run", "R3 W R5 R6", "B7", (HIGH,), "r5-natural-above"),
    ("run", "R3 R4 R5 W", "G6", (), "r5-wild-at-top-is-6"),
    ("run", "R3 R4 R5 W", "G7", (HIGH,), "r5-next-above-wild-top"),
    ("run", "W R4 R5 R6", "G3", (), "r5-wild-at-bottom-is-3"),
    ("run", "W R4 R5 R6", "G2", (LOW,), "r5-next-below-wild-bottom"),
    ("run", "R3 R4 R5 R6", "W", (LOW, HIGH), "r5-wild-both-ends-free"),
    ("run", "R1 R2 R3 R4", "W", (HIGH,), "r5-wild-not-below-1"),
    ("run", "W R2 R3 R4", "W", (HIGH,), "r5-wild-not-below-1-after-wild"),
    ("run", "R9 R10 R11 R12", "W", (LOW,), "r5-wild-not-above-12"),
    ("run", "R9 R10 R11 W", "W", (LOW,), "r5-wild-not-above-12-after-wild"),
    ("run", "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12", "W", (), "r5-wild-no-room"),
    ("run", "R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12", "W", (LOW,), "r5-wild-only-as-1"),
    ("set", "R7 R7 W", "B7", (None,), "r5-set-with-wild-takes-7"),
    ("set", "R7 R7 W", "B8", (), "r5-wild-in-set-stays-7"),
    ("set", "R7 R7 R7", "W", (None,), "r5-wild-on-set-reizen-hitting"),
    ("color", "G1 G2 G3 G4 G5 G6 W", "W", (None,), "r5-wild-on-colour-reizen-hitting"),
]


@pytest.mark.parametrize(
    ("kind", "text", "card", "ends"), [pytest.param(k, t, c, e, id=i) for k, t, c, e, i in R5_HITS]
)
def test_r5_hit_ends(kind: str, text: str, card: str, ends: tuple[End | None, ...]) -> None:
    assert hit_ends(group(kind, text), parse_card(card), CLASSIC) == ends


# Ann has laid "R3 R4 R5 R6"; Bo has laid sets; Ann hits Wilds.
R5_STATE = """
    game seed=5 dealer=1 current=0 step=play
    seat 0 "Ann" phase-index=1
      hand: W W R2 R1 B9
      group: set:B8,G8,Y8
      group: run:R3,R4,R5,R6
    seat 1 "Bo"
      hand: B1 B1 B2 B2 B3 B3 B4 B4 B5 B5
    discard: G12
"""


@pytest.mark.parametrize(
    ("actions", "expect"),
    [
        pytest.param(["hit W @0:1 low"], ["seat0.group1=run:W,R3,R4,R5,R6"], id="r5-player-chooses-low"),
        pytest.param(["hit W @0:1 high"], ["seat0.group1=run:R3,R4,R5,R6,W"], id="r5-player-chooses-high"),
        pytest.param(
            ["hit W @0:1 low", "hit R1 @0:1 low"],
            ["seat0.group1=run:R1,W,R3,R4,R5,R6"],
            id="r5-wild-low-is-2-then-1-fits",
        ),
        pytest.param(
            ["hit W @0:1 low", "hit W @0:1 low"],
            ["seat0.group1=run:W,W,R3,R4,R5,R6", "seat0.hand=R1 R2 B9"],
            id="r5-two-low-wilds-stand-for-2-and-1",
        ),
    ],
)
def test_r5_wild_hits_in_play(actions: list[str], expect: list[str]) -> None:
    state = play(scenario(R5_STATE), actions)
    check(state, expect)


@pytest.mark.parametrize(
    ("before", "bad", "reason"),
    [
        pytest.param(
            ["hit W @0:1 low"], "hit R2 @0:1 low", "does not fit", id="r5-natural-2-cannot-replace-wild"
        ),
        pytest.param(
            ["hit W @0:1 low", "hit W @0:1 low"],
            "hit R1 @0:1 low",
            "does not fit",
            id="r5-wilds-are-2-and-1-no-room-below",
        ),
        pytest.param(
            ["hit R2 @0:1 low", "hit R1 @0:1 low"], "hit W @0:1 low", "low end", id="r5-wild-below-1-refused"
        ),
        pytest.param([], "hit W @0:1", "which end", id="r5-run-hit-needs-an-end"),
        pytest.param([], "hit W @0:0 low", "no ends", id="r5-set-has-no-ends"),
    ],
)
def test_r5_wild_hits_refused(before: list[str], bad: str, reason: str) -> None:
    state = play(scenario(R5_STATE), before)
    illegal(state, bad, reason)


def test_r5_wild_at_12_only_fits_low() -> None:
    state = scenario(
        """
        game seed=5 dealer=1 current=0 step=play
        seat 0 "Ann" phase-index=3
          hand: W W R1
          group: run:R6,R7,R8,R9,R10,R11,R12
        seat 1 "Bo"
          hand: B1 B1 B2 B2 B3 B3 B4 B4 B5 B5
        discard: G12
        """
    )
    assert Hit(WILD, 0, 0, LOW) in legal_actions(state)
    illegal(state, Hit(WILD, 0, 0, HIGH), "high end")


# =============================================================================================
# Ruling 6: a Skip is never in a group and never hit
# =============================================================================================

R6_GROUPS = [
    ("set", "R7 R7 S", "r6-skip-in-set"),
    ("run", "R3 R4 R5 S", "r6-skip-in-run"),
    ("color", "B1 B2 B3 B4 B5 B6 S", "r6-skip-in-blue-colour-reizen-skip-is-blue"),
    ("set", "S S S", "r6-skips-only"),
]


@pytest.mark.parametrize(("kind", "text"), [pytest.param(k, t, id=i) for k, t, i in R6_GROUPS])
def test_r6_skip_never_in_a_group(kind: str, text: str) -> None:
    assert group_problem(group(kind, text), CLASSIC) is not None
    assert not can_form(GroupKind(kind), cards(text), 1, CLASSIC)


@pytest.mark.parametrize(
    ("kind", "text"),
    [
        pytest.param("set", "R7 R7 R7", id="r6-no-skip-hit-on-set"),
        pytest.param("run", "R3 R4 R5 R6", id="r6-no-skip-hit-on-run"),
        pytest.param("color", "B1 B2 B3 B4 B5 B6 B7", id="r6-no-skip-hit-on-blue-colour"),
    ],
)
def test_r6_skip_never_hit(kind: str, text: str) -> None:
    assert hit_ends(group(kind, text), SKIP, CLASSIC) == ()


def test_r6_skip_not_in_phase8_reizen_skip_cards() -> None:
    # reizen SKIP CARDS: a Skip can never help make Phase 8 (or any phase).
    laid = [group("color", "B1 B2 B3 B4 B5 B6 S")]
    assert laydown_problem(laid, CLASSIC.phase(8), CLASSIC) is not None
    assert find_laydown(cards("B1 B2 B3 B4 B5 B6 S S S S R1"), CLASSIC.phase(8), CLASSIC) is None


R6_STATE = """
    game seed=6 dealer=1 current=0 step=play
    seat 0 "Ann" phase-index=7
      hand: S B8 R1
      group: color:B1,B2,B3,B4,B5,B6,B7
    seat 1 "Bo" phase-index=1
      hand: S S R1 R2
      group: set:R9,R9,B9
      group: run:G3,G4,G5,G6
    discard: G12
"""


@pytest.mark.parametrize(
    "bad",
    ["hit S @0:0", "hit S @1:0", "hit S @1:1 low", "hit S @1:1 high"],
    ids=["r6-hit-skip-own-colour", "r6-hit-skip-set", "r6-hit-skip-run-low", "r6-hit-skip-run-high"],
)
def test_r6_hitting_a_skip_is_refused(bad: str) -> None:
    illegal(scenario(R6_STATE), bad, "skip")


def test_r6_laying_a_skip_is_refused() -> None:
    state = scenario(
        """
        game seed=6 dealer=1 current=0 step=play
        seat 0 "Ann" phase-index=7
          hand: S B1 B2 B3 B4 B5 B6 R1 R2 R3 R4
        seat 1 "Bo"
          hand: R5 R5 R6 R6 R7 R7 R8 R8 R9 R9
        discard: G12
        """
    )
    illegal(state, LayDown.of(("color", "B1 B2 B3 B4 B5 B6 S")), "skip")


# =============================================================================================
# Ruling 7: laying down the whole phase, exact group count, extras inside groups
# =============================================================================================

R7_PHASES = [
    # (phase, groups, valid)
    (1, [("set", "R3 B3 G3"), ("set", "Y7 Y7 W")], True, "r7-p1-two-sets-of-3"),
    (1, [("set", "R10 B10 G10"), ("set", "Y10 Y10 R10")], True, "r7-p1-same-number-twice-reizen-sets"),
    (1, [("set", "R3 B3"), ("set", "Y7 Y7 W")], False, "r7-p1-set-of-2-too-small"),
    (1, [("set", "R3 B3 G3 Y3 R3 B3")], False, "r7-p1-one-set-of-6-is-one-group"),
    (1, [("set", "R3 B3 G3")], False, "r7-p1-half-a-phase"),
    (1, [("set", "R3 B3 G3"), ("run", "R4 R5 R6 R7")], False, "r7-p1-run-is-not-a-set"),
    (2, [("set", "R3 B3 W"), ("run", "R4 B5 G6 Y7")], True, "r7-p2-set-3-run-4"),
    (2, [("set", "R3 B3 G3"), ("set", "R4 B4 G4 Y4")], False, "r7-p2-two-sets"),
    (2, [("set", "R3 B3 G3"), ("run", "R4 B5 G6")], False, "r7-p2-run-of-3"),
    (3, [("set", "R3 B3 G3 W"), ("run", "R4 B5 G6 Y7")], True, "r7-p3-set-4-run-4"),
    (3, [("set", "R3 B3 G3"), ("run", "R4 B5 G6 Y7")], False, "r7-p3-set-of-3"),
    (4, [("run", "R1 B2 G3 Y4 R5 B6 G7")], True, "r7-p4-run-7"),
    (4, [("run", "R1 B2 G3 Y4 R5 B6")], False, "r7-p4-run-6"),
    (4, [("run", "R1 B2 G3 Y4"), ("run", "R5 B6 G7 Y8")], False, "r7-p4-two-runs"),
    (5, [("run", "R1 B2 G3 Y4 R5 B6 G7 W")], True, "r7-p5-run-8"),
    (5, [("run", "R1 B2 G3 Y4 R5 B6 G7")], False, "r7-p5-run-7"),
    (6, [("run", "R4 B5 G6 Y7 R8 B9 G10 W R12")], True, "r7-p6-run-9"),
    (6, [("run", "R4 B5 G6 Y7 R8 B9 G10 W")], False, "r7-p6-run-8"),
    (7, [("set", "R3 B3 G3 Y3"), ("set", "R8 W W W")], True, "r7-p7-two-sets-of-4"),
    (7, [("set", "R3 B3 G3 Y3"), ("set", "R8 B8 G8")], False, "r7-p7-set-of-3"),
    (8, [("color", "Y1 Y3 Y5 Y7 Y9 Y11 Y12")], True, "r7-p8-seven-yellow"),
    (8, [("color", "Y1 Y3 Y5 Y7 Y9 Y11")], False, "r7-p8-six-yellow"),
    (8, [("run", "Y1 Y2 Y3 Y4 Y5 Y6 Y7")], False, "r7-p8-must-be-laid-as-colour"),
    (9, [("set", "R3 B3 G3 Y3 W"), ("set", "R8 B8")], True, "r7-p9-set-5-set-2"),
    (9, [("set", "R3 B3 G3 Y3"), ("set", "R8 B8 G8")], False, "r7-p9-4-and-3"),
    (10, [("set", "R3 B3 G3 Y3 W"), ("set", "R8 B8 G8")], True, "r7-p10-set-5-set-3"),
    (10, [("set", "R3 B3 G3 Y3 W"), ("set", "R8 B8")], False, "r7-p10-5-and-2"),
    (10, [("set", "R3 B3 G3 Y3"), ("set", "R8 B8 G8 Y8")], False, "r7-p10-4-and-4"),
    (10, [("set", "R3 B3 G3 Y3 W"), ("set", "R8 B8 G8"), ("set", "R1 B1")], False, "r7-p10-three-groups"),
]


@pytest.mark.parametrize(
    ("phase", "groups", "valid"), [pytest.param(p, g, v, id=i) for p, g, v, i in R7_PHASES]
)
def test_r7_phases(phase: int, groups: list[tuple[str, str]], valid: bool) -> None:
    laid = [group(kind, text) for kind, text in groups]
    assert (laydown_problem(laid, CLASSIC.phase(phase), CLASSIC) is None) is valid


# Ann is on phase 1; she holds three 5s... (rulebook examples, reizen/25th/nam MAKING A PHASE)
R7_STATE = """
    game seed=7 dealer=1 current=0 step=play
    seat 0 "Ann"
      hand: R5 B5 G5 Y5 R5 R7 B7 G7 R10 B10 G10
    seat 1 "Bo"
      hand: R1 R1 R2 R2 R3 R3 R4 R4 R6 R6
    discard: G12
"""


@pytest.mark.parametrize(
    ("actions", "expect"),
    [
        pytest.param(
            ["lay set:R5,B5,G5,Y5,R5 set:R7,B7,G7"],
            ["seat0.group0=set:R5,B5,G5,Y5,R5", "seat0.hand=R10 B10 G10"],
            id="r7-extras-inside-the-lay-25th-making-a-phase",
        ),
        pytest.param(
            ["lay set:R5,B5,G5 set:R7,B7,G7", "hit Y5 @0:0", "hit R5 @0:0"],
            ["seat0.group0=set:R5,B5,G5,Y5,R5", "seat0.hand=R10 B10 G10"],
            id="r7-extras-hit-same-turn-reizen-making-a-phase",
        ),
    ],
)
def test_r7_extras_inside_groups(actions: list[str], expect: list[str]) -> None:
    check(play(scenario(R7_STATE), actions), expect)


@pytest.mark.parametrize(
    ("before", "bad"),
    [
        pytest.param([], "lay set:R5,B5,G5 set:R7,B7,G7 set:R10,B10,G10", id="r7-no-third-set-of-10s-nam"),
        pytest.param([], "lay set:R5,B5,G5", id="r7-half-phase-refused"),
        pytest.param(
            ["lay set:R5,B5,G5 set:R7,B7,G7"], "lay set:R10,B10,G10 set:Y5,R5", id="r7-second-lay-refused"
        ),
        pytest.param(["lay set:R5,B5,G5 set:R7,B7,G7"], "hit R10 @0:0", id="r7-10-not-on-5s"),
        pytest.param(["lay set:R5,B5,G5 set:R7,B7,G7"], "hit R10 @0:1", id="r7-10-not-on-7s"),
        pytest.param([], "lay set:R5,B5,G5,Y5,R5,W set:R7,B7,G7", id="r7-cards-not-held"),
    ],
)
def test_r7_refused_laydowns(before: list[str], bad: str) -> None:
    illegal(play(scenario(R7_STATE), before), bad)


# =============================================================================================
# Ruling 8: the turn
# =============================================================================================

R8_STATE = """
    game seed=8 dealer=2 current=0 step=draw
    seat 0 "Ann"
      hand: R5 B5 G5 R7 B7 R1 R2 R3 R11 Y12
    seat 1 "Bo" phase-index=1
      hand: B1 B2 B3 B4 B9 B9 G9 G12 W Y1
    seat 2 "Cy"
      hand: G1 G2 G3 G4 G6 G8 G9 G10 G11 Y2
    discard: Y7 G7
"""


def test_r8_draw_takes_the_top_of_the_draw_pile() -> None:
    state = scenario(R8_STATE, draw_top="R9 B10")
    after = play(state, ["draw"])
    check(after, ["step=play", "current=0", "seat0.cards=11", "discard=Y7 G7"])
    assert Counter(after.players[0].hand) - Counter(state.players[0].hand) == Counter(cards("R9"))
    assert after.draw_pile == state.draw_pile[:-1]


def test_r8_take_the_top_of_the_discard_pile() -> None:
    state = scenario(R8_STATE)
    after = play(state, ["take"])
    check(after, ["step=play", "discard=Y7", "seat0.hand=R5 B5 G5 R7 B7 G7 R1 R2 R3 R11 Y12"])
    assert after.draw_pile == state.draw_pile


def test_r8_then_lay_hit_and_discard() -> None:
    state = play(scenario(R8_STATE), ["take", "lay set:R5,B5,G5 set:R7,B7,G7", "discard Y12"])
    check(state, ["current=1", "step=draw", "seat0.laid=yes", "seat0.hand=R1 R2 R3 R11", "discard.top=Y12"])


@pytest.mark.parametrize(
    ("before", "bad", "reason"),
    [
        pytest.param([], "lay set:R5,B5,G5 set:R7,B7,G7", "draw", id="r8-no-lay-before-draw"),
        pytest.param([], "discard R1", "draw", id="r8-no-discard-before-draw"),
        pytest.param(["draw"], "draw", "already drawn", id="r8-one-draw-per-turn"),
        pytest.param(["draw"], "take", "already drawn", id="r8-no-take-after-draw"),
        pytest.param(["take"], "draw", "already drawn", id="r8-no-draw-after-take"),
        pytest.param(["draw"], "hit R5 @0:0", "lay down your own phase", id="r8-no-hit-before-own-phase"),
        pytest.param(["draw"], "next", "still being played", id="r8-no-next-hand-mid-hand"),
        pytest.param(["draw"], "discard W", "do not hold", id="r8-discard-held-card-only"),
        pytest.param(
            ["take", "lay set:R5,B5,G5 set:R7,B7,G7"],
            "lay set:R5,B5,G5 set:R7,B7,G7",
            "already laid",
            id="r8-lay-once-per-hand",
        ),
    ],
)
def test_r8_turn_order_refusals(before: list[str], bad: str, reason: str) -> None:
    illegal(play(scenario(R8_STATE, draw_top="R9 B10"), before), bad, reason)


R8_SKIP_ON_DISCARD = """
    game seed=8 dealer=1 current=0 step=draw
    seat 0 "Ann"
      hand: R5 B5 G5 R7 B7 R1 R2 R3 R11 Y12
    seat 1 "Bo"
      hand: B1 B2 B3 B4 B9 B9 G9 G12 W Y1
    discard: G7 S
"""


def test_r8_a_skip_on_the_discard_pile_cannot_be_taken() -> None:
    # reizen SKIP CARDS: a Skip is never picked up from the discard pile.
    state = scenario(R8_SKIP_ON_DISCARD)
    assert legal_actions(state) == (Draw(),)
    illegal(state, "take", "skip")


R8_HITS = """
    game seed=8 dealer=2 current=0 step=play
    seat 0 "Ann" phase-index=1
      hand: R9 B2 G8 Y3 W
      group: set:R6,B6,G6
      group: run:R3,R4,R5,R6
    seat 1 "Bo" phase-index=7
      hand: B1
      group: color:G1,G2,G3,G4,G5,G6,G7
    seat 2 "Cy"
      hand: Y1 Y2 Y4 Y5 Y6 Y7 Y8 Y9 Y10 Y11
    discard: B12
"""


@pytest.mark.parametrize(
    ("hits", "expect"),
    [
        pytest.param(
            ["hit G8 @1:0"],
            ["seat1.group0=color:G1,G2,G3,G4,G5,G6,G7,G8"],
            id="r8-hit-another-players-colour-reizen-hitting",
        ),
        pytest.param(
            ["hit B2 @0:1 low"], ["seat0.group1=run:B2,R3,R4,R5,R6"], id="r8-hit-own-run-low-reizen-hitting"
        ),
        pytest.param(
            ["hit G8 @1:0", "hit B2 @0:1 low", "hit W @0:0"],
            ["seat0.group0=set:R6,B6,G6,W", "seat0.hand=R9 Y3"],
            id="r8-hit-both-own-and-others",
        ),
    ],
)
def test_r8_hits_on_any_laid_group(hits: list[str], expect: list[str]) -> None:
    check(play(scenario(R8_HITS), hits), expect)


@pytest.mark.parametrize(
    ("bad", "reason"),
    [
        pytest.param("hit R9 @2:0", "no group", id="r8-no-hit-on-unlaid-player"),
        pytest.param("hit R9 @0:0", "does not fit", id="r8-9-not-on-6s"),
        pytest.param("hit Y3 @1:0", "does not fit", id="r8-yellow-not-on-greens"),
        pytest.param("hit R9 @0:1 high", "does not fit", id="r8-9-not-after-6"),
        pytest.param("hit R9 @7:0", "no group", id="r8-no-such-seat"),
    ],
)
def test_r8_hits_that_do_not_fit(bad: str, reason: str) -> None:
    illegal(scenario(R8_HITS), bad, reason)


def test_r8_play_passes_clockwise() -> None:
    state = scenario(R8_STATE, draw_top="R9 B10 Y10")
    state = play(state, ["draw", "discard R9"])
    check(state, ["current=1", "step=draw"])
    state = play(state, ["draw", "discard B10"])
    check(state, ["current=2", "step=draw"])
    state = play(state, ["draw", "discard Y10"])
    check(state, ["current=0", "step=draw"])


# =============================================================================================
# Ruling 9: going out by hitting ends the hand at once, with no discard
# =============================================================================================

R9_STATE = """
    game seed=9 dealer=1 current=0 step=play
    seat 0 "Ann" phase-index=1
      hand: R7 B2
      group: set:R6,B6,G6
      group: run:R3,R4,R5,R6
    seat 1 "Bo"
      hand: B1 B1 B3 B3 B5 B5 B8 B8 B9 W
    discard: G12
"""


def test_r9_out_by_hitting() -> None:
    state = play(scenario(R9_STATE), ["hit R7 @0:1 high", "hit B2 @0:1 low"])
    check(
        state,
        [
            "step=hand-over",
            "discard=G12",
            "last.out=0",
            "last.points=0,70",
            "seat0.score=0",
            "seat1.score=70",
            "seat0.phase=3",
            "seat1.phase=1",
        ],
    )
    assert legal_actions(state) == (NextHand(),)
    illegal(state, "discard R7", "hand is over")


def test_r9_out_by_discarding_the_last_card() -> None:
    state = play(scenario(R9_STATE), ["hit R7 @0:1 high", "discard B2"])
    check(state, ["step=hand-over", "discard=G12 B2", "last.out=0", "seat1.score=70"])


R9_OUT = """
    game seed=9 dealer=2 current=0 step=play
    seat 0 "Ann" phase-index=1
      hand: {hand}
      group: set:R6,B6,G6
      group: run:R3,R4,R5,R6
    seat 1 "Bo" phase-index=7
      hand: Y11 Y12
      group: color:G1,G2,G3,G4,G5,G7,G9
    seat 2 "Cy"
      hand: B1 B1 B3 B3 B5 B5 B8 B8 B9 B10
    discard: Y10
"""


@pytest.mark.parametrize(
    ("hand", "actions"),
    [
        pytest.param("G12", ["hit G12 @1:0"], id="r9-out-hitting-another-players-group"),
        pytest.param("W", ["hit W @0:0"], id="r9-out-hitting-a-wild-on-own-set"),
        pytest.param("W Y6", ["hit W @1:0", "hit Y6 @0:0"], id="r9-out-after-two-hits"),
        pytest.param("R2 W", ["hit W @0:1 high", "hit R2 @0:1 low"], id="r9-out-hitting-both-ends"),
    ],
)
def test_r9_out_by_hitting_table(hand: str, actions: list[str]) -> None:
    state = play(scenario(R9_OUT.format(hand=hand)), actions)
    # No discard: the pile is as it was; Bo (laid) and Cy (not) score their hands.
    check(
        state,
        [
            "step=hand-over",
            "last.out=0",
            "discard=Y10",
            "last.points=0,20,55",
            "seat0.phase=3",
            "seat1.phase=9",
            "seat2.phase=1",
            "winner=-",
        ],
    )


def test_r9_reading_laying_down_every_card_goes_out() -> None:
    # Rulings 7 and 9 read together: the extra cards of a lay-down go into its groups, and a
    # player left with no card is out at once, with nothing to discard (see the report).
    state = scenario(
        """
        game seed=9 dealer=1 current=0 step=play
        seat 0 "Ann"
          hand: R5 B5 G5 Y5 R5 B5 R7 B7 G7 Y7 R7
        seat 1 "Bo"
          hand: B1 B1 B3 B3 B8 B8 B9 B9 B10 W
        discard: G12
        """
    )
    state = play(state, ["lay set:R5,B5,G5,Y5,R5,B5 set:R7,B7,G7,Y7,R7"])
    check(state, ["step=hand-over", "last.out=0", "discard=G12", "seat0.phase=2", "seat1.score=75"])


# =============================================================================================
# Ruling 10: draw pile runs out
# =============================================================================================


def _with_short_draw_pile(text: str, draw: str) -> GameState:
    """The state with only ``draw`` left to draw; every other undealt card lies under the
    discard pile's top card (a long hand)."""
    state = scenario(text)
    keep = list(cards(draw))
    rest = list(state.draw_pile)
    for card in keep:
        rest.remove(card)
    state = replace(
        state,
        draw_pile=tuple(keep),
        discard_pile=(*rest, *state.discard_pile),
    )
    assert not state_problems(state)
    return state


R10_STATE = """
    game seed=10 dealer=1 current=0 step=draw
    seat 0 "Ann"
      hand: R1 R2 R3 R4 R5 R6 R7 R8 R9 R10
    seat 1 "Bo"
      hand: B1 B2 B3 B4 B5 B6 B7 B8 B9 B10
    discard: G12
"""


def test_r10_reshuffle_all_but_the_top_discard() -> None:
    state = _with_short_draw_pile(R10_STATE, "Y3")
    under = Counter(state.discard_pile)  # everything undealt except Y3
    state = play(state, ["draw", "discard R1"])
    check(state, ["current=1", "step=draw", "discard=R1"])
    assert Counter(state.draw_pile) == under
    assert len(state.draw_pile) == 108 - 20 - 1
    state = play(state, ["draw"])  # Bo can draw from the new pile
    check(state, ["step=play", "seat1.cards=11"])


def test_r10_reshuffle_keeps_the_top_discard_takeable() -> None:
    state = _with_short_draw_pile(R10_STATE, "Y3")
    state = play(state, ["draw", "discard R1", "take"])
    check(state, ["seat1.hand=R1 B1 B2 B3 B4 B5 B6 B7 B8 B9 B10", "discard="])


def test_r10_reshuffle_under_a_skip_leaves_it_untakeable() -> None:
    # Bo holds a Skip this time and discards it on Ann, in a two-player game: after the
    # reshuffle Ann plays again, and the Skip on top cannot be taken.
    text = R10_STATE.replace("current=0", "current=1").replace("hand: B1 B2", "hand: S B2")
    state = _with_short_draw_pile(text, "Y3")
    state = play(state, ["draw", "discard S @0"])
    check(state, ["current=1", "step=draw", "discard=S", "seat0.skip=protected"])
    assert len(state.draw_pile) == 108 - 20 - 1
    assert legal_actions(state) == (Draw(),)


# Three players have laid their colour groups, nearly every card is on the table, and
# neither pile will hold a card once Ann has discarded (built by hand: the piles of a
# real classic game never shrink like this, see the report).
R10_DEAD_END = """
    game seed=10 dealer=3 current=0 step=play
    seat 0 "Ann" phase-index=7
      hand: G1 G2 G3 G4 G5 G6 S
      group: color:R1,R1,R2,R2,R3,R3,R4,R4,R5,R5,R6,R6,R7,R7,R8,R8,R9,R9,R10,R10,R11,R11,R12,R12,W,W,W
    seat 1 "Bo" phase-index=7
      hand: G7 G8 G9 G10 S
      group: color:B1,B1,B2,B2,B3,B3,B4,B4,B5,B5,B6,B6,B7,B7,B8,B8,B9,B9,B10,B10,B11,B11,B12,B12,W,W,W
    seat 2 "Cy" phase-index=7
      hand: G11 G11 G12 G12 S S
      group: color:Y1,Y1,Y2,Y2,Y3,Y3,Y4,Y4,Y5,Y5,Y6,Y6,Y7,Y7,Y8,Y8,Y9,Y9,Y10,Y10,Y11,Y11,Y12,Y12,W,W
    seat 3 "Di"
      hand: G1 G2 G3 G4 G5 G6 G7 G8 G9 G10
    draw:
"""


def test_r10_no_card_left_ends_the_hand_without_a_winner() -> None:
    state = play(scenario(R10_DEAD_END), ["discard G1"])
    check(
        state,
        [
            "step=hand-over",
            "last.out=-",
            # Ann G2-G6 + S; Bo G7-G9, G10 + S; Cy 2x11, 2x12, 2 Skips; Di G1-G9, G10.
            "last.points=40,40,70,55",
            "seat0.phase=9",
            "seat1.phase=9",
            "seat2.phase=9",
            "seat3.phase=1",
            "winner=-",
        ],
    )


# =============================================================================================
# Rulings 11-13: Skips
# =============================================================================================

SKIP4 = """
    game seed=11 dealer=3 current=0 step=play
    seat 0 "Ann"
      hand: S S R1 R3 R5 R7 R9 R11 B2 B4 B6
    seat 1 "Bo"
      hand: B1 B3 B5 B7 B9 B11 Y2 Y4 Y6 S
    seat 2 "Cy"
      hand: Y1 Y3 Y5 Y7 Y9 Y11 G2 G4 G6 G8
    seat 3 "Di"
      hand: G1 G3 G5 G7 G9 G11 R2 R4 R6 S
    discard: R12
"""
SKIP4_DRAWS = "R10 B10 Y10 G10 R10 B10 Y10 G10 B12 Y12 G12 B12"


def skip4():
    return scenario(SKIP4, draw_top=SKIP4_DRAWS)


@pytest.mark.parametrize(
    ("actions", "expect"),
    [
        pytest.param(
            ["discard S @1"],
            ["current=2", "step=draw", "seat1.skip=protected"],
            id="r11-skip-next-player-loses-turn-now",
        ),
        pytest.param(
            ["discard S @2"], ["current=1", "seat2.skip=pending"], id="r11-skip-later-player-pending"
        ),
        pytest.param(
            ["discard S @2", "draw", "discard Y2"],
            ["current=3", "seat2.skip=protected"],
            id="r11-pending-player-passed-over",
        ),
        pytest.param(
            ["discard S @3", "draw", "discard Y2", "draw", "discard Y1"],
            ["current=0", "seat3.skip=protected"],
            id="r11-skip-last-player",
        ),
        pytest.param(["discard S @1"], ["seat0.cards=10"], id="r11-skipper-discards-the-skip"),
    ],
)
def test_r11_skip_target_loses_next_turn(actions: list[str], expect: list[str]) -> None:
    check(play(skip4(), actions), expect)


@pytest.mark.parametrize(
    ("bad", "reason"),
    [
        pytest.param("discard S @0", "yourself", id="r11-cannot-skip-yourself"),
        pytest.param("discard S", "choose", id="r11-must-choose-a-target"),
        pytest.param("discard S @4", "not playing", id="r11-no-such-seat"),
        pytest.param("discard R1 @1", "only a skip", id="r11-only-skips-target"),
    ],
)
def test_r11_bad_skips(bad: str, reason: str) -> None:
    illegal(skip4(), bad, reason)


def test_r11_every_other_player_is_a_target() -> None:
    state = skip4()
    assert skip_targets(state) == (1, 2, 3)
    discards = {a for a in legal_actions(state) if isinstance(a, Discard) and a.card == SKIP}
    assert discards == {Discard(SKIP, 1), Discard(SKIP, 2), Discard(SKIP, 3)}


@pytest.mark.parametrize(
    ("actions", "targets"),
    [
        # Ann skips Cy; Bo may not skip Cy while that Skip waits.
        pytest.param(["discard S @2", "draw"], (0, 3), id="r12-pending-cannot-be-targeted"),
        # Bo then skips Di: Cy and Di both lose their turns; back to Ann, who may skip
        # only Bo (Cy and Di have not played since being skipped).
        pytest.param(["discard S @2", "draw", "discard S @3", "draw"], (1,), id="r12-once-around-the-table"),
        # Ann skips Bo; Cy plays: Bo has not played since, so only Ann and Di are targets.
        pytest.param(["discard S @1", "draw"], (0, 3), id="r12-skipped-protected-until-played"),
        # ... after Cy, Di, Ann, Bo has his turn and plays it: Bo is a target again.
        pytest.param(
            [
                "discard S @1",
                "draw",
                "discard Y1",
                "draw",
                "discard G1",
                "draw",
                "discard R1",
                "draw",
                "discard B1",
                "draw",
            ],
            (0, 1, 3),
            id="r12-target-again-after-playing-a-turn",
        ),
    ],
)
def test_r12_who_can_be_targeted(actions: list[str], targets: tuple[int, ...]) -> None:
    state = play(skip4(), actions)
    assert skip_targets(state) == targets
    for seat in range(4):
        untargetable = seat != state.current and seat not in targets
        if untargetable and state.step is Step.PLAY and SKIP in state.player.hand:
            illegal(state, Discard(SKIP, seat))


def test_r12_skip_after_once_around_skips_again() -> None:
    state = play(skip4(), ["discard S @2", "draw", "discard S @3"])
    check(state, ["current=0", "step=draw", "seat2.skip=protected", "seat3.skip=protected"])
    # Ann skips Bo: Cy plays next and clears her protection by playing.
    state = play(state, ["draw", "discard S @1"])
    check(state, ["current=2", "seat1.skip=protected"])
    state = play(state, ["draw", "discard Y1"])
    check(state, ["current=3", "seat2.skip=-"])


SKIP2 = """
    game seed=13 dealer=1 current=0 step=play
    seat 0 "Ann"
      hand: S S R1 R3 R5 R7 R9 R11 B2 B4 B6
    seat 1 "Bo"
      hand: B1 B3 B5 B7 B9 B11 Y2 Y4 Y6 Y8
    discard: R12
"""


def test_r13_two_players_skipper_plays_again() -> None:
    state = play(scenario(SKIP2, draw_top="R10 B10 Y10"), ["discard S @1"])
    check(state, ["current=0", "step=draw", "seat1.skip=protected", "discard.top=S"])


@pytest.mark.parametrize(
    ("actions", "expect"),
    [
        pytest.param(["discard S @1"], ["current=0", "step=draw"], id="r13-skipper-plays-again"),
        pytest.param(
            ["discard S @1", "draw", "discard R1"],
            ["current=1", "step=draw", "seat1.skip=protected"],
            id="r13-then-opponent-plays",
        ),
        pytest.param(
            ["discard S @1", "draw", "discard R1", "draw", "discard B1"],
            ["current=0", "seat1.skip=-"],
            id="r13-opponent-played-protection-over",
        ),
        pytest.param(
            ["discard S @1", "draw", "discard R1", "draw", "discard B1", "draw", "discard S @1"],
            ["current=0", "step=draw", "seat1.skip=protected"],
            id="r13-skip-again-next-round",
        ),
    ],
)
def test_r13_two_player_table(actions: list[str], expect: list[str]) -> None:
    check(play(scenario(SKIP2, draw_top="R10 B10 Y10 G10 R10"), actions), expect)


def test_r12_no_target_skip_has_no_effect() -> None:
    state = play(scenario(SKIP2, draw_top="R10 B10 Y10"), ["discard S @1", "draw"])
    # Bo has not played since being skipped: nobody can be targeted.
    assert skip_targets(state) == ()
    assert Discard(SKIP) in legal_actions(state)
    illegal(state, "discard S @1", "has not played")
    state = play(state, ["discard S"])
    check(state, ["current=1", "step=draw", "seat0.skip=-", "discard.top=S"])


def test_r13_two_players_skip_with_three_active_in_tiebreak() -> None:
    # A tiebreak of two players out of three: the skipper plays again, the sitter-out is
    # never a target.
    state = scenario(
        """
        game seed=13 dealer=2 current=0 step=play
        seat 0 "Ann" phase-index=10 score=50
          hand: S S R1 R3 R5 R7 R9 R11 B2 B4 B6
        seat 1 "Bo" phase-index=10 score=50
          hand: B1 B3 B5 B7 B9 B11 Y2 Y4 Y6 Y8
        seat 2 "Cy" phase-index=10 score=80
        active: 0 1
        tiebreak: 0 1
        history: 1 phases=10,10,10 points=50,50,80 completed=yes,yes,yes out=- tiebreak=no
        discard: R12
        """,
        draw_top="R10 B10",
    )
    assert skip_targets(state) == (1,)
    illegal(state, "discard S @2", "not playing")
    check(play(state, ["discard S @1"]), ["current=0", "step=draw"])


SKIP3_CHAIN = """
    game seed=12 dealer=2 current=0 step=play
    seat 0 "Ann"
      hand: S R1 R3 R5 R7 R9 R11 B2 B4 B6 B8
    seat 1 "Bo"
      hand: B1 B3 B5 B7 B9 B11 Y2 Y4 S S
    seat 2 "Cy"
      hand: Y1 Y3 Y5 Y7 Y9 Y11 G2 G4 G6 G8
    discard: R12
"""


def test_r12_r13_three_players_both_others_skipped() -> None:
    # Ann skips Cy; Bo skips Ann: Cy and Ann both lose their turns and Bo plays again.
    state = play(scenario(SKIP3_CHAIN, draw_top="R10 B10 Y10 G10"), ["discard S @2", "draw", "discard S @0"])
    check(state, ["current=1", "step=draw", "seat0.skip=protected", "seat2.skip=protected"])
    state = play(state, ["draw"])
    # Nobody may be targeted now: Bo's second Skip goes down with no effect.
    assert skip_targets(state) == ()
    illegal(state, "discard S @0", "has not played")
    illegal(state, "discard S @2", "has not played")
    state = play(state, ["discard S"])
    check(state, ["current=2", "step=draw", "seat0.skip=protected", "seat2.skip=protected"])
    # Cy plays her turn and can be targeted again; Ann still cannot until she has played.
    state = play(state, ["draw", "discard Y1"])
    check(state, ["current=0", "seat2.skip=-", "seat0.skip=protected"])


# =============================================================================================
# Ruling 14: the first card turned up
# =============================================================================================


@pytest.mark.parametrize(
    ("players", "dealer"),
    [
        pytest.param(p, d, id=f"r14-skip-up-{p}-players-dealer-{d}")
        for p, d in [(2, 0), (2, 1), (3, 0), (3, 2), (4, 1), (6, 5)]
    ],
)
def test_r14_skip_turned_up_skips_first_player(players: int, dealer: int) -> None:
    names = tuple(f"P{i}" for i in range(players))
    state = find_seed(names, lambda s: s.discard_pile == (SKIP,), first_dealer=dealer)
    first = (dealer + 1) % players
    check(state, [f"current={(dealer + 2) % players}", "step=draw", f"seat{first}.skip=protected"])
    # The Skip may not be taken by the player who now starts.
    assert TakeDiscard() not in legal_actions(state)
    illegal(state, "take", "skip")


def test_r14_wild_turned_up_may_be_taken_by_first_player() -> None:
    state = find_seed(("A", "B", "C"), lambda s: s.discard_pile == (WILD,))
    check(state, ["current=1", "step=draw"])
    assert TakeDiscard() in legal_actions(state)
    wilds = state.player.hand.count(WILD)
    after = play(state, ["take"])
    assert after.players[1].hand.count(WILD) == wilds + 1
    check(after, ["discard="])


# =============================================================================================
# Ruling 15: going out with a Skip
# =============================================================================================

R15_STATE = """
    game seed=15 dealer=2 current=0 step=play
    seat 0 "Ann" phase-index=1
      hand: S R7
      group: set:R6,B6,G6
      group: run:R3,R4,R5,R6
    seat 1 "Bo"
      hand: B1 B1 B3 B3 B5 B5 B8 B8 B9 W
    seat 2 "Cy"
      hand: Y1 Y1 Y3 Y3 Y5 Y5 Y8 Y8 Y9 Y10
    discard: G12
"""


def test_r15_going_out_with_a_skip() -> None:
    state = play(scenario(R15_STATE), ["hit R7 @0:1 high"])
    assert [a for a in legal_actions(state) if isinstance(a, Discard)] == [Discard(SKIP)]
    illegal(state, "discard S @1", "skips no one")
    state = play(state, ["discard S"])
    check(
        state,
        [
            "step=hand-over",
            "last.out=0",
            "seat1.skip=-",
            "seat2.skip=-",
            "discard.top=S",
            "last.points=0,70,55",
        ],
    )


R15_TWO = """
    game seed=15 dealer=1 current=0 step=play
    seat 0 "Ann" phase-index=1
      hand: S S R7
      group: set:R6,B6,G6
      group: run:R3,R4,R5,R6
    seat 1 "Bo"
      hand: B1 B1 B3 B3 B5 B5 B8 B8 B9 W
    discard: G12
"""


@pytest.mark.parametrize(
    ("state_text", "actions", "expect"),
    [
        pytest.param(
            R15_STATE,
            ["hit R7 @0:1 high", "discard S"],
            ["step=hand-over", "seat1.skip=-", "seat2.skip=-"],
            id="r15-three-players",
        ),
        pytest.param(
            R15_TWO,
            ["hit R7 @0:1 high", "discard S @1", "draw", "hit R8 @0:1 high", "discard S"],
            ["step=hand-over", "last.out=0", "last.points=0,70"],
            id="r15-two-players-second-skip-goes-out",
        ),
        pytest.param(
            R15_TWO,
            ["discard S @1", "draw", "hit R7 @0:1 high", "hit R8 @0:1 high", "discard S"],
            ["step=hand-over", "last.out=0", "discard.top=S"],
            id="r15-skip-saved-to-go-out",
        ),
    ],
)
def test_r15_going_out_with_a_skip_table(state_text: str, actions: list[str], expect: list[str]) -> None:
    state = scenario(state_text, draw_top="R8")
    check(play(state, actions), expect)


# =============================================================================================
# Ruling 16: scoring
# =============================================================================================

POINTS = [
    *[(f"R{n}", 5) for n in range(1, 10)],
    *[(f"G{n}", 10) for n in range(10, 13)],
    ("B9", 5),
    ("Y10", 10),
    ("S", 15),
    ("W", 25),
]


@pytest.mark.parametrize(("card", "points"), POINTS, ids=[f"r16-{c}-{p}" for c, p in POINTS])
def test_r16_card_points(card: str, points: int) -> None:
    assert CLASSIC.points(parse_card(card)) == points


R16_STATE = """
    game seed=16 dealer=2 current=0 step=play
    seat 0 "Ann" phase-index=1 score=35
      hand: R12
      group: set:R6,B6,G6
      group: run:R3,R4,R5,R6
    seat 1 "Bo" phase-index=1 score=10
      hand: B9 S W
      group: set:B11,G11,Y11
      group: run:Y1,Y2,Y3,Y4
    seat 2 "Cy" score=20
      hand: R1 R2 R10 R11 R12 B12 Y12 S W W
    discard: G12
    history: 1 phases=1,1,1 points=35,10,20 completed=yes,yes,no out=- tiebreak=no
"""


def test_r16_end_of_hand_scores() -> None:
    state = play(scenario(R16_STATE), ["discard R12"])
    # Bo: 5 + 15 + 25; Cy: 5+5 + 10*5 + 15 + 25*2. Laid cards never count.
    check(state, ["last.points=0,45,125", "seat0.score=35", "seat1.score=55", "seat2.score=145"])
    assert hand_points(state, cards("R1 R10 S W")) == 55


# =============================================================================================
# Ruling 17: everyone who laid advances
# =============================================================================================


def test_r17_laid_players_advance_others_stay() -> None:
    state = play(scenario(R16_STATE), ["discard R12"])
    # Ann and Bo were on phase 2 and laid it; Cy on phase 1 did not.
    check(
        state,
        ["seat0.phase=3", "seat1.phase=3", "seat2.phase=1", "last.completed=yes,yes,no", "last.phases=2,2,1"],
    )


def _r17_state(bo_laid: bool, cy_laid: bool) -> str:
    bo = (
        "  hand: B1 B1\n  group: run:Y1,Y2,Y3,Y4,Y5,Y6,Y7"
        if bo_laid
        else "  hand: B1 B1 B3 B3 B5 B5 B8 B8 B9 B9"
    )
    cy = (
        "  hand: Y11 Y12\n  group: color:G1,G2,G3,G4,G5,G6,G7"
        if cy_laid
        else "  hand: G1 G2 G3 G4 G5 G6 Y9 Y10 Y11 Y12"
    )
    return "\n".join(
        [
            "game seed=17 dealer=2 current=0 step=play",
            'seat 0 "Ann"',
            "  hand: R12",
            "  group: set:R7,B7,G7",
            "  group: set:R10,B10,G10",
            'seat 1 "Bo" phase-index=3',
            bo,
            'seat 2 "Cy" phase-index=7',
            cy,
            "discard: G12",
        ]
    )


@pytest.mark.parametrize(
    ("bo_laid", "cy_laid", "phases"),
    [
        pytest.param(False, False, (2, 4, 8), id="r17-only-the-one-out"),
        pytest.param(True, False, (2, 5, 8), id="r17-laid-without-going-out-advances"),
        pytest.param(False, True, (2, 4, 9), id="r17-laid-phase-8-advances-to-9"),
        pytest.param(True, True, (2, 5, 9), id="r17-everyone-laid-everyone-advances"),
    ],
)
def test_r17_who_advances(bo_laid: bool, cy_laid: bool, phases: tuple[int, int, int]) -> None:
    state = play(scenario(_r17_state(bo_laid, cy_laid)), ["discard R12"])
    check(state, [f"seat{seat}.phase={phase}" for seat, phase in enumerate(phases)])
    check(
        state,
        [
            f"last.completed=yes,{'yes' if bo_laid else 'no'},{'yes' if cy_laid else 'no'}",
            "last.phases=1,4,8",
        ],
    )


# =============================================================================================
# Ruling 18: the dealer moves left; the player left of the dealer starts
# =============================================================================================


@pytest.mark.parametrize(
    ("players", "dealer"),
    [
        pytest.param(p, d, id=f"r18-{p}-players-dealer-{d}-left-starts")
        for p in (2, 3, 4, 5, 6)
        for d in sorted({0, p - 1})
    ],
)
def test_r18_first_player_left_of_dealer(players: int, dealer: int) -> None:
    names = tuple(f"P{i}" for i in range(players))
    state = find_seed(names, lambda s: s.discard_pile != (SKIP,), first_dealer=dealer)
    check(state, [f"dealer={dealer}", f"current={(dealer + 1) % players}"])


@pytest.mark.parametrize(
    ("players", "dealer"),
    [
        pytest.param(p, d, id=f"r18-{p}-players-dealer-{d}-moves-left")
        for p, d in [(2, 0), (2, 1), (3, 1), (3, 2), (6, 4), (6, 5)]
    ],
)
def test_r18_dealer_moves_left_each_hand(players: int, dealer: int) -> None:
    seats = "\n".join(f'    seat {i} "P{i}"\n      hand: ' for i in range(players))
    text = (
        f"game seed=18 dealer={dealer} current={dealer} step=hand-over\n{seats}\n"
        "    history: 1 phases="
        + ",".join(["1"] * players)
        + " points="
        + ",".join(["0"] * players)
        + " completed="
        + ",".join(["no"] * players)
        + " out=- tiebreak=no\n"
    )
    state = play(scenario(text), ["next"])
    new_dealer = (dealer + 1) % players
    expected_first = (new_dealer + 1) % players
    if state.discard_pile == (SKIP,):  # ruling 14 moves the start on by one
        expected_first = (expected_first + 1) % players
    check(state, [f"dealer={new_dealer}", f"current={expected_first}", "hand=2", "step=draw"])
    for player in state.players:
        assert len(player.hand) == 10


# =============================================================================================
# Ruling 19: the end of the game
# =============================================================================================


def _end_state(scores: tuple[int, int, int], laid: tuple[bool, bool, bool], extra: str = "") -> str:
    """Ann (seat 0) is about to go out on phase 10; Bo and Cy hold cards worth 20 and 30."""
    lines = [f"game seed=19 dealer=2 current=0 step=play {extra}".rstrip()]
    hands = ["R7", "B1 B2 B3 B4", "Y1 Y2 Y3 Y4 Y5 Y6"]
    laid_groups = [
        ["set:R9,B9,G9,Y9,W", "set:R4,B4,G4"],
        ["set:R10,B10,G10,Y10,W", "set:R11,B11,G11"],
        ["set:R12,B12,G12,Y12,W", "set:G3,Y3,G3"],
    ]
    unlaid = ["", "B1 B2 B3 B4 B5 B6 B7 B8 R1 R2", "Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 R5 R6"]
    for seat, name in enumerate(("Ann", "Bo", "Cy")):
        lines.append(f'seat {seat} "{name}" phase-index=9 score={scores[seat]}')
        if laid[seat]:
            lines.append(f"  hand: {hands[seat]}")
            lines.extend(f"  group: {g}" for g in laid_groups[seat])
        else:
            lines.append(f"  hand: {unlaid[seat]}")
    lines.append("discard: Y7")
    lines.append(
        f"history: 1 phases=9,9,9 points={scores[0]},{scores[1]},{scores[2]} "
        "completed=yes,yes,yes out=- tiebreak=no"
    )
    return "\n".join(lines)


# Bo's hand B1-B4 is worth 20, Cy's Y1-Y6 30; unlaid hands are worth 50 each.
R19_END = [
    # (scores before, who laid, expectations after Ann goes out)
    (
        (200, 10, 10),
        (True, False, False),
        ["step=game-over", "winner=0"],
        "r19-only-completer-wins-despite-score-reizen-winner",
    ),
    (
        (100, 50, 0),
        (True, True, False),
        ["step=game-over", "winner=1", "seat1.score=70"],
        "r19-lowest-total-among-completers",
    ),
    ((50, 80, 40), (True, True, True), ["step=game-over", "winner=0"], "r19-out-player-wins-on-total"),
    (
        (100, 80, 70),
        (True, True, True),
        ["step=hand-over", "tiebreak=0 1 2", "winner=-"],
        "r19-three-way-tie",
    ),
    (
        (100, 80, 0),
        (True, True, False),
        ["step=hand-over", "tiebreak=0 1", "winner=-"],
        "r19-tie-two-completers",
    ),
    (
        (100, 80, 50),
        (True, True, False),
        ["step=hand-over", "tiebreak=0 1", "winner=-"],
        "r19-tie-only-among-completers",
    ),
    (
        (150, 80, 70),
        (True, True, True),
        ["step=hand-over", "tiebreak=1 2", "winner=-"],
        "r19-tie-of-the-lowest-only",
    ),
]


@pytest.mark.parametrize(
    ("scores", "laid", "expect"), [pytest.param(s, laid, e, id=i) for s, laid, e, i in R19_END]
)
def test_r19_game_end(scores: tuple[int, int, int], laid: tuple[bool, bool, bool], expect: list[str]) -> None:
    state = play(scenario(_end_state(scores, laid)), ["discard R7"])
    check(state, expect)


@pytest.mark.parametrize(
    "bad", ["next", "draw", "take", "discard B1"], ids=lambda a: f"r19-game-over-refuses-{a.split()[0]}"
)
def test_r19_nothing_after_the_game_ends(bad: str) -> None:
    state = play(scenario(_end_state((200, 10, 10), (True, False, False))), ["discard R7"])
    assert legal_actions(state) == ()
    illegal(state, bad, "game is over")


def test_r19_game_goes_on_until_final_phase_completed() -> None:
    text = _end_state((0, 0, 0), (True, True, True)).replace("phase-index=9", "phase-index=8")
    text = text.replace("phases=9,9,9", "phases=8,8,8")
    # phase 9 is a set of 5 + a set of 2: the laid sets of 5 and 3 still make it.
    state = play(scenario(text), ["discard R7"])
    check(state, ["step=hand-over", "winner=-", "tiebreak=-", "seat0.phase=10"])


def test_r19_tiebreak_hand_is_dealt_to_the_tied_players_on_the_final_phase() -> None:
    state = play(scenario(_end_state((100, 80, 50), (True, True, False))), ["discard R7", "next"])
    check(
        state,
        [
            "active=0 1",
            "tiebreak=0 1",
            "seat2.cards=0",
            "seat0.phase=10",
            "seat1.phase=10",
            "step=draw",
            "winner=-",
            "dealer=0",
        ],
    )
    assert state.current in (0, 1)
    assert len(state.players[0].hand) + len(state.players[1].hand) in (20, 21)


def test_r19_tiebreak_ends_with_first_out() -> None:
    # Tied on 100, Ann and Bo replay phase 10; Bo goes out first and wins, whatever
    # the hand's points would say.
    state = scenario(
        """
        game seed=19 dealer=0 current=1 step=play
        seat 0 "Ann" phase-index=10 score=100
          hand: R9 B9 G9 Y9 R9 R4 B4 G4 R1 R2
        seat 1 "Bo" phase-index=10 score=100
          hand: B1
          group: set:R5,B5,G5,Y5,W
          group: set:R6,B6,G6
        seat 2 "Cy" phase-index=10 score=150
        active: 0 1
        tiebreak: 0 1
        discard: G12
        history: 1 phases=10,10,10 points=100,100,150 completed=yes,yes,yes out=- tiebreak=no
        """
    )
    state = play(state, ["discard B1"])
    check(
        state,
        [
            "step=game-over",
            "winner=1",
            "tiebreak=-",
            "last.tiebreak=yes",
            "last.out=1",
            "last.points=50,0,-",
            "last.phases=10,10,-",
        ],
    )


def test_r19_tiebreak_is_on_the_final_phase() -> None:
    # In the tiebreak the tied players lay phase 10, not anything else.
    state = scenario(
        """
        game seed=19 dealer=1 current=0 step=play
        seat 0 "Ann" phase-index=10 score=100
          hand: R9 B9 G9 Y9 R9 R4 B4 G4 R1 R2 R3
        seat 1 "Bo" phase-index=10 score=100
          hand: B1 B2 B3 B5 B6 B7 B8 Y1 Y2 Y3
        seat 2 "Cy" phase-index=10 score=150
        active: 0 1
        tiebreak: 0 1
        discard: G12
        history: 1 phases=10,10,10 points=100,100,150 completed=yes,yes,yes out=- tiebreak=no
        """
    )
    check(state, ["seat0.phase=10"])
    illegal(state, "lay set:R9,B9,G9 set:R4,B4,G4", "phase 10")
    state = play(state, ["lay set:R9,B9,G9,Y9,R9 set:R4,B4,G4", "discard R1"])
    check(state, ["seat0.laid=yes", "current=1"])


# =============================================================================================
# Ruling 20: ten hands
# =============================================================================================

# Ann's laid groups for the phase of the hand (Ann is about to go out with R7).
TEN_HANDS_GROUPS = {
    3: ["set:R9,B9,G9,Y9", "run:R1,R2,R3,R4"],
    9: ["set:R9,B9,G9,Y9,W", "set:R4,B4,G4"],
    10: ["set:R9,B9,G9,Y9,W", "set:R4,B4,G4"],
}


def _ten_hands_state(hand: int, scores: tuple[int, int, int]) -> str:
    """Hand ``hand`` of a ten-hands game: Ann has laid and holds only R7; Bo and Cy have
    not laid (their hands are worth 50 each).  ``scores`` are the totals before it."""
    history = []
    for number in range(1, hand):
        points = scores if number == 1 else (0, 0, 0)
        out = "-" if number == 1 else "0"
        history.append(
            f"history: {number} phases={number},{number},{number} "
            f"points={points[0]},{points[1]},{points[2]} completed=no,no,no out={out} tiebreak=no"
        )
    index = hand - 1
    return "\n".join(
        [
            "game seed=20 dealer=2 current=0 step=play",
            "options ten-hands=yes",
            f'seat 0 "Ann" phase-index={index} score={scores[0]}',
            "  hand: R7",
            *[f"  group: {g}" for g in TEN_HANDS_GROUPS[hand]],
            f'seat 1 "Bo" phase-index={index} score={scores[1]}',
            "  hand: B1 B2 B3 B4 B5 B6 B7 B8 R1 R2",
            f'seat 2 "Cy" phase-index={index} score={scores[2]}',
            "  hand: Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 R5 R6",
            "discard: G12",
            *history,
        ]
    )


@pytest.mark.parametrize(
    ("hand", "scores", "expect"),
    [
        pytest.param(
            3,
            (0, 0, 0),
            ["step=hand-over", "seat0.phase=4", "seat1.phase=4", "seat2.phase=4", "last.completed=yes,no,no"],
            id="r20-everyone-advances-reizen-var1",
        ),
        pytest.param(
            10,
            (300, 0, 10),
            ["step=game-over", "winner=1"],
            id="r20-lowest-total-after-ten-hands-without-any-phase",
        ),
        pytest.param(10, (0, 300, 300), ["step=game-over", "winner=0"], id="r20-out-player-lowest"),
        pytest.param(
            10, (200, 20, 20), ["step=hand-over", "tiebreak=1 2", "winner=-"], id="r20-tie-gets-a-tiebreak"
        ),
        pytest.param(
            9,
            (300, 0, 10),
            ["step=hand-over", "winner=-", "seat0.phase=10", "seat1.phase=10"],
            id="r20-no-end-before-ten-hands",
        ),
    ],
)
def test_r20_ten_hands(hand: int, scores: tuple[int, int, int], expect: list[str]) -> None:
    state = play(scenario(_ten_hands_state(hand, scores)), ["discard R7"])
    check(state, expect)


def test_r20_tiebreak_hand_on_final_phase() -> None:
    state = play(scenario(_ten_hands_state(10, (200, 20, 20))), ["discard R7", "next"])
    check(
        state, ["active=1 2", "seat1.phase=10", "seat2.phase=10", "seat0.cards=0", "hand=11", "tiebreak=1 2"]
    )


# =============================================================================================
# Rulings 21-23: first to N phases, even phases, combinations
# =============================================================================================


@pytest.mark.parametrize(
    ("options", "sequence"),
    [
        pytest.param(Options(), tuple(range(1, 11)), id="classic-1-to-10"),
        *[
            pytest.param(Options(phases_to_win=n), tuple(range(1, n + 1)), id=f"r21-first-to-{n}")
            for n in (1, 5, 7, 10)
        ],
        pytest.param(Options(even_phases=True), (2, 4, 6, 8, 10), id="r22-even-phases"),
        pytest.param(
            Options(even_phases=True, ten_hands=True),
            (2, 4, 6, 8, 10),
            id="r23-even-and-ten-hands-five-hands",
        ),
        pytest.param(
            Options(phases_to_win=5, ten_hands=True), (1, 2, 3, 4, 5), id="r23-first-to-5-and-ten-hands"
        ),
        # Our reading: N counts phases of the even sequence (see the report).
        pytest.param(
            Options(phases_to_win=3, even_phases=True), (2, 4, 6), id="r23-even-and-first-to-3-reading"
        ),
    ],
)
def test_r21_r23_phase_sequences(options: Options, sequence: tuple[int, ...]) -> None:
    assert options.phase_sequence() == sequence


@pytest.mark.parametrize("value", [0, 11, -1, True, 5.0], ids=lambda v: f"r21-bad-n-{v!r}")
def test_r21_n_between_1_and_10(value: object) -> None:
    with pytest.raises(SetupError):
        Options(phases_to_win=value)  # type: ignore[arg-type]


def test_r21_game_ends_when_phase_n_completed() -> None:
    state = scenario(
        """
        game seed=21 dealer=1 current=0 step=play
        options phases-to-win=2
        seat 0 "Ann" phase-index=1 score=40
          hand: R7
          group: set:R6,B6,G6
          group: run:R3,R4,R5,R6
        seat 1 "Bo" phase-index=0 score=0
          hand: B1 B1 B3 B3 B5 B5 B8 B8 B9 W
        discard: G12
        history: 1 phases=1,1 points=40,0 completed=yes,no out=1 tiebreak=no
        """
    )
    check(play(state, ["discard R7"]), ["step=game-over", "winner=0"])


def test_r22_even_phases_start_on_phase_2() -> None:
    state = new_game(GameConfig(("A", "B"), 22, Options(even_phases=True)))
    check(state, ["seat0.phase=2", "seat1.phase=2"])


R22_STATE = """
    game seed=22 dealer=1 current=0 step=play
    options even-phases=yes
    seat 0 "Ann"
      hand: R5 B5 G5 R7 B7 G7 R8 B9 Y10 R11 W
    seat 1 "Bo"
      hand: B1 B1 B3 B3 B4 B4 B8 B8 B9 Y2
    discard: G12
"""


def test_r22_even_phases_lay_phase_2_not_1() -> None:
    state = scenario(R22_STATE)
    illegal(state, "lay set:R5,B5,G5 set:R7,B7,G7", "phase 2")
    state = play(state, ["lay set:R5,B5,G5 run:R7,R8,B9,Y10"])
    state = play(state, ["hit R11 @0:1 high", "discard B7"])
    state = play(state, ["draw"])  # Bo's turn; then Ann goes out next turn or later
    check(state, ["current=1"])


def test_r22_even_phases_advance_to_phase_4() -> None:
    state = scenario(
        """
        game seed=22 dealer=1 current=0 step=play
        options even-phases=yes
        seat 0 "Ann"
          hand: R7
          group: set:R5,B5,G5
          group: run:R7,R8,B9,Y10
        seat 1 "Bo"
          hand: B1 B1 B3 B3 B4 B4 B8 B8 B9 Y2
        discard: G12
        """
    )
    check(play(state, ["discard R7"]), ["seat0.phase=4", "seat1.phase=2", "last.phases=2,2"])


def test_r23_even_ten_hands_ends_after_five_hands() -> None:
    history = "\n".join(
        f"history: {i} phases={p},{p} points=0,0 completed=no,no out=- tiebreak=no"
        for i, p in enumerate((2, 4, 6, 8), start=1)
    )
    state = scenario(
        f"""
        game seed=23 dealer=1 current=0 step=play
        options ten-hands=yes even-phases=yes
        seat 0 "Ann" phase-index=4
          hand: R7
          group: set:R9,B9,G9,Y9,W
          group: set:R4,B4,G4
        seat 1 "Bo" phase-index=4
          hand: B1 B1 B3 B3 B5 B5 B8 B8 B9 W
        discard: G12
        {history}
        """
    )
    check(state, ["seat0.phase=10"])
    check(play(state, ["discard R7"]), ["step=game-over", "winner=0", "hands-played=5"])


@pytest.mark.parametrize(
    ("options", "phase", "hand_number", "expect"),
    [
        pytest.param(
            "ten-hands=yes phases-to-win=3",
            3,
            3,
            ["step=game-over", "winner=0"],
            id="r23-ten-hands-and-first-to-3-ends-after-3-hands",
        ),
        pytest.param(
            "ten-hands=yes phases-to-win=3",
            2,
            2,
            ["step=hand-over", "seat1.phase=3"],
            id="r23-ten-hands-and-first-to-3-goes-on-after-2",
        ),
        pytest.param(
            "even-phases=yes phases-to-win=2",
            4,
            2,
            ["step=game-over", "winner=0"],
            id="r23-even-and-first-to-2-ends-on-phase-4",
        ),
        pytest.param(
            "even-phases=yes ten-hands=yes",
            4,
            2,
            ["step=hand-over", "seat1.phase=6"],
            id="r23-even-and-ten-hands-second-hand-to-6",
        ),
    ],
)
def test_r23_combinations_in_play(options: str, phase: int, hand_number: int, expect: list[str]) -> None:
    groups = {
        2: ["set:R9,B9,G9", "run:R1,R2,R3,R4"],
        3: ["set:R9,B9,G9,Y9", "run:R1,R2,R3,R4"],
        4: ["run:R1,R2,R3,R4,R5,R6,W"],
    }[phase]
    sequence = Options(
        ten_hands="ten-hands=yes" in options,
        even_phases="even-phases=yes" in options,
        phases_to_win=int(options.split("phases-to-win=")[1]) if "phases-to-win" in options else None,
    ).phase_sequence()
    index = sequence.index(phase)
    history = [
        f"history: {n} phases={sequence[n - 1]},{sequence[n - 1]} points=0,0 completed=no,no out=-"
        for n in range(1, hand_number)
    ]
    text = "\n".join(
        [
            "game seed=23 dealer=1 current=0 step=play",
            f"options {options}",
            f'seat 0 "Ann" phase-index={index}',
            "  hand: R7",
            *[f"  group: {g}" for g in groups],
            f'seat 1 "Bo" phase-index={index}',
            "  hand: B1 B1 B3 B3 B5 B5 B8 B8 B11 B11",
            "discard: G12",
            *history,
        ]
    )
    check(play(scenario(text), ["discard R7"]), expect)


# =============================================================================================
# Ruling 24: the El Chavo Phase 10
# =============================================================================================

CHAVO = Options(el_chavo=True)

R24_LAYS = [
    ([("set", "R5 B5 G5 Y5 R5"), ("set", "R3 B3 G3")], False, "r24-no-8-no-wild"),
    ([("set", "R5 B5 G5 Y5 R5"), ("set", "R8 B8 G8")], True, "r24-set-of-8s-of-3-chavo"),
    ([("set", "R8 B8 G8 Y8 R8"), ("set", "R3 B3 G3")], True, "r24-set-of-8s-of-5"),
    ([("set", "R5 B5 G5 Y5 W"), ("set", "R3 B3 G3")], True, "r24-wild-in-set-of-5-chavo"),
    ([("set", "R5 B5 G5 Y5 R5"), ("set", "R3 B3 W")], True, "r24-wild-in-set-of-3"),
    ([("set", "R8 B8 G8 Y8 W"), ("set", "R3 B3 G3")], True, "r24-both-is-fine-chavo"),
    ([("set", "R5 B5 G5 Y5 R5 W"), ("set", "R3 B3 G3")], True, "r24-extra-wild-supplies-it"),
    ([("set", "R5 B5 G5 Y5 R5"), ("set", "R3 B3 G3 W")], True, "r24-extra-wild-in-set-of-3"),
    ([("set", "R5 B5 G5 Y5 R5"), ("set", "R8 B8 G8 Y8")], True, "r24-extra-8-in-set-of-8s"),
    ([("set", "R5 B5 G5 Y5 R5 B5"), ("set", "R3 B3 G3 Y3")], False, "r24-extras-without-8-or-wild"),
    ([("set", "R5 B5 G5 Y5 S"), ("set", "R8 B8 G8")], False, "r24-skip-never-chavo"),
]


@pytest.mark.parametrize(("groups", "valid"), [pytest.param(g, v, id=i) for g, v, i in R24_LAYS])
def test_r24_el_chavo_phase_10(groups: list[tuple[str, str]], valid: bool) -> None:
    laid = [group(kind, text) for kind, text in groups]
    assert (laydown_problem(laid, CHAVO.phase_spec(10), CHAVO.ruleset()) is None) is valid


@pytest.mark.parametrize(
    ("options", "phase", "groups"),
    [
        pytest.param(
            Options(),
            10,
            [("set", "R5 B5 G5 Y5 R5"), ("set", "R3 B3 G3")],
            id="r24-classic-phase-10-needs-no-8",
        ),
        pytest.param(
            CHAVO, 9, [("set", "R5 B5 G5 Y5 R5"), ("set", "R3 B3")], id="r24-el-chavo-phase-9-needs-no-8"
        ),
        pytest.param(
            CHAVO, 1, [("set", "R5 B5 G5"), ("set", "R3 B3 G3")], id="r24-el-chavo-phase-1-needs-no-8"
        ),
    ],
)
def test_r24_only_phase_10_of_el_chavo(options: Options, phase: int, groups: list[tuple[str, str]]) -> None:
    laid = [group(kind, text) for kind, text in groups]
    assert laydown_problem(laid, options.phase_spec(phase), options.ruleset()) is None


@pytest.mark.parametrize(
    ("hand", "found"),
    [
        pytest.param("R5 B5 G5 Y5 R5 R3 B3 G3 R1 R2 Y12", False, id="r24-finder-none-without-8-or-wild"),
        pytest.param("R5 B5 G5 Y5 R5 R3 B3 G3 R1 R2 W", True, id="r24-finder-adds-the-spare-wild"),
        pytest.param("R5 B5 G5 Y5 R5 R8 B8 G8 R1 R2 Y12", True, id="r24-finder-uses-8s"),
        pytest.param("R5 B5 G5 Y5 R3 B3 G3 R1 R2 W Y12", True, id="r24-finder-wild-needed-anyway"),
    ],
)
def test_r24_finder(hand: str, found: bool) -> None:
    result = find_laydown(cards(hand), CHAVO.phase_spec(10), CHAVO.ruleset())
    assert (result is not None) is found
    if result is not None:
        assert laydown_problem(result, CHAVO.phase_spec(10), CHAVO.ruleset()) is None
    for laydown in enumerate_laydowns(cards(hand), CHAVO.phase_spec(10), CHAVO.ruleset()):
        assert any(c.is_wild or (c.is_natural and c.number == 8) for g in laydown for c in g.cards)


R24_STATE = """
    game seed=24 dealer=1 current=0 step=play
    options el-chavo=yes
    seat 0 "Ann" phase-index=9
      hand: R5 B5 G5 Y5 R5 R3 B3 G3 R1 R2 W
    seat 1 "Bo"
      hand: B1 B1 B2 B2 B4 B4 B8 B8 B9 Y2
    discard: G12
"""


def test_r24_el_chavo_in_play() -> None:
    state = scenario(R24_STATE)
    illegal(state, "lay set:R5,B5,G5,Y5,R5 set:R3,B3,G3", "8 or a wild")
    after = play(state, ["lay set:R5,B5,G5,Y5,R5,W set:R3,B3,G3"])
    check(after, ["seat0.laid=yes", "seat0.hand=R1 R2"])
    for act in legal_actions(state):
        if isinstance(act, LayDown):
            assert WILD in act.cards


def test_r24_el_chavo_with_even_phases() -> None:
    options = Options(el_chavo=True, even_phases=True)
    assert options.phase_spec(10).must_include == 8
    assert options.phase_spec(8).must_include is None


def test_r8_every_opening_action_is_accepted() -> None:
    """A cross-check used throughout: why_illegal and legal_actions agree on a fresh deal."""
    state = new_game(GameConfig(("A", "B", "C"), 99))
    for act in legal_actions(state):
        assert why_illegal(state, act) is None
        apply(state, act)
