"""The cost of one click (Session.act + Session.frame(), what the page does per click) early and late in
long games of Bitskrieg and Blitzkrieg!, against issue 16's target: late within 1.2x of early.

The timing is engine_bench.click_cost (the longest of several random games, clicks from move 20 and from
move 600 on; a Blitzkrieg! game ends after some 40 moves, so its "late" clicks are as late as it goes:
`from_move` says where). `measure()` returns the figures; it runs the same in CPython and in Pyodide.

    PYTHONPATH=. .venv/bin/python bench/clicks.py
"""

import json
import sys

from engine_bench import click_cost

GAMES = ("bitskrieg", "blitzkrieg")
TARGET = 1.2  # late click / early click, at most


def measure() -> dict:
    result = {"python": sys.version.split()[0], "target_ratio": TARGET, "games": {}}
    for name in GAMES:
        figures = click_cost(name)
        figures["met"] = figures["ratio"] is not None and figures["ratio"] <= TARGET
        result["games"][name] = figures
    return result


if __name__ == "__main__":
    figures = measure()
    for name, clicks in figures["games"].items():
        early, late = clicks["move_20"], clicks["move_600"]
        print(f"{name}: {early['median']} ms per click from move {early['from_move']}, {late['median']} ms "
              f"from move {late['from_move']}: {clicks['ratio']}x ({'met' if clicks['met'] else 'NOT met'})")
    print(json.dumps(figures))
