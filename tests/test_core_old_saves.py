"""Saves made on main before the declared fields (tests/fixtures/main_saves.json, 30 moves of every game):
a page's session save and a game's full save (whose stored position from_record compares with the replayed
one) still load, give the same position, and play on."""

import json
import pathlib

import pytest

from game_core import games
from game_core.engine import migrate
from game_core.rng import Rng
from game_core.session import Session

SAVES = json.loads((pathlib.Path(__file__).parent / "fixtures" / "main_saves.json").read_text())


@pytest.mark.parametrize("name", games.names())
def test_a_save_from_main_loads_and_plays_on(name):
    game = games.get(name)
    stored = json.loads(SAVES[name]["game"])
    state = game.from_json(SAVES[name]["game"])
    assert json.loads(json.dumps(state.to_dict())) == migrate(stored, game)["state"]  # Bitskrieg's seats named
    session = Session.from_save(name, SAVES[name]["session"])
    assert session.state.to_dict() == state.to_dict() and len(session.log) == len(stored["actions"])
    rng = Rng.from_seed(3, "old saves play on")
    for _ in range(10):
        if session.state.is_over:
            break
        session.act(rng.choice(session.state.legal_actions()))
    again = Session.from_save(name, session.to_save())
    assert again.state.to_dict() == session.state.to_dict()


def test_an_altered_stored_position_is_still_refused():
    from game_core.engine import SaveError
    data = json.loads(SAVES["bitskrieg"]["game"])
    data["state"]["rebuilds"][0] += 1
    with pytest.raises(SaveError, match="does not match"):
        games.get("bitskrieg").from_json(json.dumps(data))
