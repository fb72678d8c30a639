// Time bot decisions on Pyodide's Python (the browser's), in Node.
//
//     python3 build.py && node benchmarks/pyodide_bots.mjs [GAMES] [EDITION]
//
// Loads the pinned Pyodide from node_modules and the engine wheel from dist/, then
// plays seeded games (hard, normal, easy and random at one table) and prints each
// level's decision time, p50 and p95, as `python -m phase10 tournament` does on CPython.
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const games = Number(process.argv[2] || 10);
const edition = process.argv[3] === "flip" ? "flip" : "classic";
const pyodide = await loadPyodide({ indexURL: `${root}node_modules/pyodide/` });
const wheel = readdirSync(`${root}dist/pyodide`).find((name) => name.endsWith(".whl"));
pyodide.unpackArchive(new Uint8Array(readFileSync(`${root}dist/pyodide/${wheel}`)), "wheel");
console.log(
  pyodide.runPython(`
import sys
from phase10.rules import Options
from phase10.tournament import run_tournament
report = run_tournament(${games}, ["hard", "normal", "easy", "random"], seed=1, options=Options(edition="${edition}"))
lines = [f"Python {sys.version.split()[0]} on {sys.platform}: {report.games} ${edition} games, 4 players"]
for kind, times in report.decision_seconds.items():
    ordered = sorted(times)
    p50 = 1000 * ordered[len(ordered) // 2]
    p95 = 1000 * ordered[int(0.95 * (len(ordered) - 1))]
    lines.append(f"  {kind:<7} {len(ordered):>6} decisions  p50 {p50:.2f} ms  p95 {p95:.2f} ms  max {1000 * ordered[-1]:.2f} ms")
"\\n".join(lines)
`),
);
