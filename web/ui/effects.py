"""What an update asks the page to do, and what the page answers: effects as data.

``update.update`` turns a message into an ``Outcome``: the next UI state and the effects
it asks for, as plain values (save this game, play these sounds, read out these
lines...).  Only the page (``shell/app.py``) carries effects out.  Some have an answer,
which the page sends back through ``update`` as one of the answer messages below
(the save refused because another window wrote meanwhile; the backup written).
Nothing here touches the DOM, so the tests read the effects straight off ``update``.

What follows from the state alone is not an effect: the page renders the screen the
state shows, sets the computer's timer from it (``play.timer_event``) and keeps the
screen to open on (``first_paint.opening``) after every step.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from phase10 import GameState
from phase10.pad import ScorePad
from phase10.rules import PhaseList

from .kit.i18n import NOTHING, Text
from .records import Loaded, LoadedPad, Restore
from .state import Settings, Ui
from .taps import Tap

__all__ = [
    "Announce",
    "Answer",
    "AnswerPeer",
    "BackupWritten",
    "CloseCamera",
    "ClosePeer",
    "ConnectPeer",
    "DiscardPad",
    "DiscardSave",
    "Effect",
    "FinishedWaiting",
    "ForgetList",
    "GameSaved",
    "Handler",
    "HostSaid",
    "KeepList",
    "KeepSeatGame",
    "ListsKept",
    "Message",
    "NoteRefused",
    "OpenCamera",
    "OpenPeer",
    "OtherWindow",
    "Outcome",
    "PadSaved",
    "PeerCode",
    "PeerFailed",
    "PhoneLinked",
    "PhoneSaid",
    "PlaySound",
    "RestoreBackup",
    "SaveGame",
    "SavePad",
    "SaveSettings",
    "ShareSheet",
    "StorageKept",
    "TellHost",
    "TellPhone",
    "WriteBackup",
]


# --- effects: what the page is asked to do ---------------------------------------------


@dataclass(frozen=True, slots=True)
class SaveGame:
    """Write the game after a move (answered by ``GameSaved``).  ``drawn``: the card its
    player drew this turn, kept for the screen; ``away``: the seats played from other phones,
    which wait for them after a reload; the page adds the time a finished game ended."""

    game: GameState
    drawn: str = ""
    away: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class KeepSeatGame:
    """Put a game this phone played one seat of, on another phone, in the past games: its
    public sheet as a pad, and the seat (answered by ``GameSaved`` if storage refuses)."""

    pad: ScorePad
    seat: int


@dataclass(frozen=True, slots=True)
class SavePad:
    """Write the score pad after an entry (answered by ``PadSaved``); ``fresh``: a new pad
    that takes the slot's place."""

    pad: ScorePad
    fresh: bool = False


@dataclass(frozen=True, slots=True)
class DiscardSave:
    """Throw away the saved game that could not be read (the player agreed)."""


@dataclass(frozen=True, slots=True)
class DiscardPad:
    """Throw away the saved score pad that could not be read (the player agreed)."""


@dataclass(frozen=True, slots=True)
class RestoreBackup:
    """Write a checked backup over what the phone holds (answered by ``BackupWritten``)."""

    backup: Restore


@dataclass(frozen=True, slots=True)
class SaveSettings:
    settings: Settings


@dataclass(frozen=True, slots=True)
class KeepList:
    """Keep a phase list on the phone under its name (answered by ``ListsKept``)."""

    phase_list: PhaseList


@dataclass(frozen=True, slots=True)
class ForgetList:
    """No longer keep the list of these phases (answered by ``ListsKept``)."""

    phase_list: PhaseList


@dataclass(frozen=True, slots=True)
class PlaySound:
    """The sounds a move makes, in order ("draw", "turn"...); the page plays them if the
    settings and the phone allow, and buzzes for a person's turn."""

    cues: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Announce:
    """What the live region reads out for this step, in the table's language: each line
    once, for the message that made it."""

    lines: tuple[Text, ...]


@dataclass(frozen=True, slots=True)
class WriteBackup:
    """Save a backup file of everything the phone keeps (answered by ``taps.BackedUp``,
    naming the file)."""


@dataclass(frozen=True, slots=True)
class ShareSheet:
    """Share a finished game's sheet (``which``: the past game's id, or "" for the game
    just finished), within the tap, as browsers require (answered by ``taps.Shared``)."""

    which: str = ""


@dataclass(frozen=True, slots=True)
class TellPhone:
    """Send a joined phone a message of ``phase10.wire`` (its seat's view) over its channel."""

    seat: int
    text: str


@dataclass(frozen=True, slots=True)
class TellHost:
    """Send the phone that runs the game a message of ``phase10.wire`` (this seat's move)."""

    text: str


@dataclass(frozen=True, slots=True)
class OpenPeer:
    """Start a connection for ``seat`` with a new secret token: its code is answered by
    ``PeerCode`` (or ``PeerFailed``)."""

    seat: int


@dataclass(frozen=True, slots=True)
class AnswerPeer:
    """Answer a host's code (already read and checked): this phone's code is answered by
    ``PeerCode`` with seat -1 (or ``PeerFailed``)."""

    code: str


@dataclass(frozen=True, slots=True)
class ConnectPeer:
    """Finish the connection for ``seat`` with the joining phone's code (read and checked)."""

    seat: int
    code: str


@dataclass(frozen=True, slots=True)
class ClosePeer:
    """Close the connection for ``seat`` (-1: this joined phone's, to its host)."""

    seat: int


@dataclass(frozen=True, slots=True)
class NoteRefused:
    """Write to the console what came over a channel and was refused, and why: never
    applied, never shown as an error to the table (issue 38)."""

    line: str


@dataclass(frozen=True, slots=True)
class OpenCamera:
    """Open the camera's view and read QR codes until one is a pairing code: it goes into
    the box ``box``, sent as the tap of the button that carries that box's text (as if
    typed); a camera that cannot be used is answered by ``taps.ScanRefused``."""

    box: str


@dataclass(frozen=True, slots=True)
class CloseCamera:
    """Close the camera's view, its camera stopped."""


Effect = (
    SaveGame
    | SavePad
    | KeepSeatGame
    | DiscardSave
    | DiscardPad
    | RestoreBackup
    | SaveSettings
    | KeepList
    | ForgetList
    | PlaySound
    | Announce
    | WriteBackup
    | ShareSheet
    | TellPhone
    | TellHost
    | NoteRefused
    | OpenPeer
    | AnswerPeer
    | ConnectPeer
    | ClosePeer
    | OpenCamera
    | CloseCamera
)


# --- answers and news: messages from the page that are not taps --------------------------


@dataclass(frozen=True, slots=True)
class GameSaved:
    """How ``SaveGame`` went: a problem to show, or another window's newer save, which was
    not written over and is shown instead."""

    problem: Text = NOTHING
    newer: Loaded | None = None


@dataclass(frozen=True, slots=True)
class PadSaved:
    """How ``SavePad`` went, as ``GameSaved``."""

    problem: Text = NOTHING
    newer: LoadedPad | None = None


@dataclass(frozen=True, slots=True)
class BackupWritten:
    """How ``RestoreBackup`` went: NOTHING, or why it could not be written; and the phase
    lists the phone keeps now."""

    problem: Text = NOTHING
    lists: tuple[PhaseList, ...] = ()


@dataclass(frozen=True, slots=True)
class ListsKept:
    """How ``KeepList`` or ``ForgetList`` went: the lists the phone keeps now, and why the
    change could not be written, if it could not."""

    lists: tuple[PhaseList, ...]
    problem: Text = NOTHING


@dataclass(frozen=True, slots=True)
class StorageKept:
    """Whether the browser keeps this site's storage (None: it does not say)."""

    kept: bool | None


@dataclass(frozen=True, slots=True)
class OtherWindow:
    """Another window of the app wrote to storage: what it wrote, read back (None: that
    part was not touched); ``past_games``: the list of finished games changed."""

    game: Loaded | None = None
    pad: LoadedPad | None = None
    settings: Settings | None = None
    lists: tuple[PhaseList, ...] | None = None  # the phase lists kept
    past_games: bool = False


@dataclass(frozen=True, slots=True)
class FinishedWaiting:
    """A finished game that storage refused is still waiting to be written."""


@dataclass(frozen=True, slots=True)
class PhoneSaid:
    """A joined phone sent this text over the channel of ``seat`` (on the phone that runs
    the game)."""

    seat: int
    text: str


@dataclass(frozen=True, slots=True)
class HostSaid:
    """The phone that runs the game sent this text (on a joined phone)."""

    text: str


@dataclass(frozen=True, slots=True)
class PeerCode:
    """This phone's code for ``seat`` (-1: a joining phone's answer), and the token in it."""

    seat: int
    code: str
    token: str


@dataclass(frozen=True, slots=True)
class PeerFailed:
    """The browser could not make a connection for ``seat`` (-1: a joining phone's)."""

    seat: int


@dataclass(frozen=True, slots=True)
class PhoneLinked:
    """The channel to the phone playing ``seat`` opened, or closed (``open`` False)."""

    seat: int
    open: bool


Answer = (
    GameSaved
    | PadSaved
    | BackupWritten
    | ListsKept
    | StorageKept
    | OtherWindow
    | FinishedWaiting
    | PhoneSaid
    | HostSaid
    | PhoneLinked
    | PeerCode
    | PeerFailed
)
Message = Tap | Answer


@dataclass(frozen=True, slots=True)
class Outcome:
    """One update's outcome: the next UI state, and the effects for the page to carry out,
    in order."""

    ui: Ui
    effects: tuple[Effect, ...] = field(default=())

    @property
    def said(self) -> tuple[Text, ...]:
        """What this step reads out (its ``Announce`` lines)."""
        return tuple(line for effect in self.effects if isinstance(effect, Announce) for line in effect.lines)

    @property
    def cues(self) -> tuple[str, ...]:
        """The sounds this step makes."""
        return tuple(cue for effect in self.effects if isinstance(effect, PlaySound) for cue in effect.cues)

    def then(self, *effects: Effect) -> Outcome:
        return Outcome(self.ui, (*self.effects, *effects))


# What a tap does: the next state, or the next state and its effects.  Each handler takes
# the one type of ``taps.Tap`` it is registered for (tests/web/test_update.py checks it).
Handler = Callable[[Ui, Any], Ui | Outcome]
