"""Bitskrieg in the terminal (issue 18): a text board with files, ranks, facings, obstacles and a
legend, and the legal moves grouped by tank and explained, shots with range and chance to destroy."""

import re

from game_core.bitskrieg import BOTS, GAME, action_menu, text_board
from game_core.engine import run_bot
from game_core.bitskrieg.rules import sq_parse
from game_core.rng import Rng

from test_bitskrieg_rules import position


def test_text_board_draws_the_grid_with_facings_obstacles_and_flags():
    state = position({"a4": "BLe", "c4": "Rmw", "h8": "RHs"}, obstacles=["d5", "e6:woods"], flags=(["c3"], ["f6"]))
    board = text_board(state.view("blue"))
    rows = board.splitlines()
    assert rows[2].split() == list("abcdefgh") and rows[11].split() == list("abcdefgh")
    assert rows[3].split()[0] == "8" and rows[10].split()[0] == "1"
    rank4 = rows[7].split()
    assert rank4[0] == rank4[-1] == "4" and rank4[1] == "BL>" and rank4[3] == "rm<"
    assert rows[6].split()[4] == "###" and rows[5].split()[5] == "%%%"  # d5 obstacle, e6 woods
    assert rows[8].split()[3] == "FB" and rows[5].split()[6] == "FR"
    assert "Legend" in board and "lower case = finished" in board
    assert "t0" not in board and "rng" not in board  # no internal ids


def test_text_board_keeps_secret_picks_face_down():
    state = GAME.new_game(4)
    while state.phase == "obstacles":
        state = state.apply("roll")
    state = state.apply("pick D").apply("pick D")
    assert "TD, TD" in text_board(state.view("blue"))
    other = text_board(state.view("red"))
    assert "2 face-down" in other and "TD" not in other


def test_action_menu_groups_every_legal_action_by_tank_with_odds():
    state = position({"a4": "BLe", "c4": "RMw", "d1": "BHn", "h8": "RHs"}, ramming=True, bounding_fire=True)
    state.tanks[sq_parse("d1")][3] = False  # finished: nothing but the flip for it
    view = state.view("blue")
    menu = action_menu(view)
    listed = [action for _, items in menu for action, _ in items]
    assert sorted(listed) == sorted(view["legal_actions"])
    headings = [heading for heading, _ in menu]
    assert headings[0].startswith("Light Tank on a4, facing east (speed 3, fire 1, armor 3)")
    assert headings[-1] == "Whole turn"
    explained = dict(menu[0][1])
    assert explained["fire a4 c4"].startswith("fire at the Red Medium Tank on c4: range 2, 22% to destroy")
    assert explained["move a4 a4 n"] == "turn in place to face north"
    assert explained["move a4 b4 e"] == "move to b4, facing east"
    assert explained["bound a4 b4 e"] == "bounding move to b4, facing east, then fire (two range dice)"
    assert explained["ram a4 b4 c4"] == "drive to b4 and ram the Red Medium Tank on c4: destroys it 33%, loses yours 50%"
    assert dict(menu[-1][1]) == {"flip": "flip your 1 finished tank to ready"}


def test_a_scripted_terminal_game_shows_board_choices_dice_and_verdict():
    state, rng = GAME.new_game(8), Rng.from_seed(8, "script")
    transcript = []
    while not state.is_over:
        view = state.view(state.to_play)
        transcript.append(text_board(view))
        for heading, items in action_menu(view):
            transcript.append(heading)
            transcript += [f"  {action}: {words}" for action, words in items]
        after = state.apply(run_bot(BOTS["easy"], GAME, view, rng))
        transcript += [text for text, audience in GAME.narrate(state, after) if audience in (None, state.to_play)]
        state = after
    text = "\n".join(transcript)
    assert re.search(r"Dice \d and \d: an obstacle on [b-g][2-7]\.", text)
    assert re.search(r"fire [a-h]\d [a-h]\d: fire at the (Blue|Red) .* range \d, \d+% to destroy", text)
    assert re.search(r"Range die \d (beats|does not beat) range \d", text)
    assert re.search(r"(Blue|Red) wins: (every|both) ", text.splitlines()[-1])
