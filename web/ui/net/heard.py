"""Another phone's text, read (``phase10.wire.read_message``) before the host or a joined
phone looks at what it says."""

from __future__ import annotations

from phase10.wire import Message, Ping, WireError, read_message

from ..effects import NoteRefused, Outcome
from ..state import Ui

__all__ = ["heard"]


def heard(ui: Ui, text: str, sender: str) -> Message | Outcome:
    """The message in ``text``; or, when there is nothing more to do with it, the update's
    outcome: a text that is no message is refused and noted, naming ``sender``, and a ping,
    which only keeps the channel awake, changes nothing."""
    try:
        said = read_message(text)
    except WireError as error:
        return Outcome(ui, (NoteRefused(f"{sender}: {error}"),))
    if isinstance(said, Ping):
        return Outcome(ui)
    return said
