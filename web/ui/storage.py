"""Saved games in the browser's localStorage.

``ten-phases/game`` holds the game in progress (the engine's JSON, with its
schema version), written after every action; ``ten-phases/finished`` the score
sheets of finished games.  A save that cannot be read is reported and left
alone until the player chooses to discard it: it is never silently overwritten.
"""

from __future__ import annotations

import json
from typing import Protocol

from phase10 import GameState
from phase10.serialize import CorruptStateError, from_json, to_json

__all__ = ["CURRENT", "FINISHED", "KEEP_FINISHED", "MemoryStore", "Saves", "Store"]

CURRENT = "ten-phases/game"
FINISHED = "ten-phases/finished"
KEEP_FINISHED = 50


class Store(Protocol):
    """What localStorage offers (and a dict-backed fake in the tests)."""

    def getItem(self, key: str) -> str | None: ...  # noqa: N802 (the browser's name)

    def setItem(self, key: str, value: str) -> None: ...  # noqa: N802

    def removeItem(self, key: str) -> None: ...  # noqa: N802


class MemoryStore:
    """A Store in a dict: for tests, and for browsers that block storage."""

    def __init__(self) -> None:
        self.items: dict[str, str] = {}

    def getItem(self, key: str) -> str | None:  # noqa: N802
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        self.items[key] = value

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.items.pop(key, None)


class Saves:
    def __init__(self, store: Store) -> None:
        self.store = store

    def load_current(self) -> tuple[GameState | None, str]:
        """The saved game, or why it cannot be read."""
        try:
            text = self.store.getItem(CURRENT)
        except Exception as error:  # storage itself may refuse (private mode, blocked)
            return None, f"The browser's storage cannot be read: {error}"
        if not isinstance(text, str):  # absent: None in Python, a JS null in the browser
            return None, ""
        try:
            return from_json(text), ""
        except CorruptStateError as error:
            return None, str(error)

    def record(self, game: GameState) -> str:
        """Save ``game`` after an action; a finished game moves to the score sheets.

        Returns a problem to show the player, or "" when all is saved.
        """
        try:
            if game.is_over:
                self._add_finished(game)
                self.store.removeItem(CURRENT)
            else:
                self.store.setItem(CURRENT, to_json(game))
        except Exception as error:  # a full or blocked storage must not stop the game
            return f"This game could not be saved on the phone: {error}"
        return ""

    def discard_current(self) -> None:
        self.store.removeItem(CURRENT)

    def _finished_texts(self) -> list[str]:
        text = self.store.getItem(FINISHED)
        if not isinstance(text, str) or not text:
            return []
        try:
            items = json.loads(text)
        except ValueError:
            return []
        return [item for item in items if isinstance(item, str)] if isinstance(items, list) else []

    def _add_finished(self, game: GameState) -> None:
        texts = self._finished_texts()
        text = to_json(game)
        if text not in texts:
            texts.append(text)
        self.store.setItem(FINISHED, json.dumps(texts[-KEEP_FINISHED:]))

    def finished(self) -> tuple[list[GameState], int]:
        """Finished games, oldest first, and how many could not be read."""
        games: list[GameState] = []
        unreadable = 0
        try:
            texts = self._finished_texts()
        except Exception:
            return [], 0
        for text in texts:
            try:
                games.append(from_json(text))
            except CorruptStateError:
                unreadable += 1
        return games, unreadable
