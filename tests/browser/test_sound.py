"""Sounds and haptics: tones made with Web Audio on the moves, a buzz when your turn comes,
none when they are switched off, and no file fetched for any of it."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from ui.state import Event

from phase10.notation import parse_state
from phase10.serialize import to_json
from support.browser.driving import LocalServer, open_app, put_saved_game, renders, tap

if TYPE_CHECKING:
    from playwright.sync_api import Page

# Counts the tones the page starts and the vibrations it asks for, without making a sound.
RECORDER = """
(() => {
  window.__tones = 0;
  window.__buzzes = [];
  const Real = window.AudioContext;
  window.AudioContext = class extends Real {
    createOscillator() {
      const oscillator = super.createOscillator();
      const start = oscillator.start.bind(oscillator);
      oscillator.start = (...args) => { window.__tones += 1; return start(...args); };
      return oscillator;
    }
  };
  navigator.vibrate = (pattern) => { window.__buzzes.push(pattern); return true; };
})();
"""

# Ann to draw against one computer, who moves next.
GAME = """
game seed=3 current=0 step=draw
seat 0 "Ann"
  hand: R1 R2 R3 R4 R5 R6 R7 R8 R9 R10
seat 1 "Robo" kind=normal
  hand: B1 B1 B4 Y4 G4 B7 B8 G11 Y12 Y9
discard: G3
"""


def open_game(page: Any, url: str, sound: str) -> None:
    page.add_init_script(RECORDER)
    open_app(page, url)
    settings = json.dumps({"language": "", "large_type": False, "speed": "instant", "sound": sound})
    page.evaluate("(s) => localStorage.setItem('ten-phases/settings', s)", settings)
    put_saved_game(page, url, to_json(parse_state(GAME)))
    tap(page, Event("continue"))


def play_a_turn(page: Any) -> None:
    """Ann draws and discards; Robo plays at once (instant speed) and the turn comes back."""
    tap(page, Event("draw"))
    tap(page, Event("select", "0"))
    tap(page, Event("discard"))
    page.wait_for_function("() => document.querySelector('.turn-state.mine') !== null", timeout=30_000)
    before = renders(page)
    page.wait_for_timeout(300)  # the tones of the last move are started within a render
    assert renders(page) == before


def test_moves_play_tones_and_your_turn_buzzes(page: Page, server: LocalServer) -> None:
    open_game(page, server.url, "on")
    play_a_turn(page)
    tones = page.evaluate("() => window.__tones")
    # The draw, the discard, Robo's draw and discard, and Ann's turn: each a tone or more.
    assert tones >= 5, tones
    assert page.evaluate("() => window.__buzzes") != [], "your turn buzzes"
    audio = (".mp3", ".ogg", ".wav", ".m4a", ".aac", ".webm")
    assert not [path for path in server.paths if path.endswith(audio)], "tones are made, not fetched"


def test_sounds_switched_off_stay_silent(page: Page, server: LocalServer) -> None:
    open_game(page, server.url, "off")
    play_a_turn(page)
    assert page.evaluate("() => [window.__tones, window.__buzzes.length]") == [0, 0]
