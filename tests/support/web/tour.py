"""A tour of every screen: UI states of whole games by taps (both editions, people and
computers), the score pad, the menus and the damaged saves, for the tests that check
what every screen shows or sends."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

from ui.effects import HostSaid, ListsKept, PeerCode, PhoneLinked, TellPhone
from ui.kit.i18n import text
from ui.net.pairing import Candidate, Role, Summary, write_code
from ui.records import PastGame, Restore
from ui.state import Event, Screen, Settings, SetupInput, Ui
from ui.table.play import computer_due
from ui.taps import HostSlow
from ui.update import update

from phase10 import GameConfig, Step, apply, legal_actions, new_game
from phase10.notation import parse_state
from phase10.phaselists import encode
from phase10.rules import GroupKind, GroupSpec, PhaseList
from phase10.wire import view_for, write_message
from support.web.taps import handle, next_taps


def every_screen() -> Iterator[tuple[str, Ui]]:
    """UI states on every screen: whole games by taps, both editions, people and computers."""
    home = Ui()
    yield "home", home
    yield "home, damaged save", replace(home, save_problem=text("storage.bad_save", detail="x"))
    yield "corrupt", replace(home, screen=Screen.CORRUPT, save_problem=text("storage.bad_save", detail="x"))
    yield (
        "newer save",
        replace(
            home,
            screen=Screen.CORRUPT,
            save_newer=True,
            save_problem=text("storage.newer", version=2, supported=1),
        ),
    )
    yield "rules", replace(home, screen=Screen.RULES)
    yield (
        "settings, kept, with a notice",
        replace(home, screen=Screen.SETTINGS, kept=True, message=text("storage.settings_reset")),
    )
    backup = Restore(new_game(GameConfig(("Ann", "Bo"), 4)), (), 2, "2026-11-23T09:30:00")
    yield "restore", replace(home, screen=Screen.RESTORE, restore=backup, game=backup.game)
    sunday = PhaseList.of("Sunday", [GroupSpec(GroupKind.SET, 3)], [GroupSpec(GroupKind.RUN, 5)])
    with_lists = replace(backup, game=None, lists=(sunday,))
    yield "restore, a phase list", replace(home, screen=Screen.RESTORE, restore=with_lists)
    yield "settings", replace(home, screen=Screen.SETTINGS, settings=Settings(large_type=True))
    yield "settings, Spanish", replace(home, screen=Screen.SETTINGS, settings=Settings(language="es"))
    setup = handle(home, Event("new-game"))
    yield "setup", setup
    flip = SetupInput(("", ""), ("person", "hard"), "flip", ("first-to-n",), "3", seed="12x")
    yield "setup, flip, bad seed", handle(setup, Event("start-game", form=flip))
    dealt = handle(setup, Event("deal-phase-list", "20261127"))
    yield "setup, a dealt list", dealt
    # Kept on the phone under a name, with another kept list the Flip deck alone can play.
    named = SetupInput(("", ""), ("person", "person"), list_name="Sunday")
    kept = handle(dealt, Event("keep-list", form=named))
    stars = PhaseList.of("Stars", [GroupSpec(GroupKind.COLOR_RUN, 2), GroupSpec(GroupKind.SET, 3)])
    assert kept.setup.phase_list is not None
    shelf = (stars, kept.setup.phase_list)
    kept = update(kept, ListsKept(shelf)).ui
    yield "setup, a list kept", kept
    yield (
        "setup, a kept list renamed",
        handle(kept, Event("setup-change", form=replace(named, list_name="Mine"))),
    )
    yield "setup, the kept lists", handle(kept, Event("edition-phases"))
    yield "setup, a kept list played", handle(kept, Event("saved-list", encode(shelf[-1])))
    yield "setup, a kept list forgotten", handle(kept, Event("forget-list", encode(shelf[-1])))
    typo = SetupInput(("", ""), ("person", "person"), phase_code="P1-3S3S-Q")
    yield "setup, a code mistyped", handle(dealt, Event("use-phase-code", form=typo))
    editor = handle(setup, Event("list-edit"))
    yield "list editor", editor
    for event in (
        Event("list-phase", "3"),
        Event("list-add-group"),
        Event("list-kind", "1:color_run"),
        Event("list-size", "1:+"),
        Event("list-size", "0:-"),
        Event("list-move", "up"),
        Event("list-add-phase"),
        Event("list-size", "0:+"),
        Event("list-remove-group", "0"),
    ):
        editor = handle(editor, event)
        yield f"list editor, {event.name} {event.value}", editor
    broken = editor
    for _ in range(4):
        broken = handle(broken, Event("list-size", "0:+"))
    broken = handle(handle(broken, Event("list-add-group")), Event("list-use"))
    yield "list editor, refused", broken
    yield "list editor, a phase removed", handle(broken, Event("list-remove-phase"))
    yield "setup, an edited list", handle(editor, Event("list-use"))
    clash = SetupInput(("", ""), ("person", "person"), ways=("ten-hands", "any-order"))
    yield "setup, ways that do not combine", handle(setup, Event("setup-change", form=clash))
    yield from pad_screens(home)
    yield from phone_screens(home)
    first = ("first-to-n",)
    tables = (
        (("Ann", "Bo", "Cy"), ("person",) * 3, "classic", "4", "2", first, setup),
        (("Robo", "Ann", "Hal"), ("normal", "person", "hard"), "flip", "48", "2", first, setup),
        (("Ann", "Bo", "Hal"), ("person", "person", "easy"), "flip", "7", "1", first, setup),
        # An own list dealt by chance, phases in any order (rulings 31 and 33).
        (
            ("Ann", "Bo", "Robo"),
            ("person", "person", "normal"),
            "classic",
            "5",
            "2",
            (*first, "any-order"),
            dealt,
        ),
    )
    for names, kinds, edition, seed, phases, ways, form in tables:
        fields = SetupInput(names, kinds, edition, ways, phases, seed=seed)
        ui = handle(form, Event("start-game", form=fields))
        assert ui.game is not None, form.setup.error
        for step in range(5000):
            yield f"{edition} game, step {step}", ui
            if ui.screen is Screen.GAME_OVER:
                break
            if computer_due(ui):
                ui = handle(ui, Event("computer"))
                continue
            for event in next_taps(ui):
                ui = handle(ui, event)
                yield f"{edition} game, step {step}, {event.name}", ui
            if step == 1:  # a person's table: leaving it asks, and Home offers to continue
                yield f"{edition} game, leaving?", handle(ui, Event("back"))
                yield f"{edition} game, Home with a game to continue", handle(ui, Event("home"))
        yield "game over", ui
        yield "past games", replace(ui, screen=Screen.HISTORY)
        yield "rules, with the game's phases", replace(ui, screen=Screen.RULES)
    state = parse_state(
        """
        game seed=3 current=0 step=play
        seat 0 "Ann" phase-index=1
          hand: W R9 S B2
          group: set:R8,B8,Y8
          group: run:G3,G4,G5,G6
        seat 1 "Bo"
          hand: B1 B2 B3 B4 B5 B6 B7 B8 B9 B10
        discard: G1
        """
    )
    ui = handle(handle(Ui(screen=Screen.TABLE, game=state), Event("select", "0")), Event("hit", "0:1"))
    yield "run end prompt", ui
    ui = handle(handle(Ui(screen=Screen.TABLE, game=state), Event("select", "2")), Event("discard"))
    yield "skip prompt", ui
    yield "refused", handle(Ui(screen=Screen.TABLE, game=state), Event("hit", "0:0"))


def pad_screens(home: Ui) -> Iterator[tuple[str, Ui]]:
    """The score pad's screens: set-up, hands written and refused, the counter, the winner."""
    setup = handle(home, Event("pad"))
    yield "pad set-up", setup
    form = SetupInput(("Ann", "Bo", "Cy"), ("person",) * 3, "classic", ("first-to-n",), "1", el_chavo=True)
    pad = handle(setup, Event("pad-start", form=form))
    yield "pad, no hands", pad
    hand = handle(pad, Event("pad-write"))
    yield "pad hand", hand
    yield "pad hand, refused", handle(handle(hand, Event("pad-out", "0")), Event("pad-save"))
    yield "pad counter", handle(handle(hand, Event("pad-count", "1")), Event("pad-count-more", "3"))
    taps = [Event("pad-out", "0"), Event("pad-at", "1"), Event("pad-key", "5"), Event("pad-key", "0")]
    taps += [Event("pad-at", "2"), Event("pad-key", "6"), Event("pad-key", "0"), Event("pad-save")]
    won = hand
    for event in taps:
        won = handle(won, event)
    yield "pad, won", won
    yield "pad, mending", handle(won, Event("pad-mend", "1"))
    yield "pad, a hand taken back", handle(won, Event("pad-undo"))
    yield "pad set-up again", handle(won, Event("pad-new"))
    yield "pad, damaged", replace(home, screen=Screen.PAD, pad_problem=text("pad.damaged", detail="x"))
    assert won.pad is not None
    backup = Restore(None, (PastGame(won.pad),), 0, "2026-11-23T09:30:00", won.pad)
    yield "restore a pad", replace(home, screen=Screen.RESTORE, restore=backup, pad=pad.pad)
    yield "past games with a pad", replace(won, screen=Screen.HISTORY)
    # An own list dealt by chance, phases in any order: each player's phase is written.
    dealt = handle(setup, Event("deal-phase-list", "31"))
    picked = SetupInput(("Ann", "Bo"), ("person",) * 2, ways=("any-order",))
    chosen = handle(handle(dealt, Event("pad-start", form=picked)), Event("pad-write"))
    yield "pad hand, phases in any order", chosen
    yield "pad hand, a phase written", handle(chosen, Event("pad-phase", "1:2"))


# Where a phone can be reached, as Chromium lists it: two mDNS names.
MDNS = tuple(
    Candidate(name, 46725 + i)
    for i, name in enumerate(
        ("302d3c78-cad7-4d62-ae7c-f02ccd1c300e.local", "67b340c9-6a81-4035-9125-317e3e99d629.local")
    )
)


def pairing_code(role: Role, token: bytes, candidates: tuple[Candidate, ...] = MDNS) -> str:
    """A code as a phone would make it, reachable at ``candidates``."""
    return write_code(Summary(role, token, bytes(range(32)), "j6VW", "FO7AMJfWmIaUSMfPDpMyrrDD", candidates))


def phone_screens(home: Ui) -> Iterator[tuple[str, Ui]]:
    """A game on several phones: the host's seats and codes, the joining phone, its table."""
    token = bytes(range(8))
    yield "setup, on several phones", handle(home, Event("new-game", "phones"))
    joining = handle(home, Event("join-table"))
    yield "join a table", joining
    yield "join a table, a code refused", handle(joining, Event("join-code", "NOT A CODE"))
    answered = handle(joining, Event("join-code", pairing_code(Role.OFFER, token)))
    answered = update(answered, PeerCode(-1, pairing_code(Role.ANSWER, token), token.hex())).ui
    yield "join a table, the answer shown", answered
    yield "join a table, the host slow to come", update(answered, HostSlow()).ui
    yield "join a table, the host not reached", update(answered, PhoneLinked(-1, False)).ui
    fields = SetupInput(("Ann", "Bo", "Robo"), ("person", "person", "normal"), seed="9")
    host = handle(handle(home, Event("new-game")), Event("start-game", form=fields))
    shown = handle(host, Event("reveal")) if host.screen is Screen.HANDOFF else host
    yield "the table's menu, on the phone that runs the game", handle(shown, Event("menu"))
    phones = handle(host, Event("phones"))
    yield "phones at the table", phones
    waiting = update(phones, PeerCode(1, pairing_code(Role.OFFER, token), token.hex())).ui
    yield "phones at the table, a code shown", waiting
    yield "phones at the table, a code refused", handle(waiting, Event("accept-phone", "1:AAAA"))
    linked = update(waiting, PhoneLinked(1, True))
    yield "phones at the table, a phone linked", linked.ui
    table = update(answered, HostSaid(next(e.text for e in linked.effects if isinstance(e, TellPhone))))
    yield "a joined phone's table", table.ui
    yield "home, with a joined table", handle(table.ui, Event("home"))
    played = handle(linked.ui, Event("back"))
    yield "the host's table, a seat on its own phone", played
    lost = update(played, PhoneLinked(1, False)).ui
    yield "the host's table, a phone lost", lost
    yield "phones at the table, a phone lost", handle(lost, Event("phones"))
    yield "a joined phone's table, the host lost", update(table.ui, PhoneLinked(-1, False)).ui
    over, moves = new_game(GameConfig(("Ann", "Bo", "Robo"), 3)), random.Random(3)
    while over.step is not Step.HAND_OVER:  # random legal play, seeded: 211 moves
        over = apply(over, moves.choice(legal_actions(over)))
    ended = update(table.ui, HostSaid(write_message(view_for(over, 1, 99)))).ui
    yield "a joined phone's table, the hand over", ended
    yield "a joined phone's scores", handle(ended, Event("scores"))
