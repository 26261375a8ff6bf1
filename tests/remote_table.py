"""Two simulated browsers of a remote game and the chat between them (tests/test_remote_*.py)."""

import random

from game_core.remote import Remote, seal, unseal


class Entropy:
    """A seeded stand-in for the secrets module, so each test plays the same games every run."""

    def __init__(self, seed):
        self.rng = random.Random(seed)

    def token_bytes(self, n):
        return self.rng.randbytes(n)

    def token_hex(self, n):
        return self.token_bytes(n).hex()


def anything(rng, actions):
    return rng.choice(actions)


class Table:
    """Two browsers and the chat between them: every code goes to the side that did not send it."""

    def __init__(self, game, seed, options=None, creator_seat=None, player=anything):
        self.rng, self.player = random.Random(seed), player
        self.a, code = Remote.create(game, options, game.seats[0] if creator_seat is None else creator_seat)
        self.b, self.code = Remote.join(code)
        self.messages = [code]  # every code sent, in order

    def sides(self):
        return self.a, self.b

    def next_code(self):
        """Play moves until a side sends a code; returns (code, receiver)."""
        while self.code is None:
            mover = self.b if self.a.waiting else self.a
            self.code = mover.act(self.player(self.rng, mover.state.legal_actions()))
        code, self.code = self.code, None
        self.messages.append(code)
        return code, (self.b if self.a.outbox == code else self.a)

    def deliver(self, code, receiver):
        self.code = receiver.receive(code)

    def step(self):
        self.deliver(*self.next_code())

    def finish(self, limit=5000):
        for _ in range(limit):
            if self.a.verdict is not None and self.b.verdict is not None:
                return
            self.step()
        raise AssertionError("the game did not finish")


def forged(code, sender, **changes):
    """A code re-signed by `sender` (the side that sent it) after changing its body: what a cheating opponent
    can send."""
    body = unseal(code)
    body.update(changes)
    return seal(body, sender.sign_key)


def until(table, wanted):
    """Run the table until the next code satisfies wanted(body, receiver); returns (code, receiver)."""
    for _ in range(3000):
        code, receiver = table.next_code()
        if wanted(unseal(code), receiver):
            return code, receiver
        table.deliver(code, receiver)
    raise AssertionError("no such message came")
