"""Engine figures for every game, the same code in CPython and inside Pyodide (bench/run.py runs both).

`measure(seconds_per_game)` returns, per game: the engine step plus SVG re-render per action
(median, 95th percentile, max, in ms), each bot level's think time per move (median, p95, max, ms),
random playouts per second (legal_actions + apply only, no rendering) and the cost of a click early
and late in a long game (`click_cost`: Session.act plus Session.frame, what the page does per click).

`python bench/engine_bench.py clicks` prints only the click figures (quick: about a minute).
"""

import sys
import time

from game_core import games
from game_core.engine import run_bot
from game_core.rng import Rng
from game_core.session import HUMAN, Session, draw

STEP_SAMPLES = 400
BOT_SAMPLES = 12
CLICK_AT = (20, 600)  # moves into a game where a click is timed (a short game: as late as it goes)
CLICK_SAMPLES = 40  # clicks timed from each of those points on (their median is the figure)
CLICK_GAMES = 5  # long games per game name (the longest of CLICK_SEEDS random games, then the next)
CLICK_SEEDS = 15
CLICK_REPEATS = 3  # each click is timed this many times (from a fresh session): its fastest counts


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
            action = rng.choice(state.legal_actions())
            start = time.perf_counter()
            state = state.apply(action)
            viewer = None if state.is_over else seats_to_act(state)[0]
            draw(module, state, viewer, {"interactive": True})
            times.append((time.perf_counter() - start) * 1000)
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


def people_at_every_seat(name: str) -> dict:
    return {str(seat): HUMAN for seat in games.get(name).seats}


def random_game(name: str, seed: int) -> dict:
    """The record of a random game played through a Session by people at every seat."""
    game = games.get(name)
    session = Session(name, seed, game.with_seats(None, people_at_every_seat(name)))
    rng = Rng.from_seed(seed, "bench-click")
    while not session.state.is_over and len(session.state.actions) < game.max_actions:
        session.act(rng.choice(session.state.legal_actions()))
    return session.state.record()


def click_windows(length: int) -> list:
    """(first move, clicks) timed early and late in a game `length` moves long: from CLICK_AT's moves
    where the game is long enough, else as early and as late as it goes without the two overlapping."""
    clicks = min(CLICK_SAMPLES, length // 3)
    early = min(CLICK_AT[0], length - 2 * clicks)
    late = max(early + clicks, min(CLICK_AT[1], length - clicks))
    return [(early, clicks), (late, clicks)]


def click_cost(name: str) -> dict:
    """Median ms of act + frame (what the page does per click), early and late in the longest random
    games of a game: "move_20" and "move_600" say from which move on they were timed (`from_move`)."""
    played = sorted((random_game(name, seed) for seed in range(1, CLICK_SEEDS + 1)),
                    key=lambda record: len(record["actions"]))[-CLICK_GAMES:]
    times = {at: [] for at in CLICK_AT}
    starts = {at: [] for at in CLICK_AT}
    for record in played:
        actions = record["actions"]
        for at, (start, clicks) in zip(CLICK_AT, click_windows(len(actions))):
            starts[at].append(start)
            fastest = [float("inf")] * clicks
            for _ in range(CLICK_REPEATS):
                session = Session.from_record(name, {**record, "actions": actions[:start]},
                                              people_at_every_seat(name))
                for number, action in enumerate(actions[start:start + clicks]):
                    begin = time.perf_counter()
                    session.act(action)
                    session.frame()
                    fastest[number] = min(fastest[number], (time.perf_counter() - begin) * 1000)
            times[at] += fastest
    result = {f"move_{at}": {"from_move": min(starts[at]), **summary(times[at])} for at in CLICK_AT}
    low, high = (result[f"move_{at}"]["median"] for at in CLICK_AT)
    result["ratio"] = round(high / low, 2) if low else None
    return result


def measure(seconds_per_game: float = 2.0) -> dict:
    result = {"python": sys.version.split()[0], "platform": sys.platform, "games": {}}
    for name in games.names():
        game = games.get(name)
        module = sys.modules[type(game).__module__.rsplit(".", 1)[0]]
        times, states = step_and_render(game, module)
        result["games"][name] = {"step_render_ms": summary(times),
                                 "bot_think_ms": bot_think(game, getattr(module, "BOTS", {}) or {}, states),
                                 "playouts_per_second": playouts_per_second(game, seconds_per_game),
                                 "click_ms": click_cost(name)}
    return result


if __name__ == "__main__":
    import json
    if sys.argv[1:] == ["clicks"]:
        for name in games.names():
            print(json.dumps({name: click_cost(name)}), flush=True)
    else:
        print(json.dumps(measure(float(sys.argv[1]) if len(sys.argv) > 1 else 2.0)))
