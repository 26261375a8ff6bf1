"""Bitskrieg board as SVG: 8 x 8 board on the left, a side panel with picks, rebuild tracks, dice
and buttons on the right. Pure functions; clicks follow the UI contract in docs/architecture.md.

UI keys read: "tank" (square of the selected own tank), "mode" (move | bound | back), "to" (a
destination square whose path is drawn),
"place" (e.g. "deploy M", "rebuild L", "reserve H": the class and verb to place),
"curtain", "interactive".
"""

from .. import svg as S
from . import data
from .rules import CLASSES, SIZE, STEP, dice_of, edge_squares, is_dice_square, sq_name, sq_parse, xy

CELL = 60
BOARD_X, BOARD_Y = 20, 46
PANEL_X = BOARD_X + SIZE * CELL + 24
WIDTH, HEIGHT = PANEL_X + 250, BOARD_Y + SIZE * CELL + 120
PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}
TERRAIN_FILL = {"obstacle": "#6b6259", "building": "#8a8f98", "woods": "#3f7d3a", "water": "#3d7fc4"}


def seat_name(seat):
    return data.SEAT_NAMES[seat]["name"]


def colour(seat):
    return data.SEAT_NAMES[seat]["colour"]


def corner(sq):
    """Top-left pixel of a square (north is up)."""
    x, y = xy(sq)
    return BOARD_X + x * CELL, BOARD_Y + (SIZE - 1 - y) * CELL


def centre(sq):
    left, top = corner(sq)
    return left + CELL / 2, top + CELL / 2


def die(cx, cy, size, value, fill="#fff", pip="#222"):
    half = size / 2
    parts = [f'<rect x="{cx - half}" y="{cy - half}" width="{size}" height="{size}" rx="{size / 6}" '
             f'fill="{fill}" stroke="#333" stroke-width="0.8"/>']
    step = size * 0.28
    for px, py in PIPS[value]:
        parts.append(f'<circle cx="{cx + px * step:.1f}" cy="{cy + py * step:.1f}" r="{size / 11:.1f}" fill="{pip}"/>')
    return "".join(parts)


def status_text(state, seat):
    if state.is_over:
        how = "captured both flags" if state.won_by == "flags" else "destroyed every enemy tank"
        return f"{seat_name(state.winner)} wins: {how}."
    who = seat_name(state.turn)
    mine = seat == state.turn
    prompts = {
        "obstacles": "roll the dice to place an obstacle" + (" (choose its terrain first)" if state.options["terrain"] else ""),
        "pick": f"secretly pick a tank ({len(state.chosen[state.turn])} of {data.TANKS_PICKED} chosen)",
        "axis": "choose the axis: the pair of opposite edges that will be the home edges",
        "home": "choose your home edge; you will play first",
        "deploy": "deploy a tank on your home edge, facing any way",
        "flags": "place a flag on a free dice square (not in the row or column of your other flag)",
        "bound": "fire with the tank that made a bounding move, or hold fire",
        "play": "move, fire, flip your finished tanks or rebuild",
    }
    prompt = prompts[state.phase]
    return f"Your turn: {prompt}." if mine else f"{who} to play: {prompt}."


def render(state, seat, ui=None):
    ui = ui or {}
    interactive = ui.get("interactive", True) and seat is not None and seat == state.to_play
    legal = state.legal_actions() if interactive else []
    out = [S.svg_open(WIDTH, HEIGHT, "Bitskrieg board"),
           f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#f4efe4"/>',
           S.text(BOARD_X, 28, status_text(state, seat), size=15, anchor="start", weight="bold")]
    out += draw_board(state)
    out += draw_last_roll_line(state)
    out += draw_tanks(state, seat, ui, legal)
    if legal:
        out += draw_choices(state, ui, legal)
    out += draw_panel(state, seat, ui, legal)
    out.append("</svg>")
    return "".join(out)


# -- the board -------------------------------------------------------------------------------
def draw_board(state):
    out = []
    home_of = {edge: seat for seat, edge in enumerate(state.home) if edge}
    for sq in range(SIZE * SIZE):
        left, top = corner(sq)
        x, y = xy(sq)
        fill = "#e9dfc7" if (x + y) % 2 else "#dccfae"
        out.append(f'<rect x="{left}" y="{top}" width="{CELL}" height="{CELL}" fill="{fill}" stroke="#b9a983" stroke-width="0.6"/>')
        if is_dice_square(sq):
            first, second = dice_of(sq)
            out.append(die(left + 9, top + 9, 11, first) + die(left + 22, top + 9, 11, second))
    for edge, seat in home_of.items():
        for sq in edge_squares(edge):
            left, top = corner(sq)
            out.append(f'<rect x="{left + 2}" y="{top + 2}" width="{CELL - 4}" height="{CELL - 4}" fill="none" '
                       f'stroke="{colour(seat)}" stroke-width="2" stroke-dasharray="5 3" opacity="0.7"/>')
    for sq, terrain in state.obstacles.items():
        out.append(draw_obstacle(sq, terrain))
    for seat in (0, 1):
        for sq in state.flags[seat]:
            out.append(draw_flag(sq, seat))
    for i in range(SIZE):
        out.append(S.text(BOARD_X + i * CELL + CELL / 2, BOARD_Y + SIZE * CELL + 14, "abcdefgh"[i], size=11, fill="#555"))
        out.append(S.text(BOARD_X - 9, BOARD_Y + (SIZE - 1 - i) * CELL + CELL / 2 + 4, str(i + 1), size=11, fill="#555"))
    return out


def draw_obstacle(sq, terrain):
    left, top = corner(sq)
    cx, cy = centre(sq)
    fill = TERRAIN_FILL[terrain]
    name = "Obstacle" if terrain == "obstacle" else data.TERRAINS[terrain]["name"]
    shape = {
        "obstacle": f'<polygon points="{left + 8},{top + 52} {left + 18},{top + 14} {left + 36},{top + 8} '
                    f'{left + 52},{top + 30} {left + 48},{top + 52}" fill="{fill}"/>',
        "building": f'<rect x="{left + 12}" y="{top + 22}" width="36" height="30" fill="{fill}"/>'
                    f'<polygon points="{left + 8},{top + 24} {cx},{top + 8} {left + 52},{top + 24}" fill="#7a3b2e"/>',
        "woods": "".join(f'<circle cx="{left + px}" cy="{top + py}" r="11" fill="{fill}"/>'
                         for px, py in ((18, 22), (40, 20), (28, 40), (46, 42), (14, 44))),
        "water": f'<rect x="{left + 5}" y="{top + 12}" width="50" height="40" rx="14" fill="{fill}"/>'
                 f'<path d="M{left + 12} {cy} q6 -5 12 0 t12 0 t12 0" stroke="#cfe6ff" fill="none"/>',
    }[terrain]
    return f'<g class="obstacle"><title>{S.esc(name)} on {sq_name(sq)}</title>{shape}</g>'


def draw_flag(sq, seat):
    left, top = corner(sq)
    x, y = left + CELL - 16, top + CELL - 8
    return (f'<g class="flag"><title>{seat_name(seat)} flag on {sq_name(sq)}</title>'
            f'<line x1="{x}" y1="{y}" x2="{x}" y2="{y - 26}" stroke="#333" stroke-width="1.5"/>'
            f'<polygon points="{x},{y - 26} {x + 13},{y - 21} {x},{y - 16}" fill="{colour(seat)}" stroke="#222" stroke-width="0.6"/></g>')


def draw_last_roll_line(state):
    roll = state.last_roll
    if not roll or roll["kind"] not in ("fire", "ram"):
        return []
    (x1, y1), (x2, y2) = centre(sq_parse(roll["from"])), centre(sq_parse(roll["at"]))
    return [f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#d08a00" stroke-width="3" '
            f'stroke-dasharray="6 4" opacity="0.8"/>']


def draw_tank(sq, tank, label_extra=""):
    seat, cls, facing, ready = tank
    left, top = corner(sq)
    cx, cy = centre(sq)
    dx, dy = STEP[facing]
    body = colour(seat) if ready else "#bdbdbd"
    stroke = "#222" if ready else colour(seat)
    state_word = "ready" if ready else "finished"
    gun_end = (cx + dx * 27, cy - dy * 27)
    turret = "" if cls == "D" else f'<circle cx="{cx}" cy="{cy}" r="9" fill="{body}" stroke="{stroke}" stroke-width="1.5"/>'
    gun_width = 6 if cls == "D" else 4
    return (f'<g class="tank"><title>{seat_name(seat)} {CLASSES[cls]["name"]} on {sq_name(sq)}, facing '
            f'{facing.upper()}, {state_word}{label_extra}</title>'
            f'<rect x="{left + 10}" y="{top + 10}" width="40" height="40" rx="6" fill="{body}" stroke="{stroke}" stroke-width="2.5"/>'
            f'<line x1="{cx}" y1="{cy}" x2="{gun_end[0]}" y2="{gun_end[1]}" stroke="#111" stroke-width="{gun_width}" stroke-linecap="round"/>'
            f'{turret}'
            + S.text(cx, cy + 4, CLASSES[cls]["short"], size=11, weight="bold", fill="#fff" if ready else "#333")
            + ("" if ready else S.text(cx, top + 58, "finished", size=8, fill="#333"))
            + "</g>")


def draw_tanks(state, seat, ui, legal):
    selected = selected_tank(state, ui, legal)
    out = []
    for sq, tank in sorted(state.tanks.items()):
        out.append(draw_tank(sq, tank))
        if sq == selected:
            left, top = corner(sq)
            out.append(f'<rect x="{left + 3}" y="{top + 3}" width="{CELL - 6}" height="{CELL - 6}" fill="none" '
                       f'stroke="#f5b400" stroke-width="4"/>')
        elif legal and tank[0] == seat and any(a.split()[1:2] == [sq_name(sq)] for a in legal):
            left, top = corner(sq)
            out.append(f'<rect x="{left}" y="{top}" width="{CELL}" height="{CELL}" fill="transparent" '
                       f'{S.command_attrs("ui:tank=" + sq_name(sq), "Select the tank on " + sq_name(sq))}/>')
    return out


# -- choices on the board --------------------------------------------------------------------------
def tank_actions(legal, square):
    return [a for a in legal if a.split()[0] in ("move", "bound", "back", "fire", "ram") and a.split()[1] == square]


def selected_tank(state, ui, legal):
    """The own tank whose steps are shown: the ui choice if it can act, else the first that can."""
    if state.phase == "bound":
        return state.bounding
    if state.phase != "play" or not legal:
        return None
    wanted = ui.get("tank")
    if isinstance(wanted, str) and tank_actions(legal, wanted):
        return sq_parse(wanted)
    for action in legal:
        words = action.split()
        if words[0] in ("move", "fire", "bound", "back", "ram"):
            return sq_parse(words[1])
    return None


def facing_marker(sq, facing, action, label, fill):
    """A small triangle inside `sq` pointing `facing`: click it to end there facing that way."""
    cx, cy = centre(sq)
    dx, dy = STEP[facing]
    tip = (cx + dx * 26, cy - dy * 26)
    base = (cx + dx * 12, cy - dy * 12)
    px, py = -dy * 9, -dx * 9
    points = f"{tip[0]},{tip[1]} {base[0] + px},{base[1] + py} {base[0] - px},{base[1] - py}"
    return (f'<polygon points="{points}" fill="{fill}" stroke="#222" stroke-width="1" opacity="0.85" '
            f'{S.action_attrs(action, label)}/>')


def draw_choices(state, ui, legal):
    phase = state.phase
    out = []
    if phase == "flags":
        for action in legal:
            sq = sq_parse(action.split()[1])
            left, top = corner(sq)
            out.append(f'<rect x="{left + 4}" y="{top + 4}" width="{CELL - 8}" height="{CELL - 8}" fill="#ffd54a" '
                       f'opacity="0.35" {S.action_attrs(action, "Place a flag on " + sq_name(sq))}/>')
        return out
    if phase == "home":
        for action in legal:
            edge = action.split()[1]
            for sq in edge_squares(edge):
                left, top = corner(sq)
                out.append(f'<rect x="{left + 4}" y="{top + 4}" width="{CELL - 8}" height="{CELL - 8}" fill="#ffd54a" '
                           f'opacity="0.3" {S.action_attrs(action, f"Take the {edge.upper()} edge as home")}/>')
        return out
    place = current_place(state, ui, legal)
    if place:
        for action in legal:
            if action.startswith(place + " "):
                _, _, square, facing = action.split()
                out.append(facing_marker(sq_parse(square), facing, action,
                                         f"{place.split()[0].capitalize()} {CLASSES[place.split()[1]]['name']} on "
                                         f"{square} facing {facing.upper()}", "#ffd54a"))
        return out
    tank = selected_tank(state, ui, legal)
    if tank is None:
        return out
    name = sq_name(tank)
    actions = tank_actions(legal, name)
    mode = ui.get("mode") if ui.get("mode") in ("bound", "back") else "move"
    if not any(a.startswith(mode + " ") for a in actions):
        mode = "move"
    steps = [a.split() for a in actions if a.startswith(mode + " ")]
    ends = sorted({sq_parse(words[2]) for words in steps} - {tank})
    for end in ends:
        left, top = corner(end)
        out.append(f'<rect x="{left + 6}" y="{top + 6}" width="{CELL - 12}" height="{CELL - 12}" fill="#9be28a" '
                   f'opacity="0.35" {S.command_attrs("ui:to=" + sq_name(end), "Show the path to " + sq_name(end))}/>')
    if ui.get("to") in [sq_name(e) for e in ends] and mode != "back":
        out.append(draw_path(state, tank, sq_parse(ui["to"]), mode))
    for words in steps:
        action = " ".join(words)
        out.append(facing_marker(sq_parse(words[2]), words[3], action,
                                 f"{mode.capitalize()} to {words[2]} facing {words[3].upper()}",
                                 "#4caf50" if mode == "move" else "#ff9800"))
    for action in actions:
        if action.startswith("fire "):
            out.append(fire_marker(state, tank, sq_parse(action.split()[2]), action))
    return out


def draw_path(state, tank, end, mode):
    """The cheapest route of the selected tank to `end`, as a dotted line through square centres."""
    speed = CLASSES[state.tanks[tank][1]]["speed"] - (mode == "bound")
    routes = [path for (sq, _), path in state.move_targets(tank, speed).items() if sq == end]
    path = min(routes, key=len)
    points = " ".join(f"{x},{y}" for x, y in (centre(sq) for sq in (tank,) + tuple(path)))
    return f'<polyline points="{points}" fill="none" stroke="#1b5e20" stroke-width="4" stroke-dasharray="2 6" stroke-linecap="round"/>'


def kill_chance(state, shooter, target, distance):
    return sum(p for p, _, result in state.fire_outcomes(shooter, target, distance) if result == "destroyed")


def fire_marker(state, shooter, target, action):
    distance = state.range_count(shooter, target)
    chance = kill_chance(state, shooter, target, distance)
    cx, cy = centre(target)
    what = CLASSES[state.tanks[target][1]]["name"] if target in state.tanks else "obstacle"
    label = f"Fire at the {what} on {sq_name(target)}: range {distance}, {chance:.0%} to destroy"
    return (f'<g {S.action_attrs(action, label)}><circle cx="{cx}" cy="{cy}" r="26" fill="#ff3b30" fill-opacity="0.15" '
            f'stroke="#ff3b30" stroke-width="3"/>'
            f'<rect x="{cx - 27}" y="{cy + 15}" width="54" height="14" rx="3" fill="#fff" opacity="0.9"/>'
            + S.text(cx, cy + 26, f"r{distance} {chance:.0%}", size=10, weight="bold", fill="#b00")
            + "</g>")


def current_place(state, ui, legal):
    """'deploy M' / 'rebuild L' / 'reserve H' when placing a tank, else None."""
    if state.phase == "deploy":
        options = sorted({" ".join(a.split()[:2]) for a in legal})
    elif state.phase == "play":
        options = sorted({" ".join(a.split()[:2]) for a in legal if a.split()[0] in ("rebuild", "reserve")})
        if ui.get("place") not in options:
            return None
    else:
        return None
    wanted = ui.get("place")
    return wanted if wanted in options else (options[0] if options else None)


# -- side panel ------------------------------------------------------------------------------------
def button(x, y, w, label, attrs, fill="#fff"):
    return (f'<g {attrs}><rect x="{x}" y="{y}" width="{w}" height="24" rx="5" fill="{fill}" stroke="#555"/>'
            + S.text(x + w / 2, y + 16, label, size=12) + "</g>")


def draw_panel(state, seat, ui, legal):
    x = PANEL_X
    out = [f'<rect x="{x - 8}" y="{BOARD_Y}" width="244" height="{HEIGHT - BOARD_Y - 10}" rx="8" fill="#fffaf0" stroke="#c9b98f"/>']
    y = BOARD_Y + 20
    hide_own = bool(ui.get("curtain"))
    for s in (0, 1):
        title = seat_name(s) + (" (you)" if s == seat else "") + (" - plays first" if state.first == s else "")
        out.append(S.text(x, y, title, size=13, anchor="start", weight="bold", fill=colour(s)))
        y += 8
        visible = (s == seat and not hide_own) or not state.hand[s]
        for i, cls in enumerate(state.hand[s]):
            label = CLASSES[cls]["short"] if visible else "?"
            out.append(f'<rect x="{x + i * 34}" y="{y}" width="30" height="22" rx="4" '
                       f'fill="{colour(s) if visible else "#777"}" stroke="#222"/>'
                       + S.text(x + i * 34 + 15, y + 15, label, size=11, fill="#fff", weight="bold"))
        if state.hand[s]:
            y += 26
        out.append(S.text(x, y + 12, "Rebuilds:", size=11, anchor="start"))
        for v in range(data.REBUILD_TRACK_MAX["value"] + 1):
            on = state.rebuilds[s] == v
            out.append(f'<rect x="{x + 58 + v * 24}" y="{y}" width="20" height="18" fill="{colour(s) if on else "#fff"}" stroke="#555"/>'
                       + S.text(x + 68 + v * 24, y + 13, v, size=10, fill="#fff" if on else "#333"))
        y += 24
        lost = ", ".join(CLASSES[c]["short"] for c in sorted(state.destroyed[s])) or "none"
        out.append(S.text(x, y + 10, f"Destroyed: {lost}", size=11, anchor="start"))
        y += 24
    out += draw_roll(state, x, y)
    y += 78
    if legal:
        out += draw_buttons(state, ui, legal, x, y)
    return out


def draw_roll(state, x, y):
    roll = state.last_roll
    if not roll:
        return []
    who = seat_name(roll["seat"])
    out = []
    if roll["kind"] == "obstacle":
        out.append(S.text(x, y + 10, f"{who} rolled an obstacle onto {roll['square']}", size=11, anchor="start"))
        out += [die(x + 14 + i * 30, y + 34, 24, v) for i, v in enumerate(roll["dice"])]
    elif roll["kind"] == "fire":
        out.append(S.text(x, y + 10, f"{who} fired {roll['from']} to {roll['at']}: {roll['result']}", size=11, anchor="start"))
        out.append(S.text(x, y + 28, f"range {roll['range']}", size=10, anchor="start"))
        out += [die(x + 62 + i * 28, y + 24, 22, v) for i, v in enumerate(roll["range_dice"])]
        if roll["damage_dice"]:
            out.append(S.text(x, y + 56, f"armor {roll['armor']}", size=10, anchor="start"))
            out += [die(x + 62 + i * 28, y + 52, 22, v, fill="#ffe9e6") for i, v in enumerate(roll["damage_dice"])]
    else:
        lost = [name for name, flag in (("target", roll["target_destroyed"]), ("rammer", roll["rammer_destroyed"])) if flag]
        out.append(S.text(x, y + 10, f"{who} rammed {roll['at']}: {', '.join(lost) or 'no'} destroyed", size=11, anchor="start"))
        out += [die(x + 14 + i * 30, y + 34, 24, v) for i, v in enumerate(roll["dice"])]
    return out


def draw_buttons(state, ui, legal, x, y):
    out = []
    row = 0

    def add(label, attrs, width=110):
        nonlocal row
        col = row % 2
        out.append(button(x + col * 118, y + (row // 2) * 30, width, label, attrs))
        row += 1

    tank = selected_tank(state, ui, legal)
    plain = {"roll": "Roll for obstacle", "flip": "Flip finished tanks", "hold": "Hold fire",
             "axis ns": "Axis N-S", "axis ew": "Axis E-W"}
    for action in legal:
        words = action.split()
        if action in plain:
            add(plain[action], S.action_attrs(action, plain[action]))
        elif words[0] == "roll":
            add(f"Roll: {words[1]}", S.action_attrs(action, f"Place a {words[1]} obstacle by a dice roll"))
        elif words[0] == "pick":
            cls = CLASSES[words[1]]
            add(f"Pick {cls['short']}", S.action_attrs(action, f"Pick a {cls['name']} (speed {cls['speed']}, "
                                                                 f"fire {cls['fire']}, armor {cls['armor']})"))
        elif words[0] == "home":
            add(f"Home edge {words[1].upper()}", S.action_attrs(action, f"Take the {words[1].upper()} edge as home"))
        elif words[0] == "ram" and tank is not None and words[1] == sq_name(tank):
            row += row % 2
            add(f"Ram {words[3]} from {words[2]}", S.action_attrs(action, f"Ram the tank on {words[3]} from {words[2]}"), 228)
            row += 1
    places = sorted({" ".join(a.split()[:2]) for a in legal if a.split()[0] in ("deploy", "rebuild", "reserve")})
    chosen = current_place(state, ui, legal)
    for place in places:
        verb, cls = place.split()
        add(f"{verb.capitalize()} {CLASSES[cls]['short']}",
            S.command_attrs(f"ui:place={place}", f"{verb.capitalize()} a {CLASSES[cls]['name']}", place == chosen))
    if chosen and state.phase == "play":
        add("Cancel placing", S.command_attrs("ui:place=", "Stop placing a tank"))
    if tank is not None and state.phase == "play":
        kinds = {a.split()[0] for a in tank_actions(legal, sq_name(tank))}
        for mode, label in (("move", "Move"), ("bound", "Bounding fire"), ("back", "Reverse")):
            if mode in kinds and len(kinds & {"move", "bound", "back"}) > 1:
                add(label, S.command_attrs(f"ui:mode={mode}", f"Show {label.lower()} moves", ui.get("mode", "move") == mode))
    return out
