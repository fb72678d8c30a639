"""The rules in motion: dealing, legal actions, applying them, scoring, game end.

``legal_actions(state)`` is the single source of truth for what may be done;
``apply(state, action)`` checks an action against the same rules and returns a
new state, or raises ``IllegalActionError`` and leaves the old one as it was.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from itertools import product
from typing import Any, Generic, TypeVar

from . import scoresheet
from .actions import Action, ChoosePhase, Discard, Draw, Hit, LayDown, NextHand, TakeDiscard
from .cards import SKIP, Card, Side
from .finder import can_make, enumerate_laydowns
from .groups import Group, add_to_group, hit_ends, hit_problem, laydown_problem
from .rng import seed_state, shuffled
from .rules import GameConfig, SetupError
from .state import GameState, PlayerState, Step

__all__ = [
    "IllegalActionError",
    "apply",
    "flip",
    "hand_points",
    "legal_actions",
    "new_game",
    "replay",
    "seat_played_by",
    "skip_targets",
    "standings_of",
    "why_illegal",
]


class IllegalActionError(ValueError):
    """An action the rules do not allow now.  The message names the action and the reason."""

    def __init__(self, action: object, reason: str) -> None:
        super().__init__(f"illegal action '{action}': {reason}")
        self.action = action
        self.reason = reason


# --- setting up ---------------------------------------------------------------------------


def new_game(config: GameConfig) -> GameState:
    """The game with its first hand dealt."""
    seats = tuple(range(len(config.players)))
    players = tuple(PlayerState(name=name, hand=(), phase_index=0) for name in config.players)
    empty = GameState(
        config=config,
        rng=seed_state(config.seed),
        hand_number=0,
        dealer=config.first_dealer,
        current=config.first_dealer,
        step=Step.HAND_OVER,
        draw_pile=(),
        discard_pile=(),
        players=players,
        active=seats,
    )
    return _deal(empty)


def _deal(state: GameState) -> GameState:
    rules = state.config.options.ruleset()
    active = standings_of(state).dealt
    deck, rng = shuffled(rules.deck, state.rng)
    pile = list(deck)
    order = _seats_from(active, state.dealer, len(state.players))
    hands: dict[int, list[Card]] = {seat: [] for seat in active}
    for _ in range(rules.hand_size):
        for seat in order:
            hands[seat].append(pile.pop())
    discard = (pile.pop(),)
    players = tuple(
        replace(
            player,
            hand=tuple(sorted(hands.get(seat, ()))),
            groups=(),
            skip_pending=False,
            skip_protected=False,
            taken=(),
            declined=(),
            pick=None,
        )
        for seat, player in enumerate(state.players)
    )
    first = order[0]
    dealt = replace(
        state,
        rng=rng,
        hand_number=state.hand_number + 1,
        current=first,
        step=Step.DRAW,
        draw_pile=tuple(pile),
        discard_pile=discard,
        players=players,
        active=active,
        turns=0,
        side=Side.COLOR,  # every hand is dealt Colour Side up; a Flip card turned up does nothing
    )
    if discard[0] == SKIP:  # ruling 14: a Skip turned up skips the first player
        dealt = dealt.with_player(first, skip_pending=True)
    return _begin_turn(dealt)


def _seats_from(active: tuple[int, ...], dealer: int, seats: int) -> list[int]:
    """Active seats in playing order, starting left of the dealer."""
    return sorted(active, key=lambda seat: (seat - dealer - 1) % seats)


def _next_seat(state: GameState, seat: int) -> int:
    n = len(state.players)
    for step in range(1, n + 1):
        candidate = (seat + step) % n
        if candidate in state.active:
            return candidate
    raise AssertionError("no active seat")


def _begin_turn(state: GameState) -> GameState:
    """Pass over skipped players, refill an empty draw pile, and start the turn."""
    current = state.current
    while state.players[current].skip_pending:
        state = state.with_player(current, skip_pending=False, skip_protected=True)
        current = _next_seat(state, current)
    state = replace(state, current=current, step=Step.DRAW)
    if not state.draw_pile:
        state = _reshuffle(state)
        if not state.draw_pile:  # ruling 10: nothing left to draw ends the hand
            return _end_hand(state, went_out=None)
    if _stuck(state):  # ruling 35: a hand nobody can end ends as ruling 10's does
        return _end_hand(state, went_out=None)
    return replace(state, turns=state.turns + 1)


def _stuck(state: GameState) -> bool:
    """Ruling 35: whether no play can end the hand any more.  A hand ends when a hand of
    cards is emptied, and only hits shrink one; so it is stuck when no card outside the laid
    groups fits one of them (on either side, as a flip may turn it) and no player who has
    not laid their phase could make it from those cards.  Nothing then changes the groups."""
    groups = [group for seat in state.active for group in state.players[seat].groups]
    if not groups:
        return False
    rules = state.config.options.ruleset()
    outside = [card for seat in state.active for card in state.players[seat].hand]
    outside += [*state.draw_pile, *state.discard_pile]
    sides = tuple(Side) if rules.two_sided else (Side.COLOR,)
    faces = {card.facing(side).shown for card in outside for side in sides}
    if any(hit_ends(group, face, rules) for face in faces for group in groups):
        return False
    options = state.config.options
    for seat in state.active:
        if state.players[seat].has_laid:
            continue
        open_phases = (
            options.open_phases(state.done(seat)) if state.must_pick(seat) else (state.phase_number(seat),)
        )
        for side, number in product(sides, open_phases):
            if can_make([card.facing(side).shown for card in outside], options.phase_spec(number), rules):
                return False
    return True


def _reshuffle(state: GameState) -> GameState:
    """Ruling 10: all but the top of the discard pile becomes the new draw pile."""
    under, top = state.discard_pile[:-1], state.discard_pile[-1:]
    pile, rng = shuffled(under, state.rng)
    return replace(state, draw_pile=pile, discard_pile=top, rng=rng)


# --- what may be done ---------------------------------------------------------------------


# The last answer, kept by identity: states are immutable, and a screen or a bot
# asks about the same state several times in a row.
_last_answer: list[tuple[GameState, tuple[Action, ...]]] = []


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """Every action the rules allow now, for the player whose turn it is."""
    if _last_answer and _last_answer[0][0] is state:
        return _last_answer[0][1]
    actions = _legal_actions(state)
    _last_answer[:] = [(state, actions)]
    return actions


def _legal_actions(state: GameState) -> tuple[Action, ...]:
    if state.step is Step.GAME_OVER:
        return ()
    if state.step is Step.HAND_OVER:
        return (NextHand(),)
    if state.step is Step.DRAW:
        if state.must_pick(state.current):  # ruling 33: the pick comes before the first draw
            options = state.config.options
            return tuple(ChoosePhase(n) for n in options.open_phases(state.done(state.current)))
        actions: list[Action] = [Draw()]
        if _can_take(state) is None:
            actions.append(TakeDiscard())
        return tuple(actions)
    return (*_laydowns(state), *_hits(state), *_discards(state))


def _laydowns(state: GameState) -> Iterator[LayDown]:
    player = state.player
    if player.has_laid:
        return
    rules = state.config.options.ruleset()
    for groups in enumerate_laydowns(player.shown_hand, state.phase_spec(state.current), rules):
        yield LayDown(groups)


def _hits(state: GameState) -> Iterator[Hit]:
    if not state.player.has_laid:
        return
    rules = state.config.options.ruleset()
    for card in sorted(set(state.player.shown_hand)):
        for seat in state.active:
            for index, group in enumerate(state.players[seat].groups):
                for end in hit_ends(group, card, rules):
                    yield Hit(card, seat, index, end)


def _discards(state: GameState) -> Iterator[Discard]:
    hand = state.player.shown_hand
    for card in sorted(set(hand)):
        if card != SKIP or len(hand) == 1:  # ruling 15: going out with a Skip skips no one
            yield Discard(card)
            continue
        targets = skip_targets(state)
        if not targets:  # ruling 12: with no one to skip, the Skip is simply discarded
            yield Discard(card)
        for seat in targets:
            yield Discard(card, seat)


def skip_targets(state: GameState) -> tuple[int, ...]:
    """Who a Skip discarded now may target (rulings 11-12)."""
    return tuple(
        seat
        for seat in state.active
        if seat != state.current
        and not state.players[seat].skip_pending
        and not state.players[seat].skip_protected
    )


def _pick_first(state: GameState) -> str | None:
    """Ruling 33: with phases in any order, a player picks their phase before drawing."""
    return "choose the phase you play this hand first" if state.must_pick(state.current) else None


def _choose_problem(state: GameState, action: ChoosePhase) -> str | None:
    options = state.config.options
    if not options.any_order:
        return "phases are played in order here: there is no phase to choose"
    if state.current in state.tiebreak:
        return "a tiebreak is played on the last phase: there is no phase to choose"
    player = state.player
    if player.pick is not None:
        return f"you have already chosen phase {player.pick} this hand"
    if action.phase not in options.phase_sequence():
        return f"this game plays phases {', '.join(map(str, options.phase_sequence()))}, not {action.phase}"
    if action.phase in state.done(state.current):
        return f"you have already completed phase {action.phase}"
    return None


def _can_take(state: GameState) -> str | None:
    top = state.discard_top
    if top is None:
        return "the discard pile is empty"
    if top == SKIP:
        return "a Skip can never be taken from the discard pile"
    return None


def why_illegal(state: GameState, action: object) -> str | None:
    """The reason ``action`` is not allowed now, or None if it is."""
    if state.step is Step.GAME_OVER:
        return "the game is over"
    move = _move_for(action)
    if state.step is Step.HAND_OVER and (move is None or move.step is not Step.HAND_OVER):
        return "the hand is over: deal the next one"
    if move is None:
        return f"not an action: {action!r}"
    if state.step is not move.step:
        return _OUT_OF_STEP[move.step]
    return move.problem(state, action)


def _missing(hand: Iterable[Card], cards: Iterable[Card]) -> Card | None:
    held = Counter(hand)
    held.subtract(cards)
    short = [card for card, count in held.items() if count < 0]
    return min(short) if short else None


def _laydown_problem(state: GameState, action: LayDown) -> str | None:
    player = state.player
    if player.has_laid:
        return "you have already laid down your phase this hand"
    hand = player.shown_hand
    missing = _missing(hand, action.cards)
    if missing is not None:
        return f"you do not hold {'another ' if missing in hand else ''}{missing}"
    rules = state.config.options.ruleset()
    return laydown_problem(action.groups, state.phase_spec(state.current), rules)


def _hit_problem(state: GameState, action: Hit) -> str | None:
    player = state.player
    if not player.has_laid:
        return "lay down your own phase before hitting"
    if action.card not in player.shown_hand:
        return f"you do not hold {action.card}"
    if action.player not in state.active or not 0 <= action.group < len(state.players[action.player].groups):
        return f"there is no group {action.group} in front of seat {action.player}"
    rules = state.config.options.ruleset()
    group = state.players[action.player].groups[action.group]
    problem = hit_problem(group, action.card, rules)
    if problem is not None:
        return problem
    ends = hit_ends(group, action.card, rules)
    if not group.kind.is_run:
        return None if action.end is None else f"a {group.kind.value} group has no ends"
    if action.end is None:
        return "say which end of the run the card goes on: low or high"
    if action.end not in ends:
        return f"{action.card} does not fit the {action.end.value} end of the {group.describe()}"
    return None


def _discard_problem(state: GameState, action: Discard) -> str | None:
    hand = state.player.shown_hand
    if action.card not in hand:
        return f"you do not hold {action.card}"
    if action.card != SKIP:
        return None if action.target is None else "only a Skip is discarded against a player"
    if len(hand) == 1:
        return None if action.target is None else "a Skip discarded to go out skips no one"
    targets = skip_targets(state)
    if action.target is None:
        return "choose the player to skip" if targets else None
    return _target_problem(state, action.target)


def _target_problem(state: GameState, seat: int) -> str | None:
    if seat == state.current:
        return "you cannot skip yourself"
    if seat not in state.active:
        return f"seat {seat} is not playing this hand"
    target = state.players[seat]
    if target.skip_pending:
        return f"{target.name} already has a Skip waiting"
    if target.skip_protected:
        return f"{target.name} was skipped and has not played a turn since"
    return None


# --- doing it -----------------------------------------------------------------------------


def apply(state: GameState, action: Action) -> GameState:
    """The state after ``action``; raises ``IllegalActionError`` if it is not allowed."""
    reason = why_illegal(state, action)
    if reason is not None:
        raise IllegalActionError(action, reason)
    move = _move_for(action)
    assert move is not None  # why_illegal refuses whatever has no move
    return move.do(state, action)


def _draw(state: GameState, action: Draw) -> GameState:
    card = state.draw_pile[-1]
    player = state.player
    declined = player.declined
    if state.discard_top is not None and _can_take(state) is None:
        declined = (*declined, state.discard_top.shown)
    state = replace(state, draw_pile=state.draw_pile[:-1], step=Step.PLAY)
    return state.with_player(state.current, hand=_sorted_with(player.hand, card), declined=declined)


def _choose(state: GameState, action: ChoosePhase) -> GameState:
    return state.with_player(state.current, pick=action.phase)


def _take(state: GameState, action: TakeDiscard) -> GameState:
    card = state.discard_pile[-1]
    player = state.player
    state = replace(state, discard_pile=state.discard_pile[:-1], step=Step.PLAY)
    taken = (*player.taken, card.shown)
    return state.with_player(state.current, hand=_sorted_with(player.hand, card), taken=taken)


def _sorted_with(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    return tuple(sorted((*hand, card)))


def _played(hand: tuple[Card, ...], shown: Iterable[Card]) -> tuple[list[Card], tuple[Card, ...]]:
    """The cards of ``hand`` that show ``shown``, in that order, and the hand left.

    Actions name cards as their holder sees them; of two-sided cards that look
    alike to the holder (their backs differ), the first in the hand is played.
    """
    remaining = list(hand)
    played: list[Card] = []
    for card in shown:
        index = next(i for i, held in enumerate(remaining) if held.shown == card)
        played.append(remaining.pop(index))
    return played, tuple(remaining)


def _lay(state: GameState, action: LayDown) -> GameState:
    hand = state.player.hand
    groups = []
    for group in action.groups:
        cards, hand = _played(hand, group.cards)
        groups.append(Group.make(group.kind, cards))
    state = state.with_player(state.current, hand=hand, groups=tuple(groups))
    return _end_hand(state, went_out=state.current) if not hand else state


def _hit(state: GameState, action: Hit) -> GameState:
    (card,), hand = _played(state.player.hand, (action.card,))
    owner = state.players[action.player]
    groups = list(owner.groups)
    groups[action.group] = add_to_group(groups[action.group], card, action.end)
    state = state.with_player(action.player, groups=tuple(groups))
    state = state.with_player(state.current, hand=hand)
    return _end_hand(state, went_out=state.current) if not hand else state  # ruling 9


def _discard(state: GameState, action: Discard) -> GameState:
    (card,), hand = _played(state.player.hand, (action.card,))
    state = replace(state, discard_pile=(*state.discard_pile, card))
    declined = (*state.player.declined, card.shown)
    state = state.with_player(state.current, hand=hand, skip_protected=False, declined=declined)
    if action.target is not None:
        state = state.with_player(action.target, skip_pending=True)
    if action.card.flips and state.config.options.ruleset().two_sided:
        state = flip(state)
    if not hand:
        return _end_hand(state, went_out=state.current)
    return _begin_turn(replace(state, current=_next_seat(state, state.current)))


def flip(state: GameState) -> GameState:
    """The table turned to its other side: the discard pile turned over (its top card
    goes to the bottom), then the draw pile, then every hand.  Laid phases stay."""
    discard = tuple(card.turned() for card in reversed(state.discard_pile))
    draw = tuple(card.turned() for card in reversed(state.draw_pile))
    players = tuple(
        replace(player, hand=tuple(sorted(card.turned() for card in player.hand))) for player in state.players
    )
    return replace(state, side=state.side.other, discard_pile=discard, draw_pile=draw, players=players)


# --- the end of a hand and of the game ----------------------------------------------------


def hand_points(state: GameState, cards: Iterable[Card]) -> int:
    """The penalty points of ``cards`` left in hand, by the game's edition (``scoresheet.points_left``)."""
    return scoresheet.points_left(state.config.options.ruleset(), cards)


def _end_hand(state: GameState, went_out: int | None) -> GameState:
    """Score the hand on the sheet, and let the sheet decide the game (``scoresheet``)."""
    options = state.config.options
    before = standings_of(state)
    record = scoresheet.record_hand(
        options,
        before,
        left=[player.hand if seat in state.active else None for seat, player in enumerate(state.players)],
        completed=[player.has_laid for player in state.players],
        went_out=went_out,
        picks=[player.pick for player in state.players],
    )
    standings = scoresheet.score_hand(options, before, record)
    players = tuple(
        replace(player, phase_index=standings.phase_index[seat], score=standings.scores[seat])
        for seat, player in enumerate(state.players)
    )
    return replace(
        state,
        players=players,
        history=(*state.history, record),
        step=Step.HAND_OVER if standings.winner is None else Step.GAME_OVER,
        tiebreak=standings.tiebreak,
        winner=standings.winner,
    )


def seat_played_by(state: GameState, seat: int, kind: str) -> GameState:
    """``state`` with ``seat`` played from now on by ``kind`` (a computer's level, or a
    person): a seat whose player had to leave is handed to a computer, and the game goes
    on with its hand, phase and score.  ``SetupError`` for a seat or a kind there is not.
    (The game then no longer replays from its seed with its first players.)"""
    kinds = state.config.kinds
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(kinds):
        raise SetupError(f"seat {seat!r:.20} is not a seat of this game")
    changed = tuple(kind if at == seat else old for at, old in enumerate(kinds))
    return replace(state, config=replace(state.config, kinds=changed))


def standings_of(state: GameState) -> scoresheet.Standings:
    """Where the game stands by its players and score sheet, as ``scoresheet`` reads it."""
    return scoresheet.Standings(
        done=tuple(state.done(seat) for seat in range(len(state.players))),
        phase_index=tuple(player.phase_index for player in state.players),
        scores=tuple(player.score for player in state.players),
        hands=len(state.history),
        regular_hands=sum(1 for record in state.history if not record.tiebreak),
        tiebreak=state.tiebreak,
        winner=state.winner,
    )


def _next_hand(state: GameState, action: NextHand) -> GameState:
    dealer = (state.dealer + 1) % len(state.players)  # ruling 18
    return _deal(replace(state, dealer=dealer))


def replay(config: GameConfig, actions: Iterable[Action]) -> GameState:
    """The state reached from ``config``'s deal by ``actions``, in order."""
    state = new_game(config)
    for action in actions:
        state = apply(state, action)
    return state


# --- one table for both: each kind of action, the step it belongs to, its checks and its effect

A = TypeVar("A", bound=Action)


@dataclass(frozen=True, slots=True)
class _Move(Generic[A]):
    step: Step  # the step in which the action is played
    problem: Callable[[GameState, A], str | None]  # why it is not allowed in that step, or None
    do: Callable[[GameState, A], GameState]  # its effect, once allowed


# Why an action is out of its step, by the step it belongs to.
_OUT_OF_STEP = {
    Step.HAND_OVER: "the hand is still being played",
    Step.DRAW: "you have already drawn a card this turn",
    Step.PLAY: "draw a card first, from the draw pile or the discard pile",
}

_MOVES: dict[type, _Move[Any]] = {
    NextHand: _Move(Step.HAND_OVER, lambda state, action: None, _next_hand),
    Draw: _Move(Step.DRAW, lambda state, action: _pick_first(state), _draw),
    TakeDiscard: _Move(Step.DRAW, lambda state, action: _pick_first(state) or _can_take(state), _take),
    ChoosePhase: _Move(Step.DRAW, _choose_problem, _choose),
    LayDown: _Move(Step.PLAY, _laydown_problem, _lay),
    Hit: _Move(Step.PLAY, _hit_problem, _hit),
    Discard: _Move(Step.PLAY, _discard_problem, _discard),
}


def _move_for(action: object) -> _Move[Any] | None:
    """The move ``action`` makes, by its type (or a type it derives from); None for a non-action."""
    return next((_MOVES[kind] for kind in type(action).__mro__ if kind in _MOVES), None)
