"""Issue 16 for Fall Blau: the board from the view, rule facts from the engine, invariants that bite."""

import json
import re

import pytest

from game_core.engine import BrokenInvariant
from game_core.fall_blau import GAME, data, render, status_text, tray
from test_fall_blau_rules import dice, orders, place


def words(svg):
    """The SVG's text as one line (wrapped lines joined by spaces)."""
    return " ".join(re.sub(r"<[^>]+>", " ", svg).split())


def whole(state):
    """orders() with every event card back in a place (the scenario helper drops some)."""
    placed = state.deck + state.hand + state.discard_pile + state.in_play
    state.deck += [e for e, c in data.EVENTS.items() if e not in placed and (state.options["hard"] or not c["hard"])]
    return state


def test_a_hidden_card_never_reaches_the_board_tray_or_status():
    state = orders(("ruoff", "hoth", "paulus"), missions=True)
    state.deck = ["stug1", "dora"]  # Dora on top, face down without von Kleist
    state.mission_deck, state.missions = ["oil"], ["blitz"]
    view = json.loads(json.dumps(state.view("player")))
    assert "dora" not in json.dumps(view["state"]) and "oil" not in json.dumps(view["state"])
    for ui in ({}, {"general": "hoth", "panel": "reorg"}):
        shown = render(view, ui) + json.dumps(tray(view, ui)) + status_text(view)
        assert "Dora" not in shown and "Oil for the Reich" not in shown
        assert "Blitz" in render(view, ui)


def test_terrain_modifier_on_the_board_follows_the_rules():
    state = orders()  # Gariboldi in slot 1 ignores Mountains (Alpini); Hoth in slot 2 does not
    place(state, 2, "tuapse", 3)
    assert state.view("player")["facts"]["front"][1]["modifiers"] == {"gariboldi": 0, "hoth": 1, "paulus": 1}
    assert "Mountains, -1 to attack dice" in words(render(state.view("player"), {"general": "hoth"}))
    assert "Mountains, no attack modifier now" in words(render(state.view("player"), {"general": "gariboldi"}))
    state.in_play = ["romanian"]
    assert "Mountains, no attack modifier now" in words(render(state.view("player"), {"general": "hoth"}))


def test_counter_attack_dice_on_the_board_count_zhukov_and_chuikov():
    state = orders()
    place(state, 3, "stalingrad", 4)
    state.in_play = ["zhukov", "chuikov"]
    facts = state.view("player")["facts"]["front"][2]
    assert facts["counter_dice"] == 5 and facts["counter_hits_on"] == 2 and facts["attack_cost"] == 2
    board = words(render(state.view("player"), {"general": "paulus"}))
    assert "Counter-attacks with 5 dice, hits on 1-2" in board and "An attack costs 2 supply" in board
    assert "Paulus rolls 6 white dice" in board  # six cubes plus his fortress die, capped at six


@pytest.mark.parametrize("corrupt, rule", [
    (lambda s: s.deck.append("stuka"), "an event card is lost or doubled"),
    (lambda s: s.deck.pop(), "an event card is lost or doubled"),
    (lambda s: s.queue.append("voronezh") or place(s, 1, "voronezh", 3), "a campaign card is in two places"),
    (lambda s: setattr(s, "supply", data.MAX_SUPPLY + 1), "supply off its track"),
    (lambda s: setattr(s, "calendar", data.WINTER + 1), "the calendar is off its track"),
    (lambda s: setattr(s, "vp", -1), "negative victory points"),
    (lambda s: s.hand.extend(s.deck[-6:]) or s.deck.__delitem__(slice(-6, None)), "too many cards in hand"),
    (lambda s: place(s, 1, "astrakhan", 21), "more red cubes than the box holds"),
    (lambda s: s.generals["hoth"].update(cubes=12), "more grey cubes than the box holds"),
    (lambda s: s.generals["hoth"].update(cubes=0), "hoth is off the table"),
])
def test_check_invariants_catches_a_corrupted_position(corrupt, rule):
    state = whole(orders())
    state.check_invariants()
    corrupt(state)
    with pytest.raises(BrokenInvariant, match=re.escape(rule)):
        state.check_invariants()


def test_describe_outcome_says_what_the_dice_did():
    state = orders()
    place(state, 1, "rossosh", 2)
    after = dice(state, 1, 3, 5, 2, 2).apply("attack gariboldi 1")
    outcome = GAME.describe_outcome(state, after)
    assert "2 red cubes destroyed" in outcome and "Rossosh is captured: +1 VP" in outcome
