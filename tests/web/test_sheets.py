"""Score sheets on a phone: standings in the engine's order, the end of a hand with each
player's leftover cards, the end of a game, and past games with their dates."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from html.parser import HTMLParser

from hypothesis import given, settings
from hypothesis import strategies as st
from ui.kit.i18n import NOTHING, words
from ui.records import PastGame
from ui.results.screens import game_over_screen, hand_over_screen, history_screen
from ui.results.sheets import Sheet, finished_date, order, standings, way_to_play
from ui.saves.storage import FINISHED, MemoryStore, Saves

from phase10 import Discard, GameConfig, GameState, Options, Step, apply
from phase10.cards import parse_card
from phase10.game import hand_points
from phase10.notation import parse_state
from phase10.pad import HandEntry, add_hand, new_pad
from phase10.serialize import to_json
from phase10.simulate import play_random_game
from phase10.view import public_view
from support.web.english import EN
from support.web.states import GOING_OUT, TIE, TIEBREAK

ES = words("es")


# Ten hands, hand 2: Ann goes out; Bo has not laid phase 2 and moves on all the same.
TEN_HANDS = """
game seed=8 current=0 dealer=1 step=play turns=12
options ten-hands=yes
seat 0 "Ann" phase-index=1 score=50
  hand: G2
  group: set:R5,B5,Y5
  group: run:G6,R7,B8,Y9
seat 1 "Bo" phase-index=1 score=0
  hand: R1 B1 Y2 G12 W R11 B10 Y3 G4 R6
discard: Y8
history: 1 phases=1,1 points=50,0 completed=no,yes out=1 tiebreak=no
"""

# Ten hands, the last hand: Bo goes out and wins with the fewest points, although Ann
# completed every phase and Bo one: in ten hands the lowest total wins.
TEN_HANDS_LAST = """
game seed=8 first-dealer=1 current=1 dealer=0 step=play turns=12
options ten-hands=yes
seat 0 "Ann" phase-index=9 score=575
  hand: G2 R12
  group: set:R3,B3,Y3,G3,W
  group: set:R7,B7,Y7
seat 1 "Bo" phase-index=9 score=450
  hand: G2
  group: set:R4,R4,B4,Y4,G4
  group: set:R8,B8,Y8
discard: Y8
history: 1 phases=1,1 points=100,50 completed=yes,no out=- tiebreak=no
history: 2 phases=2,2 points=75,50 completed=yes,no out=- tiebreak=no
history: 3 phases=3,3 points=50,50 completed=yes,no out=- tiebreak=no
history: 4 phases=4,4 points=75,50 completed=yes,no out=- tiebreak=no
history: 5 phases=5,5 points=50,50 completed=yes,no out=- tiebreak=no
history: 6 phases=6,6 points=25,50 completed=yes,no out=- tiebreak=no
history: 7 phases=7,7 points=50,50 completed=yes,no out=- tiebreak=no
history: 8 phases=8,8 points=75,50 completed=yes,no out=- tiebreak=no
history: 9 phases=9,9 points=75,50 completed=yes,no out=- tiebreak=no
"""


def ended(text: str, card: str) -> GameState:
    """The state after the current player discards ``card`` (their last) from ``text``."""
    game = apply(parse_state(text), Discard(parse_card(card)))
    assert game.step in (Step.HAND_OVER, Step.GAME_OVER)
    return game


class _Text(HTMLParser):
    """The text a screen reader reads, each block on a line of its own, and the aria-labels."""

    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = [""]
        self.labels: list[str] = []
        self.open: list[bool] = []  # for each open element: is it hidden from screen readers?

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("li", "p", "h2", "summary", "tr", "button"):
            self.lines.append("")
        self.labels += [value for name, value in attrs if name == "aria-label" and value]
        self.open.append(("aria-hidden", "true") in attrs)

    def handle_endtag(self, tag: str) -> None:
        self.open.pop()

    def handle_data(self, data: str) -> None:
        if not any(self.open):
            self.lines[-1] += data


def text_of(html: str) -> list[str]:
    parser = _Text()
    parser.feed(html)
    return [" ".join(line.split()) for line in parser.lines if line.strip()]


def labels_of(html: str) -> list[str]:
    parser = _Text()
    parser.feed(html)
    return parser.labels


def standing_lines(game: GameState, w=EN) -> list[str]:
    return [line for line in text_of(standings(Sheet.of_game(game), w)) if line]


# --- standings ------------------------------------------------------------------------------


def test_standings_put_more_phases_first_then_fewer_points():
    game = ended(GOING_OUT, "B1")
    # Ann and Bartholomew are on phase 3 then 4; Cy and Dee on 2: phases before points.
    rows = order(Sheet.of_game(game))
    seats = [(row.place, game.players[row.seat].name, row.completed, row.score) for row in rows]
    assert seats == [(1, "Bartholomew", 3, 85), (2, "Ann", 2, 50), (3, "Dee", 1, 140), (4, "Cy", 1, 160)]
    lines = standing_lines(game)
    assert lines[0] == "Place 1 Bartholomew Leading On phase 4 · 3 of 10 done 85 points"
    assert "Leading" not in " ".join(lines[1:]), "one leader"
    assert lines[1] == "Place 2 Ann On phase 3 · 2 of 10 done 50 points"


def test_tied_players_share_a_place_and_the_lead():
    game = ended(TIE, "G3")
    assert game.step is Step.HAND_OVER and game.tiebreak == (0, 1)
    rows = order(Sheet.of_game(game))
    assert [(r.place, r.seat) for r in rows[:2]] == [(1, 0), (1, 1)]
    assert rows[2].place == 3
    lines = standing_lines(game)
    assert "Ann Tied for the lead" in lines[0] and "Bartholomew Tied for the lead" in lines[1]
    # The tied players play the last phase again.
    assert "On phase 3 · 3 of 3 done" in lines[0]
    html = hand_over_screen(game, EN, NOTHING)
    assert "Play the tiebreak hand" in html and "are tied on 45 points" in html


def test_the_tiebreak_winner_comes_first_and_the_game_says_how():
    game = ended(TIEBREAK, "Y11")
    assert game.winner == 0
    rows = order(Sheet.of_game(game))
    assert rows[0].seat == 0 and rows[0].place == 1 and rows[1].place == 2
    html = game_over_screen(game, EN)
    assert '<h2 class="winner">Ann</h2>' in html
    assert "by going out first in the tiebreak hand" in html
    assert "Ann Winner" in standing_lines(game)[0]
    assert 'data-action="play-again"' in html and 'class="primary"' in html
    assert 'data-action="home"' in html
    assert "<details" in html and "score-sheet" in html and "sheet-box" in html


def test_ten_hands_ranks_by_points_alone():
    game = ended(TEN_HANDS_LAST, "G2")
    assert game.is_over and game.winner == 1
    rows = order(Sheet.of_game(game))
    assert [(r.seat, r.completed, r.score) for r in rows] == [(1, 1, 450), (0, 10, 590)]
    html = game_over_screen(game, EN)
    assert "The fewest points after 10 hands: 45" in html
    lines = standing_lines(game)
    assert "1 of 10 phases done" in lines[0] and "10 of 10 phases done" in lines[1]


def test_first_to_n_says_who_finished_first():
    game = ended(GOING_OUT.replace("turns=20\n", "turns=20\noptions phases-to-win=2\n"), "B1")
    assert game.is_over and game.winner == 0  # Ann completes phase 2 first; Bartholomew was past it
    # Bartholomew had completed phase 2 already (phase-index 2): both finished, fewest points.
    assert "Completed phase 2 with the fewest points: 50" in game_over_screen(game, EN)


# --- the end of a hand ----------------------------------------------------------------------


def test_the_hand_over_shows_each_players_leftover_cards_and_their_points():
    before = parse_state(GOING_OUT)
    game = ended(GOING_OUT, "B1")
    record = game.history[-1]
    html = hand_over_screen(game, EN, NOTHING)
    lines = text_of(html)
    assert "Ann went out" in lines and "Well played, Ann!" in lines
    # Who went out first, then the others in seat order.
    heads = [line for line in lines if line.endswith((" went out", " points")) and "Place" not in line]
    assert heads == [
        "Ann went out",
        "Ann went out",
        "Bartholomew +20 points",
        "Cy +90 points",
        "Dee +60 points",
    ]
    assert "Completed phase 2: on to phase 3" in lines
    assert "Completed phase 3: on to phase 4" in lines
    assert lines.count("Did not complete phase 2: plays it again") == 2
    for seat in (1, 2, 3):
        hand = game.players[seat].shown_hand
        assert hand == before.players[seat].hand
        assert record.points[seat] == hand_points(game, hand)
        named = EN("over.cards_left", count=len(hand), cards=[EN.card(c) for c in hand])
        assert named in labels_of(html)
    assert html.count('class="card ') == sum(len(p.hand) for p in game.players)
    assert 'data-action="next-hand"' in html and "Deal the next hand" in html


def test_ten_hands_wording():
    game = ended(TEN_HANDS, "G2")
    lines = text_of(hand_over_screen(game, EN, NOTHING))
    assert "Completed phase 2: on to phase 3" in lines
    assert "Missed phase 2: on to phase 3 all the same" in lines
    last = ended(TEN_HANDS_LAST, "G2")
    assert last.is_over  # the last hand's words are on the hand over only if one is shown
    assert EN("over.missed", number=10) == "Missed phase 10"


def test_the_hand_over_reads_in_spanish():
    game = ended(GOING_OUT, "B1")
    lines = text_of(hand_over_screen(game, ES, NOTHING))
    assert "Ann se quedó sin cartas" in lines and "¡Bien jugado, Ann!" in lines
    assert "Bartholomew +20 puntos" in lines
    assert "Completó la fase 3: pasa a la fase 4" in lines
    assert "No completó la fase 2: la vuelve a jugar" in lines
    assert "Clasificación" in lines


# --- past games -----------------------------------------------------------------------------


def test_dates_are_written_in_the_language():
    assert finished_date("2026-11-22T18:04:00Z", EN) == "22 November 2026"
    assert finished_date("2026-01-05T00:00:00+01:00", ES) == "5 de enero de 2026"
    assert finished_date("", EN) == "" and finished_date("yesterday", EN) == ""
    assert finished_date("2026-13-01", EN) == ""


def test_the_way_to_play_names_every_option():
    game = parse_state(GOING_OUT)
    assert way_to_play(game.config.options, EN) == "Classic · Standard"
    assert way_to_play(parse_state(TIE).config.options, EN) == "Classic · First to 3 phases"
    assert way_to_play(parse_state(TIE).config.options, ES) == "Clásica · Primero en 3 fases"
    assert way_to_play(parse_state(TEN_HANDS).config.options, EN) == "Classic · 10 hands, one per phase"
    options = Options(ten_hands=True, even_phases=True, phases_to_win=3, el_chavo=True)
    both = replace(game, config=replace(game.config, options=options))
    assert (
        way_to_play(both.config.options, EN)
        == "Classic · 3 hands, one per phase · First to 3 phases · Even phases · El Chavo Phase 10"
    )


def test_past_games_show_date_edition_way_winner_and_every_total_newest_first():
    older = ended(TIEBREAK, "Y11")
    newer = ended(TEN_HANDS_LAST, "G2")
    html = history_screen([PastGame(older), PastGame(newer, "2026-11-22T18:04:00Z")], 2, EN)
    lines = text_of(html)
    assert html.count('class="card-panel past-game"') == 2
    newest = lines.index("22 November 2026")
    assert lines[newest + 1 : newest + 5] == [
        "Bo won",
        "Classic · 10 hands, one per phase",
        "Bo 450 points",
        "Ann 590 points",
    ]
    oldest = lines.index("Ann won")
    assert lines[oldest - 1] != "22 November 2026" and "Ann 45 points" in lines[oldest:]
    assert lines[oldest + 1] == "Classic · First to 3 phases"
    for total in ("Bartholomew 130 points", "Cy 115 points", "Dee 120 points"):
        assert total in lines[oldest:]
    assert "Standings and full score sheet" in lines
    assert "2 older score sheets could not be read." in lines
    assert history_screen([], 0, EN).count("No finished games yet.") == 1


# --- storage --------------------------------------------------------------------------------


def test_a_finished_game_is_kept_with_when_it_finished():
    store = MemoryStore()
    saves = Saves(store)
    game = ended(TIEBREAK, "Y11")
    assert not saves.record(game, "2026-11-22T18:04:00Z")
    assert json.loads(store.getItem(FINISHED) or "") == [
        {"game": to_json(game), "finished": "2026-11-22T18:04:00Z"}
    ]
    assert saves.finished() == ([PastGame(game, "2026-11-22T18:04:00Z")], 0)
    saves.record(game, "2026-11-23T10:00:00Z")  # the same game again: kept once, as first recorded
    assert saves.finished() == ([PastGame(game, "2026-11-22T18:04:00Z")], 0)


def test_the_first_format_is_still_read_and_kept_beside_the_new():
    store = MemoryStore()
    older, newer = ended(TIEBREAK, "Y11"), ended(TEN_HANDS_LAST, "G2")
    store.setItem(FINISHED, json.dumps([to_json(older), 7, {"game": 3}]))  # as the first version wrote it
    saves = Saves(store)
    assert saves.finished() == ([PastGame(older, "")], 2)
    saves.record(older, "2026-11-22T18:04:00Z")  # already there (old format): not added again
    assert saves.finished() == ([PastGame(older, "")], 2)
    saves.record(newer)  # no time given: kept, with none
    assert saves.finished() == ([PastGame(older, ""), PastGame(newer, "")], 2)
    stored = json.loads(store.getItem(FINISHED) or "")
    assert stored[0] == to_json(older) and stored[-1] == {"game": to_json(newer), "finished": ""}


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32), st.integers(2, 6), st.booleans())
def test_a_games_sheet_and_a_pad_of_its_hands_stand_where_the_game_does(seed, players, flip):
    options = Options(edition="flip" if flip else "classic", phases_to_win=2)
    config = GameConfig(("Ann", "Bo", "Cy", "Di", "Ed", "Flo")[:players], seed, options)
    game = play_random_game(config, random.Random(seed), check=False).final
    sheet = Sheet.of_game(game)
    assert sheet.standing.scores == tuple(player.score for player in game.players)
    assert sheet.winner == game.winner is not None
    assert [sheet.completed(seat) for seat in range(players)] == [
        player.phases_completed for player in public_view(game).players
    ]
    pad = new_pad(config.players, options)
    for record in game.history:
        out = () if record.went_out is None else (record.went_out,)
        pad = add_hand(pad, HandEntry(out, record.completed, record.points))
    assert Sheet.of_pad(pad) == sheet
