"""End-to-end fixtures: serve the built site on loopback, drive Debian's Chromium, block the world."""

import sys
import threading
from collections import Counter, defaultdict
from urllib.parse import urlparse

import pytest
from playwright.sync_api import Browser

from support import ROOT, SITE

sys.path.insert(0, str(ROOT / "build"))
from serve import make_server  # noqa: E402

LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1"}


def covering(cases: list, names) -> list:
    """A few of `cases` (one test's parametrized items) in which every value of each parameter in `names`
    appears at least once: greedy, each pick the case with most values not yet seen, ties to the case whose
    values have been used least (so a game is played in each engine, each engine plays about as many)."""
    def values(case):
        return {(name, repr(value)) for name, value in case.callspec.params.items() if name in names}

    chosen, seen, used = [], set(), Counter()
    left = list(cases)
    while left:
        best = max(left, key=lambda case: (len(values(case) - seen), -sum(used[v] for v in values(case))))
        if chosen and not values(best) - seen:
            break
        chosen.append(best)
        left.remove(best)
        seen |= values(best)
        used.update(values(best))
    return chosen


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """A test marked `sampled("game", "engine", ...)` runs, by default, only a covering sample of its cases:
    every value of each named parameter at least once (a parameter not named may take any value). The other
    cases are marked `long`: `bash build/test.sh long` runs them (and a case named on the command line runs
    with `-m ''`)."""
    by_test = defaultdict(list)
    for item in items:
        if item.get_closest_marker("sampled") and hasattr(item, "callspec"):
            by_test[(item.path, item.originalname)].append(item)
    for cases in by_test.values():
        kept = covering(cases, set(cases[0].get_closest_marker("sampled").args))
        for item in cases:
            if item not in kept:
                item.add_marker(pytest.mark.long)


@pytest.fixture(scope="session", autouse=True)
def service_workers_off_unless_asked():
    """After a first visit the site's service worker lets the page make its start-up snapshot: a second
    interpreter and a rehearsal page in the background of every fresh context, most of a test's CPU. Only
    the tests of offline starts and snapshots want that (they pass service_workers="allow", or mark
    browser_context_args(service_workers="allow")); every other context is made without workers."""
    original = Browser.new_context

    def new_context(self, **args):
        return original(self, **{"service_workers": "block", **args})

    Browser.new_context = new_context
    yield
    Browser.new_context = original


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    # Debian's chromium: Playwright's own browser download is never used.
    return {**browser_type_launch_args, "executable_path": "/usr/bin/chromium",
            "args": ["--disable-background-networking", "--disable-component-update", "--disable-sync",
                     "--no-first-run"]}


@pytest.fixture(scope="session")
def site_server():
    if not (SITE / "index.html").exists():
        pytest.fail("site/ is not built: run `python3 build/site.py` first")
    server = make_server(SITE, 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()


@pytest.fixture(scope="session")
def site_url(site_server):
    return f"http://127.0.0.1:{site_server.server_address[1]}"


def block_off_origin(context, blocked: list) -> None:
    """Abort every request of `context` that leaves this machine, and record it in `blocked`."""
    def handler(route):
        if urlparse(route.request.url).hostname not in LOCAL_HOSTS:
            blocked.append(route.request.url)
            return route.abort()
        return route.continue_()

    context.route("**/*", handler)


@pytest.fixture
def off_origin(context):
    """Abort every request that leaves this machine, and record it (the test asserts none)."""
    blocked = []
    block_off_origin(context, blocked)
    return blocked


@pytest.fixture
def page_errors(page):
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return errors
