"""The guided first games of Bitskrieg, Blitzed! and Campaign: Fall Blau: each plays to its end against the
engine, each learner step has its element on the page (laptop and phone layouts) at that moment, its words are
plain, and the rules it claims to teach really happen at the steps whose explanations name them."""

import re
from pathlib import Path

import pytest

from game_core import games
from game_core.bitskrieg.bots import BOTS as BITSKRIEG_BOTS
from game_core.bitskrieg.rules import in_front, sq_parse
from game_core.bitskrieg.tutorial import TUTORIALS as BITSKRIEG
from game_core.blitzed.bots import BOTS as BLITZED_BOTS
from game_core.blitzed.tutorial import TUTORIALS as BLITZED
from game_core.fall_blau.tutorial import TUTORIALS as FALL_BLAU
from game_core.session import HUMAN, Session
from game_core.tutorial import walk

TUTORIALS = {**BITSKRIEG, **BLITZED, **FALL_BLAU}
ROOT = Path(__file__).resolve().parent.parent


def states(name):
    """The state before each step and, last, the state at the end: [state before step 0, ..., final]."""
    tutorial = TUTORIALS[name]
    found = [state for _, state in walk(tutorial)]
    last, step = found[-1], tutorial.steps[-1]
    found.append(last.apply(step.expect) if step.expect else last)
    return found


def after(name, expect, nth=0):
    """The state right after the `nth` step taking `expect` (counting from 0), and that step."""
    tutorial = TUTORIALS[name]
    index = [i for i, step in enumerate(tutorial.steps) if step.expect == expect][nth]
    return states(name)[index + 1], tutorial.steps[index]


def test_each_game_exports_its_tutorial_under_its_registry_name():
    assert set(BITSKRIEG) == {"bitskrieg"} and set(BLITZED) == {"blitzed"} and set(FALL_BLAU) == {"fall-blau"}
    for name, tutorial in TUTORIALS.items():
        assert tutorial.game == name and name in games.names()


@pytest.mark.parametrize("name", sorted(TUTORIALS))
def test_a_tutorial_walks_to_its_end_and_ends_on_the_learners_step(name):
    tutorial = TUTORIALS[name]
    seen = [index for index, _ in walk(tutorial)]
    assert seen == list(range(len(tutorial.steps)))
    assert tutorial.steps[-1].by == "learner" and tutorial.steps[-1].explain
    assert 3 <= tutorial.minutes <= 6 and tutorial.covers and tutorial.later


@pytest.mark.parametrize("name", sorted(TUTORIALS))
def test_the_words_are_short_and_plain(name):
    tutorial = TUTORIALS[name]
    for step in tutorial.steps:
        for words in (step.say, step.explain):
            assert "@" not in words and "_" not in words and not re.search(r"\b(p[1-5]|T\d+)\b", words), words
            if " " in step.expect:  # a notation of several words ("end" is a plain word too)
                assert step.expect not in words, words
        assert step.say and len(step.say) <= 240 and len(re.findall(r"[.!?](\s|$)", step.say)) <= 3, step.say
        assert step.by in ("learner", "opponent")
    if name == "fall-blau":  # a solitaire game: chance comes from the seed, nobody plays against you
        assert all(step.by == "learner" for step in tutorial.steps) and tutorial.level == ""
    else:
        assert any(step.by == "opponent" for step in tutorial.steps)
        assert tutorial.level in {"bitskrieg": BITSKRIEG_BOTS, "blitzed": BLITZED_BOTS}[name]


@pytest.mark.parametrize("name", sorted(TUTORIALS))
def test_the_later_rules_point_at_anchors_that_exist_on_the_rules_page(name):
    for rule, anchor in TUTORIALS[name].later:
        page, _, fragment = anchor.partition("#")
        assert page == f"rules/{name}.html" and rule
        assert f'id="{fragment}"' in (ROOT / "web" / page).read_text(), anchor


@pytest.mark.parametrize("narrow", (False, True), ids=("laptop", "phone"))
@pytest.mark.parametrize("name", sorted(TUTORIALS))
def test_each_learner_step_has_its_element_on_the_page_then(name, narrow):
    """The page as the learner sees it (the opponents are the script's, never a bot's): before each learner
    step, the board or the tray holds an element with that data-action or data-command."""
    tutorial = TUTORIALS[name]
    game = games.get(name)
    seats = {str(seat): HUMAN if str(seat) == tutorial.learner else tutorial.level for seat in game.seats}
    session = Session(name, tutorial.seed, game.with_seats(tutorial.options, seats), seats)
    session.ui["narrow"] = narrow
    for number, step in enumerate(tutorial.steps, start=1):
        if step.by == "learner":
            assert session.interactive(), f"step {number}: the learner cannot act"
            page = session.board_svg()
            controls = session.tray()
            if step.command:
                assert (f'data-command="{step.command}"' in page
                        or any(item["command"] == step.command for item in controls)), f"step {number}: {step.command}"
                session.command(step.command)
                continue
            assert (f'data-action="{step.expect}"' in page
                    or any(item["action"] == step.expect for item in controls)), f"step {number}: {step.expect}"
        session.act(step.expect, by_bot=step.by != "learner")


# -- Blitzed!: a roll, dice set aside, a claim, the scoring -------------------------------------------
def test_blitzed_teaches_rolling_keeping_claiming_and_scoring():
    rolled, step = after("blitzed", "p1 roll")
    assert rolled.dice["p1"] == [2, 6, 3] and "2, 6 and 3" in step.explain
    kept, _ = after("blitzed", "p1 keep 1,3")
    assert kept.kept["p1"] == [True, False, True]
    again, step = after("blitzed", "p1 roll", 1)
    assert "1-2-3" in step.explain and sorted(again.dice["p1"]) == [1, 2, 3] and again.dice["p1"][0] == 2 and again.dice["p1"][2] == 3
    blocked, step = after("blitzed", "p2 claim T8")
    assert blocked.claims["p2"] == "T8" and "p1 claim T8" not in blocked.legal_actions() and "blocked" in step.explain
    scored, step = after("blitzed", "p1 claim T14")
    assert scored.round == 1 and scored.phase == "ready" and scored.bolts == {"p1": 9, "p2": 8, "p3": 6}
    assert [line["change"] for line in scored.last_round] == [1, 0, -2]
    assert "+1" in step.explain and "-2" in step.explain and "9" in step.explain and "6" in step.explain


# -- Campaign: Fall Blau: orders, supply, a counter-attack, a stop card, an attack's dice, a capture ----
def test_fall_blau_teaches_orders_supply_a_stop_card_and_an_attacks_dice():
    advanced, step = after("fall-blau", "advance paulus voronezh")
    assert advanced.supply == 4 and advanced.front[1] == {"card": "voronezh", "red": 3}
    assert not advanced.generals["paulus"]["ready"] and "1 supply" in step.explain
    consolidated, step = after("fall-blau", "consolidate hoth")
    assert consolidated.supply == 6 and "2 supply" in step.explain
    ended, step = after("fall-blau", "end")
    assert ended.turn_name() == "Mid July" and ended.generals["paulus"]["cubes"] == 5
    assert "fuelshortage" in ended.discard_pile and ended.supply == 4  # the stop card happened at once
    assert any("counter-attack from Voronezh" in line and "3, 1, 4" in line for line in ended.report)
    assert "stop" in step.explain and "3, 1 and 4" in step.explain
    attacked, step = after("fall-blau", "attack paulus 2")
    assert attacked.rolls[0]["white"] == [6, 6, 4, 3, 1] and "6, 6, 4, 3 and 1" in step.explain
    assert "voronezh" in attacked.captured and attacked.vp == 1 and attacked.supply == 3
    assert attacked.generals["paulus"]["cubes"] == 4  # four dice of 3+ against 3 red cubes: one 1, one grey lost
    assert set(attacked.queue) == {"rossosh", "millerovo"}
    played, _ = after("fall-blau", "play kampfgruppe paulus")
    assert played.generals["paulus"]["cubes"] == 5 and "kampfgruppe" not in played.hand


# -- Bitskrieg: obstacles by dice, facing, moving, a missed shot, flipping, a shot counted round an obstacle --
def test_bitskrieg_teaches_the_set_up_moving_facing_and_a_shots_range_and_dice():
    rolled, step = after("bitskrieg", "roll")
    assert rolled.obstacles == {sq_parse("d6"): "obstacle"} and "3 and 5" in step.explain and "d6" in step.explain
    picked, _ = after("bitskrieg", "pick H", 1)
    assert sorted(picked.chosen["blue"]) == sorted("LMMHH")
    placed, step = after("bitskrieg", "deploy H b1 n")
    assert placed.tanks[sq_parse("b1")][:4] == ["blue", "H", "n", True] and "in front" in step.explain
    flagged, _ = after("bitskrieg", "flag g3")
    assert flagged.flags["blue"] == [sq_parse("b2"), sq_parse("g3")]
    moved, step = after("bitskrieg", "move c1 c4 n")
    assert moved.tanks[sq_parse("c4")][:4] == ["blue", "L", "n", False] and "finished" in step.explain
    missed, step = after("bitskrieg", "fire a8 c4")
    assert missed.last_roll["range"] == 4 and missed.last_roll["range_dice"] == [3]
    assert missed.last_roll["result"] == "miss" and "3 against range 4" in step.explain
    flipped, _ = after("bitskrieg", "flip")
    assert flipped.tanks[sq_parse("c4")][3]
    before = states("bitskrieg")[[step.expect for step in TUTORIALS["bitskrieg"].steps].index("fire c4 b5")]
    c4, b5, b4 = sq_parse("c4"), sq_parse("b5"), sq_parse("b4")
    assert in_front(c4, "n", b5) and not in_front(c4, "n", sq_parse("b4"))  # facing: only squares ahead of it
    assert b4 in before.obstacles and before.range_count(c4, b5) == 2  # one diagonal step, counted round b4
    assert before.fire_route(c4, b5) == [c4, sq_parse("c5"), b5]
    shot, step = after("bitskrieg", "fire c4 b5")
    assert shot.last_roll["range_dice"] == [5] and shot.last_roll["damage_dice"] == [4]
    assert shot.last_roll["result"] == "destroyed" and b5 not in shot.tanks and shot.destroyed["red"] == ["L"]
    assert "range 2" in step.explain and "b4" in step.explain and "armor of 3" in step.explain
