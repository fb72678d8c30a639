"""The rules screen's text: the rules and the project's rulings, in the project's own words."""

from __future__ import annotations

RULES_TEXT: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "The aim",
        (
            "Everyone works through the same ten phases, in order, one per hand at most.",
            "Finish the last phase first to win. If several players finish it in the same hand, the lowest "
            "total score wins; if they are still level, only they play one more hand on the last phase, and "
            "whoever goes out first wins.",
        ),
    ),
    (
        "The cards",
        (
            "108 cards: numbers 1 to 12 in red, blue, yellow and green, two of each; 8 Wilds; 4 Skips.",
            "Each colour also has its own shape (● red, ■ blue, ▲ yellow, ◆ green), so colours can be told "
            "apart without seeing them.",
        ),
    ),
    (
        "Groups",
        (
            "A set is two or more cards of one number, in any colours.",
            "A run is four or more numbers in a row, in any colours. Runs stay between 1 and 12: "
            "12 is never followed by 1.",
            "Cards of one colour may have any numbers.",
            "A phase asks for minimum sizes; bigger groups are fine, but never an extra group.",
        ),
    ),
    (
        "Wilds and Skips",
        (
            "A Wild stands for any number or colour, but every group needs at least one real number card.",
            "Once a Wild is on the table it keeps the number it stood for until the hand ends. "
            "A Wild added to a run goes on a free end; if both ends are free, you choose.",
            "A Skip is never part of a group. Discarding one makes a player of your choice miss their next turn. "
            "A player with a Skip already waiting, or who has not played since being skipped, cannot be chosen. "
            "If nobody can be chosen, the Skip is simply discarded.",
            "With two players, skipping your opponent means you play again.",
            "A Skip can never be taken from the discard pile. A Skip turned up at the deal skips the first player; "
            "a Wild turned up there may be taken.",
        ),
    ),
    (
        "Your turn",
        (
            "Draw one card, from the draw pile or the top of the discard pile.",
            "If your hand holds your phase, you may lay it down, all of it at once.",
            "Once your phase is down, you may add cards to any group on the table (your own or another "
            "player's), in the same turn or later ones.",
            "End by discarding one card.",
            "When the draw pile runs out, the discard pile (all but its top card) is shuffled into a new one.",
        ),
    ),
    (
        "Going out and scoring",
        (
            "The hand ends when someone has no cards left, by discarding the last one (a Skip then skips nobody) "
            "or by adding it to a group, which ends the hand at once.",
            "Everyone who laid their phase moves on to the next one; the others try the same phase again.",
            "Cards left in hand count against you: 5 points for 1-9, 10 for 10-12, 15 for a Skip, 25 for a Wild.",
            "The dealer moves one seat to the left each hand, and the player after the dealer starts.",
        ),
    ),
    (
        "Ways to play",
        (
            "Ten hands: one hand per phase, everyone moves on after every hand, and the lowest total "
            "after the last hand wins (a tie is played off as above).",
            "First to N phases: a shorter game to the phase you choose.",
            "Even phases: only phases 2, 4, 6, 8 and 10. The ways to play can be combined.",
            "El Chavo Phase 10: phase 10 must include at least one 8 or one Wild, in either set; "
            "a Wild added as an extra card counts.",
        ),
    ),
    (
        "The Flip edition",
        (
            "Choose it at set-up. Every card has two sides, a Colour Side and a Wild Side, and the whole "
            "table plays one of them at a time: the draw pile, the discard pile and every hand. Each hand "
            "is dealt Colour Side up, and a badge on the table says which side is in play.",
            "Colour Side: a number in one colour (red 7), or a Star of one colour that can be any number. "
            "Wild Side: a number that can be any colour (drawn edged in all four colours), or a Star that "
            "can be anything.",
            "You hold your cards with the side in play facing you, so everyone else sees their other side, "
            "and the draw pile shows the other side of its top card. The app shows other players' other "
            "sides under their names. You never see the other side of your own cards, so when two of your "
            "cards look alike the app plays the first of them.",
            "Discarding a card with the Flip symbol (↻) turns the table over: the draw pile, the discard "
            "pile and every hand switch to the other side. Phases already laid down stay as they were "
            "laid. A Flip card turned up to start the discard pile does nothing.",
            "The groups are sets (two or more cards of one number) and colour runs (two or more numbers in "
            "a row, all one colour, between 1 and 12). Every group needs at least one card showing a "
            "number: Stars alone are not enough. The edition has its own ten phases, listed below.",
            "A colour run made only of Wild Side numbers has no colour yet; it takes the colour of the "
            "first Colour Side card added to it.",
            "There are no Skips. Cards left in hand count on the side in play when the hand ends: 5 for "
            "1-9, 10 for 10-12, 20 for a Star. If the last card discarded carries the Flip symbol, the "
            "table turns over first and the hands are counted on the new side.",
        ),
    ),
    (
        "Computer players",
        (
            "Any seat can be a computer player. They follow the same rules and see only what a person in "
            "their seat would see: their own hand, the discard pile's top card, the groups on the table and "
            "how many cards everyone holds (in the Flip edition, also the other side of everyone else's "
            "cards and of the draw pile's top card). They never look at another hand or into the draw pile.",
            "Easy lays down and adds to groups when it can, but draws and discards carelessly. Normal keeps "
            "the cards its phase needs and skips the next player. Hard also keeps the hand most draws would "
            "improve, avoids discarding what the next player is collecting, and skips whoever is closest to "
            "winning.",
            "In the Flip edition, normal and hard know what a flip would deal the others, since that is "
            "the other side everyone can see: they never flip when it would give someone a whole phase, "
            "and they flip when their own hand is further from their phase than the hands a flip deals.",
            "Their moves are played one at a time on the table and described as they happen.",
        ),
    ),
)
