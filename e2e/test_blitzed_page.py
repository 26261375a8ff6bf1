"""Blitzed! in the browser (issue 17): on a phone the race is drawn for the width and every choice is on
screen; on a shared device each person's panel is on screen without scrolling."""

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from support import TURN_TIMEOUT_S, wait_ready

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
LAPTOP = {"viewport": {"width": 1366, "height": 768}}
# How long a press lasts (a person's, from the finger or button going down to its release), and how long the
# table is watched while one lasts; the page holds its redraws for 700 ms of a press at most.
PRESS_MS, HELD_MS = 100, 150
# Every visible data-action (board and tray) with its box on the screen.
TARGETS = """() => [...document.querySelectorAll('#board [data-action], #tray [data-action]')]
  .filter(e => e.getClientRects().length)
  .map(e => { const b = e.getBoundingClientRect();
              return {action: e.getAttribute('data-action'), top: b.top, bottom: b.bottom, left: b.left,
                      right: b.right}; })"""


def start_race(page, site_url, people=1):
    page.goto(f"{site_url}/blitzed.html")
    wait_ready(page)
    if people > 1:
        if page.locator(".menu-toggle").is_visible():
            page.click(".menu-toggle")
        page.click('[data-command="new"]')
        page.fill("#opt-players", "4")
        for seat in ("p2", "p3")[:people - 1]:
            page.select_option(f"#opt-{seat}", "human")
        page.click('[data-command="start"]')
        wait_ready(page)
    for seat in ("p1", "p2", "p3")[:people]:
        page.locator(f'[data-action="{seat} ready"]').dispatch_event("click")
    page.wait_for_selector('[data-action="p1 roll"]')
    page.locator('[data-action="p1 roll"]').dispatch_event("click")
    page.wait_for_selector('#board [data-action="p1 keep 1"]')


def on_screen(page, targets):
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    return [t["action"] for t in targets if t["top"] < 0 or t["bottom"] > height or t["left"] < 0 or t["right"] > width]


def test_a_phone_draws_the_race_for_its_width_with_every_choice_on_screen(browser, site_url):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    start_race(page, site_url)
    # One evaluate: the race redraws the board between Playwright calls (a box asked of a replaced node is None).
    width = page.evaluate("document.querySelector('#board svg').getBoundingClientRect().width")
    assert width >= 360  # the phone drawing, not a laptop one shrunk or zoomed
    assert page.locator("#board.zoomed").count() == 0
    targets = page.evaluate(TARGETS)
    mine = [t for t in targets if t["action"].startswith("p1 ")]
    assert {"p1 roll", "p1 keep 1"} <= {t["action"] for t in mine}
    assert any(" claim " in t["action"] for t in mine)
    assert on_screen(page, mine) == []  # the dice, the cards to claim and Roll, without scrolling
    # a race has no hint: no Hint button takes the dock's width (in the dock or the menu)
    assert page.locator('[data-command="hint"]').count() == 2
    assert page.locator('[data-command="hint"]:not([hidden])').count() == 0
    context.close()


@pytest.mark.parametrize("size, people", [("phone", 2), ("laptop", 3)])
def test_each_person_at_a_shared_device_has_their_panel_on_screen(browser, site_url, size, people):
    context = browser.new_context(**(PHONE if size == "phone" else LAPTOP))
    page = context.new_page()
    start_race(page, site_url, people)
    assert page.locator("#tray [data-action]").count() == 0  # each person's controls are in their panel
    panels = page.locator("#board svg .controls")
    assert panels.count() == people
    if size == "phone":  # the phone's drawings (this needs Session.board_svg to pass ui["narrow"] to each part)
        boxes = [svg.get_attribute("viewBox") for svg in page.locator("#board > svg").all()]
        assert all(box.startswith("0 0 380 ") for box in boxes), boxes
    height = page.viewport_size["height"]
    for index in range(people):
        box = panels.nth(index).bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= height, f"panel {index + 1} off screen: {box}"
    context.close()


# Where each press began (pointerdown) and was let go (pointerup), and what its click reached: the action
# of the element under it (null: no target). A redraw that replaced the element would lose the click even
# though both ends of the press are on the same action.
COUNT_CLICKS = """() => { window.began = []; window.ended = []; window.reached = [];
  const action = (e) => { const target = e.target.closest && e.target.closest('[data-action]');
    return target ? target.getAttribute('data-action') : null; };
  document.addEventListener('pointerdown', (e) => window.began.push(action(e)), true);
  document.addEventListener('pointerup', (e) => window.ended.push(action(e)), true);
  document.addEventListener('click', (e) => window.reached.push(action(e)), true); }"""
# A random visible target's action and centre, picked in the page (the race redraws between calls).
PICK = """(seed) => { const all = [...document.querySelectorAll('#board [data-action], #tray [data-action]')]
  .filter(e => !e.hasAttribute('disabled')).map(e => [e, e.getBoundingClientRect()])
  .filter(([e, b]) => b.width > 8 && b.height > 8 && b.top >= 0 && b.bottom <= innerHeight && b.left >= 0 && b.right <= innerWidth);
  if (!all.length) return null;
  const [e, b] = all[seed % all.length];
  return {action: e.getAttribute('data-action'), x: b.left + b.width / 2, y: b.top + b.height / 2}; }"""


# Whether an action is still on the table after a press (its element, the same one or not).
STILL_OFFERED = "(action) => !!document.querySelector(`[data-action=\"${CSS.escape(action)}\"]`)"


@pytest.mark.parametrize("pointer", ["mouse", "touch"])
def test_every_press_during_a_race_reaches_its_target(browser, site_url, pointer):
    context = browser.new_context(**(PHONE if pointer == "touch" else LAPTOP))
    page = context.new_page()
    touch = context.new_cdp_session(page) if pointer == "touch" else None
    pressed = reached = 0
    for seed in range(1200):
        if pressed == 100:
            break
        if seed == 0 or page.get_attribute("body", "data-over") == "1":
            if seed:  # a race may end before 100 presses (the bots won it): a new one, not the finished one resumed
                page.evaluate("localStorage.clear()")
            start_race(page, site_url)
            page.evaluate(COUNT_CLICKS)
        # a target on the screen (none while the race is between rounds)
        target = page.wait_for_function(f"({PICK})({seed * 7919})", timeout=TURN_TIMEOUT_S * 1000).json_value()
        point = {"x": target["x"], "y": target["y"]}
        clicks_before, presses_before = page.evaluate("[window.reached.length, window.began.length]")  # (= ended)
        if touch:
            touch.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
            page.wait_for_timeout(PRESS_MS)
            touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        else:
            page.mouse.move(**point)
            page.mouse.down()
            page.wait_for_timeout(PRESS_MS)
            page.mouse.up()
        try:  # the press ended and its click came (a tap's click comes after the touch ends)
            page.wait_for_function(f"window.ended.length > {presses_before} && window.reached.length > {clicks_before}",
                                   timeout=2000)
        except PlaywrightTimeout:
            pass  # no click at all: counted below as not reached
        began, ended, got = page.evaluate(f"[window.began.slice({presses_before}), "
                                          f"window.ended.slice({presses_before}), window.reached.slice({clicks_before})]")
        if target["action"] not in began or target["action"] not in ended:
            continue  # the table moved between the pick and the press: the press never was on its target
        if target["action"] not in got and not page.evaluate(STILL_OFFERED, target["action"]):
            continue  # the race took it away meanwhile (a bot claimed the card): no press could reach it
        pressed += 1
        reached += target["action"] in got
    assert pressed == 100, f"only {pressed} presses could be made"
    # The page holds the table still while a press lasts (drawing.watch_presses): without it a redraw moved
    # or re-made the pressed element now and then, and 3-5 presses in 100 were lost under CI's load.
    assert reached >= 99, f"{pressed - reached} of {pressed} presses never reached their target"
    context.close()


def test_a_target_stays_the_same_element_across_redraws(browser, site_url):
    context = browser.new_context(**LAPTOP)
    page = context.new_page()
    start_race(page, site_url)
    page.evaluate("document.querySelector('#board [data-action=\"p1 keep 1\"]').marked = true")
    redraws = page.evaluate("""() => new Promise((done) => { let count = 0;
      new MutationObserver(() => count++).observe(document.getElementById('board'), {subtree: true, childList: true, attributes: true});
      setTimeout(() => done(count), 1500); })""")
    assert redraws > 0
    assert page.evaluate("document.querySelector('#board [data-action=\"p1 keep 1\"]').marked") is True
    context.close()


def test_a_redraw_keeps_the_nodes_after_a_target_that_went_away(browser, site_url):
    """The redraws that lost a die in CI: a claim target went away as a thunder card came in, and every
    unkeyed node after it was made again, the group holding the dice among them; or its label went too,
    and the group found a label in its place."""
    context = browser.new_context(**LAPTOP)
    page = context.new_page()
    page.goto(f"{site_url}/blitzed.html")
    wait_ready(page)
    kept = page.evaluate("""() => {
      const host = document.createElement('div');
      host.innerHTML = '<p data-action="a"></p><p data-action="b"></p><i>x</i><i>gone</i><b><span data-action="die"></span></b><u></u>';
      const old = [...host.childNodes].filter((node) => node.textContent !== 'gone' && !node.matches('[data-action="a"]'));
      const die = host.querySelector('[data-action="die"]');
      window.blitzbox.morph(host, '<i>y</i><p data-piece="new"></p><p data-action="b"></p><b><span data-action="die"></span></b><u></u>');
      return [host.innerHTML, ...old.map((node) => host.contains(node)), host.contains(die)];
    }""")
    assert kept == ['<i>y</i><p data-piece="new"></p><p data-action="b"></p><b><span data-action="die"></span></b><u></u>',
                    True, True, True, True, True]
    context.close()


def test_the_table_holds_still_while_a_press_lasts_and_then_catches_up(browser, site_url):
    """A redraw in the middle of a press re-made the pressed die for its roll animation (or moved it), and the
    browser then sent the click elsewhere. Here the redraw is forced: the player's own Roll key, pressed while
    the mouse holds die 1 down."""
    context = browser.new_context(**LAPTOP)
    page = context.new_page()
    start_race(page, site_url)
    page.evaluate(COUNT_CLICKS)
    die = '#board [data-action="p1 keep 1"]'
    roll_key = page.get_attribute('[data-action="p1 roll"][data-key]', "data-key")  # in the tray
    page.evaluate(f"""() => {{ window.changes = 0; new MutationObserver((records) => window.changes += records.length)
        .observe(document.getElementById('board'), {{subtree: true, childList: true, attributes: true, characterData: true}});
      // Counted from the press on, and the die marked as it is pressed: a bot's move or the last roll's animation
      // before the press is drawn at once (and may make the die again).
      document.addEventListener('pointerdown', () => {{ window.changes = 0; document.querySelector('{die}').marked = true; }},
                                {{capture: true, once: true}}); }}""")
    centre = page.evaluate(f"(() => {{ const b = document.querySelector('{die}').getBoundingClientRect(); "
                           "return {x: b.left + b.width / 2, y: b.top + b.height / 2}; })()")
    page.mouse.move(**centre)
    page.mouse.down()
    page.keyboard.press(roll_key)  # taken at once, drawn when the press ends
    page.wait_for_timeout(HELD_MS)  # the press goes on (no redraw may come meanwhile)
    held = page.evaluate(f"[window.changes, document.querySelector('{die}').marked === true]")
    page.mouse.up()
    assert held == [0, True], "the table was redrawn under the press"
    assert "p1 keep 1" in page.evaluate("window.reached")
    page.wait_for_function("window.changes > 0")  # the roll and the kept die, drawn now
    context.close()
