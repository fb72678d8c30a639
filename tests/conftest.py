"""Checks on the test tree itself, before anything is collected; and the full run's split
over two cores."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import pytest

# The full run's split of the tests over two cores.
from support.split import pytest_xdist_make_scheduler  # noqa: F401  (a hook: xdist finds it here)

TESTS = Path(__file__).resolve().parent


def pytest_sessionstart(session: pytest.Session) -> None:
    """Two test files with one name break collection (the test folders are not packages,
    so pytest imports both as one module): say which, before collection fails obscurely."""
    by_name: dict[str, list[str]] = defaultdict(list)
    for path in sorted(TESTS.rglob("test_*.py")):
        by_name[path.name].append(str(path.relative_to(TESTS)))
    clashes = {name: paths for name, paths in by_name.items() if len(paths) > 1}
    if clashes:
        named = "; ".join(" and ".join(paths) for paths in clashes.values())
        raise pytest.UsageError(f"test files must have different names: {named}")
