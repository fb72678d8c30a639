"""Computer players' moves in the app, timed in Chromium at phone size.

    .venv/bin/python benchmarks/computer_moves.py [--games N] [--seed S] [--no-build]

What is timed: each computer move the app makes, from the moment the page's timer
calls the app to the moment the new screen is rendered. That is the bot's choice
from its view, the engine applying it, the game saved to localStorage and the
table rendered: more than the decision alone, so it bounds it from above.

How: the app is built into a private folder (``--no-build``: a copy of dist/), served
by ``build.make_server`` and opened in Debian's Chromium (headless, 390x844, touch,
reduced motion, so the moves come 300 ms apart). A script installed before any page
script wraps ``setTimeout``: a callback that changes the render counter
(``html[data-renders]``) is a computer move, and its duration is recorded. The games
are one person against three hard computer players, first to 3 phases, seeds S, S+1,
...; the person plays the taps of ``support.web.taps`` (tests/support/) and the whole
game is mirrored on CPython (``support.browser.driving``'s ``Table``), so each timed move is
also checked against the engine.

The goal (issue 5): the hard bot's decision p95 under 150 ms in the browser.
"""

from __future__ import annotations

import argparse
import sys

from playwright.sync_api import sync_playwright
from ui.state import Event, Screen

from common import percentile, private_site
from support.browser import chromium
from support.browser.driving import Table, serving, start_game

TIMED = """
window.__moves = [];
const realSetTimeout = window.setTimeout.bind(window);
window.setTimeout = (callback, delay, ...rest) => realSetTimeout(() => {
  const before = document.documentElement.dataset.renders;
  const started = performance.now();
  typeof callback === "function" ? callback(...rest) : eval(callback);
  if (document.documentElement.dataset.renders !== before)
    window.__moves.push(performance.now() - started);
}, delay);
"""

NAMES = ("Ann", "Hal", "Ida", "Jo")
KINDS = ("person", "hard", "hard", "hard")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Computer moves timed in the app, in Chromium.")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-build", action="store_true", help="serve a copy of dist/ as it is")
    parser.add_argument("--edition", choices=("classic", "flip"), default="classic")
    args = parser.parse_args(argv)
    moves: list[float] = []
    mirrored = 0
    with private_site(args.no_build) as site, serving(site) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium.CHROMIUM, args=list(chromium.CHROMIUM_ARGS)
        )
        for game in range(args.games):
            context = browser.new_context(
                viewport={"width": 390, "height": 844}, has_touch=True, reduced_motion="reduce"
            )
            context.add_init_script(TIMED)
            page = context.new_page()
            seed = str(args.seed + game)
            table = Table(page, start_game(page, url, NAMES, "first-to-n", "3", seed, KINDS, args.edition))
            while table.mirror.screen is not Screen.GAME_OVER:
                table.play_until({Screen.HAND_OVER, Screen.GAME_OVER})
                if table.mirror.screen is Screen.HAND_OVER:
                    table.tap(Event("next-hand"))
            moves += page.evaluate("() => window.__moves")
            mirrored += table.computer_moves
            context.close()
        browser.close()
    ordered = sorted(moves)
    print(f"{args.games} {args.edition} games, 1 person and 3 hard computers, first to 3 phases")
    print(f"computer moves timed: {len(ordered)} (mirrored and checked: {mirrored})")
    print(
        f"choose + apply + save + render: p50 {percentile(ordered, 50):.1f} ms  "
        f"p95 {percentile(ordered, 95):.1f} ms  max {ordered[-1]:.1f} ms"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
