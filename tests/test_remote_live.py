"""Live play's protocol (game_core/remote/live.py): the compact offer and answer, the channel's queue,
acknowledgements and fallback to links, the in-app browser notice; and what `verify` reports of a cheat in
mid-game (issue 34)."""

import json

import pytest

from game_core import cli, games, remote
from game_core.blitzkrieg.data import kind_of
from game_core.remote import Cheated, Refused, Remote, seal, unseal, verify_transcript
from game_core.remote_session import RemoteSession
from game_core.remote.live import (CLOSED, MAX_FAILURES, Channel, PeerState, cannot_connect, channel_for, compact,
                                   in_app_browser, next_step, parse, plan, rebuild, stun_url)
from remote_table import Entropy, Table, forged, until

BITSKRIEG, BLITZKRIEG, NIPPON = games.get("bitskrieg"), games.get("blitzkrieg"), games.get("blitzkrieg-nippon")
LINK_ROOM = 2000 - len("https://blitzbox.netlify.app/blitzkrieg-nippon/#r=")
FINGERPRINT = ":".join(f"{n * 7 % 256:02X}" for n in range(32))

CHROMIUM_OFFER = f"""v=0\r
o=- 4611731400430051336 2 IN IP4 127.0.0.1\r
s=-\r
t=0 0\r
a=group:BUNDLE 0\r
a=extmap-allow-mixed\r
a=msid-semantic: WMS\r
m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r
c=IN IP4 0.0.0.0\r
a=candidate:1467250027 1 udp 2122260223 192.168.0.196 46243 typ host generation 0 network-id 1\r
a=candidate:2998146535 1 udp 2122262783 6e1f8a2c-0b7e-4a51-9b77-4f3f0c2d8e11.local 51234 typ host generation 0\r
a=candidate:434631131 1 tcp 1518280447 192.168.0.196 9 typ host tcptype active generation 0 network-id 1\r
a=candidate:842163049 1 udp 1686052607 203.0.113.7 46243 typ srflx raddr 192.168.0.196 rport 46243 generation 0\r
a=ice-ufrag:Oa3y\r
a=ice-pwd:kbF3B2NR1NeNh0ftV7uDFSF3\r
a=ice-options:trickle\r
a=fingerprint:sha-256 {FINGERPRINT}\r
a=setup:actpass\r
a=mid:0\r
a=sctp-port:5000\r
a=max-message-size:262144\r
"""

FIREFOX_ANSWER = f"""v=0\r
o=mozilla...THIS_IS_SDPARTA-115.0 5039284749383 0 IN IP4 0.0.0.0\r
s=-\r
t=0 0\r
a=fingerprint:sha-256 {FINGERPRINT}\r
a=group:BUNDLE 0\r
a=ice-options:trickle\r
a=msid-semantic:WMS *\r
m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r
c=IN IP4 0.0.0.0\r
a=candidate:0 1 UDP 2122252543 fd00::2 44811 typ host\r
a=candidate:1 1 UDP 2122187007 10.0.0.5 38911 typ host\r
a=candidate:2 1 TCP 2105524479 10.0.0.5 9 typ host tcptype active\r
a=sendrecv\r
a=end-of-candidates\r
a=ice-pwd:4c3b3a1f0e9d8c7b6a5f4e3d2c1b0a99\r
a=ice-ufrag:1a2b3c4d\r
a=mid:0\r
a=setup:active\r
a=sctp-port:5000\r
a=max-message-size:1073741823\r
"""


@pytest.fixture(autouse=True)
def seeded_secrets(monkeypatch, request):
    monkeypatch.setattr(remote, "secrets", Entropy(request.node.name))


# -- the offer and answer, compact -------------------------------------------------------------------------
def test_an_offer_keeps_only_what_a_data_channel_needs_and_rebuilds_into_an_sdp():
    text = compact(CHROMIUM_OFFER)
    assert len(text) < 200 and "tcp" not in text
    read = parse(text)
    assert (read["ufrag"], read["pwd"], read["setup"], read["fingerprint"]) == \
        ("Oa3y", "kbF3B2NR1NeNh0ftV7uDFSF3", "actpass", FINGERPRINT)
    assert read["candidates"] == [("host", "192.168.0.196", 46243),
                                  ("host", "6e1f8a2c-0b7e-4a51-9b77-4f3f0c2d8e11.local", 51234),
                                  ("srflx", "203.0.113.7", 46243)]
    sdp = rebuild(text, "offer")
    assert "m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\n" in sdp and sdp.endswith("\r\n")
    assert f"a=fingerprint:sha-256 {FINGERPRINT}\r\n" in sdp and "a=setup:actpass\r\n" in sdp
    assert " 192.168.0.196 46243 typ host\r\n" in sdp and " 203.0.113.7 46243 typ srflx raddr 0.0.0.0 rport 0\r\n" in sdp
    assert compact(sdp) == text  # nothing the other page needs is lost on the way


def test_a_firefox_answer_with_an_ipv6_address_round_trips():
    text = compact(FIREFOX_ANSWER)
    assert parse(text)["candidates"] == [("host", "fd00::2", 44811), ("host", "10.0.0.5", 38911)]
    assert compact(rebuild(text, "answer")) == text
    with pytest.raises(ValueError):
        rebuild(text, "offer")  # an answer's setup is not an offer's


@pytest.mark.parametrize("sdp", [
    CHROMIUM_OFFER.replace("sha-256", "sha-1"),  # no SHA-256 fingerprint
    "\r\n".join(line for line in CHROMIUM_OFFER.split("\r\n") if " udp " not in line),  # no UDP candidate
    CHROMIUM_OFFER.replace("a=ice-pwd:", "a=x-pwd:"), "", None])
def test_an_offer_without_what_a_channel_needs_gives_no_live_play(sdp):
    assert compact(sdp) is None


@pytest.mark.parametrize("change", [
    lambda t: t.replace("Oa3y", "Oa3y\r\na=candidate:9 1 udp 1 1.2.3.4 5 typ host"),  # a line smuggled in
    lambda t: t.replace("h192.168.0.196:46243", "h192.168.0.196:0"),
    lambda t: t.replace("h192.168.0.196:46243", "r192.168.0.196:46243"),  # a relay: never offered
    lambda t: t.replace("h192.168.0.196:46243", "hexample.com:46243"),
    lambda t: t.replace(" AAcO", " AAc"), lambda t: t.replace("w1", "w9"), lambda t: t + " h1.2.3.4:5" * 5, lambda t: 42])
def test_a_damaged_or_hostile_offer_is_refused_before_it_reaches_an_sdp(change):
    with pytest.raises(ValueError):
        rebuild(change(compact(CHROMIUM_OFFER)), "offer")


def test_a_stun_server_is_a_host_name_and_blank_means_none():
    assert stun_url("") is None and stun_url("  ") is None
    assert stun_url("stun.example.org") == stun_url("stun:stun.example.org") == "stun:stun.example.org"
    assert stun_url("stun.example.org:3478") == "stun:stun.example.org:3478"
    for bad in ("turn:x?transport=tcp", "stun.example.org/path", "a b", "-x"):
        with pytest.raises(ValueError, match="host name"):
            stun_url(bad)


@pytest.mark.parametrize("game, options", [(BLITZKRIEG, {"partisans": True}), (NIPPON, None), (BITSKRIEG, None)])
def test_the_invitation_and_reply_with_their_offer_and_answer_fit_a_messenger(game, options):
    offer, answer = compact(CHROMIUM_OFFER), compact(FIREFOX_ANSWER)
    _, invitation = Remote.create(game, options, game.seats[0], live=offer)
    joiner, reply = Remote.accept(invitation, live=answer)
    assert joiner.their_live == offer and unseal(reply)["live"] == answer
    assert len(invitation) <= LINK_ROOM and len(reply) <= LINK_ROOM, (len(invitation), len(reply))


# -- the channel: what is sent, acknowledged, and when links take over --------------------------------------
def test_the_channel_sends_each_of_my_messages_once_and_only_while_open():
    log = ["inv"]
    creator = Channel(mine_first=True)
    assert creator.outgoing(log) == [] and creator.link_needed(log)  # connecting: the link is still the way
    log.append("reply")
    creator.opened()
    assert creator.outgoing(log) == ["minv"]  # not acknowledged: sent again once the channel opens
    assert creator.outgoing(log) == [] and not creator.link_needed(log)
    assert creator.take("mreply") == "reply" and Channel.ack(1) == "a1"
    log += ["m2"]
    assert creator.outgoing(log) == ["mm2"]
    assert creator.take("a2") is None and creator.acked == 2
    assert creator.take("a1") is None and creator.acked == 2  # not mine: ignored
    with pytest.raises(ValueError):
        creator.take("x")


def test_when_the_channel_drops_the_last_message_not_acknowledged_goes_by_link():
    joiner = Channel(mine_first=False, state="open")
    log = ["inv", "reply", "m2", "m3"]
    assert joiner.outgoing(log) == ["mreply", "mm3"]
    joiner.take("a1")
    joiner.closed("the live connection closed.")
    assert joiner.mode("Blue") == "By links: the live connection closed."
    assert joiner.link_needed(log)  # m3 may not have arrived: its link is shown
    joiner.take("a3")
    assert not joiner.link_needed(log) and joiner.outgoing(log + ["m4", "m5"]) == []
    assert joiner.link_needed(log + ["m4", "m5"])
    joiner.opened()  # (never reopens in practice: a fresh connection gets a new Channel)
    assert joiner.mode("Blue").startswith("Live")


def test_a_forged_acknowledgement_counts_for_nothing_and_the_link_is_offered_when_the_channel_drops():
    """Issue 47, N2: the peer acknowledges a message never sent ("a999999", or my next one before it exists):
    only a message this page really sent on this channel can be acknowledged, so once the channel drops the
    page still offers the link of its last message."""
    joiner = Channel(mine_first=False, state="open")
    log = ["inv", "reply"]
    assert joiner.outgoing(log) == ["mreply"]
    for forged in ("a999999", "a3", "a5"):
        assert joiner.take(forged) is None
    assert joiner.acked == -1
    log += ["m2", "m3"]
    assert joiner.outgoing(log) == ["mm3"]
    joiner.closed("the live connection closed.")
    assert joiner.link_needed(log)  # m3 was sent on the channel, but never acknowledged
    joiner.take("a3")  # a real acknowledgement still counts
    assert not joiner.link_needed(log)


def test_the_mode_says_how_moves_travel():
    channel = Channel(mine_first=True)
    assert channel.mode("Red").startswith("By links, for now") and "both open" in channel.mode("Red")
    channel.opened()
    assert channel.mode("Red").startswith("Live:")
    channel.closed("could not connect.")
    channel.closed("later reason")
    assert channel.mode("Red") == "By links: could not connect."


@pytest.mark.parametrize("agent, name", [
    ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 "
     "[FBAN/FBIOS;FBAV/440.0.0]", "Facebook"),
    ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36 Instagram 310",
     "Instagram"),
    ("Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 Mobile/15E148 Safari Line/13.20.0", "LINE"),
    ("Mozilla/5.0 (Linux; Android 13; SM-G991B; wv) AppleWebKit/537.36 Version/4.0 Chrome/119 Mobile", "an app"),
    ("Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36", None),
    ("Mozilla/5.0 (X11; Linux x86_64; rv:115.0) Gecko/20100101 Firefox/115.0", None), (None, None)])
def test_a_messengers_built_in_browser_is_named(agent, name):
    assert in_app_browser(agent) == name


# -- verify: a cheat in mid-game, with the signed message that proves it --------------------------------------
def test_verify_names_the_message_that_placed_a_unit_never_drawn(tmp_path, capsys):
    wanted = []  # the kind the cheat slipped into its reserve: placed as soon as the rules allow

    def player(rng, actions):
        return next((a for a in actions if wanted and a.startswith(wanted[0] + "@")), None) or rng.choice(actions)
    table = Table(BLITZKRIEG, 1, player=player)
    for _ in range(6):
        table.step()
    cheat = table.a if not table.a.waiting else table.b
    honest = table.b if cheat is table.a else table.a
    state = cheat.state.copy()  # a modified client: a token of its bag slipped into its reserve
    token = state.reserves[cheat.seat][0]
    slipped = next(t for t in state.bags[cheat.seat] if kind_of(t) not in map(kind_of, state.reserves[cheat.seat]))
    cheat.adapter.swap(state, token, slipped)
    cheat.state, wanted[:] = state, [kind_of(slipped)]
    table.finish()  # the end's replay exposes it
    assert honest.verdict["cheater"] == cheat.seat
    proved = verify_transcript(honest.transcript())
    assert proved["ok"] is False and proved["cheater"] == cheat.seat and "breaks the rules" in proved["reason"]
    body = unseal(proved["proof"])
    assert body["from"] == cheat.seat and body["n"] == proved["message"]
    move = proved["reason"].split("(")[1].split(")")[0]
    assert {"a": move} in body["acts"]  # the very message that carried the illegal placement
    path = tmp_path / "cheat.json"
    path.write_text(json.dumps(honest.transcript()))
    assert cli.main(["verify", str(path)]) == 1
    assert f'"message": {proved["message"]}' in capsys.readouterr().out


def test_verify_names_the_message_that_swapped_a_tank():
    table = Table(BITSKRIEG, 2, {"axis_chooser": "blue"}, "blue")
    code, receiver = until(table, lambda body, _: bool(body.get("open")))
    sender = table.a if receiver is table.b else table.b
    opened = unseal(code)["open"]
    step = next(iter(opened))
    action, nonce = opened[step]
    other = next(f"pick {c}" for c in "LMHD" if f"pick {c}" != action)
    swapped = forged(code, sender, open={**opened, step: [other, nonce]})
    with pytest.raises(Cheated, match="does not match what they committed to"):
        receiver.receive(swapped)
    proved = verify_transcript(receiver.transcript())
    assert proved["cheater"] == sender.seat and proved["proof"] == swapped
    assert proved["message"] == len(receiver.log) - 1 and f"secret move {step}" in proved["reason"]


def test_verify_names_the_message_whose_chance_value_was_changed():
    table = Table(BLITZKRIEG, 3)
    code, receiver = until(table, lambda body, _: body.get("chain") is not None and body["n"] > 3)
    sender = table.a if receiver is table.b else table.b
    step = unseal(code)["chain"][0]
    changed = forged(code, sender, chain=[step, remote.b64(bytes(32))])
    with pytest.raises(Cheated):
        receiver.receive(changed)
    proved = verify_transcript(receiver.transcript())
    assert (proved["cheater"], proved["message"], proved["proof"]) == (sender.seat, len(receiver.log) - 1, changed)
    assert "chance value" in proved["reason"]


def test_verify_of_an_honest_unfinished_game_proves_nothing():
    table = Table(BITSKRIEG, 4)
    for _ in range(5):
        table.step()
    assert verify_transcript(table.a.transcript())["ok"] is None


# -- going live again: any message carries a fresh offer or answer, and live.plan says when -------------------
def offer_text(n: int) -> str:
    return compact(CHROMIUM_OFFER.replace("Oa3y", f"Off{n}"))


def test_an_answer_names_the_offer_it_answers_and_an_offer_names_none():
    offer = offer_text(1)
    answer = compact(FIREFOX_ANSWER, answering=offer)
    assert answer == compact(FIREFOX_ANSWER) + " rOff1" and parse(answer)["answers"] == "Off1"
    assert parse(offer)["answers"] is None
    assert compact(rebuild(answer, "answer")) == compact(FIREFOX_ANSWER)  # (the SDP needs no such line)
    for bad in (offer + " rOff1", answer.replace("rOff1", "rO\r\na=x"), answer.replace("rOff1", "r")):
        with pytest.raises(ValueError):
            parse(bad)


def test_any_message_carries_the_pages_next_offer_or_answer_signed_and_once():
    table = Table(BITSKRIEG, 7)
    a, b = table.sides()
    for _ in range(3):
        table.step()
    sender = a if not a.waiting else b
    receiver = b if sender is a else a
    sender.live = "fresh-offer"
    code, to = table.next_code()
    assert to is receiver and unseal(code)["live"] == "fresh-offer"
    assert (sender.live, sender.live_sent) == (None, "fresh-offer")  # carried once, by the next message only
    with pytest.raises(Refused, match="signature does not hold"):
        receiver.receive(seal({**unseal(code), "live": "elsewhere"}, receiver.sign_key))
    table.deliver(code, receiver)
    assert receiver.their_live == "fresh-offer"
    table.step()
    assert receiver.their_live == "fresh-offer"  # a message without one leaves the last one known
    restored = Remote.from_dict(json.loads(json.dumps(sender.to_dict())))
    assert (restored.live, restored.live_sent) == (None, "fresh-offer")
    old = {k: v for k, v in sender.to_dict().items() if k != "live_sent"}
    old["live"] = "invitation-offer"  # a side saved when only the first message carried one: it went out
    assert (Remote.from_dict(old).live, Remote.from_dict(old).live_sent) == (None, "invitation-offer")
    table.finish()
    assert a.verdict["ok"] and verify_transcript(a.transcript())["ok"] is True  # the end's checks take it too


class Page:
    """One page's live play, as web/glue/remote_live.py drives it (keep_up: next_step), with a stand-in
    connection whose offer or answer is made at once."""
    made = 0

    def __init__(self, side, peer=None):
        self.side, self.peer = side, peer

    def keep_up(self):
        while (step := next_step(self.side, self.peer, webrtc=True)) is not None:
            if step[0] == "close":
                self.peer.closed(cannot_connect(self.side))
            elif step[0] == "connect":
                self.peer.connected = self.peer.their = step[1]
            else:
                self.peer = FakePeer(self.side, step[1] if step[0] == "answer" else None, self.peer)
                self.side.live = self.peer.text


class FakePeer(PeerState):
    def __init__(self, side, their_offer, old):
        super().__init__(old.failures if old else 0)
        Page.made += 1
        self.answers = parse(their_offer)["ufrag"] if their_offer else None
        self.text = compact(FIREFOX_ANSWER.replace("1a2b3c4d", f"Ans{Page.made}"), their_offer) if their_offer \
            else offer_text(Page.made)
        self.connected = self.their = their_offer
        self.follow(side.gid, side.creator == side.seat)


def connect_if_matched(creator: Page, joiner: Page) -> bool:
    """The browsers' part: a channel opens when the creator's connection took the joiner's answer to it."""
    c, j = creator.peer, joiner.peer
    if c and j and c.their == j.text and j.their == c.text and not c.link.live:
        c.link.opened()
        j.link.opened()
    return bool(c and c.link.live and j and j.link.live)


def play_links(table, creator, joiner, until_live=True, limit=40):
    """Pass messages by link, each page keeping up after each; returns the messages passed."""
    for n in range(limit):
        for page in (creator, joiner):
            page.keep_up()
        if until_live and connect_if_matched(creator, joiner):
            return n
        table.step()
    raise AssertionError("the pages never went live")


def test_a_reply_opened_after_the_inviting_page_was_closed_goes_live_by_the_next_links():
    Page.made = 0
    first = offer_text(0)
    a, invitation = Remote.create(BLITZKRIEG, None, "allies", live=first)
    b, reply = Remote.accept(invitation, live=compact(FIREFOX_ANSWER, answering=first))
    table = Table.__new__(Table)
    table.rng, table.player, table.a, table.b, table.code, table.messages = __import__("random").Random(1), \
        lambda rng, actions: rng.choice(actions), a, b, reply, [invitation]
    creator, joiner = Page(a), Page(b)  # the inviting page was closed: no connection of its own
    joiner.peer = FakePeer(b, first, None)
    table.step()  # the reply: its answer is for an offer no page holds any more
    creator.keep_up()
    assert creator.peer.text != first and a.live == creator.peer.text  # a fresh offer for the next message
    passed = play_links(table, creator, joiner)
    # the creator's next message it makes (its reveal went at once, with the reply) and the joiner's next one
    assert passed <= 4 and b.their_live == creator.peer.text
    assert parse(a.their_live)["answers"] == parse(creator.peer.text)["ufrag"]


def test_a_channel_that_dropped_goes_live_again_when_links_pass_and_stops_trying_after_failures():
    Page.made = 0
    table = Table(BITSKRIEG, 8)
    creator, joiner = Page(table.a), Page(table.b)
    play_links(table, creator, joiner)
    offers = Page.made
    creator.peer.link.closed("the live connection closed.")  # the channel drops in mid-game
    joiner.peer.link.closed("the live connection closed.")
    creator.keep_up()
    assert Page.made == offers + 1 and not creator.peer.link.live  # a fresh offer, carried by the next link
    play_links(table, creator, joiner)
    assert creator.peer.link.live and joiner.peer.link.live
    assert not creator.peer.failed("failed")  # (a channel that opened: its connection failing is no failure)
    creator.peer.closed()
    creator.keep_up()
    for _ in range(MAX_FAILURES):  # connections that never open: the creator stops offering
        assert creator.peer.failed("failed") and creator.peer.link.why.startswith("the two pages could not connect")
        creator.keep_up()
    assert creator.peer.link.state == "closed" and creator.peer.failures == MAX_FAILURES
    assert plan(creator.side, creator.peer, MAX_FAILURES) is None


def test_only_the_creator_offers_and_a_browser_that_cannot_play_live_is_left_alone():
    a, invitation = Remote.create(BITSKRIEG, None, "blue", live=offer_text(50))
    b, reply = Remote.accept(invitation)  # no answer: the joiner's browser cannot play live
    assert plan(b, None) == ("answer", offer_text(50))  # (the same side in a browser that can answers it)
    peer = FakePeer(a, None, None)
    peer.text = offer_text(50)
    a.receive(reply)
    assert plan(a, peer) == ("close",)
    peer.link.closed("their browser cannot connect live.")
    assert plan(a, peer) is None and plan(a, None) is None  # no fresh offers either
    c, invitation = Remote.create(BITSKRIEG, None, "blue")  # the creator's browser cannot play live
    d, _ = Remote.accept(invitation)
    assert plan(d, None) is None  # and the joiner never offers
    c.live = "an offer of a page since closed"
    assert plan(c, None) == ("drop",)


@pytest.mark.parametrize("game, seed", [(NIPPON, 3), (BITSKRIEG, 5)])
def test_a_move_that_carries_a_fresh_offer_or_answer_still_fits_a_messenger(game, seed):
    candidates = " ".join(f"h{n}e1f8a2c-0b7e-4a51-9b77-4f3f0c2d8e11.local:5123{n}" for n in range(6))
    offer = " ".join(compact(CHROMIUM_OFFER).split(" ")[:5] + [candidates])  # the most candidates an offer has
    answer = compact(rebuild(offer.replace(" a ", " c ", 1), "answer"), answering=offer)
    table = Table(game, seed)
    while table.a.verdict is None or table.b.verdict is None:
        table.a.live, table.b.live = offer, answer  # every message carries one (in play, only a few do)
        table.step()
    assert max(len(code) for code in table.messages) <= LINK_ROOM


def test_two_tabs_of_one_game_store_the_same_side_whatever_live_offers_they_make():
    """Issue 47: two tabs of one remote game each made their own live offer, stored it with the side, and
    each took the other's stored side for a move made elsewhere ("continued in another tab", both ways, with
    no move made). The offer waiting for my next message is not stored (a loaded page drops it anyway)."""
    a, invitation = Remote.create(games.get("blitzkrieg"), None, "allies")
    b, reply = Remote.accept(invitation)
    a.receive(reply)
    text = json.dumps(a.to_dict(), sort_keys=True)
    first, second = (Remote.from_dict(json.loads(text)) for _ in range(2))
    first.live, second.live = "offer-of-the-first-tab", "offer-of-the-second-tab"
    assert json.dumps(first.to_dict(), sort_keys=True) == json.dumps(second.to_dict(), sort_keys=True) == text



def test_a_connection_follows_its_events_the_channel_closes_once_and_a_failure_counts_before_it_opens():
    creator, _ = Remote.create(BITSKRIEG, None, "blue")
    peer = PeerState(failures=1)
    peer.closed("before it follows a game: nothing to close")
    peer.follow(creator.gid, mine_first=True)
    assert peer.link.state == "connecting" and peer.link.parity == 0
    assert not peer.failed("connecting") and not peer.failed("disconnected") and peer.failures == 1
    assert peer.failed("failed") and peer.failures == 2 and peer.link.state == "closed"
    assert peer.link.why == ("the two pages could not connect live (on different networks, a STUN server named in "
                             "the new-game dialog may help).")
    assert not peer.failed("failed") and peer.failures == 2  # (counted once: the channel is closed)
    opened = PeerState()
    opened.follow(creator.gid, mine_first=False)
    opened.link.opened()
    assert not opened.failed("failed") and opened.failures == 0  # a channel that opened is no failure
    opened.closed()
    opened.closed("a later reason")
    assert opened.link.state == "closed" and opened.link.why == CLOSED == "the live connection closed."


def test_a_connection_carries_the_game_the_page_shows_and_acknowledges_a_message_it_holds():
    a, invitation = Remote.create(BITSKRIEG, None, "blue")
    b, reply = Remote.accept(invitation)
    a.receive(reply)
    peer = PeerState()
    peer.follow(a.gid, mine_first=True)
    shown, other = RemoteSession(a, "p:"), RemoteSession(Remote.create(BITSKRIEG, None, "blue")[0], "p:")
    assert peer.carries(shown) and not peer.carries(other)
    assert peer.holds(shown, " " + reply + "\n") and not peer.holds(other, reply)
    assert peer.ack(reply) == "a1" and peer.ack(invitation) == "a0"
    local = type("Local", (), {"capabilities": type("C", (), {"remote": False})()})()
    assert not peer.carries(local)


def test_the_next_step_drops_a_stale_offer_and_nothing_is_done_without_webrtc_or_after_the_verdict():
    c, _ = Remote.create(BITSKRIEG, None, "blue")
    c.live = "an offer of a page since closed"
    assert next_step(c, None, webrtc=False) is None and c.live is not None  # (left as it is)
    assert next_step(c, None, webrtc=True) == ("offer",) and c.live is None
    c.verdict = {"ok": True, "winner": "blue", "moves": 1, "outcomes": 0}  # (as a checked game's)
    assert plan(c, None) == ("offer",) and next_step(c, None, webrtc=True) is None


def test_the_channel_is_the_connections_or_links_with_the_reason():
    a, invitation = Remote.create(BITSKRIEG, None, "blue", live=offer_text(60))
    b, reply = Remote.accept(invitation)  # its browser cannot play live: its reply carries no answer
    assert channel_for(b, None, webrtc=False).mode("Blue") == "By links: this browser cannot connect live (it has no WebRTC)."
    waiting = channel_for(b, None, webrtc=True)
    assert waiting.state == "connecting" and waiting.parity == 1
    assert channel_for(a, None, webrtc=True).state == "connecting"  # (no reply yet: nothing known of their browser)
    a.receive(reply)
    assert channel_for(a, None, webrtc=True).mode("Red") == "By links: Red's browser cannot connect live."
    assert cannot_connect(b) == "Blue's browser cannot connect live." and channel_for(a, None, True).parity == 0
    peer = PeerState()
    peer.follow(a.gid, mine_first=True)
    assert channel_for(a, peer, webrtc=False) is peer.link
