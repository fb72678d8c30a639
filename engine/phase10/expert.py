"""The expert computer player: decides from a player's view alone, like every level.

Its randomness comes from its seed mixed with public facts of the moment (see
``bots._moment``), so a game of experts replays from its seed.  For now it plays
as hard does; its own search lands behind this one function.
"""

from __future__ import annotations

from .actions import Action
from .view import PlayerView

__all__ = ["expert_choice"]


def expert_choice(seen: PlayerView, seed: int) -> Action:
    """The expert's action for ``seen.legal`` (``seen.step`` is DRAW or PLAY)."""
    from .bots import Bot, Level

    return Bot(Level.HARD, seed).choose(seen)
