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

// Also writes bytecode (bytes rather than text). Text is encoded here, natively:
// Emscripten's FS.writeFile turns a string into bytes one character at a time, which
// cost 30 ms of the page's main thread per start for the UI's 0.5 MB of sources. Each
// folder is made once: mkdirTree of a folder that exists throws (and catches) an error
// per level, 13 ms per start when it ran for every file.
export function writeBundle(pyodide, files) {
  const home = pyodide.FS.cwd();
  const encoder = new TextEncoder();
  const made = new Set();
  for (const [name, content] of Object.entries(files)) {
    const path = `${home}/${name}`;
    const folder = path.slice(0, path.lastIndexOf("/"));
    if (!made.has(folder)) {
      pyodide.FS.mkdirTree(folder);
      made.add(folder);
    }
    pyodide.FS.writeFile(path, typeof content === "string" ? encoder.encode(content) : content);
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

// Format 2 is binary: two little-endian Uint32 (the format, the index's length), the
// index (JSON: [[path, size], ...]), then each file's bytes in the index's order. Format
// 1 was JSON with base64: decoding it cost 25 ms of the page's main thread per start here.
const BYTECODE_FORMAT = 2;
const HEADER = 8;
const DIGEST_HEADER = "X-Ten-Phases-Digest";

async function digestOf(bytes) {
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(hash, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

// The files (path relative to Python's directory -> bytes) as a response to keep in the
// cache, with a digest of its body, so damaged storage is refused rather than run.
export async function bytecodeResponse(files) {
  const entries = Object.entries(files);
  const index = new TextEncoder().encode(JSON.stringify(entries.map(([path, bytes]) => [path, bytes.length])));
  const body = new Uint8Array(entries.reduce((size, [, bytes]) => size + bytes.length, HEADER + index.length));
  const header = new DataView(body.buffer);
  header.setUint32(0, BYTECODE_FORMAT, true);
  header.setUint32(4, index.length, true);
  body.set(index, HEADER);
  let at = HEADER + index.length;
  for (const [, bytes] of entries) {
    body.set(bytes, at);
    at += bytes.length;
  }
  const headers = { "Content-Type": "application/octet-stream", [DIGEST_HEADER]: await digestOf(body) };
  return new Response(body, { headers });
}

function isIndex(index) {
  const entry = (item) =>
    Array.isArray(item) && typeof item[0] === "string" && Number.isSafeInteger(item[1]) && item[1] >= 0;
  return Array.isArray(index) && index.every(entry);
}

// The files a response made by bytecodeResponse holds (views of its body); throws on
// any damage.
export async function bytecodeFiles(response) {
  const body = new Uint8Array(await response.arrayBuffer());
  if ((await digestOf(body)) !== response.headers.get(DIGEST_HEADER)) {
    throw new Error("the kept bytecode is damaged");
  }
  if (body.length < HEADER) throw new Error("the kept bytecode is cut short");
  const header = new DataView(body.buffer, body.byteOffset, HEADER);
  const format = header.getUint32(0, true);
  if (format !== BYTECODE_FORMAT) throw new Error(`the kept bytecode is in format ${format}`);
  const indexEnd = HEADER + header.getUint32(4, true);
  const index = indexEnd <= body.length ? JSON.parse(new TextDecoder().decode(body.subarray(HEADER, indexEnd))) : null;
  if (!isIndex(index)) throw new Error("the kept bytecode has no index");
  const files = {};
  let at = indexEnd;
  for (const [path, size] of index) {
    files[path] = body.subarray(at, at + size);
    at += size;
  }
  if (at !== body.length) throw new Error("the kept bytecode's files do not fill it");
  return files;
}
