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

A table's own phase list (ruling 31) is named by its share code (``phaselists``):
``"phases":"P1-3S3S-4CR4R-..."`` makes ``phase`` and ``find`` take phase K of that
list, checked against the rules' deck (``classic`` or ``flip``; ``el-chavo`` is the
edition's list only).  With a list, ``group`` and ``hit`` also take every kind the
deck's own lists may ask for: ``color_run`` under classic too.  A code that is
refused is an error that says why.

A request line may hold at most ``MAX_REQUEST_LENGTH`` characters (1,000,000:
1 MB of ASCII JSON, thousands of times any real request), not counting its
line end.  A longer line is answered ``{"error":...}`` and skipped, read in
chunks and never held whole in memory, and the stream goes on with the next
line.  The judge takes no saved games or game states: only the requests above.

A malformed request (not JSON, not an object, unknown op, kind, rules, side or
card, a phase the rules do not have, missing field, wrong type) gets
``{"error":"<message>"}`` and the stream goes on.  Unknown extra keys are ignored.  A blank line (only
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

from . import safejson, scoresheet
from .cards import COLORS, NUMBERS, SKIP, WILD, Card, CardError, Side, parse_card
from .finder import find_laydown
from .groups import Group, arrange_run, can_form, group_problem, hit_ends, laydown_problem
from .phaselists import PhaseCodeError, decode
from .rules import CLASSIC, EDITIONS, GroupKind, GroupSpec, Options, PhaseList, PhaseSpec, Ruleset

__all__ = ["MAX_REQUEST_LENGTH", "answer", "main", "run"]

Response = dict[str, Any]
Request = dict[str, Any]


def _either(words: Sequence[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``: the choices a message offers."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def _request_rules() -> dict[str, Options]:
    """What a request's ``rules`` may name: each edition by its name, and the classic game
    with the El Chavo Phase 10 as ``el-chavo``, right after it."""
    named: dict[str, Options] = {}
    for rules in EDITIONS.values():
        named[rules.name] = Options(edition=rules.name)
        if rules is CLASSIC:
            named["el-chavo"] = Options(el_chavo=True)
    return named


_RULESETS = _request_rules()
_RULESETS_TEXT = _either([repr(name) for name in _RULESETS])
_SIDES = {side.value: side for side in Side}
_SIDES_TEXT = _either([repr(side.value) for side in Side])
_PHASE_COUNTS = {name: len(options.ruleset().phases) for name, options in _RULESETS.items()}


def _faces(rules: Ruleset, side: Side | None) -> list[Card]:
    """The faces a request may name under ``rules``: with two-sided cards, those of ``side``."""
    return sorted(face for face in rules.card_points if side is None or face.side is side)


def _lookup(faces: Sequence[Card]) -> dict[str, Card]:
    """Each face's text, and its lower-case spelling, to the face.  Built once: a request only
    looks texts up, the exact notation and nothing else, so " R7" or "R07" is an error
    rather than a silent guess."""
    table: dict[str, Card] = {}
    for face in faces:
        text = str(face)
        table[text] = table[text.lower()] = face
    return table


_EXAMPLE_NUMBER = 7  # the number the help's examples show


def _help(faces: Sequence[Card], side: Side | None) -> str:
    """How to write a card of ``faces`` (of ``side`` in play, for two-sided cards), for a message."""
    numbers = f"{NUMBERS[0]}-{NUMBERS[-1]}"
    colors = "/".join(color.value for color in COLORS)
    ways: list[str] = []
    colored = [face for face in faces if face.is_numbered and face.fixed_color is not None]
    if colored:
        example = next(face for face in colored if face.number == _EXAMPLE_NUMBER)
        ways.append(f"a colour {colors} and a number {numbers} (like {example})")
    if any(face.is_numbered and face.fixed_color is None for face in faces):
        ways.append(f"a number {numbers} (like {_EXAMPLE_NUMBER})")
    color_stars = [face for face in faces if face.is_star and face.fixed_color is not None]
    if color_stars:
        ways.append(f"a Star of one colour (like {color_stars[0]})")
    ways += [f"{face} for a Star" for face in faces if face.is_star and face.fixed_color is None]
    ways += [f"{face} for {face.label}" for face in (WILD, SKIP) if face in faces]
    where = "" if side is None else f"on the {side.label} "
    return f"{where}write {_either(ways)}, as a string"


def _example(faces: Sequence[Card]) -> str:
    """A list of two cards of ``faces``, as a request writes it: a number and a card of none."""
    numbered = next(face for face in faces if face.fixed_number == _EXAMPLE_NUMBER)
    free = next(face for face in faces if not face.is_numbered and not face.is_skip)
    return json.dumps([str(numbered), str(free)], separators=(",", ":"))


@dataclass(frozen=True, slots=True)
class _Table:
    """What a request's ``rules`` and ``side`` fix: the edition and its options, the cards
    that may be named (``laid``: those a laid group may hold) and how to write them."""

    name: str  # the request's name for the rules
    options: Options
    side: Side | None
    cards: dict[str, Card]
    laid: dict[str, Card]
    help: str  # how to write a card of the side in play
    laid_help: str  # how to write a card of a laid group
    example: str  # a list of cards, as a request writes it

    @property
    def rules(self) -> Ruleset:
        return self.options.ruleset()

    @property
    def kinds(self) -> dict[str, GroupKind]:
        """The edition's group kinds, by the name a request gives them."""
        return {kind.value: kind for kind in self.rules.kinds}

    @property
    def kinds_text(self) -> str:
        return _either(list(self.kinds))


def _table_for(name: str, options: Options, side: Side | None) -> _Table:
    rules = options.ruleset()
    faces = _faces(rules, side)
    cards, help_text = _lookup(faces), _help(faces, side)
    if side is None:
        return _Table(name, options, None, cards, cards, help_text, help_text, _example(faces))
    # Laid phases never flip, so a laid group may hold cards of either side.
    laid_help = "; ".join(_help(_faces(rules, each), each) for each in Side)
    return _Table(
        name, options, side, cards, _lookup(_faces(rules, None)), help_text, laid_help, _example(faces)
    )


_TABLES: dict[tuple[str, Side | None], _Table] = {
    (name, side): _table_for(name, options, side)
    for name, options in _RULESETS.items()
    for side in (tuple(Side) if options.ruleset().two_sided else (None,))
}

_PHASES: dict[tuple[str, int], PhaseSpec] = {
    (name, number): options.phase_spec(number)
    for name, options in _RULESETS.items()
    for number in options.ruleset().phase_numbers
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
    # An own list's kind (a classic colour run) is laid at least at its list's minimum (ruling 31).
    least = rules.min_group_size.get(kind, rules.list_min_size.get(kind, 1))
    if len(cards) < least or group_problem(group, rules) is not None:
        return {"ok": False}
    return {"ok": bool(hit_ends(group, card, rules))}


def _score(request: Request) -> Response:
    table = _table(request)
    cards = _cards(request, "cards", table)
    return {"points": scoresheet.points_left(table.rules, cards)}


_OPS: dict[str, Callable[[Request], Response]] = {
    "group": _group,
    "phase": _phase,
    "find": _find,
    "hit": _hit,
    "score": _score,
}
_OPS_TEXT = _either(list(_OPS))


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
    kinds = table.kinds
    if "phases" in request and _own_list(request, table) is not None:
        kinds = {**kinds, **{each.value: each for each in table.rules.list_kinds}}
    if not isinstance(kind, str) or kind not in kinds:
        raise RequestError(f"unknown kind {_show(kind)}{_for(table)}: expected {_either(list(kinds))}")
    return kinds[kind]


def _own_list(request: Request, table: _Table) -> PhaseList | None:
    """The list a request's ``phases`` code names (ruling 31), or None without one."""
    if "phases" not in request:
        return None
    if table.options.el_chavo:
        raise RequestError("the El Chavo Phase 10 belongs to the edition's own list: no phases with it")
    try:
        return decode(request["phases"], table.rules)
    except PhaseCodeError as error:
        raise RequestError(f"phases: {error}") from None


def _for(table: _Table) -> str:
    """Words naming a non-classic edition in an error message; none for classic, whose
    messages stay as they always were."""
    return "" if table.rules is CLASSIC else f" for the {table.rules.name} rules"


def _size(request: Request) -> int:
    size = _field(request, "size")
    if not _is_int(size) or size < 1:
        raise RequestError(f"size must be a positive integer, got {_show(size)}")
    return int(size)


def _phase_spec(request: Request) -> tuple[PhaseSpec, _Table]:
    if "phases" in request:
        return _listed_phase(request)
    number = _field(request, "phase")
    # The phase is checked before the rules, as it always was: against the named rules' phases,
    # or the fewest any rules have while the name is not one.
    name = request.get("rules", "classic")
    known = isinstance(name, str) and name in _PHASE_COUNTS
    count = _PHASE_COUNTS[name] if known else min(_PHASE_COUNTS.values())
    if not _is_int(number) or not 1 <= number <= count:
        raise RequestError(f"phase must be an integer from 1 to {count}, got {_show(number)}")
    table = _table(request)
    return _PHASES[table.name, number], table


def _listed_phase(request: Request) -> tuple[PhaseSpec, _Table]:
    """Phase K of the own list a request's ``phases`` names."""
    number = _field(request, "phase")
    table = _table(request)
    own = _own_list(request, table)
    assert own is not None  # the request has "phases", or this is not called
    count = len(own.phases)
    if not _is_int(number) or not 1 <= number <= count:
        raise RequestError(f"phase must be an integer from 1 to {count}, got {_show(number)}")
    return own.phase(number), table


def _groups(request: Request, table: _Table) -> list[tuple[Card, ...]]:
    groups = _field(request, "groups")
    if not isinstance(groups, list):
        raise RequestError(f"groups must be a list of groups of cards, got {_show(groups)}")
    return [_card_list(group, f"groups[{i}]", table) for i, group in enumerate(groups)]


def _cards(request: Request, name: str, table: _Table) -> tuple[Card, ...]:
    return _card_list(_field(request, name), name, table)


def _card_list(value: Any, where: str, table: _Table, laid: bool = False) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise RequestError(f"{where} must be a list of cards like {table.example}, got {_show(value)}")
    return tuple(_card(item, f"{where}[{i}]", table, laid) for i, item in enumerate(value))


def _card(value: Any, where: str, table: _Table, laid: bool = False) -> Card:
    card = (table.laid if laid else table.cards).get(value) if isinstance(value, str) else None
    if card is not None:
        return card
    if table.side is None:
        raise RequestError(f"{where}: unknown card {_show(value)}: {table.help}")
    raise RequestError(f"{where}: {_two_sided_card_problem(value, table, table.side, laid)}")


def _two_sided_card_problem(value: Any, table: _Table, side: Side, laid: bool) -> str:
    """Why ``value`` names no card of ``side``, the side in play (or, ``laid``, of either side)."""
    help_text = table.laid_help if laid else table.help
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
        no_classic = f"the {table.rules.name} rules have no Wild or Skip"
        return f"{_show(value)} is a classic card: {no_classic}: {help_text}"
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
