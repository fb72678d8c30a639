"""Real saves of games with a table's own rules (rulings 31-35), and the damages that touch
what those saves add: the phase list, the any-order switch and each player's pick.  The
machinery behind ``test_list_saves.py``'s mutation property, on top of ``mutations``.

A loaded mutant must be a state from which a whole game of guided random play runs to its
end with every invariant holding, and which agrees with an account of its score sheet
kept here, apart from the engine (any order included); or it is refused with
``CorruptStateError``."""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

from phase10.game import apply, legal_actions, new_game
from phase10.invariants import InvariantError, check_state, check_transition
from phase10.phaselists import decode
from phase10.rules import GameConfig, Options
from phase10.serialize import CorruptStateError, from_json, to_json
from phase10.simulate import guided_choice
from phase10.state import NO_PICK, GameState, Step
from support.engine.mutations import DAMAGES, MAX_HANDS, NAMES, Outcome

# Short games of own lists, of both decks, phases in any order and not, with the ways to
# play that combine with them (ruling 34); one ends in a tiebreak.
LIST_GAMES: tuple[tuple[str, Options, int, int], ...] = (
    (
        "classic list, any order, first to 2",
        Options(phase_list=decode("P1-3S3S-4CR4R-3C3C-8R-K"), any_order=True, phases_to_win=2),
        3,
        1,
    ),
    ("classic list in order", Options(phase_list=decode("P1-3S3S-4CR4R-E")), 2, 2),
    (
        "flip list, any order, even phases",
        Options(
            edition="flip",
            phase_list=decode("P1-2S2S-3CR2S-4S-2CR2CR-0", "flip"),
            any_order=True,
            even_phases=True,
        ),
        4,
        3,
    ),
    (
        "edition list, any order, first to 2, El Chavo",
        Options(any_order=True, phases_to_win=2, el_chavo=True),
        3,
        4,
    ),
    ("classic list, 3 hands", Options(phase_list=decode("P1-2S2S-3CR-4R-9"), ten_hands=True), 6, 5),
)


@cache
def list_saves() -> tuple[tuple[str, str], ...]:
    """(label, saved text) of states met in the seeded ``LIST_GAMES``: every deal, pick,
    hand end and game end, and turns along the way."""
    saves: list[tuple[str, str]] = []
    for name, options, players, seed in LIST_GAMES:
        rnd = random.Random(seed)
        state = new_game(GameConfig(NAMES[:players], seed, options, first_dealer=seed % players))
        actions = 0
        while True:
            if state.step is not Step.PLAY and (actions % 7 == 0 or state.step is not Step.DRAW):
                saves.append((f"{name}: {state.step.value}, hand {state.hand_number}", to_json(state)))
            if state.is_over:
                break
            state = apply(state, guided_choice(state, legal_actions(state), rnd))
            actions += 1
    return tuple(saves)


# --- damages to what a list save adds -----------------------------------------------------------

Document = Any


def _options(doc: Document) -> Document:
    return doc["config"]["options"]


def damage_list(rnd: random.Random, doc: Document) -> Document:
    options = _options(doc)
    listed = options.get("phase_list")
    if not isinstance(listed, dict):
        options["phase_list"] = rnd.choice(
            ({"name": "x", "phases": [[{"kind": "set", "size": 3}]]}, [], "P1-3S-X")
        )
        return doc
    phases = listed["phases"]
    what = rnd.choice(("size", "kind", "drop", "copy", "group", "empty", "many", "name", "shape"))
    phase = rnd.choice(phases)
    if what == "size":
        rnd.choice(phase)["size"] = rnd.choice((0, 1, 2, 3, 11, 50, -1, True, 2.0, "3", None))
    elif what == "kind":
        rnd.choice(phase)["kind"] = rnd.choice(("run", "color", "color_run", "set", "pair", "", 3, None))
    elif what == "drop":
        phases.remove(phase)
    elif what == "copy":
        phases.append(list(phase))
    elif what == "group":
        phase.append(dict(rnd.choice(phase)))
    elif what == "empty":
        phase.clear()
    elif what == "many":
        listed["phases"] = phases * 25
    elif what == "name":
        listed["name"] = rnd.choice(("", "x" * 41, 7, None))
    else:
        listed["phases"] = rnd.choice(({"a": 1}, "3S3S", [["3S"]], [[[]]], 5))
    return doc


def damage_order(rnd: random.Random, doc: Document) -> Document:
    options = _options(doc)
    what = rnd.choice(("switch", "pick", "pick-type", "ten-hands"))
    if what == "switch":
        options["any_order"] = rnd.choice((not options.get("any_order", False), 1, "yes", None))
    elif what == "ten-hands":
        options["ten_hands"] = True
    else:
        player = rnd.choice(doc["players"])
        player["pick"] = rnd.choice((None, 0, 1, 2, 3, 4, 11, -1, True, "2")) if what == "pick" else [1]
    return doc


LIST_DAMAGES: tuple[Callable[[random.Random, Document], Document], ...] = (damage_list, damage_order)


def list_mutant(rnd: random.Random, text: str) -> str:
    doc = json.loads(text)
    for _ in range(rnd.choice((1, 1, 2, 3))):
        damage = rnd.choice(LIST_DAMAGES + LIST_DAMAGES + DAMAGES)
        with contextlib.suppress(LookupError, TypeError, AttributeError, ValueError):
            doc = damage(rnd, doc)
    return json.dumps(doc)


def list_mutants(count: int, seed: int) -> Iterator[tuple[str, str]]:
    rnd = random.Random(seed)
    saves = list_saves()
    for _ in range(count):
        label, text = rnd.choice(saves)
        yield label, list_mutant(rnd, text)


# --- what a loaded mutant does ----------------------------------------------------------------


def list_outcome(text: str, seed: int = 0) -> Outcome:
    try:
        state = from_json(text)
    except CorruptStateError as error:
        return Outcome("refused", str(error))
    except Exception as error:  # the property forbids it
        return Outcome("crashed", f"{type(error).__name__}: {error}")
    contradiction = account(state)
    if contradiction is not None:
        return Outcome("contradicts", contradiction)
    problem = _play_out(state, random.Random(seed))
    return Outcome("broke", problem) if problem is not None else Outcome("played")


def _play_out(state: GameState, rnd: random.Random) -> str | None:
    try:
        while not state.is_over:
            following = apply(state, guided_choice(state, legal_actions(state), rnd))
            check_state(following)
            check_transition(state, following)
            if following.step is Step.HAND_OVER and account(following) is not None:
                return f"a hand played on is scored against the sheet: {account(following)}"
            if len(following.history) > MAX_HANDS:
                return f"more than {MAX_HANDS} hands"
            state = following
    except (InvariantError, ValueError, AssertionError, LookupError, TypeError) as error:
        return f"{type(error).__name__}: {error}"
    return None


def account(state: GameState) -> str | None:
    """Where ``state`` disagrees with its score sheet by rulings 16-20 and 31-34, as counted
    here apart from the engine; None if they agree."""
    try:
        return _account(state)
    except (LookupError, TypeError) as error:
        return f"the score sheet cannot be read: {type(error).__name__}: {error}"


def _account(state: GameState) -> str | None:
    options = state.config.options
    played = options.phase_sequence()
    goal = options.phases_to_win if options.any_order and options.phases_to_win else len(played)
    seats = len(state.players)
    done: list[set[int]] = [set() for _ in range(seats)]
    moved, score = [0] * seats, [0] * seats
    regular, tiebreak, winner = 0, (), None  # type: ignore[var-annotated]
    for number, record in enumerate(state.history, 1):
        if winner is not None or record.tiebreak != bool(tiebreak):
            return f"hand {number} should not be, or is wrongly marked"
        dealt = tiebreak or tuple(range(seats))
        for seat in dealt:
            phase = record.phases[seat]
            if tiebreak or not options.any_order:
                expected = played[-1] if tiebreak else played[min(moved[seat], len(played) - 1)]
                if phase != expected:
                    return f"hand {number}: seat {seat} played {phase}, not {expected}"
            elif phase in done[seat] or (phase not in played and phase != NO_PICK):
                return f"hand {number}: seat {seat} picked {phase}, which it could not"
            score[seat] += record.points[seat]
            if not tiebreak and (record.completed[seat] or options.ten_hands):
                moved[seat] = min(moved[seat] + 1, goal)
                if record.completed[seat]:
                    done[seat].add(phase)  # type: ignore[arg-type]
        if tiebreak:
            if record.went_out is not None:
                winner, tiebreak = record.went_out, ()
            continue
        regular += 1
        if options.ten_hands:
            contenders = list(range(seats)) if regular >= len(played) else []
        else:
            contenders = [seat for seat in dealt if moved[seat] >= goal]
        if contenders:
            best = min(score[seat] for seat in contenders)
            leaders = tuple(seat for seat in contenders if score[seat] == best)
            winner, tiebreak = (leaders[0], ()) if len(leaders) == 1 else (None, leaders)
    if [p.phase_index for p in state.players] != moved or [p.score for p in state.players] != score:
        return "the players' phases or scores are not the sheet's"
    if any(set(state.done(seat)) != done[seat] for seat in range(seats)):
        return "the phases done are not the sheet's"
    if state.tiebreak != tiebreak or state.winner != winner:
        return "the tiebreak or the winner is not the sheet's"
    return None
