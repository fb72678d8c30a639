"""``python -m phase10 judge`` and ``python -m phase10 simulate``."""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections.abc import Sequence
from dataclasses import replace

from .phaselists import decode, encode, random_list
from .rules import EDITIONS, MAX_PLAYERS, MIN_PLAYERS, GameConfig, Options, SetupError
from .simulate import SimulationError, guided_choice, parse_variations, play_random_game


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
    simulate.add_argument("--edition", choices=sorted(EDITIONS), default="classic")
    _list_arguments(simulate)
    simulate.add_argument(
        "--play",
        choices=("random", "guided"),
        default=None,
        help="random legal play, or guided random play (the default with an own list: ruling 31"
        " allows phases random play would almost never make)",
    )
    tournament = commands.add_parser("tournament", help="seeded games between bot levels")
    tournament.add_argument("--games", type=int, default=100)
    tournament.add_argument("--players", type=int, default=None, help="defaults to the number of seats")
    tournament.add_argument(
        "--seats",
        default="hard,normal",
        help="comma-separated: random, easy, normal, hard (cycled to --players)",
    )
    tournament.add_argument("--seed", type=int, default=0)
    tournament.add_argument("--variation", action="append", default=[])
    tournament.add_argument("--edition", choices=sorted(EDITIONS), default="classic")
    _list_arguments(tournament)
    args = parser.parse_args(argv)
    if args.command == "tournament":
        return _tournament(parser, args)
    if args.command == "judge":
        from .judge import main as judge

        return judge()
    return _simulate(parser, args)


def _list_arguments(command: argparse.ArgumentParser) -> None:
    lists = command.add_mutually_exclusive_group()
    lists.add_argument("--phases", metavar="CODE", help="play a table's own phase list, by its share code")
    lists.add_argument(
        "--random-phases",
        metavar="SEED",
        type=int,
        help="play a list dealt by chance for each game, from SEED plus the game's number",
    )
    command.add_argument(
        "--phase-count", type=int, default=10, help="the phases of a list dealt by chance (default 10)"
    )


def _checked_options(parser: argparse.ArgumentParser, args: argparse.Namespace, players: int) -> Options:
    """The options of --variation, --edition and --phases, once --players and --games are
    checked (errors exit).  With --random-phases, those of the first game."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        parser.error(f"--players must be from {MIN_PLAYERS} to {MAX_PLAYERS}")
    if args.games < 1:
        parser.error("--games must be at least 1")
    try:
        options = replace(parse_variations(args.variation), edition=args.edition)
        if args.phases is not None:
            options = replace(options, phase_list=decode(args.phases, args.edition))
        return _options_of_game(args, options, 0)
    except (ValueError, SetupError) as error:
        parser.error(str(error))


def _options_of_game(args: argparse.Namespace, options: Options, game: int) -> Options:
    """``options`` with game ``game``'s list dealt by chance, when --random-phases asks for one."""
    if args.random_phases is None:
        return options
    dealt = random_list(args.phase_count, (args.random_phases + game) % 2**64, args.edition)
    return replace(options, phase_list=dealt)


def _simulate(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    options = _checked_options(parser, args, args.players)
    names = tuple(f"P{seat + 1}" for seat in range(args.players))
    hands = turns = actions = 0
    seconds: list[float] = []
    wins = [0] * args.players
    guided = args.play == "guided" or (
        args.play is None and (args.phases is not None or args.random_phases is not None)
    )
    for game in range(args.games):
        seed = args.seed + game
        config = GameConfig(
            names, seed, _options_of_game(args, options, game), first_dealer=seed % args.players
        )
        try:
            if guided:
                report = play_random_game(config, random.Random(seed), policy=guided_choice)
            else:
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
    _print_lists(args, options)
    if guided:
        print("play: guided random play (keeps the cards its phase needs, most of the time)")
    print(f"hands: {hands} ({hands / args.games:.1f} a game)  turns: {turns}  actions: {actions}")
    print(
        f"time: {total:.2f} s, {1000 * total / args.games:.1f} ms a game "
        f"(median {1000 * statistics.median(seconds):.1f} ms), invariants checked after every action"
    )
    print("wins by seat: " + " ".join(f"{name}={count}" for name, count in zip(names, wins, strict=True)))
    print("all invariants held")
    return 0


def _tournament(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from .tournament import SEAT_KINDS, run_tournament, wilson_interval

    seats = [kind.strip().lower() for kind in args.seats.split(",") if kind.strip()]
    unknown = [kind for kind in seats if kind not in SEAT_KINDS]
    if not seats or unknown:
        parser.error(f"--seats takes {', '.join(SEAT_KINDS)}, not {', '.join(unknown) or 'nothing'}")
    players = args.players or len(seats)
    options = _checked_options(parser, args, players)
    kinds = [seats[seat % len(seats)] for seat in range(players)]
    report = run_tournament(
        args.games, kinds, args.seed, options, options_for=lambda game: _options_of_game(args, options, game)
    )
    print(f"games: {report.games}  seats: {', '.join(kinds)}  options: {', '.join(options.describe())}")
    _print_lists(args, options)
    print(f"{'seat kind':<10} {'seats':>6} {'wins':>6} {'win rate per seat':>18}   95% interval")
    for kind in dict.fromkeys(kinds):
        seat_games = report.seats[kind]
        wins = report.wins[kind]
        low, high = wilson_interval(wins, seat_games)
        print(f"{kind:<10} {seat_games:>6} {wins:>6} {wins / seat_games:>17.1%}   {low:.1%} - {high:.1%}")
    print("time per decision (ms):")
    for kind, times in report.decision_seconds.items():
        ordered = sorted(times)
        p50 = 1000 * ordered[len(ordered) // 2]
        p95 = 1000 * ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
        worst = 1000 * ordered[-1]
        print(f"  {kind:<10} {len(ordered):>7} decisions  p50 {p50:.2f}  p95 {p95:.2f}  max {worst:.2f}")
    return 0


def _print_lists(args: argparse.Namespace, options: Options) -> None:
    if args.random_phases is not None:
        print(
            f"phases: a list of {args.phase_count} dealt by chance for each game, seeds {args.random_phases}"
            f" to {args.random_phases + args.games - 1} (the first: {encode(options.played_list())})"
        )
    elif options.phase_list is not None:
        print(f"phases: {encode(options.phase_list)}")


if __name__ == "__main__":
    raise SystemExit(main())
