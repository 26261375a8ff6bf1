"""The new-game dialog (game_core/new_game.py): its fields from a game's options, seats and bot levels, what
shows for the values so far, how its controls read back, and the set-up the filled form makes."""

import re

from game_core import games
from game_core.new_game import (asked_options, default_setup, fields_html, hidden_fields, option_values,
                                setup_from_form)


def all_human(name):
    game = games.get(name)
    return {"options": {}, "seats": {str(seat): "human" for seat in game.seats}}


def test_the_fields_ask_every_option_a_person_chooses_and_each_seat_with_its_bot_levels():
    html = fields_html("blitzkrieg", {"options": {"mode": "solo"}, "seats": {"axis": "human", "allies": "easy"}})
    asked = set(re.findall(r'id="opt-([a-z_]+)"', html))
    assert asked == {"partisans", "inspired_leadership", "mode", "difficulty"}  # not the internal "remote"
    assert '<option value="solo" selected>Solo</option>' in html
    assert re.search(r'<p data-option="1"><label for="opt-difficulty">', html)  # solo: its difficulty shows
    assert '<p data-seat="axis" hidden>' in html  # the solo module sits there: not asked
    allies = html[html.index('<select id="seat-allies">'):]
    assert '<option value="easy" selected>Easy bot</option>' in allies[:allies.index("</select>")]
    assert "remote-new" not in html and "remote-jump" not in html


def test_a_two_player_game_hides_the_solo_difficulty_and_shows_both_seats():
    html = fields_html("blitzkrieg", all_human("blitzkrieg"))
    assert re.search(r'<p data-option="1" hidden><label for="opt-difficulty">', html)
    assert '<p data-seat="axis">' in html and '<p data-seat="allies">' in html


def test_the_remote_choice_is_offered_at_the_end_and_named_at_the_top_where_the_page_allows_it():
    html = fields_html("bitskrieg", all_human("bitskrieg"), remote_fields="<p>THE PAGE'S FIELDS</p>")
    assert html.startswith('<p class="remote-jump">')
    fieldset = html[html.index('<fieldset id="remote-new">'):]
    assert "<p>THE PAGE'S FIELDS</p>" in fieldset and '<option value="blue">Blue</option>' in fieldset


def test_seats_an_option_asks_are_not_asked_twice():
    html = fields_html("blitzed", {"options": {"players": 3}, "seats": {}})
    assert "seat-p1" not in html and 'id="opt-p1"' in html
    assert re.search(r'<p data-option="1" hidden><label for="opt-p4">', html)  # three players: no fourth


def test_the_controls_read_back_as_options_and_a_half_typed_number_counts_as_the_default():
    game = games.get("bitskrieg")
    controls = {option.name: "" for option in asked_options(game)}
    controls.update({"axis_chooser": "red", "handicapping": True, "rebuilds_blue": "3", "rebuilds_red": "-",
                     "reserves": False})
    values = option_values(game, controls)
    assert values["axis_chooser"] == "red" and values["handicapping"] is True and values["reserves"] is False
    assert values["rebuilds_blue"] == 3 and values["rebuilds_red"] == 2
    assert option_values(game, dict(controls, axis_chooser="nobody"))["axis_chooser"] == "roll"
    fall = games.get("fall-blau")
    controls = {"hard": False, "missions": False, "general_pool": "six", "generals": "  rommel  "}
    assert option_values(fall, controls)["generals"] == "rommel"


def test_what_hides_follows_the_values_so_far():
    game = games.get("blitzkrieg")
    assert hidden_fields(game, {"mode": "two-player"}) == ({"difficulty"}, set())
    assert hidden_fields(game, {"mode": "solo"}) == (set(), {"axis", "allies"})


def test_the_filled_form_makes_the_set_up_a_seat_asked_by_an_option_taking_its_value():
    blitzed = games.get("blitzed")
    options = {"players": 3, "p1": "human", "p2": "easy", "p3": "hard", "p4": "normal", "p5": "normal"}
    assert setup_from_form(blitzed, options, {})["seats"] == {"p1": "human", "p2": "easy", "p3": "hard",
                                                                "p4": "normal", "p5": "normal"}
    bits = games.get("bitskrieg")
    assert setup_from_form(bits, {}, {"blue": "human", "red": "hard"}) == {
        "options": {}, "seats": {"blue": "human", "red": "hard"}}


def test_the_first_game_is_one_person_against_the_normal_bot_or_everyone_human_without_bots():
    assert default_setup("bitskrieg") == {"options": {}, "seats": {"blue": "human", "red": "normal"}}
    assert default_setup("fall-blau") == {"options": {}, "seats": {"player": "human"}}
    assert default_setup("blitzed")["seats"] == {"p1": "human", "p2": "normal", "p3": "normal", "p4": "normal",
                                                 "p5": "normal"}
