"""The statistics page reads the local game history, shows it safely, and clears it on request."""

import json

from support import wait_ready

HISTORY = [
    {"game": "blitzkrieg", "mode": "standard", "opponent": "normal", "seats": {"axis": "human", "allies": "normal"},
     "human_seats": ["axis"], "winner": "axis", "moves": 40, "finished_at": "2026-11-30T10:00:00+00:00"},
    {"game": "fall-blau", "mode": "hard=True", "opponent": "human", "seats": {"player": "human"},
     "human_seats": ["player"], "winner": None, "moves": 90, "finished_at": "2026-11-30T11:00:00+00:00"},
    {"game": "<img src=x onerror=window.pwned=1>", "mode": "<b>x</b>", "opponent": "human", "seats": {},
     "human_seats": [], "winner": None, "moves": 1, "finished_at": "2026-11-30T12:00:00+00:00"},
]


def test_statistics_show_the_record_and_clear_it(page, site_url, off_origin, page_errors):
    page.goto(f"{site_url}/")
    page.evaluate("history => localStorage.setItem('blitzbox:history', history)", json.dumps(HISTORY))
    page.goto(f"{site_url}/stats.html")
    wait_ready(page)
    text = page.inner_text("#stats")
    assert "Blitzkrieg" in text and "Fall Blau" in text
    assert page.locator("#stats img, #stats b").count() == 0
    assert page.evaluate("window.pwned === undefined")
    page.on("dialog", lambda dialog: dialog.accept())
    page.click('[data-command="clear-stats"]')
    assert page.evaluate("localStorage.getItem('blitzbox:history')") in (None, "[]")
    assert off_origin == [] and page_errors == []


def test_a_finished_game_lands_in_the_history(page, site_url, off_origin):
    page.goto(f"{site_url}/fall-blau.html")
    wait_ready(page)
    while page.get_attribute("body", "data-over") != "1":
        page.locator("[data-action]").last.click()
    history = json.loads(page.evaluate("localStorage.getItem('blitzbox:history')"))
    assert history[-1]["game"] == "fall-blau" and history[-1]["human_seats"] == ["player"]
    assert off_origin == []


def test_a_history_that_cannot_be_read_says_so(page, site_url, off_origin, page_errors):
    page.goto(f"{site_url}/")
    page.evaluate("localStorage.setItem('blitzbox:history', '{\"not\": \"a list\"}')")
    page.goto(f"{site_url}/stats.html")
    wait_ready(page)
    text = page.inner_text("#stats")
    assert "could not be read" in text and "No finished games yet" not in text, text
    assert page.evaluate("localStorage.getItem('blitzbox:history')") == '{"not": "a list"}'  # left as it is
    assert off_origin == [] and page_errors == []
