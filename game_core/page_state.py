"""The game page's state between its events (web/glue/core.py holds the one `page`), where it keeps things in
localStorage, and how long its searches and bots take (all plain values: the glue wires them to the browser)."""

SLICE_SECONDS = 0.025  # long searches run in slices this short, so the page never freezes
HOLD_MS = 700  # the longest a press holds the table still (a tap is far shorter; then the race goes on)
BOT_DELAYS_MS = {"slow": 1200, "normal": 600, "fast": 250, "instant": 0}  # a bot's pause before it moves, by speed


class Keys:
    """Where the page of game `name` keeps things in localStorage: an embed keeps its game, its place and its
    settings apart from the site's; the named saves and the remote games are the game's, on either."""

    def __init__(self, name: str, embed: bool):
        self.prefix = f"blitzbox:{name}:embed" if embed else f"blitzbox:{name}"
        self.slot = f"blitzbox:{name}:slot:"  # + the save's name
        self.remote = f"blitzbox:{name}:remote:"  # + game id: this browser's side of a remote game
        self.remote_open = f"{self.prefix}:remote-open"  # the remote game this page showed last (resumed on reload)
        self.tips_seen = f"{self.prefix}:tips-seen"  # the How to play box was closed once: it starts folded
        self.review = f"{self.prefix}:review"  # the last review: {"record", "seat", "review"}


class PageState:
    """Everything the page remembers between events (the glue's only mutable state)."""

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
        self.board_is_live = False  # until the first render, #board holds the skeleton drawn at build time
        self.held_since = None  # when a press on a target began: the table is not redrawn under it (drawing.py)
        self.redraw_held = False  # a redraw came during that press: it is made when the press ends
        self.log_shown = []  # the move log's lines as #log shows them (drawing.show_log changes only the others)
        self.log_replaying = False  # #log shows a replay's lines, one of them marked
        self.curtain_was_down = False  # the hotseat curtain covered the last frame
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

    def adopt(self, controller) -> None:
        """`controller` is the game this page shows now: the searches of the one before are dropped."""
        self.jobs.clear()
        self.session = controller

    def hold_redraw(self) -> bool:
        """A redraw is asked for: True while a press on a target lasts (the redraw waits for its end: a
        redraw under a finger may move the target, and the click lands elsewhere), else False (made now)."""
        self.redraw_held = self.held_since is not None
        return self.redraw_held

    def release(self, now_ms: float) -> bool:
        """The hold ends (the press's click came, or HOLD_MS passed since `held_since`; a later press holds
        on): True when a redraw waits for it."""
        if self.held_since is not None and now_ms - self.held_since < HOLD_MS - 1:
            return False
        self.held_since = None
        return self.redraw_held

    def moved_here(self) -> None:
        """The player took a step on this page: it plays here now (so does the bot), and the next frame shows
        their own step (no news to follow)."""
        self.following = False
        self.own_move = True
