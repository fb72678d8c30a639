"""What is true of every reachable state, checked after every action by the
simulator and the property tests, and on every state loaded from outside.
"""

from __future__ import annotations

from collections import Counter

from . import scoresheet
from .cards import Side
from .game import hand_points
from .groups import group_problem, laydown_problem
from .state import NO_PICK, GameState, HandRecord, Step

__all__ = [
    "MAX_TURNS_PER_HAND",
    "InvariantError",
    "check_state",
    "check_transition",
    "history_problems",
    "state_problems",
]

# No hand of random legal play comes near this; reaching it means a rule loops.
MAX_TURNS_PER_HAND = 5000


class InvariantError(ValueError):
    """A state that no game can reach."""


def check_state(state: GameState) -> None:
    problems = state_problems(state)
    if problems:
        raise InvariantError("; ".join(problems))


def _hint_problems(state: GameState) -> list[str]:
    used = state.hints_used
    if used and (len(used) != len(state.players) or any(count < 0 for count in used)):
        return [f"hints used {used} are not a count for each seat"]
    if any(used) and not state.config.hints:
        return ["hints were used in a game that turned them off"]
    return []


def state_problems(state: GameState) -> list[str]:
    """Everything wrong with ``state``; empty for a state the rules can reach."""
    problems: list[str] = []
    config = state.config
    seats = len(state.players)
    rules = config.options.ruleset()
    in_play = state.step in (Step.DRAW, Step.PLAY)

    if tuple(p.name for p in state.players) != config.players:
        problems.append("the players do not match the game's set-up")
    if not 0 <= state.rng < 2**64:
        problems.append("the random state is out of range")
    for label, seat in (("dealer", state.dealer), ("current", state.current)):
        if not 0 <= seat < seats:
            problems.append(f"{label} seat {seat} does not exist")
    if (
        not state.active
        or list(state.active) != sorted(set(state.active))
        or not set(state.active) <= set(range(seats))
    ):
        problems.append(f"active seats {state.active} are not a sorted subset of the seats")
    if state.tiebreak and not (set(state.tiebreak) <= set(range(seats)) and len(state.tiebreak) >= 2):
        problems.append(f"tiebreak seats {state.tiebreak} are not two or more seats")
    problems += _hint_problems(state)
    if problems:
        return problems

    # Count each card as the deck lists it (Colour Side up), wherever it lies and whichever side it shows.
    hands = [card for player in state.players for card in player.hand]
    held = [*state.draw_pile, *state.discard_pile, *hands]
    laid = [card for player in state.players for group in player.groups for card in group.cards]
    every_card = Counter(card.facing(Side.COLOR) for card in (*held, *laid))
    if every_card != Counter(rules.deck):
        extra = every_card - Counter(rules.deck)
        lost = Counter(rules.deck) - every_card
        problems.append(
            f"the cards are not the deck: extra {sorted(map(str, extra.elements()))}, "
            f"missing {sorted(map(str, lost.elements()))}"
        )

    if rules.two_sided:
        wrong_side = sorted({str(card) for card in held if card.side is not state.side})
        if wrong_side:
            problems.append(f"cards in hands and piles show the {state.side.label}, but {wrong_side} do not")
    elif state.side is not Side.COLOR:
        problems.append(f"the {rules.name} edition has one-sided cards: no side to turn to")

    # The score sheet's shape first: the checks below read its entries seat by seat.
    for record in state.history:
        if not (len(record.points) == len(record.phases) == len(record.completed) == seats):
            problems.append(f"hand {record.number} of the score sheet has the wrong number of seats")
    if problems:
        return problems

    problems += _pick_problems(state)
    for seat, player in enumerate(state.players):
        where = f"seat {seat} ({player.name})"
        if not 0 <= player.phase_index <= config.options.phases_to_complete():
            problems.append(f"{where}: phase index {player.phase_index} is outside the sequence")
            continue  # the checks below read the phase it works on
        history_points = sum(record.points[seat] or 0 for record in state.history)
        if player.score != history_points:
            problems.append(
                f"{where}: score {player.score} is not the sum of the score sheet ({history_points})"
            )
        if seat not in state.active:
            if player.hand or player.groups:
                problems.append(f"{where}: sits out this hand but holds cards")
            continue
        for group in player.groups:
            problem = group_problem(group, rules)
            if problem is not None:
                problems.append(f"{where}: laid group {group} is invalid: {problem}")
        if player.groups:
            problems.extend(f"{where}: {problem}" for problem in _laid_problems(state, seat))
        if in_play:
            limit = rules.hand_size + (1 if seat == state.current and state.step is Step.PLAY else 0)
            if player.groups:
                if not 1 <= len(player.hand) <= limit:
                    problems.append(f"{where}: holds {len(player.hand)} cards after laying down")
            elif len(player.hand) != limit:
                problems.append(f"{where}: holds {len(player.hand)} cards, not {limit}")
        if len(player.taken) > state.turns:
            problems.append(f"{where}: took more cards from the discard pile than turns were played")

    if in_play:
        if state.current not in state.active:
            problems.append("the current player is not in this hand")
        elif state.players[state.current].skip_pending:
            problems.append("the current player has a Skip waiting and cannot be playing")
        if state.step is Step.DRAW and not state.draw_pile:
            problems.append("a turn begins with an empty draw pile")
        if state.hand_number != len(state.history) + 1:
            problems.append("the hand number does not follow the score sheet")
        if not 1 <= state.turns <= MAX_TURNS_PER_HAND:
            problems.append(f"{state.turns} turns in one hand: the turn cap is reached")
    elif state.hand_number != len(state.history):
        problems.append("the hand number does not follow the score sheet")

    if (state.step is Step.GAME_OVER) != (state.winner is not None):
        problems.append("a winner is named exactly when the game is over")
    if state.winner is not None and not 0 <= state.winner < seats:
        problems.append(f"winner seat {state.winner} does not exist")

    for record in state.history:
        if record.went_out is not None and not 0 <= record.went_out < seats:
            problems.append(f"hand {record.number}: seat {record.went_out} went out but does not exist")
        elif record.went_out is not None and record.points[record.went_out] != 0:
            problems.append(f"hand {record.number}: the player who went out scored points")
    if [record.number for record in state.history] != list(range(1, len(state.history) + 1)):
        problems.append("the score sheet's hands are not numbered 1, 2, 3, ...")
    return problems


def _pick_problems(state: GameState) -> list[str]:
    """Ruling 33: a pick only with phases in any order, by a seat dealt in and not in a
    tiebreak, of a phase it has not completed, before it draws."""
    options = state.config.options
    problems: list[str] = []
    for seat, player in enumerate(state.players):
        where = f"seat {seat} ({player.name})"
        pick = player.pick
        if pick is None:
            drawn = player.taken or player.declined or player.groups
            if state.must_pick(seat) and state.step in (Step.DRAW, Step.PLAY) and drawn:
                problems.append(f"{where}: has drawn this hand without picking its phase")
            elif state.must_pick(seat) and state.step is Step.PLAY and seat == state.current:
                problems.append(f"{where}: plays its turn without picking its phase")
            continue
        if not options.any_order:
            problems.append(f"{where}: picked phase {pick}, but this game plays its phases in order")
        elif not _picks_this_hand(state, seat):
            problems.append(f"{where}: picked phase {pick}, but it has no phase to pick this hand")
        elif pick not in options.phase_sequence():
            problems.append(f"{where}: picked phase {pick}, which this game does not play")
        elif state.step in (Step.DRAW, Step.PLAY) and pick in state.done(seat):
            problems.append(f"{where}: picked phase {pick}, which it has completed")
    return problems


def _picks_this_hand(state: GameState, seat: int) -> bool:
    """Whether ``seat`` picks a phase in the hand in play, or in the hand just over: it is
    dealt in, and the hand is no tiebreak (played on the last phase)."""
    if state.step in (Step.DRAW, Step.PLAY):
        return seat in state.active and seat not in state.tiebreak
    last = state.history[-1] if state.history else None
    return last is not None and not last.tiebreak and last.phases[seat] is not None


def _phase_laid(state: GameState, seat: int) -> int | None:
    """The phase a seat's laid groups were laid for: at hand end it has moved on, and the
    score sheet's last line says which it was (None: the sheet does not say)."""
    if state.step in (Step.DRAW, Step.PLAY):
        return state.phase_number(seat)
    return state.history[-1].phases[seat] if state.history else None


def _laid_problems(state: GameState, seat: int) -> list[str]:
    """Why a seat's laid groups are not the phase it laid; empty if they are."""
    phase = _phase_laid(state, seat)
    if phase is None:
        return ["has laid groups, but the score sheet names no phase this hand"]
    options = state.config.options
    if phase not in options.phase_sequence():
        return [f"has laid groups for phase {phase}, which this game does not play"]
    problem = laydown_problem(state.players[seat].groups, options.phase_spec(phase), options.ruleset())
    return [] if problem is None else [f"laid groups do not make phase {phase}: {problem}"]


def history_problems(state: GameState) -> list[str]:
    """Everything in ``state`` that contradicts its own account of the game so far.

    The score sheet is replayed from the first hand (``scoresheet.replay``) and
    must lead to the players' phases and scores, the tiebreak and the winner;
    the last hand's line must match the cards left at its end; the dealer
    follows the seats from the first dealer, one a hand; and the turns of this
    hand cover every discard and every card taken.  Every state a game reaches
    passes; hand-written scenarios (``notation``) may not, which is why this is
    apart from ``state_problems``.  Assumes ``state_problems(state)`` is empty.
    """
    options = state.config.options
    seats = len(state.players)
    try:
        standings = scoresheet.replay(options, seats, state.history)
    except scoresheet.ScoreSheetError as error:
        return [str(error)]
    problems: list[str] = []
    for seat, player in enumerate(state.players):
        if player.phase_index != standings.phase_index[seat]:
            problems.append(
                f"seat {seat}: phase index {player.phase_index}, but the score sheet leads to "
                f"{standings.phase_index[seat]}"
            )
        if player.score != standings.scores[seat]:
            problems.append(
                f"seat {seat}: score {player.score}, but the score sheet adds up to {standings.scores[seat]}"
            )
    if state.tiebreak != standings.tiebreak:
        due = list(standings.tiebreak)
        problems.append(f"tiebreak seats {list(state.tiebreak)}, but the score sheet makes them {due}")
    if state.winner != standings.winner:
        problems.append(f"winner {state.winner}, but the score sheet makes it {standings.winner}")
    in_play = state.step in (Step.DRAW, Step.PLAY)
    if in_play:
        dealt = standings.dealt
    elif state.history:
        dealt = _dealt(state.history[-1])
        problems.extend(_hand_end_problems(state, state.history[-1]))
    else:
        return [*problems, "a hand is over, but the score sheet is empty"]
    if state.active != dealt:
        problems.append(
            f"seats {list(state.active)} are in this hand, but the score sheet deals {list(dealt)}"
        )
    if state.hand_number >= 1 and state.dealer != (state.config.first_dealer + state.hand_number - 1) % seats:
        problems.append(
            f"seat {state.dealer} deals hand {state.hand_number}: the deal does not go round the table"
        )
    problems.extend(_turn_problems(state))
    return problems


def _dealt(record: HandRecord) -> tuple[int, ...]:
    return tuple(seat for seat, phase in enumerate(record.phases) if phase is not None)


def _hand_end_problems(state: GameState, record: HandRecord) -> list[str]:
    """The cards left at the end of a hand are what its line of the score sheet scored."""
    problems: list[str] = []
    for seat in _dealt(record):
        player = state.players[seat]
        left = hand_points(state, player.hand)
        if record.points[seat] != left:
            problems.append(
                f"seat {seat}: scored {record.points[seat]} in hand {record.number}, "
                f"but the cards left in hand are worth {left}"
            )
        if record.completed[seat] != player.has_laid:
            problems.append(f"seat {seat}: the score sheet and the table disagree on its phase laid")
        phase = record.phases[seat]
        assert phase is not None  # dealt seats have a phase: ``_dealt`` picks them by it
        if state.config.options.any_order and not record.tiebreak:
            picked = NO_PICK if player.pick is None else player.pick
            if phase != picked:
                problems.append(f"seat {seat}: the score sheet says phase {phase}, but it picked {picked}")
        fewest, most = scoresheet.cards_left(
            state.config.options, phase, completed=record.completed[seat], went_out=record.went_out == seat
        )
        if not fewest <= len(player.hand) <= most:
            problems.append(f"seat {seat}: holds {len(player.hand)} cards at the end of the hand")
    return problems


def _turn_problems(state: GameState) -> list[str]:
    """Each turn discards at most one card, takes at most one from the discard pile, and
    declines at most two (``PlayerState.declined``);
    the pile starts a hand with one card and a reshuffle leaves it one.  In play the
    current turn has not discarded yet; at the end of a hand the last one may have."""
    problems: list[str] = []
    if not 1 <= state.turns <= MAX_TURNS_PER_HAND:
        problems.append(
            f"{state.turns} turns in a dealt hand: the first begins at the deal, and the cap ends it"
        )
    discards = state.turns if state.step in (Step.DRAW, Step.PLAY) else state.turns + 1
    if len(state.discard_pile) > discards:
        problems.append(f"the discard pile holds {len(state.discard_pile)} cards after {state.turns} turns")
    # A turn in its draw step has taken nothing yet.
    takes = state.turns - 1 if state.step is Step.DRAW else state.turns
    if sum(len(player.taken) for player in state.players) > takes:
        problems.append(f"more cards were taken from the discard pile than {state.turns} turns allow")
    # A turn declines at most two cards, the top it drew past and its discard; the current
    # one has not discarded yet, and in its draw step has declined nothing.
    finished = state.turns - 1 if state.step in (Step.DRAW, Step.PLAY) else state.turns
    declines = 2 * finished + (1 if state.step is Step.PLAY else 0)
    if sum(len(player.declined) for player in state.players) > declines:
        problems.append(f"more cards were declined than {state.turns} turns allow")
    for seat, player in enumerate(state.players):
        if any(card != card.shown for card in (*player.taken, *player.declined)):
            problems.append(
                f"seat {seat}: cards taken or declined are recorded as everyone saw them, without their backs"
            )
    return problems


def check_transition(before: GameState, after: GameState) -> None:
    """What must hold between a state and the next: phases and scores never go back."""
    for seat, (old, new) in enumerate(zip(before.players, after.players, strict=True)):
        if new.phase_index < old.phase_index:
            raise InvariantError(f"seat {seat}'s phase went back")
        if new.score < old.score:
            raise InvariantError(f"seat {seat}'s score went down")
    if len(after.history) > len(before.history):
        record = after.history[-1]
        for seat in before.active:
            # Hands are not gathered at the end of a hand, so ``after`` still holds them.
            expected = hand_points(after, after.players[seat].hand)
            if record.points[seat] != expected:
                raise InvariantError(
                    f"hand {record.number}: seat {seat} scored {record.points[seat]}, "
                    f"but the cards left in hand are worth {expected}"
                )
