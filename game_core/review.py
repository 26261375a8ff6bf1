"""The expert's review of a finished game: for every move of one seat, its chance of winning before and after
the move, the three biggest swings, and the move the game's expert (its hint bot) prefers.

Every estimate is made from that seat's view at that moment only (`State.view(seat)`): the chance is the share
of playouts won (the package's `win_chance(view, rng)`, which deals the hidden parts from what the seat has not
seen), and the expert thinks from the same view, so the opponent's hidden pieces, the bag's order and the draws
to come never enter the review. A position between two moves of the seat (a solitaire's, or a turn of several
decisions) is estimated once, and every position's playouts start from the same random stream (the same deals
and luck as far as the positions allow), so a change from one position to the next is the moves', not luck's.

`review_game` is a generator run in slices like a bot's think: it yields the share of its work done (a float
from 0 to 1) and returns the review, plain JSON-ready data kept with the finished game's record.
Blitzed! is a race on the page's clock with no turns to take back and no hint bot: it has no review.
"""

import time

from .rng import Rng

REVIEW_VERSION = 1
PLAYOUT_BUDGET = 240  # the playouts a whole review spends on chances, spread over its moves
PLAYOUTS_PER_POSITION = (4, 16)  # at least, at most
MIN_PLAYOUTS = 2  # a position's playouts in the page however short its time
SWINGS = 3
SWING_PLAYOUTS = 4  # the playouts each side of a swing needs at least


def can_review(game, package) -> bool:
    """A game is reviewed where it has a hint bot to suggest moves and a win-chance playout (not a race)."""
    return not game.realtime and game.hint_bot is not None and package.win_chance is not None


def moments(game, record, seat) -> list:
    """[(index, state before, action, state after)] for each action `seat` chose in `record` (a forced one,
    the only legal action, is no choice to review)."""
    states = []

    def keep(before, after):
        if not states:
            states.append(before)
        states.append(after)

    game.from_record(record, on_move=keep)
    return [(index, states[index], action, states[index + 1])
            for index, action in enumerate(record["actions"])
            if states[index].to_play == seat and len(states[index].legal_actions()) > 1]


def playouts_per_position(positions: int) -> int:
    low, high = PLAYOUTS_PER_POSITION
    return max(low, min(high, PLAYOUT_BUDGET // max(1, positions)))


def review_game(game, package, record, seat, seed: int, budget_ms: int = 0, clock=time.perf_counter):
    """Generator: the review of `seat`'s moves in `record` (yields the share done; see `review_moments`)."""
    return (yield from review_moments(game, package, seat, moments(game, record, seat), seed, budget_ms, clock))


def review_moments(game, package, seat, steps, seed: int, budget_ms: int = 0, clock=time.perf_counter):
    """Generator: the review of `steps` ([(index, before, action, after)], `moments`), each estimate made from
    `seat`'s view only, with the same work for every position (reproducible from `seed`). In the page
    `budget_ms` also caps the whole review's time: the k-th move is due by k shares of it (a move that ran long
    leaves the next ones less), the expert thinks for a third of a share, and a position's playouts stop
    (after MIN_PLAYOUTS) once its move is due.
    Returns {"version", "game", "seat", "playouts", "moves": [{"index", "played", "best", "played_words",
    "best_words", "before", "after", "playouts": [before's, after's]}], "swings": [positions in "moves", biggest
    first]}."""
    if not can_review(game, package):
        raise ValueError(f"{game.title} has no review: it needs turns, a hint bot and a win-chance playout")
    positions = {index for step in steps for index in (step[0], step[0] + 1)}
    playouts = playouts_per_position(len(positions))
    share = budget_ms / max(1, len(steps)) / 1000
    expert = package.bots[game.hint_bot]
    work = len(positions) * playouts + len(steps)
    done, started = 0, clock()
    chance = {}  # state index -> the share of playouts won from the seat's view there
    moves = []
    for number, (index, before, action, after) in enumerate(steps, 1):
        deadline = started + number * share if budget_ms else None
        thinking = expert.think(game, before.view(seat), Rng.from_seed(seed, f"expert {index}"),
                                round(share * 1000 / 3))
        while True:
            try:
                next(thinking)
            except StopIteration as chosen:
                best = chosen.value
                break
            yield done / work
        done += 1
        for at, state in ((index, before), (index + 1, after)):
            if at in chance:
                continue
            view, rng, wins, tried = state.view(seat), Rng.from_seed(seed, "chance"), 0.0, 0
            while tried < playouts and (tried < MIN_PLAYOUTS or deadline is None or clock() < deadline):
                wins += package.win_chance(view, rng)
                tried += 1
                yield (done + tried) / work
            done += playouts
            chance[at] = (wins / tried, tried)
        moves.append({"index": index, "played": action, "best": best,
                      "played_words": game.describe_action(before, action),
                      "best_words": game.describe_action(before, best),
                      "before": chance[index][0], "after": chance[index + 1][0],
                      "playouts": [chance[index][1], chance[index + 1][1]]})
    return {"version": REVIEW_VERSION, "game": game.name, "seat": seat, "playouts": playouts,
            "moves": moves, "swings": biggest_swings(moves)}


def biggest_swings(moves: list) -> list:
    """The positions in `moves` of the SWINGS moves whose chance changed most (ties: the earlier first), among
    those whose change stands out from the playouts' noise (`noise`); a move that changed nothing is no swing."""
    order = sorted(range(len(moves)), key=lambda k: (-abs(moves[k]["after"] - moves[k]["before"]), k))
    return [k for k in order if abs(moves[k]["after"] - moves[k]["before"]) > noise(moves[k])][:SWINGS]


def noise(move: dict) -> float:
    """How far the chance after a move may differ from the one before by the playouts' luck alone: two
    standard errors of the difference of two shares of playouts (each share taken with one win and one loss
    more, so that a share of none or all of a few playouts is not taken for a certainty); a change measured
    on fewer than SWING_PLAYOUTS playouts a side is never called a swing."""
    if min(move["playouts"]) < SWING_PLAYOUTS:
        return float("inf")
    spread = 0.0
    for share, count in zip((move["before"], move["after"]), move["playouts"]):
        smoothed = (share * count + 1) / (count + 2)
        spread += smoothed * (1 - smoothed) / count
    return 2 * spread ** 0.5


def swing_words(game, review: dict, position: int) -> str:
    """A swing in plain words: "The Allies lost 23% here"."""
    move = review["moves"][position]
    change = round(100 * (move["after"] - move["before"]))
    verb = "lost" if change < 0 else "gained"
    return f"{game.seat_name(review['seat'])} {verb} {abs(change)}% here"
