"""The table in words: each move as everyone saw it, the live region's lines, the sounds.

Only what the whole table sees is said (a person's own draw from the pile is named
to them alone, while only their hand is on the page).  The log keeps the moves as
``Move`` values, so the screen can list "since your turn" and mark what is new.

A move is told from the game before and after it, or, on a phone that plays one seat of
a game run on another (issue 38), from its seat's views before and after it (``Seen``):
what is said needs nothing a view does not show.
"""

from __future__ import annotations

from collections.abc import Sequence

from phase10 import (
    Action,
    Card,
    ChoosePhase,
    Discard,
    Draw,
    GameState,
    Hit,
    LayDown,
    NextHand,
    Step,
    TakeDiscard,
)
from phase10.rules import PERSON, Options
from phase10.view import PlayerView, TableView

from ..kit.i18n import NOTHING, Text, text, words
from ..state import Move, Ui
from .model import people, since_turn, watchers

__all__ = [
    "announce",
    "announcement",
    "cues",
    "deal_moves",
    "deal_said",
    "dealt_skip",
    "flip_words",
    "just_skipped",
    "log_moves",
    "narrate",
    "narration",
]


# The table before or after a move: the game itself, or a view of it.
Seen = GameState | PlayerView | TableView


def _options(seen: Seen) -> Options:
    return seen.config.options if isinstance(seen, GameState) else seen.options


def _phase_number(seen: Seen, seat: int) -> int:
    if isinstance(seen, GameState):
        return seen.phase_spec(seat).number
    return seen.players[seat].phase_spec.number


def _mover(seen: Seen) -> str:
    return seen.players[seen.current].name


def narration(ui: Ui) -> tuple[Text, ...]:
    """The moves the table lists, oldest first: since the watcher's turn."""
    return tuple(move.said for move in since_turn(ui, watchers(ui)))


def announcement(language: str, said: Sequence[Text]) -> str:
    """What the live region reads out after a step (its ``effects.Announce`` lines), in
    the table's language."""
    w = words(language)
    return " ".join(w.say(line) for line in said)


def dealt_skip(game: GameState) -> int | None:
    """The seat a Skip turned up at the deal has skipped (ruling 14), while the hand's first
    turn is on; None otherwise."""
    if game.turns != 1 or game.step not in (Step.DRAW, Step.PLAY) or len(game.discard_pile) != 1:
        return None
    if not game.discard_pile[0].is_skip:
        return None
    return next((seat for seat, player in enumerate(game.players) if player.skip_protected), None)


def _skip_turned_up(dealt: Seen) -> int | None:
    """``dealt_skip`` just after a deal, of the game or of a view of it (the first turn is
    on: the Skip turned up is the discard pile's only card)."""
    if isinstance(dealt, GameState):
        return dealt_skip(dealt)
    top = dealt.discard_top
    if dealt.discard_count != 1 or top is None or not top.is_skip:
        return None
    return next((player.seat for player in dealt.players if player.skip_protected), None)


def deal_moves(dealt: Seen) -> tuple[Move, ...]:
    """What the table sees of a deal: a Skip turned up, and whom it skipped."""
    seat = _skip_turned_up(dealt)
    if seat is None:
        return ()
    said = text("say.skip_dealt", name=dealt.players[seat].name)
    return (Move(seat, dealt.hand_number, said, turn_end=True, skipped=True),)


def just_skipped(game: GameState, log: tuple[Move, ...]) -> tuple[int, ...]:
    """The players who lost a turn to a Skip since the last turn played: the hand-off names
    them, once (the next player's hand-off no longer does)."""
    seats: list[int] = []
    for move in reversed(log):
        if move.hand != game.hand_number or not move.skipped:
            break
        seats.append(move.seat)
    return tuple(reversed(seats))


def log_moves(before: Seen, action: Action, after: Seen) -> tuple[Move, ...]:
    """``action`` as the table's log keeps it, with any player whose turn it skipped."""
    if isinstance(action, NextHand):
        return deal_moves(after)
    # Picking a phase (ruling 33) comes before the turn's draw: the turn goes on.
    turn_end = isinstance(action, Discard) or (
        after.step is not Step.PLAY and not isinstance(action, ChoosePhase)
    )
    added = (action.player, action.group, action.card) if isinstance(action, Hit) else None
    said = narrate(before, action)
    moves = [Move(before.current, before.hand_number, said, turn_end, isinstance(action, LayDown), added)]
    if after.step in (Step.DRAW, Step.PLAY) and after.hand_number == before.hand_number:
        count = len(before.players)
        for step in range(1, count):
            seat = (before.current + step) % count
            waiting = before.players[seat].skip_pending or (
                isinstance(action, Discard) and action.target == seat
            )
            if waiting and not after.players[seat].skip_pending:
                said = text("say.skipped", name=before.players[seat].name)
                moves.append(Move(seat, before.hand_number, said, turn_end=True, skipped=True))
    return tuple(moves)


def cues(before: GameState, action: Action, after: GameState) -> tuple[str, ...]:
    """The sounds ``action`` makes: the move's own, then a flip, a hand's end or a turn
    beginning for the one person at the table."""
    sounds: list[str] = []
    if isinstance(action, Draw | TakeDiscard):
        sounds.append("draw")
    elif isinstance(action, LayDown):
        sounds.append("lay")
    elif isinstance(action, Hit):
        sounds.append("hit")
    elif isinstance(action, Discard):
        sounds.append("discard")
    if after.side is not before.side:
        sounds.append("flip")
    if after.step in (Step.HAND_OVER, Step.GAME_OVER) and before.step is Step.PLAY:
        sounds.append("out")
    elif _turn_begins_for_the_person(before, after):
        sounds.append("turn")
    return tuple(sounds)


def _turn_begins_for_the_person(before: GameState, after: GameState) -> bool:
    """Whether the one person at the table has just been given the turn."""
    alone = len(people(after)) == 1 and after.config.kinds[after.current] == PERSON
    new_turn = after.current != before.current or before.step is Step.HAND_OVER
    return alone and new_turn and after.step is Step.DRAW


def narrate(before: Seen, action: Action) -> Text:
    """A move in words, with only what the whole table sees."""
    name = _mover(before)
    names = [player.name for player in before.players]
    if isinstance(action, ChoosePhase):
        spec = _options(before).phase_spec(action.phase)
        return text("say.picked", name=name, number=action.phase, needs=spec)
    if isinstance(action, Draw):
        return text("say.drew", name=name)
    if isinstance(action, TakeDiscard):
        top = before.discard_top
        return text("say.took", name=name, card=top.shown) if top is not None else NOTHING
    if isinstance(action, LayDown):
        return text("say.laid", name=name, number=_phase_number(before, before.current))
    if isinstance(action, Hit):
        group = before.players[action.player].groups[action.group]
        if action.player == before.current:
            return text("say.hit_own", name=name, card=action.card, group=group)
        return text("say.hit", name=name, card=action.card, owner=names[action.player], group=group)
    if isinstance(action, Discard):
        if action.target is not None:
            return text("say.skip", name=name, target=names[action.target])
        return flip_words(before, action) or text("say.discarded", name=name, card=action.card)
    return NOTHING


def announce(before: Seen, action: Action, after: Seen, drawn: Card | None) -> tuple[Text, ...]:
    """What the live region reads out after ``action``: the move as the table saw it (a
    person's own draw from the pile names the ``drawn`` card: only their hand is on the
    page), then a player going out, the hand's end, or whose turn it is."""
    said: list[Text] = []
    if drawn is not None and isinstance(action, Draw):
        said.append(text("say.you_drew", card=drawn))
    elif isinstance(action, NextHand):
        said += deal_said(after)
    else:
        said.append(narrate(before, action))
    if after.step in (Step.HAND_OVER, Step.GAME_OVER) and before.step is Step.PLAY:
        out = after.history[-1].went_out
        said.append(
            text("say.went_out", name=after.players[out].name) if out is not None else text("say.hand_ended")
        )
    if after.step is Step.GAME_OVER and after.winner is not None:
        said.append(text("say.won", name=after.players[after.winner].name))
    elif after.current != before.current and after.step in (Step.DRAW, Step.PLAY):
        said.append(text("say.turn", name=_mover(after)))
    return tuple(line for line in said if line)


def deal_said(dealt: Seen) -> list[Text]:
    """A deal read out: the hand dealt, a Skip turned up and whom it skipped, who plays first."""
    skipped = _skip_turned_up(dealt)
    said = [text("say.dealt", number=dealt.hand_number)]
    if skipped is not None:
        said.append(text("say.skip_dealt", name=dealt.players[skipped].name))
    said.append(text("say.first", name=_mover(dealt)))
    return said


def flip_words(before: Seen, action: Action) -> Text:
    """A discard that turns the table over, in words; nothing for any other action."""
    if not (isinstance(action, Discard) and action.card.flips and _options(before).ruleset().two_sided):
        return NOTHING
    return text("say.flip", name=_mover(before), card=action.card.face, side=before.side.other)
