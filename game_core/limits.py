"""Limits on every text that comes from outside the page (share links, imports, files, stored values).

Each text is checked for size and nesting depth before it reaches json.loads: in Pyodide a deeply nested
array (a 167-character share code inflates to 50,000 `[`) overflows the WebAssembly stack and kills the
interpreter instead of raising RecursionError. The checks run on C-speed regular expressions only.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from urllib.parse import unquote

from . import records
from .engine import SaveError

MAX_DEPTH = 32  # a real save nests 5 levels deep
MAX_SESSION_CHARS = 500_000  # a stored or imported session; a 5,000-move game takes about a tenth of it
MAX_FILE_BYTES = 2 * MAX_SESSION_CHARS  # a chosen file is refused before it is read
MAX_SETTINGS_CHARS = 1_000
MAX_HISTORY_CHARS = 1_000_000  # the statistics: about 4,000 finished games
SETTINGS = {"theme": ("system", "light", "dark"), "speed": ("normal", "slow", "fast", "instant")}  # default first

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_INNERMOST = re.compile(r"\[\]|\{\}")


def check_json(text, what: str, max_chars: int = MAX_SESSION_CHARS) -> str:
    """The text itself if it is small and shallow enough to parse safely; SaveError naming `what` otherwise."""
    if not isinstance(text, str):
        raise SaveError(f"{what} is not text")
    if len(text) > max_chars:
        raise SaveError(f"{what} is too large to be a Blitzbox game ({len(text):,} characters)")
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    for _ in range(MAX_DEPTH):
        if not brackets:
            return text
        fewer = _INNERMOST.sub("", brackets)  # one nesting level less
        if fewer == brackets:
            raise SaveError(f"{what} is not valid JSON (its brackets do not match)")
        brackets = fewer
    if brackets:
        raise SaveError(f"{what} is nested far too deeply to be a Blitzbox game")
    return text


def parse_json(text, what: str, max_chars: int = MAX_SESSION_CHARS):
    """json.loads behind check_json, with a plain message instead of the parser's."""
    try:
        return json.loads(check_json(text, what, max_chars))
    except ValueError as err:
        if isinstance(err, SaveError):
            raise
        raise SaveError(f"{what} is not valid JSON (it was cut short or altered)") from None


def decode_share_code(code) -> dict:
    """records.decode, once the record inside the code has passed check_json (records.decode parses it
    unchecked). A code that does not even inflate is left to records.decode to describe."""
    body = code.strip().removeprefix(records.PREFIX) if isinstance(code, str) else ""
    if body and len(code) <= records.MAX_CODE_CHARS:
        inflater = zlib.decompressobj()
        try:
            text = inflater.decompress(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)), MAX_SESSION_CHARS)
        except (binascii.Error, zlib.error, ValueError):
            text = b""
        if inflater.unconsumed_tail:
            raise SaveError("the share code holds far more than a Blitzbox game")
        check_json(text.decode("utf-8", "replace"), "the share code")
    return records.decode(code)


def share_code_in(fragment: str, query: str):
    """The share code of a page address (#g=code or ?g=code), percent-decoded without ever failing
    (a malformed `%` stays as it is), or None."""
    code = None
    for part in (fragment.removeprefix("#") + "&" + query.removeprefix("?")).split("&"):
        if part.startswith("g="):
            code = unquote(part[2:], errors="replace")
    return code or None


def clean_settings(text) -> dict:
    """The stored settings, checked key by key: a missing or damaged value gets its default."""
    try:
        stored = parse_json(text, "the settings", MAX_SETTINGS_CHARS) if text else {}
    except SaveError:
        stored = {}
    if not isinstance(stored, dict):
        stored = {}
    return {key: stored[key] if isinstance(stored.get(key), str) and stored[key] in allowed else allowed[0]
            for key, allowed in SETTINGS.items()}
