"""Share at the end of a game, in Chromium: the phone's share sheet gets the summary where the
browser has one (``navigator.share``), the clipboard gets it where not, and the player is
told what happened.  The text is the CPython UI's own (``share.game_share_text``) for the
game the page finished, so the winner and every total are the engine's.

Headless Chromium on Linux has no Web Share API: the tests that need one give the page an
``navigator.share`` that records what it was sent, as a phone's browser would take it, and
the tests of the clipboard take any share sheet away, so each path is tested on purpose."""

from __future__ import annotations

from typing import Any

import pytest
from ui.kit.i18n import words
from ui.records import PAD, pad_text
from ui.results.share import PAD as SHARE_PAD
from ui.results.share import game_share_text
from ui.state import Event

from phase10 import Discard, GameState, apply
from phase10.cards import parse_card
from phase10.notation import parse_state
from support.browser.driving import (
    WATCH_PAGE,
    continue_saved,
    open_app,
    page_problems,
    see_scores,
    tap,
    wait_ready,
)
from support.browser.layout import layout_problems
from support.engine.pads import pad_of_game
from support.web.states import TIEBREAK

# The phone's share sheet, as the page sees it: it records what it was given and closes as
# the player left it ("sent", or "closed": the AbortError a closed sheet gives).
SHARE_SHEET = """
window.__shared = [];
Object.defineProperty(Navigator.prototype, 'share', {
  configurable: true,
  value(data) {
    window.__shared.push(data);
    return window.__sheetCloses === 'closed'
      ? Promise.reject(new DOMException('Share canceled', 'AbortError'))
      : Promise.resolve();
  },
});
"""

# A browser with no share sheet (as headless Chromium on Linux is; made sure of here).
NO_SHARE_SHEET = """
delete Navigator.prototype.share;
delete Navigator.prototype.canShare;
"""

# A browser with no asynchronous clipboard API either (an old one, or an insecure origin):
# the test reads the clipboard through the API kept aside before the page starts.
NO_CLIPBOARD_API = """
const kept = navigator.clipboard;
window.__readClipboard = () => kept.readText();
Object.defineProperty(Navigator.prototype, 'clipboard', { configurable: true, get: () => undefined });
"""


# Whether an element is on screen and on top: what shows at its centre is itself.
IN_VIEW = """(selector) => {
  const box = document.querySelector(selector).getBoundingClientRect();
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return box.top >= 0 && box.bottom <= window.innerHeight && hit !== null
    && document.querySelector(selector).contains(hit);
}"""


def finished_game() -> GameState:
    game = apply(parse_state(TIEBREAK), Discard(parse_card("Y11")))
    assert game.is_over and game.winner == 0
    return game


def finish(page: Any, url: str) -> None:
    """Ann wins the tiebreak hand by going out: the game-over screen."""
    continue_saved(page, url, TIEBREAK)
    tap(page, Event("select", "0"))
    tap(page, Event("discard"))
    see_scores(page)
    page.wait_for_selector("html[data-screen=game-over]", state="attached")


def notice(page: Any) -> str:
    found = page.locator("#app .notice")
    return found.inner_text() if found.count() else ""


def prepare(context: Any, server: Any, *scripts: str, clipboard: bool = False) -> Any:
    context.add_init_script(WATCH_PAGE)
    for script in scripts:
        context.add_init_script(script)
    if clipboard:
        context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url.rstrip("/"))
    return context.new_page()


def test_without_a_share_sheet_the_summary_is_copied(context: Any, server: Any) -> None:
    page = prepare(context, server, NO_SHARE_SHEET, clipboard=True)
    finish(page, server.url)
    assert page.evaluate("() => 'share' in navigator") is False
    assert layout_problems(page) == [], "the Share button fits and is big enough"
    tap(page, Event("share"))
    assert notice(page) == "Copied — paste it anywhere."
    copied = page.evaluate("() => navigator.clipboard.readText()")
    assert copied == game_share_text(finished_game(), words("en"))
    assert "Ann won" in copied and "1. Ann — 3 phases, 45 points" in copied
    assert "2. Bartholomew — 3 phases, 130 points" in copied
    assert page.evaluate("() => document.activeElement.dataset.action") == "share"
    assert page_problems(page) == []


def test_without_any_clipboard_api_the_summary_is_still_copied(context: Any, server: Any) -> None:
    page = prepare(context, server, NO_SHARE_SHEET, NO_CLIPBOARD_API, clipboard=True)
    finish(page, server.url)
    assert page.evaluate("() => navigator.clipboard") is None
    tap(page, Event("share"))
    assert notice(page) == "Copied — paste it anywhere."
    copied = page.evaluate("() => window.__readClipboard()")
    assert copied == game_share_text(finished_game(), words("en"))
    assert page.locator("textarea").count() == 0, "the text area used to copy is gone"
    assert page.evaluate("() => document.activeElement.dataset.action") == "share", "focus stays put"
    assert page_problems(page) == []


def test_the_share_sheet_gets_the_summary_and_the_player_is_told(context: Any, server: Any) -> None:
    page = prepare(context, server, SHARE_SHEET)
    finish(page, server.url)
    tap(page, Event("share"))
    assert page.evaluate("() => window.__shared") == [{"text": game_share_text(finished_game(), words("en"))}]
    assert notice(page) == "Sent."
    # The notice stays in view wherever the page is scrolled to: the button may be far below.
    page.set_viewport_size({"width": 360, "height": 640})
    page.evaluate("() => window.scrollTo(0, document.scrollingElement.scrollHeight)")
    assert page.evaluate("() => window.scrollY") > 100
    assert page.evaluate(IN_VIEW, ".bar .notice") is True
    assert page_problems(page) == []


def test_a_closed_share_sheet_is_no_error(context: Any, server: Any) -> None:
    page = prepare(context, server, SHARE_SHEET, "window.__sheetCloses = 'closed';")
    finish(page, server.url)
    tap(page, Event("share"))
    assert len(page.evaluate("() => window.__shared")) == 1
    assert notice(page) == ""
    assert page_problems(page) == []


@pytest.mark.locale("es-ES")
def test_a_past_game_is_shared_in_the_apps_language(context: Any, server: Any) -> None:
    page = prepare(context, server, SHARE_SHEET)
    finish(page, server.url)
    tap(page, Event("home"))
    tap(page, Event("history"))
    assert page.locator("[data-action=share]").count() == 1
    tap(page, Event("share", "0"))
    shared = page.evaluate("() => window.__shared")
    assert shared == [{"text": game_share_text(finished_game(), words("es"))}]
    assert "Ganó Ann" in shared[0]["text"] and "1. Ann — 3 fases, 45 puntos" in shared[0]["text"]
    assert notice(page) == "Enviado."
    assert page.evaluate("() => document.documentElement.dataset.screen") == "history"
    assert layout_problems(page) == []
    assert page_problems(page) == []


def test_a_finished_score_pad_is_shared(context: Any, server: Any) -> None:
    """A paper game written on the score pad, with the hands of the same tiebreak game."""
    game = finished_game()
    pad = pad_of_game(game)
    page = prepare(context, server, SHARE_SHEET)
    open_app(page, server.url)
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [PAD, pad_text(pad, 1)])
    page.reload()
    wait_ready(page)
    tap(page, Event("pad"))
    tap(page, Event("share", SHARE_PAD))
    assert page.evaluate("() => window.__shared") == [{"text": game_share_text(game, words("en"))}]
    assert notice(page) == "Sent."
    assert page.evaluate("() => document.documentElement.dataset.screen") == "pad"
    assert page_problems(page) == []
