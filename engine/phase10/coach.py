"""The coach: what the expert would do in a player's place, and why, in one line.

``advise(seen, seed)`` asks the expert (``expert.expert_choice``) for the move in
``seen`` and explains it with a ``Why`` code and the facts the reason names: the
card, the cards it keeps together (a ``Holding``), a player, a number.  The UI
puts that into words in the player's language; no sentence lives here.

The coach reads the player's view alone, like every computer player, so a hint
is the same however the hidden cards lie.  It never plays the move: the player
does, or not.  ``count_hint`` notes on the game that a seat asked, so that the
score sheet can say the game was coached.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from .actions import Action, ChoosePhase, Discard, Draw, Hit, LayDown, TakeDiscard
from .cards import Card
from .distance import cards_missing
from .expert import KNOBS, denied_player, expert_choice
from .heuristics import fits_somewhere, next_player, ranked_picks, without
from .rules import GroupKind, PhaseSpec
from .state import GameState, Step
from .view import PlayerView, PublicPlayer

__all__ = ["Advice", "CoachError", "Holding", "Why", "advise", "count_hint", "explain", "holding"]


class CoachError(ValueError):
    """A hint asked for where there is none to give; the message says why."""


class Why(StrEnum):
    """The reason a hint gives, one per kind of sentence."""

    DRAW_ONLY = "draw-only"  # the discard pile cannot be taken
    DRAW_NO_HELP = "draw-no-help"  # the discard brings the phase no closer
    DRAW_NO_FIT = "draw-no-fit"  # phase down: the discard fits no group on the table
    DRAW_CHANCE = "draw-chance"  # the discard would help a little; an unseen card may help more
    TAKE_WILD = "take-wild"
    TAKE_COMPLETES = "take-completes"  # with the discard the hand holds the whole phase
    TAKE_CLOSER = "take-closer"  # with the discard the hand holds ``holding``
    TAKE_OPTIONS = "take-options"  # as close, but more of the next draws would help
    TAKE_HITS = "take-hits"  # phase down: the discard can be hit at once
    LAY = "lay"  # lay the phase down now
    HIT = "hit"  # one card fewer to go out
    HIT_OUT = "hit-out"  # the last card: the player goes out
    SKIP = "skip"  # skip ``player``, the closest to winning
    DISCARD_OUT = "discard-out"  # the last card: the player goes out
    DISCARD_SPARE = "discard-spare"  # the card the phase needs least; keeps ``holding``
    DISCARD_NOT_FEED = "discard-not-feed"  # ``player``, next, took ``taken`` from the discard pile
    DISCARD_DENY = "discard-deny"  # ``player``, next, would likely take ``kept``, as good to throw
    DISCARD_SAFE = "discard-safe"  # phase down: ``player``, next, could hit with the others
    DISCARD_POINTS = "discard-points"  # phase down: it fits nowhere and costs ``number`` points
    FLIP = "flip"  # Flip edition: the flip deals a fresh hand
    # Phases in any order (ruling 33): the pick of phase ``number``, ``missing`` cards away.
    PICK_ONLY = "pick-only"  # the only phase not completed yet
    PICK_READY = "pick-ready"  # the hand already makes it: lay it down after the draw
    PICK_CLOSEST = "pick-closest"  # closer than any other: the hand holds ``holding`` of it
    PICK_OUTS = "pick-outs"  # as close as ``phases``, but more of the next draws would help
    PICK_HARDER = "pick-harder"  # as close as ``phases``; it needs more cards: keep those for later


@dataclass(frozen=True, slots=True)
class Holding:
    """The cards of a hand furthest along towards one group of its phase: a pair of 7s
    (``SET``), 4 5 7 (``RUN``, or ``COLOR_RUN`` of one colour), three reds (``COLOR``)."""

    kind: GroupKind
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Advice:
    """The expert's move and the facts its reason names."""

    action: Action
    why: Why
    card: Card | None = None  # the card the move is about
    holding: Holding | None = None
    player: int | None = None  # the seat the reason names
    taken: tuple[Card, ...] = ()  # what ``player`` took from the discard pile
    kept: Card | None = None  # a card as good to throw, kept from ``player``
    number: int = 0  # a phase number or points
    missing: int = 0  # a phase picked: the cards the hand is short of it
    phases: tuple[int, ...] = ()  # a phase picked: the others as close to the hand

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards of the player's hand the move uses, for the UI to point at."""
        if isinstance(self.action, LayDown):
            return tuple(card for group in self.action.groups for card in group.cards)
        if isinstance(self.action, Hit | Discard):
            return (self.action.card,)
        if isinstance(self.action, ChoosePhase) and self.holding is not None:
            return self.holding.cards
        return ()


def advise(seen: PlayerView, seed: int) -> Advice:
    """What the expert would do now in ``seen``'s seat, and why."""
    if seen.step not in (Step.DRAW, Step.PLAY) or seen.current != seen.seat or not seen.legal:
        raise CoachError(f"seat {seen.seat} has no move to be coached on now")
    action = expert_choice(seen, seed)
    if isinstance(action, Discard) and len(seen.hand) > 1 and denied_player(seen) is not None:
        # The move alone cannot say that it keeps a card from the next player: the
        # expert's choice without denial can (asked only where denial is weighed).
        plain = expert_choice(seen, seed, replace(KNOBS, deny_samples=0))
        if isinstance(plain, Discard) and plain != action:
            following = next_player(seen).seat
            return Advice(action, Why.DISCARD_DENY, action.card, player=following, kept=plain.card)
    return explain(seen, action)


def explain(seen: PlayerView, action: Action) -> Advice:
    """Why ``action`` (one of ``seen.legal``) is a good move, as the facts a reason names."""
    if action not in seen.legal:
        raise CoachError(f"'{action}' is not a move seat {seen.seat} can make now")
    if isinstance(action, ChoosePhase):
        return _picking(seen, action)
    if isinstance(action, Draw | TakeDiscard):
        return _drawing(seen, action)
    if isinstance(action, LayDown):
        return Advice(action, Why.LAY, number=seen.me.phase)
    if isinstance(action, Hit):
        last = len(seen.hand) == 1
        return Advice(action, Why.HIT_OUT if last else Why.HIT, action.card, player=action.player)
    if not isinstance(action, Discard):
        raise CoachError(f"'{action}' is no move of a turn")
    return _discarding(seen, action)


def count_hint(state: GameState, seat: int) -> GameState:
    """``state`` with one more hint asked by ``seat``; ``CoachError`` when the table turned
    hints off or ``seat`` is not a seat."""
    if not state.config.hints:
        raise CoachError("this table plays without hints")
    if not 0 <= seat < len(state.players):
        raise CoachError(f"seat {seat} does not exist")
    used = list(state.hints_used or (0,) * len(state.players))
    used[seat] += 1
    return replace(state, hints_used=tuple(used))


# --- picking a phase (ruling 33) -------------------------------------------------------------


def _picking(seen: PlayerView, action: ChoosePhase) -> Advice:
    """Why phase ``action.phase`` is the one to play this hand, as hard and the expert weigh it
    (``heuristics.ranked_picks``): the closest to the hand, then the most outs, then the most cards."""
    ranks = {rank.phase: rank for rank in ranked_picks(seen)}
    mine = ranks[action.phase]
    held = holding(seen.hand, seen.options.phase_spec(action.phase))

    def advice(why: Why, phases: tuple[int, ...] = ()) -> Advice:
        return Advice(action, why, holding=held, number=action.phase, missing=mine.missing, phases=phases)

    if len(ranks) == 1:
        return advice(Why.PICK_ONLY)
    if mine.missing == 0:
        return advice(Why.PICK_READY)
    alike = tuple(n for n, rank in ranks.items() if n != action.phase and rank.missing == mine.missing)
    if not alike:
        return advice(Why.PICK_CLOSEST)
    if all(ranks[n].outs < mine.outs for n in alike):
        return advice(Why.PICK_OUTS, alike)
    return advice(Why.PICK_HARDER, alike)


# --- drawing ---------------------------------------------------------------------------------


def _drawing(seen: PlayerView, action: Draw | TakeDiscard) -> Advice:
    top = seen.discard_top
    if top is None or TakeDiscard() not in seen.legal:
        return Advice(action, Why.DRAW_ONLY)
    if isinstance(action, TakeDiscard):
        return _taking(seen, top)
    if seen.me.has_laid:
        return Advice(action, Why.DRAW_CHANCE if fits_somewhere(seen, top) else Why.DRAW_NO_FIT, top)
    spec = seen.me.phase_spec
    closer = _best_missing(seen.hand, top, spec) < cards_missing(seen.hand, spec)
    return Advice(action, Why.DRAW_CHANCE if closer else Why.DRAW_NO_HELP, top)


def _taking(seen: PlayerView, top: Card) -> Advice:
    action = TakeDiscard()
    if top.is_wild:
        return Advice(action, Why.TAKE_WILD, top)
    if seen.me.has_laid:
        return Advice(action, Why.TAKE_HITS, top)
    spec = seen.me.phase_spec
    after = _best_missing(seen.hand, top, spec)
    if after == 0:
        return Advice(action, Why.TAKE_COMPLETES, top, number=seen.me.phase)
    if after < cards_missing(seen.hand, spec):
        return Advice(action, Why.TAKE_CLOSER, top, holding((*seen.hand, top), spec, top))
    return Advice(action, Why.TAKE_OPTIONS, top)


def _best_missing(hand: Sequence[Card], card: Card, spec: PhaseSpec) -> int:
    """How far from ``spec`` the hand is after taking ``card`` and throwing its worst card."""
    held = (*hand, card)
    return min(cards_missing(without(held, spare), spec) for spare in set(held) if spare != card)


# --- discarding ------------------------------------------------------------------------------


def _discarding(seen: PlayerView, action: Discard) -> Advice:
    card = action.card
    if len(seen.hand) == 1:
        return Advice(action, Why.DISCARD_OUT, card)
    if card.is_skip and action.target is not None:
        return Advice(action, Why.SKIP, card, player=action.target)
    if card.flips and seen.options.ruleset().two_sided:
        return Advice(action, Why.FLIP, card)
    following = next_player(seen)
    others = [a.card for a in seen.legal if isinstance(a, Discard) and a.card != card]
    if seen.me.has_laid:
        if following.has_laid and any(fits_somewhere(seen, other) for other in others):
            return Advice(action, Why.DISCARD_SAFE, card, player=following.seat)
        return Advice(action, Why.DISCARD_POINTS, card, number=seen.options.ruleset().points(card))
    spec = seen.me.phase_spec
    as_good = [
        other
        for other in others
        if _missing_without(seen.hand, other, spec) <= _missing_without(seen.hand, card, spec)
    ]
    wanted = _wanted_by(following, as_good)
    if following.seat != seen.seat and wanted and not _wanted_by(following, (card,)):
        return Advice(action, Why.DISCARD_NOT_FEED, card, player=following.seat, taken=wanted)
    kept = holding(without(seen.hand, card), seen.me.phase_spec)
    return Advice(action, Why.DISCARD_SPARE, card, kept)


def _wanted_by(player: PublicPlayer, cards: Sequence[Card]) -> tuple[Card, ...]:
    """The cards ``player`` took from the discard pile that are like one of ``cards`` for
    their phase: the same number for sets and runs, the same colour for colour groups."""
    kinds = {group.kind for group in player.phase_spec.groups}
    by_color = GroupKind.COLOR in kinds
    by_number = bool(kinds - {GroupKind.COLOR})
    naturals = [card for card in cards if card.is_natural]

    def alike(taken: Card, card: Card) -> bool:
        return (by_number and card.number == taken.number) or (by_color and card.color is taken.color)

    return tuple(t for t in player.taken if t.is_natural and any(alike(t, card) for card in naturals))


def _missing_without(hand: Sequence[Card], card: Card, spec: PhaseSpec) -> int:
    return cards_missing(without(hand, card), spec)


# --- reading a hand --------------------------------------------------------------------------


def holding(hand: Sequence[Card], spec: PhaseSpec, including: Card | None = None) -> Holding | None:
    """The cards of ``hand`` furthest along towards a group of ``spec`` (two cards at
    least), preferring a holding with ``including`` in it; None when no two cards go
    together."""
    naturals = [card for card in hand if card.is_natural]
    found: list[Holding] = []
    for kind in dict.fromkeys(group.kind for group in spec.groups):
        size = max(group.size for group in spec.groups if group.kind is kind)
        found += _holdings(naturals, kind, size)
    found = [h for h in found if len(h.cards) >= 2]
    if not found:
        return None
    return max(found, key=lambda h: (including in h.cards, len(h.cards), -found.index(h)))


def _holdings(cards: Sequence[Card], kind: GroupKind, size: int) -> list[Holding]:
    if kind is GroupKind.SET:
        numbers = sorted({card.number for card in cards}, reverse=True)
        return [Holding(kind, tuple(c for c in cards if c.number == n)) for n in numbers]
    if kind is GroupKind.COLOR:
        colors = list(dict.fromkeys(card.color for card in cards))
        return [Holding(kind, tuple(c for c in cards if c.color is color)) for color in colors]
    if kind is GroupKind.COLOR_RUN:
        colors = list(dict.fromkeys(card.color for card in cards))
        return [h for color in colors for h in _runs([c for c in cards if c.color is color], kind, size)]
    return _runs(cards, kind, size)


def _runs(cards: Sequence[Card], kind: GroupKind, size: int) -> list[Holding]:
    """For each window of ``size`` numbers, one card of each number the hand holds in it."""
    by_number = {card.number: card for card in sorted(cards)}
    runs = []
    for low in range(1, 13 - size + 2):
        held = tuple(by_number[n] for n in range(low, low + size) if n in by_number)
        if held:
            runs.append(Holding(kind, held))
    return runs
