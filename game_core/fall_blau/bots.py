"""The advisor: a rule-of-thumb commander that decides from the player's view only.

It rebuilds a playable position from the view (Game.state_from_view: the hidden deck holds the
unseen cards in a random order); `estimate_win_chance` plays that position out many times.
"""

from __future__ import annotations

from ..engine import Bot
from . import data
from .actions import Action
from .rules import GAME, SLOTS, front_card_info

GENERAL_PREFERENCE = ("paulus", "hoth", "kleist", "ruoff", "salmuth", "gariboldi")
REST_BELOW = 3  # a general with fewer grey cubes consolidates instead of attacking
ADVANCE_MIN_CUBES = 4
ADVANCE_MARGIN = 1  # advance on cards with at most this many red cubes more than the general's grey
ADJACENT_ATTACK_CUBES = 4


def card_value(event):
    card = data.EVENTS[event]
    return card["dice"] + card["supply"] + 1.5 * card["grey"] + 3 * card["vp"] + (3 if card["kind"] == "special" else 0)


class Advisor(Bot):
    name = "advisor"
    title = "Advisor"

    def think(self, game, view, rng, budget_ms=0):
        yield None
        return self.choose(game, view, rng)

    def choose(self, game, view, rng):
        legal = view["legal_actions"]
        if len(legal) == 1:
            return legal[0]
        return choose_action(game.state_from_view(view, rng), legal)


def choose_action(state, legal):
    """The rule-of-thumb move for a position whose hidden parts may be guessed."""
    verb = Action.parse(legal[0]).verb
    if verb == "general":
        pool = {Action.parse(a).general for a in legal}
        return "general " + next(g for g in GENERAL_PREFERENCE if g in pool)
    if verb == "discard":
        return min(legal, key=lambda a: card_value(Action.parse(a).event))
    if verb == "exhaust":
        return min(legal, key=lambda a: state.generals[Action.parse(a).general]["cubes"])
    if verb in ("deploy", "reinforce"):
        # Put the Soviets where a strong general (or nobody) faces them.
        def facing_strength(action):
            general = state.slots[Action.parse(action).slot - 1]
            return -1 if general is None and verb == "reinforce" else (state.generals[general]["cubes"] if general else 0)
        return max(legal, key=facing_strength)
    return order(state, legal)


def order(state, legal):
    for event in state.hand:
        card = data.EVENTS[event]
        if card["vp"] and f"play {event}" in legal:
            return f"play {event}"
        if card["supply"] and not card["dice"] and state.supply <= 3 and f"play {event}" in legal:
            return f"play {event}"
        if card["grey"] and not card["dice"]:
            target = weakest_damaged(state)
            if target and f"play {event} {target}" in legal:
                return f"play {event} {target}"
        if card["kind"] == "special":
            slot = best_special_target(state)
            if slot and f"play {event} {slot}" in legal:
                return f"play {event} {slot}"
    ready = state.ready()
    final_turn = state.calendar == data.WINTER - 1
    swap = strong_to_front(state, legal)
    if swap:
        return swap
    # 1. generals facing a card attack it (or rest when too weak to risk it)
    for general in sorted(ready, key=lambda g: -state.generals[g]["cubes"]):
        slot = state.slot_of(general)
        if state.card_at(slot):
            action = attack_or_rest(state, general, slot, legal, final_turn)
            if action:
                return action
    # 2. strong generals with an empty front advance
    for general in ready:
        slot = state.slot_of(general)
        if not state.card_at(slot) and state.queue and not final_turn:
            action = best_advance(state, general, legal)
            if action:
                return action
    # 3. the rest help a neighbour or consolidate
    for general in ready:
        slot = state.slot_of(general)
        for side in (slot - 1, slot + 1):
            target = state.card_at(side) if side in SLOTS else None
            if not target or f"attack {general} {side}" not in legal:
                continue
            strong = state.generals[general]["cubes"] >= ADJACENT_ATTACK_CUBES
            if (strong or final_turn) and state.supply >= state.attack_cost(side) + (0 if final_turn else 1):
                return f"attack {general} {side}"
        if f"consolidate {general}" in legal:
            return f"consolidate {general}"
    if "rally hoth" in legal and state.generals["hoth"]["cubes"] >= 4 and state.card_at(state.slot_of("hoth")):
        return "rally hoth"
    for event in state.hand:
        card = data.EVENTS[event]
        if card["supply"] and not card["dice"] and state.supply <= 5 and f"play {event}" in legal:
            return f"play {event}"
    return "end"


def strong_to_front(state, legal):
    """Swap a weak general facing a card with a strong ready one facing nothing."""
    if state.supply < 3:
        return None
    for weak_slot in SLOTS:
        weak = state.slots[weak_slot - 1]
        if not state.card_at(weak_slot) or (weak and state.generals[weak]["cubes"] > 2):
            continue
        for strong_slot in SLOTS:
            strong = state.slots[strong_slot - 1]
            if (strong in state.ready() and not state.card_at(strong_slot)
                    and state.generals[strong]["cubes"] >= 4):
                order = [g or "-" for g in state.slots]
                order[weak_slot - 1], order[strong_slot - 1] = order[strong_slot - 1], order[weak_slot - 1]
                action = "reorg " + " ".join(order)
                if action in legal:
                    return action
    return None


def weakest_damaged(state):
    damaged = [g for g in state.alive() if state.generals[g]["cubes"] < data.GENERALS[g]["cubes"]]
    return min(damaged, key=lambda g: state.generals[g]["cubes"], default=None)


def best_special_target(state):
    """The frontline card a special attack should soften: one a ready general faces."""
    targets = [s for s in SLOTS if state.card_at(s) and state.card_at(s)["red"]
               and state.slots[s - 1] in state.ready()]
    return max(targets, key=lambda s: front_card_info(state.card_at(s)["card"])["vp"], default=None)


def attack_or_rest(state, general, slot, legal, final_turn):
    cubes = state.generals[general]["cubes"]
    red = state.card_at(slot)["red"]
    if f"attack {general} {slot}" not in legal:
        return None
    if cubes < REST_BELOW and red > 1 and not final_turn:
        return None  # rest instead (consolidate in step 3)
    helpers = [e for e in state.hand if f"attack {general} {slot} {e}" in legal]
    if helpers and red > 1:
        best = max(helpers, key=lambda e: data.EVENTS[e]["dice"])
        if data.EVENTS[best]["dice"] >= 2 or red >= cubes:
            return f"attack {general} {slot} {best}"
    return f"attack {general} {slot}"


def best_advance(state, general, legal):
    cubes = state.generals[general]["cubes"]
    options = [a for a, step in zip(legal, map(Action.parse, legal)) if step.verb == "advance"
               and step.general == general and data.CAMPAIGNS[step.card]["red"] <= cubes + ADVANCE_MARGIN]
    if not options or cubes < ADVANCE_MIN_CUBES:
        return None

    def worth(action):
        step = Action.parse(action)
        cards = [step.card] + ([step.second] if step.second else [])
        total = 0.0
        for card in cards:
            info = data.CAMPAIGNS[card]
            total += (info["vp"] + 0.5 * len(info["unlocks"])) / (info["red"] + 1 + (1 if info["terrain"] else 0))
        if len(cards) > 1:
            side = step.slot
            neighbour = state.slots[side - 1]
            if neighbour is None or state.supply < 4:
                return -1
        return total

    return max(options, key=worth)


def estimate_win_chance(view, rng, games=20):
    """Play the position out `games` times with the advisor; the share of victories."""
    wins = 0
    for _ in range(games):
        state = GAME.state_from_view(view, rng)
        while not state.is_over:
            state = state.apply(choose_action(state, state.legal_actions()))
        wins += state.winner == "player"
    return wins / games if games else 0.0


BOTS = {"advisor": Advisor()}
