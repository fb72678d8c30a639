"""The expert computer player: decides from a player's view alone, like every level.

It plays as the hard bot does (``heuristics.py``) and overrules it in the few places
where hard's rule of thumb leaves something on the table:

- **laying down**: of the ways to lay its phase, it picks the one that leaves the
  fewest cards once it has hit every card it can on the table, its new groups
  included (hard counts the cards left before those hits);
- **once its phase is down**: among cards it cannot hit, it keeps the ones one
  card away from a run's end (the card between would make them fit), so it goes
  out sooner;
- **in the Flip edition**: it weighs a flip by sampling what the flip would deal
  it.  The backs of its own cards face away from it, but the deck is printed
  (``rules.FLIP_DECK_TABLE``): each face it holds has a known list of backs, so
  it draws its hand's other side many times from those lists and counts how far
  each draw is from its phase.  Hard can only take the average of the hands the
  flip gives the others;
- **denial, when two play the classic game**: of the discards hard finds equally good,
  it avoids the ones the next player would take.  Their hand is hidden, so it samples
  hands for them from the cards it has not seen, plus what they took from the discard
  pile, keeping only hands that would not have taken what they recently declined
  (``PublicPlayer.declined``), and asks of each whether it would take the card.

Its randomness comes from its seed mixed with public facts of the moment
(``heuristics.moment``), so a game of experts replays from its seed.  The switches in
``Knobs`` let each ingredient be measured on its own (see docs/research/2026-11-expert.md).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from . import heuristics
from .actions import Action, Discard, Hit, LayDown
from .cards import Card
from .distance import cards_missing
from .groups import Group, add_to_group, hit_ends
from .heuristics import Heuristic, Level
from .rules import GroupKind, PhaseSpec, Ruleset
from .state import Step
from .view import PlayerView, PublicPlayer

__all__ = ["KNOBS", "Knobs", "denied_player", "expert_choice"]


@dataclass(frozen=True, slots=True)
class Knobs:
    """Which of the expert's ingredients are on (each is measured on its own)."""

    lay_hits: bool = True  # lay down the groups that leave the fewest cards after hitting
    keep_near: bool = True  # once laid, keep cards one card away from a run's end
    flip_samples: int = 12  # Flip edition: deals sampled to weigh a flip (0: hard's estimate)
    deny_samples: int = 12  # two players, classic: hands sampled for the next player (0: off)


KNOBS = Knobs()


def expert_choice(seen: PlayerView, seed: int, knobs: Knobs = KNOBS) -> Action:
    """The expert's action for ``seen.legal`` (``seen.step`` is DRAW or PLAY)."""
    hard = Heuristic(Level.HARD, seed)
    if seen.step is not Step.PLAY or not seen.legal:
        return hard.choose(seen)
    lays = [a for a in seen.legal if isinstance(a, LayDown)]
    if lays:
        if knobs.lay_hits:
            return min(lays, key=lambda lay: (_left_after_hits(seen, lay), heuristics.left_over(seen, lay)))
        return hard.choose(seen)
    if any(isinstance(a, Hit) for a in seen.legal):
        return hard.choose(seen)
    discards = [a for a in seen.legal if isinstance(a, Discard)]
    if not discards or any(a.card.is_skip for a in discards):
        return hard.choose(seen)
    rnd = random.Random(heuristics.moment(seed, seen))
    if seen.me.has_laid:
        return _discard_laid(seen, hard, discards, rnd, knobs)
    if knobs.flip_samples and seen.options.ruleset().two_sided and any(a.card.flips for a in discards):
        return _discard_flip(seen, hard, discards, rnd, knobs.flip_samples)
    return _discard_building(seen, hard, discards, rnd, knobs.deny_samples)


# --- laying down ---------------------------------------------------------------------------


def _left_after_hits(seen: PlayerView, lay: LayDown) -> tuple[int, int, int]:
    """The cards left once ``lay`` is down and every card that then fits has been hit:
    its numbered cards, then fewer Wilds kept (they fit later), then its points.  Hard
    counts before the hits, so it cannot tell a lay whose left-overs extend its own runs
    from one whose left-overs are stuck."""
    rules = seen.options.ruleset()
    rest = list(seen.hand)
    for card in lay.cards:
        rest.remove(card)
    table = [group for player in seen.players for group in player.groups]
    rest = _hit_all([*table, *lay.groups], rest, rules)
    wilds = sum(1 for card in rest if card.is_wild)
    points = sum(rules.points(card) for card in rest)
    return (len(rest) - wilds, -wilds, points)


def _hit_all(groups: list[Group], hand: list[Card], rules: Ruleset) -> list[Card]:
    """The numbered cards of ``hand`` left after hitting them on ``groups`` while any fits
    (a run grows, so a card may fit after another); Wilds stay in hand, as hard keeps them."""
    left = list(hand)
    placed = True
    while placed:
        placed = False
        for card in list(left):
            if card.is_wild or card.is_skip:
                continue
            for index, group in enumerate(groups):
                ends = hit_ends(group, card, rules)
                if ends:
                    groups[index] = add_to_group(group, card, ends[0])
                    left.remove(card)
                    placed = True
                    break
    return left


# --- discarding once the phase is down ------------------------------------------------------


def _discard_laid(
    seen: PlayerView, hard: Heuristic, discards: Sequence[Discard], rnd: random.Random, knobs: Knobs
) -> Discard:
    """Hard's order (no Wild, nothing that fits, nothing the next player wants, most points),
    with one more rule before the points: keep a card one card away from a run's end.  Such
    a card fits as soon as the card between is drawn and hit, and the hand goes out sooner."""
    stuck = heuristics.is_stuck(seen)
    daring = stuck and rnd.random() < 0.125
    costs = {a: hard.discard_cost(seen, a.card, stuck, daring) for a in discards}
    runs = [group for player in seen.players for group in player.groups if group.kind.is_run]
    near = {a: _near_run(a.card, runs) if knobs.keep_near else 0 for a in discards}

    def rest(a: Discard) -> tuple[int, int, int]:
        return (near[a], heuristics.feeds_next(seen, a.card), costs[a][2])

    choice = min(discards, key=lambda a: (*costs[a][:2], *rest(a)))
    following = denied_player(seen, knobs.deny_samples)
    if following is None:
        return choice
    tied = [a for a in discards if costs[a][:2] == costs[choice][:2]]
    return _denying(seen, following, choice, tied, rest, rnd, knobs.deny_samples)


# --- discarding while building the phase: hard's choice, and denial -------------------------


def _discard_building(
    seen: PlayerView, hard: Heuristic, discards: Sequence[Discard], rnd: random.Random, samples: int
) -> Action:
    """Hard's discard, unless the next player would likely take it and another card hard
    finds as good (as close to the phase, then as many outs) would likely not be taken."""
    following = denied_player(seen, samples)
    if following is None:
        return hard.choose(seen)
    # Denial is weighed in the classic game only, where a hand is never stuck: hard's costs
    # and order are its own, without the chances a stuck bot takes.
    costs = {a: hard.discard_cost(seen, a.card) for a in discards}
    tied, order = heuristics.ranked_ties(seen, costs)
    return _denying(seen, following, min(tied, key=order), tied, order, rnd, samples)


# The largest table that weighs denial: with 3 it gained 1.9 points (z 1.3), with 4 a cheat nothing.
_DENY_PLAYERS = 2
_CALM = 0.25  # a discard taken in at most this share of the sampled hands is safe to throw
_RECENT = 4  # how many of the next player's latest declined cards the samples must refuse


def denied_player(seen: PlayerView, samples: int = KNOBS.deny_samples) -> PublicPlayer | None:
    """The next player, when denying them is weighed: two play the classic game (a flip
    turns hands over, and what they declined says nothing of the new one; sampling their
    faces from the backs on the table instead gained nothing measurable), and the next
    player has not laid down (after that, ``heuristics.feeds_next`` knows what they can use)."""
    if not samples or seen.options.ruleset().two_sided:
        return None
    if sum(player.in_hand for player in seen.players) > _DENY_PLAYERS:
        return None
    following = heuristics.next_player(seen)
    if following.seat == seen.seat or following.has_laid:
        return None
    return following


def _denying(
    seen: PlayerView,
    following: PublicPlayer,
    choice: Discard,
    tied: Sequence[Discard],
    rest: Callable[[Discard], tuple[int, ...]],
    rnd: random.Random,
    samples: int,
) -> Discard:
    """``choice``, or a card of ``tied`` (as good by the first rules) that the next player
    is less likely to take: the best by ``rest`` among the safe ones, else the least taken."""
    candidates = [a for a in tied if not a.card.is_wild]
    if choice not in candidates or len(candidates) < 2:
        return choice
    odds = _take_odds(seen, following, {a.card for a in candidates}, rnd, samples)
    if odds[choice.card] <= _CALM:
        return choice
    calm = [a for a in candidates if odds[a.card] <= _CALM]
    if calm:
        return min(calm, key=rest)
    return min(candidates, key=lambda a: (odds[a.card], *rest(a)))


def _take_odds(
    seen: PlayerView, following: PublicPlayer, cards: set[Card], rnd: random.Random, samples: int
) -> dict[Card, float]:
    """For each of ``cards``, the share of sampled hands of ``following`` that would take
    it from the discard pile (``_takes``).

    A sample is the cards they took and still hold, plus cards drawn from those the viewer
    has not seen.  Samples that would have taken one of the cards they recently declined
    are thrown out: those hands are not theirs.  If too few agree, the rest are used as
    drawn."""
    spec = following.phase_spec
    held = list((Counter(following.taken) - Counter(following.declined)).elements())[: following.hand_count]
    pool = _unseen(seen) - Counter(held)
    cards_pool = list(pool.elements())
    size = min(following.hand_count - len(held), len(cards_pool))
    recent = following.declined[-_RECENT:] if _RECENT else ()
    refused = [card for card in recent if card.is_natural]
    hands: list[tuple[Card, ...]] = []
    for _ in range(samples * 6):
        hand = (*held, *rnd.sample(cards_pool, size))
        if not any(_takes(hand, spec, card) for card in refused):
            hands.append(hand)
            if len(hands) == samples:
                break
    while len(hands) < samples:
        hands.append((*held, *rnd.sample(cards_pool, size)))
    return {card: sum(_takes(hand, spec, card) for hand in hands) / samples for card in cards}


def _takes(hand: tuple[Card, ...], spec: PhaseSpec, card: Card) -> bool:
    """Whether a player holding ``hand`` would take ``card`` from the discard pile: a Wild
    always, and a card that brings the phase closer (normal's rule; hard also takes some
    for their outs, which costs forty times as much to ask of a sampled hand).

    With ``card`` the hand holds more cards than any phase uses, so some card is spare and
    throwing it costs nothing: the hand with ``card`` is closer exactly when it is closer
    before the throw."""
    if card.is_wild:
        return True
    return card.is_natural and cards_missing((*hand, card), spec) < cards_missing(hand, spec)


def _unseen(seen: PlayerView) -> Counter[Card]:
    """The cards of the deck the viewer has not seen in play: not in its hand, not laid,
    not on top of the discard pile."""
    pool = Counter(seen.options.ruleset().deck)
    pool.subtract(seen.hand)
    for player in seen.players:
        for group in player.groups:
            pool.subtract(group.cards)
    if seen.discard_top is not None:
        pool.subtract([seen.discard_top])
    return +pool


def _near_run(card: Card, runs: Sequence[Group]) -> int:
    """1 when ``card`` is two steps beyond a run's end (of its colour, for a colour run)."""
    if not card.is_natural:
        return 0
    for group in runs:
        color = group.color if group.kind is GroupKind.COLOR_RUN else None
        if color is not None and card.fixed_color not in (None, color):
            continue
        if card.number in (group.start - 2, group.end + 2):
            return 1
    return 0


# --- the Flip edition: what a flip would deal ------------------------------------------------


def _discard_flip(
    seen: PlayerView, hard: Heuristic, discards: Sequence[Discard], rnd: random.Random, samples: int
) -> Discard:
    """Hard's discard, with a flip weighed by sampled deals instead of hard's estimate.

    A flip turns every hand over: the expert's hand becomes its cards' backs, which it
    cannot see but can sample (``_sample_backs``).  The flip is worth the average distance
    from the phase over the samples; it still never hands an opponent a whole phase
    (hard's rule, the hands a flip gives the others are on the table)."""
    stuck = heuristics.is_stuck(seen)
    daring = stuck and rnd.random() < 0.125
    spec = seen.me.phase_spec
    costs: dict[Discard, tuple[float, float, int]] = {}
    for action in discards:
        wild, missing, points = hard.discard_cost(seen, action.card, stuck, daring)
        value: float = missing
        if action.card.flips and not stuck:
            gifts = 10 * heuristics.phases_given(seen) if not daring else 0
            rest = heuristics.without(seen.hand, action.card)
            value = gifts + _sampled_missing(rest, spec, rnd, samples)
        costs[action] = (wild, value, points)
    tied, order = heuristics.ranked_ties(seen, costs)
    return min(tied, key=order)


def _sampled_missing(hand: tuple[Card, ...], spec: PhaseSpec, rnd: random.Random, samples: int) -> float:
    """The average distance from ``spec`` of the hands a flip could turn ``hand`` into."""
    total = 0
    for _ in range(samples):
        total += cards_missing(_sample_backs(hand, rnd), spec)
    return total / samples


def _sample_backs(hand: tuple[Card, ...], rnd: random.Random) -> tuple[Card, ...]:
    """One guess at the other side of ``hand``: each face's back drawn, without
    repeats, from the backs the printed deck puts behind that face."""
    backs: list[Card] = []
    drawn: dict[Card, list[Card]] = {}
    for card in hand:
        pool = drawn.get(card)
        if pool is None:
            pool = drawn[card] = list(_backs_of(card))
        if not pool:  # more of this face than the deck prints: keep it as it is
            backs.append(card)
            continue
        backs.append(pool.pop(rnd.randrange(len(pool))))
    return tuple(backs)


@lru_cache(maxsize=512)
def _backs_of(face: Card) -> tuple[Card, ...]:
    """Every back the Flip deck prints behind ``face`` (as its holder sees it), either way up."""
    from .rules import FLIP

    found: list[Card] = []
    for printed in FLIP.deck:
        for card in (printed, printed.turned()):
            back = card.back
            if back is not None and card.shown == face:
                found.append(back)
    return tuple(found)
