"""Score pads written from games played in the engine: the same hands, on paper."""

from __future__ import annotations

from phase10 import GameState, HandRecord
from phase10.pad import HandEntry, ScorePad, add_hand, new_pad

__all__ = ["entry_of", "pad_of_game"]


def entry_of(record: HandRecord) -> HandEntry:
    """What a scorekeeper writes for a hand the engine recorded."""
    went_out = () if record.went_out is None else (record.went_out,)
    return HandEntry(went_out, record.completed, record.points)


def pad_of_game(game: GameState, hands: int | None = None) -> ScorePad:
    """The pad of a paper game whose hands were those of ``game`` (its first ``hands``)."""
    pad = new_pad(game.config.players, game.config.options)
    for record in game.history[:hands]:
        pad = add_hand(pad, entry_of(record))
    return pad
