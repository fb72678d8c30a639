"""Real saves, and every way to damage one: the machinery behind the mutation property
of saved games (``test_save_mutations.py``) and its counting script
(``benchmarks/save_mutations.py``).

A mutant is a real save (``to_json`` of a state met in a seeded random game)
with one to three damages.  Loading it must either raise ``CorruptStateError``
or give a state from which a whole random legal game plays to its end with
every invariant holding.  A loaded state is also compared with an account of
the game kept here, apart from the engine (``sheet_contradiction``), so the
count of saves that contradict their own score sheet means the same before and
after the engine learnt to check it.  Only the engine's long-standing API is
used, so the script can count an older build too.
"""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

from phase10.game import apply, legal_actions, new_game
from phase10.invariants import InvariantError, check_state, check_transition
from phase10.rules import GameConfig, Options
from phase10.serialize import CorruptStateError, from_json, to_json
from phase10.simulate import random_choice
from phase10.state import GameState, Step

NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo")

# Games short enough to play out many times: both editions, every variation.
# The "ten hands" games of six players with these seeds end in a tiebreak.
GAMES: tuple[tuple[str, Options, int, int], ...] = (
    ("classic, first to 2", Options(phases_to_win=2), 3, 1),
    ("flip, first to 2", Options(phases_to_win=2, edition="flip"), 2, 2),
    (
        "classic, even phases, 5 hands, El Chavo",
        Options(ten_hands=True, even_phases=True, el_chavo=True),
        4,
        3,
    ),
    ("flip, 3 hands", Options(ten_hands=True, phases_to_win=3, edition="flip"), 3, 4),
    ("classic, even phases, first to 2", Options(even_phases=True, phases_to_win=2), 2, 5),
    ("classic, 2 hands, tiebreak", Options(ten_hands=True, phases_to_win=2), 6, 24),
    ("flip, 2 hands, tiebreak", Options(ten_hands=True, phases_to_win=2, edition="flip"), 6, 6),
)

# A game whose mutant plays on past this many hands does not end.
MAX_HANDS = 60


def _moment(before: GameState | None, state: GameState) -> str | None:
    """The kind of moment ``state`` is worth saving at, or None."""
    if state.step is Step.GAME_OVER:
        return "game over"
    if state.step is Step.HAND_OVER:
        return "tiebreak due" if state.tiebreak else "hand over"
    if state.tiebreak:
        return "tiebreak played"
    if before is None or before.step is Step.HAND_OVER:
        return "deal"
    return None


@cache
def real_saves() -> tuple[tuple[str, str], ...]:
    """(label, saved text) of states met in the seeded ``GAMES``: every deal, hand end,
    tiebreak and game end, and turns in draw and play along the way."""
    saves: list[tuple[str, str]] = []
    for name, options, players, seed in GAMES:
        rnd = random.Random(seed)
        state = new_game(GameConfig(NAMES[:players], seed, options, first_dealer=seed % players))
        before: GameState | None = None
        actions = 0
        while True:
            moment = _moment(before, state)
            if moment is None and actions % 23 == 0:
                moment = state.step.value
            if moment is not None:
                saves.append((f"{name}: {moment}, hand {state.hand_number}", to_json(state)))
            if state.is_over:
                break
            before, state = state, apply(state, random_choice(legal_actions(state), rnd))
            actions += 1
    return tuple(saves)


# --- damages ----------------------------------------------------------------------------------

Document = Any
Path = tuple[Any, ...]


def _paths(node: Document, path: Path = ()) -> Iterator[Path]:
    """Every place in a JSON document, the root excepted."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield (*path, key)
            yield from _paths(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield (*path, index)
            yield from _paths(value, (*path, index))


def _get(doc: Document, path: Path) -> Any:
    for key in path:
        doc = doc[key]
    return doc


def _set(doc: Document, path: Path, value: Any) -> None:
    _get(doc, path[:-1])[path[-1]] = value


def _card_lists(doc: Document) -> list[list[str]]:
    lists = [doc.get("draw_pile"), doc.get("discard_pile")]
    for player in doc.get("players", []):
        lists += [player.get("hand"), player.get("taken")]
        lists += [group.get("cards") for group in player.get("groups", [])]
    return [cards for cards in lists if isinstance(cards, list)]


OTHER_VALUES = (True, False, None, 0, 1, -1, 1.0, 2.5, 10**18, "1", "", [], {}, [1], {"a": 1})


def delete_field(rnd: random.Random, doc: Document) -> Document:
    paths = [path for path in _paths(doc) if isinstance(_get(doc, path[:-1]), dict)]
    path = rnd.choice(paths)
    del _get(doc, path[:-1])[path[-1]]
    return doc


def swap_type(rnd: random.Random, doc: Document) -> Document:
    path = rnd.choice(list(_paths(doc)))
    old = _get(doc, path)
    if isinstance(old, int) and not isinstance(old, bool) and rnd.random() < 0.5:
        _set(doc, path, rnd.choice((float(old), old == 1, str(old))))  # the same value, another type
    else:
        _set(doc, path, rnd.choice(OTHER_VALUES))
    return doc


def change_number(rnd: random.Random, doc: Document) -> Document:
    paths = [p for p in _paths(doc) if isinstance(_get(doc, p), int) and not isinstance(_get(doc, p), bool)]
    path = rnd.choice(paths)
    old = _get(doc, path)
    _set(
        doc,
        path,
        rnd.choice((old + 1, old - 1, old + 5, old - 5, old + 10, 0, -1, 10**18, rnd.randrange(12))),
    )
    return doc


def move_card(rnd: random.Random, doc: Document) -> Document:
    lists = _card_lists(doc)
    source = rnd.choice([cards for cards in lists if cards])
    rnd.choice(lists).insert(rnd.randrange(100) % (len(source) + 1), source.pop(rnd.randrange(len(source))))
    return doc


def swap_cards(rnd: random.Random, doc: Document) -> Document:
    """Two cards trade places: the deck stays whole."""
    lists = [cards for cards in _card_lists(doc) if cards]
    first, second = rnd.choice(lists), rnd.choice(lists)
    i, j = rnd.randrange(len(first)), rnd.randrange(len(second))
    first[i], second[j] = second[j], first[i]
    return doc


def duplicate_card(rnd: random.Random, doc: Document) -> Document:
    lists = _card_lists(doc)
    source = rnd.choice([cards for cards in lists if cards])
    rnd.choice(lists).append(rnd.choice(source))
    return doc


def change_score(rnd: random.Random, doc: Document) -> Document:
    player = rnd.choice(doc["players"])
    player[rnd.choice(("score", "phase_index"))] += rnd.choice((-10, -5, -1, 1, 5, 10, 25))
    return doc


def change_sheet(rnd: random.Random, doc: Document) -> Document:
    history = doc["history"]
    if not history:
        history.append(
            {"number": 1, "phases": [1] * len(doc["players"]), "points": [0] * len(doc["players"])}
        )
        return doc
    record = rnd.choice(history)
    what = rnd.choice(("points", "phases", "completed", "went_out", "tiebreak", "drop", "copy", "number"))
    seat = rnd.randrange(len(doc["players"]))
    if what == "points":
        record["points"][seat] = rnd.choice(
            (None, 0, -5, 5, 7, 250, 10**18, (record["points"][seat] or 0) + 5)
        )
    elif what == "phases":
        record["phases"][seat] = rnd.choice((None, -1, 0, 11, 10**18, (record["phases"][seat] or 0) + 1))
    elif what == "completed":
        record["completed"][seat] = not record["completed"][seat]
    elif what == "went_out":
        record["went_out"] = rnd.choice((None, seat, -1, len(doc["players"])))
    elif what == "tiebreak":
        record["tiebreak"] = not record["tiebreak"]
    elif what == "drop":
        history.remove(record)
    elif what == "copy":
        history.append(dict(record, number=len(history) + 1))
    else:
        record["number"] += rnd.choice((-1, 1))
    return doc


def change_game(rnd: random.Random, doc: Document) -> Document:
    seats = len(doc["players"])
    what = rnd.choice(
        ("turns", "winner", "tiebreak", "version", "step", "dealer", "current", "active", "side")
    )
    if what == "turns":
        doc["turns"] = rnd.choice(
            (-1, 0, 1, doc["turns"] + 1, doc["turns"] - 1, 2500, 2501, 4999, 5000, 10**6)
        )
    elif what == "winner":
        doc["winner"] = rnd.choice((None, *range(seats)))
    elif what == "tiebreak":
        doc["tiebreak"] = sorted(rnd.sample(range(seats), rnd.randrange(seats + 1)))
    elif what == "version":
        doc["version"] = rnd.choice((True, 1.0, 0, 2, "1", None, -1, 10**18))
    elif what == "step":
        doc["step"] = rnd.choice(("draw", "play", "hand-over", "game-over"))
    elif what == "active":
        doc["active"] = sorted(rnd.sample(range(seats), rnd.randrange(1, seats + 1)))
    elif what == "side":
        doc["side"] = rnd.choice(("color", "wild"))
    else:
        doc[what] = rnd.randrange(seats)
    return doc


DAMAGES: tuple[Callable[[random.Random, Document], Document], ...] = (
    delete_field,
    swap_type,
    change_number,
    move_card,
    swap_cards,
    duplicate_card,
    change_score,
    change_sheet,
    change_game,
)


def mutant(rnd: random.Random, text: str) -> str:
    """``text`` damaged one to three times; now and then cut short or with a byte changed."""
    roll = rnd.random()
    if roll < 0.05:
        return text[: rnd.randrange(len(text))]
    if roll < 0.1:
        at = rnd.randrange(len(text))
        return text[:at] + chr(rnd.randrange(32, 127)) + text[at + 1 :]
    doc = json.loads(text)
    for _ in range(rnd.choice((1, 1, 1, 2, 3))):
        damage = rnd.choice(DAMAGES)
        # An earlier damage may have taken away what this one damages.
        with contextlib.suppress(LookupError, TypeError, AttributeError, ValueError):
            doc = damage(rnd, doc)
    return json.dumps(doc)


def mutants(count: int, seed: int) -> Iterator[tuple[str, str]]:
    """``count`` mutants of the real saves: (the save's label, the damaged text)."""
    rnd = random.Random(seed)
    saves = real_saves()
    for _ in range(count):
        label, text = rnd.choice(saves)
        yield label, mutant(rnd, text)


# --- what a loaded mutant does ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Outcome:
    # "refused"; "crashed" (loading raised another error); "played" to the end; "broke" an
    # invariant playing on; "contradicts" its score sheet.
    kind: str
    detail: str = ""


KINDS = ("refused", "crashed", "played", "broke", "contradicts")

# The words of the loader's backstop, for errors its checks did not foresee.
BACKSTOP = "saved game is inconsistent ("


def outcome(text: str, seed: int = 0) -> Outcome:
    try:
        state = from_json(text)
    except CorruptStateError as error:
        return Outcome("refused", str(error))
    except Exception as error:  # the property forbids it: count it, with what it was
        return Outcome("crashed", f"{type(error).__name__}: {error}")
    problem = play_out(state, random.Random(seed))
    if problem is not None:
        return Outcome("broke", problem)
    contradiction = sheet_contradiction(state)
    if contradiction is not None:
        return Outcome("contradicts", contradiction)
    return Outcome("played")


def play_out(state: GameState, rnd: random.Random) -> str | None:
    """Random legal play to the end of the game; what went wrong on the way, or None."""
    try:
        while not state.is_over:
            legal = legal_actions(state)
            if not legal:
                return "no legal action in a game that is not over"
            following = apply(state, random_choice(legal, rnd))
            check_state(following)
            check_transition(state, following)
            if following.step is Step.HAND_OVER and sheet_contradiction(following) is not None:
                return f"a hand played on is scored against the sheet: {sheet_contradiction(following)}"
            if len(following.history) > MAX_HANDS:
                return f"more than {MAX_HANDS} hands"
            state = following
    except (InvariantError, ValueError, AssertionError, LookupError, TypeError) as error:
        return f"{type(error).__name__}: {error}"
    return None


def sheet_contradiction(state: GameState) -> str | None:
    """Where ``state`` disagrees with its score sheet, by an account of rulings 16, 17, 19 and 20 kept
    apart from the engine's; None if they agree."""
    try:
        return _contradiction(state)
    except (LookupError, TypeError) as error:
        return f"the score sheet cannot be read: {type(error).__name__}: {error}"


def _contradiction(state: GameState) -> str | None:
    options = state.config.options
    sequence = options.phase_sequence()
    seats = len(state.players)
    phase, score = [0] * seats, [0] * seats
    regular, tiebreak, winner = 0, (), None  # type: ignore[var-annotated]
    for number, record in enumerate(state.history, 1):
        if winner is not None:
            return f"hand {number} after the game was won"
        if record.number != number or record.tiebreak != bool(tiebreak):
            return f"hand {number} is misnumbered or wrongly marked a tiebreak"
        dealt = tiebreak or tuple(range(seats))
        for seat in range(seats):
            if (record.phases[seat] is None) != (seat not in dealt) or (record.points[seat] is None) != (
                seat not in dealt
            ):
                return f"hand {number}: seat {seat}'s entries do not say whether it was dealt in"
            if seat not in dealt:
                continue
            on = sequence[-1] if tiebreak else sequence[min(phase[seat], len(sequence) - 1)]
            if record.phases[seat] != on:
                return f"hand {number}: seat {seat} played for phase {record.phases[seat]}, not {on}"
            score[seat] += record.points[seat]
            if not tiebreak and (record.completed[seat] or options.ten_hands):
                phase[seat] = min(phase[seat] + 1, len(sequence))
        if record.went_out is not None and record.points[record.went_out] != 0:
            return f"hand {number}: seat {record.went_out} went out with points"
        if tiebreak:
            if record.went_out is not None:
                winner, tiebreak = record.went_out, ()
            continue
        regular += 1
        if options.ten_hands:
            contenders = list(range(seats)) if regular >= len(sequence) else []
        else:
            contenders = [seat for seat in dealt if phase[seat] >= len(sequence)]
        if contenders:
            best = min(score[seat] for seat in contenders)
            leaders = tuple(seat for seat in contenders if score[seat] == best)
            winner, tiebreak = (leaders[0], ()) if len(leaders) == 1 else (None, leaders)
    players = state.players
    if [p.phase_index for p in players] != phase or [p.score for p in players] != score:
        return "the players' phases or scores are not the sheet's"
    if state.tiebreak != tiebreak or state.winner != winner or state.is_over != (winner is not None):
        return "the tiebreak, winner or game end is not the sheet's"
    if state.step in (Step.HAND_OVER, Step.GAME_OVER) and state.history:
        record, rules = state.history[-1], options.ruleset()
        for seat, player in enumerate(players):
            if record.points[seat] is not None and record.points[seat] != sum(map(rules.points, player.hand)):
                return f"seat {seat}'s cards left are not worth its points in the last hand"
    return None
