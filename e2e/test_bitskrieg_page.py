"""Bitskrieg on a 390 x 844 touch phone: the tall drawing fills the width (never zoomed, never panned
sideways) and a square, then a facing arrow, moves a tank."""

from support import TURN_TIMEOUT_S, wait_ready

MOVE, STEP, DEPLOY = "#board [data-command^='ui:to=move']", "#tray [data-action], #board [data-action]", \
    "#board [data-command^='ui:to=deploy']"
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def test_the_phone_board_fills_the_width_and_a_square_then_an_arrow_moves(browser, site_url):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(f"{site_url}/bitskrieg.html")
    wait_ready(page)
    for _ in range(200):  # the setup, by its first choices, until a tank of ours may move
        # something to press (none while the bot sets up its side), and the last press taken
        page.wait_for_function(f"""() => document.body.dataset.thinking !== '1'
            && !!document.querySelector("{MOVE}, {STEP}, {DEPLOY}")""", timeout=TURN_TIMEOUT_S * 1000)
        if page.locator(MOVE).count():
            break
        target = page.locator(STEP).first
        if not target.count():  # deploying: a square first (its facings then appear)
            target = page.locator(DEPLOY).first
        target.dispatch_event("click")
    board = page.locator("#board").bounding_box()
    svg = page.locator("#board svg").bounding_box()
    assert svg["width"] >= board["width"] - 1 and svg["width"] <= 390
    assert page.get_attribute("#board", "class") in (None, "")  # not zoomed
    moves = page.locator("#board [data-command^='ui:to=move']")
    assert moves.count()
    moves.first.dispatch_event("click")
    arrows = page.locator("#board [data-action^='move ']")
    page.wait_for_function("document.querySelectorAll(\"#board [data-action^='move ']\").length > 0")
    box = arrows.first.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44
    before = page.locator("#log li").count()
    arrows.first.dispatch_event("click")
    page.wait_for_function(f"document.querySelectorAll('#log li').length > {before}")
    context.close()


def test_quick_set_up_takes_the_picks_deployment_and_flags_in_a_few_taps(page, site_url, page_errors):
    page.goto(f"{site_url}/bitskrieg.html")
    wait_ready(page)
    page.evaluate("localStorage.clear()")
    page.reload()
    wait_ready(page)
    taps = 0
    while "move, fire" not in page.inner_text("#status") and taps < 20:
        quick = page.locator('#tray [data-command="quick-setup"]')
        if quick.count():
            quick.click()
        elif page.locator("#tray [data-action], #board [data-action]").count():  # the obstacle rolls
            page.locator("#tray [data-action], #board [data-action]").first.click()
        else:  # the bot sets up its side
            page.wait_for_function("""() => document.body.dataset.thinking !== '1' && !!document.querySelector(
                '#tray [data-command="quick-setup"], #tray [data-action], #board [data-action]')""",
                timeout=TURN_TIMEOUT_S * 1000)
            continue
        taps += 1
    assert "move, fire" in page.inner_text("#status"), page.inner_text("#status")
    assert taps <= 8, f"{taps} taps to set up"  # three rolls, then picks, deployment and flags
    assert page_errors == []
