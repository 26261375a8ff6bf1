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
