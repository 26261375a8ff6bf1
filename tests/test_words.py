"""Each game's words.py (its plain words, shared by the rules, the board and the terminal) imports only the
game's data, so the rules and the renderers may both import it without an import circle."""

import ast
import pathlib

import pytest

GAME_CORE = pathlib.Path(__file__).resolve().parent.parent / "game_core"


def imports_of(path):
    imported = set()
    for node in ast.walk(ast.parse(path.read_text())):
        assert not isinstance(node, ast.Import), f"{path.name} imports a module outside its game"
        if isinstance(node, ast.ImportFrom):
            imported |= {(node.level, node.module)} if node.module else {(node.level, a.name) for a in node.names}
    return imported


@pytest.mark.parametrize("game", ["blitzkrieg", "bitskrieg", "blitzed", "fall_blau"])
def test_a_game_s_words_read_only_its_data_and_its_typed_actions(game):
    assert imports_of(GAME_CORE / game / "words.py") <= {(1, "data"), (1, "actions")}


def test_blitzkrieg_s_renderers_import_its_words_not_its_rules():
    for name in ("svg.py", "text.py"):
        assert not {module for level, module in imports_of(GAME_CORE / "blitzkrieg" / name)} & {
            "rules", "game", "solo", "nippon"}, name
