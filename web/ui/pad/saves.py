"""The score pad's slot in storage (``ten-phases/pad``), kept with the same promises as
the game's (see ``saves.storage``): a pad another window wrote, or one that cannot be read, is
never written over unasked, and a finished pad joins the past games at once.

A finished pad stays in its slot, shown with its winner, so its last hand can still be
undone: it then leaves the past games again.
"""

from __future__ import annotations

from dataclasses import dataclass

from phase10.pad import ScorePad
from phase10.pad import standings as pad_standings
from phase10.serialize import pad_to_json

from ..kit.i18n import NOTHING, Text
from ..kit.i18n import text as said
from ..records import PAD, LoadedPad, pad_text, read_pad
from ..saves.storage import Saves

__all__ = ["PadSlot"]


@dataclass
class PadSlot:
    """The pad slot as one window sees it."""

    saves: Saves
    known: str | None = None  # the slot's text as this window last read or wrote it
    seq: int = 0
    done: str | None = None  # the finished pad this window put in the past games

    def load(self) -> LoadedPad:
        """The saved pad, or why it cannot be read; this window now knows that save."""
        try:
            text = self.saves.store.getItem(PAD)
        except Exception as error:  # storage itself may refuse (private mode, blocked)
            return LoadedPad(problem=said("storage.unreadable", detail=str(error)))
        text = text if isinstance(text, str) else None
        loaded = read_pad(text)
        self.known, self.seq = text, max(self.seq, loaded.seq)
        self.done = pad_to_json(loaded.pad) if loaded.pad is not None and _finished(loaded.pad) else None
        return loaded

    def changed_elsewhere(self) -> LoadedPad | None:
        """The pad another window wrote since this one last read or wrote, if any."""
        try:
            text = self.saves.store.getItem(PAD)
        except Exception:
            return None
        return None if (text if isinstance(text, str) else None) == self.known else self.load()

    def record(self, pad: ScorePad, now: str = "", *, fresh: bool = False) -> tuple[Text, LoadedPad | None]:
        """Save ``pad`` after an entry: a problem to show, and the newer pad another window
        wrote (not written over: the window should show it instead).  A finished pad joins
        the past games, with ``now`` as when it finished; one no longer finished (its last
        hand undone or mended) leaves them.  A ``fresh`` pad replaces the last one, which
        stays in the past games if it finished."""
        newer = self.changed_elsewhere()
        if newer is not None:
            return NOTHING, newer
        try:
            text = pad_text(pad, self.seq + 1)
            self.saves.store.setItem(PAD, text)
        except Exception as error:  # a full or blocked storage must not stop the pad
            return said("storage.not_saved", detail=str(error)), None
        self.known, self.seq = text, self.seq + 1
        if fresh:
            self.done = None
        return self._keep_finished(pad, now), None

    def _keep_finished(self, pad: ScorePad, now: str) -> Text:
        kept = pad_to_json(pad) if _finished(pad) else None
        if kept == self.done:
            return NOTHING
        try:
            if self.done is not None:
                self.saves.remove_finished(self.done)
            if kept is not None and not self.saves.keep_finished(pad, now):
                return said("storage.finished_kept")
        except Exception as error:
            return said("storage.not_saved", detail=str(error))
        self.done = kept
        return NOTHING

    def restore(self, pad: ScorePad | None) -> Text:
        """Write a backup's pad (the player agreed it replaces this one); a problem, or nothing."""
        if pad is None:
            return NOTHING
        try:
            text = pad_text(pad, self.seq + 1)
            self.saves.store.setItem(PAD, text)
        except Exception as error:
            return said("storage.not_saved", detail=str(error))
        self.known, self.seq = text, self.seq + 1
        self.done = pad_to_json(pad) if _finished(pad) else None
        return NOTHING

    def discard(self) -> None:
        """Throw the slot's pad away (one that could not be read, the player agreeing)."""
        try:
            self.saves.store.removeItem(PAD)
        except Exception:
            return
        self.known, self.done = None, None


def _finished(pad: ScorePad) -> bool:
    return pad_standings(pad).decided
