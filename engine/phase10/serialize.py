"""JSON for saved games, with a schema version.

Loading checks everything: the shape and type of every field, every card, and
then every invariant of a reachable state (``invariants.state_problems``), so a
corrupt or tampered document raises ``CorruptStateError`` and never yields a
state the rules could not reach.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from . import safejson
from .cards import Card, CardError, Side, parse_card
from .groups import Group
from .invariants import state_problems
from .rules import GameConfig, GroupKind, Options, SetupError
from .state import GameState, HandRecord, PlayerState, Step

__all__ = [
    "FORMAT",
    "SCHEMA_VERSION",
    "CorruptStateError",
    "from_json",
    "state_from_dict",
    "state_to_dict",
    "to_json",
]

FORMAT = "ten-phases/game"
SCHEMA_VERSION = 1

T = TypeVar("T")


class CorruptStateError(ValueError):
    """A saved game that cannot be loaded; the message says where and why."""


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
            "options": {
                "ten_hands": config.options.ten_hands,
                "phases_to_win": config.options.phases_to_win,
                "even_phases": config.options.even_phases,
                "el_chavo": config.options.el_chavo,
                "edition": config.options.edition,
            },
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
                "groups": [{"kind": g.kind.value, "cards": _cards(g.cards)} for g in p.groups],
                "score": p.score,
                "skip_pending": p.skip_pending,
                "skip_protected": p.skip_protected,
                "taken": _cards(p.taken),
            }
            for p in state.players
        ],
        "active": list(state.active),
        "history": [
            {
                "number": r.number,
                "phases": list(r.phases),
                "points": list(r.points),
                "completed": list(r.completed),
                "went_out": r.went_out,
                "tiebreak": r.tiebreak,
            }
            for r in state.history
        ],
        "tiebreak": list(state.tiebreak),
        "winner": state.winner,
        "turns": state.turns,
        "side": state.side.value,
    }


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


def _config(reader: _Reader) -> GameConfig:
    options = reader.child("options")
    try:
        return GameConfig(
            players=reader.items("players", _name),
            seed=reader.big_int("seed"),
            first_dealer=reader.integer("first_dealer"),
            # Saves from before computer players have no kinds: every seat was a person.
            kinds=reader.items("kinds", _name) if "kinds" in reader.data else (),
            options=Options(
                ten_hands=options.flag("ten_hands"),
                phases_to_win=options.integer("phases_to_win", nullable=True),
                even_phases=options.flag("even_phases"),
                el_chavo=options.flag("el_chavo"),
                # Saves from before the Flip edition have no edition: they were classic.
                edition=options.text("edition") if "edition" in options.data else "classic",
            ),
        )
    except SetupError as error:
        raise CorruptStateError(f"config: {error}") from None


def state_from_dict(data: object) -> GameState:
    """The state a ``state_to_dict`` document describes, checked through and through."""
    reader = _Reader(data, "")
    if reader.raw("format") != FORMAT:
        raise CorruptStateError(f"not a saved Ten Phases game (format should be {FORMAT!r})")
    version = reader.raw("version")
    if version != SCHEMA_VERSION:
        raise CorruptStateError(
            f"saved game version {version!r} is not supported (expected {SCHEMA_VERSION})"
        )
    try:
        step = Step(reader.text("step"))
    except ValueError:
        raise CorruptStateError("step should be draw, play, hand-over or game-over") from None
    try:
        # Saves from before the Flip edition have no side: one-sided cards lie Colour Side up.
        side = Side(reader.text("side")) if "side" in reader.data else Side.COLOR
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
    )
    try:
        problems = state_problems(state)
    except (
        ValueError,
        IndexError,
        KeyError,
    ) as error:  # a field inconsistent enough to trip a check
        problems = [f"inconsistent saved game: {error}"]
    if problems:
        raise CorruptStateError("saved game is corrupt: " + "; ".join(problems))
    return state
