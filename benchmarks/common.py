"""What the benchmark scripts share: percentiles, the machine they ran on, a private
build of the app, and their JSON output.

The scripts import the engine, the UI, build.py and the test-support package
(tests/support) from the source tree, found through the ``ten-phases.pth`` file that
tests/run.py writes into .venv: run them with ``.venv/bin/python benchmarks/NAME.py``
(another Python needs ``PYTHONPATH=engine:web:tests:.``, from the repository's root).
A script imports this module, and its sibling scripts, as top-level modules: the
script's own folder, benchmarks/, comes first on the path.
"""

from __future__ import annotations

import json
import math
import platform
import shutil
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any


def percentile(values: Sequence[float], p: float) -> float:
    """The p-th percentile (p from 0 to 100) by nearest rank: the smallest value with at
    least p% of the values at or below it, always one of the values (never interpolated).

    Every pNN a benchmark prints (p95, p99, and p50 where a script prints a p50 rather
    than a median) is this.  ``statistics.median``, which engine.py prints as "p50", is
    the mean of the two middle values when their count is even.
    """
    if not values:
        raise ValueError("no values")
    ordered = sorted(values)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]


def machine() -> str:
    """The operating system and the processor's architecture, as "Linux x86_64"."""
    return f"{platform.system()} {platform.machine()}"


@contextmanager
def private_site(no_build: bool) -> Iterator[Path]:
    """The app built into a private folder (or a copy of dist/), removed afterwards, so
    that a rebuild of dist/ by someone else mid-run cannot change what is measured."""
    import build

    workdir = Path(tempfile.mkdtemp(prefix="bench-site-"))
    try:
        site = workdir / "dist"
        if no_build:
            shutil.copytree(build.DIST, site)
        else:
            (build.ROOT / ".cache").mkdir(exist_ok=True)
            build.build(site)
        yield site
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def write_json(path: Path | None, data: dict[str, Any]) -> None:
    """The results as JSON in ``path``, when one was asked for."""
    if path:
        path.write_text(json.dumps(data, indent=1) + "\n")
        print(f"\nwrote {path}")
