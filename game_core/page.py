"""What the game page shows, decided from plain values (web/glue paints it and decides none of it).

Most decisions are writes: each (selector, name, value) sets `name` on every element the CSS selector finds,
a DOM property ("textContent", "hidden", "disabled", "innerHTML", "value", "scrollTop"), an attribute
("@data-over"; None removes it) or a class (".expanded", on or off). web/glue/core.py's `write` puts them
into the page, in order. The rest says when the page follows a frame, which dice roll again, what the keys
mean and the names of the files it downloads."""

from html import escape

from game_core.dock import headline
from game_core.tutorial import panel_page

MORE_CHIP = ('<button type="button" id="tray-more" class="tray-more" data-command="tray-fold" '
             'aria-controls="tray" aria-expanded="false" hidden></button>')
# The keys a keyboard player moves and acts with (the focus then follows the game: glue/follow.py)
KEYBOARD_KEYS = ("Tab", "Enter", " ", "ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight")
# The buttons of the result box and the menu that need the game's whole record (a remote game's needs its tape)
RECORD_COMMANDS = ("rematch", "replay", "download-record", "share")


# What the page says on its message line (and its notice), by name: web/glue says message(name, err)
MESSAGES = {
    "cannot-start": "Cannot start that game: {err}",
    "quick-setup-stopped": "The quick set-up stopped: {err}.",
    "not-allowed": "That move is not allowed: {err}.",
    "remote-not-opened": "That remote game could not be opened: {err}. Nothing was changed.",
    "remote-not-resumed": "Your remote game could not be resumed: {err}. It stays listed under Saves.",
    "remote-unreadable": "A remote game that cannot be opened ({err})",
    "remote-continued": "This remote game was continued in another tab: this tab now shows it.",
    "no-remote-code": "A remote game has no save code: download its save file, or keep playing by links.",
    "shared-not-opened": "That shared game could not be opened: {err}.",
    "file-too-large": "That file is far too large to be a Blitzbox save. Nothing was changed.",
    "not-counted": "This game was not added to your statistics: {err}.",
    "thinking": "Thinking about a good move…",
    "nobody-to-review": "Only a person's moves are reviewed: no person played this game.",
    "no-tutorial": "This game has no tutorial yet: its rules page and the How to play box explain it.",
    "link-copied": "Link copied: paste it into your chat with your friend.",
    "copy-link": "Copy the selected link and paste it into your chat with your friend.",
    "storage-blocked": "This browser blocks storage here: you can play, but nothing will be saved.",
}


def message(name: str, err=None) -> str:
    """The page's message `name` (MESSAGES), naming the error `err` where it has one."""
    return MESSAGES[name].format(err=err)


def commands(name: str) -> str:
    """Every element with data-command `name` (the menu's, and the dock's)."""
    return f'[data-command="{name}"]'


def frame_writes(frame: dict, hint: bool, record: bool) -> list:
    """The status, replay bar, step buttons, hotseat curtain and result box of a controller's `frame`; `hint`:
    the controller shown offers hints (else the Hint buttons are hidden: a dock's width is precious),
    `record`: the game's controller has a record to share (capabilities.record)."""
    enabled = {"undo": frame["can_undo"], "reset-turn": frame["can_undo"], "redo": frame["can_redo"],
               "hint": frame["can_hint"]}
    writes = [("#status", "textContent", frame["status"]), ("#replay-bar", "hidden", frame["step"] is None)]
    for name, on in enabled.items():
        writes += [(commands(name), "disabled", not on), (commands(name), "hidden", name == "hint" and not hint)]
    writes += [("#notice", "hidden", True), ("#curtain", "hidden", not frame["curtain"])]
    if frame["curtain"]:
        writes.append(("#curtain-text", "textContent", f"Pass the device to {frame['curtain_seat']}. "
                                                       "Their hidden pieces stay covered until they are ready."))
    writes += [("body", "@data-over", "1" if frame["over"] else "0"),
               ("#result", "hidden", not frame["result"]),
               ("#status", "hidden", bool(frame["result"])),  # the result box says it once, with its buttons
               ("#result-text", "textContent", frame["result"])]
    for name in RECORD_COMMANDS:
        writes.append((f'#result {commands(name)}, nav {commands(name)}', "hidden", not record))
    return writes


def dock_writes(own_move: bool, moves_shown, moves: int) -> list:
    """The player moved: the dock is short again, and the lesson's offer goes (they chose to play)."""
    if not own_move or moves_shown == moves:
        return []
    return [("#dock", ".expanded", False), ("#dock", "scrollTop", 0), ("#lesson-offer", "hidden", True)]


def announce_writes(new_lines: list, cues: str) -> list:
    """The live region reads each new move of the log, and the scoring moments (`cues`) it caused."""
    spoken = " ".join(new_lines + ([cues] if new_lines else []))
    return [("#announce", "textContent", spoken)] if spoken.strip() else []


def last_move_writes(line: str) -> list:
    """The last move in words above the decision: a headline of whole sentences (game_core.dock), the rest of
    the narration behind a control a tap opens (only when there is more: then finger-sized by style.css)."""
    head, rest = headline(line)
    html = f"<strong>Last move:</strong> {escape(head)}"
    if rest:
        html += f' <span class="rest">{escape(rest)}</span><span class="more" aria-hidden="true">More ▸</span>'
    control = {"data-command": "last-move", "role": "button", "tabindex": "0", "aria-expanded": "false"}
    return ([("#last-move", "hidden", not line), ("#last-move", "innerHTML", html)]
            + [("#last-move", f"@{name}", value if rest else None) for name, value in control.items()])


def more_label(spilled: int, expanded: bool) -> str:
    """The "more" chip of a phone's short dock: how many choices wait behind it, or that it folds them again."""
    return "Fewer ▾" if expanded else f"+{spilled} more ▴" if spilled else "Details ▴"


def more_writes(spilled: int, expanded: bool) -> list:
    """The "more" chip once the dock's choices are laid out: its words, its state and its accessible name."""
    name = ("Show the short choices" if expanded else f"Show {spilled} more choices" if spilled
            else "Show each choice's details")
    return [("#tray-more", "@aria-expanded", "true" if expanded else "false"),
            ("#tray-more", "textContent", more_label(spilled, expanded)), ("#tray-more", "@aria-label", name)]


def follow_after(frame: dict, live: bool, curtain_was_down: bool, moves_shown, own_move: bool):
    """How the page follows a painted frame (glue/follow.py): "news" when it shows a move this player did not
    make (a bot's, a remote one, the other seat's once the hotseat curtain rises), "turn" when the player has
    a place to play, None for nothing (the page's first frame, or the curtain covers the board)."""
    if not live or frame["curtain"]:
        return None
    moved = moves_shown is not None and frame["moves"] != moves_shown
    if curtain_was_down or (moved and not own_move):
        return "news"
    return "turn" if frame["interactive"] else None


def curtain_focus(covered: bool, was_down: bool, on_board: bool, idle: bool, in_curtain: bool):
    """Where the keyboard focus goes at the hotseat curtain: "reveal", its "I am ready" button, when it covers
    the board and the focus was on the board (`on_board`) or nowhere (`idle`); "board" once it rose
    (`was_down`), when the focus was nowhere or on that hidden button (`in_curtain`); else None (it stays)."""
    if covered:
        return "reveal" if on_board or idle else None
    return "board" if was_down and (idle or in_curtain) else None


def refocus(keyboard_player: bool, on_board: bool, idle: bool) -> bool:
    """After a redraw replaced the focused piece (the focus is nowhere: `idle`), a keyboard player whose focus
    was on the board gets it on the board's next target (not the menu again); a player who taps is left alone
    (moving the focus would scroll the page and ring a piece)."""
    return keyboard_player and on_board and idle


def thinking_writes(thinking: bool) -> list:
    """While a bot thinks, the body says so (data-thinking) and the board is busy for a screen reader."""
    return [("body", "@data-thinking", "1" if thinking else "0"), ("#board", "@aria-busy", "true" if thinking else "false")]


def rolls_again(before: dict, key: str, value: str, claim: bool) -> bool:
    """A die (or a thunder claim) on the board starts its animation over: its value changed since the last
    frame (`before`: the marks shown then, by key; nothing on the page's first frame); a claim that was not
    there is news, a die that was not there is not."""
    return bool(before) and before.get(key, None if claim else value) != value


def key_steps(key: str, modified: bool, alt: bool, in_form: bool, native: bool, replaying: bool,
              realtime: bool) -> list:
    """What a key press may do, tried in order: "undo" or "redo" (Ctrl or Cmd with Z or Y: `modified`, outside
    a form field and the replay viewer), "shortcut" (a player's own key at a real-time table, when the board
    or tray has it), "press" (Enter or Space on a control that is no button, link or form field: `native`)."""
    if modified and key in ("z", "y") and not replaying and not in_form:
        return ["undo" if key == "z" else "redo"]
    steps = ["shortcut"] if realtime and not in_form and not (modified or alt) else []
    return steps + (["press"] if key in ("Enter", " ") and not native else [])


def kept_file_name(game_name: str, key: str) -> str:
    """The file a copy kept aside (stored under `key`: its kind's prefix, then the time it was kept) downloads
    as: the game and that time."""
    stamp = key.split(":kept", 1)[-1].split(":", 1)[-1].replace(" ", "_").replace(":", "-")
    return f"{game_name}-kept-{stamp}.json"


def lesson_writes(name: str, panel: dict, spoken_now: str) -> list:
    """The panel of the tutorial `name` (game_core.tutorial.Lesson.panel), its lit element and its words read
    out once (`spoken_now`: what the live region says already)."""
    shown = panel_page(panel)
    done = panel["done"]
    writes = [("body", "@data-lesson", name), ("#lesson", "hidden", False),
              ("#lesson-offer", "hidden", True), ("#lesson-title", "textContent", panel["title"]),
              ("#lesson-progress", "textContent", shown["progress"]), ("#lesson-news", "innerHTML", shown["news"]),
              ("#lesson-feedback", "textContent", panel["feedback"]),
              ("#lesson-feedback", "hidden", not panel["feedback"]),
              ("#lesson-say", "textContent", panel["say"]), ("#lesson-say", "hidden", done),
              ("#lesson-end", "hidden", not done)]
    if done:
        writes += [("#lesson-real", "textContent", panel["real"]), ("#lesson-later", "innerHTML", shown["later"])]
    writes += [("#lesson-skip, #lesson-go", "hidden", done), ("#lesson-light", "textContent", shown["light"])]
    if shown["spoken"].strip() and spoken_now != shown["spoken"]:
        writes.append(("#lesson-live", "textContent", shown["spoken"]))
    return writes


def remote_writes(shows: dict, send_label: str, link: str, code: str) -> list:
    """The remote panel (RemoteSession.panel's `shows`): the link to send, with its button (`send_label`),
    `link` and its `code`, while it is this browser's turn to be heard; the waiting line; the end's verdict."""
    sending, verdict = shows["send"] is not None, shows["verdict"]
    writes = [("body", "@data-remote-mode", shows["mode"]), ("#remote-mode", "textContent", shows["mode_text"]),
              ("#remote-send", "hidden", not sending)]
    if sending:
        writes += [(commands("remote-send"), "textContent", send_label),
                   ("#remote-send-title", "textContent", shows["send"]),
                   ("#remote-link", "value", link), ("#remote-code", "value", code)]
    writes += [("#remote-wait", "hidden", not shows["waiting"]), ("#remote-wait", "textContent", shows["wait"]),
               ("#remote-transcript", "hidden", not shows["transcript"]), ("#remote-verdict", "hidden", verdict is None)]
    if verdict is not None:
        writes += [("#remote-verdict", "textContent", verdict[0]), ("#remote-verdict", "className", verdict[1])]
    return writes + [("#remote-paste-label", "textContent", shows["paste"])]


def sound_writes(level: str, available: bool) -> list:
    """The header's speaker switch (pressed: sound on) and the Settings choice show the level; the switch is
    hidden where no sound can be made."""
    on = level != "off"
    return [(commands("sound"), "hidden", not available), (commands("sound"), "@aria-pressed", "true" if on else "false"),
            (commands("sound"), "@aria-label", "Sound on" if on else "Sound off"), ("#set-sound", "value", level)]
