"""``python -m phase10 simulate`` from the command line."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "engine")}
    return subprocess.run(
        [sys.executable, "-m", "phase10", *args],
        capture_output=True,
        text=True,
        check=False,
        env=env,
        timeout=600,
    )


@pytest.mark.parametrize(
    "args",
    [
        ("--games", "3", "--players", "4", "--seed", "7"),
        ("--games", "2", "--players", "2", "--variation", "ten-hands,even-phases,el-chavo"),
        ("--games", "2", "--players", "6", "--variation", "first-to-2"),
    ],
)
def test_simulate_prints_a_summary(args):
    result = _run("simulate", *args)
    assert result.returncode == 0, result.stderr
    games = args[args.index("--games") + 1]
    assert f"games: {games}" in result.stdout
    assert "hands:" in result.stdout and "ms a game" in result.stdout
    assert "all invariants held" in result.stdout


def test_simulate_refuses_bad_arguments():
    assert _run("simulate", "--players", "7").returncode != 0
    assert _run("simulate", "--variation", "backwards").returncode != 0


def test_simulate_exits_non_zero_on_a_broken_invariant(monkeypatch):
    # Break a rule inside the process and check the command reports it.
    import phase10.__main__ as cli
    from phase10 import simulate
    from phase10.invariants import InvariantError

    def broken(state):
        if state.turns > 3:
            raise InvariantError("planted failure")

    monkeypatch.setattr(simulate, "check_state", broken)
    assert cli.main(["simulate", "--games", "1", "--players", "2"]) == 1
