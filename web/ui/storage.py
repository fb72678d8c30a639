"""Saved games in the browser's localStorage.

``ten-phases/game`` holds the game in progress (the engine's JSON, with its
schema version), written after every action; ``ten-phases/finished`` the score
sheets of finished games; ``ten-phases/settings`` the phone's settings.  A save
that cannot be read is reported and left alone until the player chooses to
discard it: it is never silently overwritten.
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import asdict, dataclass
from typing import Protocol

from phase10 import GameState
from phase10.serialize import CorruptStateError, from_json, to_json

from .controller import SPEEDS, Settings
from .i18n import LANGUAGES, NOTHING, Text
from .i18n import text as said

__all__ = ["CURRENT", "FINISHED", "KEEP_FINISHED", "SETTINGS", "MemoryStore", "PastGame", "Saves", "Store"]

CURRENT = "ten-phases/game"
SETTINGS = "ten-phases/settings"
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

    def load_current(self) -> tuple[GameState | None, Text]:
        """The saved game, or why it cannot be read."""
        try:
            text = self.store.getItem(CURRENT)
        except Exception as error:  # storage itself may refuse (private mode, blocked)
            return None, said("storage.unreadable", detail=str(error))
        if not isinstance(text, str):  # absent: None in Python, a JS null in the browser
            return None, NOTHING
        try:
            return from_json(text), NOTHING
        except CorruptStateError as error:
            return None, said("storage.bad_save", detail=str(error))

    def record(self, game: GameState, now: str = "") -> Text:
        """Save ``game`` after an action; a finished game moves to the score sheets, with
        ``now`` (an ISO 8601 time from the page) as when it finished.

        Returns a problem to show the player, or nothing when all is saved.
        """
        try:
            if game.is_over:
                self._add_finished(game, now)
                self.store.removeItem(CURRENT)
            else:
                self.store.setItem(CURRENT, to_json(game))
        except Exception as error:  # a full or blocked storage must not stop the game
            return said("storage.not_saved", detail=str(error))
        return NOTHING

    def load_settings(self) -> Settings:
        """The phone's settings; anything unreadable falls back to the defaults."""
        try:
            text = self.store.getItem(SETTINGS)
            stored = json.loads(text) if isinstance(text, str) else {}
        except Exception:  # blocked storage or a damaged entry: settings are not worth an error
            return Settings()
        if not isinstance(stored, dict):
            return Settings()
        language = stored.get("language")
        speed, sound = stored.get("speed"), stored.get("sound")
        return Settings(
            language=language if language in LANGUAGES else "",
            large_type=stored.get("large_type") is True,
            speed=speed if isinstance(speed, str) and speed in SPEEDS else "normal",
            sound=sound if sound in ("on", "off") else "",
        )

    def save_settings(self, settings: Settings) -> None:
        with contextlib.suppress(Exception):
            self.store.setItem(SETTINGS, json.dumps(asdict(settings)))

    def discard_current(self) -> None:
        self.store.removeItem(CURRENT)

    def _finished_entries(self) -> list[object]:
        """The stored list of finished games, each as stored: a game's JSON text (the first
        format, with no date) or ``{"game": <JSON text>, "finished": <ISO time>}``."""
        text = self.store.getItem(FINISHED)
        if not isinstance(text, str) or not text:
            return []
        try:
            items = json.loads(text)
        except ValueError:
            return []
        return list(items) if isinstance(items, list) else []

    def _add_finished(self, game: GameState, now: str) -> None:
        entries = self._finished_entries()
        text = to_json(game)
        if not any(_game_text(entry) == text for entry in entries):
            entries.append({"game": text, "finished": now})
        self.store.setItem(FINISHED, json.dumps(entries[-KEEP_FINISHED:]))

    def finished(self) -> tuple[list[PastGame], int]:
        """Finished games, oldest first, and how many could not be read."""
        games: list[PastGame] = []
        unreadable = 0
        try:
            entries = self._finished_entries()
        except Exception:
            return [], 0
        for entry in entries:
            text = _game_text(entry)
            try:
                if text is None:
                    raise CorruptStateError("not a finished game")
                game = from_json(text)
            except CorruptStateError:
                unreadable += 1
                continue
            when = entry.get("finished") if isinstance(entry, dict) else None
            games.append(PastGame(game, when if isinstance(when, str) else ""))
        return games, unreadable


@dataclass(frozen=True, slots=True)
class PastGame:
    """A finished game from the score sheets, and when it finished (an ISO 8601 time, as
    the page gave it; empty for games kept before the time was recorded)."""

    game: GameState
    finished: str = ""


def _game_text(entry: object) -> str | None:
    """The game's JSON text in a stored entry of either format."""
    if isinstance(entry, str):
        return entry
    if isinstance(entry, dict) and isinstance(entry.get("game"), str):
        return str(entry["game"])
    return None
