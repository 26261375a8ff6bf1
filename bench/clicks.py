"""The cost of one click early and late in long games, against issue 16's targets: a click late in a game
costs at most 1.2x a click at move 20, and a step plus its redraw stays under 16 ms (p95) at any length.

A click is what the page does per click: Session.act plus Session.frame() (the board, status, log, undo
state). Per game, the longest CLICK_GAMES of CLICK_SEEDS random games (people at every seat, so no bot
moves in between) are timed from move 20 and from move 600, CLICK_SAMPLES clicks from each point, each
click CLICK_REPEATS times from a fresh session. A game shorter than 600 moves is timed as late as it goes
(`from_move`: the lowest and highest first move over those games). The early and late clicks take turns,
and each click counts with its fastest time (the machine is shared: a slow spell is not the code's). The
ratio compares the medians of early and late clicks; the p95 is over each window's clicks (a combat, a
round's end...), the dearer window's.

`measure()` runs the same in CPython and inside Pyodide (bench/run.py does both, `--only clicks` alone):

    PYTHONPATH=. .venv/bin/python bench/clicks.py [game ...]      # --json: the figures as JSON only
"""

import json
import sys
import time

from engine_bench import percentile, summary
from game_core import games
from game_core.rng import Rng
from game_core.session import HUMAN, Session

TARGET_RATIO = 1.2  # late click / early click, at most
TARGET_P95_MS = 16  # a step and its redraw, 95th percentile, below
CLICK_AT = (20, 600)  # moves into a game where a click is timed (a short game: as late as it goes)
CLICK_SAMPLES = 40  # clicks timed from each of those points on
CLICK_GAMES = 5  # long games per game name: the longest of CLICK_SEEDS random games
CLICK_SEEDS = 15
CLICK_REPEATS = 5  # each click is timed this many times (from fresh sessions): its fastest counts


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


def timed_clicks(name: str, record: dict, windows: list) -> list:
    """Per window of `record` ((first move, clicks), as click_windows gives them), the ms of each click
    (act + frame) in each repeat. The windows take turns click by click (early, late, early, ...), so
    a slow spell of a shared machine falls on both alike."""
    actions, seats = record["actions"], people_at_every_seat(name)
    times = [[[] for _ in range(clicks)] for _, clicks in windows]
    for _ in range(CLICK_REPEATS):
        sessions = [Session.from_record(name, {**record, "actions": actions[:start]}, seats) for start, _ in windows]
        for session in sessions:
            session.frame()  # the page draws once when it loads a game, before any click
        for number in range(windows[0][1]):
            for (start, _), session, window in zip(windows, sessions, times):
                begin = time.perf_counter()
                session.act(actions[start + number])
                session.frame()
                window[number].append((time.perf_counter() - begin) * 1000)
    return times


def click_cost(name: str) -> dict:
    """Early ("move_20") and late ("move_600") clicks in the longest random games of a game: the median
    and p95 of each click's fastest time, late / early of the medians, and the p95 of every timing."""
    played = sorted((random_game(name, seed) for seed in range(1, CLICK_SEEDS + 1)),
                    key=lambda record: len(record["actions"]))[-CLICK_GAMES:]
    fastest, every, starts = ([[], []] for _ in range(3))
    for record in played:
        windows = click_windows(len(record["actions"]))
        for index, (window, (start, _)) in enumerate(zip(timed_clicks(name, record, windows), windows)):
            fastest[index] += [min(repeats) for repeats in window]
            every[index] += [ms for repeats in window for ms in repeats]
            starts[index].append(start)
    result = {"longest_game": len(played[-1]["actions"])}
    for index, at in enumerate(CLICK_AT):
        result[f"move_{at}"] = {"from_move": [min(starts[index]), max(starts[index])], **summary(fastest[index]),
                                "p95_every_timing": round(percentile(every[index], 0.95), 3)}
    early, late = (result[f"move_{at}"]["median"] for at in CLICK_AT)
    result["ratio"] = round(late / early, 2) if early else None
    result["p95_ms"] = max(result[f"move_{at}"]["p95"] for at in CLICK_AT)
    result["meets_ratio"] = result["ratio"] is not None and result["ratio"] <= TARGET_RATIO
    result["meets_p95"] = result["p95_ms"] < TARGET_P95_MS
    return result


def measure(names=None) -> dict:
    """The click figures of every game (or of `names`), with the Python they were taken in."""
    return {"python": sys.version.split()[0], "platform": sys.platform,
            "targets": {"ratio": TARGET_RATIO, "p95_ms": TARGET_P95_MS},
            "games": {name: click_cost(name) for name in names or games.names()}}


if __name__ == "__main__":
    arguments = [a for a in sys.argv[1:] if a != "--json"]
    figures = measure(arguments)
    if "--json" in sys.argv:
        print(json.dumps(figures))
    else:
        for name, clicks in figures["games"].items():
            early, late = clicks["move_20"], clicks["move_600"]
            print(f"{name}: {early['median']} ms per click from move {early['from_move'][0]}, {late['median']} ms "
                  f"from move {late['from_move'][0]}: {clicks['ratio']}x ({'met' if clicks['meets_ratio'] else 'NOT met'}); "
                  f"p95 {clicks['p95_ms']} ms ({'met' if clicks['meets_p95'] else 'NOT met'})")
