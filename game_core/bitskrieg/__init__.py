"""Bitskrieg: a tank duel for two on an 8 x 8 board (Hollandspiele, 2017), with nine advanced rules."""

from ..package import Package
from .bots import BOTS, win_chance
from .quick import quick_setup, remembered_setup
from .rules import GAME
from .svg import hint_ui, render, status_text, tray
from .text import action_menu, text_board


PACKAGE = Package(games=(GAME,), render=render, status_text=status_text, tray=tray, text_board=text_board, action_menu=action_menu,
                  bots=BOTS, hint_ui=hint_ui, win_chance=win_chance,
                  quick_setup=quick_setup, remembered_setup=remembered_setup)


__all__ = ["GAME", "PACKAGE"]
