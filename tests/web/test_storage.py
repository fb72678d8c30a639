"""Saved games: written after every action, a damaged save kept until discarded."""

from __future__ import annotations

import json

from english import said
from ui.controller import Settings
from ui.storage import CURRENT, FINISHED, KEEP_FINISHED, SETTINGS, MemoryStore, PastGame, Saves

from phase10 import Draw, GameConfig, Options, apply, new_game
from phase10.serialize import to_json


class FullStore(MemoryStore):
    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        raise OSError("QuotaExceededError")


def test_a_game_is_saved_and_loaded_back():
    saves = Saves(MemoryStore())
    game = apply(new_game(GameConfig(("Ann", "Bo"), 1)), Draw())
    assert not saves.record(game)
    loaded, problem = saves.load_current()
    assert loaded == game and not problem


def test_a_damaged_save_is_reported_and_left_alone():
    store = MemoryStore()
    store.setItem(CURRENT, '{"format": "ten-phases/game"')
    saves = Saves(store)
    game, problem = saves.load_current()
    assert game is None and "not valid JSON" in said(problem)
    assert store.getItem(CURRENT) == '{"format": "ten-phases/game"'


def test_a_full_storage_is_reported_not_raised():
    problem = Saves(FullStore()).record(new_game(GameConfig(("Ann", "Bo"), 1)))
    assert "could not be saved" in said(problem)


def test_finished_games_move_to_the_score_sheets_and_are_capped():
    store = MemoryStore()
    saves = Saves(store)
    import random

    from phase10.simulate import play_random_game

    report = play_random_game(GameConfig(("Ann", "Bo"), 2, Options(phases_to_win=1)), random.Random(2))
    store.setItem(CURRENT, "in progress")
    assert not saves.record(report.final)
    assert store.getItem(CURRENT) is None
    games, unreadable = saves.finished()
    assert games == [PastGame(report.final)] and unreadable == 0
    store.setItem(FINISHED, json.dumps(["broken"] * (KEEP_FINISHED + 5) + [to_json(report.final)]))
    saves.record(report.final)  # already there: kept once, and the list is capped
    texts = json.loads(store.getItem(FINISHED) or "[]")
    assert len(texts) == KEEP_FINISHED
    games, unreadable = saves.finished()
    assert games == [PastGame(report.final)] and unreadable == KEEP_FINISHED - 1


def test_settings_are_kept_apart_from_the_game():
    store = MemoryStore()
    saves = Saves(store)
    assert saves.load_settings() == Settings()
    game = apply(new_game(GameConfig(("Ann", "Bo"), 1)), Draw())
    saves.record(game)
    saves.save_settings(Settings(language="es", large_type=True))
    assert Saves(store).load_settings() == Settings(language="es", large_type=True)
    loaded, _ = Saves(store).load_current()
    assert loaded == game


def test_damaged_settings_fall_back_to_the_defaults():
    for stored in ("{", "[]", '{"language": "xx", "large_type": "yes"}', '{"language": 3}'):
        store = MemoryStore()
        store.setItem(SETTINGS, stored)
        assert Saves(store).load_settings() == Settings(), stored
    Saves(FullStore()).save_settings(Settings(language="es"))  # a full storage does not raise
