"""Campaign: Fall Blau: the solitaire 1942 campaign (rules, board, advisor)."""

from .bots import BOTS, estimate_win_chance
from .rules import GAME
from .svg import render, status_text, tray

RENDERS_FROM_VIEW = True

__all__ = ["estimate_win_chance", "GAME", "BOTS", "render", "status_text", "tray"]
