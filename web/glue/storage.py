"""localStorage for the page: saves, the autosave (never silently over another tab's game), the set-up,
the settings and the statistics history. Storage may be blocked or full: every call says so, none throws."""

from datetime import datetime, timezone

from js import document, window

from game_core import SaveError, limits, new_game, stats
from game_core.page import message
from game_core.remote_session import RemoteSession
from game_core.session import Session
from game_core.shelf import Refused, Shelf, import_plan as import_plan_for, taken_words, text_of

from glue.core import KEYS, NAME, element, now_ms, now_text, page, random_seed, show_message


def local_storage():
    """window.localStorage, or None where the browser blocks it (an embed when third-party data is blocked)."""
    try:
        storage = window.localStorage
        storage.length  # a blocked storage may throw only when used
        return storage
    except Exception:
        return None


STORAGE = local_storage()


class PageStorage:
    """localStorage as game_core.shelf.Shelf reads it (get, set raising Refused, remove, keys)."""

    def get(self, key):
        try:
            value = STORAGE.getItem(key)
        except Exception:
            return None
        return text_of(value)

    def set(self, key, value) -> None:
        try:
            STORAGE.setItem(key, value)
        except Exception as err:  # QuotaExceededError, or storage disabled
            raise Refused(str(getattr(err, "name", "") or "storage error")) from None

    def remove(self, key) -> None:
        try:
            STORAGE.removeItem(key)
        except Exception:
            pass

    def keys(self) -> list:
        try:
            keys = [STORAGE.key(i) for i in range(STORAGE.length)]
        except Exception:
            return []
        return [key for key in keys if text_of(key) is not None]


# The storage policy (saving, keeping aside, retrying, evicting) is game_core.shelf's; None: storage blocked
SHELF = Shelf(PageStorage(), NAME, KEYS.prefix, now_text) if STORAGE is not None else None


def storage_get(key):
    return SHELF.storage.get(key) if SHELF else None


def storage_set(key, value) -> bool:
    """Store anything but the game; a refusal is said (nothing is saved where storage is blocked: said at start)."""
    done = SHELF is not None and SHELF.put(key, value)
    say()
    return done


def storage_remove(key) -> None:
    if SHELF:
        SHELF.storage.remove(key)


def storage_keys(prefix: str) -> list:
    return sorted(key for key in SHELF.storage.keys() if key.startswith(prefix)) if SHELF else []


def say() -> None:
    """The shelf's news, then why saving does not work now (last: it stays until a save succeeds again),
    with an Undo while a game in progress was just kept aside."""
    if SHELF is None:
        return
    notice = SHELF.take_notice()
    if notice:
        show_message(notice, news=True)
    if SHELF.problem:
        show_message(SHELF.problem)
    box = element("message")
    if SHELF.can_undo_keep and not box.hidden and not box.querySelector('[data-command="undo-keep"]'):
        undo = document.createElement("button")
        undo.type, undo.textContent = "button", "Undo"
        undo.setAttribute("data-command", "undo-keep")
        box.append(" ", undo)


def settings() -> dict:
    if SHELF is None:
        return limits.clean_settings(None)
    chosen = SHELF.settings()
    say()
    return chosen


def saved_setup() -> dict:
    setup = SHELF.setup() if SHELF else None
    say()
    return setup or new_game.default_setup(NAME)


def start(setup: dict, seed=None) -> None:
    page.adopt(Session(NAME, random_seed() if seed is None else seed, setup["options"], setup["seats"]))
    page.session.start_clock(now_ms())
    show_message("")
    if SHELF:
        SHELF.remember_setup(setup)
        say()


def import_plan(text) -> dict:
    """What a pasted text or an address brings and what taking it does (game_core.shelf.import_plan); an
    unfinished game's record is played by this page's usual seats. SaveError if it cannot be used."""
    return import_plan_for(text, NAME, None if page.session.capabilities.remote else page.session, saved_setup()["seats"])


def take(plan: dict, why: str) -> bool:
    """Carry out an import_plan: a game to play on replaces this tab's (kept aside first, with an Undo), a
    replay opens over it, a remote game goes to remote play. False: nothing changed (said)."""
    if plan["kind"] == "remote":
        adopt_remote(read_remote(plan["text"]))
    elif plan["kind"] == "remote-code":
        page.open_code(plan["code"])
        return True
    elif plan["kind"] == "play":
        if not keep_unfinished(why):
            return False
        adopt(plan["session"])
        page.replay = None
    else:
        page.replay = plan["replay"]
    show_message(taken_words(plan, SHELF.take_notice() if SHELF else ""))
    say()  # with its Undo
    return True


def adopt(loaded: Session) -> None:
    """Make a loaded session the game of this tab."""
    page.adopt(loaded)
    page.session.start_clock(now_ms())


def read_remote(text, narrated: bool = True) -> RemoteSession:
    """A stored remote side (with its log narrated unless `narrated` is false); SaveError if unusable."""
    return RemoteSession.from_save(NAME, text, KEYS.remote, narrated)


def adopt_remote(game: RemoteSession) -> None:
    """Make a remote side the game of this tab (a reload resumes it)."""
    page.adopt(game)
    page.replay = None
    storage_set(KEYS.remote_open, game.side.gid)


def resume(fallback: tuple) -> None:
    """Resume this page's autosave, or start the fallback (setup, seed); an unreadable autosave is kept
    aside (game_core.shelf.Shelf.resume)."""
    loaded = SHELF.resume() if SHELF else None
    if loaded is None:
        start(*fallback)
    else:
        adopt(loaded)
    say()


def start_fresh(fallback: tuple) -> None:
    """The start-failure message's "Start a new game" (?fresh=1): the fallback (setup, seed) starts without
    reading the autosave, and a game saved there is kept aside (Shelf.keep_before_fresh_start)."""
    start(*fallback)
    said = SHELF.keep_before_fresh_start() if SHELF else None
    if said:
        show_message(said[0], news=said[1])
    address = window.URL.new(window.location.href)
    address.searchParams.delete("fresh")  # a reload resumes the new game
    window.history.replaceState(None, "", address.href)


def autosave() -> None:
    """Save this tab's game (called after every redraw): game_core.shelf.Shelf.save_shown."""
    if page.replay is None and SHELF is not None:
        SHELF.save_shown(page.session, KEYS.remote_open)
        say()


def keep_unfinished(why: str) -> bool:
    """Before `why` replaces this tab's game: keep it aside if it is in progress; False: do nothing (said)."""
    if SHELF is None or not page.session.capabilities.autosave:
        return True
    kept = SHELF.keep_unfinished(page.session, why)
    if not kept:
        say()  # why nothing changed (when kept, the new game's start says it, with its Undo)
    return kept


def embed_setup() -> tuple:
    """An embed's (setup, seed) from its address (game_core.new_game.embed_setup); what of it cannot be used is
    said once at start."""
    setup, seed, page.address_problem = new_game.embed_setup(NAME, saved_setup(), str(window.location.search or ""))
    return setup, seed


LAST_SETUP_KEY = new_game.last_setup_key(NAME)


def remember_last_setup() -> None:
    """At a game's end, the set-up its person made, for the next game's "Same as last game" (Bitskrieg)."""
    text = new_game.last_setup_text(page.session)
    if text:
        storage_set(LAST_SETUP_KEY, text)


def last_setup():
    return new_game.read_last_setup(storage_get(LAST_SETUP_KEY))


def record_finished_game() -> None:
    """Add a finished game to the local history that the statistics page reads (never over a history this
    page cannot read)."""
    entry = stats.finished_entry(page.session, datetime.now(timezone.utc).isoformat(timespec="seconds"))
    try:
        history = stats.add_finished(storage_get(stats.HISTORY_KEY), entry)
    except SaveError as err:
        return show_message(message("not-counted", err))
    storage_set(stats.HISTORY_KEY, history)
