"""Seeded games between bot levels: win rates with 95% confidence intervals, and
the time each decision takes."""

from __future__ import annotations

import math
import random
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from .bots import Bot, Level, bot_seed
from .game import apply, legal_actions, new_game
from .rules import GameConfig, Options
from .simulate import random_choice
from .state import GameState, Step
from .view import view

__all__ = [
    "MAX_TURNS_IN_A_HAND",
    "SEAT_KINDS",
    "StalledHandError",
    "TournamentReport",
    "play_bot_game",
    "run_tournament",
    "tournament_game",
    "wilson_interval",
]

# A seat is a bot level, or "random": uniformly random legal play (laying down and hitting when it can).
SEAT_KINDS = ("random", *(level.value for level in Level))

# The longest hand in 1,000 Flip games of hard against normal lasted 54 turns.  Bots that
# are repeating themselves would otherwise play one hand for ever; past this many turns a
# game stops with an error that names it, so it can be replayed and mended.
MAX_TURNS_IN_A_HAND = 5_000


class StalledHandError(RuntimeError):
    """A hand between bots went past ``MAX_TURNS_IN_A_HAND`` turns without ending."""


@dataclass
class TournamentReport:
    games: int = 0
    wins: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    seats: dict[str, int] = field(default_factory=lambda: defaultdict(int))  # seat-games per kind
    decision_seconds: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))


def wilson_interval(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return (max(0.0, centre - half), min(1.0, centre + half))


def play_bot_game(
    config: GameConfig,
    kinds: Sequence[str],
    seed: int,
    report: TournamentReport | None = None,
    max_turns: int = MAX_TURNS_IN_A_HAND,
) -> GameState:
    """One game with ``kinds[seat]`` playing each seat, to its end; StalledHandError if
    a hand goes past ``max_turns`` turns."""
    bots = {
        seat: Bot(Level(kind), bot_seed(config, seat)) for seat, kind in enumerate(kinds) if kind != "random"
    }
    rnd = random.Random(seed)
    state = new_game(config)
    while not state.is_over:
        seat = state.current if state.step is not Step.HAND_OVER else 0
        started = time.perf_counter()
        if seat in bots:
            action = bots[seat].choose(view(state, seat))
        else:
            action = random_choice(legal_actions(state), rnd)
        if report is not None and state.step is not Step.HAND_OVER:
            report.decision_seconds[kinds[seat]].append(time.perf_counter() - started)
        state = apply(state, action)
        if state.turns > max_turns:
            table = f"{config.options.edition}{_house_rules(config)}"
            raise StalledHandError(
                f"game seed={config.seed} ({', '.join(kinds)}, {table}): hand"
                f" {state.hand_number} went past {max_turns:,} turns; the bots are repeating themselves"
            )
    return state


def _house_rules(config: GameConfig) -> str:
    """A table's own rules, for an error that names its game: its list's code, any order."""
    from .phaselists import encode

    options = config.options
    own = "" if options.phase_list is None else f", phases {encode(options.phase_list)}"
    return own + (", any order" if options.any_order else "")


def tournament_game(
    game: int,
    kinds: Sequence[str],
    seed: int = 0,
    options: Options | None = None,
    options_for: Callable[[int], Options] | None = None,
) -> tuple[GameConfig, list[str]]:
    """Game number ``game`` of ``run_tournament``: its config (seed ``seed + game``, the
    deal passing round the table) and who plays each seat (``kinds`` rotated by ``game``).
    ``options_for(game)``, when given, gives each game its own options (a list of its own)."""
    if options_for is not None:
        options = options_for(game)
    players = len(kinds)
    shift = game % players
    seating = [kinds[(seat + shift) % players] for seat in range(players)]
    names = tuple(f"P{seat + 1}" for seat in range(players))
    config = GameConfig(names, seed + game, options or Options(), first_dealer=(game // players) % players)
    return config, seating


def run_tournament(
    games: int,
    kinds: Sequence[str],
    seed: int = 0,
    options: Options | None = None,
    options_for: Callable[[int], Options] | None = None,
) -> TournamentReport:
    """Seeded games; the seats rotate from game to game, so no kind keeps a seat.
    ``options_for(game)``, when given, gives each game its own options."""
    report = TournamentReport()
    for game in range(games):
        config, seating = tournament_game(game, kinds, seed, options, options_for)
        final = play_bot_game(config, seating, seed + game, report)
        report.games += 1
        for kind in seating:
            report.seats[kind] += 1
        assert final.winner is not None
        report.wins[seating[final.winner]] += 1
    return report
