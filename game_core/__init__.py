"""Blitzbox rules engines: one API for every game (see game_core.engine)."""

from .engine import Game, IllegalAction, SaveError, State

__all__ = ["Game", "IllegalAction", "SaveError", "State"]
__version__ = "0.1.0"
