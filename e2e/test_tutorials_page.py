"""Learn by playing in the page: a tutorial is completed by clicking only the lit element on a phone and a
laptop, a wrong click changes nothing and says why, a lesson is left and resumed without touching the player's
game, and every tutorial of every built game (found through the registry) starts with its element on the page.

BLITZBOX_SHOTS=DIR saves screenshots of the lesson along the way (for a person to judge)."""

import json
import os
from pathlib import Path

import pytest

from game_core.tutorial import every_tutorial
from support import TURN_TIMEOUT_S, built_games, wait_ready
from test_a11y import serious_violations

SIZES = {
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "laptop": {"viewport": {"width": 1366, "height": 768}},
}
BUILT = set(built_games())
TUTORIALS = {name: t for name, t in every_tutorial().items() if t.game in BUILT}
SHOTS = os.environ.get("BLITZBOX_SHOTS")


def shot(page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"))


def progress(page) -> str:
    return page.locator("#lesson-progress").text_content()


def opacity(page, selector: str) -> float:
    return page.evaluate("(s) => parseFloat(getComputedStyle(document.querySelector(s)).opacity)", selector)


def take_step(page, selector: str) -> None:
    """Click the lit element (the one the panel names) and wait for the lesson to move on."""
    before = progress(page)
    target = page.locator(selector).first
    assert opacity(page, selector) == 1
    target.click()
    page.wait_for_function("(before) => document.querySelector('#lesson-progress').textContent !== before",
                           arg=before)
    assert page.locator("#lesson-feedback").is_hidden()


@pytest.mark.parametrize("size", list(SIZES))
def test_a_tutorial_is_completed_by_clicking_only_the_lit_element(browser, site_url, size):
    tutorial = TUTORIALS["blitzkrieg"]
    context = browser.new_context(**SIZES[size])
    page = context.new_page()
    page.goto(f"{site_url}/blitzkrieg.html?tutorial=blitzkrieg")
    wait_ready(page)
    page.wait_for_selector("body[data-lesson='blitzkrieg']")
    learner = [step for step in tutorial.steps if step.by == "learner"]
    for number, step in enumerate(learner, 1):
        assert progress(page) == f"Step {number} of {len(learner)}"
        assert page.locator("#lesson-say").text_content() == step.say
        assert step.say in page.locator("#lesson-live").text_content()  # what a screen reader hears
        # everything else is dimmed (the board's by opacity, the tray's by colour), never disabled nor hidden
        board = page.locator(f"#board [data-action]:not({step.target()})")
        if board.count():
            assert float(board.first.evaluate("n => getComputedStyle(n).opacity")) < 0.5
            assert board.first.get_attribute("aria-hidden") is None
        tray = page.locator(f"#tray [data-command]:not({step.target()})")
        if tray.count():
            assert tray.first.evaluate("n => getComputedStyle(n).borderStyle") == "dashed"
            assert tray.first.get_attribute("aria-hidden") is None and not tray.first.is_disabled()
        if number in (1, 2, len(learner)):
            shot(page, f"blitzkrieg-{size}-step{number}")
        take_step(page, step.target())
    assert progress(page) == "Finished"
    assert page.locator("#lesson-real").is_visible()
    assert page.locator("#lesson-later a").count() == len(tutorial.later)
    shot(page, f"blitzkrieg-{size}-end")
    page.locator("#lesson-real").click()  # "Play a real game" at the suggested level
    page.wait_for_selector("body:not([data-lesson])")
    saved = json.loads(page.evaluate("localStorage.getItem('blitzbox:blitzkrieg:autosave')"))
    assert saved["seats"] == {"axis": "human", "allies": tutorial.level} and saved["record"]["actions"] == []
    context.close()


def test_a_wrong_click_changes_nothing_and_says_why(browser, site_url):
    context = browser.new_context(**SIZES["laptop"], bypass_csp=True)  # bypass: to inject axe-core
    page = context.new_page()
    page.goto(f"{site_url}/blitzkrieg.html?tutorial=blitzkrieg")
    wait_ready(page)
    take_step(page, TUTORIALS["blitzkrieg"].steps[0].target())  # the army (3) chosen: its spaces are lit
    board = page.locator("#board").inner_html()
    page.locator('#board [data-action="A3@EE1.1"]').click()  # legal, but not the lesson's move
    feedback = page.locator("#lesson-feedback")
    feedback.wait_for()
    assert "legal move" in feedback.text_content() and progress(page) == "Step 2 of 9"
    page.locator('#tray [data-command="ui:token=N1"]').click()  # another unit: not now either
    page.wait_for_function("document.querySelector('#lesson-feedback').textContent.startsWith('Not now')")
    assert page.locator("#board").inner_html() == board and page.locator("#log li").count() == 0
    page.evaluate("() => ['tray-more', 'tray-more', 'last-move'].forEach(id => document.getElementById(id).click())")
    assert page.get_attribute("body", "data-lesson") is not None, "a click on the dock's controls left the lesson"
    shot(page, "blitzkrieg-laptop-wrong-click")
    violations = serious_violations(page)  # the lesson's panel, dimmed controls and lit target included
    assert violations == [], violations
    context.close()


def test_a_lesson_is_left_and_resumed_and_the_players_game_is_untouched(browser, site_url):
    context = browser.new_context(**SIZES["laptop"])
    page = context.new_page()
    page.goto(f"{site_url}/blitzkrieg.html")
    wait_ready(page)
    assert page.locator("#lesson-offer").is_visible()  # a first visit offers the tutorials
    # The player's own game: a move (a space's effect may ask the player one more thing first), and the
    # bot's reply. The seed is random: click whatever the player is offered until the log has both.
    for _ in range(200):
        if page.locator("#log li").count() >= 2:
            break
        offered = page.locator("#board [data-action], #tray [data-action]")
        if offered.count():
            offered.first.click()
        # the bot's reply, or a step the player is offered (the move may ask one more thing first)
        page.wait_for_function("""() => document.querySelectorAll('#log li').length >= 2 || (document.body.dataset
            .thinking !== '1' && !!document.querySelector('#board [data-action], #tray [data-action]'))""",
            timeout=TURN_TIMEOUT_S * 1000)
    assert page.locator("#log li").count() >= 2, "the bot never replied"
    page.wait_for_function("localStorage.getItem('blitzbox:blitzkrieg:autosave:over') === '0'")
    page.wait_for_function("document.body.getAttribute('data-ready') === '1' && !document.querySelector('#status')"
                           ".textContent.includes('thinking')")
    mine = page.evaluate("localStorage.getItem('blitzbox:blitzkrieg:autosave')")
    assert page.locator("#lesson-offer").is_hidden()  # the player chose to play: the offer gave the dock back
    if not page.locator("#how-to-play[open]").count():
        page.locator("#how-to-play summary").click()
    page.locator('#lesson-choices [data-command="tutorial:start:blitzkrieg"]').click()  # the lesson, mid-game
    page.wait_for_selector("body[data-lesson='blitzkrieg']")
    steps = TUTORIALS["blitzkrieg"].steps
    take_step(page, steps[0].target())
    take_step(page, steps[1].target())
    assert page.evaluate("localStorage.getItem('blitzbox:blitzkrieg:autosave')") == mine
    page.locator('[data-command="tutorial:leave"]').click()
    page.wait_for_selector("body:not([data-lesson])")
    assert page.locator("#log li").count() >= 2  # the player's game is back as it was
    page.reload()
    wait_ready(page)
    assert page.evaluate("localStorage.getItem('blitzbox:blitzkrieg:autosave')") == mine
    assert page.locator("#lesson-offer").is_hidden() and page.locator("body[data-lesson]").count() == 0
    resume = page.locator('#lesson-choices [data-command="tutorial:start:blitzkrieg"]')
    assert "step 3 of 9" in resume.text_content()
    if not page.locator("#how-to-play[open]").count():
        page.locator("#how-to-play summary").click()
    resume.click()
    page.wait_for_selector("body[data-lesson='blitzkrieg']")
    assert progress(page) == "Step 3 of 9" and page.locator("#lesson-say").text_content() == steps[3].say
    page.locator('[data-command="tutorial:skip"]').click()  # skipped: straight to the end
    page.wait_for_function("document.querySelector('#lesson-progress').textContent === 'Finished'")
    context.close()


def test_every_tutorial_starts_with_its_first_element_on_the_page(browser, site_url):
    assert {"blitzkrieg", "blitzkrieg-solo", "blitzkrieg-nippon"} <= set(TUTORIALS)
    context = browser.new_context(**SIZES["phone"])
    page = context.new_page()
    for name, tutorial in TUTORIALS.items():
        page.goto(f"{site_url}/{tutorial.game}.html?tutorial={name}")
        wait_ready(page)
        page.wait_for_selector(f"body[data-lesson='{name}']")
        first = next(step for step in tutorial.steps if step.by == "learner")
        assert page.locator("#lesson-say").text_content() == first.say
        assert page.locator(first.target()).count() >= 1, f"{name}: nothing to click for {first.target()}"
        shot(page, f"{name}-phone-start")
    context.close()


@pytest.mark.sampled("name", "size")
@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("name", [name for name in TUTORIALS if name != "blitzkrieg"])  # (that one: above)
def test_every_tutorial_is_completed_by_clicking_only_the_lit_element(browser, site_url, name, size):
    tutorial = TUTORIALS[name]
    context = browser.new_context(**SIZES[size])
    page = context.new_page()
    page.goto(f"{site_url}/{tutorial.game}.html?tutorial={name}")
    wait_ready(page)
    page.wait_for_selector(f"body[data-lesson='{name}']")
    learner = [step for step in tutorial.steps if step.by == "learner"]
    for number, step in enumerate(learner, 1):
        assert progress(page) == f"Step {number} of {len(learner)}"
        take_step(page, step.target())
    assert progress(page) == "Finished" and page.locator("#lesson-real").is_visible()
    context.close()
