"""What the page keeps in its storage and reads back, decided in game_core (web/glue/storage.py binds these to
localStorage and the address): the game a tab shows saved after each redraw, a fresh start's game saved
before, a stored remote side, an embed's set-up from its address, the last game's set-up, and the statistics."""

import json

import pytest

from game_core import games, new_game, stats
from game_core.engine import SaveError
from game_core.remote import Remote
from game_core.remote_session import RemoteSession
from game_core.rng import Rng
from game_core.session import Session
from game_core.shelf import text_of

from tests.remote_table import Table
from tests.test_shelf import AUTOSAVE, PREFIX, FakeStorage, new_shelf, played

REMOTE_OPEN = f"{PREFIX}:remote-open"
REMOTE_PREFIX = "blitzbox:bitskrieg:remote:"


def remote_side():
    creator, _ = Remote.create(games.get("bitskrieg"), None, "blue")
    return RemoteSession(creator, REMOTE_PREFIX)


# -- the game a tab shows, saved after each redraw ------------------------------------------------------------
def test_a_local_game_is_saved_and_the_note_of_a_remote_game_shown_before_goes():
    storage = FakeStorage()
    shelf = new_shelf(storage)
    storage.items[REMOTE_OPEN] = "gid"
    game = played(3)
    shelf.save_shown(game, REMOTE_OPEN)
    assert storage.items == {AUTOSAVE: game.to_save(), f"{AUTOSAVE}:over": "0"}


def test_a_remote_game_is_saved_under_its_own_key_never_over_the_local_game_and_only_when_it_changed():
    storage = FakeStorage()
    shelf = new_shelf(storage)
    local = played(2)
    shelf.save_shown(local, REMOTE_OPEN)
    side = remote_side()
    storage.items[REMOTE_OPEN] = side.side.gid
    shelf.save_shown(side, REMOTE_OPEN)
    assert storage.items[side.key] == side.to_save() == side.saved and side.key.startswith(REMOTE_PREFIX)
    assert storage.items[AUTOSAVE] == local.to_save() and storage.items[REMOTE_OPEN] == side.side.gid
    storage.items[side.key] = "written elsewhere"
    shelf.save_shown(side, REMOTE_OPEN)  # unchanged since it was stored: not stored again
    assert storage.items[side.key] == "written elsewhere"


def test_a_remote_game_that_cannot_be_stored_is_said_and_stored_at_the_next_redraw():
    storage = FakeStorage()
    shelf = new_shelf(storage)
    side = remote_side()
    storage.broken = True
    shelf.save_shown(side, REMOTE_OPEN)
    assert side.key not in storage.items and side.saved is None and "not saved" in shelf.problem
    storage.broken = False
    shelf.save_shown(side, REMOTE_OPEN)
    assert storage.items[side.key] == side.saved and shelf.problem == ""


# -- a fresh start (?fresh=1) keeps the game saved before --------------------------------------------------------
def test_a_fresh_start_keeps_the_game_saved_before_aside_and_says_so_as_news():
    storage = FakeStorage()
    shelf = new_shelf(storage)
    before = played(4).to_save()
    storage.items[AUTOSAVE] = before
    said, news = shelf.keep_before_fresh_start()
    kept = shelf.kept()
    assert [storage.items[entry["key"]] for entry in kept] == [before] and news
    assert said == f"A new game was started: the game saved before was kept aside in Saves ({kept[0]['label']})."
    assert kept[0]["label"] == "Bitskrieg, kept 2026-12-03 10:00:01: 4 moves, in progress"


def test_an_unreadable_save_is_kept_aside_too_but_nothing_when_no_game_was_begun():
    storage = FakeStorage()
    shelf = new_shelf(storage)
    storage.items[AUTOSAVE] = "{damaged"
    said, _ = shelf.keep_before_fresh_start()
    assert "(A saved game this page cannot read, kept " in said
    for nothing in ("", played(0).to_save()):
        storage = FakeStorage()
        storage.items[AUTOSAVE] = nothing
        assert new_shelf(storage).keep_before_fresh_start() is None and len(storage.items) == 1
    assert new_shelf(FakeStorage()).keep_before_fresh_start() is None


def test_with_no_room_to_keep_it_the_game_saved_before_is_held_and_never_overwritten():
    storage = FakeStorage()
    shelf = new_shelf(storage)
    before = played(4).to_save()
    storage.items[AUTOSAVE] = before
    storage.fill()
    said, news = shelf.keep_before_fresh_start()
    assert not news and shelf.held == "stuck" and shelf.kept() == []
    assert said.startswith("A new game was started, but the game saved before could not be kept aside (")
    assert said.endswith("): it stays where it is, and this game is not saved until there is room.")
    assert not shelf.save(played(1, seed=9)) and storage.items[AUTOSAVE] == before


# -- a stored remote side --------------------------------------------------------------------------------------
def test_a_stored_remote_side_comes_back_with_its_log_or_without_it_for_a_label():
    table = Table(games.get("blitzkrieg"), 3)
    for _ in range(3):
        table.step()
    side = RemoteSession(table.a, REMOTE_PREFIX)
    again = RemoteSession.from_save("blitzkrieg", side.to_save(), REMOTE_PREFIX)
    assert again.key == side.key and again.to_save() == side.to_save() and again.describe() == side.describe()
    # (how many moves three steps make depends on the sides' secret draws: one to three)
    assert len(again.narration) == len(side.state.actions) > 0
    label = RemoteSession.from_save("blitzkrieg", side.to_save(), "other:", narrated=False)
    assert label.key == "other:" + side.side.gid and label.narration == [] and label.describe() == side.describe()


class Narrated:
    """A side as the page holds it: every move made or message received goes through its RemoteSession,
    which narrates it (the table then plays it like the bare side)."""

    def __init__(self, session):
        self.session = session

    def __getattr__(self, name):
        return getattr(self.session.side, name)

    def act(self, action):
        return self.session.act(action)

    def receive(self, code):
        return self.session.receive(code)


@pytest.mark.parametrize("seed", range(6))
def test_a_stored_remote_side_narrates_its_moves_as_the_live_side_did(seed):
    table = Table(games.get("blitzkrieg"), seed)
    live = RemoteSession(table.a, REMOTE_PREFIX)
    table.a = Narrated(live)
    for _ in range(8):
        table.step()
    again = RemoteSession.from_save("blitzkrieg", live.to_save(), REMOTE_PREFIX)
    assert len(live.narration) == len(live.state.actions) > 3
    assert again.narration == live.narration
    assert live.side.log == table.messages[:len(live.side.log)]  # the session handed on every code to send


@pytest.mark.parametrize("text, words", [
    ("{", "the saved remote game is not valid JSON (its brackets do not match)"),
    (None, "the saved remote game is not text"),
    ("[]", "this is not a remote game of Bitskrieg"),
    (json.dumps({"name": "blitzkrieg"}), "this is not a remote game of Bitskrieg"),
])
def test_a_stored_remote_side_of_another_game_or_damaged_is_refused_in_words(text, words):
    with pytest.raises(SaveError) as refused:
        RemoteSession.from_save("bitskrieg", text, REMOTE_PREFIX)
    assert str(refused.value) == words


def test_a_remote_side_is_read_only_by_its_own_games_page():
    side = remote_side().to_save()
    with pytest.raises(SaveError, match="not a remote game of Blitzkrieg!"):
        RemoteSession.from_save("blitzkrieg", side, REMOTE_PREFIX)


# -- an embed's address ---------------------------------------------------------------------------------------
USUAL = {"options": {}, "seats": {"blue": "human", "red": "normal"}}


@pytest.mark.parametrize("query, seats, seed", [
    ("", {"blue": "human", "red": "normal"}, None),
    ("?seed=12", {"blue": "human", "red": "normal"}, 12),
    ("?bot=easy", {"blue": "human", "red": "easy"}, None),
    ("?bot=hard&seat=red", {"blue": "hard", "red": "human"}, None),
    ("?seat=1&bot=expert&seed=0", {"blue": "expert", "red": "human"}, 0),  # a seat's older name
    ("?seat=red", {"blue": "human", "red": "normal"}, None),  # a seat alone changes nobody
])
def test_an_embeds_address_chooses_its_seed_bot_and_seat(query, seats, seed):
    assert new_game.embed_setup("bitskrieg", USUAL, query) == ({"options": {}, "seats": seats}, seed, "")


def test_what_an_embeds_address_cannot_use_is_named_in_one_sentence_and_the_rest_is_used():
    setup, seed, problem = new_game.embed_setup("bitskrieg", USUAL, "?bot=zzz&seed=4&seat=qq")
    assert setup == USUAL and seed == 4
    assert problem == ("Part of this address was not used (there is no bot 'zzz' (the bots: easy, normal, hard, "
                       "expert); there is no seat 'qq' (the seats: blue, red)): the game plays without it.")


def test_an_embeds_bot_and_seat_go_into_the_options_of_a_game_whose_options_name_its_seats():
    usual = new_game.default_setup("blitzed")
    setup, _, problem = new_game.embed_setup("blitzed", usual, "?bot=hard&seat=p2&theme=dark")
    seats = {"p1": "hard", "p2": "human", "p3": "hard", "p4": "hard", "p5": "hard"}
    assert setup == {"options": seats, "seats": seats} and problem == ""
    assert usual == new_game.default_setup("blitzed")  # (not changed)


# -- "Same as last game" ----------------------------------------------------------------------------------------
def finished_bitskrieg(seats):
    session = Session("bitskrieg", 8, None, seats)
    rng = Rng.from_seed(8, "last")
    while not session.state.is_over:
        session.act(rng.choice(session.state.legal_actions()))
    return session


@pytest.mark.parametrize("seats, person", [({"blue": "easy", "red": "human"}, "red"),
                                            ({"blue": "human", "red": "human"}, "blue")])
def test_the_set_up_the_first_person_made_is_kept_at_the_end_and_read_back(seats, person):
    session = finished_bitskrieg(seats)
    text = new_game.last_setup_text(session)
    remembered = games.package("bitskrieg").remembered_setup
    expected = remembered(session.state.record(), person)
    assert expected and json.loads(text) == expected and new_game.read_last_setup(text) == expected
    assert expected != remembered(session.state.record(), "blue" if person == "red" else "red")
    assert new_game.last_setup_key("bitskrieg") == "blitzbox:bitskrieg:last-setup"


def test_no_set_up_is_kept_without_a_person_or_in_a_game_that_remembers_none():
    assert new_game.last_setup_text(finished_bitskrieg({"blue": "easy", "red": "easy"})) is None
    assert new_game.last_setup_text(Session("blitzkrieg", 1)) is None


@pytest.mark.parametrize("text", [None, "", "{", "[1]", '"picks"', "{" * 10 + "}" * 10, json.dumps({"p": "x" * 10_000})])
def test_a_missing_or_unreadable_last_set_up_is_not_offered(text):
    assert new_game.read_last_setup(text) is None


# -- the statistics ------------------------------------------------------------------------------------------
def test_a_finished_game_is_added_to_the_history_after_the_games_before():
    entry = {"game": "bitskrieg", "moves": 40}
    assert json.loads(stats.add_finished(None, entry)) == [entry]
    assert json.loads(stats.add_finished("", entry)) == [entry]
    before = [{"game": "blitzed"}, {"anything": 1}]
    assert json.loads(stats.add_finished(json.dumps(before), entry)) == before + [entry]


@pytest.mark.parametrize("text, words", [
    ("{", "your statistics is not valid JSON (its brackets do not match)"),
    ("{}", "your statistics are damaged"),
    ('"games"', "your statistics are damaged"),
    ("[" + "1," * 600_000 + "1]", "your statistics is too large to be a Blitzbox game (1,200,003 characters)"),
], ids=["damaged", "not a list", "a text", "too large"])
def test_a_history_that_cannot_be_read_is_never_written_over(text, words):
    with pytest.raises(SaveError) as refused:
        stats.add_finished(text, {"game": "bitskrieg"})
    assert str(refused.value) == words




class JsNull:
    """What a missing value is in Pyodide: JavaScript's null, falsy, and not None."""

    def __bool__(self):
        return False


def test_only_text_read_from_the_browsers_storage_counts_and_an_empty_text_is_still_text():
    assert text_of("{}") == "{}" and text_of("") == ""
    assert text_of(JsNull()) is None and text_of(None) is None and text_of(3) is None
