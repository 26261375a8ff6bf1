"""The fuzz harness (game_core.fuzz) over every registered game, at a pytest-sized scale.

CI runs the full fast mode (500 games per game) as its own command: `python -m game_core.fuzz --json`.
Here each game gets PYTEST_GAMES games (random and bot games, illegal-action probes, damaged saves).
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game_core import fuzz, games

ROOT = Path(__file__).resolve().parent.parent
PYTEST_GAMES = 40  # includes a bot game (game 1), 8 probed games and 4 save-fuzzed games


@pytest.mark.parametrize("name", games.names())
def test_fuzz_finds_nothing(name):
    report = fuzz.run([name], PYTEST_GAMES, seed=1, jobs=2)
    result = report["results"][name]
    assert result["games"] == PYTEST_GAMES
    assert report["errors"] == 0, json.dumps(result["error_examples"], indent=1)
    assert result["illegal_refused"] > 0 and result["saves_refused"] > 0


def test_fuzz_command_prints_json_and_exit_status():
    name = games.names()[-1]
    done = subprocess.run([sys.executable, "-m", "game_core.fuzz", "--game", name, "--games", "3", "--jobs", "1",
                           "--json"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    report = json.loads(done.stdout)
    assert report["results"][name]["games"] == 3
    assert done.returncode == (0 if report["ok"] else 1)


class BrokenState:
    def check_invariants(self):
        raise AssertionError("a unit vanished")


def test_invariant_hook_is_called():
    with pytest.raises(AssertionError, match="vanished"):
        fuzz.check(BrokenState())
    fuzz.check(object())  # no hook: nothing to check


def test_a_state_changed_by_an_illegal_action_is_reported():
    name = games.names()[0]
    game = games.get(name)
    state = game.new_game(1)
    stats = {"illegal_refused": 0, "legal": 0, "accepted_unlisted": 0, "accepted_examples": []}
    original_apply = type(state).apply

    def leaky_apply(self, action):
        self.actions = self.actions + ("leak",)  # a bug: the old state changes
        return original_apply(self, action)

    type(state).apply = leaky_apply
    try:
        with pytest.raises(fuzz.FuzzError, match="changed the state"):
            fuzz.probe_illegal(game, state, [], [], fuzz.Rng.from_seed(1), stats)
    finally:
        type(state).apply = original_apply
