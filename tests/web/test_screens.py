"""The UI's screens render from engine values, with every piece of text escaped."""

from __future__ import annotations

from english import EN
from ui.controller import Ui
from ui.html import el, esc
from ui.screens import home_screen, update_banner

from phase10.rules import CLASSIC, OPTION_CATALOGUE


def test_text_is_escaped():
    assert esc("<img src=x onerror=alert(1)>") == "&lt;img src=x onerror=alert(1)&gt;"
    assert el("p", "<b>", title='"q"') == '<p title="&quot;q&quot;">&lt;b&gt;</p>'


def test_home_screen_lists_the_engines_options_and_phases():
    html = home_screen(Ui(), EN, "abc123", "<script>", 0)
    for info in OPTION_CATALOGUE:
        assert EN(f"option.{info.key}.title") in html
    for phase in CLASSIC.phases:
        assert esc(EN.phase(phase)) in html
    assert 'data-action="new-game"' in html
    assert "Version abc123" in html
    assert "<script>" not in html and "&lt;script&gt;" in html


def test_update_banner_offers_the_update():
    html = update_banner("en")
    assert "Update available" in html and 'data-action="apply-update"' in html
