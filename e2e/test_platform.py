"""The platform around every game: share links, save codes, hostile input, storage, keyboard, embeds, offline."""

import html
import http.server
import threading
from urllib.parse import parse_qs, urlencode, urlparse

import pytest

from game_core import records
from game_core.session import Session
from serve import make_server
from support import SITE, TURN_TIMEOUT_S, built_games, wait_ready, wait_until

GAME = "blitzkrieg"


HOTSEAT = '{"options": {}, "seats": {"axis": "human", "allies": "human"}}'


def open_game(page, site_url, path=f"{GAME}.html"):
    """Open a game; Blitzkrieg! as a hotseat game, so no bot moves between the test's own moves."""
    page.goto(f"{site_url}/{path}")
    wait_ready(page)
    if path == f"{GAME}.html":
        page.evaluate(f"localStorage.setItem('blitzbox:{GAME}:setup', '{HOTSEAT}')")
        page.evaluate(f"localStorage.removeItem('blitzbox:{GAME}:autosave')")
        page.reload()
        wait_ready(page)


def make_moves(page, count):
    """Play `count` moves; the hotseat curtain's "I am ready" first, as the person taking the device would
    (behind it nothing of theirs is offered)."""
    for _ in range(count):
        if page.locator("#curtain").is_visible():
            page.click('#curtain [data-command="reveal"]')
        page.locator("[data-action]").first.click()


def test_the_hotseat_log_reads_as_the_seat_at_the_device_and_never_shows_the_other_s_draws(page, site_url):
    """Behind the curtain the log has no seat's secrets, after "I am ready" the player's own draws are back:
    the whole log, as the engine reads it for the same save. (The page appended only new lines, so an
    earlier line kept the previous reader's words, one of its draws among them.)"""
    def shown():
        return page.evaluate("[...document.querySelectorAll('#log li')].map((li) => li.textContent)")

    def expected(revealed):
        session = Session.from_save(GAME, page.evaluate(f"localStorage.getItem('blitzbox:{GAME}:autosave')"))
        if revealed:
            session.command("reveal")
        return session.log

    open_game(page, site_url)
    curtains = 0
    for _ in range(16):
        if page.locator("#curtain").is_visible():
            curtains += 1
            assert shown() == expected(revealed=False)
            page.click('#curtain [data-command="reveal"]')
        assert shown() == expected(revealed=True)
        page.locator("[data-action]").first.click()
    assert curtains >= 4


def test_a_share_link_opens_the_replay_and_a_tampered_one_is_refused(page, site_url, off_origin, page_errors):
    open_game(page, site_url)
    make_moves(page, 4)
    page.click('[data-command="share"]')
    link = page.input_value("#share-link")
    assert "#g=bb1." in link
    page.click('#share [data-command="close-dialog"]')
    log = page.inner_text("#log")

    viewer = page.context.new_page()
    viewer.goto(link)
    wait_ready(viewer)
    assert viewer.locator("#replay-bar").is_visible()
    assert "move 0 of 4" in viewer.inner_text("#status")
    viewer.click('[data-command="replay-last"]')
    assert "move 4 of 4" in viewer.inner_text("#status")
    played, replayed = log.splitlines(), viewer.inner_text("#log").splitlines()
    assert len(replayed) == len(played)  # a replay reads as a spectator: a seat's own draw is left out
    for mine, public in zip(played, replayed):
        assert all(sentence in mine for sentence in public.split(". ")), (public, mine)
    assert viewer.locator("#board [data-action]").count() == 0, "a replay takes no moves"
    viewer.click('[data-command="replay-exit"]')
    assert not viewer.locator("#replay-bar").is_visible()

    tampered = link[:-6] + ("AAAAAA" if not link.endswith("AAAAAA") else "BBBBBB")
    viewer.goto("about:blank")
    viewer.goto(tampered)
    wait_ready(viewer)
    assert "could not be opened" in viewer.inner_text("#message")
    assert off_origin == [] and page_errors == []


def test_a_damaged_code_or_a_link_of_another_game_says_so_and_changes_nothing(page, site_url, off_origin):
    """Import says what a pasted text is before anything is replaced; one it cannot use is refused, and the
    game in progress stays. (A code that carries a game: e2e/test_saves.py.)"""
    open_game(page, site_url)
    make_moves(page, 1)
    page.click('[data-command="saves"]')
    for text, said in [("bb1.garbage", "This cannot be loaded: the share code is damaged"),
                       (f"{site_url}/fall-blau.html#g=" + records.encode(Session("fall-blau", 1).state.record()),
                        "This cannot be loaded: this is a game of Campaign: Fall Blau: open it on that game's page."),
                       (f"{site_url}/{GAME}.html", "This cannot be loaded: this link holds no Blitzbox game")]:
        page.fill("#code-in", text)
        assert page.inner_text("#code-what").startswith(said)
        page.click('[data-command="import-code"]')
        assert "could not be loaded" in page.inner_text("#message") and "Nothing was changed" in page.inner_text("#message")
    page.click('#saves [data-command="close-dialog"]')
    assert page.locator("#log li").count() == 1, "the game in progress is still there"
    assert off_origin == []


def test_hostile_save_names_are_shown_as_text(page, site_url, off_origin, page_errors):
    open_game(page, site_url)
    page.evaluate("window.pwned = false")
    hostile = '<img src=x onerror="window.pwned=true">'
    page.click('[data-command="saves"]')
    page.fill("#slot-name", hostile)
    page.click('[data-command="slot-save"]')
    assert hostile in page.inner_text("#slot-list")
    assert page.locator("#slot-list img").count() == 0
    assert page.evaluate("window.pwned") is False
    assert off_origin == [] and page_errors == []


def test_a_full_storage_is_reported_and_the_game_goes_on(page, site_url, off_origin):
    open_game(page, site_url)
    page.evaluate("""() => {
        // Fill storage to the brim: big chunks first, then ever smaller ones.
        let n = 0;
        for (let size = 1 << 20; size >= 1; size >>= 1) {
            const chunk = 'x'.repeat(size);
            try { for (;;) localStorage.setItem('filler' + n++, chunk); } catch (e) {}
        }
    }""")
    before = page.locator("#log li").count()
    make_moves(page, 1)
    assert page.locator("#log li").count() == before + 1
    assert "storage may be full" in page.inner_text("#message")
    assert off_origin == []


def test_the_keyboard_alone_can_play(page, site_url, off_origin):
    """After a keyboard move the focus stays on the board, so Enter plays on; Ctrl+Z in a text field
    edits the text, not the game."""
    open_game(page, site_url)
    page.locator("#board [data-action]").first.focus()
    for moves in (1, 2):
        page.keyboard.press("Enter")
        assert page.locator("#log li").count() == moves
        if page.locator("#curtain").is_visible():  # the other player's turn: the keys go to "I am ready"
            assert page.evaluate("document.activeElement.getAttribute('data-command')") == "reveal"
            page.keyboard.press("Enter")
        assert page.evaluate("document.activeElement.closest('#board [data-action]') !== null")
    page.click('[data-command="saves"]')
    page.locator("#slot-name").type("abc")
    page.keyboard.press("Control+z")
    assert page.locator("#log li").count() == 2
    assert off_origin == []


def test_an_embed_loads_nothing_heavy_until_clicked(page, site_url, off_origin, page_errors):
    requests = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(f"{site_url}/embed/{GAME}.html?theme=dark")
    assert page.locator("#board svg").count() == 1
    page.wait_for_load_state("networkidle")  # everything the page asks for before the click
    assert not any("pyodide" in url or "/py/" in url for url in requests)
    page.click("#play-button")
    wait_ready(page)
    make_moves(page, 2)
    assert page.locator("#log li").count() >= 2
    assert page.get_attribute("html", "data-theme") == "dark"
    assert off_origin == [] and page_errors == []


def test_an_embed_plays_where_storage_is_blocked_and_says_nothing_is_saved(page, site_url, off_origin, page_errors):
    """A browser blocking third-party site data makes localStorage throw SecurityError in the iframe."""
    page.add_init_script("""Object.defineProperty(window, "localStorage", {
        get() { throw new DOMException("The operation is insecure.", "SecurityError"); }});""")
    page.goto(f"{site_url}/embed/{GAME}.html")
    page.click("#play-button")
    wait_ready(page)
    assert "nothing will be saved" in page.inner_text("#message")
    make_moves(page, 2)
    assert page.locator("#log li").count() >= 2
    assert off_origin == [] and page_errors == []


def test_an_embed_resumes_its_own_game(page, site_url, off_origin):
    page.goto(f"{site_url}/embed/{GAME}.html")
    page.evaluate(f"localStorage.setItem('blitzbox:{GAME}:embed:setup', '{HOTSEAT}')")
    page.reload()
    page.click("#play-button")
    wait_ready(page)
    make_moves(page, 2)
    log = page.inner_text("#log")
    page.reload()
    page.click("#play-button")
    wait_ready(page)
    assert page.inner_text("#log") == log and page.locator("#log li").count() == 2
    assert off_origin == []


@pytest.mark.browser_context_args(service_workers="allow")
def test_an_embed_caches_only_its_own_game(page, site_url, off_origin):
    page.goto(f"{site_url}/embed/{GAME}.html")
    page.click("#play-button")
    wait_ready(page)
    # the worker precaches once the game is ready
    cached = wait_until(page, """async () => {
        const names = (await caches.keys()).filter((name) => name.startsWith("blitzbox"));  // not the snapshot's cache
        if (names.length !== 1) return null;
        const paths = (await (await caches.open(names[0])).keys()).map((request) => new URL(request.url).pathname);
        return paths.length > 20 && paths;
    }""")
    assert f"/embed/{GAME}.html" in cached and any(path.endswith("pyodide.asm.wasm") for path in cached)
    others = [game for game in built_games() if game != GAME]
    for path in cached:
        assert not any(path.endswith((f"/{game}.html", f"/{game}.zip")) for game in others), path
        assert not path.endswith(("/index.html", "/stats.html", "/stats.zip")) and "/rules/" not in path, path
    assert off_origin == []


@pytest.mark.parametrize("path", [f"{GAME}.html", f"embed/{GAME}.html", "stats.html"])
def test_pages_load_none_of_the_pyscript_plugins_they_turn_off(path, page, site_url, off_origin, page_errors):
    """Editor, terminal, game and the rest: PyScript would load them for MicroPython without a config."""
    requests = []
    page.on("request", lambda request: requests.append(request.url.rsplit("/", 1)[-1]))
    page.goto(f"{site_url}/{path}")
    if path.startswith("embed/"):
        page.click("#play-button")
    wait_ready(page)
    page.wait_for_load_state("networkidle")  # whatever PyScript loads once started
    unused = ("codemirror", "deprecations-manager", "donkey", "py-editor", "py-game", "py-terminal", "xterm")
    assert [name for name in requests if name.startswith(unused)] == []
    assert any(name.startswith("core-") for name in requests)  # PyScript itself did load
    assert off_origin == [] and page_errors == []


def cache_the_site(page, url):
    page.goto(url)
    wait_ready(page)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30_000)
    # (wait_for_function does not await a promise: wait_until does; the snapshot's own cache,
    # "snapshots:blitzbox", sits beside it)
    precached = """async () => {
        const names = (await caches.keys()).filter((name) => name.startsWith("blitzbox"));
        return names.length === 1 && (await (await caches.open(names[0])).keys()).length > 40;
    }"""
    wait_until(page, precached)


@pytest.mark.browser_context_args(service_workers="allow")
@pytest.mark.parametrize("how", ["set_offline", "server_stopped", "http_cache_cleared"])
def test_every_game_boots_and_plays_offline_after_one_visit(how, context, page, off_origin):
    server = make_server(SITE, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}"
    cache_the_site(page, f"{url}/{GAME}.html")
    if how == "set_offline":
        context.set_offline(True)
    else:
        server.shutdown()
        server.server_close()
    if how == "http_cache_cleared":
        # The runtime races the network (HTTP cache) against the service worker: with the HTTP cache
        # gone, the worker's own copy must answer.
        context.new_cdp_session(page).send("Network.clearBrowserCache")
    # Every page offline once; the other ways of going offline with two pages (the worker's cache is one list)
    for game in built_games() if how == "set_offline" else built_games()[-2:]:
        page.goto(f"{url}/{game}.html")
        wait_ready(page)
        before = page.locator("#log li").count()
        while page.locator("#log li").count() == before:
            if page.locator("[data-action]").count():
                page.locator("[data-action]").first.click()
            else:  # a bot's turn
                page.wait_for_function(f"document.querySelectorAll('#log li').length > {before} "
                                       "|| !!document.querySelector('[data-action]')", timeout=TURN_TIMEOUT_S * 1000)
    page.goto(f"{url}/fall-blau")  # static hosts serve pages without .html too
    wait_ready(page)
    context.set_offline(False)
    if how == "set_offline":
        server.shutdown()
        server.server_close()
    assert off_origin == []


def test_pages_are_served_with_the_deployed_security_headers(page, site_url):
    response = page.goto(f"{site_url}/{GAME}.html")
    # the security policy is the page's own (build/site.py), naming its origin beside 'self'
    policy = page.get_attribute('meta[http-equiv="Content-Security-Policy"]', "content")
    assert f"default-src 'self' {site_url};" in policy
    assert f"base-uri 'self' {site_url};" in policy and f"form-action 'self' {site_url}" in policy
    assert response.headers["content-security-policy"] == "frame-ancestors 'self'"  # only that (netlify.toml)
    assert response.headers["x-frame-options"] == "SAMEORIGIN"
    assert response.headers["cache-control"] == "no-cache"
    wasm = page.request.get(f"{site_url}/runtime/pyodide-314.0.7/pyodide.asm.wasm")
    assert wasm.headers["content-type"] == "application/wasm"
    assert "immutable" in wasm.headers["cache-control"]


class FramingPage(http.server.BaseHTTPRequestHandler):
    """Another site's page framing the addresses it is given (?src=...&src=...), as a clickjacker would."""

    def do_GET(self):
        sources = parse_qs(urlparse(self.path).query).get("src", [])
        frames = "".join(f'<iframe name="f{n}" src="{html.escape(src)}" title="frame {n}" '
                         'onload="this.dataset.loaded = 1"></iframe>' for n, src in enumerate(sources))
        page = f'<!doctype html><meta charset="utf-8"><title>Another site</title>{frames}'.encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.end_headers()
        self.wfile.write(page)

    def log_message(self, format, *args):
        pass


def test_another_site_cannot_frame_a_full_page_but_frames_an_embed(page, site_url, off_origin):
    """F4 of issue 48: a full game page (its Saves and Delete buttons) in another site's frame is refused by
    its headers; the embed page of the same game starts there."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), FramingPage)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        other = f"http://localhost:{server.server_address[1]}"  # another site than 127.0.0.1's
        full, embed = f"{site_url}/{GAME}.html", f"{site_url}/embed/{GAME}.html"
        with page.expect_response(full) as refused:
            page.goto(f"{other}/?{urlencode([('src', full), ('src', embed)])}")
        page.wait_for_selector('[name="f0"][data-loaded]', state="attached")
        blocked = page.frame(name="f0")
        assert blocked.url != full and blocked.locator("body[data-game]").count() == 0, "a full page was framed"
        assert refused.value.headers["content-security-policy"] == "frame-ancestors 'self'"
        page.frame_locator('[name="f1"]').locator("body[data-game]").wait_for(state="attached")
        assert page.frame(name="f1").url == embed
    finally:
        server.shutdown()
    assert off_origin == []


def test_the_advisor_suggests_a_move_with_a_chance_of_victory(page, site_url, off_origin, page_errors):
    open_game(page, site_url, "fall-blau.html")
    for _ in range(3):  # choose the three generals
        page.locator("[data-action]").first.click()
    page.click('[data-command="hint"]')
    page.wait_for_function("document.getElementById('notice').textContent.startsWith('Suggestion')",
                           timeout=60_000)
    assert "chance of victory" in page.inner_text("#notice")
    assert off_origin == [] and page_errors == []
