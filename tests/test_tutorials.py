"""Every tutorial of every game (found through the registry) plays from start to end against the engine, each
learner step's element is on the page to click, and the lesson controller answers clicks as the page needs."""

import json
from pathlib import Path

import pytest

from game_core import games
from game_core.session import Session
from game_core.tray import tray_html
from game_core.tutorial import Lesson, Step, Tutorial, TutorialBroken, every_tutorial, for_game, walk

TUTORIALS = every_tutorial()
ROOT = Path(__file__).resolve().parent.parent


def test_the_registry_finds_the_tutorials_of_each_game_page():
    assert {"blitzkrieg", "blitzkrieg-solo", "blitzkrieg-nippon"} <= set(TUTORIALS)
    assert set(for_game("blitzkrieg")) >= {"blitzkrieg", "blitzkrieg-solo"}
    assert set(for_game("blitzkrieg-nippon")) == {"blitzkrieg-nippon"}
    for name, tutorial in TUTORIALS.items():
        assert tutorial.game in games.names() and name in for_game(tutorial.game)


@pytest.mark.parametrize("name", sorted(TUTORIALS))
def test_a_tutorial_walks_from_start_to_end_and_each_expect_is_offered_then(name):
    tutorial = TUTORIALS[name]
    for index, state in walk(tutorial):
        step = tutorial.steps[index]
        assert step.say.strip() and (step.by == "learner" or step.expect)
        if step.expect:
            assert step.expect in state.legal_actions(), (index, step.expect)
    assert any(step.by == "learner" for step in tutorial.steps)
    assert 2 <= tutorial.minutes <= 6 and tutorial.covers and tutorial.later  # the rest is named, with its link


@pytest.mark.parametrize("name", sorted(TUTORIALS))
def test_what_is_left_for_later_links_to_a_section_of_the_rules_page(name):
    for rule, address in TUTORIALS[name].later:
        page, anchor = address.split("#")
        assert f'id="{anchor}"' in (ROOT / "web" / page).read_text(), f"{name}: no section {address} for {rule!r}"


@pytest.mark.parametrize("name", sorted(TUTORIALS))
def test_each_learner_step_has_its_element_on_the_page_and_clicking_it_advances(name):
    tutorial = TUTORIALS[name]
    lesson = Lesson(name, tutorial)
    while not lesson.done:
        step = lesson.step
        frame = lesson.session.frame()
        page = frame["board"] + tray_html(frame["tray"], frame["status"])
        if not step.highlight:  # the default target is the step's own action or command
            attribute = f'data-command="{step.command}"' if step.command else f'data-action="{step.expect}"'
            assert attribute in page, f"{name}, step {lesson.index + 1}: nothing to click for {attribute}"
        assert frame["interactive"] and not frame["curtain"] and lesson.session.bot_seat() is None
        assert lesson.click(step.expect, step.command), lesson.feedback
    assert lesson.panel()["done"] and lesson.panel()["say"] == ""


def test_a_wrong_click_changes_nothing_and_says_why():
    lesson = Lesson("blitzkrieg", TUTORIALS["blitzkrieg"])
    assert lesson.click(command="ui:token=A3")
    before, ui, news = lesson.session.state, dict(lesson.session.ui), list(lesson.news)
    assert not lesson.click(action="A3@WE1.1")  # a sea space: the engine's reason
    assert "Armies can only be placed on land or land/sea spaces" in lesson.feedback
    assert lesson.panel()["feedback"] == lesson.feedback and lesson.panel()["say"] == lesson.step.say
    assert not lesson.click(action="A3@EE1.1")  # legal, but not this lesson's move
    assert "legal move" in lesson.feedback
    assert not lesson.click(command="ui:token=N1")  # a different selection is not made either
    assert lesson.session.state is before and lesson.session.ui == ui and lesson.index == 1
    assert lesson.news == news  # what the last step explained stays told
    assert lesson.click(action="A3@EE1.2") and lesson.feedback == ""


def test_the_opponent_is_played_by_the_script_and_its_words_are_told():
    tutorial = TUTORIALS["blitzkrieg"]
    lesson = Lesson("blitzkrieg", tutorial)
    lesson.click(command="ui:token=A3")
    lesson.click(action="A3@EE1.2")
    assert lesson.session.state.actions == ("A3@EE1.2", "N2@PO1.1")
    assert lesson.news == [tutorial.steps[1].explain, tutorial.steps[2].say, tutorial.steps[2].explain]
    assert lesson.session.state.to_play == "axis" and lesson.panel()["say"] == tutorial.steps[3].say
    assert not lesson.session.can_undo() and not lesson.session.can_hint()


def test_a_lesson_resumes_from_its_save_and_a_broken_save_is_refused():
    lesson = Lesson("blitzkrieg-nippon", TUTORIALS["blitzkrieg-nippon"])
    for _ in range(3):
        lesson.click(lesson.step.expect, lesson.step.command)
    saved = lesson.to_save()
    assert json.loads(saved) == {"tutorial": "blitzkrieg-nippon", "step": lesson.index}
    again = Lesson.from_save(saved, TUTORIALS)
    assert again.index == lesson.index and again.session.state.actions == lesson.session.state.actions
    assert again.session.ui == lesson.session.ui and again.news == []
    for text in ("", "{", '{"tutorial": "nope", "step": 1}', '{"tutorial": "blitzkrieg", "step": -1}',
                 '{"tutorial": "blitzkrieg", "step": true}', "[]"):
        assert Lesson.from_save(text, TUTORIALS) is None


def test_a_skipped_or_finished_lesson_offers_a_real_game_at_the_suggested_level():
    solo = Lesson("blitzkrieg-solo", TUTORIALS["blitzkrieg-solo"], step=10**6)
    assert solo.done and not solo.click(action="F1@SA1.1") and "over" in solo.feedback
    setup = solo.real_game()
    assert setup["seats"] == {"axis": "solo", "allies": "human"} and setup["options"]["mode"] == "solo"
    base = Lesson("blitzkrieg", TUTORIALS["blitzkrieg"]).real_game()
    assert base["seats"] == {"axis": "human", "allies": "easy"}
    # the Bitskrieg lesson names who chooses the axis to keep its script fixed; a real game rolls for it
    assert TUTORIALS["bitskrieg"].options["axis_chooser"] == "red"
    assert "axis_chooser" not in Lesson("bitskrieg", TUTORIALS["bitskrieg"]).real_game()["options"]


def test_walk_names_the_step_a_rules_change_breaks():
    broken = Tutorial(game="blitzkrieg", title="t", seed=28, learner="axis",
                      steps=(Step("Place a navy on a land space.", expect="N1@EE1.2"),))
    with pytest.raises(TutorialBroken, match=r"step 1 .*not legal: Navies can only be placed on sea"):
        list(walk(broken))
    wrong_seat = Tutorial(game="blitzkrieg", title="t", seed=28, learner="allies",
                          steps=(Step("Place.", expect="A3@EE1.2"),))
    with pytest.raises(TutorialBroken, match="not the learner's move"):
        list(walk(wrong_seat))
    page_command = Tutorial(game="blitzkrieg", title="t", seed=28, learner="axis",
                            steps=(Step("Open the menu.", command="new"),))
    with pytest.raises(TutorialBroken, match="ui:key=value"):
        list(walk(page_command))


@pytest.mark.parametrize("name", sorted(TUTORIALS))
def test_the_real_game_offered_at_the_end_can_start(name):
    setup = Lesson(name, TUTORIALS[name]).real_game()
    session = Session(TUTORIALS[name].game, 1, setup["options"], setup["seats"])
    assert str(TUTORIALS[name].learner) in map(str, session.humans())
