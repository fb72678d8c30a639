"""Helpers for the UI's tests on CPython, also used end-to-end and by the benchmarks."""
