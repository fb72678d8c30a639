"""The UI's Python lives in web/ (it is served as files, not installed): import it from there."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
