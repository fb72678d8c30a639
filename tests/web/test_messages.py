"""The message catalogues: every language says everything, with the same fields, and no
word of the UI is left in the code.

The last test renders every screen of whole games in a marked-up language, where
each message is wrapped in ⟦ ⟧, and finds any letter on the page outside the marks:
a word that did not come from the catalogue.
"""

from __future__ import annotations

import ast
import json
import re
import string
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest
from ui import menus, screens
from ui.kit import i18n
from ui.kit.i18n import LANGUAGES, NOTHING, Words, load_messages, pick_language, text, words
from ui.records import PastGame
from ui.state import Event, Screen, Settings, SetupInput, Ui
from ui.table import narration
from ui.table.play import SPEEDS

from phase10.cards import COLORS, Side
from phase10.coach import Why
from phase10.pad import Refusal, card_kinds
from phase10.pad import standings as pad_standings
from phase10.phaselists import CodeProblem
from phase10.rules import (
    EDITIONS,
    OPTION_CATALOGUE,
    PLAYER_KINDS,
    GroupKind,
    ListProblem,
    Options,
    SetupReason,
)
from support.web.taps import handle, tapped
from support.web.tour import every_screen

UI = Path(__file__).resolve().parents[2] / "web" / "ui"
INDEX = UI.parent / "index.html"
NAMES = ("Ann", "Bo", "Cy", "Robo", "Hal", "Sunday", "Stars", "Mine")  # players and phase lists


def fields(message: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(message) if name is not None}


def forms(value: object) -> dict[str, str]:
    """A message's strings: itself, or its plural forms."""
    if isinstance(value, str):
        return {"": value}
    assert isinstance(value, dict) and set(value) == {"one", "other"}, value
    return {form: text for form, text in value.items() if isinstance(text, str)}


CATALOGUES = {language: load_messages(language) for language in LANGUAGES}
ENGLISH = CATALOGUES["en"]
HOME_AND_RULES = (("home", "edition"), ("home", "phases"), ("rules", "phases"))


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_language_has_every_key_and_no_other(language):
    catalogue = CATALOGUES[language]
    assert sorted(set(ENGLISH) - set(catalogue)) == [], "missing"
    assert sorted(set(catalogue) - set(ENGLISH)) == [], "not in English"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_has_the_same_fields_and_shape_as_in_english(language):
    catalogue = CATALOGUES[language]
    for key, english in ENGLISH.items():
        if key == "rules.sections":
            assert isinstance(english, list) and isinstance(catalogue[key], list)
            shape = [len(section["paragraphs"]) for section in english]
            assert [len(section["paragraphs"]) for section in catalogue[key]] == shape
            continue
        theirs, ours = forms(english), forms(catalogue[key])
        assert set(theirs) == set(ours), key
        wanted = set().union(*(fields(message) for message in theirs.values()))
        got = set().union(*(fields(message) for message in ours.values()))
        assert got == wanted, key
        assert all(message.strip() or message == "" for message in ours.values()), key
        assert all(message for message in ours.values()), f"{key} is empty"


def test_the_language_follows_the_browser_unless_one_is_chosen():
    assert pick_language("", ("es-MX", "en-US")) == "es"
    assert pick_language("", ("fr-FR", "en-GB")) == "en"
    assert pick_language("", ("fr",)) == "en"
    assert pick_language("", ()) == "en"
    assert pick_language("en", ("es-ES",)) == "en"
    assert pick_language("es", ("en",)) == "es"
    assert pick_language("xx", ("es",)) == "es", "an unknown choice follows the browser"


def test_spanish_speaks_spanish():
    es = words("es")
    from phase10.cards import parse_card
    from phase10.rules import CLASSIC

    assert es.card(parse_card("R7")) == "7 rojo"
    assert es.card(parse_card("W")) == "Comodín"
    assert es.phase(CLASSIC.phases[0]) == "2 grupos de 3"
    assert es.names(["Ana", "Bo", "Cy"]) == "Ana, Bo y Cy"
    assert es.say(text("say.drew", name="Ana")) == "Ana robó del mazo."


# --- every key used exists, and every key is used --------------------------------------------


def _dynamic_keys() -> set[str]:
    """Keys the code builds from the engine's values (``f"option.{key}.title"``)."""
    keys = {f"option.{info.key}.{part}" for info in OPTION_CATALOGUE for part in ("title", "summary")}
    keys |= {f"edition.{name}.{part}" for name in EDITIONS for part in ("title", "summary")}
    keys |= {f"kind.{kind}" for kind in PLAYER_KINDS}
    keys |= {f"color.{color.value}" for color in COLORS}
    keys |= {f"card.star.{color.value}" for color in COLORS}
    keys |= {f"side.{side.value}" for side in Side}
    keys |= {f"need.{kind.value}" for kind in GroupKind}
    keys |= {f"speed.{speed}" for speed in SPEEDS}
    keys |= {f"pad.refused.{refusal.value}" for refusal in Refusal}
    keys |= {f"pad.kind.{kind.kind}" for rules in EDITIONS.values() for kind in card_kinds(rules)}
    keys |= {f"coach.why.{why.value}" for why in Why}
    keys |= {f"setup.refused.{reason.value}" for reason in SetupReason}
    keys |= {f"code.refused.{problem.value}" for problem in CodeProblem}
    keys |= {f"phases.refused.{problem.value}" for problem in ListProblem}
    keys |= {f"group_kind.{kind.value}" for rules in EDITIONS.values() for kind in rules.list_kinds}
    # A hint that keeps no two cards together says so alone.
    keys |= {f"coach.why.{why.value}.alone" for why in (Why.TAKE_CLOSER, Why.DISCARD_SPARE)}
    # Each edition but the one a table plays unless it chooses shows under its own name.
    others = [name for name in EDITIONS if name != Options().edition]
    keys |= {f"{page}.{name}_{part}" for name in others for page, part in HOME_AND_RULES}
    return keys


def _literal_keys() -> set[str]:
    """Every string literal in the UI's code that names a catalogue key."""
    found = set()
    for path in [*UI.rglob("*.py"), UI.parent / "boot.js", Path(__file__).resolve().parents[2] / "build.py"]:
        found |= set(re.findall(r"""["']([a-z_]+(?:\.[a-z_\-]+)+)["']""", path.read_text()))
    return found & set(ENGLISH)


def test_every_key_the_code_builds_exists():
    assert sorted(_dynamic_keys() - set(ENGLISH)) == []


def test_every_key_is_used():
    used = _literal_keys() | _dynamic_keys()
    assert sorted(set(ENGLISH) - used) == []


def test_every_literal_key_in_the_code_exists():
    called = set()
    for path in UI.rglob("*.py"):
        source = path.read_text()
        called |= set(
            re.findall(r"""\b(?:w|self|text|said|Text|automatic)\(\s*["']([a-z_][\w.\-]*)["']""", source)
        )
        called |= set(re.findall(r"""\bw\(\s*\n?\s*["']([a-z_][\w.\-]*)["']""", source))
    assert called, "the pattern finds the calls"
    assert sorted(called - set(ENGLISH)) == []


# --- no word in the code -------------------------------------------------------------------

# Capitalised words that are not words for people: a key's name, a DOM property.
NOT_WORDS = {"Escape"}


def _docstrings(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                ids.add(id(body[0].value))
    return ids


def _strings(path: Path) -> Iterator[tuple[int, str]]:
    tree = ast.parse(path.read_text())
    docs = _docstrings(tree)
    # Assertions are for developers; ``__all__`` names code.
    skipped = {
        id(n)
        for a in ast.walk(tree)
        if isinstance(a, ast.Assert)
        or (isinstance(a, ast.Assign) and any(getattr(t, "id", "") == "__all__" for t in a.targets))
        for n in ast.walk(a)
    }
    for node in ast.walk(tree):
        said = isinstance(node, ast.Constant) and isinstance(node.value, str)
        if said and id(node) not in docs and id(node) not in skipped:
            yield node.lineno, node.value


@pytest.mark.parametrize("path", sorted(UI.rglob("*.py")), ids=lambda path: path.relative_to(UI).as_posix())
def test_no_word_for_people_is_written_in_the_code(path):
    found = [
        f"{path.name}:{line}: {value!r}"
        for line, value in _strings(path)
        if set(re.findall(r"\b[A-Z][a-z]+\b", value)) - NOT_WORDS
    ]
    assert found == []


def test_the_loading_screen_has_only_the_catalogues_words():
    body = INDEX.read_text().split("<body>")[1]
    texts = re.findall(r">([^<]+)<", re.sub(r"<!--.*?-->", "", body, flags=re.S))
    words_left = [t for t in texts if re.search(r"[A-Za-z]", t) and not re.fullmatch(r"\s*__[A-Z_]+__\s*", t)]
    assert words_left == []
    attributes = re.findall(r'(?:aria-label|title|alt|placeholder)="([^"]*)"', body)
    assert all(re.fullmatch(r"__[A-Z_]+__", value) for value in attributes), attributes


# --- every screen, in a marked-up language ---------------------------------------------------


def _marked() -> Words:
    """English with each message wrapped in ⟦ ⟧, fields and all."""

    def mark(value: object) -> object:
        if isinstance(value, str):
            return f"⟦{value}⟧"
        if isinstance(value, dict):
            return {form: f"⟦{message}⟧" for form, message in value.items()}
        assert isinstance(value, list)  # the rules' sections
        return [
            {"title": f"⟦{s['title']}⟧", "paragraphs": [f"⟦{p}⟧" for p in s["paragraphs"]]} for s in value
        ]

    return Words("en", {key: mark(value) for key, value in ENGLISH.items()})


class _Text(HTMLParser):
    """The text a person can see or hear: text, and the attributes read out."""

    SPOKEN = ("aria-label", "title", "alt", "placeholder", "label")

    def __init__(self) -> None:
        super().__init__()
        self.pieces: list[str] = []

    def handle_data(self, data: str) -> None:
        self.pieces.append(data)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.pieces += [value for name, value in attrs if name in self.SPOKEN and value]


SHARE_CODE = r"\bP\d+(-[0-9A-Z]+)+\b"
PAIRING_CODE = r"^[A-Z2-7]{1,4}( [A-Z2-7]{1,4})+$"  # a phone's pairing code, in groups of four


def unmarked_words(html: str) -> list[str]:
    parser = _Text()
    parser.feed(html)
    left = []
    for piece in parser.pieces:
        rest = piece
        while re.search(r"⟦[^⟦⟧]*⟧", rest):
            rest = re.sub(r"⟦[^⟦⟧]*⟧", "", rest)
        for name in NAMES:
            rest = re.sub(rf"\b{name}\b", "", rest)
        rest = re.sub(SHARE_CODE, "", rest)  # a phase list's code is data, like a name
        rest = re.sub(PAIRING_CODE, "", rest.strip())  # so is a phone's pairing code
        if re.search(r"[^\W\d_]", rest):
            left.append(rest.strip())
    return left


def test_every_screen_has_only_the_catalogues_words(monkeypatch):
    marked = _marked()
    for module in (screens, menus, narration, i18n):  # each that picks the words of a language
        monkeypatch.setattr(module, "words", lambda _language: marked)
    seen_screens = set()
    problems: dict[str, list[str]] = {}
    finished = []
    for name, ui in every_screen():
        seen_screens.add(ui.screen)
        if ui.screen is Screen.GAME_OVER and ui.game is not None:
            finished.append(ui.game)
        if ui.pad is not None and pad_standings(ui.pad).decided and PastGame(ui.pad) not in finished:
            finished.append(PastGame(ui.pad))
        html = screens.render(ui, build="b1", finished=finished, unreadable=1)
        html += menus.update_banner("en")  # what is read out is Text, from the catalogues alone
        left = unmarked_words(html)
        if left and len(problems) < 5:  # the first few are enough to see what is wrong
            problems[name] = left
    assert problems == {}
    assert seen_screens == set(Screen), "every screen was rendered"


def test_a_game_reads_in_spanish():
    ui = handle(Ui(settings=Settings(language="es")), Event("new-game"))
    fields = SetupInput(("Ana", ""), ("person", "person"), seed="3")
    ui = handle(ui, Event("start-game", form=fields))
    assert ui.game is not None and ui.game.config.players == ("Ana", "Jugador 2")
    ui = handle(ui, Event("reveal"))
    html = screens.render(ui)
    assert "Tu mano" in html and "Your hand" not in html
    drew = tapped(ui, Event("draw"))
    assert narration.announcement(drew.ui.language, drew.said).startswith("Robaste ")


def test_the_catalogue_files_are_valid_json_with_sorted_shape():
    for language in LANGUAGES:
        path = UI / "kit" / "messages" / f"{language}.json"
        loaded = json.loads(path.read_text(encoding="utf-8"))
        assert list(loaded) == list(ENGLISH), f"{language}.json lists its keys in English's order"
    assert NOTHING.key == "" and not NOTHING
