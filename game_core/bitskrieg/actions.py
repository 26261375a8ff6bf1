"""Bitskrieg's actions, typed: the notation read once into an `Action` that the rules, the words, the
board, the tray and the bots share; str(action) gives the canonical notation back.

Notation (canonical, lower case except tank-class letters L M H D):
  set-up:  roll | roll building|woods|water | pick L | axis ns|ew | home n|e|s|w
           deploy L a1 n | flag c3
  play:    move b1 c3 n | bound b1 c3 n | back b1 b2 n | fire b1 e5 | ram b1 c3 d3
           flip | hold | rebuild L a1 n | reserve L a1 n
"""

import re
from functools import lru_cache
from typing import NamedTuple

SQ = r"([a-h][1-8])"
PATTERNS = {
    "roll": re.compile(r"roll(?: (building|woods|water))?"),
    "pick": re.compile(r"pick ([lmhd])"),
    "axis": re.compile(r"axis (ns|ew)"),
    "home": re.compile(r"home ([nesw])"),
    "place": re.compile(rf"(deploy|rebuild|reserve) ([lmhd]) {SQ} ([nesw])"),
    "flag": re.compile(rf"flag {SQ}"),
    "move": re.compile(rf"(move|bound|back) {SQ} {SQ} ([nesw])"),
    "fire": re.compile(rf"fire {SQ} {SQ}"),
    "ram": re.compile(rf"ram {SQ} {SQ} {SQ}"),
    "flip": re.compile(r"flip"),
    "hold": re.compile(r"hold"),
}
PLACES = ("deploy", "rebuild", "reserve")
MOVES = ("move", "bound", "back")
TANK_STEPS = MOVES + ("fire", "ram")  # the steps of a tank on the board


class Action(NamedTuple):
    """One action. `kind` names its rule (`_do_<kind>`): place (deploy, rebuild, reserve) and move (move,
    bound, back) group verbs; squares are names ("c3")."""
    kind: str
    verb: str
    choice: str = ""  # roll's terrain ("" for a plain obstacle), the axis ("ns", "ew"), the home edge
    letter: str = ""  # the tank class letter picked or placed
    start: str = ""  # the square of the tank that moves, fires or rams
    end: str = ""  # where a tank ends (a move's, a ram's, a placement's) or the flag's square
    facing: str = ""  # the facing a tank ends with
    target: str = ""  # the square fired at or rammed

    @classmethod
    def parse(cls, text):
        """The action `text` names (any case); None when it is not Bitskrieg notation."""
        return read(text)

    @classmethod
    def made(cls, kind, g):
        if kind in ("roll", "axis", "home"):
            return cls(kind, kind, choice=g[0] or "")
        if kind == "pick":
            return cls(kind, kind, letter=g[0].upper())
        if kind == "place":
            return cls(kind, g[0], letter=g[1].upper(), end=g[2], facing=g[3])
        if kind == "flag":
            return cls(kind, kind, end=g[0])
        if kind == "move":
            return cls(kind, g[0], start=g[1], end=g[2], facing=g[3])
        if kind == "fire":
            return cls(kind, kind, start=g[0], target=g[1])
        if kind == "ram":
            return cls(kind, kind, start=g[0], end=g[1], target=g[2])
        return cls(kind, kind)

    @property
    def place(self):
        """A placement's choice of tank ("deploy M"), the tray's and the board's origin of its squares."""
        return f"{self.verb} {self.letter}"

    def __str__(self):
        parts = {"roll": (self.choice,), "axis": (self.choice,), "home": (self.choice,), "pick": (self.letter,),
                 "place": (self.letter, self.end, self.facing), "flag": (self.end,),
                 "move": (self.start, self.end, self.facing), "fire": (self.start, self.target),
                 "ram": (self.start, self.end, self.target)}.get(self.kind, ())
        return " ".join([self.verb, *filter(None, parts)])


@lru_cache(maxsize=4096)
def read(text):
    """Action.parse, remembered: the board and the tray read the same legal actions again and again (an
    Action is immutable, so one copy serves every reader)."""
    text = text.lower()
    for kind, pattern in PATTERNS.items():
        match = pattern.fullmatch(text)
        if match:
            return Action.made(kind, match.groups())
    return None
