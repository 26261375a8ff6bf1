"""Terminal play: `python -m game_core play GAME [--options JSON] [--vs BOT] [--seat SEAT] [--seed S]`.

A readable text board (the package's `text_board(view)`), the legal moves (grouped and explained by the
package's `action_menu(view)`), input by notation or by number, illegal input
answered with the rule it breaks. Every move is told in the game's own words (`Game.narrate`: the action,
then the dice and draws and what the rules did), lines for one seat only shown to that seat, so the
result of your own shot is printed before any bot answers. Real-time games (`Game.realtime`, Blitzed!)
are played turn by turn on a simulated clock: each of your moves takes `--think-ms` of table time, and
the bots act at their own speed meanwhile.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from . import games
from .engine import Bot, IllegalAction, run_bot
from .rng import Rng

HUMAN = "human"
RANDOM = "random"
LINE_WIDTH = 100
BOTS_FINISH_EPOCH = 10**9  # a "now" far enough ahead that the bots play out the whole epoch
HELP = """Type a move in its notation (as listed) or its number from the list.
Commands: help (this text), board (show the board again), moves (list the moves again),
undo (take back your last move and the bots' replies, never past a roll, draw or reveal),
wait (real-time games only: let the table clock run on without acting), quit."""


def bot_levels(game) -> dict:
    return games.package(game.name).bots


def make_bot(game, level: str) -> Bot:
    levels = bot_levels(game)
    if level in levels:
        return levels[level]
    if level == RANDOM:
        return Bot()
    raise ValueError(f"no bot level {level!r} for {game.title}; known: {', '.join([*levels, RANDOM])}")


def find_seat(game, text: str):
    """The seat named `text`."""
    for seat in game.seats:
        if str(seat) == text:
            return seat
    raise ValueError(f"{game.title} has no seat {text!r}; seats: {', '.join(map(str, game.seats))}")


def text_board(state, seat) -> str:
    return games.package(state.game.name).text_board(state.view(seat))


def columns(entries: list, width: int = LINE_WIDTH, pad: str = "") -> list:
    """Entries laid out in as many equal columns as fit the width."""
    if not entries:
        return []
    cell = max(len(e) for e in entries) + 2
    per_line = max(1, width // cell)
    return [pad + "".join(e.ljust(cell) for e in entries[i:i + per_line]).rstrip()
            for i in range(0, len(entries), per_line)]


# -- one game at the terminal -------------------------------------------------------------------------
class TerminalGame:
    """A game between humans at one keyboard and bots; `play()` below is its input loop."""

    def __init__(self, game_name: str, seed: int, options: dict | None = None, seats: dict | None = None,
                 think_ms: int = 900):
        self.game = games.get(game_name)
        self.seats = {seat: HUMAN for seat in self.game.seats}
        for seat, who in (seats or {}).items():
            seat = find_seat(self.game, str(seat))
            if who != HUMAN:
                make_bot(self.game, who)  # reject unknown levels now
            self.seats[seat] = who
        self.state = self.game.new_game(seed, self.game.with_seats(options, self.seats))
        self.realtime = self.game.realtime and any(w == HUMAN for w in self.seats.values())
        self.think_ms = think_ms
        self.now = 0  # real-time games: the table clock (ms into the current epoch) as the humans see it
        self.bot_rng = Rng.from_seed(seed, "terminal")
        self.undo_stack: list = []  # (state, now) before each human move

    # -- who moves ----------------------------------------------------------------------------
    def humans_to_act(self) -> list:
        return [s for s in self.state.acting_seats() if self.seats[s] == HUMAN]

    def menus(self) -> list:
        """[(heading, [(action, explanation)])] for the humans who may act now (several may act at once)."""
        menu = games.package(self.game.name).action_menu
        return [entry for seat in self.humans_to_act() for entry in menu(self.state.view(seat))]

    def human_moves(self) -> list:
        """The legal moves of the humans who may act now, in the order (and numbering) shown."""
        return [action for _, entries in self.menus() for action, _ in entries]

    def viewer(self):
        humans = self.humans_to_act() or [s for s, w in self.seats.items() if w == HUMAN]
        return humans[0] if humans else None

    def _apply(self, action: str, report) -> None:
        """Apply an action and tell it (with what chance and the rules did) as the viewer may read it."""
        reader = self.viewer()
        before = self.state
        self.state = before.apply(action)
        for text, audience in self.game.narrate(before, self.state):
            if audience is None or audience == reader:
                report(f"  {text}")
        if self.game.realtime and self.state.epoch != before.epoch:
            self.now = 0  # the clock restarts with each new epoch

    def run_bots(self, report) -> None:
        """Let the bots move until a human must decide or the game ends."""
        while not self.state.is_over:
            if self.realtime:
                actions = games.package(self.game.name).tick(self.state, self.now if self.humans_to_act() else BOTS_FINISH_EPOCH,
                                         self.bot_levels_playing(), self.bot_rng)
                if not actions:
                    if self.humans_to_act():
                        return
                    raise RuntimeError("the bots are waiting and no human can act: the game is stuck")
                for action in actions:
                    self._apply(action, report)
                continue
            if self.humans_to_act():
                return
            self._apply(self.bot_move(), report)

    def bot_levels_playing(self) -> dict:
        return {seat: who for seat, who in self.seats.items() if who != HUMAN}

    def bot_move(self) -> str:
        for seat in self.state.acting_seats():
            action = run_bot(make_bot(self.game, self.seats[seat]), self.game, self.state.view(seat), self.bot_rng)
            if action is not None:
                return action
        raise RuntimeError("every bot to act is waiting and no human can act: the game is stuck")

    # -- human input ----------------------------------------------------------------------------
    def read_move(self, text: str) -> str:
        """The canonical move meant by `text` (notation or list number); IllegalAction if none."""
        moves = self.human_moves()
        if text.isdigit():
            number = int(text)
            if not 1 <= number <= len(moves):
                raise IllegalAction(f"there is no move number {number}: choose 1 to {len(moves)}")
            return moves[number - 1]
        try:
            action = self.game.parse_action(self.state, text)
        except IllegalAction:
            humans = self.humans_to_act()
            if not isinstance(self.state.to_play, tuple) or len(humans) != 1:
                raise
            action = self.game.parse_action(self.state, f"{humans[0]} {text}")  # "roll" for "p1 roll"
        if self.realtime:
            action = self.game.stamp(action, self.state.clock)
        self.state.apply(action)  # raises IllegalAction with the broken rule; the state is kept
        return action

    def human_move(self, text: str, report) -> None:
        action = self.read_move(text)
        self.undo_stack.append((self.state, self.now))
        if not self.realtime:
            self._apply(action, report)
            return
        # The bots keep playing while you think; your move lands think_ms later, if still allowed.
        moment = self.now + self.think_ms
        epoch = self.state.epoch
        for bot_action in games.package(self.game.name).tick(self.state, moment, self.bot_levels_playing(), self.bot_rng):
            self._apply(bot_action, report)
        if self.state.epoch != epoch or self.state.is_over:
            report("Too slow: the round moved on before your move.")
            return
        try:
            stamped = self.game.stamp(action, max(moment, self.state.clock))
            self.state.apply(stamped)
        except IllegalAction as err:
            self.now = moment
            report(f"Too slow: {err}.")
            return
        self._apply(stamped, report)
        self.now = moment

    def wait(self, report) -> None:
        if not self.realtime:
            report("Nothing to wait for: this game is played turn by turn.")
            return
        self.now += self.think_ms
        self.run_bots(report)

    def undo(self, report) -> None:
        if not self.undo_stack:
            report("Nothing to undo.")
            return
        before, now = self.undo_stack[-1]
        if len(before.actions) < self.state.undo_floor:
            report("Cannot undo: a die roll, draw or reveal has happened since your last move.")
            return
        self.undo_stack.pop()
        self.state, self.now = before, now
        report("Your last move (and the replies to it) was taken back.")

    # -- what is shown ------------------------------------------------------------------------------
    def board_text(self) -> str:
        return text_board(self.state, self.viewer())

    def moves_text(self) -> str:
        who = ", ".join(self.game.seat_name(s) for s in self.humans_to_act())
        clock = f" (table clock {self.now / 1000:.1f} s)" if self.realtime else ""
        lines, number = [f"Your moves, {who}{clock}:"], 0
        for heading, entries in self.menus():
            if heading:
                lines.append(f" {heading}:")
            if any(explanation for _, explanation in entries):
                for action, explanation in entries:
                    number += 1
                    lines.append(f"  {number}) {action}" + (f": {explanation}" if explanation else ""))
            else:  # bare notations: as many to a line as fit
                numbered = [f"{number + n}) {action}" for n, (action, _) in enumerate(entries, 1)]
                number += len(entries)
                lines += columns(numbered, LINE_WIDTH - 2, "  ")
        return "\n".join(lines)

    def result_text(self) -> str:
        winner = self.state.winner
        text = f"Game over after {len(self.state.actions)} moves. "
        return text + (f"Winner: {self.game.seat_name(winner)}." if winner is not None else "No single winner.")


def play(session: TerminalGame, read=None, write=print) -> int:
    """The input loop; returns the exit code (0: the game ended or the player quit)."""
    read = read or input
    write(f"{session.game.title}, seed {session.state.seed}. Type 'help' for the commands.")
    shown = None  # the position last drawn: redraw only when it changes or is asked for
    try:
        while True:
            session.run_bots(write)
            if session.state.is_over:
                write(session.board_text())
                write(session.result_text())
                return 0
            if session.state is not shown:
                write("")
                write(session.board_text())
                write(session.moves_text())
                shown = session.state
            line = " ".join(read("> ").split())
            command = line.lower()
            if command in ("quit", "exit", "q"):
                write("Game left unfinished.")
                return 0
            if command in ("help", "?", ""):
                write(HELP)
            elif command == "board":
                shown = None
            elif command == "moves":
                write(session.moves_text())
            elif command == "undo":
                session.undo(write)
            elif command == "wait":
                session.wait(write)
            else:
                try:
                    session.human_move(line, write)
                except IllegalAction as err:
                    write(f"Not allowed: {err}. Type 'help' for the commands.")
    except (EOFError, KeyboardInterrupt):
        write("\nGame left unfinished.")
        return 0


# -- the command line -----------------------------------------------------------------------------------
def add_parser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser("play", help="play a game in the terminal")
    parser.add_argument("game", choices=games.names())
    parser.add_argument("--options", default="{}", help="new-game options as JSON")
    parser.add_argument("--vs", default=None, help="bot level for the other seats ('human' for hotseat)")
    parser.add_argument("--seat", default=None, help="your seat (default: the first)")
    parser.add_argument("--seed", type=int, default=None, help="the game's seed (default: from the clock)")
    parser.add_argument("--think-ms", type=int, default=900, help="real-time games: table time per move of yours")
    return parser


def session_from_args(args) -> TerminalGame:
    game = games.get(args.game)
    mine = find_seat(game, args.seat) if args.seat is not None else game.seats[0]
    levels = bot_levels(game)
    opponent = args.vs or ("normal" if "normal" in levels else next(iter(levels), RANDOM))
    seats = {seat: HUMAN if seat == mine else opponent for seat in game.seats}
    seed = args.seed if args.seed is not None else int(time.time())
    return TerminalGame(args.game, seed, json.loads(args.options), seats, args.think_ms)


def run(args) -> int:
    try:
        session = session_from_args(args)
    except ValueError as err:  # bad options, seat or bot level (json.JSONDecodeError is one too)
        print(f"Cannot start that game: {err}", file=sys.stderr)
        return 2
    return play(session)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game_core.terminal")
    add_parser(parser.add_subparsers(dest="command", required=True))
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
