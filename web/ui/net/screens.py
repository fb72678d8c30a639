"""The screens of a game on several phones (issue 38): on the phone that runs the game, who
plays on which phone, with the codes that pair a phone to a seat; on a joining phone, the
host's code typed in and this phone's answer shown."""

from __future__ import annotations

from phase10.rules import PERSON

from ..kit.html import Markup, el, join
from ..kit.i18n import Words
from ..kit.widgets import button, header
from ..saves.screens import notice
from ..state import Link, Ui

__all__ = ["SCANNER", "code_box", "code_shown", "join_screen", "phones_screen", "scanner", "spaced"]

# A code is shown in groups of this many characters, to read out or type in parts; the
# groups' spaces are forgiven when it is read back (``pairing.read_code``).
GROUP = 4


def spaced(code: str) -> str:
    """``code`` in groups of four, for reading aloud or typing."""
    return " ".join(code[at : at + GROUP] for at in range(0, len(code), GROUP))


def code_shown(code: str, label: str) -> Markup:
    """A code to pass to the other phone: as a QR code (drawn by the page into ``data-qr``
    once segno is loaded: ``shell/app``) and as text, labelled by the element ``label``."""
    return join(
        [
            el("div", "", class_="qr", data_qr=code, aria_hidden="true"),
            el("output", spaced(code), class_="pair-code", data_code=code, aria_labelledby=label),
        ]
    )


def code_box(label: str, box: str, w: Words) -> Markup:
    """A labelled box for the other phone's code, typed or pasted (``box``: its id, which
    the button that sends it names as its ``field``), or scanned: Scan the code opens the
    camera (``net.scanning``). The page shows that button only where the browser has a
    camera to ask for (``html[data-camera]``: ``shell/camera``)."""
    return join(
        [
            el(
                "div",
                el("label", label, for_=box),
                button(w("net.scan"), "scan-code", value=box),
                class_="code-box-head",
            ),
            el(
                "textarea",
                "",
                id=box,
                rows="3",
                autocomplete="off",
                autocapitalize="characters",
                spellcheck="false",
                class_="code-box",
            ),
        ]
    )


def phones_screen(ui: Ui, w: Words) -> Markup:
    """Each seat of the game: played on this phone, on its own phone, or waiting for one."""
    game = ui.game
    assert game is not None
    links = {link.seat: link for link in ui.links}
    seats = [
        _seat(seat, name, game.config.kinds[seat], links.get(seat), w)
        for seat, name in enumerate(game.config.players)
    ]
    return join(
        [
            header(w, w("net.phones_title"), back=True, notice=notice(ui.message, w)),
            el(
                "section",
                el("p", w("net.phones_intro")),
                el("ul", *seats, class_="phone-seats"),
                class_="card-panel",
            ),
        ]
    )


def _seat(seat: int, name: str, kind: str, link: Link | None, w: Words) -> Markup:
    title = el("h2", name, class_="phone-seat-name")
    if kind != PERSON:
        return el("li", title, el("p", w("net.computer_seat")), class_="phone-seat")
    if link is None:
        return el(
            "li",
            title,
            el("p", w("net.on_this_phone")),
            button(w("net.join_with_phone"), "link-phone", value=str(seat)),
            class_="phone-seat",
        )
    if link.lost:
        return el(
            "li",
            title,
            el("p", "⚠ " + w("net.phone_not_connected", name=name), class_="phone-lost"),
            el(
                "div",
                button(w("net.rejoin_code"), "link-phone", value=str(seat), primary=True),
                button(w("net.play_here"), "unlink-phone", value=str(seat)),
                button(w("net.computer_plays"), "computer-seat", value=str(seat)),
                class_="row",
            ),
            class_="phone-seat lost",
            data_open_at=True,  # the seat that needs the player is in view as the screen opens
        )
    if link.open:
        return el(
            "li",
            title,
            el("p", "✓ " + w("net.on_own_phone"), class_="phone-linked"),
            button(w("net.play_here"), "unlink-phone", value=str(seat)),
            class_="phone-seat linked",
        )
    box = f"answer-{seat}"
    return el(
        "li",
        title,
        el("p", w("net.waiting_phone"), class_="phone-waiting"),
        el("p", w("net.show_code", name=name), id=f"offer-{seat}-label"),
        code_shown(link.code, f"offer-{seat}-label"),
        code_box(w("net.their_code", name=name), box, w),
        el(
            "div",
            button(w("net.connect"), "accept-phone", value=str(seat), primary=True, field=box),
            button(w("net.stop_waiting"), "unlink-phone", value=str(seat)),
            class_="row",
        ),
        class_="phone-seat waiting",
    )


def join_screen(ui: Ui, w: Words) -> Markup:
    """The host's code typed in; then this phone's answer, for the host to type."""
    joined = ui.joined
    answer = joined.code if joined is not None else ""
    parts: list[Markup | str] = [el("p", w("net.join_intro"))]
    if answer:
        parts += [
            el("p", w("net.show_host"), id="answer-label"),
            code_shown(answer, "answer-label"),
            el("p", w("net.waiting_host"), class_="phone-waiting", role="status"),
            el("div", button(w("net.join_again"), "join-again"), class_="row"),
        ]
    else:
        parts += [
            code_box(w("net.host_code"), "host-code", w),
            el("div", button(w("net.join"), "join-code", primary=True, field="host-code"), class_="row"),
        ]
    return join(
        [
            header(w, w("net.join_title"), back=True, notice=notice(ui.message, w)),
            el("section", *parts, class_="card-panel join-table"),
        ]
    )


# The camera's view: its id, and its parts the page fills in (``shell/camera``).
SCANNER = "scanner"


def scanner(w: Words) -> Markup:
    """The camera's view, opened by Scan the code over the screen as a modal dialog (the
    page puts it beside the app, so a render under it leaves the camera running): the
    camera's picture in a frame, what the page is doing, and Cancel. The page adds the
    picture, and shows the line that says a QR code found is not a pairing code."""
    return el(
        "dialog",
        el("h2", w("net.scan_title"), id="scanner-title"),
        el(
            "div",
            el("video", "", muted=True, playsinline=True, aria_hidden="true"),
            class_="scanner-frame",
        ),
        el(
            "div",
            el("p", w("net.scan_hint")),
            el(
                "div",
                el("p", w("net.scan_looking"), class_="scanner-looking"),
                el("p", w("net.scan_not_ours"), class_="scanner-not-ours", hidden=True),
                class_="scanner-status",
                role="status",
            ),
            el("div", button(w("button.cancel"), "stop-scan"), class_="row"),
            class_="scanner-words",
        ),
        id=SCANNER,
        class_="scanner",
        aria_labelledby="scanner-title",
    )
