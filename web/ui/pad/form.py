"""The score pad's handlers: setting a pad up, writing a hand, mending and undoing one.

A hand is typed into a ``PadDraft``: who went out, who laid their phase, and the points
on a keypad (or counted card by card).  "Save" turns it into the engine's ``HandEntry``
and ``phase10.pad`` decides: the phases, the totals and the winner are the engine's, and
an entry it refuses comes back as words on the form, the pad unchanged.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TypeVar

from phase10 import SetupError, scoresheet
from phase10.pad import HandEntry, PadError, Refusal, ScorePad, add_hand, card_kinds, replace_hand, undo_hand
from phase10.pad import standings as pad_standings
from phase10.rules import PERSON

from .. import taps
from ..effects import DiscardPad, Handler, Outcome, SavePad
from ..kit.i18n import NOTHING, Text, text
from ..setup.form import checked_form, seat_names
from ..state import WAYS, PadDraft, Screen, SetupForm, Ui

__all__ = ["HANDLERS", "MAX_DIGITS", "cards_held", "draft_total", "refusal_words"]

MAX_DIGITS = 3  # no hand is worth 1,000 points

T = TypeVar("T")


def _open_pad(ui: Ui, _tap: taps.OpenPad) -> Ui:
    """Home's "Score pad": the pad in progress, or a new one to set up."""
    if ui.pad is not None or ui.pad_problem:
        return replace(ui, screen=Screen.PAD, draft=None, message=NOTHING)
    return _new_pad(ui, taps.NewPad())


def _new_pad(ui: Ui, _tap: taps.NewPad) -> Ui:
    """Set up a pad: the last pad's players and options again, if any, else the set-up
    form's (every seat a person: the pad is for people at a real table)."""
    if ui.pad_problem:
        return replace(ui, screen=Screen.PAD)  # a damaged pad is never overwritten unasked
    form = replace(ui.setup, error=NOTHING, kinds=tuple(PERSON for _ in ui.setup.names))
    if ui.pad is not None:
        form = _form_of(ui.pad, form)
    return replace(ui, screen=Screen.PAD_SETUP, previous=Screen.HOME, setup=form, message=NOTHING)


def _form_of(pad: ScorePad, form: SetupForm) -> SetupForm:
    options = pad.options
    return replace(
        form,
        names=pad.names,
        kinds=tuple(PERSON for _ in pad.names),
        edition=options.edition,
        ways=tuple(way for way in WAYS if way.chosen_in(options)),
        phases_to_win=options.phases_to_win or form.phases_to_win,
        el_chavo=options.el_chavo,
    )


def _start_pad(ui: Ui, tap: taps.StartPad) -> Ui | Outcome:
    if ui.pad_problem:
        return replace(ui, screen=Screen.PAD)  # a damaged pad is never overwritten unasked
    form = checked_form(tap.form, ui.setup) if tap.form is not None else ui.setup
    names = seat_names(form, ui.language)
    if len({name.casefold() for name in names}) != len(names):
        return replace(ui, setup=replace(form, error=text("setup.error.names")))
    try:
        pad = ScorePad(names, form.options())
    except SetupError:
        return replace(ui, setup=replace(form, error=text("setup.error.options")))
    started = replace(ui, screen=Screen.PAD, setup=replace(form, error=NOTHING), pad=pad, draft=None)
    return Outcome(started, (SavePad(pad, fresh=True),))  # it takes the slot's place


def _write(ui: Ui, _tap: taps.WriteHand) -> Ui:
    """A blank entry for the pad's next hand."""
    if ui.pad is None or pad_standings(ui.pad).decided:
        return ui
    seats = len(ui.pad.names)
    dealt = pad_standings(ui.pad).dealt
    picked = ui.pad.options.any_order and not pad_standings(ui.pad).tiebreak
    draft = PadDraft(
        number=len(ui.pad.entries) + 1,
        dealt=dealt,
        out=None,
        laid=(False,) * seats,
        points=("",) * seats,
        at=dealt[0],
        phases=(None,) * seats if picked else (),
    )
    return replace(ui, screen=Screen.PAD_HAND, draft=draft, message=NOTHING, pad_undone=())


def _mend(ui: Ui, tap: taps.MendHand) -> Ui:
    """A hand (by its number) as it was written, to write again."""
    pad = ui.pad
    number = tap.number
    if pad is None or not 1 <= number <= len(pad.entries):
        return ui
    entry = pad.entries[number - 1]
    before = pad_standings(replace(pad, entries=pad.entries[: number - 1]))
    draft = PadDraft(
        number=number,
        dealt=before.dealt,
        out=entry.went_out[0] if entry.went_out else None,
        laid=entry.completed,
        points=tuple("" if points is None else str(points) for points in entry.points),
        at=before.dealt[0],
        mending=True,
        phases=entry.phases,
    )
    return replace(ui, screen=Screen.PAD_HAND, draft=draft, message=NOTHING, pad_undone=())


def _undo(ui: Ui, _tap: taps.UndoHand) -> Ui:
    """Take back the last hand; it waits to be put back (``_redo``) until another is written."""
    if ui.pad is None or not ui.pad.entries:
        return ui
    return replace(
        ui, pad=undo_hand(ui.pad), message=NOTHING, pad_undone=(ui.pad.entries[-1], *ui.pad_undone)
    )


def _redo(ui: Ui, _tap: taps.RedoHand) -> Ui:
    """Put back the hand last taken back, checked by the rules as any hand written."""
    if ui.pad is None or not ui.pad_undone:
        return ui
    entry, *rest = ui.pad_undone
    try:
        pad = add_hand(ui.pad, entry)
    except PadError as error:  # the pad moved on meanwhile (another window): it stays as it is
        return replace(ui, pad_undone=(), message=refusal_words(error, ui.pad))
    said = text("pad.redone", number=len(pad.entries))
    return replace(ui, pad=pad, pad_undone=tuple(rest), message=said)


def _seat(ui: Ui, seat: int) -> int | None:
    """The seat an entry tap names, if the draft deals it in."""
    draft = ui.draft
    return seat if draft is not None and seat in draft.dealt else None


def _toggle_out(ui: Ui, tap: taps.MarkOut) -> Ui:
    """Who went out: one player for the whole hand (choosing another moves the mark; choosing
    the same one again takes it off).  Going out means the phase was laid, so that is marked
    too; the points typed for that player are kept, and count again if the mark moves on."""
    seat, draft = _seat(ui, tap.seat), ui.draft
    if seat is None or draft is None:
        return ui
    going = draft.out != seat
    # The keypad never writes to who went out: it moves on to the next player if it was there.
    others = [other for other in draft.dealt if other != seat]
    at = draft.at if not going or draft.at != seat or not others else _after(others, seat)
    return _changed(
        ui,
        out=seat if going else None,
        laid=_set(draft.laid, seat, True) if going else draft.laid,
        at=at,
    )


def _after(seats: list[int], seat: int) -> int:
    """The first of ``seats`` after ``seat`` round the table."""
    return next((other for other in seats if other > seat), seats[0])


def _toggle_laid(ui: Ui, tap: taps.MarkLaid) -> Ui:
    seat, draft = _seat(ui, tap.seat), ui.draft
    if seat is None or draft is None:
        return ui
    return _changed(ui, laid=_set(draft.laid, seat, not draft.laid[seat]), at=seat)


def _point_at(ui: Ui, tap: taps.PointAt) -> Ui:
    """The keypad writes to this player's points (not to who went out: they score 0)."""
    seat = _seat(ui, tap.seat)
    return ui if seat is None or ui.draft is None or seat == ui.draft.out else _changed(ui, at=seat)


def _key(ui: Ui, tap: taps.Key) -> Ui:
    """A keypad key: a digit, or "back" to rub the last one out."""
    draft = ui.draft
    if draft is None or draft.at == draft.out:
        return ui
    typed = draft.points[draft.at]
    if tap.key == "back":
        typed = typed[:-1]
    else:
        typed = (typed.lstrip("0") + tap.key)[-MAX_DIGITS:] if len(typed) < MAX_DIGITS else typed
    return _changed(ui, points=_set(draft.points, draft.at, typed))


def _count(ui: Ui, tap: taps.OpenCounter) -> Ui:
    """Open the card counter for a player."""
    seat = _seat(ui, tap.seat)
    if seat is None or ui.pad is None or ui.draft is None or ui.draft.out == seat:
        return ui
    return _changed(ui, at=seat, counting=(0,) * len(card_kinds(ui.pad.rules)))


def cards_held(ui: Ui) -> tuple[int, int]:
    """The fewest and most cards the player being counted can hold at the hand's end, as
    the draft says it went for them (phase laid or not): a seat that did not lay its phase
    holds the whole hand; one that did holds at most the hand less the phase's cards."""
    assert ui.pad is not None and ui.draft is not None
    pad, draft = ui.pad, ui.draft
    before = pad_standings(replace(pad, entries=pad.entries[: draft.number - 1]))
    phase = scoresheet.phase_on(pad.options, before, draft.at)
    return scoresheet.cards_left(pad.options, phase, completed=draft.laid[draft.at], went_out=False)


def _count_by(step: int) -> Callable[[Ui, taps.CountMore | taps.CountLess], Ui]:
    def count(ui: Ui, tap: taps.CountMore | taps.CountLess) -> Ui:
        draft, pad = ui.draft, ui.pad
        if draft is None or pad is None or draft.counting is None:
            return ui
        kind = tap.kind
        counted = list(draft.counting)
        if not 0 <= kind < len(counted):
            return ui
        _, holds = cards_held(ui)
        most = holds - sum(counted) + counted[kind]  # the player holds no more
        counted[kind] = max(0, min(counted[kind] + step, most))
        return _changed(ui, counting=tuple(counted))

    return count


def draft_total(ui: Ui) -> int:
    """What the cards counted so far are worth."""
    assert ui.draft is not None and ui.draft.counting is not None and ui.pad is not None
    kinds = card_kinds(ui.pad.rules)
    return sum(kind.points * count for kind, count in zip(kinds, ui.draft.counting, strict=True))


def _count_use(ui: Ui, _tap: taps.UseCount) -> Ui:
    draft = ui.draft
    if draft is None or draft.counting is None:
        return ui
    total = str(draft_total(ui))
    return _changed(ui, points=_set(draft.points, draft.at, total), counting=None)


def _write_phase(ui: Ui, tap: taps.WritePhase) -> Ui:
    """Phases in any order: which phase a player played for (checked when the hand is saved)."""
    draft = ui.draft
    if draft is None or not draft.phases or tap.seat not in draft.dealt:
        return ui
    return _changed(ui, phases=_set(draft.phases, tap.seat, tap.phase), at=tap.seat)


def _count_close(ui: Ui, _tap: taps.CloseCounter) -> Ui:
    return ui if ui.draft is None else _changed(ui, counting=None)


def _save(ui: Ui, _tap: taps.SaveHand) -> Ui:
    """The hand as written goes on the pad, if the rules agree; else the reason, and the
    pad as it was."""
    draft, pad = ui.draft, ui.pad
    if draft is None or pad is None:
        return ui
    if draft.out is None:
        # With real cards the discards are shuffled into a new draw pile: someone goes out.
        return _changed(ui, error=text("pad.refused.nobody-out"))
    entry = HandEntry(
        went_out=(draft.out,),
        completed=tuple(draft.laid[seat] and seat in draft.dealt for seat in range(len(pad.names))),
        points=tuple(_points(draft, seat) for seat in range(len(pad.names))),
        phases=tuple(phase if seat in draft.dealt else None for seat, phase in enumerate(draft.phases)),
    )
    try:
        after = replace_hand(pad, draft.number, entry) if draft.mending else add_hand(pad, entry)
    except PadError as error:
        said = refusal_words(error, pad, entry)
        if error.hand != draft.number:  # mending: a later hand would no longer add up
            return _changed(ui, error=text("pad.refused.later", number=error.hand, reason=said))
        # The keypad moves to the player the refusal names, ready to put it right.
        at = error.seat if error.seat in draft.dealt else draft.at
        return _changed(ui, error=said, at=at)
    said = text("pad.mended" if draft.mending else "pad.written", number=draft.number)
    return replace(ui, pad=after, draft=None, screen=Screen.PAD, message=said, pad_undone=())


def _points(draft: PadDraft, seat: int) -> int | None:
    """A seat's points as written: 0 for who went out, none for a seat not dealt in."""
    if seat not in draft.dealt:
        return None
    if seat == draft.out:
        return 0
    return int(draft.points[seat]) if draft.points[seat] else None


# Refusals about what a hand of cards can be worth, said with why the player holds them:
# by the refusal and whether the player laid their phase.
_HELD = {
    (Refusal.TOO_MANY, True): "pad.refused.too-many.laid",
    (Refusal.TOO_MANY, False): "pad.refused.too-many.unlaid",
    (Refusal.TOO_FEW, True): "pad.refused.too-few.laid",
    (Refusal.TOO_FEW, False): "pad.refused.too-few.unlaid",
    (Refusal.IMPOSSIBLE, True): "pad.refused.impossible.laid",
    (Refusal.IMPOSSIBLE, False): "pad.refused.impossible.unlaid",
}


def refusal_words(error: PadError, pad: ScorePad, entry: HandEntry | None = None) -> Text:
    """Why the pad refused, in the table's words: who, what is wrong, and for points, why
    ("Mia didn't lay phase 3, so Mia holds 10 cards: 50 points at least")."""
    name = pad.names[error.seat] if error.seat is not None else ""
    low, high = error.limits
    key = f"pad.refused.{error.refusal.value}"
    laid = entry is not None and error.seat is not None and entry.completed[error.seat]
    held = _HELD.get((error.refusal, laid))
    if held is not None and error.seat is not None and entry is not None:
        before = pad_standings(replace(pad, entries=pad.entries[: error.hand - 1]))
        phase = scoresheet.phase_on(pad.options, before, error.seat)
        fewest, most = scoresheet.cards_left(pad.options, phase, completed=laid, went_out=False)
        return text(
            held,
            name=name,
            phase=phase,
            cards=most,
            fewest=fewest,
            low=low,
            high=high,
        )
    return text(key, name=name, number=error.hand, low=low, high=high)


def _cancel(ui: Ui, _tap: taps.CancelHand) -> Ui:
    return replace(ui, draft=None, screen=Screen.PAD if ui.pad is not None else Screen.HOME)


def _discard_pad(ui: Ui, _tap: taps.DropDamagedPad) -> Ui | Outcome:
    """The player chose to throw away a saved pad that could not be read."""
    after = replace(ui, pad=None, pad_problem=NOTHING, draft=None, screen=Screen.HOME)
    return Outcome(after, (DiscardPad(),)) if ui.pad_problem else after


def _changed(ui: Ui, **changes: object) -> Ui:
    """The draft with ``changes``; any refusal shown is cleared by the change."""
    assert ui.draft is not None
    return replace(ui, draft=replace(ui.draft, **{"error": NOTHING, **changes}))  # type: ignore[arg-type]


def _set(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    return (*values[:index], value, *values[index + 1 :])


HANDLERS: dict[type[taps.Tap], Handler] = {
    taps.OpenPad: _open_pad,
    taps.NewPad: _new_pad,
    taps.StartPad: _start_pad,
    taps.WriteHand: _write,
    taps.MendHand: _mend,
    taps.UndoHand: _undo,
    taps.RedoHand: _redo,
    taps.MarkOut: _toggle_out,
    taps.MarkLaid: _toggle_laid,
    taps.PointAt: _point_at,
    taps.WritePhase: _write_phase,
    taps.Key: _key,
    taps.OpenCounter: _count,
    taps.CountMore: _count_by(1),
    taps.CountLess: _count_by(-1),
    taps.UseCount: _count_use,
    taps.CloseCounter: _count_close,
    taps.SaveHand: _save,
    taps.CancelHand: _cancel,
    taps.DropDamagedPad: _discard_pad,
}
