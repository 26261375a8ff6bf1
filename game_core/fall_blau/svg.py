"""The Fall Blau battle board as one SVG string, the status line and the tray, all from a view.

ui keys read: "interactive" (False: no clickable elements), "general" (the selected general,
whose orders are offered), "boost" (the hand card chosen to add dice to his attack),
"panel" ("reorg" shows the reorganization choices in the tray).
The board holds the spatial targets (cards to attack or advance on, slots, generals to select);
the tray (`tray`) holds every other control of the current decision.
"""

from functools import lru_cache

from .. import svg
from . import data
from .words import card_name, choice_detail, describe, event_effect, general_name, play_effect, plural, reward

WIDTH, HEIGHT = 1000, 644
COLUMN_X = (20, 347, 674)
COLUMN_W = 306
GREY, RED, PAPER, INK, HILITE = "#8a8f94", "#c0392b", "#f4ecd8", "#2b2b2b", "#d35400"
CHAR_W = 0.6  # a character's width as a share of the font size, for fitting text
RESULT_WORDS = {"brilliant": "Brilliant Victory", "victory": "Victory", "defeat": "Defeat"}


def status_text(view):
    """One line for the status bar."""
    state, facts = view["state"], view["facts"]
    if view["to_play"] is None:
        return (f"{RESULT_WORDS[facts['result']]}: final score {facts['final_vp']} VP "
                f"(victory needs {facts['victory']}, brilliant {facts['brilliant']}).")
    if state["phase"] == "generals":
        return f"Choose general {state['slots'].index(None) + 1} of 3 (left to right)."
    head = f"{state['turn']} 1942 - {state['vp']} VP, {state['supply']} supply. "
    if state["pending"]:
        return head + {"discard": "Hand full: discard an event card.",
                       "exhaust": "Event deck empty: exhaust a general to reshuffle.",
                       "deploy": "Choose where the Major Counter-Attack deploys.",
                       "reinforce": "Choose which card gets the Soviet reinforcements."}[state["pending"]["kind"]]
    return head + "Issue orders, play events, or end the turn."


def render(view, ui):
    board = Board(view, ui or {})
    parts = [svg.svg_open(WIDTH, HEIGHT, "Campaign: Fall Blau battle board"),
             f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#e9e2cf"/>']
    parts += board.tracks() + board.frontline() + board.queue() + board.hand() + board.side_panel()
    parts += board.dice()
    parts.append("</svg>")
    return "".join(parts)


# -- fitting text ------------------------------------------------------------------------------
def fit(text, width, size, max_lines=1, min_size=6):
    """(lines, font size) so that `text` fits `width` px in at most `max_lines` lines: it wraps at
    spaces, then shrinks."""
    while True:
        chars = max(1, int(width / (CHAR_W * size)))
        lines = svg.wrap(text, chars)
        if len(lines) <= max_lines and all(len(line) <= chars for line in lines) or size <= min_size:
            return lines, size
        size -= 0.5


def label(x, y, text, width, size, anchor="start", max_lines=1, weight="normal", fill=None):
    """Text fitted into `width` px from (x, y) (baseline of the first line)."""
    lines, size = fit(text, width, size, max_lines)
    return "".join(svg.text(x, round(y + index * size * 1.15, 1), line, size, anchor, weight=weight, fill=fill)
                   for index, line in enumerate(lines))


def cubes(x, y, count, colour, per_row=8):
    return "".join(f'<rect x="{x + (i % per_row) * 13}" y="{y + (i // per_row) * 13}" width="10" '
                   f'height="10" fill="{colour}" stroke="{INK}" stroke-width="0.6"/>' for i in range(count))


# -- the printed tracks ------------------------------------------------------------------------
TRACK_X = 88
CAL_W = (WIDTH - 8 - TRACK_X) / len(data.CALENDAR)
SUP_W = 24
VP_W = (WIDTH - 8 - TRACK_X) / (data.VP_TRACK_MAX + 1)


@lru_cache(maxsize=None)
def printed_tracks(standard, brilliant):
    """The calendar, supply depot and VP track as printed on the game mat."""
    out = [svg.text(10, 26, "Calendar", 11, "start", weight="bold"),
           svg.text(10, 61, "Supply", 11, "start", weight="bold"),
           svg.text(10, 93, "VP", 11, "start", weight="bold")]
    for index, name in enumerate(data.CALENDAR):
        x = round(TRACK_X + index * CAL_W, 1)
        fill = "#cfd8e3" if index == data.WINTER else PAPER
        text = "Winter" if index == data.WINTER else ("Start" if index == 0 else name[0] + ". " + name.split()[1][:3])
        out += [f'<rect x="{x}" y="8" width="{round(CAL_W - 3, 1)}" height="28" fill="{fill}" stroke="{INK}"/>',
                label(x + (CAL_W - 3) / 2, 26, text, CAL_W - 6, 8, "middle")]
    for value in range(data.MAX_SUPPLY + 1):
        x = TRACK_X + value * SUP_W
        out += [f'<rect x="{x}" y="44" width="22" height="22" fill="{PAPER}" stroke="{INK}"/>',
                svg.text(x + 11, 59, value, 10)]
    for value in range(data.VP_TRACK_MAX + 1):
        x = round(TRACK_X + value * VP_W, 1)
        fill = "#b8d8a8" if value in (standard, brilliant) else PAPER
        out.append(f'<rect x="{x}" y="76" width="{round(VP_W - 1.5, 1)}" height="22" fill="{fill}" stroke="{INK}"/>')
        if value in data.RED_CIRCLES:
            out.append(f'<circle cx="{round(x + VP_W / 2 - 0.7, 1)}" cy="87" r="9" fill="none" stroke="{RED}" '
                       f'stroke-width="2"/>')
        out.append(svg.text(round(x + VP_W / 2 - 0.7, 1), 91, value, 9))
    out.append(svg.text(TRACK_X + (data.MAX_SUPPLY + 1) * SUP_W + 12, 59,
                        f"Green boxes: victory {standard} VP, brilliant {brilliant} VP", 10, "start"))
    return "".join(out)


def last_class(piece, last):
    return ' class="last"' if piece in last else ""


class Board:
    def __init__(self, view, ui):
        self.view, self.ui = view, ui
        self.state, self.facts = view["state"], view["facts"]
        live = ui.get("interactive", True) and view["to_play"] is not None
        self.legal = set(view.get("legal_actions", ())) if live else set()
        self.last = set(self.state["last"])
        generals = self.state["generals"]
        selected = ui.get("general")
        self.selected = selected if selected in generals and generals[selected]["ready"] else None

    def act(self, action):
        """The action if it is legal now (and the viewer may act), else None."""
        return action if action in self.legal else None

    def describe(self, action):
        return describe(action, self.state["slots"], self.state["front"])

    def clickable(self, action):
        return " " + svg.action_attrs(action, self.describe(action)) if action else ""

    # -- tracks (the printed boxes are drawn once; markers go on top) ------------------------
    def tracks(self):
        state = self.state
        x_cal = round(TRACK_X + state["calendar"] * CAL_W, 1)
        x_sup = TRACK_X + state["supply"] * SUP_W
        x_vp = round(TRACK_X + state["vp"] * VP_W, 1)
        return [printed_tracks(self.facts["victory"], self.facts["brilliant"]),
                f'<rect data-piece="calendar"{last_class("calendar", self.last)} x="{x_cal}" y="8" '
                f'width="{round(CAL_W - 3, 1)}" height="28" fill="none" stroke="{HILITE}" stroke-width="3"/>',
                f'<g data-piece="supply"{last_class("supply", self.last)} role="img" aria-label="Supply: {state["supply"]}">'
                f'<rect x="{x_sup}" y="44" width="22" height="22" fill="#f1c40f" stroke="{INK}"/>'
                f'{svg.text(x_sup + 11, 59, state["supply"], 10, weight="bold")}</g>',
                f'<g data-piece="vp"{last_class("vp", self.last)} role="img" aria-label="Victory points: {state["vp"]}">'
                f'<rect x="{x_vp}" y="76" width="{round(VP_W - 1.5, 1)}" height="22" fill="#f1c40f" stroke="{INK}"/>'
                f'{svg.text(round(x_vp + VP_W / 2 - 0.7, 1), 91, state["vp"], 9, weight="bold")}</g>']

    # -- the frontline -------------------------------------------------------------------
    def frontline(self):
        out = []
        for slot in (1, 2, 3):
            out += self.front_card(slot)
            out += self.general(slot)
        for cue in self.facts["cues"]:
            out.append(self.cue(cue))
        return out

    def cue(self, cue):
        """A badge where a capture (the emptied slot) or a counter-attack (the general's status row) happened."""
        left = COLUMN_X[cue["slot"] - 1]
        if cue["kind"] == "counter":
            x, y, w, fill = left + COLUMN_W / 2, 334, COLUMN_W / 2 - 8, "#7a1f1f"
        else:
            x, y, w, fill = left + 20, 126, COLUMN_W - 40, "#1e6b30"
        return (f'<g class="cue" data-cue="{svg.esc(cue["text"])}"><rect x="{x}" y="{y}" width="{w}" height="18" '
                f'rx="9" fill="{fill}"/>{label(x + w / 2, y + 13, cue["label"], w - 12, 11, "middle", weight="bold", fill="#ffffff")}</g>')

    def slot_action(self, slot):
        """A click on the slot itself: deploy or reinforce there, or the selected general's attack."""
        for kind in ("deploy", "reinforce"):
            if self.act(f"{kind} {slot}"):
                return f"{kind} {slot}"
        general = self.selected
        if not general:
            return None
        boost = self.ui.get("boost")
        return self.act(f"attack {general} {slot} {boost}") or self.act(f"attack {general} {slot}")

    def front_card(self, slot):
        x, y, w, h = COLUMN_X[slot - 1], 112, COLUMN_W, 128
        card, facts = self.state["front"][slot - 1], self.facts["front"][slot - 1]
        action = self.slot_action(slot)
        attrs = self.clickable(action)
        if card is None:
            out = [f'<g{attrs}><rect x="{x}" y="{y}" width="{w}" height="{h}" fill="none" '
                   f'stroke="{HILITE if action else INK}" stroke-dasharray="5 4"/>',
                   svg.text(x + w / 2, y + h / 2, f"Slot {slot}: open front", 12)]
            if action:
                out.append(label(x + w / 2, y + h - 12, "Click: " + self.describe(action), w - 20, 10, "middle",
                                 fill="#7a1f1f"))
            return out + ["</g>"]
        info = data.CAMPAIGNS.get(card["card"]) or data.EVENTS[card["card"]]
        counter = card["card"] in data.EVENTS
        out = [f'<g data-piece="{card["card"]}"{last_class(card["card"], self.last)}{attrs}>'
               f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="6" fill="{"#f5d6d0" if counter else PAPER}" '
               f'stroke="{HILITE if action else INK}" stroke-width="2"/>',
               label(x + 10, y + 20, info["name"], w - 56, 14, weight="bold"),
               f'<circle cx="{x + w - 22}" cy="{y + 20}" r="14" fill="#fff" stroke="#6b8e23" stroke-width="3"/>',
               svg.text(x + w - 22, y + 25, info["vp"], 13, weight="bold"),
               cubes(x + 10, y + 30, card["red"], RED, 20),
               label(x + 10, y + 56, "; ".join(self.card_notes(card, facts)), w - 20, 10, max_lines=3)]
        if info.get("text"):
            out.append(label(x + 10, y + 96, info["text"], w - 20, 9, max_lines=2))
        if action:
            out.append(label(x + w / 2, y + h - 6, "Click: " + self.describe(action), w - 20, 10, "middle",
                             fill="#7a1f1f"))
        out.append("</g>")
        return out

    def card_notes(self, card, facts):
        """The card's terrain, costs and counter-attack as the rules stand now (from the facts)."""
        info = data.CAMPAIGNS.get(card["card"]) or data.EVENTS[card["card"]]
        notes = ["Major Counter-Attack"] if card["card"] in data.EVENTS else []
        if info.get("terrain"):
            modifier = facts["modifiers"].get(self.selected, facts["modifier"])
            notes.append(f"{info['terrain'].capitalize()}: " + (f"-{modifier} to attack dice" if modifier
                                                                 else "no attack modifier now"))
        if self.selected in facts["white_dice"]:
            count = facts["white_dice"][self.selected]
            notes.append(f"{general_name(self.selected)} rolls {count} white {'die' if count == 1 else 'dice'}")
        if facts["attack_cost"] > 1:
            notes.append(f"an attack costs {facts['attack_cost']} supply")
        if facts["counter_dice"]:
            hits = "1" if facts["counter_hits_on"] == 1 else f"1-{facts['counter_hits_on']}"
            notes.append(f"counter-attacks with {facts['counter_dice']} dice (hits on {hits})")
        if info.get("unlocks"):
            notes.append("unlocks " + ", ".join(card_name(u) for u in info["unlocks"]))
        return notes

    def general(self, slot):
        x, y, w, h = COLUMN_X[slot - 1], 246, COLUMN_W, 108
        general = self.state["slots"][slot - 1]
        if general is None:
            return [f'<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="#d6d0c0" stroke="{INK}" '
                    f'stroke-dasharray="3 3"/>', svg.text(x + w / 2, y + h / 2, "No general", 12)]
        info, state = data.GENERALS[general], self.state["generals"][general]
        ready = state["ready"]
        selected = general == self.selected
        head = f'<g data-piece="{general}"{last_class(general, self.last)}'
        if ready and self.legal and not self.state["pending"] and self.state["phase"] == "play":
            command = f"ui:general={'' if selected else general}"
            head += " " + svg.command_attrs(command, ("Deselect " if selected else "Select ") + info["name"], selected)
        out = [head + ">",
               f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="6" fill="{"#dfe6ee" if ready else "#b9b4a8"}" '
               f'stroke="{HILITE if selected else INK}" stroke-width="{4 if selected else 2}"/>',
               label(x + 10, y + 20, f"{info['name']} - {info['army']}", w - 80, 13, weight="bold"),
               svg.text(x + w - 10, y + 20, "Panzer" if info["panzer"] else "Infantry", 10, "end"),
               cubes(x + 10, y + 30, state["cubes"], GREY),
               svg.text(x + 10 + 13 * min(8, max(state["cubes"], info["cubes"])) + 6, y + 39,
                        f"{state['cubes']}/{info['cubes']} grey", 10, "start"),
               label(x + 10, y + 62, info["text"], w - 20, 9, max_lines=2),
               svg.text(x + 10, y + h - 8, ("SELECTED: choose a target" if selected else "READY") if ready
                        else "EXHAUSTED", 11, "start", weight="bold", fill="#1e6b30" if ready else "#7a1f1f"),
               "</g>"]
        return out

    # -- cards off the frontline -----------------------------------------------------------
    def queue(self):
        y = 376
        out = [svg.text(20, y - 6, "Unlocked campaigns (queue)", 12, "start", weight="bold")]
        queue = self.state["queue"]
        step = min(104, 620 / max(1, len(queue)))
        for index, card in enumerate(queue):
            info = data.CAMPAIGNS[card]
            x = round(20 + index * step, 1)
            action = self.act(f"advance {self.selected} {card}") if self.selected else None
            width = step - 4
            out += [f'<g data-piece="{card}"{self.clickable(action)}><rect x="{x}" y="{y}" width="{width}" '
                    f'height="62" rx="5" fill="{PAPER}" stroke="{HILITE if action else INK}"/>',
                    label(x + 5, y + 13, info["name"], width - 10, 10.5, weight="bold"),
                    svg.text(x + width - 5, y + 58, f"{info['vp']} VP", 10, "end"),
                    cubes(x + 5, y + 20, info["red"], RED, int((width - 10) // 13) or 1),
                    svg.text(x + 5, y + 58, info["terrain"].capitalize() or "Open", 9, "start"), "</g>"]
        captured = ", ".join(card_name(c) for c in self.state["captured"]) or "none"
        out.append(label(20, y + 80, f"Locked: {len(self.facts['locked'])}   Captured: {captured}", 620, 10,
                         max_lines=2))
        return out

    def hand(self):
        y = 490
        hand = self.state["hand"]
        out = [svg.text(20, y - 6, f"Event hand ({len(hand)}/{data.HAND_LIMIT})", 12, "start", weight="bold")]
        for index, event in enumerate(hand):
            out += self.hand_card(event, 20 + index * 124, y)
        return out

    def hand_card(self, event, x, y):
        card = data.EVENTS[event]
        discard = self.act(f"discard {event}")
        boosting = event == self.ui.get("boost") and bool(self.selected)
        return [f'<g data-piece="{event}"{last_class(event, self.last)}{self.clickable(discard)}>'
                f'<rect x="{x}" y="{y}" width="120" height="72" rx="5" fill="{"#fde3a7" if boosting else PAPER}" '
                f'stroke="{HILITE if boosting or discard else INK}"/>',
                label(x + 6, y + 14, card["name"], 108, 10, max_lines=2, weight="bold"),
                label(x + 6, y + 38, event_effect(event), 108, 9, max_lines=3),
                svg.text(x + 6, y + 67, "Click: discard" if discard else "", 9, "start", fill="#7a1f1f"), "</g>"]

    def side_panel(self):
        state = self.state
        x, y, w = 660, 366, 330
        lines = [f"Event deck: {plural(state['deck_count'], 'card')}   Discard: {len(state['discard'])}",
                 "Last event: " + (card_name(state["last_event"]) if state["last_event"] else "none"),
                 "In play: " + (", ".join(card_name(e) for e in state["in_play"]) or "none"),
                 f"Generals lost: {len(state['lost'])} (-{data.LOST_GENERAL_PENALTY} VP each at the end)"]
        if state["deck_top"]:
            lines.insert(1, f"Next event (von Kleist scouts): {card_name(state['deck_top'])}")
        if self.view["options"]["missions"]:
            lines += [f"Mission: {data.MISSIONS[m]['name']} - {data.MISSIONS[m]['text']} ({reward(m)})"
                      for m in state["missions"]] or ["Missions: none this month"]
        out, line_y = [], y + 14
        body = []
        for line in lines:
            fitted, size = fit(line, w - 12, 10, 2)
            for part in fitted:
                body.append(svg.text(x + 6, round(line_y, 1), part, size, "start"))
                line_y += size * 1.25
            line_y += 3
        out.append(f'<rect x="{x}" y="{y}" width="{w}" height="{round(line_y - y, 1)}" fill="{PAPER}" stroke="{INK}"/>')
        return out + body

    def dice(self):
        """The dice of the last action, each group named, then what happened."""
        out, x, y = [], 20, 582
        for roll in self.state["rolls"]:
            who = "Counter-attack" if "soviet" in roll else "Attack"
            tag = f"{who}, slot {roll['slot']}" + (f" (-{roll['modifier']})" if roll.get("modifier") else "")
            out.append(svg.text(x, y - 4, tag, 9, "start"))
            faces = [(v, "#ffffff", INK) for v in roll.get("white", [])]
            faces += [(v, INK, "#ffffff") for v in roll.get("black", [])]
            faces += [(v, RED, "#ffffff") for v in roll.get("soviet", [])]
            start = x
            for value, fill, ink in faces:
                out.append(f'<g class="die"><rect x="{x}" y="{y}" width="22" height="22" rx="4" fill="{fill}" '
                           f'stroke="{INK}"/>{svg.text(x + 11, y + 16, value, 12, fill=ink)}</g>')
                x += 25
            x = max(x, start + 0.6 * 9 * len(tag)) + 14
        report = " ".join(self.state["report"][-4:])
        out.append(label(20, 622, report, WIDTH - 40, 10, max_lines=2))
        if self.view["to_play"] is None:
            out.append(label(WIDTH - 20, 598, status_text(self.view), 520, 14, "end", weight="bold"))
        return out


# -- the tray: the non-spatial controls of the current decision ---------------------------------
def tray(view, ui):
    """The current decision's buttons for the page's tray (see the contract in game-common)."""
    ui = ui or {}
    legal = view.get("legal_actions", []) if ui.get("interactive", True) and view["to_play"] else []
    if not legal:
        return []
    state = view["state"]

    def say(action):
        return describe(action, state["slots"], state["front"])

    def item(action, text, group, detail="", command=None, pressed=False):
        return {"action": action, "command": command, "label": text, "detail": detail, "group": group,
                "pressed": pressed}

    if state["phase"] == "generals":
        slot = state["slots"].index(None) + 1
        return [item(a, general_name(a.split()[1]), f"Choose the general for slot {slot}",
                     f"{data.GENERALS[a.split()[1]]['army']}, {data.GENERALS[a.split()[1]]['cubes']} grey cubes. "
                     + data.GENERALS[a.split()[1]]["text"]) for a in legal]
    pending = state["pending"]
    if pending:
        group = {"discard": "Hand full: discard a card before drawing",
                 "exhaust": "Event deck empty: exhaust a general, then reshuffle",
                 "deploy": "Where does the Major Counter-Attack deploy?",
                 "reinforce": "Which card gets the Soviet reinforcements?"}[pending["kind"]]
        return [item(a, say(a), group, choice_detail(view, a)) for a in legal]
    items = []
    generals = state["generals"]
    selected = ui.get("general") if ui.get("general") in generals and generals[ui["general"]]["ready"] else None
    if selected:
        group = f"Orders for {general_name(selected)}"
        for action in legal:
            parts = action.split()
            if parts[1:2] != [selected]:
                continue
            if parts[0] == "consolidate":
                items.append(item(action, "Consolidate", group, "+1 grey cube (up to his start), +2 supply"))
            elif parts[0] == "advance" and len(parts) > 3:
                items.append(item(action, f"Advance on {card_name(parts[2])} + {card_name(parts[3])}", group,
                                  f"second card to slot {parts[4]}; costs 2 supply"))
        items.append(item(None, "Deselect", group, "", command="ui:general="))
        for event in state["hand"]:
            card = data.EVENTS[event]
            if card["kind"] == "hand" and card["dice"] and any(a.endswith(" " + event) and a.startswith(f"attack {selected} ")
                                                              for a in legal):
                pressed = ui.get("boost") == event
                items.append(item(None, f"Add {card['name']}", "Extra dice for his attack",
                                  f"+{card['dice']} black dice (never cost a grey cube)",
                                  command="ui:boost=" + ("" if pressed else event), pressed=pressed))
    if "rally hoth" in legal:
        items.append(item("rally hoth", "Rally Hoth", "Hoth", "give up 1 grey cube to be ready again (once a turn)"))
    for action in legal:
        parts = action.split()
        if parts[0] == "play":
            target = "" if len(parts) == 2 else (f" on {general_name(parts[2])}" if parts[2] in data.GENERALS
                                                 else f" on slot {parts[2]}")
            items.append(item(action, f"Play {card_name(parts[1])}{target}", "Play an event card",
                              play_effect(*parts[1:])))
    reorgs = [a for a in legal if a.startswith("reorg ")]
    if reorgs:
        showing = ui.get("panel") == "reorg"
        group = "Reorganize the frontline (1 supply)"
        items.append(item(None, "Hide the choices" if showing else "Choose a new order", group,
                          command="ui:panel=" + ("" if showing else "reorg"), pressed=showing))
        if showing:
            items += [item(a, " | ".join(general_name(g) if g != "-" else "empty" for g in a.split()[1:]), group,
                           "left to right") for a in reorgs]
    if "end" in legal:
        items.append(item("end", "End turn", "End the turn",
                          "the Soviets counter-attack, then the next turn's events are drawn"))
    return items
