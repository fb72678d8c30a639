"""Cards and their text notation.

A card is written ``R7`` (colour letter R/B/Y/G then 1-12), ``W`` (Wild) or
``S`` (Skip).  Cards of the same face are interchangeable, so a card *is* its
face: every ``Card`` is one of 50 interned values, compared by a small code.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

__all__ = [
    "COLORS",
    "NUMBERS",
    "SKIP",
    "WILD",
    "Card",
    "CardError",
    "Color",
    "format_cards",
    "parse_card",
    "parse_cards",
]

NUMBERS = range(1, 13)


class Color(Enum):
    RED = "R"
    BLUE = "B"
    YELLOW = "Y"
    GREEN = "G"

    @property
    def index(self) -> int:
        return _COLOR_INDEX[self]

    @property
    def label(self) -> str:
        return self.name.capitalize()


COLORS: tuple[Color, ...] = tuple(Color)
_COLOR_INDEX = {color: i for i, color in enumerate(COLORS)}

_WILD_CODE = 48
_SKIP_CODE = 49


class CardError(ValueError):
    """A card written in notation that names no card."""


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One card face.  ``code`` orders cards by number, then colour; Wild, then Skip last."""

    code: int

    @staticmethod
    def number_card(color: Color, number: int) -> Card:
        if number not in NUMBERS:
            raise CardError(f"card numbers run from 1 to 12, not {number}")
        return _CARDS[(number - 1) * 4 + color.index]

    @property
    def is_wild(self) -> bool:
        return self.code == _WILD_CODE

    @property
    def is_skip(self) -> bool:
        return self.code == _SKIP_CODE

    @property
    def is_natural(self) -> bool:
        """A numbered card: neither Wild nor Skip."""
        return self.code < _WILD_CODE

    @property
    def number(self) -> int:
        if not self.is_natural:
            raise ValueError(f"{self} has no number")
        return self.code // 4 + 1

    @property
    def color(self) -> Color:
        if not self.is_natural:
            raise ValueError(f"{self} has no colour of its own")
        return COLORS[self.code % 4]

    @property
    def label(self) -> str:
        """Words for people: ``Red 7``, ``Wild``, ``Skip``."""
        if self.is_wild:
            return "Wild"
        if self.is_skip:
            return "Skip"
        return f"{self.color.label} {self.number}"

    def __str__(self) -> str:
        return _TEXT[self.code]

    def __repr__(self) -> str:
        return f"Card({_TEXT[self.code]!r})"


_CARDS = tuple(Card(code) for code in range(50))
_TEXT = tuple([f"{COLORS[code % 4].value}{code // 4 + 1}" for code in range(48)] + ["W", "S"])
_BY_TEXT = {text: _CARDS[code] for code, text in enumerate(_TEXT)}

WILD = _CARDS[_WILD_CODE]
SKIP = _CARDS[_SKIP_CODE]


def parse_card(text: str) -> Card:
    """``"R7"`` -> the red 7.  Raises ``CardError`` for anything else."""
    if not isinstance(text, str):
        raise CardError(f"a card is written as text like 'R7', 'W' or 'S', not {text!r}")
    # ASCII only: the long s (U+017F) upper-cases to "S", and a saved game must not read it as a Skip.
    card = _BY_TEXT.get(text.upper()) if text.isascii() else None
    if card is None:
        raise CardError(f"unknown card {text!r}: write a colour R/B/Y/G and a number 1-12 (like R7), W or S")
    return card


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """``"R7 W S"`` (or a list of card texts) -> a tuple of cards."""
    items = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return tuple(parse_card(item) for item in items)


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(str(card) for card in cards)


def all_faces() -> tuple[Card, ...]:
    return _CARDS
