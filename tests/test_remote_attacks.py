"""The security review's attacks on remote play (issue 34, S1-S5), each refused at once or exposed with a
signed proof; a withheld final reveal is a claim a longer transcript overrides (issue 47); every link fits a
messenger."""

import base64
import json
import zlib

import pytest

from game_core import cli, games, remote
from game_core.remote import (Cheated, Refused, Remote, b64, group, seal, unb64, unseal, verify_transcript)
from remote_table import Entropy, Table, forged, until

BITSKRIEG, BLITZKRIEG, NIPPON = games.get("bitskrieg"), games.get("blitzkrieg"), games.get("blitzkrieg-nippon")
LINK_ROOM = 2000 - len("https://blitzbox.netlify.app/blitzkrieg-nippon/#r=")  # a link is the page's address + code


@pytest.fixture(autouse=True)
def seeded_secrets(monkeypatch, request):
    monkeypatch.setattr(remote, "secrets", Entropy(request.node.name))


def checked_numbers_only(monkeypatch):
    """Make group arithmetic fail on any number a message could have made huge (the review's 60-second
    `pow(value, -challenge, P)`): every multiplier must be a checked scalar or challenge."""
    original = group.Element.__mul__

    def multiply(element, number):
        assert 0 <= number < 2 ** 256, "arithmetic on an unchecked number"
        return original(element, number)
    monkeypatch.setattr(group.Element, "__mul__", multiply)
    monkeypatch.setattr(group.Element, "__rmul__", multiply)


# -- S1: the joiner cannot choose its starting reserve ----------------------------------------------------
def test_the_invitation_reveals_no_chance_so_the_joiner_commits_before_it_can_work_out_any_draw():
    a, invitation = Remote.create(BLITZKRIEG, None, "axis")
    body = unseal(invitation)
    assert "chain" not in body and set(body["commit"]) == {"chain", "private", "sign", "lock"}
    b, reply = Remote.accept(invitation)
    assert b.state is None and b._their_element(0) is None  # its reserve draw needs the creator's element
    committed = unseal(reply)["commit"]
    assert unseal(reply)["chain"] == [0, b64(b._my_chain()[0])]
    assert a.receive(reply) is None and a.state is not None  # the Axis moves first: its move reveals its element
    code = a.act(a.state.legal_actions()[0])
    assert unseal(code)["chain"][0] >= 1
    b.receive(code)
    assert b.state is not None and b.their["top"] == b64(remote.sha(a._my_chain()[0]))
    # what the joiner revealed in its reply was fixed by what it committed to, before it saw anything
    assert committed["chain"] == b64(remote.sha(b._my_chain()[0]))


def test_a_joiner_that_changes_its_seeds_after_the_creators_reveal_is_exposed():
    table = Table(BLITZKRIEG, 1)
    for _ in range(2):  # the reply, then the creator's first message: its element at last
        table.deliver(*table.next_code())
    code, receiver = table.next_code()
    joiner = table.b
    assert receiver is table.a and "chain" in unseal(code)
    step = unseal(code)["chain"][0]
    other = remote.chain(bytes(32), joiner.length)[step]  # a chain chosen now, to pick its draws
    with pytest.raises(Cheated, match="does not match their commitment"):
        receiver.receive(forged(code, joiner, chain=[step, b64(other)]))


# -- S2: Bitskrieg's picks must be opened when the rules make them public ------------------------------
def test_a_bitskrieg_side_that_keeps_its_picks_closed_is_exposed_by_its_next_message():
    table = Table(BITSKRIEG, 2, {"axis_chooser": "blue"}, "blue")
    cheat, honest = table.a, table.b
    cheat.mine_opened = True  # a modified client: its picks are never opened
    public_at = None  # the length of the honest side's log when the rules made the cheat's picks public
    with pytest.raises(Cheated, match="did not open their secret moves") as exposed:
        for _ in range(400):
            table.deliver(*table.next_code())
            if public_at is None and honest.state is not None and honest.adapter.opens(honest.state, cheat.seat):
                public_at = len(honest.log)
    assert exposed.value.seat == cheat.seat and honest.verdict["cheater"] == cheat.seat
    assert len(honest.log) - public_at <= 2  # the very next message of the cheat's was refused
    assert unseal(honest.log[-1])["from"] == cheat.seat  # the signed message that proves it


# -- S3: each side signs; the sore loser forfeits; the transcript proves it -----------------------------
def test_the_invitation_carries_no_key_that_lets_the_joiner_speak_for_the_creator():
    a, invitation = Remote.create(BITSKRIEG, None, "blue")
    b, reply = Remote.accept(invitation)
    a.receive(reply)
    code = a.act(a.state.legal_actions()[0])
    assert "key" not in unseal(invitation)
    posing = forged(code, b)  # the joiner re-signs a move of the creator's with its own key
    with pytest.raises(Refused, match="signature does not hold"):
        b.receive(posing)
    b.receive(code)


def finished_but_withheld(seed):
    """A Blitzkrieg! game played to its end, whose last receiver checks the final reveal and goes silent."""
    table = Table(BLITZKRIEG, seed)
    code, receiver = until(table, lambda body, _: "final" in body)
    honest = table.a if receiver is table.b else table.b
    return table, honest, receiver, code


def test_a_withheld_final_reveal_past_the_deadline_is_a_claim_that_the_late_reveal_overrides(tmp_path, capsys,
                                                                                            monkeypatch):
    """Issue 47, N1: nobody can prove a message was never sent, so a page past the deadline shows a claim
    (not a verdict), the game still takes the late reveal, and the longer transcript overrides the claim."""
    table, honest, silent, final = finished_but_withheld(3)
    assert honest.final_sent and honest.state.is_over and honest.waiting
    due = honest.due
    assert due == honest.sent_at + honest.deadline * 3600 and honest.awaited == "their final reveal"
    assert honest.claim_forfeit(now=due - 1) is None and honest.claim is None
    transcript = honest.transcript()
    assert verify_transcript(transcript, now=due - 1)["ok"] is None  # not yet due
    claim = honest.claim_forfeit(now=due)
    assert claim["ok"] is None and claim["claim"] == silent.seat and "not a proof" in claim["reason"]
    assert honest.verdict is None and honest.claim == claim
    shown = verify_transcript(transcript, now=due)
    assert shown["ok"] is None and shown["claim"] == silent.seat and "overrides" in shown["reason"]
    path = tmp_path / "transcript.json"
    path.write_text(json.dumps(transcript))
    assert cli.main(["verify", str(path)]) == 2 and "has until" in capsys.readouterr().out
    with monkeypatch.context() as later:
        later.setattr(remote.time, "time", lambda: due + 49 * 3600)
        assert cli.main(["verify", str(path)]) == 2 and "not a proof" in capsys.readouterr().out
    honest.receive(silent.receive(final), now=due + 3600)  # the late reveal still comes in, and is checked
    assert honest.verdict["ok"] is True and honest.claim is None and honest.claim_forfeit(now=due + 7200) is None
    assert verify_transcript(honest.transcript(), now=due)["ok"] is True  # the longer transcript


def test_a_loser_cannot_prove_the_winner_forfeited_by_back_dating_or_dropping_the_winners_reveal():
    """Issue 47, N1: the side that sends the first final reveal back-dates it and keeps the other's final
    out of its transcript. The other page refuses a back-dated message; a transcript with it is not sound;
    without back-dating, 49 hours on, it shows at most a claim, never exit 1 naming the other side."""
    table, first, other, final = finished_but_withheld(3)
    earlier = unseal(first.log[-2])["t"]
    back_dated = forged(final, first, t=earlier - 49 * 3600)
    with pytest.raises(Refused, match="dated before the message it answers"):
        other.receive(back_dated)
    with pytest.raises(Refused, match="time does not hold"):
        verify_transcript({**first.transcript(), "messages": first.log[:-1] + [back_dated]})
    at_the_limit = forged(final, first, t=earlier, got=earlier)  # as early as the other's clock allows
    transcript = {**first.transcript(), "messages": first.log[:-1] + [at_the_limit]}
    later = verify_transcript(transcript, now=earlier + 49 * 3600)
    assert later["ok"] is None and later["claim"] == other.seat  # a claim, not a proof
    other.receive(at_the_limit, now=earlier + 60)
    assert other.verdict["ok"] is True  # the other side's longer transcript verifies as a fair game
    assert verify_transcript(other.transcript(), now=earlier + 49 * 3600)["ok"] is True


def test_a_message_dated_out_of_order_or_ahead_of_the_clock_is_refused_and_changes_nothing():
    """Issue 47, N1/N6: `t` is never earlier than the previous message's, never more than 15 minutes ahead
    of the receiver's clock, and `got` (when its sender got the previous message) lies between the two."""
    a, invitation = Remote.create(BLITZKRIEG, None, "axis")
    b, reply = Remote.accept(invitation)
    body = unseal(reply)
    assert body["got"] >= unseal(invitation)["t"] and body["t"] >= body["got"]
    saved = json.dumps(a.to_dict())
    now = body["t"]
    for changes, why in [({"t": unseal(invitation)["t"] - 1}, "dated before"),
                         ({"t": now + 3600}, "ahead of this device's clock"),
                         ({"got": unseal(invitation)["t"] - 5}, "got the message it answers"),
                         ({"got": now + 5}, "got the message it answers"),
                         ({"got": None}, "does not say when")]:
        with pytest.raises(Refused, match=why):
            a.receive(forged(reply, b, **changes), now=now)
        assert json.dumps(a.to_dict()) == saved
    a.receive(forged(reply, b, t=now + 600), now=now)  # a clock a few minutes ahead is fine
    code = a.act(a.state.legal_actions()[0]) or a.outbox
    assert unseal(code)["t"] >= now + 600  # an answer is never dated before what it answers


def test_a_creator_that_withholds_the_set_ups_chance_after_the_reply_can_be_claimed_against():
    a, invitation = Remote.create(BLITZKRIEG, None, "allies", deadline=1)
    b, reply = Remote.accept(invitation)
    assert b.state is None and b.waiting and b.due == b.sent_at + 3600  # the Allies owe their element of step 0
    assert a.due is None  # the creator waits for nobody's reveal before the reply
    assert b.claim_forfeit(now=b.due)["claim"] == "allies" and b.awaited == "the chance of the set-up"
    with pytest.raises(ValueError, match="1 to 720 hours"):
        Remote.create(BLITZKRIEG, None, "allies", deadline=0)


def test_a_whole_game_s_transcript_verifies_and_a_tampered_one_does_not(tmp_path, capsys):
    table = Table(NIPPON, 4, None, "germany")
    table.finish()
    transcript = table.b.transcript()
    assert verify_transcript(transcript) == {**table.b.verdict}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(transcript))
    assert cli.main(["verify", str(path)]) == 0 and '"ok": true' in capsys.readouterr().out
    dropped = {**transcript, "messages": transcript["messages"][:5] + transcript["messages"][6:]}
    with pytest.raises(Refused, match="not signed, numbered or chained"):
        verify_transcript(dropped)
    path.write_text(json.dumps(dropped))
    assert cli.main(["verify", str(path)]) == 3


def test_a_transcript_whose_reveal_breaks_the_rules_names_the_cheater():
    table, honest, silent, final = finished_but_withheld(5)
    body = unseal(final)
    body["final"] = {**body["final"], "private": b64(bytes(32))}  # seeds that are not the committed ones
    lying = seal(body, honest.sign_key)
    transcript = {**honest.transcript(), "messages": honest.log[:-1] + [lying]}
    assert verify_transcript(transcript)["cheater"] == honest.seat
    with pytest.raises(Cheated, match="revealed seeds do not match"):
        silent.receive(lying)


# -- S4: oversize or malformed fields are refused before any arithmetic ----------------------------------
def test_an_oversize_challenge_or_a_non_group_element_is_refused_before_any_arithmetic(monkeypatch):
    table = Table(BLITZKRIEG, 7)
    code, receiver = until(table, lambda body, _: bool(body.get("strips")))
    sender = table.a if receiver is table.b else table.b
    body = unseal(code)
    position, proof = next(iter(body["strips"].items()))
    raw = unb64(proof, 80)
    huge = b64(raw + (2 ** 4000).to_bytes(501, "little"))  # the review's 60-second challenge, and more
    not_element = b64(b"\xff" * 32 + raw[32:])  # not the encoding of any group element
    big_response = b64(raw[:48] + (2 ** 256 - 1).to_bytes(32, "little"))  # a scalar past the group's order
    saved = json.dumps(receiver.to_dict())
    checked_numbers_only(monkeypatch)
    cases = [({**body["strips"], position: huge}, None, "wrong length"),
             ({**body["strips"], position: not_element}, None, "false"),
             ({**body["strips"], position: big_response}, None, "false"),
             ({str(n): proof for n in range(100)}, None, "more cards than the deck"),
             (body["strips"], [body.get("chain", [1])[0], "A" * 500], "damaged")]
    for strips, chain, why in cases:
        fresh = Remote.from_dict(json.loads(saved))
        with pytest.raises(Refused, match=why):
            fresh.receive(forged(code, sender, strips=strips, **({"chain": chain} if chain else {})))


def test_a_deck_of_non_group_elements_is_refused_before_any_arithmetic(monkeypatch):
    a, invitation = Remote.create(NIPPON, None, "japan")
    body = unseal(invitation)
    deck = list(body["deck"])
    checked_numbers_only(monkeypatch)
    for bad in (b64(b"\xff" * 32), b64(bytes(31) + b"\x80"), "A" * 44, 12):
        with pytest.raises(Refused):
            Remote.accept(forged(invitation, a, deck=[bad] + deck[1:]))


# -- S5: fixed-format game ids, duplicate cards on arrival, consent before joining ----------------------
def test_a_game_id_is_fixed_format():
    a, invitation = Remote.create(BITSKRIEG, None, "blue")
    assert remote.GID.fullmatch(a.gid)
    for gid in ("0" * 33, "G" * 32, "x" * 5000):
        with pytest.raises(Refused, match="damaged"):
            unseal(forged(invitation, a, game=gid))
    with pytest.raises(ValueError, match="32 hexadecimal"):
        Remote(BITSKRIEG, None, "blue", "0" * 31)


def test_a_deck_with_a_card_twice_is_refused_on_arrival_either_way():
    a, invitation = Remote.create(BLITZKRIEG, None, "axis")
    deck = unseal(invitation)["deck"]
    with pytest.raises(Cheated, match="holds a card twice"):
        Remote.accept(forged(invitation, a, deck=[deck[0]] + deck[:-1]))
    b, reply = Remote.accept(invitation)
    twice = unseal(reply)["deck"]
    before = json.dumps(a.to_dict(), sort_keys=True)
    with pytest.raises(Cheated, match="holds a card twice") as exposed:
        a.receive(forged(reply, b, deck=twice[:-1] + [twice[0]]))
    assert exposed.value.seat == b.seat and a.state is None
    assert json.loads(before)["count"] == a.count  # nothing of the message was taken


def test_reading_an_invitation_shows_its_terms_and_joins_nothing():
    options = {"handicapping": True, "rebuilds_red": 3}
    a, invitation = Remote.create(BITSKRIEG, options, "blue", deadline=24)
    offer = Remote.read(invitation)
    assert offer["seat"] == "red" and offer["them"] == "blue" and offer["deadline"] == 24
    assert offer["gid"] == a.gid and offer["options"]["rebuilds_red"] == 3 and offer["live"] is None
    assert any(label and value == "3" for label, value in offer["terms"])  # the handicap, shown in words
    assert ("Handicapping", "on") in offer["terms"]  # (issue 47: not "True")
    assert a.count == 1 and a.state is None  # the creator heard nothing
    with pytest.raises(Refused, match="signature does not hold"):
        Remote.read(forged(invitation, Remote.accept(invitation)[0], options={"rebuilds_red": 0}))
    b, reply = Remote.accept(invitation)
    assert b.seat == "red" and unseal(reply)["n"] == 1


# -- live play: the pages' WebRTC offer and answer ride in the invitation and the reply, signed -----------
def test_the_invitation_and_reply_carry_the_pages_live_offer_and_answer():
    a, invitation = Remote.create(BITSKRIEG, None, "blue", live="offer-sdp")
    assert Remote.read(invitation)["live"] == "offer-sdp"
    b, reply = Remote.accept(invitation, live="answer-sdp")
    assert b.their_live == "offer-sdp"
    with pytest.raises(Refused, match="signature does not hold"):
        a.receive(seal({**unseal(reply), "live": "elsewhere"}, a.sign_key))
    a.receive(reply)
    assert a.their_live == "answer-sdp"
    restored = Remote.from_dict(json.loads(json.dumps(a.to_dict())))
    assert (restored.live, restored.live_sent, restored.their_live) == (None, "offer-sdp", "answer-sdp")


# -- links that fit a messenger ---------------------------------------------------------------------------
@pytest.mark.parametrize("game, seeds, options", [
    (BLITZKRIEG, (1, 2), {"partisans": True, "inspired_leadership": True}), (NIPPON, (3, 4), None),
    (BITSKRIEG, (5,), {"terrain": True, "handicapping": True, "rebuilds_red": 3})])
def test_every_link_fits_a_messenger(game, seeds, options):
    for seed in seeds:
        table = Table(game, seed, options)
        table.finish()
        lengths = [len(code) for code in table.messages]
        assert max(lengths) <= LINK_ROOM, (seed, lengths[:2], max(lengths))
        assert table.a.verdict["ok"] and table.b.verdict["ok"]


# -- issue 47, N5: one message has exactly one code ------------------------------------------------------
def test_a_code_is_refused_unless_it_is_the_one_canonical_code_of_its_message():
    a, invitation = Remote.create(BLITZKRIEG, None, "axis")
    body = invitation[len("bbr2."):]
    packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    text = zlib.decompress(packed)

    def coded(data: bytes) -> str:
        return "bbr2." + base64.urlsafe_b64encode(data).decode().rstrip("=")
    variants = {
        "junk after the stream": coded(packed + b"junk"),
        "a character outside base64url": "bbr2." + body[:10] + "!" + body[10:],
        "a space inside": "bbr2." + body[:10] + " " + body[10:],
        "padding": invitation + "=" * (-len(body) % 4 or 4),
        "JSON not in its canonical form": coded(zlib.compress(b" " + text, 9)),
    }
    if "-" in body or "_" in body:
        variants["standard base64"] = "bbr2." + body.replace("-", "+").replace("_", "/")
    if len(body) % 4 in (2, 3):  # the last character carries bits beyond the data: set one of them
        alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
        variants["stray bits"] = invitation[:-1] + alphabet[alphabet.index(invitation[-1]) + 1]
    for why, code in variants.items():
        assert code != invitation
        with pytest.raises(Refused, match="damaged"):
            unseal(code)
    assert Remote.read("  " + invitation + "\n")["gid"] == a.gid  # what a chat adds around a pasted code


# -- issue 47, N3: a player who stops on their own turn ---------------------------------------------------
def stalled(move_deadline):
    """A Bitskrieg game played until a side sent its move and waits for the other's move (and no reveal):
    (the side waiting, the side to move, the code it has not received yet)."""
    a, invitation = Remote.create(BITSKRIEG, None, "blue", deadline=48, move_deadline=move_deadline)
    assert Remote.read(invitation)["move_deadline"] == move_deadline
    b, reply = Remote.accept(invitation)
    code = a.receive(reply)
    for _ in range(500):
        while code is None:
            mover = b if a.waiting else a
            code = mover.act(mover.state.legal_actions()[0])
        waiting = a if a.outbox == code else b
        mover = b if waiting is a else a
        if waiting.pending is None and waiting.state.to_play == mover.seat:
            return waiting, mover, code
        code = mover.receive(code)
    raise AssertionError("no side waited for a move alone")


def test_a_move_deadline_agreed_in_the_invitation_lets_the_waiting_side_claim_a_stalled_game():
    waiting, mover, code = stalled(2)
    assert Remote.from_dict(json.loads(json.dumps(waiting.to_dict()))).move_deadline == 2
    assert waiting.awaited == "their move" and waiting.hours == 2
    due = waiting.due
    assert due == waiting.sent_at + 2 * 3600 and waiting.claim_forfeit(now=due - 1) is None
    claim = waiting.claim_forfeit(now=due)
    assert claim["claim"] == mover.seat and claim["owes"] == "their move" and "not a proof" in claim["reason"]
    assert waiting.verdict is None
    code = mover.receive(code)
    while code is None:  # the late move still comes in, and the claim is gone
        code = mover.act(mover.state.legal_actions()[0])
    waiting.receive(code, now=due + 60)
    assert waiting.claim is None


def test_without_a_move_deadline_a_stalled_mover_owes_nothing_with_a_deadline():
    waiting, mover, code = stalled(None)
    assert waiting.awaited is None and waiting.due is None and waiting.claim_forfeit(now=2e9) is None
    with pytest.raises(ValueError, match="deadline for a move"):
        Remote.create(BITSKRIEG, None, "blue", move_deadline=0)


# -- issue 47, N7: who answered the invitation -------------------------------------------------------------
@pytest.mark.parametrize("game, seat", [(BITSKRIEG, "red"), (BLITZKRIEG, "axis")])
def test_both_pages_show_the_same_few_words_from_both_keys_and_an_interloper_gets_others(game, seat):
    a, invitation = Remote.create(game, None, seat)
    assert a.fingerprint is None  # (until a reply comes)
    b, reply = Remote.accept(invitation)
    a.receive(reply)
    assert a.creator == b.creator == seat  # (a Bitskrieg joiner's page said "send them the invitation")
    words = a.fingerprint.split()
    assert a.fingerprint == b.fingerprint and len(words) == 4
    assert Remote.from_dict(json.loads(json.dumps(b.to_dict()))).fingerprint == b.fingerprint
    interloper, _ = Remote.accept(invitation)  # someone else opened the invitation first
    assert interloper.fingerprint != b.fingerprint
