// Offline support: precache the site (runtime included) under a content-hashed cache name, so a
// deploy never mixes old and new files; serve same-origin GETs cache-first. An embed's worker
// (registered as sw.js?embed=<game>, scoped to that embed page) precaches only its game's files.
const EMBED = new URL(location.href).searchParams.get("embed");
const LISTS = __PRECACHE__;
const PRECACHE = EMBED ? LISTS.embeds[EMBED] || [] : LISTS.site;
const CACHE = EMBED ? `blitzbox-embed:${EMBED}:__HASH__` : "blitzbox-__HASH__";
// Each worker deletes only its own older caches: the site's and each embed's live side by side.
const family = (name) => name.startsWith("blitzbox-embed:") ? name.slice(0, name.lastIndexOf(":")) : "blitzbox";

self.addEventListener("install", (event) => {
  // Chromium: the runtime and our Python bundles (versioned paths, cached forever) race the network
  // stack, which answers from the HTTP cache without a request, against the fetch handler below
  // (Cache Storage): a warm load is as fast as on a page without a worker, and offline still works.
  if (event.addRoutes) {
    event.addRoutes(["runtime/*", "py/*"].map((path) => ({
      condition: {urlPattern: new URLPattern({pathname: new URL(path, location.href).pathname})},
      source: "race-network-and-fetch-handler",
    }))).catch(() => {});
  }
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const old = (await caches.keys()).filter((name) => name.startsWith("blitzbox") && name !== CACHE
                                             && family(name) === family(CACHE));
    await Promise.all(old.map((name) => caches.delete(name)));
    await self.clients.claim();
    if (old.length) {
      for (const client of await self.clients.matchAll()) client.postMessage({type: "blitzbox:updated"});
    }
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== location.origin) return;
  const navigate = request.mode === "navigate";
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(request, {ignoreSearch: navigate})
      // Static hosts serve /fall-blau as /fall-blau.html: so does the offline copy.
      || (navigate && !url.pathname.endsWith("/") && await cache.match(new URL(`${url.pathname}.html`, url)));
    return hit || fetch(request);
  })());
});
