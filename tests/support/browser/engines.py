"""The three browser engines phones run, behind one small interface.

    Chromium  Debian's chromium, driven by Playwright (Chrome, Edge, Samsung Internet).
    Firefox   Debian's firefox-esr, driven over WebDriver BiDi by puppeteer-core, through
              firefox_bridge.mjs (Debian has no geckodriver).
    WebKit    Debian's WebKitGTK MiniBrowser (Safari's engine, as on every iPhone browser),
              driven by WebKitWebDriver through Selenium, on a virtual X display.

Each is launched on its own profile with a phone-sized window and a browser language,
and offers the same few verbs: open, reload, run (a JavaScript function, JSON in and
out), wait_until, click, fill, select.  Every engine records the page's errors,
unhandled rejections and CSP violations, and any request of the page to another
origin; ``findings`` returns them, gathered over every document the engine showed.

Where an engine's driver cannot do something, it is done another way, and said here:
- WebKitWebDriver has no BiDi: no script can run before the page's own, and there are
  no console events.  The error hooks are installed right after each navigation, while
  Pyodide is still loading (seconds before any of the app's Python runs).
- A MiniBrowser window asked for 390x844 gives a 447x806 viewport (its narrowest).
- Firefox: WebDriver's classic Refresh bypasses the service worker; puppeteer's reload
  (BiDi) does not.  WebKit reloads with ``location.reload()``.
- WebKit takes its language from the C locale: the locale is compiled into a folder of
  the run's own (``localedef``, from Debian's ``locales``) and named with LOCPATH.
"""

from __future__ import annotations

import json
import os
import queue
import subprocess
import tempfile
import threading
import time
import warnings
from abc import ABC, abstractmethod
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any

import build
import pytest

from support.browser import chromium

if TYPE_CHECKING:
    from playwright.sync_api import ViewportSize

ROOT = build.ROOT
ENGINES = ("chromium", "firefox", "webkit")

CHROMIUM = chromium.CHROMIUM
FIREFOX = "/usr/bin/firefox-esr"
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
XVFB = "/usr/bin/Xvfb"
LOCALEDEF = "/usr/bin/localedef"
LOCALES = "/usr/share/i18n/locales/es_ES"  # the sources localedef compiles
BRIDGE = Path(__file__).with_name("firefox_bridge.mjs")
PUPPETEER = ROOT / "node_modules" / "puppeteer-core"

PHONE: ViewportSize = {"width": 390, "height": 844}
MOST_TOOLBAR = 200  # px: MiniBrowser's toolbar is about 50; more means a resize under way
# WebKitGTK boots Pyodide in 6-16 s here, several times Chromium's: waits are generous.
BOOT_TIMEOUT = 180.0
# web/interpreter.js says what became of its memory snapshot once it knows: restored,
# stored, failed, or none (a start with the stock library, which makes none).
SNAPSHOT_SETTLED = "() => document.documentElement.dataset.snapshot"

# What Python writes to the console when an exception escapes: a traceback, or asyncio's
# word for a task that failed with nobody awaiting it.  Either fails a test.
PYTHON_FAILURES = ("Traceback (most recent call last)", "Task exception was never retrieved")

# Run before the app's scripts (after navigation in WebKit): keep what goes wrong, the
# Python exceptions written to the console included (WebKit's driver has no console
# events: the console itself is watched), and the latest warnings and errors written
# there (``WARNINGS``), for a failure's message.
HOOKS = """(() => {
  if (window.__problems) return;
  window.__problems = [];
  window.__warnings = [];
  document.addEventListener("securitypolicyviolation", (e) =>
    window.__problems.push(`CSP ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
  window.addEventListener("error", (e) => window.__problems.push(`error ${e.message}`));
  window.addEventListener("unhandledrejection", (e) => window.__problems.push(`rejection ${e.reason}`));
  const failures = FAILURES;
  for (const name of ["error", "warn", "log", "info", "debug"]) {
    const write = console[name].bind(console);
    console[name] = (...args) => {
      const said = args.map(String).join(" ");
      if (failures.some((words) => said.includes(words)))
        window.__problems.push(`python ${said.slice(0, 2000)}`);
      if (name === "warn" || name === "error")
        window.__warnings = [...window.__warnings.slice(-19), said.slice(0, 500)];
      write(...args);
    };
  }
})()""".replace("FAILURES", json.dumps(PYTHON_FAILURES))

# The current document's latest console warnings and errors (since the hooks went in).
WARNINGS = "() => window.__warnings ?? ['the error hooks were not installed']"

# What a document saw go wrong, and any resource it fetched from another origin.
FINDINGS = """() => {
  const local = (url) => url.startsWith(location.origin) || /^(data|blob):/.test(url);
  return {
    problems: window.__problems ?? ["the error hooks were not installed"],
    foreign: performance.getEntriesByType("resource").map((e) => e.name).filter((url) => !local(url)),
  };
}"""

LANGUAGES = {"en-US": ("en-US", "en"), "es-ES": ("es-ES", "es")}


class EngineError(Exception):
    """The driver could not do what was asked (a timeout, a missing element, a crash)."""


class EngineGoneError(EngineError):
    """The browser itself went away (its page crashed, or its process ended): nothing more
    can be asked of it.  Each engine tells this apart: WebKit's driver, Chromium's page and
    Firefox's bridge (a crash of WebKit's page and of Chromium's has been seen on CI); the
    tests marked ``once_more_if_gone`` then run once more."""


# What Playwright says when a page's renderer crashed (Chromium's, in the Playwright tests):
# "Target crashed" to a command sent to the page, "Page crashed" to a wait the crash ended
# (seen on 2026-12-01, Chromium 156, as test_phones_on_a_network's phone opened the app).
PAGE_CRASHED = ("Target crashed", "Page crashed")

# Every browser test carries this (tests/browser/conftest.py): a test whose browser or page
# went away runs once more, on a new one; a failure of any other kind does not, and the
# run's summary counts the rerun.
once_more_if_gone = pytest.mark.flaky(reruns=1, only_rerun=[EngineGoneError, *PAGE_CRASHED])


class Engine(ABC):
    """One browser with one page, on a fresh profile unless told otherwise."""

    name: str
    version: str

    def __init__(self) -> None:
        self._problems: list[str] = []
        self._foreign: list[str] = []
        self.gone = False  # set once the browser has gone away (EngineGoneError)

    # --- what the tests use ------------------------------------------------------------

    def open(self, url: str) -> None:
        """Go to ``url`` and wait for its document to load (not for the app to be ready)."""
        self._gather()
        self._navigate(url)

    def reload(self, *, settle: bool = True) -> None:
        """Reload the page as a person would: through the service worker, if one controls it.

        First, unless ``settle`` is false, wait for what a start leaves running beside the
        ready app: the service worker installing, then the snapshot worker
        (web/snapshot.js, which loads Python through the service worker).  A reload that
        cuts the snapshot worker off is reported by Firefox as a page error ("A
        ServiceWorker intercepted the request and encountered an unexpected error"): two
        tests lost that race now and then until each was given this wait by hand, and a
        third lost it on CI.  And WebKit never finishes installing a worker cut off."""
        if settle:
            self.settle()
        self._gather()
        self._reload()

    @abstractmethod
    def run(self, script: str, arg: Any = None) -> Any:
        """Call the JavaScript function ``script`` with ``arg`` in the page; its (awaited)
        result comes back through JSON."""

    def wait_until(self, script: str, arg: Any = None, timeout: float = 60.0) -> Any:
        """Call ``script`` until it returns something truthy, and return that."""
        deadline = time.monotonic() + timeout
        last_error = ""
        while True:
            try:
                value = self.run(script, arg)
                if value:
                    return value
            except EngineGoneError:
                raise  # it will not come back: waiting on would only hide why
            except EngineError as error:  # a navigation under way: the page is not there yet
                last_error = f" (last error: {error})"
            if time.monotonic() > deadline:
                raise EngineError(f"{self.name}: still false after {timeout:.0f} s: {script}{last_error}")
            time.sleep(0.1)

    def wait_ready(self) -> None:
        """Until the app (or the bare benchmark page) says it is ready."""
        self.wait_until("() => document.documentElement.dataset.appReady === '1'", timeout=BOOT_TIMEOUT)

    def wait_for_worker(self) -> None:
        """Until the service worker is active and controls the page (WebKit never finishes
        installing one if the page is reloaded while it installs)."""
        self.wait_until(
            "async () => (await navigator.serviceWorker.getRegistration())?.active?.state === 'activated'",
            timeout=BOOT_TIMEOUT,
        )
        self.wait_until("() => navigator.serviceWorker.controller !== null", timeout=BOOT_TIMEOUT)

    def settle(self) -> str:
        """Until the service worker controls the page and the memory snapshot is settled;
        returns what became of the snapshot (``SNAPSHOT_SETTLED``)."""
        self.wait_for_worker()
        return str(self.wait_until(SNAPSHOT_SETTLED, timeout=BOOT_TIMEOUT))

    def resize(self, width: int, height: int) -> tuple[int, int]:
        """Make the viewport ``width`` x ``height`` CSS px, or as near as the engine allows;
        returns the viewport it has now (``innerWidth``, ``innerHeight``)."""
        raise NotImplementedError(f"{self.name}: no way to resize the viewport here")

    @abstractmethod
    def back(self) -> None:
        """The browser's own Back (not the page's history.back())."""

    @abstractmethod
    def forward(self) -> None:
        """The browser's own Forward."""

    @abstractmethod
    def click(self, selector: str) -> None:
        """A real click (a tap) on the first element matching ``selector``."""

    def follow(self, selector: str) -> None:
        """Click the link matching ``selector``, which leaves the document: its findings are
        kept, and the next document is watched as ``open``'s is."""
        self._gather()
        self._follow(selector)

    @abstractmethod
    def fill(self, selector: str, text: str) -> None: ...

    @abstractmethod
    def select(self, selector: str, value: str) -> None:
        """Choose ``value`` in the ``<select>`` matching ``selector``."""

    def findings(self) -> tuple[list[str], list[str]]:
        """The page errors and unhandled rejections (and Python exceptions written to the
        console), and the requests to other origins, of every document shown so far."""
        self._gather()
        return list(self._problems), list(self._foreign)

    def take_findings(self) -> tuple[list[str], list[str]]:
        """``findings``, forgotten once returned: for a test that causes some on purpose."""
        found = self.findings()
        self._problems.clear()
        self._foreign.clear()
        return found

    @abstractmethod
    def close(self) -> None: ...

    # --- what each engine provides -----------------------------------------------------

    @abstractmethod
    def _navigate(self, url: str) -> None: ...

    @abstractmethod
    def _reload(self) -> None: ...

    def _follow(self, selector: str) -> None:
        self.click(selector)  # the hooks go into every new document by themselves

    def _gather(self) -> None:
        """Keep the current document's findings before it goes away."""
        if not self.run("() => location.href.startsWith('http')"):
            return  # the first, blank page
        seen = self.run(FINDINGS)
        self._problems += [p for p in seen["problems"] if p not in self._problems]
        self._foreign += [url for url in seen["foreign"] if url not in self._foreign]
        self.run("() => { window.__problems = []; performance.clearResourceTimings(); }")


# --- Chromium ----------------------------------------------------------------------------


class Chromium(Engine):
    name = "chromium"

    def __init__(self, browser: Any, language: str = "en-US") -> None:
        super().__init__()
        self.version = str(browser.version)
        self._context = browser.new_context(
            viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True, locale=language
        )
        self._context.add_init_script(HOOKS)
        self._page = self._context.new_page()
        self._page.on("pageerror", lambda error: self._problems.append(f"page error: {error}"))
        self._page.on("crash", lambda _page: setattr(self, "gone", True))

    def run(self, script: str, arg: Any = None) -> Any:
        from playwright.sync_api import Error

        try:
            return self._page.evaluate(script, arg)
        except Error as error:
            first = str(error).splitlines()[0]
            if self.gone or any(words in first for words in PAGE_CRASHED):
                self.gone = True
                raise EngineGoneError(f"chromium: the page went away: {first}") from error
            raise EngineError(f"chromium: {first}") from error

    def resize(self, width: int, height: int) -> tuple[int, int]:
        self._page.set_viewport_size({"width": width, "height": height})
        return width, height

    def back(self) -> None:
        self._page.go_back()

    def forward(self) -> None:
        self._page.go_forward()

    def click(self, selector: str) -> None:
        self._page.locator(selector).first.click()

    def fill(self, selector: str, text: str) -> None:
        self._page.fill(selector, text)

    def select(self, selector: str, value: str) -> None:
        self._page.select_option(selector, value)

    def close(self) -> None:
        self._context.close()

    def _navigate(self, url: str) -> None:
        self._page.goto(url, timeout=BOOT_TIMEOUT * 1000)

    def _reload(self) -> None:
        self._page.reload(timeout=BOOT_TIMEOUT * 1000)


# --- Firefox -----------------------------------------------------------------------------


class Firefox(Engine):
    """Firefox ESR through firefox_bridge.mjs: one JSON request and answer per line."""

    name = "firefox"

    def __init__(
        self, language: str = "en-US", profile: Path | None = None, prefs: dict[str, object] | None = None
    ) -> None:
        """``prefs``: Firefox preferences of the test's own (its fake camera, say)."""
        super().__init__()
        self._process = subprocess.Popen(
            ["node", str(BRIDGE)],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self._answers: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read_answers, daemon=True).start()
        self._next_id = 0
        launch = {
            "executablePath": FIREFOX,
            "languages": list(LANGUAGES[language]),
            "viewport": PHONE,
            "hooks": HOOKS,
            "userDataDir": str(profile) if profile else None,
            "prefs": prefs or {},
        }
        self.version = str(self._call("launch", timeout=60, **launch))

    @property
    def bridge_pid(self) -> int:
        """The bridge's process, which launched Firefox (for tests that end Firefox)."""
        return self._process.pid

    def run(self, script: str, arg: Any = None) -> Any:
        return self._call("evaluate", script=script, arg=arg)

    def back(self) -> None:
        self._call("back")

    def forward(self) -> None:
        self._call("forward")

    def click(self, selector: str) -> None:
        self._call("click", selector=selector)

    def fill(self, selector: str, text: str) -> None:
        self._call("fill", selector=selector, text=text)

    def select(self, selector: str, value: str) -> None:
        self._call("select", selector=selector, value=value)

    def findings(self) -> tuple[list[str], list[str]]:
        self._problems += self._call("pageErrors")
        return super().findings()

    def close(self) -> None:
        try:
            with suppress(EngineGoneError):  # nothing left to close
                self._call("close", timeout=30)
        finally:
            try:
                self._process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self._process.kill()
                raise

    def _navigate(self, url: str) -> None:
        self._call("goto", timeout=BOOT_TIMEOUT, url=url)

    def _reload(self) -> None:
        self._call("reload", timeout=BOOT_TIMEOUT)

    def _read_answers(self) -> None:
        assert self._process.stdout is not None
        for line in self._process.stdout:
            self._answers.put(line)

    def _call(self, op: str, timeout: float = 60.0, **args: Any) -> Any:
        assert self._process.stdin is not None
        self._next_id += 1
        request = {"id": self._next_id, "op": op, "args": args}
        try:
            self._process.stdin.write(json.dumps(request) + "\n")
            self._process.stdin.flush()
            answer = json.loads(self._answers.get(timeout=timeout))
        except (OSError, queue.Empty) as error:
            if self._process.poll() is None:
                raise EngineError(f"firefox: no answer to {op} within {timeout:.0f} s") from error
            self.gone = True
            stderr = self._process.stderr.read()[-2000:] if self._process.stderr is not None else ""
            raise EngineGoneError(f"firefox: the bridge to Firefox ended, at {op}: {stderr}") from error
        if answer["id"] != self._next_id:
            raise EngineError(f"firefox: an answer to request {answer['id']}, not {self._next_id}")
        if "gone" in answer:
            self.gone = True
            raise EngineGoneError(f"firefox: {answer['gone']}")
        if "error" in answer:
            raise EngineError(f"firefox: {answer['error']}")
        return answer["value"]


# --- WebKit ------------------------------------------------------------------------------


class WebKit(Engine):
    """WebKitGTK's MiniBrowser through WebKitWebDriver (a new, ephemeral session each time)."""

    name = "webkit"

    def __init__(self, display: str, locales: Path, language: str = "en-US") -> None:
        super().__init__()
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        locale = f"{language.replace('-', '_')}.UTF-8"
        env = {**os.environ, "DISPLAY": display, "LOCPATH": str(locales), "LANG": locale, "LC_ALL": locale}
        options = Options()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        # The driver's output, and MiniBrowser's with it, is kept: when the browser goes
        # away, its last words ("WebProcess CRASHED") say how.
        handle, log = tempfile.mkstemp(prefix="webkit-", suffix=".log")
        os.close(handle)
        self._log = Path(log)
        service = Service(executable_path=WEBKIT_DRIVER, env=env, log_output=log)
        with warnings.catch_warnings():
            # Selenium 4.51's WebKitGTK class makes the deprecated call itself.
            warnings.filterwarnings("ignore", "setting remote_server_addr", DeprecationWarning)
            self._driver = webdriver.WebKitGTK(options=options, service=service)
        self.version = str(self._driver.capabilities.get("browserVersion", ""))
        self._driver.set_script_timeout(BOOT_TIMEOUT)
        self._driver.set_window_rect(width=PHONE["width"], height=PHONE["height"])

    @property
    def driver_pid(self) -> int:
        """WebKitWebDriver's process: MiniBrowser and its web processes descend from it."""
        return int(self._driver.service.process.pid)

    def run(self, script: str, arg: Any = None) -> Any:
        with self._driving():
            return self._driver.execute_script(f"return ({script})(arguments[0]);", arg)

    def resize(self, width: int, height: int) -> tuple[int, int]:
        """MiniBrowser's window is never narrower than 447 px (its toolbar), and the toolbar
        takes part of its height: the window is made taller by that much, so the height is
        exact, but a viewport narrower than 447 px cannot be had."""
        with self._driving():
            self._driver.set_window_rect(width=width, height=height)
        # The window's sizes settle a moment after the resize returns: read mid-way, the inner
        # height can still be the old, taller viewport's, and the negative difference made a
        # height WebKitWebDriver refused (CI, 640x360 after 360x640).  So the toolbar is read
        # once the two heights make sense together.
        toolbar = int(
            self.wait_until(
                "(most) => { const bar = window.outerHeight - window.innerHeight;"
                " return bar >= 0 && bar <= most ? [bar] : null; }",
                MOST_TOOLBAR,
                timeout=10,
            )[0]
        )
        with self._driving():
            self._driver.set_window_rect(width=width, height=height + toolbar)
        with suppress(EngineError):  # as near as it gets: the caller works with what it got
            self.wait_until("(height) => window.innerHeight === height", height, timeout=5)
        got = self.run("() => [window.innerWidth, window.innerHeight]")
        return int(got[0]), int(got[1])

    def back(self) -> None:
        with self._driving("back"):
            self._driver.back()

    def forward(self) -> None:
        with self._driving("forward"):
            self._driver.forward()

    def click(self, selector: str) -> None:
        element = self._in_view(selector)
        with self._driving(selector):
            element.click()

    def fill(self, selector: str, text: str) -> None:
        element = self._in_view(selector)
        with self._driving(selector):
            element.clear()
            element.send_keys(text)

    def select(self, selector: str, value: str) -> None:
        from selenium.webdriver.support.select import Select

        element = self._in_view(selector)
        with self._driving(selector):
            Select(element).select_by_value(value)

    def _in_view(self, selector: str) -> Any:
        """The element, scrolled to the middle of the screen first, as a person would: the
        driver clicks where it is, and a sticky control (set-up's Deal) may lie over its
        edge of the screen, where Playwright's clicks scroll to on their own."""
        from selenium.webdriver.common.by import By

        with self._driving(selector):
            element = self._driver.find_element(By.CSS_SELECTOR, selector)
            self._driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
        return element

    def close(self) -> None:
        try:
            with suppress(EngineGoneError), self._driving():  # gone: quit stops the driver all the same
                self._driver.quit()
        finally:
            self._log.unlink(missing_ok=True)

    def last_words(self) -> str:
        """The last lines the driver and the browser wrote (the browser's warnings)."""
        try:
            lines = self._log.read_text(errors="replace").strip().splitlines()
        except OSError:
            return ""
        return " | ".join(line.strip() for line in lines[-5:] if line.strip())

    @contextmanager
    def _driving(self, what: str = "") -> Iterator[None]:
        """Selenium's errors as the engine's: EngineGoneError when the session or the driver
        is no more (Selenium names both an invalid session), EngineError otherwise."""
        from selenium.common.exceptions import InvalidSessionIdException, WebDriverException
        from urllib3.exceptions import HTTPError

        prefix = f"webkit: {what}: " if what else "webkit: "
        try:
            yield
        except (InvalidSessionIdException, HTTPError, ConnectionError) as error:
            self.gone = True
            message = getattr(error, "msg", None) or str(error)
            words = self.last_words()
            raise EngineGoneError(
                f"{prefix}the browser went away: {message}" + (f" (it said: {words})" if words else "")
            ) from error
        except WebDriverException as error:
            raise EngineError(f"{prefix}{error.msg}") from error

    def _navigate(self, url: str) -> None:
        with self._driving(url):
            self._driver.get(url)
        self.run(f"() => {HOOKS}")

    def _reload(self) -> None:
        self.run("() => { window.__leaving = true; location.reload(); }")
        self._watch_next_document()

    def _follow(self, selector: str) -> None:
        self.run("() => { window.__leaving = true; }")
        self.click(selector)
        self._watch_next_document()

    def _watch_next_document(self) -> None:
        """Wait for the document that replaces the one marked ``__leaving``, and put the
        hooks in (WebKit's driver runs no script before a document's own)."""
        self.wait_until(
            "() => window.__leaving === undefined && document.readyState !== 'loading'", timeout=BOOT_TIMEOUT
        )
        self.run(f"() => {HOOKS}")


# --- what the engines need from the machine ----------------------------------------------

# Debian's packages, each with a file it installs: tests/run.py installs what is missing.
DEBIAN_PACKAGES = {
    CHROMIUM: "chromium",
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf": "fonts-dejavu-core",
    FIREFOX: "firefox-esr",
    WEBKIT_DRIVER: "webkit2gtk-driver",
    MINIBROWSER: "webkit2gtk-driver",
    XVFB: "xvfb",
    LOCALES: "locales",
}


def missing(name: str) -> list[str]:
    """What this machine lacks to run the engine ``name`` (tests/run.py installs it all)."""
    needs = {
        "chromium": [CHROMIUM],
        "firefox": [FIREFOX, str(PUPPETEER)],
        "webkit": [WEBKIT_DRIVER, MINIBROWSER, XVFB, LOCALEDEF, LOCALES],
    }[name]
    return [path for path in needs if not Path(path).exists()]


def require(name: str) -> None:
    """Skip the calling test when this machine lacks the engine ``name``; on CI, where
    tests/run.py has installed every engine, fail it instead."""
    lacking = missing(name)
    if lacking:
        if os.environ.get("CI") == "true":
            pytest.fail(f"{name}: missing {', '.join(lacking)} (tests/run.py installs them)")
        pytest.skip(f"{name}: missing {', '.join(lacking)}")


def versions() -> dict[str, str]:
    """Each engine's version, as its own package says (for the test run's header)."""

    def output(*command: str) -> str:
        if not Path(command[0]).exists():
            return "not installed"
        result = subprocess.run(command, capture_output=True, text=True, check=False)
        return (result.stdout or result.stderr).strip().splitlines()[0] if result.returncode == 0 else "?"

    webkit = output("/usr/bin/dpkg-query", "-W", "-f=${Version}", "libwebkit2gtk-4.1-0")
    return {
        "chromium": output(CHROMIUM, "--version"),
        "firefox": output(FIREFOX, "--version"),
        "webkit": f"WebKitGTK {webkit}" if Path(MINIBROWSER).exists() else "not installed",
    }


@contextmanager
def virtual_display() -> Iterator[str]:
    """An Xvfb screen for MiniBrowser, which has no headless mode; yields its DISPLAY."""
    read, write = os.pipe()
    process = subprocess.Popen(
        [XVFB, "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    try:
        with os.fdopen(read) as numbers:
            number = numbers.readline().strip()
        if not number:
            raise EngineError("Xvfb did not start")
        yield f":{number}"
    finally:
        process.terminate()
        process.wait(timeout=30)


def compile_locales(folder: Path, languages: tuple[str, ...] = tuple(LANGUAGES)) -> Path:
    """The C locales WebKit needs for ``languages``, compiled into ``folder`` (for LOCPATH),
    so the machine's own locale settings are left alone."""
    folder.mkdir(parents=True, exist_ok=True)
    for language in languages:
        name = language.replace("-", "_")
        if not (folder / f"{name}.UTF-8").exists():
            subprocess.run(
                [LOCALEDEF, "-i", name, "-f", "UTF-8", str(folder / f"{name}.UTF-8")],
                check=True,
                capture_output=True,
            )
    return folder
