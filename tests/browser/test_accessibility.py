"""Every screen passes axe-core's WCAG 2.2 A/AA and best-practice rules: no serious or
critical problem on any of them."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from support.browser.a11y import axe_problems, focus_problems
from support.browser.driving import LocalServer
from support.browser.screens import SCREENS, Visit

if TYPE_CHECKING:
    from playwright.sync_api import Page


@pytest.mark.parametrize("reach", SCREENS.values(), ids=SCREENS.keys())
def test_the_screen_has_no_serious_accessibility_problem(
    page: Page, server: LocalServer, reach: Visit
) -> None:
    page.emulate_media(reduced_motion="reduce")  # nothing caught half-faded
    reach(page, server.url)
    problems = axe_problems(page)
    assert problems == [], "\n".join(problems)


# The same in Spanish, where words are longer and the page's language is another.
IN_SPANISH = [
    "table, Skip dialog",
    "table, a hint",
    "hand over",
    "settings",
    "list editor",
    "setup, a list kept",
    "phones at the table, a code shown",
    "phones at the table, a phone lost",
    "a joined phone's scores",
    "join a table, a code refused",
    "join a table, the host slow to come",
]


@pytest.mark.locale("es-MX")
@pytest.mark.parametrize("name", IN_SPANISH)
def test_the_screen_in_spanish_has_no_serious_accessibility_problem(
    page: Page, server: LocalServer, name: str
) -> None:
    reach = SCREENS[name]
    page.emulate_media(reduced_motion="reduce")  # nothing caught half-faded
    reach(page, server.url)
    assert page.evaluate("() => document.documentElement.lang") == "es"
    problems = axe_problems(page)
    assert problems == [], "\n".join(problems)


# Screens with every kind of control: buttons on the felt and on panels, fields, choices,
# summaries, cards in the hand, piles, lit groups, a dialog, a scrolling score sheet.
FOCUS_SCREENS = [
    "home",
    "setup",
    "settings",
    "damaged save",
    "table, a card selected",
    "table, a hint",
    "table, run-end dialog",
    "hand over",
    "past games, one open",
    "list editor",
    "setup, a list kept",
    "phones at the table, a code shown",
    "join a table",
]


@pytest.mark.parametrize("name", FOCUS_SCREENS)
def test_every_control_shows_a_clear_focus_ring(page: Page, server: LocalServer, name: str) -> None:
    page.emulate_media(reduced_motion="reduce")
    SCREENS[name](page, server.url)
    assert focus_problems(page) == []
