"""The screens of results: the end of a hand, the end of a game, and past games, each
built from the score sheets of ``results.sheets``."""

from __future__ import annotations

from collections.abc import Sequence

from phase10 import GameState
from phase10.state import NO_PICK

from ..kit.html import NO_HTML, Markup, el, join
from ..kit.i18n import Text, Words
from ..kit.widgets import button, card_class, card_face, docked, header
from ..records import PastGame
from .sheets import Sheet, finished_date, full_sheet, hints_note, list_note, order, standings, way_to_play

__all__ = ["PastGame", "game_over_screen", "hand_over_screen", "history_screen"]


def _moved(game: GameState, seat: int, w: Words) -> str:
    """What the hand meant for a player's phase."""
    record = game.history[-1]
    number = record.phases[seat]
    assert number is not None  # a player who scored played a phase
    options = game.config.options
    sequence = options.phase_sequence()
    later = [n for n in sequence if n > number]
    completed = record.completed[seat]
    if options.any_order and not record.tiebreak:  # ruling 33: each chooses again next hand
        if number == NO_PICK:
            return w("over.no_pick")
        left = options.phases_to_complete() - len(game.done(seat))
        if not completed:
            return w("over.missed_any", number=number)
        if left <= 0:
            return w("over.completed_all", number=number)
        return w("over.completed_any", number=number, count=left)
    if game.config.options.ten_hands:
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
    sheet = Sheet.of_game(game)
    out = record.went_out
    who = game.players[out].name if out is not None else None
    headline = w("over.went_out", name=who) if who else w("over.nobody")
    seats = [s for s in range(len(game.players)) if record.points[s] is not None]
    seats.sort(key=lambda s: s != out)  # who went out first, then the table in seat order
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
                el(
                    "p",
                    el("strong", game.players[seat].name, class_="result-name"),
                    " ",
                    summary,
                    class_="result-head",
                ),
                "" if record.tiebreak else el("p", _moved(game, seat, w), class_="result-phase"),
                _leftover(game, seat, w),
                class_="result" + (" went-out" if went_out else ""),
            )
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
    return docked(
        [
            header(w, w("over.title", number=record.number), home=True),
            el(
                "section",
                el("h2", headline, class_="hand-headline"),
                el("p", w("over.cheer", name=who), class_="cheer") if who else "",
                el("p", w.say(flipped), class_="notice") if flipped else "",
                el("p", w("over.side", side=game.side), class_="side-note")
                if game.config.options.ruleset().two_sided
                else "",
                el("ul", *results, class_="results hand-results"),
                tie_note,
                class_="card-panel",
            ),
            _standings_panel(sheet, w),
            el("section", full_sheet(sheet, w), class_="card-panel sheet-panel"),
        ],
        button(next_label, "next-hand", primary=True),
    )


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
        "" if isinstance(played, GameState) else el("p", w("history.real_cards"), class_="past-real"),
        hints_note(sheet, w),
        el("ol", *totals, class_="past-totals", aria_label=w("history.totals")),
        button(w("share.button"), "share", value=str(index), name=w("share.past_game", winner=winner)),
        full_sheet(sheet, w, with_standings=True),
        class_="card-panel past-game",
    )


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
