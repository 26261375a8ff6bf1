"""The page's one state object and the browser basics every glue module uses: which game this page
plays, its storage keys, the message line."""

from datetime import datetime

from js import document, window


NAME = document.body.getAttribute("data-game")
EMBED = document.body.getAttribute("data-embed") == "1"
PREFIX = f"blitzbox:{NAME}:embed" if EMBED else f"blitzbox:{NAME}"
AUTOSAVE_KEY = f"{PREFIX}:autosave"
SLOT_PREFIX = f"blitzbox:{NAME}:slot:"
REMOTE_PREFIX = f"blitzbox:{NAME}:remote:"  # + game id: this browser's side of a remote game
REMOTE_OPEN_KEY = f"{PREFIX}:remote-open"  # the remote game this page showed last (resumed on reload)
SLICE_SECONDS = 0.025  # long searches run in slices this short, so the page never freezes
BOT_DELAYS_MS = {"slow": 1200, "normal": 600, "fast": 250, "instant": 0}


class PageState:
    """Everything the page remembers between events (the only mutable state of the glue)."""

    def __init__(self):
        self.session = None  # the game's controller: a Session, RemoteSession or LessonSession (its capabilities)
        self.replay = None  # a Replay while the replay viewer is open
        self.live = {}  # the live channels of remote games, by game id (glue/remote_live.py Peer)
        self.lesson = None  # a tutorial's PageLesson while it is shown (glue/tutorial.py): session is its game
        self.jobs = {}  # the running searches in slices, by kind ("bot", "hint")
        self.autoplay_timer = None
        self.following = False  # this tab shows a game another tab continued: its bot plays there, not here
        self.focus_on_board = False  # the keyboard focus was last on the board (refocused there after a redraw)
        self.keyboard_player = False  # the last input was a key, not a tap or click (focus moves only then)
        self.own_move = False  # the next frame shows a move this player just made (glue/follow.py: no news)
        self.wake_lock = None  # a race's Screen Wake Lock (glue/play.py keep_awake): None, "asking" or the lock
        self.moves_shown = None  # how many moves the last painted frame had (more now, not our own: news)
        self.board_zoom = {}  # the touch zoom of each board drawing (by its place in #board)
        self.board_is_live = False
        self.held_since = None  # when a press on a target began: the table is not redrawn under it (drawing.py)
        self.redraw_held = False  # a redraw came during that press: it is made when the press ends
        self.log_shown = []  # the move log's lines as #log shows them (drawing.show_log changes only the others)
        self.log_replaying = False  # #log shows a replay's lines, one of them marked
        self.curtain_was_down = False  # the hotseat curtain covered the last frame  # until the first render, #board holds the skeleton drawn at build time
        # A stored remote side is described by replaying it: each stored text is described once (the labels of
        # the sides stored now, by their text; a side that changed is stored as a new text).
        self.remote_labels = {}
        self.standing_note = ""  # shown whenever the message line is otherwise empty (storage blocked: nothing is saved)
        self.address_problem = ""  # what the page's address asked for that cannot be used, said once at start
        # What a lower module lets a higher one do, without importing it (the glue is a one-way stack; app.py
        # sets both): run after each painted frame (glue.effects.after_frame: the remote panel, sound, focus,
        # autosave, the lesson panel, the bot), and apply a remote message that came over a live channel
        # (glue.remote.open_remote_code).
        self.after_frame = None
        self.open_code = None


page = PageState()


def browser_feature(owner, name):
    """A browser API, or None where this browser lacks it: a missing JS property raises AttributeError
    through Pyodide's proxy (Safari's engine has no navigator.storage in every context)."""
    try:
        return getattr(owner, name) or None
    except AttributeError:
        return None


def element(id_):
    return document.getElementById(id_)


def reduced_motion() -> bool:
    """The player asked for less motion: no slides, no smooth scrolls (the result is the same)."""
    return bool(browser_feature(window, "matchMedia") and window.matchMedia("(prefers-reduced-motion: reduce)").matches)


def now_ms() -> float:
    return float(window.performance.now())


def random_seed() -> int:
    return int(window.Math.random() * 2**31)


def now_text() -> str:
    return datetime.now().strftime("%Y-%m-%d %H:%M:%S")


def show_message(text: str, link: tuple = (), news: bool = False) -> None:
    """The message line (empty: the page's standing note, or hidden), with a link (its words, its address)
    after the text if given; `news` (a game kept aside) reads calmly, not as an error."""
    box = element("message")
    if not text and page.standing_note:
        text, news = page.standing_note, True
    box.textContent = text
    box.classList.toggle("news", news)
    if link:
        anchor = document.createElement("a")
        anchor.textContent, anchor.href = link
        box.append(" ", anchor)
    box.hidden = not text
