"""Root search for the expert bots: sequential halving over sampled worlds, run in slices.

A bot sees only its view. Each sweep of the search deals one world consistent with that view
(Game.state_from_view: hidden pieces dealt afresh, a fresh random stream for the dice to come) and plays
every surviving candidate action out in it, each from a copy of the same random stream, so candidates are
compared on the same deals and the same luck (paired, which needs far fewer sweeps than independent ones).
The playout is the game's: how it continues the line and scores the end (its hard bot's look-ahead).

Sequential halving spreads a budget of `playouts` over about log2(candidates) phases of equal cost and
keeps the better half of the candidates after each, so promising actions get most of the work. With an
iteration budget alone the choice is reproducible from the seed (the lab); with `budget_ms` (the page)
the search also stops once that much time has passed and decides on the sweeps every survivor finished.
`playout` is a generator that yields while it works, and the search yields after each playout, so the
page is never blocked for longer than one playout.
"""

import time

from .rng import Rng


def halving(candidates: list, sample, playout, rng: Rng, playouts: int, budget_ms: int = 0,
            clock=time.perf_counter):
    """Generator: the best of `candidates` (ranked best first by a cheap prior; ties keep that order).

    sample(rng) -> a world; playout(world, action, rng) -> generator returning that line's value."""
    survivors = list(candidates)
    if len(survivors) <= 1:
        return survivors[0]
    deadline = clock() + budget_ms / 1000 if budget_ms else None
    phases = max(1, (len(survivors) - 1).bit_length())
    scores = {action: [] for action in survivors}
    while True:
        sweeps = max(1, playouts // (phases * len(survivors)))
        for _ in range(sweeps):
            world, seed = sample(rng), rng.next64()
            for action in survivors:
                scores[action].append((yield from playout(world, action, Rng(seed))))
                yield
                if deadline is not None and clock() > deadline:
                    return best(survivors, scores)
        if len(survivors) <= 2:
            return best(survivors, scores)
        survivors = ranked(survivors, scores)[:(len(survivors) + 1) // 2]


def ranked(survivors: list, scores: dict) -> list:
    """The survivors by their mean over the sweeps all of them finished (stable: ties keep prior order)."""
    done = min(len(scores[action]) for action in survivors)
    if not done:
        return survivors
    return sorted(survivors, key=lambda action: -sum(scores[action][:done]))


def best(survivors: list, scores: dict):
    return ranked(survivors, scores)[0]
