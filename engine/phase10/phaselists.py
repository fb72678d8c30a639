"""A table's own phase lists (ruling 31): presets, share codes, and lists dealt by chance.

A list is data (``rules.PhaseList``); ``rules.list_faults`` says what keeps one from
fitting a deck, phase by phase.  This module adds what the set-up screen and the
command line share:

- **Presets**: ``presets(edition)``, the lists a table can start from; the
  edition's own list comes first.
- **Share codes**: ``encode(phase_list)`` writes a list as a short code of plain
  letters and digits, and ``decode(code, edition)`` reads one back, or refuses it
  with a ``PhaseCodeError`` whose ``problem`` says why (and, for a list the deck
  cannot play, ``faults`` phase by phase).  The format, version 1::

      P1-3S3S-3S4R-4S4R-7R-8R-9R-4S4S-7C-5S2S-5S3S-Q

  ``P1`` names the version.  Then each phase, in order, as its groups: a size and
  a kind, ``S`` a set, ``R`` a run, ``C`` cards of one colour, ``CR`` a colour run.
  The last character is a check on everything before it (Luhn mod 32 over the
  characters, written in Crockford's base 32), so one mistyped character, or two
  neighbours swapped, is refused rather than read as another list.  Reading
  ignores spaces and case, and takes ``O`` for 0 and ``I`` or ``L`` for 1.
- **Lists dealt by chance**: ``random_list(length, seed, edition)`` makes a list
  of that many phases, the same for the same seed on every Python, ordered from
  the easiest to the hardest by ``difficulty``: the chance of making the phase
  from a dealt hand plus ``DRAWS`` draws (then, between phases as likely, with
  half as many), estimated from ``SAMPLES`` sampled deals: the same deals for
  every phase, so that the order compares like with like.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from .cards import Card, Side
from .finder import find_laydown
from .rng import below, next_u64, seed_state
from .rules import (
    EDITIONS,
    MAX_LIST_NAME,
    MAX_LIST_PHASES,
    MAX_PHASE_GROUPS,
    GroupKind,
    GroupSpec,
    ListProblem,
    PhaseFault,
    PhaseList,
    PhaseListError,
    PhaseSpec,
    Ruleset,
    SetupError,
    edition_list,
    list_faults,
)

__all__ = [
    "CODE_VERSION",
    "DRAWS",
    "MAX_CODE_LENGTH",
    "SAMPLES",
    "CodeProblem",
    "Difficulty",
    "PhaseCodeError",
    "decode",
    "difficulties",
    "difficulty",
    "editions_for",
    "encode",
    "presets",
    "random_list",
    "random_phase",
]


def presets(edition: str = "classic") -> tuple[PhaseList, ...]:
    """The lists a table of ``edition`` can start from: the edition's own list first."""
    return (edition_list(_rules(edition)),)


def editions_for(phase_list: PhaseList) -> tuple[str, ...]:
    """The editions whose deck can play ``phase_list`` (ruling 31), in ``EDITIONS`` order."""
    return tuple(
        name for name, rules in EDITIONS.items() if not list_faults(phase_list.phases, rules, phase_list.name)
    )


def _rules(edition: str | Ruleset) -> Ruleset:
    if isinstance(edition, Ruleset):
        return edition
    if edition not in EDITIONS:
        raise SetupError(f"the edition is one of {', '.join(EDITIONS)}, not {edition!r:.20}")
    return EDITIONS[edition]


# --- share codes ---------------------------------------------------------------------------

CODE_VERSION = 1
_PREFIX = f"P{CODE_VERSION}"
# Long enough for the longest list ruling 31 allows (20 phases of 3 groups, 4 characters
# each), and short enough to refuse a hostile text before reading any of it.
MAX_CODE_LENGTH = 300

_LETTERS = {GroupKind.SET: "S", GroupKind.RUN: "R", GroupKind.COLOR: "C", GroupKind.COLOR_RUN: "CR"}
_KIND_OF = {letters: kind for kind, letters in _LETTERS.items()}
_GROUP = re.compile(r"(\d+)([A-Z]+)")
_PHASE = re.compile(r"(?:\d+[A-Z]+)+")
# Crockford's base 32: no I, L, O or U, so the check reads aloud without doubt.
_CHECK_SYMBOLS = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
# The check's values for the characters a code holds ("-" takes Z's, which no code holds
# before its check).
_CHECK_VALUES = {symbol: value for value, symbol in enumerate(_CHECK_SYMBOLS)} | {"-": 31}
_SAME_AS = str.maketrans({"O": "0", "I": "1", "L": "1"})


class CodeProblem(StrEnum):
    """Why a code is refused; the UI words each one (``code.refused.<value>``)."""

    NOT_TEXT = "not-text"  # not a string at all
    EMPTY = "empty"
    TOO_LONG = "too-long"  # longer than MAX_CODE_LENGTH: not read
    CHARACTERS = "characters"  # a character no code holds (``position``, from 0, in the text read)
    VERSION = "version"  # not a code, or a code of another version (a newer app's)
    SYNTAX = "syntax"  # a phase that is not sizes and kinds (``phase``)
    CHECK = "check"  # the check character does not match: something was mistyped
    LIST = "list"  # a list the deck cannot play (ruling 31): see ``faults``


class PhaseCodeError(SetupError):
    """A share code that is refused; nothing is changed.  ``problem`` says why, ``phase``
    which phase (for ``SYNTAX``, and ``LIST``'s first fault), ``position`` which character
    (for ``CHARACTERS``), ``faults`` each fault of a ``LIST``."""

    def __init__(
        self,
        problem: CodeProblem,
        reason: str,
        *,
        phase: int | None = None,
        position: int | None = None,
        faults: tuple[PhaseFault, ...] = (),
    ) -> None:
        super().__init__(f"phase list code: {reason}")
        self.problem = problem
        self.phase = phase
        self.position = position
        self.faults = faults


def encode(phase_list: PhaseList) -> str:
    """The share code of ``phase_list`` (its name is not part of it).  ``PhaseListError``
    for a list that is no list of groups of known kinds, at most ruling 31's size."""
    faults = _shape_faults(phase_list.phases)
    if faults:
        raise PhaseListError(faults)
    phases = [
        "".join(f"{group.size}{_LETTERS[group.kind]}" for group in spec.groups) for spec in phase_list.phases
    ]
    body = "-".join([_PREFIX, *phases])
    return f"{body}-{_check(body)}"


def _shape_faults(phases: Sequence[PhaseSpec]) -> tuple[PhaseFault, ...]:
    """What no code can write: no phase, too many, or a group of no kind or size it writes."""
    if not phases:
        return (PhaseFault(ListProblem.NO_PHASES),)
    if len(phases) > MAX_LIST_PHASES:
        return (PhaseFault(ListProblem.TOO_MANY_PHASES, limit=MAX_LIST_PHASES),)
    faults: list[PhaseFault] = []
    for number, spec in enumerate(phases, 1):
        if not spec.groups:
            faults.append(PhaseFault(ListProblem.NO_GROUPS, number))
        elif len(spec.groups) > MAX_PHASE_GROUPS:
            faults.append(PhaseFault(ListProblem.TOO_MANY_GROUPS, number, limit=MAX_PHASE_GROUPS))
        for index, group in enumerate(spec.groups):
            size = group.size
            if isinstance(size, bool) or not isinstance(size, int) or not 1 <= size <= 99:
                faults.append(PhaseFault(ListProblem.SHAPE, number, index))
    return tuple(faults)


def decode(code: object, edition: str | Ruleset | None = "classic", name: str = "") -> PhaseList:
    """The list a share code writes, checked against ``edition``'s deck (ruling 31), named
    ``name``; ``PhaseCodeError`` saying why not.  With ``edition`` None no deck is consulted
    (``Options`` checks the list against its edition's)."""
    phases = _read(code)
    if not isinstance(name, str) or len(name) > MAX_LIST_NAME:
        fault = PhaseFault(ListProblem.NAME, limit=MAX_LIST_NAME)
        raise PhaseCodeError(CodeProblem.LIST, str(fault), faults=(fault,))
    if edition is None:
        return PhaseList(name, phases)
    rules = _rules(edition)
    faults = list_faults(phases, rules, name)
    if faults:
        error = PhaseListError(faults, f"not a list of the {rules.name} deck")
        raise PhaseCodeError(CodeProblem.LIST, str(error), phase=faults[0].phase, faults=faults)
    return PhaseList(name, phases)


def _read(code: object) -> tuple[PhaseSpec, ...]:
    """The phases a code writes, its version and check verified; no deck is consulted."""
    if not isinstance(code, str):
        raise PhaseCodeError(CodeProblem.NOT_TEXT, f"a code is text, not {type(code).__name__}")
    if len(code) > MAX_CODE_LENGTH:
        raise PhaseCodeError(CodeProblem.TOO_LONG, f"a code has at most {MAX_CODE_LENGTH} characters")
    text = "".join(code.split()).upper().translate(_SAME_AS)
    if not text:
        raise PhaseCodeError(CodeProblem.EMPTY, "the code is empty")
    for position, char in enumerate(text):
        if not (char == "-" or ("0" <= char <= "9") or ("A" <= char <= "Z")):
            raise PhaseCodeError(
                CodeProblem.CHARACTERS, f"{char!r} is not a letter, a digit or '-'", position=position
            )
    parts = text.split("-")
    if parts[0] != _PREFIX:
        newer = re.fullmatch(r"P(\d{1,3})", parts[0])
        said = f"a code of version {newer[1]}: this app reads version {CODE_VERSION}" if newer else None
        raise PhaseCodeError(CodeProblem.VERSION, said or f"a code starts with {_PREFIX}-")
    if len(parts) < 3 or len(parts[-1]) != 1:
        raise PhaseCodeError(
            CodeProblem.SYNTAX, "a code is P1-, its phases, then '-' and one check character"
        )
    phases = _read_phases(parts[1:-1])
    body = "-".join(parts[:-1])
    if parts[-1] != _check(body):
        raise PhaseCodeError(
            CodeProblem.CHECK, "the check character does not match: a character was mistyped"
        )
    return phases


def _read_phases(parts: Sequence[str]) -> tuple[PhaseSpec, ...]:
    if len(parts) > MAX_LIST_PHASES:
        fault = PhaseFault(ListProblem.TOO_MANY_PHASES, limit=MAX_LIST_PHASES)
        raise PhaseCodeError(CodeProblem.LIST, str(fault), faults=(fault,))
    phases: list[PhaseSpec] = []
    faults: list[PhaseFault] = []
    for number, part in enumerate(parts, 1):
        if not _PHASE.fullmatch(part):
            raise PhaseCodeError(
                CodeProblem.SYNTAX,
                f"phase {number} ({part or 'empty'}) is not sizes and kinds, like 3S4R",
                phase=number,
            )
        groups: list[GroupSpec] = []
        for index, (size, letters) in enumerate(_GROUP.findall(part)):
            kind = _KIND_OF.get(letters)
            if kind is None:
                faults.append(PhaseFault(ListProblem.KIND, number, index))
            elif len(size) > 2:  # no group comes near: ruling 31's hand leaves at most 10 cards
                faults.append(PhaseFault(ListProblem.TOO_MANY_CARDS, number, index, limit=10))
            else:
                groups.append(GroupSpec(kind, int(size)))
        phases.append(PhaseSpec(number, tuple(groups)))
    if faults:
        error = PhaseListError(faults)
        raise PhaseCodeError(CodeProblem.LIST, str(error), phase=faults[0].phase, faults=tuple(faults))
    return tuple(phases)


def _check(body: str) -> str:
    """Luhn mod 32 of ``body``: catches any one character changed, and most neighbours swapped."""
    total, factor = 0, 2
    for char in reversed(body):
        value = factor * _CHECK_VALUES[char]
        total += value // 32 + value % 32
        factor = 3 - factor
    return _CHECK_SYMBOLS[-total % 32]


# --- how hard a phase is -------------------------------------------------------------------

SAMPLES = 40  # deals sampled per phase: enough to order a list, quick enough to deal one
DRAWS = 8  # cards drawn after the deal: a hand of play, roughly, for a player


@dataclass(frozen=True, slots=True)
class Difficulty:
    """How hard a phase is to make, from sampled deals: ``chance`` makes it from the dealt
    hand and ``DRAWS`` draws, ``early`` from the hand and half as many.  ``key`` sorts the
    easiest first: the likelier to be made, then the likelier to be made early."""

    chance: float
    early: float

    @property
    def key(self) -> tuple[float, float]:
        return (-self.chance, -self.early)


def difficulty(
    spec: PhaseSpec, edition: str | Ruleset = "classic", seed: int = 0, samples: int = SAMPLES
) -> Difficulty:
    """How hard ``spec`` is to make with ``edition``'s deck (see ``Difficulty``)."""
    return difficulties((spec,), edition, seed, samples)[0]


def difficulties(
    specs: Sequence[PhaseSpec], edition: str | Ruleset = "classic", seed: int = 0, samples: int = SAMPLES
) -> tuple[Difficulty, ...]:
    """``difficulty`` of each of ``specs``, all measured on the same sampled deals."""
    rules = _rules(edition)
    deals = _deals(rules, seed, samples)
    return tuple(_measured(spec, deals, rules) for spec in specs)


def _deals(rules: Ruleset, seed: int, samples: int) -> list[tuple[Card, ...]]:
    """``samples`` deals of a hand and ``DRAWS`` more cards, from ``seed``; with two-sided
    cards, every other deal on the Wild Side."""
    state = seed_state(seed)
    deals: list[tuple[Card, ...]] = []
    cards = rules.hand_size + DRAWS
    for index in range(samples):
        deck = list(rules.deck)
        for place in range(cards):  # the first cards of a Fisher-Yates shuffle: all a deal uses
            pick, state = below(state, len(deck) - place)
            deck[place], deck[place + pick] = deck[place + pick], deck[place]
        side = Side.WILD if rules.two_sided and index % 2 else Side.COLOR
        deals.append(tuple(card.facing(side).shown for card in deck[:cards]))
    return deals


def _measured(spec: PhaseSpec, deals: Sequence[tuple[Card, ...]], rules: Ruleset) -> Difficulty:
    """The share of ``deals`` that make ``spec`` with all their draws, and with half.  A deal
    made with half is made with all (more cards never unmake a phase): one search or two."""
    early = late = 0
    half = rules.hand_size + DRAWS // 2
    for deal in deals:
        if find_laydown(deal[:half], spec, rules) is not None:
            early += 1
        elif find_laydown(deal, spec, rules) is not None:
            late += 1
    count = len(deals) or 1
    return Difficulty((early + late) / count, early / count)


# --- lists dealt by chance -----------------------------------------------------------------

# How many cards a random phase asks for, at least: fewer make phases no table would play.
_FEWEST_CARDS = {"classic": 6, "flip": 4}


def random_phase(state: int, rules: Ruleset) -> tuple[tuple[GroupSpec, ...], int]:
    """One phase's groups drawn by chance from ``rules``'s kinds (ruling 31), in a canonical
    order, and the generator's new state."""
    kinds = rules.list_kinds
    fewest = min(_FEWEST_CARDS.get(rules.name, 6), rules.hand_size)
    while True:
        count, state = below(state, MAX_PHASE_GROUPS)
        groups: list[GroupSpec] = []
        for _ in range(count + 1):
            pick, state = below(state, len(kinds))
            groups.append(GroupSpec(kinds[pick], rules.list_min_size[kinds[pick]]))
        total, state = below(state, rules.hand_size - fewest + 1)
        target = fewest + total
        spare = target - sum(group.size for group in groups)
        if spare < 0:
            continue  # the kinds drawn need more cards than the total drawn: draw again
        while spare:
            place, state = below(state, len(groups))
            groups[place] = GroupSpec(groups[place].kind, groups[place].size + 1)
            spare -= 1
        ordered = sorted(groups, key=lambda group: (group.kind.sort_order, -group.size))
        return tuple(ordered), state


def random_list(length: int, seed: int, edition: str | Ruleset = "classic", name: str = "") -> PhaseList:
    """A list of ``length`` different phases dealt by chance from ``seed`` for ``edition``'s
    deck, ordered from the easiest to the hardest (``difficulties``).  The same seed gives
    the same list, on every Python."""
    rules = _rules(edition)
    if isinstance(length, bool) or not isinstance(length, int) or not 1 <= length <= MAX_LIST_PHASES:
        raise PhaseListError([PhaseFault(ListProblem.TOO_MANY_PHASES, limit=MAX_LIST_PHASES)])
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
        raise SetupError(f"the seed must be a whole number from 0 to 2**64-1, not {seed!r:.30}")
    state = seed_state(seed)
    drawn: list[tuple[GroupSpec, ...]] = []
    while len(drawn) < length:
        groups, state = random_phase(state, rules)
        if groups not in drawn:
            drawn.append(groups)
    specs = [PhaseSpec(n, groups) for n, groups in enumerate(drawn, 1)]
    measured, _ = next_u64(state)
    hardness = difficulties(specs, rules, seed=measured)
    order = sorted(range(length), key=lambda i: (hardness[i].key, encode(PhaseList("", (specs[i],)))))
    return PhaseList(name, tuple(PhaseSpec(n, specs[i].groups) for n, i in enumerate(order, 1)))
