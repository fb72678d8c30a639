// Time own phase lists on Pyodide's Python (the browser's), in Node: dealing a random list
// ordered by difficulty, and the computer players' decisions on random lists.
//
//     node benchmarks/pyodide_phaselists.mjs [LISTS] [GAMES] [EDITION] [SEATS]
//
// Loads the pinned Pyodide from node_modules and the engine's sources from engine/phase10
// (no build needed), then times ``phaselists.random_list(10, seed)`` for LISTS seeds
// (default 20; the first run is also timed apart, as the app's first "Deal me a list"), and
// plays GAMES seeded games (default 4) on random lists, phases in any order in every other
// game, printing each level's decision time as `python -m phase10 tournament` does.
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const lists = Number(process.argv[2] || 20);
const games = Number(process.argv[3] || 4);
const edition = process.argv[4] === "flip" ? "flip" : "classic";
const seats = (process.argv[5] || "expert,hard,normal,easy").split(",");
const pyodide = await loadPyodide({ indexURL: `${root}node_modules/pyodide/` });
pyodide.FS.mkdirTree("/engine/phase10");
for (const name of readdirSync(`${root}engine/phase10`).filter((file) => file.endsWith(".py"))) {
  pyodide.FS.writeFile(`/engine/phase10/${name}`, readFileSync(`${root}engine/phase10/${name}`, "utf8"));
}
console.log(
  pyodide.runPython(`
import sys, time
sys.path.insert(0, "/engine")
from phase10.phaselists import encode, random_list
from phase10.rules import Options
from phase10.tournament import run_tournament

def percentile(values, p):
    ordered = sorted(values)
    return ordered[max(0, -(-len(ordered) * p // 100) - 1)]

lines = [f"Python {sys.version.split()[0]} on {sys.platform}"]
started = time.perf_counter()
first = random_list(10, 0, "${edition}")
lines.append(f"first random_list(10) after start: {1000 * (time.perf_counter() - started):.0f} ms: {encode(first)}")
times = []
for seed in range(1, ${lists} + 1):
    started = time.perf_counter()
    random_list(10, seed, "${edition}")
    times.append(time.perf_counter() - started)
lines.append(
    f"random_list(10), ${edition}, {len(times)} seeds: p50 {1000 * percentile(times, 50):.0f} ms,"
    f" p95 {1000 * percentile(times, 95):.0f} ms, max {1000 * max(times):.0f} ms"
)

def options_for(game):
    return Options(edition="${edition}", phase_list=random_list(10, 1000 + game, "${edition}"), any_order=game % 2 == 1)

if ${games}:
    report = run_tournament(${games}, ${JSON.stringify(seats)}, seed=1, options_for=options_for)
    lines.append(f"{report.games} ${edition} games on random lists (any order in every other one), ${seats.length} players")
    for kind, times in report.decision_seconds.items():
        lines.append(
            f"  {kind:<7} {len(times):>6} decisions  p50 {1000 * percentile(times, 50):.2f} ms"
            f"  p95 {1000 * percentile(times, 95):.2f} ms  max {1000 * max(times):.2f} ms"
        )
"\\n".join(lines)
`),
);
