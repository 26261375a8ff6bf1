"""How long the expert bots think per move, in CPython or (`bench/run.py --only think`) in Pyodide in Chromium.

    python bench/think_time.py [--games 3] [--level expert] [--budget-ms 800]

Positions come from seeded games between the normal bots (cheap to play); at every position where a
player has a real choice the level's full search is timed (its iteration budget, no time cap: the work a
move costs; with --budget-ms, under the time cap the page gives it too). Prints per game: moves timed,
mean, p95 and max in seconds of process time (in CPython the machine's other load is left out; in
Pyodide it is wall time: measure on a quiet machine), as JSON lines.
"""

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent) if "__file__" in globals() else "/repo")

from game_core import games  # noqa: E402
from game_core.engine import run_bot  # noqa: E402
from game_core.rng import Rng  # noqa: E402

CASES = (("blitzkrieg", {}), ("blitzkrieg", {"mode": "solo", "difficulty": "hard"}),
         ("blitzkrieg-nippon", {}), ("bitskrieg", {}))
EVERY = {"bitskrieg": 12}  # Bitskrieg games are long: time every 12th position


def positions(name, options, count):
    game = games.get(name)
    for seed in range(1, count + 1):
        seats = {seat: "normal" for seat in game.seats}
        options_ = game.validate_options(game.with_seats(options, seats))
        forced = {seat: level for seat, level in game.forced_seats(options_).items() if level != "human"}
        state, rng = game.new_game(seed, options_), Rng.from_seed(seed, "think")
        while not state.is_over and len(state.actions) < 1500:
            seat = state.to_play
            view = state.view(seat)
            if seat not in forced and len(view["legal_actions"]) > 1 and len(state.actions) % EVERY.get(name, 1) == 0:
                yield view
            state = state.apply(run_bot(games.package(name).bots[forced.get(seat, "normal")], game, view, rng))


def measure(level, count, only=(), budget_ms=0):
    """One row per case: the level's think time over the positions of `count` games; `budget_ms` is the
    time cap the page passes (0: none, the whole search)."""
    rows = []
    for name, options in CASES:
        if only and name not in only:
            continue
        game = games.get(name)
        bot = games.package(name).bots[level]
        times = []
        for view in positions(name, options, count):
            started = time.process_time()
            run_bot(bot, game, view, Rng.from_seed(len(times), "think"), budget_ms)
            times.append(time.process_time() - started)
        times.sort()
        rows.append({"game": name, "options": options, "level": level, "budget_ms": budget_ms, "moves": len(times),
                     "mean": round(sum(times) / len(times), 3), "p95": round(times[int(0.95 * len(times))], 3),
                     "max": round(times[-1], 3), "python": sys.version.split()[0]})
    return rows


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--level", default="expert")
    parser.add_argument("--budget-ms", type=int, default=0, help="the time cap the page passes (default: none)")
    parser.add_argument("--games-only", default="", help="comma list of games to time (default: all)")
    args = parser.parse_args(argv)
    for row in measure(args.level, args.games, set(filter(None, args.games_only.split(","))), args.budget_ms):
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
