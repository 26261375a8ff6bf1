"""Blitzkrieg!: Nippon Expansion: Japan against Germany for the USA, on the back of the board.

Each city is a theater with a single campaign and its own track. Only opened campaigns take
units: four at the start, and every time one closes the player who closed it opens another,
joined to it by a line if any such is still unopened, otherwise any unopened one. A campaign
closes when its last space is filled or when a placement pushes its marker into the three end
squares (+1/+2/+3) on the placer's side; the new campaign's marker then starts that many squares
toward the campaign's winner. Japan moves first; Germany has the last turn and wins ties.
"""

import re

from ..engine import Field, IllegalAction, Option, require
from . import data, words
from .actions import Action
from .game import REMOTE, Blitzkrieg
from .rules import SIGN, BlitzkriegState


NEIGHBOURS = {theater["code"]: set() for theater in data.NIPPON["theaters"]}
for _link in data.NIPPON["links"]:
    _a, _b = _link["cities"]
    NEIGHBOURS[_a].add(_b)
    NEIGHBOURS[_b].add(_a)


class NipponState(BlitzkriegState):
    default_board = "nippon"
    fields = BlitzkriegState.fields + (Field("opened"),)  # the campaigns opened, in order

    def bag_counts(self, seat: str) -> dict:
        if seat == data.JAPAN:
            return {token["kind"]: token["count"] for token in data.JAPAN_TOKENS}
        return super().bag_counts(seat)

    def setup(self):
        super().setup()
        self.opened = list(self.index.board["start"]["codes"])  # in the order they were opened

    def check_invariants(self):
        super().check_invariants()
        require(len(self.opened) == len(set(self.opened)), "a campaign was opened twice")
        markers = len(self.index.board["start"]["codes"])  # four in play (the fifth is not used)
        require(sum(1 for code in self.opened if code not in self.closed_theaters) <= markers,
                "more campaigns open than there are battle markers")
        for code in self.opened:
            if self.theater_open(code):
                require(abs(self.markers[code]) <= self.push_limit(code), f"{code} is on an end square but open")

    # -- reading the position ----------------------------------------------------------
    def theater_open(self, code: str) -> bool:
        return code in self.opened and code not in self.closed_theaters

    def push_limit(self, theater: str) -> int:
        """Strategic advantage and retreats stop short of the +1/+2/+3 squares (they never close)."""
        return self.index.length(theater) - data.END_ZONE

    def end_bonus(self, code: str) -> int:
        """0, or 1/2/3 when the marker stands on an end square marked +1/+2/+3."""
        return max(0, abs(self.markers[code]) - self.push_limit(code))

    def open_choices(self, closed: str) -> list:
        """Campaigns that may open after `closed`: unopened neighbours, else any unopened one."""
        unopened = [code for code in self.index.theaters if code not in self.opened]
        joined = [code for code in unopened if code in NEIGHBOURS[closed]]
        return joined or unopened

    def legal_actions(self) -> list:
        if self.decision and self.decision["kind"] == "open" and not self.result:
            return [f"open:{code}" for code in self.open_choices(self.decision["from"])]
        return super().legal_actions()

    # -- carrying out actions ----------------------------------------------------------
    def _do_open(self, action: Action, decision):
        self._open(action.theater, decision["from"])
        self._run()

    def _close_theater_if_won(self, theater: str):
        """A placement that pushes the marker onto the +1/+2/+3 squares closes and wins the campaign."""
        if not self.theater_open(theater) or self.end_bonus(theater) == 0:
            return
        seat = self.turn
        cid = self.index.theater_campaigns[theater][0]
        self.closed_theaters[theater] = seat
        self.closed_campaigns[cid] = seat
        self.vp[seat] += self.index.campaigns[cid]["vp"]
        self.events.append(("won", cid, seat, self.index.campaigns[cid]["vp"], self.end_bonus(theater)))
        self.fx_pending = [sid for sid in self.index.campaigns[cid]["spaces"]
                           if sid not in self.spaces and self.index.spaces[sid]["effect"]
                           and not self.index.spaces[sid]["effect"].startswith("TA")]
        self.queue[:0] = ([["fx", theater]] if self.fx_pending else []) + [["open", theater]]

    def _step_check(self, sid: str):
        theater = self.index.spaces[sid]["theater"]
        self._close_theater_if_won(theater)
        cid = self.index.spaces[sid]["campaign"]
        if self.theater_open(theater) and all(s in self.spaces for s in self.index.campaigns[cid]["spaces"]):
            self._close_campaign(cid)  # scores the campaign for the side the marker is on
            self.closed_theaters[theater] = self.closed_campaigns[cid]
            self.queue.insert(0, ["open", theater])

    def _step_open(self, closed: str):
        choices = self.open_choices(closed)
        if len(choices) == 1:
            self.events.append(("only", choices[0]))
            self._open(choices[0], closed)
        elif choices:
            self.decision = {"kind": "open", "from": closed}

    def _open(self, code: str, closed: str):
        """Open `code`; its marker starts shifted toward whoever won `closed` by the +n reached there."""
        self.opened.append(code)
        winner = self.closed_theaters[closed]
        self.markers[code] = SIGN[winner] * self.end_bonus(closed) if winner else 0

    # -- what the board shows and the log says -------------------------------------------
    def facts(self, seat) -> dict:
        facts = super().facts(seat)
        facts["cues"] += [{"at": event[1][:2], "text": text} for event in self.events if event[0] == "won"
                          for text, _ in words.event_words(self, event)]
        return facts

    # -- explaining illegal actions ----------------------------------------------------
    def why_illegal(self, action: str) -> str:
        deciding_open = self.decision is not None and self.decision["kind"] == "open"
        step = Action.parse(action)
        if step.verb == "open":
            code = step.theater
            if not deciding_open:
                return "A campaign opens only when another one closes"
            if code not in self.index.theaters:
                return f"There is no campaign {code}"
            if code in self.opened:
                return f"{self.index.theaters[code]['name']} has already been opened"
            return ("Open a campaign joined by a line to the one just closed "
                    "(any unopened one only when all of those are taken)")
        if deciding_open:
            return "First choose the campaign to open (open:CITY)"
        if step.verb == "place":
            code = self.index.spaces.get(step.space, {}).get("theater")
            if code and code not in self.opened and any(data.kind_of(t) == step.unit
                                                        for t in self.reserves[self.turn]):
                return f"{self.index.theaters[code]['name']} has not been opened yet"
        return super().why_illegal(action)


OPEN_RE = re.compile(r"^open:([a-z]{2})$")


class Nippon(Blitzkrieg):
    name = "blitzkrieg-nippon"
    title = "Blitzkrieg!: Nippon"
    seats = data.NIPPON_SEATS
    options = (
        Option("partisans", True, label="Partisans",
               help="The Partisans special weapon is in the research pile (the rulebook's setup)"),
        Option("inspired_leadership", True, label="Inspired Leadership",
               help="The Inspired Leadership special weapon is in the research pile (the rulebook's setup)"),
        REMOTE,
    )
    state_class = NipponState

    def canonical_action(self, text: str) -> str:
        match = OPEN_RE.match(text.replace(" ", "").lower())
        if match:
            return f"open:{match.group(1).upper()}"
        try:
            action = super().canonical_action(text)
        except IllegalAction as err:
            raise IllegalAction(f"{err}, or open:CITY (e.g. open:NY)") from None
        if Action.parse(action).verb in ("setup", "bomb"):
            raise IllegalAction("The solo module's actions are not part of the Nippon Expansion")
        return action


NIPPON = Nippon()
