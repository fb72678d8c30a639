"""The parts a table screen is made of: the piles, the players and their groups, the
moves since your turn, the action bar and the questions.  Each reads one ``Table``.
"""

from __future__ import annotations

from collections.abc import Sequence

from phase10 import Action, ChoosePhase, Discard, Draw, Hit, LayDown, Step, TakeDiscard
from phase10.cards import Side
from phase10.distance import cards_missing
from phase10.rules import PERSON
from phase10.view import PlayerView, PublicPlayer, TableView

from ..kit.html import Markup, el
from ..kit.i18n import Words
from ..kit.widgets import button, card_class, card_face, group_view
from ..state import Prompt, PromptKind
from .model import Table

__all__ = [
    "action_bar",
    "flip_status",
    "laid_groups",
    "leave_panel",
    "menu_panel",
    "moves_panel",
    "piles",
    "players_section",
    "prompt_panel",
    "side_badge",
    "ticker",
]


def laid_groups(table: Table, player: PublicPlayer, w: Words) -> list[Markup]:
    """A player's laid groups: lit where the selected card can go, ringed where a hint
    points, marked where they are new."""
    hittable = table.choices.hittable
    return [
        group_view(
            group,
            player.seat,
            index,
            (player.seat, index) in hittable,
            w,
            table.arrives(player.seat, index),
            new=player.seat in table.marks.laid,
            new_cards=table.marks.added.get((player.seat, index), ()),
            hinted=table.hinted_group == (player.seat, index),
        )
        for index, group in enumerate(player.groups)
    ]


# The moves since your turn listed at first: the newest, whole; the rest behind a tap.
MOVES_SHOWN = 3


def moves_panel(table: Table, w: Words) -> Markup:
    """The moves since the watcher's turn, newest first, so the newest is always in view:
    the newest few, each line whole, and a button for all of them (no box of its own to
    scroll inside the table's).  Not a live region: the page's announcer reads each move
    out once (see ``announcement``)."""
    moves = list(reversed(table.moves))
    more = len(moves) - MOVES_SHOWN
    shown = moves if table.all_moves or more <= 0 else moves[:MOVES_SHOWN]
    items = [el("li", w.say(move.said)) for move in shown]
    if table.computer_turn:
        playing = table.playing
        thinking = (
            "table.phone_lost"
            if playing.seat in table.lost
            else "table.on_phone_playing"
            if playing.seat in table.away
            else "table.thinking"
        )
        items.insert(0, el("li", w(thinking, name=playing.name), class_="thinking"))
    if not items:
        items.append(el("li", w("table.no_moves"), class_="thinking"))
    toggle_all = (
        el(
            "button",
            w("table.fewer_moves") if table.all_moves else w("table.more_moves", count=more),
            type="button",
            class_="moves-more",
            data_action="all-moves",
            aria_expanded="true" if table.all_moves else "false",
        )
        if more > 0
        else ""
    )
    return el(
        "section",
        el("h2", w("table.since_turn"), class_="moves-title"),
        el("ol", *items, class_="narration"),
        toggle_all,
        class_="moves",
        aria_label=w("table.since_turn"),
    )


def ticker(table: Table, w: Words) -> Markup:
    """The newest move, on one line just above the hand."""
    if not table.moves:
        return Markup("")
    return el("p", w.say(table.moves[-1].said), class_="ticker", aria_hidden="true")


def players_section(table: Table, players: Sequence[PublicPlayer], w: Words, label: str) -> Markup:
    return el(
        "section",
        *[opponent(table, p, w) for p in players],
        class_="opponents",
        aria_label=label,
    )


def opponent(table: Table, player: PublicPlayer, w: Words) -> Markup:
    """Another player, compact: name, phase, cards and points on a line, any marks (a
    computer, playing now, a Skip waiting), then their laid groups."""
    seen = table.seen
    marks_shown = []
    kind = table.kinds[player.seat]
    if player.seat == seen.current and seen.step in (Step.DRAW, Step.PLAY):
        marks_shown.append(el("span", w("table.playing"), class_="mark playing-mark"))
    if player.skip_pending:
        marks_shown.append(el("span", w("table.skip_waiting"), class_="mark skip-mark"))
    groups = laid_groups(table, player, w)
    cards = w("table.cards", count=player.hand_count)
    level = w("table.computer_mark", level=w(f"kind.{kind}")) if kind != PERSON else ""
    if player.seat in table.away:
        level = w("table.phone_not_connected" if player.seat in table.lost else "table.own_phone")
    return el(
        "article",
        el(
            "div",
            el("strong", player.name, class_="name"),
            *marks_shown,
            class_="opponent-line",
        ),
        el(
            "div",
            el(
                "span",
                w("table.picking") if player.choosing else w("table.phase", number=player.phase),
                class_="phase",
            ),
            el("span", cards, class_="count"),
            el("span", w("table.points", score=player.score), class_="score"),
            el("span", level, class_="level") if level else "",
            class_="opponent-facts",
        ),
        backs_row(player, w, table.flipping),
        el("div", *groups, class_="groups") if groups else "",
        class_="opponent" + (" playing" if player.seat == seen.current and not table.closing else ""),
        data_seat=str(player.seat),
        aria_label=w("table.opponent", name=player.name, phase=player.phase, cards=cards, score=player.score),
    )


def backs_row(player: PublicPlayer, w: Words, flipping: bool) -> Markup:
    """Two-sided cards: the other side of a player's hand, which faces the table."""
    if not player.backs:
        return Markup("")
    cards = [
        el(
            "span",
            card_face(card, w),
            class_=card_class(card) + " tiny" + (" flip-in" if flipping else ""),
            role="img",
            aria_label=w.card(card),
            data_back=str(card),
        )
        for card in player.backs
    ]
    return el(
        "div",
        el("span", w("table.other_side"), class_="backs-name", aria_hidden="true"),
        el("span", *cards, class_="backs-cards"),
        class_="backs",
        role="group",
        aria_label=w("table.other_side_name", name=player.name),
    )


def side_badge(side: Side, w: Words, flipping: bool = False) -> Markup:
    """Which side of the two-sided cards the table plays."""
    return el(
        "p",
        el("span", "↻", class_="side-icon", aria_hidden="true"),
        w("table.side_in_play", side=side),
        class_=f"side-badge side-{side.value}" + (" flip-in" if flipping else ""),
    )


def flip_status(table: Table, w: Words) -> Markup:
    """The side in play, and what just turned the table over (read out by the announcer)."""
    if not table.two_sided:
        return Markup("")
    note = el("p", w.say(table.flipped), class_="flip-note") if table.flipping else Markup("")
    return el("div", side_badge(table.seen.side, w, table.flipping), note, class_="flip-status")


def piles(
    seen: PlayerView | TableView,
    legal_now: Sequence[Action],
    w: Words,
    flipping: bool = False,
    hinted: Action | None = None,
) -> Markup:
    """The draw and discard piles; ``hinted``, the draw a hint suggests, marks its pile."""
    can_draw = Draw() in legal_now
    can_take = TakeDiscard() in legal_now
    top = seen.discard_top
    turning = " flip-in" if flipping else ""
    # Each pile is named by what it shows (its name first), then the card on top of it.
    discard_face = (
        el(
            "span",
            card_face(top, w),
            class_=card_class(top) + " pile-card" + turning,
            role="img",
            aria_label=w("table.top_card", card=top),
        )
        if top
        else el("span", class_="pile-empty", role="img", aria_label=w("table.empty"))
    )
    back = seen.draw_back
    inset: Markup | str = ""
    if back is not None:
        # Face down, the top card shows its other side: a real face in this edition, drawn
        # small inside a card back, so it never passes for the card about to be drawn.
        inset = el(
            "span",
            el("span", w("table.other_side"), class_="inset-name", aria_hidden="true"),
            el(
                "span",
                card_face(back, w),
                class_=card_class(back) + " tiny draw-back" + turning,
                data_back=str(back),
                role="img",
                aria_label=w("table.top_back", card=back),
            ),
            class_="back-inset",
        )
    draw_face = el("span", inset, class_="card back pile-card")
    draw_name = el(
        "span",
        w("table.draw", count=seen.draw_count),
        el("span", w("table.draw_unit", count=seen.draw_count), class_="visually-hidden"),
        class_="pile-name",
    )
    return el(
        "section",
        el(
            "button",
            draw_name,
            draw_face,
            type="button",
            class_="pile draw-pile" + (" hinted" if hinted == Draw() else ""),
            data_action="draw",
            data_reveal=hinted == Draw(),
            disabled=not can_draw,
        ),
        el(
            "button",
            el("span", w("table.discard_pile"), class_="pile-name"),
            discard_face,
            type="button",
            class_="pile discard-pile" + (" hinted" if hinted == TakeDiscard() else ""),
            data_action="take",
            data_reveal=hinted == TakeDiscard(),
            aria_disabled="false" if can_take else "true",
            data_card=str(top) if top else None,
        ),
        class_="piles",
        aria_label=w("table.piles"),
    )


def action_bar(table: Table, w: Words) -> Markup:
    lost = _lost_phone_bar(table, w)
    if lost is not None:
        return lost
    if table.computer_turn:
        return el("p", w("table.watch", name=table.playing.name), class_="hint")
    if any(isinstance(action, ChoosePhase) for action in table.choices.legal):
        return el(
            "div",
            el("p", w("table.hint.pick"), class_="hint"),
            button(w("table.pick"), "pick", primary=True),
            class_="action-bar",
        )
    if table.seen.step is Step.DRAW:
        return el("p", w("table.hint.draw"), class_="hint")
    laid = table.playing.has_laid
    return el(
        "div",
        el("p", _turn_hint(table, w), class_="hint"),
        "" if laid else button(w("table.lay"), "lay", enabled=table.choices.can_lay),
        button(w("table.discard"), "discard", primary=True, enabled=bool(table.choices.discards)),
        class_="action-bar",
    )


def _lost_phone_bar(table: Table, w: Words) -> Markup | None:
    """While a phone is out of reach, the way on: a joined phone rejoins the host; the host,
    on the turn of a seat whose phone is lost, rejoins it or plays it here (issue 38)."""
    if table.host_lost:
        said, tap = w("net.host_lost"), button(w("net.rejoin"), "join-table", primary=True)
    elif table.computer_turn and table.playing.seat in table.lost:
        said = w("table.phone_lost", name=table.playing.name)
        tap = button(w("net.rejoin_or_play"), "phones", primary=True)
    else:
        return None
    return el("div", el("p", said, class_="hint"), tap, class_="action-bar")


def _turn_hint(table: Table, w: Words) -> str:
    """Why the buttons are as they are: what the player can do with the cards selected."""
    cards = table.choices.selected
    count = len(cards)
    if count == 1 and table.two_sided and cards[0].flips:
        return w("table.hint.flips", side=table.seen.side.other)
    if table.choices.hits:
        return w("table.hint.hit")
    laid = table.playing.has_laid
    if count == 0:
        return w("table.hint.laid" if laid else "table.hint.start")
    if count == 1:
        return w("table.hint.no_group" if laid else "table.hint.one")
    spec = table.playing.phase_spec
    if laid:
        return w("table.hint.laid_many")
    if table.choices.can_lay:
        return w("table.hint.makes", count=count, number=spec.number)
    return w("table.hint.needs", count=count, number=spec.number, needs=spec)


def prompt_panel(prompt: Prompt, seen: PlayerView, w: Words) -> Markup:
    """A question over the table.  Cancel is always last, at the bottom, where the button
    that opened the question was: a second tap there never confirms by mistake."""
    if prompt.kind is PromptKind.LAY:
        chosen = prompt.chosen
        assert isinstance(chosen, LayDown)
        groups = [group_view(g, seen.seat, i, False, w) for i, g in enumerate(chosen.groups)]
        more = (
            button(w("prompt.another", index=prompt.index + 1, count=len(prompt.options)), "lay-next")
            if len(prompt.options) > 1
            else ""
        )
        body = [
            el("h2", w("prompt.lay", number=seen.me.phase), id="prompt-title"),
            el("div", button(w("table.lay"), "confirm", primary=True), more, class_="row"),
            el("div", *groups, class_="groups"),
        ]
    elif prompt.kind is PromptKind.PICK:
        body = [
            el("h2", w("prompt.pick"), id="prompt-title"),
            el("p", w("prompt.pick_note"), class_="prompt-note"),
            el("div", *[_pick_choice(i, a, seen, w) for i, a in enumerate(prompt.options)], class_="picks"),
        ]
    elif prompt.kind is PromptKind.SKIP:
        options = [a for a in prompt.options if isinstance(a, Discard)]
        targets = {a.target for a in options}
        waiting = [
            p.name for p in seen.players if p.in_hand and p.seat != seen.seat and p.seat not in targets
        ]
        choices = [
            button(
                w("prompt.skip_player", name=seen.players[a.target].name)
                if a.target is not None
                else w("prompt.skip_nobody"),
                "choose",
                value=str(i),
                primary=True,
            )
            for i, a in enumerate(options)
        ]
        body = [
            el("h2", w("prompt.skip"), id="prompt-title"),
            el("div", *choices, class_="row"),
            el("p", w("prompt.skip_waiting", names=waiting), class_="prompt-note") if waiting else Markup(""),
        ]
    else:
        options_hit = [a for a in prompt.options if isinstance(a, Hit)]
        group = seen.players[options_hit[0].player].groups[options_hit[0].group]
        choices = [
            button(
                w("prompt.low", number=group.start - 1)
                if a.end is not None and a.end.value == "low"
                else w("prompt.high", number=group.end + 1),
                "choose",
                value=str(i),
                primary=True,
            )
            for i, a in enumerate(options_hit)
        ]
        body = [el("h2", w("prompt.end", group=group), id="prompt-title"), el("div", *choices, class_="row")]
    return el(
        "div",
        el(
            "div",
            *body,
            el("div", button(w("button.cancel"), "cancel"), class_="cancel-row"),
            class_="prompt",
            data_scroll=f"prompt-{prompt.kind.value}",
            role="dialog",
            aria_modal="true",
            aria_labelledby="prompt-title",
        ),
        class_="prompt-backdrop",
    )


def _pick_choice(index: int, action: Action, seen: PlayerView, w: Words) -> Markup:
    """One phase to play this hand: its number, what it asks for, and how close the hand is."""
    assert isinstance(action, ChoosePhase)
    spec = seen.options.phase_spec(action.phase)
    missing = cards_missing(seen.hand, spec)
    close = w("prompt.pick_ready") if missing == 0 else w("prompt.pick_missing", count=missing)
    return el(
        "button",
        el("strong", w("prompt.pick_phase", number=action.phase)),
        el("span", w.phase(spec), class_="pick-needs"),
        el("small", close, class_="pick-close"),
        type="button",
        class_="pick-choice",
        data_action="choose",
        data_value=str(index),
    )


def menu_panel(w: Words, phones: bool = False) -> Markup:
    """The table's menu, over the table: the rules and settings (each returns to the table),
    on the phone that runs the game the seats played from other phones, and leaving the
    table, which keeps the game.  Close is last, where Menu's tap landed."""
    return el(
        "div",
        el(
            "div",
            el("h2", w("menu.title"), id="prompt-title"),
            el(
                "div",
                button(w("home.rules"), "rules"),
                button(w("button.settings"), "settings"),
                class_="row menu-row",
            ),
            el("div", button(w("menu.phones"), "phones"), class_="row menu-row") if phones else "",
            el("p", w("menu.leave_note"), class_="prompt-note"),
            el("div", button(w("menu.leave"), "home"), class_="row menu-row"),
            el("div", button(w("menu.close"), "menu-close"), class_="cancel-row"),
            class_="prompt menu",
            role="dialog",
            aria_modal="true",
            aria_labelledby="prompt-title",
        ),
        class_="prompt-backdrop",
    )


def leave_panel(w: Words) -> Markup:
    """Back, pressed on a game: leave the table (the game is kept) or stay.  Stay is last,
    where a second Back's tap or a stray one lands: nothing is left by mistake."""
    return el(
        "div",
        el(
            "div",
            el("h2", w("menu.leave_question"), id="prompt-title"),
            el("p", w("menu.leave_note"), class_="prompt-note"),
            el("div", button(w("menu.leave"), "leave"), class_="row menu-row"),
            el("div", button(w("menu.stay"), "stay", primary=True), class_="cancel-row"),
            class_="prompt leave",
            role="alertdialog",
            aria_modal="true",
            aria_labelledby="prompt-title",
        ),
        class_="prompt-backdrop",
    )
