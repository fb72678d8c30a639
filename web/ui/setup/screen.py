"""The set-up screen: the players and who plays each seat, the edition, the ways to play,
the house rule and the seed.  What it reads back is ``state.SetupInput`` (see shell/app.py).
The score pad of a game played with real cards is set up on the same form, without
who plays each seat (people do) or the seed (nothing is dealt)."""

from __future__ import annotations

from phase10 import GameState
from phase10.pad import ScorePad
from phase10.pad import standings as pad_standings
from phase10.rules import EDITIONS, MAX_NAME_LENGTH, MAX_PLAYERS, MIN_PLAYERS, PERSON, PLAYER_KINDS

from ..kit.html import Markup, el, join
from ..kit.i18n import Words
from ..kit.widgets import button, choice, header, phase_list
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
) -> Markup:
    """The form for a game, or with ``for_pad`` for a score pad (``pad``: the one it replaces)."""
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
        el(
            "details",
            el("summary", w("setup.edition_phases", edition=w(f"edition.{form.edition}.title"))),
            phase_list(w, EDITIONS[form.edition]),
            class_="edition-phases",
        ),
    )
    phases = el(
        "label",
        w("setup.phases_to_win"),
        el(
            "select",
            *[
                el("option", str(n), value=str(n), selected=n == form.phases_to_win)
                for n in range(1, len(form.options().base_sequence()) + 1)
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
    return join(
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
                el(
                    "fieldset",
                    el("legend", w("setup.way_to_play")),
                    el("p", w("setup.ways_note"), class_="fieldset-note"),
                    *ways,
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
                button(w("pad.start"), "pad-start", primary=True)
                if for_pad
                else button(w("setup.deal"), "start-game", primary=True),
                class_="setup",
                id="setup",
            ),
        ]
    )


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
