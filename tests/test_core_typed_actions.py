"""Every game reads its notation once into a typed action (Game.read_action, handed to State.do): an
immutable value whose str() is the canonical notation again, so saves and remote messages, which carry
the strings, still round-trip."""

import pytest

from game_core import games
from game_core.rng import Rng

NAMES = games.names()


def legal_lists(name, seed, limit):
    """Every list of legal actions met in a random game of `name`, up to `limit` moves."""
    game = games.get(name)
    state, rng = game.new_game(seed), Rng.from_seed(seed, "typed actions")
    while True:
        legal = state.legal_actions()
        yield game, state, legal
        if state.is_over or not legal or len(state.actions) >= limit:
            return
        state = state.apply(rng.choice(legal))


@pytest.mark.parametrize("name", NAMES)
def test_every_legal_action_reads_into_an_immutable_typed_action_that_writes_it_back(name):
    verbs = set()
    for seed in (1, 2):
        for game, state, legal in legal_lists(name, seed, 150):
            for text in legal:
                action = game.read_action(text)
                assert not isinstance(action, str) and str(action) == text, (text, action)
                assert game.read_action(str(action)) == action and hash(action) == hash(game.read_action(text))
                with pytest.raises(AttributeError):
                    action.verb = "changed"
                verbs.add(action.verb)
            if legal:  # apply takes the typed action as well as its notation, to the same position
                typed = state.apply(game.read_action(legal[0]))
                assert typed.to_json() == state.apply(legal[0]).to_json()
    assert len(verbs) >= 2, verbs


def test_a_blitzed_time_stamp_is_part_of_the_typed_action():
    game = games.get("blitzed")
    action = game.read_action(game.stamp("P2  KEEP 3, 1", 40))
    assert (action.seat, action.verb, action.kept, action.stamp) == ("p2", "keep", (1, 3), 40)
    assert str(action) == "p2 keep 1,3 @40" and action.base == "p2 keep 1,3"
