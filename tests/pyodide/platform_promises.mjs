// How the UI's Python waits on the platform's promises (web/ui/shell/platform.py with
// web/platform.js), on Pyodide in Node: every kind of rejection an engine may give,
// and, for comparison, the plain `await` that ui/shell/platform.py exists to avoid.
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

// share(): each way a browser may take it. The browser's APIs are given as each kind of
// browser offers them (Node has no navigator); what they were called with is recorded, and
// whether they were called at once, while the tap that asked is still being handled.
async function shareWith(browser, text = "Ann won") {
  const calls = [];
  const record = (name, value) => (...args) => {
    calls.push([name, ...args]);
    return value();
  };
  const navigator = {};
  if (browser.share) navigator.share = record("share", browser.share);
  if (browser.canShare) navigator.canShare = browser.canShare;
  if (browser.writeText) navigator.clipboard = { writeText: record("writeText", browser.writeText) };
  Object.defineProperty(globalThis, "navigator", { value: navigator, configurable: true, writable: true });
  const pending = platform.share(text);
  const atOnce = calls.map(([name]) => name);
  const outcome = await pending;
  return { outcome, atOnce, calls };
}

const refuse = (name) => () => Promise.reject(new DOMException("no", name));
const shareCases = {
  sheet: await shareWith({ share: () => Promise.resolve() }),
  closed: await shareWith({ share: refuse("AbortError") }),
  refusedThenCopied: await shareWith({ share: refuse("NotAllowedError"), writeText: () => Promise.resolve() }),
  cannotShareText: await shareWith({
    share: () => Promise.resolve(),
    canShare: () => false,
    writeText: () => Promise.resolve(),
  }),
  clipboardOnly: await shareWith({ writeText: () => Promise.resolve() }),
  nothingWorks: await shareWith({ writeText: refuse("NotAllowedError") }),
  nothingAtAll: await shareWith({}),
  noText: await shareWith({ share: () => Promise.resolve() }, ""),
};
delete globalThis.navigator;

const pyodide = await loadPyodide();
// As PyScript offers it: `from pyscript.js_modules import platform`.
pyodide.registerJsModule("pyscript", { js_modules: { platform } });
pyodide.FS.mkdirTree("/web/ui/shell");
pyodide.FS.writeFile("/web/ui/__init__.py", "");
pyodide.FS.writeFile("/web/ui/shell/__init__.py", "");
pyodide.FS.writeFile(
  "/web/ui/shell/platform.py",
  fs.readFileSync(path.join(repo, "web/ui/shell/platform.py")),
);

const settled = await pyodide.runPythonAsync(`
import sys
sys.path.insert(0, "/web")
from dataclasses import asdict
import js
from ui.shell.platform import settle

results = {}
names = ("fulfils", "error", "errorWithoutStack", "errorLikeObject", "text", "nothing", "throws", "absent")
for name in (*names, "readyValue", "readyFails"):
    results[name] = asdict(await settle(js.platformCases, name))
results
`);
const cases = settled.toJs({ dict_converter: Object.fromEntries });

// settle_now calls at once; settle, a coroutine, only once it is awaited.
globalThis.counted = { calls: 0, count() { this.calls += 1; return Promise.resolve(this.calls); } };
const timing = await pyodide.runPythonAsync(`
from dataclasses import asdict
import js
from ui.shell.platform import settle, settle_now

now = settle_now(js.counted, "count")
called_by_settle_now = js.counted.calls
later = settle(js.counted, "count")
called_before_awaiting_settle = js.counted.calls
{"settleNow": [called_by_settle_now, asdict(await now)],
 "settle": [called_before_awaiting_settle, asdict(await later)]}
`);
cases.timing = timing.toJs({ dict_converter: Object.fromEntries });
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

console.log(
  JSON.stringify({ cases, shareCases, unhandledWithSettle, plain, unhandledWithPlainAwait: unhandled.splice(0) }),
);
process.exit(0);
