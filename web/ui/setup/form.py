"""The set-up form: who plays, the edition, the ways to play, and the deal.

The page reads the form's fields into a ``SetupInput`` on each change; they are
checked here into the ``SetupForm`` the UI keeps, and "Deal" makes the engine's
``GameConfig`` from it.  Anything the engine refuses comes back as words on the form.
"""

from __future__ import annotations

from dataclasses import replace

from phase10 import GameConfig, GameState, SetupError, new_game
from phase10.phaselists import CodeProblem, PhaseCodeError, decode, encode, random_list
from phase10.rules import (
    EDITIONS,
    MAX_LIST_NAME,
    MAX_LIST_PHASES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PERSON,
    PLAYER_KINDS,
    PhaseFault,
    PhaseList,
)

from .. import taps
from ..effects import ForgetList, Handler, KeepList, Outcome
from ..kit.i18n import LANGUAGES, NOTHING, Text, text, words
from ..state import WAYS, Screen, SetupForm, SetupInput, Ui
from ..table.play import deal

__all__ = [
    "HANDLERS",
    "checked_form",
    "code_refusal",
    "default_name",
    "fault_reason",
    "seat_names",
    "with_code",
    "with_list",
]

COMPUTER_LEVEL = "normal"  # the level "Play against the computer" sets up


def default_name(kind: str, seat: int) -> Text:
    """The name a seat gets when none is typed: "Player 2", "Computer 3"."""
    return text("setup.default_person" if kind == PERSON else "setup.default_computer", number=seat + 1)


def _new_game(ui: Ui, tap: taps.NewGame) -> Ui:
    """Set up a game: pass-and-play (the last table again, if any), or one person against
    two computer players; ``on_phones``: Deal then opens Phones at the table."""
    if ui.save_problem:
        return replace(ui, screen=Screen.CORRUPT)  # a damaged save is never overwritten unasked
    form = replace(ui.setup, error=NOTHING, on_phones=tap.on_phones)
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
        phase_list=options.phase_list,
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
    length = fields.list_length
    length_read = length.isdigit() and 0 < int(length) <= MAX_LIST_PHASES
    chosen = before.phase_list
    if chosen is not None and fields.list_name is not None:
        chosen = replace(chosen, name=fields.list_name.strip()[:MAX_LIST_NAME])
    return replace(
        before,
        phase_list=chosen,
        phase_code=fields.phase_code.strip(),
        list_length=int(length) if length_read else before.list_length,
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
    refused = form.refusal()
    if refused:
        return replace(ui, setup=replace(form, error=refused))
    try:
        config = GameConfig(names, seed, form.options(), kinds=form.kinds, hints=form.hints)
    except SetupError:
        return replace(ui, setup=replace(form, error=text("setup.error.options")))
    dealt = deal(replace(ui, setup=replace(form, error=NOTHING)), new_game(config))
    if not form.on_phones:
        return dealt
    # Straight to who plays on which phone; Back from there is the table, as dealt.
    at_table = dealt.ui
    return replace(dealt, ui=replace(at_table, screen=Screen.PHONES, previous=at_table.screen))


# --- the table's phases (rulings 31-34) ----------------------------------------------------


def _use_code(ui: Ui, tap: taps.UsePhaseCode) -> Ui:
    """Play the list whose code is in the box; a code that does not read is refused with
    the reason, and the list chosen before stays."""
    ui = _with_form(ui, tap.form)
    return replace(ui, setup=with_code(ui.setup, ui.setup.phase_code))


def with_code(form: SetupForm, code: str) -> SetupForm:
    """``form`` playing the list of ``code``, or, refused, as it was with the reason."""
    try:
        chosen = decode(code, form.edition)
    except PhaseCodeError as error:
        return replace(form, phase_code=code[:_SHOWN_CODE], code_error=code_refusal(error))
    return with_list(form, chosen)


# A code is at most a few dozen characters; a pasted page of text is not shown back whole.
_SHOWN_CODE = 120


def fault_reason(fault: PhaseFault) -> Text:
    """What is wrong with a list, in words (ruling 31), without where."""
    return text(f"phases.refused.{fault.problem.value}", limit=fault.limit)


def code_refusal(error: PhaseCodeError) -> Text:
    """Why a code is refused, in words: for a list the rules refuse, the first fault's phase
    and what is wrong with it."""
    if error.faults:
        fault = error.faults[0]
        reason = fault_reason(fault)
        if fault.phase is not None:
            return text("code.refused.phase", number=fault.phase, reason=reason)
        return text("code.refused.list", reason=reason)
    if error.problem is CodeProblem.SYNTAX and error.phase is None:
        return text("code.refused.layout")  # not a prefix, phases and one check character
    where = (error.position or 0) + 1  # the character, counted from 1 as people count
    return text(f"code.refused.{error.problem.value}", number=error.phase or 0, position=where)


def _deal_list(ui: Ui, tap: taps.DealPhaseList) -> Ui:
    """A list dealt by chance, easiest phase first, of the length asked."""
    ui = _with_form(ui, tap.form)
    seed = _seed("", tap.seed)
    if seed is None:
        return ui
    form = ui.setup
    return replace(ui, setup=with_list(form, random_list(form.list_length, seed, form.edition)))


def _edition_phases(ui: Ui, tap: taps.EditionPhases) -> Ui:
    ui = _with_form(ui, tap.form)
    return replace(ui, setup=replace(ui.setup, phase_list=None, phase_code="", code_error=NOTHING))


def with_list(form: SetupForm, chosen: PhaseList) -> SetupForm:
    """The form playing ``chosen``: the edition's own list is played as the edition's."""
    own = None if chosen.phases == EDITIONS[form.edition].phases else chosen
    return replace(form, phase_list=own, phase_code="", code_error=NOTHING, error=NOTHING)


def _linked(ui: Ui, tap: taps.LinkedPhases) -> Ui:
    """Opened by a link naming a list: set-up for a new game, with that list (or, for a
    code that does not read, why), and the game in progress kept until Deal."""
    opened = _new_game(ui, taps.NewGame())
    if opened.screen is not Screen.SETUP:
        return opened  # a damaged save is seen to first
    return replace(opened, setup=with_code(opened.setup, tap.code), previous=Screen.HOME)


def _keep_list(ui: Ui, tap: taps.KeepPhaseList) -> Ui | Outcome:
    """Keep the list chosen on the phone, under the name typed (or, with none, a name of its
    own); the set-up plays it under that name too."""
    ui = _with_form(ui, tap.form)
    chosen = ui.setup.phase_list
    if chosen is None:
        return ui  # the edition's own list is always there
    name = chosen.name or words(ui.language).say(text("lists.default_name", number=len(ui.saved_lists) + 1))
    named = replace(chosen, name=name)
    form = replace(ui.setup, phase_list=named)
    return Outcome(replace(ui, setup=form, message=text("lists.kept", name=name)), (KeepList(named),))


def _saved(ui: Ui, code: str) -> PhaseList | None:
    return next((kept for kept in ui.saved_lists if encode(kept) == code), None)


def _play_saved(ui: Ui, tap: taps.PlaySavedList) -> Ui:
    """Play a list kept on the phone (one this deck cannot play is refused on the form, as
    every list is: ``SetupForm.refusal``)."""
    ui = _with_form(ui, tap.form)
    kept = _saved(ui, tap.code)
    if kept is None:
        return ui
    return replace(ui, setup=with_list(ui.setup, kept), message=NOTHING)


def _forget_saved(ui: Ui, tap: taps.ForgetSavedList) -> Ui | Outcome:
    """No longer keep a list (a game being set up with it still plays it)."""
    ui = _with_form(ui, tap.form)
    kept = _saved(ui, tap.code)
    if kept is None:
        return ui
    return Outcome(replace(ui, message=text("lists.forgotten", name=kept.name)), (ForgetList(kept),))


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
    taps.UsePhaseCode: _use_code,
    taps.DealPhaseList: _deal_list,
    taps.EditionPhases: _edition_phases,
    taps.LinkedPhases: _linked,
    taps.KeepPhaseList: _keep_list,
    taps.PlaySavedList: _play_saved,
    taps.ForgetSavedList: _forget_saved,
}
