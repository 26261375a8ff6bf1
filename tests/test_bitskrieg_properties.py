"""Bitskrieg properties over many seeded random games: invariants, determinism, saves, notation."""

import json
import subprocess
import sys

import pytest

from game_core import games
from game_core.bitskrieg import GAME
from game_core.bitskrieg.rules import edge_squares, is_dice_square
from game_core.engine import IllegalAction
from game_core.rng import Rng

BOOLEAN_OPTIONS = [o.name for o in GAME.options if isinstance(o.default, bool)]


def random_options(rng):
    options = {name: rng.random() < 0.5 for name in BOOLEAN_OPTIONS}
    if options["handicapping"]:
        options["rebuilds_blue"], options["rebuilds_red"] = rng.below(5), rng.below(5)
    return options


def aggressive_choice(state, rng):
    """Random play that prefers shots, so games end in a few hundred actions."""
    legal = state.legal_actions()
    shots = [a for a in legal if a.startswith(("fire", "ram"))]
    return rng.choice(shots if shots and rng.random() < 0.8 else legal)


def check_invariants(state):
    state.check_invariants()
    if not state.is_over:
        assert state.legal_actions(), "the player to move always has a legal action"


@pytest.mark.parametrize("games", [250, pytest.param(1000, marks=pytest.mark.long)])  # CI: a sample; the long set: all
def test_thousand_random_games_keep_invariants(games):
    setups = 0
    for seed in range(games):
        rng = Rng.from_seed(seed, "props")
        state = GAME.new_game(seed, random_options(rng))
        # Every game plays its whole set-up; every 25th game is played to the end.
        limit = GAME.max_actions if seed % 25 == 0 else 45
        while not state.is_over and len(state.actions) < limit:
            state = state.apply(aggressive_choice(state, rng))
            check_invariants(state)
        setups += state.phase not in ("obstacles", "pick", "axis", "home", "deploy", "flags")
        if seed % 25 == 0:
            assert state.is_over and state.winner in ("blue", "red")
    assert setups == games


def test_home_edges_and_setup_sequence():
    state = GAME.new_game(7, {"axis_chooser": "blue"})
    rng = Rng.from_seed(7)
    while state.phase == "obstacles":
        state = state.apply("roll")
    assert len(state.obstacles) == 6 and all(is_dice_square(sq) for sq in state.obstacles)
    for letter in "LLMHD":
        state = state.apply(f"pick {letter}")
    assert state.to_play == "red"
    red_view = state.view("red")["state"]
    assert red_view["hand"]["blue"] == {"hidden": 5} and "rng" not in red_view
    for letter in "HHHDD":
        state = state.apply(f"pick {letter}")
    with pytest.raises(IllegalAction):
        state.apply("home n")
    state = state.apply("axis ew").apply("home w")
    assert state.first == "red" and state.home == {"blue": "e", "red": "w"}
    while state.phase == "deploy":
        state = state.apply(rng.choice(state.legal_actions()))
    assert {sq for sq, t in state.tanks.items() if t[0] == "red"} <= set(edge_squares("w"))
    state = state.apply("flag c3")
    assert "flag c5" not in state.legal_actions() and "flag e3" not in state.legal_actions()
    with pytest.raises(IllegalAction, match="row or a column"):
        state.apply("flag c5")
    with pytest.raises(IllegalAction, match="dice symbols"):
        state.apply("flag a3")


def play_random(seed, options, steps):
    rng = Rng.from_seed(seed, "det")
    state = GAME.new_game(seed, options)
    while not state.is_over and len(state.actions) < steps:
        state = state.apply(aggressive_choice(state, rng))
    return state


@pytest.mark.parametrize("seed", range(6))
def test_determinism_and_save_round_trip(seed):
    options = random_options(Rng.from_seed(seed, "opts"))
    first, second = play_random(seed, options, 150), play_random(seed, options, 150)
    assert first.to_json() == second.to_json()
    loaded = GAME.from_json(first.to_json())
    assert loaded.to_json() == first.to_json()
    assert GAME.replay(seed, options, first.actions).to_json() == first.to_json()


@pytest.mark.parametrize("seed", range(6))
def test_notation_round_trip_and_illegal_actions_leave_state_unchanged(seed):
    options = random_options(Rng.from_seed(seed, "opts"))
    rng = Rng.from_seed(seed, "nota")
    state = GAME.new_game(seed, options)
    while not state.is_over and len(state.actions) < 120:
        legal = state.legal_actions()
        for action in legal:
            assert GAME.parse_action(state, str(action)) == action
            assert GAME.parse_action(state, "  " + action.upper() + " ") == action
        before = state.to_json()
        for bad in ("move a1 a1 n", "fire h8 a1", "pick L", "flag a1", "rebuild D h8 n", "flip", "hold"):
            if bad not in legal:
                with pytest.raises(IllegalAction) as info:
                    state.apply(bad)
                assert str(info.value)
        for malformed in ("jump a1", "move a9 a1 n", "", "fire a1"):
            with pytest.raises(IllegalAction):
                state.apply(malformed)
        assert state.to_json() == before
        state = state.apply(aggressive_choice(state, rng))


def test_option_validation():
    with pytest.raises(ValueError):
        GAME.new_game(1, {"stun": "yes"})
    with pytest.raises(ValueError):
        GAME.new_game(1, {"rebuilds_red": 9})
    with pytest.raises(ValueError):
        GAME.new_game(1, {"fog": True})
    assert "bitskrieg" in games.names()


def test_simulate_cli_exits_zero():
    result = subprocess.run([sys.executable, "-m", "game_core", "simulate", "bitskrieg", "--games", "10",
                             "--seed", "1", "--json"], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    report = json.loads(result.stdout)
    assert report["finished"] == 10 and report["errors"] == 0
