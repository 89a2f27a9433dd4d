// Omen's service worker: keeps every file the app needs, so it opens with no network.
// The file list and its version come from static/build/precache.js, written by
// tools/build.py; a new deploy changes that file, which installs a new worker that
// waits until the game master taps "Update now".
importScripts("static/build/precache.js");

const { version, files } = self.OMEN_PRECACHE;
const CACHE = `omen-${version}`;

self.addEventListener("install", (event) => {
  // Where the browser supports it, files under py/ and static/ are read from this
  // worker's cache without waking the worker for each request (a start asks for ~60);
  // anything not in the cache goes to the network. Other browsers use "fetch" below.
  if (event.addRoutes) {
    const here = new URL(self.location.href);
    const path = (name) =>
      new URLPattern({
        protocol: here.protocol.slice(0, -1),
        hostname: here.hostname,
        port: here.port,
        pathname: new URL(name, here).pathname,
      });
    const kept = ["py/*", "static/*", "pyscript.toml"].map((name) => ({ urlPattern: path(name) }));
    event.addRoutes({ condition: { requestMethod: "GET", or: kept }, source: { cacheName: CACHE } });
  }
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      // "no-cache": revalidate with the host, so files the page has just downloaded come
      // back as 304s from the HTTP cache instead of being downloaded a second time.
      cache.addAll(files.map((name) => new Request(name, { cache: "no-cache" }))),
    ),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((n) => n.startsWith("omen-") && n !== CACHE).map((n) => caches.delete(n))),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const wanted = request.method === "GET" || request.method === "HEAD";
  if (!wanted || new URL(request.url).origin !== self.location.origin) return;
  // Files are kept under their plain address; look them up by exactly that (a lookup
  // with ignoreSearch reads every entry in the cache, on every request of every start).
  // A navigation opens the app (index.html), except the player page, kept as itself.
  const page = request.mode === "navigate" && !new URL(request.url).pathname.endsWith("/player.html");
  const url = new URL(page ? "index.html" : request.url, self.location.href);
  url.search = "";
  url.hash = "";
  event.respondWith(
    caches.open(CACHE).then(async (cache) => (await cache.match(url.href)) || fetch(request)),
  );
});
