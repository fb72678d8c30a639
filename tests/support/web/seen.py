"""What the page may show of the cards, for the privacy checks.

A hand's faces are on the page only while that hand is shown.  With two-sided
cards (the Flip edition) everyone holds their cards with the side in play
towards themselves, so the other side of every other hand is public, and so is
the other side of the draw pile's top card.  Nothing else of a hand but the
shown player's own side may be on the page, and not even that player's backs
(nobody sees their own).
"""

from __future__ import annotations

import re

from ui.screens import render
from ui.state import PromptKind, Screen, Ui
from ui.table.model import closing, viewer

from phase10.view import public_view, view

CARD = re.compile(r'data-card="([^"]+)"')
BACK = re.compile(r'data-back="([^"]+)"')


def allowed_backs(ui: Ui) -> list[str]:
    """The backs the table screen shows: other players' hands' and the draw pile's."""
    if ui.screen is not Screen.TABLE or ui.game is None:
        return []
    game = ui.game
    seat = viewer(ui)
    table = public_view(game)
    backs: list[str] = []
    for other in table.players:
        if other.seat != seat and other.in_hand:
            backs += [str(card) for card in other.backs]
    draw_back = table.draw_back
    if draw_back is not None:
        backs.append(str(draw_back))
    return sorted(backs)


def cards_in(html: str) -> list[str]:
    """The card faces on the page, in notation."""
    return CARD.findall(html)


def allowed_cards(ui: Ui) -> list[str]:
    """The faces the table may show: the shown hand, the groups laid, the discard's top
    and a lay-down waiting to be confirmed (the player's own cards once more)."""
    assert ui.game is not None
    seat = None if closing(ui) else viewer(ui)  # a hand's last play: every hand face down
    table = public_view(ui.game)
    cards = [str(c) for c in view(ui.game, seat).hand] if seat is not None else []
    cards += [str(c) for p in table.players for g in p.groups for c in g.cards]
    if table.discard_top is not None:
        cards.append(str(table.discard_top))
    if ui.prompt is not None and ui.prompt.kind is PromptKind.LAY:
        cards += [str(c) for c in ui.prompt.chosen.cards]
    return sorted(cards)


def check_privacy(ui: Ui) -> None:
    """The page ``ui`` renders shows the table, the shown hand and no other card."""
    html = render(ui)
    # Two-sided cards: the other side of other hands and of the draw pile's top, and no more.
    assert sorted(BACK.findall(html)) == allowed_backs(ui)
    assert not any("/" in card for card in cards_in(html)), "nobody sees the other side of their own cards"
    if ui.screen is Screen.HANDOFF:
        assert cards_in(html) == [], "no card face at all while the phone is passed"
    if ui.screen is Screen.TABLE:
        assert sorted(cards_in(html)) == allowed_cards(ui)
