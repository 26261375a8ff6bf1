"""The live channel of a remote game: this page's WebRTC connection and data channel, and the frames it
carries (its protocol is game_core/remote/live.py: this module only moves its bytes). A game goes live
whenever both pages are open: the creator's page makes a fresh offer when it has none working, the joiner's
answers it, each carried by the next message (live.plan)."""

import asyncio

from pyodide.ffi import JsException, create_proxy
from js import window

from game_core.remote import Remote
from game_core.remote.live import CLOSED, Channel, PeerState, cannot_connect, channel_for, compact, next_step, parse, rebuild, stun_url

from glue.core import browser_feature, js, page
from glue import drawing, storage

STUN_KEY = "blitzbox:remote-stun"  # the STUN server the player named (absent: host candidates only)
GATHER_SECONDS = 5  # the longest wait for this browser's addresses before an offer or answer is sent


class Peer(PeerState):
    """This page's WebRTC connection for one remote game: the browser's API only (what travels and when is
    game_core.remote.live: its state `PeerState`, `plan`, and the Channel `link`)."""

    def __init__(self, connection, channel, failures: int):
        super().__init__(failures)
        self.connection, self.channel = connection, channel
        self.handlers = []

    @classmethod
    def open(cls, failures: int = 0):
        """A connection with its data channel; None where this browser cannot play live."""
        connection_class = browser_feature(window, "RTCPeerConnection")
        if connection_class is None:
            return None
        try:
            stun = stun_url(storage.storage_get(STUN_KEY))
        except ValueError:
            stun = None
        try:
            connection = connection_class.new(js({"iceServers": [{"urls": stun}] if stun else []}))
            channel = connection.createDataChannel("blitzbox", js({"negotiated": True, "id": 0}))
        except JsException:
            return None
        return cls(connection, channel, failures)

    async def describe(self, their_offer: str | None = None) -> str | None:
        """This page's offer (or its answer to `their_offer`, compact), once its addresses are gathered;
        None (and the connection closed) where it cannot be made."""
        try:
            if their_offer is None:
                await self.connection.setLocalDescription(await self.connection.createOffer())
            else:
                self.answers = parse(their_offer)["ufrag"]  # (answered once, even if what follows fails)
                await self.connection.setRemoteDescription(js({"type": "offer", "sdp": rebuild(their_offer, "offer")}))
                await self.connection.setLocalDescription(await self.connection.createAnswer())
                self.connected = True
            for _ in range(GATHER_SECONDS * 10):  # host addresses come at once; a STUN server's take longer
                if self.connection.iceGatheringState == "complete":
                    break
                await asyncio.sleep(0.1)
            self.text = compact(self.connection.localDescription.sdp, their_offer)
        except (JsException, ValueError):
            self.text = None
        if self.text is None:
            self.close("this browser could not make its live offer.")
        return self.text

    def close(self, why: str = CLOSED) -> None:
        self.closed(why)
        self.connection.close()

    def follow(self, gid: str, mine_first: bool) -> "Peer":
        """Carry the messages of game `gid`: the channel's events drive `link` and redraw the page."""
        super().follow(gid, mine_first)

        def opened(event):
            self.link.opened()
            refresh(self)

        def closed(event):
            self.closed()
            refresh(self)

        def changed(event):
            if self.failed(str(self.connection.connectionState)):
                refresh(self)

        for target, name, handler in ((self.channel, "open", opened), (self.channel, "close", closed),
                                      (self.channel, "message", lambda event: on_frame(self, event.data)),
                                      (self.connection, "connectionstatechange", changed)):
            proxy = create_proxy(handler)
            self.handlers.append(proxy)
            target.addEventListener(name, proxy)
        return self

    async def connect(self, answer: str) -> None:
        """The creator's page: the joiner's answer to this connection's offer came in a message."""
        try:
            await self.connection.setRemoteDescription(js({"type": "answer", "sdp": rebuild(answer, "answer")}))
        except (JsException, ValueError):
            self.closed("your friend's page sent an answer this browser cannot use.")
            refresh(self)


def webrtc() -> bool:
    return browser_feature(window, "RTCPeerConnection") is not None


def keep_up(side: Remote) -> None:
    """After each change: what this page does to bring the game live (live.next_step). A fresh offer or answer
    waits in `side.live` for this page's next message."""
    peer = page.live.get(side.gid)
    step = next_step(side, peer, webrtc())
    if step is None:
        return
    if step[0] == "close":
        peer.close(cannot_connect(side))
        return
    if step[0] == "connect":
        peer.connected = True  # (at once: a redraw before the answer is applied must not apply it again)
        asyncio.ensure_future(peer.connect(step[1]))
        return
    if peer is not None:  # a fresh connection replaces this page's old one
        peer.close()
    fresh = Peer.open(peer.failures if peer else 0)
    if fresh is None:
        page.live.pop(side.gid, None)
        return
    page.live[side.gid] = fresh.follow(side.gid, mine_first=side.creator == side.seat)
    asyncio.ensure_future(offered(fresh, step[1] if step[0] == "answer" else None))


async def offered(peer: Peer, their_offer: str | None) -> None:
    """Once made, the fresh offer or answer waits for this page's next message."""
    if await peer.describe(their_offer) is not None and page.live.get(peer.gid) is peer and peer.carries(page.session):
        page.session.side.live = peer.text
    refresh(peer)


def on_frame(peer: Peer, data) -> None:
    """A frame over the channel: a message is applied exactly as a link's (and acknowledged once held; a
    message the page already holds, sent again when a fresh channel opened, only acknowledged)."""
    try:
        code = peer.link.take(str(data))
    except ValueError:
        return
    if code is not None:
        if not peer.holds(page.session, code):
            page.open_code(code)
        if peer.holds(page.session, code):
            send(peer, [peer.ack(code)])
    refresh(peer)


def send(peer: Peer, frames: list) -> None:
    for frame in frames:
        try:
            peer.channel.send(frame)
        except JsException:
            peer.closed()
            return


def refresh(peer: Peer) -> None:
    if peer.carries(page.session):
        drawing.render()


def channel_of(side: Remote) -> Channel:
    """How this game's messages travel now: its live channel, or links (with the reason)."""
    return channel_for(side, page.live.get(side.gid), webrtc())
