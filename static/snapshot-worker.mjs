// Makes Omen's memory snapshot off the main thread (started by static/engine.mjs).
//
// A throw-away Pyodide started with the (private) `_makeSnapshot` option gets the app's
// Python files at the paths PyScript will write them to, imports the rules engine and
// the adapter, and hands its memory to `makeMemorySnapshot()`. The adapter imports
// `pyscript`, which exists only beside a page: here a stand-in module gives placeholders
// for `document` and `window`, and py/main.py swaps in the real objects after a restore.
// The stand-in is dropped from sys.modules before the snapshot, so the real `pyscript`
// is imported in the page. The bytes go to Cache Storage with their key and SHA-256.

import { readAppFiles } from "./app-files.mjs";
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";

// Without WebAssembly stack switching, as in the page (see static/engine.mjs): the
// snapshot must be made the way the page restores it.
for (const name of ["Suspending", "Suspender"]) Reflect.deleteProperty(WebAssembly, name);

const PRELUDE = `
import sys, types

class SnapshotPlaceholder:
    """Stands for pyscript.<name> in the snapshot; py/main.py replaces it."""

    def __init__(self, name):
        object.__setattr__(self, "omen_placeholder", name)

    def __getattr__(self, attribute):
        raise RuntimeError(f"pyscript.{self.omen_placeholder} used while making the snapshot")

stand_in = types.ModuleType("pyscript")
stand_in.document = SnapshotPlaceholder("document")
stand_in.window = SnapshotPlaceholder("window")
sys.modules["pyscript"] = stand_in
`;

const EPILOGUE = `
import importlib
for name in MODULES:
    importlib.import_module(name)
del sys.modules["pyscript"]
del sys, types, stand_in, SnapshotPlaceholder, importlib, name, MODULES
`;

function parentsOf(path) {
  const parts = path.split("/").slice(0, -1);
  return parts.map((_, index) => parts.slice(0, index + 1).join("/"));
}

async function digest(bytes) {
  const hash = await crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(hash), (b) => b.toString(16).padStart(2, "0")).join("");
}

async function make({ manifest, indexURL, cache, entry }) {
  const started = performance.now();
  const bundle = await readAppFiles();
  if (!bundle) throw new Error("the app's files could not be read");
  const sources = Object.entries(manifest.files).map(([url, path]) => {
    if (!bundle.has(url)) throw new Error(`${url} is not in the app's files`);
    return [path, bundle.get(url)];
  });
  // Each module's bytecode beside its source, as the page has it (see writeBytecode()
  // in static/engine.mjs): the imports below then read it instead of compiling.
  const bytecode = Object.entries(manifest.bytecode ?? {})
    .filter(([url]) => bundle.has(url))
    .map(([url, path]) => [path, bundle.get(url)]);
  const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true });
  const { FS } = pyodide;
  for (const [path, bytes] of [...sources, ...bytecode]) {
    for (const folder of parentsOf(path)) {
      if (!FS.analyzePath(folder).exists) FS.mkdir(folder);
    }
    FS.writeFile(path, bytes);
  }
  pyodide.runPython(PRELUDE);
  pyodide.globals.set("MODULES", pyodide.toPy(manifest.modules));
  pyodide.runPython(EPILOGUE);
  const memory = pyodide.makeMemorySnapshot();
  const bytes = pack(memory);
  const headers = {
    "content-type": "application/octet-stream",
    "x-omen-key": manifest.key,
    "x-omen-memory": String(memory.length),
    "x-omen-size": String(bytes.length),
    "x-omen-sha256": await digest(bytes),
  };
  await (await caches.open(cache)).put(entry, new Response(bytes, { headers }));
  return { ok: true, size: bytes.length, ms: performance.now() - started };
}

// About 40% of Python's memory is pages of zeros. The stored snapshot is a map with one
// byte per 4 KB page (1: kept, 0: all zeros) followed by the kept pages, so a start reads
// and checks about 19 MB instead of 30 (static/engine.mjs puts the zeros back).
const PAGE = 4096;

function pack(memory) {
  const pages = Math.ceil(memory.length / PAGE);
  const map = new Uint8Array(pages);
  let kept = 0;
  for (let page = 0; page < pages; page++) {
    const part = memory.subarray(page * PAGE, Math.min(memory.length, (page + 1) * PAGE));
    if (part.some((byte) => byte !== 0)) {
      map[page] = 1;
      kept += part.length;
    }
  }
  const out = new Uint8Array(pages + kept);
  out.set(map);
  let at = pages;
  for (let page = 0; page < pages; page++) {
    if (!map[page]) continue;
    const part = memory.subarray(page * PAGE, Math.min(memory.length, (page + 1) * PAGE));
    out.set(part, at);
    at += part.length;
  }
  return out;
}

self.onmessage = (event) => {
  make(event.data).then(
    (result) => self.postMessage(result),
    (error) => self.postMessage({ ok: false, error: String(error && error.stack ? error.stack : error) }),
  );
};
