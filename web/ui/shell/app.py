"""The page: turns taps into events, renders the UI state, and saves the game.

All DOM access lives here.  One listener on the document catches every tap and
turns the ``data-action`` of the element tapped into a message; ``update.update``
decides what it does, as the next UI state and its effects (``effects``); this
module carries the effects out (the game is written to localStorage after every
action, so a closed tab, a reload or a killed page loses nothing) and
``screens.render`` draws the state.

For keyboards and screen readers: focus stays on the control that was used (or
moves to the new screen's heading, or into a dialog), Escape closes a dialog,
and what each action did is read out by the page's one live region.
"""

from __future__ import annotations

import os
from collections.abc import Awaitable
from dataclasses import dataclass, field, replace
from typing import Any

from pyodide.ffi import create_proxy, to_js
from pyscript import document, window
from pyscript.js_modules import platform as js_platform

from .. import navigation, taps
from ..effects import (
    Announce,
    AnswerPeer,
    BackupWritten,
    CloseCamera,
    ClosePeer,
    ConnectPeer,
    DiscardPad,
    DiscardSave,
    Effect,
    FinishedWaiting,
    ForgetList,
    GameSaved,
    KeepList,
    KeepSeatGame,
    ListsKept,
    Message,
    NoteRefused,
    OpenCamera,
    OpenPeer,
    OtherWindow,
    Outcome,
    PadSaved,
    PlaySound,
    RestoreBackup,
    SaveGame,
    SavePad,
    SaveSettings,
    ShareSheet,
    StorageKept,
    TellHost,
    TellPhone,
    WriteBackup,
)
from ..kit.i18n import Text, text, words
from ..net import host
from ..net.qr import QrError
from ..net.screens import scanner
from ..pad.saves import PadSlot
from ..records import PAD
from ..results import share
from ..saves import backups
from ..saves.storage import CURRENT, FINISHED, LISTS, SET_ASIDE, SETTINGS, MemoryStore, Saves, Store
from ..screens import render, reveals
from ..state import Event, Screen, SetupForm, SetupInput, Ui
from ..table.narration import announcement
from ..table.play import timer_delay, timer_event
from ..taps import Tap
from ..update import update
from . import camera, first_paint, peers, platform, pwa, qr_loader, scrolling, sound


@dataclass
class Shell:
    """What the page holds between messages: the one UI state, the storage handles, and
    its own bookkeeping of timers, renders and the browser's history."""

    ui: Ui
    saves: Saves
    pads: PadSlot
    on_timer: Any = None  # the callbacks of the timer and of keeping the screen, made once
    on_keep: Any = None
    renders: int = 0
    depth: int = 0  # the history's level, as this page last wrote it
    place: dict[str, object] | None = None
    pops_pending: int = 0  # our own going back, still to arrive as popstates
    resync: bool = False
    timer: Any = None
    timer_message: Tap | None = None
    keep_timer: Any = None
    kept: str | None = None  # the screen kept for the next start, as last written
    asked_to_keep: bool = False
    motion: Any = None  # the reduced-motion media query
    qr_codes: dict[str, str] = field(default_factory=dict)  # each code's QR code, drawn once


_app: Shell  # set by start()
READY_MARK = "ten-phases:ready"
LIVE_MARK = "ten-phases:live"  # Python's first render, over the kept screen or the loading card
# The screen the app opens on is kept this long after a render (a burst of renders, the
# computers' moves, keeps it once), and at once when the page is hidden.
KEEP_AFTER_MS = 250


def build_info() -> tuple[str, str]:
    def meta(name: str) -> str:
        node = document.querySelector(f'meta[name="{name}"]')
        return str(node.content) if node else ""

    return meta("app-build"), meta("app-note")


def _form_fields() -> SetupInput | None:
    """The set-up form's fields, by name, as the page shows them."""
    form = document.getElementById("setup")
    if not form:  # the DOM's null arrives as a falsy JsNull
        return None
    names = [str(node.value) for node in form.querySelectorAll("input[name=player]")]
    kinds = [str(node.value) for node in form.querySelectorAll("[name=kind]")]
    edition = form.querySelector("input[name=edition]:checked")
    ways = [str(node.value) for node in form.querySelectorAll("input[name=way]:checked")]
    phases = form.querySelector("select[name=phases-to-win]")
    el_chavo = form.querySelector("input[name=el-chavo]")
    seed = form.querySelector("input[name=seed]")
    hints = form.querySelector("input[name=hints]")
    code = form.querySelector("input[name=phase-code]")
    length = form.querySelector("select[name=list-length]")
    name = form.querySelector("input[name=list-name]")
    return SetupInput(
        names=tuple(names),
        kinds=tuple(kinds),
        edition=str(edition.value) if edition else "",
        ways=tuple(ways),
        phases_to_win=str(phases.value) if phases else "",
        el_chavo=bool(el_chavo and el_chavo.checked),
        seed=str(seed.value) if seed else "",
        hints=bool(hints.checked) if hints else None,
        phase_code=str(code.value) if code else "",
        list_length=str(length.value) if length else "",
        list_name=str(name.value) if name else None,
    )


def _random_seed() -> str:
    # os.urandom rather than the secrets module: that one costs ~15 ms of start-up imports.
    return str(int.from_bytes(os.urandom(8)) >> 1)


def dispatch_event(event: Event) -> None:
    """A control's event, as the page found it: parsed into its message, once, here.  One
    that does not parse (a control the app does not know, a value that does not read) is
    dropped, and said on the console."""
    message = taps.parse(event)
    if message is None:
        window.console.warn(f"a tap the app does not know was dropped: {event.name}={event.value!r}")
        return
    dispatch(message)


def dispatch(message: Message) -> None:
    """Send ``message`` through ``update``, carry out its effects, and render the result."""
    before = _app.ui
    if isinstance(message, Tap):
        _app.saves.flush()  # a finished game that storage refused is written at the next chance
    outcome = update(before, message)
    after, said, cues = _carry_out(outcome)
    if isinstance(message, Tap) and _app.saves.pending:
        after = update(after, FinishedWaiting()).ui
    _app.ui = after
    if _shows(message, outcome, before, after):
        show(after, before, said)
    if cues and after.settings.sound_on(_reduced_motion()):
        sound.play(cues)
        if "turn" in cues:
            sound.buzz()


def _shows(message: Message, outcome: Outcome, before: Ui, after: Ui) -> bool:
    """Whether a message's result is rendered: a tap's always, unless it only asked the
    page to share; news only where it shows."""
    if isinstance(message, StorageKept):  # only the settings screen says it
        return after != before and before.screen is Screen.SETTINGS
    if isinstance(message, OtherWindow):
        lists = message.past_games and before.screen in (Screen.HOME, Screen.HISTORY)
        return after is not before or lists
    only_shared = outcome.effects and all(isinstance(effect, ShareSheet) for effect in outcome.effects)
    return not (after is before and only_shared)


def _carry_out(outcome: Outcome) -> tuple[Ui, tuple[Text, ...], tuple[str, ...]]:
    """Carry out the effects in order, sending each answer back through ``update`` (its
    effects join the queue); the lines to read out and the sounds are left for the render."""
    ui, queue = outcome.ui, list(outcome.effects)
    said: list[Text] = []
    cues: list[str] = []
    while queue:
        effect = queue.pop(0)
        if isinstance(effect, Announce):
            said += effect.lines
        elif isinstance(effect, PlaySound):
            cues += effect.cues
        else:
            answer = _perform(effect, ui)
            if answer is not None:
                answered = update(ui, answer)
                ui = answered.ui
                queue += answered.effects
    return ui, tuple(said), tuple(cues)


def _perform(effect: Effect, ui: Ui) -> Message | None:
    """Carry out one effect that touches storage or the browser; its answer, if it has one."""
    saves, pads = _app.saves, _app.pads
    if isinstance(effect, SaveGame):
        return _save_game(effect)
    if isinstance(effect, SavePad):
        problem, newer = pads.record(effect.pad, _local_time(), fresh=effect.fresh)
        return PadSaved(problem, newer) if problem or newer is not None else None
    if isinstance(effect, KeepSeatGame):
        kept = saves.keep_finished(effect.pad, _local_time(), effect.seat)
        return None if kept else GameSaved(text("storage.finished_kept"))
    if isinstance(effect, DiscardSave):
        saves.discard_current()
    elif isinstance(effect, DiscardPad):
        pads.discard()
    elif isinstance(effect, RestoreBackup):
        backup = effect.backup
        problem = saves.restore(backup.game, backup.finished, backup.lists) or pads.restore(backup.pad)
        return BackupWritten(problem, saves.saved_lists())
    elif isinstance(effect, KeepList):
        return ListsKept(*saves.keep_list(effect.phase_list))
    elif isinstance(effect, ForgetList):
        return ListsKept(*saves.forget_list(effect.phase_list))
    elif isinstance(effect, SaveSettings):
        saves.save_settings(effect.settings)
    elif isinstance(effect, WriteBackup):
        return taps.BackedUp(_save_backup())
    elif isinstance(effect, ShareSheet):
        _share(ui, effect.which)
    else:
        _perform_net(effect)
    return None


def _perform_net(effect: Effect) -> None:
    """The effects of a game on several phones: the connections and their channels."""
    if isinstance(effect, TellPhone):
        peers.send(effect.seat, effect.text)
    elif isinstance(effect, TellHost):
        peers.send(peers.HOST, effect.text)
    elif isinstance(effect, NoteRefused):
        window.console.warn(f"ten-phases: refused from another phone: {effect.line}")
    elif isinstance(effect, OpenPeer):
        peers.offer(effect.seat, dispatch)
    elif isinstance(effect, AnswerPeer):
        peers.answer(effect.code, dispatch)
    elif isinstance(effect, ConnectPeer):
        peers.connect(effect.seat, effect.code, dispatch)
    elif isinstance(effect, ClosePeer):
        peers.close(effect.seat)
    elif isinstance(effect, OpenCamera):
        view = scanner(words(_app.ui.language))
        camera.open_view(effect.box, _app.ui.screen, view, _scanned, _scan_refused, _scan_cancelled)
    elif isinstance(effect, CloseCamera):
        camera.stop()


# --- a code read with the camera (camera): sent as if typed --------------------------------


def _scanned(box: str, code: str) -> None:
    """A pairing code the camera read for the box ``box``: put in the box, and sent by the
    box's button, exactly as a tap on it with the code typed."""
    field = document.getElementById(box)
    sender = document.querySelector(f'[data-field="{box}"]')
    if not field or not sender:  # the screen moved on meanwhile
        return
    field.value = code
    dispatch_event(_control_event(sender))


def _scan_refused(why: str) -> None:
    dispatch(taps.ScanRefused(why))


def _scan_cancelled() -> None:
    dispatch(taps.StopScan())


def _on_leaving(_event: Any) -> None:
    """The page is going away (a reload, the tab closed, the phone reclaiming it): what
    storage refused is written now, and the other phones are told this one left."""
    _app.saves.flush()
    peers.close_all()


def _save_game(effect: SaveGame) -> GameSaved | None:
    """Save the game after a move.  If another window wrote a newer save meanwhile, that one
    is not written over (the answer says so, and it is shown instead)."""
    game = effect.game
    recorded = _app.saves.record(game, _local_time() if game.is_over else "", effect.drawn, effect.away)
    if recorded:
        return GameSaved(recorded.problem, recorded.newer)
    if not _app.asked_to_keep:  # once there is a game worth keeping
        _app.asked_to_keep = True
        platform.spawn(_ask_to_keep("persist"))
    return None


async def _ask_to_keep(method: str) -> None:
    """Ask the browser to keep the app's storage (``persist``: once there is a game to
    keep), or whether it does (``persisted``), and tell the settings screen."""
    # Not every browser has navigator.storage (WebKitGTK has none): then it does not say.
    storage = getattr(window.navigator, "storage", None)
    answer = await platform.settle(storage, method) if storage else platform.Settled(ok=False)
    kept = None if not answer.ok else bool(answer.value)
    document.documentElement.dataset.storageKept = "unknown" if kept is None else "yes" if kept else "no"
    dispatch(StorageKept(kept))


def _local_time() -> str:
    """The phone's local date and time as ISO 8601 (no zone): when a game finished, as the
    players would write it on the pad."""
    return str(js_platform.localTime())


def _reduced_motion() -> bool:
    """Whether the phone asks for reduced motion (read live: it can change while the app is
    open), from a media query made once, not on every tap."""
    if _app.motion is None:
        _app.motion = window.matchMedia("(prefers-reduced-motion: reduce)")
    return bool(_app.motion.matches)


def _page(ui: Ui) -> str:
    """The HTML of ``ui``'s screen, with what the page adds: the build, and the past games
    where the screen lists them."""
    build, note = build_info()
    finished, unreadable = _app.saves.finished() if ui.screen in (Screen.HOME, Screen.HISTORY) else ((), 0)
    return render(
        ui, build=build, note=note, finished=finished, unreadable=unreadable, reduced_motion=_reduced_motion()
    )


def show(ui: Ui, before: Ui | None = None, said: tuple[Text, ...] = ()) -> None:
    """Render ``ui`` (``before``: the state shown until now, whose scroll places and focus
    carry over) and read out ``said``."""
    focused = _focus_selector(document.activeElement)
    try:
        markup = _page(ui)
    except Exception as error:  # a save that passed every check yet cannot be shown
        ui = _app.ui = _cannot_show(ui, error)
        build, note = build_info()
        markup = render(ui, build=build, note=note, reduced_motion=_reduced_motion())
    app = document.getElementById("app")
    scrolled = scrolling.positions(app)
    app.innerHTML = markup
    if before is not None and before.screen is ui.screen:
        scrolling.restore(app, scrolled, reveal=reveals(before, ui))
    _draw_qr_codes(app)
    root = document.documentElement
    if root.lang != ui.language:
        root.lang = ui.language
        pwa.refresh_banner()
    root.classList.toggle("large-type", ui.settings.large_type)
    announcer = document.getElementById("announcer")
    spoken = announcement(ui.language, said)
    if announcer.textContent != spoken:
        announcer.textContent = spoken
    camera.follow(ui.screen)  # a view left open over another screen is closed
    if before is not None and not camera.is_open():  # the camera's view keeps the focus
        _restore_focus(ui, before, focused)
    if before is not None and before.screen is not ui.screen:
        scrolling.open_at(app, window)
    root.dataset.screen = ui.screen.value
    # A counter of renders: tests and the tap benchmark wait for it to move.
    _app.renders += 1
    root.dataset.renders = str(_app.renders)
    _sync_history(ui)
    _schedule(ui)
    _keep_soon()


# --- QR codes: drawn into the rendered screen's data-qr places (qr_loader) -----------------


def _draw_qr_codes(app: Any) -> None:
    """Draw each ``data-qr`` code of the screen: at once when drawn before, else once segno
    is loaded (the first time, its wheel is fetched; the text code shows meanwhile)."""
    for place in app.querySelectorAll("[data-qr]"):
        code = _attr(place, "data-qr")
        if code in _app.qr_codes:
            place.innerHTML = _app.qr_codes[code]
        else:
            platform.spawn(_drawn_qr(code))


async def _drawn_qr(code: str) -> None:
    try:
        svg = await qr_loader.qr_code(code)
    except (qr_loader.QrUnavailableError, QrError) as error:
        window.console.warn(f"ten-phases: no QR code: {error}")
        return
    _app.qr_codes[code] = str(svg)
    for place in document.querySelectorAll("[data-qr]"):
        if _attr(place, "data-qr") == code:
            place.innerHTML = _app.qr_codes[code]


# --- the first paint: the screen the next start opens on, kept (first_paint) -------------


def _keep_soon() -> None:
    if _app.keep_timer is not None:
        window.clearTimeout(_app.keep_timer)
    _app.keep_timer = window.setTimeout(_app.on_keep, KEEP_AFTER_MS)


def _keep() -> None:
    """Keep the screen the app would open on now, rendered, for the next start's first
    paint (web/boot.js), and a copy the service worker serves the page with (service_worker/sw.js);
    nothing when there is nothing worth painting."""
    _app.keep_timer = None
    saves, pads = _app.saves, _app.pads
    opened = first_paint.opening(_app.ui)
    try:
        if opened is None:
            saves.store.removeItem(first_paint.KEY)
            js_platform.forgetFirstScreen()
            _app.kept = None
            return
        build, _ = build_info()
        html = _page(opened)
        game_seq, pad_seq = _saved_seqs(saves, pads)
        text = first_paint.record(opened, html, build, game_seq, pad_seq)
        if text != _app.kept:
            saves.store.setItem(first_paint.KEY, text)
            js_platform.keepFirstScreen(text)  # the service worker's copy, after the authority
            _app.kept = text
    except Exception as error:  # a full or blocked storage only costs the next start its first paint
        window.console.warn(f"the screen was not kept for the next start: {type(error).__name__}: {error}")


def _saved_seqs(saves: Saves, pads: PadSlot) -> tuple[int, int]:
    """The sequence numbers of the game and pad saves as stored (-1: none), as boot.js
    reads them to tell whether a kept screen shows them."""
    return (saves.seq if saves.known is not None else -1, pads.seq if pads.known is not None else -1)


def _reopened(ui: Ui, saves: Saves, pads: PadSlot) -> Ui:
    """The screen the app starts on: where a reload left it (the history entry), or, on a
    fresh start, where the last run was, as far as the saves are the same (the kept screen)."""
    remembered = _remembered(window.history.state)
    _app.depth, _app.place = _level_of(remembered), remembered
    if remembered is None:
        build, _ = build_info()
        kept = first_paint.read(saves.store.getItem(first_paint.KEY), build)
        if kept is not None and (kept.game_seq, kept.pad_seq) == _saved_seqs(saves, pads):
            return navigation.reopened(ui, kept.place)
        return ui
    return navigation.reopened(ui, remembered)


# --- the browser's history: Back as the phone means it (see navigation) ------------------


def _sync_history(ui: Ui) -> None:
    """Bring the browser's history to the screen's depth: an entry pushed for each level
    deeper, entries gone back over for each level up (their popstate is ours, not a Back),
    the entry replaced for a screen at the same level.  While going back is under way, the
    sync waits for it (``_on_popstate``): pushing meanwhile would land on the wrong entry."""
    if _app.pops_pending:
        _app.resync = True
        return
    target, at = navigation.depth(ui), _app.depth
    remembered = navigation.place(ui)
    history = window.history
    if target > at:
        address = _address(ui)
        for level in range(at + 1, target + 1):
            history.pushState(_js({**remembered, "depth": level}), "", address)
    elif target < at:
        _app.pops_pending += 1
        history.go(target - at)
    elif remembered != _app.place:
        # Only when the entry would change: the turns of a game do not touch the history,
        # which costs a frame's time, and which browsers throttle when written too often.
        history.replaceState(_js(remembered), "", _address(ui))
    _app.depth, _app.place = target, remembered


def _address(ui: Ui) -> str:
    """The page's address for ``ui``'s history entry: marked (``?over=rules``) on a screen
    opened over another, whose reload the service worker then serves without the kept
    screen, which is another (sw.js's servedPage); unmarked everywhere else."""
    url = window.URL.new(window.location.href)
    if ui.screen in navigation.OVER_ANOTHER:
        url.searchParams.set(navigation.OVER_ANOTHER_PARAM, ui.screen.value)
    else:
        url.searchParams.delete(navigation.OVER_ANOTHER_PARAM)
    return str(url.href)


def _js(values: dict[str, object]) -> Any:
    return to_js(values, dict_converter=window.Object.fromEntries)


def _remembered(state: Any) -> dict[str, object] | None:
    """A history entry's state as this app wrote it; None for anything else."""
    try:
        values = state.to_py() if state is not None and hasattr(state, "to_py") else None
    except Exception:
        return None
    return values if isinstance(values, dict) else None


def _level_of(remembered: dict[str, object] | None) -> int:
    level = remembered.get("depth") if remembered else 0
    return level if isinstance(level, int) and not isinstance(level, bool) and 0 <= level <= 9 else 0


def _on_popstate(event: Any) -> None:
    """The history moved: our own going back, or the player's Back (or Forward)."""
    remembered = _remembered(event.state)
    _app.depth, _app.place = _level_of(remembered), remembered
    if _app.pops_pending:
        _app.pops_pending -= 1
        if _app.resync:
            _app.resync = False
            _sync_history(_app.ui)
        return
    ui = _app.ui
    if _app.depth < navigation.depth(ui):
        dispatch(taps.Back(browser=True))
    else:  # Forward does nothing: the history goes back to the screen shown
        _sync_history(ui)


def _cannot_show(ui: Ui, error: Exception) -> Ui:
    """The damaged-save screen for a game that cannot be shown: the save stays as it is.
    The error is on that screen, in words; the console gets one line, not a traceback
    (a traceback there means an exception nobody caught, and fails the tests)."""
    window.console.warn(f"the saved game cannot be shown: {type(error).__name__}: {error}")
    problem = text("storage.bad_save", detail=f"cannot be shown: {type(error).__name__}: {error}")
    return replace(ui, game=None, save_problem=problem, screen=Screen.CORRUPT, prompt=None)


def _schedule(ui: Ui) -> None:
    """What happens unasked (a computer player's move, the scores after a hand's last
    play) happens after a pause, one event per timer, so each is seen and the page stays
    responsive between them."""
    if _app.timer is not None:
        window.clearTimeout(_app.timer)
        _app.timer = None
    event = timer_event(ui)
    if event is not None:
        _app.timer_message = event
        _app.timer = window.setTimeout(_app.on_timer, timer_delay(ui, _reduced_motion()))


def _focus_selector(node: Any) -> str:
    """A selector that finds the focused control again in the next render ("" for none)."""
    if not node or node == document.body:
        return ""
    if node.tagName == "H1":  # where a new screen put the focus
        return "h1"
    action, value, name = _attr(node, "data-action"), _attr(node, "data-value"), _attr(node, "name")
    if action:
        return f'[data-action="{action}"]' + (f'[data-value="{value}"]' if value else "")
    if name:
        kind = _attr(node, "type")
        return f'[name="{name}"]' + (f'[value="{node.value}"]' if kind == "radio" else "")
    return f"#{node.id}" if node.id else ""


def _restore_focus(ui: Ui, before: Ui, selector: str) -> None:
    """Keyboard users keep their place: a new dialog takes the focus, a new screen puts it
    on its heading, and otherwise the control used keeps it (or the hand, once it is gone)."""
    app = document.getElementById("app")
    target = None
    opened = (
        (ui.prompt is not None and before.prompt is None)
        or (ui.menu and not before.menu)
        or (ui.leaving and not before.leaving)
    )
    if opened:
        target = app.querySelector(".prompt button")
    elif ui.screen is not before.screen:
        target = app.querySelector("h1")
    elif selector:
        found = app.querySelector(selector)
        usable = found and not found.hasAttribute("disabled")
        target = found if usable else app.querySelector(".hand button, h1")
    if target:
        target.focus()


def _on_key(event: Any) -> None:
    """Escape closes an open dialog, as Cancel does (Close, for the pad's card counter)."""
    ui = _app.ui
    if event.key == "Escape" and ui.prompt is not None:
        event.preventDefault()
        dispatch(taps.Cancel())
    elif event.key == "Escape" and ui.menu:
        event.preventDefault()
        dispatch(taps.CloseMenu())
    elif event.key == "Escape" and ui.leaving:
        event.preventDefault()
        dispatch(taps.StayAtTable())
    elif event.key == "Escape" and ui.draft is not None and ui.draft.counting is not None:
        event.preventDefault()
        dispatch(taps.CloseCounter())


def _on_timer() -> None:
    _app.timer = None
    if _app.timer_message is not None:
        dispatch(_app.timer_message)


def _attr(node: Any, name: str) -> str:
    """An attribute's text; "" when it is absent (the DOM gives a JS null then)."""
    value = node.getAttribute(name)
    return value if isinstance(value, str) else ""


def _on_click(event: Any) -> None:
    ui = _app.ui
    if ui.settings.sound != "off":
        sound.wake()  # browsers let a page make sound only from a tap
    target = event.target.closest("[data-action]")
    if not target or target.hasAttribute("disabled"):
        return
    action = _attr(target, "data-action")
    if action in pwa.ACTIONS:
        pwa.ACTIONS[action](target)
        return
    event.preventDefault()
    dispatch_event(_control_event(target))


def _control_event(target: Any) -> Event:
    """The event of a tap on the control ``target``: its action and value, with the text
    of the box it carries, and the set-up form's fields."""
    action, value = _attr(target, "data-action"), _attr(target, "data-value")
    box = _attr(target, "data-field")
    if box:  # the control carries the text of a box (a pairing code)
        field = document.getElementById(box)
        typed = str(field.value) if field else ""
        value = f"{value}:{typed}" if value else typed
    if action in ("start-game", "play-again", "deal-phase-list"):
        value = _random_seed()
    return Event(action, value, _form_fields())


def _on_change(event: Any) -> None:
    target = event.target
    action = _attr(target, "data-change")
    if action == "restore-file":
        platform.spawn(_read_backup_file(target))
        return
    if action:
        if _attr(target, "type") == "checkbox":
            value = "yes" if target.checked else "no"
        else:
            value = str(target.value)
        dispatch_event(Event(action, value, _form_fields()))


def _phases_from_url() -> str | None:
    """The code of a shared list, when the app was opened by its link (``?phases=CODE``)."""
    url = window.URL.new(window.location.href)
    code = url.searchParams.get("phases")
    if not code:
        return None
    # Taken once: a reload, or Back to this entry, does not open set-up again.
    url.searchParams.delete("phases")
    window.history.replaceState(window.history.state, "", url.href)
    return str(code)


def _seed_from_url() -> str:
    params = window.URLSearchParams.new(window.location.search)
    seed = params.get("seed")
    return str(seed) if seed and str(seed).isdigit() else ""


def _store() -> tuple[Store, bool]:
    """localStorage, or, where the browser blocks it, a store that lasts as long as the
    page (and False: the player is told that games are not kept)."""
    try:
        store: Store = window.localStorage
        store.getItem("ten-phases/probe")
    except Exception:
        return MemoryStore(), False
    return store, True


def _on_storage(event: Any) -> None:
    """Another window of the app wrote to storage: what it wrote goes to ``update``."""
    key = event.key if isinstance(event.key, str) else None  # null: storage was cleared
    news = OtherWindow(
        game=_app.saves.changed_elsewhere() if key in (CURRENT, None) else None,
        pad=_app.pads.changed_elsewhere() if key in (PAD, None) else None,
        settings=_app.saves.load_settings()[0] if key in (SETTINGS, None) else None,
        lists=_app.saves.saved_lists() if key in (LISTS, None) else None,
        past_games=key in (FINISHED, SET_ASIDE),
    )
    dispatch(news)


def _on_hidden(_event: Any) -> None:
    """The phone may kill a page it hides: a finished game still waiting is written now,
    and the screen to open on is kept now rather than in a moment."""
    if document.visibilityState == "hidden":
        camera.stop()  # no camera running behind the player's back
        _app.saves.flush()
        if _app.keep_timer is not None:
            window.clearTimeout(_app.keep_timer)
            _keep()


def _save_backup() -> str:
    """Save a backup file: its name, or "" when the page could not."""
    build, _ = build_info()
    try:
        return str(js_platform.saveBackup(build))
    except Exception:
        return ""


async def _read_backup_file(target: Any) -> None:
    """The file the player picked to restore: its text goes to the controller to check."""
    files = target.files
    chosen = files.item(0) if files and files.length else None
    target.value = ""  # the same file can be picked again
    if not chosen:
        return
    if chosen.size > backups.MAX_BACKUP_CHARS:
        dispatch(taps.RestoreFile(""))
        return
    content = await platform.settle(chosen, "text")
    dispatch(taps.RestoreFile(str(content.value) if content.ok else ""))


def _share(ui: Ui, which: str) -> None:
    """A finished game's sheet, to the share sheet or the clipboard (``web/platform.js``),
    started within the tap: browsers allow either only then."""
    app_url = str(window.location.origin) + str(window.location.pathname)
    summary = share.text_for(ui, _app.saves.finished()[0], which, app_url)
    platform.spawn(_shared(platform.settle_now(js_platform, "share", summary)))


async def _shared(sharing: Awaitable[platform.Settled]) -> None:
    outcome = await sharing
    dispatch(taps.Shared(str(outcome.value) if outcome.ok else "failed"))


def start() -> None:
    global _app  # noqa: PLW0603 (the page's one state, made once here)
    store, lasting = _store()
    saves = Saves(store)
    pads = PadSlot(saves)
    languages = tuple(str(tag) for tag in window.navigator.languages or [window.navigator.language])
    settings, settings_notice = saves.load_settings()
    ui = Ui(
        setup=SetupForm(seed=_seed_from_url()),
        settings=settings,
        browser_languages=languages,
        saved_lists=saves.saved_lists(),
    )
    loaded = saves.load_current()
    if loaded.problem:
        ui = replace(ui, save_problem=loaded.problem, save_newer=loaded.newer, screen=Screen.CORRUPT)
    elif loaded.game is not None:
        ui = host.restored(replace(ui, game=loaded.game, drawn=loaded.drawn), loaded.away)
    pad = pads.load()
    ui = replace(ui, pad=pad.pad, pad_problem=pad.problem)
    ui = replace(ui, message=settings_notice if lasting else text("storage.blocked"))
    # A reload keeps the screen (the history entry remembers it); a fresh start opens where
    # the last run was.
    _app = Shell(ui, saves, pads, on_timer=create_proxy(_on_timer), on_keep=create_proxy(_keep))
    _app.ui = ui = _reopened(ui, saves, pads)
    show(ui)
    window.performance.mark(LIVE_MARK)
    document.addEventListener("click", create_proxy(_on_click))
    document.addEventListener("change", create_proxy(_on_change))
    document.addEventListener("keydown", create_proxy(_on_key))
    document.addEventListener("visibilitychange", create_proxy(_on_hidden))
    window.addEventListener("pagehide", create_proxy(_on_leaving))
    window.addEventListener("storage", create_proxy(_on_storage))
    window.addEventListener("popstate", create_proxy(_on_popstate))
    pwa.watch_for_updates()
    if camera.has_camera():  # shows Scan the code beside each code box (net.css)
        document.documentElement.dataset.camera = "yes"
    linked = _phases_from_url()
    if linked is not None:
        dispatch(taps.LinkedPhases(linked))
    if loaded.game is not None:
        _app.asked_to_keep = True
        platform.spawn(_ask_to_keep("persist"))
    else:
        platform.spawn(_ask_to_keep("persisted"))
    document.getElementById("loading").hidden = True
    document.getElementById("app").hidden = False
    # Tests and benchmarks wait for this: Python has rendered the first screen. The
    # mark times it in any engine, even where no script can watch the page from its start.
    document.documentElement.dataset.appReady = "1"
    window.performance.mark(READY_MARK)


__all__ = ["dispatch", "start"]
