"""The dialogs: new game, saves and import, share, settings."""

from html import escape

from pyodide.ffi import create_proxy
from js import document, window

from game_core import SaveError, limits, new_game

from glue.core import EMBED, NAME, REMOTE_PREFIX, SLOT_PREFIX, element, page, show_message
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


def save_row(label: str, key: str, actions: tuple) -> str:
    buttons = " ".join(f'<button type="button" data-command="{command}:{escape(key)}" '
                       f'aria-label="{name} {escape(label)}">{name}</button>' for command, name in actions)
    return f"<li>{escape(label)} {buttons}</li>"


def slot_list_html() -> str:
    """The named saves, then the copies kept aside (an unreadable save, another tab's game)."""
    rows = [save_row(key[len(SLOT_PREFIX):], key, (("slot-load", "Load"), ("save-delete", "Delete")))
            for key in storage.storage_keys(SLOT_PREFIX)]
    labels = {}
    for key in storage.storage_keys(REMOTE_PREFIX):
        here = page.session.capabilities.remote and key == page.session.key
        text = storage.storage_get(key)
        if here:
            label = page.session.describe() + " (open now)"
        else:
            label = labels[text] = page.remote_labels.get(text) or remote.remote_label(text)
        rows.append(save_row(label, key,
                             (("remote-open", "Open"),) + ((() if here else (("save-delete", "Delete"),)))))
    page.remote_labels = labels
    kept = storage.SHELF.kept() if storage.SHELF else []
    for entry in kept:
        opened = (("slot-load", "Open"),) if entry["kind"] == "game" else ()
        rows.append(save_row(entry["label"], entry["key"], opened + (("save-export", "Export"), ("save-delete", "Delete"))))
    usage = f'<li class="usage">{escape(storage.SHELF.usage()["text"])}</li>' if kept else ""
    return "".join(rows) + usage or "<li><em>No saved games yet.</em></li>"


def fill_share_dialog() -> None:
    """One link per choice of Session.share_choices: a finished game's record; for a game in progress, a
    link to watch it (nothing hidden) and, with its warning, the whole game to move to another device."""
    address = str(window.location.href).split("#")[0].split("?")[0]
    base = address.rsplit("/", 1)[0]
    choices = page.session.share_choices()
    rows = []
    for index, choice in enumerate(choices):
        link = f"{address}#g={choice['code']}"
        field = "share-link" if index == 0 else f"share-link-{index}"
        warning = ' class="warning"' if choice["text"].startswith("Warning") else ""
        rows.append(f'<h3><label for="{field}">{escape(choice["label"])}</label></h3>'
                    f'<p{warning}><small>{escape(choice["text"])}</small></p>'
                    f'<textarea id="{field}" rows="3" readonly>{escape(link)}</textarea>'
                    f'<p><button type="button" data-command="copy-share:{field}">Copy this link</button></p>')
    element("share-choices").innerHTML = "".join(rows)
    link = element("share-link").value
    element("embed-snippet").value = (
        f'<iframe src="{base}/embed/{NAME}.html" title="{page.session.game.title} on Blitzbox" '
        f'style="width:100%;aspect-ratio:3/2;border:0" loading="lazy" allow="fullscreen"></iframe>')
    element("bgg-snippet").value = (f"[url={link}]{page.session.game.title}: play or replay this game on Blitzbox[/url]\n"
                                    "(attach the board picture downloaded below)")


def apply_settings() -> None:
    theme = window.URLSearchParams.new(window.location.search).get("theme") if EMBED else None
    if theme not in limits.SETTINGS["theme"]:
        theme = storage.settings()["theme"]
    document.documentElement.setAttribute("data-theme", theme)


def on_setting_change(event) -> None:
    target = event.target
    key = target.getAttribute("data-setting")
    if key in limits.SETTINGS and target.value in limits.SETTINGS[key]:
        if storage.SHELF:
            storage.SHELF.choose(key, target.value)
            storage.say()
        apply_settings()


def on_file_chosen(event) -> None:
    files = event.target.files
    if files.length:
        if files.item(0).size > limits.MAX_FILE_BYTES:
            return show_message("That file is far too large to be a Blitzbox save. Nothing was changed.")
        files.item(0).text().then(create_proxy(import_text))


def on_code_input(event) -> None:
    """Say what the pasted text is, and what loading it would replace, before anything is replaced."""
    text = str(element("code-in").value).strip()
    try:
        words = storage.import_plan(text)["what"] if text else ""
    except SaveError as err:
        words = f"This cannot be loaded: {err}."
    element("code-what").textContent = words


def import_text(text) -> None:
    """Load whatever Blitzbox gave a player to carry a game (storage.import_plan): a game to play on
    replaces this tab's, kept aside first with an Undo; a finished game or one to watch opens as a replay."""
    try:
        plan = storage.import_plan(str(text))
    except SaveError as err:
        show_message(f"That could not be loaded: {err}. Nothing was changed.")
        return
    element("saves").close()
    try:
        storage.take(plan, "Import")
    except SaveError as err:  # a remote game's save file that its remote play cannot read
        show_message(f"That could not be loaded: {err}. Nothing was changed.")
    drawing.render()
