"""When a browser or its page goes away mid-test, the test says so at once, and runs once more.

WebKit's page crashed once on CI, in the middle of test_phone_table: every later
command met an invalid session, and the test waited out its 60 s before failing on
"still false".  Chromium's page crashed once too, as the app started ("Target
crashed", in test_computers).  Now a WebKit session that is no more, a Chromium
page that crashed, or a Firefox whose page crashed or whose process ended, raises
``EngineGoneError`` at once (WebKit's with what MiniBrowser last said), and every
browser test (``once_more_if_gone``) runs once more on a new
browser after such an error or Playwright's "Target crashed" or "Page crashed"; any other failure
still fails the first time.
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from support.browser.driving import LocalServer
from support.browser.engines import (
    Chromium,
    Engine,
    EngineError,
    EngineGoneError,
    Firefox,
    WebKit,
    require,
)

pytest_plugins = ("pytester",)


def descendants(pid: int) -> dict[int, str]:
    """Every process below ``pid``, with its name."""
    children: dict[int, list[int]] = {}
    names: dict[int, str] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:  # it ended while we looked
            continue
        name = stat[stat.index("(") + 1 : stat.rindex(")")]
        parent = int(stat[stat.rindex(")") + 2 :].split()[1])
        names[int(entry.name)] = name
        children.setdefault(parent, []).append(int(entry.name))
    found: dict[int, str] = {}
    todo = list(children.get(pid, []))
    while todo:
        child = todo.pop()
        found[child] = names[child]
        todo += children.get(child, [])
    return found


@pytest.fixture
def webkit(display: str, locales: Path) -> WebKit:
    require("webkit")
    return WebKit(display, locales)


@pytest.fixture
def firefox(server: LocalServer) -> Iterator[Firefox]:
    """Firefox on the app's page, ready to be asked something."""
    require("firefox")
    engine = Firefox()
    try:
        engine.open(server.url)
        assert engine.run("() => 6 * 7") == 42
        yield engine
    finally:
        engine.close()  # also when it went away: it must not raise


def assert_gone_at_once(engine: Engine, match: str) -> None:
    """The next wait on ``engine`` fails at once with EngineGoneError matching ``match``:
    a wait that took the gone browser for a slow page would run out its 60 s and raise a
    plain EngineError."""
    began = time.monotonic()
    with pytest.raises(EngineGoneError, match=match):
        engine.wait_until("() => false", timeout=60)
    assert time.monotonic() - began < 30
    assert engine.gone


def test_a_webkit_whose_page_crashed_is_gone_at_once(webkit: WebKit, server: LocalServer) -> None:
    try:
        webkit.open(server.url)
        assert webkit.run("() => 6 * 7") == 42
        below = descendants(webkit.driver_pid)
        pages = [pid for pid, name in below.items() if name.startswith("WebKitWebProc")]
        assert pages, "MiniBrowser's web process is found"
        for pid in pages:
            os.kill(pid, signal.SIGKILL)
        assert_gone_at_once(webkit, "webkit: the browser went away")
        for _ in range(50):  # MiniBrowser writes its warning as it sees the crash
            if "WebProcess CRASHED" in webkit.last_words():
                break
            time.sleep(0.1)
        assert "WebProcess CRASHED" in webkit.last_words()
        with pytest.raises(EngineGoneError):
            webkit.click("body")
    finally:
        webkit.close()  # nothing left to quit: it must not raise
    assert not any(name == "MiniBrowser" for name in descendants(os.getpid()).values())


def test_a_chromium_page_that_crashed_is_gone_at_once(browser: Any, server: LocalServer) -> None:
    from playwright.sync_api import Error as PlaywrightError

    chromium = Chromium(browser)
    try:
        chromium.open(server.url)
        assert chromium.run("() => 6 * 7") == 42
        with pytest.raises(PlaywrightError, match="ERR_ABORTED"):
            chromium.open("chrome://crash")  # Chromium's own way to crash a page's renderer
        assert_gone_at_once(chromium, "Target crashed")
    finally:
        chromium.close()


def test_a_firefox_whose_page_crashed_is_gone_at_once(firefox: Firefox) -> None:
    pages = [pid for pid, name in descendants(firefox.bridge_pid).items() if name == "Web Content"]
    assert pages, "Firefox's content processes are found"
    for pid in pages:
        os.kill(pid, signal.SIGKILL)
    assert_gone_at_once(firefox, "firefox: evaluate: the page crashed")
    with pytest.raises(EngineGoneError):
        firefox.click("body")


def test_a_firefox_that_ended_is_gone_at_once(firefox: Firefox) -> None:
    (main,) = [pid for pid, name in descendants(firefox.bridge_pid).items() if name == "firefox-esr"]
    os.kill(main, signal.SIGKILL)
    assert_gone_at_once(firefox, "firefox: evaluate: the browser went away")


def test_a_live_firefox_still_fails_plainly(firefox: Firefox) -> None:
    with pytest.raises(EngineError) as missing_element:
        firefox.click("#no-such-thing")
    assert not isinstance(missing_element.value, EngineGoneError)
    assert not firefox.gone


def test_a_live_webkit_still_fails_plainly(webkit: WebKit, server: LocalServer) -> None:
    try:
        webkit.open(server.url)
        with pytest.raises(EngineError) as missing_element:
            webkit.click("#no-such-thing")
        assert not isinstance(missing_element.value, EngineGoneError)
        assert not webkit.gone
    finally:
        webkit.close()


def test_only_a_test_whose_browser_went_away_runs_once_more(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        """
        from support.browser.engines import EngineError, EngineGoneError, once_more_if_gone

        pytestmark = once_more_if_gone
        tries = {"once": 0, "always": 0, "other": 0, "crashed": 0, "waited": 0}

        def test_gone_once():
            tries["once"] += 1
            if tries["once"] == 1:
                raise EngineGoneError("webkit: the browser went away")

        def test_gone_always():
            tries["always"] += 1
            raise EngineGoneError("webkit: the browser went away")

        def test_other_failure():
            tries["other"] += 1
            raise EngineError("webkit: #x: no such element")

        def test_page_crashed_once():
            tries["crashed"] += 1
            if tries["crashed"] == 1:
                raise RuntimeError("Page.evaluate: Target crashed")

        def test_page_crashed_while_waited_on_once():
            tries["waited"] += 1
            if tries["waited"] == 1:
                raise RuntimeError("Page.wait_for_selector: Page crashed")

        def test_counted():
            assert tries == {"once": 2, "always": 2, "other": 1, "crashed": 2, "waited": 2}
        """
    )
    result = pytester.runpytest_inprocess("-p", "no:cacheprovider")
    outcomes = result.parseoutcomes()
    assert (outcomes["passed"], outcomes["failed"], outcomes["rerun"]) == (4, 2, 4)
