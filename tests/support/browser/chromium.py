"""Debian's Chromium, as the tests, benchmarks, screenshots and the icon script drive it:
never a downloaded browser, and no background traffic to hosts this machine cannot reach
(the flags ../shared/TECH-NOTES.md names)."""

from __future__ import annotations

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)
