"""A sensible player, as taps: the events a person would make next on the screen shown.

The end-to-end tests replay these taps in Chromium, and the CPython tests feed
them to the controller directly, so both drive the same game the same way.
Only what the screen offers is tapped: the choices come from ``legal_actions``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from ui.effects import Message, Outcome
from ui.state import Event, Screen, SetupInput, Ui
from ui.table.model import choices, closing, shown_hand, table_of
from ui.taps import parse
from ui.update import update

from phase10 import (
    Card,
    ChoosePhase,
    Discard,
    Draw,
    GroupKind,
    HandRecord,
    Hit,
    LayDown,
    PhaseSpec,
    Step,
    TakeDiscard,
    find_laydown,
)
from phase10.view import PlayerView, view


def tapped(ui: Ui, message: Message | Event) -> Outcome:
    """``update``, with a control's ``Event`` parsed first as the page parses it (one that
    does not parse changes nothing, as on the page)."""
    if isinstance(message, Event):
        parsed = parse(message)
        if parsed is None:
            return Outcome(ui)
        message = parsed
    return update(ui, message)


def handle(ui: Ui, message: Message | Event) -> Ui:
    """The UI state after ``message``: ``update``'s next state, its effects left aside."""
    return tapped(ui, message).ui


def start(
    names=("Ann", "Bo", "Cy"),
    variation="first-to-n",
    phases="1",
    seed="7",
    kinds=None,
    edition="classic",
    hints=None,
    language="en",
) -> Ui:
    ui = handle(Ui(browser_languages=(language,)), Event("new-game"))
    assert ui.screen is Screen.SETUP
    kinds = kinds or ("person",) * len(names)
    fields = SetupInput(names, kinds, edition, tuple(variation.split(",")), phases, seed=seed, hints=hints)
    return handle(ui, Event("start-game", form=fields))


def next_taps(ui: Ui) -> list[Event]:
    """The taps that make the next move (a move may take several taps)."""
    if ui.screen is Screen.HANDOFF:
        return [Event("reveal")]
    if ui.screen is Screen.HAND_OVER:
        return [Event("next-hand")]
    seen = _mover_seen(ui)
    if ui.screen is not Screen.TABLE or seen is None:
        return []
    if closing(ui):
        return [Event("scores")]  # the hand's last play seen, before the timer shows the scores
    if ui.joined is not None and (seen.current != seen.seat or ui.joined.sent):
        return []  # a joined phone waits for its turn, or for the host's answer
    me = seen.me
    if any(isinstance(a, ChoosePhase) for a in choices(ui).legal):
        return [Event("pick"), Event("choose", "0")]  # phases in any order: the lowest open one
    if seen.step is Step.DRAW:
        top = seen.discard_top
        # Once the phase is down, pairs no longer help: draw fresh cards to hit with.
        wanted = (
            top is not None
            and not me.has_laid
            and TakeDiscard() in choices(ui).legal
            and _helps(seen.hand, top.shown)
        )
        return [Event("take" if wanted else "draw")]
    actions = choices(ui).legal
    hand = shown_hand(ui)
    if any(isinstance(a, LayDown) for a in actions):
        found = find_laydown(seen.hand, me.phase_spec, seen.options.ruleset())
        assert found is not None
        return [Event("lay"), Event("confirm")]
    hits = [a for a in actions if isinstance(a, Hit)]
    if hits:
        hit = hits[0]
        taps = [Event("select", str(hand.index(hit.card))), Event("hit", f"{hit.player}:{hit.group}")]
        ends = [h for h in hits if (h.card, h.player, h.group) == (hit.card, hit.player, hit.group)]
        if len(ends) > 1:
            taps.append(Event("choose", "0"))
        return taps
    card = _worst_card(hand, me.phase_spec if not me.has_laid else None)
    taps = [Event("select", str(hand.index(card))), Event("discard")]
    options = [a for a in actions if isinstance(a, Discard) and a.card == card]
    if len(options) > 1 or (options and options[0].target is not None):
        taps.append(Event("choose", "0"))
    return taps


def _mover_seen(ui: Ui) -> PlayerView | None:
    """The view of the player to move as this phone has it: a joined phone's own."""
    if ui.joined is not None:
        return ui.joined.seen
    return view(ui.game, ui.game.current) if ui.game is not None else None


def hinted_taps(ui: Ui) -> list[Event]:
    """The taps that make the move the hint on show suggests, as a person would follow it:
    the pile it names; the cards it points at, then the button, then in a question the
    choice that is the hint's move."""
    advice = ui.advice
    assert advice is not None, "no hint on show"
    action = advice.action
    if isinstance(action, ChoosePhase):  # the question lists the open phases in order
        opened = sorted(a.phase for a in choices(ui).legal if isinstance(a, ChoosePhase))
        return [Event("pick"), Event("choose", str(opened.index(action.phase)))]
    if isinstance(action, Draw | TakeDiscard):
        return [Event("draw" if isinstance(action, Draw) else "take")]
    at = sorted(table_of(ui).hinted_at)
    selected = replace(ui, selected=tuple(at))
    picks = [Event("select", str(i)) for i in at]
    if isinstance(action, LayDown):
        lays = choices(selected).lays
        return [*picks, Event("lay"), *[Event("lay-next")] * lays.index(action), Event("confirm")]
    if isinstance(action, Hit):
        ends = [h for h in choices(selected).hits if (h.player, h.group) == (action.player, action.group)]
        taps = [*picks, Event("hit", f"{action.player}:{action.group}")]
        return taps + ([Event("choose", str(ends.index(action)))] if len(ends) > 1 else [])
    assert isinstance(action, Discard)
    discards = list(choices(selected).discards)
    asked = len(discards) > 1 or discards[0].target is not None
    return [*picks, Event("discard"), *([Event("choose", str(discards.index(action)))] if asked else [])]


def _helps(hand: tuple[Card, ...], card: Card) -> bool:
    """A Wild or a Star; or a number already held (both sides: a card fixes a number or not)."""
    number = card.fixed_number
    return (
        card.is_wild or card.is_star or (number is not None and any(c.fixed_number == number for c in hand))
    )


def _worst_card(hand: tuple[Card, ...], phase: PhaseSpec | None) -> Card:
    """Skips first; Wilds and Stars last; otherwise the card the phase needs least."""
    skips = [c for c in hand if c.is_skip]
    if skips:
        return skips[0]
    naturals = [c for c in hand if c.is_numbered]
    if not naturals:
        return hand[0]
    kinds = {g.kind for g in phase.groups} if phase else set()
    if GroupKind.COLOR in kinds:
        colors = Counter(c.color for c in naturals)
        return min(naturals, key=lambda c: (colors[c.color], -c.number, c.code))
    counts = Counter(c.number for c in naturals)
    keep: set[int] = set()  # numbers of a run worth keeping, one card each
    if kinds & {GroupKind.RUN, GroupKind.COLOR_RUN} and phase is not None:
        size = max(g.size for g in phase.groups if g.kind.is_run)
        start = max(range(1, 14 - size), key=lambda s: sum(1 for n in range(s, s + size) if counts[n]))
        keep = set(range(start, start + size))
        only_runs = GroupKind.SET not in kinds

        def score(c: Card) -> tuple[int, int, int]:
            in_run = c.number in keep
            spare = counts[c.number] > 1
            if only_runs:
                return (2 if in_run and not spare else 1 if in_run else 0, -c.number, c.code)
            return (2 if spare else 1 if in_run else 0, -c.number, c.code)

        return min(naturals, key=score)
    return min(naturals, key=lambda c: (counts[c.number], -c.number, c.code))


def pad_hand_taps(record: HandRecord, chosen: bool = False) -> list[Event]:
    """The taps that write ``record`` (a hand of a game played in the app) on the score
    pad's open entry: with ``chosen`` (phases in any order), the phase each played for;
    who went out, who laid their phase, and each player's points on the keypad, then Save."""
    taps: list[Event] = []
    for seat, points in enumerate(record.points):
        if points is None:
            continue  # sat out a tiebreak: not on the form
        if chosen:
            taps.append(Event("pad-phase", f"{seat}:{record.phases[seat]}"))
        if record.went_out == seat:
            taps.append(Event("pad-out", str(seat)))  # marks the phase laid and 0 points
            continue
        if record.completed[seat]:
            taps.append(Event("pad-laid", str(seat)))
        taps.append(Event("pad-at", str(seat)))
        taps += [Event("pad-key", digit) for digit in str(points)]
    return [*taps, Event("pad-save")]
