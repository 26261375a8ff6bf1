"""Blitzkrieg! AI strength benchmark: seeded bot-versus-bot games with 95% confidence intervals.

    python bench/blitzkrieg_strength.py --games 100 --seed 1 --out bench/blitzkrieg_strength.md

Every game is fixed by its seed (the bots' work budgets are counted in sampled worlds, not in
seconds), so the same command gives the same table. The issue's targets: the hard AI beats
uniformly random play in at least 95% of games (half as Axis, half as Allies), and as the
Allies beats the solo module on Medium in at least 60% of games.
"""

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from game_core import games  # noqa: E402
from game_core.blitzkrieg import BOTS  # noqa: E402
from game_core.engine import Bot, run_bot  # noqa: E402
from game_core.lab import wilson  # noqa: E402
from game_core.rng import Rng  # noqa: E402

PLAYERS = dict(BOTS, random=Bot())


def play(game, seed: int, seats: dict, options: dict) -> tuple:
    """(winner, slowest move in seconds) of one game; seats maps seat -> player name."""
    state, rng = game.new_game(seed, options), Rng.from_seed(seed, "bench")
    slowest = 0.0
    while not state.is_over:
        seat = state.to_play
        started = time.perf_counter()
        action = run_bot(PLAYERS[seats[seat]], game, state.view(seat), rng)
        slowest = max(slowest, time.perf_counter() - started)
        state = state.apply(action)
    return state.winner, slowest


def match(game, label: str, player: str, opponent: str, count: int, seed: int, options: dict, sides) -> dict:
    """`player` against `opponent` in `count` games; `sides`: the seats `player` takes in turn (None: both)."""
    wins, slowest = 0, 0.0
    sides = sides or game.seats
    for n in range(count):
        side = sides[n % len(sides)]
        other = next(s for s in game.seats if s != side)
        winner, slow = play(game, seed + n, {side: player, other: opponent}, options)
        wins += winner == side
        slowest = max(slowest, slow)
    low, high = wilson(wins, count)
    return {"label": label, "wins": wins, "games": count, "rate": wins / count, "low": low, "high": high,
            "slowest": slowest}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games per match (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="first seed; game n uses seed + n")
    parser.add_argument("--matches", default="all", help="comma list: random,solo,levels,expert or all")
    parser.add_argument("--game", default="blitzkrieg", choices=("blitzkrieg", "blitzkrieg-nippon"),
                        help="the map (Nippon has no solo module: its solo matches are skipped)")
    parser.add_argument("--out", help="also write the table as Markdown to this file")
    args = parser.parse_args(argv)
    wanted = {"random", "solo", "levels", "expert"} if args.matches == "all" else set(args.matches.split(","))
    game = games.get(args.game)
    if game.name != "blitzkrieg":
        wanted -= {"solo", "levels"}
    solo = {"mode": "solo", "difficulty": "medium"}
    plan = []
    if "random" in wanted:
        plan.append(("hard AI vs random (half each side)", "hard", "random", {}, None))
    if "solo" in wanted:
        plan.append(("hard AI (Allies) vs solo module, Medium", "hard", "solo", solo, ("allies",)))
    if "levels" in wanted:
        plan.append(("normal AI (Allies) vs solo module, Medium", "normal", "solo", solo, ("allies",)))
        plan.append(("easy AI (Allies) vs solo module, Medium", "easy", "solo", solo, ("allies",)))
        plan.append(("hard AI vs normal AI (half each side)", "hard", "normal", {}, None))
    if "expert" in wanted:
        plan.append(("expert AI vs hard AI (half each side)", "expert", "hard", {}, None))
        if game.name == "blitzkrieg":
            plan.append(("expert AI (Allies) vs solo module, Hard", "expert", "solo",
                         {"mode": "solo", "difficulty": "hard"}, ("allies",)))
    lines = [f"Seeds {args.seed}..{args.seed + args.games - 1}, {args.games} games per match.", "",
             "| match | wins | win rate | 95% CI (Wilson) | slowest move |", "|---|---|---|---|---|"]
    for label, player, opponent, options, sides in plan:
        r = match(game, label, player, opponent, args.games, args.seed, options, sides)
        line = (f"| {r['label']} | {r['wins']}/{r['games']} | {r['rate']:.1%} | "
                f"{r['low']:.1%} to {r['high']:.1%} | {r['slowest']:.2f} s |")
        lines.append(line)
        print(line, flush=True)
    if args.out:
        with open(args.out, "w") as out:
            out.write(f"# {game.title} AI strength\n\n"
                      f"`python bench/blitzkrieg_strength.py --game {game.name} --matches {args.matches} "
                      f"--games {args.games} --seed {args.seed}`\n\n"
                      + "\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
