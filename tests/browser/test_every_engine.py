"""The app in every engine a phone runs: Chromium, Firefox and WebKit (Safari's engine).

A focused set of checks, each run in all three engines (engines.py says how each is
driven, and what its driver cannot do): the app becomes ready; its service worker
controls it after a reload; it starts with the HTTP server stopped; two people play
a short whole game by taps, privately, through a reload mid-turn, to Past games; a
paper game's hands are written on the score pad, through a reload, to its winner; a
seat is offered to another phone (or the browser says it cannot connect phones); the
seats' screen opens on a seat whose phone is lost; and a Spanish-language browser gets
Spanish.  Over all of it, no page error, no
unhandled promise rejection and no request to another origin (the ``launch``
fixture checks that when each test ends).

Every tap is mirrored on CPython by the UI's own controller, and after every tap the
page must show what the mirror holds: the same checks as the Chromium-only tests.

Where a driver cannot check something the Chromium tests check directly, it is
checked another way, the same way in all three:
- WebKit's error hooks can only start right after each navigation; they are in
  place seconds before any of the app's Python runs.
- Firefox gives no ``workerStart`` timing, so "the reload came through the service
  worker" is read from the server's own log: it served nothing but ``sw.js``.
- A page's fetch to a stopped server makes Firefox log a page error of its own, so
  the server's port is checked to refuse connections from Python instead.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

import pytest
from ui import taps
from ui.kit.i18n import Text, words
from ui.net.pairing import Role, read_code
from ui.saves.storage import read_save, save_text
from ui.state import Event, Screen, SetupInput, Ui
from ui.table.narration import deal_said
from ui.table.play import resume
from ui.update import update

from phase10 import Draw, GameConfig, Options, Step, apply, new_game
from phase10.phaselists import encode, random_list
from phase10.tournament import play_bot_game
from support.browser.driving import (
    FIRST_SCREEN,
    FIRST_SCREEN_COPY,
    FORGET_CACHED,
    KEPT_BYTECODE,
    LOST_SEAT,
    SNAPSHOT,
    UNSTARTED,
    UNSTARTED_TIME_PASSES,
    LocalServer,
    check_snapshot,
    control_for,
)
from support.browser.engines import (
    BOOT_TIMEOUT,
    ENGINES,
    SNAPSHOT_SETTLED,
    WARNINGS,
    Chromium,
    Engine,
    Firefox,
    WebKit,
    require,
)
from support.web.taps import handle, next_taps, pad_hand_taps, tapped

Launch = Callable[..., Engine]

# Two people, first to one phase: seed 43 ends after one hand of about 50 taps.
PLAYERS = ("Ann", "Bo")
SEED = "43"


@pytest.fixture(params=ENGINES)
def launch(request: pytest.FixtureRequest) -> Iterator[Launch]:
    """Start the engine on a fresh profile (``launch(language)``); when the test ends, it
    must have seen no page error, no unhandled rejection and no foreign request."""
    name = request.param
    require(name)
    started: list[Engine] = []

    def start(language: str = "en-US") -> Engine:
        engine: Engine
        if name == "chromium":
            engine = Chromium(request.getfixturevalue("browser"), language)
        elif name == "firefox":
            engine = Firefox(language)
        else:
            engine = WebKit(request.getfixturevalue("display"), request.getfixturevalue("locales"), language)
        started.append(engine)
        return engine

    yield start
    for engine in started:
        if engine.gone:  # the test has failed on it already: there is nothing left to ask
            engine.close()
            continue
        try:
            problems, foreign = engine.findings()
        finally:
            engine.close()
        assert problems == [], f"{engine.name} {engine.version}: page errors or unhandled rejections"
        assert foreign == [], f"{engine.name} {engine.version}: requests left the app's origin"


# --- steps -------------------------------------------------------------------------------


def renders(engine: Engine) -> int:
    return int(engine.run("() => Number(document.documentElement.dataset.renders || 0)"))


def after_render(engine: Engine, action: Callable[[], None]) -> None:
    """Do ``action`` and wait until the app has drawn the screen it leads to."""
    before = renders(engine)
    action()
    engine.wait_until("(before) => Number(document.documentElement.dataset.renders) > before", before)


def tap(engine: Engine, event: Event) -> None:
    after_render(engine, lambda: engine.click(control_for(event)))


def text_of(engine: Engine, selector: str) -> str:
    return str(engine.run("(selector) => document.querySelector(selector)?.textContent ?? ''", selector))


def text_of_all(engine: Engine, selector: str) -> list[str]:
    script = "(selector) => [...document.querySelectorAll(selector)].map(e => e.textContent)"
    found = engine.run(script, selector)
    return [str(text) for text in found]


def set_up_game(engine: Engine) -> Ui:
    """Set up two people, first to one phase, by taps; returns the CPython mirror."""
    tap(engine, Event("new-game"))
    assert engine.run("() => document.querySelectorAll('input[name=player]').length") == len(PLAYERS)
    for i, name in enumerate(PLAYERS):
        engine.fill(f"#player-{i}", name)
    after_render(engine, lambda: engine.click("input[name=way][value=first-to-n]"))
    engine.select("select[name=phases-to-win]", "1")
    engine.click("details.more-options summary")
    engine.fill("input[name=seed]", SEED)
    tap(engine, Event("start-game"))
    form = SetupInput(PLAYERS, ("person", "person"), "classic", ("first-to-n",), "1", seed=SEED)
    return handle(handle(Ui(), Event("new-game")), Event("start-game", form=form))


def check(engine: Engine, mirror: Ui, said: Sequence[Text] = ()) -> None:
    """The page shows ``mirror``, and its live region reads out ``said``."""
    check_snapshot(engine.run(SNAPSHOT), mirror, said)


# --- the checks --------------------------------------------------------------------------


def test_the_app_becomes_ready(launch: Launch, server: LocalServer) -> None:
    engine = launch()
    engine.open(server.url)
    engine.wait_ready()
    w = words("en")
    assert text_of(engine, "h1") == w("app.name")
    assert text_of(engine, "[data-action=new-game]:not([data-value])") == w("home.new_game")
    # The phase list is the engine's, put into words by the UI's Python.
    assert engine.run("() => document.querySelectorAll('.phase-list[data-edition=classic] li').length") == 10
    assert engine.run("() => document.getElementById('loading').hidden") is True


def test_the_service_worker_controls_the_page_after_a_reload(launch: Launch, server: LocalServer) -> None:
    engine = launch()
    engine.open(server.url)
    engine.wait_ready()
    engine.settle()  # before the server's log is read from here (the reload would settle too)
    asked = len(server.paths)
    engine.reload()
    engine.wait_ready()
    assert engine.run("() => navigator.serviceWorker.controller?.scriptURL") == f"{server.url}sw.js"
    # Every file of the reload, the page included, came from the worker's cache: the
    # server was asked at most whether the worker itself has changed.
    assert set(server.paths[asked:]) <= {"/sw.js"}


def test_the_app_starts_with_the_server_stopped(launch: Launch, server: LocalServer) -> None:
    engine = launch()
    engine.open(server.url)
    engine.wait_ready()
    engine.wait_for_worker()
    server.stop()  # and checks that its port now refuses connections
    engine.reload()
    engine.wait_ready()
    assert engine.run("() => document.querySelectorAll('.phase-list[data-edition=classic] li').length") == 10
    # Offline, the look for a new build fails; it must fail quietly (the launch
    # fixture then finds no unhandled rejection: WebKit's was the fault of issue 13).
    check = "() => document.documentElement.dataset.updateCheck"
    assert engine.wait_until(check, timeout=BOOT_TIMEOUT) == "failed"


# The page's scripts, lost as a network change loses every request in flight on a first
# visit, before any service worker serves the app.
PAGE_SCRIPTS = ("/interpreter.js", "/boot.js", "/pyscript/core.js")


def test_a_first_visit_whose_scripts_never_ran_offers_to_try_again(
    launch: Launch, server: LocalServer
) -> None:
    engine = launch()
    server.lost.update(PAGE_SCRIPTS)
    engine.open(f"{server.url}?seed=7")  # an address of its own, which Try again keeps
    before = engine.run(UNSTARTED)
    assert before is not None, "no script removed it"
    assert (before["shown"], before["progress"]) == (False, True), "Starting…, at first"
    assert before["delays"] == [20_000] * 3, "the notice comes in place of the progress after 20 s"
    engine.run(UNSTARTED_TIME_PASSES)
    after = engine.run(UNSTARTED)
    assert (after["shown"], after["progress"]) == (True, False)
    assert after["languages"] == ["en", "es"], "only a script could pick the language"
    for language in ("en", "es"):
        assert words(language)("boot.rescue_slow") in after["words"]
        assert words(language)("boot.retry") in after["words"]
    assert after["again"], "Try again loads the same address"
    server.lost.clear()
    engine.follow("#unstarted a")
    engine.wait_ready()
    assert engine.run(UNSTARTED) is None, "boot.js ran, and took the notice away"


def test_two_people_play_a_short_game_by_taps(launch: Launch, server: LocalServer) -> None:
    engine = launch()
    engine.open(server.url)
    engine.wait_ready()
    mirror = set_up_game(engine)
    assert mirror.game is not None
    check(engine, mirror, deal_said(mirror.game))
    handoffs = reloads = 0
    while mirror.screen is not Screen.GAME_OVER:
        assert mirror.game is not None
        if reloads == 0 and mirror.screen is Screen.TABLE and mirror.game.step is Step.PLAY:
            # Mid-turn (a card drawn, none discarded): a reload keeps the screen, the game
            # through its hand-off, at this very step.
            engine.reload()
            engine.wait_ready()
            mirror = resume(Ui(), mirror.game, mirror.drawn)
            assert mirror.screen is Screen.HANDOFF
            tap(engine, Event("reveal"))
            mirror = handle(mirror, Event("reveal"))
            assert mirror.game is not None and mirror.game.step is Step.PLAY
            check(engine, mirror)
            reloads += 1
        for event in next_taps(mirror):
            tap(engine, event)
            step = tapped(mirror, event)
            mirror = step.ui
            # Among much else: on a hand-off screen, no card of any hand is in the page.
            check(engine, mirror, step.said)
            handoffs += mirror.screen is Screen.HANDOFF
    assert reloads == 1 and handoffs >= 2
    game = mirror.game
    assert game is not None and game.winner is not None
    winner = game.players[game.winner].name
    assert text_of(engine, ".winner") == winner
    # The finished game is kept under Past games.
    tap(engine, Event("home"))
    w = words("en")
    assert text_of(engine, "[data-action=history]") == w("home.history", count=1)
    tap(engine, Event("history"))
    assert text_of(engine, ".past-game .past-winner") == "★ " + w("history.won", winner=winner)
    totals = [f"{p.name} {w('sheet.points', count=p.score)}" for p in game.players]
    assert sorted(text_of_all(engine, ".past-game .past-totals li")) == sorted(totals)


# A list of four phases, dealt by chance: the link of a shared list names it.
SHARED_LIST = encode(random_list(4, 2026, "classic"))


def test_a_shared_list_opens_by_its_link_and_two_people_play_it_in_any_order(
    launch: Launch, server: LocalServer
) -> None:
    engine = launch()
    engine.open(f"{server.url}?phases={SHARED_LIST}")
    engine.wait_ready()
    assert text_of(engine, ".phase-code") == SHARED_LIST, "set-up opens with the list of the link"
    for i, name in enumerate(PLAYERS):
        engine.fill(f"#player-{i}", name)
    for way in ("first-to-n", "any-order"):

        def click_way(way: str = way) -> None:
            engine.click(f"input[name=way][value={way}]")

        after_render(engine, click_way)
    engine.select("select[name=phases-to-win]", "1")
    engine.click("details.more-options summary")
    engine.fill("input[name=seed]", SEED)
    tap(engine, Event("start-game"))
    form = SetupInput(PLAYERS, ("person", "person"), "classic", ("first-to-n", "any-order"), "1", seed=SEED)
    mirror = handle(update(Ui(), taps.LinkedPhases(SHARED_LIST)).ui, Event("start-game", form=form))
    assert mirror.game is not None and mirror.game.config.options.any_order
    check(engine, mirror, deal_said(mirror.game))
    picks = 0
    while mirror.screen is not Screen.GAME_OVER:
        for event in next_taps(mirror):
            tap(engine, event)
            step = tapped(mirror, event)
            mirror = step.ui
            picks += event.name == "pick"
            check(engine, mirror, step.said)
    assert picks >= 2, "each person chose a phase, behind the hand-off"
    game = mirror.game
    assert game is not None and game.winner is not None
    assert text_of(engine, ".winner") == game.players[game.winner].name


def test_damaged_storage_and_a_save_from_another_window_are_kept(launch: Launch, server: LocalServer) -> None:
    engine = launch()
    engine.open(server.url)
    engine.wait_ready()
    damaged = "[" * 100_000
    engine.run(
        "(damaged) => { localStorage.setItem('ten-phases/game', damaged);"
        " localStorage.setItem('ten-phases/settings', damaged); }",
        damaged,
    )
    engine.reload()
    engine.wait_ready()
    w = words("en")
    assert engine.run("() => document.documentElement.dataset.screen") == "corrupt"
    assert text_of(engine, "#app h1") == w("corrupt.title")
    assert text_of(engine, "#app .notice") == w("storage.settings_reset")
    assert engine.run("() => localStorage.getItem('ten-phases/game')") == damaged, "kept"
    tap(engine, Event("discard-save"))
    mirror = set_up_game(engine)
    assert mirror.game is not None
    assert read_save(engine.run("() => localStorage.getItem('ten-phases/game')")).game == mirror.game
    # Another window moved the game on, and this one missed it: a tap here does not
    # write over that save, and the table shows it instead.
    ahead = save_text(apply(mirror.game, Draw()), 99)
    engine.run("(ahead) => localStorage.setItem('ten-phases/game', ahead)", ahead)
    tap(engine, Event("reveal"))
    tap(engine, Event("draw"))
    assert engine.run("() => localStorage.getItem('ten-phases/game')") == ahead
    assert engine.run("() => document.documentElement.dataset.screen") == "handoff"
    assert w("sync.moved_on") in text_of(engine, "#app")


def test_a_paper_game_is_written_on_the_score_pad(launch: Launch, server: LocalServer) -> None:
    """The three hands of a two-player game, first to two phases, written by taps, with a
    reload after the first: the pad reaches the engine's winner and totals."""
    game = play_bot_game(GameConfig(PLAYERS, 11, Options(phases_to_win=2)), ("hard", "hard"), 11)
    assert game.winner is not None and len(game.history) == 3
    engine = launch()
    engine.open(server.url)
    engine.wait_ready()
    tap(engine, Event("pad"))
    for i, name in enumerate(PLAYERS):
        engine.fill(f"#player-{i}", name)
    after_render(engine, lambda: engine.click("input[name=way][value=first-to-n]"))
    engine.select("select[name=phases-to-win]", "2")
    tap(engine, Event("pad-start"))
    for number, record in enumerate(game.history, start=1):
        tap(engine, Event("pad-write"))
        for event in pad_hand_taps(record):
            tap(engine, event)
        assert engine.run("() => document.documentElement.dataset.screen") == "pad"
        if number == 1:  # a reload loses nothing written, and keeps the pad's screen
            engine.reload()
            engine.wait_ready()
            assert engine.run("() => document.documentElement.dataset.screen") == "pad"
    assert text_of(engine, ".winner") == PLAYERS[game.winner]
    names, points = text_of_all(engine, ".standing-name"), text_of_all(engine, ".standing-points")
    shown = dict(zip(names, points, strict=True))
    assert shown == {player.name: str(player.score) for player in game.players}


@pytest.mark.parametrize("language", ["es-ES"])
def test_a_spanish_browser_gets_spanish(launch: Launch, server: LocalServer, language: str) -> None:
    engine = launch(language)
    engine.open(server.url)
    engine.wait_ready()
    assert engine.run("() => navigator.languages[0]") == language
    w = words("es")
    assert engine.run("() => document.documentElement.lang") == "es"
    # From the loading screen, before Python ran, to the first screen Python drew.
    assert text_of(engine, "#loading-step") == w("boot.starting")
    assert text_of(engine, "[data-action=new-game]:not([data-value])") == w("home.new_game")
    assert text_of(engine, "h1") == w("app.name")


def _new_game_seed(engine: Engine) -> int:
    """A game against a computer started by taps; the seed it was dealt from."""
    tap(engine, Event("new-game", "computer"))
    tap(engine, Event("start-game"))
    game = read_save(engine.run("() => localStorage.getItem('ten-phases/game')")).game
    assert game is not None
    return game.config.seed


def test_the_next_start_restores_python_from_its_snapshot(launch: Launch, server: LocalServer) -> None:
    # The first start snapshots a Python that has imported the engine and the UI once the
    # service worker controls the page (web/snapshot.js, in a worker); the next starts,
    # offline, restore it, each reseeded, and every room of the app still opens.
    engine = launch()
    engine.open(server.url)
    engine.wait_ready()
    made = engine.settle()
    # "none" is a start that fell back to the stock library (seen once in WebKit on CI):
    # the page's warnings say why.
    assert made == "stored", f"snapshot {made}; the page warned: {engine.run(WARNINGS)}"
    server.stop()
    seeds = []
    for _ in range(2):
        engine.run("() => localStorage.removeItem('ten-phases/game')")
        engine.reload()
        engine.wait_ready()
        assert engine.run(SNAPSHOT_SETTLED) == "restored"
        # PyScript's package and the UI's modules that need it, from the bytecode kept
        # with the snapshot: nothing compiled from source.
        found = engine.run(KEPT_BYTECODE)
        assert {"ui.shell.app", "pyscript"} <= set(found["kept"]), found
        assert not found["compiled"], found
        seeds.append(_new_game_seed(engine))
    assert seeds[0] != seeds[1], "a restored Python deals a fresh game each start"
    # The rooms imported when first used: the Hint (the coach), the rules, the pad.
    engine.wait_until("() => document.querySelector('[data-action=hint]:not(:disabled)') !== null")
    tap(engine, Event("hint"))
    assert engine.wait_until("() => document.querySelector('.coach')?.textContent ?? ''")
    tap(engine, Event("menu"))
    tap(engine, Event("rules"))
    assert engine.run("() => document.querySelectorAll('.phase-list[data-edition=classic] li').length") == 10
    # The game ended elsewhere and the app opened afresh (a reload keeps the rules): Home.
    engine.run("() => { localStorage.removeItem('ten-phases/game'); history.replaceState(null, ''); }")
    engine.reload()
    engine.wait_ready()
    tap(engine, Event("pad"))
    assert screen_of(engine) == "pad-setup"


KEPT = "() => JSON.parse(localStorage.getItem('ten-phases/screen') ?? 'null')?.screen ?? ''"
PAINTED = "() => document.documentElement.dataset.painted ?? ''"
# The screen the service worker served the page with, kept by boot.js (sw.js's servedPage).
SERVED = "() => document.documentElement.dataset.served ?? ''"
# boot.js marks the end of the frame that drew the kept screen, after the mark of its painting.
DRAWN_AFTER_PAINTED = """() => {
  const at = (name) => performance.getEntriesByName(name)[0]?.startTime;
  return at('ten-phases:shown') >= at('ten-phases:painted');
}"""


def test_the_kept_screen_is_painted_before_python_and_a_tap_on_it_waits_for_python(
    launch: Launch, server: LocalServer
) -> None:
    engine = launch()
    engine.open(server.url)
    engine.wait_ready()
    engine.settle()  # before main.py leaves the cache: the snapshot worker may ask for it too
    assert engine.wait_until(KEPT) == "home"
    engine.run(FORGET_CACHED, "main.py")
    gate = server.hold("/main.py")
    engine.reload()
    assert engine.wait_until(PAINTED) == "home", "Home, before Python"
    assert engine.run(SERVED) == "home", "in the page as the service worker served it"
    assert engine.run("() => document.getElementById('app').inert") is False
    assert engine.wait_until(DRAWN_AFTER_PAINTED), "the frame that drew it is marked (benchmarks)"
    assert engine.run("() => document.documentElement.dataset.appReady ?? ''") == ""
    new_game = "[data-action=new-game]:not([data-value])"
    engine.click(new_game)
    assert engine.run(f"() => document.querySelector('{new_game}').classList.contains('held')")
    assert gate.asked.wait(BOOT_TIMEOUT), "Python asked for main.py"
    assert screen_of(engine) != "setup"
    server.release("/main.py")
    engine.wait_ready()
    assert engine.wait_until("() => document.documentElement.dataset.screen === 'setup'")
    assert engine.run("() => document.querySelectorAll('.held').length") == 0


def screen_of(engine: Engine) -> str:
    return str(engine.run("() => document.documentElement.dataset.screen"))


def browser_back(engine: Engine) -> None:
    """The browser's own Back, and the render it leads to."""
    after_render(engine, engine.back)


def test_back_goes_back_one_screen_and_never_leaves_a_game(launch: Launch, server: LocalServer) -> None:
    """The browser's Back (Android's back gesture): one screen back, never out of the app
    from a game; never to a hand shown before the phone was passed; a reload keeps the
    screen; Forward changes nothing."""
    engine = launch()
    engine.open(server.url)
    engine.wait_ready()
    tap(engine, Event("rules"))
    browser_back(engine)
    assert screen_of(engine) == "home"
    tap(engine, Event("new-game"))
    browser_back(engine)
    assert screen_of(engine) == "home", "set-up goes back to Home"
    mirror = set_up_game(engine)
    for event in (Event("reveal"), Event("draw")):
        tap(engine, event)
        step = tapped(mirror, event)
        mirror = step.ui
    check(engine, mirror, step.said)
    # Settings from the table's menu; Back returns to the game, through its hand-off.
    for event in (Event("menu"), Event("settings")):
        tap(engine, event)
    assert screen_of(engine) == "settings"
    engine.reload()
    engine.wait_ready()
    assert screen_of(engine) == "settings", "a reload keeps the screen"
    # Marked in the address for the service worker, which serves that reload (sw.js).
    assert engine.run("() => location.search") == "?over=settings"
    browser_back(engine)
    assert screen_of(engine) == "handoff"
    assert engine.run("() => location.search") == "", "the game's own entry is not marked"
    assert engine.run("() => document.querySelectorAll('[data-card]').length") == 0, "no hand on the page"
    tap(engine, Event("reveal"))
    assert mirror.game is not None
    mirror = handle(resume(Ui(), mirror.game, mirror.drawn), Event("reveal"))
    check(engine, mirror)
    # Back on the table asks; Stay keeps the game as it was.
    browser_back(engine)
    assert screen_of(engine) == "table" and text_of(engine, "#prompt-title") == words("en")(
        "menu.leave_question"
    )
    tap(engine, Event("stay"))
    check(engine, mirror)
    browser_back(engine)
    tap(engine, Event("leave"))
    assert screen_of(engine) == "home"
    assert engine.run("() => !!document.querySelector('[data-action=continue]')"), "the game is kept"
    engine.forward()
    engine.wait_until("() => history.state && history.state.depth === 0")
    assert screen_of(engine) == "home", "Forward changes nothing"
    tap(engine, Event("continue"))
    assert screen_of(engine) == "handoff", "Continue resumes the game at its hand-off"


# What Pyodide writes to the console when a Python exception escapes (as app.py's
# ``_ask_to_keep`` did in WebKit, where ``navigator.storage`` is undefined).
ESCAPED = (
    "PythonError: Traceback (most recent call last):\\n"
    '  File "/home/pyodide/ui/shell/app.py", line 1, in _ask_to_keep\\n'
    "AttributeError: storage"
)


def test_a_python_traceback_written_to_the_console_fails_a_test(launch: Launch, server: LocalServer) -> None:
    """The check every browser test ends with sees a Python exception in the console, in
    every engine (WebKit's driver has no console events: the console itself is watched),
    as well as asyncio's word for a task that failed unawaited."""
    engine = launch()
    engine.open(server.url)
    engine.wait_ready()
    assert engine.take_findings() == ([], []), "the app starts without one"
    engine.run(f"() => console.error('{ESCAPED}')")
    engine.run("() => console.log('Task exception was never retrieved')")
    problems, _ = engine.take_findings()
    assert len(problems) == 2 and all(problem.startswith("python") for problem in problems), problems
    # Settings, where WebKit has no navigator.storage, says the browser does not say.
    tap(engine, Event("settings"))
    kept = text_of(engine, "#storage-kept")
    assert kept in {words("en")(f"games.kept.{answer}") for answer in ("yes", "no", "unknown")}
    if engine.name == "webkit":
        assert kept == words("en")("games.kept.unknown")


def test_a_seat_is_offered_to_another_phone_or_the_browser_says_it_cannot(
    launch: Launch, server: LocalServer
) -> None:
    """Home → Play on several phones, then Join with a phone for Bo: where the browser has
    WebRTC (Chromium, Firefox) his seat's code is shown, and reads as an offer; Debian's
    WebKitGTK has none, and says so in plain words, with Bo's seat still played here."""
    engine = launch()
    engine.open(server.url)
    engine.wait_ready()
    tap(engine, Event("new-game", "phones"))
    for i, name in enumerate(PLAYERS):
        engine.fill(f"#player-{i}", name)
    tap(engine, Event("start-game"))
    assert engine.run("() => document.documentElement.dataset.screen") == "phones"
    has_webrtc = bool(engine.run("() => typeof RTCPeerConnection === 'function'"))
    assert has_webrtc is (engine.name != "webkit"), "Debian's WebKitGTK is built without WebRTC"
    engine.click(control_for(Event("link-phone", "1")))
    if has_webrtc:
        code = engine.wait_until("() => document.querySelector('.pair-code')?.dataset.code", timeout=30)
        assert read_code(code).role is Role.OFFER
    else:
        said = words("en")("net.no_connection")
        engine.wait_until(
            "(said) => document.querySelector('.notice')?.textContent === said", said, timeout=30
        )
        assert engine.run("() => document.querySelectorAll('[data-action=link-phone]').length") == 2


def test_the_seats_screen_opens_on_a_seat_whose_phone_is_lost(launch: Launch, server: LocalServer) -> None:
    """A game of six saved by a host whose page went away while the last seat played on its
    own phone: from the table's menu, Phones at the table opens scrolled down to that seat,
    its three choices in view below the title bar."""
    engine = launch()
    engine.open(server.url)
    engine.wait_ready()
    names = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo")
    saved = save_text(new_game(GameConfig(names, 5)), 1, away=(len(names) - 1,))
    engine.run(
        "(saved) => { localStorage.setItem('ten-phases/game', saved);"
        " localStorage.removeItem('ten-phases/screen'); }",
        saved,
    )
    engine.open(server.url)
    engine.wait_ready()
    if screen_of(engine) == Screen.HOME.value:
        tap(engine, Event("continue"))
    tap(engine, Event("reveal"))  # Ann's turn, on this phone
    tap(engine, Event("menu"))
    tap(engine, Event("phones"))
    bar, buttons, height, scrolled = engine.run(LOST_SEAT)
    assert [action for action, *_ in buttons] == ["link-phone", "unlink-phone", "computer-seat"]
    assert scrolled > 0, "the seat is further down than one screen"
    assert all(bar <= top and bottom <= height for _, top, bottom in buttons), (bar, buttons, height)


# The copy of the kept screen the service worker serves the page with, changed.
EDIT_COPY = """async ([path, name, change]) => {
  const url = new URL(path, location.href).href;
  const cache = await caches.open(name);
  const copy = await cache.match(url);
  const kept = JSON.parse(await copy.text());
  if (change === 'another-build') kept.build = 'another-build';
  const text = change === 'damaged' ? '{"format": 1, "html": ' : JSON.stringify(kept);
  await cache.put(url, new Response(text, { headers: copy.headers }));
  return true;
}"""
# Python has kept the screen again and copied it (after its first render): the copy is it.
COPIED = f"async () => (await ({FIRST_SCREEN_COPY})()) === localStorage.getItem('ten-phases/screen')"
EDIT_KEPT = """() => {
  const kept = JSON.parse(localStorage.getItem('ten-phases/screen'));
  kept.html = kept.html.replace('<h1', '<h1 data-edited');
  localStorage.setItem('ten-phases/screen', JSON.stringify(kept));
  return true;
}"""
LOADING_CARD = """() => !document.getElementById('loading').hidden
  && document.getElementById('loading-step').getClientRects().length > 0
  && document.getElementById('app').hidden && document.getElementById('app').children.length === 0"""


def test_a_served_screen_is_kept_only_if_it_is_the_one_the_storage_keeps(
    launch: Launch, server: LocalServer
) -> None:
    """The copy the service worker serves the page with can lag localStorage (a page killed
    between the two writes), be another build's, or be damaged: the start is then as if
    there were no copy, with the kept screen painted or the loading card."""
    engine = launch()
    engine.open(server.url)
    engine.wait_ready()
    engine.settle()
    assert engine.wait_until(KEPT) == "home"
    engine.run(FORGET_CACHED, "main.py")

    def start_held(check: str) -> None:
        server.hold("/main.py")
        engine.reload()
        assert engine.wait_until(check)
        assert engine.run("() => document.documentElement.dataset.appReady ?? ''") == "", "before Python"
        assert engine.run(SERVED) == "", "the served screen is not kept"
        assert engine.run("() => document.getElementById('app').inert") is False
        server.release("/main.py")
        engine.wait_ready()
        assert engine.wait_until(COPIED), "Python keeps the screen again, and copies it"

    assert engine.wait_until(COPIED)
    # localStorage's screen is not the copy's: boot.js paints its own over the served one.
    engine.run(EDIT_KEPT)
    start_held("() => document.documentElement.dataset.painted && !!document.querySelector('[data-edited]')")
    # Another build's copy, or a damaged one, of the very screen kept: the page is served as
    # it is (a served screen would be kept), and boot.js paints the kept screen.
    for change in ("another-build", "damaged"):
        engine.run(EDIT_COPY, [*FIRST_SCREEN, change])
        start_held("() => document.documentElement.dataset.painted === 'home'")
    # No screen kept any more (say the game ended in another window): the loading card.
    engine.run("() => { localStorage.removeItem('ten-phases/screen'); return true; }")
    start_held(LOADING_CARD)
    assert engine.run(PAINTED) == ""
