// Run the engine's pytest suite under Pyodide (CPython 3.14 compiled to
// WebAssembly) in Node.js, against the engine's *wheel*, not its source tree:
// the point is to prove the wheel the web app will load.
//
//   node tests/pyodide/run_engine_tests.mjs [--wheels DIR]... [TESTS_DIR] [-- PYTEST_ARGS...]
//
// TESTS_DIR defaults to tests/engine. The test-support package the tests import
// (tests/support) is mounted beside it, and tests/ put on pytest's pythonpath, as
// pyproject.toml does on the host. Wheel folders come from --wheels, else
// from PYODIDE_WHEEL_DIRS (separated like PATH), else .cache/wheels/engine and
// .cache/wheels/py314 (what tests/pyodide/prepare.py fills). Every *.whl in
// them is installed, so keep one version of each package per set of folders.
// Exits with pytest's exit code. Needs no network: Pyodide comes from
// node_modules/pyodide (npm ci) and packages from the local wheels.
//
// Inside Pyodide it sets HYPOTHESIS_PROFILE=pyodide and registers and loads a
// hypothesis profile of that name (no example database, no deadline,
// max_examples from HYPOTHESIS_MAX_EXAMPLES, default 25), since WebAssembly
// is several times slower and its timings are noisy. A conftest that
// registers its own "pyodide" profile and loads $HYPOTHESIS_PROFILE wins.
//
// Limits it keeps on purpose, because a browser has them too: no subprocesses
// (skip such tests when sys.platform == "emscripten"), and Node's default
// stack, about a browser's. Deep recursion in C code (json.loads of 10,000
// nested "[") overflows V8's stack before CPython raises RecursionError; that
// kills Pyodide ("fatal error", exit code 2). node --stack-size does not help.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

function parseArgs(argv) {
  const wheelDirs = [];
  const positional = [];
  let pytestArgs = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--") { pytestArgs = argv.slice(i + 1); break; }
    if (argv[i] === "--wheels") wheelDirs.push(argv[++i]);
    else positional.push(argv[i]);
  }
  if (positional.length > 1) throw new Error(`one tests folder expected, got ${positional}`);
  if (wheelDirs.length === 0 && process.env.PYODIDE_WHEEL_DIRS) {
    wheelDirs.push(...process.env.PYODIDE_WHEEL_DIRS.split(path.delimiter).filter(Boolean));
  }
  if (wheelDirs.length === 0) {
    wheelDirs.push(path.join(repo, ".cache/wheels/engine"), path.join(repo, ".cache/wheels/py314"));
  }
  const testsDir = path.resolve(positional[0] ?? path.join(repo, "tests/engine"));
  return { wheelDirs: wheelDirs.map((d) => path.resolve(d)), testsDir, pytestArgs };
}

function listWheels(wheelDirs) {
  const wheels = wheelDirs.flatMap((dir) =>
    fs.readdirSync(dir).filter((f) => f.endsWith(".whl")).map((f) => path.join(dir, f)));
  // Two versions of one package would be unpacked over each other silently.
  const seen = new Map();
  for (const w of wheels) {
    const name = path.basename(w).split("-")[0].toLowerCase();
    if (seen.has(name)) throw new Error(`two wheels for ${name}: ${seen.get(name)} and ${w}`);
    seen.set(name, w);
  }
  if (!seen.has("phase10")) throw new Error(`no phase10 wheel in ${wheelDirs.join(", ")}`);
  return wheels;
}

async function main() {
  const { wheelDirs, testsDir, pytestArgs } = parseArgs(process.argv.slice(2));
  const wheels = listWheels(wheelDirs);
  if (!fs.statSync(testsDir, { throwIfNoEntry: false })?.isDirectory()) {
    throw new Error(`tests folder not found: ${testsDir}`);
  }

  const started = Date.now();
  const pyodide = await loadPyodide({
    indexURL: path.join(repo, "node_modules/pyodide") + path.sep,
    // Only what the tests may need from the host; host paths mean nothing inside.
    env: Object.fromEntries(
      Object.entries(process.env).filter(([k]) => k === "CI" || k.startsWith("HYPOTHESIS_"))),
  });
  // Write bytes straight through so pytest's progress lines are not split into
  // one console.log call per flush.
  const write = (fd) => ({ write: (buf) => fs.writeSync(fd, buf) });
  pyodide.setStdout(write(1));
  pyodide.setStderr(write(2));

  // Unpacking a pure-Python wheel into site-packages is all installing it takes;
  // it needs neither micropip nor Pyodide's lock file.
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
  for (const wheel of wheels) {
    // A Node Buffer is rejected ("Unknown typed array type 'Buffer'"): copy-free view.
    const bytes = fs.readFileSync(wheel);
    pyodide.unpackArchive(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length), "wheel",
                          { extractDir: sitePackages });
  }

  // Mirror the repository layout (/repo/tests/engine, cwd /repo) so relative
  // paths behave as on the host, but mount only the tests folder and the
  // test-support package: engine/ source is absent, so `import phase10` can
  // only find the wheel.
  const rel = path.relative(repo, testsDir);
  const inRepo = rel && !rel.startsWith("..") && !path.isAbsolute(rel);
  const mountPoint = path.posix.join("/repo", inRepo ? rel.split(path.sep).join("/")
                                                     : `tests/${path.basename(testsDir)}`);
  pyodide.FS.mkdirTree(mountPoint);
  pyodide.mountNodeFS(mountPoint, testsDir);
  const support = path.join(repo, "tests", "support");
  const supportRel = path.relative(testsDir, support);
  if (supportRel.startsWith("..") || path.isAbsolute(supportRel)) {  // not mounted already
    pyodide.FS.mkdirTree("/repo/tests/support");
    pyodide.mountNodeFS("/repo/tests/support", support);
  }

  pyodide.globals.set("mount_point", mountPoint);
  pyodide.globals.set("pytest_args", pyodide.toPy(pytestArgs));
  pyodide.globals.set("setup_seconds", (Date.now() - started) / 1000);
  const code = pyodide.runPython(`
import os, sys
# The mount is the host's folder: keep CPython 3.14 bytecode out of it.
sys.dont_write_bytecode = True
os.chdir("/repo")
os.environ.setdefault("HYPOTHESIS_PROFILE", "pyodide")
# Hypothesis stores its database under the working directory by default; keep
# that in Pyodide's in-memory /tmp in case a profile turns the database on.
os.environ.setdefault("HYPOTHESIS_STORAGE_DIRECTORY", "/tmp/.hypothesis")


class PyodideProfile:
    """Registers and loads the "pyodide" hypothesis profile after pytest has
    marked hypothesis for assertion rewriting (importing it earlier warns) and
    before conftest.py files are imported (so theirs can override it)."""

    def pytest_load_initial_conftests(self):
        import hypothesis
        hypothesis.settings.register_profile(
            "pyodide",
            database=None,
            deadline=None,
            max_examples=int(os.environ.get("HYPOTHESIS_MAX_EXAMPLES", "25")),
        )
        # Another name is left for the conftest that registers it to load.
        if os.environ["HYPOTHESIS_PROFILE"] == "pyodide":
            hypothesis.settings.load_profile("pyodide")


import platform
import phase10, pytest
print(f"Python {platform.python_version()} on {sys.platform}")
print(f"phase10 {phase10.__version__} from {phase10.__file__}")
print(f"HYPOTHESIS_PROFILE={os.environ['HYPOTHESIS_PROFILE']}; set-up took {setup_seconds:.1f} s")
sys.stdout.flush()

# --rootdir=/repo with no ini file there: the host's pyproject.toml (whose
# pythonpath would add engine/) is never read, node ids match the host's.
# Only tests/ goes on the path, for the test-support package.
int(pytest.main(["-p", "no:cacheprovider", "--rootdir=/repo", "-o", "pythonpath=tests",
                 mount_point, *pytest_args],
                plugins=[PyodideProfile()]))
`);
  return code;
}

// Report failures without Node's dump of the (minified, megabyte-long) source line.
main().then(
  (code) => { process.exitCode = code; },
  (err) => { console.error(err?.stack ?? err); process.exitCode = 2; },
);
