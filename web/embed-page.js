// Embedded game: nothing heavy loads until the visitor clicks (every embedding site starts with a
// cold cache). Then PyScript and the same glue as the full page start. The page reports its height
// to the host page (see embed.js).
(() => {
  const script = document.currentScript;
  const pyscript = script.dataset.pyscript;  // e.g. "../runtime/pyscript-0.7.31"
  // data-config and data-python: the PyScript config (interpreter, the page's precompiled Python bundle)
  // and the Python that starts the glue, as on the full page.
  const button = document.getElementById("play-button");
  const params = new URLSearchParams(location.search);
  // All the engine's files at once, and early.js's reads (in the head of a full page; here on a click)
  const preload = () => {
    const preloads = document.getElementById("engine-preloads");
    if (preloads) document.head.append(preloads.content.cloneNode(true));
  };
  if (params.has("rehearse")) {  // a hidden frame of a first visit (snapshot.mjs rehearseReturnVisit)
    // PyScript too (nothing to run), with its plugins off as on the page (the page's config comes on a click).
    const plugins = document.querySelector("mpy-config");
    if (plugins) document.body.append(Object.assign(document.createElement("py-config"), {hidden: true, textContent: plugins.textContent}));
    preload();
    import(new URL(`${pyscript}/core.js`, location.href).href).catch(() => {});
    // Twice: Chromium keeps the compiled code of a module a service worker served from its cache only
    // from its second run from there (the first marks it), and the next visit is the third.
    const again = params.get("rehearse") !== "2";
    import(new URL("snapshot.mjs", script.src).href).then((snapshot) => snapshot.rehearse())
      .catch(() => {}).finally(() => again ? location.replace(`${location.pathname}?rehearse=2`)
        : parent.postMessage("blitzbox:rehearsed", location.origin));
    return;
  }
  if (["system", "light", "dark"].includes(params.get("theme"))) document.documentElement.dataset.theme = params.get("theme");
  const start = () => {
    document.getElementById("click-to-play").hidden = true;
    document.getElementById("loading").hidden = false;
    document.getElementById("status").textContent = "Loading the game engine…";
    preload();
    const py = Object.assign(document.createElement("script"), {type: "py", textContent: script.dataset.python});
    py.setAttribute("config", script.dataset.config);
    const core = Object.assign(document.createElement("script"), {type: "module", src: `${pyscript}/core.js`});
    document.body.append(py, core);
  };
  // "Start a new game" after a failed start (boot.js) comes back here with ?fresh=1: it starts at once.
  if (params.has("fresh")) start();
  else button.addEventListener("click", start, {once: true});
  if (window.parent !== window && "ResizeObserver" in window) {
    new ResizeObserver(() => {
      window.parent.postMessage({type: "blitzbox:resize", height: document.documentElement.scrollHeight}, "*");
    }).observe(document.documentElement);
  }
})();
