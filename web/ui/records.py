"""What the app keeps, as data: the game slot as read, a past game, a score pad's stored
form, and a backup read and checked. It builds on the engine and the words only, so the screens' state
(``state``), the saves (``saves.storage``, ``pad.saves``) and the backups (``saves.backups``) can
all name these types without importing one another."""

from __future__ import annotations

from dataclasses import dataclass

from phase10 import GameState, safejson
from phase10.pad import ScorePad
from phase10.rules import PhaseList
from phase10.serialize import CorruptStateError, NewerSaveError, pad_from_dict, pad_to_json, to_json

from .kit.i18n import NOTHING, Text
from .kit.i18n import text as said

__all__ = ["MAX_PAD_CHARS", "PAD", "Loaded", "LoadedPad", "PastGame", "Restore", "pad_text", "read_pad"]

PAD = "ten-phases/pad"
MAX_PAD_CHARS = 1_000_000


@dataclass(frozen=True, slots=True)
class Loaded:
    """What the game slot holds: a game, nothing, or why it cannot be opened."""

    game: GameState | None = None
    problem: Text = NOTHING  # damaged, or made by a newer version
    newer: bool = False  # made by a newer version of the app: kept, and not called damaged
    seq: int = 0
    drawn: str = ""  # the card the player to move drew this turn, unchecked (see table.play.drawn_in)
    away: tuple[int, ...] = ()  # the seats played from other phones when it was saved (issue 38)


@dataclass(frozen=True, slots=True)
class PastGame:
    """A finished game from the score sheets, played in the app or with real cards (its
    score pad), and when it finished (an ISO 8601 time, as the page gave it; empty for
    games kept before the time was recorded).  ``seat``: the game ran on another phone and
    this one played that seat (issue 38); it kept the game's public sheet, as a pad."""

    game: GameState | ScorePad
    finished: str = ""
    seat: int | None = None

    @property
    def text(self) -> str:
        """The game's JSON: the same game kept twice is one game."""
        return to_json(self.game) if isinstance(self.game, GameState) else pad_to_json(self.game)

    def entry(self) -> dict[str, str | int]:
        key = "game" if isinstance(self.game, GameState) else "pad"
        seat = {} if self.seat is None else {"seat": self.seat}
        return {key: self.text, "finished": self.finished, **seat}


@dataclass(frozen=True, slots=True)
class Restore:
    """A backup file, read and checked: what restoring it would write."""

    game: GameState | None
    finished: tuple[PastGame, ...]
    left_out: int  # past games in the file that cannot be read
    made: str  # when the file was made, as its phone wrote it
    pad: ScorePad | None = None  # the score pad in progress
    lists: tuple[PhaseList, ...] = ()  # the phase lists kept on the phone


@dataclass(frozen=True, slots=True)
class LoadedPad:
    """What the pad slot holds: a pad, nothing, or why it cannot be opened."""

    pad: ScorePad | None = None
    problem: Text = NOTHING
    newer: bool = False  # written by a newer version of the app: kept, and not called damaged
    seq: int = 0


def read_pad(text: object) -> LoadedPad:
    """The pad in a stored text (the slot's, or a past game's entry); never raises."""
    if not isinstance(text, str):
        return LoadedPad()
    try:
        return _read_pad(text)
    except NewerSaveError as error:
        return LoadedPad(
            problem=said("storage.newer", version=error.version, supported=error.supported), newer=True
        )
    except CorruptStateError as error:
        return LoadedPad(problem=said("pad.damaged", detail=str(error)))
    except Exception as error:  # a bug in the checks must not stop the app: the pad is kept
        return LoadedPad(problem=said("pad.damaged", detail=f"{type(error).__name__}: {error}"))


def _read_pad(text: str) -> LoadedPad:
    if len(text) > MAX_PAD_CHARS:
        raise CorruptStateError(f"saved pad is {len(text):,} characters long: far more than a pad")
    try:
        data = safejson.loads(text)
    except safejson.JSONInputError as error:
        raise CorruptStateError(f"saved pad is not valid JSON: {error}") from None
    if isinstance(data, dict) and "seq" in data:
        seq = data["seq"]
        if isinstance(seq, bool) or not isinstance(seq, int) or seq < 1:
            raise CorruptStateError("seq should be a whole number from 1")
        return LoadedPad(pad=pad_from_dict(data.get("pad")), seq=seq)
    return LoadedPad(pad=pad_from_dict(data))


def pad_text(pad: ScorePad, seq: int) -> str:
    """The stored form of ``pad``, written as the ``seq``-th save."""
    return f'{{"seq":{seq},"pad":{pad_to_json(pad)}}}'
