"""The screens, as HTML built from engine values.  No DOM here, so it is tested on CPython."""

from __future__ import annotations

from phase10.rules import CLASSIC, OPTION_CATALOGUE

from .html import Markup, el, join

__all__ = ["home_screen", "update_banner"]


def home_screen(build: str, note: str = "") -> Markup:
    """The first screen: the name, New game, and the rule options the engine offers."""
    variations = [info for info in OPTION_CATALOGUE if info.kind == "variation"]
    rules = [info for info in OPTION_CATALOGUE if info.kind == "rule"]
    phases = [
        el("li", el("span", str(p.number), class_="phase-number"), p.describe()) for p in CLASSIC.phases
    ]
    return join(
        [
            el(
                "header",
                el("div", "10", class_="logo", aria_hidden="true"),
                el("h1", "Ten Phases"),
                el("p", "Pass-and-play Phase 10 for 2 to 6 players, on one phone.", class_="tagline"),
                class_="home-header",
            ),
            el(
                "nav",
                el("button", "New game", type="button", class_="primary", data_action="new-game"),
                class_="home-actions",
            ),
            el(
                "section",
                el("h2", "Ways to play"),
                el("ul", *[_option(info.title, info.summary) for info in variations], class_="options"),
                el("h2", "House rule"),
                el("ul", *[_option(info.title, info.summary) for info in rules], class_="options"),
                class_="card-panel",
                aria_label="Rule options",
            ),
            el(
                "section",
                el("h2", "The ten phases"),
                el("ol", *phases, class_="phase-list"),
                class_="card-panel",
            ),
            el(
                "footer",
                el("p", "An unofficial rules implementation. Phase 10 is a trademark of Mattel."),
                el(
                    "p",
                    f"Version {build}",
                    el("span", f" · {note}", class_="note") if note else "",
                    class_="version",
                ),
                class_="home-footer",
            ),
        ]
    )


def _option(title: str, summary: str) -> Markup:
    return el("li", el("strong", title), el("span", summary))


def update_banner() -> Markup:
    return join(
        [
            el("span", "Update available"),
            el("button", "Update now", type="button", class_="primary", data_action="apply-update"),
            el("button", "Later", type="button", data_action="dismiss-update"),
        ]
    )
