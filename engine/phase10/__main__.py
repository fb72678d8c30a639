"""``python -m phase10 judge`` and ``python -m phase10 simulate``."""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections.abc import Sequence

from .rules import MAX_PLAYERS, MIN_PLAYERS, GameConfig, SetupError
from .simulate import SimulationError, parse_variations, play_random_game


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m phase10", description="Ten Phases rules engine")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("judge", help="answer rules questions: JSON Lines in, JSON Lines out")
    simulate = commands.add_parser("simulate", help="play random legal games, checking every invariant")
    simulate.add_argument("--games", type=int, default=100)
    simulate.add_argument("--players", type=int, default=4)
    simulate.add_argument("--seed", type=int, default=0)
    simulate.add_argument(
        "--variation",
        action="append",
        default=[],
        help="standard, ten-hands, even-phases, first-to-N, el-chavo (repeat or comma-separate)",
    )
    args = parser.parse_args(argv)
    if args.command == "judge":
        from .judge import main as judge

        return judge()
    return _simulate(parser, args)


def _simulate(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    if not MIN_PLAYERS <= args.players <= MAX_PLAYERS:
        parser.error(f"--players must be from {MIN_PLAYERS} to {MAX_PLAYERS}")
    if args.games < 1:
        parser.error("--games must be at least 1")
    try:
        options = parse_variations(args.variation)
    except (ValueError, SetupError) as error:
        parser.error(str(error))
    names = tuple(f"P{seat + 1}" for seat in range(args.players))
    hands = turns = actions = 0
    seconds: list[float] = []
    wins = [0] * args.players
    for game in range(args.games):
        seed = args.seed + game
        config = GameConfig(names, seed, options, first_dealer=seed % args.players)
        try:
            report = play_random_game(config, random.Random(seed))
        except SimulationError as failure:
            print(f"BROKEN INVARIANT in game {game + 1} (seed {seed}):\n{failure}", file=sys.stderr)
            return 1
        hands += report.hands
        turns += report.turns
        actions += len(report.actions)
        seconds.append(report.seconds)
        assert report.final.winner is not None
        wins[report.final.winner] += 1
    total = sum(seconds)
    print(f"games: {args.games}  players: {args.players}  options: {', '.join(options.describe())}")
    print(f"hands: {hands} ({hands / args.games:.1f} a game)  turns: {turns}  actions: {actions}")
    print(
        f"time: {total:.2f} s, {1000 * total / args.games:.1f} ms a game "
        f"(median {1000 * statistics.median(seconds):.1f} ms), invariants checked after every action"
    )
    print("wins by seat: " + " ".join(f"{name}={count}" for name, count in zip(names, wins, strict=True)))
    print("all invariants held")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
