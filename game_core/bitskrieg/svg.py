"""Bitskrieg board as SVG, drawn from a seat's view only: the 8 x 8 board on the left, a side panel
with picks, rebuild tracks, the last dice and buttons on the right. Every rule fact it shows (range,
chance to destroy, routes, the last move, cues) comes from view["facts"]; what the seat may not see
was removed by the rules' redact ({"hidden": n}). Clicks follow the UI contract in docs/architecture.md.

UI keys read: "tank" (square of the selected own tank), "mode" (move | bound | back), "to" (a
destination square whose path is drawn), "place" (e.g. "deploy M", "rebuild L", "reserve H": the
class and verb to place), "curtain" (hide the own picks: hotseat hand-over), "interactive".
"""

from .. import svg as S
from . import data
from .data import FACING_NAMES, SIZE, STEP, dice_of, edge_squares, is_dice_square, sq_name, sq_parse, xy

CLASSES = data.TANK_CLASSES
CELL = 54
# The page scales the board to its column's width, so the drawing is wide and low (the status sits
# in the side panel): on a 1366 x 768 laptop the home rows and the file letters stay on screen.
BOARD_X, BOARD_Y = 22, 8
BOARD_BOTTOM = BOARD_Y + SIZE * CELL
PANEL_X = BOARD_X + SIZE * CELL + 18
PANEL_W = 320
INNER_W = PANEL_W - 24  # the panel's text width
WIDTH, HEIGHT = PANEL_X + PANEL_W, BOARD_BOTTOM + 20
DICE_BOTTOM = 14   # the dice labels fill the top 14 px of a square; obstacles are drawn below them
PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}
TERRAIN_FILL = {"obstacle": "#6b6259", "building": "#8a8f98", "woods": "#3f7d3a", "water": "#3d7fc4"}
TERRAIN_EFFECT = {"obstacle": "blocks movement and fire", "building": "blocks movement and fire",
                  "woods": "can be entered, blocks fire", "water": "blocks movement, not fire; never destroyed"}
PROMPTS = {
    "obstacles": "roll the dice to place an obstacle",
    "pick": "secretly pick a tank",
    "axis": "choose the axis: the pair of opposite edges that will be the home edges",
    "home": "choose your home edge; you will play first",
    "deploy": "deploy a tank on your home edge",
    "flags": "place a flag on a free dice square (not in the row or column of your other flag)",
    "bound": "fire with the tank that made a bounding move, or hold fire",
    "play": "move, fire, flip your finished tanks or rebuild",
}


def seat_name(seat):
    return data.SEAT_NAMES[seat]["name"]


def colour(seat):
    return data.SEAT_NAMES[seat]["colour"]


def count(items):
    """How many: a list, or a redacted {"hidden": n}."""
    return items["hidden"] if isinstance(items, dict) else len(items)


def ratings(cls):
    return f"{CLASSES[cls]['name']}: {data.ratings(cls)}"


def wrap(text, width, size):
    """`text` cut into lines that fit `width` at font `size` (a glyph is ~0.6 x font-size)."""
    return S.wrap(text, max(1, int(width / (0.6 * size))))


def fit(text, width, size):
    """The font size (at most `size`) at which `text` fits `width` (a glyph is ~0.6 x font-size)."""
    return round(min(size, width / (0.6 * max(1, len(str(text))))), 1)


def corner(sq):
    """Top-left pixel of a square (north is up)."""
    x, y = xy(sq)
    return BOARD_X + x * CELL, BOARD_Y + (SIZE - 1 - y) * CELL


def centre(sq):
    left, top = corner(sq)
    return left + CELL / 2, top + CELL / 2


def die(cx, cy, size, value, fill="#fff", pip="#222"):
    half = size / 2
    parts = [f'<rect x="{cx - half}" y="{cy - half}" width="{size}" height="{size}" rx="{size / 6:.1f}" '
             f'fill="{fill}" stroke="#333" stroke-width="0.8"/>']
    step = size * 0.28
    for px, py in PIPS[value]:
        parts.append(f'<circle cx="{cx + px * step:.1f}" cy="{cy + py * step:.1f}" r="{size / 11:.1f}" fill="{pip}"/>')
    return "".join(parts)


def status_text(view):
    st = view["state"]
    if st["phase"] == "over":
        how = "captured both flags" if st["won_by"] == "flags" else "destroyed every enemy tank"
        return f"{seat_name(st['winner'])} wins: {how}."
    prompt = PROMPTS[st["phase"]]
    if st["phase"] == "pick":
        prompt += f" ({count(st['chosen'][st['turn']])} of {data.TANKS_PICKED} chosen)"
    if st["phase"] == "obstacles" and view["options"]["terrain"]:
        prompt += " (choose its terrain first)"
    mine = view["seat"] == st["turn"]
    return f"Your turn: {prompt}." if mine else f"{seat_name(st['turn'])} to play: {prompt}."


def render(view, ui=None):
    ui = ui or {}
    seat = view["seat"]
    interactive = ui.get("interactive", True) and seat is not None and seat == view["to_play"]
    legal = view.get("legal_actions", []) if interactive else []
    out = [S.svg_open(WIDTH, HEIGHT, "Bitskrieg board"),
           f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#f4efe4"/>']
    out += draw_board(view)
    out += draw_last(view)
    out += draw_tanks(view, ui, legal)
    if legal:
        out += draw_choices(view, ui, legal)
    out += draw_cues(view)
    out += draw_panel(view, ui, legal)
    out.append("</svg>")
    return "".join(out)


# -- the board -------------------------------------------------------------------------------
def printed_board():
    """The squares with their dice labels and the file and rank names: the same in every render."""
    out = []
    for sq in range(SIZE * SIZE):
        left, top = corner(sq)
        x, y = xy(sq)
        fill = "#e9dfc7" if (x + y) % 2 else "#dccfae"
        out.append(f'<rect x="{left}" y="{top}" width="{CELL}" height="{CELL}" fill="{fill}" stroke="#b9a983" '
                   f'stroke-width="0.6"/>')
        if is_dice_square(sq):
            first, second = dice_of(sq)
            out.append(die(left + 8, top + 8, 10, first) + die(left + 20, top + 8, 10, second))
    for i in range(SIZE):
        out.append(S.text(BOARD_X + i * CELL + CELL / 2, BOARD_BOTTOM + 14, "abcdefgh"[i], size=12, fill="#444"))
        out.append(S.text(BOARD_X - 10, BOARD_Y + (SIZE - 1 - i) * CELL + CELL / 2 + 4, i + 1, size=12, fill="#444"))
    return "".join(out)


PRINTED_BOARD = printed_board()


def draw_board(view):
    st = view["state"]
    out = [PRINTED_BOARD]
    for seat, edge in enumerate(st["home"]):
        for sq in edge_squares(edge) if edge else ():
            left, top = corner(sq)
            out.append(f'<rect x="{left + 2}" y="{top + 2}" width="{CELL - 4}" height="{CELL - 4}" fill="none" '
                       f'stroke="{colour(seat)}" stroke-width="2" stroke-dasharray="5 3" opacity="0.7"/>')
    for square, terrain in st["obstacles"].items():
        out.append(draw_obstacle(sq_parse(square), terrain))
    for seat in (0, 1):
        for square in st["flags"][seat]:
            out.append(draw_flag(sq_parse(square), seat))
    return out


def draw_obstacle(sq, terrain):
    """An obstacle counter in the square below its dice labels (they name the square it was rolled on)."""
    left, top = corner(sq)
    ox, oy, ow, oh = left + 4, top + DICE_BOTTOM + 2, CELL - 8, CELL - DICE_BOTTOM - 5
    fill = TERRAIN_FILL[terrain]
    name = data.terrain_name(terrain)
    shape = {
        "obstacle": f'<polygon points="{ox + 2},{oy + oh} {ox + 8},{oy + 8} {ox + 22},{oy} {ox + 40},{oy + 10} '
                    f'{ox + ow - 2},{oy + oh}" fill="{fill}" stroke="#3e3833"/>',
        "building": f'<rect x="{ox + 8}" y="{oy + 12}" width="{ow - 16}" height="{oh - 12}" fill="{fill}" stroke="#555"/>'
                    f'<polygon points="{ox + 4},{oy + 13} {ox + ow / 2},{oy} {ox + ow - 4},{oy + 13}" fill="#7a3b2e"/>',
        "woods": "".join(f'<circle cx="{ox + px}" cy="{oy + py}" r="9" fill="{fill}" stroke="#2c5a29"/>'
                         for px, py in ((11, 9), (31, 9), (21, 22), (37, 24), (9, 24))),
        "water": f'<rect x="{ox + 1}" y="{oy + 2}" width="{ow - 2}" height="{oh - 3}" rx="12" fill="{fill}"/>'
                 f'<path d="M{ox + 8} {oy + oh / 2} q6 -5 12 0 t12 0 t12 0" stroke="#cfe6ff" fill="none"/>',
    }[terrain]
    return (f'<g class="obstacle"><title>{S.esc(name)} on {sq_name(sq)}: {TERRAIN_EFFECT[terrain]}</title>'
            f'{shape}</g>')


def draw_flag(sq, seat):
    left, top = corner(sq)
    x, y = left + CELL - 14, top + CELL - 6
    return (f'<g class="flag"><title>{seat_name(seat)} flag on {sq_name(sq)}</title>'
            f'<line x1="{x}" y1="{y}" x2="{x}" y2="{y - 24}" stroke="#333" stroke-width="1.5"/>'
            f'<polygon points="{x},{y - 24} {x + 12},{y - 19} {x},{y - 14}" fill="{colour(seat)}" stroke="#222" '
            f'stroke-width="0.6"/></g>')


def draw_last(view):
    """The last action's squares (class "last", kept until the next action) and its line of fire."""
    facts = view["facts"]
    out = []
    for square in facts["last"]:
        left, top = corner(sq_parse(square))
        out.append(f'<rect class="last" x="{left + 1}" y="{top + 1}" width="{CELL - 2}" height="{CELL - 2}" '
                   f'fill="#fff176" fill-opacity="0.45" stroke="#c9a800" stroke-width="1" stroke-dasharray="3 2"/>')
    roll = view["state"]["last_roll"]
    if roll and roll["kind"] in ("fire", "ram"):
        (x1, y1), (x2, y2) = centre(sq_parse(roll["from"])), centre(sq_parse(roll["at"]))
        out.append(f'<line class="last" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#d08a00" stroke-width="3" '
                   f'stroke-dasharray="6 4" opacity="0.8"/>')
    return out


def draw_tank(square, tank, moved):
    """A tank counter in a <g data-piece> placed by a translate, so the page can slide it."""
    seat, cls, facing, ready = tank["seat"], tank["class"], tank["facing"], tank["ready"]
    left, top = corner(sq_parse(square))
    c = CELL / 2
    dx, dy = STEP[facing]
    body = colour(seat) if ready else "#bdbdbd"
    stroke = "#222" if ready else colour(seat)
    turret = "" if cls == "D" else f'<circle cx="{c}" cy="{c}" r="8" fill="{body}" stroke="{stroke}" stroke-width="1.5"/>'
    label = (f"{seat_name(seat)} {CLASSES[cls]['name']} on {square}, facing {FACING_NAMES[facing]}, "
             f"{'ready' if ready else 'finished'}")
    return (f'<g class="tank{" last" if moved else ""}" data-piece="{tank["piece"]}" '
            f'transform="translate({left} {top})"><title>{S.esc(label)}</title>'
            f'<rect x="9" y="11" width="36" height="36" rx="6" fill="{body}" stroke="{stroke}" stroke-width="2.5"/>'
            f'<line x1="{c}" y1="{c + 2}" x2="{c + dx * 25}" y2="{c + 2 - dy * 25}" stroke="#111" '
            f'stroke-width="{6 if cls == "D" else 4}" stroke-linecap="round"/>{turret}'
            + S.text(c, c + 6, CLASSES[cls]["short"], size=11, weight="bold", fill="#fff" if ready else "#333")
            + ("" if ready else S.text(c, 20 if facing == "s" else 45, "finished", size=7, fill="#333"))
            + "</g>")


def draw_tanks(view, ui, legal):
    selected = selected_tank(view, ui, legal)
    last = view["facts"]["last"]
    out = []
    for square, tank in sorted(view["state"]["tanks"].items()):
        out.append(draw_tank(square, tank, square in last))
        left, top = corner(sq_parse(square))
        if square == selected:
            out.append(f'<rect x="{left + 3}" y="{top + 3}" width="{CELL - 6}" height="{CELL - 6}" fill="none" '
                       f'stroke="#e65100" stroke-width="4"/>')
        elif tank["seat"] == view["seat"] and tank_actions(legal, square):
            out.append(f'<rect x="{left}" y="{top}" width="{CELL}" height="{CELL}" fill="transparent" '
                       f'{S.command_attrs("ui:tank=" + square, "Select the tank on " + square)}/>')
    return out


def draw_cues(view):
    """A burst where the last action destroyed or captured something (present right after it only)."""
    out = []
    for cue in view["facts"]["cues"]:
        cx, cy = centre(sq_parse(cue["square"]))
        points = " ".join(f"{cx + r * dx:.1f},{cy + r * dy:.1f}" for r, (dx, dy) in zip(
            [24, 11] * 8, [(0, -1), (0.38, -0.92), (0.71, -0.71), (0.92, -0.38), (1, 0), (0.92, 0.38), (0.71, 0.71),
                           (0.38, 0.92), (0, 1), (-0.38, 0.92), (-0.71, 0.71), (-0.92, 0.38), (-1, 0),
                           (-0.92, -0.38), (-0.71, -0.71), (-0.38, -0.92)]))
        out.append(f'<g class="cue" data-cue="{S.esc(cue["text"])}"><title>{S.esc(cue["text"])}</title>'
                   f'<polygon points="{points}" fill="#ff9f1a" fill-opacity="0.75" stroke="#c0392b" '
                   f'stroke-width="1.5"/></g>')
    return out


# -- choices on the board --------------------------------------------------------------------------
def tank_actions(legal, square):
    return [a for a in legal if a.split()[0] in ("move", "bound", "back", "fire", "ram") and a.split()[1] == square]


def selected_tank(view, ui, legal):
    """The own tank whose steps are shown: the ui choice if it can act, else the first that can."""
    st = view["state"]
    if st["phase"] == "bound":
        return st["bounding"]
    if st["phase"] != "play" or not legal:
        return None
    wanted = ui.get("tank")
    if isinstance(wanted, str) and tank_actions(legal, wanted):
        return wanted
    for action in legal:
        words = action.split()
        if words[0] in ("move", "fire", "bound", "back", "ram"):
            return words[1]
    return None


def facing_marker(sq, facing, action, label, fill):
    """A small triangle inside `sq` pointing `facing`: click it to end there facing that way."""
    cx, cy = centre(sq)
    dx, dy = STEP[facing]
    tip = (cx + dx * 24, cy - dy * 24)
    base = (cx + dx * 11, cy - dy * 11)
    px, py = -dy * 9, -dx * 9
    points = f"{tip[0]},{tip[1]} {base[0] + px},{base[1] + py} {base[0] - px},{base[1] - py}"
    return (f'<polygon points="{points}" fill="{fill}" stroke="#222" stroke-width="1" opacity="0.85" '
            f'{S.action_attrs(action, label)}/>')


def square_choice(sq, action, label, opacity):
    left, top = corner(sq)
    return (f'<rect x="{left + 4}" y="{top + 4}" width="{CELL - 8}" height="{CELL - 8}" fill="#ffd54a" '
            f'opacity="{opacity}" {S.action_attrs(action, label)}/>')


def draw_choices(view, ui, legal):
    phase = view["state"]["phase"]
    if phase == "flags":
        return [square_choice(sq_parse(a.split()[1]), a, "Place a flag on " + a.split()[1], 0.35) for a in legal]
    if phase == "home":
        return [square_choice(sq, a, f"Take the {FACING_NAMES[a.split()[1]]} edge as home", 0.3)
                for a in legal for sq in edge_squares(a.split()[1])]
    place = current_place(view, ui, legal)
    if place:
        verb, cls = place.split()
        return [facing_marker(sq_parse(a.split()[2]), a.split()[3], a,
                              f"{verb.capitalize()} a {CLASSES[cls]['name']} on {a.split()[2]} facing "
                              f"{FACING_NAMES[a.split()[3]]}", "#ffd54a")
                for a in legal if a.startswith(place + " ")]
    tank = selected_tank(view, ui, legal)
    if tank is None:
        return []
    actions = tank_actions(legal, tank)
    mode = current_mode(ui, actions)
    steps = [a.split() for a in actions if a.startswith(mode + " ")]
    out = []
    ends = sorted({words[2] for words in steps} - {tank})
    for end in ends:
        left, top = corner(sq_parse(end))
        out.append(f'<rect x="{left + 6}" y="{top + 6}" width="{CELL - 12}" height="{CELL - 12}" fill="#9be28a" '
                   f'opacity="0.35" {S.command_attrs("ui:to=" + end, "Show the path to " + end)}/>')
    route = view["facts"].get("paths", {}).get(f"{mode} {tank}", {}).get(ui.get("to"))
    if route:
        points = " ".join(f"{x},{y}" for x, y in (centre(sq_parse(s)) for s in [tank] + route))
        out.append(f'<polyline points="{points}" fill="none" stroke="#1b5e20" stroke-width="4" '
                   f'stroke-dasharray="2 6" stroke-linecap="round"/>')
    for words in steps:
        turn = words[2] == tank
        what = f"Turn in place to face {FACING_NAMES[words[3]]}" if turn else \
            f"{ {'move': 'Move', 'bound': 'Bounding move', 'back': 'Back up'}[mode]} to {words[2]} facing " \
            f"{FACING_NAMES[words[3]]}"
        out.append(facing_marker(sq_parse(words[2]), words[3], " ".join(words), what,
                                 "#4caf50" if mode == "move" else "#ff9800"))
    for action in actions:
        if action.startswith("fire "):
            out.append(fire_marker(view, action))
    return out


def current_mode(ui, actions):
    mode = ui.get("mode") if ui.get("mode") in ("bound", "back") else "move"
    return mode if any(a.startswith(mode + " ") for a in actions) else "move"


def target_name(view, square):
    tank = view["state"]["tanks"].get(square)
    if tank:
        return f"{seat_name(tank['seat'])} {CLASSES[tank['class']]['name']}"
    terrain = view["state"]["obstacles"][square]
    return data.terrain_name(terrain).lower()


def fire_marker(view, action):
    shot = view["facts"]["shots"][action]
    target = action.split()[2]
    cx, cy = centre(sq_parse(target))
    label = f"Fire at the {target_name(view, target)} on {target}: range {shot['range']}, " \
            f"{shot['destroyed']:.0%} to destroy"
    return (f'<g {S.action_attrs(action, label)}><circle cx="{cx}" cy="{cy}" r="24" fill="#ff3b30" '
            f'fill-opacity="0.15" stroke="#ff3b30" stroke-width="3"/>'
            f'<rect x="{cx - 25}" y="{cy + 12}" width="50" height="14" rx="3" fill="#fff" opacity="0.9"/>'
            + S.text(cx, cy + 23, f"r{shot['range']} {shot['destroyed']:.0%}", size=10, weight="bold", fill="#b00")
            + "</g>")


def current_place(view, ui, legal):
    """'deploy M' / 'rebuild L' / 'reserve H' when placing a tank, else None."""
    phase = view["state"]["phase"]
    if phase == "deploy":
        options = sorted({" ".join(a.split()[:2]) for a in legal})
    elif phase == "play":
        options = sorted({" ".join(a.split()[:2]) for a in legal if a.split()[0] in ("rebuild", "reserve")})
        if ui.get("place") not in options:
            return None
    else:
        return None
    wanted = ui.get("place")
    return wanted if wanted in options else (options[0] if options else None)


# -- the controls of the decision (the page's tray, and the panel's buttons) -----------------------
def control(label, detail="", group="", action=None, command=None, pressed=False):
    return {"action": action, "command": command, "label": label, "detail": detail, "group": group,
            "pressed": pressed}


def tray(view, ui=None):
    """The controls of the current decision (buttons that are not board squares)."""
    ui = ui or {}
    legal = view.get("legal_actions") or []
    st = view["state"]
    items = []
    for action in legal:
        words = action.split()
        if action == "roll":
            items.append(control("Roll for an obstacle", "two dice name the square", "Battlefield", action))
        elif words[0] == "roll":
            items.append(control(f"Roll: {data.TERRAINS[words[1]]['name']}", TERRAIN_EFFECT[words[1]],
                                 "Battlefield: choose the terrain, then roll", action))
        elif words[0] == "pick":
            left = CLASSES[words[1]]["count"] - st["chosen"][view["seat"]].count(words[1])
            items.append(control(f"Pick {CLASSES[words[1]]['short']}", f"{ratings(words[1])} ({left} left)",
                                 f"Secret pick {len(st['chosen'][view['seat']]) + 1} of {data.TANKS_PICKED}", action))
        elif words[0] == "axis":
            edges = "north and south" if words[1] == "ns" else "east and west"
            items.append(control(f"{'North-south' if words[1] == 'ns' else 'East-west'} axis",
                                 f"home edges {edges}; the other player picks one and moves first", "Axis", action))
        elif words[0] == "home":
            items.append(control(f"Home: {FACING_NAMES[words[1]]} edge", "you deploy first and move first",
                                 "Home edge", action))
        elif action == "flip":
            finished = sum(1 for t in st["tanks"].values() if t["seat"] == view["seat"] and not t["ready"])
            items.append(control("Flip finished tanks", f"{finished} back to ready; this is your turn", "Turn",
                                 action))
        elif action == "hold":
            items.append(control("Hold fire", "end the bounding move without firing", "Bounding fire", action))
    places = sorted({" ".join(a.split()[:2]) for a in legal if a.split()[0] in ("deploy", "rebuild", "reserve")},
                    key=lambda p: (p.split()[0], data.CLASS_ORDER.index(p.split()[1])))
    chosen = current_place(view, ui, legal)
    for place in places:
        verb, cls = place.split()
        cost = {"deploy": "", "rebuild": f"; uses a rebuild ({st['rebuilds'][view['seat']]} left)",
                "reserve": "; a sixth tank for two rebuilds"}[verb]
        items.append(control(f"{verb.capitalize()} {CLASSES[cls]['short']}", ratings(cls) + cost,
                             f"{verb.capitalize()}: choose a tank, then a square and facing", None,
                             f"ui:place={place}", place == chosen))
    if chosen and st["phase"] == "play":
        items.append(control("Cancel placing", "back to your tanks", "Rebuild", command="ui:place="))
    tank = selected_tank(view, ui, legal)
    if tank is not None and st["phase"] == "play":
        actions = tank_actions(legal, tank)
        kinds = {a.split()[0] for a in actions}
        mode = current_mode(ui, actions)
        if len(kinds & {"move", "bound", "back"}) > 1:
            for kind, label, detail in (("move", "Move", "forward, turning as it enters squares"),
                                        ("bound", "Bounding fire", "one square less, then fire with two range dice"),
                                        ("back", "Reverse", "exactly one square back")):
                if kind in kinds:
                    items.append(control(label, detail, f"Tank on {tank}", command=f"ui:mode={kind}",
                                         pressed=mode == kind))
        for action in actions:
            if action.startswith("ram "):
                _, _, frm, target = action.split()
                odds = view["facts"]["rams"][action]
                items.append(control(f"Ram {target} from {frm}", f"destroys the {target_name(view, target)} "
                                     f"{odds['target']:.0%}, loses the rammer {odds['rammer']:.0%}",
                                     f"Tank on {tank}", action))
    return items


# -- side panel ------------------------------------------------------------------------------------
def button(x, y, w, item, detail=False):
    """A panel button; with `detail` a second line under the label (the ratings of a pick)."""
    attrs = (S.action_attrs(item["action"], f"{item['label']}: {item['detail']}") if item["action"] else
             S.command_attrs(item["command"], f"{item['label']}: {item['detail']}", item["pressed"]))
    fill = "#ffe9a8" if item["pressed"] else "#fff"
    label, height, second = item["label"], 24, ""
    if detail:  # "Pick LT - Light Tank" over "speed 3, fire 1, armor 3 (3 left)"
        name, ratings_line = item["detail"].split(": ", 1)
        label, height = f"{label} - {name}", 36
        second = S.text(x + w / 2, y + 30, ratings_line, size=fit(ratings_line, w - 10, 11), fill="#333")
    return (f'<g {attrs}><rect x="{x}" y="{y}" width="{w}" height="{height}" rx="5" fill="{fill}" stroke="#555"/>'
            + S.text(x + w / 2, y + 16, label, size=fit(label, w - 8, 12)) + second + "</g>")


def draw_panel(view, ui, legal):
    st, seat = view["state"], view["seat"]
    x = PANEL_X
    out = [f'<rect x="{x - 8}" y="{BOARD_Y}" width="{PANEL_W - 8}" height="{HEIGHT - BOARD_Y - 6}" rx="8" '
           f'fill="#fffaf0" stroke="#c9b98f"/>']
    y = BOARD_Y + 20
    for line in wrap(status_text(view), INNER_W, 14):
        out.append(S.text(x, y, line, size=14, anchor="start", weight="bold"))
        y += 18
    y += 8
    for s in (0, 1):
        title = seat_name(s) + (" (you)" if s == seat else "") + (" - plays first" if st["first"] == s else "")
        out.append(S.text(x, y, title, size=13, anchor="start", weight="bold", fill=colour(s)))
        hand = st["hand"][s]
        hidden = isinstance(hand, dict) or (s == seat and ui.get("curtain"))
        tiles = ["?"] * count(hand) if hidden else [CLASSES[c]["short"] for c in hand]
        if tiles:  # the picks not yet on the board, in a row of their own
            out.append(S.text(x, y + 19, "Picks:", size=11, anchor="start"))
            for i, label in enumerate(tiles):
                out.append(f'<rect x="{x + 58 + i * 28}" y="{y + 6}" width="25" height="18" rx="3" '
                           f'fill="{"#777" if hidden else colour(s)}" stroke="#222"/>'
                           + S.text(x + 70.5 + i * 28, y + 19, label, size=10, fill="#fff", weight="bold"))
            y += 24
        y += 8
        out.append(S.text(x, y + 12, "Rebuilds:", size=11, anchor="start"))
        for v in range(data.REBUILD_TRACK_MAX["value"] + 1):
            on = st["rebuilds"][s] == v
            out.append(f'<rect x="{x + 58 + v * 24}" y="{y}" width="20" height="17" '
                       f'fill="{colour(s) if on else "#fff"}" stroke="#555"/>'
                       + S.text(x + 68 + v * 24, y + 13, v, size=10, fill="#fff" if on else "#333"))
        lost = ", ".join(CLASSES[c]["short"] for c in sorted(st["destroyed"][s])) or "none"
        out.append(S.text(x + 190, y + 12, f"Lost: {lost}", size=11, anchor="start"))
        y += 36
    out += draw_roll(st, x, y)
    y += 66
    if legal:
        out += draw_buttons(view, ui, x, y)
    return out


def draw_roll(st, x, y):
    roll = st["last_roll"]
    if not roll:
        return []
    who = seat_name(roll["seat"])
    out = []
    if roll["kind"] == "obstacle":
        out.append(S.text(x, y + 8, f"{who} rolled an obstacle onto {roll['square']}", size=11, anchor="start"))
        out += [die(x + 14 + i * 30, y + 32, 24, v) for i, v in enumerate(roll["dice"])]
    elif roll["kind"] == "axis":
        blue, red = roll["dice"][-1]
        out.append(S.text(x, y + 8, f"Axis roll: Blue {blue}, Red {red}: {who} chooses", size=11, anchor="start"))
        out += [die(x + 14 + i * 30, y + 32, 24, v, fill=("#dbe7fb", "#f8dcd9")[i]) for i, v in enumerate([blue, red])]
    elif roll["kind"] == "fire":
        line = f"{who} fired {roll['from']} to {roll['at']}: {roll['result']}"
        out.append(S.text(x, y + 8, line, size=fit(line, INNER_W, 11), anchor="start"))
        out.append(S.text(x, y + 26, f"range {roll['range']}", size=10, anchor="start"))
        out += [die(x + 62 + i * 28, y + 22, 20, v) for i, v in enumerate(roll["range_dice"])]
        if roll["damage_dice"]:
            out.append(S.text(x, y + 50, f"armor {roll['armor']}", size=10, anchor="start"))
            out += [die(x + 62 + i * 28, y + 46, 20, v, fill="#ffe9e6") for i, v in enumerate(roll["damage_dice"])]
    else:
        lost = [name for name, flag in (("target", roll["target_destroyed"]), ("rammer", roll["rammer_destroyed"]))
                if flag]
        out.append(S.text(x, y + 8, f"{who} rammed {roll['at']}: {', '.join(lost) or 'none'} destroyed", size=11,
                          anchor="start"))
        out += [die(x + 14 + i * 30, y + 32, 24, v) for i, v in enumerate(roll["dice"])]
    return out


def draw_buttons(view, ui, x, y):
    """The tray's controls as SVG buttons, two to a row (a long label takes a whole row). Picks and
    deployments show the tank's ratings on a second line, one to a row."""
    if view["state"]["phase"] in ("pick", "deploy"):
        return [button(x, y + i * 40, INNER_W, item, detail=True) for i, item in enumerate(tray(view, ui))]
    out = []
    column = 0
    for item in tray(view, ui):
        half = (INNER_W - 8) / 2
        wide = fit(item["label"], half - 8, 12) < 11  # a label that would shrink takes the whole row
        if wide and column:
            column, y = 0, y + 29
        out.append(button(x + column * (half + 8), y, INNER_W if wide else half, item))
        if wide or column:
            column, y = 0, y + 29
        else:
            column = 1
    return out
