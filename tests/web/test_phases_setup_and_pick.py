"""A table's own phases in the UI (rulings 31-34), on CPython: set-up deals a list or reads
one from its code, refuses a bad code with its reason and changes nothing, says why ways
do not combine, opens from a link; at the table, phases in any order are chosen behind
the hand-off, from the open phases only, and the whole game plays to its end."""

from __future__ import annotations

from dataclasses import replace

import pytest
from ui import taps
from ui.kit.html import esc
from ui.records import Loaded
from ui.saves.storage import read_save, save_text
from ui.screens import render
from ui.state import Event, PromptKind, Screen, SetupInput, Ui
from ui.table.play import computer_due
from ui.update import update

from phase10 import ChoosePhase, Step
from phase10.distance import cards_missing
from phase10.phaselists import decode, encode, random_list
from phase10.rules import EDITIONS
from support.web.english import said
from support.web.taps import handle, next_taps

TWO = SetupInput(("Ann", "Bo"), ("person", "person"))


def _setup() -> Ui:
    return handle(Ui(), Event("new-game"))


def _with(ui: Ui, **fields: object) -> SetupInput:
    return replace(TWO, **fields)  # type: ignore[arg-type]


def test_deal_me_a_list_deals_the_length_asked_the_same_for_the_same_seed():
    ui = handle(_setup(), Event("deal-phase-list", "99", form=_with(_setup(), list_length="7")))
    dealt = ui.setup.phase_list
    assert dealt is not None and len(dealt.phases) == 7
    assert dealt.phases == random_list(7, 99, "classic").phases
    assert encode(dealt) in render(ui)
    again = handle(ui, Event("deal-phase-list", "100", form=_with(ui, list_length="7")))
    assert again.setup.phase_list is not None and again.setup.phase_list.phases != dealt.phases
    back = handle(again, Event("edition-phases", form=TWO))
    assert back.setup.phase_list is None and 'data-action="edition-phases"' not in render(back)


def test_a_code_typed_or_pasted_loosely_is_the_list_it_names():
    code = encode(random_list(5, 3, "classic"))
    typed = "  " + code.lower().replace("-", " - ") + " "
    ui = handle(_setup(), Event("use-phase-code", form=_with(_setup(), phase_code=typed)))
    assert ui.setup.phase_list is not None and encode(ui.setup.phase_list) == code
    assert not ui.setup.code_error


def _checked(body: str) -> str:
    """``body`` with its right check character: a code that reads, whatever it names."""
    from phase10.phaselists import _check

    return f"{body}-{_check(body)}"


FIFTY = "P1-" + "-".join(["3S3S"] * 50)
HOSTILE = [
    ("x" * 10_000, "code.refused.too-long"),
    ("", "code.refused.empty"),
    ("P1-3S3S-<script>", "code.refused.characters"),
    ("P9-3S3S-Q", "code.refused.version"),
    ("P1-33-Q", "code.refused.syntax"),
    ("P1-3S3S", "code.refused.layout"),
    (_checked("P1-3S3S-4R") + "X", "code.refused.layout"),
    (_checked("P1-3S3S-4R")[:-1] + "0", "code.refused.check"),
    (_checked(FIFTY), "code.refused.list"),
    (_checked("P1-3Z3S"), "code.refused.phase"),
    (_checked("P1-3S3S-13S"), "code.refused.phase"),
]


@pytest.mark.parametrize(("code", "reason"), HOSTILE, ids=[reason for _, reason in HOSTILE])
def test_a_bad_code_is_refused_with_its_reason_and_changes_nothing(code, reason):
    before = handle(_setup(), Event("deal-phase-list", "7", form=TWO))
    ui = handle(before, Event("use-phase-code", form=_with(before, phase_code=code)))
    assert ui.setup.code_error.key == reason, said(ui.setup.code_error)
    assert ui.setup.phase_list == before.setup.phase_list, "the list chosen before stays"
    assert esc(said(ui.setup.code_error)) in render(ui)
    assert len(render(ui)) < len(render(before)) + 1_000, "a pasted page is not shown back whole"


def test_a_code_for_a_list_the_rules_refuse_names_the_phase_at_fault():
    # A code that reads, but a run of 3: under ruling 31's minimum of 4.
    ui = handle(_setup(), Event("use-phase-code", form=_with(_setup(), phase_code=_checked("P1-3S3S-3R"))))
    assert ui.setup.code_error.key == "code.refused.phase"
    assert said(ui.setup.code_error).startswith("That list breaks the rules at phase 2: ")
    assert ui.setup.phase_list is None


def test_ways_that_do_not_combine_are_said_on_set_up_and_deal_is_refused():
    clash = _with(_setup(), ways=("ten-hands", "any-order"))
    ui = handle(_setup(), Event("setup-change", form=clash))
    words = said(ui.setup.refusal())
    assert "Ten hands" in words and esc(words) in render(ui)
    dealt = handle(ui, Event("start-game", "5", form=clash))
    assert dealt.game is None and dealt.screen is Screen.SETUP and said(dealt.setup.error) == words


def test_el_chavo_is_the_editions_own_list_only():
    ui = handle(_setup(), Event("deal-phase-list", "7", form=_with(_setup(), el_chavo=True)))
    assert not ui.setup.el_chavo_offered and 'name="el-chavo"' in render(ui)  # hidden, not offered
    game = handle(ui, Event("start-game", "5", form=_with(ui, el_chavo=True))).game
    assert game is not None and not game.config.options.el_chavo and game.config.options.phase_list


def test_a_link_opens_set_up_with_its_list_and_keeps_the_game_in_progress():
    playing = handle(_setup(), Event("start-game", "5", form=TWO))
    code = encode(random_list(4, 11, "classic"))
    ui = update(playing, taps.LinkedPhases(code)).ui
    assert ui.screen is Screen.SETUP and ui.setup.phase_list is not None
    assert encode(ui.setup.phase_list) == code and ui.game is playing.game
    bad = update(playing, taps.LinkedPhases("P1-nonsense")).ui
    assert bad.screen is Screen.SETUP and bad.setup.code_error and bad.setup.phase_list is None


def _any_order_game(kinds: tuple[str, ...] = ("person", "person")) -> Ui:
    ui = handle(_setup(), Event("deal-phase-list", "2026", form=_with(_setup(), list_length="5")))
    names = ("Ann", "Bo", "Cy")[: len(kinds)]
    form = SetupInput(names, kinds, ways=("any-order", "first-to-n"), phases_to_win="2", seed="8")
    ui = handle(ui, Event("start-game", "8", form=form))
    assert ui.game is not None and ui.game.config.options.any_order
    return ui


def test_in_pass_and_play_each_pick_is_made_behind_the_hand_off_from_the_open_phases():
    ui = _any_order_game()
    picks = 0
    for _ in range(20_000):
        if ui.screen is Screen.GAME_OVER:
            break
        game = ui.game
        assert game is not None
        if ui.screen is Screen.TABLE and game.step is Step.DRAW and game.must_pick(game.current):
            assert 'data-action="pick"' in render(ui)
            asked = handle(ui, Event("pick"))
            assert asked.prompt is not None and asked.prompt.kind is PromptKind.PICK
            offered = [action.phase for action in asked.prompt.options if isinstance(action, ChoosePhase)]
            assert offered == sorted(set(game.config.options.phase_sequence()) - set(game.done(game.current)))
            html = render(asked)
            hand = game.player.hand
            spec = game.config.options.phase_spec(offered[0])
            missing = cards_missing(hand, spec)
            assert ("Your hand makes it now" if missing == 0 else f"{missing} card") in html
            picks += 1
        for event in next_taps(ui):
            before = ui.screen
            ui = handle(ui, event)
            if event.name == "reveal":
                assert before is Screen.HANDOFF
    assert ui.screen is Screen.GAME_OVER and ui.game is not None and picks >= 2
    played = set(ui.game.config.options.phase_sequence())
    assert {phase for record in ui.game.history for phase in record.phases if phase} <= played


def test_computers_pick_on_the_timer_and_their_pick_is_said():
    ui = _any_order_game(("person", "normal", "hard"))
    heard = []
    for _ in range(400):
        if computer_due(ui):
            outcome = update(ui, taps.ComputerMove())
            heard += [said(line) for line in outcome.said]
            ui = outcome.ui
        else:
            for event in next_taps(ui):
                ui = handle(ui, event)
        if any("plays for phase" in line for line in heard):
            break
    assert any(line.split()[0] in ("Bo", "Cy") and "plays for phase" in line for line in heard), heard


def test_a_saved_game_keeps_its_list_and_the_picks():
    ui = _any_order_game()
    for _ in range(12):
        for event in next_taps(ui):
            ui = handle(ui, event)
    assert ui.game is not None
    loaded = read_save(save_text(ui.game, 3))
    assert isinstance(loaded, Loaded) and loaded.game == ui.game
    assert loaded.game.config.options.phase_list == ui.game.config.options.phase_list
    assert [p.pick for p in loaded.game.players] == [p.pick for p in ui.game.players]


def test_the_same_table_again_keeps_its_list():
    ui = _any_order_game()
    again = handle(ui, Event("new-game"))
    assert again.setup.phase_list == ui.game.config.options.phase_list if ui.game else False
    assert EDITIONS["classic"].phases != again.setup.phase_list.phases if again.setup.phase_list else False
    assert decode(encode(again.setup.phase_list)).phases == again.setup.phase_list.phases


def test_share_sends_the_lists_code_and_its_link_and_a_finished_game_names_its_code():
    from ui.effects import ShareSheet
    from ui.kit.i18n import words
    from ui.results.share import LIST, game_share_text, text_for

    ui = handle(_setup(), Event("deal-phase-list", "5", form=TWO))
    assert ui.setup.phase_list is not None
    code = encode(ui.setup.phase_list)
    assert 'data-action="share" data-value="list"' in render(ui)
    outcome = update(ui, taps.Share(LIST))
    assert outcome.effects == (ShareSheet(LIST),)
    sent = text_for(outcome.ui, (), LIST, "https://example.test/app/")
    assert code in sent and f"https://example.test/app/?phases={code}" in sent
    shared = update(outcome.ui, taps.Shared("copied")).ui
    assert "Copied" in render(shared), "said on set-up, where it was asked for"
    assert text_for(_setup(), (), LIST, "x") == "", "no list chosen: nothing to share"
    game = _any_order_game().game
    assert game is not None
    assert f"code {encode(game.config.options.played_list())}" in game_share_text(game, words("en"))


def test_the_rules_screen_draws_the_tables_own_list_and_explains_lists_and_any_order():
    ui = _any_order_game()
    assert ui.game is not None
    code = encode(ui.game.config.options.played_list())
    html = render(replace(ui, screen=Screen.RULES))
    assert "This table&#x27;s phases" in html and code in html
    assert html.count('class="phase-list"') == 3, "the table's list, then the two editions'"
    assert "Phases in any order" in html and "Your table&#x27;s own phases" in html
    assert "This table" not in render(replace(Ui(), screen=Screen.RULES)), "a game on the edition's phases"


def test_the_score_sheet_shows_each_hands_chosen_phase_and_the_hand_over_what_is_left():
    ui = _any_order_game()
    while ui.screen is not Screen.HAND_OVER:
        for event in next_taps(ui):
            ui = handle(ui, event)
    assert ui.game is not None
    record = ui.game.history[-1]
    html = render(ui)
    # Here the first player lays a phase of ten cards and goes out on the first turn: the
    # other never had a turn to choose (ruling 33's "no pick").
    assert record.phases == (0, 1) and record.went_out == 1
    assert "The hand ended before their turn: no phase chosen" in html
    assert '<span class="sheet-phase">·</span>' in html
    assert "Completed phase 1: 1 phase to go" in html
    assert '<span class="sheet-phase done">1</span>' in html


@pytest.mark.parametrize("seed", [4, 9])
def test_a_score_pad_on_a_dealt_list_in_any_order_reaches_the_engines_winner_and_totals(seed):
    """The game is played by the engine's bots; the pad, set up alike, is written by taps,
    each hand with the phase each player chose."""
    from phase10 import GameConfig, Options
    from phase10.pad import standings as pad_standings
    from phase10.tournament import play_bot_game
    from support.web.taps import pad_hand_taps

    dealt = random_list(6, seed, "classic")
    names = ("Ann", "Bo", "Cy")
    options = Options(phase_list=dealt, any_order=True, phases_to_win=3)
    game = play_bot_game(GameConfig(names, seed, options), ("hard", "normal", "normal"), seed)
    assert game.winner is not None
    ui = handle(Ui(), Event("pad"))
    ui = handle(ui, Event("use-phase-code", form=_with(ui, phase_code=encode(dealt))))
    form = SetupInput(names, ("person",) * 3, ways=("any-order", "first-to-n"), phases_to_win="3")
    ui = handle(ui, Event("pad-start", form=form))
    assert ui.pad is not None and ui.pad.options == options
    for record in game.history:
        ui = handle(ui, Event("pad-write"))
        if not record.tiebreak:
            assert render(ui).count('data-change="pad-phase"') == len(names), "each player's phase is asked"
        for event in pad_hand_taps(record, chosen=not record.tiebreak):
            ui = handle(ui, event)
        assert ui.screen is Screen.PAD, said(ui.draft.error) if ui.draft else ""
    standing = pad_standings(ui.pad)
    assert standing.winner == game.winner
    assert standing.scores == tuple(player.score for player in game.players)


def test_the_pad_refuses_a_phase_already_completed_and_one_not_written():
    code = encode(random_list(4, 3, "classic"))
    ui = handle(Ui(), Event("pad"))
    ui = handle(ui, Event("use-phase-code", form=_with(ui, phase_code=code)))
    form = SetupInput(("Ann", "Bo"), ("person",) * 2, ways=("any-order",))
    ui = handle(ui, Event("pad-start", form=form))
    first = [Event("pad-write"), Event("pad-phase", "0:2"), Event("pad-phase", "1:1"), Event("pad-out", "0")]
    first += [Event("pad-at", "1"), Event("pad-key", "5"), Event("pad-key", "0"), Event("pad-save")]
    for event in first:
        ui = handle(ui, event)
    assert ui.screen is Screen.PAD and ui.pad is not None and len(ui.pad.entries) == 1
    again = [Event("pad-write"), Event("pad-phase", "0:2"), Event("pad-phase", "1:1"), Event("pad-out", "1")]
    again += [Event("pad-at", "0"), Event("pad-key", "5"), Event("pad-key", "0"), Event("pad-save")]
    for event in again:
        ui = handle(ui, event)
    assert ui.draft is not None and ui.draft.error.key == "pad.refused.phase-done"
    assert "Ann had already completed that phase" in said(ui.draft.error)
    assert len(ui.pad.entries) == 1, "nothing written"
    assert 'value="0:2"' not in render(ui), "a completed phase is not offered"
    unset = handle(ui, Event("pad-phase", "0:"))
    unset = handle(unset, Event("pad-save"))
    assert unset.draft is not None and unset.draft.error.key == "pad.refused.phase-missing"


def test_in_any_order_the_standings_show_the_phases_done_as_a_set():
    ui = _any_order_game()
    while ui.screen is not Screen.GAME_OVER:
        for event in next_taps(ui):
            ui = handle(ui, event)
    assert ui.game is not None
    html = render(ui)
    for seat in range(len(ui.game.players)):
        done = ui.game.done(seat)
        if len(done) == 2:
            assert f"Done: phases {done[0]} and {done[1]} · 2 of 2" in html
        elif len(done) == 1:
            assert f"Done: phase {done[0]} · 1 of 2" in html
        else:
            assert "No phase done yet · 0 of 2" in html
    assert "On phase" not in html, "no phase is next in any order"


# --- the list editor (ruling 31) ------------------------------------------------------------


def _editing(edition: str = "classic") -> Ui:
    ui = handle(_setup(), Event("setup-change", form=_with(_setup(), edition=edition)))
    return handle(ui, Event("list-edit"))


def test_the_editor_starts_from_the_phases_chosen_and_its_list_is_used_on_set_up():
    ui = _editing()
    assert ui.screen is Screen.LIST_EDITOR and ui.list_draft is not None
    assert ui.list_draft.specs() == EDITIONS["classic"].phases
    for event in (
        Event("list-phase", "3"),  # phase 4: a run of 7
        Event("list-size", "0:-"),
        Event("list-add-group"),  # a set of 2
        Event("list-kind", "1:color_run"),  # at least 3 (ruling 31), so 3
        Event("list-move", "up"),  # now phase 3
        Event("list-add-phase"),  # an eleventh: a set of 3
    ):
        ui = handle(ui, event)
    assert ui.list_draft is not None
    assert [len(groups) for groups in ui.list_draft.phases][:4] == [2, 2, 2, 2] and len(
        ui.list_draft.phases
    ) == 11
    assert "1 run of 6 + 1 colour run of 3" in render(ui)
    used = handle(ui, Event("list-use"))
    assert used.screen is Screen.SETUP and used.list_draft is None
    chosen = used.setup.phase_list
    assert chosen is not None and len(chosen.phases) == 11 and chosen.phases[2].number == 3
    assert encode(chosen) in render(used) and decode(encode(chosen)).phases == chosen.phases
    game = handle(used, Event("start-game", "3", form=TWO)).game
    assert game is not None and game.config.options.played_list().phases == chosen.phases


def test_a_list_that_breaks_the_rules_cannot_be_used_and_says_why_by_the_phase_at_fault():
    ui = handle(_editing(), Event("list-phase", "9"))  # phase 10: a set of 5 and a set of 3
    for _ in range(4):
        ui = handle(ui, Event("list-size", "0:+"))  # 9 + 3 = 12 cards: no card left to discard
    html = render(ui)
    assert "its groups need more than 10 cards" in html and 'class="list-phase open faulty"' in html
    refused = handle(ui, Event("list-use"))
    assert refused.screen is Screen.LIST_EDITOR and refused.list_draft is not None
    assert refused.list_draft.error.key == "phases.editor_refused" and refused.setup.phase_list is None
    back = handle(refused, Event("back"))
    assert back.screen is Screen.SETUP and back.list_draft is None and back.setup.phase_list is None


def test_the_editor_keeps_within_ruling_31s_bounds_and_offers_the_decks_kinds():
    ui = _editing("flip")
    assert 'value="0:color_run"' in render(ui) and 'value="0:run"' not in render(ui), "the Flip deck's kinds"
    ui = _editing()
    for _ in range(5):
        ui = handle(ui, Event("list-add-group"))
    assert ui.list_draft is not None and len(ui.list_draft.phases[0]) == 3, "three groups at most"
    for _ in range(12):
        ui = handle(ui, Event("list-size", "2:-"))
    assert ui.list_draft.phases[0][2].size == 2, "a set of two at least"
    for _ in range(12):
        ui = handle(ui, Event("list-size", "2:+"))
    assert ui.list_draft.phases[0][2].size == 10, "ten cards at most"
    for _ in range(15):
        ui = handle(ui, Event("list-add-phase"))
    assert len(ui.list_draft.phases) == 20, "twenty phases at most"
    alone = handle(_editing(), Event("list-phase", "3"))
    assert handle(alone, Event("list-remove-group", "0")).list_draft == alone.list_draft, (
        "a phase keeps a group"
    )


def test_an_unchanged_list_is_the_editions_own():
    ui = handle(_editing(), Event("list-use"))
    assert ui.screen is Screen.SETUP and ui.setup.phase_list is None
