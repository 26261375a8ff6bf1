"""Blitzed! table as SVG, drawn from a seat's view: task cards in the middle, seats around, the
viewer's controls below. Rule facts (who holds a card, which cards a seat's dice make, the
scoring in words, the result) come from view["facts"]; nothing here knows a rule.

ui keys read here:
- "interactive" (default True): False draws no data-action at all.
- "part": "all" (default: table plus the controls of the view's seat), "table" (every seat, no
  controls: for a device shared by several humans) or "controls" (only the control strip
  of the view's seat, with its own claim buttons).
- "keys": optional {control: key label} printed on the controls; controls are "roll",
  "die1".."die3", "claim1".."claim4" (the claimable slots from the left), "unclaim",
  "ready", "more", "share".
Elements the glue may animate: `.die` (data-seat, data-die, data-value, data-piece), `.thunder`
(data-seat, data-card, data-piece) for a claim, `.cue` for a claim or a round scored just now,
class `last` on what the last action changed. A scored round shows as one short line per seat
panel (the full sentences are in the move log).
"""

from ..svg import action_attrs, esc, svg_open, text
from .data import CARDS, COLOUR, bolts, card_label, seat_name, signed

WIDTH = 1000
TABLE_HEIGHT = 356
CONTROLS_HEIGHT = 140
SLOT_W, SLOT_GAP = 130, 16
VALUE_Y, CARD_Y, CARD_H, BAND_Y, BAND_H = 128, 172, 140, 316, 32
GOLD, INK, FELT = "#f2b600", "#222", "#dfe8d8"
PIPS = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)], 4: [(0, 0), (2, 0), (0, 2), (2, 2)],
        5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)], 6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}

# Keyboard shortcuts for up to three people sharing one keyboard (the others use touch).
KEYBOARD_LAYOUTS = (
    {"roll": "q", "die1": "1", "die2": "2", "die3": "3", "claim1": "a", "claim2": "s", "claim3": "d",
     "claim4": "f", "unclaim": "w", "ready": "e", "more": "r", "share": "t"},
    {"roll": "p", "die1": "8", "die2": "9", "die3": "0", "claim1": "h", "claim2": "j", "claim3": "k",
     "claim4": "l", "unclaim": "o", "ready": "i", "more": "u", "share": "y"},
    {"roll": "v", "die1": "z", "die2": "x", "die3": "c", "claim1": "b", "claim2": "n", "claim3": "m",
     "claim4": ",", "unclaim": "g", "ready": "4", "more": "5", "share": "6"},
)


def fit(content, width, size) -> float:
    """The font size at which `content` fits `width` (text is ~0.6 x size wide per character)."""
    return min(size, round(width / (0.6 * max(1, len(str(content)))), 1))


def die(x, y, size, value, seat, index=None, kept=False, attrs="", piece=True, last=False) -> str:
    colour = COLOUR[seat]
    data = ""
    if index is not None:
        data = f' data-seat="{seat}" data-die="{index + 1}" data-value="{value}"'
        data += f' data-piece="{seat}-die{index + 1}"' if piece else ""
    classes = "die" + (" kept" if kept else "") + (" last" if last else "")
    stroke = GOLD if kept else "#555"
    parts = [f'<g class="{classes}"{data} {attrs}>',
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


def key_badge(x, y, keys, control) -> str:
    label = keys.get(control)
    if not label:
        return ""
    return (f'<rect x="{x}" y="{y}" width="{12 + 8 * len(str(label))}" height="20" rx="4" fill="#fff" '
            f'stroke="#333"/>' + text(x + 6 + 4 * len(str(label)), y + 15, label, 12, weight="bold"))


def button(x, y, w, h, label, action, interactive, keys, control, fill=GOLD) -> str:
    attrs = action_attrs(action, label, keys.get(control)) if interactive else ""
    return (f'<g {attrs}><rect x="{x}" y="{y}" width="{w}" height="{h}" rx="10" fill="{fill}" stroke="#333"/>'
            + text(x + w / 2, y + h / 2 + 6, label, fit(label, w - 16, 17), weight="bold") + "</g>"
            + key_badge(x + w - 14, y - 8, keys, control))


def task_face(x, y, w, h, card_id) -> str:
    spec = CARDS[card_id]
    parts = [f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="10" fill="#fffaf0" stroke="#777"/>']
    if spec["kind"] == "sum":
        parts.append(text(x + w / 2, y + h * 0.3, "sum", h * 0.11, fill="#555"))
        parts.append(text(x + w / 2, y + h * 0.74, spec["total"], h * 0.42, weight="bold"))
    else:
        size = (w - 32) / 3
        for i, value in enumerate(spec["dice"]):
            parts.append(die(x + 8 + i * (size + 8), y + (h - size) / 2, size, value, "p4"))
    return "".join(parts)


def thunder(x, y, w, seat, card_id, last) -> str:
    """A seat's thunder card in the band under the task it claimed: it never covers a value or a task."""
    colour = COLOUR[seat]
    label = f"\u26a1 {seat_name(seat)}"
    return (f'<g class="thunder{" last" if last else ""}" data-seat="{seat}" data-card="{card_id or "last"}" '
            f'data-piece="thunder-{seat}"><rect x="{x}" y="{y}" width="{w}" height="{BAND_H}" rx="6" '
            f'fill="{colour["fill"]}" stroke="#000" stroke-width="2"/>'
            + text(x + w / 2, y + BAND_H / 2 + 6, label, fit(label, w - 12, 17), weight="bold", fill=colour["pip"])
            + "</g>")


def claim_words(value, card) -> str:
    return f"claim {card_label(card)} for {signed(value)}"


def slot_row(state, facts, claims, interactive, viewer) -> str:
    count = len(state["values"])
    left = (WIDTH - count * SLOT_W - (count - 1) * SLOT_GAP) / 2
    last = facts["last"] or {}
    parts = []
    for index, slot in enumerate(facts["slots"]):
        value, card, holder = slot["value"], slot["card"], slot["holder"]
        x = left + index * (SLOT_W + SLOT_GAP)
        parts.append(f'<rect x="{x}" y="{VALUE_Y}" width="{SLOT_W}" height="40" rx="8" fill="#20304a" stroke="#000"/>'
                     + text(x + SLOT_W / 2, VALUE_Y + 29, f"{signed(value)} \u26a1", 24, weight="bold", fill="#ffd54a"))
        if card is None:
            parts.append(f'<rect x="{x}" y="{CARD_Y}" width="{SLOT_W}" height="{CARD_H}" rx="10" fill="none" '
                         f'stroke="#888" stroke-dasharray="6 4"/>'
                         + text(x + SLOT_W / 2, CARD_Y + CARD_H / 2 + 5, "for the last player", 13, fill="#555"))
        else:
            action = claims.get(card)
            attrs = action_attrs(action, claim_words(value, card)) if action and interactive else ""
            parts.append(f'<g data-card="{card}" {attrs}>' + task_face(x, CARD_Y, SLOT_W, CARD_H, card) + "</g>")
        if card in facts["makes"].get(viewer, ()) and state["claims"][viewer] is None:
            parts.append(f'<rect x="{x}" y="{BAND_Y}" width="{SLOT_W}" height="{BAND_H}" rx="6" fill="#fff3c4" '
                         f'stroke="#b00" stroke-width="2"/>'
                         + text(x + SLOT_W / 2, BAND_Y + 22, "your dice: thunder!", 14, weight="bold", fill="#b00"))
        if holder:
            just = last.get("verb") == "claim" and last.get("card") == card and not last.get("scored")
            parts.append(thunder(x, BAND_Y, SLOT_W, holder, card, just))
            if just:
                cue = f"{seat_name(holder)} thunders on {card_label(card)} for {signed(value)}"
                parts.append(f'<g class="cue" data-cue="{esc(cue)}"><rect x="{x - 4}" y="{VALUE_Y - 4}" '
                             f'width="{SLOT_W + 8}" height="{BAND_Y + BAND_H - VALUE_Y + 8}" rx="12" fill="none" '
                             f'stroke="{COLOUR[holder]["fill"]}" stroke-width="5"/></g>')
    return "".join(parts)


def piles(state) -> str:
    deck = state["deck"]["hidden"]
    parts = [f'<rect x="16" y="{CARD_Y}" width="70" height="100" rx="8" fill="#5a3d8a" stroke="#222"/>',
             text(51, CARD_Y + 58, "\u26a1", 30, fill="#ffd54a"), text(51, CARD_Y + 120, f"deck {deck}", 13)]
    if state["discard"]:
        parts.append(f'<g transform="translate({WIDTH - 86} {CARD_Y}) scale(0.54)">'
                     + task_face(0, 0, SLOT_W, 185, state["discard"][-1]) + "</g>")
    parts.append(text(WIDTH - 51, CARD_Y + 120, f"discard {len(state['discard'])}", 13))
    return "".join(parts)


def round_result(state, seat) -> str:
    """The seat's line of the round just scored, short: "+1: made sum 11" ("" during a race)."""
    if state["phase"] == "roll" or not state["last_round"]:
        return ""
    line = next(line for line in state["last_round"] if line["seat"] == seat)
    if line["card"] is None:
        what = "left over"
    else:
        what = f"{'made' if line['matched'] else 'misclaimed'} {card_label(line['card'])}"
    short = f" ({line['short']} short)" if line["short"] else ""
    return f"{signed(line['change'])}{short}: {what}"


def seat_note(state, seat) -> str:
    if state["phase"] == "ready":
        return "ready" if seat in state["ready"] else "getting ready"
    claim = state["claims"][seat]
    return f"on {card_label(claim)}" if claim else f"rolled {state['rolls'][seat]}x"


def seat_panels(state, facts, seats) -> str:
    if not seats:
        return ""
    width = min(240, (WIDTH - 20) / len(seats))
    rolled = (facts["last"] or {}).get("seat") if (facts["last"] or {}).get("verb") == "roll" else None
    parts = []
    for i, seat in enumerate(seats):
        x = 10 + i * width
        name, purse = seat_name(seat), f"\u26a1 {state['bolts'][seat]}"
        # a dark hairline round the colour keeps the white seat's frame visible on the pale panel
        parts.append(f'<g class="seat" data-seat="{seat}"><rect x="{x - 2}" y="36" width="{width - 4}" height="86" '
                     f'rx="9" fill="#555"/><rect x="{x}" y="38" width="{width - 8}" height="82" '
                     f'rx="8" fill="#f7f7f2" stroke="{COLOUR[seat]["fill"]}" stroke-width="4"/>'
                     + text(x + 10, 58, name, 16, anchor="start", weight="bold")
                     + text(x + width - 18, 58, purse, 16, anchor="end", weight="bold"))
        for d, value in enumerate(state["dice"][seat]):
            kept = state["kept"][seat][d]
            parts.append(die(x + 10 + d * 36, 64 if kept else 68, 30, value, seat, d, kept, last=seat == rolled))
        note, result = seat_note(state, seat), round_result(state, seat)
        parts.append(text(x + 122, 89, note, fit(note, width - 140, 13), anchor="start")
                     + text(x + 10, 113, result, fit(result, width - 28, 12), anchor="start", weight="bold") + "</g>")
    if (facts["last"] or {}).get("scored"):
        cue = f"Round {state['round']} scored"
        parts.append(f'<g class="cue" data-cue="{cue}"><rect x="6" y="34" width="{WIDTH - 12}" height="90" rx="10" '
                     f'fill="none" stroke="{GOLD}" stroke-width="4"/></g>')
    return "".join(parts)


def controls(view, interactive, keys, with_claim_buttons, top, piece) -> str:
    seat, state, facts = view["seat"], view["state"], view["facts"]
    colour = COLOUR[seat]
    actions = set(view.get("legal_actions", ()))
    last = facts["last"] or {}
    parts = [f'<g class="controls" data-seat="{seat}"><rect x="3" y="{top + 1}" width="{WIDTH - 6}" '
             f'height="{CONTROLS_HEIGHT - 2}" rx="16" fill="#555"/><rect x="6" y="{top + 4}" width="{WIDTH - 12}" '
             f'height="{CONTROLS_HEIGHT - 8}" rx="14" fill="#f7f7f2" stroke="{colour["fill"]}" stroke-width="6"/>',
             f'<rect x="20" y="{top + 18}" width="22" height="22" rx="4" fill="{colour["fill"]}" stroke="#333"/>',
             text(50, top + 36, seat_name(seat), 20, anchor="start", weight="bold"),
             text(20, top + 64, f"\u26a1 {bolts(state['bolts'][seat])}", 17, anchor="start", weight="bold")]
    phase = state["phase"]
    if phase == "roll":
        note = seat_note(state, seat)
        parts.append(text(20, top + 90, note, fit(note, 150, 14), anchor="start"))
        kept, toggles = state["kept"][seat], facts.get("toggles") or [None] * 3
        for d, value in enumerate(state["dice"][seat]):
            action = toggles[d]
            label = f"{'put back' if kept[d] else 'set aside'} die {d + 1} showing {value or 'nothing'}"
            attrs = action_attrs(action, label, keys.get(f"die{d + 1}")) if interactive and action in actions else ""
            x, y = 190 + d * 100, top + (16 if kept[d] else 26)
            parts.append(die(x, y, 84, value, seat, d, kept[d], attrs, piece,
                             last=last.get("seat") == seat and last.get("verb") == "roll")
                         + key_badge(x + 72, y - 8, keys, f"die{d + 1}"))
            if kept[d]:
                parts.append(text(x + 42, top + 120, "aside", 13))
        if f"{seat} roll" in actions:
            parts.append(button(500, top + 35, 140, 70, "Roll", f"{seat} roll", interactive, keys, "roll"))
        if f"{seat} unclaim" in actions:
            parts.append(button(500, top + 35, 140, 70, "Take back", f"{seat} unclaim", interactive, keys,
                                "unclaim", fill="#ddd"))
        if with_claim_buttons:
            parts.append(claim_buttons(view, actions, interactive, keys, top))
        return "".join(parts) + "</g>"
    result = round_result(state, seat)
    parts.append(text(20, top + 90, result, fit(result, 160, 14), anchor="start", weight="bold"))
    if phase == "ready" and f"{seat} ready" in actions:
        parts.append(text(240, top + 78, "Read the task cards, then:", 17, anchor="start"))
        parts.append(button(500, top + 35, 220, 70, "Ready!", f"{seat} ready", interactive, keys, "ready"))
    elif phase == "tie" and actions:
        parts.append(text(240, top + 36, "Tied for the lead: one more round or share the win?", 17, anchor="start"))
        parts.append(button(240, top + 56, 220, 64, "One more round", f"{seat} more", interactive, keys, "more"))
        parts.append(button(480, top + 56, 220, 64, "Share the win", f"{seat} share", interactive, keys, "share",
                            fill="#9fd59f"))
    else:
        line = status_text(view)
        parts.append(text(590, top + 78, line, fit(line, 780, 17)))
    return "".join(parts) + "</g>"


def claim_buttons(view, actions, interactive, keys, top) -> str:
    seat, facts = view["seat"], view["facts"]
    makes = set(facts["makes"].get(seat, ()))
    parts = []
    for number, slot in enumerate((s for s in facts["slots"] if s["card"]), 1):
        card, value = slot["card"], slot["value"]
        action = f"{seat} claim {card}"
        if action not in actions:
            continue
        x = 660 + (number - 1) * 82
        ring = f' stroke="{GOLD}" stroke-width="5"' if card in makes else ' stroke="none"'
        parts.append(f'<g {action_attrs(action, claim_words(value, card), keys.get(f"claim{number}")) if interactive else ""}>'
                     f'<rect x="{x - 3}" y="{top + 15}" width="82" height="112" rx="10" fill="#e9e4d4"{ring}/>'
                     + task_face(x, top + 18, 76, 76, card)
                     + text(x + 38, top + 116, signed(value), 17, weight="bold") + "</g>"
                     + key_badge(x + 58, top + 8, keys, f"claim{number}"))
    return "".join(parts)


def free_text(count) -> str:
    return f"{count} card still free" if count == 1 else f"{count} cards still free"


def status_text(view) -> str:
    state, facts, seat = view["state"], view["facts"], view["seat"]
    if state["phase"] == "over":
        return f"Game over: {facts['result']}"
    if state["phase"] == "tie":
        return facts["result"]
    if state["phase"] == "ready":
        waiting = [seat_name(s) for s in view["to_play"]]
        extra = " (the extra round after a tie)" if state["tiebreak"] else ""
        return f"Round {state['round'] + 1}{extra}: read the task cards; waiting for {', '.join(waiting)} to be ready"
    free = free_text(len(facts["free"]))
    if seat in state["seats"] and state["claims"][seat]:
        return f"Round {state['round']}: you are on {card_label(state['claims'][seat])}; {free}"
    return f"Round {state['round']}: Blitz! Roll and claim; {free}"


def render(view, ui) -> str:
    ui = ui or {}
    interactive = ui.get("interactive", True) is not False
    keys = ui.get("keys") or {}
    part = ui.get("part", "all")
    state, facts = view["state"], view["facts"]
    mine = view["seat"] if view["seat"] in state["seats"] else None
    if part == "controls":
        if mine is None:
            return svg_open(WIDTH, CONTROLS_HEIGHT, "Blitzed! controls") + "</svg>"
        return (svg_open(WIDTH, CONTROLS_HEIGHT, f"Blitzed! controls for {seat_name(mine)}")
                + controls(view, interactive, keys, True, 0, piece=False) + "</svg>")
    with_controls = part == "all" and mine is not None
    height = TABLE_HEIGHT + (CONTROLS_HEIGHT if with_controls else 0)
    claims = {}
    if with_controls:
        claims = {a.split()[2]: a for a in view.get("legal_actions", ()) if " claim " in a}
    others = [s for s in state["seats"] if s != mine or not with_controls]
    parts = [svg_open(WIDTH, height, "Blitzed! table"),
             f'<rect width="{WIDTH}" height="{height}" fill="{FELT}"/>',
             text(WIDTH / 2, 26, status_text(view), fit(status_text(view), WIDTH - 20, 18), weight="bold"),
             seat_panels(state, facts, others), slot_row(state, facts, claims, interactive, mine), piles(state)]
    if with_controls:
        parts.append(controls(view, interactive, keys, False, TABLE_HEIGHT, piece=True))
    return "".join(parts) + "</svg>"


def entry(action, label, group, detail="", pressed=False) -> dict:
    return {"action": action, "command": None, "label": label, "detail": detail, "group": group, "pressed": pressed}


def tray(view, ui=None) -> list:
    """The controls of the seat's current decision as plain buttons for the page's tray: the dice to set
    aside, Roll or Take back, the cards to thunder on, Ready, or the tie's choice."""
    seat, state, facts = view["seat"], view["state"], view["facts"]
    legal = set(view.get("legal_actions") or ())
    if seat not in state["seats"] or not legal:
        return []
    if state["phase"] == "ready":
        return [entry(f"{seat} ready", "Ready!", "Round", "when you have read the task cards")]
    if state["phase"] == "tie":
        return [entry(f"{seat} more", "One more round", "Tied for the lead", "it ends the game"),
                entry(f"{seat} share", "Share the win", "Tied for the lead", "if every tied player agrees")]
    items = []
    kept = state["kept"][seat]
    for d, action in enumerate(facts.get("toggles") or ()):
        value = state["dice"][seat][d]
        items.append(entry(action if action in legal else None, f"Die {d + 1}: {value}", "Your dice",
                           "set aside: tap to pick up" if kept[d] else "tap to set aside", kept[d]))
    if f"{seat} roll" in legal:
        items.append(entry(f"{seat} roll", "Roll", "Roll"))
    if f"{seat} unclaim" in legal:
        items.append(entry(f"{seat} unclaim", "Take back", "Roll", "your thunder card, to roll on"))
    makes = set(facts["makes"].get(seat, ()))
    for slot in facts["slots"]:
        card, mine = slot["card"], slot["holder"] == seat
        action = f"{seat} claim {card}"
        if card and (action in legal or mine):
            fits = "your dice make it" if card in makes else ("your card" if mine else "your dice do not make it")
            items.append(entry(None if mine else action, card_label(card), "Thunder on",
                               f"{signed(slot['value'])} \u26a1 \u00b7 {fits}", mine))
    return items
