"""Sound's decisions (web/glue/sound.py plays them with boot.js's Web Audio): the cue a redraw gets for what
it shows just happened, read from the marks the game's renderer puts on the board for the engine's facts
(fresh dice, a claim, a line of fire, a scoring cue, a piece the last move changed), and the player's level.

Quiet by default on the site, off by default in an embed (its host page did not ask for noise)."""

LEVELS = {"quiet": 0.06, "loud": 0.2, "off": 0.0}  # the gain of each choice (quiet: under a normal voice)
# (a mark on the board, the cue it gets), the first shown wins; the game's end outweighs them all (its last score)
MARKS = (
    (".cue[data-cue]", "score"),
    (".fire-line.last", "shot"),
    (".thunder.fresh", "claim"),
    (".die.fresh", "dice"),
    (".last, [data-piece].arrived", "place"),
)
FRESH = {".die.fresh", ".thunder.fresh"}  # news whether or not a move was logged (a roll, a claim in a race)


def key(prefix: str, embed: bool) -> str:
    """Where the choice is stored: the site's is one for every game, an embed's its own."""
    return f"{prefix}:sound" if embed else "blitzbox:sound"


def level(stored, embed: bool) -> str:
    """The level chosen (`stored`: the stored value, None or anything), else the default."""
    return stored if stored in LEVELS else ("off" if embed else "quiet")


def toggled(current: str) -> str:
    """The header switch: off, or back to quiet."""
    return "quiet" if current == "off" else "off"


def cue_for(shown: set, moved: bool, ended: bool):
    """The cue for what a redraw shows just happened (None: nothing new): `shown` is the selectors of MARKS the
    board holds, `moved` whether a move was logged, `ended` whether the game ended just now."""
    if ended:
        return "end"
    return next((cue for selector, cue in MARKS if (moved or selector in FRESH) and selector in shown), None)
