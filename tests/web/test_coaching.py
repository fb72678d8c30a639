"""The Hint button: asked for on a person's turn, it shows the expert's move and why, in the
table's language; following it by taps makes exactly that move; the game keeps count, and
its score sheet and shared text say hints were used.  A table can turn hints off."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ui.kit.i18n import words
from ui.results.share import game_share_text
from ui.saves.storage import MemoryStore, Saves
from ui.screens import render
from ui.state import Event, Screen, Settings, Ui
from ui.table.model import closing, table_of
from ui.table.play import computer_due, resume

from phase10 import apply
from phase10.bots import bot_seed
from phase10.coach import Why, advise
from phase10.notation import parse_state
from phase10.view import view
from support.engine.scenarios import denial_table
from support.web.english import EN, said
from support.web.taps import handle, hinted_taps, next_taps, start, tapped

HINT_BUTTON = 'data-action="hint"'


def _persons_turn(ui: Ui) -> bool:
    return ui.screen is Screen.TABLE and not computer_due(ui) and not closing(ui)


def play_following_hints(ui: Ui) -> tuple[Ui, int]:
    """Play to the end: on every turn of a person, ask for a hint and follow it by taps.
    Returns the finished game and how many hints were asked."""
    asked = 0
    for _ in range(20_000):
        if ui.screen is Screen.GAME_OVER:
            return ui, asked
        if computer_due(ui):
            ui = handle(ui, Event("computer"))
            continue
        if not _persons_turn(ui):
            for event in next_taps(ui):
                ui = handle(ui, event)
            continue
        assert ui.game is not None
        before, seat = ui.game, ui.game.current
        assert HINT_BUTTON in render(ui)
        ui = handle(ui, Event("hint"))
        asked += 1
        assert ui.advice is not None
        assert ui.game.hints_used[seat] == (before.hints_used[seat] if before.hints_used else 0) + 1
        expected = advise(view(before, seat), bot_seed(before.config, seat)).action
        assert ui.advice.action == expected
        html = render(ui)
        assert 'class="coach"' in html
        for event in hinted_taps(ui):
            ui = handle(ui, event)
            assert not ui.message, said(ui.message)
        # The taps made exactly the hinted move, and nothing else changed.
        assert ui.game is not None
        assert replace(ui.game, hints_used=()) == replace(apply(before, expected), hints_used=())
        assert ui.advice is None, "a hint is shown until the player moves"
    raise AssertionError("the game does not end")


def test_a_person_who_follows_every_hint_plays_the_experts_game_and_the_sheet_says_so():
    kinds = ("person", "hard", "normal")
    ui = start(names=("Ann", "Hal", "Nia"), variation="first-to-n", phases="2", seed="21", kinds=kinds)
    ui, asked = play_following_hints(ui)
    assert ui.game is not None and asked > 10
    assert ui.game.hints_used == (asked, 0, 0)
    over = render(ui)
    assert f"Hints were used: Ann ({asked} hints)." in over
    assert f"Hints were used: Ann ({asked} hints)." in game_share_text(ui.game, EN)


def test_a_pass_and_play_table_counts_each_persons_hints():
    ui = start(names=("Ann", "Bo"), variation="first-to-n", phases="1", seed="5")
    ui, asked = play_following_hints(ui)
    assert ui.game is not None
    assert sum(ui.game.hints_used) == asked and all(ui.game.hints_used)
    sheet = render(ui)
    assert "Hints were used: Ann (" in sheet and " and Bo (" in sheet


def _until(ui: Ui, wanted: Callable[[Ui], bool]) -> Ui:
    """Play on by taps (the computers moving when due) until ``wanted(ui)``."""
    for _ in range(20_000):
        if wanted(ui):
            return ui
        for event in [Event("computer")] if computer_due(ui) else next_taps(ui):
            ui = handle(ui, event)
    raise AssertionError("never came")


def test_a_table_without_hints_has_no_hint_button_and_ignores_the_event():
    ui = start(names=("Ann", "Hal"), kinds=("person", "hard"), seed="8", hints=False)
    assert ui.game is not None and ui.game.config.hints is False
    ui = _until(ui, _persons_turn)
    assert HINT_BUTTON not in render(ui)
    step = tapped(ui, Event("hint"))
    assert step.ui.game is ui.game and step.ui.advice is None and not step.said and not step.effects
    assert "Hints were used" not in render(_finish(ui))


def _finish(ui: Ui) -> Ui:
    return _until(ui, lambda ui: ui.screen is Screen.GAME_OVER)


def test_the_hints_box_is_on_the_set_up_and_the_next_game_keeps_it():
    ui = handle(Ui(), Event("new-game"))
    html = render(ui)
    assert 'name="hints"' in html and "checked" in html.split('name="hints"')[1][:40]
    off = start(names=("Ann", "Hal"), kinds=("person", "hard"), seed="8", hints=False)
    finished = _finish(off)
    again = handle(finished, Event("play-again"))
    assert again.game is not None and again.game.config.hints is False
    form = render(handle(finished, Event("new-game")))
    assert 'name="hints"' in form and "checked" not in form.split('name="hints"')[1][:40]
    # The score pad's set-up has no such box, and reading it leaves the game's choice alone.
    pad = render(handle(Ui(), Event("pad-new")))
    assert 'name="hints"' not in pad


def test_the_hint_is_worded_in_the_tables_language_and_read_out():
    ui = start(names=("Ana", "Hal"), kinds=("person", "hard"), seed="8", language="es")
    step = tapped(_until(ui, _persons_turn), Event("hint"))
    ui = step.ui
    assert ui.advice is not None
    coach = render(ui).split('class="coach"')[1].split("</p>")[0]
    assert any(move in coach for move in ("Roba del mazo", "Toma la carta")), coach
    spoken = words("es").say(step.said[0])
    assert spoken.startswith("Pista: ") and spoken.endswith(coach.split(">", 1)[1])


def test_asking_for_a_hint_is_saved_with_the_game():
    ui = _until(start(names=("Ann", "Hal"), kinds=("person", "hard"), seed="8"), _persons_turn)
    store = MemoryStore()
    saves = Saves(store)
    hinted = handle(ui, Event("hint"))
    assert hinted.game is not ui.game, "asking for a hint is a change to save"
    assert hinted.game is not None
    saves.record(hinted.game)
    loaded = Saves(store).load_current()
    assert loaded.game is not None and loaded.game.hints_used == (1, 0)


def test_the_hint_points_at_the_cards_it_names():
    ui = start(names=("Ann", "Hal"), kinds=("person", "hard"), seed="8")
    ui = _until(ui, lambda ui: _persons_turn(ui) and ui.game is not None and ui.game.step.value == "play")
    ui = handle(ui, Event("hint"))
    assert ui.advice is not None and ui.advice.cards
    table = table_of(ui)
    marked = [table.choices.hand[i] for i in sorted(table.hinted_at)]
    assert sorted(marked) == sorted(ui.advice.cards)
    assert render(ui).count("hinted") == len(ui.advice.cards)


def test_a_hint_that_keeps_a_card_from_the_next_player_names_them_and_the_card():
    state = parse_state(denial_table("kind=hard").replace("seed=4", "seed=1"))
    for language, reason in (
        ("en", "Ann plays next and would likely pick up your Green 10."),
        ("es", "Ann juega después y probablemente recogería tu 10 verde."),
    ):
        ui = resume(Ui(settings=Settings(language=language)), state)
        ui = handle(ui, Event("hint"))
        assert ui.advice is not None and ui.advice.why is Why.DISCARD_DENY
        assert reason in render(ui), render(ui).split('class="coach"')[1][:300]


def test_the_hint_for_a_pick_says_which_phase_to_play_and_why_in_both_languages():
    """Phases in any order (ruling 33): at the start of each hand the Hint names the phase
    to play for, and its reason in words, for each of the coach's five reasons."""
    from ui.table.coaching import advice_words

    from phase10 import ChoosePhase, GameConfig, Step, new_game
    from phase10.bots import Bot, Level
    from phase10.rules import Options

    reasons = {Why.PICK_ONLY, Why.PICK_READY, Why.PICK_CLOSEST, Why.PICK_OUTS, Why.PICK_HARDER}
    heard: set[Why] = set()
    for seed in range(40):
        state = new_game(GameConfig(("Ann", "Bo"), seed=seed, options=Options(any_order=True)))
        while state.step is not Step.GAME_OVER and heard != reasons:
            seen = view(state, state.current)
            if any(isinstance(action, ChoosePhase) for action in seen.legal):
                advice = advise(seen, seed)
                assert isinstance(advice.action, ChoosePhase) and advice.why in reasons
                heard.add(advice.why)
                for language in ("en", "es"):
                    line = advice_words(advice, seen, words(language))
                    assert "{" not in line and str(advice.action.phase) in line, line
                english = advice_words(advice, seen, words("en"))
                assert english.startswith(f"Play for phase {advice.action.phase} this hand: "), english
            state = apply(state, Bot(Level.NORMAL, seed).choose(seen))
        if heard == reasons:
            break
    assert heard == reasons
