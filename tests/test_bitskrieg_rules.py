"""Bitskrieg rules scenarios, straight from the rulebook: set a position, act, check the result."""

import pytest

from game_core.bitskrieg import GAME
from game_core.bitskrieg.bots import ScriptedDice
from game_core.bitskrieg.rules import sq_parse
from game_core.engine import IllegalAction


SEAT_LETTERS = {"B": "blue", "R": "red"}


def position(tanks, obstacles=(), flags=((), ()), turn="blue", **options):
    """A play-phase state: tanks {"d1": "BLn"} (seat B or R, class, facing; lower-case class = finished),
    flags (Blue's, Red's)."""
    state = GAME.new_game(1, options)
    state.phase, state.turn, state.first = "play", turn, "blue"
    state.home = {"blue": "s", "red": "n"}
    state.obstacles = {}
    for item in obstacles:
        square, _, terrain = item.partition(":")
        state.obstacles[sq_parse(square)] = terrain or "obstacle"
    state.tanks = {sq_parse(sq): [SEAT_LETTERS[code[0]], code[1].upper(), code[2], code[1].isupper(), f"t{n}"]
                   for n, (sq, code) in enumerate(tanks.items())}
    state.chosen = {s: [t[1] for t in state.tanks.values() if t[0] == s] for s in GAME.seats}
    state.hand = {s: [] for s in GAME.seats}
    state.flags = {s: [sq_parse(f) for f in squares] for s, squares in zip(GAME.seats, flags)}
    state._legal = None
    return state


def with_dice(state, dice):
    state.rng = ScriptedDice(dice)
    return state


def tank(state, square):
    """The tank on `square` as [seat, class, facing, ready], or None."""
    found = state.tanks.get(sq_parse(square))
    return found and found[:4]


# -- movement -------------------------------------------------------------------------------------
def test_light_tank_moves_forward_and_turns_on_entering_squares():
    state = position({"d1": "BLn", "h8": "RHs"})
    legal = set(state.legal_actions())
    assert "move d1 d4 n" in legal
    assert "move d1 e3 e" in legal          # d2 turn E, e2 turn N, e3 turn E
    assert "move d1 d5 n" not in legal      # speed 3
    assert "move d1 d1 e" in legal          # turning in place counts as a square
    assert "move d1 d1 s" not in legal      # only 90 degrees
    assert "move d1 e1 e" in legal          # turn first, then two more squares
    assert "move d1 f1 e" in legal
    assert "move d1 g1 e" not in legal      # the turn used one square of speed
    after = state.apply("move d1 d4 n")
    assert tank(after, "d4") == ["blue", "L", "n", False]
    assert tank(after, "d1") is None and after.to_play == "red"


def test_heavy_tank_turn_uses_its_whole_move():
    state = position({"d1": "BHn", "h8": "RHs"})
    legal = set(state.legal_actions())
    assert {"move d1 d2 n", "move d1 d2 e", "move d1 d1 e"} <= legal
    assert "move d1 e1 e" not in legal


def test_obstacles_and_enemy_tanks_block_movement():
    state = position({"d1": "BMn", "e1": "BLe", "h8": "RHs", "f1": "RHs"}, obstacles=["d2"])
    assert "move d1 d2 n" not in state.legal_actions()
    with pytest.raises(IllegalAction, match="obstacle or an enemy"):
        state.apply("move d1 d2 n")
    assert "move e1 f1 e" not in state.legal_actions()


def test_pass_through_friendly_tank_and_flag_but_not_stop():
    state = position({"d1": "BMn", "d2": "BLn", "h8": "RHs"}, flags=(["d4"], []))
    legal = state.legal_actions()
    assert "move d1 d3 n" in legal
    assert "move d1 d2 n" not in legal
    with pytest.raises(IllegalAction, match="pass through"):
        state.apply("move d1 d2 n")
    assert "move d2 d4 n" not in legal and "move d2 d5 n" in legal


def test_finished_tank_cannot_move_and_flip_readies_all():
    state = position({"d1": "Bmn", "c1": "Bln", "h8": "RHs"})
    assert state.legal_actions() == ["flip"]
    with pytest.raises(IllegalAction, match="finished"):
        state.apply("move d1 d2 n")
    after = state.apply("flip")
    assert tank(after, "d1")[3] and tank(after, "c1")[3] and after.to_play == "red"


# -- range counting -------------------------------------------------------------------------------
def test_obstacle_beside_a_diagonal_adds_one_to_the_range():
    open_board = position({"c4": "BLe", "e6": "RMw", "h1": "RHn"})
    assert open_board.range_count(sq_parse("c4"), sq_parse("e6")) == 2
    blocked = position({"c4": "BLe", "e6": "RMw", "h1": "RHn"}, obstacles=["c5"])
    assert blocked.range_count(sq_parse("c4"), sq_parse("e6")) == 3


def test_only_squares_beyond_the_front_line_count():
    state = position({"c4": "BLe", "c6": "RMw", "d8": "RMw", "a4": "RHn"})
    targets = state.fire_targets(sq_parse("c4"))
    assert sq_parse("c6") not in targets and sq_parse("a4") not in targets
    assert targets[sq_parse("d8")] == 4
    with pytest.raises(IllegalAction, match="in front"):
        state.apply("fire c4 c6")


def test_enemy_tanks_block_friendly_tanks_and_flags_do_not():
    state = position({"a4": "BLe", "b4": "BMn", "c4": "RHn", "e4": "RLs", "h8": "RHs"}, flags=([], ["d4"]))
    # c4 blocks the straight line; the route goes round it diagonally
    assert state.range_count(sq_parse("a4"), sq_parse("e4")) == 4
    walled = position({"a4": "BLe", "c3": "RHn", "c4": "RHn", "c5": "RHn", "e4": "RLs"})
    assert walled.range_count(sq_parse("a4"), sq_parse("e4")) is None


def test_tank_destroyer_counts_only_straight_ahead():
    state = position({"c4": "BDe", "f4": "RMw", "f5": "RMw", "d4": "BLn"})
    targets = state.fire_targets(sq_parse("c4"))
    assert targets == {sq_parse("f4"): 3}  # friendly d4 does not block; f5 is off the line
    walled = position({"c4": "BDe", "f4": "RMw"}, obstacles=["d4"])
    assert walled.fire_targets(sq_parse("c4")) == {}


def test_range_six_cannot_fire():
    state = position({"a4": "BLe", "g4": "RMw", "f4": "RLw"})
    assert "fire a4 g4" not in state.legal_actions()
    assert "fire a4 f4" in state.legal_actions()


# -- fire resolution -------------------------------------------------------------------------------
def test_range_roll_must_beat_range_and_damage_must_beat_armor():
    base = position({"a4": "BLe", "e4": "RMw", "h8": "RHs"})  # range 4, armor 4
    miss = with_dice(base.copy(), [4]).apply("fire a4 e4")
    assert tank(miss, "e4") is not None and miss.last_roll["result"] == "miss"
    assert tank(miss, "a4")[3] is False
    deflect = with_dice(base.copy(), [5, 4]).apply("fire a4 e4")
    assert deflect.last_roll["result"] == "deflected" and tank(deflect, "e4") is not None
    kill = with_dice(base.copy(), [5, 5]).apply("fire a4 e4")
    assert tank(kill, "e4") is None and kill.destroyed["red"] == ["M"]


def test_heavy_tank_rolls_two_damage_dice_one_is_enough():
    base = position({"c4": "BHe", "d4": "RLw", "h8": "RHs"})
    assert with_dice(base.copy(), [6, 1, 2]).apply("fire c4 d4").last_roll["result"] == "deflected"
    assert tank(with_dice(base.copy(), [6, 4, 2]).apply("fire c4 d4"), "d4") is None
    assert tank(with_dice(base.copy(), [6, 4, 6]).apply("fire c4 d4"), "d4") is None


def test_destroying_every_enemy_tank_wins_even_with_rebuilds_left():
    state = with_dice(position({"c4": "BHe", "d4": "RLw"}), [6, 6, 6]).apply("fire c4 d4")
    assert state.is_over and state.winner == "blue" and state.won_by == "destroyed"


def test_capture_both_flags_wins_at_start_of_next_turn():
    state = position({"c5": "BLn", "e5": "BMn", "h8": "RHs"}, flags=([], ["c6", "e6"]))
    state = state.apply("move c5 c6 n")
    assert not state.is_over
    state = state.apply("move h8 h7 s")
    state = state.apply("move e5 e6 n")
    assert not state.is_over  # captured at the end of this turn: wins only if still held
    state = state.apply("flip")
    assert state.is_over and state.winner == "blue" and state.won_by == "flags"


def test_rebuild_on_home_edge_finished_side_up():
    state = position({"d4": "BLn", "h8": "RHs"})
    state.destroyed["blue"] = ["M"]
    assert "rebuild M a1 n" in state.legal_actions()
    assert "rebuild M a2 n" not in state.legal_actions()
    after = state.apply("rebuild M a1 n")
    assert tank(after, "a1") == ["blue", "M", "n", False] and after.rebuilds["blue"] == 1
    after.rebuilds["blue"] = 0
    after.destroyed["blue"] = ["L"]
    after.turn = "blue"
    after._legal = None
    with pytest.raises(IllegalAction, match="no rebuilds"):
        after.apply("rebuild L b1 n")


# -- advanced rules ---------------------------------------------------------------------------------
def test_handicapping_sets_rebuild_counts():
    state = GAME.new_game(3, {"handicapping": True, "rebuilds_blue": 4, "rebuilds_red": 0})
    assert state.rebuilds == {"blue": 4, "red": 0}
    assert GAME.new_game(3, {"rebuilds_blue": 4}).rebuilds == {"blue": 2, "red": 2}


def test_reserves_cost_two_rebuilds_for_a_sixth_tank():
    state = position({"d4": "BLn", "h8": "RHs"}, reserves=True)
    state.chosen["blue"] = list("LLLMH")
    assert "reserve L a1 n" not in state.legal_actions()
    after = state.apply("reserve D a1 n")
    assert tank(after, "a1") == ["blue", "D", "n", False] and after.rebuilds["blue"] == 0
    assert after.reserve_used["blue"]


def test_flank_armor_is_one_lower():
    state = position({"c4": "BLe", "d4": "RLn", "h8": "RHs"}, flank_armor=True)
    assert state.target_armor(sq_parse("c4"), sq_parse("d4")) == 2  # target faces away
    state.tanks[sq_parse("d4")][2] = "w"
    assert state.target_armor(sq_parse("c4"), sq_parse("d4")) == 3


def test_bounding_fire_moves_one_less_and_needs_two_range_dice():
    state = position({"d1": "BLn", "d5": "RMs", "h1": "RHs"}, bounding_fire=True)
    legal = state.legal_actions()
    assert "bound d1 d3 n" in legal and "bound d1 d4 n" not in legal
    after = state.apply("bound d1 d3 n")
    assert after.phase == "bound" and after.to_play == "blue"
    assert set(after.legal_actions()) == {"fire d3 d5", "hold"}
    shot = with_dice(after.copy(), [3, 2]).apply("fire d3 d5")  # range 2: both dice must beat 2
    assert shot.last_roll["result"] == "miss" and tank(shot, "d3")[3] is False
    hit = with_dice(after.copy(), [3, 3, 6]).apply("fire d3 d5")
    assert tank(hit, "d5") is None
    heavy = position({"d1": "BHn", "h8": "RHs"}, bounding_fire=True)
    assert not any(a.startswith("bound") for a in heavy.legal_actions())


def test_stun_flips_target_when_damage_equals_armor():
    state = position({"a4": "BLe", "c4": "RMw", "h8": "RHs"}, stun=True)
    after = with_dice(state, [6, 4]).apply("fire a4 c4")
    assert after.last_roll["result"] == "stunned" and tank(after, "c4")[3] is False


def test_reverse_moves_one_square_back_with_optional_turn():
    state = position({"d4": "BMn", "h8": "RHs"}, reverse=True)
    legal = state.legal_actions()
    assert {"back d4 d3 n", "back d4 d3 e", "back d4 c4 e", "back d4 e4 w"} <= set(legal)
    assert "back d4 d2 n" not in legal
    strict = position({"d4": "BMn", "h8": "RHs"}, reverse=True, reverse_turn=False)
    assert [a for a in strict.legal_actions() if a.startswith("back")] == ["back d4 d3 n"]


def test_ramming_rolls_against_each_armor():
    state = position({"d3": "BHn", "d5": "RLs", "h8": "RHs"}, ramming=True)
    assert "ram d3 d4 d5" not in state.legal_actions()  # a heavy tank has no speed left after d4
    state = position({"d4": "BHn", "d5": "RLs", "h8": "RHs"}, ramming=True)
    after = with_dice(state, [4, 6]).apply("ram d4 d4 d5")  # 4 > LT armor 3; 6 > HT armor 5
    assert tank(after, "d5") is None and tank(after, "d4") is None
    assert after.is_over and after.winner == "red"  # blue lost its only tank; red still has h8
    mover = position({"d2": "BLn", "d5": "RLs", "h8": "RHs"}, ramming=True)
    assert "ram d2 d4 d5" in mover.legal_actions()  # two squares, then speed left to enter d5
    bounce = with_dice(mover, [1, 1]).apply("ram d2 d4 d5")
    assert tank(bounce, "d4")[3] is False and tank(bounce, "d5")[3] is False


def test_destroying_obstacles_needs_damage_above_four():
    state = position({"a4": "BHe", "h8": "RHs"}, obstacles=["c4"], destroy_obstacles=True)
    assert "fire a4 c4" in state.legal_actions()
    kept = with_dice(state.copy(), [6, 4, 4]).apply("fire a4 c4")
    assert sq_parse("c4") in kept.obstacles
    gone = with_dice(state.copy(), [6, 5, 1]).apply("fire a4 c4")
    assert sq_parse("c4") not in gone.obstacles
    water = position({"a4": "BHe", "h8": "RHs"}, obstacles=["c4:water"], destroy_obstacles=True, terrain=True)
    assert "fire a4 c4" not in water.legal_actions()
    with pytest.raises(IllegalAction, match="[Ww]ater"):
        water.apply("fire a4 c4")


def test_terrain_woods_enterable_blocks_fire_water_the_reverse():
    woods = position({"a4": "BLe", "c4": "RMw", "h8": "RHs"}, obstacles=["b4:woods", "b5:woods", "b3:woods"],
                     terrain=True)
    assert "move a4 b4 e" in woods.legal_actions()
    assert "fire a4 c4" not in woods.legal_actions()
    on_woods = position({"b4": "BLe", "d4": "RMw", "h8": "RHs"}, obstacles=["b4:woods"], terrain=True)
    assert "fire b4 d4" in on_woods.legal_actions()  # the firer's own woods do not block
    water = position({"a4": "BLe", "c4": "RMw", "h8": "RHs"}, obstacles=["b4:water"], terrain=True)
    assert "move a4 b4 e" not in water.legal_actions()
    assert water.range_count(sq_parse("a4"), sq_parse("c4")) == 2
