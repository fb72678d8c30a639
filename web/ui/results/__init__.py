"""Results: the score sheets, the end of a hand and of a game, past games, and sharing a
finished game."""
