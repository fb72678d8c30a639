"""Back as the phone means it, on CPython: how deep each screen sits, what Back does on it,
and the screen a reload reopens (the page keeps one history entry per level: app.py)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from ui.navigation import depth, place, reopened
from ui.screens import render
from ui.state import Event, Screen, Ui
from ui.table.play import resume

from phase10.notation import parse_state
from support.web.seen import cards_in
from support.web.taps import handle, start

TWO_PEOPLE = """
game seed=4 current=0 step=play
seat 0 "Ann"
  hand: R3 B3 Y3 G9 R9 W R1 B12 Y6 G7 Y10
seat 1 "Bo"
  hand: B1 B2 B4 B5 B6 B7 B8 B9 B10 B11
discard: Y1
"""


def back(ui: Ui) -> Ui:
    return handle(ui, Event("history-back"))


@pytest.fixture
def pass_and_play() -> Ui:
    """Ann's turn at a table of two people, her hand shown."""
    ui = handle(resume(Ui(), parse_state(TWO_PEOPLE)), Event("reveal"))
    assert ui.screen is Screen.TABLE
    return ui


def test_each_screen_sits_at_its_depth(pass_and_play: Ui) -> None:
    home = Ui()
    assert depth(home) == 0
    assert depth(handle(home, Event("rules"))) == 1
    assert depth(handle(home, Event("new-game"))) == 1
    assert depth(pass_and_play) == 1
    over_table = handle(handle(pass_and_play, Event("menu")), Event("settings"))
    assert (over_table.screen, depth(over_table)) == (Screen.SETTINGS, 2)
    assert place(over_table) == {"depth": 2, "screen": "settings", "previous": "table"}


def test_the_turns_of_a_game_stay_at_one_depth() -> None:
    """A turn replaces the game's entry: Back never goes to a hand shown before a pass."""
    ui = start()
    seen = set()
    for event in (Event("reveal"), Event("draw")):
        ui = handle(ui, event)
        seen.add(depth(ui))
    assert seen == {1}


def test_back_from_the_rules_or_settings_returns_to_the_game_through_its_hand_off(pass_and_play: Ui) -> None:
    for screen in ("rules", "settings"):
        opened = handle(handle(pass_and_play, Event("menu")), Event(screen))
        assert not opened.menu
        returned = back(opened)
        assert returned.screen is Screen.HANDOFF, "several people share the phone: it may have been passed"
        assert cards_in(render(returned)) == [], "no hand on the page"
        assert handle(opened, Event("back")) == returned, "the screen's own Back does the same"


def test_back_from_the_rules_returns_to_the_table_of_one_person() -> None:
    solo = replace(parse_state(TWO_PEOPLE).config, kinds=("person", "hard"))
    ui = resume(Ui(), replace(parse_state(TWO_PEOPLE), config=solo))
    assert ui.screen is Screen.TABLE
    assert back(handle(ui, Event("rules"))).screen is Screen.TABLE


def test_back_on_a_game_asks_before_leaving_and_never_loses_it(pass_and_play: Ui) -> None:
    asked = back(pass_and_play)
    assert asked.leaving and asked.screen is Screen.TABLE and asked.game is pass_and_play.game
    assert "Leave the table?" in render(asked)
    stayed = handle(asked, Event("stay"))
    assert not stayed.leaving and stayed.screen is Screen.TABLE
    assert back(asked) == stayed, "Back again closes the question"
    left = handle(asked, Event("leave"))
    assert left.screen is Screen.HOME and left.game is pass_and_play.game and left.can_continue
    assert 'data-action="continue"' in render(left)


def test_back_closes_what_is_open_first(pass_and_play: Ui) -> None:
    menu = handle(pass_and_play, Event("menu"))
    assert menu.menu and not back(menu).menu and back(menu).screen is Screen.TABLE
    laying = handle(pass_and_play, Event("lay"))
    assert laying.prompt is not None
    assert back(laying).prompt is None and back(laying).screen is Screen.TABLE


def test_back_from_set_up_and_the_pad_goes_home() -> None:
    home = Ui()
    assert back(handle(home, Event("new-game"))).screen is Screen.HOME
    assert back(handle(home, Event("history"))).screen is Screen.HOME
    assert back(home) == home


def test_a_reload_reopens_the_screen_it_was_on(pass_and_play: Ui) -> None:
    loaded = replace(Ui(), game=pass_and_play.game)  # as app.start loads a save
    table = reopened(loaded, place(pass_and_play))
    assert table.screen is Screen.HANDOFF, "a game in pass-and-play reopens on its hand-off"
    settings = handle(handle(pass_and_play, Event("menu")), Event("settings"))
    again = reopened(loaded, place(settings))
    assert (again.screen, again.previous) == (Screen.SETTINGS, Screen.TABLE)
    assert back(again).screen is Screen.HANDOFF


@pytest.mark.parametrize(
    "remembered",
    [
        None,
        {},
        {"screen": "no-such-screen", "depth": 1},
        {"screen": 3, "previous": None},
        {"screen": "table", "depth": 1},  # no game is saved any more
        {"screen": "pad", "depth": 1},  # no pad either
        {"screen": "setup", "depth": 1},  # a form is not kept: it opens as Home
    ],
)
def test_an_entry_that_cannot_be_reopened_as_it_was_opens_home(remembered: object) -> None:
    assert reopened(Ui(), remembered).screen is Screen.HOME  # type: ignore[arg-type]
