"""Blitzed! table as SVG, drawn from a seat's view: a green felt with the win/loss and task cards in
the middle, the other seats' dice around, the viewer's own dice mat below. Rule facts (who holds a
card, which cards a seat's dice make, the scoring, the result) come from view["facts"]; nothing here
knows a rule.

ui keys read here:
- "interactive" (default True): False draws no data-action at all.
- "narrow": a phone in portrait: a tall drawing 380 units wide instead of the 1000-wide laptop one.
- "part": "all" (default: the table plus the view's seat's dice mat), "table" (the cards and the bots'
  dice: for a device shared by several people) or "controls" (one person's own panel on a shared
  device: dice, Roll, the cards to claim, Ready, with the keys).
- "keys": optional {control: key label} printed on the controls (not on a phone); controls are "roll",
  "die1".."die3", "claim1".."claim4" (the claimable slots from the left), "unclaim", "ready", "more",
  "share".
With one person at the device, the tray (tray() below) holds Roll, Take back, Ready and the tie's
choice; the drawing holds what sits on the table: the dice to set aside and the task cards to claim.
With several people at one device the tray is empty and each panel holds all its person's controls.
Elements the glue may animate: `.die` (data-seat, data-die, data-value, data-piece), `.thunder`
(data-seat, data-card, data-piece) for a claim, `.cue` for a claim, a round scored or the end, class
`last` on what the last action changed.
"""

from ..svg import action_attrs, board, centred, esc, fit_size, grid, paragraph, pips, rect, rows, share, text
from .actions import Action
from .data import CARDS, COLOUR, bolts, card_label, seat_name, signed
from .words import claim_name, free_text, guidance, headline, round_result, seat_note

WIDE, NARROW = 1000, 380                   # viewBox widths: a laptop, a phone in portrait
FELT, FELT_EDGE, ON_FELT = "#24633f", "#1a4a2f", "#f4f1e8"
CREAM, CARD_EDGE, NAVY, BOLT, GOLD, INK, MUTED = "#fffaf0", "#8a7a5a", "#1d2d50", "#ffd54a", "#f2b600", "#222", "#555"
MIN_TEXT = 12                              # phone text stays >= 11 px at 374 px for 380 units

# Keyboard shortcuts for up to three people sharing one keyboard (the others use touch).
KEYBOARD_LAYOUTS = (
    {"roll": "q", "die1": "1", "die2": "2", "die3": "3", "claim1": "a", "claim2": "s", "claim3": "d",
     "claim4": "f", "unclaim": "w", "ready": "e", "more": "r", "share": "t"},
    {"roll": "p", "die1": "8", "die2": "9", "die3": "0", "claim1": "h", "claim2": "j", "claim3": "k",
     "claim4": "l", "unclaim": "o", "ready": "i", "more": "u", "share": "y"},
    {"roll": "v", "die1": "z", "die2": "x", "die3": "c", "claim1": "b", "claim2": "n", "claim3": "m",
     "claim4": ",", "unclaim": "g", "ready": "4", "more": "5", "share": "6"},
)


def humans(view) -> list:
    """The seats a person plays at this device (the new-game options name each seat's player)."""
    return [s for s in view["state"]["seats"] if view["options"].get(s) == "human"]


def shared_device(view) -> bool:
    return len(humans(view)) > 1


# -- pieces: dice, cards, thunder cards ----------------------------------------------------------------
def die(x, y, size, value, seat, index=None, kept=False, attrs="", piece=True, last=False) -> str:
    """A die with rounded corners and a shadow; set aside: lifted (a longer shadow) with a gold rim."""
    colour = COLOUR[seat]
    data = ""
    if index is not None:
        data = f' data-seat="{seat}" data-die="{index + 1}" data-value="{value}"'
        data += f' data-piece="{seat}-die{index + 1}"' if piece else ""
    classes = "die" + (" kept" if kept else "") + (" last" if last else "")
    if ' class="act"' in attrs:  # one class attribute: the die's and the target's
        attrs, classes = attrs.replace(' class="act"', ""), classes + " act"
    rim = (GOLD, f"{max(3, size * 0.07):.1f}") if kept else ("#333", 1.2)
    corner = f"{size * 0.2:.1f}"
    drop = size * (0.12 if kept else 0.06)
    parts = [f'<g class="{classes}"{data} {attrs}>',
             rect(f"{x + drop:.1f}", f"{y + drop:.1f}", size, size, "#000", rx=corner, extra=' fill-opacity=".35"'),
             rect(x, y, size, size, colour["fill"], *rim, corner)]
    if value:
        parts.append(pips(x, y, size, value, colour["pip"]))
    else:
        parts.append(text(round(x + size / 2, 1), round(y + size * 0.66, 1), "?", round(size * 0.5, 1),
                          weight="bold", fill=colour["pip"]))
    parts.append("</g>")
    return "".join(parts)


def task_face(x, y, w, h, card_id) -> str:
    """A task card: cream with an inner frame; a sum in big figures, or three ivory dice."""
    spec = CARDS[card_id]
    parts = [rect(x, y, w, h, CREAM, CARD_EDGE, 1.5, f"{w * 0.08:.1f}"),
             rect(x + 4, y + 4, w - 8, h - 8, "none", "#e0cfa0", 1.2, f"{w * 0.06:.1f}")]
    if spec["kind"] == "sum":
        parts.append(text(round(x + w / 2, 1), round(y + h * 0.27, 1), "sum", max(MIN_TEXT, round(h * 0.11, 1)),
                          fill=MUTED))
        parts.append(text(round(x + w / 2, 1), round(y + h * 0.78, 1), spec["total"], round(min(h * 0.45, w * 0.5), 1),
                          weight="bold", fill=INK))
    else:  # two dice above one, as printed on a card
        size = round(min((w - 16) / 2.15, (h - 16) / 2.15), 1)
        gap = size * 0.15
        top = y + (h - 2 * size - gap) / 2
        left = x + (w - 2 * size - gap) / 2
        spots = [(left, top), (left + size + gap, top), (x + (w - size) / 2, top + size + gap)]
        for (dx, dy), value in zip(spots, spec["dice"]):
            parts.append(die(round(dx, 1), round(dy, 1), size, value, "p4"))
    return " ".join(parts)  # "sum 7" read as two words, not "sum7"


def mini_task(x, y, w, h, card_id) -> str:
    """A task in a small space: the sum in words, or its three dice in a row."""
    spec = CARDS[card_id]
    if spec["kind"] == "sum":
        label = card_label(card_id)
        return text(round(x + w / 2, 1), round(y + h * 0.72, 1), label, fit_size(label, w - 4, 18, MIN_TEXT), weight="bold",
                    fill=INK)
    size = round(min((w - 8) / 3, h - 2), 1)
    left = x + (w - 3 * size - 8) / 2
    return "".join(die(round(left + i * (size + 4), 1), round(y + (h - size) / 2, 1), size, value, "p4")
                   for i, value in enumerate(spec["dice"]))


def card_back(x, y, w, h) -> str:
    return (rect(x, y, w, h, "#5a3d8a", "#222", rx=f"{w * 0.1:.1f}")
            + rect(x + 5, y + 5, w - 10, h - 10, "none", BOLT, rx=f"{w * 0.07:.1f}", extra=' stroke-opacity=".6"') + text(x + w / 2, y + h * 0.6, "\u26a1", round(w * 0.4, 1), fill=BOLT))


def value_card(x, y, w, h, value) -> str:
    """A win/loss card's face: its value in bolts."""
    label = f"{signed(value)} \u26a1"
    return (rect(x, y, w, h, NAVY, "#000", rx=8)
            + text(round(x + w / 2, 1), round(y + h * 0.72, 1), label, fit_size(label, w - 10, round(h * 0.66, 1)),
                   weight="bold", fill=BOLT))


def thunder(x, y, w, h, seat, card_id, last) -> str:
    """A seat's thunder card in the band under the task it claimed: it never covers a value or a task."""
    colour = COLOUR[seat]
    label = f"\u26a1 {seat_name(seat)}"
    return (f'<g class="thunder{" last" if last else ""}" data-seat="{seat}" data-card="{card_id or "last"}" '
            f'data-piece="thunder-{seat}">{rect(x, y, w, h, colour["fill"], "#000", 2, 6)}'
            + text(round(x + w / 2, 1), round(y + h * 0.7, 1), label, fit_size(label, w - 10, round(h * 0.55, 1)),
                   weight="bold", fill=colour["pip"]) + "</g>")


def key_badge(x, y, keys, control) -> str:
    label = keys.get(control)
    if not label:
        return ""
    return (rect(x, y, 12 + 8 * len(str(label)), 20, "#fff", "#333", rx=4) + text(x + 6 + 4 * len(str(label)), y + 15, label, 12, weight="bold", fill=INK))


def button(x, y, w, h, label, action, interactive, keys, control, fill=GOLD) -> str:
    attrs = action_attrs(action, label, keys.get(control)) if interactive else ""
    return (f'<g {attrs}>{rect(x, y, w, h, fill, "#333", 1.5, 10)}' + text(x + w / 2, round(y + h / 2 + 6, 1), label, fit_size(label, w - 16, 18, MIN_TEXT),
                                           weight="bold", fill=INK) + "</g>"
            + key_badge(x + w - 14, y - 8, keys, control))


def header(state, width, narrow) -> str:
    size = 16 if narrow else 20
    bank = f"bank {state['supply']} \u26a1" + ("" if narrow else f" \u00b7 deck {state['deck']['hidden']}")
    return (text(12, 24 if narrow else 27, headline(state), size, anchor="start", weight="bold", fill=ON_FELT)
            + text(width - 12, 24 if narrow else 27, bank, MIN_TEXT if narrow else 15, anchor="end", fill=ON_FELT))


def seat_chips(state, facts, seats, top, width, narrow) -> tuple:
    """The dice of the seats not at this mat, in small panels: (svg, height)."""
    if not seats:
        return "", 0
    cols = len(seats) if len(seats) <= 3 or not narrow else rows(len(seats), 2)
    gap = 6 if narrow else 10
    chip_w = min(240, share(width - 16, cols, gap))
    chip_h = 78 if narrow else 80
    left = centred(width, cols, chip_w, gap)
    last = facts["last"] or {}
    rolled = last.get("seat") if last.get("verb") == "roll" else None
    parts = []
    for i, seat in enumerate(seats):
        x, y = grid(i, cols, left, top, chip_w + gap, chip_h + gap)
        x = round(x, 1)
        colour = COLOUR[seat]
        purse = f"\u26a1 {state['bolts'][seat]}"
        name_size = 14 if narrow else 17
        acted = seat == last.get("seat") and seat != rolled  # its last move (a roll marks its dice instead)
        parts.append(f'<g class="seat{" last" if acted else ""}" data-seat="{seat}">'
                     + rect(x, y, f"{chip_w:.1f}", chip_h, CREAM, "#000", rx=9, extra=' stroke-opacity=".5"')
                     + rect(x, y, 8, chip_h, colour["fill"], "#333", ".8", 4)
                     + text(x + 14, y + 19, seat_name(seat), name_size, anchor="start", weight="bold", fill=INK)
                     + text(round(x + chip_w - 8, 1), y + 19, purse, name_size, anchor="end", weight="bold", fill=INK))
        size = 26 if narrow else 32
        for d, value in enumerate(state["dice"][seat]):
            kept = state["kept"][seat][d]
            parts.append(die(x + 14 + d * (size + 6), y + (24 if kept else 28), size, value, seat, d, kept,
                             last=seat == rolled))
        note, result = seat_note(state, seat), round_result(state, seat, short_form=True)
        shown = result or note
        if narrow:
            parts.append(text(x + 14, y + chip_h - 10, shown, fit_size(shown, chip_w - 20, 13, MIN_TEXT), anchor="start",
                              weight="bold" if result else "normal", fill=INK))
        else:
            room = chip_w - 3 * (size + 6) - 26
            parts.append(text(x + 24 + 3 * (size + 6), y + 50, note, fit_size(note, room, 14), anchor="start", fill=INK)
                         + text(x + 14, y + 74, result, fit_size(result, chip_w - 24, 14), anchor="start", weight="bold",
                                fill=INK))
        parts.append("</g>")
    count = rows(len(seats), cols)
    return "".join(parts), count * chip_h + (count - 1) * gap


def slot_geometry(count, width, narrow, compact) -> dict:
    """Slot sizes; `compact` (a shared device, whose panels need the height) makes the cards shorter."""
    if narrow:
        slot_w = min(90, share(width - 16, count, 6))
        return {"w": round(slot_w, 1), "gap": 6, "value_h": 30, "card_h": 84 if compact else 100, "band_h": 28}
    return {"w": 130, "gap": 16, "value_h": 36, "card_h": 130, "band_h": 30}


def slot_row(view, top, width, narrow, claims, interactive, keys, compact) -> tuple:
    """The win/loss cards, the task card under each, and the thunder band under that: (svg, height)."""
    state, facts = view["state"], view["facts"]
    viewer = view["seat"] if view["seat"] in state["seats"] else None
    g = slot_geometry(len(facts["slots"]), width, narrow, compact)
    count = len(facts["slots"])
    left = centred(width, count, g["w"], g["gap"])
    card_y = top + g["value_h"] + 4
    band_y = card_y + g["card_h"] + 4
    last = facts["last"] or {}
    waiting = viewer is not None and state["phase"] == "roll" and state["claims"][viewer] is None
    parts, number = [], 0
    for index, slot in enumerate(facts["slots"]):
        value, card, holder = slot["value"], slot["card"], slot["holder"]
        x = round(left + index * (g["w"] + g["gap"]), 1)
        face = value_card(x, top, g["w"], g["value_h"], value)
        if card is None:
            words, _ = paragraph(round(x + g["w"] / 2, 1), card_y + g["card_h"] / 2 - 4, "for the last player",
                                 g["w"] - 10, MIN_TEXT, fill=ON_FELT)
            parts.append(face + rect(x, card_y, g["w"], g["card_h"], "none", ON_FELT, rx=8,
                                     extra=' stroke-opacity=".6" stroke-dasharray="6 4"') + words)
        else:
            number += 1
            action = claims.get(card)
            attrs = action_attrs(action, claim_name(value, card)) if action and interactive else ""
            # A space between the faces' texts: a browser reads a group's text as one string ("+1 ⚡ sum 7").
            parts.append(f'<g data-card="{card}" {attrs}>' + face + " " + task_face(x, card_y, g["w"], g["card_h"], card)
                         + "</g>")
            if action and interactive:
                parts.append(key_badge(x + g["w"] - 24, card_y + g["card_h"] - 26, keys, f"claim{number}"))
        if waiting and card in facts["makes"].get(viewer, ()):
            tag = "match!" if narrow else "your dice make it!"
            parts.append(rect(x, band_y, g["w"], g["band_h"], "#fff3c4", "#b00", 2, 6)
                         + text(round(x + g["w"] / 2, 1), round(band_y + g["band_h"] * 0.7, 1), tag,
                                fit_size(tag, g["w"] - 10, 15, MIN_TEXT), weight="bold", fill="#b00"))
        if holder:
            just = last.get("verb") == "claim" and last.get("card") == card and not last.get("scored")
            parts.append(thunder(x, band_y, g["w"], g["band_h"], holder, card, just))
            if just:
                cue = f"{seat_name(holder)} thunders on {card_label(card)} for {signed(value)}"
                parts.append(f'<g class="cue" data-cue="{esc(cue)}">'
                             + rect(x - 4, top - 4, g["w"] + 8, band_y + g["band_h"] - top + 8, "none",
                                    COLOUR[holder]["fill"], 5, 12) + "</g>")
    height = band_y + g["band_h"] - top
    if last.get("scored"):
        parts.append(f'<g class="cue" data-cue="Round {state["round"]} scored">'
                     + rect(4, top - 8, width - 8, height + 16, "none", GOLD, 4, 12) + "</g>")
    return "".join(parts), height


def piles(state, top, width) -> str:
    """The deck face down at the left of the cards, the discard pile's top card at the right (laptop)."""
    parts = [rect(22, top + 46, 84, 110, "#3c2960", rx=9),
             card_back(16, top + 40, 84, 110),
             text(58, top + 174, f"deck {state['deck']['hidden']}", 14, fill=ON_FELT)]
    if state["discard"]:
        parts.append(task_face(width - 100, top + 40, 84, 110, state["discard"][-1]))
        parts.append(text(width - 58, top + 174, f"discard {len(state['discard'])}", 14, fill=ON_FELT))
    return "".join(parts)


def result_banner(view, top, width, narrow) -> tuple:
    """At a tie or the end, who won and why, in a gold frame: (svg, height)."""
    state, facts = view["state"], view["facts"]
    if state["phase"] not in ("tie", "over"):
        return "", 0
    size = 15 if narrow else 20
    title = "Tied for the lead!" if state["phase"] == "tie" else (
        f"{seat_name(state['winners'][0])} wins!" if len(state["winners"]) == 1 else "A shared win!")
    body, count = paragraph(width / 2, top + 30 + size + 14, facts["result"], width - 48, size, fill=INK)
    height = 30 + size + 14 + count * size * 1.25
    ring = COLOUR[state["winners"][0]]["fill"] if len(state["winners"]) == 1 else GOLD
    svg = (rect(12, top, width - 24, f"{height:.0f}", CREAM, ring, 6, 14)
           + text(width / 2, top + 34, f"\u26a1 {title} \u26a1", size + 8, weight="bold", fill=INK) + body)
    if state["phase"] == "over":
        svg = f'<g class="cue" data-cue="{esc(title)}">{svg}</g>'
    return svg, height


# -- the viewer's dice mat (one person at the device) --------------------------------------------------
def mat(view, top, width, narrow, interactive, keys, toggles) -> tuple:
    """The viewer's dice, big, to tap and set aside; their bolts and what to do now: (svg, height)."""
    seat, state, facts = view["seat"], view["state"], view["facts"]
    colour = COLOUR[seat]
    height = 206 if narrow else 180
    last = facts["last"] or {}
    rolled = last.get("seat") == seat and last.get("verb") == "roll"
    parts = [f'<g class="controls" data-seat="{seat}">{rect(6, top, width - 12, height, CREAM, colour["fill"], 6, 16)}'
             f'<rect x="2" y="{top - 4}" width="{width - 4}" height="{height + 8}" rx="19" fill="none" '
             f'stroke="#000" stroke-opacity=".5" stroke-width="2"/>',
             rect(20, top + 14, 22, 22, colour["fill"], "#333", rx=4),
             text(50, top + 32, seat_name(seat), 20, anchor="start", weight="bold", fill=INK),
             text(width - 20, top + 32, f"\u26a1 {bolts(state['bolts'][seat])}", 18, anchor="end", weight="bold",
                  fill=INK)]
    size, gap = (84, 18) if narrow else (100, 26)
    dice_x = centred(width, 3, size, gap) if narrow else 200
    dice_y = top + 48
    for d, value in enumerate(state["dice"][seat]):
        kept = state["kept"][seat][d]
        action = toggles[d] if toggles else None
        label = f"Die {d + 1} showing {value}: {'pick it up' if kept else 'set it aside'}"
        attrs = action_attrs(action, label, keys.get(f"die{d + 1}")) if action and interactive else ""
        x, y = round(dice_x + d * (size + gap), 1), dice_y - (8 if kept else 0)
        parts.append(die(x, y, size, value, seat, d, kept, attrs, last=rolled)
                     + key_badge(x + size - 12, y - 8, keys, f"die{d + 1}"))
        if kept:
            parts.append(text(round(x + size / 2, 1), dice_y + size + 18, "set aside", 13, weight="bold", fill="#8a6d00"))
    advice = guidance(view)
    result = round_result(state, seat)
    if narrow:
        note = " \u00b7 ".join(t for t in (result, advice) if t) if state["phase"] == "ready" else advice
        words, _ = paragraph(width / 2, dice_y + size + 40, note, width - 40, 14, step=17, fill=INK)
        parts.append(words)
    else:
        short = round_result(state, seat, short_form=True)
        parts.append(text(20, top + 62, seat_note(state, seat), 15, anchor="start", fill=INK)
                     + text(20, top + 88, short, fit_size(short, 170, 15), anchor="start", weight="bold", fill=INK))
        words, _ = paragraph(dice_x + 3 * size + 2 * gap + 30, top + 80, advice, width - 640, 17, step=22,
                             anchor="start", weight="bold", fill=INK)
        parts.append(words)
    return "".join(parts) + "</g>", height


def table_svg(view, interactive, keys, narrow, part) -> str:
    state, facts = view["state"], view["facts"]
    width = NARROW if narrow else WIDE
    mine = view["seat"] if view["seat"] in state["seats"] else None
    with_mat = part == "all" and mine is not None and state["phase"] != "over"  # at the end: everyone's result
    if with_mat:
        others = [s for s in state["seats"] if s != mine]
    elif part == "table" and state["phase"] != "over":  # each person at the device has a panel with their dice
        others = [s for s in state["seats"] if s not in humans(view)]
    else:
        others = list(state["seats"])
    claims = {}
    if with_mat and interactive:
        claims = {step.card: str(step) for step in map(Action.parse, view.get("legal_actions", ())) if step.card}
    y = 38 if narrow else 40
    parts = [header(state, width, narrow)]
    banner, height = result_banner(view, y, width, narrow)
    parts.append(banner)
    y += height + (10 if height else 0)
    chips, height = seat_chips(state, facts, others, y, width, narrow)
    parts.append(chips)
    y += height + (12 if height else 0)
    if not narrow:
        parts.append(piles(state, y, width))
    row, height = slot_row(view, y, width, narrow, claims, interactive, keys, part == "table")
    parts.append(row)
    y += height + 14
    if with_mat:
        shown, height = mat(view, y + 4, width, narrow, interactive, keys, facts.get("toggles"))
        parts.append(shown)
        y += height + 12
    total = round(y)
    felt = (f'<rect width="{width}" height="{total}" rx="14" fill="{FELT}"/>'
            + rect(3, 3, width - 6, total - 6, "none", FELT_EDGE, 6, 12))
    return board(width, total, "Blitzed! table", felt + "".join(parts))


# -- one person's panel on a shared device ---------------------------------------------------------------
def panel_svg(view, interactive, keys, narrow) -> str:
    seat, state, facts = view["seat"], view["state"], view["facts"]
    width = NARROW if narrow else WIDE
    if seat not in state["seats"]:
        return board(width, 40, "Blitzed! controls", "")
    height = 178 if narrow else 104
    colour = COLOUR[seat]
    title = f"Blitzed! controls for {seat_name(seat)}"
    actions = set(view.get("legal_actions", ())) if interactive else set()
    phase = state["phase"]
    last = facts["last"] or {}
    parts = [f'<g class="controls" data-seat="{seat}">{rect(2, 2, width - 4, height - 4, CREAM, colour["fill"], 6, 14)}',
             rect(16, 14, 22, 22, colour["fill"], "#333", rx=4),
             text(46, 32, seat_name(seat), 20, anchor="start", weight="bold", fill=INK)]
    purse = f"\u26a1 {bolts(state['bolts'][seat])}"
    note = round_result(state, seat, short_form=narrow) or seat_note(state, seat)
    if narrow:
        parts.append(text(width - 14, 32, purse, 16, anchor="end", weight="bold", fill=INK)
                     + text(118, 32, note, fit_size(note, 150, 14, MIN_TEXT), anchor="start", fill=INK))
    else:
        parts.append(text(16, 60, purse, 17, anchor="start", weight="bold", fill=INK)
                     + text(16, 86, note, fit_size(note, 170, 15, MIN_TEXT), anchor="start", fill=INK))
    # the row of dice and the phase's button, then (phone) the cards to claim below
    size, dice_x, dice_y = (56, 16, 46) if narrow else (68, 200, 22)
    button_x, button_w, button_y, button_h = (236, 130, 46, 56) if narrow else (470, 150, 20, 64)
    if phase == "roll":
        toggles = facts.get("toggles") or [None] * 3
        for d, value in enumerate(state["dice"][seat]):
            kept, action = state["kept"][seat][d], toggles[d]
            label = f"Die {d + 1} showing {value}: {'pick it up' if kept else 'set it aside'}"
            attrs = action_attrs(action, label, keys.get(f"die{d + 1}")) if action in actions else ""
            x, y = dice_x + d * (size + 14), dice_y - (6 if kept else 0)
            parts.append(die(x, y, size, value, seat, d, kept, attrs, last=last.get("seat") == seat
                             and last.get("verb") == "roll") + key_badge(x + size - 12, y - 8, keys, f"die{d + 1}"))
        if f"{seat} unclaim" in actions:
            parts.append(button(button_x, button_y, button_w, button_h, "Take back", f"{seat} unclaim", True, keys,
                                "unclaim", fill="#ddd"))
        elif f"{seat} roll" in actions:
            parts.append(button(button_x, button_y, button_w, button_h, "Roll", f"{seat} roll", True, keys, "roll"))
        parts.append(claim_buttons(view, actions, keys, narrow))
    elif phase == "ready" and f"{seat} ready" in actions:
        parts.append(text(dice_x, 80 if narrow else 64, "Read the cards, then:", 15, anchor="start", fill=INK))
        parts.append(button(button_x, button_y, button_w, button_h, "Ready!", f"{seat} ready", True, keys, "ready"))
    elif phase == "tie" and actions:
        parts.append(button(dice_x, button_y, 200, button_h, "One more round", f"{seat} more", True, keys, "more")
                     + button(dice_x + 220 if not narrow else button_x - 20, button_y, 180 if not narrow else 134,
                              button_h, "Share the win", f"{seat} share", True, keys, "share", fill="#9fd59f"))
    elif phase != "over":  # at the end the table shows the result
        words, _ = paragraph(width / 2 if narrow else 600, 80 if narrow else 60, guidance(view),
                             width - 40 if narrow else 560, 15, fill=INK)
        parts.append(words)
    return board(width, height, title, "".join(parts) + "</g>")


def claim_buttons(view, actions, keys, narrow) -> str:
    """The free task cards as small cards to tap (on a shared device each person claims from their panel)."""
    seat, facts = view["seat"], view["facts"]
    makes = set(facts["makes"].get(seat, ()))
    slots = [s for s in facts["slots"] if s["card"]]
    w, h, gap = ((348 - 3 * 8) / max(4, len(slots)), 58, 8) if narrow else (80, 72, 6)
    left, top = (16, 112) if narrow else (652, 14)
    parts = []
    for number, slot in enumerate(slots, 1):
        card, value = slot["card"], slot["value"]
        action = f"{seat} claim {card}"
        if action not in actions:
            continue
        x = round(left + (number - 1) * (w + gap), 1)
        ring = (GOLD, 5) if card in makes else ("#999", None)
        parts.append(f'<g {action_attrs(action, claim_name(value, card), keys.get(f"claim{number}"))}>'
                     + rect(x, top, f"{w:.1f}", h, CREAM, *ring, 8)
                     + value_card(x + 3, top + 3, round(w - 6, 1), 22, value) + " "
                     + mini_task(x + 4, top + 28, w - 8, h - 32, card) + "</g>"
                     + key_badge(round(x + w - 16, 1), top + h - 12, keys, f"claim{number}"))
    return "".join(parts)


# -- status line, drawing, tray -------------------------------------------------------------------------
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
    narrow = bool(ui.get("narrow"))
    keys = {} if narrow else (ui.get("keys") or {})  # no keyboard on a phone
    part = ui.get("part", "all")
    if part == "controls":
        return panel_svg(view, interactive, keys, narrow)
    return table_svg(view, interactive, keys, narrow, part)


def entry(action, label, group, detail="", pressed=False, key=None) -> dict:
    return {"action": action, "command": None, "label": label, "detail": detail, "group": group, "pressed": pressed,
            "key": key}


def tray(view, ui=None) -> list:
    """The seat's decision that is not a piece on the table: Ready, Roll or Take back, the tie's choice.
    (The dice to set aside and the cards to claim are tapped on the table.) On a device shared by
    several people each has their own panel in the drawing, so the tray stays empty."""
    seat, state = view["seat"], view["state"]
    legal = set(view.get("legal_actions") or ())
    if seat not in state["seats"] or not legal or shared_device(view):
        return []
    keys = KEYBOARD_LAYOUTS[0]
    phase = state["phase"]
    if phase == "ready":
        return [entry(f"{seat} ready", "Ready!", f"Round {state['round'] + 1}", "when you have read the task cards",
                      key=keys["ready"])]
    if phase == "tie":
        return [entry(f"{seat} more", "One more round", "Tied for the lead", "it ends the game", key=keys["more"]),
                entry(f"{seat} share", "Share the win", "Tied for the lead", "if every tied player agrees",
                      key=keys["share"])]
    if f"{seat} unclaim" in legal:
        return [entry(f"{seat} unclaim", "Take back", "Your thunder card",
                      f"off {card_label(state['claims'][seat])}, to roll on", key=keys["unclaim"])]
    free = state["kept"][seat].count(False)
    if not free:
        return [entry(None, "Roll", "Blitz!", "every die is set aside: tap one to pick it up")]
    what = "all three dice" if free == 3 else f"the {free} {'die' if free == 1 else 'dice'} not set aside"
    return [entry(f"{seat} roll", "Roll", "Blitz!", what, key=keys["roll"])]
