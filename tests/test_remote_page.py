"""What the page shows of a remote game (issue 47), decided in game_core under pytest: the join dialog's
terms in words, the send button's name in the steps the board shows, and which of two tabs of one game
plays it."""

import json
import pathlib

import pytest

from game_core import games, remote
from game_core.remote import Refused, Remote, seal, unseal
from game_core.remote.live import Channel
from game_core.remote_session import (ELSEWHERE, RemoteSession, address_holds, declined, join_terms, not_used, opening,
                                      other_game, pasted_code, remote_choices, remote_fields, remote_link)
from remote_table import Entropy, Table

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
    assert not follower.continued(follower.key, text)  # (the storage event of what this tab holds itself)
    assert not follower.continued("x:other", text + " ") and not follower.continued(follower.key, None)
    assert follower.continued(follower.key, text.replace("}", ' }', 1))  # another text of this side: followed
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


# -- what the page's glue asks of game_core (issue 45): the address, opening a message, the panel, the form --
FIXTURES = pathlib.Path(__file__).parent / "fixtures"
PHONE_APP = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Instagram 300.0"


@pytest.fixture(autouse=True)
def same_secrets(monkeypatch, request):
    monkeypatch.setattr(remote, "secrets", Entropy(request.node.name))


def test_the_address_holds_a_remote_message_only_where_the_page_plays_remote_games():
    assert address_holds("#r=abc", "", True) == "remote"
    assert address_holds("#r=abc", "", False) is None  # an embed, or a game without remote play
    assert address_holds("#g=abc", "", True) == "shared" and address_holds("", "?g=abc", False) == "shared"
    assert address_holds("#bbXYZ", "", True) == "shared"  # a code written straight after the "#"
    assert address_holds("#top", "?x=1", True) is None and address_holds("", "", True) is None


def test_a_pasted_code_or_a_whole_link_gives_the_message_it_carries():
    assert pasted_code("  bbrCODE \n") == "bbrCODE"
    assert pasted_code("https://a.org/b/blitzkrieg.html?x=1#r=bbrCODE") == "bbrCODE"
    assert pasted_code("   ") == ""


def test_links_go_to_this_page_without_its_query_or_fragment():
    assert remote_link("https://a.org/b/blitzkrieg.html?fresh=1#r=old", "NEW") == "https://a.org/b/blitzkrieg.html#r=NEW"
    text, (words, address) = other_game("bitskrieg", "blitzkrieg", "https://a.org/b/blitzkrieg.html?x=1#r=C", "C")
    assert text == "That remote-play link is for Bitskrieg, not Blitzkrieg!. Nothing was changed here."
    assert words == "Open it on the Bitskrieg page" and address == "https://a.org/b/bitskrieg.html#r=C"
    assert other_game("chess", "blitzkrieg", "https://a.org/x.html", "C") == (
        "That remote-play link is not for any Blitzbox game. Nothing was changed.",)


def test_opening_a_message_joins_receives_offers_the_code_or_refuses_before_anything_is_stored():
    creator, invitation = Remote.create(BITSKRIEG, None, "blue")
    joiner, reply = Remote.accept(invitation)
    store = {"p:" + creator.gid: "the stored side"}
    step = opening(invitation, "bitskrieg", "p:", lambda key: None, "Firefox")
    assert step[0] == "join" and step[1]["gid"] == creator.gid and step[2] is None
    assert opening(invitation, "bitskrieg", "p:", lambda key: None, PHONE_APP)[2] == "Instagram"
    assert opening(reply, "bitskrieg", "p:", store.get, PHONE_APP) == ("receive", "p:" + creator.gid, "the stored side")
    assert opening(invitation, "blitzkrieg", "p:", store.get, "") == ("other", "bitskrieg")
    kind, words = opening(reply, "bitskrieg", "q:", store.get, PHONE_APP)  # a move, in a messenger's browser
    assert kind == "offer" and words.startswith("This link opened in Instagram's built-in browser, which does not")
    with pytest.raises(Refused, match="^it belongs to a remote game this browser does not hold"):
        opening(reply, "bitskrieg", "q:", store.get, "Firefox")
    with pytest.raises(Refused):
        opening("not a code", "bitskrieg", "p:", store.get, "")
    assert not_used("it is damaged") == "That remote-play link was not used: it is damaged. Nothing was changed."


def test_a_message_opened_twice_is_said_and_a_refused_one_changes_nothing():
    creator, invitation = Remote.create(BITSKRIEG, None, "blue")
    _, reply = Remote.accept(invitation)
    shown = RemoteSession(creator, "p:")
    assert shown.open_message(reply) == "" and shown.state is not None
    assert shown.open_message(reply) == "You already opened this message from Red: here is the game."
    before = shown.to_save()
    said = shown.open_message(seal(dict(unseal(reply), n=7), creator.sign_key))
    assert said.startswith("That message from Red was not applied: ") and said.endswith(". Nothing was changed.")
    assert shown.to_save() == before


def panel(side, channel=None, elsewhere=False):
    channel = channel or Channel(side.creator == side.seat)
    return RemoteSession(side, "p:").panel(channel, elsewhere, lambda seconds: f"<{seconds}>")


def test_the_panel_shows_the_link_to_send_until_a_live_channel_carries_it():
    creator, invitation = Remote.create(BITSKRIEG, None, "blue")
    shows = panel(creator)
    assert shows["send"] == "Invitation for Red: send them this link" and shows["waiting"]
    assert shows["wait"] == "Waiting for Red: send this link again if they have not got it."
    assert shows["mode"] == "links" and shows["mode_text"].startswith("By links, for now: the game goes live when Red")
    assert not shows["transcript"] and shows["verdict"] is None
    assert shows["paste"] == "Got a code from Red instead of a link? Paste it here"
    joiner, reply = Remote.accept(invitation)
    assert panel(joiner)["send"] == "You joined: send this link back to Blue"
    live = Channel(False)
    live.opened()
    shows = panel(joiner, live)
    assert shows["send"] is None and shows["mode"] == "live"
    assert shows["mode_text"].startswith("Live: Blue's page is connected.")
    assert shows["wait"].startswith("Waiting for Blue's move: it shows here as soon as they make it.")
    acknowledged = Channel(False, state="closed", why="it closed.")
    acknowledged.carried, acknowledged.acked = {1}, -1
    acknowledged.take("a1")
    assert panel(joiner, acknowledged)["send"] is None and panel(joiner, acknowledged)["mode_text"].startswith(
        'By links: it closed. Check with Blue that their page shows the same words: "')
    shows = panel(joiner, elsewhere=True)
    assert shows["send"] is None and shows["mode"] == "elsewhere" and shows["mode_text"].startswith(ELSEWHERE + " Check")
    assert shows["wait"].startswith("Waiting for Blue: the other tab shows their move first.")


def test_the_panel_says_what_is_owed_since_when_and_then_the_claim():
    table = Table(BITSKRIEG, 3)
    for _ in range(4):
        table.step()
    side = next(side for side in table.sides() if side.awaited is not None)
    them = RemoteSession(side, "p:").opponent
    shows = panel(side)
    assert shows["wait"].endswith(f" {them} owes {side.awaited} since <{side.sent_at}>: 48 hours agreed, then you "
                                  "may claim the game.")
    assert shows["transcript"] and shows["send"].startswith(f"Send this link to {them}")
    assert f'Check with {them} that their page shows the same words: "{side.fingerprint}"' in shows["mode_text"]
    side.claim_forfeit(now=side.due)
    shows = panel(side)
    assert shows["verdict"] == (side.claim["reason"], "claim") and " owes " not in shows["wait"]


def test_the_panel_gives_the_verdict_a_fair_game_or_who_cheated():
    table = Table(BITSKRIEG, 4)
    table.finish()
    shown = RemoteSession(table.a, "p:")
    verdict = table.a.verdict
    won = "a draw" if verdict["winner"] is None else f"{BITSKRIEG.seat_name(verdict['winner'])} won"
    assert panel(table.a)["verdict"] == (
        f"Verified: fair game ({won}). Both browsers revealed their secrets and replayed all {verdict['moves']} "
        f"moves and {verdict['outcomes']} chance draws: everything matches.", "ok")
    assert not panel(table.a)["waiting"]
    table.a.verdict = {"ok": False, "cheater": "red", "reason": "its reveal does not match"}
    assert shown.verdict_text() == "Red cheated: its reveal does not match."
    assert panel(table.a)["verdict"] == ("Red cheated: its reveal does not match.", "cheat")
    name, text = shown.transcript_file()
    assert name == f"bitskrieg-transcript-{table.a.gid[:8]}.json" and json.loads(text) == table.a.transcript()


def test_the_new_game_forms_remote_choices_are_read_or_refused_in_words():
    seats = BLITZKRIEG.seats
    assert remote_choices(seats, "axis", " 12 ", "", False, "not a host!") == {
        "seat": "axis", "deadline": 12, "move_deadline": None, "stun": None}
    assert remote_choices(seats, "allies", "48", "6", True, "stun.example.org:3478") == {
        "seat": "allies", "deadline": 48, "move_deadline": 6, "stun": "stun:stun.example.org:3478"}
    for deadline, moves in (("", ""), ("1.5", ""), ("12", "x"), ("-3", "")):
        with pytest.raises(ValueError, match=r"^Cannot start that game: a deadline is a whole number of hours\.$"):
            remote_choices(seats, "axis", deadline, moves, False, "")
    with pytest.raises(ValueError, match=r"^Cannot start that game: a STUN server is a host name, .*3478\.$"):
        remote_choices(seats, "axis", "12", "", True, "bad host!")


def test_the_remote_fields_and_the_declined_join_read_as_before():
    """The new-game dialog's remote choices, byte for byte as the page's glue wrote them before issue 45."""
    before = json.loads((FIXTURES / "remote_fields.json").read_text())
    assert remote_fields("") == before["none"] and remote_fields("stun:st<un>.x.org") == before["stun:st<un>.x.org"]
    assert 'id="remote-stun-on" checked>' in remote_fields("stun:a.org") and 'value="a.org"' in remote_fields("stun:a.org")
    assert declined("") == "You did not join that game. Nothing was changed."
    assert declined("Instagram").endswith('To play it in your own browser, copy this code and paste it there under "Got a code".')
