"""Sharing a finished game: the text says what the engine decided (the winner, every total
and the phases completed), in the app's language and the engine's order; the Share button
is on the game-over screen and on every past game; and what the page did is said."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest
from ui.kit.i18n import NOTHING, Words, text, words
from ui.records import PastGame
from ui.results.share import PAD, game_share_text, share_text, text_for
from ui.results.sheets import Sheet, order, way_to_play
from ui.screens import render
from ui.state import Event, Screen, Settings, Ui
from ui.table.play import computer_due

from phase10 import Discard, GameConfig, GameState, Options, apply, scoresheet
from phase10.cards import parse_card
from phase10.notation import parse_state
from phase10.simulate import play_random_game
from support.engine.pads import pad_of_game
from support.web.english import EN, said
from support.web.states import TIEBREAK
from support.web.taps import handle, next_taps, start

ES = words("es")


def played_to_the_end(ui: Ui) -> Ui:
    """Play by taps, the computers moving when due, until the game-over screen."""
    for _ in range(20_000):
        if ui.screen is Screen.GAME_OVER:
            return ui
        if computer_due(ui):
            ui = handle(ui, Event("computer"))
            continue
        for event in next_taps(ui):
            ui = handle(ui, event)
            assert not ui.message, said(ui.message)
    raise AssertionError("the game by taps does not end")


def classic_by_taps() -> Ui:
    """A whole standard Classic game of three people, by taps."""
    return played_to_the_end(start(names=("Ann", "Bo", "Cy"), variation="standard", phases="10", seed="3"))


def flip_by_taps() -> Ui:
    """A Flip game, first to 2 phases, one person and two computers, by taps."""
    kinds = ("normal", "person", "hard")
    return played_to_the_end(
        start(
            names=("Robo", "Ann", "Hal"),
            variation="first-to-n",
            phases="2",
            seed="48",
            kinds=kinds,
            edition="flip",
        )
    )


def tiebreak_won() -> GameState:
    """First to 3 phases, won by Ann going out first in a tiebreak hand."""
    game = apply(parse_state(TIEBREAK), Discard(parse_card("Y11")))
    assert game.is_over and game.winner == 0
    return game


def ten_hands_random() -> GameState:
    """Ten hands with even phases: five hands, the fewest points wins (random play)."""
    options = Options(ten_hands=True, even_phases=True)
    return play_random_game(GameConfig(("Ann", "Bo", "Cy", "Di"), 11, options), random.Random(11)).final


GAMES = {
    "classic by taps": lambda: classic_by_taps().game,
    "flip by taps": lambda: flip_by_taps().game,
    "tiebreak": tiebreak_won,
    "ten hands": ten_hands_random,
}


def lines_of(shared: str) -> list[str]:
    return shared.split("\n")


def player_line(w: Words, place: int, name: str, phases: int, points: int) -> str:
    return w(
        "share.player",
        place=place,
        name=name,
        phases=w("share.phases", count=phases),
        points=w("sheet.points", count=points),
    )


@pytest.mark.parametrize("w", [EN, ES], ids=["en", "es"])
@pytest.mark.parametrize("name", GAMES)
def test_the_text_has_the_engines_winner_totals_and_phases_in_its_order(name, w):
    game = GAMES[name]()
    assert game is not None and game.is_over and game.winner is not None
    lines = lines_of(game_share_text(game, w))
    assert lines[0] == w("share.title", app="Ten Phases", way=way_to_play(game.config.options, w))
    assert lines[1] == w("history.won", winner=game.players[game.winner].name)
    expected = [
        player_line(
            w,
            row.place,
            game.players[row.seat].name,
            scoresheet.phases_completed(game.history, row.seat),
            game.players[row.seat].score,
        )
        for row in order(Sheet.of_game(game))
    ]
    assert lines[2:] == expected
    assert lines[2].startswith(f"1. {game.players[game.winner].name} ")
    assert len(lines) == 2 + len(game.players)


def test_the_text_reads_as_a_short_plain_summary_in_english_and_spanish():
    game = tiebreak_won()
    assert lines_of(game_share_text(game, EN)) == [
        "Ten Phases — Classic · First to 3 phases",
        "Ann won",
        "1. Ann — 3 phases, 45 points",
        "2. Bartholomew — 3 phases, 130 points",
        "3. Cy — 2 phases, 115 points",
        "4. Dee — 2 phases, 120 points",
    ]
    assert lines_of(game_share_text(game, ES)) == [
        "Ten Phases — Clásica · Primero en 3 fases",
        "Ganó Ann",
        "1. Ann — 3 fases, 45 puntos",
        "2. Bartholomew — 3 fases, 130 puntos",
        "3. Cy — 2 fases, 115 puntos",
        "4. Dee — 2 fases, 120 puntos",
    ]


def test_in_ten_hands_the_fewest_points_come_first_whatever_the_phases():
    game = ten_hands_random()
    lines = lines_of(game_share_text(game, EN))[2:]
    points = [int(re.findall(r"(\d+) points?$", line)[0]) for line in lines]
    assert points == sorted(points)


def test_a_paper_games_pad_is_shared_as_the_same_game_played_in_the_app():
    game = tiebreak_won()
    assert share_text(Sheet.of_pad(pad_of_game(game)), EN) == game_share_text(game, EN)
    # Before the tiebreak hand: no winner yet, and the tied leaders share first place.
    undecided = lines_of(share_text(Sheet.of_pad(pad_of_game(game, -1)), EN))
    assert undecided[1:] == [
        "1. Ann — 3 phases, 45 points",
        "1. Bartholomew — 3 phases, 45 points",
        "3. Cy — 2 phases, 115 points",
        "4. Dee — 2 phases, 120 points",
    ]


def test_the_finished_pad_has_a_share_button_that_sends_it():
    game = tiebreak_won()
    ui = Ui(screen=Screen.PAD, pad=pad_of_game(game))
    buttons = share_buttons(render(ui))
    assert len(buttons) == 1 and f'data-value="{PAD}"' in buttons[0]
    assert text_for(ui, [], PAD) == game_share_text(game, EN)
    assert said(handle(ui, Event("shared", "copied")).message) == "Copied — paste it anywhere."
    unfinished = replace(ui, pad=pad_of_game(game, -1))
    assert share_buttons(render(unfinished)) == []
    assert text_for(unfinished, [], PAD) == "", "a pad still being written is not shared"
    assert text_for(Ui(), [], PAD) == ""


def test_a_finished_pad_among_the_past_games_is_shared_from_there():
    game = tiebreak_won()
    finished = [PastGame(pad_of_game(game), "2026-11-22T18:04:00")]
    html = render(Ui(screen=Screen.HISTORY), finished=finished)
    assert 'data-value="0"' in share_buttons(html)[0]
    assert text_for(Ui(), finished, "0") == game_share_text(game, EN)


# --- which game a Share button sends ---------------------------------------------------------


def test_each_share_button_sends_its_own_game_in_the_apps_language():
    ended = classic_by_taps()
    assert ended.game is not None
    older, newer = tiebreak_won(), ended.game
    finished = [PastGame(older, "2026-11-22T18:04:00"), PastGame(newer)]
    assert text_for(ended, finished, "") == game_share_text(newer, EN)
    assert text_for(ended, finished, "0") == game_share_text(older, EN)
    assert text_for(ended, [older, newer], "1") == game_share_text(newer, EN), "a game kept bare"
    spanish = replace(ended, settings=Settings(language="es"))
    assert text_for(spanish, finished, "0") == game_share_text(older, ES)
    for value in ("2", "-1", "x", "1.0", "²"):
        assert text_for(ended, finished, value) == "", value
    playing = start()
    assert playing.game is not None and not playing.game.is_over
    assert text_for(playing, finished, "") == "", "a game still being played is not shared"
    assert text_for(Ui(), finished, "") == ""


# --- what the page did, said ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("outcome", "english", "spanish"),
    [
        ("shared", "Sent.", "Enviado."),
        ("copied", "Copied — paste it anywhere.", "Copiado: pégalo donde quieras."),
        ("failed", "Could not share.", "No se pudo compartir."),
        ("nonsense", "Could not share.", "No se pudo compartir."),
    ],
)
def test_what_the_page_did_is_said_on_the_screen(outcome, english, spanish):
    ui = classic_by_taps()
    after = handle(ui, Event("shared", outcome))
    assert said(after.message) == english
    assert after.game is ui.game and after.screen is Screen.GAME_OVER
    assert english in render(after)
    assert spanish in render(replace(after, settings=Settings(language="es")))
    history = handle(replace(ui, screen=Screen.HISTORY), Event("shared", outcome))
    assert english in render(history, finished=[ui.game])


def test_an_outcome_that_arrives_after_the_player_moved_on_is_not_said():
    # What the deal said is said once: the next event, whatever it is, says nothing more.
    ui = handle(classic_by_taps(), Event("play-again", "5"))
    assert ui.screen is not Screen.GAME_OVER
    assert handle(ui, Event("shared", "copied")) == ui
    home = handle(ui, Event("home"))
    assert handle(home, Event("shared", "failed")) == home


def test_a_share_sheet_closed_by_the_player_says_nothing():
    ui = handle(classic_by_taps(), Event("shared", "copied"))
    assert ui.message == text("share.copied")
    after = handle(ui, Event("shared", "cancelled"))
    assert after.message == NOTHING
    assert 'class="notice"' not in render(after)


# --- the buttons ------------------------------------------------------------------------------


def share_buttons(html: str) -> list[str]:
    return re.findall(r'<button[^>]*data-action="share"[^>]*>[^<]*</button>', html)


def test_the_game_over_screen_has_a_share_button():
    ui = flip_by_taps()
    for language, label in (("en", "Share"), ("es", "Compartir")):
        html = render(replace(ui, settings=Settings(language=language)))
        buttons = share_buttons(html)
        assert len(buttons) == 1 and buttons[0].endswith(f">{label}</button>")
        assert "data-value" not in buttons[0], "the game just finished"


def test_every_past_game_has_its_own_share_button():
    older, newer = tiebreak_won(), ten_hands_random()
    ui = Ui(screen=Screen.HISTORY)
    html = render(ui, finished=[PastGame(older), PastGame(newer, "2026-11-22T18:04:00")])
    buttons = share_buttons(html)
    # Newest first, each naming its place in the stored list and whose game it was.
    assert len(buttons) == 2
    assert 'data-value="1"' in buttons[0] and 'data-value="0"' in buttons[1]
    assert f'aria-label="Share the game {newer.players[newer.winner or 0].name} won"' in buttons[0]
    assert 'aria-label="Share the game Ann won"' in buttons[1]
    spanish = render(replace(ui, settings=Settings(language="es")), finished=[PastGame(older)])
    assert 'aria-label="Compartir la partida que ganó Ann"' in spanish and ">Compartir</button>" in spanish
