"""Scrolled boxes keep their place across renders.

Every render replaces the screen's HTML, and a new box starts scrolled to its top.  A box
marked ``data-scroll="name"`` gets back the position its namesake had, so writing in the
sixth player's row of the score pad does not jump the list back to the first.  An item
marked ``data-reveal`` is scrolled into its box's view when the render asks for it (the
row the keypad now writes to, say, once a refusal has moved it there).
"""

from __future__ import annotations

from typing import Any

__all__ = ["positions", "restore"]


def positions(root: Any) -> dict[str, float]:
    """How far each named box under ``root`` is scrolled."""
    return {box.dataset.scroll: float(box.scrollTop) for box in root.querySelectorAll("[data-scroll]")}


def restore(root: Any, kept: dict[str, float], *, reveal: bool) -> None:
    """Scroll the named boxes under ``root`` back to ``kept``; then, if ``reveal``, bring
    each ``data-reveal`` item fully into its box's view, moving the box as little as can be."""
    for box in root.querySelectorAll("[data-scroll]"):
        top = kept.get(box.dataset.scroll)
        if top:
            box.scrollTop = top
    if not reveal:
        return
    for item in root.querySelectorAll("[data-reveal]"):
        box = item.closest("[data-scroll]")
        if box:
            _into_view(item, box)


def _into_view(item: Any, box: Any) -> None:
    inner, outer = item.getBoundingClientRect(), box.getBoundingClientRect()
    if inner.top < outer.top:
        box.scrollTop = box.scrollTop - (outer.top - inner.top)
    elif inner.bottom > outer.bottom:
        box.scrollTop = box.scrollTop + min(inner.bottom - outer.bottom, inner.top - outer.top)
