"""The fuzz harness (game_core.fuzz) over every registered game, at a pytest-sized scale.

CI runs the full fast mode (200 games per game) as its own command: `python -m game_core.fuzz --json`.
Here each game gets PYTEST_GAMES games (random and bot games, illegal-action probes, damaged saves).
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game_core import fuzz, games

ROOT = Path(__file__).resolve().parent.parent
PYTEST_GAMES = 50  # includes a bot game (game 1), 10 probed games and 5 save-fuzzed games (CI runs no other fuzz)


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


def test_every_game_checks_its_invariants_and_a_broken_one_is_reported():
    from game_core.engine import BrokenInvariant, State
    for name in games.names():
        assert type(games.get(name).new_game(0)).check_invariants is not State.check_invariants, name
    state = games.get("blitzed").new_game(1)
    state.supply += 1  # a bolt out of nowhere
    with pytest.raises(BrokenInvariant, match="bolt"):
        state.check_invariants()


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


# -- a browser sample: a damaged autosave is refused and no other stored data is touched ------------------
SITE = ROOT / "site"


def damaged_autosaves(name: str) -> list:
    game = games.get(name)
    state = game.new_game(3)
    for _ in range(4):
        state = state.apply(state.legal_actions()[0])
    good = json.dumps({"format": "blitzbox-session", "version": 1, "game": name, "record": state.record(),
                       "seats": {str(seat): "human" for seat in game.seats}, "redo": []})
    altered = good.replace(json.dumps(state.actions[-1]), json.dumps(state.actions[-1] + " x"))
    return [good[: len(good) // 2], altered]


@pytest.mark.skipif(not (SITE / "index.html").exists() or not Path("/usr/bin/chromium").exists(),
                    reason="needs the built site (python3 build/site.py) and /usr/bin/chromium")
def test_browser_refuses_damaged_autosave_and_touches_nothing_else():
    import threading

    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(ROOT / "build"))
    from serve import make_server

    name = sorted(p.stem for p in SITE.glob("*.html") if p.stem != "index")[0]
    others = {f"blitzbox:{other}:autosave": f"kept {other}" for other in games.names() if other != name}
    others["someone-else"] = "not ours"
    server = make_server(SITE, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", headless=True)
            for damaged in damaged_autosaves(name):
                context = browser.new_context()
                page = context.new_page()
                errors = []
                page.on("pageerror", lambda exc: errors.append(str(exc)))
                page.goto(f"{base}/index.html")
                page.evaluate("([items, key, damaged]) => { localStorage.clear();"
                              " for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);"
                              " localStorage.setItem(key, damaged); }",
                              [others, f"blitzbox:{name}:autosave", damaged])
                page.goto(f"{base}/{name}.html")
                page.wait_for_selector("body[data-ready='1']", timeout=180_000)
                stored = page.evaluate("() => Object.fromEntries(Object.entries(localStorage))")
                context.close()
                assert errors == []
                assert {key: stored.get(key) for key in others} == others
                assert damaged in stored.values(), "the unreadable save was not kept aside"
            browser.close()
    finally:
        server.shutdown()
