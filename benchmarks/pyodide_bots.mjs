// Time bot decisions on Pyodide's Python (the browser's), in Node.
//
//     python3 build.py && node benchmarks/pyodide_bots.mjs [GAMES] [EDITION] [SEATS]
//
// Loads the pinned Pyodide from node_modules and the engine wheel from dist/, then
// plays seeded games (by default expert, hard, normal and easy at one table; SEATS,
// e.g. "expert,hard,hard,hard", names others) and prints each level's decision time,
// p50 and p95, as `python -m phase10 tournament` does on CPython.  With ENGINE=1 in
// the environment the engine's sources in engine/phase10 replace the wheel's, to time
// a working tree without building it.
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const games = Number(process.argv[2] || 10);
const edition = process.argv[3] === "flip" ? "flip" : "classic";
const seats = (process.argv[4] || "expert,hard,normal,easy").split(",");
const pyodide = await loadPyodide({ indexURL: `${root}node_modules/pyodide/` });
const wheel = readdirSync(`${root}dist/pyodide`).find((name) => name.endsWith(".whl"));
pyodide.unpackArchive(new Uint8Array(readFileSync(`${root}dist/pyodide/${wheel}`)), "wheel");
if (process.env.ENGINE) {
  const find = 'import importlib.util; importlib.util.find_spec("phase10").submodule_search_locations[0]';
  const site = pyodide.runPython(find);
  for (const name of readdirSync(`${root}engine/phase10`).filter((file) => file.endsWith(".py"))) {
    pyodide.FS.writeFile(`${site}/${name}`, readFileSync(`${root}engine/phase10/${name}`, "utf8"));
  }
}
console.log(
  pyodide.runPython(`
import sys
from phase10.rules import Options
from phase10.tournament import run_tournament
report = run_tournament(${games}, ${JSON.stringify(seats)}, seed=1, options=Options(edition="${edition}"))
lines = [f"Python {sys.version.split()[0]} on {sys.platform}: {report.games} ${edition} games, ${seats.length} players"]
for kind, times in report.decision_seconds.items():
    ordered = sorted(times)
    p50 = 1000 * ordered[len(ordered) // 2]
    p95 = 1000 * ordered[int(0.95 * (len(ordered) - 1))]
    lines.append(f"  {kind:<7} {len(ordered):>6} decisions  p50 {p50:.2f} ms  p95 {p95:.2f} ms  max {1000 * ordered[-1]:.2f} ms")
"\\n".join(lines)
`),
);
