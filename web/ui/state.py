"""The UI's state, as types: what the screen shows on top of the game, and what a tap says.

``Ui`` holds the game (an engine ``GameState``, the only game state there is) and
the little the screen needs on top of it: which screen shows, which cards are
selected, an open question.  ``Event`` is a tap or an input as the page reports
it.  Choices the UI makes from a fixed list are enums (``StrEnum`` where the page
or storage holds them as text, so the text reads back as the member).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum, StrEnum
from typing import TYPE_CHECKING

from phase10 import Action, Card, GameState, Options, PhaseSpec
from phase10.pad import HandEntry, ScorePad
from phase10.rules import EDITIONS, PERSON, GroupSpec, OptionsError, PhaseList, PhaseListError, SetupError
from phase10.view import PlayerView

from .kit.i18n import NOTHING, Text, pick_language, text
from .records import Restore

if TYPE_CHECKING:  # the coach is loaded when first asked
    from phase10.coach import Advice

__all__ = [
    "WAYS",
    "Event",
    "Joined",
    "JustPlayed",
    "Link",
    "Move",
    "PadDraft",
    "Prompt",
    "PromptKind",
    "Screen",
    "Settings",
    "SetupForm",
    "SetupInput",
    "Sort",
    "Speed",
    "Ui",
    "WayToPlay",
]


class Screen(Enum):
    HOME = "home"
    SETUP = "setup"
    HANDOFF = "handoff"
    TABLE = "table"
    HAND_OVER = "hand-over"
    GAME_OVER = "game-over"
    RULES = "rules"
    HISTORY = "history"
    CORRUPT = "corrupt"
    SETTINGS = "settings"
    RESTORE = "restore"  # a backup file read and checked, waiting for the player's yes
    PAD_SETUP = "pad-setup"  # the players and options of a game played with real cards
    PAD = "pad"  # the score pad: standings, the sheet, write the next hand
    PAD_HAND = "pad-hand"  # writing (or mending) one hand on the pad
    LIST_EDITOR = "list-editor"  # making a phase list of the table's own (ruling 31)
    PHONES = "phones"  # the seats of the game played from other phones (issue 38)
    JOIN = "join"  # joining a game run on another phone (issue 38)


class Speed(StrEnum):
    """How fast computer players move (see ``play.SPEEDS``): "instant" is for a player who
    only wants their own turns."""

    RELAXED = "relaxed"
    NORMAL = "normal"
    QUICK = "quick"
    INSTANT = "instant"


@dataclass(frozen=True, slots=True)
class Settings:
    """The phone's choices, kept apart from any game: "" as language follows the browser."""

    language: str = ""
    large_type: bool = False
    speed: Speed = Speed.NORMAL
    sound: str = ""  # "on", "off", or "": on unless the phone asks for reduced motion

    def sound_on(self, reduced_motion: bool) -> bool:
        return self.sound == "on" or (self.sound == "" and not reduced_motion)


class WayToPlay(StrEnum):
    """A way to play that changes the standard game; they combine (the engine takes any mix)."""

    TEN_HANDS = "ten-hands"
    FIRST_TO_N = "first-to-n"
    EVEN_PHASES = "even-phases"
    ANY_ORDER = "any-order"  # ruling 33: each player picks a phase at the start of each hand

    def chosen_in(self, options: Options) -> bool:
        """Whether a game's ``options`` play this way: the inverse of ``SetupForm.options``."""
        if self is WayToPlay.TEN_HANDS:
            return options.ten_hands
        if self is WayToPlay.FIRST_TO_N:
            return options.phases_to_win is not None
        if self is WayToPlay.ANY_ORDER:
            return options.any_order
        return options.even_phases


WAYS = tuple(WayToPlay)


@dataclass(frozen=True, slots=True)
class SetupInput:
    """The set-up form's fields as the page reads them, by name and still unchecked:
    one name and one kind per seat, the edition, the ways ticked, N, El Chavo, the seed."""

    names: tuple[str, ...]
    kinds: tuple[str, ...]
    edition: str = "classic"
    ways: tuple[str, ...] = ()
    phases_to_win: str = "5"
    el_chavo: bool = False
    seed: str = ""
    hints: bool | None = None  # None: the form has no such box (the score pad's)
    phase_code: str = ""  # the phase list code box, as typed
    list_length: str = ""  # how many phases "Deal me a list" deals
    list_name: str | None = None  # the name given to the table's own list; None: no such box

    def __post_init__(self) -> None:
        if len(self.names) != len(self.kinds):
            shape = f"{len(self.names)} names, {len(self.kinds)} kinds"
            raise ValueError(f"each seat has one name and one kind, not {shape}")


@dataclass(frozen=True, slots=True)
class SetupForm:
    """The set-up form as the UI keeps it between taps, its fields checked."""

    names: tuple[str, ...] = ("", "")  # as typed; a blank name is the seat's default name
    kinds: tuple[str, ...] = (PERSON, PERSON)  # who plays each seat, see PLAYER_KINDS
    edition: str = "classic"  # a key of phase10.rules.EDITIONS
    ways: tuple[WayToPlay, ...] = ()  # the ways to play chosen; none: the standard game
    phases_to_win: int = 5
    el_chavo: bool = False
    seed: str = ""
    hints: bool = True  # people may ask the coach for a hint
    error: Text = NOTHING
    phase_list: PhaseList | None = None  # the table's own list (ruling 31); None: the edition's
    list_length: int = 10  # how many phases "Deal me a list" deals
    phase_code: str = ""  # the code box as last typed, kept while it is refused
    code_error: Text = NOTHING  # why the code typed was refused
    on_phones: bool = False  # Home's "Play on several phones": Deal opens Phones at the table

    @property
    def el_chavo_offered(self) -> bool:
        """The El Chavo Phase 10 is a rule of the editions that have one, on their own list
        (ruling 32)."""
        return EDITIONS[self.edition].el_chavo_number is not None and self.phase_list is None

    def phases_played(self) -> int:
        """How many phases the list and "even phases" leave to play: the most N can be."""
        try:
            chosen = Options(
                edition=self.edition,
                even_phases=WayToPlay.EVEN_PHASES in self.ways,
                phase_list=self.phase_list,
            )
        except SetupError:  # a list this deck cannot play: ``refusal`` says so
            return len(EDITIONS[self.edition].phases)
        return len(chosen.base_sequence())

    def options(self) -> Options:
        """The engine's options; N is kept within the phases the other choices leave.
        Raises ``SetupError`` for choices that make no game (``refusal`` words it)."""
        common = Options(
            edition=self.edition,
            el_chavo=self.el_chavo and self.el_chavo_offered,
            ten_hands=WayToPlay.TEN_HANDS in self.ways,
            even_phases=WayToPlay.EVEN_PHASES in self.ways,
            phase_list=self.phase_list,
            any_order=WayToPlay.ANY_ORDER in self.ways,
        )
        if WayToPlay.FIRST_TO_N not in self.ways:
            return common
        return replace(common, phases_to_win=min(self.phases_to_win, self.phases_played()))

    def refusal(self) -> Text:
        """Why the choices make no game, in words (rulings 32 and 34); NOTHING when they do."""
        try:
            self.options()
        except OptionsError as error:
            return text(f"setup.refused.{error.reason.value}")
        except PhaseListError:
            return text("setup.refused.list-deck", edition=text(f"edition.{self.edition}.title"))
        return NOTHING


class PromptKind(StrEnum):
    LAY = "lay"  # confirm an arrangement of the phase
    SKIP = "skip"  # choose whom a Skip is played on
    END = "end"  # choose the end of a run a Wild goes on
    PICK = "pick"  # phases in any order: choose the phase to play this hand (ruling 33)


@dataclass(frozen=True, slots=True)
class Prompt:
    """A question the table is waiting on before an action can be applied."""

    kind: PromptKind
    options: tuple[Action, ...]
    index: int = 0

    @property
    def chosen(self) -> Action:
        return self.options[self.index]


class Sort(StrEnum):
    NUMBER = "number"
    COLOR = "color"  # by colour, then number


@dataclass(frozen=True, slots=True)
class JustPlayed:
    """What the last action brought, so the screen animates just that."""

    card: str = ""  # a card that arrived in the shown hand, in notation
    laid: bool = False  # the mover laid their phase
    hit: tuple[int, int] | None = None  # the group (seat, index) a card was hit on


@dataclass(frozen=True, slots=True)
class Move:
    """A move as the whole table saw it, kept in the table's log."""

    seat: int  # who moved, or who was skipped
    hand: int  # the hand it was played in
    said: Text
    turn_end: bool = False  # the mover's turn ended with it
    laid: bool = False  # the mover laid their phase
    added: tuple[int, int, Card] | None = None  # a card hit: on whose group, which group
    skipped: bool = False  # ``seat`` lost this turn to a Skip (played, or turned up at the deal)


@dataclass(frozen=True, slots=True)
class PadDraft:
    """A hand being written on the score pad, as typed so far: who went out (one player,
    chosen for the whole hand), and per seat, phase laid and the points' digits (``""``:
    none yet; kept as typed while the seat is marked out, which scores 0).  ``at`` is the
    seat the keypad writes to; ``counting``, while the card counter is open for that seat,
    how many cards of each of the edition's kinds (``pad.card_kinds``) they hold."""

    number: int  # the hand's number on the pad, from 1
    dealt: tuple[int, ...]  # the seats dealt into the hand: everyone, or a tiebreak's players
    out: int | None
    laid: tuple[bool, ...]
    points: tuple[str, ...]
    at: int
    mending: bool = False  # an earlier hand written again
    counting: tuple[int, ...] | None = None
    error: Text = NOTHING
    # Phases in any order (ruling 33), outside a tiebreak: the phase each seat played for
    # (None: not written yet; 0: the hand ended before its turn). Empty: the rules fix it.
    phases: tuple[int | None, ...] = ()


@dataclass(frozen=True, slots=True)
class ListDraft:
    """A phase list being made on the phone (ruling 31): each phase as its groups, in the
    order played, and the phase open for editing.  Checked by the engine on every change
    (``phase10.rules.list_faults``); only a list it accepts can be used."""

    phases: tuple[tuple[GroupSpec, ...], ...]
    at: int = 0
    error: Text = NOTHING

    def specs(self) -> tuple[PhaseSpec, ...]:
        return tuple(PhaseSpec(number, groups) for number, groups in enumerate(self.phases, 1))


@dataclass(frozen=True, slots=True)
class Link:
    """A seat played from another phone, as the phone that runs the game keeps it (issue 38):
    the seat's secret token, and whether the channel to that phone is open now."""

    seat: int
    token: str
    open: bool = False
    code: str = ""  # this phone's code for that phone, shown until the channel opens
    connecting: bool = False  # that phone's code was given: the channel should open now
    # The channel that was open closed, or this phone reloaded: the seat waits for its phone
    # to rejoin with a new code, or to be played here.
    lost: bool = False


@dataclass(frozen=True, slots=True, eq=False)
class LastMove:
    """The move that made the game as it is, on the phone that runs it: one value per move
    (compared by identity), so the phones that play a seat can be told each move once."""

    action: Action


@dataclass(frozen=True, slots=True)
class Joined:
    """This phone plays one seat of a game run on another phone (issue 38).  It holds no
    game, only the latest view the host sent of its own seat, numbered ``seq``; ``kinds``,
    who plays each seat.  ``sent``: an action went to the host and its answer has not come.
    ``seat`` is -1 until the first view says which seat the host gave this phone."""

    seat: int
    token: str
    seen: PlayerView | None = None
    seq: int = -1
    kinds: tuple[str, ...] = ()
    sent: bool = False
    code: str = ""  # this phone's answer, shown for the host until the channel opens
    lost: bool = False  # the channel to the host closed: this phone rejoins with a new code
    hints: bool = False  # the host's table allows hints (the Hint button is worked out here)
    slow: bool = False  # this phone's answer has been shown a while and the host has not come


@dataclass(frozen=True, slots=True)
class Ui:
    screen: Screen = Screen.HOME
    game: GameState | None = None
    selected: tuple[int, ...] = ()  # positions in the hand as shown (see table.model.shown_hand)
    sort: Sort = Sort.NUMBER
    prompt: Prompt | None = None
    message: Text = NOTHING
    setup: SetupForm = field(default_factory=SetupForm)
    save_problem: Text = NOTHING  # why the saved game could not be read; it stays until discarded
    save_newer: bool = False  # the save was made by a newer version of the app: not damaged
    previous: Screen = Screen.HOME  # where Back goes from the rules and past games
    just_played: JustPlayed = JustPlayed()  # what the last action brought, animated
    log: tuple[Move, ...] = ()  # the table's latest moves, oldest first
    drawn: str = ""  # the card the person to play drew this turn, marked until they discard
    flipped: Text = NOTHING  # the last action turned the table over: what happened
    settings: Settings = Settings()
    browser_languages: tuple[str, ...] = ()  # the browser's preferred languages, best first
    kept: bool | None = None  # whether the browser keeps this site's storage (None: not known)
    restore: Restore | None = None  # a backup file read and checked, waiting on the RESTORE screen
    pad: ScorePad | None = None  # the score pad in progress (or just finished), if any
    draft: PadDraft | None = None  # the hand being written on the pad
    pad_problem: Text = NOTHING  # why the saved pad could not be read; it stays until discarded
    pad_undone: tuple[HandEntry, ...] = ()  # hands taken back from the pad, last first: Redo puts them back
    list_draft: ListDraft | None = None  # a phase list being made (Screen.LIST_EDITOR)
    saved_lists: tuple[PhaseList, ...] = ()  # the phase lists kept on the phone, oldest first
    advice: Advice | None = None  # the hint on show to the player to move, until they move
    menu: bool = False  # the table's menu is open (the rules, settings, leaving the table)
    all_moves: bool = False  # every move since your turn is listed, not only the newest
    leaving: bool = False  # Back was pressed on a game: "Leave the table?" is asked
    links: tuple[Link, ...] = ()  # the game's seats played from other phones
    sent_seq: int = 0  # how many states of the game went to the other phones: the latest's number
    joined: Joined | None = None  # this phone plays a seat of a game run on another phone
    last_move: LastMove | None = None  # the move that made ``game``, for the other phones' logs

    @property
    def language(self) -> str:
        return pick_language(self.settings.language, self.browser_languages)

    @property
    def can_continue(self) -> bool:
        """Whether this phone's own game can be continued: not while the phone plays a seat
        of another phone's game, whose table is the one it shows (``table.model.table_of``)."""
        return self.game is not None and not self.game.is_over and self.joined is None


@dataclass(frozen=True, slots=True)
class Event:
    """A tap or an input, as the page reports it: the control's action and value, and for
    the set-up form's taps, its fields."""

    name: str
    value: str = ""
    form: SetupInput | None = None
