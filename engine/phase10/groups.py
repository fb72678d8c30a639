"""Groups of cards on the table: what makes a valid set, run or colour group,
and which cards can be hit onto one.

Runs are kept in the order they were laid, low to high, so every Wild in a run
stands for the number of its position (ruling 5).  Sets and colour groups are
kept sorted: order carries no meaning there.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from .cards import Card, Color
from .rules import GroupKind, GroupSpec, PhaseSpec, Ruleset

__all__ = [
    "End",
    "Group",
    "arrange_run",
    "can_form",
    "group_problem",
    "hit_ends",
    "holds_number",
    "laydown_problem",
]


class End(Enum):
    """Where a card goes on a run."""

    LOW = "low"
    HIGH = "high"


@dataclass(frozen=True, slots=True, repr=False)
class Group:
    """A group of cards and the kind it is played as."""

    kind: GroupKind
    cards: tuple[Card, ...]

    @staticmethod
    def make(kind: GroupKind, cards: Iterable[Card]) -> Group:
        """A group in canonical form: sets and colour groups sorted; runs as given, except
        that the cards of no fixed number trade places in sorted order (they stand for
        their places alike, so one order names the lay-down)."""
        cards = tuple(cards)
        if not kind.is_run:
            return Group(kind, tuple(sorted(cards)))
        places = [i for i, card in enumerate(cards) if not card.is_numbered]
        if len(places) > 1:
            ordered = list(cards)
            for place, card in zip(places, sorted(cards[i] for i in places), strict=True):
                ordered[place] = card
            cards = tuple(ordered)
        return Group(kind, cards)

    @property
    def sort_key(self) -> tuple[int, tuple[int, ...]]:
        return (self.kind.sort_order, tuple(card.code for card in self.cards))

    # The values below are only meaningful for a valid group (one numbered card at least).

    def _first_numbered(self) -> tuple[int, int]:
        for i, card in enumerate(self.cards):
            number = card.fixed_number
            if number is not None:
                return i, number
        raise ValueError(f"{self} has no numbered card")

    @property
    def number(self) -> int:
        """The number of a set."""
        return self._first_numbered()[1]

    @property
    def color(self) -> Color | None:
        """The colour of a colour group or colour run; None while no card in it fixes one."""
        for card in self.cards:
            if card.fixed_color is not None:
                return card.fixed_color
        return None

    @property
    def start(self) -> int:
        """The number the first card of a run stands for."""
        i, number = self._first_numbered()
        return number - i

    @property
    def end(self) -> int:
        return self.start + len(self.cards) - 1

    def number_at(self, index: int) -> int | None:
        """The number the card at ``index`` stands for; None in a colour group, where
        numbers are free.  (Words for people are the UI's, in each language.)"""
        if self.kind is GroupKind.SET:
            return self.number
        if self.kind.is_run:
            return self.start + index
        return None

    def describe(self) -> str:
        color = self.color
        if self.kind is GroupKind.SET:
            return f"set of {self.number}s"
        if self.kind is GroupKind.RUN:
            return f"run {self.start}-{self.end}"
        if self.kind is GroupKind.COLOR_RUN:
            return f"{color.label.lower() if color else 'any-colour'} run {self.start}-{self.end}"
        return f"{color.label.lower() if color else 'any'} colour group"

    def __str__(self) -> str:
        return f"{self.kind.value}:{','.join(str(card) for card in self.cards)}"

    def __repr__(self) -> str:
        return f"Group({str(self)!r})"


def group_problem(group: Group, rules: Ruleset) -> str | None:
    """Why ``group`` is not a valid group of its kind, or None if it is.

    A group is valid when its cards can all stand for what the kind asks: each
    card fixes a number, a colour, both or neither (see ``cards``).  Checks the
    shape only; minimum sizes are the phase's business, except a run's length limit.
    """
    cards = group.cards
    if not cards:
        return "a group needs cards"
    if any(card.is_skip for card in cards):
        return "a Skip never belongs to a group"
    numbered = [(i, number) for i, card in enumerate(cards) if (number := card.fixed_number) is not None]
    if not numbered:
        return "every group needs at least one numbered card, not only Wilds or Stars"
    if group.kind is GroupKind.SET:
        numbers = {number for _, number in numbered}
        if len(numbers) > 1:
            return f"a set needs one number, not {sorted(numbers)}"
        return None
    colors = {card.fixed_color for card in cards} - {None}
    if group.kind is GroupKind.COLOR:
        return "cards of one colour cannot mix colours" if len(colors) > 1 else None
    if len(cards) > rules.max_run_length:
        return f"a run holds at most {rules.max_run_length} cards"
    starts = {number - i for i, number in numbered}
    if len(starts) > 1:
        return "a run needs consecutive numbers, listed from low to high"
    start = starts.pop()
    if start < 1 or start + len(cards) - 1 > rules.max_run_length:
        return f"a run stays within 1 to {rules.max_run_length}"
    if group.kind is GroupKind.COLOR_RUN and len(colors) > 1:
        return "a colour run cannot mix colours"
    return None


def hit_ends(group: Group, card: Card, rules: Ruleset) -> tuple[End | None, ...]:
    """Where ``card`` may be hit on the valid laid ``group``.

    Returns ``(None,)`` for a set or colour group it fits, the free run ends it
    fits for a run, and ``()`` when it does not fit.
    """
    if card.is_skip:
        return ()
    number, color = card.fixed_number, card.fixed_color
    if group.kind is GroupKind.SET:
        return (None,) if number is None or number == group.number else ()
    if color is not None and group.kind is not GroupKind.RUN:
        group_color = group.color
        if group_color is not None and color is not group_color:
            return ()
    if group.kind is GroupKind.COLOR:
        return (None,)
    start, end = group.start, group.end
    ends: list[End | None] = []
    if start > 1 and (number is None or number == start - 1):
        ends.append(End.LOW)
    if end < rules.max_run_length and (number is None or number == end + 1):
        ends.append(End.HIGH)
    return tuple(ends)


def hit_problem(group: Group, card: Card, rules: Ruleset) -> str | None:
    """Why ``card`` cannot be hit on ``group`` at all, or None if it fits somewhere."""
    if card.is_skip:
        return "a Skip can never be hit"
    if hit_ends(group, card, rules):
        return None
    if group.kind.is_run and card.fixed_number is None and card.fixed_color in (None, group.color):
        return f"a {card.label} on the {group.describe()} would fall outside 1 to {rules.max_run_length}"
    return f"{card} does not fit the {group.describe()}"


def add_to_group(group: Group, card: Card, end: End | None) -> Group:
    if not group.kind.is_run:
        return Group.make(group.kind, (*group.cards, card))
    if end is End.LOW:
        return Group(group.kind, (card, *group.cards))
    return Group(group.kind, (*group.cards, card))


def arrange_run(cards: Sequence[Card], rules: Ruleset) -> tuple[Card, ...] | None:
    """Order ``cards`` into a run low to high, the cards of no fixed number in the gaps, or None.

    Spare cards of no fixed number go on the high end while it has room, then on
    the low end.  Colours are not checked here: see ``can_form``.
    """
    if any(card.is_skip for card in cards):
        return None
    numbered = sorted((card for card in cards if card.is_numbered), key=lambda c: c.number)
    free = [card for card in cards if not card.is_numbered]
    if not numbered or len(cards) > rules.max_run_length:
        return None
    numbers = [card.number for card in numbered]
    if len(set(numbers)) != len(numbers):
        return None
    low, high = numbers[0], numbers[-1]
    gaps = (high - low + 1) - len(numbers)
    if gaps > len(free):
        return None
    spare = len(free) - gaps
    above = min(spare, rules.max_run_length - high)
    below = spare - above
    if low - below < 1:
        return None
    by_number = {card.number: card for card in numbered}
    free_iter = iter(free)
    ordered = [next(free_iter) for _ in range(below)]
    for n in range(low, high + 1):
        ordered.append(by_number[n] if n in by_number else next(free_iter))
    ordered.extend(free_iter)
    return tuple(ordered)


def can_form(kind: GroupKind, cards: Sequence[Card], size: int, rules: Ruleset) -> bool:
    """Can all of ``cards``, in some order, form one ``kind`` group of at least ``size``?"""
    if len(cards) < max(size, rules.min_group_size.get(kind, 1)):
        return False
    if kind.is_run:
        arranged = arrange_run(cards, rules)
        return arranged is not None and group_problem(Group(kind, arranged), rules) is None
    return group_problem(Group.make(kind, cards), rules) is None


def laydown_problem(groups: Sequence[Group], phase: PhaseSpec, rules: Ruleset) -> str | None:
    """Why ``groups`` laid together do not make ``phase``, or None if they do."""
    if len(groups) != len(phase.groups):
        return f"phase {phase.number} is {phase.describe()}: {len(phase.groups)} group(s), not {len(groups)}"
    for group in groups:
        problem = group_problem(group, rules)
        if problem is not None:
            return f"{group}: {problem}"
    if _assign(list(groups), list(phase.groups)) is None:
        return f"these groups do not make phase {phase.number} ({phase.describe()})"
    if phase.must_include is not None and not holds_number(groups, phase.must_include):
        return f"phase {phase.number} needs at least one {phase.must_include} or a Wild"
    return None


def holds_number(groups: Sequence[Group], number: int) -> bool:
    """Whether any of ``groups`` holds a ``number`` or a Wild (a phase's must-include)."""
    return any(
        card.is_wild or (card.is_natural and card.number == number)
        for group in groups
        for card in group.cards
    )


def _assign(groups: list[Group], specs: list[GroupSpec]) -> list[GroupSpec] | None:
    """Match each group to a distinct spec of its kind and size; None if impossible."""
    if not groups:
        return []
    group, rest = groups[0], groups[1:]
    for i, spec in enumerate(specs):
        if spec.kind is group.kind and len(group.cards) >= spec.size:
            matched = _assign(rest, specs[:i] + specs[i + 1 :])
            if matched is not None:
                return [spec, *matched]
    return None
