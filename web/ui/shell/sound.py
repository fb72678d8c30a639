"""Short sounds and a buzz for what happens at the table, made on the spot.

The tones are synthesised with Web Audio, so they cost no file, no byte of the
precache and no request.  Browsers let a page make sound only after a tap, so the
audio context is opened by the first tap (``wake``), and until then nothing plays.
"""

from __future__ import annotations

from typing import Any

from pyscript import window

from .platform import settle, spawn

__all__ = ["buzz", "play", "wake"]

# Each cue's notes: (frequency in Hz, length in seconds), played one after another.
TONES: dict[str, tuple[tuple[float, float], ...]] = {
    "draw": ((660.0, 0.05),),
    "discard": ((392.0, 0.07),),
    "lay": ((523.3, 0.07), (659.3, 0.07), (784.0, 0.1)),
    "hit": ((587.3, 0.06), (784.0, 0.08)),
    "flip": ((784.0, 0.06), (587.3, 0.06), (392.0, 0.1)),
    "out": ((523.3, 0.09), (659.3, 0.09), (784.0, 0.09), (1046.5, 0.18)),
    "turn": ((880.0, 0.08), (1174.7, 0.12)),
}
VOLUME = 0.08
BUZZ_MS = 40

_audio: dict[str, Any] = {}


def wake() -> None:
    """Open (or resume) the audio context: called from a tap, as browsers require."""
    context = _audio.get("context")
    if context is None:
        kind = getattr(window, "AudioContext", None) or getattr(window, "webkitAudioContext", None)
        if kind is None:
            return
        context = kind.new()
        _audio["context"] = context
    if str(context.state) == "suspended":
        spawn(_resume(context))


async def _resume(context: Any) -> None:
    await settle(context, "resume")


def play(cues: tuple[str, ...]) -> None:
    """Play ``cues`` in turn; nothing before the first tap, or without Web Audio."""
    context = _audio.get("context")
    if context is None or str(context.state) != "running":
        return
    start = float(context.currentTime) + 0.01
    for cue in cues:
        for frequency, length in TONES.get(cue, ()):
            _tone(context, start, frequency, length)
            start += length


def _tone(context: Any, start: float, frequency: float, length: float) -> None:
    oscillator = context.createOscillator()
    gain = context.createGain()
    oscillator.type = "triangle"
    oscillator.frequency.value = frequency
    # A quick fade in and out: a tone cut off sharply clicks.
    gain.gain.setValueAtTime(0.0001, start)
    gain.gain.exponentialRampToValueAtTime(VOLUME, start + 0.01)
    gain.gain.exponentialRampToValueAtTime(0.0001, start + length)
    oscillator.connect(gain)
    gain.connect(context.destination)
    oscillator.start(start)
    oscillator.stop(start + length + 0.02)


def buzz() -> None:
    """A short vibration, where the phone has one."""
    navigator = window.navigator
    if getattr(navigator, "vibrate", None) is not None:
        navigator.vibrate(BUZZ_MS)
