// Starts Python as the page begins to load. index.html loads this as an async module
// script, which runs as soon as it and static/engine.mjs have arrived, without waiting
// for the rest of the page to be read and laid out. PyScript, once it has loaded and read
// pyscript.toml, asks static/engine.mjs for the interpreter and gets this start.
//
// Then PyScript's own modules are asked for: PyScript imports them one after another as
// it reads its configuration, and on the first visit after an install or an update the
// browser compiles each afresh, while Pyodide's start keeps the page busy; loaded (not
// run) now, they are ready when PyScript asks, and PyScript is no longer the last to be
// ready. (Preloaded in the page's head instead, they would delay Python's start.)
//
// static/progress.mjs comes first: on a first visit it counts the bytes of the requests
// Python's start makes, for the page's progress.
import "./progress.mjs";
import { start } from "./engine.mjs";
import manifest from "./build/snapshot.js";

start();
for (const chunk of manifest.pyscript) {
  const link = document.createElement("link");
  link.rel = "modulepreload";
  link.href = new URL(chunk, import.meta.url).href;
  document.head.append(link);
}
