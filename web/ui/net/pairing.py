"""Pairing two phones with no server (issue 38): what one phone's offer or answer must tell
the other, packed into a short code of capitals and digits (a QR code's alphanumeric mode,
or text typed or pasted), and the session description the other phone builds from it.

A WebRTC data channel needs each side to know the other's ICE username fragment and
password, its DTLS certificate's fingerprint, and where to reach it (a few host
candidates).  Everything else in a session description is the same for every data-channel
connection, so the far side rebuilds it from a template (``remote_description``); a
phone never rewrites its own local description.

The code, before its base-32 letters::

    version (1 byte) · role (1: 0 offer, 1 answer) · seat token (8) · fingerprint (32,
    SHA-256) · ufrag length (1) and ufrag · password length (1) and password · candidate
    count (1) and each candidate: kind (1: 4 an IPv4 address, 6 IPv6, 0 an mDNS name),
    the address (4, 16, or the name's 16-byte UUID), port (2)

About 80-120 bytes, 130-190 characters: Chromium's offer with its two mDNS names is 111
bytes, 178 characters.  ``read_code`` refuses anything else with why, so a
damaged or hostile code never becomes a connection attempt, and the page never contacts
an address it did not get from a code.
"""

from __future__ import annotations

import base64
import ipaddress
import re
import uuid
from dataclasses import dataclass
from enum import IntEnum

__all__ = [
    "CODE_VERSION",
    "MAX_CANDIDATES",
    "Candidate",
    "PairingError",
    "Role",
    "Summary",
    "read_code",
    "remote_description",
    "summarize",
    "write_code",
]

CODE_VERSION = 1
MAX_CANDIDATES = 3
MAX_CODE_CHARS = 400  # a code is under 200 characters; a page of text is not one
_TOKEN_BYTES = 8
_FINGERPRINT_BYTES = 32


class PairingError(ValueError):
    """A session description or a code that cannot pair two phones, and why."""


class Role(IntEnum):
    OFFER = 0  # the host's: "join me"
    ANSWER = 1  # the joiner's: "here I am"


@dataclass(frozen=True, slots=True)
class Candidate:
    """A place the phone can be reached: an IP address or an mDNS ``<uuid>.local`` name,
    and a UDP port."""

    address: str
    port: int


@dataclass(frozen=True, slots=True)
class Summary:
    """What a phone's description must tell the other phone, and nothing more."""

    role: Role
    token: bytes  # the seat's secret (the host's offer) or the joiner's echo of it
    fingerprint: bytes  # the DTLS certificate's SHA-256
    ufrag: str
    password: str
    candidates: tuple[Candidate, ...]


_LINE = re.compile(r"^a=([\w-]+):(.*)$")
_ICE_CHARS = re.compile(r"^[0-9a-zA-Z+/]{1,255}$")  # RFC 8839's ice-char


def summarize(sdp: str, role: Role, token: bytes) -> Summary:
    """What the other phone needs of a local description ``sdp`` (the phone's own, after ICE
    gathering): its ICE credentials, fingerprint and up to three UDP host candidates, IPv4
    first.  ``PairingError`` if any of it is missing."""
    fields: dict[str, str] = {}
    candidates: list[Candidate] = []
    for line in sdp.splitlines():
        found = _LINE.match(line.strip())
        if not found:
            continue
        key, value = found.groups()
        if key == "candidate":
            candidate = _host_candidate(value)
            if candidate is not None and candidate not in candidates:
                candidates.append(candidate)
        else:
            fields.setdefault(key, value.strip())
    missing = [key for key in ("ice-ufrag", "ice-pwd", "fingerprint") if key not in fields]
    if missing:
        raise PairingError(f"the description has no {', '.join(missing)}")
    if not candidates:
        raise PairingError("the description has no UDP host candidate: ICE gathering found no address")
    algorithm, _, digest = fields["fingerprint"].partition(" ")
    if algorithm.lower() != "sha-256":
        raise PairingError(f"a {algorithm} fingerprint: only sha-256 is packed")
    candidates.sort(key=lambda c: (":" in c.address, c.address.endswith(".local")))  # IPv4 first
    return Summary(
        role,
        token,
        _fingerprint(digest),
        fields["ice-ufrag"],
        fields["ice-pwd"],
        tuple(candidates[:MAX_CANDIDATES]),
    )


def _host_candidate(value: str) -> Candidate | None:
    """A UDP host candidate's address and port (``foundation component udp priority address
    port typ host ...``); None for any other candidate."""
    parts = value.split()
    if len(parts) < 8 or parts[2].lower() != "udp" or parts[6:8] != ["typ", "host"]:
        return None
    address, port = parts[4], parts[5]
    if not port.isdigit() or not 0 < int(port) < 65536:
        return None
    try:
        _address_bytes(address)
    except PairingError:
        return None
    return Candidate(address, int(port))


def _fingerprint(digest: str) -> bytes:
    try:
        raw = bytes.fromhex(digest.replace(":", ""))
    except ValueError:
        raise PairingError("the fingerprint is not hexadecimal") from None
    if len(raw) != _FINGERPRINT_BYTES:
        raise PairingError(f"a SHA-256 fingerprint is {_FINGERPRINT_BYTES} bytes, not {len(raw)}")
    return raw


def _address_bytes(address: str) -> tuple[int, bytes]:
    if address.endswith(".local"):
        try:
            return 0, uuid.UUID(address.removesuffix(".local")).bytes
        except ValueError:
            raise PairingError(f"{address[:60]!r} is not an mDNS name of a UUID") from None
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        raise PairingError(f"{address[:60]!r} is not an IP address") from None
    return ip.version, ip.packed


def write_code(summary: Summary) -> str:
    """``summary`` as a code of capitals and digits (QR alphanumeric, readable aloud)."""
    if len(summary.token) != _TOKEN_BYTES:
        raise PairingError(f"a seat token is {_TOKEN_BYTES} bytes")
    parts = [bytes([CODE_VERSION, summary.role]), summary.token, summary.fingerprint]
    for text in (summary.ufrag, summary.password):
        raw = text.encode("ascii")
        parts.append(bytes([len(raw)]) + raw)
    parts.append(bytes([len(summary.candidates)]))
    for candidate in summary.candidates:
        kind, address = _address_bytes(candidate.address)
        parts.append(bytes([kind]) + address + candidate.port.to_bytes(2, "big"))
    return base64.b32encode(b"".join(parts)).decode("ascii").rstrip("=")


def read_code(code: object) -> Summary:
    """The summary a code holds; ``PairingError`` saying why a text is none (too long, a
    character that is not in the code's alphabet, another version, cut short, or bad
    parts)."""
    if not isinstance(code, str):
        raise PairingError("a code is text")
    if len(code) > MAX_CODE_CHARS:
        raise PairingError(f"a code is at most {MAX_CODE_CHARS} characters, not {len(code):,}")
    letters = re.sub(r"[\s-]", "", code).upper()
    if not re.fullmatch(r"[A-Z2-7]+", letters):
        raise PairingError("a code is made of the letters A-Z and the digits 2-7")
    try:
        raw = base64.b32decode(letters + "=" * (-len(letters) % 8))
    except ValueError:
        raise PairingError("the code's length is wrong: a character is missing or one too many") from None
    return _Unpacker(raw).summary()


class _Unpacker:
    def __init__(self, raw: bytes) -> None:
        self.raw, self.at = raw, 0

    def take(self, count: int) -> bytes:
        if self.at + count > len(self.raw):
            raise PairingError("the code is cut short")
        piece = self.raw[self.at : self.at + count]
        self.at += count
        return piece

    def ice_text(self, what: str) -> str:
        text = self.take(self.take(1)[0]).decode("ascii", errors="replace")
        if not _ICE_CHARS.match(text):
            raise PairingError(f"the ICE {what} holds characters ICE does not use")
        return text

    def summary(self) -> Summary:
        version, role = self.take(2)
        if version != CODE_VERSION:
            raise PairingError(f"a code of version {version}: this app reads version {CODE_VERSION}")
        if role not in tuple(Role):
            raise PairingError("the code is neither an offer nor an answer")
        token, fingerprint = self.take(_TOKEN_BYTES), self.take(_FINGERPRINT_BYTES)
        ufrag, password = self.ice_text("username fragment"), self.ice_text("password")
        count = self.take(1)[0]
        if not 0 < count <= MAX_CANDIDATES:
            raise PairingError(f"a code names 1 to {MAX_CANDIDATES} places to reach the phone, not {count}")
        candidates = tuple(self.candidate() for _ in range(count))
        if self.at != len(self.raw):
            raise PairingError("the code runs on past its end")
        return Summary(Role(role), token, fingerprint, ufrag, password, candidates)

    def candidate(self) -> Candidate:
        kind = self.take(1)[0]
        if kind == 0:
            address = f"{uuid.UUID(bytes=self.take(16))}.local"
        elif kind in (4, 6):
            address = str(ipaddress.ip_address(self.take(4 if kind == 4 else 16)))
        else:
            raise PairingError(f"a place of unknown kind {kind}")
        port = int.from_bytes(self.take(2), "big")
        if port == 0:
            raise PairingError("port 0 reaches no phone")
        return Candidate(address, port)


def remote_description(summary: Summary, session: int) -> str:
    """The session description the other phone sent, rebuilt from its summary: a data
    channel only (``m=application``), its credentials, fingerprint and candidates.  An offer
    lets the answerer choose the DTLS role (``actpass``); an answer takes the client's
    (``active``), as browsers answer.  ``session``: the description's session id."""
    fingerprint = ":".join(f"{byte:02X}" for byte in summary.fingerprint)
    setup = "actpass" if summary.role is Role.OFFER else "active"
    lines = [
        "v=0",
        f"o=- {session} 2 IN IP4 127.0.0.1",
        "s=-",
        "t=0 0",
        "a=group:BUNDLE 0",
        "a=msid-semantic: WMS",
        "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
        "c=IN IP4 0.0.0.0",
        *(_candidate_line(i, candidate) for i, candidate in enumerate(summary.candidates)),
        "a=end-of-candidates",
        f"a=ice-ufrag:{summary.ufrag}",
        f"a=ice-pwd:{summary.password}",
        f"a=fingerprint:sha-256 {fingerprint}",
        f"a=setup:{setup}",
        "a=mid:0",
        "a=sctp-port:5000",
        "a=max-message-size:262144",
    ]
    return "\r\n".join(lines) + "\r\n"


def _candidate_line(index: int, candidate: Candidate) -> str:
    # Host candidates' priority as RFC 8445 computes it for type preference 126, first best.
    priority = (126 << 24) + ((65535 - index) << 8) + 255
    return f"a=candidate:{index + 1} 1 udp {priority} {candidate.address} {candidate.port} typ host"
