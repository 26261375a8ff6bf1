"""PyScript glue for every game page (and its embed): it wires clicks, keys, timers and
localStorage to game_core.session and writes the HTML and SVG it returns into the page.
All rules, rendering, undo and record logic live in game_core (tested with pytest)."""

import json
import time
from datetime import datetime, timezone
from html import escape

from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import document, window

from game_core import IllegalAction, SaveError, games, records
from game_core.session import HUMAN, Replay, Session, game_module
from game_core.tray import tray_html

NAME = document.body.getAttribute("data-game")
EMBED = document.body.getAttribute("data-embed") == "1"
PREFIX = f"blitzbox:{NAME}:embed" if EMBED else f"blitzbox:{NAME}"
AUTOSAVE_KEY = f"{PREFIX}:autosave"
SETUP_KEY = f"{PREFIX}:setup"
SLOT_PREFIX = f"blitzbox:{NAME}:slot:"
SETTINGS_KEY = "blitzbox:settings"
HISTORY_KEY = "blitzbox:history"
SLICE_SECONDS = 0.025  # long searches run in slices this short, so the page never freezes
BOT_DELAYS_MS = {"slow": 1200, "normal": 600, "fast": 250, "instant": 0}

session = None  # the game being played
replay = None  # a Replay while the replay viewer is open
jobs = {}  # the running searches in slices, by kind ("bot", "hint")
autoplay_timer = None


def element(id_):
    return document.getElementById(id_)


def now_ms() -> float:
    return float(window.performance.now())


def random_seed() -> int:
    return int(window.Math.random() * 2**31)


# -- storage: never lose a game, never fail silently --------------------------------------
def storage_get(key):
    try:
        value = window.localStorage.getItem(key)
    except Exception:
        return None
    return value if isinstance(value, str) else None  # JS null arrives as a falsy JsNull


def storage_set(key, value) -> bool:
    try:
        window.localStorage.setItem(key, value)
        return True
    except Exception as err:  # QuotaExceededError, or storage disabled
        show_message(f"This browser refused to save ({getattr(err, 'name', 'storage error')}): its storage "
                     "may be full. The game goes on, but it is not saved: export it from Saves.")
        return False


def storage_keys(prefix: str) -> list:
    storage = window.localStorage
    keys = [storage.key(i) for i in range(storage.length)]
    return sorted(k for k in keys if isinstance(k, str) and k.startswith(prefix))


def settings() -> dict:
    try:
        value = json.loads(storage_get(SETTINGS_KEY) or "{}")
        return value if isinstance(value, dict) else {}
    except ValueError:
        return {}


def show_message(text: str) -> None:
    box = element("message")
    box.textContent = text
    box.hidden = not text


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
    text = storage_get(SETUP_KEY)
    if text:
        try:
            setup = json.loads(text)
            Session(NAME, 0, setup["options"], setup["seats"])  # still valid?
            return setup
        except Exception:
            pass
    return default_setup()


def start(setup: dict, seed=None) -> None:
    global session
    jobs.clear()
    session = Session(NAME, random_seed() if seed is None else seed, setup["options"], setup["seats"])
    session.start_clock(now_ms())
    storage_set(SETUP_KEY, json.dumps(setup))
    show_message("")


def load_text(text: str) -> None:
    """Load a save (session JSON), a bare record, or a share code; SaveError if unusable."""
    global session
    text = text.strip()
    if text.startswith("{") and '"blitzbox-session"' in text:
        loaded = Session.from_save(NAME, text)
    else:
        record = records.decode(text) if not text.startswith("{") else json.loads(text)
        loaded = Session.from_record(NAME, record, saved_setup()["seats"])
    jobs.clear()
    session = loaded
    session.start_clock(now_ms())


def resume() -> None:
    text = storage_get(AUTOSAVE_KEY)
    if text:
        try:
            load_text(text)
            return
        except (SaveError, ValueError) as err:
            # Keep the unreadable save aside (never delete a player's data) and say why.
            storage_set(f"{AUTOSAVE_KEY}:unreadable", text)
            start(saved_setup())
            show_message(f"Your saved game could not be resumed: {err}. It was kept aside; a new game has started.")
            return
    start(saved_setup())


def open_from_url() -> None:
    """A share link (#g=code) opens as a replay, or continues when the game has no secrets."""
    fragment = str(window.location.hash or "")
    query = str(window.location.search or "")
    code = None
    for part in (fragment[1:] + "&" + query[1:]).split("&"):
        if part.startswith("g="):
            code = window.decodeURIComponent(part[2:])
    if not code:
        return
    try:
        if session.game.hidden_information or "view=replay" in query:
            open_replay(records.decode(code))
        else:
            load_text(code)
    except (SaveError, ValueError) as err:
        show_message(f"That shared game could not be opened: {err}.")


def embed_setup() -> dict:
    """Embed parameters in the lichess style: ?seed=&bot=&seat=&view=&g=&theme="""
    setup = default_setup()
    params = window.URLSearchParams.new(window.location.search)
    bot, seat = params.get("bot"), params.get("seat")
    if isinstance(bot, str) and bot in getattr(game_module(games.get(NAME)), "BOTS", {}):
        human = seat if isinstance(seat, str) and seat in setup["seats"] else next(iter(setup["seats"]))
        setup["seats"] = {s: HUMAN if s == human else bot for s in setup["seats"]}
        setup["options"] = games.get(NAME).with_seats(setup["options"], setup["seats"])
    seed = params.get("seed")
    return setup, int(seed) if isinstance(seed, str) and seed.isdigit() else None


def record_finished_game() -> None:
    """Append a finished game to the local history that the statistics page reads."""
    state = session.state
    humans = session.humans()
    bots = sorted({who for who in session.seats.values() if who != HUMAN})
    mode = ", ".join(f"{k}={v}" for k, v in sorted(state.options.items())
                     if v != next(o.default for o in session.game.options if o.name == k)) or "standard"
    entry = {"game": NAME, "mode": mode, "opponent": bots[0] if bots else HUMAN, "seats": session.seats,
             "human_seats": humans, "winner": state.winner, "moves": len(state.actions),
             "finished_at": datetime.now(timezone.utc).isoformat(timespec="seconds")}
    try:
        history = json.loads(storage_get(HISTORY_KEY) or "[]")
    except ValueError:
        history = []
    if not isinstance(history, list):
        history = []
    storage_set(HISTORY_KEY, json.dumps(history + [entry]))


# -- drawing ---------------------------------------------------------------------------------
TOUCH_TARGET_PX = 44  # the smallest target a finger hits reliably (WCAG 2.5.5)
board_zoom = {}  # the touch zoom of each board drawing (by its place in #board)
MAX_ZOOM = 2  # a touch screen zooms a board at most this much (then it pans inside its box; small targets get a larger hit area)


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


def size_board() -> None:
    """Fit each board drawing to the screen's height by its aspect ratio; on a touch screen zoom a board
    whose smallest target would be under 44 px (it then pans inside #board, never the page)."""
    board = element("board")
    root = document.documentElement
    root.style.setProperty("--dock-h", f"{element('dock').offsetHeight}px")
    board.classList.remove("zoomed")
    board.removeAttribute("tabindex")
    drawings = list(board.querySelectorAll(":scope > svg"))
    for svg in drawings:
        box = svg.viewBox.baseVal
        svg.style.width = ""
        if box and box.height:
            svg.style.maxWidth = f"calc(var(--board-h) * {box.width / box.height:.4f})"
    if not window.matchMedia("(pointer: coarse)").matches:
        return
    for index, svg in enumerate(drawings):
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
    view = board.getBoundingClientRect()
    targets = [node.getBoundingClientRect() for node in board.querySelectorAll("[data-action]")]
    if not board.classList.contains("zoomed") or not targets:
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
    log.scrollTop = log.scrollHeight
    return new


def save_over_flag(over: bool) -> None:
    """A one-character flag beside the autosave: the landing page offers "Continue" only for an
    unfinished game without parsing the save (nor starting Python)."""
    storage_set(f"{AUTOSAVE_KEY}:over", "1" if over else "0")


def render() -> None:
    focused = document.activeElement
    focus_key = None
    if focused:
        for attr in ("data-action", "data-command"):
            if focused.getAttribute(attr):
                focus_key = (attr, focused.getAttribute(attr))
    board = element("board")
    before = animated_marks(board)
    places = piece_places(board)
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
    tray.innerHTML = tray_html(tray_controls())
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
    over = session.state.is_over
    document.body.setAttribute("data-over", "1" if over else "0")
    element("result").hidden = not over or replay is not None
    if over:
        element("result-text").textContent = session.status()
    size_board()  # once the dock has its final height, and before the pieces slide (the zoom moves them)
    reveal_targets(board)
    move_pieces(board, places)
    if focus_key is not None:
        again = document.querySelector(f'[{focus_key[0]}="{window.CSS.escape(focus_key[1])}"]')
        if again:  # querySelector gives JS null (falsy) when the element is gone
            again.focus()
    if replay is None:
        storage_set(AUTOSAVE_KEY, session.to_save())
        save_over_flag(over)
        schedule_bot()


def after_action(was_over: bool) -> None:
    if session.state.is_over and not was_over and not EMBED:
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
    if "bot" not in jobs and not session.state.is_over and session.bot_seat() is not None:
        delay = BOT_DELAYS_MS.get(settings().get("speed"), BOT_DELAYS_MS["normal"])
        run_in_slices("bot", session.bot_thinker(random_seed()), bot_done, delay)


def bot_done(action) -> None:
    session.act(action, by_bot=True)
    after_action(was_over=False)


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
    """Real-time games: bots act on the page's clock (the engine itself never reads a clock)."""
    if replay is None and session is not None and session.tick(now_ms()):
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
    for option in session.game.options:
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
        shown = ""
        if option.needs:
            other, minimum = option.needs
            shown = f' data-needs="opt-{other}" data-needs-min="{minimum}"'
            if values[other] < minimum:
                shown += " hidden"
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
        rows.append(f'<p><label for="seat-{seat}">{escape(session.game.seat_name(seat))}</label> '
                    f'<select id="seat-{seat}">{options}</select></p>')
    return "".join(rows)


def on_new_game_input(event) -> None:
    """Show only the options that matter for the values chosen so far (see Option.needs)."""
    if not str(event.target.id).startswith("opt-"):
        return
    for row in document.querySelectorAll(f'#new-game-fields [data-needs="{event.target.id}"]'):
        try:
            row.hidden = int(event.target.value) < int(row.getAttribute("data-needs-min"))
        except ValueError:
            pass  # a number being typed: keep the rows as they are


def read_new_game_form() -> dict:
    options = {}
    for option in session.game.options:
        control = element(f"opt-{option.name}")
        if option.choices is not None:
            options[option.name] = next((c for c in option.choices if str(c) == control.value), option.default)
        elif isinstance(option.default, bool):
            options[option.name] = bool(control.checked)
        elif isinstance(option.default, str):
            options[option.name] = str(control.value).strip()
        else:
            options[option.name] = int(control.value or option.default)
    seats = {str(seat): options.get(str(seat)) or element(f"seat-{seat}").value for seat in session.game.seats}
    return {"options": options, "seats": seats}


def slot_list_html() -> str:
    rows = []
    for key in storage_keys(SLOT_PREFIX):
        name = key[len(SLOT_PREFIX):]
        label = escape(name)
        rows.append(f'<li>{label} <button type="button" data-command="slot-load:{label}" '
                    f'aria-label="Load {label}">Load</button> <button type="button" '
                    f'data-command="slot-delete:{label}" aria-label="Delete {label}">Delete</button></li>')
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
    document.documentElement.setAttribute("data-theme", theme if isinstance(theme, str) else
                                          settings().get("theme", "system"))


def on_setting_change(event) -> None:
    target = event.target
    key = target.getAttribute("data-setting")
    if key:
        current = settings()
        current[key] = target.value
        storage_set(SETTINGS_KEY, json.dumps(current))
        apply_settings()


def on_file_chosen(event) -> None:
    files = event.target.files
    if files.length:
        files.item(0).text().then(create_proxy(import_text))


def import_text(text) -> None:
    try:
        load_text(str(text))
    except (SaveError, ValueError) as err:
        show_message(f"That save could not be loaded: {err}. Nothing was changed.")
        return
    element("saves").close()
    show_message("")
    render()


# -- events -------------------------------------------------------------------------------------
def take_action(action: str) -> None:
    was_over = session.state.is_over
    try:
        session.act(action, now_ms=now_ms())
    except IllegalAction as err:
        show_message(f"That move is not allowed: {err}.")
        return
    show_message("")
    after_action(was_over)


def run_command(command: str, event) -> None:
    global replay
    if command.startswith("replay-"):
        return replay_command(command)
    if command == "new":
        element("new-game-fields").innerHTML = new_game_fields()
        element("new-game").showModal()
        return
    if command == "start":
        event.preventDefault()
        try:
            start(read_new_game_form())
        except ValueError as err:
            show_message(f"Cannot start that game: {err}")
            return
        replay = None
        element("new-game").close()
    elif command == "rematch":
        replay = None
        start(saved_setup())
    elif command == "replay":
        open_replay(session.state.record())
    elif command == "saves":
        element("slot-list").innerHTML = slot_list_html()
        element("code-out").hidden = True
        element("saves").showModal()
        return
    elif command == "slot-save":
        name = str(element("slot-name").value).strip() or datetime.now().strftime("%Y-%m-%d %H:%M")
        if storage_set(SLOT_PREFIX + name, session.to_save()):
            element("slot-list").innerHTML = slot_list_html()
        return
    elif command.startswith("slot-load:"):
        text = storage_get(SLOT_PREFIX + command.split(":", 1)[1])
        if text:
            import_text(text)
        return
    elif command.startswith("slot-delete:"):
        window.localStorage.removeItem(SLOT_PREFIX + command.split(":", 1)[1])
        element("slot-list").innerHTML = slot_list_html()
        return
    elif command == "export-file":
        window.blitzbox.download(f"{NAME}-save.json", session.to_save(), "application/json")
        return
    elif command == "export-code":
        box = element("code-out")
        box.value = records.encode(session.state.record())
        box.hidden = False
        box.select()
        return
    elif command == "import-code":
        return import_text(element("code-in").value)
    elif command == "share":
        fill_share_dialog()
        element("share").showModal()
        return
    elif command == "copy-share":
        window.blitzbox.copy(element("share-link").value)
        return
    elif command == "download-record":
        window.blitzbox.download(f"{NAME}-record.json", json.dumps(session.state.record(), indent=1),
                                 "application/json")
        return
    elif command == "board-png":
        window.blitzbox.exportPng(element("board").innerHTML, f"{NAME}-board.png")
        return
    elif command == "settings":
        current = settings()
        element("set-theme").value = current.get("theme", "system")
        element("set-speed").value = current.get("speed", "normal")
        element("settings").showModal()
        return
    elif command == "hint":
        if session.can_hint():
            element("notice").textContent = "Thinking about a good move…"
            element("notice").hidden = False
            run_in_slices("hint", session.hint(random_seed()), hint_done)
        return
    elif command == "tips-done":
        element("how-to-play").open = False
        storage_set(f"{PREFIX}:tips-seen", "1")
        return
    elif command == "close-dialog":
        event.target.closest("dialog").close()
        return
    elif command == "menu":
        toggle_menu(not element("menu").classList.contains("open"))
        return
    else:
        session.command(command)
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
    if (event.ctrlKey or event.metaKey) and event.key in ("z", "y") and replay is None:
        event.preventDefault()
        run_command("undo" if event.key == "z" else "redo", event)
        return
    target = event.target
    in_form = target.tagName in ("INPUT", "SELECT", "TEXTAREA")
    if session.realtime and not in_form and not (event.ctrlKey or event.metaKey or event.altKey):
        shortcut = document.querySelector(f'#board [data-key="{window.CSS.escape(event.key)}"]')
        if shortcut:  # a player's own key on a shared keyboard
            event.preventDefault()
            take_action(shortcut.getAttribute("data-action"))
            return
    if event.key in ("Enter", " "):
        is_native = in_form or target.tagName in ("BUTTON", "A")
        if not is_native and target.closest("[data-action],[data-command]"):
            event.preventDefault()
            on_click(event)


def main() -> None:
    apply_settings()
    if EMBED:
        start(*embed_setup())
    else:
        resume()
        if window.navigator.storage and window.navigator.storage.persist:
            window.navigator.storage.persist()  # ask the browser not to clear our saves
    open_from_url()
    document.addEventListener("click", create_proxy(on_click))
    document.addEventListener("keydown", create_proxy(on_key))
    document.addEventListener("change", create_proxy(on_setting_change))
    document.addEventListener("input", create_proxy(on_new_game_input))
    element("file-in").addEventListener("change", create_proxy(on_file_chosen))
    if session.realtime:
        window.setInterval(create_proxy(realtime_tick), 100)
    element("how-to-play").open = not storage_get(f"{PREFIX}:tips-seen")  # first visit: show the basics
    element("moves").open = not window.matchMedia("(max-width: 760px)").matches  # a phone folds the log away
    window.addEventListener("resize", create_proxy(lambda event: size_board()))
    element("loading").hidden = True
    for button in document.querySelectorAll("nav [data-command]"):
        button.disabled = False
    render()
    document.body.setAttribute("data-ready", "1")


main()
