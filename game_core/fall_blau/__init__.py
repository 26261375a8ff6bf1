"""Campaign: Fall Blau: the solitaire 1942 campaign (rules, board, advisor)."""

from ..package import Package
from .bots import BOTS, estimate_win_chance
from .rules import GAME
from .svg import hint_ui, render, status_text, tray
from .text import action_menu, text_board


def win_chance(view: dict, rng) -> float:
    """One playout from `view` to the end: 1.0 if the campaign is won (the advisor averages several)."""
    return estimate_win_chance(view, rng, 1)


PACKAGE = Package(games=(GAME,), render=render, status_text=status_text, tray=tray, text_board=text_board, action_menu=action_menu,
                  bots=BOTS, win_chance=win_chance, hint_ui=hint_ui)


__all__ = ["GAME", "PACKAGE"]
