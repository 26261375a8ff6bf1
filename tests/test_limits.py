"""Input limits: every outside text is refused before json.loads when it is too large or too deep."""

import base64
import json
import zlib

import pytest

from game_core import SaveError, games, limits, records
from game_core.engine import MAX_SAVE_CHARS
from game_core.session import Session


def code_of(text: str) -> str:
    return records.PREFIX + base64.urlsafe_b64encode(zlib.compress(text.encode(), 9)).decode().rstrip("=")


def test_a_real_save_passes_and_parses_unchanged():
    session = Session("blitzkrieg", 3)
    for _ in range(12):
        session.act(session.state.legal_actions()[0])
    text = session.to_save()
    assert limits.parse_json(text, "the save") == json.loads(text)


@pytest.mark.parametrize("depth, ok", [(limits.MAX_DEPTH, True), (limits.MAX_DEPTH + 1, False), (50_000, False)])
def test_nesting_is_counted_outside_strings(depth, ok):
    text = "[" * depth + '"]]]{{"' + "]" * depth
    if ok:
        assert limits.parse_json(text, "x")
    else:
        with pytest.raises(SaveError, match="nested far too deeply"):
            limits.check_json(text, "x")


@pytest.mark.parametrize("text", ["[" * 50_000, "{" * 10 + "]" * 10, '{"a": [}'])
def test_unbalanced_brackets_are_refused_before_parsing(text):
    with pytest.raises(SaveError, match="brackets do not match"):
        limits.check_json(text, "the save")


def test_size_is_checked_first_and_bad_json_gets_a_plain_message():
    with pytest.raises(SaveError, match="too large"):
        limits.check_json("1" * (limits.MAX_SESSION_CHARS + 1), "the save")
    with pytest.raises(SaveError, match="the import is not valid JSON .it was cut short or altered.$"):
        limits.parse_json('{"a": 1,,}', "the import")
    with pytest.raises(SaveError, match="is not text"):
        limits.check_json(None, "the save")


def test_a_deep_share_code_is_refused_before_it_is_parsed():
    deep = code_of("[" * 50_000 + "]" * 50_000)
    assert len(deep) < 200
    with pytest.raises(SaveError, match="nested far too deeply"):
        records.decode(deep)
    with pytest.raises(SaveError, match="far more than a Blitzbox game"):
        records.decode(code_of(" " * (MAX_SAVE_CHARS + 10)))
    state = games.get("bitskrieg").new_game(5)
    assert records.decode(records.encode(state.record())) == state.record()
    for damaged in ("bb1.%%%", "hello", "bb1.", "bb9.abc"):
        with pytest.raises(SaveError):
            records.decode(damaged)


@pytest.mark.parametrize("fragment, query, code", [
    ("#g=bb1.abc", "", "bb1.abc"),
    ("", "?view=x&g=bb1.q%2Dz", "bb1.q-z"),
    ("#g=%E0%A4%A", "", "\ufffd%A"),
    ("#g=%", "", "%"),
    ("#g=", "", None),
    ("#other=1", "?x", None),
])
def test_share_codes_are_read_from_an_address_without_ever_failing(fragment, query, code):
    assert limits.share_code_in(fragment, query) == code


@pytest.mark.parametrize("text, expected", [
    (None, {"theme": "system", "speed": "normal"}),
    ('{"speed": []}', {"theme": "system", "speed": "normal"}),
    ('{"speed": "fast", "theme": {"a": 1}}', {"theme": "system", "speed": "fast"}),
    ('{"theme": "dark", "speed": "warp"}', {"theme": "dark", "speed": "normal"}),
    ("[" * 5000, {"theme": "system", "speed": "normal"}),
    ('"dark"', {"theme": "system", "speed": "normal"}),
])
def test_settings_are_checked_key_by_key(text, expected):
    assert limits.clean_settings(text) == expected


BOTS, SEATS = ("easy", "normal"), ["Axis", "Allies"]


@pytest.mark.parametrize("query, chosen, problem", [
    ("?seed=42&bot=easy&seat=Allies&theme=dark", {"seed": 42, "bot": "easy", "seat": "Allies", "theme": "dark"}, None),
    ("?seed=%C2%B2", {}, "the seed '²' is not a whole number"),  # "²".isdigit() is true, int() fails
    ("?seed=" + "9" * 5000, {}, "is not a whole number of at most 18 digits"),
    ("?seed=-3", {}, "the seed '-3'"),
    ("?bot=godlike", {}, "there is no bot 'godlike' (the bots: easy, normal)"),
    ("?seat=3", {}, "there is no seat '3'"),
    ("?seat=1", {"seat": "Allies"}, None),  # an older link's seat number
    ("?theme=%00", {}, "there is no theme '\\x00'"),
    ("?x=%%%&&&=&g=bb1.abc", {}, None),
    ("?" + "seed=1&" * 20_000, {"seed": 1}, None),
])
def test_an_address_s_choices_are_checked_and_each_unusable_one_named(query, chosen, problem):
    got, problems = limits.address_choices(query, BOTS, SEATS, lambda seat: {"1": "Allies"}.get(seat, seat))
    assert got == chosen
    assert (problem is None and problems == []) or (len(problems) == 1 and problem in problems[0])
