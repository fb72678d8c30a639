"""On every shape of screen, the table keeps the player's hand, the turn's buttons and the
piles on screen, and keeps its place.

The acceptance test of the table's layouts: with the page scrolled to the top, every card
of the hand (each at least 44 px tall), the Discard button, before the phase is down the
Lay down button, and both piles lie wholly inside the viewport, each button's label fits
inside it, and nothing scrolls sideways.  It is checked on three tables built with the engine from a seed:

    6-players-others-laid  six players with 20-character names, the five computers'
                           phases down, the person's not: Lay down and Discard show;
    6-players-all-laid     the same, and the person's phase down too: only Discard;
    2-players-none-laid    a person and a computer, nobody's phase down;

at every shape of screen the app lays out for (portrait phones 360x640 and 390x844,
landscape phones 640x360 and 844x390, a tablet 820x1180, a computer 1280x800), with
normal and with Large type, in Chromium; and the first table at the sizes WebKit's
window allows (it cannot be narrower than 447 px, engines.py); and the first table in
Spanish, whose labels are the longest, in Large type, in both engines.  Large type makes the
cards larger wherever the width leaves room for it.  And the middle of the table keeps
the place the player scrolled to: selecting a card, or a computer's move, never moves it,
and a card that can be added to a group brings one such group into view if none is.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from phase10 import (
    Action,
    Discard,
    Draw,
    GameConfig,
    GameState,
    Hit,
    Options,
    Step,
    apply,
    legal_actions,
    new_game,
)
from phase10.bots import Bot, Level, seat_bot
from phase10.serialize import to_json
from phase10.view import view
from support.browser.driving import LocalServer
from support.browser.engines import Chromium, Engine, WebKit, require

GAME_KEY = "ten-phases/game"
SETTINGS_KEY = "ten-phases/settings"
SIZES = ((360, 640), (390, 844), (640, 360), (844, 390), (820, 1180), (1280, 800))
# WebKit's MiniBrowser window is never narrower than 447 px.
WEBKIT_SIZES = tuple(size for size in SIZES if size[0] >= 447)
MIN_CARD_HEIGHT = 44

NAMES = (
    "Alexandra Wilhelmina",
    "Bartholomew Kingsley",
    "Cassandra Montgomery",
    "Demetrius Hollingsby",
    "Evangeline Rosenthal",
    "Fitzgerald Ashbourne",
)
COMPUTERS = ("easy", "normal", "hard", "normal", "easy")

# --- the tables, built with the engine ---------------------------------------------------

Policy = Callable[[GameState, random.Random], Action]


def never_lays(state: GameState, rnd: random.Random) -> Action:
    """The person draws from the pile and throws a random card away: the phase stays in hand."""
    if state.step is Step.DRAW:
        return Draw()
    return rnd.choice([a for a in legal_actions(state) if isinstance(a, Discard)])


def plays_hard(state: GameState, _rnd: random.Random) -> Action:
    """The person plays like the hard computer: lays the phase as soon as it can."""
    return Bot(Level.HARD).choose(view(state, state.current))


def first_table(
    names: tuple[str, ...], kinds: tuple[str, ...], person: Policy, wanted: Callable[[GameState], bool]
) -> GameState:
    """The first state, over seeds 1, 2, ... and the first hand of each, where ``wanted``
    holds at seat 0's turn after its draw; computers play as the app's computers do."""
    for seed in range(1, 200):
        config = GameConfig(names, seed, Options(), kinds=kinds)
        state = new_game(config)
        bots = [seat_bot(config, seat) for seat in range(len(names))]
        rnd = random.Random(seed)
        while state.step in (Step.DRAW, Step.PLAY) and state.hand_number == 1:
            if state.current == 0 and state.step is Step.PLAY and wanted(state):
                return state
            bot = bots[state.current]
            state = apply(state, bot.choose(view(state, state.current)) if bot else person(state, rnd))
    raise AssertionError("no seed up to 200 gives the table wanted")


def computers_laid(state: GameState) -> bool:
    return all(player.has_laid for player in state.players[1:])


def six_players_others_laid() -> GameState:
    def wanted(state: GameState) -> bool:
        return computers_laid(state) and not state.players[0].has_laid

    return first_table(NAMES, ("person", *COMPUTERS), never_lays, wanted)


def six_players_all_laid() -> GameState:
    def wanted(state: GameState) -> bool:
        return computers_laid(state) and state.players[0].has_laid

    return first_table(NAMES, ("person", *COMPUTERS), plays_hard, wanted)


def two_players_none_laid() -> GameState:
    def wanted(state: GameState) -> bool:
        return not any(player.has_laid for player in state.players)

    return first_table(NAMES[:2], ("person", "normal"), never_lays, wanted)


@dataclass(frozen=True)
class Table:
    name: str
    build: Callable[[], GameState]
    lay_shown: bool  # seat 0's phase is not down: the Lay down button shows


TABLES = {
    table.name: table
    for table in (
        Table("6-players-others-laid", six_players_others_laid, lay_shown=True),
        Table("6-players-all-laid", six_players_all_laid, lay_shown=False),
        Table("2-players-none-laid", two_players_none_laid, lay_shown=True),
    )
}


def check_table(table: Table, state: GameState) -> None:
    """The state is the one the table's name promises."""
    me, *others = state.players
    assert (state.current, state.step) == (0, Step.PLAY), "seat 0 has drawn and is to play"
    assert state.config.kinds[0] == "person"
    assert all(kind != "person" for kind in state.config.kinds[1:])
    assert all(len(name) == 20 for name in state.config.players)
    assert len(set(state.config.players)) == len(state.config.players)
    assert me.has_laid is not table.lay_shown
    if len(state.players) == 6:
        assert all(player.has_laid for player in others), "every computer's phase is down"
    else:
        assert not any(player.has_laid for player in others), "nobody's phase is down"
    assert any(isinstance(action, Discard) for action in legal_actions(state))


@pytest.fixture(scope="module")
def states() -> dict[str, GameState]:
    built = {name: table.build() for name, table in TABLES.items()}
    for name, state in built.items():
        check_table(TABLES[name], state)
    return built


# --- the browsers ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def app(site: Path) -> Iterator[str]:
    """The app's address, one server for the module: each case reloads a page already on
    its origin rather than booting the app twice."""
    server = LocalServer(site)
    server.start()
    yield server.url
    server.stop()


@pytest.fixture(scope="module")
def engines(request: pytest.FixtureRequest) -> Iterator[Callable[[str], Engine]]:
    """``engines(name)``: that engine, started on first use and kept for the module (WebKit
    takes seconds to start), and started again if it has gone away; the test is skipped
    when the machine lacks it."""
    started: dict[str, Engine] = {}

    def get(name: str) -> Engine:
        require(name)
        if name in started and started[name].gone:
            started.pop(name).close()
        if name not in started:
            if name == "chromium":
                started[name] = Chromium(request.getfixturevalue("browser"))
            else:
                display, locales = request.getfixturevalue("display"), request.getfixturevalue("locales")
                started[name] = WebKit(display, locales)
        return started[name]

    yield get
    for engine in started.values():
        engine.close()


# --- opening the table and measuring it --------------------------------------------------


def open_table(engine: Engine, url: str, state: GameState, large_type: bool, language: str = "en") -> None:
    """Save the game, the type size and the language, open the app and tap Continue (one
    person at the table: no hand-off), and wait until the whole hand is shown and stands
    still."""
    if not engine.run("(url) => location.href.startsWith(url)", url):
        engine.open(url)
        engine.wait_ready()
    settings = json.dumps({"language": language, "large_type": large_type})
    engine.run(
        "([game, settings]) => {"
        f" localStorage.setItem('{GAME_KEY}', game); localStorage.setItem('{SETTINGS_KEY}', settings); }}",
        [to_json(state), settings],
    )
    engine.open(url)
    engine.wait_ready()
    assert engine.run("() => document.documentElement.classList.contains('large-type')") is large_type
    assert engine.run("() => document.documentElement.lang") == language
    # Opening the address again reloads the page where it was (the table, after the first
    # case: a reload keeps the screen); from Home, Continue opens the table.
    if engine.run("() => document.documentElement.dataset.screen") == "home":
        engine.click("[data-action=continue]")
    cards = len(state.players[0].hand)
    shown = engine.wait_until(
        "(cards) => window.__problems?.length ? 'page errors'"
        " : document.documentElement.dataset.screen === 'table'"
        " && document.querySelectorAll('.hand [data-action=select]').length === cards",
        cards,
    )
    assert shown is True, f"{engine.name}: the table did not open: {engine.findings()[0]}"
    # A card caught mid-animation would not be where it comes to rest.
    engine.wait_until(
        "() => document.getAnimations().every((a) =>"
        " a.playState !== 'running' || a.effect.getComputedTiming().endTime === Infinity)"
    )


# Everything that must be on screen, measured with the page scrolled to its top.
MEASURE = """async () => {
  window.scrollTo(0, 0);
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const box = (what, el) => {
    const r = el.getBoundingClientRect();
    return {what, left: r.left, top: r.top, right: r.right, bottom: r.bottom, height: r.height,
            overflows: el.scrollWidth > el.clientWidth + 1};
  };
  const cards = [...document.querySelectorAll('.hand [data-action=select]')];
  const buttons = ['lay', 'discard'].map((name) => document.querySelector(`[data-action=${name}]`));
  const piles = ['draw', 'take'].map((name) => document.querySelector(`[data-action=${name}] .pile-card`));
  return {
    width: window.innerWidth,
    height: window.innerHeight,
    scrollWidth: document.scrollingElement.scrollWidth,
    scrollY: window.scrollY,
    cards: cards.map((el, i) => box(`hand card ${i + 1} of ${cards.length} (${el.dataset.card})`, el)),
    lay: buttons[0] && box('the Lay down button', buttons[0]),
    discard: buttons[1] && box('the Discard button', buttons[1]),
    piles: piles.map((el, i) => el && box(['the draw pile', 'the discard pile'][i], el)),
  };
}"""


def outside(item: dict[str, Any], width: int, height: int) -> str:
    """Why ``item`` is not wholly inside the viewport, or ''."""
    where = []
    if item["top"] < 0:
        where.append(f"{-item['top']:.0f} px above the top")
    if item["bottom"] > height:
        where.append(f"{item['bottom'] - height:.0f} px below the fold")
    if item["left"] < 0:
        where.append(f"{-item['left']:.0f} px past the left edge")
    if item["right"] > width:
        where.append(f"{item['right'] - width:.0f} px past the right edge")
    if not where:
        return ""
    box = "left {left:.0f} top {top:.0f} right {right:.0f} bottom {bottom:.0f}".format(**item)
    return f"{item['what']} at ({box}) is {', '.join(where)}"


def layout_problems(seen: dict[str, Any], lay_shown: bool) -> list[str]:
    """What a person holding the phone would miss, each with the element's box."""
    width, height = seen["width"], seen["height"]
    problems = []
    if seen["scrollY"] != 0:
        problems.append(f"the page did not scroll to its top (scrollY {seen['scrollY']})")
    if seen["scrollWidth"] > width + 1:
        problems.append(f"the page scrolls sideways: scrollWidth {seen['scrollWidth']} > {width}")
    problems += [problem for card in seen["cards"] if (problem := outside(card, width, height))]
    problems += [
        f"{card['what']} is {card['height']:.0f} px tall, under {MIN_CARD_HEIGHT}"
        for card in seen["cards"]
        if card["height"] < MIN_CARD_HEIGHT
    ]
    for pile in seen["piles"]:
        if not pile:
            problems.append("a pile is missing")
        elif problem := outside(pile, width, height):
            problems.append(problem)
    expected = {"discard": True, "lay": lay_shown}
    for name, shown in expected.items():
        if shown and not seen[name]:
            problems.append(f"no [data-action={name}] button")
        elif not shown and seen[name]:
            problems.append(f"a [data-action={name}] button, when none was expected")
        elif shown and (problem := outside(seen[name], width, height)):
            problems.append(problem)
        elif shown and seen[name]["overflows"]:
            problems.append(f"{seen[name]['what']}'s label runs out of it")
    return problems


# --- the cases ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    engine: str
    table: str
    size: tuple[int, int]
    large_type: bool
    language: str = "en"

    @property
    def id(self) -> str:
        width, height = self.size
        spanish = "-spanish" if self.language == "es" else ""
        return (
            f"{self.engine}-{self.table}-{width}x{height}-{'large' if self.large_type else 'normal'}{spanish}"
        )


CASES = [
    *(Case("chromium", table, size, large) for table in TABLES for size in SIZES for large in (False, True)),
    *(
        Case("webkit", "6-players-others-laid", size, large)
        for size in WEBKIT_SIZES
        for large in (False, True)
    ),
    # Spanish's labels are the longest (Descartar): in Large type, with both buttons shown.
    *(Case("chromium", "6-players-others-laid", size, True, "es") for size in SIZES),
    *(Case("webkit", "6-players-others-laid", size, True, "es") for size in WEBKIT_SIZES),
]


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_the_hand_and_the_turns_buttons_are_on_screen(
    case: Case, engines: Callable[[str], Engine], states: dict[str, GameState], app: str
) -> None:
    engine = engines(case.engine)
    # Chromium gets the size asked for exactly.  WebKit's MiniBrowser window cannot be made
    # narrower than 447 px, so there the viewport is 447 px wide and exactly as tall as asked
    # (engines.WebKit.resize), and every check is made against the viewport it really has.
    width, height = engine.resize(*case.size)
    if case.engine == "chromium":
        assert (width, height) == case.size
    open_table(engine, app, states[case.table], case.large_type, case.language)
    seen = engine.run(MEASURE)
    assert (seen["width"], seen["height"]) == (width, height), "the viewport changed on the way"
    asked = "{}x{}".format(*case.size)
    viewport = f"{width}x{height}" + ("" if (width, height) == case.size else f" (asked for {asked})")
    problems = layout_problems(seen, TABLES[case.table].lay_shown)
    assert problems == [], f"{engine.name} {viewport}: " + "; ".join(problems)


# --- Large type makes the cards larger ------------------------------------------------------

CARD_SIZE = (
    "() => { const r = document.querySelector('.hand [data-action=select]').getBoundingClientRect();"
    " return [r.width, r.height]; }"
)


@pytest.mark.parametrize(
    "size", [(360, 640), (390, 844), (844, 390), (820, 1180)], ids=lambda s: "{}x{}".format(*s)
)
def test_large_type_makes_the_cards_larger(
    size: tuple[int, int], engines: Callable[[str], Engine], states: dict[str, GameState], app: str
) -> None:
    engine = engines("chromium")
    engine.resize(*size)
    measured = {}
    for large in (False, True):
        open_table(engine, app, states["6-players-others-laid"], large)
        measured[large] = engine.run(CARD_SIZE)
    (width, height), (large_width, large_height) = measured[False], measured[True]
    assert large_width > width and large_height > height, f"normal {measured[False]}, large {measured[True]}"


# --- the table keeps its place -------------------------------------------------------------

SCROLLED = "() => document.querySelector('.table-area').scrollTop"
# The groups lit for the selected card, and whether each lies inside the middle's box.
LIT_IN_VIEW = """() => {
  const area = document.querySelector('.table-area').getBoundingClientRect();
  return [...document.querySelectorAll('.group.hittable')].map((group) => {
    const box = group.getBoundingClientRect();
    return box.top >= area.top - 1 && box.bottom <= area.bottom + 1;
  });
}"""


def renders_now(engine: Engine) -> int:
    return int(engine.run("() => Number(document.documentElement.dataset.renders)"))


def tap_card(engine: Engine, card: str) -> None:
    before = renders_now(engine)
    engine.click(f".hand [data-card='{card}']")
    engine.wait_until("(before) => Number(document.documentElement.dataset.renders) > before", before)


def hit_cards(state: GameState) -> set[str]:
    """The cards of seat 0's hand that some group on the table takes."""
    return {str(action.card) for action in legal_actions(state) if isinstance(action, Hit)}


def test_the_middle_keeps_the_place_the_player_scrolled_to(
    engines: Callable[[str], Engine], states: dict[str, GameState], app: str
) -> None:
    """At 360x640, six players: scroll the middle, select a card that no group takes, and
    the middle stays where it was; select one that some group takes, and one such group
    is in view (the middle moved only if none was)."""
    engine = engines("chromium")
    engine.resize(360, 640)
    state = states["6-players-all-laid"]
    open_table(engine, app, state, large_type=False)
    scrollable = engine.run(
        "() => { const a = document.querySelector('.table-area'); return a.scrollHeight - a.clientHeight; }"
    )
    assert scrollable > 200, "the middle has somewhere to scroll"
    engine.run("() => { document.querySelector('.table-area').scrollTop = 150; }")
    hits = hit_cards(state)
    assert hits, "seat 0 can add a card to a group"
    hit = sorted(hits)[0]
    lone = next(str(card) for card in state.players[0].shown_hand if str(card) not in hits)
    tap_card(engine, lone)
    assert engine.run(SCROLLED) == 150, "a render keeps the place the player scrolled to"
    tap_card(engine, lone)  # unselected again
    assert engine.run(SCROLLED) == 150
    tap_card(engine, hit)
    lit = engine.run(LIT_IN_VIEW)
    assert lit and any(lit), "a group the card can go on is in view"
    # Scrolled on to show the last lit group, a second tap on the card keeps that place too.
    engine.run(
        "() => { const groups = document.querySelectorAll('.group.hittable');"
        " groups[groups.length - 1].scrollIntoView({block: 'center'}); }"
    )
    where = engine.run(SCROLLED)
    tap_card(engine, hit)  # unselected
    tap_card(engine, hit)  # and selected again: a lit group is in view already
    assert engine.run(SCROLLED) == where
