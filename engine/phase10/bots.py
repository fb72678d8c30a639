"""Computer players that decide every step of a turn from a player's view alone.

A bot is given ``view(state, seat)``, exactly what a person in that seat could
see, and returns one of ``view.legal``.  Its randomness comes from its own seed
mixed with public facts of the moment, so a game of bots replays from its seed.

Levels:

- **easy** lays down and hits when it can, but draws blindly and discards
  carelessly (with a table's own list, mostly heeding its phase: ``heuristics._HEEDFUL``);
- **normal** keeps the cards that bring its phase closer (and its Wilds), takes
  the discard when it helps, sheds its costliest cards once its phase is down,
  and skips the next player;
- **hard** also keeps the hand that the most different draws would improve,
  takes the discard for that too, does not throw the next player what they have
  been collecting (the cards they took from the discard pile) nor, once they
  have laid down, a card they could take and hit with; it lays its phase down
  keeping its Wilds and the cards it can hit with, and skips whoever is
  closest to winning.
- **expert** (``expert.py``) plays as hard does, and overrules it where a closer
  look pays: the lay-down that leaves the fewest cards after hitting, the cards
  kept near a run once laid, in the Flip edition a flip weighed by sampling
  what it would deal, and with two players a discard kept from the next player
  when their sampled hands would take it.

In the Flip edition every bot reads what the table shows.  Discarding a Flip
card turns every hand to the side that faces the others, so a bot knows each
opponent's hand after a flip (``PublicPlayer.backs``) but not its own: normal
and hard never flip when that would hand someone a whole phase, and they flip
to trade their own hand for an unknown one when it is further from their phase
than the hands the flip would give the others (a fair sample of what a flip deals).
A Flip card a bot has already taken from the discard pile this hand is not taken
again (``retaken_flip``): two bots could otherwise flip the table back and forth
with the same two cards for ever.

With phases in any order (ruling 33) a bot picks its phase from its own hand at the start
of each hand (``ranked_picks``): easy picks any, normal the phase its hand is closest to;
hard and the expert break ties by the phase more draws would bring closer, then by the
phase that needs more cards, keeping the easier ones for later hands.
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action
from .expert import expert_choice
from .heuristics import (
    Heuristic,
    Level,
    PickRank,
    feeds_next,
    fits_somewhere,
    is_stuck,
    left_over,
    moment,
    next_player,
    phases_given,
    ranked_picks,
    ranked_ties,
    retaken_flip,
    without,
)
from .rules import PERSON, GameConfig
from .state import Step
from .view import PlayerView

__all__ = [
    "Bot",
    "Level",
    "PickRank",
    "bot_seed",
    "feeds_next",
    "fits_somewhere",
    "is_stuck",
    "left_over",
    "moment",
    "next_player",
    "phases_given",
    "ranked_picks",
    "ranked_ties",
    "retaken_flip",
    "seat_bot",
    "without",
]


@dataclass(frozen=True, slots=True)
class Bot:
    """The computer player of ``level``: the expert (``expert.py``), or the rules of
    thumb of the other levels (``heuristics.Heuristic``)."""

    level: Level
    seed: int = 0

    def choose(self, seen: PlayerView) -> Action:
        """The bot's action for the view's legal actions."""
        if self.level is Level.EXPERT and seen.legal and seen.step is not Step.HAND_OVER:
            return expert_choice(seen, self.seed)
        return Heuristic(self.level, self.seed).choose(seen)


def bot_seed(config: GameConfig, seat: int) -> int:
    """The seed of the bot in ``seat``: from the game's seed, so the game replays with it."""
    return (config.seed * 7 + seat) % 2**64


def seat_bot(config: GameConfig, seat: int) -> Bot | None:
    """The computer player of ``seat``, or None when a person plays it."""
    kind = config.kinds[seat]
    return None if kind == PERSON else Bot(Level(kind), bot_seed(config, seat))
