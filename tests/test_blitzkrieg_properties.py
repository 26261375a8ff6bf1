"""Blitzkrieg! over many seeded random games: invariants, determinism, saves, notation, illegal moves."""

import json
import subprocess
import sys

import pytest

from game_core import IllegalAction
from game_core.blitzkrieg import GAME
from game_core.rng import Rng


def test_the_box_holds_60_tokens_in_the_bags_and_the_research_pile():
    bags, research = GAME.new_game(1).starting_tokens()
    assert sum(len(tokens) for tokens in bags.values()) + len(research) == 60


def random_game(seed, check=None):
    """Play one game with uniformly random legal actions; call check(before, after) each step."""
    rng = Rng.from_seed(seed, "test")
    state = GAME.new_game(seed)
    while not state.is_over:
        new = state.apply(rng.choice(state.legal_actions()))
        if check:
            check(state, new)
        state = new
    return state


def check_invariants(before, state):
    state.check_invariants()
    for seat in GAME.seats:
        assert state.vp[seat] >= before.vp[seat]
    # only the player to move acts: a turn's decisions all belong to the seat that began it
    if before.decision is not None:
        assert state.turn == before.turn or state.decision is None
    assert state.is_over == (state.legal_actions() == [])


@pytest.mark.parametrize("games", [150, pytest.param(1000, marks=pytest.mark.long)])  # CI: a sample; the long set: all
def test_invariants_over_1000_random_games(games):
    wins = {seat: 0 for seat in GAME.seats}
    for seed in range(games):
        final = random_game(seed, check_invariants)
        wins[final.winner] += 1
    assert min(wins.values()) > games / 10  # both sides win sometimes


def test_same_seed_same_actions_same_json():
    first = random_game(7)
    second = GAME.replay(7, None, first.actions)
    assert first.to_json() == second.to_json()


def test_json_round_trip_mid_game_and_at_the_end():
    final = random_game(11)
    middle = GAME.replay(11, None, final.actions[: len(final.actions) // 2])
    for state in (middle, final):
        loaded = GAME.from_json(state.to_json())
        assert loaded.to_json() == state.to_json()
        assert loaded.legal_actions() == state.legal_actions()


def test_illegal_actions_leave_the_state_unchanged():
    rng = Rng.from_seed(3, "illegal")
    state = GAME.new_game(3)
    for _ in range(30):
        if state.is_over:
            break
        before = state.to_json()
        legal = set(state.legal_actions())
        for attempt in ("A1@WE3.3", "N1@EE1.1", "pass", "sa:WE", "fx:WE1.1", "SCI@SA2.3", "NUKE@PO1.1"):
            if attempt not in legal:
                with pytest.raises(IllegalAction) as err:
                    state.apply(attempt)
                assert str(err.value)
                assert state.to_json() == before
        state = state.apply(rng.choice(sorted(legal)))


def test_notation_round_trip_for_every_legal_action():
    seen = set()
    for seed in range(40):
        rng = Rng.from_seed(seed, "notation")
        state = GAME.new_game(seed)
        while not state.is_over:
            legal = state.legal_actions()
            assert len(legal) == len(set(legal))
            for action in legal:
                assert GAME.parse_action(state, str(action)) == action
                assert GAME.parse_action(state, action.lower()) == action
                assert GAME.describe_action(state, action)
                seen.add(action.split("@")[0].split(":")[0])
            state = state.apply(rng.choice(legal))
    assert {"pass", "sa", "fx", "SPY", "SCI", "NUKE"} <= seen


def test_views_hide_the_opponents_reserve_and_the_research_pile():
    state = random_game(5)
    state = GAME.replay(5, None, state.actions[:10])
    view = state.view("axis")["state"]
    assert view["reserves"]["axis"] == state.reserves["axis"]
    assert view["reserves"]["allies"] == {"hidden": len(state.reserves["allies"])}
    assert view["research"] == {"hidden": len(state.research)}
    assert view["bags"]["allies"] == {"hidden": len(state.bags["allies"])}
    spectator = state.view(None)["state"]
    assert spectator["reserves"]["axis"] == {"hidden": len(state.reserves["axis"])} and "rng" not in spectator


def test_simulate_cli_exits_zero():
    done = subprocess.run([sys.executable, "-m", "game_core", "simulate", "blitzkrieg", "--games", "20",
                           "--seed", "1", "--json"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["finished"] == 20 and result["errors"] == 0
