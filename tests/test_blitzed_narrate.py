"""Blitzed! in plain words (issue 18): every action, and what the rules did because of it."""

import random

from game_core.blitzed import GAME
from game_core.blitzed.data import card_label
from game_core.rng import Rng
from test_blitzed_rules import cards, started, with_dice


def said(before, action):
    after = before.apply(action)
    lines = GAME.narrate(before, after)
    assert all(audience is None for _, audience in lines)  # nothing in Blitzed! is secret but the deck
    texts = [text for text, _ in lines]
    assert len(texts) == len(set(texts)), "a doubled line"
    return texts, after


def test_a_roll_names_its_faces_and_what_was_set_aside():
    state = started(3)
    texts, state = said(state, "p1 roll")
    assert texts == [f"Red rolls: {state.dice['p1'][0]}, {state.dice['p1'][1]} and {state.dice['p1'][2]}"]
    state = with_dice(state, p1=[6, 2, 5])
    texts, state = said(state, "p1 keep 1,3")
    assert texts == ["Red sets aside the 6 and the 5"]
    texts, state = said(state, "p1 roll")
    assert texts == [f"Red rolls 1 die: {state.dice['p1'][1]}, next to the 6 and the 5 set aside"]
    texts, _ = said(state, "p1 keep none")
    assert texts == ["Red picks up all the dice"]


def test_the_last_ready_starts_the_race():
    state = GAME.new_game(1, {"players": 3}).apply("p1 ready").apply("p2 ready")
    texts, _ = said(state, "p3 ready")
    assert texts == ["Green is ready", "Ready... Blitz! Round 1 starts"]


def test_claims_name_the_card_and_its_value():
    state = with_dice(cards(started(3), "T1", "T2"), p1=[5, 4, 2])
    texts, state = said(state, "p1 claim T2")
    assert texts == ["Red thunders on 3-4-6 (the 0 card)"]
    texts, state = said(state, "p1 claim T1")
    assert texts == ["Red moves the thunder card to sum 11 (the +1 card)"]
    texts, _ = said(state, "p1 unclaim")
    assert texts == ["Red takes the thunder card back"]


def test_a_round_s_scoring_says_who_made_what_who_misclaimed_and_who_was_left_over():
    state = with_dice(cards(started(4), "T1", "T2", "T3"), p1=[5, 4, 2], p2=[6, 6, 6], p3=[1, 1, 2], p4=[3, 3, 3])
    state = state.apply("p1 claim T1").apply("p2 claim T2")
    texts, after = said(state, "p3 claim T3")
    assert texts[:2] == ["Green thunders on sum 4 (the \u22121 card)", "Round 1 is over: every task card is claimed"]
    assert texts[2:6] == [
        "Red made sum 11 (5, 4 and 2) on the +1 card: gains 1 bolt (9 now)",
        "Blue misclaimed 3-4-6 with 6, 6 and 6: pays 2 bolts (6 now)",
        "Green made sum 4 (1, 1 and 2) on the \u22121 card: pays 1 bolt (7 now)",
        "White was left over with the \u22122 card: pays 2 bolts (6 now)"]
    dealt = ", ".join(f"{card_label(c)} under {v}" for c, v in zip(after.cards, ("+1", "0", "\u22121")))
    assert texts[6:] == [f"New task cards for round 2, face up: {dealt}"]


def test_a_player_short_of_bolts_ends_the_game_and_the_end_names_the_winner_and_why():
    state = with_dice(cards(started(3), "T1", "T2"), p1=[5, 4, 2], p2=[6, 3, 4])
    state.bolts, state.supply = {"p1": 8, "p2": 5, "p3": 1}, 26
    state = state.apply("p1 claim T1")
    texts, after = said(state, "p2 claim T2")
    assert "Green was left over with the \u22122 card: pays only 1 bolt of 2, 1 short (0 now)" in texts
    assert texts[-1] == "Game over: Red wins with 9 bolts: Green could not pay in full in round 1"
    assert not any(text.startswith("New task cards") for text in texts)  # no next round


def test_an_empty_supply_and_a_player_with_nothing_to_pay_are_told():
    state = with_dice(cards(started(3), "T1", "T2"), p1=[5, 4, 2], p2=[6, 3, 4])
    state.bolts, state.supply = {"p1": 20, "p2": 20, "p3": 0}, 0
    state = state.apply("p1 claim T1")
    texts, _ = said(state, "p2 claim T2")
    assert "Red made sum 11 (5, 4 and 2) on the +1 card: gains nothing: the supply is empty (20 now)" in texts
    assert "Green was left over with the \u22122 card: cannot pay the 2 bolts, 2 short (0 now)" in texts


def test_a_reshuffled_deck_is_told():
    state = with_dice(cards(started(3), "T1", "T2"), p1=[5, 4, 2], p2=[6, 3, 4])
    state.deck, state.discard = state.deck[:1], state.discard + state.deck[1:]
    state = state.apply("p1 claim T1")
    texts, _ = said(state, "p2 claim T2")
    assert texts[-2:-1] == ["The deck ran out: the discard pile was shuffled into a new deck"]


def tie():
    state = with_dice(cards(started(3), "T1", "T2"), p1=[5, 4, 2], p2=[6, 3, 4])
    state.bolts, state.supply = {"p1": 7, "p2": 8, "p3": 1}, 24
    return state.apply("p1 claim T1")


def test_a_tie_then_a_shared_win_or_one_more_round_are_told():
    texts, state = said(tie(), "p2 claim T2")
    assert texts[-1] == "Red and Blue are tied for the lead with 8 bolts each: they choose one more round or a shared win"
    texts, shared = said(state.apply("p1 share"), "p2 share")
    assert texts == ["Blue agrees to share the win", "Game over: Red and Blue share the win with 8 bolts each, as they agreed"]
    texts, more = said(state, "p1 more")
    assert texts[0] == "Red asks for one more round" and texts[1].startswith("New task cards for round 2, face up: ")
    for seat in more.seats:
        more = more.apply(f"{seat} ready")
    more = with_dice(cards(more, "T1", "T2"), p2=[5, 4, 2], p3=[6, 3, 4]).apply("p2 claim T1")
    texts, _ = said(more, "p3 claim T2")
    assert texts[-1] == "Game over: Blue wins with 9 bolts: the extra round after the tie decided it"


def test_the_events_narrate_reads_are_the_last_action_s_only_and_never_saved():
    """The rules record what an action did in the unsaved `events`: every copy starts them empty, so a
    state's events are those of the one action that made it; no save or view holds them (a loaded save has
    them again only because loading replays its last action)."""
    rng = random.Random(2)
    state = GAME.new_game(2, {"players": 3})  # a game with every kind of event
    seen = set()
    while not state.is_over:
        action = rng.choice(state.legal_actions())
        earlier = [dict(event) for event in state.events]
        after = state.apply(action)
        assert state.events == earlier, "an action changed the events of the state before it"
        kinds = [event["event"] for event in after.events]
        assert ("rolled" in kinds) == (action.split()[1] == "roll")
        assert ("start" in kinds) == (state.phase == "ready" and after.phase == "roll")
        assert ("scored" in kinds) == (state.phase == "roll" and after.phase != "roll")
        assert ("ended" in kinds) == (after.phase == "over")
        assert len(kinds) == len(set(kinds)), "an event of an earlier action was kept"
        assert "events" not in after.to_dict() and "events" not in after.view(None)["state"]
        assert after.copy().events == [] and GAME.state_from_view(after.view(None), Rng(1)).events == []
        assert GAME.from_json(after.to_json()).events == after.events  # made again by replaying the last action
        seen.update(kinds)
        state = after
    assert seen == {"rolled", "start", "scored", "reshuffled", "dealt", "tied", "ended"}
