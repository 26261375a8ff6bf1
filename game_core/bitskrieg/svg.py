"""Bitskrieg board as SVG, drawn from a seat's view only. On a laptop the 8 x 8 board sits left of a
side panel (each player's picks, rebuilds and losses, the last dice, a key to the counters); on a
phone (ui["narrow"]) the board spans the width and the panel is stacked below it. Every rule fact it
shows (range, chance to destroy, routes, the last move, cues) comes from view["facts"]; what the seat
may not see was removed by the rules' redact ({"hidden": n}). The decision's buttons are the page's
tray (tray() below); the drawing keeps only the board-spatial choices. Clicks follow the UI contract
in docs/architecture.md.

UI keys read: "tank" (square of the selected own tank), "mode" (move | bound | back), "to" (a chosen
destination, "<tank square> <square>" or "<place> <square>": its path is drawn, and on a phone its
facings are offered), "place" (e.g. "deploy M", "rebuild L", "reserve H": the class and verb to
place), "curtain" (hide the own picks: hotseat hand-over), "interactive", "narrow".
"""

from .. import svg as S
from . import data
from .actions import MOVES, TANK_STEPS, Action
from .words import roll_rows, seat_name
from .data import FACING_NAMES, SIZE, STEP, dice_of, edge_squares, is_dice_square, sq_name, sq_parse, xy

CLASSES = data.TANK_CLASSES
ROTATION = {"n": 0, "e": 90, "s": 180, "w": 270}
PALE = {"blue": "#d9e4f7", "red": "#f6dcd9"}  # the finished side of a counter
INK, PAPER, PANEL, LINE = "#1f2421", "#f4efe4", "#fffaf0", "#c9b98f"
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


class Layout:
    """Where things go. Laptop: board left, panel right, low enough for 1366 x 768 with the tray
    beside it. Phone: 392 units wide (the page scales it to ~375 px), the board across the width
    with squares of 47 (~45 px, a finger), the panel below; no text under 12 units (~11.5 px)."""

    def __init__(self, narrow):
        self.narrow = narrow
        self.cell = 47 if narrow else 60
        self.x, self.y = (14, 4) if narrow else (26, 8)
        self.bottom = self.y + SIZE * self.cell
        self.die = 13 if narrow else 15             # the printed dice labels
        self.inset = 3 if narrow else 4             # a tank counter's margin in its square
        self.dice_bottom = self.die + 4              # they fill the top of a square; obstacles go below
        self.text = 12                               # the smallest text
        self.width = 392 if narrow else self.x + SIZE * self.cell + 16 + 300
        self.panel_x = 6 if narrow else self.x + SIZE * self.cell + 16
        self.panel_y = self.bottom + 20 if narrow else self.y
        self.panel_w = self.width - 6 - self.panel_x

    def corner(self, sq):
        """Top-left of a square (north is up)."""
        x, y = xy(sq)
        return self.x + x * self.cell, self.y + (SIZE - 1 - y) * self.cell

    def centre(self, sq):
        left, top = self.corner(sq)
        return left + self.cell / 2, top + self.cell / 2


WIDE, NARROW = Layout(False), Layout(True)


def layout(ui):
    return NARROW if (ui or {}).get("narrow") else WIDE


def colour(seat):
    return data.SEAT_NAMES[seat]["colour"]


def count(items):
    """How many: a list, or a redacted {"hidden": n}."""
    return items["hidden"] if isinstance(items, dict) else len(items)


def ratings(cls):
    return f"{CLASSES[cls]['name']}: {data.ratings(cls)}"


def printed_ratings(cls):
    """The counter's numbers: speed-fire-armor."""
    c = CLASSES[cls]
    return f"{c['speed']}-{c['fire']}-{c['armor']}"


def status_text(view):
    st = view["state"]
    if st["phase"] == "over":
        return f"{seat_name(st['winner'])} wins: {how_won(st)}."
    prompt = PROMPTS[st["phase"]]
    if st["phase"] == "pick":
        prompt += f" ({count(st['chosen'][st['turn']])} of {data.TANKS_PICKED} chosen)"
    if st["phase"] == "obstacles" and view["options"]["terrain"]:
        prompt += " (choose its terrain first)"
    mine = view["seat"] == st["turn"]
    return f"Your turn: {prompt}." if mine else f"{seat_name(st['turn'])} to play: {prompt}."


def how_won(st):
    return "captured both flags" if st["won_by"] == "flags" else "destroyed every enemy tank"


def render(view, ui=None):
    ui = ui or {}
    lay = layout(ui)
    seat = view["seat"]
    interactive = ui.get("interactive", True) and seat is not None and seat == view["to_play"]
    legal = view.get("legal_actions", []) if interactive else []
    panel, height = draw_panel(view, ui, lay)
    out = draw_board(view, lay)
    out += draw_last(view, lay)
    out += draw_tanks(view, ui, legal, lay)
    out += draw_flags(view, lay)
    if legal:
        out += draw_choices(view, ui, legal, lay)
    out += draw_cues(view, lay)
    out += draw_result(view, lay)
    out += panel
    return S.board(lay.width, height, "Bitskrieg board", "".join(out), PAPER)


# -- the board -------------------------------------------------------------------------------
def printed_board(lay):
    """The squares with their dice labels and the file and rank names: the same in every render."""
    out = [S.rect(lay.x - 2, lay.y - 2, SIZE * lay.cell + 4, SIZE * lay.cell + 4, "#8a7a5a")]
    for sq in range(SIZE * SIZE):
        left, top = lay.corner(sq)
        x, y = xy(sq)
        fill = ("#e9dfc7" if (x + y) % 2 else "#dccfae") if is_dice_square(sq) else "#cdbf9c"
        out.append(S.rect(left, top, lay.cell, lay.cell, fill, "#b9a983", 0.6))
        if is_dice_square(sq):
            first, second = dice_of(sq)
            d = lay.die
            out.append(S.titled(f"Dice square {sq_name(sq)}: a roll of {first} and {second} puts an obstacle here; "
                                "flags go on dice squares",
                                S.die(left + 2, top + 2, d, first, "#fbf8f0", "#3a3226", "#8a7a5a")
                                + S.die(left + 4 + d, top + 2, d, second, "#fbf8f0", "#3a3226", "#8a7a5a")))
    for i in range(SIZE):
        out.append(S.text(lay.x + i * lay.cell + lay.cell / 2, lay.bottom + 15, "abcdefgh"[i], size=lay.text + 1,
                          fill="#444", weight="bold"))
        out.append(S.text(lay.x / 2 - 1, lay.y + (SIZE - 1 - i) * lay.cell + lay.cell / 2 + 4, i + 1,
                          size=lay.text + 1, fill="#444", weight="bold"))
    return "".join(out)


PRINTED_BOARD = {lay.narrow: printed_board(lay) for lay in (WIDE, NARROW)}


def draw_board(view, lay):
    st = view["state"]
    out = [PRINTED_BOARD[lay.narrow]]
    for seat, edge in st["home"].items():
        for sq in edge_squares(edge) if edge else ():
            left, top = lay.corner(sq)
            out.append(f'<rect x="{left + 2}" y="{top + 2}" width="{lay.cell - 4}" height="{lay.cell - 4}" '
                       f'fill="{colour(seat)}" fill-opacity="0.1" stroke="{colour(seat)}" stroke-width="2" '
                       f'stroke-dasharray="5 3" opacity="0.8"><title>{seat_name(seat)} home edge: '
                       f'{seat_name(seat)} deploys and rebuilds here</title></rect>')
    for square, terrain in st["obstacles"].items():
        out.append(draw_obstacle(sq_parse(square), terrain, lay))
    return out


# Obstacle counters drawn in a 40 x 32 box (scaled into the square below its dice labels).
TERRAIN_ART = {
    "obstacle": '<ellipse cx="20" cy="29" rx="19" ry="3" fill="#0003"/>'
                '<path d="M3 29 L6 17 L14 11 L22 14 L25 29 Z" fill="#7d7468" stroke="#4a433b"/>'
                '<path d="M14 11 L22 14 L18 20 L8 19 Z" fill="#a39a8c"/>'
                '<path d="M20 29 L23 9 L31 4 L37 12 L38 29 Z" fill="#6e665c" stroke="#4a433b"/>'
                '<path d="M23 9 L31 4 L37 12 L29 15 Z" fill="#958b7d"/>'
                '<circle cx="10" cy="27" r="2.5" fill="#8e8578"/>',
    "building": '<rect x="7" y="12" width="26" height="19" fill="#b8b2a7" stroke="#555"/>'
                '<polygon points="4,13 20,2 36,13" fill="#8c3b2b" stroke="#5a2418"/>'
                '<rect x="11" y="16" width="6" height="5" fill="#4b5a6b"/><rect x="23" y="16" width="6" height="5" '
                'fill="#4b5a6b"/><rect x="17" y="23" width="6" height="8" fill="#5b4030"/>',
    "woods": "".join(f'<circle cx="{px}" cy="{py}" r="{r}" fill="{fill}" stroke="#24501f"/>'
                     for px, py, r, fill in ((10, 20, 9, "#3f7d3a"), (30, 20, 9, "#3f7d3a"), (20, 11, 10, "#4b8c43"),
                                             (20, 24, 8, "#356b30"))),
    "water": '<rect x="1" y="3" width="38" height="27" rx="11" fill="#3d7fc4" stroke="#2a5f96"/>'
             '<path d="M7 13 q4 -4 8 0 t8 0 t8 0 M9 21 q4 -4 8 0 t8 0 t8 0" stroke="#cfe6ff" fill="none" '
             'stroke-width="1.5"/>',
}


def draw_obstacle(sq, terrain, lay):
    """An obstacle counter in the square below its dice labels (they name the square it was rolled on)."""
    left, top = lay.corner(sq)
    box_w, box_h = lay.cell - 8, lay.cell - lay.dice_bottom - 3
    name = data.terrain_name(terrain)
    return (f'<g class="obstacle" transform="translate({left + 4} {top + lay.dice_bottom}) '
            f'scale({box_w / 40:.3f} {box_h / 32:.3f})"><title>{S.esc(name)} on {sq_name(sq)}: '
            f'{data.terrain_effect(terrain)}</title>{TERRAIN_ART[terrain]}</g>')


def draw_flags(view, lay):
    """Each flag as a pennant in the top-right corner of its square (over a tank standing on it)."""
    out = []
    for seat, flags in view["state"]["flags"].items():
        for square in flags:
            left, top = lay.corner(sq_parse(square))
            x, y, h = left + lay.cell - 16, top + lay.cell * 0.55, lay.cell * 0.45
            out.append(f'<g class="flag"><title>{seat_name(seat)} flag on {square}</title>'
                       f'<line x1="{x:g}" y1="{y:g}" x2="{x:g}" y2="{y - h:g}" stroke="#222" stroke-width="2"/>'
                       f'<polygon points="{x:g},{y - h:g} {x + 13:g},{y - h + 5:g} {x:g},{y - h + 10:g}" '
                       f'fill="{colour(seat)}" stroke="#fff" stroke-width="1"/></g>')
    return out


def draw_last(view, lay):
    """The last action's squares (class "last", kept until the next action) and its line of fire."""
    out = []
    for square in view["facts"]["last"]:
        left, top = lay.corner(sq_parse(square))
        out.append(f'<rect class="last" x="{left + 1}" y="{top + 1}" width="{lay.cell - 2}" height="{lay.cell - 2}" '
                   f'fill="#fff176" fill-opacity="0.5" stroke="#c9a800" stroke-width="1.5" stroke-dasharray="3 2">'
                   f'<title>{square}: changed by the last move</title></rect>')
    roll = view["state"]["last_roll"]
    if roll and roll["kind"] in ("fire", "ram"):
        # a shot's range is counted square by square around what blocks it: the line follows that count
        route = view["facts"].get("fire_route") or [roll["from"], roll["at"]]  # a ram: side by side
        points = " ".join(f"{x:g},{y:g}" for x, y in (lay.centre(sq_parse(square)) for square in route))
        what = (f"Line of fire of the last shot, range {roll['range']} counted along it" if roll["kind"] == "fire"
                else "The last ram")
        out.append(f'<polyline class="last fire-line" points="{points}" fill="none" stroke="#d08a00" '
                   f'stroke-width="3" stroke-dasharray="6 4" stroke-linejoin="round" opacity="0.8">'
                   f'<title>{what}</title></polyline>')
    return out


# -- counters --------------------------------------------------------------------------------
def tank_icon(cls, fill, line):
    """A tank seen from above, pointing north, about 22 x 30 around (0, 0)."""
    tracks = S.rect(-11, -11, 6, 23, line, rx=2) + S.rect(5, -11, 6, 23, line, rx=2)
    if cls == "D":  # a casemate: a low hull, the gun fixed in its front, no turret
        return (tracks + f'<path d="M-6 -7 L6 -7 L7 11 L-7 11 Z" fill="{fill}" stroke="{line}" stroke-width="1.5"/>'
                + S.rect(-2, -17, 4, 12, line))
    turret, gun = {"L": (4, 2.2), "M": (5, 2.8), "H": (6.5, 3.6)}[cls]
    return (tracks + S.rect(-6, -10, 12, 21, fill, line, 1.5, 2) + S.rect(-gun / 2, -16, gun, 16, line)
            + f'<circle cx="0" cy="2" r="{turret}" fill="{fill}" stroke="{line}" stroke-width="1.5"/>')


def counter(size, seat, cls, facing="n", ready=True, front=True, lost=False):
    """A tank counter `size` square at (0, 0): class top left, a tank icon turned to its facing,
    speed-fire-armor at the bottom; a bright bar on its front edge; the finished side is pale, a lost
    tank grey."""
    base = "#b5b5b5" if lost else (colour(seat) if ready else PALE[seat])
    ink = "#fff" if ready and not lost else ("#555" if lost else colour(seat))
    parts = [S.rect(0.5, 0.5, size - 1, size - 1, base, "#1b1b1b" if ready else colour(seat), 1.5, f"{size / 9:.1f}")]
    if front:
        inset, far = size * 0.22, size - size * 0.22
        ends = {"n": (inset, 2, far, 2), "s": (inset, size - 2, far, size - 2),
                "e": (size - 2, inset, size - 2, far), "w": (2, inset, 2, far)}[facing]
        parts.append(f'<line x1="{ends[0]:g}" y1="{ends[1]:g}" x2="{ends[2]:g}" y2="{ends[3]:g}" '
                     f'stroke="{"#ffd54a" if ready else colour(seat)}" stroke-width="3.5" stroke-linecap="round"/>')
    # the icon sits right of the class letters and above the ratings (it may tuck under their corners)
    icon_fill, icon_line = ("#eef2f7", "#1b1b1b") if ready and not lost else (base, ink)
    parts.append(f'<g transform="translate({size * 0.62:.1f} {size * 0.44:.1f}) rotate({ROTATION[facing]}) '
                 f'scale({size / 58:.2f})">{tank_icon(cls, icon_fill, icon_line)}</g>')
    return "".join(parts) + counter_labels(size, cls, ink)


def counter_labels(size, cls, ink):
    """A counter's class (top left) and speed-fire-armor (bottom)."""
    font = 12 if size < 50 else 13
    return (S.text(4, font, CLASSES[cls]["short"], size=font, anchor="start", weight="bold", fill=ink)
            + S.text(size / 2, size - 3.5, printed_ratings(cls), size=font, weight="bold", fill=ink))


def face_down(size, seat):
    """A secret pick: the back of a counter."""
    return (S.rect(0.5, 0.5, size - 1, size - 1, "#6d6d6d", colour(seat), 2.5, f"{size / 9:.1f}")
            + S.text(size / 2, size / 2 + 7, "?", size=20, weight="bold", fill="#fff"))


def draw_tank(square, tank, moved, lay):
    """A tank counter in a <g data-piece> placed by a translate, so the page can slide it."""
    seat, cls, facing, ready = tank["seat"], tank["class"], tank["facing"], tank["ready"]
    left, top = lay.corner(sq_parse(square))
    inset = lay.inset
    label = (f"{seat_name(seat)} {CLASSES[cls]['name']} on {square}, facing {FACING_NAMES[facing]}, "
             f"{'ready' if ready else 'finished'}")
    return (f'<g class="tank{" last" if moved else ""}" data-piece="{tank["piece"]}" '
            f'transform="translate({left + inset} {top + inset})"><title>{S.esc(label)}</title>'
            f'{counter(lay.cell - 2 * inset, seat, cls, facing, ready)}</g>')


def draw_tanks(view, ui, legal, lay):
    selected = selected_tank(view, ui, legal)
    last = view["facts"]["last"]
    out = []
    for square, tank in sorted(view["state"]["tanks"].items()):
        out.append(draw_tank(square, tank, square in last, lay))
        left, top = lay.corner(sq_parse(square))
        if square == selected:
            out.append(S.rect(left + 1.5, top + 1.5, lay.cell - 3, lay.cell - 3, "none", "#e65100", 3.5))
        elif tank["seat"] == view["seat"] and tank_actions(legal, square):
            out.append(S.rect(left, top, lay.cell, lay.cell, "transparent",
                              extra=" " + S.command_attrs("ui:tank=" + square, "Select the tank on " + square)))
    return out


def draw_cues(view, lay):
    """A burst where the last action destroyed or captured something (present right after it only)."""
    out = []
    big, small = lay.cell * 0.42, lay.cell * 0.2
    for cue in view["facts"]["cues"]:
        cx, cy = lay.centre(sq_parse(cue["square"]))
        points = " ".join(f"{cx + r * dx:.1f},{cy + r * dy:.1f}" for r, (dx, dy) in zip(
            [big, small] * 8, [(0, -1), (0.38, -0.92), (0.71, -0.71), (0.92, -0.38), (1, 0), (0.92, 0.38),
                               (0.71, 0.71), (0.38, 0.92), (0, 1), (-0.38, 0.92), (-0.71, 0.71), (-0.92, 0.38),
                               (-1, 0), (-0.92, -0.38), (-0.71, -0.71), (-0.38, -0.92)]))
        out.append(S.cue(cue["text"], f'<polygon points="{points}" fill="#ff9f1a" fill-opacity="0.75" '
                                      f'stroke="#c0392b" stroke-width="1.5"/>'))
    return out


def draw_result(view, lay):
    """At the end, who won and why across the middle of the board."""
    st = view["state"]
    if st["phase"] != "over":
        return []
    w, h = lay.cell * 6.6, lay.cell * 1.7
    x, y = lay.x + (SIZE * lay.cell - w) / 2, lay.y + (SIZE * lay.cell - h) / 2
    title = f"{seat_name(st['winner'])} wins" + (" (you)" if st["winner"] == view["seat"] else "")
    return [f'<g class="result"><rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="10" fill="{PANEL}" '
            f'fill-opacity="0.94" stroke="{colour(st["winner"])}" stroke-width="4"/>'
            + S.text(x + w / 2, y + h * 0.47, title, size=round(lay.cell * 0.5), weight="bold",
                     fill=colour(st["winner"]))
            + S.text(x + w / 2, y + h * 0.8, how_won(st).capitalize(), size=lay.text + 2, fill=INK) + "</g>"]


# -- choices on the board --------------------------------------------------------------------------
def tank_actions(legal, square):
    return [a for a in legal if Action.parse(a).verb in TANK_STEPS and Action.parse(a).start == square]


def selected_tank(view, ui, legal):
    """The own tank whose steps are shown: the ui choice if it can act, else the first that can."""
    st = view["state"]
    if st["phase"] == "bound":
        return st["bounding"]
    if st["phase"] != "play" or not legal or current_place(view, ui, legal):
        return None
    wanted = ui.get("tank")
    if isinstance(wanted, str) and tank_actions(legal, wanted):
        return wanted
    for action in map(Action.parse, legal):
        if action.verb in TANK_STEPS:
            return action.start
    return None


def facing_marker(sq, facing, action, label, fill, lay):
    """A triangle inside `sq` pointing `facing`: click it to end there facing that way (laptop)."""
    cx, cy = lay.centre(sq)
    dx, dy = STEP[facing]
    reach = lay.cell * 0.45
    tip = (cx + dx * reach, cy - dy * reach)
    base = (cx + dx * lay.cell * 0.2, cy - dy * lay.cell * 0.2)
    px, py = -dy * lay.cell * 0.17, -dx * lay.cell * 0.17
    points = f"{tip[0]:g},{tip[1]:g} {base[0] + px:g},{base[1] + py:g} {base[0] - px:g},{base[1] - py:g}"
    return (f'<polygon points="{points}" fill="{fill}" stroke="#222" stroke-width="1" opacity="0.9" '
            f'{S.action_attrs(action, label)}/>')


def facing_arrow(sq, facing, action, label, fill, lay):
    """A whole-square arrow on the neighbour of `sq` that `facing` points to: click it to end on `sq`
    facing that way (phone: a finger-sized target; a tank always faces a square of the board)."""
    dx, dy = STEP[facing]
    x, y = xy(sq)
    left, top = lay.corner((y + dy) * SIZE + x + dx)
    c = lay.cell
    arrow = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}[facing]
    ax, ay = arrow
    cx, cy = left + c / 2, top + c / 2
    tip = (cx + ax * c * 0.38, cy + ay * c * 0.38)
    back = (cx - ax * c * 0.3, cy - ay * c * 0.3)
    side = (-ay * c * 0.3, ax * c * 0.3)
    points = (f"{tip[0]:g},{tip[1]:g} {back[0] + side[0]:g},{back[1] + side[1]:g} "
              f"{back[0] - side[0]:g},{back[1] - side[1]:g}")
    return (f'<g {S.action_attrs(action, label)}><rect x="{left}" y="{top}" width="{c}" height="{c}" fill="#fff" '
            f'fill-opacity="0.55" stroke="{fill}" stroke-width="2"/><polygon points="{points}" fill="{fill}" '
            f'stroke="#222" stroke-width="1"/></g>')


def square_target(sq, attrs, fill, opacity, lay):
    """A whole-square target with an inset highlight."""
    left, top = lay.corner(sq)
    c = lay.cell
    return (f'<g {attrs}>{S.rect(left, top, c, c, "transparent")}'
            f'<rect x="{left + 5}" y="{top + 5}" width="{c - 10}" height="{c - 10}" rx="4" fill="{fill}" '
            f'fill-opacity="{opacity}" stroke="{fill}" stroke-width="2"/></g>')


def facings(sq, steps, say, fill, lay, chosen):
    """The facing choices of the steps [(action, square, facing)] ending on `sq`: triangles in the
    square on a laptop; on a phone arrows on its neighbours, once `sq` is the chosen destination."""
    if lay.narrow and not chosen:
        return []
    draw = facing_arrow if lay.narrow else facing_marker
    return [draw(sq_parse(end), facing, action, say(end, facing), fill, lay)
            for action, end, facing in steps if end == sq and not turn_in_place(action, lay.narrow)]


def turn_in_place(action, narrow):
    """A tank step that ends where it began: a tray button on a laptop (triangles on the counter would
    hide its ratings); on a phone its arrows stand on the squares around it."""
    step = Action.parse(action)
    return not narrow and step.verb in MOVES and step.start == step.end


def destinations(view, ui, lay, origin, steps, fill, say):
    """The squares of steps [(action, square, facing)] from `origin` ("move d3", or a place like
    "deploy M"). On a phone a tap on a square chooses it and its facings appear as arrows around it;
    on a laptop each square has its facing triangles, and a click on the square draws its route (a
    placement's square is only marked: the tutorial takes a square, then a facing, on either screen).
    Returns (squares and route, facing choices): the facings are drawn last, on top."""
    chosen = chosen_end(ui, origin, steps)
    start = origin.split()[-1]
    paths = view["facts"].get("paths", {})
    ends = sorted({end for _, end, _ in steps})
    out = []
    for end in ends:
        if end == start and not lay.narrow:
            continue  # turning in place: the triangles on the tank itself
        selected = end == chosen
        command, label = (("ui:to=", f"Clear the choice of {end}") if selected else
                          (f"ui:to={origin} {end}", f"Choose {end}"))
        out.append(square_target(sq_parse(end), S.command_attrs(command, label, selected),
                                 "#e65100" if selected else "#4caf50", 0.3 if selected else 0.22, lay))
    route = paths.get(origin, {}).get(chosen)
    if route:
        points = " ".join(f"{x:g},{y:g}" for x, y in (lay.centre(sq_parse(s)) for s in [start] + route))
        out.append(f'<polyline points="{points}" fill="none" stroke="#1b5e20" stroke-width="4" '
                   f'stroke-dasharray="2 6" stroke-linecap="round"/>')
    return out, [part for end in ends for part in facings(end, steps, say, fill, lay, end == chosen)]


def chosen_end(ui, origin, steps):
    """The destination chosen for `origin` (ui "to"), if it is still one of the steps."""
    wanted = ui.get("to")
    if not isinstance(wanted, str) or not wanted.startswith(origin + " "):
        return None
    end = wanted[len(origin) + 1:]
    return end if any(e == end for _, e, _ in steps) else None


def draw_choices(view, ui, legal, lay):
    phase = view["state"]["phase"]
    if phase == "flags":
        return [square_target(sq_parse(flag.end), S.action_attrs(str(flag), "Place a flag on " + flag.end),
                              "#ffd54a", 0.45, lay) for flag in map(Action.parse, legal)]
    if phase == "home":  # the tray has the two buttons; the board shows where each edge is
        return [edge_band(Action.parse(a).choice, lay) for a in legal]
    place = current_place(view, ui, legal)
    if place:
        verb, cls = place.split()
        steps = [(a, step.end, step.facing) for a, step in zip(legal, map(Action.parse, legal))
                 if step.kind == "place" and step.place == place]
        # the origin of a placement is the place itself ("deploy M"), so "to" reads "deploy M a1"
        squares, facing = destinations(view, ui, lay, place, steps, "#ffb300",
                                       lambda end, f: f"{verb.capitalize()} a {CLASSES[cls]['name']} on {end} "
                                                      f"facing {FACING_NAMES[f]}")
        return squares + facing
    tank = selected_tank(view, ui, legal)
    if tank is None:
        return []
    actions = tank_actions(legal, tank)
    mode = current_mode(ui, actions)
    steps = [(a, step.end, step.facing) for a, step in zip(actions, map(Action.parse, actions)) if step.verb == mode]
    verb = {"move": "Move", "bound": "Bounding move", "back": "Back up"}[mode]

    def say(end, facing):
        return (f"Turn in place to face {FACING_NAMES[facing]}" if end == tank else
                f"{verb} to {end} facing {FACING_NAMES[facing]}")

    squares, facing = destinations(view, ui, lay, f"{mode} {tank}", steps,
                                   "#4caf50" if mode == "move" else "#ff9800", say)
    shots = [fire_marker(view, a, lay) for a in actions if Action.parse(a).verb == "fire"]
    return squares + shots + facing


def edge_band(edge, lay):
    squares = edge_squares(edge)
    xs, ys = zip(*(lay.corner(sq) for sq in squares))
    x, y = min(xs), min(ys)
    w, h = max(xs) - x + lay.cell, max(ys) - y + lay.cell
    label = f"{FACING_NAMES[edge]} edge"
    text_at = (x + w / 2, y + h / 2 + 5) if edge in "ns" else (x + w / 2, y + h / 2 + 5)
    return (f'<g class="edge"><rect x="{x + 2}" y="{y + 2}" width="{w - 4}" height="{h - 4}" fill="#ffd54a" '
            f'fill-opacity="0.35" stroke="#c9a800" stroke-width="2" stroke-dasharray="6 3"/>'
            + (S.text(*text_at, label, size=lay.text + 2, weight="bold", fill=INK) if edge in "ns" else
               f'<g transform="rotate(-90 {text_at[0]:g} {text_at[1] - 5:g})">'
               + S.text(*text_at, label, size=lay.text + 2, weight="bold", fill=INK) + "</g>")
            + "</g>")


def current_mode(ui, actions):
    mode = ui.get("mode") if ui.get("mode") in ("bound", "back") else "move"
    return mode if any(Action.parse(a).verb == mode for a in actions) else "move"


def target_name(view, square):
    tank = view["state"]["tanks"].get(square)
    if tank:
        return f"{seat_name(tank['seat'])} {CLASSES[tank['class']]['name']}"
    terrain = view["state"]["obstacles"][square]
    return data.terrain_name(terrain).lower()


def fire_marker(view, action, lay):
    """A target ring with the chance to destroy (the engine's figure) on the square fired at."""
    shot = view["facts"]["shots"][action]
    target = Action.parse(action).target
    cx, cy = lay.centre(sq_parse(target))
    chance = f"{shot['destroyed']:.0%}"
    label = f"{chance}: fire at the {target_name(view, target)} on {target}, range {shot['range']}, {chance} to destroy"
    r = lay.cell / 2  # a finger-sized ring on a phone
    return (f'<g {S.action_attrs(action, label)}><circle cx="{cx:g}" cy="{cy:g}" r="{r:g}" fill="#ff3b30" '
            f'fill-opacity="0.18" stroke="#ff3b30" stroke-width="3"/>'
            f'<rect x="{cx - 20:g}" y="{cy - 9:g}" width="40" height="18" rx="4" fill="#fff" stroke="#b00"/>'
            + S.text(cx, cy + 5, chance, size=lay.text + 1, weight="bold", fill="#b00") + "</g>")


def current_place(view, ui, legal):
    """'deploy M' / 'rebuild L' / 'reserve H' when placing a tank, else None."""
    phase = view["state"]["phase"]
    if phase == "deploy":
        options = sorted({Action.parse(a).place for a in legal})
    elif phase == "play":
        options = sorted({step.place for step in map(Action.parse, legal) if step.verb in ("rebuild", "reserve")})
        if ui.get("place") not in options:
            return None
    else:
        return None
    wanted = ui.get("place")
    return wanted if wanted in options else (options[0] if options else None)


def hint_ui(view, action):
    """The ui keys that bring `action`'s control onto the board or the tray, for the page to set before
    it marks a hint (a value None clears its key): a tank's step needs the tank selected in the right
    mode and, on a phone, its square chosen; a placement needs its tank class and square chosen."""
    step = Action.parse(action)
    if step.kind == "move":
        return {"place": None, "tank": step.start, "mode": step.verb, "to": f"{step.verb} {step.start} {step.end}"}
    if step.kind in ("fire", "ram"):
        return {"place": None, "tank": step.start}
    if step.kind == "place":
        return {"place": step.place, "to": f"{step.place} {step.end}"}
    return {}


# -- the controls of the decision (the page's tray) -------------------------------------------------
QUICK = {"pick": "all five picks: a balanced force of two Heavy, two Medium and a Tank Destroyer",
         "deploy": "the rest of your tanks along your home edge, spread out and facing the enemy",
         "flags": "your flags on dice squares near your home edge"}
def control(label, detail="", group="", action=None, command=None, pressed=False):
    return {"action": action, "command": command, "label": label, "detail": detail, "group": group,
            "pressed": pressed}


def tray(view, ui=None):
    """The controls of the current decision (buttons that are not board squares)."""
    ui = ui or {}
    legal = view.get("legal_actions") or []
    st = view["state"]
    items = []
    obstacle = f"Obstacle {len(st['obstacles']) + 1} of {data.OBSTACLE_COUNT}"
    for action in legal:
        step = Action.parse(action)
        if action == "roll":
            items.append(control("Roll for an obstacle", "two dice name the square it lands on", obstacle, action))
        elif step.kind == "roll":
            items.append(control(f"Roll: {data.TERRAINS[step.choice]['name']}", data.terrain_effect(step.choice),
                                 f"{obstacle}: choose its terrain, then roll", action))
        elif step.kind == "pick":
            left = CLASSES[step.letter]["count"] - st["chosen"][view["seat"]].count(step.letter)
            items.append(control(f"Pick {CLASSES[step.letter]['short']}", f"{ratings(step.letter)} ({left} left)",
                                 f"Secret pick {len(st['chosen'][view['seat']]) + 1} of {data.TANKS_PICKED}: "
                                 "choose a tank", action))
        elif step.kind == "axis":
            edges = "north and south" if step.choice == "ns" else "east and west"
            items.append(control(f"{'North-south' if step.choice == 'ns' else 'East-west'} axis",
                                 f"home edges {edges}; the other player picks one and moves first",
                                 "Choose the axis", action))
        elif step.kind == "home":
            items.append(control(f"Home: {FACING_NAMES[step.choice]} edge", "you deploy first and move first",
                                 "Choose your home edge", action))
        elif action == "flip":
            finished = sum(1 for t in st["tanks"].values() if t["seat"] == view["seat"] and not t["ready"])
            items.append(control("Flip finished tanks", f"{finished} back to ready; this is your turn",
                                 "Or spend the turn", action))
        elif action == "hold":
            items.append(control("Hold fire", "end the bounding move without firing", "Bounding fire", action))
    quick = QUICK.get(st["phase"]) if legal else None
    if quick:  # the page applies game_core.bitskrieg.quick's choice for the step
        items.append(control("Quick set-up", quick, "Or let the game choose (Undo takes it back)",
                             command="quick-setup"))
        if isinstance(ui.get("last_setup"), dict):
            items.append(control("Same as last game", "repeat your choices of the last game",
                                 "Or let the game choose (Undo takes it back)", command="quick-setup:last"))
    places = sorted({(step.verb, step.letter) for step in map(Action.parse, legal) if step.kind == "place"},
                    key=lambda p: (p[0], data.CLASS_ORDER.index(p[1])))
    chosen = current_place(view, ui, legal)
    then = "then a square, then a facing" if ui.get("narrow") else "then a facing on a square"
    for verb, cls in places:
        place = f"{verb} {cls}"
        cost = {"deploy": "", "rebuild": f"; uses a rebuild ({st['rebuilds'][view['seat']]} left)",
                "reserve": "; a sixth tank for two rebuilds"}[verb]
        items.append(control(f"{verb.capitalize()} {CLASSES[cls]['short']}", ratings(cls) + cost,
                             f"{verb.capitalize()}: choose a tank, {then}", None, f"ui:place={place}",
                             place == chosen))
    if chosen and st["phase"] == "play":
        items.append(control("Cancel placing", "back to your tanks", "Rebuild", command="ui:place="))
    tank = selected_tank(view, ui, legal)
    if tank is not None and st["phase"] == "play":
        actions = tank_actions(legal, tank)
        kinds = {Action.parse(a).verb for a in actions}
        mode = current_mode(ui, actions)
        name = CLASSES[st["tanks"][tank]["class"]]["short"]
        if len(kinds & {"move", "bound", "back"}) > 1:
            for kind, label, detail in (("move", "Move", "forward, turning as it enters squares"),
                                        ("bound", "Bounding fire", "one square less, then fire with two range dice"),
                                        ("back", "Reverse", "exactly one square back")):
                if kind in kinds:
                    items.append(control(label, detail, f"{name} on {tank}: how it moves", command=f"ui:mode={kind}",
                                         pressed=mode == kind))
        for action in actions:
            step = Action.parse(action)
            if step.verb == mode and turn_in_place(action, ui.get("narrow")):
                facing = FACING_NAMES[step.facing]
                items.append(control(f"Face {facing}", "turn in place" + (", then fire" if mode == "bound" else ""),
                                     f"{name} on {tank}: turn in place", action))
            if step.verb == "ram":
                frm, target = step.end, step.target
                odds = view["facts"]["rams"][action]
                items.append(control(f"Ram {target} from {frm}", f"destroys the {target_name(view, target)} "
                                     f"{odds['target']:.0%}, loses the rammer {odds['rammer']:.0%}",
                                     f"{name} on {tank}: ram", action))
    return items


# -- side panel ------------------------------------------------------------------------------------
def draw_panel(view, ui, lay):
    """Each player's card, the last dice and a key to the counters; returns (parts, drawing height)."""
    st = view["state"]
    x, y, w = lay.panel_x + 10, lay.panel_y + 8, lay.panel_w - 20
    out = []
    for s in data.SEATS:
        y = player_card(view, ui, lay, s, x, y, w, out) + 10
    y = draw_roll(st, lay, x, y, w, out)
    # on a laptop the key sits at the foot of the panel (the drawing grows if the panel needs more room)
    y = draw_key(view, lay, x, y, w, out, None if lay.narrow else lay.bottom - 8)
    bottom = y + 4 if lay.narrow else max(lay.bottom, y + 4)
    out.insert(0, S.rect(lay.panel_x, lay.panel_y, lay.panel_w, bottom - lay.panel_y, PANEL, LINE, rx=8))
    return out, bottom + (6 if lay.narrow else 22)


def player_card(view, ui, lay, s, x, y, w, out):
    st, seat = view["state"], view["seat"]
    t = lay.text
    out.append(S.rect(x, y + 3, 12, 12, colour(s), rx=2))
    out.append(S.text(x + 18, y + 14, seat_name(s) + (" (you)" if s == seat else ""), size=t + 3, anchor="start",
                      weight="bold", fill=colour(s)))
    notes = [n for n in ("plays first" if st["first"] == s else "",
                         f"home {FACING_NAMES[st['home'][s]]}" if st["home"][s] else "") if n]
    if notes:
        out.append(S.text(x + w, y + 14, ", ".join(notes), size=t, anchor="end", fill="#555"))
    y += 22
    m = 40  # a counter in the panel
    hand = st["hand"][s]
    hidden = isinstance(hand, dict) or (s == seat and ui.get("curtain"))
    if count(hand):
        out.append(S.text(x, y + m / 2 + 4, "Picks", size=t, anchor="start", fill="#555"))
        for i in range(count(hand)):
            art = face_down(m, s) if hidden else counter(m, s, hand[i], front=False)
            out.append(S.place(x + 52 + i * (m + 5), y, art))
        y += m + 8
    out.append(S.text(x, y + 14, "Rebuilds", size=t, anchor="start", fill="#555"))
    for v in range(data.REBUILD_TRACK_MAX["value"] + 1):
        on = st["rebuilds"][s] == v
        out.append(S.rect(x + 62 + v * 25, y, 22, 20, colour(s) if on else "#fff", "#777", rx=3)
                   + S.text(x + 73 + v * 25, y + 15, v, size=t, fill="#fff" if on else "#333",
                            weight="bold" if on else "normal"))
    flags = st["flags"][s]
    if flags:
        out.append(S.text(x + w, y + 14, "Flags " + " ".join(flags), size=t, anchor="end", fill="#555"))
    y += 26
    lost = sorted(st["destroyed"][s], key=data.CLASS_ORDER.index)
    if lost:
        out.append(S.text(x, y + m / 2 + 4, "Lost", size=t, anchor="start", fill="#555"))
        small = m - 2  # six fit in the laptop's panel
        for i, cls in enumerate(lost):
            out.append(S.place(x + 40 + i * (small + 2), y, counter(small, s, cls, front=False, lost=True)))
        y += small + 4
    return y


DICE_SLOTS = 4  # the most dice one action rolls: two range dice and two damage dice


def draw_roll(st, lay, x, y, w, out):
    """The last action's dice, big enough to read at a glance, and what they decided. Each seat keeps
    DICE_SLOTS places for its dice, invisible while empty, so that the page rolls every die whose face
    changed (after a move the places are empty, after the other seat's roll they are its own)."""
    roll, t, size = st["last_roll"], lay.text, 30
    line, rows = roll_rows(roll) if roll else ("None: the last move rolled no dice", [])
    out.append(S.text(x, y + 12, "Last roll", size=t, anchor="start", weight="bold", fill="#555"))
    y += 16
    lines = S.wrap_to(line, w, t)
    out.append(S.text_lines(x, y + 12, lines, t, 16, anchor="start", fill=INK))
    y += 16 * len(lines)
    column, used = x, 0
    for caption, dice, fill, meaning in rows:  # side by side: caption, then its dice
        if caption:
            out.append(S.text(column, y + 4 + size / 2 + 4, caption, size=t, anchor="start", fill="#555"))
            column += len(caption) * S.GLYPH * t + 6
        for value in dice:
            used += 1
            out.append(S.die(column, y + 4, size, value, fill, roll=(roll["seat"], used), title=f"{value}: {meaning}"))
            column += size + 6
        column += 10
    for seat in data.SEATS:
        for slot in range(1, DICE_SLOTS + 1):
            if not (roll and seat == roll["seat"] and slot <= used):
                out.append(S.die(x, y + 4, size, None, roll=(seat, slot)))
    return y + size + 14 if rows else y


def legend(view):
    """[(symbol art in a 22 x 22 box at (0, 0), name, meaning)]: every kind of symbol on the board now."""
    st, facts = view["state"], view["facts"]
    rows = [(f'<g transform="scale(0.5)">{counter(44, "blue", "M", "e", ready=False)}</g>', "Finished tank",
             "A pale counter has finished: flip your finished tanks to use them again"),
            (S.die(0, 3, 10, 3, "#fbf8f0", "#3a3226", "#8a7a5a") + S.die(11, 3, 10, 5, "#fbf8f0", "#3a3226", "#8a7a5a"),
             "Dice square", "The two dice that put an obstacle on it; flags go on dice squares")]
    for terrain in sorted(set(st["obstacles"].values())):
        rows.append((f'<g transform="translate(1 3) scale(0.5)">{TERRAIN_ART[terrain]}</g>',
                     data.terrain_name(terrain), f"{data.terrain_name(terrain)}: {data.terrain_effect(terrain)}"))
    if any(st["flags"].values()):
        rows.append(('<line x1="6" y1="21" x2="6" y2="3" stroke="#222" stroke-width="2"/>'
                     f'<polygon points="6,3 19,8 6,13" fill="{colour("red")}"/>', "Flag",
                     "Hold both enemy flags at the start of your turn to win"))
    if any(st["home"].values()):
        rows.append((f'<rect x="2" y="2" width="18" height="18" fill="{colour("blue")}" fill-opacity="0.1" '
                     f'stroke="{colour("blue")}" stroke-width="2" stroke-dasharray="5 3"/>', "Home edge",
                     "Where that player deploys and rebuilds tanks"))
    if facts["last"]:
        rows.append(('<rect x="2" y="2" width="18" height="18" fill="#fff176" fill-opacity="0.5" stroke="#c9a800" '
                     'stroke-width="1.5" stroke-dasharray="3 2"/>', "Last move", "A square the last move changed"))
    if st["last_roll"] and st["last_roll"]["kind"] in ("fire", "ram"):
        rows.append(('<polyline points="2,18 11,11 20,11" fill="none" stroke="#d08a00" stroke-width="3" '
                     'stroke-dasharray="6 4"/>', "Line of fire",
                     "The last shot or ram; a shot's range is counted along it, around what blocks fire"))
    if facts.get("shots"):
        rows.append(('<circle cx="11" cy="11" r="9" fill="#ff3b30" fill-opacity="0.18" stroke="#ff3b30" '
                     'stroke-width="3"/>', "Target", "In range: the chance to destroy it; click it to fire"))
    if facts.get("paths") or st["phase"] == "deploy":
        rows.append(('<rect x="2" y="2" width="18" height="18" rx="3" fill="#4caf50" fill-opacity="0.3" '
                     'stroke="#4caf50" stroke-width="2"/><polygon points="11,3 16,9 6,9" fill="#4caf50" '
                     'stroke="#222" stroke-width="0.8"/>', "Reach, facing",
                     "A square you can reach; a triangle (on a phone an arrow) ends the move facing its way"))
    return rows


def draw_key(view, lay, x, y, w, out, bottom=None):
    """How to read a counter, beside a sample one, then every symbol on the board in two columns (its
    meaning in a tooltip); drawn to end at `bottom` when given (a laptop's panel foot). Returns the y below."""
    size, t, row = 44, lay.text, 22
    lines = S.wrap_to("Class top left (LT light, MT medium, HT heavy, TD tank destroyer), speed-fire-armor "
                 "below; the yellow edge is the front.", w - size - 10, t)
    rows = legend(view)
    top = max(size, 15 * len(lines)) + 6
    height = top + S.rows(len(rows), 2) * row
    y = max(y, bottom - height) if bottom else y
    out.append(f'<g class="legend" transform="translate({x} {y})">{counter(size, "blue", "M", "e")}</g>')
    out.append(S.text_lines(x + size + 10, y + 12, lines, t, 15, anchor="start", fill="#555"))
    for i, (art, name, meaning) in enumerate(rows):
        left, top_y = S.grid(i, 2, x, y + top, w / 2, row)
        out.append(S.titled(f"{name}: {meaning}", S.place(f"{left:g}", f"{top_y - 2:g}", art, 0.82)
                            + S.text(left + 24, top_y + 13, name, size=t, anchor="start", fill="#555")))
    return y + height
