"""A game in progress on one device: who sits where, undo/redo, the log, autosave data.

This is the page's controller, in pure Python so it is tested with pytest; the PyScript glue
(web/glue/, started by web/app.py) only forwards clicks and key presses here and writes the returned HTML
to the page, reading nothing but the frame and the declared Capabilities (docs/architecture.md).
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from html import escape

from . import games, records
from .engine import MAX_SAVE_CHARS, SaveError, run_bot
from .jsontext import check_json
from .rng import Rng

SESSION_FORMAT = "blitzbox-session"
SESSION_VERSION = 1
HUMAN = "human"
PAGE_THINK_MS = 800  # a bot move in the page: p95 at most 1 s (docs/strength.md)


def draw(package, state, seat, ui) -> str:
    """The board as `seat` sees it: the package's renderer is only ever given that seat's view."""
    return package.render(state.view(seat), ui)


def status_line(package, state, seat) -> str:
    return package.status_text(state.view(seat))


def set_ui(ui: dict, command: str) -> None:
    """A `ui:key=value` command: the page's drawing choice set (`ui:key=` clears it)."""
    key, _, value = command[3:].partition("=")
    if value:
        ui[key] = value
    else:
        ui.pop(key, None)


def readable(lines, reader) -> str:
    """One move's narration as `reader` may read it: the lines for everyone and for that seat only, each a
    sentence (the games narrate lines without a closing stop, which would run together in one entry)."""
    return " ".join(text if text.endswith((".", "!", "?", "…")) else f"{text}."
                    for text, audience in lines if audience is None or (reader is not None and audience == reader))


def log_html(lines, current: int | None = None) -> str:
    """The log's list items, escaped; in a replay `current` (1-based) marks the move on the board."""
    marked = ' aria-current="step" class="current"'
    return "".join(f"<li{marked if n == current else ''}>{escape(line)}</li>" for n, line in enumerate(lines, 1))


def make_frame(board: str, status: str, log: list, *, step: int | None = None, over: bool = False,
               result: str = "", can_undo: bool = False, can_redo: bool = False, can_hint: bool = False,
               curtain: bool = False, curtain_seat: str = "", message: str = "", interactive: bool = False,
               moves: int = 0, tray: list | tuple = ()) -> dict:
    """One redraw of the page, the same shape from a Session, a RemoteSession and a Replay: the page reads
    nothing else. `step`: the log line a replay shows (None in play); "last": the newest move in play."""
    return {"board": board, "status": status, "log": list(log), "step": step,
            "last": log[-1] if log and step is None else "", "over": over, "result": result,
            "can_undo": can_undo, "can_redo": can_redo, "can_hint": can_hint, "curtain": curtain,
            "curtain_seat": curtain_seat, "message": message, "interactive": interactive, "moves": moves,
            "tray": list(tray)}


@dataclass(frozen=True)
class Capabilities:
    """What a controller offers the page, declared as data: the page reads these and the frame, and never
    asks which kind of controller it holds (docs/architecture.md, "The controller")."""
    undo: bool = False  # undo, redo and reset-turn (whether one is possible now is the frame's can_undo)
    hint: bool = False  # a declared hint bot may advise (now: the frame's can_hint)
    bots: bool = False  # bots play seats here: the page runs their searches (bot_seat, bot_thinker, tick)
    remote: bool = False  # a friend's browser holds the other seat: `side` and `key`, and the remote panel
    lesson: bool = False  # a tutorial's scripted game (glue/tutorial.py shows its panel)
    replay: bool = False  # a recorded game stepped through: nothing to act on
    review: bool = False  # a replay with the expert's review of one seat's moves (glue/review.py's panel)
    record: bool = False  # its whole record may be shared, replayed, downloaded and played again (Rematch)
    autosave: bool = False  # kept in the page's autosave slot, and kept aside by game_core.shelf when replaced


def finished_now(controller, was_over: bool) -> bool:
    """The step just taken ended a game that counts as played to its end: added to the statistics, its
    set-up remembered (a game whose record cannot be shared, a remote one, is not)."""
    return controller.capabilities.record and controller.state.is_over and not was_over


def log_edits(shown: list, lines: list) -> tuple:
    """How a list showing `shown` becomes `lines`, touching only what differs: ([(index, text)] to rewrite,
    how many to remove from the end, [text] to append). A click costs the same at move 600 as at move 20."""
    rewrite = [(index, lines[index]) for index in range(min(len(shown), len(lines))) if shown[index] != lines[index]]
    return rewrite, max(0, len(shown) - len(lines)), lines[len(shown):]


def quick_setup(controller, last: bool = False, now_ms: float | None = None) -> None:
    """The quick set-up a game's tray offers (Package.quick_setup, Bitskrieg's), on any controller: the rest of
    the set-up step at once, chosen for the viewer, or as in their last game (`last`: ui["last_setup"]); each
    step is one action, so Undo takes each back. IllegalAction propagates, the steps before it kept."""
    choose = controller.package.quick_setup
    if choose is None:
        return  # (only a game with a quick set-up offers it)
    remembered = controller.ui.get("last_setup") if last else None
    for action in choose(controller.state.view(controller.viewer()), remembered):
        controller.act(action, now_ms=now_ms)


class Session:
    """A game played on this device: the page's controller (see Capabilities, frame and act)."""
    no_undo = "Nothing to undo: a turn that has passed, a die roll or a draw cannot be taken back."

    @property
    def capabilities(self) -> Capabilities:
        return Capabilities(undo=True, hint=self.game.hint_bot is not None, bots=True, record=True, autosave=True)

    def __init__(self, game_name: str, seed: int, options: dict | None = None, seats: dict | None = None):
        self.game = games.get(game_name)
        self.package = games.package(game_name)
        self.state = self.game.new_game(seed, options)
        self.seats = self._check_seats(seats)
        self.ui: dict = {}  # what the page asks of the drawing (docs/architecture.md: "ui"), never saved
        self.redo_stack: list = []
        self._reset_history()
        self.curtain = False
        self.message = ""
        self.last_human = None  # the person who acted last, whose eyes the board keeps while bots move
        self.start_clock(0)
        self._update_curtain(previous=None)

    # -- history: what undo and the log are built from (nothing here ever replays the game) -----
    def _reset_history(self) -> None:
        self.narration: list = []  # per move: [(text, audience)] from Game.narrate
        self._undo_states: list = []  # the state before each move since the last undo floor
        self._readable: dict = {}  # reader -> that reader's log, one string per move, kept up to date

    def _record_move(self, before, after) -> None:
        self.narration.append(self.game.narrate(before, after))
        if after.undo_floor == len(after.actions):
            self._undo_states.clear()  # a roll, draw or reveal: nothing before it can be taken back
        else:
            self._undo_states.append(before)

    # -- set-up and saves ------------------------------------------------------------
    def _check_seats(self, seats: dict | None) -> dict:
        bots = self.package.bots
        result = {str(seat): HUMAN for seat in self.state.seats_in_play()}
        for seat, who in (seats or {}).items():
            if seat not in result:
                if seat in map(str, self.game.seats):
                    continue  # a seat this game leaves empty (fewer players)
                raise ValueError(f"{self.game.title} has no seat {seat!r}")
            if who != HUMAN and (not isinstance(who, str) or who not in bots):
                raise ValueError(f"no bot level {who!r} for {self.game.title}")
            result[seat] = who
        result.update(self.game.forced_seats(self.state.options))
        return result

    def to_save(self) -> str:
        # "finished" lets Saves tell a finished game from one in progress without replaying it (game_core.shelf)
        return json.dumps({"format": SESSION_FORMAT, "version": SESSION_VERSION, "game": self.game.name,
                           "record": self.state.record(), "seats": self.seats, "redo": self.redo_stack,
                           "finished": self.state.is_over},
                          sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_record(cls, game_name: str, record: dict, seats: dict | None = None) -> "Session":
        """Continue a shared game (every move replayed and checked); SaveError if it is unusable."""
        return cls.from_save(game_name, json.dumps({"format": SESSION_FORMAT, "version": SESSION_VERSION,
                                                    "game": game_name, "record": record, "seats": seats}))

    @classmethod
    def from_save(cls, game_name: str, text: str) -> "Session":
        """Rebuild a session from to_save() text; SaveError (with the reason) if it is unusable."""
        try:
            data = json.loads(check_json(text, "the saved game", MAX_SAVE_CHARS))
        except json.JSONDecodeError:
            raise SaveError("the saved game is not valid JSON") from None
        if not isinstance(data, dict) or data.get("format") != SESSION_FORMAT:
            raise SaveError("this is not a Blitzbox saved game")
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise SaveError("the saved game has no valid version number")
        if version > SESSION_VERSION:
            raise SaveError("the saved game is from a newer Blitzbox: reload the page to update")
        if data.get("game") != game_name:
            raise SaveError(f"the saved game is for {data.get('game')!r}, not {game_name!r}")
        record = data.get("record")
        game = games.get(game_name)
        session = cls.__new__(cls)
        session.game, session.package = game, games.package(game_name)
        session._reset_history()
        session.state = game.from_record(record, on_move=session._record_move)
        seats = data.get("seats")
        if isinstance(seats, dict):  # seats an older save named differently (Game.former_seats)
            seats = {game.saved_seat(seat): who for seat, who in seats.items()}
        try:
            session.seats = session._check_seats(seats)
        except (ValueError, AttributeError) as err:
            raise SaveError(f"the saved seats are invalid: {err}") from None
        redo = data.get("redo", [])
        session.redo_stack = [a for a in redo if isinstance(a, str)] if isinstance(redo, list) else []
        session.ui, session.message, session.last_human = {}, "", None
        # A hotseat game comes back covered: whoever holds the device says when they are ready.
        session.curtain = len(session.humans()) > 1 and not session.state.is_over and not session.realtime
        session.start_clock(0)
        session._update_curtain(previous=None)
        return session

    # -- who is who ------------------------------------------------------------------
    def humans(self) -> list:
        """The human seats, as the game's own seat values (self.seats is keyed by their text)."""
        return [seat for seat in self.state.seats_in_play() if self.seats[str(seat)] == HUMAN]

    def acting_seats(self) -> tuple:
        return self.state.acting_seats()

    def viewer(self):
        """The seat whose eyes the board is drawn for (None: a spectator, bots only)."""
        humans = self.humans()
        for seat in self.acting_seats():
            if seat in humans:
                return seat
        if len(humans) == 1 or (humans and self.last_human is None):
            return humans[0]
        return self.last_human

    def bot_seat(self):
        """A bot seat that should move now (turn-based games), else None."""
        if self.realtime or not self.capabilities.bots:
            return None  # real-time bots act through tick()
        for seat in self.acting_seats():
            if self.seats.get(str(seat), HUMAN) != HUMAN:
                return seat
        return None

    def _update_curtain(self, previous) -> None:
        """Hotseat: hide the next human's secrets until they say they are ready."""
        viewer = self.viewer()
        if viewer is not None and self.seats.get(str(viewer)) == HUMAN:
            if (len(self.humans()) > 1 and previous is not None and viewer != previous and not self.state.is_over
                    and not self.realtime):  # a race has everyone at the table at once, and no secrets
                self.curtain = True
            self.last_human = viewer

    # -- actions and commands --------------------------------------------------------
    def act(self, action: str, by_bot: bool = False, now_ms: float | None = None) -> None:
        """Apply an action (IllegalAction propagates with the broken rule, nothing changed).

        In a real-time game a human action is stamped with the clock (`now_ms`, the page's clock)."""
        previous = self.viewer()
        if self.realtime and now_ms is not None and not by_bot:
            action = self.game.stamp(action, now_ms - self.clock_base)
        before = self.state
        self.state = before.apply(action)
        self._record_move(before, self.state)
        self.message = ""
        if not by_bot:
            self.redo_stack = []
        self._follow_epoch(now_ms)
        self._update_curtain(previous)

    # -- real time (a game whose package exports tick(), like Blitzed!) ------------------
    @property
    def realtime(self) -> bool:
        return self.game.realtime

    def start_clock(self, now_ms: float) -> None:
        """Line the game's clock up with the page's, so stamps never go backwards after a reload."""
        self.epoch = self.state.epoch if self.realtime else None
        self.clock_base = now_ms - (self.state.clock if self.realtime else 0)

    def _follow_epoch(self, now_ms) -> None:
        # The game's clock restarts at each new epoch (a round starting or ending).
        if self.realtime and self.state.epoch != self.epoch:
            self.epoch = self.state.epoch
            self.clock_base = now_ms if now_ms is not None else self.clock_base + self.state.clock

    def tick(self, now_ms: float) -> int:
        """Let real-time bots act at the page time `now_ms`; returns how many actions they took."""
        bots = {seat: who for seat, who in self.seats.items() if who != HUMAN}
        if not self.realtime or not bots or self.state.is_over or not self.capabilities.bots:
            return 0
        due = self.package.tick(self.state, now_ms - self.clock_base, bots, Rng.from_seed(self.state.seed, "bots"))
        for action in due:
            self.act(action, by_bot=True, now_ms=now_ms)
        return len(due)

    def can_undo(self) -> bool:
        """Undo follows table etiquette: only your own last step, never past a roll, draw or reveal."""
        if not self._undo_states or self.state.is_over or not self.capabilities.undo:
            return False
        actor = self._undo_states[-1].to_play
        if isinstance(actor, (tuple, list)) or self.seats.get(str(actor)) != HUMAN:
            return False
        return actor in self.acting_seats()

    def undo(self) -> None:
        if not self.can_undo():
            self.message = self.no_undo
            return
        self.redo_stack.append(self.state.actions[-1])
        self.state = self._undo_states.pop()
        self.narration.pop()
        for lines in self._readable.values():
            del lines[len(self.narration):]

    def reset_turn(self) -> None:
        """Take back every step of the current turn that etiquette allows."""
        while self.can_undo():
            self.undo()

    def redo(self) -> None:
        if self.redo_stack:
            action = self.redo_stack.pop()
            stack = self.redo_stack
            self.act(action)
            self.redo_stack = stack

    def command(self, command: str) -> None:
        """A UI-only command from a data-command element."""
        if command.startswith("ui:"):
            set_ui(self.ui, command)
        elif command == "reveal":
            self.curtain = False
        elif command == "undo":
            self.undo()
        elif command == "reset-turn":
            self.reset_turn()
        elif command == "redo":
            self.redo()
        else:
            raise ValueError(f"unknown command {command!r}")

    def bot_thinker(self, rng_seed: int):
        """A generator running the current bot's search in slices; returns its action. A bot whose work
        can outrun the page (the expert) also stops after PAGE_THINK_MS."""
        seat = self.bot_seat()
        bot = self.package.bots[self.seats[str(seat)]]
        rng = Rng.from_seed(rng_seed, "bot")
        return bot.think(self.game, self.state.view(seat), rng, PAGE_THINK_MS)

    def hint_bot(self):
        """The bot whose choice a hint suggests (the game declares its level), or None: no hints."""
        return self.package.bots.get(self.game.hint_bot) if self.capabilities.hint else None

    def can_hint(self) -> bool:
        """Hints need the game's declared hint bot (a race declares none), and a game that waits
        for the player (never behind the hotseat curtain: the advice would name the covered player's pieces)."""
        return self.hint_bot() is not None and self.interactive()

    def hint(self, rng_seed: int, playouts: int = 20):
        """A generator (run in slices): the hint bot's suggestion for the viewer, with the share of
        `playouts` won from here where the game can estimate it (Package.win_chance; None otherwise).
        ValueError at once, before anything is computed, when there is no hint to give (can_hint)."""
        if not self.can_hint():
            raise ValueError("no hint now: it is nobody's turn here, or the hotseat curtain is down")
        return self._advise(self.state.view(self.viewer()), rng_seed, playouts)

    def _advise(self, view: dict, rng_seed: int, playouts: int):
        rng = Rng.from_seed(rng_seed, "hint")
        action = yield from self.hint_bot().think(self.game, view, rng, PAGE_THINK_MS)
        if self.package.win_chance is None:
            return action, None
        wins = 0.0
        for _ in range(playouts):
            wins += self.package.win_chance(view, rng)
            yield
        return action, wins / playouts

    def hint_text(self, action: str, chance) -> str:
        """The notice naming a hint's move, with the chance of victory where the game estimates it."""
        odds = f" Estimated chance of victory from here: {round(chance * 100)}%." if chance is not None else ""
        return f"Suggestion: {self.game.describe_action(self.state, action)}.{odds}"

    def point_to(self, action: str) -> bool:
        """Set the drawing choices that bring a hint's control into view, where the game has them
        (Package.hint_ui); True when they changed what is drawn (the page redraws)."""
        hint_ui = self.package.hint_ui
        if hint_ui is None:
            return False
        for key, value in hint_ui(self.state.view(self.viewer()), action).items():
            if value is None:
                self.ui.pop(key, None)
            else:
                self.ui[key] = value
        return True

    def play_bot(self, rng_seed: int) -> None:
        """Let the bot to move play one action at once (tests, terminal)."""
        seat = self.bot_seat()
        bot = self.package.bots[self.seats[str(seat)]]
        self.act(run_bot(bot, self.game, self.state.view(seat), Rng.from_seed(rng_seed, "bot")), by_bot=True)

    # -- what the page shows ---------------------------------------------------------
    def interactive(self) -> bool:
        """The viewer may act now (not while the hotseat curtain covers them: nothing of theirs is offered)."""
        viewer = self.viewer()
        return (not self.curtain and viewer is not None and viewer in self.acting_seats()
                and self.seats.get(str(viewer)) == HUMAN)

    def seen_by(self):
        """The seat whose secrets the page may compute anything from: the viewer, or nobody's (a spectator's
        view) while the hotseat curtain is down."""
        return None if self.curtain else self.viewer()

    def tray(self, view: dict | None = None) -> list:
        """The package's tray(view, ui) for the person to decide now: none for a bot or behind the curtain.
        `view`: the viewer's, where the caller has it already."""
        if not self.interactive():
            return []
        view = self.state.view(self.viewer()) if view is None else view
        return self.package.tray(view, dict(self.ui, curtain=False, interactive=True))

    def board_svg(self, view: dict | None = None) -> str:
        """The board for the viewer (`view`: the view of seen_by(), where the caller has it already)."""
        humans = self.humans()
        if self.realtime and len(humans) > 1:
            # Several people on one device: one table, then each person's own controls and keys.
            layouts = self.package.keyboard_layouts
            narrow = bool(self.ui.get("narrow"))
            parts = [draw(self.package, self.state, None, {"part": "table", "interactive": False, "narrow": narrow})]
            for index, seat in enumerate(humans):
                keys = layouts[index] if index < len(layouts) else {}
                parts.append(draw(self.package, self.state, seat, {"part": "controls", "keys": keys, "narrow": narrow,
                                                                 "interactive": seat in self.acting_seats()}))
            return "".join(parts)
        ui = dict(self.ui, curtain=self.curtain, interactive=self.interactive())
        if self.realtime:
            layouts = self.package.keyboard_layouts
            ui["keys"] = layouts[0] if layouts else {}
        return self.package.render(self.state.view(self.seen_by()) if view is None else view, ui)

    def log_for(self, reader) -> list:
        """The log as `reader` may read it, one string per move (kept up to date, never rebuilt)."""
        lines = self._readable.setdefault(reader, [])
        lines += [readable(move, reader) for move in self.narration[len(lines):]]
        return lines

    @property
    def log(self) -> list:
        return self.log_for(self.seen_by())

    def frame(self) -> dict:
        """Everything the page needs for one redraw, in one call, drawn from one view of the position (see
        docs/architecture.md); a Replay's frame has the same keys."""
        over = self.state.is_over
        viewer = self.viewer()
        view = self.state.view(self.seen_by())
        status = self.status(view)
        return make_frame(self.board_svg(view), status, self.log, over=over, result=status if over else "",
                          can_undo=self.can_undo(), can_redo=bool(self.redo_stack), can_hint=self.can_hint(),
                          curtain=self.curtain,
                          curtain_seat=self.game.seat_name(viewer) if viewer is not None else "",
                          message=self.message, interactive=self.interactive(), moves=len(self.state.actions),
                          tray=self.tray(view))

    def share_choices(self) -> list:
        """What the Share dialog offers, each {"kind", "label", "text", "code"}: a finished game's whole
        record; for a game in progress, a watch link (nothing hidden, no dice to come) and the whole game to
        move to another device, whose text warns what it reveals (records.py: the three kinds)."""
        if self.state.is_over:
            return [{"kind": "record", "label": "The whole game", "code": records.encode(self.state.record()),
                     "text": "The whole game, to replay move by move: it is over, so nothing is left to hide."}]
        watch = records.watch_record(self.game, self.state.record(), self.log_for(None))
        return [{"kind": "watch", "label": "Let someone watch", "code": records.encode(watch, sort_keys=False),
                 "text": "The game so far as a spectator sees it: no hidden pieces and no dice to come. It opens "
                         "as a replay and cannot be played on."},
                {"kind": "session", "label": "Move this game to another device",
                 "code": records.encode(json.loads(self.to_save())),
                 "text": "Warning: this link holds the whole game, to play on elsewhere. Whoever opens it can see "
                         "every hidden piece and work out the dice to come: send it only to yourself, never to "
                         "an opponent."}]

    def status(self, view: dict | None = None) -> str:
        """The status line for the viewer (`view`: the view of seen_by(), where the caller has it already)."""
        text = self.package.status_text(self.state.view(self.seen_by()) if view is None else view)
        if self.state.is_over:
            return text  # the result and how it was won, in the game's own words
        seat = self.bot_seat()
        if seat is not None and not self.interactive():
            text = f"{self.game.seat_name(seat)} ({self.seats[str(seat)]} bot) is thinking…"
        return text


class Replay:
    """Step through a recorded game: every position rebuilt from its seed and actions, or, for a watch
    link (records.watch_record), the spectator's positions it holds."""
    capabilities = Capabilities(replay=True)

    def __init__(self, game_name: str, record: dict):
        self.game = games.get(game_name)
        self.package = games.package(game_name)
        self.states, self.lines = [], []
        self.ui: dict = {}  # as Session.ui
        self.watching = isinstance(record, dict) and records.kind(record) == "watch"
        if self.watching:
            self.views, self.lines = records.watched_views(game_name, record)
        else:
            def keep(before, after):
                if not self.states:
                    self.states.append(before)
                self.states.append(after)
                self.lines.append(readable(self.game.narrate(before, after), None))  # a replay shows no secrets
            final = self.game.from_record(record, on_move=keep)
            self.states = self.states or [final]
        self.index = self.last

    @property
    def last(self) -> int:
        return len(self.lines)

    def go(self, where: str) -> None:
        last = self.last
        self.index = {"first": 0, "back": max(0, self.index - 1), "next": min(last, self.index + 1),
                      "last": last}[where]

    @property
    def at_end(self) -> bool:
        return self.index == self.last

    def steer(self, command: str, playing: bool) -> str:
        """A replay-bar command ("replay-" and first, back, next, last, play or exit), with `playing` whether
        the replay was playing by itself (the page stops that first): what the page does then: "exit" closes
        the viewer, "play" plays it by itself (from the first position when at the end), "" redraws (a step
        taken, or "play" while playing: a pause)."""
        if playing and command == "replay-play":
            return ""
        if command == "replay-exit":
            return "exit"
        if command == "replay-play":
            if self.at_end:
                self.go("first")
            return "play"
        self.go(command.removeprefix("replay-"))
        return ""

    def advance(self) -> bool:
        """Playing by itself: the next position; False at the end (nothing moves)."""
        if self.at_end:
            return False
        self.go("next")
        return True

    def board_svg(self) -> str:
        ui = dict(self.ui, interactive=False)
        if not self.watching:
            return draw(self.package, self.states[self.index], None, ui)
        try:
            return self.package.render(self.views[self.index], ui)
        except Exception:  # a watch link is anyone's text: a position the renderer cannot read says so
            return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 60" role="img"><text x="10" y="35">'
                    "This position of the watch link cannot be drawn: the link is damaged.</text></svg>")

    def status(self) -> str:
        if self.watching:
            return f"Watching a game in progress: move {self.index} of {self.last}."
        state = self.states[self.index]
        where = f"Replay: move {self.index} of {self.last}"
        if state.is_over and state.winner is not None:
            return f"{where}. Winner: {self.game.seat_name(state.winner)}."
        return f"{where}."

    def frame(self) -> dict:
        """The page's redraw, with a Session frame's keys: the position at `index`, nothing to act on ("over":
        the recorded game ended)."""
        return make_frame(self.board_svg(), self.status(), self.lines, step=self.index,
                          over=not self.watching and self.states[-1].is_over, moves=self.index)


# -- between clicks: what the page's glue (web/glue/play.py) runs on its timers ------------------------------
def run_slice(jobs: dict, kind: str, job, paused: bool, seconds: float, clock=time.perf_counter) -> tuple:
    """One slice of the search `job` (a generator) of `kind`, for at most `seconds` of `clock`: ("dropped",)
    when `jobs` no longer holds it (replaced by another of its kind, or a new game), ("paused",) while
    `paused` (the replay viewer is open), ("done", its result) once it returns (taken out of `jobs`), else
    ("more", the last value it yielded in this slice: a progress, or None)."""
    if jobs.get(kind) is not job:
        return ("dropped",)
    if paused:
        return ("paused",)
    deadline = clock() + seconds
    last = None
    try:
        while clock() < deadline:
            last = next(job)
    except StopIteration as done:
        del jobs[kind]
        return ("done", done.value)
    return ("more", last)


def bot_due(controller, jobs: dict, following: bool) -> bool:
    """A bot starts thinking on the page: none thinks yet (`jobs`), the page is not following another tab's
    game, the controller declares bots, one of them moves now and the game goes on."""
    return ("bot" not in jobs and not following and controller.capabilities.bots and controller.bot_seat() is not None
            and not controller.state.is_over)


def wake_lock_step(racing: bool, holding: bool, asking: bool, visible: bool) -> str | None:
    """A race keeps the screen on: "ask" for the lock (racing, none held, the page shown), "release" it
    (held, no race), or None (nothing to do, or an answer awaited: `asking`)."""
    if asking:
        return None
    if racing and not holding and visible:
        return "ask"
    return "release" if not racing and holding else None
