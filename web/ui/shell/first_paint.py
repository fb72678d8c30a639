"""The first paint: the screen the app opens on, kept after each render so that the next
start shows it at once, before Python is up.

``web/boot.js`` paints the kept screen as the page loads; the page stays inert until
Python's first render replaces it (a tap meanwhile is carried out then if the same
control is on the live screen, and dropped otherwise).  What is kept is the screen the
app would open on if it were opened again now (``navigation.reopened``, fresh: a game
through its resume screen, the screen the rules or settings were opened over), with
nothing open over it: no question, menu, selection or message.  It must be safe to show to whoever picks
the phone up next:

- where several people share the phone, a game is kept at its hand-off, so no hand's
  faces are ever stored (the table's own render never is); alone against computers,
  the one person's table may be kept;
- it is kept with the build, the language and the type size it was rendered in, and
  the sequence numbers of the saves it shows (the game's and the score pad's): boot.js
  paints it only for the same build, language and type size and the same saves, and
  Python reopens its screen only for the same saves;
- anything else (a damaged save, a screen that is not reopened) keeps nothing, and the
  loading card shows as before.

A copy of the kept text goes to a cache the service worker reads
(``keepFirstScreen`` in ``web/platform.js``), which serves the next start's page with
the screen in it; the same rules hold for it, as it is only ever a text kept here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ..navigation import place, reopened
from ..state import Screen, Ui

__all__ = ["FORMAT", "KEY", "MAX_CHARS", "Kept", "opening", "read", "record"]

KEY = "ten-phases/screen"
FORMAT = 1
# A kept screen is the HTML of one screen, a few kilobytes; far more is damage.
MAX_CHARS = 400_000


def opening(ui: Ui) -> Ui | None:
    """The screen the app would open on if it started now, or None when there is nothing
    worth keeping (a save that cannot be read is reported by Python, not painted)."""
    if ui.save_problem or ui.screen is Screen.CORRUPT:
        return None
    fresh = Ui(
        settings=ui.settings,
        browser_languages=ui.browser_languages,
        game=ui.game,
        drawn=ui.drawn,
        pad=ui.pad,
        pad_problem=ui.pad_problem,
        kept=ui.kept,
        log=ui.log,
    )
    return reopened(fresh, place(ui), fresh=True)


@dataclass(frozen=True, slots=True)
class Kept:
    """A screen kept for the first paint, as read back."""

    place: dict[str, object]
    game_seq: int
    pad_seq: int


def record(opened: Ui, html: str, build: str, game_seq: int, pad_seq: int) -> str:
    """The stored text of ``opened``'s screen (its ``html``), made by ``build``, showing the
    saves ``game_seq`` and ``pad_seq`` (-1: none)."""
    return json.dumps(
        {
            "format": FORMAT,
            "build": build,
            "language": opened.language,
            "large_type": opened.settings.large_type,
            "screen": opened.screen.value,
            "place": place(opened),
            "game_seq": game_seq,
            "pad_seq": pad_seq,
            "html": html,
        },
        separators=(",", ":"),
    )


def read(text: object, build: str) -> Kept | None:
    """A kept screen of this ``build``, or None for anything else: nothing kept, another
    build's, another format's, or damage (never raises)."""
    if not isinstance(text, str) or len(text) > MAX_CHARS:
        return None
    try:
        data: Any = json.loads(text)
    except ValueError:
        return None
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("build") != build:
        return None
    kept_place, game_seq, pad_seq = (
        data.get("place"),
        _count(data.get("game_seq")),
        _count(data.get("pad_seq")),
    )
    if not isinstance(kept_place, dict) or game_seq is None or pad_seq is None:
        return None
    return Kept(kept_place, game_seq, pad_seq)


def _count(value: object) -> int | None:
    """A save's sequence number as kept (-1 for no save, else 0 or more), or None."""
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= -1 else None
