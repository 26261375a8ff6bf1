"""The table at a glance, in every game at its start, mid-game and near its end, on a phone (390x844,
touch) and a laptop (1366x768): the docked decision takes at most a quarter of the phone's screen, its
choices that do not fit wait behind its "more" chip; every choice of the decision can be brought into view
without scrolling the page; the last move is stated in words above the decision, whole, and marked on the
board; no visible text is internal notation.

The positions are played out in plain Python (e2e/table_positions.py) and opened as the page's autosave.
With BLITZBOX_SHOTS set to a folder, a screenshot of each is kept there."""

import json
import os
import re

import pytest

from support import wait_ready
from table_positions import MOMENTS, TABLES, positions

SIZES = {
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "laptop": {"viewport": {"width": 1366, "height": 768}},
}
MAX_DOCK = 0.25  # of the phone's screen height, in play
# Internal notation: Blitzkrieg!'s "A3@WE1.2" and "sa:WE", Blitzed!'s stamps ("p1 roll @1444") and seats
# ("p1"), option codes ("mode=solo"), Fall Blau's card ids ("treibstoff1").
NOTATION = re.compile(r"@|\bsa:|\b\w+=\w|\bp[1-5]\b|\b[a-z]{3,}\d\b")

# Each text node a person sees (not in a hidden element, a folded section or a tooltip), and the
# notation of every action on the page (data-action), to catch one shown as text.
SEEN = """() => {
  const texts = [], walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement, text = node.nodeValue.trim();
    if (!text || parent.closest('title, script, style, [hidden], .visually-hidden, dialog:not([open])')) continue;
    if (parent.closest('details:not([open]) > :not(summary)') || !parent.getClientRects().length) continue;
    texts.push(text);
  }
  const actions = [...document.querySelectorAll('[data-action]')].map((e) => e.getAttribute('data-action'));
  return {texts, actions};
}"""
# Each choice of the tray scrolled into view as a person would (the tray or side column scrolls, never the
# page): those that stay off screen, covered, or needed the page to scroll.
UNREACHABLE = """() => {
  const page = [scrollX, scrollY], bad = [];
  for (const choice of document.querySelectorAll('#tray [data-action], #tray [data-command]')) {
    if (!choice.getClientRects().length) continue;  // behind the short dock's "more" chip (check_more)
    choice.scrollIntoView({block: 'nearest', inline: 'nearest'});
    const box = choice.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + Math.min(box.height / 2, 20));
    const scrolled = scrollX !== page[0] || scrollY !== page[1];
    if (scrolled || box.top < 0 || box.bottom > innerHeight || !(hit && choice.contains(hit)))
      bad.push({choice: choice.textContent.trim(), scrolled, top: box.top, bottom: box.bottom});
    scrollTo(page[0], page[1]);
  }
  return bad;
}"""
# What a table must show at once, above the phone's docked tray (on a laptop: on screen): the solo module's first
# theater (its panel above it is short) and Nippon's whole map (a long tray once covered its foot).
FIRST_SIGHT = {"solo": "#board g.theater", "blitzkrieg-nippon": "#board g.map > rect"}
IN_SIGHT = """(selector) => { const box = document.querySelector(selector).getBoundingClientRect();
  const dock = document.getElementById('dock');
  const limit = getComputedStyle(dock).position === 'fixed' ? dock.getBoundingClientRect().top : innerHeight;
  return box.top >= 0 && box.bottom <= limit ? null : {top: box.top, bottom: box.bottom, limit}; }"""
HEIGHT = """(selector) => { const node = document.querySelector(selector);
  return node && node.getClientRects().length ? node.getBoundingClientRect().height : 0; }"""


@pytest.fixture(scope="module")
def saved():
    return {table: positions(table) for table in TABLES}


def open_position(browser, site_url, size: str, game: str, text: str):
    context = browser.new_context(**SIZES[size])
    # once, in the page itself (a frame the page opens would write it again: another tab's game to follow)
    context.add_init_script("if (window === window.top && !sessionStorage.getItem('seeded')) {"
                            f"localStorage.setItem('blitzbox:{game}:autosave', {json.dumps(text)});"
                            "localStorage.setItem('blitzbox:settings', JSON.stringify({speed: 'slow'}));"
                            "sessionStorage.setItem('seeded', '1'); }")
    page = context.new_page()
    page.goto(f"{site_url}/{game}.html")
    wait_ready(page)
    return context, page


def check_words(page) -> None:
    assert not page.locator("#message").is_visible(), page.inner_text("#message")
    seen = page.evaluate(SEEN)
    actions = set(seen["actions"])
    coded = [text for text in seen["texts"] if NOTATION.search(text) or text in actions]
    assert coded == [], f"internal notation on screen: {coded[:8]}"


def check_more(page) -> None:
    """Short, the dock shows what fits and counts the rest on its chip; expanded, every choice is shown;
    pressed again, it is short again."""
    more = page.locator("#tray-more")
    choices = page.locator("#tray .tray-button").count()
    shown = page.locator("#tray .tray-button:visible").count()
    if shown < choices:
        assert more.is_visible() and more.inner_text().startswith(f"+{choices - shown} more")
    if not more.is_visible():
        return
    more.click()
    assert more.get_attribute("aria-expanded") == "true"
    assert page.locator("#tray .tray-button:visible").count() == choices
    more.click()
    assert more.get_attribute("aria-expanded") == "false"
    shown = page.locator("#tray .tray-button:visible").count()
    assert shown == choices or more.inner_text().startswith(f"+{choices - shown} more")


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("table", list(TABLES))
def test_the_table_at_start_mid_game_and_end(browser, site_url, saved, size, table):
    game = TABLES[table][0]
    shots = os.environ.get("BLITZBOX_SHOTS")
    for moment in MOMENTS:
        context, page = open_position(browser, site_url, size, game, saved[table][moment])
        if shots:
            page.screenshot(path=os.path.join(shots, f"{size}-{table}-{moment}.png"))
        if size == "phone" and page.get_attribute("body", "data-over") != "1":
            dock = page.evaluate(HEIGHT, "#dock")
            assert dock <= MAX_DOCK * page.viewport_size["height"] + 1, f"{moment}: the tray is {dock:.0f} px high"
        assert page.evaluate(UNREACHABLE) == [], moment
        if table in FIRST_SIGHT:
            assert page.evaluate(IN_SIGHT, FIRST_SIGHT[table]) is None, f"{moment}: {FIRST_SIGHT[table]} not in sight"
        check_words(page)
        if table == "solo" and moment == "mid":  # a tap unfolds the solo module's reason, in words
            page.click('#board .solo [aria-expanded="false"]')
            page.wait_for_selector('#board .solo [aria-expanded="true"]')
            assert page.locator("#board .solo text", has_text="Last Axis move").count() == 1
            check_words(page)
        if moment != "start":  # the last move in words above the decision, and marked on the board
            last = page.locator("#last-move")
            assert last.is_visible() and last.inner_text().startswith("Last move:"), moment
            if size == "phone":
                check_more(page)
            # whole sentences, never cut: a headline of at most about three lines, the rest a tap away
            assert page.evaluate(HEIGHT, "#last-move") <= 70, "the last move's headline is longer than three lines"
            assert page.evaluate("(e => e.scrollWidth <= e.clientWidth + 1)(document.getElementById('last-move'))")
            if last.get_attribute("role") == "button":  # a tap shows the rest, a second hides it again
                last.click()
                assert last.get_attribute("aria-expanded") == "true" and page.locator("#last-move .rest").is_visible()
                last.click()
                assert last.get_attribute("aria-expanded") == "false"
            assert page.locator("#board .last").count() >= 1, f"{moment}: the last move is not marked"
        context.close()


# Records each cue the page asks of the synthesizer (and still plays it).
SPY = """() => { const sound = window.blitzbox.sound, play = sound.play; window.cues = [];
  sound.play = (cue, gain) => { window.cues.push(cue); return play(cue, gain); }; }"""


def test_sound_cues_follow_the_moves_and_the_switch(page, site_url, page_errors):
    page.goto(f"{site_url}/blitzkrieg.html")
    wait_ready(page)
    switch = page.locator('[data-command="sound"]')
    assert switch.is_visible() and switch.get_attribute("aria-pressed") == "true"  # quiet, on the site
    page.evaluate(SPY)
    for _ in range(2):  # a unit, then a space: a placement
        page.click("#tray [data-action], #board [data-action]")
    page.wait_for_function("document.querySelectorAll('#log li').length >= 1")
    assert "place" in page.evaluate("window.cues")
    # the synthesizer really plays once a press has woken the audio (no error, nothing refused)
    assert page.evaluate("window.blitzbox.sound.play('dice', 0.01)") is True
    switch.click()
    assert switch.get_attribute("aria-pressed") == "false"
    assert page.evaluate("localStorage.getItem('blitzbox:sound')") == "off"  # remembered
    page.evaluate("window.cues = []")
    before = page.locator("#log li").count()
    page.click("#tray [data-action], #board [data-action]")
    page.click("#tray [data-action], #board [data-action]")
    page.wait_for_function(f"document.querySelectorAll('#log li').length > {before}")
    assert page.evaluate("window.cues") == []
    assert page.input_value("#set-sound") == "off"
    assert page_errors == []


def test_sound_is_off_in_an_embed(page, site_url):
    page.goto(f"{site_url}/embed/bitskrieg.html")
    page.click("#play-button")  # an embed starts on a press
    wait_ready(page)
    assert page.get_attribute('[data-command="sound"]', "aria-pressed") == "false"
