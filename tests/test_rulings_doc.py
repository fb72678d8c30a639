"""Every ruling the code and tests cite by number exists in docs/rulings.md.

Comments, docstrings and tests name rulings by number: "ruling 24", "Ruling 24",
"(ruling 24)", "rulings 3 and 5", "rulings 11-13", "rulings 8, 9 and 12",
"ruling 10, r25", and in test names and ids the short form "r24" ("r5-wild-...",
"test_r12_r13_...", "(r27)", "r25-r30").  docs/rulings.md must hold each of
those numbers as a numbered ruling, and its rulings must be numbered 1..N with no
gap and no duplicate.  Nothing outside the repository is read.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "rulings.md"

# Where citations are looked for, and in which files.
SCANNED = ("engine", "web", "tests", "benchmarks", "service_worker", "build.py")
SUFFIXES = frozenset({".py", ".js", ".html", ".css", ".json", ".md"})
SKIPPED_DIRS = frozenset({".venv", "node_modules", "dist", "__pycache__"})

# A list of numbers after "ruling(s)": "24", "11-13", "3 and 5", "8, 9 and 12", "10, r25".
# The "r" that may prefix a later number is lower-case only: "ruling 3, R7" names a card.
_NUMBER = r"(?:rulings?[\s_]*|(?-i:r))?\d+"
_NUMBER_LIST = rf"\d+(?:\s*(?:-|\u2013|to|&|,?\s*and|,?\s*or|,)\s*{_NUMBER})*"
LONG_FORM = re.compile(rf"(?<![A-Za-z0-9])rulings?[\s_]+(?P<numbers>{_NUMBER_LIST})", re.IGNORECASE)
# A number inside such a list, or a range "11-13" / "25 to 30" / "r25-r30".
LIST_ITEM = re.compile(
    r"(?P<first>\d+)(?:\s*(?:-|\u2013|to)\s*(?:rulings?\s*|(?-i:r))?(?P<last>\d+))?", re.IGNORECASE
)
# The short form of test names and ids: "r5-...", "test_r12_...", "(r27)", "r25:", "r25-r30".
# Case-sensitive, and never followed by a space: "r7 w s" and "R7" are cards.
SHORT_FORM = re.compile(r"(?<![A-Za-z0-9])r(?P<first>\d{1,2})(?:-r(?P<last>\d{1,2}))?(?=[-:)_])")

# A ruling in docs/rulings.md: a list item "24. **Title.** text" at the start of a line.
DOC_RULING = re.compile(r"^(?P<number>\d+)\.\s+\*\*", re.MULTILINE)


class Citation(NamedTuple):
    line: int
    number: int
    text: str


def _numbers(first: str, last: str | None) -> list[int]:
    low = int(first)
    if last is None:
        return [low]
    high = int(last)
    return list(range(low, high + 1)) if low <= high else [low, high]


def citations(text: str) -> list[Citation]:
    """Every ruling number ``text`` cites, with its line (from 1) and the words citing it."""
    found: list[Citation] = []
    for match in LONG_FORM.finditer(text):
        line = text.count("\n", 0, match.start()) + 1
        cited = " ".join(match.group(0).split())
        for item in LIST_ITEM.finditer(match.group("numbers")):
            found.extend(Citation(line, n, cited) for n in _numbers(item["first"], item["last"]))
    for match in SHORT_FORM.finditer(text):
        line = text.count("\n", 0, match.start()) + 1
        found.extend(Citation(line, n, match.group(0)) for n in _numbers(match["first"], match["last"]))
    return sorted(found)


def documented_numbers(text: str) -> list[int]:
    """The ruling numbers of a rulings document, in the order they appear."""
    return [int(match["number"]) for match in DOC_RULING.finditer(text)]


def numbering_problems(numbers: list[int]) -> list[str]:
    """What is wrong with a document's ruling numbers, which must run 1, 2, ... N."""
    if not numbers:
        return ["no numbered ruling found (a ruling is a line '24. **Title.** ...')"]
    problems = [
        f"ruling {n} appears {count} times" for n, count in sorted(Counter(numbers).items()) if count > 1
    ]
    missing = sorted(set(range(1, max(numbers) + 1)) - set(numbers))
    problems += [f"ruling {n} is missing (the numbers must run 1..{max(numbers)})" for n in missing]
    problems += [f"ruling {n} is not a positive number" for n in sorted(set(numbers)) if n < 1]
    if not problems and numbers != sorted(numbers):
        problems.append(f"the rulings are out of order: {numbers}")
    return problems


def scanned_files() -> Iterator[Path]:
    this = Path(__file__).resolve()
    for name in SCANNED:
        top = ROOT / name
        candidates = [top] if top.is_file() else sorted(top.rglob("*")) if top.is_dir() else []
        for path in candidates:
            parts = path.relative_to(ROOT).parts
            if any(part in SKIPPED_DIRS or part.startswith(".") for part in parts[:-1]):
                continue
            if path.suffix in SUFFIXES and path.is_file() and path.resolve() != this:
                yield path


def repository_citations() -> list[tuple[str, Citation]]:
    return [
        (path.relative_to(ROOT).as_posix(), citation)
        for path in scanned_files()
        for citation in citations(path.read_text(encoding="utf-8", errors="replace"))
    ]


# --- the repository --------------------------------------------------------------------------


def test_rulings_are_numbered_one_to_n() -> None:
    problems = numbering_problems(documented_numbers(DOC.read_text(encoding="utf-8")))
    assert not problems, "docs/rulings.md:\n" + "\n".join(problems)


def test_every_cited_ruling_is_in_the_doc() -> None:
    documented = set(documented_numbers(DOC.read_text(encoding="utf-8")))
    found = repository_citations()
    assert found, "no ruling citation found: the scanner is broken"
    missing = [
        f"{path}:{citation.line}: cites ruling {citation.number} ({citation.text!r}),"
        f" which docs/rulings.md does not have"
        for path, citation in found
        if citation.number not in documented
    ]
    assert not missing, "\n".join(missing)


# --- the parsers themselves ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "numbers"),
    [
        ("ruling 24", [24]),
        ("Ruling 24: the El Chavo Phase 10", [24]),
        ("# RULING 24", [24]),
        ("a Wild in a set (ruling 24)", [24]),
        ("rulings 3 and 5", [3, 5]),
        ("rulings 11-13", [11, 12, 13]),
        ("rulings 11\u201313", [11, 12, 13]),
        ("rulings 25 to 27", [25, 26, 27]),
        ("rulings 8, 9 and 12", [8, 9, 12]),
        ("rulings 8, 9, and 12", [8, 9, 12]),
        ("rulings 25, 30", [25, 30]),
        ("ruling 10, r25", [10, 25]),
        ("ruling 17, and ruling 20's ten hands", [17, 20]),
        ("rulings 16-20 and the variations", [16, 17, 18, 19, 20]),
        ("Rulings 7 and 9 read together", [7, 9]),
        ("(ruling 2: 4+ consecutive numbers, colours free; ruling 4: inside 1..12)", [2, 4]),
        ("the scoring rules (rulings\n    19-20)", [19, 20]),
        ("ruling 3, R7 B7", [3]),
        ("def test_faces_fix_what_ruling_26_says():", [26]),
        ('id="r5-wild-both-ends-free"', [5]),
        ('id=f"r1-24-{color}-reizen-contents"', [1]),
        ("def test_r12_r13_three_players_both_others_skipped():", [12, 13]),
        ("Ids name the ruling (r25-r30) or the rulebook section.", [25, 26, 27, 28, 29, 30]),
        ("a blue Star cannot be red (rulebook, r26)", [26]),
        ('"r25: a Wild Side face on the Colour Side"', [25]),
        ('("r7 w s", 45, "lower-case cards")', []),
        ('("color", "r1 r* y12", 35)', []),
        ('("run", "R11 R12 R1 R2", "R3", False)', []),
        ("see RULINGS.md for the rulings", []),
        ("overruling 3 is not a citation, nor is rule 5 or rulebook 2", []),
    ],
)
def test_citation_parser(text: str, numbers: list[int]) -> None:
    assert sorted(citation.number for citation in citations(text)) == sorted(numbers)


def test_citation_lines() -> None:
    text = "first line\n# ruling 7\nx = 1  # rulings 3 and\n# 5 is not read across a comment\n"
    assert [(c.line, c.number) for c in citations(text)] == [(2, 7), (3, 3)]
    assert citations("a\n\n  (ruling 12)")[0] == Citation(3, 12, "ruling 12")


@pytest.mark.parametrize(
    ("doc", "numbers", "problems"),
    [
        ("1. **A.** x\n2. **B.** y\n   12. cards, not a ruling\n", [1, 2], 0),
        ("## Head\n\n1. **A.** x\n\n## Next\n\n2. **B.** y\n3. **C.**\n", [1, 2, 3], 0),
        ("1. **A.** x\n3. **C.** y\n", [1, 3], 1),
        ("1. **A.** x\n2. **B.** y\n2. **B again.** z\n", [1, 2, 2], 1),
        ("2. **B.** y\n1. **A.** x\n", [2, 1], 1),
        ("no rulings here\n", [], 1),
    ],
)
def test_doc_parser(doc: str, numbers: list[int], problems: int) -> None:
    assert documented_numbers(doc) == numbers
    assert len(numbering_problems(numbers)) == problems
