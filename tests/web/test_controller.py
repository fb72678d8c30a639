"""The UI's logic on CPython: whole games by taps, refusals, privacy, set-up."""

from __future__ import annotations

import pytest
from ui.screens import render
from ui.state import Event, Screen, SetupForm, SetupInput, Ui, WayToPlay
from ui.table.model import closing, viewer
from ui.table.play import computer_due, resume

from phase10 import GameConfig, Options, Step, new_game
from phase10.notation import parse_state
from support.web.english import said, spoken, told
from support.web.seen import cards_in, check_privacy
from support.web.states import COMPUTER_HITS
from support.web.taps import handle, next_taps, start, tapped


def play(ui: Ui, limit: int = 20_000, screens: list[Screen] | None = None) -> Ui:
    """Play to the end by taps, letting the computer players move whenever they are due."""
    taps = 0
    while ui.screen is not Screen.GAME_OVER:
        if computer_due(ui):
            before = ui.game
            ui = handle(ui, Event("computer"))
            assert ui.game is not before and not ui.message
            check_privacy(ui)
            if screens is not None:
                screens.append(ui.screen)
            continue
        events = next_taps(ui)
        assert events, f"no move on {ui.screen}"
        for event in events:
            before = ui.game
            ui = handle(ui, event)
            assert not ui.message, f"{event} was refused: {said(ui.message)}"
            check_privacy(ui)
            if screens is not None:
                screens.append(ui.screen)
            if ui.game is not before and before is not None and ui.game is not None:
                assert ui.game.turns >= 0
            taps += 1
            assert taps < limit, "the game by taps does not end"
    return ui


def test_a_short_game_by_taps_reaches_the_winner():
    ui = play(start())
    assert ui.game is not None and ui.game.is_over
    html = render(ui)
    assert "The winner is" in html and ui.game.players[ui.game.winner].name in html
    assert "score-sheet" in html


def test_a_standard_two_player_game_by_taps_ends():
    ui = play(start(names=("Ann", "Bo"), variation="standard", phases="5", seed="3"), limit=20_000)
    assert ui.game is not None and len(ui.game.history) >= 10


def test_the_setup_form_refuses_duplicate_names_and_bad_seeds():
    ui = start(names=("Ann", "ann"))
    assert ui.screen is Screen.SETUP and "different name" in said(ui.setup.error)
    ui = start(seed="12x")
    assert ui.screen is Screen.SETUP and "seed" in said(ui.setup.error).lower()


def test_the_same_seed_deals_the_same_game():
    first, second = start(seed="99"), start(seed="99")
    assert first.game == second.game


def test_taking_a_skip_is_refused_with_a_reason_and_changes_nothing():
    state = parse_state(
        """
        game seed=1 current=0 step=draw
        seat 0 "Ann"
          hand: R1 R2 R3 R4 R5 R6 R7 R8 R9 R10
        seat 1 "Bo"
          hand: B1 B2 B3 B4 B5 B6 B7 B8 B9 B10
        discard: G1 S
        """
    )
    ui = Ui(screen=Screen.TABLE, game=state)
    after = handle(ui, Event("take"))
    assert after.game is state
    assert said(after.message) == "A Skip on the discard pile can never be taken."
    assert 'aria-disabled="true"' in render(ui)


def test_a_skip_asks_for_its_target_and_marks_them():
    state = parse_state(
        """
        game seed=1 current=0 step=play
        seat 0 "Ann"
          hand: R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 S
        seat 1 "Bo"
          hand: B1 B2 B3 B4 B5 B6 B7 B8 B9 B10
        seat 2 "Cy"
          hand: G1 G2 G3 G4 G5 G6 G7 G8 G9 G10
        discard: Y1
        """
    )
    ui = Ui(screen=Screen.TABLE, game=state)
    ui = handle(ui, Event("select", "10"))
    ui = handle(ui, Event("discard"))
    assert ui.prompt is not None and ui.prompt.kind == "skip"
    assert "Skip Bo" in render(ui) and "Skip Cy" in render(ui)
    ui = handle(ui, Event("choose", "1"))
    assert ui.game is not None and ui.game.players[2].skip_pending
    assert ui.screen is Screen.HANDOFF and ui.game.current == 1


def test_a_wild_on_a_run_with_both_ends_free_asks_for_the_end():
    state = parse_state(
        """
        game seed=1 current=0 step=play
        seat 0 "Ann" phase-index=1
          hand: W R12
          group: set:R1,B1,Y1
          group: run:R4,R5,R6,R7
        seat 1 "Bo" phase-index=1
          hand: B1 B2 B3 B4 B5 B6 B7 B8 B9 B10
        discard: Y2
        """
    )
    ui = Ui(screen=Screen.TABLE, game=state)
    ui = handle(ui, Event("select", "1"))  # the Wild sorts after R12
    ui = handle(ui, Event("hit", "0:1"))
    assert ui.prompt is not None and ui.prompt.kind == "end"
    html = render(ui)
    assert "Low end, as 3" in html and "High end, as 8" in html
    ui = handle(ui, Event("choose", "1"))
    assert ui.game is not None and str(ui.game.players[0].groups[1]) == "run:R4,R5,R6,R7,W"


def test_the_phone_first_setup_defaults():
    form = SetupForm()
    assert form.names == ("", "")  # blank: each seat's default name, in the table's language
    assert 'placeholder="Player 1"' in render(Ui(screen=Screen.SETUP, setup=form))
    assert form.options() == Options()


@pytest.mark.parametrize("step", [Step.DRAW, Step.PLAY])
def test_reopening_a_game_shows_the_handoff_first(step):
    game = new_game(GameConfig(("Ann", "Bo"), 5))
    if step is Step.PLAY:
        from phase10 import Draw, apply

        game = apply(game, Draw())
    ui = resume(Ui(), game)
    assert ui.screen is Screen.HANDOFF
    assert cards_in(render(ui)) == []
    ui = handle(ui, Event("reveal"))
    assert ui.screen is Screen.TABLE and ui.game is game


# --- computer players ----------------------------------------------------------------------


def move(ui: Ui) -> Ui:
    """One move: the computer's when it is due, else all the taps of the person's next move."""
    if computer_due(ui):
        return handle(ui, Event("computer"))
    for event in next_taps(ui):
        ui = handle(ui, event)
    return ui


def test_one_person_plays_two_computers_to_the_end_with_no_handoff():
    screens: list[Screen] = []
    ui = start(names=("Ann", "Robo", "Hal"), kinds=("person", "normal", "hard"), phases="2", seed="21")
    assert ui.game is not None and ui.game.config.kinds == ("person", "normal", "hard")
    ui = play(ui, screens=screens)
    assert Screen.HANDOFF not in screens
    assert ui.game is not None and ui.game.is_over
    # Every seat really played: each one took turns and the computers laid phases.
    records = ui.game.history
    assert any(record.completed[1] or record.completed[2] for record in records)


def test_with_several_people_the_phone_is_handed_on_only_before_a_persons_turn():
    ui = start(names=("Ann", "Robo", "Bo"), kinds=("person", "easy", "person"), phases="1", seed="4")
    seen_turns: list[tuple[Screen, int, str]] = []
    taps = 0
    while ui.screen is not Screen.GAME_OVER and taps < 5000:
        assert ui.game is not None
        seen_turns.append((ui.screen, ui.game.current, ui.game.config.kinds[ui.game.current]))
        if ui.screen is Screen.TABLE and computer_due(ui):
            assert viewer(ui) is None, "no hand is shown while the computer plays"
        ui = move(ui)
        check_privacy(ui)
        taps += 1
    handoffs = [(seat, kind) for screen, seat, kind in seen_turns if screen is Screen.HANDOFF]
    assert handoffs and all(kind == "person" for _, kind in handoffs)
    assert any(kind == "easy" and screen is Screen.TABLE for screen, _, kind in seen_turns)


def test_a_person_cannot_play_for_a_computer():
    ui = start(names=("Ann", "Robo"), kinds=("person", "hard"), seed="8")
    assert ui.game is not None
    while not computer_due(ui):
        ui = move(ui)
    game = ui.game
    for event in (Event("draw"), Event("take"), Event("select", "0"), Event("discard"), Event("lay")):
        after = handle(ui, event)
        assert after.game is game
        assert after.selected == ()
    assert "Robo" in said(handle(ui, Event("draw")).message)
    assert 'data-action="draw"' in render(ui) and "disabled" in render(ui).split('data-action="draw"')[1][:80]


def test_a_saved_game_with_computers_resumes_exactly():
    """Saving and reopening after every move plays the very same game as playing straight on."""
    from phase10.serialize import from_json, to_json

    straight = play(start(names=("Ann", "Robo", "Hal"), kinds=("person", "hard", "normal"), seed="5"))
    ui = start(names=("Ann", "Robo", "Hal"), kinds=("person", "hard", "normal"), seed="5")
    while ui.screen is not Screen.GAME_OVER:
        assert ui.game is not None
        ui = move(resume(Ui(), from_json(to_json(ui.game))))  # the page was killed and reopened
    assert ui.game == straight.game


def test_computer_moves_are_told_with_public_facts_only():
    state = parse_state(
        """
        game seed=3 current=1 step=draw
        seat 0 "Ann"
          hand: R1 R2 R3 R4 R5 R6 R7 R8 R9 R10
        seat 1 "Robo" kind=normal
          hand: B1 B1 B4 Y4 G4 B7 B8 G11 Y12 Y9
        discard: G3 W
        """
    )
    ui = resume(Ui(), state)
    assert ui.screen is Screen.TABLE and viewer(ui) == 0
    assert "Robo is thinking" in render(ui)
    ui = handle(ui, Event("computer"))
    assert told(ui) == ["Robo took Wild from the discard pile."]
    ui = handle(ui, Event("computer"))  # Robo lays down two sets with the Wild
    assert told(ui)[-1] == "Robo laid down phase 1."
    while computer_due(ui):
        ui = handle(ui, Event("computer"))
    assert told(ui)[-1].startswith("Robo discarded ")
    assert ui.game is not None and ui.game.current == 0 and ui.screen is Screen.TABLE
    html = render(ui)
    assert all(line.replace("'", "&#x27;") in html for line in told(ui))
    ui = handle(ui, Event("draw"))
    assert told(ui)[-1] == "Ann drew from the draw pile."  # kept, with the person's own moves
    assert "Robo laid down phase 1." in told(ui)
    while ui.game is not None and ui.game.current == 0:
        ui = move(ui)
    assert told(ui) == []  # a new "since your turn" begins with Ann's discard


def test_a_computers_hit_names_the_group():
    state = parse_state(COMPUTER_HITS)
    ui = resume(Ui(), state)
    lines = []
    while computer_due(ui):
        ui = handle(ui, Event("computer"))
        lines.append(told(ui)[-1] if told(ui) else "")
    assert "Robo added Red 5 to Robo's set of 5s." in lines
    assert "Robo added Green 7 to Ann's run 3-6." in lines


def test_a_drawn_card_of_a_computer_is_never_in_the_ui_state():
    ui = start(names=("Ann", "Robo"), kinds=("person", "normal"), seed="2")
    while ui.game is not None and not ui.game.is_over and len(ui.game.history) < 2:
        if computer_due(ui):
            step = tapped(ui, Event("computer"))
            ui = step.ui
            assert not ui.just_played.card
            assert not any("drew" in line and any(ch.isdigit() for ch in line) for line in told(ui))
            assert not any("drew" in line and any(ch.isdigit() for ch in line) for line in spoken(step))
        else:
            ui = move(ui)


def test_the_setup_form_is_read_by_name_and_a_seat_has_one_name_and_one_kind():
    with pytest.raises(ValueError, match="one name and one kind"):
        SetupInput(("Ann", "Bo"), ("person",))
    ways = ("ten-hands", "poker")
    fields = SetupInput(("Ann", "Bo"), ("person", "robot"), "poker", ways, "x", True, " 12 ")
    ui = handle(handle(Ui(), Event("new-game")), Event("setup-change", form=fields))
    form = ui.setup
    assert form.kinds == ("person", "person"), "an unknown kind is a person's"
    assert form.edition == "classic" and form.phases_to_win == 5, "what does not read keeps the one before"
    assert form.ways == (WayToPlay.TEN_HANDS,) and form.el_chavo and form.seed == "12"


def test_setup_seats_switch_between_people_and_computers():
    ui = handle(Ui(), Event("new-game"))
    form = SetupInput(("", ""), ("person", "hard"))
    ui = handle(ui, Event("setup-change", form=form))
    assert ui.setup.names == ("", "") and ui.setup.kinds == ("person", "hard")
    assert 'placeholder="Player 1"' in render(ui) and 'placeholder="Computer 2"' in render(ui)
    ui = handle(ui, Event("add-player", form=SetupInput(ui.setup.names, ui.setup.kinds)))
    assert ui.setup.names[-1] == "" and ui.setup.kinds[-1] == "hard"
    assert 'placeholder="Computer 3"' in render(ui)
    typed = SetupInput(("Ann", "Zed", ""), ("person", "person", "easy"))
    ui = handle(ui, Event("setup-change", form=typed))
    assert ui.setup.names == ("Ann", "Zed", ""), "a typed name is kept"
    html = render(ui)
    assert html.count('name="kind"') == 3 and '<option value="easy" selected>' in html
    assert 'placeholder="Computer 3"' in html
    ui = handle(ui, Event("start-game", "7", typed))
    assert ui.game is not None and ui.game.config.players == ("Ann", "Zed", "Computer 3")
    again = handle(ui, Event("new-game"))
    assert again.setup.names == ("Ann", "Zed", ""), "a default name stays a default on the next game"
    none = SetupInput(("A", "B"), ("easy", "hard"), seed="1")
    ui = handle(handle(Ui(), Event("new-game")), Event("start-game", form=none))
    assert ui.screen is Screen.SETUP and "person" in said(ui.setup.error)


def test_play_again_keeps_the_computer_players():
    ui = play(start(names=("Ann", "Robo"), kinds=("person", "easy"), seed="6"))
    ui = handle(ui, Event("play-again", "77"))
    assert ui.game is not None and ui.game.config.kinds == ("person", "easy")
    again = handle(ui, Event("new-game"))
    assert again.setup.kinds == ("person", "easy")


def test_settings_choose_the_language_and_large_type():
    from ui.state import Settings

    ui = Ui(browser_languages=("es-AR", "en"))
    assert ui.language == "es", "the browser's language, by default"
    ui = handle(ui, Event("settings"))
    assert ui.screen is Screen.SETTINGS
    html = render(ui)
    assert 'name="language" value="" checked' in html and "Idioma" in html
    ui = handle(ui, Event("language", "en"))
    assert ui.settings == Settings(language="en") and ui.language == "en"
    assert "Language" in render(ui) and 'lang="es"' in render(ui), "each language named in itself"
    assert handle(ui, Event("language", "fr")) is ui, "an unknown language changes nothing"
    ui = handle(ui, Event("large-type", "yes"))
    assert ui.settings.large_type and 'name="large-type" checked' in render(ui)
    ui = handle(ui, Event("large-type", "no"))
    assert not ui.settings.large_type
    assert handle(ui, Event("back")).screen is Screen.HOME


def test_the_live_region_says_what_each_move_did_at_the_table():
    state = parse_state(
        """
        game seed=3 current=0 step=draw
        seat 0 "Ann"
          hand: R1 B1 G1 Y1 R2 B2 G2 Y2 R3 S
        seat 1 "Bo"
          hand: B3 B4 B5 B6 B7 B8 B9 B10 B11 B12
        discard: G9 W
        """
    )
    step = tapped(Ui(screen=Screen.TABLE, game=state), Event("take"))
    assert spoken(step) == ["Ann took Wild from the discard pile."]
    ui = step.ui
    hand = [str(card) for card in ui.game.players[0].shown_hand] if ui.game else []
    for index, card in enumerate(hand):
        if card in ("R1", "B1", "G1", "Y1", "R2", "B2", "G2", "Y2"):
            step = tapped(step.ui, Event("select", str(index)))
            assert spoken(step) == [], "choosing cards says nothing, and the last move is not said again"
    step = tapped(handle(step.ui, Event("lay")), Event("confirm"))
    assert spoken(step) == ["Ann laid down phase 1."]
    ui = step.ui
    wild = [str(card) for card in ui.game.players[0].shown_hand].index("W") if ui.game else -1
    step = tapped(handle(ui, Event("select", str(wild))), Event("hit", "0:0"))
    assert spoken(step) == ["Ann added Wild to Ann's set of 1s."]
    ui = step.ui
    skip = [str(card) for card in ui.game.players[0].shown_hand].index("S") if ui.game else -1
    ui = handle(handle(ui, Event("select", str(skip))), Event("discard"))
    step = tapped(ui, Event("choose", "0"))
    assert spoken(step) == ["Ann discarded a Skip: Bo loses a turn."], "with two, Ann plays again"
    step = tapped(step.ui, Event("draw"))
    drawn = spoken(step)[0]
    assert drawn.startswith("You drew ") and step.ui.screen is Screen.TABLE
    assert spoken(tapped(step.ui, Event("home"))) == [], "a drawn card is not named once the hand is hidden"


def test_going_out_and_the_next_hand_are_said():
    state = parse_state(
        """
        game seed=3 current=0 step=play
        seat 0 "Ann"
          hand: Y8 R4
          group: set:R8,B8,G8
          group: set:R9,B9,G9
        seat 1 "Bo"
          hand: B3 B4 B5 B6 B7 B10 B11 B12 G1 G2
        discard: G10
        """
    )
    ui = Ui(screen=Screen.TABLE, game=state)
    hand = [str(card) for card in ui.game.players[0].shown_hand] if ui.game else []
    step = tapped(handle(ui, Event("select", str(hand.index("Y8")))), Event("hit", "0:0"))
    assert spoken(step) == ["Ann added Yellow 8 to Ann's set of 8s."]
    step = tapped(handle(step.ui, Event("select", "0")), Event("discard"))
    assert spoken(step) == ["Ann discarded Red 4.", "Ann went out."]
    ui = step.ui
    assert closing(ui) and "Ann went out!" in render(ui)  # the last play stays a moment
    ui = handle(ui, Event("scores"))
    assert ui.screen is Screen.HAND_OVER
    step = tapped(ui, Event("next-hand"))
    assert step.ui.game is not None
    assert spoken(step) == ["Hand 2 is dealt.", f"{step.ui.game.player.name} plays first."]
