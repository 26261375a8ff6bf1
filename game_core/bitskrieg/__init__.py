"""Bitskrieg: a tank duel for two on an 8 x 8 board (Hollandspiele, 2017), with nine advanced rules."""

from .rules import GAME, BitskriegState
from .svg import render, status_text, tray
from .text import action_menu, text_board
from .bots import BOTS


__all__ = ["GAME", "BitskriegState", "render", "status_text", "tray", "text_board", "action_menu", "BOTS"]
