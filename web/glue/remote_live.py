"""The live channel of a remote game: this page's WebRTC connection and data channel, and the frames it
carries (its protocol is game_core/remote/live.py: this module only moves its bytes)."""

import asyncio

from pyodide.ffi import JsException, create_proxy, to_js
from js import window

from game_core import games
from game_core.remote import Remote, unseal
from game_core.remote.live import Channel, compact, rebuild, stun_url

from glue.core import NAME, browser_feature, page
from glue import drawing, remote, storage

STUN_KEY = "blitzbox:remote-stun"  # the STUN server the player named (absent: host candidates only)
GATHER_SECONDS = 5  # the longest wait for this browser's addresses before an offer or answer is sent


def js(value):
    return to_js(value, dict_converter=window.Object.fromEntries)


class Peer:
    """This page's WebRTC connection for one remote game: the browser's API only (what travels and when is
    game_core.remote.live.Channel, `link`)."""

    def __init__(self, connection, channel, text: str, answering: bool):
        self.connection, self.channel = connection, channel
        self.offer, self.answer = (None, text) if answering else (text, None)
        self.link, self.gid, self.answered, self.handlers = None, None, answering, []

    @classmethod
    async def start(cls, their_offer: str | None = None):
        """A connection with its data channel and this page's offer (or its answer to `their_offer`, compact),
        once its addresses are gathered; None where this browser cannot play live."""
        connection_class = browser_feature(window, "RTCPeerConnection")
        if connection_class is None:
            return None
        try:
            stun = stun_url(storage.storage_get(STUN_KEY))
        except ValueError:
            stun = None
        connection = None
        try:
            connection = connection_class.new(js({"iceServers": [{"urls": stun}] if stun else []}))
            channel = connection.createDataChannel("blitzbox", js({"negotiated": True, "id": 0}))
            if their_offer is None:
                await connection.setLocalDescription(await connection.createOffer())
            else:
                await connection.setRemoteDescription(js({"type": "offer", "sdp": rebuild(their_offer, "offer")}))
                await connection.setLocalDescription(await connection.createAnswer())
            for _ in range(GATHER_SECONDS * 10):  # host addresses come at once; a STUN server's take longer
                if connection.iceGatheringState == "complete":
                    break
                await asyncio.sleep(0.1)
            text = compact(connection.localDescription.sdp)
        except (JsException, ValueError):
            text = None
        if text is None:
            if connection is not None:
                connection.close()
            return None
        return cls(connection, channel, text, their_offer is not None)

    def follow(self, gid: str, mine_first: bool) -> "Peer":
        """Carry the messages of game `gid`: the channel's events drive `link` and redraw the page."""
        self.gid, self.link = gid, Channel(mine_first)

        def opened(event):
            self.link.opened()
            refresh(self)

        def closed(event):
            self.link.closed("the live connection closed.")
            refresh(self)

        def changed(event):
            if str(self.connection.connectionState) == "failed":
                self.link.closed("the two pages could not connect live (on different networks, a STUN server "
                                 "named in the new-game dialog may help).")
                refresh(self)

        for target, name, handler in ((self.channel, "open", opened), (self.channel, "close", closed),
                                      (self.channel, "message", lambda event: on_frame(self, event.data)),
                                      (self.connection, "connectionstatechange", changed)):
            proxy = create_proxy(handler)
            self.handlers.append(proxy)
            target.addEventListener(name, proxy)
        return self

    async def connect(self, answer: str) -> None:
        """The creator's page: the joiner's answer came back in the reply."""
        self.answered = True
        try:
            await self.connection.setRemoteDescription(js({"type": "answer", "sdp": rebuild(answer, "answer")}))
        except (JsException, ValueError):
            self.link.closed("your friend's page sent an answer this browser cannot use.")
            refresh(self)


def answered(side: Remote) -> None:
    """After a message is applied: the reply's answer connects the creator's page."""
    peer = page.live.get(side.gid)
    if peer is None or peer.answered or side.count < 2:
        return
    if side.their_live is None:
        peer.answered = True
        peer.link.closed(f"{games.get(NAME).seat_name(side.other)}'s browser cannot connect live.")
    else:
        asyncio.ensure_future(peer.connect(side.their_live))


def on_frame(peer: Peer, data) -> None:
    """A frame over the channel: a message is applied exactly as a link's (and acknowledged once held)."""
    try:
        code = peer.link.take(str(data))
    except ValueError:
        return
    if code is not None:
        remote.open_remote_code(code)
        if remote.is_remote() and page.session.side.gid == peer.gid and code.strip() in page.session.side.log:
            send(peer, [Channel.ack(unseal(code)["n"])])
    refresh(peer)


def send(peer: Peer, frames: list) -> None:
    for frame in frames:
        try:
            peer.channel.send(frame)
        except JsException:
            peer.link.closed("the live connection closed.")
            return


def refresh(peer: Peer) -> None:
    if remote.is_remote() and page.session.side.gid == peer.gid:
        drawing.render()


def channel_of(side: Remote) -> Channel:
    """How this game's messages travel now: its live channel, or links (with the reason)."""
    peer = page.live.get(side.gid)
    if peer is not None:
        return peer.link
    why = ("this browser cannot connect live (it has no WebRTC)." if browser_feature(window, "RTCPeerConnection")
           is None else f"{side.game.seat_name(side.other)}'s browser cannot connect live."
           if side.their["top"] is not None and side.their_live is None
           else "a live connection joins only the two pages that sent the invitation and the reply, "
           "while both stay open.")
    return Channel(side.creator == side.seat, state="closed", why=why)
