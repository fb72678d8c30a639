"""Pairing two phones with no server (issue 38), in Chromium: each page's own description
goes through ``ui.net.pairing`` as a short code, the other page is given the description
rebuilt from that code alone, and a data channel opens between them with no ICE server.

The pages here are two browser contexts on one machine (loopback); the app's screens for
this are still to come, so the test drives RTCPeerConnection itself."""

from __future__ import annotations

import secrets
from typing import Any

from ui.net.pairing import Role, read_code, remote_description, summarize, write_code

from support.browser.driving import open_app
from support.browser.engines import PHONE, Firefox, require

# One side of a connection: a negotiated, ordered, reliable data channel, no ICE server,
# its own description returned once ICE gathering is done (capped, as the app will).
PEER = """async ({offer}) => {
  const pc = new RTCPeerConnection({iceServers: []});
  const channel = pc.createDataChannel('table', {negotiated: true, id: 0, ordered: true});
  window.peer = {pc, channel, got: []};
  channel.onmessage = (event) => window.peer.got.push(event.data);
  if (offer) {
    await pc.setRemoteDescription({type: 'offer', sdp: offer});
    await pc.setLocalDescription(await pc.createAnswer());
  } else {
    await pc.setLocalDescription(await pc.createOffer());
  }
  await new Promise((done) => {
    if (pc.iceGatheringState === 'complete') return done();
    pc.addEventListener('icegatheringstatechange', () => pc.iceGatheringState === 'complete' && done());
    setTimeout(done, 2000);
  });
  return pc.localDescription.sdp;
}"""

OPEN = """() => new Promise((done) => {
  const channel = window.peer.channel;
  if (channel.readyState === 'open') done(); else channel.addEventListener('open', () => done());
})"""


def test_two_pages_open_a_data_channel_from_each_others_codes_alone(
    page: Any, server: Any, browser: Any
) -> None:
    joiner_context = browser.new_context(viewport=PHONE)
    try:
        joiner = joiner_context.new_page()
        open_app(page, server.url)
        open_app(joiner, server.url)
        token = secrets.token_bytes(8)

        offer = summarize(page.evaluate(PEER, {"offer": None}), Role.OFFER, token)
        offer_code = write_code(offer)
        assert len(offer_code) < 200 and offer_code.isalnum() and offer_code.isupper()
        assert read_code(offer_code) == offer

        answer_sdp = joiner.evaluate(PEER, {"offer": remote_description(read_code(offer_code), 1)})
        answer = summarize(answer_sdp, Role.ANSWER, read_code(offer_code).token)
        answer_code = write_code(answer)
        page.evaluate(
            "async (sdp) => window.peer.pc.setRemoteDescription({type: 'answer', sdp})",
            remote_description(read_code(answer_code), 2),
        )
        page.evaluate(OPEN)
        joiner.evaluate(OPEN)
        page.evaluate("() => window.peer.channel.send('hello from the host')")
        joiner.evaluate("() => window.peer.channel.send('hello from the joiner')")
        joiner.wait_for_function("() => window.peer.got.length === 1")
        page.wait_for_function("() => window.peer.got.length === 1")
        assert joiner.evaluate("() => window.peer.got[0]") == "hello from the host"
        assert page.evaluate("() => window.peer.got[0]") == "hello from the joiner"
        assert read_code(answer_code).token == token, "the joiner's answer carries the seat's token back"
    finally:
        joiner_context.close()


def test_firefox_joins_a_chromium_host_from_its_code_alone(page: Any, server: Any) -> None:
    """Issue 38: the joining phone need not run the host's browser."""
    require("firefox")
    firefox = Firefox("en-US")
    try:
        firefox.open(server.url)
        firefox.wait_ready()
        open_app(page, server.url)
        token = secrets.token_bytes(8)
        offer_code = write_code(summarize(page.evaluate(PEER, {"offer": None}), Role.OFFER, token))
        answer_sdp = firefox.run(PEER, {"offer": remote_description(read_code(offer_code), 1)})
        answer_code = write_code(summarize(answer_sdp, Role.ANSWER, read_code(offer_code).token))
        page.evaluate(
            "async (sdp) => window.peer.pc.setRemoteDescription({type: 'answer', sdp})",
            remote_description(read_code(answer_code), 2),
        )
        page.evaluate(OPEN)
        firefox.run(OPEN)
        page.evaluate("() => window.peer.channel.send('your seat, Firefox')")
        assert firefox.wait_until("() => window.peer.got[0]") == "your seat, Firefox"
        firefox.run("() => window.peer.channel.send('seated')")
        page.wait_for_function("() => window.peer.got.length === 1")
        assert page.evaluate("() => window.peer.got[0]") == "seated"
        problems, foreign = firefox.findings()
        assert problems == [] and foreign == []
    finally:
        firefox.close()
