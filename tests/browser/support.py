"""Helpers for the end-to-end tests (fixtures live in conftest.py)."""

from __future__ import annotations

from typing import Any

READY = "html[data-app-ready='1']"

# Installed before any page script: records CSP violations and uncaught errors.
WATCH_PAGE = """
window.__problems = [];
document.addEventListener('securitypolicyviolation', (e) =>
  window.__problems.push(`CSP ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
window.addEventListener('error', (e) => window.__problems.push(`error ${e.message}`));
window.addEventListener('unhandledrejection', (e) => window.__problems.push(`rejection ${e.reason}`));
"""


def open_app(page: Any, url: str, timeout: float = 60_000) -> None:
    page.goto(url)
    wait_ready(page, timeout)


def wait_ready(page: Any, timeout: float = 60_000) -> None:
    page.wait_for_selector(READY, state="attached", timeout=timeout)


def wait_for_controller(page: Any, timeout: float = 30_000) -> None:
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=timeout)


def page_problems(page: Any) -> list[str]:
    return list(page.evaluate("() => window.__problems || []"))


def renders(page: Any) -> int:
    return int(page.evaluate("() => Number(document.documentElement.dataset.renders || 0)"))


def tap(page: Any, event: Any) -> None:
    """Make one UI event by tapping what the screen shows for it, and wait for the new screen."""
    before = renders(page)
    if event.name in ("select", "choose"):
        selector = f"[data-action={event.name}][data-value='{event.value}']"
    elif event.name == "hit":
        selector = f"[data-action=hit][data-value='{event.value}']"
    else:
        selector = f"[data-action='{event.name}']"
    page.locator(selector).first.click()
    page.wait_for_function(f"() => Number(document.documentElement.dataset.renders) > {before}")


def shown_cards(page: Any, selector: str) -> list[str]:
    return list(page.eval_on_selector_all(f"{selector} [data-card]", "els => els.map(e => e.dataset.card)"))


def every_card_on_page(page: Any) -> list[str]:
    return list(page.eval_on_selector_all("[data-card]", "els => els.map(e => e.dataset.card)"))


def put_saved_game(page: Any, url: str, text: str) -> None:
    """Store ``text`` as the saved game (the page must be on the app's origin), then reopen the app."""
    page.evaluate("(text) => localStorage.setItem('ten-phases/game', text)", text)
    page.goto(url)
    wait_ready(page)
