"""How the full run shares two cores (tests/run.py's ``--dist loadgroup``): the browser
tests, under ``tests/browser/``, are one unit of work, run on one worker one after another
as they were written to run (each drives a browser that keeps both cores busy at times),
while the other worker takes the rest, a test at a time.

xdist's own grouping, by an ``xdist_group`` marker, is lost on pytest 9.2: xdist 3.8 renames
``item._nodeid``, which a node's id no longer reads.  So the unit is told by the node id's
folder, in the scheduler, which sees only node ids.
"""

from __future__ import annotations

from typing import Any

from xdist.scheduler import LoadScopeScheduling

BROWSERS = "tests/browser/"


class BrowsersTogether(LoadScopeScheduling):
    """xdist's scheduling by scope, the browser tests one scope and each other test its own."""

    def _split_scope(self, nodeid: str) -> str:
        return BROWSERS if nodeid.startswith(BROWSERS) else nodeid


def pytest_xdist_make_scheduler(config: Any, log: Any) -> Any:
    """``BrowsersTogether`` under ``--dist loadgroup``; xdist's own choice otherwise."""
    if config.getvalue("dist") != "loadgroup":
        return None
    return BrowsersTogether(config, log)
