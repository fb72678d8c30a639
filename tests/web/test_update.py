"""The update step: every message's next state and the effects it asks of the page.

Saving, syncing with another window and restoring a backup are rules of ``update``,
so they are tested here on CPython, effect by effect.  The last tests keep the
screens and the handlers in step: every control on every screen has a handler,
and every handler is sent by some screen or by the page.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, replace
from html.parser import HTMLParser
from pathlib import Path
from typing import get_args, get_type_hints

import pytest
from ui import menus, taps
from ui.effects import (
    BackupWritten,
    DiscardPad,
    DiscardSave,
    FinishedWaiting,
    GameSaved,
    OtherWindow,
    PadSaved,
    PlaySound,
    RestoreBackup,
    SaveGame,
    SavePad,
    SaveSettings,
    ShareSheet,
    StorageKept,
    WriteBackup,
)
from ui.kit.i18n import text, words
from ui.net.screens import scanner
from ui.records import Loaded, LoadedPad, Restore
from ui.screens import render
from ui.state import Event, Screen, Settings, SetupInput, Speed, Ui
from ui.table.play import computer_due
from ui.taps import PARSERS, Tap, parse
from ui.update import HANDLERS

from phase10 import GameConfig, Options, new_game
from phase10.pad import ScorePad
from support.web.taps import handle, next_taps, start, tapped
from support.web.tour import every_screen

UI = Path(__file__).resolve().parents[2] / "web" / "ui"


# --- saving: what a tap changes is saved, once; what arrives from storage never is -------------


def test_a_move_saves_the_game_and_a_choice_on_screen_saves_nothing():
    ui = handle(start(names=("Ann", "Bo")), Event("reveal"))
    drew = tapped(ui, Event("draw"))
    assert drew.ui.game is not ui.game
    saves = [effect for effect in drew.effects if isinstance(effect, SaveGame)]
    assert saves == [SaveGame(drew.ui.game, drew.ui.drawn)] and drew.ui.drawn
    assert PlaySound(("draw",)) in drew.effects
    assert tapped(drew.ui, Event("select", "0")).effects == ()
    assert tapped(drew.ui, Event("sort", "color")).effects == ()


@pytest.mark.parametrize("seed", ["3", "8"])
def test_every_change_of_the_game_in_a_whole_game_is_saved_exactly_once(seed):
    ui = start(names=("Ann", "Robo", "Hal"), kinds=("person", "normal", "hard"), seed=seed)
    for _ in range(3000):
        if ui.screen is Screen.GAME_OVER:
            break
        events = [Event("computer")] if computer_due(ui) else next_taps(ui)
        for event in events:
            step = tapped(ui, event)
            saved = [effect.game for effect in step.effects if isinstance(effect, SaveGame)]
            moved = step.ui.game is not ui.game
            assert saved == ([step.ui.game] if moved else []), f"{event} saved {len(saved)} games"
            ui = step.ui
    assert ui.screen is Screen.GAME_OVER


def test_a_game_dealt_from_the_set_up_is_saved():
    setup = handle(Ui(), Event("new-game"))
    step = tapped(setup, Event("start-game", form=SetupInput(("Ann", "Bo"), ("person", "person"), seed="4")))
    assert step.ui.game is not None and SaveGame(step.ui.game) in step.effects


def test_another_windows_newer_save_is_shown_rather_than_written_over():
    ui = handle(start(names=("Ann", "Bo")), Event("reveal"))
    theirs = new_game(GameConfig(("Cy", "Dee"), 9))
    synced = tapped(ui, GameSaved(newer=Loaded(theirs)))
    assert synced.ui.game == theirs and synced.ui.message == text("sync.moved_on")
    assert synced.effects == (), "what another window wrote is not saved back"
    problem = text("storage.finished_kept")
    assert tapped(ui, GameSaved(problem=problem)).ui == replace(ui, message=problem)


def test_news_from_another_window_is_shown_and_never_saved_back():
    ui = handle(start(names=("Ann", "Bo")), Event("reveal"))
    theirs = new_game(GameConfig(("Cy", "Dee"), 9))
    settings = Settings(speed=Speed.QUICK)
    step = tapped(ui, OtherWindow(game=Loaded(theirs), settings=settings))
    assert step.ui.game == theirs and step.ui.settings == settings and step.effects == ()
    ended = tapped(ui, OtherWindow(game=Loaded()))
    assert ended.ui.game is None and ended.ui.screen is Screen.HOME
    pad = ScorePad(("Ann", "Bo"), Options())
    on_pad = tapped(Ui(screen=Screen.PAD), OtherWindow(pad=LoadedPad(pad)))
    assert on_pad.ui.pad == pad and on_pad.ui.message == text("pad.synced") and on_pad.effects == ()
    assert tapped(ui, OtherWindow(past_games=True)).ui is ui


def test_settings_are_saved_when_a_tap_changes_them():
    step = tapped(Ui(screen=Screen.SETTINGS), Event("large-type", "yes"))
    assert step.effects == (SaveSettings(Settings(large_type=True)),)
    assert tapped(step.ui, Event("large-type", "yes")).effects == (), "unchanged: nothing to write"


def test_a_pad_started_takes_the_slots_place_and_each_entry_is_saved():
    setup = handle(Ui(), Event("pad"))
    form = SetupInput(("Ann", "Bo"), ("person", "person"), "classic")
    started = tapped(setup, Event("pad-start", form=form))
    assert started.ui.pad is not None
    assert started.effects == (SavePad(started.ui.pad, fresh=True),), "once, as a fresh pad"
    ui = started.ui
    for event in (
        Event("pad-write"),
        Event("pad-out", "0"),
        Event("pad-at", "1"),
        Event("pad-key", "5"),
        Event("pad-key", "0"),
    ):
        ui = handle(ui, event)
    written = tapped(ui, Event("pad-save"))
    assert written.ui.pad is not None and written.ui.pad is not ui.pad
    assert written.effects == (SavePad(written.ui.pad),)
    theirs = ScorePad(("Cy", "Dee"), Options())
    assert tapped(written.ui, PadSaved(newer=LoadedPad(theirs))).ui.pad == theirs


def test_a_damaged_save_or_pad_is_thrown_away_only_when_the_player_says_so():
    damaged = Ui(screen=Screen.CORRUPT, save_problem=text("storage.bad_save", detail="x"))
    step = tapped(damaged, Event("discard-save"))
    assert step.effects == (DiscardSave(),) and step.ui.screen is Screen.HOME and not step.ui.save_problem
    assert tapped(Ui(), Event("discard-save")).effects == (), "no damaged save: nothing to throw away"
    pad = Ui(screen=Screen.PAD, pad_problem=text("pad.damaged", detail="x"))
    assert tapped(pad, Event("pad-discard")).effects == (DiscardPad(),)
    assert tapped(Ui(), Event("pad-discard")).effects == ()


def test_a_backup_is_written_only_on_the_players_yes_and_shown_once_written():
    backup = Restore(new_game(GameConfig(("Ann", "Bo"), 4)), (), 0, "2026-11-23T09:30:00")
    asked = Ui(screen=Screen.RESTORE, restore=backup)
    yes = tapped(asked, Event("restore-confirm"))
    assert yes.effects == (RestoreBackup(backup),) and yes.ui == asked, "nothing changes until it is written"
    written = tapped(yes.ui, BackupWritten())
    assert written.ui.game == backup.game and written.ui.screen is Screen.HOME and written.effects == ()
    assert written.ui.message == text("backup.restored", count=0)
    refused = tapped(yes.ui, BackupWritten(text("storage.full")))
    assert refused.ui.screen is Screen.SETTINGS and refused.ui.restore is None
    assert refused.ui.message == text("storage.full") and refused.ui.game is None
    assert tapped(Ui(screen=Screen.RESTORE), Event("restore-confirm")).effects == ()


def test_sharing_and_a_backup_file_are_asked_of_the_page():
    over = Ui(screen=Screen.HISTORY)
    assert tapped(over, Event("share", "7")) == tapped(over, Event("share", "7"))
    shared = tapped(over, Event("share", "7"))
    assert shared.ui is over and shared.effects == (ShareSheet("7"),)
    saving = tapped(Ui(screen=Screen.SETTINGS), Event("save-backup"))
    assert saving.effects == (WriteBackup(),)
    named = tapped(saving.ui, Event("backed-up", "ten-phases.json"))
    assert named.ui.message == text("backup.saved", name="ten-phases.json")


def test_the_page_says_whether_storage_is_kept_and_a_finished_game_still_waiting():
    assert tapped(Ui(), StorageKept(True)).ui.kept is True
    assert tapped(Ui(kept=True), StorageKept(None)).ui.kept is None
    waiting = tapped(Ui(), FinishedWaiting()).ui
    assert waiting.message == text("storage.finished_kept")
    busy = Ui(message=text("backup.cancelled"))
    assert tapped(busy, FinishedWaiting()).ui is busy, "a message on screen is not covered"


def test_an_unknown_tap_changes_nothing_and_asks_nothing():
    ui = start(names=("Ann", "Bo"))
    assert tapped(ui, Event("launch-rockets", "1")) == tapped(ui, Event("launch-rockets", "1"))
    assert tapped(ui, Event("launch-rockets", "1")).ui is ui
    assert tapped(ui, Event("launch-rockets")).effects == ()


# --- the registry: the screens' controls, the messages and the handlers, in step -----------------


class _Controls(HTMLParser):
    """Each control on a page: its name (``data-action``, or ``data-change`` for a field, whose
    value the player picks) and its ``data-value``."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, str, bool]] = []  # name, value, is a field

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if values.get("data-action") and values.get("data-field"):  # carries the player's text
            self.found.append((values["data-action"] or "", "", True))
        elif values.get("data-action"):
            self.found.append((values["data-action"] or "", values.get("data-value") or "", False))
        if values.get("data-change"):
            self.found.append((values["data-change"] or "", "", True))


def _shell_actions() -> set[str]:
    """The controls the page itself carries out, in ``pwa.ACTIONS`` (read from the source:
    ``pwa`` needs the browser)."""
    tree = ast.parse((UI / "shell" / "pwa.py").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "ACTIONS" for t in node.targets):
            assert isinstance(node.value, ast.Dict)
            return {key.value for key in node.value.keys if isinstance(key, ast.Constant)}
    raise AssertionError("pwa.ACTIONS not found")


def _sent_by_the_page() -> set[str]:
    """The messages the page makes without a control: its keys, answers and Back (``app.py``)
    and its timer (``play.timer_event``)."""
    source = "".join((UI / name).read_text(encoding="utf-8") for name in ("shell/app.py", "table/play.py"))
    return set(re.findall(r"taps\.([A-Z]\w+)\(", source))


def _controls_on_every_screen() -> dict[tuple[str, str, bool], str]:
    """Each control (name, value, field or not), and the first screen it was seen on."""
    seen: dict[tuple[str, str, bool], str] = {}
    finished: list[object] = []
    pages = [(name, ui) for name, ui in every_screen()]
    for name, ui in pages:
        if ui.screen is Screen.GAME_OVER and ui.game is not None:
            finished.append(ui.game)
        controls = _Controls()
        controls.feed(render(ui, build="b1", finished=finished, unreadable=1))  # type: ignore[arg-type]
        for control in controls.found:
            seen.setdefault(control, name)
    for made, name in ((menus.update_banner("en"), "update banner"), (scanner(words("en")), "camera's view")):
        shown = _Controls()
        shown.feed(made)
        for control in shown.found:
            seen.setdefault(control, name)
    return seen


@pytest.fixture(scope="module")
def controls() -> dict[tuple[str, str, bool], str]:
    return _controls_on_every_screen()


def _sent(controls: dict[tuple[str, str, bool], str]) -> set[type[Tap]]:
    """The message types the screens' controls send (a field's value is the player's: any
    known name counts as its type being sent)."""
    sent = set()
    for name, value, field in controls:
        message = parse(Event(name, value)) if not field else None
        if message is not None:
            sent.add(type(message))
        elif field and name in PARSERS:
            sent.add(type(_a_field_message(name)))
    return sent


FIELD_VALUES = {
    "language": "es",
    "large-type": "yes",
    "speed": "quick",
    "sound": "no",
    "restore-file": "x",
    "pad-phase": "0:1",
    "list-kind": "0:run",
    "accept-phone": "1:ABCD",
}


def _a_field_message(name: str) -> Tap:
    message = parse(Event(name, FIELD_VALUES.get(name, "")))
    assert message is not None, f"the field {name} sends nothing the app reads"
    return message


# Every message type, as the module names it (``Tap.__subclasses__()`` would also list the
# classes that ``dataclass(slots=True)`` replaced).
KINDS = {
    kind
    for kind in vars(taps).values()
    if isinstance(kind, type) and issubclass(kind, Tap) and kind is not Tap
}


def _reads(name: str, value: str, field: bool) -> bool:
    return name in PARSERS and (field or parse(Event(name, value)) is not None)


def test_every_control_on_every_screen_sends_a_message_the_app_reads(controls):
    unread = {
        f"{name}={value!r}": screen
        for (name, value, field), screen in controls.items()
        if name not in _shell_actions()
        and (name not in PARSERS or (not field and parse(Event(name, value)) is None))
    }
    assert unread == {}, f"controls whose message does not parse: {unread}"


def test_every_message_has_a_handler_that_takes_it():
    assert len(KINDS) > 60
    assert set(HANDLERS) == KINDS, f"without a handler: {KINDS - set(HANDLERS)}"
    for kind, handler in HANDLERS.items():
        taken = list(get_type_hints(handler).values())[1]
        assert taken is Tap or kind in get_args(taken) or taken is kind, (
            f"{handler} takes {taken}, not {kind}"
        )


def test_every_message_is_sent_by_a_screen_or_by_the_page(controls):
    by_the_page = {kind for kind in KINDS if kind.__name__ in _sent_by_the_page()}
    never = set(HANDLERS) - _sent(controls) - by_the_page
    assert never == set(), f"messages that nothing sends: {sorted(kind.__name__ for kind in never)}"


def test_the_registry_checks_catch_a_breach(monkeypatch, controls):
    """Deliberate breaches: a control that no longer parses, a message without a handler,
    a message no screen sends."""
    monkeypatch.delitem(PARSERS, "discard")
    with pytest.raises(AssertionError, match="discard"):
        test_every_control_on_every_screen_sends_a_message_the_app_reads(controls)
    monkeypatch.undo()
    monkeypatch.delitem(HANDLERS, taps.Hint)
    with pytest.raises(AssertionError, match="Hint"):
        test_every_message_has_a_handler_that_takes_it()
    monkeypatch.undo()

    @dataclass(frozen=True)
    class LaunchRockets(Tap):
        pass

    monkeypatch.setitem(HANDLERS, LaunchRockets, lambda ui, _tap: ui)
    with pytest.raises(AssertionError, match="LaunchRockets"):
        test_every_message_is_sent_by_a_screen_or_by_the_page(controls)


UNREADABLE = [
    ("launch-rockets", ""),
    ("select", "x"),
    ("select", "-1"),
    ("hit", "1"),
    ("hit", "a:b"),
    ("choose", ""),
    ("sort", "size"),
    ("language", "xx"),
    ("large-type", "maybe"),
    ("speed", "warp"),
    ("pad-key", "12"),
    ("pad-phase", "1"),
    ("list-kind", "0:pair"),
    ("list-size", "0:x"),
    ("list-move", "sideways"),
    ("pad-phase", "a:2"),
    ("pad-phase", "1:x"),
    ("pad-out", "one"),
    ("pad-count-more", ""),
]


@pytest.mark.parametrize(("name", "value"), UNREADABLE)
def test_a_control_the_app_does_not_know_or_a_value_that_does_not_read_parses_to_nothing(name, value):
    assert parse(Event(name, value)) is None
