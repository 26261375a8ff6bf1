"""The expert level's targets, played interleaved: one game of each match in turn, so a run cut short by
its time limit still has about as many games of every match. One process, seeded: game n of a match uses
seed + n, the expert alternates seats where it can; the expert's think time per move is CPU time.

    nice -n 15 python bench/expert_strength.py --games 300 --seed 1 --minutes 60 --out bench/expert_strength.md
"""

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from bitskrieg_strength import GreedyBot  # noqa: E402
from game_core import games  # noqa: E402
from game_core.engine import run_bot  # noqa: E402
from game_core.lab import wilson  # noqa: E402
from game_core.rng import Rng  # noqa: E402
from game_core.terminal import make_bot  # noqa: E402

CAP = 3000  # actions (Bitskrieg): a game still running then counts as not won
# (label, game, opponent, options, the expert's seats in turn or None for both), the target
MATCHES = (
    ("Blitzkrieg! expert vs hard", "blitzkrieg", "hard", {}, None, 0.55),
    ("Nippon expert vs hard", "blitzkrieg-nippon", "hard", {}, None, 0.55),
    ("Blitzkrieg! expert (Allies) vs solo module, Hard", "blitzkrieg", "solo", {"mode": "solo", "difficulty": "hard"},
     ("allies",), 0.55),
    ("Bitskrieg expert vs hard", "bitskrieg", "hard", {}, None, 0.55),
    ("Bitskrieg expert vs greedy", "bitskrieg", "greedy", {}, None, 0.90),
)


def player(game, level):
    return GreedyBot() if level == "greedy" else make_bot(game, level)


def play(game, seed, seats, options):
    """(winner, the expert's CPU seconds per move) of one game; seats maps seat -> level."""
    state, rng = game.new_game(seed, options), Rng.from_seed(seed, "bench")
    times = []
    while not state.is_over and len(state.actions) < CAP:
        seat = state.to_play
        started = time.process_time()
        action = run_bot(player(game, seats[seat]), game, state.view(seat), rng)
        if seats[seat] == "expert":
            times.append(time.process_time() - started)
        state = state.apply(action)
    return state.winner, times


def table(matches, results):
    lines = ["| match | wins | win rate | 95% CI (Wilson) | target (lower bound) | expert CPU s/move mean, p95, max |",
             "|---|---|---|---|---|---|"]
    for (label, *_, target), (wins, played, times) in zip(matches, results):
        if not played:
            continue
        low, high = wilson(wins, played)
        times = sorted(times)
        lines.append(f"| {label} | {wins}/{played} | {wins / played:.1%} | {low:.1%} to {high:.1%} | "
                     f"{target:.0%} {'met' if low >= target else 'not met'} | {sum(times) / len(times):.3f}, "
                     f"{times[int(0.95 * len(times))]:.3f}, {times[-1]:.3f} |")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300, help="games per match at most")
    parser.add_argument("--seed", type=int, default=1, help="first seed; game n uses seed + n")
    parser.add_argument("--minutes", type=float, default=0, help="stop after this long (0: never)")
    parser.add_argument("--from-round", type=int, default=0, help="start at this round (to finish a run cut "
                        "short: the rounds before it were played)")
    parser.add_argument("--out", help="also write the table as Markdown to this file")
    parser.add_argument("--games-of", default="", help="comma list of games: play only their matches "
                        "(to share the run between two processes)")
    args = parser.parse_args(argv)
    chosen = [m for m in MATCHES if not args.games_of or m[1] in args.games_of.split(",")]
    deadline = time.time() + 60 * args.minutes if args.minutes else None
    results = [[0, 0, []] for _ in MATCHES]
    for n in range(args.from_round, args.games):
        if deadline and time.time() > deadline:
            break
        for (label, name, opponent, options, sides, _), result in zip(chosen, results):
            game = games.get(name)
            side = (sides or game.seats)[n % len(sides or game.seats)]
            seats = {s: "expert" if s == side else opponent for s in game.seats}
            winner, times = play(game, args.seed + n, seats, game.validate_options(game.with_seats(options, seats)))
            result[0] += winner == side
            result[1] += 1
            result[2] += times
            print(f"{label}, seed {args.seed + n}: expert as {side} {'won' if winner == side else 'lost'}", flush=True)
    text = table(chosen, results)
    print(text)
    if args.out:
        with open(args.out, "w") as out:
            out.write(f"# Expert level strength\n\n`nice -n 15 python bench/expert_strength.py --games {args.games} "
                      f"--seed {args.seed} --minutes {args.minutes:g}` ({results[0][1]} rounds played)\n\n{text}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
