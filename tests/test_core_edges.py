"""The engine's and the page controller's smaller promises, each written to kill a mutant that lived
(docs/mutation.md): the default narration reads the position before the move, a replay draws with the
page's choices and never as a board to play on."""

from game_core import games
from game_core.engine import Game
from game_core.session import Replay, Session

from test_core_session import Recorder


class Counting(Game):
    """A game whose words depend on the position before the move (as a log line does: "Red's Tank...")."""

    def describe_action(self, state, action):
        return f"{action} after {len(state.actions)} moves"

    def describe_outcome(self, before, after):
        return f"{len(after.actions) - len(before.actions)} new"


def test_the_default_narration_reads_the_position_before_the_move():
    before = games.get("bitskrieg").new_game(3)
    after = before.apply("roll")
    assert Counting().narrate(before, after) == [("roll after 0 moves: 1 new", None)]


def test_a_replay_is_drawn_with_the_pages_choices_for_nobody_and_not_to_be_played(monkeypatch):
    session = Session("bitskrieg", 3, seats={"blue": "easy", "red": "easy"})
    for n in range(4):
        session.play_bot(n)
    replay = Replay("bitskrieg", session.state.record())
    recorder = Recorder()
    monkeypatch.setattr(replay, "module", recorder)
    replay.ui["narrow"] = True
    replay.go("back")
    replay.board_svg()
    assert recorder.calls == [(replay.states[3].view(None), {"narrow": True, "interactive": False})]
