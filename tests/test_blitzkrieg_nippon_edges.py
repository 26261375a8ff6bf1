"""Blitzkrieg!: Nippon Expansion at its edges, each written to kill a mutant that lived (docs/mutation.md): the
exact refusal naming the rule around opening a campaign, the problem check_invariants names for each corrupted
position, the board's cue when a campaign is won and the log's words for an opening.
Rules from shared/rules/blitzkrieg-nippon.txt."""

import pytest

from game_core.blitzkrieg.words import verdict
from game_core.engine import IllegalAction
from invariants import broken
from test_blitzkrieg_nippon import GERMANY, JAPAN, NIPPON_GAME, fill, fresh


def refusal(state, action) -> str:
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    return str(err.value)


def opening():
    """Japan filled Boston's last space and now opens a campaign joined to it: Detroit or New York."""
    state = fresh(JAPAN, japan=["A1", "N1"])
    fill(state, "BO1.1", "BO1.2")
    state = state.apply("A1@BO1.3")
    assert state.decision == {"kind": "open", "from": "BO"}
    assert sorted(state.legal_actions()) == ["open:DT", "open:NY"]
    return state


# -- why an action is refused -----------------------------------------------------------------------------
def test_a_campaign_opens_only_when_one_closes_and_only_one_joined_to_it():
    # "every time one closes the player who closed it opens another, joined to it by a line if any such is
    # still unopened, otherwise any unopened one"
    assert refusal(fresh(), "open:NY") == "A campaign opens only when another one closes"
    state = opening()
    assert refusal(state, "open:ZZ") == "There is no campaign ZZ"
    assert refusal(state, "open:HO") == "Honolulu has already been opened"
    assert refusal(state, "open:KC") == ("Open a campaign joined by a line to the one just closed "
                                         "(any unopened one only when all of those are taken)")


def test_while_a_campaign_is_to_be_opened_nothing_else_may_be_done():
    state = opening()
    for action in ("N1@HO1.1", "N1@NY1.1", "pass", "sa:HO"):
        assert refusal(state, action) == "First choose the campaign to open (open:CITY)"


def test_an_unopened_campaign_takes_no_unit():
    # Only opened campaigns take units.
    state = fresh(JAPAN, japan=["A1", "N1"])
    assert refusal(state, "N1@NY1.1") == "New York has not been opened yet"
    # Without the unit in reserve, or on no space at all, the base rules name what is wrong.
    assert refusal(state, "A2@NY1.2") == "You do not have an army (2) in your reserve"
    assert refusal(state, "N1@ZZ1.1") == "There is no battle space ZZ1.1"
    assert refusal(state, "A1@HO1.1") == "Armies can only be placed on land or land/sea spaces"


# -- check_invariants names each corruption -------------------------------------------------------------------
def test_a_fresh_and_a_played_position_keep_the_invariants():
    state = NIPPON_GAME.new_game(3)
    for _ in range(12):  # past the first campaign closed in this game
        state.check_invariants()
        state = state.apply(state.legal_actions()[-1])
    assert state.closed_theaters


def test_each_side_has_its_own_tokens_and_none_is_lost():
    # Japan plays its own tokens (Godzilla among them); a German token in its place is a corruption.
    state = NIPPON_GAME.new_game(3)

    def germanised(s):
        s.bags[JAPAN].remove(next(t for t in s.bags[JAPAN] if ":GZ#" not in t))
        s.bags[JAPAN].append("germany:A1#99")
    assert broken(state, germanised) == "a token is lost, doubled or in two places"
    assert broken(state, lambda s: s.bags[GERMANY].pop()) == "a token is lost, doubled or in two places"


def test_no_campaign_opens_twice():
    state = NIPPON_GAME.new_game(3)
    assert broken(state, lambda s: s.opened.append("HO")) == "a campaign was opened twice"
    assert broken(state, lambda s: s.opened.insert(0, "BO")) == "a campaign was opened twice"


def test_at_most_four_campaigns_are_open():
    # Setup: four battle markers, so four campaigns in play at a time; closed ones free their marker.
    state = NIPPON_GAME.new_game(3)
    assert broken(state, lambda s: s.opened.append("NY")) == "more campaigns open than there are battle markers"
    state.opened.append("NY")
    state.closed_theaters["BO"] = JAPAN
    state.check_invariants()  # Boston closed, New York opened: four again
    state.opened.append("DT")
    state.closed_theaters["NY"] = None
    state.check_invariants()


def test_an_open_campaigns_marker_never_stands_on_an_end_square():
    # Reaching the +1/+2/+3 squares closes the campaign at once. Honolulu's track is 6 each way, 3 of them
    # end squares; San Francisco's 7 (4 before the end squares).
    state = NIPPON_GAME.new_game(3)
    assert broken(state, lambda s: s.markers.update(HO=4)) == "HO is on an end square but open"
    assert broken(state, lambda s: s.markers.update(BO=-5)) == "BO is on an end square but open"
    assert broken(state, lambda s: s.markers.update(HO=6)) == "HO reached its end but is still open"
    assert broken(state, lambda s: s.markers.update(HO=7)) == "the HO marker is off its track"
    state.markers.update(HO=3, SE=-3, JA=3, BO=-3)  # each one short of its +1 square: still open
    state.check_invariants()
    state.markers["SF"] = 5  # San Francisco is not opened: its marker is not in play
    state.check_invariants()
    state.opened.append("SF")
    state.closed_theaters["HO"] = JAPAN
    assert broken(state, lambda s: None) == "SF is on an end square but open"
    state.markers["SF"] = 4
    state.check_invariants()
    state.markers["HO"] = -5  # a won campaign keeps its marker on the end square it reached
    state.check_invariants()


# -- the board's cue and the log -------------------------------------------------------------------------------
def test_winning_a_campaign_on_an_end_square_is_cued_at_its_city():
    state = fresh(JAPAN, japan=["N3"])
    state.markers["HO"] = -1
    after = state.apply("N3@HO1.1")  # tactical advantage 1, then 3: Honolulu on Japan's +2 square
    cue = {"at": "HO", "text": "Japan wins the Honolulu campaign on its +2 square: 3 VP"}
    assert after.facts(JAPAN)["cues"] == [cue]
    assert after.view(GERMANY)["facts"]["cues"] == [cue]
    assert state.facts(JAPAN)["cues"] == []


def test_filling_a_campaign_is_cued_by_the_base_rules_and_the_opening_told_by_name():
    state = opening()
    assert state.facts(JAPAN)["cues"] == [{"at": "BO1", "text": "The Boston campaign closes: Japan scores 3 VP"}]
    assert NIPPON_GAME.describe_action(state, "open:NY") == "Japan opens the New York campaign"
    assert NIPPON_GAME.describe_action(state, "open:DT") == "Japan opens the Detroit campaign"
    after = state.apply("open:NY")
    assert after.facts(JAPAN)["cues"] == []
    assert NIPPON_GAME.narrate(state, after)[0] == ("Japan opens the New York campaign", None)


def test_notation_adds_opening_a_campaign_and_has_no_solo_actions():
    assert NIPPON_GAME.parse_action(None, " Open : ny ") == "open:NY"
    assert NIPPON_GAME.parse_action(None, "gz@ho1.1") == "GZ@HO1.1"
    with pytest.raises(IllegalAction) as err:
        NIPPON_GAME.parse_action(None, "open:newyork")
    assert str(err.value) == ("'open:newyork' is not an action: write KIND@SPACE (e.g. A2@WE1.2), pass, "
                              "sa:THEATER (e.g. sa:PO) or fx:SPACE (e.g. fx:WE3.2), or open:CITY (e.g. open:NY)")
    for solo in ("setup:HO", "bomb:2"):
        with pytest.raises(IllegalAction) as err:
            NIPPON_GAME.parse_action(None, solo)
        assert str(err.value) == "The solo module's actions are not part of the Nippon Expansion"


@pytest.mark.parametrize("result,vp,words", [
    ({"winner": JAPAN, "reason": "war victory points"}, (27, 20), "Japan wins 27-20 after Germany's final turn"),
    ({"winner": GERMANY, "reason": "war victory points"}, (25, 25),
     "Germany wins 25-25 at the end of its turn (a tie goes to Germany)"),
    ({"winner": GERMANY, "reason": "war victory points"}, (20, 26), "Germany wins 26-20 at the end of its turn"),
    ({"winner": JAPAN, "reason": "germany cannot place a unit"}, (3, 4),
     "Japan wins: Germany cannot place any unit at the start of its turn"),
    ({"winner": GERMANY, "reason": "japan cannot place a unit"}, (3, 4),
     "Germany wins: Japan cannot place any unit at the start of its turn"),
])
def test_the_verdict_names_the_winner_the_score_and_why(result, vp, words):
    # Japan moves first; Germany has the last turn and wins ties.
    state = NIPPON_GAME.new_game(3)
    state.vp, state.result = {JAPAN: vp[0], GERMANY: vp[1]}, result
    assert verdict(state) == words and state.facts(None)["verdict"] == words


def test_a_campaign_won_on_the_end_squares_is_closed_for_the_winner():
    state = fresh(JAPAN, japan=["N3"], germany=["A1", "A2"])
    state.markers["HO"] = -1
    state = state.apply("N3@HO1.1")  # the marker reaches the +2 square toward Japan
    assert state.closed_theaters == {"HO": JAPAN} and state.closed_campaigns == {"HO1": JAPAN}


def test_a_blitz_unit_that_fills_a_campaign_opens_the_next_one_before_any_follow_up():
    # A remote game always offers the follow-up, so the order shows: the campaign to open is chosen first.
    state = NIPPON_GAME.new_game(7, {"remote": True})
    state.turn = JAPAN
    for seat in (JAPAN, GERMANY):
        state.bags[seat] = []
    state.reserves[JAPAN] = ["japan:A1#90", "japan:BF#91"]
    fill(state, "SE1.1", "SE1.2")
    state = state.apply("BF@SE1.3")  # Seattle's last space
    assert state.closed_campaigns == {"SE1": None}
    assert state.decision == {"kind": "open", "from": "SE"} and state.queue == [["blitz", "SE"]]
