"""Fixtures for end-to-end tests: the built site, a local server that can be
stopped, and Debian's Chromium driven by Playwright (test_every_engine.py also
launches Firefox and WebKit, through support/browser/engines.py).

Every context records the requests its pages make, and a test fails if any goes
to another origin.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import build
import pytest

from support.browser import chromium
from support.browser.driving import BOOT_WAIT, LocalServer, RequestLog
from support.browser.engines import compile_locales, once_more_if_gone, virtual_display

if TYPE_CHECKING:
    from playwright.sync_api import (
        Browser,
        BrowserContext,
        Page,
        Playwright,
        ViewportSize,
    )

CHROMIUM = Path(chromium.CHROMIUM)
CHROMIUM_ARGS = list(chromium.CHROMIUM_ARGS)
PHONE: ViewportSize = {"width": 390, "height": 844}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if Path(str(item.fspath)).is_relative_to(Path(__file__).parent):
            item.add_marker(pytest.mark.browser)
            item.add_marker(once_more_if_gone)


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The app, built once for the session."""
    out = tmp_path_factory.mktemp("site") / "dist"
    build.build(out)
    return out


@pytest.fixture(scope="session")
def display() -> Iterator[str]:
    """A virtual X display for WebKit's MiniBrowser, one for the session."""
    with virtual_display() as name:
        yield name


@pytest.fixture(scope="session")
def locales(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The C locales WebKit takes its language from, compiled once for the session."""
    return compile_locales(tmp_path_factory.mktemp("locales"))


@pytest.fixture
def server(site: Path) -> Iterator[LocalServer]:
    local = LocalServer(site)
    local.start()
    yield local
    local.stop()


@pytest.fixture(scope="session")
def playwright_instance() -> Iterator[Playwright]:
    if not CHROMIUM.exists():
        if os.environ.get("CI") == "true":
            pytest.fail("Debian's chromium is missing: tests/run.py installs it")
        pytest.skip("Debian's chromium is not installed")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def browser(playwright_instance: Playwright) -> Iterator[Browser]:
    chromium = playwright_instance.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
    yield chromium
    chromium.close()


@pytest.fixture
def requests() -> RequestLog:
    return RequestLog()


@pytest.fixture
def context(
    browser: Browser, server: LocalServer, requests: RequestLog, request: pytest.FixtureRequest
) -> Iterator[BrowserContext]:
    """A fresh phone-sized browser context; no request may leave the local origin."""
    marker = request.node.get_closest_marker("locale")
    locale = marker.args[0] if marker else "en-US"
    ctx = browser.new_context(
        viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True, locale=locale
    )
    ctx.set_default_navigation_timeout(BOOT_WAIT)  # a reload or goto also starts the app
    requests.follow(ctx)
    yield ctx
    ctx.close()
    assert requests.foreign() == [], "requests left the app's origin"
    assert requests.errors == [], "every file the app asks for exists"
    if request.node.get_closest_marker("page_errors_expected") is None:
        assert requests.problems == [], "no page error, unhandled rejection or Python exception"


@pytest.fixture
def page(context: BrowserContext) -> Page:
    return context.new_page()
