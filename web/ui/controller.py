"""The taps that only move between screens or change a setting.

Each room's handlers live with what they handle: the set-up form (``setup.form``),
play at the table (``table.play``), the score pad (``pad.form``)...; ``update`` routes a
tap to its handler.  No DOM anywhere, so all of it runs the same on CPython, where
the tests drive it.
"""

from __future__ import annotations

from dataclasses import replace

from . import navigation, taps
from .effects import DiscardSave, Handler, Outcome
from .kit.i18n import NOTHING
from .state import Screen, Ui

__all__ = ["HANDLERS"]


def _open(screen: Screen) -> Handler:
    """Open the rules, past games or settings; Back returns to the screen they were opened from."""

    def open_screen(ui: Ui, _tap: taps.Tap) -> Ui:
        return replace(ui, screen=screen, previous=ui.screen, message=NOTHING, menu=False)

    return open_screen


def _home(ui: Ui, _tap: taps.GoHome) -> Ui:
    return navigation.leave(ui)


def _back(ui: Ui, _tap: taps.Back) -> Ui:
    return navigation.back(ui)


def _leave(ui: Ui, _tap: taps.LeaveTable) -> Ui:
    return navigation.leave(ui)


def _stay(ui: Ui, _tap: taps.StayAtTable) -> Ui:
    return navigation.stay(ui)


def _menu(ui: Ui, _tap: taps.OpenMenu) -> Ui:
    """Open the table's menu (closing any question the table had open)."""
    if ui.screen is not Screen.TABLE:
        return ui
    return replace(ui, menu=True, prompt=None, message=NOTHING)


def _menu_close(ui: Ui, _tap: taps.CloseMenu) -> Ui:
    return replace(ui, menu=False)


def _discard_save(ui: Ui, _tap: taps.DropDamagedSave) -> Ui | Outcome:
    """The player chose to throw away a save that could not be read."""
    after = replace(ui, save_problem=NOTHING, save_newer=False, game=None, screen=Screen.HOME)
    return Outcome(after, (DiscardSave(),)) if ui.save_problem else after


def _language(ui: Ui, tap: taps.SetLanguage) -> Ui:
    """Choose the app's language; "" follows the browser's."""
    return replace(ui, settings=replace(ui.settings, language=tap.language))


def _large_type(ui: Ui, tap: taps.SetLargeType) -> Ui:
    return replace(ui, settings=replace(ui.settings, large_type=tap.on))


def _speed(ui: Ui, tap: taps.SetSpeed) -> Ui:
    """How fast computer players move."""
    return replace(ui, settings=replace(ui.settings, speed=tap.speed))


def _sound(ui: Ui, tap: taps.SetSound) -> Ui:
    """Sounds and vibration on or off, as the switch says."""
    return replace(ui, settings=replace(ui.settings, sound="on" if tap.on else "off"))


HANDLERS: dict[type[taps.Tap], Handler] = {
    taps.GoHome: _home,
    taps.OpenRules: _open(Screen.RULES),
    taps.OpenHistory: _open(Screen.HISTORY),
    taps.OpenSettings: _open(Screen.SETTINGS),
    taps.Back: _back,
    taps.OpenMenu: _menu,
    taps.CloseMenu: _menu_close,
    taps.LeaveTable: _leave,
    taps.StayAtTable: _stay,
    taps.DropDamagedSave: _discard_save,
    taps.SetLanguage: _language,
    taps.SetLargeType: _large_type,
    taps.SetSpeed: _speed,
    taps.SetSound: _sound,
}
