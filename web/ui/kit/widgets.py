"""The pieces every screen is built from: cards, laid groups, buttons and headers.

HTML from engine values, with no DOM, so it is tested on CPython.
"""

from __future__ import annotations

from collections.abc import Sequence

from phase10 import Card
from phase10.cards import Side
from phase10.groups import Group
from phase10.rules import GroupKind, Options, PhaseSpec, Ruleset
from phase10.view import PublicPlayer

from .examples import example_groups
from .html import NO_HTML, Markup, el, join
from .i18n import Words

__all__ = [
    "COLOR_NAMES",
    "MAIN_EDITION",
    "SYMBOLS",
    "button",
    "card_class",
    "card_face",
    "docked",
    "group_value",
    "group_view",
    "hand_card",
    "header",
    "phase_list",
    "phase_words",
    "toggle",
]

SYMBOLS = {"R": "●", "B": "■", "Y": "▲", "G": "◆"}  # a shape per colour, not only a hue
COLOR_NAMES = {"R": "red", "B": "blue", "Y": "yellow", "G": "green"}


# --- pieces --------------------------------------------------------------------------------


def card_face(card: Card, w: Words, *, value: str | None = None) -> Markup:
    """The inside of a card: its number (a Star's ★, W, S) and its colour's shape (a
    four-colour disc when any colour goes); ``value`` is what it stands for in a group."""
    mark = el("span", "↻", class_="flip-mark", aria_hidden="true") if card.flips else ""
    if card.is_skip:
        skip = el("span", w("face.skip"), class_="face")
        return join([skip, el("span", class_="sym skip-sym", aria_hidden="true")])
    if card.side is None:  # the classic Wild; its star is drawn by the CSS, as a picture
        sym = (
            el("span", value, class_="sym value")
            if value
            else el("span", class_="sym wild-sym", aria_hidden="true")
        )
        return join([el("span", w("face.wild"), class_="face"), sym])
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


def group_value(group: Group, index: int) -> str | None:
    """What a card in a group stands for beyond what it shows, briefly, in digits and
    shapes: a Star's number, and the colour of a colour run where the card leaves it free;
    a classic Wild's number, or its colour's shape in a colour group."""
    card = group.cards[index]
    if card.side is None:
        if not card.is_wild:
            return None
        if group.kind is GroupKind.COLOR:
            return SYMBOLS[group.color.value] if group.color is not None else None
        return str(group.number_at(index))
    parts = []
    if card.fixed_number is None:
        parts.append(str(group.number if group.kind is GroupKind.SET else group.start + index))
    color = group.color
    if card.fixed_color is None and group.kind.is_run and color is not None:
        parts.append(SYMBOLS[color.value])
    return "".join(parts) or None


def hand_card(
    card: Card,
    index: int,
    selected: bool,
    w: Words,
    arriving: bool = False,
    flipping: bool = False,
    *,
    drawn: bool = False,
    hinted: bool = False,
) -> Markup:
    """A card of the hand shown, a button that selects it; the card drawn this turn is
    marked "New" (and named so) until the turn ends, and a card a hint points at is
    outlined.  The mark is drawn by the CSS from ``data-new``: as text in the button it would
    be words seen but not in the card's name (the name says it, in the language's order)."""
    label = w.card(card)
    return el(
        "button",
        card_face(card, w),
        type="button",
        data_new=w("table.drawn") if drawn else None,
        class_=card_class(card)
        + (" selected" if selected else "")
        + (" arrive" if arriving else "")
        + (" flip-in" if flipping else "")
        + (" drawn" if drawn else "")
        + (" hinted" if hinted else ""),
        data_action="select",
        data_value=str(index),
        aria_pressed="true" if selected else "false",
        aria_label=w("table.drawn_card", card=label) if drawn else label,
        data_card=str(card),
    )


def group_view(
    group: Group,
    seat: int,
    index: int,
    hittable: bool,
    w: Words,
    arriving: bool = False,
    *,
    new: bool = False,
    new_cards: tuple[str, ...] = (),
    hinted: bool = False,
) -> Markup:
    """A laid group; each Wild shows what it stands for.  A group laid since the viewer's
    turn is marked ``new``, and so are the cards (in notation) others have added to it.
    A group the selected card can go on (``hittable``) or a hint points at (``hinted``) is
    brought into view when it is off screen (``data-reveal``, see ``scrolling``)."""
    cards = []
    marked = list(new_cards)
    for i, card in enumerate(group.cards):
        added = str(card) in marked
        if added:
            marked.remove(str(card))
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
                card_face(card, w, value=value),
                class_=card_class(card) + " small" + stands_as + (" new" if added else ""),
                role="img",
                aria_label=w.card(card, w.stands_for(group, i) if value else None),
                data_card=str(card),
            )
        )
    classes = (
        "group"
        + (" hittable" if hittable else "")
        + (" arrive" if arriving else "")
        + (" new" if new else "")
        + (" hinted" if hinted else "")
    )
    reveal = hittable or hinted
    count = w("group.count", count=len(group.cards))
    if hittable:
        # Named by what it shows, so that a voice command saying its name finds it.
        return el(
            "button",
            el("span", w.group(group), el("span", count, class_="visually-hidden"), class_="group-name"),
            el("span", *cards, class_="group-cards"),
            type="button",
            data_action="hit",
            data_value=f"{seat}:{index}",
            class_=classes,
            data_reveal=reveal,
        )
    name = el("span", w.group(group), class_="group-name", aria_hidden="true")
    return el(
        "div",
        name,
        el("span", *cards, class_="group-cards"),
        role="group",
        class_=classes,
        aria_label=w("group.label", group=group, count=len(group.cards)),
        data_reveal=reveal,
    )


def phase_words(player: PublicPlayer, w: Words) -> str:
    """The phase a player works on; with phases in any order, until they choose, that they
    are choosing (ruling 33)."""
    if player.choosing:
        return w("table.picking")
    return w("phase.words", number=player.phase, needs=player.phase_spec)


def button(
    label: str,
    action: str,
    *,
    value: str = "",
    primary: bool = False,
    enabled: bool = True,
    danger: bool = False,
    name: str | None = None,
    field: str | None = None,
    minor: bool = False,
) -> Markup:
    """A button; ``field``: the id of the box whose text the tap carries (after ``value``
    and a colon, when it has a value); ``minor``: one of a group's lesser choices, which
    a screen may set side by side."""
    kind = "primary" if primary else "danger" if danger else None
    classes = " ".join(part for part in (kind, "minor" if minor else None) if part)
    return el(
        "button",
        label,
        type="button",
        class_=classes or None,
        data_action=action,
        data_value=value or None,
        data_field=field,
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


def header(
    w: Words, title: str, *, back: bool = False, home: bool = False, notice: Markup = NO_HTML
) -> Markup:
    """A screen's title bar, which stays at the top as the page scrolls; a ``notice`` in it
    stays in view with it (what a button far down the page did)."""
    items: list[Markup] = []
    if back:
        items.append(button(w("button.back"), "back"))
    if home:
        items.append(button(w("button.home"), "home"))
    buttons = el("div", *items, class_="bar-buttons")
    return el("header", el("h1", title, tabindex="-1"), buttons, notice, class_="bar")


def docked(body: list[Markup | str], dock: Markup) -> Markup:
    """A screen whose main button stays at the bottom, beside what scrolls rather than over
    it: nothing it holds (a sheet's last rows) ever lies under the button."""
    return el(
        "div",
        el("div", *body, class_="docked-body", data_scroll="screen"),
        el("div", dock, class_="docked-dock"),
        class_="docked",
    )


# The edition a table plays unless it chooses another: the one the screens show first.
MAIN_EDITION = Options().ruleset()


def phase_list(
    w: Words, rules: Ruleset, phases: Sequence[PhaseSpec] | None = None, *, drawn: bool = False
) -> Markup:
    """The phases in words, numbered: the edition's, or ``phases``, a table's own list;
    ``drawn``: each with a lay-down that makes it, in the app's cards."""
    shown = rules.phases if phases is None else phases
    items = [
        el(
            "li",
            el("span", str(p.number), class_="phase-number"),
            el("span", w.phase(p), phase_picture(p, rules, w), class_="phase-words") if drawn else w.phase(p),
        )
        for p in shown
    ]
    return el("ol", *items, class_="phase-list", data_edition=rules.name)


def phase_picture(spec: PhaseSpec, rules: Ruleset, w: Words) -> Markup:
    """A lay-down that makes ``spec``, drawn with the app's cards, group by group; a picture
    only (the phase's words say the same), and nothing where no example is found."""
    groups = example_groups(spec, rules)
    if groups is None:
        return NO_HTML
    drawn = [
        el(
            "span",
            *[el("span", card_face(card, w), class_=card_class(card) + " small") for card in group.cards],
            class_="picture-group",
        )
        for group in groups
    ]
    return el("span", *drawn, class_="phase-picture", aria_hidden="true")


def choice(
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
