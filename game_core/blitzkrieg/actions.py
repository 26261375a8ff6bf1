"""Blitzkrieg!'s actions (the Nippon Expansion's and the solo module's too), typed: the notation read once
into an `Action` that the rules, the words, the board, the tray and the bots share; str(action) gives the
canonical notation back.

Notation (canonical, upper-case codes): KIND@SPACE (place a unit: A2@WE1.2) | pass | yield | sa:THEATER |
fx:SPACE | the solo module's setup:THEATER and bomb:POSITION (bomb:1 is the leftmost of the Axis row) |
Nippon's open:CITY.
"""

from typing import NamedTuple


class Action(NamedTuple):
    """One action; its rule is `_do_<verb>`: place, pass, yield, sa, fx, setup, bomb or open."""
    verb: str
    unit: str = ""  # place: the unit kind ("A2")
    space: str = ""  # place, fx: the battle space ("WE1.2")
    theater: str = ""  # sa, setup: the theater; open: the campaign ("PO", "NY")
    position: int = 0  # bomb: the place in the Axis row from the left, 1 first

    @classmethod
    def parse(cls, text):
        """The action a canonical notation names."""
        if "@" in text:
            unit, space = text.split("@")
            return cls("place", unit=unit, space=space)
        verb, _, value = text.partition(":")
        if verb == "fx":
            return cls(verb, space=value)
        if verb == "bomb":
            return cls(verb, position=int(value))
        return cls(verb, theater=value)

    def __str__(self):
        if self.verb == "place":
            return f"{self.unit}@{self.space}"
        value = self.space or self.theater or (str(self.position) if self.position else "")
        return f"{self.verb}:{value}" if value else self.verb
