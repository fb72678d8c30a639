"""The Hint button: the coach's advice for the person to move, in their language.

A hint is asked for, never given unasked, and only where the table allows hints
(``GameConfig.hints``).  It is worked out from that person's own view by
``phase10.coach.advise`` (the expert's move and its reason), noted on the game
(``coach.count_hint``, so the score sheet can say the game was coached) and shown
until the player's next move.  It plays nothing: the player does.
"""

from __future__ import annotations

import hashlib
from dataclasses import replace
from typing import TYPE_CHECKING

from phase10 import ChoosePhase, Discard, Draw, Hit, LayDown, TakeDiscard
from phase10.rules import GroupKind
from phase10.view import PlayerView, view
from phase10.wire import HintMessage, write_message

from .. import taps
from ..effects import Announce, Handler, Outcome, TellHost
from ..kit.i18n import NOTHING, Words, text, words
from ..state import Ui
from .model import hints_offered

if TYPE_CHECKING:
    from phase10.coach import Advice, Holding

__all__ = ["HANDLERS", "advice_words"]


def _hint(ui: Ui, _tap: taps.Hint) -> Ui | Outcome:
    if not hints_offered(ui):
        return ui
    # Imported here, not at the top: the coach asks the expert, and the bots cost start-up
    # time that a table never asking for a hint does not pay.
    from phase10.bots import bot_seed
    from phase10.coach import advise, count_hint

    if ui.joined is not None:
        return _joined_hint(ui)
    assert ui.game is not None
    seat = ui.game.current
    seen = view(ui.game, seat)
    # The seat's own seed, as a computer player there would have: the same hint each time it is asked.
    advice = advise(seen, bot_seed(ui.game.config, seat))
    line = advice_words(advice, seen, words(ui.language))
    shown = replace(ui, game=count_hint(ui.game, seat), advice=advice, message=NOTHING)
    return Outcome(shown, (Announce((text("coach.said", hint=line),)),))


def _joined_hint(ui: Ui) -> Outcome:
    """A joined phone's hint: worked out here from its own view (the only game it holds),
    shown at once, and sent to the host, which counts it on the game as its own players'.
    The phone then waits for the host's next view before it moves, so its move answers it."""
    from phase10.coach import advise

    joined = ui.joined
    assert joined is not None and joined.seen is not None
    if joined.sent:  # the host has not answered what this phone sent: asked again after that
        return Outcome(replace(ui, message=text("net.wait_host")))
    seen = joined.seen
    # The game's seed never leaves the host (it would tell the deck): the seat's token,
    # secret to this phone, seeds the expert instead, so the same hint comes each time.
    seed = int.from_bytes(hashlib.sha256(joined.token.encode()).digest()[:8], "big")
    advice = advise(seen, seed)
    line = advice_words(advice, seen, words(ui.language))
    asked = HintMessage(joined.seat, joined.token, joined.seq)
    shown = replace(ui, joined=replace(joined, sent=True), advice=advice, message=NOTHING)
    return Outcome(shown, (Announce((text("coach.said", hint=line),)), TellHost(write_message(asked))))


def advice_words(advice: Advice, seen: PlayerView, w: Words) -> str:
    """The hint in one line: the move, then why ("Take the Red 7 from the discard pile: with
    it you hold your 3 cards numbered 7.")."""
    return w("coach.line", move=_move(advice, seen, w), why=_why(advice, seen, w))


def _move(advice: Advice, seen: PlayerView, w: Words) -> str:
    action = advice.action
    if isinstance(action, ChoosePhase):
        return w("coach.move.pick", number=action.phase)
    if isinstance(action, Draw):
        return w("coach.move.draw")
    if isinstance(action, TakeDiscard) and advice.card is not None:
        return w("coach.move.take", card=advice.card)
    if isinstance(action, LayDown):
        return w("coach.move.lay", number=seen.me.phase)
    if isinstance(action, Hit):
        owner = seen.players[action.player]
        group = owner.groups[action.group]
        if owner.seat == seen.seat:
            return w("coach.move.hit_own", card=action.card, group=group)
        return w("coach.move.hit", card=action.card, group=group, name=owner.name)
    assert isinstance(action, Discard)
    if action.card.is_skip and action.target is not None:
        return w("coach.move.skip", name=seen.players[action.target].name)
    return w("coach.move.discard", card=action.card)


def _why(advice: Advice, seen: PlayerView, w: Words) -> str:
    from phase10.coach import Why  # loaded already: there is advice

    key = f"coach.why.{advice.why.value}"
    name = seen.players[advice.player].name if advice.player is not None else ""
    card = w.card(advice.card) if advice.card is not None else ""
    if advice.why in (Why.TAKE_CLOSER, Why.DISCARD_SPARE):
        if advice.holding is None:
            return w(f"{key}.alone", card=card)
        return w(key, card=card, holding=holding_words(advice.holding, w))
    if advice.why is Why.DISCARD_NOT_FEED:
        return w(key, name=name, taken=[w.card(c) for c in advice.taken])
    if advice.why is Why.DISCARD_DENY and advice.kept is not None:
        return w(key, name=name, kept=w.card(advice.kept))
    if advice.why is Why.PICK_CLOSEST:
        return w(key, count=advice.missing)
    if advice.why in (Why.PICK_OUTS, Why.PICK_HARDER):
        return w(key, count=len(advice.phases), phases=[str(number) for number in advice.phases])
    return w(key, card=card, name=name, number=advice.number)


def holding_words(held: Holding, w: Words) -> str:
    """ "your pair of 7s", "your 4, 5 and 7 for a run", "your 3 red cards"."""
    cards = held.cards
    if held.kind is GroupKind.SET:
        key = "coach.holding.pair" if len(cards) == 2 else "coach.holding.set"
        return w(key, count=len(cards), number=cards[0].number)
    if held.kind is GroupKind.COLOR:
        return w("coach.holding.color", count=len(cards), color=w.color(cards[0].color))
    numbers = [str(card.number) for card in cards]
    if held.kind is GroupKind.COLOR_RUN:
        return w("coach.holding.color_run", numbers=numbers, color=w.color(cards[0].color))
    return w("coach.holding.run", numbers=numbers)


HANDLERS: dict[type[taps.Tap], Handler] = {taps.Hint: _hint}
