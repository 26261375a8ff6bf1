"""Bitskrieg rules: a two-player tank duel on an 8 x 8 board (basic game plus nine advanced rules).

Squares are named like chess squares ("a1".."h8"); internally a square is y * 8 + x.
Facings are n, e, s, w. The notation is actions.py's.
"""

from ..engine import SCRATCH, SEAT, Field, Game, IllegalAction, Option, Outcome, State, hidden, require
from . import data, words
from .actions import Action
from .words import seat_name

SIZE = data.SIZE
SEATS, OTHER = data.SEATS, data.OTHER
BLUE, RED = SEATS
FACINGS = data.FACINGS
STEP = data.STEP
LEFT = {"n": "w", "w": "s", "s": "e", "e": "n"}
RIGHT = {v: k for k, v in LEFT.items()}
BACK = {"n": "s", "s": "n", "e": "w", "w": "e"}
EDGE_FACING_IN = {"n": "s", "s": "n", "e": "w", "w": "e"}
CLASSES = data.TANK_CLASSES
NEIGHBOURS8 = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]
# For each square: (neighbour, its x, its y, side square a, side square b) with sides only on diagonals;
# straight steps first, so that a range's count (fire_route) runs straight wherever it can.
STEPS8 = [[((y + dy) * SIZE + x + dx, x + dx, y + dy,
            y * SIZE + x + dx if dx and dy else None, (y + dy) * SIZE + x if dx and dy else None)
           for dx, dy in sorted(NEIGHBOURS8, key=lambda step: bool(step[0] and step[1]))
           if 0 <= x + dx < SIZE and 0 <= y + dy < SIZE]
          for y in range(SIZE) for x in range(SIZE)]
sq_name, sq_parse, xy, on_board = data.sq_name, data.sq_parse, data.xy, data.on_board
is_dice_square, edge_squares = data.is_dice_square, data.edge_squares

# AHEAD[facing][sq]: the square in front of `sq`, or None at the board's edge.
AHEAD = {f: [(sq // SIZE + dy) * SIZE + sq % SIZE + dx
             if 0 <= sq % SIZE + dx < SIZE and 0 <= sq // SIZE + dy < SIZE else None
             for sq in range(SIZE * SIZE)]
         for f, (dx, dy) in STEP.items()}


def faces_board(sq, facing):
    """Does a tank on `sq` facing `facing` face a square ("tanks on the board always face an adjacent
    square"), not the board's edge?"""
    return AHEAD[facing][sq] is not None


def in_front(from_sq, facing, sq):
    """Is `sq` beyond the line through the front edge of a tank on `from_sq` facing `facing`?"""
    fx, fy = xy(from_sq)
    x, y = xy(sq)
    dx, dy = STEP[facing]
    return (x - fx) * dx + (y - fy) * dy > 0


FACE_THE_BOARD = "a tank always faces an adjacent square, never off the edge of the board"

def _tank_data(t):
    return {"seat": t[0], "class": t[1], "facing": t[2], "ready": t[3], "piece": t[4]}


def _picks_open(state, seat):
    # Picks not yet deployed are secret; the deployed ones are on the board for all to see.
    return not state.hand[seat]


class BitskriegState(State):
    fields = (
        Field("phase"), Field("turn"), Field("first"), Field("axis"), Field("home"),
        Field("obstacles", save=lambda o: {sq_name(sq): t for sq, t in sorted(o.items())},
              load=lambda o: {sq_parse(k): v for k, v in o.items()}),
        Field("chosen", SEAT, open=_picks_open), Field("hand", SEAT, open=_picks_open),
        Field("destroyed", save=lambda d: {seat: sorted(x) for seat, x in d.items()}), Field("reserve_used"),
        Field("rebuilds"),
        Field("flags", save=lambda f: {seat: [sq_name(sq) for sq in x] for seat, x in f.items()},
              load=lambda f: {seat: [sq_parse(s) for s in x] for seat, x in f.items()}),
        Field("tanks", save=lambda tanks: {sq_name(sq): _tank_data(t) for sq, t in sorted(tanks.items())},
              load=lambda tanks: {sq_parse(k): [t["seat"], t["class"], t["facing"], t["ready"], t["piece"]]
                                  for k, t in tanks.items()}),
        Field("placed"),
        Field("bounding", save=lambda b: sq_name(b) if b is not None else None,
              load=lambda b: sq_parse(b) if b else None),
        Field("last_roll", copy="share"),  # replaced whole, never changed in place
        Field("result", key="winner"), Field("won_by"),
        Field("_legal", SCRATCH, copy=lambda legal: None),  # the legal actions, worked out again on demand
    )

    def setup(self):
        self.phase = "obstacles"
        self.turn = BLUE
        self.obstacles = {}            # square -> terrain ("obstacle" when terrain rules are off)
        # per seat ("blue", "red"):
        self.chosen = {s: [] for s in SEATS}  # the five classes each seat picked (plus a reserve tank)
        self.hand = {s: [] for s in SEATS}    # picked classes not yet on the board
        self.destroyed = {s: [] for s in SEATS}  # classes that can be rebuilt
        self.reserve_used = {s: False for s in SEATS}
        self.rebuilds = {s: self._start_rebuilds(s) for s in SEATS}
        self.axis = None
        self.home = {s: None for s in SEATS}
        self.first = None
        self.flags = {s: [] for s in SEATS}
        self.tanks = {}                # square -> [seat, class, facing, ready, piece id]
        self.placed = {s: 0 for s in SEATS}  # tanks each seat has put on the board: numbers the piece ids
        self.bounding = None           # square of the tank that may still fire after a bounding move
        self.last_roll = None
        self.won_by = None
        self.result = None
        self._legal = None

    def _start_rebuilds(self, seat):
        if self.options["handicapping"]:
            return self.options["rebuilds_" + seat]
        return data.REBUILD_TRACK["start"]

    # -- whose turn --------------------------------------------------------------------
    @property
    def to_play(self):
        return None if self.phase == "over" else self.turn

    def check_invariants(self):
        for sq, (seat, cls, facing, ready, piece) in self.tanks.items():
            require(not self.blocks_move(sq), f"a tank stands on {sq_name(sq)}, a square it may not enter")
            require(facing in "nesw" and cls in data.TANK_CLASSES, f"the tank on {sq_name(sq)} is malformed")
            require(faces_board(sq, facing), f"the tank on {sq_name(sq)} faces off the board")
        pieces = [t[4] for t in self.tanks.values()]
        require(len(set(pieces)) == len(pieces), "two tanks share a piece id")
        for seat in SEATS:
            require(all(self.chosen[seat].count(c) <= 3 for c in data.CLASS_ORDER), "more than 3 tanks of a class")
            require(self.rebuilds[seat] >= 0, "a negative rebuild counter")
            require(len(self.flags[seat]) <= 2, "more than two flags")
            for flag in self.flags[seat]:
                require(is_dice_square(flag), f"a flag on {sq_name(flag)}, not a dice square")
                require(flag not in self.obstacles or self.options["destroy_obstacles"], f"a flag under an obstacle")
            on_board = sum(1 for tank in self.tanks.values() if tank[0] == seat)
            require(on_board + len(self.destroyed[seat]) + len(self.hand[seat]) == len(self.chosen[seat]),
                    "a tank is in two places or none")
            if self.phase in ("play", "bound"):
                require(any(tank[0] == seat for tank in self.tanks.values()), "a side with no tank plays on")
        require(len(self.obstacles) <= data.OBSTACLE_COUNT, "too many obstacles")
        if self.phase == "bound":
            tank = self.tanks.get(self.bounding)
            require(tank is not None and tank[0] == self.turn and tank[3],
                    "only a ready tank of the player to move can be waiting to fire after a bounding move")

    @property
    def outcome(self):
        return Outcome((self.result,)) if self.result else None

    # -- board queries -----------------------------------------------------------------
    def terrain_rules(self):
        return self.options["terrain"]

    def blocks_move(self, sq):
        terrain = self.obstacles.get(sq)
        return terrain is not None and data.terrain_of(terrain)["blocks_move"]

    def blocks_fire(self, sq):
        terrain = self.obstacles.get(sq)
        return terrain is not None and data.terrain_of(terrain)["blocks_fire"]

    def home_squares_free(self, seat):
        return [sq for sq in edge_squares(self.home[seat]) if sq not in self.tanks]

    def tank_stat(self, sq, stat):
        return CLASSES[self.tanks[sq][1]][stat]

    def seat_tanks(self, seat):
        return [sq for sq, t in self.tanks.items() if t[0] == seat]

    # -- movement ----------------------------------------------------------------------
    def can_enter(self, sq, seat):
        tank = self.tanks.get(sq)
        return not self.blocks_move(sq) and (tank is None or tank[0] == seat)

    def can_stop(self, sq, seat, start):
        tank = self.tanks.get(sq)
        if tank is not None and sq != start:
            return False
        return sq not in self.flags[seat]

    def reach(self, start, budget):
        """Every (square, facing) a tank on `start` can reach entering at most `budget` squares.

        Returns {(square, facing): (squares entered, path)}, the path being the cheapest one.
        """
        seat, _, facing, _, _ = self.tanks[start]
        best = {(start, facing): (0, ())}
        frontier = [(start, facing, 0, ())]
        if budget >= 1:  # one 90-degree turn in place, counted as a square entered
            for turned in (LEFT[facing], RIGHT[facing]):
                best[(start, turned)] = (1, (start,))
                frontier.append((start, turned, 1, (start,)))
        while frontier:
            sq, f, cost, path = frontier.pop()
            if cost >= budget:
                continue
            nxt = AHEAD[f][sq]
            if nxt is None or not self.can_enter(nxt, seat):
                continue
            cost += 1
            path += (nxt,)
            for nf in (f, LEFT[f], RIGHT[f]):
                known = best.get((nxt, nf))
                if known is None or known[0] > cost:
                    best[(nxt, nf)] = (cost, path)
                    frontier.append((nxt, nf, cost, path))
        return best

    def move_targets(self, start, budget):
        """Legal end points {(square, facing): path} of a forward move within `budget`."""
        seat, _, facing, _, _ = self.tanks[start]
        tanks, own_flags = self.tanks, self.flags[seat]
        return {key: path for key, (cost, path) in self.reach(start, budget).items()
                if key != (start, facing) and (key[0] == start or key[0] not in tanks)
                and key[0] not in own_flags and faces_board(*key)}

    def reverse_targets(self, start):
        """{(square, facing)} a reverse move can end on: exactly one square backwards (turn rules per option)."""
        seat, _, facing, _, _ = self.tanks[start]
        turns = self.options["reverse_turn"]
        result = set()
        before = [facing] + ([LEFT[facing], RIGHT[facing]] if turns else [])
        for f in before:
            if not faces_board(start, f):
                continue
            x, y = xy(start)
            dx, dy = STEP[BACK[f]]
            if not on_board(x + dx, y + dy):
                continue
            dest = (y + dy) * SIZE + x + dx
            if not self.can_enter(dest, seat) or not self.can_stop(dest, seat, start):
                continue
            ends = [f] + ([LEFT[f], RIGHT[f]] if turns and f == facing else [])
            for end in ends:
                if faces_board(dest, end):
                    result.add((dest, end))
        return result

    def ram_targets(self, start):
        """{(from_square, target_square)} a tank on `start` can ram (it must be able to enter it)."""
        seat, cls = self.tanks[start][:2]
        result = set()
        for (sq, f), (cost, _) in self.reach(start, CLASSES[cls]["speed"] - 1).items():
            if sq != start and not self.can_stop(sq, seat, start):
                continue
            x, y = xy(sq)
            dx, dy = STEP[f]
            if on_board(x + dx, y + dy):
                target = (y + dy) * SIZE + x + dx
                tank = self.tanks.get(target)
                if tank is not None and tank[0] != seat:
                    result.add((sq, target))
        return result

    # -- firing ------------------------------------------------------------------------
    def range_count(self, shooter, target):
        """Squares counted from shooter to target, or None (behind, blocked, or 6 and more)."""
        return self.ranges(shooter, {target}).get(target)

    def fire_route(self, shooter, target):
        """The squares counted from `shooter` to `target`, both included (the board draws the line of
        fire along them), or [] when the target cannot be counted to."""
        via = {}
        if target not in self.ranges(shooter, {target}, via):
            return []
        route = [target]
        while route[-1] != shooter:
            route.append(via[route[-1]])
        return route[::-1]

    def ranges(self, shooter, targets, via=None):
        """{target: range count} from a tank for those `targets` it can count to (range 5 at most).

        Only squares in front of the tank are counted. Blocking squares (obstacles that block
        fire, enemy tanks) may be the last square counted but are never counted through; a
        diagonal step is barred when either square beside it blocks. A dict `via` gets, for each
        square counted, the square it was counted from.
        """
        via = {} if via is None else via
        seat, cls, facing = self.tanks[shooter][:3]
        x0, y0 = xy(shooter)
        fdx, fdy = STEP[facing]
        targets = {t for t in targets if in_front(shooter, facing, t)
                   and max(abs(xy(t)[0] - x0), abs(xy(t)[1] - y0)) <= data.MAX_RANGE}
        if not targets:
            return {}
        blockers = {sq for sq, t in self.tanks.items() if t[0] != seat}
        blockers.update(sq for sq in self.obstacles if self.blocks_fire(sq))
        blocked = blockers.__contains__
        found = {}
        if cls == "D":  # straight ahead only
            sq = shooter
            for distance in range(1, data.MAX_RANGE + 1):
                ahead = AHEAD[facing][sq]
                if ahead is None:
                    break
                via[ahead], sq = sq, ahead
                found[sq] = distance
                if blocked(sq):
                    break
            return {t: found[t] for t in targets if t in found}
        result = {}
        layer = [shooter]
        for distance in range(1, data.MAX_RANGE + 1):
            nxt = []
            for sq in layer:
                for n, nx, ny, side_a, side_b in STEPS8[sq]:
                    if n in found or (nx - x0) * fdx + (ny - y0) * fdy <= 0:
                        continue
                    if side_a is not None and (blocked(side_a) or blocked(side_b)):
                        continue
                    found[n], via[n] = distance, sq
                    if n in targets:
                        result[n] = distance
                    if not blocked(n):
                        nxt.append(n)
            if len(result) == len(targets) or not nxt:
                break
            layer = nxt
        return result

    def fire_targets(self, shooter):
        """{target_square: range} for every enemy tank (and obstacle, if allowed) in range."""
        seat = self.tanks[shooter][0]
        candidates = [sq for sq, t in self.tanks.items() if t[0] != seat]
        if self.options["destroy_obstacles"]:
            candidates += [sq for sq, terrain in self.obstacles.items()
                           if sq not in self.tanks and self.destructible(terrain)]
        return self.ranges(shooter, candidates)

    def destructible(self, terrain):
        return data.terrain_of(terrain)["destructible"]

    def target_armor(self, shooter, target):
        """Armor the damage dice must beat (obstacles 4; flank shots one less)."""
        if target not in self.tanks:
            return data.OBSTACLE_ARMOR
        cls, facing = self.tanks[target][1:3]
        armor = CLASSES[cls]["armor"]
        if self.options["flank_armor"] and not in_front(target, facing, shooter):
            armor -= 1
        return armor

    def fire_outcomes(self, shooter, target, distance):
        """[(probability, dice to roll, result)] over the three fire results, for bots and hints."""
        range_dice = 2 if self.bounding == shooter else 1
        p_range = ((6 - distance) / 6) ** range_dice
        armor = self.target_armor(shooter, target)
        fire = self.tank_stat(shooter, "fire")
        p_below = armor / 6  # no armor is above 5
        p_at_most = (armor - 1) / 6 if target in self.tanks and self.options["stun"] else p_below
        p_kill = 1 - p_below ** fire
        p_stun = p_below ** fire - p_at_most ** fire
        hit = [6] * range_dice
        outcomes = [(1 - p_range, [1] * range_dice, "miss"),
                    (p_range * p_kill, hit + [6] * fire, "destroyed"),
                    (p_range * p_stun, hit + [armor] * fire, "stunned"),
                    (p_range * (1 - p_kill - p_stun), hit + [1] * fire, "deflected")]
        return [o for o in outcomes if o[0] > 1e-12]

    def kill_chance(self, shooter, target, distance):
        """The chance that a shot from `shooter` destroys what stands on `target`."""
        return sum(p for p, _, result in self.fire_outcomes(shooter, target, distance) if result == "destroyed")

    def ram_loss(self, sq):
        """The chance that a ram destroys the tank on `sq`: a die above its armor (1/6 to 3/6)."""
        return (6 - self.tank_stat(sq, "armor")) / 6

    def ram_outcomes(self, rammer, target):
        """[(probability, dice, result)]: each tank is destroyed by a roll above its own armor."""
        p_target, p_rammer = self.ram_loss(target), self.ram_loss(rammer)
        return [((1 - p_target) * (1 - p_rammer), [1, 1], "ram"), (p_target * (1 - p_rammer), [6, 1], "ram"),
                ((1 - p_target) * p_rammer, [1, 6], "ram"), (p_target * p_rammer, [6, 6], "ram")]

    # -- what the board shows ------------------------------------------------------------
    def facts(self, seat):
        """For every seat: the squares of the last action and its cues (a tank or obstacle destroyed,
        the flags captured), and the squares a last shot's range was counted along. For the seat to act
        also, per legal shot its range, the armor to beat and its chances; per ram each side's chance to
        be destroyed; per move the route to each square."""
        facts = {"last": self.last_squares(), "cues": self.cues()}
        roll = self.last_roll
        if roll and roll["kind"] == "fire":
            facts["fire_route"] = [sq_name(sq) for sq in self.fire_route(sq_parse(roll["from"]), sq_parse(roll["at"]))]
        if seat is None or seat != self.to_play:
            return facts
        shots, rams, paths = {}, {}, {}
        for action in self.legal_actions():
            step = Action.parse(action)
            if step.kind == "fire":
                shooter, target = sq_parse(step.start), sq_parse(step.target)
                distance = self.range_count(shooter, target)
                odds = {result: 0.0 for result in ("miss", "destroyed", "stunned", "deflected")}
                for probability, _, result in self.fire_outcomes(shooter, target, distance):
                    odds[result] = round(probability, 4)
                shots[action] = {"range": distance, "armor": self.target_armor(shooter, target),
                                 "range_dice": 2 if self.bounding == shooter else 1,
                                 "fire_dice": self.tank_stat(shooter, "fire"), **odds}
            elif step.kind == "ram":
                rammer, target = sq_parse(step.start), sq_parse(step.target)
                rams[action] = {"target": round(self.ram_loss(target), 4), "rammer": round(self.ram_loss(rammer), 4)}
        for start in self.seat_tanks(seat) if self.phase == "play" else ():
            if not self.tanks[start][3]:
                continue
            speed = self.tank_stat(start, "speed")
            budgets = {"move": speed, "bound": speed - 1 if self.options["bounding_fire"] and speed >= 2 else 0}
            for verb, budget in budgets.items():
                shortest = {}  # the shortest path to each square, a turn in place counted (the start repeats)
                for (end, _), path in sorted(self.move_targets(start, budget).items()):  # none for budget 0
                    if end != start and (end not in shortest or len(path) < len(shortest[end])):
                        shortest[end] = path
                if shortest:
                    paths[f"{verb} {sq_name(start)}"] = {sq_name(end): [sq_name(sq) for sq in path if sq != start]
                                                         for end, path in shortest.items()}
        facts.update(shots=shots, rams=rams, paths=paths)
        return facts

    def last_squares(self):
        """The squares the last action changed (for the board's last-move highlight)."""
        if not self.actions:
            return []
        last = Action.parse(self.actions[-1])
        if last.kind == "roll":
            return [self.last_roll["square"]]
        return {"place": [last.end], "flag": [last.end], "move": [last.start, last.end],
                "fire": [last.start, last.target], "ram": [last.start, last.end, last.target]}.get(last.kind, [])

    def cues(self):
        """Scoring moments of the last action, drawn where they happened: [{"square", "text"}]."""
        cues = [{"square": square, "text": text} for square, text in words.cue_words(self.last_roll)]
        if self.won_by == "flags":
            cues += [{"square": sq_name(flag), "text": words.flag_cue(self.result)}
                     for flag in self.flags[OTHER[self.result]]]
        return cues

    # -- legal actions -----------------------------------------------------------------
    def legal_actions(self):
        if self._legal is None:
            self._legal = self._list_actions() if self.phase != "over" else []
        return list(self._legal)

    def _list_actions(self):
        seat = self.turn
        phase = self.phase
        if phase == "obstacles":
            if not self.terrain_rules():
                return ["roll"]
            used = self.terrain_counts()
            return [f"roll {t}" for t in data.TERRAINS if used[t] < data.MAX_PER_TERRAIN[t]]
        if phase == "pick":
            return [f"pick {c}" for c in data.CLASS_ORDER
                    if self.chosen[seat].count(c) < CLASSES[c]["count"]]
        if phase == "axis":
            return ["axis ns", "axis ew"]
        if phase == "home":
            return [f"home {e}" for e in self.axis]
        if phase == "deploy":
            return self.place_actions("deploy", sorted(set(self.hand[seat]), key=data.CLASS_ORDER.index))
        if phase == "flags":
            return [f"flag {sq_name(sq)}" for sq in self.flag_squares(seat)]
        if phase == "bound":
            return [f"fire {sq_name(self.bounding)} {sq_name(t)}"
                    for t in sorted(self.fire_targets(self.bounding))] + ["hold"]
        return self.play_actions(seat)

    def terrain_counts(self):
        counts = {t: 0 for t in data.TERRAINS}
        for terrain in self.obstacles.values():
            if terrain in counts:
                counts[terrain] += 1
        return counts

    def place_actions(self, verb, classes):
        seat = self.turn
        return [f"{verb} {c} {sq_name(sq)} {f}" for c in classes
                for sq in sorted(self.home_squares_free(seat)) for f in FACINGS if faces_board(sq, f)]

    def flag_squares(self, seat):
        own = self.flags[seat]
        taken = set(self.flags[BLUE] + self.flags[RED]) | set(self.obstacles) | set(self.tanks)
        return [sq for sq in range(SIZE * SIZE)
                if is_dice_square(sq) and sq not in taken
                and all(xy(sq)[0] != xy(f)[0] and xy(sq)[1] != xy(f)[1] for f in own)]

    def play_actions(self, seat):
        actions = []
        finished = False
        for start in sorted(self.seat_tanks(seat)):
            if not self.tanks[start][3]:
                finished = True
                continue
            actions += self.tank_actions(start)
        if finished:
            actions.append("flip")
        if self.rebuilds[seat] >= 1 and self.destroyed[seat]:
            actions += self.place_actions("rebuild", sorted(set(self.destroyed[seat]), key=data.CLASS_ORDER.index))
        if self.options["reserves"] and self.rebuilds[seat] >= 2 and not self.reserve_used[seat]:
            actions += self.place_actions("reserve", self.reserve_pool(seat))
        return actions

    def tank_actions(self, start):
        """Every action of one ready tank on `start`, in a stable order."""
        name = sq_name(start)
        speed = self.tank_stat(start, "speed")
        actions = [f"move {name} {sq_name(sq)} {f}"
                   for sq, f in sorted(self.move_targets(start, speed))]
        if self.options["bounding_fire"] and speed >= 2:
            actions += [f"bound {name} {sq_name(sq)} {f}"
                        for sq, f in sorted(self.move_targets(start, speed - 1))]
        if self.options["reverse"]:
            actions += [f"back {name} {sq_name(sq)} {f}" for sq, f in sorted(self.reverse_targets(start))]
        actions += [f"fire {name} {sq_name(t)}" for t in sorted(self.fire_targets(start))]
        if self.options["ramming"]:
            actions += [f"ram {name} {sq_name(a)} {sq_name(b)}" for a, b in sorted(self.ram_targets(start))]
        return actions

    def reserve_pool(self, seat):
        return [c for c in data.CLASS_ORDER if self.chosen[seat].count(c) < CLASSES[c]["count"]]

    # -- doing -------------------------------------------------------------------------
    def do(self, action):
        self._legal = None
        self.last_roll = None  # the dice of this action only (the log and the board's cues read it)
        getattr(self, "_do_" + action.kind)(self.turn, action)

    def _do_roll(self, seat, action):
        terrain = action.choice
        tries = []  # every pair rolled: a pair naming a taken square is rolled again
        while True:
            first, second = self.rng.roll(), self.rng.roll()
            sq = second * SIZE + first
            tries.append([first, second, sq_name(sq)])
            if sq not in self.obstacles:
                break
        self.obstacles[sq] = terrain or "obstacle"
        self.last_roll = {"kind": "obstacle", "seat": seat, "dice": [first, second], "square": sq_name(sq),
                          "terrain": terrain or "obstacle", "tries": tries}
        if len(self.obstacles) == data.OBSTACLE_COUNT:
            self.phase, self.turn = "pick", BLUE
        else:
            self.turn = OTHER[seat]

    def _do_pick(self, seat, action):
        cls = action.letter
        self.chosen[seat].append(cls)
        self.hand[seat].append(cls)
        if len(self.chosen[seat]) == data.TANKS_PICKED:
            if seat == BLUE:
                self.turn = RED
            else:
                self.phase, self.turn = "axis", self.axis_chooser()

    def axis_chooser(self):
        """The seat that chooses the axis: by option, or "each player may roll a die, with the
        higher roller choosing" (a tie rolls again)."""
        chooser = self.options["axis_chooser"]
        if chooser != "roll":
            return chooser
        rolls = []
        while not rolls or rolls[-1][0] == rolls[-1][1]:
            rolls.append([self.rng.roll(), self.rng.roll()])
        winner = BLUE if rolls[-1][0] > rolls[-1][1] else RED
        self.last_roll = {"kind": "axis", "seat": winner, "dice": rolls}
        return winner

    def _do_axis(self, seat, action):
        self.axis = action.choice
        self.phase, self.turn = "home", OTHER[seat]

    def _do_home(self, seat, action):
        edge = action.choice
        self.home[seat] = edge
        self.home[OTHER[seat]] = BACK[edge]
        self.first = seat
        self.phase = "deploy"

    def _do_place(self, seat, action):
        verb, cls = action.verb, action.letter
        self.placed[seat] += 1
        piece = f"{seat}-{self.placed[seat]}"
        self.tanks[sq_parse(action.end)] = [seat, cls, action.facing, verb == "deploy", piece]
        if verb == "deploy":
            self.hand[seat].remove(cls)
            if not self.hand[seat]:
                if seat == self.first:
                    self.turn = OTHER[seat]
                else:
                    self.phase, self.turn = "flags", self.first
            return
        if verb == "rebuild":
            self.destroyed[seat].remove(cls)
            self.rebuilds[seat] -= 1
        else:
            self.chosen[seat].append(cls)
            self.reserve_used[seat] = True
            self.rebuilds[seat] -= 2
        self.end_turn()

    def _do_flag(self, seat, action):
        self.flags[seat].append(sq_parse(action.end))
        if len(self.flags[seat]) == data.FLAGS_PER_PLAYER["value"]:
            if seat == self.first:
                self.turn = OTHER[seat]
            else:
                self.phase, self.turn = "play", self.first

    def _do_move(self, seat, action):
        start, end = sq_parse(action.start), sq_parse(action.end)
        tank = self.tanks.pop(start)
        tank[2] = action.facing
        self.tanks[end] = tank
        if action.verb == "bound" and self.fire_targets(end):
            self.bounding = end
            self.phase = "bound"
            return
        tank[3] = False
        self.end_turn()

    def _do_fire(self, seat, action):
        shooter, target = sq_parse(action.start), sq_parse(action.target)
        distance = self.range_count(shooter, target)
        range_dice = [self.rng.roll() for _ in range(2 if self.bounding == shooter else 1)]
        armor = self.target_armor(shooter, target)
        aimed = self.tanks.get(target)
        what = {"seat": aimed[0], "class": aimed[1]} if aimed else {"seat": None, "class": self.obstacles[target]}
        damage = []
        result = "miss"
        if all(d > distance for d in range_dice):
            damage = [self.rng.roll() for _ in range(self.tank_stat(shooter, "fire"))]
            if max(damage) > armor:
                result = "destroyed"
                self.remove(target)
            elif target in self.tanks and self.options["stun"] and armor in damage:
                result = "stunned"
                self.tanks[target][3] = False
            else:
                result = "deflected"
        self.last_roll = {"kind": "fire", "seat": seat, "from": sq_name(shooter), "at": sq_name(target),
                          "range": distance, "armor": armor, "range_dice": range_dice,
                          "damage_dice": damage, "result": result, "shooter": self.tanks[shooter][1],
                          "target": what, "flank": self.options["flank_armor"] and aimed is not None
                          and armor < CLASSES[aimed[1]]["armor"]}
        self.tanks[shooter][3] = False
        self.bounding = None
        self.end_turn()

    def _do_ram(self, seat, action):
        start, square, target = sq_parse(action.start), sq_parse(action.end), sq_parse(action.target)
        tank = self.tanks.pop(start)
        tx, ty = xy(target)
        sx, sy = xy(square)
        tank[2] = next(f for f, (dx, dy) in STEP.items() if (sx + dx, sy + dy) == (tx, ty))
        self.tanks[square] = tank
        ram_die, defend_die = self.rng.roll(), self.rng.roll()
        target_lost = ram_die > self.tank_stat(target, "armor")
        rammer_lost = defend_die > self.tank_stat(square, "armor")
        self.last_roll = {"kind": "ram", "seat": seat, "from": sq_name(square), "at": sq_name(target),
                          "dice": [ram_die, defend_die], "target_destroyed": target_lost,
                          "rammer_destroyed": rammer_lost, "rammer": self.tanks[square][1],
                          "target": self.tanks[target][1]}
        for sq, lost in ((target, target_lost), (square, rammer_lost)):
            if lost:
                self.remove(sq)
            else:
                self.tanks[sq][3] = False
        self.end_turn()

    def _do_flip(self, seat, action):
        for tank in self.tanks.values():
            if tank[0] == seat:
                tank[3] = True
        self.end_turn()

    def _do_hold(self, seat, action):
        self.tanks[self.bounding][3] = False
        self.bounding = None
        self.end_turn()

    def remove(self, sq):
        if sq in self.tanks:
            seat, cls = self.tanks.pop(sq)[:2]
            self.destroyed[seat].append(cls)
        else:
            del self.obstacles[sq]

    def end_turn(self):
        seat = self.turn
        self.phase = "play"
        other = OTHER[seat]
        if not self.seat_tanks(other):  # if a ram wiped out both sides, the rammer wins
            self.finish(seat, "destroyed")
            return
        if not self.seat_tanks(seat):
            self.finish(other, "destroyed")
            return
        self.turn = other
        flags = self.flags[seat]
        if flags and all(self.tanks.get(f, (None,))[0] == self.turn for f in flags):
            self.finish(self.turn, "flags")

    def finish(self, seat, how):
        self.phase = "over"
        self.result = seat
        self.won_by = how

    # -- explaining refusals -------------------------------------------------------------
    def why_illegal(self, action):
        action = Action.parse(action)
        kind = action.kind
        phase_kinds = {"obstacles": {"roll"}, "pick": {"pick"}, "axis": {"axis"}, "home": {"home"},
                       "deploy": {"place"}, "flags": {"flag"}, "bound": {"fire", "hold"},
                       "play": {"move", "fire", "ram", "flip", "place"}}
        expected = {"obstacles": "roll for an obstacle", "pick": "secretly pick a tank",
                    "axis": "choose the axis", "home": "choose a home edge on the axis",
                    "deploy": "deploy a tank on your home edge", "flags": "place a flag",
                    "bound": "fire with the tank that made a bounding move, or hold fire",
                    "play": "move, fire, ram, flip or rebuild"}[self.phase]
        if kind not in phase_kinds[self.phase] or (kind == "place" and (action.verb == "deploy") != (self.phase == "deploy")):
            return f"now is the time to {expected}"
        seat = self.turn
        if kind == "roll":
            terrain = action.choice
            if terrain and not self.terrain_rules():
                return "terrain types are only chosen with the Terrain rule"
            if not terrain:
                return "with the Terrain rule, say which side of the obstacle counter to use"
            return f"every {terrain} side is already on the board (each terrain can be used at most " \
                   f"{data.MAX_PER_TERRAIN[terrain]} times)"
        if kind == "pick":
            return f"you have only {CLASSES[action.letter]['count']} tanks of that class"
        if kind == "home":
            return "the home edge must be one of the two edges of the chosen axis"
        if kind == "flag":
            sq = sq_parse(action.end)
            if not is_dice_square(sq):
                return "flags go on squares with dice symbols (not on the edge)"
            if sq in self.obstacles or sq in self.tanks or sq in self.flags[BLUE] + self.flags[RED]:
                return "flags go on a free square (no obstacle, tank or other flag)"
            return "your two flags may not share a row or a column"
        if kind == "place":
            return self._why_place(seat, action)
        if kind == "flip":
            return "you have no finished tanks to flip"
        # ("axis" and "hold" never get here: each is legal whenever its phase accepts it.)
        return self._why_tank(seat, action)

    def _why_place(self, seat, action):
        verb, cls, facing = action.verb, action.letter, action.facing
        sq = sq_parse(action.end)
        if verb == "deploy" and cls not in self.hand[seat]:
            return "you can only deploy the tanks you picked that are not yet on the board"
        if verb == "rebuild":
            if self.rebuilds[seat] < 1:
                return "you have no rebuilds left"
            if cls not in self.destroyed[seat]:
                return "you can only rebuild a tank of yours that was destroyed"
        if verb == "reserve":
            if not self.options["reserves"]:
                return "reserves are an advanced rule that is not in use"
            if self.reserve_used[seat]:
                return "you already brought in your reserve tank"
            if self.rebuilds[seat] < 2:
                return "a reserve tank costs two rebuilds"
            return "no counter of that class is left in your reserve"
        if sq not in edge_squares(self.home[seat]):
            return "tanks are placed on your home edge (your military base)"
        if not faces_board(sq, facing):
            return FACE_THE_BOARD
        return "that square of your base is taken"

    def _why_tank(self, seat, action):
        kind = action.kind
        start = sq_parse(action.start)
        tank = self.tanks.get(start)
        if tank is None or tank[0] != seat:
            return "you have no tank on that square"
        if self.phase == "bound" and start != self.bounding:
            return "only the tank that made the bounding move may fire now"
        if not tank[3]:
            return "a finished tank cannot move or fire (flip your finished tanks first)"
        speed = CLASSES[tank[1]]["speed"]
        if kind == "move":
            verb = action.verb
            if verb == "bound" and not self.options["bounding_fire"]:
                return "bounding fire is an advanced rule that is not in use"
            if verb == "bound" and speed < 2:
                return "a Heavy Tank is too slow for bounding fire"
            if verb == "back":
                if not self.options["reverse"]:
                    return "reverse movement is an advanced rule that is not in use"
                return "a reverse move goes exactly one square straight back into a square where it can stop" + \
                    ("" if self.options["reverse_turn"] else ", without turning")
            end = sq_parse(action.end)
            if not faces_board(end, action.facing):
                return FACE_THE_BOARD
            if end == start and action.facing == BACK[tank[2]]:
                return "a tank turns in place only once in a move (90 degrees): that turn is the one " \
                       "square it enters without moving"
            if self.tanks.get(end, (seat,))[0] != seat or self.blocks_move(end):
                return "a tank cannot enter an obstacle or an enemy tank's square"
            if end in self.tanks and end != start or end in self.flags[seat]:
                return "a tank may pass through friendly tanks and flags but not stop on them"
            budget = speed - (verb == "bound")
            return f"that square and facing cannot be reached moving forward {budget} square(s), " \
                   "turning 90 degrees at most once per square entered"
        if kind == "ram":
            if not self.options["ramming"]:
                return "ramming is an advanced rule that is not in use"
            return "to ram, the tank must end adjacent to an enemy tank, facing it, with speed left to enter its square"
        target = sq_parse(action.target)
        if target not in self.tanks and target in self.obstacles:
            if not self.options["destroy_obstacles"]:
                return "firing at obstacles is an advanced rule that is not in use"
            if not self.destructible(self.obstacles[target]):
                return "water cannot be destroyed: a shot at it only makes a splash, so it is not offered"
        elif self.tanks.get(target, (seat,))[0] == seat:
            return "choose an enemy tank as the target"
        if not in_front(start, tank[2], target):
            return "the target must be in front of the firing tank"
        if tank[1] == "D":
            return "a Tank Destroyer counts only squares in a straight line ahead, and none may be blocked"
        return "the range count is 6 or more, or every route is blocked (obstacles, enemy tanks, blocked diagonals)"

    # -- a bot's rebuilt position (Game.state_from_view) -------------------------------------
    def deal_hidden(self, seen, rng):
        """A seat's secret picks: as many counters as it hides, at random from those neither on the
        board nor destroyed."""
        for seat in SEATS:
            if hidden(self.hand[seat]):
                known = [t[1] for t in self.tanks.values() if t[0] == seat] + list(self.destroyed[seat])
                pool = [c for c in data.CLASS_ORDER for _ in range(CLASSES[c]["count"])]
                for c in known:
                    pool.remove(c)
                rng.shuffle(pool)
                self.hand[seat] = pool[:self.hand[seat]["hidden"]]
                self.chosen[seat] = known + self.hand[seat]


class BitskriegGame(Game):
    name = "bitskrieg"
    title = "Bitskrieg"
    seats = SEATS
    hint_bot = "expert"  # the strongest level; the page gives it the same time budget as a bot move
    former_seats = {"0": "blue", "1": "red"}  # save format 1 numbered the seats

    def seat_name(self, seat):
        return seat_name(seat)

    def upgrade(self, version, stored):
        """A stored position of format 1 (seats 0 and 1, per-seat lists) with the seats named (format 2)."""
        if version != 1:
            return stored
        named = dict(enumerate(SEATS))

        def seat(old):
            return None if old is None else named[old]

        new = dict(stored, **{key: dict(zip(SEATS, stored[key], strict=True)) for key in (
            "chosen", "hand", "destroyed", "reserve_used", "rebuilds", "home", "flags", "placed")})
        new.update({key: seat(stored[key]) for key in ("turn", "first", "winner")})
        new["tanks"] = {square: dict(tank, seat=named[tank["seat"]]) for square, tank in stored["tanks"].items()}
        roll = stored["last_roll"]
        if roll is not None:
            new["last_roll"] = roll = dict(roll, seat=named[roll["seat"]])
            if roll["kind"] == "fire":
                roll["target"] = dict(roll["target"], seat=seat(roll["target"]["seat"]))
        return new

    state_class = BitskriegState
    max_actions = 5000
    options = (
        Option("axis_chooser", "roll", choices=("roll", "blue", "red"), label="Who chooses the axis",
               help="roll: each player rolls a die and the higher roller chooses (ties roll again); or name "
                    "the player who chooses (the rulebook suggests the younger). The other player then "
                    "takes a home edge and moves first."),
        Option("handicapping", False, label="Handicapping",
               help="Set how many rebuilds each player has (the two counts below)."),
        Option("rebuilds_blue", 2, low=0, high=data.REBUILD_TRACK_MAX["value"], label="Blue rebuilds",
               help="Used only with Handicapping."),
        Option("rebuilds_red", 2, low=0, high=data.REBUILD_TRACK_MAX["value"], label="Red rebuilds",
               help="Used only with Handicapping."),
        Option("reserves", False, label="Reserves",
               help="Spend two rebuilds at once to bring in a sixth tank from your unused counters."),
        Option("flank_armor", False, label="Flank armor",
               help="A shot from outside the target's front counts its Armor one lower."),
        Option("bounding_fire", False, label="Bounding fire",
               help="Move one square less, then fire; the range roll uses two dice that must both beat the range."),
        Option("stun", False, label="Stun",
               help="A damage die equal to the Armor (and none above) flips the target to finished."),
        Option("reverse", False, label="Reverse movement",
               help="Use the whole move to back up exactly one square."),
        Option("reverse_turn", True, label="Reverse: allow one turn",
               help="On (Russian copy): a reversing tank may turn 90 degrees before or after. "
                    "Off (English companion): no turn at all."),
        Option("ramming", False, label="Ramming",
               help="Drive into an adjacent enemy you face; each tank is destroyed by a roll above its own Armor."),
        Option("destroy_obstacles", False, label="Destroying obstacles",
               help="Fire at obstacles; a damage die above 4 destroys them."),
        Option("terrain", False, label="Terrain",
               help="Obstacles become buildings, woods or water, chosen by the player who rolls for them."),
    )

    def canonical_action(self, text):
        action = Action.parse(text)
        if action is None:
            raise IllegalAction(f"{text!r} is not Bitskrieg notation (e.g. 'move b1 c3 n', 'fire b1 e5', "
                                "'flip', 'pick L', 'deploy M a1 n', 'flag c3')")
        return str(action)

    def read_action(self, text):
        return Action.parse(text)

    # -- narration: every event in plain words ------------------------------------------------------
    def narrate(self, before, after):
        """The action, what its dice did, the end of the game if it came, and to the picker alone
        which tank she picked in secret."""
        action = after.actions[-1]
        lines = [(self.describe_action(before, action), None)]
        outcome = self.describe_outcome(before, after)
        if outcome:
            lines.append((outcome, None))
        if after.is_over:
            lines.append((words.end_words(after.winner, after.won_by), None))
        action = Action.parse(action)
        if action.kind == "pick":
            lines.append((words.picked_words(action.letter), before.turn))
        return lines

    def describe_action(self, state, action):
        return words.action_words(state, Action.parse(action))

    def describe_outcome(self, before, after):
        """What the dice did in the last action, with their faces; "" when none were rolled."""
        return words.roll_words(after.last_roll)


GAME = BitskriegGame()
