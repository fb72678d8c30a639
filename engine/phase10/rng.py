"""A small seeded random generator whose whole state is one integer.

SplitMix64: the state fits in a JSON number-as-string, advances by a constant,
and gives the same sequence on every Python, so a game replays from its seed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def next_u64(state: int) -> tuple[int, int]:
    """The next 64-bit value and the new state."""
    state = (state + _GAMMA) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31), state


def below(state: int, n: int) -> tuple[int, int]:
    """A uniform integer in [0, n) and the new state (rejection keeps it unbiased)."""
    if n <= 0:
        raise ValueError("n must be positive")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        value, state = next_u64(state)
        if value < limit:
            return value % n, state


def shuffled(items: Sequence[T], state: int) -> tuple[tuple[T, ...], int]:
    """A Fisher-Yates shuffle of ``items`` and the new state."""
    result = list(items)
    for i in range(len(result) - 1, 0, -1):
        j, state = below(state, i + 1)
        result[i], result[j] = result[j], result[i]
    return tuple(result), state


def seed_state(seed: int) -> int:
    """The generator state for a game seed (mixed, so nearby seeds deal unlike hands)."""
    mixed, _ = next_u64(seed & _MASK)
    return mixed
