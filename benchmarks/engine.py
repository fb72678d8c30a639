"""Engine speed: the phase finder, legal_actions, and whole random games.

    .venv/bin/python benchmarks/engine.py [--hands 20000] [--games 200] [--seed 1]
    .venv/bin/python benchmarks/engine.py --own-lists [--hands 20000] [--seed 1]

``--own-lists`` measures the finder on the phases a table's own list may hold (ruling 31)
instead: the phases of lists dealt by chance, with random hands of either deck (the Flip
deck on either side), and the hardest phases the ruling allows, with hands full of Wilds
(Stars on the Flip deck) and hands that come close.

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
from phase10.cards import WILD, Card, Side
from phase10.finder import enumerate_laydowns, find_laydown
from phase10.game import apply, legal_actions, new_game
from phase10.phaselists import encode, random_list
from phase10.rules import (
    CLASSIC,
    EDITIONS,
    GameConfig,
    GroupKind,
    GroupSpec,
    Options,
    PhaseList,
    PhaseSpec,
    Ruleset,
)
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


# --- own lists (ruling 31) -------------------------------------------------------------------

S, R, C, CR = GroupKind.SET, GroupKind.RUN, GroupKind.COLOR, GroupKind.COLOR_RUN

# The hardest phases ruling 31 allows: the largest groups, and three groups of ten cards.
HARDEST: dict[str, tuple[tuple[GroupSpec, ...], ...]] = {
    "classic": (
        (GroupSpec(S, 10),),
        (GroupSpec(R, 10),),
        (GroupSpec(C, 10),),
        (GroupSpec(CR, 10),),
        (GroupSpec(CR, 4), GroupSpec(CR, 3), GroupSpec(CR, 3)),
        (GroupSpec(R, 4), GroupSpec(C, 3), GroupSpec(CR, 3)),
        (GroupSpec(S, 4), GroupSpec(S, 3), GroupSpec(S, 3)),
        (GroupSpec(C, 4), GroupSpec(C, 3), GroupSpec(C, 3)),
        (GroupSpec(S, 2), GroupSpec(R, 5), GroupSpec(C, 3)),
        (GroupSpec(CR, 5), GroupSpec(R, 5)),
    ),
    "flip": (
        (GroupSpec(S, 10),),
        (GroupSpec(CR, 10),),
        (GroupSpec(CR, 4), GroupSpec(CR, 3), GroupSpec(CR, 3)),
        (GroupSpec(S, 4), GroupSpec(S, 3), GroupSpec(S, 3)),
        (GroupSpec(S, 4), GroupSpec(CR, 3), GroupSpec(CR, 3)),
        (GroupSpec(S, 2), GroupSpec(CR, 4), GroupSpec(CR, 4)),
    ),
}


def own_list_hand(rnd: random.Random, rules: Ruleset, stand_ins: int) -> tuple[Card, ...]:
    """Eleven cards of ``rules``'s deck, all on one side, ``stand_ins`` of them Wilds (Stars
    of any colour on the Flip deck's Wild Side; of the Colour Side, Stars of one colour)."""
    side = rnd.choice(list(Side)) if rules.two_sided else Side.COLOR
    faces = [card.facing(side).shown for card in rules.deck]
    free = [card for card in faces if not card.is_numbered and not card.is_skip]
    numbered = [card for card in faces if card.is_numbered]
    count = min(stand_ins, len(free))
    return tuple(sorted(rnd.sample(free, count) + rnd.sample(numbered, 11 - count)))


def close_hand(rnd: random.Random, rules: Ruleset, spec: PhaseSpec) -> tuple[Card, ...]:
    """A hand that makes ``spec`` or falls just short: a lay-down of it from a big sample of the
    deck, a card or two of it swapped for others, and the rest at random."""
    side = rnd.choice(list(Side)) if rules.two_sided else Side.COLOR
    faces = [card.facing(side).shown for card in rules.deck]
    for _ in range(50):
        found = find_laydown(tuple(sorted(rnd.sample(faces, 40))), spec, rules)
        if found is None:
            continue
        cards = [card for group in found for card in group.cards]
        for _ in range(rnd.randint(0, 2)):
            cards.pop(rnd.randrange(len(cards)))
        pool = list(faces)
        for card in cards:
            pool.remove(card)
        return tuple(sorted(cards + rnd.sample(pool, 11 - len(cards))))
    return own_list_hand(rnd, rules, 0)


def timed_finds(
    cases: list[tuple[tuple[Card, ...], PhaseSpec, Ruleset]],
) -> tuple[float, float, float, float]:
    """p50, p99 and max of find_laydown in ms over ``cases``, and its hit rate."""
    times: list[float] = []
    found = 0
    for hand, spec, rules in cases:
        started = time.perf_counter()
        result = find_laydown(hand, spec, rules)
        times.append(time.perf_counter() - started)
        found += result is not None
    return (
        percentile(times, 50) * 1e3,
        percentile(times, 99) * 1e3,
        max(times) * 1e3,
        found / len(times),
    )


def bench_own_lists(rnd: random.Random, hands: int) -> None:
    print(f"find_laydown on the phases own lists may hold (ruling 31), {hands} hands a row")
    print(f"{'what':<58} {'p50 ms':>7} {'p99 ms':>7} {'max ms':>7}   found")
    for name in EDITIONS:
        rules = EDITIONS[name]
        specs = [spec for seed in range(100) for spec in random_list(10, seed, name).phases]
        cases = [
            (own_list_hand(rnd, rules, rnd.randint(0, 2)), rnd.choice(specs), rules) for _ in range(hands)
        ]
        row(f"{name}: phases of 100 random lists, random hands", timed_finds(cases))
        for stand_ins in (4, 8):
            cases = [
                (own_list_hand(rnd, rules, stand_ins), rnd.choice(specs), rules) for _ in range(hands // 4)
            ]
            row(
                f"{name}: phases of random lists, {stand_ins} {'Wilds' if name == 'classic' else 'Stars'}",
                timed_finds(cases),
            )
        hardest = [PhaseSpec(1, groups) for groups in HARDEST[name]]
        cases = [
            (own_list_hand(rnd, rules, rnd.randint(0, 8)), rnd.choice(hardest), rules) for _ in range(hands)
        ]
        row(f"{name}: the hardest phases, 0-8 Wilds or Stars", timed_finds(cases))
        cases = [
            (close_hand(rnd, rules, spec), spec, rules)
            for spec in hardest
            for _ in range(hands // len(hardest) // 10)
        ]
        row(f"{name}: the hardest phases, hands that (nearly) make them", timed_finds(cases))
        for spec in hardest:
            label = encode(PhaseList("", (spec,)))[3:-2]
            cases = [(own_list_hand(rnd, rules, rnd.randint(0, 8)), spec, rules) for _ in range(hands // 10)]
            cases += [(close_hand(rnd, rules, spec), spec, rules) for _ in range(hands // 40)]
            row(f"  {name} {label}", timed_finds(cases))


def row(label: str, figures: tuple[float, float, float, float]) -> None:
    p50, p99, worst, rate = figures
    print(f"{label:<58} {p50:>7.3f} {p99:>7.3f} {worst:>7.2f} {rate:>7.1%}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--own-lists", action="store_true", help="the finder on the phases of own lists")
    args = parser.parse_args()
    rnd = random.Random(args.seed)
    print(f"Python {platform.python_version()} on {platform.machine()}, {platform.processor() or 'cpu'}")
    if args.own_lists:
        bench_own_lists(rnd, args.hands)
        return
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
