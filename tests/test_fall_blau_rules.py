"""Fall Blau rule scenarios, straight from the rulebook (dice are scripted)."""

import pytest

from game_core.engine import IllegalAction
from game_core.fall_blau import GAME, data


class ScriptedRng:
    """Stands in for the state's Rng: hands out the given die faces in order."""

    def __init__(self, faces, used=0):
        self.faces, self.state = list(faces), used

    def copy(self):
        return ScriptedRng(self.faces, self.state)

    def roll(self, sides=6):
        self.state += 1
        return self.faces[self.state - 1]

    def shuffle(self, items):
        items.reverse()


def orders(generals=("gariboldi", "hoth", "paulus"), **options):
    """A state in the orders phase of Early July with an empty hand and the given generals."""
    state = GAME.new_game(7, options)
    for general in generals:
        state = state.apply(f"general {general}")
    state = state.copy()
    state.deck += state.hand
    state.hand, state.in_play, state.discard_pile = [], [], []
    state.deck = [e for e in state.deck if data.EVENTS[e]["kind"] in ("hand", "special")] + \
        [e for e in state.deck if data.EVENTS[e]["kind"] not in ("hand", "special")]
    state.pending, state.flow = None, []
    for slot in range(3):
        state.front[slot] = None
    return state


def place(state, slot, card, red):
    state.front[slot - 1] = {"card": card, "red": red}
    if card in state.queue:
        state.queue.remove(card)


def dice(state, *faces):
    state.rng = ScriptedRng(faces)
    return state


def test_overkill_rule_example():
    # Rolls 1, 1, 1, 3, 5 against 2 red cubes: only 2 grey cubes are lost.
    state = orders()
    place(state, 1, "rossosh", 2)
    after = dice(state, 1, 1, 1, 3, 5).apply("attack gariboldi 1")
    assert after.generals["gariboldi"]["cubes"] == 3
    assert "rossosh" in after.captured and after.card_at(1) is None
    assert after.vp == 1 and "kalach" in after.queue
    assert after.supply == state.supply - 1 and not after.generals["gariboldi"]["ready"]


def test_elista_example_extra_cubes_and_supply():
    state = orders()
    state.queue = ["elista"]
    after = state.apply("advance gariboldi elista")
    assert after.card_at(1) == {"card": "elista", "red": 4}  # Grozny not yet captured
    state.captured.append("grozny")
    assert state.apply("advance gariboldi elista").card_at(1)["red"] == 2
    attacked = dice(after.copy(), 2, 2, 2, 2, 2)
    attacked.generals["gariboldi"]["ready"] = True
    assert attacked.apply("attack gariboldi 1").supply == attacked.supply - 2


def test_adjacent_attack_rolls_half_the_cubes_rounded_up():
    state = orders()
    place(state, 2, "astrakhan", 5)
    after = dice(state, 4, 4, 4, 4, 4, 4).apply("attack gariboldi 2")
    assert after.rolls[0]["white"] == [4, 4, 4]
    assert after.card_at(2)["red"] == 2
    with pytest.raises(IllegalAction, match="in front of him or next to it"):
        place(state, 3, "salsk", 2)
        state.apply("attack gariboldi 3")


def test_black_dice_never_cost_grey_cubes_and_only_one_event_adds_dice():
    state = orders()
    place(state, 1, "astrakhan", 5)
    state.hand = ["stuka", "nebelwerfer"]
    after = dice(state, 4, 4, 2, 2, 2, 1, 1, 1).apply("attack gariboldi 1 stuka")
    assert after.rolls[0]["black"] == [1, 1, 1]
    assert after.generals["gariboldi"]["cubes"] == 5 and after.card_at(1)["red"] == 3
    assert "stuka" in after.discard_pile and after.hand == ["nebelwerfer"]
    with pytest.raises(IllegalAction):
        state.apply("attack gariboldi 1 stuka nebelwerfer")


def test_mountains_modifier_and_its_cancellation():
    state = orders(("hoth", "gariboldi", "paulus"))
    place(state, 1, "tuapse", 3)
    after = dice(state.copy(), 2, 3, 4, 6, 5).apply("attack hoth 1")
    # -1: the 2 costs a cube, the 3 misses, the 6 becomes a 5 (no Panzertruppen double hit)
    assert after.generals["hoth"]["cubes"] == 4 and "tuapse" in after.captured
    assert after.report[0].endswith("-1 for Mountains: 3 red cubes destroyed, 1 grey cube lost.")
    state.in_play = ["romanian"]
    after = dice(state.copy(), 2, 3, 1, 1, 1).apply("attack hoth 1")
    assert after.report[0] == "White dice 2, 3, 1, 1, 1: 1 red cube destroyed, 3 grey cubes lost."
    state.in_play = []
    after = dice(state.copy(), 2, 3, 4, 4, 4).apply("attack gariboldi 1")  # Alpini, adjacent: 3 dice
    assert after.report[0] == "White dice 2, 3, 4: 2 red cubes destroyed, 0 grey cubes lost."


def test_panzertruppen_six_scores_two_hits_but_not_against_fortress():
    state = orders(("hoth", "gariboldi", "paulus"))
    place(state, 1, "astrakhan", 5)
    assert dice(state.copy(), 6, 6, 2, 2, 2).apply("attack hoth 1").card_at(1)["red"] == 1
    place(state, 1, "rostov", 4)
    assert dice(state.copy(), 6, 6, 2, 2, 2).apply("attack hoth 1").card_at(1)["red"] == 2
    state.in_play = ["pioniere"]
    assert "rostov" in dice(state.copy(), 6, 6, 2, 2, 2).apply("attack hoth 1").captured


def test_red_circle_reinforces_the_most_valuable_frontline_card():
    state = orders()
    state.vp = 7
    place(state, 1, "millerovo", 1)
    place(state, 2, "rostov", 2)
    place(state, 3, "salsk", 2)
    after = dice(state, 3, 3, 3, 3, 3).apply("attack gariboldi 1")
    assert after.vp == 9 and after.card_at(2)["red"] == 4 and after.card_at(3)["red"] == 2
    # a tie is the player's choice
    state = orders()
    state.vp = 8
    place(state, 1, "voronezh", 1)
    place(state, 2, "kalach", 2)
    place(state, 3, "kotelnikovo", 2)
    after = dice(state, 3, 3, 3, 3, 3).apply("attack gariboldi 1")
    assert after.legal_actions() == ["reinforce 2", "reinforce 3"]
    assert after.apply("reinforce 3").card_at(3)["red"] == 4


def test_hand_limit_discard_before_drawing():
    state = orders()
    state.hand = ["stug1", "stug2", "stuka", "marsch1", "marsch2"]
    state.deck = ["treibstoff1", "eisenbahn"]
    after = state.apply("end")
    assert after.pending["kind"] == "discard"
    after = after.apply("discard stuka")
    assert after.pending["kind"] == "discard" and "eisenbahn" in after.hand and len(after.hand) == 5


def test_empty_deck_exhausts_a_general_and_reshuffles():
    state = orders()
    state.deck = ["treibstoff1"]
    state.discard_pile = ["stug1", "stug2"]
    after = state.apply("end")
    assert after.pending == {"kind": "exhaust", "options": ["gariboldi", "hoth", "paulus"]}
    after = after.apply("exhaust hoth")
    assert not after.generals["hoth"]["ready"] and after.generals["paulus"]["ready"]
    assert sorted(after.hand) == ["stug1", "treibstoff1"] and after.deck == ["stug2"] and after.discard_pile == []


def test_losing_a_general_costs_two_vp_and_leaves_his_card_quiet():
    state = orders()
    state.generals["gariboldi"]["cubes"] = 1
    place(state, 1, "astrakhan", 5)
    state.deck = ["treibstoff1", "eisenbahn"]
    after = dice(state, 1, 6, 6, 6, 6).apply("end")
    assert "gariboldi" in after.lost and after.slots[0] is None and after.card_at(1)["red"] == 5
    after.vp = 5
    assert after.final_vp == 3
    quiet = after.apply("end")  # no general faces Astrakhan: no counter-attack, no dice
    assert quiet.rolls == []


def test_local_counter_attack_hits_on_ones_without_terrain_modifier():
    state = orders()
    place(state, 1, "tuapse", 3)  # mountains do not help the Soviets
    state.deck = ["treibstoff1", "eisenbahn"]
    after = dice(state, 1, 2, 1).apply("end")
    assert after.generals["gariboldi"]["cubes"] == 3 and after.turn_name() == "Mid July"


def test_major_counter_attack_deploys_to_empty_slot_facing_fewest_cubes():
    state = orders()
    state.generals["paulus"]["cubes"] = 2
    place(state, 1, "voronezh", 3)
    state.deck = ["treibstoff1", "bryansk"]
    after = dice(state, 6, 6, 6, 1, 6, 6).apply("end")
    # local counter-attack first (3 dice, no hit), then Bryansk faces Paulus in slot 3
    assert after.card_at(3) == {"card": "bryansk", "red": 3}
    assert after.generals["paulus"]["cubes"] == 1


def test_major_counter_attack_on_a_full_front_adds_its_cubes():
    state = orders()
    for slot, card in ((1, "voronezh"), (2, "rossosh"), (3, "salsk")):
        place(state, slot, card, 1)
    state.generals["hoth"]["cubes"] = 2
    state.deck = ["treibstoff1", "volga"]
    after = dice(state, 6, 6, 6, 6, 6, 6, 6).apply("end")
    assert after.card_at(2)["red"] == 5 and "volga" in after.discard_pile


def test_special_attack_cannot_capture():
    state = orders()
    place(state, 1, "salsk", 2)
    state.hand = ["luftwaffe1"]
    after = dice(state, 5, 5, 5).apply("play luftwaffe1 1")
    assert after.card_at(1) == {"card": "salsk", "red": 0} and after.generals["gariboldi"]["ready"]
    after = after.apply("attack gariboldi 1")
    assert "salsk" in after.captured and after.generals["gariboldi"]["cubes"] == 5


def test_advance_costs_and_panzer_second_card():
    state = orders(("gariboldi", "hoth", "paulus"))
    state.queue = ["rossosh", "millerovo"]
    after = state.apply("advance hoth rossosh millerovo 3")
    assert after.supply == state.supply - 2 and after.card_at(3)["card"] == "millerovo"
    with pytest.raises(IllegalAction, match="Panzer"):
        state.apply("advance gariboldi rossosh millerovo 2")
    place(state, 1, "salsk", 2)
    with pytest.raises(IllegalAction, match="in front of him cannot advance"):
        state.apply("advance gariboldi rossosh")


def test_consolidate_and_reorganize():
    state = orders()
    state.generals["paulus"]["cubes"] = 6
    after = state.apply("consolidate paulus")
    assert after.generals["paulus"]["cubes"] == 6 and after.supply == state.supply + 2
    state.generals["paulus"]["cubes"] = 3
    assert state.apply("consolidate paulus").generals["paulus"]["cubes"] == 4
    moved = state.apply("reorg paulus hoth gariboldi")
    assert moved.slots == ["paulus", "hoth", "gariboldi"] and moved.supply == state.supply - 1


def test_exhausted_general_cannot_take_orders():
    state = orders().apply("consolidate hoth")
    with pytest.raises(IllegalAction, match="exhausted"):
        state.apply("consolidate hoth")


def test_winter_ends_the_game_and_victory_levels():
    state = orders()
    state.calendar = data.WINTER - 1
    state.vp = 30
    state.deck = ["treibstoff1"]
    over = state.apply("end")
    assert over.is_over and over.result == "brilliant" and over.winner == "player"
    state.vp = 27
    assert state.apply("end").result == "victory"
    state.vp = 26
    assert state.apply("end").winner is None
    missions = orders(missions=True)
    missions.calendar, missions.vp, missions.missions = data.WINTER - 1, 31, []
    assert missions.apply("end").result == "defeat"


def test_capturing_every_campaign_card_ends_the_game():
    state = orders()
    state.captured = [c for c in data.CAMPAIGNS if c != "salsk"]
    place(state, 1, "salsk", 1)
    state.queue = []
    assert dice(state, 3, 3, 3, 3, 3).apply("attack gariboldi 1").is_over


def test_missions_drawn_each_month_and_the_propaganda_example():
    state = GAME.new_game(3, {"missions": True})
    for general in ("gariboldi", "hoth", "paulus"):
        state = state.apply(f"general {general}")
    assert len(state.missions) == 2 and len(state.mission_deck) == 8
    state = orders(missions=True)
    state.missions = ["propaganda"]
    place(state, 1, "rostov", 1)
    state.hand = ["stuka"]
    after = dice(state, 6, 6, 6, 6, 6, 6, 6, 6).apply("attack gariboldi 1 stuka")
    assert after.missions_done == ["propaganda"] and after.vp == 3 + 1


def test_hoth_rallies_once_per_turn():
    state = orders(("hoth", "gariboldi", "paulus")).apply("consolidate hoth")
    after = state.apply("rally hoth")
    assert after.generals["hoth"]["ready"] and after.generals["hoth"]["cubes"] == 4
    assert "rally hoth" not in after.apply("consolidate hoth").legal_actions()


def test_hard_mode_adds_the_four_skull_cards():
    normal = GAME.new_game(1, {})
    hard = GAME.new_game(1, {"hard": True})
    assert len(normal.deck) == 31 and len(hard.deck) == 35
    assert sum(1 for c in data.EVENTS.values() if c["hard"]) == 4


def test_component_counts_and_sources():
    assert len(data.CAMPAIGNS) == 15 and len(data.MISSIONS) == 10 and len(data.STANDARD_GENERALS) == 5
    items = list(data.GENERALS.values()) + list(data.CAMPAIGNS.values()) + list(data.EVENTS.values())
    items += list(data.MISSIONS.values())
    assert all(item["source"] in ("printed", "rulebook", "secondary source", "designed") for item in items)
    assert data.CAMPAIGNS["astrakhan"]["red"] == 5 and data.CAMPAIGNS["voronezh"]["vp"] == 1
    top_three = sorted((g["cubes"] for g in data.GENERALS.values()), reverse=True)[:3]
    assert sum(top_three) <= data.GREY_CUBES


def test_malformed_actions_are_rejected():
    state = orders()
    for text in ("fly hoth", "attack hoth", "attack zhukov 1", "advance hoth moscow", "deploy 4", ""):
        with pytest.raises(IllegalAction):
            state.apply(text)
    assert GAME.parse_action(state, "  ATTACK   Hoth 1 ") == "attack hoth 1"
