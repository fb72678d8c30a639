"""Back, as the phone means it: where each screen sits in the app's history, and what the
browser's Back (or Android's back gesture) does on it.

The page keeps one browser-history entry per level of screen (``depth``): Home at 0;
set-up, past games, the score pad, and a game's screens at 1; the rules or settings
opened from a game, or a hand being written on the pad, one deeper.  The turns of a
game replace its entry rather than add one, so Back never goes to a hand shown before
the phone was passed on.  After each render the page brings the history to the screen's
depth; when Back takes it one level up, ``back`` says what that means here.  Each entry
also remembers its screen (``place``), so a reload opens the same screen (``reopened``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from .kit.i18n import NOTHING
from .state import Screen, Ui
from .table.model import away
from .table.play import resume, return_screen

__all__ = ["GAME_SCREENS", "back", "depth", "leave", "place", "reopened", "stay"]

# The screens of a game in progress or just finished.
GAME_SCREENS = frozenset({Screen.HANDOFF, Screen.TABLE, Screen.HAND_OVER, Screen.GAME_OVER})
# Screens opened over another (each has a Back button that returns to ``Ui.previous``).
OVER_ANOTHER = frozenset({Screen.RULES, Screen.SETTINGS, Screen.HISTORY, Screen.RESTORE, Screen.PHONES})
# The query parameter that marks the address of a screen opened over another, for the
# service worker, which answers a reload without the history's state (sw.js's servedPage).
OVER_ANOTHER_PARAM = "over"
# A reload may reopen these as they were: nothing of them is lost with the page.
REOPENED = frozenset({Screen.RULES, Screen.SETTINGS, Screen.HISTORY, Screen.PAD, *GAME_SCREENS})


def _level(screen: Screen) -> int:
    """How deep a screen that is not opened over another sits."""
    if screen in (Screen.HOME, Screen.CORRUPT):
        return 0
    if screen is Screen.PAD_HAND:
        return 2
    return 1


def depth(ui: Ui) -> int:
    """How many Backs lead from ``ui``'s screen to Home."""
    if ui.screen in OVER_ANOTHER:
        return _level(ui.previous) + 1
    if ui.screen is Screen.PAD_SETUP and ui.previous is Screen.PAD:
        return 2
    if ui.screen is Screen.LIST_EDITOR:  # over the set-up it was opened from
        return depth(replace(ui, screen=ui.previous, previous=Screen.HOME)) + 1
    return _level(ui.screen)


def back(ui: Ui) -> Ui:
    """What Back does: closes what is open over the screen (a question, the menu), returns
    from the rules, settings or past games to where they were opened, from a hand being
    written to the pad, and from set-up or the pad to Home.  On a game in progress it asks
    before leaving; a finished game goes Home."""
    if ui.leaving:
        return stay(ui)
    if ui.menu or ui.prompt is not None:
        return replace(ui, menu=False, prompt=None, message=NOTHING)
    if ui.draft is not None and ui.draft.counting is not None:
        return replace(ui, draft=replace(ui.draft, counting=None))
    screen = ui.screen
    if screen in OVER_ANOTHER:
        return _returned(ui)
    if screen is Screen.PAD_HAND:
        return replace(ui, screen=Screen.PAD if ui.pad is not None else Screen.HOME, draft=None)
    if screen is Screen.LIST_EDITOR:  # the list is left as it was
        return replace(ui, screen=ui.previous, previous=Screen.HOME, list_draft=None, message=NOTHING)
    if screen in (Screen.HANDOFF, Screen.TABLE, Screen.HAND_OVER) and ui.can_continue:
        return replace(ui, leaving=True, message=NOTHING)
    if screen is Screen.PAD_SETUP and ui.previous is Screen.PAD:
        return replace(ui, screen=Screen.PAD, message=NOTHING)
    if screen is Screen.HOME:
        return ui
    return replace(ui, screen=Screen.HOME, prompt=None, selected=(), message=NOTHING, menu=False)


def _returned(ui: Ui) -> Ui:
    """Back from a screen opened over another: to that one (a game through its hand-off
    where several people share the phone; see ``controller``)."""
    screen = ui.previous
    if screen in GAME_SCREENS and ui.game is not None:
        screen = return_screen(ui.game, away(ui)) if ui.can_continue else Screen.HOME
    return replace(ui, screen=screen, message=NOTHING, restore=None)


def leave(ui: Ui) -> Ui:
    """Leave the table: Home, with the game kept (Continue resumes it)."""
    return replace(
        ui, screen=Screen.HOME, prompt=None, selected=(), message=NOTHING, menu=False, leaving=False
    )


def stay(ui: Ui) -> Ui:
    return replace(ui, leaving=False)


def place(ui: Ui) -> dict[str, object]:
    """What the history entry of ``ui``'s screen remembers, for a reload."""
    return {"depth": depth(ui), "screen": ui.screen.value, "previous": ui.previous.value}


def reopened(ui: Ui, remembered: Mapping[str, object] | None, *, fresh: bool = False) -> Ui:
    """``ui`` as the app starts, on the screen a history entry remembered (a reload keeps
    the screen): a game resumes as from Continue, through its hand-off where several people
    share the phone; a hand being written on the pad, as the pad; anything that cannot be
    reopened as it was is Home.  A ``fresh`` start (the app opened again, not reloaded)
    opens what the rules, settings or past games were opened over, rather than them."""
    if ui.screen is not Screen.HOME or not remembered:
        return ui
    screen, previous = _screen(remembered.get("screen")), _screen(remembered.get("previous"))
    if screen is Screen.PAD_HAND:
        screen = Screen.PAD
    if fresh and screen in OVER_ANOTHER:
        screen, previous = previous, Screen.HOME
    if screen is None or screen not in REOPENED:
        return ui
    if screen in GAME_SCREENS:
        return resume(ui, ui.game, ui.drawn) if ui.game is not None and ui.can_continue else ui
    if screen is Screen.PAD:
        return replace(ui, screen=Screen.PAD) if ui.pad is not None or ui.pad_problem else ui
    previous = previous if previous is not None and previous not in OVER_ANOTHER else Screen.HOME
    if previous in GAME_SCREENS and not ui.can_continue:
        previous = Screen.HOME
    if previous is Screen.PAD and ui.pad is None:
        previous = Screen.HOME
    return replace(ui, screen=screen, previous=previous)


def _screen(value: object) -> Screen | None:
    """A screen named in a history entry; None for anything else (an entry is page data, and
    another build may have written it)."""
    if not isinstance(value, str):
        return None
    try:
        return Screen(value)
    except ValueError:
        return None
