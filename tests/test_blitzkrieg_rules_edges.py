"""Blitzkrieg! rules at their edges, each written to kill a mutant that lived (docs/mutation.md): the exact
refusal naming the rule an action breaks at each moment of a turn, and the exact problem check_invariants
names for each corrupted position. Rules from shared/rules/blitzkrieg.txt."""

from functools import partial

import pytest

from game_core.blitzkrieg import GAME
from game_core.blitzkrieg.words import event_words, verdict
from game_core.engine import IllegalAction
from game_core.rng import NeedChance, Rng, Tape
from game_core.session import Session
from invariants import broken
from test_blitzkrieg_rules import ALLIES, AXIS, close_campaign, give, new, occupy, take

PLACE = "place a unit (KIND@SPACE)"
SA = "choose a theater for strategic advantage (sa:XX)"
FX = "choose which effect of the closed theater to carry out next (fx:SPACE)"
BLITZ = "place a blitz follow-up unit or pass"


def refusal(state, action) -> str:
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    return str(err.value)


def deciding_sa():
    """The Axis placed on Africa & Middle East 1.1 (strategic advantage +3) and chooses where it goes."""
    state = new()
    give(state, AXIS, "A1", "N1")
    state = state.apply("A1@AM1.1")
    assert state.decision == {"kind": "sa", "amount": 3, "from": "AM"}
    return state


def deciding_fx():
    """The Axis won Western Europe with unlike effects left on its free spaces (see test_blitzkrieg_rules)."""
    state = new()
    state.markers["WE"] = 13
    give(state, AXIS, "A1", "N1")
    state = state.apply("A1@WE1.2")
    assert state.decision == {"kind": "fx", "theater": "WE"}
    return state


def blitzing():
    """The Axis placed a blitz airforce on Western Europe 1.1 and may follow up in Western Europe."""
    state = new()
    give(state, AXIS, "BF", "A2", "N1")
    state = state.apply("BF@WE1.1")
    assert state.decision == {"kind": "blitz", "theater": "WE"}
    return state


# -- why an action is refused: each moment of a turn names its own rule ------------------------------------
def test_the_solo_modules_actions_are_refused_in_a_two_player_game_with_the_step_to_take():
    # The solo module (an automated Axis) alone rolls for the set-up and lets the Allies bomb its row.
    words = "Set-up rolls and bombing the bot's row belong to the solo module: "
    assert refusal(new(), "setup:WE") == words + PLACE
    assert refusal(new(), "bomb:1") == words + PLACE
    assert refusal(deciding_sa(), "bomb:2") == words + SA
    assert refusal(deciding_fx(), "setup:PO") == words + FX
    assert refusal(blitzing(), "bomb:1") == words + BLITZ


def test_strategic_advantage_only_when_one_is_waiting_and_only_onto_another_open_theater():
    # Strategic advantage: "any theater of operations except the one where you just placed your unit token".
    assert refusal(new(), "sa:WE") == f"There is no strategic advantage to use now: {PLACE}"
    assert refusal(blitzing(), "sa:PO") == f"There is no strategic advantage to use now: {BLITZ}"
    state = deciding_sa()
    assert refusal(state, "sa:ZZ") == "There is no theater ZZ"
    assert refusal(state, "sa:AM") == ("Strategic advantage must move another theater that is still open "
                                       "and not already one square short of your end")
    # "You cannot move onto the last space of a track with this effect": one short of the end is no target.
    state.markers["PO"] = 13
    assert "sa:PO" not in state.legal_actions()
    assert refusal(state, "sa:PO").startswith("Strategic advantage must move another theater")


def test_a_closed_theaters_effects_only_when_one_is_waiting_and_only_its_free_spaces():
    assert refusal(new(), "fx:WE1.1") == f"No closed theater has effects waiting: {PLACE}"
    assert refusal(deciding_sa(), "fx:WE1.1") == f"No closed theater has effects waiting: {SA}"
    state = deciding_fx()
    assert refusal(state, "fx:WE1.2") == ("Choose one of the unoccupied spaces of the closed theater "
                                          "still to carry out")


def test_pass_only_ends_a_blitz_and_yield_only_for_a_player_who_cannot_place():
    # Blitz forces: "you can immediately place another unit token": the follow-up alone may be passed.
    assert refusal(new(), "pass") == f"Only a blitz follow-up can be passed: {PLACE}"
    assert refusal(deciding_fx(), "pass") == f"Only a blitz follow-up can be passed: {FX}"
    assert refusal(new(), "yield") == f"Only a player who cannot place any unit yields, and you can: {PLACE}"
    assert refusal(deciding_sa(), "yield") == f"First {SA}"
    assert refusal(blitzing(), "yield") == f"First {BLITZ}"


def test_a_placement_waits_while_a_choice_is_pending():
    assert refusal(deciding_sa(), "N1@PO1.1") == f"First {SA}"
    assert refusal(deciding_fx(), "N1@PO1.1") == f"First {FX}"


def test_a_placement_names_the_rule_it_breaks():
    state = new()
    give(state, AXIS, "A1", "N1", "SPY")
    assert refusal(state, "A3@WE1.2") == "You do not have an army (3) in your reserve"
    assert refusal(state, "A1@ZZ1.1") == "There is no battle space ZZ1.1"
    occupy(state, "WE1.2", ALLIES, "A1")
    assert refusal(state, "A1@WE1.2") == "Western Europe 1.2 is already occupied"
    state.closed_theaters["PO"] = AXIS
    assert refusal(state, "N1@PO1.1") == "The Pacific Ocean theater is closed"
    # The spy copies the unit just placed by the opponent: none yet, nothing to copy.
    assert refusal(state, "SPY@WE1.3") == ("The spy copies your opponent's last placed unit, "
                                           "and they have placed none yet")
    # Units go only in the topmost campaign with a free space.
    assert refusal(state, "A1@WE2.1") == "Units can only be placed in the topmost open campaign of a theater"
    close_campaign(state, "EE1")
    assert "A1@EE2.1" in state.legal_actions()
    assert refusal(state, "A1@EE3.1") == "Units can only be placed in the topmost open campaign of a theater"
    assert refusal(state, "A1@WE1.1") == "Armies can only be placed on land or land/sea spaces"
    assert refusal(state, "N1@EE2.1") == "Navies can only be placed on sea or land/sea spaces"


def test_a_spy_acts_as_the_unit_it_copies_when_refused():
    state = new()
    give(state, AXIS, "SPY")
    state.last_placed[ALLIES] = "N2"  # the spy copies a navy: the navies' rule refuses a land space
    assert refusal(state, "SPY@WE1.2") == "Navies can only be placed on sea or land/sea spaces"
    state.last_placed[ALLIES] = "SCI"  # a copied scientist goes on any space of an open theater
    assert "SPY@WE3.3" in state.legal_actions()


def test_a_blitz_follow_up_stays_in_its_theater():
    state = blitzing()
    assert refusal(state, "A2@EE1.1") == "A blitz follow-up must stay in the same theater (Western Europe)"
    assert refusal(state, "A2@WE1.1") == "Western Europe 1.1 is already occupied"
    assert refusal(state, "F1@WE1.2") == "You do not have an airforce (1) in your reserve"


# -- check_invariants names each corruption -------------------------------------------------------------
def test_a_fresh_and_a_played_position_keep_the_invariants():
    state = new()
    state.check_invariants()
    state.apply(state.legal_actions()[0]).check_invariants()
    deciding_fx().check_invariants()


@pytest.mark.parametrize("change", [
    lambda s: s.bags[AXIS].pop(),                                  # lost from a bag
    lambda s: s.reserves[ALLIES].pop(),                            # lost from a reserve
    lambda s: s.research.pop(),                                    # lost from the research pile
    lambda s: s.bags[ALLIES].append(s.bags[ALLIES][0]),            # doubled in one bag
    lambda s: s.spaces.update({"WE1.1": s.reserves[AXIS][0]}),     # on the board and still in the reserve
    lambda s: s.research.append(s.bags[AXIS][0]),                  # in a bag and in the research pile
    lambda s: s.reserves[AXIS].append("axis:A1#9"),                # a token the box does not hold
])
def test_every_token_is_in_exactly_one_place(change):
    # Components: each side's 22 unit tokens and the 16 special weapons, each in one bag, reserve, pile or space.
    assert broken(new(), change) == "a token is lost, doubled or in two places"


def test_a_marker_stays_on_its_track_and_a_track_end_closes_its_theater():
    # Western Europe's track is 14 squares each way; reaching the last one closes and wins the theater.
    state = new()
    assert broken(state, lambda s: s.markers.update(WE=15)) == "the WE marker is off its track"
    assert broken(state, lambda s: s.markers.update(AM=-12)) == "the AM marker is off its track"
    assert broken(state, lambda s: s.markers.update(WE=14)) == "WE reached its end but is still open"
    assert broken(state, lambda s: s.markers.update(SA=-11)) == "SA reached its end but is still open"

    def won(s):
        s.markers["WE"] = 14
        s.closed_theaters["WE"] = AXIS
    closed = state.copy()
    won(closed)
    closed.check_invariants()  # on the last square and closed: as it should be
    closed.markers["WE"] = 13
    closed.check_invariants()  # a closed theater's marker may stand anywhere on its track
    assert broken(closed, lambda s: s.markers.update(WE=-15)) == "the WE marker is off its track"
    state.markers["PO"] = -13
    state.check_invariants()  # one short of the end, still open


def test_someone_is_to_play_until_the_game_is_over():
    state = new()
    # (turn None passes: to_play is then None, as in a finished game; see the report of session 9)
    assert broken(state, lambda s: setattr(s, "turn", "germany")) == "nobody's turn in a game still going"
    assert broken(state, lambda s: setattr(s, "turn", "")) == "nobody's turn in a game still going"
    assert broken(state, lambda s: setattr(s, "turn", None)) == "nobody's turn in a game still going"
    over = state.copy()
    over.result = {"winner": ALLIES, "reason": "axis cannot place a unit"}
    over.check_invariants()


# -- a bot's world dealt from a view ---------------------------------------------------------------------------
@pytest.mark.parametrize("seat", [AXIS, ALLIES])
def test_a_world_dealt_from_a_view_keeps_what_the_seat_sees_and_every_token_once(seat):
    # A bot sees its own bag and reserve (special weapons among them), never the other's or the research pile.
    state = new()
    give(state, seat, "EA", "A1", "N1")
    state.bags[seat].append(take(state, seat, "NUKE"))
    foe = ALLIES if seat == AXIS else AXIS
    give(state, foe, "XF", "A2")
    state = state.apply(state.legal_actions()[0]) if seat == ALLIES else state
    world = GAME.state_from_view(state.view(seat), Rng(5))
    world.check_invariants()
    assert world.reserves[seat] == state.reserves[seat] and world.bags[seat] == state.bags[seat]
    for pile in ("bags", "reserves"):
        assert len(getattr(world, pile)[foe]) == len(getattr(state, pile)[foe])
    assert len(world.research) == len(state.research)


def test_only_the_solo_mode_seats_the_solo_module():
    # Two players choose who sits where; in solo mode the solo module is the Axis and a person the Allies.
    assert Session("blitzkrieg", 4, {}, {"axis": "easy"}).seats == {"axis": "easy", "allies": "human"}
    assert Session("blitzkrieg", 4, {"mode": "two-player"}).seats == {"axis": "human", "allies": "human"}
    assert Session("blitzkrieg", 4, {"mode": "solo"}).seats == {"axis": "solo", "allies": "human"}


def test_the_log_names_what_a_spy_copies():
    # Spy: "Copy the value, type and any special ability of the unit token just placed by your opponent."
    state = new()
    give(state, AXIS, "SPY", "A1")
    state.last_placed[ALLIES] = "N2"
    assert GAME.describe_action(state, "SPY@WE1.1") == (
        "Axis places the spy copying a navy (2) on Western Europe 1.1 (industrial production)")
    state.last_placed[ALLIES] = "GEN"  # a copied general counts the spy's own armies and airforces
    occupy(state, "WE1.2", AXIS, "A2")
    assert GAME.describe_action(state, "SPY@WE1.3") == (
        "Axis places the spy copying a general (strength 2) on Western Europe 1.3 (propaganda 1)")
    assert GAME.describe_action(state, "A1@WE1.3") == "Axis places an army (1) on Western Europe 1.3 (propaganda 1)"


@pytest.mark.parametrize("seat,words", [
    (AXIS, ("Axis passes the blitz follow-up", "Axis cannot place any unit",
            "Axis uses strategic advantage +3 on Pacific Ocean",
            "Axis carries out industrial production of Western Europe 1.1 (won theater)")),
    (ALLIES, ("Allies pass the blitz follow-up", "Allies cannot place any unit",
              "Allies use strategic advantage +3 on Pacific Ocean",
              "Allies carry out industrial production of Western Europe 1.1 (won theater)")),
])
def test_the_log_words_for_each_kind_of_step(seat, words):
    state = new()
    state.turn = seat
    state.decision = {"kind": "sa", "amount": 3, "from": "AM"}
    assert tuple(GAME.describe_action(state, action) for action in ("pass", "yield", "sa:PO", "fx:WE1.1")) == words


def test_each_event_is_told_in_its_own_words_and_a_secret_only_to_its_owner():
    state = new()
    said = partial(event_words, state)
    # Closing a campaign: the side the marker is on scores its VP, plus the track's VP icons reached.
    assert said(("campaign", "WE1", AXIS, 2, 0)) == [("Western Europe campaign 1 closes: the Axis scores 2 VP", None)]
    assert said(("campaign", "PO2", ALLIES, 3, 2)) == [
        ("Pacific Ocean campaign 2 closes: the Allies score 3 VP + 2 for the track's VP icons", None)]
    assert said(("campaign", "AM1", None, 3, 0)) == [
        ("Africa & Middle East campaign 1 closes with the marker in the centre: nobody scores", None)]
    assert said(("theater", "EE", ALLIES, ["EE2", "EE3"], 2)) == [
        ("The Allies win Eastern Europe: Eastern Europe campaign 2 (3 VP), Eastern Europe campaign 3 (6 VP), "
         "2 VP for the track's VP icons", None)]
    # The nuclear bomb: every other open theater retreats two squares.
    assert said(("retreat", ["PO"])) == [("The nuclear bomb's drawback: Pacific Ocean retreats 2 squares", None)]
    assert said(("retreat", [])) == [("The nuclear bomb's drawback: no other theater is open, so none retreats",
                                      None)]
    assert said(("retreat", ["PO", "AM"])) == [
        ("The nuclear bomb's drawback: Pacific Ocean, Africa & Middle East retreat 2 squares", None)]
    # Bombing: a random unit of the opponent's reserve goes back to the bag; only its owner learns which.
    assert said(("bomb", ALLIES, None)) == [("Bombing: the Allies have no unit in reserve to lose", None)]
    assert said(("bomb", AXIS, None)) == [("Bombing: the Axis has no unit in reserve to lose", None)]
    assert said(("bomb", AXIS, "A2")) == [
        ("Bombing: one unit of the Axis's reserve, chosen at random, goes back to the bag", None),
        ("Bombing: an army (2) from the Axis's reserve goes back to the bag", AXIS)]
    # Research: a special weapon into the bag (research industry: the reserve), named only to its taker.
    assert said(("research", AXIS, "EA", True)) == [
        ("Research: the Axis takes a special weapon into its reserve", None),
        ("Research: an elite army (4) goes into your reserve", AXIS)]
    assert said(("research", ALLIES, "SPY", False)) == [
        ("Research: the Allies take a special weapon into their bag", None),
        ("Research: the spy goes into your bag", ALLIES)]
    assert said(("draw", ALLIES, [])) == []
    assert said(("draw", AXIS, ["A1", "NUKE"])) == [("The Axis draws an army (1), the nuclear bomb", AXIS)]
    assert said(("draw", ALLIES, ["F2"])) == [("The Allies draw an airforce (2)", ALLIES)]
    assert said(("sa", None, 3)) == [("Strategic advantage +3: no other theater can move, so it does nothing", None)]
    assert said(("sa", "PO", 2)) == [("Strategic advantage +2 goes to Pacific Ocean, the only theater it can move",
                                       None)]
    assert said(("propaganda", ALLIES, 2)) == [("Propaganda: the Allies score 2 VP", None)]
    assert said(("propaganda", AXIS, 1)) == [("Propaganda: the Axis scores 1 VP", None)]


def test_malformed_notation_and_a_remote_solo_game_are_refused_with_the_reason():
    with pytest.raises(IllegalAction) as err:
        GAME.parse_action(new(), "EA")
    assert str(err.value) == ("'EA' is not an action: write KIND@SPACE (e.g. A2@WE1.2), pass, sa:THEATER "
                              "(e.g. sa:PO) or fx:SPACE (e.g. fx:WE3.2)")
    with pytest.raises(IllegalAction) as err:
        GAME.parse_action(new(), "zz@we1.1")
    assert str(err.value).startswith("'ZZ' is not a unit kind; kinds: A1, A2, A3, N1, ")
    assert GAME.parse_action(new(), " Setup : we ") == "setup:WE" and GAME.parse_action(new(), "BOMB:3") == "bomb:3"
    assert GAME.parse_action(new(), "yield") == "yield"
    with pytest.raises(ValueError, match="^the solo module plays on one device: a remote game is two-player$"):
        GAME.new_game(1, {"mode": "solo", "remote": True})
    GAME.new_game(1, {"mode": "two-player", "remote": True})


def test_the_verdict_when_the_axis_cannot_place():
    # A player who cannot place a unit at the start of their turn loses.
    state = new()
    state.result = {"winner": ALLIES, "reason": "axis cannot place a unit"}
    assert verdict(state) == "The Allies win: the Axis cannot place any unit at the start of its turn"
    assert verdict(new()) is None and new().facts(None)["verdict"] is None


def test_the_facts_the_board_draws_after_a_campaign_closes():
    # A campaign closes when its last space is filled: the marker's side scores it and the track's icons reached.
    state = new()
    give(state, AXIS, "A1")
    state.markers.update(WE=5, PO=-2)
    occupy(state, "WE1.1", ALLIES, "N1")
    occupy(state, "WE1.2", ALLIES, "A1")
    state.closed_theaters["SA"] = ALLIES
    facts = state.apply("A1@WE1.3").facts(ALLIES)
    assert facts == {
        "open": ["WE", "PO", "EE", "AM"],
        "active": {"WE": "WE2", "PO": "PO1", "EE": "EE1", "AM": "AM1", "SA": None},
        "leaders": {"WE": AXIS, "PO": ALLIES, "EE": None, "AM": None, "SA": None},
        "icon_bonus": {"WE": 1, "PO": 0, "EE": 0, "AM": 0, "SA": 0},
        "final_turn": False, "verdict": None,
        "last": {"spaces": ["WE1.3"], "tracks": ["WE"]},
        "cues": [{"at": "WE1", "text": "Western Europe campaign 1 closes: the Axis scores 2 VP + 1 for the track's "
                                       "VP icons"}],
    }
    # The Allies' final turn once the Axis has reached 25 war VP.
    state.vp[AXIS], state.turn = 25, ALLIES
    assert state.facts(None)["final_turn"] is True
    state.turn = AXIS
    assert state.facts(None)["final_turn"] is False


def test_a_strategic_advantage_with_one_target_is_applied_and_told():
    # Only one other theater can still move: the advantage goes there without asking.
    state = new()
    give(state, ALLIES, "A1")
    state.turn = ALLIES
    state.markers.update(WE=-12, PO=-13, EE=-13, SA=-10)
    after = state.apply("A1@AM1.1")
    lines = [text for text, _ in GAME.narrate(state, after)]
    assert "Strategic advantage +3 goes to Western Europe, the only theater it can move" in lines


def test_a_research_draw_is_seen_only_by_the_researcher():
    # Research: the special weapon drawn is secret to the player who drew it (a remote game asks for it there).
    state = new()
    give(state, ALLIES, "A1")
    state.turn = ALLIES
    state.rng = Tape([])
    with pytest.raises(NeedChance) as asked:
        state.apply("A1@WE1.2")  # research
    assert asked.value.audience == ALLIES and asked.value.n == len(state.research)


def test_a_remote_game_always_asks_for_the_blitz_follow_up():
    # The other browser cannot see the reserve, so a remote game asks even when pass is the only answer.
    for options, decision in (({"remote": True}, {"kind": "blitz", "theater": "WE"}), ({}, None)):
        state = GAME.new_game(1, options)
        give(state, AXIS, "BF")
        state.bags[AXIS] = []
        after = state.apply("BF@WE1.1")
        assert after.decision == decision
        assert after.legal_actions() == (["pass"] if decision else after.placements(ALLIES))


def test_the_campaigns_a_won_theater_closes_are_scored_for_its_winner():
    state = new()
    state.markers["WE"] = 13
    give(state, AXIS, "A1", "A2", "N1")
    state.turn = AXIS
    state = state.apply("A1@WE1.2")  # research, then the marker reaches 14: the Axis wins the theater
    assert state.closed_theaters == {"WE": AXIS}
    assert state.closed_campaigns == {"WE1": AXIS, "WE2": AXIS, "WE3": AXIS}


def test_a_research_draw_is_dealt_from_the_research_pile_for_the_researcher_only():
    # A remote game's tape asks for the card by its pile: the other browser deals it from the same pile.
    state = new()
    give(state, AXIS, "A1")
    state.turn, state.rng = AXIS, Tape([])
    with pytest.raises(NeedChance) as asked:
        state.apply("A1@WE1.2")  # WE1.2: research
    assert (asked.value.deck, asked.value.audience, list(asked.value.items)) == ("research", AXIS, state.research)


def test_research_industry_puts_the_drawn_token_into_the_reserve_and_says_so():
    state = new()
    state.turn = AXIS
    state._step_effect("RI", "WE")
    assert event_words(state, state.events[-1])[0][0].endswith("into its reserve")
    state._step_effect("R", "WE")
    assert event_words(state, state.events[-1])[0][0].endswith("into its bag")


def test_a_blitz_unit_that_wins_its_theater_carries_out_the_effects_before_any_follow_up():
    # A remote game always offers the blitz follow-up (the other browser cannot see the reserve), so the order
    # shows: the won theater's effects come first, in the order the winner picks.
    state = GAME.new_game(1, {"remote": True})
    state.markers["WE"] = 13
    give(state, AXIS, "BN", "A2", "N1")
    state.turn = AXIS
    state = state.apply("BN@WE1.1")  # a blitz navy: strength 1, the marker reaches 14
    assert state.closed_theaters == {"WE": AXIS}
    assert state.decision == {"kind": "fx", "theater": "WE"}
    state = state.apply("fx:WE1.2")  # one effect done, unlike ones still waiting: the next is chosen again
    assert state.decision == {"kind": "fx", "theater": "WE"} and state.queue == [["fx", "WE"], ["blitz", "WE"]]


def test_a_strategic_advantage_with_no_other_theater_open_says_it_does_nothing():
    state = new()
    state.turn = AXIS
    for code in state.index.theaters:
        if code != "WE":
            state.closed_theaters[code] = None
    state._step_effect("SA+3", "WE")
    assert state.decision is None
    assert event_words(state, state.events[-1]) == [
        ("Strategic advantage +3: no other theater can move, so it does nothing", None)]


def test_a_new_game_has_no_effects_waiting_and_no_steps_queued():
    seen = GAME.new_game(1).view(AXIS)["state"]
    assert (seen["fx_pending"], seen["queue"], seen["decision"]) == ([], [], None)


def test_describing_a_spys_placement_leaves_the_position_as_it_was():
    # The words try the spy (copying a general) on the space to count its strength, then take it back.
    state = new()
    give(state, AXIS, "SPY", "A1")
    state.last_placed[ALLIES] = "GEN"
    occupy(state, "WE1.2", AXIS, "A2")
    before = state.to_dict()
    assert GAME.describe_action(state, "SPY@WE1.3").startswith("Axis places the spy copying a general (strength 2)")
    assert state.to_dict() == before and "WE1.3" not in state.spy_copies


def test_bombing_an_empty_reserve_takes_nothing():
    state = new()
    state.turn = AXIS
    state.reserves[ALLIES] = []
    state._step_effect("B", "WE")
    assert state.reserves[ALLIES] == [] and state.decision is None


def test_a_blitz_follow_up_is_offered_only_when_a_unit_fits_the_same_theater():
    # Blitz: "place another unit in the same theater". Left with a navy and only a land space free in Western
    # Europe's campaign, the Axis may not follow up there, so nothing is offered though the navy fits elsewhere.
    state = new()
    occupy(state, "WE1.3", AXIS, "A2")
    give(state, AXIS, "BF", "N1")
    state.bags[AXIS], state.turn = [], AXIS  # the space's industrial production draws nothing
    state = state.apply("BF@WE1.1")
    assert state.placements(AXIS, "WE") == [] and state.placements(AXIS)
    assert state.decision is None and state.turn == ALLIES


def test_a_remote_game_waits_for_the_player_who_cannot_place_to_yield():
    # Only that player's browser knows their reserve, so the game does not end on the other's side by itself.
    state = GAME.new_game(1, {"remote": True})
    give(state, AXIS, "A1")
    state.turn, state.reserves[ALLIES] = AXIS, []
    state = state.apply("A1@WE1.2")
    assert state.turn == ALLIES and state.placements(ALLIES) == [] and not state.is_over
    assert state.legal_actions() == ["yield"]
    assert state.apply("yield").result == {"winner": AXIS, "reason": "allies cannot place a unit"}


def test_a_bombing_draw_is_seen_by_the_bombed_player_only():
    state = new()
    state.turn, state.rng = AXIS, Tape([])
    with pytest.raises(NeedChance) as asked:
        state._step_effect("B", "WE")
    assert asked.value.audience == ALLIES


def test_the_tokens_drawn_are_told_to_the_drawer_only_and_dealt_where_only_they_see():
    state = new()
    give(state, AXIS, "N1")
    state.turn = AXIS
    after = state.apply("N1@WE1.1")  # industrial production draws one, and the turn's end one more
    drawn = [(text, audience) for text, audience in GAME.narrate(state, after) if " draws " in text]
    assert len(drawn) == 2 and all(text.startswith("The Axis draws ") and audience == AXIS for text, audience in drawn)
    state.rng = Tape([])
    with pytest.raises(NeedChance) as asked:
        state.apply("N1@WE1.1")
    assert asked.value.audience == AXIS


def test_a_spy_with_nothing_to_copy_does_not_hold_back_the_units_after_it():
    # Before the Allies have placed anything the spy copies nothing and cannot be placed; the army task force
    # (listed after it) still can.
    state = new()
    give(state, AXIS, "SPY", "XA")
    state.turn = AXIS
    assert state.last_placed[ALLIES] is None
    assert {action.split("@")[0] for action in state.placements(AXIS)} == {"XA"}
