"""The app's entry point: PyScript runs this once Pyodide and the engine are loaded."""

from ui.app import start

start()
