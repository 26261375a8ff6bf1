"""Blitzed!: the real-time dice race for 3-5 players (issue 6)."""

from .bots import BOTS, tick
from .rules import GAME, SEATS


def forced_seats(options: dict) -> dict:
    """The new-game options say who plays each seat in play: a person or a bot level."""
    return {seat: options[seat] for seat in SEATS[:options["players"]]}

from .svg import KEYBOARD_LAYOUTS, render, status_text

RENDERS_FROM_VIEW = True

__all__ = ["GAME", "BOTS", "forced_seats", "KEYBOARD_LAYOUTS", "render", "status_text", "tick"]
