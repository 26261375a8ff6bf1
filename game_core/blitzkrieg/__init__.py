"""Blitzkrieg! (PSC Games, 2019): World War Two in 20 minutes, for two players."""

from .bots import BOTS
from .nippon import NIPPON
from .rules import Blitzkrieg
from .svg import render, status_text
from .text import action_menu, text_board, tray


GAME = Blitzkrieg()
GAMES = (NIPPON,)  # the Nippon Expansion, a game of its own on the back of the board
SPECIAL_BOTS = ("solo",)  # not offered as an opponent: the solo module seats itself


__all__ = ["GAME", "GAMES", "BOTS", "SPECIAL_BOTS", "render", "status_text", "tray",
           "text_board", "action_menu"]
