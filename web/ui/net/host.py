"""The phone that runs a game some of whose seats are played from other phones (issue 38).

It stays the only authority: after every change to the game it sends each joined phone
that seat's own view (``phase10.wire.view_for``: another hand's faces never leave it),
numbered, and it applies a move a joined phone sends back only when
``phase10.wire.host_apply`` finds it is that seat's legal move answering the latest
view.  Anything else that comes over a channel is refused, noted in the console and
never applied; a move refused for being late or illegal gets the seat's table as it is,
so that phone shows the refusal and can move again.
"""

from __future__ import annotations

from dataclasses import replace

from phase10 import GameState
from phase10.game import seat_played_by
from phase10.rules import PERSON
from phase10.wire import (
    ActionMessage,
    HintMessage,
    RefusedActionError,
    RefusedReason,
    host_apply,
    host_hint,
    view_for,
    write_message,
)

from .. import taps
from ..effects import (
    ClosePeer,
    ConnectPeer,
    Handler,
    NoteRefused,
    OpenPeer,
    Outcome,
    PeerCode,
    PhoneLinked,
    PhoneSaid,
    TellPhone,
)
from ..kit.i18n import NOTHING, text
from ..state import Link, Screen, Ui
from ..table.play import moved
from .heard import heard
from .pairing import PairingError, Role, read_code

__all__ = [
    "HANDLERS",
    "ends_with_its_game",
    "link_seat",
    "linked",
    "offered",
    "phone_said",
    "restored",
    "share_views",
    "unlink_seat",
]

# Refusals a phone hears back about: its move came too late or is not legal now.  A wrong
# token or a seat no phone plays is not answered: that text did not come from the seat's phone.
_ANSWERED = (RefusedReason.STALE, RefusedReason.NOT_LEGAL)


def link_seat(ui: Ui, seat: int, token: str) -> Ui:
    """``seat`` is to be played from another phone, which proves itself with ``token``."""
    links = tuple(link for link in ui.links if link.seat != seat)
    return replace(ui, links=tuple(sorted((*links, Link(seat, token)), key=lambda link: link.seat)))


def _changed(ui: Ui, seat: int, **changes: bool | str) -> Ui:
    """``ui`` with ``seat``'s link changed so (``Link``'s fields by name)."""
    links = tuple(replace(link, **changes) if link.seat == seat else link for link in ui.links)  # type: ignore[arg-type]
    return replace(ui, links=links)


def restored(ui: Ui, away: tuple[int, ...]) -> Ui:
    """``ui`` after this phone loaded its game, whose seats ``away`` were played from other
    phones: no channel survives a reload, so each waits for its phone to rejoin."""
    game = ui.game
    seats = () if game is None else tuple(seat for seat in away if game.config.kinds[seat] == PERSON)
    return replace(ui, links=tuple(Link(seat, "", lost=True) for seat in seats))


def unlink_seat(ui: Ui, seat: int) -> Ui:
    """``seat`` is played on this phone again (pass-and-play): its phone's moves are refused."""
    return replace(ui, links=tuple(link for link in ui.links if link.seat != seat))


def share_views(before: Ui, step: Outcome) -> Outcome:
    """After a step that changed the game: the new state is numbered, and each joined
    phone whose channel is open is sent its seat's view of it."""
    after = step.ui
    if after.game is None or after.game is before.game or not after.links:
        return step
    seq = after.sent_seq + 1
    last = after.last_move  # a new one when a move made the state: the phones are told it
    action = last.action if last is not None and last is not before.last_move else None
    sends = tuple(
        TellPhone(link.seat, write_message(view_for(after.game, link.seat, seq, action=action)))
        for link in after.links
        if link.open
    )
    return Outcome(replace(after, sent_seq=seq), (*step.effects, *sends))


def linked(ui: Ui, news: PhoneLinked) -> Outcome:
    """A channel opened (the phone is sent its seat's table as it is) or closed."""
    if ui.game is None or all(link.seat != news.seat for link in ui.links):
        return Outcome(ui, (NoteRefused(f"seat {news.seat}: no phone plays it"),))
    if not news.open:
        # The phone slept, reloaded or left the Wi-Fi: its seat waits for it to rejoin with a
        # new code, or for the host to play it here (``phones_screen``, the table's line).
        return Outcome(_changed(ui, news.seat, open=False, connecting=False, code="", lost=True))
    after = _changed(ui, news.seat, open=True, connecting=False, lost=False)
    return Outcome(after, (TellPhone(news.seat, write_message(view_for(ui.game, news.seat, ui.sent_seq))),))


def phone_said(ui: Ui, message: PhoneSaid) -> Outcome:
    """A joined phone's text: its seat's legal move, applied, or a refusal noted."""
    seat = message.seat
    said = heard(ui, message.text, f"seat {seat}")
    if isinstance(said, Outcome):
        return said
    if not isinstance(said, ActionMessage | HintMessage):
        return Outcome(ui, (NoteRefused(f"seat {seat}: a joined phone sends moves, not views"),))
    if said.seat != seat:
        return Outcome(ui, (NoteRefused(f"seat {seat}: a move for seat {said.seat}"),))
    if ui.game is None:
        return Outcome(ui, (NoteRefused(f"seat {seat}: no game on this phone"),))
    tokens = {link.seat: link.token for link in ui.links}
    try:
        if isinstance(said, HintMessage):
            return Outcome(replace(ui, game=host_hint(ui.game, tokens, ui.sent_seq, said)))
        game = host_apply(ui.game, tokens, ui.sent_seq, said)
    except RefusedActionError as refused:
        noted = NoteRefused(f"seat {seat}: {refused}")
        if refused.reason not in _ANSWERED:
            return Outcome(ui, (noted,))
        # The phone waits for an answer to what it sent: the table as it is.
        as_it_is = TellPhone(seat, write_message(view_for(ui.game, seat, ui.sent_seq, refused=True)))
        return Outcome(ui, (noted, as_it_is))
    return moved(ui, said.action, game)


def ends_with_its_game(before: Ui, step: Outcome) -> Outcome:
    """A game replaced by another (a new deal, another window's) ends every link: a phone
    joined for a seat of one game never sees a seat of the next."""
    after = step.ui
    if not after.links:
        return step
    same = before.game is not None and after.game is not None and _same_game(before.game, after.game)
    if same:
        return step
    closes = tuple(ClosePeer(link.seat) for link in after.links)
    return Outcome(replace(after, links=()), (*step.effects, *closes))


def _same_game(before: GameState, after: GameState) -> bool:
    """Whether ``after`` goes on with ``before``'s game: the same players, seed and ways to
    play (a seat handed to a computer is still the same game)."""
    was, now = before.config, after.config
    return (was.players, was.seed, was.options, was.first_dealer) == (
        now.players,
        now.seed,
        now.options,
        now.first_dealer,
    )


def offered(ui: Ui, news: PeerCode) -> Ui:
    """This phone's code for the seat's phone is ready: the seat waits for that phone."""
    if ui.game is None or not 0 <= news.seat < len(ui.game.players):
        return ui
    return replace(_changed(link_seat(ui, news.seat, news.token), news.seat, code=news.code), message=NOTHING)


def _open_phones(ui: Ui, _tap: taps.OpenPhones) -> Ui:
    if ui.game is None or ui.joined is not None:
        return ui
    return replace(ui, screen=Screen.PHONES, previous=ui.screen, menu=False, prompt=None, message=NOTHING)


def _link_phone(ui: Ui, tap: taps.LinkPhone) -> Ui | Outcome:
    """Make a code for a person's seat (a computer player has no phone)."""
    game = ui.game
    if game is None or not 0 <= tap.seat < len(game.players) or game.config.kinds[tap.seat] != PERSON:
        return ui
    return Outcome(replace(ui, message=NOTHING), (ClosePeer(tap.seat), OpenPeer(tap.seat)))


def _accept_phone(ui: Ui, tap: taps.AcceptPhone) -> Ui | Outcome:
    """The joining phone's code: read and checked here; the connection made by the page."""
    link = next((link for link in ui.links if link.seat == tap.seat), None)
    if link is None or link.open:
        return ui
    try:
        summary = read_code(tap.code)
    except PairingError:
        return replace(ui, message=text("net.code_unread"))
    if summary.role is not Role.ANSWER:
        return replace(ui, message=text("net.code_of_host"))
    if summary.token.hex() != link.token:
        return replace(ui, message=text("net.code_other_seat"))
    connecting = replace(_changed(ui, tap.seat, connecting=True), message=NOTHING)
    return Outcome(connecting, (ConnectPeer(tap.seat, tap.code),))


def _unreached(ui: Ui, tap: taps.PhoneUnreached) -> Ui | Outcome:
    """Connect was tapped and no channel opened: the network keeps the phones apart (guest
    Wi-Fi, hotels), or the code was another connection's.  Said in plain words; the seat
    plays on this phone again, so the game goes on."""
    link = next((link for link in ui.links if link.seat == tap.seat), None)
    if link is None or not link.connecting or ui.game is None:
        return ui
    name = ui.game.config.players[tap.seat]
    unreached = replace(unlink_seat(ui, tap.seat), message=text("net.unreached", name=name))
    return Outcome(unreached, (ClosePeer(tap.seat),))


# The level of a computer that takes over a seat whose phone left: the one set-up offers first.
TAKES_OVER = "normal"


def _computer_takes(ui: Ui, tap: taps.ComputerTakesSeat) -> Ui | Outcome:
    """A seat whose phone left the table is played by a computer from now on, said so;
    every other phone stays linked (the game is the same one)."""
    game = ui.game
    if (
        game is None
        or all(link.seat != tap.seat for link in ui.links)
        or game.config.kinds[tap.seat] != PERSON
    ):
        return ui
    name = game.config.players[tap.seat]
    handed = replace(unlink_seat(ui, tap.seat), game=seat_played_by(game, tap.seat, TAKES_OVER))
    return Outcome(replace(handed, message=text("net.computer_took", name=name)), (ClosePeer(tap.seat),))


def _unlink_phone(ui: Ui, tap: taps.UnlinkPhone) -> Outcome:
    return Outcome(replace(unlink_seat(ui, tap.seat), message=NOTHING), (ClosePeer(tap.seat),))


HANDLERS: dict[type[taps.Tap], Handler] = {
    taps.OpenPhones: _open_phones,
    taps.LinkPhone: _link_phone,
    taps.AcceptPhone: _accept_phone,
    taps.UnlinkPhone: _unlink_phone,
    taps.ComputerTakesSeat: _computer_takes,
    taps.PhoneUnreached: _unreached,
}
