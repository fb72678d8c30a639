"""The page: turns taps into events, renders the UI state, and saves the game.

All DOM access lives here.  One listener on the document catches every tap and
routes it by the ``data-action`` of the element tapped; ``controller.handle``
decides what it does; ``screens.render`` draws the result.  The game is written
to localStorage after every action, so a closed tab, a reload or a killed page
loses nothing.

For keyboards and screen readers: focus stays on the control that was used (or
moves to the new screen's heading, or into a dialog), Escape closes a dialog,
and what each action did is read out by the page's one live region.
"""

from __future__ import annotations

import os
from collections.abc import Awaitable
from dataclasses import replace
from typing import Any

from pyodide.ffi import create_proxy, to_js
from pyscript import document, window
from pyscript.js_modules import platform as js_platform

from . import first_paint, keeping, navigation, platform, pwa, scrolling, share, sound
from .controller import handle
from .i18n import text
from .narration import announcement
from .pad_saves import PadSlot
from .play import timer_delay, timer_event
from .records import PAD, Restore
from .screens import render, reveals
from .state import Event, Screen, SetupForm, SetupInput, Ui
from .storage import CURRENT, FINISHED, SET_ASIDE, SETTINGS, MemoryStore, Saves, Store

_app: dict[str, Any] = {}
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
    return SetupInput(
        names=tuple(names),
        kinds=tuple(kinds),
        edition=str(edition.value) if edition else "",
        ways=tuple(ways),
        phases_to_win=str(phases.value) if phases else "",
        el_chavo=bool(el_chavo and el_chavo.checked),
        seed=str(seed.value) if seed else "",
        hints=bool(hints.checked) if hints else None,
    )


def _random_seed() -> str:
    # os.urandom rather than the secrets module: that one costs ~15 ms of start-up imports.
    return str(int.from_bytes(os.urandom(8)) >> 1)


def dispatch(event: Event) -> None:
    """Apply an event: the new UI state is saved (if the game moved) and rendered."""
    saves: Saves = _app["saves"]
    before: Ui = _app["ui"]
    saves.flush()  # a finished game that storage refused is written at the next chance
    pads: PadSlot = _app["pads"]
    if event.name == "restore-confirm" and isinstance(before.restore, Restore):
        # The backup the player agreed to is written as it is: it replaces the save here.
        backup = before.restore
        problem = saves.restore(backup.game, backup.finished) or pads.restore(backup.pad)
        after = keeping.restored(before, problem)
    else:
        after = keeping.HANDLERS.get(event.name, handle)(before, event)
        if event.name == "discard-save" and before.save_problem and not after.save_problem:
            saves.discard_current()
        if after.game is not None and after.game is not before.game:
            after = _record(saves, before, after)
        if event.name == "pad-discard" and before.pad_problem and not after.pad_problem:
            pads.discard()
        if after.pad is not None and after.pad is not before.pad:
            after = keeping.pad_recorded(pads, after, _local_time(), fresh=event.name == "pad-start")
    if saves.pending and not after.message:  # said on every screen until it is written
        after = replace(after, message=text("storage.finished_kept"))
    if after.settings != before.settings:
        saves.save_settings(after.settings)
    _app["ui"] = after
    show(after, before)
    if after.cue and after.settings.sound_on(_reduced_motion()):
        sound.play(after.cue)
        if "turn" in after.cue:
            sound.buzz()


def _record(saves: Saves, before: Ui, after: Ui) -> Ui:
    """Save the game ``after`` shows.  If another window wrote a newer save meanwhile, that
    one is not written over: it is shown instead, and the player told why."""
    assert after.game is not None
    recorded = saves.record(after.game, _local_time() if after.game.is_over else "", after.drawn)
    if recorded.newer is not None:
        return keeping.synced(before, recorded.newer)
    if recorded.problem:
        return replace(after, message=recorded.problem)
    if not _app.get("asked-to-keep"):
        _app["asked-to-keep"] = True
        platform.spawn(_ask_to_keep("persist"))
    return after


async def _ask_to_keep(method: str) -> None:
    """Ask the browser to keep the app's storage (``persist``: once there is a game to
    keep), or whether it does (``persisted``), and tell the settings screen."""
    # Not every browser has navigator.storage (WebKitGTK has none): then it does not say.
    storage = getattr(window.navigator, "storage", None)
    answer = await platform.settle(storage, method) if storage else platform.Settled(ok=False)
    kept = "" if not answer.ok else "yes" if answer.value else "no"
    document.documentElement.dataset.storageKept = kept or "unknown"
    ui: Ui = _app["ui"]
    after = handle(ui, Event("storage-kept", kept))
    _app["ui"] = after
    if ui.screen is Screen.SETTINGS and after != ui:  # rendered only where it is shown
        show(after, ui)


def _local_time() -> str:
    """The phone's local date and time as ISO 8601 (no zone): when a game finished, as the
    players would write it on the pad."""
    return str(js_platform.localTime())


def _reduced_motion() -> bool:
    """Whether the phone asks for reduced motion (read live: it can change while the app is
    open), from a media query made once, not on every tap."""
    query = _app.get("motion")
    if query is None:
        query = _app["motion"] = window.matchMedia("(prefers-reduced-motion: reduce)")
    return bool(query.matches)


def _page(ui: Ui) -> str:
    """The HTML of ``ui``'s screen, with what the page adds: the build, and the past games
    where the screen lists them."""
    build, note = build_info()
    saves: Saves = _app["saves"]
    finished, unreadable = saves.finished() if ui.screen in (Screen.HOME, Screen.HISTORY) else ((), 0)
    return render(
        ui, build=build, note=note, finished=finished, unreadable=unreadable, reduced_motion=_reduced_motion()
    )


def show(ui: Ui, before: Ui | None = None) -> None:
    focused = _focus_selector(document.activeElement)
    try:
        markup = _page(ui)
    except Exception as error:  # a save that passed every check yet cannot be shown
        ui = _app["ui"] = _cannot_show(ui, error)
        build, note = build_info()
        markup = render(ui, build=build, note=note, reduced_motion=_reduced_motion())
    app = document.getElementById("app")
    scrolled = scrolling.positions(app)
    app.innerHTML = markup
    if before is not None and before.screen is ui.screen:
        scrolling.restore(app, scrolled, reveal=reveals(before, ui))
    root = document.documentElement
    if root.lang != ui.language:
        root.lang = ui.language
        pwa.refresh_banner()
    root.classList.toggle("large-type", ui.settings.large_type)
    announcer = document.getElementById("announcer")
    said = announcement(ui)
    if announcer.textContent != said:
        announcer.textContent = said
    if before is not None:
        _restore_focus(ui, before, focused)
    root.dataset.screen = ui.screen.value
    # A counter of renders: tests and the tap benchmark wait for it to move.
    _app["renders"] = _app.get("renders", 0) + 1
    root.dataset.renders = str(_app["renders"])
    _sync_history(ui)
    _schedule(ui)
    _keep_soon()


# --- the first paint: the screen the next start opens on, kept (see first_paint) --------


def _keep_soon() -> None:
    pending = _app.pop("keep-timer", None)
    if pending is not None:
        window.clearTimeout(pending)
    _app["keep-timer"] = window.setTimeout(_app["on-keep"], KEEP_AFTER_MS)


def _keep() -> None:
    """Keep the screen the app would open on now, rendered, for the next start's first
    paint (web/boot.js); nothing when there is nothing worth painting."""
    _app.pop("keep-timer", None)
    ui: Ui = _app["ui"]
    saves: Saves = _app["saves"]
    pads: PadSlot = _app["pads"]
    opened = first_paint.opening(ui)
    try:
        if opened is None:
            _app["saves"].store.removeItem(first_paint.KEY)
            _app["kept"] = None
            return
        build, _ = build_info()
        html = _page(opened)
        game_seq, pad_seq = _saved_seqs(saves, pads)
        text = first_paint.record(opened, html, build, game_seq, pad_seq)
        if text != _app.get("kept"):
            saves.store.setItem(first_paint.KEY, text)
            _app["kept"] = text
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
    _app["depth"], _app["place"] = _level_of(remembered), remembered
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
    if _app.get("pops-pending", 0):
        _app["resync"] = True
        return
    target, at = navigation.depth(ui), _app.get("depth", 0)
    remembered = navigation.place(ui)
    history = window.history
    if target > at:
        for level in range(at + 1, target + 1):
            history.pushState(_js({**remembered, "depth": level}), "")
    elif target < at:
        _app["pops-pending"] = _app.get("pops-pending", 0) + 1
        history.go(target - at)
    elif remembered != _app.get("place"):
        # Only when the entry would change: the turns of a game do not touch the history,
        # which costs a frame's time, and which browsers throttle when written too often.
        history.replaceState(_js(remembered), "")
    _app["depth"], _app["place"] = target, remembered


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
    _app["depth"], _app["place"] = _level_of(remembered), remembered
    if _app.get("pops-pending", 0):
        _app["pops-pending"] -= 1
        if _app.pop("resync", False):
            _sync_history(_app["ui"])
        return
    ui: Ui = _app["ui"]
    if _app["depth"] < navigation.depth(ui):
        dispatch(Event("history-back"))
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
    pending = _app.pop("timer", None)
    if pending is not None:
        window.clearTimeout(pending)
    event = timer_event(ui)
    if event is not None:
        _app["timer-event"] = event
        _app["timer"] = window.setTimeout(_app["on-timer"], timer_delay(ui, _reduced_motion()))


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
    ui: Ui = _app["ui"]
    if event.key == "Escape" and ui.prompt is not None:
        event.preventDefault()
        dispatch(Event("cancel"))
    elif event.key == "Escape" and ui.menu:
        event.preventDefault()
        dispatch(Event("menu-close"))
    elif event.key == "Escape" and ui.leaving:
        event.preventDefault()
        dispatch(Event("stay"))
    elif event.key == "Escape" and ui.draft is not None and ui.draft.counting is not None:
        event.preventDefault()
        dispatch(Event("pad-count-close"))


def _on_timer() -> None:
    _app.pop("timer", None)
    dispatch(_app["timer-event"])


def _attr(node: Any, name: str) -> str:
    """An attribute's text; "" when it is absent (the DOM gives a JS null then)."""
    value = node.getAttribute(name)
    return value if isinstance(value, str) else ""


def _on_click(event: Any) -> None:
    ui: Ui = _app["ui"]
    if ui.settings.sound != "off":
        sound.wake()  # browsers let a page make sound only from a tap
    target = event.target.closest("[data-action]")
    if not target or target.hasAttribute("disabled"):
        return
    action = _attr(target, "data-action")
    if action in pwa.ACTIONS:
        pwa.ACTIONS[action](target)
        return
    if action in ACTIONS:
        event.preventDefault()
        ACTIONS[action](target)
        return
    event.preventDefault()
    value = _attr(target, "data-value")
    if action in ("start-game", "play-again"):
        value = _random_seed()
    dispatch(Event(action, value, _form_fields()))


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
        dispatch(Event(action, value, _form_fields()))


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
    """Another window of the app wrote to storage: show what it wrote."""
    key = event.key if isinstance(event.key, str) else None  # null: storage was cleared
    saves: Saves = _app["saves"]
    ui: Ui = _app["ui"]
    after = ui
    if key in (CURRENT, None):
        loaded = saves.changed_elsewhere()
        if loaded is not None:
            after = keeping.synced(ui, loaded)
    if key in (PAD, None):
        loaded_pad = _app["pads"].changed_elsewhere()
        if loaded_pad is not None:
            after = keeping.pad_synced(after, loaded_pad)
    if key in (SETTINGS, None):
        settings, _ = saves.load_settings()
        after = replace(after, settings=settings)
    if after is not ui or (key in (FINISHED, SET_ASIDE) and ui.screen in (Screen.HOME, Screen.HISTORY)):
        _app["ui"] = after
        show(after, ui)


def _on_hidden(_event: Any) -> None:
    """The phone may kill a page it hides: a finished game still waiting is written now,
    and the screen to open on is kept now rather than in a moment."""
    if document.visibilityState == "hidden":
        _app["saves"].flush()
        if _app.get("keep-timer") is not None:
            window.clearTimeout(_app["keep-timer"])
            _keep()


def _save_backup(_target: Any) -> None:
    build, _ = build_info()
    try:
        name = str(js_platform.saveBackup(build))
    except Exception:
        name = ""
    dispatch(Event("backed-up", name))


async def _read_backup_file(target: Any) -> None:
    """The file the player picked to restore: its text goes to the controller to check."""
    files = target.files
    chosen = files.item(0) if files and files.length else None
    target.value = ""  # the same file can be picked again
    if not chosen:
        return
    if chosen.size > keeping.MAX_BACKUP_CHARS:
        dispatch(Event("restore-file", ""))
        return
    content = await platform.settle(chosen, "text")
    dispatch(Event("restore-file", str(content.value) if content.ok else ""))


def _share(target: Any) -> None:
    """A finished game's sheet, to the share sheet or the clipboard (``web/platform.js``),
    started within the tap: browsers allow either only then."""
    summary = share.text_for(_app["ui"], _app["saves"].finished()[0], _attr(target, "data-value"))
    platform.spawn(_shared(platform.settle_now(js_platform, "share", summary)))


async def _shared(sharing: Awaitable[platform.Settled]) -> None:
    outcome = await sharing
    dispatch(Event("shared", str(outcome.value) if outcome.ok else "failed"))


ACTIONS = {"save-backup": _save_backup, "share": _share}


def start() -> None:
    store, lasting = _store()
    saves = Saves(store)
    _app["saves"] = saves
    pads = _app["pads"] = PadSlot(saves)
    _app["on-timer"] = create_proxy(_on_timer)
    languages = tuple(str(tag) for tag in window.navigator.languages or [window.navigator.language])
    settings, settings_notice = saves.load_settings()
    ui = Ui(setup=SetupForm(seed=_seed_from_url()), settings=settings, browser_languages=languages)
    loaded = saves.load_current()
    if loaded.problem:
        ui = replace(ui, save_problem=loaded.problem, save_newer=loaded.newer, screen=Screen.CORRUPT)
    elif loaded.game is not None:
        ui = replace(ui, game=loaded.game, drawn=loaded.drawn)
    pad = pads.load()
    ui = replace(ui, pad=pad.pad, pad_problem=pad.problem)
    ui = replace(ui, message=settings_notice if lasting else text("storage.blocked"))
    # A reload keeps the screen (the history entry remembers it); a fresh start opens where
    # the last run was.
    ui = _reopened(ui, saves, pads)
    _app["ui"] = ui
    _app["on-keep"] = create_proxy(_keep)
    show(ui)
    window.performance.mark(LIVE_MARK)
    document.addEventListener("click", create_proxy(_on_click))
    document.addEventListener("change", create_proxy(_on_change))
    document.addEventListener("keydown", create_proxy(_on_key))
    document.addEventListener("visibilitychange", create_proxy(_on_hidden))
    window.addEventListener("pagehide", create_proxy(lambda _event: saves.flush()))
    window.addEventListener("storage", create_proxy(_on_storage))
    window.addEventListener("popstate", create_proxy(_on_popstate))
    pwa.watch_for_updates()
    if loaded.game is not None:
        _app["asked-to-keep"] = True
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
