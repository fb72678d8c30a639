"""The table: playing a game, from a tap on a card to the computer players' moves, the
hint, the narration, and the table's screens."""
