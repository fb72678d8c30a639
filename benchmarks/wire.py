"""What a table over several phones sends (issue 38): a seat's view message, its bytes and
the time to write and read it, over whole random games of each kind.

    .venv/bin/python benchmarks/wire.py [--games 5]

Each state of each game is sent to every seat, as the host would after every action.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from phase10 import GameConfig, Options, apply, new_game
from phase10.phaselists import random_list
from phase10.simulate import play_random_game
from phase10.wire import read_message, view_for, write_message

TABLES = {
    "classic, 4 players": lambda seed: GameConfig(("A", "B", "C", "D"), seed),
    "Flip, 4 players": lambda seed: GameConfig(("A", "B", "C", "D"), seed, Options(edition="flip")),
    # Random play on a list of hard phases can go on for thousands of turns: first to 3.
    "own list, any order, 6 players": lambda seed: GameConfig(
        ("A", "B", "C", "D", "E", "F"),
        seed,
        Options(phase_list=random_list(6, seed), any_order=True, phases_to_win=3),
    ),
}


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def measure(name: str, games: int) -> None:
    sizes: list[float] = []
    writes: list[float] = []
    reads: list[float] = []
    turns = 0
    for seed in range(1, games + 1):
        config = TABLES[name](seed)
        report = play_random_game(config, random.Random(seed), check=False)
        state = new_game(config)
        for action in (None, *report.actions):
            if action is not None:
                state = apply(state, action)
                turns += 1
            for seat in range(len(state.players)):
                started = time.perf_counter()
                text = write_message(view_for(state, seat, turns))
                written = time.perf_counter()
                read_message(text)
                writes.append((written - started) * 1000)
                reads.append((time.perf_counter() - written) * 1000)
                sizes.append(len(text.encode()))
    per_action = sum(sizes) / max(turns, 1)
    print(
        f"{name:32} {len(sizes):7} views  bytes p50 {statistics.median(sizes):6.0f} p95 {pct(sizes, 95):6.0f}"
        f" max {max(sizes):6.0f}  per action, all seats {per_action:7.0f}"
        f"  write p50/p95 {statistics.median(writes):.2f}/{pct(writes, 95):.2f} ms"
        f"  read p50/p95 {statistics.median(reads):.2f}/{pct(reads, 95):.2f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    games = parser.parse_args().games
    for name in TABLES:
        measure(name, games)


if __name__ == "__main__":
    main()
