"""What the UI says, in English: the controller says things as catalogue ``Text``s."""

from __future__ import annotations

from ui.effects import Outcome
from ui.kit.i18n import Text, words
from ui.state import Ui
from ui.table.narration import narration

EN = words("en")


def said(text: Text | str) -> str:
    return EN.say(text)


def told(ui: Ui) -> list[str]:
    """The moves the table lists since the watcher's turn, oldest first."""
    return [said(line) for line in narration(ui)]


def spoken(outcome: Outcome) -> list[str]:
    """What the live region reads out after a step."""
    return [said(line) for line in outcome.said]
