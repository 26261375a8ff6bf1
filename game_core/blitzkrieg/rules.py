"""Blitzkrieg! rules: placing units on campaigns, space effects, battle tracks, war victory points.

A turn is: place a unit, carry out the space effect, move the battle marker, check closings,
draw one unit. The steps after a placement wait in `queue`; a step that needs the player's
choice (strategic advantage target, the order of a closed theater's effects, the optional
blitz follow-up) sets `decision` and the queue resumes when the player answers.
"""

from bisect import insort

from .. import flow
from ..engine import HIDDEN, SCRATCH, SEAT, Field, Outcome, State, hidden, require
from . import data, words
from .actions import Action
from .data import UNITS, kind_of, other

AXIS, ALLIES = data.SEATS
SIGN, INDEXES = data.SIGN, data.INDEXES


def can_place(unit: dict, space: dict, active: dict) -> bool:
    """Whether `unit` (as it acts) fits the free `space` of an open theater; `active`: theater -> its
    active campaign."""
    if "scientist" in unit["abilities"]:
        return True
    if space["campaign"] != active[space["theater"]]:
        return False
    return "inspired" in unit["abilities"] or space["type"] in data.FITS[unit["type"]]


class BlitzkriegState(State):
    default_board = "world"
    fields = (
        Field("board", get=lambda state: state.index.board["name"]), Field("turn"),
        Field("bags", SEAT),  # each side sees the tokens left in its own bag
        Field("reserves", SEAT, open=lambda state, side: state.reserve_public(side)),
        Field("research", HIDDEN),
        Field("spaces"), Field("placed_by"), Field("spy_copies"), Field("markers"), Field("vp"),
        Field("closed_campaigns"), Field("closed_theaters"), Field("last_placed"), Field("queue"),
        Field("decision"), Field("fx_pending"), Field("result"),
        Field("index", SCRATCH, copy="share"),  # the board's read-only index
        Field("events", SCRATCH), Field("last", SCRATCH),  # what the last action did (narrate, facts)
    )

    def bag_counts(self, seat: str) -> dict:
        """Unit kind -> how many tokens of it `seat`'s bag starts with."""
        return {kind: UNITS[kind]["count"] for kind in data.SIDE_KINDS}

    # -- setup -------------------------------------------------------------
    def setup(self):
        self.index = INDEXES[self.default_board]
        self.events = []  # what the rules and chance did in the last action, for narrate() and facts()
        self.last = {"spaces": [], "tracks": []}  # what the last action changed on the board
        seats = self.game.seats
        self.turn = seats[0]
        self.bags, self.research = self.starting_tokens()
        self.reserves = {seat: [] for seat in seats}
        self.spaces = {}        # space id -> token id
        self.placed_by = {}     # space id -> the seat whose token it is (special weapons too)
        self.spy_copies = {}    # space id -> the kind a spy there copied
        self.markers = {code: 0 for code in self.index.theaters}
        self.vp = {seat: 0 for seat in seats}
        self.closed_campaigns = {}  # campaign id -> the seat that scored it, or None
        self.closed_theaters = {}   # theater code -> the seat that won it, or None (all filled)
        self.last_placed = {seat: None for seat in seats}  # kind as it acted (spy: copied)
        self.queue = []
        self.decision = None
        self.fx_pending = []
        self.result = None
        for seat in seats:
            self._draw(seat, data.START_RESERVE)

    def starting_tokens(self) -> tuple:
        """Each seat's bag and the research pile as the game begins (token ids, sorted)."""
        bags = {seat: sorted(f"{seat}:{kind}#{n}" for kind, count in self.bag_counts(seat).items()
                             for n in range(1, count + 1))
                for seat in self.game.seats}
        # Special weapons that belong to an option (Partisans, Inspired Leadership) join only with it.
        kinds = data.SPECIAL_KINDS + tuple(kind for kind in data.OPTIONAL_SPECIAL_KINDS
                                           if self.options.get(UNITS[kind]["option"]))
        research = sorted(f"sw:{kind}#{n}" for kind in kinds for n in range(1, UNITS[kind]["count"] + 1))
        return bags, research

    def deal_hidden(self, seen, rng):
        """Deal the hidden tokens (the other side's reserve and bag, the research pile) afresh: each side's
        unseen tokens go to its hidden piles, topped up with unseen special weapons, the rest to research."""
        counts = {seat: {name: pile["hidden"] if hidden(pile) else 0
                         for name, pile in (("reserves", self.reserves[seat]), ("bags", self.bags[seat]))}
                  for seat in self.bags}
        self.bags = {seat: [] if hidden(pile) else pile for seat, pile in self.bags.items()}
        self.reserves = {seat: [] if hidden(pile) else pile for seat, pile in self.reserves.items()}
        bags, research = self.starting_tokens()
        known = set(self.spaces.values()).union(*self.bags.values(), *self.reserves.values())
        unknown = sorted(set(research).union(*bags.values()) - known)
        specials = [t for t in unknown if data.is_special(t)]
        rng.shuffle(specials)
        for seat, count in counts.items():
            if not sum(count.values()):
                continue
            own = [t for t in unknown if t.startswith(seat + ":")]
            pool = own + [specials.pop() for _ in range(sum(count.values()) - len(own))]
            rng.shuffle(pool)
            for name, n in count.items():
                if n:  # a pile in view keeps its order (the solo module's row)
                    pile = getattr(self, name)[seat]
                    pile[:] = sorted(pile + pool[:n])
                    del pool[:n]
        self.research = sorted(specials)

    def check_invariants(self):
        bags, research = self.starting_tokens()
        everywhere = [t for pile in (self.bags, self.reserves) for tokens in pile.values() for t in tokens]
        everywhere += self.research + list(self.spaces.values())
        require(sorted(everywhere) == sorted(research + [t for tokens in bags.values() for t in tokens]),
                "a token is lost, doubled or in two places")
        for code, marker in self.markers.items():
            require(abs(marker) <= self.index.length(code), f"the {code} marker is off its track")
            if self.theater_open(code):
                require(abs(marker) < self.index.length(code), f"{code} reached its end but is still open")
        require(self.result is not None or self.turn in self.game.seats, "nobody's turn in a game still going")

    # -- reading the position ----------------------------------------------------------
    @property
    def to_play(self):
        return None if self.result else self.turn

    @property
    def outcome(self):
        return Outcome((self.result["winner"],)) if self.result else None

    def theater_open(self, code: str) -> bool:
        return code not in self.closed_theaters

    def active_campaign(self, code: str):
        """The topmost campaign of an open theater that is not closed, or None."""
        if not self.theater_open(code):
            return None
        for cid in self.index.theater_campaigns[code]:
            if cid not in self.closed_campaigns:
                return cid
        return None

    def acting_kind(self, seat: str, kind: str):
        """The kind a token acts as when `seat` places it: a spy copies, None if it cannot."""
        return self.last_placed[other(seat)] if kind == "SPY" else kind

    def placements(self, seat: str, theater=None) -> list:
        """Every legal "KIND@SPACE" for `seat`, optionally only in one theater."""
        return list(self._placements(seat, theater))

    def _placements(self, seat: str, theater=None):
        """The legal placements one at a time (the end of a turn only asks whether there is one)."""
        active = {code: self.active_campaign(code) for code in self.index.theaters
                  if (theater is None or code == theater) and self.theater_open(code)}
        free = [(sid, self.index.spaces[sid]) for sid in self.index.order
                if sid not in self.spaces and self.index.spaces[sid]["theater"] in active]
        for kind in sorted(set(map(kind_of, self.reserves[seat]))):
            acting = self.acting_kind(seat, kind)
            if acting is None:
                continue
            unit = UNITS[acting]
            for sid, space in free:
                if can_place(unit, space, active):
                    yield f"{kind}@{sid}"

    def sa_targets(self, seat: str, from_theater: str) -> list:
        """Theaters a strategic advantage may move: open, not this one, not already one short of the end."""
        return [code for code in self.index.theaters
                if code != from_theater and self.theater_open(code)
                and SIGN[seat] * self.markers[code] < self.push_limit(code)]

    def fx_choices(self) -> list:
        """One space per distinct effect still to carry out in a closed theater."""
        seen, choices = set(), []
        for sid in self.fx_pending:
            effect = self.index.spaces[sid]["effect"]
            if effect not in seen:
                seen.add(effect)
                choices.append(sid)
        return choices

    def legal_actions(self) -> list:
        if self.result:
            return []
        kind = self.decision["kind"] if self.decision else "place"
        if kind == "place":
            return self.placements(self.turn) or ["yield"]  # "yield": only in a remote game, see _end_turn
        if kind == "blitz":
            return self.placements(self.turn, self.decision["theater"]) + ["pass"]
        if kind == "sa":
            return [f"sa:{code}" for code in self.sa_targets(self.turn, self.decision["from"])]
        return [f"fx:{sid}" for sid in self.fx_choices()]

    def kind_at(self, sid: str) -> str:
        """The kind the token on `sid` acts as (a spy: the kind it copied)."""
        return self.spy_copies.get(sid) or kind_of(self.spaces[sid])

    def strength(self, sid: str, seat: str) -> int:
        """How far the unit on `sid` moves the marker (a general/admiral counts its theater)."""
        unit = UNITS[self.kind_at(sid)]
        counted = {"general": ("army", "air"), "admiral": ("navy", "air")}
        for ability, types in counted.items():
            if ability in unit["abilities"]:
                theater = self.index.spaces[sid]["theater"]
                others = sum(1 for other_sid, token in self.spaces.items()
                             if other_sid != sid and token.startswith(seat + ":")
                             and self.index.spaces[other_sid]["theater"] == theater
                             and UNITS[kind_of(token)]["type"] in types)
                return 1 + others
        return unit["strength"]

    # -- carrying out actions ----------------------------------------------------------
    def do(self, action: Action):
        """Carry out `action`, noting what the rules and chance did (events) and what changed (last)."""
        self.events = []
        markers, spaces = dict(self.markers), set(self.spaces)
        self._act(action)
        self.last = {"spaces": sorted(set(self.spaces) - spaces),
                     "tracks": [code for code in self.markers if self.markers[code] != markers.get(code)]}

    def _act(self, action: Action):
        """The rule of the action (`_do_<verb>`), handed the decision it answers (now taken)."""
        decision, self.decision = self.decision, None
        getattr(self, "_do_" + action.verb)(action, decision)

    def _do_yield(self, action: Action, decision):
        self._stuck()

    def _do_pass(self, action: Action, decision):
        self._run()

    def _do_sa(self, action: Action, decision):
        self._strategic_advance(action.theater, decision["amount"])
        self._run()

    def _do_fx(self, action: Action, decision):
        self.fx_pending.remove(action.space)
        self.queue.insert(0, ["effect", self.index.spaces[action.space]["effect"], decision["theater"]])
        self._run()

    def _do_place(self, action: Action, decision):
        self._place(action.unit, action.space)
        self._run()

    def push_of(self, seat: str, kind: str, sid: str) -> int:
        """How far `seat`'s `kind` placed on the empty `sid` now would move the marker (no space effect)."""
        acting = self.acting_kind(seat, kind)
        if "partisans" in UNITS[acting]["abilities"]:  # 3 if the marker is on the opponent's side as played
            return 3 if SIGN[seat] * self.markers[self.index.spaces[sid]["theater"]] < 0 else 1
        self.spaces[sid], self.placed_by[sid] = f"{seat}:{kind}#probe", seat
        if acting != kind:
            self.spy_copies[sid] = acting
        push = self.strength(sid, seat)
        del self.spaces[sid], self.placed_by[sid]
        self.spy_copies.pop(sid, None)
        return push

    def _place(self, kind: str, sid: str):
        seat = self.turn
        partisans = "partisans" in UNITS[self.acting_kind(seat, kind)]["abilities"]
        push = self.push_of(seat, kind, sid) if partisans else None  # fixed as played, before the effect
        token = next(t for t in self.reserves[seat] if kind_of(t) == kind)
        self.reserves[seat].remove(token)
        self.spaces[sid] = token
        self.placed_by[sid] = seat
        acting = self.acting_kind(seat, kind)
        if kind == "SPY":
            self.spy_copies[sid] = acting
        self.last_placed[seat] = acting
        abilities = UNITS[acting]["abilities"]
        theater = self.index.spaces[sid]["theater"]
        effect = self.index.spaces[sid]["effect"]
        steps = []
        if "bombing" in abilities:
            steps.append(["effect", "B", theater])
        if effect and "task_force" not in abilities:
            # inspired leadership carries out the space's effect twice
            steps.extend([["effect", effect, theater]] * (2 if "inspired" in abilities else 1))
        steps.append(["move", sid] if push is None else ["move", sid, push])
        steps.append(["check", sid])
        if "blitz" in abilities:
            steps.append(["blitz", theater])
        self.queue[:0] = steps

    def _run(self):
        """Carry out queued steps until one needs a decision; an empty queue ends the turn."""
        flow.run(self, "queue", "_step_", lambda state: state.decision is not None)
        if not self.queue and self.decision is None:
            self._end_turn()

    def _step_effect(self, effect: str, theater: str):
        seat = self.turn
        if effect == "IP" or effect == "IP2":
            self._draw(seat, 2 if effect == "IP2" else 1)
        elif effect == "B":
            self._bomb(other(seat))
        elif effect in ("R", "R2", "RI"):
            for _ in range(2 if effect == "R2" else 1):
                if self.research:
                    token = self.research.pop(self.rng.deal(self.research, audience=seat, deck="research"))
                    self.events.append(("research", seat, kind_of(token), effect == "RI"))
                    if effect == "RI":
                        self._gain(seat, token)
                    else:
                        insort(self.bags[seat], token)
        elif effect.startswith("TA+"):
            if self.theater_open(theater):
                self._advance(theater, int(effect[3:]))
                self._close_theater_if_won(theater)
        elif effect.startswith("SA+"):
            amount = int(effect[3:])
            targets = self.sa_targets(seat, theater)
            if len(targets) == 1:
                self.events.append(("sa", targets[0], amount))
                self._strategic_advance(targets[0], amount)
            elif targets:
                self.decision = {"kind": "sa", "amount": amount, "from": theater}
            else:
                self.events.append(("sa", None, amount))
        elif effect.startswith("P"):
            self.vp[seat] += int(effect[1:])
            self.events.append(("propaganda", seat, int(effect[1:])))

    def _step_move(self, sid: str, strength=None):
        theater = self.index.spaces[sid]["theater"]
        if self.theater_open(theater):  # a tactical advantage may already have closed it: no move there
            self._advance(theater, self.strength(sid, self.turn) if strength is None else strength)
        # The nuclear bomb's retreat elsewhere happens whatever its own marker did.
        if "nuke" in UNITS[self.kind_at(sid)]["abilities"]:
            retreating = [code for code in self.index.theaters if code != theater and self.theater_open(code)]
            for code in retreating:
                self._retreat(code, data.NUKE_RETREAT)
            self.events.append(("retreat", retreating))

    def _step_check(self, sid: str):
        cid = self.index.spaces[sid]["campaign"]
        theater = self.index.spaces[sid]["theater"]
        if cid not in self.closed_campaigns and all(s in self.spaces for s in self.index.campaigns[cid]["spaces"]):
            self._close_campaign(cid)
        self._close_theater_if_won(theater)
        if self.theater_open(theater) and all(c in self.closed_campaigns
                                              for c in self.index.theater_campaigns[theater]):
            self.closed_theaters[theater] = None  # every space filled: nobody wins the theater

    def _step_fx(self, theater: str):
        if len({self.index.spaces[sid]["effect"] for sid in self.fx_pending}) > 1:
            self.queue.insert(0, ["fx", theater])
            self.decision = {"kind": "fx", "theater": theater}
            return
        self.queue[:0] = [["effect", self.index.spaces[sid]["effect"], theater] for sid in self.fx_pending]
        self.fx_pending = []

    def _step_blitz(self, theater: str):
        # A remote game always asks (pass may be the only answer): the other browser cannot see the reserve.
        if self.options.get("remote") or next(self._placements(self.turn, theater), None) is not None:
            self.decision = {"kind": "blitz", "theater": theater}

    # -- the pieces of a step ----------------------------------------------------------
    def _draw(self, seat: str, count: int):
        drawn = []
        for _ in range(count):
            bag = self.bags[seat]
            if bag:
                drawn.append(bag.pop(self.rng.below(len(bag), audience=seat)))
                self._gain(seat, drawn[-1])
        self.events.append(("draw", seat, [kind_of(token) for token in drawn]))

    def _gain(self, seat: str, token: str):
        """A token joins `seat`'s reserve (kept sorted; the solo bot keeps its row's order)."""
        insort(self.reserves[seat], token)

    def _bomb(self, victim: str):
        reserve = self.reserves[victim]
        token = reserve.pop(self.rng.below(len(reserve), audience=victim)) if reserve else None
        if token:
            insort(self.bags[victim], token)
        self.events.append(("bomb", victim, token and kind_of(token)))

    def _advance(self, theater: str, amount: int):
        """Move the marker toward the player's end, at most onto the last square."""
        sign, length = SIGN[self.turn], self.index.length(theater)
        self.markers[theater] = sign * min(sign * self.markers[theater] + amount, length)

    def push_limit(self, theater: str) -> int:
        """How far from the centre a marker may be pushed other than by placing there (one short of the end)."""
        return self.index.length(theater) - 1

    def _strategic_advance(self, theater: str, amount: int):
        sign = SIGN[self.turn]
        self.markers[theater] = sign * min(sign * self.markers[theater] + amount, self.push_limit(theater))

    def _retreat(self, theater: str, amount: int):
        """Move the marker toward the opponent, never onto their last square."""
        sign = SIGN[self.turn]
        self.markers[theater] = sign * max(sign * self.markers[theater] - amount, -self.push_limit(theater))

    def leader(self, theater: str):
        """The seat on whose side of the track the marker stands, or None in the centre."""
        return self.side_of(self.markers[theater])

    def side_of(self, marker: int):
        """The seat on whose side of a track `marker` is, or None in the centre."""
        return next((seat for seat in self.game.seats if SIGN[seat] * marker > 0), None)

    def icon_bonus(self, theater: str) -> int:
        distance = abs(self.markers[theater])
        return sum(1 for icon in self.index.icons(theater) if distance >= icon)

    def _close_campaign(self, cid: str):
        theater = self.index.campaigns[cid]["theater"]
        scorer = self.leader(theater)
        self.closed_campaigns[cid] = scorer
        vp, bonus = self.index.campaigns[cid]["vp"], self.icon_bonus(theater) if scorer else 0
        if scorer:
            self.vp[scorer] += vp + bonus
        self.events.append(("campaign", cid, scorer, vp, bonus))

    def _close_theater_if_won(self, theater: str):
        if not self.theater_open(theater) or abs(self.markers[theater]) < self.index.length(theater):
            return
        seat = self.turn
        self.closed_theaters[theater] = seat
        scored = [cid for cid in self.index.theater_campaigns[theater] if cid not in self.closed_campaigns]
        for cid in scored:
            self.closed_campaigns[cid] = seat
            self.vp[seat] += self.index.campaigns[cid]["vp"]
        self.vp[seat] += self.index.board["theater_bonus"]
        self.events.append(("theater", theater, seat, scored, self.index.board["theater_bonus"]))
        self.fx_pending = [sid for sid in self.index.order
                           if self.index.spaces[sid]["theater"] == theater and sid not in self.spaces
                           and self.index.spaces[sid]["effect"]
                           and not self.index.spaces[sid]["effect"].startswith("TA")]
        if self.fx_pending:
            self.queue.insert(0, ["fx", theater])

    def _end_turn(self):
        seat = self.turn
        first, last = self.game.seats  # the last seat has the final turn and wins ties
        self._draw(seat, 1)
        if seat == last and max(self.vp.values()) >= data.WIN_VP:
            winner = first if self.vp[first] > self.vp[last] else last
            self.result = {"winner": winner, "reason": "war victory points"}
            return
        self.turn = other(seat)
        # A remote game waits for the player who cannot place to say so ("yield"): only their browser knows.
        if next(self._placements(self.turn), None) is None and not self.options.get("remote"):
            self._stuck()

    def _stuck(self):
        self.result = {"winner": other(self.turn), "reason": f"{self.turn} cannot place a unit"}

    def final_turn(self) -> bool:
        """True while the Allies take their last turn after the Axis reached the goal."""
        return not self.result and self.turn == self.game.seats[1] and max(self.vp.values()) >= data.WIN_VP

    # -- explaining illegal actions ----------------------------------------------------
    def why_illegal(self, action: str) -> str:
        seat, decision = self.turn, self.decision
        kind = decision["kind"] if decision else "place"
        prompt = {"sa": "choose a theater for strategic advantage (sa:XX)",
                  "fx": "choose which effect of the closed theater to carry out next (fx:SPACE)",
                  "place": "place a unit (KIND@SPACE)",
                  "blitz": "place a blitz follow-up unit or pass"}[kind]
        action = Action.parse(action)
        if action.verb in ("setup", "bomb"):  # a solo game's SoloState answers these itself
            return f"Set-up rolls and bombing the bot's row belong to the solo module: {prompt}"
        if action.verb == "sa":
            if kind != "sa":
                return f"There is no strategic advantage to use now: {prompt}"
            if action.theater not in self.index.theaters:
                return f"There is no theater {action.theater}"
            return ("Strategic advantage must move another theater that is still open "
                    "and not already one square short of your end")
        if action.verb == "fx":
            if kind != "fx":
                return f"No closed theater has effects waiting: {prompt}"
            return "Choose one of the unoccupied spaces of the closed theater still to carry out"
        if action.verb == "pass":
            return f"Only a blitz follow-up can be passed: {prompt}"
        if action.verb == "yield":
            return (f"Only a player who cannot place any unit yields, and you can: {prompt}" if kind == "place"
                    else f"First {prompt}")
        if kind not in ("place", "blitz"):
            return f"First {prompt}"
        unit_kind, sid = action.unit, action.space
        if not any(kind_of(t) == unit_kind for t in self.reserves[seat]):
            return f"You do not have {words.unit_words(unit_kind)} in your reserve"
        if sid not in self.index.spaces:
            return f"There is no battle space {sid}"
        space = self.index.spaces[sid]
        name = self.index.space_name(sid)
        if sid in self.spaces:
            return f"{name} is already occupied"
        if not self.theater_open(space["theater"]):
            return f"The {self.index.theaters[space['theater']]['name']} theater is closed"
        if kind == "blitz" and space["theater"] != decision["theater"]:
            return (f"A blitz follow-up must stay in the same theater "
                    f"({self.index.theaters[decision['theater']]['name']})")
        acting = self.acting_kind(seat, unit_kind)
        if acting is None:
            return "The spy copies your opponent's last placed unit, and they have placed none yet"
        # A scientist, the inspired leadership, an airforce and Godzilla go on any free space of an open theater's
        # active campaign (a scientist on any campaign): what is left is the topmost campaign or the space's type.
        if space["campaign"] != self.active_campaign(space["theater"]):
            return "Units can only be placed in the topmost open campaign of a theater"
        fits = {"army": "Armies can only be placed on land or land/sea spaces",
                "navy": "Navies can only be placed on sea or land/sea spaces"}
        return fits[UNITS[acting]["type"]]

    # -- saving and hiding -------------------------------------------------------------
    def reserve_public(self, seat: str) -> bool:
        """Whether everyone sees `seat`'s reserve (the solo module's row is face up)."""
        return False

    # -- what the board shows and the log says -------------------------------------------
    def facts(self, seat) -> dict:
        """The rule facts the board draws (see engine.State.facts): nothing here is secret."""
        codes = list(self.index.theaters)
        return {
            "open": [code for code in codes if self.theater_open(code)],
            "active": {code: self.active_campaign(code) for code in codes},
            "leaders": {code: self.leader(code) for code in codes},
            "icon_bonus": {code: self.icon_bonus(code) for code in codes},
            "final_turn": self.final_turn(),
            "verdict": words.verdict(self),
            "last": self.last,
            "cues": [{"at": event[1], "text": text} for event in self.events if event[0] in ("campaign", "theater")
                     for text, _ in words.event_words(self, event)],
        }
