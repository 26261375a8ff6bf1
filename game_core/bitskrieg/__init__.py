"""Bitskrieg: a tank duel for two on an 8 x 8 board (Hollandspiele, 2017), with nine advanced rules."""

from .rules import GAME, BitskriegState
from .quick import quick_setup, remembered_setup
from .svg import hint_ui, render, status_text, tray
from .text import action_menu, text_board
from .bots import BOTS


__all__ = ["GAME", "BitskriegState", "render", "status_text", "tray", "text_board", "action_menu", "BOTS", "hint_ui",
           "quick_setup", "remembered_setup"]
