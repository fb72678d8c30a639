// Platform promises, made safe for Python to wait on (ui/platform.py imports this module).
//
// Pyodide turns a rejected promise into a Python exception only when the rejection
// has a name, a message and a stack. Some engines reject with less: WebKit rejects a
// service worker's update() while offline with a TypeError that has no stack. Pyodide
// then fails inside its own promise handler ("invalid exception object", an unhandled
// rejection), and in Node an `await` on it never returns. Python cannot catch that, so
// the promise is settled here, before Python sees it.

/** Wait for target[name]: called with args if it is a method, as it is if it is a
 * promise (navigator.serviceWorker.ready). Resolve, never reject, to what happened:
 * {ok: true, value} or {ok: false, error: "TypeError: ..."}. */
export async function settle(target, name, ...args) {
  try {
    const member = target[name];
    if (member === undefined) throw new TypeError(`${name} is not supported here`);
    return { ok: true, value: await (typeof member === "function" ? member.apply(target, args) : member) };
  } catch (error) {
    return { ok: false, error: describe(error) };
  }
}

function describe(error) {
  if (error !== null && typeof error === "object") {
    return `${error.name ?? "Error"}: ${error.message ?? ""}`;
  }
  return String(error);
}
