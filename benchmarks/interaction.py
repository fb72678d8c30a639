"""Tap latency on the table: how long a tap takes to show its new screen, in Chromium at phone size.

    .venv/bin/python benchmarks/interaction.py [--games N] [--seed S] [--budget SECONDS]
                                               [--hints [draw|discard]] [--players N]
                                               [--viewport WxH] [--json PATH] [--no-build]

What is timed: from the moment a tap's click event is dispatched to the moment the new
screen has been rendered and painted, for the taps a game is made of:

  draw       the draw pile or the discard pile (events ``draw`` and ``take``)
  select     a card of the hand (``select``)
  lay        "Lay down", which opens the preview of the phase (``lay``)
  lay down   "Lay down" in that preview, which lays the phase (``confirm``)
  hit        a lit group (``hit``), or the end of a run picked after it (``choose``)
  discard    "Discard" (``discard``), or the player a Skip is played on (``choose``)

plus, for reference, the taps between turns (``reveal``, ``next-hand``) and the set-up taps,
and with ``--hints`` the Hint button (``hint``), tapped at the start of every turn: the
coach works out the expert's move and its reason from the player's view.  With
``--hints discard`` it is tapped instead just before each discard, where the coach asks
the expert for a discard (and, with two players, asks it a second time without denial
to tell whether the card was kept back from the next player: ``--players 2``).

How: the app is built into a private folder (or, with ``--no-build``, dist/ is copied
there), so that a rebuild of dist/ by someone else mid-run (which the app's service
worker would offer as an update) cannot change the files being measured; that folder
is served by ``build.make_server`` and opened in Debian's Chromium
(headless, 390x844 like a phone, touch) through Playwright. A script installed before
any page script (``add_init_script``) measures inside the page, so no Playwright round
trip is counted:

  start      a capture-phase click listener on ``window`` (it runs before the app's own
             listener on ``document``) notes ``performance.now()`` for a click on a
             ``[data-action]`` element.
  rendered   a MutationObserver on ``html[data-renders]``, the counter the app bumps after
             each render, notes the time it changed: the app's Python click handler
             (controller, save, render to HTML, ``innerHTML``) has finished.
  frame      from there, ``requestAnimationFrame(() => setTimeout(..., 0))``: the task
             after the next frame's style, layout and paint, an approximation of the
             moment the new screen is on the glass. (A double rAF is noted too, in the
             JSON only: it lands one frame later.)

Reported: "handler+render" = rendered - start and "to next frame" = frame - start, as
p50, p95 and max per kind (nearest rank), and beside them the browser's own Event Timing
duration of each click (event time stamp -> next paint, in 8 ms steps; Chromium reports
only clicks of 16 ms or more, so "<16" means unreported). The same script also wraps
``Storage.setItem`` and the ``innerHTML`` setter to split each tap into Python before
the DOM (controller + render to HTML), the localStorage write, the DOM update
(``innerHTML``: HTML parsing), and style/layout/paint up to the frame; and, as a
reference, each tap's controller + save (``to_json``) + render to HTML are timed on
CPython, where the benchmark mirrors the game.

The games are real ones played through the UI: New game, players, "first to N phases"
(N = 3, 4, 5 in turn, 3 or 4 players, which gives many lay-downs and hits), the seed
under "More options", Deal, then the taps of ``support.web.taps``'s ``next_taps`` (the
policy the end-to-end tests play with; tests/support/), each tap made with
``support.browser.driving``'s ``tap`` and mirrored by ``ui.update.update`` on CPython,
whose screen must match the page's after every tap. The page is first left to finish its service worker's
precache, so that does not compete with the taps. Games go on (seeds S, S+1, ...) until every kind has its
target number of samples (100; 20 for lay down and hit) or the time budget is used, or
for exactly ``--games`` games (within the budget) when that is given.

The goal: p95 "to next frame" under 100 ms for each kind on this 2-core machine. The
times include whatever else the machine is doing: the 1-minute load average before and
after is printed, and a busy machine is called out.

A limit of the policy: it lays a phase down through the finder ("Lay down" with nothing
selected) as soon as the hand makes it, so it never selects cards while a lay-down is
possible; a person picking the phase's cards by hand in a hand with Wilds makes select
taps that cost more (every render computes ``legal_actions``, lay-downs included, several
times) than the select taps measured here.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import build
from playwright.sync_api import Browser, Page, ViewportSize, sync_playwright
from playwright.sync_api import Error as PlaywrightError
from ui.kit.i18n import words
from ui.screens import render
from ui.state import Event, Screen, SetupInput, Ui
from ui.table.model import hints_offered

import startup
from common import machine, percentile, private_site, write_json
from phase10 import Step
from phase10.serialize import to_json
from support.browser.driving import renders, serving, tap
from support.web.taps import handle, next_taps

ROOT = build.ROOT
VIEWPORT: ViewportSize = {"width": 390, "height": 844}
GOAL_MS = 100.0  # p95 "to next frame", per kind
BUDGET_S = 240.0
# The kinds reported, in order, and how many samples to collect of each (when the games allow).
KINDS = ("draw", "select", "lay", "lay down", "hit", "discard")
TARGETS = {"draw": 100, "select": 100, "lay": 20, "lay down": 20, "hit": 20, "discard": 100}
OTHER_KINDS = ("reveal", "next-hand", "set-up", "hint")
KIND_OF_EVENT = {
    "draw": "draw",
    "take": "draw",
    "select": "select",
    "lay": "lay",
    "confirm": "lay down",
    "hit": "hit",
    "discard": "discard",
    "reveal": "reveal",
    "next-hand": "next-hand",
    "hint": "hint",
}
TAP_TIMEOUT_MS = 10_000

# Before any page script: the timestamps of each tap (see the module's docstring).
MEASURE = """
(() => {
  const bench = { seq: 0, last: null, eventTiming: [] };
  window.__bench = bench;
  const now = () => performance.now();
  addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target.closest("[data-action]") : null;
    if (!target) return;
    bench.seq += 1;
    bench.last = {
      seq: bench.seq, action: target.dataset.action || "", value: target.dataset.value || "",
      start: now(), eventStamp: event.timeStamp, storage: [], html: [],
      rendered: null, frame: null, raf2: null,
    };
  }, { capture: true });
  new MutationObserver(() => {
    const tap = bench.last;
    if (!tap || tap.rendered !== null) return;
    tap.rendered = now();
    requestAnimationFrame(() => {
      setTimeout(() => { tap.frame = now(); }, 0);
      requestAnimationFrame(() => { tap.raf2 = now(); });
    });
  }).observe(document, { attributes: true, attributeFilter: ["data-renders"], subtree: true });
  const html = Object.getOwnPropertyDescriptor(Element.prototype, "innerHTML");
  Object.defineProperty(Element.prototype, "innerHTML", {
    ...html,
    set(value) {
      const t0 = now();
      html.set.call(this, value);
      const tap = bench.last;
      if (tap && tap.rendered === null && this.id === "app") tap.html.push([t0, now(), String(value).length]);
    },
  });
  for (const name of ["setItem", "removeItem"]) {
    const original = Storage.prototype[name];
    Storage.prototype[name] = function (...args) {
      const t0 = now();
      try {
        return original.apply(this, args);
      } finally {
        const tap = bench.last;
        if (tap && tap.rendered === null) tap.storage.push([t0, now(), String(args[1] ?? "").length]);
      }
    };
  }
  // The browser's own Event Timing (click to next paint, 8 ms steps; only clicks of 16 ms or more).
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (e.name === "click") bench.eventTiming.push([e.startTime, e.duration]);
      }
    }).observe({ type: "event", durationThreshold: 16, buffered: true });
  } catch (error) {
    bench.eventTimingError = String(error);
  }
})();
"""
DONE = """(seq) => {
  const tap = window.__bench.last;
  return tap && tap.seq > seq && tap.frame !== null && tap.raf2 !== null ? tap : null;
}"""


class BenchError(startup.BenchError):
    """The benchmark cannot go on: the app did not start, a tap did not render, the page and mirror differ."""


@dataclasses.dataclass
class Tap:
    """One measured tap (times in ms)."""

    kind: str
    event: str
    value: str
    game: int
    screen: str  # the screen the tap led to
    handler_ms: float  # click -> data-renders changed
    frame_ms: float  # click -> the task after the next frame
    double_raf_ms: float  # click -> the second requestAnimationFrame
    python_ms: float  # click -> innerHTML, less the storage writes: controller + render to HTML
    storage_ms: float  # localStorage writes
    dom_ms: float  # the innerHTML setter (HTML parsing, DOM building)
    paint_ms: float  # data-renders changed -> the task after the next frame
    html_chars: int
    cpython_ms: float  # the same tap on CPython: controller + to_json (if the game moved) + render
    event_stamp: float  # event.timeStamp, to match the browser's Event Timing entries
    start: float
    index: int = 0  # the tap's number in the run
    event_timing_ms: float | None = None  # the browser's duration for the click, when >= 16 ms


@dataclasses.dataclass
class Run:
    taps: list[Tap] = dataclasses.field(default_factory=list)
    games: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    ready_ms: float = 0.0
    seconds: float = 0.0
    stopped_by: str = ""
    event_timing_error: str = ""
    load_before: float = 0.0
    load_after: float = 0.0
    viewport: ViewportSize = dataclasses.field(default_factory=lambda: VIEWPORT)

    def add(self, measured: Tap) -> None:
        measured.index = len(self.taps)
        self.taps.append(measured)

    def count(self, kind: str) -> int:
        return sum(1 for t in self.taps if t.kind == kind)

    def targets_met(self) -> bool:
        return all(self.count(kind) >= target for kind, target in TARGETS.items())


# --- serving ------------------------------------------------------------------------------


# --- taps ---------------------------------------------------------------------------------


def kind_of(event: Event, mirror: Ui) -> str:
    """The kind a tap is counted as, from the event and the prompt it answers."""
    if event.name == "choose" and mirror.prompt is not None:
        return "discard" if mirror.prompt.kind == "skip" else "hit"
    return KIND_OF_EVENT.get(event.name, "set-up")


def cpython_time(mirror: Ui, event: Event) -> tuple[Ui, float]:
    """The tap on CPython, timed like the page's handler: controller, save text, HTML."""
    start = time.perf_counter()
    after = handle(mirror, event)
    if after.game is not None and after.game is not mirror.game and not after.game.is_over:
        to_json(after.game)
    render(after)
    return after, (time.perf_counter() - start) * 1000


def measured_tap(page: Page, event: Event, mirror: Ui, game: int) -> tuple[Ui, Tap]:
    """Tap ``event`` on the page, mirror it, and read the page's timestamps for it."""
    seq = int(page.evaluate("window.__bench.seq"))
    try:
        tap(page, event)
        record: dict[str, Any] = page.wait_for_function(DONE, arg=seq, timeout=TAP_TIMEOUT_MS).json_value()
    except PlaywrightError as error:
        banner = page.locator("#banner").is_visible()
        raise BenchError(
            f"game {game}: tapping {event} gave no new screen: {str(error).splitlines()[0]}"
            + (" (the app's update banner is showing)" if banner else "")
        ) from error
    after, cpython_ms = cpython_time(mirror, event)
    screen = str(page.evaluate("document.documentElement.dataset.screen"))
    if after.message or screen != after.screen.value:
        raise BenchError(
            f"game {game}: after {event} the page shows {screen!r}, the mirror {after.screen.value!r}"
            f" ({words('en').say(after.message) or 'no message'})"
        )
    start, rendered, frame = record["start"], record["rendered"], record["frame"]
    storage = sum(t1 - t0 for t0, t1, _ in record["storage"])
    html_start, html_end, html_chars = record["html"][0] if record["html"] else (rendered, rendered, 0)
    return after, Tap(
        kind=kind_of(event, mirror),
        event=event.name,
        value=event.value,
        game=game,
        screen=screen,
        handler_ms=rendered - start,
        frame_ms=frame - start,
        double_raf_ms=record["raf2"] - start,
        python_ms=html_start - start - storage,
        storage_ms=storage,
        dom_ms=html_end - html_start,
        paint_ms=frame - rendered,
        html_chars=int(html_chars),
        cpython_ms=cpython_ms,
        event_stamp=record["eventStamp"],
        start=start,
    )


# --- games --------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Setup:
    seed: int
    players: int
    phases: int

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(("Ann", "Bo", "Cy", "Di", "Ed", "Flo")[: self.players])


def setup_for(game: int, seed: int, players: int | None = None) -> Setup:
    """Game 1, 2, 3...: first to 3, 4, 5 phases in turn, with 3, 4, 3, 4... players (or
    always ``players``)."""
    table = players if players is not None else 3 + (game - 1) % 2
    return Setup(seed=seed + game - 1, players=table, phases=3 + (game - 1) % 3)


def start_game(page: Page, mirror: Ui, setup: Setup, run: Run, game: int) -> Ui:
    """From the home or game-over screen to the first hand-off, by taps (set-up taps are timed too)."""

    def step(event: Event) -> None:
        nonlocal mirror
        mirror, measured = measured_tap(page, event, mirror, game)
        run.add(measured)

    if mirror.screen is not Screen.HOME:
        step(Event("home"))
    step(Event("new-game"))
    while page.locator("input[name=player]").count() < setup.players:
        step(Event("add-player"))
    while (count := page.locator("input[name=player]").count()) > setup.players:
        step(Event("remove-player", str(count - 1)))  # the last row: every name is filled in next
    for i, name in enumerate(setup.names):
        page.fill(f"#player-{i}", name)
    if not page.locator("input[name=way][value=first-to-n]").is_checked():  # kept from the last game
        before = renders(page)
        page.check("input[name=way][value=first-to-n]")  # re-renders: the N select shows
        page.wait_for_function(f"() => Number(document.documentElement.dataset.renders) > {before}")
    if not page.locator("input[name=seed]").is_visible():  # "More options" is open once a seed is set
        page.locator("details.more-options summary").click()
    page.fill("input[name=seed]", str(setup.seed))
    page.select_option("select[name=phases-to-win]", str(setup.phases))
    kinds = ("person",) * len(setup.names)
    fields = SetupInput(
        setup.names, kinds, "classic", ("first-to-n",), str(setup.phases), seed=str(setup.seed)
    )
    mirror = handle(mirror, Event("setup-change", form=fields))
    step(Event("start-game", form=fields))
    if mirror.game is None or mirror.game.config.seed != setup.seed:
        raise BenchError(f"game {game}: the set-up form did not start the game asked for ({setup})")
    return mirror


def play(
    browser: Browser,
    url: str,
    games: int | None,
    seed: int,
    budget: float,
    hints: str | None = None,
    players: int | None = None,
    viewport: ViewportSize = VIEWPORT,
) -> Run:
    """Play seeded games by taps; ``hints`` is where Hint is tapped ("draw": at the start of
    every turn, "discard": before every discard, None: never)."""
    run = Run(viewport=viewport)
    context = browser.new_context(viewport=viewport, device_scale_factor=1, is_mobile=True, has_touch=True)
    try:
        context.add_init_script(startup.INIT_SCRIPT)
        context.add_init_script(MEASURE)
        page = context.new_page()
        watch = startup.Watch(page)
        run.ready_ms = watch.timed(startup.goto(page, url), "opening the app").in_page_ms
        # The service worker precaches the app on a first visit: let it finish first.
        startup.wait_controlled(page, "opening the app")
        page.wait_for_timeout(500)
        run.event_timing_error = str(page.evaluate("window.__bench.eventTimingError || ''"))
        run.load_before = os.getloadavg()[0]
        began = time.monotonic()
        mirror = Ui()
        game = 0
        while True:
            if games is not None and game >= games:
                run.stopped_by = f"{games} games played"
                break
            if games is None and run.targets_met():
                run.stopped_by = "every kind has its samples"
                break
            if time.monotonic() - began > budget:
                run.stopped_by = f"time budget ({budget:.0f} s)"
                break
            game += 1
            setup = setup_for(game, seed, players)
            mirror = start_game(page, mirror, setup, run, game)
            hands = 1
            while mirror.screen is not Screen.GAME_OVER:
                if time.monotonic() - began > budget or (games is None and run.targets_met()):
                    break
                events = next_taps(mirror)
                if not events:
                    raise BenchError(f"game {game}: nothing to tap on {mirror.screen.value}")
                if hints is not None and _hint_now(mirror, events, hints):
                    events = [Event("hint"), *events]
                for event in events:
                    hands += event.name == "next-hand"
                    mirror, measured = measured_tap(page, event, mirror, game)
                    run.add(measured)
            finished = mirror.screen is Screen.GAME_OVER
            run.games.append({**dataclasses.asdict(setup), "hands": hands, "finished": finished})
            print(
                f"  game {game} ({setup.players} players, first to {setup.phases}, seed {setup.seed}): "
                f"{hands} hands, {'finished' if finished else 'stopped'}; "
                f"{len(run.taps)} taps so far, {time.monotonic() - began:.0f} s",
                file=sys.stderr,
                flush=True,
            )
        run.seconds = time.monotonic() - began
        run.load_after = os.getloadavg()[0]
        match_event_timing(run, page.evaluate("window.__bench.eventTiming"))
        return run
    finally:
        context.close()


def _hint_now(mirror: Ui, events: list[Event], at: str) -> bool:
    """Whether ``--hints`` taps Hint before ``events``: a person's turn begins on the table
    (``at`` "draw"), or they are about to discard (``at`` "discard")."""
    if mirror.game is None or not hints_offered(mirror):
        return False
    if at == "draw":
        return mirror.game.step is Step.DRAW
    return mirror.game.step is Step.PLAY and any(event.name == "discard" for event in events)


def match_event_timing(run: Run, entries: list[list[float]]) -> None:
    """Give each tap the browser's Event Timing duration of its click, if one was reported (>= 16 ms)."""
    by_stamp = {round(start, 1): duration for start, duration, *_ in entries}
    for measured in run.taps:
        measured.event_timing_ms = by_stamp.get(round(measured.event_stamp, 1))


# --- the report ---------------------------------------------------------------------------


def stats(values: list[float]) -> dict[str, float]:
    if not values:
        return {}
    return {
        "p50": percentile(values, 50),
        "p95": percentile(values, 95),
        "max": max(values),
        "mean": statistics.fmean(values),
    }


def cells(summary: dict[str, float], floor: float = 0.0) -> str:
    """p50, p95, max; a value under ``floor`` (Event Timing's threshold) is shown as "<floor"."""
    if not summary:
        return f"{'-':>7}{'-':>7}{'-':>7}"
    shown = [summary[key] for key in ("p50", "p95", "max")]
    return "".join(f"{f'<{floor:.0f}':>7}" if value < floor else f"{value:>7.1f}" for value in shown)


def load_line(run: Run) -> str:
    before, after = run.load_before, run.load_after
    line = f"load average (1 min) {before:.2f} before, {after:.2f} after"
    cpus = os.cpu_count() or 1
    if max(before, after) > cpus * 0.75:
        line += f": other work was running on the {cpus} CPUs, and the times include it"
    return line


def report(run: Run) -> dict[str, Any]:
    cpus = os.cpu_count()
    print("\nTen Phases: tap -> updated screen, in Chromium (headless, 390x844, touch, scale 1)")
    print(f"{machine()}, {cpus} CPUs")
    print(load_line(run))
    print(
        f"app ready in {run.ready_ms:.0f} ms; {len(run.games)} games, {len(run.taps)} taps in "
        f"{run.seconds:.0f} s; stopped: {run.stopped_by}"
    )
    print("handler+render: click -> the app's render done (data-renders changed)")
    print("to next frame:  click -> the task after the next frame (requestAnimationFrame + setTimeout 0)")
    print("Event Timing:   the browser's own click -> next paint (8 ms steps; under 16 ms is not reported)\n")
    groups = ("handler+render ms", "to next frame ms", "Event Timing ms")
    header = f"{'kind':<11}{'samples':>8}" + "".join(f"  {name:^21}" for name in groups)
    print(header)
    print(f"{'':<19}" + f"  {'p50':>7}{'p95':>7}{'max':>7}" * len(groups))
    print("-" * len(header))
    table: dict[str, Any] = {}
    for kind in (*KINDS, *OTHER_KINDS):
        taps = [t for t in run.taps if t.kind == kind]
        handler, frame = stats([t.handler_ms for t in taps]), stats([t.frame_ms for t in taps])
        browser = stats([t.event_timing_ms or 0.0 for t in taps]) if not run.event_timing_error else {}
        table[kind] = {
            "samples": len(taps),
            "handler_render_ms": handler,
            "to_next_frame_ms": frame,
            "event_timing_ms": browser,  # unreported clicks (under 16 ms) counted as 0
        }
        if kind == OTHER_KINDS[0]:
            print("(between turns, and the set-up taps:)")
        print(f"{kind:<11}{len(taps):>8}  {cells(handler)}  {cells(frame)}  {cells(browser, 16)}")

    print("\nWhere the time goes (medians, ms): Python = the app's handler up to innerHTML, less storage")
    print("(controller, to_json, render to HTML); storage = localStorage writes; DOM = the innerHTML setter")
    print("(parsing); frame = render done -> after the next frame (style, layout, paint, and the wait for")
    print(
        "the frame); CPython = the same controller + to_json + render on this machine's CPython, to compare."
    )
    parts = ("python_ms", "storage_ms", "dom_ms", "paint_ms", "cpython_ms")
    widths = (8, 9, 7, 7, 9)
    print(f"{'kind':<11}{'Python':>8}{'storage':>9}{'DOM':>7}{'frame':>7}{'CPython':>9}{'HTML kB':>9}")
    breakdown: dict[str, Any] = {}
    for kind in KINDS:
        taps = [t for t in run.taps if t.kind == kind]
        if not taps:
            continue
        medians = {part: statistics.median(getattr(t, part) for t in taps) for part in parts}
        kb = statistics.median(t.html_chars for t in taps) / 1000
        breakdown[kind] = {**medians, "html_kchars": kb}
        values = "".join(f"{medians[p]:>{w}.1f}" for p, w in zip(parts, widths, strict=True))
        print(f"{kind:<11}{values}{kb:>9.1f}")

    by_event: dict[str, Any] = {}
    for name in sorted({t.event for t in run.taps if t.kind in KINDS}):
        taps = [t for t in run.taps if t.event == name and t.kind in KINDS]
        by_event[name] = {"samples": len(taps), "to_next_frame_ms": stats([t.frame_ms for t in taps])}
    summaries = [
        f"{name} {v['samples']}x {v['to_next_frame_ms']['p50']:.0f}/{v['to_next_frame_ms']['p95']:.0f}"
        for name, v in by_event.items()
    ]
    print("\nBy event (to next frame, p50/p95 ms): " + "; ".join(summaries))

    slowest = sorted((t for t in run.taps if t.kind in KINDS), key=lambda t: t.frame_ms, reverse=True)[:8]
    if slowest:
        print("\nSlowest game taps (ms): to next frame = Python + storage + DOM + frame (+ the rest)")
        for t in slowest:
            print(
                f"  game {t.game} tap {t.index:>4} {t.event:<8}{t.value:>5} -> {t.screen:<9}"
                f" {t.frame_ms:6.1f} = {t.python_ms:5.1f} + {t.storage_ms:4.1f} + {t.dom_ms:4.1f}"
                f" + {t.paint_ms:5.1f}; CPython {t.cpython_ms:.1f}"
            )

    print(f"\nGoal: p95 'to next frame' under {GOAL_MS:.0f} ms for each kind, on this {cpus}-CPU machine:")
    goal: dict[str, Any] = {}
    for kind in KINDS:
        p95 = table[kind]["to_next_frame_ms"].get("p95")
        samples = table[kind]["samples"]
        verdict = "no samples" if p95 is None else "met" if p95 < GOAL_MS else "NOT met"
        goal[kind] = {"p95_ms": p95, "met": p95 is not None and p95 < GOAL_MS}
        note = f" (only {samples} samples, target {TARGETS[kind]})" if p95 and samples < TARGETS[kind] else ""
        print(f"  {kind:<11}{'' if p95 is None else f'{p95:.1f} ms':>10}  {verdict}{note}")
    return {
        "cpus": cpus,
        "machine": machine(),
        "load_average_1min": {"before": run.load_before, "after": run.load_after},
        "viewport": run.viewport,
        "ready_ms": run.ready_ms,
        "seconds": run.seconds,
        "stopped_by": run.stopped_by,
        "games": run.games,
        "summary": table,
        "breakdown_medians": breakdown,
        "by_event": by_event,
        "goal": {"p95_to_next_frame_ms_under": GOAL_MS, **goal},
        "taps": [dataclasses.asdict(t) for t in run.taps],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Tap-to-screen latency of the table in Chromium.")
    parser.add_argument("--games", type=int, help="play exactly this many games (within the budget)")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed; then +1 each (default 1)")
    parser.add_argument(
        "--budget", type=float, default=BUDGET_S, help=f"seconds of play at most (default {BUDGET_S:.0f})"
    )
    parser.add_argument("--json", type=Path, help="also write the results (every tap) here as JSON")
    parser.add_argument(
        "--hints",
        nargs="?",
        const="draw",
        choices=["draw", "discard"],
        help="also tap Hint (the kind 'hint'): at the start of every turn (draw, the default) "
        "or before every discard (discard)",
    )
    parser.add_argument("--players", type=int, choices=range(2, 7), help="every game at this many players")
    parser.add_argument(
        "--viewport",
        default="390x844",
        help="the phone's size, WIDTHxHEIGHT (default 390x844; 844x390 is a phone held sideways)",
    )
    parser.add_argument(
        "--no-build",
        action="store_true",
        help="serve a copy of dist/ as it is (default: a fresh private build)",
    )
    args = parser.parse_args(argv)
    if args.games is not None and args.games < 1:
        parser.error("--games must be at least 1")
    if args.no_build and not (build.DIST / "index.html").exists():
        parser.error("dist/ has not been built: run without --no-build")
    try:
        width, height = (int(part) for part in args.viewport.lower().split("x"))
    except ValueError:
        parser.error(f"--viewport is WIDTHxHEIGHT, not {args.viewport!r}")
    viewport: ViewportSize = {"width": width, "height": height}
    try:
        with private_site(args.no_build) as site, serving(site) as url, sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=startup.CHROMIUM, args=startup.CHROMIUM_ARGS, headless=True
            )
            try:
                run = play(
                    browser, url, args.games, args.seed, args.budget, args.hints, args.players, viewport
                )
            finally:
                browser.close()
    except (startup.BenchError, PlaywrightError) as error:
        print(f"interaction.py: error: {error}", file=sys.stderr)
        return 1
    write_json(args.json, report(run))
    return 0


if __name__ == "__main__":
    sys.exit(main())
