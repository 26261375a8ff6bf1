"""What happens between clicks: a move taken, bots and hints thinking in slices (the page never freezes),
the real-time clock, and the replay viewer."""

from pyodide.ffi import create_once_callable, create_proxy
from js import document, window

from game_core import IllegalAction
from game_core.page import message, refocus, thinking_writes
from game_core.page_state import BOT_DELAYS_MS, SLICE_SECONDS
from game_core.session import Replay, bot_due, run_slice, wake_lock_step

from glue.core import NAME, browser_feature, element, now_ms, page, random_seed, show_message, write
from glue import drawing, follow, storage


def run_in_slices(kind: str, job, on_done, delay_ms: int = 0) -> None:
    """Run a search (a generator) in short slices between page events, so the page never freezes;
    then call on_done(result). Starting another job of the same kind, or a new game, drops this one.
    While a bot thinks the body carries data-thinking="1" (and the board aria-busy)."""
    page.jobs[kind] = job
    show_thinking()

    def step():
        outcome = run_slice(page.jobs, kind, job, page.replay is not None, SLICE_SECONDS)
        if outcome[0] in ("dropped", "done"):
            show_thinking()
            if outcome[0] == "done":
                on_done(outcome[1])
            return
        window.setTimeout(create_once_callable(step), 200 if outcome[0] == "paused" else 0)

    window.setTimeout(create_once_callable(step), delay_ms)


def show_thinking() -> None:
    write(thinking_writes("bot" in page.jobs))


def schedule_bot() -> None:
    if bot_due(page.session, page.jobs, page.following):
        delay = BOT_DELAYS_MS[storage.settings()["speed"]]
        run_in_slices("bot", page.session.bot_thinker(random_seed()), bot_done, delay)


def bot_done(action) -> None:
    page.session.act(action, by_bot=True)
    drawing.after_action(was_over=False)
    keep_focus_on_board()


def hint_done(result) -> None:
    """Name the advisor's move, highlight it where it is on the board, give the chance of victory."""
    action, chance = result
    element("notice").textContent = page.session.hint_text(action, chance)
    element("notice").hidden = False
    if page.session.point_to(action):  # the ui that brings the control into view, where a game has one
        drawing.render()
        element("notice").hidden = False  # (a redraw hides the notice)
    name = window.CSS.escape(action)
    target = document.querySelector(f'#board [data-action="{name}"], #tray [data-action="{name}"]')
    if target:
        target.classList.add("hint")
        follow.bring_into_view(target)


def realtime_tick() -> None:
    """Real-time games: bots act on the page's clock (the engine itself never reads a clock); in the
    tab that plays, not in one that follows another tab's game."""
    if page.replay is None and page.session is not None and not page.following and page.session.tick(now_ms()):
        drawing.after_action(was_over=False)
    keep_awake(page.replay is None and page.session is not None and not page.session.state.is_over)


def keep_awake(racing: bool) -> None:
    """A race keeps the screen on (the Screen Wake Lock, where the browser has one); the lock goes at its
    end. The browser drops it when the page is hidden: it is asked for again once the page shows."""
    locks = browser_feature(window.navigator, "wakeLock")
    held = page.wake_lock
    if not locks:
        return
    step = wake_lock_step(racing, held not in (None, "asking") and not held.released, held == "asking",
                          document.visibilityState == "visible")
    if step == "ask":
        page.wake_lock = "asking"

        def got(sentinel):
            page.wake_lock = sentinel

        def refused(error):
            page.wake_lock = None
        locks.request("screen").then(create_once_callable(got), create_once_callable(refused))
    elif step == "release":
        held.release()
        page.wake_lock = None


def open_replay(record: dict) -> None:
    page.replay = Replay(NAME, record)
    page.replay.go("first")


def replay_tick() -> None:
    if page.replay is None or not page.replay.advance():
        page.autoplay_timer = None
        return
    drawing.render()
    page.autoplay_timer = window.setTimeout(replay_tick_proxy, int(element("replay-speed").value))


replay_tick_proxy = create_proxy(replay_tick)


def replay_command(command: str) -> None:
    playing = page.autoplay_timer is not None
    if playing:
        window.clearTimeout(page.autoplay_timer)
        page.autoplay_timer = None
    then = page.replay.steer(command, playing) if page.replay is not None else "exit"
    if then == "exit":
        page.replay = None
    elif then == "play":
        page.autoplay_timer = window.setTimeout(replay_tick_proxy, 0)
    drawing.render()


def take_action(action: str) -> None:
    was_over = page.session.state.is_over
    try:
        page.session.act(action, now_ms=now_ms())
    except IllegalAction as err:
        show_message(message("not-allowed", err))
        return
    page.moved_here()
    show_message("")
    drawing.after_action(was_over)


def keep_focus_on_board() -> None:
    """After a redraw replaced the focused piece, a keyboard player's focus goes on to the next target on the
    board (game_core.page.refocus)."""
    if refocus(page.keyboard_player, page.focus_on_board, document.activeElement in (None, document.body)):
        target = document.querySelector("#board [data-action]") or document.querySelector("#board [data-command]")
        if target:
            follow.focus(target)


def on_focus(event) -> None:
    page.focus_on_board = bool(event.target.closest and event.target.closest("#board"))
