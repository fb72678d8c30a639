"""The UI's Python waits on the platform's promises safely, on Pyodide's own Python.

``web/ui/shell/platform.py`` settles every platform promise in JavaScript first
(``web/platform.js``), because Pyodide cannot turn every rejection into a Python
exception: WebKit rejected a service worker's ``update()`` offline with a value it
refused, which surfaced as an unhandled rejection (issue 13).  This runs the real
module on Pyodide in Node (tests/pyodide/platform_promises.mjs) with each kind of
rejection an engine may give, and shows what a plain ``await`` does instead.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

pytestmark = [
    pytest.mark.pyodide,
    pytest.mark.skipif(sys.platform == "emscripten", reason="no subprocesses in WebAssembly"),
]


@pytest.fixture(scope="module")
def outcome() -> dict[str, object]:
    lacking = shutil.which("node") is None or not (REPO / "node_modules" / "pyodide").is_dir()
    if lacking:
        if os.environ.get("CI") == "true":
            pytest.fail("CI must run this, but node or node_modules/pyodide is missing")
        pytest.skip("node or node_modules/pyodide is missing")
    run = subprocess.run(
        [
            "node",
            "--disable-warning=MODULE_TYPELESS_PACKAGE_JSON",
            str(REPO / "tests" / "pyodide" / "platform_promises.mjs"),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        cwd=REPO,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    result: dict[str, object] = json.loads(run.stdout.splitlines()[-1])
    return result


@pytest.mark.parametrize(
    ("case", "error"),
    [
        ("error", "TypeError: offline"),
        ("errorWithoutStack", "TypeError: offline"),
        ("errorLikeObject", "NetworkError: no route"),
        ("text", "just words"),
        ("nothing", "undefined"),
        ("throws", "RangeError: at once"),
        ("absent", "TypeError: absent is not supported here"),
        ("readyFails", "InvalidStateError: no worker"),
    ],
)
def test_every_rejection_comes_back_as_a_value(outcome: dict[str, object], case: str, error: str) -> None:
    cases = outcome["cases"]
    assert isinstance(cases, dict)
    assert cases[case] == {"ok": False, "error": error}


def test_a_fulfilled_promise_gives_its_value(outcome: dict[str, object]) -> None:
    cases = outcome["cases"]
    assert isinstance(cases, dict)
    assert cases["fulfils"] == {"ok": True, "value": 5, "error": ""}
    assert cases["readyValue"] == {"ok": True, "value": "active", "error": ""}, "a promise property"


def test_settling_leaves_no_unhandled_rejection(outcome: dict[str, object]) -> None:
    assert outcome["unhandledWithSettle"] == []


def test_a_plain_await_of_such_a_rejection_is_what_settle_avoids(outcome: dict[str, object]) -> None:
    """The fault itself, in Node: the await never returns, and Pyodide's own handler
    leaves an unhandled rejection.  If a Pyodide upgrade makes this fail, it accepts such
    rejections now, and web/platform.js may no longer be needed."""
    assert outcome["plain"] == "never returned"
    assert outcome["unhandledWithPlainAwait"] == ["TypeError: invalid exception object"]


# --- sharing a score sheet (web/platform.js: share) ------------------------------------------


def test_settle_now_calls_at_once_and_settle_only_when_awaited(outcome: dict[str, object]) -> None:
    """A browser opens the share sheet only while a tap is handled: the call cannot wait
    for a coroutine to be scheduled."""
    cases = outcome["cases"]
    assert isinstance(cases, dict)
    assert cases["timing"] == {
        "settleNow": [1, {"ok": True, "value": 1, "error": ""}],
        "settle": [1, {"ok": True, "value": 2, "error": ""}],
    }


@pytest.mark.parametrize(
    ("case", "result", "at_once"),
    [
        ("sheet", "shared", ["share"]),
        ("closed", "cancelled", ["share"]),
        ("refusedThenCopied", "copied", ["share"]),
        ("cannotShareText", "copied", ["writeText"]),
        ("clipboardOnly", "copied", ["writeText"]),
        ("nothingWorks", "failed", ["writeText"]),
        ("nothingAtAll", "failed", []),
        ("noText", "failed", []),
    ],
)
def test_share_takes_the_share_sheet_then_the_clipboard_and_always_resolves(
    outcome: dict[str, object], case: str, result: str, at_once: list[str]
) -> None:
    shared = outcome["shareCases"]
    assert isinstance(shared, dict)
    found = shared[case]
    assert found["outcome"] == result
    assert found["atOnce"] == at_once, "the first platform call is made within the tap"
    for name, *args in found["calls"]:
        assert args == ([{"text": "Ann won"}] if name == "share" else ["Ann won"])
    if case == "refusedThenCopied":
        assert [name for name, *_ in found["calls"]] == ["share", "writeText"]
