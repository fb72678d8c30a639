"""The screens, as HTML built from engine values.  No DOM here, so it is tested on CPython.

The table is drawn from ``view(game, seat)`` of the one player whose hand is
shown (``controller.viewer``), so the page never receives another player's hand;
while computer players move at a table of several people, no hand is shown.
"""

from __future__ import annotations

from collections.abc import Sequence

from phase10 import Action, Discard, GameState, Hit, LayDown, Step
from phase10.rules import (
    CLASSIC,
    EDITIONS,
    FLIP,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OPTION_CATALOGUE,
    PERSON,
    PLAYER_KINDS,
)
from phase10.view import PlayerView, PublicPlayer, view

from .controller import (
    Prompt,
    Screen,
    SetupForm,
    Ui,
    can_lay,
    computer_turn,
    default_name,
    discard_options,
    hit_options,
    legal,
    shown_hand,
    viewer,
)
from .html import Markup, el, join
from .i18n import LANGUAGES, Text, Words, pick_language, words
from .pieces import (
    button,
    card_class,
    card_face,
    group_view,
    hand_card,
    header,
    phase_list,
    phase_words,
    toggle,
)

__all__ = ["announcement", "card_class", "render", "update_banner"]

# --- home, set-up, rules -------------------------------------------------------------------


def home_screen(ui: Ui, w: Words, build: str, note: str, finished: int) -> Markup:
    """The first screen: New game, Continue, Rules, Past games, Settings, and the options."""
    variations = [info.key for info in OPTION_CATALOGUE if info.kind == "variation"]
    rules = [info.key for info in OPTION_CATALOGUE if info.kind == "rule"]
    actions = [button(w("home.new_game"), "new-game", primary=not ui.can_continue)]
    if ui.can_continue:
        assert ui.game is not None
        actions.insert(0, button(w("home.continue"), "continue", primary=True))
    actions += [
        button(w("home.rules"), "rules"),
        button(w("home.history", count=finished), "history"),
        button(w("button.settings"), "settings"),
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
            el("section", el("h2", w("home.ten_phases")), phase_list(w), class_="card-panel"),
            el(
                "section",
                el("h2", w("home.flip_edition")),
                el("p", w("edition.flip.summary")),
                el("details", el("summary", w("home.flip_phases")), phase_list(w, FLIP)),
                class_="card-panel",
            ),
            el(
                "footer",
                el("p", w("app.unofficial")),
                el(
                    "p",
                    w("app.version", build=build),
                    el("span", f" · {note}", class_="note") if note else "",
                    class_="version",
                ),
                class_="home-footer",
            ),
        ]
    )


def _option(w: Words, key: str) -> Markup:
    return el("li", el("strong", w(f"option.{key}.title")), el("span", w(f"option.{key}.summary")))


def settings_screen(ui: Ui, w: Words) -> Markup:
    """The phone's settings: the language (the browser's, or one chosen) and large type."""
    automatic = words(pick_language("", ui.browser_languages))
    languages = [
        _choice(
            "language",
            "",
            ui.settings.language == "",
            w("settings.language_auto", language=automatic("language.name")),
            "",
            change="language",
        ),
        *[
            _choice(
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
    return join(
        [
            header(w, w("settings.title"), back=True),
            el(
                "form",
                el("fieldset", el("legend", w("settings.language")), *languages),
                el("fieldset", el("legend", w("settings.display")), large),
                el("p", w("settings.saved"), class_="hint"),
                class_="setup settings",
                id="settings",
            ),
        ]
    )


def setup_screen(form: SetupForm, w: Words, replacing: GameState | None = None) -> Markup:
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
                    maxlength="40",
                    autocomplete="off",
                    aria_label=w("setup.player_name", number=number),
                ),
                el(
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
    variations = [info.key for info in OPTION_CATALOGUE if info.kind == "variation"]
    radios = [
        _choice(
            "variation",
            key,
            form.variation == key,
            w(f"option.{key}.title"),
            w(f"option.{key}.summary"),
        )
        for key in variations
    ]
    editions = el(
        "fieldset",
        el("legend", w("setup.edition")),
        *[
            _choice(
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
            *[el("option", str(n), value=str(n), selected=n == form.phases_to_win) for n in range(1, 11)],
            name="phases-to-win",
        ),
        class_="inline-field",
        hidden=form.variation != "first-to-n",
    )
    warning = (
        el("p", w("setup.replacing", number=replacing.hand_number), class_="notice")
        if replacing is not None and not replacing.is_over
        else ""
    )
    return join(
        [
            header(w, w("setup.title"), back=True),
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
                el("fieldset", el("legend", w("setup.way_to_play")), *radios, phases),
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
                el(
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
                ),
                el("p", w.say(form.error), class_="error", role="alert") if form.error else "",
                button(w("setup.deal"), "start-game", primary=True),
                class_="setup",
                id="setup",
            ),
        ]
    )


def _choice(
    name: str,
    value: str,
    checked: bool,
    title: str,
    summary: str,
    *,
    change: str = "setup-change",
    lang: str | None = None,
) -> Markup:
    """One radio choice of a form, with its title and a line of summary."""
    return el(
        "label",
        el("input", type="radio", name=name, value=value, checked=checked, data_change=change),
        el("span", el("strong", title, lang=lang), el("small", summary) if summary else ""),
        class_="choice",
    )


def rules_screen(w: Words) -> Markup:
    sections = [
        el("section", el("h2", title), *[el("p", line) for line in lines], class_="card-panel rules")
        for title, lines in w.sections("rules.sections")
    ]
    reference = el(
        "section", el("h2", w("rules.ten_phases")), phase_list(w), class_="card-panel reference-card"
    )
    flip = el(
        "section",
        el("h2", w("rules.flip_phases")),
        phase_list(w, FLIP),
        class_="card-panel reference-card",
    )
    return join([header(w, w("rules.title"), back=True), reference, *sections, flip])


# --- the table -----------------------------------------------------------------------------


def handoff_screen(game: GameState, w: Words, flipped: Text) -> Markup:
    """Between turns: no card of any hand is on the page."""
    name = game.player.name
    seen = view(game, game.current)
    skipped = [p.name for p in seen.players if p.skip_protected and p.seat != game.current]
    return join(
        [
            header(w, w("handoff.hand", number=game.hand_number), home=True),
            el(
                "section",
                el("p", w("handoff.pass_to"), class_="handoff-lead"),
                el("h2", name, class_="handoff-name"),
                el("p", phase_words(seen.me, w), class_="handoff-phase"),
                el("p", w.say(flipped), class_="notice") if flipped else "",
                side_badge(game, w) if game.config.options.ruleset().two_sided else "",
                el("p", w("handoff.skipped", names=skipped), class_="notice") if skipped else "",
                button(w("handoff.show", name=name), "reveal", primary=True),
                class_="handoff",
            ),
        ]
    )


def table_screen(ui: Ui, w: Words) -> Markup:
    assert ui.game is not None
    seat = viewer(ui)
    if seat is None:
        return open_table_screen(ui, w)
    game = ui.game
    seen = view(game, seat)
    legal_now = legal(ui)
    hits = hit_options(ui)
    hittable = {(h.player, h.group) for h in hits}
    others = [p for p in _seats_after(seen) if p.in_hand]
    hand = shown_hand(ui)
    fresh = ui.fresh.removeprefix("card:") if ui.fresh.startswith("card:") else None
    arriving = next((i for i, card in enumerate(hand) if str(card) == fresh), -1)
    flipping = bool(ui.flipped)
    return join(
        [
            header(w, w("table.title", number=game.hand_number, name=seen.me.name), home=True),
            players_section(others, hittable, ui, w, w("table.other_players")),
            flip_status(ui, w),
            piles(seen, legal_now, w, flipping),
            narration(ui, w),
            el(
                "section",
                el(
                    "h2",
                    phase_words(seen.me, w),
                    el("span", w("table.my_score", score=seen.me.score), class_="my-score"),
                    class_="my-phase",
                ),
                el(
                    "div",
                    *[
                        group_view(g, seen.seat, i, (seen.seat, i) in hittable, w, _arrives(ui, seen.seat, i))
                        for i, g in enumerate(seen.me.groups)
                    ],
                    class_="groups mine",
                    role="group",
                    aria_label=w("table.my_groups"),
                )
                if seen.me.groups
                else "",
                class_="me",
            ),
            el("p", w.say(ui.message), class_="message", role="alert")
            if ui.message
            else el("p", class_="message"),
            el(
                "section",
                el(
                    "div",
                    el("span", w("table.hand", count=len(hand)), class_="hand-title"),
                    toggle(
                        w("table.sort_number"),
                        "sort",
                        "number",
                        ui.sort == "number",
                        w("table.sort_number_name"),
                    ),
                    toggle(
                        w("table.sort_color"), "sort", "color", ui.sort == "color", w("table.sort_color_name")
                    ),
                    class_="hand-bar",
                ),
                el(
                    "div",
                    *[
                        hand_card(card, i, i in ui.selected, w, i == arriving, flipping)
                        for i, card in enumerate(hand)
                    ],
                    class_="hand",
                    role="group",
                    aria_label=w("table.hand_name"),
                ),
                action_bar(ui, bool(hits), w),
                class_="my-hand",
            ),
            prompt_panel(ui.prompt, seen, w) if ui.prompt else "",
        ]
    )


def open_table_screen(ui: Ui, w: Words) -> Markup:
    """Computer players moving at a table of several people: the table, and no hand at all."""
    assert ui.game is not None
    game = ui.game
    seen = view(game, game.current)  # for the public parts only: its hand is never drawn
    playing = seen.me.name
    # The side of the player's cards facing the table is public: as anyone else sees it.
    me = view(game, (game.current + 1) % len(game.players)).players[game.current]
    order = [me, *_seats_after(seen)]
    return join(
        [
            header(w, w("table.title_open", number=game.hand_number, name=playing), home=True),
            players_section([p for p in order if p.in_hand], set(), ui, w, w("table.players")),
            flip_status(ui, w),
            piles(seen, (), w, bool(ui.flipped)),
            narration(ui, w),
            el("p", w("table.open_hint", name=playing), class_="hint open-table"),
        ]
    )


def narration(ui: Ui, w: Words) -> Markup:
    """The computer players' moves since a person last played, newest last.  Not a live
    region: the page's announcer reads each move out once (see ``announcement``)."""
    assert ui.game is not None
    if not ui.narration and not computer_turn(ui.game):
        return el("ol", class_="narration", hidden=True)
    items = [el("li", w.say(line)) for line in ui.narration]
    if computer_turn(ui.game):
        items.append(el("li", w("table.thinking", name=ui.game.player.name), class_="thinking"))
    return el("ol", *items, class_="narration", aria_label=w("table.moves"))


def announcement(ui: Ui) -> str:
    """What the live region reads out after the last action, in the table's language."""
    w = words(ui.language)
    return " ".join(w.say(line) for line in ui.said)


def _seats_after(seen: PlayerView) -> list[PublicPlayer]:
    """The other players in turn order, starting after the viewer."""
    count = len(seen.players)
    return [seen.players[(seen.seat + step) % count] for step in range(1, count)]


def _arrives(ui: Ui, seat: int, index: int) -> bool:
    """Whether the group at ``seat``/``index`` just changed (laid down or hit)."""
    assert ui.game is not None
    return (ui.fresh == "laid" and seat == ui.game.current) or ui.fresh == f"hit:{seat}:{index}"


def players_section(
    players: Sequence[PublicPlayer], hittable: set[tuple[int, int]], ui: Ui, w: Words, label: str
) -> Markup:
    return el(
        "section", *[opponent(p, hittable, ui, w) for p in players], class_="opponents", aria_label=label
    )


def opponent(player: PublicPlayer, hittable: set[tuple[int, int]], ui: Ui, w: Words) -> Markup:
    assert ui.game is not None
    marks = []
    kind = ui.game.config.kinds[player.seat]
    if kind != PERSON:
        marks.append(
            el("span", w("table.computer_mark", level=w(f"kind.{kind}")), class_="mark computer-mark")
        )
    if player.seat == ui.game.current and ui.game.step in (Step.DRAW, Step.PLAY):
        marks.append(el("span", w("table.playing"), class_="mark playing-mark"))
    if player.skip_pending:
        marks.append(el("span", w("table.skip_waiting"), class_="mark skip-mark"))
    groups = [
        group_view(g, player.seat, i, (player.seat, i) in hittable, w, _arrives(ui, player.seat, i))
        for i, g in enumerate(player.groups)
    ]
    cards = w("table.cards", count=player.hand_count)
    return el(
        "article",
        el(
            "div",
            el("strong", player.name, class_="name"),
            el("span", w("table.phase", number=player.phase), class_="phase"),
            el("span", cards, class_="count"),
            el("span", w("table.points", score=player.score), class_="score"),
            *marks,
            class_="opponent-line",
        ),
        backs_row(player, w, bool(ui.flipped)),
        el("div", *groups, class_="groups") if groups else "",
        class_="opponent",
        data_seat=str(player.seat),
        aria_label=w("table.opponent", name=player.name, phase=player.phase, cards=cards, score=player.score),
    )


def backs_row(player: PublicPlayer, w: Words, flipping: bool) -> Markup:
    """Two-sided cards: the other side of a player's hand, which faces the table."""
    if not player.backs:
        return Markup("")
    cards = [
        el(
            "span",
            card_face(card, w),
            class_=card_class(card) + " tiny" + (" flip-in" if flipping else ""),
            role="img",
            aria_label=w.card(card),
            data_back=str(card),
        )
        for card in player.backs
    ]
    return el(
        "div",
        el("span", w("table.other_side"), class_="backs-name", aria_hidden="true"),
        el("span", *cards, class_="backs-cards"),
        class_="backs",
        role="group",
        aria_label=w("table.other_side_name", name=player.name),
    )


def side_badge(game: GameState, w: Words, flipping: bool = False) -> Markup:
    """Which side of the two-sided cards the table plays."""
    side = game.side
    return el(
        "p",
        el("span", "↻", class_="side-icon", aria_hidden="true"),
        w("table.side_in_play", side=side),
        class_=f"side-badge side-{side.value}" + (" flip-in" if flipping else ""),
    )


def flip_status(ui: Ui, w: Words) -> Markup:
    """The side in play, and what just turned the table over (read out by the announcer)."""
    assert ui.game is not None
    if not ui.game.config.options.ruleset().two_sided:
        return Markup("")
    note = el("p", w.say(ui.flipped), class_="flip-note") if ui.flipped else Markup("")
    return el("div", side_badge(ui.game, w, bool(ui.flipped)), note, class_="flip-status")


def piles(seen: PlayerView, legal_now: Sequence[Action], w: Words, flipping: bool = False) -> Markup:
    from phase10 import Draw, TakeDiscard

    can_draw = Draw() in legal_now
    can_take = TakeDiscard() in legal_now
    top = seen.discard_top
    turning = " flip-in" if flipping else ""
    # Each pile is named by what it shows (its name first), then the card on top of it.
    discard_face = (
        el(
            "span",
            card_face(top, w),
            class_=card_class(top) + " pile-card" + turning,
            role="img",
            aria_label=w("table.top_card", card=top),
        )
        if top
        else el("span", class_="pile-empty", role="img", aria_label=w("table.empty"))
    )
    back = seen.draw_back
    if back is not None:
        # Face down, the top card shows its other side: a real face in this edition.
        draw_face = el(
            "span",
            card_face(back, w),
            class_=card_class(back) + " pile-card draw-back" + turning,
            data_back=str(back),
            role="img",
            aria_label=w("table.top_back", card=back),
        )
    else:
        draw_face = el("span", "", class_="card back pile-card")
    draw_name = el(
        "span",
        w("table.draw", count=seen.draw_count),
        el("span", w("table.draw_unit", count=seen.draw_count), class_="visually-hidden"),
        class_="pile-name",
    )
    return el(
        "section",
        el(
            "button",
            draw_name,
            draw_face,
            type="button",
            class_="pile draw-pile",
            data_action="draw",
            disabled=not can_draw,
        ),
        el(
            "button",
            el("span", w("table.discard_pile"), class_="pile-name"),
            discard_face,
            type="button",
            class_="pile discard-pile",
            data_action="take",
            aria_disabled="false" if can_take else "true",
            data_card=str(top) if top else None,
        ),
        class_="piles",
        aria_label=w("table.piles"),
    )


def action_bar(ui: Ui, can_hit: bool, w: Words) -> Markup:
    assert ui.game is not None
    if computer_turn(ui.game):
        return el("p", w("table.watch", name=ui.game.player.name), class_="hint")
    if ui.game.step is Step.DRAW:
        return el("p", w("table.hint.draw"), class_="hint")
    laid = ui.game.player.has_laid
    return el(
        "div",
        el("p", _turn_hint(ui, can_hit, w), class_="hint"),
        "" if laid else button(w("table.lay"), "lay", enabled=can_lay(ui)),
        button(w("table.discard"), "discard", primary=True, enabled=bool(discard_options(ui))),
        class_="action-bar",
    )


def _turn_hint(ui: Ui, can_hit: bool, w: Words) -> str:
    """Why the buttons are as they are: what the player can do with the cards selected."""
    assert ui.game is not None
    count = len(ui.selected)
    if can_hit:
        return w("table.hint.hit")
    if count == 0:
        return w("table.hint.laid" if ui.game.player.has_laid else "table.hint.start")
    if count == 1:
        return w("table.hint.one")
    spec = ui.game.phase_spec(ui.game.current)
    if ui.game.player.has_laid:
        return w("table.hint.laid_many")
    if can_lay(ui):
        return w("table.hint.makes", count=count, number=spec.number)
    return w("table.hint.needs", count=count, number=spec.number, needs=spec)


def prompt_panel(prompt: Prompt, seen: PlayerView, w: Words) -> Markup:
    if prompt.kind == "lay":
        chosen = prompt.chosen
        assert isinstance(chosen, LayDown)
        groups = [group_view(g, seen.seat, i, False, w) for i, g in enumerate(chosen.groups)]
        more = (
            button(w("prompt.another", index=prompt.index + 1, count=len(prompt.options)), "lay-next")
            if len(prompt.options) > 1
            else ""
        )
        title = w("prompt.lay", number=seen.me.phase)
        body = [
            el("h2", title, id="prompt-title"),
            el("div", *groups, class_="groups"),
            el(
                "div",
                button(w("table.lay"), "confirm", primary=True),
                more,
                button(w("button.cancel"), "cancel"),
                class_="row",
            ),
        ]
    elif prompt.kind == "skip":
        options = [a for a in prompt.options if isinstance(a, Discard)]
        choices = [
            button(
                w("prompt.skip_player", name=seen.players[a.target].name)
                if a.target is not None
                else w("prompt.skip_nobody"),
                "choose",
                value=str(i),
                primary=True,
            )
            for i, a in enumerate(options)
        ]
        body = [
            el("h2", w("prompt.skip"), id="prompt-title"),
            el("div", *choices, class_="row"),
            button(w("button.cancel"), "cancel"),
        ]
    else:
        options_hit = [a for a in prompt.options if isinstance(a, Hit)]
        group = seen.players[options_hit[0].player].groups[options_hit[0].group]
        choices = [
            button(
                w("prompt.low", number=group.start - 1)
                if a.end is not None and a.end.value == "low"
                else w("prompt.high", number=group.end + 1),
                "choose",
                value=str(i),
                primary=True,
            )
            for i, a in enumerate(options_hit)
        ]
        body = [
            el("h2", w("prompt.end", group=group), id="prompt-title"),
            el("div", *choices, class_="row"),
            button(w("button.cancel"), "cancel"),
        ]
    return el(
        "div",
        el("div", *body, class_="prompt", role="dialog", aria_modal="true", aria_labelledby="prompt-title"),
        class_="prompt-backdrop",
    )


# --- score sheets, hand over and game over -------------------------------------------------


def score_sheet(game: GameState, w: Words) -> Markup:
    """Like the paper pad: each hand's points and the running total, and the phases ticked off."""
    names = [p.name for p in game.players]
    sequence = game.config.options.phase_sequence()
    done = [
        {r.phases[s] for r in game.history if not r.tiebreak and r.completed[s]} for s in range(len(names))
    ]
    ticks = [
        el(
            "td",
            el(
                "span",
                *[el("span", str(n), class_="tick" + (" done" if n in done[s] else "")) for n in sequence],
                class_="ticks",
                role="img",
                aria_label=w(
                    "sheet.phases_done",
                    phases=w("list.comma").join(map(str, sorted(x for x in done[s] if x))) or w("sheet.none"),
                ),
            ),
        )
        for s in range(len(names))
    ]
    totals = [0] * len(names)
    rules = game.config.options.ruleset()
    caption = (
        el("caption", w("sheet.edition", edition=w(f"edition.{rules.name}.title")))
        if rules is not CLASSIC
        else ""
    )
    rows = []
    for record in game.history:
        cells = []
        for seat, points in enumerate(record.points):
            if points is None:
                cells.append(
                    el(
                        "td",
                        el("span", "—", aria_hidden="true"),
                        el("span", w("sheet.sat_out"), class_="visually-hidden"),
                        class_="sat-out",
                    )
                )
                continue
            totals[seat] += points
            went_out = record.went_out == seat
            phase_mark = f"✓ {record.phases[seat]}" if record.completed[seat] and not record.tiebreak else ""
            cells.append(
                el(
                    "td",
                    el(
                        "span",
                        w("sheet.out") if went_out else f"+{points}",
                        class_="points" + (" out" if went_out else ""),
                    ),
                    el("span", phase_mark, class_="done-mark"),
                    el("span", str(totals[seat]), class_="total"),
                    class_="cell",
                )
            )
        label = w("sheet.tiebreak", number=record.number) if record.tiebreak else str(record.number)
        rows.append(el("tr", el("th", label, scope="row"), *cells))
    return el(
        "div",
        el(
            "table",
            caption,
            el(
                "thead",
                el("tr", el("th", w("sheet.hand"), scope="col"), *[el("th", n, scope="col") for n in names]),
            ),
            el("tbody", el("tr", el("th", w("sheet.phases"), scope="row"), *ticks), *rows),
            class_="score-sheet",
        ),
        class_="sheet-scroll",
        tabindex="0",
        role="region",
        aria_label=w("over.score_sheet"),
    )


def hand_over_screen(game: GameState, w: Words, flipped: Text) -> Markup:
    record = game.history[-1]
    who = game.players[record.went_out].name if record.went_out is not None else None
    headline = w("over.went_out", name=who) if who else w("over.nobody")
    lines = []
    for seat, player in enumerate(game.players):
        points = record.points[seat]
        if points is None:
            continue
        number = record.phases[seat]
        assert number is not None  # a player who scored played a phase
        moved = w("over.completed" if record.completed[seat] else "over.stays", number=number)
        if game.config.options.ten_hands and not record.completed[seat]:
            moved = w("over.missed", number=number)
        line = (
            w("over.line_out", moved=moved)
            if record.went_out == seat
            else w("over.line_points", points=points, moved=moved)
        )
        lines.append(el("li", el("strong", player.name), line))
    next_label = w("over.tiebreak_next") if game.tiebreak else w("over.next")
    tie_note = (
        el(
            "p",
            w(
                "over.tie",
                names=[game.players[s].name for s in game.tiebreak],
                score=game.players[game.tiebreak[0]].score,
            ),
            class_="notice",
        )
        if game.tiebreak
        else ""
    )
    return join(
        [
            header(w, w("over.title", number=record.number), home=True),
            el(
                "section",
                el("h2", headline),
                el("p", w.say(flipped), class_="notice") if flipped else "",
                el("p", w("over.side", side=game.side), class_="side-note")
                if game.config.options.ruleset().two_sided
                else "",
                el("ul", *lines, class_="results"),
                tie_note,
                class_="card-panel",
            ),
            el("section", el("h2", w("over.score_sheet")), score_sheet(game, w), class_="card-panel"),
            button(next_label, "next-hand", primary=True),
        ]
    )


def game_over_screen(game: GameState, w: Words) -> Markup:
    assert game.winner is not None
    winner = game.players[game.winner]
    last = game.history[-1]
    how = w("end.by_tiebreak") if last.tiebreak else w("end.with_points", score=winner.score)
    return join(
        [
            header(w, w("end.title"), home=True),
            el(
                "section",
                el("p", w("end.winner_is"), class_="handoff-lead"),
                el("h2", winner.name, class_="winner"),
                el("p", how),
                class_="card-panel winner-panel",
            ),
            el("section", el("h2", w("end.final_sheet")), score_sheet(game, w), class_="card-panel"),
            el(
                "div",
                button(w("end.play_again"), "play-again", primary=True),
                button(w("button.home"), "home"),
                class_="row",
            ),
        ]
    )


def history_screen(games: Sequence[GameState], unreadable: int, w: Words) -> Markup:
    if not games:
        body = [el("p", w("history.none"), class_="card-panel")]
    else:
        body = [
            el("details", el("summary", _past_game(g, w)), score_sheet(g, w), class_="card-panel past-game")
            for g in reversed(games)
        ]
    if unreadable:
        body.append(el("p", w("history.unreadable", count=unreadable), class_="notice"))
    return join([header(w, w("history.title"), back=True), *body])


def _past_game(game: GameState, w: Words) -> str:
    if game.winner is None:
        return ""
    line = w(
        "history.game",
        players=w("list.comma").join(game.config.players),
        winner=game.players[game.winner].name,
    )
    rules = game.config.options.ruleset()
    return (
        line
        if rules is CLASSIC
        else w("history.edition", edition=w(f"edition.{rules.name}.title"), game=line)
    )


def corrupt_screen(problem: Text, w: Words) -> Markup:
    return join(
        [
            header(w, w("corrupt.title")),
            el(
                "section",
                el("p", w("corrupt.lead")),
                el("p", w("corrupt.choice")),
                el(
                    "details",
                    el("summary", w("corrupt.details")),
                    el("p", w.say(problem), class_="error-detail"),
                ),
                el(
                    "div",
                    button(w("corrupt.keep"), "home", primary=True),
                    button(w("corrupt.discard"), "discard-save", danger=True),
                    class_="stack",
                ),
                class_="card-panel",
                role="alert",
            ),
        ]
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


def render(
    ui: Ui, *, build: str = "", note: str = "", finished: Sequence[GameState] = (), unreadable: int = 0
) -> Markup:
    """The whole app's HTML for ``ui``, in its language."""
    w = words(ui.language)
    screen = ui.screen
    if screen is Screen.SETUP:
        return setup_screen(ui.setup, w, ui.game)
    if screen is Screen.RULES:
        return rules_screen(w)
    if screen is Screen.SETTINGS:
        return settings_screen(ui, w)
    if screen is Screen.HISTORY:
        return history_screen(finished, unreadable, w)
    if screen is Screen.CORRUPT:
        return corrupt_screen(ui.save_problem, w)
    if ui.game is not None:
        if screen is Screen.HANDOFF:
            return handoff_screen(ui.game, w, ui.flipped)
        if screen is Screen.TABLE:
            return table_screen(ui, w)
        if screen is Screen.HAND_OVER:
            return hand_over_screen(ui.game, w, ui.flipped)
        if screen is Screen.GAME_OVER:
            return game_over_screen(ui.game, w)
    return home_screen(ui, w, build, note, len(finished))
