"""Score pads written from games played in the engine: the same hands, on paper."""

from __future__ import annotations

from phase10 import GameState
from phase10.pad import ScorePad, pad_of_sheet

__all__ = ["pad_of_game"]


def pad_of_game(game: GameState, hands: int | None = None) -> ScorePad:
    """The pad of a paper game whose hands were those of ``game`` (its first ``hands``)."""
    return pad_of_sheet(game.config.players, game.config.options, game.history[:hands])
