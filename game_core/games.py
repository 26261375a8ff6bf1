"""The registry of games: every sub-package of game_core that defines GAME (or GAMES, a tuple)."""

import importlib
import pkgutil

import game_core

# The order games are listed in (menus, landing page); a game package not named here
# still registers, after these.
ORDER = ("blitzkrieg", "blitzkrieg-nippon", "bitskrieg", "blitzed", "fall-blau")

_cache = {}


def _discover() -> dict:
    if not _cache:
        found = {}
        for module in pkgutil.iter_modules(game_core.__path__):
            if module.ispkg:
                package = importlib.import_module(f"game_core.{module.name}")
                package_games = getattr(package, "GAMES", ())
                if hasattr(package, "GAME"):
                    package_games = (package.GAME,) + tuple(package_games)
                for game in package_games:
                    found[game.name] = game
        ordered = [n for n in ORDER if n in found] + sorted(n for n in found if n not in ORDER)
        _cache.update((name, found[name]) for name in ordered)
    return _cache


def names() -> list:
    """The names of every playable game."""
    return list(_discover())


def get(name: str):
    """The game object for `name`; ValueError naming the known games if there is none."""
    games = _discover()
    if name not in games:
        raise ValueError(f"no game named {name!r}; known games: {', '.join(games)}")
    return games[name]
