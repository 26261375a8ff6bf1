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
import re
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


# -- a pile no seat may see, dealt fairly ("mental poker", docs/remote.md) -----------------------------
# Each card is a quadratic residue modulo RFC 3526's 2048-bit safe prime P = 2Q + 1; a seat locks a card by
# raising it to its secret exponent, and locks commute, so a card locked by both is opened for one seat by
# the other removing its own lock (its strip) and that seat removing its own. A strip comes with a proof
# (Chaum and Pedersen's, made non-interactive by hashing) that it removed the very lock whose public
# half G^key the seat committed to at the start, so a false strip is refused the moment it arrives.
P = int(
    "FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD"
    "EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED"
    "EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F"
    "83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B"
    "E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510"
    "15728E5A8AACAA68FFFFFFFFFFFFFFFF", 16)
Q = (P - 1) // 2
G = 4  # a square, so it generates the quadratic residues (the group of order Q)


def card_code(card: str) -> int:
    return pow(int.from_bytes(sha(b"blitzbox-card|" + card.encode()), "big"), 2, P)


def deck_key(seed: bytes) -> int:
    """A seat's secret lock, from its private seed (256 bits: locking is cheap; stripping, rare, is not)."""
    return int.from_bytes(sha(seed + b"deck"), "big") % (Q - 1) + 1


def lock(values, key: int) -> list:
    return [pow(value, key, P) for value in values]


def strip(value: int, key: int, context: str) -> list:
    """`value` with the lock `key` taken off, and the proof of it: [stripped, challenge, response] (hex).
    The proof shows, without giving the key away, that value = stripped^key and public = G^key."""
    stripped = pow(value, pow(key, -1, Q), P)
    nonce = int.from_bytes(secrets.token_bytes(80), "big")  # 640 bits: the response hides key * challenge
    challenge = _challenge(context, stripped, value, pow(G, key, P), pow(stripped, nonce, P), pow(G, nonce, P))
    return [format(stripped, "x"), format(challenge, "x"), format(nonce + challenge * key, "x")]


def stripped(value: int, public: int, proof, context: str) -> int:
    """The strip of `value` in `proof`, if its proof holds for the lock whose public half is `public`;
    ValueError if not."""
    result, challenge, response = number(proof[0]), int(proof[1], 16), int(proof[2], 16)
    if response.bit_length() > 1024:
        raise ValueError("not a proof")
    first = pow(result, response, P) * pow(value, -challenge, P) % P
    second = pow(G, response, P) * pow(public, -challenge, P) % P
    if challenge != _challenge(context, result, value, public, first, second):
        raise ValueError("the proof does not hold")
    return result


def _challenge(context: str, *values: int) -> int:
    return int.from_bytes(sha(f"blitzbox-strip|{context}|".encode() + b"|".join(b"%x" % v for v in values)), "big")


def shuffled(values: list, seed: bytes) -> list:
    """`values` in an order drawn from a private seed (secret until the seed is revealed at the end)."""
    values = list(values)
    for i in range(len(values) - 1, 0, -1):
        j = int.from_bytes(sha(seed + b"shuffle%d" % i), "big") % (i + 1)
        values[i], values[j] = values[j], values[i]
    return values


def number(text) -> int:
    """A locked card from a message (hex); ValueError if it is not one."""
    value = int(text, 16)
    if not 1 < value < P:
        raise ValueError("not a locked card")
    return value


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

    def options(self, options: dict) -> dict:
        """The options of the game as it is played remotely."""
        return options

    def deck(self, state) -> list:
        """The cards of the pile no seat may see, as the set-up lays it (dealt with `Rng.deal`), or []."""
        return []

    def find(self, pile, card: str):
        """The index in `pile` of a card that plays as `card`, or None."""
        return pile.index(card) if card in pile else None

    def bring(self, remote: "Remote", pile, card: str) -> None:
        """Swap my stand-ins so that a card playing as `card`, dealt to me, is in the pile it is dealt from."""
        raise Cheated(remote.other, f"{remote.game.seat_name(remote.other)}'s answer to your draw deals you a "
                                    "card that was dealt already")

    def swap(self, state, a, b) -> None:
        """Exchange the places of two things the receiver cannot see (see Remote.swap)."""
        raise ValueError("this game hides nothing that can be swapped")

    def comparable(self, view: dict) -> str:
        """A view as text, as the end's check compares it with the true game's."""
        return _text(view)

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


class BlitzkriegAdapter(Adapter):
    """Blitzkrieg! and Nippon: the research pile is the shared deck, and each side's bag and reserve are its
    own. The receiver's stand-ins for the opponent's tokens (and for the research pile) are swapped, never its
    own tokens, so that what it sees played can be played; tokens of one kind are alike, so they are matched
    by kind, and the end's check compares kinds (a token's number is only a name)."""

    def options(self, options):
        return {**options, "remote": True}  # the explicit public steps (rules.REMOTE)

    def deck(self, state):
        return list(state.research)

    def find(self, pile, card):
        from .blitzkrieg.data import kind_of
        if card in pile:
            return pile.index(card)
        return next((n for n, token in enumerate(pile) if kind_of(token) == kind_of(card)), None)

    def hidden_piles(self, state, seat) -> list:
        return [state.bags[seat], state.reserves[seat], state.research]

    def bring(self, remote, pile, card):
        from .blitzkrieg.data import kind_of
        bag, reserve, _ = self.hidden_piles(remote.state, remote.other)
        alike = [t for t in bag + reserve if kind_of(t) == kind_of(card)]
        if not alike or not pile:
            return super().bring(remote, pile, card)  # Cheated
        remote.swap(card if card in alike else alike[0], pile[0])

    def swap(self, state, a, b):
        piles = [pile for seat in state.game.seats for pile in (state.bags[seat], state.reserves[seat])]
        piles.append(state.research)
        where = {token: pile for pile in piles for token in pile if token in (a, b)}
        pile_a, pile_b = where[a], where[b]
        pile_a[pile_a.index(a)], pile_b[pile_b.index(b)] = b, a
        pile_a.sort()
        pile_b.sort()

    def fit(self, remote, action):
        from .blitzkrieg.data import kind_of
        if "@" not in action:
            return
        kind, state, them = action.split("@")[0], remote.state, remote.other
        bag, reserve, research = self.hidden_piles(state, them)
        if not reserve or any(kind_of(t) == kind for t in reserve):
            return
        token = next((t for t in bag + research if kind_of(t) == kind), None)
        if token is None:
            return  # not theirs to place: the move is refused as illegal
        if token in bag:
            return remote.swap(token, reserve[0])
        # a special weapon my stand-ins left in the research pile: a special of theirs goes back there
        special = next((t for t in reserve if t.startswith("sw:")), None)
        if special:
            return remote.swap(token, special)
        bagged = next((t for t in bag if t.startswith("sw:")), None)
        if bagged:
            other = reserve[0]
            remote.swap(token, other)
            remote.swap(other, bagged)

    def comparable(self, view):
        return re.sub(r"#\d+", "", _text(view))


# The games remote play covers.
ADAPTERS = {"bitskrieg": BitskriegAdapter(), "blitzkrieg": BlitzkriegAdapter(),
            "blitzkrieg-nippon": BlitzkriegAdapter()}


# -- one side of a remote game ---------------------------------------------------------------------------
class Remote:
    """One browser's side of a remote game (see the module docstring for the page's calls)."""

    def __init__(self, game, options: dict, seat, gid: str, key: bytes):
        if game.name not in ADAPTERS:
            raise ValueError(f"remote play is not available for {game.title} yet")
        if seat not in game.seats:
            raise ValueError(f"remote play needs one of the two seats of {game.title}, not {seat!r}")
        self.adapter = ADAPTERS[game.name]
        options = game.validate_options(self.adapter.options(options or {}))
        self.game, self.options, self.seat, self.gid, self.key = game, options, seat, gid, key
        self.other = next(s for s in game.seats if s != seat)
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
        self.swaps = []  # [step, a, b]: stand-ins exchanged before that move (Adapter.fit and .bring)
        # The shared deck: its cards, the creator's locked shuffle, the deck both locked, and the strips
        self.cards = self.adapter.deck(game.new_game(0, options))
        self.creator, self.first_deck, self.deck = None, [], []
        self.their_strips, self.owed = {}, []  # position -> their strip of a card dealt to me; mine to send
        self._chain = self._opens = None  # my whole chain, and my locked cards, worked out once

    # -- starting --------------------------------------------------------------------------------------
    @classmethod
    def create(cls, game, options: dict | None, seat) -> tuple:
        """A new remote game for `seat`: (remote, the invitation code for the opponent)."""
        remote = cls(game, options or {}, seat, secrets.token_hex(16), secrets.token_bytes(16))
        remote.creator = seat
        remote.first_deck = shuffled(lock([card_code(card) for card in remote.cards], remote.my_key), remote.my_private)
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
            creator = game.saved_seat(body["seat"])
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
        value = bytes.fromhex(known[1])
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
                if value is not None:
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
        return {"v": VERSION, "game": self.gid, "name": self.game.name, "n": self.count, "from": self.seat,
                "prev": self.prev}

    def _send(self, body: dict | None = None) -> str:
        body = body or self._body()
        if self.count < 2:  # the invitation and the reply carry each side's commitments, and the deck
            body["commit"] = {"chain": sha(self._my_chain()[0]).hex(), "private": private_commitment(self.my_private)}
            if self.cards:
                body["commit"]["lock"] = format(pow(G, self.my_key, P), "x")
                body["deck"] = [format(value, "x") for value in (self.first_deck if self.count == 0 else self.deck)]
        body["acts"], self.unsent = self.unsent, []
        if self.owed:  # the cards dealt to them since my last message: my strips open them for them alone
            body["strips"] = {str(k): strip(self.deck[k], self.my_key, f"{self.gid}|{k}") for k in self.owed}
            self.owed = []
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
        sender = self.game.saved_seat(body.get("from"))  # a code of an older page may number Bitskrieg's seats
        if body.get("game") != self.gid:
            raise Refused("this message is for another game")
        if sender == self.seat:
            raise Refused("this is your own message: send it to your opponent")
        if sender != self.other or body.get("name") != self.game.name:
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
        trial.swaps, trial.owed, trial.their_strips = list(self.swaps), list(self.owed), dict(self.their_strips)
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
            if self.cards:
                self.their["lock"] = body["commit"]["lock"]
                self._take_deck(body)
        for key, proof in body.get("strips", {}).items():
            position = int(key)
            if not 0 <= position < len(self.deck):
                raise Refused("the message is damaged (it opens a card the deck does not have)")
            try:
                self.their_strips[position] = stripped(self.deck[position], number(self.their["lock"]), proof,
                                                       f"{self.gid}|{position}")
            except ValueError:
                raise Cheated(self.other, f"{them}'s answer to your draw is false (its proof does not hold)") from None
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
        final = body.get("final")
        if final is not None:
            chain_seed, private = bytes.fromhex(final["chain"]), bytes.fromhex(final["private"])
            if sha(chain(chain_seed, self.length)[0]).hex() != self.their["top"] \
                    or private_commitment(private) != self.their["private"]:
                raise Cheated(self.other, f"{them}'s revealed seeds do not match their commitments")
            self.their["final"] = {"chain": final["chain"], "private": final["private"]}
        for n, entry in enumerate(body["acts"]):
            try:
                self._their_act(entry, them)
            except Refused:
                if final is None or any("a" not in later for later in body["acts"][n:]):
                    raise
                # Their last moves need what only their seeds show (a reserve I cannot see): with the
                # seeds at hand, my state becomes the true game's, checked from the start.
                self._open_final(final)
                self._follow_truth([later["a"] for later in body["acts"][n:]])
                break
        for key, (action, nonce) in body.get("open", {}).items():
            self._open(int(key), action, nonce)
        if body.get("open"):
            self._refit(f"{them}'s secret moves, now open, do not match the moves they played")
        if final is not None:
            self._open_final(final)

    def _open_final(self, final: dict) -> None:
        for key, action in final["acts"].items():
            self._open(int(key), action, action_nonce(bytes.fromhex(final["private"]), int(key)).hex())

    def _take_deck(self, body: dict) -> None:
        """Their first message's deck: the creator's locked shuffle (which I lock and shuffle in turn), or,
        to the creator, the deck both locked."""
        values = [number(value) for value in body["deck"]]
        if len(values) != len(self.cards):
            raise Refused("the message is damaged (its deck has the wrong number of cards)")
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
    def _truth(self, actions: list, keep: int = 0) -> tuple:
        """The whole game replayed from scratch with both sides' seeds: every move legal, every outcome
        derived, every card dealt as the deck says, and my state showing what the true game showed me at
        its move. Returns (the true state, its outcomes, the last `keep` moves' (before, after));
        Cheated names the seat that broke a rule or a promise."""
        chains = {self.seat: self._my_chain(), self.other: chain(bytes.fromhex(self.their["final"]["chain"]), self.length)}
        privates = {self.seat: self.my_private, self.other: bytes.fromhex(self.their["final"]["private"])}
        cards = self._deck_order(privates) if self.cards else []
        mine, outcomes, moves = len(self.state.actions), [], []
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
                                         f"rules: {err}") from None
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
        if pow(G, keys[self.other], P) != number(self.their["lock"]):
            raise Cheated(self.other, f"{self.game.seat_name(self.other)}'s lock does not match their seeds")
        joiner = next(seat for seat in self.game.seats if seat != self.creator)
        codes = [card_code(card) for card in self.cards]
        if sorted(self.first_deck) != sorted(lock(codes, keys[self.creator])):
            raise Cheated(self.creator, f"{self.game.seat_name(self.creator)}'s shuffled pile is not the pile's cards")
        if sorted(self.deck) != sorted(lock(self.first_deck, keys[joiner])):
            raise Cheated(joiner, f"{self.game.seat_name(joiner)}'s shuffled deck is not the pile they were given")
        opened = dict(zip(lock(codes, keys[self.creator] * keys[joiner] % Q), self.cards))
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
                "final_sent": self.final_sent, "verdict": self.verdict, "swaps": self.swaps,
                "creator": self.creator, "first_deck": [format(v, "x") for v in self.first_deck],
                "deck": [format(v, "x") for v in self.deck], "owed": self.owed,
                "their_strips": {str(k): format(v, "x") for k, v in self.their_strips.items()}}

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
            for name in ("winner", "cheater"):  # a verdict stored before Bitskrieg's seats were named
                if remote.verdict and remote.verdict.get(name) is not None:
                    remote.verdict[name] = game.saved_seat(remote.verdict[name])
            # a side saved before the shared deck (a Bitskrieg game of session 7) has none of these
            remote.swaps, remote.owed, remote.creator = data.get("swaps", []), data.get("owed", []), data.get("creator")
            remote.first_deck, remote.deck = ([number(v) for v in data.get(k, [])] for k in ("first_deck", "deck"))
            remote.their_strips = {int(k): number(v) for k, v in data.get("their_strips", {}).items()}
            mine = (c for c in reversed(remote.log) if game.saved_seat(unseal(c)["from"]) == remote.seat)
            remote.outbox = next(mine, "")
            if data["actions"] is not None:
                remote.state = remote.rebuild(data["actions"], remote.moved)  # the page narrates them
        except (KeyError, TypeError, ValueError, IllegalAction) as err:
            if isinstance(err, SaveError):
                raise
            raise SaveError("the saved remote game is damaged") from None
        return remote
