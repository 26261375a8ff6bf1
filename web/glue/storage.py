"""localStorage for the page: saves, the autosave (never silently over another tab's game), the set-up,
the settings and the statistics history. Storage may be blocked or full: every call says so, none throws."""

import json
from datetime import datetime, timezone

from js import window

from game_core import SaveError, games, limits, records, saves
from game_core.session import HUMAN, Session, game_module
from game_core.stats import HISTORY_KEY

from glue.core import (AUTOSAVE_KEY, NAME, OLD_UNREADABLE_KEY, PREFIX, REMOTE_OPEN_KEY, SETTINGS_KEY,
    SETUP_KEY, now_ms, now_text, page, random_seed, show_message)
from glue import drawing, remote


def local_storage():
    """window.localStorage, or None where the browser blocks it (an embed when third-party data is blocked)."""
    try:
        storage = window.localStorage
        storage.length  # a blocked storage may throw only when used
        return storage
    except Exception:
        return None


STORAGE = local_storage()


def storage_get(key):
    try:
        value = STORAGE.getItem(key)
    except Exception:
        return None
    return value if isinstance(value, str) else None  # JS null arrives as a falsy JsNull


def storage_set(key, value) -> bool:
    if STORAGE is None:
        return False  # said once at start: nothing is saved
    try:
        STORAGE.setItem(key, value)
        return True
    except Exception as err:  # QuotaExceededError, or storage disabled
        show_message(f"This browser refused to save ({getattr(err, 'name', 'storage error')}): its storage "
                     "may be full. The game goes on, but it is not saved: export it from Saves.")
        return False


def storage_remove(key) -> None:
    try:
        STORAGE.removeItem(key)
    except Exception:
        pass


def storage_keys(prefix: str) -> list:
    try:
        keys = [STORAGE.key(i) for i in range(STORAGE.length)]
    except Exception:
        return []
    return sorted(k for k in keys if isinstance(k, str) and k.startswith(prefix))


def settings() -> dict:
    return limits.clean_settings(storage_get(SETTINGS_KEY))


def kept_keys() -> list:
    return storage_keys(saves.kept_prefix(PREFIX)) + storage_keys(OLD_UNREADABLE_KEY)


def keep_aside(text: str):
    """Copy a save to a key of its own, with the date; that key, or None when storage refused it.
    A copy that is already kept is not kept twice."""
    taken = kept_keys()
    for key in taken:
        if storage_get(key) == text:
            return key
    key = saves.kept_key(PREFIX, now_text(), taken)
    return key if storage_set(key, text) else None


def default_setup() -> dict:
    """One human (the first seat) against the normal bot, or everyone human where there are no bots."""
    game = games.get(NAME)
    module = game_module(game)
    special = getattr(module, "SPECIAL_BOTS", ())
    bots = [name for name in getattr(module, "BOTS", {}) if name not in special]
    seats = {}
    for index, seat in enumerate(game.seats):
        seats[str(seat)] = HUMAN if index == 0 or not bots else ("normal" if "normal" in bots else bots[0])
    return {"options": {}, "seats": seats}


def saved_setup() -> dict:
    try:
        setup = limits.parse_json(storage_get(SETUP_KEY), "the saved set-up", 10_000)
        game = games.get(NAME)  # a seat an older page named differently (Bitskrieg's "0") has its name now
        setup["seats"] = {str(game.saved_seat(seat)): who for seat, who in setup["seats"].items()}
        Session(NAME, 0, setup["options"], setup["seats"])  # still valid?
        return setup
    except Exception:
        return default_setup()


def start(setup: dict, seed=None) -> None:
    page.jobs.clear()
    page.session = Session(NAME, random_seed() if seed is None else seed, setup["options"], setup["seats"])
    page.session.start_clock(now_ms())
    text = json.dumps(setup)
    if storage_get(SETUP_KEY) != text:
        storage_set(SETUP_KEY, text)
    show_message("")


def read_session(text) -> Session:
    """A stored or imported session, checked before it is parsed; SaveError if unusable."""
    return Session.from_save(NAME, limits.check_json(text, "the saved game"))


def shared_record(text: str) -> dict:
    """The record in a share code or a bare record's JSON; SaveError if unusable."""
    if not text.startswith(("{", "[")):
        return records.decode(text)
    record = limits.parse_json(text, "the record")
    if not isinstance(record, dict):
        raise SaveError("the text does not hold a game record")
    return record


def adopt(loaded: Session, text) -> None:
    """Make a loaded session the game of this tab; `text` is the autosave it came from, if any."""
    page.jobs.clear()
    page.session = loaded
    page.session.start_clock(now_ms())
    page.saved_text = text


def resume(fallback: tuple) -> None:
    """Resume this page's autosave, or start the fallback (setup, seed). An unreadable autosave is kept
    aside under a key of its own, and stays where it is until the first move of the new game (so a page
    updated to a newer version still finds it); with storage too full for a copy, it is never overwritten."""
    text = storage_get(AUTOSAVE_KEY)
    if not text:
        return start(*fallback)
    try:
        return adopt(read_session(text), text)
    except SaveError as err:
        reason = err
    kept = keep_aside(text)
    start(*fallback)
    page.held_save = "kept" if kept else "stuck"
    if kept:
        show_message(f"Your saved game could not be resumed: {reason}. It was kept aside in Saves (open, export "
                     "or delete it there), and it stays saved until your first move in the new game started here.")
    else:
        show_message(f"Your saved game could not be resumed: {reason}. Storage is full, so no copy could be "
                     "made: it stays saved where it is, and the new game started here will not be saved.")


def start_fresh(fallback: tuple) -> None:
    """The start-failure message's "Start a new game" (?fresh=1): the autosave is not read (it may be what
    failed), but kept aside if it holds moves, and the fallback (setup, seed) starts."""
    text = storage_get(AUTOSAVE_KEY)
    start(*fallback)
    if text and saves.moves(text) != 0:
        kept = keep_aside(text)
        page.held_save = "kept" if kept else "stuck"
        show_message("A new game was started. " + ("The game saved before was kept aside in Saves." if kept else
                     "Storage is full, so the game saved before stays where it is and this one is not saved."))
    address = window.URL.new(window.location.href)
    address.searchParams.delete("fresh")  # a reload resumes the new game
    window.history.replaceState(None, "", address.href)


def autosave() -> None:
    """Save this tab's game (called after every redraw) without ever silently overwriting a game that
    another tab saved and this one does not continue: that game is kept aside first."""
    if page.replay is not None or STORAGE is None:
        return
    text = page.session.to_save()
    if remote.is_remote():  # under its own key: a remote game never replaces the local autosave
        if text != page.session.saved and storage_set(page.session.key, text):
            page.session.saved = text
        return
    if storage_get(REMOTE_OPEN_KEY) is not None:
        storage_remove(REMOTE_OPEN_KEY)  # a local game is shown now: a reload resumes it
    if text == page.saved_text:
        return
    if page.held_save is not None:
        if page.held_save == "stuck" or not page.session.state.actions:
            return
        page.held_save, page.saved_text = None, storage_get(AUTOSAVE_KEY)  # kept aside already
    stored = storage_get(AUTOSAVE_KEY)
    kept = None
    if stored and stored != page.saved_text and saves.moves(stored) != 0 and not saves.continues(text, stored):
        kept = keep_aside(stored)
        if kept is None:
            show_message("Another tab saved a different game here, and storage is too full to keep a copy of it: "
                         "this tab's game is not saved (export it from Saves).")
            return
    if storage_set(AUTOSAVE_KEY, text):
        page.saved_text = text
        if kept:
            show_message(f"Another tab had saved a different game of {page.session.game.title}: it was kept aside in "
                         f"Saves ({kept.rsplit(':kept:', 1)[-1]}), and this tab's game is saved.")


def on_storage(event) -> None:
    """Another tab saved: follow it when it continued this tab's game, else say so (see autosave)."""
    text = event.newValue
    if remote.is_remote():
        if event.key == page.session.key and isinstance(text, str) and text != page.session.to_save():
            try:
                remote.adopt_remote(remote.read_remote(text))
            except SaveError:
                return
            show_message("This remote game was continued in another tab: this tab now shows it.")
            drawing.render()
        return
    if event.key != AUTOSAVE_KEY or not isinstance(text, str) or text == page.saved_text or page.session is None:
        return
    if saves.continues(text, page.session.to_save()):
        try:
            adopt(read_session(text), text)
        except SaveError:
            return
        page.following = True
        show_message("This game was continued in another tab: this tab now shows it.")
        drawing.render()
    else:
        show_message(f"Another tab saved a different game of {page.session.game.title}: if you play on here, both "
                     "are kept (that one goes aside in Saves).")


def embed_setup() -> tuple:
    """Embed parameters in the lichess style (?seed=&bot=&seat=&theme=; ?g= is a share link): (setup, seed),
    with a one-line message naming whatever in the address cannot be used."""
    setup = saved_setup()
    game = games.get(NAME)
    bots = list(getattr(game_module(game), "BOTS", {}))
    chosen, problems = limits.address_choices(str(window.location.search or ""), bots, list(setup["seats"]),
                                              game.saved_seat)
    if "bot" in chosen:
        human = chosen.get("seat", next(iter(setup["seats"])))
        setup["seats"] = {s: HUMAN if s == human else chosen["bot"] for s in setup["seats"]}
        setup["options"] = game.with_seats(setup["options"], setup["seats"])
    if problems:
        page.address_problem = f"Part of this address was not used ({'; '.join(problems)}): the game plays without it."
    return setup, chosen.get("seed")


def record_finished_game() -> None:
    """Append a finished game to the local history that the statistics page reads (never over a
    history this page cannot read)."""
    state = page.session.state
    humans = page.session.humans()
    bots = sorted({who for who in page.session.seats.values() if who != HUMAN})
    mode = ", ".join(f"{k}={v}" for k, v in sorted(state.options.items())
                     if v != next(o.default for o in page.session.game.options if o.name == k)) or "standard"
    entry = {"game": NAME, "mode": mode, "opponent": bots[0] if bots else HUMAN, "seats": page.session.seats,
             "human_seats": humans, "winner": state.winner, "moves": len(state.actions),
             "finished_at": datetime.now(timezone.utc).isoformat(timespec="seconds")}
    try:
        history = limits.parse_json(storage_get(HISTORY_KEY) or "[]", "your statistics", limits.MAX_HISTORY_CHARS)
        if not isinstance(history, list):
            raise SaveError("your statistics are damaged")
    except SaveError as err:
        show_message(f"This game was not added to your statistics: {err}.")
        return
    storage_set(HISTORY_KEY, json.dumps(history + [entry]))


def save_over_flag(over: bool) -> None:
    """A one-character flag beside the autosave: the landing page offers "Continue" only for an
    unfinished game without parsing the save (nor starting Python)."""
    storage_set(f"{AUTOSAVE_KEY}:over", "1" if over else "0")
