"""The game page's state between events and its storage keys (game_core/page_state.py; web/glue/core.py holds
the one `page`): a game adopted drops the searches of the one before, a step taken on the page makes it play
here and follow no news for it, and an embed keeps its game apart from the site's."""

from game_core.page_state import BOT_DELAYS_MS, HOLD_MS, Keys, PageState
from game_core.session import Session


def test_an_adopted_game_is_shown_and_the_searches_of_the_one_before_are_dropped():
    page = PageState()
    page.jobs["bot"], page.jobs["hint"] = iter(()), iter(())
    game = Session("blitzed", 3)
    page.adopt(game)
    assert page.session is game and page.jobs == {}


def test_a_step_taken_here_makes_the_page_play_here_and_follow_no_news_for_it():
    page = PageState()
    page.following, page.own_move = True, False
    page.moved_here()
    assert page.following is False and page.own_move is True


def test_an_embed_keeps_its_game_and_place_apart_but_shares_the_named_saves_and_remote_games():
    site, embed = Keys("blitzed", False), Keys("blitzed", True)
    assert site.prefix == "blitzbox:blitzed" and embed.prefix == "blitzbox:blitzed:embed"
    assert site.remote_open == "blitzbox:blitzed:remote-open"
    assert embed.remote_open == "blitzbox:blitzed:embed:remote-open"
    assert site.tips_seen == "blitzbox:blitzed:tips-seen" and embed.review == "blitzbox:blitzed:embed:review"
    assert site.slot == embed.slot == "blitzbox:blitzed:slot:"
    assert site.remote == embed.remote == "blitzbox:blitzed:remote:"


def test_the_bot_speeds_pause_less_as_they_get_faster():
    assert list(BOT_DELAYS_MS) == ["slow", "normal", "fast", "instant"]
    assert sorted(BOT_DELAYS_MS.values(), reverse=True) == list(BOT_DELAYS_MS.values()) and BOT_DELAYS_MS["instant"] == 0


def test_a_redraw_waits_while_a_press_lasts_and_is_made_when_it_ends_or_after_the_hold_at_most():
    page = PageState()
    assert page.hold_redraw() is False and page.release(0) is False  # no press: drawn at once, nothing waits
    page.held_since = 1000.0
    assert page.hold_redraw() is True  # a press on a target: the table stays still under the finger
    assert page.release(1000.0 + HOLD_MS - 2) is False and page.held_since == 1000.0  # (a later press holds on)
    assert page.release(1000.0 + HOLD_MS - 1) is True and page.held_since is None  # the held redraw is made
    assert page.hold_redraw() is False and page.release(5000.0) is False
    page.held_since = None  # the press's click ended it first
    page.redraw_held = True
    assert page.release(1000.0) is True
