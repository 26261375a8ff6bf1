// The start-up snapshot of a game page, made on this device in a worker after a first visit's plain boot
// (web/snapshot.mjs makeSnapshot starts it once the game is ready and the service worker serves every
// file): a fresh interpreter with the page's standard library copies the page's bundle where the page
// puts it, imports what the page will import (never `pyscript`, the DOM or any JavaScript object) and its
// heap is kept, without its zero pages, where the next visit restores it from (docs/snapshot.md). Nothing
// is downloaded for it: the runtime, the standard library and the bundle are the ones the page used.
//
//   postMessage({bundle, file, imports, stdlib}) -> {size, sparse} (the heap's length, the stored form) or {error}
import { loadPyodide } from "./__PYODIDE__/pyodide.mjs";

const INDEX_URL = new URL("./__PYODIDE__/", import.meta.url).href;
const PAGE = 1 << 16;  // the 31 MB heap is about 45% whole zero pages: the stored form leaves them out
const MAGIC = 0x31534242;  // "BBS1", as snapshot.mjs readRuns

self.onmessage = async ({ data: { bundle, file, imports, stdlib } }) => {
  try {
    const py = await loadPyodide({ indexURL: INDEX_URL, stdLibURL: stdlib, _makeSnapshot: true });
    const response = await fetch(bundle);
    if (!response.ok) throw new Error(`the bundle: HTTP ${response.status}`);
    // The page's working folder (PyScript writes its files there), so the path on sys.path is the same.
    const home = py.runPython("import os; os.getcwd()");
    py.FS.writeFile(`${home}/${file}`, new Uint8Array(await response.arrayBuffer()));
    py.runPython(`import os, sys\nsys.path.insert(0, os.path.abspath(${JSON.stringify(file)}))\nimport ${imports}`);
    py.runPython("import gc; gc.collect(); del gc");
    zeroFreeMemory(py._module);
    const raw = py.makeMemorySnapshot();
    const sparse = sparseSnapshot(raw, await writtenBeforeRestore(raw));
    self.postMessage({ size: raw.length, sparse }, [sparse.buffer]);
  } catch (error) {
    self.postMessage({ error: String(error) });
  }
};

/**
 * A snapshot without its zero pages: "BBS1", the full length, the number of runs kept, their (offset,
 * length) pairs, then their bytes (snapshot.mjs restore copies the runs into a new heap). A zero page is
 * kept where `written` says a new interpreter's heap is not zero before a restore: nothing else is copied in.
 */
function sparseSnapshot(raw, written) {
  const words = new BigUint64Array(raw.buffer, raw.byteOffset, raw.byteLength >> 3);
  const runs = [];
  for (let start = 0; start < raw.length; start += PAGE) {
    const end = Math.min(start + PAGE, raw.length);
    const zero = !written.has(start) && words.subarray(start >> 3, end >> 3).every((word) => word === 0n)
      && raw.subarray(end & ~7, end).every((byte) => byte === 0);
    if (zero) continue;
    const last = runs[runs.length - 1];
    if (last && last[0] + last[1] === start) last[1] = end - last[0];
    else runs.push([start, end - start]);
  }
  const header = 12 + 8 * runs.length;
  const sparse = new Uint8Array(header + runs.reduce((sum, [, length]) => sum + length, 0));
  const view = new DataView(sparse.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, raw.length, true);
  view.setUint32(8, runs.length, true);
  let at = header;
  runs.forEach(([offset, length], run) => {
    view.setUint32(12 + 8 * run, offset, true);
    view.setUint32(16 + 8 * run, length, true);
    sparse.set(raw.subarray(offset, offset + length), at);
    at += length;
  });
  return sparse;
}

/**
 * The page copies only a snapshot's stored pages into a new interpreter's heap, so a page that interpreter
 * has already written before the restore (its static data, the top of its stack) must be stored even where
 * the snapshot has zeros there. Restores the snapshot once here and lists, in the snapshot's own offsets,
 * the pages of the heap that are not zero just before it is copied in.
 */
async function writtenBeforeRestore(snapshot) {
  const heapStart = new Uint32Array(snapshot.buffer, snapshot.byteOffset, 2)[1];
  const { default: createModule } = await import(`${INDEX_URL}pyodide.asm.mjs`);
  const written = new Set();
  await loadPyodide({ indexURL: INDEX_URL, stdLibURL: "data:application/zip;base64,UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==",
                      _loadSnapshot: snapshot, createPyodideModule: (module) => {
    let restoreSnapshot;
    Object.defineProperty(module.API, "restoreSnapshot", {
      configurable: true,
      set(restore) { restoreSnapshot = restore; },
      get() {
        return (bytes) => {
          const heap = new BigUint64Array(module.HEAPU8.buffer);
          const words = PAGE / 8;
          for (let page = 0; page < heap.length; page += words) {
            if (!heap.subarray(page, page + words).some((word) => word !== 0n)) continue;
            const offset = page * 8 + heapStart;  // in the snapshot: the stored pages it overlaps
            for (let stored = Math.floor(offset / PAGE); stored * PAGE < offset + PAGE; stored++) written.add(stored * PAGE);
          }
          return restoreSnapshot(bytes);
        };
      },
    });
    return createModule(module);
  } });
  return written;
}

// Memory the allocator has taken back still holds what was there (start-up's compiles, read buffers): 4 MB
// of it after the imports. Zeroed, whole pages of it cost nothing to keep. Each free chunk is taken with
// malloc (the largest first), zeroed, and given back at the end; the first block to come from the top of
// the heap (untouched memory, zero already) ends each size.
function zeroFreeMemory(module) {
  const brk = () => new Uint32Array(module.HEAP8.buffer)[module._emscripten_get_sbrk_ptr() >> 2];
  const top = brk();
  const taken = [];
  for (let size = 1 << 20; size >= 16; size >>= 1) {
    for (;;) {
      const block = module._malloc(size);
      if (!block) break;
      taken.push(block);
      if (block + size > top) break;
      module.HEAP8.fill(0, block, block + size);
    }
  }
  for (const block of taken) module._free(block);
}
