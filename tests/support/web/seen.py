"""What the table may show of two-sided cards (the Flip edition), for the privacy checks.

Everyone holds their cards with the side in play towards themselves, so the
other side of every other hand is public, and so is the other side of the draw
pile's top card.  Nothing else of a hand but the shown player's own side may be
on the page, and not even that player's backs (nobody sees their own).
"""

from __future__ import annotations

from ui.state import Screen, Ui
from ui.table_model import viewer

from phase10.view import view


def allowed_backs(ui: Ui) -> list[str]:
    """The backs the table screen shows: other players' hands' and the draw pile's."""
    if ui.screen is not Screen.TABLE or ui.game is None:
        return []
    game = ui.game
    seat = viewer(ui)
    backs: list[str] = []
    count = len(game.players)
    for other in range(count):
        if other == seat or other not in game.active:
            continue
        # As anyone else at the table sees them.
        backs += [str(card) for card in view(game, (other + 1) % count).players[other].backs]
    draw_back = view(game, game.current if seat is None else seat).draw_back
    if draw_back is not None:
        backs.append(str(draw_back))
    return sorted(backs)
