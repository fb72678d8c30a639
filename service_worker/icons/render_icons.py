"""Render the app icons from icon.svg with Chromium (run by hand when the icon changes).

    .venv/bin/python service_worker/icons/render_icons.py

(.venv as tests/run.py sets it up: its ten-phases.pth puts tests/, and so the
support package that names the Chromium to drive, on the path.)

The PNGs are committed, so building the app needs no browser.  The maskable
icon draws the same artwork smaller on a full-bleed background, inside the
safe zone a launcher may crop to a circle.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import sync_playwright

from support.browser import chromium

HERE = Path(__file__).resolve().parent
SIZES = {"icon-192.png": (192, 1.0), "icon-512.png": (512, 1.0), "apple-touch-icon.png": (180, 1.0)}
MASKABLE = {"icon-maskable-512.png": (512, 0.72)}


def page_html(svg: str, size: int, scale: float, full_bleed: bool) -> str:
    inner = int(size * scale)
    background = "#0f3d2e" if full_bleed else "transparent"
    return (
        f"<html><body style='margin:0;width:{size}px;height:{size}px;background:{background};"
        f"display:grid;place-items:center'>"
        f"<div style='width:{inner}px;height:{inner}px'>{svg}</div></body></html>"
    )


def main() -> None:
    svg = (HERE / "icon.svg").read_text()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium.CHROMIUM, args=list(chromium.CHROMIUM_ARGS))
        for name, (size, scale) in {**SIZES, **MASKABLE}.items():
            page = browser.new_page(viewport={"width": size, "height": size})
            # Apple and maskable icons must be opaque: draw them on the felt colour.
            opaque = name in MASKABLE or name.startswith("apple")
            page.set_content(page_html(svg, size, scale, opaque))
            page.screenshot(path=str(HERE / name), omit_background=not opaque)
            page.close()
            print("wrote", name)
        browser.close()


if __name__ == "__main__":
    main()
