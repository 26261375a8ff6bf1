"""Campaign: Fall Blau: the solitaire 1942 campaign (rules, board, advisor)."""

from .bots import BOTS
from .rules import GAME
from .svg import hint_ui, render, status_text, tray
from .text import action_menu, text_board


__all__ = ["action_menu", "GAME", "BOTS", "render", "status_text", "text_board", "tray", "hint_ui"]
