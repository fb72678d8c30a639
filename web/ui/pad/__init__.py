"""The score pad for a game played with real cards: its handlers, its slot in storage and
its screens."""
