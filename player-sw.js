// The player page's service worker: keeps only what the player page needs (no Python,
// no runtime), so a player's phone opens it with no network after its first visit.
// Its scope is player.html alone; the game master's worker (sw.js) keeps the app.
// The file list and its version come from static/build/player-precache.js, written by
// tools/build.py.
importScripts("static/build/player-precache.js");

const { version, files } = self.OMEN_PLAYER_PRECACHE;
const CACHE = `player-${version}`; // not "omen-": sw.js clears its own older caches by that

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(files.map((name) => new Request(name, { cache: "no-cache" }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((n) => n.startsWith("player-") && n !== CACHE).map((n) => caches.delete(n))),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  const url = new URL(request.mode === "navigate" ? "player.html" : request.url, self.location.href);
  url.search = "";
  url.hash = "";
  event.respondWith(
    caches.open(CACHE).then(async (cache) => (await cache.match(url.href)) || fetch(request)),
  );
});
