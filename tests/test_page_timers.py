"""What the page's glue runs on its timers (web/glue/play.py), decided in game_core/session.py under pytest
(issue 45): a search in slices (dropped, paused, done), when a bot starts thinking, the race's wake lock,
and the replay bar's steps and play."""

import itertools
import types

from game_core.remote import Remote
from game_core.remote_session import RemoteSession
from game_core import games
from game_core.session import Replay, Session, bot_due, run_slice, wake_lock_step


def counting(steps):
    """A search that yields `steps` times, then returns how many it made."""
    for n in range(steps):
        yield n
    return f"made {steps}"


class Clock:
    """A clock that moves one unit each time it is read."""

    def __init__(self):
        self.now = 0

    def __call__(self):
        self.now += 1
        return self.now


def test_a_search_runs_in_slices_of_its_time_until_it_returns_and_leaves_the_jobs():
    job = counting(5)
    jobs = {"bot": job}
    assert run_slice(jobs, "bot", job, False, 2.5, Clock()) == ("more", 1)  # (two steps fit in the slice: 0, 1)
    assert run_slice(jobs, "bot", job, False, 2.5, Clock()) == ("more", 3)  # (the last step it made: a progress)
    assert jobs == {"bot": job}
    assert run_slice(jobs, "bot", job, False, 2.5, Clock()) == ("done", "made 5") and jobs == {}
    assert run_slice(jobs, "bot", job, False, 2.5, Clock()) == ("dropped",)


def test_a_slice_takes_the_steps_that_start_before_its_time_is_up():
    job = counting(2)
    jobs = {"bot": job}
    assert run_slice(jobs, "bot", job, False, 2, Clock()) == ("more", 0)  # read at 1: until 3; a step at 2, none at 3
    assert next(job) == 1  # (one step was taken)
    assert run_slice(jobs, "bot", job, False, 2, Clock()) == ("done", "made 2")


def test_a_replaced_search_is_dropped_and_one_waits_while_the_replay_viewer_is_open():
    first, second = counting(3), counting(3)
    jobs = {"hint": first}
    assert run_slice(jobs, "hint", first, True, 1e9, Clock()) == ("paused",)
    assert next(first) == 0  # (a paused slice took no step)
    jobs["hint"] = second
    assert run_slice(jobs, "hint", first, False, 1e9, Clock()) == ("dropped",) and jobs == {"hint": second}
    assert run_slice(jobs, "hint", second, False, 1e9, Clock()) == ("done", "made 3") and jobs == {}


def test_a_bot_starts_thinking_only_when_one_moves_now_and_none_thinks_yet():
    bots_move = Session("bitskrieg", 5, seats={"blue": "easy", "red": "easy"})
    assert bot_due(bots_move, {}, following=False)
    assert not bot_due(bots_move, {"bot": counting(1)}, following=False)
    assert bot_due(bots_move, {"hint": counting(1)}, following=False)
    assert not bot_due(bots_move, {}, following=True)  # another tab plays this game: its bot moves there
    assert not bot_due(Session("bitskrieg", 5), {}, following=False)  # two people
    for n in range(3000):
        if bots_move.state.is_over:
            break
        bots_move.play_bot(n)
    assert not bot_due(bots_move, {}, following=False)
    over = types.SimpleNamespace(capabilities=bots_move.capabilities, bot_seat=lambda: "blue",
                                 state=types.SimpleNamespace(is_over=True))
    assert not bot_due(over, {}, following=False)
    side, _ = Remote.create(games.get("bitskrieg"), None, "blue")
    assert not bot_due(RemoteSession(side, "p:"), {}, following=False)  # (no bots, and no bot_seat to ask)


def test_a_race_asks_for_the_wake_lock_once_and_gives_it_back_at_its_end():
    steps = {values: wake_lock_step(*values) for values in itertools.product((False, True), repeat=4)}
    assert {values for values, step in steps.items() if step == "ask"} == {(True, False, False, True)}
    assert {values for values, step in steps.items() if step == "release"} == {(False, True, False, False),
                                                                             (False, True, False, True)}


def test_the_replay_bar_steps_plays_pauses_and_exits():
    session = Session("bitskrieg", 3)
    for _ in range(3):
        session.act(session.state.legal_actions()[0])
    replay = Replay("bitskrieg", session.state.record())
    assert replay.index == replay.last == 3
    assert replay.steer("replay-play", playing=False) == "play" and replay.index == 0  # from the start at the end
    assert replay.advance() and replay.index == 1
    assert replay.steer("replay-play", playing=True) == "" and replay.index == 1  # a pause
    assert replay.steer("replay-next", playing=True) == "" and replay.index == 2
    assert replay.steer("replay-back", playing=False) == "" and replay.index == 1
    assert replay.steer("replay-play", playing=False) == "play" and replay.index == 1  # from where it is
    assert replay.steer("replay-last", playing=False) == "" and replay.index == 3
    assert not replay.advance() and replay.index == 3
    assert replay.steer("replay-first", playing=False) == "" and replay.index == 0
    assert replay.steer("replay-exit", playing=True) == "exit" and replay.index == 0
