// Offline support: precache the site (runtime included) under a content-hashed cache name, so a
// deploy never mixes old and new files; serve same-origin GETs cache-first. An embed's worker
// (registered as sw.js?embed=<game>, scoped to that embed page) precaches only its game's files.
const EMBED = new URL(location.href).searchParams.get("embed");
const LISTS = __PRECACHE__;
const PRECACHE = EMBED ? LISTS.embeds[EMBED] || [] : LISTS.site;
const CACHE = EMBED ? `blitzbox-embed:${EMBED}:__HASH__` : "blitzbox-__HASH__";
// Each worker deletes only its own older caches: the site's and each embed's live side by side.
const family = (name) => name.startsWith("blitzbox-embed:") ? name.slice(0, name.lastIndexOf(":")) : "blitzbox";
// Where a first visit put the bytes of the .wasm it downloaded (early.js): taken from there, not downloaded again.
const STAGED = "blitzbox-staged";
// Files under these folders never change under the same name (versioned or content-hashed, cached forever):
// a copy in any of this site's caches (an older version's, the staged .wasm) is as good as a download.
const LASTING = ["runtime/", "py/"].map((path) => new URL(path, location.href).href);

/** Put every file of `urls` in `cache`: a lasting one from a cache that has it already, the rest downloaded. */
async function precache(cache, urls) {
  const download = [];
  await Promise.all(urls.map(async (url) => {
    const href = new URL(url, location.href).href;
    const copy = LASTING.some((folder) => href.startsWith(folder)) && await caches.match(href);
    if (copy) await cache.put(href, copy);
    else download.push(url);
  }));
  await cache.addAll(download);
}

self.addEventListener("install", (event) => {
  // Chromium: the runtime's scripts and our Python bundles (versioned paths, cached forever) race the
  // network stack, which answers from the HTTP cache without a request, against the fetch handler below
  // (Cache Storage): a warm load is as fast as on a page without a worker, and offline still works. Not
  // the .wasm: where the HTTP cache keeps no file that large (a private window), each race downloaded
  // its 3.5 MB again (the snapshot's making and the rehearsal run right after a first visit).
  if (event.addRoutes) {
    event.addRoutes(["runtime/*.mjs", "runtime/*.js", "runtime/*.json", "py/*"].map((path) => ({
      condition: {urlPattern: new URLPattern({pathname: new URL(path, location.href).pathname})},
      source: "race-network-and-fetch-handler",
    }))).catch(() => {});
  }
  event.waitUntil(caches.open(CACHE).then((cache) => precache(cache, PRECACHE)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const old = (await caches.keys()).filter((name) => name.startsWith("blitzbox") && name !== CACHE
                                             && (family(name) === family(CACHE) || name === STAGED));
    await Promise.all(old.map((name) => caches.delete(name)));
    await self.clients.claim();
    if (old.some((name) => name !== STAGED)) {
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
