"""Blitzkrieg! and Nippon in the page: a phone gets the tall drawing and a laptop the wide one, the unit to
place is chosen in the tray (never on the board), and the board's choices follow the tray's choice."""

import pytest

from support import wait_ready

SIZES = {
    "phone": ({"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}, 372),
    "laptop": ({"viewport": {"width": 1366, "height": 768}}, 1100),
}


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", ["blitzkrieg", "blitzkrieg-nippon"])
def test_the_drawing_fits_the_screen_and_the_tray_holds_the_units(browser, site_url, size, game):
    options, width = SIZES[size]
    context = browser.new_context(**options)
    page = context.new_page()
    page.goto(f"{site_url}/{game}.html")
    wait_ready(page)
    assert page.evaluate("document.querySelector('#board svg').viewBox.baseVal.width") == width
    assert page.locator("#board svg title").first.text_content().startswith("Blitzkrieg!")
    assert page.locator("#board [data-command^='ui:token=']").count() == 0  # the reserve is the tray's
    units = page.locator("#tray [data-command^='ui:token=']")
    assert units.count()
    pick = units.nth(units.count() - 1)  # the last kind: not the one chosen by default when there are more
    chosen = pick.get_attribute("data-command").split("=")[1]
    pick.dispatch_event("click")
    page.wait_for_function(f"document.querySelector(\"#tray [data-command='ui:token={chosen}']\")"
                           ".getAttribute('aria-pressed') === 'true'")
    targets = page.locator("#board [data-action]")
    assert targets.count() and all(a.startswith(chosen + "@") for a in
                                   (targets.nth(n).get_attribute("data-action") for n in range(targets.count())))
    context.close()
