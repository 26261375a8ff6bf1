"""The Blitzkrieg! board as one SVG string, drawn from a seat's view only (render(view, ui)).

Everything the rules decide (open theaters, the active campaigns, who leads, the final turn, the
verdict, what the last move changed, the scoring cues) is read from view["facts"]; hidden piles
arrive as {"hidden": n} and are drawn as face-down counters.
"""

from ..svg import action_attrs, command_attrs, esc, svg_open, text
from . import data
from .data import SEAT_NAME, SIGN, UNITS, bare_words, kind_of, ordinal, other, unit_words

WIDTH = 1200
RESERVE_H = 112  # the band of both reserves and the decision's buttons, at the foot of the board
COLUMN_X, COLUMN_W = (10, 605), 585
THEATERS_TOP = 70
CELL_W, CELL_H, CELL_GAP, ROW_GAP = 84, 40, 4, 6
TRACK_H = 44
SIDE_FILL = {"axis": "#8e959c", "allies": "#6f8f4c", data.GERMANY: "#8e959c", data.JAPAN: "#b08850"}
SIDE_EDGE = {"axis": "#3c4247", "allies": "#2f4420", data.GERMANY: "#3c4247", data.JAPAN: "#5a4120"}
TRACK_TINT = {"axis": "#dcdcdc", "allies": "#dfe9d2", data.GERMANY: "#dcdcdc", data.JAPAN: "#efdcb8"}
SPACE_FILL = {data.LAND: "#b68b5c", data.SEA: "#6f9fcf"}
SPACE_LETTER = {data.LAND: "L", data.SEA: "S", data.LAND_SEA: "L/S"}
SIDE_MARK = {"axis": "AX", "allies": "AL", data.GERMANY: "GE", data.JAPAN: "JP"}  # besides colour
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
    "blitz": "M1.5 -7l-5 7.5h3.5l-2 6.5 6 -8.5h-3.5z",                              # a lightning bolt
}


def unit_icon(kind: str) -> str:
    """The icon name a unit kind carries: its special ability, else its type."""
    unit = UNITS[kind]
    for ability in ("general", "admiral", "nuke", "spy", "scientist", "inspired", "godzilla"):
        if ability in unit["abilities"]:
            return ability
    return unit["type"].split("+")[0]


def fit_size(content: str, width: float, size: float) -> float:
    """A font size at most `size` at which `content` fits `width` (a character is ~0.6 em wide)."""
    return round(min(size, width / (0.6 * max(len(content), 1))), 1)


class Seen:
    """The parts of a view the drawing reads, with the board's look-up tables."""

    def __init__(self, view: dict, ui: dict):
        self.view, self.ui = view, ui
        self.state, self.facts = view["state"], view["facts"]
        self.index = data.INDEXES[self.state["board"]]
        self.seats = tuple(self.state["vp"])
        self.seat = view["seat"]
        self.solo = "solo" in self.state
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
        self.reserve_top = 640 if "links" in self.index.board else 612  # under the Nippon map's panels
        self.height = self.reserve_top + RESERVE_H + 8


def status_text(view: dict) -> str:
    """A one-line prompt for the player to move, or the result and its reason."""
    state, facts = view["state"], view["facts"]
    if facts["verdict"]:
        return facts["verdict"]
    who = SEAT_NAME[state["turn"]]
    decision = state["decision"]
    if decision is None:
        return f"{who} to place a unit" + (" (final turn)" if facts["final_turn"] else "")
    if decision["kind"] in SOLO_PROMPTS:
        return f"{who}: {SOLO_PROMPTS[decision['kind']]}"
    index = data.INDEXES[state["board"]]
    theater = index.theaters[decision.get("theater") or decision["from"]]["name"]
    if decision["kind"] == "blitz":
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
    parts = [svg_open(WIDTH, seen.height, "Blitzkrieg! board"),
             f'<rect width="{WIDTH}" height="{seen.height}" fill="#efe6cf"/>',
             header(seen)]
    tops = {0: THEATERS_TOP, 1: THEATERS_TOP}
    for theater in seen.index.board["theaters"]:
        column = theater["column"]
        x, y = COLUMN_X[column], tops[column]
        svg_part, height = theater_box(seen, theater["code"], x, y)
        parts.append(svg_part)
        tops[column] = y + height + 6
    if seen.solo:
        parts.append(solo_panel(seen, 10, tops[0]))
    parts.append(reserves(seen))
    parts.append("</svg>")
    return "".join(parts)


def header(seen: Seen) -> str:
    """The war VP track, the bags and research pile, and the status line."""
    state = seen.state
    size, x0, y0 = 22, 12, 6
    parts = [text(x0, y0 + 8, "War victory points", 11, "start", weight="bold")]
    for n in range(1, data.WAR_TRACK_SPACES + 1):
        row, col = divmod(n - 1, 15)
        x, y = x0 + col * size, y0 + 12 + row * size
        goal = n == data.WIN_VP
        parts.append(f'<rect x="{x}" y="{y}" width="{size}" height="{size}" fill="#fffaf0" '
                     f'stroke="{"#c0392b" if goal else "#8a7f66"}" stroke-width="{3 if goal else 1}"/>')
        if n % 5 == 0:
            parts.append(text(x + size / 2, y + size - 4, n, 9, fill="#c0392b" if goal else "#555"))
    for offset, seat in enumerate(seen.seats):
        vp = min(state["vp"][seat], data.WAR_TRACK_SPACES)
        if vp == 0:
            x, y = x0 + 15 * size + 6 + offset * 14, y0 + 14
        else:
            row, col = divmod(vp - 1, 15)
            x, y = x0 + col * size + 2 + offset * 9, y0 + 14 + row * size
        parts.append(f'<g data-piece="vp-{seat}"><title>{SEAT_NAME[seat]}: {state["vp"][seat]} war victory points'
                     f'</title><rect x="{x}" y="{y}" width="11" height="11" fill="{SIDE_FILL[seat]}" stroke="#000"/>'
                     f'{text(x + 5.5, y + 8.5, SIDE_MARK[seat], 6, weight="bold")}</g>')
    score = "   ".join(f"{SEAT_NAME[s]} {state['vp'][s]} VP" for s in seen.seats)
    parts.append(text(x0 + 15 * size + 40, y0 + 22, score, 14, "start", weight="bold"))

    def count(pile):
        return pile["hidden"] if isinstance(pile, dict) else len(pile)
    supplies = ("Bags: " + ", ".join(f"{SEAT_NAME[s]} {count(state['bags'][s])}" for s in seen.seats)
                + f"   Research pile: {count(state['research'])}")
    parts.append(text(1188, 20, supplies, 12, "end"))
    status = status_text(seen.view)
    parts.append(text(x0 + 15 * size + 40, y0 + 46, status, fit_size(status, 1188 - (x0 + 15 * size + 40), 15),
                      "start", "status", "bold"))
    return "".join(parts)


def theater_box(seen: Seen, code: str, x, y):
    """A theater: its title, battle track and campaign rows; (svg, height)."""
    index, state = seen.index, seen.state
    campaigns = index.theater_campaigns[code]
    height = 18 + TRACK_H + len(campaigns) * (CELL_H + ROW_GAP) + 4
    title = index.theaters[code]["name"]
    if code in state["closed_theaters"]:
        winner = state["closed_theaters"][code]
        title += f" (won by {SEAT_NAME[winner]})" if winner else " (closed, no winner)"
    parts = [f'<g class="theater" data-theater="{code}">',
             f'<rect x="{x}" y="{y}" width="{COLUMN_W}" height="{height}" rx="6" fill="#f8f2e2" stroke="#6b5e45"/>',
             text(x + 8, y + 14, title, 13, "start", weight="bold"),
             battle_track(seen, code, x, y + 18)]
    row_y = y + 18 + TRACK_H
    for cid in campaigns:
        parts.append(campaign_row(seen, cid, x + 8, row_y))
        row_y += CELL_H + ROW_GAP
    parts.append(cues(seen, code, x, y))
    parts.append("</g>")
    return "".join(parts), height


def cues(seen: Seen, code: str, x, y) -> str:
    """The scoring moments of the last move in this theater (campaign closed, theater won)."""
    parts = []
    for n, cue in enumerate(c for c in seen.facts["cues"] if c["at"][:2] == code):
        words = cue["text"]
        top = y + 2 + n * 18
        parts.append(f'<g class="cue" data-cue="{esc(words)}">'
                     f'<rect x="{x + 250}" y="{top}" width="{COLUMN_W - 256}" height="16" rx="8" fill="#ffe98a" '
                     f'stroke="#b8860b"/>{text(x + 258, top + 12, words, fit_size(words, COLUMN_W - 272, 11), "start")}'
                     f'</g>')
    return "".join(parts)


def battle_track(seen: Seen, code: str, x, y) -> str:
    index = seen.index
    length, icons = index.length(code), index.icons(code)
    end_zone = index.theaters[code]["track"].get("end_zone", 0)  # Nippon: +1/+2/+3 end squares
    end_seat = {SIGN[s]: s for s in seen.seats}
    squares = 2 * length + 1
    size = min(24, (COLUMN_W - 20) // squares)
    left = x + (COLUMN_W - squares * size) / 2
    parts = []
    for pos in range(-length, length + 1):
        sx = left + (pos + length) * size
        fill = "#c0392b" if pos == 0 else TRACK_TINT[end_seat[1 if pos > 0 else -1]]
        parts.append(f'<rect x="{sx}" y="{y + 12}" width="{size}" height="{size}" fill="{fill}" stroke="#6b5e45"/>')
        if abs(pos) in icons:
            bonus = icons.index(abs(pos)) + 1
            parts.append(f'<path d="M{sx + 3} {y} h{size - 6} v6 l-{(size - 6) / 2} 5 l-{(size - 6) / 2} -5 z" '
                         f'fill="#e8c547" stroke="#8a6d00"/>')
            parts.append(text(sx + size / 2, y + 8, f"+{bonus}", 7))
        if abs(pos) > length - end_zone:
            parts.append(text(sx + size / 2, y + 9, f"+{abs(pos) - length + end_zone}", 8, weight="bold"))
        if abs(pos) == length:
            parts.append(text(sx + size / 2, y + 12 + size - 6, SIDE_MARK[end_seat[1 if pos > 0 else -1]], 8,
                              weight="bold"))
    marker = seen.state["markers"][code]
    leader = seen.facts["leaders"][code]
    where = f"{abs(marker)} toward {SEAT_NAME[leader]}" if leader else "in the centre"
    mx = left + (marker + length) * size + size / 2
    last = ' class="last"' if code in seen.last_tracks else ""
    parts.append(f'<g data-piece="marker-{code}"{last}><title>Battle marker {where} ({SEAT_NAME[end_seat[1]]} '
                 f'ends at {length}, {SEAT_NAME[end_seat[-1]]} at {length} the other way)</title>'
                 f'<circle cx="{mx}" cy="{y + 12 + size / 2}" r="{size / 2 - 2}" fill="#fff" stroke="#000" '
                 f'stroke-width="2.5"/></g>')
    return "".join(parts)


def campaign_row(seen: Seen, cid: str, x, y) -> str:
    campaign = seen.index.campaigns[cid]
    code = campaign["theater"]
    closed = cid in seen.state["closed_campaigns"]
    parts = [f'<g opacity="{0.5 if closed else 1}">',
             text(x + 6, y + CELL_H / 2 + 5, cid[len(code):], 13, weight="bold")]
    sx = x + 16
    for sid in campaign["spaces"]:
        parts.append(space_cell(seen, sid, sx, y))
        sx += CELL_W + CELL_GAP
    width = sx - x - 16 - CELL_GAP
    if seen.facts["active"][code] == cid:
        parts.append(f'<rect x="{x + 13}" y="{y - 3}" width="{width + 6}" height="{CELL_H + 6}" '
                     f'fill="none" stroke="#000" stroke-width="2" rx="4"/>')
    # the campaign VP shield, and who scored it once closed
    parts.append(f'<path d="M{sx + 4} {y + 4} h26 v16 l-13 12 l-13 -12 z" fill="#fff" stroke="#333"/>')
    parts.append(text(sx + 17, y + 20, campaign["vp"], 12, weight="bold"))
    if closed:
        scorer = seen.state["closed_campaigns"][cid]
        parts.append(text(sx + 36, y + 24, f"won by {SEAT_NAME[scorer]}" if scorer else "no winner", 11, "start"))
    parts.append("</g>")
    return "".join(parts)


def space_cell(seen: Seen, sid: str, x, y) -> str:
    space = seen.index.spaces[sid]
    effect = space["effect"]
    last = sid in seen.last_spaces
    parts = []
    if space["type"] == data.LAND_SEA:
        parts.append(f'<rect x="{x}" y="{y}" width="{CELL_W}" height="{CELL_H}" fill="{SPACE_FILL[data.LAND]}"/>'
                     f'<path d="M{x + CELL_W} {y} v{CELL_H} h-{CELL_W} z" fill="{SPACE_FILL[data.SEA]}"/>')
    else:
        parts.append(f'<rect x="{x}" y="{y}" width="{CELL_W}" height="{CELL_H}" fill="{SPACE_FILL[space["type"]]}"/>')
    parts.append(f'<rect x="{x}" y="{y}" width="{CELL_W}" height="{CELL_H}" fill="none" '
                 f'stroke="{"#e0a800" if last else "#333"}" stroke-width="{3 if last else 1}"/>')
    parts.append(text(x + 3, y + CELL_H - 4, SPACE_LETTER[space["type"]], 8, "start", fill="#fff"))
    if effect:
        parts.append(f'<rect x="{x + 3}" y="{y + 3}" width="34" height="15" rx="3" fill="#fff" stroke="#333"/>')
        parts.append(text(x + 20, y + 14, data.effect_label(effect), 10, weight="bold"))
    token = seen.state["spaces"].get(sid)
    if token:
        parts.append(counter(seen.state["placed_by"][sid], token, x + CELL_W - 22, y + CELL_H / 2,
                             seen.state["spy_copies"].get(sid)))
    cell = "".join(parts)
    name = f"{seen.index.space_name(sid)}, {data.effect_name(effect)}"
    cls = ' class="last"' if last else ""
    if sid in seen.targets:
        return (f'<g {action_attrs(f"{seen.kind}@{sid}", f"Place {unit_words(seen.kind)} on {name}")}>{cell}'
                f'<rect x="{x + 1.5}" y="{y + 1.5}" width="{CELL_W - 3}" height="{CELL_H - 3}" fill="#ffe066" '
                f'fill-opacity="0.25" stroke="#e0a800" stroke-width="3" stroke-dasharray="6 3"/></g>')
    return f'<g{cls}><title>{esc(name)}</title>{cell}</g>'


def counter(owner: str, token: str, cx, cy, copied=None) -> str:
    """A unit counter: Axis/Germany square, Allies/Japan round (shape, not only colour), a unit icon and
    its strength; special weapons have a gold rim. data-piece keeps the token's id across renders."""
    kind = kind_of(token)
    unit = UNITS[copied or kind]
    special = token.startswith("sw:")
    rim = 'stroke="#e0b000" stroke-width="3"' if special else f'stroke="{SIDE_EDGE[owner]}" stroke-width="1.5"'
    fill = SIDE_FILL[owner]
    shape = (f'<rect x="{cx - 17}" y="{cy - 16}" width="34" height="32" rx="4" fill="{fill}" {rim}/>'
             if SIGN[owner] > 0 else f'<circle cx="{cx}" cy="{cy}" r="17" fill="{fill}" {rim}/>')
    icon = unit_icon(kind)
    marks = f'<path d="{ICONS[icon]}" transform="translate({cx} {cy - 4})" fill="#fff"/>'
    if "blitz" in UNITS[kind]["abilities"]:
        marks += f'<path d="{ICONS["blitz"]}" transform="translate({cx + 9} {cy - 8}) scale(.6)" fill="#ffd23f"/>'
    flexible = {"general", "admiral", "partisans"} & set(unit["abilities"])
    value = "+" if flexible else (unit["strength"] if unit["type"] or "inspired" in unit["abilities"] else "")
    label = f"{kind}{'>' + copied if copied else ''} {value}".strip()
    words = f"{SEAT_NAME[owner]} {unit_words(kind)}" + (f" copying {unit_words(copied)}" if copied else "")
    piece = token.replace(":", "-").replace("#", "-")
    return (f'<g data-piece="{esc(piece)}"><title>{esc(words)}</title>{shape}{marks}'
            f'{text(cx, cy + 13, label, fit_size(label, 30, 9), weight="bold", fill="#fff")}</g>')


def face_down(cx, cy) -> str:
    return (f'<rect x="{cx - 17}" y="{cy - 16}" width="34" height="32" rx="4" fill="#5b5246" stroke="#222"/>'
            f'{text(cx, cy + 5, "?", 14, fill="#fff")}')


def reserves(seen: Seen) -> str:
    """Both reserves (your own first); a hidden reserve as face-down counters; the decision buttons."""
    parts = [f'<rect x="10" y="{seen.reserve_top}" width="1180" height="{RESERVE_H}" rx="6" '
             f'fill="#e3d7b8" stroke="#6b5e45"/>']
    y = seen.reserve_top + 16
    sides = seen.seats if seen.seat is None else (seen.seat, other(seen.seat))
    for side in sides:
        pile = seen.state["reserves"][side]
        hidden = isinstance(pile, dict) or (side == seen.seat and seen.ui.get("curtain"))
        size = pile["hidden"] if isinstance(pile, dict) else len(pile)
        row = seen.solo and side == "axis"
        label = f"{SEAT_NAME[side]} {'row, left to right' if row else 'reserve'} ({size})" + (" : hidden" if hidden else "")
        parts.append(text(20, y, label, 13, "start", weight="bold"))
        x, step = 40, min(42, 560 / max(size, 1))  # a big reserve squeezes its counters
        for n in range(size):
            if hidden:
                parts.append(face_down(x, y + 20))
            else:
                parts.append(reserve_counter(seen, side, pile[n], x, y + 20))
            x += step
        y += 52
    parts.append(decision_buttons(seen))
    return "".join(parts)


def reserve_counter(seen: Seen, side: str, token: str, cx, cy) -> str:
    chip = counter(side, token, cx, cy)
    kind = kind_of(token)
    if side != seen.seat or kind not in seen.by_kind:
        return chip
    chosen = kind == seen.kind
    outline = (f'<rect x="{cx - 20}" y="{cy - 19}" width="40" height="38" rx="6" fill="none" '
               f'stroke="#e0a800" stroke-width="3"/>' if chosen else "")
    return f'<g {command_attrs(f"ui:token={kind}", f"Select {unit_words(kind)}", chosen)}>{chip}{outline}</g>'


def choice_label(seen: Seen, action: str) -> str:
    """The words of a decision's button (and of its tray entry)."""
    index, state = seen.index, seen.state
    if action == "pass":
        return "Pass (no blitz follow-up)"
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


def decision_buttons(seen: Seen) -> str:
    parts = []
    buttons = [a for a in seen.legal if "@" not in a and not a.startswith("open:")]  # the rest is on the board
    for n, action in enumerate(buttons):
        row, col = divmod(n, 3)
        x, y = 610 + col * 193, seen.reserve_top + 8 + row * 34
        label = choice_label(seen, action)
        parts.append(f'<g {action_attrs(action, label)}><rect x="{x}" y="{y}" width="187" height="30" rx="5" '
                     f'fill="#fff8dc" stroke="#8a6d00" stroke-width="2"/>'
                     f'{text(x + 93.5, y + 20, label, fit_size(label, 177, 12))}</g>')
    return "".join(parts)


# -- Solo mode: the solo module's panel ----------------------------------------------------
def wrap(words: str, width: int) -> list:
    lines, line = [], ""
    for word in words.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    return lines + [line] if line else lines


def solo_panel(seen: Seen, x, y) -> str:
    """The bot's stratagem, die and cup, and one sentence on why it made its last move."""
    solo, options = seen.state["solo"], seen.view["options"]
    height = seen.reserve_top - 6 - y
    parts = [f'<g class="solo" role="group" aria-label="Solo module">',
             f'<rect x="{x}" y="{y}" width="585" height="{height}" rx="6" fill="#f6e3e1" stroke="#8e2b22"/>',
             text(x + 8, y + 16, f"Solo module, {options['difficulty']}: set-up rolls "
                  f"{', '.join(map(str, solo['rolls']))}; cup holds {len(solo['cup'])}", 12, "start", weight="bold")]
    if solo["drawn"]:
        name = data.STRATAGEMS[solo["drawn"]]["name"]
        if solo["drawn"] == "steamroll":
            name += f" (repeats {data.STRATAGEMS[solo['stratagem']]['name']})"
        line = f"Stratagem drawn: {name}. Unit die: {solo['die']}"
        parts.append(f'<rect x="{x + 8}" y="{y + 22}" width="20" height="20" rx="10" fill="#b23a2e"/>')
        parts.append(text(x + 36, y + 37, line, fit_size(line, 540, 13), "start", weight="bold"))
        parts.append(text(x + 36, y + 52, data.STRATAGEMS[solo["stratagem"]]["text"], 11, "start"))
    last = solo["last"]
    if last:
        lines = wrap(f"Last Axis step {last['action']}: {last['reason']}", 84)
        for n, line in enumerate(lines[:max(0, (height - 60) // 13)]):
            parts.append(text(x + 8, y + 68 + 13 * n, line, 11, "start", "solo-why"))
    parts.append("</g>")
    return "".join(parts)


# -- The page's tray: the current decision as real buttons ------------------------------------
def tray(view: dict, ui=None) -> list:
    """Your reserve (choosing the unit to place), then the decision's buttons; spaces and cities stay on the
    board. Each entry: action or command, label, detail, group, pressed (see docs/architecture.md)."""
    seen = Seen(view, ui or {})
    entries = []
    if seen.by_kind:
        for kind in seen.by_kind:
            unit = UNITS[kind]
            entries.append({"action": None, "command": f"ui:token={kind}", "label": data.cap(bare_words(kind)),
                            "detail": f"{len(seen.by_kind[kind])} spaces; " + data.TYPE_WORDS[unit["type"]],
                            "group": "Unit to place (then click a highlighted space)", "pressed": kind == seen.kind})
    for action in seen.legal:
        if "@" in action or action.startswith("open:"):
            continue
        entries.append({"action": action, "command": None, "label": choice_label(seen, action), "detail": None,
                        "group": status_text(view), "pressed": False})
    return entries
