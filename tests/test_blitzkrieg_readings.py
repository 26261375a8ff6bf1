"""Blitzkrieg! and Nippon: the rules the audit of issue 19 found broken, and the readings we settled.

Each test quotes the rule; the readings are stated on the in-app rules pages ("How we read the rules")."""

from game_core.blitzkrieg import GAME, GAMES
from test_blitzkrieg_narrate import fill, position

NIPPON_GAME = GAMES[0]
AXIS, ALLIES, JAPAN, GERMANY = "axis", "allies", "japan", "germany"


# -- the side that reaches 25 during the other side's turn -----------------------------------------
def test_axis_reaching_25_in_an_allied_turn_ends_the_game_at_the_end_of_that_turn():
    """ "A player has 25 or more war victory points at the end of his turn": the Allies close a campaign the
    Axis leads, the Axis reaches 25, and the game ends with that Allied turn (no Axis turn after it)."""
    state = position(GAME, ALLIES, {ALLIES: ["A1"]})
    state.vp = {AXIS: 22, ALLIES: 10}
    state.markers["WE"] = 6  # on the Axis side, past the first VP icon
    fill(state, AXIS, "WE1.1", "WE1.2")
    state = state.apply("A1@WE1.3")  # propaganda 1 for the Allies; the marker stays on the Axis side (5)
    assert state.closed_campaigns["WE1"] == AXIS and state.vp == {AXIS: 22 + 2 + 1, ALLIES: 11}
    assert state.is_over and state.winner == AXIS


def test_allies_reaching_25_in_an_axis_turn_still_play_their_turn_and_it_is_the_last():
    state = position(GAME, AXIS, {AXIS: ["A1"], ALLIES: ["A1"]})
    state.vp = {AXIS: 10, ALLIES: 22}
    state.markers["WE"] = -6
    fill(state, ALLIES, "WE1.1", "WE1.2")
    state = state.apply("A1@WE1.3")
    assert state.vp == {AXIS: 11, ALLIES: 25} and state.to_play == ALLIES and state.final_turn()
    state = state.apply("A1@WE2.2")
    assert state.is_over and state.winner == ALLIES


def test_nippon_japan_reaching_25_in_a_german_turn_ends_the_game_with_that_turn():
    state = position(NIPPON_GAME, GERMANY, {GERMANY: ["A1"]})
    state.vp = {JAPAN: 22, GERMANY: 10}
    state.markers["HO"] = -2
    fill(state, JAPAN, "HO1.1", "HO1.2")
    state = state.apply("A1@HO1.3")  # Honolulu closes on Japan's side: 3 VP to Japan
    assert state.vp == {JAPAN: 25, GERMANY: 11} and not state.is_over  # Germany opens the next campaign
    state = state.apply(state.legal_actions()[0])
    assert state.is_over and state.winner == JAPAN


# -- theaters: each campaign's VP, and the icons' 2 VP once ------------------------------------------
def test_winning_a_theater_scores_each_open_campaign_and_the_two_icons_once():
    """ "you score the war victory points of each campaign in the theater not yet closed" and the icons
    (+1, +2) count once for the track, not once per campaign."""
    state = position(GAME, AXIS, {AXIS: ["N3"]})
    state.markers["SA"] = 8
    state = state.apply("N3@SA1.1")  # propaganda 2, then the marker from 8 to 11: South East Asia won
    assert state.closed_theaters["SA"] == AXIS
    assert state.vp[AXIS] == 2 + (2 + 4) + 2


# -- the nuclear bomb's retreat ---------------------------------------------------------------------
def test_nippon_nuke_closing_its_own_campaign_still_retreats_elsewhere_and_stops_short_of_the_end_squares():
    """ "retreat two spaces on all other ... battle tracks that are not yet closed", whatever the bomb's own
    marker does; a retreat never reaches the +1/+2/+3 squares (only a placement closes a campaign)."""
    state = position(NIPPON_GAME, JAPAN, {JAPAN: ["NUKE"]})
    state.opened.append("DE")
    state.markers.update(DE=-3, SE=2, BO=-4)  # Seattle is 6 squares a side: +4 would be Germany's +1 square
    state = state.apply("NUKE@DE1.1")  # tactical advantage +2: Denver's marker to -5, Japan's +1 square
    assert state.closed_theaters["DE"] == JAPAN and state.markers["DE"] == -5
    state = state.apply("open:KC")  # Japan opens Kansas City, its marker 1 square toward Japan
    # then the bomb's marker step: no +7 on closed Denver, two back on every other open track
    assert state.markers["HO"] == 2 and state.markers["JA"] == 2 and state.markers["BO"] == -2
    assert state.markers["SE"] == 3  # stopped short of Germany's end squares
    assert state.markers["KC"] == -1 + 2  # the campaign just opened is not closed: it retreats too
    assert state.to_play == GERMANY


def test_nippon_tactical_advantage_of_a_won_campaign_does_nothing():
    """Closing on the end squares: "carry out the effects of the unoccupied battle spaces". A tactical
    advantage there would move a closed track: it is not offered and the marker stays."""
    state = position(NIPPON_GAME, JAPAN, {JAPAN: ["N3"], GERMANY: ["A1", "A2"]})
    state.opened.append("LA")
    state.markers["LA"] = -2
    state.bags[JAPAN] = ["japan:A1#71", "japan:A2#72"]
    state = state.apply("N3@LA1.1")  # bombing, then the marker to -5: Los Angeles won by Japan
    assert state.closed_theaters["LA"] == JAPAN and state.markers["LA"] == -5
    # the free production (LA1.3) was carried out at once, the tactical advantage (LA1.2) not offered
    assert len(state.reserves[JAPAN]) == 1 and state.fx_pending == []
    assert all(a.startswith("open:") for a in state.legal_actions())
