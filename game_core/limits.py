"""Limits on every text that comes from outside the page (share links, imports, files, stored values).

The size and depth checks themselves are in game_core.jsontext (the engine uses them too); this module
adds the page's own limits and its share-address and settings parsing.
"""

from __future__ import annotations

from urllib.parse import unquote

from .jsontext import MAX_DEPTH, MAX_SESSION_CHARS, SaveError, check_json, parse_json  # noqa: F401 (the page's API)

MAX_FILE_BYTES = 2 * MAX_SESSION_CHARS  # a chosen file is refused before it is read
MAX_SETTINGS_CHARS = 1_000
MAX_HISTORY_CHARS = 1_000_000  # the statistics: about 4,000 finished games
SETTINGS = {"theme": ("system", "light", "dark"), "speed": ("normal", "slow", "fast", "instant")}  # default first

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
