"""Pairing codes (issue 38): a browser's description packs into a short code that reads back
as the same summary, rebuilds a description with exactly its parts, and anything that is not
a code is refused with why."""

from __future__ import annotations

import base64
import re

import pytest
from ui.net.pairing import (
    MAX_CANDIDATES,
    Candidate,
    PairingError,
    Role,
    read_code,
    remote_description,
    summarize,
    write_code,
)

# Chromium's own offer for a negotiated data channel, as this machine made it (mDNS names).
MDNS = ("302d3c78-cad7-4d62-ae7c-f02ccd1c300e.local", "67b340c9-6a81-4035-9125-317e3e99d629.local")
FINGERPRINT = (
    "6C:E5:92:38:B5:81:F5:1F:A7:33:0E:09:1D:10:C5:A3:DC:59:BB:B6:9F:2E:6A:35:96:14:E6:0B:CD:A9:91:F1"
)
OFFER = "\r\n".join(
    [
        "v=0",
        "o=- 3710987183654890382 2 IN IP4 127.0.0.1",
        "s=-",
        "t=0 0",
        "a=group:BUNDLE 0",
        "a=extmap-allow-mixed",
        "a=msid-semantic: WMS",
        "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
        "c=IN IP4 0.0.0.0",
        f"a=candidate:1973555429 1 udp 2113937151 {MDNS[0]} 46725 typ host generation 0 network-cost 999",
        f"a=candidate:1926265941 1 udp 2113942271 {MDNS[1]} 36777 typ host generation 0 network-cost 999",
        "a=ice-ufrag:j6VW",
        "a=ice-pwd:FO7AMJfWmIaUSMfPDpMyrrDD",
        "a=ice-options:trickle",
        f"a=fingerprint:sha-256 {FINGERPRINT}",
        "a=setup:actpass",
        "a=mid:0",
        "a=sctp-port:5000",
        "a=max-message-size:262144",
        "",
    ]
)
TOKEN = bytes(range(8))

# With the camera allowed, browsers list real addresses: these, and a relay to be left out.
LAN = [
    "a=candidate:1 1 udp 2122260223 192.168.1.23 51000 typ host generation 0",
    "a=candidate:2 1 udp 2122262783 fe80::1c2a:3bff:fe4d:5e6f 51001 typ host generation 0",
    "a=candidate:3 1 tcp 1518280447 192.168.1.23 9 typ host tcptype active generation 0",
    "a=candidate:4 1 udp 1686052607 203.0.113.9 51000 typ srflx raddr 192.168.1.23 rport 51000",
    "a=candidate:5 1 udp 2122260223 10.0.0.5 51002 typ host generation 0",
    "a=candidate:6 1 udp 2122260223 172.16.0.5 51003 typ host generation 0",
]


def test_an_offer_packs_into_a_short_code_of_capitals_and_digits_that_reads_back():
    summary = summarize(OFFER, Role.OFFER, TOKEN)
    assert summary.ufrag == "j6VW" and summary.password == "FO7AMJfWmIaUSMfPDpMyrrDD"
    assert summary.fingerprint.hex().upper().startswith("6CE59238")
    assert summary.candidates == (
        Candidate(MDNS[0], 46725),
        Candidate(MDNS[1], 36777),
    )
    code = write_code(summary)
    assert re.fullmatch(r"[A-Z2-7]+", code) and len(code) <= 180, (len(code), code)  # 111 bytes
    assert read_code(code) == summary
    assert read_code(" ".join(code[i : i + 4].lower() for i in range(0, len(code), 4))) == summary


def test_the_rebuilt_description_holds_the_offers_parts_and_no_others():
    summary = summarize(OFFER, Role.OFFER, TOKEN)
    rebuilt = remote_description(read_code(write_code(summary)), 7)
    for line in (
        "a=ice-ufrag:j6VW",
        "a=ice-pwd:FO7AMJfWmIaUSMfPDpMyrrDD",
        "a=setup:actpass",
        "a=sctp-port:5000",
    ):
        assert line in rebuilt
    assert (
        "6C:E5:92:38:B5:81:F5:1F:A7:33:0E:09:1D:10:C5:A3:DC:59:BB:B6:9F:2E:6A:35:96:14:E6:0B:CD:A9:91:F1"
        in rebuilt
    )
    assert summarize(rebuilt, Role.OFFER, TOKEN) == summary
    answer = remote_description(read_code(write_code(summarize(OFFER, Role.ANSWER, TOKEN))), 7)
    assert "a=setup:active" in answer


def test_only_udp_host_candidates_are_packed_ipv4_first_and_at_most_three():
    sdp = OFFER.replace("a=ice-ufrag", "\r\n".join(LAN) + "\r\na=ice-ufrag")
    summary = summarize(sdp, Role.ANSWER, TOKEN)
    assert len(summary.candidates) == MAX_CANDIDATES
    assert [c.address for c in summary.candidates] == ["192.168.1.23", "10.0.0.5", "172.16.0.5"]
    assert read_code(write_code(summary)) == summary
    ipv6 = summarize(OFFER.replace("a=ice-ufrag", LAN[1] + "\r\na=ice-ufrag"), Role.ANSWER, TOKEN)
    assert Candidate("fe80::1c2a:3bff:fe4d:5e6f", 51001) in ipv6.candidates
    assert read_code(write_code(ipv6)) == ipv6


@pytest.mark.parametrize(
    ("sdp", "why"),
    [
        (OFFER.replace("a=ice-ufrag:j6VW\r\n", ""), "no ice-ufrag"),
        (re.sub(r"a=candidate:[^\r]*\r\n", "", OFFER), "no UDP host candidate"),
        (OFFER.replace("sha-256", "sha-1"), "only sha-256"),
        (OFFER.replace("6C:E5", "6C"), "32 bytes"),
    ],
)
def test_a_description_that_cannot_pair_is_refused_with_why(sdp, why):
    with pytest.raises(PairingError, match=why):
        summarize(sdp, Role.OFFER, TOKEN)


GOOD = write_code(summarize(OFFER, Role.OFFER, TOKEN))


def _bytes_code(raw: bytes) -> str:
    return base64.b32encode(raw).decode().rstrip("=")


def _raw() -> bytearray:
    return bytearray(base64.b32decode(GOOD + "=" * (-len(GOOD) % 8)))


def _with(at: int, value: int) -> str:
    raw = _raw()
    raw[at] = value
    return _bytes_code(bytes(raw))


HOSTILE = {
    "not text": (None, "is text"),
    "a page of text": ("A" * 10_000, "at most"),
    "other letters": (GOOD[:-1] + "1", "A-Z and the digits 2-7"),
    "a character missing": (GOOD[:-1], "length is wrong|cut short|runs on"),
    "cut short": (GOOD[:40], "cut short"),
    "one more byte": (_bytes_code(bytes(_raw()) + b"\x00"), "past its end"),
    "another version": (_with(0, 2), "version 2"),
    "neither offer nor answer": (_with(1, 9), "neither"),
    "ufrag of other characters": (_with(43, ord(" ")), "characters ICE does not use"),
    "no places": (_with(len(_raw()) - 2 * 19 - 1, 0), "1 to 3 places"),
    "a place of no kind": (_with(len(_raw()) - 2 * 19, 9), "unknown kind"),
    "port 0": (_bytes_code(bytes(_raw()[:-2]) + b"\x00\x00"), "port 0"),
}


@pytest.mark.parametrize(("code", "why"), HOSTILE.values(), ids=HOSTILE.keys())
def test_a_text_that_is_no_code_is_refused_with_why(code, why):
    with pytest.raises(PairingError, match=why):
        read_code(code)
