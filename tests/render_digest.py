"""A digest of every rendered UI state, to check that a redesign changed no screen.

    python tests/render_digest.py ROOT > digests.txt

Renders, with the UI code of the checkout at ROOT, every state of the tour of screens
(``support/web/tour.py``, always this checkout's, so both sides render the same
states) and of four more whole games (2 to 6 seats, people and computers, both
editions), each in English and Spanish, and prints one line per render: its number,
language, a SHA-256 prefix of the HTML, and what it is.  Run it on the code before and
after a change and ``diff`` the outputs.  It works on checkouts from before ``update``
(their ``controller.handle``) and after (``support.web.taps.handle``).
"""

from __future__ import annotations

import hashlib
import importlib
import sys
import types
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
GAMES = (
    (("Ann", "Bo"), ("person", "person"), "classic", "31", ("first-to-n",), "2"),
    (
        ("Ann", "Robo", "Hal", "Eve"),
        ("person", "easy", "hard", "normal"),
        "classic",
        "5",
        ("even-phases",),
        "5",
    ),
    (("A", "B", "C", "D", "E", "F"), ("person",) + ("hard",) * 5, "flip", "17", ("first-to-n",), "1"),
    (("Ann", "Bo", "Cy"), ("person", "person", "expert"), "classic", "2", ("ten-hands",), "5"),
)


def _handler() -> Callable[[Any, Any], Any]:
    """The next UI state after a control's event, with whichever API the checkout has: its
    test helper (which parses the event as the page does), or, before ``update``, the
    controller's ``handle``."""
    helper = getattr(importlib.import_module("support.web.taps"), "handle", None)
    if helper is not None:
        return helper  # type: ignore[no-any-return]
    return importlib.import_module("ui.controller").handle  # type: ignore[no-any-return]


def _tour(handle: Callable[[Any, Any], Any]) -> Any:
    """This checkout's tour, driven by ROOT's code (its taps module is given ``handle``)."""
    taps = importlib.import_module("support.web.taps")
    taps.handle = handle  # type: ignore[attr-defined]
    tour = types.ModuleType("tour")
    source = (HERE / "support" / "web" / "tour.py").read_text(encoding="utf-8")
    exec(compile(source, "tour.py", "exec"), tour.__dict__)
    return tour


def _module(*names: str) -> Any:
    """The first of the names the checkout has (modules moved into folders in issue 36)."""
    for name in names[:-1]:
        try:
            return importlib.import_module(name)
        except ModuleNotFoundError:
            continue
    return importlib.import_module(names[-1])


def _games(handle: Callable[[Any, Any], Any]) -> Iterator[tuple[str, Any]]:
    state = importlib.import_module("ui.state")
    play = _module("ui.table.play", "ui.play")
    taps = importlib.import_module("support.web.taps")
    for names, kinds, edition, seed, ways, phases in GAMES:
        form = state.SetupInput(names, kinds, edition, ways, phases, seed=seed)
        ui = handle(handle(state.Ui(), state.Event("new-game")), state.Event("start-game", form=form))
        for step in range(3000):
            yield f"game {seed}, step {step}", ui
            if ui.screen is state.Screen.GAME_OVER:
                break
            if play.computer_due(ui):
                ui = handle(ui, state.Event("computer"))
                continue
            for event in taps.next_taps(ui):
                ui = handle(ui, event)


def main(root: str) -> None:
    sys.path[:0] = [f"{root}/engine", f"{root}/web", f"{root}/tests"]
    handle = _handler()
    render = importlib.import_module("ui.screens").render
    screen = importlib.import_module("ui.state").Screen
    finished: list[Any] = []
    number = 0
    states = [*_tour(handle).every_screen(), *_games(handle)]
    for name, ui in states:
        if ui.screen is screen.GAME_OVER and ui.game is not None:
            finished.append(ui.game)
        for language in ("en", "es"):
            html = render(
                replace(ui, browser_languages=(language,)), build="b1", finished=finished, unreadable=1
            )
            print(f"{number:05d} {language} {hashlib.sha256(html.encode()).hexdigest()[:16]} {name}")
            number += 1


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else str(HERE.parent))
