"""Blitzed!: the real-time dice race for 3-5 players (issue 6)."""

from ..package import Package
from .bots import BOTS, tick
from .rules import GAME
from .svg import KEYBOARD_LAYOUTS, render, status_text, tray
from .text import action_menu, text_board


PACKAGE = Package(games=(GAME,), render=render, status_text=status_text, tray=tray, text_board=text_board, action_menu=action_menu,
                  bots=BOTS, tick=tick, keyboard_layouts=KEYBOARD_LAYOUTS)


__all__ = ["GAME", "PACKAGE"]
