"""A first visit's bytes (issue 46): what a new Chromium profile asks the server for on a game page, counted
by the server at each file's gzip size, before the board is live (data-ready) and until 25 s after."""

import functools
import gzip
import io
import threading
import time
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from serve import SiteHandler, SiteServer
from support import SITE, wait_ready

PAGE = "blitzkrieg.html"
BEFORE_READY = 5_000_000
WHOLE_VISIT = 7_500_000
AFTER_READY_S = 25


@functools.cache
def gzip_size(path: Path) -> int:
    return len(gzip.compress(path.read_bytes(), compresslevel=6, mtime=0))


class CountingHandler(SiteHandler):
    """The site's own handler, noting when each file was asked for and its gzip size."""

    def send_head(self):
        local = Path(self.translate_path(self.path))
        if local.is_dir():
            local = local / "index.html"
        if local.is_file():
            self.server.asked.append((time.time(), unquote(urlsplit(self.path).path), gzip_size(local)))
        return super().send_head()


def serve_counting() -> SiteServer:
    server = SiteServer(("127.0.0.1", 0), functools.partial(CountingHandler, directory=str(SITE)))
    server.asked = []
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def first_visit(browser, page_name: str) -> tuple[list, list]:
    """What a new profile asks for on `page_name`: (before ready, ready to 25 s after), as (path, gzip bytes)."""
    server = serve_counting()
    context = browser.new_context(service_workers="allow")  # (its worker, and the snapshot it lets be made)
    try:
        page = context.new_page()
        # The moment the page marks itself ready, on the page's clock (the server's: both read the system's)
        page.add_init_script("""new MutationObserver((changes, observer) => {
            if (document.body?.dataset.ready === "1") { window.blitzboxReadyAt = Date.now() / 1000; observer.disconnect(); }
        }).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-ready"]});""")
        page.goto(f"http://127.0.0.1:{server.server_address[1]}/{page_name}")
        wait_ready(page)
        ready = page.evaluate("window.blitzboxReadyAt")
        page.wait_for_timeout(AFTER_READY_S * 1000)
    finally:
        context.close()
        server.shutdown()
        server.server_close()
    asked = [(at, path, size) for at, path, size in server.asked if at <= ready + AFTER_READY_S]
    return ([(path, size) for at, path, size in asked if at <= ready],
            [(path, size) for at, path, size in asked if at > ready])


def report(files: list) -> str:
    return "\n".join(f"{size:>10,} {path}" for path, size in sorted(files, key=lambda file: -file[1]))


def test_a_first_visit_asks_for_under_5_mb_before_the_board_is_live_and_7_5_mb_in_all(browser):
    before, after = first_visit(browser, PAGE)
    before_bytes = sum(size for _, size in before)
    whole = before_bytes + sum(size for _, size in after)
    print(f"\n{PAGE}: {before_bytes:,} bytes before ready ({len(before)} files), {whole:,} in all "
          f"({len(before) + len(after)} files)\nbefore ready:\n{report(before)}\nafter:\n{report(after)}")
    assert before_bytes <= BEFORE_READY, f"{before_bytes:,} bytes before ready:\n{report(before)}"
    assert whole <= WHOLE_VISIT, f"{whole:,} bytes in the first visit:\n{report(before + after)}"


class UpdatingHandler(CountingHandler):
    """Serves sw.js as a new build would (another cache name) once the server's `updated` is set."""

    def send_head(self):
        if (self.headers.get("Referer") or "").endswith("/sw.js"):  # the worker's install
            self.server.installed.append(urlsplit(self.path).path)
        if not (self.server.updated and urlsplit(self.path).path == "/sw.js"):
            return super().send_head()
        self.server.asked.append((time.time(), "/sw.js", 0))
        body = (SITE / "sw.js").read_text().replace('"blitzbox-', '"blitzbox-new-').encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/javascript")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)


def test_an_update_reaches_the_player_and_downloads_only_what_changed(browser):
    """A new build (a new service worker, another cache name) is installed on the next load, says so on the
    page, and takes the runtime's and the bundles' files (named by version or hash) from the old cache."""
    server = SiteServer(("127.0.0.1", 0), functools.partial(UpdatingHandler, directory=str(SITE)))
    server.asked, server.installed, server.updated = [], [], False
    threading.Thread(target=server.serve_forever, daemon=True).start()
    context = browser.new_context(service_workers="allow")  # (its worker, and the snapshot it lets be made)
    try:
        page = context.new_page()
        page.goto(f"http://127.0.0.1:{server.server_address[1]}/{PAGE}")
        wait_ready(page)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=90_000)
        while "blitzbox-staged" in page.evaluate("caches.keys()"):  # (taken by the installed worker)
            page.wait_for_timeout(200)
        server.updated, server.installed = True, []
        page.reload()
        wait_ready(page)
        notice = page.locator("#notice")
        notice.wait_for(state="visible", timeout=90_000)
        assert "updated" in notice.inner_text()
        names = page.evaluate("caches.keys()")
        assert [name for name in names if name.startswith("blitzbox")] == [next(n for n in names if n.startswith("blitzbox-new-"))]
        assert f"/{PAGE}" in server.installed  # (pages may have changed: downloaded again)
        lasting = [path for path in server.installed if path.startswith(("/runtime/", "/py/"))]
        assert lasting == [], f"an update downloaded files it had: {lasting}"
    finally:
        context.close()
        server.shutdown()
        server.server_close()
