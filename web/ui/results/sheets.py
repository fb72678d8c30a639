"""Score sheets for a phone: the standings, the hand-by-hand sheet, a game's way to play.

Standings come first, one short row per player that fits a 360 px screen; the full
hand-by-hand sheet, like the paper pad, opens behind a tap and scrolls sideways in its
own box.  Everything is drawn from a ``Sheet``: the players, the options and the hands
written, whether by a game played in the app or on the score pad of a game played with
real cards.  HTML from engine values, with no DOM, so it is tested on CPython.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from phase10 import GameState, HandRecord, Options, scoresheet
from phase10.game import standings_of
from phase10.pad import ScorePad, records
from phase10.pad import standings as pad_standings
from phase10.phaselists import encode
from phase10.scoresheet import Standings
from phase10.state import NO_PICK
from phase10.view import PlayerView

from ..kit.html import Markup, el
from ..kit.i18n import Words
from ..kit.widgets import MAIN_EDITION

__all__ = [
    "Sheet",
    "Standing",
    "finished_date",
    "full_sheet",
    "hints_note",
    "hints_words",
    "order",
    "score_sheet",
    "short_names",
    "standings",
    "way_to_play",
]


# --- the sheet ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Sheet:
    """A score sheet: who plays, with which options, the hands written, and where that
    leaves everyone (``standing``, as ``phase10.scoresheet`` works it out)."""

    names: tuple[str, ...]
    options: Options
    hands: tuple[HandRecord, ...]
    standing: Standings
    hints_used: tuple[int, ...] = ()  # hints each seat asked the coach for (games only)

    @classmethod
    def of_game(cls, game: GameState) -> Sheet:
        config = game.config
        return cls(config.players, config.options, game.history, standings_of(game), game.hints_used)

    @classmethod
    def of_view(cls, seen: PlayerView) -> Sheet:
        """A seat's view of a game run on another phone (issue 38): its sheet, and where it
        leaves everyone, worked out again from it (the hints asked are not in a view)."""
        names = tuple(player.name for player in seen.players)
        standing = scoresheet.replay(seen.options, len(names), seen.history)
        return cls(names, seen.options, seen.history, standing)

    @classmethod
    def of_pad(cls, pad: ScorePad) -> Sheet:
        return cls(pad.names, pad.options, records(pad), pad_standings(pad))

    @classmethod
    def of(cls, played: GameState | ScorePad) -> Sheet:
        """The sheet of a game played in the app or of a paper game's pad."""
        return cls.of_game(played) if isinstance(played, GameState) else cls.of_pad(played)

    @property
    def winner(self) -> int | None:
        return self.standing.winner

    def completed(self, seat: int) -> int:
        """The phases ``seat`` has completed."""
        return scoresheet.phases_completed(self.hands, seat)

    def phase_on(self, seat: int) -> int:
        """The phase ``seat`` plays (or played) in the hand after the sheet's last."""
        return scoresheet.phase_on(self.options, self.standing, seat)


# --- who leads ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's line of the standings."""

    place: int  # 1, 2, 2, 4...: tied players share a place
    seat: int
    completed: int  # phases completed, of the game's sequence
    score: int


def order(sheet: Sheet) -> list[Standing]:
    """The players as the engine ranks them (``scoresheet.decide``): the winner first; then,
    in ten hands, the fewest points; otherwise the most phases completed, then the fewest
    points.  Players level on both share a place."""
    ten_hands = sheet.options.ten_hands
    seats = range(len(sheet.names))
    completed = [sheet.completed(seat) for seat in seats]
    scores = sheet.standing.scores

    def key(seat: int) -> tuple[int, int, int]:
        return (0 if seat == sheet.winner else 1, 0 if ten_hands else -completed[seat], scores[seat])

    rows: list[Standing] = []
    for i, seat in enumerate(sorted(seats, key=key)):
        place = rows[-1].place if rows and key(rows[-1].seat) == key(seat) else i + 1
        rows.append(Standing(place, seat, completed[seat], scores[seat]))
    return rows


def _phase_words(sheet: Sheet, row: Standing, w: Words) -> str:
    """Where a player is: the phase they are on, and how many they have completed."""
    count = len(sheet.options.phase_sequence())
    standing = sheet.standing
    if sheet.options.any_order and row.seat not in standing.tiebreak:  # phases done as a set
        done = standing.completed(row.seat)
        total = sheet.options.phases_to_complete()
        if not done:
            return w("sheet.none_done", total=total)
        return w("sheet.done_set", count=len(done), phases=[str(n) for n in done], total=total)
    still_playing = not standing.decided and standing.phase_index[row.seat] < count
    if still_playing or row.seat in standing.tiebreak:
        return w("sheet.on_phase", number=sheet.phase_on(row.seat), done=row.completed, total=count)
    return w("sheet.done_of", count=count, done=row.completed)


def standings(sheet: Sheet, w: Words) -> Markup:
    """One row per player, best first: place, name, phase, total; the leader marked."""
    rows = order(sheet)
    leaders = [row for row in rows if row.place == 1]
    if sheet.winner is not None:
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
                el("strong", sheet.names[row.seat], class_="standing-name"),
                " ",
                el("span", el("span", "★ ", aria_hidden="true"), lead, class_="lead-mark") if leads else "",
                " " if leads else "",
                el("span", _phase_words(sheet, row, w), class_="standing-phase"),
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


# How many characters of a name a column shows, by the number of players: six columns
# fit a 360 px phone with names of four letters and a mark (see ``short_names``).
NAME_CHARS = {2: 16, 3: 11, 4: 8, 5: 6, 6: 4}


def short_names(names: tuple[str, ...]) -> tuple[str, ...]:
    """Each name as its column shows it: whole if it fits, else its first word, cut short
    with "…", and told apart from the others (a digit where two would read alike)."""
    limit = NAME_CHARS.get(len(names), 4)
    shorts: list[str] = []
    for name in names:
        word = name.split()[0] if name.split() else name
        short = name if len(name) <= limit else word if len(word) <= limit else word[:limit] + "…"
        shorts.append(short)
    for i, short in enumerate(shorts):
        if shorts.count(short) > 1 and short != names[i]:
            shorts[i] = short.rstrip("…")[: max(1, limit - 1)] + str(i + 1)
    return tuple(shorts)


def score_sheet(sheet: Sheet, w: Words) -> Markup:
    """Like the paper pad: a column per player, a row per hand, each cell the phase played
    (filled in when completed) with the hand's points, and the running total below; the
    last row counts the phases done.  Names too long for their column are cut short, and
    the full names are a tap away under the sheet.  Six players fit a 360 px phone: the
    sheet never scrolls sideways."""
    names = sheet.names
    shorts = short_names(names)
    totals = [0] * len(names)
    rules = sheet.options.ruleset()
    caption = (
        el("caption", w("sheet.edition", edition=w(f"edition.{rules.name}.title")))
        if rules is not MAIN_EDITION
        else ""
    )
    rows = []
    for record in sheet.hands:
        cells = []
        for seat, points in enumerate(record.points):
            if points is None:
                cells.append(_sat_out(w))
                continue
            totals[seat] += points
            cells.append(_cell(record, seat, points, totals[seat], w))
        label: Markup | str = str(record.number)
        if record.tiebreak:
            label = el(
                "span",
                el("span", str(record.number), el("small", w("sheet.tiebreak_short")), aria_hidden="true"),
                el("span", w("sheet.tiebreak", number=record.number), class_="visually-hidden"),
            )
        rows.append(el("tr", el("th", label, scope="row"), *cells))
    heads = [
        el(
            "th",
            el("span", short, class_="sheet-name", aria_hidden="true") if short != name else name,
            el("span", name, class_="visually-hidden") if short != name else "",
            scope="col",
        )
        for name, short in zip(names, shorts, strict=True)
    ]
    done = [el("td", str(sheet.completed(seat)), class_="sheet-done") for seat in range(len(names))]
    return el(
        "div",
        el(
            "table",
            caption,
            el("thead", el("tr", _narrow_head("#", w("sheet.hand"), "col", "sheet-hand"), *heads)),
            el("tbody", *rows),
            el("tfoot", el("tr", _narrow_head("✓", w("sheet.done"), "row"), *done)),
            class_="score-sheet",
            data_players=str(len(names)),
        ),
        _full_names(names, shorts, w),
        class_="sheet-box",
        role="region",
        aria_label=w("over.score_sheet"),
    )


def _cell(record: HandRecord, seat: int, points: int, total: int, w: Words) -> Markup:
    """One player's hand: the phase played, a filled mark when completed; the points (a star
    for who went out); the total so far.  Read out as one sentence."""
    went_out = record.went_out == seat
    completed = record.completed[seat] and not record.tiebreak
    phase = record.phases[seat]
    chosen = phase is not None and phase != NO_PICK  # any order, and the hand ended before a turn
    mark = el("span", str(phase) if chosen else "·", class_="sheet-phase" + (" done" if completed else ""))
    scored = el(
        "span", "★" if went_out else f"+{points}", class_="sheet-points" + (" out" if went_out else "")
    )
    if record.tiebreak:
        spoken = w("sheet.cell_tiebreak", points=points, total=total)
    else:
        key = "sheet.cell_out" if went_out else "sheet.cell_done" if completed else "sheet.cell_missed"
        key = key if chosen else "sheet.cell_no_pick"
        spoken = w(key, number=phase or 0, points=points, total=total)
    return el(
        "td",
        el("span", mark, scored, class_="sheet-line", aria_hidden="true"),
        el("span", str(total), class_="total", aria_hidden="true"),
        el("span", spoken, class_="visually-hidden"),
        class_="cell" + (" out" if went_out else ""),
    )


def _narrow_head(mark: str, words: str, scope: str, class_: str | None = None) -> Markup:
    """A header of the narrow first column: a mark seen, its words read out."""
    return el(
        "th",
        el("span", mark, aria_hidden="true"),
        el("span", words, class_="visually-hidden"),
        scope=scope,
        class_=class_,
    )


def _sat_out(w: Words) -> Markup:
    return el(
        "td",
        el("span", "—", aria_hidden="true"),
        el("span", w("sheet.sat_out"), class_="visually-hidden"),
        class_="sat-out",
    )


def _full_names(names: tuple[str, ...], shorts: tuple[str, ...], w: Words) -> Markup | str:
    """The names cut short in the sheet's columns, in full, behind a tap."""
    if shorts == names:
        return ""
    pairs = [
        el("li", el("strong", short, aria_hidden="true"), " ", name)
        for name, short in zip(names, shorts, strict=True)
    ]
    return el(
        "details",
        el("summary", w("sheet.full_names")),
        el("ul", *pairs, class_="sheet-names"),
        class_="sheet-key",
    )


def hints_words(sheet: Sheet, w: Words) -> str:
    """Who asked for hints, and how many ("Hints were used: Ann (3 hints)."); empty when
    nobody did, so a coached game never passes for one played unaided."""
    asked = [
        w("sheet.hints_seat", name=sheet.names[seat], count=count)
        for seat, count in enumerate(sheet.hints_used)
        if count
    ]
    return w("sheet.hints", names=asked) if asked else ""


def hints_note(sheet: Sheet, w: Words) -> Markup | str:
    said = hints_words(sheet, w)
    return el("p", said, class_="hints-used") if said else ""


def full_sheet(sheet: Sheet, w: Words, *, with_standings: bool = False) -> Markup:
    """The full sheet behind a tap (with the standings first, where they are not shown)."""
    return el(
        "details",
        el("summary", w("sheet.full_and_standings" if with_standings else "sheet.full")),
        standings(sheet, w) if with_standings else "",
        score_sheet(sheet, w),
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


def list_note(options: Options, w: Words) -> Markup | str:
    """The table's own list (ruling 31), by its name and its code: another table can play
    it from the code.  Nothing for the edition's own phases."""
    own = options.phase_list
    if own is None:
        return ""
    count = len(own.phases)
    named = (
        w("history.own_list", name=own.name, count=count)
        if own.name
        else w("history.own_list_unnamed", count=count)
    )
    return el("p", named, " ", el("code", encode(own), class_="phase-code"), class_="past-list")


def way_to_play(options: Options, w: Words) -> str:
    """The edition and the ways to play chosen, as a line: "Classic · First to 3 phases"."""
    parts = [w(f"edition.{options.ruleset().name}.title")]
    if options.ten_hands:
        parts.append(w("history.hands", count=len(options.phase_sequence())))
    if options.phases_to_win is not None:
        parts.append(w("history.first_to", count=options.phases_to_win))
    if options.even_phases:
        parts.append(w("option.even-phases.title"))
    if options.any_order:
        parts.append(w("option.any-order.title"))
    if len(parts) == 1:
        parts.append(w("option.standard.title"))
    if options.el_chavo:
        parts.append(w("option.el-chavo.title"))
    return w("history.separator").join(parts)
