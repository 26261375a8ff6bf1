"""Blitzed! whole games: random play, bots on a virtual clock, a human through the SVG."""

import json
import re
import subprocess
import sys

import pytest

from game_core import games
from game_core.blitzed import BOTS, GAME, render, status_text, tick, tray
from game_core.blitzed.data import TASK_CARDS, WIN_LOSS_CARDS, PLAYER_COLOURS
from game_core.blitzed.rules import card_matches
from game_core.engine import IllegalAction, run_bot
from game_core.lab import bot_turn
from game_core.rng import Rng

ACTION = re.compile(r'data-action="([^"]+)"')


def random_game(seed):
    state = GAME.new_game(seed, {"players": 3 + seed % 3})
    rng = Rng.from_seed(seed, "test")
    while not state.is_over:
        actions = state.legal_actions()
        if rng.below(8):  # keep the test lean: fewer of the many dice toggles
            actions = [a for a in actions if " keep " not in a] or actions
        state = state.apply(rng.choice(actions))
        state.check_invariants()
    return state


@pytest.mark.parametrize("games", [150, pytest.param(1000, marks=pytest.mark.long)])  # CI: a sample; the long set: all
def test_thousand_random_games_keep_the_invariants(games):
    for seed in range(games):
        state = random_game(seed)
        assert state.winners and state.to_play is None


def test_same_seed_and_actions_give_the_same_game_and_saves_round_trip():
    for seed in range(5):
        state = random_game(seed)
        again = GAME.replay(seed, state.options, state.actions)
        assert again.to_json() == state.to_json()
        assert GAME.from_json(state.to_json()).to_json() == state.to_json()


def test_illegal_actions_leave_the_state_unchanged_and_notation_round_trips():
    state = GAME.new_game(3, {"players": 4})
    rng = Rng.from_seed(3, "probe")
    probes = ["p1 roll", "p2 unclaim", "p3 claim T1", "p4 more", "p1 share", "p2 keep 1", "p5 ready"]
    while not state.is_over:
        legal = state.legal_actions()
        for action in legal:
            assert GAME.parse_action(state, action) == action
            assert GAME.parse_action(state, GAME.stamp(action, 7)) == action + " @7"
        before = state.to_json()
        for probe in probes:
            if probe not in legal:
                with pytest.raises(IllegalAction) as err:
                    state.apply(probe)
                assert str(err.value)
                assert state.to_json() == before
        state = state.apply(rng.choice(legal))


def test_redacted_view_hides_the_deck_order_and_the_generator():
    state = GAME.new_game(1, {"players": 3})
    view = state.view("p2")
    assert view["state"]["deck"] == {"hidden": 21} and "rng" not in view["state"]
    assert view["legal_actions"] == ["p2 ready"]
    json.dumps(view)


def bot_game(seed, levels):
    state = GAME.new_game(seed, {"players": len(levels)})
    bots = {f"p{i + 1}": level for i, level in enumerate(levels)}
    rng, now, ticks = Rng.from_seed(seed, "bots"), 0, 0
    while not state.is_over:
        epoch = state.epoch
        for action in tick(state, now, bots, rng):
            state = state.apply(action)
            state.check_invariants()
        now = 0 if state.epoch != epoch else now + 100
        ticks += 1
        assert ticks < 20000, "a bot game ran away"
    return state


def test_bot_games_on_a_virtual_clock_finish_and_misclaims_happen():
    misclaims = 0
    for seed in range(12):
        levels = [("easy", "normal", "hard")[(seed + i) % 3] for i in range(3 + seed % 3)]
        state = bot_game(seed, levels)
        assert state.winners
        assert all(re.search(r" @\d+$", a) for a in state.actions)
        replay = GAME.replay(seed, state.options, state.actions)
        assert replay.to_json() == state.to_json()
    for seed in range(6):
        state = GAME.new_game(seed, {"players": 3})
        rounds = 0
        while rounds < 3:
            state = bot_game_round(state, {"p1": "easy", "p2": "easy", "p3": "easy"}, seed)
            misclaims += sum(line["matched"] is False for line in state.last_round)
            rounds += 1
            if state.is_over:
                break
    assert misclaims > 0


@pytest.mark.parametrize("games", [30, pytest.param(150, marks=pytest.mark.long)])  # CI: a sample; the long set: all
def test_seeded_bot_games_conserve_bolts_and_never_claim_a_card_twice(games):
    # Each race is played out an epoch at a time, as the lab does (the bots' own reaction times decide).
    # 30 games cover every level on every seat at every player count (seed % 3 picks both); the long set
    # plays 150 (2,000 took five minutes of CI); the thousand random games above are the wide net.
    finished = 0
    for seed in range(games):
        players = 3 + seed % 3
        levels = {seat: ("easy", "normal", "hard")[(seed + i) % 3] for i, seat in enumerate(GAME.seats[:players])}
        state, rng = GAME.new_game(seed, {"players": players, **levels}), Rng.from_seed(seed, "props")
        while not state.is_over:
            for action in bot_turn(GAME, state, levels, rng):
                state = state.apply(action)
                state.check_invariants()  # bolts + supply = 40, no card claimed twice, every card somewhere
        finished += state.is_over
    assert finished == games


def bot_game_round(state, bots, seed):
    """Play until the next round has been scored."""
    rng, now, scored = Rng.from_seed(seed, "round"), 0, state.round
    while not state.is_over and not (state.round > scored and state.phase != "roll"):
        epoch = state.epoch
        for action in tick(state, now, bots, rng):
            state = state.apply(action)
        now = 0 if state.epoch != epoch else now + 100
    return state


def test_tick_is_pure_and_waits_for_human_speed():
    state = GAME.new_game(2, {"players": 3})
    rng = Rng.from_seed(5)
    bots = {"p2": "hard", "p3": "easy"}
    assert tick(state, 0, bots, rng) == []
    assert tick(state, 10_000, bots, rng) == tick(state, 10_000, bots, rng)
    assert rng.state == Rng.from_seed(5).state
    actions = tick(state, 10_000, bots, rng)
    assert [a.split()[0] for a in actions] == ["p2", "p3"] or [a.split()[0] for a in actions] == ["p3", "p2"]


def ui_choice(svg, controls, state, rng):
    """A human clicking the table or the tray: thunder when the dice fit, otherwise roll, sometimes toggle a die."""
    actions = ACTION.findall(svg) + [entry["action"] for entry in controls if entry["action"]]
    assert actions, "the human has a move but no button"
    fitting = [a for a in actions if " claim " in a and card_matches(a.split()[2], state.dice["p1"])]
    if fitting:
        return fitting[0]
    rolls = [a for a in actions if a.endswith(" roll")]
    if rolls and rng.below(3):
        return rolls[0]
    return rng.choice([a for a in actions if " claim " not in a and " unclaim" not in a] or actions)


def test_a_human_plays_a_whole_game_against_bots_through_the_svg():
    state = GAME.new_game(11, {"players": 4})
    bots = {"p2": "easy", "p3": "normal", "p4": "hard"}
    rng, now, steps = Rng.from_seed(11, "human"), 0, 0
    while not state.is_over:
        epoch = state.epoch
        for action in tick(state, now, bots, rng):
            state = state.apply(action)
        if "p1" in (state.to_play or ()) and state.epoch == epoch and now % 700 == 0:
            view, ui = state.view("p1"), {"interactive": True, "keys": {"roll": "Space"}}
            choice = ui_choice(render(view, ui), tray(view, ui), state, rng)
            state = state.apply(GAME.stamp(choice, max(now, state.clock)))
        now = 0 if state.epoch != epoch else now + 100
        steps += 1
        assert steps < 20_000
    assert "Game over" in status_text(state.view("p1"))
    assert "data-action" not in render(state.view("p1"), {"interactive": False})


def test_render_parts_and_non_interactive():
    state = GAME.new_game(4, {"players": 5})
    for seat in state.seats:
        state = state.apply(f"{seat} ready")
    state = state.apply("p2 roll")
    full = render(state.view("p2"), {"keys": {"roll": "K"}})
    assert full.startswith("<svg") and 'data-action="p2 roll"' not in full  # one person: Roll is in the tray
    assert [(entry["action"], entry["key"]) for entry in tray(state.view("p2"), {})] == [("p2 roll", "q")]
    assert 'data-action="p2 keep 1"' in full and "p1 " not in "".join(ACTION.findall(full))
    assert 'data-action="p2 claim' in full
    assert "data-action" not in render(state.view("p2"), {"interactive": False})
    assert "data-action" not in render(state.view("p2"), {"part": "table"})
    controls = render(state.view("p3"), {"part": "controls"})
    assert set(ACTION.findall(controls)) == {"p3 roll"}
    assert 'data-action="p2 claim' in render(state.view("p2"), {"part": "controls"})
    assert render(state.view(None), {}).startswith("<svg")


def test_data_file_sources_and_registry():
    for item in (*TASK_CARDS, *WIN_LOSS_CARDS, *PLAYER_COLOURS):
        assert item["source"] in ("printed", "rulebook", "secondary source", "designed")
    assert len(TASK_CARDS) == 23 and sum(c["source"] == "designed" for c in TASK_CARDS) == 21
    assert games.get("blitzed") is GAME and set(BOTS) == {"easy", "normal", "hard"}
    view = GAME.new_game(1, {}).view("p1")
    assert run_bot(BOTS["hard"], GAME, view, Rng.from_seed(1)) == "p1 ready"


def test_simulate_cli_finishes():
    done = subprocess.run([sys.executable, "-m", "game_core", "simulate", "blitzed", "--games", "20",
                           "--seed", "1", "--json"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["finished"] == 20
