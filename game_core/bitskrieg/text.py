"""Bitskrieg for the terminal, from a seat's view only (like svg.py): the 8 x 8 board as text with
files, ranks, facings and obstacles and a legend, and the legal moves grouped by tank, each one
explained, shots with their range and chance to destroy (from view["facts"])."""

from . import data
from .actions import PLACES, TANK_STEPS, Action
from .data import FACING_NAMES, FILES, SIZE, is_dice_square, sq_parse
from .svg import count, ratings, seat_name, status_text, target_name

ARROWS = {"n": "^", "e": ">", "s": "v", "w": "<"}
OBSTACLE_MARKS = {"obstacle": "###", "building": "[#]", "woods": "%%%", "water": "~~~"}


def cell(st, square):
    tank = st["tanks"].get(square)
    if tank:
        letters = seat_name(tank["seat"])[0] + tank["class"]
        return (letters if tank["ready"] else letters.lower()) + ARROWS[tank["facing"]]
    terrain = st["obstacles"].get(square)
    if terrain:
        return OBSTACLE_MARKS[terrain]
    for seat, flags in st["flags"].items():
        if square in flags:
            return "F" + seat_name(seat)[0] + " "
    return " . " if is_dice_square(sq_parse(square)) else " , "


def text_board(view):
    st = view["state"]
    header = "     " + "".join(f" {f}  " for f in FILES)
    lines = [status_text(view), "", header]
    for rank in range(SIZE, 0, -1):
        row = "".join(cell(st, f"{f}{rank}") + " " for f in FILES)
        lines.append(f"  {rank}  {row} {rank}")
    lines.append(header)
    lines.append("")
    for seat in data.SEATS:
        hand = st["hand"][seat]
        picks = (f"{count(hand)} face-down" if isinstance(hand, dict)
                 else ", ".join(data.TANK_CLASSES[c]["short"] for c in hand) or "none")
        edge = FACING_NAMES[st["home"][seat]] if st["home"][seat] else "not chosen"
        flags = ", ".join(flag_words(st, f, seat) for f in st["flags"][seat]) or "none"
        lost = ", ".join(data.TANK_CLASSES[c]["short"] for c in sorted(st["destroyed"][seat])) or "none"
        lines.append(f"{seat_name(seat)}{' (plays first)' if st['first'] == seat else ''}: home edge {edge}; "
                     f"picks not deployed: {picks}; rebuilds left {st['rebuilds'][seat]}; destroyed: {lost}; "
                     f"flags: {flags}")
    lines += ["", "Legend: a tank is B (Blue) or R (Red), its class L Light, M Medium, H Heavy, D Tank Destroyer,",
              "        its facing ^ north, > east, v south, < west; lower case = finished (BHv: Blue Heavy, south).",
              "        FB/FR Blue/Red flag; ### obstacle, [#] building, %%% woods, ~~~ water;",
              "        . a dice square (flags go there), , an edge square."]
    return "\n".join(lines)


def flag_words(st, square, seat):
    tank = st["tanks"].get(square)
    held = tank and tank["seat"] != seat
    return f"{square}" + (" (held by the enemy)" if held else "")


def action_menu(view):
    """[(heading, [(action, explanation)])] for the seat to act: one group per tank, then the rest."""
    legal = view.get("legal_actions") or []
    st, seat = view["state"], view["seat"]
    groups, other = {}, []

    def add(heading, action, words):
        groups.setdefault(heading, []).append((action, words))

    order = ("fire", "ram", "move", "bound", "back")  # a tank's shots first
    steps = sorted(map(Action.parse, legal), key=lambda a: order.index(a.verb) if a.verb in order else 0)
    for step in steps:
        action, kind = str(step), step.verb
        if kind in TANK_STEPS:
            tank = st["tanks"][step.start]
            heading = (f"{data.TANK_CLASSES[tank['class']]['name']} on {step.start}, facing "
                       f"{FACING_NAMES[tank['facing']]} ({data.ratings(tank['class'])})")
            add(heading, action, tank_step(view, step))
        elif kind == "pick":
            left = data.TANK_CLASSES[step.letter]["count"] - st["chosen"][seat].count(step.letter)
            add(f"Pick a tank in secret ({len(st['chosen'][seat])} of {data.TANKS_PICKED} chosen)", action,
                f"{ratings(step.letter)} ({left} left)")
        elif kind in PLACES:
            cls = step.letter
            cost = {"deploy": "", "rebuild": f", uses one of {st['rebuilds'][seat]} rebuilds",
                    "reserve": ", a sixth tank for two rebuilds"}[kind]
            add(f"{kind.capitalize()} a {ratings(cls)}{cost}", action,
                f"on {step.end} facing {FACING_NAMES[step.facing]}" + ("" if kind == "deploy" else ", finished side up"))
        elif kind == "flag":
            x, y = sq_parse(step.end) % SIZE, sq_parse(step.end) // SIZE
            add("Place a flag (a free dice square, not in the row or column of your other flag)", action,
                f"on {step.end} (dice {x} and {y})")
        elif kind == "roll":
            what = f"a {step.choice} obstacle" if step.choice else "an obstacle"
            add("Battlefield", action, f"roll two dice to place {what} on the square they name")
        elif kind == "axis":
            edges = "north and south" if step.choice == "ns" else "east and west"
            add("Choose the axis", action, f"home edges {edges}; the other player takes one and moves first")
        elif kind == "home":
            add("Choose your home edge", action, f"the {FACING_NAMES[step.choice]} edge; you deploy and move first")
        elif kind == "flip":
            finished = sum(1 for t in st["tanks"].values() if t["seat"] == seat and not t["ready"])
            other.append((action, f"flip your {finished} finished tank{'s' if finished != 1 else ''} to ready"))
        elif kind == "hold":
            other.append((action, "end the bounding move without firing"))
    menu = list(groups.items())
    if other:
        menu.append(("Whole turn", other))
    return menu


def tank_step(view, step):
    kind, start = step.verb, step.start
    if kind == "fire":
        shot = view["facts"]["shots"][str(step)]
        dice = "two range dice must both" if shot["range_dice"] == 2 else "a range die must"
        stun = f", {shot['stunned']:.0%} to stun" if shot["stunned"] else ""
        return (f"fire at the {target_name(view, step.target)} on {step.target}: range {shot['range']}, "
                f"{shot['destroyed']:.0%} to destroy{stun} ({dice} beat {shot['range']}, then a damage die above "
                f"armor {shot['armor']})")
    if kind == "ram":
        odds = view["facts"]["rams"][str(step)]
        route = "" if step.end == start else f"drive to {step.end} and "
        return (f"{route}ram the {target_name(view, step.target)} on {step.target}: destroys it {odds['target']:.0%}, "
                f"loses yours {odds['rammer']:.0%}")
    end, facing = step.end, FACING_NAMES[step.facing]
    if kind == "back":
        return f"back up to {end}, facing {facing}"
    if end == start:
        return f"turn in place to face {facing}" + (", then fire (two range dice)" if kind == "bound" else "")
    if kind == "bound":
        return f"bounding move to {end}, facing {facing}, then fire (two range dice)"
    return f"move to {end}, facing {facing}"
