"""Seeded playouts whose to_json() texts must be byte-identical in CPython and in Pyodide.

`play_cases()` plays random games (options and moves drawn from a fixed Rng) and returns, per game
and seed, the move list and the final to_json(); `replay_cases(cases)` replays given move lists.
The same file runs in both interpreters (tests/pyodide/run_in_pyodide.mjs copies it into Pyodide).
"""

import hashlib

from game_core import games
from game_core.fuzz import random_options
from game_core.rng import Rng

SEEDS = (1, 2, 3)
MAX_STEPS = 400  # long enough to reach the late game; short enough to replay in a second


def play_cases() -> list:
    cases = []
    for name in games.names():
        game = games.get(name)
        for seed in SEEDS:
            rng = Rng.from_seed(seed, "determinism")
            options = random_options(game, rng) if seed > 1 else {}
            state = game.new_game(seed, options)
            steps = hashlib.sha256(state.to_json().encode())
            while not state.is_over and len(state.actions) < MAX_STEPS:
                state = state.apply(rng.choice(state.legal_actions()))
                steps.update(state.to_json().encode())
            cases.append({"game": name, "seed": seed, "options": options, "actions": list(state.actions),
                          "every_step_sha256": steps.hexdigest(), "final": state.to_json()})
    return cases


def replay_cases(cases: list) -> list:
    return [{"game": case["game"], "seed": case["seed"],
             "final": games.get(case["game"]).replay(case["seed"], case["options"], case["actions"]).to_json()}
            for case in cases]
