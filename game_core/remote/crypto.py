"""Chance and secrets of remote play (docs/remote.md): each side's hash chain and private seed, the
outcome of a draw from both sides' chain elements, the commitments of secret moves, and the shared deck's
locks in the ristretto255 group (group.py)."""

from __future__ import annotations

from . import group
from .codec import b64, sha


def outcome(gid: str, position: int, n: int, elements: tuple, private: bytes = b"") -> int:
    """The outcome in [0, n) of draw `position`: both seats' chain elements for its step, in seat order,
    and the private contribution of the one seat that may see it (b"" for everyone). Bias < n / 2**256."""
    digest = sha(f"blitzbox-chance|{gid}|{position}|{n}|".encode() + b"".join(elements) + private)
    return int.from_bytes(digest, "big") % n


# 64 short words anyone can read aloud: 6 bits each (issue 47, N7)
WORDS = ("acorn apple arrow badge baker basil bells birch blaze bloom brick brook cabin camel candy cedar chalk "
         "chess cider cliff clock cloud coral crane daisy delta dingo eagle ember fable fern flint frost "
         "grape gravel hazel heron honey igloo ivory jelly kettle koala lemon lilac llama maple melon mint "
         "moose nectar olive otter pearl pepper plum quartz raven river robin salt tiger tulip zebra").split()


def fingerprint(keys: tuple, count: int = 4) -> str:
    """A few words from both sides' public signing keys (the creator's first), for friends to compare: the
    same words on both pages mean nobody else answered the invitation or speaks for either side."""
    digest = int.from_bytes(sha(b"blitzbox-fingerprint|" + b"".join(keys)), "big")
    return " ".join(WORDS[(digest >> (6 * n)) % 64] for n in range(count))


def private_part(seed: bytes, position: int) -> bytes:
    return sha(seed + b"draw%d" % position)


def action_nonce(seed: bytes, step: int) -> bytes:
    return sha(seed + b"act%d" % step)


def action_commitment(gid: str, step: int, nonce: bytes, action: str) -> str:
    return b64(sha(f"blitzbox-action|{gid}|{step}|".encode() + nonce + action.encode()))


def private_commitment(seed: bytes) -> str:
    return b64(sha(b"private" + seed))


def chain(seed: bytes, length: int) -> list:
    """[E(0) .. E(length)], E(s) = H^(length - s)(seed): revealing E(s) proves E(s') for s' < s, not later."""
    values = [seed]
    for _ in range(length):
        values.append(sha(values[-1]))
    values.reverse()
    return values


# -- a pile no seat may see, dealt fairly ("mental poker", docs/remote.md) -----------------------------
# Each card is an element of the ristretto255 group (group.py) that nobody knows the logarithm of; a seat
# locks a card by multiplying it by its secret scalar, and locks commute, so a card locked by both is opened
# for one seat by the other taking its own lock off (its strip) and that seat taking off its own. A strip
# comes with a Chaum-Pedersen proof that it removed the very lock whose public half the seat committed to
# at the start, so a false strip is refused the moment it arrives.
def card_code(card: str) -> bytes:
    return group.hash_to_element(b"blitzbox-card|" + card.encode()).encode()


def deck_key(seed: bytes) -> int:
    """A seat's secret lock, from its private seed."""
    return group.scalar(seed, b"deck")


def lock(values, key: int) -> list:
    """Each card (an encoded element) locked again with `key`."""
    return [(group.decode(value) * key).encode() for value in values]


def shuffled(values: list, seed: bytes) -> list:
    """`values` in an order drawn from a private seed (secret until the seed is revealed at the end)."""
    values = list(values)
    for i in range(len(values) - 1, 0, -1):
        j = int.from_bytes(sha(seed + b"shuffle%d" % i), "big") % (i + 1)
        values[i], values[j] = values[j], values[i]
    return values
