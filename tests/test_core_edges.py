"""The engine's and the page controller's smaller promises, each written to kill a mutant that lived
(docs/mutation.md): the default narration reads the position before the move, a replay draws with the
page's choices and never as a board to play on."""

import dataclasses
import types
from html import escape

import pytest

from game_core import games
from game_core.engine import Bot, Field, Game, Option, finish, run_bot
from game_core.rng import Rng
from game_core.session import Replay, Session, log_html

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
    monkeypatch.setattr(replay, "package", recorder)
    replay.ui["narrow"] = True
    replay.go("back")
    replay.board_svg()
    assert recorder.calls == [(replay.states[3].view(None), {"narrow": True, "interactive": False})]


class Recording(Bot):
    """A bot that notes what it was given and takes the first legal action."""

    def __init__(self):
        self.given = []

    def think(self, game, view, rng, budget_ms=0):
        self.given.append((game, view, rng.next64()))
        return view["legal_actions"][0]
        yield  # a generator, as every bot's think is


def test_a_bot_thinks_on_its_own_seeded_stream_with_the_game_and_its_seats_view(monkeypatch):
    session = Session("bitskrieg", 3, seats={"blue": "easy"})
    bot = Recording()
    monkeypatch.setattr(session, "package", types.SimpleNamespace(bots={"easy": bot}))
    assert finish(session.bot_thinker(7)) == session.state.legal_actions()[0]
    assert bot.given == [(session.game, session.state.view("blue"), Rng.from_seed(7, "bot").next64())]


def test_a_hint_thinks_on_its_own_stream_and_plays_twenty_games_from_the_viewers_view(monkeypatch):
    session = Session("bitskrieg", 3, seats={"red": "easy"})
    bot, played = Recording(), []
    monkeypatch.setattr(session, "hint_bot", lambda: bot)
    monkeypatch.setattr(session, "package", dataclasses.replace(session.package, win_chance=lambda view, rng: played.append((view, rng.next64())) or 1.0))
    assert finish(session.hint(7)) == (session.state.legal_actions()[0], 1.0)
    stream = Rng.from_seed(7, "hint")
    assert bot.given == [(session.game, session.state.view("blue"), stream.next64())]
    assert played == [(session.state.view("blue"), stream.next64()) for _ in range(20)]


def test_the_base_bot_hands_its_choice_the_game():
    class Named(Bot):
        def choose(self, game, view, rng):
            return game.name
    assert run_bot(Named(), games.get("bitskrieg"), {}, Rng.from_seed(1, "x")) == "bitskrieg"


def test_page_choices_keep_everything_after_the_first_equals_sign_and_clear_quietly():
    session = Session("bitskrieg", 3)
    session.command("ui:label=a=b")
    assert session.ui == {"label": "a=b"}
    session.command("ui:tank=")  # clearing a choice never made
    assert session.ui == {"label": "a=b"}
    with pytest.raises(ValueError) as err:
        session.command("dance")
    assert str(err.value) == "unknown command 'dance'"


def test_an_internal_option_is_never_shown_in_the_new_game_dialog():
    assert not Option("remote", False, internal=True).shown({})
    assert Option("remote", False).shown({})


def test_a_declared_field_defaults_to_its_name_and_deep_copies_unless_shared_or_told():
    plain = Field("board")
    nested = {"a": [1, 2]}
    assert (plain.name, plain.see, plain.key, plain.get, plain.open, plain.top) == ("board", "public", "board",
                                                                                     None, None, None)
    for convert in (plain.save, plain.load, plain.copy):
        copied = convert(nested)
        assert copied == nested and copied["a"] is not nested["a"]
    assert not plain.shared
    shared = Field("index", copy="share", key="idx")
    assert shared.shared and shared.copy(nested) is nested and shared.key == "idx"
    reset = Field("cache", copy=lambda value: None, save=str, load=int)
    assert reset.copy(nested) is None and reset.save(3) == "3" and reset.load("3") == 3 and not reset.shared


class Parts(Recorder):
    """A package whose drawing names the part and the seat it was drawn for (so the joins show)."""

    def render(self, view, ui):
        self.calls.append((view, ui))
        return f"<{ui.get('part', 'board')}:{view.get('seat')}>"


class Keyless(Parts):
    """A real-time package with no keyboard shortcuts at all."""


def test_more_people_than_keyboard_layouts_at_a_real_time_table_get_touch_only_controls(monkeypatch):
    session = Session("blitzed", 2, {"players": 3, "p2": "human", "p3": "human"})
    package = Parts()
    package.keyboard_layouts = ({"roll": "q"}, {"roll": "p"})
    monkeypatch.setattr(session, "package", package)
    session.command("ui:narrow=1")
    acting = session.acting_seats()
    assert session.board_svg() == "<table:None><controls:p1><controls:p2><controls:p3>"  # one table, then each person
    assert package.calls == [
        (session.state.view(None), {"part": "table", "interactive": False, "narrow": True}),
        (session.state.view("p1"), {"part": "controls", "keys": {"roll": "q"}, "narrow": True, "interactive": "p1" in acting}),
        (session.state.view("p2"), {"part": "controls", "keys": {"roll": "p"}, "narrow": True, "interactive": "p2" in acting}),
        (session.state.view("p3"), {"part": "controls", "keys": {}, "narrow": True, "interactive": "p3" in acting})]


def test_a_real_time_package_without_keyboard_layouts_draws_every_table_with_no_keys(monkeypatch):
    shared = Session("blitzed", 2, {"players": 3, "p2": "human", "p3": "easy"})
    monkeypatch.setattr(shared, "package", Keyless())
    assert shared.board_svg() == "<table:None><controls:p1><controls:p2>"
    assert [ui.get("keys") for view, ui in shared.package.calls] == [None, {}, {}]
    alone = Session("blitzed", 2, {"players": 3, "p2": "easy", "p3": "easy"})
    monkeypatch.setattr(alone, "package", Keyless())
    assert alone.board_svg() == "<board:p1>"
    (view, ui), = alone.package.calls
    assert ui["keys"] == {} and ui["interactive"] == alone.interactive()


def test_people_taking_turns_on_one_device_share_one_board_not_a_table_each(monkeypatch):
    session = Session("bitskrieg", 3)  # two people, a turn-based game
    package = Parts()
    monkeypatch.setattr(session, "package", package)
    session.command("reveal")
    assert session.board_svg() == "<board:blue>"
    assert package.calls == [(session.state.view("blue"), {"curtain": False, "interactive": True})]


def test_real_time_bots_act_on_the_games_bots_stream_at_the_pages_clock(monkeypatch):
    session = Session("blitzed", 2, {"players": 3, "p2": "easy", "p3": "easy"})
    session.start_clock(1000)
    first = next(a for a in session.state.legal_actions() if a.startswith("p2 "))
    given, acted = [], []
    package = types.SimpleNamespace(tick=lambda state, now, bots, rng: given.append(rng.next64()) or [first])
    monkeypatch.setattr(session, "package", package)
    monkeypatch.setattr(session, "act", lambda action, **how: acted.append((action, how)))
    assert session.tick(1600) == 1
    assert given == [Rng.from_seed(session.state.seed, "bots").next64()]
    assert acted == [(first, {"by_bot": True, "now_ms": 1600})]


def test_a_package_without_bots_offers_no_hint(monkeypatch):
    session = Session("bitskrieg", 3)
    monkeypatch.setattr(session, "package", types.SimpleNamespace(bots={}))  # no bot of the hint level
    assert session.hint_bot() is None and not session.can_hint()


def test_a_session_save_may_be_as_long_as_a_game_save_not_only_a_stored_session():
    from game_core.engine import MAX_SAVE_CHARS
    from game_core.jsontext import MAX_SESSION_CHARS
    session = Session("bitskrieg", 3)
    session.act("roll")
    text = session.to_save() + " " * MAX_SESSION_CHARS  # the save limit, not the stored session's, applies
    assert MAX_SESSION_CHARS < len(text) <= MAX_SAVE_CHARS
    assert Session.from_save("bitskrieg", text).state.actions == session.state.actions


def test_a_replays_log_marks_only_the_current_move_and_leaves_the_others_plain():
    session = Session("bitskrieg", 3, seats={"blue": "easy", "red": "easy"})
    for n in range(3):
        session.play_bot(n)
    replay = Replay("bitskrieg", session.state.record())
    replay.go("back")
    first, second, third = (escape(line) for line in replay.lines)
    frame = replay.frame()
    assert log_html(frame["log"], frame["step"]) == (f'<li>{first}</li><li aria-current="step" class="current">{second}</li>'
                                 f"<li>{third}</li>")


def test_a_bot_is_handed_the_callers_time_budget():
    budgets = []

    class Timed(Bot):
        def think(self, game, view, rng, budget_ms=0):
            budgets.append(budget_ms)
            return "roll"
            yield

    game = games.get("bitskrieg")
    run_bot(Timed(), game, {}, Rng.from_seed(1, "x"))
    run_bot(Timed(), game, {}, Rng.from_seed(1, "x"), budget_ms=250)
    assert budgets == [0, 250]  # no budget unless the caller gives one


def test_play_bot_thinks_on_the_bot_stream_and_leaves_the_redo_stack_alone(monkeypatch):
    session = Session("bitskrieg", 3, seats={"blue": "easy"})
    bot = Recording()
    monkeypatch.setattr(session, "package", types.SimpleNamespace(bots={"easy": bot}))
    session.redo_stack = ["roll"]  # what the person took back stays redoable when a bot moves
    session.play_bot(7)
    assert bot.given[0][2] == Rng.from_seed(7, "bot").next64()
    assert session.redo_stack == ["roll"]


def hotseat_game_to_the_end(seed):
    """Two people on one device, each move chosen by the easy bot for whoever is to act."""
    session = Session("bitskrieg", seed)
    bot = session.package.bots["easy"]
    n = 0
    while not session.state.is_over:
        seat = session.acting_seats()[0]
        session.act(run_bot(bot, session.game, session.state.view(seat), Rng.from_seed(n, "x")))
        n += 1
    return session


def test_a_finished_hotseat_game_is_shown_to_whoever_moved_last_and_reloaded_to_the_first_person():
    session = hotseat_game_to_the_end(2)
    assert session.state.winner == "red" and session.acting_seats() == ()
    assert session.viewer() == "red"  # nobody is to act: the board stays with the last person who acted
    again = Session.from_save("bitskrieg", session.to_save())
    assert again.viewer() == "blue"  # no one has acted since the reload: the first person


def test_a_person_never_takes_back_a_bots_step():
    session = Session("bitskrieg", 3, seats={"red": "easy"})
    seen = {"bot still to act": 0, "person's turn": 0}
    for n in range(60):
        if session.bot_seat() is not None:
            session.play_bot(n)
        else:
            session.act(session.state.legal_actions()[0])
        if session._undo_states and session._undo_states[-1].to_play == "red":
            seen["bot still to act" if session.state.to_play == "red" else "person's turn"] += 1
            assert not session.can_undo()
    assert all(seen.values())


def test_a_real_time_round_starts_at_the_page_time_of_the_last_ready():
    session = Session("blitzed", 2, {"players": 3, "p2": "human", "p3": "human"})
    for now, seat in ((1000, "p1"), (1500, "p2"), (2000, "p3")):
        session.act(f"{seat} ready", now_ms=now)
    assert session.state.epoch == 1 and session.state.clock == 0
    assert session.clock_base == 2000  # the new round's clock is lined up with the page's clock


def test_a_table_of_bots_shows_the_games_own_status_not_a_thinking_bot():
    session = Session("blitzed", 2, {"players": 3, "p1": "easy", "p2": "easy", "p3": "easy"})
    assert session.viewer() is None and session.bot_seat() is None and not session.interactive()
    assert session.status() == session.package.status_text(session.state.view(None))


def test_the_declared_fields_are_worked_out_once_per_class_and_a_subclass_gets_its_own():
    base = games.get("bitskrieg").state_class
    assert base._declared() is base._declared()  # copy() runs for every move: the split is cached

    class Extended(base):
        fields = base.fields + (Field("note", see="scratch"),)

    assert Extended._declared() is Extended._declared()
    assert "note" in Extended._declared()[0] and "note" not in base._declared()[0]


def test_a_state_copy_copies_a_field_declared_with_its_own_copy_its_own_way():
    base = games.get("bitskrieg").state_class

    class Memo(base):
        fields = base.fields + (Field("memo", see="scratch", copy=lambda memo: {}),)  # a cache, emptied

    state = games.get("bitskrieg").new_game(3)
    state.__class__ = Memo
    state.memo = {"roll": True}
    copied = state.copy()
    assert copied.memo == {} and state.memo == {"roll": True}
    assert copied.to_dict() == state.to_dict()  # the declared fields copied as they are
