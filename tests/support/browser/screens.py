"""Every screen of the app, each reached from a fresh start the way a player would: by
taps, from a saved game put in storage, or from a state in notation.  The accessibility
and layout tests visit each in turn."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from ui.kit.i18n import words
from ui.net.pairing import Role
from ui.saves.storage import save_text
from ui.state import Event

from phase10 import GameConfig, new_game
from phase10.notation import parse_state
from phase10.serialize import state_from_dict, to_json
from phase10.wire import view_for, write_message
from support.browser.driving import (
    CAN_LAY,
    HOLDS_SKIP,
    continue_saved,
    open_app,
    put_saved_game,
    see_scores,
    tap,
    wait_ready,
)
from support.web.states import computers_state, flip_state, hand_over_state
from support.web.tour import pairing_code

__all__ = ["SCREENS", "Visit"]

Visit = Callable[[Any, str], None]

# Ann has laid phase 1 and holds one card: discarding it ends a first-to-1-phase game.
LAST_DISCARD = """
game seed=9 current=0 step=play
options phases-to-win=1
seat 0 "Ann"
  hand: R7
  group: set:R3,B3,Y3
  group: set:R4,B4,G4
seat 1 "Bo"
  hand: B1 B2 B3 B5 B6 G11 G12 Y11 Y12 G1
discard: Y1
"""

# Ann has laid phase 2, a set and a run from 5 to 8, and holds a Wild that fits either end.
WILD_FOR_A_RUN = """
game seed=4 current=0 dealer=1 step=play turns=7
seat 0 "Ann" phase-index=1
  hand: W R12 G1
  group: set:R3,B3,Y3
  group: run:B5,Y6,G7,R8
seat 1 "Bo" phase-index=1 score=20
  hand: B1 B2 B4 B9 B10 B11 Y11 Y12 G2 G3
discard: Y1
history: 1 phases=1,1 points=0,20 completed=yes,yes out=0 tiebreak=no
"""


def visit(*events: Event) -> Visit:
    """Open the app and tap ``events`` one after another."""

    def go(page: Any, url: str) -> None:
        open_app(page, url)
        for event in events:
            tap(page, event)

    return go


def saved(text: Callable[[], str], *events: Event) -> Visit:
    """Open the app on the saved game ``text()`` (JSON), then tap ``events``."""

    def go(page: Any, url: str) -> None:
        open_app(page, url)
        put_saved_game(page, url, text())
        for event in events:
            tap(page, event)

    return go


def table(state: str, *events: Event) -> Visit:
    """A table from a state in notation, its player's hand shown, then ``events`` tapped."""

    def go(page: Any, url: str) -> None:
        continue_saved(page, url, state)
        for event in events:
            tap(page, event)

    return go


def choose_flip(page: Any, url: str) -> None:
    visit(Event("new-game"))(page, url)
    page.check("input[name=edition][value=flip]")
    page.wait_for_selector("ol.phase-list[data-edition=flip]", state="attached")
    page.locator("details summary").first.click()


def hit_with_the_wild(page: Any, url: str) -> None:
    table(WILD_FOR_A_RUN)(page, url)
    index = page.locator(".hand [data-card='W']").get_attribute("data-value")
    tap(page, Event("select", str(index)))
    tap(page, Event("hit", "0:1"))
    page.wait_for_selector("[role=dialog]")


def drawn_then_reloaded(page: Any, url: str) -> None:
    """A card drawn, the page reloaded mid-turn (it reopens on the hand-off), the hand shown
    again: the card drawn is still marked "New", and named so."""
    saved(lambda: to_json(new_game(GameConfig(("Ann", "Bo"), 5))), Event("continue"), Event("reveal"))(
        page, url
    )
    tap(page, Event("draw"))
    drawn = page.locator(".hand [data-new]").get_attribute("data-card")
    page.reload()
    wait_ready(page)
    tap(page, Event("reveal"))
    marked = page.locator(".hand [data-new]")
    assert marked.count() == 1 and marked.get_attribute("data-card") == drawn, "still marked after a reload"
    just_drawn = words(page.evaluate("() => document.documentElement.lang"))("table.drawn_card", card="")
    assert (marked.get_attribute("aria-label") or "").endswith(just_drawn), "named so, in the page's language"


def game_over(page: Any, url: str) -> None:
    table(LAST_DISCARD, Event("select", "0"), Event("discard"))(page, url)
    see_scores(page)
    assert page.evaluate("() => document.documentElement.dataset.screen") == "game-over"


def past_game(page: Any, url: str) -> None:
    game_over(page, url)
    tap(page, Event("home"))
    tap(page, Event("history"))
    page.locator("details summary").first.click()


def list_kept(page: Any, url: str) -> None:
    """A list dealt by chance, named and kept on the phone: the kept lists on set-up."""
    visit(Event("new-game"), Event("deal-phase-list"))(page, url)
    page.fill("#list-name", "Sunday")
    tap(page, Event("keep-list"))
    page.wait_for_selector(".saved-lists")


def list_editor_refused(page: Any, url: str) -> None:
    """The editor with a phase the rules refuse: the fault said next to it."""
    visit(Event("new-game"), Event("list-edit"), Event("list-phase", "2"))(page, url)
    for _ in range(4):  # two runs of 4 grown to 8 and 6: fourteen cards
        tap(page, Event("list-size", "0:+"))
    tap(page, Event("list-use"))
    page.wait_for_selector("#app p.error[role=alert]")


def choosing_a_phase(page: Any, url: str) -> None:
    """Phases in any order: the question of which phase to play this hand."""
    visit(Event("new-game"))(page, url)
    page.check("input[name=way][value=any-order]")
    page.wait_for_function("() => document.querySelector('input[name=way][value=any-order]').checked")
    tap(page, Event("start-game"))
    tap(page, Event("reveal"))
    tap(page, Event("pick"))
    page.wait_for_selector("[role=dialog]")


def phones_waiting(page: Any, url: str) -> None:
    """The host's seats, one waiting for its phone: its code as a QR code and as text, and
    the box for the other phone's code."""
    saved(lambda: to_json(new_game(GameConfig(("Ann", "Bo"), 5))), Event("continue"), Event("reveal"))(
        page, url
    )
    tap(page, Event("menu"))
    tap(page, Event("phones"))
    tap(page, Event("link-phone", "1"))
    page.wait_for_selector(".qr svg", timeout=30_000)


def phones_lost(page: Any, url: str) -> None:
    """The host reloaded with Bo's seat on his phone: the seat waits for it to rejoin."""
    game = new_game(GameConfig(("Ann", "Bo"), 5))
    saved(lambda: save_text(game, 1, away=(1,)), Event("continue"))(page, url)
    tap(page, Event("phones"))
    page.wait_for_selector(".phone-lost")


# The host's text, as the joined phone's channel would deliver it.
HOST_SAYS = """async (text) => {
  const { python } = await import('./interpreter.js');
  const pyodide = await python;
  pyodide.globals.set('host_text', text);
  pyodide.runPython('from ui.shell import app; from ui.effects import HostSaid; '
    + 'app.dispatch(HostSaid(host_text))');
}"""


def joined_scores(page: Any, url: str) -> None:
    """A phone playing Bo's seat of a game run on another phone, at the hand's end: the
    scores from his view alone.  The host's view comes down the page's own update, as its
    channel would bring it (a channel needs a second phone: tests/browser/test_phones.py)."""
    visit(Event("join-table"))(page, url)
    page.fill("#host-code", pairing_code(Role.OFFER, bytes(range(8))))
    tap(page, Event("join-code"))
    over = state_from_dict(json.loads(hand_over_state()))
    page.evaluate(HOST_SAYS, write_message(view_for(over, 1, 1)))
    page.wait_for_selector("html[data-screen=table] [data-action=scores]")
    tap(page, Event("scores"))
    page.wait_for_selector(".sheet-panel")


def joining_slow(page: Any, url: str) -> None:
    """A joining phone's answer shown a while with no host: what to check, and a new code.
    The page's timer is not waited for (15 s): its tap goes down the page's own update."""
    visit(Event("join-table"))(page, url)
    page.fill("#host-code", pairing_code(Role.OFFER, bytes(range(8))))
    tap(page, Event("join-code"))
    page.wait_for_selector(".pair-code[data-code]", timeout=15_000)
    page.evaluate(
        """async () => {
  const { python } = await import('./interpreter.js');
  (await python).runPython(
    'from ui.shell import app; from ui.taps import HostSlow; app.dispatch(HostSlow())');
}"""
    )
    page.wait_for_selector("[data-action=join-again]")


def joining_refused(page: Any, url: str) -> None:
    """Joining a table, with a code that does not read."""
    visit(Event("join-table"))(page, url)
    page.fill("#host-code", "NOT A CODE")
    tap(page, Event("join-code"))
    page.wait_for_selector(".notice")


SCREENS: dict[str, Visit] = {
    "home": visit(),
    "rules": visit(Event("rules")),
    "past games, none": visit(Event("history")),
    "past games, one open": past_game,
    "setup": visit(Event("new-game")),
    "setup, Flip chosen": choose_flip,
    "damaged save": saved(lambda: '{"broken": true}'),
    "hand-off": saved(lambda: to_json(parse_state(CAN_LAY)), Event("continue")),
    "table": table(CAN_LAY),
    "table, lay-down dialog": table(CAN_LAY, Event("lay")),
    "table, a card selected": table(CAN_LAY, Event("select", "0")),
    "table, a hint": table(CAN_LAY, Event("hint")),
    "table, a card just drawn, after a reload": drawn_then_reloaded,
    "table, Skip dialog": table(HOLDS_SKIP, Event("select", "10"), Event("discard")),
    "table, run-end dialog": hit_with_the_wild,
    "table, Flip on the Wild Side": saved(flip_state, Event("continue")),
    "table, computers moving": saved(computers_state, Event("continue")),
    "hand over": saved(hand_over_state, Event("continue")),
    "game over": game_over,
    "settings": visit(Event("settings")),
    "setup, a list kept": list_kept,
    "list editor": visit(Event("new-game"), Event("list-edit"), Event("list-phase", "2")),
    "list editor, refused": list_editor_refused,
    "table, choosing a phase": choosing_a_phase,
    "phones at the table, a code shown": phones_waiting,
    "phones at the table, a phone lost": phones_lost,
    "a joined phone's scores": joined_scores,
    "join a table": visit(Event("join-table")),
    "join a table, a code refused": joining_refused,
    "join a table, the host slow to come": joining_slow,
}
