"""This browser's side of a remote game as the page's controller (web/glue/remote.py shows it): the
same frame() and log as a Session, from game_core/remote/'s Remote; and what the page decides and says of
remote play (the glue only reads the address, storage and the form, and writes what these return): which
message an address holds and what opening one does, the remote panel's words, the new-game dialog's remote
choices, the join dialog's words."""

import json
from html import escape

from game_core.remote import DEADLINE_HOURS, MAX_DEADLINE_HOURS, Refused, Remote, unseal
from game_core.remote.live import in_app_browser, stun_url
from game_core import games, limits
from game_core.jsontext import SaveError, parse_json
from game_core.session import Capabilities, draw, make_frame, readable, set_ui, status_line


class RemoteSession:
    """This browser's side of a remote game, a controller like the page's Session: the same frame() and log
    (Game.narrate, the lines for everyone and this seat), and what it offers declared in `capabilities`: no
    undo, hints, curtain or bots; its record travels only as the transcript."""
    realtime, curtain = False, False
    capabilities = Capabilities(remote=True)
    # The remote panel's button that passes a link on, as the page names it: "Send" (the system's share
    # sheet) where the browser has one, else "Copy the link" (web/glue/remote_invite.py sets it).
    send_label = "Send"

    def __init__(self, side: Remote, key_prefix: str, narrated: bool = True):
        self.side, self.game, self.seat = side, side.game, side.seat
        self.key_prefix = key_prefix  # where the page stores this side: the prefix, then the game id
        self.package = games.package(self.game.name)
        self.opponent = self.game.seat_name(side.other)
        self.ui, self.message, self.narration = {}, "", []
        self.saved = None  # the side as this page last stored it
        self.followed = None  # the side as another tab of this browser stored it, while this tab follows that one
        if narrated:  # (not for a label in Saves)
            self._record()  # a loaded side: every move its load replayed

    @classmethod
    def from_save(cls, game_name: str, text, key_prefix: str, narrated: bool = True) -> "RemoteSession":
        """A side a page of `game_name` stored (to_save), its log narrated unless `narrated` is false (a label
        in Saves needs none); SaveError if it cannot be used here."""
        data = parse_json(text, "the saved remote game")
        if not isinstance(data, dict) or data.get("name") != game_name:
            raise SaveError(f"this is not a remote game of {games.get(game_name).title}")
        return cls(Remote.from_dict(data), key_prefix, narrated)

    @property
    def state(self):
        return self.side.state

    @property
    def key(self) -> str:
        return self.key_prefix + self.side.gid

    def continued(self, key: str, text) -> bool:
        """Another tab stored `text` under `key` (a storage event): it continued this very side (then this tab
        follows it: the page reads the text and sets `followed`)."""
        return key == self.key and isinstance(text, str) and text != self.to_save()

    @property
    def elsewhere(self) -> bool:
        """Another tab of this browser plays this game, and this tab only follows it (it shows what that tab
        stored, and makes no live offer and shows no link of its own). A move made here, or a message opened
        here, makes this tab the one that plays."""
        if self.followed is not None and self.followed != self.to_save():
            self.followed = None
        return self.followed is not None

    def _record(self) -> None:
        self.narration += [self.game.narrate(before, after) for before, after in self.side.moved]

    def act(self, action: str, now_ms=None):
        """The move made and narrated: the code to send, as Remote.act gives it."""
        code = self.side.act(action)  # IllegalAction: nothing changed
        self._record()
        return code

    def receive(self, code: str):
        """The message applied and narrated: the code to send back, as Remote.receive gives it."""
        answer = self.side.receive(code)  # Refused (Cheated): nothing changed but the verdict
        self._record()
        return answer

    def command(self, name: str) -> None:
        if name.startswith("ui:"):
            set_ui(self.ui, name)

    def viewer(self):
        return self.seat

    def interactive(self) -> bool:
        return self.state is not None and not self.side.waiting and not self.state.is_over

    def status(self) -> str:
        if self.state is None and self.joined:
            return (f"You joined: send {self.opponent} your reply link. The game starts when their answer "
                    "comes back (it settles the first chance: neither side could steer it).")
        if self.state is None:
            return f"Waiting for {self.opponent} to join: send them the invitation."
        text = status_line(self.package, self.state, self.seat)
        if self.side.pending is not None:  # its chance needs the opponent's answer (docs/remote.md)
            return f"Your move is made: what it rolls or draws is settled when {self.opponent} answers your link."
        if self.side.waiting and not self.state.is_over:
            return f"Waiting for {self.opponent}'s move."
        return text

    def frame(self) -> dict:
        board = (self.invitation_steps() if self.state is None else
                 draw(self.package, self.state, self.seat, dict(self.ui, curtain=False, interactive=self.interactive())))
        log = [readable(move, self.seat) for move in self.narration]
        controls = (self.package.tray(self.state.view(self.seat), dict(self.ui, curtain=False, interactive=True))
                    if self.interactive() else [])
        over = self.state is not None and self.state.is_over
        status = self.status()
        return make_frame(board, status, log, over=over, result=status if over else "", message=self.message,
                          interactive=self.interactive(), moves=len(self.state.actions) if self.state else 0,
                          tray=controls)

    @property
    def joined(self) -> bool:
        """This side answered an invitation (the game starts when the creator's answer comes back)."""
        return self.side.creator is not None and self.side.creator != self.seat

    def invitation_steps(self) -> str:
        """What stands in for the board until the friend joins: how the game goes from here."""
        them, me = escape(self.opponent), escape(self.game.seat_name(self.seat))
        if self.joined:
            return (f'<div class="remote-board"><h2>A game against {them}, with you as {me}</h2><ol>'
                    f"<li>Send {them} your reply: {self._send_how('your chat')}.</li>"
                    f"<li>Their browser answers with a link that starts the game: open it here.</li>"
                    "<li>From then on each move travels as a link between your two browsers, with no server "
                    "in between. Neither browser can see the other's secrets or steer the dice.</li></ol></div>")
        first = self.game.seats[0] == self.side.other
        answer = (f"{them} moves first; their first move comes back to you as a link: open it here."
                  if first else "Their browser answers with a link: open it here, and the first move is yours.")
        return (f'<div class="remote-board"><h2>A game against {them}, with you as {me}</h2><ol>'
                f"<li>Send {them} the invitation: {self._send_how('a chat or mail app')}.</li>"
                f"<li>{answer}</li>"
                "<li>From then on each move travels as a link between your two browsers, with no server in "
                "between. Neither browser can see the other's secrets or steer the dice.</li></ol></div>")

    def _send_how(self, where: str) -> str:
        """How the panel's button passes the link on, in the words of its label."""
        if self.send_label == "Send":
            return f'press "Send" and choose {escape(where)} in the share sheet'
        return f'press "{escape(self.send_label)}" and paste the link into {escape(where)}'

    def open_message(self, code: str) -> str:
        """A message opened on the page that shows this game: applied, or what the message line says of it
        (a message of theirs opened again, or one refused: nothing changed)."""
        if code in self.side.log and unseal(code).get("from") == self.side.other:
            return f"You already opened this message from {self.opponent}: here is the game."
        try:
            self.receive(code)
        except Refused as err:
            return f"That message from {self.opponent} was not applied: {err}. Nothing was changed."
        return ""

    def verdict_text(self) -> str:
        verdict = self.side.verdict
        if verdict["ok"]:
            winner = verdict["winner"]
            won = "a draw" if winner is None else f"{self.game.seat_name(winner)} won"
            return (f"Verified: fair game ({won}). Both browsers revealed their secrets and replayed all "
                    f"{verdict['moves']} moves and {verdict['outcomes']} chance draws: everything matches.")
        return f"{self.game.seat_name(verdict['cheater'])} cheated: {verdict['reason']}."

    def owed_text(self, local_time) -> str:
        """What the other side owes with a deadline, and since when (`local_time(seconds since 1970)`: the
        page's clock in its words)."""
        side, them = self.side, self.opponent
        if side.awaited is None or side.claim is not None:
            return ""
        return (f" {them} owes {side.awaited} since {local_time(side.sent_at)}: {side.hours} hours agreed, then "
                "you may claim the game.")

    def panel(self, channel, elsewhere: bool, local_time) -> dict:
        """The remote panel's words for this side as it is now, with `channel` (live.Channel) its messages'
        way and `elsewhere` whether another tab of this browser plays it: "mode" (body data-remote-mode) and
        its "mode_text"; "send" the link's title while the panel shows my last message to send (else None);
        "wait" the waiting line, shown while "waiting"; "transcript" shown; "verdict" (its text, its class) or None."""
        side, them = self.side, self.opponent
        # my message is the last one, and no live channel carries it (nor the other tab that plays the game)
        sending = bool(side.outbox) and side.log[-1] == side.outbox and channel.link_needed(side.log) and not elsewhere
        joined = sending and side.count == 2 and side.outbox != side.log[0]  # the invitation is always the creator's
        title = (None if not sending else f"Invitation for {them}: send them this link" if side.count == 1 else
                 f"You joined: send this link back to {them}" if joined else
                 f"Send this link to {them}" + (" (the last one: it lets their browser check the game too)"
                                                if side.final_sent else ""))
        wait = (f"Waiting for {them}: the other tab shows their move first." if elsewhere else
                f"Waiting for {them}'s move: it shows here as soon as they make it." if channel.live else
                f"Waiting for {them}: send this link again if they have not got it." if sending else
                f"Waiting for {them}'s next link.") + self.owed_text(local_time)
        verdict = ((self.verdict_text(), "ok" if side.verdict["ok"] else "cheat") if side.verdict is not None else
                   (side.claim["reason"], "claim") if side.claim is not None else None)
        return {"mode": "elsewhere" if elsewhere else "live" if channel.live else "links",
                "mode_text": (ELSEWHERE if elsewhere else channel.mode(them)) + (
                    f' Check with {them} that their page shows the same words: "{side.fingerprint}" (then nobody '
                    "else answered the invitation)." if side.fingerprint else ""),
                "send": title, "wait": wait, "waiting": side.waiting,
                "transcript": side.count >= 2, "verdict": verdict,
                "paste": f"Got a code from {them} instead of a link? Paste it here"}

    def transcript_file(self) -> tuple:
        """The transcript's download: its file name and its text."""
        return (f"{self.game.name}-transcript-{self.side.gid[:8]}.json", json.dumps(self.side.transcript(), indent=1))

    def to_save(self) -> str:
        return json.dumps(self.side.to_dict(), sort_keys=True, separators=(",", ":"))

    def describe(self) -> str:
        moves = 0 if self.state is None else len(self.state.actions)
        where = ("checked" if self.side.verdict else "over") if self.state is not None and self.state.is_over \
            else f"waiting for {self.opponent}" if self.side.waiting else "your move"
        return (f"Remote game against {self.opponent} (you are {self.game.seat_name(self.seat)}), "
                f"{moves} moves, {where}")


def join_terms(offer: dict, app: str | None = None) -> str:
    """What the join dialog shows of an invitation (Remote.read) before anything is sent or stored, as HTML:
    the seats, each option that matters in words ("Partisans: on"), the deadlines, and, in a messenger's
    built-in browser (`app`), that a game joined there stays there."""
    game = games.get(offer["name"])
    rules = "".join(f"<li>{escape(label)}: {escape(value)}</li>" for label, value in offer["terms"])
    moves = (f", and so can a player who takes more than {offer['move_deadline']} hours over a move"
             if offer["move_deadline"] else " (a move may take as long as it takes)")
    stays = (f"<p>This is {escape(app)}'s built-in browser: a game joined here stays here. To play in your usual "
             "browser, do not join, and open the link there.</p>" if app else "")
    return (f"<p>You play <strong>{escape(game.seat_name(offer['seat']))}</strong>, your friend "
            f"<strong>{escape(game.seat_name(offer['them']))}</strong>.</p>"
            + (f'<p>Rules:</p><ul class="remote-terms">{rules}</ul>' if rules else "<p>Rules: the standard rules.</p>")
            + f"<p>A player who holds back a reveal for more than {offer['deadline']} hours can be claimed to have "
              f"lost{moves}.</p>{stays}")


ELSEWHERE = ("Another tab of this browser plays this game, and this tab follows it: that tab sends the links "
             "(and connects live). A move made here, or a link opened here, makes this tab the one that plays; "
             "if you closed the other tab, reload this one.")


def not_used(err) -> str:
    return f"That remote-play link was not used: {err}. Nothing was changed."


def page_address(href: str) -> str:
    """The page's address without its query and fragment."""
    return str(href).split("#")[0].split("?")[0]


def remote_link(href: str, code: str) -> str:
    """The link that carries a remote-play message to this page (its address `href`)."""
    return f"{page_address(href)}#r={code}"


def pasted_code(text: str) -> str:
    """The message in what a player pasted under "Got a code": the code, or a whole link that carries it."""
    return text.strip().split("#r=", 1)[-1]


def address_holds(fragment: str, search: str, remote: bool) -> str | None:
    """What the page's address holds: "remote" a remote-play message (#r=code, where the page plays remote
    games: `remote`), "shared" a share link's code (#g=code, ?g=, or a code written straight after the "#"),
    None nothing."""
    if fragment.startswith("#r=") and remote:
        return "remote"
    return "shared" if limits.share_code_in(fragment, search) or fragment.startswith("#bb") else None


def opening(code: str, name: str, key_prefix: str, stored, user_agent) -> tuple:
    """What opening a remote-play message on the page of game `name` does, before anything is stored
    (`stored(key)`: this browser's stored side under that key, or None; `user_agent` names a messenger's
    built-in browser): ("other", its game's name) a message of another game or none; ("receive", key, text)
    the game this browser holds takes it; ("offer", words) a move opened in a messenger's browser, which
    holds no game: the words and the code to copy; ("join", invitation, app) the join dialog. Refused: a
    message that cannot be used (nothing changes)."""
    body = unseal(code)
    if body.get("name") != name:
        return ("other", body.get("name"))
    key = key_prefix + str(body.get("game"))
    text = stored(key)
    if text is not None:
        return ("receive", key, text)
    app = in_app_browser(user_agent)
    if body.get("n") != 0 and app:
        return ("offer", f"This link opened in {app}'s built-in browser, which does not hold your game. Open it in "
                         "the browser you play in (the menu's \"Open in browser\"), or copy this code and paste it "
                         "there under \"Got a code\". Nothing was changed.")
    if body.get("n") != 0:
        raise Refused("it belongs to a remote game this browser does not hold (open it in the browser that plays it)")
    return ("join", Remote.read(code), app)


def other_game(name, here: str, href: str, code: str) -> tuple:
    """A message of another game (or map), refused before anything is stored: the message line's words and
    its link to that game's page (none for a name no Blitzbox game has)."""
    if name not in games.TITLES:
        return ("That remote-play link is not for any Blitzbox game. Nothing was changed.",)
    folder = page_address(href).rsplit("/", 1)[0]
    return (f"That remote-play link is for {games.TITLES[name]}, not {games.TITLES[here]}. Nothing was changed "
            "here.", (f"Open it on the {games.TITLES[name]} page", f"{folder}/{name}.html#r={code}"))


def declined(app: str) -> str:
    """The message line after the join dialog closed without joining (`app`: a messenger's built-in browser,
    where the code to copy follows)."""
    if app:
        return ("You did not join that game. Nothing was changed. To play it in your own browser, copy this code "
                "and paste it there under \"Got a code\".")
    return "You did not join that game. Nothing was changed."


def remote_choices(seats, seat: str, deadline: str, moves: str, stun_on: bool, stun: str) -> dict:
    """The new-game dialog's remote choices as typed: the creator's seat (by its text), the reveal and move
    deadlines in hours (a blank move deadline: none), the STUN server (None: host candidates only).
    ValueError with the message line's words if one cannot be used."""
    chosen = next(s for s in seats if str(s) == str(seat))
    deadline, moves = str(deadline).strip(), str(moves).strip()
    if not deadline.isdigit() or not (moves.isdigit() or moves == ""):
        raise ValueError("Cannot start that game: a deadline is a whole number of hours.")
    try:
        server = stun_url(stun) if stun_on else None
    except ValueError as err:
        raise ValueError(f"Cannot start that game: {err}.") from None
    return {"seat": chosen, "deadline": int(deadline), "move_deadline": int(moves) if moves else None, "stun": server}


def remote_fields(stun: str) -> str:
    """The new-game dialog's remote choices: the reveal deadline, the move deadline, and the STUN server
    (`stun`: the one the player named last, or ""; off when there is none)."""
    checked = " checked" if stun else ""
    return (f'<p><label for="remote-deadline">Hours each of you has to answer a reveal</label> '
            f'<input id="remote-deadline" type="number" min="1" max="{MAX_DEADLINE_HOURS}" step="1" '
            f'value="{DEADLINE_HOURS}" inputmode="numeric"> <small>A player who stays silent longer than '
            'this when they owe a reveal can be claimed to have lost. 1 to 720 hours.</small></p>'
            '<p><label for="remote-move-deadline">Hours each of you has for a move</label> '
            f'<input id="remote-move-deadline" type="number" min="1" max="{MAX_DEADLINE_HOURS}" step="1" '
            'value="" placeholder="no limit" inputmode="numeric"> <small>Blank: no limit. Otherwise a player who '
            'takes longer over a move can be claimed to have lost.</small></p>'
            '<details class="remote-stun"><summary>Play live with a friend on another network</summary>'
            f'<p><label><input type="checkbox" id="remote-stun-on"{checked}> Use a STUN server</label> '
            f'<input id="remote-stun" value="{escape(stun.removeprefix("stun:"))}" placeholder="stun.example.org" '
            'aria-label="STUN server"></p><p><small>Live play needs no server when you are both on the same '
            'network. To reach a friend elsewhere, a STUN server tells your browser its internet address, and '
            'in doing so that server learns your address. Leave this off unless you trust it.</small></p>'
            '</details>')
