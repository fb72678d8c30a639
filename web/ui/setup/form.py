"""The set-up form: who plays, the edition, the ways to play, and the deal.

The page reads the form's fields into a ``SetupInput`` on each change; they are
checked here into the ``SetupForm`` the UI keeps, and "Deal" makes the engine's
``GameConfig`` from it.  Anything the engine refuses comes back as words on the form.
"""

from __future__ import annotations

from dataclasses import replace

from phase10 import GameConfig, GameState, SetupError, new_game
from phase10.rules import EDITIONS, MAX_PLAYERS, MIN_PLAYERS, PERSON, PLAYER_KINDS

from .. import taps
from ..effects import Handler, Outcome
from ..kit.i18n import LANGUAGES, NOTHING, Text, text, words
from ..state import WAYS, Screen, SetupForm, SetupInput, Ui
from ..table.play import deal

__all__ = ["HANDLERS", "checked_form", "default_name", "seat_names"]

COMPUTER_LEVEL = "normal"  # the level "Play against the computer" sets up


def default_name(kind: str, seat: int) -> Text:
    """The name a seat gets when none is typed: "Player 2", "Computer 3"."""
    return text("setup.default_person" if kind == PERSON else "setup.default_computer", number=seat + 1)


def _new_game(ui: Ui, tap: taps.NewGame) -> Ui:
    """Set up a game: pass-and-play (the last table again, if any), or one person against
    two computer players."""
    if ui.save_problem:
        return replace(ui, screen=Screen.CORRUPT)  # a damaged save is never overwritten unasked
    form = replace(ui.setup, error=NOTHING)
    if ui.game is not None:  # the same table again, with its options
        form = _form_of(ui.game, form)
    if tap.against_computers:
        form = replace(form, names=("", "", ""), kinds=(PERSON, COMPUTER_LEVEL, COMPUTER_LEVEL))
    elif ui.game is None:
        form = replace(form, kinds=tuple(PERSON for _ in form.kinds))
    return replace(ui, screen=Screen.SETUP, previous=Screen.HOME, setup=form)


def _form_of(game: GameState, form: SetupForm) -> SetupForm:
    options = game.config.options
    ways = tuple(way for way in WAYS if way.chosen_in(options))
    return replace(
        form,
        names=tuple(
            _typed_name(name, kind, seat)
            for seat, (name, kind) in enumerate(zip(game.config.players, game.config.kinds, strict=True))
        ),
        kinds=game.config.kinds,
        edition=options.edition,
        ways=ways,
        phases_to_win=options.phases_to_win or form.phases_to_win,
        el_chavo=options.el_chavo,
        hints=game.config.hints,
    )


def _add_player(ui: Ui, tap: taps.AddPlayer) -> Ui:
    """A seat more, played like the last one (a table filling up with computers gets another)."""
    ui = _with_form(ui, tap.form)
    names, kinds = ui.setup.names, ui.setup.kinds
    if len(names) >= MAX_PLAYERS:
        return ui
    form = replace(ui.setup, names=(*names, ""), kinds=(*kinds, kinds[-1]))
    return replace(ui, setup=form)


def _remove_player(ui: Ui, tap: taps.RemovePlayer) -> Ui:
    ui = _with_form(ui, tap.form)
    names, kinds = list(ui.setup.names), list(ui.setup.kinds)
    if len(names) <= MIN_PLAYERS:
        return ui
    index = tap.seat if tap.seat is not None else len(names) - 1
    if 0 <= index < len(names):
        del names[index]
        del kinds[index]
    return replace(ui, setup=replace(ui.setup, names=tuple(names), kinds=tuple(kinds)))


def _changed(ui: Ui, tap: taps.ChangeSetup) -> Ui:
    return _with_form(ui, tap.form)


def _with_form(ui: Ui, fields: SetupInput | None) -> Ui:
    """The form as the page read it, checked: a seat played by an unknown kind is a
    person's, an unknown edition or N keeps the one before, unknown ways are dropped."""
    if fields is None:
        return ui
    return replace(ui, setup=checked_form(fields, ui.setup))


def checked_form(fields: SetupInput, before: SetupForm) -> SetupForm:
    """``fields`` as the UI keeps them, ``before`` filling in what does not read."""
    phases = fields.phases_to_win
    return replace(
        before,
        names=fields.names,
        kinds=tuple(kind if kind in PLAYER_KINDS else PERSON for kind in fields.kinds),
        edition=fields.edition if fields.edition in EDITIONS else before.edition,
        ways=tuple(way for way in WAYS if way in fields.ways),
        phases_to_win=int(phases) if phases.isdigit() else before.phases_to_win,
        el_chavo=fields.el_chavo,
        seed=fields.seed.strip(),
        hints=before.hints if fields.hints is None else fields.hints,
    )


def _start_game(ui: Ui, tap: taps.StartGame) -> Ui | Outcome:
    ui = _with_form(ui, tap.form)
    form = ui.setup
    names = seat_names(form, ui.language)
    if len({name.casefold() for name in names}) != len(names):
        return replace(ui, setup=replace(form, error=text("setup.error.names")))
    if PERSON not in form.kinds:
        return replace(ui, setup=replace(form, error=text("setup.error.person")))
    seed = _seed(form.seed, tap.seed)
    if seed is None:
        return replace(ui, setup=replace(form, error=text("setup.error.seed")))
    try:
        config = GameConfig(names, seed, form.options(), kinds=form.kinds, hints=form.hints)
    except SetupError:
        return replace(ui, setup=replace(form, error=text("setup.error.options")))
    return deal(replace(ui, setup=replace(form, error=NOTHING)), new_game(config))


def seat_names(form: SetupForm, language: str) -> tuple[str, ...]:
    """The players' names: as typed, or where none is, the seat's default name."""
    said = words(language)
    return tuple(
        name.strip() or said.say(default_name(kind, seat))
        for seat, (name, kind) in enumerate(zip(form.names, form.kinds, strict=True))
    )


def _seed(typed: str, fallback: str) -> int | None:
    """The seed typed in, or else the random one the page supplies; None if not a number."""
    chosen = typed or fallback
    return int(chosen) % 2**64 if chosen.isdigit() else None


def _typed_name(name: str, kind: str, seat: int) -> str:
    """A game's player name as the set-up form shows it again: a default name in any
    language is left blank, so it follows the seat's kind and the language."""
    defaults = {words(language).say(default_name(kind, seat)) for language in LANGUAGES}
    return "" if name in defaults else name


HANDLERS: dict[type[taps.Tap], Handler] = {
    taps.NewGame: _new_game,
    taps.ChangeSetup: _changed,
    taps.AddPlayer: _add_player,
    taps.RemovePlayer: _remove_player,
    taps.StartGame: _start_game,
}
