"""The screens, as HTML built from engine values.  No DOM here, so it is tested on CPython.

The table is drawn from ``view(game, seat)`` of the one player whose hand is
shown (``controller.viewer``), so the page never receives another player's hand;
while computer players move at a table of several people, no hand is shown.
"""

from __future__ import annotations

from collections.abc import Sequence

from phase10 import Action, Card, Discard, GameState, Hit, LayDown, Step
from phase10.cards import Side
from phase10.groups import Group
from phase10.rules import (
    CLASSIC,
    EDITIONS,
    FLIP,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OPTION_CATALOGUE,
    PERSON,
    PLAYER_KINDS,
    GroupKind,
    Ruleset,
)
from phase10.view import PlayerView, PublicPlayer, view

from .controller import (
    Prompt,
    Screen,
    SetupForm,
    Ui,
    can_lay,
    computer_turn,
    discard_options,
    hit_options,
    legal,
    shown_hand,
    viewer,
)
from .html import Markup, el, join
from .rules_text import RULES_TEXT

__all__ = ["render", "update_banner"]

SYMBOLS = {"R": "●", "B": "■", "Y": "▲", "G": "◆"}  # a shape per colour, not only a hue
COLOR_NAMES = {"R": "red", "B": "blue", "Y": "yellow", "G": "green"}


# --- pieces --------------------------------------------------------------------------------


def card_face(card: Card, *, value: str | None = None) -> Markup:
    """The inside of a card: its number (a Star's ★, W, S) and its colour's shape (a
    four-colour disc when any colour goes); ``value`` is what it stands for in a group."""
    mark = el("span", "↻", class_="flip-mark", aria_hidden="true") if card.flips else ""
    if card.is_skip:
        return join([el("span", "S", class_="face"), el("span", class_="sym skip-sym", aria_hidden="true")])
    if card.side is None:  # the classic Wild
        return join([el("span", "W", class_="face"), el("span", value or "★", class_="sym")])
    number, color = card.fixed_number, card.fixed_color
    face = el("span", "★" if number is None else str(number), class_="face")
    if value:
        sym = el("span", value, class_="sym value")
    elif color is not None:
        sym = el("span", SYMBOLS[color.value], class_="sym")
    else:
        sym = el("span", class_="sym any-sym", aria_hidden="true")
    return join([face, sym, mark])


def card_class(card: Card) -> str:
    if card.is_skip:
        return "card skip"
    if card.side is None:
        return "card wild"
    color = card.fixed_color
    classes = ["card"]
    if card.side is Side.WILD:
        classes.append("wild-side")
    if card.is_star:
        classes.append("star")
    if color is not None:
        classes.append(COLOR_NAMES[color.value])
    if card.flips:
        classes.append("flips")
    return " ".join(classes)


def card_label(card: Card, value: str | None = None) -> str:
    """Words for a card: "Red 7", "Wild Star as Red 5", "Blue 3, Flip"."""
    label = f"{card.label} as {value}" if value and not card.is_natural else card.label
    return label + (", Flip" if card.flips else "")


def group_value(group: Group, index: int) -> str | None:
    """What a card in a group stands for beyond what it shows, briefly: a Star's number, and
    the colour of a colour run where the card leaves it free; a classic Wild's value."""
    card = group.cards[index]
    if card.side is None:
        return group.value_of(index) if card.is_wild else None
    parts = []
    if card.fixed_number is None:
        parts.append(str(group.number if group.kind is GroupKind.SET else group.start + index))
    color = group.color
    if card.fixed_color is None and group.kind.is_run and color is not None:
        parts.append(SYMBOLS[color.value])
    return "".join(parts) or None


def hand_card(
    card: Card, index: int, selected: bool, arriving: bool = False, flipping: bool = False
) -> Markup:
    return el(
        "button",
        card_face(card),
        type="button",
        class_=card_class(card)
        + (" selected" if selected else "")
        + (" arrive" if arriving else "")
        + (" flip-in" if flipping else ""),
        data_action="select",
        data_value=str(index),
        aria_pressed="true" if selected else "false",
        aria_label=card_label(card),
        data_card=str(card),
    )


def group_view(group: Group, seat: int, index: int, hittable: bool, arriving: bool = False) -> Markup:
    """A laid group; each Wild shows what it stands for."""
    cards = []
    for i, card in enumerate(group.cards):
        value = group_value(group, i)
        color = group.color
        stands_as = (
            f" as-{COLOR_NAMES[color.value]}"
            if value and card.fixed_color is None and color is not None and group.kind.is_run
            else ""
        )
        cards.append(
            el(
                "span",
                card_face(card, value=value),
                class_=card_class(card) + " small" + stands_as,
                role="img",
                aria_label=card_label(card, group.value_of(i) if value else None),
                data_card=str(card),
            )
        )
    attributes: dict[str, object] = {
        "class_": "group" + (" hittable" if hittable else "") + (" arrive" if arriving else ""),
        "aria_label": f"{group.describe()}, {len(group.cards)} cards",
    }
    if hittable:
        return el(
            "button",
            el("span", group.describe(), class_="group-name"),
            el("span", *cards, class_="group-cards"),
            type="button",
            data_action="hit",
            data_value=f"{seat}:{index}",
            **attributes,
        )
    return el(
        "div",
        el("span", group.describe(), class_="group-name"),
        el("span", *cards, class_="group-cards"),
        **attributes,
    )


def phase_words(player: PublicPlayer) -> str:
    return f"Phase {player.phase}: {player.phase_spec.describe()}"


def names_and(names: Sequence[str]) -> str:
    """'Ann', 'Ann and Bo', 'Ann, Bo and Cy'."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def button(
    label: str,
    action: str,
    *,
    value: str = "",
    primary: bool = False,
    enabled: bool = True,
    danger: bool = False,
    name: str | None = None,
) -> Markup:
    kind = "primary" if primary else "danger" if danger else None
    return el(
        "button",
        label,
        type="button",
        class_=kind,
        data_action=action,
        data_value=value or None,
        disabled=not enabled,
        aria_label=name,
    )


def toggle(label: str, action: str, value: str, pressed: bool, name: str) -> Markup:
    return el(
        "button",
        label,
        type="button",
        class_="toggle",
        data_action=action,
        data_value=value,
        aria_pressed="true" if pressed else "false",
        aria_label=name,
    )


def header(title: str, *, back: bool = False, home: bool = False) -> Markup:
    items: list[Markup] = []
    if back:
        items.append(button("Back", "back"))
    if home:
        items.append(button("Home", "home"))
    return el("header", el("h1", title), el("div", *items, class_="bar-buttons"), class_="bar")


# --- home, set-up, rules -------------------------------------------------------------------


def home_screen(ui: Ui, build: str, note: str, finished: int) -> Markup:
    """The first screen: New game, Continue, Rules, Past games, and the engine's options."""
    variations = [info for info in OPTION_CATALOGUE if info.kind == "variation"]
    rules = [info for info in OPTION_CATALOGUE if info.kind == "rule"]
    actions = [button("New game", "new-game", primary=not ui.can_continue)]
    if ui.can_continue:
        assert ui.game is not None
        actions.insert(0, button("Continue", "continue", primary=True))
    actions += [button("Rules", "rules"), button(f"Past games ({finished})", "history")]
    problem = (
        el("p", "Your saved game could not be read. ", button("See why", "new-game"), class_="notice")
        if ui.save_problem
        else ""
    )
    return join(
        [
            el(
                "header",
                el("div", "10", class_="logo", aria_hidden="true"),
                el("h1", "Ten Phases"),
                el("p", "Pass-and-play Phase 10 for 2 to 6 players, on one phone.", class_="tagline"),
                class_="home-header",
            ),
            problem,
            el("nav", *actions, class_="home-actions"),
            el(
                "section",
                el("h2", "Ways to play"),
                el("ul", *[_option(info.title, info.summary) for info in variations], class_="options"),
                el("h2", "House rule"),
                el("ul", *[_option(info.title, info.summary) for info in rules], class_="options"),
                class_="card-panel",
                aria_label="Rule options",
            ),
            el("section", el("h2", "The ten phases"), phase_list(), class_="card-panel"),
            el(
                "section",
                el("h2", "The Flip edition"),
                el("p", FLIP.summary),
                el("details", el("summary", "Its ten phases"), phase_list(FLIP)),
                class_="card-panel",
            ),
            el(
                "footer",
                el("p", "An unofficial rules implementation. Phase 10 is a trademark of Mattel."),
                el(
                    "p",
                    f"Version {build}",
                    el("span", f" · {note}", class_="note") if note else "",
                    class_="version",
                ),
                class_="home-footer",
            ),
        ]
    )


def phase_list(rules: Ruleset = CLASSIC) -> Markup:
    items = [el("li", el("span", str(p.number), class_="phase-number"), p.describe()) for p in rules.phases]
    return el("ol", *items, class_="phase-list", data_edition=rules.name)


def _option(title: str, summary: str) -> Markup:
    return el("li", el("strong", title), el("span", summary))


def setup_screen(form: SetupForm, replacing: GameState | None = None) -> Markup:
    rows = []
    for i, name in enumerate(form.names):
        remove = (
            button("✕", "remove-player", value=str(i), name=f"Remove player {i + 1}")
            if len(form.names) > MIN_PLAYERS
            else Markup("")
        )
        kind = form.kinds[i] if i < len(form.kinds) else PERSON
        rows.append(
            el(
                "li",
                el("label", f"Player {i + 1}", for_=f"player-{i}", class_="visually-hidden"),
                el(
                    "input",
                    id=f"player-{i}",
                    name="player",
                    value=name,
                    maxlength="40",
                    autocomplete="off",
                    aria_label=f"Player {i + 1} name",
                ),
                el(
                    "select",
                    el("option", "Person", value=PERSON, selected=kind == PERSON),
                    el(
                        "optgroup",
                        *[
                            el("option", level.capitalize(), value=level, selected=level == kind)
                            for level in PLAYER_KINDS
                            if level != PERSON
                        ],
                        label="Computer",
                    ),
                    name="kind",
                    data_change="setup-change",
                    aria_label=f"Who plays seat {i + 1}",
                    class_="kind",
                ),
                remove,
                class_="player-row",
            )
        )
    variations = [info for info in OPTION_CATALOGUE if info.kind == "variation"]
    radios = [
        _choice("variation", info.key, form.variation == info.key, info.title, info.summary)
        for info in variations
    ]
    editions = el(
        "fieldset",
        el("legend", "Edition"),
        *[
            _choice("edition", name, form.edition == name, rules.title, rules.summary)
            for name, rules in EDITIONS.items()
        ],
        el(
            "details",
            el("summary", f"The {EDITIONS[form.edition].title} edition's ten phases"),
            phase_list(EDITIONS[form.edition]),
            class_="edition-phases",
        ),
    )
    phases = el(
        "label",
        "Phases to win ",
        el(
            "select",
            *[el("option", str(n), value=str(n), selected=n == form.phases_to_win) for n in range(1, 11)],
            name="phases-to-win",
        ),
        class_="inline-field",
        hidden=form.variation != "first-to-n",
    )
    warning = (
        el(
            "p",
            f"Dealing a new game ends the game in progress (hand {replacing.hand_number}).",
            class_="notice",
        )
        if replacing is not None and not replacing.is_over
        else ""
    )
    return join(
        [
            header("New game", back=True),
            warning,
            el(
                "form",
                el(
                    "fieldset",
                    el("legend", f"Players · {len(form.names)} ({MIN_PLAYERS} to {MAX_PLAYERS})"),
                    el("ol", *rows, class_="players"),
                    button("+ Add a player", "add-player", enabled=len(form.names) < MAX_PLAYERS),
                ),
                editions,
                el("fieldset", el("legend", "Way to play"), *radios, phases),
                el(
                    "fieldset",
                    el("legend", "House rule"),
                    el(
                        "label",
                        el("input", type="checkbox", name="el-chavo", checked=form.el_chavo),
                        el(
                            "span",
                            el("strong", "El Chavo Phase 10"),
                            el("small", "Phase 10 needs an 8 or a Wild."),
                        ),
                        class_="choice",
                    ),
                    hidden=not form.el_chavo_offered,
                ),
                el(
                    "details",
                    el("summary", "More options"),
                    el(
                        "label",
                        "Seed (deals the same cards again) ",
                        el("input", name="seed", value=form.seed, inputmode="numeric", autocomplete="off"),
                        class_="inline-field",
                    ),
                    open=bool(form.seed),
                    class_="more-options",
                ),
                el("p", form.error, class_="error", role="alert") if form.error else "",
                button("Deal", "start-game", primary=True),
                class_="setup",
                id="setup",
            ),
        ]
    )


def _choice(name: str, value: str, checked: bool, title: str, summary: str) -> Markup:
    """One radio choice of the set-up form, with its title and a line of summary."""
    return el(
        "label",
        el("input", type="radio", name=name, value=value, checked=checked, data_change="setup-change"),
        el("span", el("strong", title), el("small", summary)),
        class_="choice",
    )


def rules_screen() -> Markup:
    sections = [
        el("section", el("h2", title), *[el("p", line) for line in lines], class_="card-panel rules")
        for title, lines in RULES_TEXT
    ]
    reference = el("section", el("h2", "The ten phases"), phase_list(), class_="card-panel reference-card")
    flip = el(
        "section",
        el("h2", "The Flip edition's ten phases"),
        phase_list(FLIP),
        class_="card-panel reference-card",
    )
    return join([header("Rules", back=True), reference, *sections, flip])


# --- the table -----------------------------------------------------------------------------


def handoff_screen(game: GameState, flipped: str = "") -> Markup:
    """Between turns: no card of any hand is on the page."""
    name = game.player.name
    seen = view(game, game.current)
    skipped = [p.name for p in seen.players if p.skip_protected and p.seat != game.current]
    return join(
        [
            header(f"Hand {game.hand_number}", home=True),
            el(
                "section",
                el("p", "Pass the phone to", class_="handoff-lead"),
                el("h2", name, class_="handoff-name"),
                el("p", phase_words(seen.me), class_="handoff-phase"),
                el("p", flipped, class_="notice", role="status") if flipped else "",
                side_badge(game) if game.config.options.ruleset().two_sided else "",
                el("p", f"{names_and(skipped)} lost a turn to a Skip.", class_="notice") if skipped else "",
                button(f"Show {name}'s hand", "reveal", primary=True),
                class_="handoff",
            ),
        ]
    )


def table_screen(ui: Ui) -> Markup:
    assert ui.game is not None
    seat = viewer(ui)
    if seat is None:
        return open_table_screen(ui)
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
            header(f"Hand {game.hand_number} · {seen.me.name}", home=True),
            players_section(others, hittable, ui, "Other players"),
            flip_status(ui),
            piles(seen, legal_now, flipping),
            narration(ui),
            el(
                "section",
                el(
                    "h2",
                    phase_words(seen.me),
                    el("span", f" · {seen.me.score} pts", class_="my-score"),
                    class_="my-phase",
                ),
                el(
                    "div",
                    *[
                        group_view(g, seen.seat, i, (seen.seat, i) in hittable, _arrives(ui, seen.seat, i))
                        for i, g in enumerate(seen.me.groups)
                    ],
                    class_="groups mine",
                )
                if seen.me.groups
                else "",
                class_="me",
            ),
            el("p", ui.message, class_="message", role="alert") if ui.message else el("p", class_="message"),
            el(
                "section",
                el(
                    "div",
                    el("span", f"Your hand ({len(hand)})", class_="hand-title"),
                    toggle("1-12", "sort", "number", ui.sort == "number", "Sort by number"),
                    toggle("Colour", "sort", "color", ui.sort == "color", "Sort by colour"),
                    class_="hand-bar",
                ),
                el(
                    "div",
                    *[
                        hand_card(card, i, i in ui.selected, i == arriving, flipping)
                        for i, card in enumerate(hand)
                    ],
                    class_="hand",
                    role="group",
                    aria_label="Your hand",
                ),
                action_bar(ui, bool(hits)),
                class_="my-hand",
            ),
            prompt_panel(ui.prompt, seen) if ui.prompt else "",
        ]
    )


def open_table_screen(ui: Ui) -> Markup:
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
            header(f"Hand {game.hand_number} · {playing} is playing", home=True),
            players_section([p for p in order if p.in_hand], set(), ui, "Players"),
            flip_status(ui),
            piles(seen, (), bool(ui.flipped)),
            narration(ui),
            el(
                "p",
                f"{playing} is a computer player. Every person's hand stays hidden until their turn.",
                class_="hint open-table",
            ),
        ]
    )


def narration(ui: Ui) -> Markup:
    """The computer players' moves since a person last played, newest last."""
    assert ui.game is not None
    if not ui.narration and not computer_turn(ui.game):
        return el("ol", class_="narration", aria_live="polite", hidden=True)
    items = [el("li", line) for line in ui.narration]
    if computer_turn(ui.game):
        items.append(el("li", f"{ui.game.player.name} is thinking…", class_="thinking"))
    return el("ol", *items, class_="narration", aria_live="polite", aria_label="Computer players' moves")


def _seats_after(seen: PlayerView) -> list[PublicPlayer]:
    """The other players in turn order, starting after the viewer."""
    count = len(seen.players)
    return [seen.players[(seen.seat + step) % count] for step in range(1, count)]


def _arrives(ui: Ui, seat: int, index: int) -> bool:
    """Whether the group at ``seat``/``index`` just changed (laid down or hit)."""
    assert ui.game is not None
    return (ui.fresh == "laid" and seat == ui.game.current) or ui.fresh == f"hit:{seat}:{index}"


def players_section(
    players: Sequence[PublicPlayer], hittable: set[tuple[int, int]], ui: Ui, label: str
) -> Markup:
    return el("section", *[opponent(p, hittable, ui) for p in players], class_="opponents", aria_label=label)


def opponent(player: PublicPlayer, hittable: set[tuple[int, int]], ui: Ui) -> Markup:
    assert ui.game is not None
    marks = []
    kind = ui.game.config.kinds[player.seat]
    if kind != PERSON:
        marks.append(el("span", f"Computer · {kind}", class_="mark computer-mark"))
    if player.seat == ui.game.current and ui.game.step in (Step.DRAW, Step.PLAY):
        marks.append(el("span", "Playing", class_="mark playing-mark"))
    if player.skip_pending:
        marks.append(el("span", "Skip waiting", class_="mark skip-mark"))
    groups = [
        group_view(g, player.seat, i, (player.seat, i) in hittable, _arrives(ui, player.seat, i))
        for i, g in enumerate(player.groups)
    ]
    return el(
        "article",
        el(
            "div",
            el("strong", player.name, class_="name"),
            el("span", f"Phase {player.phase}", class_="phase"),
            el("span", f"{player.hand_count} card{'' if player.hand_count == 1 else 's'}", class_="count"),
            el("span", f"{player.score} pts", class_="score"),
            *marks,
            class_="opponent-line",
        ),
        backs_row(player, bool(ui.flipped)),
        el("div", *groups, class_="groups") if groups else "",
        class_="opponent",
        data_seat=str(player.seat),
    )


def backs_row(player: PublicPlayer, flipping: bool) -> Markup:
    """Two-sided cards: the other side of a player's hand, which faces the table."""
    if not player.backs:
        return Markup("")
    cards = [
        el(
            "span",
            card_face(card),
            class_=card_class(card) + " tiny" + (" flip-in" if flipping else ""),
            role="img",
            aria_label=card_label(card),
            data_back=str(card),
        )
        for card in player.backs
    ]
    return el(
        "div",
        el("span", "Other side", class_="backs-name", aria_hidden="true"),
        el("span", *cards, class_="backs-cards"),
        class_="backs",
        role="group",
        aria_label=f"The other side of {player.name}'s cards",
    )


def side_badge(game: GameState, flipping: bool = False) -> Markup:
    """Which side of the two-sided cards the table plays."""
    side = game.side
    return el(
        "p",
        el("span", "↻", class_="side-icon", aria_hidden="true"),
        f"{side.label} in play",
        class_=f"side-badge side-{side.value}" + (" flip-in" if flipping else ""),
    )


def flip_status(ui: Ui) -> Markup:
    """The side in play, and what just turned the table over.  A computer's flip is told in
    the narration, which is read out already."""
    assert ui.game is not None
    if not ui.game.config.options.ruleset().two_sided:
        return Markup("")
    told = bool(ui.narration) and ui.narration[-1] == ui.flipped
    note = (
        el("p", ui.flipped, class_="flip-note", role=None if told else "status") if ui.flipped else Markup("")
    )
    return el("div", side_badge(ui.game, bool(ui.flipped)), note, class_="flip-status")


def piles(seen: PlayerView, legal_now: Sequence[Action], flipping: bool = False) -> Markup:
    from phase10 import Draw, TakeDiscard

    can_draw = Draw() in legal_now
    can_take = TakeDiscard() in legal_now
    top = seen.discard_top
    top_label = f"Discard pile, top card {card_label(top)}" if top else "Discard pile, empty"
    turning = " flip-in" if flipping else ""
    discard_face = (
        el("span", card_face(top), class_=card_class(top) + " pile-card" + turning)
        if top
        else el("span", class_="pile-empty")
    )
    back = seen.draw_back
    draw_label = f"Draw pile, {seen.draw_count} cards"
    if back is not None:
        # Face down, the top card shows its other side: a real face in this edition.
        draw_face = el(
            "span",
            card_face(back),
            class_=card_class(back) + " pile-card draw-back" + turning,
            data_back=str(back),
        )
        draw_label += f"; its top card's other side shows {card_label(back)}"
    else:
        draw_face = el("span", "", class_="card back pile-card")
    return el(
        "section",
        el(
            "button",
            draw_face,
            el("span", f"Draw · {seen.draw_count}", class_="pile-name"),
            type="button",
            class_="pile draw-pile",
            data_action="draw",
            disabled=not can_draw,
            aria_label=draw_label,
        ),
        el(
            "button",
            discard_face,
            el("span", "Discard", class_="pile-name"),
            type="button",
            class_="pile discard-pile",
            data_action="take",
            aria_disabled="false" if can_take else "true",
            aria_label=top_label,
            data_card=str(top) if top else None,
        ),
        class_="piles",
        aria_label="Piles",
    )


def action_bar(ui: Ui, can_hit: bool) -> Markup:
    assert ui.game is not None
    if computer_turn(ui.game):
        return el("p", f"{ui.game.player.name}'s turn: watch the table.", class_="hint")
    if ui.game.step is Step.DRAW:
        return el("p", "Draw a card: tap the draw pile or the discard pile.", class_="hint")
    laid = ui.game.player.has_laid
    return el(
        "div",
        el("p", _turn_hint(ui, can_hit), class_="hint"),
        "" if laid else button("Lay down", "lay", enabled=can_lay(ui)),
        button("Discard", "discard", primary=True, enabled=bool(discard_options(ui))),
        class_="action-bar",
    )


def _turn_hint(ui: Ui, can_hit: bool) -> str:
    """Why the buttons are as they are: what the player can do with the cards selected."""
    assert ui.game is not None
    count = len(ui.selected)
    if can_hit:
        return "Tap a lit group to add the card to it, or discard it."
    if count == 0:
        if ui.game.player.has_laid:
            return "Select a card to add to a group or to discard."
        return "Select cards to lay down, or one card to discard. Lay down alone finds your phase."
    if count == 1:
        return "Discard this card, or select more to lay down."
    spec = ui.game.phase_spec(ui.game.current)
    if ui.game.player.has_laid:
        return "Select one card at a time to add to a group or discard."
    if can_lay(ui):
        return f"{count} cards selected: they make phase {spec.number}."
    return f"{count} cards selected: phase {spec.number} needs {spec.describe()}."


def prompt_panel(prompt: Prompt, seen: PlayerView) -> Markup:
    if prompt.kind == "lay":
        chosen = prompt.chosen
        assert isinstance(chosen, LayDown)
        groups = [group_view(g, seen.seat, i, False) for i, g in enumerate(chosen.groups)]
        more = (
            button(f"Another way ({prompt.index + 1} of {len(prompt.options)})", "lay-next")
            if len(prompt.options) > 1
            else ""
        )
        body = [
            el("h2", f"Lay down phase {seen.me.phase}?"),
            el("div", *groups, class_="groups"),
            el(
                "div",
                button("Lay down", "confirm", primary=True),
                more,
                button("Cancel", "cancel"),
                class_="row",
            ),
        ]
    elif prompt.kind == "skip":
        options = [a for a in prompt.options if isinstance(a, Discard)]
        choices = [
            button(
                f"Skip {seen.players[a.target].name}"
                if a.target is not None
                else "Discard it (nobody to skip)",
                "choose",
                value=str(i),
                primary=True,
            )
            for i, a in enumerate(options)
        ]
        body = [el("h2", "Who loses a turn?"), el("div", *choices, class_="row"), button("Cancel", "cancel")]
    else:
        options_hit = [a for a in prompt.options if isinstance(a, Hit)]
        group = seen.players[options_hit[0].player].groups[options_hit[0].group]
        choices = [
            button(
                f"Low end, as {group.start - 1}"
                if a.end is not None and a.end.value == "low"
                else f"High end, as {group.end + 1}",
                "choose",
                value=str(i),
                primary=True,
            )
            for i, a in enumerate(options_hit)
        ]
        body = [
            el("h2", f"Which end of the {group.describe()}?"),
            el("div", *choices, class_="row"),
            button("Cancel", "cancel"),
        ]
    return el(
        "div", el("div", *body, class_="prompt"), class_="prompt-backdrop", role="dialog", aria_modal="true"
    )


# --- score sheets, hand over and game over -------------------------------------------------


def score_sheet(game: GameState) -> Markup:
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
                aria_label=f"phases done: {', '.join(map(str, sorted(x for x in done[s] if x))) or 'none'}",
            ),
        )
        for s in range(len(names))
    ]
    totals = [0] * len(names)
    rules = game.config.options.ruleset()
    caption = el("caption", f"{rules.title} edition") if rules is not CLASSIC else ""
    rows = []
    for record in game.history:
        cells = []
        for seat, points in enumerate(record.points):
            if points is None:
                cells.append(el("td", "—", class_="sat-out"))
                continue
            totals[seat] += points
            went_out = record.went_out == seat
            phase_mark = f"✓ {record.phases[seat]}" if record.completed[seat] and not record.tiebreak else ""
            cells.append(
                el(
                    "td",
                    el(
                        "span",
                        "out" if went_out else f"+{points}",
                        class_="points" + (" out" if went_out else ""),
                    ),
                    el("span", phase_mark, class_="done-mark"),
                    el("span", str(totals[seat]), class_="total"),
                    class_="cell",
                )
            )
        label = f"{record.number}" + (" (tiebreak)" if record.tiebreak else "")
        rows.append(el("tr", el("th", label, scope="row"), *cells))
    return el(
        "div",
        el(
            "table",
            caption,
            el("thead", el("tr", el("th", "Hand", scope="col"), *[el("th", n, scope="col") for n in names])),
            el("tbody", el("tr", el("th", "Phases", scope="row"), *ticks), *rows),
            class_="score-sheet",
        ),
        class_="sheet-scroll",
    )


def hand_over_screen(game: GameState, flipped: str = "") -> Markup:
    record = game.history[-1]
    who = game.players[record.went_out].name if record.went_out is not None else None
    headline = f"{who} went out" if who else "The draw pile ran out: nobody went out"
    lines = []
    for seat, player in enumerate(game.players):
        points = record.points[seat]
        if points is None:
            continue
        moved = (
            "completed phase " + str(record.phases[seat])
            if record.completed[seat]
            else "stays on phase " + str(record.phases[seat])
        )
        if game.config.options.ten_hands and not record.completed[seat]:
            moved = f"missed phase {record.phases[seat]}"
        if record.went_out == seat:
            lines.append(el("li", el("strong", player.name), f" went out, {moved}"))
        else:
            lines.append(el("li", el("strong", player.name), f" +{points} points, {moved}"))
    next_label = "Play the tiebreak hand" if game.tiebreak else "Deal the next hand"
    tie_note = (
        el(
            "p",
            f"{names_and([game.players[s].name for s in game.tiebreak])} are tied on "
            f"{game.players[game.tiebreak[0]].score} points: they play one more hand on the last phase, "
            "and the first to go out wins.",
            class_="notice",
        )
        if game.tiebreak
        else ""
    )
    return join(
        [
            header(f"Hand {record.number} over", home=True),
            el(
                "section",
                el("h2", headline),
                el("p", flipped, class_="notice", role="status") if flipped else "",
                el("p", f"Cards left in hand were counted on the {game.side.label}.", class_="side-note")
                if game.config.options.ruleset().two_sided
                else "",
                el("ul", *lines, class_="results"),
                tie_note,
                class_="card-panel",
            ),
            el("section", el("h2", "Score sheet"), score_sheet(game), class_="card-panel"),
            button(next_label, "next-hand", primary=True),
        ]
    )


def game_over_screen(game: GameState) -> Markup:
    assert game.winner is not None
    winner = game.players[game.winner]
    last = game.history[-1]
    how = "by going out first in the tiebreak hand" if last.tiebreak else f"with {winner.score} points"
    return join(
        [
            header("Game over", home=True),
            el(
                "section",
                el("p", "The winner is", class_="handoff-lead"),
                el("h2", winner.name, class_="winner"),
                el("p", how),
                class_="card-panel winner-panel",
            ),
            el("section", el("h2", "Final score sheet"), score_sheet(game), class_="card-panel"),
            el("div", button("Play again", "play-again", primary=True), button("Home", "home"), class_="row"),
        ]
    )


def history_screen(games: Sequence[GameState], unreadable: int) -> Markup:
    if not games:
        body = [el("p", "No finished games yet.", class_="card-panel")]
    else:
        body = [
            el(
                "details",
                el(
                    "summary",
                    _edition_prefix(g) + f"{', '.join(g.config.players)} · won by {g.players[g.winner].name}"
                    if g.winner is not None
                    else "",
                ),
                score_sheet(g),
                class_="card-panel past-game",
            )
            for g in reversed(games)
        ]
    if unreadable:
        body.append(el("p", f"{unreadable} older score sheet(s) could not be read.", class_="notice"))
    return join([header("Past games", back=True), *body])


def _edition_prefix(game: GameState) -> str:
    rules = game.config.options.ruleset()
    return "" if rules is CLASSIC else f"{rules.title} · "


def corrupt_screen(problem: str) -> Markup:
    return join(
        [
            header("Saved game damaged"),
            el(
                "section",
                el("p", "The saved game on this phone could not be read, so it was not opened."),
                el("p", "You can keep it for now, or throw it away and start a new game."),
                el("details", el("summary", "Technical details"), el("p", problem, class_="error-detail")),
                el(
                    "div",
                    button("Keep it for now", "home", primary=True),
                    button("Discard the saved game", "discard-save", danger=True),
                    class_="stack",
                ),
                class_="card-panel",
                role="alert",
            ),
        ]
    )


def update_banner() -> Markup:
    return join(
        [
            el("span", "Update available", el("small", "Your game is saved.")),
            el("button", "Update now", type="button", class_="primary", data_action="apply-update"),
            el("button", "Later", type="button", data_action="dismiss-update"),
        ]
    )


def render(
    ui: Ui, *, build: str = "", note: str = "", finished: Sequence[GameState] = (), unreadable: int = 0
) -> Markup:
    """The whole app's HTML for ``ui``."""
    screen = ui.screen
    if screen is Screen.SETUP:
        return setup_screen(ui.setup, ui.game)
    if screen is Screen.RULES:
        return rules_screen()
    if screen is Screen.HISTORY:
        return history_screen(finished, unreadable)
    if screen is Screen.CORRUPT:
        return corrupt_screen(ui.save_problem)
    if ui.game is not None:
        if screen is Screen.HANDOFF:
            return handoff_screen(ui.game, ui.flipped)
        if screen is Screen.TABLE:
            return table_screen(ui)
        if screen is Screen.HAND_OVER:
            return hand_over_screen(ui.game, ui.flipped)
        if screen is Screen.GAME_OVER:
            return game_over_screen(ui.game)
    return home_screen(ui, build, note, len(finished))
