"""Remote play's messages as text: a body (JSON) signed by its sender, compressed and written as
"bbr2." + base64url(zlib(JSON)); every field of fixed size travels as unpadded base64url and is read back
only if it has exactly its length and canonical form (see unb64, element)."""

from __future__ import annotations

import base64
import hashlib
import json
import re
import zlib

from ..jsontext import parse_json
from . import group

PREFIX = "bbr2."
FORMAT, VERSION, TRANSCRIPT = "blitzbox-remote", 2, "blitzbox-transcript"
MAX_CODE_CHARS = 20_000  # room for a WebRTC offer (`live`); a move's code is a few hundred characters
GID = re.compile(r"[0-9a-f]{32}")
B64 = re.compile(r"[A-Za-z0-9_-]*")


class Refused(ValueError):
    """A message that cannot be applied, or a move that cannot be sent; the text says why. Nothing changed."""


class Cheated(Refused):
    """A message that proves the opponent cheated (`seat`): the game cannot go on. `step`: the move that
    broke the rules, when the end's replay found it."""

    def __init__(self, seat, reason: str, step: int | None = None):
        super().__init__(reason)
        self.seat, self.step = seat, step


def sha(data: bytes) -> bytes:
    return hashlib.sha256(data).digest()


def canonical(value) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def unb64(text, size: int) -> bytes:
    """The `size` bytes a message field carries; ValueError unless it is exactly their canonical text."""
    if not isinstance(text, str) or len(text) != (size * 4 + 2) // 3 or not B64.fullmatch(text):
        raise ValueError("a field has the wrong length")
    data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    if b64(data) != text:
        raise ValueError("a field is not canonical")
    return data


def element(text) -> bytes:
    """A group element from a message (its canonical encoding); ValueError if it is not one."""
    data = unb64(text, 32)
    group.decode(data)
    return data


def signed_text(body: dict) -> bytes:
    return canonical({k: v for k, v in body.items() if k != "sig"}).encode()


def seal(body: dict, secret: int) -> str:
    """The code of a message: the body, signed in place with the sender's key."""
    body["sig"] = b64(group.sign(secret, signed_text(body)))
    packed = zlib.compress(canonical(body).encode(), 9)
    return PREFIX + base64.urlsafe_b64encode(packed).decode().rstrip("=")


def unseal(code) -> dict:
    """The message inside a code (not yet checked against a game); Refused if it is not one."""
    if not isinstance(code, str):
        raise Refused("a message is text")
    code = code.strip()
    if len(code) > MAX_CODE_CHARS:
        raise Refused("the message is far too long to be a Blitzbox move")
    if not code.startswith(PREFIX):
        raise Refused("this is not a Blitzbox remote-play message" if not code.startswith("bbr") else
                      "the message is from an older Blitzbox, whose remote games cannot go on here"
                      if code[3:4].isdigit() and int(code[3:4]) < VERSION else
                      "the message is from a newer Blitzbox: reload the page to update")
    body = code[len(PREFIX):]
    damaged = Refused("the message is damaged (it was cut short or altered)")
    # One message has exactly one code: strict base64url (no other character, no padding, no stray bits),
    # a zlib stream with nothing after it, holding the message's canonical JSON.
    if not B64.fullmatch(body) or len(body) % 4 == 1:
        raise damaged
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        inflater = zlib.decompressobj()
        text = inflater.decompress(packed, MAX_CODE_CHARS * 4)
        if inflater.unconsumed_tail or inflater.unused_data or not inflater.eof or b64(packed) != body:
            raise damaged
        data = parse_json(text.decode(), "the message")
    except (ValueError, zlib.error, UnicodeDecodeError):
        raise damaged from None
    if not isinstance(data, dict) or data.get("v") != VERSION or not GID.fullmatch(str(data.get("game"))) \
            or canonical(data).encode() != text:
        raise damaged
    return data


def digest(body: dict) -> str:
    return sha(canonical(body).encode()).hex()[:32]
