"""Remote play by messages: two browsers, no server, fair chance and kept secrets (docs/remote.md).

Each browser holds a `Remote`: its seat, its own secrets, what the opponent committed to and revealed, and
its own state of the game, whose opponent-hidden parts are stand-ins (its view for its own seat is the true
game's). Chance comes from an rng.Tape: each outcome is worked out from both sides' hash-chain elements for
the action's step (plus the private seed of the one seat that may see it), revealed only once the action is
fixed (crypto.py). Moves travel as codes signed by their sender (codec.py), by link or by a live channel
alike; every code is checked before anything changes. At the end both reveal their seeds and each replays
the whole game from scratch; a side that withholds a reveal it owes past the agreed deadline can be
claimed against (a claim, never a proof: their message, if it comes, overrides it).
What each game hides is its adapter (adapter.py; game_core/<package>/remote.py).

The page's glue: `Remote.read(code)` (an invitation's terms, to show) then `Remote.accept(code)` ->
(remote, reply code); `Remote.create(game, options, seat)` -> (remote, invitation code);
`remote.act(action)` -> a code to send, or None while the turn goes on;
`remote.receive(code)` -> a code to send back, or None (Refused says why nothing changed);
`remote.state` (draw `state.view(remote.seat)`), `remote.moved` (the (before, after) pairs just applied, for
`Game.narrate` and the animation), `remote.waiting`, `remote.outbox` (the last code sent, to
send again), `remote.verdict` (the end's check), `remote.due` / `remote.claim_forfeit()`,
`remote.transcript()`, `remote.to_dict()` / `Remote.from_dict(data)` (localStorage); `remote.live` (the page's
WebRTC offer or answer, carried by my next message) and `remote.their_live` (the last one that came).
"""

from __future__ import annotations

import importlib
import secrets
import time

from .. import games
from ..engine import IllegalAction
from ..jsontext import SaveError
from ..rng import NeedChance, Tape
from . import group
from .adapter import Adapter
from .codec import (FORMAT, GID, TRANSCRIPT, VERSION, Cheated, Refused, b64, digest, element, seal, sha, signed_text,
                    unb64, unseal)
from .crypto import (action_commitment, action_nonce, card_code, chain, deck_key, fingerprint, lock, outcome,
                     private_commitment, private_part, shuffled)

DEADLINE_HOURS = 48  # the default time a side has to send a reveal it owes before it can be claimed against
MAX_DEADLINE_HOURS = 24 * 30
MAX_LIVE_CHARS = 8_000  # the page's opaque WebRTC offer or answer
CLOCK_SLACK = 15 * 60  # how far a message's time may be ahead of the receiver's clock (seconds)

# The games remote play covers: name -> the package whose remote.py holds its ADAPTER (imported when a game
# of it is played: a page imports only its own game's package).
ADAPTERS = {"bitskrieg": "bitskrieg", "blitzkrieg": "blitzkrieg", "blitzkrieg-nippon": "blitzkrieg"}


def adapter_for(game) -> Adapter:
    return importlib.import_module(f"game_core.{ADAPTERS[game.name]}.remote").ADAPTER


class _Waiting(Exception):
    """An outcome needs the opponent's chain element for a step they have not revealed yet."""


# -- one side of a remote game ---------------------------------------------------------------------------
class Remote:
    """One browser's side of a remote game (see the module docstring for the page's calls)."""

    def __init__(self, game, options: dict, seat, gid: str, deadline: int = DEADLINE_HOURS,
                 move_deadline: int | None = None):
        if game.name not in ADAPTERS:
            raise ValueError(f"remote play is not available for {game.title} yet")
        if seat not in game.seats:
            raise ValueError(f"remote play needs one of the two seats of {game.title}, not {seat!r}")
        if not GID.fullmatch(str(gid)):
            raise ValueError("a game id is 32 hexadecimal digits")
        if isinstance(deadline, bool) or not isinstance(deadline, int) or not 1 <= deadline <= MAX_DEADLINE_HOURS:
            raise ValueError(f"the deadline for a reveal is 1 to {MAX_DEADLINE_HOURS} hours")
        if move_deadline is not None and (isinstance(move_deadline, bool) or not isinstance(move_deadline, int)
                                          or not 1 <= move_deadline <= MAX_DEADLINE_HOURS):
            raise ValueError(f"the deadline for a move is 1 to {MAX_DEADLINE_HOURS} hours, or none")
        self.move_deadline = move_deadline  # hours a player may take over a move (None: no limit)
        self.adapter = adapter_for(game)
        options = game.validate_options(self.adapter.options(options or {}))
        self.game, self.options, self.seat, self.gid, self.deadline = game, options, seat, gid, deadline
        self.other = next(s for s in game.seats if s != seat)
        self.length = game.max_actions + 2  # chain steps: the set-up (0) and every action
        self.my_chain, self.my_private = secrets.token_bytes(32), secrets.token_bytes(32)
        self.my_sign = secrets.token_bytes(32)  # my signing key's seed: never sent, not even at the end
        self.their = {"top": None, "private": None, "sign": None, "known": None, "final": None}
        self.tape, self.state, self.pending = [], None, None
        self.secret, self.opened = {}, {}  # by step: their secret moves' commitments, and those opened
        self.my_secrets = []      # steps of my own secret actions
        self.mine_opened = False  # my secret actions were opened (the rules made them public)
        self.revealed = -1        # the last step of my chain revealed
        self.count, self.prev = 0, ""  # messages so far (they alternate) and the digest of the last one
        self.log, self.unsent, self.outbox = [], [], ""
        self.sent_at = None       # when I sent my last message (seconds since 1970, my clock)
        self.got = None           # when their last message came (my clock, never before its own time)
        self.final_sent, self.verdict = False, None
        self.claim = None         # past `due`: what they owe, as a claim their next message overrides
        # The pages' opaque WebRTC offers and answers: mine for my next message (any message may carry one),
        # the last one I sent, and the last one they sent.
        self.live, self.live_sent, self.their_live = None, None, None
        self.moved = []  # (before, after) of each move the last act(), receive() or load applied: the log, the animation
        self.swaps = []  # [step, a, b]: stand-ins exchanged before that move (Adapter.fit and .bring)
        # The shared deck: its cards, the creator's locked shuffle, the deck both locked, and the strips
        self.cards = self.adapter.deck(game.new_game(0, options))
        self.creator, self.first_deck, self.deck = None, [], []
        self.their_strips, self.owed = {}, []  # position -> their strip of a card dealt to me; mine to send
        self._chain = self._opens = None  # my whole chain, and my locked cards, worked out once

    # -- starting --------------------------------------------------------------------------------------
    @classmethod
    def create(cls, game, options: dict | None, seat, deadline: int = DEADLINE_HOURS, live: str | None = None,
               move_deadline: int | None = None) -> tuple:
        """A new remote game for `seat`: (remote, the invitation code for the opponent). `deadline`: the hours
        a side has to send a reveal it owes (its chance value, or its final reveal) before the other may claim
        the game; `move_deadline`: the same for a move (None: a player may take as long as they like);
        `live`: the page's WebRTC offer, carried and signed as it is."""
        remote = cls(game, options or {}, seat, secrets.token_hex(16), deadline, move_deadline)
        remote.creator, remote.live = seat, _live(live)
        remote.first_deck = shuffled(lock([card_code(card) for card in remote.cards], remote.my_key), remote.my_private)
        body = remote._body()
        body.update(options=remote.options, seat=seat, deadline=deadline)
        if move_deadline is not None:
            body["move_deadline"] = move_deadline
        return remote, remote._send(body)

    @staticmethod
    def read(code: str) -> dict:
        """What an invitation offers, for the joiner to see and accept (nothing is sent or stored):
        {"name", "title", "gid", "options", "terms": [(label, value in words) of each option that matters],
        "seat": the seat offered, "them": the creator's seat, "deadline": hours, "move_deadline": hours or None,
        "live": their offer or None}.
        Refused if the code is not a sound invitation."""
        body = unseal(code)
        try:
            game = games.get(body.get("name"))
            creator = game.saved_seat(body["seat"])
            seat = next(s for s in game.seats if s != creator)
            remote = Remote(game, body.get("options"), seat, body["game"], body.get("deadline"),
                            body.get("move_deadline"))
            if body.get("n") != 0 or body.get("from") != creator or body.get("prev") != "":
                raise ValueError
            public = element(body["commit"]["sign"])
            if not group.verify(public, signed_text(body), unb64(body["sig"], 48)):
                raise Refused("this invitation was altered (its signature does not hold)")
            live = _live(body.get("live"))
        except (ValueError, KeyError, TypeError, StopIteration) as err:
            if isinstance(err, Refused):
                raise
            raise Refused("this is not an invitation to a remote game") from None
        values = remote.options
        terms = [(option.label, _in_words(values[option.name])) for option in game.options if option.shown(values)]
        return {"name": game.name, "title": game.title, "gid": remote.gid, "options": values, "terms": terms,
                "seat": seat, "them": creator, "deadline": remote.deadline, "move_deadline": remote.move_deadline,
                "live": live}

    @classmethod
    def accept(cls, code: str, live: str | None = None) -> tuple:
        """Join the game of an invitation (after `read` showed it and the player agreed) as the other seat:
        (remote, the reply code). `live`: the page's WebRTC answer, carried and signed as it is."""
        offer = cls.read(code)
        remote = cls(games.get(offer["name"]), offer["options"], offer["seat"], offer["gid"], offer["deadline"],
                     offer["move_deadline"])
        remote.live = _live(live)
        return remote, remote.receive(code)

    join = accept  # the page's name of old

    # -- the position --------------------------------------------------------------------------------
    @property
    def waiting(self) -> bool:
        """True while the opponent must send the next message (my move is sent or pending, or it is theirs)."""
        if self.verdict is not None:
            return False
        return self.state is None or self.pending is not None or self.state.is_over or self.state.to_play != self.seat

    @property
    def awaited(self) -> str | None:
        """What the opponent owes me in its next message, in words: a reveal, or its move when a move deadline
        was agreed; None when it owes nothing with a deadline."""
        if self.verdict is not None or not self.waiting or self.sent_at is None or self.count < 2:
            return None
        if self.state is None:
            return "the chance of the set-up"
        if self.pending is not None:
            return "the chance of your move"
        if self.state.is_over:
            return "their final reveal"
        return "their move" if self.move_deadline else None

    @property
    def hours(self) -> int:
        """The hours the opponent has for what it owes (`awaited`): the move deadline for a move."""
        return self.move_deadline if self.awaited == "their move" else self.deadline

    @property
    def due(self):
        """When what the opponent owes is overdue (seconds since 1970): `hours` after my last message's time,
        which is never earlier than their last message's (their clock) and was checked against their clock
        when it came; None when they owe nothing with a deadline."""
        return None if self.awaited is None else self.sent_at + self.hours * 3600

    def claim_forfeit(self, now: float | None = None):
        """Past `due`, a claim that the opponent withheld what it owes (`self.claim`, returned; None while
        nothing is overdue). A claim, not a proof: nobody can prove a message was never sent, so the game
        still takes their message, which overrides the claim (and `verify_transcript` of a longer transcript
        of the game overrides this one's)."""
        due = self.due
        if due is None or (time.time() if now is None else now) < due:
            self.claim = None
            return None
        self.claim = _claim(self.game, self.other, self.awaited, self.sent_at, self.hours)
        return self.claim

    @property
    def fingerprint(self) -> str | None:
        """A few words from both sides' signing keys, the same on both pages (None until both are known):
        friends who compare them know nobody else answered the invitation."""
        if self.their["sign"] is None:
            return None
        mine, theirs = group.public_key(self.sign_key), unb64(self.their["sign"], 32)
        return fingerprint((mine, theirs) if unseal(self.log[0])["from"] == self.seat else (theirs, mine))

    @property
    def my_key(self) -> int:
        return deck_key(self.my_private)

    def _my_chain(self) -> list:
        if self._chain is None:
            self._chain = chain(self.my_chain, self.length)
        return self._chain

    def _their_element(self, step: int):
        known = self.their["known"]
        if known is None or known[0] < step:
            return None
        value = unb64(known[1], 32)
        for _ in range(known[0] - step):
            value = sha(value)
        return value

    def _outcome(self, need: NeedChance, step: int):
        """The outcome of a draw in my state; None when my stand-ins were swapped and the move is to be tried again."""
        if need.deck:
            return self._dealt(need)
        if need.audience is not None and need.audience != self.seat:
            return 0  # the opponent's private draw: a stand-in on my tape
        theirs = self._their_element(step)
        if theirs is None:
            raise _Waiting
        elements = {self.seat: self._my_chain()[step], self.other: theirs}
        private = private_part(self.my_private, need.position) if need.audience is not None else b""
        return outcome(self.gid, need.position, need.n, tuple(elements[s] for s in self.game.seats), private)

    def _dealt(self, need: NeedChance):
        """A card of the shared deck: the next position, opened for the seat it is dealt to by the other's
        strip. Dealt to the opponent, it is a stand-in here, and I owe them my strip of it."""
        position = len(self.cards) - len(need.items)
        if need.audience != self.seat:
            if need.audience is None:
                raise ValueError("a card of the shared deck is dealt to one seat")
            if position not in self.owed:
                self.owed.append(position)
            return 0
        theirs = self.their_strips.get(position)
        if theirs is None:
            raise _Waiting
        if self._opens is None:
            self._opens = dict(zip(lock([card_code(c) for c in self.cards], self.my_key), self.cards))
        card = self._opens.get(theirs)
        if card is None:
            raise Cheated(self.other, f"{self.game.seat_name(self.other)}'s answer to your draw opens no card "
                                      "of the pile")
        index = self.adapter.find(list(need.items), card)
        if index is None:
            self.adapter.bring(self, list(need.items), card)
        return index

    def swap(self, a, b) -> None:
        """Exchange two of my stand-ins (things I cannot see) before the next move, and note it so that a
        replay of my state does the same."""
        self.state = self.state.copy()
        self.adapter.swap(self.state, a, b)
        self.swaps.append([len(self.state.actions) + 1, a, b])

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
                    value = self._outcome(need, step)
                except _Waiting:
                    del self.tape[start:]
                    raise
                if value is None:  # my stand-ins were swapped (and a pile re-sorted): the draws this move
                    del self.tape[start:]  # already made are made again, so a card dealt keeps its place
                else:
                    self.tape.append(value)

    def rebuild(self, actions, moves: list | None = None) -> object:
        """My state replayed from the set-up with `actions` (stand-ins re-fitted) on the tape I have; each
        move's (before, after) is appended to `moves` when given (a loaded side's log)."""
        state = self.game.new_game(0, self.options, rng=Tape(self.tape))
        for step, action in enumerate(actions, 1):
            swaps = [(a, b) for at, a, b in self.swaps if at == step]
            if swaps:
                state = state.copy()
                for a, b in swaps:
                    self.adapter.swap(state, a, b)
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
        """A message's head. Its time `t` (my clock, never before the message it answers) and `got` (when that
        message came) let a deadline be read against both sides' clocks."""
        body = {"v": VERSION, "game": self.gid, "name": self.game.name, "n": self.count, "from": self.seat,
                "prev": self.prev, "t": int(time.time())}
        if self.log:
            earlier = unseal(self.log[-1])["t"]
            body["got"] = max(earlier, self.got or 0)
            body["t"] = max(body["t"], body["got"])
        return body

    @property
    def sign_key(self) -> int:
        return group.scalar(self.my_sign, b"sign")

    def _send(self, body: dict | None = None) -> str:
        body = body or self._body()
        if self.count < 2:  # the invitation and the reply carry each side's commitments, and the deck
            body["commit"] = {"chain": b64(sha(self._my_chain()[0])), "private": private_commitment(self.my_private),
                              "sign": b64(group.public_key(self.sign_key))}
            if self.cards:
                body["commit"]["lock"] = b64(group.public_key(self.my_key))
                body["deck"] = [b64(value) for value in (self.first_deck if self.count == 0 else self.deck)]
        if self.live is not None:
            body["live"], self.live_sent, self.live = self.live, self.live, None
        body["acts"], self.unsent = self.unsent, []
        if self.owed:  # the cards dealt to them since my last message: my strips open them for them alone
            body["strips"] = {str(k): b64(group.strip(group.decode(self.deck[k]), self.my_key, self._context(k)))
                              for k in self.owed}
            self.owed = []
        fixed = 0 if self.state is None else len(self.state.actions) + (self.pending is not None)
        # My chain up to the last step already fixed, never beyond; and nothing before their commitments came
        # (the invitation's chance would let the joiner choose the seeds of its own draws).
        if fixed > self.revealed and self.their["top"] is not None:
            body["chain"] = [fixed, b64(self._my_chain()[fixed])]
            self.revealed = fixed
        mine = {str(k): self.state.actions[k - 1] for k in self.my_secrets if k <= len(self.state.actions)} \
            if self.state is not None else {}
        if mine and not self.mine_opened and self.adapter.opens(self.state, self.seat):
            body["open"] = {k: [a, b64(action_nonce(self.my_private, int(k)))] for k, a in mine.items()}
            self.mine_opened = True
        if self.state is not None and self.state.is_over and self.pending is None and not self.final_sent:
            body["final"] = {"chain": b64(self.my_chain), "private": b64(self.my_private), "acts": mine}
            self.final_sent = True
        code = seal(body, self.sign_key)
        self.count, self.prev, self.outbox, self.sent_at = self.count + 1, digest(body), code, body["t"]
        self.log.append(code)
        if self.final_sent and self.their["final"] is not None:
            self.verdict = self._verify()
        return code

    def _context(self, position: int) -> bytes:
        return f"{self.gid}|{position}".encode()

    # -- their moves -----------------------------------------------------------------------------------
    def receive(self, code: str, now: float | None = None):
        """Apply the opponent's message (by link or by the live channel alike): the code to send back (or None
        when it is my move, or all is done). Refused (or Cheated) says why the message was not applied;
        nothing is changed then. `now`: my clock (seconds since 1970)."""
        now = time.time() if now is None else now
        body = unseal(code)
        sender = self.game.saved_seat(body.get("from"))
        if body.get("game") != self.gid:
            raise Refused("this message is for another game")
        if sender == self.seat:
            raise Refused("this is your own message: send it to your opponent")
        if sender != self.other or body.get("name") != self.game.name:
            raise Refused("this message is not from your opponent in this game")
        if self.verdict is not None:
            raise Refused("this game is over and was checked: it takes no more messages" if self.verdict["ok"]
                          else f"this game was stopped: {self.verdict['reason']}")
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
        try:  # their key: the one they committed to in their first message (this one, if it is that)
            public = unb64(self.their["sign"], 32) if self.their["sign"] else element(body["commit"]["sign"])
            signature = unb64(body.get("sig"), 48)
        except (KeyError, TypeError, ValueError):
            raise Refused("the message is damaged (its signature is missing or malformed)") from None
        if not group.verify(public, signed_text(body), signature):
            raise Refused("this message was altered (its signature does not hold)")
        fault = _time_fault(body, unseal(self.log[-1])["t"] if self.log else None, now)
        if fault:
            raise Refused(f"the message's time does not hold: {fault}")
        trial = self._fork()
        try:
            trial._take(body)
        except Cheated as err:
            self.verdict = {"ok": False, "cheater": err.seat, "reason": str(err)}
            self.log.append(code.strip())  # the signed proof, in the transcript
            raise
        except (KeyError, TypeError, ValueError) as err:
            if isinstance(err, Refused):
                raise
            raise Refused("the message is damaged (a part of it is missing or malformed)") from None
        trial.count, trial.prev, trial.got, trial.claim = trial.count + 1, digest(body), max(int(now), body["t"]), None
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
        trial.swaps, trial.owed, trial.their_strips = list(self.swaps), list(self.owed), dict(self.their_strips)
        trial.moved = []
        if self.state is not None:
            trial.state = self.state.copy()
            trial.state.rng = Tape(trial.tape, self.state.rng.state)
        return trial

    def _take(self, body: dict) -> None:
        them = self.game.seat_name(self.other)
        if self.their["top"] is None:
            commit = body["commit"]
            self.their.update(top=b64(unb64(commit["chain"], 32)), private=b64(unb64(commit["private"], 32)),
                              sign=b64(element(commit["sign"])))
            self.their["known"] = [-1, self.their["top"]]
            if self.cards:
                self.their["lock"] = b64(element(commit["lock"]))
                self._take_deck(body)
            self.creator = self.creator or self.other  # (their first message is the invitation, to the joiner)
        if body.get("live") is not None:
            self.their_live = _live(body["live"])
        strips = body.get("strips", {})
        if not isinstance(strips, dict) or len(strips) > len(self.deck):
            raise Refused("the message is damaged (it opens more cards than the deck has)")
        for key, proof in strips.items():
            position = int(key) if key.isdigit() and len(key) < 4 else -1
            if not 0 <= position < len(self.deck):
                raise Refused("the message is damaged (it opens a card the deck does not have)")
            try:
                proof = unb64(proof, 80)
            except ValueError:
                raise Refused("the message is damaged (a card's proof has the wrong length)") from None
            try:
                self.their_strips[position] = group.stripped(group.decode(self.deck[position]),
                                                             unb64(self.their["lock"], 32), proof,
                                                             self._context(position)).encode()
            except ValueError:
                raise Cheated(self.other, f"{them}'s answer to your draw is false (its proof does not hold)") from None
        if body.get("chain") is not None:
            step, value = body["chain"]
            known = self.their["known"]
            if isinstance(step, bool) or not isinstance(step, int) or not known[0] <= step < self.length:
                raise Refused("the message is damaged (its chance value is for no step of this game)")
            if not _follows(known, step, value):
                raise Cheated(self.other, f"{them}'s chance value for step {step} does not match their commitment "
                                          "(it was changed, to choose a roll)")
            self.their["known"] = [step, value]
        try:
            if self.state is None and self._their_element(0) is not None:
                self.state = self._play(None, 0)
            if self.pending is not None:
                before = self.state
                self.state = self._play(self.pending, len(self.state.actions) + 1)
                self.moved.append((before, self.state))
                self.pending = None
        except _Waiting:
            raise Refused("this message does not reveal the chance your move needs") from None
        final = body.get("final")
        if final is not None:
            chain_seed, private = unb64(final["chain"], 32), unb64(final["private"], 32)
            if not isinstance(final["acts"], dict):
                raise ValueError("malformed")
            if b64(sha(chain(chain_seed, self.length)[0])) != self.their["top"] \
                    or private_commitment(private) != self.their["private"]:
                raise Cheated(self.other, f"{them}'s revealed seeds do not match their commitments")
            self.their["final"] = {"chain": final["chain"], "private": final["private"]}
        if self.state is not None and final is None and not body.get("open") \
                and set(self.secret) - set(self.opened) and self.adapter.opens(self.state, self.other):
            raise Cheated(self.other, f"{them} did not open their secret moves when the rules made them public")
        acts = body["acts"]
        if not isinstance(acts, list) or (acts and self.state is None):
            raise Refused("the message is damaged (its moves are malformed)")
        for n, entry in enumerate(acts):
            try:
                self._their_act(entry, them)
            except Refused:
                if final is None or any("a" not in later for later in acts[n:]):
                    raise
                # Their last moves need what only their seeds show (a reserve I cannot see): with the
                # seeds at hand, my state becomes the true game's, checked from the start.
                self._open_final(final)
                self._follow_truth([later["a"] for later in acts[n:]])
                break
        for key, (action, nonce) in body.get("open", {}).items():
            self._open(int(key), action, unb64(nonce, 32))
        if body.get("open"):
            self._refit(f"{them}'s secret moves, now open, do not match the moves they played")
        if final is not None:
            self._open_final(final)

    def _open_final(self, final: dict) -> None:
        for key, action in final["acts"].items():
            self._open(int(key), action, action_nonce(unb64(final["private"], 32), int(key)))

    def _take_deck(self, body: dict) -> None:
        """Their first message's deck: the creator's locked shuffle (which I lock and shuffle in turn), or,
        to the creator, the deck both locked. Every card must be a group element, and no two alike."""
        if not isinstance(body["deck"], list) or len(body["deck"]) != len(self.cards):
            raise Refused("the message is damaged (its deck has the wrong number of cards)")
        values = [element(value) for value in body["deck"]]
        if len(set(values)) != len(values):
            raise Cheated(self.other, f"{self.game.seat_name(self.other)}'s deck holds a card twice")
        if self.creator is None:  # they made the game: lock their shuffle again and shuffle it
            self.creator, self.first_deck = self.other, values
            self.deck = shuffled(lock(values, self.my_key), self.my_private)
        else:
            self.deck = values

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
                self.secret[step] = b64(unb64(entry["c"], 32))
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

    def _open(self, step: int, action: str, nonce: bytes) -> None:
        if self.secret.get(step) != action_commitment(self.gid, step, nonce, str(action)):
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
    def _seeds(self) -> tuple:
        """Both sides' chains and private seeds (once both are known)."""
        chains = {self.seat: self._my_chain(), self.other: chain(unb64(self.their["final"]["chain"], 32), self.length)}
        privates = {self.seat: self.my_private, self.other: unb64(self.their["final"]["private"], 32)}
        return chains, privates

    def _truth(self, actions: list, keep: int = 0) -> tuple:
        """The whole game replayed from scratch with both sides' seeds: every move legal, every outcome
        derived, every card dealt as the deck says, and my state showing what the true game showed me at
        its move. Returns (the true state, its outcomes, the last `keep` moves' (before, after));
        Cheated names the seat that broke a rule or a promise."""
        chains, privates = self._seeds()
        cards = self._deck_order(privates) if self.cards else []
        mine, outcomes, moves = -1 if self.state is None else len(self.state.actions), [], []
        state, step = None, 0
        for action in [None] + actions:
            mover, before = (None, None) if state is None else (state.to_play, state)
            while True:
                try:
                    state = (self.game.new_game(0, self.options, rng=Tape(outcomes)) if action is None
                             else state.apply(action))
                    break
                except NeedChance as need:
                    if need.deck:
                        outcomes.append(list(need.items).index(cards[len(self.cards) - len(need.items)]))
                        continue
                    private = b"" if need.audience is None else private_part(privates[need.audience], need.position)
                    outcomes.append(outcome(self.gid, need.position, need.n,
                                            tuple(chains[s][step] for s in self.game.seats), private))
                except IllegalAction as err:
                    raise Cheated(mover, f"{self.game.seat_name(mover)}'s move {step} ({action}) breaks the "
                                         f"rules: {err}", step) from None
            if before is not None and len(actions) - step < keep:
                moves.append((before, state))
            if step == mine and self.adapter.comparable(state.view(self.seat)) \
                    != self.adapter.comparable(self.state.view(self.seat)):
                raise Cheated(self.other, f"{self.game.seat_name(self.other)}'s moves do not add up to the game "
                                          "you played")
            step += 1
        return state, outcomes, moves

    def _deck_order(self, privates: dict) -> list:
        """The cards of the shared deck in the order it deals them, once both locks are known; Cheated if
        a side's shuffle is not the pile (each strip was proved as it came)."""
        keys = {seat: deck_key(private) for seat, private in privates.items()}
        if b64(group.public_key(keys[self.other])) != self.their["lock"]:
            raise Cheated(self.other, f"{self.game.seat_name(self.other)}'s lock does not match their seeds")
        joiner = next(seat for seat in self.game.seats if seat != self.creator)
        codes = [card_code(card) for card in self.cards]
        if sorted(self.first_deck) != sorted(lock(codes, keys[self.creator])):
            raise Cheated(self.creator, f"{self.game.seat_name(self.creator)}'s shuffled pile is not the pile's cards")
        if sorted(self.deck) != sorted(lock(self.first_deck, keys[joiner])):
            raise Cheated(joiner, f"{self.game.seat_name(joiner)}'s shuffled deck is not the pile they were given")
        opened = dict(zip(lock(codes, keys[self.creator] * keys[joiner] % group.L), self.cards))
        return [opened[value] for value in self.deck]

    def _follow_truth(self, extra: list) -> None:
        """My state becomes the true game's, with their moves `extra` at its end (see _take)."""
        actions = [self.opened.get(k, a) for k, a in enumerate(self.state.actions, 1)] + extra
        self.state, self.tape, moves = self._truth(actions, keep=len(extra))
        self.swaps = []
        self.moved += moves

    def _verify(self) -> dict:
        """The end's check (_truth), as the verdict."""
        actions = [self.opened.get(k, a) for k, a in enumerate(self.state.actions, 1)]
        try:
            state, outcomes, _ = self._truth(actions)
        except Cheated as err:
            return {"ok": False, "cheater": err.seat, "reason": str(err)}
        return {"ok": True, "winner": state.winner, "moves": len(actions), "outcomes": len(outcomes)}

    def transcript(self) -> dict:
        """Every signed message of the game so far, both sides', in order: what `verify_transcript` (and
        `python -m game_core verify FILE`) checks; the proof of a cheat (or a claim of a silence), to export as JSON."""
        return {"format": TRANSCRIPT, "version": VERSION, "messages": list(self.log)}

    # -- saving (localStorage) -------------------------------------------------------------------------
    def to_dict(self) -> dict:
        return {"format": FORMAT, "version": VERSION, "name": self.game.name, "game": self.gid, "seat": self.seat,
                "options": self.options, "deadline": self.deadline, "move_deadline": self.move_deadline,
                "mine": {"chain": b64(self.my_chain), "private": b64(self.my_private), "sign": b64(self.my_sign)},
                "their": self.their, "tape": self.tape,
                "actions": None if self.state is None else list(self.state.actions), "pending": self.pending,
                "secret": {str(k): v for k, v in self.secret.items()},
                "opened": {str(k): v for k, v in self.opened.items()},
                "my_secrets": self.my_secrets, "mine_opened": self.mine_opened, "revealed": self.revealed,
                "count": self.count, "prev": self.prev, "log": self.log, "unsent": self.unsent,
                "sent_at": self.sent_at, "got": self.got, "live_sent": self.live_sent, "their_live": self.their_live,
                "final_sent": self.final_sent, "verdict": self.verdict, "swaps": self.swaps,
                "creator": self.creator, "first_deck": [b64(v) for v in self.first_deck],
                "deck": [b64(v) for v in self.deck], "owed": self.owed,
                "their_strips": {str(k): b64(v) for k, v in self.their_strips.items()}}

    @classmethod
    def from_dict(cls, data: dict) -> "Remote":
        """A side rebuilt from to_dict() (its state replayed from the set-up on its own tape)."""
        try:
            if data.get("format") != FORMAT:
                raise SaveError("this is not a saved remote game")
            if data.get("version") != VERSION:
                raise SaveError("this remote game was saved by an older Blitzbox and cannot go on here")
            game = games.get(data["name"])
            remote = cls(game, data["options"], data["seat"], data["game"], data["deadline"], data.get("move_deadline"))
            remote.my_chain, remote.my_private, remote.my_sign = (unb64(data["mine"][k], 32)
                                                                  for k in ("chain", "private", "sign"))
            remote.their, remote.tape = dict(data["their"]), list(data["tape"])
            for name in ("secret", "opened"):
                setattr(remote, name, {int(k): v for k, v in data[name].items()})
            for name in ("pending", "my_secrets", "mine_opened", "revealed", "count", "prev", "log", "unsent",
                         "sent_at", "their_live", "final_sent", "verdict", "swaps", "owed", "creator"):
                setattr(remote, name, data[name])
            remote.got = data.get("got")  # (saved before messages carried it: their last one's time stands in)
            # (saved when only the first message carried a description, under "live": it was sent)
            remote.live_sent = data["live_sent"] if "live_sent" in data else data.get("live")
            remote.first_deck, remote.deck = ([unb64(v, 32) for v in data[k]] for k in ("first_deck", "deck"))
            remote.their_strips = {int(k): unb64(v, 32) for k, v in data["their_strips"].items()}
            mine = (c for c in reversed(remote.log) if unseal(c)["from"] == remote.seat)
            remote.outbox = next(mine, "")
            if data["actions"] is not None:
                remote.state = remote.rebuild(data["actions"], remote.moved)  # the page narrates them
        except (KeyError, TypeError, ValueError, IllegalAction) as err:
            if isinstance(err, SaveError):
                raise
            raise SaveError("the saved remote game is damaged") from None
        return remote


def _in_words(value) -> str:
    """An option's value as the join dialog shows it ("on", "off", "3")."""
    return ("on" if value else "off") if isinstance(value, bool) else str(value)


def _time_fault(body: dict, earlier, now) -> str | None:
    """What is wrong with a message's times, or None: `t` (its sender's clock) never before `earlier`, the
    time of the message it answers, nor more than CLOCK_SLACK ahead of `now` (the reader's clock, when
    given); `got`, when its sender got that message, between the two."""
    t, got = body.get("t"), body.get("got")
    if isinstance(t, bool) or not isinstance(t, int) or t < 0:
        return "it carries no time"
    if now is not None and t > now + CLOCK_SLACK:
        return ("it is dated more than 15 minutes ahead of this device's clock (check the date and time on "
                "both devices)")
    if earlier is None:
        return "it says it answers a message, but it is the first" if "got" in body else None
    if isinstance(got, bool) or not isinstance(got, int):
        return "it does not say when its sender got the message it answers"
    if t < earlier:
        return "it is dated before the message it answers (its time was set back)"
    if not earlier <= got <= t:
        return "it says its sender got the message it answers before that was sent, or after answering it"
    return None


def _claim(game, seat, what: str, since: int, deadline: int) -> dict:
    """A claim that `seat` withheld `what` for `deadline` hours from `since` (the claimant's last message's
    time): shown, never a proof; any message of theirs that comes, or a longer transcript, overrides it."""
    name = game.seat_name(seat)
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(since))
    return {"ok": None, "claim": seat, "owes": what, "since": since, "due": since + deadline * 3600,
            "reason": f"{name} owes {what} since {when}, and the {deadline} hours agreed have passed: you may "
                      f"claim the game. This is a claim, not a proof (nobody can prove a message was never "
                      f"sent): {name}'s message, if it comes, overrides it, and so does any longer transcript "
                      "of this game."}


def _live(blob):
    """The page's opaque WebRTC offer or answer (text), or None; ValueError if it is not one."""
    if blob is not None and (not isinstance(blob, str) or len(blob) > MAX_LIVE_CHARS):
        raise ValueError(f"a live-play offer is text of at most {MAX_LIVE_CHARS} characters")
    return blob


def _follows(known: list, step: int, value) -> bool:
    """Does a chain element revealed for `step` hash forward to the last one known ([step, element])?"""
    check = unb64(value, 32)
    for _ in range(step - known[0]):
        check = sha(check)
    return b64(check) == known[1]


# -- a transcript, checked by anyone (python -m game_core verify FILE) -------------------------------------
def verify_transcript(data, now: float | None = None) -> dict:
    """What a transcript (Remote.transcript()) proves, with no secret of either side: every message must be
    signed by the key its sender committed to in its first message, numbered and chained in order.
    {"ok": True, "winner", "moves", "outcomes"}: both revealed and the whole game replays fair;
    {"ok": False, "cheater", "reason", "message", "proof"}: a side broke its promises or the rules, proved
    by its signed message number `message` (`proof`, its code): during the game (a chance value, a card's
    answer, an opened secret move or a deck that is not what it committed to) or by the end's replay;
    {"ok": None, "reason"}: nothing is proved yet (unfinished, or the deadline has not passed);
    {"ok": None, "claim": seat, "reason", ...}: past the deadline, a claim that `seat` withheld its final
    reveal. Never a proof: nobody can prove a message was never sent, and any longer transcript of the same
    game (one that holds that reveal) overrides it.
    Refused if the transcript itself is not sound."""
    if not isinstance(data, dict) or data.get("format") != TRANSCRIPT or data.get("version") != VERSION \
            or not isinstance(data.get("messages"), list) or len(data["messages"]) < 2:
        raise Refused("this is not a transcript of a remote game (or it holds no reply)")
    codes = data["messages"]
    offer = Remote.read(codes[0])
    game = games.get(offer["name"])
    creator, joiner = offer["them"], offer["seat"]
    spec = Remote(game, offer["options"], creator, offer["gid"], offer["deadline"])
    bodies, keys, prev = [], {}, ""
    now = time.time() if now is None else now
    for n, code in enumerate(codes):
        body = unseal(code)
        sender = creator if n % 2 == 0 else joiner
        try:
            if n < 2:
                keys[sender] = element(body["commit"]["sign"])
            sound = (body.get("n") == n and body.get("from") == sender and body.get("game") == spec.gid
                     and body.get("prev") == prev and group.verify(keys[sender], signed_text(body), unb64(body["sig"], 48)))
        except (KeyError, TypeError, ValueError):
            sound = False
        if not sound:
            raise Refused(f"the transcript is not sound: message {n} is not signed, numbered or chained in order")
        fault = _time_fault(body, bodies[-1]["t"] if bodies else None, now)
        if fault:
            raise Refused(f"the transcript is not sound: message {n}'s time does not hold: {fault}")
        bodies.append(body)
        prev = digest(body)
    carried = {}  # step -> the number of the message that carried its action
    try:
        _promises_kept(spec, bodies)
        actions, secret, finals, commits = [], {}, {}, {creator: bodies[0]["commit"], joiner: bodies[1]["commit"]}
        for n, body in enumerate(bodies):
            for entry in body["acts"]:
                actions.append(entry.get("a"))
                carried[len(actions)] = n
                if "c" in entry:
                    secret[len(actions)] = (body["from"], entry["c"])
            if body.get("final") is not None:
                finals[body["from"]] = (body["final"], body["t"], n)
        for seat, (final, _, n) in finals.items():
            private = unb64(final["private"], 32)
            if b64(sha(chain(unb64(final["chain"], 32), spec.length)[0])) != commits[seat]["chain"] \
                    or private_commitment(private) != commits[seat]["private"]:
                raise _At(n, Cheated(seat, f"{game.seat_name(seat)}'s revealed seeds do not match their commitments"))
        if len(finals) == 1:  # the other side's final reveal may be in a longer transcript: a claim at most
            (seat, (_, sent, _)), = finals.items()
            other = joiner if seat == creator else creator
            due = bodies[-1]["t"] + spec.deadline * 3600
            if bodies[-1]["from"] == other or now < due:
                return {"ok": None, "reason": f"{game.seat_name(other)} has until {due} (seconds since 1970) "
                                              "to send their final reveal"}
            return _claim(game, other, "their final reveal", bodies[-1]["t"], spec.deadline)
        if not finals:
            return {"ok": None, "reason": "the game is unfinished: neither side has revealed its seeds"}
        for step, (seat, commitment) in secret.items():
            action = finals[seat][0]["acts"].get(str(step))
            nonce = action_nonce(unb64(finals[seat][0]["private"], 32), step)
            if action is None or action_commitment(spec.gid, step, nonce, action) != commitment:
                raise _At(finals[seat][2], Cheated(seat, f"{game.seat_name(seat)}'s secret move {step} does not "
                                                         "match what they committed to"))
            actions[step - 1] = action
        spec.creator, spec.my_chain, spec.my_private = creator, *(unb64(finals[creator][0][k], 32)
                                                                   for k in ("chain", "private"))
        spec.their = {"final": finals[joiner][0], "lock": commits[joiner].get("lock")}
        if spec.cards:
            spec.first_deck, spec.deck = ([unb64(v, 32) for v in body["deck"]] for body in bodies[:2])
        try:
            state, outcomes, _ = spec._truth(actions)
        except Cheated as err:  # a move that breaks the rules is proved by the message that carried it;
            # a shuffle that is not the pile, by the message that carried that deck
            mover_first = err.seat == creator
            raise _At(carried[err.step] if err.step else 0 if mover_first else 1, err) from None
    except _At as found:
        return {**_cheated(found.cheat.seat, str(found.cheat)), "message": found.n, "proof": codes[found.n]}
    except (KeyError, TypeError, ValueError, AttributeError) as err:
        if isinstance(err, Refused):
            raise
        raise Refused("the transcript is not sound: a message is malformed") from None
    return {"ok": True, "winner": state.winner, "moves": len(actions), "outcomes": len(outcomes)}


class _At(Exception):
    """A cheat proved by message `n` of a transcript."""

    def __init__(self, n: int, cheat: Cheated):
        super().__init__(str(cheat))
        self.n, self.cheat = n, cheat


def _promises_kept(spec: Remote, bodies: list) -> None:
    """Check, message by message and with no secret, what each side promised as the game went: its deck
    holds no card twice, each chance value follows its commitment, each answer to a draw carries a proof
    that holds, and each secret move it opened is the one it committed to. _At names the first message
    that breaks a promise (the signed proof of a cheat in mid-game)."""
    known, locks, secret, deck, steps = {}, {}, {}, [], 0
    for n, body in enumerate(bodies):
        seat = body["from"]
        name = spec.game.seat_name(seat)
        try:
            if n < 2:
                known[seat] = [-1, b64(unb64(body["commit"]["chain"], 32))]
                if spec.cards:
                    locks[seat] = element(body["commit"]["lock"])
                    deck = [element(value) for value in body["deck"]]
                    if len(set(deck)) != len(deck):
                        raise Cheated(seat, f"{name}'s deck holds a card twice")
            for entry in body["acts"]:
                steps += 1
                if "c" in entry:
                    secret[steps] = entry["c"]
            if body.get("chain") is not None:
                step, value = body["chain"]
                if isinstance(step, bool) or not isinstance(step, int) or not known[seat][0] <= step < spec.length:
                    raise ValueError("malformed")
                if not _follows(known[seat], step, value):
                    raise Cheated(seat, f"{name}'s chance value for step {step} does not match their commitment")
                known[seat] = [step, value]
            for key, proof in body.get("strips", {}).items():
                try:
                    group.stripped(group.decode(deck[int(key)]), locks[seat], unb64(proof, 80),
                                   f"{spec.gid}|{int(key)}".encode())
                except ValueError:
                    raise Cheated(seat, f"{name}'s answer to a draw of card {key} is false (its proof does not "
                                        "hold)") from None
            for key, (action, nonce) in body.get("open", {}).items():
                if secret.get(int(key)) != action_commitment(spec.gid, int(key), unb64(nonce, 32), str(action)):
                    raise Cheated(seat, f"{name}'s secret move {key} does not match what they committed to")
        except Cheated as err:
            raise _At(n, err) from None


def _cheated(seat, reason: str) -> dict:
    return {"ok": False, "cheater": seat, "reason": reason}
