"""Score sheets on a small phone: the standings of six players with 20-character names fit
360x640 with no sideways scrolling, in English and Spanish, in normal and Large type; the
full sheet behind a tap is laid out like the paper pad, a column per player, and every one
of its cells is on screen when scrolled to, none cut off at the side or lying under a bar
(the end of a hand keeps its Deal button beside the sheet, never over it); the names cut
short in its columns are all there in full behind a tap."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import pytest
from ui.state import Event

from phase10 import Discard, apply
from phase10.cards import parse_card
from phase10.notation import parse_state
from support.browser.a11y import axe_problems, focus_problems
from support.browser.driving import LocalServer, continue_saved, see_scores, tap

if TYPE_CHECKING:
    from playwright.sync_api import Browser

# A standard game's last turn: Alexandra has laid phase 10 and discards her last card to win.
# The others are on phases 2 to 8, with three-digit totals.
LAST_TURN = """
game seed=21 first-dealer=2 current=0 dealer=5 step=play turns=40
seat 0 "Alexandra Montgomery" phase-index=9 score=0
  hand: R7
  group: set:R3,B3,Y3,G3,R3
  group: set:R4,B4,G4
seat 1 "Bartholomew Kingsley" phase-index=7 score=530
  hand: B1 B2 B5 B6 G11 G12 Y11 Y12 G1 R1
seat 2 "Wolfeschlegelsteinha" phase-index=6 score=585
  hand: R2 Y2 G2 R5 Y5 G5 R6 Y6 G6 B7
seat 3 "María José Fernández" phase-index=3 score=555
  hand: R8 B8 Y8 G8 R9 B9 Y9 G9 R10 B10
seat 4 "Christopher-Benjamin" phase-index=4 score=515
  hand: Y10 G10 R11 B11 R12 B12 Y7 G7 W S
seat 5 "Pneumonoultramicrosc" phase-index=1 score=575
  hand: R1 B1 Y1 G1 R2 B2 Y2 G2 W S
discard: Y1
history: 1 phases=1,1,1,1,1,1 points=0,50,45,50,50,50 completed=yes,yes,yes,no,no,no out=0 tiebreak=no
history: 2 phases=2,2,2,1,1,1 points=0,75,75,45,85,90 completed=yes,yes,yes,yes,no,no out=0 tiebreak=no
history: 3 phases=3,3,3,2,1,1 points=0,50,50,75,55,50 completed=yes,yes,yes,yes,yes,no out=0 tiebreak=no
history: 4 phases=4,4,4,3,2,1 points=0,75,35,50,65,50 completed=yes,yes,yes,no,yes,no out=0 tiebreak=no
history: 5 phases=5,5,5,3,3,1 points=0,50,50,75,40,50 completed=yes,yes,yes,no,yes,no out=0 tiebreak=no
history: 6 phases=6,6,6,3,4,1 points=0,25,25,120,95,55 completed=yes,yes,yes,no,no,no out=0 tiebreak=no
history: 7 phases=7,7,7,3,4,1 points=0,105,90,50,55,50 completed=yes,no,no,no,no,no out=0 tiebreak=no
history: 8 phases=8,7,7,3,4,1 points=0,50,115,40,50,125 completed=yes,no,no,yes,no,no out=0 tiebreak=no
history: 9 phases=9,7,7,4,4,1 points=0,50,100,50,20,55 completed=yes,yes,no,no,yes,yes out=0 tiebreak=no
"""

# The same table a hand earlier: Alexandra goes out on phase 9, and the game goes on.
HAND_NINE_OUT = (
    LAST_TURN.replace(
        '"Alexandra Montgomery" phase-index=9 score=0', '"Alexandra Montgomery" phase-index=8 score=50'
    )
    .replace(
        '"Bartholomew Kingsley" phase-index=7 score=530', '"Bartholomew Kingsley" phase-index=7 score=480'
    )
    .replace("group: set:R4,B4,G4", "group: set:R4,B4")
    .replace(
        "history: 9 phases=9,7,7,4,4,1 points=0,50,100,50,20,55 completed=yes,yes,no,no,yes,yes out=0",
        "history: 9 phases=9,7,7,4,4,1 points=50,0,100,50,20,55 completed=no,yes,no,no,yes,yes out=1",
    )
)

NAMES = (
    "Alexandra Montgomery",
    "Bartholomew Kingsley",
    "Wolfeschlegelsteinha",
    "María José Fernández",
    "Christopher-Benjamin",
    "Pneumonoultramicrosc",
)

# The standings' rows, measured: each row's name, phase and total, and where they lie.
MEASURE = """() => [...document.querySelectorAll('.standings')].filter(list => list.offsetParent)
    .flatMap(list => [...list.querySelectorAll('.standing')].map(row => {
        const part = (selector) => {
            const el = row.querySelector(selector);
            const box = el.getBoundingClientRect();
            return {text: el.textContent, left: box.left, right: box.right, width: box.width,
                    clipped: el.scrollWidth > el.clientWidth + 1};
        };
        return {name: part('.standing-name'), phase: part('.standing-phase'), total: part('.standing-total')};
    }))"""

SIDEWAYS = "() => document.scrollingElement.scrollWidth - window.innerWidth"


def _context(browser: Any, language: str, large: bool) -> Any:
    context = browser.new_context(
        viewport={"width": 360, "height": 640}, has_touch=True, reduced_motion="reduce", locale="en-US"
    )
    settings = json.dumps({"language": language, "large_type": large})
    context.add_init_script(f"localStorage.setItem('ten-phases/settings', {json.dumps(settings)})")
    return context


def _fits(page: Any, game_over: bool) -> list[str]:
    """What does not fit: a name, phase or total past the screen's edge, or cut short."""
    rows = page.evaluate(MEASURE)
    problems = [f"{len(rows)} rows of standings shown"] if len(rows) != len(NAMES) else []
    width = page.evaluate("() => window.innerWidth")
    for row in rows:
        for part, found in row.items():
            if found["width"] <= 0 or found["left"] < -0.5 or found["right"] > width + 0.5:
                problems.append(f"{part} {found['text']!r} lies at {found['left']:.0f}-{found['right']:.0f}")
            if found["clipped"]:
                problems.append(f"{part} {found['text']!r} is cut short")
    if sorted(row["name"]["text"] for row in rows) != sorted(NAMES):
        problems.append(f"names shown: {[row['name']['text'] for row in rows]}")
    if game_over and rows and rows[0]["name"]["text"] != NAMES[0]:
        problems.append("the winner is not first")
    sideways = page.evaluate(SIDEWAYS)
    if sideways > 0:
        problems.append(f"the page scrolls sideways by {sideways}px")
    return problems


def _sheet_problems(page: Any) -> list[str]:
    """Every cell of the open full sheet, scrolled to as a player would: on screen, not cut
    short, and not under anything (a title bar, a docked button); and the full names there."""
    return list(
        page.evaluate(
            """() => {
                const sheet = [...document.querySelectorAll('details[open] .score-sheet')]
                    .find(el => el.offsetParent);
                if (!sheet) return ['no open full sheet'];
                const problems = [];
                const width = window.innerWidth;
                const cells = [...sheet.querySelectorAll('th, td')];
                if (sheet.querySelectorAll('thead th').length !== 7) problems.push('not a column per player');
                for (const cell of cells) {
                    cell.scrollIntoView({block: 'center'});
                    const box = cell.getBoundingClientRect();
                    const said = cell.textContent.trim().slice(0, 40);
                    if (box.left < -0.5 || box.right > width + 0.5)
                        problems.push(`"${said}" lies at ${box.left}-${box.right}`);
                    // A name cut short in its column's header is whole in the key below.
                    if (cell.scrollWidth > cell.clientWidth + 1 && !cell.querySelector('.sheet-name'))
                        problems.push(`"${said}" is cut short`);
                    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
                    if (!hit || !cell.contains(hit))
                        problems.push(`"${said}" lies under ${hit && hit.outerHTML.slice(0, 80)}`);
                }
                const key = sheet.closest('.sheet-box').querySelector('.sheet-names');
                if (!key || key.querySelectorAll('li').length !== 6)
                    problems.push('the full names are missing');
                return problems;
            }"""
        )
    )


def _sheet_opens(page: Any) -> None:
    page.locator("details.full-sheet > summary").click()
    page.locator(".sheet-key > summary").click()


def _game_over(page: Any, url: str) -> None:
    """The last turn played: the game-over screen."""
    continue_saved(page, url, LAST_TURN)
    tap(page, Event("select", "0"))
    tap(page, Event("discard"))
    if page.locator("[data-action=scores]").count():  # the table stays a moment after the end
        tap(page, Event("scores"))
    page.wait_for_selector("html[data-screen=game-over]", state="attached")


@pytest.mark.parametrize("large", [False, True], ids=["normal type", "large type"])
@pytest.mark.parametrize("language", ["en", "es"])
def test_six_long_names_fit_a_small_phone(
    browser: Browser, server: LocalServer, language: str, large: bool
) -> None:
    game = parse_state(LAST_TURN)
    assert [len(p.name) for p in game.players] == [20] * 6
    assert apply(game, Discard(parse_card("R7"))).winner == 0
    context = _context(browser, language, large)
    try:
        page = context.new_page()
        _game_over(page, server.url)
        assert page.evaluate("() => document.documentElement.lang") == language
        assert page.evaluate("() => document.documentElement.classList.contains('large-type')") == large
        assert page.inner_text(".winner") == NAMES[0]
        assert _fits(page, game_over=True) == []
        _sheet_opens(page)
        assert _sheet_problems(page) == []
        assert page.evaluate(SIDEWAYS) <= 0

        # Past games: every total shows; the standings and the sheet open behind a tap.
        tap(page, Event("home"))
        tap(page, Event("history"))
        totals = page.eval_on_selector_all(
            ".past-totals li", "els => els.map(e => [e.getBoundingClientRect().right, e.textContent])"
        )
        assert len(totals) == 6 and all(right <= 360.5 for right, _ in totals), totals
        page.locator(".past-game .full-sheet > summary").first.click()
        assert _fits(page, game_over=True) == []
        page.locator(".past-game .sheet-key > summary").first.click()
        assert _sheet_problems(page) == []
    finally:
        context.close()


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_score_sheets_are_accessible(browser: Browser, server: LocalServer, language: str) -> None:
    """axe-clean, with a clear focus ring on every control: the game over, its full sheet
    open, and past games with one open."""
    context = _context(browser, language, False)
    try:
        page = context.new_page()
        _game_over(page, server.url)
        assert axe_problems(page) == []
        _sheet_opens(page)
        assert axe_problems(page) == []
        assert focus_problems(page) == []
        tap(page, Event("home"))
        tap(page, Event("history"))
        page.locator(".past-game .full-sheet > summary").first.click()
        assert axe_problems(page) == []
        assert focus_problems(page) == []
    finally:
        context.close()


@pytest.mark.parametrize("large", [False, True], ids=["normal type", "large type"])
def test_the_end_of_a_hand_of_six_keeps_its_sheet_clear_of_the_deal_button(
    browser: Browser, server: LocalServer, large: bool
) -> None:
    """At 360x640: every cell of the hand's full sheet can be scrolled into view, and none
    lies under "Deal the next hand", which stays in reach at the bottom."""
    context = _context(browser, "en", large)
    try:
        page = context.new_page()
        continue_saved(page, server.url, HAND_NINE_OUT)
        tap(page, Event("select", "0"))
        tap(page, Event("discard"))
        see_scores(page)
        page.wait_for_selector("html[data-screen=hand-over]", state="attached")
        _sheet_opens(page)
        assert _sheet_problems(page) == []
        assert page.evaluate(SIDEWAYS) <= 0
        deal = page.locator("[data-action=next-hand]").bounding_box()
        assert deal is not None and deal["y"] + deal["height"] <= 640, "Deal stays in reach"
    finally:
        context.close()
