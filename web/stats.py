"""PyScript glue for the statistics page: read the history from localStorage, show
game_core.stats' HTML, and clear the history after the player confirms."""

from pyodide.ffi import create_proxy
from js import document, window

from game_core.stats import HISTORY_KEY, read_history, stats_html

CONFIRM_CLEAR = "Clear all your statistics in this browser? This cannot be undone."


def element(id_):
    return document.getElementById(id_)


def show_message(text: str) -> None:
    message = element("message")
    message.textContent = text
    message.hidden = not text


def stored_history() -> tuple:
    """(the history's entries, why it cannot be read or "") from localStorage (game_core.stats.read_history)."""
    try:
        text = window.localStorage.getItem(HISTORY_KEY)
    except Exception:  # storage disabled or blocked: show an empty record
        return [], ""
    return read_history(text if isinstance(text, str) else None)


def render() -> None:
    history, problem = stored_history()
    show_message(f"Your statistics could not be read: {problem}. They were left as they are." if problem else "")
    element("stats").innerHTML = stats_html(history, problem)
    element("status").textContent = f"{len(history)} finished game{'' if len(history) == 1 else 's'} recorded in this browser."
    document.querySelector('[data-command="clear-stats"]').disabled = not history and not problem


def clear_stats() -> None:
    if not window.confirm(CONFIRM_CLEAR):
        return
    try:
        window.localStorage.removeItem(HISTORY_KEY)
    except Exception as err:
        show_message(f"This browser refused to clear the statistics ({getattr(err, 'name', 'storage error')}).")
    render()


def on_click(event) -> None:
    target = event.target.closest("[data-command]")
    if target is not None and not target.hasAttribute("disabled") \
            and target.getAttribute("data-command") == "clear-stats":
        clear_stats()


def main() -> None:
    document.addEventListener("click", create_proxy(on_click))
    element("loading").hidden = True
    render()
    document.body.setAttribute("data-ready", "1")


main()
