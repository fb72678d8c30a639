"""The list editor's screen (ruling 31): the phases in order, each in words, what the
engine finds wrong shown next to the phase at fault; the open phase's groups, each a kind
and a size changed with large controls; "Use this list" kept at the foot of the screen."""

from __future__ import annotations

from collections.abc import Sequence

from phase10.rules import MAX_LIST_PHASES, MAX_PHASE_GROUPS, GroupSpec, PhaseFault, PhaseSpec, Ruleset

from ..kit.html import NO_HTML, Markup, el, join
from ..kit.i18n import Words
from ..kit.widgets import button, docked, header, phase_picture
from ..state import ListDraft
from .form import fault_reason
from .lists import MAX_GROUP_SIZE

__all__ = ["list_editor_screen"]

MINUS = "\N{MINUS SIGN}"  # a size's "one card fewer" button: as wide as its plus


def list_editor_screen(draft: ListDraft, rules: Ruleset, faults: Sequence[PhaseFault], w: Words) -> Markup:
    phases = [
        _phase(draft, spec, rules, [f for f in faults if f.phase == spec.number], w) for spec in draft.specs()
    ]
    whole = [el("p", _fault_words(fault, w), class_="error") for fault in faults if fault.phase is None]
    # "Use this list" is docked below the list, not over it: no phase ever lies under it.
    return docked(
        [
            header(w, w("phases.editor_title"), back=True),
            el(
                "div",
                el("p", w("phases.editor_note"), class_="fieldset-note"),
                el("ol", *phases, class_="list-phases"),
                *whole,
                button(w("phases.add_phase"), "list-add-phase", enabled=len(draft.phases) < MAX_LIST_PHASES),
                class_="list-area list-editor",
            ),
        ],
        join(
            [
                el("p", w.say(draft.error), class_="error", role="alert") if draft.error else NO_HTML,
                button(w("phases.use_list"), "list-use", primary=True),
            ]
        ),
    )


def _phase(draft: ListDraft, spec: PhaseSpec, rules: Ruleset, faults: list[PhaseFault], w: Words) -> Markup:
    """One phase: its number and words (a tap opens it), its faults, and when open, its groups."""
    index = spec.number - 1
    is_open = index == draft.at
    summary = el(
        "button",
        el("span", str(spec.number), class_="phase-number"),
        el("span", w.phase(spec), class_="list-phase-words"),
        type="button",
        class_="list-phase-summary",
        data_action="list-phase",
        data_value=str(index),
        aria_expanded="true" if is_open else "false",
    )
    said = [el("p", _fault_words(fault, w), class_="error list-fault") for fault in faults]
    body: list[Markup] = []
    if is_open:
        groups = [_group(i, group, len(spec.groups), rules, w) for i, group in enumerate(spec.groups)]
        body = [
            phase_picture(spec, rules, w) if not faults else NO_HTML,  # as the rules screen draws it
            el("div", *groups, class_="list-groups"),
            button(w("phases.add_group"), "list-add-group", enabled=len(spec.groups) < MAX_PHASE_GROUPS),
            el(
                "div",
                button(w("phases.earlier"), "list-move", value="up", enabled=index > 0),
                button(w("phases.later"), "list-move", value="down", enabled=index < len(draft.phases) - 1),
                button(w("phases.remove_phase"), "list-remove-phase", enabled=len(draft.phases) > 1),
                class_="row list-phase-moves",
            ),
        ]
    classes = "list-phase" + (" open" if is_open else "") + (" faulty" if faults else "")
    return el("li", summary, *said, *body, class_=classes)


def _group(index: int, group: GroupSpec, count: int, rules: Ruleset, w: Words) -> Markup:
    """A group of the open phase: its kind, its size one card less or more, and ✕ to remove it."""
    number = index + 1
    kinds = [
        el(
            "option",
            w(f"group_kind.{kind.value}"),
            value=f"{index}:{kind.value}",
            selected=kind is group.kind,
        )
        for kind in rules.list_kinds
    ]
    least = rules.list_min_size.get(group.kind, 1)
    return el(
        "div",
        el(
            "select",
            *kinds,
            data_change="list-kind",
            aria_label=w("phases.group_kind", number=number),
            class_="list-kind",
        ),
        el(
            "div",
            button(
                MINUS,
                "list-size",
                value=f"{index}:-",
                enabled=group.size > least,
                name=w("phases.fewer", number=number),
            ),
            el("span", w("phases.size", count=group.size), class_="list-size", aria_live="polite"),
            button(
                "+",
                "list-size",
                value=f"{index}:+",
                enabled=group.size < MAX_GROUP_SIZE,
                name=w("phases.more", number=number),
            ),
            class_="stepper",
        ),
        button("✕", "list-remove-group", value=str(index), name=w("phases.remove_group", number=number))
        if count > 1
        else "",
        class_="list-group",
    )


def _fault_words(fault: PhaseFault, w: Words) -> str:
    reason = fault_reason(fault)
    if fault.group is not None:
        return w("phases.group_fault", number=fault.group + 1, reason=reason)
    return w.say(reason)
