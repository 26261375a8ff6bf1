"""Remote play of Blitzkrieg! and Nippon (game_core/remote.py, docs/remote.md): two simulated browsers play
whole games through the message codes only; the research pile is a deck no seat can see, each bag and
reserve stays its owner's, and every cheat is refused at once or exposed at the end."""

import json

import pytest

from game_core import games, remote
from game_core.blitzkrieg.data import kind_of
from game_core.engine import IllegalAction
from game_core.remote import Cheated, Refused, Remote, b64, deck_key, group, unb64, unseal
from remote_table import Entropy, Table, forged

BLITZKRIEG, NIPPON = games.get("blitzkrieg"), games.get("blitzkrieg-nippon")
BOTH_WEAPONS = {"partisans": True, "inspired_leadership": True}


@pytest.fixture(autouse=True)
def seeded_secrets(monkeypatch, request):
    monkeypatch.setattr(remote, "secrets", Entropy(request.node.name))


def comparable(side, seat=None):
    return side.adapter.comparable(side.state.view(seat))


def dealt(side) -> int:
    """How many research cards have been dealt so far."""
    return len(side.cards) - len(side.state.research)


@pytest.mark.parametrize("game, seed, options, creator", [
    (BLITZKRIEG, 1, None, "axis"), (BLITZKRIEG, 2, BOTH_WEAPONS, "allies"), (NIPPON, 3, None, "germany")])
def test_two_browsers_play_a_whole_game_by_codes_and_both_verify_it(game, seed, options, creator):
    table = Table(game, seed, options, creator)
    table.finish()
    a, b = table.sides()
    assert a.verdict["ok"] and b.verdict["ok"], (a.verdict, b.verdict)
    assert a.verdict["winner"] == b.verdict["winner"] == a.state.winner == b.state.winner is not None
    assert dealt(a) == dealt(b) > 0  # research cards were dealt, each through the locked deck
    assert comparable(a) == comparable(b)  # the same public game (a token's number is only its name)
    assert a.state.actions == b.state.actions
    numbers = [unseal(code)["n"] for code in table.messages]
    assert numbers == list(range(len(numbers)))
    with pytest.raises(IllegalAction, match="game is over"):
        a.act("pass")


def test_a_game_where_a_player_cannot_place_ends_with_their_yield_and_verifies():
    ended = 0
    for seed in range(8):
        table = Table(BLITZKRIEG, seed)
        table.finish()
        a, b = table.sides()
        assert a.verdict["ok"] and b.verdict["ok"], (seed, a.verdict, b.verdict)
        if a.state.actions[-1] == "yield":
            ended += 1
            stuck = a.state.result["reason"].split()[0]
            assert a.state.winner == b.state.winner != stuck
    assert ended  # seed 0 is one of them


def test_a_research_card_is_opened_for_its_drawer_alone_and_only_after_the_move_is_sent():
    table = Table(BLITZKRIEG, 4)
    for _ in range(400):
        code, receiver = table.next_code()
        sender = table.b if receiver is table.a else table.a
        before = dealt(receiver) if receiver.state is not None else 0
        table.deliver(code, receiver)
        if receiver.owed:  # the move just received drew research cards for its sender
            break
    else:
        raise AssertionError("nobody drew a research card")
    positions = list(receiver.owed)
    assert positions == list(range(before, before + len(positions)))
    assert sender.pending is not None  # the drawer's own browser waits: it cannot open the card yet
    assert not set(positions) & set(sender.their_strips)
    held = sorted(sender.state.bags[sender.seat] + sender.state.reserves[sender.seat])
    reply, back = table.next_code()
    assert back is sender and set(unseal(reply)["strips"]) == {str(p) for p in positions}
    table.deliver(reply, sender)
    assert sender.pending is None
    now = sorted(sender.state.bags[sender.seat] + sender.state.reserves[sender.seat])
    assert sum(t.startswith("sw:") for t in now) > sum(t.startswith("sw:") for t in held)
    # the strip opens the card only with the drawer's own lock: to anyone else it is a number
    opened = {value: card for value, card in sender._opens.items()}
    assert all(sender.their_strips[p] in opened for p in positions)
    assert not any(sender.their_strips[p] in dict(zip(
        remote.lock([remote.card_code(c) for c in receiver.cards], receiver.my_key), receiver.cards))
        for p in positions)


def test_the_other_browser_holds_none_of_its_opponents_secrets():
    table = Table(BLITZKRIEG, 5, BOTH_WEAPONS)
    for _ in range(12):
        table.step()
    a, b = table.sides()
    stored = json.dumps(b.to_dict())
    for secret in (b64(a.my_chain), b64(a.my_private), b64(a.my_sign), b64(group.scalar_bytes(a.my_key)),
                   *(b64(c) for c in a._my_chain()[a.revealed + 1:])):
        assert secret not in stored
    assert b.state.view(b.seat)["state"]["reserves"][a.seat] == {"hidden": len(a.state.reserves[a.seat])}
    for code in a.log:  # a's messages name the units it places, never one it holds
        body = unseal(code)
        if body["from"] == a.seat:
            assert all("@" in act["a"] or act["a"] in ("pass", "yield") or ":" in act["a"] for act in body["acts"])
            assert "axis:" not in json.dumps(body) and "sw:" not in json.dumps(body)


def test_a_side_saved_and_restored_at_any_moment_plays_on_with_its_stand_ins():
    table = Table(NIPPON, 6, None, "germany")
    for turn in range(400):
        if table.a.verdict and table.b.verdict:
            break
        table.step()
        if turn in (0, 1, 7, 15, 26):
            for name in ("a", "b"):
                side = getattr(table, name)
                restored = Remote.from_dict(json.loads(json.dumps(side.to_dict())))
                if side.state is not None:
                    assert restored.state.to_dict() == side.state.to_dict()  # the swaps replayed too
                setattr(table, name, restored)
    assert table.a.verdict["ok"] and table.b.verdict["ok"]
    assert table.a.swaps or table.b.swaps  # stand-ins were swapped along the way


def play_until_the_cheat(table, limit=600):
    """Step the table until both verdicts are in or a side exposes a cheat; the exception, if any."""
    for _ in range(limit):
        if table.a.verdict and table.b.verdict:
            return None
        try:
            table.step()
        except Cheated as err:
            return err
    raise AssertionError("the game did not finish")


def test_a_false_strip_is_refused_the_moment_it_arrives():
    table = Table(BLITZKRIEG, 7)
    for _ in range(400):
        code, receiver = table.next_code()
        if unseal(code).get("strips"):
            break
        table.deliver(code, receiver)
    cheat, body = (table.a if receiver is table.b else table.b), unseal(code)
    position = next(iter(body["strips"]))
    other = (int(position) + 5) % len(cheat.deck)
    proof = unb64(body["strips"][position], 80)
    value, response = group.decode(proof[:32]), int.from_bytes(proof[48:], "little")

    def proved(at, context):
        return b64(group.strip(group.decode(cheat.deck[at]), cheat.my_key, cheat._context(context)))
    false = {
        "another card, proved for its own place": proved(other, other),
        "another card, proved for this place": proved(other, int(position)),
        "a changed value": b64((value * 4).encode() + proof[32:]),
        "a changed proof": b64(proof[:48] + group.scalar_bytes((response + 1) % group.L)),
    }
    before = json.dumps(receiver.to_dict(), sort_keys=True)
    for why, strip in false.items():
        trial = Remote.from_dict(json.loads(before))
        with pytest.raises(Cheated, match="answer to your draw is false") as exposed:
            trial.receive(forged(code, cheat, strips={**body["strips"], position: strip}))
        assert exposed.value.seat == cheat.seat and trial.verdict["cheater"] == cheat.seat, why
    table.deliver(code, receiver)  # the true strip opens the card
    assert receiver.verdict is None and int(position) in receiver.their_strips


def test_placing_a_unit_never_drawn_is_refused_or_exposed_at_the_end():

    def elsewhere(kind):  # as B sees it, the tokens of this kind that A might hold
        return [t for t in b.state.research + b.state.bags[a.seat] + b.state.reserves[a.seat] if kind_of(t) == kind]

    def b_alone():  # the special weapons only B can hold
        return [t for t in b.state.bags[b.seat] + b.state.reserves[b.seat] if t.startswith("sw:")
                and not elsewhere(kind_of(t))]

    for seed in range(9, 40):  # a game where B comes to hold a special weapon A cannot hold, on A's move
        table = Table(BLITZKRIEG, seed)
        a, b = table.sides()
        while not (b.state is not None and not a.waiting and not a.state.decision and b_alone()) \
                and not (a.state is not None and a.state.is_over):
            table.step()
        if not a.state.is_over:
            break
    # the cheating browser slips a unit into its own reserve and places it: first a special weapon that
    # only B can hold (refused at once), then a unit still in its own bag (exposed by the end's replay)
    held = b_alone()[0]
    free = next(t for t in a.state.bags[a.seat] if all(kind_of(x) != kind_of(t) for x in a.state.reserves[a.seat]))
    for token, refused in ((held, True), (free, False)):
        cheat = Remote.from_dict(json.loads(json.dumps(a.to_dict())))
        for pile in (cheat.state.research, cheat.state.bags[a.seat], cheat.state.bags[b.seat],
                     cheat.state.reserves[b.seat]):
            if token in pile:
                pile.remove(token)
        cheat.state.reserves[a.seat] = sorted(cheat.state.reserves[a.seat] + [token])
        code = cheat.act(next(x for x in cheat.state.legal_actions() if x.startswith(kind_of(token) + "@")))
        if refused:  # a unit the receiver holds itself: refused at once
            before = json.dumps(b.to_dict(), sort_keys=True)
            with pytest.raises(Refused, match="is illegal: You do not have"):
                b.receive(code)
            assert json.dumps(b.to_dict(), sort_keys=True) == before
    table.a, table.code = cheat, code  # otherwise the receiver fits it in, and the end's replay exposes it
    exposed = play_until_the_cheat(table)
    verdict = b.verdict if exposed is None else {"cheater": exposed.seat, "reason": str(exposed)}
    assert verdict["cheater"] == a.seat and "breaks the rules" in verdict["reason"], verdict


def test_a_yield_from_a_player_who_can_place_is_exposed():
    table = Table(BLITZKRIEG, 10)
    a, b = table.sides()
    while b.state is None or a.waiting or a.state.decision:
        table.step()
    assert any("@" in x for x in a.state.legal_actions())
    final = {"chain": b64(a.my_chain), "private": b64(a.my_private), "acts": {}}
    code = remote.seal({**a._body(), "acts": [{"a": "yield"}], "final": final,
                        "chain": [len(a.state.actions) + 1, b64(a._my_chain()[len(a.state.actions) + 1])]}, a.sign_key)
    with pytest.raises(Cheated, match="breaks the rules") as exposed:
        b.receive(code)
    assert exposed.value.seat == a.seat and b.verdict["cheater"] == a.seat


def test_a_creator_whose_shuffled_pile_is_not_the_pile_is_exposed():
    a, code = Remote.create(BLITZKRIEG, None, "axis")
    body = unseal(code)
    deck = list(body["deck"])
    deck[1] = b64(remote.lock([remote.card_code("sw:AB#1")], a.my_key + 1)[0])  # a card of no pile
    b, reply = Remote.join(forged(code, a, deck=deck))
    assert reply is not None
    with pytest.raises(Cheated, match="shuffled pile is not the pile's cards") as exposed:
        b._deck_order({a.seat: a.my_private, b.seat: b.my_private})
    assert exposed.value.seat == a.seat


def test_a_deck_of_the_wrong_size_is_refused_and_changes_nothing():
    a, code = Remote.create(BLITZKRIEG, BOTH_WEAPONS, "allies")
    body = unseal(code)
    with pytest.raises(Refused, match="wrong number of cards"):
        Remote.join(forged(code, a, deck=body["deck"][:-1]))
    assert len(body["deck"]) == len(a.cards) == 18 and deck_key(a.my_private) == a.my_key


def test_remote_rules_make_the_reserve_dependent_steps_public():
    """In a remote game the blitz follow-up is always asked (pass may be the only answer), and a player who
    cannot place yields: the other browser cannot see the reserve those depend on. A local game is as before."""
    for options, asked in (({"remote": True}, True), ({}, False)):
        state = BLITZKRIEG.new_game(3, options)
        state.reserves["axis"] = []  # after a blitz unit, nothing left that could follow it
        state._step_blitz(next(iter(state.index.theaters)))
        assert (state.decision is not None) == asked, options
        if asked:
            assert state.legal_actions() == ["pass"]
    with pytest.raises(ValueError, match="remote game is two-player"):
        BLITZKRIEG.validate_options({"remote": True, "mode": "solo"})
    stuck = BLITZKRIEG.new_game(3, {"remote": True})
    stuck.reserves["allies"], stuck.turn = [], "allies"
    assert stuck.legal_actions() == ["yield"]
    after = stuck.apply("yield")
    assert after.result == {"winner": "axis", "reason": "allies cannot place a unit"}
    assert BLITZKRIEG.new_game(3).legal_actions() != ["yield"]
    with pytest.raises(IllegalAction, match="Only a player who cannot place any unit yields"):
        BLITZKRIEG.new_game(3, {"remote": True}).apply("yield")


def test_the_tray_offers_the_remote_steps_in_words():
    from game_core.blitzkrieg.svg import status_text
    from game_core.blitzkrieg.text import tray
    stuck = BLITZKRIEG.new_game(3, {"remote": True})
    stuck.reserves["allies"], stuck.turn = [], "allies"
    view = stuck.view("allies")
    assert status_text(view) == "Allies cannot place any unit"
    assert [(e["action"], e["label"]) for e in tray(view)] == [("yield", "End the game: no unit can be placed")]
    blitz = BLITZKRIEG.new_game(3, {"remote": True})
    blitz.reserves["axis"] = []
    blitz._step_blitz("WE")
    view = blitz.view("axis")
    assert status_text(view) == "Axis: blitz! but no unit in your reserve fits Western Europe: pass"
    assert [e["action"] for e in tray(view)] == ["pass"]
