#!/usr/bin/env python3
"""Screenshots of every screen of Ten Phases at phone size, for design review.

    .venv/bin/python tests/screenshots.py               build dist/, then shoot into docs/screenshots/
    .venv/bin/python tests/screenshots.py --no-build    shoot the dist/ already built

(.venv as tests/run.py sets it up: its ten-phases.pth finds build.py, the engine, the
UI and the test-support package in the source tree.)

Not a test (pytest collects test_*.py only): a script that drives the built app
in Debian's Chromium, by taps, the way tests/browser does.  Every game shown is
made from a fixed seed, from the engine's state notation or from the computer
players' own play of a seeded game, so the same app gives the same pictures.
Each shot is the viewport (390x844, or 360x640 where the name says so),
NN-name.png; a screen that scrolls also gets the whole of it, NN-name-full.png
(for the table, whose middle scrolls inside a fixed screen, the table laid out
in full).  The script prints what it measures on each screen: sideways
scrolling, text cut off with an ellipsis, and tap targets smaller than 44 px.

The page moves on its own timer (computer players' moves; the scores after a
hand's last play), so a mirror of the controller on CPython says how many renders
to wait for, and the games shown are played at the "relaxed" speed, which leaves
time to take a picture before the timer moves on.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

import build
from playwright.sync_api import Browser, Page, ViewportSize, sync_playwright
from ui.state import Event, Screen, SetupInput, Ui
from ui.table.model import closing, shown_hand
from ui.table.play import timer_event
from ui.taps import ComputerMove

from phase10 import Action, Discard, GameConfig, GameState, NextHand, Step, apply, new_game
from phase10.bots import Bot, Level, bot_seed, seat_bot
from phase10.cards import Card, parse_card
from phase10.notation import parse_state
from phase10.phaselists import encode, random_list
from phase10.serialize import to_json
from phase10.tournament import play_bot_game
from phase10.view import view
from support.browser import chromium
from support.browser.camera import camera_args, show_qr
from support.browser.driving import (
    needs_menu,
    open_app,
    put_saved_game,
    renders,
    serving,
    tap,
    wait_for_controller,
    wait_ready,
)
from support.browser.phones import (
    code_on,
    dealt_and_linked,
    type_and_tap,
    unreachable_answer,
    unreachable_offer,
)
from support.engine.scenarios import denial_table
from support.web.states import GOING_OUT, TIE, TIEBREAK
from support.web.taps import handle, hinted_taps, pad_hand_taps

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "screenshots"
CHROMIUM = chromium.CHROMIUM
CHROMIUM_ARGS = list(chromium.CHROMIUM_ARGS)
PHONE: ViewportSize = {"width": 390, "height": 844}
SMALL_PHONE: ViewportSize = {"width": 360, "height": 640}
SETTINGS = "ten-phases/settings"
PLAYERS = ("Ann", "Bartholomew", "Cy", "Dee")

# --- the games shown, in the engine's state notation ----------------------------------------

# Hand 2, Ann to draw.  Dee has just discarded a Skip against Cy; Bartholomew and Cy
# have laid their phases.  Ann holds phase 1 with a Wild, a 7 to hit with, a Wild
# that fits either end of Bartholomew's run, and a Skip.
MID_HAND = """
game seed=21 first-dealer=1 current=0 dealer=2 step=draw turns=9
seat 0 "Ann" score=50
  hand: R3 B3 W R8 G8 Y8 R7 W S G11
seat 1 "Bartholomew" phase-index=1 score=0
  hand: B1 B2 G12
  group: set:Y7,G7,B7
  group: run:R4,B5,G6,Y7
seat 2 "Cy" score=60 skip=pending
  hand: B11 Y1 G2 R1
  group: set:R10,B10,G10
  group: set:Y12,R12,W
seat 3 "Dee" phase-index=1 score=5
  hand: G1 G3 Y3 B6 R6 Y6 B8 Y9 Y10 R11
discard: Y2 S
history: 1 phases=1,1,1,1 points=50,0,60,5 completed=no,yes,no,yes out=1 tiebreak=no
"""
MID_HAND_DRAW = "Y5"  # the card Ann draws (the notation's draw pile would give her a Skip)


# An older finished game for the past games list: Mia goes out on phase 1 and wins.
OLDER_GAME = """
game seed=5 current=0 step=play turns=7
options phases-to-win=1
seat 0 "Mia"
  hand: G9
  group: set:R4,B4,Y4
  group: set:G11,Y11,W
seat 1 "Leo"
  hand: R1 B3 Y5 G7 R8 B10 Y12 G12 S W
discard: B2
"""

DAMAGED_SAVE = '{"format": "ten-phases/game", "version": 1, "players": "lost"}'

# --- measuring a screen -------------------------------------------------------------------

LAYOUT_NOTES = """
() => {
  const width = document.documentElement.clientWidth;
  const notes = [];
  const name = (el) => {
    const cls = el.classList.length ? '.' + [...el.classList].join('.') : '';
    const text = (el.getAttribute('aria-label') || el.textContent || el.value || '').trim().slice(0, 24);
    return `${el.tagName.toLowerCase()}${cls} "${text}"`;
  };
  if (document.documentElement.scrollWidth > width) {
    notes.push(`scrolls sideways: ${document.documentElement.scrollWidth}px wide in ${width}px`);
    // What sticks out: the outermost element past the edge that no box clips, or anything
    // positioned absolutely (a box that scrolls sideways does not clip what it does not contain).
    const clipped = (el) => {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== 'visible') return true;
      }
      return false;
    };
    for (const el of document.querySelectorAll('body *')) {
      const right = el.getBoundingClientRect().right;
      if (right <= width + 0.5) continue;
      const loose = ['absolute', 'fixed'].includes(getComputedStyle(el).position);
      const outermost = el.parentElement.getBoundingClientRect().right <= width + 0.5 && !clipped(el);
      if (loose || outermost) notes.push(`  sticks out to ${Math.round(right)}px: ${name(el)}`);
    }
  }
  const area = document.querySelector('.table-area');
  if (area && area.scrollWidth > area.clientWidth) {
    notes.push(`table area scrolls sideways: ${area.scrollWidth}px wide in ${area.clientWidth}px`);
  }
  for (const el of document.querySelectorAll('#app *')) {
    if (el.closest('[hidden]') || getComputedStyle(el).textOverflow !== 'ellipsis') continue;
    if (el.scrollWidth > el.clientWidth + 1) notes.push(`cut off ${name(el)}`);
  }
  const seen = new Set();
  for (let el of document.querySelectorAll('button, a, input, select, summary, [data-action]')) {
    const label = el.matches('input[type=radio], input[type=checkbox]') && el.closest('label');
    if (label) el = label;
    if (seen.has(el) || el.closest('[hidden]')) continue;
    seen.add(el);
    const box = el.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1) continue;
    if (box.width < 44 || box.height < 44) {
      notes.push(`small target ${name(el)}: ${Math.round(box.width)}x${Math.round(box.height)}`);
    }
    if (box.right > width + 0.5 || box.left < -0.5) notes.push(`off screen ${name(el)}`);
  }
  return notes;
}
"""

# The table is a fixed screen whose middle scrolls: laid out as one long page, for -full
# (by the CSSOM: the page's content security policy refuses a style sheet).
UNFIX_TABLE = """(on) => {
  const set = (selector, property, value) => {
    const node = document.querySelector(selector);
    if (node) node.style.setProperty(property, on ? value : '', on ? 'important' : '');
  };
  set('.table-screen', 'position', 'static');
  set('.table-screen', 'display', 'block');
  set('.table-area', 'overflow', 'visible');
  set('.docked', 'position', 'static');
  set('.docked', 'display', 'block');
  set('.docked-body', 'overflow', 'visible');
}"""

# Sticky controls (Deal at the foot of set-up) would be drawn mid-page in a -full shot:
# they go back to their place in the page for it.
UNSTICK = """(on) => {
  if (on) {
    for (const node of document.querySelectorAll('#app *')) {
      if (getComputedStyle(node).position === 'sticky') {
        node.style.setProperty('position', 'static', 'important');
        node.dataset.unstuck = '1';
      }
    }
  } else {
    for (const node of document.querySelectorAll('[data-unstuck]')) {
      node.style.removeProperty('position');
      delete node.dataset.unstuck;
    }
  }
}"""

TABLE_SCROLLS = """() => {
  const area = document.querySelector('.table-area, .docked-body');
  return area !== null && area.scrollHeight > area.clientHeight + 1;
}"""


def shoot(page: Page, name: str, *, full: bool = True) -> None:
    """The viewport as NAME.png, and the whole screen as NAME-full.png when it scrolls."""
    rendered = renders(page)
    page.screenshot(path=OUT / f"{name}.png", animations="disabled")
    notes = page.evaluate(LAYOUT_NOTES)
    scrolls = page.evaluate("() => document.documentElement.scrollHeight > window.innerHeight")
    table_scrolls = page.evaluate(TABLE_SCROLLS)
    if full and scrolls:
        page.evaluate(UNSTICK, True)
        page.screenshot(path=OUT / f"{name}-full.png", full_page=True, animations="disabled")
        page.evaluate(UNSTICK, False)
    elif full and table_scrolls:
        page.evaluate(UNFIX_TABLE, True)
        page.screenshot(path=OUT / f"{name}-full.png", full_page=True, animations="disabled")
        page.evaluate(UNFIX_TABLE, False)
    assert renders(page) == rendered, f"{name}: the page moved on while it was shot"
    screen = page.evaluate("() => document.documentElement.dataset.screen")
    size = page.viewport_size or PHONE
    where = ", scrolls" if scrolls else ", the table scrolls" if table_scrolls else ""
    print(f"{name}.png ({screen}, {size['width']}x{size['height']}{where})", flush=True)
    for note in notes:
        print(f"    {note}")


# Scroll the page so that an element's top shows just under the screen's sticky title bar.
SCROLL_BELOW_BAR = """(selector) => {
  const bar = document.querySelector('.bar');
  const below = bar ? bar.getBoundingClientRect().height : 0;
  const top = document.querySelector(selector).getBoundingClientRect().top + window.scrollY;
  window.scrollTo(0, top - below - 8);
}"""


def wait_render_after(page: Page, before: int) -> None:
    page.wait_for_function(f"() => Number(document.documentElement.dataset.renders) > {before}")


def expect_screen(page: Page, screen: Screen) -> None:
    shown = page.evaluate("() => document.documentElement.dataset.screen")
    assert shown == screen.value, f"expected the {screen.value} screen, the page shows {shown}"


# --- playing by taps, with the controller on CPython as a mirror ----------------------------


class Table:
    """Taps on the page, fed to the controller too, so cards can be found by face and the
    page's own moves (computer players, the scores after a hand) foreseen."""

    def __init__(self, page: Page, ui: Ui) -> None:
        self.page = page
        self.ui = ui
        self.rendered = renders(page)  # the render that shows ``ui``

    def tap(self, *events: Event) -> None:
        for event in events:
            if event.name == "history-back":  # the browser's own Back
                before = renders(self.page)
                self.page.go_back()
                wait_render_after(self.page, before)
            else:
                if needs_menu(self.page, event):
                    self.tap(Event("menu"))
                tap(self.page, event)
            self.ui = handle(self.ui, event)
            self.rendered += 1
        expect_screen(self.page, self.ui.screen)

    def select(self, *codes: str) -> None:
        """Tap the cards of the shown hand with these faces (duplicates: the next copy)."""
        hand = shown_hand(self.ui)
        for code in codes:
            card = parse_card(code)
            index = next(i for i, c in enumerate(hand) if c == card and i not in self.ui.selected)
            self.tap(Event("select", str(index)))

    def unselect(self) -> None:
        """Tap every selected card again."""
        for index in tuple(self.ui.selected):
            self.tap(Event("select", str(index)))

    def wait(self, moves: int | None = None) -> None:
        """Let the page's timer play the computer players' moves (at most ``moves``), and
        stop at a hand's last play, still on the table, or at a person's turn."""
        count = 0
        while isinstance(event := timer_event(self.ui), ComputerMove):
            if moves is not None and count >= moves:
                break
            self.ui = handle(self.ui, event)
            self.rendered += 1
            count += 1
        self.page.wait_for_function(
            f"() => Number(document.documentElement.dataset.renders) >= {self.rendered}", timeout=120_000
        )
        assert renders(self.page) == self.rendered, "the page moved further than foreseen"
        expect_screen(self.page, self.ui.screen)


def store_settings(page: Page, **settings: object) -> None:
    """The phone's settings as stored (the page must be on the app's origin; they are read
    when the app opens)."""
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [SETTINGS, json.dumps(settings)])


def fresh_start(page: Page, url: str, **settings: object) -> None:
    """Nothing stored but the settings (by default: computers and scores at the relaxed pace)."""
    open_app(page, url)
    page.evaluate("() => localStorage.clear()")
    store_settings(page, **(settings or {"speed": "relaxed"}))
    open_app(page, url)


def continue_saved(page: Page, url: str, game: GameState) -> Table:
    """Open the app on ``game`` saved, Continue, and pass the phone: its player's table."""
    put_saved_game(page, url, to_json(game))
    table = Table(page, Ui(game=game))
    table.tap(Event("continue"))
    if table.ui.screen is Screen.HANDOFF:
        table.tap(Event("reveal"))
    return table


def with_draw_top(game: GameState, code: str) -> GameState:
    """``game`` with one copy of ``code`` moved to the top of the draw pile."""
    card = parse_card(code)
    pile = list(game.draw_pile)
    pile.remove(card)
    return replace(game, draw_pile=(*pile, card))


def finished(text: str, card: str) -> GameState:
    """The game over after the current player discards ``card`` from the state ``text``."""
    game = apply(parse_state(text), Discard(parse_card(card)))
    assert game.is_over
    return game


def most_common_number(hand: tuple[Card, ...]) -> list[str]:
    """Up to three cards of one number: a plausible set to select."""
    counts = Counter(c.number for c in hand if c.is_natural)
    number, _ = counts.most_common(1)[0]
    return [str(c) for c in hand if c.is_natural and c.number == number][:3]


# --- the screens --------------------------------------------------------------------------


def setup_and_first_turn(page: Page, url: str) -> None:
    """Fresh home; set-up for four, first to 3 phases; hand-off; the table, drawing and selecting."""
    fresh_start(page, url)
    expect_screen(page, Screen.HOME)
    shoot(page, "01-home")

    tap(page, Event("new-game", "computer"))
    expect_screen(page, Screen.SETUP)
    shoot(page, "34-setup-against-computer")
    tap(page, Event("back"))

    tap(page, Event("new-game"))
    while page.locator("input[name=player]").count() < len(PLAYERS):
        tap(page, Event("add-player"))
    for i, name in enumerate(PLAYERS):
        page.fill(f"#player-{i}", name)
    before = renders(page)
    page.check("input[name=way][value=first-to-n]")  # re-renders: the N select shows
    wait_render_after(page, before)
    page.select_option("select[name=phases-to-win]", "3")
    page.locator("details.more-options summary").click()
    page.fill("input[name=seed]", "7")
    page.evaluate("() => window.scrollTo(0, 0)")
    shoot(page, "03-setup")

    table = Table(page, handle(Ui(), Event("new-game")))
    kinds = ("person",) * len(PLAYERS)
    fields = SetupInput(PLAYERS, kinds, "classic", ("first-to-n",), "3", seed="7")
    table.ui = handle(table.ui, Event("start-game", form=fields))
    table.tap(Event("start-game"))
    shoot(page, "05-handoff")
    table.tap(Event("reveal"))
    shoot(page, "06-table-draw")
    table.tap(Event("draw"))
    table.select(*most_common_number(shown_hand(table.ui)))
    shoot(page, "07-table-selected")


def a_turn_with_every_prompt(page: Page, url: str) -> None:
    """Mid-hand: the Skip on the discard pile, laying down, hits, a run's end, a Skip's target."""
    table = continue_saved(page, url, with_draw_top(parse_state(MID_HAND), MID_HAND_DRAW))
    # A Skip is on top: the pile is aria-disabled but still answers a tap, with the reason.
    before = renders(page)
    page.locator("[data-action=take]").click(force=True)
    wait_render_after(page, before)
    table.ui = handle(table.ui, Event("take"))
    assert table.ui.message, "taking a Skip is refused"
    shoot(page, "08-table-skip-on-discard")

    table.tap(Event("draw"))
    table.select("R3", "B3", "W", "R8", "G8", "Y8")
    table.tap(Event("lay"))
    assert table.ui.prompt is not None and table.ui.prompt.kind == "lay"
    shoot(page, "09-lay-preview", full=False)
    table.tap(Event("confirm"))
    shoot(page, "10-table-laid")

    table.select("R7")  # fits only Bartholomew's set of 7s
    shoot(page, "11-hit-lit")
    table.unselect()

    table.select("W")
    table.tap(Event("hit", "1:1"))  # Bartholomew's run of 4-7: as 3 or as 8
    assert table.ui.prompt is not None and table.ui.prompt.kind == "end"
    shoot(page, "12-run-end-prompt", full=False)
    table.tap(Event("cancel"))
    table.unselect()

    table.select("S")
    table.tap(Event("discard"))
    assert table.ui.prompt is not None and table.ui.prompt.kind == "skip"
    shoot(page, "13-skip-target-prompt", full=False)
    table.tap(Event("choose", "0"))  # Bartholomew; Cy's Skip was already waiting: Dee plays next
    expect_screen(page, Screen.HANDOFF)
    shoot(page, "14-handoff-skipped")


def end_of_hand_and_game(page: Page, url: str) -> None:
    """A hand's last play on the table, then the score sheets: a hand over, a tie, and a
    tiebreak hand won (an older finished game stored)."""
    table = continue_saved(page, url, parse_state(GOING_OUT))
    table.select("B1")
    table.tap(Event("discard"))
    assert closing(table.ui), "the play that ends the hand stays on the table"
    shoot(page, "33-table-went-out")
    table.tap(Event("scores"))
    shoot(page, "15-hand-over")

    table = continue_saved(page, url, parse_state(TIE))
    table.select("G3")
    table.tap(Event("discard"), Event("scores"))
    assert table.ui.game is not None and table.ui.game.tiebreak, "Ann and Bartholomew tie"
    shoot(page, "16-hand-over-tie")

    older = json.dumps([to_json(finished(OLDER_GAME, "G9"))])
    page.evaluate("(text) => localStorage.setItem('ten-phases/finished', text)", older)
    table = continue_saved(page, url, parse_state(TIEBREAK))
    table.select("Y11")
    table.tap(Event("discard"), Event("scores"))
    expect_screen(page, Screen.GAME_OVER)
    shoot(page, "17-game-over")


def home_rules_history_corrupt(page: Page, url: str) -> None:
    """Home with a game to continue and past games; a new game over it; rules; past games; a bad save."""
    put_saved_game(page, url, to_json(parse_state(MID_HAND)))
    expect_screen(page, Screen.HOME)
    shoot(page, "02-home-continue")

    tap(page, Event("new-game"))
    expect_screen(page, Screen.SETUP)
    shoot(page, "04-setup-replacing")
    tap(page, Event("back"))

    rules_screen(page)

    tap(page, Event("history"))
    expect_screen(page, Screen.HISTORY)
    page.locator(".past-game .full-sheet > summary").first.click()  # the latest game's score sheet opens
    shoot(page, "19-past-games")

    put_saved_game(page, url, DAMAGED_SAVE)
    expect_screen(page, Screen.CORRUPT)
    shoot(page, "20-corrupt-save")


def rules_screen(page: Page) -> None:
    """From the home screen: the rules, whole and their first section, and back."""
    tap(page, Event("rules"))
    expect_screen(page, Screen.RULES)
    shoot(page, "18-rules")
    how_to = page.locator(".how-to-play")
    how_to.screenshot(path=OUT / "36-rules-how-to-play.png", animations="disabled")
    box = how_to.bounding_box()
    assert box is not None
    print(f"36-rules-how-to-play.png (the rules' first section, {box['width']:.0f}x{box['height']:.0f})")
    tap(page, Event("back"))


# Ann alone against two computers, hand 2: Robo (normal) is about to draw, Hal (hard)
# has laid phase 2.  Robo takes the Wild, lays down and discards while Ann watches.
SOLO = """
game seed=5 first-dealer=2 current=1 dealer=0 step=draw turns=14
seat 0 "Ann" score=50
  hand: R2 B2 Y5 G5 R6 B9 G9 Y9 R11 W
seat 1 "Robo" kind=normal score=50
  hand: B1 Y1 B4 Y4 G4 R7 B8 G11 Y12 Y10
seat 2 "Hal" kind=hard phase-index=1 score=0
  hand: R3 G10 B12 Y7
  group: set:B6,G6,R6
  group: run:Y8,R9,W,G11
discard: G3 W
history: 1 phases=1,1,1 points=50,50,0 completed=no,no,yes out=2 tiebreak=no
"""

# Two people and a computer: the computer's turn on the open table, no hand shown.
SHARED = """
game seed=8 first-dealer=1 current=2 dealer=1 step=draw turns=4
seat 0 "Ann"
  hand: R2 B2 Y5 G5 R6 B9 G9 Y9 R11 W
seat 1 "Bo"
  hand: B3 Y1 B4 R4 G4 R7 B8 G11 Y12 Y10
seat 2 "Robo" kind=hard
  hand: R3 G10 B12 Y7 B6 G6 R6 R12 G12 Y3
discard: G1 Y11
"""


def computer_players(page: Page, url: str) -> None:
    """Set-up with computer seats; the computers' moves told on the table; the open table."""
    fresh_start(page, url)  # no damaged save left from before
    tap(page, Event("new-game"))
    tap(page, Event("add-player"))
    for i, kind in ((1, "normal"), (2, "hard")):
        before = renders(page)
        page.locator("select[name=kind]").nth(i).select_option(kind)
        wait_render_after(page, before)
    page.fill("#player-0", "Ann")
    shoot(page, "22-setup-computers")

    table = continue_saved(page, url, parse_state(SOLO))
    table.wait(moves=3)  # Robo takes the Wild, lays phase 1, hits on Hal's run
    assert table.ui.game is not None and table.ui.game.current == 1, "Robo still playing"
    shoot(page, "23-table-computers-moving")

    table = continue_saved(page, url, parse_state(SHARED))
    expect_screen(page, Screen.TABLE)
    shoot(page, "24-open-table")
    tap(page, Event("home"))


# The Flip edition, hand 2 on the Wild Side: Ann to draw; everyone has laid phase 2 on
# the Colour Side, before the flip (laid phases keep their side).
FLIP_WILD_DRAW = " ".join(
    (
        "4/Y9 1/R3! 10/B* 1/R5 10/Y1 4/Y3 6/B3 10/B6 9/R10 8/G5 11/Y10 9/Y6 7/R8 5/B4",
        "4/R6 5/R10! */R12 4/B10 8!/Y5 8/Y8 */G5 12/B10 10/G9 2/R9 1/B* 8/R3 1/B1 3/B8",
        "3/R6 2/B3 */Y2 11/Y* 11/Y7 5/Y11 6/R12 */B8 7/G2 11/B9 3/B2 4/B12 3/G10 12/G8",
        "*/R* 2/G3 5/G11 2!/B7 2/Y8 12/R8 4/G7 6/Y10 7/G11 10/G* 11!/Y* 7/G12! */B4 */B9",
        "12/B12 */R1 1/B* 3/G12 6!/B5 10/Y4! 4/G4 */G1 */G4 9!/G* 3/Y5 2/G2 9/R7 5/B5",
    )
)
FLIP_WILD = f"""
game seed=3 first-dealer=0 dealer=1 current=0 step=draw hand=2 turns=8 rng=6875543030506801531 side=wild
options ten-hands=no phases-to-win=- even-phases=no el-chavo=no edition=flip
draw: {FLIP_WILD_DRAW}
discard: 12/B6! 8/B11 6/G8 6/G3 6/R11 12/G9 7/G10 9/Y3
seat 0 "Ann" phase-index=1 score=50
  hand: 2/G6 3!/G7! 10/R2 10/R5 11/B7 12!/R7
  group: set:R4/1,R4/*,Y4/6
  group: color_run:R1/2,R2/3
seat 1 "Robo" phase-index=1 score=20 kind=normal
  hand: 1/Y6 5/Y7 9/B11 9/Y11 11/Y2 11/Y9!
  group: set:Y1/5!,G1/7,G*/4
  group: color_run:B1!/8,B2/7
seat 2 "Hal" phase-index=1 score=0 kind=hard
  hand: 9/G6
  group: set:Y12/8,Y12/12,R*/1,Y*/7
  group: color_run:R9/8,R*/*,R11/5
history: 1 phases=1,1,1 points=50,20,0 completed=yes,yes,yes out=2 tiebreak=no
"""


def flip_edition(page: Page, url: str) -> None:
    """Set-up with the Flip edition; its table on the Colour Side; a flip; the Wild Side."""
    fresh_start(page, url)
    tap(page, Event("new-game"))
    tap(page, Event("add-player"))
    names, kinds = ("Robo", "Ann", "Hal"), ("normal", "person", "hard")
    for i, kind in enumerate(kinds):
        if kind != "person":
            before = renders(page)
            page.locator("select[name=kind]").nth(i).select_option(kind)
            wait_render_after(page, before)
    before = renders(page)
    page.check("input[name=edition][value=flip]")
    wait_render_after(page, before)
    for i, name in enumerate(names):
        page.fill(f"#player-{i}", name)
    page.locator(".edition-phases summary").click()
    page.locator("details.more-options summary").click()
    page.fill("input[name=seed]", "48")
    page.locator("input[name=edition][value=flip]").scroll_into_view_if_needed()
    shoot(page, "25-setup-flip")
    table = Table(page, handle(Ui(), Event("new-game")))
    table.ui = handle(table.ui, Event("start-game", form=SetupInput(names, kinds, "flip", seed="48")))
    table.tap(Event("start-game"))
    shoot(page, "26-flip-table")
    table.tap(Event("draw"))
    assert table.ui.game is not None
    flips = next(i for i, card in enumerate(shown_hand(table.ui)) if card.flips)
    table.tap(Event("select", str(flips)))
    table.tap(Event("discard"))
    page.evaluate("() => window.scrollTo(0, 0)")
    shoot(page, "27-flip-announced")
    table = continue_saved(page, url, parse_state(FLIP_WILD))
    shoot(page, "28-flip-table-wild")
    tap(page, Event("home"))


def everyone(browser: Browser, url: str) -> None:
    """Settings; set-up, a table and a hand's end in Spanish (the phone's language); large
    type; the keyboard's focus."""
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True, locale="es-MX"
    )
    page = context.new_page()
    page.set_default_timeout(60_000)
    fresh_start(page, url, language="")  # the settings as they come
    tap(page, Event("settings"))
    shoot(page, "29-settings-spanish")
    tap(page, Event("back"))
    tap(page, Event("new-game"))
    shoot(page, "44-setup-spanish")
    continue_saved(page, url, parse_state(MID_HAND))
    shoot(page, "30-table-spanish")

    store_settings(page, speed="relaxed")
    table = continue_saved(page, url, parse_state(GOING_OUT))
    table.select("B1")
    table.tap(Event("discard"))
    shoot(page, "45-table-went-out-spanish")
    table.tap(Event("scores"))
    shoot(page, "46-hand-over-spanish")

    fresh_start(page, url, language="")
    tap(page, Event("settings"))
    before = renders(page)
    page.check("input[name=language][value=en]")
    wait_render_after(page, before)
    shoot(page, "35-settings")
    before = renders(page)
    page.check("input[name=large-type]")
    wait_render_after(page, before)
    table = continue_saved(page, url, parse_state(MID_HAND))
    shoot(page, "31-table-large-type")
    table.tap(Event("draw"))
    page.locator("[data-action=select]").nth(2).focus()
    page.keyboard.press("Tab")  # focus rings show for the keyboard, not for taps
    page.keyboard.press("Shift+Tab")
    shoot(page, "32-keyboard-focus", full=False)
    context.close()


# --- six players: long names, a full table, a long game ------------------------------------

# One person and five computers, every name 20 characters long.
SIX_NAMES = (
    "Christopher Robinson",
    "Alexandra Fitzgerald",
    "María José Rodríguez",
    "Bartholomew Ashworth",
    "Evangeline Blackwood",
    "Maximiliano Gonzalez",
)
SIX_KINDS = ("person", *("normal",) * 5)
SIX_SEED = 8  # a game of 17 hands that a computer wins, the person going out in hands 3, 6, 13, 15


def bot_game(config: GameConfig) -> list[tuple[Action | None, GameState]]:
    """A whole game played by computer players (the person's seat too, by a normal one):
    each action with the state it made, after the first state."""
    stand_in = Bot(Level.NORMAL, bot_seed(config, 0))
    game = new_game(config)
    played: list[tuple[Action | None, GameState]] = [(None, game)]
    while not game.is_over:
        bot = seat_bot(config, game.current) or stand_in
        action = bot.choose(view(game, game.current))
        game = apply(game, action)
        played.append((action, game))
    return played


def six_games() -> tuple[GameState, GameState, GameState]:
    """From one game of six: (a table where the computers play until the person's turn,
    every one of them with a phase laid; the person about to go out by a discard, late
    in the game; the winning move about to be made by a computer)."""
    config = GameConfig(SIX_NAMES, SIX_SEED, kinds=SIX_KINDS)
    assert all(len(name) == 20 for name in SIX_NAMES)
    played = bot_game(config)
    states = [game for _, game in played]

    def all_laid(game: GameState) -> bool:
        return all(player.has_laid for player in game.players[1:])

    turn = next(
        i
        for i, game in enumerate(states)
        if game.step is Step.DRAW and game.current == 0 and game.hand_number > 1 and all_laid(game)
    )
    # From the person's last discard before it, or the hand's deal: the computers' moves
    # since then come in view.
    hand = states[turn].hand_number
    start = max(
        i
        for i in range(1, turn)
        if states[i].hand_number == hand
        and (
            isinstance(played[i][0], NextHand)
            or (isinstance(played[i][0], Discard) and states[i - 1].current == 0)
        )
    )
    out = max(
        i
        for i, (action, game) in enumerate(played)
        if game.step is Step.HAND_OVER
        and game.history[-1].went_out == 0
        and isinstance(action, Discard)
        and not action.card.is_skip
    )
    last = states[-2]
    assert states[-1].winner not in (None, 0) and last.current != 0, "a computer wins"
    return states[start], states[out - 1], last


def six_players(browser: Browser, url: str) -> None:
    """Six at the table with long names, on a small phone (360x640), and the table at 390x844
    too: the table, a hand's end, the scores, the game's end and its full sheet."""
    table_start, going_out, last_move = six_games()
    context = browser.new_context(viewport=SMALL_PHONE, device_scale_factor=1, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(60_000)
    fresh_start(page, url, speed="quick")  # five computers play before the person's turn
    table = continue_saved(page, url, table_start)
    table.wait()
    game = table.ui.game
    assert game is not None and game.current == 0 and game.step is Step.DRAW
    assert all(player.has_laid for player in game.players[1:]), "every opponent has laid a phase"
    shoot(page, "37-six-table-360")
    page.set_viewport_size(PHONE)
    shoot(page, "38-six-table-390")
    page.set_viewport_size(SMALL_PHONE)

    store_settings(page, speed="relaxed")
    table = continue_saved(page, url, going_out)
    assert table.ui.game is not None
    (card,) = shown_hand(table.ui)
    table.select(str(card))
    table.tap(Event("discard"))
    assert closing(table.ui)
    shoot(page, "39-six-went-out-360")
    table.tap(Event("scores"))
    expect_screen(page, Screen.HAND_OVER)
    shoot(page, "40-six-hand-over-360")

    table = continue_saved(page, url, last_move)
    table.wait()  # the winning move
    assert closing(table.ui)
    shoot(page, "41-six-computer-went-out-360")
    table.tap(Event("scores"))
    expect_screen(page, Screen.GAME_OVER)
    shoot(page, "42-six-game-over-360")
    page.locator("details.full-sheet > summary").click()
    page.evaluate(SCROLL_BELOW_BAR, "details.full-sheet")
    shoot(page, "43-six-score-sheet-360")
    context.close()


def tap_all(page: Page, events: list[Event]) -> None:
    for event in events:
        tap(page, event)


def score_pad(browser: Browser, url: str) -> None:
    """The score pad of a game played with real cards: its set-up, a hand being written (and
    refused), the card counter, the pad after some hands, the winner, on a small phone and
    in Spanish."""
    game = play_bot_game(GameConfig(("Ann", "Bo", "Cy", "Di"), 1), ("hard", "normal", "normal", "easy"), 1)
    context = browser.new_context(viewport=SMALL_PHONE, device_scale_factor=1, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(60_000)
    fresh_start(page, url)
    tap(page, Event("pad"))
    tap_all(page, [Event("add-player"), Event("add-player")])
    for seat, name in enumerate(("Ann", "Bo", "Cy", "Di")):
        page.fill(f"#player-{seat}", name)
    shoot(page, "47-pad-setup-360")
    tap(page, Event("pad-start"))
    for record in game.history[:3]:
        tap(page, Event("pad-write"))
        tap_all(page, pad_hand_taps(record))
    tap(page, Event("pad-write"))
    fourth = pad_hand_taps(game.history[3])
    tap_all(page, fourth[: len(fourth) // 2])
    shoot(page, "48-pad-hand-360", full=False)
    tap(page, Event("pad-save"))
    shoot(page, "49-pad-refused-360", full=False)
    page.locator("[data-action=pad-count][data-value='3']").click()
    page.wait_for_selector(".counter")
    tap_all(page, [Event("pad-count-more", "0"), Event("pad-count-more", "0"), Event("pad-count-more", "3")])
    shoot(page, "50-pad-counter-360", full=False)
    tap(page, Event("pad-count-close"))
    tap(page, Event("pad-cancel"))
    page.set_viewport_size(PHONE)
    shoot(page, "51-pad-390")
    for record in game.history[3:]:
        tap(page, Event("pad-write"))
        tap_all(page, pad_hand_taps(record))
    expect_screen(page, Screen.PAD)
    shoot(page, "52-pad-won-390")
    context.close()

    context = browser.new_context(
        viewport=SMALL_PHONE, device_scale_factor=1, is_mobile=True, has_touch=True, locale="es-MX"
    )
    page = context.new_page()
    page.set_default_timeout(60_000)
    fresh_start(page, url)
    tap(page, Event("pad"))
    tap(page, Event("pad-start"))
    tap(page, Event("pad-write"))
    tap_all(page, [Event("pad-out", "0"), Event("pad-save")])
    shoot(page, "53-pad-hand-spanish-360", full=False)
    context.close()


# A list of eight phases dealt by chance, as a link would bring it.
HOUSE_LIST = encode(random_list(8, 42, "classic"))


def house_rules(browser: Browser, url: str) -> None:
    """A table's own phases on a small phone: set-up opened by a list's link, a code
    mistyped, and phases in any order against two computers: the table asking for the
    phase, and the question with how close the hand is to each (rulings 31-34)."""
    context = browser.new_context(viewport=SMALL_PHONE, device_scale_factor=1, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(60_000)
    fresh_start(page, url)
    page.goto(f"{url}?phases={HOUSE_LIST}")
    wait_ready(page)
    expect_screen(page, Screen.SETUP)
    page.locator(".phases-field").scroll_into_view_if_needed()
    shoot(page, "72-setup-own-list-360", full=False)
    page.fill("#list-name", "Friday night")
    tap(page, Event("keep-list"))
    page.locator(".saved-lists").scroll_into_view_if_needed()
    shoot(page, "78-setup-kept-list-360", full=False)
    page.fill("input[name=phase-code]", HOUSE_LIST[:-1] + "0")
    tap(page, Event("use-phase-code"))
    page.locator("#phase-code-error").scroll_into_view_if_needed()
    shoot(page, "73-setup-code-refused-360", full=False)
    tap(page, Event("list-edit"))
    tap_all(page, [Event("list-phase", "2"), Event("list-add-group"), Event("list-size", "1:+")])
    page.locator(".list-phase.open").scroll_into_view_if_needed()
    shoot(page, "76-list-editor-360", full=False)
    tap(page, Event("list-size", "0:+"))  # a run of 8 and a set of 3: eleven cards
    page.locator(".list-phase.open").scroll_into_view_if_needed()
    shoot(page, "77-list-editor-refused-360", full=False)
    tap(page, Event("back"))
    page.fill("#player-0", "Ann")
    for seat, kind in ((1, "normal"), (2, "hard")):
        if page.locator("select[name=kind]").count() <= seat:
            tap(page, Event("add-player"))
        before = renders(page)
        page.locator("select[name=kind]").nth(seat).select_option(kind)
        wait_render_after(page, before)
    before = renders(page)
    page.check("input[name=way][value=any-order]")
    wait_render_after(page, before)
    page.locator("details.more-options summary").click()
    page.fill("input[name=seed]", "7")
    tap(page, Event("start-game"))
    page.wait_for_selector("[data-action=pick]")
    shoot(page, "74-table-choose-a-phase-360", full=False)
    tap(page, Event("pick"))
    shoot(page, "75-choose-a-phase-360", full=False)
    context.close()


def coach(browser: Browser, url: str) -> None:
    """The coach on a small phone: the set-up's Hints box; a hint to draw, then one for the
    turn's next move with its cards outlined; a hint in Spanish; a game over that says
    hints were used; a hint that keeps a card from the next player."""
    config = GameConfig(("Ann", "Hal"), 27, kinds=("person", "hard"), first_dealer=1)
    shots = {"en-GB": ("55-hint-draw-360", "56-hint-play-360"), "es-MX": ("57-hint-spanish-360",)}
    for locale, names in shots.items():
        context = browser.new_context(
            viewport=SMALL_PHONE, device_scale_factor=1, is_mobile=True, has_touch=True, locale=locale
        )
        page = context.new_page()
        page.set_default_timeout(60_000)
        fresh_start(page, url)
        if locale == "en-GB":
            tap(page, Event("new-game"))
            page.locator("input[name=hints]").scroll_into_view_if_needed()
            shoot(page, "54-setup-hints-360", full=False)
        table = continue_saved(page, url, new_game(config))
        table.ui = replace(table.ui, browser_languages=(locale,))
        table.tap(Event("hint"))
        shoot(page, names[0], full=False)
        if len(names) > 1:
            table.tap(*hinted_taps(table.ui))
            table.tap(Event("hint"))
            shoot(page, names[1], full=False)
            coached = replace(parse_state(TIEBREAK), hints_used=(4, 0, 1, 0))
            table = continue_saved(page, url, coached)
            table.select("Y11")
            table.tap(Event("discard"), Event("scores"))
            expect_screen(page, Screen.GAME_OVER)
            shoot(page, "58-game-over-hints-360")
            kept_back = parse_state(denial_table("kind=hard").replace("seed=4", "seed=1"))
            table = continue_saved(page, url, kept_back)
            table.tap(Event("hint"))
            shoot(page, "59-hint-keeps-a-card-back-360", full=False)
        context.close()


# Every shape of screen the app lays out for: portrait and landscape phones, a tablet, a computer.
SHAPES: tuple[ViewportSize, ...] = (
    {"width": 360, "height": 640},
    {"width": 390, "height": 844},
    {"width": 640, "height": 360},
    {"width": 844, "height": 390},
    {"width": 820, "height": 1180},
    {"width": 1280, "height": 800},
)


def shapes(browser: Browser, url: str) -> None:
    """The screens whose layout changes with the shape of the screen, at every shape: the
    table of six (normal and Large type), a table of four with a card selected, the end of
    a hand with its full sheet, a hand being written on the score pad, home and set-up."""
    table_start, going_out, _ = six_games()
    # The pad is set up with the form's two players: a game of two to write its first hand.
    game = play_bot_game(GameConfig(("Ann", "Bo"), 1), ("hard", "normal"), 1)
    for size in SHAPES:
        name = f"{size['width']}x{size['height']}"
        context = browser.new_context(
            viewport=size, device_scale_factor=1, is_mobile=size["width"] < 700, has_touch=True
        )
        page = context.new_page()
        page.set_default_timeout(60_000)
        fresh_start(page, url, speed="quick")
        shoot(page, f"60-home-{name}", full=False)
        tap(page, Event("new-game", "computer"))
        shoot(page, f"61-setup-{name}", full=False)
        table = continue_saved(page, url, table_start)
        table.wait()
        shoot(page, f"62-table-six-{name}", full=False)
        store_settings(page, speed="quick", large_type=True)
        table = continue_saved(page, url, table_start)
        table.wait()
        shoot(page, f"63-table-six-large-{name}", full=False)
        store_settings(page, speed="relaxed")
        table = continue_saved(page, url, with_draw_top(parse_state(MID_HAND), MID_HAND_DRAW))
        table.tap(Event("draw"), Event("lay"), Event("confirm"))
        table.select("R7")
        shoot(page, f"64-table-hit-lit-{name}", full=False)
        table = continue_saved(page, url, going_out)
        (card,) = shown_hand(table.ui)
        table.select(str(card))
        table.tap(Event("discard"), Event("scores"))
        page.locator("details.full-sheet > summary").click()
        page.locator(".score-sheet").scroll_into_view_if_needed()
        shoot(page, f"65-hand-over-sheet-{name}", full=False)
        tap(page, Event("home"))
        tap(page, Event("pad"))
        tap(page, Event("pad-start"))
        tap(page, Event("pad-write"))
        tap_all(page, pad_hand_taps(game.history[0])[:-1])
        shoot(page, f"66-pad-hand-{name}", full=False)
        context.close()


def table_menus(browser: Browser, url: str) -> None:
    """The table's menu, the question Back asks on a game, a Skip turned up at the deal, and
    a hand taken back on the score pad with Redo offered."""
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(60_000)
    fresh_start(page, url)
    table = continue_saved(page, url, with_draw_top(parse_state(MID_HAND), MID_HAND_DRAW))
    table.tap(Event("menu"))
    shoot(page, "67-table-menu", full=False)
    table.tap(Event("menu-close"), Event("history-back"))
    shoot(page, "68-leave-question", full=False)
    table.tap(Event("stay"))
    skip_dealt = next(
        game
        for seed in range(1, 500)
        if (game := new_game(GameConfig(("Ann", "Bo", "Cy"), seed))).discard_pile[-1].is_skip
    )
    put_saved_game(page, url, to_json(skip_dealt))
    tap(page, Event("continue"))
    shoot(page, "69-skip-turned-up-handoff", full=False)
    tap(page, Event("reveal"))
    shoot(page, "70-skip-turned-up-table", full=False)
    context.close()
    context = browser.new_context(viewport=SMALL_PHONE, device_scale_factor=1, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(60_000)
    fresh_start(page, url)
    game = play_bot_game(GameConfig(("Ann", "Bo"), 1), ("hard", "normal"), 1)  # the pad's two players
    tap(page, Event("pad"))
    tap(page, Event("pad-start"))
    for record in game.history[:2]:
        tap(page, Event("pad-write"))
        tap_all(page, pad_hand_taps(record))
    tap(page, Event("pad-undo"))
    page.locator(".pad-redo").scroll_into_view_if_needed()
    shoot(page, "71-pad-undone-360", full=False)
    context.close()


def update_banner(browser: Browser) -> None:
    """A second build served in place of the first: the page offers the update."""
    with tempfile.TemporaryDirectory(prefix="ten-phases-update-") as folder:
        site = Path(folder) / "dist"
        build.build(site, note="before the update")
        with serving(site) as url:
            context = browser.new_context(
                viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True
            )
            page = context.new_page()
            open_app(page, url)
            wait_for_controller(page)
            build.build(site, note="after the update")
            page.reload()  # a navigation makes the browser look for a new service worker
            wait_ready(page)
            page.locator("#banner").get_by_text("Update available").wait_for(timeout=30_000)
            shoot(page, "21-update-banner", full=False)
            context.close()


# --- running ------------------------------------------------------------------------------


def _turn_played(page: Page, other: Page) -> None:
    """The player to move on ``page`` draws and discards their first card; then ``other``
    is given the turn."""
    page.wait_for_selector("[data-action=draw]:not([disabled])")
    tap(page, Event("draw"))
    page.wait_for_selector("[data-action=discard]")
    tap(page, Event("select", "0"))
    tap(page, Event("discard"))
    other.wait_for_selector("[data-action=draw]:not([disabled])")


def _in(name: str, locale: str) -> str:
    """A shot's name in a language: ``NN-name-360`` in English, ``NN-name-es-360`` in Spanish."""
    return name if locale.startswith("en") else name.replace("-360", "-es-360")


def phones(browser: Browser, url: str) -> None:
    """A game on two phones (issue 38) on small phones, twice: Ann's phone in English with
    Bo's in Spanish, then the other way round.  The host's code for Bo, Bo's phone showing
    its answer, each phone's table, both after the host's page reloaded (Bo's phone offering
    to rejoin, the host's seat waiting for it); then, in each language, a phone the host did
    not reach, and a joining phone that waited for the host in vain."""
    for locales in (("en-US", "es-ES"), ("es-ES", "en-US")):
        _two_phones_shot(browser, url, locales)
    _not_reached(browser, url)


def _two_phones_shot(browser: Browser, url: str, locales: tuple[str, str]) -> None:
    contexts: list[Any] = []
    host, phone = (_small_phone(browser, locale, contexts) for locale in locales)
    on_host, on_phone = (lambda name: _in(name, locales[0])), (lambda name: _in(name, locales[1]))
    for page in (host, phone):
        fresh_start(page, url)
    offer = dealt_and_linked(host, url, ("Ann", "Bo"), "11", 1)
    host.wait_for_selector(".qr svg")
    shoot(host, on_host("79-phones-code-360"))
    open_app(phone, url)
    tap(phone, Event("join-table"))
    type_and_tap(phone, "#host-code", Event("join-code"), offer)
    answer = code_on(phone)
    phone.wait_for_selector(".qr svg")
    shoot(phone, on_phone("80-join-answer-360"))
    host.fill("#answer-1", answer)
    host.locator("[data-action=accept-phone]").click()
    phone.wait_for_selector("html[data-screen=table] .hand [data-card]")
    host.wait_for_selector(".phone-linked")
    tap(host, Event("back"))
    _turn_played(phone, host)  # Bo on his phone, then Ann on hers: his lists her moves
    _turn_played(host, phone)
    phone.wait_for_selector(".narration li:has-text('Ann')")
    shoot(phone, on_phone("81-joined-table-360"), full=False)
    shoot(host, on_host("82-host-table-bo-away-360"), full=False)
    host.reload()  # the host's page reloads: Bo's phone offers to rejoin, his seat waits for it
    wait_ready(host)
    phone.wait_for_selector(".action-bar [data-action=join-table]", timeout=30_000)
    shoot(phone, on_phone("84-joined-host-lost-360"), full=False)
    tap(host, Event("phones"))
    host.wait_for_selector(".phone-lost")
    shoot(host, on_host("85-phones-rejoin-360"), full=False)
    for context in contexts:
        context.close()


def _not_reached(browser: Browser, url: str) -> None:
    """In each language: the host's plain words for a phone it could not reach, and a
    joining phone's after its 15 s wait (the joining phones wait side by side)."""
    contexts, joining = [], []
    for locale in ("en-US", "es-ES"):
        host, phone = (
            _small_phone(browser, locale, contexts),
            _small_phone(browser, locale, contexts),
        )
        fresh_start(host, url)
        offer = dealt_and_linked(host, url, ("Ann", "Bo"), "11", 1)
        host.fill("#answer-1", unreachable_answer(offer))
        host.locator("[data-action=accept-phone]").click()
        host.wait_for_selector("header .notice", timeout=30_000)
        shoot(host, _in("83-phone-not-reached-360", locale), full=False)
        fresh_start(phone, url)
        tap(phone, Event("join-table"))
        type_and_tap(phone, "#host-code", Event("join-code"), unreachable_offer())
        code_on(phone)
        joining.append((phone, locale))
    for phone, locale in joining:
        phone.wait_for_selector("header .notice", timeout=45_000)
        shoot(phone, _in("90-join-host-slow-360", locale), full=False)
    for context in contexts:
        context.close()


def _small_phone(browser: Browser, locale: str, contexts: list[Any]) -> Page:
    """A page on a phone of its own (a context: its own storage), 360x640, in ``locale``."""
    context = browser.new_context(
        viewport=SMALL_PHONE, device_scale_factor=1, is_mobile=True, has_touch=True, locale=locale
    )
    contexts.append(context)
    page = context.new_page()
    page.set_default_timeout(60_000)
    return page


def scanning(playwright: Any, url: str) -> None:
    """Reading a code with the camera (issue 38), in Chromium's fake camera showing a QR code
    that is not a pairing code (so the view stays open): the view on a small phone in English
    and Spanish, held sideways, and a refused camera said on Join a table."""
    with tempfile.TemporaryDirectory() as folder:
        video = Path(folder) / "code.y4m"
        show_qr(video, "HTTPS://EXAMPLE.COM/NOT-A-PAIRING-CODE")
        for allow, shots in (
            (True, ("86-scan-view-360", "87-scan-view-es-360")),
            (False, ("89-camera-refused-360",)),
        ):
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, args=camera_args(video, allow=allow)
            )
            for name, locale in zip(shots, ("en-US", "es-ES"), strict=False):
                context = browser.new_context(
                    viewport=SMALL_PHONE, device_scale_factor=1, is_mobile=True, has_touch=True, locale=locale
                )
                page = context.new_page()
                page.set_default_timeout(60_000)
                fresh_start(page, url)
                tap(page, Event("join-table"))
                page.locator("[data-action=scan-code]").click()
                if allow:
                    page.wait_for_selector("#scanner .scanner-not-ours:not([hidden])", timeout=30_000)
                    shoot(page, name, full=False)
                    if locale == "en-US":
                        page.set_viewport_size({"width": 640, "height": 360})
                        shoot(page, "88-scan-view-640x360", full=False)
                else:
                    page.wait_for_selector("#scanner", state="detached")
                    page.wait_for_selector("header .notice", timeout=30_000)
                    shoot(page, name, full=False)
                context.close()
            browser.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Screenshots of every screen into docs/screenshots/.")
    parser.add_argument("--no-build", action="store_true", help="use dist/ as it is")
    parser.add_argument(
        "--only",
        choices=[
            "rules",
            "flip",
            "everyone",
            "six",
            "pad",
            "coach",
            "shapes",
            "menus",
            "phases",
            "phones",
            "scan",
        ],
        help="shoot only these screens, keeping the others",
    )
    args = parser.parse_args(argv)
    (ROOT / ".cache").mkdir(exist_ok=True)
    if not args.no_build:
        build.build(build.DIST)
    if not (build.DIST / "index.html").exists():
        sys.exit("dist/ is not built: run without --no-build")
    OUT.mkdir(parents=True, exist_ok=True)
    only = args.only
    for old in OUT.glob("*.png"):
        if not only:
            old.unlink()

    with sync_playwright() as playwright, serving(build.DIST) as url:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context(viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True)
        page = context.new_page()
        page.set_default_timeout(60_000)
        if only == "rules":
            fresh_start(page, url)
            rules_screen(page)
        if only == "flip":
            flip_edition(page, url)
        if only == "everyone":
            everyone(browser, url)
        if only == "six":
            six_players(browser, url)
        if only == "pad":
            score_pad(browser, url)
        if only == "coach":
            coach(browser, url)
        if only == "phases":
            house_rules(browser, url)
        if only == "phones":
            phones(browser, url)
        if only == "scan":
            scanning(playwright, url)
        if only == "shapes":
            shapes(browser, url)
        if only == "menus":
            table_menus(browser, url)
        if only:
            context.close()
            browser.close()
            return 0
        setup_and_first_turn(page, url)
        a_turn_with_every_prompt(page, url)
        end_of_hand_and_game(page, url)
        home_rules_history_corrupt(page, url)
        computer_players(page, url)
        flip_edition(page, url)
        everyone(browser, url)
        six_players(browser, url)
        score_pad(browser, url)
        coach(browser, url)
        house_rules(browser, url)
        phones(browser, url)
        scanning(playwright, url)
        shapes(browser, url)
        table_menus(browser, url)
        context.close()
        update_banner(browser)
        browser.close()
    print(f"screenshots in {OUT.relative_to(ROOT)}/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
