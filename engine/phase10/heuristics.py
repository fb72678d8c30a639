"""The easy, normal and hard computer players: rules of thumb over the finder and the
distance to a phase, and the reading of a hand they share with the expert.

``bots.Bot`` is the player the rest of the engine and the app use; it plays these
levels with ``Heuristic`` and the expert with ``expert.py``, which builds on
``Heuristic(Level.HARD)`` and the helpers here (this module imports neither). What each
level does, and how every level reads the Flip edition's table, is in ``bots.py``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum

from .actions import Action, ChoosePhase, Discard, Draw, Hit, LayDown, NextHand, TakeDiscard
from .cards import Card
from .distance import cards_missing, has_outs, most_outs, outs
from .finder import find_laydown
from .groups import hit_ends
from .state import Step
from .view import PlayerView, PublicPlayer

__all__ = [
    "Heuristic",
    "Level",
    "PickRank",
    "feeds_next",
    "fits_somewhere",
    "is_stuck",
    "left_over",
    "moment",
    "next_player",
    "phases_given",
    "ranked_picks",
    "ranked_ties",
    "retaken_flip",
    "without",
]


class Level(Enum):
    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"
    EXPERT = "expert"


@dataclass(frozen=True, slots=True)
class Heuristic:
    """The easy, normal or hard player of ``level`` (``bots.Bot`` plays the expert)."""

    level: Level
    seed: int = 0

    def choose(self, seen: PlayerView) -> Action:
        """The bot's action for the view's legal actions."""
        if not seen.legal:
            raise ValueError(f"seat {seen.seat} has nothing to decide now")
        if seen.step is Step.HAND_OVER:
            return NextHand()
        rnd = random.Random(moment(self.seed, seen))
        picks = [a for a in seen.legal if isinstance(a, ChoosePhase)]
        if picks:
            return self._pick(seen, picks, rnd)
        if seen.step is Step.DRAW:
            return self._draw(seen, rnd)
        return self._play(seen, rnd)

    # --- picking a phase (ruling 33) -----------------------------------------------------

    def _pick(self, seen: PlayerView, picks: Sequence[ChoosePhase], rnd: random.Random) -> ChoosePhase:
        if self.level is Level.EASY:
            return rnd.choice(list(picks))
        ranks = ranked_picks(seen, thorough=self.level is not Level.NORMAL)
        return ChoosePhase(min(ranks, key=lambda rank: rank.key).phase)

    # --- drawing ------------------------------------------------------------------------

    def _draw(self, seen: PlayerView, rnd: random.Random) -> Action:
        top = seen.discard_top
        if TakeDiscard() not in seen.legal or top is None:
            return Draw()
        if self.level is Level.EASY:
            return TakeDiscard() if top.is_wild and rnd.random() < 0.5 else Draw()
        if top.is_wild:
            return TakeDiscard()
        if retaken_flip(seen, top):
            return Draw()
        if seen.me.has_laid:
            return TakeDiscard() if fits_somewhere(seen, top) else Draw()
        spec = seen.me.phase_spec
        now = cards_missing(seen.hand, spec)
        kept = [without((*seen.hand, top), c) for c in set(seen.hand)]
        with_top = min(cards_missing(hand, spec) for hand in kept)
        if with_top < now:
            return TakeDiscard()
        if self.level is Level.HARD and with_top == now and now > 0:
            # Equally close, but more ways to improve: a card in hand beats a blind draw.
            wanted = outs(seen.hand, spec, now) + 2
            alike = [hand for hand in kept if cards_missing(hand, spec) == now]
            return TakeDiscard() if any(has_outs(hand, spec, now, wanted) for hand in alike) else Draw()
        return Draw()

    # --- laying down, hitting, discarding -----------------------------------------------

    def _play(self, seen: PlayerView, rnd: random.Random) -> Action:
        lays = [a for a in seen.legal if isinstance(a, LayDown)]
        if lays:
            if self.level is Level.HARD:
                return min(lays, key=lambda lay: left_over(seen, lay))
            found = find_laydown(seen.hand, seen.me.phase_spec, seen.options.ruleset())
            preferred = LayDown(found) if found is not None else None
            return preferred if preferred in lays else lays[0]
        hits = [a for a in seen.legal if isinstance(a, Hit)]
        if hits and (self.level is not Level.EASY or rnd.random() < 0.8):
            return self._best_hit(seen, hits)
        return self._discard(seen, rnd)

    def _best_hit(self, seen: PlayerView, hits: Sequence[Hit]) -> Hit:
        # Hit with numbered cards first; a Wild waits unless it is the last card, since
        # holding it keeps more hits possible later.
        going_out = len(seen.hand) == 1
        return min(hits, key=lambda h: (h.card.is_wild and not going_out, h.card.code, h.player, h.group))

    def _discard(self, seen: PlayerView, rnd: random.Random) -> Action:
        discards = [a for a in seen.legal if isinstance(a, Discard)]
        skips = [a for a in discards if a.card.is_skip]
        if skips:
            return self._skip(seen, skips, rnd)
        if self.level is Level.EASY:
            careless = [a for a in discards if not a.card.is_wild] or discards
            if seen.options.phase_list is not None and not seen.me.has_laid and rnd.random() < _HEEDFUL:
                careless = self._least_needed(seen, careless, rnd)
            return rnd.choice(careless)
        stuck = is_stuck(seen)
        # Now and then a stuck bot flips even when it gives a phase away: two bots each
        # waiting on the other's flip would otherwise play the hand for ever.
        daring = stuck and rnd.random() < 0.125
        costs = {a: self.discard_cost(seen, a.card, stuck, daring) for a in discards}
        if self.level is not Level.HARD:
            return min(discards, key=lambda a: costs[a])
        tied, order = ranked_ties(seen, costs)
        return min(tied, key=order)

    def _least_needed(
        self, seen: PlayerView, discards: Sequence[Discard], rnd: random.Random
    ) -> list[Discard]:
        """The discards normal finds best (``discard_cost``): those that leave the hand
        closest to its phase, a flip weighed as normal weighs it."""
        stuck = is_stuck(seen)
        daring = stuck and rnd.random() < 0.125
        costs = {a: self.discard_cost(seen, a.card, stuck, daring)[:2] for a in discards}
        best = min(costs.values())
        return [a for a in discards if costs[a] == best]

    def discard_cost(
        self, seen: PlayerView, card: Card, stuck: bool = False, daring: bool = False
    ) -> tuple[int, int, int]:
        """Lower is a better card to throw away (hard refines ties in ``_discard``).

        ``stuck``: the bot cannot get closer to its phase without a flip (see ``is_stuck``);
        ``daring``: it flips even if that hands someone their phase."""
        points = seen.options.ruleset().points(card)
        wild = 1 if card.is_wild or card.is_star else 0
        flips = card.flips and seen.options.ruleset().two_sided
        gifts = 10 * phases_given(seen) if flips and not daring else 0
        if seen.me.has_laid:
            # Nothing to build: keep what can still be hit, shed the most points.
            return (wild, gifts + int(fits_somewhere(seen, card)), -points)
        rest = without(seen.hand, card)
        missing = cards_missing(rest, seen.me.phase_spec)
        if flips:
            missing = 0 if stuck else _missing_after_flip(seen, missing)
        return (wild, gifts + missing, -points)

    def _skip(self, seen: PlayerView, skips: Sequence[Discard], rnd: random.Random) -> Discard:
        targets = {a.target: a for a in skips if a.target is not None}
        if not targets:
            return skips[0]
        if self.level is Level.EASY:
            return targets[rnd.choice(sorted(targets))]
        if self.level is Level.NORMAL:  # the next player in turn
            return targets[next(seat for seat in _seats_after(seen) if seat in targets)]
        return targets[max(targets, key=lambda seat: _threat(seen.players[seat]))]


@dataclass(frozen=True, slots=True)
class PickRank:
    """How good a phase is to pick now (ruling 33): ``missing`` cards from the hand, then
    ``outs`` (the draws that would bring it closer; counted when ``thorough``), then the
    ``cards`` the phase asks for (more is harder: better done while the hand is for it)."""

    phase: int
    missing: int
    outs: int
    cards: int

    @property
    def key(self) -> tuple[int, int, int, int]:
        return (self.missing, -self.outs, -self.cards, self.phase)


def ranked_picks(seen: PlayerView, thorough: bool = True) -> list[PickRank]:
    """Each phase ``seen``'s player may pick now, weighed from their hand alone; the best
    is the one with the smallest ``key``."""
    ranks: list[PickRank] = []
    for action in seen.legal:
        if not isinstance(action, ChoosePhase):
            continue
        spec = seen.options.phase_spec(action.phase)
        missing = cards_missing(seen.hand, spec)
        found = outs(seen.hand, spec, missing) if thorough else 0
        ranks.append(PickRank(action.phase, missing, found, sum(group.size for group in spec.groups)))
    return ranks


# With a table's own list, how often easy throws what normal would rather than any card: a
# list may ask for phases (a set of nine, say) that careless play would take thousands of
# turns to make (ruling 31).  The edition's lists are played as they always were.
_HEEDFUL = 0.8


# --- what the bots see in a hand ---------------------------------------------------------


def moment(seed: int, seen: PlayerView) -> int:
    """A number that names this decision from public facts, so replays decide alike."""
    facts = (seed, seen.seat, seen.hand_number, seen.draw_count, seen.discard_count, len(seen.hand))
    value = 0
    for fact in facts:
        value = (value * 1_000_003 + fact) % 2**61
    return value


def without(hand: Sequence[Card], card: Card) -> tuple[Card, ...]:
    """``hand`` less one copy of ``card``."""
    rest = list(hand)
    rest.remove(card)
    return tuple(rest)


def fits_somewhere(seen: PlayerView, card: Card) -> bool:
    """Whether ``card`` could be hit on some group on the table."""
    rules = seen.options.ruleset()
    return any(hit_ends(group, card, rules) for player in seen.players for group in player.groups)


def phases_given(seen: PlayerView) -> int:
    """How many opponents a flip now would give a whole phase: their hands after it are
    the sides they show the table, and those would make their phase."""
    return sum(
        1
        for player in seen.players
        if player.seat != seen.seat
        and player.in_hand
        and not player.has_laid
        and player.backs
        and cards_missing(player.backs, player.phase_spec) == 0
    )


def is_stuck(seen: PlayerView) -> bool:
    """In the Flip edition, a hand that keeps its Stars and will not flip can hold at most
    one new card: with every other card a Star or a Flip card, it throws back each card it
    draws, and gets no closer to a phase two or more cards away.  Only a flip moves it."""
    if not seen.options.ruleset().two_sided or seen.me.has_laid:
        return False
    spare = [card for card in seen.hand if not (card.flips or card.is_star or card.is_wild)]
    return (
        len(spare) <= 1
        and any(card.flips for card in seen.hand)
        and (cards_missing(seen.hand, seen.me.phase_spec) >= 2)
    )


def retaken_flip(seen: PlayerView, top: Card) -> bool:
    """Whether ``top`` is a Flip card this player already took from the discard pile this
    hand.  It is back on the pile because they threw it back to flip the table, and someone
    has flipped it back since: taking it again only starts the same exchange again, and two
    bots that each take the other's Flip card to flip back would play the hand for ever."""
    return top.flips and seen.options.ruleset().two_sided and top in seen.me.taken


def _missing_after_flip(seen: PlayerView, missing_now: int) -> int:
    """What a flip is worth to the bot's own phase: its hand turns to sides it cannot see,
    so the hands a flip gives the others (all it can see of the other side) are the best
    estimate of its own.  Never better than one card short: the flip is a gamble."""
    samples = [
        cards_missing(player.backs, seen.me.phase_spec)
        for player in seen.players
        if player.seat != seen.seat and len(player.backs) >= len(seen.hand) - 1
    ]
    if not samples:
        return missing_now
    return max(1, round(sum(samples) / len(samples)))


def next_player(seen: PlayerView) -> PublicPlayer:
    """Who plays after the viewer: the next seat dealt into this hand (a tiebreak's
    players only), or the viewer when nobody else is."""
    count = len(seen.players)
    after = (seen.players[(seen.seat + step) % count] for step in range(1, count))
    return next((player for player in after if player.in_hand), seen.me)


def _seats_after(seen: PlayerView) -> list[int]:
    count = len(seen.players)
    return [(seen.seat + step) % count for step in range(1, count)]


def _threat(player: PublicPlayer) -> tuple[int, int, int]:
    """How close a player is to winning: phases done, then a phase down, then fewest cards."""
    return (player.phases_completed, int(player.has_laid), -player.hand_count)


def feeds_next(seen: PlayerView, card: Card) -> int:
    """How much the next player would like this card on the discard pile: 2 when they have
    laid down and could hit with it, 1 when they have been taking cards like it, else 0."""
    if not card.is_natural:
        return 0
    following = next_player(seen)
    if following.has_laid and fits_somewhere(seen, card):
        return 2
    for taken in following.taken:
        if taken.is_natural and (taken.number == card.number or taken.color is card.color):
            return 1
    return 0


def ranked_ties(
    seen: PlayerView, costs: Mapping[Discard, tuple[float, float, int]]
) -> tuple[list[Discard], Callable[[Discard], tuple[int, int, int]]]:
    """The discards as good as the best by their first two ``costs`` (``Heuristic.discard_cost``),
    and hard's order among them.  Before the phase is down: first the hand the most
    different draws would improve (only ties are weighed: it is the slow part); then, and
    once it is down, not a card the next player could use, then the most points."""
    closest = min(cost[:2] for cost in costs.values())
    tied = [a for a, cost in costs.items() if cost[:2] == closest]
    ways = dict.fromkeys(tied, 0)
    if len(tied) > 1 and not seen.me.has_laid:
        counted = most_outs([without(seen.hand, a.card) for a in tied], seen.me.phase_spec, int(closest[1]))
        ways = dict(zip(tied, counted, strict=True))
    return tied, lambda a: (-ways[a], feeds_next(seen, a.card), costs[a][2])


def left_over(seen: PlayerView, lay: LayDown) -> tuple[int, int, int]:
    """How hard the hand left after ``lay`` is to get rid of: its numbered cards (a Wild can
    always be hit later), then fewer Wilds kept, then its points."""
    rest = list(seen.hand)
    for card in lay.cards:
        rest.remove(card)
    wilds = sum(1 for card in rest if card.is_wild)
    points = sum(seen.options.ruleset().points(card) for card in rest)
    return (len(rest) - wilds, -wilds, points)
