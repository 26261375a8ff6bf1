"""The engine's shared parts: options and when they are shown, declared capabilities, apply and saves."""

import dataclasses

import pytest

from game_core import games
from game_core.engine import Bot, BrokenInvariant, Field, Game, IllegalAction, Option, State, finish, require, run_bot
from game_core.rng import Rng
from game_core.session import Session


def test_an_option_needing_a_number_is_shown_from_that_minimum_on():
    seat = Option("p5", "normal", choices=("human", "normal"), needs=("players", 5))
    assert not seat.shown({"players": 4})
    assert seat.shown({"players": 5}) and seat.shown({"players": 6})
    assert not seat.shown({"players": True})  # a flag is not a count


def test_an_option_needing_a_choice_is_shown_only_for_that_value():
    difficulty = Option("difficulty", "normal", choices=("easy", "normal"), needs=("mode", "solo"))
    assert difficulty.shown({"mode": "solo"})
    assert not difficulty.shown({"mode": "two-player"})
    assert not difficulty.shown({"mode": "solo-x"})
    assert Option("free", 1).shown({})
    flag = Option("rule", 1, needs=("advanced", True))
    assert flag.shown({"advanced": True}) and not flag.shown({"advanced": 1 == 0})


def test_blitzed_seats_past_the_player_count_are_not_shown():
    game = games.get("blitzed")
    values = game.validate_options({"players": 3})
    assert [o.name for o in game.options if o.shown(values)] == ["players", "p1", "p2", "p3"]
    values = game.validate_options({"players": 5})
    assert [o.name for o in game.options if o.shown(values)] == ["players", "p1", "p2", "p3", "p4", "p5"]


@pytest.mark.parametrize("option, value, reason", [
    (Option("n", 3, low=1, high=5), 6, "between 1 and 5"),
    (Option("n", 3, low=1, high=5), 0, "between 1 and 5"),
    (Option("n", 3, low=1, high=5), True, "whole number"),
    (Option("n", 3, low=1, high=5), "3", "whole number"),
    (Option("b", False), 1, "true or false"),
    (Option("c", "a", choices=("a", "b")), "z", "one of 'a', 'b'"),
    (Option("s", "text"), 3, "wrong type"),
])
def test_option_values_are_checked(option, value, reason):
    with pytest.raises(ValueError, match=reason):
        option.check(value)


def test_option_values_in_range_pass():
    assert Option("n", 3, low=1, high=5).check(1) == 1
    assert Option("n", 3, low=1, high=5).check(5) == 5
    assert Option("c", "a", choices=("a", "b")).check("b") == "b"
    assert Option("b", False).check(True) is True
    assert Option("long_name", 1).label == "Long name"


def test_the_engine_declares_its_capabilities_with_defaults():
    game = Game()
    assert game.realtime is False and game.hint_bot == "hard"
    assert game.forced_seats({"mode": "solo"}) == {}
    assert games.get("blitzed").realtime is True
    assert games.package("blitzed").win_chance is None and games.package("bitskrieg").win_chance is not None


def test_a_game_without_a_hint_bot_offers_no_hint(monkeypatch):
    session = Session("bitskrieg", 5, seats={"red": "easy"})
    session.act("roll")
    while session.state.legal_actions()[0].startswith("roll"):
        session.act(session.state.legal_actions()[0])
    assert session.can_hint()
    monkeypatch.setattr(session.game, "hint_bot", None)
    assert not session.can_hint()


def test_a_hint_without_a_win_chance_names_only_the_move(monkeypatch):
    session = Session("bitskrieg", 5, seats={"red": "easy"})
    monkeypatch.setattr(session, "package", dataclasses.replace(session.package, win_chance=None))
    action, chance = finish(session.hint(1, playouts=3))
    assert action in session.state.legal_actions() and chance is None


def test_apply_returns_a_new_state_and_records_the_action():
    game = games.get("bitskrieg")
    state = game.new_game(2)
    after = state.apply("  ROLL ")
    assert after is not state and after.actions == ("roll",) and state.actions == ()
    assert after.undo_floor == 1 and state.undo_floor == 0  # the roll used the dice


def test_a_move_without_chance_keeps_the_undo_floor():
    game = games.get("bitskrieg")
    state = game.new_game(2)
    while state.legal_actions()[0].startswith("roll"):
        state = state.apply(state.legal_actions()[0])
    floor = state.undo_floor
    after = state.apply(state.legal_actions()[0])
    assert after.undo_floor == floor == len(state.actions)


def test_illegal_actions_are_refused_with_the_rule():
    game = games.get("bitskrieg")
    state = game.new_game(2)
    with pytest.raises(IllegalAction, match="short text notation"):
        game.parse_action(state, None)
    with pytest.raises(IllegalAction, match="empty action"):
        state.apply("   ")
    with pytest.raises(IllegalAction):
        state.apply("fire T1 a1")


def test_no_move_after_the_game_is_over():
    game = games.get("fall-blau")
    state = game.new_game(3)
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    with pytest.raises(IllegalAction, match="game is over"):
        state.apply("end")


def test_seeds_must_be_whole_numbers():
    game = games.get("bitskrieg")
    for seed in (True, 1.5, "3"):
        with pytest.raises(ValueError, match="seed must be an integer"):
            game.new_game(seed)


def test_unknown_options_are_named():
    with pytest.raises(ValueError, match="unknown option.*colour"):
        games.get("bitskrieg").new_game(1, {"colour": "red"})
    with pytest.raises(ValueError, match="options must be a dict"):
        games.get("bitskrieg").new_game(1, ["x"])


class Counter(Game):
    """The smallest game: add 1 or 2 until the total reaches 5; a roll adds a die's worth."""
    name = "counter"
    seats = ("solo",)


class CounterState(State):
    fields = (Field("total"), Field("history"))

    def setup(self):
        self.total, self.history = 0, []

    @property
    def to_play(self):
        return None if self.total >= 5 else "solo"

    def legal_actions(self):
        return ["1", "2", "roll"]

    def do(self, action):
        self.total += self.rng.below(2) + 1 if action == "roll" else int(action)
        self.history.append(action)


Counter.state_class = CounterState


def test_the_declared_copy_shares_the_game_and_the_moves_but_nothing_mutable():
    state = Counter().new_game(1).apply("1")
    copied = state.copy()
    assert copied.game is state.game and copied.actions is state.actions
    assert copied.history == state.history and copied.history is not state.history
    assert copied.rng is not state.rng and copied.rng.state == state.rng.state


def test_replay_rebuilds_a_game_from_its_seed_options_and_moves():
    game = Counter()
    state = game.new_game(4).apply("roll").apply("1")
    again = game.replay(4, None, state.actions)
    assert again.to_dict() == state.to_dict() and again.actions == state.actions
    assert again.undo_floor == state.undo_floor == 1


def test_require_raises_with_the_message_only_when_the_condition_fails():
    require(True, "fine")
    with pytest.raises(BrokenInvariant) as err:
        require(0, "a token is lost")
    assert str(err.value) == "a token is lost"


def test_with_seats_records_only_the_seats_the_options_name():
    assert Counter().with_seats({"a": 1}, {"solo": "easy"}) == {"a": 1}
    blitzed = games.get("blitzed")
    assert blitzed.with_seats(None, {"p2": "hard", "x": "easy"}) == {"p2": "hard"}
    assert blitzed.with_seats({"players": 3}, {"p1": "human"}) == {"players": 3, "p1": "human"}


def test_the_random_bot_and_run_bot_pick_a_legal_move_from_the_view():
    state = Counter().new_game(2)
    view = state.view("solo")
    picks = {run_bot(Bot(), state.game, view, Rng.from_seed(n, "t")) for n in range(30)}
    assert picks == {"1", "2", "roll"}
    assert Bot().name == "random" and Bot().title == "Random"


def test_a_session_runs_its_bots_as_the_page_does():
    session = Session("bitskrieg", 3, seats={"blue": "easy", "red": "easy"})
    thought = finish(session.bot_thinker(5))
    assert thought in session.state.legal_actions()
    session.play_bot(5)
    assert session.state.actions == (thought,) and session.redo_stack == []


def test_run_bot_passes_the_time_budget_on_and_finish_returns_the_jobs_value():
    class Budgeted(Bot):
        def think(self, game, view, rng, budget_ms=0):
            yield
            return budget_ms

    assert run_bot(Budgeted(), None, {}, None, 800) == 800
    assert finish(iter(())) is None
