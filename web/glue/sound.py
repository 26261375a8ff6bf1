"""Sound: one short synthesized cue for what a redraw shows just happened (game_core/sound.py chooses it),
made by Web Audio in boot.js (window.blitzbox.sound); the choice is the header's speaker switch and the
Settings dialog's "Sound"."""

from pyodide.ffi import create_proxy
from js import window

from game_core import sound as choice
from game_core.page import sound_writes

from glue.core import EMBED, KEYS, browser_feature, element, write
from glue import storage

KEY = choice.key(KEYS.prefix, EMBED)


def synth():
    """boot.js's synthesizer, or None where this browser has no Web Audio."""
    sound = browser_feature(browser_feature(window, "blitzbox"), "sound")
    return sound if sound is not None and sound.available else None


def level() -> str:
    return choice.level(storage.storage_get(KEY), EMBED)


def choose(value: str) -> None:
    storage.storage_set(KEY, value)
    show_choice()


def show_choice() -> None:
    """The header switch (pressed: sound on) and the Settings choice show the level; both are hidden
    where no sound can be made."""
    available = synth() is not None
    element("set-sound").closest("p").hidden = not available
    write(sound_writes(level(), available))


def toggle() -> None:
    choose(choice.toggled(level()))


def on_setting(event) -> None:
    if event.target.value in choice.LEVELS:
        choose(event.target.value)


def setup() -> None:
    show_choice()
    element("set-sound").addEventListener("change", create_proxy(on_setting))


def cue_for(board, moved: bool, ended: bool):
    """The cue for what the last redraw shows on `board` just happened (None: nothing new happened)."""
    return choice.cue_for({selector for selector, _ in choice.MARKS if board.querySelector(selector)}, moved, ended)


def play(cue) -> None:
    """Play a redraw's cue (cue_for; None: nothing), if sound is on and the browser can make it (it starts
    only after the player's first touch or key press: boot.js resumes the audio then)."""
    if cue is None:
        return
    gain = choice.LEVELS[level()]
    sound = synth()
    if gain and sound is not None:
        sound.play(cue, gain)
