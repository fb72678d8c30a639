"""The code stays ruff- and mypy-clean: lint is part of the test run."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ["engine", "web", "service_worker", "tests", "benchmarks", "build.py"]

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="no subprocesses in WebAssembly")


def _tool(*command: str) -> subprocess.CompletedProcess[str]:
    paths = [source for source in SOURCES if (ROOT / source).exists()]
    return subprocess.run(
        [sys.executable, "-m", *command, *paths], cwd=ROOT, capture_output=True, text=True, check=False
    )


def test_ruff_finds_nothing():
    result = _tool("ruff", "check", "--no-cache")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_format_is_applied():
    result = _tool("ruff", "format", "--check", "--no-cache")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_on_the_engine():
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-incremental"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


# build.py hands Pyodide's Python two programs and Node.js one, as strings: they are
# linted as files of their own would be.
EMBEDDED_PYTHON = ("_COMPILE_STDLIB", "_CHECK_STDLIB")
EMBEDDED_JAVASCRIPT = ("_NODE_COMPILER",)


@pytest.mark.parametrize("name", EMBEDDED_PYTHON)
def test_the_python_build_py_embeds_is_ruff_clean(name: str) -> None:
    import build

    source = getattr(build, name)
    for command in (("check", "--no-cache"), ("format", "--check", "--no-cache")):
        result = subprocess.run(
            [sys.executable, "-m", "ruff", *command, "--stdin-filename", f"build_{name.lower()}.py", "-"],
            cwd=ROOT,
            input=source.lstrip("\n"),
            capture_output=True,
            text=True,
            check=False,
        )
        assert result.returncode == 0, f"build.{name}: {result.stdout}{result.stderr}"


@pytest.mark.parametrize("name", EMBEDDED_JAVASCRIPT)
def test_the_javascript_build_py_embeds_parses(name: str, tmp_path: Path) -> None:
    import build

    script = tmp_path / f"{name.lower()}.mjs"
    script.write_text(getattr(build, name))
    result = subprocess.run(["node", "--check", str(script)], capture_output=True, text=True, check=False)
    assert result.returncode == 0, f"build.{name}: {result.stderr}"
