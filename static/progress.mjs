// What a first visit has downloaded so far, for the page's progress ("1.2 of 4.0 MB").
//
// static/start.mjs imports this first, before Python's start asks for its runtime, so
// the requests Pyodide makes with `fetch` (its WebAssembly runtime and the standard
// library, most of the bytes) are counted as they arrive. Each response is counted from
// a clone of it (the original goes to Pyodide untouched, so its streaming compile is as
// before); files loaded as modules are counted when they are complete, through the
// browser's resource timing. Bytes on the wire are what the host sent (brotli, gzip or
// as they are): a file's share of them is estimated from the share of its bytes read.
// The sizes of each file come from the build (static/build/snapshot.js `download`).
//
// Nothing here runs when the service worker controls the page: every file is then on
// the device. static/boot.js reads `globalThis.omenDownload` and shows it; a request
// that fails because the connection is gone sets `lost`, and boot.js says so.
import manifest from "./build/snapshot.js";

const CODINGS = { identity: 0, gzip: 1, br: 2 };
const sizes = new Map(
  Object.entries(manifest.download || {}).map(([url, size]) => [new URL(url, import.meta.url).href, size]),
);

class Download {
  constructor() {
    this.started = performance.now();
    this.coding = null; // what the host sends, once one response has said so
    this.complete = new Map(); // url -> bytes on the wire, from resource timing
    this.reading = new Map(); // url -> { read, wire } for responses still arriving
    this.lost = false;
  }

  // A file's bytes on the wire as the host sends it, as far as the build knows.
  expected(url, coding = this.coding ?? "br") {
    const size = sizes.get(url);
    if (!size) return 0;
    return size[CODINGS[coding] ?? 0] || size[1] || size[0];
  }

  // Bytes that have arrived and bytes in all, both as sent by the host.
  get counts() {
    let done = 0;
    let total = 0;
    for (const url of new Set([...sizes.keys(), ...this.complete.keys(), ...this.reading.keys()])) {
      const complete = this.complete.get(url);
      const reading = this.reading.get(url);
      const whole = complete ?? (reading?.wire || this.expected(url));
      total += whole;
      if (complete !== undefined) done += complete;
      else if (reading) done += Math.min(whole, reading.wire ? (reading.read / reading.size) * reading.wire : reading.read);
    }
    return { done, total: Math.max(total, done) };
  }

  finished(entry) {
    if (!(entry.decodedBodySize > 0)) return; // a HEAD request, or a failure
    this.complete.set(entry.name.split("#")[0], entry.encodedBodySize || entry.decodedBodySize);
    this.reading.delete(entry.name.split("#")[0]);
  }

  // Counts a response's bytes from a clone as they arrive.
  async watch(response) {
    if (!response.ok || !response.body || response.type === "opaque") return;
    const url = response.url.split("#")[0];
    const coding = response.headers.get("content-encoding") || "identity";
    if (coding in CODINGS) this.coding = coding;
    const length = Number(response.headers.get("content-length")) || 0;
    const size = sizes.get(url)?.[0] || (coding === "identity" ? length : 0);
    const entry = { read: 0, size: size || 1, wire: coding === "identity" ? size : length || this.expected(url, coding) };
    if (!size) entry.wire = 0; // not a file the build knows: counted as it is read
    this.reading.set(url, entry);
    try {
      const reader = response.clone().body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        entry.read += value.byteLength;
      }
    } catch {
      this.dropped();
    }
  }

  dropped() {
    if (this.lost || document.documentElement.dataset.ready) return;
    this.lost = true;
    dispatchEvent(new CustomEvent("omen:connection-lost"));
  }
}

function install() {
  if (navigator.serviceWorker?.controller || globalThis.omenDownload) return;
  const download = new Download();
  globalThis.omenDownload = download;
  const browserFetch = globalThis.fetch;
  globalThis.fetch = function fetch(input, init) {
    const response = browserFetch.call(this, input, init);
    response.then(
      (found) => {
        const wanted = (init?.method || "GET").toUpperCase() === "GET";
        if (wanted && !document.documentElement.dataset.ready) download.watch(found); // until ready
      },
      (error) => {
        if (error?.name !== "AbortError") download.dropped();
      },
    );
    return response;
  };
  try {
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) download.finished(entry);
    });
    observer.observe({ type: "resource", buffered: true });
    const [page] = performance.getEntriesByType("navigation");
    if (page) download.finished({ ...page.toJSON(), name: new URL("../index.html", import.meta.url).href });
  } catch {
    // no resource timing: only fetched files are counted
  }
  addEventListener("offline", () => download.dropped());
}

install();
