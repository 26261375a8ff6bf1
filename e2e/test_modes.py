"""Blitzkrieg!'s three ways to play, each to the end through the new-game dialog and clicks."""

import random

import pytest

from support import wait_ready
from test_play import play_to_end


@pytest.mark.parametrize("mode, seats", [
    ("two-player", {"axis": "human", "allies": "human"}),  # hotseat on one device
    ("solo", {"allies": "human"}),  # the solo module plays the Axis
])
def test_blitzkrieg_mode_plays_to_the_end(mode, seats, page, site_url, off_origin, page_errors):
    page.goto(f"{site_url}/blitzkrieg.html")
    wait_ready(page)
    page.click('[data-command="new"]')
    page.select_option("#opt-mode", mode)
    for seat, who in seats.items():
        page.select_option(f"#seat-{seat}", who)
    page.click('[data-command="start"]')
    assert page.locator("#log li").count() == 0
    play_to_end(page, random.Random(3))
    assert off_origin == [] and page_errors == []


# Bitskrieg's hotseat is covered by the page contract tests in Python (random Bitskrieg games run to ~760 moves,
# too long for clicking in CI); its vs-AI game is played to the end in test_play.
@pytest.mark.parametrize("game, seats", [
    ("blitzkrieg-nippon", ("japan", "germany")),
])
def test_hotseat_games_play_to_the_end(game, seats, page, site_url, off_origin, page_errors):
    page.goto(f"{site_url}/{game}.html")
    wait_ready(page)
    page.click('[data-command="new"]')
    for seat in seats:
        page.select_option(f"#seat-{seat}", "human")
    page.click('[data-command="start"]')
    play_to_end(page, random.Random(5))
    assert off_origin == [] and page_errors == []
