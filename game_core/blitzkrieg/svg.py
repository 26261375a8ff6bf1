"""The Blitzkrieg! board as one SVG string: war track, five theaters, reserves, decisions."""

from ..svg import action_attrs, command_attrs, esc, svg_open, text
from . import data
from .data import UNITS, kind_of, is_special
from .rules import AXIS, ALLIES, SIGN, other, unit_words

WIDTH, HEIGHT = 1200, 800
COLUMN_X, COLUMN_W = (10, 605), 585
THEATERS_TOP = 78
CELL_W, CELL_H, CELL_GAP, ROW_GAP = 84, 40, 4, 6
TRACK_H = 44
SIDE_FILL = {AXIS: "#9aa0a6", ALLIES: "#7d9b5a", data.GERMANY: "#9aa0a6", data.JAPAN: "#b08850"}
SIDE_INK = {AXIS: "#2b2f33", ALLIES: "#24361a", data.GERMANY: "#2b2f33", data.JAPAN: "#4a3518"}
TRACK_TINT = {AXIS: "#dcdcdc", ALLIES: "#dfe9d2", data.GERMANY: "#dcdcdc", data.JAPAN: "#efdcb8"}
SPACE_FILL = {data.LAND: "#b68b5c", data.SEA: "#6f9fcf"}
SPACE_LETTER = {data.LAND: "L", data.SEA: "S", data.LAND_SEA: "L/S"}
TYPE_LETTER = {"army": "A", "navy": "N", "air": "F", None: ""}
SEAT_NAME = {AXIS: "Axis", ALLIES: "Allies", data.GERMANY: "Germany", data.JAPAN: "Japan"}
SIDE_MARK = {AXIS: "AX", ALLIES: "AL", data.GERMANY: "GE", data.JAPAN: "JP"}  # besides colour


def status_text(state, seat=None) -> str:
    """A one-line prompt for the player to move, or the result."""
    if state.result:
        seat = state.result["winner"]
        winner, loser = SEAT_NAME[seat], SEAT_NAME[other(seat)]
        verb = "win" if seat == ALLIES else "wins"
        if state.result["reason"] == "war victory points":
            first, last = state.game.seats
            return (f"{winner} {verb}: {state.vp[first]} ({SEAT_NAME[first]}) to "
                    f"{state.vp[last]} ({SEAT_NAME[last]}) war victory points")
        return f"{winner} {verb}: {loser} cannot place any unit"
    who = SEAT_NAME[state.turn]
    decision = state.decision
    if decision is None:
        return f"{who} to place a unit" + (" (final turn)" if state.final_turn() else "")
    if decision["kind"] in SOLO_PROMPTS:
        return f"{who}: {SOLO_PROMPTS[decision['kind']]}"
    theater = state.index.theaters[decision.get("theater") or decision["from"]]["name"]
    if decision["kind"] == "blitz":
        return f"{who}: blitz! place another unit in {theater}, or pass"
    if decision["kind"] == "sa":
        return f"{who}: choose a theater for strategic advantage +{decision['amount']}"
    if decision["kind"] == "open":
        return f"{who}: {theater} is closed; choose the campaign to open next"
    return f"{who}: choose the next effect of {theater} (closed theater) to carry out"


def selected_kind(state, ui: dict, by_kind: dict):
    """The reserve kind the viewer is placing: ui["token"] if placeable, else the first placeable."""
    wanted = ui.get("token")
    if wanted in by_kind and not ui.get("curtain"):
        return wanted
    return next(iter(by_kind), None)


def render(state, seat=None, ui=None) -> str:
    ui = ui or {}
    if "links" in state.index.board:  # the Nippon map of the USA
        from .nippon_svg import render_nippon
        return render_nippon(state, seat, ui)
    acting = seat is not None and seat == state.to_play and ui.get("interactive") is not False
    legal = state.legal_actions() if acting else []
    by_kind = {}
    for action in legal:
        if "@" in action:
            kind, sid = action.split("@")
            by_kind.setdefault(kind, []).append(sid)
    kind = selected_kind(state, ui, by_kind)
    targets = set(by_kind.get(kind, ()))
    parts = [svg_open(WIDTH, HEIGHT, "Blitzkrieg! board"),
             f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#efe6cf"/>']
    parts.append(war_track(state))
    parts.append(supplies(state))
    parts.append(text(420, 68, status_text(state, seat), 15, "start", "status", "bold"))
    tops = {0: THEATERS_TOP, 1: THEATERS_TOP}
    for theater in state.index.board["theaters"]:
        column = theater["column"]
        x, y = COLUMN_X[column], tops[column]
        svg_part, height = theater_box(state, theater, x, y, kind, targets)
        parts.append(svg_part)
        tops[column] = y + height + 6
    parts.append(reserves(state, seat, ui, kind if acting else None, set(by_kind), acting))
    parts.append(decision_buttons(state, legal))
    if state.options.get("mode") == "solo":
        parts.append(solo_panel(state))
    parts.append("</svg>")
    return "".join(parts)


def war_track(state) -> str:
    size, x0, y0 = 25, 12, 8
    parts = [text(x0, y0 + 7, "War victory points", 11, "start", weight="bold")]
    for n in range(1, data.WAR_TRACK_SPACES + 1):
        row, col = divmod(n - 1, 15)
        x, y = x0 + col * size, y0 + 12 + row * size
        goal = n == data.WIN_VP
        parts.append(f'<rect x="{x}" y="{y}" width="{size}" height="{size}" fill="#fffaf0" '
                     f'stroke="{"#c0392b" if goal else "#8a7f66"}" stroke-width="{3 if goal else 1}"/>')
        if n % 5 == 0:
            parts.append(text(x + size / 2, y + size - 4, n, 9, fill="#c0392b" if goal else "#555"))
    for offset, seat in enumerate(state.game.seats):
        vp = min(state.vp[seat], data.WAR_TRACK_SPACES)
        if vp == 0:
            x, y = x0 + 15 * size + 6 + offset * 14, y0 + 14
        else:
            row, col = divmod(vp - 1, 15)
            x, y = x0 + col * size + 3 + offset * 10, y0 + 15 + row * size
        parts.append(f'<g><title>{SEAT_NAME[seat]}: {state.vp[seat]} war victory points</title>'
                     f'<rect x="{x}" y="{y}" width="11" height="11" fill="{SIDE_FILL[seat]}" stroke="#000"/>'
                     f'{text(x + 5.5, y + 8.5, SIDE_MARK[seat], 6, weight="bold")}</g>')
    parts.append(text(x0 + 15 * size + 40, y0 + 36, "  ".join(f"{SEAT_NAME[s]} {state.vp[s]}" for s in state.game.seats),
                      12, "start", weight="bold"))
    return "".join(parts)


def supplies(state) -> str:
    line = ("Bags: " + ", ".join(f"{SEAT_NAME[s]} {len(state.bags[s])}" for s in state.game.seats) + "   "
            f"Research pile: {len(state.research)}")
    return text(1188, 24, line, 13, "end")


def theater_box(state, theater, x, y, kind, targets):
    code, index = theater["code"], state.index
    campaigns = index.theater_campaigns[code]
    height = 18 + TRACK_H + len(campaigns) * (CELL_H + ROW_GAP) + 4
    closed = code in state.closed_theaters
    title = theater["name"]
    if closed:
        winner = state.closed_theaters[code]
        title += f" (closed, {SEAT_NAME[winner]})" if winner else " (closed)"
    parts = [f'<g class="theater" data-theater="{code}">',
             f'<rect x="{x}" y="{y}" width="{COLUMN_W}" height="{height}" rx="6" fill="#f8f2e2" stroke="#6b5e45"/>',
             text(x + 8, y + 14, title, 13, "start", weight="bold"),
             battle_track(state, code, x, y + 18)]
    row_y = y + 18 + TRACK_H
    active = state.active_campaign(code)
    for cid in campaigns:
        parts.append(campaign_row(state, cid, x + 8, row_y, cid == active, kind, targets))
        row_y += CELL_H + ROW_GAP
    parts.append("</g>")
    return "".join(parts), height


def battle_track(state, code, x, y) -> str:
    length, icons = state.index.length(code), state.index.icons(code)
    end_zone = state.index.theaters[code]["track"].get("end_zone", 0)  # Nippon: +1/+2/+3 end squares
    end_seat = {sign: next(s for s in state.game.seats if SIGN[s] == sign) for sign in (1, -1)}
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
            parts.append(text(sx + size / 2, y + 12 + size - 6, SIDE_MARK[end_seat[1 if pos > 0 else -1]], 8, weight="bold"))
    marker = state.markers[code]
    mx = left + (marker + length) * size + size / 2
    parts.append(f'<g><title>Battle marker {marker:+d} ({SEAT_NAME[end_seat[1]]} ends at +{length}, '
                 f'{SEAT_NAME[end_seat[-1]]} at -{length})</title>'
                 f'<circle cx="{mx}" cy="{y + 12 + size / 2}" r="{size / 2 - 2}" fill="#fff" stroke="#000" '
                 f'stroke-width="2.5"/></g>')
    return "".join(parts)


def campaign_row(state, cid, x, y, active, kind, targets) -> str:
    campaign = state.index.campaigns[cid]
    closed = cid in state.closed_campaigns
    parts = [f'<g opacity="{0.45 if closed else 1}">',
             text(x + 6, y + CELL_H / 2 + 5, cid[2:], 13, weight="bold")]
    sx = x + 16
    for sid in campaign["spaces"]:
        parts.append(space_cell(state, sid, sx, y, kind, sid in targets))
        sx += CELL_W + CELL_GAP
    width = sx - x - 16 - CELL_GAP
    if active:
        parts.append(f'<rect x="{x + 13}" y="{y - 3}" width="{width + 6}" height="{CELL_H + 6}" '
                     f'fill="none" stroke="#000" stroke-width="2" rx="4"/>')
    # the campaign VP shield, and who scored it once closed
    parts.append(f'<path d="M{sx + 4} {y + 4} h26 v16 l-13 12 l-13 -12 z" fill="#fff" stroke="#333"/>')
    parts.append(text(sx + 17, y + 20, campaign["vp"], 12, weight="bold"))
    if closed:
        scorer = state.closed_campaigns[cid]
        parts.append(text(sx + 36, y + 24, f"won by {SEAT_NAME[scorer]}" if scorer else "no winner",
                          11, "start"))
    parts.append("</g>")
    return "".join(parts)


def space_cell(state, sid, x, y, kind, target) -> str:
    space = state.index.spaces[sid]
    effect = space["effect"]
    parts = []
    if space["type"] == data.LAND_SEA:
        parts.append(f'<rect x="{x}" y="{y}" width="{CELL_W}" height="{CELL_H}" fill="{SPACE_FILL[data.LAND]}"/>'
                     f'<path d="M{x + CELL_W} {y} v{CELL_H} h-{CELL_W} z" fill="{SPACE_FILL[data.SEA]}"/>')
    else:
        parts.append(f'<rect x="{x}" y="{y}" width="{CELL_W}" height="{CELL_H}" fill="{SPACE_FILL[space["type"]]}"/>')
    parts.append(f'<rect x="{x}" y="{y}" width="{CELL_W}" height="{CELL_H}" fill="none" stroke="#333"/>')
    parts.append(text(x + 3, y + CELL_H - 4, SPACE_LETTER[space["type"]], 8, "start", fill="#fff"))
    if effect:
        parts.append(f'<rect x="{x + 3}" y="{y + 3}" width="34" height="15" rx="3" fill="#fff" stroke="#333"/>')
        parts.append(text(x + 20, y + 14, data.effect_label(effect), 10, weight="bold"))
    token = state.spaces.get(sid)
    if token:
        parts.append(token_chip(state.placed_by[sid], token, x + CELL_W - 24, y + CELL_H / 2, state.spy_copies.get(sid)))
    cell = "".join(parts)
    name = f"{state.index.space_name(sid)}, {data.effect_name(effect)}"
    if target:
        unit = UNITS[kind]
        words = unit["name"] + (f" {unit['strength']}" if unit["type"] and "general" not in unit["abilities"]
                                and "admiral" not in unit["abilities"] else "")
        return (f'<g {action_attrs(f"{kind}@{sid}", f"Place {words} on {name}")}>{cell}'
                f'<rect x="{x + 1.5}" y="{y + 1.5}" width="{CELL_W - 3}" height="{CELL_H - 3}" fill="#ffe066" '
                f'fill-opacity="0.25" stroke="#e0a800" stroke-width="3" stroke-dasharray="6 3"/></g>')
    return f'<g><title>{esc(name)}</title>{cell}</g>'


def token_chip(owner, token, cx, cy, copied=None) -> str:
    """A token: Axis square, Allies round (shape, not only colour), special weapons with a yellow rim."""
    kind = kind_of(token)
    rim = 'stroke="#f2c200" stroke-width="3"' if is_special(token) else 'stroke="#222" stroke-width="1"'
    fill = SIDE_FILL[owner]
    shape = (f'<rect x="{cx - 17}" y="{cy - 15}" width="34" height="30" rx="3" fill="{fill}" {rim}/>'
             if SIGN[owner] > 0 else f'<circle cx="{cx}" cy="{cy}" r="16" fill="{fill}" {rim}/>')
    label = kind + (f">{copied}" if copied else "")
    words = f"{SEAT_NAME[owner]} {unit_words(kind)}" + (f" copying {unit_words(copied)}" if copied else "")
    return (f'<g><title>{esc(words)}</title>{shape}'
            f'{text(cx, cy + 4, label, 10 if len(label) < 5 else 7, weight="bold", fill="#fff")}</g>')


def reserves(state, seat, ui, kind, placeable, acting) -> str:
    parts = [f'<rect x="10" y="640" width="1180" height="150" rx="6" fill="#e3d7b8" stroke="#6b5e45"/>']
    y = 662
    sides = state.game.seats if seat is None else (seat, other(seat))
    for side in sides:
        tokens = state.reserves[side]
        solo_row = side == AXIS and state.options.get("mode") == "solo"  # the solo bot plays face up
        hidden = (side != seat or ui.get("curtain")) and not solo_row
        label = (f"{SEAT_NAME[side]} {'row, left to right' if solo_row else 'reserve'} ({len(tokens)})"
                 + (" : hidden" if hidden else ""))
        parts.append(text(20, y, label, 13, "start", weight="bold"))
        x, step = 24, min(42, 560 / max(len(tokens), 1))  # a big reserve squeezes its chips
        for token in tokens:
            if hidden:
                parts.append(f'<rect x="{x}" y="{y + 8}" width="34" height="30" rx="3" fill="#5b5246" '
                             f'stroke="#222"/>{text(x + 17, y + 28, "?", 13, fill="#fff")}')
            else:
                chip = token_chip(side, token, x + 17, y + 23)
                token_kind = kind_of(token)
                if acting and token_kind in placeable:
                    chosen = token_kind == kind
                    outline = (f'<rect x="{x - 3}" y="{y + 5}" width="40" height="36" rx="5" fill="none" '
                               f'stroke="#e0a800" stroke-width="3"/>' if chosen else "")
                    chip = (f'<g {command_attrs(f"ui:token={token_kind}", f"Select {unit_words(token_kind)}", chosen)}>'
                            f'{chip}{outline}</g>')
                parts.append(chip)
            x += step
        y += 66
    return "".join(parts)


def decision_buttons(state, legal) -> str:
    buttons = []
    for action in legal:
        if action == "pass":
            buttons.append((action, "Pass (no blitz follow-up)"))
        elif action.startswith("sa:"):
            name = state.index.theaters[action[3:]]["name"]
            buttons.append((action, f"Strategic advantage +{state.decision['amount']}: {name}"))
        elif action.startswith("fx:"):
            sid = action[3:]
            buttons.append((action, f"Carry out {data.effect_name(state.index.spaces[sid]['effect'])} ({sid})"))
        elif action.startswith("setup:"):
            buttons.append((action, f"Set-up roll of 6: {state.index.theaters[action[6:]]['name']}"))
        elif action.startswith("bomb:"):
            buttons.append((action, f"Bomb {state.row_words(int(action[5:]))}"))
    parts = []
    x, y = 620, 660
    for action, label in buttons:
        parts.append(f'<g {action_attrs(action, label)}><rect x="{x}" y="{y}" width="280" height="28" rx="5" '
                     f'fill="#fff8dc" stroke="#8a6d00" stroke-width="2"/>{text(x + 140, y + 19, label, 12)}</g>')
        x, y = (x + 290, y) if x < 900 else (620, y + 34)
    return "".join(parts)


# -- Solo mode: the solo module's panel ----------------------------------------------------
SOLO_PROMPTS = {"setup": "a set-up roll of 6: choose the theater whose track moves toward the Axis",
                "bomb": "bombing! choose a unit of the Axis row to send back to its bag"}


def wrap(words: str, width: int) -> list:
    lines, line = [], ""
    for word in words.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    return lines + [line] if line else lines


def solo_panel(state) -> str:
    """The bot's stratagem, die and cup, and one sentence on why it made its last move."""
    solo = state.solo
    x, y = 10, 505
    parts = [f'<g class="solo" aria-label="Solo module">',
             f'<rect x="{x}" y="{y}" width="585" height="130" rx="6" fill="#f6e3e1" stroke="#8e2b22"/>',
             text(x + 8, y + 17, f"Solo module, {state.options['difficulty']}: set-up rolls "
                  f"{', '.join(map(str, solo['rolls']))}; cup holds {len(solo['cup'])}", 12, "start", weight="bold")]
    if solo["drawn"]:
        drawn = data.STRATAGEMS[solo["drawn"]]
        name = drawn["name"]
        if solo["drawn"] == "steamroll":
            name += f" (repeats {data.STRATAGEMS[solo['stratagem']]['name']})"
        parts.append(f'<rect x="{x + 8}" y="{y + 26}" width="22" height="22" rx="11" fill="#b23a2e"/>')
        parts.append(text(x + 38, y + 42, f"Stratagem drawn: {name}. Unit die: {solo['die']}", 13, "start",
                          weight="bold"))
        parts.append(text(x + 38, y + 58, data.STRATAGEMS[solo["stratagem"]]["text"], 11, "start"))
    last = solo["last"]
    if last:
        lines = wrap(f"Last Axis step {last['action']}: {last['reason']}", 92)
        for n, line in enumerate(lines[:4]):
            parts.append(text(x + 8, y + 78 + 14 * n, line, 11, "start", "solo-why"))
    parts.append("</g>")
    return "".join(parts)

