"""axe-core in the page: the serious and critical accessibility problems of what it shows.

axe is evaluated through Playwright's own channel (the DevTools protocol), which the
page's Content-Security-Policy does not govern: no script tag, no request, and the
service worker never sees it.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

AXE = Path(__file__).resolve().parents[3] / "node_modules" / "axe-core" / "axe.min.js"

# WCAG 2.0, 2.1 and 2.2 at levels A and AA, and axe's best practices.
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa", "best-practice"]
IMPACTS = ("serious", "critical")

RUN = """async (tags) => {
  const options = { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] };
  const results = await axe.run(document, options);
  return results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    nodes: v.nodes.map((n) => ({
      target: n.target.join(' '),
      tag: n.html.split('>')[0].slice(0, 160) + '>',
      summary: n.failureSummary || '',
    })),
  }));
}"""


@cache
def _axe_source() -> str:
    return AXE.read_text(encoding="utf-8")


def axe_problems(page: Any) -> list[str]:
    """One line per element that breaks a serious or critical rule: the rule, its impact,
    the element (its selector and opening tag) and what fails; [] when none does."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(_axe_source() + "\n;undefined")
    violations: list[dict[str, Any]] = page.evaluate(RUN, TAGS)
    return [
        f"{v['id']} ({v['impact']}) {node['target']} {node['tag']}: {' '.join(node['summary'].split())}"
        for v in violations
        if v["impact"] in IMPACTS
        for node in v["nodes"]
    ]


# The focused element's ring: drawn, 2 px or more, 3:1 against what lies under it, and not
# cut off by any scrolling or clipping box around it.  A radio or checkbox shows the ring on
# its label.
FOCUS = """() => {
  let el = document.activeElement;
  if (!el || el === document.body) return null;
  if (el.matches('.choice > input')) el = el.parentElement;
  const style = getComputedStyle(el);
  const text = el.textContent.trim().slice(0, 24);
  const name = `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${text}"`;
  const width = parseFloat(style.outlineWidth);
  if (style.outlineStyle === 'none' || width < 2) return `${name}: no focus ring`;
  const rgba = (text) => (text.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => {
    const lin = (c) => ((c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  // What lies under the ring: the parent's background, composited up to the page's.
  const layers = [];
  for (let node = el.parentElement; node; node = node.parentElement) {
    const [r, g, b, a = 1] = rgba(getComputedStyle(node).backgroundColor);
    if (a > 0) layers.push([r, g, b, a]);
    if (a >= 1) break;
  }
  let under = [15, 61, 46];  // the felt
  for (const [r, g, b, a] of layers.reverse()) under = [r, g, b].map((c, i) => c * a + under[i] * (1 - a));
  const ring = lum(rgba(style.outlineColor)), back = lum(under);
  const ratio = (Math.max(ring, back) + 0.05) / (Math.min(ring, back) + 0.05);
  if (ratio < 3)
    return `${name}: ring ${style.outlineColor} on rgb(${under.map(Math.round)}), ${ratio.toFixed(2)}:1`;
  const reach = Math.max(0, parseFloat(style.outlineOffset)) + width;
  const box = el.getBoundingClientRect();
  for (let node = el.parentElement; node && node !== document.body; node = node.parentElement) {
    const s = getComputedStyle(node);
    if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
    const clip = node.getBoundingClientRect();
    if (box.left - reach < clip.left - 0.5 || box.right + reach > clip.right + 0.5 ||
        box.top - reach < clip.top - 0.5 || box.bottom + reach > clip.bottom + 0.5)
      return `${name}: ring cut off by ${node.tagName.toLowerCase()}.${[...node.classList].join('.')}`;
  }
  return '';
}"""


def focus_problems(page: Any, limit: int = 80) -> list[str]:
    """Tab through the page's controls, up to ``limit`` of them, and report each focus ring
    that is missing, faint or cut off."""
    problems: list[str] = []
    seen: set[str] = set()
    for _ in range(limit):
        page.keyboard.press("Tab")
        key = page.evaluate(
            "() => document.activeElement ? document.activeElement.outerHTML.slice(0, 300) : ''"
        )
        if key in seen:
            break
        seen.add(key)
        problem = page.evaluate(FOCUS)
        if problem:
            problems.append(problem)
    return problems
