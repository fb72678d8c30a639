"""A phone that plays one seat of a game run on another phone (issue 38).

It holds no game: only the latest view of its own seat the host sent (``Ui.joined``),
which the table is drawn from (``table.model``), and its moves go to the host
(``table.play.tell_host``).  What the host sends is read by ``phase10.wire``; anything
that is not a newer view of this seat is refused and noted, and changes nothing.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

from phase10 import Draw, SetupError, Step
from phase10.pad import PadError, pad_of_sheet
from phase10.view import PlayerView
from phase10.wire import ViewMessage

from .. import taps
from ..effects import (
    Announce,
    AnswerPeer,
    ClosePeer,
    Handler,
    HostSaid,
    KeepSeatGame,
    NoteRefused,
    Outcome,
    PeerCode,
    PhoneLinked,
    PlaySound,
)
from ..kit.i18n import NOTHING, Text, text
from ..state import Joined, Move, Screen, Ui
from ..table.narration import announce, log_moves
from ..table.play import LOG_LINES, REFUSED
from .heard import heard
from .pairing import PairingError, Role, read_code

__all__ = ["HANDLERS", "answered", "host_linked", "host_said", "join"]


def join(ui: Ui, seat: int, token: str) -> Ui:
    """This phone plays ``seat`` of the host's game from now on (-1: the seat the first view
    names); it waits for that view on the joining screen.  A phone that rejoins keeps the
    table it last saw, to go back to meanwhile, until the host's first view replaces it;
    the new channel's views are numbered afresh, so the count starts again."""
    before = ui.joined
    fresh = Joined(seat, token)
    return replace(
        ui,
        joined=fresh
        if before is None
        else replace(fresh, seen=before.seen, kinds=before.kinds, lost=before.lost),
        screen=Screen.JOIN,
        selected=(),
        prompt=None,
        message=NOTHING,
        log=ui.log if before is not None else (),  # not the moves of this phone's own game
    )


def host_said(ui: Ui, message: HostSaid) -> Outcome:
    """The host's text: a newer view of this seat is shown; anything else is noted."""
    joined = ui.joined
    if joined is None:
        return Outcome(ui, (NoteRefused("host: this phone has joined no game"),))
    said = heard(ui, message.text, "host")
    if isinstance(said, Outcome):
        return said
    if not isinstance(said, ViewMessage):
        return Outcome(ui, (NoteRefused("host: the host sends views, not moves"),))
    if joined.seat >= 0 and said.view.seat != joined.seat:
        return Outcome(ui, (NoteRefused(f"host: a view of seat {said.view.seat}, not {joined.seat}"),))
    if said.seq < joined.seq:
        return Outcome(ui, (NoteRefused(f"host: view {said.seq} is older than view {joined.seq}"),))
    return _shown(ui, joined, said)


def _shown(ui: Ui, joined: Joined, said: ViewMessage) -> Outcome:
    before, seen = joined.seen, said.view
    refused = said.refused  # the host did not apply this phone's move (too late, or not legal now)
    same_hand = before is not None and before.hand == seen.hand
    drawn = _drawn(before, seen, ui.drawn)
    told = _told(joined, said, drawn)
    after = replace(
        ui,
        joined=replace(
            joined,
            seat=seen.seat,
            seen=seen,
            seq=said.seq,
            kinds=said.kinds,
            sent=False,
            code="",
            lost=False,
            hints=said.hints,
        ),
        screen=_screen_for(ui.screen, seen),
        selected=ui.selected if same_hand else (),
        prompt=ui.prompt if same_hand and not refused else None,
        message=REFUSED if refused else ui.message if same_hand else NOTHING,
        drawn=drawn,
        log=(*ui.log, *told.log)[-LOG_LINES:],
    )
    cues = ("turn",) if _my_turn(seen) and not (before is not None and _my_turn(before)) else ()
    effects = ((PlaySound(cues),) if cues else ()) + ((Announce(told.said),) if told.said else ())
    return Outcome(after, effects + _kept(before, seen))


def _kept(before: PlayerView | None, seen: PlayerView) -> tuple[KeepSeatGame | NoteRefused, ...]:
    """A game that ends goes into this phone's past games too: its public sheet, as a score
    pad would have it (the game itself, with every hand, stays on the host's phone).  A
    sheet no game could write (a broken or hostile host) is noted, and not kept."""
    if seen.step is not Step.GAME_OVER or (before is not None and before.step is Step.GAME_OVER):
        return ()
    names = tuple(player.name for player in seen.players)
    try:
        pad = pad_of_sheet(names, seen.options, seen.history)
    except (PadError, SetupError) as error:
        return (NoteRefused(f"host: a finished game's sheet that cannot be kept: {error}"),)
    return (KeepSeatGame(pad, seen.seat),)


@dataclass(frozen=True, slots=True)
class _Told:
    log: tuple[Move, ...] = ()  # the move for the table's "since your turn"
    said: tuple[Text, ...] = ()  # and for the screen reader


def _told(joined: Joined, said: ViewMessage, drawn: str) -> _Told:
    """The move the host says made this view from the last one, told as the host's table
    tells it (``table.narration``, from the two views alone); nothing when a view was
    missed between them (a rejoin), since the move would be told against the wrong table."""
    before, action = joined.seen, said.action
    if before is None or action is None or said.seq != joined.seq + 1:
        return _Told()
    card = next((card for card in said.view.hand if str(card) == drawn), None)
    mine = isinstance(action, Draw) and before.current == before.seat
    return _Told(
        log_moves(before, action, said.view), announce(before, action, said.view, card if mine else None)
    )


def _screen_for(screen: Screen, seen: PlayerView) -> Screen:
    """Where a new view takes this phone: to its table from joining, and from the scores
    once the host has dealt the next hand; any other screen stays."""
    if screen in (Screen.JOIN, Screen.TABLE):
        return Screen.TABLE
    if screen is Screen.HAND_OVER and seen.step not in (Step.HAND_OVER, Step.GAME_OVER):
        return Screen.TABLE
    return screen


def _my_turn(seen: PlayerView) -> bool:
    return seen.current == seen.seat and seen.step in (Step.DRAW, Step.PLAY)


def _drawn(before: PlayerView | None, seen: PlayerView, drawn: str) -> str:
    """The card this seat drew this turn, marked until it discards (as on the host)."""
    if not _my_turn(seen) or seen.step is not Step.PLAY:
        return ""
    if before is not None and before.step is Step.DRAW and _my_turn(before):
        added = Counter(seen.hand) - Counter(before.hand)
        return str(next(iter(added), "")) if added else ""
    return drawn if any(str(card) == drawn for card in seen.hand) else ""


def host_linked(ui: Ui, news: PhoneLinked) -> Ui:
    """The channel to the host opened or closed: a lost host is said on the table, whose
    action bar then offers to rejoin (``table.parts``); no move can be sent meanwhile.  A
    connection given up before it ever opened (its answer still shown) is a network that
    keeps the phones apart: said in plain words, and the host's code can be entered again."""
    joined = ui.joined
    if joined is None:
        return ui
    if not news.open and joined.code:
        return replace(ui, joined=_answer_given_up(joined), message=text("net.host_unreached"))
    return replace(ui, joined=replace(joined, lost=not news.open, sent=False), message=NOTHING)


def _join_again(ui: Ui, _tap: taps.JoinAgain) -> Ui | Outcome:
    """The answer shown is given up (the network keeps the phones apart, or the host lost
    it): its connection is closed and the host's code can be entered again."""
    joined = ui.joined
    if joined is None or not joined.code:
        return ui
    return Outcome(replace(ui, joined=_answer_given_up(joined), message=NOTHING), (ClosePeer(-1),))


def _answer_given_up(joined: Joined) -> Joined:
    """No channel came of the answer shown: the host's code is to be entered again, and a
    phone that had joined before stays lost, its last table kept."""
    return replace(joined, code="", slow=False, lost=joined.seen is not None, sent=False)


def _host_slow(ui: Ui, _tap: taps.HostSlow) -> Ui:
    """The answer has been shown a while with no channel: the joining screen says what to
    check in its title bar (the code fills a small phone's screen), and this phone goes on
    waiting (the host may still be typing the code)."""
    joined = ui.joined
    if joined is None or not joined.code:
        return ui
    return replace(ui, joined=replace(joined, slow=True), message=text("net.host_slow"))


def answered(ui: Ui, news: PeerCode) -> Ui:
    """This phone's answer is ready: shown for the host to read."""
    if ui.joined is None or news.token != ui.joined.token:
        return ui
    return replace(ui, joined=replace(ui.joined, code=news.code), message=NOTHING)


def _open_join(ui: Ui, _tap: taps.OpenJoin) -> Ui:
    """The joining screen; or, for a phone playing a seat and still connected, its table."""
    seated = ui.joined is not None and ui.joined.seen is not None and not ui.joined.lost
    return replace(ui, screen=Screen.TABLE if seated else Screen.JOIN, menu=False, message=NOTHING)


def _join_with_code(ui: Ui, tap: taps.JoinWithCode) -> Ui | Outcome:
    """The host's code: read and checked here; this phone's answer made by the page."""
    try:
        summary = read_code(tap.code)
    except PairingError:
        return replace(ui, message=text("net.code_unread"))
    if summary.role is not Role.OFFER:
        return replace(ui, message=text("net.code_of_joiner"))
    return Outcome(join(ui, -1, summary.token.hex()), (ClosePeer(-1), AnswerPeer(tap.code)))


HANDLERS: dict[type[taps.Tap], Handler] = {
    taps.OpenJoin: _open_join,
    taps.JoinWithCode: _join_with_code,
    taps.HostSlow: _host_slow,
    taps.JoinAgain: _join_again,
}
