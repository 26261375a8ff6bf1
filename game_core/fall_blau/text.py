"""The terminal's Fall Blau: a text board and the moves grouped and explained, both from a view."""

from . import data
from .actions import Action
from .words import card_name, choice_detail, event_effect, front_notes, general_name, play_effect, plural, reward


def card_line(card_id, red, facts):
    """A frontline card: name, VP, red cubes, terrain and what it does (from the rule facts)."""
    info = data.CAMPAIGNS.get(card_id) or data.EVENTS[card_id]
    kind = "Major Counter-Attack" if card_id in data.EVENTS else "campaign"
    parts = [f"{info['name']} ({kind}, {info['vp']} VP): {plural(red, 'red cube')}"]
    parts += front_notes(card_id, facts)
    if info.get("text"):
        parts.append(info["text"].rstrip("."))
    return "; ".join(parts)


def general_line(general, state):
    info, now = data.GENERALS[general], state["generals"][general]
    return (f"{info['name']} ({info['army']}, {'Panzer' if info['panzer'] else 'infantry'}): "
            f"{now['cubes']}/{info['cubes']} grey cubes, {'ready' if now['ready'] else 'exhausted'}. {info['text']}")


def text_board(view):
    """The position in words: tracks, the frontline slot by slot, the cards off it, with a legend."""
    state, facts = view["state"], view["facts"]
    turn = state["calendar"]
    out = [f"Campaign: Fall Blau - {state['turn']}"
           + (f" 1942 (turn {turn} of {data.WINTER - 1})" if 0 < turn < data.WINTER else ""),
           f"VP {state['vp']} (victory {facts['victory']}, brilliant {facts['brilliant']}; red circles at "
           f"{', '.join(map(str, data.RED_CIRCLES))})   Supply {state['supply']}/{data.MAX_SUPPLY}",
           "Frontline (slot 1 is on the left):"]
    for slot in (1, 2, 3):
        card, general = state["front"][slot - 1], state["slots"][slot - 1]
        out.append(f"  Slot {slot}: " + (card_line(card["card"], card["red"], facts["front"][slot - 1])
                                         if card else "open front"))
        out.append("     facing " + (general_line(general, state) if general else "no general"))
    queue = [f"{card_name(c)} ({plural(data.CAMPAIGNS[c]['red'], 'red cube')}, {data.CAMPAIGNS[c]['vp']} VP"
             f"{', ' + data.CAMPAIGNS[c]['terrain'] if data.CAMPAIGNS[c]['terrain'] else ''})" for c in state["queue"]]
    out.append("Unlocked queue: " + ("; ".join(queue) or "empty"))
    out.append(f"Captured: {', '.join(card_name(c) for c in state['captured']) or 'none'}. "
               f"Locked: {plural(len(facts['locked']), 'campaign card')}.")
    out.append(f"Hand ({len(state['hand'])}/{data.HAND_LIMIT}):" + ("" if state["hand"] else " empty"))
    out += [f"  {card_name(e)}: {event_effect(e)}" for e in state["hand"]]
    out.append("In play: " + ("; ".join(f"{card_name(e)}: {data.EVENTS[e]['text'].rstrip('.')}"
                                        for e in state["in_play"]) or "none"))
    deck = f"Event deck: {plural(state['deck_count'], 'card')}"
    if state["deck_top"]:
        deck += f" (next, seen by von Kleist: {card_name(state['deck_top'])})"
    out.append(f"{deck}; discard pile: {plural(len(state['discard']), 'card')}.")
    if view["options"]["missions"]:
        out.append("Missions: " + ("; ".join(f"{data.MISSIONS[m]['name']}: {data.MISSIONS[m]['text'].rstrip('.')} "
                                             f"({reward(m)})" for m in state["missions"]) or "none this month"))
    if state["lost"]:
        out.append(f"Generals lost: {', '.join(general_name(g) for g in state['lost'])} "
                   f"(-{facts['lost_penalty']} VP at the end).")
    out.append("Legend: grey cubes are German strength, red cubes Soviet. An attack rolls one white die per "
               "grey cube: 3+ destroys a red cube, a 1 costs a grey cube.")
    return "\n".join(out)


def action_menu(view):
    """The legal moves grouped under headings, each with what it does."""
    legal = view.get("legal_actions") or []
    state, facts = view["state"], view["facts"]
    if not legal:
        return []
    if state["phase"] == "generals":
        slot = state["slots"].index(None) + 1
        return [(f"Choose the general for slot {slot} (left to right)",
                 [(a, general_line_setup(Action.parse(a).general)) for a in legal])]
    if state["pending"]:
        return [({"discard": "Hand full: discard a card before drawing",
                  "exhaust": "Event deck empty: exhaust a general, then the discards are reshuffled",
                  "deploy": "Where the Major Counter-Attack deploys",
                  "reinforce": "Which card gets the Soviet reinforcements"}[state["pending"]["kind"]],
                 [(a, choice_detail(view, Action.parse(a))) for a in legal])]
    groups = {}
    for action in legal:
        heading, explanation = explain(Action.parse(action), state, facts)
        groups.setdefault(heading, []).append((action, explanation))
    return list(groups.items())


def general_line_setup(general):
    info = data.GENERALS[general]
    return f"{info['army']}, {'Panzer' if info['panzer'] else 'infantry'}, {info['cubes']} grey cubes. {info['text']}"


def explain(action, state, facts):
    """(heading, explanation) of one order-phase action (typed)."""
    verb = action.verb
    if verb in ("advance", "attack", "consolidate"):
        general = action.general
        slot = state["slots"].index(general) + 1
        heading = f"Orders for {general_name(general)} (slot {slot}, {state['generals'][general]['cubes']} grey cubes)"
        if verb == "consolidate":
            return heading, f"+1 grey cube (up to his starting number) and +{data.CONSOLIDATE_SUPPLY} supply"
        if verb == "advance":
            first = data.CAMPAIGNS[action.card]
            text = (f"advance on {first['name']} ({plural(first['red'], 'red cube')}, {first['vp']} VP), "
                    f"{data.ADVANCE_COST} supply")
            if action.second:
                second = data.CAMPAIGNS[action.second]
                text = (f"advance on {first['name']} and {second['name']} (to slot {action.slot}); "
                        f"{first['red'] + second['red']} red cubes in all, {2 * data.ADVANCE_COST} supply")
            return heading, text
        target = action.slot
        card, fact = state["front"][target - 1], facts["front"][target - 1]
        modifier = fact["modifiers"][general]
        text = (f"attack {card_name(card['card'])} in slot {target} ({plural(card['red'], 'red cube')}): "
                f"{fact['white_dice'][general]} white dice" + (f" at -{modifier}" if modifier else ""))
        if action.event:
            text += f" + {data.EVENTS[action.event]['dice']} black from {card_name(action.event)}"
        return heading, text + f"; {fact['attack_cost']} supply"
    if verb == "rally":
        return "Hoth's rally", (f"give up {plural(data.RALLY_CUBES, 'grey cube')} to be ready for another order "
                                "(once a turn, after his order)")
    if verb == "play":
        target = ""
        if action.target:
            target = f" on {general_name(action.general)}" if action.general else f" on slot {action.slot}"
        return ("Play an event card from your hand",
                f"{card_name(action.event)}{target}: {play_effect(action.event, action.target or None)}")
    if verb == "reorg":
        return (f"Reorganize the frontline for {data.REORG_COST} supply (new order, left to right)",
                " | ".join(general_name(g) if g != "-" else "empty slot" for g in action.order))
    return "End the turn", "the Soviets counter-attack, then the next turn begins with two event draws"
