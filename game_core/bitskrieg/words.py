"""Bitskrieg in plain words, shared by the rules (the log) and the board (the last roll), so that each
thing is worded in one place."""

from . import data


def seat_name(seat):
    return data.SEAT_NAMES[seat]["name"]


def plural(n, word):
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def dice_words(dice):
    return f"die {dice[0]}" if len(dice) == 1 else "dice " + " and ".join(map(str, dice))


def roll_rows(roll):
    """(what the last roll decided, [(caption, dice, fill, what a die means)]) of a last roll."""
    who = seat_name(roll["seat"])
    if roll["kind"] == "obstacle":
        return (f"{who} rolled an obstacle onto {roll['square']}",
                [("", roll["dice"], "#fff", "column die (b to g), then row die (2 to 7)")])
    if roll["kind"] == "axis":
        blue, red = roll["dice"][-1]
        return (f"Axis roll: Blue {blue}, Red {red}; {who} chooses the axis",
                [("Blue", [blue], "#dbe7fb", "Blue's die"), ("Red", [red], "#f8dcd9", "Red's die")])
    if roll["kind"] == "fire":
        rows = [(f"Range {roll['range']}", roll["range_dice"], "#fff",
                 f"range die: a hit needs more than {roll['range']}")]
        if roll["damage_dice"]:
            rows.append((f"Armor {roll['armor']}", roll["damage_dice"], "#ffe9e6",
                         f"damage die: destroys above {roll['armor']}"))
        return f"{who} fired from {roll['from']} at {roll['at']}: {roll['result']}", rows
    lost = [name for name, flag in (("target", roll["target_destroyed"]), ("rammer", roll["rammer_destroyed"])) if flag]
    return (f"{who} rammed {roll['at']}: {', '.join(lost) or 'nothing'} destroyed",
            [("", roll["dice"], "#fff", "ram dice: the target's, then the rammer's; above its armor destroys it")])


def tank_name(seat, cls):
    """'Red Heavy Tank'."""
    return f"{seat_name(seat)} {data.TANK_CLASSES[cls]['name']}"


def ratings(letter):
    return f"{data.TANK_CLASSES[letter]['name']} ({data.ratings(letter)})"


def target_words(state, sq):
    """'the Red Heavy Tank on g1' or 'the woods on c4'."""
    tank = state.tanks.get(sq)
    if tank:
        return f"the {tank_name(tank[0], tank[1])} on {data.sq_name(sq)}"
    return f"the {data.terrain_name(state.obstacles[sq]).lower()} on {data.sq_name(sq)}"


def cue_words(roll):
    """The scoring moments of the last roll and a flag win, in words: [(square, text)]."""
    cues = []
    if roll and roll["kind"] == "fire" and roll["result"] in ("destroyed", "stunned"):
        aimed = roll["target"]
        what = (tank_name(aimed["seat"], aimed["class"]) if aimed["seat"] is not None
                else data.terrain_name(aimed["class"]))
        cues.append((roll["at"], f"{what} {roll['result']}"))
    if roll and roll["kind"] == "ram":
        rammer = roll["seat"]
        for square, lost, cls, owner in ((roll["at"], roll["target_destroyed"], roll["target"], data.OTHER[rammer]),
                                         (roll["from"], roll["rammer_destroyed"], roll["rammer"], rammer)):
            if lost:
                cues.append((square, f"{tank_name(owner, cls)} destroyed"))
    return cues


def flag_cue(seat):
    return f"{seat_name(seat)} holds the flag"


def action_words(state, action):
    """The typed `action` (actions.py), as taken in `state`, for the log."""
    classes = data.TANK_CLASSES
    who = seat_name(state.turn)
    kind = action.kind
    if kind == "pick":
        return f"{who} picks a tank in secret"
    if kind == "roll":
        return f"{who} rolls for {'a ' + action.choice if action.choice else 'an'} obstacle"
    if kind == "place":
        verb, square = action.verb, action.end
        what = f"{classes[action.letter]['name']} on {square} facing {data.FACING_NAMES[action.facing]}"
        if verb == "deploy":
            return f"{who} deploys a {what}"
        if verb == "rebuild":
            left = state.rebuilds[state.turn] - 1
            return f"{who} rebuilds a {what}, finished side up ({plural(left, 'rebuild')} left)"
        return f"{who} brings in a reserve {what}, finished side up, for two rebuilds"
    start = action.start
    if kind == "move":
        end = action.end
        tank = f"{who}'s {classes[state.tanks[data.sq_parse(start)][1]]['name']}"
        heading = data.FACING_NAMES[action.facing]
        if start == end:
            return f"{tank} on {start} turns in place to face {heading}"
        how = {"move": "moves", "bound": "makes a bounding move", "back": "backs up"}[action.verb]
        return f"{tank} {how} from {start} to {end}, facing {heading}"
    if kind == "fire":
        shooter, target = data.sq_parse(start), data.sq_parse(action.target)
        return (f"{who}'s {classes[state.tanks[shooter][1]]['name']} on {start} fires at "
                f"{target_words(state, target)} (range {state.range_count(shooter, target)})")
    if kind == "ram":
        square = action.end
        tank = f"{who}'s {classes[state.tanks[data.sq_parse(start)][1]]['name']}"
        route = "" if start == square else f" moves from {start} to {square} and"
        return f"{tank}{route} rams {target_words(state, data.sq_parse(action.target))}"
    if kind == "flip":
        finished = sum(1 for t in state.tanks.values() if t[0] == state.turn and not t[3])
        return f"{who} flips {plural(finished, 'finished tank')} to ready"
    return {"axis": lambda: f"{who} chooses the {'north-south' if action.choice == 'ns' else 'east-west'} axis",
            "home": lambda: f"{who} takes the {data.FACING_NAMES[action.choice]} edge as home and will play first",
            "flag": lambda: f"{who} places a flag on {action.end}",
            "hold": lambda: f"{who} holds fire"}[kind]()


def roll_words(roll):
    """What the dice did in the last action, with their faces; "" when none were rolled."""
    if roll is None:
        return ""
    classes = data.TANK_CLASSES
    if roll["kind"] == "obstacle":
        tries = [f"{a} and {b}: {square} is taken, rolled again" for a, b, square in roll["tries"][:-1]]
        first, second, square = roll["tries"][-1]
        terrain = "an obstacle" if roll["terrain"] == "obstacle" else f"a {roll['terrain']} obstacle"
        return f"Dice {'; '.join(tries + [f'{first} and {second}: {terrain} on {square}'])}."
    if roll["kind"] == "axis":
        pairs = [f"Blue {b}, Red {r}" + (" (a tie, rolled again)" if b == r else "") for b, r in roll["dice"]]
        return f"Axis roll: {'; '.join(pairs)}: {seat_name(roll['seat'])} chooses the axis."
    if roll["kind"] == "ram":
        parts = []
        for label, die, square, cls, lost in (
                ("Ram die", roll["dice"][0], roll["at"], roll["target"], roll["target_destroyed"]),
                ("defence die", roll["dice"][1], roll["from"], roll["rammer"], roll["rammer_destroyed"])):
            armor = classes[cls]["armor"]
            tank = f"the {classes[cls]['name']} on {square}"
            parts.append(f"{label} {die} beats armor {armor}: {tank} is destroyed" if lost else
                         f"{label} {die} does not beat armor {armor}: {tank} survives, finished")
        return "; ".join(parts) + "."
    distance, range_dice = roll["range"], roll["range_dice"]
    faces = dice_words(range_dice)
    if roll["result"] == "miss":
        need = "both must beat" if len(range_dice) == 2 else "does not beat"
        return f"Range {faces} ({need} {distance}): a miss." if len(range_dice) == 2 else \
            f"Range {faces} {need} range {distance}: a miss."
    damage = dice_words(roll["damage_dice"])
    armor = f"armor {roll['armor']}" + (" (a flank shot)" if roll["flank"] else "")
    aimed = roll["target"]
    what = (f"the {tank_name(aimed['seat'], aimed['class'])}" if aimed["seat"] is not None
            else f"the {data.terrain_name(aimed['class']).lower()}")
    hit = f"Range {faces} {'beat' if len(range_dice) == 2 else 'beats'} range {distance}: a hit. Damage {damage}"
    if roll["result"] == "destroyed":
        return f"{hit} against {armor}: {what} {'are' if aimed['class'] == 'woods' else 'is'} destroyed."
    if roll["result"] == "stunned":
        return f"{hit} against {armor}, none above and one equal: {what} is stunned (finished)."
    return f"{hit} against {armor}, none above it: deflected."


def end_words(winner, won_by):
    loser = seat_name(data.OTHER[winner])
    if won_by == "flags":
        return f"{seat_name(winner)} wins: both {loser} flags held at the start of {seat_name(winner)}'s turn."
    return f"{seat_name(winner)} wins: every {loser} tank destroyed."


def picked_words(letter):
    return f"You picked a {ratings(letter)}."
