"""Blitzed! rules scenarios, straight from the rulebook (shared/rules/blitzed.txt)."""

import pytest

from game_core.blitzed import GAME
from game_core.blitzed.rules import card_matches
from game_core.engine import IllegalAction


def started(players=4, seed=1):
    state = GAME.new_game(seed, {"players": players})
    for seat in state.seats:
        state = state.apply(f"{seat} ready")
    return state


def with_dice(state, **dice):
    """A copy of the state with these seats' dice set (as if rolled)."""
    state = state.copy()
    for seat, values in dice.items():
        state.dice[seat] = list(values)
    return state


def cards(state, *ids):
    """A copy with these task cards on the first slots (swapped with wherever they were)."""
    state = state.copy()
    for slot, card in enumerate(ids):
        old = state.cards[slot]
        for pile in (state.deck, state.discard, state.cards):
            if card in pile:
                pile[pile.index(card)] = old
        state.cards[slot] = card
    state.check_invariants()
    return state


def test_setup_by_player_count():
    for players, values in ((3, [1, 0, -2]), (4, [1, 0, -1, -2]), (5, [1, 1, 0, -1, -2])):
        state = started(players)
        assert state.values == values
        assert state.cards[-1] is None and all(state.cards[:-1])
        assert all(b == 8 for b in state.bolts.values())
        assert state.supply == 40 - 8 * players
        assert len(state.deck) == 23 - (players - 1)


def test_round_waits_for_everyone_ready():
    state = GAME.new_game(1, {"players": 3})
    assert state.to_play == ("p1", "p2", "p3")
    with pytest.raises(IllegalAction, match="ready"):
        state.apply("p1 roll")
    state = state.apply("p1 ready").apply("p2 ready")
    assert state.phase == "ready" and state.to_play == ("p3",)
    state = state.apply("p3 ready")
    assert state.phase == "roll" and state.round == 1 and state.epoch == 1


def test_roll_keeps_dice_set_aside():
    state = started().apply("p1 roll")
    first = list(state.dice["p1"])
    assert all(1 <= v <= 6 for v in first)
    state = state.apply("p1 keep 1,3").apply("p1 roll")
    assert state.dice["p1"][0] == first[0] and state.dice["p1"][2] == first[2]
    state = state.apply("p1 keep 1,2,3")
    with pytest.raises(IllegalAction, match="set aside"):
        state.apply("p1 roll")
    assert "p1 keep none" in state.seat_actions("p1")


def test_no_task_with_fewer_than_three_dice():
    state = started()
    with pytest.raises(IllegalAction, match="roll your dice first"):
        state.apply(f"p1 claim {state.cards[0]}")
    assert not card_matches("T1", [5, 6, 0])


def test_sum_and_combination_cards():
    assert card_matches("T1", [5, 4, 2]) and card_matches("T1", [6, 4, 1])  # sum 11
    assert not card_matches("T1", [6, 4, 2])
    assert card_matches("T2", [6, 3, 4]) and not card_matches("T2", [3, 4, 5])  # 3-4-6


def test_claim_blocks_the_card_for_everyone():
    state = with_dice(cards(started(), "T1", "T2", "T3"), p1=[5, 4, 2], p2=[6, 4, 1])
    state = state.apply("p1 claim T1")
    with pytest.raises(IllegalAction, match="already claimed by Red"):
        state.apply("p2 claim T1")
    with pytest.raises(IllegalAction, match="thunder card is down"):
        state.apply("p1 roll")


def test_claim_can_be_moved_or_taken_back_while_others_roll():
    state = with_dice(cards(started(), "T1", "T2", "T3"), p1=[5, 4, 2])
    state = state.apply("p1 claim T2").apply("p1 claim T1")
    assert state.claims["p1"] == "T1" and "T2" in state.free_cards()
    state = state.apply("p1 unclaim")
    assert state.claims["p1"] is None and state.phase == "roll"
    state = state.apply("p1 roll")
    assert state.rolls["p1"] == 1


def play_round(state, claims, dice):
    state = with_dice(state, **dice)
    for seat, card in claims.items():
        state = state.apply(f"{seat} claim {card}")
    return state


def test_scoring_last_player_takes_minus_two():
    # 4 players: +1 (sum 11), 0 (3-4-6), -1 (sum 4); p4 is left with the -2.
    state = cards(started(4), "T1", "T2", "T3")
    state = play_round(state, {"p1": "T1", "p2": "T2", "p3": "T3"},
                       {"p1": [5, 4, 2], "p2": [6, 3, 4], "p3": [1, 1, 2], "p4": [6, 6, 6]})
    assert state.phase == "ready" and state.round == 1
    assert state.bolts == {"p1": 9, "p2": 8, "p3": 7, "p4": 6}
    assert state.supply == 40 - 30
    last = {line["seat"]: line for line in state.last_round}
    assert last["p4"]["card"] is None and last["p4"]["change"] == -2


def test_misclaim_pays_two_whatever_the_card():
    state = cards(started(3), "T1", "T2")
    state = play_round(state, {"p1": "T1", "p2": "T2"}, {"p1": [6, 6, 6], "p2": [6, 3, 4], "p3": [1, 1, 1]})
    assert state.bolts == {"p1": 6, "p2": 8, "p3": 6}
    misclaim = state.last_round[0]
    assert misclaim["matched"] is False and misclaim["change"] == -2


def test_empty_deck_reshuffles_the_discard_pile():
    state = cards(started(4), "T1", "T2", "T3")
    state.deck, state.discard = ["T4"], ["T5", "T6", "T7"]
    state = play_round(state, {"p1": "T1", "p2": "T2", "p3": "T3"}, {s: [1, 1, 1] for s in ("p1", "p2", "p3")})
    for seat in state.seats:
        state = state.apply(f"{seat} ready")
    on_table = [c for c in state.cards if c]
    assert on_table[0] == "T4" and len(on_table) == 3
    assert sorted(state.deck + on_table + state.discard) == sorted(["T1", "T2", "T3", "T4", "T5", "T6", "T7"])
    assert state.discard == []


def test_game_ends_when_someone_cannot_pay():
    state = cards(started(3), "T1", "T2")
    state.bolts, state.supply = {"p1": 8, "p2": 5, "p3": 1}, 26
    state = play_round(state, {"p1": "T1", "p2": "T2"}, {"p1": [5, 4, 2], "p2": [6, 3, 4]})
    assert state.is_over and state.winner == "p1"
    assert state.bolts == {"p1": 9, "p2": 5, "p3": 0}
    assert state.last_round[2]["short"] == 1
    assert sum(state.bolts.values()) + state.supply == 40


def tied_finish():
    state = cards(started(3), "T1", "T2")
    state.bolts, state.supply = {"p1": 7, "p2": 8, "p3": 1}, 24
    return play_round(state, {"p1": "T1", "p2": "T2"}, {"p1": [5, 4, 2], "p2": [6, 3, 4]})


def test_tie_can_be_shared():
    state = tied_finish()
    assert state.phase == "tie" and state.to_play == ("p1", "p2")
    with pytest.raises(IllegalAction, match="tied for the lead"):
        state.apply("p3 share")
    state = state.apply("p1 share")
    assert not state.is_over and state.to_play == ("p2",)
    state = state.apply("p2 share")
    assert state.is_over and state.winners == ["p1", "p2"] and state.winner is None


def test_tie_can_be_played_out_in_one_more_round():
    state = tied_finish().apply("p2 share").apply("p1 more")
    assert state.phase == "ready" and state.tiebreak
    for seat in state.seats:
        state = state.apply(f"{seat} ready")
    state = cards(state, "T1", "T2")
    state = play_round(state, {"p2": "T1", "p3": "T2"}, {"p2": [5, 4, 2], "p3": [6, 3, 4]})
    assert state.is_over and state.winner == "p2"  # the extra round ends the game


def test_stamps_may_not_go_backwards_and_restart_each_epoch():
    state = started().apply("p1 roll @500")
    assert state.clock == 500 and state.seat_clock["p1"] == 500
    before = state.to_json()
    with pytest.raises(IllegalAction, match="backwards"):
        state.apply("p2 roll @499")
    assert state.to_json() == before
    state = state.apply("p2 roll @500").apply("p3 roll")
    assert state.actions[-2:] == ("p2 roll @500", "p3 roll")
    assert GAME.stamp("P2  Roll @3", 1234.7) == "p2 roll @1234"


def test_notation_is_normalised_and_malformed_text_rejected():
    assert GAME.parse_action(None, "P2  KEEP 3, 1") == "p2 keep 1,3"
    assert GAME.parse_action(None, "p2 keep 2 1 @ 40") == "p2 keep 1,2 @40"
    assert GAME.parse_action(None, "p3 claim t7") == "p3 claim T7"
    assert GAME.parse_action(None, "p1 keep") == "p1 keep none"
    for bad in ("p6 roll", "p1 dance", "p1 claim T99", "p1 keep 4", "p1 keep 1,1", "p1 roll 3", "roll"):
        with pytest.raises(IllegalAction):
            GAME.parse_action(None, bad)


def test_seat_outside_the_game_is_named():
    with pytest.raises(IllegalAction, match="no seat p5 in a 4-player game"):
        started(4).apply("p5 roll")
