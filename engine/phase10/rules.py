"""The rules that are data: the deck, the phases, scoring and the setup options.

Everything a table chooses before the deal lives in ``Options``; everything an
edition fixes lives in ``Ruleset``.  The game logic reads these values and
never hard-codes them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum, StrEnum

from .cards import COLORS, NUMBERS, SKIP, WILD, Card, all_faces, classic_faces, parse_cards

__all__ = [
    "CLASSIC",
    "EDITIONS",
    "FLIP",
    "MAX_LIST_NAME",
    "MAX_LIST_PHASES",
    "MAX_PHASE_GROUPS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "OPTION_CATALOGUE",
    "PERSON",
    "PLAYER_KINDS",
    "GameConfig",
    "GroupKind",
    "GroupSpec",
    "ListProblem",
    "OptionInfo",
    "Options",
    "OptionsError",
    "PhaseFault",
    "PhaseList",
    "PhaseListError",
    "PhaseSpec",
    "Ruleset",
    "SetupError",
    "SetupReason",
    "check_players",
    "edition_list",
    "list_faults",
]

MIN_PLAYERS = 2
MAX_PLAYERS = 6


class GroupKind(Enum):
    SET = "set"
    RUN = "run"
    COLOR = "color"
    COLOR_RUN = "color_run"  # the Flip edition's runs: consecutive numbers of one colour

    @property
    def sort_order(self) -> int:
        return _KIND_ORDER[self]

    @property
    def is_run(self) -> bool:
        """Its cards are in order, low to high, each standing for the number of its place."""
        return self is GroupKind.RUN or self is GroupKind.COLOR_RUN


_KIND_ORDER = {GroupKind.SET: 0, GroupKind.RUN: 1, GroupKind.COLOR: 2, GroupKind.COLOR_RUN: 3}
_KIND_NOUNS = {
    GroupKind.SET: "set",
    GroupKind.RUN: "run",
    GroupKind.COLOR: "cards of one colour",
    GroupKind.COLOR_RUN: "colour run",
}


@dataclass(frozen=True, slots=True)
class GroupSpec:
    """One group a phase asks for: its kind and its minimum size."""

    kind: GroupKind
    size: int

    def describe(self) -> str:
        if self.kind is GroupKind.COLOR:
            return f"{self.size} {_KIND_NOUNS[self.kind]}"
        return f"1 {_KIND_NOUNS[self.kind]} of {self.size}"


@dataclass(frozen=True, slots=True)
class PhaseSpec:
    """A phase: the groups it needs, and optionally a number that must show in it.

    ``must_include`` is the El Chavo rule: the lay-down must hold a natural card
    of that number or a Wild, in any group (ruling 24).
    """

    number: int
    groups: tuple[GroupSpec, ...]
    must_include: int | None = None

    def describe(self) -> str:
        parts: list[str] = []
        specs = list(self.groups)
        while specs:
            spec = specs.pop(0)
            same = 1 + sum(1 for other in specs if other == spec)
            specs = [other for other in specs if other != spec]
            if same > 1 and spec.kind is not GroupKind.COLOR:
                parts.append(f"{same} {_KIND_NOUNS[spec.kind]}s of {spec.size}")
            elif same > 1:  # own lists only (ruling 31): the editions ask for one colour group
                parts.append(f"{same} groups of {spec.size} cards of one colour")
            else:
                parts.append(spec.describe())
        text = " + ".join(parts)
        if self.must_include is not None:
            text += f", with at least one {self.must_include} or Wild"
        return text


def _set(size: int) -> GroupSpec:
    return GroupSpec(GroupKind.SET, size)


def _run(size: int) -> GroupSpec:
    return GroupSpec(GroupKind.RUN, size)


def _color(size: int) -> GroupSpec:
    return GroupSpec(GroupKind.COLOR, size)


def _color_run(size: int) -> GroupSpec:
    return GroupSpec(GroupKind.COLOR_RUN, size)


@dataclass(frozen=True, slots=True)
class Ruleset:
    """An edition of the game, as data.

    ``deck`` lists the cards as they are dealt (a two-sided deck Colour Side up);
    ``card_points`` is keyed by face (see ``Card.face``); ``min_group_size``
    names the edition's group kinds; ``el_chavo_number`` is None where the El
    Chavo rule does not apply.
    """

    name: str
    title: str
    deck: tuple[Card, ...]
    phases: tuple[PhaseSpec, ...]
    hand_size: int
    min_group_size: dict[GroupKind, int]
    max_run_length: int
    card_points: dict[Card, int]
    el_chavo_number: int | None
    two_sided: bool = False  # cards have a Colour Side and a Wild Side, and Flip cards turn the table
    # Ruling 31: the kinds a table's own list may ask for with this deck, and each one's
    # smallest size (empty: the deck takes no own list).
    list_min_size: Mapping[GroupKind, int] = field(default_factory=dict)

    def phase(self, number: int) -> PhaseSpec:
        if not 1 <= number <= len(self.phases):
            raise ValueError(f"phases are numbered 1 to {len(self.phases)}, not {number}")
        return self.phases[number - 1]

    def points(self, card: Card) -> int:
        """The penalty points of ``card`` left in hand: those of the face it shows."""
        return self.card_points[card.face]

    @property
    def kinds(self) -> tuple[GroupKind, ...]:
        return tuple(self.min_group_size)

    @property
    def phase_numbers(self) -> tuple[int, ...]:
        """The numbers of the edition's phases, in the order they are played."""
        return tuple(spec.number for spec in self.phases)

    @property
    def even_phase_numbers(self) -> tuple[int, ...]:
        """The phases of the "even phases" variation: the even-numbered ones."""
        return tuple(number for number in self.phase_numbers if number % 2 == 0)

    @property
    def final_phase(self) -> int:
        return self.phases[-1].number

    @property
    def list_kinds(self) -> tuple[GroupKind, ...]:
        """The group kinds a table's own list may ask for with this deck (ruling 31)."""
        return tuple(self.list_min_size)


def _classic_deck() -> tuple[Card, ...]:
    numbered = [Card.number_card(color, n) for n in NUMBERS for color in COLORS for _ in range(2)]
    return tuple(sorted(numbered + [WILD] * 8 + [SKIP] * 4))


def _classic_points() -> dict[Card, int]:
    points = {Card.number_card(c, n): (5 if n <= 9 else 10) for c in COLORS for n in NUMBERS}
    points[SKIP] = 15
    points[WILD] = 25
    assert set(points) == set(classic_faces())
    return points


CLASSIC = Ruleset(
    name="classic",
    title="Classic",
    deck=_classic_deck(),
    phases=(
        PhaseSpec(1, (_set(3), _set(3))),
        PhaseSpec(2, (_set(3), _run(4))),
        PhaseSpec(3, (_set(4), _run(4))),
        PhaseSpec(4, (_run(7),)),
        PhaseSpec(5, (_run(8),)),
        PhaseSpec(6, (_run(9),)),
        PhaseSpec(7, (_set(4), _set(4))),
        PhaseSpec(8, (_color(7),)),
        PhaseSpec(9, (_set(5), _set(2))),
        PhaseSpec(10, (_set(5), _set(3))),
    ),
    hand_size=10,
    min_group_size={GroupKind.SET: 2, GroupKind.RUN: 4, GroupKind.COLOR: 1},
    max_run_length=12,
    card_points=_classic_points(),
    el_chavo_number=8,
    # Ruling 31: the classic deck's own lists may also ask for colour runs.
    list_min_size={GroupKind.SET: 2, GroupKind.RUN: 4, GroupKind.COLOR_RUN: 3, GroupKind.COLOR: 3},
)


# Ruling 29: the Flip deck, Colour Side first, ``!`` on a side with the Flip symbol.
# Which Wild Side face is on the back of which Colour Side face is not published:
# this table fixes it, and an edit here changes it everywhere.
FLIP_DECK_TABLE = """
    R1/2 R1/* B1!/8 B1/1 Y1/10 Y1/5! G1/* G1/7 R2/10 R2/3 B2/7 B2/3
    Y2/* Y2/11 G2/7 G2/2 R3!/1 R3/8 B3/2 B3/6 Y3/9 Y3/4 G3/6 G3/2
    R4/1 R4/* B4/5 B4/* Y4!/10 Y4/6 G4/4 G4/* R5/10 R5/1 B5/6! B5/5
    Y5/3 Y5/8! G5/8 G5/* R6/4 R6/3 B6!/12 B6/10 Y6/1 Y6/9 G6/2 G6/9
    R7/9 R7/12! B7/2! B7/11 Y7/5 Y7/11 G7!/3! G7/4 R8/12 R8/7 B8/3 B8/*
    Y8/8 Y8/2 G8/12 G8/6 R9/8 R9/2 B9/* B9/11 Y9!/11 Y9/4 G9/12 G9/10
    R10!/5 R10/9 B10/4 B10/12 Y10/6 Y10/11 G10/7 G10/3 R11/6 R11/5 B11/8 B11/9
    Y11/5 Y11/9 G11/7 G11/5 R12/6 R12/* B12/4 B12/12 Y12/12 Y12/8 G12!/7 G12/3
    R*/1 R*/* R*/* B*/1 B*/1 B*/10 Y*/11 Y*/7 Y*/11! G*/4 G*/9! G*/10
"""


def _flip_points() -> dict[Card, int]:
    """Ruling 28: 1-9 score 5, 10-12 score 10, a Star 20, on whichever side is in play."""
    faces = [face for face in all_faces() if face.side is not None]
    return {face: 20 if face.is_star else 5 if face.number <= 9 else 10 for face in faces}


FLIP = Ruleset(
    name="flip",
    title="Flip",
    deck=tuple(sorted(parse_cards(FLIP_DECK_TABLE))),
    phases=(
        PhaseSpec(1, (_color_run(2), _color_run(2))),
        PhaseSpec(2, (_color_run(2), _set(2))),
        PhaseSpec(3, (_color_run(2), _set(3))),
        PhaseSpec(4, (_color_run(3), _set(2))),
        PhaseSpec(5, (_color_run(4), _set(2))),
        PhaseSpec(6, (_color_run(3), _color_run(3))),
        PhaseSpec(7, (_color_run(3), _set(3))),
        PhaseSpec(8, (_color_run(5), _set(2))),
        PhaseSpec(9, (_color_run(2), _set(4))),
        PhaseSpec(10, (_color_run(3), _set(2), _set(2))),
    ),
    hand_size=10,
    min_group_size={GroupKind.SET: 2, GroupKind.COLOR_RUN: 2},
    max_run_length=12,
    card_points=_flip_points(),
    el_chavo_number=None,
    two_sided=True,
    list_min_size={GroupKind.SET: 2, GroupKind.COLOR_RUN: 2},
)

EDITIONS: dict[str, Ruleset] = {rules.name: rules for rules in (CLASSIC, FLIP)}


class SetupError(ValueError):
    """Game options or players that do not make a game."""


class SetupReason(StrEnum):
    """Why options do not make a game; the UI words each one (``setup.refused.<value>``)."""

    EDITION = "edition"  # not one of EDITIONS
    FLAG = "flag"  # a switch that is not True or False
    EL_CHAVO_EDITION = "el-chavo-edition"  # the edition has no El Chavo Phase 10
    EL_CHAVO_OWN_LIST = "el-chavo-own-list"  # ruling 32: El Chavo belongs to the edition's list
    PHASES_TO_WIN = "phases-to-win"  # "first to N" outside 1 to the phases played
    NO_EVEN_PHASES = "no-even-phases"  # "even phases" of a list with no even-numbered phase
    ANY_ORDER_TEN_HANDS = "any-order-ten-hands"  # ruling 34: the two do not combine


class OptionsError(SetupError):
    """Options that do not make a game, with a ``SetupReason`` the UI can word."""

    def __init__(self, reason: SetupReason, message: str) -> None:
        super().__init__(message)
        self.reason = reason


# --- a table's own phase list (ruling 31) ------------------------------------------------------

MAX_LIST_PHASES = 20
MAX_PHASE_GROUPS = 3
MAX_LIST_NAME = 40


class ListProblem(StrEnum):
    """What is wrong with a phase list; the UI words each one (``phases.refused.<value>``)."""

    NAME = "name"  # the name is not text of at most MAX_LIST_NAME characters
    NO_PHASES = "no-phases"  # a list needs a phase
    TOO_MANY_PHASES = "too-many-phases"  # more than MAX_LIST_PHASES
    NUMBERING = "numbering"  # phases are numbered 1, 2, ... in the order played
    NO_GROUPS = "no-groups"  # a phase needs a group
    TOO_MANY_GROUPS = "too-many-groups"  # more than MAX_PHASE_GROUPS
    SHAPE = "shape"  # not a group: a kind and a whole number of cards
    KIND = "kind"  # a kind this deck's lists do not have
    TOO_SMALL = "too-small"  # under the kind's minimum (``limit``)
    TOO_MANY_CARDS = "too-many-cards"  # the groups need more cards than a hand leaves (``limit``)
    MUST_INCLUDE = "must-include"  # a number that must show: the El Chavo rule, not an own list's


@dataclass(frozen=True, slots=True)
class PhaseFault:
    """One thing wrong with a phase list, placed so that the UI can show it by the phase
    at fault: ``phase`` is its number (None: the list as a whole), ``group`` the group's
    place in it (from 0; None: the whole phase), ``limit`` the bound it breaks."""

    problem: ListProblem
    phase: int | None = None
    group: int | None = None
    limit: int = 0

    def __str__(self) -> str:
        where = "" if self.phase is None else f"phase {self.phase}: "
        if self.group is not None:
            where += f"group {self.group + 1}: "
        return where + _FAULT_WORDS[self.problem].format(limit=self.limit)


_FAULT_WORDS = {
    ListProblem.NAME: "a list's name is text of at most {limit} characters",
    ListProblem.NO_PHASES: "a list needs at least one phase",
    ListProblem.TOO_MANY_PHASES: "a list has at most {limit} phases",
    ListProblem.NUMBERING: "phases are numbered 1, 2, ... in the order they are played",
    ListProblem.NO_GROUPS: "a phase needs at least one group",
    ListProblem.TOO_MANY_GROUPS: "a phase has at most {limit} groups",
    ListProblem.SHAPE: "a group is a kind and a whole number of cards",
    ListProblem.KIND: "this deck's lists have no such kind of group",
    ListProblem.TOO_SMALL: "this kind of group needs at least {limit} cards",
    ListProblem.TOO_MANY_CARDS: "the groups need more than {limit} cards: a card must be left to discard",
    ListProblem.MUST_INCLUDE: "an own list names no card that must show",
}


class PhaseListError(SetupError):
    """A phase list the rules refuse (ruling 31): ``faults`` says each thing wrong, by
    phase; ``problem`` and ``phase`` are those of the first."""

    def __init__(self, faults: Sequence[PhaseFault], what: str = "phase list") -> None:
        shown = "; ".join(str(fault) for fault in faults[:3])
        more = f" (and {len(faults) - 3} more)" if len(faults) > 3 else ""
        super().__init__(f"{what}: {shown}{more}")
        self.faults = tuple(faults)
        self.problem = faults[0].problem
        self.phase = faults[0].phase


@dataclass(frozen=True, slots=True)
class PhaseList:
    """A named list of phases, numbered 1..N in the order they are played (ruling 31).

    The editions' own lists are ones too (``edition_list``).  ``name`` may be empty: a
    list made by chance or read from a code has none until the table gives it one.
    """

    name: str
    phases: tuple[PhaseSpec, ...]

    @staticmethod
    def of(name: str, *phases: Sequence[GroupSpec]) -> PhaseList:
        """The list of these phases, each given as its groups, numbered in order."""
        return PhaseList(name, tuple(PhaseSpec(n, tuple(groups)) for n, groups in enumerate(phases, 1)))

    def phase(self, number: int) -> PhaseSpec:
        if not 1 <= number <= len(self.phases):
            raise ValueError(f"phases are numbered 1 to {len(self.phases)}, not {number}")
        return self.phases[number - 1]

    @property
    def numbers(self) -> tuple[int, ...]:
        return tuple(spec.number for spec in self.phases)

    def describe(self) -> str:
        return "; ".join(f"{spec.number}: {spec.describe()}" for spec in self.phases)


def edition_list(rules: Ruleset) -> PhaseList:
    """The edition's own list: the first preset of its deck."""
    return PhaseList(rules.title, rules.phases)


def list_faults(phases: object, rules: Ruleset, name: object = "") -> tuple[PhaseFault, ...]:
    """Everything that keeps ``phases`` (a sequence of ``PhaseSpec``) from being an own list
    of ``rules``'s deck (ruling 31); empty when it is one.  Anything at all may be given,
    as a hand-edited save would: the answer is faults, never an exception."""
    faults: list[PhaseFault] = []
    if not isinstance(name, str) or len(name) > MAX_LIST_NAME:
        faults.append(PhaseFault(ListProblem.NAME, limit=MAX_LIST_NAME))
    if not isinstance(phases, tuple | list) or not phases:
        return (*faults, PhaseFault(ListProblem.NO_PHASES))
    if len(phases) > MAX_LIST_PHASES:
        return (*faults, PhaseFault(ListProblem.TOO_MANY_PHASES, limit=MAX_LIST_PHASES))
    for number, spec in enumerate(phases, 1):
        faults.extend(_phase_faults(number, spec, rules))
    return tuple(faults)


def _phase_faults(number: int, spec: object, rules: Ruleset) -> list[PhaseFault]:
    if not isinstance(spec, PhaseSpec) or not isinstance(spec.groups, tuple):
        return [PhaseFault(ListProblem.SHAPE, number)]
    faults: list[PhaseFault] = []
    if spec.number != number or isinstance(spec.number, bool):
        faults.append(PhaseFault(ListProblem.NUMBERING, number))
    if spec.must_include is not None:
        faults.append(PhaseFault(ListProblem.MUST_INCLUDE, number))
    if not spec.groups:
        return [*faults, PhaseFault(ListProblem.NO_GROUPS, number)]
    if len(spec.groups) > MAX_PHASE_GROUPS:
        return [*faults, PhaseFault(ListProblem.TOO_MANY_GROUPS, number, limit=MAX_PHASE_GROUPS)]
    cards = 0
    for index, group in enumerate(spec.groups):
        fault = _group_fault(number, index, group, rules)
        if fault is not None:
            faults.append(fault)
        if fault is None or fault.problem is not ListProblem.SHAPE:
            cards += group.size  # a well-shaped group: its size counts, whatever else is wrong
    if cards > rules.hand_size:
        faults.append(PhaseFault(ListProblem.TOO_MANY_CARDS, number, limit=rules.hand_size))
    return faults


def _group_fault(number: int, index: int, group: object, rules: Ruleset) -> PhaseFault | None:
    if (
        not isinstance(group, GroupSpec)
        or not isinstance(group.kind, GroupKind)
        or isinstance(group.size, bool)
        or not isinstance(group.size, int)
    ):
        return PhaseFault(ListProblem.SHAPE, number, index)
    least = rules.list_min_size.get(group.kind)
    if least is None:
        return PhaseFault(ListProblem.KIND, number, index)
    if group.size < least:
        return PhaseFault(ListProblem.TOO_SMALL, number, index, least)
    # No upper bound of its own: a phase's groups need at most a hand's cards, fewer than any
    # kind can hold (a run's 12, a set's 8 numbers and 8 Wilds).
    return None


@dataclass(frozen=True, slots=True)
class Options:
    """What the table chooses before the first deal (rulings 20-24, 31-34).

    ``phases_to_win``: the "first to N phases" variation (None plays them all);
    ``even_phases``: only the even-numbered phases; ``ten_hands``: one hand per phase
    with everyone advancing; ``el_chavo``: the El Chavo Phase 10; ``phase_list``: a
    table's own list (None: the edition's; a list equal to the edition's is taken as
    it); ``any_order``: each player picks the phase to play at the start of each hand.
    """

    ten_hands: bool = False
    phases_to_win: int | None = None
    even_phases: bool = False
    el_chavo: bool = False
    edition: str = "classic"
    phase_list: PhaseList | None = None
    any_order: bool = False

    def __post_init__(self) -> None:
        if self.edition not in EDITIONS:
            raise OptionsError(
                SetupReason.EDITION, f"the edition is one of {', '.join(EDITIONS)}, not {self.edition!r:.20}"
            )
        for flag in ("ten_hands", "even_phases", "el_chavo", "any_order"):
            if not isinstance(getattr(self, flag), bool):
                raise OptionsError(SetupReason.FLAG, f"{flag} is on or off (True or False)")
        rules = EDITIONS[self.edition]
        if self.el_chavo and rules.el_chavo_number is None:
            raise OptionsError(
                SetupReason.EL_CHAVO_EDITION,
                f"the El Chavo Phase 10 is not a rule of the {self.edition} edition",
            )
        self._check_list(rules)
        if self.any_order and self.ten_hands:
            raise OptionsError(
                SetupReason.ANY_ORDER_TEN_HANDS,
                "phases in any order do not combine with ten hands: everyone would move on every hand",
            )
        available = len(self.base_sequence())
        if available == 0:
            raise OptionsError(
                SetupReason.NO_EVEN_PHASES, "even phases: this list has no even-numbered phase"
            )
        if self.phases_to_win is not None:
            if isinstance(self.phases_to_win, bool) or not isinstance(self.phases_to_win, int):
                raise OptionsError(
                    SetupReason.PHASES_TO_WIN, "the number of phases to win must be a whole number"
                )
            if not 1 <= self.phases_to_win <= available:
                raise OptionsError(
                    SetupReason.PHASES_TO_WIN,
                    f"the number of phases to win must be between 1 and {available}"
                    f"{' with even phases only' if self.even_phases else ''},"
                    f" not {self.phases_to_win}",
                )

    def _check_list(self, rules: Ruleset) -> None:
        """Ruling 31: an own list fits the deck; one equal to the edition's is the edition's."""
        chosen = self.phase_list
        if chosen is None:
            return
        if not isinstance(chosen, PhaseList):
            raise PhaseListError([PhaseFault(ListProblem.SHAPE)])
        faults = list_faults(chosen.phases, rules, chosen.name)
        if faults:
            raise PhaseListError(faults)
        if chosen.phases == rules.phases:
            object.__setattr__(self, "phase_list", None)
        elif self.el_chavo:
            raise OptionsError(
                SetupReason.EL_CHAVO_OWN_LIST, "the El Chavo Phase 10 belongs to the edition's own phase list"
            )

    def phase_specs(self) -> tuple[PhaseSpec, ...]:
        """The phases of the list played, numbered 1..N: the table's own, or the edition's."""
        return self.ruleset().phases if self.phase_list is None else self.phase_list.phases

    def played_list(self) -> PhaseList:
        """The list played: the table's own, or the edition's (``edition_list``)."""
        return edition_list(self.ruleset()) if self.phase_list is None else self.phase_list

    def base_sequence(self) -> tuple[int, ...]:
        numbers = tuple(spec.number for spec in self.phase_specs())
        return tuple(n for n in numbers if n % 2 == 0) if self.even_phases else numbers

    def phase_sequence(self) -> tuple[int, ...]:
        """The phase numbers played, in order; with phases in any order, those that may be
        picked (ruling 34: "first to N" then asks for any N of them)."""
        sequence = self.base_sequence()
        if self.phases_to_win is not None and not self.any_order:
            sequence = sequence[: self.phases_to_win]
        return sequence

    def phases_to_complete(self) -> int:
        """How many phases a player completes to finish the game (ruling 19's "the last
        phase"; ruling 33's "their last phase" with phases in any order)."""
        if self.any_order and self.phases_to_win is not None:
            return self.phases_to_win
        return len(self.phase_sequence())

    def open_phases(self, done: Sequence[int]) -> tuple[int, ...]:
        """With phases in any order, the phases a player who completed ``done`` may pick
        (ruling 33), in the list's order."""
        return tuple(number for number in self.phase_sequence() if number not in done)

    def phase_played(self, phase_index: int, tiebreak: bool = False) -> int:
        """The phase number a seat at ``phase_index`` plays: in a tiebreak, the final phase
        (ruling 19); past the last phase (a game decided), the last."""
        sequence = self.phase_sequence()
        return sequence[-1] if tiebreak else sequence[min(phase_index, len(sequence) - 1)]

    def ruleset(self) -> Ruleset:
        return EDITIONS[self.edition]

    def phase_spec(self, number: int) -> PhaseSpec:
        if self.phase_list is not None:
            return self.phase_list.phase(number)
        rules = self.ruleset()
        spec = rules.phase(number)
        if self.el_chavo and number == rules.final_phase:
            return PhaseSpec(spec.number, spec.groups, rules.el_chavo_number)
        return spec

    def describe(self) -> list[str]:
        parts: list[str] = []
        if self.edition != CLASSIC.name:
            parts.append(f"{self.ruleset().title} edition")
        if self.phase_list is not None:
            parts.append(f"own phase list{f' {self.phase_list.name!r}' if self.phase_list.name else ''}")
        if self.any_order:
            parts.append("phases in any order")
        if self.even_phases:
            parts.append("even phases")
        if self.phases_to_win is not None:
            parts.append(f"first to {self.phases_to_win} phases")
        if self.ten_hands:
            parts.append(f"{len(self.phase_sequence())} hands")
        if self.el_chavo:
            parts.append("El Chavo Phase 10")
        return parts or ["standard"]


# Who plays a seat: a person at the table, or a computer player at one of the bots' levels.
PERSON = "person"
PLAYER_KINDS = (PERSON, "easy", "normal", "hard", "expert")


@dataclass(frozen=True, slots=True)
class GameConfig:
    """Who plays, with which options, from which seed.

    ``kinds`` says who plays each seat (see ``PLAYER_KINDS``); left empty, every
    seat is a person.  It belongs to the game, not to the screen, so a saved
    game resumes with its computer players and a game replays with them.
    ``hints`` says whether the table lets people ask the coach (``coach.advise``);
    a table that plays seriously turns it off before the first deal.
    """

    players: tuple[str, ...]
    seed: int
    options: Options = field(default_factory=Options)
    first_dealer: int = 0
    kinds: tuple[str, ...] = ()
    hints: bool = True

    def __post_init__(self) -> None:
        check_players(self.players)
        if self.kinds == ():
            object.__setattr__(self, "kinds", (PERSON,) * len(self.players))
        if not isinstance(self.kinds, tuple) or len(self.kinds) != len(self.players):
            raise SetupError(f"kinds must be a tuple with one entry per player, not {self.kinds!r:.60}")
        for kind in self.kinds:
            if kind not in PLAYER_KINDS:
                raise SetupError(f"a seat is played by one of {', '.join(PLAYER_KINDS)}, not {kind!r:.20}")
        if not isinstance(self.hints, bool):
            raise SetupError(f"hints are on or off (True or False), not {self.hints!r:.20}")
        if isinstance(self.seed, bool) or not isinstance(self.seed, int) or not 0 <= self.seed < 2**64:
            raise SetupError(f"the seed must be a whole number from 0 to 2**64-1, not {self.seed!r}")
        if not isinstance(self.first_dealer, int) or not 0 <= self.first_dealer < len(self.players):
            raise SetupError(f"the first dealer must be a seat from 0 to {len(self.players) - 1}")


MAX_NAME_LENGTH = 40


def check_players(players: object) -> None:
    """Raise ``SetupError`` unless ``players`` is a tuple of ``MIN_PLAYERS`` to ``MAX_PLAYERS``
    names, each not blank and at most ``MAX_NAME_LENGTH`` characters (for a game, or for a
    score pad of a game played with cards)."""
    if not isinstance(players, tuple):
        raise SetupError("players must be a tuple of names")
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise SetupError(f"a game needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(players)}")
    for name in players:
        if not isinstance(name, str) or not name.strip():
            raise SetupError(f"every player needs a name, got {name!r}")
        if len(name) > MAX_NAME_LENGTH:
            raise SetupError(f"a name has at most {MAX_NAME_LENGTH} characters: {name!r}")


@dataclass(frozen=True, slots=True)
class OptionInfo:
    """One choice a table makes before the first deal.  Its words for people are the UI's,
    in each language's message catalogue (``option.<key>.title`` and ``.summary``)."""

    key: str
    kind: str  # "variation": pick one of these; "rule": switch on or off


# What the set-up screen offers, in its order.
OPTION_CATALOGUE: tuple[OptionInfo, ...] = (
    OptionInfo("standard", "variation"),
    OptionInfo("ten-hands", "variation"),
    OptionInfo("first-to-n", "variation"),
    OptionInfo("even-phases", "variation"),
    OptionInfo("el-chavo", "rule"),
    OptionInfo("any-order", "rule"),
)
