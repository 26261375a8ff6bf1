"""The Nippon Expansion board as one SVG: the map of the USA above, the open campaigns below.

On the map, an unopened city is a dashed white ring, an open one a thick gold ring with its
marker position, and a closed one is filled with its winner's colour (hatched grey if nobody
won it). The open campaigns' tracks and spaces are drawn with the base board's theater boxes.
"""

from ..svg import action_attrs, esc, svg_open, text
from . import svg as base

MAP_TOP, MAP_BOTTOM = 70, 400
PANELS = 4  # four battle markers: at most four campaigns open at once
PANEL_TOPS, PANEL_XS = (405, 523), (10, 605)
# A schematic outline of the continental USA in board coordinates.
USA = ((268, 90), (560, 90), (760, 95), (800, 122), (905, 104), (1000, 110), (1090, 80), (1150, 90),
       (1140, 130), (1080, 170), (1050, 200), (1032, 250), (1000, 300), (975, 340), (990, 396), (955, 396),
       (930, 352), (860, 356), (790, 392), (700, 386), (642, 398), (590, 362), (520, 352), (430, 362),
       (360, 362), (310, 334), (280, 270), (258, 200), (265, 120))
HAWAII = ((70, 318), (82, 312), (90, 322), (78, 328), (102, 334), (114, 328), (120, 344), (106, 350))


def render_nippon(seen) -> str:
    """The Nippon board from a view (a base.Seen): the map, then the open campaigns in fixed slots."""
    parts = [svg_open(base.WIDTH, seen.height, "Blitzkrieg! Nippon board: the USA"),
             f'<rect width="{base.WIDTH}" height="{seen.height}" fill="#efe6cf"/>',
             base.header(seen),
             us_map(seen, {a[5:] for a in seen.legal if a.startswith("open:")})]
    for number, code in enumerate(panel_slots(seen.state)):
        if code:
            y, x = PANEL_TOPS[number // 2], PANEL_XS[number % 2]
            parts.append(base.theater_box(seen, code, x, y)[0])
    parts.append(base.reserves(seen))
    parts.append("</svg>")
    return "".join(parts)


def panel_slots(state: dict) -> list:
    """The campaign shown in each of the four panels. A campaign keeps its panel while open; the one a
    closing opens takes the closed one's panel, so nothing moves when a campaign closes (the closed one
    stays until its successor opens)."""
    slots = list(state["opened"][:PANELS])
    for closed, opened in zip(state["closed_theaters"], state["opened"][PANELS:]):
        slots[slots.index(closed)] = opened
    return slots


MAP_BACKGROUND = "".join((
    f'<rect x="10" y="{MAP_TOP}" width="1180" height="{MAP_BOTTOM - MAP_TOP}" rx="6" fill="#cfe0ee" stroke="#6b5e45"/>',
    '<defs><pattern id="nobody" width="6" height="6" patternUnits="userSpaceOnUse">'
    '<rect width="6" height="6" fill="#ddd"/><path d="M0 6 L6 0" stroke="#888"/></pattern></defs>',
    f'<polygon points="{" ".join(f"{x},{y}" for x, y in USA)}" fill="#e9dcc0" stroke="#8a7f66" stroke-width="2"/>',
    f'<polygon points="{" ".join(f"{x},{y}" for x, y in HAWAII)}" fill="#e9dcc0" stroke="#8a7f66"/>',
    text(150, 180, "Pacific Ocean", 13, fill="#4a6a88", weight="bold"),
    text(1120, 330, "Atlantic Ocean", 13, fill="#4a6a88", weight="bold"),
    text(20, 392, "dashed: unopened   gold ring: open   filled: closed (winner's colour)", 10, "start", fill="#333"),
))


def us_map(seen, choices) -> str:
    parts = ['<g class="map">', MAP_BACKGROUND]
    theaters, closed = seen.index.theaters, seen.state["closed_theaters"]
    for link in seen.index.board["links"]:
        (x1, y1), (x2, y2) = (theaters[code]["map"] for code in link["cities"])
        done = all(code in closed for code in link["cities"])
        style = 'stroke="#aaa" stroke-dasharray="4 4"' if done else 'stroke="#5b4a30"'
        parts.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" {style} stroke-width="2"/>')
    for code in theaters:
        parts.append(city(seen, code, code in choices))
    parts.append("</g>")
    return "".join(parts)


def city(seen, code, choice) -> str:
    theater = seen.index.theaters[code]
    x, y = theater["map"]
    name, vp = theater["name"], seen.index.campaigns[f"{code}1"]["vp"]
    state = seen.state
    if code in state["closed_theaters"]:
        winner = state["closed_theaters"][code]
        fill = base.SIDE_FILL[winner] if winner else "url(#nobody)"
        status = f"won by {base.SEAT_NAME[winner]}" if winner else "closed, no winner"
        ring = f'<circle cx="{x}" cy="{y}" r="14" fill="{fill}" stroke="#333" stroke-width="1.5"/>'
        mark = base.SIDE_MARK[winner] if winner else "-"
    elif code in state["opened"]:
        marker, leader = state["markers"][code], seen.facts["leaders"][code]
        status = f"open, marker {abs(marker)} toward {base.SEAT_NAME[leader]}" if leader else "open, marker in the centre"
        ring = f'<circle cx="{x}" cy="{y}" r="14" fill="#fff" stroke="#e0a800" stroke-width="5"/>'
        mark = f"{base.SIDE_MARK[leader]}{abs(marker)}" if leader else "0"
    else:
        status = "not opened yet"
        ring = (f'<circle cx="{x}" cy="{y}" r="14" fill="#fff" stroke="#555" stroke-width="2" '
                f'stroke-dasharray="4 3"/>')
        mark = ""
    label = f"{name} ({vp} VP): {status}"
    body = (f'{ring}{text(x, y + 4, mark, 9, weight="bold")}'
            f'{text(x, y + 27, name, 11, weight="bold")}'
            f'<path d="M{x + 16} {y - 20} h14 v9 l-7 6 l-7 -6 z" fill="#fff" stroke="#333"/>'
            f'{text(x + 23, y - 12, vp, 9, weight="bold")}')
    cue = "".join(f'<g class="cue" data-cue="{esc(c["text"])}"><circle cx="{x}" cy="{y}" r="22" fill="none" '
                  f'stroke="#e0a800" stroke-width="4"/></g>' for c in seen.facts["cues"] if c["at"][:2] == code)
    if choice:
        return (f'<g {action_attrs(f"open:{code}", f"Open the {name} campaign ({vp} VP)")}>{body}'
                f'<circle cx="{x}" cy="{y}" r="20" fill="#ffe066" fill-opacity="0.3" stroke="#e0a800" '
                f'stroke-width="3" stroke-dasharray="6 3"/></g>')
    return f'<g data-piece="city-{code}"><title>{esc(label)}</title>{body}{cue}</g>'
