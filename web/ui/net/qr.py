"""A pairing code as a QR code (issue 38): the SVG a phone shows for the other to scan.

The symbol is drawn by segno (pinned in build.py's ON_DEMAND_WHEELS and
tests/requirements.txt), imported only inside ``qr_svg``: on the page, the wheel is loaded
when a screen first asks for a QR code (``ui.shell.qr_loader``), never as the app starts,
and this module is imported by the memory snapshot's Python, which has no segno.

The code is encoded in the QR code's alphanumeric mode (capitals and digits, 5.5 bits a
character), at error correction level M (15 %: a screen's glare or a finger at its edge)
or higher where the same size allows, with the standard quiet zone of four modules. The
SVG is the symbol's dark modules as one path on a light square: no size of its own (it
fills the width of its container, square), no script, no style attribute, no link, so
the page's Content-Security-Policy has nothing to refuse in it.
"""

from __future__ import annotations

import re

from ui.kit.html import Markup, esc
from ui.net.pairing import MAX_CODE_CHARS

__all__ = ["QUIET_ZONE", "QrError", "check_code", "qr_svg"]

QUIET_ZONE = 4  # modules of light around the symbol, as ISO/IEC 18004 asks
_CODE = re.compile(r"[0-9A-Z]+")


class QrError(ValueError):
    """A text that is not a code to show as a QR code, and why."""


def check_code(code: object) -> str:
    """``code`` if it is one to show as a QR code (capitals and digits, as
    ``ui.net.pairing.write_code`` writes them, up to its length); else ``QrError`` says why."""
    if not isinstance(code, str):
        raise QrError(f"a code is text, not {type(code).__name__}")
    if not code:
        raise QrError("an empty code makes no QR code")
    if len(code) > MAX_CODE_CHARS:
        raise QrError(f"a code is at most {MAX_CODE_CHARS} characters, not {len(code):,}")
    if not _CODE.fullmatch(code):
        bad = next(char for char in code if not _CODE.fullmatch(char))
        raise QrError(f"a code is made of capitals and digits only, not {bad!r}")
    return code


def qr_svg(code: str, label: str = "") -> Markup:
    """``code`` as an SVG QR code.  ``label``: what a screen reader says of it (none: it is
    hidden from them, as the screen shows the code as text too).  Raises ``QrError`` for a
    text that is not a code (``check_code``)."""
    check_code(code)
    import segno  # loaded on demand: see the module's docstring

    symbol = segno.make_qr(code, mode="alphanumeric", error="m", boost_error=True)
    size = len(symbol.matrix) + 2 * QUIET_ZONE
    runs = []
    for row, modules in enumerate(symbol.matrix):
        column = 0
        while column < len(modules):
            if not modules[column]:
                column += 1
                continue
            start = column
            while column < len(modules) and modules[column]:
                column += 1
            x, y, width = start + QUIET_ZONE, row + QUIET_ZONE, column - start
            runs.append(f"M{x} {y}h{width}v1h-{width}z")
    named = f' role="img" aria-label="{esc(label)}"' if label else ' aria-hidden="true"'
    return Markup(
        f'<svg xmlns="http://www.w3.org/2000/svg" class="qr-code" viewBox="0 0 {size} {size}"'
        f' shape-rendering="crispEdges"{named}>'
        f'<rect width="{size}" height="{size}" fill="#fff"/>'
        f'<path fill="#000" d="{"".join(runs)}"/></svg>'
    )
