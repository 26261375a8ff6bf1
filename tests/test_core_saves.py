"""Saves, share codes and the engine's own messages: each refusal says exactly what is wrong."""

import json

import pytest

from game_core import games, records
from game_core.engine import MAX_SAVE_CHARS, Game, IllegalAction, Option, SaveError, State
from game_core.rng import Rng
from game_core.session import Session

BITSKRIEG = games.get("bitskrieg")
# A share code made by this version: it must keep decoding (links in the wild), and encoding is stable.
RECORD = {"game": "bitskrieg", "seed": 7, "actions": ["roll", "roll"], "z": {"b": 1, "a": [1, 2]}}
CODE = "bb1.eNqrVkpMLsnMzytWsopWKsrPyVHSgVCxOkrpibmpSlZKSZklxdlFmanpQKni1NQUJStzHaUqJatqpUSgJkMdI6DSJCUrw9paAMnBF5M"


def test_a_share_code_is_stable_and_old_codes_still_read():
    assert records.encode(RECORD) == CODE
    assert records.decode(CODE) == RECORD


@pytest.mark.parametrize("code, message", [
    (None, "a share code is text"),
    ("bb1." + "A" * records.MAX_CODE_CHARS, "the share code is far too long to be a Blitzbox game"),
    ("bb1." + "A" * (records.MAX_CODE_CHARS - 4), "the share code is damaged (it was cut short or altered)"),
    ("bbx", "this is not a Blitzbox share code"),
    ("xx.y", "this is not a Blitzbox share code"),
    ("bb2.eNqrVkpMLsnMzytWsopWKsrPyVHSgVCxOkrp", "the share code is from a newer Blitzbox: reload the page to update"),
    (CODE[:-5], "the share code is damaged (it was cut short or altered)"),
    (CODE[:20] + "\u2603" + CODE[21:], "the share code is damaged (it was cut short or altered)"),
    (records.PREFIX + "eJyLjgUAARUAuQ", "the share code does not hold a game record"),
])
def test_share_code_refusals_say_exactly_why(code, message):
    with pytest.raises(SaveError) as err:
        records.decode(code)
    assert str(err.value) == message


def test_unpadded_codes_of_every_length_decode():
    for size in range(1, 9):
        record = {"a": "x" * size}
        assert records.decode(records.encode(record)) == record
    ends_in_x = {"moves": list(range(91))}  # only the padding is stripped, never a last letter
    assert records.encode(ends_in_x).endswith("X") and records.decode(records.encode(ends_in_x)) == ends_in_x


def test_a_code_inflating_past_any_game_says_so():
    import base64
    import zlib
    body = base64.urlsafe_b64encode(zlib.compress(b" " * (MAX_SAVE_CHARS + 10), 9)).decode()
    with pytest.raises(SaveError) as err:
        records.decode(records.PREFIX + body)
    assert str(err.value) == "the share code holds far more than a Blitzbox game"


def played(moves=4):
    state = BITSKRIEG.new_game(3)
    for _ in range(moves):
        state = state.apply(state.legal_actions()[0])
    return state


def record_with(**changes):
    return {**played().record(), **changes}


@pytest.mark.parametrize("data, message", [
    ([1], "this is not a Blitzbox save"),
    ({"format": "other"}, "this is not a Blitzbox save"),
    (record_with(version=True), "the save has no version number"),
    (record_with(version="1"), "the save has no version number"),
    (record_with(version=0), "the save has an unknown format number (0)"),
    (record_with(version=3), "the save is from a newer version of Blitzbox (format 3); this page reads up to 2: "
                             "reload to update"),
    (record_with(game="blitzed"), "the save is for 'blitzed', not 'bitskrieg'"),
    (record_with(seed=True), "the save's seed is missing or not a number"),
    (record_with(seed="3"), "the save's seed is missing or not a number"),
    (record_with(actions="roll"), "the save's move list is missing or damaged"),
    (record_with(actions=["roll", 3]), "the save's move list is missing or damaged"),
    (record_with(options={"colour": 1}), "the save's options are invalid: unknown option(s) for bitskrieg: colour; "
                                         "known: " + ", ".join(o.name for o in BITSKRIEG.options)),
    (record_with(actions=["roll", "fire b1 e5"]), "move 2 ('fire b1 e5') in the save is illegal: "
                                                  + BITSKRIEG.new_game(3).apply("roll").why_illegal("fire b1 e5")),
    (record_with(state={"phase": "over"}), "the save's position does not match its own moves (it was altered or "
                                           "damaged)"),
])
def test_save_refusals_say_exactly_why(data, message):
    with pytest.raises(SaveError) as err:
        BITSKRIEG.from_record(data)
    assert str(err.value) == message


@pytest.mark.parametrize("text, message", [
    (None, "a save must be text"),
    ("x" * (MAX_SAVE_CHARS + 1), "the save is too large to be a Blitzbox save"),
    ('"' + "x" * (MAX_SAVE_CHARS - 2) + '"', "this is not a Blitzbox save"),
    ("{oops}", "the save is not valid JSON (Expecting property name enclosed in double quotes at character 1)"),
    ("{oops", "the save is not valid JSON (its brackets do not match)"),
    ("[" * 100_000, "the save is not valid JSON (its brackets do not match)"),
    ("[" * 100 + "]" * 100, "the save is nested far too deeply to be a Blitzbox game"),
])
def test_save_text_refusals_say_exactly_why(text, message):
    with pytest.raises(SaveError) as err:
        BITSKRIEG.from_json(text)
    assert str(err.value) == message


def test_a_save_is_canonical_json_and_rebuilds_the_game():
    state = played()
    text = state.to_json()
    assert text == json.dumps(json.loads(text), sort_keys=True, separators=(",", ":"))
    assert json.loads(text)["state"] == json.loads(json.dumps(state.to_dict()))
    assert BITSKRIEG.from_json(text).to_json() == text
    assert BITSKRIEG.from_record(state.record()).to_json() == text  # a bare record, without "state"


def test_from_record_reports_every_move_it_replays():
    state = played()
    seen = []
    BITSKRIEG.from_record(state.record(), on_move=lambda before, after: seen.append((before.actions, after.actions)))
    assert seen == [(state.actions[:n], state.actions[:n + 1]) for n in range(len(state.actions))]


def test_a_session_save_is_canonical_and_keeps_the_redo():
    session = Session("bitskrieg", 5)
    while session.state.legal_actions()[0].startswith("roll"):
        session.act(session.state.legal_actions()[0])
    session.act(session.state.legal_actions()[0])
    session.undo()
    text = session.to_save()
    assert text == json.dumps(json.loads(text), sort_keys=True, separators=(",", ":"))
    again = Session.from_save("bitskrieg", text)
    assert again.redo_stack == session.redo_stack != []
    assert json.loads(Session("bitskrieg", 5).to_save())["redo"] == []


def test_a_shared_game_keeps_the_seats_it_is_given():
    session = Session("bitskrieg", 5)
    shared = Session.from_record("bitskrieg", session.state.record(), {"red": "easy"})
    assert shared.seats == {"blue": "human", "red": "easy"}


@pytest.mark.parametrize("mangle, message", [
    (lambda s: "{", "the saved game is not valid JSON (its brackets do not match)"),
    (lambda s: "{,}", "the saved game is not valid JSON"),
    (lambda s: "[" * 40 + "]" * 40, "the saved game is nested far too deeply to be a Blitzbox game"),
    (lambda s: "[]", "this is not a Blitzbox saved game"),
    (lambda s: s.replace('"version":1', '"version":true'), "the saved game has no valid version number"),
    (lambda s: s.replace('"version":1', '"version":0'), "the saved game has no valid version number"),
    (lambda s: s.replace('"version":1', '"version":2'), "the saved game is from a newer Blitzbox: reload the page to update"),
    (lambda s: s.replace('"game":"bitskrieg","r', '"game":"blitzed","r'), "the saved game is for 'blitzed', not 'bitskrieg'"),
    (lambda s: s.replace('"red":"human"', '"red":"grandmaster"'), "the saved seats are invalid: no bot level 'grandmaster' for Bitskrieg"),
    (lambda s: s.replace('"red":"human"', '"7":"human"'), "the saved seats are invalid: Bitskrieg has no seat '7'"),
])
def test_session_save_refusals_say_exactly_why(mangle, message):
    text = Session("bitskrieg", 5).to_save()
    with pytest.raises(SaveError) as err:
        Session.from_save("bitskrieg", mangle(text))
    assert str(err.value) == message


def test_a_damaged_redo_list_is_dropped_not_trusted():
    text = Session("bitskrieg", 5).to_save()
    assert Session.from_save("bitskrieg", text.replace('"redo":[]', '"redo":"roll"')).redo_stack == []
    assert Session.from_save("bitskrieg", text.replace('"redo":[]', '"redo":["roll",3]')).redo_stack == ["roll"]


def test_a_seat_past_the_player_count_is_skipped_but_an_unknown_one_is_refused():
    with pytest.raises(ValueError) as err:
        Session("blitzed", 2, {"players": 3}, seats={"p5": "human", "zz": "human"})
    assert str(err.value) == "Blitzed! has no seat 'zz'"
    assert "p5" not in Session("blitzed", 2, {"players": 3}, seats={"p5": "human"}).seats


# -- the engine's own small promises --------------------------------------------------------------------------
def test_an_option_keeps_what_it_was_given():
    option = Option("rounds", 3, low=1, high=5, label="", help="How many", needs=("mode", "solo"))
    assert (option.name, option.default, option.low, option.high, option.help, option.needs) == (
        "rounds", 3, 1, 5, "How many", ("mode", "solo"))
    assert option.label == "Rounds" and option.choices is None
    assert Option("c", "a", choices=["a", "b"]).choices == ("a", "b")
    assert Option("c", "a").help == ""


class Bare(Game):
    name = "bare"
    title = "Bare"
    seats = ("solo_player",)


def test_unknown_options_name_the_known_ones():
    with pytest.raises(ValueError) as err:
        Bare().validate_options({"x": 1, "w": 2})
    assert str(err.value) == "unknown option(s) for bare: w, x; known: none"
    with pytest.raises(ValueError) as err:
        Bare().validate_options([])
    assert str(err.value) == "options must be a dict of option name to value"


def test_the_default_hooks_of_a_game():
    game = Bare()
    assert game.seat_name("solo_player") == "Solo Player" and game.seat_name(2) == "2"
    assert game.describe_outcome(None, None) == ""
    assert game.canonical_action("x y") == "x y"
    with pytest.raises(IllegalAction) as err:
        game.parse_action(None, None)
    assert str(err.value) == "an action is a short text notation, not NoneType"
    with pytest.raises(IllegalAction, match="not int$"):
        game.parse_action(None, 5)
    with pytest.raises(IllegalAction) as err:
        game.parse_action(None, " \t ")
    assert str(err.value) == "empty action"
    assert game.parse_action(None, "  a   b ") == "a b"


class Told(Game):
    name = "told"

    def describe_action(self, state, action):
        return f"did {action}"

    def describe_outcome(self, before, after):
        return after.outcome


def test_the_default_narration_joins_the_action_and_what_chance_decided():
    class After:
        actions = ("x",)
        outcome = "a six"
    assert Told().narrate(None, After()) == [("did x: a six", None)]
    After.outcome = ""
    assert Told().narrate(None, After()) == [("did x", None)]


def test_a_states_dice_are_seeded_by_its_seed_and_its_game():
    state = BITSKRIEG.new_game(11)
    assert State(BITSKRIEG, 11, {}).rng.state == Rng.from_seed(11, "bitskrieg").state != Rng.from_seed(11, "").state
    assert state.undo_floor == 0 and state.actions == ()


def test_apply_reads_any_action_as_its_text_and_names_the_broken_rule():
    class Roll:
        def __str__(self):
            return "roll"
    state = BITSKRIEG.new_game(11)
    assert state.apply(Roll()).actions == ("roll",)
    with pytest.raises(IllegalAction) as err:
        state.apply("fire b1 e5")
    assert str(err.value) == state.why_illegal("fire b1 e5")


def test_no_move_after_the_end_says_so():
    state = games.get("fall-blau").new_game(3)
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    with pytest.raises(IllegalAction) as err:
        state.apply("end")
    assert str(err.value) == "the game is over: no more moves can be made"


def test_a_view_holds_what_its_seat_may_know(monkeypatch):
    monkeypatch.setattr(type(BITSKRIEG.new_game(1)), "facts", lambda self, seat: {"for": seat})
    state = BITSKRIEG.new_game(11)
    while state.legal_actions()[0].startswith("roll"):
        state = state.apply(state.legal_actions()[0])
    state = state.apply(state.legal_actions()[0])  # Blue picks a tank in secret
    mine, theirs, nobody = state.view("blue"), state.view("red"), state.view(None)
    assert set(mine) == {"game", "seat", "to_play", "options", "state", "moves_made", "facts"} | (
        {"legal_actions"} if state.to_play == "blue" else set())
    assert mine["game"] == "bitskrieg" and mine["seat"] == "blue" and mine["to_play"] == state.to_play
    assert mine["moves_made"] == len(state.actions) and mine["facts"] == {"for": "blue"}
    assert mine["options"] == state.options and mine["options"] is not state.options
    assert mine["state"] != theirs["state"] and theirs["state"] == nobody["state"]
    seat = state.to_play
    assert state.view(seat)["legal_actions"] == state.legal_actions()
    assert "legal_actions" not in state.view(BITSKRIEG.seats[1 - BITSKRIEG.seats.index(seat)]) and "legal_actions" not in nobody
