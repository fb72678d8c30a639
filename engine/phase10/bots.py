"""Computer players that decide every step of a turn from a player's view alone.

A bot is given ``view(state, seat)``, exactly what a person in that seat could
see, and returns one of ``view.legal``.  Its randomness comes from its own seed
mixed with public facts of the moment, so a game of bots replays from its seed.

Levels:

- **easy** lays down and hits when it can, but draws blindly and discards
  carelessly;
- **normal** keeps the cards that bring its phase closer (and its Wilds), takes
  the discard when it helps, sheds its costliest cards once its phase is down,
  and skips the next player;
- **hard** also keeps the hand that the most different draws would improve,
  takes the discard for that too, does not throw the next player what they have
  been collecting (the cards they took from the discard pile) nor, once they
  have laid down, a card they could take and hit with; it lays its phase down
  keeping its Wilds and the cards it can hit with, and skips whoever is
  closest to winning.
- **expert** (``expert.py``) plays as hard does, and overrules it where a closer
  look pays: the lay-down that leaves the fewest cards after hitting, the cards
  kept near a run once laid, and in the Flip edition a flip weighed by sampling
  what it would deal.

In the Flip edition every bot reads what the table shows.  Discarding a Flip
card turns every hand to the side that faces the others, so a bot knows each
opponent's hand after a flip (``PublicPlayer.backs``) but not its own: normal
and hard never flip when that would hand someone a whole phase, and they flip
to trade their own hand for an unknown one when it is further from their phase
than the hands the flip would give the others (a fair sample of what a flip deals).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache

from .actions import Action, Discard, Draw, Hit, LayDown, NextHand, TakeDiscard
from .cards import COLORS, NUMBERS, Card, Side, parse_cards
from .finder import find_laydown
from .groups import hit_ends
from .rules import PERSON, GameConfig, GroupKind, GroupSpec, PhaseSpec
from .state import Step
from .view import PlayerView, PublicPlayer

__all__ = ["Bot", "Level", "bot_seed", "cards_missing", "fits_somewhere", "seat_bot", "without"]


class Level(Enum):
    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"
    EXPERT = "expert"


@dataclass(frozen=True, slots=True)
class Bot:
    level: Level
    seed: int = 0

    def choose(self, seen: PlayerView) -> Action:
        """The bot's action for the view's legal actions."""
        if not seen.legal:
            raise ValueError(f"seat {seen.seat} has nothing to decide now")
        if seen.step is Step.HAND_OVER:
            return NextHand()
        if self.level is Level.EXPERT:
            # Imported here: the expert builds on this module's reading of a hand.
            from .expert import expert_choice

            return expert_choice(seen, self.seed)
        rnd = random.Random(_moment(self.seed, seen))
        if seen.step is Step.DRAW:
            return self._draw(seen, rnd)
        return self._play(seen, rnd)

    # --- drawing ------------------------------------------------------------------------

    def _draw(self, seen: PlayerView, rnd: random.Random) -> Action:
        top = seen.discard_top
        if TakeDiscard() not in seen.legal or top is None:
            return Draw()
        if self.level is Level.EASY:
            return TakeDiscard() if top.is_wild and rnd.random() < 0.5 else Draw()
        if top.is_wild:
            return TakeDiscard()
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
            outs_now = _outs(seen.hand, spec, now)
            best_outs = max(_outs(hand, spec, now) for hand in kept if cards_missing(hand, spec) == now)
            return TakeDiscard() if best_outs >= outs_now + 2 else Draw()
        return Draw()

    # --- laying down, hitting, discarding -----------------------------------------------

    def _play(self, seen: PlayerView, rnd: random.Random) -> Action:
        lays = [a for a in seen.legal if isinstance(a, LayDown)]
        if lays:
            if self.level is Level.HARD:
                return min(lays, key=lambda lay: _left_over(seen, lay))
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
            return rnd.choice(careless)
        stuck = _stuck(seen)
        # Now and then a stuck bot flips even when it gives a phase away: two bots each
        # waiting on the other's flip would otherwise play the hand for ever.
        daring = stuck and rnd.random() < 0.125
        costs = {a: self._discard_cost(seen, a.card, stuck, daring) for a in discards}
        if self.level is not Level.HARD:
            return min(discards, key=lambda a: costs[a])
        if seen.me.has_laid:
            # Nothing to build: shed the most points, but not a card the next player could use.
            return min(discards, key=lambda a: (*costs[a][:2], _feeds_next(seen, a.card), costs[a][2]))
        # Among the cards that leave the phase equally close, keep the hand that the most
        # different draws would improve, and do not throw the next player a card they could
        # use. (Only the ties are weighed: it is the slow part.)
        closest = min(cost[:2] for cost in costs.values())
        spec = seen.me.phase_spec
        return min(
            (a for a, cost in costs.items() if cost[:2] == closest),
            key=lambda a: (
                -_outs(without(seen.hand, a.card), spec, closest[1]),
                _feeds_next(seen, a.card),
                costs[a][2],
            ),
        )

    def _discard_cost(
        self, seen: PlayerView, card: Card, stuck: bool = False, daring: bool = False
    ) -> tuple[int, int, int]:
        """Lower is a better card to throw away (hard refines ties in ``_discard``).

        ``stuck``: the bot cannot get closer to its phase without a flip (see ``_stuck``);
        ``daring``: it flips even if that hands someone their phase."""
        points = seen.options.ruleset().points(card)
        wild = 1 if card.is_wild or card.is_star else 0
        flips = card.flips and seen.options.ruleset().two_sided
        gifts = 10 * _phases_given(seen) if flips and not daring else 0
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


def bot_seed(config: GameConfig, seat: int) -> int:
    """The seed of the bot in ``seat``: from the game's seed, so the game replays with it."""
    return (config.seed * 7 + seat) % 2**64


def seat_bot(config: GameConfig, seat: int) -> Bot | None:
    """The computer player of ``seat``, or None when a person plays it."""
    kind = config.kinds[seat]
    return None if kind == PERSON else Bot(Level(kind), bot_seed(config, seat))


# --- what the bots see in a hand ---------------------------------------------------------


def _moment(seed: int, seen: PlayerView) -> int:
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


def _phases_given(seen: PlayerView) -> int:
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


def _stuck(seen: PlayerView) -> bool:
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


def _seats_after(seen: PlayerView) -> list[int]:
    count = len(seen.players)
    return [(seen.seat + step) % count for step in range(1, count)]


def _threat(player: PublicPlayer) -> tuple[int, int, int]:
    """How close a player is to winning: phases done, then a phase down, then fewest cards."""
    return (player.phases_completed, int(player.has_laid), -player.hand_count)


def _feeds_next(seen: PlayerView, card: Card) -> int:
    """How much the next player would like this card on the discard pile: 2 when they have
    laid down and could hit with it, 1 when they have been taking cards like it, else 0."""
    if not card.is_natural:
        return 0
    following = seen.players[_seats_after(seen)[0]]
    if following.has_laid and fits_somewhere(seen, card):
        return 2
    for taken in following.taken:
        if taken.is_natural and (taken.number == card.number or taken.color is card.color):
            return 1
    return 0


def _left_over(seen: PlayerView, lay: LayDown) -> tuple[int, int, int]:
    """How hard the hand left after ``lay`` is to get rid of: its numbered cards (a Wild can
    always be hit later), then fewer Wilds kept, then its points."""
    rest = list(seen.hand)
    for card in lay.cards:
        rest.remove(card)
    wilds = sum(1 for card in rest if card.is_wild)
    points = sum(seen.options.ruleset().points(card) for card in rest)
    return (len(rest) - wilds, -wilds, points)


def _outs(hand: tuple[Card, ...], phase: PhaseSpec, missing: int) -> int:
    """How many different cards, drawn next, would bring ``hand`` closer to ``phase``."""
    if missing == 0:
        return 0
    return sum(1 for probe in _probes(hand, phase) if cards_missing((*hand, probe), phase) < missing)


def _probes(hand: tuple[Card, ...], phase: PhaseSpec) -> list[Card]:
    """One card of each kind a draw could bring, as far as the phase can tell them apart."""
    kinds = {spec.kind for spec in phase.groups}
    if GroupKind.COLOR_RUN in kinds:
        if any(card.side is Side.WILD for card in hand):
            return list(_WILD_NUMBERS)
        return _color_side_probes(hand, phase)
    if GroupKind.COLOR in kinds:
        return [Card.number_card(color, 1) for color in COLORS]
    return [Card.number_card(COLORS[0], n) for n in NUMBERS]


def _color_side_probes(hand: tuple[Card, ...], phase: PhaseSpec) -> list[Card]:
    """The Colour Side cards that could bring a hand closer: a number it holds (for a set),
    or a card near one it holds of the same colour (for a colour run)."""
    reach = max(spec.size for spec in phase.groups if spec.kind is GroupKind.COLOR_RUN)
    held = [card for card in hand if card.is_natural]
    probes = {Card.number_card(COLORS[0], card.number) for card in held}
    for card in held:
        low, high = max(NUMBERS[0], card.number - reach + 1), min(NUMBERS[-1], card.number + reach - 1)
        probes.update(Card.number_card(card.color, n) for n in range(low, high + 1) if n != card.number)
    return sorted(probes)


_WILD_NUMBERS = parse_cards(" ".join(str(n) for n in NUMBERS))


# Counts of cards by number are lists indexed by the number itself: slot 0 stays unused.
_SLOTS = NUMBERS.stop


def cards_missing(hand: Sequence[Card], phase: PhaseSpec) -> int:
    """How many more cards ``hand`` needs to make ``phase`` (0: it can lay down now)."""
    return _cards_missing(tuple(sorted(hand)), phase)


# A hard bot weighs the same few hands many times over in one decision, and again on
# the next turn: remembering the answers makes its decisions several times faster.
@lru_cache(maxsize=1 << 16)
def _cards_missing(hand: tuple[Card, ...], phase: PhaseSpec) -> int:
    if any(spec.kind is GroupKind.COLOR_RUN for spec in phase.groups):
        return _cards_missing_flip(hand, phase)
    wilds = 0
    by_number = [0] * _SLOTS
    by_color = [0] * len(COLORS)
    for card in hand:
        if card.is_wild:
            wilds += 1
        elif card.is_natural:
            by_number[card.number] += 1
            by_color[card.color.index] += 1
    best = _missing(phase.groups, 0, by_number, by_color)
    return max(0, best - wilds)


def _missing(specs: tuple[GroupSpec, ...], index: int, by_number: list[int], by_color: list[int]) -> int:
    """Fewest cards short of ``specs[index:]``, before Wilds (each group needs a natural card)."""
    if index == len(specs):
        return 0
    spec = specs[index]
    size = spec.size
    best = 10**6
    if spec.kind is GroupKind.SET:
        # The three numbers held most often are the only sets worth weighing.
        held = sorted((n for n in NUMBERS if by_number[n]), key=lambda n: -by_number[n])[:3]
        for number in held:
            used = min(by_number[number], size)
            by_number[number] -= used
            best = min(best, size - used + _missing(specs, index + 1, by_number, by_color))
            by_number[number] += used
    elif spec.kind is GroupKind.RUN:
        for start in range(NUMBERS[0], _SLOTS + 1 - size):
            present = [n for n in range(start, start + size) if by_number[n]]
            if not present:
                continue
            for n in present:
                by_number[n] -= 1
            best = min(best, size - len(present) + _missing(specs, index + 1, by_number, by_color))
            for n in present:
                by_number[n] += 1
    else:
        for color, held_count in enumerate(by_color):
            used = min(held_count, size)
            if used == 0:
                continue
            by_color[color] -= used
            best = min(best, size - used + _missing(specs, index + 1, by_number, by_color))
            by_color[color] += used
    if best == 10**6:  # no natural card for this group yet: all of it is missing
        best = size + _missing(specs, index + 1, by_number, by_color)
    return best


# --- the Flip edition's phases: sets and colour runs, of cards that may fix only one of number and colour


_ANY = 4  # the row of counts for numbered cards of any colour (the Wild Side's)


def _cards_missing_flip(hand: tuple[Card, ...], phase: PhaseSpec) -> int:
    """``cards_missing`` for sets and colour runs, where a Colour Side Star fills a run of
    its own colour only (or any set), and a Wild Side Star fills anything."""
    color_stars = [0] * _ANY
    free_stars = 0
    counts = [[0] * _SLOTS for _ in range(_ANY + 1)]
    for card in hand:
        color = card.fixed_color
        if card.is_numbered:
            counts[_ANY if color is None else color.index][card.number] += 1
        elif color is not None:
            color_stars[color.index] += 1
        elif not card.is_skip:
            free_stars += 1
    totals = [sum(row[n] for row in counts) for n in range(_SLOTS)]
    runs = tuple(spec.size for spec in phase.groups if spec.kind is GroupKind.COLOR_RUN)
    sets = sorted((spec.size for spec in phase.groups if spec.kind is GroupKind.SET), reverse=True)
    stars = _Stars(tuple(color_stars), free_stars)
    return _runs_short(runs, 0, counts, totals, sets, (-1, 0), (), stars)


@dataclass(frozen=True, slots=True)
class _Stars:
    by_color: tuple[int, ...]  # Colour Side Stars, by colour index
    free: int  # Wild Side Stars


def _runs_short(
    runs: tuple[int, ...],
    index: int,
    counts: list[list[int]],
    totals: list[int],
    sets: list[int],
    after: tuple[int, int],
    placed: tuple[tuple[int | None, int], ...],
    stars: _Stars,
) -> int:
    """Fewest cards short of the colour runs ``runs[index:]`` and then the sets.

    Runs are placed in turn (two runs of one size only in one order, ``after``), each
    on a colour and a start where the hand holds a card for it, or with no card yet;
    ``placed`` keeps each placed run's colour and how short it is.  The sets then take
    the numbers held most, and the Stars fill what they can (``_shortfall``).
    """
    if index == len(runs):
        return _shortfall(placed, totals, sets, stars)
    size = runs[index]
    best = _runs_short(runs, index + 1, counts, totals, sets, after, (*placed, (None, size)), stars)
    same_as_last = index > 0 and runs[index - 1] == size
    any_row = counts[_ANY]
    for color in [c for c in range(_ANY) if any(counts[c])] or [0]:
        for start, taken in _run_windows(counts[color], any_row, size):
            if same_as_last and (color, start) < after:
                continue
            for row, n in taken:
                row[n] -= 1
                totals[n] -= 1
            run = (color, size - len(taken))
            best = min(
                best,
                _runs_short(runs, index + 1, counts, totals, sets, (color, start), (*placed, run), stars),
            )
            for row, n in taken:
                row[n] += 1
                totals[n] += 1
    return best


def _shortfall(
    placed: tuple[tuple[int | None, int], ...], totals: list[int], sets: list[int], stars: _Stars
) -> int:
    """Cards short once the sets take the numbers held most and the Stars fill in: each
    run takes Stars of its colour (a run with no card yet, of the colour with most left),
    the sets any colour's, and Wild Side Stars fill the rest.  A group with no card yet
    still needs one numbered card, which no Star can be."""
    left = list(stars.by_color)
    needs_number = 0
    colored = 0  # places in runs that no Colour Side Star fills
    flexible = 0  # places in sets, which any Star can fill
    for run_color, run_short in sorted(placed, key=lambda run: run[0] is None):
        color, short = run_color, run_short
        if color is None:  # a run still to start: one numbered card, and Stars of one colour
            needs_number += 1
            short -= 1
            color = max(range(_ANY), key=lambda c: left[c])
        used = min(short, left[color])
        left[color] -= used
        colored += short - used
    held = sorted(totals[1:], reverse=True)
    for have, size in zip(held, sets, strict=False):
        if have:
            flexible += size - min(size, have)
        else:
            needs_number += 1
            flexible += size - 1
    flexible = max(0, flexible - sum(left))
    return needs_number + max(0, colored + flexible - stars.free)


def _run_windows(
    row_of_color: list[int], any_row: list[int], size: int
) -> list[tuple[int, list[tuple[list[int], int]]]]:
    """The places worth weighing for a colour run of ``size``: each start and the held cards
    it would use (its colour's cards first, then cards of any colour).  A place using only
    some of the cards another place uses is left out: a card counts once, in a run or a set,
    so using more is never worse."""
    colored = sum(1 << n for n in NUMBERS if row_of_color[n])
    held = colored | sum(1 << n for n in NUMBERS if any_row[n])
    span = (1 << size) - 1
    last = _SLOTS - size
    windows: list[tuple[int, list[tuple[list[int], int]]]] = []
    for start in range(1, last + 1):
        mask = held & span << start
        # The held cards a place uses run along with it: one using no more than the place
        # before it, or less than the place after it, is never the better choice.
        if not mask or (start > 1 and mask & ~(held & span << (start - 1)) == 0):
            continue
        after = held & span << (start + 1) if start < last else 0
        if mask != after and mask & ~after == 0:
            continue
        rows = [row_of_color if colored >> n & 1 else any_row for n in range(start, start + size)]
        taken = [(row, n) for row, n in zip(rows, range(start, start + size), strict=True) if mask >> n & 1]
        windows.append((start, taken))
    return windows
