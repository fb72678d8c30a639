"""The screens around a game: home, settings, the rules, and the update banner."""

from __future__ import annotations

from phase10.cards import parse_cards
from phase10.phaselists import encode
from phase10.rules import EDITIONS, OPTION_CATALOGUE, Options

from .kit.html import Markup, el, join
from .kit.i18n import LANGUAGES, Words, pick_language, words
from .kit.widgets import MAIN_EDITION, button, card_class, card_face, choice, header, phase_list
from .saves.screens import games_fieldset, notice
from .state import Speed, Ui

__all__ = ["home_screen", "rules_screen", "settings_screen", "update_banner"]

# The main edition's phases are shown in full, each other edition's under its name.
OTHER_EDITIONS = tuple(rules for rules in EDITIONS.values() if rules is not MAIN_EDITION)


def home_screen(ui: Ui, w: Words, finished: int) -> Markup:
    """The first screen: New game, Continue, Rules, Past games, Settings, and the options."""
    variations = [info.key for info in OPTION_CATALOGUE if info.kind == "variation"]
    rules = [info.key for info in OPTION_CATALOGUE if info.kind == "rule"]
    actions = [
        button(w("home.play_computer"), "new-game", value="computer", primary=not ui.can_continue),
        button(w("home.new_game"), "new-game"),
        button(w("home.play_phones"), "new-game", value="phones"),
    ]
    if ui.can_continue:
        assert ui.game is not None
        actions.insert(0, button(w("home.continue"), "continue", primary=True))
    seated = ui.joined is not None and ui.joined.seen is not None
    actions += [
        button(w("net.back_to_table" if seated else "home.join"), "join-table", primary=seated),
        button(w("home.pad"), "pad", minor=True),
        button(w("home.rules"), "rules", minor=True),
        button(w("home.history", count=finished), "history", minor=True),
        button(w("button.settings"), "settings", minor=True),
    ]
    problem = (
        el("p", w("home.save_problem"), button(w("home.see_why"), "new-game"), class_="notice")
        if ui.save_problem
        else ""
    )
    return join(
        [
            el(
                "header",
                el("div", "10", class_="logo", aria_hidden="true"),
                el("h1", w("app.name"), tabindex="-1"),
                el("p", w("app.tagline"), class_="tagline"),
                class_="home-header",
            ),
            problem,
            notice(ui.message, w),
            el("nav", *actions, class_="home-actions", aria_label=w("app.name")),
            el(
                "section",
                el("h2", w("home.ways_to_play")),
                el("ul", *[_option(w, key) for key in variations], class_="options"),
                el("h2", w("home.house_rule")),
                el("ul", *[_option(w, key) for key in rules], class_="options"),
                class_="card-panel",
                aria_label=w("home.rule_options"),
            ),
            el("section", el("h2", w("home.ten_phases")), phase_list(w, MAIN_EDITION), class_="card-panel"),
            *[
                el(
                    "section",
                    el("h2", w(f"home.{rules.name}_edition")),
                    el("p", w(f"edition.{rules.name}.summary")),
                    el("details", el("summary", w(f"home.{rules.name}_phases")), phase_list(w, rules)),
                    class_="card-panel",
                )
                for rules in OTHER_EDITIONS
            ],
            el("footer", el("p", w("app.unofficial")), class_="home-footer"),
        ]
    )


def _option(w: Words, key: str) -> Markup:
    return el("li", el("strong", w(f"option.{key}.title")), el("span", w(f"option.{key}.summary")))


def settings_screen(
    ui: Ui, w: Words, reduced_motion: bool = False, build: str = "", note: str = ""
) -> Markup:
    """The phone's settings: the language (the browser's, or one chosen), large type,
    sounds, and how fast computer players move; at the end, which build this is (for a
    report of a problem: the home screen has no room for it)."""
    automatic = words(pick_language("", ui.browser_languages))
    languages = [
        choice(
            "language",
            "",
            ui.settings.language == "",
            w("settings.language_auto", language=automatic("language.name")),
            "",
            change="language",
        ),
        *[
            choice(
                "language",
                code,
                ui.settings.language == code,
                words(code)("language.name"),
                "",
                change="language",
                lang=code,
            )
            for code in LANGUAGES
        ],
    ]
    large = el(
        "label",
        el(
            "input",
            type="checkbox",
            name="large-type",
            checked=ui.settings.large_type,
            data_change="large-type",
        ),
        el("span", el("strong", w("settings.large_type")), el("small", w("settings.large_type_note"))),
        class_="choice",
    )
    speeds = [
        choice("speed", key, ui.settings.speed == key, w(f"speed.{key}"), "", change="speed") for key in Speed
    ]
    sound = el(
        "label",
        el(
            "input",
            type="checkbox",
            name="sound",
            checked=ui.settings.sound_on(reduced_motion),
            data_change="sound",
        ),
        el("span", el("strong", w("settings.sound")), el("small", w("settings.sound_note"))),
        class_="choice",
    )
    return join(
        [
            header(w, w("settings.title"), back=True),
            notice(ui.message, w),
            el(
                "form",
                el("fieldset", el("legend", w("settings.language")), *languages),
                el("fieldset", el("legend", w("settings.display")), large),
                el("fieldset", el("legend", w("settings.sound_legend")), sound),
                el("fieldset", el("legend", w("settings.speed")), *speeds),
                games_fieldset(ui, w),
                el("p", w("settings.saved"), class_="hint"),
                class_="setup settings",
                id="settings",
            ),
            el(
                "p",
                w("app.version", build=build),
                el("span", f" · {note}", class_="note") if note else "",
                class_="version",
            )
            if build
            else "",
        ]
    )


def rules_screen(w: Words, options: Options | None = None) -> Markup:
    """The rules; with a game on an own list (``options``), that list first (ruling 31)."""
    sections = [
        el("section", el("h2", title), *[el("p", line) for line in lines], class_="card-panel rules")
        for title, lines in w.sections("rules.sections")
    ]
    reference = el(
        "section",
        el("h2", w("rules.ten_phases")),
        phase_list(w, MAIN_EDITION),
        class_="card-panel reference-card",
    )
    others = [
        el(
            "section",
            el("h2", w(f"rules.{rules.name}_phases")),
            phase_list(w, rules),
            class_="card-panel reference-card",
        )
        for rules in OTHER_EDITIONS
    ]
    own = options.phase_list if options is not None else None
    table = (
        el(
            "section",
            el("h2", w("rules.table_phases")),
            el("p", w("share.list_code", code=encode(own)), class_="phase-code"),
            phase_list(w, options.ruleset(), own.phases, drawn=True),
            class_="card-panel reference-card",
        )
        if own is not None and options is not None
        else ""
    )
    return join(
        [header(w, w("rules.title"), back=True), table, how_to_play(w), reference, *sections, *others]
    )


# The one-minute "how to play": each step with an example drawn with the app's own cards.
HOW_TO_PLAY = (
    ("howto.goal", ""),
    ("howto.turn", ""),
    ("howto.set", "R7 B7 Y7"),
    ("howto.run", "G4 R5 B6 Y7"),
    ("howto.wild", "R9 W G9"),
    ("howto.skip", "S"),
    ("howto.out", ""),
)


def how_to_play(w: Words) -> Markup:
    steps = []
    for key, example in HOW_TO_PLAY:
        cards = [
            el(
                "span",
                card_face(card, w),
                class_=card_class(card) + " small",
                role="img",
                aria_label=w.card(card),
            )
            for card in parse_cards(example)
        ]
        steps.append(el("li", el("p", w(key)), el("div", *cards, class_="example") if cards else ""))
    return el(
        "section",
        el("h2", w("howto.title")),
        el("ol", *steps, class_="how-to"),
        class_="card-panel rules how-to-play",
    )


def update_banner(language: str) -> Markup:
    w = words(language)
    return join(
        [
            el("span", w("update.available"), el("small", w("update.saved"))),
            el("button", w("update.now"), type="button", class_="primary", data_action="apply-update"),
            el("button", w("update.later"), type="button", data_action="dismiss-update"),
        ]
    )
