"""Fall Blau's table in the page: a phone gets the tall drawing and a laptop the wide one (and a turned
screen its own), no board text leaves the drawing, and on a phone the board's text is readable."""


from support import wait_ready

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
VIEWBOX_WIDTH = "() => document.querySelector('#board svg').viewBox.baseVal.width"
# Each board text's screen box, and its font size in screen pixels.
TEXTS = """() => { const svg = document.querySelector('#board svg'), box = svg.getBoundingClientRect();
  const scale = svg.getScreenCTM().a;
  return [...svg.querySelectorAll('text')].map(t => { const b = t.getBoundingClientRect();
    return {text: t.textContent, px: parseFloat(t.getAttribute('font-size')) * scale,
            out: b.left < box.left - 1 || b.right > box.right + 1}; }); }"""


def open_game(browser, site_url, **context):
    page = browser.new_context(**context).new_page()
    page.goto(f"{site_url}/fall-blau.html")
    wait_ready(page)
    return page


def test_a_phone_gets_the_tall_table_and_a_laptop_the_wide_one(browser, site_url):
    page = open_game(browser, site_url, **PHONE)
    assert page.evaluate(VIEWBOX_WIDTH) == 370
    assert [t["text"] for t in page.evaluate(TEXTS) if t["out"]] == []
    page.set_viewport_size({"width": 1366, "height": 768})  # the screen turns wide: the wide table
    page.wait_for_function("document.querySelector('#board svg').viewBox.baseVal.width === 1000")
    assert [t["text"] for t in page.evaluate(TEXTS) if t["out"]] == []
    page.context.close()


def test_the_phone_table_text_is_at_least_11_px(browser, site_url):
    page = open_game(browser, site_url, **PHONE)
    small = {t["text"] for t in page.evaluate(TEXTS) if t["px"] < 10.8}
    page.context.close()
    assert small == set()
