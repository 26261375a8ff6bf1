"""Engine figures for every game, the same code in CPython and inside Pyodide (bench/run.py runs both).

`measure(seconds_per_game)` returns, per game: the engine step plus SVG re-render per action
(median, 95th percentile, max, in ms; each step's fastest of STEP_REPEATS), each bot level's think time
per move (median, p95, max, ms), random playouts per second (legal_actions + apply only, no rendering). The cost of a click early and
late in a long game is bench/clicks.py's (it uses this module's summaries).
"""

import sys
import time

from game_core import games
from game_core.engine import run_bot
from game_core.rng import Rng
from game_core.session import draw

STEP_SAMPLES = 400
STEP_REPEATS = 3  # each step timed this many times: its fastest counts (the machine may be shared)
BOT_SAMPLES = 12


def percentile(values: list, fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else 0.0


def summary(values_ms: list) -> dict:
    return {"median": round(percentile(values_ms, 0.5), 3), "p95": round(percentile(values_ms, 0.95), 3),
            "max": round(max(values_ms, default=0.0), 3), "samples": len(values_ms)}


def seats_to_act(state) -> list:
    to_play = state.to_play
    return list(to_play) if isinstance(to_play, (tuple, list)) else [to_play]


def step_and_render(game, module) -> tuple:
    """(per-action ms for apply + render, states sampled along the way)."""
    times, states, seed = [], [], 0
    while len(times) < STEP_SAMPLES:
        seed += 1
        rng = Rng.from_seed(seed, "bench")
        state = game.new_game(seed)
        while not state.is_over and len(times) < STEP_SAMPLES:
            action, fastest = rng.choice(state.legal_actions()), float("inf")
            for _ in range(STEP_REPEATS):  # apply and draw change nothing: the same step again
                start = time.perf_counter()
                after = state.apply(action)
                draw(module, after, None if after.is_over else seats_to_act(after)[0], {"interactive": True})
                fastest = min(fastest, (time.perf_counter() - start) * 1000)
            state = after
            times.append(fastest)
            if not state.is_over and len(times) % (STEP_SAMPLES // BOT_SAMPLES) == 0:
                states.append(state)
    return times, states


def bot_think(game, bots: dict, states: list) -> dict:
    result = {}
    for level, bot in bots.items():
        times = []
        for number, state in enumerate(states):
            rng = Rng.from_seed(number, "bench-bot")
            view = state.view(seats_to_act(state)[0])
            start = time.perf_counter()
            run_bot(bot, game, view, rng)
            times.append((time.perf_counter() - start) * 1000)
        result[level] = summary(times)
    return result


def playouts_per_second(game, seconds: float) -> float:
    done, seed = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or done == 0:
        seed += 1
        rng = Rng.from_seed(seed, "bench-playout")
        state = game.new_game(seed)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
        done += 1
    return round(done / (time.perf_counter() - start), 2)


def warm_up(seconds: float) -> None:
    """Step and draw random games of every game for `seconds`, timing nothing. Inside Chromium the same
    figure taken three times in a row on one page gave medians of 6.6, 5.1 and 3.3 ms (Blitzkrieg!): the
    runtime gets faster over its first minute (V8 optimising the WebAssembly in the background, most
    likely), so bench/run.py calls this first in Pyodide."""
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for name in games.names():
            game = games.get(name)
            step_and_render(game, sys.modules[type(game).__module__.rsplit(".", 1)[0]])


def measure(seconds_per_game: float = 2.0) -> dict:
    result = {"python": sys.version.split()[0], "platform": sys.platform, "games": {}}
    for name in games.names():
        game = games.get(name)
        module = sys.modules[type(game).__module__.rsplit(".", 1)[0]]
        times, states = step_and_render(game, module)
        result["games"][name] = {"step_render_ms": summary(times),
                                 "bot_think_ms": bot_think(game, getattr(module, "BOTS", {}) or {}, states),
                                 "playouts_per_second": playouts_per_second(game, seconds_per_game)}
    return result


if __name__ == "__main__":
    import json
    print(json.dumps(measure(float(sys.argv[1]) if len(sys.argv) > 1 else 2.0)))
