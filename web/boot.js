// Runs before Python: theme, offline service worker, start-up errors, and the few browser
// helpers the Python glue calls (downloads, clipboard, PNG export of the board).
(() => {
  let settings = {};
  try { settings = JSON.parse(localStorage.getItem("blitzbox:settings") || "{}") || {}; } catch (e) { /* blocked */ }
  const themes = ["system", "light", "dark"];  // as game_core/limits.py SETTINGS
  document.documentElement.dataset.theme = themes.includes(settings.theme) ? settings.theme : "system";

  if ("serviceWorker" in navigator && location.protocol !== "file:") {
    // sw.js sits next to this script, at the site's root (embed pages are one folder down). It is
    // registered once the game is ready, so its precaching never competes with the first load.
    // An embed registers its own worker, scoped to its page, that caches only its game's files.
    const game = document.body.dataset.game;
    const embed = document.body.dataset.embed === "1";
    const worker = new URL(embed ? `sw.js?embed=${encodeURIComponent(game)}` : "sw.js", document.currentScript.src);
    const options = embed ? {scope: new URL(`embed/${game}.html`, document.currentScript.src).href} : {};
    const register = () => navigator.serviceWorker.register(worker, options).catch(() => {});
    if (document.body.dataset.ready === "1") register();
    else new MutationObserver((changes, observer) => {
      if (document.body.dataset.ready === "1") { observer.disconnect(); register(); }
    }).observe(document.body, {attributes: true, attributeFilter: ["data-ready"]});
    navigator.serviceWorker.addEventListener("message", (event) => {
      const notice = document.getElementById("notice");
      if (event.data && event.data.type === "blitzbox:updated" && notice) {
        notice.textContent = "Blitzbox was updated: the next page load uses the new version.";
        notice.hidden = false;
      }
    });
  }

  addEventListener("error", (event) => {
    const status = document.getElementById("status");
    if (status && document.body.dataset.ready !== "1") {
      status.textContent = "The game engine could not start: " + (event.message || "unknown error") + ". Reload to try again.";
    }
  });

  const download = (filename, data, type) => {
    const url = URL.createObjectURL(data instanceof Blob ? data : new Blob([data], {type}));
    const link = Object.assign(document.createElement("a"), {href: url, download: filename});
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  window.blitzbox = {
    download,
    copy: (text) => navigator.clipboard ? navigator.clipboard.writeText(text).catch(() => {}) : null,
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
// wherever it moves; other nodes by their place). A press that began on a target still ends on it while
// a real-time table redraws several times a second (replacing the elements lost about one press in seven).
window.blitzbox.morph = (() => {
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
    const keyed = new Map();
    for (const child of parent.childNodes) if (keyOf(child)) keyed.set(keyOf(child), child);
    let cursor = parent.firstChild;
    for (const next of [...fresh.childNodes]) {
      const key = keyOf(next);
      let match = key ? keyed.get(key) : null;
      if (match && match.nodeName !== next.nodeName) match = null;
      if (match) keyed.delete(key);
      else if (!key && cursor && !keyOf(cursor) && cursor.nodeType === next.nodeType && cursor.nodeName === next.nodeName) match = cursor;
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
