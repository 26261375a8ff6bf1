"""Blitzkrieg! AI bots: they decide from the view only, slice their thinking, and play well."""


from game_core.blitzkrieg import BOTS, GAME
from game_core.blitzkrieg import bots
from game_core.blitzkrieg.bots import advance, evaluate, finish_turn, first_ranking, reply, solo_turns
from game_core.engine import Bot, finish, run_bot
from game_core.rng import Rng
from game_core.session import Session

AXIS, ALLIES = "axis", "allies"


def midgame(seed=3, steps=9, options=None):
    state, rng = GAME.new_game(seed, options), Rng(seed)
    for _ in range(steps):
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def test_determinized_world_matches_the_view_and_hides_nothing_it_should_not_know():
    state = midgame()
    seat = state.to_play
    view = state.view(seat)
    world = GAME.state_from_view(view, Rng(1))
    assert world.reserves[seat] == state.reserves[seat] and world.spaces == state.spaces
    assert world.markers == state.markers and world.vp == state.vp
    foe = "allies" if seat == AXIS else AXIS
    assert len(world.reserves[foe]) == len(state.reserves[foe]) and len(world.research) == len(state.research)
    every = sorted(t for pile in (*state.bags.values(), *state.reserves.values(), state.research) for t in pile)
    dealt = sorted(t for pile in (*world.bags.values(), *world.reserves.values(), world.research) for t in pile)
    assert every == dealt
    assert all(t.startswith((foe, "sw:")) for t in world.reserves[foe])


def test_bots_never_read_hidden_information():
    """Two positions that differ only in what the seat cannot see get the same decision."""
    state = midgame(5)
    seat = state.to_play
    foe = "allies" if seat == AXIS else AXIS
    twin = state.copy()
    count, pool = len(state.reserves[foe]), state.reserves[foe] + state.bags[foe]
    pool.reverse()
    twin.reserves[foe], twin.bags[foe] = sorted(pool[:count]), sorted(pool[count:])
    twin.research.reverse()
    assert twin.view(seat) == state.view(seat)
    for level in ("easy", "normal"):
        assert (run_bot(BOTS[level], GAME, state.view(seat), Rng(7))
                == run_bot(BOTS[level], GAME, twin.view(seat), Rng(7)))


def test_think_yields_often_and_returns_a_legal_action():
    state = GAME.new_game(11)
    view = state.view(state.to_play)
    thinking = BOTS["normal"].think(GAME, view, Rng(2))
    slices = 0
    while True:
        try:
            next(thinking)
        except StopIteration as done:
            action = done.value
            break
        slices += 1
    assert action in view["legal_actions"] and slices > 10  # many short slices (their length: bench/)


def play(seed, seats, options=None):
    state, rng = GAME.new_game(seed, options), Rng(seed)
    players = dict(BOTS, random=Bot())
    while not state.is_over:
        seat = state.to_play
        state = state.apply(run_bot(players[seats[seat]], GAME, state.view(seat), rng))
    return state.winner


def test_easy_beats_random_from_both_sides():
    wins = sum(play(seed, {AXIS: "easy", ALLIES: "random"}) == AXIS for seed in range(6))
    wins += sum(play(seed, {ALLIES: "easy", AXIS: "random"}) == ALLIES for seed in range(6, 12))
    assert wins >= 11


def test_solo_mode_seats_a_person_as_the_allies_and_the_ai_can_take_that_seat():
    session = Session("blitzkrieg", 4, {"mode": "solo", "difficulty": "easy"}, {"axis": "easy", "allies": "easy"})
    assert session.seats == {"axis": "solo", "allies": "human"}  # never bot against solo bot by default
    session.seats["allies"] = "easy"  # the AI in the person's seat plays from the view like anyone
    for n in range(400):
        if session.state.is_over:
            break
        session.play_bot(n)
    assert session.state.is_over and session.log and "Why:" in " ".join(session.log)


def solo_position(seed=8, steps=14):
    """A solo game (Medium) with the Allies to place, after some random Allies moves."""
    state, rng = GAME.new_game(seed, {"mode": "solo", "difficulty": "medium"}), Rng(seed)
    while steps or state.to_play != ALLIES or state.decision:
        steps = max(0, steps - 1)
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def test_solo_turns_weigh_every_draw_of_the_solo_module():
    state = solo_position()
    before = state.view(ALLIES)["state"]["solo"]
    for action in state.legal_actions()[:6]:
        after = state.apply(action)
        if after.to_play != AXIS or after.decision:
            continue
        outcomes = finish(solo_turns(before, after))
        assert abs(sum(share for share, _ in outcomes) - 1) < 1e-9
        moves = [start.bot_choice()[0] for _, start in outcomes]
        assert len(set(moves)) == len(moves)  # draws leading to one placement are merged
        assert after.legal_actions()[0] in moves  # the draw the game really made is among them
        assert all(start.solo["drawn"] != before["drawn"] for _, start in outcomes)


def test_the_expert_plays_out_only_its_moves_the_solo_modules_weighed_reply_ranks_best(monkeypatch):
    state = solo_position(22)
    view = state.view(ALLIES)
    expert = BOTS["expert"]
    played_out = []

    def halving(candidates, *args):
        played_out.extend(candidates)
        return candidates[0]
        yield  # a generator, as the real one

    monkeypatch.setattr(bots, "halving", halving)
    world = GAME.state_from_view(view, Rng(5))  # the world the expert deals first from Rng(5)
    first = finish(first_ranking(world, view["legal_actions"], ALLIES))[:expert.solo_screen]

    def weighed_reply(action):
        after = finish_turn(advance(world, action), ALLIES)
        outcomes = finish(solo_turns(view["state"]["solo"], after))
        return sum(share * evaluate(reply(start, ALLIES, Rng(0), 0), ALLIES) for share, start in outcomes)

    best = sorted(first, key=lambda action: -weighed_reply(action))[:expert.solo_shortlist]
    finish(expert.think(GAME, view, Rng(5)))
    assert played_out == best and len(view["legal_actions"]) > expert.solo_screen > len(best)
    assert set(best) != set(first[:expert.solo_shortlist])  # here the screen changes what is played out


def test_hard_against_the_solo_module_reads_only_the_view():
    """The Axis bag and the research pile stay hidden in solo mode; the decision cannot depend on them."""
    state = solo_position(9)
    twin = state.copy()
    twin.research.reverse()
    twin.rng = Rng(12345)
    view = state.view(ALLIES)
    assert twin.view(ALLIES) == view
    assert run_bot(BOTS["hard"], GAME, view, Rng(3)) == run_bot(BOTS["hard"], GAME, twin.view(ALLIES), Rng(3))


def test_thinking_is_a_work_count_not_a_wall_clock(monkeypatch):
    """The bots promise reproducible games: a slow machine must think exactly as much as a fast one."""
    import time
    clock = iter(range(0, 10**9, 100))  # every reading of the clock is 100 s later
    monkeypatch.setattr(time, "monotonic", lambda: next(clock))
    deals = []
    real = type(GAME).state_from_view
    monkeypatch.setattr(type(GAME), "state_from_view", lambda *args: deals.append(1) or real(*args))
    state = midgame(5)
    run_bot(BOTS["normal"], GAME, state.view(state.to_play), Rng(7))
    assert len(deals) == BOTS["normal"].rounds


def test_determinized_solo_world_keeps_the_bots_row_in_order():
    state = GAME.new_game(4, {"mode": "solo", "difficulty": "easy"})
    while state.to_play == AXIS or (state.decision and state.decision["kind"] == "setup"):
        state = state.apply(state.legal_actions()[0])
    state.reserves[AXIS].reverse()  # a row out of sorted order
    world = GAME.state_from_view(state.view("allies"), Rng(2))
    assert world.reserves[AXIS] == state.reserves[AXIS]
