"""The screens of results: the end of a hand, the end of a game, and past games, each
built from the score sheets of ``results.sheets``."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from phase10 import GameState, HandRecord, Options
from phase10.state import NO_PICK
from phase10.view import PlayerView, TableView

from ..kit.html import NO_HTML, Markup, el, join
from ..kit.i18n import Text, Words
from ..kit.widgets import button, card_class, card_face, docked, header
from ..records import PastGame
from .sheets import Sheet, finished_date, full_sheet, hints_note, list_note, order, standings, way_to_play

__all__ = [
    "PastGame",
    "game_over_screen",
    "hand_over_screen",
    "history_screen",
    "host_next",
    "seat_hand_over_screen",
]


def _moved(options: Options, record: HandRecord, done: tuple[int, ...], seat: int, w: Words) -> str:
    """What the hand ``record`` meant for a player's phase (``done``: the phases it has
    completed since, with phases in any order)."""
    number = record.phases[seat]
    assert number is not None  # a player who scored played a phase
    sequence = options.phase_sequence()
    later = [n for n in sequence if n > number]
    completed = record.completed[seat]
    if options.any_order and not record.tiebreak:  # ruling 33: each chooses again next hand
        if number == NO_PICK:
            return w("over.no_pick")
        left = options.phases_to_complete() - len(done)
        if not completed:
            return w("over.missed_any", number=number)
        if left <= 0:
            return w("over.completed_all", number=number)
        return w("over.completed_any", number=number, count=left)
    if options.ten_hands:
        if not later:
            return w("over.completed_last" if completed else "over.missed", number=number)
        key = "over.moves_on" if completed else "over.missed_moves_on"
        return w(key, number=number, next=later[0])
    if not completed:
        return w("over.stays", number=number)
    if not later:
        return w("over.completed_last", number=number)
    return w("over.moves_on", number=number, next=later[0])


def _leftover(game: GameState, seat: int, w: Words) -> Markup:
    """The cards left in a player's hand, drawn small, and named once for screen readers."""
    hand = game.players[seat].shown_hand
    if not hand:  # who went out: their line says so
        return Markup("")
    names = [w.card(card) for card in hand]
    cards = [el("span", card_face(card, w), class_=card_class(card) + " tiny") for card in hand]
    return el(
        "p",
        *cards,
        class_="leftover",
        role="img",
        aria_label=w("over.cards_left", count=len(hand), cards=names),
    )


def hand_over_screen(game: GameState, w: Words, flipped: Text) -> Markup:
    """Who went out; each player's leftover cards, points and phase; the standings; the sheet."""
    record = game.history[-1]
    options = game.config.options
    names = tuple(player.name for player in game.players)
    results = _results(
        record,
        names,
        lambda seat: _moved(options, record, game.done(seat), seat, w),
        lambda seat: _leftover(game, seat, w),
        w,
    )
    next_label = w("over.tiebreak_next") if game.tiebreak else w("over.next")
    tie_note = (
        el(
            "p",
            w(
                "over.tie",
                names=[game.players[s].name for s in game.tiebreak],
                score=game.players[game.tiebreak[0]].score,
            ),
            class_="notice",
        )
        if game.tiebreak
        else ""
    )
    extra = [
        el("p", w.say(flipped), class_="notice") if flipped else "",
        el("p", w("over.side", side=game.side), class_="side-note") if options.ruleset().two_sided else "",
    ]
    return docked(
        _hand_panels(record, names, results, extra, tie_note, Sheet.of_game(game), w),
        button(next_label, "next-hand", primary=True),
    )


def seat_hand_over_screen(seen: PlayerView, w: Words) -> Markup:
    """The end of a hand on a phone that plays one seat of a game run on another (issue 38):
    the same screen, from that seat's view alone (no other hand's cards, which the view does
    not hold); the next hand is dealt on the host's phone, and the table comes back with it."""
    record = seen.history[-1]
    names = tuple(player.name for player in seen.players)
    results = _results(
        record,
        names,
        lambda seat: _moved(seen.options, record, seen.players[seat].done, seat, w),
        lambda seat: Markup(""),
        w,
    )
    waiting = el("p", host_next(seen, w), role="status", class_="hint")
    sheet = Sheet.of_view(seen)
    return docked(
        _hand_panels(record, names, results, [], "", sheet, w),
        join([waiting, button(w("net.back_to_table"), "join-table", primary=True)]),
    )


def host_next(seen: PlayerView | TableView, w: Words) -> str:
    """What comes after a hand on a joined phone: the host deals the next, or the game is won."""
    if seen.winner is not None:
        return w("say.won", name=seen.players[seen.winner].name)
    return w("net.host_deals")


def _results(
    record: HandRecord,
    names: tuple[str, ...],
    moved: Callable[[int], str],
    leftover: Callable[[int], Markup],
    w: Words,
) -> list[Markup]:
    """Each player dealt in: who went out first, then the table in seat order; their points,
    what the hand meant for their phase, their leftover cards."""
    out = record.went_out
    seats = [s for s in range(len(names)) if record.points[s] is not None]
    seats.sort(key=lambda s: s != out)
    results = []
    for seat in seats:
        points = record.points[seat]
        assert points is not None
        went_out = seat == out
        summary = (
            el("span", el("span", "★ ", aria_hidden="true"), w("over.out_mark"), class_="result-out")
            if went_out
            else el("span", w("over.points", count=points), class_="result-points")
        )
        results.append(
            el(
                "li",
                el("p", el("strong", names[seat], class_="result-name"), " ", summary, class_="result-head"),
                "" if record.tiebreak else el("p", moved(seat), class_="result-phase"),
                leftover(seat),
                class_="result" + (" went-out" if went_out else ""),
            )
        )
    return results


def _hand_panels(
    record: HandRecord,
    names: tuple[str, ...],
    results: list[Markup],
    extra: list[Markup | str],
    tie_note: Markup | str,
    sheet: Sheet,
    w: Words,
) -> list[Markup | str]:
    """The hand's title, who went out, the results, then the standings and the sheet."""
    who = names[record.went_out] if record.went_out is not None else None
    headline = w("over.went_out", name=who) if who else w("over.nobody")
    return [
        header(w, w("over.title", number=record.number), home=True),
        el(
            "section",
            el("h2", headline, class_="hand-headline"),
            el("p", w("over.cheer", name=who), class_="cheer") if who else "",
            *extra,
            el("ul", *results, class_="results hand-results"),
            tie_note,
            class_="card-panel",
        ),
        _standings_panel(sheet, w),
        el("section", full_sheet(sheet, w), class_="card-panel sheet-panel"),
    ]


# --- the end of the game --------------------------------------------------------------------


def _how_won(game: GameState, w: Words) -> str:
    assert game.winner is not None
    last = game.history[-1]
    score = game.players[game.winner].score
    if last.tiebreak:
        return w("end.by_tiebreak")
    sequence = game.config.options.phase_sequence()
    if game.config.options.ten_hands:
        return w("end.fewest_after", hands=len(sequence), score=score)
    finishers = [s for s in range(len(game.players)) if game.players[s].phase_index >= len(sequence)]
    if len(finishers) > 1:
        return w("end.fewest_of_finishers", number=sequence[-1], score=score)
    return w("end.first_to_finish", number=sequence[-1], score=score)


def _standings_panel(sheet: Sheet, w: Words) -> Markup:
    """Where the game stands, and whether it was coached."""
    return el(
        "section",
        el("h2", w("sheet.standings")),
        standings(sheet, w),
        list_note(sheet.options, w),
        hints_note(sheet, w),
        class_="card-panel",
    )


def game_over_screen(game: GameState, w: Words, notice: Markup = NO_HTML) -> Markup:
    """The winner, with a little ceremony; how they won; the standings; the sheet.  A
    ``notice`` (what Share did) is shown in the title bar, in view however far down it is."""
    assert game.winner is not None
    winner = game.players[game.winner]
    sheet = Sheet.of_game(game)
    return join(
        [
            header(w, w("end.title"), home=True, notice=notice),
            el(
                "section",
                el("p", "★", class_="trophy", aria_hidden="true"),
                el("p", w("end.winner_is"), class_="handoff-lead"),
                el("h2", winner.name, class_="winner"),
                el("p", _how_won(game, w), class_="how-won"),
                el("p", w("end.cheer"), class_="cheer"),
                class_="card-panel winner-panel",
            ),
            _standings_panel(sheet, w),
            el("section", full_sheet(sheet, w), class_="card-panel sheet-panel"),
            el(
                "div",
                button(w("end.play_again"), "play-again", primary=True),
                button(w("share.button"), "share"),
                button(w("button.home"), "home"),
                class_="row end-actions",
            ),
        ]
    )


# --- past games -----------------------------------------------------------------------------


def _past_game(past: PastGame, index: int, w: Words) -> Markup:
    """One past game, played in the app or on the score pad; ``index`` is its place in the
    stored list, which its Share button names."""
    played = past.game
    sheet = Sheet.of(played)
    if sheet.winner is None:  # never stored, but a past game is shown only with its winner
        return Markup("")
    date = finished_date(past.finished, w)
    winner = sheet.names[sheet.winner]
    totals = [
        el(
            "li",
            el("span", sheet.names[row.seat], class_="past-name"),
            " ",
            el("span", w("sheet.points", count=row.score), class_="past-points"),
            class_="leads" if row.seat == sheet.winner else None,
        )
        for row in order(sheet)
    ]
    return el(
        "article",
        el("p", date, class_="past-date") if date else "",
        el(
            "h2",
            el("span", "★ ", aria_hidden="true"),
            w("history.won", winner=winner),
            class_="past-winner",
        ),
        el("p", way_to_play(sheet.options, w), class_="past-way"),
        list_note(sheet.options, w),
        _played_where(past, sheet, w),
        hints_note(sheet, w),
        el("ol", *totals, class_="past-totals", aria_label=w("history.totals")),
        button(w("share.button"), "share", value=str(index), name=w("share.past_game", winner=winner)),
        full_sheet(sheet, w, with_standings=True),
        class_="card-panel past-game",
    )


def _played_where(past: PastGame, sheet: Sheet, w: Words) -> Markup | str:
    """A past game not played on this phone's table: on several phones, or with real cards."""
    if past.seat is not None:
        return el("p", w("history.on_phones", name=sheet.names[past.seat]), class_="past-real")
    if isinstance(past.game, GameState):
        return ""
    return el("p", w("history.real_cards"), class_="past-real")


def history_screen(
    past: Sequence[PastGame | GameState], unreadable: int, w: Words, notice: Markup = NO_HTML
) -> Markup:
    """Past games, newest first (a bare game is one kept with no date); a ``notice`` in the
    title bar, as on the game-over screen."""
    games = [item if isinstance(item, PastGame) else PastGame(item) for item in past]
    if not games:
        body = [el("p", w("history.none"), class_="card-panel")]
    else:
        body = [_past_game(g, i, w) for i, g in reversed(list(enumerate(games)))]
    if unreadable:
        body.append(el("p", w("history.unreadable", count=unreadable), class_="notice"))
    return join([header(w, w("history.title"), back=True, notice=notice), *body])
