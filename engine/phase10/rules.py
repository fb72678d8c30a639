"""The rules that are data: the deck, the phases, scoring and the setup options.

Everything a table chooses before the deal lives in ``Options``; everything an
edition fixes lives in ``Ruleset``.  The game logic reads these values and
never hard-codes them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from .cards import COLORS, NUMBERS, SKIP, WILD, Card, all_faces, classic_faces, parse_cards

__all__ = [
    "CLASSIC",
    "EDITIONS",
    "FLIP",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "OPTION_CATALOGUE",
    "PERSON",
    "PLAYER_KINDS",
    "GameConfig",
    "GroupKind",
    "GroupSpec",
    "OptionInfo",
    "Options",
    "PhaseSpec",
    "Ruleset",
    "SetupError",
    "check_players",
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
)

EDITIONS: dict[str, Ruleset] = {rules.name: rules for rules in (CLASSIC, FLIP)}


class SetupError(ValueError):
    """Game options or players that do not make a game."""


@dataclass(frozen=True, slots=True)
class Options:
    """What the table chooses before the first deal (rulings 20-24).

    ``phases_to_win``: the "first to N phases" variation (None plays them all);
    ``even_phases``: only the even-numbered phases; ``ten_hands``: one hand per phase
    with everyone advancing; ``el_chavo``: the El Chavo Phase 10.
    """

    ten_hands: bool = False
    phases_to_win: int | None = None
    even_phases: bool = False
    el_chavo: bool = False
    edition: str = "classic"

    def __post_init__(self) -> None:
        if self.edition not in EDITIONS:
            raise SetupError(f"the edition is one of {', '.join(EDITIONS)}, not {self.edition!r:.20}")
        if self.el_chavo and EDITIONS[self.edition].el_chavo_number is None:
            raise SetupError(f"the El Chavo Phase 10 is not a rule of the {self.edition} edition")
        available = len(self.base_sequence())
        if self.phases_to_win is not None:
            if isinstance(self.phases_to_win, bool) or not isinstance(self.phases_to_win, int):
                raise SetupError("the number of phases to win must be a whole number")
            if not 1 <= self.phases_to_win <= available:
                raise SetupError(
                    f"the number of phases to win must be between 1 and {available}"
                    f"{' with even phases only' if self.even_phases else ''},"
                    f" not {self.phases_to_win}"
                )

    def base_sequence(self) -> tuple[int, ...]:
        rules = self.ruleset()
        return rules.even_phase_numbers if self.even_phases else rules.phase_numbers

    def phase_sequence(self) -> tuple[int, ...]:
        """The phase numbers played, in order."""
        sequence = self.base_sequence()
        if self.phases_to_win is not None:
            sequence = sequence[: self.phases_to_win]
        return sequence

    def phase_played(self, phase_index: int, tiebreak: bool = False) -> int:
        """The phase number a seat at ``phase_index`` plays: in a tiebreak, the final phase
        (ruling 19); past the last phase (a game decided), the last."""
        sequence = self.phase_sequence()
        return sequence[-1] if tiebreak else sequence[min(phase_index, len(sequence) - 1)]

    def ruleset(self) -> Ruleset:
        return EDITIONS[self.edition]

    def phase_spec(self, number: int) -> PhaseSpec:
        rules = self.ruleset()
        spec = rules.phase(number)
        if self.el_chavo and number == rules.final_phase:
            return PhaseSpec(spec.number, spec.groups, rules.el_chavo_number)
        return spec

    def describe(self) -> list[str]:
        parts: list[str] = []
        if self.edition != CLASSIC.name:
            parts.append(f"{self.ruleset().title} edition")
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
)
