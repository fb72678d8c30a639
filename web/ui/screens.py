"""The screens, as HTML built from engine values.  No DOM here, so it is tested on CPython.

The table is drawn from ``view(game, seat)`` of the one player whose hand is
shown (``controller.viewer``), so the page never receives another player's hand;
while computer players move at a table of several people, no hand is shown.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from phase10 import Action, Card, Discard, Draw, GameState, Hit, LayDown, Step, TakeDiscard
from phase10.cards import parse_cards
from phase10.rules import (
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
    SPEEDS,
    WAYS,
    Move,
    Prompt,
    Screen,
    SetupForm,
    Ui,
    can_lay,
    closing,
    computer_turn,
    default_name,
    discard_options,
    hit_options,
    legal,
    selected_cards,
    shown_hand,
    since_turn,
    viewer,
    watchers,
)
from .html import Markup, el, join
from .i18n import LANGUAGES, Text, Words, pick_language, words
from .keeping_screens import corrupt_screen, games_fieldset, notice, restore_screen
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
from .sheets import PastGame, game_over_screen, hand_over_screen, history_screen

__all__ = ["announcement", "card_class", "render", "update_banner"]

# --- home, set-up, rules -------------------------------------------------------------------


def home_screen(ui: Ui, w: Words, build: str, note: str, finished: int) -> Markup:
    """The first screen: New game, Continue, Rules, Past games, Settings, and the options."""
    variations = [info.key for info in OPTION_CATALOGUE if info.kind == "variation"]
    rules = [info.key for info in OPTION_CATALOGUE if info.kind == "rule"]
    actions = [
        button(w("home.play_computer"), "new-game", value="computer", primary=not ui.can_continue),
        button(w("home.new_game"), "new-game"),
    ]
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


def settings_screen(ui: Ui, w: Words, reduced_motion: bool = False) -> Markup:
    """The phone's settings: the language (the browser's, or one chosen), large type,
    sounds, and how fast computer players move."""
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
    speeds = [
        _choice("speed", key, ui.settings.speed == key, w(f"speed.{key}"), "", change="speed")
        for key in SPEEDS
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
            *[
                el("option", str(n), value=str(n), selected=n == form.phases_to_win)
                for n in range(1, len(form.options().base_sequence()) + 1)
            ],
            name="phases-to-win",
        ),
        class_="inline-field",
        hidden="first-to-n" not in form.ways,
    )
    # N is asked right under "First to N phases", the way it belongs to.
    ways = [join([_way(key, key in form.ways, w), phases if key == "first-to-n" else ""]) for key in WAYS]
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


def _way(key: str, checked: bool, w: Words) -> Markup:
    """A way to play, as a switch: they combine."""
    return el(
        "label",
        el("input", type="checkbox", name="way", value=key, checked=checked, data_change="setup-change"),
        el("span", el("strong", w(f"option.{key}.title")), el("small", w(f"option.{key}.summary"))),
        class_="choice",
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
    return join([header(w, w("rules.title"), back=True), how_to_play(w), reference, *sections, flip])


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


# --- the table -----------------------------------------------------------------------------
#
# A phone card table: a turn bar at the top, the table (other players, piles, the moves
# since your turn, your groups) scrolling in the middle, and a dock at the bottom with
# your hand and the turn's buttons, which never scroll away.


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
    if closing(ui):
        return closing_screen(ui, w)
    if seat is None:
        return open_table_screen(ui, w)
    game = ui.game
    seen = view(game, seat)
    legal_now = legal(ui)
    hits = hit_options(ui)
    hittable = {(h.player, h.group) for h in hits}
    others = [p for p in _seats_after(seen) if p.in_hand]
    seats = watchers(ui)
    moves = since_turn(ui, seats)
    marks = table_marks(moves, seats)
    hand = shown_hand(ui)
    fresh = ui.fresh.removeprefix("card:") if ui.fresh.startswith("card:") else None
    arriving = _position(hand, fresh)
    drawn = _position(hand, ui.drawn) if game.current == seat else -1
    flipping = bool(ui.flipped)
    mine = turn_is_mine(ui)
    area = el(
        "div",
        el("div", piles(seen, legal_now, w, flipping), moves_panel(ui, moves, w), class_="centre"),
        flip_status(ui, w),
        my_groups(ui, seen, hittable, marks, w),
        players_section(others, hittable, ui, w, w("table.other_players"), marks),
        class_="table-area",
    )
    cards = [
        hand_card(card, i, i in ui.selected, w, i == arriving, flipping, drawn=i == drawn)
        for i, card in enumerate(hand)
    ]
    dock = el(
        "div",
        ticker(moves, w),
        el("p", w.say(ui.message), class_="message", role="alert") if ui.message else "",
        el(
            "section",
            el(
                "div",
                el("span", w("table.hand", count=len(hand)), class_="hand-title"),
                toggle(
                    w("table.sort_number"), "sort", "number", ui.sort == "number", w("table.sort_number_name")
                ),
                toggle(
                    w("table.sort_color"), "sort", "color", ui.sort == "color", w("table.sort_color_name")
                ),
                class_="hand-bar",
            ),
            el("div", *cards, class_="hand", role="group", aria_label=w("table.hand_name")),
            action_bar(ui, bool(hits), w),
            class_="my-hand",
        ),
        class_="dock",
    )
    return el(
        "div",
        turn_bar(ui, w, seen.me.name),
        area,
        dock,
        prompt_panel(ui.prompt, seen, w) if ui.prompt else "",
        class_="table-screen" + (" my-turn" if mine else ""),
    )


def turn_is_mine(ui: Ui) -> bool:
    """Whether the hand on show is the player's to move."""
    assert ui.game is not None
    return not computer_turn(ui.game) and ui.game.step in (Step.DRAW, Step.PLAY)


def _position(hand: Sequence[Card], notation: str | None) -> int:
    """Where a card (in notation) sits in the hand as shown; -1 when it is not there."""
    return next((i for i, card in enumerate(hand) if str(card) == notation), -1) if notation else -1


def turn_bar(ui: Ui, w: Words, name: str) -> Markup:
    """Whose turn it is, at the top of the table: the player's own, or who is playing."""
    assert ui.game is not None
    game = ui.game
    if closing(ui):
        state, title = "", w("table.hand_end", number=game.hand_number)
    elif turn_is_mine(ui):
        state, title = w("table.your_turn"), w("table.title", number=game.hand_number, name=name)
    else:
        state = w("table.is_playing", name=game.player.name)
        title = w("table.title", number=game.hand_number, name=name)
    return el(
        "header",
        el("h1", title, tabindex="-1"),
        el(
            "div",
            button(w("home.rules"), "rules"),
            button(w("button.home"), "home"),
            class_="bar-buttons",
        ),
        el("p", state, class_="turn-state" + (" mine" if turn_is_mine(ui) else "")) if state else "",
        class_="bar turn-bar",
    )


def my_groups(ui: Ui, seen: PlayerView, hittable: set[tuple[int, int]], marks: Marks, w: Words) -> Markup:
    """The viewer's phase, points and laid groups."""
    groups = laid_groups(ui, seen.me, hittable, marks, w)
    return el(
        "section",
        el(
            "h2",
            phase_words(seen.me, w),
            el("span", w("table.my_score", score=seen.me.score), class_="my-score"),
            class_="my-phase",
        ),
        el("div", *groups, class_="groups mine", role="group", aria_label=w("table.my_groups"))
        if groups
        else "",
        class_="me",
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
    seats = watchers(ui)
    moves = since_turn(ui, seats)
    marks = table_marks(moves, seats)
    return el(
        "div",
        el(
            "header",
            el("h1", w("table.title_open", number=game.hand_number, name=playing), tabindex="-1"),
            el(
                "div",
                button(w("home.rules"), "rules"),
                button(w("button.home"), "home"),
                class_="bar-buttons",
            ),
            class_="bar turn-bar",
        ),
        el(
            "div",
            el("div", piles(seen, (), w, bool(ui.flipped)), moves_panel(ui, moves, w), class_="centre"),
            flip_status(ui, w),
            players_section([p for p in order if p.in_hand], set(), ui, w, w("table.players"), marks),
            class_="table-area",
        ),
        el(
            "div",
            ticker(moves, w),
            el("p", w("table.open_hint", name=playing), class_="hint open-table"),
            class_="dock",
        ),
        class_="table-screen",
    )


def closing_screen(ui: Ui, w: Words) -> Markup:
    """The play that ended the hand, left on the table a moment before the scores: every
    hand is face down again, and who went out is named."""
    assert ui.game is not None
    game = ui.game
    record = game.history[-1]
    out = record.went_out
    seen = view(game, out if out is not None else game.current)
    order = [p for p in (seen.players[(seen.seat + i) % len(seen.players)] for i in range(len(seen.players)))]
    seats = watchers(ui)
    moves = since_turn(ui, seats)
    marks = table_marks(moves, seats)
    person_out = out is not None and game.config.kinds[out] == PERSON
    won = game.step is Step.GAME_OVER and game.winner == out
    headline = (
        w("table.went_out_won" if won else "table.went_out", name=game.players[out].name)
        if out is not None
        else w("over.nobody")
    )
    return el(
        "div",
        turn_bar(ui, w, seen.me.name),
        el(
            "div",
            el("div", piles(seen, (), w), moves_panel(ui, moves, w), class_="centre"),
            flip_status(ui, w),
            players_section(
                [p for p in order if p.in_hand], set(), ui, w, w("table.players"), marks, hand_over=True
            ),
            class_="table-area",
        ),
        el(
            "div",
            el(
                "section",
                el("h2", ("★ " if person_out else "") + headline, class_="out-name"),
                button(w("table.see_scores"), "scores", primary=True),
                class_="hand-end" + (" celebrate" if person_out else ""),
            ),
            class_="dock",
        ),
        class_="table-screen",
    )


def laid_groups(
    ui: Ui, player: PublicPlayer, hittable: set[tuple[int, int]], marks: Marks, w: Words
) -> list[Markup]:
    """A player's laid groups: lit where the selected card can go, marked where they are new."""
    return [
        group_view(
            group,
            player.seat,
            index,
            (player.seat, index) in hittable,
            w,
            _arrives(ui, player.seat, index),
            new=player.seat in marks.laid,
            new_cards=marks.added.get((player.seat, index), ()),
        )
        for index, group in enumerate(player.groups)
    ]


@dataclass(frozen=True, slots=True)
class Marks:
    """What was put on the table since the watcher's turn: the seats that laid their phase,
    and the cards (in notation) added to each group, by seat and group."""

    laid: frozenset[int] = frozenset()
    added: Mapping[tuple[int, int], tuple[str, ...]] = field(default_factory=dict)


def table_marks(moves: Sequence[Move], seats: tuple[int, ...]) -> Marks:
    """What players other than ``seats`` put on the table in ``moves`` (the watchers know
    their own)."""
    laid: set[int] = set()
    added: dict[tuple[int, int], tuple[str, ...]] = {}
    for move in moves:
        if move.seat in seats:
            continue
        if move.laid:
            laid.add(move.seat)
        if move.added is not None:
            seat, group, card = move.added
            added[(seat, group)] = (*added.get((seat, group), ()), str(card))
    return Marks(frozenset(laid), added)


def moves_panel(ui: Ui, moves: Sequence[Move], w: Words) -> Markup:
    """The moves since the watcher's turn, newest first, so the newest is always in view.
    Not a live region: the page's announcer reads each move out once (see ``announcement``)."""
    assert ui.game is not None
    items = [el("li", w.say(move.said)) for move in reversed(moves)]
    if computer_turn(ui.game):
        items.insert(0, el("li", w("table.thinking", name=ui.game.player.name), class_="thinking"))
    if not items:
        items.append(el("li", w("table.no_moves"), class_="thinking"))
    return el(
        "section",
        el("h2", w("table.since_turn"), class_="moves-title"),
        el("ol", *items, class_="narration"),
        class_="moves",
        aria_label=w("table.since_turn"),
    )


def ticker(moves: Sequence[Move], w: Words) -> Markup:
    """The newest move, on one line just above the hand."""
    if not moves:
        return Markup("")
    return el("p", w.say(moves[-1].said), class_="ticker", aria_hidden="true")


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
    players: Sequence[PublicPlayer],
    hittable: set[tuple[int, int]],
    ui: Ui,
    w: Words,
    label: str,
    marks: Marks,
    *,
    hand_over: bool = False,
) -> Markup:
    return el(
        "section",
        *[opponent(p, hittable, ui, w, marks, hand_over=hand_over) for p in players],
        class_="opponents",
        aria_label=label,
    )


def opponent(
    player: PublicPlayer,
    hittable: set[tuple[int, int]],
    ui: Ui,
    w: Words,
    marks: Marks,
    *,
    hand_over: bool = False,
) -> Markup:
    """Another player, compact: name, phase, cards and points on a line, any marks (a
    computer, playing now, a Skip waiting), then their laid groups."""
    assert ui.game is not None
    marks_shown = []
    kind = ui.game.config.kinds[player.seat]
    if player.seat == ui.game.current and ui.game.step in (Step.DRAW, Step.PLAY):
        marks_shown.append(el("span", w("table.playing"), class_="mark playing-mark"))
    if player.skip_pending:
        marks_shown.append(el("span", w("table.skip_waiting"), class_="mark skip-mark"))
    groups = laid_groups(ui, player, hittable, marks, w)
    cards = w("table.cards", count=player.hand_count)
    level = w("table.computer_mark", level=w(f"kind.{kind}")) if kind != PERSON else ""
    return el(
        "article",
        el(
            "div",
            el("strong", player.name, class_="name"),
            *marks_shown,
            class_="opponent-line",
        ),
        el(
            "div",
            el("span", w("table.phase", number=player.phase), class_="phase"),
            el("span", cards, class_="count"),
            el("span", w("table.points", score=player.score), class_="score"),
            el("span", level, class_="level") if level else "",
            class_="opponent-facts",
        ),
        backs_row(player, w, bool(ui.flipped)),
        el("div", *groups, class_="groups") if groups else "",
        class_="opponent" + (" playing" if player.seat == ui.game.current and not hand_over else ""),
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
    inset: Markup | str = ""
    if back is not None:
        # Face down, the top card shows its other side: a real face in this edition, drawn
        # small inside a card back, so it never passes for the card about to be drawn.
        inset = el(
            "span",
            el("span", w("table.other_side"), class_="inset-name", aria_hidden="true"),
            el(
                "span",
                card_face(back, w),
                class_=card_class(back) + " tiny draw-back" + turning,
                data_back=str(back),
                role="img",
                aria_label=w("table.top_back", card=back),
            ),
            class_="back-inset",
        )
    draw_face = el("span", inset, class_="card back pile-card")
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
    cards = selected_cards(ui)
    count = len(cards)
    two_sided = ui.game.config.options.ruleset().two_sided
    if count == 1 and two_sided and cards[0].flips:
        return w("table.hint.flips", side=ui.game.side.other)
    if can_hit:
        return w("table.hint.hit")
    laid = ui.game.player.has_laid
    if count == 0:
        return w("table.hint.laid" if laid else "table.hint.start")
    if count == 1:
        return w("table.hint.no_group" if laid else "table.hint.one")
    spec = ui.game.phase_spec(ui.game.current)
    if laid:
        return w("table.hint.laid_many")
    if can_lay(ui):
        return w("table.hint.makes", count=count, number=spec.number)
    return w("table.hint.needs", count=count, number=spec.number, needs=spec)


def prompt_panel(prompt: Prompt, seen: PlayerView, w: Words) -> Markup:
    """A question over the table.  Cancel is always last, at the bottom, where the button
    that opened the question was: a second tap there never confirms by mistake."""
    if prompt.kind == "lay":
        chosen = prompt.chosen
        assert isinstance(chosen, LayDown)
        groups = [group_view(g, seen.seat, i, False, w) for i, g in enumerate(chosen.groups)]
        more = (
            button(w("prompt.another", index=prompt.index + 1, count=len(prompt.options)), "lay-next")
            if len(prompt.options) > 1
            else ""
        )
        body = [
            el("h2", w("prompt.lay", number=seen.me.phase), id="prompt-title"),
            el("div", button(w("table.lay"), "confirm", primary=True), more, class_="row"),
            el("div", *groups, class_="groups"),
        ]
    elif prompt.kind == "skip":
        options = [a for a in prompt.options if isinstance(a, Discard)]
        targets = {a.target for a in options}
        waiting = [
            p.name for p in seen.players if p.in_hand and p.seat != seen.seat and p.seat not in targets
        ]
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
            el("p", w("prompt.skip_waiting", names=waiting), class_="prompt-note") if waiting else Markup(""),
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
        body = [el("h2", w("prompt.end", group=group), id="prompt-title"), el("div", *choices, class_="row")]
    return el(
        "div",
        el(
            "div",
            *body,
            el("div", button(w("button.cancel"), "cancel"), class_="cancel-row"),
            class_="prompt",
            role="dialog",
            aria_modal="true",
            aria_labelledby="prompt-title",
        ),
        class_="prompt-backdrop",
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
    ui: Ui,
    *,
    build: str = "",
    note: str = "",
    finished: Sequence[PastGame | GameState] = (),
    unreadable: int = 0,
    reduced_motion: bool = False,
) -> Markup:
    """The whole app's HTML for ``ui``, in its language."""
    w = words(ui.language)
    screen = ui.screen
    if screen is Screen.SETUP:
        return setup_screen(ui.setup, w, ui.game)
    if screen is Screen.RULES:
        return rules_screen(w)
    if screen is Screen.SETTINGS:
        return settings_screen(ui, w, reduced_motion)
    if screen is Screen.HISTORY:
        return join([notice(ui.message, w), history_screen(finished, unreadable, w)])
    if screen is Screen.CORRUPT:
        return corrupt_screen(ui, w)
    if screen is Screen.RESTORE and ui.restore is not None:
        return restore_screen(ui, w)
    if ui.game is not None:
        if screen is Screen.TABLE:
            return table_screen(ui, w)
        if screen is Screen.HANDOFF:
            return join([notice(ui.message, w), handoff_screen(ui.game, w, ui.flipped)])
        if screen is Screen.HAND_OVER:
            return join([notice(ui.message, w), hand_over_screen(ui.game, w, ui.flipped)])
        if screen is Screen.GAME_OVER:
            return join([notice(ui.message, w), game_over_screen(ui.game, w)])
    return home_screen(ui, w, build, note, len(finished))
