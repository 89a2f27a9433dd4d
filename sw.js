// Omen's service worker: keeps every file the app needs, so it opens with no network.
// The file list and its version come from static/build/precache.js, written by
// tools/build.py; a new deploy changes that file, which installs a new worker that
// waits until the game master taps "Update now".
importScripts("static/build/precache.js");

const { version, files } = self.OMEN_PRECACHE;
const CACHE = `omen-${version}`;

self.addEventListener("install", (event) => {
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
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      const key = request.mode === "navigate" ? "index.html" : request;
      const hit = await cache.match(key, { ignoreSearch: true, ignoreMethod: true });
      return hit || fetch(request);
    }),
  );
});
