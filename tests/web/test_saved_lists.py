"""Phase lists kept on the phone (issue 37): kept under a name from set-up, played again with
one tap, forgotten, shared by backups and by other windows; and a finished game names its
list and code."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from ui.effects import ForgetList, KeepList, ListsKept, OtherWindow, Outcome
from ui.kit.html import esc
from ui.kit.i18n import NOTHING
from ui.records import PastGame
from ui.saves.backups import BACKUP_FORMAT, read_backup, restored
from ui.saves.storage import KEEP_LISTS, LISTS, LISTS_ASIDE, MemoryStore, Saves, read_lists
from ui.screens import render
from ui.state import Event, Screen, SetupInput, Ui
from ui.update import update

from phase10 import GameConfig, Options
from phase10.phaselists import encode, random_list
from phase10.rules import EDITIONS, GroupKind, GroupSpec, PhaseList
from phase10.simulate import play_random_game
from support.web.english import said
from support.web.taps import handle, tapped

TWO = SetupInput(("Ann", "Bo"), ("person", "person"))
SUNDAY = PhaseList.of("Sunday", [GroupSpec(GroupKind.SET, 3)], [GroupSpec(GroupKind.RUN, 5)])
# Colour runs of two: a list of the Flip deck's alone (ruling 31).
STARS = PhaseList.of("Stars", [GroupSpec(GroupKind.COLOR_RUN, 2), GroupSpec(GroupKind.SET, 3)])


def carried(outcome: Outcome, saves: Saves) -> Ui:
    """``outcome``'s state once its list effects are carried out on ``saves``, as the page
    does (``shell.app._perform``), and their answers sent back."""
    ui = outcome.ui
    for effect in outcome.effects:
        if isinstance(effect, KeepList):
            ui = update(ui, ListsKept(*saves.keep_list(effect.phase_list))).ui
        elif isinstance(effect, ForgetList):
            ui = update(ui, ListsKept(*saves.forget_list(effect.phase_list))).ui
    return ui


def _dealt(seed: str = "5") -> Ui:
    return handle(handle(Ui(), Event("new-game")), Event("deal-phase-list", seed, form=TWO))


def test_a_list_kept_under_its_name_is_on_the_phone_and_on_set_up_after_a_restart():
    saves = Saves(MemoryStore())
    ui = _dealt()
    dealt = ui.setup.phase_list
    assert dealt is not None
    named = replace(TWO, list_name="  Friday night  ")
    ui = carried(tapped(ui, Event("keep-list", form=named)), saves)
    assert ui.setup.phase_list == replace(dealt, name="Friday night")  # the game plays it by name
    assert ui.saved_lists == (replace(dealt, name="Friday night"),)
    assert said(ui.message) == "“Friday night” is kept on this phone."
    stored = json.loads(saves.store.getItem(LISTS) or "")
    assert stored == [{"name": "Friday night", "code": encode(dealt)}]
    # A new start reads it back; set-up offers it, and one tap plays it.
    again = Saves(saves.store)
    fresh = handle(Ui(saved_lists=again.saved_lists()), Event("new-game"))
    page = render(fresh)
    assert "Friday night" in page and f'data-value="{encode(dealt)}"' in page
    played = handle(fresh, Event("saved-list", encode(dealt), form=TWO))
    assert played.setup.phase_list == replace(dealt, name="Friday night")
    assert "Kept on this phone as “Friday night”." in render(played)


def test_a_list_kept_with_no_name_gets_one_and_the_same_phases_kept_again_are_renamed():
    saves = Saves(MemoryStore())
    ui = carried(tapped(_dealt(), Event("keep-list", form=replace(TWO, list_name=""))), saves)
    assert [kept.name for kept in ui.saved_lists] == ["My list 1"]
    ui = carried(tapped(ui, Event("keep-list", form=replace(TWO, list_name="Better"))), saves)
    assert [kept.name for kept in ui.saved_lists] == ["Better"]  # one list, by its phases
    assert len(json.loads(saves.store.getItem(LISTS) or "")) == 1


def test_forgetting_a_list_takes_it_off_the_phone_and_a_game_set_up_with_it_keeps_it():
    saves = Saves(MemoryStore())
    ui = carried(tapped(_dealt(), Event("keep-list", form=replace(TWO, list_name="Gone"))), saves)
    chosen = ui.setup.phase_list
    ui = carried(tapped(ui, Event("forget-list", encode(ui.saved_lists[0]), form=TWO)), saves)
    assert ui.saved_lists == () and saves.saved_lists() == ()
    assert ui.setup.phase_list == chosen
    assert said(ui.message) == "“Gone” is no longer kept on this phone."


def test_a_list_the_deck_cannot_play_is_shown_but_cannot_be_chosen():
    ui = handle(Ui(saved_lists=(STARS, SUNDAY)), Event("new-game"))
    page = render(ui)
    at = page.index(f'data-value="{encode(STARS)}"')
    stars = page[page.rindex("<li>", 0, at) : page.index("</li>", at)]
    assert "Not with this deck" in stars and " disabled" in stars
    at = page.index(f'data-value="{encode(SUNDAY)}"')
    sunday = page[page.rindex("<li>", 0, at) : page.index("</li>", at)]
    assert "2 phases" in sunday and " disabled" not in sunday
    # On the Flip deck it plays; the classic one refuses it at Deal, as any list it cannot play.
    flip = handle(ui, Event("setup-change", form=replace(TWO, edition="flip")))
    on_flip = handle(flip, Event("saved-list", encode(STARS), form=replace(TWO, edition="flip")))
    assert on_flip.setup.phase_list == STARS and not on_flip.setup.refusal()
    forced = handle(ui, Event("saved-list", encode(STARS), form=TWO))
    assert said(forced.setup.refusal()).startswith("The Classic deck cannot play this list")


def test_an_unknown_code_is_no_list_and_changes_nothing():
    ui = handle(Ui(saved_lists=(SUNDAY,)), Event("new-game"))
    assert handle(ui, Event("saved-list", "P1-3S-Q", form=TWO)).setup.phase_list is None
    assert tapped(ui, Event("forget-list", "P1-3S-Q", form=TWO)).effects == ()


def test_the_phone_keeps_at_most_its_number_of_lists_and_says_so():
    saves = Saves(MemoryStore())
    for seed in range(KEEP_LISTS):
        assert saves.keep_list(random_list(3, seed, "classic", f"L{seed}"))[1] == NOTHING
    lists, problem = saves.keep_list(SUNDAY)
    assert said(problem) == f"This phone keeps at most {KEEP_LISTS} lists: forget one first."
    assert len(lists) == KEEP_LISTS and SUNDAY not in saves.saved_lists()
    renamed = replace(saves.saved_lists()[0], name="Renamed")
    assert saves.keep_list(renamed)[0][-1] == renamed  # renaming one is no new list


HOSTILE = [
    "x" * 10_000,
    {"name": "Big", "code": "P1-" + "3S-" * 50 + "Q"},
    {"name": "Kinds", "code": "P1-3Z-Q"},
    {"name": "N" * 41, "code": encode(SUNDAY)},
    {"name": "", "code": encode(SUNDAY)},
    {"name": "Extra", "code": encode(SUNDAY), "owner": "me"},
    {"name": 3, "code": encode(SUNDAY)},
    {"code": "P1-" + "99S-" + "Q"},
    None,
    [encode(SUNDAY)],
]


@pytest.mark.parametrize("entry", HOSTILE, ids=lambda entry: repr(entry)[:30])
def test_a_hostile_or_damaged_entry_is_not_read_and_survives_every_write(entry):
    store = MemoryStore()
    store.setItem(LISTS, json.dumps([entry, {"name": "Sunday", "code": encode(SUNDAY)}]))
    saves = Saves(store)
    assert saves.saved_lists() == (SUNDAY,)
    saves.keep_list(STARS)
    saves.forget_list(SUNDAY)
    assert json.loads(store.getItem(LISTS) or "") == [{"name": "Stars", "code": encode(STARS)}, entry]


@pytest.mark.parametrize("text", ["not json", "{}", "[" * 100_000, '"a list"', "[]" + " " * 1_000_000])
def test_a_damaged_store_reads_as_no_lists_and_its_text_is_kept_aside_on_the_next_write(text):
    store = MemoryStore()
    store.setItem(LISTS, text)
    store.setItem(LISTS_ASIDE, json.dumps(["older damage"]))
    saves = Saves(store)
    assert saves.saved_lists() == ()
    saves.keep_list(SUNDAY)
    assert read_lists(store.getItem(LISTS)) == ([SUNDAY], [])
    assert json.loads(store.getItem(LISTS_ASIDE) or "") == ["older damage", text]


def test_a_store_that_refuses_says_why_and_keeps_what_it_had():
    class Full(MemoryStore):
        def setItem(self, key: str, value: str) -> None:  # noqa: N802
            raise OSError("QuotaExceededError")

    ui = carried(tapped(_dealt(), Event("keep-list", form=replace(TWO, list_name="X"))), Saves(Full()))
    assert ui.saved_lists == ()
    assert said(ui.message).startswith("The list could not be kept on this phone: ")


def _backup(saves: dict[str, str]) -> str:
    return json.dumps({"format": BACKUP_FORMAT, "version": 1, "made": "2026-11-27T10:00:00", "saves": saves})


def test_a_backup_carries_the_lists_and_restoring_adds_those_not_here():
    there = Saves(MemoryStore())
    there.keep_list(SUNDAY)
    there.keep_list(STARS)
    backup = read_backup(_backup({LISTS: there.store.getItem(LISTS) or ""}))  # lists alone are a backup
    assert backup.lists == (SUNDAY, STARS)
    ui = Ui(screen=Screen.RESTORE, restore=backup)
    assert "2 phase lists (Sunday and Stars)" in render(ui)
    here = Saves(MemoryStore())
    here.keep_list(replace(SUNDAY, name="Ours"))
    assert not here.restore(None, (), backup.lists)
    assert [kept.name for kept in here.saved_lists()] == ["Ours", "Stars"]  # the name here stays
    after = restored(ui, "", here.saved_lists())
    assert after.saved_lists == here.saved_lists() and after.screen is Screen.HOME


def test_a_restore_past_the_phones_number_of_lists_loses_none():
    here = Saves(MemoryStore())
    for seed in range(KEEP_LISTS):
        here.keep_list(random_list(2, seed, "classic", f"L{seed}"))
    assert not here.restore(None, (), (SUNDAY,))
    assert len(here.saved_lists()) == KEEP_LISTS + 1


def test_another_windows_lists_are_shown_and_not_written_back():
    ui = handle(Ui(), Event("new-game"))
    outcome = update(ui, OtherWindow(lists=(SUNDAY,)))
    assert outcome.ui.saved_lists == (SUNDAY,) and outcome.effects == ()
    assert "Sunday" in render(outcome.ui)


def test_a_finished_game_and_its_past_game_name_the_list_and_its_code():
    options = Options(phase_list=SUNDAY, any_order=True, phases_to_win=1)
    game = play_random_game(GameConfig(("Ann", "Bo"), 3, options), random.Random(3)).final
    assert game.is_over
    over = render(Ui(screen=Screen.GAME_OVER, game=game))
    line = f'Phases: “Sunday”, 2 phases, code <code class="phase-code">{esc(encode(SUNDAY))}</code>'
    assert line in over
    history = render(Ui(screen=Screen.HISTORY), finished=[PastGame(game, "2026-11-27T10:00:00")])
    assert line in history and "Phases in any order" in history
    unnamed = replace(options, phase_list=replace(SUNDAY, name=""))
    game = play_random_game(GameConfig(("Ann", "Bo"), 3, unnamed), random.Random(3)).final
    assert "Phases: a list of 2 phases, code" in render(Ui(screen=Screen.HISTORY), finished=[PastGame(game)])
    assert EDITIONS["classic"].phases != SUNDAY.phases
