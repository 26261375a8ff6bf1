"""The dialogs: new game, saves and import, share, settings."""

from pyodide.ffi import create_proxy
from js import document, window

from game_core import SaveError, limits, new_game, shelf
from game_core.page import message
from game_core.dialogs import remote_rows, saves_html, share

from glue.core import EMBED, KEYS, NAME, element, page, show_message
from glue import drawing, remote, remote_invite, storage


def new_game_fields() -> str:
    remote_fields = remote_invite.remote_fields() if remote.remote_available() else None
    return new_game.fields_html(NAME, storage.saved_setup(), remote_fields)


def on_new_game_input(event) -> None:
    """Show only the options that matter, and the seats a person may choose, for the values so far."""
    if not str(event.target.id).startswith("opt-"):
        return
    options, seats = new_game.hidden_fields(page.session.game, form_option_values())
    for option in new_game.asked_options(page.session.game):
        element(f"opt-{option.name}").closest("p").hidden = option.name in options
    for row in document.querySelectorAll("#new-game-fields [data-seat]"):
        row.hidden = row.getAttribute("data-seat") in seats


def form_option_values() -> dict:
    """The options as the dialog has them now (new_game.option_values)."""
    controls = {}
    for option in new_game.asked_options(page.session.game):
        control = element(f"opt-{option.name}")
        controls[option.name] = control.checked if control.type == "checkbox" else str(control.value)
    return new_game.option_values(page.session.game, controls)


def read_new_game_form() -> dict:
    game = page.session.game
    seats = {str(seat): select.value for seat in game.seats if (select := element(f"seat-{seat}"))}
    return new_game.setup_from_form(game, form_option_values(), seats)


def slot_list_html() -> str:
    """Saves' list (game_core.dialogs.saves_html): each stored remote game is described once by its text."""
    here = page.session.capabilities.remote
    remotes, page.remote_labels = remote_rows(storage.storage_keys(KEYS.remote), storage.storage_get,
                                              page.session.key if here else None,
                                              page.session.describe() if here else "", page.remote_labels,
                                              remote.remote_label)
    kept = storage.SHELF.kept() if storage.SHELF else []
    usage = storage.SHELF.usage()["text"] if kept else ""
    return saves_html(KEYS.slot, storage.storage_keys(KEYS.slot), remotes, kept, usage)


def fill_share_dialog() -> None:
    """One link per choice of Session.share_choices (game_core.dialogs.share), and the snippets to embed it."""
    shown = share(str(window.location.href), page.session.share_choices(), NAME, page.session.game.title)
    element("share-choices").innerHTML = shown["choices"]
    element("embed-snippet").value = shown["embed"]
    element("bgg-snippet").value = shown["bgg"]


def apply_settings() -> None:
    theme = window.URLSearchParams.new(window.location.search).get("theme") if EMBED else None
    if not limits.is_setting("theme", theme):
        theme = storage.settings()["theme"]
    document.documentElement.setAttribute("data-theme", theme)


def on_setting_change(event) -> None:
    target = event.target
    key = target.getAttribute("data-setting")
    if limits.is_setting(key, target.value):
        if storage.SHELF:
            storage.SHELF.choose(key, target.value)
            storage.say()
        apply_settings()


def on_file_chosen(event) -> None:
    files = event.target.files
    if files.length:
        if files.item(0).size > limits.MAX_FILE_BYTES:
            return show_message(message("file-too-large"))
        files.item(0).text().then(create_proxy(import_text))


def on_code_input(event) -> None:
    """Say what the pasted text is, and what loading it would replace, before anything is replaced."""
    element("code-what").textContent = shelf.import_words(str(element("code-in").value).strip(), storage.import_plan)


def import_text(text) -> None:
    """Load whatever Blitzbox gave a player to carry a game (storage.import_plan): a game to play on
    replaces this tab's, kept aside first with an Undo; a finished game or one to watch opens as a replay."""
    try:
        plan = storage.import_plan(str(text))
    except SaveError as err:
        show_message(shelf.not_loaded(err))
        return
    element("saves").close()
    try:
        storage.take(plan, "Import")
    except SaveError as err:  # a remote game's save file that its remote play cannot read
        show_message(shelf.not_loaded(err))
    drawing.render()
