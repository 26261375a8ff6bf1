"""The page controller's smaller promises: what it draws for whom, the real-time clock, status lines."""

import types

from game_core import games
from game_core.blitzed import KEYBOARD_LAYOUTS
from game_core.session import Session, draw, log_html, status_line


class Recorder:
    """Stands in for a game package's render and status_text, remembering what it was given."""
    keyboard_layouts = ()

    def __init__(self):
        self.calls = []

    def render(self, *args):
        self.calls.append(args)
        return "<svg/>"

    def status_text(self, *args):
        self.calls.append(args)
        return "status"


def test_a_package_is_handed_the_seats_view_never_the_state():
    state = games.get("bitskrieg").new_game(3)
    package = Recorder()
    ui = {"interactive": True}
    assert draw(package, state, "red", ui) == "<svg/>" and package.calls == [(state.view("red"), ui)]
    assert status_line(package, state, "blue") == "status" and package.calls[-1] == (state.view("blue"),)


def test_a_hint_comes_from_the_bot_level_the_game_declares(monkeypatch):
    session = Session("bitskrieg", 3)
    expert = session.package.bots["expert"]
    assert session.game.hint_bot == "expert" and session.hint_bot() is expert
    fall_blau = Session("fall-blau", 4, {"generals": "hoth,paulus,ruoff"})
    assert fall_blau.hint_bot() is fall_blau.package.bots["advisor"]


def test_a_turn_based_board_is_drawn_for_the_viewer_with_the_page_selections(monkeypatch):
    session = Session("bitskrieg", 3, seats={"red": "easy"})
    recorder = Recorder()
    monkeypatch.setattr(session, "package", recorder)
    session.command("ui:tank=b1")
    session.board_svg()
    assert recorder.calls == [(session.state.view("blue"), {"tank": "b1", "curtain": False, "interactive": True})]


def test_people_sharing_a_real_time_table_each_get_their_controls_and_keys(monkeypatch):
    session = Session("blitzed", 2, {"players": 3, "p2": "human", "p3": "easy"})
    recorder = Recorder()
    monkeypatch.setattr(session, "package", recorder)
    layouts = recorder.keyboard_layouts = KEYBOARD_LAYOUTS
    session.board_svg()
    acting = session.acting_seats()
    assert recorder.calls == [
        (session.state.view(None), {"part": "table", "interactive": False, "narrow": False}),
        (session.state.view("p1"), {"part": "controls", "keys": layouts[0], "narrow": False, "interactive": "p1" in acting}),
        (session.state.view("p2"), {"part": "controls", "keys": layouts[1], "narrow": False, "interactive": "p2" in acting})]


def test_one_person_at_a_real_time_table_gets_the_first_keys(monkeypatch):
    session = Session("blitzed", 2, {"players": 3, "p2": "easy", "p3": "easy"})
    recorder = Recorder()
    recorder.keyboard_layouts = ({"roll": "r"}, {"roll": "u"})
    monkeypatch.setattr(session, "package", recorder)
    session.board_svg()
    (view, ui), = recorder.calls
    assert view["seat"] == "p1" and ui["keys"] == {"roll": "r"} and ui["curtain"] is False


def test_the_real_time_clock_lines_up_with_the_page_and_restarts_each_epoch():
    session = Session("blitzed", 2, {"players": 3, "p2": "easy", "p3": "easy"})
    assert session.clock_base == -session.state.clock and session.epoch == session.state.epoch
    session.state = types.SimpleNamespace(epoch=4, clock=300)
    session.start_clock(1000)
    assert (session.epoch, session.clock_base) == (4, 700)
    session._follow_epoch(5000)
    assert session.clock_base == 700  # same epoch: the clock runs on
    session.state = types.SimpleNamespace(epoch=5, clock=50)
    session._follow_epoch(6000)
    assert (session.epoch, session.clock_base) == (5, 6000)
    session.state = types.SimpleNamespace(epoch=6, clock=80)
    session._follow_epoch(None)
    assert (session.epoch, session.clock_base) == (6, 6080)


def test_a_turn_based_game_has_no_clock():
    session = Session("bitskrieg", 3)
    session.start_clock(1234)
    assert session.epoch is None and session.clock_base == 1234
    session._follow_epoch(99)
    assert session.clock_base == 1234


def test_tick_gives_the_bots_the_game_time_and_plays_what_they_decide(monkeypatch):
    session = Session("blitzed", 2, {"players": 3, "p2": "easy", "p3": "hard"})
    session.start_clock(1000)
    base = session.clock_base
    calls = []
    first = next(a for a in session.state.legal_actions() if a.startswith("p2 "))
    fake = types.SimpleNamespace(tick=lambda state, now, bots, rng: calls.append((now, bots)) or [first])
    monkeypatch.setattr(session, "package", fake)
    assert session.tick(1600) == 1
    assert calls == [(1600 - base, {"p2": "easy", "p3": "hard"})]
    assert session.state.actions[-1] == first and session.redo_stack == []
    assert Session("bitskrieg", 3, seats={"red": "easy"}).tick(5) == 0  # not a real-time game
    alone = Session("blitzed", 2, {"players": 3, "p2": "human", "p3": "human"})
    monkeypatch.setattr(alone, "package", fake)
    assert alone.tick(1600) == 0 and len(calls) == 1  # no bots to move


def test_status_says_who_won_and_who_is_thinking():
    session = Session("bitskrieg", 3, seats={"blue": "easy", "red": "easy"})
    assert session.bot_seat() == "blue" and session.status() == "Blue (easy bot) is thinking…"
    assert session.viewer() is None and session.frame()["curtain_seat"] == ""
    for n in range(3000):
        if session.state.is_over:
            break
        session.play_bot(n)
    winner = session.game.seat_name(session.state.winner)
    assert session.status().startswith(f"{winner} wins: ")  # the result and its reason
    frame = session.frame()
    assert frame["over"] and frame["result"] == session.status() and not frame["interactive"]
    assert session.bot_seat() is None


def test_a_lost_solitaire_game_says_why():
    session = Session("fall-blau", 3)
    while not session.state.is_over:
        session.act(session.state.legal_actions()[0])
    assert session.state.winner is None and session.status().startswith("Defeat: ")


def test_real_time_bots_never_move_through_bot_seat():
    session = Session("blitzed", 2, {"players": 3, "p1": "easy", "p2": "easy", "p3": "easy"})
    assert session.bot_seat() is None


def test_undo_and_redo_commands_and_their_message():
    session = Session("bitskrieg", 5)
    while session.state.legal_actions()[0].startswith("roll"):
        session.act(session.state.legal_actions()[0])
    session.command("undo")
    assert session.message.startswith("Nothing to undo") and session.frame()["message"] == session.message
    session.act(session.state.legal_actions()[0])
    assert session.message == ""
    session.command("undo")
    session.command("redo")
    assert len(session.state.actions) == session.state.undo_floor + 1


def test_undo_is_only_for_a_person_taking_back_their_own_step():
    session = Session("bitskrieg", 5, seats={"red": "easy"})
    while session.state.legal_actions()[0].startswith("roll"):
        session.act(session.state.legal_actions()[0])
    while session.state.to_play == "blue":
        session.act(session.state.legal_actions()[0])
    assert session.state.to_play == "red" and not session.can_undo()  # Blue's turn has passed to the bot


def test_the_viewer_of_a_hotseat_game_is_the_person_to_act_then_the_last_one():
    session = Session("bitskrieg", 5)
    assert session.humans() == ["blue", "red"] and session.viewer() == session.state.to_play
    alone = Session("bitskrieg", 5, seats={"blue": "easy"})
    assert alone.viewer() == "red" and not alone.interactive()


def test_the_log_html_escapes_and_lists_each_move():
    session = Session("bitskrieg", 5)
    session.act("roll")
    assert log_html(session.log) == f"<li>{session.log[0]}</li>" and "<li>" not in session.log[0]
    assert log_html(["<b> & co", "x"], 2) == '<li>&lt;b&gt; &amp; co</li><li aria-current="step" class="current">x</li>'
    assert session.log_for(None) is session.log_for(None)  # kept, not rebuilt


def test_a_new_or_restored_session_starts_with_no_message_and_no_curtain():
    session = Session("blitzed", 2, {"players": 3, "p2": "easy", "p3": "easy"})
    assert session.frame()["message"] == "" and session.frame()["last"] == ""
    assert session.frame()["result"] == "" and "can_hint" in session.frame()
    again = Session.from_save("blitzed", session.to_save())
    assert again.message == "" and again.curtain is False and again.clock_base == -again.state.clock


def test_a_hint_needs_a_declared_hint_bot(monkeypatch):
    session = Session("fall-blau", 4, {"generals": "hoth,paulus,ruoff"})
    monkeypatch.setattr(session.game, "hint_bot", None)
    assert session.hint_bot() is None and not session.can_hint()


def test_a_replay_says_where_it_is_and_who_won():
    from game_core.session import Replay
    session = Session("fall-blau", 3)
    while not session.state.is_over:
        session.act(session.state.legal_actions()[0])
    replay = Replay("fall-blau", session.state.record())
    moves = len(session.state.actions)
    assert replay.status() == f"Replay: move {moves} of {moves}."  # over, but nobody won
    replay.go("first")
    replay.go("next")
    replay.go("next")
    replay.go("back")
    assert replay.status() == f"Replay: move 1 of {moves}."
    frame = replay.frame()
    assert frame["step"] == 1 and frame["tray"] == [] and not frame["interactive"] and not frame["can_undo"]
    assert log_html(frame["log"], frame["step"]).count('aria-current="step"') == 1
    assert replay.states[1].actions == session.state.actions[:1]
    won = Session("bitskrieg", 3, seats={"blue": "easy", "red": "easy"})
    for n in range(3000):
        if won.state.is_over:
            break
        won.play_bot(n)
    replay = Replay("bitskrieg", won.state.record())
    moves = len(won.state.actions)
    assert replay.status() == f"Replay: move {moves} of {moves}. Winner: {won.game.seat_name(won.state.winner)}."


def test_the_log_is_one_list_item_per_move():
    session = Session("bitskrieg", 5)
    session.act("roll")
    session.act("roll")
    assert log_html(session.log) == "".join(f"<li>{line}</li>" for line in session.log)


def test_no_bot_moves_while_a_person_is_to_act():
    session = Session("bitskrieg", 3, seats={"red": "easy"})
    assert session.state.to_play == "blue" and session.bot_seat() is None and session.interactive()


def test_a_real_time_hotseat_never_hides_the_table_behind_a_curtain():
    session = Session("blitzed", 2, {"players": 3, "p1": "human", "p2": "human", "p3": "easy"})
    for _ in range(6):
        acting = [a for a in session.state.legal_actions()]
        session.act(acting[0], now_ms=0)
        assert session.curtain is False


def test_a_reloaded_hotseat_game_comes_back_covered_and_a_game_against_a_bot_does_not():
    hotseat = Session("blitzkrieg", 5)
    hotseat.act(hotseat.state.legal_actions()[0])
    assert Session.from_save("blitzkrieg", hotseat.to_save()).curtain is True
    alone = Session("blitzkrieg", 5, seats={"allies": "normal"})
    alone.act(alone.state.legal_actions()[0])
    assert Session.from_save("blitzkrieg", alone.to_save()).curtain is False
