"""The table as the screen shows it, worked out once per render from the viewer's view.

Whose hand is shown, the hand in the order shown, the cards selected and what
they can do (lay the phase, hit a group, be discarded), who plays each seat,
and what was put on the table since the watcher's turn.  The table screens and
the tests read only from ``Table``; the event handlers ask the same questions
through ``choices``.  The page never holds the faces of a hand other than the
viewer's: every player but the viewer comes from ``view``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from phase10 import Action, Card, Discard, GameState, Hit, LayDown, Step, legal_actions
from phase10.rules import PERSON
from phase10.view import PlayerView, PublicPlayer, TableView, public_view, view

from ..kit.i18n import NOTHING, Text
from ..state import Move, Prompt, Screen, Sort, Ui

if TYPE_CHECKING:  # the coach (and the bots it asks) loads when a hint is first asked for
    from phase10.coach import Advice

__all__ = [
    "Choices",
    "Marks",
    "Table",
    "choices",
    "closing",
    "computer_turn",
    "hints_offered",
    "people",
    "shown_hand",
    "since_turn",
    "table_of",
    "viewer",
    "watchers",
]


def people(game: GameState, away: tuple[int, ...] = ()) -> tuple[int, ...]:
    """The seats played by people at this phone: ``away``, those played from other phones,
    are not."""
    return tuple(seat for seat, kind in enumerate(game.config.kinds) if kind == PERSON and seat not in away)


def away(ui: Ui) -> tuple[int, ...]:
    """The seats of the game played from other phones (issue 38)."""
    return tuple(link.seat for link in ui.links)


def lost(ui: Ui) -> tuple[int, ...]:
    """Of those, the seats whose phone is not connected now: the channel closed, or this
    phone reloaded, and no new code has been made for it yet."""
    return tuple(link.seat for link in ui.links if link.lost)


def elsewhere_turn(ui: Ui) -> bool:
    """Whether the player to move is not at this phone: a computer player, a seat played
    from another phone, or, on a joined phone, anyone but its own seat."""
    if ui.joined is not None:
        seen = ui.joined.seen
        return seen is not None and seen.step in (Step.DRAW, Step.PLAY) and seen.current != seen.seat
    game = ui.game
    return computer_turn(game) or (
        game is not None and game.step in (Step.DRAW, Step.PLAY) and game.current in away(ui)
    )


def now_seen(ui: Ui) -> PlayerView | TableView:
    """The game as this phone knows it now: a joined phone's latest view; on the phone that
    runs the game, the table's public view (what every handler may ask of it)."""
    if ui.joined is not None:
        assert ui.joined.seen is not None
        return ui.joined.seen
    assert ui.game is not None
    return public_view(ui.game)


def at_table(ui: Ui) -> bool:
    """Whether this phone has a game on: one it runs, or a seat it plays from its own view."""
    return ui.game is not None or (ui.joined is not None and ui.joined.seen is not None)


def computer_turn(game: GameState | None) -> bool:
    """Whether a computer player is to move now."""
    return (
        game is not None and game.step in (Step.DRAW, Step.PLAY) and game.config.kinds[game.current] != PERSON
    )


def hints_offered(ui: Ui) -> bool:
    """Whether the Hint button is on the table: the table allows hints, a person is to move,
    and no question is open; on a joined phone, its own turn, while the host can be told."""
    if ui.screen is not Screen.TABLE or ui.prompt is not None:
        return False
    joined = ui.joined
    if joined is not None:
        seen = joined.seen
        return joined.hints and seen is not None and seen.is_my_turn and not joined.lost
    game = ui.game
    return (
        game is not None
        and game.config.hints
        and game.step in (Step.DRAW, Step.PLAY)
        and not elsewhere_turn(ui)
    )


def viewer(ui: Ui) -> int | None:
    """Whose hand the table shows: the player to move, or while a computer player moves,
    the one person at the table (with several people, nobody's: the phone may be on its way).
    A joined phone shows its own seat's hand, always."""
    if ui.joined is not None:
        return ui.joined.seat
    assert ui.game is not None
    if not elsewhere_turn(ui):
        return ui.game.current
    seats = people(ui.game, away(ui))
    return seats[0] if len(seats) == 1 else None


def closing(ui: Ui) -> bool:
    """Whether the table still shows the play that ended the hand, before the scores."""
    if ui.screen is not Screen.TABLE or not at_table(ui):
        return False
    return now_step(ui) in (Step.HAND_OVER, Step.GAME_OVER)


def now_step(ui: Ui) -> Step:
    """The game's step, as this phone knows it."""
    if ui.joined is not None and ui.joined.seen is not None:
        return ui.joined.seen.step
    assert ui.game is not None
    return ui.game.step


def since_turn(ui: Ui, seats: tuple[int, ...]) -> tuple[Move, ...]:
    """The moves of this hand since the turn of any of ``seats`` last ended, oldest first.
    On a hand's last play, the play that ended it counts too, whoever made it."""
    return _since(ui, seats, closing(ui))


def _since(ui: Ui, seats: tuple[int, ...], ending: bool) -> tuple[Move, ...]:
    moves = [move for move in ui.log if move.hand == _hand_number(ui)]
    last = len(moves) - (2 if ending else 1)
    for index in range(last, -1, -1):
        if moves[index].turn_end and moves[index].seat in seats:
            return tuple(moves[index + 1 :])
    return tuple(moves)


def _hand_number(ui: Ui) -> int:
    """The hand being played, as this phone knows it."""
    if ui.joined is not None and ui.joined.seen is not None:
        return ui.joined.seen.hand_number
    return ui.game.hand_number if ui.game is not None else 0


def watchers(ui: Ui) -> tuple[int, ...]:
    """Whose turn the table's "since your turn" counts from: the hand shown, or, when no
    hand is shown, every person at the table."""
    if ui.joined is not None:
        return (ui.joined.seat,)
    assert ui.game is not None
    return _watchers(ui.game, viewer(ui), closing(ui), away(ui))


def _watchers(game: GameState, seat: int | None, ending: bool, away: tuple[int, ...]) -> tuple[int, ...]:
    return (seat,) if seat is not None and not ending else people(game, away)


def shown_hand(ui: Ui) -> tuple[Card, ...]:
    """The shown hand in the order shown: by number, or by colour then number.  Cards come
    as their holder sees them (``Card.shown``): nobody sees the other side of their own cards."""
    seat = viewer(ui)
    if ui.joined is not None:
        seen = now_seen(ui)
        hand = seen.hand if isinstance(seen, PlayerView) else ()
    else:
        assert ui.game is not None
        hand = ui.game.players[seat].shown_hand if seat is not None else ()
    if ui.sort is Sort.COLOR:
        return tuple(sorted(hand, key=_color_order))
    return hand


def _color_order(card: Card) -> tuple[int, int]:
    color = card.fixed_color
    return (color.index if color is not None else 4, card.code)


@dataclass(frozen=True, slots=True)
class Choices:
    """What the person at the table may do with the cards selected, worked out once."""

    hand: tuple[Card, ...]  # the shown hand, in the order shown
    selected: tuple[Card, ...]
    legal: tuple[Action, ...]  # nothing while a computer player moves
    lays: tuple[LayDown, ...]  # the lay-downs the selected cards make, exactly these cards
    hits: tuple[Hit, ...]  # where the one selected card may be hit
    discards: tuple[Discard, ...]  # the one selected card discarded (on whom, for a Skip)
    can_lay: bool  # "Lay down" is offered

    @property
    def hittable(self) -> frozenset[tuple[int, int]]:
        """The groups, (seat, index), the selected card may be hit on."""
        return frozenset((hit.player, hit.group) for hit in self.hits)


def choices(ui: Ui) -> Choices:
    """What the person at the table may do now: nothing while a player elsewhere moves."""
    if elsewhere_turn(ui):
        return _choices(ui, ())
    if ui.joined is not None:
        seen = now_seen(ui)
        return _choices(ui, seen.legal if isinstance(seen, PlayerView) else ())
    assert ui.game is not None
    return _choices(ui, legal_actions(ui.game))


def _choices(ui: Ui, legal: tuple[Action, ...]) -> Choices:
    hand = shown_hand(ui)
    selected = tuple(hand[i] for i in ui.selected if i < len(hand))
    chosen = Counter(selected)
    lays = tuple(a for a in legal if isinstance(a, LayDown) and Counter(a.cards) == chosen)
    one = selected[0] if len(selected) == 1 else None
    hits = tuple(a for a in legal if isinstance(a, Hit) and a.card == one)
    discards = tuple(a for a in legal if isinstance(a, Discard) and a.card == one)
    may_lay = _may_lay(ui)
    can_lay = may_lay and (bool(lays) if ui.selected else any(isinstance(a, LayDown) for a in legal))
    return Choices(hand, selected, legal, lays, hits, discards, can_lay)


def _may_lay(ui: Ui) -> bool:
    """Whether the player to move may still lay their phase this turn."""
    if ui.joined is not None:
        seen = now_seen(ui)
        return seen.step is Step.PLAY and not seen.players[seen.current].has_laid
    assert ui.game is not None
    return ui.game.step is Step.PLAY and not ui.game.player.has_laid


@dataclass(frozen=True, slots=True)
class Marks:
    """What was put on the table since the watcher's turn: the seats that laid their phase,
    and the cards (in notation) added to each group, by seat and group."""

    laid: frozenset[int] = frozenset()
    added: Mapping[tuple[int, int], tuple[str, ...]] = field(default_factory=dict)


def table_marks(moves: Sequence[Move], seats: tuple[int, ...]) -> Marks:
    """What players other than ``seats`` put on the table in ``moves`` (the watchers know
    their own)."""
    laid: set[int] = set()
    added: dict[tuple[int, int], tuple[str, ...]] = {}
    for move in moves:
        if move.seat in seats:
            continue
        if move.laid:
            laid.add(move.seat)
        if move.added is not None:
            seat, group, card = move.added
            added[(seat, group)] = (*added.get((seat, group), ()), str(card))
    return Marks(frozenset(laid), added)


@dataclass(frozen=True, slots=True)
class Table:
    """One render's table.  ``seen`` is the view the screen draws: the viewer's; at a hand's
    end, that of who went out; with no hand shown, the table's public view."""

    seen: PlayerView | TableView
    viewer: int | None  # whose hand is shown; None when no hand is
    order: tuple[PublicPlayer, ...]  # the players dealt in, as the screen lists them
    kinds: tuple[str, ...]  # who plays each seat (see PLAYER_KINDS)
    choices: Choices
    moves: tuple[Move, ...]  # since the watchers' turn, oldest first
    marks: Marks
    computer_turn: bool  # a computer player is to move
    closing: bool  # the play that ended the hand, before the scores
    two_sided: bool  # the edition's cards have two sides that turn the table over
    flipped: Text  # what the last action did if it turned the table over
    arriving: int  # where the card the last action brought sits in the hand; -1 if none
    drawn: int  # where the card the player drew this turn sits in the hand; -1 if none
    just_laid: int | None = None  # the seat that just laid its phase
    just_hit: tuple[int, int] | None = None  # the group (seat, index) a card was just hit on
    selected_at: tuple[int, ...] = ()  # where the selected cards sit in the hand as shown
    sort: Sort = Sort.NUMBER
    prompt: Prompt | None = None
    message: Text = NOTHING
    hints: bool = False  # the Hint button is offered
    advice: Advice | None = None  # the hint on show
    menu: bool = False  # the table's menu is open
    all_moves: bool = False  # every move since the watcher's turn listed, not only the newest
    away: tuple[int, ...] = ()  # the seats played from other phones
    lost: tuple[int, ...] = ()  # of those, the seats whose phone is not connected now
    host_lost: bool = False  # a joined phone whose channel to the host closed
    can_host: bool = False  # this phone runs the game: its seats may be played from other phones

    @property
    def flipping(self) -> bool:
        """Whether the last action turned the table over (the cards turn as they show)."""
        return bool(self.flipped)

    @property
    def shown(self) -> PlayerView:
        """The view of the hand on show (the viewer's, or at a hand's end who went out's)."""
        if not isinstance(self.seen, PlayerView):
            raise TypeError("the open table shows no hand")
        return self.seen

    @property
    def playing(self) -> PublicPlayer:
        """The player whose turn it is."""
        return self.seen.players[self.seen.current]

    @property
    def mine(self) -> bool:
        """Whether the hand on show is the player's to move."""
        return not self.computer_turn and self.seen.step in (Step.DRAW, Step.PLAY)

    @property
    def hinted_at(self) -> frozenset[int]:
        """Where the cards a hint points at sit in the hand as shown."""
        if self.advice is None:
            return frozenset()
        wanted = Counter(self.advice.cards)
        at = set()
        for i, card in enumerate(self.choices.hand):
            if wanted[card] > 0:
                wanted[card] -= 1
                at.add(i)
        return frozenset(at)

    @property
    def hinted_group(self) -> tuple[int, int] | None:
        """The group (seat, index) a hint to add a card points at."""
        action = self.advice.action if self.advice is not None else None
        return (action.player, action.group) if isinstance(action, Hit) else None

    def arrives(self, seat: int, index: int) -> bool:
        """Whether the group at ``seat``/``index`` just changed (laid down or hit)."""
        return self.just_laid == seat or self.just_hit == (seat, index)


def table_of(ui: Ui) -> Table:
    """The table ``ui`` shows, worked out once."""
    if ui.joined is not None:
        return _joined_table(ui)
    assert ui.game is not None
    game = ui.game
    seat = viewer(ui)
    ending = closing(ui)
    seen: PlayerView | TableView
    if ending:
        out = game.history[-1].went_out
        seen = view(game, out if out is not None else game.current)
        order = _rotated(seen, seen.seat)
    elif seat is None:
        # No hand is on the page: what everyone sees, every hand's backs included.
        seen = public_view(game)
        order = _rotated(seen, game.current)
    else:
        seen = view(game, seat)
        order = _rotated(seen, seat)[1:]
    moving = elsewhere_turn(ui)
    # The view's legal actions are the ones the person at the table has (the viewer's, or
    # at a hand's end the next hand's), except while a player elsewhere moves (and so
    # always at the open table).
    offered = _choices(ui, seen.legal if isinstance(seen, PlayerView) and not moving else ())
    seats = _watchers(game, seat, ending, away(ui))
    return _table(ui, seen, seat, order, game.config.kinds, offered, seats, moving, ending)


def _joined_table(ui: Ui) -> Table:
    """A joined phone's table: from its seat's latest view alone (it holds no game)."""
    assert ui.joined is not None and ui.joined.seen is not None
    seen, seat = ui.joined.seen, ui.joined.seat
    moving = elsewhere_turn(ui)
    offered = _choices(ui, seen.legal if not moving else ())
    order = _rotated(seen, seat)[1:]
    return _table(ui, seen, seat, order, ui.joined.kinds, offered, (seat,), moving, closing(ui))


def _table(
    ui: Ui,
    seen: PlayerView | TableView,
    seat: int | None,
    order: list[PublicPlayer],
    kinds: tuple[str, ...],
    offered: Choices,
    seats: tuple[int, ...],
    moving: bool,
    ending: bool,
) -> Table:
    moves = _since(ui, seats, ending)
    hand = offered.hand
    return Table(
        seen=seen,
        viewer=seat,
        order=tuple(player for player in order if player.in_hand),
        kinds=kinds,
        choices=offered,
        moves=moves,
        marks=table_marks(moves, seats),
        computer_turn=moving,
        closing=ending,
        two_sided=seen.options.ruleset().two_sided,
        flipped=ui.flipped,
        arriving=_position(hand, ui.just_played.card),
        drawn=_position(hand, ui.drawn) if seen.current == seat else -1,
        just_laid=seen.current if ui.just_played.laid else None,
        just_hit=ui.just_played.hit,
        selected_at=ui.selected,
        sort=ui.sort,
        prompt=ui.prompt,
        message=ui.message,
        hints=hints_offered(ui) and not ending,
        advice=ui.advice if not ending else None,
        menu=ui.menu,
        all_moves=ui.all_moves,
        away=away(ui),
        lost=lost(ui),
        host_lost=ui.joined is not None and ui.joined.lost,
        can_host=ui.game is not None and ui.joined is None,
    )


def _rotated(seen: PlayerView | TableView, first: int) -> list[PublicPlayer]:
    """Every player in turn order, starting with ``first``."""
    count = len(seen.players)
    return [seen.players[(first + step) % count] for step in range(count)]


def _position(hand: Sequence[Card], notation: str) -> int:
    """Where a card (in notation) sits in the hand as shown; -1 when it is not there."""
    return next((i for i, card in enumerate(hand) if str(card) == notation), -1) if notation else -1
