"""Fall Blau properties over many seeded games, saves, notation, the board and the advisor."""

import json
import re
import subprocess
import sys

import pytest

from game_core import games
from game_core.cli import simulate
from game_core.engine import IllegalAction, run_bot
from game_core.fall_blau import BOTS, GAME, data, render, status_text, tray
from game_core.fall_blau.bots import estimate_win_chance
from game_core.rng import Rng

MODES = ({}, {"hard": True}, {"missions": True}, {"hard": True, "missions": True, "general_pool": "six"})


def random_game(seed, options):
    """A random game checked after every action; it skips apply()'s re-validation to stay quick."""
    state = GAME.new_game(seed, options)
    rng = Rng.from_seed(seed, "props")
    while not state.is_over:
        action = rng.choice(state.legal_actions())
        state = state.copy()
        state.do(GAME.read_action(action))
        state.actions += (action,)
        state.check_invariants()
    return state


@pytest.mark.parametrize("games", [150, pytest.param(1000, marks=pytest.mark.long)])  # CI: a sample; the long set: all
def test_a_thousand_random_games_keep_the_invariants(games):
    for seed in range(games):
        state = random_game(seed, MODES[seed % len(MODES)])
        assert state.calendar <= data.WINTER and len(state.actions) < GAME.max_actions


def test_same_seed_and_actions_give_the_same_game():
    first = random_game(42, {"missions": True})
    again = GAME.replay(42, {"missions": True}, first.actions)
    assert again.to_json() == first.to_json()


def test_json_round_trip_and_redaction():
    state = GAME.new_game(5, {"hard": True})
    rng = Rng.from_seed(5, "rt")
    for _ in range(40):
        state = state.apply(rng.choice(state.legal_actions()))
        assert GAME.from_json(state.to_json()).to_json() == state.to_json()
    view = state.view("player")["state"]
    assert view["deck"] == {"hidden": len(state.deck)} and "rng" not in view
    assert view["mission_deck"] == {"hidden": len(state.mission_deck)}
    assert view["deck_count"] == len(state.deck)


def test_kleist_reveals_the_top_event():
    state = GAME.new_game(2)
    for general in ("kleist", "hoth", "paulus"):
        state = state.apply(f"general {general}")
    assert state.view("player")["state"]["deck_top"] == state.deck[-1]
    other = GAME.new_game(2)
    for general in ("ruoff", "hoth", "paulus"):
        other = other.apply(f"general {general}")
    assert other.view("player")["state"]["deck_top"] is None


def test_notation_round_trip_and_illegal_actions_leave_the_state_alone():
    for seed in range(30):
        state = GAME.new_game(seed, MODES[seed % len(MODES)])
        rng = Rng.from_seed(seed, "notation")
        while not state.is_over:
            legal = state.legal_actions()
            for action in legal:
                assert GAME.parse_action(state, str(action)) == action
                assert GAME.describe_action(state, action)
            before = state.to_json()
            for probe in ("attack hoth 3", "advance paulus stalingrad", "play stuka", "reorg - - -", "rally hoth",
                          "discard zhukov", "deploy 2", "general salmuth", "consolidate ruoff"):
                if probe not in legal:
                    with pytest.raises(IllegalAction) as err:
                        state.apply(probe)
                    assert str(err.value)
            assert state.to_json() == before
            state = state.apply(rng.choice(legal))
        with pytest.raises(IllegalAction, match="over"):
            state.apply("end")


def clicks(state, ui):
    """Every action the board and the tray offer."""
    view = state.view("player")
    board = re.findall(r'data-action="([^"]+)"', render(view, ui))
    return board + [item["action"] for item in tray(view, ui) if item["action"]]


def test_board_offers_only_legal_clicks_and_always_one():
    for seed in range(12):
        state = GAME.new_game(seed, MODES[seed % len(MODES)])
        rng = Rng.from_seed(seed, "board")
        while not state.is_over:
            legal = state.legal_actions()
            ui = {"general": rng.choice(state.slots), "boost": rng.choice(state.hand) if state.hand else None,
                  "panel": "reorg", "interactive": True}
            offered = clicks(state, ui)
            assert offered and set(offered) <= set(legal)
            view = json.loads(json.dumps(state.view("player")))
            assert render(view, ui) == render(state.view("player"), ui)
            quiet = render(view, {**ui, "interactive": False})
            assert "data-action" not in quiet and "data-command" not in quiet
            assert tray(view, {**ui, "interactive": False}) == []
            assert status_text(view)
            state = state.apply(rng.choice(legal))
        assert "data-action" not in render(state.view("player"), {})
        assert status_text(state.view("player"))


def test_clicking_the_board_and_tray_alone_finishes_a_game():
    state = GAME.new_game(11)
    rng = Rng.from_seed(11, "clicks")
    while not state.is_over:
        ui = {"general": rng.choice(state.slots), "panel": "reorg", "interactive": True}
        state = state.apply(rng.choice(clicks(state, ui)))
    assert state.result in ("defeat", "victory", "brilliant")


def test_advisor_plays_a_whole_game_from_the_view():
    bot = BOTS["advisor"]
    state = GAME.new_game(9, {"missions": True})
    rng = Rng.from_seed(9, "advisor")
    while not state.is_over:
        state = state.apply(run_bot(bot, GAME, state.view("player"), rng))
    assert state.result


def test_advisor_win_chance_estimate():
    state = GAME.new_game(4)
    for general in ("paulus", "hoth", "kleist"):
        state = state.apply(f"general {general}")
    chance = estimate_win_chance(state.view("player"), Rng.from_seed(4, "est"), games=5)
    assert chance == estimate_win_chance(state.view("player"), Rng.from_seed(4, "est"), games=5)
    state = state.copy()
    state.calendar = data.WINTER - 1  # the last turn: the score is all but settled
    state.vp = 29
    assert estimate_win_chance(state.view("player"), Rng.from_seed(4, "est"), games=5) == 1.0
    state.vp = 3
    assert estimate_win_chance(state.view("player"), Rng.from_seed(4, "est"), games=5) == 0.0


def test_registered_and_cli_simulation_exits_cleanly():
    assert games.get("fall-blau") is GAME
    done = subprocess.run([sys.executable, "-m", "game_core", "simulate", "fall-blau", "--games", "20",
                           "--seed", "1", "--json"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["finished"] == 20
    for options in MODES[1:]:
        result = simulate("fall-blau", 20, 1, options)
        assert result["errors"] == 0 and result["finished"] == 20
