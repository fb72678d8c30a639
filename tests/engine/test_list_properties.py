"""Property tests of a table's own rules (rulings 31-34): whole games on random lists the
rules allow, phases in any order and in order, keep every invariant after every action;
``apply`` accepts exactly the legal actions, phase picks included; saves, notation and
replays give back the same game; and the finder finds a lay-down exactly when one exists."""

from __future__ import annotations

import os
import random
import sys
from collections import Counter
from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from phase10.actions import ChoosePhase, Draw, TakeDiscard, parse_action
from phase10.cards import COLORS, Card, Side
from phase10.finder import _first_exact, enumerate_laydowns, find_laydown
from phase10.game import apply, legal_actions, replay, why_illegal
from phase10.groups import can_form, laydown_problem
from phase10.invariants import check_state, history_problems
from phase10.notation import format_state, parse_state
from phase10.rules import CLASSIC, EDITIONS, FLIP, PhaseSpec, Ruleset
from phase10.serialize import from_json, to_json
from phase10.simulate import guided_choice, play_random_game
from phase10.state import NO_PICK, Step
from support.engine.strategies import allowed_phases, check_refused, guided_states_along, list_configs

SLOW = sys.platform == "emscripten" or os.environ.get("HYPOTHESIS_PROFILE") == "pyodide"


# A few hundred whole games in the default run: random lists of either deck, phases in any
# order or not, with the ways to play that combine with them.
@settings(max_examples=(1 if SLOW else 2) * settings().max_examples)
@given(list_configs(), st.integers(0, 2**32))
def test_games_on_random_lists_keep_every_invariant_and_end(config, choice_seed):
    # play_random_game checks every invariant after every action (state_problems, and that
    # phases and scores never go back) and fails on a game that does not end.
    report = play_random_game(config, random.Random(choice_seed), policy=guided_choice)
    final = report.final
    assert final.step is Step.GAME_OVER and final.winner is not None
    assert legal_actions(final) == ()
    assert history_problems(final) == []
    assert replay(config, report.actions) == final
    options = config.options
    goal = options.phases_to_complete()
    for record in final.history:
        for phase in record.phases:
            if phase is None or record.tiebreak:
                continue
            # The sheet says which phase each seat played for: one of the list's, or none picked.
            assert phase in options.phase_sequence() or (options.any_order and phase == NO_PICK)
    if not final.history[-1].tiebreak and not options.ten_hands:
        assert len(final.done(final.winner)) >= goal or options.phase_sequence()[-1] in final.done(
            final.winner
        )
    if options.any_order:
        for seat in range(len(final.players)):
            done = [r.phases[seat] for r in final.history if not r.tiebreak and r.completed[seat]]
            assert len(done) == len(set(done)), "a completed phase is done for good (ruling 33)"


@given(list_configs(most=4), st.integers(0, 2**32))
def test_apply_accepts_exactly_the_legal_actions_on_random_lists(config, seed):
    rnd = random.Random(seed)
    states = guided_states_along(config, rnd, limit=150)
    state = states[rnd.randrange(len(states))]
    legal = legal_actions(state)
    assert len(set(legal)) == len(legal)
    for action in legal:
        assert why_illegal(state, action) is None, action
        check_state(apply(state, action))
        assert parse_action(str(action)) == action
    numbers = range(-1, len(config.options.phase_specs()) + 3)
    for action in [Draw(), TakeDiscard(), *(ChoosePhase(n) for n in numbers)]:
        reason = why_illegal(state, action)
        assert (reason is None) == (action in legal), (action, reason)
        if reason is not None:
            check_refused(state, action, reason)


@given(list_configs(most=4), st.integers(0, 2**32))
def test_saves_and_notation_give_back_the_same_game_on_random_lists(config, seed):
    rnd = random.Random(seed)
    for state in guided_states_along(config, rnd, limit=120)[:: 1 + rnd.randrange(10)]:
        assert from_json(to_json(state)) == state
        assert parse_state(format_state(state)) == state


@given(list_configs(most=4, any_order=True), st.integers(0, 2**32))
def test_a_pick_is_everyones_to_see_and_comes_before_the_draw(config, seed):
    from phase10.view import public_view

    for state in guided_states_along(config, random.Random(seed), limit=150):
        if state.step is not Step.DRAW or state.current in state.tiebreak:
            continue
        table = public_view(state)
        me = table.players[state.current]
        if me.choosing:
            assert all(isinstance(action, ChoosePhase) for action in legal_actions(state))
            assert {action.phase for action in legal_actions(state)} == set(
                config.options.open_phases(state.done(state.current))
            )
        else:
            assert me.pick == state.players[state.current].pick == me.phase


# --- the finder on the phases the rules allow ------------------------------------------------


def _hands(rules: Ruleset, size: int) -> st.SearchStrategy[tuple[Card, ...]]:
    """Hands of ``size`` cards of ``rules``'s deck, all on one side; a classic hand may hold
    many Wilds."""
    sides = [Side.COLOR, Side.WILD] if rules.two_sided else [Side.COLOR]
    deck = rules.deck
    return st.tuples(
        st.sampled_from(sides),
        st.lists(st.integers(0, len(deck) - 1), min_size=size, max_size=size, unique=True),
    ).map(lambda drawn: tuple(sorted(deck[i].facing(drawn[0]).shown for i in drawn[1])))


def _can_make(hand: tuple[Card, ...], phase: PhaseSpec, rules: Ruleset) -> bool:
    """Brute force: some cards of the hand split into the phase's groups, each able to form
    its group (``can_form`` tries every order of a run)."""
    cards = list(hand)

    def place(index: int, left: list[Card]) -> bool:
        if index == len(phase.groups):
            return True
        spec = phase.groups[index]
        for mask in product((False, True), repeat=len(left)):
            chosen = [card for card, taken in zip(left, mask, strict=True) if taken]
            if len(chosen) < spec.size or not can_form(spec.kind, chosen, spec.size, rules):
                continue
            if place(index + 1, [card for card, taken in zip(left, mask, strict=True) if not taken]):
                return True
        return False

    return place(0, cards)


@settings(max_examples=(1 if SLOW else 3) * settings().max_examples)
@given(st.sampled_from(sorted(EDITIONS)), st.data())
def test_the_finder_finds_a_lay_down_exactly_when_one_exists(edition, data):
    rules = EDITIONS[edition]
    groups = data.draw(allowed_phases(rules).filter(lambda groups: sum(g.size for g in groups) <= 8))
    phase = PhaseSpec(data.draw(st.integers(1, 20)), groups)
    # Brute force tries every split of the hand: small hands, around the phase's size.
    hand = data.draw(_hands(rules, data.draw(st.integers(max(4, sum(g.size for g in groups) - 1), 8))))
    expected = _can_make(hand, phase, rules)
    found = find_laydown(hand, phase, rules)
    assert (found is not None) == expected, (hand, phase, found)
    if found is not None:
        assert laydown_problem(found, phase, rules) is None
        assert not Counter(card for group in found for card in group.cards) - Counter(hand)
        laydowns = list(enumerate_laydowns(hand, phase, rules))
        assert found in laydowns and len(set(laydowns)) == len(laydowns)
    else:
        assert list(enumerate_laydowns(hand, phase, rules)) == []


@given(st.sampled_from(sorted(EDITIONS)), st.data())
def test_the_finder_agrees_with_the_card_by_card_search_on_whole_hands(edition, data):
    rules = EDITIONS[edition]
    phase = PhaseSpec(data.draw(st.integers(1, 20)), data.draw(allowed_phases(rules)))
    hand = data.draw(_hands(rules, 11))
    assert (find_laydown(hand, phase, rules) is None) == (_first_exact(hand, phase, rules) is None)


@given(st.data())
def test_the_finder_takes_many_wilds(data):
    from phase10.cards import WILD

    phase = PhaseSpec(1, data.draw(allowed_phases(CLASSIC)))
    wilds = data.draw(st.integers(3, 8))
    naturals = data.draw(
        st.lists(
            st.tuples(st.sampled_from(COLORS), st.integers(1, 12)), min_size=11 - wilds, max_size=11 - wilds
        )
    )
    hand = tuple(sorted([Card.number_card(color, n) for color, n in naturals] + [WILD] * wilds))
    assert (find_laydown(hand, phase, CLASSIC) is None) == (_first_exact(hand, phase, CLASSIC) is None)


def test_flip_edition_phases_keep_the_lay_down_they_always_had():
    # The Flip edition's bots lay what the finder finds: its own phases keep the card-by-card
    # search's answer (the count search only says when there is none).
    rnd = random.Random(7)
    for _ in range(300):
        side = rnd.choice(list(Side))
        hand = tuple(sorted(card.facing(side).shown for card in rnd.sample(FLIP.deck, 11)))
        phase = rnd.choice(FLIP.phases)
        assert find_laydown(hand, phase, FLIP) == _first_exact(hand, phase, FLIP)
