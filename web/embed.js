// Optional helper for a page that embeds a Blitzbox game in an iframe: it lets the game set the
// iframe's height. Include it with <script src="https://YOUR-BLITZBOX-SITE/embed.js"></script>.
(() => {
  const origin = new URL(document.currentScript.src).origin;
  addEventListener("message", (event) => {
    if (event.origin !== origin || !event.data || event.data.type !== "blitzbox:resize") return;
    const height = Math.max(300, Math.min(3000, Number(event.data.height) || 0));
    for (const frame of document.querySelectorAll("iframe")) {
      if (frame.contentWindow === event.source) frame.style.height = height + "px";
    }
  });
})();
