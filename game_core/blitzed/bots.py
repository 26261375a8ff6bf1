"""Blitzed! bots: they see only a seat's view and act at human-like speeds.

`plan(view, level, rng)` says what a bot seat wants to do next and how long a person would
take to do it; `tick(state, now_ms, bot_seats, rng)` turns the due plans into stamped actions.
Levels differ in speed and in how they pick targets: "easy" fixes on a random card and
sometimes thunders on a near miss, "normal" chases the card it is most likely to make,
"hard" weighs that chance by what the card pays.
"""

from collections import Counter
from functools import lru_cache
from itertools import product

from ..engine import Bot
from ..rng import Rng
from .rules import CARDS, DICE, GAME, LAST_PLACE_VALUE, card_matches, keep_text

# Milliseconds a person at this level takes for each kind of step (jittered +-25%). "normal", the
# default, is a fair match for a first-time player and "hard" is out of their reach: measured with
# a simulated newcomer (newcomer.py, figures in the docstring there).
SPEED = {
    "easy": {"start": 1800, "roll": 2600, "keep": 1400, "claim": 2600, "decide": 2500},
    "normal": {"start": 1300, "roll": 1800, "keep": 1000, "claim": 1700, "decide": 1800},
    "hard": {"start": 350, "roll": 550, "keep": 250, "claim": 450, "decide": 1200},
}
EASY_MISCLAIM_CHANCE = 0.2


@lru_cache(maxsize=None)
def roll_outcomes(count: int) -> tuple:
    """Every sorted result of rolling `count` dice, with how many of the 6**count ways give it."""
    return tuple(Counter(tuple(sorted(r)) for r in product(range(1, 7), repeat=count)).items())


@lru_cache(maxsize=None)
def one_roll_chance(card: str, kept: tuple) -> float:
    """Chance that rolling the dice not in `kept` (sorted values) fulfils the card at once."""
    rest = DICE - len(kept)
    hits = sum(ways for dice, ways in roll_outcomes(rest) if card_matches(card, kept + dice))
    return hits / 6 ** rest


@lru_cache(maxsize=None)
def best_one_roll(card: str, dice: tuple) -> float:
    if card_matches(card, dice):
        return 1.0
    return max(one_roll_chance(card, kept) for kept in sub_multisets(dice))


@lru_cache(maxsize=None)
def two_roll_chance(card: str, kept: tuple) -> float:
    """Chance to fulfil the card within two rolls: roll the rest, then keep the best and roll again."""
    rest = DICE - len(kept)
    total = sum(ways * best_one_roll(card, tuple(sorted(kept + dice))) for dice, ways in roll_outcomes(rest))
    return total / 6 ** rest


def sub_multisets(dice: tuple) -> set:
    """Every proper part of the dice that could be set aside, as sorted tuples of values."""
    return {tuple(sorted(dice[i] for i in range(DICE) if mask >> i & 1)) for mask in range(2 ** DICE - 1)}


def best_keep(card: str, dice: list, chance) -> tuple:
    """(chance, which dice to set aside) that gives the best chance at the card."""
    best = (-1.0, None)
    for mask in range(2 ** DICE - 1):
        kept = [bool(mask >> i & 1) for i in range(DICE)]
        values = tuple(sorted(v for v, k in zip(dice, kept) if k))
        best = max(best, (chance(card, values), -mask, kept))
    return best[0], best[2]


def near_miss(card: str, dice: list) -> bool:
    """Dice that a hasty player could mistake for the card: the sum off by one, or two of three right."""
    spec = CARDS[card]
    if spec["kind"] == "sum":
        return abs(sum(dice) - spec["total"]) == 1
    return sum((Counter(dice) & Counter(spec["dice"])).values()) == DICE - 1


def plan(view: dict, level: str, rng: Rng):
    """(action, due_ms) that the bot at view["seat"] wants next, or None to wait."""
    seat, state = view["seat"], view["state"]
    if seat not in (view["to_play"] or ()):
        return None
    speed = SPEED[level]
    jitter = 0.75 + 0.5 * rng.random()
    own = state["seat_clock"][seat]
    def after(step):
        """When a step is done: after someone else's claim changes the table, a glance (the keep time)
        is needed first, but a table that keeps changing delays the bot by one glance at most."""
        done, glance = own + speed[step] * jitter, speed["keep"] * jitter
        return max(done, min(state["claim_clock"] + glance, done + glance))
    if state["phase"] == "ready":
        return f"{seat} ready", own + speed["decide"] * jitter
    if state["phase"] == "tie":
        choice = "more" if level == "hard" else "share"
        return f"{seat} {choice}", own + speed["decide"] * jitter
    dice, kept, claims = state["dice"][seat], state["kept"][seat], state["claims"]
    value = dict(zip(state["cards"], state["values"]))
    free = [c for c in state["cards"] if c is not None and c not in claims.values()]
    mine = claims[seat]
    matching = sorted((c for c in free if card_matches(c, dice)), key=lambda c: -value[c])
    if mine is not None:
        if level == "hard" and matching and value[matching[0]] > value[mine] and card_matches(mine, dice):
            return f"{seat} claim {matching[0]}", after("claim")
        return None
    if 0 in dice:
        return f"{seat} roll", own + speed["start"] * jitter
    if matching:
        return f"{seat} claim {matching[0]}", after("claim")
    if not free:
        return None
    if level == "easy":
        target = Rng.from_seed(view["seed_hint"], f"{seat}/target/{len(free)}").choice(free)
        if near_miss(target, dice) and rng.random() < EASY_MISCLAIM_CHANCE:
            return f"{seat} claim {target}", after("claim")
        _, want = best_keep(target, dice, one_roll_chance)
    else:
        def score(card):
            chance, keep = best_keep(card, dice, two_roll_chance)
            worth = chance * (value[card] - LAST_PLACE_VALUE) if level == "hard" else chance
            return worth, value[card], keep
        want = max(score(c) for c in free)[2]
    if want != kept:
        return f"{seat} keep {keep_text(want)}", after("keep")
    return f"{seat} roll", own + speed["roll"] * jitter


def level_planner(level: str):
    return lambda view, rng: plan(view, level, rng)


def bot_view(state, seat, rng: Rng) -> dict:
    view = state.view(seat)
    # A per-round number for choices a person makes once per round (the easy bot's fixation).
    view["seed_hint"] = Rng.from_seed(rng.state, f"{seat}/{state.epoch}").next64()
    return view


def decision_rng(state, seat, rng: Rng) -> Rng:
    """The same decision gets the same dice of fate however often tick() asks about it."""
    return Rng.from_seed(rng.state, f"{seat}/{state.epoch}/{state.acted[seat]}")


def tick(state, now_ms, bot_seats: dict, rng: Rng, planners: dict | None = None) -> list:
    """The stamped bot actions due by `now_ms` (ms into the current epoch), in order.

    Pure: the state and `rng` are not changed (rng only seeds each decision). The list stops
    when the epoch changes, because the clock restarts there. `planners` ({seat: function(view,
    rng) -> (action, due_ms) or None}) plays more seats the same way: a simulated person in a
    measurement (newcomer.py).
    """
    planners = {**{seat: level_planner(level) for seat, level in bot_seats.items()}, **(planners or {})}
    emitted, epoch = [], state.epoch
    while not state.is_over and state.epoch == epoch:
        due = []
        for seat in sorted(planners):
            if seat in state.to_play:
                wish = planners[seat](bot_view(state, seat, rng), decision_rng(state, seat, rng))
                if wish is not None and wish[1] <= now_ms:
                    due.append((wish[1], seat, wish[0]))
        if not due:
            break
        when, _, action = min(due)
        stamped = GAME.stamp(action, max(int(when), state.clock))
        state = state.apply(stamped)
        emitted.append(stamped)
    return emitted


class BlitzedBot(Bot):
    """A bot for the turn-based Bot API: its next wish, ignoring time (None = it waits)."""

    def __init__(self, level: str, title: str):
        self.name = level
        self.title = title
        self.level = level

    def choose(self, game, view, rng):
        view = dict(view, seed_hint=rng.next64())
        wish = plan(view, self.level, rng)
        return wish[0] if wish else None


BOTS = {"easy": BlitzedBot("easy", "Easy"), "normal": BlitzedBot("normal", "Normal"),
        "hard": BlitzedBot("hard", "Hard")}
