"""Blitzkrieg! and Nippon for the terminal and the page's tray: text_board, action_menu and tray, from views."""

import json
import re

from game_core.blitzkrieg import GAME, GAMES, action_menu, text_board, tray
from game_core.rng import Rng

NIPPON_GAME = GAMES[0]


def play_through(game, seed, options=None):
    """A whole game where each move is picked from the menu; yields every (view, menu, board)."""
    state, rng = game.new_game(seed, options), Rng(seed)
    while not state.is_over:
        view = json.loads(json.dumps(state.view(state.to_play)))
        menu = action_menu(view)
        yield view, menu, text_board(view)
        state = state.apply(rng.choice([action for _, entries in menu for action, _ in entries]))
    yield json.loads(json.dumps(state.view(None))), [], text_board(state.view(None))


def test_the_menu_lists_every_legal_move_once_explained_and_the_board_shows_no_internal_ids():
    for game, options in ((GAME, None), (GAME, {"mode": "solo"}), (NIPPON_GAME, None)):
        for view, menu, board in play_through(game, 5, options):
            listed = [action for _, entries in menu for action, _ in entries]
            assert sorted(listed) == sorted(view.get("legal_actions", []))
            assert all(words for _, entries in menu for _, words in entries)
            assert not re.search(r"\w+:\w+#\d", board)  # no token ids
            assert "queue" not in board and "fx_pending" not in board
        assert "win" in board.splitlines()[1]  # the verdict


def test_the_board_names_spaces_effects_campaign_vp_and_the_track():
    state = GAME.new_game(2)
    board = text_board(state.view("axis"))
    assert "Western Europe: marker in the centre   AL ····*····*····O····*····*···· AX" in board
    assert "  campaign 3 (5 VP) [later]" in board
    assert "    WE3.2   land     strategic advantage 3" in board
    assert "Allies reserve: 3 hidden" in board and "Legend:" in board


def test_placement_menu_groups_by_unit_with_what_it_does():
    state = GAME.new_game(2)
    state.reserves["axis"] = ["axis:GEN#1"]
    menu = action_menu(state.view("axis"))
    heading, entries = menu[0]
    assert heading == "Place a general [GEN]: army: land or land/sea; counts 1 + your armies and airforces in the theater"
    assert ("GEN@WE1.2", "Western Europe 1.2, land, research") in entries


def test_tray_has_the_reserve_choice_and_the_decisions_buttons():
    state = GAME.new_game(2)
    kinds = sorted({a.split("@")[0] for a in state.legal_actions()})
    entries = tray(state.view("axis"), {"token": kinds[-1]})
    assert [e["command"] for e in entries] == [f"ui:token={kind}" for kind in kinds]
    assert [e["pressed"] for e in entries] == [kind == kinds[-1] for kind in kinds]
    assert tray(state.view("allies"), {}) == []  # not your turn: nothing to choose
    state.markers["WE"] = 13
    state.reserves["axis"] = ["axis:A1#1"]
    state = state.apply("A1@WE1.2")  # Western Europe won: its free spaces' effects in your order
    entries = tray(state.view("axis"), {})
    assert {e["action"] for e in entries} == set(state.legal_actions())
    assert entries[0]["label"].startswith("Carry out ") and "closed theater" in entries[0]["group"]
