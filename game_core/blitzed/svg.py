"""Blitzed! table as SVG: task cards in the middle, seats around, the viewer's controls below.

ui keys read here:
- "interactive" (default True): False draws no data-action at all.
- "part": "all" (default: table plus the controls of `seat`), "table" (every seat, no
  controls: for a device shared by several humans) or "controls" (only the control strip
  of `seat`, with its own claim buttons).
- "keys": optional {control: key label} printed on the controls; controls are "roll",
  "die1".."die3", "claim1".."claim4" (the claimable slots from the left), "unclaim",
  "ready", "more", "share".
Elements the glue may animate: `.die` (data-seat, data-die, data-value), `.thunder`
(data-seat, data-card) for a claim, `.summary` for the round scoring.
"""

from ..svg import action_attrs, svg_open, text
from .rules import CARDS, COLOUR, card_label, card_matches, keep_text, seat_name

WIDTH = 1000
TABLE_HEIGHT = 505
CONTROLS_HEIGHT = 250
SLOT_W, SLOT_GAP = 130, 16
PIPS = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)], 4: [(0, 0), (2, 0), (0, 2), (2, 2)],
        5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)], 6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else ("\u22122" if value == -2 else str(value).replace("-", "\u2212"))


def die(x, y, size, value, seat, index=None, kept=False, attrs="") -> str:
    colour = COLOUR[seat]
    data = f' data-seat="{seat}" data-die="{index + 1}" data-value="{value}"' if index is not None else ""
    stroke = "#f2b600" if kept else "#555"
    parts = [f'<g class="die{" kept" if kept else ""}"{data} {attrs}>',
             f'<rect x="{x}" y="{y}" width="{size}" height="{size}" rx="{size * 0.18:.1f}" '
             f'fill="{colour["fill"]}" stroke="{stroke}" stroke-width="{4 if kept else 1.5}"/>']
    if value:
        step, radius = size / 4, size * 0.09
        for col, row in PIPS[value]:
            parts.append(f'<circle cx="{x + step * (col + 1):.1f}" cy="{y + step * (row + 1):.1f}" '
                         f'r="{radius:.1f}" fill="{colour["pip"]}"/>')
    else:
        parts.append(text(x + size / 2, y + size * 0.62, "?", size * 0.45, fill=colour["pip"]))
    parts.append("</g>")
    return "".join(parts)


# Keyboard shortcuts for up to three people sharing one keyboard (the others use touch).
KEYBOARD_LAYOUTS = (
    {"roll": "q", "die1": "1", "die2": "2", "die3": "3", "claim1": "a", "claim2": "s", "claim3": "d",
     "claim4": "f", "unclaim": "w", "ready": "e", "more": "r", "share": "t"},
    {"roll": "p", "die1": "8", "die2": "9", "die3": "0", "claim1": "h", "claim2": "j", "claim3": "k",
     "claim4": "l", "unclaim": "o", "ready": "i", "more": "u", "share": "y"},
    {"roll": "v", "die1": "z", "die2": "x", "die3": "c", "claim1": "b", "claim2": "n", "claim3": "m",
     "claim4": ",", "unclaim": "g", "ready": "4", "more": "5", "share": "6"},
)


def key_badge(x, y, keys, control) -> str:
    label = keys.get(control)
    if not label:
        return ""
    return (f'<rect x="{x}" y="{y}" width="{12 + 8 * len(str(label))}" height="20" rx="4" fill="#fff" '
            f'stroke="#333"/>' + text(x + 6 + 4 * len(str(label)), y + 15, label, 12, weight="bold"))


def button(x, y, w, h, label, action, interactive, keys, control, fill="#f2b600") -> str:
    attrs = action_attrs(action, label, keys.get(control)) if interactive else ""
    return (f'<g {attrs}><rect x="{x}" y="{y}" width="{w}" height="{h}" rx="10" fill="{fill}" stroke="#333"/>'
            + text(x + w / 2, y + h / 2 + 6, label, 17, weight="bold") + "</g>"
            + key_badge(x + w - 14, y - 8, keys, control))


def task_face(x, y, w, h, card_id) -> str:
    spec = CARDS[card_id]
    parts = [f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="10" fill="#fffaf0" stroke="#777"/>']
    if spec["kind"] == "sum":
        parts.append(text(x + w / 2, y + h * 0.32, "sum", 15, fill="#555"))
        parts.append(text(x + w / 2, y + h * 0.72, spec["total"], h * 0.4, weight="bold"))
    else:
        size = (w - 32) / 3
        for i, value in enumerate(spec["dice"]):
            parts.append(die(x + 8 + i * (size + 8), y + (h - size) / 2, size, value, "p4"))
    return "".join(parts)


def thunder(x, y, seat, card_id) -> str:
    colour = COLOUR[seat]
    return (f'<g class="thunder" data-seat="{seat}" data-card="{card_id or "last"}">'
            f'<rect x="{x}" y="{y}" width="58" height="40" rx="6" fill="{colour["fill"]}" stroke="#000" '
            f'stroke-width="2" transform="rotate(-8 {x + 29} {y + 20})"/>'
            + text(x + 29, y + 27, f"\u26a1{seat_name(seat)[0]}", 18, weight="bold", fill=colour["pip"])
            + "</g>")


def slot_row(state, claim_actions, interactive) -> str:
    count = len(state.values)
    left = (WIDTH - count * SLOT_W - (count - 1) * SLOT_GAP) / 2
    holder = {card: seat for seat, card in state.claims.items() if card is not None}
    last = next((line["seat"] for line in state.last_round or () if line["card"] is None), None)
    showing_result = state.phase != "roll" and state.last_round
    parts = []
    for index, (value, card) in enumerate(zip(state.values, state.cards)):
        x = left + index * (SLOT_W + SLOT_GAP)
        parts.append(f'<rect x="{x}" y="150" width="{SLOT_W}" height="56" rx="8" fill="#20304a" stroke="#000"/>'
                     + text(x + SLOT_W / 2, 188, f"{signed(value)} \u26a1", 26, weight="bold", fill="#ffd54a"))
        if card is None:
            parts.append(f'<rect x="{x}" y="214" width="{SLOT_W}" height="160" rx="10" fill="none" '
                         f'stroke="#999" stroke-dasharray="6 4"/>'
                         + text(x + SLOT_W / 2, 290, "last player", 15, fill="#666"))
            if showing_result and last:
                parts.append(thunder(x + 36, 186, last, None))
            continue
        action = claim_actions.get(card)
        attrs = action_attrs(action, f"claim {card_label(card)} for {signed(value)}") if action and interactive else ""
        parts.append(f'<g data-card="{card}" {attrs}>' + task_face(x, 214, SLOT_W, 160, card) + "</g>")
        if card in holder:
            parts.append(thunder(x + 36, 186, holder[card], card))
    return "".join(parts)


def piles(state) -> str:
    parts = [f'<rect x="16" y="214" width="70" height="100" rx="8" fill="#5a3d8a" stroke="#222"/>',
             text(51, 270, "\u26a1", 30, fill="#ffd54a"), text(51, 334, f"deck {len(state.deck)}", 13)]
    if state.discard:
        parts.append(f'<g transform="translate({WIDTH - 86} 214) scale(0.54)">'
                     + task_face(0, 0, SLOT_W, 185, state.discard[-1]) + "</g>")
    parts.append(text(WIDTH - 51, 334, f"discard {len(state.discard)}", 13))
    return "".join(parts)


def seat_panels(state, seats) -> str:
    if not seats:
        return ""
    width = min(240, (WIDTH - 20) / len(seats))
    parts = []
    for i, seat in enumerate(seats):
        x = 10 + i * width
        colour = COLOUR[seat]["fill"]
        claim = state.claims[seat]
        note = f"on {card_label(claim)}" if claim else f"rolls {state.rolls[seat]}"
        if state.phase == "ready":
            note = "ready" if seat in state.ready else "getting ready"
        parts.append(f'<g class="seat" data-seat="{seat}"><rect x="{x}" y="42" width="{width - 8}" height="96" '
                     f'rx="8" fill="#f7f7f2" stroke="{colour}" stroke-width="4"/>'
                     + text(x + 10, 64, seat_name(seat), 16, anchor="start", weight="bold")
                     + text(x + width - 18, 64, f"\u26a1 {state.bolts[seat]}", 16, anchor="end", weight="bold")
                     + text(x + 10, 130, note, 13, anchor="start"))
        for d, value in enumerate(state.dice[seat]):
            parts.append(die(x + 10 + d * 38, 74 if state.kept[seat][d] else 80, 32, value, seat, d,
                             state.kept[seat][d]))
        parts.append("</g>")
    return "".join(parts)


def summary_lines(state) -> list:
    if not state.last_round:
        return []
    lines = []
    for line in state.last_round:
        name, dice = seat_name(line["seat"]), " ".join(str(v) for v in line["dice"] if v) or "no roll"
        if line["card"] is None:
            why = "was last and takes the \u22122 card"
        elif line["matched"]:
            why = f"made {card_label(line['card'])} ({dice}) on the {signed(line['value'])} card"
        else:
            why = f"misclaimed {card_label(line['card'])} with {dice}: pays 2"
        short = f", {line['short']} short" if line["short"] else ""
        lines.append(f"{name} {why}: {signed(line['change']) if line['change'] else '0'}{short}")
    return lines


def info_band(state, seat) -> str:
    y, parts = 400, []
    if state.phase == "roll":
        if seat in state.seats and 0 not in state.dice[seat]:
            made = [card_label(c) for c in state.free_cards() if card_matches(c, state.dice[seat])]
            if made and state.claims[seat] is None:
                parts.append(text(WIDTH / 2, y + 30, "Your dice make " + ", ".join(made) + ": thunder!",
                                  22, weight="bold", fill="#b00"))
        return "".join(parts)
    parts.append(f'<g class="summary">')
    for i, line in enumerate(summary_lines(state)):
        parts.append(text(WIDTH / 2, y + 18 + i * 19, line, 15))
    return "".join(parts) + "</g>"


def controls(state, seat, interactive, keys, with_claim_buttons, top) -> str:
    colour = COLOUR[seat]
    actions = set(state.seat_actions(seat))
    parts = [f'<g class="controls" data-seat="{seat}"><rect x="6" y="{top + 4}" width="{WIDTH - 12}" '
             f'height="{CONTROLS_HEIGHT - 10}" rx="14" fill="#f7f7f2" stroke="{colour["fill"]}" stroke-width="6"/>',
             text(24, top + 34, f"{seat_name(seat)} (you)", 20, anchor="start", weight="bold"),
             text(WIDTH - 24, top + 34, f"\u26a1 {state.bolts[seat]} bolts", 20, anchor="end", weight="bold")]
    if state.phase == "roll":
        kept = state.kept[seat]
        for d, value in enumerate(state.dice[seat]):
            toggled = [on != (i == d) for i, on in enumerate(kept)]
            action = f"{seat} keep {keep_text(toggled)}"
            label = f"{'put back' if kept[d] else 'set aside'} die {d + 1} showing {value or 'nothing'}"
            attrs = action_attrs(action, label, keys.get(f"die{d + 1}")) if interactive and action in actions else ""
            x, y = 30 + d * 120, top + (52 if kept[d] else 72)
            parts.append(die(x, y, 100, value, seat, d, kept[d], attrs) + key_badge(x + 88, y - 8, keys, f"die{d + 1}"))
            if kept[d]:
                parts.append(text(x + 50, y + 122, "aside", 13))
        if f"{seat} roll" in actions:
            parts.append(button(400, top + 80, 150, 70, "Roll", f"{seat} roll", interactive, keys, "roll"))
        if f"{seat} unclaim" in actions:
            parts.append(button(400, top + 80, 150, 70, "Take back", f"{seat} unclaim", interactive, keys,
                                "unclaim", fill="#ddd"))
        if with_claim_buttons:
            parts.append(claim_buttons(state, seat, actions, interactive, keys, top))
    elif state.phase == "ready" and f"{seat} ready" in actions:
        parts.append(button(WIDTH / 2 - 110, top + 90, 220, 80, "Ready!", f"{seat} ready", interactive, keys, "ready"))
    elif state.phase == "tie" and actions:
        parts.append(text(WIDTH / 2, top + 70, "Tied for the lead: play one more round or share the win?", 18))
        parts.append(button(WIDTH / 2 - 240, top + 100, 220, 70, "One more round", f"{seat} more", interactive,
                            keys, "more"))
        parts.append(button(WIDTH / 2 + 20, top + 100, 220, 70, "Share the win", f"{seat} share", interactive,
                            keys, "share", fill="#9fd59f"))
    else:
        parts.append(text(WIDTH / 2, top + 130, status_text(state, seat), 18))
    return "".join(parts) + "</g>"


def claim_buttons(state, seat, actions, interactive, keys, top) -> str:
    parts = []
    for number, (value, card) in enumerate(((v, c) for v, c in zip(state.values, state.cards) if c), 1):
        action = f"{seat} claim {card}"
        if action not in actions:
            continue
        x = 580 + (number - 1) * 100
        label = f"claim {card_label(card)} for {signed(value)}"
        parts.append(f'<g {action_attrs(action, label, keys.get(f"claim{number}")) if interactive else ""}>'
                     f'<g transform="translate({x} {top + 60}) scale(0.62)">' + task_face(0, 0, 140, 150, card)
                     + "</g>" + text(x + 43, top + 175, signed(value), 16, weight="bold") + "</g>"
                     + key_badge(x + 74, top + 52, keys, f"claim{number}"))
    return "".join(parts)


def status_text(state, seat) -> str:
    if state.phase == "over":
        names = " and ".join(seat_name(s) for s in state.winners)
        verb = "wins" if len(state.winners) == 1 else "share the win"
        return f"Game over: {names} {verb} with {state.bolts[state.winners[0]]} bolts"
    if state.phase == "tie":
        return "Tie for the lead: " + " and ".join(seat_name(s) for s in state.tied) + " choose: one more round or share"
    if state.phase == "ready":
        waiting = [seat_name(s) for s in state.to_play]
        extra = " (the extra round after a tie)" if state.tiebreak else ""
        return f"Round {state.round + 1}{extra}: waiting for {', '.join(waiting)} to be ready"
    free = len(state.free_cards())
    if seat in state.seats and state.claims[seat]:
        return f"Round {state.round}: you are on {card_label(state.claims[seat])}; {free} card(s) still free"
    return f"Round {state.round}: Blitz! Roll and claim; {free} card(s) still free"


def render(state, seat, ui) -> str:
    ui = ui or {}
    interactive = ui.get("interactive", True) is not False
    keys = ui.get("keys") or {}
    part = ui.get("part", "all")
    mine = seat if seat in state.seats else None
    if part == "controls":
        if mine is None:
            return svg_open(WIDTH, CONTROLS_HEIGHT, "Blitzed! controls") + "</svg>"
        return (svg_open(WIDTH, CONTROLS_HEIGHT, f"Blitzed! controls for {seat_name(mine)}")
                + controls(state, mine, interactive, keys, True, 0) + "</svg>")
    with_controls = part == "all" and mine is not None
    height = TABLE_HEIGHT + (CONTROLS_HEIGHT if with_controls else 0)
    claim_actions = {}
    if with_controls and state.phase == "roll":
        claim_actions = {a.split()[2]: a for a in state.seat_actions(mine) if " claim " in a}
    others = [s for s in state.seats if s != mine or not with_controls]
    parts = [svg_open(WIDTH, height, "Blitzed! table"),
             f'<rect width="{WIDTH}" height="{height}" fill="#dfe8d8"/>',
             text(WIDTH / 2, 28, status_text(state, mine), 18, weight="bold"),
             seat_panels(state, others), slot_row(state, claim_actions, interactive), piles(state),
             info_band(state, mine)]
    if with_controls:
        parts.append(controls(state, mine, interactive, keys, False, TABLE_HEIGHT))
    return "".join(parts) + "</svg>"
