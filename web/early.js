// What a game's start waits for longest, begun from the head while the page is still parsed, on a worker,
// off the page's main thread (docs/snapshot.md): the runtime's WebAssembly, compiled from its code cache
// (on the main thread that alone took over 200 ms), and the start-up snapshot this browser keeps, read
// from Cache Storage and handed over (not copied). snapshot.mjs takes them from `blitzboxEarly`: `found`
// (the kept snapshot's heap size, 0 if none is kept) first, then `compiled`, then `kept` (its bytes), the
// order it needs them in: the runtime is made while the bytes are still read. The compile and the read run
// side by side: Firefox keeps no compiled code of a .wasm, and compiling it again took longer than reading
// the copy. On a first visit (no service worker serves the page yet) the .wasm's bytes are also put in a
// cache the service worker takes its copy from when it installs (`staged`), so that they are downloaded
// once: the HTTP cache of a private window keeps no file that large.

/** The worker's part (it starts from a blob: no request, which costs a round trip before any work). */
function readEarly() {
  const settle = (job, work) => work.then(
    (value) => { postMessage({ job, value }, value instanceof ArrayBuffer ? [value] : []); return value; },
    (error) => { postMessage({ job, error: String(error) }); return null; });
  self.onmessage = async ({ data: { snapshot, wasm, stage } }) => {
    const hit = await Promise.resolve().then(() => caches.open("snapshots:blitzbox"))  // snapshot.mjs CACHE
      .then((cache) => cache.match(snapshot)).catch(() => null);
    postMessage({ job: "found", value: (hit && Number(hit.headers.get("x-heap-size"))) || 0 });  // snapshot.mjs SIZE_HEADER
    const response = fetch(wasm);
    const staged = stage && response.then((got) => {
      const copy = got.clone();  // before the compile takes the body
      return got.ok && caches.open("blitzbox-staged").then((cache) => cache.put(wasm, copy));  // sw.js STAGED
    });
    await Promise.all([settle("compiled", response.then((got) => WebAssembly.compileStreaming(got))),
                       hit && settle("kept", hit.arrayBuffer()), staged && settle("staged", staged)]);
  };
}

(() => {
  const script = document.currentScript;
  if (!globalThis.Worker) return;
  // An opaque origin (a sandboxed frame) may refuse a blob worker, and WebKit throws there on reading
  // navigator.serviceWorker: the page then boots without this head start, and nothing is staged.
  const attempt = (make, otherwise) => { try { return make(); } catch { return otherwise; } };
  const source = URL.createObjectURL(new Blob([`(${readEarly})();`], { type: "text/javascript" }));
  const worker = attempt(() => new Worker(source), null);
  if (!worker) return;
  const answers = {};
  const answer = (job) => new Promise((resolve, reject) => { answers[job] = { resolve, reject }; });
  const stage = attempt(() => !navigator.serviceWorker?.controller, false);
  const early = { found: answer("found"), compiled: answer("compiled"), kept: answer("kept"), staged: answer("staged") };
  const waiting = new Set(Object.keys(early));  // the answers still to come
  if (!stage) {
    waiting.delete("staged");
    answers.staged.resolve(false);
  }
  worker.onmessage = ({ data: { job, value, error } }) => {
    URL.revokeObjectURL(source);
    if (job === "found" && !value) waiting.delete("kept");  // nothing kept: nothing to read
    waiting.delete(job);
    if (error === undefined) answers[job].resolve(value instanceof ArrayBuffer ? new Uint8Array(value) : value);
    else answers[job].reject(new Error(error));
    if (!waiting.size) worker.terminate();  // its last answer
  };
  worker.onerror = (event) => {
    for (const { reject } of Object.values(answers)) reject(new Error(event.message || "the worker failed"));
    worker.terminate();
  };
  for (const job of Object.values(early)) job.catch(() => {});  // handled by snapshot.mjs
  const { snapshot, wasm } = script.dataset;
  worker.postMessage({ snapshot: new URL(snapshot, location.href).href, wasm: new URL(wasm, location.href).href, stage });
  window.blitzboxEarly = early;
})();
