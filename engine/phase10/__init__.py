"""Ten Phases: an unofficial rules engine for the Phase 10 card game."""

from . import pad, phaselists, scoresheet
from .actions import Action, ChoosePhase, Discard, Draw, Hit, LayDown, NextHand, TakeDiscard, parse_action
from .cards import SKIP, WILD, Card, CardError, Color, format_cards, parse_card, parse_cards
from .finder import enumerate_laydowns, find_laydown
from .game import IllegalActionError, apply, legal_actions, new_game, replay, why_illegal
from .groups import End, Group
from .rules import CLASSIC, GameConfig, GroupKind, Options, PhaseList, PhaseSpec, Ruleset, SetupError
from .state import GameState, HandRecord, PlayerState, Step
from .view import PlayerView, PublicPlayer, TableView, public_view, view

__version__ = "0.1.0"

__all__ = [
    "CLASSIC",
    "SKIP",
    "WILD",
    "Action",
    "Card",
    "CardError",
    "ChoosePhase",
    "Color",
    "Discard",
    "Draw",
    "End",
    "GameConfig",
    "GameState",
    "Group",
    "GroupKind",
    "HandRecord",
    "Hit",
    "IllegalActionError",
    "LayDown",
    "NextHand",
    "Options",
    "PhaseList",
    "PhaseSpec",
    "PlayerState",
    "PlayerView",
    "PublicPlayer",
    "Ruleset",
    "SetupError",
    "Step",
    "TableView",
    "TakeDiscard",
    "apply",
    "enumerate_laydowns",
    "find_laydown",
    "format_cards",
    "legal_actions",
    "new_game",
    "pad",
    "parse_action",
    "parse_card",
    "parse_cards",
    "phaselists",
    "public_view",
    "replay",
    "scoresheet",
    "view",
    "why_illegal",
]
