"""Partisans and Inspired Leadership (Nippon Expansion tokens) as options of the base game."""

import pytest

from game_core.blitzkrieg import GAME
from game_core.blitzkrieg.data import UNITS
from game_core.rng import Rng

AXIS, ALLIES = GAME.seats


def fresh(turn, kinds, options=None):
    """A base game where `turn` holds only `kinds` and every bag and the research pile are empty."""
    state = GAME.new_game(3, options)
    state.turn = turn
    for seat in GAME.seats:
        state.bags[seat] = []
        state.reserves[seat] = [f"{seat}:A1#9"]
    state.reserves[turn] = sorted(f"{'sw' if UNITS[k]['special'] else turn}:{k}#9{n}" for n, k in enumerate(kinds))
    state.research = []
    return state


def test_the_options_put_the_tokens_in_the_research_pile():
    assert [o.name for o in GAME.options][:2] == ["partisans", "inspired_leadership"]
    assert len(GAME.new_game(1).research) == 16  # off by default: the base game as printed
    assert "sw:PA#1" in GAME.new_game(1, {"partisans": True}).research
    both = GAME.new_game(1, {"partisans": True, "inspired_leadership": True})
    assert len(both.research) == 18 and "sw:IL#1" in both.research
    with pytest.raises(ValueError):
        GAME.new_game(1, {"partisans": "yes"})


@pytest.mark.parametrize("marker, moved", [(0, 1), (3, 1), (-2, 3)])
def test_partisans_are_an_army_of_strength_1_or_3(marker, moved):
    state = fresh(AXIS, ["PA"])
    state.markers["EE"] = marker
    legal = state.legal_actions()
    assert "PA@EE1.2" in legal and not any(a.startswith("PA@PO") for a in legal)  # an army: no sea
    assert state.apply("PA@EE1.2").markers["EE"] == marker + moved


def test_partisans_strength_is_fixed_when_played_before_a_tactical_advantage():
    state = fresh(AXIS, ["PA"])
    state.markers["EE"] = -1
    after = state.apply("PA@EE1.1")  # tactical advantage +1 moves the marker to the centre first
    assert after.markers["EE"] == -1 + 1 + 3


def test_inspired_leadership_goes_on_any_space_of_an_active_campaign_and_acts_twice():
    state = fresh(ALLIES, ["IL"])
    legal = state.legal_actions()
    assert "IL@PO1.1" in legal and "IL@EE1.1" in legal  # sea and land alike
    assert not any(a.startswith("IL@WE2") for a in legal)  # not below the active campaign
    after = state.apply("IL@WE1.3")  # propaganda 1, twice; strength 1
    assert after.vp[ALLIES] == 2 and after.markers["WE"] == -1


def test_inspired_leadership_on_a_strategic_advantage_asks_twice():
    state = fresh(ALLIES, ["IL"])
    state = state.apply("IL@AM1.1")  # strategic advantage +3, twice
    assert state.decision["kind"] == "sa"
    state = state.apply("sa:WE")
    assert state.decision["kind"] == "sa"
    state = state.apply("sa:WE")
    assert state.markers["WE"] == -6 and state.markers["AM"] == -1


def test_random_games_with_both_options_finish_and_reload():
    for seed in range(60):
        rng = Rng.from_seed(seed, "partisans")
        state = GAME.new_game(seed, {"partisans": True, "inspired_leadership": True})
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
        assert GAME.from_json(state.to_json()).to_json() == state.to_json()
