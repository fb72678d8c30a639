"""Another window of the app moved the game (or the score pad) on: what this one shows.

The page reads what the other window wrote (``app._on_storage``) into one message,
``effects.OtherWindow``; ``update`` hands it here.  What arrives this way is shown,
never saved back.
"""

from __future__ import annotations

from dataclasses import replace

from ..effects import OtherWindow
from ..kit.i18n import NOTHING, text
from ..records import Loaded, LoadedPad
from ..state import Screen, Ui
from ..table.play import resume

__all__ = ["GAME_SCREENS", "other_window", "pad_synced", "synced"]

GAME_SCREENS = (Screen.HANDOFF, Screen.TABLE, Screen.HAND_OVER, Screen.GAME_OVER, Screen.CORRUPT)


def synced(ui: Ui, loaded: Loaded) -> Ui:
    """The UI once another window has written ``loaded``: its game is shown (a hand only
    after it is passed on, as ever), and the player is told why the table changed."""
    if loaded.problem:
        screen = Screen.CORRUPT if ui.screen in GAME_SCREENS else ui.screen
        return replace(
            ui, game=None, save_problem=loaded.problem, save_newer=loaded.newer, screen=screen, prompt=None
        )
    cleared = replace(ui, save_problem=NOTHING, save_newer=False, log=(), selected=(), prompt=None)
    if loaded.game is None:
        screen = Screen.HOME if ui.screen in GAME_SCREENS else ui.screen
        return replace(cleared, game=None, screen=screen, message=text("sync.ended"))
    if ui.screen in GAME_SCREENS:
        return replace(resume(cleared, loaded.game), message=text("sync.moved_on"))
    return replace(cleared, game=loaded.game, message=text("sync.moved_on"))


def pad_synced(ui: Ui, loaded: LoadedPad) -> Ui:
    """The UI once another window has written the score pad: that pad is shown (a hand
    half written here is dropped: it was written to the pad as it was)."""
    on_pad = ui.screen in (Screen.PAD, Screen.PAD_HAND)
    if loaded.pad is None and not loaded.problem:
        screen = Screen.HOME if on_pad else ui.screen
        return replace(
            ui, pad=None, pad_problem=NOTHING, draft=None, screen=screen, message=text("pad.sync_ended")
        )
    return replace(
        ui,
        pad=loaded.pad,
        pad_problem=loaded.problem,
        draft=None,
        screen=Screen.PAD if on_pad else ui.screen,
        message=NOTHING if loaded.problem else text("pad.synced"),
    )


def other_window(ui: Ui, news: OtherWindow) -> Ui:
    """The UI once another window has written to storage: its game, its pad, its settings,
    its phase lists (the list of past games is read at the render)."""
    after = ui
    if news.game is not None:
        after = synced(after, news.game)
    if news.pad is not None:
        after = pad_synced(after, news.pad)
    if news.settings is not None:
        after = replace(after, settings=news.settings)
    if news.lists is not None:
        after = replace(after, saved_lists=news.lists)
    return after
