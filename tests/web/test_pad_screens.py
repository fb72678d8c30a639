"""The score pad on CPython: a paper game written hand by hand by taps reaches the engine's
end, every refused entry shows why and changes nothing, the card counter, mending and
undoing, and the pad kept in storage like a game."""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest
from ui.kit.i18n import words
from ui.pad.saves import PadSlot
from ui.records import PAD, PastGame, pad_text
from ui.results.screens import history_screen
from ui.saves.backups import read_backup
from ui.saves.storage import FINISHED, MemoryStore, Saves
from ui.screens import render
from ui.state import Event, Screen, SetupInput, Ui

from phase10 import GameConfig, Options
from phase10.pad import HandEntry, ScorePad, add_hand
from phase10.pad import standings as pad_standings
from phase10.tournament import play_bot_game
from support.web.taps import handle, pad_hand_taps

NAMES = ("Ann", "Bo", "Cy", "Di")


def text_of(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).replace("&#x27;", "'").split())


def new_pad(names: tuple[str, ...] = NAMES, ways: tuple[str, ...] = (), edition: str = "classic") -> Ui:
    ui = handle(Ui(), Event("pad"))
    assert ui.screen is Screen.PAD_SETUP
    form = SetupInput(names, ("person",) * len(names), edition, ways, "2")
    ui = handle(ui, Event("pad-start", form=form))
    assert ui.screen is Screen.PAD and ui.pad is not None
    return ui


def tap(ui: Ui, *events: Event) -> Ui:
    for event in events:
        ui = handle(ui, event)
        render(ui)  # every state the page would show renders
    return ui


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_standard_game_written_by_taps_reaches_the_engines_winner_and_totals(seed):
    game = play_bot_game(GameConfig(NAMES, seed), ("hard", "normal", "normal", "easy"), seed)
    ui = new_pad()
    for record in game.history:
        ui = tap(ui, Event("pad-write"), *pad_hand_taps(record))
        assert ui.screen is Screen.PAD, words("en").say(ui.draft.error) if ui.draft else ""
    assert ui.pad is not None
    standing = pad_standings(ui.pad)
    assert standing.winner == game.winner
    assert standing.scores == tuple(player.score for player in game.players)
    page = text_of(render(ui))
    assert f"The winner is {NAMES[game.winner]}" in page
    assert "Write hand" not in page  # the game is over: nothing more to write


def first_hand(ui: Ui) -> Ui:
    return tap(ui, Event("pad-write"))


def keys(seat: int, digits: str) -> list[Event]:
    return [Event("pad-at", str(seat)), *[Event("pad-key", digit) for digit in digits]]


OUT = Event("pad-out", "0")

# Hand 1 of four (everyone else holding 50 unless said): each refusal names its player
# and says why.
REFUSALS = [
    pytest.param(keys(1, "50"), "Mark who went out", id="nobody-out"),
    pytest.param(
        [OUT, Event("pad-laid", "0")], "Ann went out, so Ann laid phase: mark it.", id="out-without-phase"
    ),
    pytest.param([OUT, *keys(1, "52")], "Bo's points must be a multiple of 5", id="not-a-multiple-of-5"),
    pytest.param(
        [OUT, *keys(1, "235")],
        "Bo didn't lay phase 1, so Bo holds 10 cards: 230 points at most.",
        id="too-many",
    ),
    pytest.param(
        [OUT, *keys(1, "45")],
        "Bo didn't lay phase 1, so Bo holds 10 cards: 50 points at least.",
        id="too-few",
    ),
]


def fill_others(ui: Ui, points: str = "50") -> Ui:
    """Ann out; everyone else who has no points yet gets ``points``."""
    assert ui.draft is not None
    for seat in (1, 2, 3):
        if not ui.draft.points[seat]:
            ui = tap(ui, Event("pad-at", str(seat)), *[Event("pad-key", d) for d in points])
    return ui


@pytest.mark.parametrize(("taps", "reason"), REFUSALS)
def test_a_refused_entry_shows_its_reason_and_writes_nothing(taps, reason):
    ui = fill_others(tap(first_hand(new_pad()), *taps))
    refused(ui, reason)


def test_a_missing_score_is_asked_for():
    refused(tap(first_hand(new_pad()), OUT), "Write Bo's points.")


def refused(ui: Ui, reason: str) -> None:
    pad = ui.pad
    ui = tap(ui, Event("pad-save"))
    assert ui.screen is Screen.PAD_HAND and ui.pad == pad
    page = render(ui)
    assert reason in text_of(page)
    assert 'role="alert"' in page


def test_a_refusal_that_names_a_player_moves_the_keypad_to_them():
    ui = tap(first_hand(new_pad()), OUT, *keys(3, "50"))
    assert ui.draft is not None and ui.draft.at == 3
    ui = tap(ui, Event("pad-save"))
    assert ui.draft is not None and ui.draft.at == 1, "Bo's points are missing"
    assert 'class="pad-row at" data-reveal' in render(ui)


def test_points_of_a_hand_that_laid_its_phase_are_held_to_the_cards_left():
    # Bo laid phase 1 (six cards), so holds at most four cards: 100 points at most.
    ui = first_hand(new_pad())
    ui = fill_others(tap(ui, OUT, Event("pad-laid", "1"), *keys(1, "105")))
    refused(ui, "Bo laid phase 1, so Bo holds 4 cards at most: 100 points at most.")


def test_the_card_counter_adds_up_a_hand_and_fills_the_points():
    ui = first_hand(new_pad())
    ui = tap(ui, Event("pad-count", "2"))
    page = text_of(render(ui))
    assert "Cy's cards" in page and "1 to 9" in page and "Skip" in page and "Wild" in page
    ui = tap(
        ui, *[Event("pad-count-more", "0")] * 7, Event("pad-count-more", "1"), Event("pad-count-more", "3")
    )
    ui = tap(ui, Event("pad-count-more", "3"), Event("pad-count-less", "3"))
    assert "9 cards: 70 points" in text_of(render(ui))  # 7 x 5 + 10 + 25
    ui = tap(ui, Event("pad-count-use"))
    assert ui.draft is not None and ui.draft.points[2] == "70" and ui.draft.counting is None


def test_the_counter_never_counts_more_cards_than_a_hand_holds():
    ui = tap(first_hand(new_pad()), Event("pad-count", "1"), *[Event("pad-count-more", "3")] * 12)
    assert ui.draft is not None and ui.draft.counting == (0, 0, 0, 10)


def test_the_flip_counter_counts_stars():
    ui = first_hand(new_pad(edition="flip"))
    page = text_of(render(tap(ui, Event("pad-count", "1"))))
    assert "Star 20 points each" in page and "Skip" not in page


def test_the_keypad_writes_to_the_player_chosen_and_rubs_out():
    ui = first_hand(new_pad())
    ui = tap(ui, Event("pad-at", "2"), Event("pad-key", "0"), Event("pad-key", "6"), Event("pad-key", "5"))
    ui = tap(ui, Event("pad-key", "0"), Event("pad-key", "5"))  # three digits at most
    assert ui.draft is not None and ui.draft.points == ("", "", "650", "")
    ui = tap(ui, Event("pad-key", "back"))
    assert ui.draft is not None and ui.draft.points == ("", "", "65", "")
    assert 'aria-label="Cy&#x27;s points: 65"' in render(ui)


def written(ui: Ui, *hands: HandEntry) -> Ui:
    assert ui.pad is not None
    pad = ui.pad
    for entry in hands:
        pad = add_hand(pad, entry)
    return replace(ui, pad=pad)


def test_an_earlier_hand_is_mended_and_every_later_one_worked_out_again():
    ui = written(
        new_pad(("Ann", "Bo", "Cy")),
        HandEntry((0,), (True, True, False), (0, 20, 50)),
        HandEntry((1,), (True, True, False), (20, 0, 50)),
    )
    ui = tap(ui, Event("pad-mend", "1"))
    assert ui.screen is Screen.PAD_HAND and ui.draft is not None and ui.draft.points == ("0", "20", "50")
    # Bo did not lay phase 1 after all: ten cards, 50 points.
    ui = tap(
        ui, Event("pad-laid", "1"), Event("pad-at", "1"), Event("pad-key", "back"), Event("pad-key", "back")
    )
    ui = tap(ui, Event("pad-key", "5"), Event("pad-key", "0"), Event("pad-save"))
    assert ui.screen is Screen.PAD and ui.pad is not None
    assert pad_standings(ui.pad).scores == (20, 50, 100)
    assert "Hand 1 mended" in text_of(render(ui))


def test_who_went_out_is_one_choice_for_the_whole_hand():
    ui = tap(first_hand(new_pad()), OUT)
    assert ui.draft is not None and ui.draft.out == 0 and ui.draft.laid[0]
    ui = tap(ui, Event("pad-out", "2"))
    assert ui.draft is not None and ui.draft.out == 2, "the mark moves: never two players out"
    page = render(ui)
    assert (
        page.count('data-action="pad-out"') == 4
        and page.count('aria-pressed="true" aria-label="Cy went out"') == 1
    )
    ui = tap(ui, Event("pad-out", "2"))
    assert ui.draft is not None and ui.draft.out is None


def test_marking_a_player_out_keeps_the_points_typed_for_them():
    ui = tap(first_hand(new_pad()), *keys(1, "35"), Event("pad-out", "1"))
    assert ui.draft is not None and ui.draft.points[1] == "35", "nothing typed is erased"
    assert "Out: 0" in text_of(render(ui))
    ui = tap(ui, Event("pad-out", "1"))
    assert 'aria-label="Bo&#x27;s points: 35"' in render(ui), "unmarked, the points count again"


def test_undo_says_what_it_took_back_in_view_and_offers_redo():
    ui = written(
        new_pad(("Ann", "Bo")),
        HandEntry((1,), (True, True), (25, 0)),
        HandEntry((0,), (True, False), (0, 50)),
    )
    before = ui.pad
    ui = tap(ui, Event("pad-undo"))
    assert ui.pad is not None and len(ui.pad.entries) == 1
    page = render(ui)
    fixes = text_of(page[page.index('class="pad-fixes">') + len('class="pad-fixes">') :])
    assert fixes.startswith("Hand 2 taken back (Ann had gone out). Redo hand 2"), "said where Undo was"
    assert 'role="status"' in page
    ui = tap(ui, Event("pad-redo"))
    assert ui.pad == before and ui.pad_undone == ()
    assert "Hand 2 put back." in text_of(render(ui))


def test_writing_a_hand_forgets_what_redo_would_put_back():
    ui = written(new_pad(("Ann", "Bo")), HandEntry((0,), (True, False), (0, 50)))
    ui = tap(ui, Event("pad-undo"), Event("pad-write"))
    assert ui.pad_undone == ()
    assert handle(ui, Event("pad-redo")) == ui


def test_the_counter_stops_at_the_cards_a_player_can_hold():
    # Bo laid phase 1 (two sets of 3): four cards at most.
    ui = tap(first_hand(new_pad()), Event("pad-laid", "1"), Event("pad-count", "1"))
    ui = tap(ui, *[Event("pad-count-more", "0")] * 9)
    assert ui.draft is not None and ui.draft.counting is not None and sum(ui.draft.counting) == 4
    assert "4 cards, 4 at most" in text_of(render(ui))
    # Cy did not: ten cards, and the counter says how many of them are counted.
    ui = tap(ui, Event("pad-count-close"), Event("pad-count", "2"), *[Event("pad-count-more", "1")] * 6)
    assert "6 of 10 cards" in text_of(render(ui))


def test_the_pad_speaks_spanish():
    ui = first_hand(new_pad())
    ui = replace(ui, settings=replace(ui.settings, language="es"))
    ui = tap(ui, Event("pad-out", "0"), Event("pad-save"))
    page = text_of(render(ui))
    assert "¿Quién se quedó sin cartas?" in page and "Anota los puntos de Bo." in page


# --- kept in storage -------------------------------------------------------------------------


def a_pad(*hands: HandEntry) -> ScorePad:
    pad = ScorePad(("Ann", "Bo"), Options(phases_to_win=1))
    for entry in hands:
        pad = add_hand(pad, entry)
    return pad


WON = HandEntry((0,), (True, False), (0, 50))


def test_a_pad_is_saved_and_loaded_back():
    store = MemoryStore()
    pads = PadSlot(Saves(store))
    pad = a_pad()
    problem, newer = pads.record(pad)
    assert not problem and newer is None
    assert PadSlot(Saves(store)).load().pad == pad


def test_a_damaged_pad_is_reported_and_kept_until_thrown_away():
    store = MemoryStore()
    store.setItem(PAD, '{"seq": 1, "pad": {"format": "ten-phases/pad"')
    pads = PadSlot(Saves(store))
    loaded = pads.load()
    assert loaded.pad is None and loaded.problem.key == "pad.damaged"
    ui = handle(Ui(pad_problem=loaded.problem), Event("pad"))
    page = text_of(render(ui))
    assert "The saved score pad cannot be read" in page
    assert handle(ui, Event("pad-new")).screen is Screen.PAD, "never overwritten unasked"
    form = SetupInput(("Ann", "Bo"), ("person", "person"))
    assert handle(ui, Event("pad-start", form=form)).pad is None
    assert store.getItem(PAD).startswith('{"seq": 1')
    gone = handle(ui, Event("pad-discard"))
    assert gone.pad_problem.key == "" and gone.screen is Screen.HOME


def test_a_finished_pad_joins_the_past_games_and_leaves_them_if_undone():
    store = MemoryStore()
    saves = Saves(store)
    pads = PadSlot(saves)
    pads.record(a_pad())
    pads.record(a_pad(WON), "2026-11-23T12:00:00")
    games, _ = saves.finished()
    assert games == [PastGame(a_pad(WON), "2026-11-23T12:00:00")]
    assert pads.load().pad == a_pad(WON), "the finished pad stays, its last hand still undoable"
    pads.record(a_pad())
    assert saves.finished()[0] == []
    pads.record(a_pad(WON), "2026-11-23T12:05:00")
    pads.record(a_pad(), fresh=True)  # a new pad: the finished one stays in the past games
    assert saves.finished()[0] == [PastGame(a_pad(WON), "2026-11-23T12:05:00")]


def test_a_pad_another_window_wrote_is_not_written_over():
    store = MemoryStore()
    here, there = PadSlot(Saves(store)), PadSlot(Saves(store))
    here.load(), there.load()
    there.record(a_pad())
    _, newer = here.record(a_pad(WON))
    assert newer is not None and newer.pad == a_pad()
    assert PadSlot(Saves(store)).load().pad == a_pad()


def test_past_pads_show_with_their_sheet_and_that_they_were_played_with_cards():
    page = text_of(history_screen([PastGame(a_pad(WON), "2026-11-23T12:00:00")], 0, words("en")))
    assert "Ann won" in page and "Score pad, played with real cards" in page and "23 November 2026" in page


def test_a_backup_brings_the_pad_and_past_pads_back():
    store = MemoryStore()
    saves = Saves(store)
    store.setItem(PAD, pad_text(a_pad(), 3))
    store.setItem(FINISHED, json.dumps([PastGame(a_pad(WON), "2026-11-23").entry()]))
    backup = json.dumps(
        {
            "format": "ten-phases/backup",
            "version": 1,
            "made": "2026-11-23T12:00:00",
            "saves": dict(store.items),
        }
    )
    restored = read_backup(backup)
    assert restored.pad == a_pad() and restored.finished == (PastGame(a_pad(WON), "2026-11-23"),)
    assert saves.finished()[0] == list(restored.finished)
