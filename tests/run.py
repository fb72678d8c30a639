#!/usr/bin/env python3
"""Run every test: the engine on CPython and on Pyodide, the app in Chromium, Firefox
and WebKit, lint and types.

    python3 tests/run.py [pytest arguments]
    python3 tests/run.py --fast [pytest arguments]

``--fast`` is the loop for a change in progress: the engine and the UI on CPython, the
rulings' document and ruff, in a few minutes; no browser, no Pyodide, no mypy, no npm
packages or browsers installed. The full run is what CI runs.

Installs what a fresh machine lacks first: a virtual environment in .venv with
the pinned tools of tests/requirements.txt, the npm packages of
package-lock.json (npm ci), and, through apt, Debian's browsers and what drives
them (never a browser download).  Each step is skipped when its inputs are unchanged.

Any python3 can start it: the first step needs the standard library only.  It
also writes .venv's ten-phases.pth, which puts the source tree on the venv's path
(the repository's root for build.py, engine/, web/, and tests/ for the
test-support package), then runs the rest of this script again in the venv.
The benchmarks and tests/screenshots.py are run with .venv/bin/python for the
same reason.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VENV = ROOT / ".venv"
PYTHON = VENV / "bin" / "python"
# What the venv's Python finds from the source tree, in this order: the same folders as
# pytest's pythonpath in pyproject.toml.
SOURCE_PATH = (ROOT / "engine", ROOT / "web", ROOT / "tests", ROOT)
PTH = "ten-phases.pth"
# The full run on both cores (pytest-xdist): the browser tests on one worker, one at a
# time as they were written to run; the engine on CPython and on Pyodide, the build, lint
# and types on the other (tests/support/split.py).  Alone, the browser tests kept the two
# cores less than a quarter busy, waiting on pages, and the rest took a third of the run.
FULL = ("-n", "2", "--dist", "loadgroup")
# What --fast runs: everything that needs neither a browser, Node.js nor a build.
FAST = (
    "tests/engine",
    "tests/web",
    "tests/test_rulings_doc.py",
    "tests/test_architecture.py",
    "tests/test_lint.py::test_ruff_finds_nothing",
    "tests/test_lint.py::test_ruff_format_is_applied",
    "-m",
    "not browser and not pyodide",
    # On both cores (pytest-xdist): the CPython tests share no state, so they split freely.
    "-n",
    "2",
)


def _digest(*paths: Path) -> str:
    digest = hashlib.sha256()
    for path in paths:
        digest.update(path.read_bytes())
    return digest.hexdigest()


def _up_to_date(stamp: Path, digest: str) -> bool:
    return stamp.exists() and stamp.read_text() == digest


def _run(*command: str | Path) -> None:
    print("+", " ".join(map(str, command)), flush=True)
    subprocess.run([str(part) for part in command], cwd=ROOT, check=True)


def ensure_venv() -> None:
    requirements = ROOT / "tests" / "requirements.txt"
    stamp = VENV / ".requirements.sha256"
    digest = _digest(requirements)
    if _up_to_date(stamp, digest):
        return
    if not PYTHON.exists():
        venv.create(VENV, with_pip=True)
    _run(PYTHON, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-r", requirements)
    stamp.write_text(digest)


def ensure_source_path() -> None:
    """The venv's ten-phases.pth: the source tree on its Python's path (see SOURCE_PATH)."""
    site_packages = subprocess.run(
        [str(PYTHON), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    pth = Path(site_packages) / PTH
    text = "".join(f"{folder}\n" for folder in SOURCE_PATH)
    if not pth.exists() or pth.read_text() != text:
        pth.write_text(text)


def in_venv() -> bool:
    return Path(sys.prefix).resolve() == VENV.resolve()


def ensure_browsers(packages: dict[str, str]) -> None:
    """Debian's packages the browser tests need, each found by a file it installs."""
    lacking = sorted({package for path, package in packages.items() if not Path(path).exists()})
    if not lacking:
        return
    if shutil.which("apt-get") is None or os.geteuid() != 0:
        sys.exit(f"missing Debian packages: install them (as root: apt-get install {' '.join(lacking)})")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for command in (["apt-get", "update", "-qq"], ["apt-get", "install", "-y", "-qq", *lacking]):
        print("+", " ".join(command), flush=True)
        subprocess.run(command, check=True, env=env)


def main() -> int:
    os.chdir(ROOT)
    ensure_venv()
    ensure_source_path()
    if not in_venv():
        # The rest imports build.py and the test-support package: the venv finds them.
        os.execv(PYTHON, [str(PYTHON), str(Path(__file__).resolve()), *sys.argv[1:]])

    arguments = sys.argv[1:]
    if "--fast" in arguments:
        arguments = [*FAST, *(argument for argument in arguments if argument != "--fast")]
        # Fewer Hypothesis examples and one block of seeded games (tests/engine/conftest.py).
        os.environ.setdefault("HYPOTHESIS_PROFILE", "fast")
    else:
        from build import ensure_npm_packages

        from support.browser.engines import DEBIAN_PACKAGES, versions

        arguments = [*FULL, *arguments]
        ensure_npm_packages(dev=True)
        ensure_browsers(DEBIAN_PACKAGES)
        for engine, version in versions().items():
            print(f"{engine}: {version}", flush=True)
    command = [str(PYTHON), "-m", "pytest", *arguments]
    print("+", " ".join(command), flush=True)
    return subprocess.run(command, cwd=ROOT, check=False).returncode


if __name__ == "__main__":
    sys.exit(main())
