"""The storage policy (game_core.shelf) against a fake storage that fills up, fails and holds damaged values:
a game in progress is never thrown away, saving never stops silently, kept copies stay bounded, and damaged
choices are said once and kept aside (issue 33's findings 1, 2, 3 and 6)."""

import json

import pytest

from game_core import shelf as shelf_module
from game_core.limits import SETTINGS_KEY
from game_core.rng import Rng
from game_core.session import Session
from game_core.shelf import MAX_KEPT, MAX_KEPT_CHARS, Refused, Shelf

PREFIX = "blitzbox:bitskrieg"
AUTOSAVE = f"{PREFIX}:autosave"


class FakeStorage:
    """localStorage as the page's adapter shows it: a quota counted in characters (keys and values), and
    a switch that makes every write fail (storage disabled)."""

    def __init__(self, quota=5_000_000):
        self.items, self.quota, self.broken = {}, quota, False

    def get(self, key):
        return self.items.get(key)

    def set(self, key, value):
        used = sum(len(k) + len(v) for k, v in self.items.items() if k != key)
        if self.broken or used + len(key) + len(value) > self.quota:
            raise Refused("QuotaExceededError")
        self.items[key] = value

    def remove(self, key):
        self.items.pop(key, None)

    def keys(self):
        return list(self.items)

    def fill(self):
        """Fill what is left with one value (freed by removing "filler")."""
        used = sum(len(k) + len(v) for k, v in self.items.items())
        self.items["filler"] = "x" * (self.quota - used - len("filler"))


class Clock:
    """The page's date and time, a second later at each call."""

    def __init__(self):
        self.seconds = 0

    def __call__(self):
        self.seconds += 1
        return f"2026-12-03 10:{self.seconds // 60:02d}:{self.seconds % 60:02d}"


def new_shelf(storage):
    return Shelf(storage, "bitskrieg", PREFIX, Clock())


def played(moves, seed=5, to_the_end=False):
    session = Session("bitskrieg", seed, seats={"blue": "human", "red": "human"})
    rng = Rng.from_seed(seed, "shelf")
    while not session.state.is_over and (to_the_end or len(session.state.actions) < moves):
        session.act(rng.choice(session.state.legal_actions()))
    return session


# -- finding 1: New game, Rematch, Import and a shared game keep the game in progress, with an undo ---------------
@pytest.mark.parametrize("why", ["New game", "Rematch", "Import", "Shared game"])
def test_replacing_a_game_in_progress_keeps_it_aside_and_says_so(why):
    storage = FakeStorage()
    shelf = new_shelf(storage)
    old = played(3)
    assert shelf.save(old)
    assert shelf.keep_unfinished(old, why)
    (kept,) = shelf.kept()
    assert kept["label"] == "Bitskrieg, kept 2026-12-03 10:00:01: 3 moves, in progress"
    assert shelf.take_notice() == f"{why}: your game in progress was kept aside in Saves ({kept['label']})."
    new = played(0, seed=9)
    assert shelf.save(new)
    assert storage.get(AUTOSAVE) == new.to_save()
    assert Session.from_save("bitskrieg", storage.get(kept["key"])).to_save() == old.to_save()
    assert shelf.can_undo_keep


def test_undo_brings_the_game_back_and_removes_its_copy():
    storage = FakeStorage()
    shelf = new_shelf(storage)
    old = played(3)
    shelf.save(old)
    shelf.keep_unfinished(old, "New game")
    new = played(0, seed=9)
    shelf.save(new)
    back = shelf.undo_keep(new)
    assert back.to_save() == old.to_save()
    assert shelf.take_notice() == "Your earlier game is back." and not shelf.can_undo_keep
    assert len(shelf.kept()) == 1, "the copy stays until the game is saved again (another tab may need it)"
    assert shelf.save(back) and storage.get(AUTOSAVE) == old.to_save() and shelf.kept() == []


def test_undo_after_moves_in_the_new_game_keeps_that_game_too():
    shelf = new_shelf(FakeStorage())
    old, new = played(3), played(2, seed=9)
    shelf.keep_unfinished(old, "New game")
    back = shelf.undo_keep(new)
    assert back.to_save() == old.to_save() and shelf.save(back)
    (kept,) = shelf.kept()
    assert kept["moves"] == 2 and shelf.can_undo_keep  # and that step can be undone in turn


def test_a_finished_game_or_one_not_begun_is_not_kept():
    shelf = new_shelf(FakeStorage())
    assert shelf.keep_unfinished(played(0), "New game") and shelf.keep_unfinished(None, "New game")
    assert shelf.keep_unfinished(played(0, to_the_end=True), "Rematch")
    assert shelf.kept() == [] and shelf.take_notice() == "" and not shelf.can_undo_keep


def test_with_no_room_to_keep_it_the_game_is_not_replaced_and_the_reason_is_given():
    storage = FakeStorage(quota=20_000)
    shelf = new_shelf(storage)
    old = played(30)
    storage.fill()
    assert not shelf.keep_unfinished(old, "New game")
    assert shelf.take_notice().startswith("New game did not start: your game in progress could not be kept aside "
                                          "(this browser's storage is full (QuotaExceededError)). Nothing was changed")
    assert shelf.kept() == [] and not shelf.can_undo_keep


# -- finding 2: saving never stops silently, and it retries -------------------------------------------------------
def test_a_damaged_autosave_in_a_full_storage_is_never_lost_and_saving_resumes_when_space_is_freed():
    storage = FakeStorage(quota=30_000)
    storage.items[AUTOSAVE] = '{"broken'
    storage.fill()
    shelf = new_shelf(storage)
    assert shelf.resume() is None
    problem = shelf.problem
    assert problem.startswith("Your saved game could not be resumed: the saved game is not valid JSON")
    assert "There is no room to keep a copy of it" in problem and "is not saved until there is room" in problem
    session = played(0)
    for _ in range(3):  # every move: not saved, and still said so (the page shows `problem` at every redraw)
        session.act(session.state.legal_actions()[0])
        assert shelf.save(session) is False and shelf.problem == problem
    assert storage.get(AUTOSAVE) == '{"broken'
    storage.remove("filler")  # another tab freed space: its storage event reaches this one
    shelf.storage_changed("filler", None, session)
    assert shelf.problem == "" and storage.get(AUTOSAVE) == session.to_save()
    (kept,) = shelf.kept()
    assert storage.get(kept["key"]) == '{"broken' and kept["label"].startswith("A saved game this page cannot read")
    assert "now kept aside in Saves" in shelf.take_notice()
    assert new_shelf(storage).resume().to_save() == session.to_save()  # a reload finds the game played


def test_a_failed_save_is_said_until_a_save_succeeds_and_each_move_retries():
    storage = FakeStorage()
    shelf = new_shelf(storage)
    session = played(1)
    storage.broken = True
    assert not shelf.save(session)
    assert shelf.problem.startswith("This game is not saved: this browser refused to store it (QuotaExceededError)")
    session.act(session.state.legal_actions()[0])
    assert not shelf.save(session) and shelf.problem
    storage.broken = False
    assert shelf.save(session) and shelf.problem == "" and storage.get(AUTOSAVE) == session.to_save()


def test_deleting_a_kept_copy_lets_the_failed_save_through():
    storage = FakeStorage(quota=40_000)
    shelf = new_shelf(storage)
    shelf.keep(played(40, seed=8).to_save())
    session = played(1)
    storage.fill()
    assert not shelf.save(session) and shelf.problem
    storage.remove("filler")
    storage.items["filler"] = "x" * (storage.quota - sum(len(k) + len(v) for k, v in storage.items.items()) - 6)
    (kept,) = shelf.kept()
    assert shelf.delete(kept["key"], session)
    assert shelf.problem == "" and storage.get(AUTOSAVE) == session.to_save()
    assert not shelf.delete(AUTOSAVE, session), "Saves' Delete removes copies kept aside only"


def test_another_tabs_different_game_is_kept_before_this_tab_saves_over_it():
    storage = FakeStorage()
    here, there = new_shelf(storage), new_shelf(storage)
    mine, theirs = played(2), played(3, seed=9)
    here.save(mine)
    there.save(theirs)
    assert here.storage_changed(AUTOSAVE, theirs.to_save(), mine) is None
    assert "Another tab saved a different game of Bitskrieg" in here.take_notice()
    mine.act(mine.state.legal_actions()[0])
    assert here.save(mine) and storage.get(AUTOSAVE) == mine.to_save()
    assert theirs.to_save() in {storage.get(entry["key"]) for entry in here.kept()}
    assert "it was kept aside" in here.take_notice()


def test_a_tab_follows_its_own_game_continued_in_another_tab():
    storage = FakeStorage()
    here, there = new_shelf(storage), new_shelf(storage)
    game = played(2)
    here.save(game)
    later = Session.from_save("bitskrieg", game.to_save())
    later.act(later.state.legal_actions()[0])
    there.save(later)
    followed = here.storage_changed(AUTOSAVE, later.to_save(), game)
    assert followed.to_save() == later.to_save() and here.saved == later.to_save()
    assert here.take_notice() == "This game was continued in another tab: this tab now shows it."


# -- finding 3: kept copies are bounded ----------------------------------------------------------------------
def test_two_tabs_playing_different_games_in_turn_keep_one_copy_of_each():
    storage = FakeStorage()
    tabs = [(new_shelf(storage), played(1, seed=5)), (new_shelf(storage), played(1, seed=6))]
    for _ in range(6):
        for shelf, session in tabs:
            session.act(session.state.legal_actions()[0])
            assert shelf.save(session)
    kept = tabs[0][0].kept()
    assert len(kept) == 2, [entry["label"] for entry in kept]
    assert sorted(entry["moves"] for entry in kept) == [6, 7], "each copy is its game's version last overwritten"


def test_a_newer_copy_of_the_same_game_replaces_the_older_and_an_older_one_adds_nothing():
    shelf = new_shelf(FakeStorage())
    short, long_ = played(2), played(6)
    shelf.keep(short.to_save())
    shelf.keep(long_.to_save())
    (kept,) = shelf.kept()
    assert kept["moves"] == 6
    assert shelf.keep(short.to_save())["key"] == kept["key"] and len(shelf.kept()) == 1


def test_the_oldest_finished_games_make_room_first_and_games_in_progress_never_go_silently(monkeypatch):
    monkeypatch.setattr(shelf_module, "MAX_KEPT", 4)
    shelf = new_shelf(FakeStorage())
    finished = [played(0, seed=seed, to_the_end=True) for seed in (1, 2)]
    going = [played(3, seed=seed) for seed in (3, 4)]
    for session in (finished[0], going[0], finished[1], going[1]):
        shelf.keep(session.to_save())
    shelf.keep(played(3, seed=7).to_save())
    kept = shelf.kept()
    assert len(kept) == 4 and finished[0].to_save() not in {shelf.storage.get(e["key"]) for e in kept}
    shelf.keep(played(3, seed=8).to_save())
    assert [entry["finished"] for entry in shelf.kept()] == [False] * 4
    with pytest.raises(Refused, match="Saves already keeps 4 copies aside .* delete some there to make room"):
        shelf.keep(played(3, seed=10).to_save())
    assert len(shelf.kept()) == 4


def test_kept_copies_have_a_cap_on_their_total_size(monkeypatch):
    monkeypatch.setattr(shelf_module, "MAX_KEPT_CHARS", 3 * len(played(3).to_save()))
    shelf = new_shelf(FakeStorage())
    for seed in (1, 2):
        shelf.keep(played(3, seed=seed).to_save())
    with pytest.raises(Refused, match="as much as it may"):
        shelf.keep(played(30, seed=3).to_save())
    usage = shelf.usage()
    assert usage["count"] == 2 and usage["bytes"] == 2 * sum(entry["chars"] for entry in shelf.kept())
    assert usage["text"].startswith("2 copies kept aside, using ")


def test_the_limits_leave_room_for_the_largest_game():
    assert MAX_KEPT >= 10 and MAX_KEPT_CHARS >= 2 * 500_000


# -- finding 6: damaged new-game choices and settings are said once and kept aside -----------------------------
@pytest.mark.parametrize("text, reason", [
    ('{"broken', "the saved new-game choices is not valid JSON"),
    ('{"options": {"colour": 1}, "seats": {}}', "unknown option(s) for bitskrieg: colour"),
    ('{"options": {}, "seats": {"red": "grandmaster"}}', "no bot level 'grandmaster' for Bitskrieg"),
    ('[1, 2]', "they are not a set of options and seats"),
])
def test_damaged_new_game_choices_are_said_once_and_kept_aside(text, reason):
    storage = FakeStorage()
    storage.items[f"{PREFIX}:setup"] = text
    shelf = new_shelf(storage)
    assert shelf.setup() is None
    notice = shelf.take_notice()
    assert notice.startswith("Your new-game choices could not be read (") and reason in notice
    assert notice.endswith("the damaged ones were kept aside in Saves.")
    (kept,) = shelf.kept()
    assert storage.get(kept["key"]) == text and kept["label"].startswith("Your new-game choices this page could not read")
    assert shelf.setup() is None and new_shelf(storage).setup() is None
    assert shelf.take_notice() == "" and new_shelf(storage).take_notice() == ""


def test_good_new_game_choices_come_back_and_older_seat_names_are_read():
    storage = FakeStorage()
    shelf = new_shelf(storage)
    shelf.remember_setup({"options": {}, "seats": {"blue": "human", "red": "easy"}})
    assert shelf.setup() == {"options": {}, "seats": {"blue": "human", "red": "easy"}}
    storage.items[f"{PREFIX}:setup"] = json.dumps({"options": {}, "seats": {"0": "human", "1": "easy"}})
    assert shelf.setup() == {"options": {}, "seats": {"blue": "human", "red": "easy"}} and shelf.take_notice() == ""


def test_a_damaged_setting_is_said_once_and_kept_aside():
    storage = FakeStorage()
    storage.items[SETTINGS_KEY] = '{"theme": "neon", "speed": "fast"}'
    shelf = new_shelf(storage)
    assert shelf.settings() == {"theme": "system", "speed": "fast"}
    assert shelf.take_notice() == ("Your settings could not all be read (the theme setting 'neon' is not one of "
                                   "system, light, dark): the usual ones are used, and what was stored was kept "
                                   "aside in Saves.")
    (kept,) = shelf.kept()
    assert storage.get(kept["key"]) == '{"theme": "neon", "speed": "fast"}' and kept["kind"] == "settings"
    assert shelf.settings() == {"theme": "system", "speed": "fast"}
    assert shelf.take_notice() == "" and new_shelf(storage).settings() and new_shelf(storage).take_notice() == ""
    assert shelf.choose("theme", "dark") and shelf.settings()["theme"] == "dark"


def test_settings_too_large_to_keep_are_said_to_be_dropped_in_words_that_fit_a_setting():
    """Issue 48 F5: 1.5 MB under the settings' key was overwritten after "could not all be read ... too large to
    be a Blitzbox game", neither kept aside nor said to be dropped."""
    storage = FakeStorage()
    storage.items[SETTINGS_KEY] = '{"theme": "' + "x" * 1_500_000 + '"}'
    shelf = new_shelf(storage)
    assert shelf.settings() == {"theme": "system", "speed": "normal"}
    assert shelf.take_notice() == ("Your settings could not all be read (what is stored there is 1,500,013 characters "
                                   "long, far more than settings take): the usual ones are used; what was stored was "
                                   "dropped (it is too large to keep aside).")
    assert shelf.kept() == [] and json.loads(storage.get(SETTINGS_KEY)) == {"theme": "system", "speed": "normal"}


# -- a fresh attempt to lose a game: random clicks, two tabs, a storage that fills up and fails -------------------
def held_somewhere(storage, text) -> bool:
    """Is the game of save `text` in storage (the autosave or a copy kept aside), with all its moves?"""
    from game_core import saves
    return any(saves.continues(value, text) for key, value in storage.items.items() if key != "filler")


@pytest.mark.parametrize("seed", range(20))
def test_random_play_in_two_tabs_with_a_failing_storage_never_loses_a_game_silently(seed):
    rng = Rng.from_seed(seed, "lose a game")
    storage = FakeStorage(quota=rng.choice([15_000, 40_000, 200_000]))
    clock = Clock()
    tabs = [{"shelf": Shelf(storage, "bitskrieg", PREFIX, clock), "session": played(0, seed=seed * 10 + n)}
            for n in range(2)]
    for step in range(150):
        tab = rng.choice(tabs)
        shelf, session = tab["shelf"], tab["session"]
        what = rng.choice(["move"] * 6 + ["new", "undo", "fill", "free", "break", "mend", "damage", "reload"])
        if what == "move" and not session.state.is_over:
            session.act(rng.choice(session.state.legal_actions()))
        elif what == "new":
            if shelf.keep_unfinished(session, "New game"):
                tab["session"] = played(0, seed=1000 + step)
            else:  # refused: the game stays, and the reason is given
                assert shelf.take_notice().startswith("New game did not start")
        elif what == "undo" and shelf.can_undo_keep:
            tab["session"] = shelf.undo_keep(session) or session
        elif what == "fill":
            storage.items.pop("filler", None)
            storage.fill()
        elif what == "free":
            storage.items.pop("filler", None)
        elif what in ("break", "mend"):
            storage.broken = what == "break"
        elif what == "damage":  # another version of the page, or a damaged disk: every tab hears of it
            storage.items[AUTOSAVE] = '{"broken'
            for other in tabs:
                other["shelf"].storage_changed(AUTOSAVE, '{"broken', other["session"])
        elif what == "reload":
            if not shelf.problem and shelf.held is None and held_somewhere(storage, session.to_save()):
                tab["shelf"] = Shelf(storage, "bitskrieg", PREFIX, clock)
                tab["session"] = tab["shelf"].resume() or played(0, seed=2000 + step)
        for other in tabs:  # each tab redraws (and saves), and hears the storage event
            other["shelf"].save(other["session"])
            other["shelf"].take_notice()
        for other in tabs:
            current = other["session"]
            if current.state.actions and not current.state.is_over and not other["shelf"].problem:
                assert held_somewhere(storage, current.to_save()), (
                    f"step {step} ({what}): a game in progress is neither stored nor said to be unsaved")


# -- issue 48 F1 and F3: a save code, a save file and any part of a link carry a game to play on ------------------
def export_code(session):
    """Saves -> "Show a save code" (web/glue/commands.py): the whole game, to play on elsewhere."""
    from game_core import records
    return records.encode(json.loads(session.to_save()))


def test_a_save_code_carries_the_game_to_play_on_in_another_browser():
    source = Session("bitskrieg", 5, seats={"blue": "human", "red": "easy"})
    rng = Rng.from_seed(5, "moved")
    while len(source.state.actions) < 6 or source.bot_seat() is not None:
        source.act(rng.choice(source.state.legal_actions()))
    mine = played(3)
    plan = shelf_module.import_plan(export_code(source), "bitskrieg", mine)
    assert plan["kind"] == "play", "a save code opened only as a replay"
    loaded = plan["session"]
    assert loaded.to_save() == source.to_save() and loaded.seats == {"blue": "human", "red": "easy"}
    assert loaded.interactive() and loaded.state.legal_actions()  # a game to go on playing
    assert plan["what"] == ("This save code holds a game of Bitskrieg in progress, 6 moves: it plays on here. "
                            "Your game in progress here (3 moves) will be kept aside in Saves, with an Undo.")
    # A fresh browser has no game in progress: nothing is said to be kept aside.
    assert "kept aside" not in shelf_module.import_plan(export_code(source), "bitskrieg", played(0))["what"]


@pytest.mark.parametrize("form", ["link", "part of a link", "save file"])
def test_every_form_of_the_game_plays_on(form):
    source = played(4)
    code = export_code(source)
    text = {"link": f"https://blitzbox.example/bitskrieg.html#g={code}", "part of a link": f"g={code}",
            "save file": source.to_save()}[form]
    plan = shelf_module.import_plan(text, "bitskrieg", None)
    assert plan["kind"] == "play" and plan["session"].to_save() == source.to_save()
    assert plan["what"].startswith(f"This {form} holds a game of Bitskrieg in progress, 4 moves")


def test_an_old_save_code_holding_a_record_plays_on_with_the_page_s_seats():
    source = played(4)
    from game_core import records
    old_code = records.encode(source.state.record())  # what "Show a save code" gave before
    plan = shelf_module.import_plan(old_code, "bitskrieg", None, {"blue": "human", "red": "normal"})
    assert plan["kind"] == "play" and plan["session"].state.to_json() == source.state.to_json()
    assert plan["session"].seats == {"blue": "human", "red": "normal"}
    wrong = shelf_module.import_plan(old_code, "bitskrieg", None, {"green": "human"})  # seats that do not fit
    assert wrong["session"].seats == {"blue": "human", "red": "human"}


def test_a_finished_game_s_link_and_a_watch_link_open_as_replays_and_replace_nothing():
    from game_core import records
    finished = played(0, to_the_end=True)
    plan = shelf_module.import_plan(records.encode(finished.state.record()), "bitskrieg", played(3))
    assert plan["kind"] == "replay" and plan["replay"].index == 0 and plan["replay"].last == len(finished.state.actions)
    assert plan["what"].endswith("it opens as a replay. Your game here stays as it is.")
    (watch,) = [c["code"] for c in played(5).share_choices() if c["kind"] == "watch"]
    plan = shelf_module.import_plan(f"#g={watch}", "bitskrieg", played(3))
    assert plan["kind"] == "replay" and "cannot be played on" in plan["what"]


def test_a_damaged_text_is_refused_before_anything_is_replaced():
    code = export_code(played(4))
    with pytest.raises(shelf_module.SaveError, match="damaged"):
        shelf_module.import_plan(code[:-8], "bitskrieg", played(3))
