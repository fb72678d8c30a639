"""What phones at one table send each other (issue 38): small, versioned JSON messages.

The host phone runs the game and is the only authority.  It sends each joined phone its
own seat's ``view`` (never the game: another hand's faces never leave the host), and a
joined phone sends back the action its player chose.  Three messages, each one JSON
object with the wire's version ``v``:

- ``{"v": 1, "type": "view", "seq": N, "view": {...}, "kinds": [...]}``: host to joiner,
  the N-th state of the game, as that seat sees it (``view_to_dict``), who plays each
  seat (a person, or a computer's level), whether it answers a move refused, and the move
  that made it (``"action"``, in notation, or null);
- ``{"v": 1, "type": "act", "seat": S, "token": T, "seq": N, "action": "draw"}``: joiner
  to host, an action in notation, for the view numbered N, with the seat's token;
- ``{"v": 1, "type": "hint", "seat": S, "token": T, "seq": N}``: joiner to host, the
  seat's player asked for a hint on view N (worked out on the joining phone from its own
  view; the host counts it on the game, as it counts its own players' hints);
- ``{"v": 1, "type": "ping", "at": N}``: either way, to tell a live link from a dead one.

A view also says whether the table allows hints (``"hints"``; absent, as a host before
hints were sent wrote it, reads as no hints).

``read_message`` reads any text a channel delivers into one of these or raises
``WireError`` saying why: too long, not JSON, another version, an unknown type, a field
missing or of the wrong kind.  ``host_apply`` then checks an action the host received
against the seat, its token, the view it answers and ``legal_actions``, and applies it or
raises ``RefusedActionError``: nothing a joined phone sends can change the game but a legal move of
its own seat, once.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from . import safejson
from .actions import Action, ActionSyntaxError, parse_action
from .cards import Side
from .game import apply, legal_actions
from .rules import PLAYER_KINDS, GroupKind, GroupSpec, PhaseSpec
from .serialize import (
    CorruptStateError,
    _card,
    _cards,
    _group,
    _group_dict,
    _options,
    _options_dict,
    _Reader,
    _record,
    _record_dict,
)
from .state import GameState, Step
from .view import PlayerView, PublicPlayer, view

__all__ = [
    "MAX_MESSAGE_CHARS",
    "WIRE_VERSION",
    "ActionMessage",
    "HintMessage",
    "Message",
    "Ping",
    "RefusedActionError",
    "RefusedReason",
    "ViewMessage",
    "WireError",
    "host_apply",
    "host_hint",
    "read_message",
    "view_for",
    "view_from_dict",
    "view_to_dict",
    "write_message",
]

WIRE_VERSION = 1
# A view is 1-4 KB as a rule, but its legal moves can list every way to lay down: with the
# Flip deck's Wild Side, up to 1,622 moves and 66 KB were seen.  A data channel carries at
# most 256 KiB in one message in every browser; anything longer is not a message.
MAX_MESSAGE_CHARS = 256_000


class WireError(ValueError):
    """Text that is not a message of this wire's version."""


@dataclass(frozen=True, slots=True)
class ViewMessage:
    seq: int  # the host's count of states sent: an action names the one it answers
    view: PlayerView
    kinds: tuple[str, ...] = ()  # who plays each seat (``GameConfig.kinds``); () where not known
    refused: bool = False  # sent back for a move of this seat the host refused: the table as it is
    hints: bool = False  # the table allows hints (``GameConfig.hints``)
    # The move that made this state from the one sent before it, if one did (every move is
    # public: a draw from the pile names no card), so the phone can tell the table's moves.
    action: Action | None = None


@dataclass(frozen=True, slots=True)
class ActionMessage:
    seat: int
    token: str  # the seat's secret, given when the phone joined: it alone may play the seat
    seq: int  # the view this action answers
    action: Action


@dataclass(frozen=True, slots=True)
class HintMessage:
    """The seat's player asked for a hint on the view numbered ``seq``."""

    seat: int
    token: str
    seq: int


@dataclass(frozen=True, slots=True)
class Ping:
    at: int


Message = ViewMessage | ActionMessage | HintMessage | Ping


# --- views as JSON ---------------------------------------------------------------------------


def _phase(spec: PhaseSpec) -> dict[str, Any]:
    return {
        "number": spec.number,
        "groups": [{"kind": group.kind.value, "size": group.size} for group in spec.groups],
        "must_include": spec.must_include,
    }


def _player_dict(player: PublicPlayer) -> dict[str, Any]:
    return {
        "seat": player.seat,
        "name": player.name,
        "phase": player.phase,
        "phase_spec": _phase(player.phase_spec),
        "phases_completed": player.phases_completed,
        "hand_count": player.hand_count,
        "groups": [_group_dict(group) for group in player.groups],
        "score": player.score,
        "skip_pending": player.skip_pending,
        "skip_protected": player.skip_protected,
        "taken": _cards(player.taken),
        "declined": _cards(player.declined),
        "in_hand": player.in_hand,
        "backs": _cards(player.backs),
        "done": list(player.done),
        "pick": player.pick,
        "choosing": player.choosing,
    }


def view_to_dict(seen: PlayerView) -> dict[str, Any]:
    """``seen`` as JSON: everything the seat sees, and nothing else (its own hand, every
    other hand as a count and the backs facing the table)."""
    return {
        "seat": seen.seat,
        "hand": _cards(seen.hand),
        "players": [_player_dict(player) for player in seen.players],
        "options": _options_dict(seen.options),
        "draw_count": seen.draw_count,
        "discard_top": None if seen.discard_top is None else str(seen.discard_top),
        "discard_count": seen.discard_count,
        "step": seen.step.value,
        "current": seen.current,
        "dealer": seen.dealer,
        "hand_number": seen.hand_number,
        "history": [_record_dict(record) for record in seen.history],
        "tiebreak": list(seen.tiebreak),
        "winner": seen.winner,
        "legal": [str(action) for action in seen.legal],
        "side": seen.side.value,
        "draw_back": None if seen.draw_back is None else str(seen.draw_back),
    }


def view_from_dict(data: object) -> PlayerView:
    """The view ``view_to_dict`` wrote; ``WireError`` for anything else."""
    try:
        return _read_view(_Reader(data, "view"))
    except (CorruptStateError, ActionSyntaxError, ValueError, TypeError) as error:
        raise WireError(str(error)) from None


def _read_view(reader: _Reader) -> PlayerView:
    top = reader.raw("discard_top")
    back = reader.raw("draw_back")
    return PlayerView(
        seat=reader.integer("seat"),
        hand=reader.cards("hand"),
        players=reader.items("players", _read_player),
        options=_options(reader.child("options")),
        draw_count=reader.integer("draw_count"),
        discard_top=None if top is None else _card(top, "view.discard_top"),
        discard_count=reader.integer("discard_count"),
        step=Step(reader.text("step")),
        current=reader.integer("current"),
        dealer=reader.integer("dealer"),
        hand_number=reader.integer("hand_number"),
        history=reader.items("history", _record),
        tiebreak=reader.items("tiebreak", _seat),
        winner=reader.integer("winner", nullable=True),
        legal=reader.items("legal", _action),
        side=Side(reader.text("side")),
        draw_back=None if back is None else _card(back, "view.draw_back"),
    )


def _read_player(value: object, path: str) -> PublicPlayer:
    reader = _Reader(value, path)
    return PublicPlayer(
        seat=reader.integer("seat"),
        name=reader.text("name"),
        phase=reader.integer("phase"),
        phase_spec=_read_phase(reader.raw("phase_spec"), f"{path}.phase_spec"),
        phases_completed=reader.integer("phases_completed"),
        hand_count=reader.integer("hand_count"),
        groups=reader.items("groups", _group),
        score=reader.integer("score"),
        skip_pending=reader.flag("skip_pending"),
        skip_protected=reader.flag("skip_protected"),
        taken=reader.cards("taken"),
        declined=reader.cards("declined"),
        in_hand=reader.flag("in_hand"),
        backs=reader.cards("backs"),
        done=reader.items("done", _seat),
        pick=reader.integer("pick", nullable=True),
        choosing=reader.flag("choosing"),
    )


def _read_phase(value: object, path: str) -> PhaseSpec:
    reader = _Reader(value, path)
    groups = tuple(
        GroupSpec(GroupKind(group.text("kind")), group.integer("size"))
        for group in (_Reader(item, f"{path}.groups") for item in reader.typed("groups", list))
    )
    return PhaseSpec(reader.integer("number"), groups, reader.integer("must_include", nullable=True))


def _seat(value: object, path: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise CorruptStateError(f"{path} should be a whole number from 0")
    return value


def _action(value: object, path: str) -> Action:
    if not isinstance(value, str):
        raise CorruptStateError(f"{path} should be an action in notation")
    return parse_action(value)


# --- messages ----------------------------------------------------------------------------------


def write_message(message: Message) -> str:
    """``message`` as the text a channel carries."""
    body: dict[str, Any]
    if isinstance(message, ViewMessage):
        body = {
            "type": "view",
            "seq": message.seq,
            "view": view_to_dict(message.view),
            "kinds": list(message.kinds),
            "refused": message.refused,
            "hints": message.hints,
            "action": None if message.action is None else str(message.action),
        }
    elif isinstance(message, ActionMessage):
        body = {
            "type": "act",
            "seat": message.seat,
            "token": message.token,
            "seq": message.seq,
            "action": str(message.action),
        }
    elif isinstance(message, HintMessage):
        body = {"type": "hint", "seat": message.seat, "token": message.token, "seq": message.seq}
    else:
        body = {"type": "ping", "at": message.at}
    return json.dumps({"v": WIRE_VERSION, **body}, separators=(",", ":"))


def read_message(text: object) -> Message:
    """The message in ``text``; ``WireError`` saying why it is none."""
    if not isinstance(text, str):
        raise WireError(f"a message is text, not {type(text).__name__}")
    if len(text) > MAX_MESSAGE_CHARS:
        raise WireError(f"a message of {len(text):,} characters is far longer than any message")
    try:
        data = safejson.loads(text)
    except safejson.JSONInputError as error:
        raise WireError(f"not JSON: {error}") from None
    if not isinstance(data, Mapping):
        raise WireError("a message is a JSON object")
    if data.get("v") != WIRE_VERSION:
        raise WireError(f"wire version {data.get('v')!r:.20}: this phone speaks version {WIRE_VERSION}")
    kind = data.get("type")
    try:
        return _read_body(kind, _Reader(data, "message"))
    except (CorruptStateError, ActionSyntaxError) as error:
        raise WireError(str(error)) from None


def _read_body(kind: object, reader: _Reader) -> Message:
    if kind == "view":
        seen = view_from_dict(reader.raw("view"))
        kinds = _kinds(reader.items("kinds", _kind), seen)
        hints = reader.flag("hints") if "hints" in reader.data else False
        action = _notation(reader) if reader.data.get("action") is not None else None
        return ViewMessage(_count(reader, "seq"), seen, kinds, reader.flag("refused"), hints, action)
    if kind == "hint":
        return HintMessage(_count(reader, "seat"), _token(reader), _count(reader, "seq"))
    if kind == "act":
        token, action = _token(reader), _notation(reader)
        return ActionMessage(_count(reader, "seat"), token, _count(reader, "seq"), action)
    if kind == "ping":
        return Ping(_count(reader, "at"))
    raise WireError(f"unknown message type {kind!r:.20}")


def _notation(reader: _Reader) -> Action:
    """The message's ``action``, in notation."""
    written = reader.text("action")
    if len(written) > 200:
        raise WireError("an action in notation is at most 200 characters")
    return parse_action(written)


def _token(reader: _Reader) -> str:
    token = reader.text("token")
    if not 0 < len(token) <= 64:
        raise WireError("a seat's token is 1 to 64 characters")
    return token


def _kind(value: object, path: str) -> str:
    if value not in PLAYER_KINDS:
        raise CorruptStateError(f"{path} should be one of {', '.join(PLAYER_KINDS)}")
    return str(value)


def _kinds(kinds: tuple[str, ...], seen: PlayerView) -> tuple[str, ...]:
    if len(kinds) != len(seen.players):
        raise WireError(f"{len(kinds)} kinds of player for {len(seen.players)} seats")
    return kinds


def _count(reader: _Reader, key: str) -> int:
    value = reader.integer(key)
    if value < 0:
        raise WireError(f"{key} should be a whole number from 0")
    return int(value)


# --- the host ----------------------------------------------------------------------------------


class RefusedReason(StrEnum):
    NO_SUCH_SEAT = "no-such-seat"  # not a seat played from another phone
    TOKEN = "token"  # the seat's token does not match: another phone, or a forged message
    STALE = "stale"  # answers a view older than the one on the table (replayed, or crossed)
    NOT_LEGAL = "not-legal"  # not a legal action of that seat now (not its turn, or no such move)


class RefusedActionError(ValueError):
    """An action from a joined phone the host does not apply, and why."""

    def __init__(self, reason: RefusedReason, detail: str) -> None:
        super().__init__(f"{reason.value}: {detail}")
        self.reason = reason


def view_for(
    state: GameState, seat: int, seq: int, refused: bool = False, action: Action | None = None
) -> ViewMessage:
    """The message that shows ``seat`` the game: its own view, and nothing more (``refused``:
    in answer to a move of that seat the host did not apply; ``action``: the move that made
    ``state`` from the state sent before it)."""
    return ViewMessage(seq, view(state, seat), state.config.kinds, refused, state.config.hints, action)


def host_apply(state: GameState, tokens: Mapping[int, str], seq: int, message: ActionMessage) -> GameState:
    """The game after a joined phone's action, answering view ``seq`` (the one the host sent
    last); ``RefusedActionError`` for anything else: a seat no phone plays, a wrong token, an answer to
    an older view (a replay), or a move that is not that seat's legal move now."""
    _check_sender(tokens, seq, message)
    mine = (state.current == message.seat and state.step in (Step.DRAW, Step.PLAY)) or (
        state.step is Step.HAND_OVER
    )
    if not mine or message.action not in legal_actions(state):
        raise RefusedActionError(
            RefusedReason.NOT_LEGAL, f"{message.action} is not a legal move of seat {message.seat} now"
        )
    return apply(state, message.action)


def host_hint(state: GameState, tokens: Mapping[int, str], seq: int, message: HintMessage) -> GameState:
    """The game with the hint a joined phone's player asked for counted (``coach.count_hint``),
    checked as ``host_apply`` checks a move: only the seat to move, on a table with hints."""
    from .coach import count_hint  # the coach imports the bots: only a hint pays for them

    _check_sender(tokens, seq, message)
    if not state.config.hints:
        raise RefusedActionError(RefusedReason.NOT_LEGAL, "this table plays without hints")
    if state.current != message.seat or state.step not in (Step.DRAW, Step.PLAY):
        raise RefusedActionError(
            RefusedReason.NOT_LEGAL, f"seat {message.seat} has no move to be coached on now"
        )
    return count_hint(state, message.seat)


def _check_sender(tokens: Mapping[int, str], seq: int, message: ActionMessage | HintMessage) -> None:
    """``RefusedActionError`` unless ``message`` comes from its seat's phone (its token) and
    answers the latest view, ``seq``."""
    token = tokens.get(message.seat)
    if token is None:
        raise RefusedActionError(
            RefusedReason.NO_SUCH_SEAT, f"seat {message.seat} is not played from another phone"
        )
    if message.token != token:
        raise RefusedActionError(RefusedReason.TOKEN, f"the token for seat {message.seat} does not match")
    if message.seq != seq:
        raise RefusedActionError(
            RefusedReason.STALE, f"the message answers view {message.seq}, not view {seq}"
        )
