"""Test support: the helpers the tests, the benchmarks and the screenshot script share.

Nothing here is a test (pytest collects ``test_*.py`` only), and nothing here is
shipped: build.py builds dist/ from web/ and the engine wheel alone.

    support.engine    the engine's tests: scenarios in state notation (``scenarios``),
                      hypothesis strategies (``strategies``), real saves and every way
                      to damage one (``mutations``).  Standard library, hypothesis,
                      pytest and ``phase10`` only: the Pyodide run imports them too.
    support.web       the UI's tests on CPython: games in state notation (``states``),
                      a sensible player as taps (``taps``), what the table may show of
                      two-sided cards (``seen``), what the UI says in English
                      (``english``).
    support.browser   end-to-end: the local server and driving the app in Chromium
                      (``driving``), axe-core and focus checks (``a11y``), the three
                      browser engines behind one interface (``engines``, with
                      ``firefox_bridge.mjs``).

The folder that holds this package, tests/, is on the path: pytest puts it there
(pyproject.toml's ``pythonpath``, with engine/, web/ and the repository's root), and
so does the ``ten-phases.pth`` file that tests/run.py writes into .venv, for the
scripts (benchmarks/, tests/screenshots.py).
"""
