"""Blitzed! rules at their edges, each written to kill a mutant that lived (docs/mutation.md): the
exact refusal for each wrong moment, the words of the log, and a bot's rebuild of the deck from a view.
Rules from shared/rules/blitzed.txt."""

import json

import pytest

from game_core.blitzed import GAME
from game_core.engine import IllegalAction, State
from game_core.rng import Rng
from test_blitzed_rules import cards, play_round, started, tied_finish, with_dice
from invariants import broken


def refusal(state, action) -> str:
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    return str(err.value)


def test_each_wrong_moment_is_refused_with_its_own_reason():
    # Game Setup / Gameplay: a round starts with "Ready... Blitz!" once everyone is ready.
    waiting = GAME.new_game(1, {"players": 3}).apply("p1 ready")
    assert refusal(waiting, "p1 ready") == "Red is already ready: waiting for the others"
    assert refusal(waiting, "p2 roll") == "the round has not started yet: everyone first says they are ready"
    # Game End: in a tie the tied leaders choose one more round or a shared win; nobody else acts.
    tie = tied_finish()
    assert refusal(tie, "p3 share") == ("only the players tied for the lead choose between one more round "
                                        "and a shared win")
    assert refusal(tie, "p1 roll") == "the game ended in a tie: choose one more round or a shared win"
    assert refusal(tie.apply("p1 share"), "p1 more") == "Red has already agreed to share the win"
    # Rolling and Thundering: during the race there is nothing to confirm.
    race = started(3)
    for verb in ("ready", "more", "share"):
        assert refusal(race, f"p1 {verb}") == "the round is being played: roll and claim"
    assert refusal(race, "p1 unclaim") == "you have no claim to take back"
    assert refusal(race, "p1 keep 1") == "roll your dice first"
    assert refusal(race.apply("p1 roll"), "p1 keep none") == "those dice are already the ones set aside"
    all_aside = race.apply("p1 roll").apply("p1 keep 1,2,3")
    assert refusal(all_aside, "p1 roll") == "all your dice are set aside: free at least one to roll"


def test_a_claimed_thunder_card_stops_rolling_and_setting_aside():
    # As long as you have not played your thunder card you may re-roll; once it is down you take it back first.
    state = with_dice(cards(started(3), "T1", "T2"), p1=[5, 4, 2]).apply("p1 claim T1")
    for action in ("p1 roll", "p1 keep 1"):
        assert refusal(state, action) == ("your thunder card is down: take it back before you roll or set "
                                          "dice aside again")
    # A claimed card is blocked for everyone; only the cards dealt this round can be claimed.
    assert refusal(state, "p1 claim T1") == "you have already claimed that card"
    state = with_dice(state, p2=[6, 3, 4])
    assert refusal(state, "p2 claim T1") == "sum 11 is already claimed by Red: a claimed card is blocked"
    off_table = next(card for card in state.deck)
    assert refusal(state, f"p2 claim {off_table}") == f"task card {off_table} is not on the table this round"


def test_the_log_counts_the_dice_rolled_again():
    state = started(3).apply("p1 roll")
    assert GAME.describe_action(state, "p1 roll") == "Red rolls"
    assert GAME.describe_action(state.apply("p1 keep 1"), "p1 roll") == "Red rolls 2 dice"
    assert GAME.describe_action(state.apply("p1 keep 1,3"), "p1 roll") == "Red rolls 1 die"


def test_a_ready_only_says_so():
    state = GAME.new_game(1, {"players": 3})
    after = state.apply("p1 ready")
    assert GAME.narrate(state, after) == [("Red is ready", None)]


def test_the_tie_is_told_once_and_one_more_round_is_not_a_verdict():
    tie = tied_finish()
    shared = tie.apply("p1 share")
    assert GAME.narrate(tie, shared) == [("Red agrees to share the win", None)]
    more = tie.apply("p1 more")
    lines = [text for text, _ in GAME.narrate(tie, more)]
    assert lines[0] == "Red asks for one more round"
    assert lines[1].startswith("New task cards for round 2, face up: ") and len(lines) == 2


def test_a_bot_rebuilds_the_deck_from_what_it_has_not_seen():
    # The deck is face down; the discard pile and the table are open. A round has been played, so all three exist.
    state = cards(started(3), "T1", "T2")
    state = play_round(state, {"p1": "T1", "p2": "T2"}, {"p1": [5, 4, 2], "p2": [6, 3, 4]})
    assert state.discard and state.deck
    rebuilt = GAME.state_from_view(state.view("p2"), Rng(5))
    rebuilt.check_invariants()
    assert sorted(rebuilt.deck) == sorted(state.deck)
    assert rebuilt.discard == state.discard and rebuilt.cards == state.cards
    assert GAME.state_from_view(state.view("p2"), Rng(5)).deck == rebuilt.deck  # drawn with the rng given
    assert len({tuple(GAME.state_from_view(state.view("p2"), Rng(s)).deck) for s in range(4)}) > 1


def test_each_corrupted_position_is_named():
    # Contents: 40 lightning bolts and 23 task cards; one thunder card per player; no card under the -2.
    race = with_dice(cards(started(3), "T1", "T2"), p1=[5, 4, 2], p2=[6, 3, 4])
    one_claim = race.apply("p1 claim T1")

    def bolts_from_nowhere(s): s.bolts["p1"] += 1
    def in_debt(s): s.bolts["p1"], s.supply = -1, s.supply + s.bolts["p1"] + 1
    def claimed_twice(s): s.claims["p2"] = "T1"
    def claim_off_the_table(s): s.claims["p2"] = s.deck[0]
    def every_card_claimed(s): s.claims["p2"] = "T2"
    def card_under_minus_two(s): s.cards[-1], s.deck = s.deck[-1], s.deck[:-1]
    def card_doubled(s): s.deck.append(s.deck[0])

    assert broken(race, bolts_from_nowhere) == "a bolt appeared or vanished"
    assert broken(race, in_debt) == "a negative pile of bolts"
    assert broken(one_claim, claimed_twice) == "a card is claimed twice"
    assert broken(one_claim, claim_off_the_table) == "a claim on a card that is not on the table"
    assert broken(one_claim, every_card_claimed) == "the round should have ended"
    assert broken(race, card_under_minus_two) == "a task card missing, or one under the -2"
    assert broken(race, card_doubled) == "a task card is lost or doubled"
    waiting = GAME.new_game(1, {"players": 3})
    assert broken(waiting, lambda s: s.dice.update(p1=[1, 0, 0])) == "a claim or a roll before the round started"
    assert broken(waiting, lambda s: s.claims.update(p1=s.cards[0])) == "a claim or a roll before the round started"


def test_the_table_after_a_round_shows_who_was_left_with_the_minus_two():
    # Next Round: the last player is left with the -2; the board shows the round as it ended.
    tie = tied_finish()
    slots = tie.facts("p1")["slots"]
    assert slots[-1] == {"value": -2, "card": None, "holder": "p3"}
    assert [slot["holder"] for slot in slots[:2]] == ["p1", "p2"]
    assert tie.facts("p1")["free"] == []
    over = tie.apply("p1 share").apply("p2 share")
    assert over.facts("p3")["slots"][-1]["holder"] == "p3"
    waiting = GAME.new_game(1, {"players": 3})
    assert waiting.facts("p1")["free"] == [] and waiting.facts("p1")["slots"][-1]["holder"] is None
    assert started(3).facts("p1")["slots"][-1]["holder"] is None  # nobody is left over while the race is on


def test_the_zero_card_made_is_no_change():
    # Rolling and Thundering: "0" has no effect.
    state = with_dice(cards(started(3), "T1", "T2"), p1=[5, 4, 2], p2=[6, 3, 4])
    state = play_round(state, {"p1": "T1", "p2": "T2"}, {})
    assert state.facts("p1")["scoring"] == [
        "Red made sum 11 (5, 4 and 2) on the +1 card: gains 1 bolt (9 now)",
        "Blue made 3-4-6 (6, 3 and 4) on the 0 card: no change (8 now)",
        "Green was left over with the \u22122 card: pays 2 bolts (6 now)"]


def test_the_last_rounds_scoring_leaves_the_table_when_the_next_race_starts():
    state = with_dice(cards(started(3), "T1", "T2"), p1=[5, 4, 2], p2=[6, 3, 4])
    state = play_round(state, {"p1": "T1", "p2": "T2"}, {})
    assert state.facts("p1")["scoring"]
    for seat in state.seats:
        state = state.apply(f"{seat} ready")
    assert state.phase == "roll" and state.last_round and state.facts("p1")["scoring"] == []


def test_the_view_is_the_engines_view_plus_each_racing_seats_own_moves():
    # Blitzed! overrides State.view only to skip the JSON round trip and to give a seat that may act
    # among others its own legal actions; everything else is the shared view.
    race = with_dice(cards(started(3), "T1", "T2"), p1=[5, 4, 2]).apply("p1 keep 1,2")
    over = tied_finish().apply("p1 share").apply("p2 share")
    for state in (GAME.new_game(1, {"players": 3}), race, tied_finish(), over):
        for seat in (None, "p1", "p3"):
            view, shared = state.view(seat), State.view(state, seat)
            assert view.pop("legal_actions", None) == (state.seat_actions(seat) if seat in (state.to_play or ())
                                                       else None)
            assert json.loads(json.dumps(view)) == json.loads(json.dumps(shared))
    assert race.facts("p1")["last"] == {"seat": "p1", "verb": "keep", "card": None, "scored": False}


def test_notation_errors_explain_and_a_clock_before_the_phase_began_is_stamped_at_zero():
    for bad in ("p1 keep 4", "p1 keep 1,1", "p1 keep 1;2"):
        with pytest.raises(IllegalAction) as err:
            GAME.parse_action(None, bad)
        assert str(err.value) == "keep lists dice 1 to 3 once each, e.g. 'p1 keep 1,3' or 'p1 keep none'"
    assert GAME.stamp("p1 roll", 0) == "p1 roll @0" and GAME.stamp("p1 roll", -40) == "p1 roll @0"


def test_rounds_and_clock_epochs_count_up_and_the_extra_round_flag_is_spent():
    # Next Round: play another round, etc.; each start and each scoring restarts the time stamps' clock.
    fresh = GAME.new_game(1, {"players": 3})
    assert fresh.tiebreak is False and fresh.tied == [] and fresh.shares == [] and fresh.winners == []
    state = started(3)
    assert (state.round, state.epoch) == (1, 1)
    state = play_round(cards(state, "T1", "T2"), {"p1": "T1", "p2": "T2"}, {"p1": [5, 4, 2], "p2": [6, 3, 4]})
    assert (state.round, state.epoch, state.phase) == (1, 2, "ready")
    for seat in state.seats:
        state = state.apply(f"{seat} ready")
    assert (state.round, state.epoch) == (2, 3)
    # Game End: one more round after a tie; if it ends level again, the flag for the extra round is spent.
    tie = tied_finish()
    assert tie.tiebreak is False
    more = tie.apply("p1 more")
    assert more.tiebreak is True
    for seat in more.seats:
        more = more.apply(f"{seat} ready")
    # both leaders misclaim (2 bolts each, whatever the card), so they are level again
    level = play_round(cards(more, "T1", "T2"), {"p1": "T1", "p2": "T2"}, {"p1": [1, 1, 1], "p2": [1, 1, 1]})
    assert level.phase == "tie" and level.tiebreak is False


def test_malformed_actions_are_refused_with_the_right_example():
    for bad, reason in (
            ("roll", "'roll' is not a Blitzed! action (e.g. 'p1 roll', 'p1 keep 1,3', 'p1 claim T7', "
                     "'p1 unclaim', 'p1 ready')"),
            ("p6 roll", "there is no seat p6: seats are p1 to p5"),
            ("p1 claim", "claim needs a task card, e.g. 'p1 claim T7'"),
            ("p1 claim T99", "claim needs a task card, e.g. 'p1 claim T7'"),
            ("p1 roll 3", "'roll' takes nothing after it")):
        with pytest.raises(IllegalAction) as err:
            GAME.parse_action(None, bad)
        assert str(err.value) == reason, bad


def test_each_roll_is_counted():
    state = started(3).apply("p1 roll").apply("p1 roll")
    assert state.rolls == {"p1": 2, "p2": 0, "p3": 0}


def test_who_may_still_act_between_rounds_and_in_a_tie():
    waiting = GAME.new_game(1, {"players": 3}).apply("p1 ready")
    assert waiting.seat_actions("p1") == [] and waiting.seat_actions("p2") == ["p2 ready"]
    tie = tied_finish()
    assert tie.seat_actions("p3") == [] and tie.seat_actions("p1") == ["p1 more", "p1 share"]
    assert tie.apply("p1 share").seat_actions("p1") == []


def test_a_new_epoch_starts_every_clock_at_zero():
    # The clock restarts whenever a round starts or is scored: no stamp, claim or action carries over.
    state = started(3)
    assert (state.clock, state.claim_clock) == (0, 0)
    assert state.seat_clock == state.acted == {"p1": 0, "p2": 0, "p3": 0}
    assert state.apply("p1 roll @20").acted == {"p1": 1, "p2": 0, "p3": 0}
