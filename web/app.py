"""PyScript glue for every game page (and its embed): it wires clicks, keys, timers and localStorage
to game_core.session and writes the HTML and SVG it returns into the page (the modules of glue/).
All rules, rendering, undo and record logic live in game_core (tested with pytest)."""

from pyodide.ffi import create_proxy
from js import document, window

from game_core.page import message

from glue.core import EMBED, KEYS, browser_feature, element, page, show_message
from glue import commands, dialogs, drawing, effects, follow, play, remote, sound, storage, tutorial


def main() -> None:
    page.after_frame, page.open_code = effects.after_frame, remote.open_remote_code  # (game_core.page_state.PageState)
    dialogs.apply_settings()
    fallback = storage.embed_setup() if EMBED else (storage.saved_setup(), None)
    if window.URLSearchParams.new(window.location.search).get("fresh") == "1":
        storage.start_fresh(fallback)
    else:
        storage.resume(fallback)
    remote.resume_remote()
    if storage.STORAGE is None:
        page.standing_note = message("storage-blocked")
        show_message("")  # (it stays: every later message clears back to it)
    elif not EMBED and browser_feature(browser_feature(window.navigator, "storage"), "persist"):
        window.navigator.storage.persist()  # ask the browser not to clear our saves
    remote.open_from_url()
    if page.address_problem:
        show_message(page.address_problem)
    document.addEventListener("click", create_proxy(commands.on_click))
    document.addEventListener("keydown", create_proxy(commands.on_key))
    document.addEventListener("change", create_proxy(dialogs.on_setting_change))
    document.addEventListener("input", create_proxy(dialogs.on_new_game_input))
    document.addEventListener("focusin", create_proxy(play.on_focus))
    document.addEventListener("pointerdown", create_proxy(follow.on_pointer), True)  # (a tap or a key: glue/follow.py)
    document.addEventListener("keydown", create_proxy(follow.on_key), True)
    window.addEventListener("storage", create_proxy(commands.on_storage))
    window.addEventListener("hashchange", create_proxy(remote.on_hash_change))  # a link opened in this very tab
    element("file-in").addEventListener("change", create_proxy(dialogs.on_file_chosen))
    element("code-in").addEventListener("input", create_proxy(dialogs.on_code_input))  # what it is, before Load
    if page.session.realtime:
        window.setInterval(create_proxy(play.realtime_tick), 100)
    element("how-to-play").open = not storage.storage_get(KEYS.tips_seen)  # first visit: show the basics
    element("moves").open = not drawing.NARROW.matches  # a phone folds the log away
    drawing.NARROW.addEventListener("change", create_proxy(lambda event: drawing.render()))  # a turned phone gets its layout
    window.addEventListener("resize", create_proxy(lambda event: drawing.size_board()))
    drawing.watch_dock()
    drawing.watch_presses()
    sound.setup()
    element("loading").hidden = True
    for button in document.querySelectorAll("nav [data-command]"):
        button.disabled = False
    drawing.render()
    tutorial.open_from_address()  # ?tutorial=NAME, or a first visit's offer
    document.body.setAttribute("data-ready", "1")


main()
