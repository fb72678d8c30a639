"""The screens that keep games safe: a damaged (or newer) save, the games part of
Settings (backups, and whether the browser keeps the app's storage), and the check
before a backup file is restored."""

from __future__ import annotations

from phase10 import GameState

from ..kit.html import Markup, el, join
from ..kit.i18n import Text, Words
from ..kit.widgets import button, header
from ..records import Restore
from ..state import Ui

__all__ = ["corrupt_screen", "games_fieldset", "notice", "restore_screen"]

# What the damaged-save screen says (title, lead, choice): a newer version's save is not damaged.
SAVE_WORDS = {
    False: ("corrupt.title", "corrupt.lead", "corrupt.choice"),
    True: ("newer.title", "newer.lead", "newer.choice"),
}
KEPT_WORDS = {True: "games.kept.yes", False: "games.kept.no", None: "games.kept.unknown"}


def notice(message: Text, w: Words) -> Markup:
    """What the app has to tell the player on a screen with no place of its own for it."""
    return el("p", w.say(message), class_="notice", role="status") if message else Markup("")


def corrupt_screen(ui: Ui, w: Words) -> Markup:
    """A save that cannot be opened: kept until the player discards it, and it can be saved
    to a file first.  A save made by a newer version is not damaged, and is said so."""
    title, lead, choice = SAVE_WORDS[ui.save_newer]
    return join(
        [
            header(w, w(title)),
            notice(ui.message, w),
            el(
                "section",
                el("p", w(lead)),
                el("p", w(choice)),
                el(
                    "details",
                    el("summary", w("corrupt.details")),
                    el("p", w.say(ui.save_problem), class_="error-detail"),
                ),
                el(
                    "div",
                    button(w("corrupt.keep"), "home", primary=True),
                    button(w("backup.save_damaged"), "save-backup"),
                    button(w("corrupt.discard"), "discard-save", danger=True),
                    class_="stack",
                ),
                class_="card-panel",
                role="alert",
            ),
        ]
    )


def games_fieldset(ui: Ui, w: Words) -> Markup:
    """Settings' part about the games kept on the phone: whether the browser promised to
    keep them, and backup files to save and restore."""
    restore = el(
        "label",
        el(
            "input",
            type="file",
            accept="application/json,.json",
            data_change="restore-file",
        ),
        el("span", w("backup.restore")),
        class_="button file-button",
    )
    return el(
        "fieldset",
        el("legend", w("games.legend")),
        el("p", w(KEPT_WORDS[ui.kept]), class_="hint", id="storage-kept"),
        el("p", w("games.backup_note"), class_="hint"),
        el("div", button(w("backup.save"), "save-backup"), restore, class_="stack"),
    )


def _game_line(game: GameState, w: Words) -> str:
    return w("backup.game_line", names=[player.name for player in game.players], hand=game.hand_number)


def restore_screen(ui: Ui, w: Words) -> Markup:
    """What a backup file holds and what restoring it replaces, for the player's yes."""
    backup = ui.restore
    assert isinstance(backup, Restore)
    lines = [el("p", w("backup.made", made=backup.made.replace("T", " ")))] if backup.made else []
    if backup.game is not None:
        lines.append(el("p", w("backup.has_game", game=_game_line(backup.game, w))))
        if ui.game is not None and not ui.game.is_over:
            lines.append(el("p", w("backup.replaces", game=_game_line(ui.game, w)), class_="notice"))
        elif ui.save_problem:
            lines.append(el("p", w("backup.replaces_damaged"), class_="notice"))
    if backup.pad is not None:
        lines.append(
            el("p", w("backup.has_pad", names=list(backup.pad.names), count=len(backup.pad.entries)))
        )
        if ui.pad is not None and ui.pad != backup.pad:
            lines.append(el("p", w("backup.replaces_pad", names=list(ui.pad.names)), class_="notice"))
    if backup.finished:
        lines.append(el("p", w("backup.has_finished", count=len(backup.finished))))
    if backup.lists:  # joining the lists kept here, as the past games join
        names = [kept.name for kept in backup.lists]
        lines.append(el("p", w("backup.has_lists", count=len(names), names=names)))
    if backup.left_out:
        lines.append(el("p", w("backup.left_out", count=backup.left_out)))
    return join(
        [
            header(w, w("backup.title")),
            el(
                "section",
                *lines,
                el(
                    "div",
                    button(w("backup.confirm"), "restore-confirm", primary=True),
                    button(w("button.cancel"), "restore-cancel"),
                    class_="stack",
                ),
                class_="card-panel",
            ),
        ]
    )
