"""This browser's side of a remote game as the page's controller (web/glue/remote.py shows it): the
same frame() and log as a Session, from game_core/remote/'s Remote."""

import json
from html import escape

from game_core.remote import Remote
from game_core import games
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

    def act(self, action: str, now_ms=None) -> None:
        self.side.act(action)  # IllegalAction: nothing changed
        self._record()

    def receive(self, code: str) -> None:
        self.side.receive(code)  # Refused (Cheated): nothing changed but the verdict
        self._record()

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
