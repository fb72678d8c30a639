"""The UI's one update step: ``update(ui, message) -> Outcome``, the next state and its effects.

Every message goes through here: a tap or an input (a ``taps.Tap``, parsed once by
the page, routed by its type to the handler of the room it belongs to), the page's
answer to an effect (a save refused because another window wrote first, a backup
written), and news from the page (another window wrote to storage, the browser says
whether it keeps storage).
The page (``shell/app.py``) sends messages in and carries the effects out; nothing here
touches the DOM, so every rule of saving, syncing and restoring is a CPython test
of this function.

One rule is kept here rather than in each handler, so that no handler can forget it:
whatever a tap changes of the game, the score pad or the settings is saved.  What
arrives from storage (another window's save, a backup written) is never saved back.
"""

from __future__ import annotations

from dataclasses import replace
from typing import assert_type

from . import controller
from .effects import (
    BackupWritten,
    FinishedWaiting,
    GameSaved,
    Handler,
    HostSaid,
    ListsKept,
    Message,
    OtherWindow,
    Outcome,
    PadSaved,
    PeerCode,
    PeerFailed,
    PhoneLinked,
    PhoneSaid,
    SaveGame,
    SavePad,
    SaveSettings,
    StorageKept,
)
from .kit.i18n import text
from .net import host, joined, scanning
from .pad import form as pad_form
from .results import share
from .saves import backups, other_windows
from .setup import form as setup_form
from .setup import lists
from .state import Ui
from .table import coaching, play
from .table.model import away
from .taps import Tap

__all__ = ["HANDLERS", "update"]


# Each tap's handler, by its type.
HANDLERS: dict[type[Tap], Handler] = {
    **controller.HANDLERS,
    **setup_form.HANDLERS,
    **lists.HANDLERS,
    **play.HANDLERS,
    **pad_form.HANDLERS,
    **share.HANDLERS,
    **coaching.HANDLERS,
    **backups.HANDLERS,
    **host.HANDLERS,
    **joined.HANDLERS,
    **scanning.HANDLERS,
}


def update(ui: Ui, message: Message) -> Outcome:
    """The UI state after ``message``, and the effects it asks the page to carry out."""
    return host.ends_with_its_game(ui, _step(ui, message))


def _step(ui: Ui, message: Message) -> Outcome:
    if isinstance(message, Tap):
        return _kept(ui, _tapped(ui, message))
    if isinstance(message, PhoneSaid):
        return _kept(ui, host.phone_said(ui, message))
    if isinstance(message, HostSaid):
        return joined.host_said(ui, message)
    if isinstance(message, PhoneLinked):
        return host.linked(ui, message) if ui.joined is None else Outcome(joined.host_linked(ui, message))
    if isinstance(message, PeerCode):
        if message.seat < 0:
            return Outcome(joined.answered(ui, message))
        return _kept(ui, Outcome(host.offered(ui, message)))  # a seat now away is saved so
    if isinstance(message, PeerFailed):
        return Outcome(replace(ui, message=text("net.no_connection")))
    return Outcome(_answered(ui, message))


def _tapped(ui: Ui, tap: Tap) -> Outcome:
    result = HANDLERS[type(tap)](ui, tap)  # every type has one (tests/web/test_update.py)
    return result if isinstance(result, Outcome) else Outcome(result)


def _kept(before: Ui, step: Outcome) -> Outcome:
    """A step that may change the game: saved, and sent on to the phones that play a seat."""
    return host.share_views(before, step.then(*_saves(before, step)))


def _saves(before: Ui, step: Outcome) -> tuple[SaveGame | SavePad | SaveSettings, ...]:
    """What the step changed that the phone keeps, unless its handler asked already."""
    after, asked = step.ui, {type(effect) for effect in step.effects}
    saves: list[SaveGame | SavePad | SaveSettings] = []
    # Identity, not equality: states are immutable, so a new game is a move, and comparing
    # two games field by field on every tap would cost more than the tap.
    # The seats played from other phones are saved with the game, so a reload of this phone
    # keeps them waiting for their phones instead of showing their hands here.
    seats = away(after)
    if (
        after.game is not None
        and SaveGame not in asked
        and (after.game is not before.game or seats != away(before))
    ):
        saves.append(SaveGame(after.game, after.drawn, seats))
    if after.pad is not None and after.pad is not before.pad and SavePad not in asked:
        saves.append(SavePad(after.pad))
    if after.settings != before.settings:
        saves.append(SaveSettings(after.settings))
    return tuple(saves)


# The page's answers and news that are not from another phone.
StorageNews = GameSaved | PadSaved | BackupWritten | ListsKept | StorageKept | OtherWindow | FinishedWaiting


def _answered(ui: Ui, message: StorageNews) -> Ui:
    """The UI after the page's answer to an effect, or its news."""
    if isinstance(message, GameSaved):
        if message.newer is not None:
            return other_windows.synced(ui, message.newer)
        return replace(ui, message=message.problem) if message.problem else ui
    if isinstance(message, PadSaved):
        if message.newer is not None:
            return other_windows.pad_synced(ui, message.newer)
        return replace(ui, message=message.problem) if message.problem else ui
    if isinstance(message, BackupWritten):
        return backups.restored(ui, message.problem, message.lists)
    if isinstance(message, ListsKept):
        kept = replace(ui, saved_lists=message.lists)
        return replace(kept, message=message.problem) if message.problem else kept
    if isinstance(message, StorageKept):
        return replace(ui, kept=message.kept)
    if isinstance(message, OtherWindow):
        return other_windows.other_window(ui, message)
    assert_type(message, FinishedWaiting)  # mypy checks that no kind of message is left out
    # Said on every screen until it is written.
    return ui if ui.message else replace(ui, message=text("storage.finished_kept"))
