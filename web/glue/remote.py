"""Remote play on the page: a friend on another device, moves sent as links or live over a WebRTC data
channel (game_core/remote/, docs/remote.md). This module is the link flow: opening codes, the remote panel,
resuming the open remote game; the invitation and the reply are glue/remote_invite.py, the live channel
glue/remote_live.py."""


from js import document, window

from game_core import SaveError
from game_core.remote import ADAPTERS as REMOTE_GAMES, Refused
from game_core.page import message, remote_writes
from game_core.remote_session import address_holds, not_used, opening, other_game, remote_link

from glue.core import EMBED, KEYS, NAME, element, page, show_message, write
from glue import drawing, remote_invite, remote_live, storage


def open_from_url() -> bool:
    """A share link (#g=code, or ?g=) opens what it holds (storage.import_plan, as Saves -> Import does): a
    game moved from another device plays on here (this tab's game kept aside, with an Undo; the fragment is
    then cleared, so a reload resumes it); a finished game or one to watch opens as a replay. A remote-play
    link (#r=code) joins or moves its game; its fragment is then cleared, so that a reload shows the game
    rather than open the message again. True when the address held either."""
    fragment, href = str(window.location.hash or ""), str(window.location.href)
    held = address_holds(fragment, str(window.location.search or ""), remote_available())
    if held == "remote":
        window.history.replaceState(None, "", href.split("#")[0])
        open_remote_code(fragment[3:])
    elif held == "shared":
        try:
            plan = storage.import_plan(href)
            if storage.take(plan, "Shared game") and plan["kind"] == "play":
                window.history.replaceState(None, "", href.split("#")[0])
        except SaveError as err:
            show_message(message("shared-not-opened", err))
    return held is not None


def remote_available() -> bool:
    return NAME in REMOTE_GAMES and not EMBED


def open_remote_code(code: str) -> None:
    """An invitation joins (or resumes) its game; a move is applied to the game it belongs to. A message
    that cannot be used says why, and nothing is changed (remote_session.opening decides)."""
    code = code.strip()
    try:
        step = opening(code, NAME, KEYS.remote, storage.storage_get, window.navigator.userAgent)
        if step[0] == "other":
            return show_message(*other_game(step[1], NAME, str(window.location.href), code))
        if step[0] == "offer":
            return remote_invite.offer_code(step[1], code)
        if step[0] == "join":
            return remote_invite.ask_to_join(code, *step[1:])  # it joins if the player agrees
        _, key, text = step
        # the game shown here is up to date (on_storage follows other tabs): no replay of the stored one
        game = page.session if page.session.capabilities.remote and page.session.key == key else storage.read_remote(text)
    except (Refused, SaveError, ValueError) as err:
        return show_message(not_used(err))
    storage.adopt_remote(game)
    show_message(game.open_message(code))


def show_remote() -> None:
    """The remote panel: the link to send (with its copy button and code) while it is this browser's
    turn to be heard, the waiting line, the end's verdict; hidden in a local game."""
    panel = element("remote")
    shown = page.session.capabilities.remote
    panel.hidden = not shown
    document.body.setAttribute("data-remote", str(len(page.session.side.log)) if shown else "")
    if not shown:
        return
    side = page.session.side
    side.claim_forfeit()  # what they owe, held back past its deadline: a claim, shown (their message overrides it)
    elsewhere = page.session.elsewhere  # another tab of this browser plays it: this one makes no offer of its own
    if elsewhere and side.gid in page.live:
        page.live.pop(side.gid).close()
    if not elsewhere:
        remote_live.keep_up(side)  # (a reply opened in another tab still connects the tab that made the invitation)
    channel = remote_live.channel_of(side)
    peer = page.live.get(side.gid)
    if peer is not None:  # the live channel carries what it must (nothing unless it is open)
        remote_live.send(peer, channel.outgoing(side.log))
    shows = page.session.panel(channel, elsewhere, lambda seconds: window.Date.new(seconds * 1000).toLocaleString())
    write(remote_writes(shows, page.session.send_label, remote_link(window.location.href, side.outbox), side.outbox))


def resume_remote() -> None:
    """The page showed a remote game last: resume it (its side is under its own key)."""
    gid = storage.storage_get(KEYS.remote_open)
    text = storage.storage_get(KEYS.remote + gid) if gid and remote_available() else None
    if text:
        try:
            storage.adopt_remote(storage.read_remote(text))
        except SaveError as err:
            show_message(message("remote-not-resumed", err))


def on_hash_change(event=None) -> None:
    if open_from_url():
        drawing.render()


def remote_label(text: str) -> str:
    try:
        return storage.read_remote(text, narrated=False).describe()
    except SaveError as err:
        return message("remote-unreadable", err)
