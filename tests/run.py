#!/usr/bin/env python3
"""Run every test: the engine on CPython and on Pyodide, the app in Chromium, lint and types.

    python3 tests/run.py [pytest arguments]

Installs what a fresh machine lacks first: a virtual environment in .venv with
the pinned tools of tests/requirements.txt, the npm packages of
package-lock.json (npm ci), and Debian's chromium through apt (never a browser
download).  Each step is skipped when its inputs are unchanged.
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
sys.path.insert(0, str(ROOT))

from build import CHROMIUM, ensure_npm_packages  # noqa: E402

VENV = ROOT / ".venv"
PYTHON = VENV / "bin" / "python"
APT_PACKAGES = ["chromium", "fonts-dejavu-core"]


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


def ensure_chromium() -> None:
    if Path(CHROMIUM).exists():
        return
    if shutil.which("apt-get") is None or os.geteuid() != 0:
        sys.exit(
            f"{CHROMIUM} is missing: install Debian's chromium package (as root: apt-get install chromium)"
        )
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for command in (["apt-get", "update", "-qq"], ["apt-get", "install", "-y", "-qq", *APT_PACKAGES]):
        print("+", " ".join(command), flush=True)
        subprocess.run(command, check=True, env=env)


def main() -> int:
    os.chdir(ROOT)
    ensure_venv()
    ensure_npm_packages()
    ensure_chromium()
    command = [str(PYTHON), "-m", "pytest", *sys.argv[1:]]
    print("+", " ".join(command), flush=True)
    return subprocess.run(command, cwd=ROOT, check=False).returncode


if __name__ == "__main__":
    sys.exit(main())
