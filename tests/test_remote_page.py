"""What the page shows of a remote game (issue 47), decided in game_core under pytest: the join dialog's
terms in words, the send button's name in the steps the board shows, and which of two tabs of one game
plays it."""

import json

from game_core import games
from game_core.remote import Remote
from game_core.remote_session import RemoteSession, join_terms

BITSKRIEG, BLITZKRIEG = games.get("bitskrieg"), games.get("blitzkrieg")


def test_the_join_dialog_shows_the_seats_each_option_in_words_and_the_deadlines():
    _, invitation = Remote.create(BLITZKRIEG, {"partisans": True}, "allies", deadline=6, move_deadline=12)
    shown = join_terms(Remote.read(invitation))
    assert "You play <strong>Axis</strong>, your friend <strong>Allies</strong>" in shown
    assert "<li>Partisans: on</li>" in shown and "<li>Inspired Leadership: off</li>" in shown
    assert "more than 6 hours can be claimed" in shown and "more than 12 hours over a move" in shown
    assert "built-in browser" not in shown
    _, invitation = Remote.create(BITSKRIEG, None, "blue")
    shown = join_terms(Remote.read(invitation), app="Instagram")
    assert "a move may take as long as it takes" in shown and "This is Instagram's built-in browser" in shown


def test_the_steps_on_the_board_name_the_button_as_the_page_labels_it():
    creator, invitation = Remote.create(BITSKRIEG, None, "blue")
    joiner, _ = Remote.accept(invitation)
    for side in (creator, joiner):
        shown = RemoteSession(side, "x:")
        assert 'press "Send" and choose' in shown.invitation_steps()  # a browser with a share sheet
        shown.send_label = "Copy the link"  # one without: the button copies the link
        steps = shown.invitation_steps()
        assert 'press "Copy the link" and paste the link into' in steps and '"Send"' not in steps


def test_a_tab_that_follows_another_tabs_game_plays_again_once_a_move_or_message_is_made_there():
    """Issue 47: of two tabs of one remote game, the one that follows what the other stored says so and makes
    no offer or link of its own (RemoteSession.elsewhere, read by the page's remote panel) until a move is
    made in it or a message opened in it."""
    a, invitation = Remote.create(BITSKRIEG, None, "blue")
    b, reply = Remote.accept(invitation)
    a.receive(reply)
    text = RemoteSession(a, "x:").to_save()
    follower = RemoteSession(Remote.from_dict(json.loads(text)), "x:")
    assert not follower.elsewhere  # a tab of its own (say, loaded again)
    follower.followed = text  # what the page's storage event sets: another tab stored this side
    assert follower.elsewhere and follower.elsewhere  # (reading it changes nothing)
    follower.act(follower.state.legal_actions()[0])  # a move made here: this tab plays now
    assert not follower.elsewhere and follower.followed is None
    follower.followed = follower.to_save()
    reply_to = b.receive(follower.side.outbox)
    while reply_to is None:
        reply_to = b.act(b.state.legal_actions()[0])
    follower.receive(reply_to)  # a message opened here: this tab plays now
    assert not follower.elsewhere
