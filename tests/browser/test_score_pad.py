"""The score pad in Chromium: a paper game written by taps reaches the engine's end and is
kept like a game; refusals are shown; the hand form fits a small phone and is accessible."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest
from ui.records import PAD, read_pad
from ui.saves.storage import FINISHED, read_finished
from ui.state import Event

from phase10 import GameConfig, Options
from phase10.pad import standings as pad_standings
from phase10.phaselists import encode, random_list
from phase10.tournament import play_bot_game
from support.browser.a11y import axe_problems
from support.browser.driving import LocalServer, open_app, renders, scroll_box, scrolled, tap
from support.browser.layout import layout_problems
from support.web.taps import pad_hand_taps

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

NAMES = ("Ann", "Bo", "Cy", "Di")


def set_up_pad(page: Any, url: str, names: tuple[str, ...] = NAMES) -> None:
    open_app(page, url)
    tap(page, Event("pad"))
    for _ in range(len(names) - 2):
        tap(page, Event("add-player"))
    for seat, name in enumerate(names):
        page.fill(f"#player-{seat}", name)
    tap(page, Event("pad-start"))
    assert screen(page) == "pad"


def screen(page: Any) -> str:
    return str(page.evaluate("() => document.documentElement.dataset.screen"))


def stored(page: Any, key: str) -> str | None:
    text: str | None = page.evaluate("(key) => localStorage.getItem(key)", key)
    return text


def test_a_standard_game_written_by_taps_reaches_the_engines_end_and_is_kept(
    page: Page, server: LocalServer
) -> None:
    game = play_bot_game(GameConfig(NAMES, 1), ("hard", "normal", "normal", "easy"), 1)
    set_up_pad(page, server.url)
    for number, record in enumerate(game.history, start=1):
        tap(page, Event("pad-write"))
        for event in pad_hand_taps(record):
            tap(page, event)
        assert screen(page) == "pad", page.locator(".error[role=alert]").all_inner_texts()
        if number == 2:  # a reload on the way loses nothing, and keeps the pad on screen
            page.reload()
            page.wait_for_selector("html[data-app-ready]", state="attached")
            assert page.locator("[data-action=pad-write]").inner_text() == "Write hand 3"
    page_text = page.locator("#app").inner_text()
    assert game.winner is not None
    winner = NAMES[game.winner]
    assert "The winner is" in page_text and winner in page_text
    rows = page.locator(".standings .standing")
    shown = {}
    for i in range(rows.count()):
        row = rows.nth(i)
        shown[row.locator(".standing-name").inner_text()] = int(row.locator(".standing-points").inner_text())
    assert shown == {player.name: player.score for player in game.players}
    kept = read_pad(stored(page, PAD)).pad
    assert kept is not None and pad_standings(kept).winner == game.winner
    past, damaged = read_finished(stored(page, FINISHED))
    assert [entry.game for entry in past] == [kept] and damaged == []
    tap(page, Event("home"))
    tap(page, Event("history"))
    assert "Score pad, played with real cards" in page.locator("#app").inner_text()


def test_refused_entries_show_why_and_keep_the_pad(page: Page, server: LocalServer) -> None:
    set_up_pad(page, server.url, ("Ann", "Bo", "Cy"))
    tap(page, Event("pad-write"))
    for event in (Event("pad-out", "0"), Event("pad-out", "1")):
        tap(page, event)
    marked = page.locator(".pad-out-names [aria-pressed=true]")
    assert marked.count() == 1 and marked.inner_text() == "Bo", "one player went out: the mark moved"
    tap(page, Event("pad-save"))
    assert "Write Ann's points." in page.locator(".error[role=alert]").inner_text()
    for event in (Event("pad-at", "0"), Event("pad-key", "7"), Event("pad-save")):
        tap(page, event)
    assert "Ann's points must be a multiple of 5" in page.locator(".error[role=alert]").inner_text()
    pad = read_pad(stored(page, PAD)).pad
    assert pad is not None
    assert pad.entries == ()


@pytest.mark.parametrize("players", [2, 6])
def test_the_hand_form_fits_a_small_phone_with_its_keypad_in_view(
    browser: Browser, server: LocalServer, players: int
) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 640}, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        page.emulate_media(reduced_motion="reduce")
        set_up_pad(page, server.url, ("Ann", "Bartholomew", "Cy", "Dee", "Ed", "Flo")[:players])
        tap(page, Event("pad-write"))
        problems = [f"hand: {problem}" for problem in layout_problems(page)]
        for selector in ("[data-action=pad-save]", "[data-action=pad-key][data-value='0']", ".keypad"):
            box = page.locator(selector).bounding_box()
            assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 640, selector
        page.locator("[data-action=pad-count][data-value='1']").click()
        page.wait_for_selector(".counter")
        problems += [f"counter: {problem}" for problem in layout_problems(page)]
        assert problems == []
        scroll = page.evaluate("() => document.scrollingElement.scrollHeight")
        assert scroll <= 640, "the page itself does not scroll: only the players' list does"
    finally:
        context.close()


# Whether the element is inside the window and, if in a scrolled box, inside its view.
SEEN = """(selector) => {
  const item = document.querySelector(selector).getBoundingClientRect();
  const area = document.querySelector('.pad-area').getBoundingClientRect();
  const within = (box) => item.top >= box.top - 1 && item.bottom <= box.bottom + 1;
  return within({top: 0, bottom: window.innerHeight})
    && (!document.querySelector('.pad-area').contains(document.querySelector(selector)) || within(area));
}"""


def test_on_a_small_phone_the_list_keeps_its_place_and_a_refusal_is_in_view(
    browser: Browser, server: LocalServer
) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 640}, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        page.emulate_media(reduced_motion="reduce")
        set_up_pad(page, server.url, ("Ann", "Bartholomew", "Cy", "Dee", "Ed", "Flo"))
        tap(page, Event("pad-write"))
        tap(page, Event("pad-out", "5"))  # Flo went out: chosen at the top, the list stays put
        assert scrolled(page, ".pad-area")[0] == 0
        tap(page, Event("pad-at", "4"))  # Ed, near the foot of the list: it scrolls to him
        assert scrolled(page, ".pad-area")[0] > 0
        for event in (Event("pad-key", "2"), Event("pad-key", "5")):
            tap(page, event)
            assert page.evaluate(SEEN, ".pad-row.at"), f"Ed's row is still in view after {event}"
        tap(page, Event("pad-save"))
        # Ann's points are missing: the reason shows by Save, and her row comes into view.
        assert "Write Ann's points." in page.locator(".error[role=alert]").inner_text()
        assert page.evaluate(SEEN, ".error[role=alert]")
        assert page.locator(".pad-row.at .pad-name").inner_text() == "Ann"
        assert page.evaluate(SEEN, ".pad-row.at")
    finally:
        context.close()


def test_held_sideways_the_card_counter_keeps_its_place_as_cards_are_counted(
    browser: Browser, server: LocalServer
) -> None:
    """A phone held sideways has room for a few of the counter's kinds of card at a time:
    scrolled down to the Wilds, each tap on + counts one and leaves the list where it was."""
    context = browser.new_context(viewport={"width": 640, "height": 360}, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        page.emulate_media(reduced_motion="reduce")
        set_up_pad(page, server.url)
        tap(page, Event("pad-write"))
        tap(page, Event("pad-out", "0"))
        tap(page, Event("pad-count", "1"))
        _, room = scrolled(page, ".counter")
        assert room > 100, "the counter scrolls"
        scroll_box(page, ".counter", room)
        last = page.locator("[data-action=pad-count-more]").count() - 1
        for counted in (1, 2):
            tap(page, Event("pad-count-more", str(last)))
            assert page.locator(".counter-total").inner_text().startswith(f"{counted} card")
            assert scrolled(page, ".counter")[0] == room, "the counter stayed where it was scrolled"
    finally:
        context.close()


def pad_with_a_hand(page: Any, url: str) -> None:
    set_up_pad(page, url, ("Ann", "Bo", "Cy"))
    tap(page, Event("pad-write"))
    for event in pad_hand_taps_for((0, 50, 55)):
        tap(page, event)


def pad_hand_taps_for(points: tuple[int, ...]) -> list[Event]:
    taps = [Event("pad-out", "0")]
    for seat, value in enumerate(points[1:], start=1):
        taps += [Event("pad-at", str(seat)), *[Event("pad-key", digit) for digit in str(value)]]
    return [*taps, Event("pad-save")]


def reach(page: Any, url: str, name: str) -> None:
    pad_with_a_hand(page, url)
    if name == "hand form, refused":
        tap(page, Event("pad-write"))
        tap(page, Event("pad-save"))
    elif name == "card counter":
        tap(page, Event("pad-write"))
        before = renders(page)
        page.locator("[data-action=pad-count][data-value='2']").click()
        page.wait_for_function(f"() => Number(document.documentElement.dataset.renders) > {before}")


# The pad's set-up is the game's set-up form, checked in test_accessibility.py.
@pytest.mark.parametrize("name", ["pad", "hand form, refused", "card counter"])
def test_the_pad_screens_have_no_serious_accessibility_problem(
    page: Page, server: LocalServer, name: str
) -> None:
    page.emulate_media(reduced_motion="reduce")
    reach(page, server.url, name)
    problems = axe_problems(page)
    assert problems == [], "\n".join(problems)


def test_a_pad_on_a_dealt_list_in_any_order_written_by_taps_reaches_the_engines_totals(
    page: Page, server: LocalServer
) -> None:
    """Issue 37: the pad set up with a list dealt by chance (by its code) and phases in any
    order; each hand written by taps, with the phase each player chose from its menu."""
    dealt = random_list(5, 8, "classic")
    names = NAMES[:3]
    options = Options(phase_list=dealt, any_order=True, phases_to_win=2)
    game = play_bot_game(GameConfig(names, 8, options), ("hard", "normal", "normal"), 8)
    assert game.winner is not None
    open_app(page, server.url)
    tap(page, Event("pad"))
    tap(page, Event("add-player"))
    for seat, name in enumerate(names):
        page.fill(f"#player-{seat}", name)
    page.fill("#phase-code", encode(dealt))
    tap(page, Event("use-phase-code"))
    for way in ("first-to-n", "any-order"):
        before = renders(page)
        page.check(f"input[name=way][value={way}]")
        page.wait_for_function(f"() => Number(document.documentElement.dataset.renders) > {before}")
    page.select_option("select[name=phases-to-win]", "2")
    tap(page, Event("pad-start"))
    assert screen(page) == "pad"
    for record in game.history:
        tap(page, Event("pad-write"))
        for event in pad_hand_taps(record, chosen=not record.tiebreak):
            if event.name == "pad-phase":  # a menu per player: the phase they played for
                before = renders(page)
                page.locator(f"select:has(option[value='{event.value}'])").select_option(event.value)
                page.wait_for_function(f"() => Number(document.documentElement.dataset.renders) > {before}")
            else:
                tap(page, event)
        assert screen(page) == "pad", page.locator(".error[role=alert]").all_inner_texts()
    kept = read_pad(stored(page, PAD)).pad
    assert kept is not None and kept.options == options
    standing = pad_standings(kept)
    assert standing.winner == game.winner
    assert standing.scores == tuple(player.score for player in game.players)
    assert encode(dealt) in page.locator(".pad-head").inner_text(), "the pad names its list's code"
