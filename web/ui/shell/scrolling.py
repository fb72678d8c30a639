"""Scrolled boxes keep their place across renders.

Every render replaces the screen's HTML, and a new box starts scrolled to its top.  A box
marked ``data-scroll="name"`` gets back the position its namesake had, so writing in the
sixth player's row of the score pad does not jump the list back to the first.  Items
marked ``data-reveal`` are brought into their box's view when the render asks for it (the
row the keypad now writes to, once a refusal has moved it there; the groups a selected
card can go on; what a hint points at): unless one of them is in view already, the box
scrolls as little as brings the first one in.  Otherwise a box never moves: the place a
player scrolled to is theirs.

A screen just opened may mark what needs the player first (``data-open-at``: the seat whose
phone is lost, far down a list of six): the page scrolls as little as brings it fully into
view below the sticky title bar.  That is the only time the page itself is scrolled.
"""

from __future__ import annotations

from typing import Any

__all__ = ["open_at", "positions", "restore"]


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
    wanted: dict[str, list[Any]] = {}
    boxes: dict[str, Any] = {}
    for item in root.querySelectorAll("[data-reveal]"):
        box = item.closest("[data-scroll]")
        if box:
            name = str(box.dataset.scroll)
            boxes[name] = box
            wanted.setdefault(name, []).append(item)
    for name, items in wanted.items():
        box = boxes[name]
        if not any(_in_view(item, box) for item in items):
            _into_view(items[0], box)


def _in_view(item: Any, box: Any) -> bool:
    inner, outer = item.getBoundingClientRect(), box.getBoundingClientRect()
    return bool(inner.top >= outer.top - 1 and inner.bottom <= outer.bottom + 1)


def _into_view(item: Any, box: Any) -> None:
    outer = box.getBoundingClientRect()
    distance = _least_scroll(item.getBoundingClientRect(), outer.top, outer.bottom)
    if distance:
        box.scrollTop = box.scrollTop + distance


def _least_scroll(item: Any, top: float, bottom: float) -> float:
    """How far to scroll (down, if more than 0) to bring ``item``'s box fully between
    ``top`` and ``bottom``, moving as little as can be; its top first if it is too tall."""
    if item.top < top:
        return float(item.top - top)
    if item.bottom > bottom:
        return float(min(item.bottom - bottom, item.top - top))
    return 0.0


def open_at(root: Any, window: Any) -> None:
    """On a screen just opened, scroll the page as little as brings its first ``data-open-at``
    item fully into view, clear of the sticky title bar (or its top to just below the bar,
    if it is taller than the room left)."""
    item = root.querySelector("[data-open-at]")
    if not item:
        return
    bar = root.querySelector("header.bar")
    top = float(bar.getBoundingClientRect().bottom) if bar else 0.0
    distance = _least_scroll(item.getBoundingClientRect(), top, float(window.innerHeight))
    if distance:
        window.scrollBy(0, distance)
