"""Fetch and build the wheels that run the engine's tests under Pyodide (Python 3.14).

Usage: python tests/pyodide/prepare.py [--engine-dir DIR] [--deps-dir DIR]

(a) Builds the engine wheel from the repository into --engine-dir (default
    .cache/wheels/engine/), replacing any older phase10 wheel there, so the
    Node runner finds exactly one.
(b) Downloads pure-Python wheels of pytest, hypothesis and their dependencies
    for Python 3.14 into --deps-dir (default .cache/wheels/py314/), unless they
    are already there, and checks each file against its pinned sha256.

Standard library only, Python 3.11+. Needs the package index for (b) the first
time and for hatchling, the engine's build backend, every time.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

# Pyodide cannot load a CPython-native wheel, so everything here must ship a
# py3-none-any wheel. The hashes pin the exact files: PyPI and this machine's
# local mirrors serve byte-identical ones, and a mismatch means a different file.
PINNED: dict[str, tuple[str, str]] = {
    "pytest": ("9.2.0", "07acdcf88ec174f907dc01af70bf52d49b014bbab03faeeade31c96b18c2e588"),
    "pluggy": ("1.7.0", "7dd7b0d8832ba3cb632c306926ded123429211b83641b35dc5c41ad2d34f9bec"),
    "iniconfig": ("2.3.1", "9121e2c1fdb355232495be3194c8dfe87ccc2d5dee45947b78e68f499790d7a7"),
    "packaging": ("26.3", "d7193f7c8e4e93f444fde0262bf90af30e16fa0ad0ad44cb553c87339b23cd1c"),
    # pytest >= 8.4 requires pygments.
    "pygments": ("2.21.0", "2363c69b61c4a97c838da3b130dcd6468f4848992b21a82f2a63ec34377137d9"),
    # 6.155.7 is the last pure-Python hypothesis: from 6.156 on it ships only
    # compiled wheels (a required Rust extension, hypothesis._native).
    # It needs sortedcontainers only (attrs is no longer a dependency).
    "hypothesis": ("6.155.7", "9f634bdb1f9e9b8ab6ba09431cf2deedb750c96978125a6fb3c5a0f6c6db4131"),
    "sortedcontainers": (
        "2.4.0",
        "a163dcaede0f1c021485e957a39245190e74249897e2ae4b2aa38595db237ee0",
    ),
}


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def find_wheel(folder: Path, name: str, version: str) -> Path | None:
    matches = sorted(folder.glob(f"{name}-{version}-*.whl"))
    return matches[0] if matches else None


def source_date_epoch() -> str:
    """The last commit's time, so the same tree gives a byte-identical wheel."""
    if "SOURCE_DATE_EPOCH" in os.environ:
        return os.environ["SOURCE_DATE_EPOCH"]
    try:
        out = subprocess.run(
            ["git", "-C", str(REPO), "log", "-1", "--format=%ct"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        if out:
            return out
    except (OSError, subprocess.CalledProcessError):
        pass
    return "315532800"  # 1980-01-01, the earliest time a zip file can hold


def build_engine(out_dir: Path) -> Path:
    out_dir.mkdir(parents=True, exist_ok=True)
    # A stale wheel left beside the new one would make the choice ambiguous.
    for old in out_dir.glob("phase10-*.whl"):
        old.unlink()
    env = dict(os.environ, SOURCE_DATE_EPOCH=source_date_epoch())
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out_dir), str(REPO)],
        env=env,
        check=True,
    )
    wheels = sorted(out_dir.glob("phase10-*.whl"))
    if len(wheels) != 1:
        sys.exit(f"expected one phase10 wheel in {out_dir}, found {wheels}")
    return wheels[0]


def download_deps(out_dir: Path) -> list[Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    missing = [f"{n}=={v}" for n, (v, _) in PINNED.items() if not find_wheel(out_dir, n, v)]
    if missing:
        # The tags ask for wheels any Python 3.14 can import, which is what
        # Pyodide can use. The machine's pip constraints (only torch) do not
        # touch these packages, so no PIP_CONSTRAINT override is needed.
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "-q",
                "--only-binary=:all:",
                "--python-version",
                "3.14",
                "--implementation",
                "py",
                "--abi",
                "none",
                "--platform",
                "any",
                "--no-deps",
                "-d",
                str(out_dir),
                *missing,
            ],
            check=True,
        )
    wheels = []
    for name, (version, digest) in PINNED.items():
        wheel = find_wheel(out_dir, name, version)
        if wheel is None:
            sys.exit(f"{name}=={version} was not downloaded into {out_dir}")
        if sha256(wheel) != digest:
            sys.exit(f"{wheel} does not match its pinned sha256; delete it and run again")
        wheels.append(wheel)
    return wheels


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine-dir", type=Path, default=REPO / ".cache/wheels/engine")
    parser.add_argument("--deps-dir", type=Path, default=REPO / ".cache/wheels/py314")
    args = parser.parse_args()
    for wheel in [build_engine(args.engine_dir), *download_deps(args.deps_dir)]:
        print(wheel)


if __name__ == "__main__":
    main()
