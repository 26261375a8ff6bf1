"""Fall Blau's actions, typed: the notation read once into an `Action` that the rules, the words, the
board, the tray and the advisor share; str(action) gives the canonical notation back.

Notation (lower case; G a general, C a campaign card, E an event card, S a slot 1-3):
  general G | advance G C [C S] | attack G S [E] | consolidate G | rally G | play E [G|S]
  reorg G|- G|- G|- | end | discard E | exhaust G | deploy S | reinforce S
"""

from typing import NamedTuple

SLOT_NAMES = ("1", "2", "3")


class Action(NamedTuple):
    """One action; its rule is `_do_<verb>`. A field the verb does not name is empty ("", 0 or ())."""
    verb: str
    general: str = ""  # the general chosen, ordered, rallied, exhausted, or an event card's target general
    card: str = ""  # the campaign card an advance deploys in the general's slot
    second: str = ""  # a double advance's second campaign card
    slot: int = 0  # the slot attacked, deployed to or reinforced; a double advance's second slot; a card's target
    event: str = ""  # the event card played, discarded or adding its dice to an attack
    order: tuple = ()  # a reorganization's generals left to right ("-": an empty slot)

    @classmethod
    def parse(cls, text):
        """The action a canonical (checked) notation names."""
        verb, *args = text.split()
        if verb == "advance":
            return cls(verb, general=args[0], card=args[1], second=args[2] if len(args) > 2 else "",
                       slot=int(args[3]) if len(args) > 2 else 0)
        if verb == "attack":
            return cls(verb, general=args[0], slot=int(args[1]), event=args[2] if len(args) > 2 else "")
        if verb == "play":
            target = args[1] if len(args) > 1 else ""
            return cls(verb, event=args[0], general="" if target in SLOT_NAMES else target,
                       slot=int(target) if target in SLOT_NAMES else 0)
        if verb == "discard":
            return cls(verb, event=args[0])
        if verb in ("deploy", "reinforce"):
            return cls(verb, slot=int(args[0]))
        if verb == "reorg":
            return cls(verb, order=tuple(args))
        return cls(verb, general=args[0] if args else "")

    @property
    def target(self):
        """An event card's target as written: a general or a slot ("" when played alone)."""
        return self.general or (str(self.slot) if self.slot else "")

    def __str__(self):
        if self.verb == "advance":
            parts = [self.general, self.card] + ([self.second, str(self.slot)] if self.second else [])
        elif self.verb == "attack":
            parts = [self.general, str(self.slot), self.event]
        elif self.verb == "play":
            parts = [self.event, self.target]
        elif self.verb in ("deploy", "reinforce"):
            parts = [str(self.slot)]
        elif self.verb == "reorg":
            parts = list(self.order)
        else:
            parts = [self.general, self.event]
        return " ".join([self.verb, *filter(None, parts)])
