"""Blitzkrieg! and Nippon narration: one scenario per kind of event, with its words and numbers."""

from game_core.blitzkrieg import GAME, GAMES
from game_core.blitzkrieg.data import UNITS

NIPPON_GAME = GAMES[0]
AXIS, ALLIES, JAPAN, GERMANY = "axis", "allies", "japan", "germany"


def position(game, turn, reserves, seed=3, options=None):
    """A new game with `turn` to play, chosen reserves ({seat: kinds}) and empty bags and research pile."""
    state = game.new_game(seed, options)
    state.turn = turn
    for seat in game.seats:
        state.bags[seat] = []
        state.reserves[seat] = sorted(f"{'sw' if UNITS[k]['special'] else seat}:{k}#9{n}"
                                      for n, k in enumerate(reserves.get(seat, ["A1"])))
    state.research = []
    return state


def fill(state, seat, *sids):
    for sid in sids:
        state.spaces[sid] = f"{seat}:N1#8{sid}"
        state.placed_by[sid] = seat


def told(game, state, action):
    """(after, the narration's lines for everyone, the lines for each seat alone)."""
    after = state.apply(action)
    lines = game.narrate(state, after)
    public = [text for text, audience in lines if audience is None]
    secret = {seat: [text for text, audience in lines if audience == seat] for seat in game.seats}
    return after, public, secret


def test_a_campaign_closing_says_who_scored_its_vp_and_the_icon_bonus_and_the_totals():
    state = position(GAME, AXIS, {AXIS: ["A1"]})
    state.vp = {AXIS: 4, ALLIES: 2}
    state.markers["WE"] = 5
    fill(state, AXIS, "WE1.1", "WE1.2")
    _, public, _ = told(GAME, state, "A1@WE1.3")
    assert public == ["Axis places an army (1) on Western Europe 1.3 (propaganda 1)",
                      "Markers: Western Europe 6 toward the Axis (was 5 toward the Axis)",
                      "Propaganda: the Axis scores 1 VP",
                      "Western Europe campaign 1 closes: the Axis scores 2 VP + 1 for the track's VP icons",
                      "War VP: Axis 8, Allies 2"]


def test_a_campaign_closing_in_the_centre_scores_nobody():
    state = position(GAME, ALLIES, {ALLIES: ["A1"]})
    state.markers["WE"] = 1
    fill(state, AXIS, "WE1.1", "WE1.2")
    _, public, _ = told(GAME, state, "A1@WE1.3")
    assert "Western Europe campaign 1 closes with the marker in the centre: nobody scores" in public


def test_a_theater_won_lists_its_campaigns_and_the_icons():
    state = position(GAME, AXIS, {AXIS: ["N3"]})
    state.markers["SA"] = 8
    _, public, _ = told(GAME, state, "N3@SA1.1")
    assert ("The Axis wins South East Asia: South East Asia campaign 1 (2 VP), South East Asia campaign 2 (4 VP), "
            "2 VP for the track's VP icons") in public
    assert public[-1] == "War VP: Axis 10, Allies 0"


def test_bombing_names_the_lost_unit_only_to_its_owner():
    state = position(GAME, AXIS, {AXIS: ["AB"], ALLIES: ["EN"]})
    _, public, secret = told(GAME, state, "AB@WE1.1")
    assert "Bombing: one unit of the Allies' reserve, chosen at random, goes back to the bag" in public
    assert secret[ALLIES] == ["Bombing: an elite navy (4) from the Allies' reserve goes back to the bag"]
    assert not any("elite navy" in line for line in public + secret[AXIS])


def test_research_names_the_special_weapon_only_to_the_researcher():
    state = position(GAME, ALLIES, {ALLIES: ["A1"]})
    state.research = ["sw:NUKE#1"]
    _, public, secret = told(GAME, state, "A1@WE1.2")
    assert "Research: the Allies take a special weapon into their bag" in public
    assert secret[ALLIES][0] == "Research: the nuclear bomb goes into your bag"  # then drawn at the turn's end
    assert not any("nuclear" in line for line in public + secret[AXIS])


def test_the_nukes_retreat_is_told():
    state = position(GAME, AXIS, {AXIS: ["NUKE"]})
    state.closed_theaters["SA"] = None
    _, public, _ = told(GAME, state, "NUKE@WE1.2")
    assert ("The nuclear bomb's drawback: Pacific Ocean, Eastern Europe, Africa & Middle East retreat 2 squares"
            in public)
    assert "Markers: Western Europe 7 toward the Axis (was in the centre); Pacific Ocean 2 toward the Allies " \
           "(was in the centre); Eastern Europe 2 toward the Allies (was in the centre); Africa & Middle East 2 " \
           "toward the Allies (was in the centre)" in public


def test_unit_words_have_articles_and_strengths():
    state = position(GAME, AXIS, {AXIS: ["ADM", "GEN", "PA"]}, options={"partisans": True})
    fill(state, AXIS, "PO1.1")
    assert GAME.describe_action(state, "ADM@PO1.2").startswith("Axis places an admiral (strength 2) on")
    assert GAME.describe_action(state, "GEN@WE1.2").startswith("Axis places a general (strength 1) on")
    assert "the partisans (1)" in GAME.describe_action(state, "PA@WE1.2")
    state.markers["WE"] = -1
    assert "the partisans (3)" in GAME.describe_action(state, "PA@WE1.2")


def test_the_end_says_the_result_and_its_reason():
    state = position(GAME, ALLIES, {ALLIES: ["A1"]})
    state.vp = {AXIS: 19, ALLIES: 25}
    after, public, _ = told(GAME, state, "A1@WE1.3")
    assert public[-1] == "The Allies win 26-19 at the end of their turn"
    assert after.view(None)["facts"]["verdict"] == public[-1]
    state.vp = {AXIS: 26, ALLIES: 23}
    _, public, _ = told(GAME, state, "A1@WE1.3")
    assert public[-1] == "The Axis wins 26-24 after the Allies' final turn"
    state.vp = {AXIS: 25, ALLIES: 24}
    _, public, _ = told(GAME, state, "A1@WE1.3")
    assert public[-1] == "The Allies win 25-25 at the end of their turn (a tie goes to the Allies)"


def test_a_side_that_cannot_place_loses_and_the_log_says_so():
    state = position(GAME, AXIS, {AXIS: ["A1"], ALLIES: []})
    _, public, _ = told(GAME, state, "A1@WE1.2")
    assert public[-1] == "The Axis wins: the Allies cannot place any unit at the start of their turn"


def test_nippon_end_square_win_campaign_words_and_a_campaign_opening_on_its_own():
    state = position(NIPPON_GAME, JAPAN, {JAPAN: ["N3"], GERMANY: ["A1"]})
    state.opened = ["HO", "SE", "JA", "BO", "SF", "LA", "DE", "KC", "DA", "NO", "AT", "CH", "DT", "WA"]
    state.markers["HO"] = -2
    state.bags[JAPAN] = ["japan:A1#71"]
    after, public, _ = told(NIPPON_GAME, state, "N3@HO1.1")  # +1 then 3: Honolulu on Japan's +3 square
    assert "Japan wins the Honolulu campaign on its +3 square: 3 VP" in public
    assert after.decision["kind"] == "fx"
    assert NIPPON_GAME.describe_action(after, "fx:HO1.3") == (
        "Japan carries out propaganda 1 of Honolulu space 3 (won campaign)")
    after, public, _ = told(NIPPON_GAME, after, "fx:HO1.3")
    assert "The New York campaign opens: the only one that can" in public
    assert "Markers: New York 3 toward Japan (was in the centre)" in public


def test_solo_narration_names_the_stratagem_and_why_the_bot_placed():
    state = GAME.new_game(1, {"mode": "solo", "difficulty": "easy"})
    lines = []
    while len(state.actions) < 12:
        after = state.apply(state.legal_actions()[0])
        lines += [text for text, _ in GAME.narrate(state, after)]
        state = after
    assert any(line.startswith("Axis places") and ". Why: " in line for line in lines)
    assert any(line.startswith("The solo module draws the stratagem ") and " and rolls " in line for line in lines)
