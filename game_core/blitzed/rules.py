"""Blitzed! rules: a real-time dice race played as a pure engine.

Everyone may act at once, so `to_play` is a tuple of seats and every action starts with
its seat (the notation is actions.py's). Any action may end in a time stamp " @<ms>": the
milliseconds since the current phase began (the clock restarts whenever `epoch` grows).
The engine never reads a clock; stamps only have to be non-decreasing.

Phases: "ready" (between rounds: everyone confirms), "roll" (the race), "tie" (the game
ended level: the tied leaders choose one more round or a shared win), "over".
"""

import re

from ..engine import HIDDEN, SCRATCH, Field, Game, IllegalAction, Option, Outcome, State, clone, require
from . import data, words
from .actions import ACTION_RE, Action
from .data import CARDS, card_label, seat_name

SEATS = tuple(c["seat"] for c in data.PLAYER_COLOURS)
DICE = data.DICE_PER_PLAYER["count"]
SEAT_KINDS = ("human", "easy", "normal", "hard")  # a person, or one of the bot levels in bots.BOTS
MISCLAIM_COST = data.MISCLAIM_COST["bolts"]
LAST_PLACE_VALUE = -2

def slot_values(players: int) -> list:
    """The win/loss values on the table for this player count, best first."""
    return [card["value"] for card in data.WIN_LOSS_CARDS if players in card["players"]]


def card_matches(card_id: str, dice) -> bool:
    """Do these three dice fulfil the task card? (No task can be done with fewer than 3.)"""
    if len(dice) != DICE or 0 in dice:
        return False
    card = CARDS[card_id]
    if card["kind"] == "sum":
        return sum(dice) == card["total"]
    return sorted(dice) == list(card["dice"])


def keep_text(kept) -> str:
    chosen = [str(i + 1) for i, on in enumerate(kept) if on]
    return ",".join(chosen) if chosen else "none"


KEEP_CHOICES = [(kept, keep_text(kept)) for kept in
                ([bool(mask >> i & 1) for i in range(DICE)] for mask in range(2 ** DICE))]


class BlitzedState(State):
    fields = (
        Field("players", get=lambda state: len(state.seats)), Field("seats", save=list, load=tuple, copy="share"),
        Field("phase"), Field("round"), Field("epoch"), Field("values"), Field("cards"),
        Field("deck", HIDDEN),  # the order would tell the future; the count is public
        Field("discard"), Field("bolts"), Field("supply"), Field("dice"), Field("kept"), Field("claims"),
        Field("rolls"), Field("ready"), Field("tiebreak"), Field("tied"), Field("shares"), Field("winners"),
        Field("last_round", save=lambda lines: clone(lines) or None, copy="share"),  # replaced whole
        Field("clock"), Field("claim_clock"), Field("seat_clock"), Field("acted"),
        # What the last action did, for the log (words.narration): never saved, and every copy starts
        # empty, so the events are always those of the one action that made this state.
        Field("events", SCRATCH, copy=lambda events: []),
    )

    def setup(self):
        self.events = []
        players = self.options["players"]
        self.seats = SEATS[:players]
        self.values = slot_values(players)          # one win/loss card per slot, best first
        self.cards = []                             # the task card under each slot (dealt below; none under -2)
        self.bolts = {s: data.START_BOLTS["count"] for s in self.seats}
        self.supply = data.BOLT_SUPPLY["count"] - sum(self.bolts.values())
        self.deck = [c["id"] for c in data.TASK_CARDS]
        self.rng.shuffle(self.deck)
        self.discard = []
        self.phase = "ready"
        self.ready = []
        self.round = 0
        self.tiebreak = False        # the round being played is the extra round after a tie
        self.tied = []
        self.shares = []
        self.winners = []
        self.last_round = None       # the scoring of the round just finished
        self.epoch = 0
        self.reset_clock()
        self.deal()

    def reset_clock(self):
        self.clock = 0                                  # the latest stamp this epoch
        self.claim_clock = 0                            # stamp of the latest claim change
        self.seat_clock = {s: 0 for s in self.seats}    # each seat's latest stamp
        self.acted = {s: 0 for s in self.seats}         # each seat's actions this epoch

    # -- whose move, which moves ---------------------------------------------------------
    @property
    def to_play(self):
        if self.phase == "roll":
            return self.seats
        if self.phase == "ready":
            return tuple(s for s in self.seats if s not in self.ready)
        if self.phase == "tie":
            return tuple(s for s in self.tied if s not in self.shares)
        return None

    def free_cards(self) -> list:
        taken = set(self.claims.values())
        return [c for c in self.cards if c is not None and c not in taken]

    def seat_actions(self, seat) -> list:
        if self.phase == "ready":
            return [] if seat in self.ready else [f"{seat} ready"]
        if self.phase == "tie":
            return [f"{seat} more", f"{seat} share"] if seat in self.to_play else []
        if self.phase != "roll":
            return []
        free = self.free_cards()
        if self.claims[seat] is not None:
            return [f"{seat} unclaim"] + [f"{seat} claim {c}" for c in free]
        actions = []
        if not all(self.kept[seat]):
            actions.append(f"{seat} roll")
        if 0 not in self.dice[seat]:
            actions += [f"{seat} keep {text}" for kept, text in KEEP_CHOICES if kept != self.kept[seat]]
            actions += [f"{seat} claim {c}" for c in free]
        return actions

    def legal_actions(self) -> list:
        seats = self.to_play or ()
        return [a for seat in seats for a in self.seat_actions(seat)]

    def seats_in_play(self):
        return tuple(self.seats)

    def check_legal(self, text):
        """Legality ignores the time stamp, except that it may not go backwards."""
        action = Action.parse(text)
        stamp, seat = action.stamp, action.seat
        if stamp is not None and stamp < self.clock:
            raise IllegalAction(f"time stamps may not go backwards (@{stamp} is before @{self.clock})")
        if seat not in (self.to_play or ()) or action.base not in self.seat_actions(seat):
            raise IllegalAction(self.why_illegal(action.base))

    def why_illegal(self, action):
        action = Action.parse(action)
        seat, verb, arg = action.seat, action.verb, action.card
        if seat not in self.seats:
            return f"there is no seat {seat} in a {len(self.seats)}-player game"
        if self.phase == "over":
            return "the game is over"
        if self.phase == "ready":
            if seat in self.ready:
                return f"{seat_name(seat)} is already ready: waiting for the others"
            return "the round has not started yet: everyone first says they are ready"
        if self.phase == "tie":
            if seat not in self.tied:
                return "only the players tied for the lead choose between one more round and a shared win"
            if seat in self.shares:
                return f"{seat_name(seat)} has already agreed to share the win"
            return "the game ended in a tie: choose one more round or a shared win"
        if verb in ("ready", "more", "share"):
            return "the round is being played: roll and claim"
        claim = self.claims[seat]
        if claim is not None and verb in ("roll", "keep"):
            return "your thunder card is down: take it back before you roll or set dice aside again"
        if verb == "unclaim":
            return "you have no claim to take back"
        if verb == "roll":
            return "all your dice are set aside: free at least one to roll"
        if 0 in self.dice[seat]:
            return "roll your dice first"
        if verb == "keep":
            return "those dice are already the ones set aside"
        if arg not in self.cards:
            return f"task card {arg} is not on the table this round"
        if arg == claim:
            return "you have already claimed that card"
        return f"{card_label(arg)} is already claimed by {seat_name(self.claimer(arg))}: a claimed card is blocked"

    def claimer(self, card_id):
        return next((s for s, c in self.claims.items() if c == card_id), None)

    # -- carrying out actions -----------------------------------------------------------
    def do(self, action):
        seat = action.seat
        if action.stamp is not None:
            self.clock = action.stamp
            self.seat_clock[seat] = action.stamp
        self.acted[seat] += 1
        getattr(self, "_do_" + action.verb)(seat, action)

    def _do_roll(self, seat, action):
        self.dice[seat] = [v if keep else self.rng.roll(6) for v, keep in zip(self.dice[seat], self.kept[seat])]
        self.rolls[seat] += 1
        self.events.append({"event": "rolled", "dice": list(self.dice[seat]), "kept": list(self.kept[seat])})

    def _do_keep(self, seat, action):
        self.kept[seat] = [i + 1 in action.kept for i in range(DICE)]

    def _do_claim(self, seat, action):
        self.claims[seat] = action.card
        self.claim_clock = self.clock
        if not self.free_cards():
            self.end_round()

    def _do_unclaim(self, seat, action):
        self.claims[seat] = None
        self.claim_clock = self.clock

    def _do_ready(self, seat, action):
        self.ready.append(seat)
        if len(self.ready) == len(self.seats):
            self.start_round()

    def _do_more(self, seat, action):
        self.tiebreak = True
        self.tied, self.shares, self.ready = [], [], []
        self.phase = "ready"
        self.deal()

    def _do_share(self, seat, action):
        self.shares.append(seat)
        if len(self.shares) == len(self.tied):
            self.winners = list(self.tied)
            self.phase = "over"
            self.events.append({"event": "ended"})

    def deal(self):
        """Set up the next round before its "Ready... Blitz!": the thunder cards go back, the task cards
        go to the discard pile, and new ones are dealt face up (none under the -2) for everyone to read."""
        self.discard += [c for c in self.cards if c is not None]
        self.cards = [None if value == LAST_PLACE_VALUE else self.draw() for value in self.values]
        self.dice = {s: [0] * DICE for s in self.seats}     # 0 = not rolled this round
        self.kept = {s: [False] * DICE for s in self.seats}
        self.claims = {s: None for s in self.seats}          # seat -> task card id
        self.rolls = {s: 0 for s in self.seats}
        self.events.append({"event": "dealt", "round": self.round + 1, "cards": list(zip(self.cards, self.values))})

    def start_round(self):
        self.round += 1
        self.ready = []
        self.phase = "roll"
        self.new_epoch()
        self.events.append({"event": "start", "round": self.round})

    def draw(self):
        if not self.deck:
            self.deck, self.discard = self.discard, []
            self.rng.shuffle(self.deck)
            self.events.append({"event": "reshuffled"})
        return self.deck.pop()

    def new_epoch(self):
        self.epoch += 1
        self.reset_clock()

    def end_round(self):
        """Score the round: payments go to the supply first, then gains are paid from it."""
        value_of = dict(zip(self.cards, self.values))
        lines, broke = [], False
        for seat in self.seats:
            card = self.claims[seat]
            if card is None:
                line = {"seat": seat, "card": None, "value": LAST_PLACE_VALUE, "matched": None}
                owed = -LAST_PLACE_VALUE
            else:
                matched = card_matches(card, self.dice[seat])
                line = {"seat": seat, "card": card, "value": value_of[card], "matched": matched}
                owed = max(0, -value_of[card]) if matched else MISCLAIM_COST
            paid = min(owed, self.bolts[seat])
            broke = broke or owed > paid
            self.bolts[seat] -= paid
            self.supply += paid
            line.update(dice=list(self.dice[seat]), change=-paid, short=owed - paid)
            lines.append(line)
        for line in lines:
            if line["matched"] and line["value"] > 0:
                gain = min(line["value"], self.supply)
                self.supply -= gain
                self.bolts[line["seat"]] += gain
                line["change"] = gain
        for line in lines:
            line["bolts"] = self.bolts[line["seat"]]
        self.last_round = lines
        self.events.append({"event": "scored", "round": self.round, "lines": lines})
        if broke or self.tiebreak:
            self.tiebreak = False
            top = max(self.bolts.values())
            leaders = [s for s in self.seats if self.bolts[s] == top]
            if len(leaders) == 1:
                self.winners = leaders
                self.phase = "over"
            else:
                self.tied = leaders
                self.phase = "tie"
            self.events.append({"event": "ended" if self.phase == "over" else "tied"})
        else:
            self.phase = "ready"
            self.deal()
        self.new_epoch()

    # -- results and data ---------------------------------------------------------------
    @property
    def outcome(self):
        return Outcome(self.winners) if self.phase == "over" else None

    def deal_hidden(self, seen, rng):
        """The deck: every task card neither on the table nor discarded, in a random order."""
        self.deck = sorted(set(CARDS) - set(self.discard) - set(self.cards))
        rng.shuffle(self.deck)

    def check_invariants(self):
        require(sum(self.bolts.values()) + self.supply == data.BOLT_SUPPLY["count"], "a bolt appeared or vanished")
        require(self.supply >= 0 and min(self.bolts.values()) >= 0, "a negative pile of bolts")
        claimed = [card for card in self.claims.values() if card is not None]
        require(len(claimed) == len(set(claimed)), "a card is claimed twice")
        require(set(claimed) <= set(self.cards), "a claim on a card that is not on the table")
        if self.phase == "roll":
            require(len(claimed) < len(self.values) - 1, "the round should have ended")
        if self.phase == "ready":
            require(not claimed and not any(any(dice) for dice in self.dice.values()),
                    "a claim or a roll before the round started")
        require([card is None for card in self.cards] == [v == LAST_PLACE_VALUE for v in self.values],
                "a task card missing, or one under the -2")
        everywhere = self.deck + self.discard + [card for card in self.cards if card]
        require(sorted(everywhere) == sorted(CARDS), "a task card is lost or doubled")

    def facts(self, seat):
        """What the board shows that the rules decide. Everything here is open at the table, so every
        seat gets the same facts, except `toggles`: the seat's own set-aside clicks."""
        free = self.free_cards() if self.phase == "roll" else []
        left_over = next((line["seat"] for line in self.last_round or () if line["card"] is None), None)
        holders = {card: holder for holder, card in self.claims.items() if card is not None}
        if self.phase in ("tie", "over"):  # the table as the round ended, the -2 with whoever was left over
            holders[None] = left_over
        facts = {
            "slots": [{"value": value, "card": card, "holder": holders.get(card)}
                      for value, card in zip(self.values, self.cards)],
            "free": free,
            "makes": {s: [c for c in free if card_matches(c, self.dice[s])] for s in self.seats},
            "scoring": words.scoring_lines(self.last_round) if self.last_round and self.phase != "roll" else [],
            "result": words.result_text(self),
            "last": self.last_event(),
        }
        if seat in self.seats and self.phase == "roll" and self.claims[seat] is None and 0 not in self.dice[seat]:
            kept = self.kept[seat]
            facts["toggles"] = [f"{seat} keep {keep_text([on != (i == d) for i, on in enumerate(kept)])}"
                                for d in range(DICE)]
        return facts

    def last_event(self):
        """The last action's seat, verb and card, and whether it ended the round (for highlights and cues)."""
        if not self.actions:
            return None
        last = Action.parse(self.actions[-1])
        return {"seat": last.seat, "verb": last.verb, "card": last.card or None,
                "scored": last.verb == "claim" and self.phase != "roll"}

    def view(self, seat):
        """As State.view, without the JSON round trip (to_dict builds fresh containers), and a
        seat that may act among others gets its own legal actions."""
        view = {"game": self.game.name, "seat": seat, "to_play": self.to_play,
                "options": dict(self.options), "state": self.redact(self.to_dict(), seat),
                "moves_made": len(self.actions), "facts": self.facts(seat)}
        if seat is not None and seat == self.to_play:
            view["legal_actions"] = self.legal_actions()
        elif isinstance(seat, str) and self.to_play and seat in self.to_play:
            view["legal_actions"] = self.seat_actions(seat)
        return view


def canonical(text: str) -> str:
    """Normalise case and spacing of one action; raise IllegalAction when malformed."""
    text = re.sub(r" ?, ?", ",", " ".join(text.lower().split()))
    text = re.sub(r"@\s+", "@", text)
    match = ACTION_RE.match(text)
    if not match:
        raise IllegalAction(f"{text!r} is not a Blitzed! action (e.g. 'p1 roll', 'p1 keep 1,3', "
                            f"'p1 claim T7', 'p1 unclaim', 'p1 ready')")
    seat, verb, arg, stamp = match.groups()
    if seat not in SEATS:
        raise IllegalAction(f"there is no seat {seat}: seats are p1 to p5")
    if verb == "keep":
        arg = canonical_keep(arg)
    elif verb == "claim":
        if arg is None or not re.fullmatch(r"t\d+", arg) or arg.upper() not in CARDS:
            raise IllegalAction("claim needs a task card, e.g. 'p1 claim T7'")
        arg = arg.upper()
    elif arg is not None:
        raise IllegalAction(f"'{verb}' takes nothing after it")
    text = f"{seat} {verb}" + (f" {arg}" if arg is not None else "")
    return text + (f" @{int(stamp)}" if stamp is not None else "")


def canonical_keep(arg) -> str:
    if arg is None or arg == "none":
        return "none"
    parts = arg.replace(" ", ",").split(",")
    if not all(p in ("1", "2", "3") for p in parts) or len(set(parts)) != len(parts):
        raise IllegalAction("keep lists dice 1 to 3 once each, e.g. 'p1 keep 1,3' or 'p1 keep none'")
    return ",".join(sorted(parts))


class BlitzedGame(Game):
    name = "blitzed"
    title = "Blitzed!"
    realtime = True
    seats = SEATS
    # Who sits at each seat is part of the game (a shared or replayed game keeps its bots); seats past
    # the number of players stay empty.
    options = (Option("players", 4, low=3, high=5, label="Players",
                      help="3 to 5: the first seats play, each a person at this device or a bot"),) + tuple(
        Option(seat, "human" if seat == SEATS[0] else "normal", choices=SEAT_KINDS, label=f"{seat_name(seat)} seat",
               needs=("players", number) if number > 3 else None)
        for number, seat in enumerate(SEATS, start=1))
    state_class = BlitzedState
    max_actions = 20000
    hint_bot = None  # no hints in a race

    def forced_seats(self, options: dict) -> dict:
        """The new-game options say who plays each seat in play: a person or a bot level."""
        return {seat: options[seat] for seat in SEATS[:options["players"]]}

    def canonical_action(self, text):
        return canonical(text)

    def seat_name(self, seat) -> str:
        return seat_name(seat)

    def stamp(self, action: str, now_ms) -> str:
        """The action with the time stamp `now_ms` (replacing any stamp it had)."""
        return str(Action.parse(self.canonical_action(action))._replace(stamp=max(0, int(now_ms))))

    def describe_action(self, state, action):
        return words.action_words(state, Action.parse(self.canonical_action(action)))

    def read_action(self, text):
        return Action.parse(text)

    def narrate(self, before, after):
        """The action (a roll with its faces), then what the rules did, from the events they recorded:
        the round starting, its scoring line by line, the next round's cards dealt face up, and the end
        of the game with its reason. Everything in Blitzed! is open at the table: every line is for everyone."""
        return [(text, None) for text in words.narration(self.describe_action(before, after.actions[-1]), after)]


GAME = BlitzedGame()
