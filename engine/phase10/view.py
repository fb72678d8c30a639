"""What one player can see: the only thing the UI and the bots are given.

A view holds the viewer's own hand, and of everyone else only what is on the
table: hand sizes, laid groups, scores, phases, Skips waiting, and the cards
they took from the discard pile.  The draw pile is a count; the discard pile,
its top card and size.

With two-sided cards (the Flip edition) the table sees more: everyone holds
their cards with the side in play towards themselves, so the other side of
every hand faces the table (``PublicPlayer.backs``), and the draw pile, face
down, shows the other side of its top card (``PlayerView.draw_back``).  A
player's own backs face the others, so their hand comes as they see it
(``Card.shown``), and so do laid groups and the discard pile's top card, which
lie face up.

``public_view(state)`` is what everyone at the table sees at once (an open
table's screen, a spectator): no hand's faces, and every seat's backs.  Each
player's ``view`` is built from it, so the two cannot drift apart.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from . import scoresheet
from .actions import Action
from .cards import Card, Side
from .game import legal_actions
from .groups import Group
from .rules import Options, PhaseSpec
from .state import GameState, HandRecord, Step

__all__ = ["PlayerView", "PublicPlayer", "TableView", "public_view", "view"]


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
    declined: tuple[Card, ...]  # discarded, or passed over on the discard pile, this hand
    in_hand: bool  # dealt into this hand (False only when sitting out a tiebreak)
    backs: tuple[Card, ...] = ()  # two-sided cards: the sides of their hand facing the table, sorted
    done: tuple[int, ...] = ()  # the phases completed, as a set in order
    # Phases in any order (ruling 33): the phase picked this hand, which everyone sees (None
    # until then), and whether the player has yet to pick it.  Until they pick, ``phase``
    # and ``phase_spec`` are those of the first phase they may pick.
    pick: int | None = None
    choosing: bool = False

    @property
    def has_laid(self) -> bool:
        return bool(self.groups)


@dataclass(frozen=True, slots=True)
class TableView:
    """What everyone at the table sees: every ``PlayerView`` field but the viewer's own
    (``seat``, ``hand``, ``legal``), with every seat's backs."""

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
    side: Side = Side.COLOR  # the side in play, for two-sided cards
    draw_back: Card | None = None  # two-sided cards: the side of the draw pile's top card facing up


@dataclass(frozen=True, slots=True)
class PlayerView:
    seat: int  # the viewer
    hand: tuple[Card, ...]
    players: tuple[PublicPlayer, ...]  # the viewer's own backs face away: empty
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
    side: Side = Side.COLOR  # the side in play, for two-sided cards
    draw_back: Card | None = None  # two-sided cards: the side of the draw pile's top card facing up

    @property
    def me(self) -> PublicPlayer:
        return self.players[self.seat]

    @property
    def is_my_turn(self) -> bool:
        return self.current == self.seat and self.step in (Step.DRAW, Step.PLAY)


def public_view(state: GameState) -> TableView:
    """The game as the whole table sees it: no hand's faces, only counts and backs."""
    players = tuple(
        PublicPlayer(
            seat=i,
            name=player.name,
            phase=state.phase_number(i),
            phase_spec=state.phase_spec(i),
            phases_completed=scoresheet.phases_completed(state.history, i),
            hand_count=len(player.hand),
            groups=tuple(_shown_group(group) for group in player.groups),
            score=player.score,
            skip_pending=player.skip_pending,
            skip_protected=player.skip_protected,
            taken=player.taken,
            declined=player.declined,
            in_hand=i in state.active,
            backs=_backs(player.hand),
            done=state.done(i),
            pick=player.pick if state.step in (Step.DRAW, Step.PLAY) else None,
            choosing=state.must_pick(i) and state.step in (Step.DRAW, Step.PLAY),
        )
        for i, player in enumerate(state.players)
    )
    return TableView(
        players=players,
        options=state.config.options,
        draw_count=len(state.draw_pile),
        discard_top=state.discard_top.shown if state.discard_top is not None else None,
        discard_count=len(state.discard_pile),
        step=state.step,
        current=state.current,
        dealer=state.dealer,
        hand_number=state.hand_number,
        history=state.history,
        tiebreak=state.tiebreak,
        winner=state.winner,
        side=state.side,
        draw_back=state.draw_pile[-1].back if state.draw_pile else None,
    )


def view(state: GameState, seat: int) -> PlayerView:
    """The game as ``seat`` sees it: the table's view, with the seat's own hand (as it sees
    it, its backs facing away) and its legal actions."""
    if not 0 <= seat < len(state.players):
        raise ValueError(f"there is no seat {seat} at a table of {len(state.players)}")
    table = public_view(state)
    # Every field the table shows, by name: a field added to TableView reaches PlayerView or fails here.
    shown: dict[str, Any] = {field.name: getattr(table, field.name) for field in fields(TableView)}
    shown["players"] = tuple(
        replace(player, backs=()) if player.seat == seat else player for player in table.players
    )
    mine = (state.current == seat and state.step in (Step.DRAW, Step.PLAY)) or state.step is Step.HAND_OVER
    return PlayerView(
        seat=seat,
        hand=state.players[seat].shown_hand,
        legal=legal_actions(state) if mine else (),
        **shown,
    )


def _shown_group(group: Group) -> Group:
    if all(card.back is None for card in group.cards):
        return group
    return Group(group.kind, tuple(card.shown for card in group.cards))


def _backs(hand: tuple[Card, ...]) -> tuple[Card, ...]:
    """The other side of each card, sorted on its own: the order of a hand must not
    tell which back belongs to which face."""
    return tuple(sorted(back for card in hand if (back := card.back) is not None))
