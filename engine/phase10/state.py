"""The game state: immutable values, all of it, including the random generator."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import Enum

from .cards import Card, Side
from .groups import Group
from .rules import GameConfig, PhaseSpec

__all__ = ["NO_PICK", "GameState", "HandRecord", "PlayerState", "Step", "completed_phases"]

# On the score sheet of a game of phases in any order, the phase of a seat that was dealt
# in but never picked one: the hand ended before its first turn (ruling 33).
NO_PICK = 0


class Step(Enum):
    DRAW = "draw"  # the current player must draw
    PLAY = "play"  # the current player may lay down and hit, and must discard
    HAND_OVER = "hand-over"  # the hand is scored; the next one waits to be dealt
    GAME_OVER = "game-over"


@dataclass(frozen=True, slots=True)
class PlayerState:
    name: str
    hand: tuple[Card, ...]  # sorted; order carries no meaning
    phase_index: int  # index in the phase sequence of the phase this player works on
    groups: tuple[Group, ...] = ()  # laid this hand; empty until the phase is down
    score: int = 0
    skip_pending: bool = False  # a Skip against this player waits for their next turn
    skip_protected: bool = False  # skipped, and has not played a turn since (ruling 12)
    taken: tuple[Card, ...] = ()  # cards taken from the discard pile this hand: public
    # Cards this player showed they did not want this hand, oldest first: each card they
    # discarded, and each top of the discard pile they could have taken and drew past.
    # Public (everyone saw them), as everyone saw them; the expert reads hands from them.
    declined: tuple[Card, ...] = ()
    # Phases in any order (ruling 33): the phase picked for this hand, None until picked
    # (and always None when phases go in order, or in a tiebreak).  Public.
    pick: int | None = None

    @property
    def has_laid(self) -> bool:
        return bool(self.groups)

    @property
    def shown_hand(self) -> tuple[Card, ...]:
        """The hand as its holder sees it: two-sided cards without their backs, sorted."""
        shown = tuple(card.shown for card in self.hand)
        return shown if shown == self.hand else tuple(sorted(shown))


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One line of the score sheet."""

    number: int  # 1, 2, ... in the order played
    phases: tuple[int | None, ...]  # the phase each seat played for; None: sat out
    points: tuple[int | None, ...]
    completed: tuple[bool, ...]  # laid their phase this hand
    went_out: int | None  # None: the draw pile ran out (ruling 10)
    tiebreak: bool = False


def completed_phases(sheet: Sequence[HandRecord], seat: int) -> tuple[int, ...]:
    """The phases ``seat`` has completed by the hands on ``sheet``, as a set in order: a
    tiebreak hand, played on the final phase again, completes none."""
    return tuple(
        sorted({phase for r in sheet if not r.tiebreak and r.completed[seat] and (phase := r.phases[seat])})
    )


@dataclass(frozen=True, slots=True)
class GameState:
    config: GameConfig
    rng: int
    hand_number: int  # hands dealt so far, this one included
    dealer: int
    current: int
    step: Step
    draw_pile: tuple[Card, ...]  # the top is the last card
    discard_pile: tuple[Card, ...]  # the top is the last card
    players: tuple[PlayerState, ...]
    active: tuple[int, ...]  # seats dealt into this hand (all, or a tiebreak's players)
    history: tuple[HandRecord, ...] = ()
    tiebreak: tuple[int, ...] = ()  # seats in the tiebreak hand, while one is due or played
    winner: int | None = None
    turns: int = 0  # turns begun this hand
    side: Side = Side.COLOR  # the side of two-sided cards the table plays (Flip edition)
    # Hints each seat asked the coach for (``coach.count_hint``); empty: none yet.  Not a
    # move: asking changes no card, but the score sheet says a game was coached.
    hints_used: tuple[int, ...] = ()

    @property
    def player(self) -> PlayerState:
        return self.players[self.current]

    @property
    def discard_top(self) -> Card | None:
        return self.discard_pile[-1] if self.discard_pile else None

    @property
    def is_over(self) -> bool:
        return self.step is Step.GAME_OVER

    def phase_number(self, seat: int) -> int:
        """The phase ``seat`` works on: in a tiebreak, the final phase (ruling 19).  With
        phases in any order, the phase it picked, or until it picks, the first it may pick."""
        options = self.config.options
        tiebreak = seat in self.tiebreak
        if not options.any_order or tiebreak:
            return options.phase_played(self.players[seat].phase_index, tiebreak)
        pick = self.players[seat].pick
        if pick is not None and self.step in (Step.DRAW, Step.PLAY):
            return pick
        return (options.open_phases(self.done(seat)) or options.phase_sequence()[-1:])[0]

    def done(self, seat: int) -> tuple[int, ...]:
        """The phases ``seat`` has completed, as a set in order."""
        return completed_phases(self.history, seat)

    def must_pick(self, seat: int) -> bool:
        """Whether ``seat`` still picks its phase this hand before it draws (ruling 33)."""
        return (
            self.config.options.any_order
            and seat in self.active
            and seat not in self.tiebreak
            and self.players[seat].pick is None
        )

    def phase_spec(self, seat: int) -> PhaseSpec:
        return self.config.options.phase_spec(self.phase_number(seat))

    def with_player(self, seat: int, **changes: object) -> GameState:
        players = list(self.players)
        players[seat] = replace(players[seat], **changes)  # type: ignore[arg-type]
        return replace(self, players=tuple(players))
