// Shows "Continue your game" on each game that has an autosave in this browser.
if ("serviceWorker" in navigator && location.protocol !== "file:") {
  navigator.serviceWorker.register("./sw.js").catch(() => {});
}
for (const card of document.querySelectorAll("[data-card]")) {
  let saved = null;
  try { saved = localStorage.getItem("blitzbox:" + card.dataset.card + ":autosave"); } catch (e) { /* storage blocked */ }
  const link = card.querySelector(".continue");
  if (saved && link) link.hidden = false;
}
