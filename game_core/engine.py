"""The one engine API every Blitzbox game follows (modelled on OpenSpiel's State API).

A `Game` makes seeded states. A `State` knows whose turn it is, lists its legal actions
(short text notations), and `apply(action)` returns a NEW state, or raises `IllegalAction`
naming the broken rule, leaving the old state untouched. All chance comes from the `Rng`
inside the state, so a game is exactly its seed, options and action list: saves, undo,
replay and share links are all built on `record()` and `Game.replay()`.

A game package subclasses both classes and implements the hooks marked "game hook".
"""

from __future__ import annotations

import json

from .jsontext import SaveError, check_json
from .rng import Rng

SAVE_FORMAT = "blitzbox"
SAVE_VERSION = 2  # 2: Bitskrieg's seats are named "blue" and "red" (format 1 numbered them 0 and 1)
MAX_SAVE_CHARS = 2_000_000


class IllegalAction(ValueError):
    """An action that the rules forbid now; the message names the rule."""


class BrokenInvariant(AssertionError):
    """A position the rules can never reach: a bug in the engine, not a player's mistake."""


# -- declared fields: who may see each part of a position ------------------------------------------
PUBLIC = "public"    # everyone sees it
SEAT = "seat"        # one entry per seat (a dict keyed by seat): each seat sees its own
HIDDEN = "hidden"    # nobody sees it: a view shows {"hidden": n}, n = how many things it holds
ENGINE = "engine"    # never in a view (e.g. the rng state, which would foretell every roll)
SCRATCH = "scratch"  # not part of the saved position: what the last action did, caches (copied, never saved)


def clone(value):
    """A copy of plain data (dicts and lists nested in any depth) sharing no dict or list with it; the
    rest (strings, numbers, tuples of them) is immutable and shared. A flat list or dict, the most
    common, is copied at C speed."""
    kind = type(value)
    if kind is dict:
        if _NESTED.isdisjoint(map(type, value.values())):
            return value.copy()
        return {k: clone(v) if type(v) in _NESTED else v for k, v in value.items()}
    if kind is list:
        if _NESTED.isdisjoint(map(type, value)):
            return value[:]
        return [clone(v) if type(v) in _NESTED else v for v in value]
    return value


_NESTED = frozenset((dict, list))


def shown(before: tuple, after: tuple) -> bool:
    """Did a move show a seat something hidden from it, judged from State.unseen before and after it:
    fewer things hidden (a card drawn from a face-down pile, a bag's token, a reveal), or a pile's top card
    shown that was not shown before?"""
    return after[0] < before[0] or any(top is not None and top != was for top, was in zip(after[1], before[1]))


def hidden(value) -> bool:
    """Is this a hidden value as a view shows it ({"hidden": n})?"""
    return type(value) is dict and value.keys() == {"hidden"}


class Outcome:
    """How a game ended, one shape for every game: the seats that won (one; several that share a win;
    none, when a solitaire player loses) and, where the game grades its ending, the grade ("brilliant")."""

    __slots__ = ("winners", "grade")

    def __init__(self, winners=(), grade: str = ""):
        self.winners, self.grade = tuple(winners), grade

    @property
    def winner(self):
        """The single winning seat, or None (nobody, or a shared win)."""
        return self.winners[0] if len(self.winners) == 1 else None

    def __eq__(self, other):
        return isinstance(other, Outcome) and (self.winners, self.grade) == (other.winners, other.grade)

    def __repr__(self):
        return f"Outcome({self.winners!r}, {self.grade!r})"


class Field:
    """One declared part of a State: the attribute `name`, who may see it (`see`), and how it is saved.

    - `key`: its name in to_dict() (default `name`); `save(value)` / `load(data)` convert it to and
      from JSON-ready data (default: a deep copy of plain data either way).
    - `get(state)`: a value worked out from the rest (saved, never copied or loaded), e.g. a final score.
    - `copy`: how copy() copies it: None (a deep copy: the value must be plain data, dicts, lists, tuples,
      strings, numbers, None), "share" (read-only, e.g. a board index), or a function value -> copy (e.g. a
      cache reset to None).
    - SEAT only: `open(state, owner)`: True when everyone sees that seat's entry (a row played face up).
    - HIDDEN only: `top=(view key, when(state))`: the view also shows the pile's last item under that key
      while when(state) holds (a card face up on a pile).
    """

    def __init__(self, name, see=PUBLIC, key=None, save=None, load=None, get=None, copy=None, open=None,
                 top=None):
        self.name, self.see, self.key = name, see, key or name
        self.save, self.load, self.get = save or clone, load or clone, get
        self.shared = copy == "share"
        self.copy = (lambda value: value) if self.shared else copy or clone
        self.open, self.top = open, top


def require(condition, message: str) -> None:
    """Used by State.check_invariants: raise BrokenInvariant(message) unless condition holds."""
    if not condition:
        raise BrokenInvariant(message)


class Option:
    """One new-game option: a default and either a tuple of choices or an int range.

    `needs` = (other option's name, value): the option only matters, and the new-game dialog only
    shows it (see `shown`), while the other option has that value, e.g. ("mode", "solo"); a number
    is a minimum, e.g. ("players", 4) for a seat past the number of players. An `internal` option is set by
    the program, never asked (Blitzkrieg!'s "remote", set by game_core/remote/)."""

    def __init__(self, name, default, choices=None, low=None, high=None, label="", help="", needs=None,
                 internal=False):
        self.name = name
        self.default = default
        self.choices = tuple(choices) if choices is not None else None
        self.low = low
        self.high = high
        self.label = label or name.replace("_", " ").capitalize()
        self.help = help
        self.needs = needs
        self.internal = internal

    def check(self, value):
        if self.choices is not None:
            if value not in self.choices:
                shown = ", ".join(repr(c) for c in self.choices)
                raise ValueError(f"option {self.name!r} must be one of {shown}, not {value!r}")
            return value
        if isinstance(self.default, bool):
            if not isinstance(value, bool):
                raise ValueError(f"option {self.name!r} must be true or false, not {value!r}")
            return value
        if isinstance(self.default, int):
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"option {self.name!r} must be a whole number, not {value!r}")
            if (self.low is not None and value < self.low) or (self.high is not None and value > self.high):
                raise ValueError(f"option {self.name!r} must be between {self.low} and {self.high}, not {value}")
            return value
        if not isinstance(value, type(self.default)):
            raise ValueError(f"option {self.name!r} has the wrong type: {value!r}")
        return value

    def shown(self, values: dict) -> bool:
        """Whether this option matters (and the dialog shows it) for these option values."""
        if self.internal:
            return False
        if self.needs is None:
            return True
        other, wanted = self.needs
        value = values[other]
        if isinstance(wanted, bool) or not isinstance(wanted, int):
            return value == wanted
        return not isinstance(value, bool) and isinstance(value, int) and value >= wanted


class Game:
    """A game: its seats, options and how to make, read and replay states."""

    name = ""
    title = ""
    seats: tuple = ()
    options: tuple = ()  # of Option
    state_class: type = None
    max_actions = 5000  # a sane cap for random play; a game that runs past it is a bug
    # Declared capabilities (never found out with hasattr):
    # A real-time game: the page's clock drives it through its package's tick(), and its states keep `clock`
    # (the latest stamp, in ms) and `epoch` (a count that grows whenever the clock restarts).
    realtime = False
    hint_bot = "hard"  # the bot level (in the package's BOTS) whose choice a hint suggests; None: no hints
    # Seats an older save names differently, {old name as text: seat} (Bitskrieg's "0": "blue"). No old name
    # is a seat's name now, so a save's seats are brought up to date whatever its format (saved_seat).
    former_seats: dict = {}

    # -- making states ---------------------------------------------------------------
    def validate_options(self, options: dict | None) -> dict:
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise ValueError("options must be a dict of option name to value")
        known = {opt.name: opt for opt in self.options}
        unknown = sorted(set(options) - set(known))
        if unknown:
            raise ValueError(f"unknown option(s) for {self.name}: {', '.join(map(str, unknown))}; "
                             f"known: {', '.join(known) or 'none'}")
        result = {}
        for name, opt in known.items():
            result[name] = opt.check(options[name]) if name in options else opt.default
        self.check_option_combination(result)
        return result

    def with_seats(self, options: dict | None, seats: dict) -> dict:
        """`options` plus who sits at each seat ({seat: "human" or a bot level}), for a game whose
        options name its seats (Blitzed!, where a shared game keeps its bots); others are unchanged."""
        names = {option.name for option in self.options}
        return {**(options or {}), **{str(seat): who for seat, who in seats.items() if str(seat) in names}}

    def check_option_combination(self, options: dict) -> None:
        """Game hook: reject option values that are valid alone but not together."""

    def new_game(self, seed: int, options: dict | None = None, rng: Rng | None = None) -> "State":
        """A new game; `rng` replaces the seeded stream (a remote game's rng.Tape of supplied outcomes)."""
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"seed must be an integer, not {seed!r}")
        state = self.state_class(self, seed, self.validate_options(options))
        if rng is not None:
            state.rng = rng
        state.setup()
        return state

    def forced_seats(self, options: dict) -> dict:
        """Game hook: {seat: "human" or a bot level} for the seats the options decide, whatever the
        page chose (Blitzkrieg!'s solo mode seats the solo module as the Axis)."""
        return {}

    def seat_name(self, seat) -> str:
        """Game hook: a seat as players call it ("Allies", "Blue")."""
        return str(seat).replace("_", " ").title()

    def saved_seat(self, seat):
        """A seat as a save of any format names it (a key's text or a JSON value), as the game names it now."""
        return self.former_seats.get(str(seat), seat)

    def upgrade(self, version: int, stored: dict) -> dict:
        """Game hook: a save's stored position (to_dict()) of format `version` in the shape of format
        version + 1 (engine.migrate); unchanged unless that step changed the game's data. It may raise on a
        damaged position (LookupError, TypeError, ValueError, AttributeError)."""
        return stored

    # -- notation ----------------------------------------------------------------------
    def parse_action(self, state: "State", text: str) -> str:
        """Read a notation back: returns the canonical action or raises IllegalAction."""
        if not isinstance(text, str):
            raise IllegalAction(f"an action is a short text notation, not {type(text).__name__}")
        canonical = " ".join(text.split())
        if not canonical:
            raise IllegalAction("empty action")
        return self.canonical_action(canonical)

    def canonical_action(self, text: str) -> str:
        """Game hook: normalise spelling (case, aliases); raise IllegalAction if malformed."""
        return text

    def read_action(self, text: str):
        """Game hook: the canonical notation `text` as the game's typed action, read once here and handed to
        State.do (its str() is the notation again); the text itself for a game without one."""
        return text

    def describe_action(self, state: "State", action: str) -> str:
        """Game hook: the action in plain words, for the move log (state is before it)."""
        return action

    def describe_outcome(self, before: "State", after: "State") -> str:
        """Game hook: what chance decided in that action (dice, draws), in plain words; "" if nothing."""
        return ""

    def narrate(self, before: "State", after: "State") -> list:
        """Game hook: the last action and everything chance and the rules did because of it, as
        plain-words lines [(text, audience)]: audience None is everyone, else the one seat that may
        read the line (a secret). Used by the move log, the screen-reader live region and the terminal."""
        line = self.describe_action(before, after.actions[-1])
        outcome = self.describe_outcome(before, after)
        return [(f"{line}: {outcome}" if outcome else line, None)]

    # -- saves and records ---------------------------------------------------------------
    def replay(self, seed: int, options: dict | None, actions) -> "State":
        state = self.new_game(seed, options)
        for action in actions:
            state = state.apply(action)
        return state

    def state_from_view(self, view: dict, rng: Rng) -> "State":
        """A full, playable state consistent with `view` (what a bot may know), for its search: every
        declared field the view shows is loaded, each hidden one is dealt at random from what the seat
        has not seen (the game's State.deal_hidden), and the state gets a fresh random stream from `rng`,
        so the dice to come are not foreseen."""
        state = self.new_game(0, view["options"])
        seen = view["state"]
        for f in state.fields:
            if f.get is not None:
                continue
            if f.see == SCRATCH:  # what the last action did is not in the view: start it afresh
                setattr(state, f.name, f.copy(getattr(state, f.name)))
            elif f.key in seen:
                setattr(state, f.name, f.load(seen[f.key]))
        state.deal_hidden(seen, rng)
        state.rng = Rng(rng.next64())
        return state

    def from_json(self, text: str) -> "State":
        """Rebuild a state from `State.to_json()` (or from a bare record without "state")."""
        if not isinstance(text, str):
            raise SaveError("a save must be text")
        if len(text) > MAX_SAVE_CHARS:
            raise SaveError("the save is too large to be a Blitzbox save")
        try:
            data = json.loads(check_json(text, "the save", MAX_SAVE_CHARS))
        except json.JSONDecodeError as err:
            raise SaveError(f"the save is not valid JSON ({err.msg} at character {err.pos})") from None
        return self.from_record(data)

    def from_record(self, data, on_move=None) -> "State":
        """Rebuild and check a record; `on_move(before, after)` is called for each move replayed
        (so a session builds its log and undo states in the same single replay)."""
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveError("this is not a Blitzbox save")
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool):
            raise SaveError("the save has no version number")
        if version < 1:
            raise SaveError(f"the save has an unknown format number ({version})")
        if version > SAVE_VERSION:
            raise SaveError(f"the save is from a newer version of Blitzbox (format {version}); "
                            f"this page reads up to {SAVE_VERSION}: reload to update")
        if data.get("game") != self.name:
            raise SaveError(f"the save is for {data.get('game')!r}, not {self.name!r}")
        data = migrate(data, self)
        seed, options, actions = data.get("seed"), data.get("options"), data.get("actions")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise SaveError("the save's seed is missing or not a number")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise SaveError("the save's move list is missing or damaged")
        try:
            state = self.new_game(seed, options)
        except ValueError as err:
            raise SaveError(f"the save's options are invalid: {err}") from None
        for number, action in enumerate(actions, 1):
            try:
                after = state.apply(action)
            except IllegalAction as err:
                raise SaveError(f"move {number} ({action!r}) in the save is illegal: {err}") from None
            if on_move is not None:
                on_move(state, after)
            state = after
        stored = data.get("state")
        if stored is not None and stored != json.loads(json.dumps(state.to_dict())):
            raise SaveError("the save's position does not match its own moves (it was altered or damaged)")
        return state


def migrate(data: dict, game: Game) -> dict:
    """Bring an older save of `game` up to SAVE_VERSION, one version step at a time. The moves never change
    meaning; a step reshapes the stored position (Game.upgrade), which from_record then checks against
    the replayed moves as always. (Session.from_save renames a session's seats: Game.saved_seat.)"""
    while data["version"] < SAVE_VERSION:
        version = data["version"]
        data = dict(data, version=version + 1)
        if data.get("state") is not None:
            try:
                data["state"] = game.upgrade(version, data["state"])
            except (LookupError, TypeError, ValueError, AttributeError):
                pass  # a damaged position stays as it was: it fails the check against the moves
    return data


class State:
    """A game position. Subclasses keep their data in plain attributes and implement the hooks."""

    def __init__(self, game: Game, seed: int, options: dict):
        self.game = game
        self.seed = seed
        self.options = options
        self.rng = Rng.from_seed(seed, game.name)
        self.actions: tuple = ()
        # Undo may not cross this many actions: the last one that rolled, or showed its mover anything hidden.
        self.undo_floor = 0

    # -- game hooks ----------------------------------------------------------------------
    def setup(self) -> None:
        """Game hook: lay out the starting position (may use self.rng)."""

    @property
    def to_play(self):
        """Game hook: the seat whose decision it is, or None when the game is over."""
        raise NotImplementedError

    def legal_actions(self) -> list:
        """Game hook: every legal action now, as canonical notation strings."""
        raise NotImplementedError

    def do(self, action) -> None:
        """Game hook: carry out a legal action (Game.read_action's) on self (already a fresh copy)."""
        raise NotImplementedError

    def check_legal(self, action: str) -> None:
        """Game hook: raise IllegalAction (naming the rule) unless `action` may be applied now."""
        if action not in self.legal_actions():
            raise IllegalAction(self.why_illegal(action))

    def why_illegal(self, action: str) -> str:
        """Game hook: the rule an action breaks (it is known not to be legal now)."""
        return f"{action!r} is not a legal action now"

    def acting_seats(self) -> tuple:
        """The seats that may act now (several at once where `to_play` is a tuple); () once the game is over."""
        to_play = self.to_play
        if to_play is None:
            return ()
        return tuple(to_play) if isinstance(to_play, (tuple, list)) else (to_play,)

    def seats_in_play(self) -> tuple:
        """Game hook: the seats taking part in this game (some games seat fewer than all)."""
        return tuple(self.game.seats)

    @property
    def outcome(self) -> Outcome | None:
        """Game hook: how the game ended (None while it goes on)."""
        return None

    @property
    def winner(self):
        """The single winning seat, or None (the game goes on, nobody won, or a shared win)."""
        outcome = self.outcome
        return outcome.winner if outcome is not None else None

    def check_invariants(self) -> None:
        """Game hook: raise BrokenInvariant (via require) if the position breaks what the rules
        guarantee, e.g. "every token is in exactly one place". The fuzzer calls it after every action."""

    # The position's parts, declared once (Field): copy(), to_dict(), redact() and the bots'
    # Game.state_from_view all come from this declaration.
    fields: tuple = ()

    @classmethod
    def _declared(cls) -> tuple:
        """(plain, special, saved) per class: the names of the fields copy() deep-copies as plain data,
        the fields it copies their own way (shared, reset), and the fields to_dict() saves."""
        found = cls.__dict__.get("_declared_fields")
        if found is None:
            copied = [f for f in cls.fields if f.get is None]
            found = cls._declared_fields = (tuple(f.name for f in copied if f.copy is clone),
                                            tuple(f for f in copied if f.copy is not clone),
                                            tuple(f for f in cls.fields if f.see != SCRATCH))
        return found

    def to_dict(self) -> dict:
        """The full position as JSON-ready data (everything, nothing hidden), from the declared fields."""
        data = {f.key: f.get(self) if f.get is not None else f.save(getattr(self, f.name))
                for f in self._declared()[2]}
        data["rng"] = self.rng.state
        return data

    def redact(self, data: dict, seat) -> dict:
        """Remove from to_dict() data what `seat` may not see, as the fields declare (None: a spectator)."""
        for f in self._declared()[2]:
            if f.see == SEAT:
                entries = data[f.key]
                for owner in self.game.seats:
                    if owner != seat and not (f.open and f.open(self, owner)):
                        entries[owner] = {"hidden": len(entries[owner])}
            elif f.see == HIDDEN:
                if f.top is not None:
                    pile, (top_key, when) = data[f.key], f.top
                    data[top_key] = pile[-1] if pile and when(self) else None
                data[f.key] = {"hidden": len(data[f.key])}
            elif f.see == ENGINE:
                del data[f.key]
        del data["rng"]
        return data

    def deal_hidden(self, seen: dict, rng: Rng) -> None:
        """Game hook for Game.state_from_view: replace each hidden value ({"hidden": n}, loaded from the
        view `seen`) by n things the seat has not seen, drawn with `rng`, so the position is consistent."""

    def facts(self, seat) -> dict:
        """Game hook: the rule facts a board shows that the rules decide (a die modifier, a leader,
        legal targets, a card's effect), JSON-ready and safe for `seat` to know. The renderer reads
        them from view["facts"] and never works a rule out for itself."""
        return {}

    # -- the shared API --------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.to_play is None

    def copy(self) -> "State":
        """A copy sharing nothing mutable: every declared field copied as declared. The game, the
        options (never changed) and the action tuple (immutable, grows with the game) are shared."""
        plain, special, _ = self._declared()
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.rng = self.rng.copy()
        values = new.__dict__
        for name in plain:
            values[name] = clone(values[name])
        for f in special:
            setattr(new, f.name, f.copy(getattr(self, f.name)))
        return new

    def apply(self, action) -> "State":
        text = self.game.parse_action(self, action if isinstance(action, str) else str(action))
        if self.is_over:
            raise IllegalAction("the game is over: no more moves can be made")
        self.check_legal(text)
        movers = self.acting_seats()
        unseen = [self.unseen(seat) for seat in movers]
        new = self.copy()
        before = new.rng.state
        new.do(self.game.read_action(text))
        new.actions = self.actions + (text,)
        if new.rng.state != before or any(shown(was, new.unseen(seat)) for seat, was in zip(movers, unseen)):
            new.undo_floor = len(new.actions)  # chance decided, or the mover saw something hidden before
        return new

    def unseen(self, seat) -> tuple:
        """What `seat`'s view shows of the things hidden from it (redact's {"hidden": n} entries and the
        piles' top cards it shows): (how many things are hidden, (each top card shown, or None))
        (tests/test_undo_floor.py checks it against the view)."""
        count, tops = 0, []
        for f in self._declared()[2]:
            if f.see == SEAT:
                entries = getattr(self, f.name)
                count += sum(len(entries[owner]) for owner in self.game.seats
                             if owner != seat and not (f.open and f.open(self, owner)))
            elif f.see == HIDDEN:
                pile = getattr(self, f.name)
                count += len(pile)
                if f.top is not None:
                    tops.append(pile[-1] if pile and f.top[1](self) else None)
        return count, tuple(tops)

    def view(self, seat) -> dict:
        """What `seat` may know: the position with hidden information removed."""
        data = self.redact(json.loads(json.dumps(self.to_dict())), seat)
        view = {"game": self.game.name, "seat": seat, "to_play": self.to_play,
                "options": dict(self.options), "state": data, "moves_made": len(self.actions),
                "facts": self.facts(seat)}
        if seat is not None and seat == self.to_play:
            view["legal_actions"] = self.legal_actions()
        return view

    def record(self) -> dict:
        """The game as seed, options and actions: enough to rebuild it exactly."""
        return {"format": SAVE_FORMAT, "version": SAVE_VERSION, "game": self.game.name,
                "seed": self.seed, "options": self.options, "actions": list(self.actions)}

    def to_json(self) -> str:
        data = self.record()
        data["state"] = self.to_dict()
        return json.dumps(data, sort_keys=True, separators=(",", ":"))

    def __repr__(self) -> str:
        return f"<{self.game.name} state after {len(self.actions)} actions, to play: {self.to_play}>"


class Bot:
    """A player that decides from a seat's view only.

    `think` is a generator so long searches can run in slices (the browser yields to the
    page between slices); it yields None while working and returns the chosen action.
    """

    name = "random"
    title = "Random"
    summary = ""  # what the level does, in words a player can choose by (the new-game dialog lists it)

    def think(self, game: Game, view: dict, rng: Rng, budget_ms: int = 0):
        return self.choose(game, view, rng)
        yield  # pragma: no cover  (makes this a generator)

    def choose(self, game: Game, view: dict, rng: Rng) -> str:
        return rng.choice(view["legal_actions"])


def run_bot(bot: Bot, game: Game, view: dict, rng: Rng, budget_ms: int = 0) -> str:
    """Run a bot's `think` to completion (terminal, tests, simulations)."""
    return finish(bot.think(game, view, rng, budget_ms))


def finish(thinking):
    """Run a sliced job (a generator that yields while it works: a bot's think, a hint) to its end: its value."""
    while True:
        try:
            next(thinking)
        except StopIteration as done:
            return done.value
