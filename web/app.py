"""PyScript glue for every game page: it wires clicks, keys, timers and localStorage to
game_core.session.Session and writes the HTML and SVG it returns into the page.
All rules, rendering and undo logic live in game_core (tested with pytest)."""

import json
import time

from pyodide.ffi import create_proxy
from pyscript import document, window

from game_core import IllegalAction, SaveError
from game_core.session import HUMAN, Session, seat_label

NAME = document.body.getAttribute("data-game")
AUTOSAVE_KEY = f"blitzbox:{NAME}:autosave"
SETUP_KEY = f"blitzbox:{NAME}:setup"
BOT_SLICE_SECONDS = 0.025  # run bot search in short slices so the page never freezes
BOT_MIN_DELAY_MS = 350  # a bot that answers instantly feels like a glitch

session = None
bot_job = None  # the running bot search (a generator), if any


def element(id_):
    return document.getElementById(id_)


def random_seed() -> int:
    return int(window.Math.random() * 2**31)


# -- storage: never lose a game, never fail silently --------------------------------------
def storage_get(key):
    try:
        return window.localStorage.getItem(key)
    except Exception:
        return None


def storage_set(key, value) -> bool:
    try:
        window.localStorage.setItem(key, value)
        return True
    except Exception as err:  # QuotaExceededError, or storage disabled
        show_message(f"This browser refused to save the game ({getattr(err, 'name', 'storage error')}): "
                     "storage may be full. The game goes on, but it is not saved.")
        return False


def show_message(text: str) -> None:
    box = element("message")
    box.textContent = text
    box.hidden = not text


# -- starting and saving ------------------------------------------------------------------
def default_setup() -> dict:
    probe = Session(NAME, 0)
    seats = {}
    bots = list(getattr(probe.module, "BOTS", {}))
    for index, seat in enumerate(probe.game.seats):
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
    session = Session(NAME, random_seed() if seed is None else seed, setup["options"], setup["seats"])
    storage_set(SETUP_KEY, json.dumps(setup))
    show_message("")


def resume() -> None:
    global session
    text = storage_get(AUTOSAVE_KEY)
    if text:
        try:
            session = Session.from_save(NAME, text)
            return
        except SaveError as err:
            # Keep the unreadable save aside (never delete a player's data) and say why.
            storage_set(f"{AUTOSAVE_KEY}:unreadable", text)
            start(saved_setup())
            show_message(f"Your saved game could not be resumed: {err}. It was kept aside; a new game has started.")
            return
    start(saved_setup())


# -- drawing ---------------------------------------------------------------------------------
def render() -> None:
    focused = document.activeElement
    focus_key = None
    if focused:
        for attr in ("data-action", "data-command"):
            if focused.getAttribute(attr):
                focus_key = (attr, focused.getAttribute(attr))
    element("board").innerHTML = session.board_svg()
    element("status").textContent = session.status()
    log = element("log")
    log.innerHTML = session.log_html()
    log.scrollTop = log.scrollHeight
    document.querySelector('[data-command="undo"]').disabled = not session.can_undo()
    document.querySelector('[data-command="redo"]').disabled = not session.redo_stack
    curtain = element("curtain")
    curtain.hidden = not session.curtain
    if session.curtain:
        element("curtain-text").textContent = (
            f"Pass the device to {seat_label(session.viewer())}. Their hidden pieces stay covered until they are ready.")
    if session.message:
        show_message(session.message)
    over = session.state.is_over
    document.body.setAttribute("data-over", "1" if over else "0")
    element("result").hidden = not over
    if over:
        element("result-text").textContent = session.status()
    if focus_key is not None:
        again = document.querySelector(f'[{focus_key[0]}="{window.CSS.escape(focus_key[1])}"]')
        if again:  # querySelector gives JS null (falsy) when the element is gone
            again.focus()
    storage_set(AUTOSAVE_KEY, session.to_save())
    schedule_bot()


# -- bots -------------------------------------------------------------------------------------
def schedule_bot() -> None:
    global bot_job
    if bot_job is None and not session.state.is_over and session.bot_seat() is not None:
        bot_job = session.bot_thinker(random_seed())
        window.setTimeout(bot_step_proxy, BOT_MIN_DELAY_MS)


def bot_step() -> None:
    global bot_job
    if bot_job is None:
        return
    deadline = time.perf_counter() + BOT_SLICE_SECONDS
    try:
        while time.perf_counter() < deadline:
            next(bot_job)
    except StopIteration as done:
        bot_job = None
        session.act(done.value, by_bot=True)
        render()
        return
    window.setTimeout(bot_step_proxy, 0)


bot_step_proxy = create_proxy(bot_step)


# -- the new-game dialog ------------------------------------------------------------------------
def new_game_fields() -> str:
    setup = saved_setup()
    rows = []
    for option in session.game.options:
        current = setup["options"].get(option.name, option.default)
        field = f"opt-{option.name}"
        if option.choices is not None:
            choices = "".join(f'<option value="{c}"{" selected" if c == current else ""}>{c}</option>'
                              for c in option.choices)
            control = f'<select id="{field}" name="{option.name}">{choices}</select>'
        elif isinstance(option.default, bool):
            control = f'<input type="checkbox" id="{field}" name="{option.name}"{" checked" if current else ""}>'
        else:
            control = (f'<input type="number" id="{field}" name="{option.name}" value="{current}" '
                       f'min="{option.low}" max="{option.high}">')
        rows.append(f'<p><label for="{field}">{option.label}</label> {control}'
                    f'{f" <small>{option.help}</small>" if option.help else ""}</p>')
    bots = list(getattr(session.module, "BOTS", {}))
    for seat in session.game.seats:
        current = setup["seats"].get(str(seat), HUMAN)
        choices = [HUMAN] + bots
        options = "".join(f'<option value="{c}"{" selected" if c == current else ""}>'
                          f'{"Human" if c == HUMAN else c.title() + " bot"}</option>' for c in choices)
        rows.append(f'<p><label for="seat-{seat}">{seat_label(seat)}</label> '
                    f'<select id="seat-{seat}" data-seat="{seat}">{options}</select></p>')
    return "".join(rows)


def read_new_game_form() -> dict:
    options = {}
    for option in session.game.options:
        control = element(f"opt-{option.name}")
        if option.choices is not None:
            value = control.value
            options[option.name] = next((c for c in option.choices if str(c) == value), option.default)
        elif isinstance(option.default, bool):
            options[option.name] = bool(control.checked)
        else:
            options[option.name] = int(control.value or option.default)
    seats = {str(seat): element(f"seat-{seat}").value for seat in session.game.seats}
    return {"options": options, "seats": seats}


def open_new_game_dialog() -> None:
    element("new-game-fields").innerHTML = new_game_fields()
    element("new-game").showModal()


# -- events -------------------------------------------------------------------------------------
def take_action(action: str) -> None:
    try:
        session.act(action)
    except IllegalAction as err:
        show_message(f"That move is not allowed: {err}.")
        return
    render()


def run_command(command: str, event) -> None:
    global bot_job
    if command == "new":
        open_new_game_dialog()
        return
    if command == "start":
        event.preventDefault()
        try:
            setup = read_new_game_form()
            bot_job = None
            start(setup)
        except ValueError as err:
            show_message(f"Cannot start that game: {err}")
            return
        element("new-game").close()
    elif command == "rematch":
        bot_job = None
        start(saved_setup())
    else:
        session.command(command)
    render()


def on_click(event) -> None:
    target = event.target.closest("[data-action],[data-command]")
    if target is None or target.hasAttribute("disabled") or session is None:
        return
    action = target.getAttribute("data-action")
    if action:
        take_action(action)
    else:
        run_command(target.getAttribute("data-command"), event)


def on_key(event) -> None:
    if session is None:
        return
    if (event.ctrlKey or event.metaKey) and event.key in ("z", "y"):
        event.preventDefault()
        run_command("undo" if event.key == "z" else "redo", event)
        return
    if event.key in ("Enter", " "):
        target = event.target
        is_native = target.tagName in ("BUTTON", "A", "INPUT", "SELECT", "TEXTAREA")
        if not is_native and target.closest("[data-action],[data-command]") is not None:
            event.preventDefault()
            on_click(event)


def main() -> None:
    resume()
    document.addEventListener("click", create_proxy(on_click))
    document.addEventListener("keydown", create_proxy(on_key))
    element("loading").hidden = True
    document.querySelector('[data-command="new"]').disabled = False
    render()
    document.body.setAttribute("data-ready", "1")


main()
