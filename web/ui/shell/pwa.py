"""Updates: when a new build's service worker is waiting, offer to switch to it.

The new worker waits until the player accepts, so a game is never reloaded
from under them; the game itself is saved after every action anyway.

The browser looks for a new build on each navigation.  An installed app on a
phone is often brought back from the background instead of being opened again,
so the app also looks whenever it comes back into view.  Looking needs the
network: offline, the check fails quietly (``data-update-check="failed"`` on the
root element, which the tests read), and the cached build goes on running.
"""

from __future__ import annotations

from typing import Any

from pyodide.ffi import create_proxy
from pyscript import document, window

from ..menus import update_banner
from .platform import settle, spawn

_state: dict[str, Any] = {}


def _show_banner() -> None:
    banner = document.getElementById("banner")
    # In the language the page is in: app.show keeps the root element's lang up to date.
    banner.innerHTML = update_banner(str(document.documentElement.lang))
    banner.hidden = False


def refresh_banner() -> None:
    """Say the banner again in the page's language, if it is showing."""
    if not document.getElementById("banner").hidden:
        _show_banner()


def _track(registration: Any) -> None:
    _state["registration"] = registration
    if registration.waiting and window.navigator.serviceWorker.controller:
        _show_banner()

    def on_update_found(_event: object) -> None:
        worker = registration.installing
        if not worker:
            return

        def on_state_change(_event: object) -> None:
            if worker.state == "installed" and window.navigator.serviceWorker.controller:
                _show_banner()

        worker.addEventListener("statechange", create_proxy(on_state_change))

    registration.addEventListener("updatefound", create_proxy(on_update_found))


async def _check_for_update(registration: Any) -> None:
    checked = await settle(registration, "update")
    document.documentElement.dataset.updateCheck = "done" if checked.ok else "failed"


async def _watch(container: Any) -> None:
    # ``ready``, not getRegistration(): on a first visit boot.js registers the worker
    # only once the app is ready, and ``ready`` waits until that worker is active.
    found = await settle(container, "ready")
    if found.ok and found.value:
        _track(found.value)
        await _check_for_update(found.value)


def _apply_update(_target: object) -> None:
    registration = _state.get("registration")
    waiting = registration.waiting if registration else None
    if not waiting:
        window.location.reload()
        return
    _state["accepted"] = True
    waiting.postMessage("skip-waiting")


def _dismiss(_target: object) -> None:
    document.getElementById("banner").hidden = True


ACTIONS = {"apply-update": _apply_update, "dismiss-update": _dismiss}


def watch_for_updates() -> None:
    container = window.navigator.serviceWorker
    if not container:
        return

    def reload_on_new_worker(_event: object) -> None:
        # The first install also changes the controller: only an accepted update reloads.
        if not _state.get("accepted") or _state.get("reloading"):
            return
        _state["reloading"] = True
        window.location.reload()

    def check_when_shown(_event: object) -> None:
        registration = _state.get("registration")
        if registration and document.visibilityState == "visible":
            spawn(_check_for_update(registration))

    container.addEventListener("controllerchange", create_proxy(reload_on_new_worker))
    document.addEventListener("visibilitychange", create_proxy(check_when_shown))
    spawn(_watch(container))
