"""Scenario tests: the rulebooks' examples, played out in the engine's notation.

Every scenario is a table row: a state (the hands and the table, in the
``phase10.notation`` form), the cards to be drawn next, the actions played (in
the ``phase10.actions`` text form), and the outcome.  Refusals are rows too:
the state, the actions before, the refused action and a word of the reason;
the helpers also check that a refused action leaves the state untouched.

Sources in the ids: reizen = classic-reizen.txt, 25th =
classic-25th-anniversary.txt, nam = classic-nam.txt, chavo =
el-chavo-edition-bilingual.txt, followed by the section of the rulebook.
"""

from __future__ import annotations

import textwrap
from collections import Counter
from dataclasses import dataclass, field

import pytest

from phase10.actions import TakeDiscard
from phase10.cards import WILD
from phase10.game import legal_actions
from phase10.notation import parse_state
from phase10.state import GameState
from support.engine.scenarios import cards, check, illegal, play, scenario

# Cards for a player who only watches, in order of preference: none of them is in a
# draw pile's top cards below.
WATCHER_CARDS = [f"{color}{number}" for number in (11, 8, 5, 3, 7, 6, 9) for color in "YG" for _ in "12"]


def watcher(*taken: str) -> str:
    """Ten watcher cards that the texts ``taken`` leave free."""
    used = Counter(str(c) for text in taken for c in cards(text))
    hand: list[str] = []
    for face in WATCHER_CARDS:  # two copies of each face: free while fewer are in use
        if used[face] + hand.count(face) < 2 and len(hand) < 10:
            hand.append(face)
    assert len(hand) == 10
    return " ".join(hand)


def two_players(
    ann: str, *, phase: int = 1, step: str = "play", discard: str = "Y12", options: str = "", bo: str = ""
) -> str:
    """Ann (seat 0) to play on ``phase``; Bo (seat 1) watches with an unlaid hand
    (``bo``, or ten cards that Ann's do not clash with)."""
    ann_cards = " ".join(line.rsplit(":", 1)[1].replace(",", " ") for line in ann.strip().splitlines())
    bo = bo or watcher(ann_cards, discard)
    lines = [
        f"game seed=100 dealer=1 current=0 step={step}",
        *([f"options {options}"] if options else []),
        f'seat 0 "Ann" phase-index={phase - 1}',
        *[f"  {line.strip()}" for line in ann.strip().splitlines()],
        'seat 1 "Bo"',
        f"  hand: {bo}",
        f"discard: {discard}",
    ]
    return "\n".join(lines)


@dataclass(frozen=True)
class Play:
    """A state, the next cards of the draw pile, actions, and what must hold after."""

    state: str
    actions: list[str]
    expect: list[str]
    draw_top: str = ""


@dataclass(frozen=True)
class Refusal:
    """A state, actions that are legal, then one that must be refused."""

    state: str
    before: list[str]
    bad: str
    reason: str
    draw_top: str = ""
    note: str = field(default="")


# =============================================================================================
# Definitions: sets, runs, one colour, Wilds (reizen / 25th / nam DEFINITIONS)
# =============================================================================================

PLAYS: dict[str, Play] = {}
REFUSALS: dict[str, Refusal] = {}

PLAYS["reizen-sets-three-7s-and-three-10s"] = Play(
    two_players("hand: R7 B7 G7 R10 B10 Y1 Y2 Y4 Y6 G12", step="draw", discard="G10"),
    ["take", "lay set:R7,B7,G7 set:R10,B10,G10", "discard G12"],
    [
        "seat0.has=set:R7,B7,G7",
        "seat0.has=set:R10,B10,G10",
        "seat0.hand=Y1 Y2 Y4 Y6",
        "current=1",
        "step=draw",
    ],
)
PLAYS["reizen-sets-three-10s-and-three-more-10s"] = Play(
    two_players("hand: R10 B10 G10 Y10 R10 Y1 Y2 Y4 Y6 G12", step="draw", discard="B10"),
    ["take", "lay set:R10,B10,G10 set:Y10,R10,B10", "discard G12"],
    ["seat0.has=set:R10,B10,G10", "seat0.has=set:R10,B10,Y10", "seat0.groups=2"],
)
PLAYS["reizen-runs-3-4-5-6-any-colours"] = Play(
    two_players("hand: R3 B4 G5 Y6 R9 B9 G9 Y1 Y2 G12", phase=2, step="draw"),
    ["draw", "lay set:R9,B9,G9 run:R3,B4,G5,Y6", "discard R11"],
    ["seat0.has=run:R3,B4,G5,Y6", "seat0.hand=Y1 Y2 G12"],
    draw_top="R11",
)
PLAYS["reizen-one-colour-seven-red-in-any-order"] = Play(
    two_players("hand: R12 R1 R7 R3 R9 R5 R10 B2 B4 G6", phase=8, step="draw"),
    ["draw", "lay color:R12,R1,R7,R3,R9,R5,R10", "discard B8"],
    ["seat0.has=color:R1,R3,R5,R7,R9,R10,R12", "seat0.hand=B2 B4 G6"],
    draw_top="B8",
)
PLAYS["reizen-one-colour-seven-green"] = Play(
    two_players("hand: G12 G1 G7 G3 G9 G5 G10 B2 B4 R6", phase=8, step="draw"),
    ["draw", "lay color:G1,G3,G5,G7,G9,G10,G12", "discard B8"],
    ["seat0.has=color:G1,G3,G5,G7,G9,G10,G12"],
    draw_top="B8",
)
PLAYS["reizen-wild-as-5-in-3-4-_-6"] = Play(
    two_players("hand: R3 R4 R6 W B9 G9 Y9 Y1 Y2 G12", phase=2, step="draw"),
    ["draw", "lay set:B9,G9,Y9 run:R3,R4,W,R6", "discard B11"],
    ["seat0.has=run:R3,R4,W,R6"],
    draw_top="B11",
)
PLAYS["reizen-wild-as-seventh-green"] = Play(
    two_players("hand: G1 G3 G5 G7 G9 G11 W R2 R4 B6", phase=8, step="draw"),
    ["draw", "lay color:G1,G3,G5,G7,G9,G11,W", "discard B11"],
    ["seat0.has=color:G1,G3,G5,G7,G9,G11,W", "seat0.hand=R2 R4 B6"],
    draw_top="B11",
)
PLAYS["reizen-wild-as-many-as-wanted-with-one-natural"] = Play(
    two_players("hand: W W W R4 W W W B9 G9 Y9", phase=4, step="draw"),
    ["draw", "lay run:W,W,W,R4,W,W,W", "discard B1"],
    ["seat0.has=run:W,W,W,R4,W,W,W", "seat0.hand=B9 G9 Y9"],
    draw_top="B1",
)
REFUSALS["reizen-wild-needs-one-natural-card"] = Refusal(
    two_players("hand: W W W W W W W R4 B9 G9 Y9", phase=4),
    [],
    "lay run:W,W,W,W,W,W,W",
    "numbered card",
)

# Ann laid a run with a Wild standing for 5; she now holds a real 5.
WILD_FIXED = two_players(
    """
    hand: R5 B2 G7
    group: set:R9,B9,G9
    group: run:R3,R4,W,R6
    """,
    phase=2,
)
REFUSALS["reizen-wild-stays-5-no-swap-low"] = Refusal(WILD_FIXED, [], "hit R5 @0:1 low", "does not fit")
REFUSALS["reizen-wild-stays-5-no-swap-high"] = Refusal(WILD_FIXED, [], "hit R5 @0:1 high", "does not fit")
PLAYS["reizen-wild-stays-5-run-grows-at-the-ends"] = Play(
    WILD_FIXED,
    ["hit B2 @0:1 low", "hit G7 @0:1 high"],
    ["seat0.group1=run:B2,R3,R4,W,R6,G7", "seat0.hand=R5"],
)

# The deal turned up a Wild: the first player (Bo, left of the dealer Ann) may take it.
PLAYS["reizen-wild-turned-up-taken-by-first-player"] = Play(
    """
    game seed=105 dealer=0 current=1 step=draw
    seat 0 "Ann"
      hand: B1 B1 B3 B3 Y5 Y5 Y8 Y8 G11 G11
    seat 1 "Bo"
      hand: R1 R2 R3 R5 R7 R9 R11 G2 G4 G6
    discard: W
    """,
    ["take"],
    ["seat1.hand=R1 R2 R3 R5 R7 R9 R11 G2 G4 G6 W", "discard=", "step=play"],
)

# =============================================================================================
# Skip cards (reizen / 25th / nam SKIP CARDS)
# =============================================================================================

SKIP3 = """
    game seed=111 dealer=2 current=0 step=play
    seat 0 "Ann"
      hand: S S R1 R3 R5 R7 R9 R11 B2 B4 B6
    seat 1 "Bo"
      hand: B1 B3 B5 B7 B9 B11 Y2 Y4 Y6 S
    seat 2 "Cy"
      hand: Y1 Y3 Y5 Y7 Y9 Y11 G2 G4 G6 G8
    discard: R12
"""
SKIP3_DRAWS = "R10 B10 Y10 G10 R10 B10 Y10 G10"

PLAYS["reizen-skip-discard-and-choose-cy"] = Play(
    SKIP3,
    ["discard S @2", "draw", "discard Y2"],
    ["current=0", "step=draw", "seat2.skip=protected", "seat2.cards=10"],
    SKIP3_DRAWS,
)
PLAYS["reizen-skip-discard-and-choose-bo"] = Play(
    SKIP3,
    ["discard S @1"],
    ["current=2", "step=draw", "seat1.skip=protected"],
    SKIP3_DRAWS,
)
PLAYS["reizen-skip-one-per-player-per-round-then-again"] = Play(
    SKIP3,
    # Ann skips Cy; after Cy's lost turn Ann skips Bo; Cy plays, and is a target again.
    ["discard S @2", "draw", "discard Y2", "draw", "discard S @1", "draw"],
    ["current=2", "step=play", "seat1.skip=protected", "seat2.skip=protected"],
    SKIP3_DRAWS,
)
REFUSALS["reizen-skip-one-per-player-per-round-pending"] = Refusal(
    SKIP3,
    ["discard S @2", "draw"],
    "discard S @2",
    "waiting",
    SKIP3_DRAWS,
)
REFUSALS["reizen-skip-one-per-player-per-round-once-around"] = Refusal(
    SKIP3,
    ["discard S @2", "draw", "discard Y2", "draw"],
    "discard S @2",
    "has not played",
    SKIP3_DRAWS,
)
PLAYS["reizen-skip-drawn-may-be-saved-for-later"] = Play(
    two_players("hand: R1 R3 R5 R7 R9 R11 B2 B4 B6 B8", step="draw", discard="R12"),
    ["draw", "discard R1", "draw", "discard R10", "draw", "discard S @1"],
    # Two players: Bo loses his turn, so Ann plays again (ruling 13).
    ["current=0", "step=draw", "seat1.skip=protected", "discard.top=S", "seat0.cards=10"],
    draw_top="S R10 B10 Y10",
)
PLAYS["reizen-skip-drawn-may-be-discarded-at-once"] = Play(
    two_players("hand: R1 R3 R5 R7 R9 R11 B2 B4 B6 B8", step="draw", discard="R12"),
    ["draw", "discard S @1"],
    ["current=0", "step=draw", "discard.top=S"],
    draw_top="S R10 B10 Y10",
)
REFUSALS["reizen-skip-never-in-phase-8"] = Refusal(
    two_players("hand: B1 B2 B3 B4 B5 B6 S R1 R2 R3 R4", phase=8),
    [],
    "lay color:B1,B2,B3,B4,B5,B6,S",
    "skip",
)
REFUSALS["reizen-skip-never-in-any-phase"] = Refusal(
    two_players("hand: R4 R4 S R7 B7 G7 R1 R2 R3 Y9 Y10"),
    [],
    "lay set:R4,R4,S set:R7,B7,G7",
    "skip",
)
REFUSALS["reizen-skip-never-picked-up-from-discard"] = Refusal(
    two_players("hand: R1 R3 R5 R7 R9 R11 B2 B4 B6 B8", step="draw", discard="R12 S"),
    [],
    "take",
    "skip",
)

# =============================================================================================
# Making a phase (reizen / 25th / nam MAKING A PHASE)
# =============================================================================================

# Ann holds three 5s and two 7s and draws another 7.  Bo has laid phase 1 and holds one card.
MAKING = """
    game seed=110 dealer=1 current=0 step=draw
    seat 0 "Ann"
      hand: R5 B5 G5 R7 B7 R1 Y3 Y9 G11 G12
    seat 1 "Bo"
      hand: Y1
      group: set:B1,G1,R1
      group: set:B2,G2,R2
    discard: Y12
"""
MAKING_ACTIONS = ["draw", "lay set:R5,B5,G5 set:R7,B7,G7", "discard G12", "draw", "hit Y2 @1:1", "discard Y1"]
PLAYS["reizen-making-draw-the-third-7-and-lay-phase-1"] = Play(
    MAKING,
    MAKING_ACTIONS[:3],
    ["seat0.laid=yes", "seat0.hand=R1 Y3 Y9 G11", "current=1"],
    "G7 Y2",
)
PLAYS["reizen-making-next-hand-works-on-phase-2"] = Play(
    MAKING,
    MAKING_ACTIONS,
    # Bo went out; Ann keeps R1 Y3 Y9 G11 = 25 points; both laid, both move on.
    [
        "step=hand-over",
        "last.out=1",
        "last.points=25,0",
        "last.completed=yes,yes",
        "seat0.phase=2",
        "seat1.phase=2",
    ],
    "G7 Y2",
)
PLAYS["reizen-making-next-hand-dealt"] = Play(
    MAKING,
    [*MAKING_ACTIONS, "next"],
    ["hand=2", "dealer=0", "seat0.phase=2", "seat1.phase=2", "seat0.laid=no", "seat1.laid=no"],
    "G7 Y2",
)
REFUSALS["reizen-making-whole-phase-in-hand"] = Refusal(
    MAKING,
    ["draw"],
    "lay set:R5,B5,G5 set:R7,B7",
    "phase 1",
    "B12",
)
REFUSALS["reizen-making-not-half-a-phase"] = Refusal(
    MAKING,
    ["draw"],
    "lay set:R5,B5,G5",
    "phase 1",
    "B12",
)

# Ann lays 5s and 7s with two more 5s in hand.
FIVES = two_players("hand: R5 B5 G5 Y5 R5 R7 B7 G7 R1 Y9 G12")
PLAYS["reizen-extra-5s-with-the-phase"] = Play(
    FIVES,
    ["lay set:R5,B5,G5,Y5,R5 set:R7,B7,G7"],
    ["seat0.has=set:R5,R5,B5,G5,Y5", "seat0.hand=R1 Y9 G12"],
)
PLAYS["reizen-extra-5s-hit-in-the-same-turn"] = Play(
    FIVES,
    ["lay set:R5,B5,G5 set:R7,B7,G7", "hit Y5 @0:0", "hit R5 @0:0"],
    ["seat0.has=set:R5,R5,B5,G5,Y5", "seat0.hand=R1 Y9 G12", "current=0", "step=play"],
)

# Ann lays 6s and 8s and also holds three 10s.
TENS = two_players("hand: R6 B6 G6 R8 B8 G8 R10 B10 G10 Y6 Y1")
REFUSALS["reizen-no-third-set-of-10s"] = Refusal(
    TENS,
    [],
    "lay set:R6,B6,G6 set:R8,B8,G8 set:R10,B10,G10",
    "2 group",
)
REFUSALS["reizen-10s-not-on-the-6s"] = Refusal(
    TENS,
    ["lay set:R6,B6,G6 set:R8,B8,G8"],
    "hit R10 @0:0",
    "does not fit",
)
REFUSALS["reizen-10s-not-on-the-8s"] = Refusal(
    TENS,
    ["lay set:R6,B6,G6 set:R8,B8,G8"],
    "hit G10 @0:1",
    "does not fit",
)
REFUSALS["reizen-10s-never-a-group-of-their-own"] = Refusal(
    TENS,
    ["lay set:R6,B6,G6 set:R8,B8,G8"],
    "lay set:R10,B10,G10",
    "already laid",
)
PLAYS["reizen-only-more-6s-and-8s"] = Play(
    TENS,
    ["lay set:R6,B6,G6 set:R8,B8,G8", "hit Y6 @0:0", "discard R10"],
    ["seat0.has=set:R6,B6,G6,Y6", "seat0.hand=B10 G10 Y1", "current=1"],
)

# A run of 9 laid for phase 4 (and grown to 11 by hits) is phase 4 only.
RUN9 = two_players("hand: R1 R2 R3 R4 R5 R6 R7 R8 R9 B10 B11", phase=4, bo="B1 B1 B3 B3 Y5 Y5 Y8 Y8 G11 G11")
PLAYS["reizen-run-of-9-is-credit-for-phase-4-only"] = Play(
    RUN9,
    ["lay run:R1,R2,R3,R4,R5,R6,R7,R8,R9", "hit B10 @0:0 high", "hit B11 @0:0 high"],
    [
        "step=hand-over",
        "last.out=0",
        "last.phases=4,1",
        "seat0.phase=5",
        "seat0.phase-index=4",
        "last.points=0,60",
    ],
)
REFUSALS["reizen-run-of-9-is-not-phase-6-out-of-order"] = Refusal(
    two_players("hand: R1 R2 R3 R4 R5 R6 R7 R8 R9 B10 B11", phase=3),
    [],
    "lay run:R1,R2,R3,R4,R5,R6,R7,R8,R9",
    "phase 3",
)
REFUSALS["reizen-phases-in-order-phase-2-player-cannot-lay-phase-1"] = Refusal(
    two_players("hand: R5 B5 G5 R7 B7 G7 R1 Y3 Y9 G11 G12", phase=2),
    [],
    "lay set:R5,B5,G5 set:R7,B7,G7",
    "phase 2",
)
REFUSALS["reizen-one-phase-per-hand"] = Refusal(
    two_players("hand: R5 B5 G5 R7 B7 G7 R9 B9 G9 Y9 Y10"),
    ["lay set:R5,B5,G5 set:R7,B7,G7"],
    "lay set:R9,B9,G9 set:Y9,Y10",
    "already laid",
)

# Several players complete their phase in one hand; credit does not need going out.
CREDIT = """
    game seed=112 dealer=0 current=1 step=play
    seat 0 "Ann"
      hand: Y1 Y2 Y4 Y6
      group: set:R7,B7,G7
      group: set:R10,B10,G10
    seat 1 "Bo"
      hand: R12
      group: set:R3,B3,G3
      group: set:R4,B4,G4
    seat 2 "Cy"
      hand: B1 B1 B5 B5 Y5 Y5 Y8 Y8 G11 G11
    discard: G12
"""
PLAYS["reizen-credit-when-laid-several-complete-others-repeat"] = Play(
    CREDIT,
    ["discard R12"],
    [
        "step=hand-over",
        "last.out=1",
        "last.points=20,0,60",
        "last.completed=yes,yes,no",
        "seat0.phase=2",
        "seat1.phase=2",
        "seat2.phase=1",
    ],
)

# =============================================================================================
# Hitting (reizen / 25th / nam HITTING)
# =============================================================================================

# Ann has laid phase 1; Bo a set of 4s and the run 3-6 (phase 2); Cy seven greens (phase 8).
HITS = """
    game seed=113 dealer=2 current=0 step=play
    seat 0 "Ann"
      hand: Y4 R2 R7 R8 G2 W W
      group: set:R9,B9,G9
      group: set:R10,B10,G10
    seat 1 "Bo" phase-index=1
      hand: B1 B1
      group: set:R4,B4,G4
      group: run:Y3,Y4,Y5,Y6
    seat 2 "Cy" phase-index=7
      hand: B5 B5 B7
      group: color:G1,G3,G5,G7,G9,G11,G12
    discard: Y12
"""
HIT_ROWS = {
    "reizen-hitting-a-4-on-the-set-of-4s": (["hit Y4 @1:0"], ["seat1.group0=set:R4,B4,G4,Y4"]),
    "reizen-hitting-a-2-below-3-4-5-6": (["hit R2 @1:1 low"], ["seat1.group1=run:R2,Y3,Y4,Y5,Y6"]),
    "25th-hitting-a-7-and-an-8-above": (
        ["hit R7 @1:1 high", "hit R8 @1:1 high"],
        ["seat1.group1=run:Y3,Y4,Y5,Y6,R7,R8"],
    ),
    "reizen-hitting-greens-on-seven-greens": (
        ["hit G2 @2:0"],
        ["seat2.group0=color:G1,G2,G3,G5,G7,G9,G11,G12"],
    ),
    "reizen-hitting-wild-on-the-set": (["hit W @1:0"], ["seat1.group0=set:R4,B4,G4,W"]),
    "reizen-hitting-wild-on-the-run": (["hit W @1:1 high"], ["seat1.group1=run:Y3,Y4,Y5,Y6,W"]),
    "reizen-hitting-wild-on-the-colour": (["hit W @2:0"], ["seat2.group0=color:G1,G3,G5,G7,G9,G11,G12,W"]),
    "reizen-hitting-own-cards": (["hit W @0:0"], ["seat0.group0=set:R9,B9,G9,W"]),
    "reizen-hitting-own-and-others-out-by-hitting": (
        [
            "hit Y4 @1:0",
            "hit R2 @1:1 low",
            "hit R7 @1:1 high",
            "hit R8 @1:1 high",
            "hit G2 @2:0",
            "hit W @0:1",
            "hit W @2:0",
        ],
        [
            "step=hand-over",
            "last.out=0",
            "discard=Y12",
            "last.points=0,10,15",
            "seat0.phase=2",
            "seat1.phase=3",
            "seat2.phase=9",
        ],
    ),
}
for _id, (_actions, _expect) in HIT_ROWS.items():
    PLAYS[_id] = Play(HITS, _actions, _expect)

REFUSALS["reizen-hitting-must-fit-2-not-above-6"] = Refusal(HITS, [], "hit R2 @1:1 high", "does not fit")
REFUSALS["reizen-hitting-must-fit-green-2-not-on-4s"] = Refusal(HITS, [], "hit G2 @1:0", "does not fit")
REFUSALS["reizen-hitting-must-fit-yellow-not-on-greens"] = Refusal(HITS, [], "hit Y4 @2:0", "does not fit")

# Cy has not laid yet: she may not hit, not even on others' groups.
NOT_YET = """
    game seed=114 dealer=1 current=2 step=play
    seat 0 "Ann"
      hand: Y1 Y2 Y4 Y6
      group: set:R7,B7,G7
      group: set:R10,B10,G10
    seat 1 "Bo"
      hand: B1 B1 B5 B5 Y5 Y5 Y8 Y8 G11 G11
    seat 2 "Cy"
      hand: R7 B10 R1 R2 R4 R6 G3 G5 G9 Y11 Y12
    discard: G12
"""
REFUSALS["reizen-hitting-own-phase-first-set-of-7s"] = Refusal(
    NOT_YET,
    [],
    "hit R7 @0:0",
    "lay down your own phase",
)
REFUSALS["reizen-hitting-own-phase-first-set-of-10s"] = Refusal(
    NOT_YET,
    [],
    "hit B10 @0:1",
    "lay down your own phase",
)
REFUSALS["reizen-hitting-only-during-your-turn-after-drawing"] = Refusal(
    HITS.replace("step=play", "step=draw").replace("hand: Y4 R2 R7 R8 G2 W W", "hand: Y4 R2 R7 R8 G2 W"),
    [],
    "hit Y4 @1:0",
    "draw",
)

# =============================================================================================
# Going out, scoring, the next deal (reizen / 25th / nam GOING OUT, SCORING)
# =============================================================================================

SCORING = """
    game seed=115 dealer=0 current=0 step=play
    seat 0 "Ann" score=10
      hand: B7
      group: set:R7,B7,G7
      group: set:R8,B8,G8
    seat 1 "Bo" score=20
      hand: R1 R9 R10 R12 S W
      group: set:R3,B3,G3
      group: set:R4,B4,G4
    seat 2 "Cy" score=30
      hand: Y1 Y2 Y3 Y4 Y5 Y10 Y11 Y12 S W
    discard: G12
    history: 1 phases=1,1,1 points=10,20,30 completed=no,no,no out=- tiebreak=no
"""
PLAYS["reizen-going-out-by-discarding-scores"] = Play(
    SCORING,
    ["discard B7"],
    # Bo: 5+5+10+10+15+25; Cy: 5*5 + 10*3 + 15 + 25.  Laid cards never count.
    ["step=hand-over", "last.out=0", "last.points=0,70,95"],
)
PLAYS["25th-score-sheet-running-totals"] = Play(
    SCORING,
    ["discard B7"],
    ["seat0.score=10", "seat1.score=90", "seat2.score=125", "hands-played=2"],
)
PLAYS["reizen-scoring-left-of-dealer-deals-next"] = Play(
    SCORING,
    ["discard B7", "next"],
    ["dealer=1", "hand=3", "step=draw"],
)
REFUSALS["reizen-going-out-ends-the-hand"] = Refusal(SCORING, ["discard B7"], "draw", "hand is over")

# =============================================================================================
# The winner (reizen / 25th / nam THE WINNER; OBJECT)
# =============================================================================================


def final_hand(scores: tuple[int, int, int], bo_laid: bool, cy_phase: int = 10) -> str:
    """Ann is about to go out on phase 10; Bo is on phase 10 (laid: B1-B4 left, 20 points;
    not laid: 50 points); Cy (50 points in hand) is on ``cy_phase``."""
    bo = (
        "  hand: B1 B2 B3 B4\n  group: set:R10,B10,G10,Y10,W\n  group: set:R11,B11,G11"
        if bo_laid
        else "  hand: B1 B2 B3 B4 B5 B6 B7 B8 R1 R2"
    )
    return "\n".join(
        [
            "game seed=116 dealer=2 current=0 step=play",
            f'seat 0 "Ann" phase-index=9 score={scores[0]}',
            "  hand: R7",
            "  group: set:R9,B9,G9,Y9,W",
            "  group: set:R4,B4,G4",
            f'seat 1 "Bo" phase-index=9 score={scores[1]}',
            bo,
            f'seat 2 "Cy" phase-index={cy_phase - 1} score={scores[2]}',
            "  hand: Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 R5 R6",
            "discard: Y12",
            f"history: 1 phases=9,9,9 points={scores[0]},{scores[1]},{scores[2]} "
            "completed=no,no,no out=- tiebreak=no",
        ]
    )


PLAYS["reizen-winner-first-to-complete-phase-10"] = Play(
    final_hand((150, 10, 0), bo_laid=False, cy_phase=9),
    ["discard R7"],
    ["step=game-over", "winner=0"],
)
PLAYS["reizen-winner-two-complete-fewest-points"] = Play(
    final_hand((120, 40, 0), bo_laid=True),
    ["discard R7"],
    ["step=game-over", "winner=1", "seat0.score=120", "seat1.score=60"],
)
PLAYS["reizen-winner-tie-replays-phase-10"] = Play(
    final_hand((100, 80, 0), bo_laid=True),
    ["discard R7"],
    ["step=hand-over", "winner=-", "tiebreak=0 1"],
)
PLAYS["reizen-winner-tie-replay-dealt-to-the-tied"] = Play(
    final_hand((100, 80, 0), bo_laid=True),
    ["discard R7", "next"],
    ["active=0 1", "seat2.cards=0", "seat0.phase=10", "seat1.phase=10", "seat0.laid=no"],
)
REFUSALS["reizen-winner-game-over-no-more-hands"] = Refusal(
    final_hand((150, 10, 0), bo_laid=False, cy_phase=9),
    ["discard R7"],
    "next",
    "game is over",
)

TIE_REPLAY = """
    game seed=117 dealer=0 current=1 step=play
    seat 0 "Ann" phase-index=10 score=100
      hand: R9 B9 G9 Y9 R1 R4 B4 G4 R2 R3
    seat 1 "Bo" phase-index=10 score=100
      hand: B1 W
      group: set:R5,B5,G5,Y5,W
      group: set:R6,B6,G6
    seat 2 "Cy" phase-index=10 score=160
    active: 0 1
    tiebreak: 0 1
    discard: G12
    history: 1 phases=10,10,10 points=100,100,160 completed=yes,yes,yes out=- tiebreak=no
"""
PLAYS["reizen-winner-tie-first-one-out-wins"] = Play(
    TIE_REPLAY,
    ["hit W @1:1", "discard B1"],
    ["step=game-over", "winner=1", "last.tiebreak=yes"],
)

# =============================================================================================
# Variations (reizen / 25th / nam VARIATIONS)
# =============================================================================================

PLAYS["nam-variation-1-everyone-moves-on-each-hand"] = Play(
    two_players(
        """
        hand: R7
        group: set:R9,B9,G9
        group: set:R4,B4,G4
        """,
        options="ten-hands=yes",
    ),
    ["discard R7"],
    ["step=hand-over", "seat0.phase=2", "seat1.phase=2", "last.completed=yes,no"],
)
PLAYS["reizen-variation-2-first-to-5-phases"] = Play(
    two_players(
        """
        hand: R7
        group: run:R1,R2,R3,R4,R5,R6,W,R8
        """,
        phase=5,
        options="phases-to-win=5",
    ),
    ["discard R7"],
    ["step=game-over", "winner=0"],
)
PLAYS["reizen-variation-3-even-phases-2-then-4"] = Play(
    two_players(
        """
        hand: R7
        group: set:R9,B9,G9
        group: run:R3,R4,R5,R6
        """,
        options="even-phases=yes",
    ),
    ["discard R7"],
    ["seat0.phase=4", "seat1.phase=2", "last.phases=2,2"],
)
REFUSALS["reizen-variation-3-even-phases-no-phase-1"] = Refusal(
    two_players("hand: R5 B5 G5 R7 B7 G7 R1 Y3 Y9 G11 G12", options="even-phases=yes"),
    [],
    "lay set:R5,B5,G5 set:R7,B7,G7",
    "phase 2",
)

# =============================================================================================
# The El Chavo Phase 10 (chavo PHASE 10, THE SPECIAL EL CHAVO PHASE)
# =============================================================================================


def chavo(hand: str) -> str:
    return two_players(f"hand: {hand}", phase=10, options="el-chavo=yes")


PLAYS["chavo-phase-10-with-a-set-of-8s"] = Play(
    chavo("R5 B5 G5 Y5 R5 R8 B8 G8 R1 R2 R3"),
    ["lay set:R5,B5,G5,Y5,R5 set:R8,B8,G8"],
    ["seat0.laid=yes", "seat0.hand=R1 R2 R3"],
)
PLAYS["chavo-phase-10-with-a-wild"] = Play(
    chavo("R5 B5 G5 Y5 W R3 B3 G3 R1 R2 Y12"),
    ["lay set:R5,B5,G5,Y5,W set:R3,B3,G3"],
    ["seat0.laid=yes"],
)
PLAYS["chavo-phase-10-with-both-is-fine"] = Play(
    chavo("R8 B8 G8 Y8 W R3 B3 G3 R1 R2 Y12"),
    ["lay set:R8,B8,G8,Y8,W set:R3,B3,G3", "discard Y12"],
    ["seat0.laid=yes", "seat0.hand=R1 R2"],
)
REFUSALS["chavo-phase-10-needs-an-8-or-a-wild"] = Refusal(
    chavo("R5 B5 G5 Y5 R5 R3 B3 G3 R1 R2 S"),
    [],
    "lay set:R5,B5,G5,Y5,R5 set:R3,B3,G3",
    "8 or a wild",
)
REFUSALS["chavo-phase-10-skip-never-counts"] = Refusal(
    chavo("R5 B5 G5 Y5 R5 R3 B3 G3 R1 R2 S"),
    [],
    "lay set:R5,B5,G5,Y5,R5 set:R3,B3,G3,S",
    "skip",
)

# =============================================================================================
# Play (reizen / 25th / nam PLAY): draw or take, end by discarding, clockwise
# =============================================================================================

PLAY3 = """
    game seed=118 dealer=2 current=0 step=draw
    seat 0 "Ann"
      hand: R1 R3 R5 R7 R9 R11 B2 B4 B6 B8
    seat 1 "Bo"
      hand: B1 B3 B5 B7 B9 B11 Y2 Y4 Y6 Y8
    seat 2 "Cy"
      hand: Y1 Y3 Y5 Y7 Y9 Y11 G2 G4 G6 G8
    discard: R12
"""
PLAYS["reizen-play-draw-discard-clockwise"] = Play(
    PLAY3,
    ["draw", "discard R1", "take", "discard B1", "draw", "discard G8"],
    [
        "current=0",
        "step=draw",
        "discard=R12 B1 G8",
        "seat1.hand=R1 B3 B5 B7 B9 B11 Y2 Y4 Y6 Y8",
        "seat2.hand=Y1 Y3 Y5 Y7 Y9 Y11 G2 G4 G6 R10",
    ],
    "B10 R10",
)


# =============================================================================================
# What everyone sees a player take and decline (public facts the computer players read)
# =============================================================================================

# Drawing past the discard pile's top declines it, and so does discarding a card.
PLAYS["table-draw-past-and-discard-are-declined"] = Play(
    two_players("hand: R3 B4 G5 Y6 R9 B9 G9 Y1 Y2 G12", phase=2, step="draw", discard="Y12"),
    ["draw", "discard B8", "draw"],
    ["seat0.declined=Y12 B8", "seat0.taken=-", "seat1.declined=B8", "seat1.taken=-"],
    draw_top="B8 R11",
)
# Taking the top declines nothing; the card taken is on record instead.
PLAYS["table-a-card-taken-is-not-declined"] = Play(
    two_players("hand: R3 B4 G5 Y6 R9 B9 G9 Y1 Y2 G12", phase=2, step="draw", discard="R12"),
    ["take", "discard Y1"],
    ["seat0.taken=R12", "seat0.declined=Y1"],
)
# A Skip on top could not have been taken: drawing past it declines nothing.
PLAYS["table-a-skip-drawn-past-is-not-declined"] = Play(
    two_players("hand: R3 B4 G5 Y6 R9 B9 G9 Y1 Y2 G12", phase=2, step="draw", discard="S"),
    ["draw", "discard Y2"],
    ["seat0.declined=Y2"],
    draw_top="B8",
)


# =============================================================================================
# Runners
# =============================================================================================


@pytest.mark.parametrize("case", list(PLAYS.values()), ids=list(PLAYS))
def test_scenario_plays(case: Play) -> None:
    state = play(scenario(case.state, case.draw_top), case.actions)
    check(state, case.expect)


@pytest.mark.parametrize("case", list(REFUSALS.values()), ids=list(REFUSALS))
def test_scenario_refusals(case: Refusal) -> None:
    state = play(scenario(case.state, case.draw_top), case.before)
    illegal(state, case.bad, case.reason)


# =============================================================================================
# The first card turned up at a deal (reizen SKIP CARDS / WILD CARDS): a hand-over state,
# then "next", over seeds until the deal turns up the card wanted.
# =============================================================================================

HAND_OVER = """
    game seed={seed} dealer={dealer} current={dealer} step=hand-over
    seat 0 "Ann"
      hand:
    seat 1 "Bo"
      hand:
    seat 2 "Cy"
      hand:
    history: 1 phases=1,1,1 points=0,0,0 completed=no,no,no out=- tiebreak=no
"""


def _deal_turning_up(card_text: str, dealer: int) -> GameState:
    for seed in range(3000):
        state = parse_state(textwrap.dedent(HAND_OVER.format(seed=seed, dealer=dealer)))
        dealt = play(state, ["next"])
        if str(dealt.discard_pile[-1]) == card_text and len(dealt.discard_pile) == 1:
            return dealt
    raise AssertionError("no seed found")  # pragma: no cover


@pytest.mark.parametrize("dealer", [0, 1, 2], ids=lambda d: f"reizen-skip-turned-up-dealer-{d}")
def test_scenario_skip_turned_up_skips_the_first_player(dealer: int) -> None:
    state = _deal_turning_up("S", dealer)
    new_dealer = (dealer + 1) % 3
    first = (new_dealer + 1) % 3
    check(
        state,
        [f"dealer={new_dealer}", f"current={(first + 1) % 3}", f"seat{first}.skip=protected", "step=draw"],
    )
    assert TakeDiscard() not in legal_actions(state)


@pytest.mark.parametrize("dealer", [0, 2], ids=lambda d: f"reizen-wild-turned-up-dealer-{d}")
def test_scenario_wild_turned_up_may_be_taken(dealer: int) -> None:
    state = _deal_turning_up("W", dealer)
    first = (dealer + 2) % 3
    check(state, [f"current={first}", "step=draw"])
    wilds = state.players[first].hand.count(WILD)
    after = play(state, ["take"])
    assert after.players[first].hand.count(WILD) == wilds + 1
    check(after, ["discard=", "step=play"])
