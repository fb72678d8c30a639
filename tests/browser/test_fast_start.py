"""The fast start (web/interpreter.js): Python restored from a memory snapshot, the
standard library precompiled, and every way down to a stock start when either fails.

``<html data-snapshot>`` says which start the page made: ``restored`` (from the
snapshot), ``stored`` (started from the precompiled library, then snapshotted for next
time), ``failed`` (no snapshot could be made) or ``none`` (started from the stock zip).
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import build
import pytest
from ui.state import Event

from support.browser import chromium
from support.browser.driving import (
    KEPT_BYTECODE,
    WATCH_PAGE,
    LocalServer,
    RequestLog,
    open_app,
    page_problems,
    saved_game,
    tap,
    wait_for_controller,
    wait_ready,
)

SNAPSHOT_STATE = "() => document.documentElement.dataset.snapshot"
# The cache and key the snapshot lives under, as interpreter.js names them.
SNAPSHOT_PLACE = """async () => {
  const { SNAPSHOT } = await import("./interpreter.js");
  return SNAPSHOT;
}"""


def _wait_snapshot(page: Any, state: str) -> None:
    page.wait_for_function(f"() => document.documentElement.dataset.snapshot === '{state}'", timeout=60_000)


def _snapshotted(page: Any, url: str) -> None:
    """A first visit, until the service worker controls the page and the snapshot is stored."""
    open_app(page, url)
    wait_for_controller(page)
    _wait_snapshot(page, "stored")


def _watched_and_snapshotted(context: Any, url: str) -> Any:
    """A page watched for errors, after a first visit that stored the snapshot."""
    context.add_init_script(WATCH_PAGE)
    page = context.new_page()
    _snapshotted(page, url)
    return page


def _new_game_seed(page: Any) -> int:
    """Start a game against the computers by taps; the seed it was dealt from."""
    tap(page, Event("new-game", "computer"))
    tap(page, Event("start-game"))
    game = saved_game(page)
    assert game is not None
    return game.config.seed


def test_the_next_start_restores_python_and_still_deals_fresh_games(
    context: Any, server: LocalServer
) -> None:
    page = _watched_and_snapshotted(context, server.url)
    seeds = []
    for _ in range(2):
        page.evaluate("() => localStorage.removeItem('ten-phases/game')")
        page.reload()
        wait_ready(page)
        assert page.evaluate(SNAPSHOT_STATE) == "restored"
        seeds.append(_new_game_seed(page))
    # A restored Python starts in the same state every time; the deal must not.
    assert seeds[0] != seeds[1]
    assert page_problems(page) == []


# What a restored Python imports as the app starts: it has the rest already.
STILL_IMPORTED = {"pyscript", "ui.shell.app", "ui.shell.platform", "ui.shell.pwa", "ui.shell.sound"}


def _restored_and_found(page: Any) -> dict[str, list[str]]:
    """Reload on the snapshot: where the modules came from (KEPT_BYTECODE)."""
    page.reload()
    wait_ready(page)
    assert page.evaluate(SNAPSHOT_STATE) == "restored"
    return dict(page.evaluate(KEPT_BYTECODE))


def test_a_restored_start_imports_pyscript_and_the_app_from_bytecode_kept_with_the_snapshot(
    context: Any, server: LocalServer
) -> None:
    page = _watched_and_snapshotted(context, server.url)
    assert page.evaluate(KEPT_BYTECODE)["kept"] == [], "the first start compiles everything"
    found = _restored_and_found(page)
    assert set(found["kept"]) >= STILL_IMPORTED, found
    assert found["compiled"] == [], "nothing compiled from source"
    _new_game_seed(page)  # and the app plays
    assert page_problems(page) == []


def test_damaged_kept_bytecode_is_refused_and_python_compiles_the_sources(
    context: Any, server: LocalServer
) -> None:
    page = _watched_and_snapshotted(context, server.url)
    # One bit of the kept bytecode flipped: still JSON perhaps, but not what was kept.
    page.evaluate(
        """async ({ cache, bytecodeKey }) => {
          const store = await caches.open(cache);
          const kept = await store.match(bytecodeKey);
          const body = new Uint8Array(await kept.arrayBuffer());
          body[body.length >> 1] ^= 1;
          await store.put(bytecodeKey, new Response(body, { headers: kept.headers }));
        }""",
        page.evaluate(SNAPSHOT_PLACE),
    )
    found = _restored_and_found(page)
    assert found["kept"] == [], found
    assert set(found["compiled"]) | set(found["no file"]) >= STILL_IMPORTED
    _new_game_seed(page)
    assert page.locator(".py-error").count() == 0
    assert page_problems(page) == []


def _wait_for_the_first_seat(page: Any) -> None:
    """Until the computers have played their turns and the saved game waits for seat 0."""
    page.wait_for_function(
        """() => {
          const text = localStorage.getItem('ten-phases/game');
          return text !== null && JSON.parse(text).game.current === 0;
        }""",
        timeout=60_000,
    )


def test_a_damaged_snapshot_is_dropped_and_the_saved_game_kept(page: Any, server: LocalServer) -> None:
    _snapshotted(page, server.url)
    _new_game_seed(page)
    # The computers move first; read the save only once they have, or a move they make
    # after the read would look like a changed save.
    _wait_for_the_first_seat(page)
    saved = page.evaluate("() => localStorage.getItem('ten-phases/game')")
    place = page.evaluate(SNAPSHOT_PLACE)
    page.evaluate(
        """async ({ cache, key }) => {
          const junk = new Uint8Array(31457408).fill(7);
          await (await caches.open(cache)).put(key, new Response(junk));
        }""",
        place,
    )
    server.stop()  # offline, as a phone would be
    page.reload()
    wait_ready(page)
    # The damaged snapshot was refused, Python started afresh, and a new one was made.
    _wait_snapshot(page, "stored")
    assert page.evaluate("() => localStorage.getItem('ten-phases/game')") == saved
    assert page.evaluate("() => document.documentElement.dataset.screen") == "table", "the game, as it was"
    assert page.locator(".py-error").count() == 0
    page.reload()
    wait_ready(page)
    assert page.evaluate(SNAPSHOT_STATE) == "restored"


# The snapshot's length as interpreter.js reads it beside the snapshot.
KEPT_LENGTH = """async ({ cache, key }) => {
  const { LENGTH_HEADER } = await import("./sparse.js");
  const kept = await (await caches.open(cache)).match(key);
  return kept.headers.get(LENGTH_HEADER);
}"""


@pytest.mark.parametrize(
    ("longer", "refused"),
    [
        (4096, "a packed snapshot of another length"),  # one page more: found as it is read
        (2**31, "without a length it could have"),  # 2 GiB more: refused before any memory is made
    ],
    ids=["a-page-longer", "far-too-long"],
)
def test_a_snapshot_whose_kept_length_is_wrong_is_dropped_and_python_started_afresh(
    page: Any, server: LocalServer, longer: int, refused: str
) -> None:
    """Pyodide is handed memory of the kept length before the snapshot is read (so it makes
    its module meanwhile); a snapshot of another length is refused, not written short, and a
    length no snapshot could have is refused before that memory is made."""
    _snapshotted(page, server.url)
    place = page.evaluate(SNAPSHOT_PLACE)
    length = int(page.evaluate(KEPT_LENGTH, place))
    assert length > 16_000_000, "the length of Python's whole memory, kept with the snapshot"
    warned: list[str] = []
    page.on("console", lambda message: warned.append(message.text) if message.type == "warning" else None)
    # The same snapshot, its kept length longer than the snapshot is.
    page.evaluate(
        """async ({ place: { cache, key }, length }) => {
          const { LENGTH_HEADER } = await import("./sparse.js");
          const store = await caches.open(cache);
          const kept = await store.match(key);
          const headers = new Headers(kept.headers);
          headers.set(LENGTH_HEADER, String(length));
          await store.put(key, new Response(await kept.arrayBuffer(), { headers }));
        }""",
        {"place": place, "length": length + longer},
    )
    page.reload()
    wait_ready(page)
    _wait_snapshot(page, "stored")  # refused, started afresh, and snapshotted again
    assert page.locator(".py-error").count() == 0
    assert any("did not restore" in line and refused in line for line in warned), warned
    assert int(page.evaluate(KEPT_LENGTH, place)) == length
    page.reload()
    wait_ready(page)
    assert page.evaluate(SNAPSHOT_STATE) == "restored"
    _new_game_seed(page)


def _site_copy(site: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "site"
    shutil.copytree(site, copy)
    return copy


def _start_on(browser: Any, directory: Path) -> tuple[str, list[str]]:
    """Open the app served from ``directory`` in a fresh context: its start, and its problems."""
    server = LocalServer(directory)
    server.start()
    context = browser.new_context()
    context.add_init_script(WATCH_PAGE)
    try:
        page = context.new_page()
        open_app(page, server.url)
        assert page.locator("[data-action=new-game]").count() >= 1
        assert page.locator(".py-error").count() == 0
        return page.evaluate(SNAPSHOT_STATE), page_problems(page)
    finally:
        context.close()
        server.stop()


def test_a_damaged_precompiled_library_falls_back_to_the_stock_one(
    browser: Any, site: Path, tmp_path: Path
) -> None:
    copy = _site_copy(site, tmp_path)
    (copy / "pyodide" / build.PRECOMPILED_STDLIB).write_bytes(b"PK\x03\x04 not a zip at all" * 1000)
    assert _start_on(browser, copy) == ("none", [])


def test_a_missing_precompiled_library_falls_back_to_the_stock_one(
    browser: Any, site: Path, tmp_path: Path
) -> None:
    copy = _site_copy(site, tmp_path)
    (copy / "pyodide" / build.PRECOMPILED_STDLIB).unlink()
    assert _start_on(browser, copy) == ("none", [])


def _compiled_in_a_new_browser(playwright: Any, profile: Path, url: str, script: str) -> list[dict[str, Any]]:
    """A Chromium just started on the profile opens the app: how V8 compiled the script
    (Chromium's trace: each ``v8.compile`` of it, with the code it was given)."""
    requests = RequestLog()
    context = playwright.chromium.launch_persistent_context(
        profile, executable_path=chromium.CHROMIUM, args=chromium.CHROMIUM_ARGS
    )
    try:
        requests.follow(context)
        context.add_init_script(WATCH_PAGE)
        page = context.new_page()
        trace = context.new_cdp_session(page)
        events: list[dict[str, Any]] = []
        trace.on("Tracing.dataCollected", lambda data: events.extend(data["value"]))
        trace.on("Tracing.tracingComplete", lambda _: events.append({"name": "(end)"}))
        trace.send("Tracing.start", {"traceConfig": {"includedCategories": ["v8", "devtools.timeline"]}})
        open_app(page, url)
        trace.send("Tracing.end")
        page.wait_for_function("() => true")  # lets the trace's events arrive
        while not events or events[-1]["name"] != "(end)":
            page.wait_for_timeout(50)
        assert page_problems(page) == []
    finally:
        context.close()
    assert requests.foreign() == [] and requests.errors == [] and requests.problems == []
    return [
        event["args"]["data"]
        for event in events
        if event["name"] == "v8.compile" and event["args"]["data"].get("url", "").endswith(script)
    ]


def test_a_new_browser_compiles_pyodides_javascript_from_all_the_code_chromium_kept(
    playwright_instance: Any, server: LocalServer, tmp_path: Path
) -> None:
    """Pyodide's 1.2 MB of JavaScript is a classic script (build.py's classic_glue): Chromium
    compiles all of it once, as the service worker caches it, and a browser just started
    (the installed app opened again) runs it from that code. As a module it was parsed
    afresh at every start; imported by the snapshot worker as a module, the code kept was
    replaced by the worker's 20 KB."""
    profile = tmp_path / "profile"
    first = playwright_instance.chromium.launch_persistent_context(
        profile, executable_path=chromium.CHROMIUM, args=chromium.CHROMIUM_ARGS
    )
    try:  # the first visit, until the service worker controls it and the snapshot is made
        _snapshotted(first.new_page(), server.url)
    finally:
        first.close()
    for _ in range(2):  # and the code stays the whole code, start after start
        (compiled,) = _compiled_in_a_new_browser(
            playwright_instance, profile, server.url, f"/pyodide/{build.CLASSIC_GLUE}"
        )
        assert compiled.get("cacheKind") == "full" and compiled.get("cacheRejected") is False, compiled
        assert compiled.get("consumedCacheSize", 0) > 1_000_000, compiled
