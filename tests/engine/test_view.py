"""A player's view holds what that player may see, and nothing else."""

from __future__ import annotations

import random
from dataclasses import fields, replace

from hypothesis import given, settings
from hypothesis import strategies as st

from phase10.cards import Side, parse_cards
from phase10.game import legal_actions
from phase10.invariants import state_problems
from phase10.rules import GameConfig, Options
from phase10.state import GameState, Step
from phase10.view import PlayerView, PublicPlayer, TableView, public_view, view
from support.engine.scenarios import play, scenario
from support.engine.strategies import game_states, reshuffle_hidden, states_along


@given(game_states(), st.integers(0, 2**32))
def test_a_view_does_not_depend_on_hidden_cards(state, seed):
    for seat in range(len(state.players)):
        other = reshuffle_hidden(state, seat, seed)
        assert view(other, seat) == view(state, seat)


@given(game_states())
def test_a_view_shows_the_viewers_hand_and_the_table(state):
    for seat, player in enumerate(state.players):
        seen = view(state, seat)
        assert seen.hand == player.hand
        assert [p.hand_count for p in seen.players] == [len(p.hand) for p in state.players]
        assert [p.groups for p in seen.players] == [p.groups for p in state.players]
        assert seen.discard_top == state.discard_top
        assert seen.draw_count == len(state.draw_pile)
        if seen.is_my_turn:
            assert seen.legal == legal_actions(state)
        elif state.step is not Step.HAND_OVER:
            assert seen.legal == ()


def test_view_fields_hold_no_other_hand():
    # Views have no field for other players' cards: only counts.
    from phase10.view import PublicPlayer

    assert "hand" not in PublicPlayer.__dataclass_fields__
    assert "hand_count" in PublicPlayer.__dataclass_fields__


# --- the Flip edition: everyone sees the other side of everyone else's cards ------------------

FLIP_TABLE = """
game seed=100 dealer=1 current=0 step=play side=color
options edition=flip
seat 0 "Ann"
  hand: R4/1 R5/10 B2/7 B3/2 R3!/1 G6/2 G6/9 Y6/1 Y6/9 B9/* B9/11
seat 1 "Bo"
  hand: Y11/5 Y11/9 G11/7 G11/5 Y10/6 Y10/11 G10/7 G10/3 Y8/8 B5/6!
seat 2 "Cy"
  hand: R1/2 R1/* B1!/8 B1/1 Y1/10 Y1/5! G1/* G1/7 R2/10 R2/3
discard: G8/12
"""


def _flip_view_holds_exactly_what_the_table_shows(state: GameState) -> None:
    for seat, player in enumerate(state.players):
        seen = view(state, seat)
        assert seen.side is state.side
        assert seen.hand == player.shown_hand  # the viewer's own backs face the others
        assert all(card.back is None for card in seen.hand)
        for other, public in zip(state.players, seen.players, strict=True):
            if public.seat == seat:
                assert public.backs == ()
            else:  # the other side of each card in that hand, nothing of its faces
                assert public.backs == tuple(sorted(card.back for card in other.hand if card.back))
                assert all(back.side is state.side.other for back in public.backs)
            for shown, group in zip(public.groups, other.groups, strict=True):
                assert shown.cards == tuple(card.shown for card in group.cards)
        assert seen.draw_back == (state.draw_pile[-1].back if state.draw_pile else None)
        assert seen.discard_top == (state.discard_top.shown if state.discard_top else None)


def test_flip_view_before_and_after_a_flip():
    state = scenario(FLIP_TABLE)
    _flip_view_holds_exactly_what_the_table_shows(state)
    bo_sees = view(state, 1)
    assert bo_sees.players[0].backs == tuple(sorted(parse_cards("1 10 7 2 1 2 9 1 9 * 11")))
    assert bo_sees.hand == tuple(sorted(parse_cards("Y11 Y11 G11 G11 Y10 Y10 G10 G10 Y8 B5")))
    assert str(bo_sees.discard_top) == "G8"
    assert bo_sees.draw_back is not None and bo_sees.draw_back.side is Side.WILD
    state = play(state, ["lay color_run:R4,R5 color_run:B2,B3", "discard R3!"])
    assert state.side is Side.WILD
    _flip_view_holds_exactly_what_the_table_shows(state)
    bo_sees = view(state, 1)
    # After the flip Ann's hand shows the Colour Side to the table, Bo holds Wild Side faces.
    assert bo_sees.players[0].backs == tuple(sorted(parse_cards("G6 G6 Y6 Y6 B9 B9")))
    assert bo_sees.hand == tuple(sorted(parse_cards("5 9 7 5 6 11 7 3 8 6!")))
    assert str(bo_sees.discard_top) == "12"  # G8/12 turned over, the R3!/1 now at the bottom
    assert bo_sees.draw_back is not None and bo_sees.draw_back.side is Side.COLOR
    # Laid groups lie face up as laid, without their backs.
    assert [str(g) for g in bo_sees.players[0].groups] == ["color_run:B2,B3", "color_run:R4,R5"]


def _reshuffle_faces_behind_backs(state: GameState, seat: int, seed: int) -> GameState:
    """The same table with every card ``seat`` cannot see the face of changed for another
    with the same back; the draw pile below its top mixed freely."""
    rnd = random.Random(seed)
    others = [i for i in state.active if i != seat]
    top = state.draw_pile[-1:]
    under = list(state.draw_pile[:-1])
    rnd.shuffle(under)
    places = [("draw", i) for i in range(len(under))] + [
        (i, j) for i in others for j in range(len(state.players[i].hand))
    ]
    cards = {
        place: under[place[1]] if place[0] == "draw" else state.players[place[0]].hand[place[1]]
        for place in places
    }
    moved = dict(cards)
    hand_places = [p for p in places if p[0] != "draw"]
    for back in {cards[p].back for p in hand_places}:
        group = [p for p in places if cards[p].back == back]
        mixed = [cards[p] for p in group]
        rnd.shuffle(mixed)
        moved.update(zip(group, mixed, strict=True))
    players = list(state.players)
    for i in others:
        hand = tuple(sorted(moved[(i, j)] for j in range(len(players[i].hand))))
        players[i] = replace(players[i], hand=hand)
    draw = tuple(moved[("draw", i)] for i in range(len(under))) + top
    return replace(state, draw_pile=draw, players=tuple(players))


@settings(max_examples=max(10, settings().max_examples // 2))
@given(st.integers(2, 6), st.integers(0, 2**32), st.integers(0, 300), st.integers(0, 2**32))
def test_a_flip_view_shows_backs_and_hides_the_faces_behind_them(players, seed, steps, other_seed):
    config = GameConfig(("Ann", "Bo", "Cy", "Di", "Ed", "Flo")[:players], seed, Options(edition="flip"))
    state = states_along(config, random.Random(seed), limit=steps + 1)[-1]
    _flip_view_holds_exactly_what_the_table_shows(state)
    for seat in range(players):
        other = _reshuffle_faces_behind_backs(state, seat, other_seed)
        assert not state_problems(other)
        assert view(other, seat) == view(state, seat)


# --- the public view: what the whole table sees ------------------------------------------------


def _public_view_agrees_with_every_seat(state: GameState) -> None:
    table = public_view(state)
    for public, player in zip(table.players, state.players, strict=True):
        # Counts and backs only: the other side of each card, nothing of its face.
        assert public.hand_count == len(player.hand)
        assert public.backs == tuple(sorted(card.back for card in player.hand if card.back))
    for seat in range(len(state.players)):
        seen = view(state, seat)
        for field in fields(TableView):
            if field.name != "players":
                assert getattr(seen, field.name) == getattr(table, field.name), field.name
        for public, shown in zip(table.players, seen.players, strict=True):
            # The viewer's own backs face away from them; everything else is the table's.
            assert shown == (replace(public, backs=()) if public.seat == seat else public)
    for seat, public in enumerate(table.players):
        for other in range(len(state.players)):
            if other != seat:
                assert view(state, other).players[seat].backs == public.backs


def test_the_public_view_has_no_field_for_a_hand():
    assert {"seat", "hand", "legal"}.isdisjoint(field.name for field in fields(TableView))
    assert "hand" not in {field.name for field in fields(PublicPlayer)}
    # Every field the table shows is a field of each player's view.
    assert {field.name for field in fields(TableView)} <= {field.name for field in fields(PlayerView)}


@given(game_states(), st.integers(0, 2**32))
def test_the_public_view_agrees_with_every_seat_and_hides_every_hand(state, seed):
    _public_view_agrees_with_every_seat(state)
    assert all(public.backs == () for public in public_view(state).players)  # one-sided cards
    # Dealing the hidden cards differently, around any seat, changes nothing the table sees.
    for seat in range(len(state.players)):
        assert public_view(reshuffle_hidden(state, seat, seed)) == public_view(state)


def test_the_public_view_of_a_flip_table_shows_every_seats_backs():

    state = scenario(FLIP_TABLE)
    _public_view_agrees_with_every_seat(state)
    table = public_view(state)
    assert table.players[0].backs == tuple(sorted(parse_cards("1 10 7 2 1 2 9 1 9 * 11")))
    assert all(public.backs for public in table.players)
    state = play(state, ["lay color_run:R4,R5 color_run:B2,B3", "discard R3!"])
    _public_view_agrees_with_every_seat(state)
    assert public_view(state).players[0].backs == tuple(sorted(parse_cards("G6 G6 Y6 Y6 B9 B9")))


@settings(max_examples=max(10, settings().max_examples // 2))
@given(st.integers(2, 6), st.integers(0, 2**32), st.integers(0, 300), st.integers(0, 2**32))
def test_the_public_view_of_a_flip_game_hides_the_faces_behind_the_backs(players, seed, steps, other_seed):
    config = GameConfig(("Ann", "Bo", "Cy", "Di", "Ed", "Flo")[:players], seed, Options(edition="flip"))
    state = states_along(config, random.Random(seed), limit=steps + 1)[-1]
    _public_view_agrees_with_every_seat(state)
    for seat in range(players):
        other = _reshuffle_faces_behind_backs(state, seat, other_seed)
        assert public_view(other) == public_view(state)
