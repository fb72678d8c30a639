"""Saved games in the browser's localStorage, kept whatever happens to them.

``ten-phases/game`` holds the game in progress, written after every action as
``{"seq": N, "game": <the engine's JSON, with its schema version>}``, with ``"drawn"``
(the card, in notation, the player to move drew this turn: it stays marked "New" after a
reload) when there is one, and ``"phones"`` (the seats played from other phones, issue 38:
after a reload they wait for their phones to rejoin) when there are any.  Saves from
before the sequence number hold the engine's JSON alone and read as sequence 0.
``ten-phases/pad`` holds the score pad of a game played with real cards, written after
every entry as ``{"seq": N, "pad": <the engine's JSON>}``; a finished pad stays there
(its last hand can still be undone) until a new pad replaces it.
``ten-phases/lists`` holds the phase lists kept on the phone (ruling 31), as
``[{"name": <the table's name for it>, "code": <its share code>}, ...]``, oldest first;
an entry that cannot be read stays in that list as it was, and a text that is no list at all
moves to ``ten-phases/lists-set-aside`` before the lists are written again.
``ten-phases/finished`` holds the score sheets of finished games and pads,
``ten-phases/settings`` the phone's settings, and ``ten-phases/set-aside`` whatever
was found damaged in the list of finished games, kept for a backup file.

Three promises:

- Nothing stored stops the app: every read is guarded, and anything that cannot
  be read is reported (a damaged game) or falls back (settings) or is counted and
  kept aside (past games).
- A damaged save is never overwritten unasked, and neither is a save another
  window wrote: a window writes only over the text it last read or wrote itself
  (see ``Saves.record``).
- A finished game is never dropped: if it cannot be written (storage full), it
  stays in memory and is written at the next chance (``Saves.flush``).
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Protocol

from phase10 import GameState, safejson
from phase10.pad import ScorePad
from phase10.pad import standings as pad_standings
from phase10.phaselists import PhaseCodeError, decode, encode
from phase10.rules import PhaseList
from phase10.serialize import CorruptStateError, NewerSaveError, state_from_dict, to_json

from ..kit.i18n import LANGUAGES, NOTHING, Text
from ..kit.i18n import text as said
from ..records import Loaded, PastGame, read_pad
from ..state import Settings, Speed

__all__ = [
    "CURRENT",
    "FINISHED",
    "KEEP_FINISHED",
    "KEEP_LISTS",
    "LISTS",
    "SETTINGS",
    "SET_ASIDE",
    "MemoryStore",
    "Recorded",
    "Saves",
    "Store",
    "read_finished",
    "read_lists",
    "read_save",
]

CURRENT = "ten-phases/game"
SETTINGS = "ten-phases/settings"
FINISHED = "ten-phases/finished"
SET_ASIDE = "ten-phases/set-aside"
LISTS = "ten-phases/lists"
LISTS_ASIDE = "ten-phases/lists-set-aside"
KEEP_FINISHED = 50
# A phone keeps a table's few lists; more than a screen of them is a list nobody reads.
KEEP_LISTS = 30
# A saved game is a few kilobytes; a value far larger is damage, refused before it is parsed.
MAX_SAVE_CHARS = 1_000_000
MAX_LIST_CHARS = 4_000_000
MAX_CARD_CHARS = 12  # a card in notation, both sides: "R7!/3"


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


# --- reading what is stored -------------------------------------------------------------------


def read_save(text: object) -> Loaded:
    """The game in a stored text of either format; never raises."""
    if not isinstance(text, str):  # absent: None in Python, a JS null in the browser
        return Loaded()
    try:
        return _read_save(text)
    except NewerSaveError as error:
        problem = said("storage.newer", version=error.version, supported=error.supported)
        return Loaded(problem=problem, newer=True)
    except CorruptStateError as error:
        return Loaded(problem=said("storage.bad_save", detail=str(error)))
    except Exception as error:  # a bug in the checks must not stop the app: the save is kept
        return Loaded(problem=said("storage.bad_save", detail=f"{type(error).__name__}: {error}"))


def _read_save(text: str) -> Loaded:
    if len(text) > MAX_SAVE_CHARS:
        raise CorruptStateError(f"saved game is {len(text):,} characters long: far more than a game")
    try:
        data = safejson.loads(text)
    except safejson.JSONInputError as error:
        raise CorruptStateError(f"saved game is not valid JSON: {error}") from None
    if isinstance(data, dict) and "seq" in data:
        seq = data["seq"]
        if isinstance(seq, bool) or not isinstance(seq, int) or seq < 1:
            raise CorruptStateError("seq should be a whole number from 1")
        game = data.get("game")
        drawn = data.get("drawn")
        # Only a mark on the screen: a value that cannot be one is ignored, not called damage.
        mark = drawn if isinstance(drawn, str) and len(drawn) <= MAX_CARD_CHARS else ""
        state = None if game is None else state_from_dict(game)
        return Loaded(game=state, seq=seq, drawn=mark, away=_phones(data.get("phones"), state))
    return Loaded(game=state_from_dict(data), seq=0)  # as saved before the sequence number


def _phones(phones: object, game: GameState | None) -> tuple[int, ...]:
    """The seats a save says were played from other phones.  Like ``drawn``, only a mark: a
    value that names no seat of the game is ignored, so the seats play on this phone."""
    if game is None or not isinstance(phones, list) or len(phones) > len(game.players):
        return ()
    seats = tuple(seat for seat in phones if type(seat) is int and 0 <= seat < len(game.players))
    return tuple(sorted(set(seats))) if len(seats) == len(phones) else ()


def save_text(game: GameState, seq: int, drawn: str = "", away: tuple[int, ...] = ()) -> str:
    """The stored form of ``game``, written as the ``seq``-th save, with the card its player
    to move drew this turn (``drawn``, in notation), if any, and the seats played from other
    phones (``away``)."""
    mark = f',"drawn":{json.dumps(drawn)}' if drawn else ""
    phones = f',"phones":{json.dumps(list(away))}' if away else ""
    return f'{{"seq":{seq}{mark}{phones},"game":{to_json(game)}}}'


def read_finished(text: object) -> tuple[list[PastGame], list[str]]:
    """The finished games in a stored list, and the raw text of each entry (or of the
    whole list) that cannot be read.  Never raises."""
    readable, damaged = _split_finished(text)
    return [past for _, past in readable], damaged


def _split_finished(text: object) -> tuple[list[tuple[object, PastGame]], list[str]]:
    """Each readable entry of a stored list, as stored and as read, and the rest's text."""
    if not isinstance(text, str) or not text:
        return [], []
    try:
        if len(text) > MAX_LIST_CHARS:
            raise ValueError("too long")
        entries = safejson.loads(text)
    except ValueError:
        return [], [text]
    if not isinstance(entries, list):
        return [], [text]
    readable: list[tuple[object, PastGame]] = []
    damaged: list[str] = []
    for entry in entries:
        past = _past_game(entry)
        if past is None:
            damaged.append(json.dumps(entry))
        else:
            readable.append((entry, past))
    return readable, damaged


def _past_game(entry: object) -> PastGame | None:
    """A stored entry of any format: a game's JSON text (the first format, with no date),
    ``{"game": <JSON text>, "finished": <ISO time>}`` or ``{"pad": <JSON text>, "finished":
    <ISO time>}``, the pad's with the ``"seat"`` this phone played of a game run on another
    (a seat that is none of the pad's is left out: the sheet is still shown); None if it
    cannot be read."""
    when = entry.get("finished") if isinstance(entry, dict) else None
    finished = when if isinstance(when, str) and len(when) <= 40 else ""
    if isinstance(entry, dict) and "pad" in entry:
        pad = read_pad(entry["pad"]).pad
        if pad is None or not pad_standings(pad).decided:
            return None
        seat = entry.get("seat")
        played = seat if type(seat) is int and 0 <= seat < len(pad.names) else None
        return PastGame(pad, finished, played)
    game_text = entry if isinstance(entry, str) else entry.get("game") if isinstance(entry, dict) else None
    if not isinstance(game_text, str):
        return None
    loaded = read_save(game_text)
    if loaded.game is None or not loaded.game.is_over:
        return None
    return PastGame(loaded.game, finished)


def read_lists(text: object) -> tuple[list[PhaseList], list[object]]:
    """The phase lists kept in a stored text, oldest first, and each stored entry that
    cannot be read, as stored.  Never raises: a text that is no list reads as no lists,
    and ``_unlisted`` tells it apart."""
    entries = _stored_entries(text)
    if entries is None:
        return [], []
    lists: list[PhaseList] = []
    damaged: list[object] = []
    for entry in entries:
        kept = _kept_list(entry)
        if kept is None:
            damaged.append(entry)
        elif all(other.phases != kept.phases for other in lists):  # a list is known by its phases
            lists.append(kept)
    return lists, damaged


def _stored_entries(text: object) -> list[object] | None:
    """The entries of a stored list of lists; None for a text that is not one."""
    if not isinstance(text, str) or len(text) > MAX_SAVE_CHARS:
        return None
    try:
        entries = safejson.loads(text)
    except ValueError:
        return None
    return entries if isinstance(entries, list) else None


def _unlisted(text: object) -> str | None:
    """A stored text of the lists' slot that is not a list of entries at all, if it is one."""
    return text if isinstance(text, str) and text and _stored_entries(text) is None else None


def _kept_list(entry: object) -> PhaseList | None:
    """A stored ``{"name", "code"}`` as its list (its deck is checked when it is played)."""
    if not isinstance(entry, dict) or set(entry) != {"name", "code"}:
        return None
    name, code = entry["name"], entry["code"]
    if not isinstance(name, str) or not name.strip():
        return None
    try:
        return decode(code, None, name)
    except PhaseCodeError:
        return None


def _list_entry(phase_list: PhaseList) -> dict[str, str]:
    return {"name": phase_list.name, "code": encode(phase_list)}


# --- the saves of one window ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Recorded:
    """How a write went: a problem to show, and the newer save another window wrote
    (not written over: the window should show it instead)."""

    problem: Text = NOTHING
    newer: Loaded | None = None

    def __bool__(self) -> bool:
        """Whether there is anything to act on: a problem, or another window's save."""
        return bool(self.problem) or self.newer is not None


@dataclass
class Saves:
    store: Store
    known: str | None = None  # the game slot's text as this window last read or wrote it
    seq: int = 0
    pending: list[PastGame] = field(default_factory=list)  # finished, not yet written
    # The past games last read, by the stored texts they were read from: every render of
    # the home screen asks, and reading means checking up to fifty whole games.
    _read: tuple[tuple[str | None, str | None], tuple[list[PastGame], int]] | None = None

    def _get(self, key: str) -> str | None:
        value = self.store.getItem(key)
        return value if isinstance(value, str) else None

    def load_current(self) -> Loaded:
        """The saved game, or why it cannot be read; this window now knows that save."""
        try:
            text = self._get(CURRENT)
        except Exception as error:  # storage itself may refuse (private mode, blocked)
            return Loaded(problem=said("storage.unreadable", detail=str(error)))
        loaded = read_save(text)
        self.known, self.seq = text, max(self.seq, loaded.seq)
        return loaded

    def changed_elsewhere(self) -> Loaded | None:
        """The save another window wrote since this one last read or wrote, if any."""
        try:
            text = self._get(CURRENT)
        except Exception:
            return None
        return None if text == self.known else self.load_current()

    def record(self, game: GameState, now: str = "", drawn: str = "", away: tuple[int, ...] = ()) -> Recorded:
        """Save ``game`` after an action; a finished game moves to the score sheets, with
        ``now`` (an ISO 8601 time from the page) as when it finished.  ``drawn`` is the
        card its player drew this turn, kept for the screen; ``away``, the seats played from
        other phones."""
        newer = self.changed_elsewhere()
        if newer is not None:
            return Recorded(newer=newer)
        if game.is_over:
            if not self.keep_finished(game, now):
                return Recorded(problem=said("storage.finished_kept"))
            return Recorded()
        try:
            text = save_text(game, self.seq + 1, drawn, away)
            self.store.setItem(CURRENT, text)
        except Exception as error:  # a full or blocked storage must not stop the game
            return Recorded(problem=said("storage.not_saved", detail=str(error)))
        self.known, self.seq = text, self.seq + 1
        self.flush()
        return Recorded()

    def keep_finished(self, played: GameState | ScorePad, now: str, seat: int | None = None) -> bool:
        """Put a finished game (or pad) in the past games, ``now`` being when it finished
        (``seat``: see ``PastGame``); False while storage refuses it (it waits in memory, see
        ``flush``)."""
        self.pending.append(PastGame(played, now, seat))
        return self.flush()

    def flush(self) -> bool:
        """Write the finished games kept in memory; True when none is left waiting."""
        if not self.pending:
            return True
        try:
            self._add_finished(self.pending)
        except Exception:
            return False
        configs = [past.game.config for past in self.pending if isinstance(past.game, GameState)]
        self.pending.clear()
        with contextlib.suppress(Exception):
            # The finished game's last save is done with (a game is known by its set-up,
            # seed included); a newer game saved since stays.
            text = self._get(CURRENT)
            loaded = read_save(text)
            if loaded.game is not None and loaded.game.config in configs:
                self.store.removeItem(CURRENT)
                if text == self.known:
                    self.known = None
        return True

    def discard_current(self) -> None:
        with contextlib.suppress(Exception):
            self.store.removeItem(CURRENT)
        self.known = None

    def _add_finished(self, new: list[PastGame]) -> None:
        readable, damaged = _split_finished(self._get(FINISHED))
        if damaged:  # kept aside before the list is written again without them
            self._set_aside(damaged)
        entries = [entry for entry, _ in readable]
        texts = {past.text for _, past in readable}
        for past in new:
            if past.text not in texts:
                texts.add(past.text)
                entries.append(past.entry())
        self.store.setItem(FINISHED, json.dumps(entries[-KEEP_FINISHED:]))

    def remove_finished(self, text: str) -> None:
        """Take a past game back out (a pad whose last hand was undone): the entries kept
        as ``text`` go, every other entry stays as it is stored."""
        self.pending = [past for past in self.pending if past.text != text]
        readable, damaged = _split_finished(self._get(FINISHED))
        if damaged:
            self._set_aside(damaged)
        entries = [entry for entry, past in readable if past.text != text]
        if damaged or len(entries) != len(readable):  # the damaged ones now kept aside
            self.store.setItem(FINISHED, json.dumps(entries))

    def merge_finished(self, new: tuple[PastGame, ...]) -> None:
        """Add games from a backup, not those already here; the most recent are kept."""
        self._add_finished(sorted(new, key=lambda past: past.finished))

    def _set_aside(self, damaged: list[str]) -> None:
        aside = self.set_aside()
        self.store.setItem(SET_ASIDE, json.dumps([*aside, *damaged]))

    def set_aside(self) -> list[str]:
        """The damaged entries kept aside, as their raw text."""
        try:
            stored = safejson.loads(self._get(SET_ASIDE) or "[]")
        except ValueError:
            return []
        return [item for item in stored if isinstance(item, str)] if isinstance(stored, list) else []

    def finished(self) -> tuple[list[PastGame], int]:
        """Finished games, oldest first (with any still waiting to be written), and how many
        could not be read."""
        try:
            stored = (self._get(FINISHED), self._get(SET_ASIDE))
        except Exception:  # storage that cannot be read shows no past games
            return list(self.pending), 0
        if self._read is None or self._read[0] != stored:
            games, damaged = read_finished(stored[0])
            self._read = stored, (games, len(damaged) + len(self.set_aside()))
        games, unreadable = self._read[1]
        if not self.pending:
            return list(games), unreadable
        texts = {past.text for past in games}
        return [*games, *(past for past in self.pending if past.text not in texts)], unreadable

    # --- settings ------------------------------------------------------------------------

    def load_settings(self) -> tuple[Settings, Text]:
        """The phone's settings, and a notice if they were damaged (the defaults are used)."""
        try:
            text = self._get(SETTINGS)
        except Exception:  # blocked storage: the defaults, and load_current says why
            return Settings(), NOTHING
        if text is None:
            return Settings(), NOTHING
        try:
            stored = safejson.loads(text) if len(text) < MAX_SAVE_CHARS else None
        except ValueError:
            stored = None
        if not isinstance(stored, dict):
            return Settings(), said("storage.settings_reset")
        language = stored.get("language")
        speed, sound = stored.get("speed"), stored.get("sound")
        settings = Settings(
            language=language if language in LANGUAGES else "",
            large_type=stored.get("large_type") is True,
            speed=Speed(speed) if isinstance(speed, str) and speed in tuple(Speed) else Speed.NORMAL,
            sound=sound if sound in ("on", "off") else "",
        )
        # Each choice the phone stored comes back as it was, or the settings were damaged.
        kept = asdict(settings)
        damaged = any(key not in kept or kept[key] != value for key, value in stored.items())
        return settings, said("storage.settings_reset") if damaged else NOTHING

    def save_settings(self, settings: Settings) -> None:
        with contextlib.suppress(Exception):
            self.store.setItem(SETTINGS, json.dumps(asdict(settings)))

    # --- the phase lists kept on the phone ---------------------------------------------------

    def saved_lists(self) -> tuple[PhaseList, ...]:
        """The lists kept on the phone, oldest first (none, where storage cannot be read)."""
        try:
            return tuple(read_lists(self._get(LISTS))[0])
        except Exception:
            return ()

    def keep_list(self, phase_list: PhaseList) -> tuple[tuple[PhaseList, ...], Text]:
        """Keep ``phase_list`` under its name; a list of the same phases kept before takes
        the new name.  The lists now kept, and why not, if storage refuses or the phone
        already keeps ``KEEP_LISTS``."""
        return self._write_lists(lambda lists: [*_without(lists, phase_list), phase_list])

    def forget_list(self, phase_list: PhaseList) -> tuple[tuple[PhaseList, ...], Text]:
        """No longer keep the list of ``phase_list``'s phases."""
        return self._write_lists(lambda lists: _without(lists, phase_list))

    def merge_lists(self, new: Sequence[PhaseList]) -> Text:
        """Add a backup's lists, not those already here (by their phases): a problem, or nothing."""
        # Not capped: a restore keeps everything the backup held.
        return self._write_lists(
            lambda lists: [*lists, *(kept for kept in new if not _has(lists, kept))], None
        )[1]

    def _write_lists(
        self, change: Callable[[list[PhaseList]], list[PhaseList]], cap: int | None = KEEP_LISTS
    ) -> tuple[tuple[PhaseList, ...], Text]:
        """Read the kept lists, change them and write them back, unless that would pass
        ``cap``.  Entries that cannot be read are written back as they were: a damaged entry
        is never dropped unasked."""
        try:
            stored = self._get(LISTS)
        except Exception as error:
            return (), said("lists.not_saved", detail=str(error))
        lists, damaged = read_lists(stored)
        changed = change(lists)
        if cap is not None and len(changed) > max(len(lists), cap):
            return tuple(lists), said("lists.full", count=cap)
        if changed == lists:
            return tuple(lists), NOTHING
        try:
            unlisted = _unlisted(stored)
            if unlisted is not None:  # kept aside before the slot is written again
                aside = _stored_entries(self._get(LISTS_ASIDE)) or []
                self.store.setItem(LISTS_ASIDE, json.dumps([*aside, unlisted]))
            self.store.setItem(LISTS, json.dumps([*map(_list_entry, changed), *damaged]))
        except Exception as error:
            return tuple(lists), said("lists.not_saved", detail=str(error))
        return tuple(changed), NOTHING

    # --- restoring a backup ----------------------------------------------------------------

    def restore(
        self, game: GameState | None, finished: tuple[PastGame, ...], lists: Sequence[PhaseList] = ()
    ) -> Text:
        """Write a checked backup: its game replaces the one here (the player agreed), its
        past games and phase lists join these.  A problem to show, or nothing."""
        if lists:
            problem = self.merge_lists(lists)
            if problem:
                return problem
        try:
            if finished:
                self.merge_finished(finished)
            if game is not None:
                text = save_text(game, self.seq + 1)
                self.store.setItem(CURRENT, text)
                self.known, self.seq = text, self.seq + 1
        except Exception as error:
            return said("storage.not_saved", detail=str(error))
        return NOTHING


def _without(lists: list[PhaseList], phase_list: PhaseList) -> list[PhaseList]:
    return [kept for kept in lists if kept.phases != phase_list.phases]


def _has(lists: Sequence[PhaseList], phase_list: PhaseList) -> bool:
    return any(kept.phases == phase_list.phases for kept in lists)
