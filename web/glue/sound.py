"""Sound: one short synthesized cue for what a redraw shows just happened (dice rolled, a piece placed, a
shot, a claim, a score, the end). The cues are made by Web Audio in boot.js (window.blitzbox.sound); which
cue a moment gets is decided here, in one place, from the marks the game's renderer puts on the board for
the engine's facts (fresh dice, a claim, a line of fire, a scoring cue, a piece the last move changed).

Quiet by default on the site, off by default in an embed (its host page did not ask for noise); the
choice is the header's speaker switch and the Settings dialog's "Sound"."""

from pyodide.ffi import create_proxy
from js import document, window

from glue.core import EMBED, PREFIX, browser_feature, element
from glue import storage

LEVELS = {"quiet": 0.06, "loud": 0.2, "off": 0.0}  # the gain of each choice (quiet: under a normal voice)
KEY = f"{PREFIX}:sound" if EMBED else "blitzbox:sound"  # the site's choice is one for every game
# (what the board shows, the cue it gets), the first that applies wins: the end outweighs its last score
EVENTS = (
    ("over", "end"),
    (".cue[data-cue]", "score"),
    (".fire-line.last", "shot"),
    (".thunder.fresh", "claim"),
    (".die.fresh", "dice"),
    (".last, [data-piece].arrived", "place"),
)


def synth():
    """boot.js's synthesizer, or None where this browser has no Web Audio."""
    sound = browser_feature(browser_feature(window, "blitzbox"), "sound")
    return sound if sound is not None and sound.available else None


def level() -> str:
    chosen = storage.storage_get(KEY)
    return chosen if chosen in LEVELS else ("off" if EMBED else "quiet")


def choose(value: str) -> None:
    storage.storage_set(KEY, value)
    show_choice()


def show_choice() -> None:
    """The header switch (pressed: sound on) and the Settings choice show the level; both are hidden
    where no sound can be made."""
    switch = document.querySelector('[data-command="sound"]')
    available = synth() is not None
    switch.hidden = not available
    element("set-sound").closest("p").hidden = not available
    on = level() != "off"
    switch.setAttribute("aria-pressed", "true" if on else "false")
    switch.setAttribute("aria-label", "Sound on" if on else "Sound off")
    element("set-sound").value = level()


def toggle() -> None:
    """The header switch: off, or back to quiet."""
    choose("quiet" if level() == "off" else "off")


def on_setting(event) -> None:
    if event.target.value in LEVELS:
        choose(event.target.value)


def setup() -> None:
    show_choice()
    element("set-sound").addEventListener("change", create_proxy(on_setting))


def cue_for(board, moved: bool, ended: bool):
    """The cue for what the last redraw shows just happened (None: nothing new happened)."""
    for selector, cue in EVENTS:
        if selector == "over":
            if ended:
                return cue
        elif (moved or selector in (".die.fresh", ".thunder.fresh")) and board.querySelector(selector):
            return cue
    return None


def play(cue) -> None:
    """Play a redraw's cue (cue_for; None: nothing), if sound is on and the browser can make it (it starts
    only after the player's first touch or key press: boot.js resumes the audio then)."""
    if cue is None:
        return
    gain = LEVELS[level()]
    sound = synth()
    if gain and sound is not None:
        sound.play(cue, gain)
