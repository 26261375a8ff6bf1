"""The solo module: set-up, stratagems, every priority rule, bot effects, and whole games."""

import json
import subprocess
import sys

import pytest

from game_core import IllegalAction
from game_core.blitzkrieg import GAME, render
from game_core.blitzkrieg.data import kind_of
from game_core.rng import Rng

AXIS, ALLIES = "axis", "allies"


def solo(seed=1, difficulty="easy"):
    """A solo game past the set-up, the Axis (bot) to play."""
    state = GAME.new_game(seed, {"mode": "solo", "difficulty": difficulty})
    while state.decision and state.decision["kind"] == "setup":
        state = state.apply(state.legal_actions()[0])
    return state


def take(state, seat, kind):
    for pile in (state.bags[seat], state.reserves[seat], state.research):
        for token in pile:
            if kind_of(token) == kind and token.startswith((seat, "sw:")):
                pile.remove(token)
                return token
    raise AssertionError(f"no {kind} left for {seat}")


def arrange(state, row, stratagem="secure", die=1, markers=None, vp=(0, 0)):
    """Give the bot exactly `row` (left to right), a stratagem and a die; reset the tracks."""
    state.bags[AXIS] = sorted(state.bags[AXIS] + [t for t in state.reserves[AXIS] if t.startswith(AXIS)])
    state.research += [t for t in state.reserves[AXIS] if t.startswith("sw:")]
    state.reserves[AXIS] = []
    state.reserves[AXIS] = [take(state, AXIS, kind) for kind in row]
    state.solo.update(stratagem=stratagem, drawn=stratagem, die=die)
    state.markers = {code: 0 for code in state.markers}
    state.markers.update(markers or {})
    state.vp = {AXIS: vp[0], ALLIES: vp[1]}
    return state


def occupy(state, *sids):
    for sid in sids:
        state.spaces[sid] = f"allies:A1#x{sid}"
        state.placed_by[sid] = ALLIES


def close(state, *cids):
    for cid in cids:
        occupy(state, *state.index.campaigns[cid]["spaces"])
        state.closed_campaigns[cid] = None


FIVE = ["F1", "F1", "F1", "F2", "F2"]
FOUR = ["F1", "F1", "F2", "F2"]


def choice(state):
    action, why, _ = state.bot_choice()
    return action, why


# -- set-up and stratagem draws -----------------------------------------------------------
@pytest.mark.parametrize("difficulty,total", [("easy", 3), ("medium", 6), ("hard", 8)])
def test_difficulty_pushes_tracks_toward_the_bot(difficulty, total):
    for seed in range(30):
        state = solo(seed, difficulty)
        assert sum(state.markers.values()) == total
        assert all(m >= 0 for m in state.markers.values())
        assert len(state.reserves[AXIS]) == 5 and len(state.reserves[ALLIES]) == 3


def test_a_six_lets_the_player_choose_the_theater():
    seed = next(s for s in range(100) if 6 in GAME.new_game(s, {"mode": "solo"}).solo["rolls"])
    state = GAME.new_game(seed, {"mode": "solo"})
    assert state.to_play == ALLIES and state.legal_actions() == [f"setup:{c}" for c in state.index.theaters]
    before = state.markers["SA"]
    state = state.apply("setup:sa")
    assert state.actions[-1] == "setup:SA" and state.markers["SA"] >= before + 2 - 0


def test_steamroll_is_out_at_first_and_repeats_the_previous_stratagem():
    state = solo(3)
    assert state.solo["drawn"] != "steamroll" and "steamroll" in state.solo["cup"]
    assert state.solo["drawn"] not in state.solo["cup"]
    state.solo["cup"] = ["steamroll"]
    state.solo.update(drawn="secure", stratagem="secure")
    state._begin_bot_turn()
    assert state.solo["drawn"] == "steamroll" and state.solo["stratagem"] == "secure"
    assert state.solo["cup"] == ["secure"]


def test_never_the_same_stratagem_twice_in_a_row():
    state, rng = solo(5), Rng(9)
    drawn = [state.solo["drawn"]]
    while not state.is_over and len(drawn) < 40:
        state = state.apply(rng.choice(state.legal_actions()))
        if state.turn == AXIS and not state.decision and state.solo["drawn"] != drawn[-1]:
            drawn.append(state.solo["drawn"])
    assert all(a != b for a, b in zip(drawn, drawn[1:]))


# -- theater priorities -------------------------------------------------------------------
def test_theater_1_close_and_win_a_theater():
    state = arrange(solo(), ["F2", "A1", "N1", "A1", "N1"], markers={"SA": 9})
    action, why = choice(state)
    assert action.split("@")[1].startswith("SA") and "close and win the theater" in why


def test_theater_2_close_and_win_a_campaign():
    state = arrange(solo(), ["N1", "N2", "N3", "N1", "N2"])
    occupy(state, "PO1.1")
    action, why = choice(state)
    assert action == "N1@PO1.2" and "close and win a campaign" in why


@pytest.mark.parametrize("stratagem,setup,theater,words", [
    ("counterattack", {"markers": {"EE": -3}}, "EE", "Allies lead"),
    ("secure", {"markers": {"AM": 2}}, "AM", "Axis leads"),
    ("economic_warfare", {"occupy": ("WE1.1", "PO1.1"), "markers": {"PO": -6}}, "EE", "production or bombing"),
    ("research_development", {"occupy": ("WE1.2", "PO1.2"), "markers": {"PO": -6}}, "AM", "research open"),
    ("for_the_glory", {}, "AM", "worth the most VP"),
    ("for_the_glory", {"won": "AM", "occupy": ("WE1.3",)}, "SA", "propaganda open"),
])
def test_theater_3_stratagem_rules(stratagem, setup, theater, words):
    state = arrange(solo(), ["F1", "F1", "F2", "F2", "F1"], stratagem, markers=setup.get("markers"))
    occupy(state, *setup.get("occupy", ()))
    if "won" in setup:
        state.closed_theaters[setup["won"]] = ALLIES
    action, why = choice(state)
    assert action.split("@")[1].startswith(theater) and words in why, why


def test_theater_4_most_empty_spaces():
    state = arrange(solo(), ["F1", "F1", "F2", "F2", "F1"], "big_guns")
    action, why = choice(state)
    assert action.split("@")[1].startswith("AM") and "most empty spaces" in why


def test_theater_5_highest_vp_campaign():
    state = arrange(solo(), ["F1", "F1", "F2", "F2", "F1"], "rapid_deployment")
    occupy(state, "AM1.1")
    action, why = choice(state)
    assert action.split("@")[1].startswith("AM") and "worth the most VP" in why


def test_theater_6_board_order():
    state = arrange(solo(), ["F1", "F1", "F2", "F2", "F1"], "rapid_deployment")
    occupy(state, "AM1.1", "AM1.2")
    action, why = choice(state)
    assert action.split("@")[1].startswith("WE") and "board order" in why


# -- space priorities ---------------------------------------------------------------------
def space(state, theater):
    return state.space_choice(state.bot_options(theater))


def test_space_1_closes_and_wins():
    state = arrange(solo(), ["A1", "A1"], markers={"EE": 12})
    assert space(state, "EE") == ("EE1.1", "it closes and wins a theater or campaign")


@pytest.mark.parametrize("row,expected", [(["A1", "A1", "A1", "A2", "A2"], "WE2.1"), (["A1", "A1", "A2", "A2"], "WE2.2")])
def test_space_2_economic_warfare(row, expected):
    state = arrange(solo(), row, "economic_warfare")
    close(state, "WE1")
    sid, why = space(state, "WE")
    assert sid == expected and "Economic Warfare" in why


def test_space_2_for_the_glory():
    state = arrange(solo(), FIVE, "for_the_glory")
    assert space(state, "WE") == ("WE1.3", "For the Glory wants propaganda")


@pytest.mark.parametrize("row,vp,prep,theater,expected,words", [
    (FIVE, (20, 0), (), "WE", "WE1.3", "20 VP or more"),
    (FIVE, (0, 0), (), "AM", "AM1.1", "strategic advantage"),
    (FIVE, (0, 3), (), "WE", "WE1.3", "Allies lead by 3"),
    (FOUR, (0, 0), (), "WE", "WE1.1", "4 units or fewer"),
    (FIVE, (0, 0), (), "WE", "WE1.2", "research"),
    (FIVE, (0, 0), ("WE1",), "WE", "WE2.1", "bombing"),
    (FIVE, (0, 0), (), "EE", "EE1.1", "tactical advantage"),
    (FIVE, (0, 0), ("WE1", "WE2.1"), "WE", "WE2.2", "production comes next"),
    (FIVE, (0, 0), ("SA1", "SA2.1"), "SA", "SA2.2", "propaganda comes next"),
])
def test_space_3_priority_list(row, vp, prep, theater, expected, words):
    state = arrange(solo(), row, vp=vp)
    for item in prep:
        (close if "." not in item else occupy)(state, item)
    sid, why = space(state, theater)
    assert sid == expected and words in why, why


def test_space_4_leftmost():
    state = arrange(solo(), FIVE)
    occupy(state, "SA1.3")
    assert space(state, "SA") == ("SA1.1", "it is the leftmost")


# -- unit priorities ----------------------------------------------------------------------
def unit(state, sid):
    options = [o for o in state.bot_options(state.index.spaces[sid]["theater"]) if o.sid == sid]
    option, why = state.unit_choice(options)
    return option.kind, why


@pytest.mark.parametrize("row,stratagem,die,markers,prep,sid,expected,words", [
    (["A1", "A3"], "secure", 1, {"WE": 11}, (), "WE1.3", "A3", "wins the theater"),
    (["A1", "A3"], "secure", 1, {"WE": -2}, ("WE1.1", "WE1.2"), "WE1.3", "A3", "wins the campaign"),
    (["A1", "EA", "A2"], "big_guns", 1, {}, (), "WE1.2", "EA", "special weapons"),
    (["BA", "EA"], "big_guns", 1, {"WE": -2}, (), "WE1.2", "EA", "greatest change"),
    (["A1", "A3", "A2"], "counterattack", 1, {}, (), "WE1.2", "A3", "greatest change"),
    (["A2", "A3", "A1"], "rapid_deployment", 3, {}, (), "WE1.2", "A2", "leftmost"),
    (["N1", "EN", "N2"], "research_development", 1, {}, (), "WE1.1", "EN", "special weapon"),
    (["A1", "EA", "A2"], "research_development", 1, {}, (), "WE1.2", "A1", "die rolled 1"),
    (["BF", "A1"], "secure", 1, {}, ("WE1",), "WE2.3", "A1", "blank space"),
    (["BA", "A1"], "secure", 1, {"WE": -5}, ("WE1.1", "WE1.2"), "WE1.3", "A1", "no blitz unit"),
    (["A1", "A3", "A2"], "secure", 1, {}, (), "WE1.2", "A3", "strongest"),
    (["A1", "A3", "A2"], "secure", 5, {}, (), "WE1.2", "A3", "die rolled 5"),
    (["A1", "A3", "A2"], "secure", 3, {}, (), "WE1.2", "A2", "die rolled 3"),
])
def test_unit_rules(row, stratagem, die, markers, prep, sid, expected, words):
    state = arrange(solo(), row, stratagem, die, markers, vp=(20, 0) if words == "strongest" else (0, 0))
    for item in prep:
        (close if "." not in item else occupy)(state, item)
    kind, why = unit(state, sid)
    assert kind == expected and words in why, why


def test_greatest_change_for_strategic_advantage():
    state = arrange(solo(), ["F2", "F2", "F1"], markers={"WE": -1, "PO": 3, "EE": 0})
    state.decision = {"kind": "sa", "amount": 3, "from": "AM"}
    assert state.bot_choice()[0] == "sa:WE"  # Allied lead turned into an Axis lead comes first
    state.markers["WE"] = -5
    assert state.bot_choice()[0] == "sa:EE"  # then a tie turned into an Axis lead


# -- the bot's effects and the human's bombing ----------------------------------------------
def test_production_adds_to_the_end_of_the_row():
    state = arrange(solo(), ["N1", "A1", "A2"], "economic_warfare")
    row_before = list(state.reserves[AXIS])
    assert state.legal_actions() == ["N1@WE1.1"]
    after = state.apply("N1@WE1.1")  # industrial production, then the end-of-turn draw
    assert after.reserves[AXIS][:2] == row_before[1:] and len(after.reserves[AXIS]) == 4


def test_research_goes_to_the_bag_and_research_industry_to_the_end_of_the_row():
    state = arrange(solo(), ["A1", "F1"])
    state._step_effect("R", "WE")
    assert any(t.startswith("sw:") for t in state.bags[AXIS]) and len(state.reserves[AXIS]) == 2
    state._step_effect("RI", "WE")
    assert state.reserves[AXIS][2].startswith("sw:")


def test_scientist_is_a_strength_3_airforce():
    state = arrange(solo(), ["SCI"], "secure")
    action = state.legal_actions()[0]
    after = state.apply(action)
    while after.to_play == AXIS:
        after = after.apply(after.legal_actions()[0])
    theater = after.index.spaces[action.split("@")[1]]["theater"]
    assert after.markers[theater] >= 3


def test_blitz_repeats_in_the_same_theater():
    state = arrange(solo(), ["BF", "A1", "N1"], "rapid_deployment")
    after = state.apply(state.legal_actions()[0])
    theater = after.index.spaces[after.actions[-1].split("@")[1]]["theater"]
    assert after.actions[-1].startswith("BF@")
    while after.decision["kind"] == "sa":  # the space's strategic advantage comes first
        after = after.apply(after.legal_actions()[0])
    assert after.decision["kind"] == "blitz" and after.legal_actions()[0].split("@")[1].startswith(theater)


def test_human_bombing_chooses_a_regular_unit_of_the_row():
    state = arrange(solo(), ["EA", "A2", "N1", "A1"], "secure")
    close(state, "WE1")
    state.turn = ALLIES
    state.reserves[ALLIES] = [take(state, ALLIES, "A1")]
    after = state.apply("A1@WE2.1")
    assert after.to_play == ALLIES and after.legal_actions() == ["bomb:2", "bomb:3", "bomb:4"]
    with pytest.raises(IllegalAction, match="regular unit"):
        after.apply("bomb:1")  # the elite army is a special weapon
    done = after.apply("bomb: 3")
    assert [kind_of(t) for t in done.reserves[AXIS][:3]] == ["EA", "A2", "A1"]
    assert any(kind_of(t) == "N1" for t in done.bags[AXIS])
    assert GAME.describe_action(after, "bomb:3") == (
        "Allies bomb the Axis navy (1), 3rd from the left of its row back into its bag")


def test_human_bombing_chooses_which_copy_of_a_unit():
    """Solo rules: "select one non-special weapon in the AI bot's unit row (your choice)". The row's order
    drives the bot's die and Rapid Deployment, so which copy goes matters (issue 19, departure 2)."""
    state = arrange(solo(), ["A1", "N1", "A1", "A2"], "secure")
    close(state, "WE1")
    state.turn = ALLIES
    state.reserves[ALLIES] = [take(state, ALLIES, "A1")]
    after = state.apply("A1@WE2.1")
    assert after.legal_actions() == ["bomb:1", "bomb:2", "bomb:3", "bomb:4"]
    right = after.apply("bomb:3")
    assert [kind_of(t) for t in right.reserves[AXIS][:3]] == ["A1", "N1", "A2"]
    left = after.apply("bomb:1")
    assert [kind_of(t) for t in left.reserves[AXIS][:3]] == ["N1", "A1", "A2"]
    # identical units side by side leave the same row whichever goes: only the first is offered
    twins = arrange(solo(), ["A1", "A1", "N1"], "secure")
    assert twins.bomb_choices() == [1, 3]


def test_axis_moves_are_forced_and_others_rejected():
    state = solo(2)
    forced = state.legal_actions()
    assert len(forced) == 1
    other = next(a for a in state.placements(AXIS) if a != forced[0])
    with pytest.raises(IllegalAction, match="solo module"):
        state.apply(other)
    assert GAME.describe_action(state, forced[0]).startswith("Axis places")


# -- whole games ----------------------------------------------------------------------------
def random_game(seed):
    state, rng = GAME.new_game(seed, {"mode": "solo", "difficulty": ("easy", "medium", "hard")[seed % 3]}), Rng(seed)
    while not state.is_over:
        actions = state.legal_actions()
        if state.turn == AXIS and not (state.decision and state.decision["kind"] in ("setup", "bomb")):
            assert len(actions) == 1
        assert all(GAME.parse_action(state, a) == a for a in actions)
        state = state.apply(rng.choice(actions))
        tokens = [t for pile in (*state.bags.values(), *state.reserves.values(), state.research) for t in pile]
        assert len(tokens) + len(state.spaces) == 60 and len(set(tokens)) == len(tokens)
    return state


def test_random_solo_games_finish_deterministically_and_round_trip():
    for seed in range(150):
        final = random_game(seed)
        assert final.winner in (AXIS, ALLIES)
        if seed % 25 == 0:
            again = GAME.replay(seed, final.options, final.actions)
            assert again.to_json() == final.to_json()
            assert GAME.from_json(final.to_json()).to_json() == final.to_json()
            view = final.view(ALLIES)["state"]
            assert view["reserves"][AXIS] == final.reserves[AXIS] and view["research"] == {"hidden": len(final.research)}


def test_render_shows_the_row_stratagem_and_reason():
    state = solo(4)
    state = state.apply(state.legal_actions()[0])
    while state.to_play == AXIS:
        state = state.apply(state.legal_actions()[0])
    svg = render(state.view(ALLIES), {"interactive": True})
    assert "Axis row, left to right" in svg and "Stratagem drawn" in svg and "Why" not in svg
    assert state.solo["last"]["reason"].split(":")[0] in svg and 'data-action="' in svg


def test_simulate_cli_solo():
    result = subprocess.run([sys.executable, "-m", "game_core", "simulate", "blitzkrieg", "--games", "10",
                             "--seed", "1", "--options", json.dumps({"mode": "solo"}), "--json"],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr


def test_solo_only_options_show_only_in_solo_mode():
    difficulty = next(option for option in GAME.options if option.name == "difficulty")
    assert difficulty.needs == ("mode", "solo")
