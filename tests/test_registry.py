"""The game registry lists every game package, and a page imports only its own game."""

import importlib
import json
import pkgutil
import subprocess
import sys

import game_core
from game_core import games


def test_every_package_that_defines_a_game_is_registered_under_its_own_name():
    found = {}
    for module in pkgutil.iter_modules(game_core.__path__):
        if module.ispkg:
            package = importlib.import_module(f"game_core.{module.name}")
            for game in (package.PACKAGE.games if hasattr(package, "PACKAGE") else ()):
                found[game.name] = module.name
    assert found == games.PACKAGES
    assert all(games.get(name).name == name for name in games.names())


def test_getting_a_game_imports_no_other_game():
    code = ("import json, sys; from game_core import games; games.get('fall-blau');"
            "print(json.dumps(sorted(m for m in sys.modules if m.count('.') == 1 and m.startswith('game_core.'))))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          cwd=game_core.__path__[0] + "/..")
    loaded = json.loads(done.stdout)
    assert not [m for m in loaded if m.split(".")[1] in {"blitzkrieg", "bitskrieg", "blitzed"}]
    assert "game_core.fall_blau" in loaded


def test_the_titles_a_page_may_name_without_importing_are_the_games_own():
    assert games.TITLES == {name: games.get(name).title for name in games.names()}
