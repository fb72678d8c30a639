"""The rules oracle: ``python -m phase10 judge`` answers rules questions as JSON Lines.

Each request is one JSON object on one line of standard input; each gets exactly
one JSON object on one line of standard output, in order, flushed at once.
Cards are written ``R7``, ``B12``, ``Y1``, ``G10`` (colour R/B/Y/G, number 1-12),
``W`` (Wild) and ``S`` (Skip); letters may be lower case.

Requests and answers:

``{"op":"group","kind":"set"|"run"|"color","size":N,"cards":[...]}`` -> ``{"ok":bool}``
    Can all the cards, in any order, form one group of that kind with at least
    N cards (and at least the kind's own minimum: set 2, run 4, colour 1)?
``{"op":"phase","phase":K,"groups":[[...],...],"rules":"classic"|"el-chavo"}`` -> ``{"ok":bool}``
    Do these groups, laid together, make phase K?  Groups are unlabelled: every
    way of matching them to the phase's groups is tried.  ``rules`` is optional
    (default ``classic``); ``el-chavo`` adds the El Chavo Phase 10 rule.
``{"op":"find","phase":K,"hand":[...],"rules":...}`` -> ``{"groups":[[...],...]|null}``
    One valid lay-down from the hand's cards, groups in the phase's order and
    runs low to high, or null when the hand cannot make the phase.
``{"op":"hit","kind":...,"group":[...],"card":"X"}`` -> ``{"ok":bool}``
    May X be hit on this laid group?  A run is listed low to high as laid, so
    each Wild in it stands for the number of its position.  A group that is not
    itself a valid laid group of that kind takes no hit.
``{"op":"score","cards":[...]}`` -> ``{"points":N}``
    The penalty points of these cards left in hand.

A malformed request (not JSON, not an object, unknown op, kind, rules or card,
phase outside 1-10, missing field, wrong type) gets ``{"error":"<message>"}``
and the stream goes on.  Unknown extra keys are ignored.  A blank line (only
spaces, tabs and line ends) is not a request: it is skipped with no answer.
``run`` returns 0 at the end of input, whatever the requests were.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from itertools import permutations
from typing import Any, TextIO

from . import safejson
from .cards import COLORS, NUMBERS, SKIP, WILD, Card, parse_card
from .finder import find_laydown
from .groups import Group, arrange_run, can_form, group_problem, hit_ends, laydown_problem
from .rules import CLASSIC, GroupKind, GroupSpec, Options, PhaseSpec

__all__ = ["answer", "main", "run"]

Response = dict[str, Any]
Request = dict[str, Any]

_RULES = CLASSIC
_OPS_TEXT = "group, phase, find, hit or score"
_KINDS = {kind.value: kind for kind in GroupKind}
_KINDS_TEXT = "set, run or color"
_RULESETS = {"classic": Options(), "el-chavo": Options(el_chavo=True)}
_RULESETS_TEXT = "'classic' or 'el-chavo'"
_PHASE_COUNT = len(_RULES.phases)

# Built once: a request only looks texts up.  The exact notation (either case) and
# nothing else, so " R7" or "R07" is an error rather than a silent guess.
_CARD_TEXTS = [f"{color.value}{n}" for color in COLORS for n in NUMBERS] + [str(WILD), str(SKIP)]
_CARDS: dict[str, Card] = {}
for _text in _CARD_TEXTS:
    _CARDS[_text] = _CARDS[_text.lower()] = parse_card(_text)
del _text

_PHASES: dict[tuple[str, int], PhaseSpec] = {
    (name, number): options.phase_spec(number)
    for name, options in _RULESETS.items()
    for number in range(1, _PHASE_COUNT + 1)
}

_JSON_SPACE = " \t\r\n"
_SHOWN_TEXT = 40


class RequestError(ValueError):
    """A request the judge cannot answer; the message says what is wrong with it."""


# --- the stream -----------------------------------------------------------------------------


def run(stdin: TextIO, stdout: TextIO) -> int:
    """Answer every request line of ``stdin`` on ``stdout``; 0 at the end of input."""
    for line in stdin:
        if not line.strip(_JSON_SPACE):
            continue
        try:
            response = answer(line)
        except Exception as error:  # one bad answer must not end the stream
            response = {"error": f"internal error: {type(error).__name__}: {error}"}
        stdout.write(_dump(response) + "\n")
        stdout.flush()
    return 0


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
    kind = _kind(request)
    size = _size(request)
    cards = _cards(request, "cards")
    return {"ok": can_form(kind, cards, size, _RULES)}


def _phase(request: Request) -> Response:
    spec = _phase_spec(request)
    groups = _groups(request)
    return {"ok": _makes_phase(groups, spec)}


def _find(request: Request) -> Response:
    spec = _phase_spec(request)
    hand = _cards(request, "hand")
    laydown = find_laydown(hand, spec, _RULES)
    if laydown is None:
        return {"groups": None}
    ordered = _in_phase_order(laydown, spec.groups)
    return {"groups": [[str(card) for card in group.cards] for group in ordered]}


def _hit(request: Request) -> Response:
    kind = _kind(request)
    cards = _cards(request, "group")
    card = _card(_field(request, "card"), "card")
    group = Group.make(kind, cards)
    if len(cards) < _RULES.min_group_size[kind] or group_problem(group, _RULES) is not None:
        return {"ok": False}
    return {"ok": bool(hit_ends(group, card, _RULES))}


def _score(request: Request) -> Response:
    cards = _cards(request, "cards")
    return {"points": sum(_RULES.points(card) for card in cards)}


_OPS: dict[str, Callable[[Request], Response]] = {
    "group": _group,
    "phase": _phase,
    "find": _find,
    "hit": _hit,
    "score": _score,
}


# --- the rules behind the ops ---------------------------------------------------------------


def _makes_phase(groups: Sequence[Sequence[Card]], spec: PhaseSpec) -> bool:
    if len(groups) != len(spec.groups):
        return False
    # At most two groups per phase, so trying every matching is cheap.
    for specs in permutations(spec.groups):
        laid = _as_laid(groups, specs)
        if laid is not None and laydown_problem(laid, spec, _RULES) is None:
            return True
    return False


def _as_laid(groups: Sequence[Sequence[Card]], specs: Sequence[GroupSpec]) -> list[Group] | None:
    """The groups laid as the kinds of ``specs``, runs put in order; None if one cannot be."""
    laid: list[Group] = []
    for cards, group_spec in zip(groups, specs, strict=True):
        if not can_form(group_spec.kind, cards, group_spec.size, _RULES):
            return None
        if group_spec.kind is GroupKind.RUN:
            arranged = arrange_run(cards, _RULES)
            if arranged is None:
                return None
            laid.append(Group(GroupKind.RUN, arranged))
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


def _kind(request: Request) -> GroupKind:
    kind = _field(request, "kind")
    if not isinstance(kind, str) or kind not in _KINDS:
        raise RequestError(f"unknown kind {_show(kind)}: expected {_KINDS_TEXT}")
    return _KINDS[kind]


def _size(request: Request) -> int:
    size = _field(request, "size")
    if not _is_int(size) or size < 1:
        raise RequestError(f"size must be a positive integer, got {_show(size)}")
    return int(size)


def _phase_spec(request: Request) -> PhaseSpec:
    number = _field(request, "phase")
    if not _is_int(number) or not 1 <= number <= _PHASE_COUNT:
        raise RequestError(f"phase must be an integer from 1 to {_PHASE_COUNT}, got {_show(number)}")
    rules = request.get("rules", "classic")
    if not isinstance(rules, str) or rules not in _RULESETS:
        raise RequestError(f"unknown rules {_show(rules)}: expected {_RULESETS_TEXT}")
    return _PHASES[rules, number]


def _groups(request: Request) -> list[tuple[Card, ...]]:
    groups = _field(request, "groups")
    if not isinstance(groups, list):
        raise RequestError(f"groups must be a list of groups of cards, got {_show(groups)}")
    return [_card_list(group, f"groups[{i}]") for i, group in enumerate(groups)]


def _cards(request: Request, name: str) -> tuple[Card, ...]:
    return _card_list(_field(request, name), name)


def _card_list(value: Any, where: str) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise RequestError(f'{where} must be a list of cards like ["R7","W"], got {_show(value)}')
    return tuple(_card(item, f"{where}[{i}]") for i, item in enumerate(value))


def _card(value: Any, where: str) -> Card:
    card = _CARDS.get(value) if isinstance(value, str) else None
    if card is None:
        raise RequestError(
            f"{where}: unknown card {_show(value)}: write a colour R/B/Y/G and a number 1-12"
            " (like R7), W for Wild or S for Skip, as a string"
        )
    return card


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
