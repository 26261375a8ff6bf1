"""The page's storage policy, in pure Python: nothing lost, and never a silent failure.

The page binds one `Shelf` to localStorage through a tiny storage object:
    get(key) -> str or None;  set(key, text), raising `Refused` when the browser will not store it (full,
    or storage disabled);  remove(key);  keys() -> every key stored.
and calls it at these moments: `resume()` at start, `save(session)` after every redraw, `keep_unfinished`
before a New game, a Rematch, an Import or a shared game replaces the one in progress (`undo_keep` takes
that one step back), `storage_changed` on the `storage` event, `delete` from Saves. After each call it shows
`problem` (why saving does not work now: it stays until a save succeeds again, whatever else the page
says) and `take_notice()` (news said once, like a game kept aside).

Copies kept aside (a game in progress replaced by another, another tab's game, a save, set-up or setting
this page cannot read) are bounded: one per game (a newer copy of the same game replaces the older), at
most MAX_KEPT copies and MAX_KEPT_CHARS of text; to make room the oldest finished games go first, and a
game in progress or an unreadable save is never removed without the player: keeping a new copy is refused,
with the reason, and nothing is changed.
"""

from __future__ import annotations

import json

from . import games, records, saves
from .engine import SaveError
from .limits import MAX_SETTINGS_CHARS, SETTINGS_KEY, check_json, parse_json, read_settings
from .session import Replay, Session

MAX_KEPT = 40  # copies kept aside per game page
MAX_KEPT_CHARS = 1_000_000  # their total text (localStorage holds about 5 million characters per site)
MAX_SETUP_CHARS = 10_000


def text_of(value):
    """What the browser's storage gave (a value or a key), as text: None for anything else (a missing value
    arrives from JavaScript as null, a falsy object that is not None)."""
    return value if isinstance(value, str) else None


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def import_plan(text, game_name: str, current=None, seats=None) -> dict:
    """What a text brought to this page is and what taking it does, all decided before anything changes
    (Saves -> Import, on each keystroke and on "Load it", and the address bar, with the same words):
    - "play": a game to go on playing here, `session` (a session save, from a save file, a save code or a
      "Move this game to another device" link; or the record of an unfinished game, played on with `seats`,
      the page's usual ones, as a record names none). The game in progress here is kept aside first.
    - "replay": a finished game's record or a game to watch (`replay`, a session.Replay at its start).
    - "remote" (`text`, a remote game's save file) and "remote-code" (`code`, a remote-play message): for
      the page's remote play.
    Returns {"kind", ..., "what": the sentence saying what it is and what it does, "done": the words the page
    shows once it is taken}. SaveError saying why it cannot be used (then nothing may change)."""
    found = records.carried(text, game_name)
    title, form, kind = games.TITLES[game_name], found["form"], found["kind"]
    if kind == "remote":
        return {"kind": kind, "text": found["text"], "what": f"This {form} is a remote game of {title}: it "
                "opens that game, played by links with your friend.", "done": ""}
    if kind == "remote-code":
        return {"kind": kind, "code": found["code"], "what": f"This {form} is a message of a remote game of "
                f"{title}: it joins or continues that game.", "done": ""}
    data = found["data"]
    if kind == "watch":
        replay = Replay(game_name, data)
        replay.go("first")
        return {"kind": "replay", "replay": replay, "done": f"Opened the {form}: a game to watch",
                "what": f"This {form} holds a game of {title} as a spectator sees it ({plural(replay.last, 'move')} "
                        "so far): it opens as a replay and cannot be played on. Your game here stays as it is."}
    if kind == "session":
        session = Session.from_save(game_name, json.dumps(data))
    else:
        session = Session.from_record(game_name, data, _seats_for(game_name, data, seats))
    moves = plural(len(session.state.actions), "move")
    if session.state.is_over and kind == "record":  # a finished game's share link
        replay = Replay(game_name, data)
        replay.go("first")
        return {"kind": "replay", "replay": replay, "done": f"Opened the {form}: a finished game",
                "what": f"This {form} holds a finished game of {title} ({moves}): it opens as a replay. Your "
                        "game here stays as it is."}
    replaces = ""
    if current is not None and current.state.actions and not current.state.is_over:
        replaces = (f" Your game in progress here ({plural(len(current.state.actions), 'move')}) will be kept "
                    "aside in Saves, with an Undo.")
    about = f"a finished game of {title}, {moves}" if session.state.is_over else f"a game of {title} in progress, {moves}"
    does = "it opens here" if session.state.is_over else "it plays on here"
    return {"kind": "play", "session": session, "done": f"Loaded the {form} ({about})",
            "what": f"This {form} holds {about}: {does}.{replaces}"}


def import_words(text: str, plan) -> str:
    """What Saves -> Import says of a pasted text as it is typed, before anything changes (`plan`: import_plan
    for this page): what it is and does, or why it cannot be loaded ("" for no text)."""
    try:
        return plan(text)["what"] if text else ""
    except SaveError as err:
        return f"This cannot be loaded: {err}."


def not_loaded(err: SaveError) -> str:
    return f"That could not be loaded: {err}. Nothing was changed."


def taken_words(plan: dict, kept: str) -> str:
    """What the page says once an import_plan is taken: what was loaded, then `kept`, the shelf's news of the
    game kept aside for it."""
    return " ".join(words for words in (f"{plan['done']}." if plan["done"] else "", kept) if words)


def _seats_for(game_name: str, record: dict, seats):
    """Who plays an unfinished game's record (it names nobody): the page's usual seats where they fit its
    options, else every seat a person."""
    try:
        Session(game_name, 0, record.get("options"), seats)
        return seats
    except (ValueError, TypeError, AttributeError):
        return None


class Refused(Exception):
    """The storage did not store a value; the message says why in words (the browser's error name)."""


class Shelf:
    def __init__(self, storage, game_name: str, prefix: str, clock):
        """`prefix` is the page's ("blitzbox:<game>", or "blitzbox:<game>:embed"); `clock()` gives the date
        and time the page shows ("2026-12-03 10:30:00"), which names and orders the copies kept aside."""
        self.storage, self.game, self.prefix, self.clock = storage, games.get(game_name), prefix, clock
        self.autosave_key = f"{prefix}:autosave"
        self.over_key = f"{prefix}:autosave:over"  # read by the landing page: "Continue" for a game in progress
        self.setup_key = f"{prefix}:setup"
        self.kept_prefixes = {"game": saves.kept_prefix(prefix), "setup": f"{prefix}:kept-setup:",
                              "settings": f"{prefix}:kept-settings:"}
        self.old_unreadable_key = f"{prefix}:autosave:unreadable"  # where earlier versions kept one
        self.saved = None  # the autosave as this tab last wrote or read it (another tab may write since)
        self.held = None  # the autosave holds an unreadable save: "kept" (a copy is aside) or "stuck" (none)
        self.problem = ""
        self.notice = ""
        self.undo_step = None  # what keep_unfinished did, for undo_keep
        self.drop_when_saved = None  # the copy of a game brought back by undo_keep, removed once it is saved
        self.reported: set = set()  # damaged settings already said (they are said once)

    # -- writing ------------------------------------------------------------------------------
    def put(self, key: str, text: str) -> bool:
        """Store anything but the game (a named save, the statistics, a choice); a refusal is said once."""
        try:
            self.storage.set(key, text)
            return True
        except Refused as err:
            self.notice = f"This browser refused to save that ({err}): its storage may be full. Nothing else changed."
            return False

    def _refused(self, why: str) -> str:
        return (f"This game is not saved: {why}. Playing on is safe, and it is saved as soon as there is room "
                "again: delete copies kept aside or named saves in Saves, or export this game from there.")

    def store(self, key: str, text: str) -> bool:
        """Store a game under its own key (the autosave, or a remote game's): a refusal is the `problem`
        until a game is stored again."""
        try:
            self.storage.set(key, text)
        except Refused as err:
            self.problem = self._refused(f"this browser refused to store it ({err}), its storage may be full")
            return False
        self.problem = ""
        return True

    # -- copies kept aside ----------------------------------------------------------------------
    def kept(self) -> list:
        """The copies kept aside, newest first, each {"key", "kind", "when", "label", "chars", "moves",
        "finished"} (kind: "game", "setup" or "settings"; moves None: a save this page cannot read)."""
        entries = []
        keys = self.storage.keys()
        for kind, start in self.kept_prefixes.items():
            for key in keys:
                if key.startswith(start):
                    entries.append(self._entry(key, kind, key[len(start):]))
        if self.old_unreadable_key in keys:
            entries.append(self._entry(self.old_unreadable_key, "game", ""))
        return sorted(entries, key=lambda entry: entry["when"], reverse=True)

    def _entry(self, key: str, kind: str, when: str) -> dict:
        text = self.storage.get(key) or ""
        about = saves.summary(text) if kind == "game" else None
        entry = {"key": key, "kind": kind, "when": when, "chars": len(key) + len(text),
                 "moves": None, "finished": False}
        if about is not None:
            entry.update(about)
        entry["label"] = self._label(entry)
        return entry

    def _label(self, entry: dict) -> str:
        when = entry["when"] or "earlier"  # the one copy earlier versions kept has no date
        if entry["kind"] != "game":
            what = "new-game choices" if entry["kind"] == "setup" else "settings"
            return f"Your {what} this page could not read, kept {when}"
        if entry["moves"] is None:
            return f"A saved game this page cannot read, kept {when}"
        state = "finished" if entry["finished"] else "in progress"
        moves = f"{entry['moves']} move{'' if entry['moves'] == 1 else 's'}"
        return f"{self.game.title}, kept {when}: {moves}, {state}"

    def usage(self) -> dict:
        """For Saves: how many copies are kept aside and the space they take (bytes: browsers store UTF-16)."""
        entries = self.kept()
        chars = sum(entry["chars"] for entry in entries)
        return {"count": len(entries), "bytes": 2 * chars,
                "text": (f"{len(entries)} cop{'y' if len(entries) == 1 else 'ies'} kept aside, using "
                         f"{-(-2 * chars // 1024)} KB of the {2 * MAX_KEPT_CHARS // 1024} KB they may take.")}

    def keep(self, text: str, kind: str = "game") -> dict:
        """Keep a copy of `text` aside and return its entry, the copies of the same game it replaced under
        "replaced" ([(key, text)]). Refused, with the reason in words, when there is no room for it."""
        entries = self.kept()
        texts = {entry["key"]: self.storage.get(entry["key"]) for entry in entries if entry["kind"] == kind}
        for entry in entries:
            if entry["key"] in texts and (texts[entry["key"]] == text or saves.continues(texts[entry["key"]], text)):
                return dict(entry, replaced=[])  # that copy already holds this, and maybe more
        # an earlier copy of this game goes (this one continues it); a fork is a game of its own
        same = [entry for entry in entries if entry["key"] in texts and saves.continues(text, texts[entry["key"]])]
        others = [entry for entry in entries if entry not in same]
        evictable = sorted((entry for entry in others if entry["finished"]), key=lambda entry: entry["when"])
        key = saves.numbered(self.kept_prefixes[kind] + self.clock(), [entry["key"] for entry in entries])
        chars = sum(entry["chars"] for entry in others) + len(key) + len(text)
        while evictable and (chars > MAX_KEPT_CHARS or len(others) + 1 > MAX_KEPT):
            gone = evictable.pop(0)
            self.storage.remove(gone["key"])
            others.remove(gone)
            chars -= gone["chars"]
        if chars > MAX_KEPT_CHARS or len(others) + 1 > MAX_KEPT:
            size = -(-2 * sum(entry["chars"] for entry in others) // 1024)
            raise Refused(f"Saves already keeps {len(others)} copies aside ({size} KB), as much as it may: "
                          "delete some there to make room")
        while True:
            try:
                self.storage.set(key, text)
                break
            except Refused as err:
                if not evictable:
                    raise Refused(f"this browser's storage is full ({err})") from None
                self.storage.remove(evictable.pop(0)["key"])  # a finished game makes room
        replaced = [(entry["key"], texts[entry["key"]]) for entry in same]
        for entry in same:
            self.storage.remove(entry["key"])
        return dict(self._entry(key, kind, key[len(self.kept_prefixes[kind]):]), replaced=replaced)

    def delete(self, key: str, session=None) -> bool:
        """Delete a copy kept aside (only those: Saves' Delete); the room it leaves lets a failed save through."""
        if not (key.startswith(tuple(self.kept_prefixes.values())) or key == self.old_unreadable_key):
            return False
        self.storage.remove(key)
        self.retry(session)
        return True

    # -- the autosave -----------------------------------------------------------------------------
    def resume(self):
        """The session saved last, or None: start a new game. A save this page cannot read is kept aside
        (and stays where it is until the first move of the game started instead, so a page updated to a
        newer version still finds it); with no room for a copy it stays where it is and is never overwritten."""
        text = self.storage.get(self.autosave_key)
        if not text:
            return None
        try:
            session = Session.from_save(self.game.name, check_json(text, "the saved game"))
            self.saved = text
            return session
        except SaveError as err:
            reason = err
        try:
            entry = self.keep(text)
        except Refused as err:
            self.held = "stuck"
            self.problem = (f"Your saved game could not be resumed: {reason}. There is no room to keep a copy "
                            f"of it ({err}), so it stays where it is, and the game started here is not saved "
                            "until there is room: delete copies kept aside or named saves in Saves.")
            return None
        self.held = "kept"
        self.notice = (f"Your saved game could not be resumed: {reason}. It was kept aside in Saves ({entry['label']}: "
                       "open, export or delete it there), and it stays saved until your first move here.")
        return None

    def save(self, session) -> bool:
        """Save the game of this tab (after every redraw), never over a game another tab saved that this one
        does not continue (that one is kept aside first) nor over an unreadable save with no copy aside.
        False when it is not saved: `problem` says why, until a save succeeds again (every call retries)."""
        text = session.to_save()
        if self.held == "stuck":
            stored = self.storage.get(self.autosave_key)
            if stored is not None:
                try:
                    entry = self.keep(stored)
                except Refused:
                    return False  # the problem said at resume stands
                self.notice = (f"Your saved game that could not be resumed is now kept aside in Saves "
                               f"({entry['label']}).")
            self.held, self.problem = "kept", ""
        if self.held == "kept":
            if not session.state.actions:
                return True  # the unreadable save stays where it is until the first move
            self.held, self.saved = None, self.storage.get(self.autosave_key)  # kept aside already
        if text == self.saved and not self.problem:
            return True
        stored = self.storage.get(self.autosave_key)
        if stored and stored != self.saved and saves.moves(stored) != 0 and not saves.continues(text, stored):
            try:
                entry = self.keep(stored)
            except Refused as err:
                self.problem = self._refused(f"another tab saved a different game here, and there is no room "
                                             f"to keep a copy of it ({err})")
                return False
            self.notice = (f"Another tab had saved a different game of {self.game.title}: it was kept aside in "
                           f"Saves ({entry['label']}), and this tab's game is saved.")
        if not self.store(self.autosave_key, text):
            return False
        self.saved = text
        drop, self.drop_when_saved = self.drop_when_saved, None
        if drop is not None and self.storage.get(drop["key"]) == drop["text"] and saves.continues(text, drop["text"]):
            self.storage.remove(drop["key"])  # the game undone back is saved: its copy kept aside is not needed
        over = "1" if session.state.is_over else "0"
        if self.storage.get(self.over_key) != over:
            self.put(self.over_key, over)
        return True

    def save_shown(self, controller, remote_open_key: str) -> None:
        """Save the game this tab shows (after every redraw): a remote game under its own key, when it changed
        (it never replaces the local autosave); else this tab's game (`save`), and the note of the remote game
        shown last (`remote_open_key`: a reload resumes it) goes, since a reload resumes this one now."""
        if controller.capabilities.remote:
            text = controller.to_save()
            if text != controller.saved and self.store(controller.key, text):
                controller.saved = text
            return
        if self.storage.get(remote_open_key) is not None:
            self.storage.remove(remote_open_key)
        self.save(controller)

    def keep_before_fresh_start(self):
        """The start-failure message's "Start a new game" (?fresh=1) started a game without reading the autosave
        (it may be what failed): a game saved there is kept aside as by a New game, or, with no room for a copy,
        held where it is (never overwritten without one). Returns (what the page says, whether it reads as news),
        or None when no game was saved there."""
        text = self.storage.get(self.autosave_key)
        if not text or saves.moves(text) == 0:
            return None
        try:
            entry = self.keep(text)
        except Refused as err:
            self.held = "stuck"
            return (f"A new game was started, but the game saved before could not be kept aside ({err}): it stays "
                    "where it is, and this game is not saved until there is room.", False)
        return f"A new game was started: the game saved before was kept aside in Saves ({entry['label']}).", True

    def retry(self, session) -> None:
        """Save again if the last save failed (space was freed: a copy deleted, another tab's storage event)."""
        if session is not None and (self.problem or self.held == "stuck"):
            self.save(session)

    def storage_changed(self, key, value, session):
        """The `storage` event (another tab wrote `key`; key None: it cleared everything). Returns a session
        to show when another tab continued this tab's game; a save that failed is tried again."""
        if key == self.autosave_key and isinstance(value, str) and value != self.saved and session is not None:
            if saves.continues(value, session.to_save()):
                try:
                    followed = Session.from_save(self.game.name, value)
                except SaveError:
                    return None
                self.saved = value
                self.notice = "This game was continued in another tab: this tab now shows it."
                return followed
            if saves.moves(value) is None:  # unreadable here (a newer version's, or damaged): this game
                self.saved = None  # goes back at once, with that save kept aside, so a reload finds it
                self.save(session)
                return None
            self.notice = (f"Another tab saved a different game of {self.game.title}: if you play on here, both "
                           "are kept (that one goes aside in Saves).")
            return None
        self.retry(session)
        return None

    # -- a game in progress is never thrown away by one click -----------------------------------------
    def keep_unfinished(self, session, why: str) -> bool:
        """Before `why` ("New game", "Rematch", "Import", "Shared game") replaces this tab's game: keep it
        aside if it is in progress. False when there is no room: the page then changes nothing (the
        notice says why)."""
        if session is None or not session.state.actions or session.state.is_over:
            return True
        text = session.to_save()
        try:
            entry = self.keep(text)
        except Refused as err:
            self.notice = (f"{why} did not start: your game in progress could not be kept aside ({err}). Nothing "
                           "was changed: export this game or delete copies in Saves, then try again.")
            return False
        self.undo_step = {"key": entry["key"], "text": text, "replaced": entry["replaced"]}
        self.notice = f"{why}: your game in progress was kept aside in Saves ({entry['label']})."
        return True

    @property
    def can_undo_keep(self) -> bool:
        return self.undo_step is not None

    def undo_keep(self, current):
        """Take back the last keep_unfinished: the game kept aside comes back (the session to show; its copy
        goes once it is saved again), and the game shown now is kept aside in turn if it is in progress. None when there is
        nothing to undo or no room for that copy (the notice says why)."""
        step = self.undo_step
        if step is None:
            return None
        self.undo_step = None
        if not self.keep_unfinished(current, "Undo"):
            self.undo_step = step
            return None
        restored = Session.from_save(self.game.name, step["text"])  # this page's own save: it reads
        self.drop_when_saved = step  # its copy goes once the game is saved again (save)
        for key, text in step["replaced"]:
            self.put(key, text)
        if current is not None and current.state.actions and not current.state.is_over:
            self.notice = f"{self.notice} Your earlier game is back."
        else:
            self.notice = "Your earlier game is back."
        return restored

    # -- the new-game choices and the settings -------------------------------------------------------
    def setup(self):
        """The new-game choices saved last ({"options", "seats"}), or None for the defaults. Choices this
        page cannot use are said once and kept aside (like a save), and the defaults are used."""
        text = self.storage.get(self.setup_key)
        if text is None:
            return None
        try:
            return self._checked_setup(text)
        except ValueError as err:  # SaveError, or an option or seat this game does not have
            reason = err
        try:
            self.keep(text, "setup")
        except Refused:
            self.notice = f"Your new-game choices could not be read ({reason}): the usual ones are used."
            return None
        self.storage.remove(self.setup_key)
        self.notice = (f"Your new-game choices could not be read ({reason}): the usual ones are used, and the "
                       "damaged ones were kept aside in Saves.")
        return None

    def _checked_setup(self, text: str) -> dict:
        setup = parse_json(text, "the saved new-game choices", MAX_SETUP_CHARS)
        if not (isinstance(setup, dict) and isinstance(setup.get("options"), dict)
                and isinstance(setup.get("seats"), dict)):
            raise SaveError("they are not a set of options and seats")
        # a seat an older page named differently (Bitskrieg's "0") has its name now
        seats = {str(self.game.saved_seat(seat)): who for seat, who in setup["seats"].items()}
        Session(self.game.name, 0, setup["options"], seats)  # ValueError if an option or seat is not valid
        return {"options": setup["options"], "seats": seats}

    def remember_setup(self, setup: dict) -> None:
        text = json.dumps(setup)
        if self.storage.get(self.setup_key) != text:
            self.put(self.setup_key, text)

    def settings(self) -> dict:
        """The settings ({"theme", "speed"}); a damaged one gets its default, is said once and kept aside."""
        text = self.storage.get(SETTINGS_KEY)
        values, damage = read_settings(text)
        if damage and text not in self.reported:
            self.reported.add(text)
            if len(text) > MAX_SETTINGS_CHARS:  # (read_settings words it as a game would be)
                damage = f"what is stored there is {len(text):,} characters long, far more than settings take"
            try:
                self.keep(text, "settings")
                aside = ", and what was stored was kept aside in Saves"
            except Refused as err:  # said: it is replaced by the usual settings, not silently overwritten
                why = "it is too large to keep aside" if len(text) > MAX_KEPT_CHARS else f"it could not be kept aside: {err}"
                aside = f"; what was stored was dropped ({why})"
            self.put(SETTINGS_KEY, json.dumps(values))
            self.notice = f"Your settings could not all be read ({damage}): the usual ones are used{aside}."
        return values

    def choose(self, key: str, value: str) -> bool:
        """Store one setting the player chose."""
        return self.put(SETTINGS_KEY, json.dumps({**self.settings(), key: value}))

    def take_notice(self) -> str:
        """The news to say once (a copy kept aside, a game followed from another tab), then forgotten."""
        notice, self.notice = self.notice, ""
        return notice
