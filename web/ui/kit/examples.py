"""A phase drawn with the app's own cards: one lay-down that makes it, from the deck.

The editor and the rules screen show a phase of a table's own list this way, beside its
words (ruling 31 lets a list ask for groups nobody has seen drawn, such as a colour run of
seven).  The example is built from the edition's deck, Wilds only where the naturals run
out (a set of ten), and checked by the engine's own ``laydown_problem``: a phase no example
can be found for is shown in words alone.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from phase10 import Card, PhaseSpec
from phase10.cards import Color
from phase10.groups import Group, laydown_problem
from phase10.rules import EDITIONS, GroupKind, GroupSpec, Ruleset

__all__ = ["example_groups"]

# Numbers tried first for sets and where runs start: the middle of the deck reads best.
_SET_NUMBERS = (7, 9, 4, 11, 2, 5, 10, 3, 8, 12, 1, 6)
_RUN_STARTS = (3, 1, 6, 2, 4, 5, 7, 8, 9)


def example_groups(spec: PhaseSpec, rules: Ruleset) -> tuple[Group, ...] | None:
    """Groups that together make ``spec`` with ``rules``'s deck, or None if none are found."""
    if EDITIONS.get(rules.name) is rules:  # an edition's: worked out once per phase
        return _edition_example(spec, rules.name)
    return _example(spec, rules)


@cache
def _edition_example(spec: PhaseSpec, edition: str) -> tuple[Group, ...] | None:
    return _example(spec, EDITIONS[edition])


def _example(spec: PhaseSpec, rules: Ruleset) -> tuple[Group, ...] | None:
    pool = _Pool(rules)
    groups: list[Group] = []
    for group in spec.groups:
        cards = pool.take(group)
        if cards is None:
            return None
        groups.append(Group.make(group.kind, cards))
    return tuple(groups) if laydown_problem(groups, spec, rules) is None else None


class _Pool:
    """The deck's cards not yet drawn into the example."""

    def __init__(self, rules: Ruleset) -> None:
        self.naturals = [card for card in rules.deck if card.is_natural and card.is_numbered]
        self.wilds = [card for card in rules.deck if card.is_wild or card.is_star]
        self.used: set[int] = set()  # numbers drawn already: the next group shows others

    def take(self, group: GroupSpec) -> tuple[Card, ...] | None:
        choices = [cards for cards in self._choices(group) if cards is not None]
        fresh = [
            cards for cards in choices if not self.used & {card.number for card in cards if card.is_natural}
        ]
        for cards in fresh[:1] or choices[:1]:
            for card in cards:
                (self.naturals if card.is_natural else self.wilds).remove(card)
            self.used |= {card.number for card in cards if card.is_natural}
            return cards
        return None

    def _choices(self, group: GroupSpec) -> Iterator[tuple[Card, ...] | None]:
        size = group.size
        if group.kind is GroupKind.SET:
            yield from (self._set(number, size) for number in _SET_NUMBERS)
        elif group.kind is GroupKind.COLOR:
            yield from (self._colour(color, size) for color in self._colours())
        else:
            one_colour = group.kind is GroupKind.COLOR_RUN
            colours: list[Color | None] = [*self._colours()] if one_colour else [None]
            for color in colours:
                yield from (self._run(start, size, color) for start in _RUN_STARTS)

    def _colours(self) -> list[Color]:
        """The colours left, the next group starting from another one than the last."""
        colours = list(dict.fromkeys(card.color for card in self.naturals))
        turn = len(self.used) % len(colours) if colours else 0
        return colours[turn:] + colours[:turn]

    def _set(self, number: int, size: int) -> tuple[Card, ...] | None:
        """``size`` cards of ``number``, one of each colour before any colour twice; Wilds
        where the naturals run out."""
        same = _in_turn_of_colour([card for card in self.naturals if card.number == number])
        cards = [*same[:size], *self.wilds[: max(0, size - len(same))]]
        return tuple(cards) if len(cards) == size and len(same) >= 2 else None

    def _colour(self, color: Color, size: int) -> tuple[Card, ...] | None:
        """``size`` cards of one colour, each of another number as far as they go."""
        of_colour = [card for card in self.naturals if card.color == color]
        numbers = list(dict.fromkeys(card.number for card in of_colour))
        firsts = [next(card for card in of_colour if card.number == n) for n in numbers]
        rest = [card for card in of_colour if card not in firsts]
        cards = (firsts + rest)[:size]
        return tuple(sorted(cards)) if len(cards) == size else None

    def _run(self, start: int, size: int, color: Color | None) -> tuple[Card, ...] | None:
        """A run from ``start``, of one colour if ``color`` names one, else of colours in turn."""
        cards = []
        for place, number in enumerate(range(start, start + size)):
            found = [
                card
                for card in self.naturals
                if card.number == number and (color is None or card.color == color)
            ]
            if not found:
                return None
            turn = [card for card in found if card.color.index == place % 4]  # colours in turn
            cards.append((turn or found)[0])
        return tuple(cards)


def _in_turn_of_colour(cards: list[Card]) -> list[Card]:
    """``cards`` dealt round the colours: one of each colour before any colour twice."""
    seen: dict[Color, int] = {}
    turns = []
    for card in cards:
        seen[card.color] = seen.get(card.color, 0) + 1
        turns.append((seen[card.color], card.color.index, card))
    return [card for _, _, card in sorted(turns, key=lambda turn: turn[:2])]
