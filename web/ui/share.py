"""Sharing a finished game: its score sheet as a few lines of plain text, and what the app
says once the page has sent it.

The totals, the phases completed and the winner are worked out from the sheet alone by
the engine's scoring seam (``phase10.scoresheet``), never by a second copy of the rules,
so a score pad for paper games (names, options and a sheet of ``HandRecord``) can share
its sheet through ``share_text`` too.  The page (``app._share``) sends the text to the
phone's share sheet, or copies it (``web/platform.js: share``), and reports how that went
as a "shared" event, which ``HANDLERS`` turns into the screen's message.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from phase10 import GameState, HandRecord, Options, scoresheet

from .i18n import NOTHING, Text, Words, text, words
from .sheets import rank, ways_of
from .state import Event, Screen, Ui
from .storage import PastGame

__all__ = ["HANDLERS", "OUTCOMES", "game_share_text", "share_text", "text_for"]


def share_text(names: tuple[str, ...], options: Options, sheet: tuple[HandRecord, ...], w: Words) -> str:
    """The sheet of a game between ``names``, to send anywhere: the app and the way played,
    the winner (once there is one), then each player in finishing order with their phases
    completed and total points.  Raises ``scoresheet.ScoreSheetError`` for a sheet no game
    can write."""
    standings = scoresheet.replay(options, len(names), sheet)
    completed = [scoresheet.phases_completed(sheet, seat) for seat in range(len(names))]
    rows = rank(standings.winner, options.ten_hands, completed, standings.scores)
    lines = [w("share.title", app=w("app.name"), way=ways_of(options, w))]
    if standings.winner is not None:
        lines.append(w("history.won", winner=names[standings.winner]))
    lines += [
        w(
            "share.player",
            place=row.place,
            name=names[row.seat],
            phases=w("share.phases", count=row.completed),
            points=w("sheet.points", count=row.score),
        )
        for row in rows
    ]
    return "\n".join(lines)


def game_share_text(game: GameState, w: Words) -> str:
    """``share_text`` for a game played in the app."""
    return share_text(game.config.players, game.config.options, game.history, w)


def text_for(ui: Ui, finished: Sequence[PastGame | GameState], value: str) -> str:
    """What the Share button tapped sends, in the app's language: the game just finished
    (no ``value``), or the past game at index ``value`` of ``finished`` (the stored list
    the past games were drawn from, oldest first).  "" when there is no such finished game:
    the page then says it could not share."""
    if not value:
        game = ui.game
    elif value.isascii() and value.isdigit() and int(value) < len(finished):
        item = finished[int(value)]
        game = item.game if isinstance(item, PastGame) else item
    else:
        game = None
    if game is None or not game.is_over:
        return ""
    try:
        return game_share_text(game, words(ui.language))
    except scoresheet.ScoreSheetError:  # a stored sheet that loaded yet cannot be replayed
        return ""


# What the page did with the text (``web/platform.js: share``), in words.  A share sheet the
# player closed says nothing: closing it was their choice, not a failure.
OUTCOMES: dict[str, Text] = {
    "shared": text("share.sent"),
    "copied": text("share.copied"),
    "cancelled": NOTHING,
    "failed": text("share.failed"),
}


SHARED_FROM = (Screen.GAME_OVER, Screen.HISTORY)  # the screens with a Share button


def _shared(ui: Ui, event: Event) -> Ui:
    """The page has shared (or tried to share) a sheet: ``event.value`` says how it went.
    Said only where it was asked for: a player who moved on meanwhile has no use for it."""
    if ui.screen not in SHARED_FROM:
        return ui
    return replace(ui, message=OUTCOMES.get(event.value, OUTCOMES["failed"]))


HANDLERS: dict[str, Callable[[Ui, Event], Ui]] = {"shared": _shared}
