"""The Blitzkrieg! board as one SVG string, drawn from a seat's view only (render(view, ui)).

Everything the rules decide (open theaters, the active campaigns, who leads, the final turn, the
verdict, what the last move changed, the scoring cues) is read from view["facts"]; hidden piles
arrive as {"hidden": n} and are drawn as face-down counters. ui["narrow"] draws the tall phone
layout (372 units wide, about a phone's board box, theaters stacked); otherwise the laptop layout (1100
wide, two columns, the reserves under the left one).
The page's tray offers the reserve and the decisions' buttons (tray() in text.py), so the board
draws only its spaces and cities as targets.
"""

from ..svg import (GLYPH, action_attrs, board, card, chip, command_attrs, cue, die, esc, fit_size, place, rect, rows,
                   share, text, text_lines, titled, wrap_to)
from . import data
from .actions import Action
from .data import SEAT_NAME, SIGN, UNITS, kind_of, other
from .words import decision_words, effect_detail, effect_name, seat_noun, unit_meaning, unit_words

BACKGROUND, PANEL, INK, RULE = "#efe6cf", "#f8f2e2", "#2b2418", "#6b5e45"
BAND = "#4a3f2c"  # a theater's title band
GOLD, GOLD_EDGE = "#e8c547", "#8a6d00"
SIDE_FILL = {"axis": "#7d858c", "allies": "#5f8a3c", data.GERMANY: "#7d858c", data.JAPAN: "#b07a3a"}
SIDE_EDGE = {"axis": "#30363b", "allies": "#2a4119", data.GERMANY: "#30363b", data.JAPAN: "#553510"}
TRACK_TINT = {"axis": "#d9dadb", "allies": "#d9e6cb", data.GERMANY: "#d9dadb", data.JAPAN: "#efd9b3"}
SPECIAL_FILL = "#efc94c"  # special weapons are yellow counters with their owner's rim
SPACE_FILL = {data.LAND: "#c19a6b", data.SEA: "#7faad4"}
SPACE_SYMBOL = {data.LAND: "land", data.SEA: "sea", data.LAND_SEA: "land-sea"}
SIDE_MARK = {"axis": "AX", "allies": "AL", data.GERMANY: "GE", data.JAPAN: "JP"}  # the terminal's marks
SOLO_PROMPTS = {"setup": "a set-up roll of 6: choose the theater whose track moves toward the Axis",
                "bomb": "bombing! choose a unit of the Axis row to send back to its bag"}

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
        for action in map(Action.parse, self.legal):
            if action.verb == "place":
                self.by_kind.setdefault(action.unit, []).append(action.space)
        wanted = ui.get("token")
        self.kind = wanted if wanted in self.by_kind and not ui.get("curtain") else next(iter(self.by_kind), None)
        self.targets = set(self.by_kind.get(self.kind, ()))
        self.last_spaces = set(self.facts["last"]["spaces"])
        self.last_tracks = set(self.facts["last"]["tracks"])


def hint_ui(view: dict, action: str) -> dict:
    """The ui that brings a hinted placement onto the board: its token kind chosen (the board offers one kind's
    spaces at a time); other decisions are always in view."""
    step = Action.parse(action)
    return {"token": step.unit} if step.verb == "place" else {}


def status_text(view: dict) -> str:
    """A one-line prompt for the player to move, or the result and its reason."""
    state, facts = view["state"], view["facts"]
    if facts["verdict"]:
        return facts["verdict"]
    who = SEAT_NAME[state["turn"]]
    decision = state["decision"]
    stuck = view.get("legal_actions") == ["yield"]  # a remote game's explicit step (game.REMOTE)
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
        return f"{who}: {theater} is won; choose the campaign to open next: a lit city on the map"
    won = "won campaign" if "links" in index.board else "closed theater"
    return f"{who}: choose the next effect of {theater} ({won}) to carry out"


def render_europe(seen) -> str:
    """The board of the base game: the theaters of Europe, Africa and the Pacific (board.py picks it)."""
    lay = seen.layout
    body, top = header(seen, reserves_above=lay.narrow)
    tops = [top] * len(lay.columns)
    if seen.solo and lay.narrow:  # a phone: under the Axis row it explains, not a long scroll away
        svg_part, height = solo_panel(seen, lay.columns[0], tops[0])
        body += svg_part
        tops[0] += height + 6
    for theater in seen.index.board["theaters"]:
        column = min(theater["column"], len(lay.columns) - 1)
        svg_part, height = theater_box(seen, theater["code"], lay.columns[column], tops[column])
        body += svg_part
        tops[column] += height + 6
    if seen.solo and not lay.narrow:  # a laptop: under the shorter column
        short = tops.index(min(tops))
        svg_part, height = solo_panel(seen, lay.columns[short], tops[short])
        body += svg_part
        tops[short] += height + 6
    if not lay.narrow:  # the reserves go under the shorter column
        short = tops.index(min(tops))
        svg_part, tops[short] = reserves(seen, lay.columns[short] + 4, lay.columns[short] + lay.column_w - 4,
                                         tops[short], stacked=False)
        body += svg_part
    svg_part, bottom = legend(seen, max(tops))
    return board(lay.width, bottom + 4, "Blitzkrieg! board", body + svg_part, BACKGROUND, DEFS)


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
        parts.append(you_play(seen, left, 50, 12) + legend_button(seen, right, 37))
        track_top = 58
    else:
        parts.append(text(right, 18, supplies, 12, "end", fill=INK))
        parts.append(you_play(seen, 390, 18, 14) + legend_button(seen, right - 350, 3))
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


def you_play(seen: Seen, x, y, size) -> str:
    """ "You play the Allies" and their marker's shape, from the first view on (nothing for a spectator)."""
    if seen.seat is None:
        return ""
    return (f'<g class="you-play">{side_chip(seen.seat, x + size / 2, round(y - size * 0.35, 1), size)}'
            f'{text(x + size + 5, y, f"You play {seat_noun(seen.seat)}", size, "start", weight="bold", fill=INK)}</g>')


def legend_button(seen: Seen, right, top) -> str:
    """The switch that shows or hides the legend under the board (the right edge at `right`)."""
    shown = bool(seen.ui.get("legend"))
    words = "Hide legend" if shown else "Legend: symbols"
    width = round(GLYPH * 12 * len(words) + 16, 1)
    command = "ui:legend=" if shown else "ui:legend=1"
    return (f'<g {command_attrs(command, words + (" under the board" if shown else " explained under the board"), shown)}>'
            f'<rect x="{right - width}" y="{top - 13}" width="{width}" height="46" fill-opacity="0"/>'  # a thumb's size
            f'{chip(right - width, top, width, 20, words, 12, "#fffaf0", RULE, INK, rx=10)}</g>')


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
        parts.append(rect(x, y, round(size - 1, 1), height, "#fffaf0", "#c0392b" if goal else "#a89a7c",
                          2.5 if goal else 1, 2))
        parts.append(text(round(x + size / 2, 1), y + 12, n, 11, fill="#c0392b" if goal else "#6b5e45",
                          weight="bold" if goal or n % 5 == 0 else "normal"))
    mark = min(12, size / 2 - 1)
    for offset, seat in enumerate(seen.seats):
        vp = min(seen.state["vp"][seat], data.WAR_TRACK_SPACES)
        row, col = divmod(vp, per_row)
        cx = round(left + col * size + size / 2 + (offset - 0.5) * (mark + 1), 1)
        cy = top + row * (height + 2) + height - mark / 2 - 2
        parts.append(f'<g data-piece="vp-{seat}"><title>{SEAT_NAME[seat]}: {seen.state["vp"][seat]} war victory '
                     f'points</title>{side_chip(seat, cx, cy, mark)}</g>')
    parts.append("</g>")
    return "".join(parts), top + rows(spaces, per_row) * (height + 2)


def side_chip(seat: str, cx, cy, size) -> str:
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
    width = (right - left) if stacked else share(right - left, 2, 10)
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
    lines = wrap_to(seen.facts["verdict"], width - 20, 16)
    height = 14 + 20 * len(lines)
    return (f'<g class="verdict">{rect(x, y, width, height, GOLD, GOLD_EDGE, 2, 8)}'
            f'{text_lines(x + width / 2, y + 22, lines, 16, 20, weight="bold", fill=INK)}</g>'), y + height


# -- A theater: title band, battle track, campaign rows --------------------------------------------
def theater_box(seen: Seen, code: str, x, y, campaigns=None):
    """A theater's panel (`campaigns`: the rows to draw, all of its campaigns by default); (svg, height)."""
    lay, index, state = seen.layout, seen.index, seen.state
    campaigns = campaigns or index.theater_campaigns[code]
    active = seen.facts["active"][code]
    heights = [lay.row_height(cid == active or not lay.narrow) for cid in campaigns]
    height = 26 + lay.track_h + sum(h + 6 for h in heights) + 2
    width = lay.column_w
    cued = [c for c in seen.facts["cues"] if c["at"][:2] == code]
    title, room = index.theaters[code]["name"], width * 0.62  # the rest of the band says who is ahead
    if code in state["closed_theaters"] and not cued:  # while cued, the cue says it beside the name
        winner = state["closed_theaters"][code]
        title += f": won by {SEAT_NAME[winner]}" if winner else ": closed, no winner"
        room = width - 20
    size = fit_size(title, room, lay.title)
    parts = [f'<g class="theater" data-theater="{code}">',
             card(x, y, width, height, PANEL, RULE, BAND, 22),
             text(x + 10, y + 17, title, size, "start", weight="bold", fill="#fff", cls="theater-title")]
    leader = seen.facts["leaders"][code]
    if cued:
        parts.append(scoring_cue(seen, cued, round(x + 10 + GLYPH * size * len(title) + 10, 1), y + 2, x + width - 4))
    elif code not in state["closed_theaters"]:
        lead = (f"{SEAT_NAME[leader]} ahead by {abs(state['markers'][code])}" if leader else "marker in the centre")
        parts.append(text(x + width - 10, y + 17, lead, 11, "end", fill="#f3e7c6"))
    parts.append(battle_track(seen, code, x + 8, y + 28, width - 16))
    row_y = y + 26 + lay.track_h
    for cid, row_h in zip(campaigns, heights):
        parts.append(campaign_row(seen, cid, x + 6, row_y, row_h))
        row_y += row_h + 6
    parts.append("</g>")
    return "".join(parts), height


def scoring_cue(seen: Seen, cued: list, left, top, right) -> str:
    """The scoring moment of the last move in a theater, in the title band beside the name, so that it
    covers neither the name nor the track's VP icons: a short pill (the theater won, else the campaign
    closed), the whole sentence in its tooltip and data-cue (the page reads it aloud)."""
    theater = next((c for c in cued if len(c["at"]) == 2), None)
    if theater:
        winner = seen.state["closed_theaters"].get(theater["at"])
        choices = (f"Won by {SEAT_NAME[winner]}", SEAT_NAME[winner]) if winner else ("Closed, no winner", "No winner")
    else:
        cid = cued[0]["at"]
        scorer = seen.state["closed_campaigns"].get(cid)
        number = "Campaign" if "links" in seen.index.board else f"Campaign {cid[2:]}"
        score = f"{SEAT_NAME[scorer]} score{'' if scorer == 'allies' else 's'}" if scorer else "nobody scores"
        choices = (f"{number} closes: {score}", f"{number}: {score}", score)
    words = next((w for w in choices if GLYPH * 11 * len(w) + 14 <= right - left), choices[-1])
    said = ". ".join(c["text"] for c in cued)
    width = min(right - left, GLYPH * 12 * len(words) + 14)
    return cue(said, chip(round(right - width, 1), top, round(width, 1), 18, words, fit_size(words, width - 10, 12),
                          "#ffe98a", "#b8860b", INK, 1.5, 9))


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
    parts = [symbol("track-end", f"{SEAT_NAME[seat]} end of the track: the marker there wins the theater for "
                    f"{seat_noun(seat)}", side_chip(seat, round(cx, 1), top + lay.square_h / 2, 12))
             for seat, cx in ((end_seat[-1], left - end_w / 2 - 2), (end_seat[1], left + squares * size + end_w / 2 + 2))]
    for pos in range(-length, length + 1):
        sx = round(left + (pos + length) * size, 2)
        side = end_seat[1 if pos > 0 else -1]
        fill = "#c0392b" if pos == 0 else SIDE_FILL[side] if abs(pos) == length else TRACK_TINT[side]
        square = (f'<rect x="{sx}" y="{top}" width="{size}" height="{lay.square_h}" fill="{fill}" '
                  f'stroke="{RULE}" stroke-width=".6"/>')
        parts.append(symbol("centre", "The centre of the track: nobody leads here", square) if pos == 0 else square)
        cx = round(sx + size / 2, 2)
        if abs(pos) in icons:  # a VP icon: a gold pennant over the square
            bonus = icons.index(abs(pos)) + 1
            parts.append(symbol("vp-icon", f"VP icon: +{bonus} VP to {seat_noun(side)} when a campaign here closes "
                                           f"with the marker on or past it",
                                f'<path d="M{cx - 7} {top - 13}h14v8l-7 5l-7 -5z" fill="{GOLD}" stroke="{GOLD_EDGE}"/>'
                                + text(cx, top - 3, f"+{bonus}", 11, weight="bold", fill=INK)))
        elif abs(pos) > length - end_zone:  # Nippon's end squares
            bonus = abs(pos) - length + end_zone
            parts.append(symbol("end-square", f"End square +{bonus}: the marker here wins the city for "
                                              f"{seat_noun(side)} with {bonus} extra VP",
                                text(cx, top - 3, f"+{bonus}", 11, weight="bold", fill=INK)))
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
    number = cid[len(code):]
    parts = [f'<g class="campaign" data-campaign="{cid}">',
             symbol("campaign", f"Campaign {number}" + (": the active campaign, units go here now" if active else
                                                        ": closed" if closed else ": opens when the one above closes"),
                    f'<circle cx="{x + 8}" cy="{y + row_h / 2}" r="8" fill="{INK if active else "#a89a7c"}"/>'
                    + text(x + 8, y + row_h / 2 + 4, number, 11, weight="bold", fill="#fff"))]
    sx = x + 20
    for sid in campaign["spaces"]:
        parts.append(space_cell(seen, sid, sx, y, row_h, closed))
        sx += lay.cell_w + lay.gap
    if active:
        parts.append(f'<rect x="{x + 17}" y="{y - 3}" width="{sx - x - 20 - lay.gap + 6}" height="{row_h + 6}" '
                     f'fill="none" stroke="{INK}" stroke-width="2" rx="5" data-symbol="active"/>')
    scorer = seen.state["closed_campaigns"].get(cid)
    fill = SIDE_FILL[scorer] if scorer else "url(#bk-nobody)" if closed else "#fff"
    cy = y + row_h / 2
    shield_words = (f"won by {SEAT_NAME[scorer]}" if scorer else "closed, no winner (hatched)" if closed
                    else "to the side the marker leans to when it closes")
    parts.append(symbol("shield", f"Campaign {number}: {campaign['vp']} VP, {shield_words}",
                        f'<path d="M{sx + 2} {cy - 13}h28v15l-14 12l-14 -12z" fill="{fill}" stroke="#333"/>'
                        + text(sx + 16, cy + 4, campaign["vp"], 13, weight="bold", fill="#fff" if scorer else INK)))
    if closed:
        words = f"won by {SEAT_NAME[scorer]}" if scorer else "no winner"
        if sx + 36 + GLYPH * 11 * len(words) <= x + lay.column_w - 12:
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
    parts = [f'<g data-symbol="{SPACE_SYMBOL[space["type"]]}">{ground(space["type"], x, y, w, h)}</g>',
             f'<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="none" rx="1" '
             f'stroke="{"#e0a800" if last else "#3b3326"}" stroke-width="{3 if last else 1}"/>']
    token = seen.state["spaces"].get(sid)
    badge = GLYPH * 11 * len(data.effect_label(effect)) + 6 if effect and not (token and h < 44) else 0
    if badge:  # a short row shows only its counter, as the counter covers the space on the table
        parts.append(effect_badge(effect, x + 3, y + 3, badge))
    if token:
        size = min(h - 8, 40)
        if badge + 7 > w - size - 4:  # the counter would cover the effect: it sits lower, a little smaller
            size = min(size, h - 22)
        parts.append(counter(seen.state["placed_by"][sid], token, round(x + w - size / 2 - 4, 1),
                             round(y + h - size / 2 - 4, 1), size, seen.state["spy_copies"].get(sid)))
    cell = "".join(parts)
    name = f"{seen.index.space_name(sid)}, {space['type']}, {effect_name(effect)}"
    cls = ' class="last" data-symbol="last"' if last else ""
    if sid in seen.targets:
        words = f"Place {unit_words(seen.kind)} on {name}"  # the name begins with the visible effect label
        words = f"{data.effect_label(effect)}: {words}" if effect else words
        return (f'<g {action_attrs(f"{seen.kind}@{sid}", words)}><title>{esc(words)}: {effect_detail(effect)}</title>'
                f'{cell}<rect x="{x + 1.5}" y="{y + 1.5}" width="{w - 3}" height="{h - 3}" fill="#ffe066" '
                f'fill-opacity="0.3" stroke="#e0a800" stroke-width="3" stroke-dasharray="6 3" data-symbol="target"/></g>')
    dim = rect(x, y, w, h, PANEL, extra=' fill-opacity=".45"') if closed else ""
    return f'<g{cls}><title>{esc(name)}: {effect_detail(effect)}</title>{cell}{dim}</g>'


def ground(kind: str, x, y, w, h) -> str:
    """A space's ground: land brown, sea blue with waves, land/sea split corner to corner."""
    land, sea = SPACE_FILL[data.LAND], SPACE_FILL[data.SEA]
    if kind == data.LAND_SEA:
        return (f'{rect(x, y, w, h, land)}<path d="M{x + w} {y}v{h}h-{w}z" fill="{sea}"/>'
                f'<path d="M{x + w} {y}v{h}h-{w}z" fill="url(#bk-waves)"/>')
    if kind == data.SEA:
        return rect(x, y, w, h, sea) + rect(x, y, w, h, "url(#bk-waves)")
    return rect(x, y, w, h, land)


def effect_badge(effect: str, x, y, width) -> str:
    """A space's effect label on its cream badge, explained on hover or a long press."""
    label = data.effect_label(effect)
    return symbol(effect_symbol(effect), f"{label}: {effect_name(effect)}: {effect_detail(effect)}",
                  badge_body(label, x, y, width))


def badge_body(label: str, x, y, width) -> str:
    return (rect(x, y, f"{width:.1f}", 15, "#fffaf0", "#3b3326", ".8", 3)
            + text(round(x + width / 2, 1), y + 11, label, 11, weight="bold", fill=INK))


def effect_symbol(effect: str) -> str:
    """The legend entry of an effect: "IP" and "IP2" share one, "TA+2" is "TA"."""
    return "effect-" + effect.rstrip("0123456789").rstrip("+")


def symbol(key: str, words: str, body: str) -> str:
    """A board symbol the legend lists (data-symbol), with its meaning on hover or a long press."""
    return titled(words, body, f' data-symbol="{key}"')


def counter(owner: str, token: str, cx, cy, size, copied=None) -> str:
    """A unit counter: Axis/Germany square, Allies/Japan round (shape, not only colour), a unit icon above
    its strength; special weapons are yellow with their owner's rim. data-piece keeps the token's id."""
    kind = kind_of(token)
    unit = UNITS[copied or kind]
    special = data.is_special(token)
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
    marks = f'<path data-symbol="icon-{unit_icon(kind)}" d="{ICONS[unit_icon(kind)]}" transform="translate({cx} {icon_y}) scale({scale})" fill="{ink}"/>'
    if copied:  # a spy copying: the copied unit's icon, the spy's eye small in the corner
        marks = (f'<path data-symbol="icon-{unit_icon(copied)}" d="{ICONS[unit_icon(copied)]}" '
                 f'transform="translate({cx} {icon_y}) scale({scale})" fill="{ink}"/><path data-symbol="icon-spy" d="{ICONS["spy"]}" transform="translate({round(cx - half * .55, 1)} '
                 f'{round(cy - half * .6, 1)}) scale({scale * .5:.2f})" fill="{ink}"/>')
    if "blitz" in UNITS[kind]["abilities"]:
        marks += (f'<path data-symbol="icon-blitz" d="{ICONS["blitz"]}" transform="translate({round(cx + half * .55, 1)} '
                  f'{round(cy - half * .5, 1)}) scale({scale * .6:.2f})" fill="#c0392b"/>')
    if value != "":
        marks += text(cx, round(cy + half - size * 0.1, 1), value, font, weight="bold", fill=ink)
    words = f"{SEAT_NAME[owner]} {unit_words(kind)}" + (f" copying {unit_words(copied)}" if copied else "")
    words += ": " + unit_meaning(copied or kind)
    piece = token.replace(":", "-").replace("#", "-")
    return (f'<g data-piece="{esc(piece)}" data-symbol="{"special" if special else "counter"}"><title>{esc(words)}'
            f'</title>{shape}{marks}</g>')


def face_down(cx, cy, size) -> str:
    half = size / 2
    return symbol("face-down", "A face-down unit: its owner alone knows it",
                  f'<rect x="{cx - half}" y="{cy - half}" width="{size}" height="{size}" rx="{size / 8:.1f}" '
                  f'fill="#5b5246" stroke="#222"/>' + text(cx, cy + 5, "?", 14, weight="bold", fill="#fff"))


# -- The legend: every symbol the board draws, with its meaning -----------------------------------
def legend_entries(map_entries=None) -> list:
    """[(symbol key, sample drawn around (0, 0), words)] for every data-symbol the board can carry; a map
    other than Europe's (Nippon's) brings its own symbols, `map_entries`."""
    def square(fill, extra=""):
        return rect(-9, -7, 18, 14, fill, RULE) + extra

    def badge(label):
        width = GLYPH * 11 * len(label) + 6
        return badge_body(label, round(-width / 2, 1), -7, width)

    def icon(name):
        return f'<path d="{ICONS[name]}" fill="{INK}"/>'
    nippon = bool(map_entries)
    entries = [
        ("track-end", side_chip("axis" if not nippon else data.GERMANY, -6, 0, 11)
         + side_chip("allies" if not nippon else data.JAPAN, 7, 0, 11), "the two ends of a battle track"),
        ("centre", square("#c0392b"), "the centre of the track"),
        ("vp-icon", f'<path d="M-7 -8h14v8l-7 5l-7 -5z" fill="{GOLD}" stroke="{GOLD_EDGE}"/>',
         "VP icon: +1, +2 VP when a campaign closes past it"),
        ("end-square", text(0, 4, "+3", 11, weight="bold", fill=INK), "end square: extra VP when a city is won"),
        ("campaign", f'<circle r="8" fill="{INK}"/>' + text(0, 4, "1", 11, weight="bold", fill="#fff"),
         "campaign number (dark: the active one)"),
        ("active", rect(-10, -8, 20, 16, "none", INK, 2, 4),
         "the active campaign: units go here"),
        ("shield", '<path d="M-9 -8h18v10l-9 7l-9 -7z" fill="#fff" stroke="#333"/>',
         "campaign VP: filled with the winner's colour"),
        ("land", square(SPACE_FILL[data.LAND]), "land space: armies, airforces"),
        ("sea", square(SPACE_FILL[data.SEA]) + square("url(#bk-waves)"), "sea space: navies, airforces"),
        ("land-sea", ground(data.LAND_SEA, -9, -7, 18, 14), "land/sea space: any unit"),
        ("effect-IP", badge("IP"), "production: draw 1 unit (IP2: 2)"),
        ("effect-R", badge("R"), "research: a special weapon to your bag (R2: 2)"),
        ("effect-RI", badge("RI"), "research industry: a special weapon to reserve"),
        ("effect-B", badge("B"), "bombing: your opponent loses a reserve unit"),
        ("effect-P", badge("P1"), "propaganda: war VP for you"),
        ("effect-TA", badge("+2"), "tactical advantage: this marker moves 2 more"),
        ("effect-SA", badge("<+2>"), "strategic advantage: another marker moves 2"),
        ("counter", side_chip("axis" if not nippon else data.GERMANY, -7, 0, 13)
         + side_chip("allies" if not nippon else data.JAPAN, 8, 0, 13), "a unit: square or round by its side"),
        ("special", rect(-7, -7, 14, 14, SPECIAL_FILL, "#555", 2, 2), "special weapon (yellow)"),
        ("face-down", rect(-7, -7, 14, 14, "#5b5246", rx=2) + text(0, 4, "?", 11, weight="bold", fill="#fff"), "a unit face down"),
    ]
    entries += [(f"icon-{name}", icon(name), words) for name, words in ICON_WORDS.items()]
    entries += [("last", rect(-9, -7, 18, 14, "none", "#e0a800", 3), "changed by the last move"),
                ("target", rect(-9, -7, 18, 14, "#ffe066", "#e0a800", 2, extra=' stroke-dasharray="4 2"'),
                 "tap to place the chosen unit here")]
    if nippon:  # its tracks end in extra-VP squares instead of VP icons; and its map
        return [e for e in entries if e[0] != "vp-icon"] + map_entries
    return [e for e in entries if e[0] != "end-square"]


ICON_WORDS = {"army": "army (tank)", "navy": "navy (ship)", "air": "airforce (plane)",
              "general": "general", "admiral": "admiral", "nuke": "nuclear bomb", "spy": "spy",
              "scientist": "scientist", "inspired": "inspired leadership", "godzilla": "Godzilla",
              "partisans": "partisans", "blitz": "blitz: place one more unit"}


def legend(seen: Seen, top, map_entries=None):
    """While ui["legend"] is set: every symbol of this board (legend_entries) with its words, in columns;
    (svg, bottom y)."""
    if not seen.ui.get("legend"):
        return "", top
    lay = seen.layout
    entries = legend_entries(map_entries)
    columns = 1 if lay.narrow else 3
    width = (lay.width - 2 * lay.margin) / columns
    per_column = rows(len(entries), columns)
    step = 20
    height = 30 + per_column * step
    parts = ['<g class="legend" role="group" aria-label="Legend">'
             + rect(lay.margin, top, lay.width - 2 * lay.margin, height, PANEL, RULE, rx=8),
             text(lay.margin + 10, top + 18, "Legend (hover or long-press a symbol for its meaning)",
                  12, "start", weight="bold", fill=INK)]
    for n, (key, sample, words) in enumerate(entries):
        column, row = divmod(n, per_column)
        x, y = lay.margin + 10 + column * width, top + 36 + row * step
        parts.append(f'<g data-legend="{key}">{place(round(x + 14, 1), y, sample)}'
                     f'{text(round(x + 34, 1), y + 4, words, 11 if lay.narrow else 12, "start", fill=INK)}</g>')
    parts.append("</g>")
    return "".join(parts), top + height + 4


# -- Solo mode: the solo module's panel ----------------------------------------------------
def solo_panel(seen: Seen, x, y):
    """The solo module at a glance, so that the board's first theater shows at once: its stratagem, the
    stratagem's rule on one line and its unit die (drawn as a die); a tap (ui:solo=1) unfolds the whole rule,
    the Axis's last move and why, and the set-up rolls. Hovered, its tooltip holds all of it. (svg, height)"""
    solo, options = seen.state["solo"], seen.view["options"]
    width, die_size = seen.layout.column_w, 44  # a thumb's width on a phone
    room = width - 16 - (die_size + 10 if solo["drawn"] else 0)
    open_ = bool(seen.ui.get("solo"))
    setup = (f"Solo module ({options['difficulty']}): set-up rolls {', '.join(map(str, solo['rolls']))}; "
             f"its cup holds {len(solo['cup'])} stratagems")
    if not solo["drawn"]:  # the set-up: nothing more to tell
        lines, details = [(line, "bold", INK) for line in wrap_to(setup, room, 12)], [setup]
    else:
        name = data.STRATAGEMS[solo["drawn"]]["name"]
        if solo["drawn"] == "steamroll":
            name += f", repeating {data.STRATAGEMS[solo['stratagem']]['name']}"
        rule = data.STRATAGEMS[solo["stratagem"]]["text"]
        details = [f"Stratagem drawn: {name}", rule]
        if solo["last"]:
            details.append(f"Last Axis move: {decision_words(seen.index, Action.parse(solo['last']['action']))}. "
                           f"Reason: {solo['last']['reason']}")
        details.append(setup)
        lines = [(line, "bold", INK) for line in wrap_to(details[0], room, 12)]
        if open_:
            lines += [(line, "normal", INK) for words in details[1:] for line in wrap_to(words, room, 12)]
        else:
            first, *more = wrap_to(rule, room, 12)
            lines.append((first + ("…" if more else ""), "normal", INK))
        more = "More: the Axis's reason, the set-up ▾" if solo["last"] else "More: the set-up rolls ▾"
        lines.append(("Show less ▴" if open_ else more, "bold", RULE))
    height = max(10 + 15 * len(lines), die_size + 12 if solo["drawn"] else 0)
    toggle = '<g role="group" aria-label="Solo module">'
    if solo["drawn"]:
        label = "Fold the solo module's details" if open_ else "Show the solo module's reason and set-up"
        toggle = f'<g {command_attrs("ui:solo=" if open_ else "ui:solo=1", label)} aria-expanded="{str(open_).lower()}">'
    parts = [f'<g class="solo">{toggle}{rect(x, y, width, height, "#f6e3e1", "#8e2b22", rx=8)}'
             f'<title>{esc(" ".join(details))}</title>']
    for n, (line, weight, fill) in enumerate(lines):
        parts.append(text(x + 8, y + 19 + 15 * n, line, 12, "start", weight=weight, fill=fill))
    if solo["drawn"]:
        parts.append(die(x + width - die_size - 8, y + 6, die_size, solo["die"], fill="#8e2b22", pip="#ffffff",
                         stroke="#3b0f0b", roll=("axis", 1), title=f"The solo module's unit die: {solo['die']}"))
    parts.append("</g></g>")
    return "".join(parts), height
