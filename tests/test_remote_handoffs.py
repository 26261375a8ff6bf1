"""Bitskrieg by links (issue 47): how many links the players pass in a whole game, through the controller the
page uses (RemoteSession). A message carries everything its side does until the other side must act or
reveal, so a game takes exactly the hand-offs its rules force: one per turn (a Bitskrieg turn is one thing:
move one tank, fire with one, or flip), and one per reveal owed. Every link fits 2,000 characters, and one
step changed inside a message of several is refused or exposed."""

import base64
import random
import zlib

import pytest

from game_core import games, remote
from game_core.remote import Cheated, Refused, Remote, b64, unseal
from game_core.remote.codec import PREFIX, canonical
from game_core.remote_session import RemoteSession
from remote_table import Entropy, forced, forged, rush

GAME = games.get("bitskrieg")
SHORT = {"handicapping": True, "rebuilds_blue": 0, "rebuilds_red": 0}  # no rebuilds: the games end sooner
LINK = len("https://blitzbox.example.org/bitskrieg.html#r=")  # the page's address before the code


def eager(rng, state, actions):
    """A random player that fires whenever it can."""
    hot = [a for a in actions if a.startswith(("fire", "ram"))]
    return rng.choice(hot or actions)


def quick(rng, state, actions):
    return rush(state, actions)


def by_links(seed, player, options=None, creator="blue"):
    """A whole game between two honest pages, every message passed as a link: (the links in order, the
    pages)."""
    remote.secrets = Entropy(seed)
    rng = random.Random(seed)
    first, code = Remote.create(GAME, options, creator)
    second, code = Remote.accept(code)
    pages = [RemoteSession(first, "blitzbox:test:remote:"), RemoteSession(second, "blitzbox:test:remote:")]
    links = [first.outbox, code]
    while not all(page.side.verdict for page in pages):
        assert len(links) < 3000, "the game did not end"
        if code is None:  # the page to move plays until it has a link to send
            mover = next(page for page in pages if page.interactive())
            before = len(mover.side.log)
            mover.act(player(rng, mover.state, mover.state.legal_actions()))
            code = mover.side.log[-1] if len(mover.side.log) > before else None
        else:
            receiver = pages[1] if pages[0].side.log[-1] == code else pages[0]
            before = len(receiver.side.log)
            receiver.receive(code)
            code = receiver.side.log[-1] if len(receiver.side.log) > before + 1 else None
        if code is not None:
            links.append(code)
    assert all(page.side.verdict["ok"] for page in pages)
    return links, pages


@pytest.fixture(autouse=True)
def real_secrets(monkeypatch):
    monkeypatch.setattr(remote, "secrets", remote.secrets)  # by_links seeds them: put them back after


@pytest.mark.parametrize("seed, player, options, creator", [
    (1, quick, None, "blue"), (2, quick, None, "red"), (3, quick, {"axis_chooser": "red"}, "blue"),
    (4, eager, SHORT, "blue"), (5, eager, SHORT, "red"), (6, eager, None, "red")])
def test_a_game_by_links_takes_exactly_the_hand_offs_its_turns_force(seed, player, options, creator):
    links, pages = by_links(seed, player, options, creator)
    side = pages[0].side
    assert len(links) == len(side.log) == forced(side)
    for code in links:  # no message stops while its side could still move without the other's answer
        body = unseal(code)
        assert body["acts"] or body.get("chain") or body.get("final") or body["n"] == 0
    assert LINK + max(map(len, links)) < 2000


@pytest.mark.parametrize("seed", [7, 8, 9, 10])
def test_a_whole_bitskrieg_game_played_straight_to_the_flags_takes_at_most_60_hand_offs(seed):
    links, pages = by_links(seed, quick, None, "blue" if seed % 2 else "red")
    state = pages[0].state
    assert state.winner == "blue" and state.won_by == "flags"
    assert len(links) <= 60 and len(links) == forced(pages[0].side)
    assert any(len(unseal(code)["acts"]) == 5 for code in links)  # a set-up's five picks in one message


def batch(seed=11):
    """Two pages just before the first message of several steps (Blue's five deployments) is opened:
    (that link, its receiver, its sender)."""
    remote.secrets = Entropy(seed)
    rng, code = random.Random(seed), None
    a, code = Remote.create(GAME, None, "blue")
    b, code = Remote.accept(code)
    while True:
        if code is None:
            mover = a if not a.waiting else b
            code = mover.act(rush(mover.state, mover.state.legal_actions()))
            continue
        receiver = b if a.outbox == code else a
        if sum(x.get("a", "").startswith("deploy") for x in unseal(code)["acts"]) == 5:
            return code, receiver, a if receiver is b else b
        code = receiver.receive(code)


def test_one_step_changed_inside_a_message_of_several_is_refused_and_changes_nothing():
    code, receiver, sender = batch()
    body = unseal(code)
    before = receiver.to_dict()
    deploys = [n for n, step in enumerate(body["acts"]) if step["a"].startswith("deploy")]
    for n in deploys:  # a link changed on its way, in any one of its steps: its signature fails
        words = body["acts"][n]["a"].split()
        words[2] = ("a" if words[2][0] != "a" else "h") + words[2][1:]
        changed = dict(body, acts=body["acts"][:n] + [{"a": " ".join(words)}] + body["acts"][n + 1:])
        with pytest.raises(Refused, match="altered"):
            receiver.receive(on_the_way(changed))
    # its sender re-signs it with one step the rules forbid: refused, naming the move
    n = deploys[2]
    illegal = body["acts"][:n] + [{"a": "deploy L d4 s"}] + body["acts"][n + 1:]
    with pytest.raises(Refused, match="illegal"):
        receiver.receive(forged(code, sender, acts=illegal))
    assert receiver.to_dict() == before
    receiver.receive(code)  # the genuine message still applies, all five steps
    assert [a.split()[0] for a in receiver.state.actions[-5:]] == ["deploy"] * 5


def test_a_secret_step_changed_inside_a_message_of_several_is_exposed_when_it_opens():
    """Blue's five picks travel together as commitments; Blue's page sends one of them changed: Red plays
    on (it cannot see picks), and the change is proved the moment the picks open."""
    remote.secrets = Entropy(12)
    a, code = Remote.create(GAME, None, "blue")
    b, code = Remote.accept(code)
    for _ in range(100):
        if code is None:
            mover = a if not a.waiting else b
            if mover is a and len(a.unsent) == 4 and "c" in a.unsent[0]:  # Blue's fifth pick comes next
                a.unsent[3] = {"c": b64(bytes(32))}
            code = mover.act(rush(mover.state, mover.state.legal_actions()))
            continue
        receiver = b if a.outbox == code else a
        try:
            code = receiver.receive(code)
        except Cheated as exposed:
            assert receiver is b and exposed.seat == "blue" and "secret move 10 does not match" in str(exposed)
            assert b.verdict["cheater"] == "blue" and b.state.phase != "pick"
            return
    raise AssertionError("the changed pick was not exposed")


def on_the_way(body) -> str:
    """A code holding `body` with the signature it came with: what a change on the way makes of a link."""
    return PREFIX + base64.urlsafe_b64encode(zlib.compress(canonical(body).encode(), 9)).decode().rstrip("=")
