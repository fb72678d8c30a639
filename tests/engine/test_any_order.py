"""Phases in any order (rulings 33 and 34) and a hand nobody can end (ruling 35), as
scenarios in the engine's notation; the score sheet and the score pad with the phase each
player picked; the computer players' picks and the coach's reasons for them.

Rows are named after the ruling they check ("r33-...")."""

from __future__ import annotations

import random

import pytest

from phase10.actions import ActionSyntaxError, ChoosePhase, Draw, parse_action
from phase10.bots import Bot, Level, ranked_picks
from phase10.cards import SKIP, parse_cards
from phase10.coach import Why, advise, explain
from phase10.game import apply, legal_actions
from phase10.notation import format_state, parse_state
from phase10.pad import HandEntry, PadError, Refusal, add_hand, new_pad, records, standings
from phase10.phaselists import decode, encode
from phase10.rules import GameConfig, GroupKind, GroupSpec, Options, PhaseList
from phase10.scoresheet import NO_PICK, hand_problem, opening, record_hand, replay, score_hand
from phase10.serialize import from_json, pad_from_dict, pad_to_dict, to_json
from phase10.simulate import guided_choice, play_random_game
from phase10.state import HandRecord, Step
from phase10.view import public_view, view
from support.engine.scenarios import check, find_seed, illegal, play, scenario
from support.engine.strategies import reshuffle_hidden

ANN_MAKES_PHASE_1 = """
    game seed=3 first-dealer=1 dealer=1 current=0 step=draw
    options any-order=yes
    discard: G5
    seat 0 "Ann"
      hand: R3 B3 Y3 R7 B7 G7 R1 R2 Y9 G11
    seat 1 "Bo"
      hand: R10 B10 Y10 G12 R12 B12 Y1 G1 R5 B6
"""


# =============================================================================================
# Ruling 33: a pick at the start of each hand
# =============================================================================================


def test_r33_a_player_picks_a_phase_before_the_first_draw():
    state = scenario(ANN_MAKES_PHASE_1)
    assert legal_actions(state) == tuple(ChoosePhase(n) for n in range(1, 11))
    illegal(state, "draw", "choose the phase you play this hand first")
    illegal(state, "take", "choose the phase")
    state = play(state, ["choose 7"])
    check(state, ["step=draw", "current=0", "seat0.phase=7"])
    assert legal_actions(state) == (Draw(), parse_action("take"))
    illegal(state, "choose 1", "already chosen phase 7")
    state = play(state, ["draw"])
    illegal(state, "choose 1", "already drawn")


def test_r33_everyone_sees_the_pick():
    state = play(scenario(ANN_MAKES_PHASE_1), ["choose 1"])
    table = public_view(state)
    assert (table.players[0].pick, table.players[0].phase, table.players[0].choosing) == (1, 1, False)
    assert view(state, 1).players[0].pick == 1
    # Bo has not picked yet: he shows the first phase he may pick, and that he is choosing.
    assert (table.players[1].pick, table.players[1].phase, table.players[1].choosing) == (None, 1, True)


def test_r33_the_pick_is_played_for_the_whole_hand():
    state = play(scenario(ANN_MAKES_PHASE_1, draw_top="Y12"), ["choose 7", "draw"])
    # Two sets of three are phase 1, not phase 7 (two sets of four): no lay-down is legal.
    illegal(state, "lay set:R3,B3,Y3 set:R7,B7,G7", "phase 7")
    state = play(
        scenario(ANN_MAKES_PHASE_1, draw_top="Y12"), ["choose 1", "draw", "lay set:R3,B3,Y3 set:R7,B7,G7"]
    )
    check(state, ["seat0.laid=yes", "seat0.phase=1"])


AFTER_PHASE_1 = """
    game seed=3 dealer=0 current=1 step=draw
    options any-order=yes
    discard: G5
    seat 0 "Ann" phase-index=1 score=0
      hand: R3 B3 Y3 R7 B7 G7 R1 R2 Y9 G11
    seat 1 "Bo" score=50
      hand: R10 B10 Y10 G12 R12 B12 Y1 G1 R5 B6
    history: 1 phases=1,4 points=0,50 completed=yes,no out=0 tiebreak=no
"""


def test_r33_a_completed_phase_is_done_and_a_failed_one_waits():
    state = scenario(AFTER_PHASE_1)
    # Bo failed phase 4 in hand 1: he may pick it again, or any other.
    assert {a.phase for a in legal_actions(state)} == set(range(1, 11))
    state = play(state, ["choose 4", "draw", "discard Y1"])
    # Ann completed phase 1: it is done for good.
    assert {a.phase for a in legal_actions(state)} == set(range(2, 11))
    illegal(state, "choose 1", "already completed phase 1")
    illegal(state, "choose 11", "not 11")
    illegal(state, "choose 0", "not 0")
    assert public_view(state).players[0].done == (1,)


def test_r33_a_player_skipped_on_the_first_turn_picks_when_their_turn_comes():
    options = Options(any_order=True)
    state = find_seed(("Ann", "Bo", "Cy"), lambda s: s.discard_pile == (SKIP,), options)
    skipped = (state.dealer + 1) % 3
    assert state.current == (skipped + 1) % 3 and state.players[skipped].pick is None
    while state.current != skipped:
        assert state.step is not Step.HAND_OVER
        state = apply(state, Bot(Level.NORMAL, 1).choose(view(state, state.current)))
    assert state.step is Step.DRAW and public_view(state).players[skipped].choosing
    assert all(isinstance(a, ChoosePhase) for a in legal_actions(state))


LAYS_OUT_AT_ONCE = """
    game seed=3 first-dealer=1 dealer=1 current=0 step=draw
    options any-order=yes
    phases: P1-5S5S-4R-F "Fives"
    discard: G12
    seat 0 "Ann"
      hand: R3 B3 Y3 G3 R3 R7 B7 G7 Y7 R7
    seat 1 "Bo"
      hand: R10 B10 Y10 G10 R12 B12 Y1 G1 R5 B6
"""


def test_r33_the_score_sheet_writes_no_pick_for_a_player_whose_turn_never_came():
    state = play(
        scenario(LAYS_OUT_AT_ONCE, draw_top="Y11"),
        ["choose 1", "draw", "lay set:R3,R3,B3,Y3,G3 set:R7,R7,B7,G7,Y7", "discard Y11"],
    )
    check(state, ["step=hand-over", "winner=-", "last.phases=1,0", "last.completed=yes,no", "last.out=0"])
    assert NO_PICK == 0
    assert from_json(to_json(state)) == state and parse_state(format_state(state)) == state


def test_r33_the_game_ends_after_a_hand_where_someone_completed_their_last_phase():
    options = Options(any_order=True, phases_to_win=2)
    config = GameConfig(("Ann", "Bo", "Cy"), 11, options)
    report = play_random_game(config, random.Random(5), policy=guided_choice)
    final = report.final
    winners_done = [seat for seat in range(3) if len(final.done(seat)) >= 2]
    assert final.winner in winners_done or final.history[-1].tiebreak
    assert all(len(final.done(seat)) <= 2 for seat in range(3))


# =============================================================================================
# Ruling 34: what any order combines with
# =============================================================================================


def test_r34_even_phases_in_any_order_offer_the_even_ones():
    text = ANN_MAKES_PHASE_1.replace("options any-order=yes", "options any-order=yes even-phases=yes")
    assert {a.phase for a in legal_actions(scenario(text))} == {2, 4, 6, 8, 10}


def test_r34_an_own_list_in_any_order_offers_its_phases():
    text = ANN_MAKES_PHASE_1.replace(
        "options any-order=yes", 'options any-order=yes\nphases: P1-3S3S-4CR4R-E ""'
    )
    state = scenario(text)
    assert legal_actions(state) == (ChoosePhase(1), ChoosePhase(2))
    assert state.config.options.phase_spec(2) == decode("P1-3S3S-4CR4R-E").phases[1]
    assert state.config.options.phase_spec(2).groups == (
        GroupSpec(GroupKind.COLOR_RUN, 4),
        GroupSpec(GroupKind.RUN, 4),
    )


TIED = """
    game seed=3 dealer=2 current=0 step=draw
    options any-order=yes phases-to-win=2
    discard: G5
    seat 0 "Ann" phase-index=2 score=20
      hand: R3 B3 Y3 R7 B7 G7 R1 R2 Y9 G11
    seat 1 "Bo" phase-index=2 score=20
      hand: R10 B10 Y10 G12 R12 B12 Y1 G1 R5 B6
    seat 2 "Cy" score=100
    active: 0 1
    tiebreak: 0 1
    history: 1 phases=3,6,1 points=0,20,50 completed=yes,yes,no out=0 tiebreak=no
    history: 2 phases=4,7,2 points=20,0,50 completed=yes,yes,no out=1 tiebreak=no
"""


def test_r33_r34_a_tiebreak_in_any_order_is_played_on_the_last_phase_without_a_pick():
    state = scenario(TIED)
    assert legal_actions(state) == (Draw(), parse_action("take"))
    check(state, ["seat0.phase=10", "seat1.phase=10"])
    illegal(state, "choose 4", "tiebreak")
    assert not public_view(state).players[0].choosing


# =============================================================================================
# Ruling 35: a hand nobody can end
# =============================================================================================

STUCK = """
    game seed=3 first-dealer=1 dealer=1 current=0 step=play turns=9
    phases: {pairs} "Pairs"
    discard: G12
    seat 0 "Ann" phase-index=0
      hand: R1 B1 Y1
      group: set:R4,R4,B4,B4,Y4,Y4,G4,G4,W,W,W,W
    seat 1 "Bo" phase-index=0
      hand: R2 B2 S
      group: set:R6,R6,B6,B6,Y6,Y6,G6,G6,W,W,W,W
""".replace(
    "{pairs}", encode(PhaseList.of("", (GroupSpec(GroupKind.SET, 2),), (GroupSpec(GroupKind.SET, 2),)))
)


def test_r35_a_hand_nobody_can_end_ends_as_when_the_draw_pile_runs_out():
    # Every 4, 6 and Wild is on the table: no card left can be hit, and both have laid.
    state = play(scenario(STUCK), ["discard R1"])
    check(state, ["step=hand-over", "last.out=-", "last.points=10,25", "last.completed=yes,yes"])
    check(state, ["seat0.phase-index=1", "seat1.phase-index=1"])


def test_r35_a_hand_goes_on_while_a_card_could_still_be_hit():
    text = STUCK.replace("R6,R6,B6,B6,Y6,Y6,G6,G6,W,W,W,W", "R6,R6,B6,B6,Y6,Y6,G6,W,W,W,W")
    state = play(scenario(text.replace("hand: R2 B2 S", "hand: R2 B2 G6")), ["discard R1"])
    check(state, ["step=draw", "current=1"])  # Bo can still hit his G6


def test_r35_a_hand_goes_on_while_a_player_could_still_make_their_phase():
    # Bo has not laid: the cards left still make a pair, so the hand goes on.
    text = STUCK.replace("      group: set:R6,R6,B6,B6,Y6,Y6,G6,G6,W,W,W,W\n", "")
    text = text.replace("hand: R2 B2 S", "hand: R2 B2 S R6 B6 Y6 G6 R6 B6 Y6")
    text = text.replace("W,W,W,W\n", "W,W,W,W,W,W,W,W\n", 1)
    state = play(scenario(text), ["discard R1"])
    check(state, ["step=draw", "current=1"])


# =============================================================================================
# The score sheet and the score pad with picks
# =============================================================================================

ANY = Options(any_order=True, phases_to_win=2)


def test_r33_the_score_sheet_checks_each_pick():
    start = opening(2)
    record = record_hand(ANY, start, [(), parse_cards("R5 B7")], [True, False], 0, picks=[3, None])
    assert record.phases == (3, NO_PICK) and record.points == (0, 10)
    assert hand_problem(ANY, start, HandRecord(1, (3, 7), (0, 50), (True, False), 0)) is None
    after = score_hand(ANY, start, HandRecord(1, (3, 7), (0, 50), (True, False), 0))
    assert after.done == ((3,), ()) and after.phase_index == (1, 0)
    again = HandRecord(2, (3, 7), (0, 50), (True, False), 0)
    assert "already completed" in hand_problem(ANY, after, again)
    assert "does not play" in hand_problem(ANY, after, HandRecord(2, (11, 7), (0, 50), (True, False), 0))
    assert "never picked" in hand_problem(ANY, after, HandRecord(2, (0, 7), (0, 50), (True, False), 0))
    final = replay(
        ANY,
        2,
        [HandRecord(1, (3, 7), (0, 50), (True, False), 0), HandRecord(2, (5, 7), (0, 50), (True, False), 0)],
    )
    assert final.winner == 0 and final.done[0] == (3, 5)


def entry(
    out: int | None, completed: str, points: tuple[int | None, ...], phases: tuple[int | None, ...] = ()
) -> HandEntry:
    return HandEntry(() if out is None else (out,), tuple(c == "y" for c in completed), points, phases)


PAD_REFUSED = [
    pytest.param(entry(0, "yn", (0, 50)), Refusal.PHASE_MISSING, 0, id="r33-pad-asks-the-phase"),
    pytest.param(
        entry(0, "yn", (0, 50), (3, None)), Refusal.PHASE_MISSING, 1, id="r33-pad-a-phase-per-player"
    ),
    pytest.param(
        entry(0, "yn", (0, 50), (0, 4)), Refusal.PHASE_MISSING, 0, id="r33-pad-completed-needs-a-phase"
    ),
    pytest.param(
        entry(0, "yn", (0, 50), (11, 4)), Refusal.PHASE_UNKNOWN, 0, id="r33-pad-a-phase-of-the-list"
    ),
    pytest.param(entry(0, "yn", (0, 50), (3,)), Refusal.SEATS, None, id="r33-pad-one-per-player"),
]


@pytest.mark.parametrize(("written", "refusal", "seat"), PAD_REFUSED)
def test_r33_the_pad_refuses_a_pick_that_cannot_be(written, refusal, seat):
    pad = new_pad(("Ann", "Bo"), ANY)
    with pytest.raises(PadError) as raised:
        add_hand(pad, written)
    assert (raised.value.refusal, raised.value.seat) == (refusal, seat)
    assert pad.entries == ()


def test_r33_the_pad_refuses_a_phase_already_completed_and_counts_phases_as_a_set():
    pad = add_hand(new_pad(("Ann", "Bo"), ANY), entry(0, "yn", (0, 50), (3, 4)))
    assert standings(pad).done == ((3,), ())
    with pytest.raises(PadError) as raised:
        add_hand(pad, entry(1, "yy", (20, 0), (3, 4)))
    assert (raised.value.refusal, raised.value.seat, raised.value.hand) == (Refusal.PHASE_DONE, 0, 2)
    pad = add_hand(pad, entry(1, "yy", (20, 0), (5, 4)))
    assert standings(pad).winner == 0 and records(pad)[-1].phases == (5, 4)
    assert pad_from_dict(pad_to_dict(pad)) == pad


def test_r33_the_pad_writes_no_phase_for_a_game_in_order():
    pad = new_pad(("Ann", "Bo"), Options())
    with pytest.raises(PadError) as raised:
        add_hand(pad, entry(0, "yn", (0, 50), (2, 1)))
    assert raised.value.refusal is Refusal.PHASE_FIXED
    assert add_hand(pad, entry(0, "yn", (0, 50), (1, 1))).entries  # the phases it fixes may be written


def test_r33_a_pad_of_an_any_order_game_reaches_the_games_end():
    config = GameConfig(("Ann", "Bo", "Cy"), 4, Options(any_order=True, phases_to_win=2))
    game = play_random_game(config, random.Random(4), policy=guided_choice).final
    pad = new_pad(config.players, config.options)
    for record in game.history:
        phases = record.phases if not record.tiebreak else ()
        pad = add_hand(
            pad,
            HandEntry(
                () if record.went_out is None else (record.went_out,), record.completed, record.points, phases
            ),
        )
    assert records(pad) == game.history
    assert standings(pad).winner == game.winner


# =============================================================================================
# Notation and saves
# =============================================================================================


@pytest.mark.parametrize("text", ["choose", "choose x", "choose 1 2", "choose 1000", "choose -1"])
def test_a_pick_that_is_no_action_text_is_refused(text):
    with pytest.raises(ActionSyntaxError):
        parse_action(text)


def test_a_pick_reads_back_from_its_text_and_a_state_with_picks_too():
    assert parse_action("choose 7") == ChoosePhase(7) and str(ChoosePhase(7)) == "choose 7"
    state = play(scenario(ANN_MAKES_PHASE_1), ["choose 4"])
    assert "pick=4" in format_state(state)
    assert parse_state(format_state(state)) == state
    assert from_json(to_json(state)) == state


# =============================================================================================
# The computer players and the coach
# =============================================================================================


def test_r33_computer_players_pick_from_their_own_view():
    state = scenario(ANN_MAKES_PHASE_1)
    seen = view(state, 0)
    for level in Level:
        choice = Bot(level, 5).choose(seen)
        assert choice in seen.legal
        for seed in range(5):
            assert Bot(level, 5).choose(view(reshuffle_hidden(state, 0, seed), 0)) == choice
    # Ann's hand already makes phase 1: normal, hard and the expert pick it.
    assert {Bot(level, 5).choose(seen) for level in (Level.NORMAL, Level.HARD, Level.EXPERT)} == {
        ChoosePhase(1)
    }


def test_r33_the_coach_says_why_a_phase_is_the_one_to_pick():
    seen = view(scenario(ANN_MAKES_PHASE_1), 0)
    advice = advise(seen, 1)
    assert (advice.action, advice.why, advice.number, advice.missing) == (
        ChoosePhase(1),
        Why.PICK_READY,
        1,
        0,
    )
    assert advice.cards  # the cards it holds towards the phase, for the screen to ring
    closest = explain(seen, ChoosePhase(7))  # two sets of four: the 3s and 7s, one short each
    assert closest.number == 7 and closest.missing == 2
    ranks = {rank.phase: rank for rank in ranked_picks(seen)}
    assert ranks[1].missing == 0 and ranks[7].missing == 2


def test_r33_the_coach_names_the_only_phase_left_and_the_closest():
    text = """
        game seed=3 dealer=1 current=0 step=draw
        options any-order=yes
        phases: {code} ""
        discard: G5
        seat 0 "Ann"
          hand: R3 B3 Y3 R7 B7 G7 R1 R2 Y9 G11
        seat 1 "Bo"
          hand: R10 B10 Y10 G12 R12 B12 Y1 G1 R5 B6
    """
    only = PhaseList.of("", (GroupSpec(GroupKind.SET, 4),))
    advice = advise(view(scenario(text.format(code=encode(only))), 0), 1)
    assert (advice.why, advice.number, advice.missing) == (Why.PICK_ONLY, 1, 1)
    two = PhaseList.of(
        "", (GroupSpec(GroupKind.RUN, 8),), (GroupSpec(GroupKind.SET, 4), GroupSpec(GroupKind.SET, 4))
    )
    advice = advise(view(scenario(text.format(code=encode(two))), 0), 1)
    assert (advice.action, advice.why, advice.number, advice.missing) == (
        ChoosePhase(2),
        Why.PICK_CLOSEST,
        2,
        2,
    )
    assert advice.holding is not None and advice.holding.kind is GroupKind.SET


def test_r33_the_coach_explains_a_pick_as_close_as_another():
    text = ANN_MAKES_PHASE_1.replace("options any-order=yes", 'options any-order=yes\nphases: {code} ""')
    alike = PhaseList.of("", (GroupSpec(GroupKind.SET, 4),), (GroupSpec(GroupKind.SET, 5),))
    seen = view(scenario(text.format(code=encode(alike))), 0)
    ranks = {rank.phase: rank for rank in ranked_picks(seen)}
    assert ranks[1].missing == 1 and ranks[2].missing == 2
    advice = explain(seen, ChoosePhase(1))
    assert advice.why is Why.PICK_CLOSEST
    same = PhaseList.of(
        "", (GroupSpec(GroupKind.SET, 4),), (GroupSpec(GroupKind.SET, 2), GroupSpec(GroupKind.SET, 3))
    )
    seen = view(scenario(text.format(code=encode(same))), 0)
    assert {r.missing for r in ranked_picks(seen)} == {0, 1}
