"""Phone first: every screen fits 360x640 and up with no sideways scrolling, and
every control is at least 44 px square."""

from __future__ import annotations

import random
from typing import Any

import pytest
from ui.state import Event, Screen

from phase10 import GameConfig, Options, Step, apply, legal_actions, new_game
from phase10.cards import Side
from phase10.serialize import to_json
from phase10.simulate import random_choice
from support.browser.driving import open_app, play_until, put_saved_game, renders, start_game, tap, wait_ready

SIZES = {"small phone": (360, 640), "phone": (390, 844), "desktop": (1280, 800)}

# Every element a finger can use: buttons, fields, choices, the summary of a <details>.
CONTROLS = ", ".join(
    [
        "#app button",
        "#app input:not([type=radio]):not([type=checkbox])",
        "#app select",
        "#app summary",
        "#app label.choice",
    ]
)


def layout_problems(page: Any) -> list[str]:
    return list(
        page.evaluate(
            """(selector) => {
                const problems = [];
                const root = document.scrollingElement;
                if (root.scrollWidth > window.innerWidth + 1)
                    problems.push(`page scrolls sideways: ${root.scrollWidth} > ${window.innerWidth}`);
                for (const el of document.querySelectorAll(selector)) {
                    const box = el.getBoundingClientRect();
                    if (box.width === 0 && box.height === 0) continue;  // not shown
                    if (box.right > window.innerWidth + 1 || box.left < -1)
                        problems.push(`${el.tagName} "${el.textContent.trim().slice(0, 30)}" ` +
                                      `goes past the edge: ${Math.round(box.left)}-${Math.round(box.right)}`);
                    if (box.width < 44 || box.height < 44)
                        problems.push(`${el.tagName} "${el.textContent.trim().slice(0, 30)}" is ` +
                                      `${Math.round(box.width)}x${Math.round(box.height)}`);
                }
                return problems;
            }""",
            CONTROLS,
        )
    )


def hand_over_state() -> str:
    """A saved game at the end of its first hand (random legal play, seeded)."""
    rnd = random.Random(3)
    state = new_game(GameConfig(("Ann", "Bo", "Cy", "Di"), 3, Options()))
    while state.step is not Step.HAND_OVER:
        state = apply(state, random_choice(legal_actions(state), rnd))
    return to_json(state)


def computers_state() -> str:
    """One person and five computers, a computer to move."""
    kinds = ("person", "easy", "normal", "hard", "normal", "easy")
    names = ("Ann", "Computer 2", "Computer 3", "Computer 4", "Computer 5", "Computer 6")
    return to_json(new_game(GameConfig(names, 4, Options(), first_dealer=0, kinds=kinds)))


def flip_state() -> str:
    """A Flip game turned to the Wild Side, its person to draw (random legal play, seeded)."""
    rnd = random.Random(5)
    kinds = ("normal", "person", "hard")
    config = GameConfig(("Robo", "Ann", "Hal"), 48, Options(edition="flip"), kinds=kinds)
    state = new_game(config)
    while not (state.side is Side.WILD and state.current == 1 and state.step is Step.DRAW):
        state = apply(state, random_choice(legal_actions(state), rnd))
    return to_json(state)


def screens(page: Any, url: str) -> list[str]:
    """Visit the screens one after another; after each, report its problems."""
    problems: list[str] = []

    def check(name: str) -> None:
        problems.extend(f"{name}: {problem}" for problem in layout_problems(page))

    open_app(page, url)
    check("home")
    tap(page, Event("rules"))
    check("rules")
    tap(page, Event("back"))
    tap(page, Event("new-game"))
    for _ in range(4):
        tap(page, Event("add-player"))
    for seat in range(1, 6):  # the longest labels: computers, and their default names
        before = renders(page)
        page.locator("select[name=kind]").nth(seat).select_option("normal")
        page.wait_for_function(f"() => Number(document.documentElement.dataset.renders) > {before}")
    page.locator("details.more-options summary").click()
    check("setup with six players, five of them computers")
    put_saved_game(page, url, computers_state())
    tap(page, Event("continue"))
    check("table while computers play")
    tap(page, Event("home"))
    put_saved_game(page, url, hand_over_state())
    tap(page, Event("continue"))
    check("end of hand")
    tap(page, Event("next-hand"))
    check("hand-off")
    tap(page, Event("reveal"))
    check("table")
    tap(page, Event("draw"))
    tap(page, Event("select", "0"))
    check("table with a card selected")
    put_saved_game(page, url, flip_state())
    tap(page, Event("continue"))
    check("Flip table on the Wild Side")
    put_saved_game(page, url, '{"broken": true}')
    check("damaged save")
    return problems


@pytest.mark.parametrize("size", SIZES.values(), ids=SIZES.keys())
def test_every_screen_fits_and_has_big_enough_controls(browser, server, size):
    # Reduced motion: a card caught mid-animation would measure smaller than it is.
    context = browser.new_context(
        viewport={"width": size[0], "height": size[1]}, has_touch=True, reduced_motion="reduce"
    )
    try:
        page = context.new_page()
        assert screens(page, server.url) == []
    finally:
        context.close()


def test_the_end_of_a_game_fits_a_small_phone(browser, server):
    context = browser.new_context(
        viewport={"width": 360, "height": 640}, has_touch=True, reduced_motion="reduce"
    )
    try:
        page = context.new_page()
        mirror = start_game(page, server.url, ("Annabelle-Marie", "Bo"), "first-to-n", "1", "5")
        mirror = play_until(page, mirror, {Screen.GAME_OVER})
        assert layout_problems(page) == []
        tap(page, Event("home"))
        tap(page, Event("history"))
        page.locator("details summary").first.click()
        assert layout_problems(page) == []
    finally:
        context.close()


# The Large type setting, as Settings saves it; boot.js sets html.large-type from it before
# the first paint, and the app keeps the class in step with the setting.
LARGE_TYPE = "localStorage.setItem('ten-phases/settings', JSON.stringify({language: '', large_type: true}))"


@pytest.mark.parametrize("size", [SIZES["small phone"], SIZES["phone"]], ids=["small phone", "phone"])
def test_every_screen_fits_with_large_type(browser, server, size):
    context = browser.new_context(
        viewport={"width": size[0], "height": size[1]}, has_touch=True, reduced_motion="reduce"
    )
    try:
        context.add_init_script(LARGE_TYPE)
        page = context.new_page()
        open_app(page, server.url)
        assert page.evaluate("() => document.documentElement.classList.contains('large-type')")
        assert screens(page, server.url) == []
    finally:
        context.close()


def table_sizes(page: Any, url: str) -> dict[str, float]:
    """Open the saved game on the table, its first player's hand shown, and measure it."""
    open_app(page, url)
    tap(page, Event("continue"))
    tap(page, Event("reveal"))
    return dict(
        page.evaluate(
            """() => {
                const px = (selector) =>
                    parseFloat(getComputedStyle(document.querySelector(selector)).fontSize);
                const card = document.querySelector('.hand .card').getBoundingClientRect();
                return {face: px('.hand .card .face'), shape: px('.hand .card .sym'), hint: px('.hint'),
                        title: px('.bar h1'), body: px('#app'), width: card.width, height: card.height};
            }"""
        )
    )


def test_large_type_makes_the_cards_and_the_words_bigger(page, server):
    open_app(page, server.url)
    put_saved_game(page, server.url, hand_over_state())
    tap(page, Event("continue"))
    tap(page, Event("next-hand"))  # saved at the new hand's first turn
    normal = table_sizes(page, server.url)
    assert normal["shape"] >= 14, "a card's colour shape is read on a phone"
    page.evaluate(LARGE_TYPE)
    page.reload()
    wait_ready(page)
    large = table_sizes(page, server.url)
    grown = {key: round(large[key] / normal[key], 2) for key in normal}
    # Type grows by a quarter.  The hand's cards already fill the phone's width, six to a
    # row, so they keep their size and only their faces grow.
    words = {key: ratio for key, ratio in grown.items() if key not in ("width", "height")}
    assert all(1.2 <= ratio <= 1.35 for ratio in words.values()), grown
    assert grown["width"] >= 1 and grown["height"] >= 1, grown
