"""The expert's review in the replay viewer (game_core/review_replay.py; web/glue/review.py only runs the review
in slices and writes what this gives into the page): whose moves are reviewed, the review kept with its game,
and stepping through the reviewed moves with the chart and the words."""

import json

import pytest

from game_core.review_replay import OTHER_SIDE, ReviewReplay, kept_review, kept_text, reviewed_seat
from game_core.session import Replay, Session


def played(seats=None, moves=6):
    """A Blitzkrieg! game of `moves` first legal actions (the Allies move at positions 1 and 4)."""
    session = Session("blitzkrieg", 5, None, seats or {"allies": "human", "axis": "human"})
    for _ in range(moves):
        session.act(session.state.legal_actions()[0])
    return session


def move(index, played_, best, before, after):
    return {"index": index, "played": played_, "best": best, "played_words": f"words {played_}",
            "best_words": f"words {best}", "before": before, "after": after, "playouts": [8, 8]}


RECORD = played().state.record()  # actions: A2@WE1.2, A3@WE1.3, BF@WE1.1, EA@WE2.1, F1@WE2.2, F1@WE2.3
REVIEW = {"version": 1, "game": "blitzkrieg", "seat": "allies", "playouts": 8, "swings": [1],
          "moves": [move(1, "A3@WE1.3", "A3@EE1.1", 0.5, 0.45), move(4, "F1@WE2.2", "F1@WE2.2", 0.4, 0.9)]}


@pytest.mark.parametrize("seats, seat", [
    ({"allies": "human", "axis": "easy"}, "allies"),
    ({"allies": "easy", "axis": "human"}, "axis"),
    ({"allies": "easy", "axis": "easy"}, None),
])
def test_the_reviewed_seat_is_the_persons(seats, seat):
    assert reviewed_seat(Session("blitzkrieg", 1, None, seats)) == seat


def test_at_the_hotseat_the_reviewed_seat_is_the_one_whose_eyes_the_board_is_drawn_for():
    session = played(moves=1)  # the Allies to play
    assert session.viewer() == "allies" and reviewed_seat(session) == "allies"
    session.act(session.state.legal_actions()[0])
    assert reviewed_seat(session) == session.viewer() == "axis"


def test_where_the_board_is_not_drawn_for_a_person_the_first_person_is_reviewed():
    class Watched:  # a controller whose board is drawn for a bot's seat, or for no seat
        seats = {"allies": "easy", "axis": "human", "japan": "human"}

        def __init__(self, viewer):
            self.viewer = lambda: viewer

        def humans(self):
            return ["axis", "japan"]

    assert reviewed_seat(Watched("allies")) == reviewed_seat(Watched(None)) == "axis"


def test_a_kept_review_comes_back_only_for_its_own_game_and_seat():
    text = kept_text(RECORD, "allies", REVIEW)
    assert json.loads(text) == {"record": RECORD, "seat": "allies", "review": REVIEW}
    assert kept_review(text, RECORD, "allies") == REVIEW
    assert kept_review(text, RECORD, "axis") is None
    assert kept_review(text, dict(RECORD, seed=6), "allies") is None
    for damaged in (None, "", "{", "[1]", json.dumps({"record": RECORD, "seat": "allies"})):
        assert kept_review(damaged, RECORD, "allies") is None


def test_the_viewer_opens_on_the_biggest_swing_else_on_the_first_move():
    assert ReviewReplay("blitzkrieg", RECORD, REVIEW).opening() == 1
    assert ReviewReplay("blitzkrieg", RECORD, dict(REVIEW, swings=[])).opening() == 0


def test_showing_a_move_goes_to_its_position_kept_within_the_reviewed_moves():
    replay = ReviewReplay("blitzkrieg", RECORD, REVIEW)
    for k, index in ((0, 1), (1, 4), (-5, 1), (9, 4)):
        assert replay.show(k) and replay.index == index and replay.move_at() == max(0, min(1, k))
    empty = ReviewReplay("blitzkrieg", RECORD, dict(REVIEW, moves=[], swings=[]))
    empty.index = 3
    assert not empty.show(0) and empty.index == 3


@pytest.mark.parametrize("index, after, before", [(0, 0, 0), (1, 1, 0), (2, 1, 0), (4, 1, 0), (5, 1, 1), (6, 1, 1)])
def test_the_next_and_previous_moves_are_the_reviewed_seats_around_the_position_shown(index, after, before):
    replay = ReviewReplay("blitzkrieg", RECORD, REVIEW)
    replay.index = index
    assert (replay.neighbour(True), replay.neighbour(False)) == (after, before)


def test_a_reviewed_moves_board_marks_the_experts_move_beside_the_one_played_and_others_are_the_replays():
    replay, plain = ReviewReplay("blitzkrieg", RECORD, REVIEW), Replay("blitzkrieg", RECORD)
    replay.index = plain.index = 1
    board = replay.board_svg()
    assert 'data-shown="A3@WE1.3"' in board and 'data-shown="A3@EE1.1"' in board and "data-action=" not in board
    assert board != plain.board_svg()
    for index in (0, 2, 3):
        replay.index = plain.index = index
        assert replay.move_at() is None and replay.board_svg() == plain.board_svg()


def test_the_panel_has_the_chart_with_the_move_shown_and_its_words_or_says_the_move_is_the_other_sides():
    replay = ReviewReplay("blitzkrieg", RECORD, REVIEW)
    replay.index = 4
    shown, words = replay.panel()
    assert words == ("Move 2 of 2: you played words F1@WE2.2 (chance of winning 40% before, 90% after). "
                     "The expert agrees.")
    assert 'class="review-at"' in shown and "1. Move 2: Allies gained 50% here" in shown
    replay.index = 1
    assert replay.panel()[1].endswith("The expert prefers: words A3@EE1.1.")
    replay.index = 2
    shown, words = replay.panel()
    assert words == OTHER_SIDE and 'class="review-at"' not in shown
