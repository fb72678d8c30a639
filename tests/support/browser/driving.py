"""Driving the app in the browser for the end-to-end tests (fixtures live in tests/browser/conftest.py)."""

from __future__ import annotations

import os
import socket
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import build
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from ui.kit.i18n import Text, words
from ui.saves.storage import read_save
from ui.state import WAYS, Event, Screen, SetupInput, Ui
from ui.table.model import closing, shown_hand
from ui.table.narration import announcement, narration
from ui.table.parts import MOVES_SHOWN
from ui.table.play import timer_event
from ui.taps import ComputerMove, Tap

from phase10 import GameState
from phase10.notation import parse_state
from phase10.serialize import to_json
from support.browser.engines import PYTHON_FAILURES
from support.web.english import said
from support.web.seen import allowed_backs, allowed_cards
from support.web.taps import handle, next_taps, tapped

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, ConsoleMessage, Page, Response


class _NotingHandler(build.Handler):
    """build.py's handler, which also notes the path of every request it answers."""

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        self.server.paths.append(urlsplit(self.path).path)  # type: ignore[attr-defined]
        super().log_request(code, size)

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        path = urlsplit(self.path).path
        if path in self.server.lost:  # type: ignore[attr-defined]
            self.close_connection = True  # no answer at all, as when a network change cuts it
            return
        gate = self.server.held.get(path)  # type: ignore[attr-defined]
        if gate is not None:
            gate.asked.set()
            gate.released.wait(120)
        super().do_GET()


@dataclass
class Gate:
    """A path the server holds: ``asked`` once a request for it waits, which it does
    until ``released``."""

    asked: threading.Event = field(default_factory=threading.Event)
    released: threading.Event = field(default_factory=threading.Event)


class LocalServer:
    """``build.make_server`` on a free local port, in a thread, that a test can stop and
    start again.

    ``paths`` lists every path it was asked for, in order, over all its runs. A request
    for a path in ``lost`` gets no answer: its connection is closed.
    """

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.port = 0
        self.paths: list[str] = []
        self.held: dict[str, Gate] = {}
        self.lost: set[str] = set()
        self._server: Any = None
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def start(self) -> None:
        os.environ["TEN_PHASES_QUIET"] = "1"
        self._server = build.make_server(self.directory, self.port, handler=_NotingHandler)
        self._server.paths = self.paths
        self._server.held = self.held
        self._server.lost = self.lost
        self.port = self._server.server_address[1]
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()

    def hold(self, path: str) -> Gate:
        """Hold every request for ``path`` (e.g. ``/main.py``) until the gate is released."""
        gate = self.held[path] = Gate()
        return gate

    def release(self, path: str) -> None:
        self.held.pop(path).released.set()

    def stop(self) -> None:
        """Stop serving; afterwards the port refuses connections."""
        for path in list(self.held):
            self.release(path)
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None
        with suppress(OSError), socket.create_connection(("127.0.0.1", self.port), timeout=2):
            raise AssertionError(f"the server on port {self.port} still accepts connections")


@contextmanager
def serving(directory: Path) -> Iterator[str]:
    """``directory`` served on a free local port for the duration (for scripts; tests use
    the ``server`` fixture)."""
    server = LocalServer(directory)
    server.start()
    try:
        yield server.url
    finally:
        server.stop()


# Tables the tests open from a saved game (``continue_saved``).

# Ann holds phase 1 and more: "Lay down" with nothing selected opens the arrangement.
CAN_LAY = """
game seed=4 current=0 step=play
seat 0 "Ann"
  hand: R3 B3 Y3 G9 R9 W R1 B12 Y6 G7 Y10
seat 1 "Bo"
  hand: B1 B2 B4 B5 B6 B7 B8 B9 B10 B11
discard: Y1
"""

# Ann holds a Skip, with two players she could skip.
HOLDS_SKIP = """
game seed=4 current=0 step=play
seat 0 "Ann"
  hand: R1 R2 R3 R5 R6 R8 R9 R10 R11 R12 S
seat 1 "Bo"
  hand: B1 B2 B3 B4 B5 B6 B7 B8 B9 B10
seat 2 "Cy"
  hand: G4 G5 G6 G7 G8 G9 G10 S S S
discard: Y1
"""


READY = "html[data-app-ready='1']"

# Installed before any page script: records CSP violations and uncaught errors.
WATCH_PAGE = """
window.__problems = [];
document.addEventListener('securitypolicyviolation', (e) =>
  window.__problems.push(`CSP ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
window.addEventListener('error', (e) => window.__problems.push(`error ${e.message}`));
window.addEventListener('unhandledrejection', (e) => window.__problems.push(`rejection ${e.reason}`));
"""

# The loading card's notice for a start whose scripts never ran (index.html), as seen,
# or null once boot.js has taken it away.
UNSTARTED = """() => {
  const notice = document.getElementById("unstarted");
  const shown = (element) => getComputedStyle(element).visibility === "visible";
  return notice && {
    shown: shown(notice),
    progress: shown(document.getElementById("loading-progress")),
    delays: document.getAnimations().filter((a) => a.animationName?.startsWith("unstarted"))
      .map((a) => a.effect.getTiming().delay),
    languages: [...notice.querySelectorAll("p")].map((p) => p.lang),
    words: notice.textContent,
    again: notice.querySelector("a").href === location.href,
  };
}"""
# The notice's time (20 s), run to its end.
# Where the page keeps the copy of the kept screen that the service worker serves the page
# with (web/platform.js's FIRST_SCREEN_PATH and FIRST_SCREEN_CACHE), and the copy as stored:
# its text, or null.
FIRST_SCREEN = ("first-screen", "ten-phases/first-screen")
FIRST_SCREEN_COPY = f"""async () => {{
  const url = new URL('{FIRST_SCREEN[0]}', location.href).href;
  const copy = await caches.match(url, {{ cacheName: '{FIRST_SCREEN[1]}' }});
  return copy ? await copy.text() : null;
}}"""

# A file out of the service worker's caches (the argument: its path, e.g. "main.py"), so that
# its request reaches the server, which can hold it.
FORGET_CACHED = """async (path) => {
  for (const name of await caches.keys()) {
    await (await caches.open(name)).delete(new URL(path, location.href).href);
  }
  return true;
}"""

UNSTARTED_TIME_PASSES = """() => document.getAnimations()
  .filter((a) => a.animationName?.startsWith("unstarted")).forEach((a) => a.finish())"""

# Where the modules of PyScript's package and of the UI that a Python holds came from:
# "kept", the bytecode kept with the snapshot (web/bundle.js: "unchecked-hash" pycs,
# flags 1); "compiled", from source at this start (Python writes a pyc with other flags);
# "no file", no pyc at all (imported in the snapshot, or not written).
KEPT_BYTECODE = """async () => {
  const { python } = await import('./interpreter.js');
  const pyodide = await python;
  return JSON.parse(pyodide.runPython(`
import json, sys

def _flags(cached):
    with open(cached, "rb") as pyc:
        return int.from_bytes(pyc.read(8)[4:], "little")

_found = {"kept": [], "compiled": [], "no file": []}
for _name, _module in sorted(sys.modules.items()):
    _spec = getattr(_module, "__spec__", None)
    if not (_name == "pyscript" or _name.startswith(("pyscript.", "ui."))):
        continue
    if _spec is None or not (_spec.origin or "").endswith(".py"):
        continue  # PyScript's JavaScript modules
    try:
        _where = "kept" if _flags(_spec.cached) == 1 else "compiled"
    except (OSError, TypeError):
        _where = "no file"
    _found[_where].append(_name)
json.dumps(_found)
`, { globals: pyodide.toPy({}) }));
}"""


# How long a test waits for the app to load and start. This bound ends a hang; it does not
# time the boot (benchmarks/startup.py does). CI's two cores once stalled one page's load
# for more than 90 s, midway through a full run that otherwise passed (stop 44).
BOOT_WAIT = 150_000


def open_app(page: Any, url: str, timeout: float = BOOT_WAIT) -> None:
    try:
        page.goto(url, timeout=timeout)
    except PlaywrightTimeout as error:
        raise AssertionError(f"{url} did not load in {timeout / 1000:.0f} s\n{stalled(page)}") from error
    wait_ready(page, timeout)


def wait_ready(page: Any, timeout: float = BOOT_WAIT) -> None:
    try:
        page.wait_for_selector(READY, state="attached", timeout=timeout)
    except PlaywrightTimeout as error:
        raise AssertionError(f"the app was not ready in {timeout / 1000:.0f} s\n{stalled(page)}") from error


# What a page that has not started is doing: where its start got to, and its service worker.
START_STATE = """() => ({
  readyState: document.readyState,
  rescue: document.documentElement.dataset.rescue ?? null,
  painted: document.documentElement.dataset.painted ?? null,
  marks: performance.getEntriesByType("mark").map((m) => `${m.name} ${Math.round(m.startTime)}`),
  controlled: navigator.serviceWorker?.controller?.state ?? null,
  loaded: performance.getEntriesByType("resource").length,
  uptime: Math.round(performance.now()),
})"""


def stalled(page: Page) -> str:
    """Where ``page``'s start stalled, for a failure's message: how far the start got, the
    requests not answered in full (and why, where they failed), and the latest console
    messages.  A hang on CI's machine is then found from its log (stop 48's was a network
    change, ERR_NETWORK_CHANGED, failing the page's scripts)."""
    lines = []
    # Each part on its own: a page whose renderer crashed answers none of them, and the
    # message must still say so rather than hide the timeout behind another error.
    try:
        lines.append(f"start: {page.evaluate(START_STATE)}")
    except PlaywrightError as error:
        lines.append(f"start: not readable ({error.message.splitlines()[0]})")
    try:
        unfinished = [
            f"{r.method} {r.url}" + (f" ({r.failure})" if r.failure else "")
            for r in page.requests()
            if r.timing.get("responseEnd", -1) < 0
        ]
        lines.append(f"unfinished requests: {unfinished or 'none'}")
        lines.extend(f"console {m.type}: {m.text[:300]}" for m in page.console_messages()[-25:])
    except PlaywrightError as error:
        lines.append(f"requests and console: not readable ({error.message.splitlines()[0]})")
    return "\n".join(lines)


def wait_for_controller(page: Any, timeout: float = 30_000) -> None:
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=timeout)


def page_problems(page: Any) -> list[str]:
    return list(page.evaluate("() => window.__problems || []"))


def renders(page: Any) -> int:
    return int(page.evaluate("() => Number(document.documentElement.dataset.renders || 0)"))


def scrolled(page: Any, selector: str) -> tuple[float, float]:
    """How far the box ``selector`` is scrolled, and how far it could be."""
    top, room = page.evaluate(
        "(s) => { const box = document.querySelector(s);"
        " return [box.scrollTop, box.scrollHeight - box.clientHeight]; }",
        selector,
    )
    return float(top), float(room)


def scroll_box(page: Any, selector: str, top: float) -> None:
    """Scroll the box ``selector`` to ``top`` (the browser stops it at its foot), as a finger would."""
    page.evaluate("([s, top]) => { document.querySelector(s).scrollTop = top; }", [selector, top])


def control_for(event: Any) -> str:
    """A selector for the control that makes ``event`` (the first one, if several match)."""
    if event.name in ("select", "choose", "hit") or event.value:
        return f"[data-action={event.name}][data-value='{event.value}']"
    # Without a value, the control that has none: "new-game" alone is Pass-and-play, and
    # "new-game" with the value "computer" is "Play against the computer".
    return f"[data-action='{event.name}']:not([data-value])"


# On the table, these are in its menu: the menu is opened first (one render more).
MENU_EVENTS = frozenset({"home", "rules", "settings", "phones"})


def needs_menu(page: Any, event: Any) -> bool:
    """Whether ``event``'s control is behind the table's menu, which is closed."""
    return bool(
        event.name in MENU_EVENTS
        and page.locator(control_for(event)).count() == 0
        and page.locator("[data-action=menu]").count() > 0
    )


def tap(page: Any, event: Any) -> None:
    """Make one UI event by tapping what the screen shows for it (opening the table's menu
    first if it is in there), and wait for the new screen."""
    if needs_menu(page, event):
        tap(page, Event("menu"))
    before = renders(page)
    page.locator(control_for(event)).first.click()
    page.wait_for_function(f"() => Number(document.documentElement.dataset.renders) > {before}")


def saved_game(page: Any) -> GameState | None:
    """The game in progress the page's storage holds, read as the app reads it."""
    loaded = read_save(page.evaluate("() => localStorage.getItem('ten-phases/game')"))
    assert not loaded.problem, loaded.problem
    return loaded.game


def put_saved_game(page: Any, url: str, text: str) -> None:
    """Store ``text`` as the saved game (the page must be on the app's origin), then open the
    app anew: on Home.  (Opening its own address again would be a reload, which keeps the
    screen the history entry remembers: that entry is cleared first, and so is the screen
    kept for the first paint, which a save written from outside could match.  The page
    going away keeps its own screen, and may save its own game: the writes are made again
    after its handlers, so that they stand.)"""
    page.evaluate(
        """(text) => {
          const put = () => {
            localStorage.setItem('ten-phases/game', text);
            localStorage.removeItem('ten-phases/screen');
          };
          put();
          history.replaceState(null, '');
          document.addEventListener('visibilitychange', put);
          addEventListener('pagehide', put);
        }""",
        text,
    )
    page.goto(url)
    wait_ready(page)


def resumed(page: Any) -> None:
    """The app opened anew with a game in progress opens on the screen the game resumes on
    when the last run kept it for the first paint (ui/shell/first_paint.py) in time, else on Home:
    from there, Continue."""
    if page.evaluate("() => document.documentElement.dataset.screen") == "home":
        tap(page, Event("continue"))


def start_game(
    page: Any,
    url: str,
    names: tuple[str, ...],
    variation: str,
    phases: str,
    seed: str,
    kinds: tuple[str, ...] = (),
    edition: str = "classic",
    languages: tuple[str, ...] = (),
    hints: bool = True,
) -> Ui:
    """Set up a game by taps; the mirror speaks the language the browser's ``languages`` pick."""
    kinds = kinds or ("person",) * len(names)
    open_app(page, url)
    tap(page, Event("new-game"))
    while page.locator("input[name=player]").count() < len(names):
        tap(page, Event("add-player"))
    for i, kind in enumerate(kinds):
        if page.locator("select[name=kind]").nth(i).input_value() != kind:
            before = renders(page)
            page.locator("select[name=kind]").nth(i).select_option(kind)
            page.wait_for_function(f"() => Number(document.documentElement.dataset.renders) > {before}")
    for i, name in enumerate(names):
        page.fill(f"#player-{i}", name)
    if edition != "classic":
        before = renders(page)
        page.check(f"input[name=edition][value={edition}]")
        page.wait_for_function(f"() => Number(document.documentElement.dataset.renders) > {before}")
    for way in variation.split(","):
        if way in WAYS:  # the standard game ticks none
            before = renders(page)
            page.check(f"input[name=way][value={way}]")
            page.wait_for_function(f"() => Number(document.documentElement.dataset.renders) > {before}")
    if not hints:
        page.uncheck("input[name=hints]")
    page.locator("details.more-options summary").click()
    page.fill("input[name=seed]", seed)
    if variation == "first-to-n":
        page.select_option("select[name=phases-to-win]", phases)
    tap(page, Event("start-game"))
    mirror = handle(Ui(browser_languages=languages), Event("new-game"))
    fields = SetupInput(names, kinds, edition, tuple(variation.split(",")), phases, seed=seed, hints=hints)
    return handle(mirror, Event("start-game", form=fields))


# One look at the page, taken in a single script so that no move can happen half-way through.
SNAPSHOT = """() => {
  const cards = (selector) => [...document.querySelectorAll(selector)].map((e) => e.dataset.card);
  const pile = document.querySelector('.discard-pile');
  const draw = document.querySelector('.draw-pile');
  return {
    renders: Number(document.documentElement.dataset.renders || 0),
    screen: document.documentElement.dataset.screen,
    hand: cards('.hand [data-card]'),
    all: cards('[data-card]'),
    backs: [...document.querySelectorAll('[data-back]')].map((e) => e.dataset.back),
    status: [...document.querySelectorAll('[role=status]')].map((e) => e.textContent),
    top: pile ? (pile.dataset.card ?? null) : null,
    draw: draw ? draw.innerText : '',
    narration: [...document.querySelectorAll('.narration li:not(.thinking)')].map((e) => e.textContent),
    announcer: document.getElementById('announcer').textContent,
    lang: document.documentElement.lang,
    saved: localStorage.getItem('ten-phases/game'),
  };
}"""


def check_snapshot(snapshot: dict[str, Any], mirror: Ui, said: Sequence[Text] = ()) -> None:
    """The page shows what the ``mirror`` state does, and its live region reads out ``said``
    (what the last step said: ``Outcome.said``)."""
    assert snapshot["screen"] == mirror.screen.value
    assert snapshot["lang"] == mirror.language
    assert snapshot["announcer"] == announcement(mirror.language, said), "what the last move did, read out"
    if mirror.game is not None and not mirror.game.is_over:
        # Every move is saved as it is made (update's SaveGame, carried out by the page).
        saved = read_save(snapshot["saved"])
        assert saved.game == mirror.game, (
            f"the page saved {saved.game and saved.game.turns} turns, not the mirror's"
        )
    # Two-sided cards: only the other side of other hands and of the draw pile's top.
    assert sorted(snapshot["backs"]) == allowed_backs(mirror)
    assert not any("/" in card for card in snapshot["all"]), "nobody sees their own cards' other side"
    if mirror.screen is Screen.HANDOFF:
        assert snapshot["all"] == [], "no card face while the phone is passed"
    if mirror.screen is Screen.TABLE:
        assert mirror.game is not None
        assert snapshot["hand"] == ([] if closing(mirror) else [str(c) for c in shown_hand(mirror)])
        top = mirror.game.discard_top
        assert snapshot["top"] == (str(top.shown) if top else None)
        assert words(mirror.language)("table.draw", count=len(mirror.game.draw_pile)) in snapshot["draw"]
        assert sorted(snapshot["all"]) == allowed_cards(mirror), "only the shown hand's cards"
        # Newest first, so that the newest move is always in view: the newest few, or all.
        told = [words(mirror.language).say(line) for line in reversed(narration(mirror))]
        assert snapshot["narration"] == (told if mirror.all_moves else told[:MOVES_SHOWN])


def check_page(page: Any, mirror: Ui, said: Sequence[Text] = ()) -> None:
    check_snapshot(page.evaluate(SNAPSHOT), mirror, said)


class Table:
    """A game on the page and its mirror on CPython, kept in step render by render.

    Computer players move on the page's own timer, and the scores follow a hand's
    last play on it; each timer event is one render, so the mirror makes as many
    of them as the page has rendered since, and the two are compared on one
    snapshot of the page.
    """

    def __init__(
        self,
        page: Any,
        mirror: Ui,
        press: Callable[[Any, Event], None] | None = None,
        said: Sequence[Text] = (),
    ) -> None:
        self.page = page
        self.mirror = mirror
        self.press = press or tap  # how an event is made on the page: a tap, or keys
        self.rendered = renders(page)
        self.screens: list[Screen] = [mirror.screen]
        self.computer_moves = 0
        self.announced: list[str] = []  # what the live region said, snapshot by snapshot
        self.said = tuple(said)  # what the mirror's last step said

    def catch_up(self, snapshot: dict[str, Any]) -> None:
        while self.rendered < snapshot["renders"]:
            event = timer_event(self.mirror)
            assert event is not None, "the page moved without a tap and with nothing due on its timer"
            self.step(event)
            self.computer_moves += isinstance(event, ComputerMove)
            self.rendered += 1
            self.screens.append(self.mirror.screen)
        check_snapshot(snapshot, self.mirror, self.said)
        self.announced.append(snapshot["announcer"])

    def step(self, event: Event | Tap) -> None:
        outcome = tapped(self.mirror, event)
        self.mirror, self.said = outcome.ui, outcome.said

    def tap(self, event: Event) -> None:
        if needs_menu(self.page, event):
            self.tap(Event("menu"))
        self.press(self.page, event)
        self.step(event)
        assert not self.mirror.message, said(self.mirror.message)
        self.rendered += 1
        self.screens.append(self.mirror.screen)
        self.catch_up(self.page.evaluate(SNAPSHOT))

    def wait_for_computer(self, timeout: float = 30_000) -> None:
        self.page.wait_for_function(
            f"() => Number(document.documentElement.dataset.renders) > {self.rendered}", timeout=timeout
        )
        self.catch_up(self.page.evaluate(SNAPSHOT))

    def move(self) -> None:
        """The next move: wait for the computer's, or make the person's by taps."""
        if timer_event(self.mirror) is not None:  # a computer's move, or the scores
            self.wait_for_computer()
            return
        events = next_taps(self.mirror)
        assert events, f"nothing to tap on {self.mirror.screen}"
        for event in events:
            self.tap(event)

    def play_until(self, screens: set[Screen], limit: int = 3000) -> Ui:
        moves = 0
        while self.mirror.screen not in screens:
            self.move()
            moves += 1
            assert moves < limit
        return self.mirror


def see_scores(page: Any) -> str:
    """After a hand's last play, left on the table a moment: tap "See the scores" unless the
    page's timer has shown them already (read and tapped in one script, as the timer may
    fire at any moment), and wait for them.  Returns what the table said of the hand's end."""
    words = page.evaluate(
        """() => {
            const words = document.querySelector('.hand-end')?.textContent ?? '';
            document.querySelector('[data-action=scores]')?.click();
            return words;
        }"""
    )
    page.wait_for_function("() => document.documentElement.dataset.screen !== 'table'")
    return str(words)


def play_until(page: Any, mirror: Ui, screens: set[Screen], limit: int = 3000) -> Ui:
    return Table(page, mirror).play_until(screens, limit)


def continue_saved(page: Any, url: str, state_text: str) -> Ui:
    """Open the app on a saved game made from notation, and pass the phone to its player."""
    open_app(page, url)
    game = parse_state(state_text)
    put_saved_game(page, url, to_json(game))
    tap(page, Event("continue"))
    tap(page, Event("reveal"))
    return Ui(screen=Screen.TABLE, game=game)


# On the seats' screen: the bottom of the sticky title bar, the lost seat's buttons
# (action, top, bottom), the window's height and how far the page is scrolled.
LOST_SEAT = """() => [
  document.querySelector('header.bar').getBoundingClientRect().bottom,
  [...document.querySelectorAll('.phone-seat.lost button')].map((b) => {
    const box = b.getBoundingClientRect();
    return [b.dataset.action, box.top, box.bottom];
  }),
  innerHeight,
  scrollY,
]"""


class RequestLog:
    """What a test's pages asked for, and every error they showed (the `requests` fixture)."""

    def __init__(self) -> None:
        self.urls: list[str] = []
        self.errors: list[str] = []  # responses with an HTTP error status
        # Page errors, unhandled rejections, and Python exceptions written to the console.
        self.problems: list[str] = []

    def follow(self, context: BrowserContext) -> None:
        """Note what ``context``'s pages ask for, the HTTP errors they get, and what goes
        wrong on them."""
        context.on("request", lambda request: self.urls.append(request.url))
        context.on("response", self._response)
        context.on("page", self.watch)

    def _response(self, response: Response) -> None:
        if response.status >= 400:
            self.errors.append(f"{response.status} {response.url}")

    def watch(self, page: Page) -> None:
        page.on("pageerror", lambda error: self.problems.append(f"page error: {error}"))
        page.on("console", self._console)

    def _console(self, message: ConsoleMessage) -> None:
        text = message.text
        if any(words in text for words in PYTHON_FAILURES):
            self.problems.append(f"python: {text[:2000]}")

    def foreign(self) -> list[str]:
        """Requests to anywhere but the local test servers (each test's app origin)."""
        return [url for url in self.urls if not url.startswith(("http://127.0.0.1:", "data:", "blob:"))]
