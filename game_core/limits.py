"""Limits on every text that comes from outside the page (share links, imports, files, stored values).

The size and depth checks themselves are in game_core.jsontext (the engine uses them too); this module
adds the page's own limits and its share-address and settings parsing.
"""

from __future__ import annotations

from urllib.parse import parse_qsl, unquote

from .jsontext import MAX_DEPTH, MAX_SESSION_CHARS, SaveError, check_json, parse_json  # noqa: F401 (the page's API)

MAX_FILE_BYTES = 2 * MAX_SESSION_CHARS  # a chosen file is refused before it is read
MAX_SETTINGS_CHARS = 1_000
MAX_HISTORY_CHARS = 1_000_000  # the statistics: about 4,000 finished games
SETTINGS = {"theme": ("system", "light", "dark"), "speed": ("normal", "slow", "fast", "instant")}  # default first
SETTINGS_KEY = "blitzbox:settings"  # one for every game page
MAX_SEED_DIGITS = 18  # an address's ?seed= (a 5,000-digit one took the page down)
MAX_ADDRESS_CHARS = 20_000  # an address's query is read only this far

def share_code_in(fragment: str, query: str):
    """The share code of a page address (#g=code or ?g=code), percent-decoded without ever failing
    (a malformed `%` stays as it is), or None."""
    code = None
    for part in (fragment.removeprefix("#") + "&" + query.removeprefix("?")).split("&"):
        if part.startswith("g="):
            code = unquote(part[2:], errors="replace")
    return code or None


def is_setting(key: str, value) -> bool:
    """`value` is one of the choices of the setting `key`."""
    return key in SETTINGS and value in SETTINGS[key]


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


def _shown(text: str) -> str:
    """A value from the address, quoted for a message (short, whatever it holds)."""
    return repr(text[:20] + ("…" if len(text) > 20 else ""))


def address_choices(query: str, bots, seats, saved_seat=lambda seat: seat) -> tuple:
    """An embed's choices in its address (?seed=, ?bot=, ?seat=, ?theme=), each checked:
    ({name: usable value}, [a phrase for each value that cannot be used]). Never fails."""
    values = dict(parse_qsl(query.removeprefix("?")[:MAX_ADDRESS_CHARS], keep_blank_values=True, errors="replace"))
    chosen, problems = {}, []
    seed = values.get("seed")
    if seed is not None:
        if seed.isascii() and seed.isdigit() and len(seed) <= MAX_SEED_DIGITS:  # "²" is a digit, not ASCII
            chosen["seed"] = int(seed)
        else:
            problems.append(f"the seed {_shown(seed)} is not a whole number of at most {MAX_SEED_DIGITS} digits")
    bot = values.get("bot")
    if bot is not None:
        if bot in bots:
            chosen["bot"] = bot
        else:
            problems.append(f"there is no bot {_shown(bot)} (the bots: {', '.join(bots) or 'none'})")
    seat = values.get("seat")
    if seat is not None:
        if str(saved_seat(seat)) in seats:
            chosen["seat"] = str(saved_seat(seat))
        else:
            problems.append(f"there is no seat {_shown(seat)} (the seats: {', '.join(seats)})")
    theme = values.get("theme")
    if theme is not None:
        if theme in SETTINGS["theme"]:
            chosen["theme"] = theme
        else:
            problems.append(f"there is no theme {_shown(theme)} (the themes: {', '.join(SETTINGS['theme'])})")
    return chosen, problems
