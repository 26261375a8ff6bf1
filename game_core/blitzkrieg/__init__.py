"""Blitzkrieg! (PSC Games, 2019): World War Two in 20 minutes, for two players."""

from ..package import Package
from . import bots
from .bots import BOTS, LADDER_ENTRANTS
from .nippon import NIPPON
from .game import Blitzkrieg
from .board import render
from .svg import hint_ui, status_text
from .text import action_menu, text_board, tray


GAME = Blitzkrieg()
GAMES = (NIPPON,)  # the Nippon Expansion, a game of its own on the back of the board


def win_chance(view: dict, rng) -> float:
    """One playout from `view` to the end (bots.win_chance): 1.0 if the view's seat won."""
    return bots.win_chance(NIPPON if view["game"] == NIPPON.name else GAME, view, rng)


PACKAGE = Package(games=(GAME, NIPPON), render=render, status_text=status_text, tray=tray, text_board=text_board, action_menu=action_menu,
                  bots=BOTS, special_bots=("solo",),  # the solo module seats itself: never offered as an opponent
                  ladder_entrants=LADDER_ENTRANTS, win_chance=win_chance, hint_ui=hint_ui)


__all__ = ["GAME", "GAMES", "PACKAGE"]
