"""What the player asks for, as typed messages: a tap, a key, Back, and the page's timer.

The page reports a control as it finds it in the DOM: an ``Event`` of its
``data-action`` (or ``data-change``), its ``data-value`` and, on the set-up forms,
the form's fields.  ``parse`` turns that into one of the types below, once, at the
page's edge: a value that does not read (``select`` of "x") gives None, and the
page drops the tap.  ``update`` then routes each type to its handler, so no
handler reads a string again.  ``PARSERS`` names the control each type comes
from; ``tests/web/test_update.py`` checks that every control on every screen
parses, and that every type has a handler and is sent by a screen or the page.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from phase10.rules import GroupKind

from .kit.i18n import LANGUAGES
from .state import Event, SetupInput, Sort, Speed


class Tap:
    """A message from the player (or the page's timer, or Back); see ``PARSERS``."""

    __slots__ = ()


# --- moving between screens, the menu, settings (controller) --------------------------------


@dataclass(frozen=True, slots=True)
class GoHome(Tap):
    pass


@dataclass(frozen=True, slots=True)
class OpenRules(Tap):
    pass


@dataclass(frozen=True, slots=True)
class OpenHistory(Tap):
    pass


@dataclass(frozen=True, slots=True)
class OpenSettings(Tap):
    pass


@dataclass(frozen=True, slots=True)
class Back(Tap):
    """The app's Back button (``browser`` False) or the browser's own Back (True)."""

    browser: bool = False


@dataclass(frozen=True, slots=True)
class OpenMenu(Tap):
    pass


@dataclass(frozen=True, slots=True)
class CloseMenu(Tap):
    pass


@dataclass(frozen=True, slots=True)
class LeaveTable(Tap):
    pass


@dataclass(frozen=True, slots=True)
class StayAtTable(Tap):
    pass


@dataclass(frozen=True, slots=True)
class DropDamagedSave(Tap):
    """Throw away the saved game that could not be read."""


@dataclass(frozen=True, slots=True)
class SetLanguage(Tap):
    language: str  # "" follows the browser's


@dataclass(frozen=True, slots=True)
class SetLargeType(Tap):
    on: bool


@dataclass(frozen=True, slots=True)
class SetSpeed(Tap):
    speed: Speed


@dataclass(frozen=True, slots=True)
class SetSound(Tap):
    on: bool


# --- the set-up form (setup.form) --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class NewGame(Tap):
    against_computers: bool = False  # one person against two computer players
    on_phones: bool = False  # each person at the table on their own phone (issue 38)


@dataclass(frozen=True, slots=True)
class AddPlayer(Tap):
    form: SetupInput | None = None


@dataclass(frozen=True, slots=True)
class RemovePlayer(Tap):
    seat: int | None = None  # None: the last
    form: SetupInput | None = None


@dataclass(frozen=True, slots=True)
class ChangeSetup(Tap):
    form: SetupInput | None = None


@dataclass(frozen=True, slots=True)
class StartGame(Tap):
    seed: str = ""  # the page's random seed, used when the form names none
    form: SetupInput | None = None


@dataclass(frozen=True, slots=True)
class UsePhaseCode(Tap):
    """Play the list whose code is typed in the form's code box (ruling 31)."""

    form: SetupInput | None = None


@dataclass(frozen=True, slots=True)
class DealPhaseList(Tap):
    """Deal a list by chance, of the length the form asks for."""

    seed: str = ""  # the page's random seed
    form: SetupInput | None = None


@dataclass(frozen=True, slots=True)
class EditionPhases(Tap):
    """Back to the edition's own phases."""

    form: SetupInput | None = None


@dataclass(frozen=True, slots=True)
class KeepPhaseList(Tap):
    """Keep the list chosen on the phone, under the name typed for it."""

    form: SetupInput | None = None


@dataclass(frozen=True, slots=True)
class PlaySavedList(Tap):
    """Play a list kept on the phone: the one whose share code is ``code``."""

    code: str
    form: SetupInput | None = None


@dataclass(frozen=True, slots=True)
class ForgetSavedList(Tap):
    """No longer keep the list whose share code is ``code``."""

    code: str
    form: SetupInput | None = None


@dataclass(frozen=True, slots=True)
class EditList(Tap):
    """Make a list of the table's own, starting from the phases chosen now."""

    form: SetupInput | None = None


@dataclass(frozen=True, slots=True)
class OpenListPhase(Tap):
    index: int  # the phase to edit, from 0


@dataclass(frozen=True, slots=True)
class AddListPhase(Tap):
    pass


@dataclass(frozen=True, slots=True)
class RemoveListPhase(Tap):
    pass


@dataclass(frozen=True, slots=True)
class MoveListPhase(Tap):
    earlier: bool  # True: one place up the list


@dataclass(frozen=True, slots=True)
class AddListGroup(Tap):
    pass


@dataclass(frozen=True, slots=True)
class RemoveListGroup(Tap):
    group: int


@dataclass(frozen=True, slots=True)
class SetGroupKind(Tap):
    group: int
    kind: GroupKind


@dataclass(frozen=True, slots=True)
class StepGroupSize(Tap):
    group: int
    step: int  # +1 or -1


@dataclass(frozen=True, slots=True)
class UseEditedList(Tap):
    pass


@dataclass(frozen=True, slots=True)
class LinkedPhases(Tap):
    """The app was opened by a link that names a list (``?phases=CODE``): set-up, with it."""

    code: str


# --- play at the table (play) ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ContinueGame(Tap):
    pass


@dataclass(frozen=True, slots=True)
class PlayAgain(Tap):
    seed: int | None = None  # None: the last game's seed and one


@dataclass(frozen=True, slots=True)
class Reveal(Tap):
    """The phone was passed on: show the hand."""


@dataclass(frozen=True, slots=True)
class DrawCard(Tap):
    pass


@dataclass(frozen=True, slots=True)
class TakeDiscard(Tap):
    pass


@dataclass(frozen=True, slots=True)
class Select(Tap):
    index: int  # a position in the hand as shown


@dataclass(frozen=True, slots=True)
class SortHand(Tap):
    order: Sort


@dataclass(frozen=True, slots=True)
class AllMoves(Tap):
    pass


@dataclass(frozen=True, slots=True)
class Lay(Tap):
    pass


@dataclass(frozen=True, slots=True)
class LayNext(Tap):
    pass


@dataclass(frozen=True, slots=True)
class Confirm(Tap):
    pass


@dataclass(frozen=True, slots=True)
class Choose(Tap):
    index: int  # one of the prompt's options


@dataclass(frozen=True, slots=True)
class Cancel(Tap):
    pass


@dataclass(frozen=True, slots=True)
class OpenPick(Tap):
    """Phases in any order: open the question of which phase to play this hand."""


@dataclass(frozen=True, slots=True)
class HitGroup(Tap):
    seat: int
    group: int


@dataclass(frozen=True, slots=True)
class DiscardCard(Tap):
    pass


@dataclass(frozen=True, slots=True)
class NextHand(Tap):
    pass


@dataclass(frozen=True, slots=True)
class ComputerMove(Tap):
    """The page's timer: the computer player to move makes its move."""


@dataclass(frozen=True, slots=True)
class SeeScores(Tap):
    pass


@dataclass(frozen=True, slots=True)
class Hint(Tap):
    pass


# --- several phones at one table (net) ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class OpenPhones(Tap):
    """The phone that runs the game: which seats are played from other phones."""


@dataclass(frozen=True, slots=True)
class LinkPhone(Tap):
    """Play ``seat`` from another phone: this phone makes its code."""

    seat: int


@dataclass(frozen=True, slots=True)
class AcceptPhone(Tap):
    """The code the phone joining for ``seat`` showed, typed or pasted on the host."""

    seat: int
    code: str


@dataclass(frozen=True, slots=True)
class UnlinkPhone(Tap):
    """Play ``seat`` on this phone again (pass-and-play), or stop waiting for its phone."""

    seat: int


@dataclass(frozen=True, slots=True)
class ComputerTakesSeat(Tap):
    """A computer plays ``seat`` from now on: its phone is gone and nobody here plays it."""

    seat: int


@dataclass(frozen=True, slots=True)
class PhoneUnreached(Tap):
    """The page's timer: the channel to ``seat``'s phone did not open in time after Connect."""

    seat: int


@dataclass(frozen=True, slots=True)
class HostSlow(Tap):
    """The page's timer: this phone's answer has been shown a while and no channel opened."""


@dataclass(frozen=True, slots=True)
class OpenJoin(Tap):
    """Join a game run on another phone."""


@dataclass(frozen=True, slots=True)
class JoinAgain(Tap):
    """The joining phone's answer is given up: the host's code is entered afresh."""


@dataclass(frozen=True, slots=True)
class JoinWithCode(Tap):
    """The host's code, typed or pasted on the joining phone."""

    code: str


@dataclass(frozen=True, slots=True)
class ScanCode(Tap):
    """Read the other phone's code with the camera, for the box ``box`` (the id of a code
    box: the code found is sent as the tap of the button that carries that box's text)."""

    box: str


@dataclass(frozen=True, slots=True)
class StopScan(Tap):
    """Close the camera's view without a code (Cancel, or Escape)."""


@dataclass(frozen=True, slots=True)
class ScanRefused(Tap):
    """The page: the camera could not read a code, and why (``net.scanning.REFUSALS``)."""

    why: str


# --- sharing and backups (share, backups) -----------------------------------------------------


@dataclass(frozen=True, slots=True)
class Share(Tap):
    which: str = ""  # a past game's index, "pad" for the score pad, or "" for the game just finished


@dataclass(frozen=True, slots=True)
class Shared(Tap):
    """How the page's sharing went: "shared", "copied", "cancelled" or "failed"."""

    outcome: str


@dataclass(frozen=True, slots=True)
class SaveBackup(Tap):
    pass


@dataclass(frozen=True, slots=True)
class BackedUp(Tap):
    name: str  # the file's name; "" when it could not be saved


@dataclass(frozen=True, slots=True)
class RestoreFile(Tap):
    content: str  # the file's text; "" when it could not be read


@dataclass(frozen=True, slots=True)
class RestoreConfirm(Tap):
    pass


@dataclass(frozen=True, slots=True)
class RestoreCancel(Tap):
    pass


# --- the score pad (pad.form) -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class OpenPad(Tap):
    pass


@dataclass(frozen=True, slots=True)
class NewPad(Tap):
    pass


@dataclass(frozen=True, slots=True)
class StartPad(Tap):
    form: SetupInput | None = None


@dataclass(frozen=True, slots=True)
class WriteHand(Tap):
    pass


@dataclass(frozen=True, slots=True)
class MendHand(Tap):
    number: int  # the hand's number on the pad, from 1


@dataclass(frozen=True, slots=True)
class UndoHand(Tap):
    pass


@dataclass(frozen=True, slots=True)
class RedoHand(Tap):
    pass


@dataclass(frozen=True, slots=True)
class MarkOut(Tap):
    seat: int


@dataclass(frozen=True, slots=True)
class MarkLaid(Tap):
    seat: int


@dataclass(frozen=True, slots=True)
class PointAt(Tap):
    seat: int


@dataclass(frozen=True, slots=True)
class WritePhase(Tap):
    """Phases in any order: the phase a player played for this hand (None: not chosen)."""

    seat: int
    phase: int | None


@dataclass(frozen=True, slots=True)
class Key(Tap):
    key: str  # one digit, or "back"


@dataclass(frozen=True, slots=True)
class OpenCounter(Tap):
    seat: int


@dataclass(frozen=True, slots=True)
class CountMore(Tap):
    kind: int


@dataclass(frozen=True, slots=True)
class CountLess(Tap):
    kind: int


@dataclass(frozen=True, slots=True)
class UseCount(Tap):
    pass


@dataclass(frozen=True, slots=True)
class CloseCounter(Tap):
    pass


@dataclass(frozen=True, slots=True)
class SaveHand(Tap):
    pass


@dataclass(frozen=True, slots=True)
class CancelHand(Tap):
    pass


@dataclass(frozen=True, slots=True)
class DropDamagedPad(Tap):
    """Throw away the saved score pad that could not be read."""


# --- parsing, at the page's edge ---------------------------------------------------------------


def _number(value: str) -> int | None:
    return int(value) if value.isdigit() else None


def _switch(value: str) -> bool | None:
    """A switch as the page reports it: "yes" or "no"."""
    return {"yes": True, "no": False}.get(value)


def _plain(tap: Callable[[], Tap]) -> Callable[[Event], Tap]:
    return lambda _event: tap()


def _with_number(tap: Callable[[int], Tap]) -> Callable[[Event], Tap | None]:
    def parsed(event: Event) -> Tap | None:
        number = _number(event.value)
        return None if number is None else tap(number)

    return parsed


def _hit(event: Event) -> Tap | None:
    seat, _, group = event.value.partition(":")
    return HitGroup(int(seat), int(group)) if seat.isdigit() and group.isdigit() else None


def _switched(tap: Callable[[bool], Tap]) -> Callable[[Event], Tap | None]:
    def parsed(event: Event) -> Tap | None:
        on = _switch(event.value)
        return None if on is None else tap(on)

    return parsed


def _language(event: Event) -> Tap | None:
    return SetLanguage(event.value) if event.value in ("", *LANGUAGES) else None


def _speed(event: Event) -> Tap | None:
    return SetSpeed(Speed(event.value)) if event.value in tuple(Speed) else None


def _sort(event: Event) -> Tap | None:
    return SortHand(Sort(event.value)) if event.value in tuple(Sort) else None


def _accept_phone(event: Event) -> Tap | None:
    """``seat:code``: the seat's button names the seat, its box holds the code."""
    numbered = _numbered(event.value)
    return AcceptPhone(*numbered) if numbered is not None else None


# The ids of the boxes a code is typed into (``net.screens.code_box``): the joining phone's,
# and the host's for each seat.
_BOX = re.compile(r"host-code|answer-[0-9]")


def _key(event: Event) -> Tap | None:
    single_digit = event.value.isdigit() and len(event.value) == 1
    return Key(event.value) if event.value == "back" or single_digit else None


# Each control's name (its data-action or data-change) and how its value reads.
PARSERS: dict[str, Callable[[Event], Tap | None]] = {
    "home": _plain(GoHome),
    "rules": _plain(OpenRules),
    "history": _plain(OpenHistory),
    "settings": _plain(OpenSettings),
    "back": _plain(Back),
    "history-back": lambda _event: Back(browser=True),
    "menu": _plain(OpenMenu),
    "menu-close": _plain(CloseMenu),
    "leave": _plain(LeaveTable),
    "stay": _plain(StayAtTable),
    "discard-save": _plain(DropDamagedSave),
    "language": _language,
    "large-type": _switched(SetLargeType),
    "speed": _speed,
    "sound": _switched(SetSound),
    "new-game": lambda event: NewGame(
        against_computers=event.value == "computer", on_phones=event.value == "phones"
    ),
    "add-player": lambda event: AddPlayer(event.form),
    "remove-player": lambda event: RemovePlayer(_number(event.value), event.form),
    "setup-change": lambda event: ChangeSetup(event.form),
    "start-game": lambda event: StartGame(event.value, event.form),
    "use-phase-code": lambda event: UsePhaseCode(event.form),
    "deal-phase-list": lambda event: DealPhaseList(event.value, event.form),
    "edition-phases": lambda event: EditionPhases(event.form),
    "list-edit": lambda event: EditList(event.form),
    "keep-list": lambda event: KeepPhaseList(event.form),
    "saved-list": lambda event: PlaySavedList(event.value, event.form) if event.value else None,
    "forget-list": lambda event: ForgetSavedList(event.value, event.form) if event.value else None,
    "list-phase": _with_number(OpenListPhase),
    "list-add-phase": _plain(AddListPhase),
    "list-remove-phase": _plain(RemoveListPhase),
    "list-move": lambda event: {"up": MoveListPhase(True), "down": MoveListPhase(False)}.get(event.value),
    "list-add-group": _plain(AddListGroup),
    "list-remove-group": _with_number(RemoveListGroup),
    "list-kind": lambda event: _group_kind(event.value),
    "list-size": lambda event: _group_step(event.value),
    "list-use": _plain(UseEditedList),
    "continue": _plain(ContinueGame),
    "play-again": lambda event: PlayAgain(_number(event.value)),
    "reveal": _plain(Reveal),
    "draw": _plain(DrawCard),
    "take": _plain(TakeDiscard),
    "select": _with_number(Select),
    "sort": _sort,
    "all-moves": _plain(AllMoves),
    "lay": _plain(Lay),
    "lay-next": _plain(LayNext),
    "confirm": _plain(Confirm),
    "choose": _with_number(Choose),
    "cancel": _plain(Cancel),
    "pick": _plain(OpenPick),
    "hit": _hit,
    "discard": _plain(DiscardCard),
    "next-hand": _plain(NextHand),
    "computer": _plain(ComputerMove),
    "scores": _plain(SeeScores),
    "hint": _plain(Hint),
    "phones": _plain(OpenPhones),
    "link-phone": _with_number(LinkPhone),
    "accept-phone": _accept_phone,
    "unlink-phone": _with_number(UnlinkPhone),
    "computer-seat": _with_number(ComputerTakesSeat),
    "join-table": _plain(OpenJoin),
    "join-code": lambda event: JoinWithCode(event.value),
    "join-again": _plain(JoinAgain),
    "scan-code": lambda event: ScanCode(event.value) if _BOX.fullmatch(event.value) else None,
    "stop-scan": _plain(StopScan),
    "share": lambda event: Share(event.value),
    "shared": lambda event: Shared(event.value),
    "save-backup": _plain(SaveBackup),
    "backed-up": lambda event: BackedUp(event.value),
    "restore-file": lambda event: RestoreFile(event.value),
    "restore-confirm": _plain(RestoreConfirm),
    "restore-cancel": _plain(RestoreCancel),
    "pad": _plain(OpenPad),
    "pad-new": _plain(NewPad),
    "pad-start": lambda event: StartPad(event.form),
    "pad-write": _plain(WriteHand),
    "pad-mend": lambda event: MendHand(_number(event.value) or 0),
    "pad-undo": _plain(UndoHand),
    "pad-redo": _plain(RedoHand),
    "pad-out": _with_number(MarkOut),
    "pad-laid": _with_number(MarkLaid),
    "pad-at": _with_number(PointAt),
    "pad-phase": lambda event: _written_phase(event.value),
    "pad-key": _key,
    "pad-count": _with_number(OpenCounter),
    "pad-count-more": _with_number(CountMore),
    "pad-count-less": _with_number(CountLess),
    "pad-count-use": _plain(UseCount),
    "pad-count-close": _plain(CloseCounter),
    "pad-save": _plain(SaveHand),
    "pad-cancel": _plain(CancelHand),
    "pad-discard": _plain(DropDamagedPad),
}


def _numbered(value: str) -> tuple[int, str] | None:
    """ "N:REST", a control's value that names a seat or a group and one thing more."""
    head, colon, rest = value.partition(":")
    number = _number(head)
    return None if not colon or number is None else (number, rest)


_KINDS = {kind.value: kind for kind in GroupKind}
_STEPS = {"+": 1, "-": -1}


def _group_kind(value: str) -> Tap | None:
    """ "GROUP:KIND" from a group's kind menu in the list editor."""
    read = _numbered(value)
    return None if read is None or read[1] not in _KINDS else SetGroupKind(read[0], _KINDS[read[1]])


def _group_step(value: str) -> Tap | None:
    """ "GROUP:+" or "GROUP:-": a group's size one card more or less."""
    read = _numbered(value)
    return None if read is None or read[1] not in _STEPS else StepGroupSize(read[0], _STEPS[read[1]])


def _written_phase(value: str) -> Tap | None:
    """ "SEAT:PHASE" from the pad's phase menu; "SEAT:" for none chosen."""
    read = _numbered(value)
    if read is None or (read[1] and _number(read[1]) is None):
        return None
    return WritePhase(read[0], _number(read[1]) if read[1] else None)


def parse(event: Event) -> Tap | None:
    """The message a control sends; None for an unknown control or a value that does not read."""
    parser = PARSERS.get(event.name)
    return parser(event) if parser is not None else None
