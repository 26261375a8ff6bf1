"""Blitzed!: the real-time dice race for 3-5 players (issue 6)."""

from .bots import BOTS, tick
from .rules import GAME
from .svg import KEYBOARD_LAYOUTS, render, status_text, tray
from .text import action_menu, text_board


__all__ = ["GAME", "BOTS", "KEYBOARD_LAYOUTS", "render", "status_text", "tick", "text_board",
           "action_menu", "tray"]
