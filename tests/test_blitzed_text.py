"""Blitzed! in the terminal (issue 18): a readable table and explained, grouped moves."""

import re

from game_core.blitzed import GAME, action_menu, text_board
from test_blitzed_rules import cards, started, with_dice


def test_the_text_board_names_cards_values_holders_and_dice_without_internal_ids():
    state = with_dice(cards(started(4), "T1", "T2", "T3"), p1=[5, 4, 2], p2=[6, 3, 4])
    state.kept["p1"] = [True, False, False]
    state = state.apply("p2 claim T2")
    board = text_board(state.view("p1"))
    assert re.search(r"1\.\s+\+1\s+sum 11\s*\n", board)
    assert re.search(r"2\.\s+0\s+3-4-6\s+Blue's thunder card", board)
    assert "\u22122  (for the player left over)" in board
    assert re.search(r"Red \(you\)\s+8\s+\[5\] 4 2", board) and "Legend: [n] a die set aside" in board
    assert "Your dice make sum 11: thunder!" in board
    assert not re.search(r"\bT\d+\b|\bp\d\b|epoch|clock", board)


def test_the_scored_round_is_on_the_text_board_while_players_get_ready():
    state = with_dice(cards(started(3), "T1", "T2"), p1=[5, 4, 2], p2=[6, 3, 4])
    state = state.apply("p1 claim T1").apply("p2 claim T2")
    board = text_board(state.view("p3"))
    assert "Round 1 scored:\n  Red made sum 11 (5, 4 and 2) on the +1 card: gains 1 bolt (9 now)" in board
    assert "getting ready" in board


def test_every_legal_move_is_listed_once_with_what_it_does():
    state = with_dice(cards(started(4), "T1", "T2", "T3"), p1=[5, 4, 2])
    view = state.view("p1")
    menu = action_menu(view)
    listed = [action for _, items in menu for action, _ in items]
    assert sorted(listed) == sorted(view["legal_actions"])
    explained = dict(item for _, items in menu for item in items)
    assert explained["p1 claim T1"] == "claim sum 11 for +1 (your dice make it)"
    assert explained["p1 claim T2"].endswith("(your dice do not make it: a misclaim costs 2)")
    assert explained["p1 keep 1,3"] == "set aside the 5 (die 1) and the 2 (die 3), roll the rest"
    assert explained["p1 roll"] == "roll your three dice"
    assert [heading for heading, _ in menu] == ["Thunder", "Dice", "Set dice aside"]
    ready = GAME.new_game(1, {"players": 3}).view("p2")
    assert action_menu(ready) == [("Round", [("p2 ready", "you have read the task cards: start the race")])]
