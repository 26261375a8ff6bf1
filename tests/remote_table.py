"""Two simulated browsers of a remote game and the chat between them (tests/test_remote_*.py)."""

import random

from game_core.bitskrieg import rules as bitskrieg
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



def forced(side) -> int:
    """The hand-offs the rules force on a finished game: the invitation and the reply; one per turn (a run
    of one seat's moves), and two more where a move's chance kept the turn with its mover (the other side
    reveals that chance, then the mover goes on: Bitskrieg's axis roll); the creator's reveal of the set-up's chance when the
    joiner moves first; and the last final reveal, which follows the other side's reveal of the last move's
    chance when it rolled."""
    actions = [side.opened.get(k, a) for k, a in enumerate(side.state.actions, 1)]
    _, _, moves = side._truth(actions, keep=len(actions))
    movers = [before.to_play for before, _ in moves]
    turns = 1 + sum(a != b for a, b in zip(movers, movers[1:]))
    kept = sum(1 for (before, after), nxt in zip(moves, movers[1:])
               if after.rng.state > before.rng.state and nxt == before.to_play)
    joiner_first = movers[0] != side.creator
    last = moves[-1][1].rng.state > moves[-1][0].rng.state
    return 2 + turns + 2 * kept + joiner_first + 1 + last


def rush(state, actions):
    """A Bitskrieg game as short as the rules allow (tests/test_remote_handoffs.py, e2e/test_remote_handoffs.py):
    Red places its flags straight ahead of two of Blue's tanks and then only turns in place or flips, while
    Blue drives onto both flags and wins; no shot is fired, so the play itself rolls no dice. `state`: the
    mover's state (a remote side's: its own seat's view is the true game's), `actions` its legal actions."""
    seat, kind = state.turn, actions[0].split()[0]
    if kind == "pick" and seat == "blue":
        return "pick l" if "pick l" in actions else actions[0]  # Light Tanks: the fastest
    if kind == "deploy":  # facing straight into the board, off the corners: flags can be straight ahead
        inward = bitskrieg.EDGE_FACING_IN[state.home[seat]]
        return next(a for a in actions if a.endswith(" " + inward)
                    and bitskrieg.is_dice_square(bitskrieg.AHEAD[inward][bitskrieg.sq_parse(a.split()[2])]))
    if kind == "flag" and seat == "red":
        blue = sorted((sq, tank[2]) for sq, tank in state.tanks.items() if tank[0] == "blue")
        for distance in (1, 2):  # a flag one square ahead of a tank, and one two squares ahead of another
            for sq, facing in blue:
                path = [bitskrieg.AHEAD[facing][sq]]
                while len(path) < distance and path[-1] is not None:
                    path.append(bitskrieg.AHEAD[facing][path[-1]])
                if None in path or any(p in state.obstacles or p in state.tanks for p in path) \
                        or state.tank_stat(sq, "speed") < distance:
                    continue
                if f"flag {bitskrieg.sq_name(path[-1])}" in actions:
                    return f"flag {bitskrieg.sq_name(path[-1])}"
    if state.phase == "play" and seat == "blue":
        flags = {bitskrieg.sq_name(sq) for sq in state.flags["red"]}
        onto = [a for a in actions if a.startswith("move") and a.split()[2] in flags]
        return (onto or [a for a in actions if a == "flip"] or actions)[0]
    if state.phase == "play":  # Red stays home: a flip, or a turn in place
        still = [a for a in actions if a == "flip" or a.startswith("move") and a.split()[1] == a.split()[2]]
        return (still or actions)[0]
    return actions[0]
