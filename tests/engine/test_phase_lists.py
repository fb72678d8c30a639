"""A table's own phase list (rulings 31, 32 and 34): what a list may hold, the options it
combines with, its share code, and the lists dealt by chance, ordered by difficulty.

Rows are named after the ruling they check ("r31-...")."""

from __future__ import annotations

import string
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from phase10.phaselists import (
    CODE_VERSION,
    MAX_CODE_LENGTH,
    CodeProblem,
    PhaseCodeError,
    decode,
    difficulties,
    difficulty,
    editions_for,
    encode,
    presets,
    random_list,
)
from phase10.rules import (
    CLASSIC,
    EDITIONS,
    FLIP,
    MAX_LIST_PHASES,
    GameConfig,
    GroupKind,
    GroupSpec,
    ListProblem,
    Options,
    OptionsError,
    PhaseFault,
    PhaseList,
    PhaseListError,
    PhaseSpec,
    SetupError,
    SetupReason,
    edition_list,
    list_faults,
)
from support.engine.strategies import phase_lists

S, R, C, CR = GroupKind.SET, GroupKind.RUN, GroupKind.COLOR, GroupKind.COLOR_RUN


def g(kind: GroupKind, size: int) -> GroupSpec:
    return GroupSpec(kind, size)


def own(*phases: tuple[GroupSpec, ...], name: str = "Ours") -> PhaseList:
    return PhaseList.of(name, *phases)


# =============================================================================================
# Ruling 31: what an own list may hold
# =============================================================================================

ALLOWED = [
    pytest.param(CLASSIC, own((g(S, 2),)), id="r31-one-phase-one-set-of-two"),
    pytest.param(CLASSIC, own((g(R, 4),), (g(C, 3),), (g(CR, 3),)), id="r31-classic-least-sizes"),
    pytest.param(CLASSIC, own((g(CR, 10),)), id="r31-classic-colour-run-of-ten"),
    pytest.param(CLASSIC, own((g(S, 10),)), id="r31-a-set-of-ten"),
    pytest.param(CLASSIC, own((g(C, 10),)), id="r31-a-colour-group-of-ten"),
    pytest.param(CLASSIC, own((g(CR, 4), g(CR, 3), g(CR, 3))), id="r31-three-groups-of-ten-cards"),
    pytest.param(CLASSIC, own(*[(g(S, 2),)] * 20), id="r31-twenty-phases"),
    pytest.param(FLIP, own((g(CR, 2), g(S, 2), g(S, 2))), id="r31-flip-least-sizes"),
    pytest.param(FLIP, own((g(CR, 10),), (g(S, 10),)), id="r31-flip-ten-cards"),
    pytest.param(CLASSIC, edition_list(CLASSIC), id="r31-the-classic-list-is-one"),
    pytest.param(FLIP, edition_list(FLIP), id="r31-the-flip-list-is-one"),
    pytest.param(CLASSIC, own((g(S, 3),), name=""), id="r31-a-list-needs-no-name"),
]


@pytest.mark.parametrize(("rules", "listed"), ALLOWED)
def test_r31_lists_the_rules_allow(rules, listed):
    assert list_faults(listed.phases, rules, listed.name) == ()
    options = Options(edition=rules.name, phase_list=listed)
    assert options.phase_specs() == listed.phases
    assert options.phase_sequence() == tuple(range(1, len(listed.phases) + 1))


REFUSED = [
    # (rules, phases, name, the faults: (problem, phase, group, limit))
    pytest.param(CLASSIC, (), "", [(ListProblem.NO_PHASES, None, None, 0)], id="r31-no-phase"),
    pytest.param(
        CLASSIC,
        PhaseList.of("", *[(g(S, 2),)] * 21).phases,
        "",
        [(ListProblem.TOO_MANY_PHASES, None, None, 20)],
        id="r31-twenty-one-phases",
    ),
    pytest.param(CLASSIC, (PhaseSpec(1, ()),), "", [(ListProblem.NO_GROUPS, 1, None, 0)], id="r31-no-group"),
    pytest.param(
        CLASSIC,
        (PhaseSpec(1, (g(S, 2),) * 4),),
        "",
        [(ListProblem.TOO_MANY_GROUPS, 1, None, 3)],
        id="r31-four-groups",
    ),
    pytest.param(
        CLASSIC, own((g(S, 1),)).phases, "", [(ListProblem.TOO_SMALL, 1, 0, 2)], id="r31-set-of-one"
    ),
    pytest.param(CLASSIC, own((g(R, 3),)).phases, "", [(ListProblem.TOO_SMALL, 1, 0, 4)], id="r31-run-of-3"),
    pytest.param(
        CLASSIC,
        own((g(S, 3),), (g(CR, 2),)).phases,
        "",
        [(ListProblem.TOO_SMALL, 2, 0, 3)],
        id="r31-classic-cr-2",
    ),
    pytest.param(
        CLASSIC,
        own((g(C, 2), g(S, 3))).phases,
        "",
        [(ListProblem.TOO_SMALL, 1, 0, 3)],
        id="r31-colour-group-of-2",
    ),
    pytest.param(FLIP, own((g(R, 4),)).phases, "", [(ListProblem.KIND, 1, 0, 0)], id="r31-flip-has-no-runs"),
    pytest.param(
        FLIP,
        own((g(S, 2), g(C, 3))).phases,
        "",
        [(ListProblem.KIND, 1, 1, 0)],
        id="r31-flip-has-no-colour-groups",
    ),
    pytest.param(
        CLASSIC,
        own((g(S, 5), g(S, 6))).phases,
        "",
        [(ListProblem.TOO_MANY_CARDS, 1, None, 10)],
        id="r31-eleven-cards-leave-none-to-discard",
    ),
    pytest.param(
        CLASSIC,
        own((g(R, 13),)).phases,
        "",
        [(ListProblem.TOO_MANY_CARDS, 1, None, 10)],
        id="r31-past-the-deck",
    ),
    pytest.param(
        CLASSIC,
        (PhaseSpec(2, (g(S, 3),)), PhaseSpec(1, (g(S, 3),))),
        "",
        [(ListProblem.NUMBERING, 1, None, 0), (ListProblem.NUMBERING, 2, None, 0)],
        id="r31-numbered-in-order",
    ),
    pytest.param(
        CLASSIC,
        (PhaseSpec(1, (g(S, 5), g(S, 3)), 8),),
        "",
        [(ListProblem.MUST_INCLUDE, 1, None, 0)],
        id="r32-el-chavo-is-not-an-own-lists-rule",
    ),
    pytest.param(
        CLASSIC, own((g(S, 3),)).phases, "x" * 41, [(ListProblem.NAME, None, None, 40)], id="r31-a-long-name"
    ),
    pytest.param(
        CLASSIC,
        own((g(S, 3),), (g(R, 3), g(S, 9)), (g(S, 4),)).phases,
        "",
        [(ListProblem.TOO_SMALL, 2, 0, 4), (ListProblem.TOO_MANY_CARDS, 2, None, 10)],
        id="r31-every-fault-by-its-phase",
    ),
    pytest.param(CLASSIC, "3S3S", "", [(ListProblem.NO_PHASES, None, None, 0)], id="r31-not-a-list"),
    pytest.param(
        CLASSIC, (PhaseSpec(1, (("set", 3),)),), "", [(ListProblem.SHAPE, 1, 0, 0)], id="r31-not-a-group"
    ),
    pytest.param(
        CLASSIC,
        (PhaseSpec(1, (g(S, True),)),),
        "",
        [(ListProblem.SHAPE, 1, 0, 0)],
        id="r31-a-size-that-is-no-number",
    ),
]


@pytest.mark.parametrize(("rules", "phases", "name", "faults"), REFUSED)
def test_r31_lists_the_rules_refuse_say_why_phase_by_phase(rules, phases, name, faults):
    found = list_faults(phases, rules, name)
    assert [(f.problem, f.phase, f.group, f.limit) for f in found] == faults
    assert all(str(fault) for fault in found)
    if isinstance(phases, tuple) and all(isinstance(p, PhaseSpec) for p in phases):
        with pytest.raises(PhaseListError) as raised:
            Options(edition=rules.name, phase_list=PhaseList(name, phases))
        assert raised.value.faults == found
        assert (raised.value.problem, raised.value.phase) == (found[0].problem, found[0].phase)
        assert isinstance(raised.value, SetupError) and isinstance(raised.value, ValueError)


@settings(max_examples=50)
@given(st.sampled_from(sorted(EDITIONS)), st.data())
def test_r31_every_list_drawn_within_the_rules_is_allowed(edition, data):
    listed = data.draw(phase_lists(EDITIONS[edition]))
    assert list_faults(listed.phases, EDITIONS[edition], listed.name) == ()
    assert edition in editions_for(listed)


def test_r31_a_list_is_played_in_order_and_numbered_from_one():
    listed = own((g(S, 2),), (g(CR, 5),), (g(R, 6), g(S, 2)))
    config = GameConfig(("Ann", "Bo"), 1, Options(phase_list=listed))
    assert config.options.phase_sequence() == (1, 2, 3)
    assert config.options.phase_spec(2) == PhaseSpec(2, (g(CR, 5),))
    with pytest.raises(ValueError, match="1 to 3"):
        config.options.phase_spec(4)


def test_r31_the_editions_own_lists_are_the_first_presets():
    assert presets("classic")[0] == edition_list(CLASSIC)
    assert presets("flip")[0] == edition_list(FLIP)
    assert editions_for(edition_list(CLASSIC)) == ("classic",)
    assert editions_for(own((g(S, 3), g(S, 3)))) == ("classic", "flip")
    with pytest.raises(SetupError):
        presets("chess")


def test_r31_a_list_equal_to_the_editions_is_the_editions():
    assert Options(phase_list=PhaseList("Mine", CLASSIC.phases)) == Options()
    assert Options(edition="flip", phase_list=edition_list(FLIP)).phase_list is None


# =============================================================================================
# Rulings 32 and 34: what an own list and phases in any order combine with
# =============================================================================================

LIST = own((g(S, 2),), (g(R, 4),), (g(CR, 3), g(S, 2)), (g(C, 5),), (g(S, 4), g(S, 4)))

COMBINATIONS = [
    pytest.param(dict(even_phases=True), (2, 4), 2, id="r32-even-phases-of-a-list"),
    pytest.param(dict(phases_to_win=3), (1, 2, 3), 3, id="r32-first-to-n-of-a-list"),
    pytest.param(dict(even_phases=True, phases_to_win=1), (2,), 1, id="r32-first-even-phase"),
    pytest.param(dict(ten_hands=True), (1, 2, 3, 4, 5), 5, id="r32-one-hand-per-phase"),
    pytest.param(dict(any_order=True), (1, 2, 3, 4, 5), 5, id="r33-any-order-every-phase"),
    pytest.param(dict(any_order=True, phases_to_win=2), (1, 2, 3, 4, 5), 2, id="r34-any-n-phases"),
    pytest.param(dict(any_order=True, even_phases=True), (2, 4), 2, id="r34-even-phases-in-any-order"),
    pytest.param(dict(any_order=True, even_phases=True, phases_to_win=1), (2, 4), 1, id="r34-any-one-even"),
]


@pytest.mark.parametrize(("chosen", "played", "to_complete"), COMBINATIONS)
def test_r32_r34_the_ways_to_play_read_the_list(chosen, played, to_complete):
    options = Options(phase_list=LIST, **chosen)
    assert options.phase_sequence() == played
    assert options.phases_to_complete() == to_complete
    assert options.phase_played(0, tiebreak=True) == played[-1]  # a tiebreak is on the last phase played


CLASHES = [
    pytest.param(
        dict(any_order=True, ten_hands=True), SetupReason.ANY_ORDER_TEN_HANDS, id="r34-not-with-ten-hands"
    ),
    pytest.param(
        dict(el_chavo=True, phase_list=LIST), SetupReason.EL_CHAVO_OWN_LIST, id="r32-el-chavo-own-list"
    ),
    pytest.param(
        dict(phase_list=LIST, phases_to_win=6), SetupReason.PHASES_TO_WIN, id="r32-n-at-most-the-list"
    ),
    pytest.param(
        dict(phase_list=LIST, even_phases=True, phases_to_win=3),
        SetupReason.PHASES_TO_WIN,
        id="r32-n-of-evens",
    ),
    pytest.param(
        dict(phase_list=own((g(S, 3),)), even_phases=True), SetupReason.NO_EVEN_PHASES, id="r32-no-even-phase"
    ),
    pytest.param(dict(any_order=1), SetupReason.FLAG, id="r33-any-order-is-on-or-off"),
    pytest.param(dict(edition="chess"), SetupReason.EDITION, id="setup-edition"),
    pytest.param(dict(edition="flip", el_chavo=True), SetupReason.EL_CHAVO_EDITION, id="setup-el-chavo-flip"),
]


@pytest.mark.parametrize(("chosen", "reason"), CLASHES)
def test_r32_r34_options_that_do_not_combine_are_refused_with_a_reason(chosen, reason):
    with pytest.raises(OptionsError) as raised:
        Options(**chosen)
    assert raised.value.reason is reason
    assert isinstance(raised.value, SetupError) and str(raised.value)


@pytest.mark.parametrize(
    "chosen",
    [
        dict(any_order=True, el_chavo=True),
        dict(any_order=True, edition="flip"),
        dict(any_order=True, edition="flip", phase_list=own((g(CR, 2),), (g(S, 2), g(S, 2)))),
    ],
    ids=["r34-with-el-chavo", "r34-with-flip", "r34-with-a-flip-list"],
)
def test_r34_phases_in_any_order_combine_with_el_chavo_flip_and_own_lists(chosen):
    assert Options(**chosen).any_order


def test_the_standard_game_describes_itself_as_before():
    assert Options().describe() == ["standard"]
    assert Options(phase_list=LIST, any_order=True).describe() == [
        "own phase list 'Ours'",
        "phases in any order",
    ]


# =============================================================================================
# Share codes
# =============================================================================================

CODES = [
    pytest.param(
        edition_list(CLASSIC), "classic", "P1-3S3S-3S4R-4S4R-7R-8R-9R-4S4S-7C-5S2S-5S3S-Z", id="classic"
    ),
    pytest.param(
        edition_list(FLIP),
        "flip",
        "P1-2CR2CR-2CR2S-2CR3S-3CR2S-4CR2S-3CR3CR-3CR3S-5CR2S-2CR4S-3CR2S2S-E",
        id="flip",
    ),
    pytest.param(own((g(S, 3), g(S, 3)), (g(CR, 4), g(R, 4))), "classic", "P1-3S3S-4CR4R-E", id="own"),
    pytest.param(own((g(CR, 3),), (g(S, 2),) * 3, (g(C, 10),)), "classic", "P1-3CR-2S2S2S-10C-9", id="ten"),
]


@pytest.mark.parametrize(("listed", "edition", "code"), CODES)
def test_a_list_has_a_code_that_reads_back(listed, edition, code):
    assert encode(listed) == code
    assert decode(code, edition, listed.name) == listed
    assert set(code) <= set(string.ascii_uppercase + string.digits + "-")


@pytest.mark.parametrize(
    "typed",
    [
        "p1-3s3s-4cr4r-e",
        " P1-3S3S-4CR4R-E ",
        "P1 - 3S3S - 4CR4R - E",
        "PI-3S3S-4CR4R-E",  # I and L read as 1, O as 0
        "PL-3S3S-4CR4R-E",
    ],
)
def test_a_code_reads_whatever_its_case_and_spaces(typed):
    assert decode(typed).phases == own((g(S, 3), g(S, 3)), (g(CR, 4), g(R, 4))).phases


HOSTILE = [
    pytest.param(None, CodeProblem.NOT_TEXT, id="none"),
    pytest.param(12, CodeProblem.NOT_TEXT, id="a-number"),
    pytest.param("", CodeProblem.EMPTY, id="empty"),
    pytest.param("   ", CodeProblem.EMPTY, id="spaces"),
    pytest.param("P1-" + "3S" * 5000, CodeProblem.TOO_LONG, id="10000-characters"),
    pytest.param("x" * (MAX_CODE_LENGTH + 1), CodeProblem.TOO_LONG, id="one-too-long"),
    pytest.param("P1-3S3S_4CR4R-E", CodeProblem.CHARACTERS, id="underscore"),
    pytest.param("P1-3S3S-4CR4R-É", CodeProblem.CHARACTERS, id="accent"),
    pytest.param("3S3S-4CR4R-E", CodeProblem.VERSION, id="no-version"),
    pytest.param("P2-3S3S-4CR4R-E", CodeProblem.VERSION, id="a-newer-version"),
    pytest.param("P1-3S3S-4CR4R", CodeProblem.SYNTAX, id="no-check"),
    pytest.param("P1-E", CodeProblem.SYNTAX, id="no-phase"),
    pytest.param("P1-3S3S--4CR4R-E", CodeProblem.SYNTAX, id="an-empty-phase"),
    pytest.param("P1-S3-E", CodeProblem.SYNTAX, id="kind-before-size"),
    pytest.param("P1-3S3S-4CR4R-F", CodeProblem.CHECK, id="a-wrong-check"),
    pytest.param("P1-3S3S-4CR5R-E", CodeProblem.CHECK, id="a-mistyped-size"),
    pytest.param("P1-3S3S-4RC4R-E", CodeProblem.LIST, id="an-unknown-kind"),
    pytest.param("P1-3X3S-E", CodeProblem.LIST, id="an-unknown-letter"),
    pytest.param("P1-" + "-".join(["3S"] * 50) + "-E", CodeProblem.LIST, id="fifty-phases"),
    pytest.param("P1-999S-E", CodeProblem.LIST, id="a-size-past-the-deck"),
]


@pytest.mark.parametrize(("code", "problem"), HOSTILE)
def test_a_bad_code_is_refused_with_its_reason(code, problem):
    with pytest.raises(PhaseCodeError) as raised:
        decode(code)
    assert raised.value.problem is problem
    assert isinstance(raised.value, SetupError) and str(raised.value)


@pytest.mark.parametrize(
    ("code", "edition", "faults"),
    [
        ("P1-50S-" + "7", "classic", None),  # the check comes first
        (encode(PhaseList.of("", (g(S, 50),))), "classic", [(ListProblem.TOO_MANY_CARDS, 1, None, 10)]),
        (encode(PhaseList.of("", (g(R, 4),))), "flip", [(ListProblem.KIND, 1, 0, 0)]),
        (encode(PhaseList.of("", (g(S, 3),), (g(CR, 2),))), "classic", [(ListProblem.TOO_SMALL, 2, 0, 3)]),
    ],
    ids=["check-first", "past-the-deck", "a-kind-flip-lacks", "under-the-minimum"],
)
def test_a_code_of_a_list_the_deck_cannot_play_names_the_phase_at_fault(code, edition, faults):
    with pytest.raises(PhaseCodeError) as raised:
        decode(code, edition)
    if faults is None:
        assert raised.value.problem is CodeProblem.CHECK
        return
    assert raised.value.problem is CodeProblem.LIST
    assert [(f.problem, f.phase, f.group, f.limit) for f in raised.value.faults] == faults
    assert raised.value.phase == faults[0][1]


@given(st.sampled_from(sorted(EDITIONS)), st.data())
def test_every_list_reads_back_from_its_code(edition, data):
    listed = data.draw(phase_lists(EDITIONS[edition]))
    code = encode(listed)
    assert len(code) <= MAX_CODE_LENGTH
    assert decode(code, edition, listed.name) == listed
    assert decode(code.lower(), edition, listed.name) == listed


_SYMBOLS = string.digits + string.ascii_uppercase + "-"


@given(st.sampled_from(sorted(EDITIONS)), st.data())
def test_one_mistyped_character_is_refused_never_read_as_another_list(edition, data):
    listed = data.draw(phase_lists(EDITIONS[edition], most=8))
    code = encode(listed)
    place = data.draw(st.integers(0, len(code) - 1))
    typo = data.draw(st.sampled_from(_SYMBOLS).filter(lambda char: char != code[place]))
    changed = code[:place] + typo + code[place + 1 :]
    if changed.upper().translate(str.maketrans("OIL", "011")) == code:
        return
    with pytest.raises(PhaseCodeError):
        decode(changed, edition)


def test_two_neighbours_swapped_are_mostly_refused():
    refused = total = 0
    for seed in range(40):
        code = encode(random_list(6, seed))
        for place in range(len(code) - 1):
            if code[place] == code[place + 1]:
                continue
            swapped = code[:place] + code[place + 1] + code[place] + code[place + 2 :]
            total += 1
            try:
                decode(swapped)
            except PhaseCodeError:
                refused += 1
    assert refused / total > 0.97, (refused, total)


def test_the_code_format_is_version_1():
    assert CODE_VERSION == 1
    assert encode(own((g(S, 2),))).startswith("P1-")


# =============================================================================================
# Lists dealt by chance, and how hard a phase is
# =============================================================================================


@pytest.mark.parametrize("edition", sorted(EDITIONS))
@pytest.mark.parametrize("length", [1, 5, 10, MAX_LIST_PHASES])
def test_a_list_dealt_by_chance_fits_its_deck_and_goes_from_easy_to_hard(edition, length):
    rules = EDITIONS[edition]
    dealt = random_list(length, 2026, edition)
    assert len(dealt.phases) == length
    assert list_faults(dealt.phases, rules) == ()
    assert len(set(spec.groups for spec in dealt.phases)) == length  # no phase twice
    assert dealt == random_list(length, 2026, edition)  # the same seed, the same list
    assert decode(encode(dealt), edition) == dealt


def test_a_list_dealt_by_chance_is_ordered_by_its_measured_difficulty():
    dealt = random_list(10, 7)
    # Measured again on other deals, the order stays roughly easiest first.
    measured = difficulties(dealt.phases, "classic", seed=99, samples=120)
    chances = [d.chance for d in measured]
    assert chances[0] > chances[-1]
    assert sum(a >= b for a, b in pairwise(chances)) >= 6


def test_different_seeds_deal_different_lists():
    assert len({encode(random_list(10, seed)) for seed in range(20)}) == 20


@pytest.mark.parametrize("length", [0, 21, -1, True, 2.5])
def test_a_list_dealt_by_chance_has_1_to_20_phases(length):
    with pytest.raises(PhaseListError):
        random_list(length, 1)


@pytest.mark.parametrize("seed", [-1, 2**64, True, "7"])
def test_a_list_dealt_by_chance_takes_a_seed_from_0_to_2_64(seed):
    with pytest.raises(SetupError):
        random_list(5, seed)


def test_difficulty_is_the_chance_of_making_the_phase_by_sampled_draws():
    easy = difficulty(PhaseSpec(1, (g(S, 2),)))
    phase_1 = difficulty(CLASSIC.phase(1))
    hard = difficulty(PhaseSpec(1, (g(CR, 10),)))
    assert easy.chance == 1.0 and easy.early == 1.0
    assert 0 < phase_1.chance < 1 and phase_1.early <= phase_1.chance
    assert hard.chance < phase_1.chance
    assert sorted([hard, easy, phase_1], key=lambda d: d.key) == [easy, phase_1, hard]
    assert difficulty(CLASSIC.phase(1), seed=3) == difficulty(CLASSIC.phase(1), seed=3)
    assert 0 <= difficulty(FLIP.phase(10), "flip").chance <= 1


def test_the_classic_phases_measure_roughly_in_their_order():
    measured = difficulties(CLASSIC.phases, "classic", samples=80)
    assert measured[0].chance > measured[5].chance  # a set and a set, against a run of nine
    assert measured[3].chance > measured[5].chance  # a run of seven, against a run of nine


def test_a_fault_reads_as_words():
    assert (
        str(PhaseFault(ListProblem.TOO_SMALL, 2, 0, 4))
        == "phase 2: group 1: this kind of group needs at least 4 cards"
    )
