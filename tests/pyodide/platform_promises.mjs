// How the UI's Python waits on the platform's promises (web/ui/platform.py with
// web/platform.js), on Pyodide in Node: every kind of rejection an engine may give,
// and, for comparison, the plain `await` that ui/platform.py exists to avoid.
//
//   node --disable-warning=MODULE_TYPELESS_PACKAGE_JSON tests/pyodide/platform_promises.mjs
//
// Prints one JSON object: each case's Settled value, what the plain await did, and
// the unhandled rejections Node saw during each part. tests/test_platform_promises.py
// reads it.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";
import * as platform from "../../web/platform.js";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const unhandled = [];
process.on("unhandledRejection", (reason) => unhandled.push(String(reason).split("\n").at(-2) ?? ""));

function stackless(error) {
  // As WebKit rejects a service worker's update() offline: an Error with no stack.
  Object.defineProperty(error, "stack", { value: undefined });
  return error;
}

// The platform, as far as these cases need it: each method returns a promise or throws.
globalThis.platformCases = {
  fulfils: () => Promise.resolve(5),
  error: () => Promise.reject(new TypeError("offline")),
  errorWithoutStack: () => Promise.reject(stackless(new TypeError("offline"))),
  errorLikeObject: () => Promise.reject({ name: "NetworkError", message: "no route" }),
  text: () => Promise.reject("just words"),
  nothing: () => Promise.reject(undefined),
  throws: () => {
    throw new RangeError("at once");
  },
  // Promises that are properties, not methods (navigator.serviceWorker.ready).
  readyValue: Promise.resolve("active"),
  readyFails: Promise.reject({ name: "InvalidStateError", message: "no worker" }),
};
globalThis.platformCases.readyFails.catch(() => {}); // only settle() should handle it

const pyodide = await loadPyodide();
// As PyScript offers it: `from pyscript.js_modules import platform`.
pyodide.registerJsModule("pyscript", { js_modules: { platform } });
pyodide.FS.mkdirTree("/web/ui");
pyodide.FS.writeFile("/web/ui/__init__.py", "");
pyodide.FS.writeFile("/web/ui/platform.py", fs.readFileSync(path.join(repo, "web/ui/platform.py")));

const settled = await pyodide.runPythonAsync(`
import sys
sys.path.insert(0, "/web")
from dataclasses import asdict
import js
from ui.platform import settle

results = {}
names = ("fulfils", "error", "errorWithoutStack", "errorLikeObject", "text", "nothing", "throws", "absent")
for name in (*names, "readyValue", "readyFails"):
    results[name] = asdict(await settle(js.platformCases, name))
results
`);
const cases = settled.toJs({ dict_converter: Object.fromEntries });
await new Promise((resolve) => setTimeout(resolve, 100));
const unhandledWithSettle = unhandled.splice(0);

// The plain await, without settle: does it ever return?
const plain = await pyodide.runPythonAsync(`
import asyncio
import js

async def plain_await():
    try:
        await js.platformCases.errorLikeObject()
    except Exception as error:
        return f"raised {type(error).__name__}"
    return "returned"

try:
    outcome = await asyncio.wait_for(plain_await(), timeout=1)
except TimeoutError:
    outcome = "never returned"
outcome
`);
await new Promise((resolve) => setTimeout(resolve, 100));

console.log(JSON.stringify({ cases, unhandledWithSettle, plain, unhandledWithPlainAwait: unhandled.splice(0) }));
process.exit(0);
