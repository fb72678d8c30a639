"""Cards and their text notation.

A face is what one side of a card shows.  The classic faces are ``R7`` (colour
letter R/B/Y/G then 1-12), ``W`` (Wild) and ``S`` (Skip).  The Flip edition's
cards have two sides: the Colour Side shows ``R7`` or a Star of one colour,
``R*``; the Wild Side shows a number of any colour, ``7``, or a Star of any
number and colour, ``*``.

A face fixes a colour, a number, both, or neither, and the rules only ever ask
for those two: a Wild and a Wild Side Star fix neither, a Colour Side Star only
its colour, a Wild Side number only its number.

A ``Card`` is a card as it lies now: the face it shows, the face on its back
(none for a one-sided classic card), and which of those sides carries the Flip
symbol.  Cards that look the same on both sides are interchangeable, so a card
*is* that description, compared by a small code.  A two-sided card is written
face first, ``!`` marking a side with the Flip symbol: ``R7!/3`` shows a red 7
with the Flip symbol, and a Wild Side 3 on its back.
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
    "Side",
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


class Side(Enum):
    """The side of the Flip edition's cards that the whole table plays."""

    COLOR = "color"
    WILD = "wild"

    @property
    def other(self) -> Side:
        return Side.WILD if self is Side.COLOR else Side.COLOR

    @property
    def label(self) -> str:
        return "Colour Side" if self is Side.COLOR else "Wild Side"


COLORS: tuple[Color, ...] = tuple(Color)
_COLOR_INDEX = {color: i for i, color in enumerate(COLORS)}

# Faces, by index: the 48 numbered faces (number-major, then colour), Wild, Skip,
# the four Colour Side Stars, the twelve Wild Side numbers, the Wild Side Star.
_WILD_FACE = 48
_SKIP_FACE = 49
_COLOR_STAR_FACE = 50
_WILD_NUMBER_FACE = 54
_WILD_STAR_FACE = 66
_FACES = 67

_FACE_TEXT: list[str] = [f"{COLORS[f % 4].value}{f // 4 + 1}" for f in range(48)] + ["W", "S"]
_FACE_TEXT += [f"{color.value}*" for color in COLORS] + [str(n) for n in NUMBERS] + ["*"]
_FACE_NUMBER: list[int | None] = [f // 4 + 1 for f in range(48)] + [None] * 6 + list(NUMBERS) + [None]
_FACE_COLOR: list[Color | None] = [COLORS[f % 4] for f in range(48)] + [None, None, *COLORS] + [None] * 13
_FACE_SIDE: list[Side | None] = [Side.COLOR] * 48 + [None, None] + [Side.COLOR] * 4 + [Side.WILD] * 13
_FACE_BY_TEXT = {text: face for face, text in enumerate(_FACE_TEXT)}

# code = face << 10 | back slot << 2 | marks; the back slot is 0 for no back, else
# the back's face + 1; mark bit 0 is the Flip symbol on the face, bit 1 on the back.
_BACK_SHIFT = 2
_FACE_SHIFT = 10
_HIDDEN = 0xFF << _BACK_SHIFT | 2  # the bits of the back: its face and its Flip symbol


class CardError(ValueError):
    """A card written in notation that names no card."""


def _face_label(face: int) -> str:
    number, color = _FACE_NUMBER[face], _FACE_COLOR[face]
    if face == _WILD_FACE:
        return "Wild"
    if face == _SKIP_FACE:
        return "Skip"
    if face == _WILD_STAR_FACE:
        return "Wild Star"
    if number is None:
        assert color is not None
        return f"{color.label} Star"
    if color is None:
        return f"Wild {number}"
    return f"{color.label} {number}"


_FACE_LABEL = [_face_label(face) for face in range(_FACES)]


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """A card as it lies: ``code`` orders cards by the face they show (by number, then
    colour; Wild and Skip after the numbered faces), then by their backs."""

    code: int

    @staticmethod
    def number_card(color: Color, number: int) -> Card:
        if number not in NUMBERS:
            raise CardError(f"card numbers run from 1 to 12, not {number}")
        return _face_card((number - 1) * 4 + color.index)

    @staticmethod
    def two_sided(face: Card, back: Card) -> Card:
        """The card showing ``face`` with ``back`` on its other side (each may carry the Flip symbol)."""
        if face.has_back or back.has_back:
            raise CardError(f"a side is one face, not {face} or {back}")
        if face.side is None or back.side is None or face.side is back.side:
            raise CardError(f"a two-sided card has a Colour Side and a Wild Side, not {face} and {back}")
        marks = int(face.flips) | int(back.flips) << 1
        return _card(face._face << _FACE_SHIFT | (back._face + 1) << _BACK_SHIFT | marks)

    @property
    def _face(self) -> int:
        return self.code >> _FACE_SHIFT

    @property
    def fixed_number(self) -> int | None:
        """The number this card must stand for, or None when it may stand for any."""
        return _FACE_NUMBER[self.code >> _FACE_SHIFT]

    @property
    def fixed_color(self) -> Color | None:
        """The colour this card must stand for, or None when it may stand for any."""
        return _FACE_COLOR[self.code >> _FACE_SHIFT]

    @property
    def is_wild(self) -> bool:
        """Stands for any number and any colour: a Wild, or a Wild Side Star."""
        face = self.code >> _FACE_SHIFT
        return face in (_WILD_FACE, _WILD_STAR_FACE)

    @property
    def is_skip(self) -> bool:
        return self.code >> _FACE_SHIFT == _SKIP_FACE

    @property
    def is_star(self) -> bool:
        face = self.code >> _FACE_SHIFT
        return _COLOR_STAR_FACE <= face < _WILD_NUMBER_FACE or face == _WILD_STAR_FACE

    @property
    def is_numbered(self) -> bool:
        """Shows a number: the cards every group needs at least one of."""
        return _FACE_NUMBER[self.code >> _FACE_SHIFT] is not None

    @property
    def is_natural(self) -> bool:
        """Fixes both its number and its colour: a classic numbered card, or a Colour Side number."""
        return self.code >> _FACE_SHIFT < _WILD_FACE

    @property
    def number(self) -> int:
        number = self.fixed_number
        if number is None:
            raise ValueError(f"{self} has no number of its own")
        return number

    @property
    def color(self) -> Color:
        color = self.fixed_color
        if color is None:
            raise ValueError(f"{self} has no colour of its own")
        return color

    @property
    def side(self) -> Side | None:
        """The side of a Flip card this face is printed on; None for Wild and Skip."""
        return _FACE_SIDE[self.code >> _FACE_SHIFT]

    @property
    def flips(self) -> bool:
        """The face shows the Flip symbol: discarding it flips the table."""
        return bool(self.code & 1)

    @property
    def has_back(self) -> bool:
        return bool(self.code >> _BACK_SHIFT & 0xFF)

    @property
    def face(self) -> Card:
        """What this card shows, on its own: its face without the back or the Flip symbol."""
        return _face_card(self.code >> _FACE_SHIFT)

    @property
    def shown(self) -> Card:
        """What the card's holder sees of it: its face and the Flip symbol on it, not its back."""
        if not self.code & _HIDDEN:
            return self  # one-sided: all of it shows
        return _card(self.code & ~_HIDDEN)

    @property
    def back(self) -> Card | None:
        """What the other side shows (with its Flip symbol), or None for a one-sided card."""
        slot = self.code >> _BACK_SHIFT & 0xFF
        if not slot:
            return None
        return _card((slot - 1) << _FACE_SHIFT | self.code >> 1 & 1)

    def turned(self) -> Card:
        """The same card turned over; a one-sided card stays as it is."""
        slot = self.code >> _BACK_SHIFT & 0xFF
        if not slot:
            return self
        marks = (self.code & 1) << 1 | self.code >> 1 & 1
        return _card((slot - 1) << _FACE_SHIFT | (self._face + 1) << _BACK_SHIFT | marks)

    def facing(self, side: Side) -> Card:
        """The card turned so that ``side`` is up (one-sided cards and Wild or Skip as they are)."""
        return self.turned() if self.side is side.other else self

    @property
    def label(self) -> str:
        """Words for people: ``Red 7``, ``Wild``, ``Red Star``, ``Wild 7``, ``Wild Star``."""
        return _FACE_LABEL[self.code >> _FACE_SHIFT]

    def __str__(self) -> str:
        text = _FACE_TEXT[self.code >> _FACE_SHIFT] + ("!" if self.code & 1 else "")
        back = self.back
        return f"{text}/{back}" if back is not None else text

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


_INTERNED: dict[int, Card] = {}


def _card(code: int) -> Card:
    card = _INTERNED.get(code)
    if card is None:
        card = _INTERNED[code] = Card(code)
    return card


def _face_card(face: int) -> Card:
    return _card(face << _FACE_SHIFT)


WILD = _face_card(_WILD_FACE)
SKIP = _face_card(_SKIP_FACE)


def parse_card(text: str) -> Card:
    """``"R7"`` -> the red 7; ``"R7!/3"`` -> a Flip card.  Raises ``CardError`` for anything else."""
    if not isinstance(text, str):
        raise CardError(f"a card is written as text like 'R7', 'W' or 'S', not {text!r}")
    # ASCII only: the long s (U+017F) upper-cases to "S", and a saved game must not read it as a Skip.
    card = _parse_side(text) if text.isascii() and "/" not in text else None
    if card is None and text.isascii() and text.count("/") == 1:
        face, back = (_parse_side(part) for part in text.split("/"))
        if face is not None and back is not None:
            try:
                card = Card.two_sided(face, back)
            except CardError as error:
                raise CardError(f"unknown card {text!r}: {error}") from None
    if card is None:
        raise CardError(
            f"unknown card {text!r}: write a colour R/B/Y/G and a number 1-12 (like R7), W or S;"
            " Flip cards as FACE/BACK, like R7/3 or R*!/12"
        )
    return card


def _parse_side(text: str) -> Card | None:
    flips = text.endswith("!")
    face = _FACE_BY_TEXT.get((text[:-1] if flips else text).upper())
    if face is None or (flips and _FACE_NUMBER[face] is None):
        return None  # the Flip symbol is printed on numbered faces only (ruling 29)
    return _card(face << _FACE_SHIFT | int(flips))


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """``"R7 W S"`` (or a list of card texts) -> a tuple of cards."""
    items = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return tuple(parse_card(item) for item in items)


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(str(card) for card in cards)


def all_faces() -> tuple[Card, ...]:
    """Every face on its own (no back, no Flip symbol), classic faces first."""
    return tuple(_face_card(face) for face in range(_FACES))


def classic_faces() -> tuple[Card, ...]:
    return all_faces()[:_COLOR_STAR_FACE]
