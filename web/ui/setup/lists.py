"""Making a phase list of the table's own on the phone (ruling 31): the editor's handlers.

The editor starts from the phases the set-up has chosen (the edition's, or a list dealt or
read from a code) and changes one thing per tap: a phase added, removed or moved, a group
added or removed, a group's kind or size.  The engine checks the list on every change
(``phase10.rules.list_faults``) and the screen says what is wrong next to the phase at
fault; "Use this list" takes it to the set-up only when the engine accepts it."""

from __future__ import annotations

from dataclasses import replace

from phase10.rules import (
    EDITIONS,
    MAX_LIST_PHASES,
    MAX_PHASE_GROUPS,
    GroupKind,
    GroupSpec,
    PhaseFault,
    PhaseList,
    Ruleset,
    list_faults,
)

from .. import taps
from ..effects import Handler
from ..kit.i18n import NOTHING, text
from ..state import ListDraft, Screen, Ui
from .form import checked_form, with_list

__all__ = ["HANDLERS", "MAX_GROUP_SIZE", "faults_of", "rules_of"]

# A group asks for at most the cards a phase may need (ruling 31: ten, one left to discard).
MAX_GROUP_SIZE = 10


def rules_of(ui: Ui) -> Ruleset:
    return EDITIONS[ui.setup.edition]


def faults_of(ui: Ui, draft: ListDraft) -> tuple[PhaseFault, ...]:
    """What the engine finds wrong with the list as it stands, phase by phase."""
    return list_faults(draft.specs(), rules_of(ui))


def _edit(ui: Ui, tap: taps.EditList) -> Ui:
    """Open the editor on the phases chosen now, the first one open."""
    if tap.form is not None:
        ui = replace(ui, setup=checked_form(tap.form, ui.setup))
    chosen = ui.setup.phase_list
    phases = chosen.phases if chosen is not None else rules_of(ui).phases
    draft = ListDraft(tuple(spec.groups for spec in phases))
    return replace(ui, screen=Screen.LIST_EDITOR, previous=ui.screen, list_draft=draft, message=NOTHING)


def _changed(ui: Ui, draft: ListDraft) -> Ui:
    return replace(ui, list_draft=replace(draft, error=NOTHING))


def _open_phase(ui: Ui, tap: taps.OpenListPhase) -> Ui:
    draft = ui.list_draft
    if draft is None or not 0 <= tap.index < len(draft.phases):
        return ui
    return _changed(ui, replace(draft, at=tap.index))


def _add_phase(ui: Ui, _tap: taps.AddListPhase) -> Ui:
    """A new last phase, open: one set of three to start from."""
    draft = ui.list_draft
    if draft is None or len(draft.phases) >= MAX_LIST_PHASES:
        return ui
    phases = (*draft.phases, (GroupSpec(GroupKind.SET, 3),))
    return _changed(ui, replace(draft, phases=phases, at=len(phases) - 1))


def _remove_phase(ui: Ui, _tap: taps.RemoveListPhase) -> Ui:
    draft = ui.list_draft
    if draft is None or len(draft.phases) <= 1:
        return ui
    phases = draft.phases[: draft.at] + draft.phases[draft.at + 1 :]
    return _changed(ui, replace(draft, phases=phases, at=min(draft.at, len(phases) - 1)))


def _move_phase(ui: Ui, tap: taps.MoveListPhase) -> Ui:
    """The open phase one place earlier or later in the list; it stays open."""
    draft = ui.list_draft
    if draft is None:
        return ui
    to = draft.at - 1 if tap.earlier else draft.at + 1
    if not 0 <= to < len(draft.phases):
        return ui
    phases = list(draft.phases)
    phases[draft.at], phases[to] = phases[to], phases[draft.at]
    return _changed(ui, replace(draft, phases=tuple(phases), at=to))


def _with_groups(ui: Ui, draft: ListDraft, groups: tuple[GroupSpec, ...]) -> Ui:
    phases = (*draft.phases[: draft.at], groups, *draft.phases[draft.at + 1 :])
    return _changed(ui, replace(draft, phases=phases))


def _add_group(ui: Ui, _tap: taps.AddListGroup) -> Ui:
    draft = ui.list_draft
    if draft is None or len(draft.phases[draft.at]) >= MAX_PHASE_GROUPS:
        return ui
    return _with_groups(ui, draft, (*draft.phases[draft.at], GroupSpec(GroupKind.SET, 2)))


def _remove_group(ui: Ui, tap: taps.RemoveListGroup) -> Ui:
    draft = ui.list_draft
    if draft is None:
        return ui
    groups = draft.phases[draft.at]
    if len(groups) <= 1 or not 0 <= tap.group < len(groups):
        return ui
    return _with_groups(ui, draft, groups[: tap.group] + groups[tap.group + 1 :])


def _set_kind(ui: Ui, tap: taps.SetGroupKind) -> Ui:
    """A group of another kind, at least that kind's smallest size (ruling 31)."""
    draft = ui.list_draft
    least = rules_of(ui).list_min_size.get(tap.kind)
    if draft is None or least is None or not 0 <= tap.group < len(draft.phases[draft.at]):
        return ui
    groups = list(draft.phases[draft.at])
    groups[tap.group] = GroupSpec(tap.kind, max(groups[tap.group].size, least))
    return _with_groups(ui, draft, tuple(groups))


def _step_size(ui: Ui, tap: taps.StepGroupSize) -> Ui:
    """A group one card bigger or smaller, within its kind's smallest and ten."""
    draft = ui.list_draft
    if draft is None or not 0 <= tap.group < len(draft.phases[draft.at]):
        return ui
    group = draft.phases[draft.at][tap.group]
    least = rules_of(ui).list_min_size.get(group.kind, 1)
    size = min(max(group.size + tap.step, least), MAX_GROUP_SIZE)
    groups = list(draft.phases[draft.at])
    groups[tap.group] = GroupSpec(group.kind, size)
    return _with_groups(ui, draft, tuple(groups))


def _use(ui: Ui, _tap: taps.UseEditedList) -> Ui:
    """Back to the set-up with the list, if the engine accepts it; else why not, here."""
    draft = ui.list_draft
    if draft is None:
        return ui
    faults = faults_of(ui, draft)
    if faults:
        first = faults[0]
        place = first.phase - 1 if first.phase is not None else draft.at
        return replace(ui, list_draft=replace(draft, at=place, error=text("phases.editor_refused")))
    form = with_list(ui.setup, PhaseList("", draft.specs()))
    return replace(ui, screen=ui.previous, setup=form, list_draft=None)


HANDLERS: dict[type[taps.Tap], Handler] = {
    taps.EditList: _edit,
    taps.OpenListPhase: _open_phase,
    taps.AddListPhase: _add_phase,
    taps.RemoveListPhase: _remove_phase,
    taps.MoveListPhase: _move_phase,
    taps.AddListGroup: _add_group,
    taps.RemoveListGroup: _remove_group,
    taps.SetGroupKind: _set_kind,
    taps.StepGroupSize: _step_size,
    taps.UseEditedList: _use,
}
