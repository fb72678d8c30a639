"""The taps that only move between screens or change a setting.

Each room's handlers live with what they handle: the set-up form (``setup_form``),
play at the table (``play``), the score pad (``pad_form``)...; ``update`` routes a
tap to its handler.  No DOM anywhere, so all of it runs the same on CPython, where
the tests drive it.
"""

from __future__ import annotations

from dataclasses import replace

from . import navigation
from .effects import DiscardSave, Handler, Outcome
from .i18n import LANGUAGES, NOTHING
from .state import Event, Screen, Speed, Ui

__all__ = ["HANDLERS"]


def _go(screen: Screen) -> Handler:
    """Open the rules or past games; Back returns to the screen they were opened from."""

    def go(ui: Ui, _event: Event) -> Ui:
        return replace(ui, screen=screen, previous=ui.screen, message=NOTHING, menu=False)

    return go


def _home(ui: Ui, _event: Event) -> Ui:
    return navigation.leave(ui)


def _menu(ui: Ui, _event: Event) -> Ui:
    """Open the table's menu (closing any question the table had open)."""
    if ui.screen is not Screen.TABLE:
        return ui
    return replace(ui, menu=True, prompt=None, message=NOTHING)


def _menu_close(ui: Ui, _event: Event) -> Ui:
    return replace(ui, menu=False)


def _discard_save(ui: Ui, _event: Event) -> Ui | Outcome:
    """The player chose to throw away a save that could not be read."""
    after = replace(ui, save_problem=NOTHING, save_newer=False, game=None, screen=Screen.HOME)
    return Outcome(after, (DiscardSave(),)) if ui.save_problem else after


def _language(ui: Ui, event: Event) -> Ui:
    """Choose the app's language; "" follows the browser's."""
    if event.value not in ("", *LANGUAGES):
        return ui
    return replace(ui, settings=replace(ui.settings, language=event.value))


def _large_type(ui: Ui, event: Event) -> Ui:
    """Large type on ("yes") or off ("no"), as the switch says."""
    if event.value not in ("yes", "no"):
        return ui
    return replace(ui, settings=replace(ui.settings, large_type=event.value == "yes"))


def _speed(ui: Ui, event: Event) -> Ui:
    """How fast computer players move: one of ``Speed``."""
    if event.value not in tuple(Speed):
        return ui
    return replace(ui, settings=replace(ui.settings, speed=Speed(event.value)))


def _sound(ui: Ui, event: Event) -> Ui:
    """Sounds and vibration on ("yes") or off ("no"), as the switch says."""
    if event.value not in ("yes", "no"):
        return ui
    return replace(ui, settings=replace(ui.settings, sound="on" if event.value == "yes" else "off"))


HANDLERS: dict[str, Handler] = {
    "home": _home,
    "rules": _go(Screen.RULES),
    "history": _go(Screen.HISTORY),
    "settings": _go(Screen.SETTINGS),
    "back": lambda ui, _event: navigation.back(ui),
    "menu": _menu,
    "menu-close": _menu_close,
    "history-back": lambda ui, _event: navigation.back(ui),
    "leave": lambda ui, _event: navigation.leave(ui),
    "stay": lambda ui, _event: navigation.stay(ui),
    "discard-save": _discard_save,
    "language": _language,
    "large-type": _large_type,
    "speed": _speed,
    "sound": _sound,
}
