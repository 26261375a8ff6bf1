"""The Nippon Expansion board as one SVG: the map of the USA above, the open campaigns below.

On the map, an unopened city is a dashed white ring, an open one a thick gold ring with its
marker position, and a closed one is filled with its winner's colour (hatched grey if nobody
won it). The open campaigns' tracks and spaces are drawn with the base board's theater panels:
two by two on a laptop, stacked on a phone, where the map is squeezed to the screen's width.
"""

from ..svg import action_attrs, board, rect, text, text_lines, titled
from . import svg as base
from .actions import Action

MAP_X, MAP_Y, MAP_W, MAP_H = 10, 70, 1180, 330  # the map's box in the data's coordinates (data.NIPPON "map")
PANELS = 4  # four battle markers: at most four campaigns open at once
PANEL_STEP = 130  # a laptop's second row of panels (a one-campaign panel is 124 high)
# A schematic outline of the continental USA in the data's coordinates.
USA = ((268, 90), (560, 90), (760, 95), (800, 122), (905, 104), (1000, 110), (1090, 80), (1150, 90),
       (1140, 130), (1080, 170), (1050, 200), (1032, 250), (1000, 300), (975, 340), (990, 396), (955, 396),
       (930, 352), (860, 356), (790, 392), (700, 386), (642, 398), (590, 362), (520, 352), (430, 362),
       (360, 362), (310, 334), (280, 270), (258, 200), (265, 120))
HAWAII = ((70, 318), (82, 312), (90, 322), (78, 328), (102, 334), (114, 328), (120, 344), (106, 350))
# On a phone the map is squeezed sideways; these cities' names go above them, clear of a neighbour's.
NAME_ABOVE = {"DE", "DT", "AT", "JA"}
NARROW_MAP_H = 296
MAP_FOOT = 16  # room under the southern cities for their names
MAP_PAD = {True: 16, False: 28}  # (narrow?) a margin inside the map's frame, so that Honolulu's and Boston's names and shields stay clear of it
LEGEND = ("dashed ring: not opened yet", "gold ring: open, with its marker's distance",
          "filled: won by that side", "hatched grey: closed, no winner")


class Map:
    """Where the map is drawn: the data's map coordinates scaled into the board's box."""

    def __init__(self, lay, top):
        self.narrow = lay.narrow
        self.left, self.top = lay.margin, top
        self.width = lay.width - 2 * lay.margin
        self.height = NARROW_MAP_H if lay.narrow else MAP_H + MAP_FOOT - 26  # a laptop's legend below: as high as before
        self.pad = MAP_PAD[lay.narrow]
        self.sx, self.sy = (self.width - 2 * self.pad) / MAP_W, (self.height - MAP_FOOT - 8) / MAP_H
        self.legend_lines = LEGEND if lay.narrow else ("; ".join(LEGEND),)
        self.legend_h = 14 * len(self.legend_lines) + 4  # under the map, clear of the cities
        self.radius = 10 if lay.narrow else 14

    def at(self, point):
        x, y = point
        return round(self.left + self.pad + (x - MAP_X) * self.sx, 1), round(self.top + 8 + (y - MAP_Y) * self.sy, 1)


def render_nippon(seen) -> str:
    """The Nippon board from a view (a base.Seen): the score, the map (a phone: then the reserves), then the
    open campaigns in fixed slots."""
    lay = seen.layout
    body, top = base.header(seen, reserves_above=not lay.narrow)
    where = Map(lay, top)
    body += us_map(seen, where, {a.theater for a in map(Action.parse, seen.legal) if a.verb == "open"})
    top += where.height + where.legend_h + 6
    if lay.narrow:  # a phone: the reserves under the map, so that the whole map shows above the docked tray
        svg_part, top = base.reserves(seen, lay.margin + 4, lay.width - lay.margin - 4, top, stacked=True)
        body += svg_part
        top += 6
    bottom = top
    for number, code in enumerate(panel_slots(seen.state)):
        if not code:
            continue
        if lay.narrow:
            svg_part, height = base.theater_box(seen, code, lay.columns[0], bottom)
            bottom += height + 6
        else:
            row, column = divmod(number, 2)
            svg_part, height = base.theater_box(seen, code, lay.columns[column], top + row * PANEL_STEP)
            bottom = max(bottom, top + row * PANEL_STEP + height + 6)
        body += svg_part
    svg_part, bottom = base.legend(seen, bottom, LEGEND_ENTRIES)
    return board(lay.width, bottom + 4, "Blitzkrieg! Nippon board: the USA", body + svg_part, base.BACKGROUND, base.DEFS)


def panel_slots(state: dict) -> list:
    """The campaign shown in each of the four panels. A campaign keeps its panel while open; the one a
    closing opens takes the closed one's panel, so nothing moves when a campaign closes (the closed one
    stays until its successor opens)."""
    slots = list(state["opened"][:PANELS])
    for closed, opened in zip(state["closed_theaters"], state["opened"][PANELS:]):
        slots[slots.index(closed)] = opened
    return slots


def background(where: Map) -> str:
    """Sea, the mainland and Hawaii, and the legend."""
    def points(outline):
        return " ".join(f"{x},{y}" for x, y in map(where.at, outline))
    parts = [rect(where.left, where.top, where.width, where.height, "#cfe0ee", base.RULE, rx=8),
             f'<polygon points="{points(USA)}" fill="#e9dcc0" stroke="#8a7f66" stroke-width="2"/>',
             f'<polygon points="{points(HAWAII)}" fill="#e9dcc0" stroke="#8a7f66"/>']
    if not where.narrow:
        for words, point in (("Pacific Ocean", (150, 180)), ("Atlantic Ocean", (1110, 330))):
            parts.append(text(*where.at(point), words, 13, fill="#3d5f80", weight="bold"))
    parts.append(text_lines(where.left + 8, where.top + where.height + 14, where.legend_lines, 11, 14, anchor="start",
                            fill="#333"))
    return "".join(parts)


def us_map(seen, where: Map, choices) -> str:
    parts = ['<g class="map">', background(where)]
    theaters, closed = seen.index.theaters, seen.state["closed_theaters"]
    for link in seen.index.board["links"]:
        (x1, y1), (x2, y2) = (where.at(theaters[code]["map"]) for code in link["cities"])
        done = all(code in closed for code in link["cities"])
        style = 'stroke="#aaa" stroke-dasharray="4 4"' if done else 'stroke="#5b4a30"'
        parts.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" {style} stroke-width="2" data-symbol="link"/>')
    for code in theaters:
        parts.append(city(seen, where, code, code in choices))
    parts.append("</g>")
    return "".join(parts)


def city(seen, where: Map, code, choice) -> str:
    theater = seen.index.theaters[code]
    x, y = where.at(theater["map"])
    r = where.radius
    name, vp = theater["name"], seen.index.campaigns[f"{code}1"]["vp"]
    state = seen.state
    if code in state["closed_theaters"]:
        winner = state["closed_theaters"][code]
        fill = base.SIDE_FILL[winner] if winner else "url(#bk-nobody)"
        status = f"won by {base.SEAT_NAME[winner]}" if winner else "closed, no winner (hatched)"
        ring = (f'<circle cx="{x}" cy="{y}" r="{r}" fill="{fill}" stroke="#333" stroke-width="1.5" '
                f'data-symbol="{"city-won" if winner else "city-nobody"}"/>')
        mark = ""
    elif code in state["opened"]:
        marker, leader = state["markers"][code], seen.facts["leaders"][code]
        status = f"open, marker {abs(marker)} toward {base.SEAT_NAME[leader]}" if leader else "open, marker in the centre"
        fill = base.SIDE_FILL[leader] if leader else "#fff"  # the side its marker leans to
        ring = (f'<circle cx="{x}" cy="{y}" r="{r}" fill="{fill}" stroke="#e0a800" '
                f'stroke-width="{4 if where.narrow else 5}" data-symbol="city-open"/>')
        mark = str(abs(marker))
    else:
        status = "not opened yet"
        ring = (f'<circle cx="{x}" cy="{y}" r="{r}" fill="#fff" stroke="#555" stroke-width="2" stroke-dasharray="4 3" '
                f'data-symbol="city-unopened"/>')
        mark = ""
    label = f"{name} ({vp} VP): {status}"
    above = where.narrow and code in NAME_ABOVE
    shield = x + r + 8 if x + r + 16 < where.left + where.width else x - r - 8  # the VP shield, inside the map
    top = y - 8 if above else y - r - 6  # beside the ring when the name is above it
    body = (f'{ring}{text(x, y + 4, mark, 11, weight="bold", fill="#fff" if mark not in ("", "0") else base.INK)}'
            f'{text(x, y - r - 5 if above else y + r + 13, name, 11, weight="bold", fill=base.INK)} '
            f'<path d="M{shield - 7} {top}h14v9l-7 6l-7 -6z" fill="#fff" stroke="#333" data-symbol="city-vp"/>'
            f'{text(shield, top + 9, vp, 11, weight="bold", fill=base.INK)}')  # read "San Francisco 4", as named
    if choice:
        return titled(f"{name} ({vp} VP): open this campaign",
                      f'<circle cx="{x}" cy="{y}" r="22" fill="#ffe066" fill-opacity="0.35" stroke="#e0a800" '
                      f'stroke-width="3" stroke-dasharray="6 3" data-symbol="target"/>{body}',
                      " " + action_attrs(f"open:{code}", f"{name} {vp} VP: open this campaign"))
    # a city scored by the last move glows (its panel's cue says how, beside the name, covering nothing)
    scored = ' class="last"' if any(c["at"][:2] == code for c in seen.facts["cues"]) else ""
    return titled(label, body, f' data-piece="city-{code}"{scored}')


# The map's symbols for the legend (base.legend_entries), drawn around (0, 0).
LEGEND_ENTRIES = [
    ("city-unopened", '<circle r="7" fill="#fff" stroke="#555" stroke-width="2" stroke-dasharray="4 3"/>',
     "city not opened yet"),
    ("city-open", '<circle r="7" fill="#fff" stroke="#e0a800" stroke-width="3"/>'
                  + text(0, 4, "2", 11, weight="bold", fill=base.INK),
     "open city: the marker's distance from the centre"),
    ("city-won", f'<circle r="7" fill="{base.SIDE_FILL["japan"]}" stroke="#333" stroke-width="1.5"/>',
     "city won: filled with the winner's colour"),
    ("city-nobody", '<circle r="7" fill="url(#bk-nobody)" stroke="#333" stroke-width="1.5"/>',
     "hatched grey: closed with no winner"),
    ("link", '<line x1="-10" y1="0" x2="10" y2="0" stroke="#5b4a30" stroke-width="2"/>',
     "line: a closed city opens one joined to it"),
    ("city-vp", '<path d="M-7 -8h14v9l-7 6l-7 -6z" fill="#fff" stroke="#333"/>', "the city's VP"),
]
