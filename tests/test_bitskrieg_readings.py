"""Bitskrieg: the rulebook sentences that allow more than one reading (issue 19), as the engine
reads them. Each reading is stated in web/rules/bitskrieg.html under "How we read the rules"."""

import pytest

from game_core.bitskrieg import GAME
from game_core.bitskrieg.rules import sq_parse
from game_core.engine import BrokenInvariant, IllegalAction

from test_bitskrieg_rules import position


def test_a_tank_turns_in_place_only_once_per_move():
    # "A Tank may turn without moving ... Either of these counts as one square entered": the tank
    # enters its own square once, so a Light Tank cannot spend two of its squares on an about-face.
    state = position({"d4": "BLn", "h8": "RHs"})
    legal = state.legal_actions()
    assert "move d4 d4 e" in legal and "move d4 d4 w" in legal
    assert "move d4 d4 s" not in legal
    with pytest.raises(IllegalAction, match="turns in place only once"):
        state.apply("move d4 d4 s")
    assert "move d4 e4 s" in legal  # turn east in place, enter e4 and turn again: its whole speed but one


def test_flip_needs_a_finished_tank_so_it_is_never_a_pass():
    # "Flip all of your Finished Tanks": with none there is nothing to flip, and a ready tank can
    # always turn in place, so a player always has a real action and never passes.
    state = position({"a1": "BLn", "h8": "RHs"}, obstacles=["a2", "b2"])
    state.tanks[sq_parse("b1")] = ["red", "H", "w", True, "p1"]
    state.chosen["red"].append("H")
    legal = state.legal_actions()
    assert "flip" not in legal
    assert legal == ["move a1 a1 e"]  # boxed in: the turn in place towards b1 is all that is left
    with pytest.raises(IllegalAction, match="no finished tanks"):
        state.apply("flip")


def test_a_tank_always_faces_a_square_on_the_board():
    # "Tanks on the board always face an adjacent square": never off the board's edge.
    state = GAME.new_game(3, {"axis_chooser": "blue", "reverse": True})
    while state.phase != "deploy":
        state = state.apply(state.legal_actions()[0])
    edge = state.home[state.turn]
    legal = state.legal_actions()
    assert not any(action.endswith(" " + edge) for action in legal)
    corner = {"n": "a8", "s": "a1", "e": "h1", "w": "a1"}[edge]
    assert {a.split()[3] for a in legal if a.split()[2] == corner} == \
        {"n": {"s", "e"}, "s": {"n", "e"}, "e": {"n", "w"}, "w": {"n", "e"}}[edge]
    with pytest.raises(IllegalAction, match="adjacent square"):
        state.apply(f"deploy {legal[0].split()[1]} {corner} {edge}")
    play = position({"h4": "BLn", "a8": "RHs"}, reverse=True)
    legal = play.legal_actions()
    assert "move h4 h4 e" not in legal and "move h4 h4 w" in legal
    assert "move h4 h6 e" not in legal and "back h4 h3 e" not in legal
    with pytest.raises(IllegalAction, match="adjacent square"):
        play.apply("move h4 h4 e")
    rebuild = position({"d4": "BLn", "h8": "RHs"})
    rebuild.destroyed["blue"] = ["M"]
    assert "rebuild M a1 w" not in rebuild.legal_actions() and "rebuild M a1 n" in rebuild.legal_actions()
    broken = position({"h4": "BLe", "a8": "RHs"})
    with pytest.raises(BrokenInvariant, match="off the board"):
        broken.check_invariants()


def test_water_is_never_a_target():
    # "If you fire on Water, the worst that can happen is a splash": such a shot can do nothing, so
    # it is not offered (it would only be a way to finish a tank without acting).
    state = position({"a4": "BHe", "h8": "RHs"}, obstacles=["c4:water", "c6:woods"],
                     destroy_obstacles=True, terrain=True)
    legal = state.legal_actions()
    assert "fire a4 c4" not in legal and "fire a4 c6" in legal
    with pytest.raises(IllegalAction, match="splash"):
        state.apply("fire a4 c4")
