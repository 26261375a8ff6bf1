"""The solo module at its edges, each written to kill a mutant that lived (docs/mutation.md): the exact refusal
at each moment of a solo game and the log's words for the Allies' choices and the bot's placements.
Rules from shared/rules/blitzkrieg.txt (the solo module)."""

import pytest

from game_core.blitzkrieg import GAME
from game_core.blitzkrieg.data import kind_of
from game_core.blitzkrieg.solo import change_rank
from game_core.blitzkrieg.words import event_words
from game_core.engine import IllegalAction
from test_blitzkrieg_solo import ALLIES, AXIS, FIVE, FOUR, arrange, close, occupy, solo, take


def refusal(state, action) -> str:
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    return str(err.value)


def rolled_a_six():
    """A solo game whose set-up roll was a 6: the Allies choose the theater it pushes."""
    seed = next(s for s in range(100) if 6 in GAME.new_game(s, {"mode": "solo"}).solo["rolls"])
    state = GAME.new_game(seed, {"mode": "solo"})
    assert state.decision["kind"] == "setup" and state.to_play == ALLIES
    return state


def bombing():
    """The Allies placed on a bombing space: they choose the unit of the bot's row that goes back."""
    state = arrange(solo(), ["EA", "A2", "N1", "A1"], "secure")
    close(state, "WE1")
    state.turn = ALLIES
    state.reserves[ALLIES] = [take(state, ALLIES, "A1"), take(state, ALLIES, "N1")]
    state = state.apply("A1@WE2.1")
    assert state.decision == {"kind": "bomb"} and state.legal_actions() == ["bomb:2", "bomb:3", "bomb:4"]
    return state


def allies_to_place():
    state = arrange(solo(), ["A1", "N1"], "secure")
    state.turn = ALLIES
    state.reserves[ALLIES] = [take(state, ALLIES, "A1")]
    return state


def test_each_solo_moment_is_refused_with_its_own_reason():
    # Set-up: on a 6 "you choose the theater"; nothing else happens until it is chosen.
    six = rolled_a_six()
    for action in ("A1@WE1.2", "pass", "bomb:1"):
        assert refusal(six, action) == "First choose the theater for the difficulty roll of 6 (setup:THEATER)"
    # Bombing the bot: "select one non-special weapon in the AI bot's unit row (your choice)".
    bomb = bombing()
    for action in ("bomb:1", "bomb:9", "N1@PO1.1", "setup:WE"):
        assert refusal(bomb, action) == ("Choose a unit of the Axis row to bomb back into its bag by its place "
                                         "from the left (bomb:1 is the leftmost): a regular unit, unless the "
                                         "row holds only special weapons")
    # Outside those two moments the solo actions have no place.
    place = allies_to_place()
    assert refusal(place, "setup:WE") == "There is no solo set-up or bombing choice to make now"
    assert refusal(place, "bomb:1") == "There is no solo set-up or bombing choice to make now"
    # The Allies' own placements are refused by the base rules.
    assert refusal(place, "A1@WE1.1") == "Armies can only be placed on land or land/sea spaces"
    # The bot's step is the one its priority lists pick.
    bot = solo(2)
    forced = bot.legal_actions()[0]
    other = next(a for a in bot.placements(AXIS) if a != forced)
    assert refusal(bot, other) == f"In solo mode the Axis move is set by the solo module: {forced}"
    assert refusal(bot, "setup:WE") == "There is no solo set-up or bombing choice to make now"


def test_the_log_names_the_allies_solo_choices():
    six = rolled_a_six()
    amount = six.decision["amount"]
    assert GAME.describe_action(six, "setup:PO") == f"Allies choose Pacific Ocean for a set-up roll of 6 (Axis +{amount})"
    bomb = bombing()
    assert GAME.describe_action(bomb, "bomb:2") == ("Allies bomb the Axis army (2), 2nd from the left of its row "
                                                    "back into its bag")


def test_the_log_says_why_the_bot_placed_and_the_allies_placements_in_the_base_words():
    state = arrange(solo(), ["N1", "A1", "A2"], "economic_warfare")
    assert state.legal_actions() == ["N1@WE1.1"]
    why = state.bot_choice()[1]
    assert GAME.describe_action(state, "N1@WE1.1") == f"Axis places a navy (1) on Western Europe 1.1. Why: {why}"
    assert GAME.narrate(state, state.apply("N1@WE1.1"))[0] == (
        f"Axis places a navy (1) on Western Europe 1.1. Why: {why}", None)
    place = allies_to_place()
    assert GAME.describe_action(place, "A1@WE1.2") == "Allies place an army (1) on Western Europe 1.2 (research)"


def test_the_log_names_the_stratagem_drawn_and_the_die():
    # Step A: draw a stratagem and roll the die; Steamroll repeats the previous stratagem.
    state = solo()
    state.solo.update(drawn="big_guns", stratagem="big_guns", die=4)
    assert event_words(state, ("stratagem",)) == [
        ("The solo module draws the stratagem Big Guns and rolls 4 for its unit", None)]
    state.solo.update(drawn="steamroll", stratagem="secure", die=6)
    assert event_words(state, ("stratagem",)) == [
        ("The solo module draws the stratagem Steamroll (it repeats Secure) and rolls 6 for its unit", None)]
    assert event_words(state, ("propaganda", ALLIES, 2)) == [("Propaganda: the Allies score 2 VP", None)]


def test_the_greatest_change_ranks_each_kind_of_move_in_the_solo_modules_order():
    # Greatest change, best first: the Allies' lead becomes the bot's, a tie becomes its lead, the Allies' lead
    # becomes a tie, a larger bot lead grows, a larger Allied lead shrinks, then any other change; within each,
    # the bigger move first (Axis markers count up).
    best_first = [(-3, 2), (-1, 2), (-1, 1), (0, 3), (0, 1), (-3, 0), (-1, 0), (3, 4), (1, 3), (1, 2),
                  (-4, -1), (-4, -3), (-2, -1), (0, 0), (2, 2), (-2, -2), (2, 1)]
    assert sorted(best_first, key=lambda move: change_rank(*move)) == best_first


def test_strategic_advantage_goes_where_it_changes_the_most_but_never_to_its_own_theater():
    state = arrange(solo(), ["A1"], markers={"AM": -1, "PO": -5, "WE": 12, "EE": 1, "SA": 1})
    state.decision = {"kind": "sa", "amount": 3, "from": "AM"}
    # Africa & Middle East would turn the Allies' lead into the bot's, but the advantage came from there;
    # of the bot's leads the largest grows first: Western Europe, up to one short of its last square (12 -> 13).
    assert state.legal_actions() == ["sa:WE"]
    assert state.bot_choice()[1] == "Secure: strategic advantage goes where it changes the most (Western Europe)."
    state.markers["WE"] = 13  # one short of the end: no target any more
    assert state.legal_actions() == ["sa:EE"]
    state.markers.update(EE=-1, SA=-1)  # now only the Allies lead, by 5 in the Pacific and 1 elsewhere
    assert state.legal_actions() == ["sa:EE"]  # -1 -> 2 turns a lead: better than shrinking a larger one


def test_a_row_of_special_weapons_only_may_have_any_of_them_bombed():
    # "If only special weapons remain, the human picks one of those"; twins side by side count once.
    assert arrange(solo(), ["EA", "XF", "EA"]).bomb_choices() == [1, 2, 3]
    assert arrange(solo(), ["EA", "EA", "XF"]).bomb_choices() == [1, 3]


def test_the_log_gives_the_strength_of_the_bots_general():
    # A general counts itself and the bot's armies and airforces in its theater.
    state = arrange(solo(), ["GEN"], "secure")
    state.spaces["AM1.4"], state.placed_by["AM1.4"] = take(state, AXIS, "A1"), AXIS
    assert state.legal_actions() == ["GEN@AM1.1"]
    assert GAME.describe_action(state, "GEN@AM1.1").startswith(
        "Axis places a general (strength 2) on Africa & Middle East 1.1. Why: Secure: Africa & Middle East as ")


@pytest.mark.parametrize("row,line", [
    (["A1"], "Bombing: an army (1) from the Axis's reserve goes back to the bag"),
    (["N2", "N2"], "Bombing: a navy (2) from the Axis's reserve goes back to the bag"),
    ([], "Bombing: the Axis has no unit in reserve to lose"),
])
def test_bombing_a_row_with_one_choice_or_none_needs_no_decision(row, line):
    # The human picks the unit of the bot's row; with one choice (twins side by side are one) it goes at once.
    state = arrange(solo(), row, "secure")
    close(state, "WE1")
    state.turn = ALLIES
    state.reserves[ALLIES] = [take(state, ALLIES, "A1")]
    after = state.apply("A1@WE2.1")
    assert after.decision is None and (after.turn == AXIS or after.is_over)  # no bomb:N asked
    assert [kind_of(t) for t in after.reserves[AXIS]] == row[1:]
    assert line in [text for text, audience in GAME.narrate(state, after) if audience is None]


# -- the bot says which priority decided, in the words of the solo module's lists ----------------------------
def why_theater(row, stratagem="secure", markers=None, occupied=(), won=None):
    state = arrange(solo(), row, stratagem, markers=markers)
    occupy(state, *occupied)
    if won:
        state.closed_theaters[won] = ALLIES
    action, why, _ = state.bot_choice()
    return action, why.split("; ")[0]


SPREAD = ["F1", "F1", "F2", "F2", "F1"]  # airforces fit every space: only the theater rules decide


@pytest.mark.parametrize("setup,action,words", [
    ((["F2", "A1", "N1", "A1", "N1"], "secure", {"SA": 9}), "F2@SA1.3",
     "Secure: South East Asia as it can close and win the theater"),
    ((["N1", "N2", "N3", "N1", "N2"], "secure", None, ("PO1.1",)), "N1@PO1.2",
     "Secure: Pacific Ocean as it can close and win a campaign"),
    ((SPREAD, "counterattack", {"EE": -3}), "F2@EE1.1", "Counterattack: Eastern Europe as a theater where the Allies lead"),
    ((SPREAD, "secure", {"AM": 2}), "F1@AM1.1", "Secure: Africa & Middle East as a theater where the Axis leads"),
    ((SPREAD, "secure", {"WE": 1}), "F1@WE1.2", "Secure: Western Europe as a theater where the Axis leads"),
    ((SPREAD, "economic_warfare", {"PO": -6}, ("WE1.1", "PO1.1")), "F1@EE1.1",
     "Economic Warfare: Eastern Europe as a theater with production or bombing open"),
    ((SPREAD, "economic_warfare", {"PO": -6, "EE": -6}, ("WE1.1", "PO1.2", "EE1.2")), "F1@PO1.1",
     "Economic Warfare: Pacific Ocean as a theater with production or bombing open"),
    ((SPREAD, "research_development", {"PO": -6}, ("WE1.2", "PO1.2")), "F1@AM1.1",
     "Research & Development: Africa & Middle East as a theater with research open"),
    ((SPREAD, "for_the_glory"), "F1@AM1.4", "For the Glory: Africa & Middle East as its campaign is worth the most VP"),
    ((SPREAD, "for_the_glory", None, ("WE1.3",), "AM"), "F1@SA1.1",
     "For the Glory: South East Asia as a theater with propaganda open"),
    ((SPREAD, "big_guns"), "F2@AM1.1", "Big Guns: Africa & Middle East as its open campaign has the most empty spaces"),
    ((SPREAD, "rapid_deployment", None, ("AM1.1",)), "F1@AM1.3",
     "Rapid Deployment: Africa & Middle East as its open campaign is worth the most VP"),
    ((SPREAD, "rapid_deployment", None, ("AM1.1", "AM1.2")), "F1@WE1.2",
     "Rapid Deployment: Western Europe as it comes first in board order"),
])
def test_the_theater_rule_that_decided_is_named(setup, action, words):
    assert why_theater(*setup) == (action, words)


@pytest.mark.parametrize("row,vp,prep,theater,expected,words", [
    (FIVE, (20, 0), (), "WE", "WE1.3", "propaganda comes first at 20 VP or more"),
    (FIVE, (0, 0), (), "AM", "AM1.1", "strategic advantage comes first on its list"),
    (FIVE, (0, 3), (), "WE", "WE1.3", "propaganda comes first when the Allies lead by 3 VP or more"),
    (FIVE, (3, 0), (), "WE", "WE1.2", "research comes next on its list"),  # the Axis leads by 3: no propaganda
    (FOUR, (0, 0), (), "WE", "WE1.1", "production comes first with 4 units or fewer"),
    (FIVE, (0, 0), (), "WE", "WE1.2", "research comes next on its list"),
    (FIVE, (0, 0), ("WE1",), "WE", "WE2.1", "bombing comes next on its list"),
    (FIVE, (0, 0), (), "EE", "EE1.1", "tactical advantage comes next on its list"),
    (FIVE, (0, 0), ("WE1", "WE2.1"), "WE", "WE2.2", "production comes next on its list"),
    (FIVE, (0, 0), ("SA1", "SA2.1"), "SA", "SA2.2", "propaganda comes next on its list"),
])
def test_the_space_rule_that_decided_is_named(row, vp, prep, theater, expected, words):
    state = arrange(solo(), row, vp=vp)
    for item in prep:
        (close if "." not in item else occupy)(state, item)
    assert state.space_choice(state.bot_options(theater)) == (expected, words)


@pytest.mark.parametrize("row,expected", [(["A1", "A1", "A1", "A2", "A2"], "WE2.1"), (["A1", "A1", "A2", "A2"], "WE2.2")])
def test_economic_warfare_names_its_space_rule(row, expected):
    # Economic Warfare: production if the bot has 4 units or fewer, otherwise bombing.
    state = arrange(solo(), row, "economic_warfare")
    close(state, "WE1")
    assert state.space_choice(state.bot_options("WE")) == (
        expected, "Economic Warfare wants production (4 units or fewer) or else bombing")


@pytest.mark.parametrize("row,stratagem,die,markers,prep,sid,expected,words", [
    (["A1", "A3"], "secure", 1, {"WE": 11}, (), "WE1.3", "A3", "it wins the theater"),
    (["A1", "A3"], "secure", 1, {"WE": -2}, ("WE1.1", "WE1.2"), "WE1.3", "A3", "it wins the campaign"),
    (["A1", "EA", "A2"], "big_guns", 1, {}, (), "WE1.2", "EA", "Big Guns prefers special weapons"),
    (["BA", "EA"], "big_guns", 1, {"WE": -2}, (), "WE1.2", "EA", "Big Guns wants the greatest change"),
    (["A1", "A3", "A2"], "counterattack", 1, {}, (), "WE1.2", "A3", "Counterattack wants the greatest change"),
    (["A2", "A3", "A1"], "rapid_deployment", 3, {}, (), "WE1.2", "A2", "Rapid Deployment takes the leftmost unit"),
    (["N1", "EN", "N2"], "research_development", 1, {}, (), "WE1.1", "EN",
     "Research & Development plays a special weapon off research spaces"),
    (["A1", "EA", "A2"], "research_development", 1, {}, (), "WE1.2", "A1", "the die rolled 1"),
    (["BF", "A1"], "secure", 1, {}, ("WE1",), "WE2.3", "A1", "a blank space needs a unit that moves the marker"),
    (["BA", "A1"], "secure", 1, {"WE": -5}, ("WE1.1", "WE1.2"), "WE1.3", "A1",
     "the last space of a campaign takes no blitz unit"),
    (["A1", "A3", "A2"], "secure", 1, {}, (), "WE1.2", "A3", "at 20 VP or more it plays its strongest unit"),
    (["A1", "A3", "A2"], "secure", 5, {}, (), "WE1.2", "A3", "the die rolled 5"),
])
def test_the_unit_rule_that_decided_is_named(row, stratagem, die, markers, prep, sid, expected, words):
    state = arrange(solo(), row, stratagem, die, markers, vp=(20, 0) if "20 VP" in words else (0, 0))
    for item in prep:
        (close if "." not in item else occupy)(state, item)
    options = [o for o in state.bot_options(state.index.spaces[sid]["theater"]) if o.sid == sid]
    option, why = state.unit_choice(options)
    assert (option.kind, why) == (expected, words)


def test_a_stratagem_is_drawn_when_the_bots_turn_begins_and_only_then():
    # Step A of each bot turn: draw a stratagem and roll the die; nothing is drawn on the Allies' turn or after the end.
    state = allies_to_place()
    drawn = dict(state.solo)
    bot_turn = state.apply("A1@WE1.2")
    assert bot_turn.turn == AXIS and ("stratagem",) in bot_turn.events
    assert bot_turn.solo["drawn"] != drawn["drawn"] and drawn["drawn"] in bot_turn.solo["cup"]
    allies_turn = bot_turn
    while allies_turn.turn == AXIS:
        allies_turn = allies_turn.apply(allies_turn.legal_actions()[0])
        assert ("stratagem",) not in allies_turn.events
    assert {k: v for k, v in allies_turn.solo.items() if k != "last"} == {
        k: v for k, v in bot_turn.solo.items() if k != "last"}
    over = arrange(solo(), [], "secure")  # the bot has no unit left: it loses when its turn comes
    over.turn = ALLIES
    over.reserves[ALLIES] = [take(over, ALLIES, "A1")]
    cup = list(over.solo["cup"])
    after = over.apply("A1@WE1.2")
    assert after.winner == ALLIES and after.solo["cup"] == cup and ("stratagem",) not in after.events


def test_the_bot_stays_in_its_theater_for_a_blitz_and_passes_when_nothing_fits():
    # Blitz unit: "repeat step B with the same stratagem in the same theater if possible".
    state = arrange(solo(), ["F1", "A1"], "secure", markers={"SA": 9})  # South East Asia could be won
    state.decision = {"kind": "blitz", "theater": "WE"}
    action, why, _ = state.bot_choice()
    assert action == "F1@WE1.1"
    assert why == ("Secure: Western Europe as the blitz repeats in the same theater; space 1.1 as production "
                   "comes first with 4 units or fewer; an airforce (1) as the only unit that fits.")
    state = arrange(solo(), ["A1", "A2"], "secure")
    state.decision = {"kind": "blitz", "theater": "PO"}  # all sea: no army fits
    assert state.bot_choice() == ("pass", "no unit of its row fits in that theater, so the blitz ends.", None)


def test_the_only_theater_left_is_named_so():
    state = arrange(solo(), ["A1", "A2"], "secure")
    for code in ("WE", "PO", "EE", "AM"):
        state.closed_theaters[code] = ALLIES
    assert state.bot_choice()[1].startswith("Secure: South East Asia as the only theater it can play in; ")


def test_a_won_theaters_effects_are_carried_out_in_board_order():
    state = arrange(solo(), ["F1"], "secure", markers={"WE": 13})
    state = state.apply("F1@WE1.1")  # industrial production, then Western Europe's last square: won
    assert state.decision == {"kind": "fx", "theater": "WE"} and len(state.fx_choices()) > 1
    assert state.legal_actions() == ["fx:WE1.2"]
    assert state.bot_choice() == ("fx:WE1.2", "the closed theater's effects are carried out in board order.", None)


@pytest.mark.parametrize("row", [["BF", "A1"], ["BA", "A1"]])
def test_the_blank_space_and_last_space_rules_apply_only_there(row):
    # Unit rules 3 and 4 ("on a no-effect space: strength > 0", "on the last space of a campaign: not a blitz
    # unit") do not apply on Western Europe 1.2, research and not the last space: the die decides.
    state = arrange(solo(), row, "secure", die=1)
    options = [o for o in state.bot_options("WE") if o.sid == "WE1.2"]
    option, why = state.unit_choice(options)
    assert (option.kind, why) == (row[0], "the die rolled 1")


def test_the_only_space_left_and_a_spy_in_the_bots_row_are_named_so():
    state = arrange(solo(), ["N1", "N2", "N3", "N1", "N2"])
    occupy(state, "PO1.1")
    assert state.bot_choice()[1] == ("Secure: Pacific Ocean as it can close and win a campaign; space 1.2 as the "
                                     "only space it can use; a navy (1) as the die rolled 1.")
    # The bot's spy copies the Allies' last unit, a navy: it goes where a navy may.
    state = arrange(solo(), ["SPY"], "secure")
    state.last_placed[ALLIES] = "N2"
    action = state.legal_actions()[0]
    assert state.index.spaces[action.split("@")[1]]["type"] in ("sea", "land/sea")
    assert GAME.describe_action(state, action).startswith("Axis places the spy copying a navy (2) on ")


def test_the_bot_counts_a_tactical_advantage_except_for_a_task_force():
    # Task force: "ignore the effect of the battle space"; any other unit adds the tactical advantage's squares.
    state = arrange(solo(), ["XA", "A1"], "secure")
    pushes = {o.kind: o.push for o in state.bot_options("EE") if o.sid == "EE1.1"}  # tactical advantage 1
    assert pushes == {"XA": 5, "A1": 2}


def test_a_spy_with_nothing_to_copy_does_not_stop_the_rest_of_the_row():
    state = arrange(solo(), ["SPY", "A1"], "secure")
    state.last_placed[ALLIES] = None  # the Allies have placed nothing yet
    assert {o.kind for o in state.bot_options()} == {"A1"}
    assert state.legal_actions()[0].startswith("A1@")


def test_each_set_up_roll_of_one_to_five_moves_its_own_theater_toward_the_bot():
    # Medium: three rolls, two spaces each; 1-5 name WE, PO, EE, AM, SA (a 6 lets the Allies choose).
    state = GAME.new_game(7, {"mode": "solo"})
    assert state.solo["rolls"] == [2, 1, 5]
    assert state.markers == {"WE": 2, "PO": 2, "EE": 0, "AM": 0, "SA": 2}


def test_while_the_allies_place_a_rolled_six_the_bot_has_drawn_no_stratagem_and_rolled_no_die():
    state = GAME.new_game(0, {"mode": "solo"})
    assert 6 in state.solo["rolls"] and state.decision["kind"] == "setup"
    assert (state.solo["drawn"], state.solo["stratagem"], state.solo["die"]) == (None, None, None)
    assert state.view(ALLIES)["state"]["solo"]["stratagem"] is None


def test_the_bots_draws_are_read_by_everyone_the_allies_by_the_allies_only():
    state = GAME.new_game(7, {"mode": "solo"})  # the bot's row is face up
    assert event_words(state, ("draw", AXIS, ["A2"])) == [("The Axis draws an army (2)", None)]
    assert event_words(state, ("draw", ALLIES, ["A2"])) == [("The Allies draw an army (2)", ALLIES)]
