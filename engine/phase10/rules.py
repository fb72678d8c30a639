"""The rules that are data: the deck, the phases, scoring and the setup options.

Everything a table chooses before the deal lives in ``Options``; everything an
edition fixes lives in ``Ruleset``.  The game logic reads these values and
never hard-codes them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from .cards import COLORS, NUMBERS, SKIP, WILD, Card

__all__ = [
    "CLASSIC",
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
]

MIN_PLAYERS = 2
MAX_PLAYERS = 6


class GroupKind(Enum):
    SET = "set"
    RUN = "run"
    COLOR = "color"

    @property
    def sort_order(self) -> int:
        return _KIND_ORDER[self]


_KIND_ORDER = {GroupKind.SET: 0, GroupKind.RUN: 1, GroupKind.COLOR: 2}


@dataclass(frozen=True, slots=True)
class GroupSpec:
    """One group a phase asks for: its kind and its minimum size."""

    kind: GroupKind
    size: int

    def describe(self) -> str:
        noun = {GroupKind.SET: "set", GroupKind.RUN: "run", GroupKind.COLOR: "cards of one colour"}
        if self.kind is GroupKind.COLOR:
            return f"{self.size} {noun[self.kind]}"
        return f"1 {noun[self.kind]} of {self.size}"


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
                parts.append(f"{same} {spec.kind.value}s of {spec.size}")
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


@dataclass(frozen=True, slots=True)
class Ruleset:
    """An edition of the game, as data."""

    name: str
    deck: tuple[Card, ...]
    phases: tuple[PhaseSpec, ...]
    hand_size: int
    min_group_size: dict[GroupKind, int]
    max_run_length: int
    card_points: dict[Card, int]
    el_chavo_number: int

    def phase(self, number: int) -> PhaseSpec:
        if not 1 <= number <= len(self.phases):
            raise ValueError(f"phases are numbered 1 to {len(self.phases)}, not {number}")
        return self.phases[number - 1]

    def points(self, card: Card) -> int:
        return self.card_points[card]


def _classic_deck() -> tuple[Card, ...]:
    numbered = [Card.number_card(color, n) for n in NUMBERS for color in COLORS for _ in range(2)]
    return tuple(sorted(numbered + [WILD] * 8 + [SKIP] * 4))


def _classic_points() -> dict[Card, int]:
    points = {Card.number_card(c, n): (5 if n <= 9 else 10) for c in COLORS for n in NUMBERS}
    points[SKIP] = 15
    points[WILD] = 25
    return points


CLASSIC = Ruleset(
    name="classic",
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


class SetupError(ValueError):
    """Game options or players that do not make a game."""


@dataclass(frozen=True, slots=True)
class Options:
    """What the table chooses before the first deal (rulings 20-24).

    ``phases_to_win``: the "first to N phases" variation (None plays them all);
    ``even_phases``: only phases 2, 4, 6, 8, 10; ``ten_hands``: one hand per phase
    with everyone advancing; ``el_chavo``: the El Chavo Phase 10.
    """

    ten_hands: bool = False
    phases_to_win: int | None = None
    even_phases: bool = False
    el_chavo: bool = False

    def __post_init__(self) -> None:
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
        return (2, 4, 6, 8, 10) if self.even_phases else tuple(range(1, 11))

    def phase_sequence(self) -> tuple[int, ...]:
        """The phase numbers played, in order."""
        sequence = self.base_sequence()
        if self.phases_to_win is not None:
            sequence = sequence[: self.phases_to_win]
        return sequence

    def ruleset(self) -> Ruleset:
        return CLASSIC

    def phase_spec(self, number: int) -> PhaseSpec:
        spec = self.ruleset().phase(number)
        if self.el_chavo and number == len(self.ruleset().phases):
            return PhaseSpec(spec.number, spec.groups, self.ruleset().el_chavo_number)
        return spec

    def describe(self) -> list[str]:
        parts: list[str] = []
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
PLAYER_KINDS = (PERSON, "easy", "normal", "hard")


@dataclass(frozen=True, slots=True)
class GameConfig:
    """Who plays, with which options, from which seed.

    ``kinds`` says who plays each seat (see ``PLAYER_KINDS``); left empty, every
    seat is a person.  It belongs to the game, not to the screen, so a saved
    game resumes with its computer players and a game replays with them.
    """

    players: tuple[str, ...]
    seed: int
    options: Options = field(default_factory=Options)
    first_dealer: int = 0
    kinds: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.players, tuple):
            raise SetupError("players must be a tuple of names")
        if not MIN_PLAYERS <= len(self.players) <= MAX_PLAYERS:
            raise SetupError(f"a game needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(self.players)}")
        if self.kinds == ():
            object.__setattr__(self, "kinds", (PERSON,) * len(self.players))
        if not isinstance(self.kinds, tuple) or len(self.kinds) != len(self.players):
            raise SetupError(f"kinds must be a tuple with one entry per player, not {self.kinds!r:.60}")
        for kind in self.kinds:
            if kind not in PLAYER_KINDS:
                raise SetupError(f"a seat is played by one of {', '.join(PLAYER_KINDS)}, not {kind!r:.20}")
        for name in self.players:
            if not isinstance(name, str) or not name.strip():
                raise SetupError(f"every player needs a name, got {name!r}")
            if len(name) > MAX_NAME_LENGTH:
                raise SetupError(f"a name has at most {MAX_NAME_LENGTH} characters: {name!r}")
        if isinstance(self.seed, bool) or not isinstance(self.seed, int) or not 0 <= self.seed < 2**64:
            raise SetupError(f"the seed must be a whole number from 0 to 2**64-1, not {self.seed!r}")
        if not isinstance(self.first_dealer, int) or not 0 <= self.first_dealer < len(self.players):
            raise SetupError(f"the first dealer must be a seat from 0 to {len(self.players) - 1}")


MAX_NAME_LENGTH = 40


@dataclass(frozen=True, slots=True)
class OptionInfo:
    """One choice a table makes before the first deal, described for people."""

    key: str
    title: str
    summary: str
    kind: str  # "variation": pick one of these; "rule": switch on or off


# What the set-up screen offers; the summaries are the project's own words.
OPTION_CATALOGUE: tuple[OptionInfo, ...] = (
    OptionInfo(
        "standard",
        "Standard",
        "Complete the ten phases in order; the first to finish the last phase, lowest score on ties, wins.",
        "variation",
    ),
    OptionInfo(
        "ten-hands",
        "Ten hands",
        "One hand per phase and everyone moves on after every hand; the lowest total wins.",
        "variation",
    ),
    OptionInfo(
        "first-to-n",
        "First to N phases",
        "A shorter game: choose how many phases, from 1 to 10, make a win.",
        "variation",
    ),
    OptionInfo(
        "even-phases",
        "Even phases",
        "Play only phases 2, 4, 6, 8 and 10.",
        "variation",
    ),
    OptionInfo(
        "el-chavo",
        "El Chavo Phase 10",
        "Phase 10 must hold at least one 8 or one Wild.",
        "rule",
    ),
)
