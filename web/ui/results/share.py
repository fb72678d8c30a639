"""Sharing a finished game: its score sheet as a few lines of plain text, and what the app
says once the page has sent it.

The totals, the phases completed and the winner are worked out from the sheet alone by
the engine's scoring seam (``phase10.scoresheet``), never by a second copy of the rules,
so a game played in the app, a past game and the score pad of a paper game all share
their ``Sheet`` through ``share_text``.  The page (``app._share``) sends the text to the
phone's share sheet, or copies it (``web/platform.js: share``), and reports how that went
as ``taps.Shared``, which ``HANDLERS`` turns into the screen's message.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from phase10 import GameState, scoresheet
from phase10.pad import ScorePad
from phase10.phaselists import encode
from phase10.rules import PhaseList

from .. import taps
from ..effects import Handler, Outcome, ShareSheet
from ..kit.i18n import NOTHING, Text, Words, text, words
from ..records import PastGame
from ..state import Screen, Ui
from .sheets import Sheet, hints_words, order, way_to_play

__all__ = [
    "HANDLERS",
    "LIST",
    "OUTCOMES",
    "PAD",
    "game_share_text",
    "list_share_text",
    "share_text",
    "text_for",
]

PAD = "pad"  # the Share button's value on the score pad: the pad being kept
LIST = "list"  # its value on set-up: the phase list chosen, as its code and link


def share_text(sheet: Sheet, w: Words) -> str:
    """``sheet`` to send anywhere: the app and the way played, the winner (once there is
    one), then each player in finishing order with their phases completed and total
    points."""
    lines = [w("share.title", app=w("app.name"), way=way_to_play(sheet.options, w))]
    if sheet.winner is not None:
        lines.append(w("history.won", winner=sheet.names[sheet.winner]))
    lines += [
        w(
            "share.player",
            place=row.place,
            name=sheet.names[row.seat],
            phases=w("share.phases", count=row.completed),
            points=w("sheet.points", count=row.score),
        )
        for row in order(sheet)
    ]
    own = sheet.options.phase_list
    if own is not None:  # another table can play the same phases (ruling 31)
        lines.append(w("share.list_code", code=encode(own)))
    coached = hints_words(sheet, w)
    return "\n".join([*lines, coached] if coached else lines)


def list_share_text(phase_list: PhaseList, w: Words, app_url: str) -> str:
    """A list to send to another table: its code, and the link that opens set-up with it."""
    code = encode(phase_list)
    return w("share.list", app=w("app.name"), code=code, link=f"{app_url}?phases={code}")


def game_share_text(game: GameState, w: Words) -> str:
    """``share_text`` for a game played in the app."""
    return share_text(Sheet.of_game(game), w)


def text_for(ui: Ui, finished: Sequence[PastGame | GameState], value: str, app_url: str = "") -> str:
    """What the Share button tapped sends, in the app's language: the game just finished
    (no ``value``), the score pad (``PAD``), or the past game at index ``value`` of
    ``finished`` (the stored list the past games were drawn from, oldest first).  "" when
    there is no such finished game: the page then says it could not share."""
    played: GameState | ScorePad | None
    if value == LIST:
        chosen = ui.setup.phase_list
        return "" if chosen is None else list_share_text(chosen, words(ui.language), app_url)
    if not value:
        played = ui.game
    elif value == PAD:
        played = ui.pad
    elif value.isascii() and value.isdigit() and int(value) < len(finished):
        item = finished[int(value)]
        played = item.game if isinstance(item, PastGame) else item
    else:
        played = None
    try:
        sheet = None if played is None else Sheet.of(played)
    except scoresheet.ScoreSheetError:  # a stored sheet that loaded yet cannot be replayed
        return ""
    if sheet is None or sheet.winner is None:
        return ""
    return share_text(sheet, words(ui.language))


# What the page did with the text (``web/platform.js: share``), in words.  A share sheet the
# player closed says nothing: closing it was their choice, not a failure.
OUTCOMES: dict[str, Text] = {
    "shared": text("share.sent"),
    "copied": text("share.copied"),
    "cancelled": NOTHING,
    "failed": text("share.failed"),
}


SHARED_FROM = (Screen.GAME_OVER, Screen.HISTORY, Screen.PAD, Screen.SETUP)  # those with a Share button


def _shared(ui: Ui, tap: taps.Shared) -> Ui:
    """The page has shared (or tried to share) a sheet: ``tap.outcome`` says how it went.
    Said only where it was asked for: a player who moved on meanwhile has no use for it."""
    if ui.screen not in SHARED_FROM:
        return ui
    return replace(ui, message=OUTCOMES.get(tap.outcome, OUTCOMES["failed"]))


def _share(ui: Ui, tap: taps.Share) -> Outcome:
    """Share a finished game's sheet (``tap.which``: a past game's id, or "" for the game
    just finished); the page does it within the tap, as browsers require."""
    return Outcome(ui, (ShareSheet(tap.which),))


HANDLERS: dict[type[taps.Tap], Handler] = {taps.Share: _share, taps.Shared: _shared}
