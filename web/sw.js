// Offline support: precache the whole site (runtime included) under a content-hashed cache name,
// so a deploy never mixes old and new files; serve same-origin GETs cache-first.
const CACHE = "__CACHE__";
const PRECACHE = __PRECACHE__;

self.addEventListener("install", (event) => {
  // Chromium: the runtime and our Python bundles (versioned paths, cached forever) race the network
  // stack, which answers from the HTTP cache without a request, against the fetch handler below
  // (Cache Storage): a warm load is as fast as on a page without a worker, and offline still works.
  if (event.addRoutes) {
    event.addRoutes(["runtime/*", "py/*"].map((path) => ({
      condition: {urlPattern: new URLPattern({pathname: new URL(path, self.registration.scope).pathname})},
      source: "race-network-and-fetch-handler",
    }))).catch(() => {});
  }
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    const hadOld = names.some((name) => name.startsWith("blitzbox-") && name !== CACHE);
    await Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name)));
    await self.clients.claim();
    if (hadOld) {
      for (const client of await self.clients.matchAll()) client.postMessage({type: "blitzbox:updated"});
    }
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(request, {ignoreSearch: request.mode === "navigate"});
    return hit || fetch(request);
  })());
});
