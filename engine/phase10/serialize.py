"""JSON for saved games, with a schema version.

Loading checks everything: the shape and exact JSON type of every field (a
number is never ``true`` or ``1.0``), every card, every invariant of a reachable
state (``invariants.state_problems``), and the state against its own score
sheet, replayed from the first hand (``invariants.history_problems``).  A
corrupt or tampered document raises ``CorruptStateError``, and nothing else,
and never yields a state the rules could not reach.

Versions: ``SCHEMA_VERSION`` is what ``to_json`` writes.  A document of an
older version is upgraded one version at a time by ``MIGRATIONS`` before it is
read; one of a newer version raises ``NewerSaveError`` (the save is fine, the
app is old).  Version 1 was written by four generations of the code; the
fields the earlier ones did not write yet are filled in by
``_fill_early_version_1``.

A table's own phase list (ruling 31) and phases in any order (ruling 33) are
written only by the games that use them (``options.phase_list``,
``options.any_order``, each player's ``pick``), so a game with the edition's list
in order is saved exactly as before; a save without them is such a game.  A list
no game can play is refused with ``SavedListError``, which says what is wrong
with it phase by phase.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from . import safejson
from .cards import Card, CardError, Side, parse_card
from .groups import Group
from .invariants import MAX_TURNS_PER_HAND, history_problems, state_problems
from .pad import HandEntry, PadError, ScorePad, standings
from .rules import (
    CLASSIC,
    MAX_LIST_PHASES,
    MAX_PHASE_GROUPS,
    PERSON,
    GameConfig,
    GroupKind,
    GroupSpec,
    ListProblem,
    Options,
    PhaseFault,
    PhaseList,
    PhaseListError,
    PhaseSpec,
    SetupError,
)
from .state import GameState, HandRecord, PlayerState, Step

__all__ = [
    "FORMAT",
    "MAX_PAD_HANDS",
    "MAX_SAVED_TURNS",
    "MIGRATIONS",
    "PAD_FORMAT",
    "PAD_VERSION",
    "SCHEMA_VERSION",
    "CorruptStateError",
    "Migration",
    "NewerSaveError",
    "SavedListError",
    "from_json",
    "pad_from_dict",
    "pad_to_dict",
    "pad_to_json",
    "phase_list_from_dict",
    "phase_list_to_dict",
    "state_from_dict",
    "state_to_dict",
    "to_json",
    "upgrade",
]

FORMAT = "ten-phases/game"
SCHEMA_VERSION = 1

# Turns of the hand in play a save may show.  Random legal play's longest hand
# in 7,488 measured (600 games) took 578 turns, the median 26: half the cap
# leaves a loaded hand over four times that to finish before the turn cap
# (``invariants.MAX_TURNS_PER_HAND``) says a rule loops.  See docs/reliability.md.
MAX_SAVED_TURNS = MAX_TURNS_PER_HAND // 2

T = TypeVar("T")

Document = dict[str, Any]
Migration = Callable[[Document], Document]

# Version n -> the step that turns a document of version n into one of version
# n + 1.  Empty while version 1 is the only one; a change to the format bumps
# SCHEMA_VERSION and adds its step here, so every older save still loads.
MIGRATIONS: dict[int, Migration] = {}


class CorruptStateError(ValueError):
    """A saved game that cannot be loaded; the message says where and why."""


class NewerSaveError(CorruptStateError):
    """A save written by a newer version of the app: not damaged, just not readable here."""

    def __init__(self, version: int, supported: int) -> None:
        super().__init__(
            f"this game was saved by a newer version of the app (save format {version}; this version "
            f"reads up to {supported}). The save is not damaged: open it with an up-to-date app."
        )
        self.version = version
        self.supported = supported


class SavedListError(CorruptStateError):
    """A saved game or pad whose phase list no game can play (ruling 31): ``faults`` says
    each thing wrong, by phase, and ``problem`` is the first one's ``ListProblem``."""

    def __init__(self, where: str, faults: tuple[PhaseFault, ...]) -> None:
        error = PhaseListError(faults, where)
        super().__init__(str(error))
        self.faults = error.faults
        self.problem = error.problem


def to_json(state: GameState) -> str:
    return json.dumps(state_to_dict(state), separators=(",", ":"), sort_keys=True)


def from_json(text: str | bytes) -> GameState:
    try:
        data = safejson.loads(text)
    except safejson.JSONInputError as error:
        raise CorruptStateError(f"saved game is not valid JSON: {error}") from None
    return state_from_dict(data)


def _cards(cards: tuple[Card, ...]) -> list[str]:
    return [str(card) for card in cards]


def _group_dict(group: Group) -> dict[str, Any]:
    return {"kind": group.kind.value, "cards": _cards(group.cards)}


def _record_dict(record: HandRecord) -> dict[str, Any]:
    return {
        "number": record.number,
        "phases": list(record.phases),
        "points": list(record.points),
        "completed": list(record.completed),
        "went_out": record.went_out,
        "tiebreak": record.tiebreak,
    }


def state_to_dict(state: GameState) -> dict[str, Any]:
    config = state.config
    return {
        "format": FORMAT,
        "version": SCHEMA_VERSION,
        "config": {
            "players": list(config.players),
            "seed": str(config.seed),
            "first_dealer": config.first_dealer,
            "kinds": list(config.kinds),
            "hints": config.hints,
            "options": _options_dict(config.options),
        },
        "rng": str(state.rng),
        "hand_number": state.hand_number,
        "dealer": state.dealer,
        "current": state.current,
        "step": state.step.value,
        "draw_pile": _cards(state.draw_pile),
        "discard_pile": _cards(state.discard_pile),
        "players": [
            {
                "name": p.name,
                "hand": _cards(p.hand),
                "phase_index": p.phase_index,
                "groups": [_group_dict(group) for group in p.groups],
                "score": p.score,
                "skip_pending": p.skip_pending,
                "skip_protected": p.skip_protected,
                "taken": _cards(p.taken),
                "declined": _cards(p.declined),
                **({"pick": p.pick} if config.options.any_order else {}),
            }
            for p in state.players
        ],
        "active": list(state.active),
        "history": [_record_dict(record) for record in state.history],
        "tiebreak": list(state.tiebreak),
        "winner": state.winner,
        "turns": state.turns,
        "side": state.side.value,
        "hints_used": list(state.hints_used),
    }


def _options_dict(options: Options) -> dict[str, Any]:
    written: dict[str, Any] = {
        "ten_hands": options.ten_hands,
        "phases_to_win": options.phases_to_win,
        "even_phases": options.even_phases,
        "el_chavo": options.el_chavo,
        "edition": options.edition,
    }
    # Only where used: a game of the edition's list in order is written as it always was.
    if options.phase_list is not None:
        written["phase_list"] = phase_list_to_dict(options.phase_list)
    if options.any_order:
        written["any_order"] = True
    return written


def phase_list_to_dict(phase_list: PhaseList) -> dict[str, Any]:
    """A phase list as JSON: its name, and each phase as its groups' kinds and sizes."""
    return {
        "name": phase_list.name,
        "phases": [
            [{"kind": group.kind.value, "size": group.size} for group in spec.groups]
            for spec in phase_list.phases
        ],
    }


def phase_list_from_dict(data: object, path: str = "phase_list") -> PhaseList:
    """The list ``phase_list_to_dict`` wrote; ``SavedListError`` (with every fault found) for
    anything that is not a list of phases of some kinds and sizes, ``CorruptStateError``
    for anything that is not even shaped like one.  Whether the list fits a deck is the
    ``Options``' check (ruling 31)."""
    reader = _Reader(data, path)
    name = reader.text("name")
    phases = reader.typed("phases", list)
    if len(phases) > MAX_LIST_PHASES:  # refused before reading any of it
        raise SavedListError(path, (PhaseFault(ListProblem.TOO_MANY_PHASES, limit=MAX_LIST_PHASES),))
    faults: list[PhaseFault] = []
    specs: list[PhaseSpec] = []
    for number, groups in enumerate(phases, 1):
        specs.append(PhaseSpec(number, _saved_groups(groups, number, faults)))
    if faults:
        raise SavedListError(path, tuple(faults))
    return PhaseList(name, tuple(specs))


def _saved_groups(value: object, number: int, faults: list[PhaseFault]) -> tuple[GroupSpec, ...]:
    """The groups of phase ``number`` as saved; each one that cannot be read adds a fault."""
    if not isinstance(value, list):
        faults.append(PhaseFault(ListProblem.SHAPE, number))
        return ()
    if len(value) > MAX_PHASE_GROUPS:
        faults.append(PhaseFault(ListProblem.TOO_MANY_GROUPS, number, limit=MAX_PHASE_GROUPS))
        return ()
    groups: list[GroupSpec] = []
    for index, group in enumerate(value):
        kind = group.get("kind") if isinstance(group, dict) else None
        size = group.get("size") if isinstance(group, dict) else None
        if not isinstance(size, int) or isinstance(size, bool) or not isinstance(kind, str):
            faults.append(PhaseFault(ListProblem.SHAPE, number, index))
        elif kind not in _KINDS:
            faults.append(PhaseFault(ListProblem.KIND, number, index))
        else:
            groups.append(GroupSpec(_KINDS[kind], size))
    return tuple(groups)


_KINDS = {kind.value: kind for kind in GroupKind}


class _Reader:
    """Typed access to a JSON object, with the path of every field in its errors."""

    def __init__(self, data: object, path: str) -> None:
        if not isinstance(data, Mapping):
            raise CorruptStateError(f"{path or 'saved game'} should be an object")
        self.data = data
        self.path = path

    def _at(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def raw(self, key: str) -> object:
        if key not in self.data:
            raise CorruptStateError(f"saved game is missing {self._at(key)}")
        return self.data[key]

    def typed(self, key: str, kind: type[T], *, nullable: bool = False) -> T:
        value = self.raw(key)
        if value is None and nullable:
            return value  # type: ignore[return-value]
        if (kind is int and isinstance(value, bool)) or not isinstance(value, kind):
            raise CorruptStateError(f"{self._at(key)} should be {kind.__name__}, not {value!r:.40}")
        return value

    def integer(self, key: str, *, nullable: bool = False) -> Any:
        return self.typed(key, int, nullable=nullable)

    def flag(self, key: str) -> bool:
        return self.typed(key, bool)

    def text(self, key: str) -> str:
        return self.typed(key, str)

    def big_int(self, key: str) -> int:
        text = self.text(key)
        if not text.isdigit() or len(text) > 20:
            raise CorruptStateError(f"{self._at(key)} should be a whole number written as text")
        return int(text)

    def items(self, key: str, item: Callable[[object, str], T]) -> tuple[T, ...]:
        value = self.typed(key, list)
        return tuple(item(element, f"{self._at(key)}[{i}]") for i, element in enumerate(value))

    def cards(self, key: str) -> tuple[Card, ...]:
        return self.items(key, _card)

    def child(self, key: str) -> _Reader:
        return _Reader(self.raw(key), self._at(key))


def _card(value: object, path: str) -> Card:
    try:
        return parse_card(value)  # type: ignore[arg-type]
    except CardError as error:
        raise CorruptStateError(f"{path}: {error}") from None


def _int(value: object, path: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise CorruptStateError(f"{path} should be a whole number, not {value!r:.40}")
    return value


def _optional_int(value: object, path: str) -> int | None:
    return None if value is None else _int(value, path)


def _bool(value: object, path: str) -> bool:
    if not isinstance(value, bool):
        raise CorruptStateError(f"{path} should be true or false, not {value!r:.40}")
    return value


def _name(value: object, path: str) -> str:
    if not isinstance(value, str):
        raise CorruptStateError(f"{path} should be text, not {value!r:.40}")
    return value


def _group(value: object, path: str) -> Group:
    reader = _Reader(value, path)
    try:
        kind = GroupKind(reader.text("kind"))
    except ValueError:
        raise CorruptStateError(f"{path}.kind should be set, run, color or color_run") from None
    # A run keeps its order: each card stands for its place, and hits made it what it is.
    return Group(kind, reader.cards("cards")) if kind.is_run else Group.make(kind, reader.cards("cards"))


def _player(value: object, path: str) -> PlayerState:
    reader = _Reader(value, path)
    return PlayerState(
        name=reader.text("name"),
        hand=tuple(sorted(reader.cards("hand"))),
        phase_index=reader.integer("phase_index"),
        groups=reader.items("groups", _group),
        score=reader.integer("score"),
        skip_pending=reader.flag("skip_pending"),
        skip_protected=reader.flag("skip_protected"),
        taken=reader.cards("taken"),
        declined=reader.cards("declined"),
        pick=reader.integer("pick", nullable=True) if "pick" in reader.data else None,
    )


def _record(value: object, path: str) -> HandRecord:
    reader = _Reader(value, path)
    return HandRecord(
        number=reader.integer("number"),
        phases=reader.items("phases", _optional_int),
        points=reader.items("points", _optional_int),
        completed=reader.items("completed", _bool),
        went_out=reader.integer("went_out", nullable=True),
        tiebreak=reader.flag("tiebreak"),
    )


def _options(options: _Reader) -> Options:
    phase_list = None
    if "phase_list" in options.data:
        phase_list = phase_list_from_dict(options.raw("phase_list"), options._at("phase_list"))
    try:
        return Options(
            ten_hands=options.flag("ten_hands"),
            phases_to_win=options.integer("phases_to_win", nullable=True),
            even_phases=options.flag("even_phases"),
            el_chavo=options.flag("el_chavo"),
            edition=options.text("edition"),
            phase_list=phase_list,
            any_order=options.flag("any_order") if "any_order" in options.data else False,
        )
    except PhaseListError as error:
        raise SavedListError(options._at("phase_list"), error.faults) from None


def _config(reader: _Reader) -> GameConfig:
    try:
        return GameConfig(
            players=reader.items("players", _name),
            seed=reader.big_int("seed"),
            first_dealer=reader.integer("first_dealer"),
            kinds=reader.items("kinds", _name),
            options=_options(reader.child("options")),
            hints=reader.flag("hints"),
        )
    except SetupError as error:
        raise CorruptStateError(f"config: {error}") from None


def upgrade(
    data: object, migrations: Mapping[int, Migration] = MIGRATIONS, current: int = SCHEMA_VERSION
) -> Document:
    """A saved game document brought to version ``current``, one version at a time.

    Raises ``NewerSaveError`` for a version above ``current``, and
    ``CorruptStateError`` for anything that is no version of the format.  The
    document given is left as it was.
    """
    reader = _Reader(data, "")
    version = _version(reader, FORMAT, "saved game", current)
    # Migration steps may change the document in place: they get a copy of their own.
    document = dict(reader.data) if version == current else copy.deepcopy(dict(reader.data))
    while True:
        if version == 1:
            document = _fill_early_version_1(document)
        if version == current:
            return document
        step = migrations.get(version)
        if step is None:
            raise CorruptStateError(f"saved game version {version} has no upgrade to version {version + 1}")
        document = step(document)
        version += 1
        document["version"] = version


def _version(reader: _Reader, document_format: str, what: str, current: int) -> int:
    """The version of a document of ``document_format``: ``CorruptStateError`` if it is not
    one, ``NewerSaveError`` if a newer app wrote it."""
    if reader.raw("format") != document_format:
        raise CorruptStateError(f"not a Ten Phases {what} (format should be {document_format!r})")
    version = reader.raw("version")
    # JSON true and 1.0 are equal to 1 in Python: only a true integer is a version.
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise CorruptStateError(f"{what} version {version!r:.40} is not a version of the format")
    if version > current:
        raise NewerSaveError(version, current)
    return version


def _fill_early_version_1(document: Document) -> Document:
    """Version 1 as the earliest code wrote it, with the fields added since filled in.

    Saves from before computer players (commit 08719c1) have no ``kinds``: every
    seat was a person.  Saves from before the Flip edition (commit 4e60883) have
    no ``edition`` (they were classic) and no ``side`` (one-sided cards lie
    Colour Side up).  Saves from before the coach have no ``hints`` (a table could
    not ask for one, so the set-up's default, on, is what it would have chosen) and
    no ``hints_used`` (none were).  Saves from before the expert read discards have
    no ``declined`` for a player: nothing was recorded, so none is known.  Anything
    that is not the expected object is left for the reader to refuse.
    """
    filled = dict(document)
    filled.setdefault("side", Side.COLOR.value)
    filled.setdefault("hints_used", [])
    players = filled.get("players")
    if isinstance(players, list):
        filled["players"] = [_fill_declined(player) for player in players]
    config = filled.get("config")
    if isinstance(config, Mapping):
        config = dict(config)
        players = config.get("players")
        if "kinds" not in config and isinstance(players, list):
            config["kinds"] = [PERSON] * len(players)
        config.setdefault("hints", True)
        options = config.get("options")
        if isinstance(options, Mapping) and "edition" not in options:
            config["options"] = {**options, "edition": CLASSIC.name}
        filled["config"] = config
    return filled


def _fill_declined(player: object) -> object:
    if isinstance(player, Mapping) and "declined" not in player:
        return {**player, "declined": []}
    return player


def state_from_dict(data: object) -> GameState:
    """The state a ``state_to_dict`` document describes, checked through and through.

    Every way a document can be wrong raises ``CorruptStateError``.
    """
    try:
        return _read_state(upgrade(data))
    except CorruptStateError:
        raise
    except (
        ArithmeticError,
        AssertionError,
        AttributeError,
        LookupError,
        RecursionError,
        TypeError,
        ValueError,
    ) as error:
        # A backstop: the checks above are meant to refuse every bad document with a reason.
        raise CorruptStateError(f"saved game is inconsistent ({type(error).__name__}: {error})") from None


def _read_state(document: Document) -> GameState:
    reader = _Reader(document, "")
    try:
        step = Step(reader.text("step"))
    except ValueError:
        raise CorruptStateError("step should be draw, play, hand-over or game-over") from None
    try:
        side = Side(reader.text("side"))
    except ValueError:
        raise CorruptStateError("side should be color or wild") from None
    state = GameState(
        config=_config(reader.child("config")),
        rng=reader.big_int("rng"),
        hand_number=reader.integer("hand_number"),
        dealer=reader.integer("dealer"),
        current=reader.integer("current"),
        step=step,
        draw_pile=reader.cards("draw_pile"),
        discard_pile=reader.cards("discard_pile"),
        players=reader.items("players", _player),
        active=reader.items("active", _int),
        history=reader.items("history", _record),
        tiebreak=reader.items("tiebreak", _int),
        winner=reader.integer("winner", nullable=True),
        turns=reader.integer("turns"),
        side=side,
        hints_used=reader.items("hints_used", _int),
    )
    problems = state_problems(state) or history_problems(state)
    if not problems and state.step in (Step.DRAW, Step.PLAY) and state.turns > MAX_SAVED_TURNS:
        problems = [f"{state.turns} turns into one hand: a saved hand has at most {MAX_SAVED_TURNS}"]
    if problems:
        raise CorruptStateError("saved game is corrupt: " + "; ".join(problems))
    return state


# --- the score pad of a game played with real cards ------------------------------------------

PAD_FORMAT = "ten-phases/pad"
PAD_VERSION = 1
MAX_PAD_HANDS = 400  # as many hands as a played game may take (simulate.MAX_HANDS_PER_GAME)


def pad_to_dict(pad: ScorePad) -> dict[str, Any]:
    return {
        "format": PAD_FORMAT,
        "version": PAD_VERSION,
        "names": list(pad.names),
        "options": _options_dict(pad.options),
        "entries": [
            {
                "went_out": list(entry.went_out),
                "completed": list(entry.completed),
                "points": list(entry.points),
                **({"phases": list(entry.phases)} if entry.phases else {}),
            }
            for entry in pad.entries
        ],
    }


def pad_to_json(pad: ScorePad) -> str:
    return json.dumps(pad_to_dict(pad), separators=(",", ":"), sort_keys=True)


def pad_from_dict(data: object) -> ScorePad:
    """The pad a ``pad_to_dict`` document describes, every hand checked by the rules again.

    Every way a document can be wrong raises ``CorruptStateError``; one written by a
    newer version of the app, ``NewerSaveError``.
    """
    reader = _Reader(data, "")
    _version(reader, PAD_FORMAT, "score pad", PAD_VERSION)
    if len(reader.typed("entries", list)) > MAX_PAD_HANDS:
        raise CorruptStateError(f"a score pad has at most {MAX_PAD_HANDS} hands")
    try:
        pad = ScorePad(
            names=reader.items("names", _name),
            options=_options(reader.child("options")),
            entries=reader.items("entries", _entry),
        )
        standings(pad)  # every hand, checked by the rules in order
    except SavedListError:
        raise
    except (SetupError, PadError) as error:
        raise CorruptStateError(f"score pad: {error}") from None
    return pad


def _entry(value: object, path: str) -> HandEntry:
    reader = _Reader(value, path)
    return HandEntry(
        went_out=reader.items("went_out", _int),
        completed=reader.items("completed", _bool),
        points=reader.items("points", _optional_int),
        phases=reader.items("phases", _optional_int) if "phases" in reader.data else (),
    )
