"""The expert level in the page (issue 36): chosen in the new-game dialog, it answers, and it thinks in slices,
so the page keeps drawing frames while it thinks (its time budget is bench/think_time.py's to measure)."""

import random

import pytest

from support import TURN_TIMEOUT_S, wait_ready
from test_play import click_random_action

# For each spell of the bot's thinking (the body's data-thinking), how many animation frames the page drew
# during it. A search that thinks in slices lets the page draw between them, however loaded the machine; one
# that does not yield holds the page for the whole spell, which then shows one frame at most (or none).
WATCH_FRAMES = """() => {
  window.__thinks = [];
  let thinking = false;
  const tick = () => {
    const still = document.body.dataset.thinking === '1';
    if (still && !thinking) window.__thinks.push(0);
    if (still) window.__thinks[window.__thinks.length - 1] += 1;
    thinking = still;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}"""
HUMAN_MOVES = 12


@pytest.mark.parametrize("game, human, expert", [
    ("blitzkrieg", "axis", "allies"),
    ("blitzkrieg-nippon", "japan", "germany"),
    ("bitskrieg", "blue", "red"),
])
def test_the_expert_answers_and_the_page_keeps_drawing_while_it_thinks(game, human, expert, page, site_url, off_origin,
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
                               "document.querySelector('[data-action]') !== null", timeout=TURN_TIMEOUT_S * 1000)
        replies += page.locator("#log li").count() > before
    thinks = sorted(page.evaluate("() => window.__thinks"))
    # (a spell that ends within one frame is not seen: a quick answer, a forced move)
    assert replies >= HUMAN_MOVES // 2 and len(thinks) >= 3, "the expert did not play"
    typical = thinks[len(thinks) // 2]
    assert typical >= 3, f"while the expert thought the page drew {typical} frames (median spell): it did not yield"
    assert off_origin == [] and page_errors == []
