"""Chance as an explicit step: an rng.Tape replays a seeded game exactly, and asks (NeedChance) when it runs out."""

import pytest

from game_core import games
from game_core.rng import NeedChance, Rng, Tape


class Recorder(Rng):
    """The seeded stream, noting each outcome of below() and who may see it."""

    __slots__ = ("seen",)

    def __init__(self, state):
        super().__init__(state)
        self.seen = []

    def copy(self):
        new = Recorder(self.state)
        new.seen = self.seen
        return new

    def below(self, n, audience=None):
        value = super().below(n, audience)
        self.seen.append((value, audience))
        return value


def recorded_game(name, seed, moves, options=None):
    """A seeded game of `moves` random moves, with the outcomes it drew."""
    game = games.get(name)
    plain = game.new_game(seed, options)
    state = game.new_game(seed, options, rng=Recorder(Rng.from_seed(seed, game.name).state))
    pick = Rng.from_seed(seed, "moves")
    for _ in range(moves):
        if state.is_over:
            break
        action = pick.choice(state.legal_actions())
        state, plain = state.apply(action), plain.apply(action)
    return game, plain, state


@pytest.mark.parametrize("name, options", [("bitskrieg", {"ramming": True, "stun": True}),
                                           ("blitzkrieg", {"partisans": True, "inspired_leadership": True}),
                                           ("blitzkrieg-nippon", None)])
def test_a_tape_of_the_outcomes_replays_the_seeded_game_exactly(name, options):
    game, plain, recorded = recorded_game(name, 7, 120, options)
    assert recorded.to_json() == plain.to_json()  # the audience marks change nothing in a seeded game
    outcomes = [value for value, _ in recorded.rng.seen]
    assert outcomes
    state = game.new_game(0, options, rng=Tape(outcomes))
    for action in plain.actions:
        state = state.apply(action)
    expected, got = plain.to_dict(), state.to_dict()
    del expected["rng"], got["rng"]
    assert got == expected and state.rng.state == len(outcomes)


def test_blitzkrieg_draws_name_the_one_seat_that_sees_them():
    _, _, recorded = recorded_game("blitzkrieg", 3, 60)
    audiences = {audience for _, audience in recorded.rng.seen}
    assert audiences == {"axis", "allies"}  # bag, research and bombing draws are all private
    _, _, dice = recorded_game("bitskrieg", 3, 60)
    assert {audience for _, audience in dice.rng.seen} == {None}  # Bitskrieg's dice are public


def test_an_empty_tape_asks_for_the_outcome_and_leaves_the_state_alone():
    game = games.get("bitskrieg")
    outcomes = []
    state = game.new_game(0, {}, rng=Tape(outcomes))
    with pytest.raises(NeedChance) as asked:
        state.apply("roll")
    assert (asked.value.n, asked.value.audience, asked.value.position) == (6, None, 0)
    assert state.actions == () and state.obstacles == {} and state.rng.state == 0
    outcomes += [2, 4]
    after = state.apply("roll")
    assert after.last_roll["dice"] == [3, 5] and after.rng.state == 2 and state.rng.state == 0
    with pytest.raises(NeedChance) as private:
        games.get("blitzkrieg").new_game(0, {}, rng=Tape([]))
    assert private.value.audience == "axis"  # the set-up's first draw: the Axis's own reserve


def test_an_outcome_out_of_range_is_refused():
    with pytest.raises(ValueError, match="not below 6"):
        Tape([6]).below(6)
