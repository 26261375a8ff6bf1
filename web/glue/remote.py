"""Remote play on the page: a friend on another device, moves sent as links or live over a WebRTC data
channel (game_core/remote/, docs/remote.md). This module is the link flow: opening codes, the remote panel,
resuming the open remote game; the invitation and the reply are glue/remote_invite.py, the live channel
glue/remote_live.py."""


from js import document, window

from game_core import SaveError, games, limits
from game_core.remote import ADAPTERS as REMOTE_GAMES, Refused, Remote, unseal
from game_core.remote.live import in_app_browser
from game_core.remote_session import RemoteSession

from glue.core import EMBED, NAME, REMOTE_OPEN_KEY, REMOTE_PREFIX, element, page, show_message
from glue import drawing, remote_invite, remote_live, storage


def open_from_url() -> bool:
    """A share link (#g=code, or ?g=) opens what it holds (storage.import_plan, as Saves -> Import does): a
    game moved from another device plays on here (this tab's game kept aside, with an Undo; the fragment is
    then cleared, so a reload resumes it); a finished game or one to watch opens as a replay. A remote-play
    link (#r=code) joins or moves its game; its fragment is then cleared, so that a reload shows the game
    rather than open the message again. True when the address held either."""
    fragment = str(window.location.hash or "")
    if fragment.startswith("#r=") and remote_available():
        window.history.replaceState(None, "", str(window.location.href).split("#")[0])
        open_remote_code(fragment[3:])
        return True
    code = limits.share_code_in(fragment, str(window.location.search or "")) or fragment.startswith("#bb")
    if code:  # (#bb...: a code written straight after the "#")
        try:
            plan = storage.import_plan(str(window.location.href))
            if storage.take(plan, "Shared game") and plan["kind"] == "play":
                window.history.replaceState(None, "", str(window.location.href).split("#")[0])
        except SaveError as err:
            show_message(f"That shared game could not be opened: {err}.")
    return bool(code)


def remote_available() -> bool:
    return NAME in REMOTE_GAMES and not EMBED


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
                return remote_invite.offer_code(f"This link opened in {app}'s built-in browser, which does not hold your game. "
                                  "Open it in the browser you play in (the menu's \"Open in browser\"), or copy "
                                  "this code and paste it there under \"Got a code\". Nothing was changed.", code)
            if body.get("n") != 0:
                raise Refused("it belongs to a remote game this browser does not hold (open it in the browser "
                              "that plays it)")
            return remote_invite.ask_to_join(code, Remote.read(code), app)  # it joins if the player agrees
        # the game shown here is up to date (on_storage follows other tabs): no replay of the stored one
        game = page.session if page.session.capabilities.remote and page.session.key == key else storage.read_remote(text)
    except (Refused, SaveError, ValueError) as err:
        return show_message(f"That remote-play link was not used: {err}. Nothing was changed.")
    storage.adopt_remote(game)
    if code in game.side.log and unseal(code).get("from") == game.side.other:
        return show_message(f"You already opened this message from {game.opponent}: here is the game.")
    try:
        game.receive(code)
    except Refused as err:
        return show_message(f"That message from {game.opponent} was not applied: {err}. Nothing was changed.")
    show_message("")


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
    return f"{game.game.seat_name(verdict['cheater'])} cheated: {verdict['reason']}."


ELSEWHERE = ("Another tab of this browser plays this game, and this tab follows it: that tab sends the links "
             "(and connects live). A move made here, or a link opened here, makes this tab the one that plays; "
             "if you closed the other tab, reload this one.")


def show_remote() -> None:
    """The remote panel: the link to send (with its copy button and code) while it is this browser's
    turn to be heard, the waiting line, the end's verdict; hidden in a local game."""
    panel = element("remote")
    shown = page.session.capabilities.remote
    panel.hidden = not shown
    document.body.setAttribute("data-remote", str(len(page.session.side.log)) if shown else "")
    if not shown:
        return
    side, them = page.session.side, page.session.opponent
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
    document.body.setAttribute("data-remote-mode", "elsewhere" if elsewhere else "live" if channel.live else "links")
    element("remote-mode").textContent = (ELSEWHERE if elsewhere else channel.mode(them)) + (
        f' Check with {them} that their page shows the same words: "{side.fingerprint}" (then nobody else '
        "answered the invitation)." if side.fingerprint else "")
    # my message is the last one, and no live channel carries it (nor the other tab that plays the game)
    sending = bool(side.outbox) and side.log[-1] == side.outbox and channel.link_needed(side.log) and not elsewhere
    element("remote-send").hidden = not sending
    if sending:
        document.querySelector('[data-command="remote-send"]').textContent = page.session.send_label
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
        f"Waiting for {them}: the other tab shows their move first." if elsewhere else
        f"Waiting for {them}'s move: it shows here as soon as they make it." if channel.live else
        f"Waiting for {them}: send this link again if they have not got it." if sending else
        f"Waiting for {them}'s next link.") + owed_text(side, them)
    element("remote-transcript").hidden = side.count < 2
    element("remote-verdict").hidden = side.verdict is None and side.claim is None
    if side.verdict is not None:
        element("remote-verdict").textContent = verdict_text(page.session)
        element("remote-verdict").className = "ok" if side.verdict["ok"] else "cheat"
    elif side.claim is not None:
        element("remote-verdict").textContent = side.claim["reason"]
        element("remote-verdict").className = "claim"
    element("remote-paste-label").textContent = f"Got a code from {them} instead of a link? Paste it here"


def owed_text(side: Remote, them: str) -> str:
    """What the other side owes with a deadline, and since when (the page's clock shows the time)."""
    if side.awaited is None or side.claim is not None:
        return ""
    since = window.Date.new(side.sent_at * 1000).toLocaleString()
    return (f" {them} owes {side.awaited} since {since}: {side.hours} hours agreed, then you may claim the "
            "game.")


def resume_remote() -> None:
    """The page showed a remote game last: resume it (its side is under its own key)."""
    gid = storage.storage_get(REMOTE_OPEN_KEY)
    text = storage.storage_get(REMOTE_PREFIX + gid) if gid and remote_available() else None
    if text:
        try:
            storage.adopt_remote(storage.read_remote(text))
        except SaveError as err:
            show_message(f"Your remote game could not be resumed: {err}. It stays listed under Saves.")


def on_hash_change(event=None) -> None:
    if open_from_url():
        drawing.render()


def remote_label(text: str) -> str:
    try:
        return storage.read_remote(text, narrated=False).describe()
    except SaveError as err:
        return f"A remote game that cannot be opened ({err})"
