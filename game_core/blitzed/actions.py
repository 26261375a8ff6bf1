"""Blitzed!'s actions, typed: the notation read once into an `Action` that the rules, the words, the board,
the terminal and the bots share; str(action) gives the canonical notation back.

Every action starts with its seat: "p2 roll", "p2 keep 1,3", "p2 keep none", "p2 claim T7", "p2 unclaim",
"p2 ready", "p2 more", "p2 share", and may end in a time stamp " @<ms>" (rules.py says what it means).
"""

import re
from typing import NamedTuple

ACTION_RE = re.compile(r"^(p\d) (roll|keep|claim|unclaim|ready|more|share)(?: ([^@]+?))?(?: @(\d+))?$")


class Action(NamedTuple):
    """One action; its rule is `_do_<verb>`."""
    seat: str
    verb: str
    kept: tuple = ()  # keep: the dice (1 to 3) set aside, () to pick every die up
    card: str = ""  # claim: the task card ("T7")
    stamp: int | None = None  # the milliseconds since the phase began, when stamped

    @classmethod
    def parse(cls, text):
        """The action a canonical notation names."""
        seat, verb, arg, stamp = ACTION_RE.match(text).groups()
        kept = tuple(int(i) for i in arg.split(",")) if verb == "keep" and arg != "none" else ()
        return cls(seat, verb, kept, arg if verb == "claim" else "", None if stamp is None else int(stamp))

    @property
    def base(self):
        """The notation without its time stamp: what legality compares."""
        arg = {"keep": ",".join(map(str, self.kept)) or "none", "claim": self.card}.get(self.verb)
        return f"{self.seat} {self.verb}" + (f" {arg}" if arg else "")

    def __str__(self):
        return self.base + (f" @{self.stamp}" if self.stamp is not None else "")
