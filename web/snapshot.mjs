// PyScript's interpreter on every page that runs Python (its config's `interpreter`): the vendored Pyodide
// with the pages' own standard library, restored from this page's memory snapshot where this browser keeps
// one instead of booting CPython (docs/snapshot.md).
//
// The body names the snapshot (data-snapshot: its key, a path whose folder is a hash of everything it is
// made of, so a new build names a new one) and what it imports (data-snapshot-imports). A first visit boots
// normally (nothing more to download before the game is live), and once the game is ready and the service
// worker serves every file, a worker makes the snapshot on this device (snapshot-maker.mjs) and it is kept
// in Cache Storage; a return visit restores it, offline too. A kept copy that fails to restore is deleted
// and the page boots normally; failures are said in the console only.
import { loadPyodide as bootPyodide, version } from "./__PYODIDE__/pyodide.mjs";

export { version };

const INDEX_URL = new URL("./__PYODIDE__/", import.meta.url).href;
// The pages' standard library: the modules Pyodide's own zip holds that any page imports (build/site.py).
const STDLIB = new URL("__STDLIB__", import.meta.url).href;
const CACHE = "snapshots:blitzbox";  // not "blitzbox-…": the service worker deletes those caches on update
const MAGIC = 0x31534242;  // "BBS1" (snapshot-maker.mjs sparseSnapshot)
// A restored interpreter has already imported every standard-library module the page uses (the snapshot's
// imports), so it starts with an empty zip in place of the standard library; the real one is put in once
// the game is ready, for any later import (docs/snapshot.md).
const EMPTY_ZIP = "data:application/zip;base64,UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==";

// How this page's interpreter started ("kept": the snapshot this browser keeps, "boot": a normal boot, and
// then why in `reason`), the interpreter, whether a restored one has its standard library in place yet,
// after a boot, how the making of the snapshot went ("waiting", "kept" or "failed": makeSnapshot) and
// how the rehearsal of the next visit went ("waiting", "done" or "skipped"; see rehearseReturnVisit),
// which of early.js's answers the restore used (the kept copy its worker read, the .wasm it compiled), whether PyScript's package set-up ran ("ran" or "left out":
// withoutPyScriptPackage), and how many of Emscripten's tiny wrapper modules a restore made and compiled
// (compilingEachKindOnce). For the e2e tests and the benchmark.
export const started = { from: null, reason: null, pyodide: null, stdlib: false, snapshot: null, rehearsal: null,
                         early: { kept: false, compiled: false }, pyscriptPackage: null, wrappers: { made: 0, compiled: 0 } };

/** The stored form of snapshot-maker.mjs: its length, and its runs of nonzero pages (where each is in the file). */
function readRuns(sparse) {
  const view = new DataView(sparse.buffer, sparse.byteOffset, sparse.byteLength);
  if (sparse.byteLength < 12 || view.getUint32(0, true) !== MAGIC) throw new Error("not a Blitzbox snapshot");
  const count = view.getUint32(8, true);
  const runs = [];
  let at = 12 + 8 * count;
  for (let run = 0; run < count; run++) {
    const length = view.getUint32(16 + 8 * run, true);
    runs.push({ offset: view.getUint32(12 + 8 * run, true), at, length });
    at += length;
  }
  if (at !== sparse.byteLength) throw new Error("the snapshot is truncated");
  return { size: view.getUint32(4, true), runs };
}

/** The kept copy read here, where early.js did not run: its heap's size (0: none kept), then its bytes. */
function keptHere(url) {
  const hit = caches.open(CACHE).then((cache) => cache.match(url));
  const bytes = hit.then((response) => response.arrayBuffer()).then((buffer) => new Uint8Array(buffer));
  bytes.catch(() => {});  // read only once found
  return { found: hit.then((response) => Number(response?.headers.get(SIZE_HEADER)) || 0), bytes };
}

// A kept copy's heap size, beside it (the runtime is made with a heap of that size before the bytes are read).
const SIZE_HEADER = "x-heap-size";  // (early.js reads it too)

/** Keep a snapshot made on this device for the next visit, in place of this page's older builds' copies. */
async function keep(url, sparse, size) {
  const cache = await caches.open(CACHE);
  await cache.put(url, new Response(sparse, { headers: { [SIZE_HEADER]: String(size) } }));
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

/** A kept snapshot for a heap of `size` bytes: its stored runs, and Pyodide's header. */
function parse(sparse, size) {
  const { size: length, runs } = readRuns(sparse);
  if (length !== size) throw new Error("the snapshot is not the one this page names");
  const header = runs[0];  // Pyodide's header: its second word is where the heap starts
  if (!header || header.offset !== 0 || header.length < 8) throw new Error("the snapshot has no header");
  const heapStart = new DataView(sparse.buffer, sparse.byteOffset + header.at, 8).getUint32(4, true);
  if (heapStart > header.length) throw new Error("the snapshot's header is cut");
  return { sparse, runs, heapStart, header: sparse.subarray(header.at, header.at + heapStart) };
}

/**
 * Restore a kept snapshot (`bytes`: a promise of its stored form, for a heap of `size` bytes), copying only
 * its stored runs. Pyodide sizes the heap by the snapshot's length, then copies all of it in: here it gets
 * a zero array of that length (the runtime is made while the bytes are still read; the pages of a new
 * array are never touched), and its copy is replaced by one of the stored runs alone, into a heap where the
 * rest is zero already (every page a new interpreter writes before the restore is stored, zero or not:
 * snapshot-maker.mjs). Half the bytes copied, none expanded (docs/snapshot.md).
 */
async function restore(options, size, bytes) {
  let stored;  // parse(bytes), once the runtime is made
  const createPyodideModule = async (module) => {  // Pyodide's module settings, the module itself once made
    let restoreHeader;
    Object.defineProperty(module.API, "restoreSnapshot", {
      configurable: true,
      set(restoreSnapshot) { restoreHeader = restoreSnapshot; },
      get() {
        return () => {
          const { sparse, runs, heapStart, header } = stored;
          const meta = restoreHeader(header);  // checks the magic number and build id
          for (const { offset, at, length } of runs) {
            const start = Math.max(offset, heapStart);
            if (start < offset + length) module.HEAPU8.set(sparse.subarray(at + start - offset, at + length), start - heapStart);
          }
          return meta;
        };
      },
    });
    const made = await withEarlyWasm(module);
    stored = parse(await bytes, size);
    return made;
  };
  const pyodide = await compilingEachKindOnce(() => askingForWasmOnce(
    () => bootPyodide({ ...options, stdLibURL: EMPTY_ZIP, _loadSnapshot: new Uint8Array(size), createPyodideModule })));
  started.pyodide = pyodide;
  started.from = "kept";
  whenReady(() => installStdlib(pyodide).catch((error) => {
    console.warn("Blitzbox: the standard library could not be loaded; modules not imported yet are missing.", error);
  }));
  return pyodide;
}

/** Pyodide's own module, made with the .wasm early.js compiled (where it did): a boot's `createPyodideModule`. */
async function withEarlyWasm(module) {
  if (early) module.instantiateWasm = compiledFirst(module.instantiateWasm);
  return (await runtime).default(module);
}

/**
 * Pyodide's `instantiateWasm` (it adds imports of its own, then instantiates the .wasm it fetched) made to
 * instantiate the module early.js has compiled already; if that compile failed, Pyodide's own goes on.
 */
function compiledFirst(instantiateWasm) {
  return (imports, receive) => {
    const streaming = WebAssembly.instantiateStreaming;
    WebAssembly.instantiateStreaming = async (source, moreImports) => {
      WebAssembly.instantiateStreaming = streaming;
      let module;
      try {
        module = await early.compiled;
      } catch {
        return streaming(source, moreImports);
      }
      started.early.compiled = true;
      Promise.resolve(source).then((response) => response.body?.cancel()).catch(() => {});
      return { module, instance: await WebAssembly.instantiate(module, moreImports) };
    };
    return instantiateWasm(imports, receive);
  };
}

/**
 * Run `make` (Pyodide's start) with its request for the .wasm answered here where early.js's worker is
 * compiling it: Pyodide asks for it as soon as it starts, and the module it would compile is never used
 * (compiledFirst). Without this, the .wasm (3.5 MB) is downloaded twice on a first visit where the HTTP
 * cache keeps no file that large (a private window). Should the worker's compile fail, the request is made.
 */
async function askingForWasmOnce(make) {
  const { fetch } = globalThis;
  if (!early) return make();
  const wasm = `${INDEX_URL}pyodide.asm.wasm`;
  globalThis.fetch = function (resource, init) {
    if (String(resource?.url ?? resource) !== wasm) return fetch.call(this, resource, init);
    globalThis.fetch = fetch;
    return early.compiled.then(() => new Response(null, { headers: { "Content-Type": "application/wasm" } }),
                               () => fetch.call(this, resource, init));
  };
  try {
    return await make();
  } finally {
    globalThis.fetch = fetch;
  }
}

/**
 * Run `make` (the runtime's start) with each kind of tiny WebAssembly module compiled once. Emscripten gives
 * every JavaScript function the runtime's table holds a module of its own, which only wraps it, and compiles
 * them one at a time: about 260 while a page restores, of 30 kinds (a module's bytes depend only on the
 * function's signature; the function comes in at instantiation). A module is immutable, so one per kind
 * serves them all.
 */
async function compilingEachKindOnce(make) {
  const { Module } = WebAssembly;
  const kinds = new Map();
  function OncePerKind(bytes) {
    const view = ArrayBuffer.isView(bytes) ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) : null;
    if (!view || view.length > 64) return new Module(bytes);  // (the wrappers are 33-44 bytes long)
    const kind = String.fromCharCode(...view);
    if (!kinds.has(kind)) kinds.set(kind, new Module(bytes));
    started.wrappers.made++;
    started.wrappers.compiled = kinds.size;
    return kinds.get(kind);
  }
  OncePerKind.prototype = Module.prototype;  // instanceof and WebAssembly.Module's own functions still work
  Object.setPrototypeOf(OncePerKind, Module);
  WebAssembly.Module = OncePerKind;
  try {
    return await make();
  } finally {
    WebAssembly.Module = Module;
  }
}

/** Put the real standard library where the empty zip stands (the interpreter's zip importer then reads it). */
async function installStdlib(pyodide) {
  const response = await fetch(STDLIB);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const zip = pyodide.FS.readdir("/lib").find((name) => /^python\d+\.zip$/.test(name));
  pyodide.FS.writeFile(`/lib/${zip}`, new Uint8Array(await response.arrayBuffer()));
  started.stdlib = true;
}

// Started as soon as PyScript imports this module (Pyodide would import it later): the runtime's big module.
const runtime = import(`${INDEX_URL}pyodide.asm.mjs`);
runtime.catch(() => {});  // a restore that needs it fails, and the normal boot's own import reports the error
// The kept copy's read and the .wasm's compile, begun from the head on a worker by early.js (where it ran).
const early = globalThis.blitzboxEarly;
const { snapshot, snapshotImports } = document.body.dataset;
const snapshotUrl = snapshot ? new URL(snapshot, location.href).href : null;
// Where Cache Storage is missing or refused (reading it throws in a sandboxed frame), nothing is kept:
// each visit boots normally.
const cacheStorage = (() => { try { return globalThis.caches; } catch { return undefined; } })();
const kept = !snapshotUrl || !cacheStorage ? { found: Promise.resolve(0) }
  : early ? keptEarly(snapshotUrl) : keptHere(snapshotUrl);
kept.found.catch(() => {});  // handled in loadPyodide

/** The kept copy as early.js's worker reads it, or as it is read here where that worker never answered:
 * its heap's size (0: none kept), then its bytes. */
function keptEarly(url) {
  const here = early.found.then(() => null, () => keptHere(url));
  return { found: here.then((read) => (read ? read.found : early.found)),
           bytes: here.then((read) => read ? read.bytes : early.kept.then((bytes) => { started.early.kept = true; return bytes; })) };
}

export async function loadPyodide(options) {
  return withoutPyScriptPackage(await start({ ...options, indexURL: INDEX_URL }));  // PyScript passes this module's folder
}

// What PyScript runs before a page's script starts with its Python package's set-up: it writes the
// package's twenty files into the working folder and imports it (about 35 ms of a return visit, after the
// restore). The pages use nothing of that package (app.py takes `document` and `window` from `js`), so
// that part is left out and the rest (PyScript's `input()` stub) runs. Should PyScript's code ever take
// another shape, it runs as it is; `started.pyscriptPackage` says which happened.
const PYSCRIPT_PACKAGE = /^import os as _os\nfrom pathlib import Path as _Path\n[^]*?\nimport pyscript as _pyscript\n(?:del \w+\n)+/;

function withoutPyScriptPackage(pyodide) {
  for (const name of ["runPython", "runPythonAsync"]) {
    const run = pyodide[name];
    pyodide[name] = function (code, ...rest) {
      if (typeof code === "string" && started.pyscriptPackage === null) {
        const left = code.replace(PYSCRIPT_PACKAGE, "");
        started.pyscriptPackage = left === code ? "ran" : "left out";
        code = left;
      }
      return run.call(this, code, ...rest);
    };
  }
  return pyodide;
}

async function start(options) {
  const url = snapshotUrl;
  if (!url) return boot(options, "the page names no snapshot");
  let reason = "no snapshot kept yet";
  try {
    const size = await kept.found;
    if (size) return await restore(options, size, kept.bytes);
  } catch (error) {
    console.warn("Blitzbox: the kept start-up snapshot could not be used; starting Python normally.", error);
    await caches.open(CACHE).then((cache) => cache.delete(url)).catch(() => {});
    reason = `the kept snapshot could not be used: ${error}`;
  }
  const pyodide = await boot(options, reason);
  if (cacheStorage) {
    started.snapshot = started.rehearsal = "waiting";
    whenReady(() => whenServed(makeSnapshot));
  }
  return pyodide;
}

/** The page's service workers, if any: WebKit throws on reading them in a sandboxed frame (an opaque origin). */
function serviceWorkers() {
  try { return navigator.serviceWorker; } catch { return undefined; }
}

/** Run `then` once the service worker controls this page (its files then come from its cache), when idle. */
function whenServed(then) {
  const worker = serviceWorkers();
  if (!worker) return then();
  // The worker's own work (a second interpreter's start) shares the device with the page: a quiet moment.
  const whenIdle = () => (globalThis.requestIdleCallback ? requestIdleCallback(then, { timeout: 5000 }) : then());
  if (worker.controller) whenIdle();
  else worker.addEventListener("controllerchange", whenIdle, { once: true });
}

/**
 * After a boot, make this page's snapshot on a worker (snapshot-maker.mjs: a second interpreter imports
 * what the page imports, from the same files) and keep it, then rehearse the next visit. A failure leaves
 * the next visit to boot normally and try again.
 */
function makeSnapshot() {
  const config = JSON.parse(document.querySelector("script[type=py]").getAttribute("config"));
  const [bundle, file] = Object.entries(config.files)[0];
  const maker = new Worker(new URL("snapshot-maker.mjs", import.meta.url), { type: "module" });
  maker.onmessage = ({ data: { size, sparse, error } }) => {
    maker.terminate();
    const made = error ? Promise.reject(new Error(error)) : keep(snapshotUrl, sparse, size);
    made.then(() => { started.snapshot = "kept"; rehearseReturnVisit(); }, (failure) => {
      started.snapshot = started.rehearsal = "failed";
      console.warn("Blitzbox: the start-up snapshot could not be made (the next visit boots normally).", failure);
    });
  };
  maker.onerror = (event) => maker.onmessage({ data: { error: event.message || "the worker failed" } });
  maker.postMessage({ bundle: new URL(bundle, location.href).href, file: file.replace(/^\.\//, ""),
                      imports: snapshotImports, stdlib: STDLIB });
}

/**
 * Once the snapshot is kept, run the next visit's start-up twice, in a hidden frame the service worker serves.
 * Chromium keeps the compiled code of a module it served from the worker's cache only from its second run
 * from there, and WebAssembly's optimised code grows with each run: without this rehearsal the second
 * visit compiles the runtime's JavaScript again (a trace showed about 60 ms of parsing and 500 ms of
 * background compiling against 4 ms and 250 ms after it), and after one rehearsal it still compiles
 * PyScript's core and writes the code caches of both (about 16 ms of its main thread). The frame is this
 * game's embed page, which starts nothing until asked (embed-page.js): inside the scope of the site's
 * worker and of the embed's own.
 */
function rehearseReturnVisit() {
  let frame = null;
  const finish = (how) => {
    clearTimeout(giveUp);
    frame?.remove();
    started.rehearsal = how;
  };
  const giveUp = setTimeout(() => finish("skipped"), 120_000);
  if (!serviceWorkers()?.controller) return finish("skipped");
  const { game, embed } = document.body.dataset;
  frame = Object.assign(document.createElement("iframe"), {
    hidden: true, tabIndex: -1, src: `${embed === "1" ? "" : "embed/"}${game}.html?rehearse` });
  frame.setAttribute("aria-hidden", "true");
  addEventListener("message", (event) => {
    if (event.source === frame?.contentWindow && event.data === "blitzbox:rehearsed") finish("done");
  });
  // The frame shares this page's main thread (about 150 ms of restoring): a quiet moment.
  whenServed(() => document.body.append(frame));
}

/** The rehearsal frame's part (embed-page.js ?rehearse): restore the kept copy, if there is one. */
export async function rehearse() {
  const size = await kept.found.catch(() => 0);
  if (size) await restore({ indexURL: INDEX_URL }, size, kept.bytes);
}

async function boot(options, reason) {
  started.pyodide = await askingForWasmOnce(
    () => bootPyodide({ ...options, stdLibURL: STDLIB, createPyodideModule: withEarlyWasm }));
  started.from = "boot";
  started.reason = reason;
  return started.pyodide;
}
