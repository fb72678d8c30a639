"""A game on two phones (issue 38), in Chromium: Ann's phone runs the game; Bo joins from
his own phone by the text codes alone (typed, as a person would when no camera can be
used), over a data channel with no ICE server, and plays his turns there.

The two phones are two browser contexts on one machine: two separate apps, each with its
own storage, connected only by what their codes say."""

from __future__ import annotations

import ipaddress
import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ui.net.pairing import read_code
from ui.state import Event, Joined, Screen, Ui

from phase10 import Draw, GameState, Step
from phase10.serialize import from_json
from phase10.view import view
from phase10.wire import ActionMessage, Ping, ViewMessage, read_message, write_message
from support.browser.driving import open_app, renders, saved_game, tap, wait_ready
from support.browser.engines import PHONE, Firefox, require
from support.browser.phones import (
    code_on,
    dealt_and_linked,
    joined,
    seated_by,
    type_and_tap,
    unreachable_answer,
    unreachable_offer,
)

if TYPE_CHECKING:
    from playwright.sync_api import ConsoleMessage
from support.web.taps import next_taps

BO = 1


def _seated(host: Any, phone: Any, url: str) -> None:
    """Ann's phone deals; Bo's joins by the codes, each shown as a QR code too."""
    offer = dealt_and_linked(host, url, ("Ann", "Bo"), "11", BO)
    assert 100 < len(offer) < 200 and offer.isalnum()
    host.wait_for_selector(".qr svg", timeout=30_000)  # segno loaded on demand
    joined(host, phone, url, offer, BO)
    tap(host, Event("back"))


@contextmanager
def _two_phones(context: Any, browser: Any, url: str, phone_script: str = "") -> Iterator[tuple[Any, Any]]:
    """Ann's phone (a page of the test's context) and Bo's (a phone-sized context of its
    own, given ``phone_script`` to run first), seated; Bo's closed at the end."""
    host = context.new_page()
    phone_context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    if phone_script:
        phone_context.add_init_script(phone_script)
    try:
        phone = phone_context.new_page()
        _seated(host, phone, url)
        yield host, phone
    finally:
        phone_context.close()


def _hand(page: Any) -> list[str]:
    return list(
        page.evaluate("() => [...document.querySelectorAll('.hand [data-card]')].map((e) => e.dataset.card)")
    )


def _faces(page: Any) -> set[str]:
    return set(
        page.evaluate("() => [...document.querySelectorAll('[data-card]')].map((e) => e.dataset.card)")
    )


def _public(game: GameState) -> set[str]:
    """What anyone at the table may see: the discard's top and the groups laid."""
    shown = {str(card) for player in game.players for group in player.groups for card in group.cards}
    return shown | ({str(game.discard_top)} if game.discard_top is not None else set())


def _click(page: Any, event: Event, renders_after: int) -> None:
    """Tap ``event``'s control and wait for ``renders_after`` renders: on Bo's phone a move
    renders twice (sent, then the host's answer), on the host once."""
    before = renders(page)
    value = f"[data-value='{event.value}']" if event.value else ""
    page.locator(f"[data-action={event.name}]{value}").first.click()
    page.wait_for_function(
        f"() => Number(document.documentElement.dataset.renders) >= {before + renders_after}", timeout=15_000
    )


def _turn(page: Any, renders_after: int) -> None:
    """Draw, then discard the first card (a Skip asks whom: the first choice)."""
    _click(page, Event("draw"), renders_after)
    _click(page, Event("select", "0"), 1)
    if page.locator("[data-action=discard]:not([disabled])").count() == 0:
        return  # the first card cannot be discarded (never so in this deal)
    _click(page, Event("discard"), 1 if page.locator("[data-action=choose]").count() else renders_after)
    if page.locator("[data-action=choose]").count():
        _click(page, Event("choose", "0"), renders_after)


def _now(host: Any, phone: Any, before: GameState) -> GameState:
    """The game once the turn has passed, as the host saved it and Bo's phone shows it."""
    game = _passed(host, before)
    mine = sorted(str(card) for card in game.players[BO].shown_hand)
    for _ in range(150):
        if sorted(_hand(phone)) == mine:
            return game
        phone.wait_for_timeout(100)
    raise AssertionError("Bo's phone does not show the turn passed")


def test_bo_plays_his_turns_on_his_own_phone(context: Any, browser: Any, server: Any) -> None:
    with _two_phones(context, browser, server.url) as (host, phone):
        game = saved_game(host)
        assert game is not None
        turns = {0: 0, BO: 0}
        while min(turns.values()) < 3 and not game.is_over:
            # Bo's phone shows his hand and nothing of Ann's; Ann's never shows Bo's.
            assert sorted(_hand(phone)) == sorted(str(card) for card in game.players[BO].shown_hand)
            assert _faces(phone) <= {str(c) for c in game.players[BO].shown_hand} | _public(game)
            assert _faces(host) <= {str(c) for c in game.players[0].shown_hand} | _public(game)
            turns[game.current] += 1
            _turn(phone if game.current == BO else host, 2 if game.current == BO else 1)
            game = _now(host, phone, game)
        assert min(turns.values()) >= 3
        assert "On their own phone" in host.locator("[data-seat='1']").first.inner_text()
        for page in (host, phone):  # the screen is kept on while the game goes over a channel
            assert page.evaluate("() => document.documentElement.dataset.wakeLock") == "on"
        tap(host, Event("menu"))
        tap(host, Event("phones"))
        tap(host, Event("unlink-phone", "1"))  # Bo's seat taken back: the host may sleep again
        host.wait_for_function("() => document.documentElement.dataset.wakeLock === 'off'")
        assert host.locator("[data-action=link-phone][data-value='1']").count() == 1


# The game as the host's page holds it now, with its screen and the number of the latest
# view it sent; and what the joined phone last took: its view's number.
HOST_NOW = """async () => {
  const { python } = await import('./interpreter.js');
  return (await python).runPython(`
import json
from ui.shell import app
from phase10.serialize import to_json
json.dumps([app._app.ui.sent_seq, app._app.ui.screen.value, to_json(app._app.ui.game)])`);
}"""
PHONE_SEQ = """async () => {
  const { python } = await import('./interpreter.js');
  return (await python).runPython('from ui.shell import app; app._app.ui.joined.seq');
}"""


# Every text that reaches Bo's phone down a data channel, as it arrives.
NOTE_HEARD = """(() => {
  if (typeof RTCDataChannel === 'undefined') return;  // not a page: a worker
  window.__heard = [];
  const listen = RTCDataChannel.prototype.addEventListener;
  RTCDataChannel.prototype.addEventListener = function (name, handler, ...rest) {
    if (name === 'message') {
      const heard = handler;
      handler = (event) => { window.__heard.push(event.data); return heard(event); };
    }
    return listen.call(this, name, handler, ...rest);
  };
})();"""


@dataclass
class _Now:
    seq: int
    screen: Screen
    game: GameState


def _host_now(host: Any) -> _Now:
    seq, screen, game = json.loads(host.evaluate(HOST_NOW))
    return _Now(seq, Screen(screen), from_json(game))


def _mirror(now: _Now, token: str) -> Ui:
    """The page to move, on CPython: the host's table, or Bo's phone with his view alone (the
    taps a person would make come from it: ``support.web.taps.next_taps``)."""
    game = now.game
    if game.step in (Step.DRAW, Step.PLAY) and game.current == BO:
        seen = view(game, BO)
        return Ui(screen=Screen.TABLE, joined=Joined(BO, token, seen, now.seq, game.config.kinds))
    return Ui(screen=now.screen, game=game)


def test_ann_and_bo_play_a_whole_game_each_on_their_own_phone(
    context: Any, browser: Any, server: Any
) -> None:
    """A whole game (first to complete one phase), every move made by taps on the phone of
    the player to move, as a sensible person would: Bo's from what his phone shows.  Each
    phone shows its own hand only; at the end both say who won, and Bo's phone keeps the
    game in its past games."""
    with _two_phones(context, browser, server.url, NOTE_HEARD) as (host, phone):
        token = phone.evaluate(JOINED)[1]
        moves = {0: 0, BO: 0}
        now = _host_now(host)
        states: dict[int, GameState] = {}  # the game as the host held it when it sent each view
        while now.game.step is not Step.GAME_OVER:
            states[now.seq] = game = now.game
            on_phone = game.step in (Step.DRAW, Step.PLAY) and game.current == BO
            page = phone if on_phone else host
            if on_phone:  # Bo's phone has his latest view: his turn is on it
                phone.wait_for_function(
                    f"async () => (await ({PHONE_SEQ})()) === {now.seq}", polling=50, timeout=15_000
                )
                assert _faces(phone) <= {str(c) for c in game.players[BO].shown_hand} | _public(game)
            else:
                assert _faces(host) <= {str(c) for c in game.players[0].shown_hand} | _public(game)
            taps = next_taps(_mirror(now, token))
            assert taps, f"nothing to tap on {'Bo' if on_phone else 'Ann'}'s phone: {now.screen}"
            for event in taps:
                _click(page, event, 1)
            moves[game.current] += game.step in (Step.DRAW, Step.PLAY)
            for _ in range(200):
                after = _host_now(host)
                if after.game != game or after.screen is not now.screen:
                    break
                host.wait_for_timeout(25)
            else:
                raise AssertionError(f"{taps} made no move")
            now = after
        states[now.seq] = now.game
        assert now.game.winner is not None
        winner = now.game.players[now.game.winner].name
        assert min(moves.values()) >= 5, moves
        # On the wire: Bo's phone was sent his seat's view of each state, and nothing else.
        heard = [read_message(text) for text in phone.evaluate("() => window.__heard")]
        views = [said for said in heard if isinstance(said, ViewMessage)]
        assert len(views) == len([said for said in heard if not isinstance(said, Ping)]), "views only"
        assert all(said.view.seat == BO for said in views)
        checked = [said for said in views if said.seq in states]
        assert len(checked) >= len(states) - 1, "the views of the states seen, at the least"
        for said in checked:
            assert said.view == view(states[said.seq], BO), said.seq
        phone.wait_for_function(f"async () => (await ({PHONE_SEQ})()) === {now.seq}", timeout=15_000)
        assert winner in phone.locator(".hand-end").inner_text()
        _click(phone, Event("scores"), 1)
        assert f"{winner} won the game" in phone.locator("#app [role=status].hint").inner_text()
        tap(phone, Event("home"))  # Bo's phone keeps the game in its past games too
        tap(phone, Event("history"))
        kept = phone.locator(".past-game").first.inner_text()
        assert f"{winner} won" in kept and "you were Bo" in kept


# Sent from Bo's phone down its live channel, as a hostile or broken app could.
SEND = """async (texts) => {
  const { python } = await import('./interpreter.js');
  const pyodide = await python;
  const peers = pyodide.pyimport('ui.shell.peers');
  for (const text of texts) peers.send(peers.HOST, text);
}"""


def test_what_a_phone_sends_is_checked_on_the_host(context: Any, browser: Any, server: Any) -> None:
    """Garbage, another seat's move, a forged token, a replay, a huge text: each is refused
    and noted on the host's console, and the game stays as it was."""
    warnings: list[str] = []
    with _two_phones(context, browser, server.url) as (host, phone):

        def note_warning(message: ConsoleMessage) -> None:
            if message.type == "warning":
                warnings.append(message.text)

        host.on("console", note_warning)
        before = host.evaluate("() => localStorage.getItem('ten-phases/game')")
        game = saved_game(host)
        assert game is not None
        seq, token = phone.evaluate(JOINED)
        hostile = [
            "}{",
            write_message(ActionMessage(0, "0" * 16, seq, Draw())),
            write_message(ActionMessage(BO, "forged", seq, Draw())),
            write_message(ActionMessage(BO, token, seq + 5, Draw())),
            "x" * 256_100,  # more than any message, less than the channel carries
        ]
        phone.evaluate(SEND, hostile)
        for _ in range(50):
            if len([w for w in warnings if "refused" in w]) >= len(hostile):
                break
            host.wait_for_timeout(100)
        refused = [w for w in warnings if "refused from another phone" in w]
        assert len(refused) == len(hostile), warnings
        assert host.evaluate("() => localStorage.getItem('ten-phases/game')") == before


# The joined phone's view number and its seat's token, as its page's Python holds them.
JOINED = """async () => {
  const { python } = await import('./interpreter.js');
  const pyodide = await python;
  const joined = pyodide.runPython('from ui.shell import app; app._app.ui.joined');
  return [joined.seq, joined.token];
}"""


def test_a_network_that_keeps_phones_apart_is_said_in_plain_words(context: Any, server: Any) -> None:
    """Bo's phone answers from where the host cannot reach it (an address of the
    documentation's range, as a guest Wi-Fi keeps phones apart): after the wait, the host
    says so, with what to do, and Bo's seat plays on the host's phone."""
    host = context.new_page()
    offer = dealt_and_linked(host, server.url, ("Ann", "Bo"), "11", BO)
    host.fill(f"#answer-{BO}", unreachable_answer(offer))
    host.locator("[data-action=accept-phone]").click()
    host.wait_for_selector("text=could not be reached", timeout=30_000)
    said = host.locator(".notice").first.inner_text()
    assert "hotspot" in said and "plays on this phone" in said
    assert host.locator("[data-action=link-phone][data-value='1']").count() == 1, "Bo plays here again"


def test_a_joining_phone_that_cannot_reach_the_host_says_so_in_plain_words(context: Any, server: Any) -> None:
    """Bo's phone reads a host's code from where it cannot reach the host (as a guest
    Wi-Fi keeps phones apart): it shows its answer and, after a while, says what to check,
    still waiting (the host may be typing the code: ICE never gives up a connection whose
    far side has not answered, so the wait is the app's); Enter a new code starts again."""
    phone = context.new_page()
    open_app(phone, server.url)
    tap(phone, Event("join-table"))
    type_and_tap(phone, "#host-code", Event("join-code"), unreachable_offer())
    code_on(phone)
    phone.wait_for_selector("text=Not connected yet", timeout=45_000)
    assert "guest Wi-Fi" in phone.locator("header .notice").inner_text()
    assert phone.locator(".pair-code").count() == 1, "the code is still shown"
    tap(phone, Event("join-again"))
    assert phone.locator("#host-code").count() == 1 and phone.locator(".pair-code").count() == 0


# The order of the page's calls to the camera and to make a connection's description.
NOTE_CALLS = """(() => {
  if (typeof MediaDevices === 'undefined') return;  // not a page: a worker
  window.__calls = [];
  const note = (target, name) => {
    const made = target[name];
    target[name] = function (...args) { window.__calls.push(name); return made.apply(this, args); };
  };
  note(MediaDevices.prototype, 'getUserMedia');
  note(RTCPeerConnection.prototype, 'createOffer');
  note(RTCPeerConnection.prototype, 'createAnswer');
})();"""


def _places(code: str) -> list[str]:
    return [candidate.address for candidate in read_code(code).candidates]


def test_the_camera_is_asked_for_before_a_code_is_made_and_a_no_still_makes_one(
    context: Any, server: Any
) -> None:
    """Each phone asks for the camera before its code (allowed, the browser lists real
    addresses): here the browser says no, as a player may, and the codes are made anyway,
    with .local names; Bo joins all the same."""
    context.add_init_script(NOTE_CALLS)
    host, phone = context.new_page(), None
    offer = dealt_and_linked(host, server.url, ("Ann", "Bo"), "11", BO)
    assert host.evaluate("() => window.__calls") == ["getUserMedia", "createOffer"]
    assert all(place.endswith(".local") for place in _places(offer))
    phone_context = context.browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        phone_context.add_init_script(NOTE_CALLS)
        phone = phone_context.new_page()
        joined(host, phone, server.url, offer, BO, qr=False)
        assert phone.evaluate("() => window.__calls") == ["getUserMedia", "createAnswer"]
    finally:
        phone_context.close()


def test_with_the_camera_allowed_a_code_holds_the_phones_real_address(browser: Any, server: Any) -> None:
    """The camera allowed already: nothing is asked, and the code names the phone's IP
    address, which a phone on the same Wi-Fi reaches without multicast DNS."""
    allowed = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        allowed.grant_permissions(["camera"])
        allowed.add_init_script(NOTE_CALLS)
        host = allowed.new_page()
        offer = dealt_and_linked(host, server.url, ("Ann", "Bo"), "11", BO)
        assert host.evaluate("() => window.__calls") == ["createOffer"]
        places = _places(offer)
        assert places and not places[0].endswith(".local"), places
        ipaddress.ip_address(places[0])
    finally:
        allowed.close()


def test_firefox_joins_a_chromium_host_through_the_apps_screens(context: Any, server: Any) -> None:
    """Bo's phone runs Firefox (over WebDriver BiDi): Join a table, the codes typed both
    ways, his hand on his screen, and a move of his made on the host."""
    require("firefox")
    host = context.new_page()
    offer = dealt_and_linked(host, server.url, ("Ann", "Bo"), "11", BO)
    firefox = Firefox("en-US")
    try:
        firefox.open(server.url)
        firefox.wait_ready()
        firefox.click("[data-action=join-table]")
        firefox.wait_until("() => document.querySelector('#host-code') !== null")
        firefox.fill("#host-code", offer)
        firefox.click("[data-action=join-code]")
        answer = firefox.wait_until("() => document.querySelector('.pair-code')?.dataset.code")
        host.fill(f"#answer-{BO}", answer)
        host.locator("[data-action=accept-phone]").click()
        firefox.wait_until(HAND_SHOWN)
        game = saved_game(host)
        assert game is not None
        if game.current != BO:  # Ann's turn first, on the host
            tap(host, Event("back"))
            _turn(host, 1)
            game = _passed(host, game)
        shown = firefox.wait_until(BO_TO_DRAW)
        assert sorted(shown) == sorted(str(card) for card in game.players[BO].shown_hand)
        firefox.click("[data-action=draw]")  # Bo draws on Firefox; the host applies it
        drawn = _passed(host, game, turn=False)
        assert drawn.players[BO].hand != game.players[BO].hand
        firefox.wait_until(
            "(count) => document.querySelectorAll('.hand [data-card]').length === count", len(shown) + 1
        )
        problems, foreign = firefox.findings()
        assert problems == [] and foreign == []
    finally:
        firefox.close()


HAND_SHOWN = """() => document.documentElement.dataset.screen === 'table'
  && document.querySelector('.hand [data-card]') !== null"""
# Bo's hand, once his phone offers him the draw.
BO_TO_DRAW = """() => document.querySelector('[data-action=draw]:not([disabled])') !== null
  && [...document.querySelectorAll('.hand [data-card]')].map((e) => e.dataset.card)"""


def _passed(host: Any, before: GameState, turn: bool = True) -> GameState:
    """The host's game once it moved on from ``before`` (``turn``: to the next player)."""
    for _ in range(150):
        game = saved_game(host)
        assert game is not None
        if game != before and (not turn or game.current != before.current or game.is_over):
            return game
        host.wait_for_timeout(100)
    raise AssertionError("the host's game did not move on")


def _rejoin_code(host: Any) -> str:
    """On the host: Phones at the table, a new code for Bo's seat, once his phone is lost."""
    tap(host, Event("phones"))
    host.wait_for_selector(".phone-lost", timeout=30_000)
    tap(host, Event("link-phone", str(BO)))
    return code_on(host)


def test_a_reloaded_phone_and_a_reloaded_host_each_rejoin_by_a_new_code(
    context: Any, browser: Any, server: Any
) -> None:
    """Bo asks a hint on his phone (the host counts it), then his phone reloads in the
    middle of his turn: the host says his phone is not connected, Bo rejoins by a new code
    and finishes the turn he began.  Then the host reloads: the game resumes with Bo's seat
    still his, waiting for his phone, and Bo's phone, told the host is lost, rejoins and
    plays on."""
    with _two_phones(context, browser, server.url) as (host, phone):
        game = saved_game(host)
        assert game is not None
        if game.current != BO:
            _turn(host, 1)
            game = _now(host, phone, game)
        _click(phone, Event("hint"), 2)  # worked out on Bo's phone, counted on the host's game
        phone.wait_for_selector(".coach")
        game = _passed(host, game, turn=False)
        assert game.hints_used[BO] == 1
        _click(phone, Event("draw"), 2)
        drawn = _passed(host, game, turn=False)
        phone.reload()
        wait_ready(phone)
        # On Bo's turn, the host's table says his phone is lost and offers the way on.
        host.wait_for_selector(".action-bar [data-action=phones]", timeout=30_000)
        assert "Bo\u2019s phone is not connected." in host.locator(".action-bar").inner_text()
        seated_by(host, phone, _rejoin_code(host), BO)
        assert sorted(_hand(phone)) == sorted(str(card) for card in drawn.players[BO].shown_hand)
        assert saved_game(host) == drawn, "no move lost, none made twice"
        _click(phone, Event("select", "0"), 1)
        _click(phone, Event("discard"), 2)
        game = _now(host, phone, drawn)
        assert game.current == 0
        # The host reloads: the seat stays Bo's, waiting for his phone.
        host.reload()
        wait_ready(host)
        assert saved_game(host) == game
        phone.wait_for_selector(".action-bar [data-action=join-table]", timeout=30_000)
        seated_by(host, phone, _rejoin_code(host), BO)
        tap(host, Event("back"))
        _turn(host, 1)
        game = _now(host, phone, game)
        _turn(phone, 2)
        game = _now(host, phone, game)
        assert game.current == 0 and not host.locator(".phone-lost").count()
