"""Building HTML safely: every piece of text is escaped, so names stay text."""

from __future__ import annotations

__all__ = ["NO_HTML", "Markup", "attrs", "el", "esc", "join"]


class Markup(str):
    """HTML that is already safe to insert."""

    __slots__ = ()


NO_HTML = Markup("")  # nothing to show


# Not html.escape: importing the stdlib's html package compiles its entity table,
# about 60 ms of start-up on Pyodide, for five replacements.
_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"})


def esc(value: object) -> Markup:
    if isinstance(value, Markup):
        return value
    return Markup(str(value).translate(_ESCAPES))


def attrs(values: dict[str, object]) -> str:
    parts = []
    for key, value in values.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        parts.append(f" {name}" if value is True else f' {name}="{esc(value)}"')
    return "".join(parts)


def el(tag: str, *children: object, **attributes: object) -> Markup:
    """``el("button", "New game", class_="primary", data_action="new")``"""
    inner = "".join(esc(child) if not isinstance(child, Markup) else child for child in children)
    return Markup(f"<{tag}{attrs(attributes)}>{inner}</{tag}>")


def join(items: object) -> Markup:
    return Markup("".join(esc(item) for item in items))  # type: ignore[attr-defined]
