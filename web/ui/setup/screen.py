"""The set-up screen: the players and who plays each seat, the edition, the ways to play,
the house rule and the seed.  What it reads back is ``state.SetupInput`` (see shell/app.py).
The score pad of a game played with real cards is set up on the same form, without
who plays each seat (people do) or the seed (nothing is dealt)."""

from __future__ import annotations

from collections.abc import Sequence

from phase10 import GameState
from phase10.pad import ScorePad
from phase10.pad import standings as pad_standings
from phase10.phaselists import encode
from phase10.rules import (
    EDITIONS,
    MAX_LIST_NAME,
    MAX_LIST_PHASES,
    MAX_NAME_LENGTH,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PERSON,
    PLAYER_KINDS,
    PhaseList,
    list_faults,
)

from ..kit.html import NO_HTML, Markup, el, join
from ..kit.i18n import Words
from ..kit.widgets import button, choice, docked, header, phase_list
from ..results.share import LIST
from ..state import WAYS, SetupForm, WayToPlay
from .form import default_name

__all__ = ["setup_screen"]


def setup_screen(
    form: SetupForm,
    w: Words,
    replacing: GameState | None = None,
    *,
    pad: ScorePad | None = None,
    for_pad: bool = False,
    said: Markup = NO_HTML,
    saved: Sequence[PhaseList] = (),
) -> Markup:
    """The form for a game, or with ``for_pad`` for a score pad (``pad``: the one it replaces);
    ``said``: what became of a list shared, kept or forgotten from it; ``saved``: the phase
    lists the phone keeps."""
    rows = []
    for i, name in enumerate(form.names):
        number = i + 1
        remove = (
            button("✕", "remove-player", value=str(i), name=w("setup.remove_player", number=number))
            if len(form.names) > MIN_PLAYERS
            else Markup("")
        )
        kind = form.kinds[i] if i < len(form.kinds) else PERSON
        rows.append(
            el(
                "li",
                el(
                    "label",
                    w("setup.player_label", number=number),
                    for_=f"player-{i}",
                    class_="visually-hidden",
                ),
                el(
                    "input",
                    id=f"player-{i}",
                    name="player",
                    value=name,
                    placeholder=w.say(default_name(kind, i)),
                    maxlength=str(MAX_NAME_LENGTH),
                    autocomplete="off",
                    aria_label=w("setup.player_name", number=number),
                ),
                el("input", type="hidden", name="kind", value=PERSON)
                if for_pad
                else el(
                    "select",
                    el("option", w("kind.person"), value=PERSON, selected=kind == PERSON),
                    el(
                        "optgroup",
                        *[
                            el("option", w(f"kind.{level}"), value=level, selected=level == kind)
                            for level in PLAYER_KINDS
                            if level != PERSON
                        ],
                        label=w("kind.computer"),
                    ),
                    name="kind",
                    data_change="setup-change",
                    aria_label=w("setup.who_plays", number=number),
                    class_="kind",
                ),
                remove,
                class_="player-row",
            )
        )
    editions = el(
        "fieldset",
        el("legend", w("setup.edition")),
        *[
            choice(
                "edition",
                name,
                form.edition == name,
                w(f"edition.{name}.title"),
                w(f"edition.{name}.summary"),
            )
            for name in EDITIONS
        ],
    )
    phases = el(
        "label",
        w("setup.phases_to_win"),
        el(
            "select",
            *[
                el("option", str(n), value=str(n), selected=n == form.phases_to_win)
                for n in range(1, form.phases_played() + 1)
            ],
            name="phases-to-win",
        ),
        class_="inline-field",
        hidden=WayToPlay.FIRST_TO_N not in form.ways,
    )
    # N is asked right under "First to N phases", the way it belongs to.
    ways = [
        join([_way(key, key in form.ways, w), phases if key is WayToPlay.FIRST_TO_N else ""]) for key in WAYS
    ]
    warning: Markup | str
    if for_pad:
        warning = (
            el("p", w("pad.replacing", number=len(pad.entries)), class_="notice")
            if pad is not None and pad.entries and not pad_standings(pad).decided
            else el("p", w("pad.setup_note"), class_="pad-note")
        )
    else:
        warning = (
            el("p", w("setup.replacing", number=replacing.hand_number), class_="notice")
            if replacing is not None and not replacing.is_over
            else ""
        )
        if form.on_phones:
            warning = join([warning, el("p", w("setup.on_phones"), class_="setup-note")])
    seed = el(
        "details",
        el("summary", w("setup.more_options")),
        el(
            "label",
            w("setup.seed"),
            el("input", name="seed", value=form.seed, inputmode="numeric", autocomplete="off"),
            class_="inline-field",
        ),
        open=bool(form.seed),
        class_="more-options",
    )
    deal = (
        button(w("pad.start"), "pad-start", primary=True)
        if for_pad
        else button(w("setup.deal"), "start-game", primary=True)
    )
    # Deal is docked below the form, not over it: no field ever lies under the button.
    return docked(
        [
            header(w, w("pad.setup_title" if for_pad else "setup.title"), back=True),
            warning,
            el(
                "form",
                el(
                    "fieldset",
                    el("legend", w("setup.players", count=len(form.names), min=MIN_PLAYERS, max=MAX_PLAYERS)),
                    el("ol", *rows, class_="players"),
                    button(w("setup.add_player"), "add-player", enabled=len(form.names) < MAX_PLAYERS),
                ),
                editions,
                _phases(form, w, said, saved),
                el(
                    "fieldset",
                    el("legend", w("setup.way_to_play")),
                    el("p", w("setup.ways_note"), class_="fieldset-note"),
                    *ways,
                    _refused(form, w),
                ),
                el(
                    "fieldset",
                    el("legend", w("setup.house_rule")),
                    el(
                        "label",
                        el("input", type="checkbox", name="el-chavo", checked=form.el_chavo),
                        el(
                            "span",
                            el("strong", w("option.el-chavo.title")),
                            el("small", w("setup.el_chavo_note")),
                        ),
                        class_="choice",
                    ),
                    hidden=not form.el_chavo_offered,
                ),
                "" if for_pad else _coaching(form.hints, w),
                "" if for_pad else seed,
                el("p", w.say(form.error), class_="error", role="alert") if form.error else "",
                class_="setup",
                id="setup",
            ),
        ],
        deal,
    )


def _phases(form: SetupForm, w: Words, said: Markup, saved: Sequence[PhaseList]) -> Markup:
    """The phases the table plays (ruling 31): the edition's, or its own list, shown, with
    its code to share and its name to keep it by; a list kept on the phone, dealt by
    chance, or typed in by its code."""
    rules = EDITIONS[form.edition]
    own = form.phase_list
    edition = w(f"edition.{form.edition}.title")
    if own is None:
        summary = w("setup.edition_phases", edition=edition)
        chosen = el("p", w("phases.edition", edition=edition), class_="fieldset-note")
    else:
        summary = w("phases.own_summary", count=len(own.phases))
        chosen = el(
            "p",
            w("phases.own", count=len(own.phases)),
            " ",
            el("code", encode(own), class_="phase-code"),
            class_="fieldset-note",
        )
    lengths = [
        el("option", str(n), value=str(n), selected=n == form.list_length)
        for n in range(1, MAX_LIST_PHASES + 1)
    ]
    return el(
        "fieldset",
        el("legend", w("phases.title")),
        chosen,
        el(
            "details",
            el("summary", summary),
            phase_list(w, rules, None if own is None else own.phases),
            class_="edition-phases",
        ),
        el(
            "div",
            button(w("phases.share"), "share", value=LIST),
            button(w("phases.use_edition", edition=edition), "edition-phases"),
            class_="row",
        )
        if own is not None
        else "",
        _keeping(own, saved, w) if own is not None else "",
        _saved_lists(form, saved, w),
        button(w("phases.edit"), "list-edit"),
        el(
            "div",
            el(
                "label", w("phases.length"), el("select", *lengths, name="list-length"), class_="inline-field"
            ),
            button(w("phases.deal_again" if own is not None else "phases.deal"), "deal-phase-list"),
            class_="row phase-deal",
        ),
        el(
            "div",
            el("label", w("phases.code_label"), for_="phase-code"),
            el(
                "input",
                id="phase-code",
                name="phase-code",
                value=form.phase_code,
                autocomplete="off",
                autocapitalize="characters",
                spellcheck="false",
                aria_describedby="phase-code-error" if form.code_error else None,
                aria_invalid="true" if form.code_error else None,
            ),
            button(w("phases.use_code"), "use-phase-code"),
            class_="phase-code-row",
        ),
        el("p", w.say(form.code_error), class_="error", role="alert", id="phase-code-error")
        if form.code_error
        else "",
        said,
        class_="phases-field",
    )


def _keeping(own: PhaseList, saved: Sequence[PhaseList], w: Words) -> Markup:
    """The name the table gives its own list, and keeping it on the phone under that name."""
    kept = next((other for other in saved if other.phases == own.phases), None)
    if kept is not None and kept.name == own.name:
        keep: Markup = el("p", w("lists.kept_as", name=own.name), class_="fieldset-note")
    else:
        keep = button(w("lists.keep" if kept is None else "lists.rename"), "keep-list")
    return el(
        "div",
        el("label", w("lists.name_label"), for_="list-name"),
        el(
            "input",
            id="list-name",
            name="list-name",
            value=own.name,
            maxlength=str(MAX_LIST_NAME),
            autocomplete="off",
            placeholder=w("lists.name_placeholder"),
        ),
        keep,
        class_="phase-code-row list-keep",
    )


def _saved_lists(form: SetupForm, saved: Sequence[PhaseList], w: Words) -> Markup:
    """The lists kept on the phone, newest first, each one tap to play (a list this deck
    cannot play says so) and one to forget."""
    if not saved:
        return NO_HTML
    rules = EDITIONS[form.edition]
    chosen = form.phase_list.phases if form.phase_list is not None else rules.phases
    rows = []
    for kept in reversed(saved):
        code = encode(kept)
        playable = not list_faults(kept.phases, rules)
        note = w("lists.count", count=len(kept.phases)) if playable else w("lists.not_this_deck")
        rows.append(
            el(
                "li",
                el(
                    "button",
                    el("strong", kept.name),
                    el("small", note),
                    type="button",
                    class_="saved-list",
                    data_action="saved-list",
                    data_value=code,
                    aria_pressed="true" if kept.phases == chosen else "false",
                    disabled=not playable,
                ),
                button("✕", "forget-list", value=code, name=w("lists.forget", name=kept.name)),
            )
        )
    return el(
        "details",
        el("summary", w("lists.saved", count=len(saved))),
        el("ul", *rows, class_="saved-lists"),
        open=True,
        class_="edition-phases",
    )


def _refused(form: SetupForm, w: Words) -> Markup:
    """Ways that do not go together, said where they are chosen (ruling 34)."""
    refused = form.refusal()
    return el("p", w.say(refused), class_="notice") if refused else Markup("")


def _coaching(on: bool, w: Words) -> Markup:
    """Whether people may ask for hints: on for a table that is learning, off for a serious one."""
    return el(
        "fieldset",
        el("legend", w("setup.coach")),
        el(
            "label",
            el("input", type="checkbox", name="hints", checked=on),
            el("span", el("strong", w("setup.hints")), el("small", w("setup.hints_note"))),
            class_="choice",
        ),
    )


def _way(key: WayToPlay, checked: bool, w: Words) -> Markup:
    """A way to play, as a switch: they combine."""
    return el(
        "label",
        el("input", type="checkbox", name="way", value=key, checked=checked, data_change="setup-change"),
        el("span", el("strong", w(f"option.{key}.title")), el("small", w(f"option.{key}.summary"))),
        class_="choice",
    )
