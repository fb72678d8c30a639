"""The engine's test suite, run again under Pyodide's Python 3.14 in Node.js.

This proves the built wheel, not the source tree, works on the Python the web
app runs on. It needs `node` and `npm ci` (node_modules/pyodide); without them
it skips locally but fails in CI, where a skip would hide a missing install step.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
HERE = REPO / "tests" / "pyodide"
TIMEOUT = 900  # seconds, for prepare.py and the Node run together


def _missing_tool() -> str | None:
    if shutil.which("node") is None:
        return "node is not installed"
    if not (REPO / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
        return "node_modules/pyodide is absent: run `npm ci` in the repository"
    return None


def _tail(text: str, lines: int = 60) -> str:
    return "\n".join(text.splitlines()[-lines:])


@pytest.mark.pyodide
def test_engine_suite_passes_under_pyodide(tmp_path: Path) -> None:
    reason = _missing_tool()
    if reason is not None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI must run the Pyodide tests, but {reason}")
        pytest.skip(reason)

    engine_dir = tmp_path / "engine-wheel"  # fresh, so no stale wheel can be picked
    deps_dir = REPO / ".cache" / "wheels" / "py314"  # kept: downloaded once
    prepared = subprocess.run(
        [
            sys.executable,
            str(HERE / "prepare.py"),
            "--engine-dir",
            str(engine_dir),
            "--deps-dir",
            str(deps_dir),
        ],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )
    prepare_output = prepared.stdout + prepared.stderr
    assert prepared.returncode == 0, f"prepare.py failed:\n{_tail(prepare_output)}"

    run = subprocess.run(
        [
            "node",
            str(HERE / "run_engine_tests.mjs"),
            "--wheels",
            str(engine_dir),
            "--wheels",
            str(deps_dir),
            str(REPO / "tests" / "engine"),
        ],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
        cwd=REPO,
        # A host-wide HYPOTHESIS_PROFILE (say "ci") would cost minutes under WebAssembly.
        env=dict(os.environ, HYPOTHESIS_PROFILE="pyodide"),
    )
    output = run.stdout + run.stderr
    assert run.returncode == 0, f"pytest under Pyodide exited {run.returncode}:\n{_tail(output)}"

    assert re.search(r"^Python 3\.14\.", output, re.MULTILINE), _tail(output)
    found = re.search(r"^phase10 \S+ from (\S+)$", output, re.MULTILINE)
    assert found, _tail(output)
    # The runner mounts only the tests, so the engine must come from the wheel.
    assert "/site-packages/phase10/" in found[1], found[1]
    assert not found[1].startswith((str(REPO / "engine"), "/repo/")), found[1]
