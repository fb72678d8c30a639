"""A compact text form of a whole game state, for tests, logs and error reports.

    game seed=7 dealer=0 current=1 step=play hand=1 turns=2 rng=1234
    options ten-hands=no phases-to-win=- even-phases=no el-chavo=no
    draw: R1 B2 ...
    discard: G5 S
    seat 0 "Ann" phase-index=0 score=0 skip=- taken=-
      hand: R1 R2 R3
      group: set:R5,R5,W
    seat 1 "Bo" ...
    history: 1 phases=1,1 points=0,25 completed=yes,no out=0 tiebreak=no

``format_state`` writes every field and ``parse_state`` reads it back to the
equal state.  For writing scenarios by hand, ``parse_state`` also takes
defaults: ``rng`` (the seed's), ``hand`` (after the history), ``turns=1``,
``active`` (everyone), no options, and ``draw: rest`` for every card of the deck
not placed elsewhere, in deck order.  Parsed states are checked like loaded ones.

The Flip edition adds ``edition=flip`` to the options line and ``side=color`` or
``side=wild`` to the game line; its cards are written face first (``R7!/3``),
and ``draw: rest`` turns the rest of the deck to the side in play.

A table that turned hints off has ``hints=no`` on the game line, and a game where
hints were asked for has ``hints-used=2,0,1`` (a count for each seat).  A seat that
discarded or drew past a card this hand has ``declined=R5,G12`` (oldest first).

A table's own phase list (ruling 31) is a line of its own, its share code and then its
name in JSON quotes (``phases: P1-3S3S-4CR4R-7 "Ours"``); phases in any order (ruling 33)
add ``any-order=yes`` to the options line and ``pick=7`` to the line of a seat that has
picked its phase this hand.  A score sheet's phase 0 is a seat that never picked one.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import replace

from .actions import ActionSyntaxError, _parse_group
from .cards import Card, Side, format_cards, parse_cards
from .invariants import state_problems
from .phaselists import decode, encode
from .rng import seed_state
from .rules import PERSON, GameConfig, Options, PhaseList, SetupError
from .serialize import CorruptStateError
from .state import GameState, HandRecord, PlayerState, Step

__all__ = ["format_state", "parse_state"]


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


def _opt(value: int | None) -> str:
    return "-" if value is None else str(value)


def _list(values: tuple[object, ...]) -> str:
    return ",".join("-" if v is None else (_yes(v) if isinstance(v, bool) else str(v)) for v in values) or "-"


def format_state(state: GameState) -> str:
    options = state.config.options
    two_sided = options.ruleset().two_sided
    lines = [
        f"game seed={state.config.seed} first-dealer={state.config.first_dealer} "
        f"dealer={state.dealer} current={state.current} step={state.step.value} "
        f"hand={state.hand_number} turns={state.turns} rng={state.rng}"
        + (f" side={state.side.value}" if two_sided else "")
        + ("" if state.config.hints else " hints=no")
        + (f" hints-used={','.join(map(str, state.hints_used))}" if state.hints_used else ""),
        f"options ten-hands={_yes(options.ten_hands)} phases-to-win={_opt(options.phases_to_win)} "
        f"even-phases={_yes(options.even_phases)} el-chavo={_yes(options.el_chavo)}"
        + (f" edition={options.edition}" if options.edition != "classic" else "")
        + (" any-order=yes" if options.any_order else ""),
        *_list_line(options.phase_list),
        f"draw: {format_cards(state.draw_pile)}".rstrip(),
        f"discard: {format_cards(state.discard_pile)}".rstrip(),
    ]
    for seat, player in enumerate(state.players):
        skip = "pending" if player.skip_pending else "protected" if player.skip_protected else "-"
        taken = ",".join(map(str, player.taken)) or "-"
        declined = f" declined={','.join(map(str, player.declined))}" if player.declined else ""
        kind = state.config.kinds[seat]
        lines.append(
            f"seat {seat} {json.dumps(player.name)} phase-index={player.phase_index} "
            f"score={player.score} skip={skip} taken={taken}{declined}"
            + ("" if kind == PERSON else f" kind={kind}")
            + ("" if player.pick is None else f" pick={player.pick}")
        )
        lines.append(f"  hand: {format_cards(player.hand)}".rstrip())
        lines.extend(f"  group: {group}" for group in player.groups)
    lines.append(f"active: {' '.join(map(str, state.active))}")
    lines.append(f"tiebreak: {' '.join(map(str, state.tiebreak)) or '-'}")
    lines.append(f"winner: {_opt(state.winner)}")
    for r in state.history:
        lines.append(
            f"history: {r.number} phases={_list(r.phases)} points={_list(r.points)} "
            f"completed={_list(r.completed)} out={_opt(r.went_out)} tiebreak={_yes(r.tiebreak)}"
        )
    return "\n".join(lines) + "\n"


def _list_line(phase_list: PhaseList | None) -> list[str]:
    return [] if phase_list is None else [f"phases: {encode(phase_list)} {json.dumps(phase_list.name)}"]


_SEAT = re.compile(r'^seat\s+(\d+)\s+("(?:[^"\\]|\\.)*")(.*)$')
_LIST = re.compile(r'^(\S+)(?:\s+("(?:[^"\\]|\\.)*"))?$')


class _Fields:
    def __init__(self, text: str, line: str) -> None:
        self.line = line
        self.values: dict[str, str] = {}
        for word in text.split():
            key, sep, value = word.partition("=")
            if not sep:
                raise CorruptStateError(f"expected key=value, found {word!r} in: {line}")
            self.values[key] = value

    def get(self, key: str, default: str | None = None) -> str:
        if key in self.values:
            return self.values.pop(key)
        if default is None:
            raise CorruptStateError(f"missing {key}= in: {self.line}")
        return default

    def number(self, key: str, default: str | None = None) -> int:
        value = self.get(key, default)
        if not value.isdigit():
            raise CorruptStateError(f"{key} should be a whole number, not {value!r}")
        return int(value)

    def optional_int(self, key: str, default: str | None = None) -> int | None:
        value = self.get(key, default)
        return None if value == "-" else self.int_value(key, value)

    @staticmethod
    def int_value(key: str, value: str) -> int:
        if not value.isdigit():
            raise CorruptStateError(f"{key} should be a whole number or -, not {value!r}")
        return int(value)

    def flag(self, key: str, default: str | None = None) -> bool:
        value = self.get(key, default)
        if value not in ("yes", "no"):
            raise CorruptStateError(f"{key} should be yes or no, not {value!r}")
        return value == "yes"

    def done(self) -> None:
        if self.values:
            raise CorruptStateError(f"unknown field(s) {sorted(self.values)} in: {self.line}")


def _seat_list(text: str) -> tuple[int, ...]:
    text = text.strip()
    if text in ("", "-"):
        return ()
    return tuple(_Fields.int_value("seat", word) for word in text.split())


def _numbers(text: str) -> tuple[int | None, ...]:
    if text == "-":
        return ()
    return tuple(None if word == "-" else _Fields.int_value("value", word) for word in text.split(","))


def _counts(text: str) -> tuple[int, ...]:
    """``3,0,1``: a count for each seat; ``-``: none."""
    if text == "-":
        return ()
    return tuple(_Fields.int_value("hints-used", value) for value in text.split(","))


def _flags(text: str) -> tuple[bool, ...]:
    if text == "-":
        return ()
    words = text.split(",")
    if any(word not in ("yes", "no") for word in words):
        raise CorruptStateError(f"expected yes or no for each seat, not {text!r}")
    return tuple(word == "yes" for word in words)


def parse_state(text: str) -> GameState:
    """The state ``format_state`` wrote (defaults allowed, see the module doc)."""
    try:
        return _parse(text)
    except (ActionSyntaxError, SetupError, ValueError) as error:
        if isinstance(error, CorruptStateError):
            raise
        raise CorruptStateError(str(error)) from None


def _parse(text: str) -> GameState:
    game: _Fields | None = None
    options = Options()
    phase_list: PhaseList | None = None
    draw_text = "rest"
    discard: tuple[Card, ...] = ()
    players: list[PlayerState] = []
    kinds: list[str] = []
    active: tuple[int, ...] | None = None
    tiebreak: tuple[int, ...] = ()
    winner: int | None = None
    history: list[HandRecord] = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        head, _, rest = line.partition(" ")
        if head == "game":
            game = _Fields(rest, line)
        elif head == "options":
            fields = _Fields(rest, line)
            options = Options(
                ten_hands=fields.flag("ten-hands", "no"),
                phases_to_win=fields.optional_int("phases-to-win", "-"),
                even_phases=fields.flag("even-phases", "no"),
                el_chavo=fields.flag("el-chavo", "no"),
                edition=fields.get("edition", "classic"),
                any_order=fields.flag("any-order", "no"),
            )
            fields.done()
        elif head == "phases:":
            phase_list = _parse_list(rest)
        elif head == "draw:":
            draw_text = rest.strip()
        elif head == "discard:":
            discard = parse_cards(rest)
        elif head == "seat":
            seat, kind = _parse_seat(line, len(players))
            players.append(seat)
            kinds.append(kind)
        elif head == "hand:" and players:
            players[-1] = replace(players[-1], hand=tuple(sorted(parse_cards(rest))))
        elif head == "group:" and players:
            players[-1] = replace(players[-1], groups=(*players[-1].groups, _parse_group(rest.strip())))
        elif head == "active:":
            active = _seat_list(rest)
        elif head == "tiebreak:":
            tiebreak = _seat_list(rest)
        elif head == "winner:":
            winner = None if rest.strip() == "-" else _Fields.int_value("winner", rest.strip())
        elif head == "history:":
            history.append(_parse_record(line, rest))
        else:
            raise CorruptStateError(f"cannot read line: {raw}")
    if game is None:
        raise CorruptStateError("a state starts with a 'game' line")
    if phase_list is not None:
        options = replace(options, phase_list=phase_list)  # checked for the edition's deck (ruling 31)
    seed = game.number("seed")
    config = GameConfig(
        players=tuple(p.name for p in players),
        seed=seed,
        options=options,
        first_dealer=game.number("first-dealer", "0"),
        kinds=tuple(kinds),
        hints=game.flag("hints", "yes"),
    )
    step = Step(game.get("step"))
    side = Side(game.get("side", "color"))
    in_play = step in (Step.DRAW, Step.PLAY)
    player_states = tuple(players)
    draw = _draw_pile(draw_text, options, discard, player_states, side)
    state = GameState(
        config=config,
        rng=game.number("rng", str(seed_state(seed))),
        hand_number=game.number("hand", str(len(history) + (1 if in_play else 0))),
        dealer=game.number("dealer", "0"),
        current=game.number("current"),
        step=step,
        draw_pile=draw,
        discard_pile=discard,
        players=player_states,
        active=active if active is not None else tuple(range(len(players))),
        history=tuple(history),
        tiebreak=tiebreak,
        winner=winner,
        turns=game.number("turns", "1" if in_play else "0"),
        side=side,
        hints_used=_counts(game.get("hints-used", "-")),
    )
    game.done()
    problems = state_problems(state)
    if problems:
        raise CorruptStateError("impossible state: " + "; ".join(problems))
    return state


def _parse_list(rest: str) -> PhaseList:
    """``CODE "NAME"``: a phase list by its share code (checked for its deck with the options)."""
    match = _LIST.match(rest.strip())
    if match is None:
        raise CorruptStateError(f'a phase list line is: phases: CODE "NAME", not: phases: {rest}')
    name = json.loads(match.group(2)) if match.group(2) else ""
    return decode(match.group(1), None, name)


def _parse_seat(line: str, expected: int) -> tuple[PlayerState, str]:
    """A seat's player, and who plays it (``kind=``, a person when absent)."""
    match = _SEAT.match(line)
    if match is None:
        raise CorruptStateError(f'a seat line is: seat N "NAME" key=value ..., not: {line}')
    if int(match.group(1)) != expected:
        raise CorruptStateError(f"seats are listed in order from 0: expected seat {expected}")
    fields = _Fields(match.group(3), line)
    taken = fields.get("taken", "-")
    declined = fields.get("declined", "-")
    skip = fields.get("skip", "-")
    if skip not in ("-", "pending", "protected"):
        raise CorruptStateError(f"skip should be -, pending or protected in: {line}")
    seat = PlayerState(
        name=json.loads(match.group(2)),
        hand=(),
        phase_index=fields.number("phase-index", "0"),
        score=fields.number("score", "0"),
        skip_pending=skip == "pending",
        skip_protected=skip == "protected",
        taken=() if taken == "-" else parse_cards(taken),
        declined=() if declined == "-" else parse_cards(declined),
        pick=fields.optional_int("pick", "-"),
    )
    kind = fields.get("kind", PERSON)
    fields.done()
    return seat, kind


def _parse_record(line: str, rest: str) -> HandRecord:
    number, _, fields_text = rest.strip().partition(" ")
    fields = _Fields(fields_text, line)
    record = HandRecord(
        number=_Fields.int_value("history number", number),
        phases=_numbers(fields.get("phases")),
        points=_numbers(fields.get("points")),
        completed=_flags(fields.get("completed")),
        went_out=fields.optional_int("out"),
        tiebreak=fields.flag("tiebreak", "no"),
    )
    fields.done()
    return record


def _draw_pile(
    text: str, options: Options, discard: tuple[Card, ...], players: tuple[PlayerState, ...], side: Side
) -> tuple[Card, ...]:
    if text != "rest":
        return parse_cards(text)
    remaining = Counter(options.ruleset().deck)
    placed = Counter(card.facing(Side.COLOR) for card in discard)
    for player in players:
        placed.update(card.facing(Side.COLOR) for card in player.hand)
        for group in player.groups:
            placed.update(card.facing(Side.COLOR) for card in group.cards)
    if placed - remaining:
        extra = sorted(map(str, (placed - remaining).elements()))
        raise CorruptStateError(f"more cards placed than the deck holds: {extra}")
    remaining.subtract(placed)
    return tuple(sorted(card.facing(side) for card in remaining.elements()))
