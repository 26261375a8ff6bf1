"""Blitzkrieg!'s three ways to play, each to the end through the new-game dialog and clicks."""

import json
import random

import pytest

from support import wait_ready
from test_play import click_random_action, play_to_end


@pytest.mark.parametrize("mode, seats", [
    ("two-player", {"axis": "human", "allies": "human"}),  # hotseat on one device
    ("solo", {}),  # the solo module plays the Axis and a person the Allies: the dialog asks no seat
])
def test_blitzkrieg_mode_plays_to_the_end(mode, seats, page, site_url, off_origin, page_errors):
    page.goto(f"{site_url}/blitzkrieg.html")
    wait_ready(page)
    page.click('[data-command="new"]')
    page.select_option("#opt-mode", mode)
    # Solo difficulty is asked only in solo mode, and the seats only when the mode leaves them open.
    assert page.locator("#opt-difficulty").is_visible() == (mode == "solo")
    assert page.locator("#seat-allies").is_visible() == (mode != "solo")
    for seat, who in seats.items():
        page.select_option(f"#seat-{seat}", who)
    page.click('[data-command="start"]')
    assert page.locator("#log li").count() == 0
    play_to_end(page, random.Random(3))
    assert off_origin == [] and page_errors == []


def click_aggressively(page, rng) -> bool:
    """Like a player who shoots whenever they can (4 times in 5): random Bitskrieg games otherwise run to
    ~760 moves, too long for clicking in CI; with shots first they end in a few hundred."""
    shots = page.locator('[data-action^="fire"], [data-action^="ram"]')
    if shots.count() and rng.random() < 0.8:
        shots.nth(rng.randrange(shots.count())).click()
        return True
    return click_random_action(page, rng)


@pytest.mark.parametrize("game, seats", [
    ("blitzkrieg-nippon", ("japan", "germany")),
    ("bitskrieg", ("blue", "red")),
])
def test_hotseat_games_play_to_the_end(game, seats, page, site_url, off_origin, page_errors):
    page.goto(f"{site_url}/{game}.html")
    wait_ready(page)
    page.click('[data-command="new"]')
    for seat in seats:
        page.select_option(f"#seat-{seat}", "human")
    page.click('[data-command="start"]')
    play_to_end(page, random.Random(5), click=click_aggressively)
    assert page.locator("#result").is_visible()
    assert off_origin == [] and page_errors == []


def test_blitzed_seats_chosen_in_the_dialog_two_people_and_a_bot_play_to_the_end(page, site_url, off_origin,
                                                                                   page_errors):
    page.goto(f"{site_url}/blitzed.html")
    wait_ready(page)
    page.click('[data-command="new"]')
    assert page.locator("#opt-p4").is_visible() and not page.locator("#opt-p5").is_visible()  # 4 players
    page.fill("#opt-players", "3")
    assert not page.locator("#opt-p4").is_visible()  # only the seats that play are asked about
    page.fill("#opt-players", "5")
    assert page.locator("#opt-p5").is_visible()
    page.fill("#opt-players", "3")
    page.select_option("#opt-p2", "human")
    page.select_option("#opt-p3", "easy")
    page.click('[data-command="start"]')
    wait_ready(page)
    assert page.locator('#board [data-action^="p1 "]').count() > 0  # each person has their own controls
    assert page.locator('#board [data-action^="p2 "]').count() > 0
    assert page.locator('#board [data-action^="p3 "]').count() == 0  # the bot's seat has none
    play_to_end(page, random.Random(9))
    history = json.loads(page.evaluate("localStorage.getItem('blitzbox:history')"))
    assert history[-1]["seats"] == {"p1": "human", "p2": "human", "p3": "easy"}
    assert off_origin == [] and page_errors == []
