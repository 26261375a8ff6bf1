"""Shared helpers for the end-to-end tests."""

import re
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
READY_TIMEOUT_MS = 180_000  # a start on a loaded CI machine (WebKit's offline one passed 90 s): longer is a hung one
TURN_TIMEOUT_S = 300  # a bot's turn, or a message between two pages: longer means the game is stuck

# Whether the page offers a step now: the game is over, the hotseat curtain waits for "I am ready", or an
# enabled, shown control takes one (none while a bot thinks).
OFFERS_A_STEP = """() => document.body.dataset.over === '1'
  || !!(document.querySelector('#curtain') && !document.querySelector('#curtain').hidden)
  || [...document.querySelectorAll('[data-action]')].some((e) => e.getClientRects().length && !e.disabled
       && getComputedStyle(e).visibility !== 'hidden')"""


# The bots reply fast (Settings: bot speed), as a player who wants to play on would choose: whole games
# in the tests wait less between replies.
FAST_BOTS = """() => { const speed = document.getElementById('set-speed'); speed.value = 'fast';
  speed.dispatchEvent(new Event('change', {bubbles: true})); }"""


def built_games() -> list:
    """The game pages of the built site (the pages whose body names a game)."""
    return sorted(p.stem for p in SITE.glob("*.html") if 'data-game="' in p.read_text())


def wait_ready(page) -> None:
    page.wait_for_selector("body[data-ready='1']", timeout=READY_TIMEOUT_MS)


def as_function(source: str) -> str:
    """A function's source as it is, an expression made into a function returning it (as Playwright does)."""
    if re.match(r"\s*(async\b|function\b|\([^)]*\)\s*=>|\w+\s*=>)", source):
        return source
    return f"() => ({source})"


# Checks a condition in the page until it holds (its value) or `limit` ms have passed (null); it may be async.
UNTIL = """async ([arg, limit]) => { const condition = (%s), end = performance.now() + limit;
  for (;;) { const value = await condition(arg);
    if (value) return value;
    if (performance.now() > end) return null;
    await new Promise((wake) => setTimeout(wake, 50)); } }"""


def wait_until(page, condition: str, arg=None, seconds: float = READY_TIMEOUT_MS / 1000):
    """Wait in the page until `condition` (a script, which may return a promise: Playwright's
    wait_for_function does not await one) holds; return its value. For a Playwright page or frame and for
    the drivers of e2e/engines.py (their scripts may run two minutes at most: it asks a minute at a time)."""
    deadline = time.monotonic() + seconds
    script = UNTIL % as_function(condition)
    while True:
        left = deadline - time.monotonic()
        value = page.evaluate(script, [arg, max(0, min(left, 60)) * 1000])
        if value:
            return value
        assert left > 60, f"not yet after {seconds} s: {condition[:120]}"


def wait_for_one(pages, condition: str, args=None, seconds: float = TURN_TIMEOUT_S):
    """Wait until `condition` holds in one of `pages` (in two browser contexts or browsers, which no one
    script sees both of), called with that page's entry of `args`; each page is watched a quarter of a
    second in turn. The page where it held."""
    script = UNTIL % as_function(condition)
    args = args or [None] * len(pages)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for page, arg in zip(pages, args):
            if page.evaluate(script, [arg, 250]):
                return page
    raise AssertionError(f"not in any page after {seconds} s: {condition[:120]}")
