"""The kit every screen is built with: HTML that escapes its text, the words in each
language (messages/), and the widgets (cards, groups, buttons, headers)."""
