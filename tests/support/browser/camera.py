"""Chromium's fake camera, showing a QR code made at test time (issue 38: a pairing code
read with the camera).

Chromium plays a Y4M file as its camera (``--use-file-for-fake-video-capture``) and opens
it each time a page starts the camera, so a test rewrites the file between two scans to
show another code. The QR code is drawn by segno, the version the app ships
(tests/requirements.txt), as a phone's screen would show it: dark modules on white, with
its quiet zone, scaled up whole.
"""

from __future__ import annotations

from pathlib import Path

import segno

from support.browser import chromium

__all__ = ["HEIGHT", "WIDTH", "camera_args", "show_nothing", "show_qr"]

WIDTH, HEIGHT = 640, 480
FRAMES = 3  # the file loops; a few identical frames make a still picture
WHITE, BLACK, GREY = 235, 16, 128  # video's luma range; chroma at its middle: no colour


def camera_args(video: Path, allow: bool = True) -> list[str]:
    """The project's Chromium flags, with a fake camera playing ``video``; the camera is
    allowed without asking, or refused (``allow`` False) as a player saying no would."""
    return [
        *chromium.CHROMIUM_ARGS,
        "--use-fake-ui-for-media-stream" if allow else "--use-fake-ui-for-media-stream=deny",
        "--use-fake-device-for-media-stream",
        f"--use-file-for-fake-video-capture={video}",
    ]


def _write(video: Path, luma: bytes) -> None:
    chroma = bytes([GREY]) * (WIDTH // 2) * (HEIGHT // 2) * 2
    header = f"YUV4MPEG2 W{WIDTH} H{HEIGHT} F10:1 Ip A1:1 C420jpeg\n".encode()
    partial = video.with_suffix(".partial")
    partial.write_bytes(header + (b"FRAME\n" + luma + chroma) * FRAMES)
    partial.replace(video)  # never half a file for a camera that starts meanwhile


def show_nothing(video: Path) -> None:
    """A blank white picture."""
    _write(video, bytes([WHITE]) * WIDTH * HEIGHT)


def show_qr(video: Path, text: str, error: str = "m") -> None:
    """``text`` as a QR code (alphanumeric where it can be, as the app draws a pairing
    code), centred in the picture and as large as fits."""
    symbol = segno.make_qr(text, error=error)
    rows = [list(row) for row in symbol.matrix_iter(scale=1, border=4)]
    scale = (min(WIDTH, HEIGHT) - 16) // len(rows)
    size = scale * len(rows)
    left, top = (WIDTH - size) // 2, (HEIGHT - size) // 2
    picture = bytearray([WHITE]) * (WIDTH * HEIGHT)
    for y, row in enumerate(rows):
        line = bytearray()
        for dark in row:
            line += bytes([BLACK if dark else WHITE]) * scale
        for dy in range(scale):
            start = (top + y * scale + dy) * WIDTH + left
            picture[start : start + size] = line
    _write(video, bytes(picture))
