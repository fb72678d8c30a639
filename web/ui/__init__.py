"""The Ten Phases user interface: thin, over the ``phase10`` engine.

``screens`` turns engine values into HTML (pure Python, tested on CPython);
``app`` wires the page: events become actions, the engine applies them, the
screen is rendered again.
"""
