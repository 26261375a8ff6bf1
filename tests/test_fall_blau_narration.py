"""Issue 18 for Fall Blau: every event in plain words, one scenario per kind, and the terminal."""

import re

from game_core.engine import run_bot
from game_core.fall_blau import BOTS, GAME, action_menu, data, text_board
from game_core.rng import Rng
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
    assert "Event drawn: Stavka Reserves (stop): red cubes added +1 on Rossosh, +1 on Salsk." in told


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


def test_text_board_shows_names_texts_and_rewards_never_ids():
    state = orders(("kleist", "hoth", "paulus"), missions=True)
    state.missions, state.hand, state.in_play = ["assault"], ["treibstoff2", "stug1"], ["zhukov"]
    state.deck = ["marsch2", "artillerie1"]
    place(state, 2, "tuapse", 3)
    board = text_board(state.view("player"))
    for shown in ("Tuapse (campaign, 3 VP): 3 red cubes; mountains, -1 to attack dice",
                  "counter-attacks with 4 dice, hits on 1", "Treibstoffkolonne: +2 supply",
                  "Sturmgeschütz-Abteilung: +2 black dice to one attack or +1 grey cube for a general",
                  "General Zhukov: Every local counter-attack rolls one extra die",
                  "next, seen by von Kleist: Artillerie-Vorbereitung",
                  "Storm the Heights: Capture a Mountains or Fortress card (+1 VP)", "Captured: none"):
        assert shown in board
    ids = set(data.EVENTS) | set(data.CAMPAIGNS) | set(data.GENERALS)
    assert not {word for word in re.findall(r"[a-z0-9]+", board) if word in ids}


def test_action_menu_groups_and_explains_every_move():
    state = orders(("kleist", "hoth", "paulus"))
    state.hand = ["ersatzheer", "stuka"]
    state.generals["paulus"]["cubes"] = 4  # room in the box for grey cubes
    place(state, 1, "rostov", 4)
    view = state.view("player")
    menu = dict(action_menu(view))
    listed = [action for items in menu.values() for action, _ in items]
    assert sorted(listed) == sorted(view["legal_actions"])
    reorgs = menu["Reorganize the frontline for 1 supply (new order, left to right)"]
    assert len(reorgs) == 5 and ("reorg paulus hoth kleist", "Paulus | Hoth | von Kleist") in reorgs
    orders_for = dict(menu["Orders for von Kleist (slot 1, 5 grey cubes)"])
    assert orders_for["attack kleist 1 stuka"] == ("attack Rostov in slot 1 (4 red cubes): 5 white dice at -1 "
                                                   "+ 3 black from Stuka-Angriff; 1 supply")
    assert dict(menu["Play an event card from your hand"])["play ersatzheer hoth"] == \
        "Ersatzheer on Hoth: +2 grey cubes for Hoth"


def test_a_scripted_terminal_game_shows_board_choices_dice_and_verdict():
    state = GAME.new_game(5)
    rng = Rng.from_seed(5, "script")
    transcript = []
    while not state.is_over:
        view = state.view("player")
        transcript += [text_board(view)] + [f"{a}: {e}" for _, items in action_menu(view) for a, e in items]
        before, state = state, state.apply(run_bot(BOTS["advisor"], GAME, view, rng))
        transcript += [line for line, _ in GAME.narrate(before, state)]
    text = "\n".join(transcript)
    assert "White dice" in text and "Event drawn:" in text and "Frontline (slot 1 is on the left)" in text
    assert re.search(r"(Defeat|Victory|Brilliant Victory): \d+ VP", transcript[-1])
