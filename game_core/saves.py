"""The page's saves, as pure functions: kept-aside copies and whether one save continues another.

A kept-aside copy (a save this page could not read, or another tab's game it would otherwise have
overwritten) lives under a key of its own, `<prefix>:kept:<date and time>`, and is never overwritten.
"""

from __future__ import annotations

from .engine import SaveError
from .limits import parse_json


def kept_prefix(prefix: str) -> str:
    return f"{prefix}:kept:"


def kept_key(prefix: str, when: str, taken) -> str:
    """A new key for a copy kept aside at `when`, never one of the keys already `taken`."""
    return numbered(kept_prefix(prefix) + when, taken)


def numbered(base: str, taken) -> str:
    """`base`, or `base (2)`, `base (3)`...: the first that is not one of the keys already `taken`."""
    key, number = base, 1
    while key in taken:
        number += 1
        key = f"{base} ({number})"
    return key


def _stored(text):
    """(the stored session's data, its game record), or None when the text is unreadable."""
    try:
        data = parse_json(text, "the save")
    except SaveError:
        return None
    record = data.get("record") if isinstance(data, dict) else None
    return (data, record) if isinstance(record, dict) and isinstance(record.get("actions"), list) else None


def session_record(text):
    """The game record inside a stored session, or None when the text is unreadable."""
    stored = _stored(text)
    return None if stored is None else stored[1]


def summary(text):
    """What Saves tells of a stored session without replaying it, or None when it is unreadable:
    {"moves", "finished"}."""
    stored = _stored(text)
    if stored is None:
        return None
    data, record = stored
    return {"moves": len(record["actions"]), "finished": data.get("finished") is True}


def continues(text, base) -> bool:
    """Is save `text` the game of save `base` with zero or more moves added (overwriting base loses nothing)?"""
    new, old = session_record(text), session_record(base)
    if new is None or old is None:
        return False
    same_game = all(new.get(key) == old.get(key) for key in ("game", "seed", "options"))
    return same_game and new["actions"][:len(old["actions"])] == old["actions"]


def moves(text):
    """How many moves a stored session holds, or None when it is unreadable."""
    record = session_record(text)
    return None if record is None else len(record["actions"])


def describe(text) -> str:
    count = moves(text)
    if count is None:
        return "a save this page cannot read"
    return f"{count} move{'' if count == 1 else 's'}"
