"""The page's side of a game on several phones (issue 38): one WebRTC connection per seat
played from another phone (on the phone that runs the game), or one to the host (on a
joined phone, ``HOST``).

Each connection has no ICE server (``iceServers: []``: the phones must see each other on
the same network) and one reliable, ordered data channel, negotiated on both sides.  A
phone's own description is never rewritten: it is summed up as a code
(``net.pairing``), and the other phone's is rebuilt from that code alone.  Everything
that arrives goes to ``update`` as a message (``PhoneSaid``, ``HostSaid``,
``PhoneLinked``), where ``phase10.wire`` reads it; this module only carries text.
"""

from __future__ import annotations

import asyncio
import itertools
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pyodide.ffi import JsException, create_proxy, to_js
from pyscript import window

from ..effects import HostSaid, Message, PeerCode, PeerFailed, PhoneLinked, PhoneSaid
from ..net.pairing import PairingError, Role, read_code, remote_description, summarize, write_code
from . import camera, platform

__all__ = ["HOST", "answer", "close", "close_all", "connect", "offer", "send"]

HOST = -1  # a joined phone's one connection: to the phone that runs the game
# How long ICE gathering may take before the code is made with what was found: host
# candidates come at once on a LAN; waiting longer only delays the code.
GATHER_S = 2.0
# How long a code waits on the player's answer to the camera's question before it is made
# with the addresses the browser lists without it.
ASK_CAMERA_MS = 20_000

Dispatch = Callable[[Message], None]


@dataclass
class _Peer:
    connection: Any
    channel: Any
    listeners: list[tuple[Any, str, Any]] = field(default_factory=list)  # (target, event, proxy)


_peers: dict[int, _Peer] = {}
_awake: list[Any] = []  # the screen wake lock held while a channel is open (at most one)
_sessions = itertools.count(1)  # the session ids of the descriptions rebuilt from codes


def _js(value: dict[str, Any]) -> Any:
    return to_js(value, dict_converter=window.Object.fromEntries)


def _open(seat: int, dispatch: Dispatch) -> _Peer | None:
    """A new connection for ``seat`` and its channel, with their events wired to ``update``;
    None where the browser has no WebRTC (Debian's WebKitGTK)."""
    close(seat)
    maker = getattr(window, "RTCPeerConnection", None)
    if maker is None:
        return None
    connection = maker.new(_js({"iceServers": []}))
    channel = connection.createDataChannel("table", _js({"negotiated": True, "id": 0, "ordered": True}))
    peer = _Peer(connection, channel)

    def opened(_event: Any) -> None:
        platform.spawn(_keep_awake())
        dispatch(PhoneLinked(seat, True))

    def closed(_event: Any) -> None:
        if _peers.get(seat) is peer:
            dispatch(PhoneLinked(seat, False))
        _sleep_if_idle()

    def said(event: Any) -> None:
        text = event.data if isinstance(event.data, str) else ""
        dispatch(HostSaid(text) if seat == HOST else PhoneSaid(seat, text))

    def failed(_event: Any) -> None:
        # A phone that sleeps or leaves the Wi-Fi says nothing: its channel may stay "open"
        # until ICE gives the connection up (no answer to consent checks for ~30 s).
        if connection.connectionState == "failed" and _peers.get(seat) is peer:
            close(seat)
            dispatch(PhoneLinked(seat, False))

    hooks = ((channel, "open", opened), (channel, "close", closed), (channel, "message", said))
    for target, name, handler in (*hooks, (connection, "connectionstatechange", failed)):
        proxy = create_proxy(handler)
        peer.listeners.append((target, name, proxy))
        target.addEventListener(name, proxy)
    _peers[seat] = peer
    return peer


async def _gathered(connection: Any) -> None:
    """Wait until ICE gathering is done, or ``GATHER_S`` at most."""
    waited = 0.0
    while connection.iceGatheringState != "complete" and waited < GATHER_S:
        await asyncio.sleep(0.05)
        waited += 0.05


async def _described(connection: Any, make: str) -> bool:
    """``createOffer`` or ``createAnswer``, set as the local description, gathered."""
    made = await platform.settle(connection, make)
    if not made.ok:
        return False
    local = await platform.settle(connection, "setLocalDescription", made.value)
    if not local.ok:
        return False
    await _gathered(connection)
    return True


def offer(seat: int, dispatch: Dispatch) -> None:
    """Start the host's connection for ``seat``: its code comes back as ``PeerCode``."""
    platform.spawn(_offer(seat, dispatch))


async def _camera_asked() -> None:
    """Before a code is made: where the phone has a camera the browser has not yet been told
    it may use, ask.  With the camera allowed, the browser lists the phone's real network
    addresses as its ICE candidates rather than ``.local`` names, which multicast DNS often
    fails to resolve on home Wi-Fi (refused, the code is made with the names).  A browser
    with no WebRTC makes no code, so it is not asked."""
    if camera.has_camera() and getattr(window, "RTCPeerConnection", None) is not None:
        await platform.ask_camera(ASK_CAMERA_MS)


async def _offer(seat: int, dispatch: Dispatch) -> None:
    await _camera_asked()
    peer = _open(seat, dispatch)
    if peer is None or not await _described(peer.connection, "createOffer"):
        close(seat)
        dispatch(PeerFailed(seat))
        return
    token = secrets.token_bytes(8)
    try:
        code = write_code(summarize(str(peer.connection.localDescription.sdp), Role.OFFER, token))
    except PairingError as error:
        window.console.warn(f"ten-phases: no code for this connection: {error}")
        close(seat)
        dispatch(PeerFailed(seat))
        return
    dispatch(PeerCode(seat, code, token.hex()))


def answer(code: str, dispatch: Dispatch) -> None:
    """Answer the host's ``code`` (already checked): this phone's code comes back as
    ``PeerCode`` for ``HOST``."""
    platform.spawn(_answer(code, dispatch))


async def _answer(code: str, dispatch: Dispatch) -> None:
    summary = read_code(code)
    await _camera_asked()
    peer = _open(HOST, dispatch)
    if peer is None:
        dispatch(PeerFailed(HOST))
        return
    remote = _js({"type": "offer", "sdp": remote_description(summary, next(_sessions))})
    taken = await platform.settle(peer.connection, "setRemoteDescription", remote)
    if not taken.ok or not await _described(peer.connection, "createAnswer"):
        close(HOST)
        dispatch(PeerFailed(HOST))
        return
    try:
        mine = write_code(summarize(str(peer.connection.localDescription.sdp), Role.ANSWER, summary.token))
    except PairingError as error:
        window.console.warn(f"ten-phases: no code for this connection: {error}")
        close(HOST)
        dispatch(PeerFailed(HOST))
        return
    dispatch(PeerCode(HOST, mine, summary.token.hex()))


def connect(seat: int, code: str, dispatch: Dispatch) -> None:
    """Finish the host's connection for ``seat`` with the joining phone's ``code`` (already
    checked): the channel opens as ``PhoneLinked``."""
    platform.spawn(_connect(seat, code, dispatch))


async def _connect(seat: int, code: str, dispatch: Dispatch) -> None:
    peer = _peers.get(seat)
    if peer is None:
        dispatch(PeerFailed(seat))
        return
    remote = _js({"type": "answer", "sdp": remote_description(read_code(code), next(_sessions))})
    taken = await platform.settle(peer.connection, "setRemoteDescription", remote)
    if not taken.ok:
        window.console.warn(f"ten-phases: the answer for seat {seat} was not taken: {taken.error}")
        dispatch(PeerFailed(seat))


def send(seat: int, text: str) -> None:
    """Send ``text`` down ``seat``'s channel, if it is open (a closed one gets the table
    again when it opens)."""
    peer = _peers.get(seat)
    if peer is None or peer.channel.readyState != "open":
        return
    try:
        peer.channel.send(text)
    except JsException as error:  # longer than the channel carries, or closed meanwhile
        window.console.warn(f"ten-phases: not sent to seat {seat}: {error}")


def close(seat: int) -> None:
    """Close ``seat``'s connection, if there is one."""
    peer = _peers.pop(seat, None)
    if peer is None:
        return
    # Unhooked before closing: a closing channel still fires "close", which must not reach a
    # destroyed proxy.
    for target, name, proxy in peer.listeners:
        target.removeEventListener(name, proxy)
        proxy.destroy()
    peer.channel.close()
    peer.connection.close()
    _sleep_if_idle()


def close_all() -> None:
    """Close every connection: the page is going (a reload, the tab closed), and a closed
    connection tells the other phone at once, where a vanished one leaves it waiting."""
    for seat in list(_peers):
        close(seat)


async def _keep_awake() -> None:
    """While a game goes over a channel, the screen stays on where the phone can keep it on
    (the Screen Wake Lock): a phone that dims and sleeps drops its channel.  Said on the
    page's root as ``data-wake-lock``: "on", "refused", or "none" (no such API)."""
    root = window.document.documentElement
    lock = getattr(window.navigator, "wakeLock", None)
    if lock is None:
        root.dataset.wakeLock = "none"
        return
    if _awake:
        return
    got = await platform.settle(lock, "request", "screen")
    if got.ok and not _awake:
        _awake.append(got.value)
    root.dataset.wakeLock = "on" if _awake else "refused"


def _sleep_if_idle() -> None:
    """No channel open any more: the screen may sleep again."""
    if _awake and not any(peer.channel.readyState == "open" for peer in _peers.values()):
        platform.spawn(_release(_awake.pop()))


async def _release(sentinel: Any) -> None:
    await platform.settle(sentinel, "release")
    window.document.documentElement.dataset.wakeLock = "off"
