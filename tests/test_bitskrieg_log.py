"""Bitskrieg narration (issue 18): every action and what its dice did, in plain words with the
faces and numbers, the end of the game with its reason, secret picks told to the picker only."""

import pytest

from game_core.bitskrieg import GAME
from game_core.bitskrieg.rules import sq_parse
from game_core.engine import IllegalAction

from test_bitskrieg_rules import position, with_dice


def told(before, action, dice=None):
    """The lines (text, audience) narrated for `action` played on `before` with scripted dice."""
    if dice is not None:
        before = with_dice(before.copy(), dice)
    after = before.apply(action)
    lines = GAME.narrate(before, after)
    assert len({text for text, _ in lines}) == len(lines), "a doubled line"
    return lines


def texts(lines):
    return [text for text, _ in lines]


def test_obstacle_roll_shows_its_dice_and_square_and_every_reroll():
    state = GAME.new_game(1)
    state.obstacles = {sq_parse("c4"): "obstacle"}  # dice 2 and 3 name c4
    assert texts(told(state, "roll", [2, 3, 4, 1])) == [
        "Blue rolls for an obstacle", "Dice 2 and 3: c4 is taken, rolled again; 4 and 1: an obstacle on e2."]
    terrain = GAME.new_game(1, {"terrain": True})
    assert texts(told(terrain, "roll woods", [6, 6])) == [
        "Blue rolls for a woods obstacle", "Dice 6 and 6: a woods obstacle on g7."]


def after_picks(chooser, dice):
    """The state before Red's last pick, and the lines that pick makes with scripted axis dice."""
    state = GAME.new_game(2, {"axis_chooser": chooser})
    while state.phase == "obstacles":
        state = state.apply("roll")
    for letter in "LMHDLMHDL":
        state = state.apply(f"pick {letter}")
    return state, told(state, "pick M", dice)


def test_the_axis_roll_decides_who_chooses_so_either_side_can_move_first():
    # "each player may roll a die, with the higher roller choosing"; the other player then takes
    # a home edge and is the First Player.
    before, lines = after_picks("roll", [2, 2, 3, 5])
    assert ("Axis roll: Blue 2, Red 2 (a tie, rolled again); Blue 3, Red 5: Red chooses the axis.", None) in lines
    red_chooses = with_dice(before.copy(), [2, 2, 3, 5]).apply("pick M")
    assert red_chooses.to_play == "red"
    assert red_chooses.apply("axis ns").apply("home n").first == "blue"  # Blue moves first
    blue_chooses = with_dice(before.copy(), [6, 1]).apply("pick M")
    assert blue_chooses.to_play == "blue" and blue_chooses.apply("axis ew").apply("home e").first == "red"
    firsts = set()
    for seed in range(12):
        state = GAME.new_game(seed)
        while state.phase != "deploy":
            state = state.apply(state.legal_actions()[0])
        firsts.add(state.first)
    assert firsts == {"blue", "red"}  # seeded: over a few games both sides move first


def test_the_axis_chooser_can_be_named_instead():
    for seat in ("blue", "red"):
        before, lines = after_picks(seat, [])
        assert not any(text.startswith("Axis roll") for text in texts(lines))
        assert before.apply("pick M").to_play == seat


def test_a_secret_pick_is_told_to_the_picker_alone():
    state = GAME.new_game(3)
    while state.phase == "obstacles":
        state = state.apply("roll")
    lines = told(state, "pick D")
    assert lines == [("Blue picks a tank in secret", None),
                     ("You picked a Tank Destroyer (speed 2, fire 2, armor 3).", "blue")]
    assert not any("Destroyer" in text for text, audience in lines if audience != "blue")


def test_turn_in_place_and_moves_in_plain_words():
    state = position({"d1": "BLn", "h8": "RHs"}, reverse=True, bounding_fire=True)
    assert texts(told(state, "move d1 d1 e")) == ["Blue's Light Tank on d1 turns in place to face east"]
    assert texts(told(state, "move d1 e3 e")) == ["Blue's Light Tank moves from d1 to e3, facing east"]
    assert texts(told(state, "bound d1 d3 n")) == ["Blue's Light Tank makes a bounding move from d1 to d3, facing north"]
    state = position({"d4": "BMn", "h8": "RHs"}, reverse=True)
    assert texts(told(state, "back d4 d3 e")) == ["Blue's Medium Tank backs up from d4 to d3, facing east"]


def test_a_shot_is_told_with_its_range_dice_and_result():
    base = position({"a4": "BLe", "e4": "RMw", "h8": "RHs"})  # range 4, armor 4
    action = "Blue's Light Tank on a4 fires at the Red Medium Tank on e4 (range 4)"
    assert texts(told(base, "fire a4 e4", [4])) == [action, "Range die 4 does not beat range 4: a miss."]
    assert texts(told(base, "fire a4 e4", [5, 4])) == [
        action, "Range die 5 beats range 4: a hit. Damage die 4 against armor 4, none above it: deflected."]
    assert texts(told(base, "fire a4 e4", [6, 5])) == [
        action, "Range die 6 beats range 4: a hit. Damage die 5 against armor 4: the Red Medium Tank is destroyed."]
    stun = position({"a4": "BHe", "c4": "RMw", "h8": "RHs"}, stun=True, flank_armor=True)
    assert texts(told(stun, "fire a4 c4", [6, 4, 2]))[1] == (
        "Range die 6 beats range 2: a hit. Damage dice 4 and 2 against armor 4, none above and one equal: "
        "the Red Medium Tank is stunned (finished).")
    flank = position({"a4": "BLe", "c4": "RMn", "h8": "RHs"}, flank_armor=True)
    assert "Damage die 3 against armor 3 (a flank shot), none above it: deflected." in texts(
        told(flank, "fire a4 c4", [6, 3]))[1]


def test_bounding_fire_names_both_range_dice():
    state = position({"d1": "BLn", "d5": "RMs", "h1": "RHs"}, bounding_fire=True).apply("bound d1 d3 n")
    assert texts(told(state, "fire d3 d5", [3, 2]))[1] == "Range dice 3 and 2 (both must beat 2): a miss."
    assert texts(told(state, "fire d3 d5", [3, 4, 1]))[1].startswith("Range dice 3 and 4 beat range 2: a hit.")
    assert texts(told(state, "hold")) == ["Blue holds fire"]


def test_ram_dice_and_both_results():
    state = position({"d2": "BLn", "d5": "RMs", "h8": "RHs"}, ramming=True)
    assert texts(told(state, "ram d2 d4 d5", [5, 2])) == [
        "Blue's Light Tank moves from d2 to d4 and rams the Red Medium Tank on d5",
        "Ram die 5 beats armor 4: the Medium Tank on d5 is destroyed; defence die 2 does not beat armor 3: "
        "the Light Tank on d4 survives, finished."]


def test_obstacle_shot_rebuild_and_flip():
    state = position({"a4": "BHe", "h8": "RHs"}, obstacles=["c4:woods"], destroy_obstacles=True, terrain=True)
    assert texts(told(state, "fire a4 c4", [6, 5, 1])) == [
        "Blue's Heavy Tank on a4 fires at the woods on c4 (range 2)",
        "Range die 6 beats range 2: a hit. Damage dice 5 and 1 against armor 4: the woods are destroyed."]
    state = position({"d4": "Bln", "c4": "Bmn", "h8": "RHs"})
    state.destroyed["blue"] = ["H"]
    assert texts(told(state, "flip")) == ["Blue flips 2 finished tanks to ready"]
    assert texts(told(state, "rebuild H a1 n")) == [
        "Blue rebuilds a Heavy Tank on a1 facing north, finished side up (1 rebuild left)"]


def test_the_end_of_the_game_says_who_won_and_why():
    state = position({"c4": "BHe", "d4": "RLw"})
    lines = texts(told(state, "fire c4 d4", [6, 6, 6]))
    assert lines[-1] == "Blue wins: every Red tank destroyed."
    flags = position({"c5": "BLn", "e6": "BMn", "h8": "RHs"}, flags=([], ["c6", "e6"])).apply("move c5 c6 n")
    assert texts(told(flags, "move h8 h7 s"))[-1] == "Blue wins: both Red flags held at the start of Blue's turn."


def test_describe_outcome_is_empty_only_without_dice():
    state = position({"d1": "BLn", "h8": "RHs"})
    assert GAME.describe_outcome(state, state.apply("move d1 d2 n")) == ""
    with pytest.raises(IllegalAction):
        state.apply("fire d1 h8")


def test_set_up_steps_in_plain_words():
    state = GAME.new_game(5, {"axis_chooser": "red"})
    while state.phase != "axis":
        state = state.apply(state.legal_actions()[0])
    assert texts(told(state, "axis ns")) == ["Red chooses the north-south axis"]
    state = state.apply("axis ns")
    assert texts(told(state, "home n")) == ["Blue takes the north edge as home and will play first"]
    state = state.apply("home n")
    deploy = state.legal_actions()[0]
    assert deploy.startswith("deploy L a8 e")  # a corner tank faces east or south, never off the board
    assert texts(told(state, deploy)) == ["Blue deploys a Light Tank on a8 facing east"]
    while state.phase != "flags":
        state = state.apply(state.legal_actions()[0])
    flag = state.legal_actions()[0]
    assert texts(told(state, flag)) == [f"Blue places a flag on {flag.split()[1]}"]
    reserve = position({"d4": "BLn", "h8": "RHs"}, reserves=True)
    assert texts(told(reserve, "reserve D a1 n")) == [
        "Blue brings in a reserve Tank Destroyer on a1 facing north, finished side up, for two rebuilds"]
