"""This browser's side of a remote game as the page's controller (web/glue/remote.py shows it): the
same frame() and log as a Session, from game_core/remote/'s Remote."""

import json
from html import escape

from game_core.remote import Remote
from game_core import games
from game_core.session import Capabilities, draw, make_frame, readable, set_ui, status_line


class RemoteSession:
    """This browser's side of a remote game, a controller like the page's Session: the same frame() and log
    (Game.narrate, the lines for everyone and this seat), and what it offers declared in `capabilities`: no
    undo, hints, curtain or bots; its record travels only as the transcript."""
    realtime, curtain = False, False
    capabilities = Capabilities(remote=True)

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
                    f'<li>Send {them} your reply: press "Send" (your share sheet, or the link copied to '
                    "paste into your chat).</li>"
                    f"<li>Their browser answers with a link that starts the game: open it here.</li>"
                    "<li>From then on each move travels as a link between your two browsers, with no server "
                    "in between. Neither browser can see the other's secrets or steer the dice.</li></ol></div>")
        first = self.game.seats[0] == self.side.other
        answer = (f"{them} moves first; their first move comes back to you as a link: open it here."
                  if first else "Their browser answers with a link: open it here, and the first move is yours.")
        return (f'<div class="remote-board"><h2>A game against {them}, with you as {me}</h2><ol>'
                f'<li>Send {them} the invitation: press "Send" (your share sheet, or the link copied to '
                "paste into any chat or mail).</li>"
                f"<li>{answer}</li>"
                "<li>From then on each move travels as a link between your two browsers, with no server in "
                "between. Neither browser can see the other's secrets or steer the dice.</li></ol></div>")

    def to_save(self) -> str:
        return json.dumps(self.side.to_dict(), sort_keys=True, separators=(",", ":"))

    def describe(self) -> str:
        moves = 0 if self.state is None else len(self.state.actions)
        where = ("checked" if self.side.verdict else "over") if self.state is not None and self.state.is_over \
            else f"waiting for {self.opponent}" if self.side.waiting else "your move"
        return (f"Remote game against {self.opponent} (you are {self.game.seat_name(self.seat)}), "
                f"{moves} moves, {where}")
