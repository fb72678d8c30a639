"""Computer players: legal moves only, no peeking, replays, and the tournament."""

from __future__ import annotations

import random
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from phase10 import distance
from phase10.actions import Discard, Draw, TakeDiscard
from phase10.bots import Bot, Level, bot_seed, seat_bot
from phase10.cards import Card, Side, format_cards, parse_card, parse_cards
from phase10.distance import cards_missing
from phase10.game import apply, legal_actions, new_game
from phase10.invariants import check_state
from phase10.notation import parse_state
from phase10.rules import CLASSIC, FLIP, GameConfig, Options, SetupError
from phase10.state import GameState, Step
from phase10.tournament import StalledHandError, play_bot_game, run_tournament, wilson_interval
from phase10.view import view
from support.engine.strategies import configs, reshuffle_hidden

LEVELS = [level.value for level in Level]


@settings(max_examples=max(10, settings().max_examples // 2))
@given(
    configs(short=True),
    st.lists(st.sampled_from([*LEVELS, "random"]), min_size=6, max_size=6),
    st.integers(0, 2**20),
)
def test_bots_only_ever_choose_legal_actions(config, kinds, seed):
    state = new_game(config)
    bots = {seat: Bot(Level(kind), seed + seat) for seat, kind in enumerate(kinds) if kind != "random"}
    rnd = random.Random(seed)
    while not state.is_over:
        seat = state.current if state.step is not Step.HAND_OVER else 0
        legal = legal_actions(state)
        action = bots[seat].choose(view(state, seat)) if seat in bots else rnd.choice(legal)
        assert action in legal
        state = apply(state, action)
        check_state(state)


# WebAssembly is several times slower: on Pyodide one block of the four is played, and
# in the fast loop (its Hypothesis profile's smaller budget) too.
ONE_BLOCK = sys.platform == "emscripten" or settings().max_examples < 50
BLOCKS = range(1) if ONE_BLOCK else range(4)


@pytest.mark.parametrize("block", BLOCKS)
def test_bots_play_thousands_of_seeded_games_by_the_rules(block):
    """2,000 short games in all (500 a block), 2 to 6 seats of every level: ``apply``
    refuses any illegal choice, so each game reaching its winner proves every move legal."""
    for game in range(block * 500, (block + 1) * 500):
        rnd = random.Random(game)
        players = 2 + game % 5
        kinds = [rnd.choice([*LEVELS, "random"]) for _ in range(players)]
        options = Options(phases_to_win=1, even_phases=game % 3 == 0)
        config = GameConfig(tuple(f"P{seat}" for seat in range(players)), game, options, game % players)
        final = play_bot_game(config, kinds, game)
        assert final.winner is not None
        check_state(final)


@pytest.mark.parametrize("level", LEVELS)
@given(seed=st.integers(0, 2**32), reshuffle=st.integers(0, 2**32))
def test_a_bot_does_not_peek(level, seed, reshuffle):
    """The same view gives the same choice, however the hidden cards lie (with two players
    too, where the expert samples the next player's hand)."""
    rnd = random.Random(seed)
    state = new_game(GameConfig(("A", "B", "C")[: 2 + seed % 2], seed))
    for _ in range(rnd.randrange(60)):
        if state.is_over:
            break
        state = apply(state, rnd.choice(legal_actions(state)))
    if state.is_over or state.step is Step.HAND_OVER:
        return
    bot = Bot(Level(level), 5)
    seat = state.current
    other = reshuffle_hidden(state, seat, reshuffle)
    assert bot.choose(view(other, seat)) == bot.choose(view(state, seat))


def test_a_seeded_bot_game_replays_identically():
    config = GameConfig(("A", "B", "C"), 11, Options(phases_to_win=2))
    first = play_bot_game(config, ["hard", "normal", "easy"], 3)
    second = play_bot_game(config, ["hard", "normal", "easy"], 3)
    assert first == second


def test_the_config_says_which_seats_computers_play():
    config = GameConfig(("Ann", "Bot 1", "Bot 2"), 9, kinds=("person", "easy", "hard"))
    bots = [seat_bot(config, seat) for seat in range(3)]
    assert bots[0] is None
    assert [bot.level for bot in bots[1:] if bot] == [Level.EASY, Level.HARD]
    assert bots[1] != seat_bot(GameConfig(("Ann", "Bot 1", "Bot 2"), 10, kinds=config.kinds), 1)
    assert GameConfig(("Ann", "Bo"), 1).kinds == ("person", "person")


@pytest.mark.parametrize("kinds", [("person",), ("person", "robot"), ["person", "hard"], ("person", "Hard")])
def test_a_config_with_unknown_players_is_refused(kinds):
    with pytest.raises(SetupError):
        GameConfig(("Ann", "Bo"), 1, kinds=kinds)


@pytest.mark.parametrize(
    ("hand", "phase", "missing"),
    [
        ("R5 B5 Y5 R7 B7 G7 R1 R2 Y3 G4", 1, 0),
        ("R5 B5 R7 B7 G9 R1 R2 Y3 G4 B11", 1, 2),
        ("R5 B5 R7 B7 G9 R1 R2 Y3 G4 W", 1, 1),
        ("R1 R2 R3 R4 R5 R6 B9 B9 B11 B12", 4, 1),
        ("G1 G2 G3 G4 G5 R6 R7 B9 B9 B11", 8, 2),
    ],
)
def test_cards_missing(hand, phase, missing):
    assert cards_missing(parse_cards(hand), CLASSIC.phase(phase)) == missing


def test_hard_beats_random_play():
    report = run_tournament(20, ["hard", "random"], seed=1)
    assert report.wins["hard"] >= 18


def test_wilson_interval():
    low, high = wilson_interval(60, 100)
    assert 0.50 < low < 0.51 and 0.69 < high < 0.70
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_the_tournament_command_reports_win_rates_and_decision_times(capsys):
    import phase10.__main__ as cli

    assert cli.main(["tournament", "--games", "4", "--seats", "hard,normal,random", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "games: 4" in out and "95% interval" in out
    assert all(kind in out for kind in ("hard", "normal", "random"))
    assert "time per decision" in out


@pytest.mark.parametrize("args", [("--seats", "hard,cheater"), ("--seats", "hard", "--players", "7")])
def test_the_tournament_command_refuses_bad_seats(args, capsys):
    import phase10.__main__ as cli

    with pytest.raises(SystemExit):
        cli.main(["tournament", *args])
    assert "error" in capsys.readouterr().err


# --- the Flip edition -------------------------------------------------------------------------


FLIP_BLOCKS = range(1) if ONE_BLOCK else range(2)


@pytest.mark.parametrize("block", FLIP_BLOCKS)
def test_bots_play_seeded_flip_games_by_the_rules(block):
    """150 short Flip games a block, 2 to 6 seats of every level, flips and all."""
    for game in range(block * 150, (block + 1) * 150):
        rnd = random.Random(game)
        players = 2 + game % 5
        kinds = [rnd.choice([*LEVELS, "random"]) for _ in range(players)]
        options = Options(phases_to_win=1 + game % 2, edition="flip")
        config = GameConfig(tuple(f"P{seat}" for seat in range(players)), game, options, game % players)
        final = play_bot_game(config, kinds, game)
        assert final.winner is not None
        check_state(final)


def _deck_cards(backs: str, used: set[Card]) -> list[Card]:
    """Cards of the Flip deck with these backs (Wild Side faces), none of ``used``."""
    chosen: list[Card] = []
    for back in backs.split():
        card = next(c for c in FLIP.deck if str(c.back) == back and c not in used and c not in chosen)
        chosen.append(card)
    used.update(chosen)
    return chosen


# The bot's hand: no two cards of one colour next to each other, so phase 1 (two colour runs
# of 2) is two cards short whatever it throws; R3!/1 carries the Flip symbol.
_BOT_HAND = "R3!/1 B1/1 Y5/3 G7/4 R9/8 B11/8 Y9/4 G12/3 R6/4 B8/3 Y1/10"


def _flip_table(opponent_backs: str) -> GameState:
    hand = parse_cards(_BOT_HAND)
    used = set(hand)
    opponent = _deck_cards(opponent_backs, used)
    top = next(card for card in FLIP.deck if card not in used and not card.flips and card.is_natural)
    return parse_state(
        "game seed=4 dealer=1 current=0 step=play side=color\n"
        "options edition=flip\n"
        f"discard: {top}\n"
        f'seat 0 "Robo"\n  hand: {format_cards(hand)}\n'
        f'seat 1 "Ann"\n  hand: {format_cards(opponent)}\n'
    )


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_bot_does_not_flip_when_the_flip_hands_an_opponent_their_phase(level):
    # Ann's cards show 2 3 and 5 6 to the table: after a flip she holds two colour runs.
    state = _flip_table("2 3 5 6 7 7 11 9 12 10")
    seen = view(state, 0)
    assert cards_missing(seen.players[1].backs, seen.players[1].phase_spec) == 0
    choice = Bot(Level(level), 1).choose(seen)
    assert isinstance(choice, Discard) and not choice.card.flips


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_bot_flips_away_a_hand_worse_than_what_a_flip_deals(level):
    # Ann's backs are one card short of phase 1: a flip is likely to deal the bot as good a
    # hand, better than its own two cards short, and gives Ann no phase.
    state = _flip_table("2 3 8 8 8 12 12 12 10 10")
    seen = view(state, 0)
    assert cards_missing(seen.players[1].backs, seen.players[1].phase_spec) == 1
    choice = Bot(Level(level), 1).choose(seen)
    assert choice == Discard(parse_card("R3!"))
    after = apply(state, choice)
    assert after.side is Side.WILD


@pytest.mark.parametrize(
    ("hand", "phase", "missing"),
    [
        ("R4 R5 B7 G7 Y1 Y9 G11 B2 R12 Y6", 4, 1),  # colour run of 3 + set of 2: one short
        ("R4 R6 R* B7 G7 Y9 G11 B2 R12 Y6", 4, 0),  # a red Star fills the run's gap
        ("4 5 7 7 1 9 11 2 12 6", 4, 0),  # Wild Side: 4 5 6 run, 7 7 set
        ("4 5 7 8 1 10 12 2 12 6", 10, 1),  # run 4-6, set of 12s, one short of the other set
        ("R1 B3 Y5 G7 R9 B11 Y1 G3 R5 B7", 1, 2),
    ],
)
def test_cards_missing_in_the_flip_edition(hand, phase, missing):
    assert cards_missing(parse_cards(hand), FLIP.phase(phase)) == missing


_FLIP_CARDS = sorted({card for printed in FLIP.deck for card in (printed, printed.turned())})


@settings(max_examples=300)
@given(st.lists(st.sampled_from(_FLIP_CARDS), min_size=1, max_size=11), st.sampled_from(FLIP.phases))
def test_flip_outs_stop_at_the_first_closer_hand_and_count_the_same(hand, phase):
    """``outs`` stops searching a hand once it is one card closer: the count must be the
    one a full search of every probe gives, and what it remembers must be exact."""
    missing = cards_missing(hand, phase)
    full = [
        probe
        for probe in distance.probes(tuple(hand), phase)
        if distance._cards_missing_flip(tuple(sorted((*hand, probe))), phase, -1) < missing
    ]
    assert distance.outs(tuple(hand), phase, missing) == len(full)
    for probe in distance.probes(tuple(hand), phase):
        assert cards_missing((*hand, probe), phase) == distance._cards_missing_flip(
            tuple(sorted((*hand, probe))), phase, -1
        )


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_bot_holding_only_flip_cards_and_stars_flips_rather_than_stall(level):
    # Found in a 2-player tournament: both bots kept their Stars and would not flip, so each
    # threw back every card it drew and the hand went on for ever.  Robo's numbered cards
    # all carry the Flip symbol, and its Stars are of four colours: far from phase 8.
    state = parse_state(
        "game seed=57 dealer=1 current=0 step=play side=color\n"
        "options edition=flip\n"
        "discard: Y11/5\n"
        'seat 0 "Robo" phase-index=7\n'
        "  hand: B1!/8 Y4!/10 B6!/12 R10!/5 G12!/7 R*/* B*/10 Y*/11! G*/4 G*/9! Y8/8\n"
        'seat 1 "Ann" phase-index=7\n'
        "  hand: R3!/1 G7!/3! Y9!/11 R*/1 R*/* B*/1 B*/1 Y*/7 Y*/11 G*/10\n"
    )
    seen = view(state, 0)
    assert cards_missing(seen.hand, seen.me.phase_spec) >= 2, "Stars of other colours do not fill a run"
    choice = Bot(Level(level), 1).choose(seen)
    assert isinstance(choice, Discard) and choice.card.flips


# Found in the 2-player Flip tournament of the expert against hard (game 838): on the Wild
# Side Ann took the 5! from the discard pile and threw it back to flip; Bo took the G7! it
# turned up and threw that back to flip again, and so on for ever.  Ann has taken the 5!
# once already, and it is on top of the pile again.
FLIPPING_BACK = (
    "game seed=839 dealer=1 current=0 step=draw turns=5 side=wild\n"
    "options edition=flip\n"
    "discard: 3!/G7! 5!/Y1\n"
    'seat 0 "Ann" phase-index=6 taken=B3,5! declined=Y1,5!\n'
    "  hand: 1/R5 1/Y6 2/Y8 4/B10 4/B12 5/B5 5/R10! 6/B3 6/G8 7/G12!\n"
    'seat 1 "Bo" phase-index=5 taken=G7! declined=Y1,G7!,G7!\n'
    "  hand: 4/G4 5/Y7 6/R12 8!/Y5 10/Y1 10/R2 12/G8 12/B10 */G4 */R*\n"
)


@pytest.mark.parametrize("level", ["normal", "hard", "expert"])
def test_a_bot_does_not_take_back_a_flip_card_it_has_taken_this_hand(level):
    state = parse_state(FLIPPING_BACK)
    seen = view(state, 0)
    assert seen.discard_top is not None and seen.discard_top.flips
    assert seen.discard_top in seen.me.taken
    assert Bot(Level(level), 1).choose(seen) == Draw()


def test_a_flip_card_taken_for_the_first_time_may_still_be_taken():
    # Ann has not taken the 5! before: the rule leaves his choice to the usual weighing.
    state = parse_state(FLIPPING_BACK.replace("taken=B3,5!", "taken=B3"))
    seen = view(state, 0)
    assert Bot(Level.HARD, 1).choose(seen) == TakeDiscard()


def test_two_bots_flipping_back_and_forth_still_end_the_hand():
    state = parse_state(FLIPPING_BACK)
    players = [Bot(Level.EXPERT, bot_seed(state.config, 0)), Bot(Level.HARD, bot_seed(state.config, 1))]
    for _ in range(2_000):
        if state.step is Step.HAND_OVER:
            break
        state = apply(state, players[state.current].choose(view(state, state.current)))
    assert state.step is Step.HAND_OVER, f"the hand is still going after 2,000 actions: {state.turns} turns"


def test_a_game_whose_bots_repeat_themselves_stops_with_an_error_naming_it(monkeypatch):
    # Without the rule above, the tournament's game 838 never ended: now it would stop.
    monkeypatch.setattr("phase10.heuristics.retaken_flip", lambda seen, top: False)
    config = GameConfig(("P1", "P2"), 839, Options(edition="flip"), first_dealer=1)
    stalled = r"seed=839 \(expert, hard, flip\): hand 7 went past 300 turns"
    with pytest.raises(StalledHandError, match=stalled):
        play_bot_game(config, ["expert", "hard"], 839, max_turns=300)
    monkeypatch.undo()
    assert play_bot_game(config, ["expert", "hard"], 839, max_turns=300).is_over
