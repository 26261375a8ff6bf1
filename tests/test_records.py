"""Share codes round-trip, and damaged or tampered codes are refused with a reason."""

import base64
import json
import zlib

import pytest

from game_core import SaveError, games, records
from game_core.engine import MAX_SAVE_CHARS


def played(name="blitzkrieg", seed=4, moves=15):
    game = games.get(name)
    state = game.new_game(seed)
    for _ in range(moves):
        state = state.apply(state.legal_actions()[-1])
    return game, state


def test_a_share_code_rebuilds_the_same_game():
    game, state = played()
    code = records.encode(state.record())
    assert code.startswith("bb1.") and all(c.isalnum() or c in "-_." for c in code)
    assert records.load(game, code).to_json() == state.to_json()


@pytest.mark.parametrize("mangle, reason", [
    (lambda c: c[:-7], "damaged"),
    (lambda c: c[:10] + ("A" if c[10] != "A" else "B") + c[11:], "damaged"),
    (lambda c: "hello", "not a Blitzbox share code"),
    (lambda c: "bb9." + c[4:], "newer Blitzbox"),
])
def test_damaged_codes_are_refused(mangle, reason):
    game, state = played()
    with pytest.raises(SaveError) as err:
        records.load(game, mangle(records.encode(state.record())))
    assert reason in str(err.value)


def test_a_code_with_an_altered_move_is_refused():
    game, state = played()
    record = state.record()
    record["actions"][3] = record["actions"][2]
    with pytest.raises(SaveError) as err:
        records.load(game, records.encode(record))
    assert "illegal" in str(err.value)


def test_a_code_for_another_game_is_refused():
    game, state = played()
    record = dict(state.record(), game="fall-blau")
    with pytest.raises(SaveError, match="is for 'fall-blau', not 'blitzkrieg'"):
        records.load(game, records.encode(record))


def packed(text: bytes) -> str:
    return records.PREFIX + base64.urlsafe_b64encode(zlib.compress(text, 9)).decode().rstrip("=")


def test_a_code_that_inflates_past_any_game_is_refused_as_too_large():
    with pytest.raises(SaveError, match="far more than a Blitzbox game"):
        records.decode(packed(b" " * (MAX_SAVE_CHARS + 10)))


@pytest.mark.parametrize("text, reason", [
    (b"[1, 2]", "does not hold a game record"),
    (b"{not json}", "damaged"),
    (b"{not json", "the share code is not valid JSON \\(its brackets do not match\\)"),
    (b"\xff\xfe", "damaged"),
    (b"[" * 100_000, "the share code is not valid JSON \\(its brackets do not match\\)"),
    (b"[" * 100 + b"]" * 100, "the share code is nested far too deeply"),
])
def test_a_code_holding_no_record_is_refused(text, reason):
    with pytest.raises(SaveError, match=reason):
        records.decode(packed(text))


def test_a_record_larger_than_a_stored_session_but_within_the_save_limit_is_read():
    # A share code may hold up to MAX_SAVE_CHARS, more than the 500,000 a stored session may.
    record = {"pad": "x" * 1_000_000}
    assert records.decode(packed(json.dumps(record).encode())) == record


def test_a_truncated_stream_is_damaged():
    whole = zlib.compress(json.dumps({"a": "b" * 400}).encode(), 9)
    code = records.PREFIX + base64.urlsafe_b64encode(whole[: len(whole) // 2]).decode()
    with pytest.raises(SaveError, match="damaged"):
        records.decode(code)


def test_codes_are_text_and_not_too_long():
    with pytest.raises(SaveError, match="is text"):
        records.decode(None)
    with pytest.raises(SaveError, match="far too long"):
        records.decode("bb1." + "A" * records.MAX_CODE_CHARS)
    game, state = played()
    assert records.decode("  " + records.encode(state.record()) + "\n") == state.record()


def test_a_save_whose_position_was_altered_is_refused():
    game, state = played()
    data = json.loads(state.to_json())
    assert game.from_json(state.to_json()).to_json() == state.to_json()
    data["state"]["vp"] = {side: 99 for side in data["state"]["vp"]}
    with pytest.raises(SaveError, match="does not match its own moves"):
        game.from_json(json.dumps(data))
