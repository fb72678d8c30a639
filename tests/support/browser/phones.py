"""Two phones at one table (issue 38), driven in Chromium by the end-to-end tests and
benchmarks/phones.py: the host's phone deals and links a seat; the other phone joins by
the text codes alone, typed as a person would when no camera can be used."""

from __future__ import annotations

from typing import Any

from ui.net.pairing import Candidate, Role, read_code
from ui.net.screens import spaced
from ui.state import Event

from support.browser.driving import open_app, renders, start_game, tap
from support.web.tour import pairing_code

__all__ = [
    "code_on",
    "dealt_and_linked",
    "joined",
    "seated_by",
    "type_and_tap",
    "unreachable_answer",
    "unreachable_offer",
]


def code_on(page: Any) -> str:
    """The pairing code the page shows, once it does."""
    page.wait_for_selector(".pair-code[data-code]", timeout=15_000)
    return str(page.locator(".pair-code").first.get_attribute("data-code"))


def type_and_tap(page: Any, box: str, event: Event, text: str) -> None:
    """Type ``text`` into ``box`` and tap ``event``'s control; wait for the render."""
    page.fill(box, text)
    before = renders(page)
    page.locator(f"[data-action={event.name}]").first.click()
    page.wait_for_function(f"() => Number(document.documentElement.dataset.renders) > {before}")


def dealt_and_linked(host: Any, url: str, names: tuple[str, ...], seed: str, seat: int) -> str:
    """The host deals, opens Phones at the table and asks for a code for ``seat``: the code."""
    start_game(host, url, names, "first-to-n", "1", seed=seed)
    if host.locator("[data-action=reveal]").count():
        tap(host, Event("reveal"))
    tap(host, Event("menu"))
    tap(host, Event("phones"))
    tap(host, Event("link-phone", str(seat)))
    return code_on(host)


def joined(host: Any, phone: Any, url: str, offer: str, seat: int, qr: bool = True) -> None:
    """The phone joins by ``offer``, typed in groups as read out; the host types the answer
    back (in lower case: it still reads); both wait until the phone shows its table.
    ``qr``: check that the phone draws its answer as a QR code too."""
    open_app(phone, url)
    seated_by(host, phone, offer, seat, qr)


def seated_by(host: Any, phone: Any, offer: str, seat: int, qr: bool = False) -> None:
    """The phone, open, taps Join a table (or, having lost the host, Rejoin the table) and
    is seated by ``offer`` as ``joined`` says."""
    tap(phone, Event("join-table"))
    type_and_tap(phone, "#host-code", Event("join-code"), spaced(offer))
    answer = code_on(phone)
    if qr:
        phone.wait_for_selector(".qr svg", timeout=30_000)
    host.fill(f"#answer-{seat}", answer.lower())
    host.locator("[data-action=accept-phone]").click()
    host.wait_for_selector(".phone-linked", timeout=15_000)
    phone.wait_for_selector("html[data-screen=table] .hand [data-card]", timeout=15_000)


def unreachable_answer(offer: str) -> str:
    """An answer to ``offer`` from where no phone can be reached (an address of the range
    kept for documentation, RFC 5737), as when a network keeps phones apart."""
    return pairing_code(Role.ANSWER, read_code(offer).token, (Candidate("192.0.2.1", 9),))


def unreachable_offer() -> str:
    """A host's code from where no phone can be reached, as ``unreachable_answer``."""
    return pairing_code(Role.OFFER, bytes(range(8)), (Candidate("192.0.2.1", 9),))
