// The script of the static pages (landing, rules): the theme from the settings before the first paint,
// the offline service worker, and on the landing page "Continue" for each unfinished game in this browser.
(() => {
  const read = (key) => { try { return localStorage.getItem(key); } catch (e) { return null; } };  // storage blocked
  const settings = () => { try { return JSON.parse(read("blitzbox:settings") || "{}") || {}; } catch (e) { return {}; } };
  document.documentElement.dataset.theme = settings().theme || "system";

  if ("serviceWorker" in navigator && location.protocol !== "file:") {
    navigator.serviceWorker.register(new URL("sw.js", document.currentScript.src)).catch(() => {});
  }

  addEventListener("DOMContentLoaded", () => {
    for (const card of document.querySelectorAll("[data-card]")) {
      const key = "blitzbox:" + card.dataset.card + ":autosave";
      // app.py writes ":over" beside each autosave: "0" while the game is unfinished.
      // Learn by playing: each game page's guided first game has the game's own name (?tutorial=NAME)
      const links = card.querySelector(".links");
      if (links) {
        const learn = document.createElement("a");
        learn.className = "button learn";
        learn.href = "./" + card.dataset.card + ".html?tutorial=" + card.dataset.card;
        learn.textContent = "Learn by playing";
        links.append(learn);
      }
      const link = card.querySelector(".continue");
      if (link && read(key) && read(key + ":over") === "0") {
        link.hidden = false;
      }
    }
    const theme = document.getElementById("set-theme");
    if (theme) {
      theme.value = settings().theme || "system";
      theme.addEventListener("change", () => {
        const current = settings();
        current.theme = theme.value;
        try { localStorage.setItem("blitzbox:settings", JSON.stringify(current)); } catch (e) { /* blocked */ }
        document.documentElement.dataset.theme = theme.value;
      });
    }
  });
})();
