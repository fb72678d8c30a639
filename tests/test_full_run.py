"""The full run's split over two cores (support/split.py): every browser test on one worker,
in the order written, the rest beside it."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest_plugins = ["pytester"]

# Each made-up test writes its worker and its name to ran.txt, two folders up.
RECORD = """import os, pathlib, time
def record(name):
    with open(pathlib.Path(__file__).parents[2] / "ran.txt", "a") as ran:
        ran.write(f"{os.environ['PYTEST_XDIST_WORKER']} {name}\\n")
"""


def write_tests(path: Path, prefix: str, count: int, wait: float = 0.0) -> None:
    """``count`` made-up tests in ``path``, named ``prefix`` and a number, each recording itself."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tests = "".join(
        f"def test_{prefix}{n}():\n    time.sleep({wait})\n    record('{prefix}{n}')\n" for n in range(count)
    )
    path.write_text(RECORD + tests)


def test_the_browser_tests_run_on_one_worker_in_order_beside_the_rest(pytester: pytest.Pytester) -> None:
    pytester.makeconftest("from support.split import pytest_xdist_make_scheduler")
    write_tests(pytester.path / "tests" / "browser" / "test_a.py", "a", 4)
    write_tests(pytester.path / "tests" / "browser" / "test_b.py", "b", 3)
    write_tests(pytester.path / "tests" / "engine" / "test_c.py", "c", 8, wait=0.2)
    result = pytester.runpytest_subprocess("-n", "2", "--dist", "loadgroup", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=15)
    ran = [line.split() for line in (pytester.path / "ran.txt").read_text().splitlines()]
    browsers = [(worker, name) for worker, name in ran if name[0] in "ab"]
    assert len({worker for worker, _ in browsers}) == 1, ran
    assert [name for _, name in browsers] == ["a0", "a1", "a2", "a3", "b0", "b1", "b2"]
    others = {worker for worker, name in ran if name[0] == "c"}
    assert others - {browsers[0][0]}, f"no test ran on the other worker beside the browsers: {ran}"
