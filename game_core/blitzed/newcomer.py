"""A simulated first-time player, to measure whether a bot level can be beaten (issue 18).

    python -m game_core.blitzed.newcomer [--rounds N] [--seed S]

The newcomer plays from its view, like a bot. It needs 1.2-2.5 s to take in each new sight (its
own roll, or a claim that changed the table) before it acts, and plays a plain strategy: go for
the best paying free card, setting aside the dice that give the best chance at it on the next
roll, then roll (a quick click after setting dice aside); thunder as soon as the dice make it (or
another card that pays as much). When its card is taken it goes for the next best. It never moves
a claim and never misclaims.

Each measured round is round 1 of a fresh seeded game at the default table (4 players): the
newcomer at p1 against bots of one level. It wins the round when it does better than every other
player (usually: it made the +1 card's task). Round i uses seed S + i, so every figure can be
reproduced exactly. With 300 rounds from seed 1 (the defaults), against three bots of each level:
- easy: the newcomer wins 56.0% of rounds [95% interval 50.3%-61.5%];
- normal (the default): 43.7% [38.2%-49.3%] (about 13% at the speeds before issue 18);
- hard: 2.0% [0.9%-4.3%].
"""

import argparse
import sys

from ..lab import wilson
from ..rng import Rng
from .bots import SPEED, best_keep, one_roll_chance, tick
from .actions import Action
from .rules import GAME, keep_text

REACTION_MS = (1200, 2500)
CLICK_MS = 400                  # one more click: Roll right after setting dice aside
FOREVER_MS = 10**9              # a "now" by which every seat has played out the epoch
PLAYERS = 4                     # the default table: you and three bots


class Newcomer:
    """A first-time player's plan for one seat. It remembers only what it wished at each of its
    decisions, to know that a roll follows its own setting aside with a mere click."""

    def __init__(self):
        self.wished = {}

    def plan(self, view, rng):
        seat, state = view["seat"], view["state"]
        if seat not in (view["to_play"] or ()):
            return None
        react = REACTION_MS[0] + (REACTION_MS[1] - REACTION_MS[0]) * rng.random()
        own, acted = state["seat_clock"][seat], state["acted"][seat]
        if state["phase"] != "roll":
            wish = (f"{seat} ready" if state["phase"] == "ready" else f"{seat} share"), own + react
        else:
            wish = self.race(view, own + react, max(own, state["claim_clock"]) + react)
        if wish is not None:
            self.wished[(state["epoch"], acted)] = Action.parse(wish[0]).verb
        return wish

    def race(self, view, after_own, after_table):
        seat, state, facts = view["seat"], view["state"], view["facts"]
        if state["claims"][seat] is not None:
            return None
        dice, kept = state["dice"][seat], state["kept"][seat]
        if 0 in dice:
            return f"{seat} roll", after_own
        if not facts["free"]:
            return None
        value = {slot["card"]: slot["value"] for slot in facts["slots"]}
        target = max(facts["free"], key=lambda card: (value[card], best_keep(card, dice, one_roll_chance)[0]))
        made = [card for card in facts["makes"][seat] if value[card] >= value[target]]
        if made:
            return f"{seat} claim {made[0]}", after_table
        want = best_keep(target, dice, one_roll_chance)[1]
        if want != kept:
            return f"{seat} keep {keep_text(want)}", after_table
        just_set_aside = self.wished.get((state["epoch"], state["acted"][seat] - 1)) == "keep"
        return f"{seat} roll", state["seat_clock"][seat] + CLICK_MS if just_set_aside else after_table


def play_round(seed: int, level: str, players: int = PLAYERS) -> tuple:
    """Round 1 of a fresh game: (does the newcomer at p1 gain more bolts than every other player,
    how many seconds the race took)."""
    bots = {seat: level for seat in GAME.seats[1:players]}
    state = GAME.new_game(seed, {"players": players, "p1": "human", **bots})
    newcomer, rng = Newcomer(), Rng.from_seed(seed, "newcomer")
    while state.round == 0 or state.phase == "roll":
        for action in tick(state, FOREVER_MS, bots, rng, {"p1": newcomer.plan}):
            state = state.apply(action)
    change = {line["seat"]: line["change"] for line in state.last_round}
    won = all(change["p1"] > gain for seat, gain in change.items() if seat != "p1")
    return won, Action.parse(state.actions[-1]).stamp / 1000


def measure(level: str, rounds: int, seed: int = 1) -> dict:
    results = [play_round(seed + i, level) for i in range(rounds)]
    won = sum(w for w, _ in results)
    low, high = wilson(won, rounds)
    return {"level": level, "rounds": rounds, "seed": seed, "won": won, "rate": won / rounds,
            "low": low, "high": high, "seconds": sum(s for _, s in results) / rounds}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game_core.blitzed.newcomer", description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    for level in SPEED:
        r = measure(level, args.rounds, args.seed)
        print(f"{level}: the newcomer wins {r['won']} of {r['rounds']} rounds = {r['rate']:.1%} "
              f"[95% interval {r['low']:.1%}-{r['high']:.1%}], a race lasts {r['seconds']:.1f} s on average "
              f"(seeds {args.seed}-{args.seed + args.rounds - 1})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
