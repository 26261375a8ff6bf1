"""Blitzkrieg! rules scenarios: set up a position, apply one action, check the exact result."""

import pytest

from game_core import IllegalAction
from game_core.blitzkrieg import GAME
from game_core.blitzkrieg.data import kind_of

AXIS, ALLIES = "axis", "allies"


def new(seed=1):
    return GAME.new_game(seed)


def take(state, seat, kind):
    """Remove one token of `kind` for `seat` from wherever it waits (bag, reserve, research pile)."""
    for pile in (state.bags[seat], state.reserves[seat], state.research):
        for token in pile:
            if kind_of(token) == kind and (token.startswith(seat) or token.startswith("sw:")):
                pile.remove(token)
                return token
    raise AssertionError(f"no {kind} left for {seat}")


def give(state, seat, *kinds):
    """Make `seat`'s reserve exactly `kinds` (the old reserve goes back into the bag)."""
    state.bags[seat] = sorted(state.bags[seat] + state.reserves[seat])
    state.reserves[seat] = []
    state.reserves[seat] = sorted(take(state, seat, kind) for kind in kinds)


def occupy(state, sid, seat, kind):
    """Put a token on a space without carrying out anything."""
    state.spaces[sid] = take(state, seat, kind)
    state.placed_by[sid] = seat


def close_campaign(state, cid, scorer=None):
    """Fill a campaign with Allied navies/armies and mark it closed (no VP)."""
    for sid in state.index.campaigns[cid]["spaces"]:
        kind = "N1" if state.index.spaces[sid]["type"] == "sea" else "A1"
        state.spaces[sid] = f"allies:{kind}#x{sid}"
        state.placed_by[sid] = ALLIES
    state.closed_campaigns[cid] = scorer


def empty_bags(state):
    for seat in (AXIS, ALLIES):
        state.bags[seat] = []


def test_setup():
    state = new()
    assert state.to_play == AXIS
    assert [len(state.reserves[s]) for s in (AXIS, ALLIES)] == [3, 3]
    assert [len(state.bags[s]) for s in (AXIS, ALLIES)] == [19, 19]
    assert len(state.research) == 16
    assert set(state.markers.values()) == {0}
    assert len(state.index.spaces) == 41 and len(state.index.campaigns) == 13
    assert sum(c["vp"] for c in state.index.campaigns.values()) == 45


# -- placement -----------------------------------------------------------------------
def test_army_navy_airforce_fit_space_types():
    state = new()
    give(state, AXIS, "A1", "N1", "F1")
    legal = state.legal_actions()
    assert "A1@WE1.1" not in legal and "A1@WE1.2" in legal and "A1@WE1.3" in legal
    assert "N1@WE1.1" in legal and "N1@WE1.2" not in legal and "N1@WE1.3" in legal
    assert {"F1@WE1.1", "F1@WE1.2", "F1@WE1.3"} <= set(legal)
    with pytest.raises(IllegalAction, match="Armies can only be placed on land"):
        state.apply("A1@WE1.1")
    with pytest.raises(IllegalAction, match="Navies can only be placed on sea"):
        state.apply("N1@WE1.2")


def test_only_the_topmost_open_campaign():
    state = new()
    give(state, AXIS, "A1")
    with pytest.raises(IllegalAction, match="topmost open campaign"):
        state.apply("A1@WE2.1")
    close_campaign(state, "WE1")
    assert "A1@WE2.1" in state.legal_actions()


def test_marker_moves_by_strength_toward_the_player():
    state = new()
    give(state, AXIS, "A3")
    state = state.apply("A3@WE1.3")
    assert state.markers["WE"] == 3 and state.vp[AXIS] == 1  # propaganda 1
    give(state, ALLIES, "F2")
    state = state.apply("F2@WE1.2")
    assert state.markers["WE"] == 1


# -- space effects -------------------------------------------------------------------
def test_industrial_production_draws_one_then_the_turn_draw():
    state = new()
    give(state, AXIS, "N1", "A1")
    after = state.apply("N1@WE1.1")
    assert len(after.reserves[AXIS]) == 1 + 1 + 1
    assert len(after.bags[AXIS]) == len(state.bags[AXIS]) - 2


def test_improved_industrial_production_draws_two():
    state = new()
    close_campaign(state, "AM1")
    give(state, AXIS, "N1")
    after = state.apply("N1@AM2.2")
    assert len(after.reserves[AXIS]) == 0 + 2 + 1


def test_bombing_returns_a_random_opponent_token_to_their_bag():
    state = new()
    give(state, AXIS, "N1")
    give(state, ALLIES, "A3", "F2")
    after = state.apply("N1@PO1.1")
    assert len(after.reserves[ALLIES]) == 1
    returned = set(state.reserves[ALLIES]) - set(after.reserves[ALLIES])
    assert returned <= set(after.bags[ALLIES]) and len(returned) == 1


def test_research_puts_a_special_weapon_in_the_bag():
    state = new()
    give(state, AXIS, "A1")
    state.bags[AXIS] = []
    after = state.apply("A1@WE1.2")
    assert len(after.research) == 15
    # it went into the bag, and the end-of-turn draw took it out again
    assert after.bags[AXIS] == [] and after.reserves[AXIS][0].startswith("sw:")


def test_improved_research_puts_two_in_the_bag():
    state = new()
    close_campaign(state, "EE1")
    give(state, AXIS, "A1")
    state.bags[AXIS] = []
    after = state.apply("A1@EE2.2")
    assert len(after.research) == 14 and len(after.bags[AXIS]) == 1 and len(after.reserves[AXIS]) == 1


def test_research_industry_puts_it_in_the_reserve():
    state = new()
    close_campaign(state, "WE1")
    close_campaign(state, "WE2")
    give(state, AXIS, "A1")
    state.bags[AXIS] = []
    after = state.apply("A1@WE3.1")
    assert len(after.research) == 15
    assert len(after.reserves[AXIS]) == 1 and after.reserves[AXIS][0].startswith("sw:")


def test_tactical_advantage_adds_to_the_move():
    state = new()
    give(state, AXIS, "A2")
    after = state.apply("A2@EE1.1")
    assert after.markers["EE"] == 3


def test_strategic_advantage_asks_for_another_open_theater():
    state = new()
    give(state, AXIS, "A1")
    state.closed_theaters["SA"] = None
    state = state.apply("A1@AM1.1")
    assert state.to_play == AXIS and state.decision["kind"] == "sa"
    assert state.legal_actions() == ["sa:WE", "sa:PO", "sa:EE"]
    state = state.apply("sa:PO")
    assert state.markers["PO"] == 3 and state.markers["AM"] == 1 and state.to_play == ALLIES


def test_strategic_advantage_never_onto_the_last_square():
    state = new()
    give(state, ALLIES, "A1")
    state.turn = ALLIES
    state.markers.update(WE=-12, PO=-13, EE=-13, SA=-10)  # SA is one short of its end
    state = state.apply("A1@AM1.1")  # only WE can still move: applied at once
    assert state.decision is None and state.markers["WE"] == -13
    assert "WE" not in state.closed_theaters


def test_strategic_advantage_with_no_target_does_nothing():
    state = new()
    give(state, AXIS, "A1")
    for code in ("WE", "PO", "EE", "SA"):
        state.closed_theaters[code] = None
    after = state.apply("A1@AM1.1")
    assert after.to_play == ALLIES and after.markers["AM"] == 1


def test_propaganda_scores_war_vp():
    state = new()
    give(state, AXIS, "N1")
    after = state.apply("N1@SA1.1")
    assert after.vp[AXIS] == 2


# -- units -----------------------------------------------------------------------------
def test_blitz_airforce_allows_one_more_placement_in_the_same_theater():
    state = new()
    give(state, AXIS, "BF", "A2", "N1")
    state.bags[AXIS] = ["axis:F1#1", "axis:F1#2"]
    state = state.apply("BF@WE1.1")  # industrial production draws an F1
    assert state.to_play == AXIS and state.decision == {"kind": "blitz", "theater": "WE"}
    assert set(state.legal_actions()) == {"A2@WE1.2", "A2@WE1.3", "N1@WE1.3", "F1@WE1.2", "F1@WE1.3", "pass"}
    with pytest.raises(IllegalAction, match="same theater"):
        state.apply("A2@EE1.1")
    state = state.apply("A2@WE1.2")
    assert state.to_play == ALLIES and state.markers["WE"] == 2
    # N1, the F1 from industrial production, one draw (the F1 or the research token)
    assert len(state.reserves[AXIS]) == 3 and len(state.bags[AXIS]) == 1


def test_blitz_pass_ends_the_turn_with_one_draw():
    state = new()
    give(state, AXIS, "BF", "A2")
    state = state.apply("BF@WE1.1")
    state = state.apply("pass")
    assert state.to_play == ALLIES and len(state.reserves[AXIS]) == 1 + 1 + 1


def test_blitz_special_weapon_resolves_then_follows_up():
    state = new()
    give(state, AXIS, "BA", "A1")
    state = state.apply("BA@WE1.3")
    assert state.vp[AXIS] == 1 and state.markers["WE"] == 1
    assert state.decision["kind"] == "blitz"
    assert "A1@WE1.2" in state.legal_actions()


def test_general_counts_own_armies_and_airforces_including_itself():
    state = new()
    close_campaign(state, "EE1")
    close_campaign(state, "EE2")  # filled by Allied tokens: not counted for the Axis
    occupy(state, "EE3.1", AXIS, "A1")
    occupy(state, "EE3.2", AXIS, "F1")
    occupy(state, "EE3.3", AXIS, "EA")  # special weapons are ignored
    give(state, AXIS, "GEN")
    after = state.apply("GEN@EE3.5")
    assert after.markers["EE"] == 3


def test_admiral_counts_own_navies_and_airforces():
    state = new()
    close_campaign(state, "PO1")
    occupy(state, "PO2.1", AXIS, "N1")
    occupy(state, "PO2.2", AXIS, "BF")
    occupy(state, "PO2.3", ALLIES, "N3")
    give(state, AXIS, "ADM")
    after = state.apply("ADM@PO2.4")
    assert after.markers["PO"] == 3  # N1, BF and the admiral itself


def test_elite_army():
    state = new()
    give(state, AXIS, "EA")
    assert state.apply("EA@WE1.3").markers["WE"] == 4


def test_task_force_ignores_the_space_effect():
    state = new()
    give(state, AXIS, "XA")
    after = state.apply("XA@WE1.2")
    assert after.research == state.research and after.markers["WE"] == 5


def test_naval_bombing_adds_a_bombing_to_the_space_effect():
    state = new()
    give(state, AXIS, "NB")
    give(state, ALLIES, "A1", "A2")
    after = state.apply("NB@PO1.2")
    assert len(after.reserves[ALLIES]) == 1 and len(after.research) == len(state.research) - 1
    assert after.markers["PO"] == 2


def test_aerial_bombing_bombs_even_on_a_blank_space():
    state = new()
    close_campaign(state, "WE1")
    occupy(state, "WE2.1", ALLIES, "A1")
    occupy(state, "WE2.2", ALLIES, "A2")
    give(state, AXIS, "AB")
    give(state, ALLIES, "A3")
    after = state.apply("AB@WE2.3")
    assert after.reserves[ALLIES] == [] and after.markers["WE"] == 1


def test_nuclear_bomb_advances_seven_and_retreats_two_elsewhere():
    state = new()
    state.markers.update(PO=-12, EE=3)
    state.closed_theaters["SA"] = None
    give(state, AXIS, "NUKE")
    with pytest.raises(IllegalAction, match="Armies"):
        state.apply("NUKE@WE1.1")
    after = state.apply("NUKE@WE1.2")
    assert after.markers == {"WE": 7, "PO": -13, "EE": 1, "AM": -2, "SA": 0}


def test_spy_cannot_be_placed_before_the_opponent_placed_anything():
    state = new()
    give(state, AXIS, "SPY", "A1")
    assert not any(a.startswith("SPY@") for a in state.legal_actions())
    with pytest.raises(IllegalAction, match="placed none yet"):
        state.apply("SPY@WE1.2")


def test_spy_copies_value_type_and_ability():
    state = new()
    give(state, AXIS, "EA")
    state = state.apply("EA@WE1.3")
    give(state, ALLIES, "SPY")
    assert "SPY@WE1.1" not in state.legal_actions()  # an army cannot go to sea
    pile = len(state.research)
    state = state.apply("SPY@WE1.2")
    assert state.markers["WE"] == 0 and state.spy_copies == {"WE1.2": "EA"}
    assert len(state.research) == pile - 1  # the space effect happened


def test_spy_copying_a_spy_copies_what_that_spy_copied():
    state = new()
    state.last_placed[ALLIES] = "XA"
    give(state, AXIS, "SPY")
    pile = len(state.research)
    state = state.apply("SPY@WE1.2")  # a task force: no research
    assert len(state.research) == pile and state.markers["WE"] == 5
    assert state.last_placed[AXIS] == "XA"
    state.research.append("sw:SPY#2")  # a second spy, only for this test
    give(state, ALLIES, "SPY")
    state = state.apply("SPY@WE1.3")
    assert state.markers["WE"] == 0 and state.vp[ALLIES] == 0


def test_spy_copying_a_nuclear_bomb():
    state = new()
    state.last_placed[ALLIES] = "NUKE"
    give(state, AXIS, "SPY")
    after = state.apply("SPY@WE1.2")
    assert after.markers == {"WE": 7, "PO": -2, "EE": -2, "AM": -2, "SA": -2}


def test_spy_copying_a_scientist_goes_anywhere_without_moving():
    state = new()
    state.last_placed[ALLIES] = "SCI"
    give(state, AXIS, "SPY")
    after = state.apply("SPY@EE3.4")
    assert after.vp[AXIS] == 2 and after.markers["EE"] == 0


def test_spy_copying_a_blitz_gets_a_follow_up():
    state = new()
    state.last_placed[ALLIES] = "BF"
    give(state, AXIS, "SPY", "A1")
    after = state.apply("SPY@WE1.1")
    assert after.decision == {"kind": "blitz", "theater": "WE"}


def test_scientist_goes_on_any_space_of_an_open_theater_once_and_without_moving():
    state = new()
    give(state, AXIS, "SCI")
    legal = {a for a in state.legal_actions() if a.startswith("SCI@")}
    assert len(legal) == 41
    after = state.apply("SCI@PO3.2")
    assert after.vp[AXIS] == 2 and after.markers["PO"] == 0


def test_scientist_filling_a_lower_campaign_closes_it_and_it_is_skipped():
    state = new()
    occupy(state, "WE2.1", ALLIES, "A1")
    occupy(state, "WE2.2", ALLIES, "A2")
    state.markers["WE"] = -5
    give(state, AXIS, "SCI")
    state = state.apply("SCI@WE2.3")
    assert state.closed_campaigns == {"WE2": ALLIES} and state.vp[ALLIES] == 3 + 1
    assert state.active_campaign("WE") == "WE1"
    close_campaign(state, "WE1")
    assert state.active_campaign("WE") == "WE3"


# -- closing -----------------------------------------------------------------------------
@pytest.mark.parametrize("start, scorer, points", [
    (-1, ALLIES, 2), (-4, ALLIES, 2), (-5, ALLIES, 3), (-10, ALLIES, 4), (0, None, 0), (1, AXIS, 2),
    (5, AXIS, 3), (12, AXIS, 4),
])
def test_closing_a_campaign_scores_for_the_marker_side_with_icons(start, scorer, points):
    state = new()
    occupy(state, "WE1.1", ALLIES, "N1")
    occupy(state, "WE1.2", AXIS, "A1")
    state.turn = ALLIES  # the Allies close it with a blitz airforce: strength 0
    state.markers["WE"] = start
    give(state, ALLIES, "BF")
    state.bags[ALLIES] = []
    after = state.apply("BF@WE1.3")  # propaganda 1 for the Allies too
    assert after.closed_campaigns["WE1"] == scorer
    expected = {AXIS: 0, ALLIES: 1}
    if scorer:
        expected[scorer] += points
    assert after.vp == expected


def test_campaign_closing_in_the_centre_scores_nobody():
    state = new()
    occupy(state, "PO1.1", AXIS, "N1")
    state.markers["PO"] = -1
    give(state, AXIS, "N1")
    after = state.apply("N1@PO1.2")
    assert after.markers["PO"] == 0 and after.closed_campaigns["PO1"] is None
    assert after.vp == {AXIS: 0, ALLIES: 0}


def test_closing_a_theater_closes_its_campaigns_and_asks_for_the_effects_order():
    state = new()
    state.markers["WE"] = 10
    give(state, AXIS, "A3", "A1")
    state.bags[AXIS] = ["axis:A2#1", "axis:A2#2", "axis:N1#1"]
    state = state.apply("A3@WE1.3")  # propaganda 1, then 10 + 3 = 13... not yet
    assert "WE" not in state.closed_theaters
    state.turn = AXIS
    state.markers["WE"] = 13
    give(state, AXIS, "A1", "A2", "N1")
    state = state.apply("A1@WE1.2")  # research, then the marker reaches 14
    assert state.closed_theaters == {"WE": AXIS}
    # WE1 filled? no: WE1.1 is still free, so all three campaigns close for the Axis
    assert set(state.closed_campaigns) == {"WE1", "WE2", "WE3"}
    assert state.vp[AXIS] == 1 + 2 + 3 + 5 + 2
    assert state.decision == {"kind": "fx", "theater": "WE"}
    # pending: WE1.1 IP, WE2.1 B, WE2.2 IP, WE3.1 RI, WE3.2 SA+3 (blanks skipped)
    assert state.legal_actions() == ["fx:WE1.1", "fx:WE2.1", "fx:WE3.1", "fx:WE3.2"]
    state = state.apply("fx:WE3.2")  # strategic advantage: a choice of theaters
    assert state.decision["kind"] == "sa"
    state = state.apply("sa:EE")
    assert state.markers["EE"] == 3
    state = state.apply("fx:WE2.1")
    state = state.apply("fx:WE3.1")
    assert state.to_play == ALLIES  # both IPs were alike: carried out together
    assert state.fx_pending == []


def test_tactical_advantage_closing_a_theater_skips_the_units_move_but_not_the_nukes_retreat():
    """Rulebook: "advance seven spaces on the theater of operations battle track, and retreat two spaces on
    all other theaters of operations battle tracks that are not yet closed": the retreat is the bomb's
    drawback whatever its own marker does (issue 19, departure 1)."""
    state = new()
    state.markers["EE"] = 13
    give(state, AXIS, "NUKE")
    state.bags[AXIS] = []
    state = state.apply("NUKE@EE1.1")  # tactical advantage +1 closes it: no +7 there
    assert state.closed_theaters == {"EE": AXIS} and state.markers["EE"] == 14
    assert state.vp[AXIS] == 2 + 3 + 6 + 2
    # EE3.2 (tactical advantage) and the blank EE3.5 are not offered
    assert state.legal_actions() == ["fx:EE1.2", "fx:EE2.1", "fx:EE2.2", "fx:EE3.1", "fx:EE3.3", "fx:EE3.4"]
    for action in ("fx:EE3.3", "sa:AM", "fx:EE2.1", "fx:EE3.4", "fx:EE3.1", "fx:EE1.2"):
        state = state.apply(action)
    assert state.to_play == ALLIES and state.vp[AXIS] == 13 + 1 + 2
    # the marker step comes after the closed theater's effects: Africa got +3 from the strategic advantage,
    # then every open theater but Eastern Europe retreats two
    assert state.markers == {"WE": -2, "PO": -2, "EE": 14, "AM": 3 - 2, "SA": -2}


def test_reaching_the_end_by_marker_move_after_campaign_close():
    state = new()
    close_campaign(state, "AM1", ALLIES)
    occupy(state, "AM2.1", AXIS, "A1")
    occupy(state, "AM2.2", AXIS, "N1")
    state.markers["AM"] = 9
    give(state, AXIS, "A3")
    state.bags[AXIS] = []
    after = state.apply("A3@AM2.3")
    # the filled campaign scores first (5 + both icons), then the theater bonus (no campaigns left)
    assert after.closed_campaigns["AM2"] == AXIS and after.closed_theaters["AM"] == AXIS
    assert after.vp[AXIS] == 5 + 2 + 2


def test_draws_from_an_empty_bag_or_pile_do_nothing():
    state = new()
    give(state, AXIS, "A1")
    state.bags[AXIS] = []
    state.research = []
    after = state.apply("A1@WE1.2")
    assert after.reserves[AXIS] == [] and after.bags[AXIS] == []


# -- the end --------------------------------------------------------------------------
def test_axis_reaching_25_gives_the_allies_a_final_turn():
    state = new()
    state.vp[AXIS] = 24
    give(state, AXIS, "A1")
    state = state.apply("A1@WE1.3")  # propaganda 1: 25
    assert not state.is_over and state.to_play == ALLIES and state.final_turn()
    state.vp[ALLIES] = 23
    give(state, ALLIES, "N1")
    state = state.apply("N1@SA1.1")  # propaganda 2: 25, a tie
    assert state.is_over and state.winner == ALLIES


def test_axis_wins_with_more_vp_after_the_final_turn():
    state = new()
    state.vp.update(axis=26, allies=10)
    state.turn = ALLIES
    give(state, ALLIES, "A1")
    after = state.apply("A1@WE1.3")
    assert after.is_over and after.winner == AXIS and after.legal_actions() == []
    with pytest.raises(IllegalAction, match="over"):
        after.apply("A1@WE1.2")


def test_allies_reaching_25_end_the_game():
    state = new()
    state.vp[ALLIES] = 24
    state.turn = ALLIES
    give(state, ALLIES, "A1")
    after = state.apply("A1@WE1.3")
    assert after.is_over and after.winner == ALLIES


def test_a_player_who_cannot_place_loses():
    state = new()
    give(state, AXIS, "A1")
    give(state, ALLIES, "SPY")  # nothing to copy after... the Axis places: the spy can go
    state.bags[AXIS] = []
    after = state.apply("A1@WE1.2")
    assert not after.is_over
    state = new()
    give(state, AXIS, "A1")
    state.reserves[ALLIES] = []
    state.bags[ALLIES] = []
    after = state.apply("A1@WE1.2")
    assert after.is_over and after.winner == AXIS


# -- notation --------------------------------------------------------------------------
def test_notation_is_normalised_and_malformed_text_rejected():
    state = new()
    assert GAME.parse_action(state, " ea @ we2.1 ") == "EA@WE2.1"
    assert GAME.parse_action(state, "PASS") == "pass"
    assert GAME.parse_action(state, "SA:po") == "sa:PO"
    assert GAME.parse_action(state, "fx:we3.2") == "fx:WE3.2"
    for bad in ("", "EA", "ZZ@WE1.1", "EA@WE", "sa:POO", 42):
        with pytest.raises(IllegalAction):
            GAME.parse_action(state, bad)


def test_describe_action_in_plain_words():
    state = new()
    give(state, AXIS, "EA")
    close_campaign(state, "WE1")
    assert GAME.describe_action(state, "EA@WE2.1") == \
        "Axis places an elite army (4) on Western Europe 2.1 (bombing)"
