"""The UI's screens render from engine values, with every piece of text escaped."""

from __future__ import annotations

from ui.kit.html import el, esc
from ui.menus import home_screen, settings_screen, update_banner
from ui.state import Ui

from phase10.rules import CLASSIC, OPTION_CATALOGUE
from support.web.english import EN


def test_text_is_escaped():
    assert esc("<img src=x onerror=alert(1)>") == "&lt;img src=x onerror=alert(1)&gt;"
    assert el("p", "<b>", title='"q"') == '<p title="&quot;q&quot;">&lt;b&gt;</p>'


def test_home_screen_lists_the_engines_options_and_phases():
    html = home_screen(Ui(), EN, 0)
    for info in OPTION_CATALOGUE:
        assert EN(f"option.{info.key}.title") in html
    for phase in CLASSIC.phases:
        assert esc(EN.phase(phase)) in html
    assert 'data-action="new-game"' in html
    assert "Version" not in html, "the build is named in Settings, not on the home screen"


def test_settings_name_the_build_escaped():
    html = settings_screen(Ui(), EN, build="abc123", note="<script>")
    assert "Version abc123" in html
    assert "<script>" not in html and "&lt;script&gt;" in html


def test_update_banner_offers_the_update():
    html = update_banner("en")
    assert "Update available" in html and 'data-action="apply-update"' in html


def test_cards_piles_and_groups_have_names_a_screen_reader_says():
    from ui.controller import Screen
    from ui.screens import render

    from phase10.notation import parse_state

    state = parse_state(
        """
        game seed=3 current=0 step=play
        seat 0 "Ann"
          hand: R7 W S B1 B2 B3 B4 B5 B6 B8 B9
        seat 1 "Bo" phase-index=1
          hand: G1 G2 G3
          group: set:Y7,G7,B7
          group: run:R4,B5,G6,Y7
        discard: B12
        """
    )
    html = render(Ui(screen=Screen.TABLE, game=state))
    for name in ("Red 7", "Wild", "Skip", "top card: Blue 12", "set of 7s, 3 cards", "run 4-7, 4 cards"):
        assert f'aria-label="{name}"' in html, name
    assert '<span class="pile-name">Discard pile</span>' in html
    assert 'aria-label="Bo: phase 2, 3 cards, 0 points"' in html
    assert 'role="group" aria-label="Your hand"' in html
