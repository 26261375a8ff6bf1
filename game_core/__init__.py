"""Blitzbox rules engines: one API for every game (see game_core.engine)."""

from .engine import Game, IllegalAction, Outcome, SaveError, State

__all__ = ["Game", "IllegalAction", "Outcome", "SaveError", "State"]
__version__ = "0.1.0"
