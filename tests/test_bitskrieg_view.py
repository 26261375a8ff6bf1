"""Bitskrieg's view pipeline (issue 16): the board is drawn from a seat's view only, its rule facts
come from State.facts, secrets never reach another seat's SVG, and the engine's own checks can fail."""

import ast
import copy
import json
import os

import pytest

from game_core.bitskrieg import GAME, render, status_text, tray
from game_core.bitskrieg.rules import sq_parse
from game_core.bitskrieg.svg import WIDE
from game_core.engine import BrokenInvariant
from game_core.rng import Rng

from test_bitskrieg_rules import position

HERE = os.path.dirname(os.path.abspath(__file__))


def played(seed, steps, options=None):
    state, rng = GAME.new_game(seed, options), Rng.from_seed(seed, "view")
    while not state.is_over and len(state.actions) < steps:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def imports_of(name):
    tree = ast.parse(open(os.path.join(HERE, "..", "game_core", "bitskrieg", name)).read())
    imported = set()
    for node in ast.walk(tree):
        assert not isinstance(node, ast.Import)
        if isinstance(node, ast.ImportFrom):
            imported |= {(node.level, node.module)} if node.module else {(node.level, a.name) for a in node.names}
    return imported


def test_renderer_imports_no_rules():
    # game_core.svg helpers, this game's data, its typed actions and its words (which read only the data) only
    assert imports_of("svg.py") <= {(2, "svg"), (1, "data"), (1, "actions"), (1, "words")}, imports_of("svg.py")
    assert imports_of("words.py") <= {(1, "data")}, imports_of("words.py")


def test_same_svg_from_a_json_round_trip_of_the_view():
    for seed, steps in ((1, 12), (2, 40), (3, 90), (4, 400)):
        state = played(seed, steps, {"ramming": True, "bounding_fire": True, "reverse": True})
        for seat in ("blue", "red", None):
            view = state.view(seat)
            again = json.loads(json.dumps(view))
            assert render(view, {}) == render(again, {})
            assert status_text(view) == status_text(again)
            assert tray(view, {}) == tray(again, {})


def test_a_secret_pick_never_reaches_the_other_seats_board():
    state = GAME.new_game(4, {"axis_chooser": "blue"})
    while state.phase == "obstacles":
        state = state.apply("roll")
    for _ in range(3):
        state = state.apply("pick D")  # Blue's secret: three Tank Destroyers
    assert ">TD<" in render(state.view("blue"), {})
    for seat in ("red", None):
        view = state.view(seat)
        assert view["state"]["hand"]["blue"] == {"hidden": 3} and view["state"]["chosen"]["blue"] == {"hidden": 3}
        svg = render(view, {})
        assert ">TD<" not in svg and "Tank Destroyer" not in svg and '"D"' not in json.dumps(view)
        assert svg.count(">?<") == 3
    for letter in "HHHHMMM":
        state = state.apply(f"pick {letter}")
    red = state.view("blue")["state"]
    assert red["hand"]["red"] == {"hidden": 5}
    assert ">TD<" not in render(state.view("blue"), {"curtain": True})  # the hand-over curtain hides one's own


def test_the_board_shows_the_facts_of_the_engine_not_its_own_sums():
    state = position({"a4": "BLe", "c4": "RMw", "h8": "RHs"})
    view = state.view("blue")
    shot = view["facts"]["shots"]["fire a4 c4"]
    assert shot["range"] == 2 and shot["armor"] == 4 and shot["destroyed"] == pytest.approx(4 / 6 * 2 / 6, abs=1e-4)
    assert sum(shot[r] for r in ("miss", "destroyed", "stunned", "deflected")) == pytest.approx(1, abs=1e-3)
    planted = copy.deepcopy(view)
    planted["facts"]["shots"]["fire a4 c4"].update(range=5, destroyed=0.77)
    svg = render(planted, {"tank": "a4"})
    assert "range 5, 77% to destroy" in svg and ">77%<" in svg
    planted["facts"]["paths"]["move a4"]["b4"] = ["a5", "b5", "b4"]  # a route the renderer cannot have made up
    points = " ".join(f"{x:g},{y:g}" for x, y in (WIDE.centre(sq_parse(s)) for s in ("a4", "a5", "b5", "b4")))
    assert f'<polyline points="{points}"' in render(planted, {"tank": "a4", "to": "move a4 b4"})


def test_paths_are_the_cheapest_route_to_each_square():
    state = position({"d1": "BLn", "h8": "RHs"}, obstacles=["d3"])
    paths = state.view("blue")["facts"]["paths"]["move d1"]
    assert paths["d2"] == ["d2"]
    assert paths["e3"] == ["d2", "e2", "e3"]
    assert "d4" not in paths  # behind the obstacle, out of reach in three squares
    assert state.view("red")["facts"].keys() == {"last", "cues"}  # the waiting seat gets no shots or routes


def test_check_invariants_catches_corrupted_positions():
    def corrupt(change):
        state = position({"d4": "BLn", "e5": "RHs"}, obstacles=["b2"], flags=(["c3", "f6"], ["d6", "e3"]))
        state.check_invariants()
        change(state)
        with pytest.raises(BrokenInvariant):
            state.check_invariants()

    corrupt(lambda s: s.tanks.update({sq_parse("b2"): ["blue", "M", "n", True, "x"]}))  # on an obstacle
    corrupt(lambda s: s.tanks[sq_parse("d4")].__setitem__(2, "x"))                # no such facing
    corrupt(lambda s: s.tanks[sq_parse("d4")].__setitem__(1, "Z"))                # no such class
    corrupt(lambda s: s.tanks[sq_parse("e5")].__setitem__(4, "t0"))               # two ids alike
    corrupt(lambda s: s.destroyed["blue"].append("L"))                                 # in two places
    corrupt(lambda s: s.chosen["red"].extend("HHH"))                                  # four Heavies
    corrupt(lambda s: s.rebuilds.__setitem__("red", -1))
    corrupt(lambda s: s.flags["blue"].append(sq_parse("b6")))                          # a third flag
    corrupt(lambda s: s.flags["red"].__setitem__(0, sq_parse("a6")))                  # a flag on the edge
    corrupt(lambda s: s.flags["red"].__setitem__(0, sq_parse("b2")))                  # a flag under an obstacle
    corrupt(lambda s: s.obstacles.update({sq_parse(q): "obstacle" for q in ("c6", "d7", "e7", "f7", "g7", "b7")}))
    corrupt(lambda s: [s.tanks.pop(sq_parse("e5")), s.destroyed["red"].append("H")])  # Red plays on with no tank
    corrupt(lambda s: s.__dict__.update(phase="bound", bounding=sq_parse("e5")))     # the enemy's tank bounds


def test_copy_shares_no_list_with_the_original():
    state = played(5, 60, {"reserves": True})
    before = state.to_json()
    twin = state.copy()
    for value in vars(twin).values():
        if isinstance(value, list):
            for item in value:
                if isinstance(item, list):
                    item.append("x")
            value.append("x")
        elif isinstance(value, dict) and value is not twin.options:
            for item in value.values():
                if isinstance(item, list):
                    item.append("x")
            value[-1] = "x"
    assert state.to_json() == before


def test_placing_a_flag_leaves_the_old_state_as_it_was():
    state = GAME.new_game(6)
    while state.phase != "flags":
        state = state.apply(state.legal_actions()[0])
    flags = json.dumps(state.to_dict()["flags"])
    state.apply(state.legal_actions()[0])
    assert json.dumps(state.to_dict()["flags"]) == flags
