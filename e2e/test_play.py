"""Play every built game to the end in a real Chromium, by clicking data-action elements only."""

import json
import random

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from support import FAST_BOTS, OFFERS_A_STEP, TURN_TIMEOUT_S, built_games, wait_ready

GAMES = built_games()
MAX_CLICKS = 3000


def click_random_action(page, rng) -> bool:
    """Click one enabled data-action element; False when there is none right now.

    In a real-time game the board redraws as bots act, so the chosen element may be gone by the
    time of the click: that counts as no click, and the caller tries again. In hotseat the curtain's
    "I am ready" button is pressed first, as the person taking the device would."""
    if page.locator("#curtain").is_visible():
        page.click('#curtain [data-command="reveal"]')
        return True
    count = page.locator("[data-action]").count()
    if count == 0:
        return False
    try:
        page.locator("[data-action]").nth(rng.randrange(count)).click(timeout=3000)
    except PlaywrightTimeout:
        return False
    return True


def play_to_end(page, rng, max_clicks=MAX_CLICKS, max_waits=6000, click=click_random_action):
    clicks = waits = 0
    while page.get_attribute("body", "data-over") != "1":
        assert clicks < max_clicks, "the game did not end"
        if click(page, rng):
            clicks += 1
        else:
            waits += 1
            assert waits < max_waits, "nothing to click: the game is stuck"
            try:  # a bot is thinking
                page.wait_for_function(OFFERS_A_STEP, timeout=TURN_TIMEOUT_S * 1000)
            except PlaywrightTimeout:
                raise AssertionError("nothing to click for five minutes: the game is stuck") from None
    return clicks


@pytest.mark.parametrize("game", GAMES)
def test_game_plays_to_the_end_with_nothing_off_origin(game, page, site_url, off_origin, page_errors):
    page.goto(f"{site_url}/{game}.html")
    assert page.locator("#board svg").count() == 1, "the board skeleton is in the page before Python starts"
    wait_ready(page)
    page.evaluate(FAST_BOTS)
    assert page.get_attribute("body", "data-game") == game
    clicks = play_to_end(page, random.Random(7))
    assert clicks > 0
    assert page.locator("#result").is_visible()
    assert off_origin == [], f"requests left the site: {off_origin}"
    assert page_errors == []


@pytest.mark.parametrize("game", GAMES)
def test_reload_mid_game_resumes_the_same_position(game, page, site_url, off_origin, page_errors):
    page.goto(f"{site_url}/{game}.html")
    wait_ready(page)
    rng = random.Random(11)
    for _ in range(12):
        if page.get_attribute("body", "data-over") == "1":
            break
        if not click_random_action(page, rng):  # a bot is thinking
            page.wait_for_function(OFFERS_A_STEP, timeout=TURN_TIMEOUT_S * 1000)
    page.wait_for_function(f"JSON.parse(localStorage.getItem('blitzbox:{game}:autosave'))?.record.actions.length > 0")
    saved = json.loads(page.evaluate(f"localStorage.getItem('blitzbox:{game}:autosave')"))["record"]
    assert saved["actions"], "the game autosaved its moves"
    page.reload()
    wait_ready(page)
    # The same game goes on from where it was (a bot may already have moved again since).
    resumed = json.loads(page.evaluate(f"localStorage.getItem('blitzbox:{game}:autosave')"))["record"]
    assert resumed["seed"] == saved["seed"] and resumed["actions"][:len(saved["actions"])] == saved["actions"]
    assert page.locator("#log li").count() >= len(saved["actions"])
    assert off_origin == [] and page_errors == []


@pytest.mark.parametrize("game", GAMES)
def test_a_corrupt_save_is_refused_kept_aside_and_explained(game, page, site_url, off_origin):
    page.goto(f"{site_url}/{game}.html")
    wait_ready(page)
    broken = f'{{"format":"blitzbox-session","version":1,"game":"{game}","record":{{"broken":1}}}}'
    # written as the reload starts, before the page's scripts (in Blitzed! the bots' clock may autosave any time)
    page.add_init_script(f"""if (!sessionStorage.getItem('broken')) {{ sessionStorage.setItem('broken', '1');
        localStorage.setItem({json.dumps(f"blitzbox:{game}:autosave")}, {json.dumps(broken)}); }}""")
    page.reload()
    wait_ready(page)
    assert "could not be resumed" in page.inner_text("#message")
    # A copy is kept aside at once under a key of its own; the autosave key holds it until the new game's
    # first move replaces it (in Blitzed! the bots may have pressed Ready already).
    def kept():
        return page.evaluate(f"""Object.keys(localStorage).filter(k => k.startsWith('blitzbox:{game}:kept:'))
                                 .map(k => localStorage.getItem(k))""")
    assert kept() == [broken]
    page.locator("[data-action]:visible").first.click()
    assert kept() == [broken]
    assert page.evaluate(f"localStorage.getItem('blitzbox:{game}:autosave')") != broken
    assert off_origin == []
