"""Blitzed! boards drawn from a seat's view (issue 16): facts from the engine, secrets kept."""

import json
import re

from game_core.blitzed import GAME, render, status_text
from game_core.lab import bot_turn
from game_core.rng import Rng
from game_core.session import Session

PARTS = ({}, {"part": "table", "interactive": False}, {"part": "controls", "keys": {"roll": "q"}})


def positions(seed=3, players=4, every=7):
    """Positions of a bot game (every few actions), through every phase to the end."""
    levels = {seat: "normal" for seat in GAME.seats[:players]}
    state, rng, seen = GAME.new_game(seed, {"players": players, **levels}), Rng.from_seed(seed, "view"), []
    while not state.is_over:
        for action in bot_turn(GAME, state, levels, rng):
            state = state.apply(action)
            if len(state.actions) % every == 0 or state.phase != "roll":
                seen.append(state)
    return seen + [state]


def test_the_svg_is_the_same_after_a_json_round_trip_of_the_view():
    for state in positions()[::5]:
        for seat in (None, *state.seats):
            view = state.view(seat)
            again = json.loads(json.dumps(view))
            for ui in PARTS:
                assert render(view, ui) == render(again, ui)
            assert status_text(view) == status_text(again)


def test_the_deck_order_reaches_no_seat_s_svg():
    state = GAME.new_game(5, {"players": 5})
    on_table = set(state.cards) | set(state.discard)
    secret = next(card for card in ("T23", "T22", "T20") if card not in on_table)
    state.deck.remove(secret)
    state.deck.append(secret)  # the next card to be dealt: a secret of the deck
    for seat in (None, *state.seats):
        view = state.view(seat)
        assert secret not in json.dumps(view)
        for ui in PARTS:
            assert secret not in render(view, ui)


def test_who_holds_a_card_and_which_cards_a_seat_s_dice_make_come_from_the_facts():
    state = GAME.new_game(2, {"players": 3})
    for seat in state.seats:
        state = state.apply(f"{seat} ready")
    view = state.view("p1")
    card = view["facts"]["slots"][0]["card"]
    assert 'class="thunder' not in render(view, {}) and "your dice make it!" not in render(view, {})
    view["facts"]["slots"][0]["holder"] = "p3"  # the renderer believes the engine, and works nothing out
    view["facts"]["makes"]["p1"] = [card]
    svg = render(view, {})
    assert re.search(r'class="thunder[^"]*" data-seat="p3" data-card="%s"' % card, svg)
    assert "your dice make it!" in svg


def test_each_person_in_a_hotseat_game_has_a_panel_named_by_their_colour():
    session = Session("blitzed", 2, {"players": 3, "p2": "human", "p3": "easy"})
    svg = session.board_svg()
    assert "(you)" not in svg
    assert 'aria-label="Blitzed! controls for Red"' in svg and 'aria-label="Blitzed! controls for Blue"' in svg
