"""Whether a page fits a phone: nothing past the edge, no words cut off by it, no sideways
scrolling, every control big enough for a finger (44 CSS pixels) and wide enough for its
label, and every box that scrolls named, so that a render keeps its place."""

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
                const range = document.createRange();
                // The words a control shows: not those of a box inside it (or its own) that
                // clips them, as the words kept for screen readers are.
                const clips = (el) => getComputedStyle(el).overflowX !== "visible";
                const shownWords = (control) => {
                    const found = [];
                    const walk = document.createTreeWalker(control, NodeFilter.SHOW_TEXT);
                    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
                        if (!node.textContent.trim()) continue;
                        let clipped = false;
                        for (let el = node.parentElement; el && !clipped; el = el.parentElement) {
                            clipped = clips(el);
                            if (el === control) break;
                        }
                        if (!clipped) found.push(node);
                    }
                    return found;
                };
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
                    // A label wider than its control spills over its border (fields scroll
                    // their own text; a control that clips its label means to).  The words
                    // are measured, not scrollWidth: a tag over a card ("New") may overhang.
                    if (["INPUT", "SELECT"].includes(el.tagName)) continue;
                    const left = box.left + el.clientLeft, right = left + el.clientWidth;
                    for (const node of shownWords(el)) {
                        range.selectNodeContents(node);
                        const words = range.getBoundingClientRect();
                        if (words.width === 0) continue;
                        if (words.left < left - 1 || words.right > right + 1) {
                            const span = (a, b) => `${Math.round(a)}-${Math.round(b)}`;
                            problems.push(`${el.tagName} "${el.textContent.trim().slice(0, 30)}" is too ` +
                                          `narrow for its label: ${span(words.left, words.right)} ` +
                                          `outside ${span(left, right)}`);
                            break;
                        }
                    }
                }
                // Words cut off at the screen's edge: the body clips what runs past it (no
                // sideways scroll), so the page's width alone never shows them.  Text that a
                // box of its own scrolls, clips or ends with an ellipsis is that box's to show.
                const app = document.getElementById("app");
                const walker = document.createTreeWalker(app, NodeFilter.SHOW_TEXT);
                const minded = (node) => {
                    for (let el = node.parentElement; el && el !== document.body; el = el.parentElement)
                        if (clips(el)) return true;
                    return false;
                };
                for (let node = walker.nextNode(); node; node = walker.nextNode()) {
                    if (!node.textContent.trim()) continue;
                    range.selectNodeContents(node);
                    const box = range.getBoundingClientRect();
                    if (box.width === 0 || box.height === 0) continue;  // not shown
                    if ((box.right > window.innerWidth + 1 || box.left < -1) && !minded(node))
                        problems.push(`"${node.textContent.trim().slice(0, 30)}" runs past the edge: ` +
                                      `${Math.round(box.left)}-${Math.round(box.right)}`);
                }
                // A region that scrolls sideways: every scrolling box of the app is meant to
                // scroll up and down only.  And one that scrolls up and down keeps the place
                // the player scrolled it to only if it is named (data-scroll): a render
                // replaces the screen's HTML, and a new box starts at its top.
                const scrolls = (overflow) => ["auto", "scroll"].includes(overflow);
                for (const el of [app, ...app.querySelectorAll("*")]) {
                    const style = getComputedStyle(el);
                    if (scrolls(style.overflowX) && el.scrollWidth > el.clientWidth + 1)
                        problems.push(`${el.tagName}.${el.className} scrolls sideways: ` +
                                      `${el.scrollWidth} > ${el.clientWidth}`);
                    if (scrolls(style.overflowY) && el.scrollHeight > el.clientHeight + 1 &&
                        !el.dataset.scroll)
                        problems.push(`${el.tagName}.${el.className} scrolls with no data-scroll ` +
                                      `name: a render would move it back to its top`);
                }
                return problems;
            }""",
            CONTROLS,
        )
    )
