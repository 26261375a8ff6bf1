"""Share codes: a game record (seed, options, actions) packed into a short URL-safe string.

Format: "bb1." + base64url(zlib(JSON record)). The version prefix lets later formats be read
alongside; zlib's checksum catches damaged codes, and replaying the moves catches altered ones.
"""

import base64
import json
import zlib

from .engine import MAX_SAVE_CHARS
from .jsontext import SaveError, check_json

PREFIX = "bb1."
MAX_CODE_CHARS = 200_000


def encode(record: dict) -> str:
    packed = zlib.compress(json.dumps(record, sort_keys=True, separators=(",", ":")).encode(), 9)
    return PREFIX + base64.urlsafe_b64encode(packed).decode().rstrip("=")


def decode(code: str) -> dict:
    """The record inside a share code; SaveError saying what is wrong with it otherwise."""
    if not isinstance(code, str):
        raise SaveError("a share code is text")
    code = code.strip()
    if len(code) > MAX_CODE_CHARS:
        raise SaveError("the share code is far too long to be a Blitzbox game")
    if not code.startswith("bb") or "." not in code:
        raise SaveError("this is not a Blitzbox share code")
    if not code.startswith(PREFIX):
        raise SaveError("the share code is from a newer Blitzbox: reload the page to update")
    body = code[len(PREFIX):]
    damaged = SaveError("the share code is damaged (it was cut short or altered)")
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        inflater = zlib.decompressobj()
        text = inflater.decompress(packed, MAX_SAVE_CHARS)  # capped: a tiny code must not inflate to gigabytes
    except (ValueError, zlib.error):  # binascii.Error is a ValueError, as is a non-ASCII character
        raise damaged from None
    if inflater.unconsumed_tail:
        raise SaveError("the share code holds far more than a Blitzbox game")
    if not inflater.eof:
        raise damaged
    try:
        record = json.loads(check_json(text.decode(), "the share code", MAX_SAVE_CHARS))
    except UnicodeDecodeError:
        raise damaged from None
    except ValueError as err:
        raise err if isinstance(err, SaveError) else damaged from None
    if not isinstance(record, dict):
        raise SaveError("the share code does not hold a game record")
    return record


def load(game, code: str):
    """Rebuild a game state from a share code (replaying and checking every move)."""
    return game.from_record(decode(code))
