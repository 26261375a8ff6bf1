"""The solo module (Dávid Turczi): an automated Axis for one player, as option mode="solo".

A solo game is still its seed, options and action list. The Axis still takes its steps as
recorded actions, but in solo mode each Axis step has exactly one legal action: the one
the solo module's priority lists pick (`bot_choice`). So any bot in the Axis seat plays
it (BOTS["solo"] is the one to use), replays need nothing but the actions, and the page
shows each bot step like any other move. The chance the module needs (the stratagem
drawn from the cup, the d6 for the unit) is drawn from self.rng when an Axis turn begins.

Each list is read as successive filters: a rule keeps only the options it prefers (a
rule that would keep none is skipped) and the first rule that leaves one option decides.
"""

from bisect import insort

from ..engine import Field
from . import data
from .data import STEAMROLL, STRATAGEMS, UNITS, kind_of
from .actions import Action
from .rules import ALLIES, AXIS, BlitzkriegState
from .words import unit_words

PROPAGANDA = "P"
RESEARCH = ("R", "R2", "RI")
PRODUCTION = ("IP", "IP2")


def effect_kind(effect: str) -> str:
    """ "P2" -> "P", "TA+1" -> "TA", "SA+3" -> "SA", others unchanged."""
    return effect[:2] if effect[:2] in ("TA", "SA") else PROPAGANDA if effect.startswith("P") else effect


def narrow(options: list, rules: list, only: str):
    """The option the first decisive rule leaves, and that rule's words.

    `rules` are (words, keep) pairs; keep(options) returns the options the rule prefers."""
    if len(options) == 1:
        return options[0], only
    for words, keep in rules:
        kept = keep(options)
        if kept:
            options = kept
        if len(options) == 1:
            return options[0], words
    raise AssertionError("the last rule of a priority list must always decide")


def best(options: list, key) -> list:
    """The options with the lowest key."""
    low = min(map(key, options))
    return [option for option in options if key(option) == low]


class Move:
    """One placement the bot could make: the token at `position` of its row on `sid`."""

    __slots__ = ("position", "kind", "acting", "sid", "push", "wins_theater", "wins_campaign", "closes")

    def __init__(self, state, position, sid):
        self.position, self.sid = position, sid
        self.kind = kind_of(state.reserves[AXIS][position])
        self.acting = state.acting_kind(AXIS, self.kind)
        space = state.index.spaces[sid]
        theater, effect = space["theater"], space["effect"]
        self.push = state.push_of(AXIS, self.kind, sid)
        if effect.startswith("TA+") and "task_force" not in UNITS[self.acting]["abilities"]:
            self.push += int(effect[3:])
        after = state.markers[theater] + self.push
        self.closes = all(s == sid or s in state.spaces for s in state.index.campaigns[space["campaign"]]["spaces"])
        self.wins_theater = after >= state.index.length(theater)
        self.wins_campaign = self.wins_theater or (self.closes and after > 0)


def change_rank(before: int, after: int) -> tuple:
    """How good moving a marker from `before` to `after` is for the bot ("greatest change")."""
    if before < 0 < after:
        return (1, 0, -(after - before))
    if before == 0 < after:
        return (2, 0, -after)
    if before < 0 == after:
        return (3, before, 0)
    if 0 < before < after:
        return (4, -before, -(after - before))
    if before < after < 0:
        return (5, before, -(after - before))
    return (6, 0, -(after - before))


class SoloState(BlitzkriegState):
    """A game against the solo module: the Allies play, the Axis is automatic."""

    fields = BlitzkriegState.fields + (Field("solo"),)

    # -- setup -------------------------------------------------------------
    def setup(self):
        super().setup()
        self.solo = {"cup": sorted(code for code in STRATAGEMS if code != STEAMROLL), "drawn": None,
                     "stratagem": None, "die": None, "rolls": [], "last": None}
        row = self.reserves[AXIS]
        self._draw(AXIS, data.SOLO_ROW - len(row))
        self.rng.shuffle(row)  # the bot's row of five, face up, in random order
        rolls, amount = data.SOLO_DIFFICULTY[self.options["difficulty"]]["rolls"]
        choices = 0
        for _ in range(rolls):
            roll = self.rng.roll()
            self.solo["rolls"].append(roll)
            if roll == 6:
                choices += 1
            else:
                self.markers[data.SOLO_DIE_THEATERS[roll - 1]] += amount
        if choices:
            self.turn = ALLIES
            self.decision = {"kind": "setup", "left": choices, "amount": amount}
        else:
            self._begin_bot_turn()

    def reserve_public(self, seat: str) -> bool:
        return seat == AXIS  # the bot plays with its row face up

    # -- the engine hooks ------------------------------------------------------------------
    def _gain(self, seat: str, token: str):
        if seat == AXIS:
            self.reserves[AXIS].append(token)  # new tokens go to the end of the bot's row
        else:
            super()._gain(seat, token)

    def strength(self, sid: str, seat: str) -> int:
        if seat == AXIS and self.kind_at(sid) == "SCI":
            return data.SOLO_SCIENTIST_STRENGTH
        return super().strength(sid, seat)

    def _bomb(self, victim: str):
        """The human bombs the bot: they choose which unit of its row goes back to its bag."""
        if victim != AXIS:
            super()._bomb(victim)
            return
        positions = self.bomb_choices()
        if len(positions) == 1:
            self.events.append(("bomb", AXIS, self._return_to_bag(positions[0])))
        elif positions:
            self.decision = {"kind": "bomb"}
        else:
            self.events.append(("bomb", AXIS, None))

    def bomb_choices(self) -> list:
        """Row positions (1 = leftmost) the human may bomb: regular units, or specials if only those remain.

        The human picks the copy ("your choice"): the row's order drives the bot's die and Rapid
        Deployment. Of identical units side by side only the first is offered: either leaves the same row."""
        row = [kind_of(token) for token in self.reserves[AXIS]]
        regular = [p for p, kind in enumerate(row) if not UNITS[kind]["special"]]
        return [p + 1 for p in regular or range(len(row)) if not (p and row[p - 1] == row[p])]

    def _return_to_bag(self, position: int):
        """The unit at `position` of the bot's row goes back to its bag; returns its kind."""
        token = self.reserves[AXIS].pop(position - 1)
        insort(self.bags[AXIS], token)
        return kind_of(token)

    def _end_turn(self):
        super()._end_turn()
        if not self.result and self.turn == AXIS:
            self._begin_bot_turn()

    def _begin_bot_turn(self):
        """Step A: draw a stratagem; the drawn one stays out until the next draw (see the rules page)."""
        solo = self.solo
        cup = solo["cup"]
        drawn = cup.pop(self.rng.below(len(cup)))
        cup.append(solo["drawn"] or STEAMROLL)  # Steamroll joins the cup after the first draw
        cup.sort()
        solo["drawn"] = drawn
        if drawn != STEAMROLL:
            solo["stratagem"] = drawn  # Steamroll: the previous stratagem again
        solo["die"] = self.rng.roll()
        self.events.append(("stratagem",))

    # -- actions -----------------------------------------------------------------------------
    def legal_actions(self) -> list:
        if self.result:
            return []
        kind = self.decision["kind"] if self.decision else None
        if kind == "setup":
            return [f"setup:{code}" for code in self.index.theaters]
        if kind == "bomb":
            return [f"bomb:{p}" for p in self.bomb_choices()]
        if self.turn == AXIS:
            return [self.bot_choice()[0]]
        return super().legal_actions()

    def _do_setup(self, action: Action, decision):
        self.markers[action.theater] += decision["amount"]
        decision["left"] -= 1
        if decision["left"]:
            self.decision = decision  # more set-up rolls to place
        else:
            self.turn = AXIS
            self._begin_bot_turn()

    def _do_bomb(self, action: Action, decision):
        self._return_to_bag(action.position)
        self._run()

    def _act(self, action: Action):
        if self.turn == AXIS and action.verb not in ("setup", "bomb"):
            chosen, reason, position = self.bot_choice()
            self.solo["last"] = {"action": chosen, "reason": reason}
            if position is not None:  # the base engine takes the first token of a kind: make it this one
                row = self.reserves[AXIS]
                row.insert(0, row.pop(position))
        super()._act(action)

    def why_illegal(self, action: str) -> str:
        kind = self.decision["kind"] if self.decision else None
        if kind == "setup":
            return "First choose the theater for the difficulty roll of 6 (setup:THEATER)"
        if kind == "bomb":
            return ("Choose a unit of the Axis row to bomb back into its bag by its place from the left "
                    "(bomb:1 is the leftmost): a regular unit, unless the row holds only special weapons")
        if Action.parse(action).verb in ("setup", "bomb"):
            return f"There is no solo set-up or bombing choice to make now"
        if self.turn == AXIS:
            return f"In solo mode the Axis move is set by the solo module: {self.bot_choice()[0]}"
        return super().why_illegal(action)

    # -- the bot's choices ------------------------------------------------------------
    def bot_options(self, theater=None) -> list:
        """Every placement of a row token on an empty space of an active campaign (scientist = airforce)."""
        options = []
        for code in self.index.theaters if theater is None else (theater,):
            cid = self.active_campaign(code)
            if cid is None:
                continue
            for position, token in enumerate(self.reserves[AXIS]):
                acting = self.acting_kind(AXIS, kind_of(token))
                if acting is None:
                    continue
                unit_type = UNITS[acting]["type"] or "air"
                for sid in self.index.campaigns[cid]["spaces"]:
                    if sid not in self.spaces and self.index.spaces[sid]["type"] in data.FITS[unit_type]:
                        options.append(Move(self, position, sid))
        return options

    def bot_choice(self):
        """(action, why in words, row position or None) for the Axis step now."""
        stratagem = STRATAGEMS[self.solo["stratagem"]]["name"]
        kind = self.decision["kind"] if self.decision else "place"
        if kind == "sa":
            code, words = self.sa_choice(self.decision)
            return f"sa:{code}", f"{stratagem}: strategic advantage goes {words}.", None
        if kind == "fx":
            return f"fx:{self.fx_choices()[0]}", "the closed theater's effects are carried out in board order.", None
        theater = self.decision["theater"] if kind == "blitz" else None
        options = self.bot_options(theater)
        if not options:
            return "pass", "no unit of its row fits in that theater, so the blitz ends.", None
        if theater is None:
            theater, theater_words = self.theater_choice(options)
        else:
            theater_words = "the blitz repeats in the same theater"
        options = [o for o in options if self.index.spaces[o.sid]["theater"] == theater]
        sid, space_words = self.space_choice(options)
        option, unit_words_ = self.unit_choice([o for o in options if o.sid == sid])
        name = self.index.theaters[theater]["name"]
        why = (f"{stratagem}: {name} as {theater_words}; space {sid[len(theater):]} as {space_words}; "
               f"{unit_words(option.kind)} as {unit_words_}.")
        return f"{option.kind}@{sid}", why, option.position

    def theater_choice(self, options):
        solo, markers = self.solo["stratagem"], self.markers
        theaters = list(dict.fromkeys(self.index.spaces[o.sid]["theater"] for o in options))

        def having(test):
            return lambda codes: [c for c in codes if any(test(o) for o in options
                                                          if self.index.spaces[o.sid]["theater"] == c)]

        def effect_in(kinds):
            return having(lambda o: effect_kind(self.index.spaces[o.sid]["effect"]) in kinds)

        def campaign_vp(code):
            return self.index.campaigns[self.active_campaign(code)]["vp"]

        def empty(code):
            return sum(s not in self.spaces for s in self.index.campaigns[self.active_campaign(code)]["spaces"])

        stratagem_rules = {
            "counterattack": [("a theater where the Allies lead", lambda cs: [c for c in cs if markers[c] < 0])],
            "economic_warfare": [("a theater with production or bombing open", effect_in(PRODUCTION + ("B",)))],
            "for_the_glory": [("its campaign is worth the most VP", lambda cs: best(cs, lambda c: -campaign_vp(c))),
                              ("a theater with propaganda open", effect_in((PROPAGANDA,)))],
            "research_development": [("a theater with research open", effect_in(RESEARCH))],
            "secure": [("a theater where the Axis leads", lambda cs: [c for c in cs if markers[c] > 0])],
        }
        rules = ([("it can close and win the theater", having(lambda o: o.wins_theater)),
                  ("it can close and win a campaign", having(lambda o: o.wins_campaign))]
                 + stratagem_rules.get(solo, [])
                 + [("its open campaign has the most empty spaces", lambda cs: best(cs, lambda c: -empty(c))),
                    ("its open campaign is worth the most VP", lambda cs: best(cs, lambda c: -campaign_vp(c))),
                    ("it comes first in board order", lambda cs: cs[:1])])
        return narrow(theaters, rules, "the only theater it can play in")

    def space_choice(self, options):
        sids = list(dict.fromkeys(o.sid for o in options))
        row_size = len(self.reserves[AXIS])
        lead = self.vp[ALLIES] - self.vp[AXIS]

        def with_effect(kinds, when=True):
            return lambda ss: [s for s in ss if effect_kind(self.index.spaces[s]["effect"]) in kinds] if when else []

        stratagem_rules = {
            "economic_warfare": [("Economic Warfare wants production (4 units or fewer) or else bombing",
                                  with_effect(PRODUCTION if row_size <= 4 else ("B",)))],
            "for_the_glory": [("For the Glory wants propaganda", with_effect((PROPAGANDA,)))],
        }
        rules = ([("it closes and wins a theater or campaign",
                   lambda ss: [s for s in ss if any(o.wins_campaign for o in options if o.sid == s)])]
                 + stratagem_rules.get(self.solo["stratagem"], [])
                 + [("propaganda comes first at 20 VP or more", with_effect((PROPAGANDA,), self.vp[AXIS] >= 20)),
                    ("strategic advantage comes first on its list", with_effect(("SA",))),
                    ("propaganda comes first when the Allies lead by 3 VP or more",
                     with_effect((PROPAGANDA,), lead >= 3)),
                    ("production comes first with 4 units or fewer", with_effect(PRODUCTION, row_size <= 4)),
                    ("research comes next on its list", with_effect(RESEARCH)),
                    ("bombing comes next on its list", with_effect(("B",))),
                    ("tactical advantage comes next on its list", with_effect(("TA",))),
                    ("production comes next on its list", with_effect(PRODUCTION)),
                    ("propaganda comes next on its list", with_effect((PROPAGANDA,))),
                    ("it is the leftmost", lambda ss: ss[:1])])
        # Effects are exclusive, so filtering by each entry in turn keeps the first entry that applies.
        return narrow(sids, rules, "the only space it can use")

    def sa_choice(self, decision):
        """The theater where strategic advantage makes the greatest change (then board order)."""
        def rank(code):
            before = self.markers[code]
            return change_rank(before, min(before + decision["amount"], self.index.length(code) - 1))
        code = best(self.sa_targets(AXIS, decision["from"]), rank)[0]
        return code, f"where it changes the most ({self.index.theaters[code]['name']})"

    def unit_choice(self, options):
        solo, die = self.solo["stratagem"], self.solo["die"]
        space = self.index.spaces[options[0].sid]
        theater_marker = self.markers[space["theater"]]

        def greatest_change(os):
            return best(os, lambda o: change_rank(theater_marker, theater_marker + o.push))

        stratagem_rules = {
            "big_guns": [("Big Guns prefers special weapons", lambda os: [o for o in os if UNITS[o.kind]["special"]]),
                         ("Big Guns wants the greatest change", greatest_change)],
            "counterattack": [("Counterattack wants the greatest change", greatest_change)],
            "rapid_deployment": [("Rapid Deployment takes the leftmost unit", lambda os: os[:1])],
            "research_development": [("Research & Development plays a special weapon off research spaces",
                                      lambda os: [o for o in os if UNITS[o.kind]["special"]]
                                      if space["effect"] not in RESEARCH else [])],
        }
        rules = ([("it wins the theater", lambda os: [o for o in os if o.wins_theater]),
                  ("it wins the campaign", lambda os: [o for o in os if o.wins_campaign])]
                 + stratagem_rules.get(solo, [])
                 + [("a blank space needs a unit that moves the marker",
                     lambda os: [o for o in os if o.push > 0] if not space["effect"] else []),
                    ("the last space of a campaign takes no blitz unit",
                     lambda os: [o for o in os if "blitz" not in UNITS[o.acting]["abilities"]] if options[0].closes else []),
                    ("at 20 VP or more it plays its strongest unit",
                     lambda os: best(os, lambda o: -o.push) if self.vp[AXIS] >= 20 else []),
                    (f"the die rolled {die}", lambda os: [os[(die - 1) % len(os)]])])
        return narrow(options, rules, "the only unit that fits")
