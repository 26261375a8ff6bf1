"""The page controller: seats, undo etiquette, autosave and refusing bad saves."""

import dataclasses
import json

import pytest

from game_core import IllegalAction, SaveError, games
from game_core.engine import finish
from game_core.session import Replay, Session, log_html


def first_legal(session):
    return session.state.legal_actions()[0]


def test_an_illegal_click_changes_nothing_and_names_the_rule():
    session = Session("blitzkrieg", 3)
    before = session.to_save()
    with pytest.raises(IllegalAction) as err:
        session.act("A3@ZZ9.9")
    assert str(err.value)
    assert session.to_save() == before


def test_autosave_round_trip_restores_the_exact_position_and_log():
    session = Session("blitzkrieg", 5)
    for _ in range(9):
        session.act(first_legal(session))
    again = Session.from_save("blitzkrieg", session.to_save())
    assert again.state.to_json() == session.state.to_json()
    for reader in (None, "axis", "allies"):  # each seat's log, and the public one, come back as they were
        assert again.log_for(reader) == session.log_for(reader)
    assert again.seats == session.seats


@pytest.mark.parametrize("mangle, reason", [
    (lambda s: s[: len(s) // 2], "not valid JSON"),
    (lambda s: s.replace('"blitzbox-session"', '"other"'), "not a Blitzbox saved game"),
    (lambda s: s.replace('"version":1', '"version":99'), "newer Blitzbox"),
    (lambda s: s.replace('"game":"blitzkrieg"', '"game":"bitskrieg"'), "is for"),
])
def test_bad_saves_are_refused_with_a_reason(mangle, reason):
    session = Session("blitzkrieg", 5)
    session.act(first_legal(session))
    with pytest.raises(SaveError) as err:
        Session.from_save("blitzkrieg", mangle(session.to_save()))
    assert reason in str(err.value)


def test_a_tampered_move_list_is_refused():
    session = Session("blitzkrieg", 5)
    session.act(first_legal(session))
    data = json.loads(session.to_save())
    data["record"]["actions"] = ["NUKE@WE1.1"]
    with pytest.raises(SaveError):
        Session.from_save("blitzkrieg", json.dumps(data))


def test_undo_never_crosses_a_draw_and_redo_replays():
    session = Session("blitzkrieg", 8)
    # A placement ends the Axis turn with a draw from the bag: it cannot be taken back.
    session.act(first_legal(session))
    assert not session.can_undo()
    session.undo()
    assert "Nothing to undo" in session.message
    assert len(session.state.actions) == 1


def test_hotseat_draws_a_curtain_when_the_device_passes_and_reveal_lifts_it():
    session = Session("blitzkrieg", 8)
    assert session.curtain is False
    while session.state.to_play == "axis":
        session.act(first_legal(session))
    assert session.curtain is True
    assert session.viewer() == "allies"
    session.command("reveal")
    assert session.curtain is False


def test_ui_commands_set_and_clear_selections():
    session = Session("blitzkrieg", 8)
    session.command("ui:token=A1")
    assert session.ui == {"token": "A1"}
    session.command("ui:token=")
    assert session.ui == {}
    with pytest.raises(ValueError):
        session.command("launch-missiles")


def test_seats_must_exist_and_bots_must_be_known():
    with pytest.raises(ValueError):
        Session("blitzkrieg", 1, seats={"japan": "human"})
    with pytest.raises(ValueError):
        Session("blitzkrieg", 1, seats={"axis": "grandmaster"})


def test_real_time_bots_play_a_whole_blitzed_game_on_a_virtual_clock():
    session = Session("blitzed", 2, {"players": 3, "p1": "normal", "p2": "easy", "p3": "hard"})
    now = 0
    while not session.state.is_over and now < 3_600_000:
        now += 100
        session.tick(now)
    assert session.state.is_over


def test_blitzed_options_say_who_sits_where_and_a_shared_game_keeps_its_bots():
    session = Session("blitzed", 2, {"players": 3, "p2": "hard", "p3": "human"})
    assert session.seats == {"p1": "human", "p2": "hard", "p3": "human"}
    assert Session("blitzed", 2).seats == {"p1": "human", "p2": "normal", "p3": "normal", "p4": "normal"}
    shared = Session.from_record("blitzed", session.state.record(), {"p2": "human"})
    assert shared.seats == session.seats  # the record's options win over the page's remembered seats
    with pytest.raises(ValueError, match="p2"):
        Session("blitzed", 2, {"p2": "grandmaster"})


def test_a_human_action_in_real_time_is_stamped_with_the_page_clock():
    session = Session("blitzed", 2, {"players": 3, "p2": "easy", "p3": "easy"})
    session.start_clock(5_000)
    ready = next(a for a in session.state.legal_actions() if a.startswith("p1 "))
    session.act(ready, now_ms=5_250)
    assert session.state.actions[-1].endswith("@250")


def test_several_people_on_one_device_each_get_controls_and_keys():
    session = Session("blitzed", 2, {"players": 3, "p2": "human", "p3": "easy"})
    svg = session.board_svg()
    assert svg.count("<svg") == 3  # the table and two control strips
    assert 'data-key="e"' in svg and 'data-key="i"' in svg


def test_a_hint_names_a_legal_move_and_the_share_of_playouts_won(monkeypatch):
    session = Session("fall-blau", 4, {"generals": "hoth,paulus,ruoff"})
    outcomes = iter([1.0, 0.0, 1.0])
    monkeypatch.setattr(session, "package", dataclasses.replace(session.package, win_chance=lambda view, rng: next(outcomes)))
    action, chance = finish(session.hint(1, playouts=3))
    assert action in session.state.legal_actions()
    assert chance == pytest.approx(2 / 3)


def test_solo_mode_seats_the_solo_module_as_the_axis():
    session = Session("blitzkrieg", 3, {"mode": "solo"}, {"axis": "human", "allies": "human"})
    assert session.seats == {"axis": "solo", "allies": "human"}
    for step in range(200):
        if session.state.is_over or session.state.to_play == "allies":
            break
        session.play_bot(step)
    assert session.state.to_play in ("allies", None)


def test_a_game_names_its_seats_for_people():
    session = Session("bitskrieg", 5, seats={"red": "easy"})
    assert session.humans() == ["blue"]
    assert session.game.seat_name("red") == "Red"
    assert session.viewer() == "blue"


def test_reset_turn_takes_back_every_step_of_the_turn_but_no_further():
    session = Session("bitskrieg", 5)
    while session.state.legal_actions()[0].startswith("roll"):
        session.act(session.state.legal_actions()[0])  # obstacle rolls: each is a floor
    start = len(session.state.actions)
    seat = session.state.to_play
    while session.state.to_play == seat and len(session.state.actions) < start + 3:
        session.act(session.state.legal_actions()[0])  # secret picks: no chance involved
    assert session.can_undo()
    session.command("reset-turn")
    assert len(session.state.actions) == start
    assert not session.can_undo()


def bitskrieg_at_its_secret_picks():
    """A Bitskrieg session past the obstacle rolls (each a floor): the secret picks take no chance."""
    session = Session("bitskrieg", 5)
    while session.state.legal_actions()[0].startswith("roll"):
        session.act(session.state.legal_actions()[0])
    return session


def test_undo_restores_the_position_before_and_redo_the_one_after():
    session = bitskrieg_at_its_secret_picks()
    session.act(session.state.legal_actions()[0])
    before = session.state.to_json()
    session.act(session.state.legal_actions()[-1])
    after = session.state.to_json()
    session.undo()
    assert session.state.to_json() == before
    assert session.frame()["can_redo"]
    session.redo()
    assert session.state.to_json() == after
    assert session.redo_stack == [] and not session.frame()["can_redo"]


def test_a_new_move_after_undo_forgets_the_redo():
    session = bitskrieg_at_its_secret_picks()
    session.act(session.state.legal_actions()[0])
    session.undo()
    session.act(session.state.legal_actions()[-1])
    assert session.redo_stack == []


def test_undo_redo_and_frame_never_replay_the_game(monkeypatch):
    session = bitskrieg_at_its_secret_picks()
    for _ in range(3):
        session.act(session.state.legal_actions()[0])

    def no_replay(*args, **kwargs):
        raise AssertionError("the game was replayed")
    monkeypatch.setattr(type(session.game), "replay", no_replay)
    monkeypatch.setattr(type(session.game), "new_game", no_replay)
    monkeypatch.setattr(type(session.game), "from_record", no_replay)
    moves = len(session.state.actions)
    frame = session.frame()
    assert frame["can_undo"] and frame["moves"] == moves and len(frame["log"]) == moves
    session.command("reset-turn")
    reset = len(session.state.actions)
    assert reset < moves and len(session.frame()["log"]) == reset
    session.redo()
    assert len(session.state.actions) == reset + 1 and len(session.frame()["log"]) == reset + 1


def test_a_restored_session_can_still_undo_what_it_could_before():
    session = bitskrieg_at_its_secret_picks()
    session.act(session.state.legal_actions()[0])
    before = session.state.to_json()
    session.act(session.state.legal_actions()[0])
    again = Session.from_save("bitskrieg", session.to_save())
    assert again.can_undo()
    again.undo()
    assert again.state.to_json() == before
    for reader in (None, "blue", "red"):
        assert again.log_for(reader) == session.log_for(reader)[:-1]


def test_the_frame_holds_everything_one_redraw_needs():
    session = Session("blitzkrieg", 8)
    session.act(first_legal(session))
    frame = session.frame()
    assert frame["board"].startswith("<svg") and frame["status"] == session.status()
    assert frame["log"] == session.log and frame["last"] == session.log[-1] and frame["moves"] == 1
    assert frame["can_undo"] is False and frame["can_redo"] is False and frame["over"] is False
    assert frame["curtain"] is True and frame["curtain_seat"] == session.game.seat_name(session.viewer())


def whispering(monkeypatch, game):
    """Make the game narrate each move with one public line and one line only Red may read."""
    def narrate(self, before, after):
        return [(f"move {len(after.actions)}", None), (f"secret of red at {len(after.actions)}", "red")]
    monkeypatch.setattr(type(game), "narrate", narrate)


def test_the_log_shows_a_seat_only_its_own_secrets(monkeypatch):
    session = Session("bitskrieg", 5, seats={"red": "easy"})
    whispering(monkeypatch, session.game)
    session.act(session.state.legal_actions()[0])
    assert session.viewer() == "blue"
    assert session.log == ["move 1."] and session.frame()["log"] == ["move 1."]
    assert session.log_for("red") == ["move 1. secret of red at 1."]  # each line its own sentence
    assert session.log_for(None) == ["move 1."]
    assert "secret" not in log_html(session.frame()["log"])


def test_hotseat_log_follows_the_viewer_and_hides_every_secret_behind_the_curtain(monkeypatch):
    session = bitskrieg_at_its_secret_picks()
    whispering(monkeypatch, session.game)
    while session.state.to_play != "red":
        session.act(session.state.legal_actions()[0])
    assert session.curtain and session.viewer() == "red"
    assert not any("secret" in line for line in session.log)
    assert not any("secret" in line for line in session.frame()["log"])
    session.command("reveal")
    assert "secret of red" in session.log[-1] and "secret of red" in session.frame()["log"][-1]


def test_a_replay_tells_each_move_without_anyones_secrets(monkeypatch):
    session = bitskrieg_at_its_secret_picks()
    for _ in range(3):
        session.act(session.state.legal_actions()[0])
    whispering(monkeypatch, session.game)
    replay = Replay("bitskrieg", session.state.record())
    moves = len(session.state.actions)
    assert replay.lines == [f"move {n}." for n in range(1, moves + 1)]
    assert len(replay.states) == moves + 1 and replay.at_end
    replay.go("first")
    assert replay.states[replay.index].actions == () and "move 0 of" in replay.status()
    replay.go("next")
    assert replay.index == 1 and 'aria-current="step" class="current">move 1.<' in log_html(replay.frame()["log"], replay.frame()["step"])
    replay.go("back")
    replay.go("back")
    assert replay.index == 0
    replay.go("last")
    assert replay.at_end


def test_a_replay_of_a_game_with_no_moves_shows_its_start():
    replay = Replay("bitskrieg", Session("bitskrieg", 5).state.record())
    assert len(replay.states) == 1 and replay.lines == [] and replay.at_end
    assert replay.board_svg().startswith("<svg")


def test_a_remote_game_and_a_replay_answer_frame_with_the_same_keys_as_a_local_game():
    """One controller protocol: the page reads every key of frame() whatever drives the board."""
    from game_core.remote import Remote
    from game_core.remote_session import RemoteSession
    keys = set(Session("bitskrieg", 3).frame())
    creator, invitation = Remote.create(games.get("bitskrieg"), None, "blue")
    waiting = RemoteSession(creator, "blitzbox:bitskrieg:remote:")
    assert set(waiting.frame()) == keys and waiting.frame()["last"] == "" and waiting.frame()["moves"] == 0
    joiner, reply = Remote.accept(invitation)
    creator.receive(reply)
    playing = RemoteSession(creator, "blitzbox:bitskrieg:remote:")
    assert set(playing.frame()) == keys and playing.frame()["over"] is False
    replay = Replay("bitskrieg", Session("bitskrieg", 3).state.record())
    assert set(replay.frame()) == keys and replay.frame()["step"] == 0 and replay.frame()["result"] == ""
