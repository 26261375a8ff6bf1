"""The expert bots (game_core/search.py and each game's ExpertBot): legal, reproducible, view-only, sliced."""

import pytest

from game_core import games
from game_core.engine import run_bot
from game_core.rng import Rng
from game_core.search import halving
from game_core.terminal import bot_levels, make_bot

EXPERT_GAMES = ("blitzkrieg", "blitzkrieg-nippon", "bitskrieg")


def midgame(name, seed, steps):
    game = games.get(name)
    state, rng = game.new_game(seed), Rng(seed)
    while steps or len(state.legal_actions()) < 3:
        steps = max(0, steps - 1)
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def run(thinking):
    """(slices, result) of a generator run to its end."""
    slices = 0
    while True:
        try:
            next(thinking)
        except StopIteration as done:
            return slices, done.value
        slices += 1


@pytest.mark.parametrize("name", EXPERT_GAMES)
def test_expert_is_legal_reproducible_and_thinks_in_slices(name):
    game = games.get(name)
    state = midgame(name, 3, 60 if name == "bitskrieg" else 9)
    view = state.view(state.to_play)
    slices, action = run(make_bot(game, "expert").think(game, view, Rng(5)))
    assert action in view["legal_actions"] and slices > 10
    assert run_bot(make_bot(game, "expert"), game, view, Rng(5)) == action


@pytest.mark.parametrize("name", ("blitzkrieg", "blitzkrieg-nippon"))
def test_expert_reads_only_the_view(name):
    """Two positions that differ only in what the seat cannot see get the same decision."""
    game = games.get(name)
    state = midgame(name, 5, 9)
    seat = state.to_play
    foe = next(s for s in game.seats if s != seat)
    twin = state.copy()
    count, pool = len(state.reserves[foe]), state.reserves[foe] + state.bags[foe]
    pool.reverse()
    twin.reserves[foe], twin.bags[foe] = sorted(pool[:count]), sorted(pool[count:])
    twin.research.reverse()
    twin.rng = Rng(999)
    assert twin.view(seat) == state.view(seat) and twin.to_dict() != state.to_dict()
    expert = make_bot(game, "expert")
    assert run_bot(expert, game, state.view(seat), Rng(7)) == run_bot(expert, game, twin.view(seat), Rng(7))


@pytest.mark.parametrize("name", EXPERT_GAMES)
def test_expert_finishes_a_game_against_hard(name):
    game = games.get(name)
    state, rng = game.new_game(21), Rng(21)
    levels = dict(zip(game.seats, ("expert", "hard")))
    while not state.is_over and len(state.actions) < 3000:
        seat = state.to_play
        state = state.apply(run_bot(make_bot(game, levels[seat]), game, state.view(seat), rng))
    assert state.is_over and state.winner in game.seats


def test_expert_plays_against_the_solo_module():
    game = games.get("blitzkrieg")
    state, rng = game.new_game(4, {"mode": "solo", "difficulty": "hard"}), Rng(4)
    while state.to_play != "allies" or len(state.legal_actions()) < 3:
        state = state.apply(state.legal_actions()[0] if state.to_play == "axis" else rng.choice(state.legal_actions()))
    view = state.view("allies")
    assert run_bot(make_bot(game, "expert"), game, view, Rng(1)) in view["legal_actions"]


def fixed_playout(values):
    """A playout scoring each action by `values` plus the sampled world's noise, counting its calls."""
    calls = []

    def playout(world, action, rng):
        calls.append(action)
        yield
        return values[action] + world
    return playout, calls


def test_halving_finds_the_best_and_spends_most_work_on_the_best():
    values = {"a": 0.0, "b": 1.0, "c": 3.0, "d": 2.0, "e": -1.0}
    playout, calls = fixed_playout(values)
    noise = lambda rng: rng.below(100) / 100  # the same for every candidate in a sweep (paired)
    slices, best = run(halving(list(values), noise, playout, Rng(1), playouts=60))
    assert best == "c" and slices >= len(calls) >= 40
    assert calls.count("c") > calls.count("a") and calls.count("e") < calls.count("d")
    assert run(halving(["only"], noise, playout, Rng(1), playouts=60))[1] == "only"


def test_halving_stops_at_its_time_budget_on_finished_sweeps():
    values = {"a": 0.0, "b": 5.0, "c": 1.0}
    playout, calls = fixed_playout(values)
    ticks = iter(range(0, 10**6, 10))  # each reading of the clock is 10 ms later
    clock = lambda: next(ticks) / 1000
    best = run(halving(list(values), lambda rng: 0.0, playout, Rng(1), 10**6, budget_ms=45, clock=clock))[1]
    assert len(calls) <= 6 and best == "b"
    # Stopped before any sweep was done: the prior's first choice.
    ticks = iter(range(0, 10**6, 100))
    playout, calls = fixed_playout(values)
    assert run(halving(["c", "b"], lambda rng: 0.0, playout, Rng(1), 10**6, budget_ms=50, clock=clock))[1] == "c"


@pytest.mark.parametrize("name", EXPERT_GAMES)
def test_every_level_says_what_it_does(name):
    """The new-game dialog shows each level's summary: every bot in the registry has one."""
    levels = bot_levels(games.get(name))
    assert "expert" in levels
    for level, bot in levels.items():
        assert isinstance(bot.summary, str) and len(bot.summary) > 20, level


def test_the_page_gives_the_expert_a_time_budget(monkeypatch):
    from game_core.blitzkrieg.bots import ExpertBot
    from game_core.session import PAGE_THINK_MS, Session
    budgets = []
    real = ExpertBot.think
    monkeypatch.setattr(ExpertBot, "think", lambda self, *args: budgets.append(args[3]) or real(self, *args))
    session = Session("blitzkrieg", 4, {}, {"axis": "expert", "allies": "human"})
    action = run(session.bot_thinker(1))[1]
    assert action in session.state.legal_actions() and budgets == [PAGE_THINK_MS] and 0 < PAGE_THINK_MS <= 1000


def test_a_hint_is_the_experts_under_the_page_budget(monkeypatch):
    from game_core.blitzkrieg.bots import ExpertBot
    from game_core.session import PAGE_THINK_MS, Session
    budgets = []
    real = ExpertBot.think
    monkeypatch.setattr(ExpertBot, "think", lambda self, *args: budgets.append(args[3]) or real(self, *args))
    session = Session("blitzkrieg", 4, {}, {"axis": "human", "allies": "hard"})
    action, _ = run(session.hint(1, playouts=1))[1]
    assert action in session.state.legal_actions() and budgets == [PAGE_THINK_MS]


def test_the_bitskrieg_expert_waits_longer_than_hard_before_it_is_pushed_forward():
    from game_core.bitskrieg.bots import urge_to_advance
    game = games.get("bitskrieg")
    expert, hard = make_bot(game, "expert"), make_bot(game, "hard")
    assert urge_to_advance(450, expert.patience) == 1.0 < urge_to_advance(450, hard.patience)
    assert urge_to_advance(900, expert.patience) > 1.0
