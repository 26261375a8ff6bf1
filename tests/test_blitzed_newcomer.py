"""Issue 18: the default bot level can be beaten by a first-time player; the hardest cannot."""

from game_core.blitzed.newcomer import Newcomer, measure
from game_core.blitzed.rules import GAME
from game_core.rng import Rng


def test_a_simulated_first_time_player_wins_a_third_of_rounds_at_the_default_level_and_hardly_any_at_hard():
    default = next(option.default for option in GAME.options if option.name == "p2")
    assert default == "normal"
    assert measure(default, 60, seed=1)["rate"] >= 1 / 3
    assert measure("easy", 60, seed=1)["rate"] > measure(default, 60, seed=1)["rate"]
    assert measure("hard", 60, seed=1)["rate"] <= 0.05


def test_the_newcomer_reacts_in_human_time_and_goes_for_the_best_card():
    state = GAME.new_game(4, {"players": 3})
    for seat in state.seats:
        state = state.apply(f"{seat} ready")
    newcomer = Newcomer()
    action, due = newcomer.plan(state.view("p1"), Rng.from_seed(1))
    assert action == "p1 roll" and 1200 <= due <= 2500
    state = state.apply("p1 roll @1500")
    state.cards[:2] = ["T2", "T22"]  # +1: 3-4-6, 0: 1-1-1
    state.dice["p1"] = [1, 1, 1]
    action, due = newcomer.plan(state.view("p1"), Rng.from_seed(2))
    assert action == "p1 roll" and 2700 <= due <= 4000  # it goes for the +1 and passes the 0 card by
    state.dice["p1"] = [3, 4, 1]
    action, due = newcomer.plan(state.view("p1"), Rng.from_seed(2))
    assert action == "p1 keep 1,2" and 2700 <= due <= 4000  # the 3 and the 4, for 3-4-6
    state = state.apply("p1 keep 1,2 @3000")
    action, due = newcomer.plan(state.view("p1"), Rng.from_seed(3))
    assert (action, due) == ("p1 roll", 3400)  # a mere click after setting dice aside
