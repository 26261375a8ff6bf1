"""The page's one controller protocol (game_core/session.py): a frame, act and command, and what each controller
offers declared as data (Capabilities), so that the page never asks which kind it holds; and the decisions the
page's glue used to make itself: when a game counts as finished, the move log's changes, the quick set-up, a
hint's words and the drawing choices that point to it."""

import json
from dataclasses import replace
from types import SimpleNamespace

import pytest

from game_core import IllegalAction, games
from game_core.remote import Remote
from game_core.remote_session import RemoteSession
from game_core.session import HUMAN, Capabilities, Replay, Session, finished_now, log_edits, quick_setup
from game_core.stats import finished_entry, read_history, result_of
from game_core.tutorial import Lesson, every_tutorial


def remote_side():
    creator, invitation = Remote.create(games.get("bitskrieg"), None, "blue")
    joiner, reply = Remote.accept(invitation)
    creator.receive(reply)
    return RemoteSession(creator, "blitzbox:bitskrieg:remote:")


def a_lesson():
    name, tutorial = next(iter(every_tutorial().items()))
    return Lesson(name, tutorial).session


def test_each_controller_declares_what_it_offers():
    assert Session("bitskrieg", 1).capabilities == Capabilities(undo=True, hint=True, bots=True, record=True,
                                                                autosave=True)
    assert Session("blitzed", 1).capabilities.hint is False  # a race has no hint bot
    assert remote_side().capabilities == Capabilities(remote=True)
    assert a_lesson().capabilities == Capabilities(lesson=True, record=True)
    assert Replay("bitskrieg", Session("bitskrieg", 3).state.record()).capabilities == Capabilities(replay=True)


def test_a_lesson_switches_features_off_by_its_capabilities_alone():
    """No bot thinks (its script plays the opponent), nothing is taken back or hinted, and Undo says why."""
    session = a_lesson()
    assert any(who != HUMAN for who in session.seats.values())
    assert session.bot_seat() is None and session.tick(10_000.0) == 0
    assert not session.can_undo() and not session.can_hint() and session.hint_bot() is None
    session.undo()
    assert session.message == "A tutorial cannot be taken back: use Start over to begin it again."
    assert not session.frame()["can_undo"] and not session.frame()["can_hint"]


def test_a_game_counts_as_finished_once_on_the_step_that_ends_it_and_never_a_remote_one():
    session = Session("bitskrieg", 4, seats={"blue": "easy", "red": "easy"})
    was_over = False
    steps = 0
    while not session.state.is_over:
        assert not finished_now(session, was_over)
        session.play_bot(steps)
        steps += 1
    assert finished_now(session, was_over)
    assert not finished_now(session, True)  # already over before this step: counted then
    remote_end = SimpleNamespace(capabilities=remote_side().capabilities, state=session.state)
    assert not finished_now(remote_end, False)  # a remote game's record is its transcript: never counted


def test_a_finished_game_enters_the_history_with_its_mode_opponent_and_result():
    session = Session("blitzkrieg", 3, {"mode": "solo", "difficulty": "hard"})
    while not session.state.is_over:
        if session.bot_seat() is not None:
            session.play_bot(len(session.state.actions))
        else:
            session.act(session.state.legal_actions()[0])
    entry = finished_entry(session, "2026-12-07T04:00:00+00:00")
    assert entry == {"game": "blitzkrieg", "mode": "difficulty=hard, mode=solo", "opponent": "solo",
                     "seats": {"axis": "solo", "allies": HUMAN}, "human_seats": ["allies"],
                     "winner": session.state.winner, "moves": len(session.state.actions),
                     "finished_at": "2026-12-07T04:00:00+00:00"}
    assert read_history(json.dumps([entry])) == ([entry], "")  # the statistics page reads it back
    assert result_of(entry) in ("won", "lost", "no winner")
    hotseat = Session("bitskrieg", 3)
    assert finished_entry(hotseat, "t")["mode"] == "standard" and finished_entry(hotseat, "t")["opponent"] == HUMAN


@pytest.mark.parametrize("shown, lines, edits", [
    ([], ["a", "b"], ([], 0, ["a", "b"])),
    (["a", "b"], ["a", "b", "c"], ([], 0, ["c"])),
    (["a", "b", "c"], ["a", "B"], ([(1, "B")], 1, [])),  # an undo, and another reader's wording
    (["x", "b"], ["y", "b", "c"], ([(0, "y")], 0, ["c"])),
    (["a"], [], ([], 1, [])),  # a new game
])
def test_the_log_changes_only_the_lines_that_differ(shown, lines, edits):
    assert log_edits(shown, lines) == edits
    rewrite, remove, new = edits
    result = list(shown)
    for index, text in rewrite:
        result[index] = text
    del result[len(result) - remove:]
    assert result + new == lines


def at_the_set_up(seed):
    """A Bitskrieg game against a bot at its person's first set-up step (the obstacles rolled)."""
    session = Session("bitskrieg", seed, seats={"blue": HUMAN, "red": "easy"})
    while session.state.phase not in ("pick", "deploy", "flags") or session.state.to_play != "blue":
        if session.bot_seat() is not None:
            session.play_bot(len(session.state.actions))
        else:
            session.act(session.state.legal_actions()[0])
    return session


def test_the_quick_set_up_plays_the_rest_of_the_step_one_action_at_a_time():
    session = at_the_set_up(7)
    start = len(session.state.actions)
    chosen = session.package.quick_setup(session.state.view("blue"), None)
    quick_setup(session)
    assert len(chosen) > 1 and list(session.state.actions[start:]) == chosen  # each one Undo can take back
    assert session.state.to_play != "blue" or session.state.phase not in ("pick", "deploy", "flags")
    other = Session("blitzed", 7)
    quick_setup(other)  # a game with no quick set-up: nothing happens
    assert other.state.actions == ()


def test_a_broken_quick_set_up_stops_with_the_rule_and_keeps_the_steps_before():
    session = at_the_set_up(7)
    before, legal = list(session.state.actions), session.state.legal_actions()[0]
    session.package = replace(session.package, quick_setup=lambda view, remembered: [legal, "not-a-move"])
    with pytest.raises(IllegalAction):
        quick_setup(session)
    assert list(session.state.actions) == before + [legal]


def test_a_hint_names_its_move_and_its_odds_and_points_the_drawing_to_it():
    session = Session("bitskrieg", 7, seats={"blue": HUMAN, "red": "easy"})
    action = session.state.legal_actions()[0]
    described = session.game.describe_action(session.state, action)
    assert session.hint_text(action, None) == f"Suggestion: {described}."
    assert session.hint_text(action, 0.426) == f"Suggestion: {described}. Estimated chance of victory from here: 43%."
    expected = session.package.hint_ui(session.state.view("blue"), action)
    assert session.point_to(action) is True
    assert all(session.ui.get(key) == value for key, value in expected.items() if value is not None)
    assert Session("blitzed", 7).point_to("anything") is False  # no hint_ui: the drawing is unchanged
