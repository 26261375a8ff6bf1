"""A tiny seeded random generator whose whole state is one integer.

Every die roll, bag draw and shuffle in every game comes from an Rng carried inside the
game state, so a game is fully described by its seed and its action list, and the state
serialises to JSON as a single number. SplitMix64 gives the same stream on every Python
(CPython here, Pyodide in the browser), unlike relying on `random`'s internals.

Chance is also an explicit step (OpenSpiel's chance nodes): a `Tape` has the same interface but takes
each outcome from a list the caller supplies (a remote game's protocol, game_core/remote/), and
raises `NeedChance` when the list runs out. A draw that only one seat may see says so with
`below(n, audience=seat)`; the seeded Rng ignores it, so local games draw exactly as before. A card dealt
from a pile that no seat may see (Blitzkrieg!'s research pile) is `deal(pile, audience, deck="research")`:
for the seeded Rng simply `below(len(pile))`, but a remote game answers it from a two-party shuffled deck.
"""

MASK64 = (1 << 64) - 1


class Rng:
    __slots__ = ("state",)

    def __init__(self, state: int):
        self.state = state & MASK64

    @classmethod
    def from_seed(cls, seed: int, salt: str = "") -> "Rng":
        # Mix the seed (and an optional salt, e.g. a game name) so nearby seeds diverge at once.
        value = seed & MASK64
        for ch in salt:
            value = (value * 1099511628211 + ord(ch)) & MASK64
        rng = cls(value)
        rng.next64()
        return rng

    def copy(self) -> "Rng":
        return Rng(self.state)

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int, audience=None) -> int:
        """A uniform integer in [0, n); `audience`: the one seat that may see the outcome (None: everyone)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)  # reject the biased tail
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def roll(self, sides: int = 6, audience=None) -> int:
        return self.below(sides, audience) + 1

    def deal(self, items, audience=None, deck: str = "") -> int:
        """The index in `items` of the card dealt from the named pile `deck` (a remote game's shared deck)."""
        return self.below(len(items), audience)

    def choice(self, items, audience=None):
        return items[self.below(len(items), audience)]

    def shuffle(self, items: list, audience=None) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1, audience)
            items[i], items[j] = items[j], items[i]

    def random(self) -> float:
        return (self.next64() >> 11) / float(1 << 53)


class NeedChance(Exception):
    """A Tape ran out: the draw at `position` needs an outcome in [0, n), seen by `audience` (None: all);
    a card dealt from a named `deck` also gives the pile it is dealt from (`items`)."""

    def __init__(self, n: int, audience, position: int, deck: str = "", items: tuple = ()):
        super().__init__(f"chance draw {position} needs an outcome below {n}"
                         + ("" if audience is None else f" seen by seat {audience!r} only")
                         + (f" (a card of the {deck} pile)" if deck else ""))
        self.n, self.audience, self.position, self.deck, self.items = n, audience, position, deck, items


class Tape(Rng):
    """Chance from a supplied list of outcomes: `outcomes[i]` is the i-th draw's value (0 <= value < n).

    `state` is how many outcomes have been used, so the engine's undo floor and to_dict() work as with a
    seeded Rng. Copies share the list, so the caller appends an outcome and applies the action again
    (State.apply works on a copy: a NeedChance leaves the old state untouched)."""

    __slots__ = ("outcomes",)

    def __init__(self, outcomes: list, state: int = 0):
        self.outcomes, self.state = outcomes, state

    def copy(self) -> "Tape":
        return Tape(self.outcomes, self.state)

    def below(self, n: int, audience=None) -> int:
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        if self.state >= len(self.outcomes):
            raise NeedChance(n, audience, self.state)
        value = self.outcomes[self.state]
        if not 0 <= value < n:
            raise ValueError(f"chance outcome {self.state} is {value}, not below {n}")
        self.state += 1
        return value

    def deal(self, items, audience=None, deck: str = "") -> int:
        if self.state >= len(self.outcomes):
            raise NeedChance(len(items), audience, self.state, deck, tuple(items))
        return self.below(len(items), audience)

    def next64(self) -> int:
        return self.below(1 << 64)

    def random(self) -> float:
        return self.below(1 << 53) / float(1 << 53)
