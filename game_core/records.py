"""Share codes: a game packed into a short URL-safe string, and what a share link may hold.

Format: "bb1." + base64url(zlib(JSON)). The version prefix lets later formats be read
alongside; zlib's checksum catches damaged codes, and replaying the moves catches altered ones.

A code holds one of three things (`kind`):
- "record": a game record (seed, options, actions): everything, dice to come included. Shared only for a
  finished game, where nothing is left to hide; it opens as a replay.
- "watch": a spectator's record of an unfinished game: each position as a spectator sees it
  (`State.view(None)`) and each move's narration for everyone. No seed, no actions, no hidden pieces, and
  only the chance already settled: it opens as a replay (`session.Replay`) and cannot be continued.
- "session": the whole game in progress (a Session save), to move it to another device and play on.
"""

import base64
import json
import zlib

from . import games
from .engine import MAX_SAVE_CHARS, SAVE_FORMAT
from .jsontext import SaveError, check_json, parse_json
from .limits import share_code_in

PREFIX = "bb1."
MAX_CODE_CHARS = 200_000
WATCH_FORMAT = "blitzbox-watch"
WATCH_VERSION = 1
SESSION_FORMAT = "blitzbox-session"  # session.SESSION_FORMAT (a session save's data)
REMOTE_FORMAT, REMOTE_PREFIX = "blitzbox-remote", "bbr"  # a remote game's save file, a remote-play message's code


def encode(record: dict, sort_keys: bool = True) -> str:
    """The share code of `record`; a watch record keeps its key order (a board draws its views' entries
    in the order the game made them)."""
    packed = zlib.compress(json.dumps(record, sort_keys=sort_keys, separators=(",", ":")).encode(), 9)
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


def kind(data: dict) -> str:
    """What a decoded share code holds: "watch", "session" or "record" (see the module's docstring)."""
    return {WATCH_FORMAT: "watch", SESSION_FORMAT: "session"}.get(data.get("format"), "record")


def watch_record(game, record: dict, lines: list) -> dict:
    """The spectator's record of a game: its positions as a spectator sees them, each a change of the one
    before (only the parts that changed: a long game stays a short link), and each move's narration as
    everyone may read it (`lines`, one per move: the session's log for a spectator)."""
    views = []

    def keep(before, after):
        if not views:
            views.append(before.view(None))
        views.append(after.view(None))
    final = game.from_record(record, on_move=keep)
    views = views or [final.view(None)]
    steps = [views[0]] + [_change(old, new) for old, new in zip(views, views[1:])]
    return {"format": WATCH_FORMAT, "version": WATCH_VERSION, "game": game.name, "steps": steps,
            "lines": list(lines)}


def _change(old: dict, new: dict) -> dict:
    """The keys of a view (and of its "state") whose values changed; a view's keys never come or go."""
    change = {key: value for key, value in new.items() if old.get(key) != value}
    change["state"] = {key: value for key, value in new["state"].items() if old["state"].get(key) != value}
    return change


def watched_views(game_name: str, data: dict) -> tuple:
    """The spectator views and lines of a watch record, checked; SaveError saying what is wrong otherwise."""
    if data.get("version") != WATCH_VERSION:
        raise SaveError("the watch link is from a newer Blitzbox: reload the page to update")
    if data.get("game") != game_name:
        raise SaveError(f"the watch link is for {data.get('game')!r}, not {game_name!r}")
    steps, lines = data.get("steps"), data.get("lines")
    damaged = SaveError("the watch link is damaged (its positions do not fit together)")
    # (no list of lines is one shorter than an empty list of steps)
    if (not isinstance(steps, list) or not isinstance(lines, list) or len(lines) != len(steps) - 1
            or not all(isinstance(line, str) for line in lines)):
        raise damaged
    views = []
    for step in steps:
        if not isinstance(step, dict) or not isinstance(step.get("state"), dict):
            raise damaged
        if views:
            step = {**views[-1], **step, "state": {**views[-1]["state"], **step["state"]}}
        views.append(step)
    return views, lines


def carried(text, game_name: str) -> dict:
    """What a text a player brought a game in is, read before anything is replaced. Saves -> Import and the
    address bar take whatever Blitzbox gave them to carry a game: a save file's text, a save code, a share
    link, its "#g=" part or any part of a link ("g=...", "?g=..."), a remote game's save file, a remote-play
    link or its code ("#r=", "bbr2."). Returns {"form": "save file", "save code", "link" or "part of a link",
    "kind": kind() of the data, or "remote" (a remote game's save file: "text") or "remote-code" ("code"),
    "data": the decoded data}. SaveError saying what is wrong: not a Blitzbox game, damaged, or a game of
    another page (named)."""
    if not isinstance(text, str):
        raise SaveError("a save is text")
    text = text.strip()
    if not text:
        raise SaveError("there is nothing to load: paste a save code, a link or a save file's text")
    if text.startswith(("{", "[")):
        form, data = "save file", parse_json(text, "the save file", MAX_SAVE_CHARS)
        if isinstance(data, dict) and data.get("format") == REMOTE_FORMAT:
            return {"form": form, "kind": "remote", "text": text}
    else:
        form, code = _code_in(text)
        if code.startswith(REMOTE_PREFIX):
            return {"form": form, "kind": "remote-code", "code": code}
        data = decode(code)
    if not isinstance(data, dict) or data.get("format") not in (SAVE_FORMAT, SESSION_FORMAT, WATCH_FORMAT):
        raise SaveError("this is not a Blitzbox save")
    game = data.get("game")
    if game != game_name:
        title = games.TITLES.get(game) if isinstance(game, str) else None
        raise SaveError(f"this is a game of {title}: open it on that game's page" if title
                        else f"this is not a game of {games.TITLES[game_name]}")
    return {"form": form, "kind": kind(data), "data": data}


def _code_in(text: str) -> tuple:
    """(what the text is, the code in it): a whole link, a part of one ("#g=...", "g=...", "#r=..."), or a
    code alone (the line breaks a mail or chat may add are taken out)."""
    fragment, query = text.partition("#")[2], text.partition("?")[2].partition("#")[0]
    form = "link" if "://" in text else "part of a link"
    for part in f"{fragment}&{query}&{text}".split("&"):
        if part.startswith("r="):  # a remote-play message: its page reads it (glue/remote.py)
            return form, "".join(part[2:].split())
    code = share_code_in(fragment or text, query) or (fragment if fragment.startswith("bb") else None)
    if code:  # (a code written straight after the "#" too)
        return form, "".join(code.split())
    if "://" in text or "/" in text.partition("#")[0]:
        raise SaveError("this link holds no Blitzbox game (it has no #g= part)")
    return "save code", "".join(text.split())
