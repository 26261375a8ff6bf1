"""Issue 19: Fall Blau departures from the rulebook and the readings we chose, one scenario each."""

import re

from game_core.fall_blau import data, render
from test_fall_blau_rules import dice, orders, place


def test_hard_mode_uses_the_green_victory_boxes():
    # "The green Victory and Brilliant Victory boxes on the Campaign Progress tracker are used for
    # Hard Mode games" and "In Missions Mode, a total of 32 VPs are needed for a Standard Victory and
    # 36 VPs for a Brilliant Victory. The new win conditions ... are marked in green".
    for options in ({"hard": True}, {"missions": True}, {"hard": True, "missions": True}):
        state = orders(**options)
        state.calendar, state.deck, state.missions = data.WINTER - 1, ["treibstoff1"], []
        results = {}
        for vp in (30, 31, 32, 35, 36):
            state.vp = vp
            results[vp] = state.apply("end").result
        assert results == {30: "defeat", 31: "defeat", 32: "victory", 35: "victory", 36: "brilliant"}, options
    standard = orders()
    standard.calendar, standard.deck, standard.vp = data.WINTER - 1, ["treibstoff1"], 30
    assert standard.apply("end").result == "brilliant"


def test_zhukov_adds_a_die_to_local_counter_attacks_only():
    # Zhukov: "Every local counter-attack rolls one extra die." A Major Counter-Attack is not local.
    state = orders()
    state.in_play = ["zhukov"]
    state.generals["gariboldi"]["cubes"] = 4
    state.deck = ["treibstoff1", "bryansk"]
    # Early July ends with no card on the front; Mid July draws Bryansk (3 cubes) facing Gariboldi.
    after = dice(state, 6, 6, 6, 6, 6, 6).apply("end")
    assert after.card_at(1) == {"card": "bryansk", "red": 3}
    assert [len(r["soviet"]) for r in after.rolls] == [3]
    # Once deployed it is a frontline card: its local counter-attack gets Zhukov's die.
    after = dice(after.copy(), 6, 6, 6, 6)
    after.deck = ["treibstoff1", "eisenbahn"]
    assert [len(r["soviet"]) for r in after.apply("end").rolls] == [4]


def test_hoth_cannot_rally_away_the_empty_deck_exhaustion():
    # Hoth: "Once per turn, after his order, Hoth may give up one grey cube to be ready again."
    state = orders(("hoth", "gariboldi", "paulus"))
    state.deck = ["treibstoff1"]
    state.discard_pile = ["stug1", "stug2"]
    exhausted = state.apply("end").apply("exhaust hoth")
    assert not exhausted.generals["hoth"]["ready"]
    assert "rally hoth" not in exhausted.legal_actions()
    # after his own order he may rally, once
    ordered = orders(("hoth", "gariboldi", "paulus")).apply("consolidate hoth")
    assert "rally hoth" in ordered.legal_actions()


def test_kleist_shows_the_top_event_card_on_the_board():
    # von Kleist: "Reconnaissance: while von Kleist is on the frontline, the top event card is face up."
    state = orders(("kleist", "hoth", "paulus"))
    state.deck = ["stug1", "dora"]
    board = render(state.view("player"), {})
    assert "Next event (von Kleist scouts): Dora Rail-Gun" in board
    hidden = orders(("ruoff", "hoth", "paulus"))
    hidden.deck = ["stug1", "dora"]
    assert "Dora Rail-Gun" not in render(hidden.view("player"), {})


def test_white_dice_never_exceed_the_six_in_the_box():
    # Reading: "roll a number of white dice equal to the number of grey cubes" with six white dice
    # in the box: Paulus with 6 cubes plus his fortress die still rolls six.
    state = orders()
    state.generals["paulus"]["cubes"] = 6
    place(state, 3, "rostov", 4)
    after = dice(state, *[2] * 8).apply("attack paulus 3")
    assert len(after.rolls[0]["white"]) == data.WHITE_DICE == 6


def test_the_cards_vp_is_scored_before_the_missions_reward():
    # Reading: the capture scores the card's VP first, then the mission it completes; each gain that
    # stops on a red circle reinforces ("Any time the player gains VPs and the yellow cube ... stops
    # on a red circle"). Tuapse (3 VP) with Storm the Heights (+1 VP).
    def capture_tuapse(vp):
        state = orders(missions=True)
        state.vp, state.missions = vp, ["assault"]
        place(state, 1, "tuapse", 1)
        place(state, 2, "kalach", 3)
        return dice(state, 6, 6, 6, 6, 6).apply("attack gariboldi 1")

    from_one = capture_tuapse(1)  # 1 + 3 = 4 (red circle), then 5
    assert from_one.vp == 5 and from_one.card_at(2)["red"] == 5
    from_eight = capture_tuapse(8)  # 8 + 3 = 11, then 12: never stops on 9
    assert from_eight.vp == 12 and from_eight.card_at(2)["red"] == 3


def test_rules_page_states_the_readings():
    page = open("web/rules/fall-blau.html", encoding="utf-8").read()
    text = re.sub(r"<[^>]+>", " ", page)
    assert "How we read the rules" in text
    assert "32" in text and "36" in text and "six white dice" in text
