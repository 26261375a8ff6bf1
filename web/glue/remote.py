"""Remote play on the page: a friend on another device, moves sent as links or live over a WebRTC data
channel (game_core/remote/, docs/remote.md): opening codes, the remote panel, resuming the open remote game,
the live channel (its protocol is game_core/remote/live.py: this module only moves its bytes)."""

import asyncio
import json
from html import escape

from pyodide.ffi import JsException, create_proxy, to_js
from js import document, window

from game_core import SaveError, games, limits, records
from game_core.remote import ADAPTERS as REMOTE_GAMES, DEADLINE_HOURS, MAX_DEADLINE_HOURS, Refused, Remote, unseal
from game_core.remote.live import Channel, compact, in_app_browser, rebuild, stun_url
from game_core.remote_session import RemoteSession
from game_core.session import Session

from glue.core import EMBED, NAME, REMOTE_OPEN_KEY, REMOTE_PREFIX, browser_feature, element, page, show_message
from glue import drawing, play, storage

STUN_KEY = "blitzbox:remote-stun"  # the STUN server the player named (absent: host candidates only)
GATHER_SECONDS = 5  # the longest wait for this browser's addresses before an offer or answer is sent


def open_from_url() -> bool:
    """A share link (#g=code) opens as a replay: every game has secrets that continuing it would reveal.
    A remote-play link (#r=code) joins or moves its game; its fragment is then cleared, so that a reload
    shows the game rather than open the message again. True when the address held either."""
    fragment = str(window.location.hash or "")
    if fragment.startswith("#r=") and remote_available():
        window.history.replaceState(None, "", str(window.location.href).split("#")[0])
        open_remote_code(fragment[3:])
        return True
    code = limits.share_code_in(fragment, str(window.location.search or ""))
    if code:
        try:
            data = records.decode(code)
            if records.kind(data) == "session":  # a game moved from another device: it plays on here
                loaded = Session.from_save(NAME, json.dumps(data))
                if storage.keep_unfinished("Shared game"):
                    storage.adopt(loaded)
                    storage.say()
            else:
                play.open_replay(data)  # a record, or a game to watch
        except SaveError as err:
            show_message(f"That shared game could not be opened: {err}.")
    return bool(code)


def remote_available() -> bool:
    return NAME in REMOTE_GAMES and not EMBED


def read_remote(text, narrated: bool = True) -> RemoteSession:
    """A stored remote side (with its log narrated unless `narrated` is false); SaveError if unusable."""
    data = limits.parse_json(text, "the saved remote game")
    if not isinstance(data, dict) or data.get("name") != NAME:
        raise SaveError(f"this is not a remote game of {games.get(NAME).title}")
    return RemoteSession(Remote.from_dict(data), REMOTE_PREFIX, narrated)


def accepts(offer: dict, app=None) -> bool:
    """The joiner sees the game's terms (its options, their side, the deadline) and accepts before
    anything is sent or stored (told, in a messenger's built-in browser, that the game would stay there)."""
    game = games.get(NAME)
    terms = "; ".join(f"{label}: {value}" for label, value in offer["terms"]) or "the standard rules"
    stays = (f"\n\nThis is {app}'s built-in browser: a game joined here stays here. To play in your usual "
             "browser, cancel and open the link there." if app else "")
    return bool(window.confirm(
        f"Join this remote game of {offer['title']}?\n\nYou play {game.seat_name(offer['seat'])}, your friend "
        f"{game.seat_name(offer['them'])}.\nRules: {terms}.\nA player who holds back a reveal for more than "
        f"{offer['deadline']} hours forfeits.{stays}"))


def offer_code(text: str, code: str) -> None:
    """The message line, with the code to copy into the browser that holds the game."""
    show_message(text)
    box = document.createElement("textarea")
    box.readOnly, box.value, box.rows, box.className = True, code, 3, "remote-code-offer"
    box.setAttribute("aria-label", "The code to open in your browser")
    element("message").append(box)


async def join(code: str, offer: dict) -> None:
    """Join an accepted invitation, answering its live offer when this browser can."""
    peer = await Peer.start(offer["live"]) if offer["live"] else None
    try:
        side, _ = Remote.accept(code, live=peer.answer if peer else None)  # the reply is side.outbox
    except (Refused, ValueError) as err:
        if peer:
            peer.connection.close()
        show_message(f"That remote-play link was not used: {err}. Nothing was changed.")
    else:
        adopt_remote(RemoteSession(side, REMOTE_PREFIX))
        if peer:
            page.live[side.gid] = peer.follow(side.gid, mine_first=False)
    drawing.render()


async def create(game, options: dict, seat, deadline: int) -> None:
    """A new remote game: its invitation carries this page's live offer when this browser can make one."""
    peer = await Peer.start()
    try:
        side, _ = Remote.create(game, options, seat, deadline, live=peer.offer if peer else None)
    except ValueError as err:
        if peer:
            peer.connection.close()
        return show_message(f"Cannot start that game: {err}")
    adopt_remote(RemoteSession(side, REMOTE_PREFIX))
    if peer:
        page.live[side.gid] = peer.follow(side.gid, mine_first=True)
    show_message("")
    element("new-game").close()
    drawing.render()


def adopt_remote(game: RemoteSession) -> None:
    game.side.claim_forfeit()  # a reveal held back past the deadline: that side forfeits
    page.jobs.clear()
    page.session, page.replay = game, None
    storage.storage_set(REMOTE_OPEN_KEY, game.side.gid)
    answered(game.side)  # a reply opened in another tab still connects the tab that made the invitation


def is_remote() -> bool:
    return isinstance(page.session, RemoteSession)


def remote_link(code: str) -> str:
    return f'{str(window.location.href).split("#")[0].split("?")[0]}#r={code}'


def open_remote_code(code: str) -> None:
    """An invitation joins (or resumes) its game; a move is applied to the game it belongs to. A message
    that cannot be used says why, and nothing is changed."""
    code = code.strip()
    try:
        body = unseal(code)
        if body.get("name") != NAME:
            return refuse_other_game(body.get("name"), code)
        key = REMOTE_PREFIX + str(body.get("game"))
        text = storage.storage_get(key)
        if text is None:
            app = in_app_browser(window.navigator.userAgent)
            if body.get("n") != 0 and app:
                return offer_code(f"This link opened in {app}'s built-in browser, which does not hold your game. "
                                  "Open it in the browser you play in (the menu's \"Open in browser\"), or copy "
                                  "this code and paste it there under \"Got a code\". Nothing was changed.", code)
            if body.get("n") != 0:
                raise Refused("it belongs to a remote game this browser does not hold (open it in the browser "
                              "that plays it)")
            offer = Remote.read(code)
            if not accepts(offer, app):
                if app:
                    return offer_code("You did not join that game. Nothing was changed. To play it in your own "
                                      "browser, copy this code and paste it there under \"Got a code\".", code)
                return show_message("You did not join that game. Nothing was changed.")
            asyncio.ensure_future(join(code, offer))
            return show_message("")
        # the game shown here is up to date (on_storage follows other tabs): no replay of the stored one
        game = page.session if is_remote() and page.session.key == key else read_remote(text)
    except (Refused, SaveError, ValueError) as err:
        return show_message(f"That remote-play link was not used: {err}. Nothing was changed.")
    adopt_remote(game)
    if code in game.side.log and unseal(code).get("from") == game.side.other:
        return show_message(f"You already opened this message from {game.opponent}: here is the game.")
    try:
        game.receive(code)
    except Refused as err:
        return show_message(f"That message from {game.opponent} was not applied: {err}. Nothing was changed.")
    show_message("")
    answered(game.side)


def refuse_other_game(name, code: str) -> None:
    """A message of another game (or map) is refused before anything is stored: it names its page."""
    if name not in games.TITLES:
        return show_message("That remote-play link is not for any Blitzbox game. Nothing was changed.")
    folder = str(window.location.href).split("#")[0].split("?")[0].rsplit("/", 1)[0]
    page_url = f"{folder}/{name}.html#r={code}"
    show_message(f"That remote-play link is for {games.TITLES[name]}, not {games.TITLES[NAME]}. Nothing was "
                 "changed here.", (f"Open it on the {games.TITLES[name]} page", page_url))


def verdict_text(game: RemoteSession) -> str:
    verdict = game.side.verdict
    if verdict["ok"]:
        winner = verdict["winner"]
        won = "a draw" if winner is None else f"{game.game.seat_name(winner)} won"
        return (f"Verified: fair game ({won}). Both browsers revealed their secrets and replayed all "
                f"{verdict['moves']} moves and {verdict['outcomes']} chance draws: everything matches.")
    if verdict.get("forfeit"):
        return (f"{game.game.seat_name(verdict['cheater'])} forfeits: they withheld the reveal past the deadline "
                "agreed at the start.")
    return f"{game.game.seat_name(verdict['cheater'])} cheated: {verdict['reason']}."


def show_remote() -> None:
    """The remote panel: the link to send (with its copy button and code) while it is this browser's
    turn to be heard, the waiting line, the end's verdict; hidden in a local game."""
    panel = element("remote")
    panel.hidden = not is_remote()
    document.body.setAttribute("data-remote", "" if not is_remote() else str(len(page.session.side.log)))
    if not is_remote():
        return
    side, them = page.session.side, page.session.opponent
    channel = channel_of(side)
    peer = page.live.get(side.gid)
    if peer is not None:  # the live channel carries what it must (nothing unless it is open)
        send(peer, channel.outgoing(side.log))
    document.body.setAttribute("data-remote-mode", "live" if channel.live else "links")
    element("remote-mode").textContent = channel.mode(them)
    # my message is the last one, and no live channel carries it
    sending = bool(side.outbox) and side.log[-1] == side.outbox and channel.link_needed(side.log)
    element("remote-send").hidden = not sending
    if sending:
        joined = side.count == 2 and side.outbox != side.log[0]  # the invitation is always the creator's
        element("remote-send-title").textContent = (
            f"Invitation for {them}: send them this link" if side.count == 1 else
            f"You joined: send this link back to {them}" if joined else
            f"Send this link to {them}" + (" (the last one: it lets their browser check the game too)"
                                           if side.final_sent else ""))
        element("remote-link").value = remote_link(side.outbox)
        element("remote-code").value = side.outbox
    element("remote-wait").hidden = not side.waiting
    element("remote-wait").textContent = (
        f"Waiting for {them}'s move: it shows here as soon as they make it." if channel.live else
        f"Waiting for {them}: send this link again if they have not got it." if sending else
        f"Waiting for {them}'s next link.")
    element("remote-transcript").hidden = side.count < 2
    element("remote-verdict").hidden = side.verdict is None
    if side.verdict is not None:
        element("remote-verdict").textContent = verdict_text(page.session)
        element("remote-verdict").className = "ok" if side.verdict["ok"] else "cheat"
    element("remote-paste-label").textContent = f"Got a code from {them} instead of a link? Paste it here"


def resume_remote() -> None:
    """The page showed a remote game last: resume it (its side is under its own key)."""
    gid = storage.storage_get(REMOTE_OPEN_KEY)
    text = storage.storage_get(REMOTE_PREFIX + gid) if gid and remote_available() else None
    if text:
        try:
            adopt_remote(read_remote(text))
        except SaveError as err:
            show_message(f"Your remote game could not be resumed: {err}. It stays listed under Saves.")


def on_hash_change(event=None) -> None:
    if open_from_url():
        drawing.render()


def remote_label(text: str) -> str:
    try:
        return read_remote(text, narrated=False).describe()
    except SaveError as err:
        return f"A remote game that cannot be opened ({err})"


# -- live play: a WebRTC data channel between the two pages ----------------------------------------------
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
        open_remote_code(code)
        if is_remote() and page.session.side.gid == peer.gid and code.strip() in page.session.side.log:
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
    if is_remote() and page.session.side.gid == peer.gid:
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


def new_game(options: dict) -> None:
    """The new-game dialog's "Play a friend remotely": its side, reveal deadline and STUN server."""
    game = page.session.game
    seat = next(s for s in game.seats if str(s) == str(element("remote-seat").value))
    text = str(element("remote-deadline").value).strip()
    if not text.isdigit():
        return show_message("Cannot start that game: the deadline is a whole number of hours.")
    try:
        stun = stun_url(element("remote-stun").value) if element("remote-stun-on").checked else None
    except ValueError as err:
        return show_message(f"Cannot start that game: {err}.")
    if stun:
        storage.storage_set(STUN_KEY, stun)
    else:
        storage.storage_remove(STUN_KEY)
    asyncio.ensure_future(create(game, options, seat, int(text)))


def send_link() -> None:
    """"Send": the system's share sheet where there is one, else the link copied, else selected to copy."""
    link = str(element("remote-link").value)
    if browser_feature(window.navigator, "share"):
        asyncio.ensure_future(share(link))
    elif window.blitzbox.copy(link):
        notice("Link copied: paste it into your chat with your friend.")
    else:
        element("remote-link").select()
        notice("Copy the selected link and paste it into your chat with your friend.")


async def share(link: str) -> None:
    try:
        await window.navigator.share(js({"title": games.get(NAME).title, "url": link}))
    except JsException:  # the player closed the sheet, or the browser refused: the link is still shown
        pass


def notice(text: str) -> None:
    element("notice").textContent = text
    element("notice").hidden = False


def download_transcript() -> None:
    side = page.session.side
    window.blitzbox.download(f"{NAME}-transcript-{side.gid[:8]}.json", json.dumps(side.transcript(), indent=1),
                             "application/json")


def remote_fields() -> str:
    """The new-game dialog's remote choices: the reveal deadline, and the STUN server (off by default)."""
    stun = storage.storage_get(STUN_KEY) or ""
    checked = " checked" if stun else ""
    return (f'<p><label for="remote-deadline">Hours each of you has to answer a reveal</label> '
            f'<input id="remote-deadline" type="number" min="1" max="{MAX_DEADLINE_HOURS}" step="1" '
            f'value="{DEADLINE_HOURS}" inputmode="numeric"> <small>A player who stays silent longer than '
            'this when they owe a reveal forfeits. 1 to 720 hours.</small></p>'
            '<details class="remote-stun"><summary>Play live with a friend on another network</summary>'
            f'<p><label><input type="checkbox" id="remote-stun-on"{checked}> Use a STUN server</label> '
            f'<input id="remote-stun" value="{escape(stun.removeprefix("stun:"))}" placeholder="stun.example.org" '
            'aria-label="STUN server"></p><p><small>Live play needs no server when you are both on the same '
            'network. To reach a friend elsewhere, a STUN server tells your browser its internet address, and '
            'in doing so that server learns your address. Leave this off unless you trust it.</small></p>'
            '</details>')
