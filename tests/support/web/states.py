"""Games in the engine's state notation shared by the tests and the screenshots."""

from __future__ import annotations

import random

from phase10 import GameConfig, Options, Step, apply, legal_actions, new_game
from phase10.cards import Side
from phase10.serialize import to_json
from phase10.simulate import random_choice

# Hand 3: Ann has laid phase 2 and goes out by discarding her last card; Bartholomew has
# laid phase 3; Cy and Dee have not laid.
GOING_OUT = """
game seed=12 first-dealer=1 current=0 dealer=3 step=play turns=20
seat 0 "Ann" phase-index=1 score=50
  hand: B1
  group: set:R5,B5,W
  group: run:G8,Y9,R10,B11
seat 1 "Bartholomew" phase-index=2 score=65
  hand: Y12 R12
  group: set:R2,B2,Y2,G2
  group: run:G3,W,B5,R6
seat 2 "Cy" phase-index=1 score=70
  hand: B4 G4 Y6 R7 B8 G9 Y10 S W G12
seat 3 "Dee" phase-index=1 score=80
  hand: R1 Y1 G3 B6 G6 Y7 R9 B9 G10 R11
discard: Y8
history: 1 phases=1,1,1,1 points=50,0,60,5 completed=no,yes,no,yes out=1 tiebreak=no
history: 2 phases=1,2,1,2 points=0,65,10,75 completed=yes,yes,yes,no out=0 tiebreak=no
"""

# First to 3 phases, hand 3: Cy goes out, and Ann and Bartholomew both finish phase 3
# with 45 points each: a tie.
TIE = """
game seed=33 first-dealer=3 current=2 dealer=1 step=play turns=31
options phases-to-win=3
seat 0 "Ann" phase-index=2 score=25
  hand: R10 B12
  group: set:R6,B6,Y6,W
  group: run:G7,Y8,B9,R10
seat 1 "Bartholomew" phase-index=2 score=15
  hand: G10 Y11 R12
  group: set:B1,G1,R1,Y1
  group: run:R3,W,G5,Y6
seat 2 "Cy" phase-index=1 score=115
  hand: G3
  group: set:R8,B8,G8
  group: run:B2,R3,Y4,G5
seat 3 "Dee" phase-index=1 score=75
  hand: Y10 G11 B12 R2 B3 G4
  group: set:R11,B11,W
  group: run:R4,B5,G6,R7
discard: Y9
history: 1 phases=1,1,1,1 points=0,15,60,25 completed=yes,yes,no,yes out=0 tiebreak=no
history: 2 phases=2,2,1,2 points=25,0,55,50 completed=yes,yes,yes,no out=1 tiebreak=no
"""

# Robo, a computer, holds R5 for its own set and G7 for Ann's run, and goes out with Y12.
COMPUTER_HITS = """
game seed=3 current=1 dealer=1 step=play turns=9
seat 0 "Ann" phase-index=1
  hand: R1 R2 R3 R4 R6 R7 R10
  group: set:R8,B8,Y8
  group: run:G3,G4,G5,G6
seat 1 "Robo" kind=normal score=55
  hand: R5 G7 Y12
  group: set:B5,G5,Y5
  group: set:R9,B9,G9
discard: G1
history: 1 phases=1,1 points=0,55 completed=yes,no out=0 tiebreak=no
"""

# The tiebreak hand that follows (Cy and Dee sit out): Ann goes out first and wins.
TIEBREAK = """
game seed=33 first-dealer=3 current=0 dealer=2 step=play turns=6
options phases-to-win=3
seat 0 "Ann" phase-index=3 score=45
  hand: Y11
  group: set:R9,B9,G9,W
  group: run:R2,B3,Y4,G5
seat 1 "Bartholomew" phase-index=3 score=45
  hand: R1 B1 Y3 G6 R7 B8 Y10 G11 R12 W
seat 2 "Cy" phase-index=2 score=115
seat 3 "Dee" phase-index=2 score=120
discard: G7
active: 0 1
tiebreak: 0 1
history: 1 phases=1,1,1,1 points=0,15,60,25 completed=yes,yes,no,yes out=0 tiebreak=no
history: 2 phases=2,2,1,2 points=25,0,55,50 completed=yes,yes,yes,no out=1 tiebreak=no
history: 3 phases=3,3,2,2 points=20,30,0,45 completed=yes,yes,yes,yes out=2 tiebreak=no
"""


def hand_over_state() -> str:
    """A saved game at the end of its first hand (random legal play, seeded)."""
    rnd = random.Random(3)
    state = new_game(GameConfig(("Ann", "Bo", "Cy", "Di"), 3, Options()))
    while state.step is not Step.HAND_OVER:
        state = apply(state, random_choice(legal_actions(state), rnd))
    return to_json(state)


def computers_state() -> str:
    """One person and five computers, a computer to move."""
    kinds = ("person", "easy", "normal", "hard", "normal", "easy")
    names = ("Ann", "Computer 2", "Computer 3", "Computer 4", "Computer 5", "Computer 6")
    return to_json(new_game(GameConfig(names, 4, Options(), first_dealer=0, kinds=kinds)))


def flip_state() -> str:
    """A Flip game turned to the Wild Side, its person to draw (random legal play, seeded)."""
    rnd = random.Random(5)
    kinds = ("normal", "person", "hard")
    config = GameConfig(("Robo", "Ann", "Hal"), 48, Options(edition="flip"), kinds=kinds)
    state = new_game(config)
    while not (state.side is Side.WILD and state.current == 1 and state.step is Step.DRAW):
        state = apply(state, random_choice(legal_actions(state), rnd))
    return to_json(state)
