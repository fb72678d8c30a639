"""Reading a pairing code with the camera (issue 38): from the tap on Scan the code to the
code found, and one look at a frame by the decoder.

    .venv/bin/python benchmarks/scan.py [--rounds 5] [--cpu-throttle 1,4] [--no-build] [--json PATH]

Chromium's fake camera shows a 178-character pairing code as a QR code (640x480, made here
as tests/support/browser/camera.py makes it). Debian's Chromium has no BarcodeDetector, so
the code is read by jsQR (build.QR_READER), as on every browser but Chrome on Android. Each
round opens the app in a fresh context (empty caches), waits until it is ready and its
service worker controls it, opens Join a table, and times, in the page:

  first    tap to code found, cold: web/scanner.js and the decoder fetched from the
           server, the camera started, frames read until one holds the code
  kept     the same after a reload: the scanner and the decoder from the service worker's
           cache (the next start of the app)
  decode   one look at a frame by jsQR (the page's own module: draw the 640x480 frame into
           a canvas, read its pixels, decode), median of 20

``--cpu-throttle 1,4`` runs the rounds at full speed, then with the CPU slowed 4x
(``Emulation.setCPUThrottlingRate``), about a mid-range Android phone.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

import build
from playwright.sync_api import Browser, sync_playwright
from ui.net.pairing import Role
from ui.state import Event

from common import machine, private_site, write_json
from support.browser import chromium
from support.browser.camera import camera_args, show_qr
from support.browser.driving import LocalServer, open_app, tap, wait_for_controller, wait_ready
from support.web.tour import pairing_code

# Tap Scan the code, and wait until the camera's view has closed on a code found (the code
# then goes on as typed: the join, timed by benchmarks/phones.py, is not counted here).
SCAN = """async () => {
  const started = performance.now();
  document.querySelector('[data-action=scan-code][data-value=host-code]').click();
  if (!document.getElementById('scanner')) throw new Error('the camera view did not open');
  await new Promise((done) => {
    const look = () => (document.getElementById('scanner') ? setTimeout(look, 5) : done());
    look();
  });
  return performance.now() - started;
}"""

# One look at a frame by the decoder, as web/scanner.js takes it (median of 20, ms).
DECODE = """async (reader) => {
  const { default: jsQR } = await import(reader);
  const stream = await navigator.mediaDevices.getUserMedia({ video: true });
  const video = document.createElement('video');
  video.muted = true;
  video.srcObject = stream;
  await video.play();
  await new Promise((done) => setTimeout(done, 300));
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  const times = [];
  let found = null;
  for (let round = 0; round < 20; round += 1) {
    const started = performance.now();
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
    found = jsQR(pixels, canvas.width, canvas.height, { inversionAttempts: 'dontInvert' });
    times.push(performance.now() - started);
  }
  for (const track of stream.getTracks()) track.stop();
  times.sort((a, b) => a - b);
  return [times[10], Boolean(found)];
}"""


def one_round(browser: Browser, url: str, rate: float) -> dict[str, float]:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        open_app(page, url)
        wait_for_controller(page)
        session = context.new_cdp_session(page)
        session.send("Emulation.setCPUThrottlingRate", {"rate": rate})
        tap(page, Event("join-table"))
        page.wait_for_timeout(2000 * rate)
        first = float(page.evaluate(SCAN))
        page.wait_for_selector(".pair-code", timeout=15_000)  # the code found was the host's
        page.reload()
        wait_ready(page)
        session = context.new_cdp_session(page)
        session.send("Emulation.setCPUThrottlingRate", {"rate": rate})
        tap(page, Event("join-table"))
        page.wait_for_timeout(2000 * rate)  # the start settled, as a player opens the screen
        kept = float(page.evaluate(SCAN))
        page.wait_for_selector(".pair-code", timeout=15_000)
        decode, read = page.evaluate(DECODE, f"./{build.QR_READER}")
        assert read, "the decoder read the code"
        return {"first": first, "kept": kept, "decode": float(decode)}
    finally:
        context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="rounds per throttle (default 5)")
    parser.add_argument("--cpu-throttle", default="1,4", help="CPU slowdowns to run at (default 1,4)")
    parser.add_argument("--no-build", action="store_true", help="measure a copy of dist/ as it is")
    parser.add_argument("--json", type=Path, help="write the results here too")
    args = parser.parse_args(argv)
    throttles = [float(rate) for rate in args.cpu_throttle.split(",") if rate.strip()]
    results: dict[str, Any] = {"machine": machine(), "rounds": {}}
    with (
        private_site(args.no_build) as site,
        tempfile.TemporaryDirectory() as folder,
        sync_playwright() as pw,
    ):
        reader_bytes = (site / build.QR_READER).stat().st_size
        video = Path(folder) / "code.y4m"
        show_qr(video, pairing_code(Role.OFFER, bytes(range(8))))
        browser = pw.chromium.launch(executable_path=chromium.CHROMIUM, args=camera_args(video))
        server = LocalServer(site)
        server.start()
        try:
            print(f"decoder: {build.QR_READER}, {reader_bytes:,} bytes")
            print("CPU     | first scan, ms | kept, ms | one decode, ms   (median (max))")
            for rate in throttles:
                rounds = [one_round(browser, server.url, rate) for _ in range(args.rounds)]
                results["rounds"][str(rate)] = rounds
                cells = [
                    f"{statistics.median(r[key] for r in rounds):,.0f} ({max(r[key] for r in rounds):,.0f})"
                    for key in ("first", "kept", "decode")
                ]
                print(f"{rate:g}x".ljust(8) + "| " + " | ".join(cells))
        finally:
            server.stop()
            browser.close()
        results["reader_bytes"] = reader_bytes
    write_json(args.json, results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
