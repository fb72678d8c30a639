"""Words for people, in their language.

Every word the app shows comes from one message catalogue per language,
``messages/<language>.json``; no sentence lives in the code.  The controller says
what happened as a ``Text`` (a key and its arguments), so what it says is
rendered anew in whatever language the table switches to.  ``Words`` turns keys,
``Text`` values and engine values (cards, groups, phases, sides) into words.

A message is a string with ``{name}`` fields, or, when it depends on a count,
``{"one": ..., "other": ...}`` chosen by its ``count`` argument.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from phase10.cards import Card, Color, Side
from phase10.groups import Group
from phase10.rules import GroupKind, GroupSpec, PhaseSpec

__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "NOTHING",
    "Text",
    "Words",
    "load_messages",
    "pick_language",
    "text",
    "words",
]

MESSAGES = Path(__file__).with_name("messages")
# A language is its catalogue: adding one is adding messages/<code>.json.
LANGUAGES = tuple(sorted(path.stem for path in MESSAGES.glob("*.json")))
DEFAULT_LANGUAGE = "en"


@dataclass(frozen=True, slots=True)
class Text:
    """Something to say, in no language yet: a catalogue key and its arguments."""

    key: str
    args: tuple[tuple[str, Arg], ...] = ()

    def __bool__(self) -> bool:
        return bool(self.key)


# What a message's fields may hold: words as they are, numbers, and engine values to put in words.
Arg = str | int | Card | Side | Group | PhaseSpec | Text | Sequence[str]

NOTHING = Text("")  # nothing to say


def text(key: str, **args: Arg) -> Text:
    return Text(key, tuple(args.items()))


def pick_language(chosen: str, preferred: Iterable[str]) -> str:
    """The language to use: the one chosen in settings, else the browser's first that the
    app speaks (``es-MX`` is Spanish), else English."""
    if chosen in LANGUAGES:
        return chosen
    for tag in preferred:
        base = tag.split("-")[0].lower()
        if base in LANGUAGES:
            return base
    return DEFAULT_LANGUAGE


def load_messages(language: str) -> dict[str, object]:
    loaded: dict[str, object] = json.loads((MESSAGES / f"{language}.json").read_text(encoding="utf-8"))
    return loaded


class Words:
    """One language's catalogue, and the words for the engine's values in it."""

    def __init__(self, language: str, messages: Mapping[str, object]) -> None:
        self.language = language
        self.messages = messages

    def __call__(self, key: str, **args: Arg) -> str:
        message = self.messages[key]
        if isinstance(message, dict):
            count = args["count"]
            assert isinstance(count, int), key
            message = message["one" if count == 1 else "other"]
        assert isinstance(message, str), key
        return message.format_map({name: self._arg(value) for name, value in args.items()})

    def say(self, said: Text | str) -> str:
        """A ``Text`` in this language (a plain string is a name or a detail, said as is)."""
        if isinstance(said, str):
            return said
        return self(said.key, **dict(said.args))

    def sections(self, key: str) -> list[tuple[str, list[str]]]:
        """A long text of titled sections, such as the rules."""
        value = self.messages[key]
        assert isinstance(value, list), key
        return [(section["title"], list(section["paragraphs"])) for section in value]

    def _arg(self, value: Arg) -> str:
        if isinstance(value, Text):
            return self.say(value)
        if isinstance(value, Card):
            return self.card(value)
        if isinstance(value, Side):
            return self.side(value)
        if isinstance(value, Group):
            return self.group(value)
        if isinstance(value, PhaseSpec):
            return self.phase(value)
        if isinstance(value, str | int):
            return str(value)
        return self.names(value)

    # --- the engine's values in words ---------------------------------------------------

    def color(self, color: Color) -> str:
        return self(f"color.{color.value}")

    def side(self, side: Side) -> str:
        return self(f"side.{side.value}")

    def card(self, card: Card, value: str | None = None) -> str:
        """ "Red 7", "Wild", "Red Star", "Wild 7", "Wild Star", "Blue 3, Flip"; with
        ``value``, what a card that leaves something free stands for in a group."""
        name = self._face(card)
        if value and not card.is_natural:
            name = self("card.as", card=name, value=value)
        return self("card.flips", card=name) if card.flips else name

    def _face(self, card: Card) -> str:
        if card.is_skip:
            return self("card.skip")
        number, color = card.fixed_number, card.fixed_color
        if card.side is None:
            return self("card.wild")
        if color is not None and number is not None:
            return self("card.number", color=self.color(color), number=number)
        if color is not None:
            return self(f"card.star.{color.value}")
        if number is not None:
            return self("card.wild_number", number=number)
        return self("card.wild_star")

    def stands_for(self, group: Group, index: int) -> str:
        """What the card at ``index`` of a laid group stands for: "7", "Red", "Red 7"."""
        number, color = group.number_at(index), group.color
        if number is None:
            return self.color(color) if color else self("color.any")
        if group.kind is GroupKind.COLOR_RUN and color is not None:
            return self("card.number", color=self.color(color), number=number)
        return str(number)

    def group(self, group: Group) -> str:
        """A laid group: "set of 7s", "run 3-6", "red run 2-5", "green colour group"."""
        kind, color = group.kind, group.color
        if kind is GroupKind.SET:
            return self("group.set", number=group.number)
        if kind is GroupKind.RUN:
            return self("group.run", start=group.start, end=group.end)
        if kind is GroupKind.COLOR_RUN:
            if color is None:  # Wild Side numbers only, so far
                return self("group.color_run_any", start=group.start, end=group.end)
            return self("group.color_run", color=self.color(color), start=group.start, end=group.end)
        return self("group.color", color=self.color(color)) if color else self("group.color_any")

    def phase(self, spec: PhaseSpec) -> str:
        """What a phase asks for: "2 sets of 3", "1 set of 3 + 1 run of 4", "7 cards of one colour"."""
        parts = [self._requirement(need, count) for need, count in _counted(spec.groups)]
        described = self("phase.and").join(parts)
        if spec.must_include is not None:
            described = self("phase.must_include", phase=described, number=spec.must_include)
        return described

    def _requirement(self, need: GroupSpec, count: int) -> str:
        return self(f"need.{need.kind.value}", count=count, size=need.size)

    def names(self, names: Sequence[str]) -> str:
        """ "Ann", "Ann and Bo", "Ann, Bo and Cy"."""
        if len(names) == 1:
            return names[0]
        return self("list.and", first=self("list.comma").join(names[:-1]), last=names[-1])


def _counted(needs: Sequence[GroupSpec]) -> list[tuple[GroupSpec, int]]:
    """Alike groups counted together, in order of first appearance."""
    counts: dict[GroupSpec, int] = {}
    for need in needs:
        counts[need] = counts.get(need, 0) + 1
    return list(counts.items())


@cache
def words(language: str) -> Words:
    return Words(language, load_messages(language if language in LANGUAGES else DEFAULT_LANGUAGE))
