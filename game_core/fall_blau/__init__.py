"""Campaign: Fall Blau: the solitaire 1942 campaign (rules, board, advisor)."""

from .bots import BOTS
from .rules import GAME, status_text
from .svg import render

__all__ = ["GAME", "BOTS", "render", "status_text"]
