"""Two phones on a Wi-Fi of their own (issue 38): each phone a Chromium in its own network
namespace, joined to a bridge by a veth pair, as two phones join one Wi-Fi's network; the
app is served on the bridge.  Nothing is on loopback: each phone reaches the other only as
a phone on a LAN does, by its mDNS name or, with the camera allowed, its address.

The same network then keeps the two phones apart, as a guest Wi-Fi does (a route that drops
what one phone sends to the other, both ways; the app's server is still reached), and each
phone must say so in plain words, the seat played on the host meanwhile.

Network namespaces need root (CAP_NET_ADMIN), as tests/run.py's apt step does: without it
the module is skipped, saying why.
"""

from __future__ import annotations

import ipaddress
import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from ui.net.pairing import read_code
from ui.state import Event

from support.browser import chromium
from support.browser.driving import BOOT_WAIT, LocalServer, open_app, saved_game, tap
from support.browser.engines import PYTHON_FAILURES
from support.browser.phones import code_on, dealt_and_linked, joined, type_and_tap

BO = 1
# A range kept for network tests (RFC 2544), so no real network is shadowed; a /24 of its
# own for each run, so nothing a run before left behind (a bridge still going away) can
# hold its addresses.
NET = ipaddress.ip_network(f"198.18.{os.getpid() % 250 + 1}.0/24")
BRIDGE, HOST_PHONE, JOINING_PHONE = (str(NET[n]) for n in (1, 2, 3))


def _ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True, text=True)


@dataclass
class Wifi:
    """The bridge and the two phones' namespaces, by name."""

    bridge: str
    phones: tuple[str, str]  # the host's namespace, the joining phone's

    def keep_apart(self) -> None:
        """What each phone sends the other goes nowhere; the bridge (the server) is reached."""
        for phone, other in zip(self.phones, (JOINING_PHONE, HOST_PHONE), strict=True):
            _ip("-n", phone, "route", "add", "blackhole", f"{other}/32")


@pytest.fixture(scope="module")
def wifi() -> Iterator[Wifi]:
    tag = f"tp{os.getpid() % 100000}"
    made = Wifi(f"{tag}br", (f"{tag}h", f"{tag}j"))
    try:
        _ip("netns", "add", made.phones[0])
    except (OSError, subprocess.CalledProcessError) as error:
        reason = getattr(error, "stderr", "") or str(error)
        pytest.skip(f"no network namespaces here (they need root, CAP_NET_ADMIN): {reason.strip()}")
    try:
        _ip("netns", "add", made.phones[1])
        _ip("link", "add", made.bridge, "type", "bridge")
        _ip("addr", "add", f"{BRIDGE}/{NET.prefixlen}", "dev", made.bridge)
        _ip("link", "set", made.bridge, "up")
        for phone, address in zip(made.phones, (HOST_PHONE, JOINING_PHONE), strict=True):
            _ip("link", "add", f"{phone}o", "type", "veth", "peer", "name", f"{phone}i")
            _ip("link", "set", f"{phone}i", "netns", phone)
            _ip("link", "set", f"{phone}o", "master", made.bridge, "up")
            _ip("-n", phone, "addr", "add", f"{address}/{NET.prefixlen}", "dev", f"{phone}i")
            _ip("-n", phone, "link", "set", f"{phone}i", "up")
            _ip("-n", phone, "link", "set", "lo", "up")
            # Chromium gathers candidates on the interface of the default route only.
            _ip("-n", phone, "route", "add", "default", "via", BRIDGE)
        yield made
    finally:
        for phone in made.phones:
            subprocess.run(["ip", "netns", "del", phone], check=False, capture_output=True)
            subprocess.run(["ip", "link", "del", f"{phone}o"], check=False, capture_output=True)
        subprocess.run(["ip", "link", "del", made.bridge], check=False, capture_output=True)


@pytest.fixture
def lan_server(site: Path, wifi: Wifi) -> Iterator[LocalServer]:
    """The app, served on the bridge: the address both phones reach it at (checked from
    each phone's namespace before any browser starts, so a network that is not there
    says so rather than a page that never loads)."""
    local = LocalServer(site, host=BRIDGE)
    local.start()
    for phone in wifi.phones:
        _reaches(phone, local.url)
    yield local
    local.stop()


REACH = """
import sys, time, urllib.request
for _ in range(50):
    try:
        urllib.request.urlopen(sys.argv[1], timeout=1).read(); sys.exit(0)
    except OSError as error:
        last = error; time.sleep(0.1)
sys.exit(f"{sys.argv[1]} not reached: {last}")
"""


def _reaches(namespace: str, url: str) -> None:
    """``url`` answers from inside ``namespace`` (within 5 s)."""
    done = subprocess.run(
        ["ip", "netns", "exec", namespace, sys.executable, "-c", REACH, url],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, f"from {namespace}: {done.stderr.strip()}"


@dataclass
class Phone:
    page: Any
    problems: list[str]  # page errors, unhandled rejections, Python exceptions
    foreign: list[str]  # requests anywhere but the app's origin


@pytest.fixture
def phones(
    playwright_instance: Any,
    wifi: Wifi,
    lan_server: LocalServer,
    tmp_path: Path,
    request: pytest.FixtureRequest,
) -> Iterator[tuple[Phone, Phone]]:
    """The host's phone and the joining phone, each a Chromium in its namespace.  Served
    over plain HTTP from a LAN address, the app's origin is made secure as an installed
    app's is (its service worker and storage then work as they do on a phone)."""
    origin = lan_server.url.rstrip("/")
    camera = getattr(request, "param", False)
    launched, made = [], []
    for namespace in wifi.phones:
        wrapper = tmp_path / f"chromium-{namespace}"
        wrapper.write_text(f'#!/bin/sh\nexec ip netns exec {namespace} {chromium.CHROMIUM} "$@"\n')
        wrapper.chmod(0o755)
        browser = playwright_instance.chromium.launch(
            executable_path=str(wrapper),
            args=[*chromium.CHROMIUM_ARGS, f"--unsafely-treat-insecure-origin-as-secure={origin}"],
        )
        launched.append(browser)
        context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
        context.set_default_navigation_timeout(BOOT_WAIT)
        if camera:
            context.grant_permissions(["camera"])
        phone = Phone(context.new_page(), [], [])
        phone.page.on("pageerror", lambda error, phone=phone: phone.problems.append(f"page error: {error}"))
        phone.page.on(
            "console",
            lambda message, phone=phone: (
                any(words in message.text for words in PYTHON_FAILURES)
                and phone.problems.append(message.text)
            ),
        )
        context.on(
            "request",
            lambda asked, phone=phone: (
                not asked.url.startswith((origin, "data:", "blob:")) and phone.foreign.append(asked.url)
            ),
        )
        made.append(phone)
    try:
        yield made[0], made[1]
    finally:
        for browser in launched:
            browser.close()
    for phone in made:
        assert phone.problems == [], "no page error, unhandled rejection or Python exception"
        assert phone.foreign == [], "requests left the app's origin"


@pytest.mark.parametrize(
    ("phones", "reached_by"), [(False, "mDNS names"), (True, "addresses")], indirect=["phones"]
)
def test_two_phones_on_one_wifi_pair_by_their_codes_and_play(
    phones: tuple[Phone, Phone], lan_server: LocalServer, reached_by: str
) -> None:
    """The two phones pair by the typed codes over the bridge, and Bo's draw on his phone is
    applied on the host.  With the camera not yet allowed, each code names its phone by an
    mDNS name; allowed, by its address on the Wi-Fi, reached without multicast DNS."""
    host, phone = (p.page for p in phones)
    offer = dealt_and_linked(host, lan_server.url, ("Ann", "Bo"), "11", BO)
    places = [candidate.address for candidate in read_code(offer).candidates]
    if reached_by == "mDNS names":
        assert places and all(place.endswith(".local") for place in places), places
    else:
        assert HOST_PHONE in places, places
    joined(host, phone, lan_server.url, offer, BO, qr=False)
    tap(host, Event("back"))
    phone.wait_for_selector("[data-action=draw]:not([disabled])", timeout=15_000)  # Bo plays first
    before = saved_game(host)
    assert before is not None and before.current == BO
    phone.locator("[data-action=draw]").click()
    for _ in range(100):
        after = saved_game(host)
        if after is not None and after != before:
            break
        host.wait_for_timeout(50)
    assert after is not None and len(after.players[BO].hand) == len(before.players[BO].hand) + 1


def test_a_wifi_that_keeps_phones_apart_is_said_on_both_phones(
    phones: tuple[Phone, Phone], wifi: Wifi, lan_server: LocalServer
) -> None:
    """A guest Wi-Fi: each phone reaches the app but not the other phone.  Both codes are
    made and swapped; then the host says Bo's phone could not be reached and plays his
    seat, and Bo's phone says so too."""
    host, phone = (p.page for p in phones)
    wifi.keep_apart()
    offer = dealt_and_linked(host, lan_server.url, ("Ann", "Bo"), "11", BO)
    open_app(phone, lan_server.url)
    tap(phone, Event("join-table"))
    type_and_tap(phone, "#host-code", Event("join-code"), offer)
    answer = code_on(phone)
    host.fill(f"#answer-{BO}", answer)
    host.locator("[data-action=accept-phone]").click()
    host.wait_for_selector("text=could not be reached", timeout=30_000)
    assert "hotspot" in host.locator("header .notice").inner_text()
    assert host.locator(f"[data-action=link-phone][data-value='{BO}']").count() == 1, "Bo plays here"
    # A phone that goes on waiting says what to check; one whose connection the browser
    # gave up (here the drop is refused at once) says the host could not be reached, and
    # takes a new code.  Both name the guest Wi-Fi and what to do.
    phone.wait_for_selector("header .notice", timeout=30_000)
    said = phone.locator("header .notice").inner_text()
    assert "guest Wi-Fi" in said and "hotspot" in said, said
    if "could not be reached" in said:
        assert phone.locator("#host-code").count() == 1
    else:
        assert "Not connected yet" in said and phone.locator("[data-action=join-again]").count() == 1
