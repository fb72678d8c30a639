"""One game on several phones (issue 38), as the two ``update`` loops see it: the phone
that runs the game and a phone that plays one seat exchange only ``phase10.wire`` texts,
carried here by hand where the page would send them over a data channel.

The joined phone holds no game, only its seat's views; each of its moves is a tap on its
own table, sent to the host, checked there against ``legal_actions`` and applied; every
change goes back as a numbered view.  Anything else over a channel changes nothing.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace

import pytest
from ui.effects import (
    Announce,
    ClosePeer,
    HostSaid,
    KeepSeatGame,
    NoteRefused,
    Outcome,
    PeerCode,
    PhoneLinked,
    PhoneSaid,
    PlaySound,
    SaveGame,
    TellHost,
    TellPhone,
)
from ui.kit.i18n import Text, text, words
from ui.net.host import link_seat, restored, unlink_seat
from ui.net.joined import join
from ui.net.pairing import Role
from ui.records import PastGame
from ui.results.sheets import Sheet, full_sheet, standings
from ui.saves.storage import MemoryStore, Saves, read_finished, read_save, save_text
from ui.screens import render
from ui.state import Event, Screen, SetupInput, Ui
from ui.table.model import away, since_turn, table_of, viewer
from ui.table.play import REFUSED, timer_delay, timer_event
from ui.taps import ComputerMove, HostSlow, PhoneUnreached

from phase10 import GameState, Step, legal_actions
from phase10.pad import records
from phase10.view import view
from phase10.wire import ActionMessage, HintMessage, Ping, read_message, view_for, write_message
from support.web.english import said
from support.web.seen import cards_in
from support.web.taps import handle, next_taps, start, tapped
from support.web.tour import pairing_code

BO = 1  # the seat played from the other phone
TOKEN = "b0-secret-token"


@dataclass
class Table:
    """The two phones, and every text that went between them."""

    host: Ui
    phone: Ui
    to_phone: list[str] = field(default_factory=list)
    to_host: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    buzzes: int = 0
    heard: list[Text] = field(default_factory=list)  # what Bo's phone read out
    kept: list[KeepSeatGame] = field(default_factory=list)  # what Bo's phone put in its past games

    def on_host(self, message: object) -> Outcome:
        outcome = tapped(self.host, message)  # type: ignore[arg-type]
        self.host = outcome.ui
        for effect in outcome.effects:
            if isinstance(effect, TellPhone):
                assert effect.seat == BO
                self.to_phone.append(effect.text)
                self.on_phone(HostSaid(effect.text))
            elif isinstance(effect, NoteRefused):
                self.refused.append(effect.line)
        return outcome

    def on_phone(self, message: object) -> Outcome:
        outcome = tapped(self.phone, message)  # type: ignore[arg-type]
        self.phone = outcome.ui
        for effect in outcome.effects:
            if isinstance(effect, TellHost):
                self.to_host.append(effect.text)
                self.on_host(PhoneSaid(BO, effect.text))
            elif isinstance(effect, NoteRefused):
                self.refused.append(effect.line)
            elif isinstance(effect, PlaySound) and "turn" in effect.cues:
                self.buzzes += 1
            elif isinstance(effect, Announce):
                self.heard.extend(effect.lines)
            elif isinstance(effect, KeepSeatGame):
                self.kept.append(effect)
        return outcome


def seated(names=("Ann", "Bo", "Cy"), kinds=None, seed="7", **setup) -> Table:
    """Ann's phone runs the game; Bo plays from his own phone, linked and sent his table."""
    host = link_seat(start(names=names, kinds=kinds, seed=seed, **setup), BO, TOKEN)
    table = Table(host, join(Ui(browser_languages=("en",)), BO, TOKEN))
    table.on_host(PhoneLinked(BO, True))
    return table


def game(table: Table) -> GameState:
    assert table.host.game is not None
    return table.host.game


def one_move(table: Table) -> None:
    """Whoever is to move makes a move, on the phone they play on."""
    state = game(table)
    if state.step in (Step.DRAW, Step.PLAY) and state.current == BO:
        for event in next_taps(table.phone):
            table.on_phone(event)
        return
    if state.step in (Step.DRAW, Step.PLAY) and state.config.kinds[state.current] != "person":
        table.on_host(ComputerMove())
        return
    for event in next_taps(table.host):
        table.on_host(event)


def test_a_joined_phone_is_shown_its_own_table_from_its_first_view():
    table = seated()
    seen = table.phone.joined.seen
    assert table.phone.screen is Screen.TABLE and table.phone.game is None
    assert seen == view(game(table), BO)
    shown = table_of(table.phone)
    assert shown.viewer == BO and [p.name for p in shown.order] == ["Cy", "Ann"]
    html = render(table.phone)
    faces = cards_in(html)
    hand = [str(card) for card in game(table).players[BO].shown_hand]
    assert sorted(card for card in faces if card in hand) == sorted(hand)
    others = {str(card) for seat in (0, 2) for card in game(table).players[seat].hand}
    assert not others & (set(faces) - set(hand) - {str(game(table).discard_top)})


def test_a_whole_game_is_played_with_one_seat_on_its_own_phone():
    """Ann and Cy pass the host phone; Bo plays every move of his on his own phone."""
    table = seated()
    bo_moves = 0
    for _ in range(3000):
        if game(table).is_over:
            break
        before = len(table.to_host)
        one_move(table)
        bo_moves += len(table.to_host) - before
        # The host shows no hand-off for Bo, and never Bo's hand; he is marked as away.
        if game(table).step in (Step.DRAW, Step.PLAY) and game(table).current == BO:
            assert table.host.screen is Screen.TABLE and viewer(table.host) is None
            bo = re.search(r'<article[^>]*data-seat="1".*?</article>', render(table.host), re.S)
            assert bo is not None and "On their own phone" in bo.group(0)
        # Bo's phone knows exactly his seat's view of the game, and nothing more.
        assert table.phone.joined.seen == view(game(table), BO)
    assert game(table).is_over, "the game ends"
    assert bo_moves > 10 and table.refused == []
    assert table.buzzes > 5, "Bo's phone buzzes when his turn comes"
    # Every state of the game went to Bo's phone, numbered in order from the link's.
    seqs = [read_message(sent).seq for sent in table.to_phone]
    assert seqs == list(range(len(seqs))) and seqs[-1] == table.host.sent_seq
    # Bo's phone keeps the game in its past games once: its sheet, his seat marked.
    assert len(table.kept) == 1 and table.kept[0].seat == BO
    assert records(table.kept[0].pad) == game(table).history
    saves = Saves(MemoryStore())
    assert saves.keep_finished(table.kept[0].pad, "2026-11-27T21:00:00", BO)
    past, unreadable = saves.finished()
    assert unreadable == 0 and [(p.seat, p.game) for p in past] == [(BO, table.kept[0].pad)]
    winner = game(table).players[game(table).winner].name
    shown = render(handle(Ui(browser_languages=("en",)), Event("history")), finished=past)
    assert "Played on several phones; you were Bo" in shown and f"{winner} won" in shown


def test_on_the_wire_a_joined_phone_gets_no_other_seats_faces():
    table = seated()
    for _ in range(200):
        one_move(table)
        state = game(table)
        for sent in table.to_phone[-3:]:
            body = json.loads(sent)["view"]
            assert body["seat"] == BO
            assert all("hand" not in player for player in body["players"])
        last = read_message(table.to_phone[-1])
        assert last == view_for(state, BO, table.host.sent_seq, action=last.action)  # type: ignore[union-attr]


def test_the_hosts_own_seat_cannot_move_for_the_joined_phone():
    table = seated()
    while game(table).current != BO or game(table).step is not Step.DRAW:
        one_move(table)
    before = game(table)
    outcome = table.on_host(Event("draw"))
    assert outcome.ui.game is before and not any(isinstance(e, SaveGame) for e in outcome.effects)
    assert said(outcome.ui.message) == said(text("error.wait", name="Bo"))


def _to_bo(table: Table) -> None:
    """On to Bo's turn, after at least one move (so an older view exists)."""
    one_move(table)
    while game(table).current != BO or game(table).step is not Step.DRAW:
        one_move(table)


HOSTILE = {
    "garbage": lambda table: "}{",
    "a view, not a move": lambda table: table.to_phone[-1],
    "another seat's move": lambda table: write_message(ActionMessage(0, TOKEN, table.host.sent_seq, _draw())),
    "a wrong token": lambda table: write_message(ActionMessage(BO, "forged", table.host.sent_seq, _draw())),
    "an older view's move": lambda table: write_message(
        ActionMessage(BO, TOKEN, table.host.sent_seq - 1, _draw())
    ),
    "a hint with a wrong token": lambda table: write_message(HintMessage(BO, "forged", table.host.sent_seq)),
    "another seat's hint": lambda table: write_message(HintMessage(0, TOKEN, table.host.sent_seq)),
    "another version": lambda table: json.dumps({"v": 9, "type": "ping", "at": 1}),
    "huge": lambda table: "x" * 300_000,
}


def _draw():
    from phase10 import Draw

    return Draw()


@pytest.mark.parametrize("hostile", HOSTILE.values(), ids=HOSTILE.keys())
def test_anything_but_the_seats_legal_move_changes_nothing_on_the_host(hostile):
    table = seated()
    _to_bo(table)
    before = table.host
    outcome = tapped(before, PhoneSaid(BO, hostile(table)))
    assert outcome.ui.game is before.game and outcome.ui.sent_seq == before.sent_seq
    assert not any(isinstance(effect, SaveGame) for effect in outcome.effects)
    notes = [effect.line for effect in outcome.effects if isinstance(effect, NoteRefused)]
    assert len(notes) == 1 and notes[0].startswith("seat 1: ")


def test_a_ping_is_no_move_and_no_refusal():
    """A ping only keeps a channel awake: neither the host nor a joined phone minds it."""
    table = seated()
    outcome = tapped(table.host, PhoneSaid(BO, write_message(Ping(5))))
    assert outcome.ui == table.host and outcome.effects == ()
    outcome = tapped(table.phone, HostSaid(write_message(Ping(0))))
    assert outcome.ui == table.phone and outcome.effects == ()


def test_a_late_move_is_refused_and_the_phone_is_shown_its_table_again():
    """Bo's move crosses a change of the game: the host refuses it and sends the table as
    it is; Bo's phone says so and lets him move again."""
    table = seated()
    _to_bo(table)
    stale = replace(table.phone.joined, seq=table.phone.joined.seq - 1)
    table.phone = replace(table.phone, joined=stale)
    table.on_phone(Event("draw"))
    assert len(table.refused) == 1 and "stale" in table.refused[0]
    assert table.phone.joined.sent is False and said(table.phone.message) == said(REFUSED)
    before = len(table.to_host)
    table.on_phone(Event("draw"))
    assert len(table.to_host) == before + 1 and game(table).step is Step.PLAY


def test_a_joined_phone_sends_one_move_and_waits_for_the_host():
    table = seated()
    _to_bo(table)
    phone = table.phone
    first = tapped(phone, Event("draw"))
    assert [type(effect) for effect in first.effects] == [TellHost]
    second = tapped(first.ui, Event("take"))
    assert second.effects == () and "waiting" in said(second.ui.message)


def test_a_joined_phone_refuses_what_its_view_does_not_allow_and_sends_nothing():
    table = seated()
    while game(table).current == BO:
        one_move(table)
    outcome = tapped(table.phone, Event("draw"))
    mover = game(table).player.name
    assert outcome.effects == () and said(outcome.ui.message) == said(text("error.wait", name=mover))
    _to_bo(table)
    play = tapped(table.phone, Event("draw")).ui  # now his turn: the draw goes to the host
    assert tapped(play, Event("discard")).effects == (), "no card selected: nothing sent"


@pytest.mark.parametrize(
    "text",
    [
        "}{",
        write_message(ActionMessage(BO, TOKEN, 1, _draw())),
    ],
    ids=["garbage", "a move, not a view"],
)
def test_a_joined_phone_notes_and_ignores_what_is_not_a_view(text):
    table = seated()
    outcome = tapped(table.phone, HostSaid(text))
    assert outcome.ui == table.phone
    assert [type(effect) for effect in outcome.effects] == [NoteRefused]


def test_a_joined_phone_ignores_an_older_view_and_another_seats():
    table = seated()
    one_move(table)
    one_move(table)
    older = write_message(view_for(game(table), BO, 0))
    other = write_message(view_for(game(table), 0, table.host.sent_seq + 1))
    for sent in (older, other):
        outcome = tapped(table.phone, HostSaid(sent))
        assert outcome.ui == table.phone
        assert [type(effect) for effect in outcome.effects] == [NoteRefused]
    assert re.search(r"older|seat 0", " ".join(e.line for e in outcome.effects))


def test_a_seat_taken_back_plays_on_the_host_again():
    """The host takes Bo's seat back (his phone went away): pass-and-play, and his phone's
    moves are refused."""
    table = seated()
    _to_bo(table)
    table.host = unlink_seat(table.host, BO)
    outcome = tapped(
        table.host, PhoneSaid(BO, write_message(ActionMessage(BO, TOKEN, table.host.sent_seq, _draw())))
    )
    assert outcome.ui.game is table.host.game
    assert "no-such-seat" in outcome.effects[0].line
    table.host = tapped(table.host, Event("draw")).ui
    assert game(table).step is Step.PLAY and game(table).current == BO


def test_a_closed_channel_gets_no_views_until_it_opens_again():
    table = seated(kinds=("person", "person", "normal"))
    table.on_host(PhoneLinked(BO, False))
    sent = len(table.to_phone)
    while game(table).current != BO:
        one_move(table)
    assert len(table.to_phone) == sent, "nothing is sent down a closed channel"
    table.on_host(PhoneLinked(BO, True))
    assert table.phone.joined.seen == view(game(table), BO)
    assert read_message(table.to_phone[-1]).seq == table.host.sent_seq


def test_a_phone_not_reached_after_connect_is_said_and_its_seat_plays_here():
    """Connect was tapped but no channel opened (a network that keeps phones apart): after
    the wait the host says so in plain words, and the seat is played on this phone."""
    host = handle(link_seat(start(names=("Ann", "Bo", "Cy"), seed="7"), BO, TOKEN), Event("phones"))
    host = replace(host, links=(replace(host.links[0], code="AAAA", connecting=True),))
    assert timer_event(host) == PhoneUnreached(BO)
    assert timer_delay(host, reduced_motion=False) == 15_000
    outcome = tapped(host, PhoneUnreached(BO))
    assert outcome.ui.links == () and [type(e) for e in outcome.effects] == [ClosePeer, SaveGame]
    assert outcome.effects[1].away == (), "the seat plays here again, after a reload too"
    assert said(outcome.ui.message).startswith("Bo") and "could not be reached" in said(outcome.ui.message)
    opened = tapped(host, PhoneLinked(BO, True)).ui
    assert opened.links[0].connecting is False and timer_event(opened) is None
    assert tapped(opened, PhoneUnreached(BO)).ui is opened, "an open channel is not undone"


def test_at_the_hand_end_a_joined_phone_shows_the_scores_from_its_view_until_the_next_deal():
    table = seated(phases="3")
    while game(table).step in (Step.DRAW, Step.PLAY):
        one_move(table)
        if game(table).current == BO and game(table).step is Step.DRAW:
            moves = render(table.host)
            assert "Bo is playing on their phone…" in moves, "the host says where Bo plays"
    html = render(table.phone)
    assert said(text("net.host_deals")) in html and 'data-action="scores"' in html
    table.on_phone(Event("scores"))
    assert table.phone.screen is Screen.HAND_OVER
    # The same sheet and standings as the host's, from Bo's view alone; no Next hand here.
    w = words("en")
    assert full_sheet(Sheet.of_view(table.phone.joined.seen), w) == full_sheet(Sheet.of_game(game(table)), w)
    assert standings(Sheet.of_view(table.phone.joined.seen), w) == standings(Sheet.of_game(game(table)), w)
    scores = render(table.phone)
    assert full_sheet(Sheet.of_game(game(table)), w) in scores
    assert 'data-action="next-hand"' not in scores and said(text("net.host_deals")) in scores
    for event in (Event("scores"), Event("next-hand")):  # the host deals the next hand
        table.on_host(event)
    assert game(table).hand_number == 2
    assert table.phone.screen is Screen.TABLE and table.phone.joined.seen.hand_number == 2


def test_a_phone_with_its_own_game_offers_only_the_joined_table_while_joined():
    """A phone that keeps an unfinished game of its own joins another table: Home offers
    that table, not Continue (the table shown is always the joined one)."""
    table = seated()
    own = start(names=("Zed", "Yu"), seed="3")
    phone = replace(table.phone, game=own.game, screen=Screen.HOME)
    html = render(phone)
    assert 'data-action="continue"' not in html and 'data-action="join-table"' in html
    assert tapped(phone, Event("continue")).ui.screen is Screen.HOME
    assert tapped(phone, Event("join-table")).ui.screen is Screen.TABLE
    assert 'data-action="continue"' in render(replace(phone, joined=None)), "its own game is kept"


NEW_TOKEN = bytes(range(8, 16))


def bo_mid_turn() -> Table:
    """Bo has drawn on his own phone and not yet discarded."""
    table = seated(kinds=("person", "person", "normal"))
    while not (game(table).current == BO and game(table).step is Step.DRAW):
        one_move(table)
    table.on_phone(Event("draw"))
    assert game(table).step is Step.PLAY and game(table).current == BO
    return table


def test_a_phone_that_drops_mid_turn_rejoins_with_a_new_code_and_finishes_its_turn():
    """Bo's phone sleeps after drawing: the host says his phone is not connected and offers
    a new code; Bo rejoins with it, is shown the turn as he left it, and finishes it."""
    table = bo_mid_turn()
    drawn, hand = table.phone.drawn, game(table).players[BO].hand
    table.on_host(PhoneLinked(BO, False))
    table.on_phone(PhoneLinked(-1, False))
    # The host: the seat waits for its phone, and the way on is one tap away.
    shown = table_of(table.host)
    assert shown.lost == (BO,) and viewer(table.host) != BO, "Bo's hand is not shown on the host"
    html = render(table.host)
    assert "Bo\u2019s phone is not connected." in html and 'data-action="phones"' in html
    phones = handle(table.host, Event("phones"))
    assert "Code to rejoin" in render(phones) and "Bo\u2019s phone is not connected" in render(phones)
    effects = tapped(phones, Event("link-phone", str(BO))).effects
    assert [type(e).__name__ for e in effects] == ["ClosePeer", "OpenPeer"]
    offered = tapped(phones, PeerCode(BO, pairing_code(Role.OFFER, NEW_TOKEN), NEW_TOKEN.hex()))
    table.host = offered.ui
    assert table.host.links[0].lost is False and table.host.links[0].code
    # Bo's phone: it says the host is lost, sends nothing, and offers to rejoin.
    sent = len(table.to_host)
    assert 'data-action="join-table"' in render(table.phone)
    for event in next_taps(table.phone):
        table.on_phone(event)
    assert len(table.to_host) == sent and said(table.phone.message).startswith("The connection")
    table.on_phone(Event("join-table"))
    assert table.phone.screen is Screen.JOIN
    table.on_phone(Event("join-code", pairing_code(Role.OFFER, NEW_TOKEN)))
    assert table.phone.joined.token == NEW_TOKEN.hex() and table.phone.joined.seq == -1
    # The old channel's token no longer moves Bo's seat.
    stale = write_message(ActionMessage(BO, TOKEN, table.host.sent_seq, legal_actions(game(table))[-1]))
    before = game(table)
    table.on_host(PhoneSaid(BO, stale))
    assert game(table) is before and "token" in table.refused[-1]
    table.on_host(PhoneLinked(BO, True))
    assert table.phone.screen is Screen.TABLE and table.phone.joined.lost is False
    assert table.phone.joined.seen == view(game(table), BO)
    assert table.phone.drawn == drawn and game(table).players[BO].hand == hand
    for _ in range(5):  # a lay-down, hits, then the discard: each answered by the host
        if game(table).current != BO:
            break
        for event in next_taps(table.phone):
            table.on_phone(event)
    assert game(table).current != BO, "Bo's turn, begun before the drop, is finished after it"


def test_the_host_keeps_the_seats_on_phones_through_a_reload_and_they_wait_to_rejoin():
    fresh = start(names=("Ann", "Bo", "Cy"), kinds=("person", "person", "normal"), seed="7")
    offered = tapped(fresh, PeerCode(BO, pairing_code(Role.OFFER, NEW_TOKEN), NEW_TOKEN.hex()))
    assert [e.away for e in offered.effects if isinstance(e, SaveGame)] == [(BO,)], "saved when shown"
    table = seated(kinds=("person", "person", "normal"))
    saves = Saves(MemoryStore())
    saves.record(game(table), away=away(table.host))
    loaded = saves.load_current()
    assert loaded.away == (BO,)
    reloaded = restored(replace(Ui(browser_languages=("en",)), game=loaded.game), loaded.away)
    assert [(link.seat, link.lost, link.open) for link in reloaded.links] == [(BO, True, False)]
    assert "Code to rejoin" in render(handle(reloaded, Event("phones")))
    # Played on until Bo's turn, the host never shows his hand, and says where he is.
    table.host = handle(reloaded, Event("continue"))
    while not (game(table).current == BO and game(table).step is Step.DRAW):
        one_move(table)
    assert viewer(table.host) != BO and "Bo\u2019s phone is not connected." in render(table.host)
    assert 'data-action="phones"' in render(table.host)


@pytest.mark.parametrize("phones", ['"1"', "[7]", "[true]", '{"1": 1}', "[1.0]", "[0, 1, 2, 0]"])
def test_a_saved_list_of_seats_on_phones_that_names_no_seat_is_ignored(phones):
    state = start(names=("Ann", "Bo", "Cy"), seed="7").game
    text = save_text(state, 1).replace('"seq":1,', f'"seq":1,"phones":{phones},')
    loaded = read_save(text)
    assert loaded.game == state and loaded.away == () and not loaded.problem


def test_a_joined_phone_asks_its_own_hint_and_the_host_counts_it():
    """Bo's Hint is worked out on his phone from his view alone; the host counts it on the
    game (the score sheet says the game was coached) and Bo's next move is taken."""
    table = seated(kinds=("person", "person", "normal"))
    while not (game(table).current == BO and game(table).step is Step.DRAW):
        one_move(table)
    assert 'data-action="hint"' in render(table.phone)
    sent = len(table.to_host)
    table.on_phone(Event("hint"))
    advice = table.phone.advice
    assert advice is not None and advice.action in view(game(table), BO).legal
    assert json.loads(table.to_host[sent])["type"] == "hint", "the host was told"
    assert game(table).hints_used[BO] == 1 and sum(game(table).hints_used) == 1
    assert table.phone.joined.sent is False and table.phone.joined.seq == table.host.sent_seq
    assert "hinted" in render(table.phone)
    again = tapped(table.phone, Event("hint")).ui.advice
    assert again == advice, "the same hint each time it is asked"
    table.on_phone(Event("draw"))
    assert game(table).step is Step.PLAY and not table.refused, "the move after a hint is taken"


def test_a_table_without_hints_offers_none_on_a_joined_phone():
    table = seated(kinds=("person", "person", "normal"), hints=False)
    while not (game(table).current == BO and game(table).step is Step.DRAW):
        one_move(table)
    assert 'data-action="hint"' not in render(table.phone)
    assert tapped(table.phone, Event("hint")).effects == ()


@pytest.mark.parametrize("edition", ["classic", "flip"])
def test_a_joined_phone_tells_the_moves_since_its_turn_as_the_host_does(edition):
    """Each view names the move that made it, so Bo's phone lists the moves since his turn,
    in the same words as the host's table, and reads each out; a missed view (a rejoin)
    tells nothing rather than a move against the wrong table."""
    table = seated(kinds=("person", "person", "normal"), edition=edition)
    told = 0
    for _ in range(150):
        if game(table).is_over:
            break
        heard = len(table.heard)
        one_move(table)
        host_words = [said(move.said) for move in since_turn(table.host, (BO,))]
        phone_words = [said(move.said) for move in since_turn(table.phone, (BO,))]
        assert phone_words == host_words
        told += len(table.heard) > heard
    assert told > 30, "the moves are read out on Bo's phone too"
    rejoined = replace(table.phone, joined=replace(table.phone.joined, seq=-1))
    later = view_for(game(table), BO, table.host.sent_seq + 5, action=_draw())
    assert tapped(rejoined, HostSaid(write_message(later))).ui.log == rejoined.log


def test_a_seat_whose_phone_left_is_handed_to_a_computer_and_the_other_phones_stay():
    """Bo's phone is gone for good: a computer plays his seat from his hand on, the host
    says so, and the game goes on (a game with another seat still on its phone keeps it)."""
    table = bo_mid_turn()
    cy = link_seat(table.host, 2, "cy-token")
    host = replace(cy, links=tuple(replace(link, open=True) for link in cy.links))
    lost = tapped(host, PhoneLinked(BO, False)).ui
    before = lost.game
    outcome = tapped(handle(lost, Event("phones")), Event("computer-seat", str(BO)))
    after = outcome.ui
    assert after.game.config.kinds[BO] == "normal" and after.game.players == before.players
    assert [link.seat for link in after.links] == [2], "Cy's phone is still linked"
    assert said(after.message).startswith("A computer plays Bo")
    assert [type(e).__name__ for e in outcome.effects if type(e).__name__ in ("ClosePeer", "SaveGame")] == [
        "ClosePeer",
        "SaveGame",
    ]
    cy_view = [e for e in outcome.effects if isinstance(e, TellPhone) and e.seat == 2]
    assert read_message(cy_view[-1].text).kinds[BO] == "normal", "Cy's phone sees Bo as a computer"
    assert timer_event(handle(after, Event("back"))) == ComputerMove(), "the computer finishes Bo's turn"


def test_home_plays_on_several_phones_by_setting_up_then_pairing():
    """Home → Play on several phones: the usual set-up, said to lead to the phones; Deal
    then opens Phones at the table, and Back there is the table as dealt."""
    home = Ui(browser_languages=("en",))
    assert 'data-value="phones"' in render(home)
    setup = handle(home, Event("new-game", "phones"))
    assert setup.screen is Screen.SETUP and "a code for each person\u2019s phone" in render(setup)
    fields = SetupInput(("Ann", "Bo", "Cy"), ("person", "person", "normal"), seed="7")
    dealt = handle(setup, Event("start-game", form=fields))
    assert dealt.screen is Screen.PHONES and dealt.game is not None
    assert 'data-action="link-phone"' in render(dealt)
    assert handle(dealt, Event("back")).screen in (Screen.TABLE, Screen.HANDOFF)
    plain = handle(handle(home, Event("new-game")), Event("start-game", form=fields))
    assert plain.screen is not Screen.PHONES, "a pass-and-play game opens at the table, as ever"


def _answer_shown() -> Ui:
    """A joining phone that has read the host's code and shows its answer for the host."""
    token = bytes(range(8))
    joining = handle(Ui(browser_languages=("en",)), Event("join-code", pairing_code(Role.OFFER, token)))
    return tapped(joining, PeerCode(-1, pairing_code(Role.ANSWER, token), token.hex())).ui


def test_a_joining_phone_that_waits_long_says_what_to_check_and_waits_on():
    """After 15 s the joining phone says in plain words what keeps phones apart, still
    showing its code (the host may still be reading it)."""
    shown = _answer_shown()
    assert timer_event(shown) == HostSlow() and timer_delay(shown, reduced_motion=False) == 15_000
    assert "Waiting for the host\u2019s phone" in render(shown)
    slow = tapped(shown, HostSlow()).ui
    page = render(slow)
    assert "Not connected yet" in said(slow.message) and "guest Wi-Fi" in page and "data-code=" in page
    assert timer_event(slow) is None, "said once"
    assert tapped(Ui(), HostSlow()).ui == Ui(), "no joining phone: nothing to say"


def test_a_joining_phone_whose_connection_fails_before_it_opens_says_so_and_takes_a_new_code():
    """ICE gave up before the channel ever opened: the network keeps the phones apart. The
    phone says so in plain words, and the host's code can be entered again."""
    failed = tapped(_answer_shown(), PhoneLinked(-1, False)).ui
    assert "could not be reached" in said(failed.message) and "hotspot" in said(failed.message)
    page = render(failed)
    assert 'id="host-code"' in page and "data-code=" not in page and "could not be reached" in page
    assert failed.joined is not None and not failed.joined.lost, "no table was ever joined"
    again = handle(failed, Event("join-code", pairing_code(Role.OFFER, bytes(range(1, 9)))))
    assert again.joined is not None and again.joined.token == bytes(range(1, 9)).hex()


def test_a_rejoining_phone_whose_new_connection_fails_keeps_its_table_and_stays_lost():
    table = bo_mid_turn()
    table.on_phone(PhoneLinked(-1, False))
    kept = table.phone.joined.seen
    table.on_phone(Event("join-code", pairing_code(Role.OFFER, NEW_TOKEN)))
    table.on_phone(PeerCode(-1, pairing_code(Role.ANSWER, NEW_TOKEN), NEW_TOKEN.hex()))
    failed = table.on_phone(PhoneLinked(-1, False)).ui
    assert failed.joined.lost and failed.joined.seen == kept and failed.joined.code == ""
    assert "could not be reached" in said(failed.message)


def test_a_joining_phone_gives_its_answer_up_and_takes_the_hosts_code_again():
    outcome = tapped(tapped(_answer_shown(), HostSlow()).ui, Event("join-again"))
    assert outcome.effects == (ClosePeer(-1),) and outcome.ui.joined.code == ""
    assert not outcome.ui.joined.slow and 'id="host-code"' in render(outcome.ui)
    assert timer_event(outcome.ui) is None, "nothing shown, nothing to wait for"


@pytest.mark.parametrize(
    ("seat", "kept"), [(1, 1), (0, 0), (2, None), (-1, None), (True, None), ("1", None), (None, None)]
)
def test_a_stored_seat_that_names_no_player_leaves_the_sheet_shown_as_a_pad(seat, kept):
    table = seated(names=("Ann", "Bo"), phases="1")
    while not game(table).is_over:
        one_move(table)
    entry = {**PastGame(table.kept[0].pad, "2026-11-27T21:00:00").entry(), "seat": seat}
    [past], damaged = read_finished(json.dumps([entry]))
    assert damaged == [] and past.seat == kept and past.game == table.kept[0].pad


def test_a_finished_view_whose_sheet_no_game_writes_is_noted_and_not_kept():
    """A broken or hostile host's last view: its sheet cannot be a game's, so it is not kept."""
    table = seated(names=("Ann", "Bo"), phases="1")
    while not game(table).is_over:
        one_move(table)
    ended = game(table)
    last = ended.history[-1]
    forged = replace(ended, history=(*ended.history[:-1], replace(last, points=(7,) * len(last.points))))
    phone = join(Ui(browser_languages=("en",)), BO, TOKEN)
    outcome = tapped(phone, HostSaid(write_message(view_for(forged, BO, 0))))
    assert not any(isinstance(effect, KeepSeatGame) for effect in outcome.effects)
    assert any(isinstance(e, NoteRefused) and "cannot be kept" in e.line for e in outcome.effects)


def test_every_seat_on_its_own_phone_the_host_a_table_with_no_hand():
    """Ann, Bo and Cy each play on their own phone, Robo on the host, which runs the game
    and shows the table with no hand at all.  Each phone is sent its own seat's view
    only, after every state, and the game is played to its end by taps on the phones."""
    host = start(names=("Ann", "Bo", "Cy", "Robo"), kinds=("person",) * 3 + ("normal",), seed="5")
    phones: dict[int, Ui] = {}
    tokens = {seat: f"token-{seat}" for seat in range(3)}
    outbox: list[tuple[str, int, str]] = []  # (to, seat, text): "phone" or "host"

    def carry(effects, sender: int | None) -> None:
        for effect in effects:
            if isinstance(effect, TellPhone):
                outbox.append(("phone", effect.seat, effect.text))
            elif isinstance(effect, TellHost):
                assert sender is not None
                outbox.append(("host", sender, effect.text))
            assert not isinstance(effect, NoteRefused), effect.line

    def deliver() -> None:
        nonlocal host
        while outbox:
            to, seat, said_text = outbox.pop(0)
            if to == "phone":
                assert read_message(said_text).view.seat == seat, "a phone is sent its own seat only"
                outcome = tapped(phones[seat], HostSaid(said_text))
                phones[seat] = outcome.ui
                carry(outcome.effects, seat)
            else:
                outcome = tapped(host, PhoneSaid(seat, said_text))
                host = outcome.ui
                carry(outcome.effects, None)

    for seat, token in tokens.items():
        host = link_seat(host, seat, token)
        phones[seat] = join(Ui(browser_languages=("en",)), seat, token)
        outcome = tapped(host, PhoneLinked(seat, True))
        host = outcome.ui
        carry(outcome.effects, None)
        deliver()
    moved = {0: 0, 1: 0, 2: 0}
    for _ in range(5000):
        state = host.game
        assert state is not None
        if state.is_over:
            break
        if state.step in (Step.DRAW, Step.PLAY) and state.current in phones:
            moved[state.current] += 1
            for event in next_taps(phones[state.current]):
                outcome = tapped(phones[state.current], event)
                phones[state.current] = outcome.ui
                carry(outcome.effects, state.current)
                deliver()
        elif state.step in (Step.DRAW, Step.PLAY):
            outcome = tapped(host, ComputerMove())
            host = outcome.ui
            carry(outcome.effects, None)
            deliver()
        else:
            for event in next_taps(host):
                outcome = tapped(host, event)
                host = outcome.ui
                carry(outcome.effects, None)
                deliver()
        if host.game.step in (Step.DRAW, Step.PLAY):  # the host's table: public faces only
            shown = {str(card) for player in host.game.players for g in player.groups for card in g.cards}
            shown |= {str(host.game.discard_top)} if host.game.discard_top is not None else set()
            assert viewer(host) is None and set(cards_in(render(host))) <= shown, "the host shows no hand"
        for seat, phone in phones.items():
            assert phone.joined.seen == view(host.game, seat)
    assert host.game.is_over and min(moved.values()) > 5, moved
