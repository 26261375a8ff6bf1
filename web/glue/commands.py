"""The page's events: one small function per data-command, clicks and keys."""

import json
from datetime import datetime

from js import document, window

from game_core import IllegalAction, SaveError, records
from game_core import session as controller
from game_core.page import kept_file_name, key_steps, message
from game_core.remote_session import pasted_code
from game_core.shelf import text_of

from glue.core import KEYS, NAME, element, js, now_ms, page, random_seed, show_message
from glue import dialogs, drawing, play, remote, remote_invite, review, sound, storage, tutorial


COMMANDS = {}


def command(name: str):
    def register(function):
        COMMANDS[name] = function
        return function
    return register


@command("new")
def open_new_game(arg, event) -> None:
    element("new-game-fields").innerHTML = dialogs.new_game_fields()
    element("new-game").showModal()


@command("start")
def start_new_game(arg, event) -> None:
    event.preventDefault()
    try:
        setup = dialogs.read_new_game_form()
        if not storage.keep_unfinished("New game"):
            return
        storage.start(setup)
    except ValueError as err:
        show_message(message("cannot-start", err))
        return
    page.replay = None
    element("new-game").close()
    drawing.render()


@command("rematch")
def rematch(arg, event) -> None:
    if not storage.keep_unfinished("Rematch"):
        return
    page.replay = None
    storage.start(storage.saved_setup())
    drawing.render()


@command("quick-setup")
def quick_setup(arg, event) -> None:
    """Bitskrieg's quick set-up (its tray offers it): the rest of the set-up step in one click, chosen for
    the player, or as in their last game ("quick-setup:last"); Undo takes each step back."""
    try:
        controller.quick_setup(page.session, last=arg == "last", now_ms=now_ms())
    except IllegalAction as err:
        show_message(message("quick-setup-stopped", err))
    page.following = False
    drawing.render()


@command("undo-keep")
def undo_keep(arg, event) -> None:
    """The game a New game, Rematch or Import kept aside comes back (the one shown now is kept in turn)."""
    back = storage.SHELF.undo_keep(page.session) if storage.SHELF else None
    if back is not None:
        storage.adopt(back)
        page.replay = None
        show_message("")
    storage.say()
    drawing.render()


@command("replay")
def watch_replay(arg, event) -> None:
    review.close()
    play.open_replay(page.session.state.record())
    drawing.render()


@command("review")
def open_review(arg, event) -> None:
    review.open_review()


@command("review-move")
def review_move(arg, event) -> None:
    review.go(int(arg))


@command("review-step")
def review_step(arg, event) -> None:
    review.step(arg)


@command("remote-new")
def new_remote_game(arg, event) -> None:
    remote_invite.new_game(dialogs.form_option_values())


@command("remote-jump")
def jump_to_remote(arg, event) -> None:
    element("remote-new").scrollIntoView(js({"block": "center"}))
    element("remote-seat").focus()


@command("remote-send")
def send_remote_link(arg, event) -> None:
    remote_invite.send_link()


@command("remote-transcript")
def download_transcript(arg, event) -> None:
    remote_invite.download_transcript()


@command("remote-apply")
def apply_remote_code(arg, event) -> None:
    code = pasted_code(str(element("remote-paste").value))
    if code:
        remote.open_remote_code(code)
        element("remote-paste").value = ""
        drawing.render()


@command("remote-open")
def open_remote_saved(key, event) -> None:
    try:
        storage.adopt_remote(storage.read_remote(storage.storage_get(key) or ""))
    except SaveError as err:
        return show_message(message("remote-not-opened", err))
    show_message("")
    element("saves").close()
    drawing.render()


@command("saves")
def open_saves(arg, event) -> None:
    element("slot-list").innerHTML = dialogs.slot_list_html()
    element("code-out").hidden = True
    element("saves").showModal()


@command("slot-save")
def save_to_slot(arg, event) -> None:
    name = str(element("slot-name").value).strip() or datetime.now().strftime("%Y-%m-%d %H:%M")
    if storage.storage_set(KEYS.slot + name, page.session.to_save()):
        element("slot-list").innerHTML = dialogs.slot_list_html()


@command("slot-load")
def load_saved(key, event) -> None:
    text = storage.storage_get(key)
    if text:
        dialogs.import_text(text)


@command("save-export")
def export_saved(key, event) -> None:
    text = storage.storage_get(key)
    if text:
        window.blitzbox.download(kept_file_name(NAME, key), text, "application/json")


@command("save-delete")
def delete_saved(key, event) -> None:
    if storage.SHELF and storage.SHELF.delete(key, page.session):  # a copy kept aside: a failed save retries
        storage.say()
    elif key.startswith((KEYS.slot, KEYS.remote)):
        storage.storage_remove(key)
        if storage.SHELF:
            storage.SHELF.retry(page.session if page.session.capabilities.autosave else None)
            storage.say()
    element("slot-list").innerHTML = dialogs.slot_list_html()


@command("export-file")
def export_file(arg, event) -> None:
    window.blitzbox.download(f"{NAME}-save.json", page.session.to_save(), "application/json")


@command("export-code")
def export_code(arg, event) -> None:
    if not page.session.capabilities.record:
        return show_message(message("no-remote-code"))
    box = element("code-out")
    box.value = records.encode(json.loads(page.session.to_save()))  # the whole game, to play on elsewhere
    box.hidden = False
    box.select()


@command("import-code")
def import_code(arg, event) -> None:
    dialogs.import_text(element("code-in").value)


@command("share")
def open_share(arg, event) -> None:
    dialogs.fill_share_dialog()
    element("share").showModal()


@command("copy-share")
def copy_share(arg, event) -> None:
    window.blitzbox.copy(element(arg or "share-link").value)


@command("download-record")
def download_record(arg, event) -> None:
    window.blitzbox.download(f"{NAME}-record.json", json.dumps(page.session.state.record(), indent=1), "application/json")


@command("board-png")
def board_png(arg, event) -> None:
    window.blitzbox.exportPng(element("board").innerHTML, f"{NAME}-board.png")


@command("settings")
def open_settings(arg, event) -> None:
    current = storage.settings()
    element("set-theme").value = current["theme"]
    element("set-speed").value = current["speed"]
    element("settings").showModal()


@command("hint")
def ask_hint(arg, event) -> None:
    if page.session.capabilities.hint and page.session.can_hint():
        element("notice").textContent = message("thinking")
        element("notice").hidden = False
        play.run_in_slices("hint", page.session.hint(random_seed()), play.hint_done)


@command("tips-done")
def tips_done(arg, event) -> None:
    element("how-to-play").open = False
    storage.storage_set(KEYS.tips_seen, "1")


@command("tutorial")
def tutorial_command(arg, event) -> None:
    tutorial.command(arg, event)


@command("menu")
def menu(arg, event) -> None:
    toggle_menu(not element("menu").classList.contains("open"))


@command("tray-fold")
def fold_tray(arg, event) -> None:
    drawing.expand_dock(not element("dock").classList.contains("expanded"))


@command("last-move")
def toggle_last_move(arg, event) -> None:
    """The last move's headline; a tap or Enter shows the rest of it (and again hides it)."""
    last = element("last-move")
    last.setAttribute("aria-expanded", "false" if last.getAttribute("aria-expanded") == "true" else "true")
    drawing.spill_tray()  # the dock's room for choices changed


@command("sound")
def toggle_sound(arg, event) -> None:
    sound.toggle()


@command("close-dialog")
def close_dialog(arg, event) -> None:
    event.target.closest("dialog").close()


def on_storage(event) -> None:
    """Another tab saved: follow it when it continued this tab's game, else say so (Shelf.storage_changed). A
    remote game another tab continued is shown here as that tab's: this tab then only follows it (no live
    offer, no link of its own) until a move is made or a message opened here."""
    text = event.newValue
    if page.lesson is not None or page.session is None:  # a tutorial is shown: the player's game waits,
        return  # untouched, until it is left
    if page.session.capabilities.remote:
        if page.session.continued(event.key, text):
            try:
                game = storage.read_remote(text)
            except SaveError:
                return
            game.followed = text  # that tab plays it: this one follows (RemoteSession.elsewhere)
            storage.adopt_remote(game)
            show_message(message("remote-continued"))
            drawing.render()
        return
    if storage.SHELF is None:
        return
    followed = storage.SHELF.storage_changed(event.key, text_of(text), page.session)
    if followed is not None:
        storage.adopt(followed)
        page.following = True
        drawing.render()
    storage.say()


def run_command(name: str, event) -> None:
    """A data-command: the replay bar's, one of COMMANDS (`name:argument`), or the session's own
    (undo, redo, reset-turn, reveal, ui:key=value), which redraw the board."""
    if name.startswith("replay-"):
        play.replay_command(name)
        return review.refresh()  # the review's chart follows the replay (and goes with it)
    if tutorial.takes(name, event):  # a tutorial answers the board's and tray's clicks
        return
    head, _, arg = name.partition(":")
    if head in COMMANDS:
        return COMMANDS[head](arg, event)
    page.moved_here()  # undo, redo, a reveal or a drawing choice: the page follows no news for it
    page.session.command(name)
    drawing.render()


def toggle_menu(open_: bool) -> None:
    """The header's menu, folded into one button on a phone (CSS shows it inline on wider screens)."""
    element("menu").classList.toggle("open", open_)
    document.querySelector(".menu-toggle").setAttribute("aria-expanded", "true" if open_ else "false")


def on_click(event) -> None:
    target = event.target.closest("[data-action],[data-command]")
    if not target or target.hasAttribute("disabled") or page.session is None:
        return
    if target.closest("#menu"):
        toggle_menu(False)  # a phone's folded menu closes once a choice is made
    action = target.getAttribute("data-action")
    if action:
        if page.lesson is not None:
            page.lesson.click(action=action)
        elif page.replay is None:
            play.take_action(action)
    else:
        run_command(target.getAttribute("data-command"), event)


def on_key(event) -> None:
    """A key press: what it means is game_core.page.key_steps's, tried in order."""
    if page.session is None:
        return
    target = event.target
    in_form = target.tagName in ("INPUT", "SELECT", "TEXTAREA")
    for step in key_steps(event.key, bool(event.ctrlKey or event.metaKey), bool(event.altKey), in_form,
                          in_form or target.tagName in ("BUTTON", "A"), page.replay is not None, page.session.realtime):
        if step in ("undo", "redo"):
            event.preventDefault()
            return run_command(step, event)
        key = window.CSS.escape(event.key)
        shortcut = step == "shortcut" and document.querySelector(f'#board [data-key="{key}"], #tray [data-key="{key}"]')
        if shortcut:  # a player's own key on a shared keyboard
            event.preventDefault()
            if page.lesson is not None:
                return page.lesson.click(action=shortcut.getAttribute("data-action"))
            return play.take_action(shortcut.getAttribute("data-action"))
        if step == "press" and target.closest("[data-action],[data-command]"):
            event.preventDefault()
            on_click(event)
            play.keep_focus_on_board()
