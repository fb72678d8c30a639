"""Waiting on the platform's promises from Python, in every engine.

Pyodide turns a rejected promise into a Python exception only when the rejection
is a complete Error; WebKit rejects some (a service worker's ``update()`` offline)
with less, and Python's ``await`` then fails inside Pyodide, out of reach of any
``try``.  So the app never awaits a platform promise directly: ``settle`` waits for it
in JavaScript (``web/platform.js``), which always resolves, and says how it went.
``settle_now`` does the same for a call that must be made within a tap.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Coroutine
from dataclasses import dataclass
from typing import Any

from pyscript.js_modules import platform

__all__ = ["Settled", "ask_camera", "settle", "settle_now", "spawn"]

# Tasks started with ``spawn``: the event loop keeps only weak references to them.
_running: set[asyncio.Task[None]] = set()


@dataclass(frozen=True)
class Settled:
    """How a platform call went: its value, or the error it was rejected with."""

    ok: bool
    value: Any = None
    error: str = ""


async def settle(target: Any, name: str, *args: Any) -> Settled:
    """``await target.name(*args)``, or ``await target.name`` where that is a promise,
    with a rejection returned rather than raised."""
    return await _settled(platform.settle(target, name, *args))


async def ask_camera(cap_ms: int) -> str:
    """Ask for the camera where the browser would ask, and stop it at once: what the browser
    said, or "unanswered" after ``cap_ms`` (``askCamera`` in ``web/platform.js``)."""
    return str(await platform.askCamera(cap_ms))


def settle_now(target: Any, name: str, *args: Any) -> Coroutine[Any, Any, Settled]:
    """``settle``, with ``target.name(*args)`` called at once rather than when awaited: a
    browser opens the share sheet or writes the clipboard only while a tap is being
    handled, and a coroutine would start after the tap's handler has returned."""
    return _settled(platform.settle(target, name, *args))


async def _settled(started: Awaitable[Any]) -> Settled:
    result = await started
    if result.ok:
        return Settled(ok=True, value=result.value)
    return Settled(ok=False, error=str(result.error))


def spawn(work: Coroutine[Any, Any, None]) -> None:
    """Run ``work`` in the background, kept alive until it ends."""
    task = asyncio.ensure_future(work)
    _running.add(task)
    task.add_done_callback(_running.discard)
