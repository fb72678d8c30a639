"""Helpers for the end-to-end tests in the browsers (their fixtures live in tests/browser/conftest.py)."""
