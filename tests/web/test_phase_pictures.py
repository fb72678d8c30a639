"""Phases drawn with the app's cards (issue 37): every phase ruling 31 allows gets a lay-down
the engine accepts, and the editor and the rules screen draw it beside the words."""

from __future__ import annotations

import itertools
import re

import pytest
from ui.kit.examples import example_groups
from ui.kit.i18n import words
from ui.menus import rules_screen
from ui.screens import render
from ui.state import Event, Ui

from phase10 import Options
from phase10.groups import laydown_problem
from phase10.rules import EDITIONS, GroupSpec, PhaseList, PhaseSpec, list_faults
from support.web.taps import handle


def _allowed_phases(edition: str) -> list[PhaseSpec]:
    """Every phase of one to three groups the edition's lists may ask for (ruling 31)."""
    rules = EDITIONS[edition]
    sized = [
        GroupSpec(kind, size) for kind, least in rules.list_min_size.items() for size in range(least, 11)
    ]
    phases = []
    for count in (1, 2, 3):
        for groups in itertools.combinations_with_replacement(sized, count):
            spec = PhaseSpec(1, tuple(groups))
            if not list_faults((spec,), rules):
                phases.append(spec)
    return phases


@pytest.mark.parametrize("edition", list(EDITIONS))
def test_every_allowed_phase_is_drawn_with_a_lay_down_the_engine_accepts(edition):
    rules = EDITIONS[edition]
    phases = _allowed_phases(edition)
    assert len(phases) > 100
    for spec in phases:
        groups = example_groups(spec, rules)
        assert groups is not None, spec.describe()
        assert laydown_problem(groups, spec, rules) is None, (spec.describe(), groups)
        cards = [card for group in groups for card in group.cards]
        assert all(cards.count(card) <= rules.deck.count(card) for card in cards), "cards the deck holds"


def test_the_groups_of_a_phase_show_different_numbers_where_they_can():
    groups = example_groups(EDITIONS["classic"].phases[0], EDITIONS["classic"])  # 2 sets of 3
    assert groups is not None and groups[0].number != groups[1].number


def test_the_editor_draws_the_open_phase_and_the_rules_screen_the_tables_list():
    ui = handle(handle(handle(Ui(), Event("new-game")), Event("list-edit")), Event("list-phase", "3"))
    page = render(ui)
    opened = page[page.index('class="list-phase open"') :]
    picture = opened[opened.index('class="phase-picture"') : opened.index("list-groups")]
    assert 'aria-hidden="true"' in picture[:60], "a picture: the words say the same"
    assert len(re.findall(r'class="card ', picture)) == 7  # phase 4: a run of 7
    assert page.count('class="phase-picture"') == 1, "only the open phase is drawn"
    own = PhaseList.of("Ours", EDITIONS["classic"].phases[3].groups, EDITIONS["classic"].phases[0].groups)
    rules = rules_screen(words("en"), Options(phase_list=own))
    assert rules.count('class="phase-picture"') == 2, "each phase of the table's list"
    assert re.search(r"1 run of 7\s*<span class=\"phase-picture\"", rules)
