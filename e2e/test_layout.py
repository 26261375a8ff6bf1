"""The page shell on a phone (390x844, touch) and a laptop (1366x768): nothing pans the page sideways,
targets are finger-sized, no label is clipped, the decision is on screen, the dark theme applies, and
axe-core finds no serious violation on the game page."""

import pytest

from support import built_games, wait_ready
from test_a11y import serious_violations

SIZES = {
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "laptop": {"viewport": {"width": 1366, "height": 768}},
}
DARK = "localStorage.setItem('blitzbox:settings', JSON.stringify({theme: 'dark'}))"

# Every visible control and how big it is on the screen.
TARGETS = """() => [...document.querySelectorAll('[data-action],[data-command]')]
  .filter(e => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
  .map(e => { const b = e.getBoundingClientRect();
              return {name: e.getAttribute('aria-label') || e.textContent.trim(), w: b.width, h: b.height,
                      left: b.left, top: b.top, right: b.right, bottom: b.bottom,
                      board: !!e.closest('#board')}; })"""
# HTML text that does not fit its box (scrollWidth beyond clientWidth): clipped or spilling.
CLIPPED = """() => [...document.querySelectorAll('button, .button, label, summary, h1, h2, #status, #dock p')]
  .filter(e => e.getClientRects().length && e.scrollWidth > e.clientWidth + 1)
  .map(e => e.textContent.trim().slice(0, 40))"""
PAGE_WIDTH = "() => document.documentElement.scrollWidth"
BACKGROUND = "() => getComputedStyle(document.body).backgroundColor"


@pytest.fixture(params=list(SIZES))
def sized(request, browser, site_url):
    context = browser.new_context(**SIZES[request.param], bypass_csp=True)  # bypass: to inject axe-core
    context.add_init_script(DARK)
    yield request.param, context.new_page()
    context.close()


def is_dark(rgb: str) -> bool:
    red, green, blue = (int(part) for part in rgb[rgb.index("(") + 1:rgb.index(")")].split(",")[:3])
    return red + green + blue < 3 * 64


def check_shell(page, size: str) -> None:
    # the screen's width, not innerWidth: a phone browser widens its layout viewport to a page too wide
    width, viewport = page.evaluate(PAGE_WIDTH), page.viewport_size["width"]
    assert width <= viewport, f"the page is {width} px wide in a {viewport} px screen"
    targets = page.evaluate(TARGETS)
    if size == "phone":
        small = [(t["name"], round(t["w"]), round(t["h"])) for t in targets if t["w"] < 44 or t["h"] < 44]
        assert small == [], f"touch targets under 44x44 px: {small}"
    assert page.evaluate(CLIPPED) == []
    height = page.viewport_size["height"]
    for selector in ("#status", "#tray"):
        # one read of the page (a bot's move may redraw the tray between two reads)
        box = page.evaluate("""(selector) => { const node = document.querySelector(selector);
            if (!node || !node.getClientRects().length) return null;
            const r = node.getBoundingClientRect(); return {y: r.y, height: r.height}; }""", selector)
        if box is None:
            continue
        if selector == "#status":
            assert 0 <= box["y"] and box["y"] + box["height"] <= height, f"{selector} is off screen: {box}"
        else:  # a long list of choices may be taller than the screen: it scrolls inside its column
            assert box["y"] < height and box["y"] + box["height"] > 0, f"{selector} is off screen: {box}"
    if size == "laptop":  # the whole board and its choices fit: no page scrolling to reach them
        off = [t["name"] for t in targets if t["board"] and (t["bottom"] > height or t["right"] > viewport)]
        assert off == [], f"board targets below the fold: {off}"


@pytest.mark.sampled("sized", "game")
@pytest.mark.parametrize("game", built_games())
def test_game_page_fits_the_screen(sized, site_url, game):
    size, page = sized
    page.goto(f"{site_url}/{game}.html")
    wait_ready(page)
    assert page.get_attribute("html", "data-theme") == "dark"
    assert is_dark(page.evaluate(BACKGROUND))
    check_shell(page, size)
    # A few moves in, the shell still fits; the log grows by appending (its first line stays the same node).
    played = 0
    for _ in range(3):
        target = page.locator("#tray [data-action], #board [data-action]").first
        if not target.count():
            break
        target.dispatch_event("click")
        played += 1
        page.wait_for_function(f"document.querySelectorAll('#log li').length >= {played}")
        if played == 1:
            page.evaluate("document.querySelector('#log li').dataset.mark = 'first'")
    if played > 1:
        assert page.locator("#log li[data-mark='first']").count() == 1
    check_shell(page, size)
    violations = serious_violations(page)
    assert violations == [], violations


def test_phone_menu_folds_into_one_button(browser, site_url):
    context = browser.new_context(**SIZES["phone"])
    page = context.new_page()
    page.goto(f"{site_url}/{built_games()[0]}.html")
    wait_ready(page)
    assert not page.locator("#menu").is_visible()
    page.click(".menu-toggle")
    assert page.locator("#menu").is_visible()
    assert page.get_attribute(".menu-toggle", "aria-expanded") == "true"
    page.click("#menu [data-command='settings']")  # a choice closes the menu and opens the dialog
    assert not page.locator("#menu").is_visible()
    assert page.locator("#settings").is_visible()
    context.close()


@pytest.mark.parametrize("path", ["", "rules/bitskrieg.html", "stats.html"])
def test_every_other_page_is_dark_and_fits(sized, site_url, path):
    size, page = sized
    page.goto(f"{site_url}/{path}")
    assert page.get_attribute("html", "data-theme") == "dark"
    assert is_dark(page.evaluate(BACKGROUND))
    assert page.evaluate(PAGE_WIDTH) <= page.viewport_size["width"]
    assert page.evaluate(CLIPPED) == []


def test_continue_only_for_an_unfinished_game(browser, site_url):
    context = browser.new_context()
    context.add_init_script("""
      localStorage.setItem('blitzbox:bitskrieg:autosave', '{}');
      localStorage.setItem('blitzbox:bitskrieg:autosave:over', '0');
      localStorage.setItem('blitzbox:blitzed:autosave', '{}');
      localStorage.setItem('blitzbox:blitzed:autosave:over', '1');""")
    page = context.new_page()
    page.goto(f"{site_url}/")
    assert page.locator("[data-card='bitskrieg'] .continue").is_visible()
    assert not page.locator("[data-card='blitzed'] .continue").is_visible()  # finished
    assert not page.locator("[data-card='blitzkrieg'] .continue").is_visible()  # never played
    for card in page.locator(".game-card:not(.coming)").all():  # a picture drawn by the engine, and the facts
        assert card.locator(".thumb img").evaluate("img => img.complete && img.naturalWidth > 0")
        assert card.locator(".facts li").count() == 2
    context.close()


def test_the_game_page_writes_the_over_flag(page, site_url):
    game = built_games()[0]
    page.goto(f"{site_url}/{game}.html")
    wait_ready(page)
    assert page.evaluate(f"localStorage.getItem('blitzbox:{game}:autosave:over')") == "0"
