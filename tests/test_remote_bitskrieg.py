"""Remote Bitskrieg: two simulated browsers play whole games through the message codes only, and cheats
(altered, replayed, out of turn, illegal, a changed chance value, a tank deployed that was never picked,
reading the other side's data) are refused or exposed."""

import json

import pytest

from game_core import games, remote
from game_core.engine import IllegalAction
from game_core.remote import Cheated, Refused, Remote, b64, seal, unb64, unseal

import remote_table
from remote_table import Entropy, forged, until

GAME = games.get("bitskrieg")
ADVANCED = {"reserves": True, "flank_armor": True, "bounding_fire": True, "stun": True, "reverse": True,
            "ramming": True, "destroy_obstacles": True, "terrain": True, "handicapping": True, "rebuilds_red": 3}


@pytest.fixture(autouse=True)
def seeded_secrets(monkeypatch, request):
    monkeypatch.setattr(remote, "secrets", Entropy(request.node.name))


def eager(rng, actions):
    """A random player that fires and rams whenever it can (games end in a few hundred moves)."""
    hot = [a for a in actions if a.startswith(("fire", "ram"))]
    return rng.choice(hot or actions)


def Table(seed, options=None, creator_seat="blue", player=eager):
    """Two Bitskrieg browsers and the chat between them (remote_table.Table), playing eagerly."""
    return remote_table.Table(GAME, seed, options, creator_seat, player)


@pytest.mark.parametrize("seed, options, creator", [(1, None, "blue"), (2, ADVANCED, "red")])
def test_two_browsers_play_a_whole_game_by_codes_and_both_verify_it(seed, options, creator):
    table = Table(seed, options, creator)
    table.finish()
    a, b = table.sides()
    assert a.verdict["ok"] and b.verdict["ok"], (a.verdict, b.verdict)
    assert a.verdict["winner"] == b.verdict["winner"] == a.state.winner == b.state.winner is not None
    assert a.verdict["outcomes"] > 10  # dice were rolled, every one settled by both sides
    assert a.state.view(None) == b.state.view(None)
    # the game replays locally from its actions and outcomes (the record of a remote game)
    assert a.state.actions == b.state.actions and a.tape == b.tape
    numbers = [unseal(code)["n"] for code in table.messages]
    assert numbers == list(range(len(numbers)))  # one conversation, strictly alternating
    with pytest.raises(IllegalAction, match="game is over"):
        a.act("flip")
    with pytest.raises(Refused, match="over and was checked"):
        (a if unseal(table.messages[-1])["from"] == b.seat else b).receive(table.messages[-1])


def test_a_side_saved_and_restored_at_any_moment_plays_on():
    table = Table(4, {"reserves": True, "bounding_fire": True})
    for turn in range(4000):
        if table.a.verdict and table.b.verdict:
            break
        table.step()
        if turn in (0, 1, 30, 101, 202):  # both browsers reload the page from localStorage
            table.a = Remote.from_dict(json.loads(json.dumps(table.a.to_dict())))
            table.b = Remote.from_dict(json.loads(json.dumps(table.b.to_dict())))
            for side in (table.a, table.b):  # the page's log of a loaded side: each move replayed, in order
                if side.state is not None:
                    assert [after.actions for _, after in side.moved] == [
                        side.state.actions[:n] for n in range(1, len(side.state.actions) + 1)]
    assert table.a.verdict["ok"] and table.b.verdict["ok"]
    assert table.a.outbox == table.messages[-2 if table.messages[-1] != table.a.outbox else -1]


def unchanged(side):
    return json.dumps(side.to_dict(), sort_keys=True)


def test_bad_messages_are_refused_with_a_reason_and_change_nothing():
    table = Table(5)
    code, receiver = until(table, lambda body, _: any(a.get("a", "").startswith("move") for a in body["acts"]))
    sender = table.a if receiver is table.b else table.b
    before = unchanged(receiver)
    key = sender
    middle = len(code) // 2
    altered = code[:middle] + ("A" if code[middle] != "A" else "B") + code[middle + 1:]
    body = unseal(code)
    move = next(a for a in body["acts"] if "a" in a)
    illegal = [dict(a) for a in body["acts"]]
    illegal[illegal.index(move)] = {"a": "fire a1 h8"}
    cases = {
        "damaged|altered": altered,
        "altered": seal(unseal(code), 12345),  # signed by another key
        "your own message": None,
        "another game": forged(code, key, game="0" * 32),
        "missing": forged(code, key, n=body["n"] + 2),
        "does not follow": forged(code, key, prev="0" * 32),
        "out of turn": forged(code, key, acts=body["acts"] + [{"a": "flip"}]),
        "illegal": forged(code, key, acts=illegal),
        "secret move where the rules allow none": forged(code, key, acts=[{"c": b64(bytes(32))}]),
        "for no step": forged(code, key, chain=[10 ** 9, body["chain"][1]]),  # no endless hashing either
    }
    for reason, bad in cases.items():
        with pytest.raises(Refused, match=reason):
            if bad is None:
                sender.receive(code)  # opened in the browser that sent it
            else:
                receiver.receive(bad)
        assert unchanged(receiver) == before, reason
    table.deliver(code, receiver)  # the genuine message still applies, once
    with pytest.raises(Refused, match="already received"):
        receiver.receive(code)


def test_a_changed_chance_value_to_choose_a_roll_is_exposed():
    table = Table(6)
    code, receiver = until(table, lambda body, _: any(a.get("a", "").startswith("fire") for a in body["acts"]))
    body = unseal(code)
    step, value = body["chain"]
    sender = table.a if receiver is table.b else table.b
    changed = forged(code, sender, chain=[step, b64(bytes([unb64(value, 32)[0] ^ 1]) + unb64(value, 32)[1:])])
    before = unchanged(receiver)
    with pytest.raises(Cheated, match="does not match their commitment") as exposed:
        receiver.receive(changed)
    assert exposed.value.seat == receiver.other
    assert receiver.verdict == {"ok": False, "cheater": receiver.other, "reason": str(exposed.value)}
    assert json.loads(before)["actions"] == list(receiver.state.actions)  # nothing of the message applied


def test_a_player_who_deploys_a_tank_they_never_picked_is_exposed_when_the_picks_open():
    table = Table(7, {"axis_chooser": "blue"})
    cheat, honest = table.a, table.b
    while cheat.state is None or not (cheat.state.phase == "deploy" and not cheat.waiting):
        table.step()
    # the cheating browser edits its own state: a Tank Destroyer it never picked replaces one it did
    hand, chosen = cheat.state.hand["blue"], cheat.state.chosen["blue"]
    swapped = next(c for c in "DHML" if chosen.count(c) < 3 and c not in hand)
    hand[0] = swapped
    chosen[chosen.index(next(c for c in chosen if c not in hand))] = swapped
    cheat.state._legal = None
    with pytest.raises(Cheated, match="do not match the moves they played") as exposed:
        for _ in range(200):
            table.step()
    assert exposed.value.seat == "blue" and honest.verdict["cheater"] == "blue"


def picks_last(rng, actions):
    """Picks D, D, D, H, H (the last classes offered), then plays eagerly."""
    return actions[-1] if actions[0].startswith("pick") else eager(rng, actions)


def test_the_other_browser_holds_none_of_its_opponents_secrets():
    table = Table(8, {"axis_chooser": "blue"}, player=picks_last)
    a, b = table.sides()
    while a.state is None or a.state.phase != "deploy":
        table.step()
    assert sorted(a.state.chosen["blue"]) == ["D", "D", "D", "H", "H"]
    stored = json.dumps(b.to_dict())
    assert b.state.chosen["blue"] == ["L", "L", "L", "M", "M"]  # stand-ins: B does not know A's picks
    assert b.state.view("red")["state"]["hand"]["blue"] == {"hidden": 5}
    for secret in (b64(a.my_chain), b64(a.my_private), b64(a.my_sign), *(b64(c) for c in a._my_chain()[a.revealed + 1:])):
        assert secret not in stored  # no seed, no chain element still to come (no roll foreseen)
    assert not any("pick" in json.dumps(unseal(code)["acts"]) for code in a.log if unseal(code)["from"] == "blue")
    while a.state.phase == "deploy":
        table.step()
    table.step()
    assert sorted(b.opened.values()) == ["pick D"] * 3 + ["pick H"] * 2  # opened once all were deployed
    assert b.state.chosen["blue"] == a.state.chosen["blue"] and b.state.view("red")["state"]["hand"]["blue"] == []


def test_moves_out_of_turn_or_malformed_are_refused_locally():
    table = Table(9)
    a, b = table.sides()
    table.step()  # Red's reply to the invitation: Blue rolls first
    waiting = b
    with pytest.raises(IllegalAction, match="not your move"):
        waiting.act("roll")
    mover = b if waiting is a else a
    with pytest.raises(IllegalAction, match="not Bitskrieg notation"):
        mover.act("castle")
    assert mover.unsent == [] and mover.state.actions == ()
    with pytest.raises(ValueError, match="not available"):
        Remote.create(games.get("fall-blau"), None, "p1")


def test_nobody_knows_a_roll_before_the_move_that_causes_it_is_sent():
    table = Table(10)
    code, receiver = until(table, lambda body, _: any(a.get("a", "").startswith("fire") for a in body["acts"]))
    sender = table.a if receiver is table.b else table.b
    step = len(sender.state.actions) + 1
    assert sender.pending.startswith("fire")  # the shot waits: its dice are not known to its own browser
    assert sender.their["known"][0] < step  # the opponent's element for this step was never revealed
    assert receiver.revealed < step
    rolled = len(receiver.tape)
    table.deliver(code, receiver)  # the receiver learns the dice now, after the shot was sent...
    assert len(receiver.tape) > rolled and receiver.state.actions[-1] == sender.pending
    reply, back = table.next_code()
    assert back is sender and unseal(reply)["chain"][0] >= step
    table.deliver(reply, sender)  # ...and the shooter from the reply, which carries the next move too
    assert sender.pending is None and sender.tape[:len(receiver.tape)] == receiver.tape[:len(sender.tape)]


def test_when_the_roller_keeps_the_turn_the_other_browser_answers_with_its_chance_alone():
    for seed in range(20):  # the axis roll comes with Red's last pick: find a game where Red wins it
        table = Table(seed)
        while table.a.state is None or table.a.state.phase in ("obstacles", "pick"):
            table.step()
        if table.a.state.turn == "red":
            break
    code, receiver = table.next_code()
    assert receiver is table.b and unseal(code)["acts"] == [] and "chain" in unseal(code)
    assert table.b.pending is not None  # Red's last pick waited for Blue's element of the axis roll
    table.deliver(code, receiver)
    assert table.b.pending is None and not table.b.waiting and table.b.state.phase == "axis"


def test_each_browser_narrates_the_moves_it_applied_without_the_opponents_secrets():
    table = Table(11, player=picks_last)
    lines = {"blue": [], "red": []}
    while table.b.state is None or table.b.state.phase in ("obstacles", "pick", "axis", "home"):
        code, receiver = table.next_code()
        table.deliver(code, receiver)
        for before, after in receiver.moved:  # the lines of the opponent's moves this browser may read
            if before.to_play != receiver.seat and before.phase == "pick":
                lines[receiver.seat] += [text for text, audience in GAME.narrate(before, after)
                                         if audience in (None, receiver.seat)]
    assert lines["red"].count("Blue picks a tank in secret") == 5
    assert not any("Destroyer" in line or "Heavy" in line for line in lines["red"])  # Blue's D, D, D, H, H
    assert lines["blue"].count("Red picks a tank in secret") == 5



def test_after_a_cheat_is_exposed_the_game_takes_no_more_messages():
    table = Table(12)
    code, receiver = until(table, lambda body, _: any(a.get("a", "").startswith("fire") for a in body["acts"]))
    step, value = unseal(code)["chain"]
    with pytest.raises(Cheated):
        receiver.receive(forged(code, table.a if receiver is table.b else table.b, chain=[step, b64(bytes(32))]))
    with pytest.raises(Refused, match="this game was stopped: .*does not match their commitment"):
        receiver.receive(code)
