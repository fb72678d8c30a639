"""Two phones on a Wi-Fi of their own (issue 38): each phone a Chromium in its own network
namespace, joined to a bridge by a veth pair, as two phones join one Wi-Fi's network; the
app is served on the bridge.  Nothing is on loopback: each phone reaches the other only as
a phone on a LAN does, by its mDNS name or, with the camera allowed, its address.

The bridge and the app's server live in a namespace of their own too (the Wi-Fi's router),
so the machine's own network never changes: Chromium fails every request in flight when
its network changes (ERR_NETWORK_CHANGED), and the other tests' browsers, in the machine's
namespace, load pages while this module makes and removes its Wi-Fi.

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
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from ui.net.pairing import read_code
from ui.state import Event

from support.browser import chromium
from support.browser.driving import BOOT_WAIT, open_app, saved_game, tap
from support.browser.engines import PYTHON_FAILURES
from support.browser.phones import code_on, dealt_and_linked, joined, type_and_tap

BO = 1
# A range kept for network tests (RFC 2544), only ever inside this module's namespaces.
NET = ipaddress.ip_network("198.18.77.0/24")
BRIDGE, HOST_PHONE, JOINING_PHONE = (str(NET[n]) for n in (1, 2, 3))


def _ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True, text=True)


@dataclass
class Wifi:
    """The namespaces of the router (the bridge and the app's server) and of the two phones."""

    router: str
    phones: tuple[str, str]  # the host's namespace, the joining phone's

    def keep_apart(self) -> None:
        """What each phone sends the other goes nowhere; the bridge (the server) is reached."""
        for phone, other in zip(self.phones, (JOINING_PHONE, HOST_PHONE), strict=True):
            _ip("-n", phone, "route", "add", "blackhole", f"{other}/32")


@pytest.fixture(scope="module")
def wifi() -> Iterator[Wifi]:
    tag = f"tp{os.getpid() % 100000}"
    made = Wifi(f"{tag}r", (f"{tag}h", f"{tag}j"))
    try:
        _ip("netns", "add", made.router)
    except (OSError, subprocess.CalledProcessError) as error:
        reason = getattr(error, "stderr", "") or str(error)
        pytest.skip(f"no network namespaces here (they need root, CAP_NET_ADMIN): {reason.strip()}")
    try:
        router = ("-n", made.router)
        _ip(*router, "link", "add", "wifi", "type", "bridge")
        _ip(*router, "addr", "add", f"{BRIDGE}/{NET.prefixlen}", "dev", "wifi")
        _ip(*router, "link", "set", "wifi", "up")
        for phone, address in zip(made.phones, (HOST_PHONE, JOINING_PHONE), strict=True):
            _ip("netns", "add", phone)
            # Each end made in its own namespace: none is ever in the machine's.
            _ip(*router, "link", "add", phone, "type", "veth", "peer", "name", "wlan0", "netns", phone)
            _ip(*router, "link", "set", phone, "master", "wifi", "up")
            _ip("-n", phone, "addr", "add", f"{address}/{NET.prefixlen}", "dev", "wlan0")
            _ip("-n", phone, "link", "set", "wlan0", "up")
            _ip("-n", phone, "link", "set", "lo", "up")
            # Chromium gathers candidates on the interface of the default route only.
            _ip("-n", phone, "route", "add", "default", "via", BRIDGE)
        for phone in made.phones:
            _settled(phone, "wlan0")
        yield made
    finally:
        # A namespace takes its interfaces with it: a veth's far end goes with its near one.
        for namespace in (*made.phones, made.router):
            subprocess.run(["ip", "netns", "del", namespace], check=False, capture_output=True)


def _settled(namespace: str, interface: str) -> None:
    """Wait until ``interface`` has its IPv6 link-local address, as a phone has once it has
    joined a Wi-Fi.  The kernel adds it a second or two after the link comes up (after
    duplicate address detection); Chromium takes that for a network change and fails every
    request then in flight with ERR_NETWORK_CHANGED, so a page loading just then never
    started (measured here: 1.45 s after the link came up; one run of the module in six,
    with both cores busy)."""
    switch = Path(f"/proc/sys/net/ipv6/conf/{interface}/disable_ipv6")
    reading = ["ip", "netns", "exec", namespace, "cat", str(switch)]
    if subprocess.run(reading, capture_output=True, text=True, check=False).stdout.strip() != "0":
        return  # no IPv6 on this interface: no address will come
    for _ in range(100):
        listed = subprocess.run(
            ["ip", "-n", namespace, "-6", "-o", "addr", "show", "dev", interface, "scope", "link"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        if listed and "tentative" not in listed:
            return
        time.sleep(0.1)
    raise AssertionError(
        f"{interface} in {namespace} had no settled link-local address after 10 s: {listed!r}"
    )


# The app's server, run in the router's namespace (on a port of its own there).
SERVE = """
import sys
from pathlib import Path
import build
build.make_server(Path(sys.argv[1]), 8000, sys.argv[2]).serve_forever()
"""


@pytest.fixture
def lan_server(site: Path, wifi: Wifi) -> Iterator[str]:
    """The app, served on the bridge: the address both phones reach it at (checked from
    each phone's namespace before any browser starts, so a network that is not there
    says so rather than a page that never loads)."""
    serving = subprocess.Popen(
        ["ip", "netns", "exec", wifi.router, sys.executable, "-c", SERVE, str(site), BRIDGE],
        env={**os.environ, "TEN_PHASES_QUIET": "1"},
    )
    url = f"http://{BRIDGE}:8000/"
    try:
        for phone in wifi.phones:
            _reaches(phone, url)
        yield url
    finally:
        serving.terminate()
        serving.wait(10)


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
    lan_server: str,
    tmp_path: Path,
    request: pytest.FixtureRequest,
) -> Iterator[tuple[Phone, Phone]]:
    """The host's phone and the joining phone, each a Chromium in its namespace.  Served
    over plain HTTP from a LAN address, the app's origin is made secure as an installed
    app's is (its service worker and storage then work as they do on a phone)."""
    origin = lan_server.rstrip("/")
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
    phones: tuple[Phone, Phone], lan_server: str, reached_by: str
) -> None:
    """The two phones pair by the typed codes over the bridge, and Bo's draw on his phone is
    applied on the host.  With the camera not yet allowed, each code names its phone by an
    mDNS name; allowed, by its address on the Wi-Fi, reached without multicast DNS."""
    host, phone = (p.page for p in phones)
    offer = dealt_and_linked(host, lan_server, ("Ann", "Bo"), "11", BO)
    places = [candidate.address for candidate in read_code(offer).candidates]
    if reached_by == "mDNS names":
        assert places and all(place.endswith(".local") for place in places), places
    else:
        assert HOST_PHONE in places, places
    joined(host, phone, lan_server, offer, BO, qr=False)
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
    phones: tuple[Phone, Phone], wifi: Wifi, lan_server: str
) -> None:
    """A guest Wi-Fi: each phone reaches the app but not the other phone.  Both codes are
    made and swapped; then the host says Bo's phone could not be reached and plays his
    seat, and Bo's phone says so too."""
    host, phone = (p.page for p in phones)
    wifi.keep_apart()
    offer = dealt_and_linked(host, lan_server, ("Ann", "Bo"), "11", BO)
    open_app(phone, lan_server)
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
