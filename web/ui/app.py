"""The page: renders screens and turns taps into actions.

All DOM access lives here.  Taps are caught by one listener on the document and
routed by the ``data-action`` of the element tapped.
"""

from __future__ import annotations

from collections.abc import Callable

from pyodide.ffi import create_proxy
from pyscript import document, window

from . import pwa
from .screens import home_screen

Handler = Callable[[object], None]

_handlers: dict[str, Handler] = {}


def build_info() -> tuple[str, str]:
    def meta(name: str) -> str:
        node = document.querySelector(f'meta[name="{name}"]')
        return str(node.content) if node else ""

    return meta("app-build"), meta("app-note")


def render_home() -> None:
    build, note = build_info()
    app = document.getElementById("app")
    app.innerHTML = home_screen(build, note)


def _on_click(event: object) -> None:
    target = event.target.closest("[data-action]")  # type: ignore[attr-defined]
    if target is None:
        return
    handler = _handlers.get(str(target.dataset.action))
    if handler is not None:
        handler(target)


def on(action: str, handler: Handler) -> None:
    _handlers[action] = handler


def start() -> None:
    render_home()
    document.addEventListener("click", create_proxy(_on_click))
    pwa.watch_for_updates(on)
    document.getElementById("loading").hidden = True
    document.getElementById("app").hidden = False
    # Tests and benchmarks wait for this: Python has rendered the first screen.
    document.documentElement.dataset.appReady = "1"
    window.console.info("Ten Phases ready")
