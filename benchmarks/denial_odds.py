"""How well does the expert's denial guess what the next player would take?

    .venv/bin/python benchmarks/denial_odds.py [--games N] [--seed S] [--samples K ...]

Plays seeded 2-player classic games of the expert against hard (seeds S+1 ... S+N,
the expert's seat alternating) and saves every moment where the expert weighs
denial (``expert._denying``, with at least two numbered cards to choose from),
with the next player's true hand.  Then, on those same moments, it scores ways of
guessing: for each, how often the card the expert would throw would in truth be
taken (by ``expert._takes``, the rule the samples are asked), and the Brier score
of its odds (mean squared error of each candidate's predicted chance against what
the true hand does; the best constant guess scores ``p(1-p)``).

Rows: hard's own discard (no denial), the expert's sampling with each ``--samples``
count, the same refusing nothing declined (``_RECENT = 0``) or every card declined
this hand (all or nothing, as the 4 latest are), and the true hand (what the ``hand``
cheat of ``ceilings.py`` is told).  The games are played once; every row is scored on
the same moments, each with its own seeded sampling.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

from phase10 import expert
from phase10.actions import Discard
from phase10.bots import Bot, Level, bot_seed
from phase10.cards import Card
from phase10.game import apply, new_game
from phase10.rules import GameConfig, Options
from phase10.state import GameState, Step
from phase10.view import PlayerView, PublicPlayer, view


@dataclass(frozen=True)
class Moment:
    seen: PlayerView
    following: PublicPlayer
    choice: Discard  # hard's discard
    candidates: tuple[Discard, ...]
    rest: dict[Discard, tuple[int, ...]]  # hard's order among them
    truth: tuple[Card, ...]  # the next player's hand


Odds = Callable[[Moment, random.Random], dict[Card, float]]


def collect(games: int, seed: int) -> list[Moment]:
    moments: list[Moment] = []
    now: list[GameState] = []
    weigh = expert._denying

    def spy(
        seen: PlayerView,
        following: PublicPlayer,
        choice: Discard,
        tied: Sequence[Discard],
        rest: Callable[[Discard], tuple[int, ...]],
        rnd: random.Random,
        samples: int,
    ) -> Discard:
        candidates = tuple(a for a in tied if not a.card.is_wild)
        if choice in candidates and len(candidates) >= 2:
            truth = now[-1].players[following.seat].hand
            ranks = {a: rest(a) for a in candidates}
            moments.append(Moment(seen, following, choice, candidates, ranks, truth))
        return weigh(seen, following, choice, tied, rest, rnd, samples)

    expert._denying = spy
    try:
        for game in range(games):
            config = GameConfig(("P1", "P2"), seed + 1 + game, Options(), first_dealer=game % 2)
            kinds = ("expert", "hard") if game % 2 == 0 else ("hard", "expert")
            players = {seat: Bot(Level(kinds[seat]), bot_seed(config, seat)) for seat in range(2)}
            state = new_game(config)
            while not state.is_over:
                seat = state.current if state.step is not Step.HAND_OVER else 0
                now.append(state)
                state = apply(state, players[seat].choose(view(state, seat)))
                now.clear()
    finally:
        expert._denying = weigh
    return moments


def sampled(samples: int) -> Odds:
    def odds(moment: Moment, rnd: random.Random) -> dict[Card, float]:
        cards = {a.card for a in moment.candidates}
        return expert._take_odds(moment.seen, moment.following, cards, rnd, samples)

    return odds


def told(moment: Moment, rnd: random.Random) -> dict[Card, float]:
    spec = moment.following.phase_spec
    return {a.card: float(expert._takes(moment.truth, spec, a.card)) for a in moment.candidates}


@contextmanager
def refusing(recent: int) -> Iterator[None]:
    kept = expert._RECENT
    expert._RECENT = recent
    try:
        yield
    finally:
        expert._RECENT = kept


def thrown(moment: Moment, odds: dict[Card, float]) -> Discard:
    """The expert's discard at ``moment`` had its samples given ``odds``."""
    sampled = expert._take_odds
    expert._take_odds = lambda *_: odds
    try:
        seen, following, rest = moment.seen, moment.following, moment.rest.__getitem__
        return expert._denying(seen, following, moment.choice, moment.candidates, rest, _UNUSED, 0)
    finally:
        expert._take_odds = sampled


_UNUSED = random.Random(0)  # the odds are given: nothing is sampled


def score(name: str, moments: list[Moment], odds: Odds | None) -> None:
    rnd = random.Random(7)
    taken = 0
    squared = 0.0
    counted = 0
    for moment in moments:
        spec = moment.following.phase_spec
        if odds is None:
            card = moment.choice.card
        else:
            guess = odds(moment, rnd)
            for a in moment.candidates:
                squared += (guess[a.card] - expert._takes(moment.truth, spec, a.card)) ** 2
                counted += 1
            card = thrown(moment, guess).card
        taken += expert._takes(moment.truth, spec, card)
    brier = f"{squared / counted:.3f}" if counted else "-"
    print(f"| {name} | {taken / len(moments):.1%} | {brier} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=5000)
    parser.add_argument("--samples", type=int, nargs="+", default=[12, 48])
    args = parser.parse_args()
    moments = collect(args.games, args.seed)
    rates = [expert._takes(m.truth, m.following.phase_spec, a.card) for m in moments for a in m.candidates]
    base = sum(rates) / len(rates)
    constant = base * (1 - base)
    print(f"{len(moments)} moments; a candidate is taken {base:.1%} (constant Brier {constant:.3f})")
    print("| guess | the card thrown is taken | Brier score |\n| --- | --- | --- |")
    score("hard's discard (no denial)", moments, None)
    for samples in args.samples:
        score(f"{samples} samples", moments, sampled(samples))
    every = 1_000  # more than a hand ever declines
    for recent, words in ((0, "refusing nothing declined"), (every, "refusing every card declined")):
        with refusing(recent):
            score(f"{args.samples[0]} samples, {words}", moments, sampled(args.samples[0]))
    score("the true hand", moments, told)


if __name__ == "__main__":
    main()
