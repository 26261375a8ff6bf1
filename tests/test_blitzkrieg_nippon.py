"""Blitzkrieg!: Nippon Expansion: rule scenarios from the rulebook, then many seeded random games."""

import json
import re
import subprocess
import sys

import pytest

from game_core import IllegalAction, games
from game_core.blitzkrieg import GAMES, render, status_text, tray
from game_core.blitzkrieg.data import JAPAN_TOKENS, NIPPON, UNITS
from game_core.rng import Rng

NIPPON_GAME = GAMES[0]
JAPAN, GERMANY = "japan", "germany"


def fresh(turn=JAPAN, **reserves):
    """A new game with chosen reserves (kind lists) and empty bags, so scenarios draw nothing."""
    state = NIPPON_GAME.new_game(7)
    state.turn = turn
    for seat in (JAPAN, GERMANY):
        state.bags[seat] = []
        state.reserves[seat] = sorted(f"{'sw' if UNITS[k]['special'] else seat}:{k}#9{n}"
                                      for n, k in enumerate(reserves.get(seat, ["A1"])))
    state.research = []
    return state


def fill(state, *sids, seat=GERMANY):
    for sid in sids:
        state.spaces[sid] = f"{seat}:N1#8"
        state.placed_by[sid] = seat


# -- the registry and setup ------------------------------------------------------------------
def test_registered_with_japan_first_and_the_four_starting_campaigns():
    assert games.get("blitzkrieg-nippon") is NIPPON_GAME
    assert NIPPON_GAME.seats == (JAPAN, GERMANY)
    state = NIPPON_GAME.new_game(1)
    assert state.to_play == JAPAN
    assert state.opened == ["HO", "SE", "JA", "BO"]
    assert {a.split("@")[1][:2] for a in state.legal_actions()} <= {"HO", "SE", "JA", "BO"}
    assert all(len(state.reserves[seat]) == 3 for seat in (JAPAN, GERMANY))


def test_tokens_and_research_pile():
    state = NIPPON_GAME.new_game(1)
    japan = state.bags[JAPAN] + state.reserves[JAPAN]
    germany = state.bags[GERMANY] + state.reserves[GERMANY]
    assert len(japan) == len(germany) == 22
    assert any(t.startswith("japan:GZ#") for t in japan) and not any(":GZ#" in t for t in germany)
    kinds = [t.split(":")[1].split("#")[0] for t in japan]
    # designed for balance: Godzilla, an airforce and a strength-2 army instead of the general,
    # the blitz airforce and a strength-3 army
    assert "GEN" not in kinds and "BF" not in kinds
    assert (kinds.count("GZ"), kinds.count("F1"), kinds.count("A2"), kinds.count("A3")) == (1, 4, 3, 1)
    assert len(state.research) == 18 and {"sw:PA#1", "sw:IL#1"} <= set(state.research)
    assert sum(t["count"] for t in JAPAN_TOKENS) == 22 and all(t["source"] for t in JAPAN_TOKENS)
    off = NIPPON_GAME.new_game(1, {"partisans": False, "inspired_leadership": False})
    assert len(off.research) == 16


def test_map_data_is_15_connected_designed_campaigns():
    theaters = NIPPON["theaters"]
    assert len(theaters) == 15 and all(len(t["campaigns"]) == 1 for t in theaters)
    assert all(t["source"] == "designed" and t["campaigns"][0]["source"] == "designed" for t in theaters)
    assert all(re.fullmatch(r"[A-Z]{2}", t["code"]) for t in theaters)
    assert {"cities": ("NY", "BO"), "source": "rulebook"} in NIPPON["links"]
    codes = {t["code"] for t in theaters}
    reached, frontier = {"HO"}, ["HO"]
    while frontier:
        code = frontier.pop()
        for link in NIPPON["links"]:
            a, b = link["cities"]
            for nxt in ((b,) if a == code else (a,) if b == code else ()):
                if nxt not in reached:
                    reached.add(nxt)
                    frontier.append(nxt)
    assert reached == codes


def test_unopened_campaigns_take_no_units():
    state = fresh(japan=["A1"])
    with pytest.raises(IllegalAction, match="not been opened"):
        state.apply("A1@NY1.2")


# -- closing a campaign --------------------------------------------------------------------------
def test_filling_the_last_space_scores_for_the_marker_side_and_the_filler_opens_a_neighbour():
    state = fresh(JAPAN, japan=["A1"])
    fill(state, "BO1.1", "BO1.2")
    state = state.apply("A1@BO1.3")  # propaganda 1, marker to Japan 1: Japan scores Boston's 3
    assert state.closed_theaters["BO"] == JAPAN and state.vp[JAPAN] == 1 + 3
    assert state.to_play == JAPAN and sorted(state.legal_actions()) == ["open:DT", "open:NY"]
    state = state.apply("open:dt")
    assert state.opened[-1] == "DT" and state.markers["DT"] == 0 and state.to_play == GERMANY


def test_boston_example_marker_on_plus_two_opens_new_york_two_squares_toward_germany():
    state = fresh(GERMANY, germany=["A2"])
    fill(state, "BO1.1", "BO1.2")
    state.markers["BO"] = 3
    state = state.apply("A2@BO1.3")  # marker to 5 of 6: the +2 square
    assert state.closed_theaters["BO"] == GERMANY and state.vp[GERMANY] == 1 + 3
    state = state.apply("open:NY")
    assert state.markers["NY"] == 2


def test_reaching_the_end_squares_closes_with_unoccupied_effects_and_shifted_new_marker():
    state = fresh(JAPAN, japan=["N3"], germany=["A1", "A2"])
    state.markers["HO"] = -1
    state = state.apply("N3@HO1.1")  # tactical advantage 1, then 3: marker -5, the +2 square of a 6-track
    assert state.closed_theaters["HO"] == JAPAN and state.vp[JAPAN] == 3  # Honolulu's VP
    # the unoccupied spaces' effects, in the order Japan picks: propaganda 1, research (pile empty)
    assert sorted(state.legal_actions()) == ["fx:HO1.2", "fx:HO1.3"]
    state = state.apply("fx:HO1.3")
    assert state.vp[JAPAN] == 3 + 1
    assert sorted(state.legal_actions()) == ["open:LA", "open:SF"]  # Seattle is already open
    state = state.apply("open:SF")
    assert state.markers["SF"] == -2 and state.to_play == GERMANY


def test_only_when_every_neighbour_is_taken_may_any_unopened_campaign_open():
    state = fresh(JAPAN, japan=["N3"])
    state.opened += ["SF", "LA"]
    fill(state, "HO1.2", "HO1.3")
    state = state.apply("N3@HO1.1")
    unopened = sorted(c for c in state.index.theaters if c not in state.opened)
    assert sorted(a[5:] for a in state.legal_actions()) == unopened and len(unopened) == 9
    with pytest.raises(IllegalAction, match="already been opened"):
        state.apply("open:SE")


def test_strategic_advantage_stops_short_of_the_end_squares():
    state = fresh(JAPAN, japan=["A3"])
    state.opened.append("SF")
    state.markers["HO"] = -2
    fill(state, "SF1.1", "SF1.2")
    state = state.apply("A3@SF1.3")  # strategic advantage +2
    assert "sa:HO" in state.legal_actions()
    state = state.apply("sa:HO")  # -4 would be Honolulu's +1 square: it stops at -3
    assert state.markers["HO"] == -3 and "HO" not in state.closed_theaters


# -- the new units --------------------------------------------------------------------------------
def test_godzilla_is_army_and_navy_strength_4():
    state = fresh(JAPAN, japan=["GZ", "GZ"])
    state.opened.append("KC")
    assert {"GZ@HO1.1", "GZ@SE1.3", "GZ@SE1.2"} <= set(state.legal_actions())  # sea, land, land/sea
    after = state.apply("GZ@KC1.1")
    assert after.markers["KC"] == -4 and "KC" not in after.closed_theaters


def test_generals_and_admirals_ignore_godzilla():
    state = fresh(JAPAN, japan=["ADM"])
    state.spaces["HO1.1"] = "japan:GZ#1"
    state.placed_by["HO1.1"] = JAPAN
    assert state.apply("ADM@HO1.3").markers["HO"] == -1  # the admiral counts only itself


@pytest.mark.parametrize("marker, strength", [(0, 1), (-2, 1), (2, 3)])
def test_partisans_strength_depends_on_the_side_the_marker_is_on(marker, strength):
    state = fresh(JAPAN, japan=["PA"])
    state.markers["SE"] = marker
    assert state.apply("PA@SE1.3").markers["SE"] == marker - strength


def test_inspired_leadership_any_space_strength_1_effect_twice():
    state = fresh(JAPAN, japan=["IL"])
    assert {"IL@HO1.1", "IL@SE1.3", "IL@BO1.3"} <= set(state.legal_actions())
    assert not any("@NY" in a for a in state.legal_actions())
    after = state.apply("IL@HO1.3")  # propaganda 1, twice
    assert after.vp[JAPAN] == 2 and after.markers["HO"] == -1


# -- the end of the war ---------------------------------------------------------------------------
def test_japan_reaching_25_gives_germany_a_last_turn_and_germany_wins_ties():
    state = fresh(JAPAN, japan=["A1", "A1"], germany=["A1", "A1"])
    state.vp = {JAPAN: 24, GERMANY: 24}
    state = state.apply("A1@HO1.3")
    assert state.vp[JAPAN] == 25 and state.to_play == GERMANY and state.final_turn()
    assert "final turn" in status_text(state.view(GERMANY))
    tie = state.apply("A1@BO1.3")
    assert tie.winner == GERMANY and tie.vp == {JAPAN: 25, GERMANY: 25}
    lost = state.apply("A1@SE1.3")
    assert lost.winner == JAPAN and "Japan wins" in status_text(lost.view(None))


def test_germany_reaching_25_wins_at_once():
    state = fresh(GERMANY, germany=["A1"])
    state.vp = {JAPAN: 0, GERMANY: 24}
    state = state.apply("A1@BO1.3")
    assert state.winner == GERMANY


def test_a_player_who_cannot_place_loses():
    state = fresh(GERMANY, germany=["A1"])
    state.reserves[JAPAN] = []
    assert state.apply("A1@BO1.3").winner == GERMANY


# -- notation, descriptions, illegal actions --------------------------------------------------------
def test_open_notation_and_descriptions():
    assert NIPPON_GAME.parse_action(None, " OPEN : ny ") == "open:NY"
    with pytest.raises(IllegalAction, match="open:CITY"):
        NIPPON_GAME.parse_action(None, "open:newyork")
    with pytest.raises(IllegalAction, match="solo module"):
        NIPPON_GAME.parse_action(None, "setup:HO")
    state = fresh(JAPAN, japan=["GZ"])
    assert NIPPON_GAME.describe_action(state, "GZ@HO1.1") == "Japan places Godzilla (4) on Honolulu space 1 (tactical advantage 1)"
    with pytest.raises(IllegalAction, match="only when another one closes"):
        state.apply("open:NY")


# -- many seeded random games ------------------------------------------------------------------------
def play(seed, check=None, options=None):
    rng = Rng.from_seed(seed, "nippon-test")
    state = NIPPON_GAME.new_game(seed, options)
    while not state.is_over:
        new = state.apply(rng.choice(state.legal_actions()))
        if check:
            check(state, new)
        state = new
    return state


def check_invariants(before, state):
    state.check_invariants()
    assert state.vp[JAPAN] >= before.vp[JAPAN] and state.vp[GERMANY] >= before.vp[GERMANY]
    assert state.is_over == (state.legal_actions() == [])


@pytest.mark.parametrize("games", [150, pytest.param(1000, marks=pytest.mark.long)])  # CI: a sample; the long set: all
def test_invariants_over_1000_random_games(games):
    wins = {JAPAN: 0, GERMANY: 0}
    for seed in range(games):
        state = play(seed, check_invariants if seed < 150 else None)
        wins[state.winner] += 1
    assert wins[JAPAN] > games / 4 and wins[GERMANY] > games / 4


def test_determinism_and_save_round_trip():
    for seed in range(5):
        a, b = play(seed), play(seed)
        assert a.to_json() == b.to_json()
        loaded = NIPPON_GAME.from_json(a.to_json())
        assert loaded.to_json() == a.to_json()


def test_mid_game_round_trip_notation_and_illegal_actions_leave_state_unchanged():
    rng = Rng.from_seed(11, "nippon-notation")
    for seed in range(8):
        state = NIPPON_GAME.new_game(seed)
        while not state.is_over:
            legal = state.legal_actions()
            for action in legal:
                assert NIPPON_GAME.parse_action(state, str(action)) == action
            before = state.to_json()
            for bad in ("A1@NY1.9", "open:ZZ", "sa:HO", "pass", "GZ@CH1.1"):
                if bad not in legal:
                    with pytest.raises(IllegalAction):
                        state.apply(bad)
            assert state.to_json() == before
            restored = NIPPON_GAME.from_json(before)
            assert restored.to_json() == before
            state = state.apply(rng.choice(legal))


def test_redaction_hides_the_opponent_and_research():
    state = NIPPON_GAME.new_game(3)
    view = state.view(JAPAN)["state"]
    assert view["reserves"][GERMANY] == {"hidden": 3} and view["research"] == {"hidden": 18}
    assert view["bags"][GERMANY] == {"hidden": len(state.bags[GERMANY])}
    assert "rng" not in view and view["opened"] == ["HO", "SE", "JA", "BO"]
    assert view["reserves"][JAPAN] == state.reserves[JAPAN]


# -- the SVG map ----------------------------------------------------------------------------------
def actions_in(svg):
    return re.findall(r'data-action="([^"]+)"', svg)


def test_clicking_the_board_plays_a_game_to_the_end():
    rng = Rng.from_seed(5, "nippon-click")
    for seed in range(5):
        state, ui = NIPPON_GAME.new_game(seed), {}
        while not state.is_over:
            view = state.view(state.to_play)
            svg = render(view, ui)
            assert svg.startswith("<svg") and svg.endswith("</svg>")
            controls = tray(view, ui)  # the page shows the current decision's controls beside the board
            shown = actions_in(svg) + [entry["action"] for entry in controls if entry["action"]]
            assert shown and set(shown) <= set(state.legal_actions())
            commands = [entry["command"].removeprefix("ui:token=") for entry in controls
                        if (entry["command"] or "").startswith("ui:token=")]
            if commands and rng.below(3) == 0:
                ui["token"] = rng.choice(commands)
                continue
            state = state.apply(rng.choice(shown))
        assert "wins" in status_text(state.view(None))


def test_map_shows_unopened_open_and_closed_cities_and_open_choices():
    state = fresh(JAPAN, japan=["A1"])
    fill(state, "BO1.1", "BO1.2")
    state = state.apply("A1@BO1.3")
    svg = render(state.view(JAPAN), {})
    assert "Boston (3 VP): won by Japan" in svg
    assert "New York (4 VP): not opened yet" not in svg  # it is a choice: drawn as a button
    assert sorted(actions_in(svg)) == ["open:DT", "open:NY"]
    assert "Chicago (7 VP): not opened yet" in svg and "Seattle (3 VP): open" in svg
    assert "choose the campaign to open" in status_text(state.view(JAPAN))
    assert actions_in(render(state.view(GERMANY), {})) == []


def test_simulate_cli():
    out = subprocess.run([sys.executable, "-m", "game_core", "simulate", "blitzkrieg-nippon",
                          "--games", "20", "--seed", "1", "--json"], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert result["finished"] == 20 and result["errors"] == 0
