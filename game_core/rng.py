"""A tiny seeded random generator whose whole state is one integer.

Every die roll, bag draw and shuffle in every game comes from an Rng carried inside the
game state, so a game is fully described by its seed and its action list, and the state
serialises to JSON as a single number. SplitMix64 gives the same stream on every Python
(CPython here, Pyodide in the browser), unlike relying on `random`'s internals.
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

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)  # reject the biased tail
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def roll(self, sides: int = 6) -> int:
        return self.below(sides) + 1

    def choice(self, items):
        return items[self.below(len(items))]

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def random(self) -> float:
        return (self.next64() >> 11) / float(1 << 53)
