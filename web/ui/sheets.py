"""Score sheets for a phone: the standings, the end of a hand, the end of a game, past games.

Standings come first, one short row per player that fits a 360 px screen; the full
hand-by-hand sheet, like the paper pad, opens behind a tap and scrolls sideways in its
own box.  HTML from engine values, with no DOM, so it is tested on CPython.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from phase10 import GameState
from phase10.rules import CLASSIC
from phase10.view import view

from .html import Markup, el, join
from .i18n import Text, Words
from .pieces import button, card_class, card_face, header
from .storage import PastGame

__all__ = [
    "PastGame",
    "Standing",
    "finished_date",
    "full_sheet",
    "game_over_screen",
    "hand_over_screen",
    "history_screen",
    "order",
    "score_sheet",
    "standings",
    "way_to_play",
]


# --- who leads ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's line of the standings."""

    place: int  # 1, 2, 2, 4...: tied players share a place
    seat: int
    completed: int  # phases completed, of the game's sequence
    score: int


def order(game: GameState) -> list[Standing]:
    """The players as the engine ranks them (``game._decide``): the winner first; then, in
    ten hands, the fewest points; otherwise the most phases completed, then the fewest
    points.  Players level on both share a place."""
    ten_hands = game.config.options.ten_hands
    # Phases completed as the engine's public view counts them (seat 0's view: the count is
    # public), once for every player.
    completed = [player.phases_completed for player in view(game, 0).players]

    def key(seat: int) -> tuple[int, int, int]:
        return (
            0 if seat == game.winner else 1,
            0 if ten_hands else -completed[seat],
            game.players[seat].score,
        )

    seats = sorted(range(len(game.players)), key=key)
    rows: list[Standing] = []
    for i, seat in enumerate(seats):
        place = rows[-1].place if rows and key(rows[-1].seat) == key(seat) else i + 1
        rows.append(Standing(place, seat, completed[seat], game.players[seat].score))
    return rows


def _phase_words(game: GameState, row: Standing, w: Words) -> str:
    """Where a player is: the phase they are on, and how many they have completed."""
    count = len(game.config.options.phase_sequence())
    still_playing = not game.is_over and game.players[row.seat].phase_index < count
    if still_playing or row.seat in game.tiebreak:
        return w("sheet.on_phase", number=game.phase_number(row.seat), done=row.completed, total=count)
    return w("sheet.done_of", count=count, done=row.completed)


def standings(game: GameState, w: Words) -> Markup:
    """One row per player, best first: place, name, phase, total; the leader marked."""
    rows = order(game)
    leaders = [row for row in rows if row.place == 1]
    if game.winner is not None:
        lead = w("sheet.winner")
    else:
        lead = w("sheet.joint_leader") if len(leaders) > 1 else w("sheet.leader")
    items = []
    for row in rows:
        leads = row.place == 1
        items.append(
            el(
                "li",
                el(
                    "span",
                    el("span", w("sheet.place", place=row.place), class_="visually-hidden"),
                    el("span", str(row.place), aria_hidden="true"),
                    class_="place",
                ),
                " ",
                el("strong", game.players[row.seat].name, class_="standing-name"),
                " ",
                el("span", el("span", "★ ", aria_hidden="true"), lead, class_="lead-mark") if leads else "",
                " " if leads else "",
                el("span", _phase_words(game, row, w), class_="standing-phase"),
                " ",
                el(
                    "span",
                    el("span", str(row.score), class_="standing-points"),
                    " ",
                    el("span", w("sheet.points_unit", count=row.score), class_="standing-unit"),
                    class_="standing-total",
                ),
                class_="standing" + (" leads" if leads else ""),
            )
        )
    return el("ol", *items, class_="standings", aria_label=w("sheet.standings"))


# --- the full sheet, like the paper pad -----------------------------------------------------


def score_sheet(game: GameState, w: Words) -> Markup:
    """Like the paper pad: each hand's points and the running total, and the phases ticked off.
    It scrolls sideways in its own box; the first column stays put, and a shadow on the
    right edge says there is more."""
    names = [p.name for p in game.players]
    sequence = game.config.options.phase_sequence()
    done = [
        {r.phases[s] for r in game.history if not r.tiebreak and r.completed[s]} for s in range(len(names))
    ]
    ticks = [
        el(
            "td",
            el(
                "span",
                *[el("span", str(n), class_="tick" + (" done" if n in done[s] else "")) for n in sequence],
                class_="ticks",
                role="img",
                aria_label=w(
                    "sheet.phases_done",
                    phases=w("list.comma").join(map(str, sorted(x for x in done[s] if x))) or w("sheet.none"),
                ),
            ),
        )
        for s in range(len(names))
    ]
    totals = [0] * len(names)
    rules = game.config.options.ruleset()
    caption = (
        el("caption", w("sheet.edition", edition=w(f"edition.{rules.name}.title")))
        if rules is not CLASSIC
        else ""
    )
    rows = []
    for record in game.history:
        cells = []
        for seat, points in enumerate(record.points):
            if points is None:
                cells.append(
                    el(
                        "td",
                        el("span", "—", aria_hidden="true"),
                        el("span", w("sheet.sat_out"), class_="visually-hidden"),
                        class_="sat-out",
                    )
                )
                continue
            totals[seat] += points
            went_out = record.went_out == seat
            phase_mark = f"✓ {record.phases[seat]}" if record.completed[seat] and not record.tiebreak else ""
            cells.append(
                el(
                    "td",
                    el(
                        "span",
                        w("sheet.out") if went_out else f"+{points}",
                        class_="points" + (" out" if went_out else ""),
                    ),
                    el("span", phase_mark, class_="done-mark"),
                    el("span", str(totals[seat]), class_="total"),
                    class_="cell",
                )
            )
        label = w("sheet.tiebreak", number=record.number) if record.tiebreak else str(record.number)
        rows.append(el("tr", el("th", label, scope="row"), *cells))
    return el(
        "div",
        el(
            "table",
            caption,
            el(
                "thead",
                el("tr", el("th", w("sheet.hand"), scope="col"), *[el("th", n, scope="col") for n in names]),
            ),
            el("tbody", el("tr", el("th", w("sheet.phases"), scope="row"), *ticks), *rows),
            class_="score-sheet",
        ),
        class_="sheet-scroll",
        tabindex="0",
        role="region",
        aria_label=w("over.score_sheet"),
    )


def full_sheet(game: GameState, w: Words, *, with_standings: bool = False) -> Markup:
    """The full sheet behind a tap (with the standings first, where they are not shown)."""
    return el(
        "details",
        el("summary", w("sheet.full_and_standings" if with_standings else "sheet.full")),
        standings(game, w) if with_standings else "",
        score_sheet(game, w),
        class_="full-sheet",
    )


# --- the end of a hand ----------------------------------------------------------------------


def _moved(game: GameState, seat: int, w: Words) -> str:
    """What the hand meant for a player's phase."""
    record = game.history[-1]
    number = record.phases[seat]
    assert number is not None  # a player who scored played a phase
    sequence = game.config.options.phase_sequence()
    later = [n for n in sequence if n > number]
    completed = record.completed[seat]
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
    return join(
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
            el("section", el("h2", w("sheet.standings")), standings(game, w), class_="card-panel"),
            el("section", full_sheet(game, w), class_="card-panel sheet-panel"),
            button(next_label, "next-hand", primary=True),
        ]
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


def game_over_screen(game: GameState, w: Words) -> Markup:
    """The winner, with a little ceremony; how they won; the standings; the sheet."""
    assert game.winner is not None
    winner = game.players[game.winner]
    return join(
        [
            header(w, w("end.title"), home=True),
            el(
                "section",
                el("p", "★", class_="trophy", aria_hidden="true"),
                el("p", w("end.winner_is"), class_="handoff-lead"),
                el("h2", winner.name, class_="winner"),
                el("p", _how_won(game, w), class_="how-won"),
                el("p", w("end.cheer"), class_="cheer"),
                class_="card-panel winner-panel",
            ),
            el("section", el("h2", w("sheet.standings")), standings(game, w), class_="card-panel"),
            el("section", full_sheet(game, w), class_="card-panel sheet-panel"),
            el(
                "div",
                button(w("end.play_again"), "play-again", primary=True),
                button(w("button.home"), "home"),
                class_="row end-actions",
            ),
        ]
    )


# --- past games -----------------------------------------------------------------------------


def finished_date(when: str, w: Words) -> str:
    """The day a game finished, in words ("22 November 2026"); empty when unknown."""
    found = re.match(r"(\d{4})-(\d{2})-(\d{2})", when)
    if not found:
        return ""
    year, month, day = (int(part) for part in found.groups())
    months = [name.strip() for name in w("history.months").split(",")]
    if not 1 <= month <= len(months) or not 1 <= day <= 31:
        return ""
    return w("history.date", day=day, month=months[month - 1], year=year)


def way_to_play(game: GameState, w: Words) -> str:
    """The edition and the ways to play chosen, as a line: "Classic · First to 3 phases"."""
    options = game.config.options
    parts = [w(f"edition.{options.ruleset().name}.title")]
    if options.ten_hands:
        parts.append(w("history.hands", count=len(options.phase_sequence())))
    if options.phases_to_win is not None:
        parts.append(w("history.first_to", count=options.phases_to_win))
    if options.even_phases:
        parts.append(w("option.even-phases.title"))
    if len(parts) == 1:
        parts.append(w("option.standard.title"))
    if options.el_chavo:
        parts.append(w("option.el-chavo.title"))
    return w("history.separator").join(parts)


def _past_game(past: PastGame, w: Words) -> Markup:
    game = past.game
    if game.winner is None:  # never stored, but a past game is shown only with its winner
        return Markup("")
    date = finished_date(past.finished, w)
    totals = [
        el(
            "li",
            el("span", game.players[row.seat].name, class_="past-name"),
            " ",
            el("span", w("sheet.points", count=row.score), class_="past-points"),
            class_="leads" if row.seat == game.winner else None,
        )
        for row in order(game)
    ]
    return el(
        "article",
        el("p", date, class_="past-date") if date else "",
        el(
            "h2",
            el("span", "★ ", aria_hidden="true"),
            w("history.won", winner=game.players[game.winner].name),
            class_="past-winner",
        ),
        el("p", way_to_play(game, w), class_="past-way"),
        el("ol", *totals, class_="past-totals", aria_label=w("history.totals")),
        full_sheet(game, w, with_standings=True),
        class_="card-panel past-game",
    )


def history_screen(past: Sequence[PastGame | GameState], unreadable: int, w: Words) -> Markup:
    """Past games, newest first (a bare game is one kept with no date)."""
    games = [item if isinstance(item, PastGame) else PastGame(item) for item in past]
    if not games:
        body = [el("p", w("history.none"), class_="card-panel")]
    else:
        body = [_past_game(g, w) for g in reversed(games)]
    if unreadable:
        body.append(el("p", w("history.unreadable", count=unreadable), class_="notice"))
    return join([header(w, w("history.title"), back=True), *body])
