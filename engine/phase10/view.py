"""What one player can see: the only thing the UI and the bots are given.

A view holds the viewer's own hand, and of everyone else only what is on the
table: hand sizes, laid groups, scores, phases, Skips waiting, and the cards
they took from the discard pile.  The draw pile is a count; the discard pile,
its top card and size.
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action
from .cards import Card
from .game import legal_actions
from .groups import Group
from .rules import Options, PhaseSpec
from .state import GameState, HandRecord, Step

__all__ = ["PlayerView", "PublicPlayer", "view"]


@dataclass(frozen=True, slots=True)
class PublicPlayer:
    seat: int
    name: str
    phase: int  # the phase number worked on
    phase_spec: PhaseSpec
    phases_completed: int
    hand_count: int
    groups: tuple[Group, ...]
    score: int
    skip_pending: bool
    skip_protected: bool
    taken: tuple[Card, ...]
    in_hand: bool  # dealt into this hand (False only when sitting out a tiebreak)

    @property
    def has_laid(self) -> bool:
        return bool(self.groups)


@dataclass(frozen=True, slots=True)
class PlayerView:
    seat: int  # the viewer
    hand: tuple[Card, ...]
    players: tuple[PublicPlayer, ...]
    options: Options
    draw_count: int
    discard_top: Card | None
    discard_count: int
    step: Step
    current: int
    dealer: int
    hand_number: int
    history: tuple[HandRecord, ...]
    tiebreak: tuple[int, ...]
    winner: int | None
    legal: tuple[Action, ...]  # the viewer's legal actions now; empty when not their move

    @property
    def me(self) -> PublicPlayer:
        return self.players[self.seat]

    @property
    def is_my_turn(self) -> bool:
        return self.current == self.seat and self.step in (Step.DRAW, Step.PLAY)


def view(state: GameState, seat: int) -> PlayerView:
    """The game as ``seat`` sees it."""
    if not 0 <= seat < len(state.players):
        raise ValueError(f"there is no seat {seat} at a table of {len(state.players)}")
    players = tuple(
        PublicPlayer(
            seat=i,
            name=player.name,
            phase=state.phase_number(i),
            phase_spec=state.phase_spec(i),
            phases_completed=_completed(state, i),
            hand_count=len(player.hand),
            groups=player.groups,
            score=player.score,
            skip_pending=player.skip_pending,
            skip_protected=player.skip_protected,
            taken=player.taken,
            in_hand=i in state.active,
        )
        for i, player in enumerate(state.players)
    )
    mine = (state.current == seat and state.step in (Step.DRAW, Step.PLAY)) or state.step is Step.HAND_OVER
    return PlayerView(
        seat=seat,
        hand=state.players[seat].hand,
        players=players,
        options=state.config.options,
        draw_count=len(state.draw_pile),
        discard_top=state.discard_top,
        discard_count=len(state.discard_pile),
        step=state.step,
        current=state.current,
        dealer=state.dealer,
        hand_number=state.hand_number,
        history=state.history,
        tiebreak=state.tiebreak,
        winner=state.winner,
        legal=legal_actions(state) if mine else (),
    )


def _completed(state: GameState, seat: int) -> int:
    return sum(1 for record in state.history if not record.tiebreak and record.completed[seat])
