"""Live play over a WebRTC data channel, as protocol with no browser in it (the page's glue only moves bytes):

- the offer and answer travel in the invitation and the reply as a compact text (`compact`), rebuilt into
  the few SDP lines a data channel needs (`rebuild`): ICE credentials, the DTLS fingerprint, the candidates;
- `plan` decides when a page makes a fresh offer or answer (each carried by its next message) so that a game
  goes live whenever both pages are open: a reply opened after the inviting page was closed, a channel dropped;
- `Channel` decides what goes over the channel (every message of mine the other page has not acknowledged),
  reads what comes (a message's code, applied exactly like a link's, or an acknowledgement), and says
  whether play is "Live" or "By links" and so whether the page must show the link to send;
- `PeerState` is one page's connection for one game as plain state driven by the browser's events (the
  glue's Peer holds the browser's objects and reports each event to it); `next_step` and `channel_for` what
  the page does with it after each change;
- `in_app_browser` names a messenger's built-in browser from its user agent (it does not hold the game).
"""

from __future__ import annotations

import base64
import re

from .codec import unseal

LIVE_VERSION = "w1"
MAX_CANDIDATES = 6
SETUPS = {"actpass": "a", "active": "c", "passive": "p"}
TYPES = {"host": "h", "srflx": "s"}  # relayed candidates need a TURN server: never offered
_ICE = re.compile(r"[A-Za-z0-9+/]{4,256}")  # ice-char, RFC 8839
_ADDRESS = re.compile(r"(?:[0-9]{1,3}(?:\.[0-9]{1,3}){3}|[0-9a-fA-F:]{2,39}|[0-9a-zA-Z-]{1,64}\.local)")
_FINGERPRINT = re.compile(r"(?:[0-9A-Fa-f]{2}:){31}[0-9A-Fa-f]{2}")


def compact(sdp: str, answering: str | None = None) -> str | None:
    """The parts of a data-channel offer or answer the other page needs, as short text; None if the SDP
    lacks them (no SHA-256 fingerprint, no UDP candidate): the game then goes by links only. An answer
    names the offer it answers (`answering`, compact) by its ICE user fragment: "r" + ufrag, last."""
    found, candidates = {}, []
    for line in str(sdp).splitlines():
        key, _, value = line.strip().partition(":")
        if key in ("a=ice-ufrag", "a=ice-pwd", "a=setup") and key not in found:
            found[key] = value
        elif key == "a=fingerprint" and value.lower().startswith("sha-256 "):
            found.setdefault(key, value.split(" ", 1)[1])
        elif key == "a=candidate":
            parts = value.split()
            # foundation component transport priority address port "typ" type ...
            if len(parts) >= 8 and parts[1] == "1" and parts[2].lower() == "udp" and parts[7] in TYPES:
                item = f"{TYPES[parts[7]]}{parts[4]}:{parts[5]}"
                if item not in candidates and len(candidates) < MAX_CANDIDATES:
                    candidates.append(item)
    if len(found) < 4 or not candidates or found["a=setup"] not in SETUPS:
        return None
    try:
        digest = bytes.fromhex(found["a=fingerprint"].replace(":", ""))
        text = " ".join([LIVE_VERSION, SETUPS[found["a=setup"]], found["a=ice-ufrag"], found["a=ice-pwd"],
                         base64.urlsafe_b64encode(digest).decode().rstrip("=")] + candidates
                        + ([f"r{parse(answering)['ufrag']}"] if answering else []))
        parse(text)
    except ValueError:
        return None
    return text


def parse(text) -> dict:
    """A compact offer or answer read back and checked field by field (it comes from the other side and
    ends up in an SDP: nothing but the expected characters); ValueError if it is not one."""
    parts = text.split(" ") if isinstance(text, str) else []
    answers = parts.pop()[1:] if len(parts) > 6 and parts[-1].startswith("r") else None
    if len(parts) < 6 or parts[0] != LIVE_VERSION or len(parts) > 5 + MAX_CANDIDATES:
        raise ValueError("this is not a live-play offer")
    _, setup, ufrag, pwd, fingerprint, *candidates = parts
    setups = {v: k for k, v in SETUPS.items()}
    if setup not in setups or not _ICE.fullmatch(ufrag) or not _ICE.fullmatch(pwd) or len(pwd) < 22 \
            or not re.fullmatch(r"[A-Za-z0-9_-]{43}", fingerprint) \
            or (answers is not None and (setup == "a" or not _ICE.fullmatch(answers))):
        raise ValueError("this live-play offer is damaged")
    digest = base64.urlsafe_b64decode(fingerprint + "=")
    read = []
    types = {v: k for k, v in TYPES.items()}
    for item in candidates:
        address, _, port = item[1:].rpartition(":")
        if item[:1] not in types or not _ADDRESS.fullmatch(address) or not port.isdigit() \
                or not 0 < int(port) < 65536 or port != str(int(port)):
            raise ValueError("this live-play offer has a damaged address")
        read.append((types[item[:1]], address, int(port)))
    return {"setup": setups[setup], "ufrag": ufrag, "pwd": pwd,
            "fingerprint": ":".join(f"{b:02X}" for b in digest), "candidates": read, "answers": answers}


def rebuild(text: str, kind: str) -> str:
    """The SDP of a data-channel `kind` ("offer" or "answer") from its compact text (see compact)."""
    if kind not in ("offer", "answer"):
        raise ValueError("an SDP is an offer or an answer")
    live = parse(text)
    if (kind == "offer") != (live["setup"] == "actpass"):
        raise ValueError("this live-play offer is damaged")
    lines = ["v=0", "o=- 1 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0", "a=msid-semantic: WMS",
             "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0"]
    for n, (kind_, address, port) in enumerate(live["candidates"]):
        priority = (126 if kind_ == "host" else 100) * 2**24 + (65535 - n) * 2**8 + 255
        related = "" if kind_ == "host" else " raddr 0.0.0.0 rport 0"
        lines.append(f"a=candidate:{n + 1} 1 udp {priority} {address} {port} typ {kind_}{related}")
    lines += ["a=end-of-candidates", f"a=ice-ufrag:{live['ufrag']}", f"a=ice-pwd:{live['pwd']}",
              f"a=fingerprint:sha-256 {live['fingerprint']}", f"a=setup:{live['setup']}", "a=mid:0",
              "a=sctp-port:5000", "a=max-message-size:262144"]
    return "\r\n".join(lines) + "\r\n"


def stun_url(text) -> str | None:
    """A STUN server as the player typed it ("stun.example.org", with or without "stun:" and a port), as
    an ICE server URL; None if blank; ValueError if it is not a host name."""
    text = str(text or "").strip()
    if text.lower().startswith("stun:"):
        text = text[5:]
    if not text:
        return None
    if not re.fullmatch(r"[A-Za-z0-9.-]{1,253}(?::[0-9]{1,5})?", text) or text.startswith((".", "-")):
        raise ValueError("a STUN server is a host name, like stun.example.org or stun.example.org:3478")
    return f"stun:{text}"


# -- the channel: what to send, what came, which mode -------------------------------------------------------
class Channel:
    """One page's live channel for one remote game. Frames are text: "m" + a message's code, or "a" + the
    number of a message received (so its sender need not send it again by link). The page calls `opened()`,
    `closed(why)` on the channel's events, sends `outgoing(log)` after each change, and passes each frame that
    comes to `take(frame)`."""

    def __init__(self, mine_first: bool, state: str = "connecting", why: str = ""):
        self.parity = 0 if mine_first else 1  # my messages' numbers: even for the game's creator
        self.state = state  # "connecting", "open", "closed" (for good: a fresh connection gets a new Channel)
        self.why = why  # why play is by links
        self.sent = 0  # messages of the log already considered for sending
        self.acked = -1  # the last message of mine the other page acknowledged
        self.carried = set()  # the numbers of my messages sent on this channel: only these can be acknowledged

    @property
    def live(self) -> bool:
        return self.state == "open"

    def opened(self) -> None:
        self.state, self.sent = "open", self.acked + 1  # anything not acknowledged is sent again

    def closed(self, why: str) -> None:
        if self.state != "closed":
            self.state, self.why = "closed", why

    def outgoing(self, log: list) -> list:
        """The frames to send now: my messages the other page has not acknowledged and that were not sent
        since the channel opened (none unless it is open)."""
        if not self.live:
            return []
        numbers = [n for n in range(self.sent, len(log)) if n % 2 == self.parity and n > self.acked]
        self.carried.update(numbers)
        self.sent = len(log)
        return ["m" + log[n] for n in numbers]

    def take(self, frame) -> str | None:
        """A frame from the other page: the code of a message to apply (then `ack` it), or None for an
        acknowledgement. ValueError if it is neither. An acknowledgement counts only for a message this page
        really sent on this channel (a forged one would keep my next link from being shown)."""
        frame = str(frame)
        if frame.startswith("a") and frame[1:].isdigit() and len(frame) < 8:
            number = int(frame[1:])
            if number in self.carried:
                self.acked = max(self.acked, number)
            return None
        if frame.startswith("m") and len(frame) > 1:
            return frame[1:]
        raise ValueError("this is not a frame of the live channel")

    @staticmethod
    def ack(number: int) -> str:
        return f"a{number}"

    def link_needed(self, log: list) -> bool:
        """Must the page show my last message's link? Only when the last message is mine and the other page
        has not acknowledged it over the channel, and the channel is not carrying it."""
        last = len(log) - 1
        return last >= 0 and last % 2 == self.parity and not self.live and self.acked < last

    def mode(self, them: str) -> str:
        """What the page says about how the messages travel."""
        if self.live:
            return f"Live: {them}'s page is connected. Each move goes across at once."
        if self.state == "connecting":
            return (f"By links, for now: the game goes live when {them}'s page and this one are both open "
                    "(on the same network, or through the STUN server named in the new-game dialog).")
        return f"By links: {self.why}"


# -- going live again: a fresh offer and answer carried by the next links ---------------------------------------
MAX_FAILURES = 3  # connections that never opened, after which the game's creator stops offering new ones


def plan(side, peer, failures: int = 0) -> tuple | None:
    """What this page does next to bring a remote game live (docs/remote.md). `side` is its Remote; `peer`
    its connection for the game, or None: `peer.text` its compact offer or answer, `peer.answers` the user
    fragment of the offer it answers (None for an offer), `peer.connected` the other page's description
    applied, `peer.link` its Channel. Only the game's creator offers (so two offers never cross), the joiner
    answers each new offer, and each rides in the sender's next message, by link or live alike:
    - ("offer",): the creator's page makes a fresh connection (none yet on this page, as when the reply is
      opened after the page that made the invitation was closed, or its channel closed or failed);
    - ("answer", offer): the joiner's page answers the creator's latest offer with a fresh connection;
    - ("connect", answer): the creator's connection takes the joiner's answer to its offer;
    - ("drop",): the description waiting for my next message was made by another page (since closed);
    - ("close",): the other page's browser cannot play live (its first message carried no description);
    - None: nothing to do (live, a description on its way, or live play impossible)."""
    if side.count >= 2 and side.their_live is None:  # their first message had none: their browser cannot
        return ("close",) if peer is not None and peer.link.state != "closed" else None
    if peer is not None and (peer.text is None or peer.link.live):
        return None
    if side.live is not None and (peer is None or side.live != peer.text):
        return ("drop",)
    theirs = _read(side.their_live)
    if side.creator != side.seat:
        if theirs and theirs["setup"] == "actpass" and (peer is None or peer.answers != theirs["ufrag"]):
            return ("answer", side.their_live)
        return None
    if peer is not None and peer.link.state == "connecting" and peer.text in (side.live, side.live_sent):
        if not peer.connected and theirs and theirs["answers"] == parse(peer.text)["ufrag"]:
            return ("connect", side.their_live)
        return None
    return ("offer",) if failures < MAX_FAILURES else None  # (else the two pages cannot reach each other)


CLOSED = "the live connection closed."


def cannot_connect(side) -> str:
    return f"{side.game.seat_name(side.other)}'s browser cannot connect live."


class PeerState:
    """This page's connection for one remote game as plain state, driven by the browser's events (the page's
    glue.remote_live.Peer makes the browser's connection and calls these): its offer or answer, once made, and
    the game whose messages its `link` (a Channel) carries, once it follows one."""

    def __init__(self, failures: int = 0):
        self.text = None  # my compact offer or answer, once made
        self.answers = None  # the user fragment of the offer this connection answers (None: it offers)
        self.connected = False  # the other page's offer or answer is applied
        self.failures = failures  # this game's connections on this page that never opened, this one included
        self.link, self.gid = None, None

    def follow(self, gid: str, mine_first: bool) -> None:
        self.gid, self.link = gid, Channel(mine_first)

    def closed(self, why: str = CLOSED) -> None:
        if self.link is not None:
            self.link.closed(why)

    def failed(self, state: str) -> bool:
        """The connection's state changed: True (redraw) when it failed before its channel opened."""
        if state != "failed" or self.link.state != "connecting":
            return False
        self.failures += 1
        self.link.closed("the two pages could not connect live (on different networks, a STUN server named in the "
                         "new-game dialog may help).")
        return True

    def carries(self, session) -> bool:
        """The page's controller `session` shows the game this connection carries."""
        return session.capabilities.remote and session.side.gid == self.gid

    def holds(self, session, code: str) -> bool:
        return self.carries(session) and code.strip() in session.side.log

    @staticmethod
    def ack(code: str) -> str:
        """The frame that acknowledges a message held (by its number)."""
        return Channel.ack(unseal(code)["n"])


def next_step(side, peer, webrtc: bool) -> tuple | None:
    """What the page does after each change to bring the game live (`plan`), with `webrtc` whether this
    browser can: a description made by another page is dropped at once (`side.live`), so the step is one of
    plan's others; None where the browser cannot or the game is checked."""
    if not webrtc or side.verdict is not None:
        return None
    step = plan(side, peer, peer.failures if peer else 0)
    if step == ("drop",):
        side.live = None
        return next_step(side, peer, webrtc)
    return step


def channel_for(side, peer, webrtc: bool) -> Channel:
    """How this game's messages travel now: its connection's channel, or links (with the reason)."""
    if peer is not None:
        return peer.link
    mine_first = side.creator == side.seat
    if not webrtc:
        return Channel(mine_first, state="closed", why="this browser cannot connect live (it has no WebRTC).")
    if side.their["top"] is not None and side.their_live is None:
        return Channel(mine_first, state="closed", why=cannot_connect(side))
    return Channel(mine_first)  # until this page's next offer or answer is made and carried


def _read(text) -> dict | None:
    try:
        return parse(text)
    except ValueError:
        return None


def in_app_browser(user_agent) -> str | None:
    """The app whose built-in browser this is (it keeps its own storage, so it does not hold a game played
    in the phone's browser), from its user agent; None for an ordinary browser."""
    agent = str(user_agent or "")
    for marker, name in (("FBAN", "Facebook"), ("FBAV", "Facebook"), ("FB_IAB", "Facebook"),
                         ("Instagram", "Instagram"), (" Line/", "LINE"), ("MicroMessenger", "WeChat"),
                         ("Snapchat", "Snapchat"), ("musical_ly", "TikTok"), ("BytedanceWebview", "TikTok"),
                         ("Telegram", "Telegram"), ("WhatsApp", "WhatsApp"), ("Discord", "Discord"),
                         ("; wv)", "an app")):
        if marker in agent:
            return name
    return None
