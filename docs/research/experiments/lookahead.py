# Research, unmaintained: not linted, type-checked or tested (docs/ is outside the lint's
# SOURCES), and it patches the engine's private names with unittest.mock, so it may break
# when the engine changes. Kept to reproduce the figures of docs/research/2026-11-expert.md:
# "Playing its own draws ahead, on common random numbers".
# Run from the repository's root: .venv/bin/python docs/research/experiments/lookahead.py
# (In benchmarks/, where it was written and run, it was .venv/bin/python benchmarks/lookahead.py.)
# It imports only the engine (phase10, on the path through .venv's ten-phases.pth;
# another Python needs PYTHONPATH=engine) and nothing from benchmarks/.
"""Would the expert gain by playing its own next draws ahead? Paired games, classic edition.

    .venv/bin/python docs/research/experiments/lookahead.py [--first 1000] [--games 1000]
        [--players 2] [--samples 16] [--draws 6] [--near]

The look-ahead the issue of the expert suggested (sample the unseen cards, play a few
draws ahead), in the form that keeps its noise down: **common random numbers**.  While
its phase is not down, the expert weighs the discards that hard finds equally good (as
close to the phase; hard then counts each one's outs).  The variant draws ``--samples``
sequences of ``--draws`` cards from the cards it has not seen, the same sequences for
every candidate, and plays each candidate's hand through them: a drawn card is kept when
it brings the phase closer (throwing the card that leaves the fewest missing), else
thrown back.  The candidate whose hand makes its phase in the fewest draws on average is
thrown (hard's order breaks a tie), then denial weighs it as before.  With ``--near`` a
discard one card further from the phase may be thrown too, when its playouts make the
phase a quarter of a draw sooner than the best equally good one.

Each of the tournament's games (``tournament_game`` with seed 1: seed ``1 + game``, seats
rotating) is played twice, by the expert as committed and by the
variant, against hard.  A line per game (``G game expert variant``: 1 for a win), and
every 50 games the two tallies with the games only one of them won and the paired z.
"""

from __future__ import annotations

import argparse
import math
import random
from collections.abc import Callable, Sequence
from unittest import mock

from phase10 import bots, expert
from phase10.actions import Action, Discard
from phase10.bots import Bot
from phase10.cards import Card
from phase10.distance import cards_missing
from phase10.rules import GameConfig, Options, PhaseSpec
from phase10.tournament import play_bot_game, tournament_game
from phase10.view import PlayerView

_SOONER = 0.25  # --near: draws sooner on average that a card further from the phase must buy


def draws_to_phase(hand: tuple[Card, ...], spec: PhaseSpec, draws: Sequence[Card]) -> int:
    """How many of ``draws`` ``hand`` takes to make ``spec``, keeping a card only when it
    brings the phase closer; ``len(draws) + 1`` if it never does."""
    missing = cards_missing(hand, spec)
    for count, card in enumerate(draws, start=1):
        if missing == 0:
            return count - 1
        grown = (*hand, card)
        if cards_missing(grown, spec) < missing:
            rests = [bots.without(grown, spare) for spare in dict.fromkeys(grown) if not spare.is_wild]
            hand = min(rests, key=lambda rest: cards_missing(rest, spec))
            missing = cards_missing(hand, spec)
    return len(draws) if missing == 0 else len(draws) + 1


def _sequences(seen: PlayerView, samples: int, draws: int) -> list[list[Card]]:
    """The common random numbers: ``samples`` draw sequences from the cards not seen,
    seeded by the moment's public facts so that a game replays."""
    pool = list(expert._unseen(seen).elements())
    rnd = random.Random(bots.moment(seen.seat * 7919 + 17, seen))
    return [rnd.sample(pool, min(draws, len(pool))) for _ in range(samples)]


def looking_ahead(samples: int, draws: int, near: bool) -> Callable[..., Action]:
    """``expert._discard_building`` with the playouts ranking hard's equally good discards."""

    def discard_building(
        seen: PlayerView, hard: Bot, discards: Sequence[Discard], rnd: random.Random, deny: int
    ) -> Action:
        spec = seen.me.phase_spec
        costs = {a: hard.discard_cost(seen, a.card) for a in discards}
        tied, order = bots.ranked_ties(seen, costs)
        best = min(cost[:2] for cost in costs.values())
        further = [
            a for a, c in costs.items() if near and c[:2] == (best[0], best[1] + 1) and not a.card.is_wild
        ]
        weighed = [*tied, *further] if len(tied) > 1 or further else []
        sequences = _sequences(seen, samples, draws) if weighed else []
        # Draws summed over the shared sequences: the same order as their mean, in whole numbers.
        soon = {
            a: sum(draws_to_phase(bots.without(seen.hand, a.card), spec, s) for s in sequences)
            for a in weighed
        }
        key = (lambda a: (soon[a], *order(a))) if len(tied) > 1 else order
        choice = min(tied, key=key)
        if further:
            other = min(further, key=lambda a: (soon[a], costs[a][2]))
            if soon[other] < soon[choice] - _SOONER * samples:
                return other
        following = expert.denied_player(seen, deny)
        if following is None:
            return choice
        return expert._denying(seen, following, choice, tied, key, rnd, deny)

    return discard_building


def _expert_won(config: GameConfig, seating: list[str]) -> bool:
    final = play_bot_game(config, seating, config.seed)
    assert final.winner is not None
    return seating[final.winner] == "expert"


def play(first: int, games: int, players: int, variant: Callable[..., Action]) -> None:
    kinds = ("expert", *("hard",) * (players - 1))
    won = [0, 0]
    only = [0, 0]
    for game in range(first, first + games):
        config, seating = tournament_game(game, kinds, 1, Options(edition="classic"))
        committed = _expert_won(config, seating)
        with mock.patch.object(expert, "_discard_building", variant):
            varied = _expert_won(config, seating)
        won[0] += committed
        won[1] += varied
        only[0] += committed and not varied
        only[1] += varied and not committed
        print(f"G {game} {int(committed)} {int(varied)}", flush=True)
        played = game - first + 1
        if played % 50 == 0 or played == games:
            differ = sum(only)
            z = (only[1] - only[0]) / math.sqrt(differ) if differ else 0.0
            print(
                f"{played} games: expert {won[0]} ({won[0] / played:.1%}), variant {won[1]}"
                f" ({won[1] / played:.1%}); won only by the variant {only[1]}, only by the expert"
                f" {only[0]}; paired z {z:+.2f}",
                flush=True,
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=1000, help="the tournament's first game")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--samples", type=int, default=16, help="draw sequences, shared by the candidates")
    parser.add_argument("--draws", type=int, default=6, help="cards in each sequence")
    parser.add_argument("--near", action="store_true", help="also weigh a discard one card further")
    args = parser.parse_args()
    play(args.first, args.games, args.players, looking_ahead(args.samples, args.draws, args.near))


if __name__ == "__main__":
    main()
