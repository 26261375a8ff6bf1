"""Share codes round-trip, and damaged or tampered codes are refused with a reason."""

import json

import pytest

from game_core import SaveError, games, records


def played(name="blitzkrieg", seed=4, moves=15):
    game = games.get(name)
    state = game.new_game(seed)
    for _ in range(moves):
        state = state.apply(state.legal_actions()[-1])
    return game, state


def test_a_share_code_rebuilds_the_same_game():
    game, state = played()
    code = records.encode(state.record())
    assert code.startswith("bb1.") and all(c.isalnum() or c in "-_." for c in code)
    assert records.load(game, code).to_json() == state.to_json()


@pytest.mark.parametrize("mangle, reason", [
    (lambda c: c[:-7], "damaged"),
    (lambda c: c[:10] + ("A" if c[10] != "A" else "B") + c[11:], "damaged"),
    (lambda c: "hello", "not a Blitzbox share code"),
    (lambda c: "bb9." + c[4:], "newer Blitzbox"),
])
def test_damaged_codes_are_refused(mangle, reason):
    game, state = played()
    with pytest.raises(SaveError) as err:
        records.load(game, mangle(records.encode(state.record())))
    assert reason in str(err.value)


def test_a_code_with_an_altered_move_is_refused():
    game, state = played()
    record = state.record()
    record["actions"][3] = record["actions"][2]
    with pytest.raises(SaveError) as err:
        records.load(game, records.encode(record))
    assert "illegal" in str(err.value)


def test_a_code_for_another_game_is_refused():
    game, state = played()
    record = dict(state.record(), game="fall-blau")
    with pytest.raises(SaveError):
        records.load(game, records.encode(record))
    assert json.loads(json.dumps(state.record()))["game"] == "blitzkrieg"
