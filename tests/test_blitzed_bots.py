"""Blitzed! bots: human-like timing that a busy table cannot stall."""

from game_core.blitzed import tick
from test_blitzed_rules import cards, started, with_dice
from game_core.rng import Rng


def test_a_claim_flipped_faster_than_a_bot_can_glance_does_not_freeze_the_bot():
    state = with_dice(cards(started(3), "T1", "T2"), p2=[5, 4, 2], p1=[6, 3, 4])
    state = state.apply("p2 roll @0")
    state.dice["p2"] = [5, 4, 2]  # sum 11: the normal bot will thunder on T1
    rng, now = Rng.from_seed(1), 0
    while now < 20_000:
        now += 300
        state = state.apply(f"p1 claim T2 @{now}" if state.claims["p1"] is None else f"p1 unclaim @{now}")
        due = tick(state, now + 299, {"p2": "normal"}, rng)
        if due:
            assert due[0].startswith("p2 claim T1")
            return
    raise AssertionError("the bot never acted while the table kept changing")
