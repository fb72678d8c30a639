# Research, unmaintained: not linted, type-checked or tested (docs/ is outside the lint's
# SOURCES), and it patches the engine's private names with unittest.mock, so it may break
# when the engine changes. Kept to reproduce the figures of docs/research/2026-11-expert.md:
# "Where an edge could come from: two cheats as ceilings", and the `hand` cheat in
# "Denial in the expert".
# Run from the repository's root: .venv/bin/python docs/research/experiments/ceilings.py
# (In benchmarks/, where it was written and run, it was .venv/bin/python benchmarks/ceilings.py.)
# It imports only the engine (phase10, on the path through .venv's ten-phases.pth;
# another Python needs PYTHONPATH=engine) and nothing from benchmarks/.
"""How much could a better player gain over hard? Three cheats, measured as ceilings.

    .venv/bin/python docs/research/experiments/ceilings.py peek|deny|hand [--games N] [--players P] [--edition E]

None is a player: each breaks the rule every bot keeps (decide from the view alone)
in one narrow way, and plays as hard does everywhere else (``hand``: as the expert
does), so its win rate against hard bounds what a fair player could gain in that one
part of the game.

- ``peek`` knows the next card of the draw pile: when it draws, it compares that card
  with the discard pile's top as hard compares a hand (cards missing, then outs), and
  takes the better one (hard's choice on a tie).
- ``deny`` knows the next player's hand: when hard would discard a card that player's
  hard bot would take, it throws instead the costliest card they would not take
  (never a Wild, a Flip card, or one that leaves its own phase further away).
- ``hand`` is the expert, except that its denial (``expert._take_odds``) is told the
  next player's true hand instead of sampling it: how much better the expert's denial
  would be if what it cannot see were known, everything else as it is.

The games are the tournament's (seeds 1000, 1001, ..., the cheat's seat rotating);
a running tally with its Wilson 95% interval is printed every 50 games, so a run
cut short still reports exact counts.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from dataclasses import replace
from unittest import mock

from phase10 import expert
from phase10.actions import Action, Discard, Draw, TakeDiscard
from phase10.bots import Bot, Level, bot_seed, fits_somewhere, next_player, without
from phase10.cards import Card
from phase10.distance import cards_missing, outs
from phase10.game import apply, new_game
from phase10.rules import GameConfig, Options
from phase10.state import GameState, Step
from phase10.tournament import wilson_interval
from phase10.view import PlayerView, PublicPlayer, view

Cheat = Callable[[GameState, int, dict[int, Bot]], Action]


def _hand_value(seen: PlayerView, hand: tuple[Card, ...]) -> tuple[int, int]:
    """Hard's measure of a hand after its discard: cards missing, then (fewer is worse) outs."""
    spec = seen.me.phase_spec
    kept = [without(hand, card) for card in set(hand)]
    missing = min(cards_missing(rest, spec) for rest in kept)
    most = max(outs(rest, spec, missing) for rest in kept if cards_missing(rest, spec) == missing)
    return (missing, -most)


def peek(state: GameState, seat: int, bots: dict[int, Bot]) -> Action:
    seen = view(state, seat)
    hard = bots[seat].choose(seen)
    top = state.discard_top
    if seen.step is not Step.DRAW or TakeDiscard() not in seen.legal or top is None or not state.draw_pile:
        return hard
    following = state.draw_pile[-1]
    if seen.me.has_laid:
        fits_top = top.is_wild or fits_somewhere(seen, top)
        fits_next = following.is_wild or fits_somewhere(seen, following)
        if fits_top == fits_next:
            return hard
        return TakeDiscard() if fits_top else Draw()
    with_top = _hand_value(seen, (*seen.hand, top))
    with_next = _hand_value(seen, (*seen.hand, following))
    if with_top == with_next:
        return hard
    return TakeDiscard() if with_top < with_next else Draw()


def _would_take(state: GameState, seat: int, card: Card, bots: dict[int, Bot]) -> bool:
    """Whether the next player's bot, holding its true hand, would take ``card``."""
    dealt = [other for other in state.active if other != seat]  # a tiebreak deals some seats only
    following = next((other for other in dealt if other > seat), dealt[0])
    players = tuple(
        replace(player, hand=without(player.hand, card)) if index == seat else player
        for index, player in enumerate(state.players)
    )
    trial = replace(
        state, discard_pile=(*state.discard_pile, card), current=following, step=Step.DRAW, players=players
    )
    return bots[following].choose(view(trial, following)) == TakeDiscard()


def deny(state: GameState, seat: int, bots: dict[int, Bot]) -> Action:
    seen = view(state, seat)
    hard = bots[seat].choose(seen)
    if not isinstance(hard, Discard) or hard.card.is_skip or len(seen.hand) == 1:
        return hard  # a Skip cannot be taken, and a last card ends the hand
    if not _would_take(state, seat, hard.card, bots):
        return hard
    spec = seen.me.phase_spec
    limit = 0 if seen.me.has_laid else cards_missing(without(seen.hand, hard.card), spec)
    calm = [
        action
        for action in seen.legal
        if isinstance(action, Discard)
        and not (action.card.is_wild or action.card.flips)
        and (seen.me.has_laid or cards_missing(without(seen.hand, action.card), spec) <= limit)
        and not _would_take(state, seat, action.card, bots)
    ]
    if not calm:
        return hard
    points = seen.options.ruleset().points
    return max(calm, key=lambda action: (points(action.card), str(action.card)))


TakeOdds = Callable[[PlayerView, PublicPlayer, set[Card], random.Random, int], dict[Card, float]]


def the_truth(truth: tuple[Card, ...]) -> TakeOdds:
    """``expert._take_odds`` as it would be if it knew the next player holds ``truth``."""

    def told(seen: PlayerView, following: PublicPlayer, cards: set[Card], *_: object) -> dict[Card, float]:
        return {card: float(expert._takes(truth, following.phase_spec, card)) for card in cards}

    return told


def hand(state: GameState, seat: int, bots: dict[int, Bot]) -> Action:
    seen = view(state, seat)
    with mock.patch.object(expert, "_take_odds", the_truth(state.players[next_player(seen).seat].hand)):
        return Bot(Level.EXPERT, bots[seat].seed).choose(seen)


CHEATS: dict[str, Cheat] = {"peek": peek, "deny": deny, "hand": hand}


def play(cheat: Cheat, games: int, players: int, edition: str) -> None:
    wins = 0
    for game in range(games):
        seat_of_cheat = game % players
        config = GameConfig(
            tuple(f"P{seat + 1}" for seat in range(players)),
            1000 + game,
            Options(edition=edition),
            first_dealer=(game // players) % players,
        )
        bots = {seat: Bot(Level.HARD, bot_seed(config, seat)) for seat in range(players)}
        state = new_game(config)
        while not state.is_over:
            seat = state.current if state.step is not Step.HAND_OVER else 0
            if seat == seat_of_cheat and state.step is not Step.HAND_OVER:
                action = cheat(state, seat, bots)
            else:
                action = bots[seat].choose(view(state, seat))
            state = apply(state, action)
        wins += state.winner == seat_of_cheat
        if (game + 1) % 50 == 0 or game + 1 == games:
            low, high = wilson_interval(wins, game + 1)
            print(f"{game + 1} games: {wins / (game + 1):.1%} ({low:.1%}-{high:.1%})", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cheat", choices=sorted(CHEATS))
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--edition", choices=("classic", "flip"), default="classic")
    args = parser.parse_args()
    play(CHEATS[args.cheat], args.games, args.players, args.edition)


if __name__ == "__main__":
    main()
