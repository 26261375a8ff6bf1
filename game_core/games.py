"""The registry of games: each game's name and the sub-package of game_core that defines it.

A package exports PACKAGE (game_core/package.py: its games, renderer, tray, bots and what else it offers). The list is written out, not
discovered, so a page imports only its own game's package (in the browser every import costs start-up
time); tests/test_registry.py checks that every package with a GAME is listed here.
"""

import importlib

# name -> package, in the order games are listed (menus, landing page)
PACKAGES = {
    "blitzkrieg": "blitzkrieg",
    "blitzkrieg-nippon": "blitzkrieg",
    "bitskrieg": "bitskrieg",
    "blitzed": "blitzed",
    "fall-blau": "fall_blau",
}

# name -> title, for a page that must name another game without importing it (only its own is there);
# tests/test_registry.py checks them against each game's own title
TITLES = {
    "blitzkrieg": "Blitzkrieg!",
    "blitzkrieg-nippon": "Blitzkrieg!: Nippon",
    "bitskrieg": "Bitskrieg",
    "blitzed": "Blitzed!",
    "fall-blau": "Campaign: Fall Blau",
}

_cache = {}


def names() -> list:
    """The names of every playable game."""
    return list(PACKAGES)


def get(name: str):
    """The game object for `name`; ValueError naming the known games if there is none."""
    if name not in _cache:
        for game in package(name).games:
            _cache[game.name] = game
    return _cache[name]


def package(name: str):
    """The Package declaration of the game named `name` (game_core/package.py)."""
    if name not in PACKAGES:
        raise ValueError(f"no game named {name!r}; known games: {', '.join(PACKAGES)}")
    return importlib.import_module(f"game_core.{PACKAGES[name]}").PACKAGE
