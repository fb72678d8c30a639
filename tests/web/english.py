"""What the UI says, in English: the controller says things as catalogue ``Text``s."""

from __future__ import annotations

from ui.controller import Ui
from ui.i18n import Text, words

EN = words("en")


def said(text: Text | str) -> str:
    return EN.say(text)


def told(ui: Ui) -> list[str]:
    """The computer players' moves on the table, as the narration lists them."""
    return [said(line) for line in ui.narration]


def spoken(ui: Ui) -> list[str]:
    """What the live region reads out after the last action."""
    return [said(line) for line in ui.said]
