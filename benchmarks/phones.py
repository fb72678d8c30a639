"""A game on two phones (issue 38), in Chromium over loopback: how long pairing takes, and
an action's round trip, from the tap on the joined phone to its screen showing the host's
answer (the host checks the move, applies it, saves, renders and sends the seat's view;
the joined phone renders it).

    .venv/bin/python benchmarks/phones.py [--turns 25] [--cpu-throttle 4] [--no-build]

Two browser contexts in one Chromium, each its own app with its own storage, paired by
the text codes (as a person types them when no camera can be used).  Both pages are
throttled alike with ``--cpu-throttle``.  The goal: the round trip's p95 under 150 ms.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from playwright.sync_api import ViewportSize, sync_playwright
from ui.state import Event

from common import machine, percentile, private_site
from support.browser.chromium import CHROMIUM, CHROMIUM_ARGS
from support.browser.driving import open_app, saved_game, serving, tap
from support.browser.engines import PHONE
from support.browser.phones import code_on, dealt_and_linked, type_and_tap

BO = 1

# Tap a control and wait, in the page, until it has rendered ``renders`` times more and
# painted once: for a move on the joined phone, twice (sent; then the host's answer).
TIMED_TAP = """async ({selector, renders}) => {
  const root = document.documentElement;
  const before = Number(root.dataset.renders);
  const started = performance.now();
  const done = new Promise((resolve) => {
    const watch = new MutationObserver(() => {
      if (Number(root.dataset.renders) >= before + renders) { watch.disconnect(); resolve(); }
    });
    watch.observe(root, {attributes: true, attributeFilter: ['data-renders']});
  });
  document.querySelector(selector).click();
  await done;
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  return performance.now() - started;
}"""


def _throttle(context: Any, page: Any, rate: float) -> None:
    if rate > 1:
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})


def _timed(page: Any, selector: str, times: int) -> float:
    return float(page.evaluate(TIMED_TAP, {"selector": selector, "renders": times}))


def _turn(page: Any, remote: bool, trips: list[float]) -> None:
    """Draw, then discard the first card (a Skip: at the first choice); on the joined phone
    each move's round trip is kept."""
    times = 2 if remote else 1
    drew = _timed(page, "[data-action=draw]", times)
    _timed(page, "[data-action=select][data-value='0']", 1)
    skip = page.locator(".hand [data-card][data-value='0']").first.get_attribute("data-card") == "S"
    discarded = _timed(page, "[data-action=discard]", 1 if skip else times)
    if skip:
        discarded = _timed(page, "[data-action=choose]", times)
    if remote:
        trips += [drew, discarded]


def _wait_turn(host: Any, current: int) -> Any:
    for _ in range(200):
        game = saved_game(host)
        if game is not None and (game.current != current or game.is_over):
            return game
        host.wait_for_timeout(25)
    raise RuntimeError("the turn did not pass")


def run(turns: int, throttle: float, no_build: bool) -> None:
    with private_site(no_build) as site, serving(site) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=list(CHROMIUM_ARGS))
        size = ViewportSize(width=PHONE["width"], height=PHONE["height"])
        contexts = [browser.new_context(viewport=size, is_mobile=True, has_touch=True) for _ in range(2)]
        host, phone = (context.new_page() for context in contexts)
        for context, page in zip(contexts, (host, phone), strict=True):
            _throttle(context, page, throttle)
        started = time.perf_counter()
        offer = dealt_and_linked(host, url, ("Ann", "Bo"), "11", BO)
        offered = time.perf_counter() - started
        open_app(phone, url)
        tap(phone, Event("join-table"))
        started = time.perf_counter()
        type_and_tap(phone, "#host-code", Event("join-code"), offer)
        answer = code_on(phone)
        answered = time.perf_counter() - started
        host.fill(f"#answer-{BO}", answer)
        started = time.perf_counter()
        host.locator("[data-action=accept-phone]").click()
        phone.wait_for_selector("html[data-screen=table] .hand [data-card]", timeout=15_000)
        seated = time.perf_counter() - started
        host.locator("[data-action=back]").first.click()
        trips: list[float] = []
        game = saved_game(host)
        while game is not None and not game.is_over and len(trips) < 2 * turns:
            remote = game.current == BO
            _turn(phone if remote else host, remote, trips)
            game = _wait_turn(host, game.current)
        browser.close()
    print(f"{machine()}, Chromium, CPU throttled {throttle:g}x, loopback")
    print(f"pairing: a game set up by taps, dealt, and the host's code shown: {1000 * offered:,.0f} ms")
    print(f"pairing: Join tapped to the joining phone's code shown: {1000 * answered:,.0f} ms")
    print(f"pairing: Connect tapped on the host to the joined phone's table: {1000 * seated:,.0f} ms")
    if trips:
        print(
            f"round trip, tap on the joined phone to its screen updated ({len(trips)} moves): "
            f"p50 {percentile(trips, 50):.0f} ms, p95 {percentile(trips, 95):.0f} ms, max {max(trips):.0f} ms"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=25, help="the joined phone's turns to time")
    parser.add_argument("--cpu-throttle", type=float, default=1.0)
    parser.add_argument("--no-build", action="store_true", help="measure a copy of dist/ as it is")
    args = parser.parse_args(argv)
    run(args.turns, args.cpu_throttle, args.no_build)
    return 0


if __name__ == "__main__":
    sys.exit(main())
