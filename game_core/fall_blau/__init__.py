"""Campaign: Fall Blau: the solitaire 1942 campaign (rules, board, advisor)."""

from .bots import BOTS, estimate_win_chance
from .rules import GAME, status_text
from .svg import render

__all__ = ["estimate_win_chance", "GAME", "BOTS", "render", "status_text"]
