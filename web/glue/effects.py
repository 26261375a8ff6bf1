"""What follows each painted frame, from this one place (glue/drawing.py's render calls after_frame last):
the remote panel and its live channel, the frame's sound cue, where the keyboard focus goes at the hotseat
curtain, and then the lesson's panel, or the autosave and the bot's next move."""

from js import document

from game_core.page import curtain_focus

from glue.core import element, page
from glue import follow, play, remote, sound, storage


def after_frame(frame: dict, cue) -> None:
    """`frame`: the controller's frame just painted; `cue`: the sound of what it shows just happened (None:
    nothing new, or the page's first frame)."""
    remote.show_remote()
    sound.play(cue)
    curtain, focused, covered = element("curtain"), document.activeElement, frame["curtain"]
    if covered:  # nothing of the covered seat is computed: no hint runs
        page.jobs.pop("hint", None)
    in_curtain = bool(focused) and curtain.contains(focused)
    where = curtain_focus(covered, page.curtain_was_down, page.focus_on_board, focused in (None, document.body),
                          in_curtain)
    if where == "reveal":
        follow.focus(curtain.querySelector('[data-command="reveal"]'))
    elif where == "board":
        if in_curtain:
            focused.blur()  # the hidden "I am ready" button
        page.focus_on_board = True  # the player revealed: back to the board
        play.keep_focus_on_board()
    page.curtain_was_down = covered
    if page.lesson is not None:  # a tutorial: its own slot, never the autosave; its script plays, no bot
        page.lesson.show()
    elif frame["step"] is None:  # (not in the replay viewer)
        storage.autosave()
        play.schedule_bot()
