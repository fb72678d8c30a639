"""Actions: small frozen values with a text form that parses back to the same value.

draw                         draw the top card of the draw pile
take                         take the top card of the discard pile
lay set:R3,R3,W run:W,B8,B9,B10
                             lay down the phase (runs listed low to high)
hit W @1:0 low               hit a Wild on seat 1's first group, at the low end
discard R7                   discard a card
discard S @2                 discard a Skip against seat 2
next                         deal the next hand
choose 7                     phases in any order: play phase 7 this hand
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .cards import Card, CardError, parse_card, parse_cards
from .groups import End, Group
from .rules import GroupKind

__all__ = [
    "Action",
    "ActionSyntaxError",
    "ChoosePhase",
    "Discard",
    "Draw",
    "Hit",
    "LayDown",
    "NextHand",
    "TakeDiscard",
    "parse_action",
]


class ActionSyntaxError(ValueError):
    """Text that is not an action."""


class _Written:
    """Actions show their text form: ``Hit('hit W @0:1 low')``."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self)!r})"


@dataclass(frozen=True, slots=True, repr=False)
class Draw(_Written):
    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True, repr=False)
class TakeDiscard(_Written):
    def __str__(self) -> str:
        return "take"


@dataclass(frozen=True, slots=True, repr=False)
class LayDown(_Written):
    groups: tuple[Group, ...]

    def __post_init__(self) -> None:
        canonical = tuple(
            sorted((Group.make(g.kind, g.cards) for g in self.groups), key=lambda g: g.sort_key)
        )
        object.__setattr__(self, "groups", canonical)

    @staticmethod
    def of(*groups: tuple[GroupKind | str, Iterable[Card] | str]) -> LayDown:
        """``LayDown.of(("set", "R3 R3 W"), ("run", "W B8 B9 B10"))``"""
        made = []
        for kind, cards in groups:
            group_kind = GroupKind(kind) if isinstance(kind, str) else kind
            made.append(Group(group_kind, parse_cards(cards) if isinstance(cards, str) else tuple(cards)))
        return LayDown(tuple(made))

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(card for group in self.groups for card in group.cards)

    def __str__(self) -> str:
        return "lay " + " ".join(str(group) for group in self.groups)


@dataclass(frozen=True, slots=True, repr=False)
class Hit(_Written):
    card: Card
    player: int
    group: int
    end: End | None = None

    def __str__(self) -> str:
        text = f"hit {self.card} @{self.player}:{self.group}"
        return f"{text} {self.end.value}" if self.end is not None else text


@dataclass(frozen=True, slots=True, repr=False)
class Discard(_Written):
    card: Card
    target: int | None = None

    def __str__(self) -> str:
        return f"discard {self.card}" + (f" @{self.target}" if self.target is not None else "")


@dataclass(frozen=True, slots=True, repr=False)
class NextHand(_Written):
    def __str__(self) -> str:
        return "next"


@dataclass(frozen=True, slots=True, repr=False)
class ChoosePhase(_Written):
    """Phases in any order (ruling 33): the phase this player plays this hand, picked
    before their first draw of it."""

    phase: int

    def __str__(self) -> str:
        return f"choose {self.phase}"


Action = Draw | TakeDiscard | LayDown | Hit | Discard | NextHand | ChoosePhase


def parse_action(text: str) -> Action:
    """The action written as ``str(action)`` writes it."""
    if not isinstance(text, str):
        raise ActionSyntaxError(f"an action is text, not {type(text).__name__}")
    words = text.split()
    if not words:
        raise ActionSyntaxError("empty action")
    verb, args = words[0].lower(), words[1:]
    try:
        if verb == "draw" and not args:
            return Draw()
        if verb == "take" and not args:
            return TakeDiscard()
        if verb == "next" and not args:
            return NextHand()
        if (
            verb == "choose"
            and len(args) == 1
            and args[0].isascii()
            and args[0].isdigit()
            and len(args[0]) <= 3
        ):
            return ChoosePhase(int(args[0]))
        if verb == "lay" and args:
            return LayDown(tuple(_parse_group(arg) for arg in args))
        if verb == "hit" and len(args) in (2, 3):
            player, group = _parse_place(args[1])
            end = End(args[2].lower()) if len(args) == 3 else None
            return Hit(parse_card(args[0]), player, group, end)
        if verb == "discard" and len(args) in (1, 2):
            target = _parse_seat(args[1]) if len(args) == 2 else None
            return Discard(parse_card(args[0]), target)
    except (CardError, ValueError) as error:
        raise ActionSyntaxError(f"cannot read action {text!r}: {error}") from None
    raise ActionSyntaxError(
        f"cannot read action {text!r}: expected draw, take, lay KIND:CARDS..., "
        "hit CARD @SEAT:GROUP [low|high], discard CARD [@SEAT], next or choose PHASE"
    )


def _parse_group(text: str) -> Group:
    kind, sep, cards = text.partition(":")
    if not sep:
        raise ValueError(f"a group is written KIND:CARDS, like set:R3,R3,W, not {text!r}")
    return Group(GroupKind(kind.lower()), parse_cards(cards))


def _parse_seat(text: str) -> int:
    if not text.startswith("@") or not text[1:].isdigit():
        raise ValueError(f"a seat is written @N, not {text!r}")
    return int(text[1:])


def _parse_place(text: str) -> tuple[int, int]:
    seat, sep, group = text.partition(":")
    if not sep or not group.isdigit():
        raise ValueError(f"a group on the table is written @SEAT:GROUP, not {text!r}")
    return _parse_seat(seat), int(group)
