"""A table's own phase list on the command line: the judge takes a list's phase by its
share code (ruling 31), and the simulator and the tournament play own lists, lists dealt
by chance and phases in any order (rulings 33-35)."""

from __future__ import annotations

import json

import pytest

import phase10.__main__ as cli
from phase10.judge import answer
from phase10.phaselists import random_list
from phase10.rules import GameConfig, Options
from phase10.tournament import play_bot_game, run_tournament

OWN = "P1-3S3S-4CR4R-E"  # two sets of 3; a colour run of 4 and a run of 4
FLIP_OWN = "P1-2CR2S-3S-F"


def ask(**request: object) -> dict[str, object]:
    return answer(json.dumps(request))


@pytest.mark.parametrize(
    ("request_", "response"),
    [
        pytest.param(
            dict(
                op="find",
                phase=2,
                phases=OWN,
                hand=["R3", "R4", "W", "R6", "B7", "G8", "Y9", "Y10", "B1", "G1", "S"],
            ),
            {"groups": [["R3", "R4", "W", "R6"], ["B7", "G8", "Y9", "Y10"]]},
            id="r31-find-a-colour-run-and-a-run",
        ),
        pytest.param(
            dict(
                op="find",
                phase=2,
                phases=OWN,
                hand=["R3", "B4", "W", "R6", "B7", "G8", "Y9", "Y10", "B1", "G1"],
            ),
            {"groups": None},
            id="r31-a-colour-run-is-of-one-colour",
        ),
        pytest.param(
            dict(
                op="phase", phase=2, phases=OWN, groups=[["B7", "G8", "Y9", "Y10"], ["R3", "R4", "W", "R6"]]
            ),
            {"ok": True},
            id="r31-phase-groups-in-any-order",
        ),
        pytest.param(
            dict(
                op="phase", phase=1, phases=OWN, groups=[["B7", "G8", "Y9", "Y10"], ["R3", "R4", "W", "R6"]]
            ),
            {"ok": False},
            id="r31-phase-1-of-the-list",
        ),
        pytest.param(
            dict(op="group", kind="color_run", size=3, cards=["R4", "W", "R6"], phases=OWN),
            {"ok": True},
            id="r31-classic-colour-run-with-a-list",
        ),
        pytest.param(
            dict(op="hit", kind="color_run", group=["R4", "R5", "R6"], card="B7", phases=OWN),
            {"ok": False},
            id="r32-a-colour-run-grows-in-its-colour",
        ),
        pytest.param(
            dict(op="hit", kind="color_run", group=["R4", "R5", "R6"], card="R7", phases=OWN),
            {"ok": True},
            id="r32-a-colour-run-grows-by-the-next-number",
        ),
        pytest.param(
            dict(
                op="find", phase=1, phases=FLIP_OWN, rules="flip", side="color", hand=["R4", "R5", "B9", "Y9"]
            ),
            {"groups": [["R4", "R5"], ["B9", "Y9"]]},
            id="r31-a-flip-list",
        ),
    ],
)
def test_the_judge_takes_a_lists_phase_by_its_code(request_, response):
    assert ask(**request_) == response


@pytest.mark.parametrize(
    ("request_", "words"),
    [
        (dict(op="find", phase=3, phases=OWN, hand=[]), "phase must be an integer from 1 to 2"),
        (dict(op="find", phase=1, phases="P1-3S3S-4CR4R-F", hand=[]), "check character"),
        (dict(op="find", phase=1, phases="x" * 10_000, hand=[]), "at most 300 characters"),
        (dict(op="find", phase=1, phases=7, hand=[]), "a code is text"),
        (dict(op="find", phase=1, phases=OWN, hand=[], rules="el-chavo"), "El Chavo"),
        (
            dict(op="find", phase=1, phases=OWN, hand=[], rules="flip", side="color"),
            "not a list of the flip deck",
        ),
        (dict(op="group", kind="color_run", size=3, cards=["R4", "W", "R6"]), "unknown kind"),
    ],
    ids=[
        "phase-past-the-list",
        "a-mistyped-code",
        "10000-characters",
        "no-text",
        "el-chavo",
        "flip-deck",
        "no-list",
    ],
)
def test_the_judge_refuses_a_bad_code_with_its_reason(request_, words):
    assert words in ask(**request_)["error"]


def test_the_simulator_plays_an_own_list_in_any_order(capsys):
    assert (
        cli.main(["simulate", "--games", "2", "--players", "3", "--phases", OWN, "--variation", "any-order"])
        == 0
    )
    out = capsys.readouterr().out
    assert f"phases: {OWN}" in out and "phases in any order" in out and "all invariants held" in out
    assert "guided random play" in out


def test_the_simulator_plays_lists_dealt_by_chance(capsys):
    assert (
        cli.main(["simulate", "--games", "2", "--players", "2", "--random-phases", "9", "--phase-count", "3"])
        == 0
    )
    assert "a list of 3 dealt by chance for each game, seeds 9 to 10" in capsys.readouterr().out


@pytest.mark.parametrize(
    "args",
    [
        ("--phases", "P1-3S3S-4CR4R-F"),
        ("--phases", OWN, "--edition", "flip"),
        ("--phases", OWN, "--variation", "el-chavo"),
        ("--variation", "any-order,ten-hands"),
        ("--random-phases", "1", "--phase-count", "21"),
    ],
    ids=["a-bad-code", "a-deck-it-does-not-fit", "el-chavo", "any-order-ten-hands", "too-many-phases"],
)
def test_the_commands_refuse_rules_that_do_not_make_a_game(args, capsys):
    for command in ("simulate", "tournament"):
        with pytest.raises(SystemExit) as exited:
            cli.main([command, "--games", "1", *args])
        assert exited.value.code == 2
        assert "error" in capsys.readouterr().err


def test_the_tournament_plays_random_lists(capsys):
    assert cli.main(["tournament", "--games", "2", "--seats", "hard,normal", "--random-phases", "3"]) == 0
    out = capsys.readouterr().out
    assert "dealt by chance" in out and "hard" in out and "95% interval" in out


def test_seeded_bot_games_on_random_lists_finish_and_replay():
    def options_for(game: int) -> Options:
        edition = ("classic", "flip")[game % 2]
        return Options(
            edition=edition, phase_list=random_list(4, 100 + game, edition), any_order=game % 3 == 0
        )

    report = run_tournament(6, ["expert", "hard", "normal", "easy"], seed=5, options_for=options_for)
    assert report.games == 6 and sum(report.wins.values()) == 6
    config = GameConfig(("P1", "P2"), 12, options_for(0))
    assert play_bot_game(config, ["hard", "normal"], 12) == play_bot_game(config, ["hard", "normal"], 12)
