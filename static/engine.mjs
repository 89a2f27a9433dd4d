// Omen's interpreter for PyScript (pyscript.toml `interpreter`): Pyodide, started from
// a memory snapshot when the device has a good one.
//
// PyScript imports this module, reads `version` and calls `loadPyodide(options)`; the
// page's static/start.mjs has already called `start()` as the page began to load, so
// Pyodide is by then well into its start and PyScript gets that start's interpreter. A
// snapshot is Python's memory after Pyodide's start-up and after importing the rules
// engine and the adapter (made by static/snapshot-worker.mjs, in the background, after a
// normal start). It is kept in Cache Storage without its pages of zeros, with the key
// it was made for (Pyodide's build, the standard library archive, the worker, this
// module and every pre-imported Python file, computed by tools/build.py) and a SHA-256
// of the stored bytes. It is read and checked while Pyodide downloads and compiles its
// runtime. Anything missing, damaged, truncated or made for other files is thrown
// away: Pyodide then starts normally and a new snapshot is made. The page's <html> gets
// data-engine-start="snapshot" or "normal" and, once a new snapshot is stored,
// data-snapshot="saved" (tests and the benchmark read them). `?snapshot=off` in the
// address starts normally and makes no snapshot (data-snapshot="off" says so).

import { loadPyodide as loadRuntime, version } from "./vendor/pyodide/pyodide.mjs";
import manifest from "./build/snapshot.js";
import { readAppFiles } from "./app-files.mjs";

export { version };

// Pyodide runs here (and in static/snapshot-worker.mjs) without WebAssembly stack
// switching (JSPI). When a browser offers it (`WebAssembly.Suspending`, or the older
// `WebAssembly.Suspender`), Pyodide runs every callback of Python's event loop on a stack
// of its own. Omen never waits synchronously for JavaScript from Python (no `run_sync`),
// so it gains nothing from that, and Chromium 156 crashed the whole tab with it now and
// then while the app started (about once in a few hundred loads in the browser tests and
// in CI; the crash report shows the renderer's main thread, on such a stack, reading past
// its end). Pyodide reports the same kind of crash upstream (pyodide/pyodide issues 5702
// and 6106). Pyodide looks for these names when its runtime is created, so removing them
// first makes it take the path of every browser without JSPI. Nothing else uses them,
// and the snapshot key covers this module and the worker, so a snapshot made with stack
// switching is never restored without it. (Reflect.deleteProperty, not `delete`: where
// a browser would not let them go, Pyodide uses them, rather than the start failing.)
for (const name of ["Suspending", "Suspender"]) Reflect.deleteProperty(WebAssembly, name);

// The interpreter this page started, for tests and diagnostics
// (`(await import("/static/engine.mjs")).started.runPython(...)`).
export let started = null;

const CACHE = "omen.snapshot"; // not "omen-…": sw.js clears those on each new deploy
const ENTRY = new URL("./build/engine-snapshot", import.meta.url).href;
const INDEX_URL = new URL("./vendor/pyodide/", import.meta.url).href;
const root = document.documentElement;

function note(message, detail) {
  console.info(`Omen snapshot: ${message}`, detail ?? "");
}

async function digest(bytes) {
  const hash = await crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(hash), (b) => b.toString(16).padStart(2, "0")).join("");
}

async function forget() {
  try {
    const cache = await caches.open(CACHE);
    await cache.delete(ENTRY);
  } catch {
    // nothing to forget
  }
}

// The stored snapshot for this build, or null: found quickly (a lookup and its key),
// then read and checked (its size and SHA-256) in `bytes`, which gives null when the
// stored copy is damaged, truncated or unreadable.
async function findSnapshot() {
  if (!("caches" in globalThis)) return null; // no Cache Storage outside a secure context
  let response;
  try {
    response = await (await caches.open(CACHE)).match(ENTRY);
  } catch (error) {
    note("storage unreadable", error);
    return null;
  }
  if (!response) return null;
  if (response.headers.get("x-omen-key") !== manifest.key) {
    note("made for another version or other Python files; making a new one");
    await forget();
    return null;
  }
  return { bytes: checked(response) };
}

async function checked(response) {
  try {
    const bytes = new Uint8Array(await response.arrayBuffer());
    const size = Number(response.headers.get("x-omen-size"));
    if (bytes.length !== size || (await digest(bytes)) !== response.headers.get("x-omen-sha256")) {
      note("damaged or truncated; making a new one");
      await forget();
      return null;
    }
    return new StoredPages(bytes, Number(response.headers.get("x-omen-memory")));
  } catch (error) {
    note("unreadable; making a new one", error);
    await forget();
    return null;
  }
}

// A stored snapshot: a map of its 4 KB pages (1: stored, 0: all zeros) and then the
// stored pages (made by pack() in static/snapshot-worker.mjs). The snapshot itself is
// Pyodide's header (its build, the JavaScript side's state) followed by Python's memory.
// The pages are written straight into the new interpreter's memory (see restoring()),
// instead of first rebuilding the whole snapshot in a buffer of its own for Pyodide to
// copy: one copy of the stored pages instead of two copies of the whole memory.
const PAGE = 4096;

class StoredPages {
  constructor(stored, length) {
    const pages = Math.ceil(length / PAGE);
    if (!Number.isSafeInteger(length) || length <= 0 || stored.length < pages) {
      throw new Error("the snapshot's page map does not fit");
    }
    let kept = 0;
    for (let page = 0; page < pages; page++) {
      if (stored[page]) kept += Math.min(length, (page + 1) * PAGE) - page * PAGE;
    }
    if (pages + kept !== stored.length) throw new Error("the snapshot's pages do not add up");
    this.stored = stored;
    this.length = length;
    this.pages = pages;
  }

  // Calls visit(from, to, at) for each run of snapshot bytes [from, to): at is where
  // the run starts in the stored bytes, or -1 for a run of zeros.
  runs(visit) {
    const { stored, length, pages } = this;
    let at = pages;
    let page = 0;
    while (page < pages) {
      const kept = stored[page];
      const first = page;
      while (page < pages && stored[page] === kept) page++;
      const from = first * PAGE;
      const to = Math.min(length, page * PAGE);
      visit(from, to, kept ? at : -1);
      if (kept) at += to - from;
    }
  }

  // The snapshot's first `size` bytes.
  head(size) {
    const head = new Uint8Array(size);
    this.runs((from, to, at) => {
      if (at < 0 || from >= size) return;
      head.set(this.stored.subarray(at, at + Math.min(to, size) - from), from);
    });
    return head;
  }

  // Writes the snapshot, less its first `skip` bytes, into `memory` (zeros included:
  // the new interpreter's start-up has already written to parts of it).
  writeInto(memory, skip) {
    if (memory.length < this.length - skip) throw new Error("the snapshot is larger than the memory");
    this.runs((from, to, at) => {
      const start = Math.max(from, skip);
      if (start >= to) return;
      if (at < 0) memory.fill(0, start - skip, to - skip);
      else memory.set(this.stored.subarray(at + start - from, at + to - from), start - skip);
    });
  }
}

// Pyodide's runtime, set to restore a snapshot from its stored pages. Pyodide reserves
// the memory for the snapshot it is given (an empty buffer of the right size here, which
// costs nothing until written), then its restore reads the snapshot's header and copies
// the rest into Python's memory; this restore hands it the header alone and writes the
// memory itself. (Pyodide's header starts with a magic number and its own length.)
async function restoring(snapshot) {
  const { default: create } = await import("./vendor/pyodide/pyodide.asm.mjs");
  return async (settings) => {
    const runtime = await create(settings);
    const restore = runtime.API.restoreSnapshot;
    runtime.API.restoreSnapshot = () => {
      const pages = snapshot.pages;
      const head = new Uint32Array(pages.head(8).buffer);
      const size = head[1];
      if (!Number.isSafeInteger(size) || size < 8 || size > pages.length || size % 4) {
        throw new Error("the snapshot's header does not fit");
      }
      const state = restore(pages.head(size)); // checks the magic number and the build
      pages.writeInto(runtime.HEAP8, size);
      return state;
    };
    return runtime;
  };
}

// Make a snapshot in a worker once the page is ready, so the start in progress and the
// first rolls do not wait for it.
function makeSnapshotLater() {
  if (!("caches" in globalThis) || typeof Worker === "undefined") return;
  const start = () => {
    const worker = new Worker(new URL("./snapshot-worker.mjs", import.meta.url), { type: "module" });
    worker.onmessage = (event) => {
      worker.terminate();
      if (event.data && event.data.ok) {
        root.dataset.snapshot = "saved";
        note(`saved (${event.data.size} bytes in ${Math.round(event.data.ms)} ms)`);
      } else {
        root.dataset.snapshot = "failed";
        note("could not be made", event.data && event.data.error);
      }
    };
    worker.onerror = (event) => {
      worker.terminate();
      root.dataset.snapshot = "failed";
      note("worker failed", event.message);
    };
    worker.postMessage({ manifest, indexURL: INDEX_URL, cache: CACHE, entry: ENTRY });
  };
  const whenReady = () => {
    if (root.dataset.ready === "true") {
      observer.disconnect();
      setTimeout(start, 500); // let the first paint and any first tap go first
    }
  };
  const observer = new MutationObserver(whenReady);
  observer.observe(root, { attributes: true, attributeFilter: ["data-ready"] });
  whenReady();
}

// Python state that must not be shared by two starts from one snapshot: fresh random
// state (the Mersenne Twister was frozen at snapshot time) and fresh import caches (the
// app's files are written again after the restore).
// (Only the folder finders: importlib.invalidate_caches() would import importlib.metadata,
// which the trimmed standard library leaves out.)
const AFTER_RESTORE = `
import random, sys
from importlib.machinery import FileFinder
finder = None
for finder in list(sys.path_importer_cache.values()):
    if isinstance(finder, FileFinder):
        finder.invalidate_caches()
random.seed()
del random, sys, FileFinder, finder
`;

const wanted = new URLSearchParams(location.search).get("snapshot") !== "off";
let starting = null;

// Where Python's output goes: the console until PyScript asks for the interpreter, then
// PyScript's own handlers (the start begins before PyScript has made them).
const streams = { stdout: (text) => console.log(text), stderr: (text) => console.error(text) };
const START = {
  indexURL: INDEX_URL,
  stdout: (...args) => streams.stdout(...args),
  stderr: (...args) => streams.stderr(...args),
};
// What PyScript may pass to loadPyodide for Omen's pyscript.toml (no packages, no lock
// file). The start is already under way when PyScript asks, so anything else cannot be
// honoured, and the page should say so rather than start without it.
const UNDERSTOOD = new Set(["indexURL", "stdout", "stderr"]);

// Start Python now: look for the stored snapshot and start Pyodide from it (or normally).
// static/start.mjs calls this as the page opens, so Pyodide's start runs while the page
// is read and PyScript loads, instead of after them. Returns the same promise to
// every caller.
export function start() {
  starting ??= startPython();
  return starting;
}

// PyScript's entry point (its `interpreter` module's loadPyodide): the start already
// under way, with PyScript's output handlers from now on.
export async function loadPyodide(options = {}) {
  performance.mark("omen:pyscript-asks");
  const unknown = Object.keys(options).filter((name) => !UNDERSTOOD.has(name));
  if (unknown.length) {
    throw new Error(`Omen's engine cannot take PyScript's option(s) ${unknown.join(", ")}`);
  }
  if (options.stdout) streams.stdout = options.stdout;
  if (options.stderr) streams.stderr = options.stderr;
  return start();
}

// The files PyScript fetches once Pyodide has started (pyscript.toml's [files] and the
// page's main.py), read from their bundle (static/app-files.mjs) while Pyodide starts
// and handed to PyScript's own requests: each of these addresses, asked for once with no
// options, gets the early response (from the bundle, or fetched on its own if the bundle
// cannot be read; a failure reaches PyScript as before); anything else, or a second
// request, goes to the network. Once every early response is handed over, `fetch` is the
// browser's own again.
const early = new Map();
const browserFetch = globalThis.fetch;
let appFiles = Promise.resolve(null); // the bundle's files, once fetchEarly() asks for them

function handOver(input, init) {
  if (init === undefined && (typeof input === "string" || input instanceof URL)) {
    const href = new URL(input, document.baseURI).href;
    const response = early.get(href);
    if (response) {
      early.delete(href);
      if (early.size === 0) globalThis.fetch = browserFetch;
      return response;
    }
  }
  return browserFetch(input, init);
}

function fetchEarly() {
  const files = readAppFiles(browserFetch);
  appFiles = files;
  for (const url of manifest.prefetch) {
    const href = new URL(url, document.baseURI).href;
    const response = files.then((found) =>
      found?.has(url) ? new Response(found.get(url)) : browserFetch(href),
    );
    response.catch(() => {}); // PyScript's request for it gets the failure
    early.set(href, response);
  }
  globalThis.fetch = handOver;
}

// The app's modules compiled to bytecode (tools/compile_app.mjs), written from the bundle
// where Python's import looks for them, beside the sources PyScript writes next: a first
// start then reads the bytecode of each module it imports instead of compiling its
// source (about 450 ms for all of them at 1x CPU). Python uses a .pyc only while the
// source beside it has the hash the .pyc holds, so one that does not belong to its
// source is compiled from source as before. Not needed after a restore: the snapshot
// has imported every module already.
async function writeBytecode(pyodide) {
  const found = await appFiles;
  if (!found) return; // the files come one by one: their sources are compiled
  const { FS } = pyodide;
  const home = FS.cwd(); // where PyScript writes pyscript.toml's [files]
  for (const [url, path] of Object.entries(manifest.bytecode)) {
    const bytes = found.get(url);
    if (!bytes) continue;
    const target = `${home}/${path.replace(/^\.\//, "")}`;
    FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
    FS.writeFile(target, bytes);
  }
}

async function startPython() {
  performance.mark("omen:engine-start");
  const found = wanted ? await findSnapshot() : null;
  setTimeout(fetchEarly, 0); // once Pyodide's own downloads, which start below, are asked for
  if (found) {
    try {
      // Pyodide awaits the bytes only after it has started downloading and compiling its
      // runtime, so reading and checking them overlaps that work. Bytes that fail the
      // check stop this start, and the app starts normally below.
      const snapshot = {};
      const bytes = found.bytes.then((pages) => {
        if (!pages) throw new Error("snapshot unusable");
        snapshot.pages = pages;
        return new Uint8Array(pages.length); // the size Pyodide reserves; see restoring()
      });
      bytes.catch(() => {}); // handled below, when Pyodide's start fails with it
      const pyodide = await loadRuntime({
        ...START,
        _loadSnapshot: bytes,
        createPyodideModule: restoring(snapshot),
      });
      pyodide.runPython(AFTER_RESTORE);
      root.dataset.engineStart = "snapshot";
      performance.mark("omen:engine-loaded");
      started = pyodide;
      return pyodide;
    } catch (error) {
      note("restore failed; starting normally", error);
      await forget();
    }
  }
  const pyodide = await loadRuntime(START);
  await writeBytecode(pyodide);
  root.dataset.engineStart = "normal";
  performance.mark("omen:engine-loaded");
  started = pyodide;
  if (wanted) makeSnapshotLater();
  else root.dataset.snapshot = "off";
  return pyodide;
}
