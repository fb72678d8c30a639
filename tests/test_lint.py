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
