"""Embeds wherever a blog puts them: framed by a page of another site (with the frame's storage partitioned,
or refused as Chromium's default context refuses a third party's site data), in a frame sandboxed with
allow-scripts only, in Chromium and (at the end) in Firefox ESR and WebKit; a start that fails says so with
two ways on; headers keep their titles on one line."""

import html
import http.server
import json
import random
import threading
from urllib.parse import parse_qs, urlparse

import pytest

import engines
from support import OFFERS_A_STEP, READY_TIMEOUT_MS, TURN_TIMEOUT_S, built_games, wait_until
from test_engines import click_random_action as engine_click
from test_play import click_random_action

GAMES = built_games()
GAME = "blitzkrieg"
NOTHING_SAVED = "nothing will be saved"
AUTOSAVE = "blitzbox:{game}:embed:autosave"
# The page's security policy is in force: a picture of another origin is refused before any request (the
# directive that refused it), not loaded nor failed.
REFUSED_ELSEWHERE = """(other) => new Promise((done) => {
  addEventListener('securitypolicyviolation', (event) => done(event.effectiveDirective), {once: true});
  const picture = new Image();
  picture.onload = () => done('loaded');
  picture.onerror = () => setTimeout(() => done('requested'), 5000);  // (a refusal's event may come after)
  picture.src = other + '/refused.png';
})"""


class HostPage(http.server.BaseHTTPRequestHandler):
    """A blog's page on another site: /?src=<embed address>[&sandbox=<tokens>] frames it, with embed.js."""

    def do_GET(self):
        query = parse_qs(urlparse(self.path).query)
        if "src" not in query:  # the browser's own requests (a favicon)
            self.send_error(404)
            return
        src = query["src"][0]
        sandbox = f' sandbox="{html.escape(query["sandbox"][0])}"' if "sandbox" in query else ""
        script = html.escape(src[:src.index("/embed/")] + "/embed.js")
        page = (f'<!doctype html><meta charset="utf-8"><title>A blog</title><h1>A post with a game</h1>'
                f'<iframe id="game" src="{html.escape(src)}"{sandbox} title="A game" '
                f'style="width:100%;height:900px;border:0"></iframe><script src="{script}"></script>').encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(page)))
        self.end_headers()
        self.wfile.write(page)

    def log_message(self, format, *args):
        pass


@pytest.fixture(scope="module")
def host_url():
    """Another site than the game's: "localhost" where the site is served on 127.0.0.1."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), HostPage)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://localhost:{server.server_address[1]}"
    server.shutdown()


@pytest.fixture(scope="module")
def partitioning_browser(playwright, browser_type_launch_args):
    """Chromium as most people run it, letting a third-party frame keep its (partitioned) site data; the
    tests' default context refuses it, as a private window does."""
    args = browser_type_launch_args.get("args", []) + ["--disable-features=TrackingProtection3pcd"]
    browser = playwright.chromium.launch(**{**browser_type_launch_args, "args": args})
    yield browser
    browser.close()


def watch(context, site_url, host_url):
    """Every request of the context that goes anywhere but the game's site or the host page's, and every
    uncaught error of its pages (frames included)."""
    strays, errors = [], []
    allowed = (site_url + "/", host_url + "/")
    context.on("request", lambda request: None if request.url.startswith(allowed + ("data:", "blob:"))
               else strays.append(request.url))
    context.on("page", lambda page: page.on("pageerror", lambda error: errors.append(str(error))))
    return strays, errors


def host(page, site_url, host_url, game, sandbox=None):
    """Open the blog's page framing the game's embed (reload it when it is open); the frame."""
    query = {"src": f"{site_url}/embed/{game}.html", **({"sandbox": sandbox} if sandbox is not None else {})}
    address = f"{host_url}/?" + "&".join(f"{key}={value}" for key, value in query.items())
    if page.url == address:
        page.reload()
    else:
        page.goto(address)
    return page.frame_locator("#game"), page.locator("#game").element_handle().content_frame()


def start(page, site_url, host_url, game, sandbox=None):
    """Frame the embed, click "Click to play", wait until the game is ready; the frame."""
    locator, frame = host(page, site_url, host_url, game, sandbox)
    locator.locator("#play-button").click()
    frame.wait_for_selector("body[data-ready='1']", timeout=READY_TIMEOUT_MS)
    return frame


def play(frame, moves, seed=3):
    """Take `moves` steps by clicks (a bot may move between them); the log's length after them."""
    rng = random.Random(seed)
    before = frame.locator("#log li").count()
    for _ in range(moves * 200):
        if frame.locator("#log li").count() >= before + moves or frame.get_attribute("body", "data-over") == "1":
            break
        if not click_random_action(frame, rng):  # a bot's turn
            frame.wait_for_function(f"document.querySelectorAll('#log li').length >= {before + moves} || ({OFFERS_A_STEP})()",
                                    polling=100, timeout=TURN_TIMEOUT_S * 1000)  # (no frames drawn off screen)
    count = frame.locator("#log li").count()
    assert count >= before + min(moves, 1), "no move was made"
    return count


def saved(frame, game):
    text = frame.evaluate(f"localStorage.getItem('{AUTOSAVE.format(game=game)}')")
    return json.loads(text)["record"] if text else None


@pytest.mark.parametrize("game", GAMES)
def test_a_blog_on_another_site_plays_saves_and_resumes_the_embed(game, partitioning_browser, site_url, host_url):
    context = partitioning_browser.new_context()
    strays, errors = watch(context, site_url, host_url)
    page = context.new_page()
    frame = start(page, site_url, host_url, game)
    assert not frame.locator("#message").is_visible(), frame.inner_text("#message")
    play(frame, 3)
    frame.wait_for_function(f"localStorage.getItem('{AUTOSAVE.format(game=game)}') !== null")
    record = saved(frame, game)
    assert record["actions"], "the frame autosaved its moves in its own storage"

    frame = start(page, site_url, host_url, game)  # the blog's page reloaded
    resumed = saved(frame, game)
    assert resumed["seed"] == record["seed"] and resumed["actions"][:len(record["actions"])] == record["actions"]
    assert frame.locator("#log li").count() >= len(record["actions"])

    # The frame's storage is its own, under the blog's site: the game's own site does not see it.
    page.goto(f"{site_url}/embed/{game}.html")
    assert page.evaluate(f"localStorage.getItem('{AUTOSAVE.format(game=game)}')") is None
    assert strays == [] and errors == []
    context.close()


def test_a_blog_on_another_site_starts_the_embed_where_its_storage_is_refused(browser, site_url, host_url):
    """The default context refuses a third party's site data (localStorage, IndexedDB, Cache Storage): this
    frame failed with "The event is already being dispatched" (PyScript's refused IndexedDB)."""
    context = browser.new_context()
    strays, errors = watch(context, site_url, host_url)
    page = context.new_page()
    locator, frame = host(page, site_url, host_url, GAME)
    assert frame.evaluate("(() => { try { localStorage.length; return false; } catch { return true; } })()"), \
        "this browser gives the frame storage: the test no longer covers a refusal"
    locator.locator("#play-button").click()
    frame.wait_for_selector("body[data-ready='1']", timeout=READY_TIMEOUT_MS)
    assert NOTHING_SAVED in frame.inner_text("#message")
    play(frame, 3)
    assert NOTHING_SAVED in frame.inner_text("#message"), "the notice stays in view after moves"
    assert strays == [] and errors == []
    context.close()


@pytest.mark.parametrize("game", GAMES)
def test_a_sandboxed_frame_starts_says_nothing_is_saved_and_plays(game, browser, site_url, host_url):
    context = browser.new_context()
    strays, errors = watch(context, site_url, host_url)
    page = context.new_page()
    frame = start(page, site_url, host_url, game, sandbox="allow-scripts")
    assert frame.evaluate("origin") == "null", "the frame is sandboxed (an opaque origin)"
    assert frame.evaluate(REFUSED_ELSEWHERE, host_url) == "img-src"
    assert NOTHING_SAVED in frame.inner_text("#message")
    play(frame, 3)
    assert NOTHING_SAVED in frame.inner_text("#message"), "the notice stays in view after moves"
    assert strays == [] and errors == []
    context.close()


# A start that fails: the Python bundle broken (the glue cannot import), PyScript missing, the runtime missing.
BREAKAGES = {
    "bundle": ("**/py/**/*.zip", {"status": 200, "body": b"PK broken", "content_type": "application/zip"}),
    "pyscript": ("**/runtime/pyscript-*/core.js", {"status": 404, "body": b""}),
    "runtime": ("**/pyodide.asm.*", {"status": 404, "body": b""}),
}


# No service worker: a worker installed by the first visit would serve the broken file from its cache, past
# the route that breaks it (the page then started after all, under load, in CI once).
@pytest.mark.browser_context_args(service_workers="block")
@pytest.mark.parametrize("broken", list(BREAKAGES))
@pytest.mark.parametrize("path", [f"{GAME}.html", f"embed/{GAME}.html"])
def test_a_start_that_fails_says_so_with_reload_and_a_new_game_and_keeps_the_saves(path, broken, page, site_url, off_origin):
    prefix = f"blitzbox:{GAME}:embed" if path.startswith("embed/") else f"blitzbox:{GAME}"

    def open_page(reload=False):
        if reload:
            page.reload()
        else:
            page.goto(f"{site_url}/{path}")
        if path.startswith("embed/"):
            page.click("#play-button")

    page.goto(f"{site_url}/{path}")
    page.evaluate("""(prefix) => { localStorage.clear();
        localStorage.setItem(prefix + ':autosave', '{"kept": "as it was"}');
        localStorage.setItem(prefix + ':slot:mine', '{"kept": "too"}'); }""", prefix)
    storage = page.evaluate("JSON.stringify(Object.entries(localStorage).sort())")
    pattern, answer = BREAKAGES[broken]
    mended = []
    page.route(pattern, lambda route: route.fallback() if mended else route.fulfill(**answer))
    open_page()
    page.wait_for_selector("#start-failed:visible", timeout=READY_TIMEOUT_MS)
    assert page.get_attribute("body", "data-ready") == "0"
    assert page.inner_text("#status") == "The game could not start."
    assert page.inner_text("#start-failed-reason").strip()
    assert not page.locator("#loading").is_visible(), "no endless loading bar"
    assert page.locator("#start-failed button").all_inner_texts() == ["Reload", "Start a new game"]
    assert page.evaluate("JSON.stringify(Object.entries(localStorage).sort())") == storage, "no save was touched"

    with page.expect_navigation():
        page.click("#start-reload")
    assert page.url == f"{site_url}/{path}"
    mended.append(True)
    open_page(reload=True)  # a start that works shows no failure
    page.wait_for_selector("body[data-ready='1']", timeout=READY_TIMEOUT_MS)
    assert not page.locator("#start-failed").is_visible()
    assert off_origin == []


def test_start_a_new_game_asks_for_a_fresh_start_of_the_same_page(page, site_url, off_origin):
    page.route("**/py/**/*.zip", lambda route: route.fulfill(status=404, body=b""))
    page.goto(f"{site_url}/{GAME}.html?seed=7&theme=dark#g=whatever")
    page.wait_for_selector("#start-failed:visible", timeout=READY_TIMEOUT_MS)
    with page.expect_navigation():
        page.click("#start-fresh")
    url = urlparse(page.url)
    assert url.path == f"/{GAME}.html" and parse_qs(url.query) == {"seed": ["7"], "theme": ["dark"], "fresh": ["1"]}
    assert url.fragment == ""
    page.wait_for_selector("#start-failed:visible", timeout=READY_TIMEOUT_MS)  # still broken: said again
    assert off_origin == []


def test_an_embed_asked_for_a_new_game_starts_without_another_click(page, site_url, off_origin, page_errors):
    page.goto(f"{site_url}/embed/{GAME}.html?fresh=1")
    page.wait_for_selector("body[data-ready='1']", timeout=READY_TIMEOUT_MS)
    assert not page.locator("#click-to-play").is_visible()
    assert off_origin == [] and page_errors == []


# -- headers: one line of title at any width ------------------------------------------------------------
WIDTHS = (320, 400, 600, 900, 1024, 1366, 1920)
PAGES = (["", "stats.html"] + [f"rules/{game}.html" for game in GAMES] + [f"{game}.html" for game in GAMES]
         + [f"embed/{game}.html" for game in GAMES])
# Each text of the header bar (title, home link, buttons) and how many lines it takes.
HEADER_TEXTS = """() => [...document.querySelectorAll('.bar h1, .bar a, .bar button')]
  .filter((node) => node.getClientRects().length)
  .map((node) => { const style = getComputedStyle(node);
    const line = parseFloat(style.lineHeight) || 1.4 * parseFloat(style.fontSize);
    const range = document.createRange(); range.selectNodeContents(node);
    const text = range.getBoundingClientRect();
    return {text: node.textContent.trim(), height: text.height, line,
            inside: text.right <= innerWidth + 1 && node.getBoundingClientRect().right <= innerWidth + 1}; })"""


@pytest.mark.parametrize("width", WIDTHS)
def test_headers_never_wrap_a_word_at_any_width(width, browser, site_url):
    context = browser.new_context(viewport={"width": width, "height": 800})
    context.route("**/runtime/**", lambda route: route.abort())  # the layout needs no Python
    context.route("**/py/**", lambda route: route.abort())
    page = context.new_page()
    wrapped = []
    for path in PAGES:
        page.goto(f"{site_url}/{path}")
        if page.locator(".menu-toggle:visible").count():  # a phone's folded menu, opened too
            states = [None, "document.getElementById('menu').classList.add('open')"]
        else:
            states = [None]
        for state in states:
            if state:
                page.evaluate(state)
            for text in page.evaluate(HEADER_TEXTS):
                if text["height"] > 1.5 * text["line"] or not text["inside"]:
                    wrapped.append((path, text["text"], round(text["height"]), round(text["line"])))
    assert wrapped == [], f"header texts on more than one line or off the screen at {width} px: {wrapped}"
    context.close()


# -- the same embeds in Firefox ESR and WebKit (e2e/engines.py's drivers) ------------------------------
# Every game's embed starts in each engine from a blog of another site; one game per engine is also played,
# saved, resumed and looked for from its own site, and one more starts in a sandboxed frame (two different
# games in each engine: together they cover four of the five).
FULL = {"firefox": "blitzkrieg", "webkit": "bitskrieg"}
SANDBOXED = {"firefox": "fall-blau", "webkit": "blitzed"}
# Every address the frame and its page loaded that is neither the game's site nor the blog's.
OFF_SITE = """(allowed) => [location.href, ...performance.getEntriesByType('resource').map((e) => e.name)]
  .filter((url) => !/^(data|blob|about):/.test(url) && !allowed.includes(new URL(url).origin))"""
STARTED_WELL = "() => document.body.dataset.failed !== '1' && document.getElementById('start-failed').hidden"


@pytest.fixture(scope="module", params=["firefox", "webkit"])
def engine(request):
    made = {"firefox": engines.Firefox, "webkit": engines.WebKit}[request.param]()
    made.set_viewport(1366, 768)
    yield made
    made.close()


def start_in(driver, site_url, host_url, game, sandbox=None, reload=False):
    """The blog's page framing the embed (reloaded, or opened), "Click to play" clicked, the game ready:
    the frame's driver."""
    query = f"src={site_url}/embed/{game}.html" + (f"&sandbox={sandbox}" if sandbox else "")
    if reload:
        driver.reload()
    else:
        driver.goto(f"{host_url}/?{query}")
    frame = driver.frame("#game")
    button = frame.pick("() => document.getElementById('play-button')")
    assert button is not None and frame.click(button), "no 'Click to play' to click"
    wait_until(frame, "document.body.dataset.ready === '1' || document.body.dataset.failed === '1'")
    assert frame.evaluate(STARTED_WELL), frame.evaluate("document.getElementById('start-failed').innerText")
    return frame


def play_in(frame, moves, seed=3) -> int:
    """Take `moves` steps by clicks (a bot may move between them); the log's length after them."""
    rng = random.Random(seed)
    logged = "document.querySelectorAll('#log li').length"
    before = frame.evaluate(logged)
    for _ in range(moves * 300):
        if frame.evaluate(logged) >= before + moves or frame.evaluate("document.body.dataset.over") == "1":
            break
        if not engine_click(frame, rng):  # a bot's turn
            wait_until(frame, f"document.querySelectorAll('#log li').length >= {before + moves} || ({OFFERS_A_STEP})()",
                       seconds=TURN_TIMEOUT_S)
    count = frame.evaluate(logged)
    assert count >= before + min(moves, 1), "no move was made"
    return count


def nothing_off_site(driver, frame, *allowed) -> None:
    assert frame.evaluate(OFF_SITE, list(allowed)) == []
    assert driver.evaluate(OFF_SITE, list(allowed)) == []


@pytest.mark.sampled("engine", "game")
@pytest.mark.parametrize("game", GAMES)
def test_in_firefox_and_webkit_a_blog_on_another_site_starts_the_embed(engine, game, site_url, host_url):
    """Every game's embed starts on the click in a blog's frame of another site; in FULL's game it plays,
    saves in the frame's own (partitioned) storage, and a reload of the blog resumes it."""
    if hasattr(engine, "errors"):
        engine.errors.clear()
    frame = start_in(engine, site_url, host_url, game)
    assert frame.evaluate("document.getElementById('message').hidden"), frame.evaluate(
        "document.getElementById('message').innerText")
    if game == FULL[engine.name]:
        key = AUTOSAVE.format(game=game)
        play_in(frame, 3)
        wait_until(frame, f"localStorage.getItem('{key}') !== null")
        record = json.loads(frame.evaluate(f"localStorage.getItem('{key}')"))["record"]
        assert record["actions"], "the frame autosaved its moves in its own storage"
        frame = start_in(engine, site_url, host_url, game, reload=True)
        resumed = json.loads(frame.evaluate(f"localStorage.getItem('{key}')"))["record"]
        assert resumed["seed"] == record["seed"] and resumed["actions"][:len(record["actions"])] == record["actions"]
        assert frame.evaluate("document.querySelectorAll('#log li').length") >= len(record["actions"])
        nothing_off_site(engine, frame, site_url, host_url)
        # The frame's storage is its own, under the blog's site: the game's own site does not see it.
        engine.goto(f"{site_url}/embed/{game}.html")
        assert engine.evaluate(f"localStorage.getItem('{key}')") is None
    else:
        nothing_off_site(engine, frame, site_url, host_url)
    assert getattr(engine, "errors", []) == []  # where the engine reports uncaught errors (Firefox)


def test_in_firefox_and_webkit_a_sandboxed_frame_starts_says_nothing_is_saved_and_plays(engine, site_url, host_url):
    if hasattr(engine, "errors"):
        engine.errors.clear()
    frame = start_in(engine, site_url, host_url, SANDBOXED[engine.name], sandbox="allow-scripts")
    assert frame.evaluate("origin") == "null", "the frame is sandboxed (an opaque origin)"
    assert NOTHING_SAVED in frame.evaluate("document.getElementById('message').innerText")
    play_in(frame, 3)
    nothing_off_site(engine, frame, site_url, host_url)
    assert getattr(engine, "errors", []) == []
    assert frame.evaluate(REFUSED_ELSEWHERE, host_url) == "img-src"  # (last: Firefox reports it as an error)
