"""The page: turns taps into events, renders the UI state, and saves the game.

All DOM access lives here.  One listener on the document catches every tap and
routes it by the ``data-action`` of the element tapped; ``controller.handle``
decides what it does; ``screens.render`` draws the result.  The game is written
to localStorage after every action, so a closed tab, a reload or a killed page
loses nothing.
"""

from __future__ import annotations

import os
from dataclasses import replace
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import document, window

from . import pwa
from .controller import Event, Screen, SetupForm, Ui, computer_delay, computer_due, handle
from .screens import render
from .storage import MemoryStore, Saves, Store

_app: dict[str, Any] = {}


def build_info() -> tuple[str, str]:
    def meta(name: str) -> str:
        node = document.querySelector(f'meta[name="{name}"]')
        return str(node.content) if node else ""

    return meta("app-build"), meta("app-note")


def _form_values() -> tuple[str, ...]:
    """The set-up form's fields: the names, who plays each seat, then edition, variation,
    phases to win, El Chavo, seed."""
    form = document.getElementById("setup")
    if not form:  # the DOM's null arrives as a falsy JsNull
        return ()
    names = [str(node.value) for node in form.querySelectorAll("input[name=player]")]
    kinds = [str(node.value) for node in form.querySelectorAll("select[name=kind]")]
    edition = form.querySelector("input[name=edition]:checked")
    variation = form.querySelector("input[name=variation]:checked")
    phases = form.querySelector("select[name=phases-to-win]")
    el_chavo = form.querySelector("input[name=el-chavo]")
    seed = form.querySelector("input[name=seed]")
    return (
        *names,
        *kinds,
        str(edition.value) if edition else "classic",
        str(variation.value) if variation else "standard",
        str(phases.value) if phases else "5",
        "yes" if el_chavo and el_chavo.checked else "no",
        str(seed.value) if seed else "",
    )


def _random_seed() -> str:
    # os.urandom rather than the secrets module: that one costs ~15 ms of start-up imports.
    return str(int.from_bytes(os.urandom(8)) >> 1)


def dispatch(event: Event) -> None:
    """Apply an event: the new UI state is saved (if the game moved) and rendered."""
    saves: Saves = _app["saves"]
    before: Ui = _app["ui"]
    after = handle(before, event)
    if before.save_problem and not after.save_problem:
        saves.discard_current()
    if after.game is not None and after.game is not before.game:
        problem = saves.record(after.game)
        if problem:
            after = replace(after, message=problem)
    _app["ui"] = after
    show(after)


def show(ui: Ui) -> None:
    build, note = build_info()
    saves: Saves = _app["saves"]
    finished, unreadable = saves.finished() if ui.screen in (Screen.HOME, Screen.HISTORY) else ((), 0)
    document.getElementById("app").innerHTML = render(
        ui, build=build, note=note, finished=finished, unreadable=unreadable
    )
    root = document.documentElement
    root.dataset.screen = ui.screen.value
    # A counter of renders: tests and the tap benchmark wait for it to move.
    _app["renders"] = _app.get("renders", 0) + 1
    root.dataset.renders = str(_app["renders"])
    _pace_computer(ui)


def _pace_computer(ui: Ui) -> None:
    """Play a computer player's next move after a pause, one move per timer, so each
    move is seen and the page stays responsive between them."""
    pending = _app.pop("computer-timer", None)
    if pending is not None:
        window.clearTimeout(pending)
    if computer_due(ui):
        reduced = bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)
        _app["computer-timer"] = window.setTimeout(_app["computer-move"], computer_delay(reduced))


def _computer_move() -> None:
    _app.pop("computer-timer", None)
    dispatch(Event("computer"))


def _attr(node: Any, name: str) -> str:
    """An attribute's text; "" when it is absent (the DOM gives a JS null then)."""
    value = node.getAttribute(name)
    return value if isinstance(value, str) else ""


def _on_click(event: Any) -> None:
    target = event.target.closest("[data-action]")
    if not target or target.hasAttribute("disabled"):
        return
    action = _attr(target, "data-action")
    if action in pwa.ACTIONS:
        pwa.ACTIONS[action](target)
        return
    event.preventDefault()
    value = _attr(target, "data-value")
    if action in ("start-game", "play-again"):
        value = _random_seed()
    dispatch(Event(action, value, _form_values()))


def _on_change(event: Any) -> None:
    action = _attr(event.target, "data-change")
    if action:
        dispatch(Event(action, "", _form_values()))


def _seed_from_url() -> str:
    params = window.URLSearchParams.new(window.location.search)
    seed = params.get("seed")
    return str(seed) if seed and str(seed).isdigit() else ""


def _store() -> Store:
    """localStorage, or, where the browser blocks it, a store that lasts as long as the page."""
    try:
        store: Store = window.localStorage
        store.getItem("ten-phases/probe")
    except Exception:
        return MemoryStore()
    return store


def start() -> None:
    saves = Saves(_store())
    _app["saves"] = saves
    _app["computer-move"] = create_proxy(_computer_move)
    ui = Ui(setup=SetupForm(seed=_seed_from_url()))
    game, problem = saves.load_current()
    if problem:
        ui = Ui(setup=ui.setup, save_problem=problem, screen=Screen.CORRUPT)
    elif game is not None:
        ui = Ui(setup=ui.setup, game=game)
    _app["ui"] = ui
    show(ui)
    document.addEventListener("click", create_proxy(_on_click))
    document.addEventListener("change", create_proxy(_on_change))
    pwa.watch_for_updates()
    document.getElementById("loading").hidden = True
    document.getElementById("app").hidden = False
    # Tests and benchmarks wait for this: Python has rendered the first screen.
    document.documentElement.dataset.appReady = "1"


__all__ = ["dispatch", "start"]
