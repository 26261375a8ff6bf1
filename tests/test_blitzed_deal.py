"""Issue 19, departure 6: the task cards lie face up before "Ready... Blitz!" (shared/rules/blitzed.txt)."""

from game_core.blitzed import GAME
from test_blitzed_rules import cards, play_round, started


def test_setup_deals_the_task_cards_face_up_before_anyone_is_ready():
    # "Shuffle the 23 task cards and place them in a face-down pile. Then draw and place one card, face-up,
    # below each of the win/loss cards with the exception of the "-2" card." (Game Setup, before Gameplay)
    for players in (3, 4, 5):
        state = GAME.new_game(7, {"players": players})
        assert state.phase == "ready" and state.ready == []
        assert all(state.cards[:-1]) and state.cards[-1] is None
        assert len(state.deck) == 23 - (players - 1)
        view = state.view("p2")
        assert view["state"]["cards"] == state.cards  # every player can read them
        assert view["state"]["deck"] == {"hidden": len(state.deck)}
        readied = state
        for seat in state.seats:
            readied = readied.apply(f"{seat} ready")
        assert readied.cards == state.cards  # "Ready... Blitz!" deals nothing new


def test_the_next_rounds_cards_are_dealt_when_the_round_is_scored_and_the_thunder_cards_return():
    # "Return the thunder cards to each player. Put the task cards into a face-up discard pile and draw new
    # cards from the deck to replace them (except beneath the "-2"!). And after "Ready...Blitz!" the rolling
    # thunder begins again ..."
    state = cards(started(3), "T1", "T2")
    state = play_round(state, {"p1": "T1", "p2": "T2"}, {"p1": [5, 4, 2], "p2": [6, 3, 4]})
    assert state.phase == "ready"
    assert state.discard == ["T1", "T2"]
    assert state.cards[-1] is None and all(state.cards[:-1]) and not {"T1", "T2"} & set(state.cards)
    assert state.claims == {"p1": None, "p2": None, "p3": None}
    assert state.dice["p1"] == [0, 0, 0]
    dealt = list(state.cards)
    for seat in state.seats:
        state = state.apply(f"{seat} ready")
    assert state.phase == "roll" and state.cards == dealt


def test_the_invariants_catch_a_card_lost_during_a_race_or_one_dealt_under_the_minus_two():
    import pytest
    from game_core.engine import BrokenInvariant
    state = started(3)
    lost = state.copy()
    lost.deck.pop()
    with pytest.raises(BrokenInvariant, match="lost or doubled"):
        lost.check_invariants()
    under = state.copy()
    under.cards[-1] = under.deck.pop()
    with pytest.raises(BrokenInvariant, match="under the -2"):
        under.check_invariants()
