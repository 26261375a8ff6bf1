"""The Blitzkrieg! board as one SVG string, drawn from a seat's view only (render(view, ui)).

Everything the rules decide (open theaters, the active campaigns, who leads, the final turn, the
verdict, what the last move changed, the scoring cues) is read from view["facts"]; hidden piles
arrive as {"hidden": n} and are drawn as face-down counters. ui["narrow"] draws the tall phone
layout (372 units wide, about a phone's board box, theaters stacked); otherwise the laptop layout (1100
wide, two columns, the reserves under the left one).
The page's tray offers the reserve and the decisions' buttons (tray() in text.py), so the board
draws only its spaces and cities as targets.
"""

from ..svg import action_attrs, esc, svg_open, text, wrap
from . import data
from .data import SEAT_NAME, SIGN, UNITS, kind_of, ordinal, other, unit_words

BACKGROUND, PANEL, INK, RULE = "#efe6cf", "#f8f2e2", "#2b2418", "#6b5e45"
BAND = "#4a3f2c"  # a theater's title band
GOLD, GOLD_EDGE = "#e8c547", "#8a6d00"
SIDE_FILL = {"axis": "#7d858c", "allies": "#5f8a3c", data.GERMANY: "#7d858c", data.JAPAN: "#b07a3a"}
SIDE_EDGE = {"axis": "#30363b", "allies": "#2a4119", data.GERMANY: "#30363b", data.JAPAN: "#553510"}
TRACK_TINT = {"axis": "#d9dadb", "allies": "#d9e6cb", data.GERMANY: "#d9dadb", data.JAPAN: "#efd9b3"}
SPECIAL_FILL = "#efc94c"  # special weapons are yellow counters with their owner's rim
SPACE_FILL = {data.LAND: "#c19a6b", data.SEA: "#7faad4"}
SIDE_MARK = {"axis": "AX", "allies": "AL", data.GERMANY: "GE", data.JAPAN: "JP"}  # the terminal's marks
SOLO_PROMPTS = {"setup": "a set-up roll of 6: choose the theater whose track moves toward the Axis",
                "bomb": "bombing! choose a unit of the Axis row to send back to its bag"}
CHAR = 0.6  # a character is about 0.6 em wide

# Unit icons drawn in a 20x14 box around (0, 0): type silhouettes, and marks for the special abilities.
ICONS = {
    "army": "M-8 0h16v4.5h-16z M-3.5 -3.5h7v3.5h-7z M3.5 -2.6h6v1.4h-6z",          # a tank
    "navy": "M-9 0.5h18l-3.5 4.5h-11z M-2.5 -4h5v4.5h-5z M-6 -1.5h2.5v2h-2.5z",     # a ship
    "air": "M-9 -0.8h18v2h-18z M-1 -5.5h2v11h-2z M-3.5 4h7v1.5h-7z",               # a plane seen from above
    "general": "M0 -6l1.8 4 4.2.4-3.2 2.8 1 4.2L0 3.2l-3.8 2.2 1-4.2-3.2-2.8 4.2-.4z",  # a star
    "admiral": "M-.9 -6h1.8v10h-1.8z M-4 -3.6h8v1.5h-8z M-6 1q6 7 12 0l-1.4-.4q-4.6 4.4-9.2 0z",  # an anchor
    "nuke": "M0 0L-3 -5.2A6 6 0 0 1 3 -5.2Z M0 0L6 0A6 6 0 0 1 3 5.2Z M0 0L-3 5.2A6 6 0 0 1 -6 0Z",
    "spy": "M-8 0q8 -8 16 0q-8 8 -16 0z M0 -2.4a2.4 2.4 0 1 0 .01 0z",            # an eye
    "scientist": "M-2.5 -6h5v3.5l4.5 8h-14l4.5 -8z",                               # a flask
    "inspired": "M-4 -6v12h1.4v-6h7.6l-2 -3 2 -3z",                                # a flag
    "godzilla": "M-6 5l2 -10 1.5 6 2.5 -7 1.5 7 2.5 -6 2 10z",                     # claws
    "partisans": "M-6 6l6 -12 6 12z M-2 6l2 -4 2 4z",                              # a hill hideout
    "blitz": "M1.5 -7l-5 7.5h3.5l-2 6.5 6 -8.5h-3.5z",                              # a lightning bolt
}
ABILITY_ICONS = ("general", "admiral", "nuke", "spy", "scientist", "inspired", "godzilla", "partisans")
DEFS = ('<defs><pattern id="bk-waves" width="12" height="8" patternUnits="userSpaceOnUse">'
        '<path d="M0 5q3 -3 6 0t6 0" fill="none" stroke="#ffffff" stroke-opacity=".45" stroke-width="1.2"/>'
        '</pattern><pattern id="bk-nobody" width="6" height="6" patternUnits="userSpaceOnUse">'
        '<rect width="6" height="6" fill="#ddd"/><path d="M0 6 L6 0" stroke="#888"/></pattern></defs>')


class Layout:
    """The geometry of one layout: the laptop's two columns or the phone's one."""

    def __init__(self, narrow: bool):
        self.narrow = narrow
        if narrow:
            self.width, self.margin, self.columns, self.column_w = 372, 5, (5,), 362
            self.cell_w, self.cell_h, self.small_h, self.gap = 56, 56, 30, 4
            self.square_h, self.max_square, self.title, self.track_h = 16, 22, 14, 36
        else:
            self.width, self.margin, self.columns, self.column_w = 1100, 10, (10, 555), 535
            self.cell_w, self.cell_h, self.small_h, self.gap = 88, 50, 50, 4
            self.square_h, self.max_square, self.title, self.track_h = 20, 28, 15, 40

    def row_height(self, active: bool) -> int:
        """A campaign row: on a phone only the active campaign gets full-height spaces."""
        return self.cell_h if active else self.small_h


def unit_icon(kind: str) -> str:
    """The icon name a unit kind carries: its special ability, else its type."""
    unit = UNITS[kind]
    for ability in ABILITY_ICONS:
        if ability in unit["abilities"]:
            return ability
    return unit["type"].split("+")[0]


def fit_size(content, width: float, size: float) -> float:
    """A font size at most `size` at which `content` fits `width`."""
    return round(min(size, width / (CHAR * max(len(str(content)), 1))), 1)


def fit_lines(content: str, width: float, size: float) -> list:
    """`content` wrapped to lines that fit `width` at `size`."""
    return wrap(content, max(1, int(width / (CHAR * size))))


class Seen:
    """The parts of a view the drawing reads, with the board's look-up tables."""

    def __init__(self, view: dict, ui: dict):
        self.view, self.ui = view, ui
        self.state, self.facts = view["state"], view["facts"]
        self.index = data.INDEXES[self.state["board"]]
        self.seats = tuple(self.state["vp"])
        self.seat = view["seat"]
        self.solo = "solo" in self.state
        self.layout = Layout(bool(ui.get("narrow")))
        self.acting = "legal_actions" in view and ui.get("interactive") is not False
        self.legal = view["legal_actions"] if self.acting else []
        self.by_kind = {}
        for action in self.legal:
            if "@" in action:
                kind, sid = action.split("@")
                self.by_kind.setdefault(kind, []).append(sid)
        wanted = ui.get("token")
        self.kind = wanted if wanted in self.by_kind and not ui.get("curtain") else next(iter(self.by_kind), None)
        self.targets = set(self.by_kind.get(self.kind, ()))
        self.last_spaces = set(self.facts["last"]["spaces"])
        self.last_tracks = set(self.facts["last"]["tracks"])


def status_text(view: dict) -> str:
    """A one-line prompt for the player to move, or the result and its reason."""
    state, facts = view["state"], view["facts"]
    if facts["verdict"]:
        return facts["verdict"]
    who = SEAT_NAME[state["turn"]]
    decision = state["decision"]
    stuck = view.get("legal_actions") == ["yield"]  # a remote game's explicit step (rules.REMOTE)
    if decision is None:
        return f"{who} cannot place any unit" if stuck else \
            f"{who} to place a unit" + (" (final turn)" if facts["final_turn"] else "")
    if decision["kind"] in SOLO_PROMPTS:
        return f"{who}: {SOLO_PROMPTS[decision['kind']]}"
    index = data.INDEXES[state["board"]]
    theater = index.theaters[decision.get("theater") or decision["from"]]["name"]
    if decision["kind"] == "blitz":
        if view.get("legal_actions") == ["pass"]:
            return f"{who}: blitz! but no unit in your reserve fits {theater}: pass"
        return f"{who}: blitz! place another unit in {theater}, or pass"
    if decision["kind"] == "sa":
        return f"{who}: choose a theater for strategic advantage +{decision['amount']}"
    if decision["kind"] == "open":
        return f"{who}: {theater} is won; choose the campaign to open next"
    won = "won campaign" if "links" in index.board else "closed theater"
    return f"{who}: choose the next effect of {theater} ({won}) to carry out"


def render(view: dict, ui=None) -> str:
    seen = Seen(view, ui or {})
    if "links" in seen.index.board:  # the Nippon map of the USA
        from .nippon_svg import render_nippon
        return render_nippon(seen)
    lay = seen.layout
    body, top = header(seen, reserves_above=lay.narrow)
    tops = [top] * len(lay.columns)
    for theater in seen.index.board["theaters"]:
        column = min(theater["column"], len(lay.columns) - 1)
        svg_part, height = theater_box(seen, theater["code"], lay.columns[column], tops[column])
        body += svg_part
        tops[column] += height + 6
    if seen.solo:
        svg_part, height = solo_panel(seen, lay.columns[0], tops[0])
        body += svg_part
        tops[0] += height + 6
    if not lay.narrow:  # the left column is the shorter: the reserves go under it
        svg_part, tops[0] = reserves(seen, lay.columns[0] + 4, lay.columns[0] + lay.column_w - 4, tops[0], stacked=False)
        body += svg_part
    return board(seen, "Blitzkrieg! board", body, max(tops) + 4)


def board(seen: Seen, title: str, body: str, height) -> str:
    """The whole drawing: the frame, its title, the parts."""
    width = seen.layout.width
    return (f'{svg_open(width, height, title)}<title>{esc(title)}</title>{DEFS}'
            f'<rect width="{width}" height="{height}" fill="{BACKGROUND}"/>{body}</svg>')


# -- The header: war VP track, supplies, both reserves, the verdict ------------------------------
def header(seen: Seen, reserves_above=True):
    """The war VP track, the bags and research pile, the reserves (unless drawn elsewhere) and the verdict;
    (svg, bottom y)."""
    lay, state = seen.layout, seen.state
    left, right = lay.margin + 4, lay.width - lay.margin - 4
    score = f"War VP ({data.WIN_VP} wins): " + ", ".join(f"{SEAT_NAME[s]} {state['vp'][s]}" for s in seen.seats)
    parts = [text(left, 18, score, 14 if lay.narrow else 15, "start", weight="bold", fill=INK)]

    def count(pile):
        return pile["hidden"] if isinstance(pile, dict) else len(pile)
    supplies = ("Bags: " + ", ".join(f"{SEAT_NAME[s]} {count(state['bags'][s])}" for s in seen.seats)
                + f"; research pile {count(state['research'])}")
    if lay.narrow:
        parts.append(text(left, 34, supplies, 11, "start", fill=INK))
        track_top = 42
    else:
        parts.append(text(right, 18, supplies, 12, "end", fill=INK))
        track_top = 24
    svg_part, y = vp_track(seen, left, right, track_top)
    parts.append(svg_part)
    if reserves_above:
        svg_part, y = reserves(seen, left, right, y + 6, stacked=lay.narrow)
        parts.append(svg_part)
    if seen.facts["verdict"]:
        svg_part, y = verdict_banner(seen, lay.margin, y + 4)
        parts.append(svg_part)
    return "".join(parts), y + 6


def vp_track(seen: Seen, left, right, top):
    """Squares 0-30 (two rows on a phone), the goal square marked; each side's marker on its total."""
    lay = seen.layout
    spaces = data.WAR_TRACK_SPACES + 1
    per_row = 16 if lay.narrow else spaces
    size = (right - left) / per_row
    height = 28 if lay.narrow else 26
    parts = ['<g class="vp-track">']
    for n in range(spaces):
        row, col = divmod(n, per_row)
        x, y = round(left + col * size, 1), top + row * (height + 2)
        goal = n == data.WIN_VP
        parts.append(f'<rect x="{x}" y="{y}" width="{round(size - 1, 1)}" height="{height}" rx="2" fill="#fffaf0" '
                     f'stroke="{"#c0392b" if goal else "#a89a7c"}" stroke-width="{2.5 if goal else 1}"/>')
        parts.append(text(round(x + size / 2, 1), y + 12, n, 11, fill="#c0392b" if goal else "#6b5e45",
                          weight="bold" if goal or n % 5 == 0 else "normal"))
    mark = min(12, size / 2 - 1)
    for offset, seat in enumerate(seen.seats):
        vp = min(seen.state["vp"][seat], data.WAR_TRACK_SPACES)
        row, col = divmod(vp, per_row)
        cx = round(left + col * size + size / 2 + (offset - 0.5) * (mark + 1), 1)
        cy = top + row * (height + 2) + height - mark / 2 - 2
        parts.append(f'<g data-piece="vp-{seat}"><title>{SEAT_NAME[seat]}: {seen.state["vp"][seat]} war victory '
                     f'points</title>{chip(seat, cx, cy, mark)}</g>')
    parts.append("</g>")
    rows = -(-spaces // per_row)
    return "".join(parts), top + rows * (height + 2)


def chip(seat: str, cx, cy, size) -> str:
    """A side's plain marker: Axis and Germany square, Allies and Japan round (shape, not only colour)."""
    fill, edge = SIDE_FILL[seat], SIDE_EDGE[seat]
    if SIGN[seat] > 0:
        return (f'<rect x="{round(cx - size / 2, 1)}" y="{round(cy - size / 2, 1)}" width="{size}" height="{size}" '
                f'rx="2" fill="{fill}" stroke="{edge}" stroke-width="1.5"/>')
    return f'<circle cx="{cx}" cy="{cy}" r="{size / 2}" fill="{fill}" stroke="{edge}" stroke-width="1.5"/>'


def reserves(seen: Seen, left, right, top, stacked: bool):
    """Each side's reserve as counters (one above the other, or side by side), your opponent's face down
    unless public. Your own is left to the tray while you choose a unit from it; (svg, bottom y)."""
    sides = seen.seats if seen.seat is None else (other(seen.seat), seen.seat)
    shown = [s for s in sides if not (s == seen.seat and seen.by_kind)]
    width = (right - left) if stacked else (right - left - 10) / 2
    parts, y = [], top
    for n, side in enumerate(shown):
        x = left if stacked else left + n * (width + 10)
        if n and stacked:
            y += 52
        pile = seen.state["reserves"][side]
        hidden = isinstance(pile, dict) or (side == seen.seat and seen.ui.get("curtain"))
        size = pile["hidden"] if isinstance(pile, dict) else len(pile)
        row = seen.solo and side == "axis"
        label = f"{SEAT_NAME[side]} {'row, left to right' if row else 'reserve'} ({size})" + (", hidden" if hidden else "")
        parts.append(text(x, y + 12, label, 12, "start", weight="bold", fill=INK))
        step = min(36, (width - 20) / max(size, 1))  # a big reserve squeezes its counters
        for k in range(size):
            cx, cy = round(x + 16 + k * step, 1), y + 34
            parts.append(face_down(cx, cy, 30) if hidden else counter(side, pile[k], cx, cy, 30))
    return f'<g class="reserves">{"".join(parts)}</g>', (y + 52 if shown else top)


def verdict_banner(seen: Seen, x, y):
    """The result across the board: who won and why."""
    width = seen.layout.width - 2 * x
    lines = fit_lines(seen.facts["verdict"], width - 20, 16)
    height = 14 + 20 * len(lines)
    parts = [f'<g class="verdict"><rect x="{x}" y="{y}" width="{width}" height="{height}" rx="8" fill="{GOLD}" '
             f'stroke="{GOLD_EDGE}" stroke-width="2"/>']
    for n, line in enumerate(lines):
        parts.append(text(x + width / 2, y + 22 + 20 * n, line, 16, weight="bold", fill=INK))
    parts.append("</g>")
    return "".join(parts), y + height


# -- A theater: title band, battle track, campaign rows --------------------------------------------
def theater_box(seen: Seen, code: str, x, y, campaigns=None):
    """A theater's panel (`campaigns`: the rows to draw, all of its campaigns by default); (svg, height)."""
    lay, index, state = seen.layout, seen.index, seen.state
    campaigns = campaigns or index.theater_campaigns[code]
    active = seen.facts["active"][code]
    heights = [lay.row_height(cid == active or not lay.narrow) for cid in campaigns]
    height = 26 + lay.track_h + sum(h + 6 for h in heights) + 2
    width = lay.column_w
    title, room = index.theaters[code]["name"], width * 0.62  # the rest of the band says who is ahead
    if code in state["closed_theaters"]:
        winner = state["closed_theaters"][code]
        title += f": won by {SEAT_NAME[winner]}" if winner else ": closed, no winner"
        room = width - 20
    parts = [f'<g class="theater" data-theater="{code}">',
             f'<rect x="{x}" y="{y}" width="{width}" height="{height}" rx="8" fill="{PANEL}" stroke="{RULE}"/>',
             f'<path d="M{x} {y + 8}a8 8 0 0 1 8 -8h{width - 16}a8 8 0 0 1 8 8v14h-{width}z" fill="{BAND}"/>',
             text(x + 10, y + 17, title, fit_size(title, room, lay.title), "start", weight="bold",
                  fill="#fff")]
    leader = seen.facts["leaders"][code]
    if code not in state["closed_theaters"]:
        lead = (f"{SEAT_NAME[leader]} ahead by {abs(state['markers'][code])}" if leader else "marker in the centre")
        parts.append(text(x + width - 10, y + 17, lead, 11, "end", fill="#f3e7c6"))
    parts.append(battle_track(seen, code, x + 8, y + 28, width - 16))
    row_y = y + 26 + lay.track_h
    for cid, row_h in zip(campaigns, heights):
        parts.append(campaign_row(seen, cid, x + 6, row_y, row_h))
        row_y += row_h + 6
    parts.append(cues(seen, code, x, y, width))
    parts.append("</g>")
    return "".join(parts), height


def cues(seen: Seen, code: str, x, y, width) -> str:
    """The scoring moments of the last move in this theater (campaign closed, theater won), over its top."""
    parts, top = [], y + 2
    for cue in (c for c in seen.facts["cues"] if c["at"][:2] == code):
        lines = fit_lines(cue["text"], width - 24, 12)
        height = 8 + 14 * len(lines)
        parts.append(f'<g class="cue" data-cue="{esc(cue["text"])}"><rect x="{x + 4}" y="{top}" width="{width - 8}" '
                     f'height="{height}" rx="6" fill="#ffe98a" stroke="#b8860b" stroke-width="1.5"/>')
        for n, line in enumerate(lines):
            parts.append(text(x + 12, top + 16 + 14 * n, line, 12, "start", weight="bold", fill=INK))
        parts.append("</g>")
        top += height + 2
    return "".join(parts)


def battle_track(seen: Seen, code: str, x, y, width) -> str:
    """The track between both sides' ends (their markers at the ends), its VP icons (+1, +2) or Nippon's
    end squares above it, and the battle marker."""
    lay, index = seen.layout, seen.index
    length, icons = index.length(code), index.icons(code)
    end_zone = index.theaters[code]["track"].get("end_zone", 0)  # Nippon: +1/+2/+3 end squares
    end_seat = {SIGN[s]: s for s in seen.seats}
    squares = 2 * length + 1
    end_w = 16
    size = round(min(lay.max_square, (width - 2 * end_w - 4) / squares), 2)
    left = round(x + (width - squares * size) / 2, 2)
    top = y + 14  # the labels row above the squares
    parts = [chip(end_seat[-1], round(left - end_w / 2 - 2, 1), top + lay.square_h / 2, 12),
             chip(end_seat[1], round(left + squares * size + end_w / 2 + 2, 1), top + lay.square_h / 2, 12)]
    for pos in range(-length, length + 1):
        sx = round(left + (pos + length) * size, 2)
        side = end_seat[1 if pos > 0 else -1]
        fill = "#c0392b" if pos == 0 else SIDE_FILL[side] if abs(pos) == length else TRACK_TINT[side]
        parts.append(f'<rect x="{sx}" y="{top}" width="{size}" height="{lay.square_h}" fill="{fill}" '
                     f'stroke="{RULE}" stroke-width=".6"/>')
        label = (f"+{icons.index(abs(pos)) + 1}" if abs(pos) in icons
                 else f"+{abs(pos) - length + end_zone}" if abs(pos) > length - end_zone else "")
        if label:
            cx = round(sx + size / 2, 2)
            if abs(pos) in icons:  # a VP icon: a gold pennant over the square
                parts.append(f'<path d="M{cx - 7} {top - 13}h14v8l-7 5l-7 -5z" fill="{GOLD}" stroke="{GOLD_EDGE}"/>')
            parts.append(text(cx, top - 3, label, 11, weight="bold", fill=INK))
    marker = seen.state["markers"][code]
    leader = seen.facts["leaders"][code]
    where = f"{abs(marker)} toward {SEAT_NAME[leader]}" if leader else "in the centre"
    mx = round(left + (marker + length) * size + size / 2, 2)
    last = ' class="last"' if code in seen.last_tracks else ""
    radius = max(size / 2 + 1, 7)
    parts.append(f'<g data-piece="marker-{code}"{last}><title>Battle marker {where} ({SEAT_NAME[end_seat[1]]} '
                 f'ends at {length}, {SEAT_NAME[end_seat[-1]]} at {length} the other way)</title>'
                 f'<circle cx="{mx}" cy="{top + lay.square_h / 2}" r="{radius}" fill="#fff" stroke="#000" '
                 f'stroke-width="2.5"/><circle cx="{mx}" cy="{top + lay.square_h / 2}" r="{radius / 3:.1f}" '
                 f'fill="#c0392b"/></g>')
    return "".join(parts)


def campaign_row(seen: Seen, cid: str, x, y, row_h) -> str:
    """A campaign: its number, its battle spaces, its VP shield, and who won it once closed."""
    lay = seen.layout
    campaign = seen.index.campaigns[cid]
    code = campaign["theater"]
    closed = cid in seen.state["closed_campaigns"]
    active = seen.facts["active"][code] == cid
    parts = [f'<g class="campaign" data-campaign="{cid}">',
             f'<circle cx="{x + 8}" cy="{y + row_h / 2}" r="8" fill="{INK if active else "#a89a7c"}"/>',
             text(x + 8, y + row_h / 2 + 4, cid[len(code):], 11, weight="bold", fill="#fff")]
    sx = x + 20
    for sid in campaign["spaces"]:
        parts.append(space_cell(seen, sid, sx, y, row_h, closed))
        sx += lay.cell_w + lay.gap
    if active:
        parts.append(f'<rect x="{x + 17}" y="{y - 3}" width="{sx - x - 20 - lay.gap + 6}" height="{row_h + 6}" '
                     f'fill="none" stroke="{INK}" stroke-width="2" rx="5"/>')
    scorer = seen.state["closed_campaigns"].get(cid)
    fill = SIDE_FILL[scorer] if scorer else "url(#bk-nobody)" if closed else "#fff"
    cy = y + row_h / 2
    parts.append(f'<path d="M{sx + 2} {cy - 13}h28v15l-14 12l-14 -12z" fill="{fill}" stroke="#333"/>')
    parts.append(text(sx + 16, cy + 4, campaign["vp"], 13, weight="bold", fill="#fff" if scorer else INK))
    if closed:
        words = f"won by {SEAT_NAME[scorer]}" if scorer else "no winner"
        if sx + 36 + CHAR * 11 * len(words) <= x + lay.column_w - 12:
            parts.append(text(sx + 36, cy + 4, words, 11, "start", fill=INK))
    parts.append("</g>")
    return "".join(parts)


def space_cell(seen: Seen, sid: str, x, y, row_h, closed: bool) -> str:
    """A battle space: its type (land brown, sea blue with waves, both split), its effect, its counter."""
    lay = seen.layout
    space = seen.index.spaces[sid]
    effect = space["effect"]
    last = sid in seen.last_spaces
    w, h = lay.cell_w, row_h
    land, sea = SPACE_FILL[data.LAND], SPACE_FILL[data.SEA]
    if space["type"] == data.LAND_SEA:
        ground = (f'<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="{land}"/>'
                  f'<path d="M{x + w} {y}v{h}h-{w}z" fill="{sea}"/><path d="M{x + w} {y}v{h}h-{w}z" '
                  f'fill="url(#bk-waves)"/>')
    elif space["type"] == data.SEA:
        ground = (f'<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="{sea}"/>'
                  f'<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="url(#bk-waves)"/>')
    else:
        ground = f'<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="{land}"/>'
    parts = [ground, f'<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="none" rx="1" '
                     f'stroke="{"#e0a800" if last else "#3b3326"}" stroke-width="{3 if last else 1}"/>']
    token = seen.state["spaces"].get(sid)
    badge = CHAR * 11 * len(data.effect_label(effect)) + 6 if effect and not (token and h < 44) else 0
    if badge:  # a short row shows only its counter, as the counter covers the space on the table
        label = data.effect_label(effect)
        parts.append(f'<rect x="{x + 3}" y="{y + 3}" width="{badge:.1f}" height="15" rx="3" fill="#fffaf0" '
                     f'stroke="#3b3326" stroke-width=".8"/>')
        parts.append(text(round(x + 3 + badge / 2, 1), y + 14, label, 11, weight="bold", fill=INK))
    if token:
        size = min(h - 8, 40)
        if badge + 7 > w - size - 4:  # the counter would cover the effect: it sits lower, a little smaller
            size = min(size, h - 22)
        parts.append(counter(seen.state["placed_by"][sid], token, round(x + w - size / 2 - 4, 1),
                             round(y + h - size / 2 - 4, 1), size, seen.state["spy_copies"].get(sid)))
    cell = "".join(parts)
    name = f"{seen.index.space_name(sid)}, {space['type']}, {data.effect_name(effect)}"
    cls = ' class="last"' if last else ""
    if sid in seen.targets:
        words = f"Place {unit_words(seen.kind)} on {name}"  # the name begins with the visible effect label
        words = f"{data.effect_label(effect)}: {words}" if effect else words
        return (f'<g {action_attrs(f"{seen.kind}@{sid}", words)}>{cell}'
                f'<rect x="{x + 1.5}" y="{y + 1.5}" width="{w - 3}" height="{h - 3}" fill="#ffe066" '
                f'fill-opacity="0.3" stroke="#e0a800" stroke-width="3" stroke-dasharray="6 3"/></g>')
    dim = f'<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="{PANEL}" fill-opacity=".45"/>' if closed else ""
    return f'<g{cls}><title>{esc(name)}</title>{cell}{dim}</g>'


def counter(owner: str, token: str, cx, cy, size, copied=None) -> str:
    """A unit counter: Axis/Germany square, Allies/Japan round (shape, not only colour), a unit icon above
    its strength; special weapons are yellow with their owner's rim. data-piece keeps the token's id."""
    kind = kind_of(token)
    unit = UNITS[copied or kind]
    special = token.startswith("sw:")
    fill = SPECIAL_FILL if special else SIDE_FILL[owner]
    ink = INK if special else "#fff"
    edge = f'stroke="{SIDE_FILL[owner] if special else SIDE_EDGE[owner]}" stroke-width="{3 if special else 1.5}"'
    half = size / 2
    if SIGN[owner] > 0:
        shape = (f'<rect x="{round(cx - half, 1)}" y="{round(cy - half, 1)}" width="{size}" height="{size}" '
                 f'rx="{size / 8:.1f}" fill="{fill}" {edge}/>')
    else:
        shape = f'<circle cx="{cx}" cy="{cy}" r="{half}" fill="{fill}" {edge}/>'
    flexible = {"general", "admiral", "partisans"} & set(unit["abilities"])
    value = "+" if flexible else (unit["strength"] if unit["type"] or "inspired" in unit["abilities"] else "")
    font = max(11, round(size * 0.36))
    scale = round(size / 40 * (1.3 if value == "" else 1), 2)
    icon_y = round(cy - (size * 0.18 if value != "" else 0), 1)
    marks = f'<path d="{ICONS[unit_icon(kind)]}" transform="translate({cx} {icon_y}) scale({scale})" fill="{ink}"/>'
    if copied:  # a spy copying: the copied unit's icon, the spy's eye small in the corner
        marks = (f'<path d="{ICONS[unit_icon(copied)]}" transform="translate({cx} {icon_y}) scale({scale})" '
                 f'fill="{ink}"/><path d="{ICONS["spy"]}" transform="translate({round(cx - half * .55, 1)} '
                 f'{round(cy - half * .6, 1)}) scale({scale * .5:.2f})" fill="{ink}"/>')
    if "blitz" in UNITS[kind]["abilities"]:
        marks += (f'<path d="{ICONS["blitz"]}" transform="translate({round(cx + half * .55, 1)} '
                  f'{round(cy - half * .5, 1)}) scale({scale * .6:.2f})" fill="#c0392b"/>')
    if value != "":
        marks += text(cx, round(cy + half - size * 0.1, 1), value, font, weight="bold", fill=ink)
    words = f"{SEAT_NAME[owner]} {unit_words(kind)}" + (f" copying {unit_words(copied)}" if copied else "")
    piece = token.replace(":", "-").replace("#", "-")
    return f'<g data-piece="{esc(piece)}"><title>{esc(words)}</title>{shape}{marks}</g>'


def face_down(cx, cy, size) -> str:
    half = size / 2
    return (f'<g><title>A face-down unit</title><rect x="{cx - half}" y="{cy - half}" width="{size}" height="{size}" '
            f'rx="{size / 8:.1f}" fill="#5b5246" stroke="#222"/>'
            f'{text(cx, cy + 5, "?", 14, weight="bold", fill="#fff")}</g>')


def choice_label(seen: Seen, action: str) -> str:
    """The words of a decision's tray entry."""
    index, state = seen.index, seen.state
    if action == "pass":
        return "Pass (no blitz follow-up)"
    if action == "yield":
        return "End the game: no unit can be placed"
    prefix, _, rest = action.partition(":")
    if prefix == "sa":
        return f"Strategic advantage +{state['decision']['amount']}: {index.theaters[rest]['name']}"
    if prefix == "fx":
        return f"Carry out {data.effect_name(index.spaces[rest]['effect'])} ({index.space_name(rest)})"
    if prefix == "setup":
        return f"Set-up roll of 6: {index.theaters[rest]['name']}"
    if prefix == "bomb":
        position = int(rest)
        return f"Bomb the {ordinal(position)}: {unit_words(kind_of(state['reserves']['axis'][position - 1]))}"
    if prefix == "open":
        return f"Open {index.theaters[rest]['name']} ({index.campaigns[rest + '1']['vp']} VP)"
    kind, sid = action.split("@")
    return f"Place {unit_words(kind)} on {index.space_name(sid)}"


# -- Solo mode: the solo module's panel ----------------------------------------------------
def solo_panel(seen: Seen, x, y):
    """The bot's stratagem, die and cup, and one sentence on why it made its last move; (svg, height)."""
    solo, options = seen.state["solo"], seen.view["options"]
    width = seen.layout.column_w
    chars = int((width - 16) / (CHAR * 12))
    lines = [(line, 12, "bold") for line in wrap(f"Solo module, {options['difficulty']}: set-up rolls "
                                                 f"{', '.join(map(str, solo['rolls']))}; cup holds {len(solo['cup'])}",
                                                 chars)]
    if solo["drawn"]:
        name = data.STRATAGEMS[solo["drawn"]]["name"]
        if solo["drawn"] == "steamroll":
            name += f" (repeats {data.STRATAGEMS[solo['stratagem']]['name']})"
        lines += [(line, 12, "bold") for line in wrap(f"Stratagem drawn: {name}. Unit die: {solo['die']}", chars)]
        lines += [(line, 12, "normal") for line in wrap(data.STRATAGEMS[solo["stratagem"]]["text"], chars)]
    if solo["last"]:
        lines += [(line, 12, "normal") for line in
                  wrap(f"Last Axis step {solo['last']['action']}: {solo['last']['reason']}", chars)]
    height = 10 + 15 * len(lines)
    parts = ['<g class="solo" role="group" aria-label="Solo module">',
             f'<rect x="{x}" y="{y}" width="{width}" height="{height}" rx="8" fill="#f6e3e1" stroke="#8e2b22"/>']
    for n, (line, size, weight) in enumerate(lines):
        parts.append(text(x + 8, y + 19 + 15 * n, line, size, "start", weight=weight, fill=INK))
    parts.append("</g>")
    return "".join(parts), height
