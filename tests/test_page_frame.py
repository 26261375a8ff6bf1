"""What the game page shows of a frame, decided in game_core/page.py (web/glue/core.py's `write` only puts the
writes into the page): the status, step buttons, curtain and result box, the last move and its control, the
dock's "more" chip, the live region, the lesson and remote panels, the sound switch, when the page follows a
frame, which dice roll again, and what a key does."""

import pathlib
import re

from game_core import page
from game_core.session import Session
from game_core.tutorial import Lesson, for_game


def written(writes: list) -> dict:
    """The writes as {(selector, name): value}; no write may be made twice (its last would win unseen)."""
    keys = [(selector, name) for selector, name, _ in writes]
    assert len(keys) == len(set(keys)), keys
    return {(selector, name): value for selector, name, value in writes}


def frame(**changes) -> dict:
    shown = {"status": "Blue to move", "step": None, "can_undo": True, "can_redo": False, "can_hint": True,
             "curtain": False, "curtain_seat": "", "over": False, "result": "", "moves": 3, "interactive": True}
    return {**shown, **changes}


def test_a_frame_writes_its_status_and_enables_each_step_button_by_its_own_flag():
    shows = written(page.frame_writes(frame(), hint=True, record=True))
    assert shows[("#status", "textContent")] == "Blue to move" and shows[("#status", "hidden")] is False
    assert shows[('[data-command="undo"]', "disabled")] is False
    assert shows[('[data-command="reset-turn"]', "disabled")] is False  # (it follows Undo)
    assert shows[('[data-command="redo"]', "disabled")] is True
    assert shows[('[data-command="hint"]', "disabled")] is False
    assert not any(shows[(f'[data-command="{name}"]', "hidden")] for name in ("undo", "reset-turn", "redo", "hint"))
    assert shows[("#replay-bar", "hidden")] is True and shows[("#notice", "hidden")] is True
    assert shows[("body", "@data-over")] == "0" and shows[("#curtain", "hidden")] is True
    assert ("#curtain-text", "textContent") not in shows


def test_a_controller_without_hints_hides_the_hint_buttons_and_one_without_a_record_its_sharing():
    shows = written(page.frame_writes(frame(can_undo=False, can_redo=True), hint=False, record=False))
    assert shows[('[data-command="hint"]', "hidden")] is True
    assert shows[('[data-command="undo"]', "hidden")] is False and shows[('[data-command="undo"]', "disabled")] is True
    assert shows[('[data-command="redo"]', "disabled")] is False
    for name in ("rematch", "replay", "download-record", "share"):
        assert shows[(f'#result [data-command="{name}"], nav [data-command="{name}"]', "hidden")] is True
    kept = written(page.frame_writes(frame(), hint=True, record=True))
    assert kept[('#result [data-command="share"], nav [data-command="share"]', "hidden")] is False


def test_the_curtain_names_the_seat_to_pass_to_and_the_result_replaces_the_status():
    shows = written(page.frame_writes(frame(curtain=True, curtain_seat="Red"), hint=True, record=True))
    assert shows[("#curtain", "hidden")] is False
    assert shows[("#curtain-text", "textContent")] == (
        "Pass the device to Red. Their hidden pieces stay covered until they are ready.")
    over = written(page.frame_writes(frame(over=True, result="Blue wins.", step=4), hint=True, record=True))
    assert over[("body", "@data-over")] == "1" and over[("#replay-bar", "hidden")] is False
    assert over[("#result", "hidden")] is False and over[("#status", "hidden")] is True
    assert over[("#result-text", "textContent")] == "Blue wins."


def test_the_dock_shortens_only_after_a_move_of_the_players_own():
    assert page.dock_writes(True, 2, 3) == [("#dock", ".expanded", False), ("#dock", "scrollTop", 0),
                                            ("#lesson-offer", "hidden", True)]
    assert page.dock_writes(True, 3, 3) == []  # (an undo of nothing, a ui choice: no move)
    assert page.dock_writes(False, 2, 3) == []  # a bot's move leaves the player's dock as it was


def test_the_live_region_reads_new_moves_and_their_scoring_moments_and_nothing_else():
    assert page.announce_writes(["Blue rolls 5."], "Blue scores 2.") == [
        ("#announce", "textContent", "Blue rolls 5. Blue scores 2.")]
    assert page.announce_writes(["Blue rolls 5."], "") == [("#announce", "textContent", "Blue rolls 5. ")]
    assert page.announce_writes([], "Blue scores 2.") == []  # a cue still drawn from an older move is not news
    assert page.announce_writes(["  "], "") == []


def test_the_last_move_is_a_control_only_when_a_tap_shows_more_of_it():
    short = written(page.last_move_writes("Blue moved <b>."))
    assert short[("#last-move", "hidden")] is False
    assert short[("#last-move", "innerHTML")] == "<strong>Last move:</strong> Blue moved &lt;b&gt;."
    for name in ("data-command", "role", "tabindex", "aria-expanded"):
        assert short[("#last-move", f"@{name}")] is None
    long = "Blue moved. " + "Red's marker moves one step toward the campaign's end. " * 3
    shows = written(page.last_move_writes(long))
    html = shows[("#last-move", "innerHTML")]
    assert html.startswith("<strong>Last move:</strong> Blue moved.") and '<span class="rest">Red' in html
    assert html.endswith('<span class="more" aria-hidden="true">More ▸</span>')
    assert [shows[("#last-move", f"@{name}")] for name in ("data-command", "role", "tabindex", "aria-expanded")] == [
        "last-move", "button", "0", "false"]
    assert written(page.last_move_writes(""))[("#last-move", "hidden")] is True


def test_the_more_chip_counts_what_waits_behind_it_and_says_so_to_a_screen_reader():
    assert page.more_label(3, False) == "+3 more ▴" and page.more_label(0, False) == "Details ▴"
    assert page.more_label(3, True) == "Fewer ▾"
    assert page.more_writes(2, False) == [("#tray-more", "@aria-expanded", "false"),
                                          ("#tray-more", "textContent", "+2 more ▴"),
                                          ("#tray-more", "@aria-label", "Show 2 more choices")]
    assert written(page.more_writes(0, False))[("#tray-more", "@aria-label")] == "Show each choice's details"
    expanded = written(page.more_writes(2, True))
    assert expanded[("#tray-more", "@aria-label")] == "Show the short choices"
    assert expanded[("#tray-more", "@aria-expanded")] == "true"
    assert 'id="tray-more"' in page.MORE_CHIP and 'data-command="tray-fold"' in page.MORE_CHIP


def test_the_page_follows_news_its_own_turn_and_nothing_under_the_curtain_or_at_its_start():
    assert page.follow_after(frame(), live=False, curtain_was_down=False, moves_shown=None, own_move=False) is None
    assert page.follow_after(frame(), True, False, moves_shown=2, own_move=False) == "news"  # a bot moved
    assert page.follow_after(frame(), True, False, moves_shown=2, own_move=True) == "turn"  # the player's own
    assert page.follow_after(frame(interactive=False), True, False, 2, own_move=True) is None
    assert page.follow_after(frame(), True, curtain_was_down=True, moves_shown=3, own_move=True) == "news"
    assert page.follow_after(frame(curtain=True), True, True, 2, False) is None
    assert page.follow_after(frame(moves=3), True, False, moves_shown=3, own_move=False) == "turn"


def test_a_die_rolls_again_when_its_value_changed_and_a_new_claim_is_news_but_a_new_die_not():
    before = {"red:0": "4", "blue:thunder": "claimed"}
    assert page.rolls_again(before, "red:0", "5", claim=False)
    assert not page.rolls_again(before, "red:0", "4", claim=False)
    assert not page.rolls_again(before, "red:1", "6", claim=False)  # a die just added to the board
    assert page.rolls_again(before, "red:thunder", "claimed", claim=True)  # a claim just made
    assert not page.rolls_again(before, "blue:thunder", "claimed", claim=True)
    assert not page.rolls_again({}, "red:0", "5", claim=False)  # the page's first frame rolls nothing


def test_the_keys_undo_redo_act_for_a_player_at_a_race_and_press_a_focused_target():
    steps = page.key_steps
    assert steps("z", True, False, False, False, False, False) == ["undo"]
    assert steps("y", True, False, False, False, False, True) == ["redo"]
    assert steps("z", True, False, in_form=True, native=True, replaying=False, realtime=False) == []
    assert steps("z", True, False, False, False, replaying=True, realtime=False) == []
    assert steps("a", False, False, False, False, False, realtime=True) == ["shortcut"]
    assert steps("a", False, alt=True, in_form=False, native=False, replaying=False, realtime=True) == []
    assert steps("a", False, False, in_form=True, native=True, replaying=False, realtime=True) == []
    assert steps("Enter", False, False, False, native=False, replaying=False, realtime=True) == ["shortcut", "press"]
    assert steps(" ", False, False, False, native=False, replaying=False, realtime=False) == ["press"]
    assert steps("Enter", False, False, False, native=True, replaying=False, realtime=False) == []
    assert steps("x", False, False, False, False, False, False) == []
    assert "Tab" in page.KEYBOARD_KEYS and "ArrowLeft" in page.KEYBOARD_KEYS and "a" not in page.KEYBOARD_KEYS


def test_a_copy_kept_aside_downloads_under_its_game_and_time():
    assert page.kept_file_name("blitzed", "blitzbox:blitzed:kept:2026-12-07 19:05:04") == (
        "blitzed-kept-2026-12-07_19-05-04.json")  # (the whole time: it was "blitzed-kept-04.json")
    assert page.kept_file_name("bitskrieg", "blitzbox:bitskrieg:embed:kept-setup:2026-12-07 19:05:04 (2)") == (
        "bitskrieg-kept-2026-12-07_19-05-04_(2).json")


def test_the_lesson_panel_shows_its_step_then_its_end_and_reads_new_words_once():
    lesson = Lesson("blitzkrieg", for_game("blitzkrieg")["blitzkrieg"])
    panel = lesson.panel()
    shows = written(page.lesson_writes("blitzkrieg", panel, ""))
    assert shows[("body", "@data-lesson")] == "blitzkrieg"
    assert shows[("#lesson", "hidden")] is False and shows[("#lesson-offer", "hidden")] is True
    assert shows[("#lesson-title", "textContent")] == panel["title"]
    assert shows[("#lesson-progress", "textContent")] == f"Step 1 of {panel['count']}"
    assert shows[("#lesson-say", "textContent")] == panel["say"] and shows[("#lesson-say", "hidden")] is False
    assert shows[("#lesson-end", "hidden")] is True and shows[("#lesson-skip, #lesson-go", "hidden")] is False
    assert shows[("#lesson-feedback", "hidden")] is True and ("#lesson-real", "textContent") not in shows
    assert panel["say"] in shows[("#lesson-live", "textContent")]
    assert shows[("#lesson-light", "textContent")].startswith("body[data-lesson] :is(")
    spoken = shows[("#lesson-live", "textContent")]
    assert ("#lesson-live", "textContent") not in written(page.lesson_writes("blitzkrieg", panel, spoken))
    end = lesson.skipped().panel()
    done = written(page.lesson_writes("blitzkrieg", end, spoken))
    assert done[("#lesson-end", "hidden")] is False and done[("#lesson-say", "hidden")] is True
    assert done[("#lesson-skip, #lesson-go", "hidden")] is True and done[("#lesson-light", "textContent")] == ""
    assert done[("#lesson-real", "textContent")] == end["real"] and done[("#lesson-progress", "textContent")] == "Finished"


def remote_shows(**changes) -> dict:
    shows = {"mode": "links", "mode_text": "Moves travel by links.", "send": "Send this link to Red", "wait": "Waiting.",
             "waiting": False, "transcript": True, "verdict": None, "paste": "Paste it here"}
    return {**shows, **changes}


def test_the_remote_panel_shows_the_link_while_there_is_one_to_send_then_the_wait_and_the_verdict():
    shows = written(page.remote_writes(remote_shows(), "Copy the link", "https://x/#r=CODE", "CODE"))
    assert shows[("body", "@data-remote-mode")] == "links"
    assert shows[("#remote-mode", "textContent")] == "Moves travel by links."
    assert shows[("#remote-send", "hidden")] is False
    assert shows[('[data-command="remote-send"]', "textContent")] == "Copy the link"
    assert shows[("#remote-send-title", "textContent")] == "Send this link to Red"
    assert shows[("#remote-link", "value")] == "https://x/#r=CODE" and shows[("#remote-code", "value")] == "CODE"
    assert shows[("#remote-wait", "hidden")] is True and shows[("#remote-transcript", "hidden")] is False
    assert shows[("#remote-verdict", "hidden")] is True and shows[("#remote-paste-label", "textContent")] == "Paste it here"
    waiting = written(page.remote_writes(remote_shows(send=None, waiting=True, transcript=False,
                                                      verdict=("A fair game.", "ok")), "Send", "", ""))
    assert waiting[("#remote-send", "hidden")] is True and ("#remote-link", "value") not in waiting
    assert waiting[("#remote-wait", "hidden")] is False and waiting[("#remote-wait", "textContent")] == "Waiting."
    assert waiting[("#remote-transcript", "hidden")] is True and waiting[("#remote-verdict", "hidden")] is False
    assert waiting[("#remote-verdict", "textContent")] == "A fair game." and waiting[("#remote-verdict", "className")] == "ok"


def test_the_sound_switch_is_pressed_while_sound_is_on_and_hidden_where_none_can_be_made():
    on = written(page.sound_writes("loud", True))
    assert on[('[data-command="sound"]', "hidden")] is False and on[('[data-command="sound"]', "@aria-pressed")] == "true"
    assert on[('[data-command="sound"]', "@aria-label")] == "Sound on" and on[("#set-sound", "value")] == "loud"
    off = written(page.sound_writes("off", False))
    assert off[('[data-command="sound"]', "hidden")] is True and off[('[data-command="sound"]', "@aria-pressed")] == "false"
    assert off[('[data-command="sound"]', "@aria-label")] == "Sound off"


def test_a_real_sessions_frame_gives_every_write_a_value_the_page_can_take():
    session = Session("blitzed", 7)
    for name, value in [(name, value) for _, name, value in page.frame_writes(session.frame(), True, True)]:
        assert isinstance(value, bool) if name in ("hidden", "disabled") else isinstance(value, str), (name, value)


def test_at_the_hotseat_curtain_the_focus_goes_to_i_am_ready_then_back_to_the_board():
    focus = page.curtain_focus
    assert focus(covered=True, was_down=False, on_board=True, idle=False, in_curtain=False) == "reveal"
    assert focus(True, False, on_board=False, idle=True, in_curtain=False) == "reveal"
    assert focus(True, False, on_board=False, idle=False, in_curtain=False) is None  # (in the menu: it stays)
    assert focus(False, was_down=True, on_board=False, idle=False, in_curtain=True) == "board"
    assert focus(False, was_down=True, on_board=True, idle=True, in_curtain=False) == "board"
    assert focus(False, was_down=True, on_board=False, idle=False, in_curtain=False) is None
    assert focus(False, was_down=False, on_board=True, idle=True, in_curtain=False) is None


def test_only_a_keyboard_player_whose_focus_was_on_the_board_gets_it_back_there():
    assert page.refocus(keyboard_player=True, on_board=True, idle=True)
    assert not page.refocus(keyboard_player=False, on_board=True, idle=True)  # a tap never drags the page
    assert not page.refocus(True, on_board=False, idle=True)
    assert not page.refocus(True, True, idle=False)  # the focus is somewhere already


def test_while_a_bot_thinks_the_body_says_so_and_the_board_is_busy():
    assert page.thinking_writes(True) == [("body", "@data-thinking", "1"), ("#board", "@aria-busy", "true")]
    assert page.thinking_writes(False) == [("body", "@data-thinking", "0"), ("#board", "@aria-busy", "false")]


def test_every_message_the_page_names_is_there_and_names_its_error_where_it_has_one():
    web = pathlib.Path(__file__).resolve().parent.parent / "web"
    named = {name for path in web.rglob("*.py") for name in re.findall(r'\bmessage\("([a-z-]+)"', path.read_text())}
    assert named == set(page.MESSAGES)  # each is used, and each used is there (a missing one would raise in the page)
    assert page.message("not-allowed", "no tank there") == "That move is not allowed: no tank there."
    assert page.message("cannot-start", ValueError("two seats are the same")) == (
        "Cannot start that game: two seats are the same")
    for name, text in page.MESSAGES.items():
        assert "{err}" not in page.message(name, "E") and text[0].isupper(), name
