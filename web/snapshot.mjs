// PyScript's interpreter on the game pages (its config's `interpreter`): the vendored Pyodide, restored
// from this page's memory snapshot instead of booting CPython (docs/snapshot.md).
//
// The body names the snapshot (data-snapshot: a file whose folder is its hash, made at build time by
// build/snapshot.mjs after importing the page's Python) and its hash (data-snapshot-integrity). A return
// visit restores the copy this browser keeps in Cache Storage, offline too. A first visit downloads the
// snapshot (about 6 MB gzipped), checks it against that hash and restores it, which is quicker than a
// boot even at 20 Mbit/s, and keeps it once the game is ready. A new build names a new file (the old one
// is deleted then); a snapshot that cannot be downloaded or fails its hash is never used, and one that
// fails to restore is deleted; either way the page boots normally and says so in the console only.
import { loadPyodide as bootPyodide, version } from "./__PYODIDE__/pyodide.mjs";

export { version };

const INDEX_URL = new URL("./__PYODIDE__/", import.meta.url).href;
const CACHE = "snapshots:blitzbox";  // not "blitzbox-…": the service worker deletes those caches on update
const MAGIC = 0x31534242;  // "BBS1" (build/site.py sparse_snapshot)

// How this page's interpreter started ("kept": the snapshot this browser keeps, "download": the snapshot
// downloaded now, "boot": a normal boot), and the interpreter (for the e2e tests).
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

async function download(url, integrity) {
  const response = await fetch(url, { integrity });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return new Uint8Array(await new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
}

/** Keep a snapshot that restored well for the next visit, in place of this page's older builds' copies. */
async function keep(url, sparse) {
  const cache = await caches.open(CACHE);
  await cache.put(url, new Response(sparse));
  const name = url.slice(url.lastIndexOf("/"));
  for (const old of await cache.keys()) {
    if (old.url !== url && old.url.endsWith(name)) await cache.delete(old);
  }
}

function whenReady(then) {
  if (document.body.dataset.ready === "1") return then();
  new MutationObserver((changes, observer) => {
    if (document.body.dataset.ready === "1") { observer.disconnect(); then(); }
  }).observe(document.body, { attributes: true, attributeFilter: ["data-ready"] });
}

async function restore(options, sparse, from) {
  started.pyodide = await bootPyodide({ ...options, _loadSnapshot: expand(sparse) });
  started.from = from;
  return started.pyodide;
}

export async function loadPyodide(options) {
  options = { ...options, indexURL: INDEX_URL };  // PyScript passes this module's folder
  const { snapshot, snapshotIntegrity } = document.body.dataset;
  const url = snapshot && globalThis.caches ? new URL(snapshot, location.href).href : null;
  if (!url) return boot(options);
  try {
    const sparse = await kept(url);
    if (sparse) return await restore(options, sparse, "kept");
  } catch (error) {
    console.warn("Blitzbox: the kept start-up snapshot could not be used; starting Python normally.", error);
    caches.open(CACHE).then((cache) => cache.delete(url)).catch(() => {});
    return boot(options);
  }
  try {
    const sparse = await download(url, snapshotIntegrity);
    const pyodide = await restore(options, sparse, "download");
    whenReady(() => keep(url, sparse).catch((error) => {
      console.warn("Blitzbox: the start-up snapshot was not kept (the next visit downloads it again).", error);
    }));
    return pyodide;
  } catch (error) {
    console.warn("Blitzbox: the start-up snapshot could not be downloaded or used; starting Python normally.", error);
    return boot(options);
  }
}

async function boot(options) {
  started.pyodide = await bootPyodide(options);
  started.from = "boot";
  return started.pyodide;
}
