// The UI's Python modules and message catalogues come in one gzipped JSON file,
// ui.bundle.json.gz (build.py): one request instead of one per module. The page
// (interpreter.js) and the snapshot's worker (snapshot.js) both write it into Python's
// own directory, where main.py imports the UI from.

export async function fetchBundle(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`the UI's files: ${response.status}`);
  const text = response.body.pipeThrough(new DecompressionStream("gzip"));
  const bundle = await new Response(text).json();
  if (bundle?.format !== 1) throw new Error(`the UI's files are in format ${bundle?.format}`);
  return bundle.files;
}

// Also writes bytecode (bytes rather than text).
export function writeBundle(pyodide, files) {
  const home = pyodide.FS.cwd();
  for (const [name, text] of Object.entries(files)) {
    const path = `${home}/${name}`;
    pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    pyodide.FS.writeFile(path, text);
  }
}

// --- Bytecode for the next start -----------------------------------------------------
// Python compiles every module it imports from source, and the files PyScript writes
// at each start are new each time, so nothing the page compiles is ever reused. The
// snapshot's worker compiles the modules a restored Python still imports (PyScript's own
// package, and the UI's modules that need it) into bytecode that Python uses without
// checking the source ("unchecked-hash" pycs). That is safe only because they live in
// this build's cache, next to the snapshot: another build's files are never matched
// with them. The page writes them before PyScript imports anything: about 0.4 s of a
// start on a phone (4x CPU) was compiling these.

// The Python files under `dir` of Python's directory, by their path relative to it.
export function pythonSources(pyodide, dir) {
  const home = pyodide.FS.cwd();
  const files = {};
  const walk = (relative) => {
    for (const name of pyodide.FS.readdir(`${home}/${relative}`)) {
      if (name === "." || name === ".." || name === "__pycache__") continue;
      const path = `${relative}/${name}`;
      const { mode } = pyodide.FS.stat(`${home}/${path}`);
      if (pyodide.FS.isDir(mode)) walk(path);
      else if (name.endsWith(".py")) files[path] = pyodide.FS.readFile(`${home}/${path}`, { encoding: "utf8" });
    }
  };
  walk(dir);
  return files;
}

const BYTECODE_FORMAT = 1;
const DIGEST_HEADER = "X-Ten-Phases-Digest";

function base64(bytes) {
  let text = "";
  for (let at = 0; at < bytes.length; at += 0x8000) {
    text += String.fromCharCode(...bytes.subarray(at, at + 0x8000)); // spread only so far
  }
  return btoa(text);
}

async function digestOf(bytes) {
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(hash, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

// The files (path relative to Python's directory -> bytes) as a response to keep in the
// cache, with a digest of its body, so damaged storage is refused rather than run.
export async function bytecodeResponse(files) {
  const encoded = Object.fromEntries(Object.entries(files).map(([path, bytes]) => [path, base64(bytes)]));
  const body = new TextEncoder().encode(JSON.stringify({ format: BYTECODE_FORMAT, files: encoded }));
  const headers = { "Content-Type": "application/json", [DIGEST_HEADER]: await digestOf(body) };
  return new Response(body, { headers });
}

// The files a response made by bytecodeResponse holds; throws on any damage.
export async function bytecodeFiles(response) {
  const body = new Uint8Array(await response.arrayBuffer());
  if ((await digestOf(body)) !== response.headers.get(DIGEST_HEADER)) {
    throw new Error("the kept bytecode is damaged");
  }
  const { format, files } = JSON.parse(new TextDecoder().decode(body));
  if (format !== BYTECODE_FORMAT) throw new Error(`the kept bytecode is in format ${format}`);
  return Object.fromEntries(
    Object.entries(files).map(([path, text]) => [path, Uint8Array.from(atob(text), (c) => c.charCodeAt(0))]),
  );
}
