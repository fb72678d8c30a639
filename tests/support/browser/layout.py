"""Whether a page fits a phone: nothing past the edge, no sideways scrolling, and every
control big enough for a finger (44 CSS pixels)."""

from __future__ import annotations

from typing import Any

# Every element a finger can use: buttons, fields, choices, the summary of a <details>.
CONTROLS = ", ".join(
    [
        "#app button",
        "#app input:not([type=radio]):not([type=checkbox])",
        "#app select",
        "#app summary",
        "#app label.choice",
    ]
)


def layout_problems(page: Any) -> list[str]:
    return list(
        page.evaluate(
            """(selector) => {
                const problems = [];
                const root = document.scrollingElement;
                if (root.scrollWidth > window.innerWidth + 1)
                    problems.push(`page scrolls sideways: ${root.scrollWidth} > ${window.innerWidth}`);
                for (const el of document.querySelectorAll(selector)) {
                    const box = el.getBoundingClientRect();
                    if (box.width === 0 && box.height === 0) continue;  // not shown
                    if (box.right > window.innerWidth + 1 || box.left < -1)
                        problems.push(`${el.tagName} "${el.textContent.trim().slice(0, 30)}" ` +
                                      `goes past the edge: ${Math.round(box.left)}-${Math.round(box.right)}`);
                    if (box.width < 44 || box.height < 44)
                        problems.push(`${el.tagName} "${el.textContent.trim().slice(0, 30)}" is ` +
                                      `${Math.round(box.width)}x${Math.round(box.height)}`);
                }
                return problems;
            }""",
            CONTROLS,
        )
    )
