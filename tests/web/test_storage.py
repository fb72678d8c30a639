"""Saved games: written after every action, a damaged save kept until discarded."""

from __future__ import annotations

import json

from ui.storage import CURRENT, FINISHED, KEEP_FINISHED, MemoryStore, Saves

from phase10 import Draw, GameConfig, Options, apply, new_game
from phase10.serialize import to_json


class FullStore(MemoryStore):
    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        raise OSError("QuotaExceededError")


def test_a_game_is_saved_and_loaded_back():
    saves = Saves(MemoryStore())
    game = apply(new_game(GameConfig(("Ann", "Bo"), 1)), Draw())
    assert saves.record(game) == ""
    assert saves.load_current() == (game, "")


def test_a_damaged_save_is_reported_and_left_alone():
    store = MemoryStore()
    store.setItem(CURRENT, '{"format": "ten-phases/game"')
    saves = Saves(store)
    game, problem = saves.load_current()
    assert game is None and "not valid JSON" in problem
    assert store.getItem(CURRENT) == '{"format": "ten-phases/game"'


def test_a_full_storage_is_reported_not_raised():
    problem = Saves(FullStore()).record(new_game(GameConfig(("Ann", "Bo"), 1)))
    assert "could not be saved" in problem


def test_finished_games_move_to_the_score_sheets_and_are_capped():
    store = MemoryStore()
    saves = Saves(store)
    import random

    from phase10.simulate import play_random_game

    report = play_random_game(GameConfig(("Ann", "Bo"), 2, Options(phases_to_win=1)), random.Random(2))
    store.setItem(CURRENT, "in progress")
    assert saves.record(report.final) == ""
    assert store.getItem(CURRENT) is None
    games, unreadable = saves.finished()
    assert games == [report.final] and unreadable == 0
    store.setItem(FINISHED, json.dumps(["broken"] * (KEEP_FINISHED + 5) + [to_json(report.final)]))
    saves.record(report.final)  # already there: kept once, and the list is capped
    texts = json.loads(store.getItem(FINISHED) or "[]")
    assert len(texts) == KEEP_FINISHED
    games, unreadable = saves.finished()
    assert games == [report.final] and unreadable == KEEP_FINISHED - 1
