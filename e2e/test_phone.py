"""A whole game on a phone, by taps, in every game (Chromium with touch; Firefox's and WebKit's 390 px
frame through e2e/engines.py), with the bots on their own. After every tap, and after each reply:
- the move the player did not make is in view above the docked decision (its `.last` marks),
- the last move reads whole (never cut with an ellipsis or under the dock's edge),
- the page never scrolls except to bring the action into view (no jump to the top),
- the dock takes at most a quarter of the screen in play, and nothing in it is clipped,
- a place to play is in view (whole, to tap), or behind the dock's "more" chip, on the player's turn.
"""

import random
import time

import pytest

import engines
from support import FAST_BOTS, built_games

GAMES = built_games()
ENGINES = ["webkit", "chromium", "firefox"]  # (by default each game in one: `sampled`, whose pick races Blitzed! in Chromium)
PHONE = (390, 844)
MAX_DOCK = 0.25
MAX_TAPS = 1500
GAME_MINUTES = 12  # a whole game here takes 1-4 minutes, on a loaded machine too
REALTIME = {"blitzed"}  # the bots roll all the time: the table fits the screen, and the page does not follow them

# The page as a player sees it now.
LOOK = """() => {
  const dock = document.getElementById('dock'), fixed = getComputedStyle(dock).position === 'fixed';
  const band = fixed ? dock.getBoundingClientRect().top : innerHeight;
  const shows = (e) => e.getClientRects().length > 0;
  const inBand = (box) => box.width > 0 && box.bottom > 0 && box.top < band && box.right > 0 && box.left < innerWidth;
  const wholeInBand = (box) => box.width > 0 && box.top >= 0 && box.bottom <= band && box.left >= 0 && box.right <= innerWidth;
  const marks = [...document.querySelectorAll('#board .last')].filter(shows).map((e) => e.getBoundingClientRect());
  const last = document.getElementById('last-move'), dockBox = dock.getBoundingClientRect();
  const inDock = (box) => box.top >= dockBox.top - 1 && box.bottom <= dockBox.bottom + 1 && box.left >= -1 && box.right <= innerWidth + 1;
  const clipped = [...dock.querySelectorAll('button, h3, #status, #last-move')]
    .filter((e) => shows(e) && !e.closest('[hidden], details:not([open]) > :not(summary)') && !inDock(e.getBoundingClientRect()))
    .map((e) => e.textContent.trim().slice(0, 40));
  const enabled = (e) => shows(e) && !e.disabled;  // (a disabled choice offers no step)
  const plays = [...document.querySelectorAll('#board [data-action], #board [data-command^="ui:"]')].filter(enabled).map((e) => e.getBoundingClientRect());
  // (a choice in the dock that comes before the place, as Nippon's unit to place: a tap on it brings its places into view)
  const trayPlays = [...document.querySelectorAll('#tray [data-action], #tray [data-command^="ui:"]')].filter(enabled);
  const more = document.getElementById('tray-more'), moreShown = !!(more && shows(more) && more.textContent.includes('more'));
  return {over: document.body.dataset.over === '1', thinking: document.body.dataset.thinking === '1',
          moves: document.querySelectorAll('#log li').length, y: scrollY,
          marks: marks.length, markInView: marks.some(inBand),
          lastWhole: !shows(last) || (last.scrollWidth <= last.clientWidth + 1 && inDock(last.getBoundingClientRect())),
          lastText: last.textContent, dock: (innerHeight - band) / innerHeight, short: fixed && !dock.matches('.expanded'),
          ending: !!document.querySelector('#result:not([hidden]), #remote:not([hidden])') || document.body.hasAttribute('data-lesson'),
          clipped, curtain: !document.getElementById('curtain').hidden,
          canPlay: plays.length + trayPlays.length > 0 || moreShown,  // (every choice may be behind "more")
          playInView: plays.some(wholeInBand) || trayPlays.length > 0 || moreShown};
}"""
# A random control the thumb can reach without scrolling: "I am ready" behind the hotseat curtain, else one
# of the data-action elements in view above the dock or in it (an expanded dock scrolls); else a square to
# choose first (Bitskrieg's phone board asks one before a facing); else the dock's "more" chip; else a choice
# in the dock that comes before its place (Nippon's unit: the page then brings its spaces into view); else null.
TAP = """([chance]) => {
  const curtain = document.querySelector('#curtain');
  if (curtain && !curtain.hidden) return curtain.querySelector('[data-command="reveal"]');
  const dock = document.getElementById('dock'), band = getComputedStyle(dock).position === 'fixed' ? dock.getBoundingClientRect().top : innerHeight;
  const reach = (e) => { const box = e.getBoundingClientRect();
    if (!e.getClientRects().length || e.disabled || box.left < 0 || box.right > innerWidth) return false;
    return e.closest('#dock') ? dock.classList.contains('expanded') || (box.top >= 0 && box.bottom <= innerHeight)
                              : box.top >= 0 && box.bottom <= band; };
  const shown = [...document.querySelectorAll('[data-action]')].filter(reach);
  if (shown.length) {  // (an expanded dock scrolls under the thumb to its choice)
    const choice = shown[Math.floor(chance * shown.length)];
    if (choice.closest('#dock')) choice.scrollIntoView({block: 'nearest'});
    return choice;
  }
  const squares = [...document.querySelectorAll('#board [data-command^="ui:"]:not([aria-pressed="true"])')].filter(reach);
  if (squares.length) return squares[Math.floor(chance * squares.length)];  // a square to choose before its facing
  const more = document.getElementById('tray-more');
  if (more && more.getClientRects().length && more.textContent.includes('more')) return more;
  const units = [...document.querySelectorAll('#tray [data-command^="ui:"]')].filter(reach);
  return units.length ? units[Math.floor(chance * units.length)] : null;  // a unit to choose before its place
}"""



def wait_ready(page) -> None:
    deadline = time.monotonic() + 90
    while page.evaluate("document.body.dataset.ready") != "1":
        assert time.monotonic() < deadline, "the page did not become ready"
        page.wait_for_timeout(100)


@pytest.fixture(scope="module", params=ENGINES)
def driver(request):
    made = engines.start(request)
    yield made
    made.close()


def open_phone(driver, url: str):
    driver.set_viewport(*PHONE, touch=True)
    if driver.viewport_size["width"] > PHONE[0]:  # WebKit's window is never narrower than 447 px
        return driver.framed(url, *PHONE)
    driver.goto(url)
    return driver


def settle(page, seconds: float = 60) -> dict:
    """Wait until the bots are done and the player can act (or the game is over); then let a scroll end."""
    deadline = time.monotonic() + seconds
    while True:
        look = page.evaluate(LOOK)
        if look["over"] or look["curtain"] or (look["canPlay"] and not look["thinking"]):
            return still(page)
        assert time.monotonic() < deadline, f"nothing to play for {seconds} s: {look}"
        page.wait_for_timeout(60)


def still(page, seconds: float = 10) -> dict:
    """The page once a smooth scroll to the news has ended (about 300 ms; longer on a loaded machine): the
    same scroll position over a quarter of a second."""
    deadline = time.monotonic() + seconds
    page.wait_for_timeout(250)
    look = page.evaluate(LOOK)
    while time.monotonic() < deadline:
        page.wait_for_timeout(250)
        again = page.evaluate(LOOK)
        if again["y"] == look["y"]:
            return again
        look = again
    return look


def check_table(look: dict, where: str) -> None:
    assert look["lastWhole"], f"{where}: the last move is cut: {look['lastText']!r}"
    if look["short"] and not look["ending"]:  # (expanded, the dock scrolls to every choice)
        assert look["clipped"] == [], f"{where}: clipped in the dock: {look['clipped']}"
        assert look["dock"] <= MAX_DOCK + 0.005, f"{where}: the dock takes {look['dock']:.0%} of the screen"


@pytest.mark.sampled("driver", "game")
@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_by_thumb_follows_the_action(driver, site_url, game):
    url = f"{site_url}/{game}.html?fresh=1"
    page = open_phone(driver, url)
    wait_ready(page)
    page.evaluate(FAST_BOTS)
    page.evaluate("document.querySelector('[data-command=\"tutorial:no-thanks\"]')?.click()")
    rng = random.Random(11)
    look = settle(page)
    replies = in_view = taps = misses = 0
    deadline = time.monotonic() + GAME_MINUTES * 60
    while not look["over"]:
        assert taps < MAX_TAPS and time.monotonic() < deadline, f"the game did not end: {look}"
        assert misses < 100, f"move {look['moves']}: a step is offered but no thumb can reach it: {look}"
        check_table(look, f"move {look['moves']}")
        if not look["curtain"]:
            assert look["playInView"], f"move {look['moves']}: no place to play in view: {look}"
        target = page.pick(TAP, [rng.random()])
        if target is None or not page.click(target, scroll=False):  # (a thumb taps what it sees)
            page.wait_for_timeout(100)
            moves, look = look["moves"], settle(page)
            misses = misses + 1 if look["moves"] == moves else 0  # (in a race the bots go on meanwhile)
            continue
        before, misses = look, 0
        taps += 1
        look = settle(page)
        if look["moves"] > before["moves"] + 1 and look["marks"] and not look["over"]:
            replies += 1  # a bot (or the other seat) moved after the tap: its move is in view
            in_view += look["markInView"]
        moved = abs(look["y"] - before["y"]) > 2
        assert not moved or look["over"] or look["markInView"] or look["playInView"], (  # (the result may take room)
            f"move {look['moves']}: the page scrolled {before['y']} -> {look['y']} to nothing new: {look}")
    if game not in REALTIME:
        assert replies == 0 or in_view / replies >= 0.9, f"the reply was in view {in_view} of {replies} times"
