"""The rules oracle: ``python -m phase10 judge`` answers rules questions as JSON Lines.

Each request is one JSON object on one line of standard input; each gets exactly
one JSON object on one line of standard output, in order, flushed at once.
Cards are written ``R7``, ``B12``, ``Y1``, ``G10`` (colour R/B/Y/G, number 1-12),
``W`` (Wild) and ``S`` (Skip); letters may be lower case.

Every op takes ``"rules"``: ``"classic"`` (the default), ``"el-chavo"`` (the
classic game with the El Chavo Phase 10; it changes only ``phase`` and ``find``)
or ``"flip"``, the Flip edition.  Flip requests also need ``"side"``, the side
of the cards in play, ``"color"`` or ``"wild"``, and write each card as that
side shows it: on the Colour Side ``R7`` and a Star of one colour ``R*``; on the
Wild Side a number of any colour ``7`` and a Star of any number and colour
``*``.  A card of the other side, a classic Wild or Skip, a two-sided card
(``R7/3``) or a Flip mark (``R7!``) is an error.  Flip group kinds are ``set``
(2+ cards of one number) and ``color_run`` (2+ consecutive numbers of one
colour, inside 1-12); every group needs a numbered card, not only Stars; phases
are the edition's ten; points are 5 for 1-9, 10 for 10-12 and 20 for a Star.
The one exception to "the side in play" is the laid group of ``hit``: laid
phases never flip, so it may hold cards of either side, while the card hit must
be of the side in play.  ``side`` with the classic rules is an error (it means
nothing there, and is most likely a request that forgot ``"rules":"flip"``), as
are the classic kinds ``run`` and ``color`` under flip and ``color_run`` under
classic.

Requests and answers:

``{"op":"group","kind":"set"|"run"|"color"|"color_run","size":N,"cards":[...]}`` -> ``{"ok":bool}``
    Can all the cards, in any order, form one group of that kind with at least
    N cards (and at least the kind's own minimum: set 2, run 4, colour 1,
    colour run 2)?
``{"op":"phase","phase":K,"groups":[[...],...],"rules":"classic"|"el-chavo"|"flip"}`` -> ``{"ok":bool}``
    Do these groups, laid together, make phase K?  Groups are unlabelled: every
    way of matching them to the phase's groups is tried.  ``rules`` is optional
    (default ``classic``); ``el-chavo`` adds the El Chavo Phase 10 rule.
``{"op":"find","phase":K,"hand":[...],"rules":...}`` -> ``{"groups":[[...],...]|null}``
    One valid lay-down from the hand's cards, groups in the phase's order and
    runs (and colour runs) low to high, or null when the hand cannot make the phase.
``{"op":"hit","kind":...,"group":[...],"card":"X"}`` -> ``{"ok":bool}``
    May X be hit on this laid group?  A run is listed low to high as laid, so
    each Wild (or Star) in it stands for the number of its position.  A group that is not
    itself a valid laid group of that kind takes no hit.
``{"op":"score","cards":[...]}`` -> ``{"points":N}``
    The penalty points of these cards left in hand (under flip, of the side in play).

A request line may hold at most ``MAX_REQUEST_LENGTH`` characters (1,000,000:
1 MB of ASCII JSON, thousands of times any real request), not counting its
line end.  A longer line is answered ``{"error":...}`` and skipped, read in
chunks and never held whole in memory, and the stream goes on with the next
line.  The judge takes no saved games or game states: only the requests above.

A malformed request (not JSON, not an object, unknown op, kind, rules, side or
card, phase outside 1-10, missing field, wrong type) gets ``{"error":"<message>"}``
and the stream goes on.  Unknown extra keys are ignored.  A blank line (only
spaces, tabs and line ends) is not a request: it is skipped with no answer.
``run`` returns 0 at the end of input, whatever the requests were.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import permutations
from typing import Any, TextIO

from . import safejson
from .cards import COLORS, NUMBERS, SKIP, WILD, Card, CardError, Side, parse_card
from .finder import find_laydown
from .groups import Group, arrange_run, can_form, group_problem, hit_ends, laydown_problem
from .rules import CLASSIC, FLIP, GroupKind, GroupSpec, Options, PhaseSpec, Ruleset

__all__ = ["MAX_REQUEST_LENGTH", "answer", "main", "run"]

Response = dict[str, Any]
Request = dict[str, Any]

_OPS_TEXT = "group, phase, find, hit or score"
_RULESETS = {"classic": Options(), "el-chavo": Options(el_chavo=True), "flip": Options(edition="flip")}
_RULESETS_TEXT = "'classic', 'el-chavo' or 'flip'"
_SIDES = {side.value: side for side in Side}
_SIDES_TEXT = "'color' or 'wild'"
_PHASE_COUNT = len(CLASSIC.phases)
assert all(len(options.ruleset().phases) == _PHASE_COUNT for options in _RULESETS.values())

_CLASSIC_HELP = "write a colour R/B/Y/G and a number 1-12 (like R7), W for Wild or S for Skip, as a string"
_SIDE_HELP = {
    Side.COLOR: "on the Colour Side write a colour R/B/Y/G and a number 1-12 (like R7)"
    " or a Star of one colour (like R*), as a string",
    Side.WILD: "on the Wild Side write a number 1-12 (like 7) or * for a Star, as a string",
}


def _lookup(texts: list[str]) -> dict[str, Card]:
    """Each text, and its lower-case spelling, to its card.  Built once: a request only
    looks texts up, the exact notation and nothing else, so " R7" or "R07" is an
    error rather than a silent guess."""
    table: dict[str, Card] = {}
    for text in texts:
        table[text] = table[text.lower()] = parse_card(text)
    return table


_CARDS = _lookup([f"{color.value}{n}" for color in COLORS for n in NUMBERS] + [str(WILD), str(SKIP)])
_SIDE_CARDS = {
    Side.COLOR: _lookup(
        [f"{color.value}{n}" for color in COLORS for n in NUMBERS] + [f"{c.value}*" for c in COLORS]
    ),
    Side.WILD: _lookup([str(n) for n in NUMBERS] + ["*"]),
}


@dataclass(frozen=True, slots=True)
class _Table:
    """What a request's ``rules`` and ``side`` fix: the edition, its group kinds, and
    the cards that may be named (``laid``: those a laid group may hold)."""

    name: str
    rules: Ruleset
    side: Side | None
    kinds: dict[str, GroupKind]
    kinds_text: str
    cards: dict[str, Card]
    laid: dict[str, Card]


_CLASSIC_KINDS = {kind.value: kind for kind in (GroupKind.SET, GroupKind.RUN, GroupKind.COLOR)}
_FLIP_KINDS = {kind.value: kind for kind in (GroupKind.SET, GroupKind.COLOR_RUN)}
_TABLES: dict[tuple[str, Side | None], _Table] = {
    (name, None): _Table(name, CLASSIC, None, _CLASSIC_KINDS, "set, run or color", _CARDS, _CARDS)
    for name in ("classic", "el-chavo")
}
for _side in Side:
    _TABLES["flip", _side] = _Table(
        "flip",
        FLIP,
        _side,
        _FLIP_KINDS,
        "set or color_run",
        _SIDE_CARDS[_side],
        _SIDE_CARDS[Side.COLOR] | _SIDE_CARDS[Side.WILD],
    )
del _side
assert set(_FLIP_KINDS.values()) == set(FLIP.kinds) and set(_CLASSIC_KINDS.values()) == set(CLASSIC.kinds)

_PHASES: dict[tuple[str, int], PhaseSpec] = {
    (name, number): options.phase_spec(number)
    for name, options in _RULESETS.items()
    for number in range(1, _PHASE_COUNT + 1)
}

_JSON_SPACE = " \t\r\n"

# The longest request line read, in characters; a longer one is skipped in chunks of _SKIP_CHUNK.
MAX_REQUEST_LENGTH = 1_000_000
_SKIP_CHUNK = 1 << 16
_SHOWN_TEXT = 40


class RequestError(ValueError):
    """A request the judge cannot answer; the message says what is wrong with it."""


# --- the stream -----------------------------------------------------------------------------


def run(stdin: TextIO, stdout: TextIO) -> int:
    """Answer every request line of ``stdin`` on ``stdout``; 0 at the end of input."""
    while True:
        line = stdin.readline(MAX_REQUEST_LENGTH + 2)  # room for the request and a "\r\n"
        if not line:
            return 0
        if _too_long(line):
            _skip_rest_of_line(stdin, line)
            response: Response = {
                "error": f"request longer than {MAX_REQUEST_LENGTH} characters: not read, skipped"
            }
        elif not line.strip(_JSON_SPACE):
            continue
        else:
            try:
                response = answer(line)
            except Exception as error:  # one bad answer must not end the stream
                response = {"error": f"internal error: {type(error).__name__}: {error}"}
        stdout.write(_dump(response) + "\n")
        stdout.flush()


def _too_long(line: str) -> bool:
    """Is the request on ``line`` (read up to ``MAX_REQUEST_LENGTH + 2`` characters) over the limit?"""
    if not line.endswith("\n") and len(line) == MAX_REQUEST_LENGTH + 2:
        return True  # cut off by the read limit: longer still
    request = line.removesuffix("\n").removesuffix("\r")
    return len(request) > MAX_REQUEST_LENGTH


def _skip_rest_of_line(stdin: TextIO, start: str) -> None:
    """Read on to the end of an oversized line, a chunk at a time, keeping none of it."""
    chunk = start
    while chunk and not chunk.endswith("\n"):
        chunk = stdin.readline(_SKIP_CHUNK)


def main() -> int:
    """The command: ``run`` on the process's standard streams, read as UTF-8."""
    # Bytes that are not UTF-8 become U+FFFD, so they give an error answer, not a crash.
    reconfigure = getattr(sys.stdin, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(encoding="utf-8", errors="replace")
    try:
        return run(sys.stdin, sys.stdout)
    except BrokenPipeError:
        # The reader went away: nobody is left to answer.  Python's advice: point
        # stdout at devnull so the flush at exit does not raise again.
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


def _dump(response: Response) -> str:
    return json.dumps(response, separators=(",", ":"))


def answer(line: str) -> Response:
    """The response to one request line."""
    try:
        request = _load(line)
        return _OPS[_op(request)](request)
    except RequestError as error:
        return {"error": str(error)}


def _load(line: str) -> Request:
    try:
        request = safejson.loads(line)
    except safejson.JSONInputError as error:
        raise RequestError(f"request is not valid JSON: {error}") from None
    if not isinstance(request, dict):
        raise RequestError(f"request must be a JSON object, got {_show(request)}")
    return request


def _op(request: Request) -> str:
    if "op" not in request:
        raise RequestError(f"missing field 'op': expected {_OPS_TEXT}")
    op = request["op"]
    if not isinstance(op, str) or op not in _OPS:
        raise RequestError(f"unknown op {_show(op)}: expected {_OPS_TEXT}")
    return op


# --- the ops --------------------------------------------------------------------------------


def _group(request: Request) -> Response:
    table = _table(request)
    kind = _kind(request, table)
    size = _size(request)
    cards = _cards(request, "cards", table)
    return {"ok": can_form(kind, cards, size, table.rules)}


def _phase(request: Request) -> Response:
    spec, table = _phase_spec(request)
    groups = _groups(request, table)
    return {"ok": _makes_phase(groups, spec, table.rules)}


def _find(request: Request) -> Response:
    spec, table = _phase_spec(request)
    hand = _cards(request, "hand", table)
    laydown = find_laydown(hand, spec, table.rules)
    if laydown is None:
        return {"groups": None}
    ordered = _in_phase_order(laydown, spec.groups)
    return {"groups": [[str(card) for card in group.cards] for group in ordered]}


def _hit(request: Request) -> Response:
    table = _table(request)
    kind = _kind(request, table)
    # Laid phases never flip, so a laid group may hold cards of either side.
    cards = _card_list(_field(request, "group"), "group", table, laid=True)
    card = _card(_field(request, "card"), "card", table)
    rules = table.rules
    group = Group.make(kind, cards)
    if len(cards) < rules.min_group_size[kind] or group_problem(group, rules) is not None:
        return {"ok": False}
    return {"ok": bool(hit_ends(group, card, rules))}


def _score(request: Request) -> Response:
    table = _table(request)
    cards = _cards(request, "cards", table)
    return {"points": sum(table.rules.points(card) for card in cards)}


_OPS: dict[str, Callable[[Request], Response]] = {
    "group": _group,
    "phase": _phase,
    "find": _find,
    "hit": _hit,
    "score": _score,
}


# --- the rules behind the ops ---------------------------------------------------------------


def _makes_phase(groups: Sequence[Sequence[Card]], spec: PhaseSpec, rules: Ruleset) -> bool:
    if len(groups) != len(spec.groups):
        return False
    # At most three groups per phase, so trying every matching is cheap.
    for specs in permutations(spec.groups):
        laid = _as_laid(groups, specs, rules)
        if laid is not None and laydown_problem(laid, spec, rules) is None:
            return True
    return False


def _as_laid(
    groups: Sequence[Sequence[Card]], specs: Sequence[GroupSpec], rules: Ruleset
) -> list[Group] | None:
    """The groups laid as the kinds of ``specs``, runs put in order; None if one cannot be."""
    laid: list[Group] = []
    for cards, group_spec in zip(groups, specs, strict=True):
        if not can_form(group_spec.kind, cards, group_spec.size, rules):
            return None
        if group_spec.kind.is_run:
            arranged = arrange_run(cards, rules)
            if arranged is None:
                return None
            laid.append(Group(group_spec.kind, arranged))
        else:
            laid.append(Group.make(group_spec.kind, cards))
    return laid


def _in_phase_order(laydown: Sequence[Group], specs: Sequence[GroupSpec]) -> list[Group]:
    """The lay-down's groups matched to ``specs`` one to one, in the specs' order."""
    for order in permutations(laydown):
        if all(
            group.kind is spec.kind and len(group.cards) >= spec.size
            for group, spec in zip(order, specs, strict=True)
        ):
            return list(order)
    # The finder only returns lay-downs that pass laydown_problem, so some order fits.
    raise AssertionError(f"lay-down {[str(g) for g in laydown]} does not match its phase")


# --- reading requests -----------------------------------------------------------------------


def _field(request: Request, name: str) -> Any:
    if name not in request:
        raise RequestError(f"missing field '{name}' for op '{request['op']}'")
    return request[name]


def _table(request: Request) -> _Table:
    """The rules (default classic) and, for flip, the side in play."""
    rules = request.get("rules", "classic")
    if not isinstance(rules, str) or rules not in _RULESETS:
        raise RequestError(f"unknown rules {_show(rules)}: expected {_RULESETS_TEXT}")
    if rules != "flip":
        if "side" in request:
            raise RequestError(
                f'side is only for the flip rules, not {rules!r}: add "rules":"flip" or leave side out'
            )
        return _TABLES[rules, None]
    if "side" not in request:
        raise RequestError(
            f"missing field 'side' for op '{request['op']}': the flip rules need the side in play,"
            f" {_SIDES_TEXT}"
        )
    side = request["side"]
    if not isinstance(side, str) or side not in _SIDES:
        raise RequestError(f"unknown side {_show(side)}: expected {_SIDES_TEXT}")
    return _TABLES[rules, _SIDES[side]]


def _kind(request: Request, table: _Table) -> GroupKind:
    kind = _field(request, "kind")
    if not isinstance(kind, str) or kind not in table.kinds:
        raise RequestError(f"unknown kind {_show(kind)}{_for(table)}: expected {table.kinds_text}")
    return table.kinds[kind]


def _for(table: _Table) -> str:
    """Words naming a non-classic edition in an error message; none for classic, whose
    messages stay as they always were."""
    return " for the flip rules" if table.side is not None else ""


def _size(request: Request) -> int:
    size = _field(request, "size")
    if not _is_int(size) or size < 1:
        raise RequestError(f"size must be a positive integer, got {_show(size)}")
    return int(size)


def _phase_spec(request: Request) -> tuple[PhaseSpec, _Table]:
    number = _field(request, "phase")
    if not _is_int(number) or not 1 <= number <= _PHASE_COUNT:
        raise RequestError(f"phase must be an integer from 1 to {_PHASE_COUNT}, got {_show(number)}")
    table = _table(request)
    return _PHASES[table.name, number], table


def _groups(request: Request, table: _Table) -> list[tuple[Card, ...]]:
    groups = _field(request, "groups")
    if not isinstance(groups, list):
        raise RequestError(f"groups must be a list of groups of cards, got {_show(groups)}")
    return [_card_list(group, f"groups[{i}]", table) for i, group in enumerate(groups)]


def _cards(request: Request, name: str, table: _Table) -> tuple[Card, ...]:
    return _card_list(_field(request, name), name, table)


_EXAMPLES = {None: '["R7","W"]', Side.COLOR: '["R7","R*"]', Side.WILD: '["7","*"]'}


def _card_list(value: Any, where: str, table: _Table, laid: bool = False) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise RequestError(
            f"{where} must be a list of cards like {_EXAMPLES[table.side]}, got {_show(value)}"
        )
    return tuple(_card(item, f"{where}[{i}]", table, laid) for i, item in enumerate(value))


def _card(value: Any, where: str, table: _Table, laid: bool = False) -> Card:
    card = (table.laid if laid else table.cards).get(value) if isinstance(value, str) else None
    if card is not None:
        return card
    if table.side is None:
        raise RequestError(f"{where}: unknown card {_show(value)}: {_CLASSIC_HELP}")
    raise RequestError(f"{where}: {_flip_card_problem(value, table.side, laid)}")


def _flip_card_problem(value: Any, side: Side, laid: bool) -> str:
    """Why ``value`` names no card of ``side`` (or, ``laid``, of either side)."""
    help_text = _SIDE_HELP[side] if not laid else f"{_SIDE_HELP[Side.COLOR]}; {_SIDE_HELP[Side.WILD]}"
    try:
        card = parse_card(value) if isinstance(value, str) else None
    except CardError:
        card = None
    if card is None:
        if isinstance(value, str) and value.endswith("!"):
            return f"{_show(value)}: write a card without the Flip mark '!': {help_text}"
        return f"unknown card {_show(value)}: {help_text}"
    if card.has_back:
        return f"{_show(value)} names both sides of a card: write only the side in play: {help_text}"
    if card.side is None:
        return f"{_show(value)} is a classic card: the flip rules have no Wild or Skip: {help_text}"
    if card.flips:
        return f"{_show(value)}: write a card without the Flip mark '!': {help_text}"
    return (
        f"{_show(value)} is a {card.side.label} card, but the side in play is the {side.label}: {help_text}"
    )


def _is_int(value: Any) -> bool:
    # JSON true/false arrive as bool, which Python counts as int.
    return isinstance(value, int) and not isinstance(value, bool)


def _show(value: Any) -> str:
    """A request value, as the message quotes it: short, and in JSON's words."""
    if isinstance(value, str):
        text = value if len(value) <= _SHOWN_TEXT else value[:_SHOWN_TEXT] + "..."
        return repr(text)
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, int | float):
        text = json.dumps(value)
        return text if len(text) <= _SHOWN_TEXT else text[:_SHOWN_TEXT] + "..."
    if isinstance(value, list):
        return "an array"
    return "an object"


if __name__ == "__main__":
    raise SystemExit(main())
