"""A pairing code as a QR code (issue 38, ``ui.net.qr``): the SVG holds exactly segno's
symbol for the code, read back module by module, at error correction M or higher with its
quiet zone; it scales to its container and holds nothing the page's CSP or a screen
reader would trip on; anything that is not a code is refused with why, before segno is
loaded."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import segno
from ui.net.pairing import Candidate, Role, Summary, read_code, write_code
from ui.net.qr import QUIET_ZONE, QrError, qr_svg

ROOT = Path(__file__).resolve().parents[2]
SVG = "{http://www.w3.org/2000/svg}"

# Chromium's own offer as this machine made it (two mDNS names, 178 characters), and the
# longest kind of code: an answer naming three IPv6 addresses (208 characters).
OFFER = Summary(
    Role.OFFER,
    bytes(range(8)),
    bytes.fromhex("6ce59238b581f51fa7330e091d10c5a3dc59bbb69f2e6a359614e60bcda991f1"),
    "j6VW",
    "FO7AMJfWmIaUSMfPDpMyrrDD",
    (
        Candidate("302d3c78-cad7-4d62-ae7c-f02ccd1c300e.local", 46725),
        Candidate("67b340c9-6a81-4035-9125-317e3e99d629.local", 36777),
    ),
)
LONGEST = Summary(
    Role.ANSWER,
    bytes(range(8, 16)),
    bytes(range(32)),
    "abcd",
    "0123456789abcdefghijklmn",
    tuple(Candidate(f"fe80::1c2a:3bff:fe4d:5e6{i}", 51000 + i) for i in range(3)),
)

# The format information's first copy (ISO/IEC 18004, 7.9): its 15 bits, most significant
# first, beside the top left finder, and the mask they are written with.
FORMAT_CELLS = [(8, column) for column in (0, 1, 2, 3, 4, 5, 7, 8)] + [
    (row, 8) for row in (7, 5, 4, 3, 2, 1, 0)
]
FORMAT_MASK = 0b101010000010010
LEVELS = {0b01: "L", 0b00: "M", 0b11: "Q", 0b10: "H"}


def modules(svg: str) -> tuple[int, list[list[int]]]:
    """The SVG's size and its grid of modules (1 dark), read from its path alone."""
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    size = int(root.get("viewBox", "").removeprefix("0 0 ").split()[0])
    assert root.get("viewBox") == f"0 0 {size} {size}"
    background, path = list(root)
    assert background.tag == f"{SVG}rect" and background.get("fill") == "#fff"
    assert (background.get("width"), background.get("height")) == (str(size), str(size))
    assert background.get("x", "0") == background.get("y", "0") == "0"
    assert path.tag == f"{SVG}path" and path.get("fill") == "#000"
    d = path.get("d", "")
    runs = re.findall(r"M(\d+) (\d+)h(\d+)v1h-(\d+)z", d)
    assert "".join(f"M{x} {y}h{w}v1h-{back}z" for x, y, w, back in runs) == d, "only closed one-row runs"
    grid = [[0] * size for _ in range(size)]
    for x, y, width, back in runs:
        assert width == back
        for column in range(int(x), int(x) + int(width)):
            assert grid[int(y)][column] == 0, "each module is drawn once"
            grid[int(y)][column] = 1
    return size, grid


@pytest.mark.parametrize("summary", [OFFER, LONGEST], ids=["chromium-offer", "three-ipv6-answer"])
def test_the_svg_holds_segnos_symbol_for_a_real_pairing_code(summary):
    code = write_code(summary)
    assert read_code(code) == summary and len(code) in {178, 208}
    size, grid = modules(qr_svg(code))

    border = QUIET_ZONE
    assert border == 4
    for row in range(size):
        for column in range(size):
            if not (border <= row < size - border and border <= column < size - border):
                assert grid[row][column] == 0, "the quiet zone is light"
    symbol = [row[border : size - border] for row in grid[border : size - border]]
    expected = segno.make_qr(code, mode="alphanumeric", error="m")
    assert symbol == [[int(bool(module)) for module in row] for row in expected.matrix]
    assert expected.mode == "alphanumeric"

    # Read from the drawing, not from segno: a level a phone's camera copes with on a
    # screen, and a symbol small enough to scan from across a table (version 8 at most).
    bits = int("".join(str(symbol[row][column]) for row, column in FORMAT_CELLS), 2) ^ FORMAT_MASK
    assert LEVELS[bits >> 13] in {"M", "Q", "H"}
    assert LEVELS[bits >> 13] == expected.error
    assert len(symbol) <= 17 + 4 * 8


def test_the_svg_scales_to_its_container_and_holds_nothing_to_run_or_fetch():
    svg = qr_svg(write_code(OFFER))
    root = ET.fromstring(svg)
    assert root.get("width") is None and root.get("height") is None, "sized by its container"
    assert root.get("shape-rendering") == "crispEdges"
    assert root.get("aria-hidden") == "true"
    for element in root.iter():
        assert element.tag in {f"{SVG}svg", f"{SVG}rect", f"{SVG}path"}
        for name, value in element.attrib.items():
            assert not name.lower().startswith("on"), "no event handler"
            assert "href" not in name and name != "style", "no link, no inline style (CSP)"
            assert "url(" not in value and "javascript:" not in value
    assert "<script" not in svg and "<style" not in svg and "<!" not in svg


def test_a_label_names_the_image_for_screen_readers_escaped():
    root = ET.fromstring(qr_svg(write_code(OFFER), label='code <"1">'))
    assert root.get("role") == "img" and root.get("aria-label") == 'code <"1">'
    assert root.get("aria-hidden") is None


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("", "an empty code"),
        ("ABC def", "capitals and digits only, not ' '"),
        ("abc", "capitals and digits only, not 'a'"),
        ("AB-CD", "capitals and digits only, not '-'"),
        ("ÄB", "capitals and digits only, not 'Ä'"),
        ("A<SCRIPT>", "capitals and digits only, not '<'"),
        ("A" * 401, "at most 400 characters, not 401"),
        (None, "a code is text, not NoneType"),
        (b"ABC", "a code is text, not bytes"),
    ],
)
def test_anything_but_a_code_is_refused_with_why(text, why):
    with pytest.raises(QrError, match=re.escape(why)):
        qr_svg(text)


def test_importing_the_module_does_not_import_segno():
    """The memory snapshot's Python imports every UI module, and has no segno."""
    paths = [ROOT / "web", ROOT / "engine", *sys.path]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(map(str, paths))}
    script = "import sys, ui.net.qr; assert 'segno' not in sys.modules, 'segno imported'"
    subprocess.run([sys.executable, "-c", script], check=True, env=env)
