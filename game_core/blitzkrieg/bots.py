"""Blitzkrieg! AI: determinized search from `view(seat)` only.

Each round of thinking deals the hidden tokens afresh (the opponent's reserve and bag, the
research pile) consistently with what the seat sees (Game.state_from_view), gives the sampled world a fresh random
stream for future draws, and scores every legal action in it: the action, the rest of our
own turn played greedily, then the opponent's best reply, then a heuristic evaluation.
Against the solo module the reply is not sampled: its moves follow public rules from its
face-up row, so every stratagem and die it may draw is tried and weighed by its chance.
The action with the best mean over the rounds is played. Levels differ in how many rounds
they think (a work budget, so that games are reproducible; roughly easy 0.05 s, normal 0.3 s,
hard 0.8 s per move in CPython). `think` yields after each scored reply (a few ms) so the
browser can slice it.

expert plays the same lines (hard's depth-2 look-ahead) but spends its work where it matters: sequential
halving (game_core/search.py) over its ten best first steps, each played out in many dealt worlds, the
better half kept after each round. Against the solo module a line weighs every draw of its reply, so it
first screens its eight best first steps by that reply alone and plays out only the best three. Its work is
a count of lines (reproducible); in the page `budget_ms` also stops it in time.
"""

import math
import time

from ..engine import Bot
from ..search import halving
from .actions import Action
from .data import STRATAGEMS, UNITS, kind_of
from .rules import ALLIES, AXIS, SIGN, other
from .solo import STEAMROLL

WIN = 1000.0


def evaluate(state, me: str) -> float:
    """How good the position is for `me`: VP now, plus what the markers promise, plus reserves."""
    if state.result:
        return WIN if state.result["winner"] == me else -WIN
    foe, sign = other(me), SIGN[me]
    score = state.vp[me] - state.vp[foe]
    index = state.index
    for code in index.theaters:
        cid = state.active_campaign(code)
        if cid is None:
            continue
        lead, length = sign * state.markers[code], index.length(code)
        campaigns = index.theater_campaigns[code]
        empty = sum(s not in state.spaces for s in index.campaigns[cid]["spaces"])
        later = sum(index.campaigns[c]["vp"] for c in campaigns[campaigns.index(cid) + 1:])
        bonus = sum(1 for icon in index.icons(code) if abs(lead) >= icon)
        score += (index.campaigns[cid]["vp"] + bonus) * math.tanh(lead / (1.0 + 1.5 * empty))
        score += 0.35 * later * math.tanh(lead / 6.0)
        closing = max(0, abs(lead) - (length - 5)) / 5.0  # a marker near its end threatens the theater
        score += math.copysign(closing * closing * (later + index.campaigns[cid]["vp"] + 2), lead)
    for seat, weight in ((me, 1.0), (foe, -1.0)):
        reserve = state.reserves[seat]
        power = sum(UNITS[kind_of(t)]["strength"] for t in reserve)
        score += weight * (0.5 * min(len(reserve), 4) + 0.12 * power + (-4.0 if not reserve else 0.0))
    return score


def advance(state, action):
    """A copy of `state` after a legal action (no notation checks: the search only plays legal ones)."""
    new = state.copy()
    new.do(Action.parse(action))
    return new


def greedy(state, seat: str, rng=None, width=0):
    """The action that evaluates best for `seat` one step ahead (at most `width` tried, if set)."""
    actions = state.legal_actions()
    if len(actions) == 1:
        return actions[0]
    if width and len(actions) > width:
        actions = [actions[rng.below(len(actions))] for _ in range(width)]
    return max(actions, key=lambda action: evaluate(advance(state, action), seat))


def finish_turn(state, seat: str):
    """Play `seat`'s remaining decisions of this turn (blitz, strategic advantage...) greedily."""
    while state.to_play == seat and state.decision:
        state = advance(state, greedy(state, seat))
    return state


def reply(state, me: str, rng, width: int):
    """The position after the opponent's turn: its greedy best (solo mode: its forced moves)."""
    foe = other(me)
    while state.to_play == foe:
        state = advance(state, greedy(state, foe, rng, width))
    return state


def solo_turns(before: dict, state):
    """Solo mode, Axis to play: each way the solo module's turn can begin, as (probability, state).

    Its chance is the stratagem drawn from the cup (never the one drawn last time; Steamroll plays
    `before`'s stratagem again) and a d6 that counts only when its last unit rule decides. Both are
    public rules, so instead of one sampled draw every draw is tried; draws that lead to the same
    placement are merged (their next steps barely differ). A generator for `think`: it yields
    after each draw and returns the list."""
    last = before["drawn"] or STEAMROLL
    draws = [code for code in STRATAGEMS if code != last]
    outcomes = {}
    for drawn in draws:
        solo = dict(state.solo, drawn=drawn, stratagem=before["stratagem"] if drawn == STEAMROLL else drawn,
                    cup=sorted(code for code in STRATAGEMS if code != drawn))
        for die in range(1, 7):
            start = state.copy()
            start.solo = dict(solo, die=die)
            action, why, _ = start.bot_choice()
            decided_by_die = "the die rolled" in why
            share = 1 / len(draws) / (6 if decided_by_die else 1)
            outcomes.setdefault(action, [0.0, start])[0] += share
            if not decided_by_die:
                break
        yield
    return list(outcomes.values())


def line(world, action, me, rng, width, depth, solo_before=None):
    """Generator: the value for `me` of `action` in the sampled `world`: the rest of our turn played
    greedily, the opponent's greedy reply (its `width` sampled options), and with depth 2 our greedy next
    turn and the reply to it. Against the solo module (`solo_before`: the view's solo row) every draw of its
    reply is weighed by its chance instead, and depth 2 takes our best next turn after each."""
    after = finish_turn(advance(world, action), me)
    if solo_before is not None and after.to_play == AXIS and not after.decision:
        outcomes = yield from solo_turns(solo_before, after)
        total = 0.0
        for share, start in outcomes:
            after_reply = reply(start, me, rng, width)
            if depth > 1 and after_reply.to_play == me:  # and our best next turn
                best_next = -math.inf
                for next_action in after_reply.legal_actions():
                    best_next = max(best_next, evaluate(finish_turn(advance(after_reply, next_action), me), me))
                    yield
                total += share * best_next
            else:
                total += share * evaluate(after_reply, me)
                yield
        return total
    after = reply(after, me, rng, width)
    for _ in range(depth - 1):  # our next turn played greedily, and its reply
        if after.to_play == me:
            after = reply(finish_turn(advance(after, greedy(after, me, rng, width)), me), me, rng, width)
    return evaluate(after, me)


def first_ranking(world, actions, me):
    """Generator: `actions` best first by one step ahead in `world` (our turn finished greedily)."""
    first = {}
    for action in actions:
        first[action] = evaluate(finish_turn(advance(world, action), me), me)
        yield
    return sorted(actions, key=lambda a: -first[a])


def screen(world, actions, me, rng, width, solo_before):
    """Generator: `actions` best first by the solo module's reply weighed over its draws in `world`."""
    value = {}
    for action in actions:
        value[action] = yield from line(world, action, me, rng, width, 1, solo_before)
    return sorted(actions, key=lambda a: -value[a])


def solo_row(view):
    """The solo module's row when `view` is the Allies' in a solo game (its replies are weighed exactly)."""
    if view["options"].get("mode") == "solo" and view["seat"] == ALLIES:
        return view["state"]["solo"]
    return None


class SearchBot(Bot):
    """Determinized search over a shortlist of `shortlist` actions in `rounds` sampled worlds.

    Every level looks at the opponent's reply; hard (depth 2) also at its own next turn and the
    reply to that (against the solo module: at its own best next turn after each weighed reply)."""

    def __init__(self, name, title, shortlist, rounds, width=12, depth=1, solo_rounds=None, summary=""):
        self.name, self.title, self.summary = name, title, summary
        self.shortlist, self.rounds, self.width, self.depth = shortlist, rounds, width, depth
        # Against the solo module the reply is already exact, so fewer deals may do.
        self.solo_rounds = solo_rounds or rounds

    def think(self, game, view, rng, budget_ms=0):
        """budget_ms is ignored: the work is a fixed count of rounds, so the same view gives the same move."""
        actions = view["legal_actions"]
        me = view["seat"]
        if len(actions) == 1:
            return actions[0]
        world = game.state_from_view(view, rng)
        ranked = (yield from first_ranking(world, actions, me))[:self.shortlist]
        if len(ranked) == 1:
            return ranked[0]
        totals = dict.fromkeys(ranked, 0.0)
        solo = solo_row(view)
        for round_ in range(self.solo_rounds if solo is not None else self.rounds):
            if round_:
                world = game.state_from_view(view, rng)
            for action in ranked:
                totals[action] += yield from line(world, action, me, rng, self.width, self.depth, solo)
                if solo is None:
                    yield
        return max(ranked, key=lambda a: totals[a])


class ExpertBot(Bot):
    """Sequential halving (game_core/search.py) over the `shortlist` best actions one step ahead, each
    played out by the hard bot's depth-2 line in worlds dealt from the view, `playouts` lines in all;
    the opponent's replies consider `width` of its options (0: all of them). Against the solo module the
    `solo_screen` best one step ahead are first ranked by its reply weighed over its draws (a line of depth
    1, far cheaper), and `solo_playouts` lines go to the best `solo_shortlist` of them. In the page
    `budget_ms` also caps the time."""

    name, title = "expert", "Expert"

    def __init__(self, shortlist, playouts, width, solo_screen, solo_shortlist, solo_playouts, summary=""):
        self.summary = summary
        self.shortlist, self.playouts, self.width = shortlist, playouts, width
        # Against the solo module every line weighs all its draws: a costlier line, so fewer of them.
        self.solo_screen, self.solo_shortlist, self.solo_playouts = solo_screen, solo_shortlist, solo_playouts

    def think(self, game, view, rng, budget_ms=0):
        actions = view["legal_actions"]
        me = view["seat"]
        if len(actions) == 1:
            return actions[0]
        started = time.perf_counter()
        solo = solo_row(view)
        world = game.state_from_view(view, rng)
        ranked = yield from first_ranking(world, actions, me)
        if solo is not None:
            ranked = yield from screen(world, ranked[:self.solo_screen], me, rng, self.width, solo)
            if budget_ms:  # the page's budget covers the screen too
                budget_ms = max(1, budget_ms - round(1000 * (time.perf_counter() - started)))
        ranked = ranked[:self.shortlist if solo is None else self.solo_shortlist]

        def playout(world, action, stream):
            return line(world, action, me, stream, self.width, 2, solo)

        return (yield from halving(ranked, lambda r: game.state_from_view(view, r), playout, rng,
                                   self.playouts if solo is None else self.solo_playouts, budget_ms))


class SoloModuleBot(Bot):
    """The Axis seat of a solo game: plays the solo module's single legal move.

    Put in a seat of a two-player game by mistake, it plays one greedy step ahead instead."""

    name = "solo"
    title = "Solo module"
    summary = "The solo module of the rulebook: it plays the Axis by its printed priorities."

    def choose(self, game, view, rng):
        actions = view["legal_actions"]
        if len(actions) == 1:
            return actions[0]
        return greedy(game.state_from_view(view, rng), view["seat"])


# Each level's summary is what the new-game dialog tells a player choosing it (figures: docs/strength.md).
BOTS = {
    "easy": SearchBot("easy", "Easy", shortlist=3, rounds=1, width=6,
                      summary="Looks one move ahead in a single guess at the hidden tokens. For learning the game."),
    "normal": SearchBot("normal", "Normal", shortlist=5, rounds=3, solo_rounds=2,
                        summary="Weighs your best reply over three guesses at the hidden tokens."),
    "hard": SearchBot("hard", "Hard", shortlist=6, rounds=5, depth=2, solo_rounds=1,
                      summary="Also plans its own next turn; as the Allies it beats the solo module on Medium "
                              "about 2 games in 3."),
    "expert": ExpertBot(shortlist=10, playouts=120, width=12, solo_screen=8, solo_shortlist=3, solo_playouts=6,
                        summary="Plays its ten best moves out over 120 guessed futures and keeps the better half "
                                "each round; beats Hard about 6 games in 10 (64% and 60% over 300 games on each map)."),
    "solo": SoloModuleBot(),
}

# The solo module as ladder entrants (game_core/lab.py), one per difficulty: it plays the Axis of a solo game.
LADDER_ENTRANTS = {f"solo-{level}": ("axis", {"mode": "solo", "difficulty": level})
                   for level in ("easy", "medium", "hard")}


PLAYOUT_WIDTH = 4  # the options each side weighs per step of a win-chance playout (cheap: ~30 ms a game in CPython)


def win_chance(game, view, rng) -> float:
    """One playout from `view` (the hidden tokens dealt from what the seat has not seen, the dice to come
    unforeseen): both sides play greedily over PLAYOUT_WIDTH sampled options (the solo module its forced
    moves) to the end. 1.0 if the view's seat won; the review and the hint average several."""
    state = game.state_from_view(view, rng)
    while state.to_play is not None:
        state = advance(state, greedy(state, state.to_play, rng, PLAYOUT_WIDTH))
    return 1.0 if state.winner == view["seat"] else 0.0
