"""What the phone keeps: the saved game and settings, backups, another window's changes,
and the first screen painted before Python starts."""
