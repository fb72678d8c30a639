"""Saved games: written after every action, a damaged save kept until discarded."""

from __future__ import annotations

import json

from ui.records import PastGame
from ui.saves.storage import CURRENT, FINISHED, KEEP_FINISHED, SETTINGS, MemoryStore, Saves, save_text
from ui.state import Settings

from phase10 import Draw, GameConfig, GameState, Options, apply, new_game
from phase10.serialize import to_json
from support.web.english import said


class FullStore(MemoryStore):
    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        raise OSError("QuotaExceededError")


def test_a_game_is_saved_and_loaded_back():
    saves = Saves(MemoryStore())
    game = apply(new_game(GameConfig(("Ann", "Bo"), 1)), Draw())
    assert not saves.record(game)
    loaded = saves.load_current()
    assert loaded.game == game and not loaded.problem


def test_a_damaged_save_is_reported_and_left_alone():
    store = MemoryStore()
    store.setItem(CURRENT, '{"format": "ten-phases/game"')
    saves = Saves(store)
    loaded = saves.load_current()
    assert loaded.game is None and "not valid JSON" in said(loaded.problem)
    assert store.getItem(CURRENT) == '{"format": "ten-phases/game"'


def test_a_full_storage_is_reported_not_raised():
    recorded = Saves(FullStore()).record(new_game(GameConfig(("Ann", "Bo"), 1)))
    assert "could not be saved" in said(recorded.problem)


def test_finished_games_move_to_the_score_sheets_and_are_capped():
    store = MemoryStore()
    saves = Saves(store)
    import random

    from phase10.simulate import play_random_game

    def finished(seed: int) -> GameState:
        config = GameConfig(("Ann", "Bo"), seed, Options(phases_to_win=1))
        return play_random_game(config, random.Random(seed)).final

    game = finished(2)
    store.setItem(CURRENT, save_text(game, 1))  # stands for the save before the last move
    saves.load_current()
    assert not saves.record(game)
    assert store.getItem(CURRENT) is None, "the finished game's save is done with"
    games, unreadable = saves.finished()
    assert games == [PastGame(game)] and unreadable == 0
    store.setItem(FINISHED, json.dumps([PastGame(game, f"2026-11-{day:02}").entry() for day in range(55)]))
    saves.record(finished(3))
    assert len(json.loads(store.getItem(FINISHED) or "[]")) == KEEP_FINISHED
    store.setItem(FINISHED, json.dumps(["broken"] * (KEEP_FINISHED + 5) + [to_json(game)]))
    saves.record(game)  # already there: kept once
    assert json.loads(store.getItem(FINISHED) or "[]") == [to_json(game)], "damaged entries are kept aside"
    games, unreadable = saves.finished()
    assert games == [PastGame(game)] and unreadable == KEEP_FINISHED + 5


def test_settings_are_kept_apart_from_the_game():
    store = MemoryStore()
    saves = Saves(store)
    assert saves.load_settings()[0] == Settings()
    game = apply(new_game(GameConfig(("Ann", "Bo"), 1)), Draw())
    saves.record(game)
    saves.save_settings(Settings(language="es", large_type=True))
    assert Saves(store).load_settings()[0] == Settings(language="es", large_type=True)
    assert Saves(store).load_current().game == game


def test_damaged_settings_fall_back_to_the_defaults():
    for stored in ("{", "[]", '{"language": "xx", "large_type": "yes"}', '{"language": 3}'):
        store = MemoryStore()
        store.setItem(SETTINGS, stored)
        assert Saves(store).load_settings()[0] == Settings(), stored
    Saves(FullStore()).save_settings(Settings(language="es"))  # a full storage does not raise
