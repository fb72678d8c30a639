"""Phone first: every screen fits 360x640 and up with no sideways scrolling, and
every control is at least 44 px square."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import pytest
from ui.kit.i18n import words
from ui.saves.storage import save_text
from ui.state import Event, Screen

from phase10 import GameConfig, new_game
from support.browser.driving import (
    LOST_SEAT,
    LocalServer,
    open_app,
    play_until,
    put_saved_game,
    renders,
    resumed,
    scroll_box,
    scrolled,
    start_game,
    tap,
    wait_ready,
)
from support.browser.layout import layout_problems
from support.browser.screens import SCREENS
from support.web.states import computers_state, flip_state, hand_over_state

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

SIZES = {
    "small phone": (360, 640),
    "sideways phone": (640, 360),
    "phone": (390, 844),
    "desktop": (1280, 800),
}


def screens(page: Any, url: str) -> list[str]:
    """Visit the screens one after another; after each, report its problems."""
    problems: list[str] = []

    def check(name: str) -> None:
        problems.extend(f"{name}: {problem}" for problem in layout_problems(page))

    open_app(page, url)
    check("home")
    tap(page, Event("settings"))
    check("settings")
    tap(page, Event("back"))
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
    tap(page, Event("hint"))
    check("table with a hint")
    put_saved_game(page, url, flip_state())
    tap(page, Event("continue"))
    check("Flip table on the Wild Side")
    tap(page, Event("home"))
    tap(page, Event("pad"))
    check("score pad set-up")
    tap(page, Event("pad-start"))
    check("score pad")
    tap(page, Event("pad-write"))
    tap(page, Event("pad-out", "0"))
    check("writing a hand")
    tap(page, Event("pad-count", "1"))
    check("card counter")
    tap(page, Event("pad-count-close"))
    tap(page, Event("pad-save"))
    check("a hand refused")
    tap(page, Event("pad-cancel"))
    put_saved_game(page, url, '{"broken": true}')
    check("damaged save")
    return problems


@pytest.mark.parametrize("size", SIZES.values(), ids=SIZES.keys())
def test_every_screen_fits_and_has_big_enough_controls(
    browser: Browser, server: LocalServer, size: tuple[int, int]
) -> None:
    # Reduced motion: a card caught mid-animation would measure smaller than it is.
    context = browser.new_context(
        viewport={"width": size[0], "height": size[1]}, has_touch=True, reduced_motion="reduce"
    )
    try:
        page = context.new_page()
        assert screens(page, server.url) == []
    finally:
        context.close()


def test_the_end_of_a_game_fits_a_small_phone(browser: Browser, server: LocalServer) -> None:
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


def large_type(language: str = "") -> str:
    """The Large type setting, as Settings saves it, in ``language`` ("" follows the
    browser's); boot.js sets html.large-type from it before the first paint, and the app
    keeps the class in step with the setting."""
    setting = json.dumps({"language": language, "large_type": True})
    return f"localStorage.setItem('ten-phases/settings', {json.dumps(setting)})"


LARGE_TYPE = large_type()

# The Large type walk, also in Spanish on a small phone, upright and sideways: its words are
# the longest, and a narrow column (the turn's buttons beside the table) shows it first.
LARGE_TYPE_WALKS = {
    "small phone": (SIZES["small phone"], ""),
    "sideways phone": (SIZES["sideways phone"], ""),
    "phone": (SIZES["phone"], ""),
    "small phone, in Spanish": (SIZES["small phone"], "es"),
    "sideways phone, in Spanish": (SIZES["sideways phone"], "es"),
}


@pytest.mark.parametrize("walk", LARGE_TYPE_WALKS.values(), ids=LARGE_TYPE_WALKS.keys())
def test_every_screen_fits_with_large_type(
    browser: Browser, server: LocalServer, walk: tuple[tuple[int, int], str]
) -> None:
    size, language = walk
    context = browser.new_context(
        viewport={"width": size[0], "height": size[1]}, has_touch=True, reduced_motion="reduce"
    )
    try:
        context.add_init_script(large_type(language))
        page = context.new_page()
        open_app(page, server.url)
        assert page.evaluate("() => document.documentElement.classList.contains('large-type')")
        assert page.evaluate("() => document.documentElement.lang") == (language or "en")
        assert screens(page, server.url) == []
    finally:
        context.close()


def table_sizes(page: Any, url: str) -> dict[str, float]:
    """Open the saved game on the table, its first player's hand shown, and measure it."""
    page.evaluate("() => history.replaceState(null, '')")  # opened anew, not reloaded
    open_app(page, url)
    resumed(page)
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


def test_large_type_makes_the_cards_and_the_words_bigger(page: Page, server: LocalServer) -> None:
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
    # Type grows by a quarter, and the cards with it: five to a row instead of six.
    words = {key: ratio for key, ratio in grown.items() if key not in ("width", "height")}
    assert all(1.2 <= ratio <= 1.35 for ratio in words.values()), grown
    assert grown["width"] > 1.1 and grown["height"] > 1.1, grown


HOME_CASES = {
    "a new player": ("", False, False),
    "a game to continue": ("en", True, False),
    "a game to continue, in Spanish": ("es", True, False),
    "a new player, Large type": ("", False, True),
    "a game to continue, in Spanish, Large type": ("es", True, True),
}

# Each of Home's choices: its action, its bottom, its height, whether its label fits its
# width, and whether a word of the label was broken across two lines.
HOME_CHOICES = """() => [...document.querySelectorAll('.home-actions button')].map((b) => {
  const box = b.getBoundingClientRect();
  const text = b.firstChild;
  const broken = [...text.data.matchAll(/\\S+/g)].some((word) => {
    const range = document.createRange();
    range.setStart(text, word.index);
    range.setEnd(text, word.index + word[0].length);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1;
  });
  return [b.dataset.action, box.bottom, box.height, b.scrollWidth <= b.clientWidth && !broken];
})"""


@pytest.mark.parametrize("size", [(360, 640), (640, 360), (844, 390)], ids=["360x640", "640x360", "844x390"])
@pytest.mark.parametrize("case", HOME_CASES)
def test_every_choice_on_home_is_in_view_on_a_small_phone_and_sideways(
    page: Page, server: LocalServer, size: tuple[int, int], case: str
) -> None:
    """Home's choices all on screen without scrolling, with a game to continue too (nine):
    on a small phone the gaps give way and the lesser choices go two by two; held sideways
    the ways to play go two by two and the lesser choices four in a row.  In Large type the
    header gives way too: a small logo beside the title, the tagline left to screen readers.
    No label is cut, and no word of one is broken across two lines."""
    width, height = size
    language, with_game, large = HOME_CASES[case]
    page.set_viewport_size({"width": width, "height": height})
    open_app(page, server.url)
    page.evaluate(
        "(settings) => localStorage.setItem('ten-phases/settings', JSON.stringify(settings))",
        {"language": language, "large_type": large},
    )
    if with_game:
        put_saved_game(page, server.url, computers_state())
    else:
        page.reload()
        wait_ready(page)
    assert page.evaluate("() => document.documentElement.classList.contains('large-type')") == large
    buttons = page.evaluate(HOME_CHOICES)
    assert [action for action, *_ in buttons][:1] == (["continue"] if with_game else ["new-game"])
    assert len(buttons) == (9 if with_game else 8), buttons
    assert all(bottom <= height and tall >= 44 and whole for _, bottom, tall, whole in buttons), buttons
    tagline = page.get_by_text(words(language or "en")("app.tagline"), exact=True)
    assert tagline.count() == 1, "the tagline is still there, for screen readers at least"


LOST_SEATS = {
    "two players, Bo's phone lost": (("Ann", "Bo"), 1),
    "six players, the last one's phone lost": (("Ann", "Bo", "Cy", "Di", "Ed", "Flo"), 5),
}


@pytest.mark.parametrize("size", [(360, 640), (640, 360)], ids=["360x640", "640x360"])
@pytest.mark.parametrize("case", LOST_SEATS)
def test_phones_at_the_table_opens_with_the_lost_seats_choices_in_view(
    page: Page, server: LocalServer, size: tuple[int, int], case: str
) -> None:
    """The host's table offers the way on for a seat whose phone is lost; the screen it opens
    lists every seat, and the lost one's three choices (a code to rejoin, play it here, a
    computer plays it) are in view below the title bar, however far down the seat is.  A
    later render of the same screen leaves the page where the player scrolled it."""
    width, height = size
    names, seat = LOST_SEATS[case]
    page.set_viewport_size({"width": width, "height": height})
    open_app(page, server.url)
    put_saved_game(page, server.url, save_text(new_game(GameConfig(names, 5)), 1, away=(seat,)))
    resumed(page)
    if page.evaluate("() => document.documentElement.dataset.screen") == Screen.HANDOFF.value:
        tap(page, Event("reveal"))  # Ann's hand, passed to her on this phone
    tap(page, Event("phones"))
    bar, buttons, *_ = page.evaluate(LOST_SEAT)
    assert [action for action, *_ in buttons] == ["link-phone", "unlink-phone", "computer-seat"]
    assert all(bar <= top and bottom <= height for _, top, bottom in buttons), (bar, buttons)
    page.evaluate("() => window.scrollTo(0, 0)")
    before = renders(page)
    page.evaluate(RENDER_AGAIN)
    page.wait_for_function(f"() => Number(document.documentElement.dataset.renders) > {before}")
    assert page.evaluate("() => window.scrollY") == 0


# The page's Python renders the screen it shows again, as any message on it would.
RENDER_AGAIN = """async () => {
  const { python } = await import('./interpreter.js');
  (await python).runPython('from ui.shell import app; app.show(app._app.ui, app._app.ui)');
}"""


# The screens of support/browser/screens.py that the walk above does not reach: house rules,
# several phones, the dialogs of a turn, the end of a game.
NOT_WALKED = (
    "past games, none",
    "past games, one open",
    "setup, Flip chosen",
    "setup, a list kept",
    "list editor",
    "list editor, refused",
    "table, lay-down dialog",
    "table, a card just drawn, after a reload",
    "table, Skip dialog",
    "table, run-end dialog",
    "table, choosing a phase",
    "game over",
    "phones at the table, a code shown",
    "phones at the table, a phone lost",
    "a joined phone's scores",
    "join a table",
    "join a table, a code refused",
    "join a table, the host slow to come",
)
# A fresh start on the same page: nothing kept from the screen before.
FORGET_ALL = "() => { localStorage.clear(); sessionStorage.clear(); history.replaceState(null, ''); }"


# The type and the language: None is normal type in the browser's language; else Large type
# in that language.
TYPES = {"normal type": None, "Large type": "", "Large type, in Spanish": "es"}


@pytest.mark.parametrize("language", TYPES.values(), ids=TYPES.keys())
@pytest.mark.parametrize("size", [SIZES["small phone"], SIZES["sideways phone"]], ids=["upright", "sideways"])
def test_the_screens_beyond_the_walk_fit_a_small_phone(
    page: Page, server: LocalServer, size: tuple[int, int], language: str | None
) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.emulate_media(reduced_motion="reduce")  # a card caught mid-animation measures smaller
    large = language is not None
    if large:
        page.add_init_script(large_type(language or ""))
    problems: list[str] = []
    for name in NOT_WALKED:
        if page.url.startswith("http"):
            page.evaluate(FORGET_ALL)
        SCREENS[name](page, server.url)
        assert page.evaluate("() => document.documentElement.classList.contains('large-type')") is large
        assert page.evaluate("() => document.documentElement.lang") == (language or "en")
        problems.extend(f"{name}: {problem}" for problem in layout_problems(page))
    assert problems == []


# Whether each of the turn's buttons lies wholly inside the column's box.
BUTTONS_IN_VIEW = """() => {
  const side = document.querySelector('.dock-side').getBoundingClientRect();
  return [...document.querySelectorAll('.dock-side button')].map((b) => {
    const box = b.getBoundingClientRect();
    return [b.textContent.trim(), box.top >= side.top - 1 && box.bottom <= side.bottom + 1];
  });
}"""


def test_a_hint_beside_a_sideways_table_leaves_the_buttons_in_view(page: Page, server: LocalServer) -> None:
    """Held sideways on a small phone, in Large type in Spanish (the longest words), the
    turn's buttons stand in a column beside the table.  A hint asked for comes below them,
    never pushing one out of view; the column scrolls to show the rest of it, and stays where
    the player scrolled it as they select a card (a render of the whole screen)."""
    page.set_viewport_size({"width": 640, "height": 360})
    page.emulate_media(reduced_motion="reduce")
    page.add_init_script(large_type("es"))
    SCREENS["table, a hint"](page, server.url)
    assert page.locator(".dock-side .coach").count() == 1, "the hint is shown"
    buttons = page.evaluate(BUTTONS_IN_VIEW)
    assert [label for label, _ in buttons] == ["1-12", "Color", "Pista", "Bajar", "Descartar"]
    assert all(shown for _, shown in buttons), buttons
    _, room = scrolled(page, ".dock-side")
    assert room > 10, "the rest of the hint is a scroll away"
    scroll_box(page, ".dock-side", 10)
    tap(page, Event("select", "1"))
    assert page.evaluate("() => document.querySelectorAll('.hand [aria-pressed=true]').length") == 1
    assert page.locator(".dock-side .coach").count() == 1, "the hint stays until the player moves"
    assert scrolled(page, ".dock-side")[0] == 10, "a render keeps the place the player scrolled to"
