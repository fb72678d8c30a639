"""What a tap does: pure functions from (UI state, event) to a new UI state.

The UI state holds the game (an engine ``GameState``) and the little the screen
needs on top of it: which screen shows, which cards are selected, an open
prompt.  Every change to the game goes through ``phase10.apply``; every control
is offered only when ``legal_actions`` allows it.  No DOM here: the page
(``app.py``) turns clicks into ``Event`` values and renders the result, and
these functions run the same on CPython, where the tests drive them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import TYPE_CHECKING

from phase10 import (
    Action,
    Card,
    Discard,
    Draw,
    GameConfig,
    GameState,
    Hit,
    IllegalActionError,
    LayDown,
    NextHand,
    Options,
    SetupError,
    Step,
    TakeDiscard,
    apply,
    legal_actions,
    new_game,
)
from phase10.rules import EDITIONS, MAX_PLAYERS, MIN_PLAYERS, PERSON, PLAYER_KINDS
from phase10.view import view

from .i18n import LANGUAGES, NOTHING, Text, pick_language, text, words

if TYPE_CHECKING:  # keeping.py builds on this module
    from .keeping import Restore

__all__ = [
    "SPEEDS",
    "WAYS",
    "Event",
    "Move",
    "Prompt",
    "Screen",
    "Settings",
    "SetupForm",
    "Ui",
    "closing",
    "computer_due",
    "flip_words",
    "handle",
    "narration",
    "shown_hand",
    "since_turn",
    "timer_delay",
    "timer_event",
    "viewer",
]

# How long a computer player's move stays on screen before the next one, in milliseconds,
# at each speed the player can choose: "instant" is for a player who only wants their own
# turns.  With reduced motion nothing is animated, so the normal pace is quicker too.
SPEEDS = {"relaxed": 1600, "normal": 900, "quick": 350, "instant": 0}
REDUCED_NORMAL_MS = 400
COMPUTER_LEVEL = "normal"  # the level "Play against the computer" sets up
# How long the play that ended a hand stays on the table before the scores.
CLOSING_MS = {"relaxed": 3500, "normal": 2500, "quick": 1500, "instant": 1000}
LOG_LINES = 40
# The ways to play that combine (the engine takes any mix of them): none is the standard game.
WAYS = ("ten-hands", "first-to-n", "even-phases")


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


def default_name(kind: str, seat: int) -> Text:
    """The name a seat gets when none is typed: "Player 2", "Computer 3"."""
    return text("setup.default_person" if kind == PERSON else "setup.default_computer", number=seat + 1)


@dataclass(frozen=True, slots=True)
class Settings:
    """The phone's choices, kept apart from any game: "" as language follows the browser."""

    language: str = ""
    large_type: bool = False
    speed: str = "normal"  # a key of SPEEDS: how fast computer players move
    sound: str = ""  # "on", "off", or "": on unless the phone asks for reduced motion

    def sound_on(self, reduced_motion: bool) -> bool:
        return self.sound == "on" or (self.sound == "" and not reduced_motion)


@dataclass(frozen=True, slots=True)
class SetupForm:
    names: tuple[str, ...] = ("", "")  # as typed; a blank name is the seat's default name
    kinds: tuple[str, ...] = (PERSON, PERSON)  # who plays each seat, see PLAYER_KINDS
    edition: str = "classic"  # a key of phase10.rules.EDITIONS
    ways: tuple[str, ...] = ()  # the ways to play chosen, from WAYS; none: the standard game
    phases_to_win: int = 5
    el_chavo: bool = False
    seed: str = ""
    error: Text = NOTHING

    @property
    def el_chavo_offered(self) -> bool:
        """The El Chavo Phase 10 is a rule of the classic edition only."""
        return EDITIONS[self.edition].el_chavo_number is not None

    def options(self) -> Options:
        """The engine's options; N is kept within the phases the other choices leave."""
        common = Options(
            edition=self.edition,
            el_chavo=self.el_chavo and self.el_chavo_offered,
            ten_hands="ten-hands" in self.ways,
            even_phases="even-phases" in self.ways,
        )
        if "first-to-n" not in self.ways:
            return common
        return replace(common, phases_to_win=min(self.phases_to_win, len(common.base_sequence())))


@dataclass(frozen=True, slots=True)
class Prompt:
    """A question the table is waiting on before an action can be applied."""

    kind: str  # "lay": confirm an arrangement; "skip": choose a target; "end": choose a run end
    options: tuple[Action, ...]
    index: int = 0

    @property
    def chosen(self) -> Action:
        return self.options[self.index]


@dataclass(frozen=True, slots=True)
class Move:
    """A move as the whole table saw it, kept in the table's log."""

    seat: int  # who moved, or who was skipped
    hand: int  # the hand it was played in
    said: Text
    turn_end: bool = False  # the mover's turn ended with it
    laid: bool = False  # the mover laid their phase
    added: tuple[int, int, Card] | None = None  # a card hit: on whose group, which group


@dataclass(frozen=True, slots=True)
class Ui:
    screen: Screen = Screen.HOME
    game: GameState | None = None
    selected: tuple[int, ...] = ()  # positions in the hand as shown (see shown_hand)
    sort: str = "number"
    prompt: Prompt | None = None
    message: Text = NOTHING
    setup: SetupForm = field(default_factory=SetupForm)
    save_problem: Text = NOTHING  # why the saved game could not be read; it stays until discarded
    save_newer: bool = False  # the save was made by a newer version of the app: not damaged
    previous: Screen = Screen.HOME  # where Back goes from the rules and past games
    fresh: str = ""  # what the last action brought: "card:R7", "laid", "hit:1:0" (animated)
    log: tuple[Move, ...] = ()  # the table's latest moves, oldest first
    drawn: str = ""  # the card the person to play drew this turn, marked until they discard
    cue: tuple[str, ...] = ()  # the sounds the last action makes: "draw", "turn", ...
    flipped: Text = NOTHING  # the last action turned the table over: what happened
    said: tuple[Text, ...] = ()  # what the last action did at the table, for the live region
    settings: Settings = Settings()
    browser_languages: tuple[str, ...] = ()  # the browser's preferred languages, best first
    kept: str = ""  # whether the browser keeps this site's storage: "yes", "no", "" (not known)
    restore: Restore | None = None  # a backup file read and checked, waiting on the RESTORE screen

    @property
    def language(self) -> str:
        return pick_language(self.settings.language, self.browser_languages)

    @property
    def can_continue(self) -> bool:
        return self.game is not None and not self.game.is_over


@dataclass(frozen=True, slots=True)
class Event:
    """A tap or an input, as the page reports it."""

    name: str
    value: str = ""
    values: tuple[str, ...] = ()


def people(game: GameState) -> tuple[int, ...]:
    """The seats played by people at the table."""
    return tuple(seat for seat, kind in enumerate(game.config.kinds) if kind == PERSON)


def computer_turn(game: GameState | None) -> bool:
    """Whether a computer player is to move now."""
    return (
        game is not None and game.step in (Step.DRAW, Step.PLAY) and game.config.kinds[game.current] != PERSON
    )


def viewer(ui: Ui) -> int | None:
    """Whose hand the table shows: the player to move, or while a computer player moves,
    the one person at the table (with several people, nobody's: the phone may be on its way)."""
    assert ui.game is not None
    if not computer_turn(ui.game):
        return ui.game.current
    seats = people(ui.game)
    return seats[0] if len(seats) == 1 else None


def computer_due(ui: Ui) -> bool:
    """Whether the page should play a computer player's next move (after a pause)."""
    return ui.screen is Screen.TABLE and computer_turn(ui.game)


def closing(ui: Ui) -> bool:
    """Whether the table still shows the play that ended the hand, before the scores."""
    return (
        ui.screen is Screen.TABLE and ui.game is not None and ui.game.step in (Step.HAND_OVER, Step.GAME_OVER)
    )


def timer_event(ui: Ui) -> Event | None:
    """What the page's timer does next, unasked: a computer player's move, or the scores
    once the hand's last play has been seen."""
    if computer_due(ui):
        return Event("computer")
    if closing(ui):
        return Event("scores")
    return None


def timer_delay(ui: Ui, reduced_motion: bool) -> int:
    """How long the page waits before ``timer_event``, in milliseconds."""
    speed = ui.settings.speed  # one of SPEEDS: the handler and storage accept no other
    if closing(ui):
        return CLOSING_MS[speed]
    if reduced_motion and speed == "normal":
        return REDUCED_NORMAL_MS
    return SPEEDS[speed]


def since_turn(ui: Ui, seats: tuple[int, ...]) -> tuple[Move, ...]:
    """The moves of this hand since the turn of any of ``seats`` last ended, oldest first.
    On a hand's last play, the play that ended it counts too, whoever made it."""
    assert ui.game is not None
    moves = [move for move in ui.log if move.hand == ui.game.hand_number]
    last = len(moves) - (2 if closing(ui) else 1)
    for index in range(last, -1, -1):
        if moves[index].turn_end and moves[index].seat in seats:
            return tuple(moves[index + 1 :])
    return tuple(moves)


def watchers(ui: Ui) -> tuple[int, ...]:
    """Whose turn the table's "since your turn" counts from: the hand shown, or, when no
    hand is shown, every person at the table."""
    assert ui.game is not None
    seat = viewer(ui)
    return (seat,) if seat is not None and not closing(ui) else people(ui.game)


def narration(ui: Ui) -> tuple[Text, ...]:
    """The moves the table lists, oldest first: since the watcher's turn."""
    return tuple(move.said for move in since_turn(ui, watchers(ui)))


def shown_hand(ui: Ui) -> tuple[Card, ...]:
    """The shown hand in the order shown: by number, or by colour then number.  Cards come
    as their holder sees them (``Card.shown``): nobody sees the other side of their own cards."""
    assert ui.game is not None
    seat = viewer(ui)
    hand = ui.game.players[seat].shown_hand if seat is not None else ()
    if ui.sort == "color":
        return tuple(sorted(hand, key=_color_order))
    return hand


def _color_order(card: Card) -> tuple[int, int]:
    color = card.fixed_color
    return (color.index if color is not None else 4, card.code)


def selected_cards(ui: Ui) -> tuple[Card, ...]:
    hand = shown_hand(ui)
    return tuple(hand[i] for i in ui.selected if i < len(hand))


def screen_for(game: GameState) -> Screen:
    if game.step is Step.GAME_OVER:
        return Screen.GAME_OVER
    if game.step is Step.HAND_OVER:
        return Screen.HAND_OVER
    return turn_screen(game)


def turn_screen(game: GameState) -> Screen:
    """At the start of a turn: the phone is handed on only to a person, and only when
    several people share it; computer players play on the open table."""
    if computer_turn(game) or len(people(game)) == 1:
        return Screen.TABLE
    return Screen.HANDOFF


def resume(ui: Ui, game: GameState) -> Ui:
    """Open a game: its current screen, with any hand hidden until it is passed on."""
    return replace(
        ui,
        game=game,
        screen=screen_for(game),
        selected=(),
        prompt=None,
        message=NOTHING,
        flipped=NOTHING,
        said=(),
        drawn="",
        cue=(),
    )


# --- applying engine actions ---------------------------------------------------------------


REFUSED = Text("error.refused")


def act(ui: Ui, action: Action, refused: Text = REFUSED) -> Ui:
    """Apply a person's ``action``; an illegal one changes nothing and says ``refused``."""
    assert ui.game is not None
    if computer_turn(ui.game):
        return replace(ui, message=text("error.wait", name=ui.game.player.name), prompt=None)
    return _apply(ui, action, refused)


def _apply(ui: Ui, action: Action, refused: Text) -> Ui:
    assert ui.game is not None
    try:
        game = apply(ui.game, action)
    except IllegalActionError:
        # The engine's reason is for logs and tests; the table gets words in its language.
        return replace(ui, message=refused, prompt=None)
    turn_ended = game.current != ui.game.current or game.turns != ui.game.turns
    screen = Screen.TABLE  # a hand's end stays on the table a moment (see ``closing``)
    if ui.game.step is Step.HAND_OVER or (turn_ended and game.step in (Step.DRAW, Step.PLAY)):
        screen = turn_screen(game)  # the hand is hidden before the phone is passed on
    drawn = _drawn(ui.game, game, action)
    fresh = f"card:{drawn}" if drawn else _fresh_on_table(action)
    flipped = flip_words(ui.game, action) if game.side is not ui.game.side else NOTHING
    keep_drawn = ui.drawn if not turn_ended and game.step is Step.PLAY else ""
    return replace(
        ui,
        game=game,
        screen=screen,
        selected=(),
        prompt=None,
        message=NOTHING,
        fresh=fresh,
        flipped=flipped,
        said=announce(ui.game, action, game, drawn),
        log=(*ui.log, *log_moves(ui.game, action, game))[-LOG_LINES:],
        drawn=str(drawn) if drawn is not None else keep_drawn,
        cue=cues(ui.game, action, game),
    )


def log_moves(before: GameState, action: Action, after: GameState) -> tuple[Move, ...]:
    """``action`` as the table's log keeps it, with any player whose turn it skipped."""
    if isinstance(action, NextHand):
        return ()
    turn_end = isinstance(action, Discard) or after.step is not Step.PLAY
    added = (action.player, action.group, action.card) if isinstance(action, Hit) else None
    said = narrate(before, action)
    moves = [Move(before.current, before.hand_number, said, turn_end, isinstance(action, LayDown), added)]
    if after.step in (Step.DRAW, Step.PLAY) and after.hand_number == before.hand_number:
        count = len(before.players)
        for step in range(1, count):
            seat = (before.current + step) % count
            waiting = before.players[seat].skip_pending or (
                isinstance(action, Discard) and action.target == seat
            )
            if waiting and not after.players[seat].skip_pending:
                said = text("say.skipped", name=before.players[seat].name)
                moves.append(Move(seat, before.hand_number, said, turn_end=True))
    return tuple(moves)


def cues(before: GameState, action: Action, after: GameState) -> tuple[str, ...]:
    """The sounds ``action`` makes: the move's own, then a flip, a hand's end or a turn
    beginning for the one person at the table."""
    sounds: list[str] = []
    if isinstance(action, Draw | TakeDiscard):
        sounds.append("draw")
    elif isinstance(action, LayDown):
        sounds.append("lay")
    elif isinstance(action, Hit):
        sounds.append("hit")
    elif isinstance(action, Discard):
        sounds.append("discard")
    if after.side is not before.side:
        sounds.append("flip")
    if after.step in (Step.HAND_OVER, Step.GAME_OVER) and before.step is Step.PLAY:
        sounds.append("out")
    elif _turn_begins_for_the_person(before, after):
        sounds.append("turn")
    return tuple(sounds)


def _turn_begins_for_the_person(before: GameState, after: GameState) -> bool:
    """Whether the one person at the table has just been given the turn."""
    alone = len(people(after)) == 1 and after.config.kinds[after.current] == PERSON
    new_turn = after.current != before.current or before.step is Step.HAND_OVER
    return alone and new_turn and after.step is Step.DRAW


def computer_move(ui: Ui) -> Ui:
    """The computer player to move makes one move, chosen from its own view alone."""
    if not computer_due(ui):
        return ui
    # Imported here, not at the top: the bots cost start-up time (about 3 ms on CPython,
    # more on Pyodide) that a table of people never needs.
    from phase10.bots import seat_bot

    assert ui.game is not None
    seat = ui.game.current
    bot = seat_bot(ui.game.config, seat)
    assert bot is not None
    action = bot.choose(view(ui.game, seat))
    after = _apply(ui, action, NOTHING)
    assert after.game is not ui.game, f"a computer player chose an illegal move: {action}"
    return after


def narrate(before: GameState, action: Action) -> Text:
    """A move in words, with only what the whole table sees."""
    name = before.player.name
    names = [player.name for player in before.players]
    if isinstance(action, Draw):
        return text("say.drew", name=name)
    if isinstance(action, TakeDiscard):
        return text("say.took", name=name, card=before.discard_pile[-1].shown)
    if isinstance(action, LayDown):
        return text("say.laid", name=name, number=before.phase_spec(before.current).number)
    if isinstance(action, Hit):
        group = before.players[action.player].groups[action.group]
        if action.player == before.current:
            return text("say.hit_own", name=name, card=action.card, group=group)
        return text("say.hit", name=name, card=action.card, owner=names[action.player], group=group)
    if isinstance(action, Discard):
        if action.target is not None:
            return text("say.skip", name=name, target=names[action.target])
        return flip_words(before, action) or text("say.discarded", name=name, card=action.card)
    return NOTHING


def announce(before: GameState, action: Action, after: GameState, drawn: Card | None) -> tuple[Text, ...]:
    """What the live region reads out after ``action``: the move as the table saw it (a
    person's own draw from the pile names the ``drawn`` card: only their hand is on the
    page), then a player going out, the hand's end, or whose turn it is."""
    said: list[Text] = []
    if drawn is not None and isinstance(action, Draw):
        said.append(text("say.you_drew", card=drawn))
    elif isinstance(action, NextHand):
        said.append(text("say.next_hand", number=after.hand_number, name=after.player.name))
    else:
        said.append(narrate(before, action))
    if after.step in (Step.HAND_OVER, Step.GAME_OVER) and before.step is Step.PLAY:
        out = after.history[-1].went_out
        said.append(
            text("say.went_out", name=after.players[out].name) if out is not None else text("say.hand_ended")
        )
    if after.step is Step.GAME_OVER and after.winner is not None:
        said.append(text("say.won", name=after.players[after.winner].name))
    elif after.current != before.current and after.step in (Step.DRAW, Step.PLAY):
        said.append(text("say.turn", name=after.player.name))
    return tuple(line for line in said if line)


def flip_words(before: GameState, action: Action) -> Text:
    """A discard that turns the table over, in words; nothing for any other action."""
    if not (isinstance(action, Discard) and action.card.flips and before.config.options.ruleset().two_sided):
        return NOTHING
    return text("say.flip", name=before.player.name, card=action.card.face, side=before.side.other)


def _drawn(before: GameState, after: GameState, action: Action) -> Card | None:
    """The card a person just drew, as they see it: the screen animates it, and a draw
    from the pile names it.  None for any other move, and for a computer's draw, which is
    its secret."""
    if not isinstance(action, Draw | TakeDiscard) or after.step is not Step.PLAY or computer_turn(before):
        return None
    added = Counter(after.player.shown_hand) - Counter(before.player.shown_hand)
    return next(iter(added), None)


def _fresh_on_table(action: Action) -> str:
    """What changed on the table, so the screen can animate just that."""
    if isinstance(action, LayDown):
        return "laid"
    if isinstance(action, Hit):
        return f"hit:{action.player}:{action.group}"
    return ""


def legal(ui: Ui) -> tuple[Action, ...]:
    """What the person at the table may do now: nothing while a computer player moves."""
    assert ui.game is not None
    if computer_turn(ui.game):
        return ()
    return legal_actions(ui.game)


def lay_options(ui: Ui) -> tuple[LayDown, ...]:
    """The lay-downs the selected cards make (all of them, exactly these cards)."""
    chosen = Counter(selected_cards(ui))
    return tuple(a for a in legal(ui) if isinstance(a, LayDown) and Counter(a.cards) == chosen)


def hit_options(ui: Ui) -> tuple[Hit, ...]:
    """Where the one selected card may be hit."""
    cards = selected_cards(ui)
    if len(cards) != 1:
        return ()
    return tuple(a for a in legal(ui) if isinstance(a, Hit) and a.card == cards[0])


def discard_options(ui: Ui) -> tuple[Discard, ...]:
    cards = selected_cards(ui)
    if len(cards) != 1:
        return ()
    return tuple(a for a in legal(ui) if isinstance(a, Discard) and a.card == cards[0])


def can_lay(ui: Ui) -> bool:
    if ui.game is None or ui.game.step is not Step.PLAY or ui.game.player.has_laid:
        return False
    if ui.selected:
        return bool(lay_options(ui))
    return any(isinstance(a, LayDown) for a in legal(ui))


# --- events --------------------------------------------------------------------------------


def handle(ui: Ui, event: Event) -> Ui:
    """The UI state after ``event``."""
    handler = _HANDLERS.get(event.name)
    if handler is None:
        return ui
    after = handler(ui, event)
    if after.game is ui.game and after.said:
        # What a move did is said once, while its table is shown: not on a later screen,
        # where a person's own draw would still be named.
        after = replace(after, said=())
    if after.cue and after.cue is ui.cue:
        after = replace(after, cue=())  # a sound plays once, for the event that made it
    return after


def _go(screen: Screen) -> Callable[[Ui, Event], Ui]:
    """Open the rules or past games; Back returns to the screen they were opened from."""

    def go(ui: Ui, _event: Event) -> Ui:
        return replace(ui, screen=screen, previous=ui.screen, message=NOTHING)

    return go


def _back(ui: Ui, _event: Event) -> Ui:
    return replace(ui, screen=ui.previous, message=NOTHING)


def _discard_save(ui: Ui, _event: Event) -> Ui:
    """The player chose to throw away a save that could not be read."""
    return replace(ui, save_problem=NOTHING, save_newer=False, game=None, screen=Screen.HOME)


def _storage_kept(ui: Ui, event: Event) -> Ui:
    """What the browser said when asked whether it keeps the app's storage."""
    return replace(ui, kept=event.value if event.value in ("yes", "no") else "")


def _home(ui: Ui, _event: Event) -> Ui:
    return replace(ui, screen=Screen.HOME, prompt=None, selected=(), message=NOTHING)


def _new_game(ui: Ui, event: Event) -> Ui:
    """Set up a game: pass-and-play (the last table again, if any), or with ``value``
    "computer", one person against two computer players."""
    if ui.save_problem:
        return replace(ui, screen=Screen.CORRUPT)  # a damaged save is never overwritten unasked
    form = replace(ui.setup, error=NOTHING)
    if ui.game is not None:  # the same table again, with its options
        form = _form_of(ui.game, form)
    if event.value == "computer":
        form = replace(form, names=("", "", ""), kinds=(PERSON, COMPUTER_LEVEL, COMPUTER_LEVEL))
    elif ui.game is None:
        form = replace(form, kinds=tuple(PERSON for _ in form.kinds))
    return replace(ui, screen=Screen.SETUP, previous=Screen.HOME, setup=form)


def _form_of(game: GameState, form: SetupForm) -> SetupForm:
    options = game.config.options
    ways = (
        ("ten-hands",) * options.ten_hands
        + ("first-to-n",) * (options.phases_to_win is not None)
        + ("even-phases",) * options.even_phases
    )
    return replace(
        form,
        names=tuple(
            _typed_name(name, kind, seat)
            for seat, (name, kind) in enumerate(zip(game.config.players, game.config.kinds, strict=True))
        ),
        kinds=game.config.kinds,
        edition=options.edition,
        ways=ways,
        phases_to_win=options.phases_to_win or form.phases_to_win,
        el_chavo=options.el_chavo,
    )


def _continue(ui: Ui, _event: Event) -> Ui:
    if not ui.can_continue:
        return ui
    assert ui.game is not None
    return resume(ui, ui.game)


def _add_player(ui: Ui, event: Event) -> Ui:
    """A seat more, played like the last one (a table filling up with computers gets another)."""
    ui = _read_form(ui, event)
    names, kinds = ui.setup.names, ui.setup.kinds
    if len(names) >= MAX_PLAYERS:
        return ui
    form = replace(ui.setup, names=(*names, ""), kinds=(*kinds, kinds[-1]))
    return replace(ui, setup=form)


def _remove_player(ui: Ui, event: Event) -> Ui:
    ui = _read_form(ui, event)
    names, kinds = list(ui.setup.names), list(ui.setup.kinds)
    if len(names) <= MIN_PLAYERS:
        return ui
    index = int(event.value) if event.value.isdigit() else len(names) - 1
    if 0 <= index < len(names):
        del names[index]
        del kinds[index]
    return replace(ui, setup=replace(ui.setup, names=tuple(names), kinds=tuple(kinds)))


def _read_form(ui: Ui, event: Event) -> Ui:
    """Fields arrive as ``values``: the names, then who plays each seat, then the edition,
    the ways to play (comma-separated), N, El Chavo (yes/no) and the seed."""
    if not event.values or (len(event.values) - 5) % 2:
        return ui
    seats = (len(event.values) - 5) // 2
    names, kinds = list(event.values[:seats]), list(event.values[seats : 2 * seats])
    edition, ways, phases, el_chavo, seed = event.values[2 * seats :]
    kinds = [kind if kind in PLAYER_KINDS else PERSON for kind in kinds]
    form = replace(
        ui.setup,
        names=tuple(names),
        kinds=tuple(kinds),
        edition=edition if edition in EDITIONS else ui.setup.edition,
        ways=tuple(way for way in WAYS if way in ways.split(",")),
        phases_to_win=int(phases) if phases.isdigit() else ui.setup.phases_to_win,
        el_chavo=el_chavo == "yes",
        seed=seed.strip(),
    )
    return replace(ui, setup=form)


def _start_game(ui: Ui, event: Event) -> Ui:
    ui = _read_form(ui, event)
    form = ui.setup
    said = words(ui.language)
    names = tuple(
        name.strip() or said.say(default_name(kind, seat))
        for seat, (name, kind) in enumerate(zip(form.names, form.kinds, strict=True))
    )
    if len({name.casefold() for name in names}) != len(names):
        return replace(ui, setup=replace(form, error=text("setup.error.names")))
    if PERSON not in form.kinds:
        return replace(ui, setup=replace(form, error=text("setup.error.person")))
    seed = _seed(form.seed, event.value)
    if seed is None:
        return replace(ui, setup=replace(form, error=text("setup.error.seed")))
    try:
        config = GameConfig(names, seed, form.options(), kinds=form.kinds)
    except SetupError:
        return replace(ui, setup=replace(form, error=text("setup.error.options")))
    return resume(replace(ui, setup=replace(form, error=NOTHING)), new_game(config))


def _seed(typed: str, fallback: str) -> int | None:
    """The seed typed in, or else the random one the page supplies; None if not a number."""
    chosen = typed or fallback
    return int(chosen) % 2**64 if chosen.isdigit() else None


def _typed_name(name: str, kind: str, seat: int) -> str:
    """A game's player name as the set-up form shows it again: a default name in any
    language is left blank, so it follows the seat's kind and the language."""
    defaults = {words(language).say(default_name(kind, seat)) for language in LANGUAGES}
    return "" if name in defaults else name


def _play_again(ui: Ui, event: Event) -> Ui:
    assert ui.game is not None
    config = ui.game.config
    seed = int(event.value) % 2**64 if event.value.isdigit() else (config.seed + 1) % 2**64
    first_dealer = (config.first_dealer + 1) % len(config.players)
    return resume(ui, new_game(replace(config, seed=seed, first_dealer=first_dealer)))


def _reveal(ui: Ui, _event: Event) -> Ui:
    if ui.game is None or ui.screen is not Screen.HANDOFF:
        return ui
    return replace(ui, screen=Screen.TABLE, selected=(), prompt=None, message=NOTHING, cue=("turn",))


def _draw(ui: Ui, _event: Event) -> Ui:
    return act(ui, Draw())


def _take(ui: Ui, _event: Event) -> Ui:
    assert ui.game is not None
    top = ui.game.discard_top
    skip = top is not None and top.is_skip and ui.game.step is Step.DRAW
    return act(ui, TakeDiscard(), text("error.take_skip") if skip else REFUSED)


def _select(ui: Ui, event: Event) -> Ui:
    if ui.game is None or ui.screen is not Screen.TABLE or not event.value.isdigit():
        return ui
    index = int(event.value)
    if index >= len(shown_hand(ui)) or computer_turn(ui.game) or closing(ui):
        return ui
    selected = tuple(i for i in ui.selected if i != index) if index in ui.selected else (*ui.selected, index)
    return replace(ui, selected=selected, prompt=None, message=NOTHING)


def _sort(ui: Ui, event: Event) -> Ui:
    if event.value not in ("number", "color"):
        return ui
    return replace(ui, sort=event.value, selected=())


def _lay(ui: Ui, _event: Event) -> Ui:
    """Lay down: the selected cards' arrangements, or, with none selected, every one the
    hand makes, those that keep Wilds and Stars in hand first."""
    assert ui.game is not None
    spec = ui.game.phase_spec(ui.game.current)
    if ui.selected:
        options = lay_options(ui)
        if not options:
            return replace(ui, message=text("error.not_phase", number=spec.number, needs=spec))
    else:
        if ui.game.step is not Step.PLAY or ui.game.player.has_laid or computer_turn(ui.game):
            return replace(ui, message=text("error.cannot_lay"))
        options = tuple(sorted((a for a in legal(ui) if isinstance(a, LayDown)), key=_wilds_used))
        if not options:
            return replace(ui, message=text("error.no_phase", number=spec.number, needs=spec))
    return replace(ui, prompt=Prompt("lay", options), message=NOTHING)


def _wilds_used(laydown: LayDown) -> int:
    """How many cards that stand for others (Wilds, Stars, Wild Side wilds) a lay-down uses:
    the fewer, the more the player keeps for later."""
    return sum(1 for card in laydown.cards if card.is_wild or card.is_star)


def _lay_next(ui: Ui, _event: Event) -> Ui:
    if ui.prompt is None or ui.prompt.kind != "lay":
        return ui
    return replace(ui, prompt=replace(ui.prompt, index=(ui.prompt.index + 1) % len(ui.prompt.options)))


def _confirm(ui: Ui, _event: Event) -> Ui:
    if ui.prompt is None:
        return ui
    return act(ui, ui.prompt.chosen)


def _choose(ui: Ui, event: Event) -> Ui:
    """Pick one of the prompt's options by index (a Skip's target, a run's end)."""
    if ui.prompt is None or not event.value.isdigit() or int(event.value) >= len(ui.prompt.options):
        return ui
    return act(ui, ui.prompt.options[int(event.value)])


def _cancel(ui: Ui, _event: Event) -> Ui:
    return replace(ui, prompt=None, message=NOTHING)


def _hit(ui: Ui, event: Event) -> Ui:
    """Hit the selected card on the group tapped (``value`` is ``seat:group``)."""
    assert ui.game is not None
    seat, _, group = event.value.partition(":")
    if not (seat.isdigit() and group.isdigit()):
        return ui
    cards = selected_cards(ui)
    if len(cards) != 1:
        return replace(ui, message=text("error.hit_one"))
    options = tuple(h for h in hit_options(ui) if h.player == int(seat) and h.group == int(group))
    if not options:
        refused = text("error.cannot_hit", card=cards[0])
        return act(ui, Hit(cards[0], int(seat), int(group), None), refused)
    if len(options) > 1:
        return replace(ui, prompt=Prompt("end", options))
    return act(ui, options[0])


def _discard(ui: Ui, _event: Event) -> Ui:
    assert ui.game is not None
    cards = selected_cards(ui)
    if len(cards) != 1:
        return replace(ui, message=text("error.discard_one"))
    options = discard_options(ui)
    if len(options) > 1 or (options and options[0].target is not None):
        return replace(ui, prompt=Prompt("skip", options))
    return act(ui, options[0] if options else Discard(cards[0]))


def _next_hand(ui: Ui, _event: Event) -> Ui:
    return act(ui, NextHand())


def _computer(ui: Ui, _event: Event) -> Ui:
    """The page's timer: the computer player to move makes its next move."""
    return computer_move(ui)


def _scores(ui: Ui, _event: Event) -> Ui:
    """From the hand's last play, on the table, to the scores (the timer or a tap)."""
    if not closing(ui):
        return ui
    assert ui.game is not None
    return replace(ui, screen=screen_for(ui.game), selected=(), prompt=None, message=NOTHING, cue=())


def _dismiss(ui: Ui, _event: Event) -> Ui:
    return replace(ui, message=NOTHING)


def _language(ui: Ui, event: Event) -> Ui:
    """Choose the app's language; "" follows the browser's."""
    if event.value not in ("", *LANGUAGES):
        return ui
    return replace(ui, settings=replace(ui.settings, language=event.value))


def _large_type(ui: Ui, event: Event) -> Ui:
    """Large type on ("yes") or off ("no"), as the switch says."""
    if event.value not in ("yes", "no"):
        return ui
    return replace(ui, settings=replace(ui.settings, large_type=event.value == "yes"))


def _speed(ui: Ui, event: Event) -> Ui:
    """How fast computer players move: a key of SPEEDS."""
    if event.value not in SPEEDS:
        return ui
    return replace(ui, settings=replace(ui.settings, speed=event.value))


def _sound(ui: Ui, event: Event) -> Ui:
    """Sounds and vibration on ("yes") or off ("no"), as the switch says."""
    if event.value not in ("yes", "no"):
        return ui
    return replace(ui, settings=replace(ui.settings, sound="on" if event.value == "yes" else "off"))


_HANDLERS = {
    "home": _home,
    "new-game": _new_game,
    "continue": _continue,
    "rules": _go(Screen.RULES),
    "history": _go(Screen.HISTORY),
    "settings": _go(Screen.SETTINGS),
    "language": _language,
    "large-type": _large_type,
    "speed": _speed,
    "sound": _sound,
    "scores": _scores,
    "back": _back,
    "setup-change": _read_form,
    "discard-save": _discard_save,
    "storage-kept": _storage_kept,
    "add-player": _add_player,
    "remove-player": _remove_player,
    "start-game": _start_game,
    "play-again": _play_again,
    "reveal": _reveal,
    "draw": _draw,
    "take": _take,
    "select": _select,
    "sort": _sort,
    "lay": _lay,
    "lay-next": _lay_next,
    "confirm": _confirm,
    "choose": _choose,
    "cancel": _cancel,
    "hit": _hit,
    "discard": _discard,
    "next-hand": _next_hand,
    "dismiss": _dismiss,
    "computer": _computer,
}
