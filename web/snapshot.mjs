// PyScript's interpreter on the game pages (its config's `interpreter`): the vendored Pyodide, restored
// from this page's memory snapshot when this browser keeps one, else booted as usual.
//
// The body names the snapshot (data-snapshot: a file whose folder is its hash, made at build time by
// build/snapshot.mjs after importing the page's Python, see docs/snapshot.md) and its hash
// (data-snapshot-integrity). A first visit boots normally and, once the game is ready, downloads the
// snapshot (about 6 MB gzipped), checks it against that hash, and keeps it expanded in Cache Storage
// under its own URL: the next visit restores it in a fraction of a boot, offline too. A new build names a
// new file (the old one is deleted then); a snapshot that fails its hash is never kept, and one that
// fails to restore is deleted; either way the page boots normally and says so in the console only.
import { loadPyodide as bootPyodide, version } from "./__PYODIDE__/pyodide.mjs";

export { version };

const INDEX_URL = new URL("./__PYODIDE__/", import.meta.url).href;
const CACHE = "snapshots:blitzbox";  // not "blitzbox-…": the service worker deletes those caches on update
const MAGIC = 0x31534242;  // "BBS1" (build/site.py sparse_snapshot)

// How this page's interpreter started ("snapshot" or "boot"), and the interpreter (for the e2e tests).
export const started = { from: null, pyodide: null };

/** The snapshot format of build/site.py: the heap without its zero runs. */
function expand(sparse) {
  const view = new DataView(sparse.buffer, sparse.byteOffset, sparse.byteLength);
  if (sparse.byteLength < 12 || view.getUint32(0, true) !== MAGIC) throw new Error("not a Blitzbox snapshot");
  const heap = new Uint8Array(view.getUint32(4, true));
  const runs = view.getUint32(8, true);
  let data = 12 + 8 * runs;
  for (let run = 0; run < runs; run++) {
    const offset = view.getUint32(12 + 8 * run, true);
    const length = view.getUint32(16 + 8 * run, true);
    heap.set(sparse.subarray(data, data + length), offset);
    data += length;
  }
  if (data !== sparse.byteLength) throw new Error("the snapshot is truncated");
  return heap;
}

async function kept(url) {
  const hit = await (await caches.open(CACHE)).match(url);
  return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
}

/** After the page is ready: download, check and keep the snapshot for the next visit. */
async function keep(url, integrity) {
  const response = await fetch(url, { integrity, priority: "low" });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const sparse = await new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
  expand(new Uint8Array(sparse));  // well formed
  const cache = await caches.open(CACHE);
  await cache.put(url, new Response(sparse));
  const name = url.slice(url.lastIndexOf("/"));
  for (const old of await cache.keys()) {  // this page's snapshots of older builds
    if (old.url !== url && old.url.endsWith(name)) await cache.delete(old);
  }
}

function whenReady(then) {
  if (document.body.dataset.ready === "1") return then();
  new MutationObserver((changes, observer) => {
    if (document.body.dataset.ready === "1") { observer.disconnect(); then(); }
  }).observe(document.body, { attributes: true, attributeFilter: ["data-ready"] });
}

export async function loadPyodide(options) {
  options = { ...options, indexURL: INDEX_URL };  // PyScript passes this module's folder
  const { snapshot, snapshotIntegrity } = document.body.dataset;
  const url = snapshot && globalThis.caches ? new URL(snapshot, location.href).href : null;
  if (url) {
    try {
      const sparse = await kept(url);
      if (sparse) {
        started.pyodide = await bootPyodide({ ...options, _loadSnapshot: expand(sparse) });
        started.from = "snapshot";
        return started.pyodide;
      }
    } catch (error) {
      console.warn("Blitzbox: the kept start-up snapshot could not be used; starting Python normally.", error);
      caches.open(CACHE).then((cache) => cache.delete(url)).catch(() => {});
    }
  }
  started.pyodide = await bootPyodide(options);
  started.from = "boot";
  if (url) {
    whenReady(() => keep(url, snapshotIntegrity).catch((error) => {
      console.warn("Blitzbox: the start-up snapshot was not kept (the next visit boots normally too).", error);
    }));
  }
  return started.pyodide;
}
