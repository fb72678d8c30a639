"""Nothing is lost: two windows on one game, damaged storage, a Python that cannot start,
a full phone, and backup files that move games to another phone."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from ui.saves.storage import save_text
from ui.state import Event
from ui.table.model import shown_hand

from phase10 import Discard, Draw, GameConfig, apply, new_game
from phase10.cards import parse_card
from phase10.notation import parse_state
from phase10.serialize import to_json
from support.browser.driving import (
    LocalServer,
    continue_saved,
    open_app,
    put_saved_game,
    saved_game,
    see_scores,
    tap,
    wait_ready,
)
from support.web.damaged import DEEP, GAME_CASES, pass_and_play
from support.web.states import TIEBREAK

SCREEN = "() => document.documentElement.dataset.screen"


def screen(page: Any) -> str:
    return str(page.evaluate(SCREEN))


def stored(page: Any, key: str) -> str | None:
    value = page.evaluate("(key) => localStorage.getItem(key)", key)
    return value if isinstance(value, str) else None


def wait_screen(page: Any, name: str) -> None:
    page.wait_for_function(f"() => document.documentElement.dataset.screen === '{name}'")


# --- two windows ------------------------------------------------------------------------------


def test_two_windows_on_one_game_never_lose_a_move(context: Any, server: LocalServer) -> None:
    first = context.new_page()
    open_app(first, server.url)
    put_saved_game(first, server.url, to_json(pass_and_play()))
    second = context.new_page()
    open_app(second, server.url)
    for page in (first, second):
        tap(page, Event("continue"))
        tap(page, Event("reveal"))

    # In turn: the first player draws in the first window; the second one follows, with
    # their hand hidden again (the phone may be in other hands).
    tap(first, Event("draw"))
    wait_screen(second, "handoff")
    assert "moved on in another window" in second.inner_text("#app")
    drawn = saved_game(first)
    assert drawn is not None and drawn == apply(pass_and_play(), Draw())

    # ... and they finish the turn in the second window; the first one follows.
    tap(second, Event("reveal"))
    second.locator(".hand .card").first.click()
    tap(second, Event("discard"))
    wait_screen(first, "handoff")
    after_discard = saved_game(second)
    assert after_discard is not None and after_discard.current != drawn.current
    assert after_discard.hand_number == 1 and len(after_discard.discard_pile) == 2

    # Out of turn: the first window missed a move another window made (no event reached
    # it), and the next player taps there.  The newer save is not written over: it is shown instead.
    ahead = apply(after_discard, Draw())
    first.evaluate("(text) => localStorage.setItem('ten-phases/game', text)", save_text(ahead, 99))
    tap(first, Event("reveal"))
    tap(first, Event("draw"))
    assert saved_game(first) == ahead, "the newer save is kept"
    assert "moved on in another window" in first.inner_text("#app")
    assert screen(first) == "handoff"
    tap(first, Event("reveal"))
    assert first.locator(".draw-pile").is_disabled(), "the card is drawn: the table is the newer one"


# --- damaged storage --------------------------------------------------------------------------


# The browser takes two of the damaged games (a damaged one and a newer one); the CPython
# tests (tests/web/test_saves_and_backups.py) take every case.
IN_THE_BROWSER = ("null phase on the score sheet", "a newer version")


@pytest.mark.parametrize("name", IN_THE_BROWSER)
def test_a_damaged_game_reaches_a_screen_with_a_way_out(page: Any, server: LocalServer, name: str) -> None:
    make, title = GAME_CASES[name]
    text = make()
    open_app(page, server.url)
    put_saved_game(page, server.url, text)
    assert screen(page) == "corrupt"
    assert title in page.inner_text("#app h1")
    with page.expect_download() as download:
        page.locator("[data-action=save-backup]").click()
    backup = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert backup["format"] == "ten-phases/backup" and backup["saves"]["ten-phases/game"] == text
    tap(page, Event("home"))
    assert stored(page, "ten-phases/game") == text, "kept until the player discards it"
    tap(page, Event("new-game"))
    tap(page, Event("discard-save"))
    tap(page, Event("new-game"))
    assert screen(page) == "setup"


# Settings of the wrong type and the other damaged shapes are read on CPython
# (tests/web/test_saves_and_backups.py); the page is tried with one of each slot.
STORAGE_CASES = {
    "settings nested deep": ("ten-phases/settings", DEEP, "settings could not be read"),
    "past games nested deep": ("ten-phases/finished", DEEP, "Past games (0)"),
}


@pytest.mark.parametrize("case", STORAGE_CASES.values(), ids=STORAGE_CASES.keys())
def test_damaged_settings_and_past_games_never_stop_the_app(
    page: Any, server: LocalServer, case: Any
) -> None:
    key, value, shown = case
    open_app(page, server.url)
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [key, value])
    page.reload()
    wait_ready(page)
    assert screen(page) == "home"
    assert shown in page.inner_text("#app")
    tap(page, Event("history"))
    if key == "ten-phases/finished":
        assert "could not be read" in page.inner_text("#app")
    tap(page, Event("back"))
    tap(page, Event("new-game"))
    assert screen(page) == "setup"
    assert stored(page, key) == value, "nothing damaged is written over unasked"


def test_storage_that_throws_on_read_still_reaches_the_home_screen(context: Any, server: LocalServer) -> None:
    context.add_init_script(
        "Storage.prototype.getItem = function () { throw new DOMException('denied', 'SecurityError'); };"
    )
    page = context.new_page()
    open_app(page, server.url)
    assert screen(page) == "home"
    assert "does not let Ten Phases keep anything" in page.inner_text("#app")
    tap(page, Event("new-game"))
    tap(page, Event("start-game"))
    assert screen(page) == "handoff", "a game can still be played"


@pytest.mark.page_errors_expected  # Python is made to fail as it starts: the rescue is the point
def test_python_that_cannot_start_offers_to_save_the_games(page: Any, server: LocalServer) -> None:
    saved = to_json(pass_and_play())
    page.add_init_script(f"localStorage.setItem('ten-phases/game', {json.dumps(saved)});")
    page.route("**/main.py", lambda route: route.fulfill(body="raise RuntimeError('a broken start')"))
    page.goto(server.url)
    page.wait_for_selector("#rescue:not([hidden])")
    assert page.evaluate("() => document.documentElement.dataset.rescue") == "failed"
    assert "could not start" in page.inner_text("#rescue")
    with page.expect_download() as download:
        page.locator("#rescue-save").click()
    backup = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert backup["saves"]["ten-phases/game"] == saved
    page.unroute("**/main.py")
    page.locator("#rescue-retry").click()
    wait_ready(page)
    assert page.locator("[data-action=continue]").count() == 1


# --- a full phone -----------------------------------------------------------------------------

REFUSE_WRITES = """
const write = Storage.prototype.setItem;
Storage.prototype.setItem = function (key, value) {
  if (window.refuseWrites) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
  return write.call(this, key, value);
};
"""


def test_a_finished_game_a_full_phone_refuses_is_written_at_the_next_chance(
    context: Any, server: LocalServer
) -> None:
    context.add_init_script(REFUSE_WRITES)
    page = context.new_page()
    mirror = continue_saved(page, server.url, TIEBREAK)
    last = shown_hand(mirror).index(parse_card("Y11"))
    tap(page, Event("select", str(last)))
    page.evaluate("() => { window.refuseWrites = true; }")
    tap(page, Event("discard"))
    see_scores(page)  # the last play waits on the table for a tap
    wait_screen(page, "game-over")
    assert "kept in memory" in page.inner_text("#app")
    assert stored(page, "ten-phases/finished") is None
    assert saved_game(page) is not None, "the last save stays until the finished game is written"
    page.evaluate("() => { window.refuseWrites = false; }")
    tap(page, Event("home"))
    finished = json.loads(stored(page, "ten-phases/finished") or "[]")
    expected = apply(parse_state(TIEBREAK), Discard(parse_card("Y11")))
    assert [entry["game"] for entry in finished] == [to_json(expected)]
    assert stored(page, "ten-phases/game") is None
    assert "Past games (1)" in page.inner_text("#app")


# --- backups and persistence ------------------------------------------------------------------


def test_a_backup_file_moves_games_to_another_phone(browser: Any, page: Any, server: LocalServer) -> None:
    open_app(page, server.url)
    moving = apply(new_game(GameConfig(("Cy", "Dee", "Eve"), 11)), Draw())
    put_saved_game(page, server.url, to_json(moving))
    tap(page, Event("settings"))
    with page.expect_download() as download:
        page.locator("[data-action=save-backup]").click()
    file = download.value.path()
    assert "Saved your games to the file ten-phases-" in page.inner_text("#app")

    other_phone = browser.new_context(viewport={"width": 360, "height": 640})
    try:
        phone = other_phone.new_page()
        open_app(phone, server.url)
        put_saved_game(phone, server.url, to_json(pass_and_play()))
        tap(phone, Event("settings"))
        phone.set_input_files(
            "input[type=file]", files=[{"name": "x.json", "mimeType": "text/plain", "buffer": b"{}"}]
        )
        phone.wait_for_function("() => document.body.innerText.includes('not a Ten Phases backup')")
        assert saved_game(phone) == pass_and_play(), "a bad file changes nothing"
        phone.set_input_files("input[type=file]", file)
        wait_screen(phone, "restore")
        assert "Cy, Dee and Eve, hand 1" in phone.inner_text("#app")
        assert "replaces the game in progress on this phone (Ann and Bo, hand 1)" in phone.inner_text("#app")
        tap(phone, Event("restore-confirm"))
        assert screen(phone) == "home" and "Restored from the file" in phone.inner_text("#app")
        assert saved_game(phone) == moving
        tap(phone, Event("continue"))
        assert "Dee" in phone.inner_text("#app")
    finally:
        other_phone.close()


def test_settings_say_whether_the_browser_keeps_the_games(page: Any, server: LocalServer) -> None:
    open_app(page, server.url)
    tap(page, Event("new-game"))
    tap(page, Event("start-game"))  # something to keep: the app asks the browser to keep it
    page.wait_for_function("() => document.documentElement.dataset.storageKept !== undefined")
    kept = page.evaluate("async () => await navigator.storage.persisted()")
    assert page.evaluate("() => document.documentElement.dataset.storageKept") == ("yes" if kept else "no")
    tap(page, Event("home"))
    tap(page, Event("settings"))
    words = "promised to keep your games" if kept else "may clear your games"
    assert words in page.locator("#storage-kept").inner_text()
