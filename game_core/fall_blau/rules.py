"""Campaign: Fall Blau rules: a solitaire campaign of three German generals against the
Soviet southern front, July to November 1942.

Turn flow is a list of pending steps (`self.flow`); a step that needs the player's choice
sets `self.pending` and waits. With no step and no pending choice the player issues orders.
"""

from __future__ import annotations

from itertools import permutations

from .. import flow
from ..engine import HIDDEN, Field, Game, IllegalAction, Option, Outcome, State, require
from . import data, words
from .actions import Action
from .words import plural

SLOTS = (1, 2, 3)
DECISIONS = ("discard", "exhaust", "deploy", "reinforce")
ARITY = {"general": (1,), "advance": (2, 4), "attack": (2, 3), "consolidate": (1,), "rally": (1,),
         "play": (1, 2), "reorg": (3,), "end": (0,), "discard": (1,), "exhaust": (1,),
         "deploy": (1,), "reinforce": (1,)}
ALIASES = {"pass": "end", "done": "end", "end turn": "end"}


def front_card_info(card_id):
    """The printed data of a card that can stand on the frontline (campaign or counter-attack)."""
    return data.CAMPAIGNS.get(card_id) or data.EVENTS[card_id]


class FallBlauState(State):
    fields = (
        Field("phase"), Field("pending"), Field("flow"), Field("calendar"),
        Field("turn", get=lambda state: state.turn_name()), Field("supply"), Field("vp"),
        Field("final_vp", get=lambda state: state.final_vp), Field("result", get=lambda state: state.result),
        Field("slots"), Field("generals"), Field("lost"), Field("front"), Field("queue"), Field("captured"),
        # The deck order is hidden (its top card is the last); von Kleist's reconnaissance shows the top card.
        Field("deck", HIDDEN, top=("deck_top", lambda state: "kleist" in state.slots)),
        Field("deck_count", get=lambda state: len(state.deck)),
        Field("discard_pile", key="discard"), Field("hand"), Field("in_play"), Field("mission_deck", HIDDEN),
        Field("missions"), Field("missions_done"), Field("turn_captures"), Field("last_event"),
        Field("report"), Field("rolls"), Field("cues"), Field("last"),
    )

    # -- setup ---------------------------------------------------------------------------
    def setup(self):
        self.phase = "generals"
        self.pending = None  # {"kind": ..., "options": [...], "card": ...}
        self.flow = []
        self.calendar = 0
        self.supply = data.START_SUPPLY
        self.vp = 0
        self.slots = [None, None, None]  # general id per frontline slot
        self.generals = {}  # id -> {"cubes", "ready", "rallied"}
        self.lost = []
        self.front = [None, None, None]  # {"card", "red"} per slot
        self.queue = list(data.START_UNLOCKED)
        self.captured = []
        deck = [e for e, card in data.EVENTS.items() if self.options["hard"] or not card["hard"]]
        self.rng.shuffle(deck)
        self.deck = deck  # the top card is the last one
        self.discard_pile = []
        self.hand = []
        self.in_play = []
        self.mission_deck = []
        if self.options["missions"]:
            self.mission_deck = list(data.MISSIONS)
            self.rng.shuffle(self.mission_deck)
        self.missions = []
        self.missions_done = []
        self.turn_captures = 0
        self.last_event = None  # the most recently drawn event card
        self.report = []  # what the last action did, in words (the log)
        self.rolls = []  # the dice of the last action, for the board
        self.cues = []  # the last action's captures and counter-attacks, for the board
        self.last = []  # the pieces the last action changed
        for general in filter(None, self.options["generals"].split(",")):
            self.do(Action("general", general=general))  # chosen as an option instead of at the table

    def deal_hidden(self, seen, rng):
        """The deck: the events not in sight, shuffled, under the top card when von Kleist shows it; the
        mission deck: as many missions as it holds, from those neither drawn nor done (the discarded
        unfinished ones are not kept apart, so they may come back in a rebuilt deck)."""
        known = set(self.hand) | set(self.in_play) | set(self.discard_pile) | set(self.captured)
        known |= {f["card"] for f in self.front if f}
        top = seen.get("deck_top")
        unseen = [e for e, card in data.EVENTS.items()
                  if e not in known and e != top and (self.options["hard"] or not card["hard"])]
        rng.shuffle(unseen)
        self.deck = unseen + ([top] if top else [])
        missions_left = [m for m in data.MISSIONS if m not in self.missions and m not in self.missions_done]
        rng.shuffle(missions_left)
        self.mission_deck = missions_left[:self.mission_deck["hidden"]]

    # -- reading the position ------------------------------------------------------------
    @property
    def to_play(self):
        return None if self.phase == "over" else "player"

    @property
    def final_vp(self):
        return max(0, self.vp - data.LOST_GENERAL_PENALTY * len(self.lost))

    @property
    def thresholds(self):
        green = self.options["missions"] or self.options["hard"]
        return data.VICTORY["green" if green else "standard"]

    @property
    def result(self):
        """"brilliant", "victory" or "defeat" once the game is over, else None."""
        if self.phase != "over":
            return None
        standard, brilliant = self.thresholds
        if self.final_vp >= brilliant:
            return "brilliant"
        return "victory" if self.final_vp >= standard else "defeat"

    def check_invariants(self):
        require(self.red_on_table() <= data.RED_CUBES, "more red cubes than the box holds")
        require(self.grey_on_table() <= data.GREY_CUBES, "more grey cubes than the box holds")
        require(self.vp >= 0 and self.final_vp >= 0, "negative victory points")
        require(0 <= self.supply <= data.MAX_SUPPLY, "supply off its track")
        require(0 <= self.calendar <= data.WINTER, "the calendar is off its track")
        require(len(self.hand) <= data.HAND_LIMIT, "too many cards in hand")
        require(all(f is None or f["red"] >= 0 for f in self.front), "negative cubes on the front")
        for general, info in self.generals.items():
            require(info["cubes"] >= 1 and general in self.slots, f"{general} is off the table")
        pending = [self.pending["card"]] if self.pending and "card" in self.pending else []
        on_front = [f["card"] for f in self.front if f]
        events = self.deck + self.hand + self.discard_pile + self.in_play + pending
        events += [c for c in self.captured + on_front if c in data.EVENTS]
        dealt = [e for e, card in data.EVENTS.items() if self.options["hard"] or not card["hard"]]
        require(sorted(events) == sorted(dealt), "an event card is lost or doubled")
        campaigns = self.queue + [c for c in self.captured + on_front if c in data.CAMPAIGNS]
        require(len(campaigns) == len(set(campaigns)), "a campaign card is in two places")

    @property
    def outcome(self):
        result = self.result
        if result is None:
            return None
        return Outcome(("player",) if result in ("victory", "brilliant") else (), grade=result)

    def slot_of(self, general):
        return self.slots.index(general) + 1

    def card_at(self, slot):
        return self.front[slot - 1]

    def red_on_table(self):
        return sum(f["red"] for f in self.front if f)

    def grey_on_table(self):
        return sum(g["cubes"] for g in self.generals.values())

    def place_red(self, wanted):
        """How many red cubes can really be placed: the box holds only so many."""
        return max(0, min(wanted, data.RED_CUBES - self.red_on_table()))

    def alive(self):
        return [g for g in self.slots if g]

    def ready(self):
        return [g for g in self.slots if g and self.generals[g]["ready"]]

    def extra_die_cards(self):
        """The cards in play that give each local counter-attack an extra die (Zhukov, Order No. 227)."""
        return [e for e in self.in_play if data.EVENTS[e]["effect"] == "extra_counter_die"]

    def active(self, effect):
        return any(data.EVENTS[e]["effect"] == effect for e in self.in_play)

    def turn_name(self):
        return data.CALENDAR[self.calendar]

    # -- legal actions ---------------------------------------------------------------------
    def legal_actions(self):
        if self.phase == "over":
            return []
        if self.phase == "generals":
            return [f"general {g}" for g in self.general_pool() if g not in self.slots]
        if self.pending:
            return [f"{self.pending['kind']} {o}" for o in self.pending["options"]]
        return self.order_actions()

    def general_pool(self):
        pool = data.STANDARD_GENERALS
        return pool + (data.SIXTH_GENERAL,) if self.options["general_pool"] == "six" else pool

    def order_actions(self):
        actions = []
        dice_cards = [e for e in self.hand if data.EVENTS[e]["kind"] == "hand" and data.EVENTS[e]["dice"]]
        for general in self.ready():
            slot = self.slot_of(general)
            if self.card_at(slot) is None and self.queue and self.supply >= data.ADVANCE_COST:
                for card in self.queue:
                    actions.append(f"advance {general} {card}")
                    if data.GENERALS[general]["panzer"] and self.supply >= 2 * data.ADVANCE_COST:
                        for second in self.queue:
                            for side in (slot - 1, slot + 1):
                                if second != card and side in SLOTS and self.card_at(side) is None:
                                    actions.append(f"advance {general} {card} {second} {side}")
            for target in (slot - 1, slot, slot + 1):
                if target in SLOTS and self.card_at(target) and self.supply >= self.attack_cost(target):
                    actions.append(f"attack {general} {target}")
                    actions.extend(f"attack {general} {target} {e}" for e in dice_cards)
            actions.append(f"consolidate {general}")
        hoth = self.generals.get("hoth")
        if hoth and not hoth["ready"] and hoth["ordered"] and not hoth["rallied"] and hoth["cubes"] >= 2:
            actions.append("rally hoth")
        for event in self.hand:
            actions.extend(self.play_actions(event))
        if self.supply >= data.REORG_COST:
            current = tuple(g or "-" for g in self.slots)
            for order in sorted(set(permutations(current))):
                if order != current:
                    actions.append("reorg " + " ".join(order))
        actions.append("end")
        return actions

    def play_actions(self, event):
        card = data.EVENTS[event]
        if card["kind"] == "special":
            return [f"play {event} {s}" for s in SLOTS if self.card_at(s) and self.card_at(s)["red"]]
        if card["grey"]:
            room = data.GREY_CUBES - self.grey_on_table()
            return [f"play {event} {g}" for g in self.alive()] if room > 0 else []
        if card["supply"] or card["vp"]:
            return [f"play {event}"]
        return []

    def attack_cost(self, slot):
        return 1 + front_card_info(self.card_at(slot)["card"]).get("attack_cost", 0)

    # -- carrying out actions --------------------------------------------------------------
    def do(self, action):
        self.report = []
        self.rolls = []
        self.cues = []
        before = self.pieces()
        getattr(self, "_do_" + action.verb)(action)
        self.run_flow()
        after = self.pieces()
        self.last = sorted(piece for piece, where in after.items() if before.get(piece) != where)

    def pieces(self):
        """Where each piece the board draws stands (to mark what the last action changed)."""
        where = {"calendar": self.calendar, "supply": self.supply, "vp": self.vp}
        where.update((g, (self.slot_of(g), v["cubes"], v["ready"])) for g, v in self.generals.items())
        where.update((f["card"], (slot, f["red"])) for slot, f in enumerate(self.front, 1) if f)
        where.update((e, "hand") for e in self.hand)
        return where

    def _do_general(self, action):
        general = action.general
        self.slots[self.slots.index(None)] = general
        self.generals[general] = {"cubes": data.GENERALS[general]["cubes"], "ready": True, "rallied": False,
                                  "ordered": False}
        if None not in self.slots:
            self.phase = "play"
            self.flow = ["new_turn"]

    def _do_advance(self, action):
        general = action.general
        slot = self.slot_of(general)
        self.supply -= data.ADVANCE_COST
        self.deploy_campaign(action.card, slot)
        if action.second:
            self.supply -= data.ADVANCE_COST
            self.deploy_campaign(action.second, action.slot)
            self.check_missions("advance", double=True)
        self.order_done(general)

    def deploy_campaign(self, card, slot):
        info = data.CAMPAIGNS[card]
        wanted = info["red"]
        if info["bonus_red_unless"] and info["bonus_red_unless"] not in self.captured:
            wanted += data.BONUS_RED
        self.queue.remove(card)
        self.front[slot - 1] = {"card": card, "red": self.place_red(wanted)}
        extra = f" ({data.BONUS_RED} more while {data.CAMPAIGNS[info['bonus_red_unless']]['name']} is not captured)" \
            if wanted > info["red"] else ""
        self.say(f"{info['name']} deploys in slot {slot} with {plural(self.front[slot - 1]['red'], 'red cube')}{extra}.")

    def _do_attack(self, action):
        general, slot, event = action.general, action.slot, action.event
        target = self.card_at(slot)
        info = front_card_info(target["card"])
        self.supply -= self.attack_cost(slot)
        white = self.white_dice(general, slot)
        black = 0
        if event:
            black = min(data.EVENTS[event]["dice"], data.BLACK_DICE)
            self.hand.remove(event)
            self.discard_pile.append(event)
        defenders = target["red"]
        kills, losses = 0, 0
        if defenders:
            modifier = self.modifier(info, general)
            panzer = data.GENERALS[general]["panzer"]
            white_rolls = [self.rng.roll() for _ in range(white)]
            rerolled = ""
            if general == "ruoff":
                for i, roll in enumerate(white_rolls):
                    if roll - modifier <= 1:
                        white_rolls[i] = self.rng.roll()
                        rerolled = f" (Ruoff rolled his {roll} again)"
                        break
            black_rolls = [self.rng.roll() for _ in range(black)]
            for roll in white_rolls:
                value = roll - modifier
                if value >= 6 and panzer:
                    kills += 2
                elif value >= 3:
                    kills += 1
                elif value <= 1:
                    losses += 1
            kills += sum(1 for roll in black_rolls if roll - modifier >= 3)
            rolled_losses = losses
            kills = min(kills, defenders)
            losses = min(losses, defenders)  # the Overkill rule
            self.rolls.append({"slot": slot, "white": white_rolls, "black": black_rolls, "modifier": modifier})
            dice_words = "White dice " + ", ".join(map(str, white_rolls)) + rerolled
            if black_rolls:
                dice_words += "; black dice " + ", ".join(map(str, black_rolls))
            if modifier:
                dice_words += f"; -{modifier} for {info['terrain'].capitalize()}"
            overkill = " (Overkill rule: no more than the card's red cubes)" if rolled_losses > losses else ""
            self.say(f"{dice_words}: {plural(kills, 'red cube')} destroyed, "
                     f"{plural(losses, 'grey cube')} lost{overkill}.")
        else:
            self.say("No red cubes are left to defend it.")
        target["red"] -= kills
        self.check_missions("attack", kills=kills)
        if target["red"] == 0:
            self.capture(slot, helped=bool(event), losses=losses)
        self.order_done(general)
        self.lose_grey(general, losses)

    def white_dice(self, general, slot):
        """One per grey cube (half, rounded up, against a neighbouring slot), Paulus's fortress die,
        never more than the six white dice in the box."""
        cubes = self.generals[general]["cubes"]
        white = cubes if slot == self.slot_of(general) else (cubes + 1) // 2
        if general == "paulus" and front_card_info(self.card_at(slot)["card"]).get("terrain") == "fortress":
            white += 1
        return min(white, data.WHITE_DICE)

    def counter_hits_on(self, card):
        """The highest Soviet die face that destroys a grey cube (Chuikov: 2 from a Fortress)."""
        fortress = front_card_info(card).get("terrain") == "fortress"
        return 2 if fortress and self.active("fortress_hits_on_2") else 1

    def modifier(self, info, general=None):
        terrain = info.get("terrain")
        if terrain == "mountains":
            return 0 if self.active("no_mountains") or general == "gariboldi" else 1
        if terrain == "fortress":
            return 0 if self.active("no_fortress") else 1
        return 0

    def capture(self, slot, helped=False, losses=0):
        target = self.card_at(slot)
        card = target["card"]
        info = front_card_info(card)
        self.front[slot - 1] = None
        self.captured.append(card)
        self.turn_captures += 1
        self.say(f"{info['name']} is captured: +{info['vp']} VP.")
        self.cues.append({"slot": slot, "kind": "capture", "text": f"{info['name']} captured: +{info['vp']} VP",
                          "label": f"Captured: +{info['vp']} VP"})
        if card in data.CAMPAIGNS:
            for unlocked in info["unlocks"]:
                if unlocked not in self.queue and unlocked not in self.captured and not self.on_front(unlocked):
                    self.queue.append(unlocked)
                    self.say(f"{data.CAMPAIGNS[unlocked]['name']} is unlocked.")
            if info["capture_supply"]:
                self.gain_supply(info["capture_supply"])
                self.say(f"{info['name']}: +{info['capture_supply']} supply (now {self.supply}).")
        self.gain_vp(info["vp"])  # the card's VP, then any mission the capture completes
        self.check_missions("capture", card=card, helped=helped, losses=losses)
        if all(c in self.captured for c in data.CAMPAIGNS):
            self.finish("with every campaign card captured")

    def on_front(self, card):
        return any(f and f["card"] == card for f in self.front)

    def _do_consolidate(self, action):
        general = action.general
        state = self.generals[general]
        grown = state["cubes"] < data.GENERALS[general]["cubes"] and self.grey_on_table() < data.GREY_CUBES
        state["cubes"] += grown
        self.gain_supply(data.CONSOLIDATE_SUPPLY)
        cube = f"+1 grey cube (now {state['cubes']})" if grown else f"Still {plural(state['cubes'], 'grey cube')}"
        self.say(f"{cube}, +{data.CONSOLIDATE_SUPPLY} supply (now {self.supply}).")
        self.order_done(general)

    def _do_rally(self, action):
        general = action.general
        state = self.generals[general]
        state["cubes"] -= data.RALLY_CUBES
        state["ready"] = True
        state["rallied"] = True
        self.say(f"{data.GENERALS[general]['name']} is ready again with {plural(state['cubes'], 'grey cube')}.")

    def _do_play(self, action):
        event, target = action.event, action.general
        card = data.EVENTS[event]
        self.hand.remove(event)
        self.discard_pile.append(event)
        if card["kind"] == "special":
            self.special_attack(event, action.slot)
            return
        if card["grey"]:
            room = data.GREY_CUBES - self.grey_on_table()
            added = min(card["grey"], room)
            self.generals[target]["cubes"] += added
            self.say(f"{data.GENERALS[target]['name']} gains {plural(added, 'grey cube')} "
                     f"(now {self.generals[target]['cubes']}).")
        if card["supply"]:
            self.gain_supply(card["supply"])
            self.say(f"+{card['supply']} supply (now {self.supply}).")
        if card["vp"]:
            self.gain_vp(card["vp"])
            self.say(f"+{card['vp']} VP (now {self.vp}).")

    def special_attack(self, event, slot):
        card = data.EVENTS[event]
        target = self.card_at(slot)
        info = front_card_info(target["card"])
        modifier = 0 if card["effect"] == "no_fortress" and info.get("terrain") == "fortress" else self.modifier(info)
        rolls = [self.rng.roll() for _ in range(min(card["dice"], data.BLACK_DICE))]
        kills = min(target["red"], sum(1 for r in rolls if r - modifier >= 3))
        target["red"] -= kills
        self.rolls.append({"slot": slot, "white": [], "black": rolls, "modifier": modifier})
        modified = f"; -{modifier} for {info['terrain'].capitalize()}" if modifier else ""
        self.say(f"Black dice {', '.join(map(str, rolls))}{modified}: {plural(kills, 'red cube')} destroyed "
                 f"on {info['name']} (a special attack never captures).")
        self.check_missions("attack", kills=kills)

    def _do_reorg(self, action):
        self.supply -= data.REORG_COST
        self.slots = [None if g == "-" else g for g in action.order]
        self.say(f"-1 supply (now {self.supply}).")

    def _do_end(self, action):
        self.say("The Germans lose the initiative.")
        self.flow = ["local_counter_attacks", "end_missions", "new_turn"]

    def _do_discard(self, action):
        self.hand.remove(action.event)
        self.discard_pile.append(action.event)
        self.pending = None

    def _do_exhaust(self, action):
        general = action.general
        self.pending = None
        self.exhaust(general)
        self.say(f"{data.GENERALS[general]['name']} is exhausted for this turn.")
        self.reshuffle()

    def _do_deploy(self, action):
        card = self.pending["card"]
        self.pending = None
        self.deploy_counter(card, action.slot)

    def _do_reinforce(self, action):
        self.pending = None
        self.reinforce(action.slot)

    # -- shared steps ----------------------------------------------------------------------
    def say(self, line):
        self.report.append(line)

    def exhaust(self, general):
        if general in self.generals:
            self.generals[general]["ready"] = False

    def order_done(self, general):
        """A general who carried out an order is exhausted (and Hoth may then rally)."""
        self.exhaust(general)
        if general in self.generals:
            self.generals[general]["ordered"] = True

    def gain_supply(self, amount):
        self.supply = max(0, min(data.MAX_SUPPLY, self.supply + amount))

    def gain_vp(self, amount):
        if amount <= 0:
            return
        self.vp = min(data.VP_TRACK_MAX, self.vp + amount)
        if self.vp in data.RED_CIRCLES:
            self.flow.insert(0, "soviet_reinforcements")  # after the action that scored

    def _step_soviet_reinforcements(self):
        cards = [s for s in SLOTS if self.card_at(s)]
        if not cards:
            return
        best = max(front_card_info(self.card_at(s)["card"])["vp"] for s in cards)
        choices = [s for s in cards if front_card_info(self.card_at(s)["card"])["vp"] == best]
        if len(choices) == 1:
            self.reinforce(choices[0])
        else:
            self.pending = {"kind": "reinforce", "options": choices}

    def reinforce(self, slot):
        added = self.place_red(data.REINFORCEMENT_CUBES)
        self.card_at(slot)["red"] += added
        self.say(f"Soviet reinforcements (the VP track stopped on a red circle at {self.vp}): "
                 f"{plural(added, 'red cube')} on {front_card_info(self.card_at(slot)['card'])['name']}.")

    def lose_grey(self, general, count):
        state = self.generals[general]
        state["cubes"] -= min(count, state["cubes"])
        if state["cubes"] == 0:
            del self.generals[general]
            self.slots[self.slots.index(general)] = None
            self.lost.append(general)
            self.say(f"{data.GENERALS[general]['name']} and his army are wiped out "
                     f"(-{data.LOST_GENERAL_PENALTY} VP at the end).")
            if not self.generals:
                self.finish("with every general lost")

    def counter_attack(self, slot, red, card, local=True):
        """Soviet dice from `card` against the general facing `slot`: each 1 destroys a grey cube.
        Zhukov's and Order No. 227's extra die is for local counter-attacks only."""
        general = self.slots[slot - 1]
        if general is None or red == 0:
            return
        extra = self.extra_die_cards() if local else []
        hit_on = self.counter_hits_on(card)
        rolls = [self.rng.roll() for _ in range(red + len(extra))]
        hits = sum(1 for r in rolls if r <= hit_on)
        notes = [f"+{len(extra)} for {' and '.join(data.EVENTS[e]['name'] for e in extra)}"] if extra else []
        if hit_on > 1:
            notes.append("General Chuikov: hits on 1 or 2")
        if general == "salmuth" and hits:
            hits -= 1
            notes.append("von Salmuth ignores the first hit")
        self.rolls.append({"slot": slot, "soviet": rolls})
        name = data.GENERALS[general]["name"]
        noted = f" ({'; '.join(notes)})" if notes else ""
        attack = f"Local counter-attack from {front_card_info(card)['name']} on {name}" if local \
            else f"{front_card_info(card)['name']} strikes {name}"
        self.say(f"{attack}: dice {', '.join(map(str, rolls))}{noted}: {plural(hits, 'grey cube')} lost.")
        self.cues.append({"slot": slot, "kind": "counter", "text": f"Counter-attack on {name}: {hits} grey lost",
                          "label": f"Counter-attack: -{hits} grey"})
        self.lose_grey(general, hits)

    def reshuffle(self):
        self.deck = self.discard_pile
        self.discard_pile = []
        self.rng.shuffle(self.deck)
        self.say(f"The {plural(len(self.deck), 'discarded event')} are shuffled into a new deck.")

    def finish(self, reason):
        if self.phase != "over":
            self.phase = "over"
            self.pending = None
            self.flow = []
            standard, brilliant = self.thresholds
            penalty = data.LOST_GENERAL_PENALTY * len(self.lost)
            score = f"{self.final_vp} VP" + (f" ({self.vp} less {penalty} for lost generals)" if penalty else "")
            verdict = {"brilliant": "Brilliant Victory", "victory": "Victory", "defeat": "Defeat"}[self.result]
            self.say(f"{verdict}: {score} {reason} (victory needs {standard}, brilliant {brilliant}).")

    # -- the turn flow ---------------------------------------------------------------------
    def run_flow(self):
        flow.run(self, "flow", "_step_", lambda state: state.pending is not None or state.phase != "play")

    def _step_new_turn(self):
        self.calendar += 1
        if self.calendar == data.WINTER:
            self.finish("at the Soviet Winter Offensive")
            return
        for state in self.generals.values():
            state["ready"] = True
            state["rallied"] = False
            state["ordered"] = False
        self.turn_captures = 0
        self.say(f"{self.turn_name()} 1942 begins.")
        if self.options["missions"] and self.turn_name().startswith("Early"):
            if self.missions:
                self.say("Last month's unfinished missions are discarded.")
            self.missions = [self.mission_deck.pop() for _ in range(min(data.MISSIONS_PER_MONTH,
                                                                          len(self.mission_deck)))]
            for mission in self.missions:
                card = data.MISSIONS[mission]
                self.say(f"New mission: {card['name']} ({card['text']} Reward: {words.reward(mission)}).")
        self.flow[:0] = ["draw"] * data.DRAWS_PER_TURN

    def _step_draw(self):
        if len(self.hand) >= data.HAND_LIMIT:
            self.pending = {"kind": "discard", "options": sorted(self.hand)}
            self.flow.insert(0, "draw")
            return
        if not self.deck:
            if not self.discard_pile:
                return
            self.flow.insert(0, "draw")
            if self.ready():
                self.pending = {"kind": "exhaust", "options": sorted(self.ready())}
            else:
                self.reshuffle()
            return
        event = self.deck.pop()
        self.last_event = event
        card = data.EVENTS[event]
        if card["kind"] in ("hand", "special"):
            self.hand.append(event)
            self.say(f"Event drawn: {card['name']}, into your hand ({words.event_effect(event)}).")
        elif card["kind"] == "stays":
            self.in_play.append(event)
            self.say(f"Event drawn: {card['name']}. It stays in play. {card['text']}")
        elif card["kind"] == "counter":
            self.say(f"Event drawn: {card['name']}, a Major Counter-Attack "
                     f"({plural(card['red'], 'red cube')}, {card['vp']} VP when captured).")
            self.major_counter_attack(event)
        else:
            self.discard_pile.append(event)
            if card["supply"]:
                self.gain_supply(card["supply"])
                self.say(f"Event drawn: {card['name']} (stop): {card['supply']} supply (now {self.supply}).")
            if card["effect"] == "red_everywhere":
                placed = []
                for slot in SLOTS:
                    if self.card_at(slot):
                        added = self.place_red(data.STAVKA_CUBES)
                        self.card_at(slot)["red"] += added
                        placed.append(f"+{added} on {front_card_info(self.card_at(slot)['card'])['name']}")
                self.say(f"Event drawn: {card['name']} (stop): red cubes added "
                         + (", ".join(placed) if placed else "nowhere (no card on the frontline)") + ".")

    def major_counter_attack(self, event):
        empty = [s for s in SLOTS if self.card_at(s) is None]
        faced = [s for s in (empty or SLOTS) if self.slots[s - 1]]
        if not faced:
            if not empty:  # no general left to strike: the attack fizzles
                self.discard_pile.append(event)
                return
            faced = empty
        cubes = {s: self.generals[self.slots[s - 1]]["cubes"] if self.slots[s - 1] else 0 for s in faced}
        fewest = min(cubes.values())
        choices = [s for s in faced if cubes[s] == fewest]
        if len(choices) == 1:
            self.deploy_counter(event, choices[0])
        else:
            self.pending = {"kind": "deploy", "options": choices, "card": event}

    def deploy_counter(self, event, slot):
        card = data.EVENTS[event]
        red = self.place_red(card["red"])
        if self.card_at(slot) is None:
            self.front[slot - 1] = {"card": event, "red": red}
            self.say(f"{card['name']} deploys in slot {slot} with {plural(red, 'red cube')}.")
            self.counter_attack(slot, red, event, local=False)
            return
        self.say(f"{card['name']} strikes slot {slot}; its {plural(red, 'red cube')} then join "
                 f"{front_card_info(self.card_at(slot)['card'])['name']}.")
        self.counter_attack(slot, red, event, local=False)
        if self.phase == "play":
            self.card_at(slot)["red"] += red
        self.discard_pile.append(event)

    def _step_local_counter_attacks(self):
        for slot in SLOTS:
            if self.phase == "play" and self.card_at(slot):
                self.counter_attack(slot, self.card_at(slot)["red"], self.card_at(slot)["card"])

    def _step_end_missions(self):
        self.check_missions("end_turn")

    # -- missions ----------------------------------------------------------------------------
    def check_missions(self, trigger, **facts):
        for mission in list(self.missions):
            card = data.MISSIONS[mission]
            if card["trigger"] == trigger and self.mission_met(card, facts):
                self.missions.remove(mission)
                self.missions_done.append(mission)
                self.gain_supply(card["supply"])
                self.gain_vp(card["vp"])
                self.say(f"Mission accomplished: {card['name']}: {words.reward(mission)}.")

    def mission_met(self, card, facts):
        if "min_vp" in card:
            info = front_card_info(facts["card"])
            return info["vp"] >= card["min_vp"] and facts["helped"]
        if "captures_in_turn" in card:
            return self.turn_captures >= card["captures_in_turn"]
        if "cards" in card:
            return facts["card"] in card["cards"]
        if "no_losses" in card:
            return facts["losses"] == 0
        if "min_supply" in card:
            return self.supply >= card["min_supply"]
        if "full_strength" in card:
            return all(self.generals[g]["cubes"] >= data.GENERALS[g]["cubes"] for g in self.generals)
        if "min_kills" in card:
            return facts["kills"] >= card["min_kills"]
        if "counter" in card:
            return facts["card"] in data.EVENTS
        if "double" in card:
            return facts["double"]
        if "terrain" in card:
            return bool(front_card_info(facts["card"]).get("terrain"))
        return False

    # -- why an action is illegal ------------------------------------------------------------
    def why_illegal(self, action):
        action = Action.parse(action)
        verb = action.verb
        if self.phase == "generals":
            if verb != "general":
                return "first choose three generals for the frontline"
            if action.general in self.slots:
                return "that general is already on the frontline"
            return "that general is not in this game's pool"
        if self.pending:
            kind = self.pending["kind"]
            if verb != kind:
                return {"discard": "your hand is full: discard an event card before drawing",
                        "exhaust": "the event deck is empty: choose a general to exhaust before reshuffling",
                        "deploy": "choose where the Major Counter-Attack deploys first",
                        "reinforce": "choose which card receives the Soviet reinforcements first"}[kind]
            return f"choose one of: {', '.join(map(str, self.pending['options']))}"
        if verb in DECISIONS or verb == "general":
            return f"there is no {verb} choice to make now"
        if verb == "play":
            if action.event not in self.hand:
                return "that event card is not in your hand"
            return "that event card cannot be played that way now"
        if verb == "reorg":
            if self.supply < data.REORG_COST:
                return f"reorganizing the frontline costs {data.REORG_COST} supply"
            return "a reorganization must place each living general exactly once and change the order"
        if verb == "rally":
            return "only Hoth, once per turn, after an order and with 2+ grey cubes, can rally"
        if verb in ("advance", "attack", "consolidate"):
            general = action.general
            if general not in self.slots:
                return "that general is not on the frontline"
            if not self.generals[general]["ready"]:
                return "that general is exhausted: only a ready general can take an order"
            slot = self.slot_of(general)
            if verb == "advance":
                if self.card_at(slot):
                    return "a general with a campaign card in front of him cannot advance"
                if not self.queue:
                    return "there are no unlocked campaign cards to advance on"
                if self.supply < data.ADVANCE_COST * (2 if action.second else 1):
                    return "not enough supply for that advance"
                if action.card not in self.queue or (action.second and action.second not in self.queue):
                    return "that campaign card is not in the unlocked queue"
                if action.second and not data.GENERALS[general]["panzer"]:
                    return "only Panzer generals may deploy a second card"
                return "a second card must go to an empty slot next to the general"
            if verb == "attack":
                target = action.slot
                if abs(target - slot) > 1:
                    return "a general can only attack the card in front of him or next to it"
                if not self.card_at(target):
                    return "there is no card in that slot to attack"
                if self.supply < self.attack_cost(target):
                    return f"that attack costs {self.attack_cost(target)} supply"
                return "only one event card from your hand can add dice to an attack"
        return f"{str(action)!r} is not a legal action now"

    def facts(self, seat):
        """What the board shows that the rules decide: per frontline card its attack modifier (for
        each general who may attack it), white dice, supply cost and counter-attack dice."""
        standard, brilliant = self.thresholds
        front = []
        for slot in SLOTS:
            card = self.card_at(slot)
            if card is None:
                front.append(None)
                continue
            info = front_card_info(card["card"])
            attackers = [g for g in self.alive() if abs(self.slot_of(g) - slot) <= 1]
            facing = self.slots[slot - 1]
            front.append({
                "modifier": self.modifier(info),
                "modifiers": {g: self.modifier(info, g) for g in attackers},
                "white_dice": {g: self.white_dice(g, slot) for g in attackers},
                "attack_cost": self.attack_cost(slot),
                "counter_dice": card["red"] + len(self.extra_die_cards()) if facing and card["red"] else 0,
                "counter_hits_on": self.counter_hits_on(card["card"]),
            })
        locked = [c for c in data.CAMPAIGNS if c not in self.queue and c not in self.captured
                  and not self.on_front(c)]
        return {"victory": standard, "brilliant": brilliant, "final_vp": self.final_vp, "result": self.result,
                "front": front, "locked": locked,
                "lost_penalty": data.LOST_GENERAL_PENALTY * len(self.lost), "cues": [dict(c) for c in self.cues]}


class FallBlauGame(Game):
    name = "fall-blau"
    title = "Campaign: Fall Blau"
    seats = ("player",)
    state_class = FallBlauState
    hint_bot = "advisor"
    max_actions = 3000
    options = (
        Option("hard", False, label="Hard Mode", help="Add the four skull cards to the event deck."),
        Option("missions", False, label="Missions Mode",
               help="Two missions a month; victory needs 32 VP (brilliant 36)."),
        Option("general_pool", "five", choices=("five", "six"), label="Generals",
               help="Choose from the five generals of the box, or add von Salmuth as a sixth."),
        Option("generals", "", label="Frontline",
               help="Three generals, left to right, e.g. hoth,paulus,ruoff; leave empty to choose at the start."),
    )

    def check_option_combination(self, options):
        chosen = [g for g in options["generals"].split(",") if g]
        if not chosen:
            return
        pool = data.STANDARD_GENERALS + ((data.SIXTH_GENERAL,) if options["general_pool"] == "six" else ())
        if len(chosen) != 3 or len(set(chosen)) != 3 or not set(chosen) <= set(pool):
            raise ValueError(f"option 'generals' needs three different generals from {', '.join(pool)}, "
                             f"left to right, not {options['generals']!r}")

    def canonical_action(self, text):
        text = ALIASES.get(text.lower(), text.lower())
        verb, *args = text.split()
        if verb not in ARITY or len(args) not in ARITY[verb]:
            raise IllegalAction(f"unknown action {text!r}: try e.g. 'attack hoth 2' or 'end'")
        generals, events = data.GENERALS, data.EVENTS
        shapes = {"general": ["g"], "advance": ["g", "c", "c", "s"], "attack": ["g", "s", "e"],
                  "consolidate": ["g"], "rally": ["g"], "play": ["e", "gs"], "reorg": ["g-"] * 3,
                  "discard": ["e"], "exhaust": ["g"], "deploy": ["s"], "reinforce": ["s"]}.get(verb, [])
        for arg, shape in zip(args, shapes):
            ok = ((arg in generals and "g" in shape) or (arg == "-" and "-" in shape)
                  or (arg in ("1", "2", "3") and "s" in shape)
                  or (shape == "c" and arg in data.CAMPAIGNS) or (shape == "e" and arg in events))
            if not ok:
                raise IllegalAction(f"{arg!r} is not a valid {self.shape_name(shape)} in {text!r}")
        return " ".join([verb] + args)

    def read_action(self, text):
        return Action.parse(text)

    @staticmethod
    def shape_name(shape):
        return {"g": "general", "c": "campaign card", "s": "slot (1-3)", "e": "event card",
                "gs": "general or slot", "g-": "general (or - for an empty slot)"}[shape]

    def describe_outcome(self, before, after):
        return " ".join(after.report)

    def narrate(self, before, after):
        """The action, then one line per thing the dice, the draws and the rules did (all public)."""
        return [(self.describe_action(before, after.actions[-1]) + ".", None)] + \
            [(line, None) for line in after.report]

    def describe_action(self, state, action):
        return words.describe(Action.parse(action), state.slots, state.front)


GAME = FallBlauGame()
