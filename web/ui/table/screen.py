"""The table screens: between turns, the table with a hand, the open table while computer
players move, and a hand's last play.

A phone card table: a turn bar at the top, the table (other players, piles, the moves
since your turn, your groups) scrolling in the middle, and a dock at the bottom with
your hand and the turn's buttons, which never scroll away.  Each screen draws one
``Table`` (see ``table.model``); the page never receives another player's hand, and
while computer players move at a table of several people no hand is shown.
"""

from __future__ import annotations

from phase10 import GameState, Step
from phase10.rules import PERSON
from phase10.view import public_view

from ..kit.html import Markup, el, join
from ..kit.i18n import Text, Words
from ..kit.widgets import button, hand_card, header, phase_words, toggle
from ..results.screens import host_next
from ..state import Sort
from .coaching import advice_words
from .model import Table
from .parts import (
    action_bar,
    flip_status,
    laid_groups,
    menu_panel,
    moves_panel,
    piles,
    players_section,
    prompt_panel,
    side_badge,
    ticker,
)

__all__ = ["handoff_screen", "table_screen"]


def handoff_screen(game: GameState, w: Words, flipped: Text, skipped_seats: tuple[int, ...] = ()) -> Markup:
    """Between turns: no card of any hand is on the page.  ``skipped_seats`` lost a turn to
    a Skip since the last turn played (``narration.just_skipped``), said once."""
    seen = public_view(game)
    me = seen.players[seen.current]
    name = me.name
    skipped = [seen.players[seat].name for seat in skipped_seats if seat != seen.current]
    return join(
        [
            header(w, w("handoff.hand", number=seen.hand_number), home=True),
            el(
                "section",
                el("p", w("handoff.pass_to"), class_="handoff-lead"),
                el("h2", name, class_="handoff-name"),
                el("p", phase_words(me, w), class_="handoff-phase"),
                el("p", w.say(flipped), class_="notice") if flipped else "",
                side_badge(seen.side, w) if seen.options.ruleset().two_sided else "",
                el("p", w("handoff.skipped", names=skipped), class_="notice") if skipped else "",
                button(w("handoff.show", name=name), "reveal", primary=True),
                class_="handoff",
            ),
        ]
    )


def table_screen(table: Table, w: Words) -> Markup:
    """The table with the viewer's hand; at a hand's end, or with no hand to show, the
    screens made for those."""
    if table.closing:
        return closing_screen(table, w)
    if table.viewer is None:
        return open_table_screen(table, w)
    seen = table.shown
    offered = table.choices
    area = table_area(
        table,
        w,
        piles(seen, offered.legal, w, table.flipping, table.advice.action if table.advice else None),
        my_groups(table, w),
        players_section(table, table.order, w, w("table.other_players")),
    )
    hinted = table.hinted_at
    cards = [
        hand_card(
            card,
            i,
            i in table.selected_at,
            w,
            i == table.arriving,
            table.flipping,
            drawn=i == table.drawn,
            hinted=i in hinted,
        )
        for i, card in enumerate(offered.hand)
    ]
    hand_bar = el(
        "div",
        el("span", w("table.hand", count=len(offered.hand)), class_="hand-title"),
        toggle(
            w("table.sort_number"),
            "sort",
            Sort.NUMBER,
            table.sort is Sort.NUMBER,
            w("table.sort_number_name"),
        ),
        toggle(
            w("table.sort_color"),
            "sort",
            Sort.COLOR,
            table.sort is Sort.COLOR,
            w("table.sort_color_name"),
        ),
        button(w("coach.button"), "hint", name=w("coach.button_name")) if table.hints else "",
        class_="hand-bar",
    )
    side = [
        ticker(table, w),
        el("p", w.say(table.message), class_="message", role="alert") if table.message else "",
        coach_line(table, w),
        hand_bar,
        action_bar(table, w),
    ]
    hand = el("div", *cards, class_="hand", role="group", aria_label=w("table.hand_name"))
    return el(
        "div",
        turn_bar(table, w, seen.me.name),
        area,
        dock(side, hand),
        prompt_panel(table.prompt, seen, w) if table.prompt else "",
        menu_panel(w, phones=table.can_host) if table.menu else "",
        class_="table-screen with-hand" + (" my-turn" if table.mine else ""),
        data_players=str(len(table.seen.players)),
    )


def table_area(table: Table, w: Words, pile_view: Markup, *parts: Markup) -> Markup:
    """The middle of the table, which scrolls on its own and keeps its place across renders
    (``scrolling``): the piles and the moves since your turn, then the players' groups."""
    return el(
        "div",
        el("div", pile_view, moves_panel(table, w), class_="centre"),
        flip_status(table, w),
        *parts,
        class_="table-area",
        data_scroll="table",
    )


def dock(side: list[Markup | str], hand: Markup | str = "") -> Markup:
    """The part of the screen that never scrolls away: what just happened and the turn's
    buttons (``dock-side``), and the hand.  On a portrait phone they stack at the bottom, the
    hand between its bar and the buttons; sideways, the hand runs along the bottom and the
    rest stands beside the table (web/styles), a column that scrolls when a hint is longer
    than its room, and keeps its place (``data-scroll``)."""
    return el("div", el("div", *side, class_="dock-side", data_scroll="dock"), hand, class_="dock")


def coach_line(table: Table, w: Words) -> Markup | str:
    """The hint asked for, in one line above the hand, until the player moves.  The live
    region reads it out when it is asked for (see ``coaching``)."""
    if table.advice is None or not table.hints:
        return ""
    said = advice_words(table.advice, table.shown, w)
    return el("p", said, class_="coach", data_why=table.advice.why.value)


def turn_bar(table: Table, w: Words, name: str, title: str = "") -> Markup:
    """Whose turn it is, at the top of the table: the player's own, or who is playing; and
    the menu (the rules, settings, leaving the table)."""
    number = table.seen.hand_number
    if table.closing:
        state, heading = "", w("table.hand_end", number=number)
    elif title:
        state, heading = "", title
    elif table.mine:
        state, heading = w("table.your_turn"), w("table.title", number=number, name=name)
    else:
        state = w("table.is_playing", name=table.playing.name)
        heading = w("table.title", number=number, name=name)
    return el(
        "header",
        el("h1", heading, tabindex="-1"),
        el("div", button(w("menu.button"), "menu", name=w("menu.button_name")), class_="bar-buttons"),
        el("p", state, class_="turn-state" + (" mine" if table.mine else "")) if state else "",
        class_="bar turn-bar",
    )


def my_groups(table: Table, w: Words) -> Markup:
    """The viewer's phase, points and laid groups."""
    me = table.shown.me
    groups = laid_groups(table, me, w)
    return el(
        "section",
        el(
            "h2",
            phase_words(me, w),
            el("span", w("table.my_score", score=me.score), class_="my-score"),
            class_="my-phase",
        ),
        el("div", *groups, class_="groups mine", role="group", aria_label=w("table.my_groups"))
        if groups
        else "",
        class_="me",
    )


def open_table_screen(table: Table, w: Words) -> Markup:
    """Computer players moving at a table of several people: the table, and no hand at all."""
    playing = table.playing.name
    return el(
        "div",
        turn_bar(table, w, playing, title=w("table.title_open", number=table.seen.hand_number, name=playing)),
        table_area(
            table,
            w,
            piles(table.seen, (), w, table.flipping),
            players_section(table, table.order, w, w("table.players")),
        ),
        dock([ticker(table, w), el("p", w("table.open_hint", name=playing), class_="hint open-table")]),
        menu_panel(w, phones=table.can_host) if table.menu else "",
        class_="table-screen",
        data_players=str(len(table.seen.players)),
    )


def closing_screen(table: Table, w: Words) -> Markup:
    """The play that ended the hand, left on the table until the scores are asked for: every
    hand is face down again, and who went out is named."""
    seen = table.shown
    out = seen.history[-1].went_out
    person_out = out is not None and table.kinds[out] == PERSON
    won = seen.step is Step.GAME_OVER and seen.winner == out
    headline = (
        w("table.went_out_won" if won else "table.went_out", name=seen.players[out].name)
        if out is not None
        else w("over.nobody")
    )
    ending = el(
        "section",
        el("h2", ("★ " if person_out else "") + headline, class_="out-name"),
        # On a joined phone the next hand is dealt on the host's phone: said before the scores.
        "" if table.can_host else el("p", host_next(table.seen, w), role="status"),
        button(w("table.see_scores"), "scores", primary=True),
        class_="hand-end" + (" celebrate" if person_out else ""),
    )
    return el(
        "div",
        turn_bar(table, w, seen.me.name),
        table_area(table, w, piles(seen, (), w), players_section(table, table.order, w, w("table.players"))),
        dock([ending]),
        menu_panel(w, phones=table.can_host) if table.menu else "",
        class_="table-screen",
        data_players=str(len(table.seen.players)),
    )
