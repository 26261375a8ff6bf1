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


# -- share links that leak nothing (a game in progress: watch it, or move it to another device) ---------------
from game_core.rng import Rng  # noqa: E402
from game_core.session import Replay, Session, draw  # noqa: E402


def in_progress(name, seed=5, moves=15):
    """A game of people only, `moves` random moves in (or fewer, if it ended first: then it is finished)."""
    game = games.get(name)
    session = Session(name, seed, game.with_seats(None, {str(seat): "human" for seat in game.seats}))
    rng = Rng.from_seed(seed, "share")
    while not session.state.is_over and len(session.state.actions) < moves:
        session.act(rng.choice(session.state.legal_actions()))
    return session


def choices(session) -> dict:
    return {choice["kind"]: choice for choice in session.share_choices()}


def keys_anywhere(value) -> set:
    if isinstance(value, dict):
        return set(value).union(*map(keys_anywhere, value.values()))
    if isinstance(value, list):
        return set().union(*map(keys_anywhere, value))
    return set()


def test_an_unfinished_game_offers_a_watch_link_and_a_move_link_that_warns_what_it_reveals():
    session = in_progress("blitzkrieg")
    offered = choices(session)
    assert list(offered) == ["watch", "session"]
    assert offered["watch"]["label"] == "Let someone watch" and "no hidden pieces" in offered["watch"]["text"]
    assert offered["session"]["label"] == "Move this game to another device"
    assert offered["session"]["text"].startswith("Warning:") and "hidden piece" in offered["session"]["text"]
    assert "dice to come" in offered["session"]["text"]


@pytest.mark.parametrize("name", games.names())
def test_a_watch_link_holds_no_seed_and_only_what_a_spectator_sees_and_opens_as_a_replay(name):
    session = in_progress(name)
    assert not session.state.is_over
    data = records.decode(choices(session)["watch"]["code"])
    assert records.kind(data) == "watch"
    assert not keys_anywhere(data) & {"seed", "rng", "actions", "legal_actions", "redo"}
    states = []
    session.game.from_record(session.state.record(),
                             on_move=lambda before, after: states.extend([before] * (not states) + [after]))
    views, lines = records.watched_views(name, data)
    assert views == [json.loads(json.dumps(state.view(None))) for state in states]  # a spectator's, nothing more
    assert lines == session.log_for(None)
    replay = Replay(name, data)
    assert replay.watching and replay.at_end and replay.lines == lines
    package = replay.package
    for index in (0, len(states) // 2, len(states) - 1):
        replay.index = index
        assert replay.board_svg() == draw(package, states[index], None, {"interactive": False})
    assert replay.status() == f"Watching a game in progress: move {len(states) - 1} of {len(states) - 1}."


def test_a_move_link_holds_the_whole_game_and_plays_on_elsewhere():
    session = in_progress("bitskrieg")
    data = records.decode(choices(session)["session"]["code"])
    assert records.kind(data) == "session"
    assert Session.from_save("bitskrieg", json.dumps(data)).to_save() == session.to_save()


def test_a_finished_games_link_holds_everything_and_old_links_still_replay():
    session = in_progress("bitskrieg", moves=10_000)
    assert session.state.is_over
    (only,) = session.share_choices()
    assert only["kind"] == "record" and records.decode(only["code"]) == session.state.record()
    assert records.kind(records.decode(only["code"])) == "record"
    assert Replay("bitskrieg", records.decode(only["code"])).states[-1].to_json() == session.state.to_json()


DAMAGED = "the watch link is damaged (its positions do not fit together)"


@pytest.mark.parametrize("change, reason", [
    (lambda d: d.update(version=2), "the watch link is from a newer Blitzbox: reload the page to update"),
    (lambda d: d.update(game="blitzed"), "the watch link is for 'blitzed', not 'bitskrieg'"),
    (lambda d: d.update(steps=[]), DAMAGED),
    (lambda d: d.update(steps=5), DAMAGED),
    (lambda d: d.update(lines="abc"), DAMAGED),
    (lambda d: d["lines"].pop(), DAMAGED),
    (lambda d: d["steps"].__setitem__(1, ["x"]), DAMAGED),
    (lambda d: d["steps"][1].update(state=None), DAMAGED),
])
def test_a_damaged_watch_link_says_why(change, reason):
    data = records.decode(choices(in_progress("bitskrieg"))["watch"]["code"])
    change(data)
    with pytest.raises(SaveError) as refused:
        Replay("bitskrieg", data)
    assert str(refused.value) == reason


def test_each_watch_step_after_the_first_holds_only_what_changed():
    data = records.decode(choices(in_progress("bitskrieg"))["watch"]["code"])
    first, *changes = data["steps"]
    views, _ = records.watched_views("bitskrieg", data)
    for before, after, change in zip(views, views[1:], changes):
        assert change == {**{key: value for key, value in after.items() if before[key] != value},
                          "state": {key: value for key, value in after["state"].items()
                                    if before["state"][key] != value}}
    assert sum(map(len, changes)) < len(changes) * len(first)  # most of a view stays as it was


def test_a_watch_position_the_board_cannot_read_says_so_instead_of_breaking_the_page():
    data = records.decode(choices(in_progress("bitskrieg"))["watch"]["code"])
    data["steps"][-1]["state"] = {key: None for key in data["steps"][0]["state"]}
    replay = Replay("bitskrieg", data)
    assert "cannot be drawn: the link is damaged" in replay.board_svg()
    replay.go("first")
    assert replay.board_svg().startswith("<svg") and "damaged" not in replay.board_svg()


# -- whatever Blitzbox gives a player to carry a game is read (issue 48 F3) -------------------------------------
def moved_game():
    """A Blitzkrieg! game in progress against a bot, and its "Move this game to another device" code."""
    from game_core.session import Session
    session = Session("blitzkrieg", 4, seats={"axis": "human", "allies": "normal"})
    for _ in range(3):
        session.act(session.state.legal_actions()[-1])
    (code,) = [choice["code"] for choice in session.share_choices() if choice["kind"] == "session"]
    return session, code


def test_every_form_of_a_carried_game_is_read_the_same():
    session, code = moved_game()
    link = f"https://blitzbox.example/blitzkrieg.html#g={code}"
    forms = {link: "link", f"https://blitzbox.example/blitzkrieg?seed=3&g={code}": "link",
             f"#g={code}": "part of a link", f"g={code}": "part of a link", f"?g={code}": "part of a link",
             f"  {code[:40]}\n{code[40:]}  ": "save code", f"#{code}": "part of a link",
             f"https://blitzbox.example/blitzkrieg.html#{code}": "link",
             session.to_save(): "save file"}
    for text, form in forms.items():
        found = records.carried(text, "blitzkrieg")
        assert (found["form"], found["kind"]) == (form, "session"), text[:60]
        assert found["data"] == json.loads(session.to_save())


def test_records_and_watch_links_are_read_as_what_they_are():
    session, code = moved_game()
    (watch,) = [c["code"] for c in session.share_choices() if c["kind"] == "watch"]
    assert records.carried(f"https://x.example/blitzkrieg.html#g={watch}", "blitzkrieg")["kind"] == "watch"
    record = session.state.record()
    assert records.carried(records.encode(record), "blitzkrieg") == {"form": "save code", "kind": "record",
                                                                      "data": record}
    assert records.carried(json.dumps(record), "blitzkrieg")["kind"] == "record"


def test_a_remote_game_s_link_and_save_file_go_to_remote_play():
    found = records.carried("https://x.example/blitzkrieg.html#r=bbr2.abc_-", "blitzkrieg")
    assert found == {"form": "link", "kind": "remote-code", "code": "bbr2.abc_-"}
    text = json.dumps({"format": "blitzbox-remote", "name": "blitzkrieg"})
    assert records.carried(text, "blitzkrieg") == {"form": "save file", "kind": "remote", "text": text}


@pytest.mark.parametrize("text, reason", [
    ("", "nothing to load"),
    ("hello", "not a Blitzbox share code"),
    ("https://blitzbox.example/blitzkrieg.html", "this link holds no Blitzbox game"),
    ('{"format": "other"}', "this is not a Blitzbox save"),
    ('{"seed": 1,,}', "not valid JSON"),
    (records.encode(games.get("fall-blau").new_game(1).record()), "a game of Campaign: Fall Blau: open it on"),
    (records.encode({"format": "blitzbox", "game": "chess"}), "this is not a game of Blitzkrieg!"),
])
def test_what_is_not_a_game_of_this_page_says_why(text, reason):
    with pytest.raises(SaveError, match=reason):
        records.carried(text, "blitzkrieg")


def refusal(text) -> str:
    with pytest.raises(SaveError) as refused:
        records.carried(text, "blitzkrieg")
    return str(refused.value)


def test_each_refusal_of_a_carried_text_is_worded_whole():
    assert refusal(5) == "a save is text"
    assert refusal(" \n ") == "there is nothing to load: paste a save code, a link or a save file's text"
    assert refusal("[1, 2") == "the save file is not valid JSON (its brackets do not match)"  # a JSON list too
    assert refusal('{"format": "other"}') == "this is not a Blitzbox save"
    # a save file is held to the save limit (2,000,000 characters), not the session's 500,000
    assert refusal('{"format": "other", "pad": "' + "a" * 600_000 + '"}') == "this is not a Blitzbox save"
    unnamed = json.dumps({"format": "blitzbox", "game": ["a list"]})
    assert refusal(unnamed) == "this is not a game of Blitzkrieg!"  # (not a TypeError: a list is no title key)
    for link in ("https://blitzbox.example/blitzkrieg.html", "blitzbox.example/blitzkrieg.html", "ab#x://y"):
        assert refusal(link) == "this link holds no Blitzbox game (it has no #g= part)", link


def test_where_a_code_is_found_in_a_text():
    session, code = moved_game()
    # the query's code, with a "?" later in the fragment; a code broken over lines, in a link or remote link
    assert records._code_in(f"https://h.example/b.html?g={code}#top?x=1") == ("link", code)
    assert records._code_in(f"#g={code[:30]}\n{code[30:]}") == ("part of a link", code)
    assert records._code_in("https://h.example/b.html#r=bbr2.ab\ncd") == ("link", "bbr2.abcd")
    # only a "bb" code may follow the "#" straight; a "/" after the "#" is no path
    assert records._code_in("#hello") == ("save code", "#hello")
    assert records._code_in("ab#c/d#e") == ("save code", "ab#c/d#e")
