"""The Fall Blau table as one SVG string, the status line and the tray, all from a view.

ui keys read: "interactive" (False: no clickable elements), "narrow" (a phone: a tall drawing with the
three frontline slots stacked), "general" (the selected general, whose orders are offered), "boost"
(the hand card chosen to add dice to his attack), "panel" ("reorg" shows the reorganization choices).
The board holds the spatial targets (the frontline cards to attack, slots to deploy or reinforce on,
the unlocked campaigns to advance on, the generals to select); the tray (`tray`) holds every other
control of the current decision, among them everything done with the event hand.
"""

from functools import lru_cache
from math import cos, pi, sin

from .. import svg
from . import data
from .actions import Action
from .words import (card_name, choice_detail, describe, event_effect, front_notes, general_name, play_choice,
                    play_effect, plural, reward)

WIDE_W, WIDE_H = 1000, 700  # the legend strip takes its last 22 units
NARROW_W = 370  # a 390 px phone shows it at about 1:1, so 11 units are 11 px
RESULT_WORDS = {"brilliant": "Brilliant Victory", "victory": "Victory", "defeat": "Defeat"}
PENDING = {"discard": "Hand full: discard an event card.",
           "exhaust": "Event deck empty: exhaust a general to reshuffle.",
           "deploy": "Choose a slot for the Major Counter-Attack.",
           "reinforce": "Choose the card that gets Soviet reinforcements."}

# One palette: a parchment mat, cream cards with coloured title bars, field grey for the Germans.
MAT, PAPER, INK, MUTED = "#e4d9bd", "#f8f2e0", "#2b2b2b", "#5e5747"
RED, GREY, GOLD, HILITE, GREEN = "#b8322a", "#7d8580", "#f1c40f", "#d35400", "#2f7a3a"
TERRAIN_BAR = {"": "#66773a", "mountains": "#7a5a3a", "fortress": "#4f5a66"}
SOVIET_BAR, SOVIET_BODY, ARMY_BAR, EVENT_BAR = "#8e2a20", "#f6ddd6", "#47544a", "#2f4a6b"
WINTER_FILL, VICTORY_FILL = "#cfdbe8", "#b8d8a8"
MONTH_SHORT = {"July": "Jul", "August": "Aug", "September": "Sep", "October": "Oct", "November": "Nov"}


def status_text(view):
    """One line for the status bar."""
    state, facts = view["state"], view["facts"]
    if view["to_play"] is None:
        return (f"{RESULT_WORDS[facts['result']]}: final score {facts['final_vp']} VP "
                f"(victory needs {facts['victory']}, brilliant {facts['brilliant']}).")
    if state["phase"] == "generals":
        return f"Choose general {state['slots'].index(None) + 1} of 3 (left to right)."
    # Only the question, short: a phone's dock shows it in two lines at most above the choices, and the
    # date, VP and supply are on the board's tracks.
    return PENDING[state["pending"]["kind"]] if state["pending"] else "Pick a general, play an event or end the turn."


def render(view, ui):
    ui = ui or {}
    return Board(view, ui).draw()


def capital(text):
    return text[:1].upper() + text[1:]


# -- small drawings: cubes, dice, icons ---------------------------------------------------------
MIN_DIE = 10  # the smallest die a slot's header draws when its cues take most of the room
DICE_PER_SLOT = 12  # more than one action ever rolls at a slot (six white and three black dice, three red)
DICE_LOOK = {"white": ("#ffffff", INK, "White attack die"), "black": ("#1d1d1d", "#ffffff", "Black attack die"),
             "soviet": (RED, "#ffffff", "Soviet counter-attack die")}

def cubes(x, y, count, colour, per_row=8, size=12):
    """Wooden cubes: a face with a lighter top edge."""
    out = []
    for i in range(count):
        cx, cy = svg.grid(i, per_row, x, y, size + 2, size + 2)
        out.append(svg.rect(cx, cy, size, size, colour, "#00000080", 0.8, 2)
                   + svg.rect(cx + 1.5, cy + 1.5, size - 3, 2.5, "#ffffff55", "none", 0, 1))
    return "".join(out)


def chip_width(text):
    """A rounded chip holding `text` in 11 px bold."""
    return round(svg.GLYPH * 11 * len(text) + 16)


def legend_rows():
    """[(icon in a 16 units tall box, its width, short name, meaning)]: every kind of symbol the table draws."""
    def small_die(x, value, fill, pip):
        return svg.die(x, 1, 13, value, fill, pip, INK)
    return [
        (cubes(0, 2, 2, RED, size=11), 24, "Soviet cubes",
         "the Soviet strength on a card: remove them all to capture it"),
        (cubes(0, 2, 2, GREY, size=11), 24, "Grey cubes",
         "a general's army: one white attack die each, lost to counter-attacks"),
        (vp_badge(10, 8, 2, 10), 20, "VP", "victory points for capturing the card"),
        (terrain_icon(0, 1, "mountains", TERRAIN_BAR["mountains"]), 18, "Mountains", "a minus to the attack dice"),
        (terrain_icon(0, 1, "fortress", TERRAIN_BAR["fortress"]), 18, "Fortress", "a minus to the attack dice"),
        (star(8, 8, 8, SOVIET_BAR), 16, "Counter card", "a Soviet counter-attack card on the frontline"),
        (f'<g transform="scale(0.8)">{unit_symbol(0, 1, True)}</g>', 21, "Panzer",
         "an armoured army: may advance on two cards at once"),
        (f'<g transform="scale(0.8)">{unit_symbol(0, 1, False)}</g>', 21, "Infantry", "an infantry army"),
        (small_die(0, 5, "#ffffff", INK) + small_die(15, 3, "#1d1d1d", "#ffffff"), 28, "Dice",
         "white: the general's attack dice, black: an event card's; 3 or more (less the modifier) hits"),
        (small_die(0, 2, RED, "#ffffff"), 13, "Soviet dice",
         "a counter-attack's dice: each low enough takes a grey cube"),
        (f'<circle cx="8" cy="8" r="7" fill="none" stroke="{RED}" stroke-width="1.8"/>', 16, "Reinforcements",
         "reaching this VP brings Soviet reinforcements to the frontline"),
    ]


def unit_symbol(x, y, panzer):
    """The map symbol of the army: an armour oval (Panzer) or the infantry cross, 26 x 18."""
    inner = (f'<ellipse cx="{x + 13}" cy="{y + 9}" rx="8" ry="4.5" fill="none" stroke="{INK}" stroke-width="1.6"/>'
             if panzer else f'<path d="M{x} {y}L{x + 26} {y + 18}M{x + 26} {y}L{x} {y + 18}" stroke="{INK}" '
                            f'stroke-width="1.4"/>')
    return svg.rect(x, y, 26, 18, "#d9dfd3", INK, 1.4, 0) + inner


def terrain_icon(x, y, terrain, colour="#ffffff"):
    """Mountains (two peaks) or a Fortress (a crenellated tower), about 18 x 14 from (x, y)."""
    if terrain == "mountains":
        return f'<path d="M{x} {y + 14}L{x + 6} {y + 3}L{x + 9} {y + 8}L{x + 12} {y}L{x + 18} {y + 14}Z" fill="{colour}"/>'
    if terrain == "fortress":
        return (f'<path d="M{x + 2} {y + 14}V{y}h3v3h3v-3h3v3h3v-3h3V{y + 14}Z" fill="{colour}"/>')
    return ""


def star(cx, cy, r, fill):
    """The five-pointed star of a Soviet card."""
    points = " ".join(f"{round(cx + (r if i % 2 == 0 else r * 0.42) * sin(i * pi / 5), 1)},"
                      f"{round(cy - (r if i % 2 == 0 else r * 0.42) * cos(i * pi / 5), 1)}" for i in range(10))
    return f'<polygon points="{points}" fill="{fill}"/>'


def vp_badge(cx, cy, vp, r=12):
    return (f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="#ffffff" stroke="{GREEN}" stroke-width="2.5"/>'
            + svg.text(cx, round(cy + r * 0.38, 1), vp, round(r * 1.1, 1), weight="bold"))


# -- the printed tracks ------------------------------------------------------------------------
def calendar_boxes(x, width):
    """(x, width) of each calendar box: a start box, fifteen turns, the winter box."""
    start, winter, gap = (38, 44, 2) if width < 600 else (64, 80, 3)
    turn = (width - start - winter - 16 * gap) / 15
    boxes, left = [(x, start)], x + start + gap
    for _ in data.TURNS:
        boxes.append((round(left, 1), round(turn, 1)))
        left += turn + gap
    return boxes + [(round(left, 1), winter)]


def track_boxes(x, width, count, per_row):
    """(x, row, width) of each box of a numbered track laid out in rows of `per_row`."""
    gap = 2
    box = svg.share(width, per_row, gap)
    return [(round(x + (i % per_row) * (box + gap), 1), i // per_row, round(box, 1)) for i in range(count)]


class Geometry:
    """Where everything goes: the laptop's wide table, or the phone's tall one with the slots stacked.
    The phone's rows of unlocked campaigns and hand cards grow with their number, and at the end of the
    game its result gets a place of its own above the frontline (on the laptop it lies across the slots)."""

    def __init__(self, narrow, queue_len=0, hand_len=0, over=False):
        self.narrow = narrow
        if narrow:
            self.width, left, inner = NARROW_W, 6, NARROW_W - 12
            self.track_x, self.track_w, self.supply_w = left, inner, inner
            self.calendar_y, self.supply_y, self.vp_y, self.box_h, self.vp_per_row = 36, 84, 130, 22, 21
            self.banner_y = 180
            top, block_h, card_w = 196 + (96 if over else 0), 178, (inner - 8) / 2
            self.slots = [{"header": (left, top + i * block_h, inner),
                           "front": (left, top + i * block_h + 26, card_w, 148),
                           "general": (left + card_w + 8, top + i * block_h + 26, card_w, 148)} for i in range(3)]
            y = top + 3 * block_h + 6
            self.queue = (left, y, inner, 86, 94, 4)
            y += 24 + max(1, svg.rows(queue_len, 4)) * 100 + 6
            self.hand = (left, y, inner, card_w, 78, 2)
            y += 22 + (svg.rows(hand_len, 2) * 84 or 26) + 6
            self.panel = (left, y, inner)
            self.legend = (left, inner, 2)  # under the panel: (x, width, columns)
        else:
            self.width, self.height, left = WIDE_W, WIDE_H, 12
            self.track_x, self.track_w, self.supply_w = 92, WIDE_W - 92 - left, 16 * 26
            self.calendar_y, self.supply_y, self.vp_y, self.box_h, self.vp_per_row = 24, 58, 90, 24, 41
            column, card_w = (WIDE_W - 2 * left + 10) / 3, (WIDE_W - 2 * left - 20) / 3
            self.slots = [{"header": (left + i * column, 122, card_w),
                           "front": (left + i * column, 148, card_w, 128),
                           "general": (left + i * column, 282, card_w, 126)} for i in range(3)]
            self.queue = (left, 418, 620, 96, 86, 6)
            self.banner_y = 236
            self.hand = (left, 534, 620, 204, 58, 3)
            self.panel = (650, 420, WIDE_W - 650 - left)
            self.legend = (left, WIDE_W - 2 * left, 0)  # one row at the foot


@lru_cache(maxsize=None)
def printed_tracks(narrow, standard, brilliant):
    """The calendar, supply depot and VP track as printed on the mat (drawn once per layout)."""
    geo = Geometry(narrow)
    x, w, out = geo.track_x, geo.track_w, []
    if not narrow:
        out += [svg.text(12, geo.calendar_y + 17, "Calendar", 12, "start", weight="bold"),
                svg.text(12, geo.supply_y + 17, "Supply", 12, "start", weight="bold"),
                svg.text(12, geo.vp_y + 17, "Victory", 12, "start", weight="bold")]
    boxes = calendar_boxes(x, w)
    for index, (bx, bw) in enumerate(boxes):
        if index == 0:
            text = "Start"
        elif index == data.WINTER:
            text = "Winter"
        else:
            part = data.CALENDAR[index].split()[0]
            text = part if bw > 40 else part[0]
        out += [f"<g><title>{svg.esc(data.CALENDAR[index])}</title>",  # the phone's E, M, L in words
                svg.rect(bx, geo.calendar_y, bw, 24, WINTER_FILL if index == data.WINTER else PAPER, INK, 0.8, 3),
                svg.text(round(bx + bw / 2, 1), geo.calendar_y + 16, text, 11, fill=MUTED), "</g>"]
    for month_index, month in enumerate(data.MONTHS):
        first, last = boxes[1 + 3 * month_index], boxes[3 + 3 * month_index]
        centre = round((first[0] + last[0] + last[1]) / 2, 1)
        out.append(svg.text(centre, geo.calendar_y - 4, month if not narrow else MONTH_SHORT[month], 11,
                            weight="bold"))
    for value, (bx, _, bw) in enumerate(track_boxes(x, geo.supply_w, data.MAX_SUPPLY + 1, data.MAX_SUPPLY + 1)):
        out += [svg.rect(bx, geo.supply_y, bw, geo.box_h, PAPER, INK, 0.8, 3),
                svg.text(round(bx + bw / 2, 1), geo.supply_y + geo.box_h / 2 + 4, value, 11)]
    for value, (bx, row, bw) in enumerate(track_boxes(x, w, data.VP_TRACK_MAX + 1, geo.vp_per_row)):
        by = geo.vp_y + row * (geo.box_h + 2)
        out.append(svg.rect(bx, by, bw, geo.box_h, VICTORY_FILL if value in (standard, brilliant) else PAPER, INK, 0.8, 2))
        if value in data.RED_CIRCLES:
            out.append(f'<circle cx="{round(bx + bw / 2, 1)}" cy="{by + geo.box_h / 2}" r="{min(bw, geo.box_h) / 2 - 0.5}" '
                       f'fill="none" stroke="{RED}" stroke-width="1.8"/>')
        out.append(svg.text(round(bx + bw / 2, 1), by + geo.box_h / 2 + 4, value, 11))
    if narrow:
        out += [svg.text(x, geo.calendar_y - 20, "Calendar", 12, "start", weight="bold"),
                svg.text(x, geo.supply_y - 8, "Supply", 12, "start", weight="bold"),
                svg.text(x, geo.vp_y - 8, "Victory points", 12, "start", weight="bold"),
                svg.text(x + w, geo.vp_y - 8, f"green: {standard} wins, {brilliant} brilliant", 11, "end", fill=MUTED)]
    else:
        lx, ly = x + geo.supply_w + 18, geo.supply_y + 16
        out += [svg.rect(lx, ly - 11, 14, 14, VICTORY_FILL, INK, 0.8, 2),
                svg.text(lx + 20, ly, f"victory {standard} VP, brilliant {brilliant} VP", 11, "start"),
                f'<circle cx="{lx + 237}" cy="{ly - 4}" r="7" fill="none" stroke="{RED}" stroke-width="1.8"/>',
                svg.text(lx + 250, ly, "Soviet reinforcements", 11, "start")]
    return "".join(out)


LEGEND = legend_rows()


def last_class(piece, last):
    return ' class="last"' if piece in last else ""


class Board:
    def __init__(self, view, ui):
        self.view, self.ui = view, ui
        self.state, self.facts = view["state"], view["facts"]
        self.geo = Geometry(bool(ui.get("narrow")), len(self.state["queue"]), len(self.state["hand"]),
                            view["to_play"] is None)
        live = ui.get("interactive", True) and view["to_play"] is not None
        self.legal = set(view.get("legal_actions", ())) if live else set()
        self.last = set(self.state["last"])
        generals = self.state["generals"]
        selected = ui.get("general")
        self.selected = selected if selected in generals and generals[selected]["ready"] else None
        self.small = 11 if self.geo.narrow else 10  # the smallest type: 11 px on a phone
        self.die_size = 26 if self.geo.narrow else 28  # about 27 px on either screen

    def draw(self):
        panel, bottom = self.panel()
        legend, bottom = self.legend(bottom + 6 if self.geo.narrow else WIDE_H - 20)
        body = self.tracks() + self.frontline() + self.queue() + self.hand() + panel + legend + self.result()
        height = self.geo.height if not self.geo.narrow else round(bottom + 6)
        return svg.board(self.geo.width, height, "Campaign: Fall Blau table", "".join(body), MAT)

    def act(self, action):
        """The action if it is legal now (and the viewer may act), else None."""
        return action if action in self.legal else None

    def describe(self, action):
        return describe(Action.parse(action), self.state["slots"], self.state["front"])

    def target(self, x, y, w, h, chip, name, action=None, command=None, pressed=None):
        """A click target over a card: the whole card is the hit area, a chip in its bottom right corner
        names the click. The accessible name begins with the chip's text."""
        attrs = (svg.action_attrs(action, f"{chip}: {name}") if action
                 else svg.command_attrs(command, f"{chip} {name}", pressed))
        chip_w = chip_width(chip)
        cx, cy = round(x + w - chip_w - 5, 1), round(y + h - 27, 1)
        hit = svg.rect(x, y, w, h, "#000000", "none", 0, 6, ' fill-opacity="0"')
        return f'<g {attrs}>{hit}{svg.chip(cx, cy, chip_w, 22, chip, 11, HILITE, "#00000060", "#ffffff", 1, 11)}</g>'

    # -- tracks (the printed boxes are drawn once; markers go on top) ------------------------
    def tracks(self):
        state, geo = self.state, self.geo
        boxes = calendar_boxes(geo.track_x, geo.track_w)
        cal_x, cal_w = boxes[state["calendar"]]
        sx, _, sw = track_boxes(geo.track_x, geo.supply_w, data.MAX_SUPPLY + 1, data.MAX_SUPPLY + 1)[state["supply"]]
        vx, row, vw = track_boxes(geo.track_x, geo.track_w, data.VP_TRACK_MAX + 1,
                                  geo.vp_per_row)[min(state["vp"], data.VP_TRACK_MAX)]
        vy = geo.vp_y + row * (geo.box_h + 2)
        out = [printed_tracks(geo.narrow, self.facts["victory"], self.facts["brilliant"]),
               f'<g data-piece="calendar"{last_class("calendar", self.last)} role="img" '
               f'aria-label="Calendar: {svg.esc(state["turn"])}">'
               f'{svg.rect(cal_x - 1.5, geo.calendar_y - 1.5, cal_w + 3, 27, "none", HILITE, 3, 4)}</g>',
               f'<g data-piece="supply"{last_class("supply", self.last)} role="img" aria-label="Supply: {state["supply"]}">'
               f'{svg.rect(sx, geo.supply_y, sw, geo.box_h, GOLD, INK, 1.5, 3)}'
               f'{svg.text(round(sx + sw / 2, 1), geo.supply_y + geo.box_h / 2 + 4, state["supply"], 11, weight="bold")}</g>',
               f'<g data-piece="vp"{last_class("vp", self.last)} role="img" aria-label="Victory points: {state["vp"]}">'
               f'{svg.rect(vx, vy, vw, geo.box_h, GOLD, INK, 1.5, 2)}'
               f'{svg.text(round(vx + vw / 2, 1), vy + geo.box_h / 2 + 4, state["vp"], 11, weight="bold")}</g>']
        if geo.narrow:
            turn = state["calendar"]
            when = state["turn"] + (f" 1942, turn {turn} of {data.WINTER - 1}" if 0 < turn < data.WINTER else "")
            out += [svg.text(geo.track_x + geo.track_w, geo.calendar_y - 20, when, 11, "end", fill=MUTED),
                    svg.text(geo.track_x + geo.track_w, geo.supply_y - 8, f"{state['supply']} of {data.MAX_SUPPLY}",
                             11, "end", fill=MUTED)]
        return out

    # -- the frontline -------------------------------------------------------------------
    def frontline(self):
        out = []
        if self.geo.narrow:
            out.append(svg.text(6, self.geo.slots[0]["header"][1] - 4, "Frontline", 12, "start", weight="bold"))
        for slot in (1, 2, 3):
            place = self.geo.slots[slot - 1]
            out += self.slot_header(slot, *place["header"])
            out += self.front_card(slot, *place["front"])
            out += self.general(slot, *place["general"])
        return out

    def slot_header(self, slot, x, y, w):
        """'Slot n', the scoring moment there (a capture, a counter-attack: beside the cards, never over
        them) and the dice its last action rolled (white and black: the attack, red: the Soviets)."""
        out = [svg.text(x + 2, y + 16, f"Slot {slot}", 12, "start", weight="bold", fill=MUTED)]
        faces = []
        for roll in self.state["rolls"]:
            if roll["slot"] != slot:
                continue
            gap = bool(faces)  # a little space between two rolls
            for kind in ("white", "black", "soviet"):
                faces += [(value, kind, gap and not i) for i, value in enumerate(roll.get(kind, []))]
                gap = gap and not roll.get(kind)
        gaps = 8 * sum(gap for *_, gap in faces)
        cues = [c for c in self.facts["cues"] if c["slot"] == slot]
        labels = [c["label"] for c in cues]
        dice_room = len(faces) * (MIN_DIE + 3) + gaps
        if sum(chip_width(t) + 6 for t in labels) > w - 52 - dice_room:  # two cues in a slot: their short words
            labels = [t.split(": ", 1)[-1] for t in labels]  # ("-1 grey", "+2 VP"; the title says it whole)
        left = x + 52
        for cue, text in zip(cues, labels):
            width = chip_width(text)
            fill = "#7a1f1f" if cue["kind"] == "counter" else "#1e6b30"
            out.append(svg.cue(cue["text"], svg.chip(left, y + 2, width, 22, text, 11, fill, "#ffffff", "#ffffff", 1.5, 11)))
            left += width + 6
        size = max(MIN_DIE, min(self.die_size, (x + w - left - gaps) / max(1, len(faces)) - 3))
        right = x + w - len(faces) * (size + 3) - gaps
        for index in range(DICE_PER_SLOT):  # every place kept, so the page rolls each die that changed
            if index < len(faces):
                value, kind, gap = faces[index]
                right += 8 if gap else 0
                fill, pip, meaning = DICE_LOOK[kind]
                out.append(svg.die(round(right, 1), round(y + 13 - size / 2, 1), size, value, fill, pip, INK,
                                   roll=(f"slot{slot}", index + 1), title=f"{meaning}: {value}"))
                right += size + 3
            else:
                out.append(svg.die(x + w - size, y, size, None, roll=(f"slot{slot}", index + 1)))
        return out

    def slot_action(self, slot):
        """A click on the slot itself: deploy or reinforce there, or the selected general's attack."""
        for kind in ("deploy", "reinforce"):
            if self.act(f"{kind} {slot}"):
                return f"{kind} {slot}", "Deploy here" if kind == "deploy" else "Reinforce here"
        general = self.selected
        if not general:
            return None, None
        boost = self.ui.get("boost")
        action = self.act(f"attack {general} {slot} {boost}") or self.act(f"attack {general} {slot}")
        return action, "Attack"

    def front_card(self, slot, x, y, w, h):
        card, facts = self.state["front"][slot - 1], self.facts["front"][slot - 1]
        action, chip = self.slot_action(slot)
        small = self.small
        if card is None:
            cx, top = round(x + w / 2, 1), y + 10
            arrow = (f'<path d="M{cx} {top}l26 24h-14v{h - 44}h-24v-{h - 44}h-14Z" fill="{ARMY_BAR}" '
                     f'fill-opacity="0.14"/>')  # the map's advance arrow: a general moves up into the slot
            out = [f'<g data-piece="open-{slot}">', svg.rect(x, y, w, h, "#d8d6b8", MUTED, 1.2, 6, ' stroke-dasharray="6 4"'),
                   arrow,
                   svg.text(round(x + w / 2, 1), y + h / 2 - 6, "Open front", 13, weight="bold", fill=MUTED),
                   svg.fitted(round(x + w / 2, 1), y + h / 2 + 12, "advance a general onto an unlocked campaign", w - 16,
                         small, "middle", max_lines=2, fill=MUTED, least=small), "</g>"]
        else:
            info = data.CAMPAIGNS.get(card["card"]) or data.EVENTS[card["card"]]
            counter = card["card"] in data.EVENTS
            title, size = svg.fit_lines(info["name"], w - 44, 13, 2, 11)
            bar_h = round(26 + (len(title) - 1) * size * 1.1)  # a title's every line in the bar, above the cubes
            bar = SOVIET_BAR if counter else TERRAIN_BAR[info.get("terrain", "")]
            out = [f'<g data-piece="{card["card"]}"{last_class(card["card"], self.last)}>',
                   svg.card(x, y, w, h, SOVIET_BODY if counter else PAPER, HILITE if action else INK, bar, bar_h, 6,
                            2.5 if action else 1.5)]
            out.append(svg.text_lines(x + 8, y + 17, title, size, size * 1.1, anchor="start", weight="bold",
                                      fill="#ffffff"))
            out.append(vp_badge(x + w - 18, y + bar_h / 2, info["vp"]))
            cube_y = y + bar_h + 6
            out.append(cubes(x + 8, cube_y, card["red"], RED, int((w - 40) // 14)))
            if counter:
                out.append(star(x + w - 16, cube_y + 7, 8, SOVIET_BAR))
            else:
                out.append(terrain_icon(x + w - 26, cube_y, info["terrain"], bar))
            rows = svg.rows(card["red"], int((w - 40) // 14)) or 1
            notes = front_notes(card["card"], facts, self.selected)
            paragraphs = ([". ".join(map(capital, notes)) + "."] if notes else []) + \
                ([info["text"]] if info.get("text") else [])
            text_y = cube_y + rows * 14 + small + 3
            bottom = y + h - (34 if action else 6)
            out += [svg.text_block(x + 8, text_y, w - 16, bottom, paragraphs,
                          small + 1, small)[0], "</g>"]
        if action:
            out.append(self.target(x, y, w, h, chip, self.describe(action), action=action))
        return out

    def general(self, slot, x, y, w, h):
        general = self.state["slots"][slot - 1]
        small = self.small
        if general is None:
            choosing = self.state["phase"] == "generals"
            words = "this slot has no army" if not choosing else \
                "choose him in the list now" if slot == self.state["slots"].index(None) + 1 else "chosen later"
            edge = HILITE if words.endswith("now") else MUTED
            return [svg.rect(x, y, w, h, "#d3cdbd", edge, 2 if edge == HILITE else 1.2, 6, ' stroke-dasharray="4 3"'),
                    svg.text(round(x + w / 2, 1), y + h / 2 - 4, "No general", 13, weight="bold", fill=MUTED),
                    svg.fitted(round(x + w / 2, 1), y + h / 2 + 14, words, w - 16, small, "middle", fill=MUTED,
                          least=small)]
        info, now = data.GENERALS[general], self.state["generals"][general]
        ready, selected = now["ready"], general == self.selected
        body = "#e3e7dc" if ready else "#c4bfb1"
        status, colour = (("Selected", HILITE) if selected else ("Ready", GREEN)) if ready \
            else ("Exhausted", "#7a1f1f")
        out = [f'<g data-piece="{general}"{last_class(general, self.last)}>',
               svg.card(x, y, w, h, body, HILITE if selected else INK, ARMY_BAR, 40, 6, 4 if selected else 1.5),
               svg.fitted(x + 8, y + 17, info["name"], w - 48, 13, weight="bold", fill="#ffffff", least=small),
               svg.fitted(x + 8, y + 33, info["army"], w - 48, small,
                     fill="#e8ece4", least=small),
               unit_symbol(x + w - 34, y + 11, info["panzer"]),
               cubes(x + 8, y + 48, now["cubes"], GREY, 8),
               svg.text(x + 8 + 14 * min(8, max(now["cubes"], 1)) + 4, y + 59, f"{now['cubes']}/{info['cubes']}",
                        small + 1, "start", weight="bold"),
               svg.text_block(x + 8, y + 62 + small + 14 * ((max(now["cubes"], 1) - 1) // 8), w - 16, y + h - 30,
                     [info["text"]], small + 1, small)[0],
               svg.rect(x + 1, y + h - 22, w - 2, 21, colour, "none", 0, 5),
               svg.text(x + 8, y + h - 7, status, small + 1, "start", weight="bold", fill="#ffffff"), "</g>"]
        if ready and self.legal and not self.state["pending"] and self.state["phase"] == "play":
            command = f"ui:general={'' if selected else general}"
            out.append(self.target(x, y, w, h, "Deselect" if selected else "Select", info["name"], command=command,
                                   pressed=selected))
        return out

    # -- cards off the frontline -----------------------------------------------------------
    def queue(self):
        x, y, w, card_w, card_h, per_row = self.geo.queue
        queue = self.state["queue"]
        locked = len(self.facts["locked"])
        out = [svg.text(x, y + 14, "Unlocked campaigns", 12, "start", weight="bold"),
               svg.text(x + w, y + 14, f"{locked} still locked", self.small, "end", fill=MUTED)]
        if not queue:
            out.append(svg.text(x, y + 40, "None: capture a card to unlock more", self.small, "start", fill=MUTED))
        step = card_w + 4 if self.geo.narrow else min(card_w + 4, w / max(1, len(queue)))
        width = step - 4
        for index, card in enumerate(queue):
            info = data.CAMPAIGNS[card]
            cx, cy = svg.grid(index, per_row, x, y + 24, step, card_h + 6)
            cx = round(cx, 1)
            action = self.act(f"advance {self.selected} {card}") if self.selected else None
            out += [f'<g data-piece="{card}"{last_class(card, self.last)}>',
                    svg.card(cx, cy, width, card_h, PAPER, HILITE if action else INK, TERRAIN_BAR[info["terrain"]], 20, 6,
                             2.5 if action else 1.2),
                    svg.fitted(cx + 3, cy + 15, info["name"], width - 6, 11, weight="bold", fill="#ffffff",
                          least=self.small),
                    cubes(cx + 5, cy + 25, info["red"], RED, int((width - 10) // 12) or 1, 10),
                    vp_badge(cx + 13, cy + card_h - 36, info["vp"], 10),
                    svg.text(cx + 26, cy + card_h - 32, info["terrain"].capitalize() or "Open", self.small, "start",
                             fill=MUTED), "</g>"]
            if action:
                out.append(self.target(cx, cy, width, card_h, "Advance", self.describe(action), action=action))
        return out

    def hand(self):
        x, y, w, card_w, card_h, per_row = self.geo.hand
        hand = self.state["hand"]
        out = [svg.text(x, y + 14, f"Event hand ({len(hand)} of {data.HAND_LIMIT})", 12, "start", weight="bold"),
               svg.text(x + w, y + 14, "play them from the choices", self.small, "end", fill=MUTED)]
        if not hand:
            out.append(svg.text(x, y + 40, "No event cards in hand", self.small, "start", fill=MUTED))
        boost = self.ui.get("boost") if self.selected else None
        for index, event in enumerate(hand):
            card = data.EVENTS[event]
            cx, cy = svg.grid(index, per_row, x, y + 22, card_w + 6, card_h + 6)
            cx = round(cx, 1)
            chosen = event == boost
            title, size = svg.fit_lines(card["name"], card_w - 10, 12, 1, self.small)
            out += [f'<g data-piece="{event}"{last_class(event, self.last)}>',
                    svg.card(cx, cy, card_w, card_h, "#fde3a7" if chosen else PAPER, HILITE if chosen else INK, EVENT_BAR, 20, 6,
                             2.5 if chosen else 1.2),
                    svg.text(cx + 5, cy + 15, title[0], size, "start", weight="bold", fill="#ffffff"),
                    svg.text_block(cx + 5, cy + 20 + self.small + 1, card_w - 10, cy + card_h - 2,
                          [capital(event_effect(event))], self.small + 1, self.small)[0], "</g>"]
        return out

    def panel(self):
        """The event deck and discard pile as stacks, then the cards in play, missions, captures and
        losses in words; returns (parts, bottom)."""
        state, small = self.state, self.small
        x, y, w = self.geo.panel
        out = [svg.rect(x + 10 + i * 2, y + 10 + i * 2, 44, 60, EVENT_BAR, "#ffffff", 1.2, 4) for i in range(3)]
        out += [svg.text(x + 36, y + 48, state["deck_count"], 16, weight="bold", fill="#ffffff"),
                svg.rect(x + 72, y + 14, 44, 60, "#d7cfb8", MUTED, 1.2, 4, ' stroke-dasharray="3 2"'),
                svg.text(x + 94, y + 50, len(state["discard"]), 16, weight="bold", fill=MUTED),
                svg.text(x + 128, y + 26, f"Event deck: {plural(state['deck_count'], 'card')}", small + 1, "start",
                         weight="bold"),
                svg.text(x + 128, y + 44, f"Discard pile: {plural(len(state['discard']), 'card')}", small + 1, "start"),
                svg.fitted(x + 128, y + 62, "Last event: " + (card_name(state["last_event"]) if state["last_event"]
                                                        else "none"), w - 136, small + 1, max_lines=2,
                      least=small)]
        lines = ["Next event (von Kleist scouts): " + card_name(state["deck_top"])] if state["deck_top"] else []
        lines.append("In play: " + ("; ".join(f"{card_name(e)} ({data.EVENTS[e]['text'].rstrip('.')})"
                                             for e in state["in_play"]) or "none"))
        if self.view["options"]["missions"]:
            lines += [f"Mission {data.MISSIONS[m]['name']}: {data.MISSIONS[m]['text'].rstrip('.')} ({reward(m)})"
                      for m in state["missions"]] or ["Missions: none this month"]
        lines.append("Captured: " + (", ".join(card_name(c) for c in state["captured"]) or "none"))
        lost = ", ".join(general_name(g) for g in state["lost"])
        lines.append(f"Generals lost: {lost}, -{self.facts['lost_penalty']} VP at the end" if lost
                     else f"Generals lost: none (-{data.LOST_GENERAL_PENALTY} VP each at the end)")
        bottom = WIDE_H - 30 if not self.geo.narrow else 10 ** 4
        text, end = svg.text_block(x + 8, y + 96, w - 16, bottom - 6, lines, small + 1, small)
        report, end = self.report(x + 8, end + 4, w - 16, bottom - 4)
        bottom = bottom if not self.geo.narrow else end + 2
        return [svg.rect(x, y, w, bottom - y, PAPER, INK, 1, 6)] + out + [text] + report, bottom

    def legend(self, y):
        """Every kind of symbol on the table, an icon and a short name (its meaning on hover or a long
        press); returns (parts, the bottom)."""
        x, width, columns = self.geo.legend
        out, left, top = [], x, y
        for index, (art, icon, name, meaning) in enumerate(LEGEND):
            if columns:  # a phone: in columns
                left, top = svg.grid(index, columns, x, y, width / columns, 20)
                left = round(left, 1)
            out.append(svg.titled(f"{name}: {meaning}", svg.place(left, top, art) + svg.text(
                round(left + icon + 4, 1), top + 12, name, self.small, "start", fill=MUTED)))
            left += icon + 4 + svg.GLYPH * self.small * len(name) + 12  # a laptop: one row, each as wide as it needs
        return out, y + (svg.rows(len(LEGEND), columns) if columns else 1) * 20

    def report(self, x, y, width, bottom):
        """What the last action did: the longest tail of its report that fits above `bottom` (the page's
        log has all of it), under a rule; returns (parts, the baseline after it)."""
        small, report = self.small, self.state["report"]
        most = min(4, int((bottom - y) / (small * 1.2)) + 1) if y <= bottom else 0  # no room: the log has it
        tails = [svg.fit_lines(" ".join(report[-count:]), width, small, most, small) for count in range(1, len(report) + 1)]
        lines, size = next((t for t in reversed(tails) if len(t[0]) <= most), ([], small))
        out = [f'<path d="M{x} {round(y - small - 2, 1)}h{width}" stroke="{MUTED}" stroke-width="0.6"/>'] if lines else []
        out.append(svg.text_lines(x, y, lines, size, size * 1.2, anchor="start", fill=MUTED))
        return out, y + len(lines) * size * 1.2

    def result(self):
        """The end of the game, across the frontline: who won and by how much."""
        if self.view["to_play"] is not None:
            return []
        facts, x, top = self.facts, self.geo.slots[0]["header"][0], self.geo.banner_y
        width = self.geo.width - 2 * x
        fill = "#1e6b30" if facts["result"] != "defeat" else "#7a1f1f"
        return [f'<g class="cue" data-cue="{svg.esc(status_text(self.view))}">',
                svg.rect(x + (0 if self.geo.narrow else 10), top, width - (0 if self.geo.narrow else 20), 86, fill, GOLD, 3, 10),
                svg.text(round(x + width / 2, 1), top + 34, RESULT_WORDS[facts["result"]], 26, weight="bold",
                         fill="#ffffff"),
                svg.fitted(round(x + width / 2, 1), top + 58, f"Final score {facts['final_vp']} VP: victory needs "
                      f"{facts['victory']}, brilliant {facts['brilliant']}", width - 40, 13, "middle", 2,
                      fill="#ffffff", least=self.small),
                "</g>"]


def hint_ui(view, action):
    """The ui keys that bring `action`'s control onto the board or the tray, for the page to set before
    it marks a hint there (a value None clears its key): an order needs its general selected (and an
    attack helped by an event card that card chosen), a reorganization the list of new orders open."""
    step = Action.parse(action)
    if step.verb in ("advance", "attack", "consolidate"):
        return {"general": step.general, "boost": step.event or None}
    if step.verb == "reorg":
        return {"panel": "reorg"}
    return {}


# -- the tray: the non-spatial controls of the current decision ---------------------------------
def distinct_cards(hand) -> list:
    """The hand without the second copy of a card (two Marschbataillons play alike: one set of buttons)."""
    kept = []
    for event in hand:
        if all(data.EVENTS[event] != data.EVENTS[other] for other in kept):
            kept.append(event)
    return kept


def tray(view, ui):
    """The current decision's buttons for the page's tray (see the contract in game_core/tray.py). The
    board takes the clicks on places: attacks, single advances, deployments and reinforcements."""
    ui = ui or {}
    legal = view.get("legal_actions", []) if ui.get("interactive", True) and view["to_play"] else []
    if not legal:
        return []
    state = view["state"]

    def say(action):
        return describe(Action.parse(action), state["slots"], state["front"])

    def item(action, text, group, detail="", command=None, pressed=False):
        return {"action": action, "command": command, "label": text, "detail": detail, "group": group,
                "pressed": pressed}

    if state["phase"] == "generals":
        slot = state["slots"].index(None) + 1
        return [item(a, general_name(g), f"Choose the general for slot {slot}",
                     f"{data.GENERALS[g]['army']}, {data.GENERALS[g]['cubes']} grey cubes. " + data.GENERALS[g]["text"])
                for a, g in ((a, Action.parse(a).general) for a in legal)]
    pending = state["pending"]
    if pending:
        if pending["kind"] in ("deploy", "reinforce"):
            return []  # a slot on the board
        group = {"discard": "Hand full: discard a card before drawing",
                 "exhaust": "Event deck empty: exhaust a general, then reshuffle"}[pending["kind"]]
        return [item(a, say(a), group, choice_detail(view, Action.parse(a))) for a in legal]
    items = []
    generals = state["generals"]
    selected = ui.get("general") if ui.get("general") in generals and generals[ui["general"]]["ready"] else None
    if selected:
        group = f"Orders for {general_name(selected)}"
        for action in legal:
            step = Action.parse(action)
            if step.general != selected or step.verb == "play":
                continue
            if step.verb == "consolidate":
                items.append(item(action, "Consolidate", group,
                                  f"+1 grey cube (up to his start), +{data.CONSOLIDATE_SUPPLY} supply"))
            elif step.verb == "advance" and step.second:
                items.append(item(action, f"Advance on {card_name(step.card)} + {card_name(step.second)}", group,
                                  f"second card to slot {step.slot}; costs {2 * data.ADVANCE_COST} supply"))
        items.append(item(None, "Deselect", group, "to attack or advance, pick a card on the table",
                          command="ui:general="))
        for event in distinct_cards(state["hand"]):
            card = data.EVENTS[event]
            if card["kind"] == "hand" and card["dice"] and any(
                    step.verb == "attack" and step.general == selected and step.event == event
                    for step in map(Action.parse, legal)):
                pressed = ui.get("boost") == event
                items.append(item(None, f"Add {card['name']}", "Extra dice for his attack",
                                  f"+{card['dice']} black dice (never cost a grey cube)",
                                  command="ui:boost=" + ("" if pressed else event), pressed=pressed))
    if "rally hoth" in legal:
        items.append(item("rally hoth", "Rally Hoth", "Hoth",
                          f"give up {plural(data.RALLY_CUBES, 'grey cube')} to be ready again (once a turn)"))
    targets = {}  # event -> the targets it may be played on (a card played alone has none)
    shown = distinct_cards(state["hand"])
    for step in map(Action.parse, legal):
        if step.verb == "play" and step.event in shown:
            targets.setdefault(step.event, []).extend(filter(None, [step.target]))
    for event, places in targets.items():
        if not places:
            items.append(item(f"play {event}", card_name(event), "Play an event card", play_effect(event)))
        for place in places:  # one short button per target under the card's heading keeps the tray short
            general = place in data.GENERALS
            front = None if general else state["front"][int(place) - 1]
            items.append(item(f"play {event} {place}", general_name(place) if general else
                              f"Slot {place}: {card_name(front['card'])}",
                              f"Play {card_name(event)}: {play_choice(event)}",
                              plural(generals[place]["cubes"], "grey cube") + " now" if general
                              else plural(front["red"], "red cube")))
    reorgs = [step for step in map(Action.parse, legal) if step.verb == "reorg"]
    if reorgs:
        showing = ui.get("panel") == "reorg"
        group = f"Reorganize the frontline ({data.REORG_COST} supply)"
        items.append(item(None, "Hide the choices" if showing else "Choose a new order", group,
                          command="ui:panel=" + ("" if showing else "reorg"), pressed=showing))
        if showing:
            items += [item(str(a), " | ".join(general_name(g) if g != "-" else "empty" for g in a.order), group,
                           "left to right") for a in reorgs]
    if "end" in legal:
        items.append(item("end", "End turn", "End the turn",
                          "the Soviets counter-attack, then the next turn's events are drawn"))
    return items
