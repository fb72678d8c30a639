"""The Flip edition in Chromium: one person against two computers, offline, to the end of
a hand in which the table flips.

The mirror (the controller on CPython) plays the same game from the same seed;
after every render the page must show exactly the mirror's table: the person's
hand on the side in play, the other side of the computers' hands and of the draw
pile's top card, and nothing else of any hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ui.state import Event, Screen

from phase10.cards import Side
from support.browser.driving import SNAPSHOT, LocalServer, Table, open_app, start_game, wait_for_controller
from support.web.english import said

if TYPE_CHECKING:
    from playwright.sync_api import Page

SOLO = ("Robo", "Ann", "Hal")  # Ann plays first
SOLO_KINDS = ("normal", "person", "hard")
SEED = "48"  # Ann's first discard carries the Flip symbol


def test_a_flip_hand_against_computers_offline(page: Page, server: LocalServer) -> None:
    page.emulate_media(reduced_motion="reduce")
    open_app(page, server.url)
    wait_for_controller(page)
    page.wait_for_function("async () => (await caches.keys()).some((name) => name.startsWith('ten-phases-'))")
    server.stop()
    mirror = start_game(page, server.url, SOLO, "standard", "5", SEED, kinds=SOLO_KINDS, edition="flip")
    assert mirror.game is not None and mirror.game.config.options.edition == "flip"
    assert page.inner_text(".side-badge").split() == ["↻", "Colour", "Side", "in", "play"]
    assert page.locator(".opponent [data-back]").count() == 20, "the computers' cards, other side up"
    assert page.locator(".draw-pile [data-back]").count() == 1
    table = Table(page, mirror)
    flips: list[str] = []
    sides = {Side.COLOR}
    while table.mirror.screen is not Screen.HAND_OVER:
        table.move()
        game = table.mirror.game
        assert game is not None
        sides.add(game.side)
        if table.mirror.flipped:
            flips.append(said(table.mirror.flipped))
            snapshot = page.evaluate(SNAPSHOT)
            assert flips[-1] in snapshot["announcer"], "read out by the live region"
            badge = page.inner_text(".side-badge")
            assert " ".join(badge.split()) == f"↻ {game.side.label} in play"
    assert flips and flips[0].startswith("Ann discarded "), "the table flipped, first on Ann's discard"
    assert sides == {Side.COLOR, Side.WILD}
    assert table.computer_moves > 3
    game = table.mirror.game
    assert game is not None
    page.locator(".full-sheet summary").click()  # the full sheet opens behind a tap
    sheet = page.inner_text(".score-sheet")
    assert "Flip edition" in sheet
    assert f"counted on the {game.side.label}" in page.inner_text("main, body")
    table.tap(Event("next-hand"))
    assert page.inner_text(".side-badge").split() == ["↻", "Colour", "Side", "in", "play"], (
        "each hand is dealt Colour Side up"
    )
