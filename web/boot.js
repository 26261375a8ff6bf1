// Runs before Python: registers the offline service worker and reports a Python start-up failure.
if ("serviceWorker" in navigator && location.protocol !== "file:") {
  navigator.serviceWorker.register("./sw.js").catch(() => {});
}
addEventListener("error", (event) => {
  const status = document.getElementById("status");
  if (status && document.body.dataset.ready !== "1") {
    status.textContent = "The game engine could not start: " + (event.message || "unknown error") + ". Reload to try again.";
  }
});
