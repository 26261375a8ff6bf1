"""Command line: `python -m game_core simulate GAME --games N --seed S --json`."""

import argparse
import json
import sys

from . import games, lab, terminal
from .engine import run_bot, Bot
from .rng import Rng


def simulate(game_name: str, count: int, seed: int, options: dict | None = None) -> dict:
    """Play `count` games with uniformly random legal actions; count finishes and errors."""
    game = games.get(game_name)
    result = {"game": game_name, "games": count, "finished": 0, "errors": 0,
              "wins": {str(seat): 0 for seat in game.seats}, "mean_actions": 0.0}
    random_bot = Bot()
    total_actions = 0
    for index in range(count):
        rng = Rng.from_seed(seed + index, "simulate")
        try:
            state = game.new_game(seed + index, options)
            steps = 0
            while not state.is_over and steps < game.max_actions:
                seat = state.to_play
                state = state.apply(run_bot(random_bot, game, state.view(seat), rng))
                steps += 1
            total_actions += steps
            if state.is_over:
                result["finished"] += 1
                winner = state.winner
                key = str(winner) if winner is not None else "none"
                result["wins"][key] = result["wins"].get(key, 0) + 1
        except Exception as err:  # a crash is a result to report, not to hide
            result["errors"] += 1
            result.setdefault("first_error", f"game {index} (seed {seed + index}): {type(err).__name__}: {err}")
    result["mean_actions"] = round(total_actions / count, 2) if count else 0.0
    return result


def verify(path: str) -> int:
    """Print what a remote game's transcript proves; exit 0 (a fair game), 1 (a cheat or a forfeit is
    proved), 2 (nothing proved yet) or 3 (not a sound transcript)."""
    from .jsontext import SaveError, parse_json
    from .remote import Refused, verify_transcript
    try:
        with open(path, encoding="utf-8") as file:
            result = verify_transcript(parse_json(file.read(), "the transcript"))
    except (OSError, SaveError, Refused, ValueError) as err:
        print(f"not verified: {err}")
        return 3
    print(json.dumps(result, sort_keys=True))
    return {True: 0, False: 1, None: 2}[result["ok"]]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game_core")
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="play random games and report")
    sim.add_argument("game", choices=games.names())
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--options", default="{}", help="new-game options as JSON")
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    sub.add_parser("list", help="list the games")
    check = sub.add_parser("verify", help="check a remote game's transcript (exported by the page)")
    check.add_argument("file", help="the transcript, as JSON")
    terminal.add_parser(sub)
    lab.add_parser(sub)
    args = parser.parse_args(argv)
    if args.command == "play":
        return terminal.run(args)
    if args.command == "lab":
        return lab.run(args)
    if args.command == "verify":
        return verify(args.file)
    if args.command == "list":
        for name in games.names():
            print(f"{name}\t{games.get(name).title}")
        return 0
    result = simulate(args.game, args.games, args.seed, json.loads(args.options))
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key}: {value}")
    ok = result["errors"] == 0 and result["finished"] == result["games"]
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
