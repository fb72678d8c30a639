"""Count what loading does with damaged saves: ``.venv/bin/python benchmarks/save_mutations.py [N] [SEED]``.

N mutants (default 3000) of real saves from seeded games (``support.engine.mutations``, in tests/support/)
are loaded; each is refused (``CorruptStateError``), crashes the loader (another error),
loads and plays a random legal game to its end, loads and then breaks an invariant, or
loads with a score sheet that contradicts the rest of the save.  The last three are
counted apart; after issue 16 only "refused" and "played" may be non-zero.

The engine imported is whichever ``phase10`` comes first on the path, so the same
mutants can be counted against an older build: ``PYTHONPATH=/tmp/old/engine``.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from pathlib import Path

import phase10
from support.engine.mutations import BACKSTOP, KINDS, mutants, outcome


def main() -> int:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 16
    started = time.perf_counter()
    counts: Counter[str] = Counter()
    examples: dict[str, tuple[str, str]] = {}
    for index, (label, text) in enumerate(mutants(count, seed)):
        result = outcome(text, seed=index)
        counts[result.kind] += 1
        if result.kind == "refused" and result.detail.startswith(BACKSTOP):
            counts["refused by the backstop"] += 1
            examples.setdefault("refused by the backstop", (label, result.detail))
        examples.setdefault(result.kind, (label, result.detail))
    print(f"engine: {Path(phase10.__file__).parent}")
    print(f"{count} mutants, seed {seed}, {time.perf_counter() - started:.1f} s")
    for kind in KINDS:
        print(f"  {kind:12} {counts[kind]:5}")
    print(f"  of the refused, by the loader's backstop: {counts['refused by the backstop']}")
    for kind in ("crashed", "broke", "contradicts", "refused by the backstop"):
        if kind in examples:
            label, detail = examples[kind]
            print(f"e.g. {kind}: {label}: {detail[:300]}")
    return 0 if counts["crashed"] + counts["broke"] + counts["contradicts"] == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
