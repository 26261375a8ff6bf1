"""Bitskrieg rules at their edges, each written to kill a mutant that lived (docs/mutation.md): the exact
refusal for each wrong moment, each corruption check_invariants names, the words of the log and the board's
facts. Rules from shared/rules/bitskrieg.txt."""

import json

import pytest

from game_core.bitskrieg import GAME
from game_core.bitskrieg.rules import sq_name, sq_parse
from game_core.engine import IllegalAction, SaveError
from game_core.rng import Rng
from invariants import broken
from test_bitskrieg_old_saves import OLD, stored
from test_bitskrieg_rules import position, tank, with_dice


def refusal(state, action) -> str:
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    return str(err.value)


def upto(phase, seed=1, **options):
    """The first state of `phase`, reached by always taking the first legal action."""
    state = GAME.new_game(seed, options)
    while state.phase != phase:
        state = state.apply(state.legal_actions()[0])
    return state


# -- check_invariants: each corruption is named -----------------------------------------------------
def sound():
    """A play position at the limits the rules allow: three Lights, no rebuild left, two flags each, six
    obstacles."""
    state = position({"b1": "BLn", "c1": "BLn", "d1": "BLn", "e8": "RHs"},
                     obstacles=["b3", "c5", "d7", "g2", "g4", "h6"], flags=(["c3", "f6"], ["d6", "e3"]))
    state.rebuilds["blue"] = 0
    state.check_invariants()
    return state


def square(name):
    return sq_parse(name)


def test_a_sound_position_at_the_limits_passes():
    state = sound()
    # Destroying obstacles: only with that rule may a flag share its square with an obstacle.
    state.options = dict(state.options, destroy_obstacles=True)
    state.flags["red"][0] = square("c5")
    state.check_invariants()
    # During set-up no side has a tank yet, and that is no corruption.
    upto("deploy").check_invariants()


def test_check_invariants_names_each_corruption():
    state = sound()
    assert broken(state, lambda s: s.tanks.update({square("b3"): ["blue", "M", "n", True, "x"]})) == \
        "a tank stands on b3, a square it may not enter"
    for facing in ("x", "X"):
        assert broken(state, lambda s: s.tanks[square("b1")].__setitem__(2, facing)) == "the tank on b1 is malformed"
    assert broken(state, lambda s: s.tanks[square("b1")].__setitem__(1, "Z")) == "the tank on b1 is malformed"
    assert broken(state, lambda s: s.tanks[square("b1")].__setitem__(2, "s")) == "the tank on b1 faces off the board"
    assert broken(state, lambda s: s.tanks[square("e8")].__setitem__(4, "t0")) == "two tanks share a piece id"
    assert broken(state, lambda s: s.chosen["blue"].append("L")) == "more than 3 tanks of a class"
    assert broken(state, lambda s: s.rebuilds.__setitem__("red", -1)) == "a negative rebuild counter"
    assert broken(state, lambda s: s.flags["red"].append(square("b6"))) == "more than two flags"
    assert broken(state, lambda s: s.flags["red"].__setitem__(0, square("a6"))) == "a flag on a6, not a dice square"
    assert broken(state, lambda s: s.flags["red"].__setitem__(0, square("c5"))) == "a flag under an obstacle"
    assert broken(state, lambda s: s.destroyed["red"].append("L")) == "a tank is in two places or none"
    assert broken(state, lambda s: s.hand["red"].append("L")) == "a tank is in two places or none"
    assert broken(state, lambda s: s.obstacles.update({square("f2"): "obstacle"})) == "too many obstacles"
    assert broken(state, lambda s: [s.tanks.pop(square("e8")), s.destroyed["red"].append("H")]) == \
        "a side with no tank plays on"
    bounding = "only a ready tank of the player to move can be waiting to fire after a bounding move"
    assert broken(state, lambda s: s.__dict__.update(phase="bound", bounding=square("e8"))) == bounding  # Red's
    assert broken(state, lambda s: s.__dict__.update(phase="bound", bounding=square("a1"))) == bounding  # none
    finished = lambda s: [s.tanks[square("b1")].__setitem__(3, False), s.__dict__.update(phase="bound",
                                                                                         bounding=square("b1"))]
    assert broken(state, finished) == bounding
    ready = state.copy()
    ready.phase, ready.bounding = "bound", square("b1")
    ready.check_invariants()


def test_a_side_without_tanks_in_the_bound_phase_is_caught():
    state = sound()
    assert broken(state, lambda s: [s.tanks.pop(square("e8")), s.destroyed["red"].append("H"),
                                    s.__dict__.update(phase="bound", bounding=square("b1"))]) == \
        "a side with no tank plays on"


# -- why_illegal: each wrong moment and each broken rule is named -----------------------------------
def test_each_set_up_step_refuses_the_others_by_naming_itself():
    # Set-Up: obstacles, then the secret picks, the axis, the home edge, deployment and the flags, in order.
    steps = {"obstacles": ("roll", "roll for an obstacle"), "pick": ("pick", "secretly pick a tank"),
             "axis": ("axis", "choose the axis"), "home": ("home", "choose a home edge on the axis"),
             "deploy": ("deploy", "deploy a tank on your home edge"), "flags": ("flag", "place a flag")}
    for phase, (verb, step) in steps.items():
        state = upto(phase)
        for action in ("roll", "pick L", "axis ns", "home n", "deploy L a1 n", "flag c3", "flip", "hold",
                       "move a1 a2 n", "fire a1 a2", "rebuild L a1 n"):
            if action.split()[0] != verb:
                assert refusal(state, action) == f"now is the time to {step}", (phase, action)
    play = position({"d4": "BLn", "h8": "RHs"})
    for action in ("hold", "deploy L a1 n", "roll", "pick L", "flag c3"):
        assert refusal(play, action) == "now is the time to move, fire, ram, flip or rebuild"
    bound = position({"d1": "BLn", "d5": "RMs", "h1": "RHs"}, bounding_fire=True).apply("bound d1 d3 n")
    for action in ("flip", "move d3 d4 n", "rebuild L a1 n"):
        assert refusal(bound, action) == ("now is the time to fire with the tank that made a bounding move, "
                                          "or hold fire")


def test_obstacle_rolls_name_the_terrain_rule():
    # Advanced rule Terrain: the player who rolls for an obstacle chooses which side of the counter is up.
    assert refusal(GAME.new_game(1), "roll woods") == "terrain types are only chosen with the Terrain rule"
    terrain = GAME.new_game(1, {"terrain": True})
    assert refusal(terrain, "roll") == "with the Terrain rule, say which side of the obstacle counter to use"
    for _ in range(4):
        terrain = terrain.apply("roll woods")
    assert terrain.legal_actions() == ["roll building", "roll water"]
    assert refusal(terrain, "roll woods") == ("every woods side is already on the board (each terrain can be "
                                              "used at most 4 times)")


def test_picks_axis_and_home_edge_refusals():
    # Step 2: five of the twelve tanks, three of each class.
    state = upto("pick")
    for _ in range(3):
        state = state.apply("pick H")
    assert refusal(state, "pick H") == "you have only 3 tanks of that class"
    assert "pick H" not in state.legal_actions() and "pick L" in state.legal_actions()
    # Step 3: the other player takes one of the two edges of the chosen axis.
    home = upto("home")
    assert home.axis == "ns"
    assert refusal(home, "home e") == "the home edge must be one of the two edges of the chosen axis"


def test_deployment_and_flag_refusals():
    # Step 3: each tank on its own square of the home edge without dice symbols (the military base).
    deploy = upto("deploy")
    seat = deploy.turn
    edge = {"n": "8", "s": "1"}[deploy.home[seat]]
    missing = next(c for c in "LMHD" if c not in deploy.hand[seat])
    assert refusal(deploy, f"deploy {missing} a{edge} n") == \
        "you can only deploy the tanks you picked that are not yet on the board"
    letter = deploy.hand[seat][0]
    assert refusal(deploy, f"deploy {letter} a4 n") == "tanks are placed on your home edge (your military base)"
    off = "s" if edge == "1" else "n"
    assert refusal(deploy, f"deploy {letter} a{edge} {off}") == \
        "a tank always faces an adjacent square, never off the edge of the board"
    placed = deploy.apply(f"deploy {letter} a{edge} e")
    assert placed.turn == seat and placed.phase == "deploy"  # the first player places all five first
    assert refusal(placed, f"deploy {placed.hand[seat][0]} a{edge} e") == "that square of your base is taken"
    # Step 4: flags on free dice squares, the two not in one row or column.
    flags = upto("flags")
    assert refusal(flags, "flag a3") == "flags go on squares with dice symbols (not on the edge)"
    taken = next(sq for sq in flags.obstacles)
    assert refusal(flags, f"flag {sq_name(taken)}") == "flags go on a free square (no obstacle, tank or other flag)"
    one = flags.apply("flag b2")
    assert refusal(one, "flag b2") == "flags go on a free square (no obstacle, tank or other flag)"
    assert refusal(one, "flag b5") == "your two flags may not share a row or a column"
    assert refusal(one, "flag e2") == "your two flags may not share a row or a column"


def test_a_tank_that_may_not_act_is_refused_with_the_reason():
    # Taking Your Turn: move or fire one ready tank of yours, flip the finished ones, or rebuild.
    state = position({"d4": "BLn", "c1": "Bln", "h8": "RHs"})
    assert refusal(state, "fire h8 d4") == "you have no tank on that square"
    assert refusal(state, "move e4 e5 n") == "you have no tank on that square"
    assert refusal(state, "move c1 c2 n") == "a finished tank cannot move or fire (flip your finished tanks first)"
    assert refusal(state, "fire c1 h8") == "a finished tank cannot move or fire (flip your finished tanks first)"
    assert refusal(position({"d4": "BLn", "h8": "RHs"}), "flip") == "you have no finished tanks to flip"
    # Bounding fire: after the bounding move only that tank fires, or holds.
    bound = position({"d1": "BLn", "b1": "BLn", "d5": "RMs", "h1": "RHs"}, bounding_fire=True).apply("bound d1 d3 n")
    assert refusal(bound, "fire b1 h1") == "only the tank that made the bounding move may fire now"


def test_advanced_rules_not_in_use_are_named():
    basic = position({"d4": "BLn", "d5": "RLs", "h8": "RHs"}, obstacles=["a8"])
    assert refusal(basic, "bound d4 d4 e") == "bounding fire is an advanced rule that is not in use"
    assert refusal(basic, "back d4 d3 n") == "reverse movement is an advanced rule that is not in use"
    assert refusal(basic, "ram d4 d4 d5") == "ramming is an advanced rule that is not in use"
    assert refusal(basic, "reserve L a1 n") == "reserves are an advanced rule that is not in use"
    shooter = position({"a4": "BLe", "h8": "RHs"}, obstacles=["c4"])
    assert refusal(shooter, "fire a4 c4") == "firing at obstacles is an advanced rule that is not in use"


def test_movement_refusals_name_the_rule_broken():
    # Moving: forward only, up to Speed squares entered, one 90-degree turn on entering each square.
    state = position({"c2": "BLn", "d4": "BHn", "h8": "RHs"}, obstacles=["c4:water"], terrain=True,
                     bounding_fire=True)
    assert refusal(state, "bound d4 d5 n") == "a Heavy Tank is too slow for bounding fire"
    assert refusal(state, "move c2 c4 n") == "a tank cannot enter an obstacle or an enemy tank's square"
    assert refusal(state, "move c2 d4 e") == "a tank may pass through friendly tanks and flags but not stop on them"
    assert refusal(state, "move c2 c7 n") == ("that square and facing cannot be reached moving forward 3 square(s), "
                                              "turning 90 degrees at most once per square entered")
    # A bounding move enters one square less.
    assert refusal(state, "bound c2 c7 n") == ("that square and facing cannot be reached moving forward 2 square(s), "
                                               "turning 90 degrees at most once per square entered")
    assert refusal(state, "move c2 c1 s") == "a tank always faces an adjacent square, never off the edge of the board"
    # A turn in place is 90 degrees; facing back is two turns, and needs the tank to move between them.
    assert refusal(state, "move c2 c2 s") == ("a tank turns in place only once in a move (90 degrees): that turn is "
                                              "the one square it enters without moving")
    assert refusal(state, "move c2 c3 s") == ("that square and facing cannot be reached moving forward 3 square(s), "
                                              "turning 90 degrees at most once per square entered")
    medium = position({"d1": "BMn", "h8": "RHs"}, bounding_fire=True)  # speed 2: one square for a bounding move
    assert refusal(medium, "bound d1 d3 n") == ("that square and facing cannot be reached moving forward 1 square(s), "
                                                "turning 90 degrees at most once per square entered")
    enemy = position({"c2": "BLn", "c3": "RLs", "h8": "RHs"})
    assert refusal(enemy, "move c2 c3 n") == "a tank cannot enter an obstacle or an enemy tank's square"
    # Reverse movement: exactly one square straight back, turning once only in the Russian copy's reading.
    reverse = position({"d4": "BMn", "h8": "RHs"}, reverse=True)
    assert refusal(reverse, "back d4 d2 n") == ("a reverse move goes exactly one square straight back into a square "
                                                "where it can stop")
    strict = position({"d4": "BMn", "h8": "RHs"}, reverse=True, reverse_turn=False)
    assert refusal(strict, "back d4 d3 e") == ("a reverse move goes exactly one square straight back into a square "
                                               "where it can stop, without turning")
    # Ramming: end adjacent to the enemy, facing it, with speed left to enter its square.
    ram = position({"d4": "BHn", "d6": "RLs", "h8": "RHs"}, ramming=True)
    assert refusal(ram, "ram d4 d5 d6") == ("to ram, the tank must end adjacent to an enemy tank, facing it, with "
                                            "speed left to enter its square")


def test_fire_refusals_name_the_rule_broken():
    # Firing: an enemy tank in front, counted in fewer than 6 squares by a route not blocked.
    state = position({"a1": "BDe", "c2": "BLn", "d2": "BLn", "h1": "RLw", "h8": "RHs"},
                     obstacles=["c4:water", "e4:woods"], destroy_obstacles=True, terrain=True)
    assert refusal(state, "fire c2 d2") == "choose an enemy tank as the target"
    assert refusal(state, "fire c2 c3") == "choose an enemy tank as the target"
    assert refusal(state, "fire c2 c4") == ("water cannot be destroyed: a shot at it only makes a splash, so it is "
                                            "not offered")
    assert refusal(state, "fire c2 h1") == "the target must be in front of the firing tank"
    assert refusal(state, "fire a1 h1") == ("a Tank Destroyer counts only squares in a straight line ahead, and none "
                                            "may be blocked")
    assert refusal(state, "fire c2 h8") == ("the range count is 6 or more, or every route is blocked (obstacles, "
                                            "enemy tanks, blocked diagonals)")
    assert "fire c2 e4" in state.legal_actions()  # woods can be shot at


def test_rebuild_and_reserve_refusals():
    # Rebuilds: a destroyed tank of yours, while the counter is above 0, on a free square of your base.
    state = position({"d4": "BLn", "h8": "RHs"}, reserves=True)
    state.destroyed["blue"] = ["M"]
    state.chosen["blue"].append("M")
    assert refusal(state, "rebuild L a1 n") == "you can only rebuild a tank of yours that was destroyed"
    assert refusal(state, "rebuild M d4 n") == "tanks are placed on your home edge (your military base)"
    assert refusal(state, "rebuild M a1 s") == "a tank always faces an adjacent square, never off the edge of the board"
    after = state.apply("rebuild M a1 n")
    assert after.rebuilds["blue"] == 1
    after.destroyed["blue"], after.turn, after._legal = ["H"], "blue", None
    assert refusal(after, "rebuild L b1 n") == "you can only rebuild a tank of yours that was destroyed"
    state.rebuilds["blue"] = 0
    state._legal = None
    assert refusal(state, "rebuild M a1 n") == "you have no rebuilds left"
    # Reserves: two rebuilds at once, once a game, for a counter of a class you have not used up.
    assert refusal(state, "reserve D a1 n") == "a reserve tank costs two rebuilds"
    state.rebuilds["blue"] = 1
    state._legal = None
    assert refusal(state, "reserve D a1 n") == "a reserve tank costs two rebuilds"
    state.rebuilds["blue"] = 2
    state.chosen["blue"] = list("LLLM")
    state.destroyed["blue"] = ["M"]
    state._legal = None
    assert refusal(state, "reserve L a1 n") == "no counter of that class is left in your reserve"
    assert refusal(state.apply("rebuild M a1 n").apply("move h8 h7 s"), "rebuild M b1 n") == \
        "you can only rebuild a tank of yours that was destroyed"
    state.reserve_used["blue"] = True
    state._legal = None
    assert refusal(state, "reserve D a1 n") == "you already brought in your reserve tank"


# -- the board's facts: what the last action changed, its cues, and the odds of each shot and ram ----
def test_a_shot_after_a_bounding_move_rolls_two_range_dice_in_the_facts():
    # Bounding fire: both range dice must beat the range (2 here): (4/6)^2, then a die above armor 4.
    state = position({"d1": "BLn", "d5": "RMs", "h1": "RHs"}, bounding_fire=True).apply("bound d1 d3 n")
    facts = state.facts("blue")
    assert list(facts["last"]) == ["d1", "d3"] and facts["cues"] == [] and facts["paths"] == {}
    assert facts["shots"] == {"fire d3 d5": {"range": 2, "armor": 4, "range_dice": 2, "fire_dice": 1,
                                             "miss": 0.5556, "destroyed": 0.1481, "stunned": 0.0,
                                             "deflected": 0.2963}}
    assert facts["rams"] == {}


def test_stun_odds_and_ram_odds_in_the_facts():
    # Stun: a damage die equal to the armor and none above it. Ramming: each side loses on a roll above its armor.
    state = position({"a4": "BHe", "c4": "RMw", "d2": "BLn", "d3": "RLs", "h8": "RHs"}, stun=True, ramming=True,
                     bounding_fire=True)
    facts = state.facts("blue")
    assert facts["shots"]["fire d2 d3"] == {"range": 1, "armor": 3, "range_dice": 1, "fire_dice": 1,
                                            "miss": 0.1667, "destroyed": 0.4167, "stunned": 0.1389,
                                            "deflected": 0.2778}
    assert facts["shots"]["fire a4 c4"] == {"range": 2, "armor": 4, "range_dice": 1, "fire_dice": 2,
                                            "miss": 0.3333, "destroyed": 0.3704, "stunned": 0.1296,
                                            "deflected": 0.1667}
    assert facts["rams"] == {"ram d2 d2 d3": {"target": 0.5, "rammer": 0.5}}
    heavy = position({"d4": "BHn", "d5": "RLs", "h8": "RHs"}, ramming=True).facts("blue")
    assert heavy["rams"] == {"ram d4 d4 d5": {"target": 0.5, "rammer": 0.1667}}
    light = position({"d4": "BLn", "d5": "RHs", "h1": "RHs"}, ramming=True).facts("blue")
    assert light["rams"] == {"ram d4 d4 d5": {"target": 0.1667, "rammer": 0.5}}
    medium = position({"d1": "BMn", "h8": "RHs"}, bounding_fire=True).facts("blue")["paths"]
    assert medium["bound d1"] == {"d2": ["d2"]}  # speed 2: one square, then fire
    # A Heavy Tank has no bounding move; a Light Tank's bounding routes enter one square less.
    assert "bound a4" not in facts["paths"]
    assert facts["paths"]["bound d2"] == {"c2": ["c2"], "e2": ["e2"]}
    assert facts["paths"]["move d2"]["f2"] == ["e2", "f2"]
    finished = position({"a4": "Bhe", "d2": "BLn", "h8": "RHs"}).facts("blue")
    assert set(finished["paths"]) == {"move d2"}  # a finished tank has no routes


def test_the_route_drawn_to_a_square_is_its_cheapest_a_turn_in_place_counted():
    # Movement: each square entered costs one of the speed, and so does a 90-degree turn in place. A Light
    # Tank on d1 facing north reaches c2 for two (d2, then c2); by c1 it costs three (a turn in place first).
    routes = position({"d1": "BLn", "h8": "RHs"}).facts("blue")["paths"]["move d1"]
    assert routes["c2"] == ["d2", "c2"] and routes["e2"] == ["d2", "e2"]
    assert routes["c1"] == ["c1"]  # the turn in place, then one square


def test_of_equally_short_routes_the_one_for_the_first_final_facing_is_drawn():
    # A Light Tank on d4 facing east reaches f3 by e4, e3 (to end facing east, north or south) or by e4, f4 (to
    # end facing west), three squares either way. The board draws the route of the first final facing in the
    # order e, n, s, w (the first found), never the last one found.
    routes = position({"d4": "BLe", "h8": "RHs"}).facts("blue")["paths"]["move d4"]
    assert routes["f3"] == ["e4", "e3", "f3"] and routes["f5"] == ["e4", "e5", "f5"]


def test_the_last_action_and_its_cues():
    state = position({"d4": "BHn", "d5": "RLs", "h8": "RHs"}, ramming=True)
    both = with_dice(state.copy(), [4, 6]).apply("ram d4 d4 d5").facts(None)
    assert list(both["last"]) == ["d4", "d4", "d5"]
    assert both["cues"] == [{"square": "d5", "text": "Red Light Tank destroyed"},
                            {"square": "d4", "text": "Blue Heavy Tank destroyed"}]
    assert with_dice(state.copy(), [1, 6]).apply("ram d4 d4 d5").facts(None)["cues"] == [
        {"square": "d4", "text": "Blue Heavy Tank destroyed"}]
    assert with_dice(state.copy(), [1, 1]).apply("ram d4 d4 d5").facts(None)["cues"] == []
    shot = position({"a4": "BLe", "c4": "RMw", "h8": "RHs"}, stun=True)
    assert with_dice(shot.copy(), [6, 4]).apply("fire a4 c4").facts(None) == {
        "last": ["a4", "c4"], "cues": [{"square": "c4", "text": "Red Medium Tank stunned"}],
        "fire_route": ["a4", "b4", "c4"]}
    assert with_dice(shot.copy(), [6, 1]).apply("fire a4 c4").facts(None)["cues"] == []  # deflected
    assert with_dice(shot.copy(), [1]).apply("fire a4 c4").facts(None)["cues"] == []  # a miss
    woods = position({"a4": "BHe", "h8": "RHs"}, obstacles=["c4:woods"], destroy_obstacles=True, terrain=True)
    assert with_dice(woods, [6, 5, 1]).apply("fire a4 c4").facts(None)["cues"] == [
        {"square": "c4", "text": "Woods destroyed"}]
    # Victory: both enemy flags held at the start of your turn.
    flags = position({"c5": "BLn", "e6": "BMn", "h8": "RHs"}, flags=(["b2", "c3"], ["c6", "e6"]))
    won = flags.apply("move c5 c6 n").apply("move h8 h7 s")
    assert won.is_over and list(won.facts(None)["last"]) == ["h8", "h7"]
    assert won.facts(None)["cues"] == [{"square": "c6", "text": "Blue holds the flag"},
                                       {"square": "e6", "text": "Blue holds the flag"}]
    # Set-up: the obstacle's square, the placed tank's, the flag's; nothing for a pick.
    start = GAME.new_game(1)
    assert start.facts(None) == {"last": [], "cues": []}
    rolled = start.apply("roll")
    assert rolled.facts(None)["last"] == [rolled.last_roll["square"]]
    deploy = upto("deploy")
    placed = deploy.apply(deploy.legal_actions()[0])
    assert list(placed.facts(None)["last"]) == [deploy.legal_actions()[0].split()[2]]
    flag = upto("flags")
    assert list(flag.apply("flag b2").facts(None)["last"]) == ["b2"]
    assert upto("pick").apply("pick L").facts(None)["last"] == []


# -- the odds the bots reckon with ------------------------------------------------------------------
def test_each_ram_outcome_has_its_chance_and_dice_that_make_it_happen():
    # Ramming: the ram die destroys the target on a roll above its armor, the defence die the rammer.
    state = position({"d4": "BLn", "d5": "RHs", "h8": "RHs"}, ramming=True)
    rammer, target = sq_parse("d4"), sq_parse("d5")
    outcomes = state.ram_outcomes(rammer, target)  # Heavy armor 5: 1/6; Light armor 3: 3/6
    assert outcomes == [(5 / 6 * 3 / 6, [1, 1], "ram"), (1 / 6 * 3 / 6, [6, 1], "ram"),
                        (5 / 6 * 3 / 6, [1, 6], "ram"), (1 / 6 * 3 / 6, [6, 6], "ram")]
    for _, dice, _ in outcomes:
        after = with_dice(state.copy(), dice).apply("ram d4 d4 d5")
        assert (tank(after, "d5") is None, tank(after, "d4") is None) == (dice[0] == 6, dice[1] == 6)
    assert state.ram_outcomes(target, rammer)[1] == (3 / 6 * 5 / 6, [6, 1], "ram")


def test_the_kill_chance_is_the_destroyed_share_of_the_fire_outcomes():
    state = position({"a4": "BHe", "c4": "RLw", "h8": "RHs"}, stun=True)  # a Light Tank: armor 3
    shooter, target = sq_parse("a4"), sq_parse("c4")
    assert state.kill_chance(shooter, target, 2) == pytest.approx(4 / 6 * (1 - (3 / 6) ** 2))
    assert state.kill_chance(shooter, target, 2) == pytest.approx(state.facts("blue")["shots"]["fire a4 c4"]["destroyed"],
                                                                 abs=1e-4)
    outcomes = state.fire_outcomes(shooter, target, 2)
    # The dice of each outcome are faces of a die: the lowest for a miss or a deflection, the highest for a kill.
    assert [(dice, result) for _, dice, result in outcomes] == [
        ([1], "miss"), ([6, 6, 6], "destroyed"), ([6, 3, 3], "stunned"), ([6, 1, 1], "deflected")]
    for _, dice, result in outcomes:  # the dice of each outcome give that result
        assert with_dice(state.copy(), dice).apply("fire a4 c4").last_roll["result"] == result
    assert sum(p for p, _, _ in outcomes) == pytest.approx(1)


def test_a_format_1_position_with_a_third_seat_is_refused_even_when_the_first_two_match():
    # A Bitskrieg game has two players: a per-seat list of three in an old save is not that game.
    data = stored(OLD["game"])
    data["state"]["flags"].append(data["state"]["flags"][0])
    with pytest.raises(SaveError, match="does not match its own moves"):
        GAME.from_json(json.dumps(data))


# -- the words of the log ---------------------------------------------------------------------------
def said(before, action, dice=()):
    """The lines everyone reads for `action` played on `before` with scripted dice."""
    before = with_dice(before.copy(), list(dice))
    return [text for text, _ in GAME.narrate(before, before.apply(action))]


def test_a_ram_from_where_the_tank_stands_and_each_side_s_fate():
    state = position({"d4": "BHn", "d5": "RLs", "h8": "RHs"}, ramming=True)
    assert said(state, "ram d4 d4 d5", [4, 6]) == [
        "Blue's Heavy Tank rams the Red Light Tank on d5",
        "Ram die 4 beats armor 3: the Light Tank on d5 is destroyed; defence die 6 beats armor 5: the Heavy Tank "
        "on d4 is destroyed.",
        "Red wins: every Blue tank destroyed."]  # Red still has a tank on h8
    lost = with_dice(state.copy(), [4, 6]).apply("ram d4 d4 d5")
    assert (lost.winner, lost.won_by) == ("red", "destroyed")
    assert said(state, "ram d4 d4 d5", [1, 1])[1] == (
        "Ram die 1 does not beat armor 3: the Light Tank on d5 survives, finished; defence die 1 does not beat "
        "armor 5: the Heavy Tank on d4 survives, finished.")


def test_obstacles_shot_at_are_named_by_what_they_are():
    plain = position({"a4": "BHe", "h8": "RHs"}, obstacles=["c4"], destroy_obstacles=True)
    assert said(plain, "fire a4 c4", [6, 5, 1]) == [
        "Blue's Heavy Tank on a4 fires at the obstacle on c4 (range 2)",
        "Range die 6 beats range 2: a hit. Damage dice 5 and 1 against armor 4: the obstacle is destroyed."]
    building = position({"a4": "BHe", "h8": "RHs"}, obstacles=["c4:building"], destroy_obstacles=True, terrain=True)
    assert said(building, "fire a4 c4", [6, 5, 1])[1].endswith("against armor 4: the building is destroyed.")
    assert said(building, "fire a4 c4", [6, 4, 1])[1] == (
        "Range die 6 beats range 2: a hit. Damage dice 4 and 1 against armor 4, none above it: deflected.")


def test_counts_in_the_log_agree_with_their_number():
    one = position({"d4": "Bln", "a1": "BLn", "h8": "RHs"})
    assert said(one, "flip") == ["Blue flips 1 finished tank to ready"]
    rebuild = position({"d4": "BLn", "h8": "RHs"})
    rebuild.destroyed["blue"] = ["M"]
    rebuild.chosen["blue"].append("M")
    rebuild.rebuilds["blue"] = 3
    assert said(rebuild, "rebuild M a1 n") == [
        "Blue rebuilds a Medium Tank on a1 facing north, finished side up (2 rebuilds left)"]
    assert said(upto("axis", axis_chooser="blue"), "axis ew") == ["Blue chooses the east-west axis"]
    home = upto("home", axis_chooser="blue")
    assert said(home, "home s") == ["Red takes the south edge as home and will play first"]


# -- notation ---------------------------------------------------------------------------------------
def test_notation_is_read_in_any_case_and_written_in_one():
    assert GAME.canonical_action("PICK l") == "pick L"
    assert GAME.canonical_action("Deploy m A1 N") == "deploy M a1 n"
    assert GAME.canonical_action("REBUILD d h8 s") == "rebuild D h8 s"
    assert GAME.canonical_action("Move B1 C3 N") == "move b1 c3 n"
    assert GAME.canonical_action("Roll Woods") == "roll woods"
    for wrong in ("move b1 c3", "pick x", "fire b1 i5", "flag c9", "home x", "axis nw", "flipped"):
        with pytest.raises(IllegalAction) as err:
            GAME.canonical_action(wrong)
        assert str(err.value) == (f"{wrong!r} is not Bitskrieg notation (e.g. 'move b1 c3 n', 'fire b1 e5', "
                                  "'flip', 'pick L', 'deploy M a1 n', 'flag c3')")


# -- reverse, ram and hold at their edges -----------------------------------------------------------
def test_a_reversing_tank_cannot_back_into_an_obstacle():
    # Reverse movement: one square straight back, into a square the tank could enter and stop on.
    state = position({"d4": "BMn", "h8": "RHs"}, obstacles=["d3"], reverse=True)
    assert [a for a in state.legal_actions() if a.startswith("back")] == ["back d4 c4 e", "back d4 e4 w"]
    assert refusal(state, "back d4 d3 n") == ("a reverse move goes exactly one square straight back into a square "
                                              "where it can stop")


def test_a_rammer_ends_facing_what_it_rammed_and_only_a_roll_above_armor_destroys():
    # Ramming: a turn in place then the ram; each tank survives a die equal to its armor.
    north = position({"d4": "BMe", "d5": "RLs", "h8": "RHs"}, ramming=True)
    after = with_dice(north, [3, 4]).apply("ram d4 d4 d5")  # 3 = Light armor, 4 = Medium armor
    assert tank(after, "d4") == ["blue", "M", "n", False] and tank(after, "d5") == ["red", "L", "s", False]
    east = position({"d4": "BMn", "e4": "RLs", "h8": "RHs"}, ramming=True)
    assert tank(with_dice(east, [1, 1]).apply("ram d4 d4 e4"), "d4") == ["blue", "M", "e", False]
    west = position({"d4": "BMn", "c4": "RLs", "h8": "RHs"}, ramming=True)
    assert tank(with_dice(west, [1, 1]).apply("ram d4 d4 c4"), "d4") == ["blue", "M", "w", False]


def test_holding_fire_finishes_the_bounding_tank_and_ends_the_turn():
    state = position({"d1": "BLn", "d5": "RMs", "h1": "RHs"}, bounding_fire=True).apply("bound d1 d3 n")
    held = state.apply("hold")
    assert tank(held, "d3") == ["blue", "L", "n", False] and held.to_play == "red" and held.phase == "play"
    assert held.bounding is None


def test_only_an_enemy_tank_is_rammed_and_never_from_a_square_the_rammer_cannot_stop_on():
    # Ramming: the rammer ends adjacent to an enemy it faces, on a square it could stop on.
    state = position({"d2": "BLn", "d3": "BMn", "d4": "RLs", "h8": "RHs"}, ramming=True)
    assert sorted(a for a in state.legal_actions() if a.startswith("ram")) == ["ram d3 d3 d4"]  # not the own Medium
    flag = position({"d2": "BLn", "d4": "RLs", "h8": "RHs"}, flags=(["d3"], []), ramming=True)
    assert not any(a.startswith("ram") for a in flag.legal_actions())  # d3 is its own flag
    through = position({"d2": "BLn", "d3": "BMs", "d5": "RLs", "h8": "RHs"}, ramming=True)
    assert "ram d2 d4 d5" in through.legal_actions()  # it passes its own tank on the way
    home_row = position({"d1": "BMn", "d2": "RLs", "h8": "RHs"}, ramming=True)
    assert [a for a in home_row.legal_actions() if a.startswith("ram")] == ["ram d1 d1 d2"]


def test_a_bot_rebuilds_the_secret_picks_from_what_it_may_see():
    # Step 2: picks are secret until deployed; a bot deals the hidden ones from the counters not yet seen.
    state = upto("deploy")
    seat = state.turn
    for _ in range(2):
        state = state.apply(state.legal_actions()[0])
    other = "red" if seat == "blue" else "blue"
    view = state.view(other)
    assert view["state"]["hand"][seat] == {"hidden": 3}
    on_board = sorted(t[1] for t in state.tanks.values() if t[0] == seat)
    for n in range(5):
        rebuilt = GAME.state_from_view(view, Rng.from_seed(n, "edges"))
        rebuilt.check_invariants()
        assert len(rebuilt.hand[seat]) == 3 and sorted(rebuilt.chosen[seat]) == sorted(on_board + rebuilt.hand[seat])
        assert rebuilt.hand[other] == state.hand[other]  # its own picks it knows


def test_the_second_flag_is_offered_on_every_free_dice_square_off_the_first_flags_row_and_column():
    # Step 4: flags on free squares with dice symbols, the two not in one row or column.
    state = upto("flags")
    first = next(a for a in state.legal_actions() if a[-2] != "abcdefgh"[int(a[-1]) - 1])  # off the diagonal
    state = state.apply(first)
    x0, y0 = sq_parse(first.split()[1]) % 8, sq_parse(first.split()[1]) // 8
    assert x0 != y0
    taken = set(state.obstacles) | set(state.tanks) | set(state.flags["blue"] + state.flags["red"])
    expected = {f"flag {sq_name(y * 8 + x)}" for x in range(1, 7) for y in range(1, 7)
                if y * 8 + x not in taken and x != x0 and y != y0}
    assert set(state.legal_actions()) == expected and len(expected) > 10


def test_reach_counts_standing_still_as_nothing_and_a_turn_in_place_as_one_square():
    state = position({"d4": "BLn", "h8": "RHs"})
    reach = state.reach(square("d4"), 3)
    assert reach[(square("d4"), "n")] == (0, ())
    assert reach[(square("d4"), "e")] == reach[(square("d4"), "w")] == (1, (square("d4"),))
    assert reach[(square("d5"), "n")] == (1, (square("d5"),))


def test_rebuilds_are_offered_in_class_order_light_medium_heavy_destroyer():
    state = position({"d4": "BLn", "h8": "RHs"})
    state.destroyed["blue"] = ["H", "D", "L", "H"]
    state.chosen["blue"] += ["H", "D", "L", "H"]
    state._legal = None
    offered = [action.split()[1] for action in state.legal_actions() if action.startswith("rebuild")]
    assert list(dict.fromkeys(offered)) == ["L", "H", "D"]


def test_deployments_are_offered_in_class_order_light_medium_heavy_destroyer():
    state = upto("deploy")
    state.hand[state.turn] = ["D", "H", "M", "L"]
    state._legal = None
    offered = [action.split()[1] for action in state.legal_actions()]
    assert list(dict.fromkeys(offered)) == ["L", "M", "H", "D"]


def test_a_range_is_counted_only_over_squares_in_front_never_round_by_the_squares_beside():
    # An obstacle ahead of a tank on d4 facing north blocks d5 and bars the diagonals beside it (c5, e5); the
    # squares level with the tank (c4, e4) are not in front of it, so no count goes round by them.
    blocked = position({"d4": "BLn", "h8": "RHs"}, obstacles=["d5"])
    assert blocked.ranges(square("d4"), {square("d7"), square("c6"), square("b6")}) == {}


def test_each_target_keeps_its_own_shortest_count_when_several_are_counted_at_once():
    state = position({"d1": "BLn", "h8": "RHs"})
    assert state.ranges(square("d1"), {square("d3"), square("b4"), square("d6")}) == {
        square("d3"): 2, square("b4"): 3, square("d6"): 5}


def test_a_new_game_shows_no_axis_no_first_player_and_no_roll_yet():
    seen = GAME.new_game(1).view("blue")["state"]
    assert seen["axis"] is None and seen["first"] is None and seen["last_roll"] is None


def test_a_finished_game_offers_no_action_to_anyone():
    import random
    pick, state = random.Random(0), GAME.new_game(0)
    while not state.is_over:
        state = state.apply(pick.choice(state.legal_actions()))
    assert state.phase == "over" and state.legal_actions() == []


def test_the_kill_chance_is_the_chance_the_shot_destroys_its_target():
    state = position({"a4": "BLe", "c4": "RMw", "h8": "RHs"})
    shot = state.facts("blue")["shots"]["fire a4 c4"]
    chance = state.kill_chance(square("a4"), square("c4"), shot["range"])
    assert round(chance, 4) == shot["destroyed"] and 0 < chance < shot["miss"]
