"""Safe JSON parsing for every text from outside the engine (saves, share codes, stored values).

Each text is checked for size and nesting depth before it reaches json.loads: in Pyodide a deeply nested
array (a 167-character share code inflates to 50,000 `[`) overflows the WebAssembly stack and kills the
interpreter instead of raising RecursionError. The checks run on C-speed regular expressions only.
This module imports nothing of the engine, so the engine, the records and the page can all use it.
"""

from __future__ import annotations

import json
import re

MAX_DEPTH = 32  # a real save nests 5 levels deep
MAX_SESSION_CHARS = 500_000  # a stored or imported session; a 5,000-move game takes about a tenth of it


class SaveError(ValueError):
    """A save, record or share code that cannot be loaded; the message says why."""


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
