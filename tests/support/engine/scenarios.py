"""Helpers shared by the rules tests and the scenario tests.

Scenarios are written in the engine's state notation (``phase10.notation``)
and actions in the engine's action notation (``phase10.actions``).  The helpers
here check more than the single call under test: every action a test plays is
also checked against ``legal_actions`` and ``why_illegal``, every state reached
is checked against the invariants, and every illegal action is checked to
leave the state exactly as it was.
"""

from __future__ import annotations

import copy
import textwrap
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace

import pytest

from phase10.actions import Action, parse_action
from phase10.cards import Card, parse_cards
from phase10.game import IllegalActionError, apply, legal_actions, new_game, why_illegal
from phase10.groups import Group
from phase10.invariants import state_problems
from phase10.notation import format_state, parse_state
from phase10.rules import GameConfig, GroupKind, Options
from phase10.state import GameState, Step

__all__ = [
    "action",
    "cards",
    "check",
    "find_seed",
    "group",
    "illegal",
    "play",
    "scenario",
]


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def group(kind: str, text: str) -> Group:
    """A group as laid: runs keep the order written (low to high), others are sorted."""
    return Group.make(GroupKind(kind), parse_cards(text))


def action(value: str | Action) -> Action:
    return parse_action(value) if isinstance(value, str) else value


def scenario(text: str, draw_top: str = "") -> GameState:
    """Parse a state written in notation.

    ``draw_top`` lists cards in the order they will be drawn: the first card
    named is the top of the draw pile.  They are moved from wherever they are
    in the draw pile (normally ``draw: rest``) to its top.
    """
    state = parse_state(textwrap.dedent(text))
    if draw_top:
        wanted = list(parse_cards(draw_top))
        pile = list(state.draw_pile)
        for card in wanted:
            if card not in pile:
                raise AssertionError(f"{card} is not in the draw pile")
            pile.remove(card)
        pile.extend(reversed(wanted))
        state = replace(state, draw_pile=tuple(pile))
    problems = state_problems(state)
    assert not problems, problems
    return state


def _assert_consistent(state: GameState) -> None:
    problems = state_problems(state)
    assert not problems, f"invariants broken: {problems}\n{format_state(state)}"


def play(state: GameState, actions: Iterable[str | Action]) -> GameState:
    """Apply ``actions`` in order; each must be legal by every account."""
    for item in actions:
        act = action(item)
        reason = why_illegal(state, act)
        assert reason is None, f"{act} should be legal here, engine says: {reason}"
        assert act in legal_actions(state), f"{act} is missing from legal_actions"
        state = apply(state, act)
        _assert_consistent(state)
    return state


def illegal(state: GameState, item: str | Action, reason: str | None = None) -> str:
    """Assert ``item`` is refused, with an unchanged state; returns the message."""
    act = action(item)
    before = copy.deepcopy(state)
    before_text = format_state(state)
    with pytest.raises(IllegalActionError) as caught:
        apply(state, act)
    assert str(act) in str(caught.value), "the error message should name the action"
    if reason is not None:
        assert reason.lower() in str(caught.value).lower(), str(caught.value)
    assert state == before
    assert format_state(state) == before_text
    assert why_illegal(state, act) is not None
    assert act not in legal_actions(state)
    return str(caught.value)


# --- expectations ---------------------------------------------------------------------------


def _as_laid(text: str) -> Group:
    """``kind:cards`` as a comparable group: runs in their order, other kinds sorted."""
    kind, _, body = text.partition(":")
    return group(kind, body.replace(",", " "))


def _seat_check(state: GameState, seat: int, field: str, want: str) -> None:
    player = state.players[seat]
    if field == "hand":
        assert Counter(player.hand) == Counter(parse_cards(want)), (
            f"seat {seat} hand: {' '.join(map(str, player.hand))}"
        )
    elif field == "cards":
        assert len(player.hand) == int(want), f"seat {seat} holds {len(player.hand)}"
    elif field == "phase":
        assert str(state.phase_number(seat)) == want, f"seat {seat} on phase {state.phase_number(seat)}"
    elif field == "phase-index":
        assert str(player.phase_index) == want
    elif field == "score":
        assert str(player.score) == want, f"seat {seat} score {player.score}"
    elif field == "skip":
        got = "pending" if player.skip_pending else "protected" if player.skip_protected else "-"
        assert got == want, f"seat {seat} skip={got}"
    elif field in ("taken", "declined"):
        got = " ".join(map(str, getattr(player, field))) or "-"
        assert got == want, f"seat {seat} {field}: {got}"
    elif field == "laid":
        assert player.has_laid == (want == "yes")
    elif field == "has":
        expected = _as_laid(want)
        shown = [str(g) for g in player.groups]
        assert any(_as_laid(str(g)) == expected for g in player.groups), f"seat {seat} groups: {shown}"
    elif field == "groups":
        assert str(len(player.groups)) == want
    elif field.startswith("group"):
        index = int(field[len("group") :])
        got = player.groups[index]
        assert _as_laid(str(got)) == _as_laid(want), f"seat {seat} group {index}: {got}"
    else:  # pragma: no cover - a typo in a test table
        raise AssertionError(f"unknown seat field {field}")


def check(state: GameState, expectations: Sequence[str]) -> None:
    """Check ``key=value`` expectations, e.g. ``current=1``, ``seat0.score=35``.

    Keys: step, current, dealer, winner, tiebreak (seats or -), active, hand
    (hand number), hands-played (score sheet lines), draw (count), discard (the
    pile, bottom to top, or a count with ``#``), discard.top, last.out,
    last.points, last.completed, last.phases, and per seat ``seatN.``hand, cards,
    phase, phase-index, score, skip, taken and declined (cards, or -), laid, groups,
    groupK (``kind:cards``), has (some group equals ``kind:cards``).
    """
    for item in expectations:
        key, _, want = item.partition("=")
        if key.startswith("seat"):
            seat_text, _, field = key.partition(".")
            _seat_check(state, int(seat_text[4:]), field, want)
        elif key == "step":
            assert state.step is Step(want), f"step is {state.step.value}"
        elif key == "current":
            assert str(state.current) == want, f"current is {state.current}"
        elif key == "dealer":
            assert str(state.dealer) == want, f"dealer is {state.dealer}"
        elif key == "winner":
            assert ("-" if state.winner is None else str(state.winner)) == want
        elif key == "tiebreak":
            assert (" ".join(map(str, state.tiebreak)) or "-") == want
        elif key == "active":
            assert " ".join(map(str, state.active)) == want
        elif key == "hand":
            assert str(state.hand_number) == want
        elif key == "hands-played":
            assert str(len(state.history)) == want
        elif key == "draw":
            assert str(len(state.draw_pile)) == want, f"draw pile holds {len(state.draw_pile)}"
        elif key == "discard":
            if want.startswith("#"):
                assert len(state.discard_pile) == int(want[1:])
            else:
                assert state.discard_pile == parse_cards(want), str(state.discard_pile)
        elif key == "discard.top":
            assert str(state.discard_top) == want
        elif key == "last.out":
            got = state.history[-1].went_out
            assert ("-" if got is None else str(got)) == want
        elif key == "last.points":
            got = ",".join("-" if p is None else str(p) for p in state.history[-1].points)
            assert got == want, got
        elif key == "last.completed":
            got = ",".join("yes" if c else "no" for c in state.history[-1].completed)
            assert got == want
        elif key == "last.phases":
            got = ",".join("-" if p is None else str(p) for p in state.history[-1].phases)
            assert got == want, got
        elif key == "last.tiebreak":
            assert state.history[-1].tiebreak == (want == "yes")
        else:  # pragma: no cover - a typo in a test table
            raise AssertionError(f"unknown expectation {key}")


# --- dealt games with a given first discard -------------------------------------------------


def find_seed(
    players: tuple[str, ...],
    predicate: Callable[[GameState], bool],
    options: Options | None = None,
    first_dealer: int = 0,
    limit: int = 5000,
) -> GameState:
    """The first dealt game (seeds 0, 1, ...) whose opening state satisfies ``predicate``.

    Only the deal's outcome is inspected, so the search is deterministic.
    """
    for seed in range(limit):
        config = GameConfig(players, seed, options or Options(), first_dealer)
        state = new_game(config)
        if predicate(state):
            return state
    raise AssertionError("no seed found")  # pragma: no cover


# --- a table for the computer players ------------------------------------------------------


def denial_table(ann: str, *, third: bool = False) -> str:
    """Robo (phase 1, two sets) to discard against Ann, on the run of seven, who took a
    6, 7, 8 and 9 from the discard pile; ``ann`` adds fields to her seat line, ``third``
    seats Cy after her.  Ann went out of each of the three hands before, where Robo missed
    its phase (a save of it loads)."""
    seats = 3 if third else 2
    cy = 'seat 2 "Cy" phase-index=3 score=15\n  hand: Y4 Y5 G5 R8 B9 Y2 B5 G1 R4 Y7\n' if third else ""
    points = ",".join(["50", "0", "5"][:seats])
    completed = ",".join(["no", "yes", "yes"][:seats])
    return (
        f"game seed=4 dealer={3 % seats} current=0 step=play turns=6\n"
        "discard: Y6\n"
        'seat 0 "Robo" score=150\n'
        "  hand: R2 R2 B2 Y3 B3 Y11 G11 R12 G12 G10 B1\n"
        f'seat 1 "Ann" phase-index=3 taken=R6,B7,G8,Y9 {ann}\n'
        "  hand: R6 B7 G8 Y9 R10 B11 Y1 G2 Y12 B12\n"
        + cy
        + "".join(
            f"history: {n} phases=1,{','.join([str(n)] * (seats - 1))} points={points} "
            f"completed={completed} out=1 tiebreak=no\n"
            for n in (1, 2, 3)
        )
    )
