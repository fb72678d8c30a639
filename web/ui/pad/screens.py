"""The score pad's screens: the pad (standings, the sheet, the next hand to write) and
the form a hand is written on, with its keypad and card counter.

What each player plays for, the totals and the winner come from the engine
(``phase10.pad``); the screens only draw them.  HTML with no DOM, tested on CPython.
"""

from __future__ import annotations

from dataclasses import replace

from phase10 import scoresheet
from phase10.pad import CardKind, ScorePad, card_kinds
from phase10.pad import standings as pad_standings
from phase10.scoresheet import NO_PICK, Standings

from ..kit.html import Markup, el, join
from ..kit.i18n import Words
from ..kit.widgets import button, header, toggle
from ..results.share import PAD
from ..results.sheets import Sheet, list_note, score_sheet, standings, way_to_play
from ..saves.screens import notice
from ..state import PadDraft, Ui
from .form import cards_held, draft_total

__all__ = ["pad_hand_screen", "pad_screen"]

KEYS = ("1", "2", "3", "4", "5", "6", "7", "8", "9")


def pad_screen(ui: Ui, w: Words) -> Markup:
    """The pad: who leads, the sheet, and the next hand to write (or the winner)."""
    if ui.pad is None:
        return _damaged(ui, w)
    pad = ui.pad
    sheet = Sheet.of_pad(pad)
    standing = sheet.standing
    return join(
        [
            header(w, w("pad.title"), home=True),
            notice(ui.message, w),
            el(
                "section",
                el("p", way_to_play(pad.options, w), class_="past-way"),
                list_note(pad.options, w),
                el("p", w("pad.real_cards"), class_="pad-note"),
                _outcome(sheet, w),
                _next(pad, w) if not standing.decided else "",
                class_="card-panel pad-head",
            ),
            el("section", el("h2", w("sheet.standings")), standings(sheet, w), class_="card-panel")
            if pad.entries
            else el("p", w("pad.no_hands"), class_="card-panel"),
            el("section", score_sheet(sheet, w), _mending(ui, pad, w), class_="card-panel sheet-panel")
            if pad.entries
            else el("section", _mending(ui, pad, w), class_="card-panel")
            if ui.pad_undone
            else "",
            el(
                "div",
                button(w("pad.new"), "pad-new"),
                button(w("button.home"), "home"),
                class_="row end-actions",
            ),
        ]
    )


def _damaged(ui: Ui, w: Words) -> Markup:
    return join(
        [
            header(w, w("pad.title"), home=True),
            el(
                "section",
                el("p", w.say(ui.pad_problem), class_="notice", role="alert"),
                button(w("pad.discard"), "pad-discard", danger=True),
                class_="card-panel",
            ),
        ]
    )


def _outcome(sheet: Sheet, w: Words) -> Markup:
    """The winner once there is one; a tie to play off; else nothing."""
    standing = sheet.standing
    if standing.winner is not None:
        return el(
            "div",
            el("p", "★", class_="trophy", aria_hidden="true"),
            el("p", w("end.winner_is"), class_="handoff-lead"),
            el("h2", sheet.names[standing.winner], class_="winner"),
            button(w("share.button"), "share", value=PAD),
            class_="winner-panel",
        )
    if standing.tiebreak:
        tied = [sheet.names[seat] for seat in standing.tiebreak]
        return el(
            "p", w("over.tie", names=tied, score=standing.scores[standing.tiebreak[0]]), class_="notice"
        )
    return Markup("")


def _next(pad: ScorePad, w: Words) -> Markup:
    standing = pad_standings(pad)
    number = len(pad.entries) + 1
    label = w("pad.write_tiebreak") if standing.tiebreak else w("pad.write", number=number)
    return button(label, "pad-write", primary=True)


def _mending(ui: Ui, pad: ScorePad, w: Words) -> Markup:
    """Take back the last hand, or write any hand again.  A hand just taken back is said
    here, where the finger is, with Redo in Undo's place: a second tap puts it back rather
    than taking back another."""
    last = len(pad.entries)
    first: Markup | str
    again: Markup | str
    if ui.pad_undone:
        entry = ui.pad_undone[0]
        out = pad.names[entry.went_out[0]] if entry.went_out else ""
        first = el(
            "div",
            el("p", w("pad.undone", number=last + 1, name=out), class_="pad-undone", role="status"),
            button(w("pad.redo", number=last + 1), "pad-redo", primary=True),
            class_="pad-redo",
        )
        again = button(w("pad.undo", number=last), "pad-undo") if last else ""
    else:
        first, again = button(w("pad.undo", number=last), "pad-undo") if last else "", ""
    if not last:
        return el("div", first, class_="pad-fixes")
    return el(
        "div",
        first,
        el(
            "details",
            el("summary", w("pad.mend_a_hand")),
            el(
                "div",
                *[button(w("pad.mend", number=n), "pad-mend", value=str(n)) for n in range(1, last + 1)],
                class_="mend-list",
            ),
            class_="pad-mend",
        ),
        again,
        class_="pad-fixes",
    )


# --- writing a hand ---------------------------------------------------------------------------


def pad_hand_screen(ui: Ui, w: Words) -> Markup:
    """One hand: each player dealt in, with Went out, Laid phase N and their points; the
    keypad writes to the player chosen; the card counter opens over it."""
    pad, draft = ui.pad, ui.draft
    assert pad is not None and draft is not None
    before = pad_standings(replace(pad, entries=pad.entries[: draft.number - 1]))
    if draft.mending:
        title = w("pad.mend_title", number=draft.number)
    else:
        title = w("pad.tiebreak_title") if before.tiebreak else w("pad.hand_title", number=draft.number)
    rows = [
        _player_row(pad, draft, seat, _phase_of(pad, draft, before, seat), w, before.completed(seat))
        for seat in draft.dealt
    ]
    return el(
        "div",
        el(
            "header",
            el("h1", title, tabindex="-1"),
            el("div", button(w("button.cancel"), "pad-cancel"), class_="bar-buttons"),
            class_="bar",
        ),
        el(
            "div",
            _who_out(pad, draft, w),
            el("ol", *rows, class_="pad-rows", aria_label=w("pad.players")),
            class_="pad-area",
            data_scroll="pad-rows",
        ),
        el(
            "div",
            # In the dock, by Save: the reason is in view however far the list is scrolled.
            el("p", w.say(draft.error), class_="error", role="alert") if draft.error else "",
            _keypad(pad, draft, w),
            button(w("pad.save", number=draft.number), "pad-save", primary=True),
            class_="dock pad-dock",
            data_scroll="pad-dock",
        ),
        _counter(ui, w) if draft.counting is not None else "",
        class_="pad-hand",
    )


def _who_out(pad: ScorePad, draft: PadDraft, w: Words) -> Markup:
    """Who went out: one choice for the whole hand, a name each."""
    names = [
        toggle(
            pad.names[seat], "pad-out", str(seat), draft.out == seat, w("pad.out_name", name=pad.names[seat])
        )
        for seat in draft.dealt
    ]
    return el(
        "fieldset",
        el("legend", w("pad.who_out")),
        el("div", *names, class_="pad-out-names"),
        class_="pad-who-out",
    )


def _phase_of(pad: ScorePad, draft: PadDraft, before: Standings, seat: int) -> int | None:
    """The phase a player played: fixed by the rules, or with phases in any order the one
    written (None until it is)."""
    if draft.phases:
        return draft.phases[seat]
    return scoresheet.phase_on(pad.options, before, seat)


def _phase_menu(pad: ScorePad, draft: PadDraft, seat: int, done: tuple[int, ...], w: Words) -> Markup:
    """Phases in any order: the phase the player chose this hand, from those not completed,
    or that the hand ended before their turn (ruling 33)."""
    name = pad.names[seat]
    chosen = draft.phases[seat]
    options = [el("option", w("pad.phase_unset"), value=f"{seat}:", selected=chosen is None)]
    options += [
        el(
            "option",
            w("pad.phase_option", number=number),
            value=f"{seat}:{number}",
            selected=chosen == number,
        )
        for number in pad.options.open_phases(done)
    ]
    options.append(
        el("option", w("pad.phase_no_turn"), value=f"{seat}:{NO_PICK}", selected=chosen == NO_PICK)
    )
    return el(
        "label",
        el("span", w("pad.phase_label"), class_="visually-hidden"),
        el("select", *options, data_change="pad-phase", aria_label=w("pad.phase_of", name=name)),
        class_="pad-phase",
    )


def _player_row(
    pad: ScorePad, draft: PadDraft, seat: int, phase: int | None, w: Words, done: tuple[int, ...] = ()
) -> Markup:
    name = pad.names[seat]
    out = draft.out == seat
    typed = draft.points[seat]
    shown = typed or "—"  # nothing written yet
    points = (
        el("p", w("pad.out_points"), class_="pad-points out-points")
        if out
        else el(
            "button",
            el("span", w("pad.points"), class_="pad-points-label"),
            el("span", shown, class_="pad-points-value"),
            type="button",
            class_="pad-points",
            data_action="pad-at",
            data_value=str(seat),
            aria_pressed="true" if draft.at == seat else "false",
            aria_label=w("pad.points_of", name=name, points=typed or w("pad.no_points")),
        )
    )
    playing = (
        _phase_menu(pad, draft, seat, done, w)
        if draft.phases
        else el("span", w("pad.playing", number=phase or 0))
    )
    laid, laid_name = (
        (w("pad.laid", number=phase), w("pad.laid_name", name=name, number=phase))
        if phase
        else (w("pad.laid_chosen"), w("pad.laid_chosen_name", name=name))
    )
    return el(
        "li",
        el("p", el("strong", name, class_="pad-name"), " ", playing),
        el(
            "div",
            toggle(laid, "pad-laid", str(seat), draft.laid[seat], laid_name),
            points,
            ""
            if out
            else button(w("pad.count"), "pad-count", value=str(seat), name=w("pad.count_name", name=name)),
            class_="pad-marks",
        ),
        class_="pad-row" + (" at" if draft.at == seat and not out else "") + (" out" if out else ""),
        data_reveal=draft.at == seat,
    )


def _keypad(pad: ScorePad, draft: PadDraft, w: Words) -> Markup:
    keys = [button(key, "pad-key", value=key) for key in KEYS]
    keys += [
        button("⌫", "pad-key", value="back", name=w("pad.key_back")),
        button("0", "pad-key", value="0"),
    ]
    return el(
        "div",
        *keys,
        class_="keypad",
        role="group",
        aria_label=w("pad.keypad", name=pad.names[draft.at]),
    )


def _counter(ui: Ui, w: Words) -> Markup:
    """Count a player's cards by kind; the total goes to their points."""
    pad, draft = ui.pad, ui.draft
    assert pad is not None and draft is not None and draft.counting is not None
    name = pad.names[draft.at]
    total = draft_total(ui)
    cards = sum(draft.counting)
    fewest, most = cards_held(ui)
    held = (
        w("pad.count_held", count=cards, cards=most)
        if fewest == most
        else w("pad.count_held_most", count=cards, cards=most)
    )
    rows = [
        _kind_row(kind, index, draft.counting[index], w) for index, kind in enumerate(card_kinds(pad.rules))
    ]
    return el(
        "div",
        el(
            "section",
            el("h2", w("pad.count_title", name=name), id="counter-title"),
            el("ul", *rows, class_="counter-kinds"),
            el(
                "p",
                w("pad.count_total", count=cards, points=total),
                el("small", held, class_="counter-held"),
                class_="counter-total",
                role="status",
            ),
            el(
                "div",
                button(w("pad.count_use", points=total), "pad-count-use", primary=True),
                button(w("pad.count_close"), "pad-count-close"),
                class_="row",
            ),
            class_="prompt counter",
            data_scroll="counter",
            role="dialog",
            aria_modal="true",
            aria_labelledby="counter-title",
        ),
        class_="prompt-backdrop",
    )


def _kind_row(kind: CardKind, index: int, count: int, w: Words) -> Markup:
    label = (
        w("pad.kind.number", low=kind.low, high=kind.high)
        if kind.kind == "number"
        else w(f"pad.kind.{kind.kind}")
    )
    return el(
        "li",
        el("span", el("strong", label), " ", el("small", w("pad.kind_points", points=kind.points))),
        button("-", "pad-count-less", value=str(index), name=w("pad.count_less", kind=label)),
        el("span", str(count), class_="counter-count"),
        button("+", "pad-count-more", value=str(index), name=w("pad.count_more", kind=label)),
        class_="counter-kind",
    )
