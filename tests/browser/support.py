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
