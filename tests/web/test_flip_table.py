"""The Flip edition in the UI, on CPython: set-up, both sides drawn, the backs the table
sees, a flip announced and animated, and every hand's side in play kept private."""

from __future__ import annotations

import re

from ui.kit.widgets import card_class
from ui.menus import rules_screen
from ui.screens import render
from ui.state import Event, Screen, SetupInput, Ui
from ui.table.model import shown_hand, viewer
from ui.table.narration import narrate, narration
from ui.table.play import computer_due

from phase10 import Discard
from phase10.cards import Side, parse_card
from phase10.rules import FLIP
from phase10.view import view
from support.web.english import EN, said
from support.web.seen import BACK, allowed_backs, cards_in, check_privacy
from support.web.taps import handle, next_taps, start, tapped

SOLO = ("Robo", "Ann", "Hal")  # Ann, after the dealer, plays first
SOLO_KINDS = ("normal", "person", "hard")
FLIP_SEED = "48"  # Ann's first discard is a Flip card


def setup_values(edition: str, el_chavo: bool = False, names=("Ann", "Bo"), kinds=("person", "person")):
    return SetupInput(names, kinds, edition, el_chavo=el_chavo)


def flip_start(names=SOLO, kinds=SOLO_KINDS, seed=FLIP_SEED, variation="first-to-n") -> Ui:
    return start(names=names, kinds=kinds, seed=seed, variation=variation, edition="flip")


def test_setup_offers_the_edition_and_flip_has_no_el_chavo():
    ui = handle(Ui(), Event("new-game"))
    html = render(ui)
    assert 'name="edition" value="classic" checked' in html and 'name="edition" value="flip"' in html
    assert 'data-edition="classic"' in html
    ui = handle(ui, Event("setup-change", form=setup_values("flip", el_chavo=True)))
    assert ui.setup.edition == "flip"
    html = render(ui)
    assert 'name="edition" value="flip" checked' in html
    assert 'data-edition="flip"' in html and 'data-edition="classic"' not in html
    assert all(EN.phase(phase) in html for phase in FLIP.phases)
    el_chavo = html.index('name="el-chavo"')
    assert html.rfind("<fieldset hidden>", 0, el_chavo) > html.rfind("</fieldset>", 0, el_chavo), "hidden"
    ui = handle(ui, Event("start-game", "9", setup_values("flip", el_chavo=True)))
    assert ui.game is not None and not ui.setup.error
    options = ui.game.config.options
    assert options.edition == "flip" and not options.el_chavo
    bad = handle(handle(Ui(), Event("new-game")), Event("setup-change", form=setup_values("poker")))
    assert bad.setup.edition == "classic", "an unknown edition is not taken"


def test_play_again_and_a_new_game_keep_the_edition():
    ui = flip_start()
    while ui.screen is not Screen.GAME_OVER:
        ui = _move(ui)
    assert ui.game is not None and "Flip edition" in render(ui)  # the score sheet notes it
    again = handle(ui, Event("play-again", "5"))
    assert again.game is not None and again.game.config.options.edition == "flip"
    form = handle(again, Event("new-game")).setup
    assert form.edition == "flip" and form.kinds == SOLO_KINDS


def test_a_persons_flip_is_announced_and_the_table_turns():
    ui = flip_start()
    assert ui.game is not None and ui.game.side is Side.COLOR and viewer(ui) == 1
    html = render(ui)
    assert "Colour Side in play" in html
    ui = handle(ui, Event("draw"))
    hand = shown_hand(ui)
    index = next(i for i, card in enumerate(hand) if card.flips)
    card = hand[index]
    assert f'aria-label="{card.label}, Flip"' in render(ui) and EN.card(card) == f"{card.label}, Flip"
    ui = handle(ui, Event("select", str(index)))
    assert "discarding it turns the table over to the Wild Side" in render(ui)  # warned first
    step = tapped(ui, Event("discard"))
    ui = step.ui
    assert not ui.message and ui.game is not None and ui.game.side is Side.WILD
    words = f"Ann discarded {card.label} with the Flip symbol: the table turns to the Wild Side."
    assert said(ui.flipped) == words
    html = render(ui)
    # Shown on the table, and read out once, by the page's live region.
    assert f'<p class="flip-note">{words}</p>' in html
    assert ui.flipped in step.said
    assert "Wild Side in play" in html and "flip-in" in html
    # Ann's hand turned over with the table: she now sees Wild Side faces.
    assert all(c.side is not Side.COLOR for c in shown_hand(ui))
    assert 'class="card wild-side' in html
    # The next move is not a flip: the note goes.
    ui = handle(ui, Event("computer"))
    assert not ui.flipped or narration(ui)[-1] == ui.flipped


def test_a_flip_is_told_on_the_next_persons_handoff_without_a_card():
    ui = flip_start(names=("Bo", "Ann", "Cy"), kinds=("person",) * 3)
    ui = handle(handle(ui, Event("reveal")), Event("draw"))
    index = next(i for i, card in enumerate(shown_hand(ui)) if card.flips)
    ui = handle(handle(ui, Event("select", str(index))), Event("discard"))
    assert ui.screen is Screen.HANDOFF and ui.flipped
    html = render(ui)
    assert said(ui.flipped) in html and "Wild Side in play" in html
    assert cards_in(html) == [] and BACK.findall(html) == []
    ui = handle(ui, Event("reveal"))
    assert said(ui.flipped) in render(ui)


def test_a_computers_flip_is_told_in_the_narration_once():
    flips = []
    for seed in range(1, 40):
        ui = flip_start(seed=str(seed))
        while ui.screen is not Screen.GAME_OVER:
            if not computer_due(ui):
                ui = _move(ui)
                continue
            step = tapped(ui, Event("computer"))
            ui = step.ui
            if ui.flipped:
                assert narration(ui)[-1] == ui.flipped
                words = said(ui.flipped)
                assert re.fullmatch(
                    r"(Robo|Hal) discarded \w+ (\d+|Star) with the Flip symbol: the table turns to the "
                    r"(Wild|Colour) Side\.",
                    words,
                ), words
                html = render(ui)
                # Read out once, by the live region: neither the note nor the narration is one.
                assert f'<p class="flip-note">{words}</p>' in html and "aria-live" not in html
                assert step.said.count(ui.flipped) == 1
                flips.append(words)
        if len(flips) >= 2:
            break
    assert flips, "the computers flipped the table in some game"


def test_narrate_names_the_flip_and_the_side_it_turns_to():
    ui = flip_start()
    assert ui.game is not None
    game = ui.game
    card = parse_card("R3!")
    assert said(narrate(game, Discard(card))) == (
        "Ann discarded Red 3 with the Flip symbol: the table turns to the Wild Side."
    )
    assert said(narrate(game, Discard(parse_card("R4")))) == "Ann discarded Red 4."


def test_backs_of_other_hands_and_of_the_draw_pile_are_real_faces():
    ui = flip_start()
    assert ui.game is not None
    seen = view(ui.game, 1)
    html = render(ui)
    shown = sorted(BACK.findall(html))
    assert shown == allowed_backs(ui)
    expected = [str(c) for p in seen.players if p.seat != 1 for c in p.backs]
    assert seen.draw_back is not None
    assert sorted([*expected, str(seen.draw_back)]) == shown
    assert len(expected) == 20, "both computers' ten cards, seen from their other side"
    assert f"top card&#x27;s other side: {EN.card(seen.draw_back)}" in html
    assert "The other side of Robo&#x27;s cards" in html and "The other side of Hal&#x27;s cards" in html
    # Ann's own backs are nowhere: her cards come as she sees them.
    assert not any("/" in card for card in cards_in(html))
    assert [str(c) for c in seen.hand] == [str(c) for c in shown_hand(ui)]


def test_the_faces_of_both_sides_are_drawn_differently():
    classes = {code: card_class(parse_card(code)) for code in ("R7", "R*", "7", "*", "R3!", "W", "S")}
    assert classes["R7"] == "card red"
    assert classes["R*"] == "card star red"
    assert classes["7"] == "card wild-side"
    assert classes["*"] == "card wild-side star"
    assert classes["R3!"] == "card red flips"
    assert classes["W"] == "card wild" and classes["S"] == "card skip"
    assert EN.card(parse_card("*"), "Red 5") == "Wild Star as Red 5"
    assert EN.card(parse_card("7!"), "Red 7") == "7 of any colour as Red 7, Flip"
    assert EN.card(parse_card("R7")) == "Red 7"


def test_a_flip_game_by_taps_keeps_every_hand_private():
    """People passing the phone, and a person against computers: every render holds only the
    shown hand's side in play, the public backs and the table."""
    flips = 0
    for names, kinds in ((("Bo", "Ann", "Cy"), ("person",) * 3), (SOLO, SOLO_KINDS)):
        ui = flip_start(names=names, kinds=kinds, variation="standard")
        check_privacy(ui)
        while ui.game is not None and len(ui.game.history) < 2 and ui.screen is not Screen.GAME_OVER:
            ui = _move(ui, check=True)
            flips += bool(ui.flipped)
    assert flips >= 2


def test_the_rules_screen_and_the_hand_over_cover_the_flip_edition():
    html = rules_screen(EN)
    assert "The Flip edition" in html and 'data-edition="flip"' in html
    for words in ("Laid", "first Colour Side card", "turns over first", "the app plays the first"):
        assert words.lower() in html.lower(), words
    ui = flip_start(variation="standard")
    while ui.screen is not Screen.HAND_OVER:
        ui = _move(ui)
    assert ui.game is not None
    assert f"Cards left in hand were counted on the {ui.game.side.label}." in render(ui)


def _move(ui: Ui, check: bool = False) -> Ui:
    """One move: a computer's, or a person's taps."""
    if computer_due(ui):
        before = ui.game
        ui = handle(ui, Event("computer"))
        assert ui.game is not before and not ui.message
        if check:
            check_privacy(ui)
        return ui
    events = next_taps(ui)
    assert events, f"no move on {ui.screen}"
    for event in events:
        ui = handle(ui, event)
        assert not ui.message, f"{event} was refused: {said(ui.message)}"
        if check:
            check_privacy(ui)
    return ui
