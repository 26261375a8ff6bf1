"""Fall Blau actions in plain words. Shared by the rules (log), the board and the terminal, so it
reads only the slot list and the frontline, which a State and a view both carry."""

from . import data


def card_name(card_id):
    """The name of a campaign or event card."""
    return (data.CAMPAIGNS.get(card_id) or data.EVENTS[card_id])["name"]


def general_name(general):
    return data.GENERALS[general]["name"]


def plural(count, word):
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def describe(action, slots, front):
    """The typed `action` (actions.py) in words, given the frontline before it: `slots` (general per slot,
    or None) and `front` (per slot, None or {"card", "red"})."""
    verb = action.verb
    if verb == "general":
        return f"Choose {general_name(action.general)} for slot {slots.index(None) + 1}"
    if verb == "advance":
        text = f"{general_name(action.general)} advances on {card_name(action.card)}"
        if action.second:
            text += f" and {card_name(action.second)} (slot {action.slot})"
        return text
    if verb == "attack":
        card = front[action.slot - 1]
        what = card_name(card["card"]) if card else f"slot {action.slot}"
        helper = f" with {card_name(action.event)}" if action.event else ""
        return f"{general_name(action.general)} attacks {what}{helper}"
    if verb == "consolidate":
        return f"{general_name(action.general)} consolidates"
    if verb == "rally":
        return f"{general_name(action.general)} rallies (gives up a grey cube to be ready again)"
    if verb == "exhaust":
        return f"Exhaust {general_name(action.general)} to reshuffle the event deck"
    if verb == "play":
        target = ""
        if action.target:
            target = f" on {general_name(action.general)}" if action.general else f" on slot {action.slot}"
        return f"Play {card_name(action.event)}{target}"
    if verb == "reorg":
        return "Reorganize the frontline: " + ", ".join(general_name(g) if g != "-" else "empty" for g in action.order)
    if verb == "discard":
        return f"Discard {card_name(action.event)}"
    if verb == "deploy":
        return f"Deploy the Major Counter-Attack in slot {action.slot}"
    if verb == "reinforce":
        return f"Soviet reinforcements go to slot {action.slot}"
    return "End the turn"


def front_notes(card_id, facts, general=None):
    """A frontline card's rules as they stand now, from its rule facts: terrain, the dice of `general`
    (if he may attack it), costs, counter-attack and what it unlocks. Shared by the board and the terminal."""
    info = data.CAMPAIGNS.get(card_id) or data.EVENTS[card_id]
    notes = []
    if info.get("terrain"):
        modifier = facts["modifiers"].get(general, facts["modifier"])
        notes.append(f"{info['terrain']}, -{modifier} to attack dice" if modifier
                     else f"{info['terrain']}, no attack modifier now")
    if general in facts["white_dice"]:
        count = facts["white_dice"][general]
        notes.append(f"{general_name(general)} rolls {count} white {'die' if count == 1 else 'dice'}")
    if facts["attack_cost"] > 1:
        notes.append(f"an attack costs {facts['attack_cost']} supply")
    if facts["counter_dice"]:
        hits = "1" if facts["counter_hits_on"] == 1 else f"1-{facts['counter_hits_on']}"
        notes.append(f"counter-attacks with {facts['counter_dice']} dice, hits on {hits}")
    if info.get("unlocks"):
        notes.append("unlocks " + ", ".join(card_name(u) for u in info["unlocks"]))
    return notes


def event_effect(event):
    """What a hand or special event card can do, in words."""
    card = data.EVENTS[event]
    uses = []
    if card["dice"]:
        dice = "die" if card["dice"] == 1 else "dice"
        uses.append(f"+{card['dice']} black {dice} to one attack" if card["kind"] == "hand"
                    else f"a {card['dice']}-dice strike on a frontline card")
    if card["supply"] > 0:
        uses.append(f"+{card['supply']} supply")
    if card["grey"]:
        uses.append(f"+{plural(card['grey'], 'grey cube')} for a general")
    if card["vp"] and card["kind"] != "counter":
        uses.append(f"+{card['vp']} VP")
    return card["text"].rstrip(".") or " or ".join(uses)


def play_effect(event, target=None):
    """What playing an event card alone does (not as dice for an attack)."""
    card = data.EVENTS[event]
    if card["kind"] == "special":
        return f"{card['dice']} black dice at the card in slot {target}; it cannot capture"
    if card["grey"]:
        return f"+{plural(card['grey'], 'grey cube')} for {general_name(target)}"
    return " and ".join(f"+{card[k]} {'VP' if k == 'vp' else k}" for k in ("supply", "vp") if card[k])


def play_choice(event):
    """What playing `event` on a target of the player's choice does (the heading of its targets)."""
    card = data.EVENTS[event]
    if card["kind"] == "special":
        return f"{card['dice']} black dice at the frontline card you choose; it cannot capture"
    return f"+{plural(card['grey'], 'grey cube')} for the general you choose"


def reward(mission):
    card = data.MISSIONS[mission]
    return f"+{card['vp']} VP" if card["vp"] else f"+{card['supply']} supply"


def choice_detail(view, action):
    """The second line of a pending choice's button: what stands there."""
    state = view["state"]
    if action.verb == "discard":
        return event_effect(action.event)
    if action.verb == "exhaust":
        return f"{plural(state['generals'][action.general]['cubes'], 'grey cube')}"
    slot = action.slot
    general, card = state["slots"][slot - 1], state["front"][slot - 1]
    facing = f"facing {general_name(general)} ({plural(state['generals'][general]['cubes'], 'grey cube')})" \
        if general else "no general there"
    return (f"{card_name(card['card'])}, {plural(card['red'], 'red cube')}; " if card else "open slot; ") + facing
