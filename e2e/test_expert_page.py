"""The expert level in the page (issue 36): chosen in the new-game dialog, it answers within the page's
time budget, and it thinks in slices, so the page keeps drawing frames while it thinks."""

import random

import pytest

from support import wait_ready
from test_play import click_random_action

# For each spell of the bot's thinking (the body's data-thinking), the longest gap between two animation
# frames that began during it, in ms.
WATCH_FRAMES = """() => {
  window.__thinks = [];
  let last = performance.now(), thinking = false;
  const tick = (now) => {
    const gap = now - last;
    if (thinking) window.__thinks[window.__thinks.length - 1] = Math.max(window.__thinks.at(-1), gap);
    const still = document.body.dataset.thinking === '1';
    if (still && !thinking) window.__thinks.push(0);
    thinking = still;
    last = now;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}"""
REPLY_S = 6  # the page's budget is 0.8 s of thinking; the rest is a loaded CI machine and the animations
# A slice is one line of the search. At load 5 on 2 cores here the typical spell's longest gap was about
# 0.1-0.2 s (single spells reached 0.8 s in CI); an expert whose search did not yield holds the page for the
# whole budget in every spell, 0.8-0.9 s.
FROZEN_MS = 450
HUMAN_MOVES = 12


@pytest.mark.parametrize("game, human, expert", [
    ("blitzkrieg", "axis", "allies"),
    ("blitzkrieg-nippon", "japan", "germany"),
    ("bitskrieg", "blue", "red"),
])
def test_the_expert_answers_in_time_and_the_page_keeps_drawing(game, human, expert, page, site_url, off_origin,
                                                              page_errors):
    page.goto(f"{site_url}/{game}.html")
    wait_ready(page)
    page.click('[data-command="new"]')
    page.select_option(f"#seat-{human}", "human")
    page.select_option(f"#seat-{expert}", "expert")
    page.click('[data-command="start"]')
    page.evaluate(WATCH_FRAMES)
    rng, replies = random.Random(7), 0
    for _ in range(HUMAN_MOVES):
        if page.get_attribute("body", "data-over") == "1":
            break
        before = page.locator("#log li").count()
        assert click_random_action(page, rng), "the person had nothing to click"
        # the expert's reply: the person has something to click again (or the game is over)
        page.wait_for_function("() => document.body.dataset.over === '1' || "
                               "document.querySelector('[data-action]') !== null", timeout=REPLY_S * 1000)
        replies += page.locator("#log li").count() > before
    thinks = sorted(page.evaluate("() => window.__thinks"))
    # (a spell that ends within one frame is not seen: a quick answer, a forced move)
    assert replies >= HUMAN_MOVES // 2 and len(thinks) >= 3, "the expert did not play"
    typical = thinks[len(thinks) // 2]
    assert typical < FROZEN_MS, f"while the expert thought the page drew no frame for {typical:.0f} ms (median spell)"
    assert off_origin == [] and page_errors == []
