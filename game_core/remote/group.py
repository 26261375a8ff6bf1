"""The prime-order group of remote play: ristretto255 (RFC 9496) over the Ed25519 curve, in pure Python.

An element travels as 32 bytes; decoding refuses anything that is not the canonical encoding of a group
element, so every element that reaches arithmetic is in the group. On it: Schnorr signatures (each side's
messages), and the Chaum-Pedersen proof that a card's lock was taken off honestly (the shared deck).
Scalars are below L, the group's order; proofs' challenges are 128 bits. Nonces are derived from the secret
and the message (no randomness needed, and a signature of the same message is the same).
"""

from __future__ import annotations

import hashlib

p = 2**255 - 19
L = 2**252 + 27742317777372353535851937790883648493  # the group's order
D = -121665 * pow(121666, -1, p) % p
SQRT_M1 = pow(2, (p - 1) // 4, p)
CHALLENGE_BYTES = 16


def _negative(x: int) -> bool:
    return x % p % 2 == 1


def _abs(x: int) -> int:
    x %= p
    return p - x if x % 2 else x


def _sqrt_ratio(u: int, v: int) -> tuple:
    """(u/v is a square, the non-negative root of u/v or of SQRT_M1*u/v)."""
    r = u * pow(v, 3, p) * pow(u * pow(v, 7, p), (p - 5) // 8, p) % p
    check = v * r * r % p
    correct, flipped, flipped_i = check == u % p, check == -u % p, check == -u * SQRT_M1 % p
    if flipped or flipped_i:
        r = r * SQRT_M1 % p
    return correct or flipped, _abs(r)


INVSQRT_A_MINUS_D = _sqrt_ratio(1, (-1 - D) % p)[1]


class Element:
    """A group element (extended Edwards coordinates X, Y, Z, T with x = X/Z, y = Y/Z, xy = T/Z)."""

    __slots__ = ("X", "Y", "Z", "T")

    def __init__(self, X, Y, Z, T):
        self.X, self.Y, self.Z, self.T = X, Y, Z, T

    def __add__(self, other: "Element") -> "Element":
        a = (self.Y - self.X) * (other.Y - other.X) % p
        b = (self.Y + self.X) * (other.Y + other.X) % p
        c = 2 * D * self.T * other.T % p
        d = 2 * self.Z * other.Z % p
        e, f, g, h = b - a, d - c, d + c, b + a
        return Element(e * f % p, g * h % p, f * g % p, e * h % p)

    def __neg__(self) -> "Element":
        return Element(-self.X % p, self.Y, self.Z, -self.T % p)

    def __sub__(self, other: "Element") -> "Element":
        return self + -other

    def double(self) -> "Element":
        a, b, c = self.X * self.X % p, self.Y * self.Y % p, 2 * self.Z * self.Z % p
        e = ((self.X + self.Y) ** 2 - a - b) % p
        g = b - a
        f, h = g - c, -a - b
        return Element(e * f % p, g * h % p, f * g % p, e * h % p)

    def __mul__(self, scalar: int) -> "Element":
        """scalar * self, four bits at a time."""
        scalar %= L
        table = [IDENTITY, self]
        for _ in range(14):
            table.append(table[-1] + self)
        result = IDENTITY
        for shift in range(252, -4, -4):
            result = result.double().double().double().double()
            digit = (scalar >> shift) & 15
            if digit:
                result = result + table[digit]
        return result

    __rmul__ = __mul__

    def __eq__(self, other) -> bool:
        if not isinstance(other, Element):
            return NotImplemented
        return (self.X * other.Y - self.Y * other.X) % p == 0 or (self.Y * other.Y - self.X * other.X) % p == 0

    def __hash__(self):
        return hash(self.encode())

    def encode(self) -> bytes:
        X, Y, Z, T = self.X, self.Y, self.Z, self.T
        u1, u2 = (Z + Y) * (Z - Y) % p, X * Y % p
        invsqrt = _sqrt_ratio(1, u1 * u2 * u2)[1]
        den1, den2 = invsqrt * u1 % p, invsqrt * u2 % p
        z_inv = den1 * den2 * T % p
        if _negative(T * z_inv):
            x, y, den_inv = Y * SQRT_M1 % p, X * SQRT_M1 % p, den1 * INVSQRT_A_MINUS_D % p
        else:
            x, y, den_inv = X, Y, den2
        if _negative(x * z_inv):
            y = -y
        return _abs(den_inv * (Z - y)).to_bytes(32, "little")


def decode(data: bytes) -> Element:
    """The element of a 32-byte encoding; ValueError for anything that is not one (RFC 9496, 4.3.1)."""
    if not isinstance(data, bytes) or len(data) != 32:
        raise ValueError("not a group element")
    s = int.from_bytes(data, "little")
    if s >= p or _negative(s):
        raise ValueError("not a group element")
    ss = s * s % p
    u1, u2 = (1 - ss) % p, (1 + ss) % p
    u2_sqr = u2 * u2 % p
    v = (-(D * u1 * u1) - u2_sqr) % p
    square, invsqrt = _sqrt_ratio(1, v * u2_sqr)
    den_x = invsqrt * u2 % p
    den_y = invsqrt * den_x * v % p
    x = _abs(2 * s * den_x)
    y = u1 * den_y % p
    t = x * y % p
    if not square or _negative(t) or y == 0:
        raise ValueError("not a group element")
    return Element(x, y, 1, t)


IDENTITY = Element(0, 1, 1, 0)
_y = 4 * pow(5, -1, p) % p
_x = _sqrt_ratio((_y * _y - 1) % p, (D * _y * _y + 1) % p)[1]
BASE = Element(_x, _y, 1, _x * _y % p)


def hash_bytes(*parts: bytes) -> bytes:
    digest = hashlib.sha512()
    for part in parts:
        digest.update(len(part).to_bytes(4, "big") + part)
    return digest.digest()


def scalar(*parts: bytes) -> int:
    """A scalar from the hash of `parts` (nonzero, bias below 2**-250)."""
    return int.from_bytes(hash_bytes(*parts), "little") % (L - 1) + 1


def challenge(*parts: bytes) -> int:
    return int.from_bytes(hash_bytes(*parts)[:CHALLENGE_BYTES], "little")


def hash_to_element(label: bytes) -> Element:
    """An element nobody knows the logarithm of (try successive hashes until one decodes)."""
    for counter in range(1000):
        candidate = bytearray(hash_bytes(b"blitzbox-element", label, b"%d" % counter)[:32])
        candidate[31] &= 0x7F
        try:
            return decode(bytes(candidate))
        except ValueError:
            continue
    raise AssertionError("unreachable: half of all hashes decode")


def scalar_bytes(value: int) -> bytes:
    return value.to_bytes(32, "little")


def read_scalar(data: bytes) -> int:
    """A scalar from 32 bytes; ValueError unless it is below L."""
    if len(data) != 32 or int.from_bytes(data, "little") >= L:
        raise ValueError("not a scalar")
    return int.from_bytes(data, "little")


def read_challenge(data: bytes) -> int:
    if len(data) != CHALLENGE_BYTES:
        raise ValueError("not a challenge")
    return int.from_bytes(data, "little")


# -- Schnorr signatures: (challenge, response), 48 bytes ----------------------------------------------
def public_key(secret: int) -> bytes:
    return (BASE * secret).encode()


def sign(secret: int, message: bytes) -> bytes:
    public = public_key(secret)
    nonce = scalar(b"sign-nonce", scalar_bytes(secret), message)
    c = challenge(b"sign", (BASE * nonce).encode(), public, message)
    return c.to_bytes(CHALLENGE_BYTES, "little") + scalar_bytes((nonce + c * secret) % L)


def verify(public: bytes, message: bytes, signature: bytes) -> bool:
    """Does `signature` sign `message` for `public`? (malformed input: False, before any arithmetic)"""
    try:
        key = decode(public)
        c, s = read_challenge(signature[:CHALLENGE_BYTES]), read_scalar(signature[CHALLENGE_BYTES:])
    except ValueError:
        return False
    return challenge(b"sign", (BASE * s - key * c).encode(), public, message) == c


# -- a lock on a card: value = key * stripped; the proof that it was taken off with the committed key ----
def strip(value: Element, key: int, context: bytes) -> bytes:
    """The card `value` with the lock `key` taken off, and the proof: stripped (32) + challenge + response."""
    stripped = value * pow(key, -1, L)
    nonce = scalar(b"strip-nonce", scalar_bytes(key), value.encode(), context)
    c = challenge(b"strip", context, stripped.encode(), value.encode(), public_key(key),
                  (stripped * nonce).encode(), (BASE * nonce).encode())
    return stripped.encode() + c.to_bytes(CHALLENGE_BYTES, "little") + scalar_bytes((nonce + c * key) % L)


def stripped(value: Element, public: bytes, proof: bytes, context: bytes) -> Element:
    """The strip in `proof` of `value`, if the proof holds for the lock whose public half is `public`;
    ValueError if not (a malformed proof is refused before any arithmetic)."""
    if not isinstance(proof, bytes) or len(proof) != 32 + CHALLENGE_BYTES + 32:
        raise ValueError("not a proof")
    result = decode(proof[:32])
    c, z = read_challenge(proof[32:32 + CHALLENGE_BYTES]), read_scalar(proof[32 + CHALLENGE_BYTES:])
    key = decode(public)
    first, second = result * z - value * c, BASE * z - key * c
    if challenge(b"strip", context, proof[:32], value.encode(), public, first.encode(), second.encode()) != c:
        raise ValueError("the proof does not hold")
    return result
