"""Which screen shows: the whole app's HTML for a UI state, in its language.

Each screen lives with its kind: the menus (``menus``), the set-up form
(``setup.screen``), the table (``table.screen``, drawn from one ``table.model.Table``),
the end of a hand or a game and past games (``results.screens``, with the score sheets
of ``results.sheets``), keeping games (``saves.screens``) and the score pad
(``pad.screens``).
No DOM anywhere, so every screen is tested on CPython.
"""

from __future__ import annotations

from collections.abc import Sequence

from phase10 import GameState

from .kit.html import NO_HTML, Markup, join
from .kit.i18n import words
from .menus import home_screen, rules_screen, settings_screen
from .net.screens import join_screen, phones_screen
from .pad.screens import pad_hand_screen, pad_screen
from .records import PastGame
from .results.screens import game_over_screen, hand_over_screen, history_screen, seat_hand_over_screen
from .saves.screens import corrupt_screen, notice, restore_screen
from .setup.lists import faults_of, rules_of
from .setup.lists_screen import list_editor_screen
from .setup.screen import setup_screen
from .state import Screen, Ui
from .table.model import table_of
from .table.narration import just_skipped
from .table.parts import leave_panel
from .table.screen import handoff_screen, table_screen

__all__ = ["render", "reveals"]


def render(
    ui: Ui,
    *,
    build: str = "",
    note: str = "",
    finished: Sequence[PastGame | GameState] = (),
    unreadable: int = 0,
    reduced_motion: bool = False,
) -> Markup:
    """The whole app's HTML for ``ui``, in its language."""
    w = words(ui.language)
    screen = ui.screen
    if screen is Screen.LIST_EDITOR and ui.list_draft is not None:
        return list_editor_screen(ui.list_draft, rules_of(ui), faults_of(ui, ui.list_draft), w)
    if screen is Screen.SETUP:
        return setup_screen(ui.setup, w, ui.game, said=notice(ui.message, w), saved=ui.saved_lists)
    if screen is Screen.PAD_SETUP:
        return setup_screen(
            ui.setup, w, pad=ui.pad, for_pad=True, said=notice(ui.message, w), saved=ui.saved_lists
        )
    if screen is Screen.PAD_HAND and ui.pad is not None and ui.draft is not None:
        return pad_hand_screen(ui, w)
    if screen in (Screen.PAD, Screen.PAD_HAND) and (ui.pad is not None or ui.pad_problem):
        return pad_screen(ui, w)
    if screen is Screen.RULES:
        return rules_screen(w, ui.game.config.options if ui.game is not None else None)
    if screen is Screen.SETTINGS:
        return settings_screen(ui, w, reduced_motion, build, note)
    if screen is Screen.HISTORY:
        return history_screen(finished, unreadable, w, notice(ui.message, w))
    if screen is Screen.CORRUPT:
        return corrupt_screen(ui, w)
    if screen is Screen.RESTORE and ui.restore is not None:
        return restore_screen(ui, w)
    if screen is Screen.JOIN:
        return join_screen(ui, w)
    if screen is Screen.PHONES and ui.game is not None:
        return phones_screen(ui, w)
    if ui.joined is not None and ui.joined.seen is not None:  # a seat of a game run on another phone
        if screen is Screen.TABLE:
            return table_screen(table_of(ui), w)
        if screen is Screen.HAND_OVER and ui.joined.seen.history:
            return seat_hand_over_screen(ui.joined.seen, w)
    if ui.game is not None:
        asked = leave_panel(w) if ui.leaving else NO_HTML
        if screen is Screen.TABLE:
            return join([table_screen(table_of(ui), w), asked])
        if screen is Screen.HANDOFF:
            skipped = just_skipped(ui.game, ui.log)
            return join([notice(ui.message, w), handoff_screen(ui.game, w, ui.flipped, skipped), asked])
        if screen is Screen.HAND_OVER:
            return join([notice(ui.message, w), hand_over_screen(ui.game, w, ui.flipped), asked])
        if screen is Screen.GAME_OVER:
            return game_over_screen(ui.game, w, notice(ui.message, w))
    return home_screen(ui, w, len(finished))


def reveals(before: Ui, after: Ui) -> bool:
    """Whether the render of ``after`` brings what it marks into view (``data-reveal``): the
    row the score pad's keypad moved to, the groups a newly selected card can go on, what a
    hint just asked for points at.  Any other render leaves every scrolled box where the
    player left it."""
    if _writing_at(before) != _writing_at(after):
        return True
    if after.screen is not Screen.TABLE:
        return False
    return after.selected != before.selected or (after.advice is not None and after.advice != before.advice)


def _writing_at(ui: Ui) -> int | None:
    """The seat the score pad's keypad writes to."""
    return ui.draft.at if ui.draft is not None else None
