"""Backup files: everything the phone keeps, in one file, read and checked before anything
is written.

A backup file is what ``web/platform.js`` writes (from Settings, from the damaged-save
screen, and from the rescue shown when Python cannot start)::

    {"format": "ten-phases/backup", "version": 1, "made": "<ISO time>", "build": "...",
     "saves": {"ten-phases/game": "<stored text>", "ten-phases/finished": "<stored text>", ...}}

Each stored text is kept exactly as it was, so even a damaged save travels intact; on
restoring, each goes through the same checks as when the app loads it.
"""

from __future__ import annotations

from dataclasses import replace

from phase10 import safejson
from phase10.rules import PhaseList

from .. import taps
from ..effects import Handler, Outcome, RestoreBackup, WriteBackup
from ..kit.i18n import NOTHING, Text, text
from ..records import PAD, Restore, read_pad
from ..state import Screen, Ui
from .storage import CURRENT, FINISHED, LISTS, read_finished, read_lists, read_save

__all__ = ["BACKUP_FORMAT", "HANDLERS", "MAX_BACKUP_CHARS", "BackupError", "read_backup", "restored"]

BACKUP_FORMAT = "ten-phases/backup"
BACKUP_VERSION = 1
# Fifty finished games and one in progress come to well under a megabyte.
MAX_BACKUP_CHARS = 5_000_000


class BackupError(ValueError):
    """A file that is not a backup the app can restore; ``said`` tells the player why."""

    def __init__(self, said: Text) -> None:
        super().__init__(said.key)
        self.said = said


def read_backup(content: str) -> Restore:
    """The checked contents of a backup file; raises ``BackupError`` for any other file."""
    if len(content) > MAX_BACKUP_CHARS:
        raise BackupError(text("backup.error.too_big"))
    try:
        data = safejson.loads(content)
    except ValueError:
        raise BackupError(text("backup.error.not_backup")) from None
    if not isinstance(data, dict) or data.get("format") != BACKUP_FORMAT:
        raise BackupError(text("backup.error.not_backup"))
    version, saves = data.get("version"), data.get("saves")
    if isinstance(version, int) and not isinstance(version, bool) and version > BACKUP_VERSION:
        raise BackupError(text("backup.error.newer"))
    if version != BACKUP_VERSION or isinstance(version, bool) or not isinstance(saves, dict):
        raise BackupError(text("backup.error.not_backup"))
    loaded = read_save(saves.get(CURRENT))
    if loaded.problem:
        raise BackupError(text("backup.error.game", problem=loaded.problem))
    pad = read_pad(saves.get(PAD))
    if pad.problem:
        raise BackupError(text("backup.error.pad", problem=pad.problem))
    finished, damaged = read_finished(saves.get(FINISHED))
    lists, _ = read_lists(saves.get(LISTS))  # a damaged entry stays behind in the file
    game = loaded.game if loaded.game is not None and not loaded.game.is_over else None
    if game is None and not finished and pad.pad is None and not lists:
        raise BackupError(text("backup.error.empty"))
    made = data.get("made")
    when = made[:19] if isinstance(made, str) else ""
    return Restore(game, tuple(finished), len(damaged), when, pad.pad, tuple(lists))


def _restore_file(ui: Ui, tap: taps.RestoreFile) -> Ui:
    """A file the player picked: checked, and shown for their yes, or refused with why."""
    try:
        backup = read_backup(tap.content)
    except BackupError as error:
        return replace(ui, screen=Screen.SETTINGS, restore=None, message=error.said)
    return replace(ui, screen=Screen.RESTORE, restore=backup, message=NOTHING)


def _restore_confirm(ui: Ui, _tap: taps.RestoreConfirm) -> Ui | Outcome:
    """The player agreed: the backup is written as it is, replacing what the phone holds
    (the answer, ``BackupWritten``, goes to ``restored``)."""
    if not isinstance(ui.restore, Restore):
        return ui
    return Outcome(ui, (RestoreBackup(ui.restore),))


def _save_backup(ui: Ui, _tap: taps.SaveBackup) -> Outcome:
    """Save a backup file (the answer is ``taps.BackedUp``)."""
    return Outcome(ui, (WriteBackup(),))


def _restore_cancel(ui: Ui, _tap: taps.RestoreCancel) -> Ui:
    return replace(ui, screen=Screen.SETTINGS, restore=None, message=text("backup.cancelled"))


def restored(ui: Ui, problem: Text, lists: tuple[PhaseList, ...] = ()) -> Ui:
    """After the page wrote the backup the player agreed to (or failed to); ``lists``: the
    phase lists the phone keeps now."""
    backup = ui.restore
    if problem or not isinstance(backup, Restore):
        return replace(ui, screen=Screen.SETTINGS, restore=None, message=problem)
    game = backup.game if backup.game is not None else ui.game
    return replace(
        ui,
        game=game,
        pad=backup.pad if backup.pad is not None else ui.pad,
        pad_problem=NOTHING if backup.pad is not None else ui.pad_problem,
        save_problem=NOTHING if backup.game is not None else ui.save_problem,
        save_newer=False if backup.game is not None else ui.save_newer,
        saved_lists=lists or ui.saved_lists,
        restore=None,
        screen=Screen.HOME,
        log=(),
        message=text("backup.restored", count=len(backup.finished)),
    )


def _backed_up(ui: Ui, tap: taps.BackedUp) -> Ui:
    """The page saved a backup file (its name), or could not (no name)."""
    said = text("backup.saved", name=tap.name) if tap.name else text("backup.error.save")
    return replace(ui, message=said)


HANDLERS: dict[type[taps.Tap], Handler] = {
    taps.SaveBackup: _save_backup,
    taps.RestoreFile: _restore_file,
    taps.RestoreConfirm: _restore_confirm,
    taps.RestoreCancel: _restore_cancel,
    taps.BackedUp: _backed_up,
}
