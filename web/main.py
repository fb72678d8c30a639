"""The app's entry point: PyScript runs this once Pyodide and the engine are loaded."""

from pyscript import window

window.performance.mark("ten-phases:main")

from ui.shell.app import start  # noqa: E402 (the mark times the imports)

window.performance.mark("ten-phases:imported")
start()
