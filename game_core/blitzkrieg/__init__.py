"""Blitzkrieg! (PSC Games, 2019): World War Two in 20 minutes, for two players."""

from .rules import Blitzkrieg
from .svg import render, status_text

GAME = Blitzkrieg()
BOTS = {}

__all__ = ["GAME", "BOTS", "render", "status_text"]
