"""What a game's package offers beyond its rules, declared once.

Each game package exports PACKAGE, a `Package`; the session, the terminal, the fuzzer, the lab and the page
read these fields and never probe a package for what it might export (docs/architecture.md).
"""

from dataclasses import dataclass, field
from typing import Callable


@dataclass(frozen=True)
class Package:
    games: tuple  # the games the package defines (a box may hold more than one: Blitzkrieg! and Nippon)
    render: Callable  # render(view, ui) -> the board's SVG for the seat whose view it is
    status_text: Callable  # status_text(view) -> the status line
    tray: Callable  # tray(view, ui) -> the controls of the decision at hand (game_core/tray.py)
    text_board: Callable  # text_board(view) -> the terminal's board
    action_menu: Callable  # action_menu(view) -> [(heading, [(action, words)])] for the terminal
    bots: dict  # level -> Bot, weakest first
    special_bots: tuple = ()  # levels never offered as an opponent (the solo module seats itself)
    ladder_entrants: dict = field(default_factory=dict)  # lab ladder name -> (seat, options), beyond the bots
    tick: Callable = None  # tick(state, now_ms, bot_seats, rng) -> due bot actions: a real-time game's bots
    keyboard_layouts: tuple = ()  # a real-time game's keys, one layout per person at one device
    win_chance: Callable = None  # win_chance(view, rng) -> 1.0 or 0.0 from one playout, for the advisor
    hint_ui: Callable = None  # hint_ui(view, action) -> the ui that brings the hinted control into view
    quick_setup: Callable = None  # quick_setup(view, remembered) -> the set-up actions chosen for the player
    remembered_setup: Callable = None  # remembered_setup(record, seat) -> that seat's set-up, to offer next game

    def opponents(self) -> list:
        """The bot levels a person may choose to play against."""
        return [name for name in self.bots if name not in self.special_bots]

    def levels(self) -> list:
        """(level, what it does in words) for each opponent, as the new-game dialog lists them."""
        return [(name, self.bots[name].summary) for name in self.opponents()]
