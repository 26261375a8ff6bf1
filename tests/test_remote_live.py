"""Live play's protocol (game_core/remote/live.py): the compact offer and answer, the channel's queue,
acknowledgements and fallback to links, the in-app browser notice; and what `verify` reports of a cheat in
mid-game (issue 34)."""

import json

import pytest

from game_core import cli, games, remote
from game_core.blitzkrieg.data import kind_of
from game_core.remote import Cheated, Remote, unseal, verify_transcript
from game_core.remote.live import Channel, compact, in_app_browser, parse, rebuild, stun_url
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
    joiner.opened()  # (never reopens in practice: a closed channel stays closed)
    assert joiner.mode("Blue").startswith("Live")


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
