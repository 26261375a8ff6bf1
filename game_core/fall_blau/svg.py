"""The Fall Blau battle board as one SVG string.

ui keys read: "interactive" (False: no clickable elements), "general" (the selected general,
whose orders are offered), "boost" (the hand card chosen to add dice to his attack),
"panel" ("reorg" shows the reorganization choices).
"""

from functools import lru_cache

from .. import svg
from . import data
from .rules import GAME, SLOTS, front_card_info

WIDTH, HEIGHT = 1000, 850
COLUMN_X = (40, 350, 660)
COLUMN_W = 300
GREY, RED, PAPER, INK = "#8a8f94", "#c0392b", "#f4ecd8", "#2b2b2b"


def render(state, seat, ui):
    ui = ui or {}
    live = ui.get("interactive", True) and not state.is_over
    legal = set(state.legal_actions()) if live else set()
    board = Board(state, legal, ui)
    parts = [svg.svg_open(WIDTH, HEIGHT, f"{GAME.title} battle board"),
             f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#e9e2cf"/>']
    parts += board.tracks() + board.frontline()
    parts += board.queue() + board.hand() + board.side_panel() + board.dice() + board.choices()
    parts.append("</svg>")
    return "".join(parts)


CAL_X, CAL_W = 70, 54
SUP_X, SUP_W = 70, 24
VP_X, VP_W = 70, 22.5


@lru_cache(maxsize=None)
def printed_tracks(standard, brilliant):
    """The calendar, supply depot and VP track as printed on the game mat."""
    out = [svg.text(10, 22, "Calendar", 12, "start", weight="bold"),
           svg.text(10, 62, "Supply", 12, "start", weight="bold"),
           svg.text(10, 96, "VP", 12, "start", weight="bold")]
    for index, name in enumerate(data.CALENDAR):
        x = CAL_X + index * CAL_W
        fill = "#cfd8e3" if index == data.WINTER else PAPER
        label = "Winter" if index == data.WINTER else ("Start" if index == 0 else name[0] + ". " + name.split()[1][:3])
        out += [f'<rect x="{x}" y="8" width="{CAL_W - 3}" height="28" fill="{fill}" stroke="{INK}"/>',
                svg.text(x + CAL_W / 2 - 1, 26, label, 8)]
    for value in range(data.MAX_SUPPLY + 1):
        x = SUP_X + value * SUP_W
        out += [f'<rect x="{x}" y="46" width="22" height="22" fill="{PAPER}" stroke="{INK}"/>',
                svg.text(x + 11, 61, value, 10)]
    for value in range(data.VP_TRACK_MAX + 1):
        x = VP_X + value * VP_W
        fill = "#b8d8a8" if value in (standard, brilliant) else PAPER
        out.append(f'<rect x="{x}" y="80" width="21" height="22" fill="{fill}" stroke="{INK}"/>')
        if value in data.RED_CIRCLES:
            out.append(f'<circle cx="{x + 10.5}" cy="91" r="9" fill="none" stroke="{RED}" stroke-width="2"/>')
        out.append(svg.text(x + 10.5, 95, value, 9))
    return "".join(out)


def button(x, y, w, h, label, action=None, command=None, aria=None, fill="#fffaf0", pressed=None):
    """A rectangle with a label; clickable when it carries an action or a command."""
    attrs = ""
    if action:
        attrs = " " + svg.action_attrs(action, aria or label)
    elif command:
        attrs = " " + svg.command_attrs(command, aria or label, pressed)
    return (f'<g{attrs}><rect x="{x}" y="{y}" width="{w}" height="{h}" rx="5" fill="{fill}" '
            f'stroke="{INK}"/>{svg.text(x + w / 2, y + h / 2 + 4, label, 11)}</g>')


def wrap(text, width):
    """Split text into lines of at most `width` characters, at spaces."""
    lines, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return lines + [line] if line else lines


def cubes(x, y, count, colour, per_row=8):
    return "".join(f'<rect x="{x + (i % per_row) * 13}" y="{y + (i // per_row) * 13}" width="10" '
                   f'height="10" fill="{colour}" stroke="{INK}" stroke-width="0.6"/>' for i in range(count))


class Board:
    def __init__(self, state, legal, ui):
        self.state, self.legal, self.ui = state, legal, ui
        selected = ui.get("general")
        self.selected = selected if selected in state.slots and selected in state.ready() else None
        boost = ui.get("boost")
        self.boost = boost if boost in state.hand else None

    def act(self, action):
        """The action if it is legal now (and the viewer may act), else None."""
        return action if action in self.legal else None

    def describe(self, action):
        return GAME.describe_action(self.state, action)

    # -- tracks (the printed boxes are drawn once; markers go on top) ------------------------
    def tracks(self):
        state = self.state
        standard, brilliant = state.thresholds
        x_cal = CAL_X + state.calendar * CAL_W
        x_sup = SUP_X + state.supply * SUP_W
        x_vp = VP_X + state.vp * VP_W
        return [printed_tracks(standard, brilliant),
                f'<rect x="{x_cal}" y="8" width="{CAL_W - 3}" height="28" fill="none" stroke="#d35400" '
                f'stroke-width="3" aria-label="Calendar: {svg.esc(state.turn_name())}"/>',
                f'<rect x="{x_sup}" y="46" width="22" height="22" fill="#f1c40f" stroke="{INK}"/>',
                svg.text(x_sup + 11, 61, state.supply, 10),
                f'<rect x="{x_vp}" y="80" width="21" height="22" fill="#f1c40f" stroke="{INK}" opacity="0.85"/>',
                svg.text(x_vp + 10.5, 95, state.vp, 9, weight="bold")]

    # -- the frontline -------------------------------------------------------------------
    def frontline(self):
        out = []
        for slot in SLOTS:
            out += self.front_card(slot)
            out += self.general(slot)
        return out

    def front_card(self, slot):
        x, y, w, h = COLUMN_X[slot - 1], 118, COLUMN_W, 130
        card = self.state.card_at(slot)
        if card is None:
            return [f'<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="none" stroke="{INK}" '
                    f'stroke-dasharray="5 4"/>', svg.text(x + w / 2, y + h / 2, f"Slot {slot}: open front", 12)]
        info = front_card_info(card["card"])
        attack = self.attack_action(slot)
        attrs = " " + svg.action_attrs(attack, self.describe(attack)) if attack else ""
        counter = card["card"] in data.EVENTS
        out = [f'<g{attrs}><rect x="{x}" y="{y}" width="{w}" height="{h}" rx="6" '
               f'fill="{"#f5d6d0" if counter else PAPER}" stroke="{INK}" stroke-width="2"/>',
               svg.text(x + 10, y + 20, info["name"], 14, "start", weight="bold"),
               f'<circle cx="{x + w - 22}" cy="{y + 22}" r="14" fill="#fff" stroke="#6b8e23" stroke-width="3"/>',
               svg.text(x + w - 22, y + 27, info["vp"], 13, weight="bold"),
               cubes(x + 10, y + 34, card["red"], RED, 14),
               svg.text(x + 10, y + 70, self.card_notes(info, counter), 10, "start")]
        for index, line in enumerate(wrap(info.get("text", ""), 60)[:2]):
            out.append(svg.text(x + 10, y + 86 + 12 * index, line, 9, "start"))
        if attack:
            out.append(svg.text(x + w / 2, y + h - 10, f"Click: {self.describe(attack)}", 10, fill="#7a1f1f"))
        out.append("</g>")
        return out

    @staticmethod
    def card_notes(info, counter):
        notes = ["Major Counter-Attack" if counter else "Campaign"]
        if info.get("terrain"):
            notes.append(info["terrain"].capitalize() + " (-1 to attack dice)")
        if info.get("attack_cost"):
            notes.append(f"attack +{info['attack_cost']} supply")
        if info.get("unlocks"):
            notes.append("unlocks " + ", ".join(data.CAMPAIGNS[u]["name"] for u in info["unlocks"]))
        return "; ".join(notes)

    def attack_action(self, slot):
        general = self.selected
        if not general:
            return None
        if self.boost and self.act(f"attack {general} {slot} {self.boost}"):
            return f"attack {general} {slot} {self.boost}"
        return self.act(f"attack {general} {slot}")

    def general(self, slot):
        x, y, w, h = COLUMN_X[slot - 1], 258, COLUMN_W, 120
        general = self.state.slots[slot - 1]
        if general is None:
            return [f'<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="#d6d0c0" stroke="{INK}" '
                    f'stroke-dasharray="3 3"/>', svg.text(x + w / 2, y + h / 2, "No general", 12)]
        info, state = data.GENERALS[general], self.state.generals[general]
        ready = state["ready"]
        selected = general == self.selected
        out = []
        if ready and self.legal and not self.state.pending:
            command = f"ui:general={'' if selected else general}"
            out.append(f'<g {svg.command_attrs(command, "Select " + info["name"], selected)}>')
        else:
            out.append("<g>")
        out += [f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="6" fill="{"#dfe6ee" if ready else "#b9b4a8"}" '
                f'stroke="{"#d35400" if selected else INK}" stroke-width="{4 if selected else 2}"/>',
                svg.text(x + 10, y + 20, f"{info['name']} - {info['army']}", 13, "start", weight="bold"),
                svg.text(x + w - 10, y + 20, "Panzer" if info["panzer"] else "Infantry", 10, "end"),
                cubes(x + 10, y + 30, state["cubes"], GREY),
                svg.text(x + 10 + 13 * data.GENERALS[general]["cubes"] + 6, y + 39,
                         f"{state['cubes']}/{info['cubes']}", 10, "start"),
                *(svg.text(x + 10, y + 60 + 13 * i, line, 9, "start") for i, line in enumerate(wrap(info["text"], 62))),
                svg.text(x + w / 2, y + h - 8, "READY" if ready else "EXHAUSTED", 11,
                         weight="bold", fill="#1e6b30" if ready else "#7a1f1f"),
                "</g>"]
        if selected:
            out += self.general_orders(general, x, y + h + 4)
        elif general == "hoth" and self.act("rally hoth"):
            out.append(button(x, y + h + 4, 140, 22, "Rally (lose 1 cube)", "rally hoth"))
        return out

    def general_orders(self, general, x, y):
        out = []
        bx = x
        for action, label in ((f"consolidate {general}", "Consolidate (+1 cube, +2 supply)"),):
            if self.act(action):
                out.append(button(bx, y, 200, 22, label, action))
                bx += 205
        if general == "hoth" and self.act("rally hoth"):
            out.append(button(bx, y, 90, 22, "Rally", "rally hoth"))
        return out

    # -- cards off the frontline -----------------------------------------------------------
    def queue(self):
        y = 424
        out = [svg.text(40, y - 6, "Unlocked campaigns (queue)", 12, "start", weight="bold")]
        doubles = []
        for index, card in enumerate(self.state.queue):
            info = data.CAMPAIGNS[card]
            x = 40 + index * 132
            action = self.act(f"advance {self.selected} {card}") if self.selected else None
            attrs = " " + svg.action_attrs(action, self.describe(action)) if action else ""
            out += [f'<g{attrs}><rect x="{x}" y="{y}" width="126" height="56" rx="5" fill="{PAPER}" '
                    f'stroke="{"#d35400" if action else INK}"/>',
                    svg.text(x + 6, y + 15, info["name"], 11, "start", weight="bold"),
                    svg.text(x + 120, y + 15, f"{info['vp']} VP", 10, "end"),
                    cubes(x + 6, y + 22, info["red"], RED, 9),
                    svg.text(x + 6, y + 50, info["terrain"].capitalize() or "Open ground", 9, "start"), "</g>"]
            if self.selected:
                doubles += sorted(a for a in self.legal if a.startswith(f"advance {self.selected} {card} "))
        for index, action in enumerate(doubles[:8]):
            parts = action.split()
            out.append(button(40 + (index % 4) * 232, y + 62 + (index // 4) * 24, 226, 20,
                              f"{data.CAMPAIGNS[parts[2]]['name']} + {data.CAMPAIGNS[parts[3]]['name']} (slot {parts[4]})",
                              action, aria=self.describe(action)))
        locked = [c for c in data.CAMPAIGNS if c not in self.state.queue and c not in self.state.captured
                  and not self.state.on_front(c)]
        out.append(svg.text(40, y + 122, f"Locked: {len(locked)}   Captured: " + ", ".join(
            front_card_info(c)["name"] for c in self.state.captured), 10, "start"))
        return out

    def hand(self):
        y = 574
        out = [svg.text(40, y - 6, f"Event hand ({len(self.state.hand)}/{data.HAND_LIMIT})", 12, "start",
                        weight="bold")]
        for index, event in enumerate(self.state.hand):
            out += self.hand_card(event, 40 + index * 132, y)
        return out

    def hand_card(self, event, x, y):
        card = data.EVENTS[event]
        discard = self.act(f"discard {event}")
        boosting = event == self.boost
        uses = []
        if card["dice"]:
            uses.append(f"+{card['dice']} black dice" if card["kind"] == "hand" else f"{card['dice']} dice strike")
        uses += [f"+{card[k]} {k}" for k in ("supply", "grey", "vp") if card[k]]
        if discard:
            head = f'<g {svg.action_attrs(discard, self.describe(discard))}>'
        elif card["kind"] == "hand" and card["dice"] and self.selected and self.legal:
            head = f'<g {svg.command_attrs("ui:boost=" + ("" if boosting else event), "Use " + card["name"] + " in the attack", boosting)}>'
        else:
            head = "<g>"
        out = [head, f'<rect x="{x}" y="{y}" width="126" height="70" rx="5" fill="{"#fde3a7" if boosting else PAPER}" '
               f'stroke="{"#d35400" if boosting or discard else INK}"/>',
               svg.text(x + 6, y + 15, card["name"][:21], 10, "start", weight="bold"),
               svg.text(x + 6, y + 31, " or ".join(uses), 9, "start"),
               svg.text(x + 6, y + 64, "Click: discard" if discard else "", 9, "start", fill="#7a1f1f"), "</g>"]
        plays = sorted(a for a in self.legal if a.startswith(f"play {event}"))
        for index, action in enumerate(plays[:3]):
            parts = action.split()
            label = "Play" if len(parts) == 2 else (
                data.GENERALS[parts[2]]["name"] if parts[2] in data.GENERALS else f"Slot {parts[2]}")
            out.append(button(x + 4 + index * 41, y + 38, 39, 18, label[:7], action, aria=self.describe(action)))
        return out

    def side_panel(self):
        state = self.state
        x, y = 720, 418
        lines = [f"Event deck: {len(state.deck)}   Discard: {len(state.discard_pile)}",
                 "Current event: " + (data.EVENTS[state.last_event]["name"] if state.last_event else "none"),
                 "In play: " + (", ".join(data.EVENTS[e]["name"] for e in state.in_play) or "none"),
                 f"Generals lost: {len(state.lost)} (-{data.LOST_GENERAL_PENALTY} VP each at the end)"]
        if state.options["missions"]:
            lines.append("Missions: " + (", ".join(data.MISSIONS[m]["name"] for m in state.missions) or "none"))
        out = [f'<rect x="{x - 6}" y="{y - 4}" width="{WIDTH - x}" height="{20 * len(lines) + 6}" fill="{PAPER}" '
               f'stroke="{INK}"/>']
        out += [svg.text(x, y + 12 + 20 * i, line[:48], 10, "start") for i, line in enumerate(lines)]
        return out

    def dice(self):
        out, x, y = [], 40, 656
        for roll in self.state.rolls:
            faces = [(v, "#ffffff", INK) for v in roll.get("white", [])]
            faces += [(v, INK, "#ffffff") for v in roll.get("black", [])]
            faces += [(v, RED, "#ffffff") for v in roll.get("soviet", [])]
            for value, fill, ink in faces:
                out.append(f'<g class="die"><rect x="{x}" y="{y}" width="24" height="24" rx="4" fill="{fill}" '
                           f'stroke="{INK}"/>{svg.text(x + 12, y + 17, value, 13, fill=ink)}</g>')
                x += 28
            x += 14
        out += [svg.text(40, 700 + 14 * i, line[:150], 10, "start") for i, line in enumerate(self.state.report[-5:])]
        return out

    def choices(self):
        """Decisions, setup choices, reorganizations and the end-turn button along the bottom."""
        state, out = self.state, []
        if not self.legal:
            if state.is_over:
                out.append(svg.text(WIDTH / 2, 392, f"Campaign over: {state.result} with {state.final_vp} VP", 16,
                                    weight="bold"))
            return out
        y = 386
        if state.phase == "generals" or state.pending:
            actions = sorted(self.legal)
            for index, action in enumerate(actions):
                out.append(button(40 + (index % 6) * 155, y + (index // 6) * 0, 150, 22,
                                  self.describe(action)[:26], action, aria=self.describe(action), fill="#fde3a7"))
            return out
        if self.act("end"):
            out.append(button(WIDTH - 150, 812, 130, 28, "End turn", "end", fill="#f5b7b1"))
        reorgs = sorted(a for a in self.legal if a.startswith("reorg "))
        if reorgs:
            showing = self.ui.get("panel") == "reorg"
            out.append(button(WIDTH - 300, 812, 140, 28, "Hide reorganize" if showing else "Reorganize (1 supply)",
                              command="ui:panel=" + ("" if showing else "reorg"), pressed=showing))
            if showing:
                for index, action in enumerate(reorgs):
                    out.append(button(40 + index * 185, 776, 180, 28, self.describe(action)[26:][:32], action,
                                      aria=self.describe(action)))
        return out
