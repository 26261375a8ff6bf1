"""The balance lab: bot-vs-bot (or bot-alone) runs with chosen options, reported with evidence.

    python -m game_core lab GAME --bots seat=level,... --games N --seed S [--options JSON] [--json] [--svg DIR]
    python -m game_core.lab report      # rerun the fixed plan below; rewrite docs/balance.md and docs/charts/
    python -m game_core lab ladder GAME --games N [--workers W] [--levels a,b,...] [--log FILE]   # Elo table of
        every level; with two levels a match, sides alternating; --log keeps a line per game as it ends

Figures: win rate by seat with a 95% Wilson interval and game length. Real-time games
(`Game.realtime`) are played on a simulated clock: the bots race each other at their own speeds. Game i of a run
uses seed S + i, so every figure can be reproduced exactly. Charts are small SVG files drawn here.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

from . import games
from .engine import run_bot
from .rng import Rng
from .svg import esc
from .terminal import BOTS_FINISH_EPOCH, RANDOM, bot_levels, find_seat, make_bot

Z95 = 1.959964
HISTOGRAM_BINS = 12
ROOT = Path(__file__).resolve().parent.parent
REPORT_SEED = 1
KEEP_MARKER = "<!-- Everything below this line is written by hand and kept when the report is regenerated. -->"

# The report's runs per game: (bots, games in the standard mode, games in each other mode).
# Counts are fixed (not timed) so the report is reproducible; they keep the whole report near
# five minutes of CPU. A game missing here gets DEFAULT_RUNS.
REPORT_RUNS = {
    "blitzkrieg": (("all=easy", 40, 10), ("all=random", 400, 200)),
    "blitzkrieg-nippon": (("all=easy", 4, 0), ("all=random", 400, 200)),
    "bitskrieg": (("all=easy", 10, 0), ("all=random", 40, 6)),
    "blitzed": (("all=normal", 40, 30), ("p1=hard", 30, 0)),
    "fall-blau": (("all=advisor", 300, 300), ("all=random", 100, 100)),
}
DEFAULT_RUNS = (("", 20, 10),)


# -- statistics -------------------------------------------------------------------------------------
def wilson(successes: int, trials: int, z: float = Z95) -> tuple:
    """The Wilson score interval for a proportion (sound at 0%, 100% and small samples)."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return max(0.0, centre - spread), min(1.0, centre + spread)


def histogram(values: list, bins: int = HISTOGRAM_BINS) -> list:
    """[[low, high, count], ...] over equal-width bins covering the values (inclusive bounds)."""
    if not values:
        return []
    low, high = min(values), max(values)
    width = max(1, math.ceil((high - low + 1) / bins)) if all(float(v).is_integer() for v in values) \
        else (high - low) / bins or 1
    counts = {}
    for value in values:
        index = min(int((value - low) // width), bins - 1)
        counts[index] = counts.get(index, 0) + 1
    top = max(counts)
    return [[round(low + i * width, 3), round(low + (i + 1) * width - (1 if isinstance(width, int) else 0), 3),
             counts.get(i, 0)] for i in range(top + 1)]


def summary(values: list) -> dict:
    ordered = sorted(values)
    if not ordered:
        return {"count": 0}
    return {"count": len(ordered), "mean": round(sum(ordered) / len(ordered), 2), "min": ordered[0],
            "median": ordered[len(ordered) // 2], "max": ordered[-1], "histogram": histogram(ordered)}


# -- running games ------------------------------------------------------------------------------------
def default_level(game) -> str:
    levels = bot_levels(game)
    return "normal" if "normal" in levels else next(iter(levels), RANDOM)


def parse_bots(game, text: str | None) -> dict:
    """"seat=level,seat=level" ("all=level" for every seat) -> {seat: level}; unnamed seats get the default."""
    levels = {seat: default_level(game) for seat in game.seats}
    for part in filter(None, (p.strip() for p in (text or "").split(","))):
        name, sep, level = (s.strip() for s in part.partition("="))
        if not sep:
            raise ValueError(f"{part!r} is not seat=level")
        make_bot(game, level)  # rejects an unknown level
        if game.realtime and level not in bot_levels(game):
            raise ValueError(f"{game.title} is played in real time: its bots are {', '.join(bot_levels(game))}")
        seats = game.seats if name == "all" else (find_seat(game, name),)
        levels.update((seat, level) for seat in seats)
    return levels


def bot_turn(game, state, levels: dict, rng: Rng) -> list:
    """The next bot action(s): a whole epoch of a real-time race, or one turn."""
    if game.realtime:
        return games.package(game.name).tick(state, BOTS_FINISH_EPOCH, levels, rng)
    for seat in state.acting_seats():
        action = run_bot(make_bot(game, levels[seat]), game, state.view(seat), rng)
        if action is not None:
            return [action]
    return []


def play_game(game, options: dict, levels: dict, seed: int) -> dict:
    """One bots-only game: its outcome."""
    state = game.new_game(seed, options)
    rng = Rng.from_seed(seed, "lab")
    seats = set()
    while not state.is_over and len(state.actions) < game.max_actions:
        seats.update(state.acting_seats())
        actions = bot_turn(game, state, levels, rng)
        if not actions:
            raise RuntimeError("every bot to act is waiting: the game is stuck")
        for action in actions:
            state = state.apply(action)
    return {"seed": seed, "finished": state.is_over, "moves": len(state.actions),
            "winner": None if state.winner is None else str(state.winner), "seats": sorted(map(str, seats))}


def run_lab(game_name: str, bots: str | None = None, count: int = 100, seed: int = 1,
            options: dict | None = None) -> dict:
    """Play `count` bots-only games (seeds seed .. seed+count-1) and sum them up (JSON-ready)."""
    game = games.get(game_name)
    levels = parse_bots(game, bots)
    options = game.validate_options(game.with_seats(options, levels))
    outcomes, errors = [], []
    for index in range(count):
        try:
            outcomes.append(play_game(game, options, levels, seed + index))
        except Exception as err:  # a crash is a finding to report, not to hide
            errors.append(f"seed {seed + index}: {type(err).__name__}: {err}")
    return summarise(game, options, levels, count, seed, outcomes, errors)


def summarise(game, options, levels, count, seed, outcomes, errors) -> dict:
    finished = [o for o in outcomes if o["finished"]]
    seats = sorted({s for o in outcomes for s in o["seats"]}, key=[str(s) for s in game.seats].index)
    wins = {}
    for seat in seats:
        won = sum(o["winner"] == seat for o in finished)
        low, high = wilson(won, len(finished))
        rate = won / len(finished) if finished else 0.0
        wins[seat] = {"wins": won, "rate": round(rate, 4), "low": round(low, 4), "high": round(high, 4)}
    return {"game": game.name, "title": game.title, "options": options, "seed": seed, "games": count,
              "bots": {str(s): levels[s] for s in game.seats if str(s) in seats},
              "finished": len(finished), "unfinished": len(outcomes) - len(finished),
              "errors": len(errors), "first_error": errors[0] if errors else None,
              "seats": seats, "wins": wins, "no_winner": sum(o["winner"] is None for o in finished),
            "length": summary([o["moves"] for o in finished])}


# -- the ladder: a round robin of every level, rated on the Elo scale -------------------------------------
ELO = 400 / math.log(10)  # Elo points per unit of natural log-strength
PRIOR_DRAWS = 1  # virtual drawn games added to every pairing, so a level that won or lost all still has a rating


def entrants(game) -> dict:
    """{name: (seat it must take or None, options it needs)} for every level the ladder can seat: the
    package's bots offered as opponents, random, and its ladder entrants whose options this game takes
    (Blitzkrieg!'s solo module, one entrant per difficulty)."""
    package = games.package(game.name)
    found = {RANDOM: (None, {})}
    found.update((level, (None, {})) for level in package.opponents())
    for name, (seat, options) in package.ladder_entrants.items():
        try:
            game.validate_options(options)
        except ValueError:
            continue
        found[name] = (seat, options)
    return found


def ladder_games(game, chosen: dict, count: int, seed: int) -> list:
    """(first, second, options, {seat: level}, seed) for `count` games of every pairing that can meet
    (two entrants tied to seats meet only on different seats); game i of a pairing uses seed + i and
    the free entrant takes the seats in turn."""
    names = list(chosen)
    plan = []
    for i, first in enumerate(names):
        for second in names[i + 1:]:
            (seat_a, opts_a), (seat_b, opts_b) = chosen[first], chosen[second]
            if seat_a is not None and seat_b is not None:
                continue  # two fixed-seat entrants (the solo module) never meet
            for index in range(count):
                if seat_a is not None or seat_b is not None:
                    fixed, free = (first, second) if seat_a is not None else (second, first)
                    seat = chosen[fixed][0]
                    other = next(s for s in game.seats if s != seat)
                    seats = {seat: level_of(fixed), other: level_of(free)}
                else:
                    a_seat = game.seats[index % len(game.seats)]
                    seats = {s: level_of(first) if s == a_seat else level_of(second) for s in game.seats}
                plan.append((first, second, {**opts_a, **opts_b}, seats, seed + index))
    return plan


def level_of(entrant: str) -> str:
    """The bot level an entrant plays with ("solo-hard" is the solo module's bot)."""
    return entrant.split("-")[0]


def ladder_game(task: tuple) -> tuple:
    """One ladder game (run in a worker process): (first, second, first's score 1, 0.5 or 0, error)."""
    name, first, second, options, seats, seed = task
    game = games.get(name)
    try:
        outcome = play_game(game, game.validate_options(game.with_seats(options, seats)), seats, seed)
    except Exception as err:  # a crash is a finding to report, not to hide
        return first, second, 0.5, f"{first} v {second}, seed {seed}: {type(err).__name__}: {err}"
    winner = outcome["winner"]
    if winner is None:
        return first, second, 0.5, None
    first_seats = {str(s) for s, level in seats.items() if level == level_of(first)}
    return first, second, 1.0 if winner in first_seats else 0.0, None


def tally(results: dict, errors: list, task: tuple, outcome: tuple, log=None) -> None:
    """Add one ladder game's outcome to {(first, second): (first's score, games)} (and to the log)."""
    first, second, score, error = outcome
    total, played = results.get((first, second), (0.0, 0))
    results[(first, second)] = total, played = total + score, played + 1
    if error:
        errors.append(error)
    if log is not None:
        seats = " ".join(f"{seat}={level}" for seat, level in task[4].items())
        low, high = wilson(total, played)
        log.write(f"{first} v {second}, seed {task[5]} ({seats}): {first} scored {score:g}; "
                  f"so far {total:g}/{played} = {total / played:.1%} (95% {low:.1%} to {high:.1%})"
                  f"{f'; error {error}' if error else ''}\n")
        log.flush()


def elo_ratings(results: dict, names: list, prior: float = PRIOR_DRAWS) -> dict:
    """{name: (elo, low, high)} from {(a, b): (a's score, games)} by maximum likelihood (Bradley-Terry),
    each pairing given `prior` virtual draws. The first name is fixed at 0; the 95% interval of each
    other rating (against that anchor) comes from the likelihood's curvature."""
    games_ = {}
    for (a, b), (score, count) in results.items():
        for x, y, won in ((a, b, score), (b, a, count - score)):
            wins, played = games_.get((x, y), (0.0, 0))
            games_[(x, y)] = (wins + won + prior / 2, played + count + prior)
    strength = dict.fromkeys(names, 1.0)
    for _ in range(10000):  # minorization-maximization (Hunter 2004): converges for connected pairings
        new = {}
        for x in names:
            wins = sum(w for (a, _), (w, _) in games_.items() if a == x)
            spread = sum(n / (strength[x] + strength[b]) for (a, b), (_, n) in games_.items() if a == x)
            new[x] = wins / spread if spread else strength[x]
        anchor = new[names[0]]
        new = {x: v / anchor for x, v in new.items()}
        done = max(abs(math.log(new[x] / strength[x])) for x in names) < 1e-10
        strength = new
        if done:
            break
    # The observed information matrix over every name but the anchor, inverted for the variances.
    rest = names[1:]
    info = [[0.0] * len(rest) for _ in rest]
    for (a, b), (_, n) in games_.items():
        if a in rest:
            p = strength[a] / (strength[a] + strength[b])
            i = rest.index(a)
            info[i][i] += n * p * (1 - p)
            if b in rest:
                info[i][rest.index(b)] -= n * p * (1 - p)
    variance = inverse(info)
    ratings = {names[0]: (0.0, 0.0, 0.0)}
    for i, x in enumerate(rest):
        elo, spread = ELO * math.log(strength[x]), Z95 * ELO * math.sqrt(max(variance[i][i], 0.0))
        ratings[x] = (elo, elo - spread, elo + spread)
    return ratings


def inverse(matrix: list) -> list:
    """The inverse of a small invertible square matrix (Gauss-Jordan with partial pivoting)."""
    size = len(matrix)
    rows = [list(row) + [float(i == j) for j in range(size)] for i, row in enumerate(matrix)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        lead = rows[col][col]
        rows[col] = [v / lead for v in rows[col]]
        for r in range(size):
            if r != col and rows[r][col]:
                factor = rows[r][col]
                rows[r] = [v - factor * w for v, w in zip(rows[r], rows[col])]
    return [row[size:] for row in rows]


def run_ladder(game_name: str, count: int, seed: int = 1, workers: int = 1, levels: list | None = None,
               log=None) -> dict:
    """Play the round robin (`count` games per pairing) and rate every entrant (random fixed at 0 Elo).
    `log`, a text file, gets a line per game as it ends: the pairing's score so far with its Wilson
    interval, so a long run stopped early still leaves its figures."""
    game = games.get(game_name)
    every = entrants(game)
    unknown = [level for level in levels or () if level not in every]
    if unknown:
        raise ValueError(f"no ladder entrant {', '.join(unknown)} for {game.title}; known: {', '.join(every)}")
    chosen = {name: every[name] for name in levels} if levels else every
    tasks = [(game_name, *plan) for plan in ladder_games(game, chosen, count, seed)]
    results, errors = {}, []
    if workers > 1:
        from concurrent.futures import ProcessPoolExecutor  # only here: the browser never runs the ladder
        with ProcessPoolExecutor(workers) as pool:
            for task, outcome in zip(tasks, pool.map(ladder_game, tasks, chunksize=1)):
                tally(results, errors, task, outcome, log)
    else:
        for task in tasks:
            tally(results, errors, task, ladder_game(task), log)
    names = list(chosen)
    ratings = elo_ratings(results, names)
    return {"game": game.name, "title": game.title, "games_per_pairing": count, "seed": seed, "anchor": names[0],
            "ratings": {n: [round(v) for v in ratings[n]] for n in names},
            "pairings": [[a, b, score, played] for (a, b), (score, played) in results.items()],
            "errors": errors}


def ladder_text(result: dict) -> str:
    ratings = result["ratings"]
    order = sorted(ratings, key=lambda n: -ratings[n][0])
    lines = [f"{result['title']}: ladder, {result['games_per_pairing']} games per pairing from seed {result['seed']} "
             f"(sides alternate; Elo with a 95% interval; {result['anchor']} fixed at 0)", "",
             "| level | Elo | 95% interval |", "|---|---|---|"]
    lines += [f"| {n} | {ratings[n][0]} | {ratings[n][1]} to {ratings[n][2]} |" for n in order]
    lines += ["", "| pairing | score of the first | games |", "|---|---|---|"]
    lines += [f"| {a} v {b} | {score:g} ({score / played:.0%}) | {played} |" for a, b, score, played in result["pairings"]]
    lines += [f"error: {e}" for e in result["errors"]]
    return "\n".join(lines)


# -- charts -------------------------------------------------------------------------------------------
CHART_WIDTH = 480
BAR_COLOUR = "#3b4a3f"
WHISKER_COLOUR = "#a51d2d"


def chart_open(height: int, title: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {CHART_WIDTH} {height}" width="{CHART_WIDTH}" '
            f'height="{height}" role="img" aria-label="{esc(title)}" font-family="sans-serif">'
            f'<title>{esc(title)}</title><rect width="{CHART_WIDTH}" height="{height}" fill="#fffaf0"/>'
            f'<text x="{CHART_WIDTH // 2}" y="18" font-size="13" text-anchor="middle" font-weight="bold">'
            f'{esc(title)}</text>')


def win_chart(title: str, rows: list) -> str:
    """Horizontal bars (label, rate, low, high) on a 0-100% scale, with interval whiskers."""
    left, right, bar, gap, top = 90, CHART_WIDTH - 20, 18, 8, 30
    height = top + len(rows) * (bar + gap) + 24
    scale = right - left
    parts = [chart_open(height, title)]
    for tick in range(0, 101, 25):
        x = left + scale * tick / 100
        parts.append(f'<line x1="{x:.1f}" y1="{top - 4}" x2="{x:.1f}" y2="{height - 20}" stroke="#0002"/>'
                     f'<text x="{x:.1f}" y="{height - 6}" font-size="10" text-anchor="middle">{tick}%</text>')
    for index, (label, rate, low, high) in enumerate(rows):
        y = top + index * (bar + gap)
        parts.append(f'<text x="{left - 6}" y="{y + bar - 5}" font-size="11" text-anchor="end">{esc(label)}</text>'
                     f'<rect x="{left}" y="{y}" width="{scale * rate:.1f}" height="{bar}" fill="{BAR_COLOUR}"/>'
                     f'<line x1="{left + scale * low:.1f}" y1="{y + bar / 2}" x2="{left + scale * high:.1f}" '
                     f'y2="{y + bar / 2}" stroke="{WHISKER_COLOUR}" stroke-width="2"/>'
                     f'<text x="{min(left + scale * high + 4, right - 30):.1f}" y="{y + bar - 5}" font-size="10">'
                     f'{rate:.0%}</text>')
    return "".join(parts) + "</svg>"


def histogram_chart(title: str, bins: list) -> str:
    """Vertical bars, one per [low, high, count] bin."""
    left, bottom, top, height = 40, 190, 30, 220
    if not bins:
        return chart_open(height, title) + "</svg>"
    most = max(b[2] for b in bins) or 1
    width = (CHART_WIDTH - left - 20) / len(bins)
    parts = [chart_open(height, title),
             f'<text x="{left - 6}" y="{top + 8}" font-size="10" text-anchor="end">{most}</text>'
             f'<line x1="{left}" y1="{bottom}" x2="{CHART_WIDTH - 20}" y2="{bottom}" stroke="#0006"/>']
    for index, (low, high, count) in enumerate(bins):
        x = left + index * width
        h = (bottom - top) * count / most
        label = f"{low:g}" if low == high else f"{low:g}-{high:g}"
        parts.append(f'<rect x="{x + 1:.1f}" y="{bottom - h:.1f}" width="{width - 2:.1f}" height="{h:.1f}" '
                     f'fill="{BAR_COLOUR}"><title>{esc(label)}: {count}</title></rect>'
                     f'<text x="{x + width / 2:.1f}" y="{bottom + 13}" font-size="9" text-anchor="middle">'
                     f'{esc(label)}</text>')
    return "".join(parts) + "</svg>"


def charts(result: dict, prefix: str) -> dict:
    """{file name: svg} for one lab result."""
    title = f"{result['title']}: "
    rows = [(seat, w["rate"], w["low"], w["high"]) for seat, w in result["wins"].items()]
    return {f"{prefix}-wins.svg": win_chart(title + "win rate by seat (95% interval)", rows),
            f"{prefix}-length.svg": histogram_chart(title + "game length in moves",
                                                    result["length"].get("histogram", []))}


def slug(text) -> str:
    return "".join(c if c.isalnum() else "-" for c in str(text).lower()).strip("-")


def write_charts(result: dict, folder: Path, prefix: str) -> list:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, svg in charts(result, prefix).items():
        (folder / name).write_text(svg + "\n")
        written.append(name)
    return written


# -- text output ---------------------------------------------------------------------------------------
def percent(value: float) -> str:
    return f"{value * 100:.1f}%"


def win_text(result: dict) -> str:
    wins = result["wins"]  # in seat order (a JSON round trip sorts the keys)
    return "; ".join(f"{seat} {percent(wins[seat]['rate'])} [{percent(wins[seat]['low'])}-"
                     f"{percent(wins[seat]['high'])}]" for seat in result["seats"])


def text_report(result: dict) -> str:
    lines = [f"{result['title']}: {result['games']} games from seed {result['seed']}, bots "
             + ", ".join(f"{s}={lv}" for s, lv in result["bots"].items()),
             f"finished {result['finished']}, unfinished {result['unfinished']}, errors {result['errors']}",
             f"win rate by seat (95% interval): {win_text(result)}; no winner {result['no_winner']}",
             "game length: " + ", ".join(f"{k} {v}" for k, v in result["length"].items() if k != "histogram")]
    if result["first_error"]:
        lines.append(f"first error: {result['first_error']}")
    return "\n".join(lines)


def add_parser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser("lab", help="bots-only runs: win rates, lengths, charts")
    parser.add_argument("game", choices=games.names() + ["ladder"], help="a game, or ladder GAME")
    parser.add_argument("ladder_game", nargs="?", choices=games.names(), help="the game of a ladder")
    parser.add_argument("--workers", type=int, default=1, help="ladder: processes playing games at once")
    parser.add_argument("--levels", default="", help="ladder: comma list of entrants (default: all)")
    parser.add_argument("--bots", default="", help="seat=level,... (all=level for every seat; levels "
                                                    "from the game's BOTS, or random)")
    parser.add_argument("--games", type=int, default=100, help="games (ladder: per pairing)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--options", default="{}", help="new-game options as JSON")
    parser.add_argument("--log", default=None, metavar="FILE", help="ladder: append a line per game to FILE "
                        "as it ends, with the pairing's score so far (- for standard error)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--svg", default=None, metavar="DIR", help="write SVG charts into DIR")
    return parser


def run(args) -> int:
    if args.game == "ladder":
        if args.ladder_game is None:
            print("Cannot run the ladder: name its game (lab ladder GAME)", file=sys.stderr)
            return 2
        log = sys.stderr if args.log == "-" else open(args.log, "a") if args.log else None
        try:
            result = run_ladder(args.ladder_game, args.games, args.seed, args.workers,
                                [lv.strip() for lv in args.levels.split(",") if lv.strip()], log)
        except ValueError as err:
            print(f"Cannot run the ladder: {err}", file=sys.stderr)
            return 2
        finally:
            if log not in (None, sys.stderr):
                log.close()
        print(json.dumps(result, sort_keys=True) if args.json else ladder_text(result))
        return 0 if not result["errors"] else 1
    try:
        result = run_lab(args.game, args.bots, args.games, args.seed, json.loads(args.options))
    except ValueError as err:  # bad options or bots (json.JSONDecodeError is one too)
        print(f"Cannot run the lab: {err}", file=sys.stderr)
        return 2
    print(json.dumps(result, sort_keys=True) if args.json else text_report(result))
    if args.svg:
        write_charts(result, Path(args.svg), slug(args.game))
    return 0 if result["errors"] == 0 else 1


# -- the balance report ------------------------------------------------------------------------------------
def modes(game) -> list:
    """(label, options) for the standard game and each variant: each on/off option switched alone, each
    other choice, and each value of a small number range."""
    found = [("standard", {})]
    for option in game.options:
        if option.choices is not None:
            values = [c for c in option.choices if c != option.default]
        elif isinstance(option.default, bool):
            values = [not option.default]
        elif option.low is not None and option.high is not None and option.high - option.low <= 2:
            values = [v for v in range(option.low, option.high + 1) if v != option.default]
        else:
            values = []
        for value in values:
            shown = ("on" if value else "off") if isinstance(value, bool) else value
            found.append((f"{option.label}: {shown}", {option.name: value}))
    usable = []
    for label, options in found:
        try:
            game.validate_options(options)
            usable.append((label, options))
        except ValueError:
            pass
    return usable


def report_plan() -> list:
    """[(game, mode, options, bots, games)] for every registered game and mode."""
    plan = []
    for name in games.names():
        game = games.get(name)
        for index, (label, options) in enumerate(modes(game)):
            for bots, standard_games, other_games in REPORT_RUNS.get(name, DEFAULT_RUNS):
                count = standard_games if index == 0 else other_games
                if count:
                    plan.append((name, label, options, bots, count))
    return plan


def run_plan(plan: list, seed: int = REPORT_SEED) -> list:
    runs = []
    for name, mode, options, bots, count in plan:
        result = run_lab(name, bots, count, seed, options)
        result["mode"] = mode
        result["bots_spec"] = bots
        runs.append(result)
    return runs


def bots_text(result: dict) -> str:
    levels = set(result["bots"].values())
    if len(levels) == 1:
        return f"all {levels.pop()}"
    return ", ".join(f"{s} {lv}" for s, lv in result["bots"].items())


def markdown(runs: list, chart_folder: str) -> str:
    lines = ["# Balance report", "",
             "Generated by `python -m game_core.lab report`: bots-only games with fixed seeds (game i of a run",
             f"uses seed {REPORT_SEED} + i), so every figure below can be reproduced exactly. Win rates carry a 95%",
             "Wilson interval. `random` plays uniformly random legal moves: a baseline that shows structural",
             f"seat bias, not skill. The raw figures are in [`{chart_folder}/balance.json`]({chart_folder}/balance.json).",
             ""]
    by_game = {}
    for result in runs:
        by_game.setdefault(result["game"], []).append(result)
    for name, results in by_game.items():
        lines += [f"## {results[0]['title']}", "",
                  "| mode | bots | games | win rate by seat [95% interval] | no winner | mean length | errors |",
                  "|---|---|---|---|---|---|---|"]
        for r in results:
            lines.append(f"| {r['mode']} | {bots_text(r)} | {r['finished']}/{r['games']} | {win_text(r)} | "
                         f"{r['no_winner']} | {r['length'].get('mean', '-')} | {r['errors']} |")
        lines.append("")
        errors = [r for r in results if r["first_error"]]
        for r in errors:
            lines.append(f"- Error ({r['mode']}, {bots_text(r)}): {r['first_error']}")
        prefix = chart_prefix(results[0])
        lines += ["", f"![win rates]({chart_folder}/{prefix}-wins.svg) "
                      f"![game length]({chart_folder}/{prefix}-length.svg)", ""]
    notes = sorted(p.name for p in (ROOT / "docs").glob("balance-*.md"))
    if notes:
        lines += ["## Tuning notes per game", ""] + [f"- [{n}]({n})" for n in notes] + [""]
    return "\n".join(lines)


def chart_prefix(result: dict) -> str:
    return slug(f"{result['game']}-{result['mode']}-{result['bots_spec']}")


def write_report(runs: list, docs: Path) -> None:
    """Rewrite docs/balance.md (keeping its hand-written part) and docs/charts/."""
    charts_dir = docs / "charts"
    charts_dir.mkdir(parents=True, exist_ok=True)
    for old in charts_dir.glob("*.svg"):
        old.unlink()
    for name in dict.fromkeys(r["game"] for r in runs):
        write_charts(next(r for r in runs if r["game"] == name), charts_dir,
                     chart_prefix(next(r for r in runs if r["game"] == name)))
    (charts_dir / "balance.json").write_text(json.dumps(runs, indent=1, sort_keys=True) + "\n")
    target = docs / "balance.md"
    kept = ""
    if target.exists() and KEEP_MARKER in target.read_text():
        kept = target.read_text().split(KEEP_MARKER, 1)[1]
    else:
        kept = "\n\n## Tuning decisions\n\n(Record here what the figures above led to change, newest first.)\n"
    target.write_text(markdown(runs, "charts") + "\n" + KEEP_MARKER + kept)


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["report"]:
        write_report(run_plan(report_plan()), ROOT / "docs")
        print(f"wrote {ROOT / 'docs' / 'balance.md'} and {ROOT / 'docs' / 'charts'}")
        return 0
    parser = argparse.ArgumentParser(prog="python -m game_core.lab")
    add_parser(parser.add_subparsers(dest="command", required=True))
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
