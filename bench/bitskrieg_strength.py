"""Bitskrieg AI strength benchmark: seeded bot-versus-bot games with 95% confidence intervals.

    nice -n 19 python bench/bitskrieg_strength.py --games 100 --seed 1 --opponents random,greedy

Basic rules. Game n of a match uses seed + n, and the hard AI takes seat n % 2, so half the games
it is Blue and half Red (which seat moves first is decided in the set-up). The bots decide by
searching a fixed set of actions, never by the clock, so the same command gives the same table.
The issue's targets: the hard AI beats uniformly random play in at least 95% of games and a
greedy bot in at least 65%. A game still running after CAP actions counts as not won.
"""

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from game_core.bitskrieg import BOTS, GAME  # noqa: E402
from game_core.bitskrieg.bots import setup_choice  # noqa: E402
from game_core.bitskrieg.actions import Action  # noqa: E402
from game_core.bitskrieg.rules import OTHER, sq_parse, xy  # noqa: E402
from game_core.engine import Bot, run_bot  # noqa: E402
from game_core.lab import wilson  # noqa: E402
from game_core.rng import Rng  # noqa: E402

CAP = 3000


class GreedyBot(Bot):
    """Benchmark opponent: fires the shot most likely to destroy a tank; otherwise makes the move
    that brings a tank most squares closer to an enemy flag it does not yet hold; otherwise flips.
    A tank standing on an enemy flag stays there."""

    name = "greedy"

    def choose(self, game, view, rng):
        legal, seat = view["legal_actions"], view["seat"]
        state = game.state_from_view(view, rng.copy())
        if state.phase not in ("play", "bound"):
            return setup_choice(state, seat, legal, rng)
        shots = [(odds["destroyed"], rng.random(), action) for action, odds in view["facts"]["shots"].items()
                 if action.split()[2] in view["state"]["tanks"]]  # tanks only, not obstacles
        if shots:
            return max(shots)[2]
        flags = state.flags[OTHER[seat]]
        open_flags = [f for f in flags if state.tanks.get(f, (None,))[0] != seat]

        def to_flag(sq):
            x, y = xy(sq)
            return min((abs(x - xy(f)[0]) + abs(y - xy(f)[1]) for f in open_flags), default=0)

        advances = []
        for action in legal:
            step = Action.parse(action)
            if step.verb == "move" and sq_parse(step.start) not in flags:
                gain = to_flag(sq_parse(step.start)) - to_flag(sq_parse(step.end))
                if gain > 0:
                    advances.append((gain, rng.random(), action))
        if advances:
            return max(advances)[2]
        if "flip" in legal:
            return "flip"
        return rng.choice(legal)


PLAYERS = dict(BOTS, random=Bot(), greedy=GreedyBot())


def play(seed: int, seats: dict) -> tuple:
    """(winner or None if capped, actions taken, slowest move in seconds per seat) of one game."""
    state, rng = GAME.new_game(seed), Rng.from_seed(seed, "bench")
    slowest = {"blue": 0.0, "red": 0.0}
    while not state.is_over and len(state.actions) < CAP:
        seat = state.to_play
        started = time.perf_counter()
        action = run_bot(PLAYERS[seats[seat]], GAME, state.view(seat), rng)
        slowest[seat] = max(slowest[seat], time.perf_counter() - started)
        state = state.apply(action)
    return state.winner, len(state.actions), slowest


def match(player: str, opponent: str, games: int, seed: int, log=None) -> dict:
    """`games` games of `player` against `opponent`; `log`, a text file, gets a line per game as it ends
    with the score so far and its Wilson interval (a long run stopped early keeps its figures)."""
    wins = {"blue": 0, "red": 0}
    capped = lengths = 0
    slowest = 0.0
    for n in range(games):
        seat = GAME.seats[n % 2]
        winner, length, slow = play(seed + n, {seat: player, OTHER[seat]: opponent})
        wins[seat] += winner == seat
        capped += winner is None
        lengths += length
        slowest = max(slowest, slow[seat])
        if log is not None:
            total = wins["blue"] + wins["red"]
            low, high = wilson(total, n + 1)
            log.write(f"{player} vs {opponent}, seed {seed + n}, {player} {seat}: "
                      f"{'won' if winner == seat else 'lost'}; so far {total}/{n + 1} = {total / (n + 1):.1%} "
                      f"(95% {low:.1%} to {high:.1%})\n")
            log.flush()
    total = wins["blue"] + wins["red"]
    low, high = wilson(total, games)
    return {"player": player, "opponent": opponent, "wins": total, "games": games, "low": low, "high": high,
            "as_blue": f"{wins['blue']}/{(games + 1) // 2}", "as_red": f"{wins['red']}/{games // 2}",
            "capped": capped, "mean_length": lengths / games, "slowest": slowest}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per match (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="first seed; game n uses seed + n")
    parser.add_argument("--player", default="hard", choices=sorted(PLAYERS), help="the bot measured")
    parser.add_argument("--opponents", default="random,greedy", help="comma list of opponents")
    parser.add_argument("--out", help="also write the table as Markdown to this file")
    parser.add_argument("--log", help="append a line per game to this file as it ends, with the score so far")
    args = parser.parse_args(argv)
    lines = [f"Seeds {args.seed}..{args.seed + args.games - 1}, {args.games} games per match, basic rules; "
             f"the {args.player} AI is Blue in even-numbered games and Red in odd ones.", "",
             "| match | wins | win rate | 95% CI (Wilson) | as Blue | as Red | capped | mean actions "
             "| slowest move |", "|---|---|---|---|---|---|---|---|---|"]
    started = time.time()
    log = open(args.log, "a") if args.log else None
    for opponent in args.opponents.split(","):
        r = match(args.player, opponent, args.games, args.seed, log)
        line = (f"| {r['player']} vs {r['opponent']} | {r['wins']}/{r['games']} | {r['wins'] / r['games']:.1%} | "
                f"{r['low']:.1%} to {r['high']:.1%} | {r['as_blue']} | {r['as_red']} | {r['capped']} | "
                f"{r['mean_length']:.0f} | {r['slowest']:.2f} s |")
        lines.append(line)
        print(line, flush=True)
    if log is not None:
        log.close()
    print(f"({time.time() - started:.0f} s)")
    if args.out:
        with open(args.out, "w") as out:
            out.write("# Bitskrieg AI strength\n\n"
                      f"`python bench/bitskrieg_strength.py --games {args.games} --seed {args.seed}`\n\n"
                      + "\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
