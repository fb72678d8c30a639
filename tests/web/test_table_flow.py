"""Following the table on a phone: the moves since your turn, Skips said, the drawn card
marked, a hand's last play held a moment, the speed and sound settings, lay-downs that
keep Wilds, ways to play that combine, and the words of the prompts and hints."""

from __future__ import annotations

import re

from ui.effects import Outcome
from ui.saves.storage import SETTINGS, MemoryStore, Saves
from ui.screens import render
from ui.state import Event, Screen, Settings, SetupInput, Ui
from ui.table.model import closing, shown_hand
from ui.table.play import SPEEDS, computer_due, resume, timer_delay, timer_event
from ui.taps import SeeScores

from phase10 import Discard, LayDown
from phase10.notation import parse_state
from support.web.english import spoken, told
from support.web.states import COMPUTER_HITS
from support.web.taps import handle, tapped

SKIPPING = """
game seed=3 current=1 step=draw
seat 0 "Ann"
  hand: R1 R2 R3 R4 R5 R6 R7 R8 R9 R10
seat 1 "Robo" kind=normal
  hand: S B4 Y4 G4 B7 B8 G11 Y12 Y9 B9
seat 2 "Hal" kind=normal
  hand: B1 B2 B3 G5 G6 G7 Y1 Y2 Y3 R11
discard: G3
"""


def play_computers(ui: Ui) -> Ui:
    while computer_due(ui):
        ui = handle(ui, Event("computer"))
    return ui


def test_a_skipped_player_is_said_and_kept_in_the_moves_since_your_turn():
    ui = play_computers(resume(Ui(), parse_state(SKIPPING)))
    lines = told(ui)
    skipped = [line for line in lines if line.endswith("is skipped.")]
    assert skipped, lines
    discard = next(line for line in lines if "discarded a Skip" in line)
    assert lines.index(discard) < lines.index(skipped[0])  # said in the order it happened
    html = render(ui)
    assert skipped[0] in html
    # Newest first on the table, so the newest move is always in view.
    assert html.index(lines[-1]) < html.index(lines[0])


def test_the_drawn_card_is_marked_until_the_turn_ends():
    ui = resume(Ui(), parse_state(SKIPPING.replace("current=1", "current=0")))
    ui = handle(ui, Event("draw"))
    assert ui.drawn and ui.drawn in [str(card) for card in shown_hand(ui)]
    html = render(ui)
    assert html.count('data-new="New"') == 1 and "just drawn" in html
    ui = handle(ui, Event("select", "0"))
    assert ui.drawn  # selecting keeps it
    discard = next(a for a in ui.game.player.shown_hand if a) if ui.game else None
    assert discard is not None
    while ui.game is not None and ui.game.current == 0 and ui.prompt is None:
        ui = handle(ui, Event("discard"))
    assert ui.drawn == "" and "data-new" not in render(ui)


GOING_OUT = """
game seed=3 current=0 step=play
seat 0 "Ann" phase-index=1
  hand: R4
  group: set:R8,B8,G8
  group: run:G3,G4,G5,G6
seat 1 "Robo" kind=normal
  hand: B3 B4 B5 B6 B7 B10 B11 B12 G1 G2
discard: G10
"""


def test_the_play_that_ends_a_hand_stays_on_the_table_then_the_scores_follow():
    ui = resume(Ui(), parse_state(GOING_OUT))
    step = tapped(handle(ui, Event("select", "0")), Event("discard"))
    ui = step.ui
    assert closing(ui) and ui.screen is Screen.TABLE
    assert timer_event(ui) == SeeScores()
    assert timer_delay(ui, False) > timer_delay(resume(Ui(), parse_state(SKIPPING)), False)
    html = render(ui)
    assert "Ann went out!" in html and 'data-action="scores"' in html
    assert "out" in step.cues
    assert handle(ui, Event("select", "0")).selected == ()  # nothing to select any more
    ui = handle(ui, Event("scores"))
    assert ui.screen is Screen.HAND_OVER and timer_event(ui) is None


def test_speeds_set_the_computers_pace_and_instant_leaves_only_your_turns():
    ui = resume(Ui(), parse_state(SKIPPING))
    delays = []
    for speed in SPEEDS:
        ui = handle(ui, Event("speed", speed))
        assert ui.settings.speed == speed
        delays.append(timer_delay(ui, False))
    assert delays == sorted(delays, reverse=True) and delays[-1] == 0
    assert handle(ui, Event("speed", "ludicrous")).settings == ui.settings
    normal = handle(ui, Event("speed", "normal"))
    assert timer_delay(normal, True) < timer_delay(normal, False)  # nothing animated to wait for


def test_sound_follows_reduced_motion_until_chosen_and_settings_are_kept():
    assert Settings().sound_on(False) and not Settings().sound_on(True)
    ui = handle(Ui(), Event("sound", "yes"))
    assert ui.settings.sound_on(True)
    ui = handle(ui, Event("sound", "no"))
    assert not ui.settings.sound_on(False)
    store = MemoryStore()
    saves = Saves(store)
    saves.save_settings(Settings(speed="quick", sound="off"))
    assert saves.load_settings()[0] == Settings(speed="quick", sound="off")
    store.setItem(SETTINGS, '{"speed": "warp", "sound": 3, "large_type": true}')
    assert saves.load_settings()[0] == Settings(large_type=True)


def test_sounds_cue_the_move_and_the_persons_turn():
    ui = resume(Ui(), parse_state(SKIPPING.replace("current=1", "current=0")))
    step = tapped(ui, Event("draw"))
    assert step.cues == ("draw",)
    assert tapped(step.ui, Event("sort", "color")).cues == ()  # a sound plays once, for the move that made it
    ui = resume(Ui(), parse_state(SKIPPING))
    cues = []
    while computer_due(ui):
        step = tapped(ui, Event("computer"))
        ui = step.ui
        cues.append(step.cues)
    assert cues[-1][-1] == "turn" and all("turn" not in cue for cue in cues[:-1])


WILDS = """
game seed=3 current=0 step=play
seat 0 "Ann"
  hand: W W R3 B3 G3 R8 G8 Y8 B1 Y11 G12
seat 1 "Bo"
  hand: B4 Y4 G4 B7 B8 G11 Y12 Y9 B9 G9
discard: G10
"""


def test_lay_down_alone_offers_every_arrangement_natural_cards_first():
    ui = handle(handle(resume(Ui(), parse_state(WILDS)), Event("reveal")), Event("lay"))
    assert ui.prompt is not None and ui.prompt.kind == "lay" and len(ui.prompt.options) > 1
    wilds = [sum(card.is_wild for card in option.cards) for option in ui.prompt.options]
    assert wilds[0] == 0 and wilds == sorted(wilds)
    assert all(isinstance(option, LayDown) for option in ui.prompt.options)
    html = render(ui)
    # Cancel comes last, below the confirm button: a second tap on Lay down never confirms.
    assert html.index('data-action="confirm"') < html.index('data-action="cancel"')
    assert html.rindex("data-action=") == html.index('data-action="cancel"')


def test_the_ways_to_play_combine():
    ui = handle(Ui(), Event("new-game"))
    ways = ("ten-hands", "even-phases", "first-to-n")
    form = SetupInput(("Ann", "Bo"), ("person", "person"), "classic", ways, "3", seed="7")
    ui = handle(ui, Event("start-game", form=form))
    assert ui.game is not None
    options = ui.game.config.options
    assert options.ten_hands and options.even_phases and options.phases_to_win == 3
    assert options.phase_sequence() == (2, 4, 6)
    again = handle(ui, Event("new-game"))
    assert set(again.setup.ways) == {"ten-hands", "even-phases", "first-to-n"}
    assert render(again).count('name="way"') == 4 and render(again).count("checked") >= 3


def test_play_against_the_computer_sets_up_one_person_and_computers():
    ui = handle(Ui(), Event("new-game", "computer"))
    assert ui.screen is Screen.SETUP and ui.setup.kinds[0] == "person"
    assert len(ui.setup.kinds) >= 2 and all(kind != "person" for kind in ui.setup.kinds[1:])
    assert 'data-value="computer"' in render(Ui())


def test_the_skip_chooser_says_who_is_left_out_and_why():
    state = parse_state(
        """
        game seed=3 current=0 step=play
        seat 0 "Ann"
          hand: S R2 R3 R4 R5 R6 R7 R8 R9 R10 R11
        seat 1 "Bo" skip=pending
          hand: B4 Y4 G4 B5 B6 B7 B8 B9 B10 B11
        seat 2 "Cy"
          hand: B1 B2 B3 G4 G5 G6 G7 G8 G9 G10
        discard: G10
        """
    )
    ui = handle(resume(Ui(), state), Event("reveal"))
    skip = [str(card) for card in shown_hand(ui)].index("S")
    ui = handle(handle(ui, Event("select", str(skip))), Event("discard"))
    assert ui.prompt is not None and ui.prompt.kind == "skip"
    assert all(isinstance(a, Discard) and a.target != 1 for a in ui.prompt.options)
    assert "a Skip already waits for Bo" in render(ui)


def test_a_card_no_group_takes_is_hinted_as_such():
    ui = resume(Ui(), parse_state(GOING_OUT.replace("hand: R4", "hand: R4 Y1")))
    ui = handle(ui, Event("select", "0"))
    assert "No group on the table takes this card" in render(ui)
    assert not ui.message


def test_what_the_computers_put_on_the_table_is_marked_until_your_turn_ends():
    state = parse_state(COMPUTER_HITS)
    ui = play_computers(resume(Ui(), state))
    html = render(ui)
    # Robo added R5 to its own set and G7 to Ann's run: both cards marked, nothing else.
    marked = re.findall(r'class="card [^"]*small[^"]* new"[^>]*data-card="([^"]+)"', html)
    assert sorted(marked) == ["G7", "R5"]
    assert 'class="group new' not in html  # nobody laid a phase since Ann's turn
    assert closing(ui)  # Robo went out with its discard: the marks stay on the last play


# --- a Skip turned up at the deal, said once; a hand's end waits for the people ------------


def a_skip_turned_up(kinds: tuple[str, ...]) -> Ui:
    """A new game, by set-up's Deal, whose first discard is a Skip (ruling 14)."""
    return a_skip_dealt(kinds).ui


def a_skip_dealt(kinds: tuple[str, ...]) -> Outcome:
    names = ("Ann", "Bo", "Cy")
    for seed in range(1, 500):
        step = tapped(
            handle(Ui(), Event("new-game")),
            Event("start-game", form=SetupInput(names, kinds, seed=str(seed))),
        )
        assert step.ui.game is not None
        if step.ui.game.discard_pile[-1].is_skip:
            return step
    raise AssertionError("no seed under 500 turns up a Skip")


def test_a_skip_turned_up_at_the_deal_is_said_on_screen_and_read_out():
    step = a_skip_dealt(("person", "person", "person"))
    ui = step.ui
    assert ui.game is not None
    skipped = next(p.name for p in ui.game.players if p.skip_protected)
    first = ui.game.player.name
    words = f"A Skip turned up on the discard pile: {skipped} loses the first turn."
    assert spoken(step) == ["Hand 1 is dealt.", words, f"{first} plays first."]
    assert "discarded a Skip" not in " ".join(spoken(step)), "nobody discarded it"
    assert ui.screen is Screen.HANDOFF
    handoff = render(ui)
    assert f"{skipped} lost a turn to a Skip." in handoff
    ui = handle(ui, Event("reveal"))
    assert told(ui) == [words], "the table lists it since the turn began"
    assert words in render(ui)


def test_the_hand_off_names_a_skip_once_not_after_a_later_players_whole_turn():
    ui = a_skip_turned_up(("person", "person", "person"))
    assert ui.game is not None
    skipped = next(p.name for p in ui.game.players if p.skip_protected)
    notice = f"{skipped} lost a turn to a Skip."
    assert notice in render(ui)
    ui = handle(handle(ui, Event("reveal")), Event("draw"))
    skip_free = next(i for i, card in enumerate(shown_hand(ui)) if not card.is_skip)
    ui = handle(handle(ui, Event("select", str(skip_free))), Event("discard"))
    assert ui.screen is Screen.HANDOFF
    assert notice not in render(ui), "a whole turn later it is old news"


def test_the_end_of_a_hand_waits_for_a_tap_where_several_people_share_the_phone():
    people = parse_state(GOING_OUT.replace('"Robo" kind=normal', '"Bo"'))
    ui = handle(handle(resume(Ui(), people), Event("reveal")), Event("select", "0"))
    ui = handle(ui, Event("discard"))
    assert closing(ui) and timer_event(ui) is None, "everyone looks at the last play first"
    assert handle(ui, Event("scores")).screen is Screen.HAND_OVER


def test_the_drawn_cards_mark_is_kept_with_the_save_and_checked_when_read():
    game = parse_state(SKIPPING.replace("current=1", "current=0"))
    ui = handle(resume(Ui(), game), Event("draw"))
    assert ui.drawn and ui.game is not None
    store = MemoryStore()
    Saves(store).record(ui.game, drawn=ui.drawn)
    loaded = Saves(store).load_current()
    assert loaded.game == ui.game and loaded.drawn == ui.drawn
    again = handle(Ui(game=loaded.game, drawn=loaded.drawn), Event("continue"))
    assert again.drawn == ui.drawn and 'data-new="New"' in render(again)
    # A mark that is not a card of the hand, or comes at the draw step, is dropped, not shown.
    assert resume(Ui(), ui.game, "R12").drawn == ""
    assert resume(Ui(), game, ui.drawn).drawn == ""


def test_the_moves_since_your_turn_show_the_newest_whole_and_the_rest_behind_a_tap():
    # Robo skips Hal; Ann's draw and discard hand the turn to Robo, who plays to Ann again.
    ui = play_computers(resume(Ui(), parse_state(SKIPPING.replace('seat 0 "Ann"', 'seat 0 "Ann" kind=hard'))))
    lines = told(ui)
    assert len(lines) > 3, lines
    html = render(ui)
    listed = re.findall(r"<li>(.*?)</li>", html[html.index('class="narration"') :])
    assert listed[:3] == [line.replace("'", "&#x27;") for line in reversed(lines)][:3]
    assert len(listed) == 3 and f"{len(lines) - 3} more moves" in html
    everything = handle(ui, Event("all-moves"))
    html = render(everything)
    assert all(line.replace("'", "&#x27;") in html for line in lines) and "Only the newest" in html
    assert handle(everything, Event("all-moves")).all_moves is False
