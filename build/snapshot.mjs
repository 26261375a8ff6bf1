// Make Pyodide memory snapshots with the vendored Pyodide under Node, one per page bundle: a fresh
// interpreter copies the page's bundle where the page puts it, imports what the page will import
// (engine, game package, the standard-library modules PyScript and the glue use; never `pyscript`, the
// DOM or any JavaScript object), and its heap is written out. The page restores it (web/snapshot.mjs)
// instead of booting CPython again.
//
//   node build/snapshot.mjs < [{"bundle": "<zip path>", "file": "<name in the page's folder>",
//                               "imports": "<module, module...>", "out": "<snapshot path>"}, ...]
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const HERE = dirname(fileURLToPath(import.meta.url));
const { loadPyodide } = await import(pathToFileURL(join(HERE, "node_modules", "pyodide", "pyodide.mjs")).href);

const PAGE = 1 << 16;  // as build/site.py SNAPSHOT_PAGE

let input = "";
for await (const chunk of process.stdin) input += chunk;
for (const job of JSON.parse(input)) {
  const py = await loadPyodide({ _makeSnapshot: true });
  // The page's working folder (PyScript writes its files there), so the path on sys.path is the same.
  const home = py.runPython("import os; os.getcwd()");
  py.FS.writeFile(`${home}/${job.file}`, readFileSync(job.bundle));
  py.runPython(`import os, sys\nsys.path.insert(0, os.path.abspath(${JSON.stringify(job.file)}))\nimport ${job.imports}`);
  py.runPython("import gc; gc.collect(); del gc");
  zeroFreeMemory(py._module);
  const snapshot = py.makeMemorySnapshot();
  writeFileSync(job.out, snapshot);
  writeFileSync(`${job.out}.written`, JSON.stringify(await writtenBeforeRestore(snapshot)));
}

// The page copies only a snapshot's stored pages into a new interpreter's heap (web/snapshot.mjs restore),
// so a page that interpreter has already written before the restore (its static data, the top of its stack)
// must be stored even where the snapshot has zeros there. Restores the snapshot once and lists, in the
// snapshot's own offsets, the pages of the heap that are not zero just before it is copied in.
async function writtenBeforeRestore(snapshot) {
  const heapStart = new Uint32Array(snapshot.buffer, snapshot.byteOffset, 2)[1];
  const { default: createModule } = await import(pathToFileURL(join(HERE, "node_modules", "pyodide", "pyodide.asm.mjs")).href);
  const written = [];
  await loadPyodide({ _loadSnapshot: snapshot, createPyodideModule: (module) => {
    let restoreSnapshot;
    Object.defineProperty(module.API, "restoreSnapshot", {
      configurable: true,
      set(restore) { restoreSnapshot = restore; },
      get() {
        return (bytes) => {
          const heap = new BigUint64Array(module.HEAPU8.buffer);
          const words = PAGE / 8;
          for (let page = 0; page < heap.length; page += words) {
            if (heap.subarray(page, page + words).some((word) => word !== 0n)) written.push([page * 8 + heapStart, PAGE]);
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
// of it after the imports. Zeroed, it costs nothing to store, and the gzipped snapshot is 1.2 MB (18%)
// smaller. Each free chunk is taken with malloc (the largest first), zeroed, and given back at the end;
// the first block to come from the top of the heap (untouched memory, zero already) ends each size.
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
