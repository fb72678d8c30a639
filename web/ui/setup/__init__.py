"""Setting a game up: the form's handlers and its screen (the score pad is set up on the
same form)."""
