"""Blitzkrieg! (PSC Games, 2019): World War Two in 20 minutes, for two players."""

from .bots import BOTS
from .nippon import NIPPON
from .rules import Blitzkrieg
from .svg import render, status_text

GAME = Blitzkrieg()
GAMES = (NIPPON,)  # the Nippon Expansion, a game of its own on the back of the board

__all__ = ["GAME", "GAMES", "BOTS", "render", "status_text"]
