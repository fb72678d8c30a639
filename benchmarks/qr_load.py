"""The first QR code on the page (issue 38): segno's wheel loaded, imported, one SVG drawn.

    .venv/bin/python benchmarks/qr_load.py [--rounds 5] [--cpu-throttle 1,4] [--compare]
                                           [--no-build] [--json PATH]

The app starts without segno (build.ON_DEMAND_WHEELS); ``ui.shell.qr_loader`` loads it the
first time a screen asks for a QR code.  Each round opens the app in a fresh Chromium
context (empty caches), waits until it is ready and its memory snapshot is made (as a
player would open the pairing screen some seconds after the start), then times, in the
page, from its own Python:

  load     the wheel fetched from the app's origin and installed (``load_segno``)
  import   ``import segno``
  svg      the first ``qr_svg`` of a 178-character pairing code
  total    the three

once cold (the wheel from the network) and once "kept": the page reloaded (a Python
restored from the snapshot), given 2 s (times the throttle) to settle, the wheel then
coming from the service worker's cache.  ``--cpu-throttle 1,4`` runs the rounds at full
speed, then with the CPU slowed 4x (``Emulation.setCPUThrottlingRate``), about a mid-range
Android phone.

``--compare`` also times two other ways to load the same wheel, cold, in the same build:
putting it on ``sys.path`` (fetched by Python, its sha256 checked, imported from the zip),
and micropip 0.11.1 (its own wheel fetched by ``build.pinned_wheel`` and added to a copy
of the site's lock file, then ``micropip.install`` of the wheel's URL).
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
from pathlib import Path
from typing import Any

import build
from playwright.sync_api import Browser, sync_playwright

from common import machine, private_site, write_json
from support.browser import chromium
from support.browser.driving import LocalServer, open_app, wait_for_controller, wait_ready

CODE = (
    "AEAAAAICAMCAKBQHNTSZEOFVQH2R7JZTBYER2EGFUPOFTO5WT4XGUNMWCTTAXTNJSHYQI2RWKZLRQRSPG5AU2STGK5WUSY"
    "KVKNGWMUCEOBGXS4TSIRCAEABQFU6HRSWXJVRK47HQFTGRYMAOW2CQAZ5TIDEWVAKAGWISKML6H2M5MKMPVE"
)
MICROPIP = ("0.11.1", "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3")

# How each way makes ``import segno`` work (run by the page's Python, with top-level await).
WAYS = {
    "pyodide": """
from ui.shell.qr_loader import load_segno
await load_segno()
""",
    "sys.path": """
import hashlib, sys
from pyscript import fetch
data = await (await fetch("./pyodide/" + WHEEL)).bytearray()
assert hashlib.sha256(data).hexdigest() == SHA256
with open("/tmp/" + WHEEL, "wb") as out:
    out.write(data)
sys.path.insert(0, "/tmp/" + WHEEL)
""",
    "micropip": """
import pyodide_js
await pyodide_js.loadPackage("micropip")
import micropip
await micropip.install(BASE + "pyodide/" + WHEEL)
""",
}

MEASURE = """async ({load, values}) => {
  const { python } = await import('./interpreter.js');
  const pyodide = await python;
  const globals = pyodide.toPy(values);
  const t0 = performance.now();
  await pyodide.runPythonAsync(load, { globals });
  const t1 = performance.now();
  pyodide.runPython("import segno", { globals });
  const t2 = performance.now();
  pyodide.runPython("from ui.net.qr import qr_svg\\nsvg = qr_svg(CODE)", { globals });
  const t3 = performance.now();
  const start = document.documentElement.dataset.snapshot;  // "restored": from the snapshot
  return { load: t1 - t0, import: t2 - t1, svg: t3 - t2, total: t3 - t0, start };
}"""

PARTS = ("load", "import", "svg", "total")
SETTLE_MS = 2_000


def with_micropip(site: Path, into: Path) -> Path:
    """A copy of ``site`` whose lock file (and the service worker's hash of it) lists micropip."""
    shutil.copytree(site, into)
    wheel = build.pinned_wheel("micropip", *MICROPIP)
    shutil.copy(wheel, into / "pyodide" / wheel.name)
    lock_path = into / "pyodide" / "pyodide-lock.json"
    before = build.sha256_of(lock_path)
    lock = json.loads(lock_path.read_text())
    lock["packages"]["micropip"] = build.lock_entry(wheel, "micropip", ["micropip"])
    lock_path.write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")
    worker = into / "sw.js"
    worker.write_text(worker.read_text().replace(before, build.sha256_of(lock_path)))
    return into


def one_round(browser: Browser, site: Path, way: str, rate: float, kept: bool) -> list[dict[str, float]]:
    server = LocalServer(site)
    server.start()
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        if rate != 1:
            session = context.new_cdp_session(page)
            session.send("Emulation.setCPUThrottlingRate", {"rate": rate})
        open_app(page, server.url)
        wait_for_controller(page)
        page.wait_for_function("() => document.documentElement.dataset.snapshot", timeout=180_000)
        wheel = f"segno-{build.ON_DEMAND_WHEELS['segno'][0]}-py3-none-any.whl"
        values = {
            "CODE": CODE,
            "WHEEL": wheel,
            "SHA256": build.ON_DEMAND_WHEELS["segno"][1],
            "BASE": server.url,
        }
        arguments = {"load": WAYS[way], "values": values}
        times = [page.evaluate(MEASURE, arguments)]
        if kept:
            page.reload()
            wait_ready(page, 180_000)
            page.wait_for_timeout(SETTLE_MS * rate)  # the start's tail settles, as before the cold run
            times.append(page.evaluate(MEASURE, arguments))
        return times
    finally:
        context.close()
        server.stop()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="The first QR code: segno loaded, imported, one SVG drawn.")
    parser.add_argument("--rounds", type=int, default=5, help="rounds per way and throttle (default 5)")
    parser.add_argument("--cpu-throttle", default="1,4", help="CPU slowdowns to run at (default 1,4)")
    parser.add_argument("--compare", action="store_true", help="also time sys.path and micropip, cold")
    parser.add_argument("--no-build", action="store_true", help="use a copy of dist/ as it is")
    parser.add_argument("--json", type=Path, help="also write the results here as JSON")
    args = parser.parse_args(argv)
    throttles = [float(rate) for rate in args.cpu_throttle.split(",") if rate.strip()]
    ways = list(WAYS) if args.compare else ["pyodide"]
    results: dict[str, Any] = {"machine": machine()}
    print(f"{machine()}, {args.rounds} rounds; ms: median (max)")
    with private_site(args.no_build) as site, sync_playwright() as playwright:
        sites = {way: site for way in ways}
        if "micropip" in ways:
            sites["micropip"] = with_micropip(site, site.parent / "with-micropip")
        browser = playwright.chromium.launch(
            executable_path=chromium.CHROMIUM, args=list(chromium.CHROMIUM_ARGS)
        )
        try:
            for rate in throttles:
                for way in ways:
                    runs = [
                        one_round(browser, sites[way], way, rate, way == "pyodide")
                        for _ in range(args.rounds)
                    ]
                    for index, kind in enumerate(["cold", "kept"][: len(runs[0])]):
                        samples = [run[index] for run in runs]
                        row = {
                            part: {
                                "median": statistics.median(s[part] for s in samples),
                                "max": max(s[part] for s in samples),
                            }
                            for part in PARTS
                        }
                        results[f"{way} {kind} {rate:g}x"] = row
                        cells = "  ".join(
                            f"{part} {row[part]['median']:6.0f} ({row[part]['max']:5.0f})" for part in PARTS
                        )
                        starts = ",".join(sorted({str(s["start"]) for s in samples}))
                        print(f"{way:8} {kind:4} {rate:g}x CPU  {cells}  ({starts})", flush=True)
        finally:
            browser.close()
    write_json(args.json, results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
