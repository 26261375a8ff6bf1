"""Issue 18 for Fall Blau: every event in plain words, one scenario per kind, and the terminal."""

from game_core.fall_blau import GAME, data
from test_fall_blau_rules import dice, orders, place


def lines(before, action):
    after = before.apply(action)
    told = [text for text, audience in GAME.narrate(before, after)]
    assert all(audience is None for _, audience in GAME.narrate(before, after))
    assert len(told) == len(set(told)), told  # never a doubled line
    action_line = told[0].rstrip(".")
    assert all(action_line not in line for line in told[1:]), told
    return after, told


def test_an_attack_names_the_dice_the_modifier_and_the_result():
    state = orders()
    place(state, 2, "tuapse", 3)  # Mountains: -1 for Hoth
    after, told = lines(dice(state, 1, 4, 5, 6, 2), "attack hoth 2")
    assert told == ["Hoth attacks Tuapse.",
                    "White dice 1, 4, 5, 6, 2; -1 for Mountains: 3 red cubes destroyed, 2 grey cubes lost.",
                    "Tuapse is captured: +3 VP."]


def test_overkill_and_ruoffs_reroll_are_explained():
    state = orders(("ruoff", "hoth", "paulus"))
    place(state, 1, "rossosh", 1)
    _, told = lines(dice(state, 1, 1, 1, 1, 1, 2), "attack ruoff 1")
    assert told[1] == ("White dice 2, 1, 1, 1, 1 (Ruoff rolled his 1 again): 0 red cubes destroyed, 1 grey cube lost "
                       "(Overkill rule: no more than the card's red cubes).")


def test_a_stop_card_says_its_numbers():
    state = orders()
    state.deck = ["treibstoff1", "fuelshortage"]
    _, told = lines(state, "end")
    assert f"Event drawn: Treibstoffmangel (stop): -2 supply (now {state.supply - 2})." in told


def test_stavka_reserves_say_where_the_cubes_go():
    state = orders(hard=True)
    place(state, 1, "rossosh", 2)
    place(state, 3, "salsk", 1)
    state.deck = ["treibstoff1", "stavka"]
    _, told = lines(dice(state, *[6] * 12), "end")
    assert "Event drawn: Stavka Reserves (stop): red cubes 2 on Rossosh, 2 on Salsk." in told


def test_zhukov_and_chuikov_are_named_with_their_effect():
    state = orders()
    state.deck = ["chuikov", "zhukov"]
    after, told = lines(state, "end")
    assert "Event drawn: General Zhukov. It stays in play. Every local counter-attack rolls one extra die." in told
    assert ("Event drawn: General Chuikov. It stays in play. Counter-attacks from Fortress cards destroy a grey "
            "cube on a 1 or 2.") in told
    place(after, 3, "rostov", 2)
    after.deck = ["treibstoff1", "eisenbahn"]
    _, told = lines(dice(after, 2, 6, 6), "end")
    assert ("Local counter-attack from Rostov on Paulus: dice 2, 6, 6 (+1 for General Zhukov; "
            "General Chuikov: hits on 1 or 2): 1 grey cube lost.") in told


def test_a_major_counter_attack_is_drawn_deployed_and_strikes():
    state = orders()
    state.generals["paulus"]["cubes"] = 2
    state.deck = ["treibstoff1", "bryansk"]
    _, told = lines(dice(state, 1, 6, 6), "end")
    assert told[3:6] == [
        "Event drawn: Bryansk Front Counter-Attack, a Major Counter-Attack (3 red cubes, 1 VP when captured).",
        "Bryansk Front Counter-Attack deploys in slot 3 with 3 red cubes.",
        "Bryansk Front Counter-Attack strikes Paulus: dice 1, 6, 6: 1 grey cube lost."]


def test_reinforcements_missions_and_supply_on_capture():
    state = orders(missions=True)
    state.vp, state.missions = 7, ["assault"]
    place(state, 1, "millerovo", 1)
    place(state, 2, "rostov", 2)
    _, told = lines(dice(state, 3, 3, 3, 3, 3), "attack gariboldi 1")
    assert told[2:] == ["Millerovo is captured: +2 VP.",
                        f"Millerovo: +2 supply (now {state.supply - 1 + 2}).",
                        "Soviet reinforcements (the VP track stopped on a red circle at 9): 2 red cubes on Rostov."]
    state.missions = ["assault"]
    state.vp = 2
    place(state, 1, "tuapse", 1)
    _, told = lines(dice(state, 3, 3, 3, 3, 3), "attack gariboldi 1")
    assert told[-1] == "Mission accomplished: Storm the Heights: +1 VP."


def test_consolidate_rally_and_a_lost_general():
    state = orders(("hoth", "gariboldi", "paulus"))
    state.generals["hoth"]["cubes"] = 3
    after, told = lines(state, "consolidate hoth")
    assert told == ["Hoth consolidates.", f"+1 grey cube (now 4), +2 supply (now {state.supply + 2})."]
    _, told = lines(after, "rally hoth")
    assert told[1] == "Hoth is ready again with 3 grey cubes."
    state.generals["hoth"]["cubes"] = 1
    place(state, 1, "astrakhan", 5)
    _, told = lines(dice(state, 1), "attack hoth 1")
    assert told[-1] == "Hoth and his army are wiped out (-2 VP at the end)."


def test_the_end_says_the_result_and_the_reason():
    state = orders()
    state.calendar, state.vp, state.deck = data.WINTER - 1, 25, ["treibstoff1"]
    state.lost = ["ruoff", "salmuth"]
    _, told = lines(state, "end")
    assert told[-1] == ("Defeat: 21 VP (25 less 4 for lost generals) at the Soviet Winter Offensive "
                        "(victory needs 27, brilliant 30).")
