"""The Ten Phases user interface: thin, over the ``phase10`` engine.

The tree is the architecture (docs/architecture.md):

- here, the loop every room shares: the UI's state (``state``), the messages a page
  sends (``taps``), the effects an update asks for (``effects``), the one update step
  (``update``), the screen-to-screen taps (``controller``), Back (``navigation``), and
  which screen shows (``screens``, with the menus around a game in ``menus``);
- ``kit/``: safe HTML, the words in both languages, and the widgets every screen uses;
- one folder per room, each with its handlers and its screens: ``table/`` (playing a
  game), ``setup/``, ``pad/`` (the score pad), ``results/`` (score sheets, past games,
  sharing) and ``saves/`` (storage, backups, other windows, the first paint);
- ``shell/``: the page itself, the only code that touches the browser.

Only ``shell`` imports ``js``, ``pyodide`` or ``pyscript``; everything else is pure
Python that CPython tests run as it is.
"""
