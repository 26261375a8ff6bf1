"""Bitskrieg saves of format 1 (seats 0 and 1, per-seat lists), made on main before the seats were named
(tests/fixtures/bitskrieg_v1_saves.json, made by notes/s8/seats_make_v1_fixture.py): a full save, a page's
session, a share code and a finished game load into the named seats, reach
the same position, read the same on the page, and play on (a remote game of the first protocol is
refused with a reason). Other games' format-1 saves load unchanged."""

import json
import pathlib
import random

import pytest

from game_core import games, records
from game_core.bitskrieg.words import end_words
from game_core.engine import SAVE_VERSION, SaveError, migrate
from game_core.remote import Remote, unseal
from game_core.session import Session

FIXTURES = pathlib.Path(__file__).parent / "fixtures"
OLD = json.loads((FIXTURES / "bitskrieg_v1_saves.json").read_text())
GAME = games.get("bitskrieg")


def stored(text):
    return json.loads(text)


def test_a_full_save_of_format_1_loads_into_the_named_seats_and_plays_on():
    old = stored(OLD["game"])
    assert old["version"] == 1 and old["state"]["turn"] == 0 and old["state"]["rebuilds"] == [0, 1]
    state = GAME.from_json(OLD["game"])  # replayed, and checked against the stored position brought up to date
    assert state.to_play == "blue" and state.first == "red" and state.home == {"blue": "s", "red": "n"}
    assert state.rebuilds == {"blue": 0, "red": 1} and state.destroyed == {"blue": ["M"], "red": []}
    assert state.last_roll["seat"] == "red" and state.last_roll["target"] == {"seat": "blue", "class": "L"}
    assert {tank[0] for tank in state.tanks.values()} == {"blue", "red"}
    assert state.to_dict() == GAME.replay(old["seed"], old["options"], old["actions"]).to_dict()
    rng = random.Random(1)
    for _ in range(30):
        state = state.apply(rng.choice(state.legal_actions()))
        state.check_invariants()
    again = GAME.from_json(state.to_json())
    assert stored(state.to_json())["version"] == SAVE_VERSION == 2 and again.to_dict() == state.to_dict()


def test_a_finished_game_of_format_1_keeps_its_winner():
    state = GAME.from_json(OLD["over"])
    assert stored(OLD["over"])["state"]["winner"] == 0
    assert state.is_over and state.winner == "blue" and state.won_by == "destroyed"
    assert end_words(state.winner, state.won_by) == "Blue wins: every Red tank destroyed."


def test_a_session_of_format_1_keeps_who_sits_where_its_redo_and_its_log():
    old = stored(OLD["session"])
    assert old["seats"] == {"0": "human", "1": "easy"} and old["redo"]
    session = Session.from_save("bitskrieg", OLD["session"])
    assert session.seats == {"blue": "human", "red": "easy"} and session.redo_stack == old["redo"]
    assert session.humans() == ["blue"] and session.viewer() == "blue" and session.interactive()
    # The words the page read then; since session 12 each narrated line ends with its own full stop.
    unstopped = lambda log: [line.replace(".", "") for line in log]
    assert unstopped(session.log_for("blue")) == unstopped(OLD["log_blue"]) and session.status() == OLD["status_blue"]
    session.redo()
    for turn in range(40):
        if session.state.is_over:
            break
        if session.bot_seat() == "red":
            session.play_bot(turn)
        else:
            session.act(session.state.legal_actions()[0])
    saved = stored(session.to_save())
    assert saved["seats"] == {"blue": "human", "red": "easy"} and saved["record"]["version"] == SAVE_VERSION
    assert Session.from_save("bitskrieg", session.to_save()).state.to_dict() == session.state.to_dict()


def test_a_share_code_of_format_1_opens_the_same_game():
    assert records.decode(OLD["share"])["version"] == 1
    assert records.load(GAME, OLD["share"]).to_dict() == GAME.from_json(OLD["game"]).to_dict()
    shared = Session.from_record("bitskrieg", records.decode(OLD["share"]), {"1": "easy"})
    assert shared.seats == {"blue": "human", "red": "easy"}


@pytest.mark.parametrize("alter", [
    lambda s: s["rebuilds"].__setitem__(0, 5),           # a number changed
    lambda s: s.__setitem__("turn", 1),                  # the other seat to play
    lambda s: s["tanks"]["a1"].__setitem__("seat", 1),   # a tank changed sides
    lambda s: s.__setitem__("turn", 7),                  # no such seat
    lambda s: s.__setitem__("chosen", 5),                # not even per seat
    lambda s: s.__setitem__("flags", [[], [], []]),      # three seats
    lambda s: s.pop("last_roll"),
])
def test_an_altered_position_of_format_1_is_refused(alter):
    data = stored(OLD["game"])
    alter(data["state"])
    with pytest.raises(SaveError, match="does not match its own moves"):
        GAME.from_json(json.dumps(data))


def test_a_numbered_position_is_not_read_as_format_2():
    data = stored(OLD["game"])
    data["version"] = 2
    with pytest.raises(SaveError, match="does not match its own moves"):
        GAME.from_json(json.dumps(data))


@pytest.mark.parametrize("name", [name for name in games.names() if name != "bitskrieg"])
def test_other_games_saves_of_format_1_are_unchanged(name):
    saves = json.loads((FIXTURES / "main_saves.json").read_text())[name]
    old = stored(saves["game"])
    assert old["version"] == 1 and migrate(dict(old), games.get(name)) == dict(old, version=SAVE_VERSION)
    assert games.get(name).from_json(saves["game"]).to_dict() == old["state"]
    session = Session.from_save(name, saves["session"])
    assert session.seats == {str(seat): who for seat, who in stored(saves["session"])["seats"].items()}


def test_a_remote_game_of_the_first_protocol_is_refused_with_a_reason():
    """Remote play moved to signed messages on a smaller group (issue 34): a side or a code of the first
    protocol cannot go on, and says so."""
    saved = OLD["remote"]["in_flight"]
    for name in ("blue", "red"):
        with pytest.raises(SaveError, match="older Blitzbox"):
            Remote.from_dict(json.loads(json.dumps(saved[name])))
    with pytest.raises(ValueError, match="older Blitzbox"):
        unseal(saved["code"])
