"""The messages between phones at one table (issue 38): a seat's view reads back as itself
and holds no other hand; any text that is not a message is refused; the host applies a
joined phone's action only when it is that seat's legal move, once."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import replace

import pytest

from phase10 import GameConfig, GameState, Options, apply, legal_actions, new_game
from phase10.actions import Draw, NextHand
from phase10.phaselists import random_list
from phase10.simulate import play_random_game
from phase10.state import Step
from phase10.view import view
from phase10.wire import (
    MAX_MESSAGE_CHARS,
    ActionMessage,
    HintMessage,
    Ping,
    RefusedActionError,
    RefusedReason,
    ViewMessage,
    WireError,
    host_apply,
    host_hint,
    read_message,
    view_for,
    write_message,
)

TABLES = [
    GameConfig(("Ann", "Bo", "Cy"), 3, Options(phases_to_win=2)),
    GameConfig(("Ann", "Bo"), 4, Options(edition="flip", phases_to_win=2)),
    GameConfig(
        ("Ann", "Bo", "Cy", "Di"), 5, Options(phase_list=random_list(4, 5), any_order=True, phases_to_win=2)
    ),
]


def states(config: GameConfig, every: int = 7) -> Iterator[GameState]:
    """Every ``every``-th state of a random game at ``config``'s table, and its last."""
    report = play_random_game(config, random.Random(config.seed), check=False)
    state = new_game(config)
    for index, action in enumerate(report.actions):
        if index % every == 0:
            yield state
        state = apply(state, action)
    yield state


@pytest.mark.parametrize("config", TABLES, ids=["classic", "flip", "own list, any order"])
def test_every_seats_view_reads_back_as_itself_through_the_wire(config):
    seen = 0
    for state in states(config, every=3):
        for seat in range(len(state.players)):
            message = view_for(state, seat, seen)
            text = write_message(message)
            assert len(text) < MAX_MESSAGE_CHARS
            assert read_message(text) == message
            seen += 1
    assert seen >= 40


def _others_dealt_again(state: GameState, seat: int) -> GameState:
    """The same game but for the faces of every other hand: each swapped for cards of the
    draw pile (below its top card, whose back a two-sided deck shows)."""
    pile = list(state.draw_pile[:-1])
    players = list(state.players)
    for other, player in enumerate(players):
        if other == seat or not player.hand:
            continue
        taken, pile = pile[: len(player.hand)], pile[len(player.hand) :] + list(player.hand)
        players[other] = replace(player, hand=tuple(sorted(taken)))
    return replace(state, players=tuple(players), draw_pile=(*pile, *state.draw_pile[-1:]))


def test_a_seats_message_is_the_same_whatever_the_other_hands_hold():
    """On the wire, no other seat's card faces: a phone cannot tell two games apart that
    differ only in the other hands (the classic deck, whose cards have no backs)."""
    compared = 0
    for state in states(TABLES[0], every=11):
        if state.step not in (Step.DRAW, Step.PLAY) or len(state.draw_pile) < 40:
            continue
        for seat in range(len(state.players)):
            other = _others_dealt_again(state, seat)
            assert other.players != state.players
            assert write_message(view_for(other, seat, 1)) == write_message(view_for(state, seat, 1))
            compared += 1
    assert compared > 5


def test_a_view_sent_back_for_a_refused_move_says_so():
    state = new_game(TABLES[0])
    assert read_message(write_message(view_for(state, 2, 3, refused=True))).refused is True
    assert read_message(write_message(view_for(state, 2, 3))).refused is False


def test_a_message_holds_only_its_own_seats_hand():
    state = new_game(TABLES[0])
    data = json.loads(write_message(view_for(state, 1, 0)))
    assert data["view"]["hand"] == [str(card) for card in state.players[1].shown_hand]
    assert all("hand" not in player for player in data["view"]["players"])
    assert [player["hand_count"] for player in data["view"]["players"]] == [10, 10, 10]


def _view_text(**change: object) -> str:
    """A two-seat game's view message with ``change`` made to its body."""
    body = json.loads(write_message(view_for(new_game(GameConfig(("Ann", "Bo"), seed=3)), 0, 1)))
    return json.dumps({**body, **change})


HOSTILE = {
    "garbage": "}{not json",
    "huge": "[" + "1," * MAX_MESSAGE_CHARS + "1]",
    "deep": "[" * 100_000,
    "not an object": "[1, 2]",
    "no version": '{"type": "ping", "at": 1}',
    "another version": '{"v": 2, "type": "ping", "at": 1}',
    "unknown type": '{"v": 1, "type": "deal", "at": 1}',
    "missing field": '{"v": 1, "type": "act", "seat": 0, "token": "t", "action": "draw"}',
    "negative seq": '{"v": 1, "type": "act", "seat": 0, "token": "t", "seq": -1, "action": "draw"}',
    "seat as text": '{"v": 1, "type": "act", "seat": "0", "token": "t", "seq": 1, "action": "draw"}',
    "seat as a flag": '{"v": 1, "type": "act", "seat": true, "token": "t", "seq": 1, "action": "draw"}',
    "empty token": '{"v": 1, "type": "act", "seat": 0, "token": "", "seq": 1, "action": "draw"}',
    "long token": '{"v": 1, "type": "act", "seat": 0, "token": "'
    + "t" * 65
    + '", "seq": 1, "action": "draw"}',
    "no such action": '{"v": 1, "type": "act", "seat": 0, "token": "t", "seq": 1, "action": "steal R7"}',
    "a view of nothing": '{"v": 1, "type": "view", "seq": 1, "view": {"seat": 0}}',
    "a view with a bad card": '{"v": 1, "type": "view", "seq": 1, "view": "R99"}',
    "a view with an unknown kind": _view_text(kinds=["person", "cheater"]),
    "a view with a kind too few": _view_text(kinds=["person"]),
    "a view with kinds as text": _view_text(kinds="person"),
    "a view refused as text": _view_text(refused="yes"),
}


@pytest.mark.parametrize("text", HOSTILE.values(), ids=HOSTILE.keys())
def test_text_that_is_no_message_is_refused_with_why(text):
    with pytest.raises(WireError) as refused:
        read_message(text)
    assert str(refused.value)


def test_not_text_is_no_message():
    for value in (None, b"{}", 3, {"v": 1}):
        with pytest.raises(WireError):
            read_message(value)


def test_a_ping_and_an_action_read_back():
    for message in (Ping(12), ActionMessage(2, "k3y", 40, Draw()), HintMessage(2, "k3y", 40)):
        assert read_message(write_message(message)) == message


def _table() -> tuple[GameState, dict[int, str]]:
    """Ann hosts; Bo and Cy play from their own phones, each with a token."""
    state = new_game(GameConfig(("Ann", "Bo", "Cy"), 9))
    return state, {1: "bo-token", 2: "cy-token"}


def _current_phone(state: GameState, tokens: dict[int, str]) -> GameState:
    """Play on until a joined phone's seat is to move."""
    while state.current not in tokens:
        state = apply(state, legal_actions(state)[0])
    return state


def test_the_host_applies_a_joined_seats_legal_move_once():
    state, tokens = _table()
    state = _current_phone(state, tokens)
    seat = state.current
    move = ActionMessage(seat, tokens[seat], 7, Draw())
    after = host_apply(state, tokens, 7, read_message(write_message(move)))  # type: ignore[arg-type]
    assert after == apply(state, Draw())
    with pytest.raises(RefusedActionError) as replayed:  # the same message again answers an older view
        host_apply(after, tokens, 8, move)
    assert replayed.value.reason is RefusedReason.STALE


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"seat": 0}, RefusedReason.NO_SUCH_SEAT),  # the host's own seat
        ({"seat": 5}, RefusedReason.NO_SUCH_SEAT),
        ({"token": "guess"}, RefusedReason.TOKEN),
        ({"seq": 6}, RefusedReason.STALE),
        ({"action": NextHand()}, RefusedReason.NOT_LEGAL),
        ("other seat", RefusedReason.NOT_LEGAL),
    ],
    ids=["host's seat", "no seat", "wrong token", "old view", "illegal move", "other seat's turn"],
)
def test_the_host_refuses_every_other_action_and_the_game_stays_as_it_was(change, reason):
    state, tokens = _table()
    state = _current_phone(state, tokens)
    seat = state.current
    move = ActionMessage(seat, tokens[seat], 7, Draw())
    if change == "other seat":  # the seat not to move, with its own right token
        other = 3 - seat
        move = ActionMessage(other, tokens[other], 7, Draw())
    else:
        move = replace(move, **change)  # type: ignore[arg-type]
    before = state
    with pytest.raises(RefusedActionError) as refused:
        host_apply(state, tokens, 7, move)
    assert refused.value.reason is reason
    assert state == before


def test_a_joined_phone_is_sent_its_own_view_with_its_moves_only_on_its_turn():
    state, tokens = _table()
    state = _current_phone(state, tokens)
    waiting = 3 - state.current
    assert view_for(state, state.current, 1).view.legal == legal_actions(state)
    assert view_for(state, waiting, 1).view.legal == ()
    assert view_for(state, waiting, 1) == ViewMessage(
        1, view(state, waiting), state.config.kinds, False, state.config.hints
    )


def test_a_view_says_whether_the_table_allows_hints_and_a_hosts_view_without_it_reads_as_no():
    state, _tokens = _table()
    coached = replace(state, config=replace(state.config, hints=True))
    sent = view_for(coached, 1, 3)
    assert sent.hints and read_message(write_message(sent)) == sent
    body = json.loads(write_message(sent))
    del body["hints"]
    assert read_message(json.dumps(body)).hints is False  # type: ignore[union-attr]
    body["hints"] = "yes"
    with pytest.raises(WireError):
        read_message(json.dumps(body))


def test_the_host_counts_a_joined_seats_hint_and_refuses_any_other():
    state, tokens = _table()
    state = _current_phone(replace(state, config=replace(state.config, hints=True)), tokens)
    seat = state.current
    asked = HintMessage(seat, tokens[seat], 7)
    after = host_hint(state, tokens, 7, read_message(write_message(asked)))  # type: ignore[arg-type]
    assert after.hints_used[seat] == 1 and sum(after.hints_used) == 1
    other = 3 - seat
    refusals = {
        RefusedReason.TOKEN: (state, HintMessage(seat, "guess", 7)),
        RefusedReason.STALE: (state, HintMessage(seat, tokens[seat], 6)),
        RefusedReason.NO_SUCH_SEAT: (state, HintMessage(0, "x", 7)),
        RefusedReason.NOT_LEGAL: (state, HintMessage(other, tokens[other], 7)),
    }
    plain = replace(state, config=replace(state.config, hints=False))
    for reason, (table, message) in [*refusals.items(), (RefusedReason.NOT_LEGAL, (plain, asked))]:
        with pytest.raises(RefusedActionError) as refused:
            host_hint(table, tokens, 7, message)
        assert refused.value.reason is reason
