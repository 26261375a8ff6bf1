"""The invitation and the reply of a remote game: the new-game dialog's remote choices and creating a game,
the joiner's consent (the join dialog) and joining, sending a link (the share sheet, or copied) and the transcript's download."""

import asyncio

from pyodide.ffi import JsException, create_proxy
from js import document, window

from game_core import games
from game_core.page import message
from game_core.remote import Refused, Remote
from game_core.remote_session import RemoteSession, declined, join_terms, not_used, remote_choices, remote_fields as fields

from glue.core import KEYS, NAME, browser_feature, element, js, page, show_message
from glue import drawing, storage
from glue.remote_live import STUN_KEY, Peer


def ask_to_join(code: str, offer: dict, app=None) -> None:
    """The join dialog: the invitation's terms (its seats, options in words, deadlines) before anything is
    sent or stored; joining happens when the player chooses "Join the game" (on_join_closed)."""
    dialog = element("remote-join")
    element("remote-join-title").textContent = f"Join this remote game of {offer['title']}?"
    element("remote-join-terms").innerHTML = join_terms(offer, app)
    dialog.dataset.code, dialog.dataset.app, dialog.returnValue = code, app or "", ""
    dialog.addEventListener("close", ON_JOIN_CLOSED)  # (the same listener once, however often it is asked)
    dialog.showModal()


def on_join_closed(event) -> None:
    """The join dialog closed: joined with "Join the game"; with "Do not join" or Escape, nothing changes."""
    dialog = element("remote-join")
    code, app = str(dialog.dataset.code), str(dialog.dataset.app)
    if dialog.returnValue != "join":
        return offer_code(declined(app), code) if app else show_message(declined(app))
    try:
        offer = Remote.read(code)
    except Refused as err:
        return show_message(not_used(err))
    show_message("")
    asyncio.ensure_future(join(code, offer))


ON_JOIN_CLOSED = create_proxy(on_join_closed)
# The panel's button is named for what it does here, and so are the steps the board shows (RemoteSession)
RemoteSession.send_label = "Send" if browser_feature(window.navigator, "share") else "Copy the link"


def offer_code(text: str, code: str) -> None:
    """The message line, with the code to copy into the browser that holds the game."""
    show_message(text)
    box = document.createElement("textarea")
    box.readOnly, box.value, box.rows, box.className = True, code, 3, "remote-code-offer"
    box.setAttribute("aria-label", "The code to open in your browser")
    element("message").append(box)


async def join(code: str, offer: dict) -> None:
    """Join an accepted invitation, answering its live offer when this browser can."""
    peer = Peer.open() if offer["live"] else None
    answer = await peer.describe(offer["live"]) if peer else None
    try:
        side, _ = Remote.accept(code, live=answer)  # the reply is side.outbox
    except (Refused, ValueError) as err:
        if peer:
            peer.close()
        show_message(not_used(err))
    else:
        storage.adopt_remote(RemoteSession(side, KEYS.remote))
        if answer:
            page.live[side.gid] = peer.follow(side.gid, mine_first=False)
    drawing.render()


async def create(game, options: dict, seat, deadline: int, move_deadline: int | None) -> None:
    """A new remote game: its invitation carries this page's live offer when this browser can make one."""
    peer = Peer.open()
    offer = await peer.describe() if peer else None
    try:
        side, _ = Remote.create(game, options, seat, deadline, live=offer, move_deadline=move_deadline)
    except ValueError as err:
        if peer:
            peer.close()
        return show_message(message("cannot-start", err))
    storage.adopt_remote(RemoteSession(side, KEYS.remote))
    if offer:
        page.live[side.gid] = peer.follow(side.gid, mine_first=True)
    show_message("")
    element("new-game").close()
    drawing.render()


def new_game(options: dict) -> None:
    """The new-game dialog's "Play a friend remotely": its side, reveal deadline and STUN server."""
    game = page.session.game
    try:
        chosen = remote_choices(game.seats, element("remote-seat").value, element("remote-deadline").value,
                                element("remote-move-deadline").value, element("remote-stun-on").checked,
                                element("remote-stun").value)
    except ValueError as err:
        return show_message(str(err))
    if chosen["stun"]:
        storage.storage_set(STUN_KEY, chosen["stun"])
    else:
        storage.storage_remove(STUN_KEY)
    asyncio.ensure_future(create(game, options, chosen["seat"], chosen["deadline"], chosen["move_deadline"]))


def send_link() -> None:
    """"Send": the system's share sheet where there is one, else the link copied, else selected to copy."""
    link = str(element("remote-link").value)
    if browser_feature(window.navigator, "share"):
        asyncio.ensure_future(share(link))
    elif window.blitzbox.copy(link):
        notice(message("link-copied"))
    else:
        element("remote-link").select()
        notice(message("copy-link"))


async def share(link: str) -> None:
    try:
        await window.navigator.share(js({"title": games.get(NAME).title, "url": link}))
    except JsException:  # the player closed the sheet, or the browser refused: the link is still shown
        pass


def notice(text: str) -> None:
    element("notice").textContent = text
    element("notice").hidden = False


def download_transcript() -> None:
    window.blitzbox.download(*page.session.transcript_file(), "application/json")


def remote_fields() -> str:
    """The new-game dialog's remote choices, with the STUN server the player named last."""
    return fields(storage.storage_get(STUN_KEY) or "")
