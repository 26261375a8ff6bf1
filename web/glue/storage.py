"""localStorage for the page: saves, the autosave (never silently over another tab's game), the set-up,
the settings and the statistics history. Storage may be blocked or full: every call says so, none throws."""

import json
from datetime import datetime, timezone

from js import document, window

from game_core import SaveError, games, limits, new_game, saves, stats
from game_core.remote import Remote
from game_core.remote_session import RemoteSession
from game_core.session import HUMAN, Session
from game_core.shelf import Refused, Shelf, import_plan as import_plan_for, taken_words

from glue.core import (AUTOSAVE_KEY, NAME, PREFIX, REMOTE_OPEN_KEY, REMOTE_PREFIX, element, now_ms, now_text, page,
    random_seed, show_message)


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
        return value if isinstance(value, str) else None  # JS null arrives as a falsy JsNull

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
        return [key for key in keys if isinstance(key, str)]


# The storage policy (saving, keeping aside, retrying, evicting) is game_core.shelf's; None: storage blocked
SHELF = Shelf(PageStorage(), NAME, PREFIX, now_text) if STORAGE is not None else None


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
    page.jobs.clear()
    page.session = Session(NAME, random_seed() if seed is None else seed, setup["options"], setup["seats"])
    page.session.start_clock(now_ms())
    show_message("")
    if SHELF:
        SHELF.remember_setup(setup)
        say()


def read_session(text) -> Session:
    """A stored or imported session, checked before it is parsed; SaveError if unusable."""
    return Session.from_save(NAME, limits.check_json(text, "the saved game"))


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
    page.jobs.clear()
    page.session = loaded
    page.session.start_clock(now_ms())


def read_remote(text, narrated: bool = True) -> RemoteSession:
    """A stored remote side (with its log narrated unless `narrated` is false); SaveError if unusable."""
    data = limits.parse_json(text, "the saved remote game")
    if not isinstance(data, dict) or data.get("name") != NAME:
        raise SaveError(f"this is not a remote game of {games.get(NAME).title}")
    return RemoteSession(Remote.from_dict(data), REMOTE_PREFIX, narrated)


def adopt_remote(game: RemoteSession) -> None:
    """Make a remote side the game of this tab (a reload resumes it)."""
    page.jobs.clear()
    page.session, page.replay = game, None
    storage_set(REMOTE_OPEN_KEY, game.side.gid)


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
    """The start-failure message's "Start a new game" (?fresh=1): the autosave is not read (it may be what
    failed): the fallback (setup, seed) starts, and that game is kept aside as by a New game."""
    text = storage_get(AUTOSAVE_KEY)
    start(*fallback)
    if text and saves.moves(text) != 0 and SHELF:
        try:
            entry = SHELF.keep(text)
            show_message(f"A new game was started: the game saved before was kept aside in Saves ({entry['label']}).",
                         news=True)
        except Refused as err:
            SHELF.held = "stuck"  # never overwritten without a copy
            show_message(f"A new game was started, but the game saved before could not be kept aside ({err}): "
                         "it stays where it is, and this game is not saved until there is room.")
    address = window.URL.new(window.location.href)
    address.searchParams.delete("fresh")  # a reload resumes the new game
    window.history.replaceState(None, "", address.href)


def autosave() -> None:
    """Save this tab's game (called after every redraw): game_core.shelf.Shelf.save."""
    if page.replay is not None or SHELF is None:
        return
    if page.session.capabilities.remote:  # under its own key: a remote game never replaces the local autosave
        text = page.session.to_save()
        if text != page.session.saved and SHELF.store(page.session.key, text):
            page.session.saved = text
    else:
        if storage_get(REMOTE_OPEN_KEY) is not None:
            storage_remove(REMOTE_OPEN_KEY)  # a local game is shown now: a reload resumes it
        SHELF.save(page.session)
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
    """Embed parameters in the lichess style (?seed=&bot=&seat=&theme=; ?g= is a share link): (setup, seed),
    with a one-line message naming whatever in the address cannot be used."""
    setup = saved_setup()
    game = games.get(NAME)
    bots = list(games.package(NAME).bots)
    chosen, problems = limits.address_choices(str(window.location.search or ""), bots, list(setup["seats"]),
                                              game.saved_seat)
    if "bot" in chosen:
        human = chosen.get("seat", next(iter(setup["seats"])))
        setup["seats"] = {s: HUMAN if s == human else chosen["bot"] for s in setup["seats"]}
        setup["options"] = game.with_seats(setup["options"], setup["seats"])
    if problems:
        page.address_problem = f"Part of this address was not used ({'; '.join(problems)}): the game plays without it."
    return setup, chosen.get("seed")


LAST_SETUP_KEY = f"blitzbox:{NAME}:last-setup"  # a game's set-up to repeat ("Same as last game")


def remember_last_setup() -> None:
    """At a game's end, the set-up its person made, for the next game's "Same as last game" (Bitskrieg)."""
    remembered = page.session.package.remembered_setup
    humans = page.session.humans()
    if remembered is not None and humans:
        choice = remembered(page.session.state.record(), humans[0])
        if choice:
            storage_set(LAST_SETUP_KEY, json.dumps(choice))


def last_setup():
    """The set-up remembered at the end of the last game, or None (missing or unreadable: not offered)."""
    try:
        choice = limits.parse_json(storage_get(LAST_SETUP_KEY), "the last set-up", 10_000)
    except SaveError:
        return None
    return choice if isinstance(choice, dict) else None


def record_finished_game() -> None:
    """Append a finished game to the local history that the statistics page reads (never over a
    history this page cannot read)."""
    entry = stats.finished_entry(page.session, datetime.now(timezone.utc).isoformat(timespec="seconds"))
    try:
        history = limits.parse_json(storage_get(stats.HISTORY_KEY) or "[]", "your statistics", limits.MAX_HISTORY_CHARS)
        if not isinstance(history, list):
            raise SaveError("your statistics are damaged")
    except SaveError as err:
        show_message(f"This game was not added to your statistics: {err}.")
        return
    storage_set(stats.HISTORY_KEY, json.dumps(history + [entry]))
