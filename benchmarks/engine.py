"""Engine speed: the phase finder, legal_actions, and whole random games.

    .venv/bin/python benchmarks/engine.py [--hands 20000] [--games 200] [--seed 1]

``legal_actions`` and whole games are measured for each edition in turn, so the
Flip edition's figures compare with the classic ones from the same run.

Times are wall-clock on this machine, so the figures also give ratios measured
side by side in the same run (a game's share spent in the finder, etc.).
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time

from common import percentile
from phase10.cards import WILD, Card
from phase10.finder import enumerate_laydowns, find_laydown
from phase10.game import apply, legal_actions, new_game
from phase10.rules import CLASSIC, EDITIONS, GameConfig, Options
from phase10.simulate import play_random_game, random_choice


def random_hand(rnd: random.Random, wilds: int) -> tuple[Card, ...]:
    naturals = [card for card in CLASSIC.deck if card.is_natural]
    return tuple(sorted(rnd.sample(naturals, 11 - wilds) + [WILD] * wilds))


def bench_finder(rnd: random.Random, hands: int) -> dict[int, tuple[float, float, float, float]]:
    """Per Wild count: p50, p99, max of find_laydown over all ten phases, and hit rate."""
    results = {}
    for wilds in range(5):
        times: list[float] = []
        found = 0
        for _ in range(hands // 5):
            hand = random_hand(rnd, wilds)
            phase = CLASSIC.phase(rnd.randint(1, 10))
            started = time.perf_counter()
            result = find_laydown(hand, phase, CLASSIC)
            times.append(time.perf_counter() - started)
            found += result is not None
        results[wilds] = (
            statistics.median(times) * 1e3,
            percentile(times, 99) * 1e3,
            max(times) * 1e3,
            found / len(times),
        )
    return results


def bench_enumerate(rnd: random.Random, hands: int) -> tuple[float, float, float]:
    times: list[float] = []
    counts: list[int] = []
    for _ in range(hands):
        hand = random_hand(rnd, rnd.randint(0, 4))
        phase = CLASSIC.phase(rnd.randint(1, 10))
        started = time.perf_counter()
        counts.append(sum(1 for _ in enumerate_laydowns(hand, phase, CLASSIC)))
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1e3, percentile(times, 99) * 1e3, max(counts)


def bench_legal_actions(rnd: random.Random, games: int, edition: str) -> tuple[float, float, float, int]:
    times: list[float] = []
    states = 0
    for game in range(games):
        state = new_game(GameConfig(("A", "B", "C", "D"), 10_000 + game, Options(edition=edition)))
        while not state.is_over:
            started = time.perf_counter()
            legal = legal_actions(state)
            times.append(time.perf_counter() - started)
            states += 1
            state = apply(state, random_choice(legal, rnd))
    return statistics.median(times) * 1e6, percentile(times, 99) * 1e6, max(times) * 1e3, states


def bench_games(games: int, edition: str) -> tuple[float, float]:
    started = time.perf_counter()
    hands = 0
    for game in range(games):
        config = GameConfig(("A", "B", "C", "D"), game, Options(edition=edition))
        report = play_random_game(config, random.Random(game), check=False)
        hands += report.hands
    elapsed = time.perf_counter() - started
    return games / elapsed, hands / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rnd = random.Random(args.seed)
    print(f"Python {platform.python_version()} on {platform.machine()}, {platform.processor() or 'cpu'}")
    print(f"\nfind_laydown on random 11-card hands, a random phase 1-10 ({args.hands} hands)")
    print("wilds   p50 ms   p99 ms   max ms   found")
    all_p99 = []
    for wilds, (p50, p99, worst, rate) in bench_finder(rnd, args.hands).items():
        all_p99.append(p99)
        print(f"{wilds:>5} {p50:>8.3f} {p99:>8.3f} {worst:>8.3f} {rate:>7.1%}")
    p50, p99, most = bench_enumerate(rnd, args.hands // 10)
    print(f"\nenumerate_laydowns (every lay-down): p50 {p50:.3f} ms, p99 {p99:.3f} ms, most lay-downs {most}")
    for edition in EDITIONS:
        p50, p99, worst, states = bench_legal_actions(rnd, max(1, args.games // 5), edition)
        print(
            f"{edition}: legal_actions per state (4 players, {states} states):"
            f" p50 {p50:.0f} us, p99 {p99:.0f} us, max {worst:.1f} ms"
        )
        rate, hands = bench_games(args.games, edition)
        print(
            f"{edition}: whole random 4-player games: {rate:.1f} games/s,"
            f" {hands:.1f} hands a game (no invariant checks)"
        )


if __name__ == "__main__":
    main()
