"""What web/boot.js repeats of the Python, before Python runs, held equal to it.

``boot.js`` picks the language and paints the kept screen before Python has
started, so it cannot import the Python's choices: it repeats a few. These tests
read them from its source, and run its ``pickLanguage`` in Node on the same cases
as ``i18n.pick_language``.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import build
import pytest
from ui import navigation
from ui.kit.i18n import LANGUAGES, pick_language
from ui.records import PAD
from ui.saves.storage import CURRENT, SETTINGS
from ui.shell import first_paint

BOOT = Path(__file__).resolve().parents[2] / "web" / "boot.js"
SOURCE = BOOT.read_text(encoding="utf-8")


WEB = BOOT.parent
WORKER = (WEB.parent / "service_worker" / "sw.js").read_text(encoding="utf-8")
PLATFORM = (WEB / "platform.js").read_text(encoding="utf-8")
INTERPRETER = (WEB / "interpreter.js").read_text(encoding="utf-8")
SNAPSHOT = (WEB / "snapshot.js").read_text(encoding="utf-8")


def constant(name: str, source: str | None = None) -> object:
    """A top-level ``[export] const NAME = <JSON literal>;`` of boot.js (or of ``source``),
    as Python reads it."""
    found = re.search(
        rf"^(?:export )?const {name} = (.+);$", SOURCE if source is None else source, re.MULTILINE
    )
    assert found, f"no const {name}"
    return json.loads(found.group(1).replace("_", ""))


def test_the_service_worker_reads_the_copy_of_the_kept_screen_as_the_page_writes_it():
    """sw.js serves the page with the copy web/platform.js keeps of first_paint's record."""
    assert constant("FIRST_SCREEN_FORMAT", WORKER) == first_paint.FORMAT
    assert constant("FIRST_SCREEN_MAX_CHARS", WORKER) == first_paint.MAX_CHARS
    for name in ("FIRST_SCREEN_CACHE", "FIRST_SCREEN_PATH"):
        assert constant(name, WORKER) == constant(name, PLATFORM)
    # The build's own caches are "ten-phases-<build>", which an update deletes: not this one.
    assert not str(constant("FIRST_SCREEN_CACHE", PLATFORM)).startswith("ten-phases-")
    assert "const CACHE = `ten-phases-${BUILD}`;" in WORKER


def test_boot_reads_the_slots_and_the_kept_screen_as_python_writes_them():
    assert constant("KEPT") == first_paint.KEY
    assert constant("KEPT_FORMAT") == first_paint.FORMAT
    assert constant("KEPT_MAX_CHARS") == first_paint.MAX_CHARS
    assert constant("GAME_SLOT") == CURRENT
    assert constant("PAD_SLOT") == PAD
    assert constant("SETTINGS_SLOT") == SETTINGS
    assert sorted(constant("OVER_ANOTHER")) == sorted(screen.value for screen in navigation.OVER_ANOTHER)
    assert constant("OVER_ANOTHER_PARAM", WORKER) == navigation.OVER_ANOTHER_PARAM


def test_the_page_and_the_snapshot_worker_run_pyodides_javascript_as_the_build_makes_it():
    """build.py's classic_glue writes CLASSIC_GLUE, which defines GLUE_GLOBAL: the page runs
    it (index.html, before interpreter.js), and both starts of Python hand it to Pyodide."""
    for source in (INTERPRETER, SNAPSHOT):
        assert constant("GLUE_FILE", source) == build.CLASSIC_GLUE
        assert constant("GLUE_GLOBAL", source) == build.GLUE_GLOBAL
        assert "createPyodideModule" in source
    page = (WEB / "index.html").read_text()
    glue = f'<script src="./pyodide/{build.CLASSIC_GLUE}" defer></script>'
    assert page.index(glue) < page.index('<script type="module" src="./interpreter.js">')
    assert "pyodide.asm.mjs" not in page + INTERPRETER + SNAPSHOT, "the module glue is never loaded"


def test_the_check_sees_a_changed_constant(monkeypatch):
    """A deliberate breach: boot.js with another slot name fails the check."""
    changed = SOURCE.replace('"ten-phases/game"', '"ten-phases/old"')
    monkeypatch.setattr(sys.modules[__name__], "SOURCE", changed)
    with pytest.raises(AssertionError):
        test_boot_reads_the_slots_and_the_kept_screen_as_python_writes_them()


CASES = [
    ("", ["es-MX", "en-US"]),
    ("", ["fr-FR", "es"]),
    ("", ["fr-FR", "de"]),
    ("", []),
    ("en", ["es-ES"]),
    ("es", ["en-GB"]),
    ("xx", ["ES"]),
    ("", ["pt-BR", "EN-au"]),
]


@pytest.mark.skipif(shutil.which("node") is None, reason="Node runs boot.js's function")
def test_boot_picks_the_language_as_python_does():
    function = re.search(r"^function pickLanguage\(.*?^}$", SOURCE, re.MULTILINE | re.DOTALL)
    assert function, "boot.js has no pickLanguage"
    words = {language: {} for language in LANGUAGES}
    script = f"""
{function.group(0)}
const cases = {json.dumps(CASES)};
const picked = cases.map(([chosen, languages]) => {{
  globalThis.navigator = {{ languages, language: languages[0] }};
  return pickLanguage(chosen, {json.dumps(words)});
}});
console.log(JSON.stringify(picked));
"""
    globals_navigator = "Object.defineProperty(globalThis, 'navigator', {writable: true, value: {}});"
    out = subprocess.run(
        ["node", "-e", globals_navigator + script], capture_output=True, text=True, check=True, timeout=60
    )
    assert json.loads(out.stdout) == [pick_language(chosen, languages) for chosen, languages in CASES]
