"""The first paint (ui/shell/first_paint.py): the screen kept for the next start, on CPython.

What is kept is painted by boot.js before Python runs, to whoever picks the phone up
next, so it must never hold a hand's faces where several people share the phone.
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from ui.screens import render
from ui.shell import first_paint
from ui.state import Event, Screen, Ui
from ui.table.model import viewer
from ui.table.play import computer_due

from support.web.seen import cards_in, check_privacy
from support.web.taps import handle, next_taps, start

BUILD = "0123456789abcdef"


def whole_game(ui: Ui, limit: int = 20_000) -> list[Ui]:
    """Every state of a game played to its end by taps, the computers moving when due."""
    states = [ui]
    while ui.screen is not Screen.GAME_OVER:
        events = [Event("computer")] if computer_due(ui) else next_taps(ui)
        assert events, f"no move on {ui.screen}"
        for event in events:
            ui = handle(ui, event)
            states.append(ui)
        assert len(states) < limit
    return states


def test_a_game_of_several_people_never_keeps_a_hands_face():
    states = whole_game(start(names=("Ann", "Robo", "Bo"), kinds=("person", "easy", "person"), seed="4"))
    screens = set()
    for ui in states:
        opened = first_paint.opening(ui)
        assert opened is not None
        screens.add(opened.screen)
        # The hand-off, or the table with no hand while a computer plays: the laid groups
        # and the discard's top are the only faces, as on the table itself.
        assert viewer(opened) is None or opened.screen is not Screen.TABLE, f"a hand kept from {ui.screen}"
        check_privacy(opened)
        if opened.screen is not Screen.TABLE:
            assert cards_in(render(opened)) == [], f"a card face kept from {ui.screen}"
    assert {Screen.HANDOFF, Screen.HOME} <= screens


def test_one_person_against_computers_may_keep_their_own_table():
    states = whole_game(start(names=("Ann", "Robo"), kinds=("person", "normal"), seed="9"))
    tables = 0
    for ui in states:
        opened = first_paint.opening(ui)
        assert opened is not None
        check_privacy(opened)  # the one person's hand, the table's public cards, nothing else
        tables += opened.screen is Screen.TABLE
    assert tables > 0


def test_what_is_kept_has_nothing_open_over_the_screen():
    ui = start(names=("Ann", "Robo"), kinds=("person", "normal"), seed="9")
    while computer_due(ui):
        ui = handle(ui, Event("computer"))
    busy = handle(handle(ui, Event("draw")), Event("select", "0"))
    busy = handle(busy, Event("menu"))
    assert busy.menu and busy.selected
    opened = first_paint.opening(busy)
    assert opened is not None and opened.screen is Screen.TABLE
    assert not opened.menu and opened.selected == () and opened.prompt is None and not opened.message
    assert opened.game is busy.game


@pytest.mark.parametrize("over", ["rules", "settings"])
def test_a_screen_opened_over_the_table_keeps_the_table_under_it(over):
    ui = start(names=("Ann", "Bo"), seed="3")
    opened = handle(ui, Event(over))
    assert opened.screen is not Screen.HANDOFF
    kept = first_paint.opening(opened)
    assert kept is not None and kept.screen is Screen.HANDOFF


def test_a_save_that_cannot_be_read_keeps_nothing():
    ui = replace(Ui(), save_problem="damaged")
    assert first_paint.opening(ui) is None


def test_a_kept_screen_reads_back_for_its_own_build_only():
    ui = start(names=("Ann", "Bo"), seed="3")
    opened = first_paint.opening(ui)
    assert opened is not None
    text = first_paint.record(opened, render(opened), BUILD, 4, -1)
    kept = first_paint.read(text, BUILD)
    assert kept is not None and (kept.game_seq, kept.pad_seq) == (4, -1)
    assert kept.place["screen"] == Screen.HANDOFF.value
    stored = json.loads(text)
    assert (stored["language"], stored["large_type"], stored["screen"]) == ("en", False, "handoff")
    assert first_paint.read(text, "another-build") is None


def _changed(text: str, **fields: object) -> str:
    return json.dumps({**json.loads(text), **fields})


@pytest.mark.parametrize(
    "damage",
    [
        lambda t: t[: len(t) // 2],
        lambda t: "[]",
        lambda t: "null",
        lambda t: _changed(t, format=2),
        lambda t: _changed(t, place="handoff"),
        lambda t: _changed(t, game_seq="4"),
        lambda t: _changed(t, game_seq=True),
        lambda t: _changed(t, pad_seq=-3),
        lambda t: " " * (first_paint.MAX_CHARS + 1),
    ],
    ids=["cut", "list", "null", "format", "place", "seq-text", "seq-bool", "seq-negative", "huge"],
)
def test_a_damaged_kept_screen_is_ignored(damage):
    ui = start(names=("Ann", "Bo"), seed="3")
    opened = first_paint.opening(ui)
    assert opened is not None
    text = first_paint.record(opened, render(opened), BUILD, 4, -1)
    assert first_paint.read(damage(text), BUILD) is None
    assert first_paint.read(None, BUILD) is None
