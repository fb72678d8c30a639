"""Everyone at the table, in Chromium: a Spanish speaker, a colour-blind player, and a
player on a keyboard with a screen reader each play a whole game.

Each game runs beside its CPython mirror (``support.Table``), which checks every
render: the screen, the cards shown, the page's language, and the words the live
region reads out after each move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest
from ui.state import Event, Screen, SetupInput, Ui
from ui.table.narration import deal_said

from phase10.cards import Side
from support.browser.a11y import FOCUS
from support.browser.driving import (
    CAN_LAY,
    SNAPSHOT,
    LocalServer,
    Table,
    continue_saved,
    control_for,
    open_app,
    renders,
    start_game,
    tap,
    wait_ready,
)
from support.browser.engines import PHONE
from support.browser.layout import layout_problems
from support.web.taps import handle

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page

# The shape each colour carries on every card, as the rules screen tells it.
SHAPES = {"red": "●", "blue": "■", "yellow": "▲", "green": "◆"}

COLOUR_MARKS = """(shapes) => {
  const problems = [];
  for (const card of document.querySelectorAll('#app .card')) {
    const colour = Object.keys(shapes).find((c) => card.classList.contains(c));
    if (!colour) continue;  // Wilds, Skips and Wild Side numbers carry no colour
    const sym = card.querySelector('.sym');
    // A laid Wild shows what it stands for instead; its colour is in its own class then.
    if (sym && sym.classList.contains('value')) continue;
    if (!sym || sym.textContent !== shapes[colour])
      problems.push(`${card.dataset.card || card.dataset.back}: ${sym ? sym.textContent : 'no shape'}`);
    const size = parseFloat(getComputedStyle(sym || card).fontSize);
    if (card.closest('.hand') && size < 14) problems.push(`${card.dataset.card}: shape of ${size}px`);
  }
  return problems;
}"""

# Every control, card, pile and group has a name a screen reader can say.
UNNAMED = """() => {
  const named = (el) => {
    if ((el.getAttribute('aria-label') || '').trim()) return true;
    const by = el.getAttribute('aria-labelledby');
    const text = (id) => (document.getElementById(id)?.textContent || '').trim();
    if (by && by.split(' ').some(text)) return true;
    if (el.labels && [...el.labels].some((l) => l.textContent.trim())) return true;
    return el.matches('button, summary, option') && el.textContent.trim() !== '';
  };
  const selector = ['button', 'input', 'select', '[role=img]', '[role=group]', '[role=dialog]']
    .map((s) => `#app ${s}`).join(', ');
  return [...document.querySelectorAll(selector)].filter((el) => !named(el))
    .map((el) => el.outerHTML.slice(0, 80));
}"""

# Where the control for the next event is, from the focused element: here, or which way to tab.
WHERE = """(selector) => {
  const target = document.querySelector(selector);
  if (!target) return 'missing';
  const active = document.activeElement;
  if (active === target) return 'here';
  if (!active || active === document.body) return 'after';
  return active.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING ? 'after' : 'before';
}"""


def focus(page: Any, selector: str, limit: int = 250) -> None:
    """Move the focus to ``selector`` with Tab and Shift+Tab only."""
    for _ in range(limit):
        where = page.evaluate(WHERE, selector)
        assert where != "missing", f"{selector} is not on the page"
        if where == "here":
            return
        page.keyboard.press("Tab" if where == "after" else "Shift+Tab")
    raise AssertionError(f"Tab never reached {selector}")


def key_tap(page: Any, event: Event) -> None:
    """Make ``event`` with the keyboard alone: tab to its control, see the focus, press Enter."""
    before = renders(page)
    focus(page, control_for(event))
    shown = page.evaluate(f"() => document.activeElement.matches(':focus-visible') && ({FOCUS})()")
    assert shown == "", f"the focus on {control_for(event)} is visible: {shown}"
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => Number(document.documentElement.dataset.renders) > {before}")


def colour_problems(page: Any) -> list[str]:
    return list(page.evaluate(COLOUR_MARKS, SHAPES))


def play_checked(table: Table, until: set[Screen]) -> Ui:
    """Play on, checking every screen for colour shapes and for names a screen reader says."""
    moves = 0
    while table.mirror.screen not in until:
        table.move()
        moves += 1
        assert moves < 3000
        assert colour_problems(table.page) == []
        assert table.page.evaluate(UNNAMED) == []
    return table.mirror


@pytest.mark.locale("es-MX")
def test_a_spanish_speaker_plays_a_whole_game_in_spanish(page: Page, server: LocalServer) -> None:
    languages = ("es-MX",)
    open_app(page, server.url)
    assert page.evaluate("() => document.documentElement.lang") == "es"
    assert "Pasar y jugar" in page.inner_text("#app") and "Pass-and-play" not in page.inner_text("#app")
    names, kinds = ("Ana", "Robo"), ("person", "normal")
    mirror = start_game(page, server.url, names, "first-to-n", "1", "21", kinds=kinds, languages=languages)
    assert mirror.language == "es"
    table = Table(page, mirror)
    assert "Tu mano" in page.inner_text("#app")
    ui = play_checked(table, {Screen.GAME_OVER})
    assert ui.game is not None and ui.game.winner is not None
    text = page.inner_text("#app")
    assert "Gana" in text and "Hoja de puntos completa" in text and "Game over" not in text
    assert any(said.endswith("ganó la partida.") for said in table.announced)


@pytest.mark.locale("es-ES")
def test_the_language_chosen_in_settings_is_remembered(page: Page, server: LocalServer) -> None:
    open_app(page, server.url)
    tap(page, Event("settings"))
    assert page.inner_text("#app h1") == "Ajustes"
    before = renders(page)
    page.check("input[name=language][value=en]")
    page.wait_for_function(f"() => Number(document.documentElement.dataset.renders) > {before}")
    assert page.inner_text("#app h1") == "Settings"
    assert page.evaluate("() => document.documentElement.lang") == "en"
    page.reload()
    wait_ready(page)
    assert page.evaluate("() => document.documentElement.lang") == "en", "remembered"
    assert page.inner_text("#app h1") == "Settings", "a reload keeps the screen"
    tap(page, Event("back"))
    assert "Pass-and-play" in page.inner_text("#app")
    tap(page, Event("settings"))
    before = renders(page)
    page.check("input[name=language][value='']")  # as the phone is set: Spanish again
    page.wait_for_function(f"() => Number(document.documentElement.dataset.renders) > {before}")
    assert page.inner_text("#app h1") == "Ajustes"


def test_a_colour_blind_player_plays_a_whole_flip_game_by_shapes(
    page: Page, context: BrowserContext, server: LocalServer
) -> None:
    # Chromium shows the page as someone who sees no colour at all would.
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setEmulatedVisionDeficiency", {"type": "achromatopsia"})
    names, kinds = ("Robo", "Ann"), ("hard", "person")
    mirror = start_game(page, server.url, names, "first-to-n", "1", "48", kinds=kinds, edition="flip")
    table = Table(page, mirror)
    sides = set()
    while table.mirror.screen is not Screen.GAME_OVER:
        table.move()
        assert colour_problems(page) == []
        assert table.mirror.game is not None
        sides.add(table.mirror.game.side)
    assert sides == {Side.COLOR, Side.WILD}, "both sides of the cards were played"


def test_a_keyboard_and_screen_reader_user_plays_a_whole_game(page: Page, server: LocalServer) -> None:
    open_app(page, server.url)
    key_tap(page, Event("new-game"))
    focus(page, "#player-0")
    page.keyboard.type("Ann")
    focus(page, "#player-1")
    page.keyboard.type("Bo")
    focus(page, "input[name=way][value=first-to-n]")
    before = renders(page)
    page.keyboard.press("Space")  # the ways to play are switches: they combine
    page.wait_for_function(f"() => Number(document.documentElement.dataset.renders) > {before}")
    assert page.evaluate("() => document.querySelector('input[name=way][value=first-to-n]').checked")
    focus(page, "select[name=phases-to-win]")
    page.keyboard.press("Home")  # 1 phase to win
    focus(page, "details.more-options summary")
    page.keyboard.press("Enter")
    focus(page, "input[name=seed]")
    page.keyboard.type("17")
    key_tap(page, Event("start-game"))
    fields = SetupInput(("Ann", "Bo"), ("person", "person"), "classic", ("first-to-n",), "1", seed="17")
    mirror = handle(handle(Ui(), Event("new-game")), Event("start-game", form=fields))
    assert page.evaluate("() => document.activeElement.tagName") == "H1", "a new screen: focus on its title"
    assert mirror.game is not None
    table = Table(page, mirror, press=key_tap, said=deal_said(mirror.game))
    table.catch_up(page.evaluate(SNAPSHOT))
    ui = play_checked(table, {Screen.GAME_OVER})
    assert ui.game is not None and ui.game.winner is not None
    # Read out as the winning play was made, while it was still on the table.
    assert any("went out" in said and said.endswith("won the game.") for said in table.announced)


def test_a_dialog_takes_the_focus_and_escape_closes_it(page: Page, server: LocalServer) -> None:
    continue_saved(page, server.url, CAN_LAY)
    key_tap(page, Event("lay"))
    assert page.evaluate("() => !!document.activeElement.closest('.prompt')"), "focus moved into the dialog"
    assert page.get_attribute("[role=dialog]", "aria-labelledby") == "prompt-title"
    before = renders(page)
    page.keyboard.press("Escape")
    page.wait_for_function(f"() => Number(document.documentElement.dataset.renders) > {before}")
    assert page.locator("[role=dialog]").count() == 0


def test_large_type_is_a_setting_that_keeps_the_small_phone_layout(page: Page, server: LocalServer) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    open_app(page, server.url)
    size = page.evaluate(
        "() => parseFloat(getComputedStyle(document.querySelector('#app p, #app li')).fontSize)"
    )
    tap(page, Event("settings"))
    focus(page, "input[name=large-type]")
    before = renders(page)
    page.keyboard.press("Space")
    page.wait_for_function(f"() => Number(document.documentElement.dataset.renders) > {before}")
    assert page.evaluate("() => document.documentElement.classList.contains('large-type')")
    page.reload()
    wait_ready(page)
    assert page.evaluate("() => document.documentElement.classList.contains('large-type')"), "remembered"
    tap(page, Event("back"))  # the reload kept Settings on screen: home, where the size was measured
    bigger = page.evaluate(
        "() => parseFloat(getComputedStyle(document.querySelector('#app p, #app li')).fontSize)"
    )
    assert bigger >= size * 1.2
    assert layout_problems(page) == []
    mirror = start_game(page, server.url, ("Ann", "Robo"), "standard", "5", "9", kinds=("person", "normal"))
    assert mirror.game is not None
    assert layout_problems(page) == []


@pytest.mark.locale("es-MX")
def test_spanish_words_in_large_type_still_fit_a_small_phone(page: Page, server: LocalServer) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    open_app(page, server.url)
    tap(page, Event("settings"))
    before = renders(page)
    page.check("input[name=large-type]")
    page.wait_for_function(f"() => Number(document.documentElement.dataset.renders) > {before}")
    assert layout_problems(page) == [], "settings"
    tap(page, Event("back"))
    assert layout_problems(page) == [], "home"
    tap(page, Event("new-game"))
    assert layout_problems(page) == [], "set-up"
    kinds = ("person", "hard", "normal")
    mirror = start_game(page, server.url, ("Ana", "Bartolomé", "Cy"), "standard", "5", "9", kinds=kinds)
    assert mirror.game is not None and page.evaluate("() => document.documentElement.lang") == "es"
    assert layout_problems(page) == [], "the table"


def _key_code(page: Any, box: str, code: str, event: Event) -> None:
    """Tab to ``box``, type ``code`` in it, and send it with ``event``'s button, keys only."""
    focus(page, box)
    page.keyboard.type(code)
    key_tap(page, event)


def test_two_phones_pair_and_play_by_keyboard_alone(
    page: Page, browser: Browser, server: LocalServer
) -> None:
    """Play on several phones with no pointer: the host offers Bo's seat, Bo's phone joins
    with the host's code typed in, the host types Bo's answer back, and Bo draws, each by
    Tab and Enter with the focus in view; every control on both pairing screens has a name
    a screen reader says, and a new screen's title takes the focus."""
    open_app(page, server.url)
    key_tap(page, Event("new-game", "phones"))
    for i, name in enumerate(("Ann", "Bo")):
        focus(page, f"#player-{i}")
        page.keyboard.type(name)
    focus(page, "details.more-options summary")
    page.keyboard.press("Enter")
    focus(page, "input[name=seed]")
    page.keyboard.type("11")  # Ann deals, and Bo plays first
    key_tap(page, Event("start-game"))
    assert page.evaluate("() => document.documentElement.dataset.screen") == "phones"
    key_tap(page, Event("link-phone", "1"))
    page.wait_for_selector(".pair-code[data-code]", timeout=15_000)
    offer = page.locator(".pair-code").get_attribute("data-code")
    assert offer is not None
    assert page.evaluate(UNNAMED) == []
    phone_context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=False)
    try:
        phone = phone_context.new_page()
        open_app(phone, server.url)
        key_tap(phone, Event("join-table"))
        assert phone.evaluate("() => document.activeElement.tagName") == "H1"
        assert phone.evaluate(UNNAMED) == []
        _key_code(phone, "#host-code", offer, Event("join-code"))
        phone.wait_for_selector(".pair-code[data-code]", timeout=15_000)
        assert phone.evaluate(UNNAMED) == []
        answer = phone.locator(".pair-code").get_attribute("data-code")
        assert answer is not None
        _key_code(page, "#answer-1", answer, Event("accept-phone", "1"))
        page.wait_for_selector(".phone-linked", timeout=15_000)
        phone.wait_for_selector("html[data-screen=table] .hand [data-card]", timeout=15_000)
        key_tap(page, Event("back"))
        phone.wait_for_selector("[data-action=draw]:not([disabled])", timeout=15_000)
        before = len(phone.locator(".hand [data-card]").all())
        key_tap(phone, Event("draw"))
        phone.wait_for_function(
            f"() => document.querySelectorAll('.hand [data-card]').length === {before + 1}", timeout=15_000
        )
    finally:
        phone_context.close()
