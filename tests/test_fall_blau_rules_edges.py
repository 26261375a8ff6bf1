"""Fall Blau rules at their edges, each written to kill a mutant that lived (docs/mutation.md): every
broken invariant named (with the box's limits themselves allowed), the log's words for an exhausted
general and a reshuffle, the names in a notation error, and the advisor's one-game estimate.
Rules from shared/rules/fall-blau.txt."""

import pytest

from game_core.engine import IllegalAction
from game_core.fall_blau import GAME, PACKAGE, data
from game_core.fall_blau.bots import estimate_win_chance
from game_core.rng import Rng
from test_fall_blau_rules import dice, orders, place
from invariants import broken


def whole(state):
    """orders() clears the frontline without returning a Major Counter-Attack to the deck: put it back."""
    dealt = [e for e, card in data.EVENTS.items() if not card["hard"]]
    state.deck += [e for e in dealt if e not in state.deck]
    state.check_invariants()
    return state


def test_the_box_limits_themselves_are_allowed():
    # Components: 20 red and 16 grey cubes; the supply track and the calendar have ends; a hand holds 5 cards.
    state = whole(orders())
    place(state, 1, "rossosh", data.RED_CUBES)
    state.supply = data.MAX_SUPPLY
    state.calendar = data.WINTER
    state.hand, state.deck = state.deck[-data.HAND_LIMIT:], state.deck[:-data.HAND_LIMIT]
    state.generals["hoth"]["cubes"] += data.GREY_CUBES - state.grey_on_table()
    state.check_invariants()


def test_each_corrupted_position_is_named():
    state = whole(orders())
    place(state, 1, "rossosh", 2)
    assert broken(state, lambda s: place(s, 2, "kalach", data.RED_CUBES)) == "more red cubes than the box holds"
    assert broken(state, lambda s: s.generals["hoth"].update(cubes=data.GREY_CUBES)) == \
        "more grey cubes than the box holds"
    assert broken(state, lambda s: setattr(s, "supply", data.MAX_SUPPLY + 1)) == "supply off its track"
    assert broken(state, lambda s: setattr(s, "supply", -1)) == "supply off its track"
    assert broken(state, lambda s: setattr(s, "calendar", data.WINTER + 1)) == "the calendar is off its track"
    assert broken(state, lambda s: setattr(s, "hand", s.deck[:data.HAND_LIMIT + 1])) == "too many cards in hand"
    assert broken(state, lambda s: s.front[0].update(red=-1)) == "negative cubes on the front"
    assert broken(state, lambda s: setattr(s, "vp", -1)) == "negative victory points"


def test_an_exhausted_general_and_a_reshuffle_are_told():
    # The event deck is empty: exhaust a ready general, then shuffle the discards into a new deck.
    state = orders()
    state.deck, state.discard_pile = ["treibstoff1"], ["stug1", "stug2"]
    after = state.apply("end").apply("exhaust hoth")
    assert after.report[:2] == ["Hoth is exhausted for this turn.",
                                "The 2 discarded events are shuffled into a new deck."]
    assert GAME.describe_outcome(state, after) == " ".join(after.report)
    one = orders()
    one.deck, one.discard_pile = ["treibstoff1"], ["stug1"]
    assert "The 1 discarded event are shuffled into a new deck." in one.apply("end").apply("exhaust hoth").report


def test_a_notation_error_names_what_was_expected():
    state = orders()
    for action, expected in (("attack zhukov 1", "general"), ("advance hoth kalach nowhere 2", "campaign card"),
                             ("deploy 4", "slot (1-3)"), ("discard hoth", "event card"),
                             ("play stug1 volga", "general or slot"),
                             ("reorg hoth x paulus", "general (or - for an empty slot)")):
        with pytest.raises(IllegalAction) as err:
            state.apply(action)
        assert f"is not a valid {expected} in" in str(err.value), action


def test_the_advisors_estimate_plays_one_game_from_the_view():
    state = orders()
    view = state.view("player")
    mine, theirs = Rng.from_seed(4, "est"), Rng.from_seed(4, "est")
    assert PACKAGE.win_chance(view, mine) == estimate_win_chance(view, theirs, 1)
    assert mine.next64() == theirs.next64()  # the same one game was played: the streams are level


def move(state, event, pile):
    state.deck.remove(event)
    pile.append(event)


def test_a_general_and_the_cards_are_each_in_one_place():
    state = whole(orders())
    state.generals["hoth"]["cubes"] = 1  # a general with one grey cube left still stands
    state.check_invariants()
    assert broken(state, lambda s: s.generals["hoth"].update(cubes=0)) == "hoth is off the table"
    assert broken(state, lambda s: s.slots.__setitem__(1, None)) == "hoth is off the table"
    assert broken(state, lambda s: s.deck.pop()) == "an event card is lost or doubled"
    assert broken(state, lambda s: s.captured.append(s.queue[0])) == "a campaign card is in two places"


def test_a_bot_rebuilds_the_deck_from_the_events_it_has_not_seen():
    # Hand, cards in play, the discard pile and captured Major Counter-Attacks are open; the deck is not.
    state = whole(orders())
    move(state, "stug1", state.hand)
    move(state, "zhukov", state.in_play)
    move(state, "stuka", state.discard_pile)
    move(state, "volga", state.captured)
    state.check_invariants()
    rebuilt = GAME.state_from_view(state.view("player"), Rng(3))
    rebuilt.check_invariants()
    assert sorted(rebuilt.deck) == sorted(state.deck)


def test_a_rebuilt_deck_keeps_kleists_top_card_and_skips_the_frontline_and_the_missions_seen():
    # Von Kleist's reconnaissance shows the top event card; counter-attack cards on the front are open;
    # Missions Mode: the missions drawn and done are open, the rest are a face-down deck.
    state = whole(orders(generals=("kleist", "hoth", "paulus"), missions=True))
    state.mission_deck = state.mission_deck or []
    move(state, "southwest", [])
    place(state, 2, "southwest", 2)
    done = state.mission_deck.pop()
    state.missions_done.append(done)
    state.check_invariants()
    assert state.missions and state.mission_deck
    view = state.view("player")
    assert view["state"]["deck_top"] == state.deck[-1]
    for seed in range(3):
        rebuilt = GAME.state_from_view(view, Rng(seed))
        rebuilt.check_invariants()
        assert rebuilt.deck[-1] == state.deck[-1] and sorted(rebuilt.deck) == sorted(state.deck)
        assert len(rebuilt.mission_deck) == len(state.mission_deck)
        assert sorted(rebuilt.mission_deck) == sorted(set(data.MISSIONS) - set(state.missions) - {done})


def test_a_rebuilt_hard_mode_deck_holds_the_skull_cards():
    state = orders(hard=True)
    state.deck += [e for e in data.EVENTS if e not in state.deck]
    state.check_invariants()
    rebuilt = GAME.state_from_view(state.view("player"), Rng(1))
    rebuilt.check_invariants()
    assert "stavka" in rebuilt.deck


def test_only_the_general_facing_a_card_or_next_to_it_may_attack_it():
    # Attack: a general attacks the card in front of him or in a neighbouring slot, never two slots away.
    state = whole(orders())
    place(state, 1, "rossosh", 2)
    front = state.facts("player")["front"][0]
    assert sorted(front["white_dice"]) == sorted(front["modifiers"]) == ["gariboldi", "hoth"]


def test_counter_attack_dice_need_a_general_to_strike_and_red_cubes_to_strike_with():
    # Local counter-attacks: each card rolls one die per red cube against the general facing it (Zhukov +1).
    state = whole(orders())
    move(state, "zhukov", state.in_play)
    place(state, 1, "rossosh", 2)
    place(state, 2, "kalach", 0)
    assert [f and f["counter_dice"] for f in state.facts("player")["front"]] == [3, 0, None]
    del state.generals["gariboldi"]
    state.slots[0], state.lost = None, ["gariboldi"]
    state.check_invariants()
    assert state.facts("player")["front"][0]["counter_dice"] == 0  # nobody faces it (Paulus is two slots away)


def test_locked_campaign_cards_are_those_neither_unlocked_on_the_front_nor_captured():
    # Setup: only Voronezh starts unlocked; capturing a card unlocks those it names.
    state = whole(orders())
    place(state, 1, "voronezh", 1)
    state.captured.append("rossosh")
    state.queue.append("millerovo")
    assert state.facts("player")["locked"] == ["kalach", "rostov", "kotelnikovo", "salsk", "krasnodar",
                                               "stalingrad", "elista", "maikop", "novorossiysk", "tuapse",
                                               "astrakhan", "grozny"]


def test_choosing_the_generals_comes_first():
    # Setup: choose three generals for the frontline, left to right, before any order.
    state = GAME.new_game(7, {}).apply("general hoth")
    for action, reason in (("end", "first choose three generals for the frontline"),
                           ("general hoth", "that general is already on the frontline"),
                           ("general salmuth", "that general is not in this game's pool")):
        with pytest.raises(IllegalAction) as err:
            state.apply(action)
        assert str(err.value) == reason


def reasons(state, *actions):
    """Each action's refusal, in order."""
    said = []
    for action in actions:
        with pytest.raises(IllegalAction) as err:
            state.apply(action)
        said.append(str(err.value))
    return said


def test_a_pending_choice_is_made_first_and_only_among_its_options():
    full = orders()
    full.hand = ["stug1", "stug2", "stuka", "marsch1", "marsch2"]
    full.deck = ["treibstoff1", "eisenbahn"]
    full = full.apply("end")  # Hand limit: discard an event card before drawing a sixth
    assert reasons(full, "consolidate hoth", "discard zhukov") == [
        "your hand is full: discard an event card before drawing",
        "choose one of: marsch1, marsch2, stug1, stug2, stuka"]
    empty = orders()
    empty.deck, empty.discard_pile = ["treibstoff1"], ["stug1"]
    empty = empty.apply("end")  # the deck ran out: exhaust a ready general before reshuffling
    assert reasons(empty, "end") == ["the event deck is empty: choose a general to exhaust before reshuffling"]
    deploy = GAME.new_game(7, {})
    for general in ("gariboldi", "hoth", "paulus"):
        deploy = deploy.apply(f"general {general}")
    assert deploy.pending["kind"] == "deploy"  # a Major Counter-Attack drawn with two empty slots to choose from
    assert reasons(deploy, "end", "deploy 3") == ["choose where the Major Counter-Attack deploys first",
                                                  "choose one of: 1, 2"]
    tie = orders()
    tie.vp = 8
    place(tie, 1, "voronezh", 1)
    place(tie, 2, "kalach", 2)
    place(tie, 3, "kotelnikovo", 2)
    tie = dice(tie, 3, 3, 3, 3, 3).apply("attack gariboldi 1")  # VP 9, a red circle: two cards worth the most
    assert reasons(tie, "end") == ["choose which card receives the Soviet reinforcements first"]


def test_each_refused_order_says_which_rule_stops_it():
    state = whole(orders())
    state.hand = ["stug1"]
    state.deck.remove("stug1")
    place(state, 2, "rossosh", 2)
    assert reasons(state, "discard stug1", "exhaust hoth", "general ruoff", "play stuka", "play stug1", "rally hoth",
                   "consolidate salmuth", "advance hoth voronezh", "advance gariboldi kalach",
                   "attack paulus 1", "attack hoth 3",
                   "attack hoth 2 stuka") == [
        "there is no discard choice to make now",
        "there is no exhaust choice to make now",
        "there is no general choice to make now",
        "that event card is not in your hand",
        "that event card cannot be played that way now",
        "only Hoth, once per turn, after an order and with 2+ grey cubes, can rally",
        "that general is not on the frontline",
        "a general with a campaign card in front of him cannot advance",
        "that campaign card is not in the unlocked queue",
        "a general can only attack the card in front of him or next to it",
        "there is no card in that slot to attack",
        "only one event card from your hand can add dice to an attack"]
    state.queue.append("kalach")
    assert reasons(state, "advance gariboldi voronezh kalach 2", "reorg gariboldi hoth paulus") == [
        "only Panzer generals may deploy a second card",
        "a reorganization must place each living general exactly once and change the order"]
    state.queue = []
    assert reasons(state, "advance gariboldi voronezh") == ["there are no unlocked campaign cards to advance on"]
    poor = whole(orders())
    poor.supply = 0
    place(poor, 1, "elista", 2)  # Elista costs one supply more to attack
    poor.supply = 1
    assert reasons(poor, "advance hoth voronezh rossosh 3", "attack gariboldi 1") == [
        "not enough supply for that advance", "that attack costs 2 supply"]
    poor.supply = 0
    assert reasons(poor, "reorg hoth gariboldi paulus", "advance hoth voronezh") == [
        "reorganizing the frontline costs 1 supply", "not enough supply for that advance"]
    tired = dice(whole(orders()), 6, 6, 6, 6, 6).apply("consolidate hoth")
    assert reasons(tired, "consolidate hoth") == ["that general is exhausted: only a ready general can take an order"]


def test_each_mission_is_met_exactly_at_its_threshold():
    # Missions Mode (our designed missions beside the rulebook's Propaganda example): each at its edge.
    state = whole(orders(missions=True))
    facts = {"card": "kalach", "helped": True, "losses": 0, "kills": 3, "double": True}

    def met(mission, **changed):
        return state.mission_met(data.MISSIONS[mission], dict(facts, **changed))

    assert met("propaganda", card="rostov") and not met("propaganda", card="kalach")
    assert not met("propaganda", card="rostov", helped=False)
    state.turn_captures = 2
    assert met("blitz")
    state.turn_captures = 1
    assert not met("blitz")
    assert met("oil", card="maikop") and met("oil", card="grozny") and not met("oil", card="rostov")
    assert met("clean") and not met("clean", losses=1)
    state.supply = 8
    assert met("stockpile")
    state.supply = 7
    assert not met("stockpile")
    assert met("fullstrength")  # every general at his starting strength
    state.generals["paulus"]["cubes"] -= 1
    assert not met("fullstrength")
    assert met("firestorm") and not met("firestorm", kills=2)
    assert met("crush", card="volga") and not met("crush", card="rostov")
    assert met("thrust") and not met("thrust", double=False)
    assert met("assault", card="maikop") and met("assault", card="rostov") and not met("assault", card="kalach")
    assert not state.mission_met({"trigger": "capture"}, facts)  # a mission with no known condition


def test_supply_edges_of_orders():
    # Orders cost supply: 1 to advance (2 with a Panzer general's second card), 1 to reorganize,
    # the card's attack cost to attack; with exactly that much the order is affordable.
    state = whole(orders())
    place(state, 3, "rossosh", 2)
    state.supply = 1
    assert reasons(state, "reorg gariboldi hoth paulus", "advance gariboldi kalach", "attack hoth 3 stuka") == [
        "a reorganization must place each living general exactly once and change the order",
        "that campaign card is not in the unlocked queue",
        "only one event card from your hand can add dice to an attack"]
    state.queue.append("kalach")
    state.supply = 2
    assert reasons(state, "advance hoth voronezh kalach 2", "advance hoth voronezh kalach 3") == [
        "a second card must go to an empty slot next to the general",
        "a second card must go to an empty slot next to the general"]


def test_the_verdict_names_the_victory_level():
    # Game end: 27 VP is a Victory, 30 a Brilliant Victory (standard boxes); lost generals cost 2 VP each.
    for vp, lost, verdict in ((30, [], "Brilliant Victory: 30 VP"), (27, [], "Victory: 27 VP"),
                              (31, ["ruoff"], "Victory: 29 VP (31 less 2 for lost generals)")):
        state = whole(orders())
        state.vp, state.lost = vp, lost
        state.finish("at the Soviet Winter Offensive")
        assert state.report[-1] == f"{verdict} at the Soviet Winter Offensive (victory needs 27, brilliant 30)."
        assert state.flow == [] and state.legal_actions() == []


def special(card, target, faces):
    state = whole(orders())
    state.deck.remove(card)
    state.hand = [card]
    place(state, 2, target, 4)
    after = dice(state, *faces).apply(f"play {card} 2")
    return after.card_at(2)["red"], after.rolls, after.report


def test_a_special_attack_ignores_the_fortress_only_with_dora():
    # Event cards: Luftwaffe Support and Dora roll 3 black dice, a 3+ (after the terrain modifier) kills one
    # red cube; Dora ignores the Fortress modifier; a special attack never captures.
    assert special("dora", "rostov", (3, 3, 2)) == (
        2, [{"slot": 2, "white": [], "black": [3, 3, 2], "modifier": 0}],
        ["Black dice 3, 3, 2: 2 red cubes destroyed on Rostov (a special attack never captures)."])
    red, rolls, report = special("luftwaffe1", "rostov", (4, 3, 2))
    assert red == 3 and rolls[0]["modifier"] == 1
    assert report == ["Black dice 4, 3, 2; -1 for Fortress: 1 red cube destroyed on Rostov "
                      "(a special attack never captures)."]
    assert special("dora", "maikop", (4, 3, 2))[:2] == (3, [{"slot": 2, "white": [], "black": [4, 3, 2],
                                                            "modifier": 1}])  # Dora does not ignore mountains
    assert special("luftwaffe1", "kalach", (6, 6, 6))[0] == 1


def test_a_grey_cube_card_adds_to_the_general_and_consolidate_is_capped_at_his_start():
    # Event cards give grey cubes (never more than the box holds); Consolidate gives +1 grey cube up to the
    # general's starting strength, and +2 supply.
    state = whole(orders())
    state.deck.remove("ersatzheer")
    state.hand = ["ersatzheer"]
    state.generals["hoth"]["cubes"] = 3
    after = state.apply("play ersatzheer hoth")
    assert after.generals["hoth"]["cubes"] == 5 and after.report == ["Hoth gains 2 grey cubes (now 5)."]
    full = whole(orders())
    full.generals["gariboldi"]["cubes"] = 3  # room in the box: only Hoth's own strength caps him
    full = full.apply("consolidate hoth")
    assert full.generals["hoth"]["cubes"] == 5 and full.report == ["Still 5 grey cubes, +2 supply (now 5)."]


def test_an_advance_pays_its_supply_and_a_double_advance_is_a_thrust():
    # Advance!: 1 supply per campaign card deployed; a Panzer general may deploy a second card beside him.
    state = whole(orders(missions=True))
    state.missions, state.supply = ["thrust"], 5
    state.queue.append("kalach")
    after = state.apply("advance hoth voronezh kalach 1")
    assert after.supply == 5 - 2 + 2 and after.missions_done == ["thrust"]  # thrust pays 2 supply
    assert after.report[:2] == ["Voronezh deploys in slot 2 with 3 red cubes.",
                                "Kalach deploys in slot 1 with 3 red cubes."]
    assert not after.generals["hoth"]["ready"]
    single = whole(orders()).apply("advance hoth voronezh")
    assert single.supply == 2


def test_elista_deploys_two_more_red_cubes_while_grozny_stands_and_the_box_runs_out():
    state = whole(orders())
    state.queue.append("elista")
    after = state.apply("advance hoth elista")
    assert after.card_at(2)["red"] == 4
    assert after.report[0] == "Elista deploys in slot 2 with 4 red cubes (2 more while Grozny is not captured)."
    short = whole(orders())
    place(short, 1, "kalach", data.RED_CUBES - 1)
    after = short.apply("advance hoth voronezh")
    assert after.card_at(2)["red"] == 1 and after.report[0] == "Voronezh deploys in slot 2 with 1 red cube."
    place(short, 1, "kalach", data.RED_CUBES)
    assert short.apply("advance hoth voronezh").card_at(2)["red"] == 0


def quiet_draws(state):
    """The next turn's two draws are hand cards (whole() put the Major Counter-Attack it returned on top)."""
    for card in ("eisenbahn", "treibstoff1"):
        state.deck.remove(card)
        state.deck.append(card)
    state.check_invariants()


def test_von_salmuth_ignores_the_first_hit_and_two_extra_dice_cards_are_named():
    # Our sixth general (the general_pool option): von Salmuth ignores the first hit of a counter-attack.
    # Zhukov and (Hard Mode) Order No. 227 each add a die to a local counter-attack.
    state = whole(orders(generals=("salmuth", "hoth", "paulus"), general_pool="six", hard=True))
    move(state, "zhukov", state.in_play)
    move(state, "order227", state.in_play)
    place(state, 1, "rossosh", 1)
    quiet_draws(state)
    after = dice(state, 1, 1, 1).apply("end")
    assert after.generals["salmuth"]["cubes"] == 5 - 2
    assert after.report[1] == ("Local counter-attack from Rossosh on von Salmuth: dice 1, 1, 1 (+2 for General "
                               "Zhukov and Order No. 227; von Salmuth ignores the first hit): 2 grey cubes lost.")
    assert after.cues == [{"slot": 1, "kind": "counter", "text": "Counter-attack on von Salmuth: 2 grey lost",
                           "label": "Counter-attack: -2 grey"}]
    one = dice(whole(orders()), 1)
    place(one, 1, "rossosh", 1)
    quiet_draws(one)
    assert one.apply("end").generals["gariboldi"]["cubes"] == 4  # one red cube, one die, a 1 hits


def test_a_special_attack_counts_for_a_kills_mission():
    # Missions Mode, Firestorm: destroy 3 red cubes in one attack; a special attack is an attack.
    state = whole(orders(missions=True))
    state.missions = ["firestorm"]
    state.deck.remove("luftwaffe1")
    state.hand = ["luftwaffe1"]
    place(state, 2, "kalach", 4)
    after = dice(state, 6, 6, 6).apply("play luftwaffe1 2")
    assert after.card_at(2)["red"] == 1 and after.missions_done == ["firestorm"]


def test_a_major_counter_attack_on_an_occupied_slot_is_not_local():
    # A Major Counter-Attack that strikes a slot with a card rolls its own red cubes only: Zhukov's extra
    # die is for local counter-attacks.
    state = whole(orders())
    move(state, "zhukov", state.in_play)
    for slot, card in ((1, "voronezh"), (2, "rossosh"), (3, "salsk")):
        place(state, slot, card, 0)
    state.generals["gariboldi"]["cubes"] = 4  # the fewest grey cubes: Volga strikes slot 1
    state.deck.remove("volga")
    state.deck.append("volga")  # the Stalingrad Front Counter-Attack (4 red cubes) is the next draw
    state.deck.remove("treibstoff1")
    state.deck.insert(len(state.deck) - 1, "treibstoff1")
    after = dice(state, *[6] * 12).apply("end")
    assert "volga" in after.discard_pile
    assert [len(r["soviet"]) for r in after.rolls] == [4]


def test_an_attack_with_black_dice_against_a_fortress_is_rolled_and_told_in_full():
    # Attack!: one white die per grey cube, plus an event card's black dice; the Fortress takes 1 from each
    # die; 3+ kills a red cube, a white 1 or less costs a grey cube, a black die never does (page 5).
    state = whole(orders(missions=True))
    state.missions = ["firestorm"]
    state.deck.remove("stuka")
    state.hand = ["stuka"]
    place(state, 2, "rostov", 6)
    after = dice(state, 6, 6, 4, 4, 1, 4, 3, 1).apply("attack hoth 2 stuka")
    assert after.rolls == [{"slot": 2, "white": [6, 6, 4, 4, 1], "black": [4, 3, 1], "modifier": 1}]
    assert after.report[0] == ("White dice 6, 6, 4, 4, 1; black dice 4, 3, 1; -1 for Fortress: 5 red cubes "
                               "destroyed, 1 grey cube lost.")
    assert after.card_at(2)["red"] == 1 and after.generals["hoth"]["cubes"] == 4
    assert after.missions_done == ["firestorm"]


def test_a_card_with_no_red_cubes_left_falls_to_any_attack_and_a_clean_capture_is_rewarded():
    # Missions Mode, Clean: capture a card without losing a grey cube.
    state = whole(orders(missions=True))
    state.missions = ["clean"]
    place(state, 2, "kalach", 0)
    after = state.apply("attack hoth 2")
    assert after.report[0] == "No red cubes are left to defend it."
    assert "kalach" in after.captured and after.missions_done == ["clean"]


# -- session 9: the mutants session 8's edge tests left alive --------------------------------------------

def test_orders_cost_supply_down_to_the_last_point():
    # Orders: Advance! costs 1 supply per card (a Panzer general's second card 1 more), Reorganize 1; an
    # order is offered while the supply pays for it, down to the last point.
    state = whole(orders())
    state.queue = ["voronezh", "kalach"]
    state.supply = 1
    legal = state.legal_actions()
    assert "advance gariboldi voronezh" in legal and "reorg hoth gariboldi paulus" in legal
    assert not [a for a in legal if len(a.split()) == 5]  # no double advance on 1 supply
    state.supply = 2
    assert "advance hoth voronezh kalach 1" in state.legal_actions()
    state.supply = 0
    assert not [a for a in state.legal_actions() if a.startswith(("advance", "reorg"))]


def test_only_a_hand_card_with_dice_adds_dice_to_an_attack():
    # Event cards: a hand card's dice join an attack; a card with no dice, or a special attack, does not.
    state = whole(orders())
    for card in ("treibstoff1", "luftwaffe1", "stug1"):
        move(state, card, state.hand)
    place(state, 1, "rossosh", 2)
    attacks = [a for a in state.legal_actions() if a.startswith("attack gariboldi 1")]
    assert attacks == ["attack gariboldi 1", "attack gariboldi 1 stug1"]


def test_hoth_rallies_with_two_grey_cubes_not_one():
    # Hoth: after an order, once per turn, he may pay a grey cube to be ready again, if he has 2 or more.
    state = whole(orders())
    state = state.apply("consolidate hoth")
    state.generals["hoth"]["cubes"] = 2
    assert "rally hoth" in state.legal_actions()
    state.generals["hoth"]["cubes"] = 1
    assert "rally hoth" not in state.legal_actions()


def test_a_grey_cube_card_needs_a_free_grey_cube_in_the_box():
    # Components: 16 grey cubes. Gariboldi 5, Hoth 5 and Paulus 6 hold them all: Ersatzheer has none to give.
    state = whole(orders())
    move(state, "ersatzheer", state.hand)
    assert state.grey_on_table() == data.GREY_CUBES
    assert not [a for a in state.legal_actions() if a.startswith("play")]
    state.generals["hoth"]["cubes"] -= 1
    assert [a for a in state.legal_actions() if a.startswith("play")] == [
        "play ersatzheer gariboldi", "play ersatzheer hoth", "play ersatzheer paulus"]
    assert state.apply("play ersatzheer gariboldi").report == ["Gariboldi gains 1 grey cube (now 6)."]


def test_attacking_a_major_counter_attack_card_costs_one_supply():
    # Attack!: 1 supply, plus the extra cost printed on some campaign cards; counter-attack cards print none.
    state = whole(orders())
    move(state, "volga", [])
    place(state, 1, "volga", 2)
    state.supply = 1
    assert state.facts("player")["front"][0]["attack_cost"] == 1
    assert "attack gariboldi 1" in state.legal_actions()


def test_ruoff_rerolls_one_die_that_would_cost_a_cube_after_the_modifier():
    # Ruoff: he rolls again one white die that would cost a grey cube (a 1 or less after the terrain modifier).
    state = whole(orders(generals=("ruoff", "hoth", "paulus")))
    place(state, 1, "rostov", 4)  # Fortress: -1, so a 2 costs a cube and is rolled again
    after = dice(state.copy(), 2, 4, 4, 4, 4, 4).apply("attack ruoff 1")
    assert after.report[0] == ("White dice 4, 4, 4, 4, 4 (Ruoff rolled his 2 again); -1 for Fortress: "
                               "4 red cubes destroyed, 0 grey cubes lost.")
    place(state, 1, "rossosh", 2)  # no terrain: a 2 is a miss, kept
    after = dice(state.copy(), 2, 3, 2, 2, 2, 6).apply("attack ruoff 1")
    assert after.report[0] == "White dice 2, 3, 2, 2, 2: 1 red cube destroyed, 0 grey cubes lost."


def test_a_capture_that_cost_a_grey_cube_is_not_clean():
    # Missions Mode, Clean Breakthrough: the capture's own attack must lose no grey cube.
    state = whole(orders(missions=True))
    state.missions = ["clean"]
    place(state, 1, "rossosh", 2)
    after = dice(state, 1, 3, 3, 2, 2).apply("attack gariboldi 1")
    assert "rossosh" in after.captured and after.generals["gariboldi"]["cubes"] == 4
    assert after.missions == ["clean"] and after.missions_done == []


def test_white_dice_half_rounded_up_and_paulus_fortress_die():
    # Attack!: one white die per grey cube, half (rounded up) against a neighbouring slot; Paulus rolls one
    # more against a Fortress; never more than the box's 6 white dice.
    state = whole(orders())
    state.generals["hoth"]["cubes"] = 4
    state.generals["paulus"]["cubes"] = 4
    place(state, 3, "rostov", 4)
    assert state.facts("player")["front"][2]["white_dice"] == {"hoth": 2, "paulus": 5}
    place(state, 3, "kalach", 4)
    assert state.facts("player")["front"][2]["white_dice"] == {"hoth": 2, "paulus": 4}
    state.generals["paulus"]["cubes"] = 6
    place(state, 3, "stalingrad", 6)
    assert state.facts("player")["front"][2]["white_dice"] == {"hoth": 2, "paulus": 6}


def test_chuikov_makes_only_a_fortress_hit_on_two():
    # General Chuikov (stays in play): counter-attacks from a Fortress card hit on 1 or 2.
    state = whole(orders())
    move(state, "chuikov", state.in_play)
    place(state, 1, "rossosh", 2)
    place(state, 2, "rostov", 2)
    assert [f["counter_hits_on"] for f in state.facts("player")["front"][:2]] == [1, 2]


def test_a_second_capture_in_a_turn_completes_blitz_and_the_capture_is_cued():
    # Missions Mode, Blitz: capture two cards in one turn; a new turn counts from zero.
    state = whole(orders(missions=True))
    state.missions = ["blitz"]
    place(state, 1, "rossosh", 0)
    place(state, 2, "kalach", 0)
    one = state.apply("attack gariboldi 1")
    assert one.turn_captures == 1 and one.missions == ["blitz"]
    assert one.cues == [{"slot": 1, "kind": "capture", "text": "Rossosh captured: +1 VP",
                         "label": "Captured: +1 VP"}]
    assert one.facts("player")["cues"] == one.cues
    two = one.apply("attack hoth 2")
    assert two.turn_captures == 2 and two.missions_done == ["blitz"]


def test_the_last_campaign_card_and_the_last_general_end_the_game_once():
    # Game end: capturing every campaign card, or losing every general, ends the game; one verdict is given.
    state = whole(orders())
    state.captured = [c for c in data.CAMPAIGNS if c != "salsk"]
    state.queue = []
    place(state, 2, "salsk", 1)
    for general in ("gariboldi", "paulus"):
        del state.generals[general]
        state.slots[state.slots.index(general)] = None
    state.lost = ["gariboldi", "paulus"]
    state.generals["hoth"]["cubes"] = 1
    move(state, "stug1", state.hand)  # its black dice kill; Hoth's one white die is a 1
    state.vp = 40
    after = dice(state.copy(), 1, 3, 2).apply("attack hoth 2 stug1")
    assert after.report[-2:] == [
        "Brilliant Victory: 36 VP (40 less 4 for lost generals) with every campaign card captured "
        "(victory needs 27, brilliant 30).",
        "Hoth and his army are wiped out (-2 VP at the end)."]
    state.captured.remove("rossosh")
    state.queue = ["rossosh"]
    state.vp = 0
    after = dice(state.copy(), 1, 3, 2).apply("attack hoth 2 stug1")
    assert after.report[-1] == ("Defeat: 0 VP (1 less 6 for lost generals) with every general lost "
                                "(victory needs 27, brilliant 30).")


def draws_next(state, *cards):
    """The next draws are these events, in order (the deck's top card is its last)."""
    for card in reversed(cards):
        state.deck.remove(card)
        state.deck.append(card)
    state.check_invariants()
    return state


def test_a_new_turn_readies_every_general_and_counts_captures_afresh():
    # End of turn: the Germans lose the initiative; the calendar moves on and every general is ready again,
    # Hoth free to rally once more.
    state = draws_next(whole(orders()), "eisenbahn", "treibstoff1")
    state = state.apply("consolidate hoth")
    assert state.generals["hoth"] == {"cubes": 5, "ready": False, "rallied": False, "ordered": True}
    state = state.apply("rally hoth").apply("consolidate gariboldi")
    state.turn_captures = 1
    after = state.apply("end")
    assert after.report[:3] == ["The Germans lose the initiative.", "Mid July 1942 begins.",
                                "Event drawn: Eisenbahnpioniere, into your hand (+2 supply)."]
    assert after.generals == {"gariboldi": {"cubes": 5, "ready": True, "rallied": False, "ordered": False},
                              "hoth": {"cubes": 4, "ready": True, "rallied": False, "ordered": False},
                              "paulus": {"cubes": 6, "ready": True, "rallied": False, "ordered": False}}
    assert after.turn_captures == 0 and "rally hoth" not in after.legal_actions()


def test_missions_are_drawn_at_the_start_of_each_month_only():
    # Missions Mode: two missions at the start of each month (its Early turn); last month's unfinished ones go.
    state = draws_next(whole(orders(missions=True)), "eisenbahn", "treibstoff1")
    drawn, left = list(state.missions), len(state.mission_deck)
    assert len(drawn) == 2
    mid = state.apply("end")
    assert mid.missions == drawn and len(mid.mission_deck) == left
    state.calendar = 3  # Late July: next comes Early August
    august = state.apply("end")
    assert august.report[1:3] == ["Early August 1942 begins.", "Last month's unfinished missions are discarded."]
    assert august.report[3].startswith("New mission: ") and len(august.missions) == 2
    assert not set(august.missions) & set(drawn)


def test_an_end_of_turn_mission_scores_and_its_red_circle_reinforces_before_the_new_turn():
    # Missions Mode, Stockpile: end a turn with 8+ supply (+1 VP). A VP total on a red circle brings Soviet
    # reinforcements (2 red cubes on the most valuable frontline card) right after the step that scored.
    state = draws_next(whole(orders(missions=True)), "eisenbahn", "treibstoff1")
    state.missions, state.supply, state.vp = ["stockpile"], 8, 3
    place(state, 1, "rossosh", 0)
    after = state.apply("end")
    assert after.missions_done == ["stockpile"] and after.vp == 4
    assert after.report[1:4] == [
        "Mission accomplished: Stockpile: +1 VP.",
        "Soviet reinforcements (the VP track stopped on a red circle at 4): 2 red cubes on Rossosh.",
        "Mid July 1942 begins."]


def test_a_mission_worth_no_vp_brings_no_reinforcements():
    # Missions Mode, Panzer Thrust gives supply only: the VP track does not move, so even on a red circle
    # no Soviet reinforcements come.
    state = whole(orders(missions=True))
    state.missions, state.vp = ["thrust"], 4
    state.queue = ["voronezh", "kalach"]
    after = state.apply("advance hoth voronezh kalach 1")
    assert after.missions_done == ["thrust"] and after.vp == 4
    assert after.front[:2] == [{"card": "kalach", "red": 3}, {"card": "voronezh", "red": 3}]
    assert not [line for line in after.report if line.startswith("Soviet reinforcements")]


def test_supply_never_drops_below_zero():
    # Treibstoffmangel (stop): -2 supply, then discarded; the track ends at 0.
    state = draws_next(whole(orders()), "fuelshortage", "treibstoff1")
    state.supply = 1
    after = state.apply("end")
    assert after.supply == 0 and after.discard_pile == ["fuelshortage"]  # a stop card is discarded
    assert "Event drawn: Treibstoffmangel (stop): -2 supply (now 0)." in after.report


def test_a_major_counter_attack_goes_to_an_empty_slot_facing_the_fewest_grey_cubes():
    # Major Counter-Attack: it deploys in an empty frontline slot, facing the general with the fewest grey
    # cubes; an occupied slot is struck only when no slot is empty; an empty slot with no general still takes it.
    state = draws_next(whole(orders()), "volga", "treibstoff1")
    place(state, 1, "rossosh", 0)
    state.generals["gariboldi"]["cubes"] = 3  # fewest, but his slot holds a card
    after = dice(state.copy(), *[6] * 4).apply("end")
    assert after.card_at(2) == {"card": "volga", "red": 4}
    assert after.report[2:4] == [
        "Event drawn: Stalingrad Front Counter-Attack, a Major Counter-Attack (4 red cubes, 2 VP when captured).",
        "Stalingrad Front Counter-Attack deploys in slot 2 with 4 red cubes."]

    lost = draws_next(whole(orders()), "volga", "treibstoff1")
    del lost.generals["paulus"]
    lost.slots[2], lost.lost = None, ["paulus"]
    lost.generals["hoth"]["cubes"] = 4
    assert dice(lost, *[6] * 4).apply("end").card_at(2) == {"card": "volga", "red": 4}

    nobody = draws_next(whole(orders()), "volga", "treibstoff1")
    del nobody.generals["gariboldi"]
    nobody.slots[0], nobody.lost = None, ["gariboldi"]
    place(nobody, 2, "rossosh", 0)
    place(nobody, 3, "salsk", 0)
    after = nobody.apply("end")
    assert after.card_at(1) == {"card": "volga", "red": 4} and after.rolls == []


def test_a_major_counter_attack_on_a_full_front_names_the_card_its_cubes_join():
    state = whole(orders())
    for slot, card in ((1, "voronezh"), (2, "rossosh"), (3, "salsk")):
        place(state, slot, card, 0)
    state.generals["gariboldi"]["cubes"] = 4
    draws_next(state, "volga", "treibstoff1")
    after = dice(state, *[6] * 4).apply("end")
    assert ("Stalingrad Front Counter-Attack strikes slot 1; its 4 red cubes then join Voronezh."
            in after.report)
    assert after.card_at(1) == {"card": "voronezh", "red": 4}


def test_a_new_game_waits_for_the_generals_with_nothing_pending():
    # Setup: the player first chooses three generals; no step of a turn is pending before that.
    view = GAME.new_game(7, {}).view("player")["state"]
    assert (view["phase"], view["flow"], view["pending"]) == ("generals", [], None)
    assert GAME.new_game(7, {}).legal_actions() == [f"general {g}" for g in data.STANDARD_GENERALS]
    # A chosen general stands at his starting strength, ready, before the first turn begins.
    chosen = GAME.new_game(7, {}).apply("general hoth").view("player")["state"]
    assert chosen["generals"] == {"hoth": {"cubes": 5, "ready": True, "rallied": False, "ordered": False}}
    assert chosen["slots"] == ["hoth", None, None] and chosen["phase"] == "generals"


def test_a_drawn_special_attack_card_goes_to_the_hand_and_is_the_last_event_shown():
    # Event cards: Luftwaffe Support is kept in hand until played; the board shows the last event drawn.
    state = draws_next(whole(orders()), "eisenbahn", "luftwaffe1")
    after = state.apply("end")
    assert after.hand == ["eisenbahn", "luftwaffe1"]
    assert after.report[-1] == ("Event drawn: Luftwaffe Support, into your hand (Special attack with 3 black "
                                "dice on any frontline card).")
    assert after.view("player")["state"]["last_event"] == "luftwaffe1"


def test_a_drawn_card_that_stays_in_play_is_told_with_its_effect():
    # Event cards: General Zhukov stays in play (every local counter-attack rolls one extra die).
    state = draws_next(whole(orders()), "eisenbahn", "zhukov")
    after = state.apply("end")
    assert after.in_play == ["zhukov"] and after.hand == ["eisenbahn"]
    assert after.report[-1] == ("Event drawn: General Zhukov. It stays in play. Every local counter-attack "
                                "rolls one extra die.")


def test_stavka_reserves_add_a_red_cube_to_each_frontline_card():
    # Hard Mode, Stavka Reserves (stop): 1 red cube on each card on the frontline, then discarded.
    state = orders(hard=True)
    state.deck += [e for e in data.EVENTS if e not in state.deck]
    draws_next(state, "stavka", "treibstoff1")
    empty = state.copy().apply("end")
    assert "Event drawn: Stavka Reserves (stop): red cubes added nowhere (no card on the frontline)." in empty.report
    place(state, 1, "rossosh", 0)
    place(state, 3, "kalach", 1)
    after = dice(state, 6).apply("end")  # Kalach's local counter-attack on Paulus misses
    assert after.report[3] == "Event drawn: Stavka Reserves (stop): red cubes added +1 on Rossosh, +1 on Kalach."
    assert (after.card_at(1)["red"], after.card_at(3)["red"]) == (1, 2) and after.discard_pile == ["stavka"]


def test_the_board_marks_the_pieces_the_last_action_changed():
    # An attack that captures: the general (a cube lost, exhausted), the supply paid and the VP scored.
    state = whole(orders())
    place(state, 1, "rossosh", 2)
    after = dice(state, 1, 3, 3, 2, 2).apply("attack gariboldi 1")
    assert after.last == ["gariboldi", "supply", "vp"]


def test_a_frontline_chosen_as_an_option_needs_three_different_generals_of_the_pool():
    state = GAME.new_game(1, {"generals": "hoth,paulus,ruoff"})  # chosen before play, left to right
    assert state.slots == ["hoth", "paulus", "ruoff"] and state.phase == "play"
    with_salmuth = GAME.new_game(1, {"generals": "salmuth,hoth,paulus", "general_pool": "six"})
    assert with_salmuth.slots == ["salmuth", "hoth", "paulus"]
    five = "hoth, kleist, paulus, ruoff, gariboldi"
    assert ", ".join(data.STANDARD_GENERALS) == five
    for generals, pool in (("salmuth,hoth,paulus", "five"), ("hoth,paulus", "five"), ("hoth,hoth,paulus", "five"),
                           ("hoth,paulus,ruoff,kleist", "five"), ("hoth,paulus,napoleon", "six")):
        names = five + (", salmuth" if pool == "six" else "")
        with pytest.raises(ValueError) as err:
            GAME.new_game(1, {"generals": generals, "general_pool": pool})
        assert str(err.value) == (f"option 'generals' needs three different generals from {names}, "
                                  f"left to right, not {generals!r}")


def test_ending_a_turn_marks_the_calendar_that_moved():
    assert whole(orders()).apply("end").last == ["calendar", "supply"]


def test_a_new_game_shows_no_captures_this_turn_and_no_event_drawn_yet():
    seen = GAME.new_game(1).view("player")["state"]
    assert seen["turn_captures"] == 0 and seen["last_event"] is None


def test_each_order_names_the_argument_that_is_not_of_its_kind():
    for action, wrong, kind in (("general napoleon", "napoleon", "general"), ("consolidate 2", "2", "general"),
                                ("rally 1", "1", "general"), ("exhaust 3", "3", "general"),
                                ("reinforce hoth", "hoth", "slot (1-3)"), ("advance 1 hoth", "1", "general"),
                                ("advance hoth rossosh voronezh hoth", "hoth", "slot (1-3)"),
                                ("attack hoth hoth", "hoth", "slot (1-3)")):
        with pytest.raises(IllegalAction) as err:
            GAME.canonical_action(action)
        assert str(err.value) == f"{wrong!r} is not a valid {kind} in {action!r}"


def test_pass_done_and_end_turn_in_any_case_all_mean_end():
    assert [GAME.canonical_action(text) for text in ("Pass", "DONE", "End Turn", "end")] == ["end"] * 4
    with pytest.raises(IllegalAction) as err:
        GAME.canonical_action("Dance")
    assert str(err.value) == "unknown action 'dance': try e.g. 'attack hoth 2' or 'end'"
