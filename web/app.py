"""PyScript glue for every game page (and its embed): it wires clicks, keys, timers and
localStorage to game_core.session and writes the HTML and SVG it returns into the page.
All rules, rendering, undo and record logic live in game_core (tested with pytest)."""

import json
import time
from datetime import datetime, timezone
from html import escape

from pyodide.ffi import create_once_callable, create_proxy, to_js
from js import document, window

from game_core import IllegalAction, SaveError, games, limits, records, saves
from game_core.remote import ADAPTERS as REMOTE_GAMES, Refused, Remote, unseal
from game_core.session import HUMAN, Replay, Session, draw, game_module, readable, set_ui, status_line
from game_core.stats import HISTORY_KEY
from game_core.tray import tray_html

NAME = document.body.getAttribute("data-game")
EMBED = document.body.getAttribute("data-embed") == "1"
PREFIX = f"blitzbox:{NAME}:embed" if EMBED else f"blitzbox:{NAME}"
AUTOSAVE_KEY = f"{PREFIX}:autosave"
OLD_UNREADABLE_KEY = f"{AUTOSAVE_KEY}:unreadable"  # where earlier versions kept one unreadable save
SETUP_KEY = f"{PREFIX}:setup"
SLOT_PREFIX = f"blitzbox:{NAME}:slot:"
SETTINGS_KEY = "blitzbox:settings"
REMOTE_PREFIX = f"blitzbox:{NAME}:remote:"  # + game id: this browser's side of a remote game
REMOTE_OPEN_KEY = f"{PREFIX}:remote-open"  # the remote game this page showed last (resumed on reload)
SLICE_SECONDS = 0.025  # long searches run in slices this short, so the page never freezes
BOT_DELAYS_MS = {"slow": 1200, "normal": 600, "fast": 250, "instant": 0}

session = None  # the game being played
replay = None  # a Replay while the replay viewer is open
jobs = {}  # the running searches in slices, by kind ("bot", "hint")
autoplay_timer = None
saved_text = None  # the autosave as this tab last wrote or read it (another tab may have written since)
held_save = None  # "kept" or "stuck": an unreadable autosave this tab must not overwrite (see resume)
following = False  # this tab shows a game another tab continued: its bot plays there, not here
focus_on_board = False  # the keyboard focus was last on the board (refocused there after a redraw)


def browser_feature(owner, name):
    """A browser API, or None where this browser lacks it: a missing JS property raises AttributeError
    through Pyodide's proxy (Safari's engine has no navigator.storage in every context)."""
    try:
        return getattr(owner, name) or None
    except AttributeError:
        return None


def element(id_):
    return document.getElementById(id_)


def now_ms() -> float:
    return float(window.performance.now())


def random_seed() -> int:
    return int(window.Math.random() * 2**31)


def now_text() -> str:
    return datetime.now().strftime("%Y-%m-%d %H:%M:%S")


# -- storage: never lose a game, never fail silently --------------------------------------
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


def show_message(text: str) -> None:
    box = element("message")
    box.textContent = text
    box.hidden = not text


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


# -- starting, resuming and saving ------------------------------------------------------------
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
    global session
    jobs.clear()
    session = Session(NAME, random_seed() if seed is None else seed, setup["options"], setup["seats"])
    session.start_clock(now_ms())
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
    global session, saved_text
    jobs.clear()
    session = loaded
    session.start_clock(now_ms())
    saved_text = text


def resume(fallback: tuple) -> None:
    """Resume this page's autosave, or start the fallback (setup, seed). An unreadable autosave is kept
    aside under a key of its own, and stays where it is until the first move of the new game (so a page
    updated to a newer version still finds it); with storage too full for a copy, it is never overwritten."""
    global held_save
    text = storage_get(AUTOSAVE_KEY)
    if not text:
        return start(*fallback)
    try:
        return adopt(read_session(text), text)
    except SaveError as err:
        reason = err
    kept = keep_aside(text)
    start(*fallback)
    held_save = "kept" if kept else "stuck"
    if kept:
        show_message(f"Your saved game could not be resumed: {reason}. It was kept aside in Saves (open, export "
                     "or delete it there), and it stays saved until your first move in the new game started here.")
    else:
        show_message(f"Your saved game could not be resumed: {reason}. Storage is full, so no copy could be "
                     "made: it stays saved where it is, and the new game started here will not be saved.")


def autosave() -> None:
    """Save this tab's game (called after every redraw) without ever silently overwriting a game that
    another tab saved and this one does not continue: that game is kept aside first."""
    global saved_text, held_save
    if replay is not None or STORAGE is None:
        return
    text = session.to_save()
    if is_remote():  # under its own key: a remote game never replaces the local autosave
        if text != session.saved and storage_set(session.key, text):
            session.saved = text
        return
    if storage_get(REMOTE_OPEN_KEY) is not None:
        storage_remove(REMOTE_OPEN_KEY)  # a local game is shown now: a reload resumes it
    if text == saved_text:
        return
    if held_save is not None:
        if held_save == "stuck" or not session.state.actions:
            return
        held_save, saved_text = None, storage_get(AUTOSAVE_KEY)  # kept aside already
    stored = storage_get(AUTOSAVE_KEY)
    kept = None
    if stored and stored != saved_text and saves.moves(stored) != 0 and not saves.continues(text, stored):
        kept = keep_aside(stored)
        if kept is None:
            show_message("Another tab saved a different game here, and storage is too full to keep a copy of it: "
                         "this tab's game is not saved (export it from Saves).")
            return
    if storage_set(AUTOSAVE_KEY, text):
        saved_text = text
        if kept:
            show_message(f"Another tab had saved a different game of {session.game.title}: it was kept aside in "
                         f"Saves ({kept.rsplit(':kept:', 1)[-1]}), and this tab's game is saved.")


def on_storage(event) -> None:
    """Another tab saved: follow it when it continued this tab's game, else say so (see autosave)."""
    global following
    text = event.newValue
    if is_remote():
        if event.key == session.key and isinstance(text, str) and text != session.to_save():
            try:
                adopt_remote(read_remote(text))
            except SaveError:
                return
            show_message("This remote game was continued in another tab: this tab now shows it.")
            render()
        return
    if event.key != AUTOSAVE_KEY or not isinstance(text, str) or text == saved_text or session is None:
        return
    if saves.continues(text, session.to_save()):
        try:
            adopt(read_session(text), text)
        except SaveError:
            return
        following = True
        show_message("This game was continued in another tab: this tab now shows it.")
        render()
    else:
        show_message(f"Another tab saved a different game of {session.game.title}: if you play on here, both "
                     "are kept (that one goes aside in Saves).")


def open_from_url() -> bool:
    """A share link (#g=code) opens as a replay: every game has secrets that continuing it would reveal.
    A remote-play link (#r=code) joins or moves its game; its fragment is then cleared, so that a reload
    shows the game rather than open the message again. True when the address held either."""
    fragment = str(window.location.hash or "")
    if fragment.startswith("#r=") and remote_available():
        window.history.replaceState(None, "", str(window.location.href).split("#")[0])
        open_remote_code(fragment[3:])
        return True
    code = limits.share_code_in(fragment, str(window.location.search or ""))
    if code:
        try:
            open_replay(records.decode(code))
        except SaveError as err:
            show_message(f"That shared game could not be opened: {err}.")
    return bool(code)


def embed_setup() -> tuple:
    """Embed parameters in the lichess style: ?seed=&bot=&seat=&view=&g=&theme="""
    setup = saved_setup()
    params = window.URLSearchParams.new(window.location.search)
    bot, seat = params.get("bot"), games.get(NAME).saved_seat(params.get("seat"))  # ?seat=1: an older link
    if isinstance(bot, str) and bot in getattr(game_module(games.get(NAME)), "BOTS", {}):
        human = seat if isinstance(seat, str) and seat in setup["seats"] else next(iter(setup["seats"]))
        setup["seats"] = {s: HUMAN if s == human else bot for s in setup["seats"]}
        setup["options"] = games.get(NAME).with_seats(setup["options"], setup["seats"])
    seed = params.get("seed")
    return setup, int(seed) if isinstance(seed, str) and seed.isdigit() else None


def record_finished_game() -> None:
    """Append a finished game to the local history that the statistics page reads (never over a
    history this page cannot read)."""
    state = session.state
    humans = session.humans()
    bots = sorted({who for who in session.seats.values() if who != HUMAN})
    mode = ", ".join(f"{k}={v}" for k, v in sorted(state.options.items())
                     if v != next(o.default for o in session.game.options if o.name == k)) or "standard"
    entry = {"game": NAME, "mode": mode, "opponent": bots[0] if bots else HUMAN, "seats": session.seats,
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


# -- remote play: a friend on another device, moves sent as links (game_core/remote.py, docs/remote.md) ----
class RemoteGame:
    """This browser's side of a remote game, standing in for the page's Session: the same frame() and log
    (Game.narrate, the lines for everyone and this seat), but no undo, hints, curtain or bots."""
    realtime, curtain = False, False

    def __init__(self, side: Remote, narrated: bool = True):
        self.side, self.game, self.seat = side, side.game, side.seat
        self.module = game_module(self.game)
        self.opponent = self.game.seat_name(side.other)
        self.ui, self.message, self.narration = {}, "", []
        self.saved = None  # the side as this page last stored it
        if narrated:  # (not for a label in Saves)
            self._record()  # a loaded side: every move its load replayed

    @property
    def state(self):
        return self.side.state

    @property
    def key(self) -> str:
        return REMOTE_PREFIX + self.side.gid

    def _record(self) -> None:
        self.narration += [self.game.narrate(before, after) for before, after in self.side.moved]

    def act(self, action: str, now_ms=None) -> None:
        self.side.act(action)  # IllegalAction: nothing changed
        self._record()

    def receive(self, code: str) -> None:
        self.side.receive(code)  # Refused (Cheated): nothing changed but the verdict
        self._record()

    def command(self, name: str) -> None:
        if name.startswith("ui:"):
            set_ui(self.ui, name)

    def viewer(self):
        return self.seat

    def humans(self) -> list:
        return [self.seat]

    def bot_seat(self):
        return None

    def can_hint(self) -> bool:
        return False

    def start_clock(self, now_ms) -> None:
        pass

    def interactive(self) -> bool:
        return self.state is not None and not self.side.waiting and not self.state.is_over

    def status(self) -> str:
        if self.state is None:
            return f"Waiting for {self.opponent} to join: send them the invitation."
        text = status_line(self.module, self.state, self.seat)
        if self.side.pending is not None:  # its chance needs the opponent's answer (docs/remote.md)
            return f"Your move is made: what it rolls or draws is settled when {self.opponent} answers your link."
        if self.side.waiting and not self.state.is_over:
            return f"Waiting for {self.opponent}'s move."
        return text

    def frame(self) -> dict:
        board = (self.invitation_steps() if self.state is None else
                 draw(self.module, self.state, self.seat, dict(self.ui, curtain=False, interactive=self.interactive())))
        log = [readable(move, self.seat) for move in self.narration]
        return {"board": board, "status": self.status(), "log": log, "can_undo": False, "can_redo": False,
                "can_hint": False}

    def invitation_steps(self) -> str:
        """What stands in for the board until the friend joins: how the game goes from here."""
        them, me = escape(self.opponent), escape(self.game.seat_name(self.seat))
        first = self.game.seats[0] == self.side.other
        answer = (f"{them} moves first; their first move comes back to you as a link: open it here."
                  if first else "Their browser answers with a link: open it here, and the first move is yours.")
        return (f'<div class="remote-board"><h2>A game against {them}, with you as {me}</h2><ol>'
                f'<li>Send {them} the invitation: "Copy the link", then paste it into any chat or mail.</li>'
                f"<li>{answer}</li>"
                "<li>From then on each move travels as a link between your two browsers, with no server in "
                "between. Neither browser can see the other's secrets or steer the dice.</li></ol></div>")

    def to_save(self) -> str:
        return json.dumps(self.side.to_dict(), sort_keys=True, separators=(",", ":"))

    def describe(self) -> str:
        moves = 0 if self.state is None else len(self.state.actions)
        where = ("checked" if self.side.verdict else "over") if self.state is not None and self.state.is_over \
            else f"waiting for {self.opponent}" if self.side.waiting else "your move"
        return (f"Remote game against {self.opponent} (you are {self.game.seat_name(self.seat)}), "
                f"{moves} moves, {where}")


def remote_available() -> bool:
    return NAME in REMOTE_GAMES and not EMBED


def read_remote(text, narrated: bool = True) -> RemoteGame:
    """A stored remote side (with its log narrated unless `narrated` is false); SaveError if unusable."""
    data = limits.parse_json(text, "the saved remote game")
    if not isinstance(data, dict) or data.get("name") != NAME:
        raise SaveError(f"this is not a remote game of {games.get(NAME).title}")
    return RemoteGame(Remote.from_dict(data), narrated)


def adopt_remote(game: RemoteGame) -> None:
    global session, replay
    jobs.clear()
    session, replay = game, None
    storage_set(REMOTE_OPEN_KEY, game.side.gid)


def is_remote() -> bool:
    return isinstance(session, RemoteGame)


def remote_link(code: str) -> str:
    return f'{str(window.location.href).split("#")[0].split("?")[0]}#r={code}'


def open_remote_code(code: str) -> None:
    """An invitation joins (or resumes) its game; a move is applied to the game it belongs to. A message
    that cannot be used says why, and nothing is changed."""
    code = code.strip()
    try:
        body = unseal(code)
        key = REMOTE_PREFIX + str(body.get("game"))
        text = storage_get(key)
        if text is None:
            if body.get("n") != 0:
                raise Refused("it belongs to a remote game this browser does not hold (open it in the browser "
                              "that plays it)")
            side, _ = Remote.join(code)  # the reply, if any, is side.outbox: shown to send
            adopt_remote(RemoteGame(side))
            return show_message("")
        # the game shown here is up to date (on_storage follows other tabs): no replay of the stored one
        game = session if is_remote() and session.key == key else read_remote(text)
    except (Refused, SaveError, ValueError) as err:
        return show_message(f"That remote-play link was not used: {err}. Nothing was changed.")
    adopt_remote(game)
    if code in game.side.log and unseal(code).get("from") == game.side.other:
        return show_message(f"You already opened this message from {game.opponent}: here is the game.")
    try:
        game.receive(code)
    except Refused as err:
        return show_message(f"That message from {game.opponent} was not applied: {err}. Nothing was changed.")
    show_message("")


def verdict_text(game: RemoteGame) -> str:
    verdict = game.side.verdict
    if verdict["ok"]:
        winner = verdict["winner"]
        won = "a draw" if winner is None else f"{game.game.seat_name(winner)} won"
        return (f"Verified: fair game ({won}). Both browsers revealed their secrets and replayed all "
                f"{verdict['moves']} moves and {verdict['outcomes']} chance draws: everything matches.")
    return f"{game.game.seat_name(verdict['cheater'])} cheated: {verdict['reason']}."


def show_remote() -> None:
    """The remote panel: the link to send (with its copy button and code) while it is this browser's
    turn to be heard, the waiting line, the end's verdict; hidden in a local game."""
    panel = element("remote")
    panel.hidden = not is_remote()
    document.body.setAttribute("data-remote", "" if not is_remote() else str(len(session.side.log)))
    if not is_remote():
        return
    side, them = session.side, session.opponent
    sending = bool(side.outbox) and side.log[-1] == side.outbox  # my message is the last one
    element("remote-send").hidden = not sending
    if sending:
        joined = side.count == 2 and side.outbox != side.log[0]  # the invitation is always the creator's
        element("remote-send-title").textContent = (
            f"Invitation for {them}: send them this link" if side.count == 1 else
            f"You joined: send this link back to {them}" if joined else
            f"Send this link to {them}" + (" (the last one: it lets their browser check the game too)"
                                           if side.final_sent else ""))
        element("remote-link").value = remote_link(side.outbox)
        element("remote-code").value = side.outbox
    element("remote-wait").hidden = not side.waiting
    element("remote-wait").textContent = f"Waiting for {them}: send this link again if they have not got it."
    element("remote-verdict").hidden = side.verdict is None
    if side.verdict is not None:
        element("remote-verdict").textContent = verdict_text(session)
        element("remote-verdict").className = "ok" if side.verdict["ok"] else "cheat"
    element("remote-paste-label").textContent = f"Got a code from {them} instead of a link? Paste it here"


def resume_remote() -> None:
    """The page showed a remote game last: resume it (its side is under its own key)."""
    gid = storage_get(REMOTE_OPEN_KEY)
    text = storage_get(REMOTE_PREFIX + gid) if gid and remote_available() else None
    if text:
        try:
            adopt_remote(read_remote(text))
        except SaveError as err:
            show_message(f"Your remote game could not be resumed: {err}. It stays listed under Saves.")


def on_hash_change(event=None) -> None:
    if open_from_url():
        render()


# -- drawing ---------------------------------------------------------------------------------
TOUCH_TARGET_PX = 44  # the smallest target a finger hits reliably (WCAG 2.5.5)
board_zoom = {}  # the touch zoom of each board drawing (by its place in #board)
board_is_live = False  # until the first render, #board holds the skeleton drawn at build time
MAX_ZOOM = 2  # a touch screen zooms a board at most this much (then it pans inside its box; small targets get a larger hit area)
NARROW = window.matchMedia("(max-width: 760px)")  # the phone layout: ui["narrow"] for the drawings


def animated_nodes(board):
    """Dice (by seat and die, with their value) and thunder claims (by seat and card) on the board."""
    for node in board.querySelectorAll(".die[data-die], .thunder"):
        key = f'{node.getAttribute("data-seat")}:{node.getAttribute("data-die") or node.getAttribute("data-card")}'
        yield (key, node.getAttribute("data-value") or "claimed"), node


def animated_marks(board) -> dict:
    return dict(mark for mark, _ in animated_nodes(board))


def reduced_motion() -> bool:
    return bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)


def piece_places(board) -> dict:
    """Where each piece (data-piece, a stable id across renders) is on the screen now."""
    places = {}
    for node in board.querySelectorAll("[data-piece]"):
        box = node.getBoundingClientRect()
        places[node.getAttribute("data-piece")] = (float(box.left), float(box.top))
    return places


def move_pieces(board, before: dict) -> None:
    """FLIP: each piece that moved slides from its old place to its new one; a new piece fades in.
    With reduced motion nothing moves: the .last highlight alone says what changed."""
    if not before or reduced_motion():
        return
    for node in board.querySelectorAll("[data-piece]"):
        old = before.get(node.getAttribute("data-piece"))
        if old is None:
            node.classList.add("arrived")
            continue
        box = node.getBoundingClientRect()
        scale = float(node.ownerSVGElement.getScreenCTM().a) or 1.0  # screen px per SVG unit
        dx, dy = (old[0] - float(box.left)) / scale, (old[1] - float(box.top)) / scale
        if abs(dx) + abs(dy) > 0.5:
            # `translate` composes with the element's own transform attribute (`transform` would replace it).
            frames = to_js([{"translate": f"{dx}px {dy}px"}, {"translate": "0px 0px"}],
                           dict_converter=window.Object.fromEntries)
            node.animate(frames, to_js({"duration": 350, "easing": "ease-out"}, dict_converter=window.Object.fromEntries))


def announce_cues(board) -> str:
    """The scoring moments drawn on the board (class cue), in words for the live region."""
    return " ".join(str(node.getAttribute("data-cue")) for node in board.querySelectorAll(".cue[data-cue]"))


def watch_dock_height() -> None:
    """The docked decision's height is --dock-h, for the phone layout (style.css): kept by a
    ResizeObserver, which reads it after the browser's own layout, never in the middle of a redraw."""
    def resized(entries, observer):
        document.documentElement.style.setProperty("--dock-h", f"{element('dock').offsetHeight}px")
    window.ResizeObserver.new(create_proxy(resized)).observe(element("dock"))


def size_board() -> None:
    """Fit each laptop drawing to the screen's height by its aspect ratio (a phone's tall drawing, made for
    ui["narrow"], takes the screen's width instead); on a touch screen zoom a board
    whose smallest target would be under 44 px (it then pans inside #board, never the page)."""
    board = element("board")
    board.classList.remove("zoomed")
    board.removeAttribute("tabindex")
    drawings = list(board.querySelectorAll(":scope > svg"))
    for svg in drawings:
        box = svg.viewBox.baseVal
        svg.style.width = ""
        svg.style.maxWidth = ""
        if box and box.height and not NARROW.matches:  # a phone drawing is tall: it takes the width, the page scrolls
            svg.style.maxWidth = f"calc(var(--board-h) * {box.width / box.height:.4f})"
    if not window.matchMedia("(pointer: coarse)").matches:
        return
    for index, svg in enumerate(drawings):
        if NARROW.matches:  # drawn for the phone's width with finger-sized targets: padded, never zoomed
            pad_targets(svg)
            continue
        sizes = [min(float(r.width), float(r.height)) for r in
                 (node.getBoundingClientRect() for node in svg.querySelectorAll("[data-action],[data-command]"))
                 if r.width > 0 and r.height > 0]
        if sizes:  # a zoom once needed stays (the board must not jump while a bot moves)
            board_zoom[index] = max(board_zoom.get(index, 1.0), min(MAX_ZOOM, TOUCH_TARGET_PX / min(sizes)))
        if board_zoom.get(index, 1.0) > 1:
            svg.style.maxWidth = "none"
            svg.style.width = f"{float(svg.getBoundingClientRect().width) * board_zoom[index]:.0f}px"
            board.classList.add("zoomed")
            board.setAttribute("tabindex", "0")  # a panned region must be reachable by keyboard too
        pad_targets(svg)


def reveal_targets(board) -> None:
    """A zoomed board pans to the choices when none of them is in its view (the next step is obvious)."""
    if not board.classList.contains("zoomed"):  # (measuring every target costs a layout: only when zoomed)
        return
    view = board.getBoundingClientRect()
    targets = [node.getBoundingClientRect() for node in board.querySelectorAll("[data-action]")]
    if not targets:
        return
    if any(r.right > view.left and r.left < view.right and r.bottom > view.top and r.top < view.bottom for r in targets):
        return
    first = targets[0]
    board.scrollLeft += float(first.left) - float(view.left) - (float(view.width) - float(first.width)) / 2
    board.scrollTop += float(first.top) - float(view.top) - (float(view.height) - float(first.height)) / 2


def pad_targets(svg) -> None:
    """Give each target still under 44 px after the zoom an invisible hit area of 44 px around its
    drawing (the last child of its <g>, so the focus ring on its first child is unchanged)."""
    for node in svg.querySelectorAll("g[data-action], g[data-command]"):
        box = node.getBoundingClientRect()
        if not box.width or (box.width >= TOUCH_TARGET_PX and box.height >= TOUCH_TARGET_PX):
            continue
        local = node.getBBox()
        # 44 px in the node's own units (and half a pixel more, so rounding never leaves it at 43.99)
        need = (TOUCH_TARGET_PX + 0.5) / (float(node.getScreenCTM().a) or 1.0)
        width, height = max(float(local.width), need), max(float(local.height), need)
        pad = document.createElementNS("http://www.w3.org/2000/svg", "rect")
        for name, value in (("x", float(local.x) - (width - float(local.width)) / 2),
                            ("y", float(local.y) - (height - float(local.height)) / 2),
                            ("width", width), ("height", height)):
            pad.setAttribute(name, f"{value:.1f}")
        pad.setAttribute("fill", "transparent")
        pad.setAttribute("class", "hit")
        node.appendChild(pad)


def tray_controls() -> list:
    """The package's tray(view, ui) for the person to decide now (none in replay, for a bot, or behind
    the hotseat curtain, which hides that person's secrets)."""
    tray = getattr(session.module, "tray", None)  # an optional export (docs/architecture.md)
    if tray is None or replay is not None or session.curtain or not session.interactive():
        return []
    ui = dict(session.ui, curtain=session.curtain, interactive=True)
    return tray(session.state.view(session.viewer()), ui)


def show_log(lines: list, html: str | None = None) -> list:
    """Append only the new lines (a click costs the same at move 600 as at move 20); rebuild the list
    when it changed otherwise (undo, a new game, the replay viewer); return the new lines."""
    log = element("log")
    count = log.childElementCount
    mode = "replay" if html is not None else "play"
    same = (log.getAttribute("data-mode") == mode and count <= len(lines)
            and (count == 0 or log.lastElementChild.textContent == lines[count - 1]))
    if html is not None or not same:
        log.setAttribute("data-mode", mode)
        log.innerHTML = html if html is not None else "".join(f"<li>{escape(line)}</li>" for line in lines)
        new = []
    else:
        new = lines[count:]
        log.insertAdjacentHTML("beforeend", "".join(f"<li>{escape(line)}</li>" for line in new))
    window.requestAnimationFrame(create_once_callable(lambda timestamp: scroll_to_end(log)))
    return new


def scroll_to_end(node) -> None:
    """Measured in the next frame, when the page is laid out anyway: reading a height in the middle of a
    redraw forces a layout of its own (about 20 ms on the Nippon map, on every redraw)."""
    node.scrollTop = node.scrollHeight


def save_over_flag(over: bool) -> None:
    """A one-character flag beside the autosave: the landing page offers "Continue" only for an
    unfinished game without parsing the save (nor starting Python)."""
    storage_set(f"{AUTOSAVE_KEY}:over", "1" if over else "0")


def render() -> None:
    global board_is_live
    focused = document.activeElement
    focus_key = None
    if focused:
        for attr in ("data-action", "data-command"):
            if focused.getAttribute(attr):
                focus_key = (attr, focused.getAttribute(attr))
    board = element("board")
    for drawer in (session, replay):
        if drawer is not None:
            drawer.ui["narrow"] = bool(NARROW.matches)
    before = animated_marks(board)
    places = piece_places(board) if board_is_live else {}  # nothing slides from the build-time skeleton
    if replay is None:
        frame = session.frame()
        board.innerHTML = frame["board"]
        status = frame["status"]
        new_lines = show_log(frame["log"])
    else:
        frame = None
        board.innerHTML = replay.board_svg()
        status = replay.status()
        show_log(replay.lines, replay.log_html())
        new_lines = []
    for (key, value), node in animated_nodes(board):  # animate only the dice and claims that just changed
        unseen = None if node.classList.contains("thunder") else value  # a new claim is news; a new die not
        if before and before.get(key, unseen) != value:
            node.classList.add("fresh")
    element("status").textContent = status
    spoken = " ".join(new_lines + ([announce_cues(board)] if new_lines else []))
    if spoken.strip():  # screen readers hear each new move, and the scoring moment it caused
        element("announce").textContent = spoken
    tray = element("tray")
    tray.innerHTML = tray_html(tray_controls(), status)
    tray.hidden = not tray.childElementCount
    element("replay-bar").hidden = replay is None
    for command in ("undo", "reset-turn"):
        document.querySelector(f'[data-command="{command}"]').disabled = replay is not None or not frame["can_undo"]
    document.querySelector('[data-command="redo"]').disabled = replay is not None or not frame["can_redo"]
    document.querySelector('[data-command="hint"]').disabled = replay is not None or not frame["can_hint"]
    element("notice").hidden = True
    curtain = element("curtain")
    curtain.hidden = replay is not None or not session.curtain
    if session.curtain:
        element("curtain-text").textContent = (
            f"Pass the device to {session.game.seat_name(session.viewer())}. Their hidden pieces stay covered until they are ready.")
    if session.message:
        show_message(session.message)
    over = session.state is not None and session.state.is_over
    document.body.setAttribute("data-over", "1" if over else "0")
    element("result").hidden = not over or replay is not None
    element("status").hidden = not element("result").hidden  # the result box says it once, with its buttons
    if over:
        element("result-text").textContent = session.status()
    for name in ("rematch", "replay", "download-record", "share"):  # a remote game's record needs its tape
        for button in document.querySelectorAll(f'#result [data-command="{name}"], nav [data-command="{name}"]'):
            button.hidden = is_remote()
    show_remote()
    size_board()  # before the pieces slide (the zoom moves them)
    reveal_targets(board)
    move_pieces(board, places)
    board_is_live = True
    if focus_key is not None:
        again = document.querySelector(f'[{focus_key[0]}="{window.CSS.escape(focus_key[1])}"]')
        if again:  # querySelector gives JS null (falsy) when the element is gone
            again.focus()
    if replay is None:
        autosave()
        if not is_remote():
            save_over_flag(over)
        schedule_bot()


def after_action(was_over: bool) -> None:
    if session.state.is_over and not was_over and not EMBED and not is_remote():
        record_finished_game()
    render()


# -- long searches (bots, hints) in slices ------------------------------------------------------
def run_in_slices(kind: str, job, on_done, delay_ms: int = 0) -> None:
    """Run a search (a generator) in short slices between page events, so the page never freezes;
    then call on_done(result). Starting another job of the same kind, or a new game, drops this one."""
    jobs[kind] = job

    def step():
        if jobs.get(kind) is not job:
            return  # replaced or dropped
        if replay is not None:  # paused while the replay viewer is open
            window.setTimeout(create_once_callable(step), 200)
            return
        deadline = time.perf_counter() + SLICE_SECONDS
        try:
            while time.perf_counter() < deadline:
                next(job)
        except StopIteration as done:
            del jobs[kind]
            on_done(done.value)
            return
        window.setTimeout(create_once_callable(step), 0)

    window.setTimeout(create_once_callable(step), delay_ms)


def schedule_bot() -> None:
    if "bot" not in jobs and not following and session.bot_seat() is not None and not session.state.is_over:
        run_in_slices("bot", session.bot_thinker(random_seed()), bot_done, BOT_DELAYS_MS[settings()["speed"]])


def bot_done(action) -> None:
    session.act(action, by_bot=True)
    after_action(was_over=False)
    keep_focus_on_board()


def hint_done(result) -> None:
    """Name the advisor's move, highlight it where it is on the board, give the chance of victory."""
    action, chance = result
    odds = f" Estimated chance of victory from here: {round(chance * 100)}%." if chance is not None else ""
    element("notice").textContent = f"Suggestion: {session.game.describe_action(session.state, action)}.{odds}"
    element("notice").hidden = False
    target = document.querySelector(f'#board [data-action="{window.CSS.escape(action)}"]')
    if target:
        target.classList.add("hint")


def realtime_tick() -> None:
    """Real-time games: bots act on the page's clock (the engine itself never reads a clock); in the
    tab that plays, not in one that follows another tab's game."""
    if replay is None and session is not None and not following and session.tick(now_ms()):
        after_action(was_over=False)


# -- replay viewer ----------------------------------------------------------------------------
def open_replay(record: dict) -> None:
    global replay
    replay = Replay(NAME, record)
    replay.go("first")


def replay_tick() -> None:
    global autoplay_timer
    if replay is None or replay.at_end:
        autoplay_timer = None
        return
    replay.go("next")
    render()
    autoplay_timer = window.setTimeout(replay_tick_proxy, int(element("replay-speed").value))


replay_tick_proxy = create_proxy(replay_tick)


def replay_command(command: str) -> None:
    global replay, autoplay_timer
    if autoplay_timer is not None:
        window.clearTimeout(autoplay_timer)
        autoplay_timer = None
        if command == "replay-play":
            return render()
    if command == "replay-exit":
        replay = None
    elif command == "replay-play":
        if replay.at_end:
            replay.go("first")
        autoplay_timer = window.setTimeout(replay_tick_proxy, 0)
    else:
        replay.go(command.removeprefix("replay-"))
    render()


# -- dialogs: new game, saves, share, settings -------------------------------------------------------
def new_game_fields() -> str:
    setup = saved_setup()
    values = {option.name: setup["options"].get(option.name, option.default) for option in session.game.options}
    rows = []
    if remote_available():  # the remote choice sits below the rules it plays with: say so at the top
        rows.append('<p class="remote-jump"><button type="button" data-command="remote-jump">'
                    "Playing a friend on another device? It is at the end, after the rules ↓</button></p>")
    for option in asked_options():
        current = values[option.name]
        field = f"opt-{option.name}"
        if option.choices is not None:
            choices = "".join(f'<option value="{escape(str(c))}"{" selected" if c == current else ""}>'
                              f"{escape(str(c).replace('-', ' ').capitalize())}</option>" for c in option.choices)
            control = f'<select id="{field}" name="{option.name}">{choices}</select>'
        elif isinstance(option.default, bool):
            control = f'<input type="checkbox" id="{field}" name="{option.name}"{" checked" if current else ""}>'
        elif isinstance(option.default, str):
            control = f'<input type="text" id="{field}" name="{option.name}" value="{escape(current)}">'
        else:
            control = (f'<input type="number" id="{field}" name="{option.name}" value="{current}" '
                       f'min="{option.low}" max="{option.high}">')
        help_text = f" <small>{escape(option.help)}</small>" if option.help else ""
        shown = ' data-option="1"' + ("" if option.shown(values) else " hidden")
        rows.append(f'<p{shown}><label for="{field}">{escape(option.label)}</label> {control}{help_text}</p>')
    special = getattr(session.module, "SPECIAL_BOTS", ())
    bots = [name for name in getattr(session.module, "BOTS", {}) if name not in special]
    option_names = {option.name for option in session.game.options}
    for seat in session.game.seats:
        if str(seat) in option_names:
            continue  # the game's own options already ask who sits here
        current = setup["seats"].get(str(seat), HUMAN)
        options = "".join(f'<option value="{c}"{" selected" if c == current else ""}>'
                          f'{"Human" if c == HUMAN else escape(c.title()) + " bot"}</option>' for c in [HUMAN] + bots)
        hidden = " hidden" if str(seat) in session.game.forced_seats(values) else ""
        rows.append(f'<p data-seat="{seat}"{hidden}><label for="seat-{seat}">{escape(session.game.seat_name(seat))}'
                    f'</label> <select id="seat-{seat}">{options}</select></p>')
    if remote_available():
        sides = "".join(f'<option value="{seat}">{escape(session.game.seat_name(seat))}</option>'
                        for seat in session.game.seats)
        rows.append('<fieldset id="remote-new"><legend>Or play a friend on another device</legend>'
                    f'<p><label for="remote-seat">Your side</label> <select id="remote-seat">{sides}</select></p>'
                    '<p><button type="button" data-command="remote-new">Play a friend remotely</button> '
                    '<small>With the rules chosen above. You get a link to send them by any chat or mail; '
                    'each move then travels as a link, and no server is involved.</small></p></fieldset>')
    return "".join(rows)


def on_new_game_input(event) -> None:
    """Show only the options that matter, and the seats a person may choose, for the values so far
    (Option.shown; the seats the options decide, like the solo module's, are not asked)."""
    if not str(event.target.id).startswith("opt-"):
        return
    values = form_option_values()
    for option in asked_options():
        element(f"opt-{option.name}").closest("p").hidden = not option.shown(values)
    forced = session.game.forced_seats(values)
    for row in document.querySelectorAll("#new-game-fields [data-seat]"):
        row.hidden = row.getAttribute("data-seat") in forced


def asked_options() -> list:
    """The options the new-game dialog asks (an internal one is set by the program: a remote game's)."""
    return [option for option in session.game.options if not option.internal]


def form_option_values() -> dict:
    """The options as the dialog has them now (a number still being typed counts as the default)."""
    options = {}
    for option in asked_options():
        control = element(f"opt-{option.name}")
        if option.choices is not None:
            options[option.name] = next((c for c in option.choices if str(c) == control.value), option.default)
        elif isinstance(option.default, bool):
            options[option.name] = bool(control.checked)
        elif isinstance(option.default, str):
            options[option.name] = str(control.value).strip()
        else:
            try:
                options[option.name] = int(control.value)
            except ValueError:
                options[option.name] = option.default
    return options


def read_new_game_form() -> dict:
    options = form_option_values()
    seats = {str(seat): options.get(str(seat)) or element(f"seat-{seat}").value for seat in session.game.seats}
    return {"options": options, "seats": seats}


def save_row(label: str, key: str, actions: tuple) -> str:
    buttons = " ".join(f'<button type="button" data-command="{command}:{escape(key)}" '
                       f'aria-label="{name} {escape(label)}">{name}</button>' for command, name in actions)
    return f"<li>{escape(label)} {buttons}</li>"


# A stored remote side is described by replaying it: each stored text is described once (the labels of the
# sides stored now, by their text; a side that changed is stored as a new text).
remote_labels: dict = {}


def remote_label(text: str) -> str:
    try:
        return read_remote(text, narrated=False).describe()
    except SaveError as err:
        return f"A remote game that cannot be opened ({err})"


def slot_list_html() -> str:
    """The named saves, then the copies kept aside (an unreadable save, another tab's game)."""
    rows = [save_row(key[len(SLOT_PREFIX):], key, (("slot-load", "Load"), ("save-delete", "Delete")))
            for key in storage_keys(SLOT_PREFIX)]
    global remote_labels
    labels = {}
    for key in storage_keys(REMOTE_PREFIX):
        here = is_remote() and key == session.key
        text = storage_get(key)
        if here:
            label = session.describe() + " (open now)"
        else:
            label = labels[text] = remote_labels.get(text) or remote_label(text)
        rows.append(save_row(label, key,
                             (("remote-open", "Open"),) + ((() if here else (("save-delete", "Delete"),)))))
    remote_labels = labels
    for key in kept_keys():
        when = key.rsplit(":kept:", 1)[-1] if ":kept:" in key else "earlier"
        rows.append(save_row(f"Kept aside {when}: {saves.describe(storage_get(key))}", key,
                             (("slot-load", "Open"), ("save-export", "Export"), ("save-delete", "Delete"))))
    return "".join(rows) or "<li><em>No saved games yet.</em></li>"


def share_url() -> str:
    base = str(window.location.href).split("#")[0].split("?")[0]
    return f"{base}#g={records.encode(session.state.record())}"


def fill_share_dialog() -> None:
    link = share_url()
    base = str(window.location.href).split("#")[0].split("?")[0].rsplit("/", 1)[0]
    element("share-link").value = link
    element("embed-snippet").value = (
        f'<iframe src="{base}/embed/{NAME}.html" title="{session.game.title} on Blitzbox" '
        f'style="width:100%;aspect-ratio:3/2;border:0" loading="lazy" allow="fullscreen"></iframe>')
    element("bgg-snippet").value = (f"[url={link}]{session.game.title}: play or replay this game on Blitzbox[/url]\n"
                                    "(attach the board picture downloaded below)")


def apply_settings() -> None:
    theme = window.URLSearchParams.new(window.location.search).get("theme") if EMBED else None
    if theme not in limits.SETTINGS["theme"]:
        theme = settings()["theme"]
    document.documentElement.setAttribute("data-theme", theme)


def on_setting_change(event) -> None:
    target = event.target
    key = target.getAttribute("data-setting")
    if key in limits.SETTINGS and target.value in limits.SETTINGS[key]:
        storage_set(SETTINGS_KEY, json.dumps({**settings(), key: target.value}))
        apply_settings()


def on_file_chosen(event) -> None:
    files = event.target.files
    if files.length:
        if files.item(0).size > limits.MAX_FILE_BYTES:
            return show_message("That file is far too large to be a Blitzbox save. Nothing was changed.")
        files.item(0).text().then(create_proxy(import_text))


def import_text(text) -> None:
    """Load a save (this tab's game is replaced, after asking), or open a record or share code as a replay."""
    global replay
    text = str(text).strip()
    try:
        if text.startswith("{") and '"blitzbox-remote"' in text:
            adopt_remote(read_remote(text))
        elif text.startswith("{") and '"blitzbox-session"' in text:
            loaded = read_session(text)
            if not is_remote() and session.state.actions and not window.confirm(
                    f"Replace the game in progress ({saves.describe(session.to_save())}) with the one you chose?"):
                return
            adopt(loaded, saved_text)  # the player chose: no need to keep this tab's game aside
            replay = None
        else:
            open_replay(shared_record(text))
    except SaveError as err:
        show_message(f"That save could not be loaded: {err}. Nothing was changed.")
        return
    element("saves").close()
    show_message("")
    render()


# -- events -------------------------------------------------------------------------------------
def take_action(action: str) -> None:
    global following
    was_over = session.state.is_over
    try:
        session.act(action, now_ms=now_ms())
    except IllegalAction as err:
        show_message(f"That move is not allowed: {err}.")
        return
    following = False  # the player is here now: so is the bot
    show_message("")
    after_action(was_over)


def keep_focus_on_board() -> None:
    """After a redraw replaced the focused piece, give the focus to the next target on the board rather
    than leave it on <body> (a keyboard player would tab through the whole menu again)."""
    if focus_on_board and document.activeElement in (None, document.body):
        target = document.querySelector("#board [data-action]") or document.querySelector("#board [data-command]")
        if target:
            target.focus()


def on_focus(event) -> None:
    global focus_on_board
    focus_on_board = bool(event.target.closest and event.target.closest("#board"))


# -- commands: one small function per data-command ----------------------------------------------
COMMANDS = {}


def command(name: str):
    def register(function):
        COMMANDS[name] = function
        return function
    return register


@command("new")
def open_new_game(arg, event) -> None:
    element("new-game-fields").innerHTML = new_game_fields()
    element("new-game").showModal()


@command("start")
def start_new_game(arg, event) -> None:
    global replay
    event.preventDefault()
    try:
        start(read_new_game_form())
    except ValueError as err:
        show_message(f"Cannot start that game: {err}")
        return
    replay = None
    element("new-game").close()
    render()


@command("rematch")
def rematch(arg, event) -> None:
    global replay
    replay = None
    start(saved_setup())
    render()


@command("replay")
def watch_replay(arg, event) -> None:
    open_replay(session.state.record())
    render()


@command("remote-new")
def new_remote_game(arg, event) -> None:
    chosen = str(element("remote-seat").value)
    seat = next(s for s in session.game.seats if str(s) == chosen)
    try:
        side, _ = Remote.create(session.game, form_option_values(), seat)
    except ValueError as err:
        return show_message(f"Cannot start that game: {err}")
    adopt_remote(RemoteGame(side))
    show_message("")
    element("new-game").close()
    render()


@command("remote-jump")
def jump_to_remote(arg, event) -> None:
    element("remote-new").scrollIntoView(to_js({"block": "center"}, dict_converter=window.Object.fromEntries))
    element("remote-seat").focus()


@command("remote-copy")
def copy_remote_link(arg, event) -> None:
    window.blitzbox.copy(element("remote-link").value)
    element("notice").textContent = "Link copied: paste it into your chat with your friend."
    element("notice").hidden = False


@command("remote-apply")
def apply_remote_code(arg, event) -> None:
    text = str(element("remote-paste").value).strip()
    code = text.split("#r=", 1)[-1]  # a whole link works too
    if code:
        open_remote_code(code)
        element("remote-paste").value = ""
        render()


@command("remote-open")
def open_remote_saved(key, event) -> None:
    try:
        adopt_remote(read_remote(storage_get(key) or ""))
    except SaveError as err:
        return show_message(f"That remote game could not be opened: {err}. Nothing was changed.")
    show_message("")
    element("saves").close()
    render()


@command("saves")
def open_saves(arg, event) -> None:
    element("slot-list").innerHTML = slot_list_html()
    element("code-out").hidden = True
    element("saves").showModal()


@command("slot-save")
def save_to_slot(arg, event) -> None:
    name = str(element("slot-name").value).strip() or datetime.now().strftime("%Y-%m-%d %H:%M")
    if storage_set(SLOT_PREFIX + name, session.to_save()):
        element("slot-list").innerHTML = slot_list_html()


@command("slot-load")
def load_saved(key, event) -> None:
    text = storage_get(key)
    if text:
        import_text(text)


@command("save-export")
def export_saved(key, event) -> None:
    text = storage_get(key)
    if text:
        stamp = key.rsplit(":", 1)[-1].replace(" ", "_").replace(":", "-")
        window.blitzbox.download(f"{NAME}-kept-{stamp}.json", text, "application/json")


@command("save-delete")
def delete_saved(key, event) -> None:
    if key.startswith((SLOT_PREFIX, saves.kept_prefix(PREFIX), OLD_UNREADABLE_KEY, REMOTE_PREFIX)):
        storage_remove(key)
    element("slot-list").innerHTML = slot_list_html()


@command("export-file")
def export_file(arg, event) -> None:
    window.blitzbox.download(f"{NAME}-save.json", session.to_save(), "application/json")


@command("export-code")
def export_code(arg, event) -> None:
    if is_remote():
        return show_message("A remote game has no save code: download its save file, or keep playing by links.")
    box = element("code-out")
    box.value = records.encode(session.state.record())
    box.hidden = False
    box.select()


@command("import-code")
def import_code(arg, event) -> None:
    import_text(element("code-in").value)


@command("share")
def open_share(arg, event) -> None:
    fill_share_dialog()
    element("share").showModal()


@command("copy-share")
def copy_share(arg, event) -> None:
    window.blitzbox.copy(element("share-link").value)


@command("download-record")
def download_record(arg, event) -> None:
    window.blitzbox.download(f"{NAME}-record.json", json.dumps(session.state.record(), indent=1), "application/json")


@command("board-png")
def board_png(arg, event) -> None:
    window.blitzbox.exportPng(element("board").innerHTML, f"{NAME}-board.png")


@command("settings")
def open_settings(arg, event) -> None:
    current = settings()
    element("set-theme").value = current["theme"]
    element("set-speed").value = current["speed"]
    element("settings").showModal()


@command("hint")
def ask_hint(arg, event) -> None:
    if session.can_hint():
        element("notice").textContent = "Thinking about a good move…"
        element("notice").hidden = False
        run_in_slices("hint", session.hint(random_seed()), hint_done)


@command("tips-done")
def tips_done(arg, event) -> None:
    element("how-to-play").open = False
    storage_set(f"{PREFIX}:tips-seen", "1")


@command("menu")
def menu(arg, event) -> None:
    toggle_menu(not element("menu").classList.contains("open"))


@command("close-dialog")
def close_dialog(arg, event) -> None:
    event.target.closest("dialog").close()


def run_command(name: str, event) -> None:
    """A data-command: the replay bar's, one of COMMANDS (`name:argument`), or the session's own
    (undo, redo, reset-turn, reveal, ui:key=value), which redraw the board."""
    global following
    if name.startswith("replay-"):
        return replay_command(name)
    head, _, arg = name.partition(":")
    if head in COMMANDS:
        return COMMANDS[head](arg, event)
    following = False
    session.command(name)
    render()


def toggle_menu(open_: bool) -> None:
    """The header's menu, folded into one button on a phone (CSS shows it inline on wider screens)."""
    element("menu").classList.toggle("open", open_)
    document.querySelector(".menu-toggle").setAttribute("aria-expanded", "true" if open_ else "false")


def on_click(event) -> None:
    target = event.target.closest("[data-action],[data-command]")
    if not target or target.hasAttribute("disabled") or session is None:
        return
    if target.closest("#menu"):
        toggle_menu(False)  # a phone's folded menu closes once a choice is made
    action = target.getAttribute("data-action")
    if action:
        if replay is None:
            take_action(action)
    else:
        run_command(target.getAttribute("data-command"), event)


def on_key(event) -> None:
    if session is None:
        return
    target = event.target
    in_form = target.tagName in ("INPUT", "SELECT", "TEXTAREA")
    if (event.ctrlKey or event.metaKey) and event.key in ("z", "y") and replay is None and not in_form:
        event.preventDefault()
        run_command("undo" if event.key == "z" else "redo", event)
        return
    if session.realtime and not in_form and not (event.ctrlKey or event.metaKey or event.altKey):
        shortcut = document.querySelector(f'#board [data-key="{window.CSS.escape(event.key)}"], #tray [data-key="{window.CSS.escape(event.key)}"]')
        if shortcut:  # a player's own key on a shared keyboard
            event.preventDefault()
            take_action(shortcut.getAttribute("data-action"))
            return
    if event.key in ("Enter", " "):
        is_native = in_form or target.tagName in ("BUTTON", "A")
        if not is_native and target.closest("[data-action],[data-command]"):
            event.preventDefault()
            on_click(event)
            keep_focus_on_board()


def main() -> None:
    apply_settings()
    resume(embed_setup() if EMBED else (saved_setup(), None))
    resume_remote()
    if STORAGE is None:
        show_message("This browser blocks storage here: you can play, but nothing will be saved.")
    elif not EMBED and browser_feature(browser_feature(window.navigator, "storage"), "persist"):
        window.navigator.storage.persist()  # ask the browser not to clear our saves
    open_from_url()
    document.addEventListener("click", create_proxy(on_click))
    document.addEventListener("keydown", create_proxy(on_key))
    document.addEventListener("change", create_proxy(on_setting_change))
    document.addEventListener("input", create_proxy(on_new_game_input))
    document.addEventListener("focusin", create_proxy(on_focus))
    window.addEventListener("storage", create_proxy(on_storage))
    window.addEventListener("hashchange", create_proxy(on_hash_change))  # a link opened in this very tab
    element("file-in").addEventListener("change", create_proxy(on_file_chosen))
    if session.realtime:
        window.setInterval(create_proxy(realtime_tick), 100)
    element("how-to-play").open = not storage_get(f"{PREFIX}:tips-seen")  # first visit: show the basics
    element("moves").open = not NARROW.matches  # a phone folds the log away
    NARROW.addEventListener("change", create_proxy(lambda event: render()))  # a turned phone gets its layout
    window.addEventListener("resize", create_proxy(lambda event: size_board()))
    watch_dock_height()
    element("loading").hidden = True
    for button in document.querySelectorAll("nav [data-command]"):
        button.disabled = False
    render()
    document.body.setAttribute("data-ready", "1")


main()
