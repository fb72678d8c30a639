"""Helpers for the engine's tests (run on CPython and on Pyodide)."""
