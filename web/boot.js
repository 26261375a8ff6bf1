// Runs before Python: theme, offline service worker, a stand-in for a refused IndexedDB, start-up errors,
// and the few browser helpers the Python glue calls (downloads, clipboard, PNG export of the board).
// A sandboxed or third-party frame may lack or refuse any browser API: each is detected before use.
(() => {
  /** A browser API, or undefined where it is missing or refused (reading one may throw SecurityError). */
  const feature = (owner, name) => {
    try { return owner ? owner[name] ?? undefined : undefined; } catch { return undefined; }
  };
  const body = document.body;

  let settings = {};
  try { settings = JSON.parse(feature(window, "localStorage")?.getItem("blitzbox:settings") || "{}") || {}; } catch { /* unreadable */ }
  const themes = ["system", "light", "dark"];  // as game_core/limits.py SETTINGS
  document.documentElement.dataset.theme = themes.includes(settings.theme) ? settings.theme : "system";

  /** Run `then` once the glue has marked the page ready. */
  const whenReady = (then) => {
    if (body.dataset.ready === "1") return then();
    new MutationObserver((changes, observer) => {
      if (body.dataset.ready === "1") { observer.disconnect(); then(); }
    }).observe(body, {attributes: true, attributeFilter: ["data-ready"]});
  };

  const workers = location.protocol === "file:" ? undefined : feature(navigator, "serviceWorker");
  if (workers) {
    // sw.js sits next to this script, at the site's root (embed pages are one folder down). It is
    // registered once the game is ready, so its precaching never competes with the first load.
    // An embed registers its own worker, scoped to its page, that caches only its game's files.
    const game = body.dataset.game;
    const embed = body.dataset.embed === "1";
    const worker = new URL(embed ? `sw.js?embed=${encodeURIComponent(game)}` : "sw.js", document.currentScript.src);
    const options = embed ? {scope: new URL(`embed/${game}.html`, document.currentScript.src).href} : {};
    // (refused in a third-party frame whose browser blocks its site data)
    // After the .wasm's bytes are staged for it (early.js), or 10 s: then it copies them instead of
    // downloading them again.
    whenReady(() => Promise.race([window.blitzboxEarly?.staged, new Promise((done) => setTimeout(done, 10_000))])
      .catch(() => {}).then(() => workers.register(worker, options)).catch(() => {}));
    workers.addEventListener("message", (event) => {
      const notice = document.getElementById("notice");
      if (event.data && event.data.type === "blitzbox:updated" && notice) {
        notice.textContent = "Blitzbox was updated: the next page load uses the new version.";
        notice.hidden = false;
      }
    });
  }

  // PyScript keeps a cache in IndexedDB, and cannot start where the browser refuses it (a third-party frame
  // whose site data is blocked, a sandboxed frame): its start waits on the refused database, and its error
  // handler dispatches the error event again while it is being dispatched ("The event is already being
  // dispatched"). There a database opened by this page is kept in memory for as long as the page lives,
  // with only what PyScript uses of one: transactions on stores of keyed entries.
  const memory = new Map();  // database name -> store name -> entries
  const answer = (result) => {  // a request that succeeds in a moment, as IndexedDB's do
    const request = {result, error: null};
    setTimeout(() => request.onsuccess?.({type: "success", target: request}));
    return request;
  };
  const inMemory = (name) => {
    if (!memory.has(name)) memory.set(name, new Map());
    const stores = memory.get(name);
    const objectStore = (store) => {
      if (!stores.has(store)) stores.set(store, new Map());
      const entries = stores.get(store);
      return {
        count: () => answer(entries.size),
        get: (key) => answer(entries.get(key)),
        getKey: (key) => answer(entries.has(key) ? key : undefined),
        getAllKeys: () => answer([...entries.keys()]),
        put: (value, key) => answer(entries.set(key, value) && key),
        delete: (key) => answer(void entries.delete(key)),
        clear: () => answer(entries.clear()),
      };
    };
    return {name, transaction: () => ({objectStore}), close() {}};
  };
  const factory = feature(window, "indexedDB");
  if (!factory) {
    Object.defineProperty(window, "indexedDB", {configurable: true, value: {open: (name) => answer(inMemory(name))}});
  } else {
    const open = factory.open.bind(factory);
    factory.open = (name, ...version) => {
      let request;
      try { request = open(name, ...version); } catch { return answer(inMemory(name)); }  // an opaque origin
      // Refused later (Chromium: "The user denied permission"): the page's own handlers see a success.
      request.addEventListener("error", (event) => {
        event.stopImmediatePropagation();
        event.preventDefault();
        request.onsuccess?.({type: "success", target: {result: inMemory(name)}});
      });
      return request;
    };
  }

  // Any uncaught error while the game starts: a plain message and two ways on, never an endless loading
  // bar. Nothing is saved or deleted here; "Start a new game" asks the glue for one (?fresh=1), which
  // keeps the old autosave aside. A page that becomes ready after all hides the message again.
  const failedBox = document.getElementById("start-failed");
  const startFailed = (reason) => {
    if (body.dataset.ready === "1" || body.dataset.failed === "1") return;
    body.dataset.failed = "1";
    const status = document.getElementById("status");
    if (status) status.textContent = "The game could not start.";
    for (const id of ["loading", "click-to-play"]) {
      const node = document.getElementById(id);
      if (node) node.hidden = true;
    }
    if (failedBox) {
      document.getElementById("start-failed-reason").textContent = `${reason || "An unknown error"}.`;
      failedBox.hidden = false;
    }
  };
  if (failedBox) {
    document.getElementById("start-reload").addEventListener("click", () => location.reload());
    document.getElementById("start-fresh").addEventListener("click", () => {
      const url = new URL(location.href);
      url.searchParams.set("fresh", "1");
      url.hash = "";  // whatever the link asked for, a new game
      location.assign(url);
    });
  }
  whenReady(() => {
    if (failedBox) failedBox.hidden = true;
    delete body.dataset.failed;
  });
  addEventListener("error", (event) => {
    // A script that cannot load (capture: such errors do not bubble) or an uncaught error.
    const script = event.target instanceof HTMLScriptElement ? event.target : null;
    if (script && script.type === "module") startFailed(`A part of the game engine could not be loaded (${script.src.split("/").pop()})`);
    else if (!(event.target instanceof Element)) startFailed(event.message);
  }, true);
  addEventListener("unhandledrejection", (event) => {
    const reason = event.reason;
    startFailed(reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason?.message || reason));
  });

  const download = (filename, data, type) => {
    const url = URL.createObjectURL(data instanceof Blob ? data : new Blob([data], {type}));
    const link = Object.assign(document.createElement("a"), {href: url, download: filename});
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  const clipboard = feature(navigator, "clipboard");
  window.blitzbox = {
    download,
    copy: (text) => clipboard?.writeText ? clipboard.writeText(text).catch(() => {}) : null,
    exportPng: (svgText, filename) => {
      const svg = new Blob([svgText], {type: "image/svg+xml"});
      const image = new Image();
      image.onload = () => {
        const width = image.naturalWidth || 1200;
        const height = image.naturalHeight || 800;
        const canvas = Object.assign(document.createElement("canvas"), {width, height});
        const context = canvas.getContext("2d");
        context.fillStyle = "#fffaf0";
        context.fillRect(0, 0, width, height);
        context.drawImage(image, 0, 0, width, height);
        canvas.toBlob((png) => download(filename, png, "image/png"), "image/png");
        URL.revokeObjectURL(image.src);
      };
      image.src = URL.createObjectURL(svg);
    },
  };
})();

// Redraw a board in place: the drawing's new markup is laid over the elements already there, which keep
// their identity (a target keyed by data-piece, data-action, data-command or id stays the same element
// wherever it moves; other nodes by their place, a few nodes on at most; targets gone are removed first).
// A press that began on a target still ends on it while a real-time table redraws several times a second
// (replacing the elements lost about one press in seven).
window.blitzbox.morph = (() => {
  const LOOK_AHEAD = 8;
  const keyOf = (node) => node.nodeType !== 1 ? null : node.getAttribute("data-piece")
    || node.getAttribute("data-action") || node.getAttribute("data-command") || node.id || null;
  const update = (node, fresh) => {
    if (node.nodeType !== 1) {
      if (node.nodeValue !== fresh.nodeValue) node.nodeValue = fresh.nodeValue;
      return;
    }
    for (const { name } of [...node.attributes]) if (!fresh.hasAttribute(name)) node.removeAttribute(name);
    for (const { name, value } of fresh.attributes) if (node.getAttribute(name) !== value) node.setAttribute(name, value);
    children(node, fresh);
  };
  const children = (parent, fresh) => {
    const wanted = new Set([...fresh.childNodes].map(keyOf).filter(Boolean));
    const keyed = new Map();
    for (const child of [...parent.childNodes]) {
      const key = keyOf(child);
      if (key && wanted.has(key)) keyed.set(key, child);
      else if (key) child.remove();  // a target gone for good: removed first, so the nodes after it keep their places
    }
    let cursor = parent.firstChild;
    for (const next of [...fresh.childNodes]) {
      const key = keyOf(next);
      let match = key ? keyed.get(key) : null;
      if (match && match.nodeName !== next.nodeName) match = null;
      if (match) keyed.delete(key);
      else if (!key) {  // the next unkeyed node of its kind, a few places on at most (a gone one leaves a gap)
        for (let spare = cursor, looked = 0; spare && looked < LOOK_AHEAD; spare = spare.nextSibling) {
          if (keyOf(spare)) continue;
          if (spare.nodeType === next.nodeType && spare.nodeName === next.nodeName) { match = spare; break; }
          looked++;
        }
      }
      if (!match) { parent.insertBefore(next, cursor); continue; }
      if (match === cursor) cursor = cursor.nextSibling;
      else parent.insertBefore(match, cursor);
      update(match, next);
    }
    while (cursor) { const after = cursor.nextSibling; cursor.remove(); cursor = after; }
  };
  return (target, markup) => {
    const template = document.createElement("template");
    template.innerHTML = markup;
    children(target, template.content);
  };
})();

// Sound cues, synthesized (no sound files): which cue a moment gets is decided by game_core/sound.py.
// Web Audio is detected before use; browsers start it only after a user gesture, so the context is made
// (or resumed) on the first touch or key press, and a cue asked for before that is simply not played.
window.blitzbox.sound = (() => {
  let Context;
  try { Context = window.AudioContext || window.webkitAudioContext; } catch { Context = undefined; }
  if (!Context) return {available: false, play: () => false};
  let context = null;
  const wake = () => {
    try {
      context ??= new Context();
      if (context.state === "suspended") context.resume().catch(() => {});
    } catch { context = null; }
  };
  for (const type of ["pointerdown", "keydown"]) addEventListener(type, wake, {capture: true, passive: true});
  // A note: a waveform (or "noise") from `from` Hz gliding to `to` Hz, starting `at` s later, `length` s long.
  const note = (gain, {wave = "sine", from, to = from, at = 0, length = 0.12, level = 1}) => {
    const start = context.currentTime + at;
    let source;
    if (wave === "noise") {
      const buffer = context.createBuffer(1, Math.ceil(context.sampleRate * length), context.sampleRate);
      const data = buffer.getChannelData(0);
      for (let i = 0; i < data.length; i++) data[i] = Math.random() * 2 - 1;
      source = context.createBufferSource();
      source.buffer = buffer;
      const filter = context.createBiquadFilter();
      filter.type = "bandpass";
      filter.frequency.setValueAtTime(from, start);
      filter.frequency.exponentialRampToValueAtTime(to, start + length);
      source.connect(filter);
      source = {node: source, out: filter};
    } else {
      const oscillator = context.createOscillator();
      oscillator.type = wave;
      oscillator.frequency.setValueAtTime(from, start);
      oscillator.frequency.exponentialRampToValueAtTime(to, start + length);
      source = {node: oscillator, out: oscillator};
    }
    const envelope = context.createGain();
    envelope.gain.setValueAtTime(0.0001, start);
    envelope.gain.exponentialRampToValueAtTime(gain * level, start + 0.01);
    envelope.gain.exponentialRampToValueAtTime(0.0001, start + length);
    source.out.connect(envelope).connect(context.destination);
    source.node.start(start);
    source.node.stop(start + length + 0.02);
  };
  const CUES = {
    dice: [0, 0.07, 0.15, 0.2].map((at) => ({wave: "noise", from: 2600, to: 1800, at, length: 0.05})),
    place: [{from: 220, to: 110, length: 0.1}],
    shot: [{wave: "noise", from: 900, to: 120, length: 0.3}, {wave: "triangle", from: 120, to: 50, length: 0.25, level: 0.8}],
    claim: [{wave: "triangle", from: 440, to: 470, length: 0.1}, {wave: "triangle", from: 660, to: 700, at: 0.09, length: 0.16}],
    score: [523, 659, 784].map((from, i) => ({wave: "triangle", from, at: i * 0.09, length: 0.18})),
    end: [392, 523, 659, 784].map((from, i) => ({wave: "triangle", from, at: i * 0.14, length: i === 3 ? 0.6 : 0.2})),
  };
  return {
    available: true,
    /** Play a cue at `gain` (0-1); false when the audio has not been allowed to start yet. */
    play: (cue, gain) => {
      if (!context || context.state !== "running" || !CUES[cue]) return false;
      for (const part of CUES[cue]) note(gain, part);
      return true;
    },
  };
})();
