"""The full run's split over two cores (support/split.py): every browser test on one worker,
in the order written, the rest beside it."""

from __future__ import annotations

import pytest

pytest_plugins = ["pytester"]

RECORD = """
import os, pathlib
def record(name):
    with open(pathlib.Path(__file__).parents[{up}] / "ran.txt", "a") as ran:
        ran.write(f"{{os.environ['PYTEST_XDIST_WORKER']}} {{name}}\\n")
"""


def test_the_browser_tests_run_on_one_worker_in_order_beside_the_rest(pytester: pytest.Pytester) -> None:
    pytester.makeconftest("from support.split import pytest_xdist_make_scheduler")
    browser = pytester.path / "tests" / "browser"
    browser.mkdir(parents=True)
    (browser / "test_a.py").write_text(
        RECORD.format(up=2) + "".join(f"def test_a{n}():\n    record('a{n}')\n" for n in range(4))
    )
    (browser / "test_b.py").write_text(
        RECORD.format(up=2) + "".join(f"def test_b{n}():\n    record('b{n}')\n" for n in range(3))
    )
    engine = pytester.path / "tests" / "engine"
    engine.mkdir()
    (engine / "test_c.py").write_text(
        "import time\n"
        + RECORD.format(up=2)
        + "".join(f"def test_c{n}():\n    time.sleep(0.2)\n    record('c{n}')\n" for n in range(8))
    )
    result = pytester.runpytest_subprocess("-n", "2", "--dist", "loadgroup", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=15)
    ran = [line.split() for line in (pytester.path / "ran.txt").read_text().splitlines()]
    browsers = [(worker, name) for worker, name in ran if name[0] in "ab"]
    assert len({worker for worker, _ in browsers}) == 1, ran
    assert [name for _, name in browsers] == ["a0", "a1", "a2", "a3", "b0", "b1", "b2"]
    others = {worker for worker, name in ran if name[0] == "c"}
    assert others - {browsers[0][0]}, f"the other worker ran beside the browsers: {ran}"
