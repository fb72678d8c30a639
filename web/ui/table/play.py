"""Playing a game: a person's taps at the table become engine actions, and the computer
players move on the page's timer.

Every change to the game goes through ``phase10.apply``; a control is offered
only when ``legal_actions`` allows it (see ``table.model.choices``), and an
illegal action changes nothing but the message.  ``resume`` opens a game on the
screen it is at, with any hand hidden until the phone is passed on.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from phase10 import (
    Action,
    Card,
    ChoosePhase,
    Discard,
    Draw,
    GameState,
    Hit,
    IllegalActionError,
    LayDown,
    NextHand,
    Step,
    TakeDiscard,
    apply,
    new_game,
)
from phase10.view import view
from phase10.wire import ActionMessage, write_message

from .. import taps
from ..effects import Announce, Handler, Outcome, PlaySound, TellHost
from ..kit.i18n import NOTHING, Text, text
from ..state import JustPlayed, LastMove, Prompt, PromptKind, Screen, Speed, Ui
from .model import (
    at_table,
    away,
    choices,
    closing,
    computer_turn,
    elsewhere_turn,
    now_seen,
    people,
    shown_hand,
)
from .narration import announce, cues, deal_moves, deal_said, flip_words, log_moves

__all__ = [
    "HANDLERS",
    "SPEEDS",
    "computer_due",
    "deal",
    "drawn_in",
    "resume",
    "return_screen",
    "timer_delay",
    "timer_event",
]

# How long a computer player's move stays on screen before the next one, in milliseconds,
# at each speed the player can choose.  With reduced motion nothing is animated, so the
# normal pace is quicker too.
SPEEDS = {Speed.RELAXED: 1600, Speed.NORMAL: 900, Speed.QUICK: 350, Speed.INSTANT: 0}
REDUCED_NORMAL_MS = 400
# How long the play that ended a hand stays on the table before the scores.
CLOSING_MS = {Speed.RELAXED: 3500, Speed.NORMAL: 2500, Speed.QUICK: 1500, Speed.INSTANT: 1000}
LOG_LINES = 40
# How long a phone's channel may take to open once Connect is tapped: on a network that
# lets phones see each other it opens in well under a second (docs/benchmarks.md).
UNREACHED_MS = 15_000
# How long a joining phone shows its answer before it says what to do if nothing comes (as
# long as the host waits after Connect): the host may still be reading the answer, so the
# words say how soon the phones connect once it has, and the phone waits on.
HOST_SLOW_MS = 15_000


def computer_due(ui: Ui) -> bool:
    """Whether the page should play a computer player's next move (after a pause)."""
    return ui.screen is Screen.TABLE and computer_turn(ui.game)


def timer_event(ui: Ui) -> taps.Tap | None:
    """What the page's timer does next, unasked: a computer player's move; with one person
    at the table, the scores once the hand's last play has been seen; on Phones at the
    table, a seat's channel that did not open in time; on a joining phone, an answer
    that has waited a while.  Where several
    people share the phone, the last play waits for a tap: everyone looks at it first."""
    if computer_due(ui):
        return taps.ComputerMove()
    connecting = next((link.seat for link in ui.links if link.connecting), None)
    if ui.screen is Screen.PHONES and connecting is not None:
        return taps.PhoneUnreached(connecting)
    joined = ui.joined
    if ui.screen is Screen.JOIN and joined is not None and joined.code and not joined.slow:
        return taps.HostSlow()
    if closing(ui) and ui.game is not None and len(people(ui.game, away(ui))) == 1:
        return taps.SeeScores()
    return None


def timer_delay(ui: Ui, reduced_motion: bool) -> int:
    """How long the page waits before ``timer_event``, in milliseconds."""
    speed = ui.settings.speed
    if ui.screen is Screen.PHONES:
        return UNREACHED_MS
    if ui.screen is Screen.JOIN:
        return HOST_SLOW_MS
    if closing(ui):
        return CLOSING_MS[speed]
    if reduced_motion and speed is Speed.NORMAL:
        return REDUCED_NORMAL_MS
    return SPEEDS[speed]


def screen_for(game: GameState, away: tuple[int, ...] = ()) -> Screen:
    if game.step is Step.GAME_OVER:
        return Screen.GAME_OVER
    if game.step is Step.HAND_OVER:
        return Screen.HAND_OVER
    return turn_screen(game, away)


def turn_screen(game: GameState, away: tuple[int, ...] = ()) -> Screen:
    """At the start of a turn: the phone is handed on only to a person, and only when
    several people share it; computer players, and people on phones of their own
    (``away``), play on the open table."""
    if computer_turn(game) or game.current in away or len(people(game, away)) <= 1:
        return Screen.TABLE
    return Screen.HANDOFF


def return_screen(game: GameState, away: tuple[int, ...] = ()) -> Screen:
    """The table, come back to from another screen: a hand's last play stays on it; a
    person's turn in pass-and-play goes through the hand-off again."""
    if game.step in (Step.HAND_OVER, Step.GAME_OVER):
        return Screen.TABLE
    return turn_screen(game, away)


def resume(ui: Ui, game: GameState, drawn: str = "") -> Ui:
    """Open a game: its current screen, with any hand hidden until it is passed on.
    ``drawn`` is the card its player to move drew this turn, as saved, marked again.  A log
    with nothing of this hand (a game opened again after a reload) starts with what the
    state still shows of the deal: a Skip turned up, and whom it skipped."""
    known = any(move.hand == game.hand_number for move in ui.log)
    return replace(
        ui,
        game=game,
        log=ui.log if known else deal_moves(game),
        screen=screen_for(game, away(ui)),
        selected=(),
        prompt=None,
        message=NOTHING,
        flipped=NOTHING,
        drawn=drawn_in(game, drawn),
        advice=None,
        menu=False,
    )


def deal(ui: Ui, game: GameState) -> Outcome:
    """Open a game just dealt: as ``resume``, and the deal is said (a Skip turned up and
    whom it skipped, who plays first) and logged for the table."""
    return Outcome(replace(resume(ui, game), log=deal_moves(game)), (Announce(tuple(deal_said(game))),))


def drawn_in(game: GameState, notation: str) -> str:
    """``notation`` if it can be the card the player to move drew this turn (they have drawn,
    and hold such a card), else "": a stale or damaged mark is dropped, not shown."""
    if not notation or game.step is not Step.PLAY:
        return ""
    return notation if any(str(card) == notation for card in game.player.shown_hand) else ""


REFUSED = Text("error.refused")


def act(ui: Ui, action: Action, refused: Text = REFUSED) -> Ui | Outcome:
    """Apply a person's ``action``; an illegal one changes nothing and says ``refused``.  A
    joined phone sends it to the phone that runs the game instead (``tell_host``)."""
    if elsewhere_turn(ui):
        seen = now_seen(ui)
        return replace(ui, message=text("error.wait", name=seen.players[seen.current].name), prompt=None)
    if ui.joined is not None:
        return tell_host(ui, action, refused)
    return _apply(ui, action, refused)


def tell_host(ui: Ui, action: Action, refused: Text = REFUSED) -> Ui | Outcome:
    """A joined phone's move: sent to the host, answering the latest view, once.  The
    host's next view shows it made; until then the table takes no other move."""
    joined = ui.joined
    assert joined is not None and joined.seen is not None
    if joined.lost:
        return replace(ui, message=text("net.host_lost"), prompt=None)
    if joined.sent:
        return replace(ui, message=text("net.wait_host"), prompt=None)
    if action not in joined.seen.legal:
        return replace(ui, message=refused, prompt=None)
    said = ActionMessage(joined.seat, joined.token, joined.seq, action)
    after = replace(
        ui, joined=replace(joined, sent=True), selected=(), prompt=None, message=NOTHING, advice=None
    )
    return Outcome(after, (TellHost(write_message(said)),))


def _apply(ui: Ui, action: Action, refused: Text) -> Ui | Outcome:
    assert ui.game is not None
    try:
        game = apply(ui.game, action)
    except IllegalActionError:
        # The engine's reason is for logs and tests; the table gets words in its language.
        return replace(ui, message=refused, prompt=None)
    return moved(ui, action, game)


def moved(ui: Ui, action: Action, game: GameState) -> Outcome:
    """The table after ``action`` made ``game``: the screen, the log, what is said and heard."""
    assert ui.game is not None
    turn_ended = game.current != ui.game.current or game.turns != ui.game.turns
    screen = Screen.TABLE  # a hand's end stays on the table a moment (see ``closing``)
    if ui.game.step is Step.HAND_OVER or (turn_ended and game.step in (Step.DRAW, Step.PLAY)):
        screen = turn_screen(game, away(ui))  # the hand is hidden before the phone is passed on
    drawn = _drawn(ui.game, game, action) if not elsewhere_turn(ui) else None
    just_played = JustPlayed(card=str(drawn)) if drawn else _just_played_on_table(action)
    flipped = flip_words(ui.game, action) if game.side is not ui.game.side else NOTHING
    keep_drawn = ui.drawn if not turn_ended and game.step is Step.PLAY else ""
    after = replace(
        ui,
        game=game,
        screen=screen,
        selected=(),
        prompt=None,
        message=NOTHING,
        just_played=just_played,
        flipped=flipped,
        log=(*ui.log, *log_moves(ui.game, action, game))[-LOG_LINES:],
        drawn=str(drawn) if drawn is not None else keep_drawn,
        advice=None,
        last_move=LastMove(action),
    )
    said = Announce(announce(ui.game, action, game, drawn))
    return Outcome(after, (said, PlaySound(cues(ui.game, action, game))))


def computer_move(ui: Ui) -> Ui | Outcome:
    """The computer player to move makes one move, chosen from its own view alone."""
    if not computer_due(ui):
        return ui
    # Imported here, not at the top: the bots cost start-up time (about 3 ms on CPython,
    # more on Pyodide) that a table of people never needs.
    from phase10.bots import seat_bot

    assert ui.game is not None
    seat = ui.game.current
    bot = seat_bot(ui.game.config, seat)
    assert bot is not None
    action = bot.choose(view(ui.game, seat))
    after = _apply(ui, action, NOTHING)
    assert isinstance(after, Outcome), f"a computer player chose an illegal move: {action}"
    return after


def _drawn(before: GameState, after: GameState, action: Action) -> Card | None:
    """The card a person just drew, as they see it: the screen animates it, and a draw
    from the pile names it.  None for any other move, and for a computer's draw, which is
    its secret."""
    if not isinstance(action, Draw | TakeDiscard) or after.step is not Step.PLAY:
        return None
    added = Counter(after.player.shown_hand) - Counter(before.player.shown_hand)
    return next(iter(added), None)


def _just_played_on_table(action: Action) -> JustPlayed:
    """What changed on the table, so the screen can animate just that."""
    if isinstance(action, LayDown):
        return JustPlayed(laid=True)
    if isinstance(action, Hit):
        return JustPlayed(hit=(action.player, action.group))
    return JustPlayed()


def _continue(ui: Ui, _tap: taps.ContinueGame) -> Ui:
    if not ui.can_continue:
        return ui
    assert ui.game is not None
    return resume(ui, ui.game, ui.drawn)


def _play_again(ui: Ui, tap: taps.PlayAgain) -> Outcome:
    assert ui.game is not None
    config = ui.game.config
    seed = tap.seed % 2**64 if tap.seed is not None else (config.seed + 1) % 2**64
    first_dealer = (config.first_dealer + 1) % len(config.players)
    return deal(ui, new_game(replace(config, seed=seed, first_dealer=first_dealer)))


def _reveal(ui: Ui, _tap: taps.Reveal) -> Ui | Outcome:
    if ui.game is None or ui.screen is not Screen.HANDOFF:
        return ui
    shown = replace(ui, screen=Screen.TABLE, selected=(), prompt=None, message=NOTHING)
    return Outcome(shown, (PlaySound(("turn",)),))


def _draw(ui: Ui, _tap: taps.DrawCard) -> Ui | Outcome:
    return act(ui, Draw())


def _take(ui: Ui, _tap: taps.TakeDiscard) -> Ui | Outcome:
    seen = now_seen(ui)
    top = seen.discard_top
    skip = top is not None and top.is_skip and seen.step is Step.DRAW
    return act(ui, TakeDiscard(), text("error.take_skip") if skip else REFUSED)


def _select(ui: Ui, tap: taps.Select) -> Ui:
    if not at_table(ui) or ui.screen is not Screen.TABLE:
        return ui
    index = tap.index
    if index >= len(shown_hand(ui)) or elsewhere_turn(ui) or closing(ui):
        return ui
    selected = tuple(i for i in ui.selected if i != index) if index in ui.selected else (*ui.selected, index)
    return replace(ui, selected=selected, prompt=None, message=NOTHING)


def _all_moves(ui: Ui, _tap: taps.AllMoves) -> Ui:
    """List every move since your turn, or only the newest again."""
    return replace(ui, all_moves=not ui.all_moves)


def _sort(ui: Ui, tap: taps.SortHand) -> Ui:
    return replace(ui, sort=tap.order, selected=())


def _lay(ui: Ui, _tap: taps.Lay) -> Ui:
    """Lay down: the selected cards' arrangements, or, with none selected, every one the
    hand makes, those that keep Wilds and Stars in hand first."""
    seen = now_seen(ui)
    mover = seen.players[seen.current]
    spec = mover.phase_spec
    if ui.selected:
        options = choices(ui).lays
        if not options:
            return replace(ui, message=text("error.not_phase", number=spec.number, needs=spec))
    else:
        if seen.step is not Step.PLAY or mover.has_laid or elsewhere_turn(ui):
            return replace(ui, message=text("error.cannot_lay"))
        laydowns = (a for a in choices(ui).legal if isinstance(a, LayDown))
        options = tuple(sorted(laydowns, key=_wilds_used))
        if not options:
            return replace(ui, message=text("error.no_phase", number=spec.number, needs=spec))
    return replace(ui, prompt=Prompt(PromptKind.LAY, options), message=NOTHING)


def _wilds_used(laydown: LayDown) -> int:
    """How many cards that stand for others (Wilds, Stars, Wild Side wilds) a lay-down uses:
    the fewer, the more the player keeps for later."""
    return sum(1 for card in laydown.cards if card.is_wild or card.is_star)


def _lay_next(ui: Ui, _tap: taps.LayNext) -> Ui:
    if ui.prompt is None or ui.prompt.kind is not PromptKind.LAY:
        return ui
    return replace(ui, prompt=replace(ui.prompt, index=(ui.prompt.index + 1) % len(ui.prompt.options)))


def _confirm(ui: Ui, _tap: taps.Confirm) -> Ui | Outcome:
    if ui.prompt is None:
        return ui
    return act(ui, ui.prompt.chosen)


def _choose(ui: Ui, tap: taps.Choose) -> Ui | Outcome:
    """Pick one of the prompt's options by index (a Skip's target, a run's end)."""
    if ui.prompt is None or tap.index >= len(ui.prompt.options):
        return ui
    return act(ui, ui.prompt.options[tap.index])


def _open_pick(ui: Ui, _tap: taps.OpenPick) -> Ui:
    """Phases in any order (ruling 33): which phase to play this hand, from those the player
    has not completed; the question lists them in the list's order."""
    if not at_table(ui) or elsewhere_turn(ui) or closing(ui):
        return ui
    picks = tuple(sorted((a for a in choices(ui).legal if isinstance(a, ChoosePhase)), key=lambda a: a.phase))
    if not picks:
        return ui
    return replace(ui, prompt=Prompt(PromptKind.PICK, picks), selected=(), message=NOTHING)


def _cancel(ui: Ui, _tap: taps.Cancel) -> Ui:
    return replace(ui, prompt=None, message=NOTHING)


def _hit(ui: Ui, tap: taps.HitGroup) -> Ui | Outcome:
    """Hit the selected card on the group tapped."""
    seat, group = tap.seat, tap.group
    offered = choices(ui)
    cards = offered.selected
    if len(cards) != 1:
        return replace(ui, message=text("error.hit_one"))
    options = tuple(h for h in offered.hits if h.player == seat and h.group == group)
    if not options:
        refused = text("error.cannot_hit", card=cards[0])
        return act(ui, Hit(cards[0], seat, group, None), refused)
    if len(options) > 1:
        return replace(ui, prompt=Prompt(PromptKind.END, options))
    return act(ui, options[0])


def _discard(ui: Ui, _tap: taps.DiscardCard) -> Ui | Outcome:
    offered = choices(ui)
    cards = offered.selected
    if len(cards) != 1:
        return replace(ui, message=text("error.discard_one"))
    options = offered.discards
    if len(options) > 1 or (options and options[0].target is not None):
        return replace(ui, prompt=Prompt(PromptKind.SKIP, options))
    return act(ui, options[0] if options else Discard(cards[0]))


def _next_hand(ui: Ui, _tap: taps.NextHand) -> Ui | Outcome:
    return act(ui, NextHand())


def _computer(ui: Ui, _tap: taps.ComputerMove) -> Ui | Outcome:
    """The page's timer: the computer player to move makes its next move."""
    return computer_move(ui)


def _scores(ui: Ui, _tap: taps.SeeScores) -> Ui:
    """From the hand's last play, on the table, to the scores (the timer or a tap)."""
    if not closing(ui):
        return ui
    # A joined phone's scores come from its own view; the host deals the next hand.
    screen = Screen.HAND_OVER if ui.game is None else screen_for(ui.game, away(ui))
    return replace(ui, screen=screen, selected=(), prompt=None, message=NOTHING)


HANDLERS: dict[type[taps.Tap], Handler] = {
    taps.ContinueGame: _continue,
    taps.PlayAgain: _play_again,
    taps.Reveal: _reveal,
    taps.DrawCard: _draw,
    taps.TakeDiscard: _take,
    taps.Select: _select,
    taps.SortHand: _sort,
    taps.AllMoves: _all_moves,
    taps.Lay: _lay,
    taps.LayNext: _lay_next,
    taps.Confirm: _confirm,
    taps.Choose: _choose,
    taps.Cancel: _cancel,
    taps.OpenPick: _open_pick,
    taps.HitGroup: _hit,
    taps.DiscardCard: _discard,
    taps.NextHand: _next_hand,
    taps.ComputerMove: _computer,
    taps.SeeScores: _scores,
}
