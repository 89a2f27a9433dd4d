// Omen's static shell: what runs before Python is ready, and nothing more.
// 1. Paint the last saved session (turn, pool, log) as plain text at once.
// 2. Say what a #share= link holds (readLink below), before Python has started.
// 3. Show loading progress (on a first visit in bytes: "1.2 of 4.0 MB, about 20 s
//    left"), and say so plainly if the connection drops or the rules engine fails.
// 4. Register the service worker for offline use and offer updates.
// Everything else (rolls, rules, editing) is Python in py/omen_web/.

const STAGES = ["Loading Pyodide", "Loaded Pyodide", "Loading files", "Loaded files", "Loading interpreter"];
const RUNTIME = [
  "static/vendor/pyodide/pyodide.mjs",
  "static/vendor/pyodide/pyodide.asm.wasm",
  "static/vendor/pyodide/python_stdlib.zip",
];
const $ = (selector) => document.querySelector(selector);
let catalog = {};
let plurals = {};
const PLURAL = { cs: (n) => (n === 1 ? 0 : n >= 2 && n <= 4 ? 1 : 2) };

function t(message) {
  return catalog[message] || message;
}

// A message with a count: the catalog's form for `count` (the rules of its language),
// or English's.
function plural(singular, many, count) {
  const forms = plurals[singular];
  const rule = PLURAL[document.documentElement.lang];
  if (forms && rule && forms[rule(count)]) return forms[rule(count)];
  return count === 1 ? singular : many;
}

// A template's {name} fields filled from `values`, as text (nothing is read twice).
function format(template, values) {
  return template.replace(/\{(\w+)\}/g, (field, name) => (name in values ? String(values[name]) : field));
}

function readEnvelope(kind) {
  try {
    const raw = localStorage.getItem("omen/" + kind);
    if (!raw) return null;
    const envelope = JSON.parse(raw);
    return envelope && envelope.app === "omen" && envelope.kind === kind ? envelope.data : null;
  } catch {
    return null; // Python decides what to do with damaged data; the shell just skips it.
  }
}

function setText(bind, text) {
  const node = document.querySelector(`[data-bind="${bind}"]`);
  if (node) node.textContent = text;
}

function paintLastState() {
  const exploration = readEnvelope("exploration");
  if (exploration) {
    if (Number.isInteger(exploration.turn)) setText("turn", String(exploration.turn));
    if (Number.isInteger(exploration.pool)) setText("pool", String(exploration.pool));
    if (exploration.last_text) setText("result-title", exploration.last_text);
  }
  const log = readEnvelope("log");
  const list = $('[data-bind="log"]');
  if (log && Array.isArray(log.entries) && list) {
    for (const entry of log.entries.slice(0, 50)) {
      if (typeof entry.text !== "string") continue;
      const item = document.createElement("li");
      item.className = "log-entry" + (entry.undone ? " undone" : "");
      item.textContent = entry.text;
      list.append(item);
    }
    if (log.entries.length) $('[data-bind="log-empty"]')?.setAttribute("hidden", "");
  }
}

// The messages of a compiled gettext catalog (the .mo file Python reads too): a header,
// two tables of (length, offset) pairs, then the strings. Plural entries and the
// catalog's own header are left out; the shell only needs plain texts.
function readCatalog(buffer) {
  const view = new DataView(buffer);
  const little = view.getUint32(0, true) === 0x950412de;
  if (!little && view.getUint32(0, false) !== 0x950412de) throw new Error("not a catalog");
  const word = (at) => view.getUint32(at, little);
  const [count, ids, strs] = [word(8), word(12), word(16)];
  const decoder = new TextDecoder();
  const text = (table, index) =>
    decoder.decode(new Uint8Array(buffer, word(table + 8 * index + 4), word(table + 8 * index)));
  const messages = {};
  const forms = {};
  for (let index = 0; index < count; index++) {
    const id = text(ids, index);
    if (id && !id.includes("\0")) messages[id] = text(strs, index);
    else if (id) forms[id.split("\0")[0]] = text(strs, index).split("\0");
  }
  return { messages, forms };
}

async function loadCatalog() {
  const prefs = readEnvelope("prefs");
  const wanted = (prefs && prefs.language) || (navigator.language || "en").slice(0, 2);
  if (wanted !== "cs") return;
  document.documentElement.lang = "cs";
  try {
    const response = await fetch("static/build/locale/cs/LC_MESSAGES/omen.mo");
    ({ messages: catalog, forms: plurals } = readCatalog(await response.arrayBuffer()));
  } catch {
    return;
  }
  for (const node of document.querySelectorAll("[data-i18n]")) {
    if (node.children.length !== 0) continue;
    // Keep the English message: Python translates from it, in either language.
    const message = node.dataset.msgid || node.textContent.trim().replace(/\s+/g, " ");
    node.dataset.msgid = message;
    node.textContent = t(message);
  }
}

let connectionLost = false;

function showFailure(detail) {
  if (document.documentElement.dataset.ready || connectionLost) return;
  $("#loading")?.setAttribute("hidden", "");
  $("#failed")?.removeAttribute("hidden");
  setText("failed-detail", detail);
}

// --- what a shared link holds, before Python starts ---------------------------------
//
// A second reader of hostile input (the first, with every check, is omen/campaign/share.py, which
// still does the import). It reads the same format: base64url of [frame 1][CRC-32 of the
// JSON][zlib stream], inflated with the browser's DecompressionStream and stopped at the
// same limits. Anything it does not fully understand (damage, a wrong checksum, more than
// LINK.unpacked bytes, nesting deeper than LINK.depth, a name with markup or control
// characters, a field of the wrong type) gives null: the preview then shows nothing,
// and Python's import says what is wrong. It never throws.
const LINK = { text: 150000, unpacked: 2000000, depth: 40, name: 200, names: 8 };
const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes) {
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) crc = CRC_TABLE[(crc ^ bytes[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

async function inflate(bytes, limit) {
  // Written straight into the stream (a Blob's stream reads through the browser's blob
  // storage: a task per chunk, behind whatever else the page's start is doing).
  const stream = new DecompressionStream("deflate");
  const writer = stream.writable.getWriter();
  writer.write(bytes).catch(() => {});
  writer.close().catch(() => {});
  const reader = stream.readable.getReader();
  const chunks = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

// Whether JSON text nests deeper than `limit` (counted before JSON.parse sees it).
function tooDeep(text, limit) {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // a backslash: skip what it escapes
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > limit) return true;
    } else if (c === 93 || c === 125) depth--;
  }
  return false;
}

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
// eslint-disable-next-line no-control-regex
const UNSAFE = /[<>\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

// A name to show, or undefined when it is not a string Omen could have written or might
// be read as markup or reorder the text around it.
function nameOf(record) {
  const name = isObject(record) ? record.name : undefined;
  if (typeof name !== "string" || name.length > LINK.name || UNSAFE.test(name)) return undefined;
  return name;
}

function namesOf(records) {
  if (!Array.isArray(records)) return undefined;
  const names = records.map(nameOf);
  return names.includes(undefined) ? undefined : names.filter((name) => name.trim());
}

// What the envelope holds, as { summary, names }, in the page's language; or null.
function describe(envelope) {
  if (!isObject(envelope) || Object.keys(envelope).sort().join() !== "app,data,kind,v") return null;
  if (envelope.app !== "omen" || envelope.v !== 1 || !isObject(envelope.data)) return null;
  const data = envelope.data;
  if (envelope.kind === "table") {
    const table = data.table;
    const name = nameOf(table);
    const linked = data.linked === undefined ? [] : namesOf(data.linked);
    if (name === undefined || linked === undefined || !Array.isArray(table.entries)) return null;
    if (table.die !== null && (typeof table.die !== "string" || UNSAFE.test(table.die))) return null;
    if (table.die !== null && table.die.length > 10) return null;
    if (linked.length) {
      const many = "Table '{name}' and {count} linked tables";
      const line = plural("Table '{name}' and {count} linked table", many, linked.length);
      return { summary: format(line, { name, count: linked.length }), names: linked };
    }
    const count = table.entries.length;
    const line = plural("Table '{name}': {die}, {count} entry", "Table '{name}': {die}, {count} entries", count);
    return { summary: format(line, { name, die: table.die ?? t("drawn by weight"), count }), names: [] };
  }
  if (envelope.kind === "location") {
    const name = nameOf(data.location);
    const tables = data.tables === undefined ? [] : namesOf(data.tables);
    if (name === undefined || tables === undefined) return null;
    const line = plural("Location '{name}' with {count} table", "Location '{name}' with {count} tables", tables.length);
    return { summary: format(line, { name, count: tables.length }), names: tables };
  }
  if (envelope.kind === "character") {
    const name = nameOf(data);
    if (name === undefined) return null;
    const summary = name.trim() ? format(t("Character '{name}'"), { name }) : t("A character without a name");
    return { summary, names: [] };
  }
  if (envelope.kind === "crew") {
    const names = namesOf(data.characters);
    if (names === undefined) return null;
    const count = data.characters.length;
    return { summary: format(plural("The crew: {count} character", "The crew: {count} characters", count), { count }), names };
  }
  if (envelope.kind === "campaign") {
    const parts = data.parts;
    if (!isObject(parts)) return null;
    // Counted as omen/campaign/share.py's _everything_summary counts: what an import adds.
    const names = [];
    const counts = [];
    const library = isObject(parts.library) && isObject(parts.library.data) ? parts.library.data : null;
    if (library) {
      const tables = namesOf(library.tables ?? []);
      const locations = namesOf(library.locations ?? []);
      if (tables === undefined || locations === undefined) return null;
      names.push(...locations, ...tables);
      if (tables.length) counts.push(format(plural("{count} table", "{count} tables", tables.length), { count: tables.length }));
      if (locations.length) counts.push(format(plural("{count} location", "{count} locations", locations.length), { count: locations.length }));
    }
    const crew = isObject(parts.crew) && isObject(parts.crew.data) ? parts.crew.data : null;
    if (crew) {
      const people = namesOf(crew.characters ?? []);
      if (people === undefined) return null;
      const count = crew.characters?.length ?? 0;
      if (count) counts.push(format(plural("{count} character", "{count} characters", count), { count }));
    }
    if (!counts.length) return { summary: t("Campaign data: no tables, locations or characters"), names };
    const what = counts.reduce((first, next) => format(t("{first}, {next}"), { first, next }));
    return { summary: format(t("Campaign data: {what}"), { what }), names };
  }
  return null;
}

// What the link in `fragment` (a page address's #share=… part) holds, or null.
export async function readLink(fragment) {
  try {
    if (typeof fragment !== "string" || !fragment.startsWith("#share=")) return null;
    if (fragment.length > 2 * LINK.text) return null;
    const text = fragment.slice(7).replace(/\s+/g, "").replace(/=+$/, "");
    if (!text || text.length > LINK.text || !/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
    const padded = text.replace(/-/g, "+").replace(/_/g, "/") + "==".slice(0, (4 - (text.length % 4)) % 4);
    const binary = atob(padded);
    if (binary.length < 6 || binary.charCodeAt(0) !== 1) return null;
    const raw = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const payload = await inflate(raw.subarray(5), LINK.unpacked);
    if (!payload) return null;
    const crc = ((raw[1] << 24) | (raw[2] << 16) | (raw[3] << 8) | raw[4]) >>> 0;
    if (crc32(payload) !== crc) return null;
    const json = new TextDecoder("utf-8", { fatal: true }).decode(payload);
    if (tooDeep(json, LINK.depth)) return null;
    const found = describe(JSON.parse(json));
    if (!found) return null;
    return { summary: found.summary, names: found.names.slice(0, LINK.names), more: Math.max(0, found.names.length - LINK.names) };
  } catch {
    return null;
  }
}

async function previewLink(catalogRead) {
  if (!location.hash.startsWith("#share=")) return;
  await catalogRead; // the summary is written in the page's language
  const found = await readLink(location.hash);
  if (!found || document.documentElement.dataset.ready) return;
  setText("link-preview-summary", found.summary);
  $('[data-bind="link-preview"]')?.removeAttribute("hidden");
  if (found.names.length) {
    let names = found.names.join(" · ");
    if (found.more) names += " · " + format(t("and {count} more"), { count: found.more });
    setText("link-preview-names", names);
    $('[data-bind="link-preview-names"]')?.removeAttribute("hidden");
  }
  performance.mark("omen:preview-shown");
  document.documentElement.dataset.linkPreview = "shown"; // for the benchmark and tests
}

// --- progress ----------------------------------------------------------------------

function megabytes(bytes) {
  const language = document.documentElement.lang || "en";
  return new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(bytes / 1e6);
}

function timeLeft(seconds) {
  if (seconds < 60) return format(t("about {seconds} s left"), { seconds: Math.max(5, Math.ceil(seconds / 5) * 5) });
  return format(t("about {minutes} min left"), { minutes: Math.ceil(seconds / 60) });
}

// On a first visit static/progress.mjs counts the bytes as they arrive; shown here four
// times a second until the page is ready. (A return visit reads every file from the
// device: nothing to count.)
function showDownload(bar) {
  const line = $('[data-bind="loading-bytes"]');
  const timer = setInterval(() => {
    const download = globalThis.omenDownload;
    if (document.documentElement.dataset.ready || connectionLost) return clearInterval(timer);
    if (!download || !line) return;
    const { done, total } = download.counts;
    if (total < 100000) return;
    if (bar) {
      bar.max = total;
      bar.value = done;
    }
    let text = format(t("{done} of {total} MB"), { done: megabytes(done), total: megabytes(total) });
    const elapsed = (performance.now() - download.started) / 1000;
    if (elapsed > 1.5 && done > 0 && done < total * 0.98) text += ", " + timeLeft(((total - done) / done) * elapsed);
    line.textContent = text;
    line.removeAttribute("hidden");
  }, 250);
  addEventListener("omen:connection-lost", () => {
    const counts = globalThis.omenDownload?.counts;
    const detail = counts
      ? format(t("The connection dropped after {done} of {total} MB. What arrived is kept: reload when you are online again."), {
          done: megabytes(counts.done),
          total: megabytes(counts.total),
        })
      : t("The connection dropped. What arrived is kept: reload when you are online again.");
    showFailure(detail);
    connectionLost = true;
  });
}

function trackProgress() {
  const bar = $('[data-bind="loading-progress"]');
  let seen = 0;
  addEventListener("py:progress", (event) => {
    const index = STAGES.indexOf(String(event.detail));
    if (index >= 0 && bar && !globalThis.omenDownload) {
      seen = Math.max(seen, index + 1);
      bar.value = seen;
    }
  });
  showDownload(bar);
  addEventListener("error", (event) => {
    showFailure(String(event.message || event.error || "unknown error"));
  });
  addEventListener("unhandledrejection", (event) => {
    showFailure(String(event.reason && event.reason.message ? event.reason.message : event.reason));
  });
  // A runtime file that cannot be had (a broken deploy, or offline before the first
  // complete visit) makes Pyodide wait forever, so ask for each one up front. Under a
  // service worker every file is already kept on the device: nothing to ask.
  for (const name of navigator.serviceWorker?.controller ? [] : RUNTIME) {
    fetch(name, { method: "HEAD" })
      .then((response) => {
        if (!response.ok) showFailure(`${t("Could not download")} ${name} (${response.status})`);
      })
      // no answer at all is a dropped connection, said plainly; the download's own
      // count ("after 3 of 9 MB") replaces it if the download notices too
      .catch(() => showFailure(t("The connection dropped. What arrived is kept: reload when you are online again.")));
  }
  window.omenStartFailed = (detail) => showFailure(String(detail));
  // A phone on a slow line may take a minute on the first visit; after three the
  // engine is not coming.
  setTimeout(() => showFailure(t("Starting took too long.")), 180000);
  $('[data-action="reload"]')?.addEventListener("click", () => location.reload());
}

function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  let userAsked = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (userAsked) location.reload();
  });
  navigator.serviceWorker.register("sw.js", { updateViaCache: "none" }).then((registration) => {
    const offer = (worker) => {
      if (!worker || !navigator.serviceWorker.controller) return; // first install: nothing to update
      $("#update")?.removeAttribute("hidden");
      $('[data-action="update"]').onclick = () => {
        userAsked = true;
        worker.postMessage("skip-waiting");
      };
    };
    if (registration.waiting) offer(registration.waiting);
    registration.addEventListener("updatefound", () => {
      const worker = registration.installing;
      worker?.addEventListener("statechange", () => {
        if (worker.state === "installed") offer(worker);
      });
    });
  }).catch(() => {
    // No offline copy (for example a private window); the app still works online.
  });
}

// The service worker keeps a copy of every file; registered once the engine is ready, so
// its downloads revalidate what the page already has instead of racing the first start.
function whenReady(then) {
  const root = document.documentElement;
  if (root.dataset.ready) return then();
  const observer = new MutationObserver(() => {
    if (root.dataset.ready) {
      observer.disconnect();
      then();
    }
  });
  observer.observe(root, { attributes: true, attributeFilter: ["data-ready"] });
}

paintLastState();
trackProgress();
whenReady(registerServiceWorker);
previewLink(loadCatalog());
