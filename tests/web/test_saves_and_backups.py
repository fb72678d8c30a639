"""Keeping games: two windows on one save, storage that refuses or is damaged, backups."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from ui.effects import DiscardSave, StorageKept, WriteBackup
from ui.kit.i18n import NOTHING
from ui.records import Restore
from ui.saves.backups import BACKUP_FORMAT, BackupError, read_backup, restored
from ui.saves.other_windows import synced
from ui.saves.storage import (
    CURRENT,
    FINISHED,
    SET_ASIDE,
    SETTINGS,
    MemoryStore,
    PastGame,
    Saves,
    read_save,
    save_text,
)
from ui.screens import render
from ui.state import Event, Screen, Settings, Ui

from phase10 import Draw, GameConfig, GameState, Options, apply, legal_actions, new_game
from phase10.serialize import SCHEMA_VERSION, state_to_dict, to_json
from phase10.simulate import play_random_game
from support.web.damaged import GAME_CASES
from support.web.english import said
from support.web.taps import handle, tapped

DEEP = "[" * 100_000
MADE = "2026-11-23T09:30:00"


def a_game(seed: int = 1, names: tuple[str, ...] = ("Ann", "Bo")) -> GameState:
    return new_game(GameConfig(names, seed))


def finished_game(seed: int = 2) -> GameState:
    report = play_random_game(GameConfig(("Ann", "Bo"), seed, Options(phases_to_win=1)), random.Random(seed))
    return report.final


class RefusingStore(MemoryStore):
    """A store whose writes fail while ``full`` is set (a full phone), or always for ``keys``."""

    def __init__(self, *keys: str) -> None:
        super().__init__()
        self.full = False
        self.keys = keys

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        if self.full or key in self.keys:
            raise OSError("QuotaExceededError: the quota has been exceeded")
        super().setItem(key, value)


class UnreadableStore(MemoryStore):
    def getItem(self, key: str) -> str | None:  # noqa: N802
        raise OSError("SecurityError: access denied")


# --- the stored form --------------------------------------------------------------------------


def test_every_save_carries_a_sequence_number_and_old_saves_still_load():
    store = MemoryStore()
    saves = Saves(store)
    game = a_game()
    saves.record(game)
    saves.record(apply(game, Draw()))
    stored = json.loads(store.getItem(CURRENT) or "")
    assert stored["seq"] == 2 and stored["game"]["version"] == SCHEMA_VERSION
    assert read_save(store.getItem(CURRENT)).game == apply(game, Draw())
    legacy = read_save(to_json(game))  # as saved before the sequence number
    assert legacy.game == game and legacy.seq == 0 and not legacy.problem


@pytest.mark.parametrize(
    "stored",
    [
        DEEP,
        '{"seq": 3, "game": ' + DEEP,
        '{"seq": true, "game": null}',
        '{"seq": 0, "game": null}',
        '{"seq": 4, "game": []}',
        '"' + "x" * 2_000_000 + '"',
        "null",
        "12",
    ],
    ids=["deep", "deep-in-envelope", "bool-seq", "zero-seq", "list-game", "huge", "null", "number"],
)
def test_a_damaged_game_is_reported_never_raised(stored):
    loaded = read_save(stored)
    assert loaded.game is None and loaded.problem and not loaded.newer


def test_a_save_from_a_newer_version_is_kept_and_not_called_damaged():
    data = state_to_dict(a_game())
    data["version"] = SCHEMA_VERSION + 1
    store = MemoryStore()
    store.setItem(CURRENT, json.dumps(data))
    loaded = Saves(store).load_current()
    assert loaded.newer and loaded.game is None
    assert "newer version" in said(loaded.problem)
    ui = Ui(save_problem=loaded.problem, save_newer=True, screen=Screen.CORRUPT)
    page = render(ui)
    assert "Saved by a newer version" in page and "not damaged" in page and "Saved game damaged" not in page
    assert 'data-action="save-backup"' in page


@pytest.mark.parametrize("name", GAME_CASES)
def test_a_damaged_game_opens_on_a_screen_with_a_way_out_and_is_kept_until_discarded(name):
    """What the page does with each damaged save (the browser tries two of these cases):
    the damaged-save screen, a backup offered, Home and back keep it, Discard drops it."""
    make, title = GAME_CASES[name]
    text = make()
    store = MemoryStore()
    store.setItem(CURRENT, text)
    saves = Saves(store)
    loaded = saves.load_current()
    assert loaded.game is None and loaded.problem
    ui = Ui(save_problem=loaded.problem, save_newer=loaded.newer, screen=Screen.CORRUPT)
    page = render(ui)
    assert title in page.split("</h1>")[0] and 'data-action="save-backup"' in page
    assert tapped(ui, Event("save-backup")).effects == (WriteBackup(),)
    home = tapped(ui, Event("home"))
    assert home.effects == () and store.getItem(CURRENT) == text, "kept until the player discards it"
    asked = handle(home.ui, Event("new-game"))
    assert asked.screen is not Screen.SETUP, "a new game asks first what to do with the damaged one"
    discarded = tapped(asked, Event("discard-save"))
    assert discarded.effects == (DiscardSave(),)
    saves.discard_current()  # what the page does with the effect
    assert store.getItem(CURRENT) is None
    assert handle(discarded.ui, Event("new-game")).screen is Screen.SETUP


# --- two windows ------------------------------------------------------------------------------


def test_a_window_never_writes_over_a_save_another_window_made():
    store = MemoryStore()
    first, second = Saves(store), Saves(store)
    game = a_game()
    first.record(game)
    assert second.load_current().game == game
    moved = apply(game, Draw())
    assert not first.record(moved)
    # The second window still shows the game before the draw, and someone taps there.
    behind = apply(game, legal_actions(game)[-1])
    recorded = second.record(behind)
    assert recorded.newer is not None and recorded.newer.game == moved
    assert read_save(store.getItem(CURRENT)).game == moved, "the newer save is kept"
    # Now it knows the newer save, it may move the game on from there.
    onwards = apply(moved, legal_actions(moved)[-1])
    assert not second.record(onwards)
    assert first.changed_elsewhere() is not None and first.changed_elsewhere() is None


def test_the_table_another_window_moved_on_is_shown_with_its_hand_hidden():
    game = a_game()
    ui = Ui(game=game, screen=Screen.TABLE)
    moved = apply(game, Draw())
    after = synced(ui, read_save(save_text(moved, 7)))
    assert after.game == moved and after.screen is Screen.HANDOFF, "the phone may be in other hands"
    assert "another window" in said(after.message)
    assert "another window" in render(after)
    home = synced(replace(ui, screen=Screen.HOME), read_save(save_text(moved, 7)))
    assert home.screen is Screen.HOME and home.game == moved
    ended = synced(ui, read_save('{"seq":8,"game":null}'))
    assert ended.game is None and ended.screen is Screen.HOME and "finished" in said(ended.message)
    damaged = synced(ui, read_save('{"seq":9,"game":{"format":"chess"}}'))
    assert damaged.screen is Screen.CORRUPT and damaged.save_problem


# --- storage that refuses or is damaged -------------------------------------------------------


def test_a_finished_game_storage_refuses_is_kept_in_memory_and_written_later():
    store = RefusingStore()
    saves = Saves(store)
    game = finished_game()
    saves.record(a_game(5))  # an earlier save of another game
    store.items[CURRENT] = save_text(game, 1)  # stands for the finished game's last move
    saves.load_current()
    store.full = True
    recorded = saves.record(game, "2026-11-23T10:00:00")
    assert "kept in memory" in said(recorded.problem)
    assert FINISHED not in store.items and CURRENT in store.items, "nothing lost, nothing removed"
    assert saves.finished() == ([PastGame(game, "2026-11-23T10:00:00")], 0), "past games show it"
    assert not saves.flush()
    store.full = False
    assert saves.flush()
    assert json.loads(store.items[FINISHED]) == [{"game": to_json(game), "finished": "2026-11-23T10:00:00"}]
    assert CURRENT not in store.items and not saves.pending


def test_a_finished_game_written_late_leaves_a_newer_game_saved():
    store = RefusingStore(FINISHED)
    saves = Saves(store)
    saves.record(finished_game(), "2026-11-23T10:00:00")
    newer = a_game(9)
    assert not saves.record(newer)  # the next game is saved even while the list is refused
    store.keys = ()
    assert saves.flush()
    assert read_save(store.items[CURRENT]).game == newer


def test_damaged_past_games_are_kept_aside_and_the_rest_still_show():
    store = MemoryStore()
    good = finished_game()
    store.setItem(FINISHED, json.dumps([to_json(good), 7, {"game": "{"}, {"game": to_json(a_game())}]))
    saves = Saves(store)
    assert saves.finished() == ([PastGame(good)], 3), "a game in progress is no past game"
    saves.record(finished_game(3), "2026-11-23T10:00:00")
    assert len(json.loads(store.items[FINISHED])) == 2
    assert len(json.loads(store.items[SET_ASIDE])) == 3
    assert saves.finished()[1] == 3
    store.setItem(FINISHED, DEEP)  # the whole list damaged: kept aside whole, not written over
    saves.record(finished_game(4), "2026-11-23T11:00:00")
    assert DEEP in json.loads(store.items[SET_ASIDE])
    assert saves.finished()[1] == 4


@pytest.mark.parametrize(
    "stored", ["{", "[]", DEEP, '{"language": 3}', '{"language": ["es"], "large_type": 1}', "x" * 2_000_000]
)
def test_damaged_settings_fall_back_to_the_defaults_with_a_notice(stored):
    store = MemoryStore()
    store.setItem(SETTINGS, stored)
    settings, notice = Saves(store).load_settings()
    assert settings == Settings() and "could not be read" in said(notice)


def test_storage_that_cannot_be_read_stops_nothing():
    saves = Saves(UnreadableStore())
    loaded = saves.load_current()
    assert loaded.game is None and "cannot be read" in said(loaded.problem)
    assert saves.load_settings() == (Settings(), NOTHING)
    assert saves.finished() == ([], 0)


# --- backups ----------------------------------------------------------------------------------


def backup(saves: dict[str, str | None], **fields: object) -> str:
    data = {
        "format": BACKUP_FORMAT,
        "version": 1,
        "made": "2026-11-23T09:30:00",
        "build": "b",
        "saves": saves,
    }
    return json.dumps({**data, **fields})


def test_a_backup_is_checked_like_a_save_before_anything_is_written():
    game, past = apply(a_game(), Draw()), finished_game()
    finished = json.dumps([{"game": to_json(past), "finished": "2026-11-20T20:00:00"}, 7])
    content = backup({CURRENT: save_text(game, 4), FINISHED: finished, SETTINGS: "{}"})
    assert read_backup(content) == Restore(
        game, (PastGame(past, "2026-11-20T20:00:00"),), 1, "2026-11-23T09:30:00"
    )


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        ("not json", "not a Ten Phases backup"),
        (DEEP, "not a Ten Phases backup"),
        (json.dumps({"format": "other"}), "not a Ten Phases backup"),
        (backup({}, version=True), "not a Ten Phases backup"),
        (backup({}, version=2), "newer version"),
        (backup({}), "holds no games"),
        (backup({CURRENT: '{"seq":1,"game":{"format":"ten-phases/game"}}'}), "cannot be read"),
        ("x" * 6_000_000, "far too big"),
    ],
    ids=["text", "deep", "format", "bool-version", "newer", "empty", "damaged-game", "huge"],
)
def test_a_bad_backup_is_refused_with_a_clear_reason(content, reason):
    with pytest.raises(BackupError) as refused:
        read_backup(content)
    assert reason in said(refused.value.said)
    ui = handle(Ui(screen=Screen.SETTINGS), Event("restore-file", content))
    assert (
        ui.screen is Screen.SETTINGS
        and ui.restore is None
        and "nothing was changed" in said(ui.message).lower()
    )


def test_restoring_asks_first_and_says_what_it_replaces():
    here, there, past = a_game(1), apply(a_game(2, ("Cy", "Dee")), Draw()), finished_game()
    content = backup({CURRENT: save_text(there, 3), FINISHED: json.dumps([to_json(past)])})
    ui = handle(Ui(game=here, screen=Screen.SETTINGS), Event("restore-file", content))
    assert ui.screen is Screen.RESTORE
    page = render(ui)
    assert "Cy and Dee, hand 1" in page and "replaces the game in progress on this phone (Ann and Bo" in page
    cancelled = handle(ui, Event("restore-cancel"))
    assert cancelled.game == here and cancelled.restore is None
    store = MemoryStore()
    saves = Saves(store)
    saves.record(here)
    assert ui.restore is not None
    done = restored(ui, saves.restore(ui.restore.game, ui.restore.finished))
    assert done.game == there and done.screen is Screen.HOME and "Restored" in said(done.message)
    assert read_save(store.items[CURRENT]).game == there
    assert saves.finished() == ([PastGame(past)], 0)


def test_settings_say_whether_the_browser_keeps_the_games():
    ui = handle(Ui(screen=Screen.SETTINGS), StorageKept(True))
    assert "promised to keep your games" in render(ui)
    ui = handle(ui, StorageKept(False))
    assert "may clear your games" in render(ui)
    assert 'type="file"' in render(ui) and 'data-action="save-backup"' in render(ui)
