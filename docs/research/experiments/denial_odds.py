# Research, unmaintained: not linted, type-checked or tested (docs/ is outside the lint's
# SOURCES), and it patches the engine's private names with unittest.mock, so it may break
# when the engine changes. Kept to reproduce the figures of docs/research/2026-11-expert.md:
# the table of "How much the samples can know", in "Denial in the expert".
# Run from the repository's root: .venv/bin/python docs/research/experiments/denial_odds.py
# (In benchmarks/, where it was written and run, it was .venv/bin/python benchmarks/denial_odds.py.)
# It imports only the engine (phase10, on the path through .venv's ten-phases.pth;
# another Python needs PYTHONPATH=engine) and nothing from benchmarks/.
# `from ceilings import the_truth` finds ceilings.py in this folder, the script's own.
"""How well does the expert's denial guess what the next player would take?

    .venv/bin/python docs/research/experiments/denial_odds.py [--games N] [--seed S] [--samples K ...]

Plays seeded 2-player classic games of the expert against hard (seeds S+1 ... S+N,
the expert's seat alternating) and saves every moment where the expert weighs
denial (each call of ``expert._take_odds``, with what ``expert._denying`` weighs),
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
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from unittest import mock

from ceilings import the_truth
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
    tied: tuple[Discard, ...]  # the discards as good
    rest: dict[Discard, tuple[int, ...]]  # hard's order among them
    cards: frozenset[Card]  # those denial weighs
    truth: tuple[Card, ...]  # the next player's hand


Odds = Callable[[Moment, random.Random], dict[Card, float]]


def collect(games: int, seed: int) -> list[Moment]:
    """The moments of the games where the expert asks how likely the next player is to take
    each card (``expert._take_odds``), with what ``expert._denying`` was weighing then."""
    moments: list[Moment] = []
    now: list[GameState] = []
    weighing: list[tuple[Any, ...]] = []
    weigh, sample = expert._denying, expert._take_odds

    def noting(*args: Any) -> Discard:
        weighing.append(args)
        try:
            return weigh(*args)
        finally:
            weighing.pop()

    def noted(seen: PlayerView, following: PublicPlayer, cards: set[Card], *rest: Any) -> dict[Card, float]:
        _, _, choice, tied, order, *_ = weighing[-1]
        truth = now[-1].players[following.seat].hand
        ranks = {a: order(a) for a in tied}
        moments.append(Moment(seen, following, choice, tuple(tied), ranks, frozenset(cards), truth))
        return sample(seen, following, cards, *rest)

    with mock.patch.object(expert, "_denying", noting), mock.patch.object(expert, "_take_odds", noted):
        for game in range(games):
            config = GameConfig(("P1", "P2"), seed + 1 + game, Options(), first_dealer=game % 2)
            kinds = ("expert", "hard") if game % 2 == 0 else ("hard", "expert")
            players = {seat: Bot(Level(kinds[seat]), bot_seed(config, seat)) for seat in range(2)}
            state = new_game(config)
            while not state.is_over:
                seat = state.current if state.step is not Step.HAND_OVER else 0
                now[:] = [state]
                state = apply(state, players[seat].choose(view(state, seat)))
    return moments


def sampled(samples: int) -> Odds:
    def odds(moment: Moment, rnd: random.Random) -> dict[Card, float]:
        return expert._take_odds(moment.seen, moment.following, set(moment.cards), rnd, samples)

    return odds


def told(moment: Moment, rnd: random.Random) -> dict[Card, float]:
    return the_truth(moment.truth)(moment.seen, moment.following, set(moment.cards), rnd, 0)


def thrown(moment: Moment, odds: dict[Card, float]) -> Discard:
    """The expert's discard at ``moment`` had its samples given ``odds``."""
    with mock.patch.object(expert, "_take_odds", lambda *_: odds):
        seen, following, rest = moment.seen, moment.following, moment.rest.__getitem__
        return expert._denying(seen, following, moment.choice, moment.tied, rest, _UNUSED, 0)


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
            for card in moment.cards:
                squared += (guess[card] - expert._takes(moment.truth, spec, card)) ** 2
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
    rates = [expert._takes(m.truth, m.following.phase_spec, card) for m in moments for card in m.cards]
    base = sum(rates) / len(rates)
    constant = base * (1 - base)
    print(f"{len(moments)} moments; a candidate is taken {base:.1%} (constant Brier {constant:.3f})")
    print("| guess | the card thrown is taken | Brier score |\n| --- | --- | --- |")
    score("hard's discard (no denial)", moments, None)
    for samples in args.samples:
        score(f"{samples} samples", moments, sampled(samples))
    every = 1_000  # more than a hand ever declines
    for recent, words in ((0, "refusing nothing declined"), (every, "refusing every card declined")):
        with mock.patch.object(expert, "_RECENT", recent):
            score(f"{args.samples[0]} samples, {words}", moments, sampled(args.samples[0]))
    score("the true hand", moments, told)


if __name__ == "__main__":
    main()
