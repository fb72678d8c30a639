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

from phase10.wire import (
    ActionMessage,
    Ping,
    RefusedActionError,
    RefusedReason,
    WireError,
    host_apply,
    read_message,
    view_for,
    write_message,
)

from ..effects import NoteRefused, Outcome, PhoneLinked, PhoneSaid, TellPhone
from ..state import Link, Ui
from ..table.play import moved

__all__ = ["link_seat", "linked", "phone_said", "share_views", "unlink_seat"]

# Refusals a phone hears back about: its move came too late or is not legal now.  A wrong
# token or a seat no phone plays is not answered: that text did not come from the seat's phone.
_ANSWERED = (RefusedReason.STALE, RefusedReason.NOT_LEGAL)


def link_seat(ui: Ui, seat: int, token: str) -> Ui:
    """``seat`` is to be played from another phone, which proves itself with ``token``."""
    links = tuple(link for link in ui.links if link.seat != seat)
    return replace(ui, links=tuple(sorted((*links, Link(seat, token)), key=lambda link: link.seat)))


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
    sends = tuple(
        TellPhone(link.seat, write_message(view_for(after.game, link.seat, seq)))
        for link in after.links
        if link.open
    )
    return Outcome(replace(after, sent_seq=seq), (*step.effects, *sends))


def linked(ui: Ui, news: PhoneLinked) -> Outcome:
    """A channel opened (the phone is sent its seat's table as it is) or closed."""
    if ui.game is None or all(link.seat != news.seat for link in ui.links):
        return Outcome(ui, (NoteRefused(f"seat {news.seat}: no phone plays it"),))
    links = tuple(replace(link, open=news.open) if link.seat == news.seat else link for link in ui.links)
    after = replace(ui, links=links)
    if not news.open:
        return Outcome(after)
    return Outcome(after, (TellPhone(news.seat, write_message(view_for(ui.game, news.seat, ui.sent_seq))),))


def phone_said(ui: Ui, message: PhoneSaid) -> Outcome:
    """A joined phone's text: its seat's legal move, applied, or a refusal noted."""
    seat = message.seat
    try:
        said = read_message(message.text)
    except WireError as error:
        return Outcome(ui, (NoteRefused(f"seat {seat}: {error}"),))
    if isinstance(said, Ping):
        return Outcome(ui)
    if not isinstance(said, ActionMessage):
        return Outcome(ui, (NoteRefused(f"seat {seat}: a joined phone sends moves, not views"),))
    if said.seat != seat:
        return Outcome(ui, (NoteRefused(f"seat {seat}: a move for seat {said.seat}"),))
    if ui.game is None:
        return Outcome(ui, (NoteRefused(f"seat {seat}: no game on this phone"),))
    tokens = {link.seat: link.token for link in ui.links}
    try:
        game = host_apply(ui.game, tokens, ui.sent_seq, said)
    except RefusedActionError as refused:
        noted = NoteRefused(f"seat {seat}: {refused}")
        if refused.reason not in _ANSWERED:
            return Outcome(ui, (noted,))
        as_it_is = TellPhone(seat, write_message(view_for(ui.game, seat, ui.sent_seq, refused=True)))
        return Outcome(ui, (noted, as_it_is))
    return moved(ui, said.action, game)
