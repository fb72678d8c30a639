"""``python -m phase10 simulate`` from the command line."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import phase10.__main__ as cli
from phase10 import simulate
from phase10.invariants import InvariantError

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    "args",
    [
        ("--games", "3", "--players", "4", "--seed", "7"),
        ("--games", "2", "--players", "2", "--variation", "ten-hands,even-phases,el-chavo"),
        ("--games", "2", "--players", "6", "--variation", "first-to-2"),
    ],
)
def test_simulate_prints_a_summary(args, capsys):
    assert cli.main(["simulate", *args]) == 0
    out = capsys.readouterr().out
    games = args[args.index("--games") + 1]
    assert f"games: {games}" in out
    assert "hands:" in out and "ms a game" in out
    assert "all invariants held" in out


@pytest.mark.parametrize("args", [("--players", "7"), ("--variation", "backwards"), ("--games", "0")])
def test_simulate_refuses_bad_arguments(args, capsys):
    with pytest.raises(SystemExit) as exited:
        cli.main(["simulate", *args])
    assert exited.value.code == 2
    assert "error" in capsys.readouterr().err


def test_simulate_exits_non_zero_on_a_broken_invariant(monkeypatch, capsys):
    # Plant a failing invariant check and see the command report it.
    def broken(state):
        if state.turns > 3:
            raise InvariantError("planted failure")

    monkeypatch.setattr(simulate, "check_state", broken)
    assert cli.main(["simulate", "--games", "1", "--players", "2"]) == 1
    assert "planted failure" in capsys.readouterr().err


@pytest.mark.skipif(sys.platform in ("emscripten", "wasi"), reason="no subprocesses in WebAssembly")
def test_the_module_runs_as_a_command():
    result = subprocess.run(
        [sys.executable, "-m", "phase10", "simulate", "--games", "1", "--players", "3"],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "PYTHONPATH": str(ROOT / "engine")},
        timeout=600,
    )
    assert result.returncode == 0, result.stderr
    assert "all invariants held" in result.stdout
