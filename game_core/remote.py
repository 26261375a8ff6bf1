"""Remote play by messages: two browsers, no server, fair chance and kept secrets (docs/remote.md).

Each browser holds a `Remote`: its seat, its own secrets, what the opponent committed to and revealed, and
its own state of the game, whose opponent-hidden parts are stand-ins (its view for its own seat is the true
game's). Chance comes from an rng.Tape: each outcome is worked out from both sides' hash-chain elements for
the action's step (plus the private seed of the one seat that may see it), revealed only once the action is
fixed. Moves travel as codes ("bbr1." + base64url(zlib(JSON))); every code is checked before anything
changes. At the end both reveal their seeds and each replays the whole game from scratch.

The page's glue: `Remote.create(game, options, seat)` -> (remote, invitation code); `Remote.join(code)` ->
(remote, reply code); `remote.act(action)` -> a code to send, or None while the turn goes on;
`remote.receive(code)` -> a code to send back, or None (Refused says why nothing changed);
`remote.state` (draw `state.view(remote.seat)`), `remote.moved` (the (before, after) pairs just applied, for
`Game.narrate` and the animation), `remote.waiting`, `remote.outbox` (the last code sent, to
send again), `remote.verdict` (the end's check), `remote.to_dict()` / `Remote.from_dict(data)` (localStorage).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
import zlib

from . import games
from .engine import IllegalAction
from .jsontext import SaveError, parse_json
from .rng import NeedChance, Tape

PREFIX = "bbr1."
FORMAT, VERSION = "blitzbox-remote", 1
MAX_CODE_CHARS = 100_000


class Refused(ValueError):
    """A message that cannot be applied, or a move that cannot be sent; the text says why. Nothing changed."""


class Cheated(Refused):
    """A message that proves the opponent cheated (`seat`): the game cannot go on."""

    def __init__(self, seat, reason: str):
        super().__init__(reason)
        self.seat = seat


class _Waiting(Exception):
    """An outcome needs the opponent's chain element for a step they have not revealed yet."""


def sha(data: bytes) -> bytes:
    return hashlib.sha256(data).digest()


def _text(value) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def outcome(gid: str, position: int, n: int, elements: tuple, private: bytes = b"") -> int:
    """The outcome in [0, n) of draw `position`: both seats' chain elements for its step, in seat order,
    and the private contribution of the one seat that may see it (b"" for everyone). Bias < n / 2**256."""
    digest = sha(f"blitzbox-chance|{gid}|{position}|{n}|".encode() + b"".join(elements) + private)
    return int.from_bytes(digest, "big") % n


def private_part(seed: bytes, position: int) -> bytes:
    return sha(seed + b"draw%d" % position)


def action_nonce(seed: bytes, step: int) -> bytes:
    return sha(seed + b"act%d" % step)


def action_commitment(gid: str, step: int, nonce: bytes, action: str) -> str:
    return sha(f"blitzbox-action|{gid}|{step}|".encode() + nonce + action.encode()).hex()


def private_commitment(seed: bytes) -> str:
    return sha(b"private" + seed).hex()


def chain(seed: bytes, length: int) -> list:
    """[E(0) .. E(length)], E(s) = H^(length - s)(seed): revealing E(s) proves E(s') for s' < s, not later."""
    values = [seed]
    for _ in range(length):
        values.append(sha(values[-1]))
    values.reverse()
    return values


# -- message codes -------------------------------------------------------------------------------------
def mac(body: dict, key: bytes) -> str:
    """The HMAC of a message's body (all but its "mac") under the game's key."""
    return hmac.new(key, _text({k: v for k, v in body.items() if k != "mac"}).encode(), hashlib.sha256).hexdigest()[:32]


def seal(body: dict, key: bytes) -> str:
    """The code of a message: the body, signed in place with its HMAC."""
    body["mac"] = mac(body, key)
    packed = zlib.compress(_text(body).encode(), 9)
    return PREFIX + base64.urlsafe_b64encode(packed).decode().rstrip("=")


def unseal(code) -> dict:
    """The message inside a code (not yet checked against a game); Refused if it is not one."""
    if not isinstance(code, str):
        raise Refused("a message is text")
    code = code.strip()
    if len(code) > MAX_CODE_CHARS:
        raise Refused("the message is far too long to be a Blitzbox move")
    if not code.startswith(PREFIX):
        raise Refused("this is not a Blitzbox remote-play message" if not code.startswith("bbr")
                      else "the message is from a newer Blitzbox: reload the page to update")
    body = code[len(PREFIX):]
    damaged = Refused("the message is damaged (it was cut short or altered)")
    try:
        inflater = zlib.decompressobj()
        text = inflater.decompress(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)), MAX_CODE_CHARS * 4)
        if inflater.unconsumed_tail or not inflater.eof:
            raise damaged
        data = parse_json(text.decode(), "the message")
    except (ValueError, zlib.error, UnicodeDecodeError):
        raise damaged from None
    if not isinstance(data, dict) or data.get("v") != VERSION:
        raise damaged
    return data


def digest(body: dict) -> str:
    return sha(_text(body).encode()).hex()[:32]


# -- what each game hides ------------------------------------------------------------------------------
class Adapter:
    """How a game's hidden moves and hidden pieces travel (the default: nothing hidden but chance)."""

    def secret(self, action: str) -> bool:
        """Is this action hidden from the opponent (it travels as a commitment)?"""
        return False

    def stand_in(self, state):
        """The move the receiver plays for the opponent's secret move now, or None if none may be secret now."""
        return None

    def opens(self, state, seat) -> bool:
        """Have the rules made `seat`'s secret actions public (its commitments are opened now)?"""
        return False

    def fit(self, remote: "Remote", action: str) -> None:
        """Re-fit the receiver's stand-ins so the opponent's public `action` can be applied as played."""


class BitskriegAdapter(Adapter):
    """Tank picks are secret until every picked tank is deployed; the receiver's stand-in picks are re-chosen
    to hold every class the opponent deploys."""

    def secret(self, action):
        return action.startswith("pick ")

    def stand_in(self, state):
        return state.legal_actions()[0] if state.phase == "pick" else None

    def opens(self, state, seat):
        return state.phase not in ("obstacles", "pick", "axis", "home") and not state.hand[seat]

    def fit(self, remote, action):
        from .bitskrieg.data import CLASS_ORDER, TANK_CLASSES
        state, them = remote.state, remote.other
        words = action.split()
        if words[0] != "deploy" or words[1] in state.hand[them]:
            return
        steps = sorted(k for k in remote.secret if k not in remote.opened)
        picks = list(state.chosen[them])  # those deployed, then the new class, then any with room
        for cls in state.hand[them]:
            picks.remove(cls)
        picks = (picks + [words[1]])[:len(steps)]
        for cls in CLASS_ORDER:
            while len(picks) < len(steps) and picks.count(cls) < TANK_CLASSES[cls]["count"]:
                picks.append(cls)
        actions = list(state.actions)
        for step, cls in zip(steps, picks):
            actions[step - 1] = f"pick {cls}"
        remote.state = remote.rebuild(actions)


# The games remote play covers (Blitzkrieg!'s shared research pile is not covered yet: docs/remote.md).
ADAPTERS = {"bitskrieg": BitskriegAdapter()}


# -- one side of a remote game ---------------------------------------------------------------------------
class Remote:
    """One browser's side of a remote game (see the module docstring for the page's calls)."""

    def __init__(self, game, options: dict, seat, gid: str, key: bytes):
        if game.name not in ADAPTERS:
            raise ValueError(f"remote play is not available for {game.title} yet")
        if seat not in game.seats:
            raise ValueError(f"remote play needs one of the two seats of {game.title}, not {seat!r}")
        self.game, self.options, self.seat, self.gid, self.key = game, game.validate_options(options), seat, gid, key
        self.other = next(s for s in game.seats if s != seat)
        self.adapter = ADAPTERS[game.name]
        self.length = game.max_actions + 2  # chain steps: the set-up (0) and every action
        self.my_chain, self.my_private = secrets.token_bytes(32), secrets.token_bytes(32)
        self.their = {"top": None, "private": None, "known": None, "final": None}
        self.tape, self.state, self.pending = [], None, None
        self.secret, self.opened = {}, {}  # by step: their secret moves' commitments, and those opened
        self.my_secrets = []      # steps of my own secret actions
        self.mine_opened = False  # my secret actions were opened (the rules made them public)
        self.revealed = -1        # the last step of my chain revealed
        self.count, self.prev = 0, ""  # messages so far (they alternate) and the digest of the last one
        self.log, self.unsent, self.outbox = [], [], ""
        self.final_sent, self.verdict = False, None
        self.moved = []  # (before, after) of each move the last act(), receive() or load applied: the log, the animation
        self._chain = None  # my whole chain, worked out once

    # -- starting --------------------------------------------------------------------------------------
    @classmethod
    def create(cls, game, options: dict | None, seat) -> tuple:
        """A new remote game for `seat`: (remote, the invitation code for the opponent)."""
        remote = cls(game, options or {}, seat, secrets.token_hex(16), secrets.token_bytes(16))
        body = remote._body()
        body.update(options=remote.options, seat=seat, key=remote.key.hex())
        return remote, remote._send(body)

    @classmethod
    def join(cls, code: str) -> tuple:
        """Join the game of an invitation code as the other seat: (remote, the reply code)."""
        body = unseal(code)
        try:
            game = games.get(body.get("name"))
            key = bytes.fromhex(body["key"])
            creator = body["seat"]
            seat = next(s for s in game.seats if s != creator)
            remote = cls(game, body.get("options"), seat, body["game"], key)
        except (ValueError, KeyError, TypeError, StopIteration):
            raise Refused("this is not an invitation to a remote game") from None
        if body.get("n") != 0:
            raise Refused("this is not an invitation: open it in the game it belongs to")
        reply = remote.receive(code)
        return remote, reply

    # -- the position --------------------------------------------------------------------------------
    @property
    def waiting(self) -> bool:
        """True while the opponent must send the next message (my move is sent or pending, or it is theirs)."""
        if self.verdict is not None:
            return False
        return self.state is None or self.pending is not None or self.state.is_over or self.state.to_play != self.seat

    def _my_chain(self) -> list:
        if self._chain is None:
            self._chain = chain(self.my_chain, self.length)
        return self._chain

    def _their_element(self, step: int):
        known = self.their["known"]
        if known is None or known[0] < step:
            return None
        value = bytes.fromhex(known[1])
        for _ in range(known[0] - step):
            value = sha(value)
        return value

    def _outcome(self, need: NeedChance, step: int) -> int:
        if need.audience is not None and need.audience != self.seat:
            return 0  # the opponent's private draw: a stand-in on my tape
        theirs = self._their_element(step)
        if theirs is None:
            raise _Waiting
        elements = {self.seat: self._my_chain()[step], self.other: theirs}
        private = private_part(self.my_private, need.position) if need.audience is not None else b""
        return outcome(self.gid, need.position, need.n, tuple(elements[s] for s in self.game.seats), private)

    def _play(self, action, step: int):
        """The state after `action` (None: the set-up), supplying each outcome; _Waiting leaves all as it was."""
        if step >= self.length:
            raise IllegalAction(f"a remote game lasts at most {self.length - 1} moves")
        start = len(self.tape)
        while True:
            try:
                if action is None:
                    return self.game.new_game(0, self.options, rng=Tape(self.tape))
                return self.state.apply(action)
            except NeedChance as need:
                try:
                    self.tape.append(self._outcome(need, step))
                except _Waiting:
                    del self.tape[start:]
                    raise

    def rebuild(self, actions, moves: list | None = None) -> object:
        """My state replayed from the set-up with `actions` (stand-ins re-fitted) on the tape I have; each
        move's (before, after) is appended to `moves` when given (a loaded side's log)."""
        state = self.game.new_game(0, self.options, rng=Tape(self.tape))
        for action in actions:
            after = state.apply(action)
            if moves is not None:
                moves.append((state, after))
            state = after
        return state

    # -- my moves --------------------------------------------------------------------------------------
    def act(self, action):
        """Play my move: a code to send now (the turn passed, the move waits for the opponent's chance, or the
        game ended), or None while my turn goes on. IllegalAction (naming the rule) changes nothing."""
        if self.verdict is not None or (self.state is not None and self.state.is_over):
            raise IllegalAction("the game is over: no more moves can be made")
        if self.waiting:
            raise IllegalAction(f"it is not your move: wait for {self.game.seat_name(self.other)}'s message")
        text = self.game.parse_action(self.state, action if isinstance(action, str) else str(action))
        step = len(self.state.actions) + 1
        before = self.state
        try:
            self.state = self._play(text, step)
            self.moved = [(before, self.state)]
        except _Waiting:  # IllegalAction comes before any draw: only a legal move waits
            self.pending, self.moved = text, []
        entry = {"a": text}
        if self.adapter.secret(text):
            entry = {"c": action_commitment(self.gid, step, action_nonce(self.my_private, step), text)}
            self.my_secrets.append(step)
        self.unsent.append(entry)
        return self._send() if self.waiting else None

    def _body(self) -> dict:
        return {"v": VERSION, "game": self.gid, "name": self.game.name, "n": self.count, "from": self.seat,
                "prev": self.prev}

    def _send(self, body: dict | None = None) -> str:
        body = body or self._body()
        if self.count < 2:  # the invitation and the reply carry each side's commitments
            body["commit"] = {"chain": sha(self._my_chain()[0]).hex(), "private": private_commitment(self.my_private)}
        body["acts"], self.unsent = self.unsent, []
        fixed = 0 if self.state is None else len(self.state.actions) + (self.pending is not None)
        if fixed > self.revealed:  # my chain up to the last step already fixed, never beyond
            body["chain"] = [fixed, self._my_chain()[fixed].hex()]
            self.revealed = fixed
        mine = {str(k): self.state.actions[k - 1] for k in self.my_secrets if k <= len(self.state.actions)} \
            if self.state is not None else {}
        if mine and not self.mine_opened and self.adapter.opens(self.state, self.seat):
            body["open"] = {k: [a, action_nonce(self.my_private, int(k)).hex()] for k, a in mine.items()}
            self.mine_opened = True
        if self.state is not None and self.state.is_over and self.pending is None and not self.final_sent:
            body["final"] = {"chain": self.my_chain.hex(), "private": self.my_private.hex(), "acts": mine}
            self.final_sent = True
        code = seal(body, self.key)
        self.count, self.prev, self.outbox = self.count + 1, digest(body), code
        self.log.append(code)
        if self.final_sent and self.their["final"] is not None:
            self.verdict = self._verify()
        return code

    # -- their moves -----------------------------------------------------------------------------------
    def receive(self, code: str):
        """Apply the opponent's message: the code to send back (or None when it is my move, or all is done).
        Refused (or Cheated) says why the message was not applied; nothing is changed then."""
        body = unseal(code)
        if body.get("game") != self.gid:
            raise Refused("this message is for another game")
        if body.get("from") == self.seat:
            raise Refused("this is your own message: send it to your opponent")
        if body.get("from") != self.other or body.get("name") != self.game.name:
            raise Refused("this message is not from your opponent in this game")
        if self.verdict is not None:
            raise Refused("this game is over and was checked: it takes no more messages" if self.verdict["ok"]
                          else f"this game was stopped: {self.verdict['reason']}")
        if not hmac.compare_digest(str(body.get("mac")), mac(body, self.key)):
            raise Refused("this message was altered (its check does not match)")
        number = body.get("n")
        if not isinstance(number, int) or isinstance(number, bool):
            raise Refused("the message is damaged (it has no number)")
        if number < self.count:
            raise Refused("this message was already received (it was sent twice)")
        if number > self.count:
            raise Refused("a message is missing before this one: ask your opponent to send their last one again")
        if not self.waiting:
            raise Refused("it is your move: this message came out of turn")
        if body.get("prev") != self.prev:
            raise Refused("this message does not follow the last one (it was altered or belongs to another branch)")
        trial = self._fork()
        try:
            trial._take(body)
        except Cheated as err:
            self.verdict = {"ok": False, "cheater": err.seat, "reason": str(err)}
            raise
        except (KeyError, TypeError, ValueError) as err:
            if isinstance(err, Refused):
                raise
            raise Refused("the message is damaged (a part of it is missing or malformed)") from None
        trial.count, trial.prev = trial.count + 1, digest(body)
        trial.log.append(code.strip())
        if trial.their["final"] is not None and trial.final_sent:
            trial.verdict = trial._verify()
        self.__dict__.update(trial.__dict__)
        if self.verdict is not None or not self.waiting:
            return None
        return self._send()

    def _fork(self) -> "Remote":
        trial = object.__new__(Remote)
        trial.__dict__.update(self.__dict__)
        trial.tape = list(self.tape)
        trial.their, trial.secret, trial.opened = dict(self.their), dict(self.secret), dict(self.opened)
        trial.my_secrets, trial.log = list(self.my_secrets), list(self.log)
        trial.moved = []
        if self.state is not None:
            trial.state = self.state.copy()
            trial.state.rng = Tape(trial.tape, self.state.rng.state)
        return trial

    def _take(self, body: dict) -> None:
        them = self.game.seat_name(self.other)
        if self.their["top"] is None:
            self.their["top"], self.their["private"] = body["commit"]["chain"], body["commit"]["private"]
            self.their["known"] = [-1, self.their["top"]]
        if body.get("chain") is not None:
            step, value = body["chain"]
            known = self.their["known"]
            if not isinstance(step, int) or not known[0] <= step < self.length:
                raise Refused("the message is damaged (its chance value is for no step of this game)")
            check = bytes.fromhex(value)
            for _ in range(step - known[0]):
                check = sha(check)
            if check.hex() != known[1]:
                raise Cheated(self.other, f"{them}'s chance value for step {step} does not match their commitment "
                                          "(it was changed, to choose a roll)")
            self.their["known"] = [step, value]
        try:
            if self.state is None:
                self.state = self._play(None, 0)
            if self.pending is not None:
                before = self.state
                self.state = self._play(self.pending, len(self.state.actions) + 1)
                self.moved.append((before, self.state))
                self.pending = None
        except _Waiting:
            raise Refused("this message does not reveal the chance your move needs") from None
        for entry in body["acts"]:
            self._their_act(entry, them)
        for key, (action, nonce) in body.get("open", {}).items():
            self._open(int(key), action, nonce)
        if body.get("open"):
            self._refit(f"{them}'s secret moves, now open, do not match the moves they played")
        final = body.get("final")
        if final is not None:
            chain_seed, private = bytes.fromhex(final["chain"]), bytes.fromhex(final["private"])
            if sha(chain(chain_seed, self.length)[0]).hex() != self.their["top"] \
                    or private_commitment(private) != self.their["private"]:
                raise Cheated(self.other, f"{them}'s revealed seeds do not match their commitments")
            for key, action in final["acts"].items():
                self._open(int(key), action, action_nonce(private, int(key)).hex())
            self.their["final"] = {"chain": final["chain"], "private": final["private"]}

    def _their_act(self, entry: dict, them: str) -> None:
        if self.state.is_over:
            raise Refused("the game is over: no more moves can be made")
        if self.state.to_play != self.other:
            raise Refused(f"{them} moved out of turn: it is your move")
        step = len(self.state.actions) + 1
        action = entry.get("a")
        try:
            if "c" in entry:
                action = self.adapter.stand_in(self.state)  # my stand-in for their hidden move
                if action is None:
                    raise Refused(f"{them} sent a secret move where the rules allow none")
                self.secret[step] = str(entry["c"])
            else:
                if not isinstance(action, str):
                    raise Refused("the message is damaged (a move is not text)")
                action = self.game.parse_action(self.state, action)
                self.adapter.fit(self, action)
            before = self.state
            self.state = self._play(action, step)
            self.moved.append((before, self.state))
        except IllegalAction as err:
            raise Refused(f"{them}'s move {action!r} is illegal: {err}") from None
        except _Waiting:
            raise Refused(f"this message does not reveal the chance of {them}'s move {action!r}") from None

    def _open(self, step: int, action: str, nonce: str) -> None:
        if self.secret.get(step) != action_commitment(self.gid, step, bytes.fromhex(nonce), action):
            raise Cheated(self.other, f"{self.game.seat_name(self.other)}'s secret move {step} does not match "
                                      "what they committed to")
        self.opened[step] = action

    def _refit(self, why: str) -> None:
        """Replay my state with their opened secret moves in place of my stand-ins."""
        actions = [self.opened.get(step, action) for step, action in enumerate(self.state.actions, 1)]
        try:
            self.state = self.rebuild(actions)
        except (IllegalAction, Refused) as err:
            raise Cheated(self.other, f"{why}: {err}") from None

    # -- the end: replay everything ---------------------------------------------------------------------
    def _verify(self) -> dict:
        """Replay the whole game from scratch with both sides' seeds: every move legal, every outcome
        derived, and the position I played the one the true game reached."""
        chains = {self.seat: self._my_chain(), self.other: chain(bytes.fromhex(self.their["final"]["chain"]), self.length)}
        privates = {self.seat: self.my_private, self.other: bytes.fromhex(self.their["final"]["private"])}
        outcomes = []
        state, step = None, 0
        actions = [self.opened.get(k, a) for k, a in enumerate(self.state.actions, 1)]
        for action in [None] + actions:
            mover = None if state is None else state.to_play
            while True:
                try:
                    state = (self.game.new_game(0, self.options, rng=Tape(outcomes)) if action is None
                             else state.apply(action))
                    break
                except NeedChance as need:
                    private = b"" if need.audience is None else private_part(privates[need.audience], need.position)
                    outcomes.append(outcome(self.gid, need.position, need.n,
                                            tuple(chains[s][step] for s in self.game.seats), private))
                except IllegalAction as err:
                    return {"ok": False, "cheater": mover, "reason": f"{self.game.seat_name(mover)}'s move {step} "
                                                                    f"({action}) breaks the rules: {err}"}
            step += 1
        if _text(state.view(self.seat)) != _text(self.state.view(self.seat)):
            return {"ok": False, "cheater": self.other,
                    "reason": f"{self.game.seat_name(self.other)}'s moves do not add up to the game you played"}
        return {"ok": True, "winner": state.winner, "moves": len(actions), "outcomes": len(outcomes)}

    # -- saving (localStorage) -------------------------------------------------------------------------
    def to_dict(self) -> dict:
        return {"format": FORMAT, "version": VERSION, "name": self.game.name, "game": self.gid, "seat": self.seat,
                "options": self.options, "key": self.key.hex(),
                "mine": {"chain": self.my_chain.hex(), "private": self.my_private.hex()},
                "their": self.their, "tape": self.tape,
                "actions": None if self.state is None else list(self.state.actions), "pending": self.pending,
                "secret": {str(k): v for k, v in self.secret.items()},
                "opened": {str(k): v for k, v in self.opened.items()},
                "my_secrets": self.my_secrets, "mine_opened": self.mine_opened, "revealed": self.revealed,
                "count": self.count, "prev": self.prev, "log": self.log, "unsent": self.unsent,
                "final_sent": self.final_sent, "verdict": self.verdict}

    @classmethod
    def from_dict(cls, data: dict) -> "Remote":
        """A side rebuilt from to_dict() (its state replayed from the set-up on its own tape)."""
        try:
            if data.get("format") != FORMAT or data.get("version") != VERSION:
                raise SaveError("this is not a saved remote game")
            game = games.get(data["name"])
            seat = game.saved_seat(data["seat"])  # Bitskrieg's numbered seats of older saves
            remote = cls(game, data["options"], seat, data["game"], bytes.fromhex(data["key"]))
            remote.my_chain, remote.my_private = (bytes.fromhex(data["mine"][k]) for k in ("chain", "private"))
            remote.their, remote.tape = dict(data["their"]), list(data["tape"])
            for name in ("secret", "opened"):
                setattr(remote, name, {int(k): v for k, v in data[name].items()})
            for name in ("pending", "my_secrets", "mine_opened", "revealed", "count", "prev", "log",
                         "unsent", "final_sent", "verdict"):
                setattr(remote, name, data[name])
            mine = (c for c in reversed(remote.log) if game.saved_seat(unseal(c)["from"]) == remote.seat)
            remote.outbox = next(mine, "")
            if data["actions"] is not None:
                remote.state = remote.rebuild(data["actions"], remote.moved)  # the page narrates them
        except (KeyError, TypeError, ValueError, IllegalAction) as err:
            if isinstance(err, SaveError):
                raise
            raise SaveError("the saved remote game is damaged") from None
        return remote
