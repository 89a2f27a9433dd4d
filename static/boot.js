// Omen's static shell: what runs before Python is ready, and nothing more.
// 1. Paint the last saved session (turn, pool, log) as plain text at once.
// 2. Show loading progress, and say so plainly if the rules engine fails to start.
// 3. Register the service worker for offline use and offer updates.
// Everything else (rolls, rules, editing) is Python in py/omen_web/.

const STAGES = ["Loading Pyodide", "Loaded Pyodide", "Loading files", "Loaded files", "Loading interpreter"];
const RUNTIME = [
  "static/vendor/pyodide/pyodide.mjs",
  "static/vendor/pyodide/pyodide.asm.wasm",
  "static/vendor/pyodide/python_stdlib.zip",
];
const $ = (selector) => document.querySelector(selector);
let catalog = {};

function t(message) {
  return catalog[message] || message;
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
  for (let index = 0; index < count; index++) {
    const id = text(ids, index);
    if (id && !id.includes("\0")) messages[id] = text(strs, index);
  }
  return messages;
}

async function loadCatalog() {
  const prefs = readEnvelope("prefs");
  const wanted = (prefs && prefs.language) || (navigator.language || "en").slice(0, 2);
  if (wanted !== "cs") return;
  document.documentElement.lang = "cs";
  try {
    const response = await fetch("static/build/locale/cs/LC_MESSAGES/omen.mo");
    catalog = readCatalog(await response.arrayBuffer());
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

function showFailure(detail) {
  if (document.documentElement.dataset.ready) return;
  $("#loading")?.setAttribute("hidden", "");
  $("#failed")?.removeAttribute("hidden");
  setText("failed-detail", detail);
}

function trackProgress() {
  const bar = $('[data-bind="loading-progress"]');
  let seen = 0;
  addEventListener("py:progress", (event) => {
    const index = STAGES.indexOf(String(event.detail));
    if (index >= 0 && bar) {
      seen = Math.max(seen, index + 1);
      bar.value = seen;
    }
  });
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
      .catch(() => showFailure(`${t("Could not download")} ${name}`));
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
loadCatalog();
