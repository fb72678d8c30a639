"""Score sheets for a phone: the standings, the hand-by-hand sheet, a game's way to play.

Standings come first, one short row per player that fits a 360 px screen; the full
hand-by-hand sheet, like the paper pad, opens behind a tap and scrolls sideways in its
own box.  HTML from engine values, with no DOM, so it is tested on CPython.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from phase10 import GameState, Options
from phase10.view import public_view

from .html import Markup, el
from .i18n import Words
from .pieces import MAIN_EDITION

__all__ = [
    "Standing",
    "finished_date",
    "full_sheet",
    "order",
    "rank",
    "score_sheet",
    "standings",
    "way_to_play",
    "ways_of",
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
    """The players of ``game`` as the engine ranks them (see ``rank``)."""
    # Phases completed as the engine's public view counts them, once for every player.
    completed = [player.phases_completed for player in public_view(game).players]
    scores = [player.score for player in game.players]
    return rank(game.winner, game.config.options.ten_hands, completed, scores)


def rank(
    winner: int | None, ten_hands: bool, completed: Sequence[int], scores: Sequence[int]
) -> list[Standing]:
    """The seats as the engine ranks them (``game._decide``): the winner first; then, in
    ten hands, the fewest points; otherwise the most phases completed, then the fewest
    points.  Players level on both share a place.  Plain values, so that a sheet with no
    game behind it (a paper game's) ranks the same way."""

    def key(seat: int) -> tuple[int, int, int]:
        return (0 if seat == winner else 1, 0 if ten_hands else -completed[seat], scores[seat])

    seats = sorted(range(len(scores)), key=key)
    rows: list[Standing] = []
    for i, seat in enumerate(seats):
        place = rows[-1].place if rows and key(rows[-1].seat) == key(seat) else i + 1
        rows.append(Standing(place, seat, completed[seat], scores[seat]))
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
        if rules is not MAIN_EDITION
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
    return ways_of(game.config.options, w)


def ways_of(options: Options, w: Words) -> str:
    """``way_to_play`` for the options alone (a sheet with no game behind it)."""
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
