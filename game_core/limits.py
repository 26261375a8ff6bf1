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
SETTINGS_KEY = "blitzbox:settings"  # one for every game page

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
    return read_settings(text)[0]


def read_settings(text) -> tuple:
    """(the stored settings checked key by key, what was damaged in words or ""): a damaged value gets its
    default and is named; a missing one gets its default silently (a setting never chosen); a key this
    version does not know is left alone (a newer page's setting)."""
    try:
        stored = parse_json(text, "the settings", MAX_SETTINGS_CHARS) if text else {}
    except SaveError as err:
        return {key: allowed[0] for key, allowed in SETTINGS.items()}, str(err)
    if not isinstance(stored, dict):
        return {key: allowed[0] for key, allowed in SETTINGS.items()}, "the settings are not a set of choices"
    values = {key: stored[key] if isinstance(stored.get(key), str) and stored[key] in allowed else allowed[0]
              for key, allowed in SETTINGS.items()}
    damaged = [key for key in SETTINGS if key in stored and values[key] != stored[key]]
    return values, "".join(f"the {key} setting {stored[key]!r} is not one of {', '.join(SETTINGS[key])}; "
                           for key in damaged).removesuffix("; ")
