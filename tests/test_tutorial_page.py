"""A tutorial as the game page shows it (game_core/tutorial.py; web/glue/tutorial.py only reads the stored
places and the address, and writes what these give into the page): the buttons that start or resume a lesson,
the first visit's offer, which lesson a click opens, what a command does during a lesson, and the panel's words
and the style rule that lights the element to click."""

import json

import pytest

from game_core.session import Session
from game_core.tutorial import (OFF, Lesson, Tutorial, answer, asked, choices_html, for_game, lesson_for,
                                missing, offer_html, offer_key, offered, panel_page, slot_key)

TUTORIALS = for_game("blitzkrieg")  # "blitzkrieg", then "blitzkrieg-solo"


def at_step(name: str, clicks: int) -> Lesson:
    lesson = Lesson(name, TUTORIALS[name])
    for _ in range(clicks):
        assert lesson.click(lesson.step.expect, lesson.step.command)
    return lesson


def test_a_lessons_place_and_the_offers_note_have_keys_of_their_own_beside_the_pages():
    assert slot_key("blitzbox:blitzkrieg", "blitzkrieg-solo") == "blitzbox:blitzkrieg:tutorial:blitzkrieg-solo"
    assert offer_key("blitzbox:blitzed:embed") == "blitzbox:blitzed:embed:tutorial-offer"


def test_each_tutorial_is_a_button_that_starts_it_or_resumes_it_where_it_was_left():
    base, solo = TUTORIALS["blitzkrieg"], TUTORIALS["blitzkrieg-solo"]
    start = (f'<button type="button" data-command="tutorial:start:blitzkrieg">{base.title} ({base.minutes} min)</button>'
             f'<button type="button" data-command="tutorial:start:blitzkrieg-solo">{solo.title} ({solo.minutes} min)'
             "</button>")
    assert choices_html(TUTORIALS, {}) == start
    damaged = {"blitzkrieg": "{", "blitzkrieg-solo": json.dumps({"tutorial": "nope", "step": 2})}
    assert choices_html(TUTORIALS, damaged) == start
    part_way = at_step("blitzkrieg-solo", 2)
    number, count = part_way.learner_steps()
    assert number == 3
    shown = choices_html(TUTORIALS, {"blitzkrieg-solo": part_way.to_save()})
    assert shown == start.replace(f"{solo.title} ({solo.minutes} min)", f"Resume: {solo.title} (step 3 of {count})")
    finished = Lesson("blitzkrieg", base).skipped().to_save()
    assert choices_html(TUTORIALS, {"blitzkrieg": finished}) == start  # played again from the start
    not_begun = Lesson("blitzkrieg", base)
    assert not_begun.index == 0 and choices_html(TUTORIALS, {"blitzkrieg": not_begun.to_save()}) == start


def test_the_words_of_a_button_and_the_offer_are_escaped():
    odd = {"a<b": Tutorial(game="bitskrieg", title='Tanks & "dice"', seed=1, learner="blue", steps=(), minutes=3)}
    assert choices_html(odd, {}) == ('<button type="button" data-command="tutorial:start:a&lt;b">'
                                     "Tanks &amp; &quot;dice&quot; (3 min)</button>")
    assert offer_html(odd) == ('<button type="button" data-command="tutorial:start:a&lt;b" '
                               'aria-label="Learn by playing (3 min): Tanks &amp; &quot;dice&quot;">'
                               "Learn by playing (3 min)</button>")


def test_the_first_visits_offer_names_the_first_tutorial():
    base = TUTORIALS["blitzkrieg"]
    assert offer_html(TUTORIALS) == (
        '<button type="button" data-command="tutorial:start:blitzkrieg" '
        f'aria-label="Learn by playing ({base.minutes} min): {base.title}">Learn by playing ({base.minutes} min)</button>')


def test_the_offer_shows_on_a_new_local_game_until_it_is_dismissed_or_taken():
    new = Session("blitzkrieg", 1)
    assert offered(None, new) and offered("", new)
    assert not offered("no", new)
    played = Session("blitzkrieg", 1)
    played.act(played.state.legal_actions()[0])
    assert not offered(None, played)
    lesson = Lesson("blitzkrieg", TUTORIALS["blitzkrieg"]).session  # (kept in no autosave)
    assert not lesson.state.actions and not offered(None, lesson)


def test_an_address_opens_the_tutorial_it_names_or_else_the_first():
    assert asked("blitzkrieg-solo", TUTORIALS) == "blitzkrieg-solo"
    assert asked("nope", TUTORIALS) == asked("", TUTORIALS) == "blitzkrieg"
    assert missing("nope", TUTORIALS) == ("There is no tutorial 'nope' for this game "
                                          "(tutorials here: blitzkrieg, blitzkrieg-solo).")
    assert missing("x", {}) == "There is no tutorial 'x' for this game (tutorials here: none yet)."


def test_a_lesson_opens_where_it_was_left_and_from_the_start_when_finished_asked_over_or_unusable():
    left = at_step("blitzkrieg", 3)
    resumed = lesson_for("blitzkrieg", TUTORIALS, left.to_save())
    assert resumed.index == left.index and resumed.session.state.actions == left.session.state.actions
    first = Lesson("blitzkrieg", TUTORIALS["blitzkrieg"]).index
    assert lesson_for("blitzkrieg", TUTORIALS, left.to_save(), fresh=True).index == first
    finished = Lesson("blitzkrieg", TUTORIALS["blitzkrieg"]).skipped()
    assert finished.done and lesson_for("blitzkrieg", TUTORIALS, finished.to_save()).index == first
    other = at_step("blitzkrieg-solo", 2).to_save()  # another tutorial's place in this slot
    again = lesson_for("blitzkrieg", TUTORIALS, other)
    assert again.name == "blitzkrieg" and again.index == first
    for unusable in (None, "", "{"):
        assert lesson_for("blitzkrieg-solo", TUTORIALS, unusable).name == "blitzkrieg-solo"


@pytest.mark.parametrize("command, on_table, what", [
    ("ui:select=A3", True, "lesson"),  # the board's and tray's controls are the lesson's
    ("reveal", True, "lesson"),
    ("undo", False, "off"), ("redo", False, "off"), ("reset-turn", False, "off"), ("hint", False, "off"),
    ("hint", True, "lesson"),
    ("saves", False, "leave"), ("new", False, "leave"), ("share", False, "leave"), ("hint:x", False, "leave"),
    ("menu", False, None), ("settings", True, None), ("tutorial:skip", False, None), ("sound", False, None),
    ("tray-fold", True, None), ("last-move", False, None), ("tips-done", False, None), ("close-dialog", False, None),
    ("replay-next", False, None), ("replay-first", True, None),
])
def test_during_a_lesson_its_table_is_the_lessons_undo_and_hint_are_off_and_other_menu_choices_leave_it(
        command, on_table, what):
    assert answer(command, on_table) == what
    assert "off" in OFF.lower() and "Start over" in OFF


def panel(**changes):
    shown = {"title": "T", "number": 2, "count": 5, "news": ["Axis <moved>.", "Then & this."], "say": "Click it.",
             "target": '[data-action="A1@X"], #tray .x', "feedback": "", "done": False,
             "later": [("Sea & air", "rules/blitzkrieg.html#sea")], "real": "Play a real game"}
    shown.update(changes)
    return panel_page(shown)


def test_the_panel_shows_the_step_number_the_news_and_what_is_read_out():
    shown = panel()
    assert shown["progress"] == "Step 2 of 5"
    assert shown["news"] == "<p>Axis &lt;moved&gt;.</p><p>Then &amp; this.</p>"
    assert shown["spoken"] == "Axis <moved>. Then & this. Click it."
    assert panel(feedback="Not that.")["spoken"] == "Not that. Click it."  # why not, instead of the news
    assert panel(news=[], say="")["spoken"] == ""
    end = panel(done=True, say="")
    assert end["progress"] == "Finished" and end["light"] == ""
    assert end["later"] == ('<li><a href="./rules/blitzkrieg.html#sea" target="_blank" rel="noopener">Sea &amp; air'
                            "</a></li>")


def test_the_style_rule_lights_every_selector_of_the_target_on_the_board_and_in_the_tray():
    light = panel()["light"]
    lit = ':is([data-action="A1@X"], #tray .x)'
    assert light.startswith(f"body[data-lesson] {lit} {{ opacity: 1 !important; filter: var(--lesson-glow); }}")
    assert f"body[data-lesson] #board {lit} > :first-child {{ stroke: var(--lesson); stroke-width: 5; }}" in light
    assert f"body[data-lesson] #tray button{lit} {{ background: var(--gold);" in light
    assert light.endswith(f"@media (prefers-reduced-motion: no-preference) {{ body[data-lesson] {lit} "
                          "{ animation: lesson-pulse 1.6s ease-in-out infinite; } }")


def test_skipping_a_lesson_brings_it_to_its_end():
    lesson = at_step("blitzkrieg", 2)
    skipped = lesson.skipped()
    assert skipped.done and skipped.index == len(TUTORIALS["blitzkrieg"].steps) and not lesson.done
    assert skipped.panel()["done"] and skipped.name == "blitzkrieg"

