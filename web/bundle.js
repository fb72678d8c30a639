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

export function writeBundle(pyodide, files) {
  const home = pyodide.FS.cwd();
  for (const [name, text] of Object.entries(files)) {
    const path = `${home}/${name}`;
    pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    pyodide.FS.writeFile(path, text);
  }
}
