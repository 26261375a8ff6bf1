"""Bitskrieg bots. They see only `view(seat)`: hidden enemy picks are sampled from the unseen
counters, and dice are never foreseen (the view carries no RNG state); search averages over
the exact probabilities of each dice outcome (expectimax).

hard: one-ply expectimax over every legal action, then its DEEPEN best candidates searched again
against the opponent's reply: the most harmful of its REPLIES most dangerous shots, a flip, or a
quiet move (which the evaluation stands for), each averaged over its dice. So it sees that a tank
moved into a ready enemy's range is shot at first. (A full reply ply over every action, tried
earlier, played worse: its leaves undervalue the opponent's threats.) The evaluation counts every
tank's best shot (a finished tank's at half), measures the way to the enemy flags around the
obstacles with two different tanks for the two flags, and leans harder on reaching them as a long
game drags on (sooner while the enemy's tanks all stay on their home edge), so no game idles on
forever. It picks three Heavies and two Mediums. normal: the one-ply search with random error in its
judgement; easy: more error and some random moves. expert: hard, then its EXPERT_DEEPEN best searched
one ply deeper again (our best answer to each reply, from the same short list of shots, a flip or a quiet move), it judges
the guns as a fire fight (one shot a turn, the side to move first: fire_fight), it lets the enemy come
(the way to the enemy flags pulls it only EXPERT_ADVANCE as hard, and the stalemate pressure starts twice as
late), and it drives at the enemy's last tank instead of its flags (but never flees a hunting enemy).
Bitskrieg hides nothing in play but the dice, so this expectimax over exact dice outcomes is its search over what the seat may know (the
hidden set-up picks are dealt by Game.state_from_view).
"""

from itertools import permutations

from ..engine import Bot
from .actions import Action
from .rules import (CLASSES, GAME, EDGE_FACING_IN, FACINGS, LEFT, OTHER, RIGHT, SIZE, STEP, edge_squares, on_board,
                    sq_name, sq_parse, xy)

VALUE = {"L": 3.0, "M": 4.0, "H": 5.0, "D": 4.0}
PICK_PLAN = "HMHMD"  # a balanced force: the default set-up (the benchmark's greedy bot uses it)
WIN = 1000.0
READY = 0.15           # a ready tank is worth a little more than a finished one (not to the expert: fire_fight)
CLOSEST_FLAG = 0.4     # per turn the tanks sent to the enemy flags need to reach them
ADVANCE = 0.05         # per turn every tank needs to reach an enemy flag
FAR = 12               # turns: a flag farther away than this pulls no harder
THREAT_TO_MOVE = 0.6   # share of my best shot's expected gain when I move next
THREAT_WAITING = 0.3   # ... when the opponent moves first
FINISHED_SHARE = 0.5   # a finished tank's shot counts half: it needs a flip first
# Against stalemates (both sides idling out of each other's reach): once a game runs past
# PATIENCE actions, the flag-distance terms weigh one more time over per PRESSURE_STEP actions.
PATIENCE = 300
EXPERT_PATIENCE = 600
EXPERT_ADVANCE = 0.3   # the expert's weight on the flag-distance terms (hard's is 1): it lets the enemy come
PRESSURE_STEP = 75
# An enemy whose tanks all stay on their home edge is not coming, and waiting for it only stalls the game (a
# player who only fires from its base, flips and turns in place held Normal for up to 514 actions and the
# expert for up to 1374, most of them moving back and forth and flipping): then the pressure starts after
# HOME_PATIENCE actions (the expert's EXPERT_HOME_PATIENCE) and grows by one per HOME_PRESSURE_STEP.
HOME_PATIENCE = 100
EXPERT_HOME_PATIENCE = 150
HOME_PRESSURE_STEP = 30
# The expert's fire fight: the share of a shot's expected gain counted for the best ready gun of the side
# to move, of the waiting side, for every other ready gun, and for a finished tank's gun.
FIGHT_NOW = 0.8
FIGHT_NEXT = 0.4
FIGHT_LATER = 0.2
FIGHT_FLIP = 0.1
REPLIES = 3            # the opponent's shots the hard AI weighs after each candidate it deepens
DEEPEN = 8             # the candidates (best by the one-ply search) it deepens
EXPERT_DEEPEN = 4      # the expert's best of those, searched a ply deeper again (our answer to the reply)


class ScriptedDice:
    """Stands in for the Rng while a bot tries one dice outcome."""

    def __init__(self, dice):
        self.dice = list(dice)

    def roll(self, sides=6):
        return self.dice.pop(0)

    def copy(self):
        return ScriptedDice(self.dice)

    @property
    def state(self):
        return len(self.dice)


def outcomes(state, action):
    """[(probability, state after)] for one action, exact over its dice."""
    step = Action.parse(action)
    if step.kind == "fire":
        shooter, target = sq_parse(step.start), sq_parse(step.target)
        chances = state.fire_outcomes(shooter, target, state.range_count(shooter, target))
    elif step.kind == "ram":
        chances = state.ram_outcomes(sq_parse(step.start), sq_parse(step.target))
    else:
        chances = [(1.0, [], None)]
    merged = {}
    for probability, dice, result in chances:
        # a miss and a deflected hit leave the same position
        key = "miss" if result == "deflected" else result
        merged[key] = (merged[key][0] + probability, merged[key][1]) if key in merged else (probability, dice)
    result = []
    for probability, dice in merged.values():
        after = state.copy()
        after.rng = ScriptedDice(dice)
        after.do(step)
        result.append((probability, after))
    return result


_sights = {}


def sights(state, sq):
    """{enemy tank square: range count} for the tank on `sq`. Cached per board by what the count
    depends on: a search meets the same tank among the same enemies many times."""
    seat, cls, facing = state.tanks[sq][:3]
    enemies = frozenset(s for s, t in state.tanks.items() if t[0] != seat)
    board = frozenset(state.obstacles.items())
    if board not in _sights or len(_sights[board]) > 5000:
        _sights.clear()
        _sights[board] = {}
    table = _sights[board]
    key = (sq, cls == "D", facing, enemies)
    found = table.get(key)
    if found is None:
        found = table[key] = state.ranges(sq, enemies)
    return found


def side_score(state, seat, urge, fight=False, chase=True):
    """How good the position is for `seat` alone (the evaluation is my score minus theirs); `fight`, the
    expert's judgement, weighs the shots as a fire fight (fire_fight) instead of each tank's alone and
    hunts down a last enemy tank; without `chase`, a hunting side's way to its prey does not count."""
    score = 1.0 * state.rebuilds[seat]
    mine = [(sq, t) for sq, t in state.tanks.items() if t[0] == seat]
    for sq, tank in mine:
        # The expert's fire fight weighs ready guns already; a bonus per ready tank on top made it flip after
        # one shot instead of firing its other ready guns first (one flip readies every finished tank).
        score += VALUE[tank[1]] + (READY if tank[3] and not fight else 0.0)
    flags = state.flags[OTHER[seat]]
    open_flags = [i for i, f in enumerate(flags) if state.tanks.get(f, (None,))[0] != seat]
    held = len(flags) - len(open_flags)
    score += 4.0 * held + (6.0 if held == 2 else 0.0)
    theirs = sum(1 for t in state.tanks.values() if t[0] != seat)
    left = {seat: len(mine), OTHER[seat]: theirs}
    left = {s: n + (state.rebuilds[s] if state.destroyed[s] else 0) for s, n in left.items()}
    # one tank cannot hold both flags: it can only win by hunting the enemy down; the expert also hunts
    # down a last enemy tank, which otherwise guards a flag from afar and the game never ends
    targets, hunting = flags, left[seat] < 2 or (fight and left[OTHER[seat]] < 2 <= left[seat])
    if hunting:
        targets = [sq for sq, t in state.tanks.items() if t[0] != seat]
        open_flags = range(len(targets))
    if open_flags and mine and (chase or not hunting):
        # a Heavy's every square entered is a stop, so it cannot pass its own flags
        stops = frozenset(state.flags[seat])
        tables = {speed: [drive_table(state, target, stops if speed == 1 else frozenset()) for target in targets]
                  for speed in {CLASSES[t[1]]["speed"] for _, t in mine}}
        turns = [[min(t[sq * 4 + FACINGS.index(tank[2])] / CLASSES[tank[1]]["speed"], FAR)
                  for t in tables[CLASSES[tank[1]]["speed"]]] for sq, tank in mine]
        if not hunting and len(turns) >= 2 and len(targets) == 2:
            # two different tanks must stand on the two flags
            nearest = min(a[0] + b[1] for a, b in permutations(turns, 2))
        else:
            nearest = sum(min(row[i] for row in turns) for i in range(len(targets)))
        score -= urge * (CLOSEST_FLAG * nearest + ADVANCE * sum(min(row[i] for i in open_flags) for row in turns))
    shots = [(best_shot(state, sq), tank[3]) for sq, tank in mine]
    if fight:
        return score + fire_fight(shots, state.turn == seat)
    weight = THREAT_TO_MOVE if state.turn == seat else THREAT_WAITING
    return score + sum(weight * best * (1.0 if ready else FINISHED_SHARE) for best, ready in shots)


def best_shot(state, sq):
    """The expected value destroyed by the best shot of the tank on `sq` (0 with nothing in sight)."""
    best = 0.0
    for target, distance in sights(state, sq).items():
        best = max(best, state.kill_chance(sq, target, distance) * VALUE[state.tanks[target][1]])
    return best


def fire_fight(shots, to_move):
    """What one side's guns are worth, [(best shot's expected gain, ready)] per tank: a turn is one
    action, so only the best ready shot can be taken now (by the side to move; the other side only
    after the mover's answer), the other ready guns after it, a finished tank's only after a flip."""
    ready = sorted((best for best, is_ready in shots if is_ready), reverse=True)
    finished = sum(best for best, is_ready in shots if not is_ready)
    first = ready[0] if ready else 0.0
    return ((FIGHT_NOW if to_move else FIGHT_NEXT) * first + FIGHT_LATER * sum(ready[1:])
            + FIGHT_FLIP * finished)


UNREACHABLE = 16  # squares, for a flag no route reaches
_drive_tables = {}


def drive_table(state, goal, stops=frozenset()):
    """Squares a tank must enter (turns in place included) to reach `goal` from each square and
    facing, index sq * 4 + facing, around the obstacles and the squares `stops` it may not stop on
    (tanks ignored: they move). Cached per board, so the evaluation sees the real way round."""
    blocked = frozenset(sq for sq in state.obstacles if state.blocks_move(sq)) | (stops - {goal})
    key = (blocked, goal)
    table = _drive_tables.get(key)
    if table is None:
        if len(_drive_tables) > 256:
            _drive_tables.clear()
        table = [UNREACHABLE] * (SIZE * SIZE * 4)
        layer = [(goal, f) for f in FACINGS]
        for sq, f in layer:
            table[sq * 4 + FACINGS.index(f)] = 0
        cost = 0
        while layer:  # breadth first, backwards from the goal: who reaches (sq, f) in one more square?
            cost += 1
            nxt = []
            for sq, f in layer:
                x, y = xy(sq)
                before = [(sq, LEFT[f]), (sq, RIGHT[f])]  # a turn in place
                if sq not in blocked:  # drove into sq facing some g, turning to f on entry
                    for g in (f, LEFT[f], RIGHT[f]):
                        dx, dy = STEP[g]
                        if on_board(x - dx, y - dy) and (y - dy) * SIZE + x - dx not in blocked:
                            before.append(((y - dy) * SIZE + x - dx, g))
                for prev in before:
                    index = prev[0] * 4 + FACINGS.index(prev[1])
                    if table[index] == UNREACHABLE:
                        table[index] = cost
                        nxt.append(prev)
            layer = nxt
        _drive_tables[key] = table
    return table


def evaluate(state, seat, urge=1.0, fight=False):
    if state.phase == "over":
        return WIN if state.result == seat else -WIN
    # The expert ignores how near a hunter is to it: else a faster lone tank flees forever and nobody wins.
    return side_score(state, seat, urge, fight) - side_score(state, OTHER[seat], urge, fight, chase=not fight)


def urge_to_advance(moves_made, patience=PATIENCE, start=1.0, step=PRESSURE_STEP):
    """How much the flag-distance terms weigh: `start`, growing by one per `step` actions once a game drags on
    past `patience` actions."""
    return start + max(0, moves_made - patience) / step


def enemy_stays_home(state, seat):
    """Do all of `seat`'s enemy tanks stand on their home edge, where they were deployed (it is not coming)?"""
    home = edge_squares(state.home[OTHER[seat]])
    return all(sq in home for sq, tank in state.tanks.items() if tank[0] != seat)


def action_value(state, action, seat, urge=1.0, plies=1, fight=False):
    """Expected evaluation for `seat` after `action`, exact over its dice; a bounding move also takes its
    best follow-up shot. With `plies` > 1 the side to move next answers (reply_value) and so on."""
    total = 0.0
    for probability, after in outcomes(state, action):
        if after.phase == "bound":
            total += probability * max(action_value(after, a, seat, urge, plies, fight) for a in after.legal_actions())
        elif plies > 1 and after.phase == "play":
            total += probability * reply_value(after, seat, urge, plies - 1, fight)
        else:
            total += probability * evaluate(after, seat, urge, fight)
    return total


def reply_value(state, seat, urge, plies=1, fight=False):
    """The value for `seat` after the side to move answers with the best of its REPLIES most dangerous
    shots, a flip, or a quiet move (the evaluation of `state` itself): the most harmful to `seat` when
    the opponent moves, the best when `seat` does."""
    mover = state.turn
    shots = []
    for sq, tank in state.tanks.items():
        if tank[0] == mover and tank[3]:
            for target, distance in sights(state, sq).items():
                danger = state.kill_chance(sq, target, distance) * VALUE[state.tanks[target][1]]
                shots.append((danger, f"fire {sq_name(sq)} {sq_name(target)}"))
    replies = [a for _, a in sorted(shots, reverse=True)[:REPLIES]]
    if "flip" in state.legal_actions():
        replies.append("flip")
    values = [evaluate(state, seat, urge, fight)] + [action_value(state, a, seat, urge, plies, fight) for a in replies]
    return max(values) if mover == seat else min(values)


def setup_choice(state, seat, legal, rng, plan=PICK_PLAN):
    """Sensible set-up choices: a balanced force (`plan`), tanks facing the enemy, flags kept back."""
    phase = state.phase
    if phase == "pick":
        for cls in plan[len(state.chosen[seat]):]:
            if f"pick {cls}" in legal:
                return f"pick {cls}"
    if phase == "deploy":
        facing = EDGE_FACING_IN[state.home[seat]]
        cls = max(sorted(set(state.hand[seat])), key=lambda c: VALUE[c])  # sorted: ties break alike in every process
        options = [a for a in legal if Action.parse(a).facing == facing and Action.parse(a).letter == cls]
        return min(options, key=lambda a: (spread(sq_parse(Action.parse(a).end), state, seat), rng.random()))
    if phase == "flags":
        home = edge_squares(state.home[seat])
        return min(legal, key=lambda a: (min(distance(sq_parse(Action.parse(a).end), h) for h in home), rng.random()))
    return rng.choice(legal)


def distance(a, b):
    (ax, ay), (bx, by) = xy(a), xy(b)
    return max(abs(ax - bx), abs(ay - by))


def spread(sq, state, seat):
    """Prefer central base squares not next to a friendly tank."""
    x, y = xy(sq)
    central = abs(x - 3.5) + abs(y - 3.5) - 3.5 if state.home[seat] in "ns" else abs(y - 3.5)
    crowded = sum(1 for s, t in state.tanks.items() if t[0] == seat and distance(s, sq) <= 1)
    return central + 2 * crowded


class SearchBot(Bot):
    """Expectimax: every legal action averaged over its exact dice outcomes, then for each
    (count, plies) of `stages` the best `count` so far searched again `plies` deep (2: against the
    opponent's most harmful reply; 3: and our best answer to that)."""

    name = "hard"
    title = "Hard"
    # What the new-game dialog tells a player choosing the level (figures: docs/strength.md).
    summary = ("Checks your most dangerous replies to its best moves; beats a simple shoot-or-advance player "
               "8 games in 10.")
    noise = 0.0        # random error added to each action's value (weaker levels misjudge)
    randomness = 0.0   # the share of moves that are simply random
    stages = ((DEEPEN, 2),)  # () searches one ply only
    plan = "HHHMM"     # the tanks it picks (armour holds the ground; the Mediums take the flags)
    patience = PATIENCE
    home_patience = HOME_PATIENCE  # the patience while the enemy stays home (enemy_stays_home)
    advance = 1.0      # how much the flag-distance terms weigh before the stalemate pressure adds to it
    fight = False      # weigh the shots as a fire fight (the expert's evaluation)

    def think(self, game, view, rng, budget_ms=0):
        legal = view["legal_actions"]
        seat = view["seat"]
        if len(legal) == 1:
            return legal[0]
        if rng.random() < self.randomness:
            return rng.choice(legal)
        state = game.state_from_view(view, rng.copy())
        if state.phase not in ("play", "bound"):
            return setup_choice(state, seat, legal, rng, self.plan)
        if enemy_stays_home(state, seat):
            urge = urge_to_advance(view["moves_made"], self.home_patience, self.advance, HOME_PRESSURE_STEP)
        else:
            urge = urge_to_advance(view["moves_made"], self.patience, self.advance)
        scored = []
        for action in legal:
            value = action_value(state, action, seat, urge, 1, self.fight) + self.noise * (rng.random() - 0.5) + rng.random() * 1e-6
            scored.append((value, action))
            yield
        scored.sort(reverse=True)
        for count, plies in self.stages if state.phase == "play" else ():
            deeper = []
            for _, action in scored[:count]:
                deeper.append((action_value(state, action, seat, urge, plies, self.fight), action))
                yield
            scored = sorted(deeper, reverse=True)
        return scored[0][1]


class ExpertBot(SearchBot):
    name = "expert"
    title = "Expert"
    summary = ("Lets you come into its ready guns, weighs its own answer to your reply for its four best moves, "
               "and who shoots first in a fire fight; beats Hard about 7 games in 10, a shoot-or-advance player "
               "more than 8 in 10.")
    stages = ((DEEPEN, 2), (EXPERT_DEEPEN, 3))
    # It waits longer before the stalemate pressure pushes it forward: pushed early, it drove into the
    # fire of players that always shoot or advance (3 of 7 games it had lost were won with the wait).
    patience = EXPERT_PATIENCE
    home_patience = EXPERT_HOME_PATIENCE
    # It lets the enemy come: a tank that has just moved into its sights is finished and cannot shoot back
    # until a flip, so waiting with ready guns wins the fire fights (vs greedy, tuning seeds 20000..20099:
    # 87 games won of 100 at 0.3, 71 at 1).
    advance = EXPERT_ADVANCE
    fight = True


class NormalBot(SearchBot):
    name = "normal"
    title = "Normal"
    summary = "Takes the move with the best odds one step ahead, with a little error."
    noise = 0.3
    stages = ()


class EasyBot(SearchBot):
    name = "easy"
    title = "Easy"
    summary = "Judges moves by their odds with plenty of error, and sometimes moves at random. For learning the game."
    noise = 1.0
    stages = ()
    randomness = 0.3


BOTS = {"easy": EasyBot(), "normal": NormalBot(), "hard": SearchBot(), "expert": ExpertBot()}


PLAYOUT_CAP = 40  # actions a win-chance playout plays before it judges the position by the evaluation


def playout_choice(state, rng):
    """A playout's move, cheap and plain: the set-up as the bots choose it, then the shot most likely to
    destroy a tank, else the move that brings a tank nearest an enemy flag it does not hold, else a flip."""
    legal, seat = state.legal_actions(), state.to_play
    if state.phase not in ("play", "bound"):
        return setup_choice(state, seat, legal, rng)
    shots = [(state.kill_chance(sq, target, count), rng.random(), f"fire {sq_name(sq)} {sq_name(target)}")
             for sq, tank in state.tanks.items() if tank[0] == seat and tank[3]
             for target, count in sights(state, sq).items()]
    shots = [shot for shot in shots if shot[2] in legal]
    if shots:
        return max(shots)[2]
    flags = state.flags[OTHER[seat]]
    open_flags = [f for f in flags if state.tanks.get(f, (None,))[0] != seat]

    def to_flag(sq):
        return min((distance(sq, flag) for flag in open_flags), default=0)

    advances = []
    for action in legal:
        step = Action.parse(action)
        if step.verb == "move" and sq_parse(step.start) not in flags:
            gain = to_flag(sq_parse(step.start)) - to_flag(sq_parse(step.end))
            if gain > 0:
                advances.append((gain, rng.random(), action))
    if advances:
        return max(advances)[2]
    return "flip" if "flip" in legal else rng.choice(legal)


def win_chance(view, rng) -> float:
    """One playout from `view` (the unseen set-up picks dealt, the dice to come unforeseen) with
    `playout_choice` for both sides: 1.0 if the view's seat won; a game still going after PLAYOUT_CAP
    actions counts as the evaluation's favourite's win. The review and the hint average several."""
    state = GAME.state_from_view(view, rng)
    for _ in range(PLAYOUT_CAP):
        if state.phase == "over":
            return 1.0 if state.result == view["seat"] else 0.0
        action = playout_choice(state, rng)
        state = state.copy()
        state.do(Action.parse(action))
    return 1.0 if evaluate(state, view["seat"]) > 0 else 0.0
