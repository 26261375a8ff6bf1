"""The expert's review of a finished game on the page (web/glue/review.py): a game is finished by clicks, its
"Review" computes (a progress bar, the page never frozen), then the chart, the words and the board with the
expert's move marked show in the replay viewer. In Chromium, and at a phone's size (390x844) in Firefox ESR
and WebKit (e2e/engines.py). With BLITZBOX_REVIEW_SHOTS set to a folder, a review of every game is
photographed there at 390x844 and 1366x768 (Chromium)."""

import json
import os
import random
from pathlib import Path

import pytest

import engines
from support import wait_until
from test_engines import SIZES, clean, play, wait_ready

from game_core import games
from game_core.engine import run_bot
from game_core.rng import Rng
from game_core.session import HUMAN, Session

# page, options, the person's seat: a game of each kind the review covers
REVIEWED = {"fall-blau": ("fall-blau", None, "player"), "bitskrieg": ("bitskrieg", None, "blue"),
            "blitzkrieg": ("blitzkrieg", None, "allies"), "nippon": ("blitzkrieg-nippon", None, "japan"),
            "solo": ("blitzkrieg", {"mode": "solo", "difficulty": "easy"}, "allies")}
# What covers the Review button's middle (said when it cannot be clicked).
COVER = """() => { const b = document.querySelector('#result [data-command="review"]'); b.scrollIntoView();
  const r = b.getBoundingClientRect(), hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return {box: [r.left, r.top, r.width, r.height].map(Math.round), hit: hit && hit.outerHTML.slice(0, 120),
          shown: getComputedStyle(b).display}; }"""
REVIEW_DONE_S = 240  # the page gives a review 15 s of its time; a shared machine's browsers are slower


def nearly_finished(key, seed=3) -> str:
    """A session save of a game played by bots up to the person's last move (the page plays it on)."""
    name, options, person = REVIEWED[key]
    game, package = games.get(name), games.package(name)
    weakest = package.opponents()[0]
    seats = {str(seat): weakest for seat in game.seats if seat != person}
    session = Session(name, seed, options, {**seats, person: HUMAN})
    level = {seat: who for seat, who in session.seats.items() if who != HUMAN}
    state, rng = session.state, Rng.from_seed(seed, "e2e")
    while not state.is_over:  # the person's moves too are the weakest bot's here
        seat = state.to_play
        state = state.apply(run_bot(package.bots[level.get(str(seat), weakest)], game, state.view(seat), rng))
    last = max(i for i, action in enumerate(state.actions) if game.replay(seed, options, state.actions[:i]).to_play == person)
    record = dict(json.loads(state.to_json()), actions=list(state.actions[:last]))
    record.pop("state")
    return Session.from_record(name, record, session.seats).to_save()


def open_with_save(driver, site_url, key, width, height):
    """The game's page with the nearly finished game, played to its end at a laptop's size (a phone's dock
    keeps some controls behind its 'more' chip), then shown at width x height."""
    name = REVIEWED[key][0]
    url = f"{site_url}/{name}.html"
    driver.set_viewport(*SIZES["laptop"])
    driver.goto(f"{site_url}/blitzbox-no-such-page")
    driver.evaluate("([key, text]) => localStorage.setItem(key, text)", [f"blitzbox:{name}:autosave", nearly_finished(key)])
    driver.goto(url)
    wait_ready(driver)
    play(driver, random.Random(5))
    assert driver.evaluate("document.body.dataset.over") == "1"
    if (width, height) == SIZES["laptop"]:
        return driver
    if isinstance(driver, engines.Chromium):  # (a new viewport there is a new context: the storage goes)
        driver.page.set_viewport_size({"width": width, "height": height})
        return driver
    driver.set_viewport(width, height)
    page = driver
    if driver.viewport_size["width"] > width:  # WebKit's window is never narrower than 447 px
        page = driver.framed(url, width, height)
    else:
        driver.goto(url)
    wait_ready(page)
    return page


def finish_and_review(page) -> None:
    assert page.evaluate("document.body.dataset.over") == "1"
    for _ in range(10):  # a busy machine's page may still be laying out the result box (the click waits 3 s)
        button = page.pick("() => document.querySelector('#result [data-command=\"review\"]')")
        if button is not None and page.click(button):
            break
    else:
        raise AssertionError(("the result box offers a review", page.evaluate(COVER)))
    wait_until(page, "document.body.dataset.reviewing === '0' && !!document.querySelector('#review-chart svg')",
             seconds=REVIEW_DONE_S)


def check_review(page) -> None:
    shown = page.evaluate("""() => ({
      caption: document.querySelector('#review-caption').textContent,
      moves: document.querySelectorAll('#review-chart [data-command^="review-move:"]').length,
      swings: [...document.querySelectorAll('#review-chart text')].map((t) => t.textContent).filter((t) => / here$/.test(t)),
      replaying: !document.querySelector('#replay-bar').hidden,
      offered: document.querySelectorAll('#board [data-action]').length,
      chartWidth: document.querySelector('#review-chart svg').getBoundingClientRect().width,
      page: document.documentElement.scrollWidth})""")
    assert shown["moves"] > 0 and shown["caption"].startswith("Move "), shown
    assert shown["replaying"] and shown["offered"] == 0, "the review is a replay: nothing on its board takes a step"
    assert all(" lost " in line or " gained " in line for line in shown["swings"]), shown["swings"]
    assert shown["chartWidth"] <= shown["page"] + 1, "the chart fits the page's width"
    target = page.pick("() => document.querySelector('#review-chart [data-command=\"review-move:0\"]')")
    assert target is not None and page.click(target)
    wait_until(page, "document.querySelector('#review-caption').textContent.startsWith('Move 1 of')")


def test_a_finished_game_is_reviewed_in_chromium(browser, site_url):
    driver = engines.Chromium(browser)
    try:
        page = open_with_save(driver, site_url, "fall-blau", *SIZES["laptop"])
        finish_and_review(page)
        check_review(page)
        kept = json.loads(page.evaluate("localStorage.getItem('blitzbox:fall-blau:review')"))
        assert kept["seat"] == "player" and kept["review"]["moves"], "the review is kept with the game's record"
        page.reload()  # the kept review opens at once
        wait_ready(page)
        button = page.pick("() => document.querySelector('#result [data-command=\"review\"]')")
        assert page.click(button)
        wait_until(page, "!!document.querySelector('#review-chart svg')", seconds=10)
        clean(page)
    finally:
        driver.close()


@pytest.mark.parametrize("engine", ["firefox", "webkit"])
def test_a_finished_game_is_reviewed_on_a_phone(engine, site_url):
    driver = {"firefox": engines.Firefox, "webkit": engines.WebKit}[engine]()
    try:
        page = open_with_save(driver, site_url, "fall-blau", *SIZES["phone"])
        finish_and_review(page)
        check_review(page)
        clean(page)
    finally:
        driver.close()


@pytest.mark.skipif(not os.environ.get("BLITZBOX_REVIEW_SHOTS"), reason="screenshots only when asked")
@pytest.mark.sampled("key", "size")
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("key", REVIEWED)
def test_screenshots_of_a_review_in_every_game(browser, site_url, key, size):
    driver = engines.Chromium(browser)
    try:
        page = open_with_save(driver, site_url, key, *SIZES[size])
        finish_and_review(page)
        check_review(page)
        page.evaluate("document.querySelector('#review').scrollIntoView()")
        folder = Path(os.environ["BLITZBOX_REVIEW_SHOTS"])
        folder.mkdir(parents=True, exist_ok=True)
        page.screenshot(folder / f"{key}-{size}.png")
    finally:
        driver.close()
